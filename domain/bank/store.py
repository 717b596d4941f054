"""Import and export of the bank's ``db.json``, the demo data, and the pack's ``prepare``.

A bank database is one JSON object of tables, each ``{"data": {key: record}, "notes": str}``.
:func:`import_bank` replaces the bank's tables with such a document and :func:`export_bank`
rebuilds it, so that ``export_bank(url) == data`` after ``import_bank(data, url)``, including
the order of tables, of records and of the keys inside every record (see
:mod:`keel.domain.bank.models` for how irregular records are kept).

The export lists the imported tables in their file order, then every other table that
has records (tables the tools create, such as ``debit_card_disputes``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.orm import Session

from keel.domain.bank.models import (
    RECORD_TABLES,
    BankTable,
    Base,
    OtherRecord,
    RecordMixin,
    User,
)
from keel.persistence.db import create_tables, session_scope

DEMO_PATH = Path(__file__).with_name("demo_db.json")
_CHUNK = 2000


class BankDataError(ValueError):
    """A document is not in the bank's ``db.json`` shape."""


def _table_parts(name: str, table: Any) -> tuple[Mapping[str, Any], str]:
    """The records and notes of one table of a document (checked)."""
    if not isinstance(table, Mapping) or not isinstance(table.get("data", {}), Mapping):
        raise BankDataError(f"table {name!r} is not {{'data': {{…}}, 'notes': str}}")
    notes = table.get("notes", "")
    if not isinstance(notes, str):
        raise BankDataError(f"table {name!r}: notes must be a string")
    return table.get("data", {}), notes


def _insert_chunks(session: Session, model: type[Any], rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), _CHUNK):
        session.execute(insert(model), rows[start : start + _CHUNK])


def _record_rows(
    model: type[RecordMixin], records: Mapping[str, Any], table: str
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for seq, (key, record) in enumerate(records.items()):
        if not isinstance(record, Mapping):
            raise BankDataError(f"{table}[{key!r}] is not an object")
        rows.append(model.row_values(str(key), dict(record), seq))
    return rows


def _other_rows(records: Mapping[str, Any], table: str) -> list[dict[str, Any]]:
    return [
        {"table_name": table, "record_key": str(key), "row_seq": seq, "record": record}
        for seq, (key, record) in enumerate(records.items())
    ]


def reset_bank_tables(url: str) -> None:
    """Drop and recreate the bank's tables (the engine's tables are left alone)."""
    engine = create_tables(url, Base.metadata)
    Base.metadata.drop_all(engine)
    Base.metadata.create_all(engine)


def import_bank(data: Mapping[str, Any], url: str) -> dict[str, int]:
    """Reset the bank's tables and load ``data`` (a ``db.json`` document).

    Returns the number of records loaded per table.
    """
    if not isinstance(data, Mapping):
        raise BankDataError("a bank database is a JSON object of tables")
    parts = {name: _table_parts(name, table) for name, table in data.items()}
    reset_bank_tables(url)
    counts: dict[str, int] = {}
    with session_scope(url) as session:
        for position, (name, (records, notes)) in enumerate(parts.items()):
            session.add(BankTable(table_name=name, position=position, notes=notes))
            model = RECORD_TABLES.get(name)
            if model is None:
                rows = _other_rows(records, name)
                _insert_chunks(session, OtherRecord, rows)
            else:
                rows = _record_rows(model, records, name)
                _insert_chunks(session, model, rows)
            counts[name] = len(rows)
    return counts


def load_bank_file(path: str | Path) -> dict[str, Any]:
    """Read a ``db.json`` document."""
    with Path(path).open(encoding="utf-8") as handle:
        document = json.load(handle)
    if not isinstance(document, dict):
        raise BankDataError(f"{path}: a bank database is a JSON object of tables")
    return document


def import_bank_file(path: str | Path, url: str) -> dict[str, int]:
    """Reset the bank's tables and load the ``db.json`` file at ``path``."""
    return import_bank(load_bank_file(path), url)


def _export_records(session: Session, model: type[RecordMixin]) -> dict[str, Any]:
    rows = session.scalars(select(model).order_by(model.row_seq)).all()
    return {row.record_key: row.to_record() for row in rows}


def _export_other(session: Session, table: str) -> dict[str, Any]:
    rows = session.scalars(
        select(OtherRecord).where(OtherRecord.table_name == table).order_by(OtherRecord.row_seq)
    ).all()
    return {row.record_key: row.record for row in rows}


def _export_table(session: Session, name: str) -> dict[str, Any]:
    model = RECORD_TABLES.get(name)
    return _export_records(session, model) if model else _export_other(session, name)


def export_bank(url: str) -> dict[str, Any]:
    """The bank's tables as a ``db.json`` document."""
    create_tables(url, Base.metadata)
    document: dict[str, Any] = {}
    with session_scope(url) as session:
        listed = session.scalars(select(BankTable).order_by(BankTable.position)).all()
        for table in listed:
            document[table.table_name] = {
                "data": _export_table(session, table.table_name),
                "notes": table.notes,
            }
        others = session.scalars(select(OtherRecord.table_name).distinct()).all()
        for name in [*RECORD_TABLES, *sorted(others)]:
            if name in document:
                continue
            records = _export_table(session, name)
            if records:
                document[name] = {"data": records, "notes": ""}
    return document


def export_bank_file(url: str, path: str | Path) -> None:
    """Write the bank's tables to ``path`` as a ``db.json`` file."""
    Path(path).write_text(json.dumps(export_bank(url), indent=2) + "\n", encoding="utf-8")


def load_demo_data(url: str) -> dict[str, int]:
    """Reset the bank's tables and load the invented demo bank (``demo_db.json``)."""
    return import_bank_file(DEMO_PATH, url)


def prepare(url: str) -> None:
    """Create the bank's tables; load the demo data when there are no users."""
    create_tables(url, Base.metadata)
    with session_scope(url) as session:
        users = session.scalar(select(func.count()).select_from(User)) or 0
    if users == 0:
        load_demo_data(url)
