"""Rho Bank's account openings (procedure §2.11, products §4.3-§4.6).

The customer names the product, or states what they need and is advised the one that fits
best (the same ranking as product advice, :mod:`keel.domain.bank.products`), which they
then choose; either way the opening is listed for a yes. Every eligibility rule (age,
accounts held, standing, accounts closed for cause, business tenure and balance) is
checked here before anything is listed, and again by the write tool.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from keel.domain.bank import clock, needs, products
from keel.domain.bank import extract as ex
from keel.domain.bank.accounts import (
    BUSINESS_WORD,
    CREDIT_CARD_NAMES,
    PRODUCT_ALIASES,
    SENTENCE_END,
    Account,
    balance_of,
    days_open,
    family_word,
    is_open,
    kind_of,
    latest,
    money_text,
    product_of,
    stated,
    stem,
    texts,
)
from keel.domain.bank.common import hex_id
from keel.domain.bank.decisions import (
    Turn,
    accounts,
    ask,
    credit_cards,
    plan,
    refuse,
    respond,
    then_the_rest,
    yes_no,
)
from keel.domain.pack import Decision
from keel.safety import patterns as rx
from keel.understanding.confirmation import names_action
from keel.understanding.offline import TurnHints

# -- products (procedures §4.3-§4.6, §2.11) --------------------------------------------------

PERSONAL_CHECKING = (
    "Light Blue Account",
    "Light Green Account",
    "Green Fee-Free Account",
    "Blue Account",
    "Green Account",
    "Evergreen Account",
    "Purple Account",
    "Bluest Account",
    "Dark Green Account",
    "Gold Years Account",
)
PERSONAL_SAVINGS = (
    "Bronze Account",
    "Silver Account",
    "Silver Plus Account",
    "Green Account",
    "Gold Account",
    "Gold Plus Account",
    "Platinum Account",
    "Platinum Plus Account",
    "Diamond Elite Account",
)
# Business checking products are recorded without "Account" (§2.11).
BUSINESS_CHECKING = (
    "Navy Blue",
    "True Blue",
    "Sky Blue",
    "Cobalt Blue",
    "Lime Green",
    "Hunter Green",
    "World Blue",
    "Beige",
)
BUSINESS_SAVINGS = (
    "Bronze Saver Account",
    "Silver Saver Account",
    "Silver Plus Saver Account",
    "Gold Saver Account",
    "Platinum Reserve Account",
)
OPENABLE: dict[str, tuple[str, ...]] = {
    "checking": PERSONAL_CHECKING,
    "savings": PERSONAL_SAVINGS,
    "business_checking": BUSINESS_CHECKING,
    "business_savings": BUSINESS_SAVINGS,
}
INVITATION_ONLY = ("Diamond Elite Account",)  # savings by invitation (§4.4): a human
CHECKING_MIN_AGE = 18
PRODUCT_AGES: dict[str, tuple[int, int | None]] = {
    "Light Green Account": (13, 24),
    "Dark Green Account": (17, 26),
    "Gold Years Account": (62, None),
}
MAX_HELD = {"checking": 4, "savings": 5, "business_checking": 6, "business_savings": 4}
CAUSE_MONTHS_DAYS = 183  # "none closed for cause in the last 6 months"
SAVINGS_CHECKING_DAYS = 14
BUSINESS_CHECKING_BALANCE = 500.0
BUSINESS_SAVINGS_DAYS = 30
BUSINESS_SAVINGS_BALANCE = 2500.0
# Opening deposits, told after opening (account type, product) -> dollars.
MIN_OPENING: dict[tuple[str, str], int] = {
    ("checking", "Bluest Account"): 75000,
    ("savings", "Silver Account"): 500,
    ("savings", "Silver Plus Account"): 1000,
    ("savings", "Green Account"): 100,
    ("savings", "Gold Account"): 5000,
    ("savings", "Gold Plus Account"): 10000,
    ("savings", "Platinum Account"): 25000,
    ("savings", "Platinum Plus Account"): 50000,
    ("business_savings", "Silver Plus Saver Account"): 5000,
    ("business_savings", "Platinum Reserve Account"): 100000,
}
FUNDING_DAYS = 30  # a new savings account not funded within this is closed


# -- open an account (§2.11) ------------------------------------------------------------------


# A card's name ("the Gold Rewards Card", "my silver card"): no account product is in it.
CARD_NAME_SPAN = rx.compile(
    r"\b[\w-]+(?:\s+[\w-]+)?\s+(?:rewards\s+)?(?:credit\s+)?card\b|[^\s，。]{1,4}卡", rx.I
)


def product_in(text: str) -> str | None:
    """The account product whose name (without "Account") ``text`` says, longest first.

    A card's name is no account's ("I'll apply for the Gold Rewards Card myself. Open the
    savings account" names no Gold Account).
    """
    named = products_in(text)
    return named[0] if named else None


def products_in(text: str) -> list[str]:
    """Every account product ``text`` names, longest names first, each word span once."""
    text = CARD_NAME_SPAN.sub(" ", text)
    names = sorted({p for kind in OPENABLE.values() for p in kind}, key=lambda p: -len(stem(p)))
    found = []
    for product in names:
        pattern = rf"\b{rx.escape(stem(product))}\b"
        if rx.search(pattern, text, rx.I):
            found.append(product)
            text = rx.sub(pattern, " ", text, flags=rx.I)  # "Gold Plus" is no "Gold" too
    return found


# Choosing a product to open ("open the Silver Account", "let's go with Navy Blue", "就开这个").
OPEN_WORD = rx.compile(
    r"\bopen\w*|\bset (?:it |that |this )?up\b|\bsign (?:me )?up\b|\bgo (?:with|for)\b|"
    r"\btake\b|\bchoose\b|\bpick\b|开|办",
    rx.I,
)
ANSWERS_CHOICE = ("card_name", "open_recommended")  # questions a product's name answers


SHORT_ANSWER = 8  # words: "Bronze", "the Gold one please" answers "which account?" by itself
SHORT_ANSWER_CJK = 20  # characters of a Chinese answer


def chosen_in(text: str, asked: str | None) -> str | None:
    """The one account product ``text`` chooses, if it chooses one.

    A short answer to "which account?" chooses the product it names; otherwise the product
    must be named in a sentence that asks to open it ("please open the Silver Account",
    "Navy Blue 听起来正合适，就开这个"). A product mentioned in passing ("if there's a green
    option", "transfer from my Navy Blue") or in a request for advice chooses nothing.
    """
    named = products_in(text)
    if len(named) != 1 or needs.ADVICE_WORD.search(text):
        return None
    short = len(text.split()) <= SHORT_ANSWER or (
        bool(rx.search(r"[\u4e00-\u9fff]", text)) and len(text) <= SHORT_ANSWER_CJK
    )
    if asked in ANSWERS_CHOICE and short:
        return named[0]
    sentences = [s for s in SENTENCE_END.split(text) if products_in(s)]
    return named[0] if any(OPEN_WORD.search(s) for s in sentences) else None


def product_named(turn: Turn, values: Mapping[str, Any]) -> str | None:
    """The bank account product the task's messages choose (None for a card or nothing).

    The latest message first (it may answer the question of which, or of the one advised),
    then the task's earlier messages ("I'd like to open a Gold savings account").
    """
    said = texts(turn)
    for index, text in enumerate(reversed(said)):
        found = chosen_in(text, turn.frame["asked"] if index == 0 else None)
        if found is not None:
            return PRODUCT_ALIASES.get(found, found)
    return None


def opening_type(product: str, values: Mapping[str, Any], text: str) -> list[str]:
    """The account types ``product`` could be opened as, narrowed by the words."""
    types = [kind for kind, names in OPENABLE.items() if product in names]
    family = family_word(values.get("account_kind"))
    if len(types) > 1 and family:
        types = [t for t in types if family_word(t) == family] or types
    if len(types) > 1 and BUSINESS_WORD.search(text):
        types = [t for t in types if t.startswith("business")] or types
    return types


def age_on(birth: Any, today: date) -> int | None:
    """Whole years from a MM/DD/YYYY birth date to ``today``."""
    born = clock.parse_date(birth)
    if born is None:
        return None
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def ages(product: str) -> str:
    """The ages a product is for, as the replies write them ("13-24", "62+")."""
    low, high = PRODUCT_AGES.get(product, (CHECKING_MIN_AGE, None))
    return f"{low}-{high}" if high is not None else f"{low}+"


def _held(found: Sequence[Account], kind: str) -> list[Account]:
    return [a for a in found if kind_of(a) == kind and a.get("status") != "CLOSED"]


def closed_for_cause(account: Mapping[str, Any]) -> bool:
    """A checking account the bank closed (not at the customer's request) in 6 months."""
    if kind_of(account) != "checking" or account.get("status") != "CLOSED":
        return False
    reason = str(account.get("closure_reason") or "").lower()
    age = clock.days_since(account.get("date_closed"))
    recent = age is not None and age <= CAUSE_MONTHS_DAYS
    return recent and bool(reason) and "customer" not in reason


def in_bad_standing(found: Sequence[Account], cards: Sequence[Account]) -> bool:
    """A negative balance or an account in collections."""
    negative = any(balance_of(a) < 0 for a in found if a.get("status") != "CLOSED")
    collections = any(
        "COLLECTION" in str(r.get("status") or "").upper()
        or "COLLECTION" in str(r.get("account_status") or "").upper()
        for r in [*found, *cards]
    )
    return negative or collections


def checking_refusal(age: int | None, product: str, held: Sequence[Account]) -> str | None:
    """Why a personal checking account cannot be opened (None: it can)."""
    if age is None or age < CHECKING_MIN_AGE:  # (a missing birth date is answered before)
        return "open_account.age"
    low, high = PRODUCT_AGES.get(product, (0, None))
    if age < low or (high is not None and age > high):
        return "open_account.product_age"
    if len(_held(held, "checking")) >= MAX_HELD["checking"]:
        return "open_account.too_many"
    if any(closed_for_cause(a) for a in held):
        return "open_account.closed_for_cause"
    return None


def savings_refusal(held: Sequence[Account], cards: Sequence[Account]) -> str | None:
    """Why a personal savings account cannot be opened (None: it can)."""
    checking = [a for a in held if kind_of(a) == "checking" and is_open(a)]
    if not any(days_open(a) >= SAVINGS_CHECKING_DAYS for a in checking):
        return "open_account.needs_checking"
    if len(_held(held, "savings")) >= MAX_HELD["savings"]:
        return "open_account.too_many"
    if in_bad_standing(held, cards):
        return "open_account.bad_standing"
    return None


def business_checking_refusal(held: Sequence[Account]) -> str | None:
    """Why a business checking account cannot be opened (None: it can)."""
    checking = [a for a in held if kind_of(a) == "checking" and is_open(a)]
    if not checking:
        return "open_account.needs_personal_checking"
    if len(_held(held, "business_checking")) >= MAX_HELD["business_checking"]:
        return "open_account.too_many"
    if any(a.get("status") == "CLOSED" for a in held):
        return "open_account.has_closed"
    if not any(balance_of(a) >= BUSINESS_CHECKING_BALANCE for a in checking):
        return "open_account.needs_personal_checking"
    return None


def business_savings_refusal(held: Sequence[Account]) -> str | None:
    """Why a business savings account cannot be opened (None: it can)."""
    business = [a for a in held if kind_of(a) == "business_checking" and is_open(a)]
    if not any(
        days_open(a) >= BUSINESS_SAVINGS_DAYS and balance_of(a) >= BUSINESS_SAVINGS_BALANCE
        for a in business
    ):
        return "open_account.needs_business_checking"
    if len(_held(held, "business_savings")) >= MAX_HELD["business_savings"]:
        return "open_account.too_many"
    if in_bad_standing(held, []):
        return "open_account.bad_standing"
    return None


def opening_refusal(
    kind: str, product: str, age: int | None, held: Sequence[Account], cards: Sequence[Account]
) -> str | None:
    """Why ``product`` cannot be opened as ``kind`` (§2.11), or None."""
    if kind == "checking":
        return checking_refusal(age, product, held)
    if kind == "savings":
        return savings_refusal(held, cards)
    if kind == "business_checking":
        return business_checking_refusal(held)
    return business_savings_refusal(held)


# Words saying the customer holds (or is leaving) an account they name.
HOLDING_WORD = rx.compile(
    r"\b(?:already have|i have|i've got|i own|my current|my old|get rid of|close|swap|"
    r"switch from|upgrade from|replace)\b|已经有|我有|现有|换掉|注销|关掉|销户|不要了",
    rx.I,
)


def held_as_said(turn: Turn, product: str, held: Sequence[Account]) -> bool:
    """Whether ``product`` is one the customer holds and speaks of as theirs or as leaving."""
    if not any(stem(product_of(a)) == stem(product) for a in held):
        return False
    name = stem(product).lower()
    for text in texts(turn):
        for sentence in SENTENCE_END.split(text):
            if name in sentence.lower() and HOLDING_WORD.search(sentence):
                return True
    return False


IDENTITY_DETAILS = ("email", "phone_number", "date_of_birth", "address", "full_name")
LONG_MESSAGE = 200  # characters: a message this long says more than who the customer is


def needs_texts(turn: Turn) -> list[str]:
    """The task's messages that may state needs: not the ones that only say who one is.

    ("…, Portland, OR 97205" is no $97,205 balance.)
    """
    return [
        text
        for text in texts(turn)
        if len(text) > LONG_MESSAGE
        or not any(ex.extract_slots(text, TurnHints()).get(k) for k in IDENTITY_DETAILS)
    ]


def advise_opening(turn: Turn, family: str | None) -> Decision | None:
    """The account that best fits the needs the task's messages state, offered to open.

    None when the words state no needs of an account (a card's question, or nothing to
    rank): the customer is asked which product instead. The offer is a yes/no question;
    only the opening listed after it changes anything.
    """
    if not needs.asks_advice(latest(turn)):
        return None
    wants = products.criteria(products.own_question(needs_texts(turn)), turn.frame["asked"])
    kind = wants.kind
    if kind not in ("checking", "savings", "pair"):
        if family not in ("checking", "savings") or not needs.states_needs(" ".join(texts(turn))):
            return None
        kind = "checking" if family == "checking" else "savings"
        wants = replace(wants, kind=kind)  # "a second checking … I use ATMs abroad"
    assert kind is not None
    need = products.missing(wants)
    if need is not None:
        label = products.KIND_LABEL[kind]
        return ask(turn, need, "ask.recommend_balance", {"kind_key": label})
    basis, ranked = products.ranking(wants, clock.today())
    openable = {p for names in OPENABLE.values() for p in names}
    best = str(ranked[0].figures.get("best", "")) if ranked else ""
    if best not in openable:
        return None
    key, data = products.answer(ranked, basis, kind)
    second = str(data.get("second") or "")
    if second in openable:  # a savings with the checking that boosts it: both, in turn
        data["open_line_key"] = "open_account.offer_combo"
        turn.slots["recommended_next"] = second
    else:
        pair = kind == "pair"
        data["open_line_key"] = "open_account.offer_pair" if pair else "open_account.offer"
        turn.slots.pop("recommended_next", None)
    turn.slots["recommended"] = best
    # the advised product's kind (a Green Account is sold as checking and as savings)
    turn.slots["recommended_kind"] = "checking" if kind == "checking" else "savings"
    turn.slots.pop("open_recommended", None)
    return ask(turn, "open_recommended", key, data)


def recommend(turn: Turn) -> Decision:
    """Product advice; to a verified customer, an account the bank opens is offered to open.

    "Which ONE account fits everything I told you?" ends with "Would you like me to open the
    Sky Blue for you?", a yes/no question of an opening: a yes lists that opening for its
    own yes, as when the advice was asked for while opening an account.
    """
    if turn.inp.user_id:
        wants = products.criteria(products.own_question(texts(turn)), turn.frame["asked"])
        if wants.kind in ("checking", "savings", "pair"):
            asking = turn.frame["intent"]
            turn.frame["intent"] = "open_account"
            advice = advise_opening(turn, None)
            if advice is not None:
                return advice
            turn.frame["intent"] = asking
    return products.recommend(turn)


def then_open(turn: Turn, decision: Decision, product: str) -> Decision:
    """The opening of an advised combination's second account, waiting behind the first.

    Only after a yes to the offer naming both; the second is listed for its own yes.
    """
    following = str(turn.slots.get("recommended_next") or "")
    agreed = yes_no(turn, "open_recommended")
    if not following or not agreed or product != turn.slots.get("recommended"):
        return decision
    values = {"recommended": following, "recommended_kind": "checking", "open_recommended": "yes"}
    return then_the_rest(turn, decision, values)


def product_chosen(turn: Turn, values: Mapping[str, Any], held: Sequence[Account]) -> str | None:
    """The product to open: named by the customer, or advised and agreed to."""
    product = product_named(turn, values)
    agreed = yes_no(turn, "open_recommended")
    if product in CREDIT_CARD_NAMES and agreed and turn.frame["asked"] == "open_recommended":
        # "Let's do it - open the accounts! I'll apply for the Silver Rewards Card myself":
        # the card is the customer's own application; the yes is to the accounts offered
        product = None
    if product is not None and held_as_said(turn, product, held):
        # "I already have a Green Account … I want a second checking": the product the
        # customer holds is the one they describe, not the one they choose to open
        product = None
    if product is not None:
        return product
    if turn.frame["asked"] is None and agreed and turn.slots.get("recommended"):
        return str(turn.slots["recommended"])  # the second of a combination agreed to
    if turn.frame["asked"] == "open_recommended":
        if agreed:  # "yes, let's do it"
            return str(turn.slots.get("recommended") or "") or None
        if agreed is False:
            turn.slots.pop("recommended", None)
    return None


# "I have a Silver savings account and a checking account", "我有一个 Silver 储蓄账户": what
# the customer holds, said as a fact; and what would make it a wish for another
HOLDS = rx.compile(
    r"\b(?:i|we) (?:already |also )?(?:have|hold|own|'ve got|have got)\b|"
    r"我(?:们)?(?:在你们这儿?|名下)?(?:还|也|已经)?有",
    rx.I,
)
WANTS = rx.compile(
    r"\b(?:want|need|like|looking for|interested in|get (?:a|an|another)|apply|sign up)\b|"
    r"想|要|需要|申请|办",
    rx.I,
)


def only_holdings(turn: Turn) -> bool:
    """The request's words only say which accounts the customer holds: no opening asked.

    "我有一个 Silver 储蓄账户，另外还有一个支票账户…你能帮我查一下吗？" answers what the bank
    asked about their accounts; it names no opening and wishes for no other account.
    """
    said = texts(turn)
    spec = turn.inp.config.intents.get(turn.frame["intent"])
    actions = tuple(spec.actions) if spec is not None else ()
    return (
        turn.frame["asked"] is None
        and any(HOLDS.search(t) for t in said)
        and not any(WANTS.search(t) or names_action(t, actions) for t in said)
    )


def open_account(turn: Turn) -> Decision:
    """Open a personal or business checking or savings account (§2.11)."""
    if only_holdings(turn):
        request = "request.open_account"
        return respond(turn, "ask.which_change", {"request": request})
    values = stated(turn)
    family = family_word(values.get("account_kind"))
    held = accounts(turn)
    product = product_chosen(turn, values, held)
    if product is None and yes_no(turn, "open_recommended") is not False:
        # "I have specific needs … just tell me which": advised by the bank's own ranking
        advice = advise_opening(turn, family)
        if advice is not None:
            return advice
    if product is None:
        if values.get("card_name") in CREDIT_CARD_NAMES:
            return respond(turn, "open_account.is_card", {"card": values["card_name"]})
        kinds = [k for k in OPENABLE if family is None or family_word(k) == family]
        offered = sorted({p for k in kinds for p in OPENABLE[k]}, key=str.lower)
        return ask(turn, "card_name", "ask.open_product", {"products": ", ".join(offered)})
    types = opening_type(product, values, " ".join(texts(turn)))
    advised_kind = turn.slots.get("recommended_kind")
    sold_as = [k for k, names in OPENABLE.items() if product in names]
    if product == turn.slots.get("recommended") and advised_kind in sold_as:
        types = [str(advised_kind)]  # the kind it was advised as, whatever else was said
    if not types:
        return ask(turn, "card_name", "ask.open_product_unknown", {"product": product})
    if len(types) > 1:
        return ask(turn, "account_kind", "ask.open_kind", {"product": product})
    kind = types[0]
    data: dict[str, Any] = {"product": product, "kind_key": f"account_kind.{kind}"}
    if product in INVITATION_ONLY:
        return respond(turn, "open_account.invitation", data)
    if any(a.get("account_id") == hex_id(f"account:{turn.user_id}:{kind}:{product}") for a in held):
        return refuse(turn, "open_account.exists", data)
    user = turn.read("get_user_information_by_id") or {}
    age = age_on((user.get("user") or user).get("date_of_birth"), clock.today())
    if kind == "checking" and age is None:
        return respond(turn, "tool.failed")
    reason = opening_refusal(
        kind, product, age, held, credit_cards(turn) if kind == "savings" else []
    )
    if reason is not None:
        return refuse(turn, reason, {**data, "limit": MAX_HELD[kind], "ages": ages(product)})
    minimum = MIN_OPENING.get((kind, product), 0)
    funded = "savings" in kind
    data["minimum"] = money_text(minimum)
    data["days"] = FUNDING_DAYS
    data["next_key"] = (
        f"open_account.next.{'savings' if funded else 'checking'}{'_minimum' if minimum else ''}"
    )
    args = {"account_type": kind, "account_class": product}
    return then_open(turn, plan(turn, "open_bank_account_4821", args, True, data), product)
