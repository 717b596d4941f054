"""Import/export of the bank's db.json shape, on the demo data and invented documents."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from keel.domain.bank import store
from keel.domain.bank.models import RECORD_TABLES, Account
from keel.domain.bank.tools import TOOLS
from keel.persistence.db import session_scope, sqlite_url


@pytest.fixture
def url(tmp_path: Path) -> str:
    return sqlite_url(tmp_path / "bank.sqlite")


def demo() -> dict[str, Any]:
    return json.loads(store.DEMO_PATH.read_text(encoding="utf-8"))


def test_demo_round_trips_exactly(url: str) -> None:
    counts = store.load_demo_data(url)
    assert counts["users"] == 6
    exported = store.export_bank(url)
    assert exported == demo()
    assert json.dumps(exported) == json.dumps(demo())  # order of tables, records, keys


def test_irregular_records_round_trip(url: str) -> None:
    document = {
        "users": {
            "data": {
                "u1": {"name": "A", "user_id": "u1", "email": "a@x.io"},
                "u2": {"email": "b@x.io", "user_id": "u2", "name": "B", "hobby": ["chess"]},
            },
            "notes": "people",
        },
        "accounts": {
            "data": {
                "a1": {"account_id": "a1", "user_id": "u1", "current_holdings": 12.5},
                "a2": {"account_id": "other-id", "status": None, "date_closed": 7},
            },
            "notes": "",
        },
        "payment_history": {"data": {"p1": {"amount": "$5.00", "status": "ON_TIME"}}, "notes": ""},
        "task_config": {"data": {"dispute_settings": {"auto_resolve_disputes": True}}, "notes": ""},
        "bank_account_transaction_history": {
            "data": {"t1": {"transaction_id": "t1", "amount": 5}, "t2": {"amount": 5.0}},
            "notes": "",
        },
        "some_future_table": {"data": {"k": {"anything": [1, {"b": None}]}}, "notes": "n"},
    }
    store.import_bank(document, url)
    exported = store.export_bank(url)
    assert json.dumps(exported) == json.dumps(document)


def test_import_replaces_previous_data(url: str) -> None:
    store.load_demo_data(url)
    store.import_bank({"users": {"data": {}, "notes": ""}}, url)
    assert store.export_bank(url) == {"users": {"data": {}, "notes": ""}}


def test_import_refuses_a_malformed_document(url: str) -> None:
    with pytest.raises(store.BankDataError):
        store.import_bank({"users": {"data": ["not", "a", "map"], "notes": ""}}, url)
    with pytest.raises(store.BankDataError):
        store.import_bank({"users": {"data": {"u": "not a record"}, "notes": ""}}, url)


def test_file_import_and_export(url: str, tmp_path: Path) -> None:
    store.import_bank_file(store.DEMO_PATH, url)
    out = tmp_path / "out.json"
    store.export_bank_file(url, out)
    assert json.loads(out.read_text(encoding="utf-8")) == demo()


def test_prepare_loads_demo_once(url: str) -> None:
    store.prepare(url)
    with session_scope(url) as session:
        account = session.get(Account, "chk_e57a8d31c7")
        assert account is not None
        account.set("current_holdings", "1.00")
    store.prepare(url)  # users exist: nothing is reloaded
    exported = store.export_bank(url)
    assert exported["accounts"]["data"]["chk_e57a8d31c7"]["current_holdings"] == "1.00"


def test_every_db_json_table_has_a_model() -> None:
    for name in demo():
        assert name in RECORD_TABLES
    assert "debit_card_disputes" in RECORD_TABLES
    assert "interest_discrepancy_reports" in RECORD_TABLES


def test_tool_names_are_unique_and_reads_are_reads() -> None:
    names = [t.spec.name for t in TOOLS]
    assert len(names) == len(set(names))
    for tool in TOOLS:
        assert tool.spec.category in ("sql", "action")
        assert tool.spec.args_model is not None
