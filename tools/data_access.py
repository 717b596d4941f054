"""Read-only access to a database for the text-to-SQL loop: introspection and execution.

Every connection the loop opens is read-only at the database, whatever the SQL says:
SQLite files are opened with ``mode=ro`` (the engine cannot write), PostgreSQL sessions
start with ``default_transaction_read_only=on`` and a ``statement_timeout`` (and a
deployment gives the loop a role that may only ``SELECT``; ``keel bench sql-eval`` and the
tests make one). SQLite has no statement timeout: a progress handler interrupts a
statement that runs past its deadline. Validation (:mod:`querying.guard`) comes first;
this is the second wall, not the only one.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from sqlalchemy import Engine, create_engine, inspect, make_url, text
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError

from querying.schema import Catalogue, ColumnInfo, ForeignKey, TableInfo, type_kind
from tools.registry import ToolError

SAMPLE_VALUES = 8  # distinct values kept per text-like column, for linking question words
SAMPLE_SCAN_ROWS = 2000  # rows scanned to find them (bounded cost on big tables)
MAX_SAMPLE_CHARS = 60

_DIALECTS = {"sqlite": "sqlite", "postgresql": "postgres", "mysql": "mysql", "mariadb": "mysql"}


def dialect_of(url: str) -> str:
    """The sqlglot dialect of a SQLAlchemy URL (sqlite, postgres, mysql …)."""
    backend = make_url(url).get_backend_name()
    return _DIALECTS.get(backend, backend)


def _sqlite_readonly(url: str) -> Engine:
    database = make_url(url).database or ""
    if database in ("", ":memory:"):
        raise ToolError("PARAMETER_ERROR", "an in-memory SQLite database cannot be read-only")
    target = database if database.startswith("file:") else f"file:{database}?mode=ro"

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(target, uri=True, check_same_thread=False)

    return create_engine("sqlite://", creator=connect)


@lru_cache(maxsize=32)
def readonly_engine(url: str, timeout_seconds: float = 10.0) -> Engine:
    """The (cached) read-only engine of ``url``; PostgreSQL statements time out."""
    if url.startswith("sqlite"):
        return _sqlite_readonly(url)
    if dialect_of(url) == "postgres":
        millis = max(int(timeout_seconds * 1000), 1)
        options = f"-c default_transaction_read_only=on -c statement_timeout={millis}"
        return create_engine(url, pool_pre_ping=True, connect_args={"options": options})
    return create_engine(url, pool_pre_ping=True)


# ----------------------------------------------------------------------------- execution


def _classify(error: BaseException, message: str) -> ToolError:
    """A database error as the failure taxonomy names it (the loop diagnoses the message)."""
    lowered = message.lower()
    if any(w in lowered for w in ("permission denied", "read-only", "readonly", "not authorized")):
        return ToolError("PERMISSION_ERROR", message)
    if any(w in lowered for w in ("interrupted", "statement timeout", "canceling statement")):
        return ToolError("SERVICE_UNAVAILABLE", f"timeout: {message}")
    connection_words = ("could not connect", "connection refused", "unable to open", "closed")
    if any(w in lowered for w in connection_words):
        return ToolError("SERVICE_UNAVAILABLE", f"connection: {message}")
    if isinstance(error, OperationalError) and "syntax" not in lowered and "no such" not in lowered:
        return ToolError("SERVICE_UNAVAILABLE", f"connection: {message}")
    return ToolError("VALIDATION_ERROR", message)


def _message(error: BaseException) -> str:
    original = getattr(error, "orig", None) or error
    return " ".join(str(original).split())[:500]


def _plain(value: Any) -> Any:
    """A cell as JSON can carry it (dates and decimals as text or numbers)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if hasattr(value, "isoformat"):
        return value.isoformat()
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)


