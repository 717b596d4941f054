"""Helpers shared by the bank's tools: ids, money, lookups with ownership, product tiers."""

from __future__ import annotations

import hashlib
from typing import Any, TypeVar

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from keel.domain.bank.models import RecordMixin
from keel.safety import patterns as rx
from keel.tools.registry import ToolError

R = TypeVar("R", bound=RecordMixin)

# Checking-account tiers (procedures §2.0) by product name.
CHECKING_TIERS: dict[str, str] = {
    "Light Blue Account": "ENTRY",
    "Light Green Account": "ENTRY",
    "Green Fee-Free Account": "ENTRY",
    "Navy Blue": "ENTRY",
    "Blue Account": "MID",
    "Green Account": "MID",
    "True Blue": "MID",
    "Sky Blue": "MID",
    "Evergreen Account": "PREMIUM",
    "Cobalt Blue": "PREMIUM",
    "Bluest Account": "ELITE",
}

# Credit-card tiers (procedures §4.2).
CARD_TIERS: dict[str, str] = {
    "Bronze Rewards Card": "ENTRY",
    "EcoCard": "ENTRY",
    "Business Bronze Rewards Card": "ENTRY",
    "Crypto-Cash Back": "ENTRY",
    "Silver Rewards Card": "MID",
    "Business Silver Rewards Card": "MID",
    "Green Rewards Card": "MID",
    "Silver Zoom Card": "MID",
    "Gold Rewards Card": "PREMIUM",
    "Business Gold Rewards Card": "PREMIUM",
    "Platinum Rewards Card": "PREMIUM",
    "Business Platinum Rewards Card": "PREMIUM",
    "Diamond Elite Card": "PREMIUM",
}


def hex_id(seed: str, length: int = 16) -> str:
    """The first ``length`` hex characters of ``sha256(seed)`` (the bank's id formula)."""
    return hashlib.sha256(seed.encode()).digest()[: length // 2].hex()


def parse_money(value: Any) -> float:
    """A money value written ``"$2,850.00"``, ``"2850.00"``, ``"0"`` or as a number."""
    if isinstance(value, bool) or value is None:
        return 0.0
    if isinstance(value, int | float):
        return float(value)
    text = str(value).replace("$", "").replace(",", "").strip()
    try:
        return float(text) if text else 0.0
    except ValueError:
        return 0.0


def parse_points(value: Any) -> int:
    """The number in a rewards text such as ``"461 points"`` (0 when there is none)."""
    match = rx.search(r"-?\d+", str(value or ""))
    return int(match.group()) if match else 0


def get_row(session: Session, model: type[R], key: str, what: str) -> R:
    """The record ``key`` of ``model`` (DATA_NOT_FOUND when there is none)."""
    row = session.get(model, key)
    if row is None:
        raise ToolError("DATA_NOT_FOUND", f"{what} {key!r} not found")
    return row


def owned_row(session: Session, model: type[R], key: str, user_id: str, what: str) -> R:
    """The record ``key`` if it belongs to ``user_id`` (PERMISSION_ERROR otherwise)."""
    row = get_row(session, model, key, what)
    owner = row.get("user_id")
    if owner != user_id:
        raise ToolError("PERMISSION_ERROR", f"{what} {key!r} does not belong to user {user_id!r}")
    return row


def rows_where(session: Session, model: type[R], **equal: Any) -> list[R]:
    """The records of ``model`` whose columns equal the given values, in table order."""
    query = select(model)
    for field, value in equal.items():
        query = query.where(getattr(model, model.attribute_of(field)) == value)
    return list(session.scalars(query.order_by(model.row_seq)).all())


def add_row(session: Session, model: type[R], key: str, record: dict[str, Any]) -> R | None:
    """Add ``record`` under ``key`` at the end of its table (None when the key exists)."""
    if session.get(model, key) is not None:
        return None
    last = session.scalar(select(func.max(model.row_seq))) or 0
    seq = last + 1 if session.scalar(select(func.count()).select_from(model)) else 0
    row = model(**model.row_values(key, record, seq))
    session.add(row)
    session.flush()
    return row


def account_kind(account: RecordMixin) -> str:
    """A bank account's kind: ``class`` of seeded accounts, ``account_type`` of new ones."""
    return str(account.get("class") or account.get("account_type") or "").lower()


def account_product(account: RecordMixin) -> str:
    """A bank account's product name: ``level`` of seeded ones, ``account_class`` of new."""
    return str(account.get("level") or account.get("account_class") or "")


def is_open(record: RecordMixin) -> bool:
    """Whether an account's status is OPEN or ACTIVE."""
    return record.get("status") in ("OPEN", "ACTIVE")


def public(record: dict[str, Any], hidden: tuple[str, ...] = ()) -> dict[str, Any]:
    """``record`` without the fields in ``hidden``."""
    return {k: v for k, v in record.items() if k not in hidden}


# The U.S. states, D.C. and Puerto Rico by their postal codes (where a card ships, where an
# ATM stands).
US_STATES = frozenset(
    {
        "AL",
        "AK",
        "AZ",
        "AR",
        "CA",
        "CO",
        "CT",
        "DE",
        "FL",
        "GA",
        "HI",
        "ID",
        "IL",
        "IN",
        "IA",
        "KS",
        "KY",
        "LA",
        "ME",
        "MD",
        "MA",
        "MI",
        "MN",
        "MS",
        "MO",
        "MT",
        "NE",
        "NV",
        "NH",
        "NJ",
        "NM",
        "NY",
        "NC",
        "ND",
        "OH",
        "OK",
        "OR",
        "PA",
        "RI",
        "SC",
        "SD",
        "TN",
        "TX",
        "UT",
        "VT",
        "VA",
        "WA",
        "WV",
        "WI",
        "WY",
        "DC",
        "PR",
    }
)
