"""Credit card accounts: credit limit increases (CLI) and closing a card, with retention.

Credit limit increase (documents "How can I request a CLI?", "CLI Eligibility Requirements
by Card Tier", "Internal: CLI Payment History and Approval Criteria", "Internal: Processing
CLI Approvals and Denials"): the customer names the card and the increase (or the new
total limit); an increase above the tier's maximum is refused and the maximum offered
(step 0); the request is submitted (step 1); once submitted, the bank's rules decide it
(steps 2-4: account age, cooldown after an approved request, disputes, replacement cards,
standing, utilization, payment history, amount) and the approval or the denial is listed
for the customer's yes. What the customer says about the decision ("my manager approved
it") is never read: the rules are.

Closing a credit card ("How can I close a credit card account?", "Internal: Processing
Credit Card Account Closures", "Internal: Credit Card Retention Protocol"): the card must
have no open dispute, no replacement in process, 60 days of age and a $0.00 balance (a
balance may be paid from checking first when the customer asks); a closure reason logged
within the past year skips retention; otherwise the reason is asked, the offer the
protocol prescribes for it is made (an annual-fee waiver for a 2-year customer, else the
tier's statement credit), and the customer either keeps the card (only the offer is
applied) or goes on: the reason is logged, then the card is closed. Every change is one
:func:`plan` the customer says yes to; a step's done reply says what comes next.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import Any

from keel.domain.bank import accounts as acc
from keel.domain.bank import clock
from keel.domain.bank import extract as ex
from keel.domain.bank.common import CARD_TIERS, parse_money
from keel.domain.bank.decisions import (
    Turn,
    accounts,
    ask,
    choose,
    credit_cards,
    credit_label,
    named,
    plan,
    refuse,
    respond,
    yes_no,
)
from keel.domain.pack import Decision
from keel.safety import patterns as rx

Card = dict[str, Any]

# -- CLI rules by card tier (documents above) -------------------------------------------------

MIN_AGE_DAYS = {"ENTRY": 120, "MID": 90, "PREMIUM": 60}
COOLDOWN_DAYS = {"ENTRY": 120, "MID": 90, "PREMIUM": 60}
MAX_UTILIZATION = {"ENTRY": 0.70, "MID": 0.80, "PREMIUM": 0.90}  # must be below
ON_TIME_MONTHS = {"ENTRY": 6, "MID": 3, "PREMIUM": 3}
MAX_INCREASE_SHARE = {"ENTRY": 0.25, "MID": 0.50, "PREMIUM": 0.50}
DEFAULT_TIER = "MID"
ACTIVE_DISPUTES = ("SUBMITTED", "UNDER_REVIEW", "PENDING")
PENDING_ORDERS = ("ORDERED", "PENDING", "PROCESSING", "SHIPPED")
BAD_STANDING = ("PAST_DUE", "DELINQUENT", "COLLECTIONS", "CLOSED")
LATE_PAYMENTS = ("LATE", "MISSED", "PAST_DUE")
DECIDED = ("APPROVED", "DENIED")

# -- closing and retention --------------------------------------------------------------------

CLOSE_MIN_AGE_DAYS = 60
SETTLED_DISPUTES = ("RESOLVED", "APPROVED", "DENIED", "CLOSED", "WITHDRAWN")
SETTLED_ORDERS = ("DELIVERED", "CANCELLED")
RETENTION_WINDOW_DAYS = 365  # a reason logged within a year: no retention offer again
WAIVER_TENURE_DAYS = 730  # "a customer for 2+ years": the annual fee waived for a year
RETENTION_CREDIT = {"ENTRY": 5, "MID": 20, "PREMIUM": 50}  # one offer per tier (Step 5)
CLOSE_REASONS = (
    "annual_fee",
    "not_using_card",
    "found_better_card",
    "unhappy_with_rewards",
    "simplifying_finances",
    "negative_experience",
    "other",
)
# Reasons the protocol answers with a word before the offer (Step 4, "address the concern").
CONCERN_NOTES = (
    "not_using_card",
    "found_better_card",
    "unhappy_with_rewards",
    "negative_experience",
)
OTHER_REASON = rx.compile(
    r"\bother\b|\bpersonal\b|\bjust because\b|\brather not say\b|其他|个人原因|不想说", rx.I
)
# An answer to the retention offer: keep the card with the offer, or go on closing.
ACCEPT_WORDS = rx.compile(
    r"\b(?:accept|take|i'?ll take|waive|waiver|sounds good|deal|credit it|apply it)\b|"
    r"接受|好的|可以|要这个|打到卡上|抵扣",
    rx.I,
)
# Keeping the card without taking the offer ("I won't close it after all", "先不注销了"): the
# closure is withdrawn and nothing is applied; keeping is no yes to the offer.
WITHDRAW_WORDS = rx.compile(
    r"\b(?:not (?:going to )?close|won'?t close|don'?t close|never ?mind|hold off|"
    r"keep (?:it|the card|my card)(?: open)?)\b|不注销了|先不注销|不销了|不关了|算了|先留着|保留",
    rx.I,
)
CLOSE_ANYWAY = rx.compile(
    r"\b(?:just close|close it|go ahead and close|still want)\b|还是注销|直接注销|继续注销", rx.I
)
DECLINE_WORDS = rx.compile(r"\b(?:no|nope|decline|not interested)\b|不要|不用|不需要", rx.I)
CHECKING_WORD = rx.compile(r"\bchecking\b|支票", rx.I)
# "raise it TO $8,000" names the new total; "BY $1,000" names the increase.
TOTAL_WORD = rx.compile(
    r"\b(?:to|up to|total(?: of)?|new (?:credit )?limit(?: of| to)?|limit of)\s*(?:\$|USD\s?)?\d|"
    r"(?:提高|提升|调整|调|提|增加|涨)到\s*\$?\d|总额度",
    rx.I,
)
INCREASE_WORD = rx.compile(
    r"\bby\s*\$?\d|\bincrease of\b|\bextra\b|\bmore\b|\badditional\b|多\s*\$?\d|增加\s*\$?\d",
    rx.I,
)
CARD_ID = rx.compile(r"\bcc_[A-Za-z0-9_]+")
THOUSANDS = rx.compile(r"(?:\$\s?)?(\d+(?:\.\d+)?)\s?k\b|(\d+(?:\.\d+)?)\s?(?:千|万)", rx.I)


# -- small readings -----------------------------------------------------------------------------


def tier_of(card: Mapping[str, Any]) -> str:
    """The card's tier: ENTRY, MID or PREMIUM (by its product)."""
    return CARD_TIERS.get(str(card.get("card_type")), DEFAULT_TIER)


