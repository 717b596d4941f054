"""The session-activity tool: what this conversation changed, from its own audit trail."""

from __future__ import annotations

from pathlib import Path

from keel.domain.retail.session import get_session_activity
from keel.persistence.audit import AuditLog
from keel.persistence.db import sqlite_url
from keel.tools.registry import ToolContext


def _write(audit: AuditLog, session: str, tool: str, result: dict, ok: bool = True) -> None:
    payload = {"args": {}, "ok": ok, "result": result, "access": "write"}
    audit.record(session, "tool", tool, payload)


def test_refunds_and_charges_of_this_session_only(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "store.db")
    audit = AuditLog(url)
    _write(audit, "s1", "cancel_pending_order", {"order_id": "#W1", "refund": 100.5})
    _write(audit, "s1", "return_delivered_order_items", {"order_id": "#W2", "refund": 20.25})
    _write(audit, "s1", "modify_pending_order_items", {"order_id": "#W3", "price_difference": 7.0})
    back = {"order_id": "#W4", "price_difference": -3.5}
    _write(audit, "s1", "exchange_delivered_order_items", back)
    _write(audit, "s1", "modify_pending_order_address", {"order_id": "#W5"})
    _write(audit, "s1", "cancel_pending_order", {"order_id": "#W6", "refund": 999.0}, ok=False)
    _write(audit, "s2", "cancel_pending_order", {"order_id": "#W7", "refund": 50.0})
    audit.record("s1", "tool", "get_order_details", {"args": {}, "ok": True, "access": "read"})

    data = get_session_activity(ToolContext(database_url=url, session_id="s1"), {})

    assert [w["order_id"] for w in data["writes"]] == ["#W1", "#W2", "#W3", "#W4", "#W5"]
    assert data["refund_total"] == 124.25  # 100.50 + 20.25 + 3.50 back from the exchange
    assert data["charge_total"] == 7.0
    assert data["writes"][4]["refund"] is None and data["writes"][4]["charge"] is None


def test_a_new_session_has_done_nothing(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "store.db")
    data = get_session_activity(ToolContext(database_url=url, session_id="new"), {})
    assert data == {"writes": [], "refund_total": 0.0, "charge_total": 0.0}
