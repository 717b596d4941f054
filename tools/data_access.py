"""Read-only access to a database for the text-to-SQL loop: introspection and execution.

Every connection the loop opens is read-only at the database, whatever the SQL says.
SQLite files are opened as ``file:`` URIs with ``mode=ro``, with ``PRAGMA query_only`` and
a cap on the size of any string a statement builds; a progress handler interrupts a
statement that runs past its deadline. PostgreSQL sessions start with
``default_transaction_read_only=on`` and a ``statement_timeout``, and every statement runs
in a transaction set ``READ ONLY`` with a local timeout (whatever a pooler does to startup
options); a deployment gives the loop a role that may only ``SELECT``
(``KEEL_ASK_DATABASE_URL``; ``keel bench sql-eval`` and the tests make one). Other backends
are refused. Statements go to the driver without parameters, so a ``:`` or ``%`` in a
literal is only text. Validation (:mod:`querying.guard`) comes first; this is the second
wall, not the only one. Errors are classified by the database's error code, not by words.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, inspect, make_url, text
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError

from keel.querying.schema import Catalogue, ColumnInfo, ForeignKey, TableInfo, type_kind
from keel.tools.registry import ToolError

SAMPLE_VALUES = 8  # values kept of a text-like column with many (the most frequent first)
CATEGORY_VALUES = 50  # a column with at most this many distinct values keeps them all
SAMPLE_SCAN_ROWS = 2000  # rows scanned to find them (bounded cost on big tables)
MAX_SAMPLE_CHARS = 60

_DIALECTS = {"sqlite": "sqlite", "postgresql": "postgres"}
SUPPORTED = "SQLite and PostgreSQL"
SQLITE_MAX_LENGTH = 10_000_000  # the longest string or blob one SQLite statement may build


def dialect_of(url: str) -> str:
    """The sqlglot dialect of a SQLAlchemy URL (sqlite or postgres)."""
    backend = make_url(url).get_backend_name()
    return _DIALECTS.get(backend, backend)


def _sqlite_file(url: str) -> Path:
    """The file of a SQLite URL, refused when it is not a plain path to a file."""
    database = make_url(url).database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        raise ToolError(
            "PARAMETER_ERROR", "a SQLite database must be given as the path of its file"
        )
    return Path(database).resolve()


def _sqlite_readonly(url: str) -> Engine:
    # The path as a file: URI (quoting '#', '?' and '%'), opened read-only, and the
    # connection itself told to refuse every write and to cap what a statement may build.
    target = _sqlite_file(url).as_uri() + "?mode=ro"

    def connect() -> sqlite3.Connection:
        connection = sqlite3.connect(target, uri=True, check_same_thread=False)
        connection.execute("PRAGMA query_only = ON")
        connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, SQLITE_MAX_LENGTH)
        return connection

    return create_engine("sqlite://", creator=connect)


@lru_cache(maxsize=32)
def readonly_engine(url: str, timeout_seconds: float = 10.0) -> Engine:
    """The (cached) read-only engine of ``url``: SQLite or PostgreSQL, nothing else."""
    dialect = dialect_of(url)
    if dialect == "sqlite":
        return _sqlite_readonly(url)
    if dialect == "postgres":
        millis = max(int(timeout_seconds * 1000), 1)
        options = f"-c default_transaction_read_only=on -c statement_timeout={millis}"
        return create_engine(url, pool_pre_ping=True, connect_args={"options": options})
    raise ToolError(
        "PARAMETER_ERROR", f"{make_url(url).get_backend_name()} is not supported: {SUPPORTED} only"
    )


# ----------------------------------------------------------------------------- execution

# SQLite's error names and PostgreSQL's SQLSTATE classes, by failure type.
_SQLITE_PERMISSION = ("SQLITE_READONLY", "SQLITE_AUTH", "SQLITE_PERM")
_SQLITE_UNAVAILABLE = ("SQLITE_CANTOPEN", "SQLITE_NOTADB", "SQLITE_IOERR", "SQLITE_CORRUPT")
_SQLITE_BUSY = ("SQLITE_BUSY", "SQLITE_LOCKED")
_PG_PERMISSION = ("42501", "25006", "28")
_PG_UNAVAILABLE = ("08", "53", "57P", "58")


def _classify(error: BaseException) -> ToolError:
    """A database error as the failure taxonomy names it, by the database's error code.

    A permission refusal, a timeout (interrupted or cancelled), a connection that cannot
    be made or was lost: the loop cannot repair these by rewriting the SQL. Every other
    error is the statement's own (``VALIDATION_ERROR``, with the database's message for the
    loop to diagnose).
    """
    original = getattr(error, "orig", None) or error
    message = " ".join(str(original).split())[:500]
    name = str(getattr(original, "sqlite_errorname", "") or "")
    state = str(getattr(original, "sqlstate", "") or "")
    if name.startswith(_SQLITE_PERMISSION) or state.startswith(_PG_PERMISSION):
        return ToolError("PERMISSION_ERROR", message)
    if name == "SQLITE_INTERRUPT" or state == "57014":
        return ToolError("SERVICE_UNAVAILABLE", f"timeout: {message}")
    if name.startswith(_SQLITE_BUSY):
        return ToolError("SERVICE_UNAVAILABLE", f"connection: busy: {message}")
    if name.startswith(_SQLITE_UNAVAILABLE) or state.startswith(_PG_UNAVAILABLE):
        return ToolError("SERVICE_UNAVAILABLE", f"connection: {message}")
    if not name and not state and isinstance(error, OperationalError | sqlite3.OperationalError):
        return ToolError("SERVICE_UNAVAILABLE", f"connection: {message}")  # never connected
    return ToolError("VALIDATION_ERROR", message)


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


def _fetch(
    raw: Any, sql: str, max_rows: int, timeout_seconds: float
) -> tuple[list[str], list[Any]]:
    """Run ``sql`` on a DB-API connection inside a read-only transaction; roll it back."""
    deadline = time.perf_counter() + timeout_seconds
    sqlite = isinstance(raw, sqlite3.Connection)
    cursor = raw.cursor()
    try:
        if sqlite:
            raw.set_progress_handler(lambda: int(time.perf_counter() > deadline), 10_000)
        else:  # per transaction too, whatever the session's startup options did
            cursor.execute("SET TRANSACTION READ ONLY")
            cursor.execute(f"SET LOCAL statement_timeout = {max(int(timeout_seconds * 1000), 1)}")
        cursor.execute(sql)  # no parameters: a ':' or '%' in a literal is only text
        columns = [d[0] for d in cursor.description or ()]
        return columns, list(cursor.fetchmany(max_rows + 1))
    finally:
        if sqlite:
            raw.set_progress_handler(None, 0)
        cursor.close()
        raw.rollback()


def run_select(url: str, sql: str, timeout_seconds: float, max_rows: int) -> dict[str, Any]:
    """Run one validated SELECT on a read-only connection; never more than ``max_rows`` rows.

    Returns ``{"columns": [...], "rows": [[...]], "truncated": bool, "ms": float}``. A
    database error is a :class:`ToolError` (permission, connection or timeout, or the
    database's own message as ``VALIDATION_ERROR`` for the loop to diagnose).
    """
    engine = readonly_engine(url, timeout_seconds)
    started = time.perf_counter()
    try:
        with engine.connect() as connection:
            raw = connection.connection.dbapi_connection
            columns, fetched = _fetch(raw, sql, max_rows, timeout_seconds)
    except ToolError:
        raise
    except Exception as error:  # a database or driver error: classified, never hidden
        if not _database_error(error):
            raise
        raise _classify(error) from None
    rows = [[_plain(v) for v in row] for row in fetched[:max_rows]]
    return {
        "columns": columns,
        "rows": rows,
        "truncated": len(fetched) > max_rows,
        "ms": round((time.perf_counter() - started) * 1000, 2),
    }


def _database_error(error: BaseException) -> bool:
    """Whether ``error`` comes from the database or its driver (SQLAlchemy, sqlite3, psycopg)."""
    if isinstance(error, DBAPIError | SQLAlchemyError | sqlite3.Error):
        return True
    module = type(error).__module__
    return module.startswith(("psycopg", "sqlite3"))


# -------------------------------------------------------------------------- introspection


def _comment_of(inspector: Any, table: str) -> str:
    try:
        found = inspector.get_table_comment(table)
    except (NotImplementedError, SQLAlchemyError):
        return ""
    return str(found.get("text") or "")


def _samples(engine: Engine, table: str, column: str, preparer: Any) -> list[str]:
    """The values of a text-like column that link question words to it, deterministically.

    Of the first rows scanned, a column with few distinct values (statuses, reasons,
    cities) keeps them all; one with many keeps its most frequent, then alphabetical: the
    same values on every backend, not whichever rows a scan meets first.
    """
    quoted_table, quoted_column = preparer.quote(table), preparer.quote(column)
    sql = (
        f"SELECT c, COUNT(*) AS n FROM (SELECT {quoted_column} AS c FROM {quoted_table} "
        f"WHERE {quoted_column} IS NOT NULL LIMIT {SAMPLE_SCAN_ROWS}) s "
        f"GROUP BY c ORDER BY COUNT(*) DESC, c LIMIT {CATEGORY_VALUES + 1}"
    )
    try:
        with engine.connect() as connection:
            values = [row[0] for row in connection.execute(text(sql))]
    except (SQLAlchemyError, sqlite3.Error):
        return []
    kept = values if len(values) <= CATEGORY_VALUES else values[:SAMPLE_VALUES]
    return [str(v)[:MAX_SAMPLE_CHARS] for v in kept if str(v).strip()]


def introspect(
    url: str,
    *,
    descriptions: Mapping[str, Mapping[str, str]] | None = None,
    hidden: Iterable[str] = (),
    only_with: Iterable[str] = (),
    samples: bool = True,
    timeout_seconds: float = 10.0,
) -> Catalogue:
    """The complete catalogue of ``url``: every table and column, types, comments, keys.

    ``descriptions`` (``{table: {column: text}}``, ``""`` for the table itself) fill the
    comments a database cannot store (SQLite); ``hidden`` names tables the loop never sees
    (glob-like: a trailing ``*`` matches a prefix). Both apply only to a database holding
    every table named in ``only_with`` (a Keel store, however its URL is spelt). Foreign
    keys the database does not declare are inferred from names and comments
    (:func:`infer_foreign_keys`).
    """
    engine = readonly_engine(url, timeout_seconds)
    try:
        inspector = inspect(engine)
        present = inspector.get_table_names()
        if not set(only_with) <= set(present):
            descriptions, hidden = None, ()
        names = [n for n in present if not _hidden(n, hidden)]
        tables: dict[str, TableInfo] = {}
        for name in names:
            tables[name] = _table(engine, inspector, name, descriptions or {}, samples)
    except Exception as error:  # a database or driver error: classified, never hidden
        if not _database_error(error):
            raise
        raise _classify(error) from None
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