def money(value: float) -> str:
    """An amount as the replies write it after "$": ``1,234.50``."""
    return f"{value:,.2f}"


def age_days(card: Mapping[str, Any]) -> int:
    """Days since the card account was opened."""
    return clock.days_since(card.get("date_of_account_open")) or 0


def after_days(start: Any, days: int) -> str:
    """The date ``days`` after ``start`` (MM/DD/YYYY), or today when ``start`` is no date."""
    day = clock.parse_date(start) or clock.today()
    return date.fromordinal(day.toordinal() + days).strftime("%m/%d/%Y")


def a_year_from_today() -> str:
    """The date a year from today (MM/DD/YYYY; 29 February becomes 28 February)."""
    today = clock.today()
    day = 28 if (today.month, today.day) == (2, 29) else today.day
    return today.replace(year=today.year + 1, day=day).strftime("%m/%d/%Y")


def is_live(card: Mapping[str, Any]) -> bool:
    """Whether the card account is open (a record without a status is)."""
    return str(card.get("status") or "ACTIVE").upper() != "CLOSED"


def names_another(turn: Turn, cards: Sequence[Card]) -> bool:
    """The messages name a card account id that is not one of the customer's."""
    owned = {str(c.get("account_id")) for c in cards}
    said = {m.group(0) for text in acc.texts(turn) for m in CARD_ID.finditer(text)}
    return bool(said - owned)