def run_select(url: str, sql: str, timeout_seconds: float, max_rows: int) -> dict[str, Any]:
    """Run one validated SELECT on a read-only connection; never more than ``max_rows`` rows.

    Returns ``{"columns": [...], "rows": [[...]], "truncated": bool, "ms": float}``. A
    database error is a :class:`ToolError` (permission, connection or timeout, or the
    database's own message as ``VALIDATION_ERROR`` for the loop to diagnose).
    """
    engine = readonly_engine(url, timeout_seconds)
    started = time.perf_counter()
    deadline = started + timeout_seconds
    try:
        with engine.connect() as connection:
            raw = connection.connection.dbapi_connection
            if isinstance(raw, sqlite3.Connection):
                raw.set_progress_handler(lambda: int(time.perf_counter() > deadline), 10_000)
            try:
                result = connection.execute(text(sql))
                columns = list(result.keys())
                fetched = result.fetchmany(max_rows + 1)
            finally:
                if isinstance(raw, sqlite3.Connection):
                    raw.set_progress_handler(None, 0)
                connection.rollback()
    except (DBAPIError, SQLAlchemyError, sqlite3.Error) as error:
        raise _classify(error, _message(error)) from None
    rows = [[_plain(v) for v in row] for row in fetched[:max_rows]]
    return {
        "columns": columns,
        "rows": rows,
        "truncated": len(fetched) > max_rows,
        "ms": round((time.perf_counter() - started) * 1000, 2),
    }


# -------------------------------------------------------------------------- introspection


def _comment_of(inspector: Any, table: str) -> str:
    try:
        found = inspector.get_table_comment(table)
    except (NotImplementedError, SQLAlchemyError):
        return ""
    return str(found.get("text") or "")


def _samples(engine: Engine, table: str, column: str, preparer: Any) -> list[str]:
    quoted_table, quoted_column = preparer.quote(table), preparer.quote(column)
    sql = (
        f"SELECT DISTINCT c FROM (SELECT {quoted_column} AS c FROM {quoted_table} "
        f"WHERE {quoted_column} IS NOT NULL LIMIT {SAMPLE_SCAN_ROWS}) s LIMIT {SAMPLE_VALUES}"
    )
    try:
        with engine.connect() as connection:
            values = [row[0] for row in connection.execute(text(sql))]
    except (SQLAlchemyError, sqlite3.Error):
        return []
    return [str(v)[:MAX_SAMPLE_CHARS] for v in values if str(v).strip()]


def introspect(
    url: str,
    *,
    descriptions: Mapping[str, Mapping[str, str]] | None = None,
    hidden: Iterable[str] = (),
    samples: bool = True,
    timeout_seconds: float = 10.0,
) -> Catalogue:
    """The complete catalogue of ``url``: every table and column, types, comments, keys.

    ``descriptions`` (``{table: {column: text}}``, ``""`` for the table itself) fill the
    comments a database cannot store (SQLite); ``hidden`` names tables the loop never sees
    (glob-like: a trailing ``*`` matches a prefix). Foreign keys the database does not
    declare are inferred from names and comments (:func:`infer_foreign_keys`).
    """
    engine = readonly_engine(url, timeout_seconds)
    try:
        inspector = inspect(engine)
        names = [n for n in inspector.get_table_names() if not _hidden(n, hidden)]
        tables: dict[str, TableInfo] = {}
        for name in names:
            tables[name] = _table(engine, inspector, name, descriptions or {}, samples)
    except (DBAPIError, SQLAlchemyError, sqlite3.Error) as error:
        raise _classify(error, _message(error)) from None
    catalogue = Catalogue(dialect=dialect_of(url), tables=tables)
    return infer_foreign_keys(catalogue)


def _hidden(name: str, patterns: Iterable[str]) -> bool:
    lowered = name.lower()
    for pattern in patterns:
        wanted = pattern.lower()
        if wanted.endswith("*") and lowered.startswith(wanted[:-1]):
            return True
        if lowered == wanted:
            return True
    return False


