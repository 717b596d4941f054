"""Disputes of credit card transactions: which charge, why, and what the bank then owes.

The charge is found among the customer's own transactions by what they say of it (card,
merchant, amount, date); several candidates are listed for the customer to choose, except
the second posting of a charge made twice when the dispute is about a duplicate. The
answers the filing needs (why, whether the merchant was contacted, what should happen to
the card) are asked for; everything else is the bank's record (the customer's details on
file, the charge's date). Provisional credit is the documents' rule, computed here, never
asked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rapidfuzz import fuzz

from keel.domain.bank import clock
from keel.domain.bank.common import parse_money
from keel.domain.bank.decisions import Turn, ask, credit_cards, plan, respond
from keel.domain.pack import Decision

REASONS = (
    "unauthorized_fraudulent_charge",
    "duplicate_charge",
    "incorrect_amount",
    "goods_services_not_received",
    "goods_services_not_as_described",
    "canceled_subscription_still_charging",
    "refund_never_processed",
)
FRAUD = "unauthorized_fraudulent_charge"
# Provisional credit (the documents' rule): these reasons, an account open 60 days, an
# amount from $25 to the card tier's cap, at most two earlier disputes in 12 months.
PROVISIONAL_REASONS = ("unauthorized_fraudulent_charge", "duplicate_charge")
NOT_RECEIVED_AFTER_DAYS = 30  # goods not received qualifies once the purchase is this old
MIN_PROVISIONAL = 25.0
ACCOUNT_AGE_DAYS = 60
MAX_EARLIER_DISPUTES = 2
TIER_CAPS: dict[str, float] = {
    "Bronze Rewards Card": 2500.0,
    "EcoCard": 2500.0,
    "Business Bronze Rewards Card": 2500.0,
    "Crypto-Cash Back": 2500.0,
    "Silver Rewards Card": 5000.0,
    "Business Silver Rewards Card": 5000.0,
    "Green Rewards Card": 5000.0,
    "Silver Zoom Card": 5000.0,
    "Gold Rewards Card": 10000.0,
    "Business Gold Rewards Card": 10000.0,
    "Platinum Rewards Card": 15000.0,
    "Business Platinum Rewards Card": 15000.0,
    "Diamond Elite Card": 25000.0,
}
MERCHANT_MATCH = 85  # rapidfuzz partial ratio at which a merchant name is the one said
LISTED = 6  # candidate charges listed in one question


def _matches(row: Mapping[str, Any], slots: Mapping[str, Any]) -> bool:
    """Whether a transaction fits everything the customer said of the charge."""
    if (
        slots.get("card_name")
        and str(slots["card_name"]).lower() not in str(row.get("credit_card_type", "")).lower()
    ):
        return False
    merchant = str(slots.get("merchant") or "")
    said = str(row.get("merchant_name", ""))
    if merchant and fuzz.partial_ratio(merchant.lower(), said.lower()) < MERCHANT_MATCH:
        return False
    if (
        slots.get("amount") is not None
        and abs(parse_money(row.get("transaction_amount")) - float(slots["amount"])) > 0.005
    ):
        return False
    return not (
        slots.get("txn_date") and str(row.get("transaction_date")) != str(slots["txn_date"])
    )


def described(turn: Turn) -> bool:
    """Whether the customer said anything that picks a charge out."""
    return any(turn.slots.get(k) for k in ("merchant", "amount", "txn_date", "card_name"))


def candidates(turn: Turn) -> list[dict[str, Any]]:
    """The customer's card transactions that fit what they said of the charge."""
    data = turn.read("get_credit_card_transactions_by_user") or {}
    return [dict(r) for r in data.get("transactions", []) if _matches(r, turn.slots)]


