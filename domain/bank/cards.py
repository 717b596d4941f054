"""Debit-card service: order, activate, PIN, one-day limit increase, fraud alerts, recurring blocks.

One intent (``order_card``) covers the customer's debit-card service requests; the
procedure is read once from the task's own words (:func:`procedure`) and kept in the task.
Every rule comes from the bank's documents (cited at each constant) and is checked here
before anything is listed; each change is one :func:`plan` the customer says yes to, and
the write tool checks the same rules again inside its transaction.

* Ordering (Ordering a Debit Card; Replacement Options by Account Tier): one active card
  per checking account, so a lost, stolen, compromised or damaged card that is still
  active is closed first (its own listing, with its reason: Closing a Debit Card); the
  order is then its own request. Fees follow the account's tier.
* Activating (Activating a Debit Card): the card's issue reason picks the tool.
* PIN (Resetting or Changing a Debit Card PIN; PIN Lock Investigation Protocol): a
  forgotten PIN is reset with the card's last four digits, a known one changed with the
  current PIN; weak PINs are refused; a PIN lock under a security hold, or after failed
  attempts the customer says were not theirs, is never unlocked here.
* Temporary limit increase, fraud alert / velocity block, recurring-payment block (their
  procedures of the same names).

A card the customer names that is not theirs is never touched; several cards (a lost
wallet) are each their own listing and yes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, timedelta
from typing import Any

from keel.domain.bank import clock
from keel.domain.bank.common import CHECKING_TIERS, US_STATES, parse_money
from keel.domain.bank.debit_actions import DEFAULT_ATM_LIMITS, DELIVERY_WINDOWS, SEQUENTIAL_PINS
from keel.domain.bank.decisions import (
    Turn,
    accounts,
    ask,
    credit_cards,
    credit_label,
    debit_label,
    every_card_said,
    plan,
    refuse,
    respond,
    then_the_rest,
    yes_no,
)
from keel.domain.pack import Decision
from keel.safety import patterns as rx
from keel.safety.secrets import reveal

Card = dict[str, Any]
Account = dict[str, Any]

# -- which procedure the words ask for (checked in this order) --------------------------------

PROCEDURES: tuple[tuple[str, str], ...] = (
    ("recurring", r"\brecurring\b|\bsubscriptions?\b|\bauto-?pay\w*|自动扣|订阅|定期扣"),
    ("alert", r"\bfraud alert|\bvelocity\b|\bsecurity (?:alert|block)|欺诈警报|风控|警报"),
    ("limit", r"\blimits?\b|限额|额度"),
    ("activate", r"\bactivat\w*|激活|\bset up a pin\b|设置密码"),
    ("pin", r"\bpins?\b|密码"),
)
PROCEDURE_READINGS = tuple((name, rx.compile(words, rx.I)) for name, words in PROCEDURES)
RESET_WORDS = rx.compile(
    r"\breset\b|\bforg[eo]t\w*|\blocked\b|\bunlock\w*|\btoo many\b|\bwrong pin\b|"
    r"\bisn'?t working\b|\bnot working\b|忘|重置|锁|不记得|输错",
    rx.I,
)
CHANGE_WORDS = rx.compile(r"\bchange\b|\bupdate\b|\bnew pin\b|修改|更改|改|换", rx.I)
UNBLOCK_WORDS = rx.compile(
    r"\bunblock\w*|\ballow\w*|\bresume\b|\blift\b|\bremove the block\b|\bturn off the block\b|"
    r"恢复|允许|解除",
    rx.I,
)
LAST4_CUE = rx.compile(
    r"\bending(?:\s+(?:in|with))?|\bends?\s+(?:in|with)|\blast\s+(?:four|4)\b|尾号|末四位|后四位",
    rx.I,
)
LIST_REACH = 60  # characters after a last-four cue that may list further cards
LIST_END = rx.compile(r"[.!?;。！？；]")
FOUR_DIGITS = rx.compile(r"(?<![\d-])\d{4}(?![\d-])")

# -- ordering (Ordering a Debit Card; Replacement Options by Account Tier) --------------------

CHECKING_CLASSES = ("checking", "business_checking")
MIN_BALANCE = 25.0
MIN_BUSINESS_DAYS_OPEN = 3
MIN_AGE_YEARS = 18
REPLACE_REASONS = ("lost", "stolen", "fraud_suspected", "damaged")  # close, then order
SECURITY_REASONS = ("lost", "stolen", "fraud_suspected")  # no 14-day minimum card age
MIN_CARD_AGE_DAYS = 14
COUNTED_ISSUES = ("lost", "stolen", "fraud", "damaged")  # count toward the replacement limit
REPLACEMENT_ISSUES = ("lost", "stolen", "fraud")  # a new card after such a closure
ENTRY_WAIT_DAYS = 2  # 48 hours after the closure (Entry tier)
YEAR_DAYS = 365
DEFAULT_TIER = "MID"  # an account the tier table does not list: the standard fees
# Tier -> (replacements per rolling 12 months or None, excess fee or None: must wait).
REPLACEMENT_LIMITS: dict[str, tuple[int | None, float | None]] = {
    "ENTRY": (2, 25.0),
    "MID": (3, 15.0),
    "PREMIUM": (5, None),
    "ELITE": (None, None),
}
# Tier -> delivery option -> fee (an option missing is not available).
DELIVERY_FEES: dict[str, dict[str, float]] = {
    "ENTRY": {"STANDARD": 0.0, "EXPEDITED": 15.0, "RUSH": 35.0},
    "MID": {"STANDARD": 0.0, "EXPEDITED": 15.0, "RUSH": 35.0},
    "PREMIUM": {"STANDARD": 0.0, "EXPEDITED": 0.0, "RUSH": 35.0},
    "ELITE": {"STANDARD": 0.0, "EXPEDITED": 0.0, "RUSH": 0.0},
}
ENTRY_REPLACEMENT_DELIVERY = {"STANDARD": 0.0}  # Entry replacements: standard shipping only
DESIGN_FEES: dict[str, dict[str, float]] = {
    "ENTRY": {"CLASSIC": 0.0, "PREMIUM": 10.0, "CUSTOM": 25.0},
    "MID": {"CLASSIC": 0.0, "PREMIUM": 10.0, "CUSTOM": 25.0},
    "PREMIUM": {"CLASSIC": 0.0, "PREMIUM": 0.0, "CUSTOM": 15.0},
    "ELITE": {"CLASSIC": 0.0, "PREMIUM": 0.0, "CUSTOM": 0.0},
}
US_ADDRESS = rx.compile(r"\b([A-Z]{2})\s+\d{5}(?:-\d{4})?\b")

# -- activation (Activating a Debit Card) -------------------------------------------------------

ACTIVATION_TOOLS: dict[str, tuple[str, ...]] = {
    "activate_debit_card_8291": ("new_account", "first_card"),
    "activate_debit_card_8292": ("lost", "stolen", "fraud"),
    "activate_debit_card_8293": ("expired", "damaged", "upgrade", "bank_reissue"),
}
ACTIVATION_KIND = {
    "activate_debit_card_8291": "new",
    "activate_debit_card_8292": "replacement",
    "activate_debit_card_8293": "reissued",
}

# -- PIN lock (PIN Lock Investigation Protocol) -------------------------------------------------

SECURITY_HOLD = "security_hold"
DECLINED_TYPES = ("atm_withdrawal_declined", "pos_declined")
ATTEMPTS_SHOWN = 4

# -- temporary limits (Requesting Temporary Debit Card Limit Increase) -------------------------

LIMIT_ACCOUNT_DAYS = 60
OVERDRAFT_DAYS = 30
LIMIT_FACTOR = 1.5
FIXED_ATM_PRODUCTS = {"Light Green Account": 150}  # teen checking: the limit is policy

# -- reading the task ---------------------------------------------------------------------------


def procedure(turn: Turn) -> str:
    """The debit-card service the task's words ask for, read once and kept in the task."""
    kept = turn.slots.get("card_service")
    if isinstance(kept, str):
        return kept
    said = " ".join(turn.frame["utterances"])
    found = next((name for name, words in PROCEDURE_READINGS if words.search(said)), "order")
    turn.slots["card_service"] = found
    return found