def _table(
    engine: Engine,
    inspector: Any,
    name: str,
    descriptions: Mapping[str, Mapping[str, str]],
    samples: bool,
) -> TableInfo:
    described = descriptions.get(name, {})
    primary = set(inspector.get_pk_constraint(name).get("constrained_columns") or [])
    columns: list[ColumnInfo] = []
    for column in inspector.get_columns(name):
        type_name = str(column["type"]).lower()
        info = ColumnInfo(
            name=column["name"],
            type=type_name,
            comment=str(column.get("comment") or described.get(column["name"], "")),
            nullable=bool(column.get("nullable", True)),
            primary_key=column["name"] in primary,
        )
        if samples and type_kind(type_name) in ("text", "other") and "json" not in type_name:
            preparer = engine.dialect.identifier_preparer
            info.samples = _samples(engine, name, column["name"], preparer)
        columns.append(info)
    keys = [
        ForeignKey(column=local, ref_table=fk["referred_table"], ref_column=remote)
        for fk in inspector.get_foreign_keys(name)
        for local, remote in zip(fk["constrained_columns"], fk["referred_columns"], strict=False)
    ]
    comment = _comment_of(inspector, name) or described.get("", "")
    return TableInfo(name=name, comment=comment, columns=columns, foreign_keys=keys)


_REFERENCE = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)\b")
_REFERS_TO_TABLE = re.compile(r"referenc\w*\s+(?:the\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.IGNORECASE)


def infer_foreign_keys(catalogue: Catalogue) -> Catalogue:
    """Add the foreign keys the database does not declare, marked ``inferred``.

    A column refers to another table's key when its comment names ``table.column`` or
    "referencing the X table", or when it has the name of another table's single-column
    primary key (or, for tables without one, of a unique-looking ``id`` column), or when it
    is ``<table>_id`` / ``<table>id`` for a table whose key is ``id``.
    """
    keys = {name: _key_column(t) for name, t in catalogue.tables.items()}
    updated: dict[str, TableInfo] = {}
    for name, table in catalogue.tables.items():
        declared = {fk.column.lower() for fk in table.foreign_keys}
        found = list(table.foreign_keys)
        for column in table.columns:
            if column.name.lower() in declared:
                continue
            target = _reference(catalogue, keys, name, column)
            if target is not None:
                found.append(
                    ForeignKey(
                        column=column.name, ref_table=target[0], ref_column=target[1], inferred=True
                    )
                )
        updated[name] = table.model_copy(update={"foreign_keys": found})
    return Catalogue(dialect=catalogue.dialect, tables=updated)


def _key_column(table: TableInfo) -> str | None:
    if len(table.primary_key) == 1:
        return table.primary_key[0]
    if table.primary_key:
        return None
    for column in table.columns:
        name = column.name.lower()
        if name in ("id", f"{table.name.lower()}_id", f"{table.name.lower()}id"):
            return column.name
    return None


def _reference(
    catalogue: Catalogue, keys: Mapping[str, str | None], own: str, column: ColumnInfo
) -> tuple[str, str] | None:
    for table_name, column_name in _REFERENCE.findall(column.comment):
        table = catalogue.table(table_name)
        if table is not None and table.name != own and table.column(column_name) is not None:
            return table.name, table.column(column_name).name  # type: ignore[union-attr]
    mentioned = _REFERS_TO_TABLE.search(column.comment)
    if mentioned:
        table = catalogue.table(mentioned.group(1))
        key = keys.get(table.name) if table is not None else None
        if table is not None and key is not None and table.name != own:
            return table.name, key
    lowered = column.name.lower()
    if column.primary_key and keys.get(own) == column.name:
        return None  # the table's own key refers to nothing
    for name, key in keys.items():
        if name == own or key is None:
            continue
        table_words = (name.lower(), name.lower().rstrip("s"))
        if key.lower() == lowered and key.lower() not in ("id", "name"):
            return name, key
        if key.lower() == "id" and any(lowered in (f"{t}_id", f"{t}id") for t in table_words):
            return name, key
    return None