# What a task keeps of the card it is about: another card named starts from nothing.
PER_CARD = ("credit_card_account_id", "retention_answer", "retention", "closure_reason")


def switched_card(turn: Turn, usable: Sequence[Card], kept: str) -> bool:
    """True when the latest message names another of the customer's cards than the task's."""
    name = ex.card_name(acc.latest(turn))
    current = next((c for c in usable if c.get("account_id") == kept), None)
    return (
        name is not None
        and current is not None
        and current.get("card_type") != name
        and any(c.get("card_type") == name for c in usable)
    )


def the_card(turn: Turn, usable: Sequence[Card], none_key: str) -> Card | Decision:
    """The one card meant (kept in the task once known), or the question which.

    A card account id the customer does not hold is never replaced by one they do.
    """
    if names_another(turn, usable):
        return respond(turn, none_key)
    kept = turn.slots.get("credit_card_account_id")
    if kept and switched_card(turn, usable, str(kept)):
        # "…and I'm thinking of closing my Platinum card too": another card, from its start
        for slot in PER_CARD:
            turn.slots.pop(slot, None)
        kept = None
    found = [c for c in usable if c.get("account_id") == kept] if kept else []
    if not found:
        values = acc.stated(turn)
        found = named(usable, values, "card_type")
        if turn.frame["asked"] == "card":
            answer = ex.card_name(acc.latest(turn))
            found = [c for c in found if c.get("card_type") == answer] or found
    chosen = choose(turn, found, credit_label, none_key)
    if isinstance(chosen, Decision):
        return chosen
    turn.slots["credit_card_account_id"] = chosen["account_id"]
    return chosen


