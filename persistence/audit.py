"""Audit trail: node transitions, tool calls, model calls, rejections and handoffs, per session."""

from __future__ import annotations

import json
import logging
from datetime import timedelta
from functools import lru_cache
from typing import Any

from sqlalchemy import func, insert, select

from keel.persistence.db import get_engine, session_scope
from keel.persistence.models import AuditEvent, utcnow

log = logging.getLogger("keel.audit")
MAX_TEXT = 4000
INSERT = insert(AuditEvent)


def _jsonable(value: Any) -> Any:
    """Return ``value`` as JSON-able data, truncating very long strings."""
    text = json.dumps(value, default=str, ensure_ascii=False)
    if len(text) > MAX_TEXT:
        return {"truncated": text[:MAX_TEXT]}
    return json.loads(text)


class AuditLog:
    """Writes audit events to the business database (one row per event)."""

    def __init__(self, database_url: str) -> None:
        self.database_url = database_url

    def record(
        self,
        session_id: str,
        kind: str,
        name: str,
        payload: dict[str, Any],
        latency_ms: float | None = None,
    ) -> None:
        """Store one event; a failing audit write is logged, never raised into the dialogue."""
        row = {
            "session_id": session_id,
            "kind": kind,
            "name": name,
            "payload": _jsonable(payload),
            "latency_ms": latency_ms,
            "created_at": utcnow(),
        }
        try:
            # A Core insert in its own short transaction: a third of the cost of the ORM
            # unit of work, and an event is stored even if the turn later fails.
            with get_engine(self.database_url).begin() as connection:
                connection.execute(INSERT, row)
        except Exception:  # the audit trail must never take the conversation down
            log.exception("audit write failed: %s %s", kind, name)

    def count(self, kind: str, name: str, within_seconds: float) -> int:
        """How many events of ``kind`` and ``name`` all sessions recorded in the last seconds."""
        since = utcnow() - timedelta(seconds=within_seconds)
        query = (
            select(func.count())
            .select_from(AuditEvent)
            .where(AuditEvent.kind == kind, AuditEvent.name == name, AuditEvent.created_at >= since)
        )
        with get_engine(self.database_url).connect() as connection:
            return int(connection.execute(query).scalar_one())

    def events(self, session_id: str, kind: str | None = None) -> list[dict[str, Any]]:
        """Return a session's events in order (optionally of one kind)."""
        with session_scope(self.database_url) as session:
            query = select(AuditEvent).where(AuditEvent.session_id == session_id)
            if kind is not None:
                query = query.where(AuditEvent.kind == kind)
            rows = session.scalars(query.order_by(AuditEvent.id)).all()
            return [
                {
                    "kind": r.kind,
                    "name": r.name,
                    "payload": r.payload,
                    "latency_ms": r.latency_ms,
                    "created_at": r.created_at.isoformat(),
                }
                for r in rows
            ]


@lru_cache(maxsize=16)
def audit_log(database_url: str) -> AuditLog:
    """Return the (cached) audit log of a database."""
    return AuditLog(database_url)
