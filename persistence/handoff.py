"""Handoff queue: conversations waiting for a human agent, with the package they need."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from persistence.db import session_scope
from persistence.models import HandoffTicket


class HandoffQueue:
    """Stores handoff packages and the human agents' replies."""

    def __init__(self, database_url: str) -> None:
        self.database_url = database_url

    def open_ticket(self, session_id: str, package: dict[str, Any]) -> int:
        """Queue a conversation for a human; returns the ticket id (one open ticket per session)."""
        with session_scope(self.database_url) as session:
            existing = session.scalar(
                select(HandoffTicket).where(
                    HandoffTicket.session_id == session_id, HandoffTicket.status == "waiting"
                )
            )
            if existing is not None:
                return existing.id
            ticket = HandoffTicket(
                session_id=session_id,
                user_id=package.get("user_id"),
                reason=str(package.get("reason")),
                intent=package.get("intent"),
                summary=str(package.get("summary", "")),
                package=package,
            )
            session.add(ticket)
            session.flush()
            return ticket.id

    def resolve(self, session_id: str, agent_reply: str) -> None:
        """Mark the session's waiting ticket as answered by a human agent."""
        with session_scope(self.database_url) as session:
            for ticket in session.scalars(
                select(HandoffTicket).where(
                    HandoffTicket.session_id == session_id, HandoffTicket.status == "waiting"
                )
            ):
                ticket.status = "resolved"
                ticket.agent_reply = agent_reply
                ticket.resolved_at = datetime.now(UTC)

    def waiting(self) -> list[dict[str, Any]]:
        """Return the waiting tickets, oldest first."""
        with session_scope(self.database_url) as session:
            rows = session.scalars(
                select(HandoffTicket)
                .where(HandoffTicket.status == "waiting")
                .order_by(HandoffTicket.id)
            ).all()
            return [
                {"id": t.id, "session_id": t.session_id, "reason": t.reason, "summary": t.summary}
                for t in rows
            ]

    def tickets(self, session_id: str) -> list[dict[str, Any]]:
        """Return every ticket of a session."""
        with session_scope(self.database_url) as session:
            rows = session.scalars(
                select(HandoffTicket)
                .where(HandoffTicket.session_id == session_id)
                .order_by(HandoffTicket.id)
            ).all()
            return [
                {"id": t.id, "status": t.status, "reason": t.reason, "package": t.package}
                for t in rows
            ]
