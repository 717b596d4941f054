"""Rho Bank's own-account requests: close accounts, move money (and the readers they share).

Openings (§2.11) are in :mod:`keel.domain.bank.opening`, fee and interest corrections
(§2.14) in :mod:`keel.domain.bank.corrections`; both read this module.

The handlers follow procedures §2.12 (close an account), §2.13
(transfers between the customer's own accounts, paying a credit card from checking) and
§2.14 (credits): every rule is checked here, in the procedures' order, before anything is
listed, and each change is one :func:`plan` the customer says yes to (the write tool checks
the same rules again). A request that needs two changes lists the first; its done reply
says what comes next.

Values a task's messages state are read from the messages themselves (the bank's own
readers in :mod:`keel.domain.bank.extract`) and then from ``turn.slots``; an account the
customer picked in answer to a question is kept in the task's slots by id
(``account_id``, ``source_account_id`` …). "From X to Y" is read by :func:`direction`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from keel.domain.bank import clock
from keel.domain.bank import extract as ex
from keel.domain.bank.common import parse_money
from keel.domain.bank.decisions import (
    Turn,
    accounts,
    ask,
    credit_cards,
    credit_label,
    plan,
    refuse,
    respond,
)
from keel.domain.pack import Decision
from keel.safety import patterns as rx
from keel.understanding.confirmation import names_action

Account = dict[str, Any]

PRODUCT_ALIASES = {"World Blue Account": "World Blue", "Hunter Green Account": "Hunter Green"}

# -- closing (§2.12): (fee dollars, window days, notice days) by (family, product) ----------

CLOSURE_TERMS: dict[tuple[str, str], tuple[int, int, int]] = {
    ("checking", "Light Blue Account"): (15, 30, 0),
    ("checking", "Light Green Account"): (15, 30, 0),
    ("checking", "Green Fee-Free Account"): (15, 30, 0),
    ("checking", "Blue Account"): (25, 60, 3),
    ("checking", "Green Account"): (25, 60, 3),
    ("checking", "Evergreen Account"): (50, 90, 7),
    ("checking", "Bluest Account"): (100, 180, 14),
    ("savings", "Bronze Account"): (20, 60, 1),
    ("savings", "Silver Account"): (35, 90, 5),
    ("savings", "Silver Plus Account"): (35, 90, 5),
    ("savings", "Gold Account"): (75, 180, 10),
    ("savings", "Gold Plus Account"): (75, 180, 10),
    ("savings", "Gold Years Account"): (75, 180, 10),
    ("savings", "Platinum Account"): (150, 270, 21),
    ("savings", "Platinum Plus Account"): (150, 270, 21),
    ("savings", "Diamond Elite Account"): (150, 270, 21),
    ("business_checking", "Navy Blue"): (50, 60, 7),
    ("business_checking", "True Blue"): (100, 90, 14),
    ("business_checking", "Sky Blue"): (100, 90, 14),
    ("business_checking", "Cobalt Blue"): (200, 180, 21),
    ("business_savings", "Bronze Saver Account"): (75, 90, 10),
    ("business_savings", "Silver Saver Account"): (125, 120, 14),
    ("business_savings", "Gold Saver Account"): (250, 180, 21),
    ("business_savings", "Platinum Reserve Account"): (500, 270, 30),
}
# Closures a manager or supervisor must approve (§2.12): a human agent, nothing changed.
CLOSURE_APPROVAL: dict[tuple[str, str], str] = {
    ("savings", "Platinum Account"): "manager",
    ("savings", "Platinum Plus Account"): "manager",
    ("savings", "Diamond Elite Account"): "manager",
    ("business_checking", "Cobalt Blue"): "supervisor",
    ("business_savings", "Gold Saver Account"): "supervisor",
    ("business_savings", "Platinum Reserve Account"): "manager",
}
OPEN_STATUSES = ("OPEN", "ACTIVE")
LIVE_CARD_STATUSES = ("ACTIVE", "PENDING", "FROZEN")
CLOSABLE_CARD_STATUSES = ("ACTIVE", "PENDING")

# -- fees (§2.14, fee schedules §4.3) ---------------------------------------------------------

# Fixed checking fees the chat can audit: fee kind -> (how a row is known, product -> fee).
FIXED_FEES: dict[str, tuple[str, dict[str, float]]] = {
    "monthly_fee": (
        r"\bmonthly (?:maintenance |service )?fee\b",
        {
            "Light Blue Account": 0.0,
            "Light Green Account": 0.0,
            "Green Fee-Free Account": 22.5,
            "Blue Account": 20.0,
            "Green Account": 22.5,
            "Evergreen Account": 6.0,
            "Purple Account": 15.0,
            "Bluest Account": 75.0,
            "Dark Green Account": 10.0,
            "Gold Years Account": 0.0,
        },
    ),
    "paper_statement_fee": (
        r"\bpaper statement",
        {
            "Light Blue Account": 0.0,
            "Green Fee-Free Account": 0.0,
            "Blue Account": 2.5,
            "Green Account": 2.5,
            "Evergreen Account": 7.5,
            "Gold Years Account": 0.0,
        },
    ),
}
FEE_REVIEW_DAYS = 60  # the fees reviewed: those posted in the last two statement months
CREDIT_COOLDOWN_DAYS = 14  # one checking credit per account, then 14 days (§2.14)
SERVICE_CREDITS = ("FEE REFUND - CUSTOMER SERVICE", "REBATE CREDIT - CUSTOMER SERVICE")

# -- words ------------------------------------------------------------------------------------

SOURCE_WORD = rx.compile(r"\b(?:from|out of)\b|从|自", rx.I)
TARGET_WORD = rx.compile(
    r"\b(?:to|into|onto|towards?)\b|转到|转入|转至|转进|存到|存入|还到|到", rx.I
)
BARE_NUMBER = rx.compile(r"(?<![\d/])(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)(?![\d/])")
SENTENCE_END = rx.compile(r"[.!?;。！？；\n]")
CARD_WORD = rx.compile(r"\bcredit\s*card\b|\bcard\b|信用卡", rx.I)
DEBIT_WORD = rx.compile(r"\bdebit\s+card\b|借记卡", rx.I)
PAY_WORD = rx.compile(r"\bpay\w*\b|\bpaying\b|还款|还清|还信用卡|缴", rx.I)
WHOLE_WORD = rx.compile(
    r"\b(?:everything|all (?:of )?(?:the |my )?(?:money|funds|balance)|in full|"
    r"pay (?:it |that |this |them )?off|"
    r"(?:the )?(?:entire|whole|full|remaining) (?:balance|amount)|the balance)\b|"
    r"全部|全额|所有|余额|还清",
    rx.I,
)
BUSINESS_WORD = rx.compile(r"\bbusiness\b|\bcompany\b|\bLLC\b|企业|公司|商业|对公", rx.I)
CREDIT_CARD_NAMES = frozenset(ex.CREDIT_CARDS) | frozenset(ex.STANDALONE_CARDS)
# What a fee or credit request is about, when it is not a checking fee the chat can audit.
CREDIT_TOPICS: tuple[tuple[str, rx.Pattern[str]], ...] = (
    (
        "card",
        rx.compile(
            r"\bcredit\s*card\b|\bannual fee\b|\blate fee\b|\bstatement credit\b|"
            r"\binterest charge|\bcharged interest\b|信用卡|年费|滞纳金",
            rx.I,
        ),
    ),
    ("interest", rx.compile(r"\binterest\b|\bAPY\b|\brate\b|\bboost\b|利息|利率|收益", rx.I)),
    (
        "other_fee",
        rx.compile(
            r"\bATM\b|\boverdraft\b|\bwire\b|\brebate\w*|\breimburs\w*|\breplacement fee\b|"
            r"\bforeign\b|\bshipping\b|\brush\b|取款|透支|电汇|返还|跨行",
            rx.I,
        ),
    ),
)
FIXED_FEE_WORD = rx.compile(
    r"\bmonthly\b|\bmaintenance\b|\bservice fee\b|\bpaper statement|月费|管理费|账户管理|纸质", rx.I
)


# -- reading the messages -----------------------------------------------------------------


@dataclass(frozen=True)
class Ref:
    """The account (or card) a piece of a message names."""

    product: str | None = None  # a product name as the bank writes it
    family: str | None = None  # "checking" or "savings"
    last4: str | None = None
    account_id: str | None = None
    card: bool = False  # a credit card is meant

    @property
    def empty(self) -> bool:
        """True when the words name nothing."""
        return not (self.product or self.family or self.last4 or self.account_id or self.card)


def texts(turn: Turn) -> list[str]:
    """The task's messages, oldest first (this turn's message last)."""
    said = [str(t) for t in turn.frame["utterances"]]
    if turn.inp.text and (not said or said[-1] != turn.inp.text):
        said.append(turn.inp.text)
    return said


def latest(turn: Turn) -> str:
    """The message of this turn."""
    said = texts(turn)
    return said[-1] if said else ""


def stated(turn: Turn) -> dict[str, Any]:
    """The task values the messages state (a later message wins), then ``turn.slots``."""
    values: dict[str, Any] = {}
    for text in texts(turn):
        read = {
            "card_name": ex.card_name(text),
            "account_kind": ex.account_kind(text),
            "card_last4": ex.card_last4(text),
            "amount": ex.amount(text),
        }
        values.update({k: v for k, v in read.items() if v is not None})
    values.update({k: v for k, v in turn.slots.items() if v is not None})
    return values


def family_word(kind: Any) -> str | None:
    """The family, checking or savings, of a kind the extractor or the database writes."""
    text = str(kind or "").lower()
    if "checking" in text:
        return "checking"
    if "saving" in text:
        return "savings"
    return None


def ref_of(text: str, ids: Sequence[str] = ()) -> Ref:
    """What ``text`` names: a product, a kind, last digits, one of ``ids``, a credit card."""
    product = ex.card_name(text)
    lowered = text.lower()
    found_id = next((i for i in ids if i and i.lower() in lowered), None)
    card = product in CREDIT_CARD_NAMES or (
        bool(CARD_WORD.search(text)) and not DEBIT_WORD.search(text)
    )
    return Ref(
        product=product,
        family=family_word(ex.account_kind(text)),
        last4=ex.card_last4(text),
        account_id=found_id,
        card=card,
    )


def ref_of_values(values: Mapping[str, Any]) -> Ref:
    """The account the stated values name (product, kind, last digits)."""
    product = values.get("card_name")
    return Ref(
        product=str(product) if product else None,
        family=family_word(values.get("account_kind")),
        last4=str(values["card_last4"]) if values.get("card_last4") else None,
        card=product in CREDIT_CARD_NAMES,
    )


def direction(text: str, ids: Sequence[str] = ()) -> tuple[Ref | None, Ref | None]:
    """(source, destination) a message names: "from X to Y", "to Y from X", "从X转到Y".

    Each marker's words run to the next marker or the sentence's end; a side the markers
    leave open is what the words before the first marker name ("use my checking to pay …").
    """
    marks = sorted(
        [(m.start(), m.end(), "source") for m in SOURCE_WORD.finditer(text)]
        + [(m.start(), m.end(), "target") for m in TARGET_WORD.finditer(text)]
    )
    sides: dict[str, Ref] = {}
    for index, (_, end, role) in enumerate(marks):
        stop = marks[index + 1][0] if index + 1 < len(marks) else len(text)
        segment = text[end:stop]
        cut = SENTENCE_END.search(segment)
        ref = ref_of(segment[: cut.start()] if cut else segment, ids)
        if not ref.empty and role not in sides:
            sides[role] = ref
    if marks and len(sides) == 1:
        head = ref_of(text[: marks[0][0]], ids)
        if not head.empty:
            sides["source" if "target" in sides else "target"] = head
    return sides.get("source"), sides.get("target")


def amount_given(turn: Turn, values: Mapping[str, Any]) -> float | None:
    """The amount stated, or a bare number given in answer to "how much?"."""
    if turn.frame["asked"] == "amount":
        text = latest(turn)
        stated_now = ex.amount(text)
        if stated_now is not None:
            return stated_now
        bare = BARE_NUMBER.search(text)
        if bare:
            return float(bare.group(1).replace(",", ""))
    value = values.get("amount")
    return None if value is None else float(value)


def whole_amount(turn: Turn) -> bool:
    """True when the messages ask for the whole balance ("everything", "pay it off")."""
    return any(WHOLE_WORD.search(t) for t in texts(turn))


# -- the customer's accounts ----------------------------------------------------------------


def kind_of(account: Mapping[str, Any]) -> str:
    """The account's type: checking, savings, business_checking or business_savings."""
    kind = str(account.get("class") or account.get("account_type") or "").lower()
    if kind in ("saving", "savings"):
        return "savings"
    if kind in ("checking", "personal_checking"):
        return "checking"
    return kind