def named_last4s(utterances: Sequence[str]) -> list[str]:
    """Every card's last four digits the task's words name, in order ("ending 5093 and 6021")."""
    found: list[str] = []
    for text in utterances:
        for m in LAST4_CUE.finditer(text):
            reach = text[m.end() : m.end() + LIST_REACH]
            stop = LIST_END.search(reach)
            for digits in FOUR_DIGITS.findall(reach[: stop.start()] if stop else reach):
                if digits not in found:
                    found.append(digits)
    return found


def said(turn: Turn, words: rx.Pattern[str]) -> bool:
    """Whether the task's words say ``words``."""
    return any(words.search(text) for text in turn.frame["utterances"])


# -- the customer's checking accounts and debit cards -------------------------------------------


def checking_accounts(turn: Turn) -> list[Account]:
    """The customer's open checking accounts (personal and business)."""
    return [
        a
        for a in accounts(turn)
        if str(a.get("class", "")).lower() in CHECKING_CLASSES and a.get("status") == "OPEN"
    ]


def cards_of(turn: Turn, account: Mapping[str, Any]) -> list[Card]:
    """The debit cards of one of the customer's checking accounts (newest first)."""
    data = turn.read("get_debit_cards_by_account_id_7823", account_id=account["account_id"])
    return [
        {**card, "account_level": account.get("level", "")}
        for card in (data or {}).get("debit_cards", [])
    ]