def account_rows(turn: Turn, tool: str, card: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    """The records a per-card read returns under ``key``."""
    data = turn.read(tool, credit_card_account_id=card["account_id"]) or {}
    return [dict(r) for r in data.get(key, [])]


# -- credit limit increase ----------------------------------------------------------------------


def requested(turn: Turn, limit: float) -> float | None:
    """The increase the customer asks for: "by $1,000", "to $8,000", "8k", or a bare number.

    A bare number given in answer to "how much?" is the new total when it exceeds the
    current limit, else the increase.
    """
    for text in reversed(acc.texts(turn)):
        value = ex.amount(text)
        short = THOUSANDS.search(text)
        if short is not None:
            number = float(short.group(1) or short.group(2))
            value = number * (10000 if "万" in short.group(0) else 1000)
        if value is None and turn.frame["asked"] == "amount" and text == acc.latest(turn):
            bare = acc.BARE_NUMBER.search(text)
            value = float(bare.group(1).replace(",", "")) if bare else None
            if value is not None and value > limit:
                return value - limit
            if value is not None:
                return value
        if value is None:
            continue
        total = TOTAL_WORD.search(text) and not INCREASE_WORD.search(text)
        return value - limit if total else value
    return None


def awaiting(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The submitted request still awaiting its decision (None: there is none).

    A request is decided once an approval or denial is dated on or after its submission.
    """
    pending = [r for r in rows if r.get("status") == "PENDING"]
    for request in sorted(pending, key=lambda r: submitted_on(r), reverse=True):
        day = submitted_on(request)
        if not any(r.get("status") in DECIDED and decided_on(r) >= day for r in rows):
            return dict(request)
    return None


def submitted_on(row: Mapping[str, Any]) -> date:
    """The day a CLI record was submitted (or decided, when that is all it says)."""
    for field in ("submitted_at", "submitted_date", "decision_date"):
        day = clock.parse_date(row.get(field))
        if day is not None:
            return day
    return date.min


def decided_on(row: Mapping[str, Any]) -> date:
    """The day a CLI record was decided."""
    return clock.parse_date(row.get("decision_date")) or submitted_on(row)


def cooldown_until(rows: Sequence[Mapping[str, Any]], request: Mapping[str, Any], tier: str) -> str:
    """The date the cooldown ends when the latest earlier request was approved, else ''."""
    others = [r for r in rows if r.get("request_id") != request.get("request_id")]
    if not others:
        return ""
    latest = max(others, key=submitted_on)
    if latest.get("status") != "APPROVED":
        return ""  # a denial starts no cooldown
    age = (clock.today() - submitted_on(latest)).days
    if age >= COOLDOWN_DAYS[tier]:
        return ""
    return after_days(submitted_on(latest).strftime("%m/%d/%Y"), COOLDOWN_DAYS[tier])


def denial(turn: Turn, card: Card, request: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The first rule the request fails ('' when it meets them all), with the reply's figures.

    The checks run in the documents' order (Processing CLI Approvals and Denials, steps 2-3).
    """
    tier = tier_of(card)
    limit, balance = parse_money(card.get("credit_limit")), parse_money(card.get("current_balance"))
    utilization = balance / limit if limit else 1.0
    increase = float(request.get("requested_increase_amount") or 0)
    figures: dict[str, Any] = {
        "days": MIN_AGE_DAYS[tier],
        "age": age_days(card),
        "utilization": f"{utilization * 100:.1f}",
        "threshold": f"{MAX_UTILIZATION[tier] * 100:.0f}",
        "months": ON_TIME_MONTHS[tier],
        "maximum": money(math.floor(limit * MAX_INCREASE_SHARE[tier])),
    }
    rows = account_rows(turn, "get_credit_limit_increase_history_4829", card, "requests")
    disputes = (turn.read("get_user_dispute_history_7291") or {}).get("disputes", [])
    orders = account_rows(turn, "get_pending_replacement_orders_5765", card, "orders")
    history = (
        turn.read(
            "get_payment_history_6183",
            credit_card_account_id=card["account_id"],
            months=ON_TIME_MONTHS[tier],
        )
        or {}
    )
    payments = history.get("payments", [])
    until = cooldown_until(rows, request, tier)
    figures["until"] = until or after_days(card.get("date_of_account_open"), MIN_AGE_DAYS[tier])
    checks: list[tuple[str, bool]] = [
        ("insufficient_account_age", age_days(card) < MIN_AGE_DAYS[tier]),
        ("cooldown_period_active", bool(until)),
        ("pending_disputes", any(d.get("status") in ACTIVE_DISPUTES for d in disputes)),
        ("pending_replacement_card", any(o.get("status") in PENDING_ORDERS for o in orders)),
        (
            "past_due_balance",
            str(card.get("account_status") or "").upper() in BAD_STANDING
            or any(str(p.get("status")).upper() in LATE_PAYMENTS for p in payments[:1]),
        ),
        ("high_utilization", utilization >= MAX_UTILIZATION[tier]),
        (
            "insufficient_payment_history",
            int(history.get("consecutive_on_time") or 0) < ON_TIME_MONTHS[tier],
        ),
        (
            "requested_amount_exceeds_limit",
            increase > limit * MAX_INCREASE_SHARE[tier] + 0.005,
        ),
    ]
    failed = next((reason for reason, fails in checks if fails), "")
    return failed, figures


def decide_request(turn: Turn, card: Card, request: Mapping[str, Any]) -> Decision:
    """List the approval or the denial of a submitted request, as the rules decide it."""
    limit = parse_money(card.get("credit_limit"))
    increase = int(request.get("requested_increase_amount") or 0)
    summary: dict[str, Any] = {
        "card": credit_label(card),
        "limit": money(limit),
        "increase": money(increase),
        "new_total": money(limit + increase),
        "request_id": request.get("request_id"),
    }
    reason, figures = denial(turn, card, request)
    if not reason:
        summary.update(
            action_key="credit_limit.step.approve", result_key="credit_limit.result.approve"
        )
        new_limit = int(limit) + increase
        args = {"credit_card_account_id": card["account_id"], "new_credit_limit": new_limit}
        return plan(turn, "approve_credit_limit_increase_5847", args, True, summary)
    summary.update(
        figures,
        why_key=f"credit_limit.why.{reason}",
        action_key="credit_limit.step.deny",
        result_key="credit_limit.result.deny",
    )
    args = {"credit_card_account_id": card["account_id"], "denial_reason": reason}
    return plan(turn, "deny_credit_limit_increase_5848", args, True, summary)


def credit_limit(turn: Turn) -> Decision:
    """Request a credit limit increase: submit it, then list the rules' decision."""
    cards = [c for c in credit_cards(turn) if is_live(c)]
    card = the_card(turn, cards, "card.none")
    if isinstance(card, Decision):
        return card
    limit = parse_money(card.get("credit_limit"))
    data: dict[str, Any] = {"card": credit_label(card), "limit": money(limit)}
    if limit <= 0:  # nothing to assess an increase or a utilization against
        return respond(turn, "credit_limit.no_limit", data)
    rows = account_rows(turn, "get_credit_limit_increase_history_4829", card, "requests")
    request = awaiting(rows)
    if request is not None:
        return decide_request(turn, card, request)
    increase = requested(turn, limit)
    if increase is None:
        return ask(turn, "amount", "ask.cli_amount", data)
    if increase < 1:
        return refuse(turn, "credit_limit.not_higher", data)
    maximum = math.floor(limit * MAX_INCREASE_SHARE[tier_of(card)])
    whole = round(increase)
    data.update(increase=money(whole), maximum=money(maximum))
    if whole > maximum:
        answer = turn.slots.get("cli_maximum")
        if answer == "no":
            return respond(turn, "credit_limit.kept", data)
        if answer != "yes":
            return ask(turn, "cli_maximum", "ask.cli_maximum", data)
        whole = maximum
    summary = {**data, "increase": money(whole), "new_total": money(limit + whole)}
    args: dict[str, Any] = {
        "credit_card_account_id": card["account_id"],
        "requested_increase_amount": whole,
    }
    # The bank's rules decide the request now, and the listing says so: one yes submits it
    # and applies the decision ("it meets the rules: your limit becomes $7,500").
    stub = {"requested_increase_amount": whole, "submitted_at": clock.today_str()}
    reason, figures = denial(turn, card, stub)
    if reason:
        summary.update(
            figures,
            why_key=f"credit_limit.why.{reason}",
            action_key="credit_limit.step.submit_deny",
            result_key="credit_limit.result.deny",
        )
        args.update(decision="deny", denial_reason=reason)
    else:
        summary.update(
            action_key="credit_limit.step.submit_approve",
            result_key="credit_limit.result.approve",
        )
        args["decision"] = "approve"
    return plan(turn, "submit_credit_limit_increase_request_7392", args, True, summary)


# -- closing a credit card ----------------------------------------------------------------------


def open_disputes(turn: Turn, card: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The customer's unsettled disputes of charges on this card."""
    data = turn.read("get_user_dispute_history_7291") or {}
    found = [
        dict(d)
        for d in data.get("disputes", [])
        if str(d.get("status", "")).upper() not in SETTLED_DISPUTES
    ]
    if not found:
        return []
    txns = turn.read("get_credit_card_transactions_by_user") or {}
    on_card = {
        str(t.get("transaction_id"))
        for t in txns.get("transactions", [])
        if t.get("credit_card_account_id") == card.get("account_id")
        or (
            not t.get("credit_card_account_id")
            and t.get("credit_card_type") == card.get("card_type")
        )
    }
    known = {str(t.get("transaction_id")) for t in txns.get("transactions", [])}
    return [
        d
        for d in found
        if str(d.get("transaction_id")) in on_card or str(d.get("transaction_id")) not in known
    ]


def closure_block(turn: Turn, card: Card) -> str | None:
    """Why the card cannot be closed yet, in the protocol's order (None: nothing blocks)."""
    if open_disputes(turn, card):
        return "close_credit_card.dispute"
    orders = account_rows(turn, "get_pending_replacement_orders_5765", card, "orders")
    if any(str(o.get("status")).upper() not in SETTLED_ORDERS for o in orders):
        return "close_credit_card.replacement"
    if age_days(card) < CLOSE_MIN_AGE_DAYS:
        return "close_credit_card.too_new"
    balance = parse_money(card.get("current_balance"))
    if balance >= 0.005:
        return "close_credit_card.balance"
    if balance <= -0.005:
        return "close_credit_card.credit_balance"
    return None


def reason_given(turn: Turn) -> str | None:
    """The closure reason the task's messages give (the protocol's list), or None."""
    for text in reversed(acc.texts(turn)):
        reason = ex.closure_reason(text, credit=True)
        if reason in CLOSE_REASONS:
            return reason
    slot = turn.slots.get("closure_reason")
    if slot in CLOSE_REASONS:
        return str(slot)
    if turn.frame["asked"] == "closure_reason" and OTHER_REASON.search(acc.latest(turn)):
        return "other"
    return None


def tenure_days(turn: Turn) -> int:
    """Days the customer has been with the bank: since the oldest account or card."""
    data = turn.read("get_all_user_accounts_by_user_id_3847") or {}
    opened = [a.get("date_opened") for a in data.get("accounts", [])]
    opened += [c.get("date_of_account_open") for c in data.get("credit_card_accounts", [])]
    ages = [clock.days_since(d) for d in opened]
    return max([a for a in ages if a is not None] or [0])


def retention_offer(turn: Turn, card: Card, reason: str) -> tuple[str, dict[str, Any], str]:
    """(offer key, the write's arguments, tool) the protocol prescribes for ``reason``."""
    base = {"credit_card_account_id": card["account_id"]}
    if reason == "annual_fee" and tenure_days(turn) >= WAIVER_TENURE_DAYS:
        args = {
            **base,
            "flag_type": "annual_fee_waived",
            "expiration_date": a_year_from_today(),
            "reason": "loyalty_benefit",
        }
        return "close_credit_card.offer.waiver", args, "apply_credit_card_account_flag_6147"
    credit = RETENTION_CREDIT[tier_of(card)]
    args = {**base, "amount": float(credit), "reason": "retention_offer"}
    return "close_credit_card.offer.credit", args, "apply_statement_credit_8472"


def retention_answer(turn: Turn) -> str | None:
    """The answer to the retention offer: "accept", "decline" or None (none yet)."""
    if turn.frame["asked"] != "retention":
        return turn.slots.get("retention_answer")
    text = acc.latest(turn)
    said_no = DECLINE_WORDS.search(text) or turn.slots.get("retention") == "no"
    if CLOSE_ANYWAY.search(text):
        answer = "decline"
    elif ACCEPT_WORDS.search(text):
        answer = "accept"
    elif WITHDRAW_WORDS.search(text):
        answer = "withdraw"
    elif said_no:
        answer = "decline"
    elif turn.slots.get("retention") == "yes":
        answer = "accept"
    else:
        return None
    turn.slots["retention_answer"] = answer
    return answer


def recently_logged(turn: Turn, card: Card) -> bool:
    """A closure reason was logged for this card within the past year."""
    rows = account_rows(turn, "get_closure_reason_history_8293", card, "closure_reasons")
    return any(clock.within_days(r.get("logged_at"), RETENTION_WINDOW_DAYS) for r in rows)


def pay_first(turn: Turn, card: Card, data: dict[str, Any]) -> Decision:
    """Pay the card's balance from checking (asked for), the step before closing it."""
    balance = parse_money(card.get("current_balance"))
    held = accounts(turn)
    checking = [a for a in held if acc.kind_of(a) == "checking" and acc.is_open(a)]
    if not checking:
        return refuse(turn, "close_credit_card.no_checking", data)
    values = acc.stated(turn)
    ref = acc.Ref(product=None, family="checking", last4=values.get("card_last4"))
    chosen = acc.pick(turn, "checking_account_id", checking, ref, "ask.pay_checking", data)
    if isinstance(chosen, Decision):
        return chosen
    summary = {
        **data,
        "source": acc.label(chosen),
        "checking": money(acc.balance_of(chosen)),
        "action_key": "close_credit_card.step.pay",
        "result_key": "close_credit_card.result.pay",
    }
    if acc.balance_of(chosen) + 0.005 < balance:
        return refuse(turn, "close_credit_card.checking_short", summary)
    args = {
        "checking_account_id": chosen["account_id"],
        "credit_card_account_id": card["account_id"],
        "amount": round(balance, 2),
    }
    decision = plan(turn, "pay_credit_card_from_checking_9182", args, True, summary)
    # the closure the payment was for goes on once it is paid: a task of its own after it
    decision.split_off = f"close my {card.get('card_type')}"
    decision.split_slots = {"card_name": card.get("card_type")}
    return decision


def has_checking(turn: Turn) -> bool:
    """The customer has an open checking account to pay a card from."""
    return any(acc.kind_of(a) == "checking" and acc.is_open(a) for a in accounts(turn))


def wants_payment(turn: Turn) -> bool:
    """The customer asked to pay the card from checking."""
    words = " ".join(acc.texts(turn))
    return bool(acc.PAY_WORD.search(words) and CHECKING_WORD.search(words))


def close_credit_card(turn: Turn) -> Decision:
    """Close a credit card: eligibility, retention (reason, offer), the reason log, closure."""
    cards = credit_cards(turn)
    said = named(cards, acc.stated(turn), "card_type")
    if said and len(said) < len(cards) and not any(is_live(c) for c in said):
        return respond(turn, "close_credit_card.already_closed", {"card": credit_label(said[0])})
    card = the_card(turn, [c for c in cards if is_live(c)], "card.none")
    if isinstance(card, Decision):
        return card
    balance = parse_money(card.get("current_balance"))
    data: dict[str, Any] = {
        "card": credit_label(card),
        "balance": money(balance),
        "limit": money(parse_money(card.get("credit_limit"))),
        "age": age_days(card),
        "days": CLOSE_MIN_AGE_DAYS,
    }
    blocked = closure_block(turn, card)
    if blocked == "close_credit_card.balance":
        # the balance is paid from checking first when the customer asks, or says yes to
        # the offer; the closure goes on in this task once it is paid
        pay = yes_no(turn, "pay_first")
        if pay is True or (pay is None and wants_payment(turn)):
            return pay_first(turn, card, data)
        if pay is None and has_checking(turn):
            return ask(turn, "pay_first", "ask.close_pay_first", data)
    if blocked is not None:
        return refuse(turn, blocked, data)
    closing = {
        **data,
        "action_key": "close_credit_card.step.close",
        "result_key": "close_credit_card.result.close",
    }
    args = {"credit_card_account_id": card["account_id"]}
    if recently_logged(turn, card):  # Step 2: no retention offer again within a year
        return plan(turn, "close_credit_card_account_7834", args, True, closing)
    # the reason once given is kept: a later answer ("不用，直接注销") may read as another
    reason = turn.slots.get("settled_reason") or reason_given(turn)
    if reason is None:
        return ask(turn, "closure_reason", "ask.credit_close_reason", data)
    turn.slots["settled_reason"] = reason
    offer_key, offer_args, tool = retention_offer(turn, card, reason)
    offer = {
        **data,
        "reason_key": f"cc_reason.{reason}",
        "note_key": f"close_credit_card.note.{reason}" if reason in CONCERN_NOTES else "hint.none",
        "offer_key": offer_key,
        "credit": money(float(offer_args.get("amount") or 0)),
        "until": offer_args.get("expiration_date") or "",
    }
    answer = retention_answer(turn)
    if answer is None:
        return ask(turn, "retention", "ask.credit_retention", offer)
    if answer == "withdraw":  # the card is kept as it is: nothing closed, nothing applied
        return respond(turn, "close_credit_card.withdrawn", {"card": credit_label(card)})
    if answer == "accept":
        kept = {
            **offer,
            "action_key": "close_credit_card.step.offer",
            "result_key": "close_credit_card.result.offer",
        }
        return plan(turn, tool, offer_args, True, kept)
    logged = {
        **offer,
        "action_key": "close_credit_card.step.log",
        "result_key": "close_credit_card.result.log",
    }
    log_args = {**args, "closure_reason": reason}
    return plan(turn, "log_credit_card_closure_reason_4521", log_args, True, logged)


HANDLERS: dict[str, Callable[[Turn], Decision]] = {
    "credit_limit": credit_limit,
    "close_credit_card": close_credit_card,
}