def family_of(account: Mapping[str, Any]) -> str | None:
    """The family, checking or savings, of an account (personal or business)."""
    return family_word(kind_of(account))


def product_of(account: Mapping[str, Any]) -> str:
    """The account's product name as the database writes it."""
    return str(account.get("level") or account.get("account_class") or "")


def balance_of(account: Mapping[str, Any]) -> float:
    """The account's balance in dollars."""
    return parse_money(account.get("current_holdings"))


def is_open(record: Mapping[str, Any]) -> bool:
    """Whether an account's status is OPEN or ACTIVE."""
    return record.get("status") in OPEN_STATUSES


def label(account: Mapping[str, Any]) -> str:
    """How an account is named to the customer."""
    return f"{product_of(account)} ({account.get('account_id')})"


def options(found: Sequence[Mapping[str, Any]]) -> str:
    """The accounts offered in a question."""
    return "; ".join(label(a) for a in found)


def stem(name: str) -> str:
    """A product name without its "Account" / "Card" tail, lower case."""
    text = name.lower().strip()
    for tail in (" rewards card", " card", " account", " one"):
        if text.endswith(tail):
            return text[: -len(tail)].strip()
    return text


def matching(found: Sequence[Account], ref: Ref) -> list[Account]:
    """The accounts ``ref`` points at (all of them for an empty ``ref``)."""
    if ref.account_id:
        return [a for a in found if a.get("account_id") == ref.account_id]
    chosen = list(found)
    if ref.family:
        chosen = [a for a in chosen if family_of(a) == ref.family]
    if ref.product:
        name = stem(PRODUCT_ALIASES.get(ref.product, ref.product))
        chosen = [a for a in chosen if stem(product_of(a)) == name]
    if ref.last4:
        chosen = [a for a in chosen if str(a.get("account_id", "")).endswith(ref.last4)] or chosen
    return chosen