def all_cards(turn: Turn) -> list[Card]:
    """Every debit card on the customer's open checking accounts."""
    return [card for account in checking_accounts(turn) for card in cards_of(turn, account)]


def last4(card: Mapping[str, Any]) -> str:
    """A card's last four digits."""
    return str(card.get("last_4_digits") or card.get("card_number_last_4") or "")


def plain_label(card: Mapping[str, Any]) -> str:
    """A debit card named without its digits (when the digits are what the customer proves)."""
    return f"{card.get('account_level') or 'checking'} debit card"


def account_label(account: Mapping[str, Any]) -> str:
    """How a checking account is named to the customer."""
    return f"{account.get('level')} ({account.get('account_id')})"


def user_record(turn: Turn) -> dict[str, Any]:
    """The customer's record on file."""
    data = turn.read("get_user_information_by_id") or {}
    return dict(data.get("user") or data)


def the_card(
    turn: Turn, cards: list[Card], statuses: tuple[str, ...], key: str, *, always_ask: bool = False
) -> Card | Decision:
    """The one card the request is for, or the question or answer that comes first.

    A card named by its last four digits that is none of the customer's is never used;
    with several usable cards (or ``always_ask``: the digits are the customer's proof),
    the customer is asked for the card's last four digits.
    """
    given = str(turn.slots.get("card_last4") or "")
    if given:
        mine = [c for c in cards if last4(c) == given]
        if not mine:
            return respond(turn, "card_service.not_found", {"last4": given})
        card = mine[0]
        if card.get("status") not in statuses:
            return respond(turn, key, {"card": debit_label(card), "status": card.get("status")})
        return card
    usable = [c for c in cards if c.get("status") in statuses]
    if not usable:
        if cards:
            card = cards[0]
            return respond(turn, key, {"card": debit_label(card), "status": card.get("status")})
        return respond(turn, "card.none")
    if always_ask:  # the digits are the customer's proof: never shown in the question
        options = "; ".join(sorted({plain_label(c) for c in usable}))
        return ask(turn, "card_last4", "ask.card_service_last4_proof", {"card": options})
    if len(usable) == 1:
        return usable[0]
    options = "; ".join(debit_label(c) for c in usable)
    return ask(turn, "card_last4", "ask.card_service_last4", {"cards": options})


# -- rules (pure) -------------------------------------------------------------------------------


def pin_problem(pin: str, birth: date | None) -> str | None:
    """Why a PIN is refused (its reply key), or None (Resetting or Changing a PIN §4)."""
    if pin in SEQUENTIAL_PINS:
        return "card_service.pin_sequential"
    if len(set(pin)) == 1:
        return "card_service.pin_repeated"
    if birth and pin in {f"{birth.year}", birth.strftime("%m%d"), birth.strftime("%d%m")}:
        return "card_service.pin_birth"
    return None


def business_days_between(start: date, end: date) -> int:
    """Weekdays after ``start`` up to and including ``end``."""
    days = 0
    day = start
    while day < end:
        day += timedelta(days=1)
        days += day.weekday() < 5
    return days


def age_years(birth: date, today: date) -> int:
    """Whole years from ``birth`` to ``today``."""
    return today.year - birth.year - ((today.month, today.day) < (birth.month, birth.day))


def us_address(address: str) -> bool:
    """Whether an address is a US domestic one (a state code and ZIP code)."""
    return any(m.group(1) in US_STATES for m in US_ADDRESS.finditer(address))


def tier_of(account: Mapping[str, Any]) -> str:
    """The checking account's tier (procedures §2.0), the standard one when unlisted."""
    return CHECKING_TIERS.get(str(account.get("level", "")), DEFAULT_TIER)


def issue_reason(cards: Sequence[Mapping[str, Any]]) -> str:
    """The issue reason the order tool gives the new card (from the account's closed card)."""
    closed = [c for c in cards if c.get("status") == "CLOSED"]
    if closed:
        reason = str(closed[0].get("closure_reason", "first_card"))
        if reason in ("lost", "stolen", "fraud", "fraud_suspected"):
            return "fraud" if reason == "fraud_suspected" else reason
        return "first_card"
    return "first_card" if cards else "new_account"


