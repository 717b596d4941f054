"""Read tools over the session itself: what this conversation has done so far.

``get_session_activity`` answers "how much will I get back in total?" from the audit
trail of the current session (the session id comes from the tool context, never from
the user): every write that succeeded, with the money it moved as the write tool
itself reported it. Nothing is recomputed or guessed.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from keel.persistence.db import session_scope
from keel.persistence.models import AuditEvent
from keel.tools.registry import Contract, RegisteredTool, ToolContext, ToolSpec


def _entry(name: str, args: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """One write of the session with the money it moved (refund to, or charge from, the user)."""
    difference = result.get("price_difference")
    refund = result.get("refund")
    charge = None
    if isinstance(difference, int | float):
        refund, charge = (None, difference) if difference > 0 else (-difference, None)
    return {
        "tool": name,
        "order_id": result.get("order_id") or args.get("order_id"),
        "refund": round(float(refund), 2) if refund else None,
        "charge": round(float(charge), 2) if charge else None,
        "payment_method_id": result.get("payment_method_id") or args.get("payment_method_id"),
    }


def get_session_activity(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The writes this session carried out, and the refunds and charges they add up to."""
    with session_scope(ctx.database_url) as session:
        events = session.scalars(
            select(AuditEvent)
            .where(AuditEvent.session_id == ctx.session_id, AuditEvent.kind == "tool")
            .order_by(AuditEvent.id)
            .limit(ctx.row_limit * 20)
        ).all()
        writes = [
            _entry(e.name, dict(e.payload.get("args") or {}), dict(e.payload.get("result") or {}))
            for e in events
            if e.payload.get("access") == "write" and e.payload.get("ok")
        ]
    return {
        "writes": writes,
        "refund_total": round(sum(w["refund"] or 0.0 for w in writes), 2),
        "charge_total": round(sum(w["charge"] or 0.0 for w in writes), 2),
    }


SESSION_TOOLS: list[RegisteredTool] = [
    RegisteredTool(
        ToolSpec(
            name="get_session_activity",
            category="sql",
            access="read",
            cache_ttl_seconds=0.0,  # this conversation's own changes: always read afresh
            args_model=Contract,  # no arguments: the session is the caller's
            description=(
                "What this conversation has changed so far: each write with the refund or "
                "charge it caused, and their totals."
            ),
        ),
        get_session_activity,
    )
]