def money_text(value: float) -> str:
    """An amount as the replies write it after "$": ``12.34``."""
    return f"{value:.2f}"


def pick(
    turn: Turn,
    role: str,
    found: Sequence[Account],
    ref: Ref,
    ask_key: str,
    data: Mapping[str, Any] | None = None,
) -> Account | Decision:
    """The one account meant for ``role``, the question which (with ``data``), or none.

    An account picked once is kept in the task's slots under ``role`` (its id).
    """
    kept = turn.slots.get(role)
    if kept:
        for account in found:
            if account.get("account_id") == kept:
                return account
    chosen = matching(found, ref)
    if turn.frame["asked"] == role:  # the answer to "which one?"
        answer = matching(chosen, ref_of(latest(turn), [str(a["account_id"]) for a in found]))
        chosen = answer or chosen
    if not chosen:
        return respond(turn, "account.none")
    if len(chosen) == 1:
        turn.slots[role] = chosen[0]["account_id"]
        return chosen[0]
    return ask(turn, role, ask_key, {**(data or {}), "accounts": options(chosen)})


# -- close an account (§2.12) -----------------------------------------------------------------


def days_open(account: Mapping[str, Any]) -> int:
    """Days since the account was opened (0 when the record has no date)."""
    return clock.days_since(account.get("date_opened")) or 0


