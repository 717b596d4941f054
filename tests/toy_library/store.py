"""Lantern Library's tables, its demo members and loans, and its renewal (a write tool).

The library keeps its own ``MetaData`` (created beside the engine's tables in the same
database). Dates are ISO strings; :data:`TODAY` is the library's fixed clock, so that the
demo loans are due, overdue and renewable the same way on every run.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, timedelta
from typing import Annotated, Any

from pydantic import Field
from sqlalchemy import Column, Integer, MetaData, String, Table, delete, func, insert, select

from keel.persistence.db import create_tables, get_engine
from keel.tools.registry import Contract, RegisteredTool, ToolContext, ToolError, ToolSpec

TODAY = date(2025, 6, 1)
RENEWAL_DAYS = 14
MAX_RENEWALS = 2
OVERDUE_LIMIT_DAYS = 30  # a loan overdue by more than this is not renewable

METADATA = MetaData()
MEMBERS = Table(
    "lantern_members",
    METADATA,
    Column("member_id", String, primary_key=True),
    Column("name", String, nullable=False),
    Column("email", String, nullable=False),
    Column("card_number", String, nullable=False, unique=True),
)
LOANS = Table(
    "lantern_loans",
    METADATA,
    Column("loan_id", String, primary_key=True),
    Column("member_id", String, nullable=False),
    Column("title", String, nullable=False),
    Column("due_date", String, nullable=False),
    Column("renewals", Integer, nullable=False, default=0),
)
TABLES = {"lantern_members": (MEMBERS, "member_id"), "lantern_loans": (LOANS, "loan_id")}


def _day(offset: int) -> str:
    return (TODAY + timedelta(days=offset)).isoformat()


DEMO: dict[str, dict[str, dict[str, Any]]] = {
    "lantern_members": {
        "M1001": {
            "name": "Ada Quill",
            "email": "ada.quill@example.org",
            "card_number": "LC-4839-2017",
        },
        "M1002": {
            "name": "Ben Okafor",
            "email": "ben.okafor@example.org",
            "card_number": "LC-5521-0098",
        },
    },
    "lantern_loans": {
        "L301": {
            "member_id": "M1001",
            "title": "The Lighthouse Almanac",
            "due_date": _day(5),
            "renewals": 0,
        },
        "L302": {
            "member_id": "M1001",
            "title": "A Field Guide to Moths",
            "due_date": _day(10),
            "renewals": 2,
        },
        "L303": {
            "member_id": "M1001",
            "title": "Night Trains of Europe",
            "due_date": _day(-45),
            "renewals": 0,
        },
        "L401": {
            "member_id": "M1002",
            "title": "Tides and Tallow",
            "due_date": _day(3),
            "renewals": 1,
        },
    },
}


def import_state(data: Mapping[str, Any], url: str) -> None:
    """Replace the library's rows with ``data`` (table -> record id -> record)."""
    engine = create_tables(url, METADATA)
    with engine.begin() as conn:
        for table, key in TABLES.values():
            conn.execute(delete(table))
            rows = [{key: k, **v} for k, v in dict(data.get(table.name) or {}).items()]
            if rows:
                conn.execute(insert(table), rows)


def export_state(url: str) -> dict[str, dict[str, dict[str, Any]]]:
    """The library's rows as table -> record id -> record."""
    engine = create_tables(url, METADATA)
    found: dict[str, dict[str, dict[str, Any]]] = {}
    with engine.connect() as conn:
        for name, (table, key) in TABLES.items():
            rows = [dict(r._mapping) for r in conn.execute(select(table).order_by(table.c[key]))]
            found[name] = {str(r.pop(key)): r for r in rows}
    return found


def prepare(url: str) -> None:
    """Create the library's tables; load the demo members and loans into an empty store."""
    engine = create_tables(url, METADATA)
    with engine.connect() as conn:
        members = conn.scalar(select(func.count()).select_from(MEMBERS)) or 0
    if members == 0:
        import_state(DEMO, url)


# -- the one write -------------------------------------------------------------------------


class RenewLoanArgs(Contract):
    """Renew one of the acting member's loans by two weeks."""

    user_id: Annotated[str, Field(min_length=1, description="The acting (verified) member.")]
    loan_id: Annotated[str, Field(pattern=r"^L\d{3}$", description="The loan, e.g. L301.")]


def renewal_refusal(loan: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """Why ``loan`` may not be renewed (its reply key and values), or None."""
    if int(loan["renewals"]) >= MAX_RENEWALS:
        return "renew_loan.max_renewals", {"limit": MAX_RENEWALS}
    late = (TODAY - date.fromisoformat(str(loan["due_date"]))).days
    if late > OVERDUE_LIMIT_DAYS:
        return "renew_loan.overdue", {"limit": OVERDUE_LIMIT_DAYS}
    return None


def renewed_due(due_date: str) -> str:
    """The due date after one renewal."""
    return (date.fromisoformat(due_date) + timedelta(days=RENEWAL_DAYS)).isoformat()


def renew_loan(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Renew a loan of the acting member: its due date moves two weeks on, once a call."""
    engine = get_engine(ctx.database_url)
    with engine.begin() as conn:
        row = conn.execute(select(LOANS).where(LOANS.c.loan_id == args["loan_id"])).first()
        if row is None:
            raise ToolError("DATA_NOT_FOUND", f"no loan {args['loan_id']}")
        loan = dict(row._mapping)
        if loan["member_id"] != args["user_id"]:  # never another member's loan
            raise ToolError("PERMISSION_ERROR", f"loan {loan['loan_id']} is not this member's")
        refusal = renewal_refusal(loan)
        if refusal is not None:
            raise ToolError("BUSINESS_ERROR", f"loan {loan['loan_id']}: {refusal[0]}")
        due, renewals = renewed_due(str(loan["due_date"])), int(loan["renewals"]) + 1
        conn.execute(
            LOANS.update()
            .where(LOANS.c.loan_id == loan["loan_id"])
            .values(due_date=due, renewals=renewals)
        )
    return {
        "loan_id": loan["loan_id"],
        "title": loan["title"],
        "due_date": due,
        "renewals": renewals,
    }


RENEW_LOAN = RegisteredTool(
    spec=ToolSpec(
        name="renew_loan",
        category="action",
        access="write",
        args_model=RenewLoanArgs,
        description="Renew one of the acting member's loans by two weeks.",
    ),
    run=renew_loan,
)