def replacements_in_year(cards: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The account's cards issued as replacements in the rolling 12 months."""
    return [
        c
        for c in cards
        if c.get("issue_reason") in COUNTED_ISSUES
        and clock.within_days(c.get("issue_date") or c.get("date_issued"), YEAR_DAYS)
    ]


def delivery_fees(tier: str, replacement: bool) -> dict[str, float]:
    """The delivery options open to the order, with their fees."""
    if replacement and tier == "ENTRY":
        return dict(ENTRY_REPLACEMENT_DELIVERY)
    return dict(DELIVERY_FEES[tier])


def money(value: float) -> str:
    """Dollars as the replies show them."""
    return f"{value:.2f}"


def options_text(fees: Mapping[str, float], windows: Mapping[str, str] | None = None) -> str:
    """Options with their fees ("STANDARD $0.00 (7-10 business days); …")."""
    parts = []
    for name, fee in fees.items():
        when = f", {windows[name]}" if windows and name in windows else ""
        parts.append(f"{name} ${money(fee)}{when}")
    return "; ".join(parts)


# -- 1. ordering --------------------------------------------------------------------------------


def the_account(turn: Turn, checking: list[Account]) -> Account | Decision:
    """The checking account the card is for (asked when the words leave a choice)."""
    if not checking:
        return respond(turn, "card_service.no_checking")
    given = str(turn.slots.get("card_last4") or "")
    if given:
        for account in checking:
            if any(last4(c) == given for c in cards_of(turn, account)):
                return account
        return respond(turn, "card_service.not_found", {"last4": given})
    name = str(turn.slots.get("card_name") or "").lower()
    chosen = [a for a in checking if name and name in str(a.get("level", "")).lower()]
    if len(chosen) == 1:
        return chosen[0]
    if len(checking) == 1:
        return checking[0]
    options = "; ".join(account_label(a) for a in chosen or checking)
    return ask(turn, "card_name", "ask.card_service_account", {"accounts": options})


LIVE = ("ACTIVE", "FROZEN")  # a card still to be closed before its replacement is ordered


def accounts_meant(turn: Turn) -> tuple[list[Account], list[str]]:
    """The checking accounts this order is for, and the ids of those that come after it.

    "Cancel all three and get new ones": every account with a card still to replace, one
    after another (``account_ids``, kept for the task that follows this one); otherwise the
    accounts the words leave to choose from.
    """
    checking = checking_accounts(turn)
    ids = turn.slots.get("account_ids")
    if ids:
        checking = [a for a in checking if a.get("account_id") in ids]
    elif not (every_card_said(turn) and len(checking) > 1 and not turn.slots.get("card_last4")):
        return checking, []
    todo = [a for a in checking if not any(c.get("status") == "PENDING" for c in cards_of(turn, a))]
    if not todo:
        return checking[:1], []
    return todo[:1], [str(a["account_id"]) for a in todo[1:]]


def order_card(turn: Turn) -> Decision:
    """Order a debit card: close the lost/stolen/damaged card first, then the order.

    Once the card is closed the order goes on by itself (a task that follows this one), and
    so do the other accounts of "replace all my cards", each listed for its own yes.
    """
    checking, later = accounts_meant(turn)
    account = the_account(turn, checking)
    if isinstance(account, Decision):
        return account
    cards = cards_of(turn, account)
    live = [c for c in cards if c.get("status") in LIVE]
    if live:
        closing = close_first(turn, account, live[0])
        return go_on(turn, closing, [str(account["account_id"]), *later])
    pending = [c for c in cards if c.get("status") == "PENDING"]
    if pending:
        done = respond(turn, "card_service.order_pending", {"card": debit_label(pending[0])})
        return go_on(turn, done, later)
    return go_on(turn, new_order(turn, account, cards), later)


def go_on(turn: Turn, decision: Decision, ids: list[str]) -> Decision:
    """``decision``, with the order of the accounts ``ids`` waiting behind it (once)."""
    if not ids or decision.route == "ask":
        return decision
    kept = ("closure_reason", "card_design", "delivery_option")
    return then_the_rest(turn, decision, {"account_ids": ids}, kept)


def close_first(turn: Turn, account: Account, card: Card) -> Decision:
    """The account's active card is closed (with its reason) before a new one is ordered."""
    data: dict[str, Any] = {"card": debit_label(card), "account": account_label(account)}
    reason = turn.slots.get("closure_reason")
    if reason not in REPLACE_REASONS:
        return ask(turn, "closure_reason", "ask.card_service_replace_reason", data)
    pending = turn.read(
        "get_bank_account_transactions_9173", account_id=account["account_id"], status="pending"
    )
    if pending is None:
        return respond(turn, "tool.failed", {"detail": ""})
    if pending.get("transactions"):
        return refuse(turn, "card_service.close_pending", data)
    issued = clock.parse_date(card.get("issue_date") or card.get("date_issued"))
    age = clock.days_since(card.get("issue_date") or card.get("date_issued"))
    young = issued is not None and age is not None and age < MIN_CARD_AGE_DAYS
    if reason not in SECURITY_REASONS and young and issued is not None:
        earliest = (issued + timedelta(days=MIN_CARD_AGE_DAYS)).strftime("%m/%d/%Y")
        return refuse(turn, "card_service.too_new", {**data, "date": earliest})
    others = wallet(turn, card)
    mine = {last4(c) for c in all_cards(turn)}
    unknown = [n for n in named_last4s(turn.frame["utterances"]) if n not in mine]
    summary = {
        **data,
        "reason": reason,
        "action_key": "card_service.step.close",
        "result_key": "card_service.result.close",
        "wait_key": "card_service.wait.entry" if tier_of(account) == "ENTRY" else "hint.none",
        "others_key": "card_service.others" if others else "hint.none",
        "other_cards": others or "-",
        "unknown_key": "card_service.unknown_cards" if unknown else "hint.none",
        "unknown_cards": ", ".join(unknown) or "-",
    }
    args = {"card_id": card["card_id"], "reason": reason}
    return plan(turn, "close_debit_card_4721", args, True, summary)


def wallet(turn: Turn, closing: Card) -> str:
    """The customer's other cards that may have been in a lost or stolen wallet."""
    if turn.slots.get("closure_reason") not in ("lost", "stolen"):
        return ""
    debit = [
        debit_label(c)
        for c in all_cards(turn)
        if c.get("card_id") != closing.get("card_id") and c.get("status") in ("ACTIVE", "FROZEN")
    ]
    credit = [credit_label(c) for c in credit_cards(turn) if c.get("status") == "ACTIVE"]
    return "; ".join([*debit, *credit])


def new_order(turn: Turn, account: Account, cards: list[Card]) -> Decision:
    """Order a card for an account with no active or pending card, when the rules allow."""
    data: dict[str, Any] = {"account": account_label(account)}
    refused = order_refusal(turn, account)
    if refused is not None:
        return refused
    tier = tier_of(account)
    reason = issue_reason(cards)
    replacement = reason in REPLACEMENT_ISSUES
    excess = 0.0
    if replacement:
        found = replacement_limit(turn, account, cards, tier)
        if isinstance(found, Decision):
            return found
        excess = found
    fees = delivery_fees(tier, replacement)
    delivery = str(turn.slots.get("delivery_option") or "").upper()
    if delivery not in fees:
        key = "ask.card_service_delivery" if not delivery else "ask.card_service_delivery_only"
        options = options_text(fees, DELIVERY_WINDOWS)
        return ask(turn, "delivery_option", key, {**data, "options": options})
    designs = DESIGN_FEES[tier]
    design = str(turn.slots.get("card_design") or "")
    if design not in designs:
        return ask(
            turn,
            "card_design",
            "ask.card_service_design",
            {**data, "options": options_text(designs)},
        )
    address = str(turn.slots.get("shipping_address") or user_record(turn).get("address") or "")
    if not us_address(address):
        return refuse(turn, "card_service.not_us", {**data, "address": address or "-"})
    total = fees[delivery] + designs[design] + excess
    balance = parse_money(account.get("current_holdings"))
    if total > balance:
        return refuse(
            turn,
            "card_service.fees_uncovered",
            {**data, "total": money(total), "balance": money(balance)},
        )
    args: dict[str, Any] = {
        "account_id": account["account_id"],
        "delivery_option": delivery,
        "delivery_fee": fees[delivery],
        "card_design": design,
        "design_fee": designs[design],
        "shipping_address": address,
    }
    if excess:
        args["excess_replacement_fee"] = excess
    summary = {
        **data,
        "delivery": delivery,
        "window": DELIVERY_WINDOWS[delivery],
        "design": design,
        "delivery_fee": money(fees[delivery]),
        "design_fee": money(designs[design]),
        "excess_fee": money(excess),
        "total": money(total),
        "address": address,
        "kind_key": f"card_service.kind.{'replacement' if replacement else 'new'}",
        "action_key": "card_service.step.order",
        "result_key": "card_service.result.order",
    }
    return plan(turn, "order_debit_card_5739", args, True, summary)


def order_refusal(turn: Turn, account: Account) -> Decision | None:
    """The first eligibility rule the order breaks (Ordering a Debit Card), or None."""
    data = {"account": account_label(account)}
    opened = clock.parse_date(account.get("date_opened"))
    if opened is not None:
        days = business_days_between(opened, clock.today())
        if days < MIN_BUSINESS_DAYS_OPEN:
            return refuse(turn, "card_service.account_too_new", {**data, "days": days})
    balance = parse_money(account.get("current_holdings"))
    if balance < MIN_BALANCE:
        return refuse(turn, "card_service.low_balance", {**data, "balance": money(balance)})
    birth = clock.parse_date(user_record(turn).get("date_of_birth"))
    if birth is not None and age_years(birth, clock.today()) < MIN_AGE_YEARS:
        return refuse(turn, "card_service.under_18", data)
    return None


def replacement_limit(
    turn: Turn, account: Account, cards: list[Card], tier: str
) -> float | Decision:
    """The excess replacement fee the order carries (0), or why it waits (Replacement by Tier)."""
    data = {"account": account_label(account)}
    closed = [c for c in cards if c.get("status") == "CLOSED"]
    since = [clock.days_since(c.get("closed_date")) for c in closed]
    if tier == "ENTRY" and any(d is not None and d < ENTRY_WAIT_DAYS for d in since):
        return refuse(turn, "card_service.entry_wait", data)
    limit, fee = REPLACEMENT_LIMITS[tier]
    recent = replacements_in_year(cards)
    if limit is None or len(recent) < limit:
        return 0.0
    facts = {**data, "limit": limit, "count": len(recent)}
    if fee is None:
        return refuse(turn, "card_service.limit_reached", facts)
    agreed = yes_no(turn, "pay_excess_fee")
    if agreed is None:
        return ask(
            turn, "pay_excess_fee", "ask.card_service_excess_fee", {**facts, "fee": money(fee)}
        )
    if not agreed:
        return respond(turn, "card_service.excess_declined", facts)
    return fee


# -- 2. activating ------------------------------------------------------------------------------


def activation_tool(card: Mapping[str, Any]) -> str | None:
    """The activation tool for the card's issue reason (Activating a Debit Card)."""
    reason = str(card.get("issue_reason") or "new_account")
    return next((tool for tool, rs in ACTIVATION_TOOLS.items() if reason in rs), None)


def expiry_of(card: Mapping[str, Any]) -> str:
    """The card's expiration as printed on it, MM/YY."""
    when = clock.parse_date(card.get("expiration_date"))
    return when.strftime("%m/%y") if when else str(card.get("expiration_date") or "")


def activate_card(turn: Turn) -> Decision:
    """Activate a PENDING card with the details on it and a new PIN, by its issue reason."""
    cards = all_cards(turn)
    card = the_card(turn, cards, ("PENDING",), "card_service.not_pending", always_ask=True)
    if isinstance(card, Decision):
        return card
    data: dict[str, Any] = {"card": debit_label(card)}
    when = clock.parse_date(card.get("expiration_date"))
    if when is not None and when < clock.today():
        return refuse(turn, "card_service.expired", data)
    expiry = turn.slots.get("card_expiry")
    if not expiry:
        return ask(turn, "card_expiry", "ask.card_service_expiry", data)
    if str(expiry) != expiry_of(card):
        return refuse(turn, "card_service.details_mismatch", data)
    cvv = turn.slots.get("card_cvv")
    if not reveal(cvv):  # not said, or said too long ago (a sealed secret expires)
        turn.slots.pop("card_cvv", None)
        return ask(turn, "card_cvv", "ask.card_service_cvv", data)
    pin = new_pin(turn, data)
    if isinstance(pin, Decision):
        return pin
    tool = activation_tool(card)
    if tool is None:
        return respond(turn, "tool.failed", {"detail": ""})
    others = [
        debit_label(c)
        for c in cards
        if c.get("account_id") == card.get("account_id")
        and c.get("card_id") != card.get("card_id")
        and c.get("status") == "ACTIVE"
    ]
    kind = ACTIVATION_KIND[tool]
    summary = {
        **data,
        "action_key": f"card_service.step.activate_{kind}",
        "result_key": f"card_service.result.activate_{kind}",
        "previous_key": f"card_service.previous.{kind}" if others else "hint.none",
        "previous_cards": "; ".join(others) or "-",
    }
    args = {
        "card_id": card["card_id"],
        "last_4_digits": last4(card),
        "expiration_date": str(expiry),
        "cvv": str(cvv),
        "pin": pin,
    }
    return plan(turn, tool, args, True, summary)


def new_pin(turn: Turn, data: Mapping[str, Any]) -> str | Decision:
    """The new PIN the customer chose (its sealed handle), or the question for one.

    The PIN is checked by its value; the plan carries only the handle, which the tool call
    alone reveals (keel.safety.secrets).
    """
    sealed = turn.slots.get("new_pin")
    pin = reveal(sealed) or ""
    if not pin:
        turn.slots.pop("new_pin", None)
        return ask(turn, "new_pin", "ask.card_service_new_pin", data)
    birth = clock.parse_date(user_record(turn).get("date_of_birth"))
    problem = pin_problem(pin, birth)
    if problem is not None:
        turn.slots.pop("new_pin", None)
        return ask(turn, "new_pin", "ask.card_service_pin_again", {**data, "why_key": problem})
    return str(sealed)


# -- 3. PIN reset and change --------------------------------------------------------------------


def pin_card(turn: Turn) -> Decision:
    """Reset a forgotten (or locked) PIN with the card's last four digits, or change a known one."""
    reset = bool(turn.slots.get("pin_forgotten")) or said(turn, RESET_WORDS)
    known = reveal(turn.slots.get("current_pin")) or ""
    if not reset and not known:
        return ask(turn, "current_pin", "ask.card_service_current_pin")
    card = the_card(
        turn, all_cards(turn), ("ACTIVE",), "card_service.pin_not_active", always_ask=reset
    )
    if isinstance(card, Decision):
        return card
    data: dict[str, Any] = {"card": debit_label(card)}
    if card.get("pin_locked"):
        locked = pin_lock(turn, card, data)
        if locked is not None:
            return locked
        if not turn.slots.get("card_last4"):  # a locked card is unlocked by a reset
            proof = {"card": plain_label(card)}
            return ask(turn, "card_last4", "ask.card_service_last4_proof", proof)
        reset = True
    pin = new_pin(turn, data)
    if isinstance(pin, Decision):
        return pin
    if reset:
        args = {"card_id": card["card_id"], "last_4_digits": last4(card), "new_pin": pin}
        steps = {"action_key": "card_service.step.reset", "result_key": "card_service.result.reset"}
        return plan(turn, "reset_debit_card_pin_6284", args, True, {**data, **steps})
    if known == reveal(pin):
        turn.slots.pop("new_pin", None)
        why = {"why_key": "card_service.pin_same"}
        return ask(turn, "new_pin", "ask.card_service_pin_again", {**data, **why})
    args = {"card_id": card["card_id"], "current_pin": turn.slots["current_pin"], "new_pin": pin}
    steps = {"action_key": "card_service.step.change", "result_key": "card_service.result.change"}
    return plan(turn, "change_debit_card_pin_6285", args, True, {**data, **steps})


def declined_attempts(turn: Turn, card: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The declined PIN attempts on the card's account (newest first)."""
    data = turn.read("get_bank_account_transactions_9173", account_id=card.get("account_id"))
    rows = (data or {}).get("transactions", [])
    return [dict(r) for r in rows if r.get("type") in DECLINED_TYPES]


def attempt_line(row: Mapping[str, Any]) -> str:
    """A declined attempt as the customer is shown it."""
    amount = parse_money(row.get("amount"))
    return f"{row.get('date')} {row.get('description')} ${money(abs(amount))}"


def pin_lock(turn: Turn, card: Card, data: dict[str, Any]) -> Decision | None:
    """What a PIN-locked card needs before a reset unlocks it (PIN Lock Protocol), or None."""
    if card.get("pin_lock_reason") == SECURITY_HOLD:
        return refuse(turn, "card_service.security_hold", data)
    attempts = declined_attempts(turn, card)
    if not attempts:
        return None
    shown = "; ".join(attempt_line(r) for r in attempts[:ATTEMPTS_SHOWN])
    mine = yes_no(turn, "attempts_mine")
    if mine is None:
        return ask(turn, "attempts_mine", "ask.card_service_attempts", {**data, "attempts": shown})
    if not mine:
        return refuse(turn, "card_service.attempts_not_mine", {**data, "attempts": shown})
    return None


# -- 4. limits, alerts, recurring payments ------------------------------------------------------


def current_limit(card: Mapping[str, Any], account: Mapping[str, Any], kind: str) -> int | None:
    """The card's daily limit of ``kind`` (ATM defaults by product), or None when none."""
    if kind == "purchase":
        value = card.get("daily_purchase_limit")
    else:
        value = card.get("daily_atm_limit")
        if value is None:
            value = DEFAULT_ATM_LIMITS.get(str(account.get("level", "")))
    return int(value) if isinstance(value, int | float) else None


def limit_refusal(
    turn: Turn, card: Card, account: Account, kind: str, data: dict[str, Any]
) -> Decision | None:
    """The first rule a temporary increase breaks, or None."""
    if account.get("status") != "OPEN":
        return refuse(turn, "card_service.limit_account_closed", data)
    age = clock.days_since(account.get("date_opened"))
    if age is not None and age < LIMIT_ACCOUNT_DAYS:
        return refuse(turn, "card_service.limit_account_age", {**data, "days": age})
    rows = turn.read("get_bank_account_transactions_9173", account_id=account["account_id"])
    overdrafts = [
        r
        for r in (rows or {}).get("transactions", [])
        if r.get("type") == "overdraft_fee" and clock.within_days(r.get("date"), OVERDRAFT_DAYS)
    ]
    if rows is None or overdrafts:
        return refuse(turn, "card_service.limit_overdraft", data)
    if card.get(f"temporary_{kind}_limit_expires") == clock.today_str():
        return refuse(turn, "card_service.limit_once", data)
    if kind == "atm" and card.get("daily_atm_limit") is None:
        fixed = FIXED_ATM_PRODUCTS.get(str(account.get("level", "")))
        if fixed is not None:
            return refuse(turn, "card_service.limit_fixed", {**data, "limit": fixed})
    return None


def limit_card(turn: Turn) -> Decision:
    """Raise a card's daily ATM or purchase limit for 24 hours, up to 150 %."""
    checking = checking_accounts(turn)
    cards = [c for a in checking for c in cards_of(turn, a)]
    card = the_card(turn, cards, ("ACTIVE",), "card_service.not_active")
    if isinstance(card, Decision):
        return card
    account = next(a for a in checking if a["account_id"] == card.get("account_id"))
    data: dict[str, Any] = {"card": debit_label(card)}
    kind = turn.slots.get("limit_type")
    if kind not in ("atm", "purchase"):
        return ask(turn, "limit_type", "ask.card_service_limit_type", data)
    data["kind_key"] = f"card_service.limit.{kind}"
    refused = limit_refusal(turn, card, account, str(kind), data)
    if refused is not None:
        return refused
    current = current_limit(card, account, str(kind))
    if current is None:
        return refuse(turn, "card_service.limit_none", data)
    most = int(current * LIMIT_FACTOR)
    facts = {**data, "current": current, "max": most}
    wanted = turn.slots.get("amount")
    if wanted is None:
        return ask(turn, "amount", "ask.card_service_limit_amount", facts)
    amount = float(wanted)
    if amount > most or amount <= current or not amount.is_integer():
        turn.slots.pop("amount", None)
        return ask(
            turn, "amount", "ask.card_service_limit_again", {**facts, "asked": money(amount)}
        )
    args = {"card_id": card["card_id"], "limit_type": kind, "new_limit": int(amount)}
    summary = {
        **facts,
        "new": int(amount),
        "action_key": "card_service.step.limit",
        "result_key": "card_service.result.limit",
    }
    return plan(turn, "request_temporary_debit_card_limit_increase_8374", args, True, summary)


def alert_card(turn: Turn) -> Decision:
    """Clear a velocity block, or a fraud alert the customer (not the bank) placed."""
    cards = all_cards(turn)
    given = str(turn.slots.get("card_last4") or "")
    if given and not any(last4(c) == given for c in cards):
        return respond(turn, "card_service.not_found", {"last4": given})
    flagged = [c for c in cards if c.get("velocity_blocked") or c.get("fraud_alert_active")]
    if given:
        flagged = [c for c in flagged if last4(c) == given]
    if not flagged:
        return respond(turn, "card_service.no_alert")
    statuses = tuple(str(c.get("status")) for c in flagged)
    card = the_card(turn, flagged, statuses, "card_service.no_alert")
    if isinstance(card, Decision):
        return card
    data: dict[str, Any] = {"card": debit_label(card)}
    velocity = bool(card.get("velocity_blocked"))
    if not velocity and card.get("alert_source") == "bank_initiated":
        return refuse(turn, "card_service.alert_bank", data)
    mine = yes_no(turn, "activity_mine")
    if mine is None:
        return ask(turn, "activity_mine", "ask.card_service_activity", data)
    if not mine:
        return refuse(turn, "card_service.activity_not_mine", data)
    reason = "velocity_clear" if velocity else "customer_verified"
    summary = {
        **data,
        "what_key": f"card_service.alert.{reason}",
        "action_key": "card_service.step.alert",
        "result_key": "card_service.result.alert",
    }
    args = {"card_id": card["card_id"], "reason": reason}
    return plan(turn, "clear_debit_card_fraud_alert_4892", args, True, summary)


def recurring_card(turn: Turn) -> Decision:
    """Block (or allow again) every recurring charge on an active card."""
    card = the_card(turn, all_cards(turn), ("ACTIVE",), "card_service.not_active")
    if isinstance(card, Decision):
        return card
    block = not said(turn, UNBLOCK_WORDS)
    data: dict[str, Any] = {"card": debit_label(card)}
    if bool(card.get("recurring_blocked")) == block:
        key = (
            "card_service.recurring_already_blocked"
            if block
            else "card_service.recurring_already_allowed"
        )
        return respond(turn, key, data)
    step = "block" if block else "allow"
    summary = {
        **data,
        "action_key": f"card_service.step.recurring_{step}",
        "result_key": f"card_service.result.recurring_{step}",
    }
    args = {"card_id": card["card_id"], "block_recurring": block}
    return plan(turn, "set_debit_card_recurring_block_7382", args, True, summary)


# -- the handler --------------------------------------------------------------------------------

SERVICES: dict[str, Callable[[Turn], Decision]] = {
    "order": order_card,
    "activate": activate_card,
    "pin": pin_card,
    "limit": limit_card,
    "alert": alert_card,
    "recurring": recurring_card,
}


def card_service(turn: Turn) -> Decision:
    """A debit-card service request, by the procedure its words ask for."""
    return SERVICES[procedure(turn)](turn)


HANDLERS: dict[str, Callable[[Turn], Decision]] = {"order_card": card_service}