def closure_terms(account: Mapping[str, Any]) -> tuple[float, int]:
    """(the early-closure fee due today, the notice in days) for ``account``."""
    fee, window, notice = CLOSURE_TERMS.get((kind_of(account), product_of(account)), (0, 0, 0))
    due = float(fee) if days_open(account) < window else 0.0
    return due, notice


def pending_rows(turn: Turn, account: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The account's pending transactions."""
    data = turn.read(
        "get_bank_account_transactions_9173", account_id=account["account_id"], status="pending"
    )
    return list((data or {}).get("transactions", []))


def live_debit_cards(turn: Turn, account: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The debit cards of a checking account that are not closed yet."""
    if family_of(account) != "checking":
        return []
    data = turn.read("get_debit_cards_by_account_id_7823", account_id=account["account_id"])
    cards = (data or {}).get("debit_cards", [])
    return [dict(c) for c in cards if str(c.get("status")) in LIVE_CARD_STATUSES]


def closure_block(
    turn: Turn, account: Mapping[str, Any], held: Sequence[Account]
) -> tuple[str, str] | None:
    """(route, reply key) when ``account`` cannot be closed in the chat, in the order of §2.12."""
    kind = kind_of(account)
    if pending_rows(turn, account):
        return "reject", "close_account.pending"
    others = [a for a in held if is_open(a) and a.get("account_id") != account.get("account_id")]
    if kind == "business_checking" and any(kind_of(a) == "business_savings" for a in others):
        return "reject", "close_account.linked_savings"
    if kind == "business_savings" and not any(kind_of(a) == "business_checking" for a in others):
        return "reject", "close_account.keep_business_checking"
    if (kind, product_of(account)) in CLOSURE_APPROVAL:
        return "respond", "close_account.approval"
    fee, _ = closure_terms(account)
    if fee and kind.startswith("business"):
        return "respond", "close_account.business_fee"  # the tool cannot charge it
    balance = balance_of(account)
    if balance < 0:
        return "reject", "close_account.negative"
    if fee and balance < fee - 0.005:
        return "reject", "close_account.fee_uncovered"
    return None


SAVINGS_WORD = dict(ex.ACCOUNT_KINDS)["saving"]


def savings_asked(turn: Turn) -> bool:
    """True when an opening waiting behind this task asks for a savings account."""
    return any(
        frame["intent"] == "open_account"
        and (
            frame["slots"].get("account_kind") == "saving"
            or any(SAVINGS_WORD.search(said) for said in frame["utterances"])
        )
        for frame in turn.inp.waiting
    )


def savings_need_it(turn: Turn, account: Mapping[str, Any], held: Sequence[Account]) -> bool:
    """True when closing ``account`` now would stop the savings account the customer asked for.

    A savings account needs a checking account held for 14 days (§2.11): when this is the
    one that qualifies, the savings account is opened first, then this one closed.
    """
    if family_of(account) != "checking" or not savings_asked(turn):
        return False
    rest = [a for a in held if a.get("account_id") != account.get("account_id")]
    return (
        opening.savings_refusal(held, []) is None
        and opening.savings_refusal(rest, []) == "open_account.needs_checking"
    )


TARGET_KEYS = ("card_name", "account_kind", "card_last4")
CLOSE_ACTIONS = (r"\bclos\w*|\bshut\b|\bcancel\w*|销户|关闭|注销|关掉",)


def closure_texts(turn: Turn) -> list[str]:
    """The task's messages that may name the account to close.

    "…and fund it from my Silver checking account" names an account as where money comes
    from, not as the one to close: a message naming accounts only in a transfer's roles,
    without asking to close, names no closure's account.
    """
    return [
        text
        for text in texts(turn)
        if names_action(text, CLOSE_ACTIONS) or not any(direction(text))
    ]


def closure_values(turn: Turn) -> dict[str, Any]:
    """The closure's values, its account read only where an account to close may be named."""
    values = {k: v for k, v in stated(turn).items() if k not in TARGET_KEYS}
    for text in closure_texts(turn):
        read = {
            "card_name": ex.card_name(text),
            "account_kind": ex.account_kind(text),
            "card_last4": ex.card_last4(text),
        }
        values.update({k: v for k, v in read.items() if v is not None})
    return values


def close_account(turn: Turn) -> Decision:
    """Close a bank account: debit cards first, then the money out, then the account."""
    values = closure_values(turn)
    held = accounts(turn)
    ids = [str(a["account_id"]) for a in held]
    ref = ref_of_values(values)
    said = " ".join(closure_texts(turn))
    ref = Ref(ref.product, ref.family, ref.last4, ref_of(said, ids).account_id)
    named = matching(held, ref)
    if named and not any(is_open(a) for a in named):
        return respond(turn, "close_account.already_closed", {"account": label(named[0])})
    chosen = pick(turn, "account_id", [a for a in held if is_open(a)], ref, "ask.close_which")
    if isinstance(chosen, Decision):
        return chosen
    fee, notice = closure_terms(chosen)
    balance = balance_of(chosen)
    data: dict[str, Any] = {
        "account": label(chosen),
        "fee": money_text(fee),
        "notice": notice,
        "balance": money_text(balance),
    }
    approver = CLOSURE_APPROVAL.get((kind_of(chosen), product_of(chosen)))
    if approver:
        data["approver_key"] = f"approver.{approver}"
    if savings_need_it(turn, chosen, held):
        return refuse(turn, "close_account.savings_first", data)
    blocked = closure_block(turn, chosen, held)
    if blocked is not None:
        route, key = blocked
        return refuse(turn, key, data) if route == "reject" else respond(turn, key, data)
    cards = live_debit_cards(turn, chosen)
    if cards:
        return close_card_first(turn, cards, data)
    if balance - fee >= 0.005:
        return empty_first(turn, chosen, held, round(balance - fee, 2), data)
    data["fee_note_key"] = "close_account.fee.charged" if fee else "close_account.fee.none"
    data["action_key"] = "close_account.step.close"
    data["result_key"] = "close_account.result.close"
    return plan(turn, "close_bank_account_7392", {"account_id": chosen["account_id"]}, True, data)


def close_card_first(
    turn: Turn, cards: Sequence[Mapping[str, Any]], data: dict[str, Any]
) -> Decision:
    """The first step of closing a checking account with a debit card still open."""
    closable = [c for c in cards if str(c.get("status")) in CLOSABLE_CARD_STATUSES]
    if not closable:
        last4 = cards[0].get("last_4_digits") or cards[0].get("card_number_last_4")
        return refuse(turn, "close_account.card_frozen", {**data, "last4": last4})
    card = closable[0]
    last4 = card.get("last_4_digits") or card.get("card_number_last_4")
    summary = {
        **data,
        "last4": last4,
        "action_key": "close_account.step.card",
        "result_key": "close_account.result.card",
    }
    args = {"card_id": card["card_id"], "reason": "account_closing"}
    return plan(turn, "close_debit_card_4721", args, True, summary)


def empty_first(
    turn: Turn, account: Account, held: Sequence[Account], amount: float, data: dict[str, Any]
) -> Decision:
    """The first step of closing an account that holds money: move it to another account."""
    others = [a for a in held if is_open(a) and a.get("account_id") != account.get("account_id")]
    if not others:
        return refuse(turn, "close_account.no_destination", data)
    ids = [str(a["account_id"]) for a in held]
    _, target = direction(" ".join(texts(turn)), ids)
    target = target if target is not None and not target.card else Ref()
    asked = {**data, "amount": money_text(amount)}
    chosen = pick(turn, "destination_account_id", others, target, "ask.close_destination", asked)
    if isinstance(chosen, Decision):
        return chosen
    summary = {
        **data,
        "amount": money_text(amount),
        "destination": label(chosen),
        "fee_note_key": "close_account.fee.kept" if float(data["fee"]) else "hint.none",
        "action_key": "close_account.step.transfer",
        "result_key": "close_account.result.transfer",
    }
    args = {
        "source_account_id": account["account_id"],
        "destination_account_id": chosen["account_id"],
        "amount": amount,
    }
    return plan(turn, "transfer_funds_between_bank_accounts_7291", args, True, summary)


# -- move money (§2.13) -----------------------------------------------------------------------


# "pay that off", "pay off the balance", "把它还清": a balance paid off, of what was just said
PAY_OFF = rx.compile(
    r"\bpay (?:it|that|this|them|the (?:balance|rest|card))? ?off\b|\bpay off\b|"
    r"\bpay (?:the|that|its) (?:balance|remaining balance)\b|还清|还掉|结清|把(?:它|那个)?还了",
    rx.I,
)


def card_said_before(turn: Turn, among: Collection[str] | None = None) -> str | None:
    """The card the customer's last few messages name, newest first (of ``among``, if given).

    "that card", "pay that off": the card just spoken of.
    """
    for said in reversed(turn.inp.recent):
        name = ex.card_name(str(said))
        if name is not None and (among is None or name in among):
            return name
    return None


def paying_card(turn: Turn, values: Mapping[str, Any], target: Ref | None) -> bool:
    """True when the request pays a credit card (rather than moving money between accounts).

    "Can you pay that off from my checking account?" just after closing a credit card that
    still owes a balance pays that card.
    """
    if target is not None and target.card:
        return True
    if values.get("card_name") in CREDIT_CARD_NAMES:
        return True
    words = " ".join(texts(turn))
    if PAY_OFF.search(words) and card_said_before(turn, CREDIT_CARD_NAMES) is not None:
        return target is None or target.card
    if target is not None:
        return False
    return bool(CARD_WORD.search(words) and PAY_WORD.search(words) and not DEBIT_WORD.search(words))


def transfer_funds(turn: Turn) -> Decision:
    """Move money between two of the customer's accounts, or pay a credit card from checking."""
    values = stated(turn)
    held = accounts(turn)
    ids = [str(a["account_id"]) for a in held]
    source, target = None, None
    for text in texts(turn):
        found_source, found_target = direction(text, ids)
        source, target = found_source or source, found_target or target
    if paying_card(turn, values, target):
        return pay_card(turn, values, held, source)
    usable = [a for a in held if is_open(a)]
    if source is None and target is None:
        source = ref_of_values(values)  # one account named without a direction: the source
    chosen_source = pick(turn, "source_account_id", usable, source or Ref(), "ask.transfer_source")
    if isinstance(chosen_source, Decision):
        return chosen_source
    rest = [a for a in usable if a["account_id"] != chosen_source["account_id"]]
    if target is not None and matching(usable, target) == [chosen_source]:
        return refuse(turn, "transfer_funds.same_account", {"account": label(chosen_source)})
    chosen_target = pick(
        turn, "destination_account_id", rest, target or Ref(), "ask.transfer_target"
    )
    if isinstance(chosen_target, Decision):
        return chosen_target
    balance = balance_of(chosen_source)
    data: dict[str, Any] = {
        "source": label(chosen_source),
        "destination": label(chosen_target),
        "balance": money_text(balance),
        "action_key": "transfer_funds.step.transfer",
        "result_key": "transfer_funds.result.transfer",
    }
    amount = amount_given(turn, values)
    if amount is None and whole_amount(turn):
        amount = balance
    if amount is None:
        return ask(turn, "amount", "ask.transfer_amount", data)
    amount = round(amount, 2)
    data["amount"] = money_text(amount)
    if amount <= 0:
        return refuse(turn, "transfer_funds.amount_positive", data)
    if amount > balance + 0.005:
        return refuse(turn, "transfer_funds.insufficient", data)
    args = {
        "source_account_id": chosen_source["account_id"],
        "destination_account_id": chosen_target["account_id"],
        "amount": amount,
    }
    return plan(turn, "transfer_funds_between_bank_accounts_7291", args, True, data)


def pay_card(
    turn: Turn, values: Mapping[str, Any], held: Sequence[Account], source: Ref | None
) -> Decision:
    """Pay a credit card from a personal checking account (§2.13)."""
    cards = [c for c in credit_cards(turn) if c.get("status") != "CLOSED"]
    product = values.get("card_name") if values.get("card_name") in CREDIT_CARD_NAMES else None
    if product is None and PAY_OFF.search(" ".join(texts(turn))):
        product = card_said_before(turn, CREDIT_CARD_NAMES)  # "pay that off"
    named = [c for c in cards if not product or c.get("card_type") == product]
    card = pick_card(turn, named)
    if isinstance(card, Decision):
        return card
    owed = parse_money(card.get("current_balance"))
    data: dict[str, Any] = {"card": credit_label(card), "owed": money_text(owed)}
    if owed <= 0:
        return respond(turn, "transfer_funds.nothing_owed", data)
    checking = [a for a in held if kind_of(a) == "checking" and is_open(a)]
    if not checking:
        return refuse(turn, "transfer_funds.no_checking", data)
    source = source if source is not None and not source.card else Ref()
    chosen = pick(turn, "checking_account_id", checking, source, "ask.pay_checking")
    if isinstance(chosen, Decision):
        return chosen
    balance = balance_of(chosen)
    data.update(
        source=label(chosen),
        balance=money_text(balance),
        action_key="transfer_funds.step.payment",
        result_key="transfer_funds.result.payment",
    )
    amount = amount_given(turn, values)
    if amount is None and whole_amount(turn):
        amount = owed
    if amount is None:
        return ask(turn, "amount", "ask.pay_amount", data)
    amount = round(amount, 2)
    data["amount"] = money_text(amount)
    if amount <= 0:
        return refuse(turn, "transfer_funds.amount_positive", data)
    if amount > balance + 0.005:
        return refuse(turn, "transfer_funds.insufficient", data)
    if amount > owed + 0.005:
        return refuse(turn, "transfer_funds.over_card_balance", data)
    args = {
        "checking_account_id": chosen["account_id"],
        "credit_card_account_id": card["account_id"],
        "amount": amount,
    }
    return plan(turn, "pay_credit_card_from_checking_9182", args, True, data)


def pick_card(turn: Turn, cards: Sequence[Account]) -> Account | Decision:
    """The one credit card to pay, or the question which."""
    role = "credit_card_account_id"
    kept = turn.slots.get(role)
    chosen = [c for c in cards if c.get("account_id") == kept] if kept else list(cards)
    if turn.frame["asked"] == role:
        answer = ex.card_name(latest(turn))
        chosen = [c for c in chosen if c.get("card_type") == answer] or chosen
    if not chosen:
        return respond(turn, "card.none")
    if len(chosen) == 1:
        turn.slots[role] = chosen[0]["account_id"]
        return chosen[0]
    return ask(turn, role, "ask.pay_card", {"cards": "; ".join(credit_label(c) for c in chosen)})


# -- credits and fee refunds (§2.14) ----------------------------------------------------------


def fee_kind(row: Mapping[str, Any]) -> str | None:
    """Which fixed fee a transaction is (None: another kind of row)."""
    for kind, (pattern, _) in FIXED_FEES.items():
        if row.get("type") == kind or rx.search(pattern, str(row.get("description", "")), rx.I):
            return kind
    return None


def fee_correction(rows: Sequence[Mapping[str, Any]], product: str) -> tuple[float, int]:
    """(net amount overcharged, fees reviewed) of the fixed fees in ``rows``.

    Each fee is compared with the product's schedule; a second fee of one kind in the
    same month is refunded whole; an undercharge is netted against the overcharges.
    """
    net, reviewed, seen = 0.0, 0, set()
    for row in rows:
        kind = fee_kind(row)
        if kind is None or row.get("status") != "posted":
            continue
        schedule = FIXED_FEES[kind][1]
        if product not in schedule:
            continue
        charged = abs(parse_money(row.get("amount")))
        month = str(row.get("date", ""))[:2] + str(row.get("date", ""))[-4:]
        due = 0.0 if (kind, month) in seen else schedule[product]
        seen.add((kind, month))
        net += charged - due
        reviewed += 1
    return round(net, 2), reviewed


def recent_service_credit(rows: Sequence[Mapping[str, Any]]) -> bool:
    """A customer-service credit on the account within the cooldown."""
    return any(
        str(r.get("description")) in SERVICE_CREDITS
        and (clock.days_since(r.get("date")) or 0) <= CREDIT_COOLDOWN_DAYS
        for r in rows
    )


# openings (§2.11) live in opening.py, the fee and interest corrections (§2.14) in
# corrections.py: both read this module
from keel.domain.bank import corrections, opening  # noqa: E402

HANDLERS: dict[str, Callable[[Turn], Decision]] = {
    "open_account": opening.open_account,
    "close_account": close_account,
    "transfer_funds": transfer_funds,
    "fee_or_credit": corrections.fee_or_credit,
}
