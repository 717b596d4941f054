"""Debit-card writes: freeze, unfreeze, close, order, activate, PIN, alerts, limits, blocks.

Each write re-checks its rules inside its transaction (the policy checks them before
asking for confirmation; a write never trusts its caller) and records exactly what the
bank's procedures prescribe (dates from :mod:`keel.domain.bank.clock`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from keel.domain.bank import clock
from keel.domain.bank.common import (
    CHECKING_TIERS,
    account_kind,
    account_product,
    add_row,
    hex_id,
    owned_row,
    parse_money,
    rows_where,
)
from keel.domain.bank.models import (
    Account,
    BankTransaction,
    DebitCard,
    DebitCardOrder,
    User,
)
from keel.persistence.db import session_scope
from keel.tools.registry import ToolContext, ToolError

SEQUENTIAL_PINS = frozenset(
    {"0123", "1234", "2345", "3456", "4567", "5678", "6789"}
    | {"9876", "8765", "7654", "6543", "5432", "4321", "3210"}
)
SECURITY_REASONS = ("lost", "stolen", "fraud_suspected")  # close without the 14-day wait
DELIVERY_WINDOWS = {
    "STANDARD": "7-10 business days",
    "EXPEDITED": "3-5 business days",
    "RUSH": "1-2 business days",
}
REPLACEMENT_REASONS = ("lost", "stolen", "fraud", "damaged")
# Tier → (max replacements per rolling 12 months or None, excess fee or None: must wait).
REPLACEMENT_LIMITS: dict[str, tuple[int | None, float | None]] = {
    "ENTRY": (2, 25.0),
    "MID": (3, 15.0),
    "PREMIUM": (5, None),
    "ELITE": (None, None),
}
ACTIVATION_REASONS = {
    "activate_debit_card_8291": ("new_account", "first_card"),
    "activate_debit_card_8292": ("lost", "stolen", "fraud"),
    "activate_debit_card_8293": ("expired", "damaged", "upgrade", "bank_reissue"),
}
DEFAULT_ATM_LIMITS = {
    "Blue Account": 500,
    "Green Account": 600,
    "Light Blue Account": 400,
    "Green Fee-Free Account": 500,
    "Evergreen Account": 750,
    "Bluest Account": 1500,
    "Dark Green Account": 300,
    "Gold Years Account": 600,
    "Purple Account": 1000,
}


def _card(session: Session, args: dict[str, Any]) -> DebitCard:
    return owned_row(session, DebitCard, args["card_id"], args["user_id"], "debit card")


def _require_status(card: DebitCard, *allowed: str) -> None:
    if card.get("status") not in allowed:
        raise ToolError(
            "BUSINESS_ERROR",
            f"debit card {card.card_id} is {card.get('status')}; needs {' or '.join(allowed)}",
        )


def _linked_account(session: Session, card: DebitCard) -> Account | None:
    account_id = card.get("account_id")
    return session.get(Account, account_id) if account_id else None


def _require_open_account(session: Session, card: DebitCard) -> Account:
    account = _linked_account(session, card)
    if account is None or account.get("status") != "OPEN":
        raise ToolError("BUSINESS_ERROR", f"the account of debit card {card.card_id} is not open")
    return account


def check_pin(pin: str, date_of_birth: Any = None) -> None:
    """Refuse a weak PIN: sequential, one repeated digit, birth year or birth day."""
    if pin in SEQUENTIAL_PINS:
        raise ToolError("BUSINESS_ERROR", "the PIN cannot be sequential (e.g. 1234)")
    if len(set(pin)) == 1:
        raise ToolError("BUSINESS_ERROR", "the PIN cannot be one digit repeated (e.g. 1111)")
    birth = clock.parse_date(date_of_birth)
    if birth and pin in {f"{birth.year}", birth.strftime("%m%d"), birth.strftime("%d%m")}:
        raise ToolError("BUSINESS_ERROR", "the PIN cannot be the birth year or birth date")


def _birth_date(session: Session, user_id: str) -> Any:
    user = session.get(User, user_id)
    return user.get("date_of_birth") if user else None


def freeze_debit_card(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Freeze an ACTIVE debit card (it can be unfrozen later)."""
    with session_scope(ctx.database_url) as session:
        card = _card(session, args)
        _require_status(card, "ACTIVE")
        card.set("status", "FROZEN")
        card.set("frozen_date", clock.today_str())
        return {"card_id": card.card_id, "status": "FROZEN", "frozen_date": clock.today_str()}


