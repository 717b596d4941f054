"""Handoff queue: conversations held by a human agent, with the package they need.

A ticket is open from the handoff until the human agent releases the conversation:
``waiting`` while the customer waits for the human (after the handoff, and after each
customer message), ``answered`` once the human replied, ``released`` at the end. Every
message of either side is appended to the ticket's transcript in the meantime.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from keel.persistence.db import session_scope
from keel.persistence.models import HandoffTicket

OPEN = ("waiting", "answered")


def _open_ticket(session: Session, session_id: str) -> HandoffTicket | None:
    return session.scalar(
        select(HandoffTicket)
        .where(HandoffTicket.session_id == session_id, HandoffTicket.status.in_(OPEN))
        .order_by(HandoffTicket.id.desc())
    )


LATEST_MESSAGES = 8  # messages of a waiting ticket shown in the queue, newest last


def waiting_view(ticket: HandoffTicket) -> dict[str, Any]:
    """What a human picking a ticket needs: who, why, the summary and the latest messages.

    The summary was made at the handoff; what the customer said since (who they are, what
    went wrong) is in the latest messages, and the change left waiting for a yes, if any.
    """
    package = dict(ticket.package or {})
    transcript = list(package.get("transcript") or [])
    return {
        "id": ticket.id,
        "session_id": ticket.session_id,
        "reason": ticket.reason,
        "user_id": ticket.user_id,
        "intent": ticket.intent,
        "summary": ticket.summary,
        "pending_change": package.get("pending"),
        "latest": transcript[-LATEST_MESSAGES:],
    }


class HandoffQueue:
    """Stores handoff packages and every message exchanged while a human holds the session."""

    def __init__(self, database_url: str) -> None:
        self.database_url = database_url

    def open_ticket(self, session_id: str, package: dict[str, Any]) -> int:
        """Queue a conversation for a human; returns the ticket id (one open ticket per session)."""
        with session_scope(self.database_url) as session:
            existing = _open_ticket(session, session_id)
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

    def append(self, session_id: str, role: str, text: str) -> bool:
        """Add a message of the customer or the human agent to the session's open ticket.

        A customer's message puts the ticket back in the human's waiting list; the human's
        reply marks it answered. Returns False when the session holds no open ticket.
        """
        with session_scope(self.database_url) as session:
            ticket = _open_ticket(session, session_id)
            if ticket is None:
                return False
            package = dict(ticket.package)
            package["transcript"] = [*package.get("transcript", []), {"role": role, "text": text}]
            ticket.package = package
            if role == "agent":
                ticket.status, ticket.agent_reply = "answered", text
            else:
                ticket.status = "waiting"
            return True

    def release(self, session_id: str) -> bool:
        """Close the session's open ticket: the human hands the conversation back."""
        with session_scope(self.database_url) as session:
            ticket = _open_ticket(session, session_id)
            if ticket is None:
                return False
            ticket.status = "released"
            ticket.resolved_at = datetime.now(UTC)
            return True

    def waiting(self) -> list[dict[str, Any]]:
        """Return the tickets whose customer waits for a human's reply, oldest first."""
        with session_scope(self.database_url) as session:
            rows = session.scalars(
                select(HandoffTicket)
                .where(HandoffTicket.status == "waiting")
                .order_by(HandoffTicket.id)
            ).all()
            return [waiting_view(t) for t in rows]

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