def second_posting(rows: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The later of two postings of one charge (same merchant, same amount), or None."""
    if len(rows) != 2:
        return None
    first, second = sorted(rows, key=clock.by_date)
    same = first.get("merchant_name") == second.get("merchant_name") and parse_money(
        first.get("transaction_amount")
    ) == parse_money(second.get("transaction_amount"))
    return second if same else None


def charge_line(row: Mapping[str, Any]) -> str:
    """A charge as the customer is shown it."""
    return (
        f"{row.get('transaction_date')} {row.get('merchant_name')} "
        f"{row.get('transaction_amount')} ({row.get('credit_card_type')})"
    )


def the_charge(turn: Turn) -> dict[str, Any] | Decision:
    """The one charge disputed, or the question that finds it."""
    chosen = turn.slots.get("transaction_id")
    rows = candidates(turn) if described(turn) else []
    if chosen:
        data = turn.read("get_credit_card_transactions_by_user") or {}
        found = [dict(r) for r in data.get("transactions", []) if r.get("transaction_id") == chosen]
        if found:
            return found[0]
    if not described(turn):
        return ask(turn, "merchant", "ask.which_charge")
    if not rows:
        return respond(turn, "dispute.not_found")
    if len(rows) == 1:
        return rows[0]
    later = second_posting(rows)
    if later is not None and turn.slots.get("dispute_reason") == "duplicate_charge":
        return dict(later)
    listed = "; ".join(charge_line(r) for r in sorted(rows, key=clock.by_date)[:LISTED])
    return ask(turn, "merchant", "ask.which_of_charges", {"charges": listed})


def _earlier_disputes(turn: Turn) -> list[dict[str, Any]]:
    data = turn.read("get_user_dispute_history_7291") or {}
    return [dict(d) for d in data.get("disputes", [])]


def provisional_credit(
    charge: Mapping[str, Any],
    card: Mapping[str, Any] | None,
    reason: str,
    earlier: int,
) -> bool:
    """The documents' rule for provisional credit on a credit card dispute."""
    amount = parse_money(charge.get("transaction_amount"))
    cap = TIER_CAPS.get(str(charge.get("credit_card_type")), 0.0)
    purchase_age = clock.days_since(charge.get("transaction_date")) or 0
    reason_ok = reason in PROVISIONAL_REASONS or (
        reason == "goods_services_not_received" and purchase_age > NOT_RECEIVED_AFTER_DAYS
    )
    opened = clock.days_since((card or {}).get("date_of_account_open")) or 0
    return (
        reason_ok
        and opened >= ACCOUNT_AGE_DAYS
        and MIN_PROVISIONAL <= amount <= cap
        and earlier <= MAX_EARLIER_DISPUTES
    )


def _yes(turn: Turn, slot: str) -> bool | None:
    """A yes/no answer to ``slot``'s question, kept once given."""
    if slot in turn.slots:
        return bool(turn.slots[slot] in (True, "yes"))
    if turn.frame["asked"] == slot and turn.slots.get("yes_no") in ("yes", "no"):
        turn.slots[slot] = turn.slots["yes_no"] == "yes"
        return bool(turn.slots[slot])
    return None


def _card_of(turn: Turn, charge: Mapping[str, Any]) -> dict[str, Any] | None:
    kind = str(charge.get("credit_card_type", ""))
    owned = [c for c in credit_cards(turn) if c.get("card_type") == kind]
    return owned[0] if len(owned) == 1 else None


def dispute_transaction(turn: Turn) -> Decision:
    """File a dispute of one credit card charge, listed for the customer's yes."""
    charge = the_charge(turn)
    if isinstance(charge, Decision):
        return charge
    turn.slots["transaction_id"] = charge["transaction_id"]
    earlier = _earlier_disputes(turn)
    if any(d.get("transaction_id") == charge["transaction_id"] for d in earlier):
        return respond(turn, "dispute.already", {"charge": charge_line(charge)})
    summary: dict[str, Any] = {"charge": charge_line(charge)}
    reason = turn.slots.get("dispute_reason")
    if reason not in REASONS:
        return ask(turn, "dispute_reason", "ask.dispute_reason", summary)
    contacted = _yes(turn, "contacted_merchant")
    if contacted is None and reason != FRAUD:
        return ask(turn, "contacted_merchant", "ask.contacted_merchant", summary)
    reissue = _yes(turn, "cancel_card") if reason == FRAUD else False
    if reissue is None:
        return ask(turn, "cancel_card", "ask.cancel_card", summary)
    card = _card_of(turn, charge)
    last4 = str(turn.slots.get("card_last4") or (card or {}).get("card_last_4_digits") or "")
    if not last4:
        return ask(turn, "card_last4", "ask.card_last4", summary)
    user = turn.read("get_user_information_by_id") or {}
    record = dict(user.get("user") or user)
    eligible = provisional_credit(charge, card, str(reason), len(earlier))
    args = {
        "transaction_id": charge["transaction_id"],
        "card_action": "cancel_and_reissue" if reissue else "keep_active",
        "card_last_4_digits": last4,
        "full_name": str(record.get("name", "")),
        "phone": str(record.get("phone_number", "")),
        "email": str(record.get("email", "")),
        "address": str(record.get("address", "")),
        "contacted_merchant": bool(contacted),
        "purchase_date": str(charge.get("transaction_date")),
        "issue_noticed_date": clock.today_str(),
        "dispute_reason": reason,
        "resolution_requested": "full_refund",
        "eligible_for_provisional_credit": eligible,
    }
    summary.update(
        reason=reason,
        provisional="provisional.yes" if eligible else "provisional.no",
    )
    return plan(turn, "file_credit_card_transaction_dispute_4829", args, True, summary)