def unfreeze_debit_card(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Unfreeze a FROZEN debit card whose account is open."""
    with session_scope(ctx.database_url) as session:
        card = _card(session, args)
        _require_status(card, "FROZEN")
        _require_open_account(session, card)
        card.set("status", "ACTIVE")
        card.set("unfrozen_date", clock.today_str())
        return {"card_id": card.card_id, "status": "ACTIVE", "unfrozen_date": clock.today_str()}


def _pending_transactions(session: Session, account_id: Any) -> list[str]:
    rows = rows_where(session, BankTransaction, account_id=account_id)
    return [r.transaction_id for r in rows if str(r.get("status", "")).lower() == "pending"]


def close_debit_card(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Close an ACTIVE, PENDING or FROZEN debit card permanently.

    (τ-Banking's own tool closes only ACTIVE and PENDING cards, so a card frozen after a
    theft is unfrozen first; Rho Bank closes it as it is, never leaving a stolen card
    usable between two steps. The card ends CLOSED with its reason either way.)
    """
    reason = str(args["reason"]).lower()
    with session_scope(ctx.database_url) as session:
        card = _card(session, args)
        _require_status(card, "ACTIVE", "PENDING", "FROZEN")
        pending = _pending_transactions(session, card.get("account_id"))
        if pending:
            raise ToolError(
                "BUSINESS_ERROR",
                f"the card's account has pending transactions ({', '.join(pending)}): "
                "close the card once they have settled",
            )
        age = clock.days_since(card.get("issue_date"))
        if reason not in SECURITY_REASONS and age is not None and age < 14:
            raise ToolError(
                "BUSINESS_ERROR",
                f"the card was issued {age} days ago; it can be closed 14 days after issue",
            )
        previous = card.get("status")
        card.set("status", "CLOSED")
        card.set("closed_date", clock.today_str())
        card.set("closure_reason", reason)
        return {
            "card_id": card.card_id,
            "previous_status": previous,
            "status": "CLOSED",
            "closure_reason": reason,
            "closed_date": clock.today_str(),
        }


def _expiration(today: str) -> str:
    month, _, year = today.split("/")
    day = "31" if month in ("01", "03", "05", "07", "08", "10", "12") else "30"
    return f"{month}/{'28' if month == '02' else day}/{int(year) + 4}"


def _digits(seed: str, nbytes: int, count: int) -> str:
    return "".join(c for c in hex_id(seed, nbytes * 2) if c.isdigit())[:count].zfill(count)


def _issue_reason(cards: list[DebitCard]) -> str:
    closed = next((c for c in cards if c.get("status") == "CLOSED"), None)
    if closed is not None:
        reason = closed.get("closure_reason", "first_card")
        if reason in ("lost", "stolen", "fraud", "fraud_suspected"):
            return "fraud" if reason == "fraud_suspected" else str(reason)
        return "first_card"
    return "first_card" if cards else "new_account"


def _check_order_account(session: Session, args: dict[str, Any]) -> Account:
    account = owned_row(session, Account, args["account_id"], args["user_id"], "account")
    if account_kind(account) not in ("checking", "business_checking"):
        raise ToolError("BUSINESS_ERROR", "debit cards are only issued for checking accounts")
    if account.get("status") != "OPEN":
        raise ToolError("BUSINESS_ERROR", f"account {account.account_id} is not OPEN")
    if parse_money(account.get("current_holdings")) < 25.0:
        raise ToolError("BUSINESS_ERROR", "the account needs a balance of at least $25")
    return account


def _check_replacement_rules(
    account: Account, cards: list[DebitCard], reason: str, excess_fee: float
) -> None:
    """The tier's 48-hour wait (Entry) and replacement limit (procedures §2.3)."""
    tier = CHECKING_TIERS.get(account_product(account))
    if tier is None or reason not in REPLACEMENT_REASONS:
        return
    if tier == "ENTRY":
        recent = [c for c in cards if clock.within_days(c.get("closed_date"), 1)]
        if recent:
            raise ToolError(
                "BUSINESS_ERROR",
                "an entry-tier replacement can be ordered 48 hours after the card's closure",
            )
    limit, fee = REPLACEMENT_LIMITS[tier]
    recent_replacements = [
        c
        for c in cards
        if c.get("issue_reason") in REPLACEMENT_REASONS
        and clock.within_days(c.get("issue_date"), 365)
    ]
    if limit is None or len(recent_replacements) < limit:
        return
    if fee is None:
        raise ToolError("BUSINESS_ERROR", f"the {tier} replacement limit of {limit} is reached")
    if excess_fee != fee:
        raise ToolError(
            "BUSINESS_ERROR",
            f"the replacement limit of {limit} is reached: the customer must wait or accept "
            f"the excess replacement fee of ${fee:.2f}",
        )


def _charge_order_fee(
    session: Session, account: Account, order: dict[str, Any], parts: list[str]
) -> None:
    total = float(order["total_fee"])
    balance = parse_money(account.get("current_holdings"))
    account.set("current_holdings", f"{balance - total:.2f}")
    txn_id = f"btxn_dcfee_{order['order_id'][-8:]}"
    add_row(
        session,
        BankTransaction,
        txn_id,
        {
            "transaction_id": txn_id,
            "account_id": account.account_id,
            "date": order["order_date"],
            "description": f"DEBIT CARD ORDER FEE - {', '.join(parts)}",
            "amount": -total,
            "type": "debit_card_fee",
            "status": "posted",
        },
    )


def _fee_parts(delivery: float, design: float, excess: float) -> list[str]:
    parts = [f"Delivery ${delivery}"] if delivery > 0 else []
    parts += [f"Design ${design}"] if design > 0 else []
    parts += [f"Excess Replacement ${excess:.0f}"] if excess > 0 else []
    return parts


def _new_card(
    session: Session, account: Account, user_id: str, design: str, reason: str
) -> dict[str, Any]:
    today = clock.today_str()
    card_id = "dbc_" + hex_id(f"debit_card:{account.account_id}:{user_id}:{today}", 12)
    user = session.get(User, user_id)
    name = str(user.get("name", "CARDHOLDER")).upper() if user else "CARDHOLDER"
    return {
        "card_id": card_id,
        "account_id": account.account_id,
        "user_id": user_id,
        "cardholder_name": name,
        "last_4_digits": _digits(f"card_details:{card_id}:last4", 4, 4),
        "cvv": _digits(f"card_details:{card_id}:cvv", 3, 3),
        "status": "PENDING",
        "issue_date": today,
        "expiration_date": _expiration(today),
        "card_design": design,
        "issue_reason": reason,
    }


def order_debit_card(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Order a debit card for a checking account; fees are charged to the account."""
    user_id, delivery = args["user_id"], str(args["delivery_option"]).upper()
    design = str(args["card_design"]).upper()
    fees = (
        float(args["delivery_fee"]),
        float(args["design_fee"]),
        float(args.get("excess_replacement_fee") or 0.0),
    )
    with session_scope(ctx.database_url) as session:
        account = _check_order_account(session, args)
        orders = rows_where(session, DebitCardOrder, account_id=account.account_id)
        if any(o.get("status") == "PENDING" for o in orders):
            raise ToolError("BUSINESS_ERROR", "a debit card order for the account is pending")
        cards = rows_where(session, DebitCard, account_id=account.account_id)
        if any(c.get("status") == "ACTIVE" for c in cards):
            raise ToolError(
                "BUSINESS_ERROR", "the account already has an ACTIVE debit card: close it first"
            )
        reason = _issue_reason(cards)
        _check_replacement_rules(account, cards, reason, fees[2])
        total = sum(fees)
        if total > parse_money(account.get("current_holdings")):
            raise ToolError("BUSINESS_ERROR", f"insufficient funds for the ${total:.2f} fees")
        card = _new_card(session, account, user_id, design, reason)
        order_id = "dcord_" + hex_id(
            f"debit_card_order:{account.account_id}:{user_id}:{delivery}", 12
        )
        if session.get(DebitCardOrder, order_id) or session.get(DebitCard, card["card_id"]):
            raise ToolError("BUSINESS_ERROR", "this debit card order was already placed")
        order = {
            "order_id": order_id,
            "account_id": account.account_id,
            "user_id": user_id,
            "delivery_option": delivery,
            "card_design": design,
            "shipping_address": args["shipping_address"],
            "delivery_fee": fees[0],
            "design_fee": fees[1],
            "excess_replacement_fee": fees[2],
            "total_fee": total,
            "order_date": clock.today_str(),
            "expected_delivery": DELIVERY_WINDOWS[delivery],
            "status": "PENDING",
        }
        add_row(session, DebitCardOrder, order_id, order)
        if total > 0:
            _charge_order_fee(session, account, order, _fee_parts(*fees))
        add_row(session, DebitCard, card["card_id"], card)
        return {**order, "card_id": card["card_id"], "issue_reason": reason}


def _activate(tool: str, ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    today = clock.today_str()
    with session_scope(ctx.database_url) as session:
        card = _card(session, args)
        reason = card.get("issue_reason", "new_account")
        if reason not in ACTIVATION_REASONS[tool]:
            right = next((t for t, rs in ACTIVATION_REASONS.items() if reason in rs), "none")
            raise ToolError(
                "BUSINESS_ERROR", f"the card's issue reason is {reason!r}: activate it with {right}"
            )
        _require_status(card, "PENDING")
        if card.get("last_4_digits") != args["last_4_digits"]:
            raise ToolError("BUSINESS_ERROR", "the last 4 digits do not match the card")
        check_pin(args["pin"], _birth_date(session, args["user_id"]))
        _require_open_account(session, card)
        card.set("status", "ACTIVE")
        card.set("activated_date", today)
        replaced = []
        for other in rows_where(session, DebitCard, account_id=card.get("account_id")):
            if other.card_id != card.card_id and other.get("status") == "ACTIVE":
                _retire(tool, other, str(reason))
                replaced.append(other.card_id)
        return {"card_id": card.card_id, "status": "ACTIVE", "replaced_cards": replaced}


def _retire(tool: str, card: DebitCard, reason: str) -> None:
    """Take the account's previous card out of use when a new one is activated."""
    today = clock.today_str()
    if tool == "activate_debit_card_8293":
        card.set("status", "GRACE_PERIOD")
        card.set("grace_period_ends", today)
        card.set("deactivation_reason", f"Reissued card activated ({reason})")
        return
    card.set("status", "DEACTIVATED")
    card.set("deactivated_date", today)
    text = "New card activated"
    if tool == "activate_debit_card_8292":
        text = f"Replacement card activated ({reason})"
    card.set("deactivation_reason", text)


def activate_new_card(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Activate a first card (issue reason new_account or first_card)."""
    return _activate("activate_debit_card_8291", ctx, args)


def activate_replacement_card(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Activate a replacement for a lost, stolen or fraud card."""
    return _activate("activate_debit_card_8292", ctx, args)


def activate_reissued_card(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Activate a reissued card (expired, damaged, upgrade, bank reissue)."""
    return _activate("activate_debit_card_8293", ctx, args)


def reset_pin(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Set a forgotten PIN anew (also unlocks a PIN-locked card)."""
    with session_scope(ctx.database_url) as session:
        card = _card(session, args)
        if card.get("last_4_digits") != args["last_4_digits"]:
            raise ToolError("BUSINESS_ERROR", "the last 4 digits do not match the card")
        _require_status(card, "ACTIVE")
        check_pin(args["new_pin"], _birth_date(session, args["user_id"]))
        card.set("pin_last_changed", clock.today_str())
        card.set("pin_locked", False)
        card.set("pin_attempts_remaining", 3)
        return {"card_id": card.card_id, "pin_last_changed": clock.today_str(), "unlocked": True}


def change_pin(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Change the PIN of a card whose current PIN the customer knows."""
    if args["current_pin"] == args["new_pin"]:
        raise ToolError("BUSINESS_ERROR", "the new PIN must differ from the current one")
    with session_scope(ctx.database_url) as session:
        card = _card(session, args)
        _require_status(card, "ACTIVE")
        check_pin(args["new_pin"], _birth_date(session, args["user_id"]))
        card.set("pin_last_changed", clock.today_str())
        return {"card_id": card.card_id, "pin_last_changed": clock.today_str()}


def clear_fraud_alert(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Clear a velocity block, or a fraud alert the bank did not raise."""
    today = clock.today_str()
    with session_scope(ctx.database_url) as session:
        card = _card(session, args)
        if args["reason"] == "velocity_clear":
            if not card.get("velocity_blocked", False):
                raise ToolError("BUSINESS_ERROR", "the card has no velocity block")
            card.set("velocity_blocked", False)
            card.set("velocity_cleared_date", today)
            return {"card_id": card.card_id, "velocity_blocked": False}
        if not card.get("fraud_alert_active", False):
            raise ToolError("BUSINESS_ERROR", "the card has no active fraud alert")
        if card.get("alert_source") == "bank_initiated":
            raise ToolError(
                "PERMISSION_ERROR",
                "a bank-initiated fraud alert cannot be cleared here: transfer to security",
            )
        card.set("fraud_alert_active", False)
        card.set("alert_source", None)
        card.set("fraud_alert_cleared_date", today)
        return {"card_id": card.card_id, "fraud_alert_active": False}


def _current_limit(card: DebitCard, account: Account, limit_type: str) -> int:
    if limit_type == "purchase":
        current = card.get("daily_purchase_limit")
    else:
        current = card.get("daily_atm_limit")
        product = account_product(account)
        if current is None and product == "Light Green Account":
            raise ToolError("BUSINESS_ERROR", "the Light Green $150 ATM limit is fixed by policy")
        current = current if current is not None else DEFAULT_ATM_LIMITS.get(product)
    if not isinstance(current, int | float):
        raise ToolError("BUSINESS_ERROR", f"the card has no {limit_type} limit that can change")
    return int(current)


def _recent_overdraft_fee(session: Session, account_id: str) -> bool:
    rows = rows_where(session, BankTransaction, account_id=account_id)
    return any(
        r.get("type") == "overdraft_fee" and clock.within_days(r.get("date"), 30) for r in rows
    )


def temporary_limit_increase(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Raise a card's daily ATM or purchase limit for 24 hours (at most 150 %)."""
    kind, new_limit = str(args["limit_type"]), int(args["new_limit"])
    with session_scope(ctx.database_url) as session:
        card = _card(session, args)
        _require_status(card, "ACTIVE")
        account = _require_open_account(session, card)
        age = clock.days_since(account.get("date_opened"))
        if age is not None and age < 60:
            raise ToolError("BUSINESS_ERROR", f"the account is {age} days old; 60 are needed")
        if _recent_overdraft_fee(session, account.account_id):
            raise ToolError("BUSINESS_ERROR", "an overdraft fee was charged in the last 30 days")
        if card.get(f"temporary_{kind}_limit_expires") == clock.today_str():
            raise ToolError("BUSINESS_ERROR", "one temporary increase per 24 hours")
        current = _current_limit(card, account, kind)
        if new_limit > int(current * 1.5) or new_limit <= current:
            raise ToolError(
                "BUSINESS_ERROR",
                f"the new limit must exceed ${current} and be at most ${int(current * 1.5)}",
            )
        card.set(f"daily_{kind}_limit", new_limit)
        card.set(f"temporary_{kind}_limit_increase", True)
        card.set(f"original_{kind}_limit", current)
        card.set(f"temporary_{kind}_limit_expires", clock.today_str())
        return {"card_id": card.card_id, "limit_type": kind, "old": current, "new": new_limit}


def set_recurring_block(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Block (or allow again) every recurring charge on an ACTIVE card."""
    with session_scope(ctx.database_url) as session:
        card = _card(session, args)
        _require_status(card, "ACTIVE")
        card.set("recurring_blocked", bool(args["block_recurring"]))
        return {"card_id": card.card_id, "recurring_blocked": bool(args["block_recurring"])}
