"""Rho Bank's replies to tool results: each fact in them is a field of the result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from keel.domain.bank import clock
from keel.domain.config import DomainConfig
from keel.state.dialogue import ActionPlan, ToolOutcome
from keel.tools.knowledge_tool import best_passage

KNOWLEDGE = ("policy_question", "recommend_product", "referral")
SHOWN = 8  # records listed in one reply
SHOWN_PERIOD = 40  # transactions listed for a period the customer asked for


def _accounts(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    banked = [
        f"{a.get('level')} ({a.get('class')}, {a.get('account_id')}): ${a.get('current_holdings')}"
        f"{'' if a.get('status') == 'OPEN' else ' — ' + str(a.get('status'))}"
        for a in data.get("accounts", [])
    ]
    cards = [
        f"{c.get('card_type')} ({c.get('account_id')}): balance {c.get('current_balance')}"
        f"{'' if c.get('status') == 'ACTIVE' else ' — ' + str(c.get('status'))}"
        for c in data.get("credit_card_accounts", [])
    ]
    if not banked and not cards:
        return "accounts_overview.none", {}
    return "accounts_overview.ok", {
        "accounts": "; ".join(banked) or "-",
        "cards": "; ".join(cards) or "-",
    }


def _transactions(
    rows: Sequence[Mapping[str, Any]], shown_at_most: int = SHOWN
) -> tuple[str, dict[str, Any]]:
    if not rows:
        return "transactions.none", {}
    recent = sorted(rows, key=clock.by_date, reverse=True)
    shown = [
        f"{r.get('transaction_date')} {r.get('merchant_name')} {r.get('transaction_amount')}"
        f" ({r.get('credit_card_type')}, {r.get('status')})"
        for r in recent[:shown_at_most]
    ]
    return "transactions.ok", {"count": len(rows), "transactions": "; ".join(shown)}


def _disputes(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    rows = [r for key in ("disputes", "transaction_disputes") for r in data.get(key, [])]
    if not rows:
        return "dispute_status.none", {}
    shown = [
        f"{r.get('dispute_id')} ({r.get('transaction_id')}): "
        f"{r.get('status') or r.get('dispute_status')}"
        for r in rows[:SHOWN]
    ]
    return "dispute_status.ok", {"disputes": "; ".join(shown)}


def _knowledge(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    best = best_passage(data)
    return ("policy_question.ok", best) if best else ("policy_question.none", {})


def present(
    config: DomainConfig, intent: str, plan: ActionPlan, outcome: ToolOutcome, text: str
) -> tuple[str, dict[str, Any]]:
    """The reply key and values of a successful tool outcome."""
    data = outcome["data"]
    if plan["write"]:
        return f"done.{intent}", {**plan["summary"], **data}
    if intent in KNOWLEDGE:
        return _knowledge(data)
    if intent == "accounts_overview":
        return _accounts(data)
    if intent == "transactions":
        # a period asked for ("since September") is shown whole, up to SHOWN_PERIOD rows
        most = SHOWN_PERIOD if plan["args"].get("date_from") else SHOWN
        return _transactions(data.get("transactions", []), most)
    if intent == "dispute_status":
        return _disputes(data)
    raise KeyError(f"no presenter for {intent}")
