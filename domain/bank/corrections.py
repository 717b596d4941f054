"""Rho Bank's fee and interest corrections: ATM fee reviews, savings interest, fixed fees.

Rules (the bank's documents):

* Checking credits (Internal: Applying Credits and Rebates to Checking Accounts): only for
  a missing rebate or a fee that differs from the fee schedule; the net correction over
  all discrepancies, exact to the cent; one credit per checking account per conversation,
  then a 14-day cooldown; ``rebate_credit`` or ``fee_refund``, whichever covers most of
  the correction. Any other reason (goodwill, "for the trouble") is not credited.
* ATM fees per checking product (each product's fee pages): the out-of-network fee, the
  free out-of-network and foreign withdrawals a month, the foreign ATM fee, the monthly
  ATM fee rebate cap (:data:`ATM_RULES`). In-network (Rho-Bank) ATMs cost nothing.
* Savings interest (Internal: Applying Credits to Savings Accounts; Submitting Interest
  Discrepancy Reports; Linked Checking Account APY Boosts and their Selection Policy;
  Credit Card APY Bonuses: Stacking Policy): the APY due is the product's tier rate, plus
  the highest linked checking boost, plus the highest credit card bonus, plus a
  relationship bonus where the product's page gives one. The month's interest due is the
  balance on record times that APY over twelve. A shortfall is credited as an
  ``interest_correction`` first, then reported to the backend team (its own listing).
* Fixed checking fees (monthly maintenance, paper statements): as before, the net
  overcharge of the last two statement months.

Every figure told comes from the bank's reads; every change is one :func:`plan` listed
for the customer's yes. Several accounts to credit: the first is listed, the others
wait behind it as a request of their own (each listed in turn).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from keel.domain.bank import clock
from keel.domain.bank.accounts import (
    CREDIT_CARD_NAMES,
    CREDIT_COOLDOWN_DAYS,
    CREDIT_TOPICS,
    FEE_REVIEW_DAYS,
    FIXED_FEES,
    Account,
    Ref,
    family_word,
    fee_correction,
    is_open,
    kind_of,
    label,
    money_text,
    pick,
    product_of,
    recent_service_credit,
    ref_of_values,
    stated,
    stem,
    texts,
)
from keel.domain.bank.common import US_STATES, parse_money
from keel.domain.bank.decisions import (
    Turn,
    accounts,
    ask,
    credit_cards,
    plan,
    refuse,
    respond,
    then_the_rest,
)
from keel.domain.pack import Decision
from keel.safety import patterns as rx
from keel.understanding.confirmation import names_action

# -- ATM fees per checking product -------------------------------------------------------------


@dataclass(frozen=True)
class Fee:
    """One withdrawal's fee: a rate with a floor and a cap, or flat tiers by amount."""

    rate: float = 0.0  # share of the withdrawal (0.01 = 1%)
    minimum: float = 0.0  # the fee is at least this (a flat fee: minimum alone)
    maximum: float | None = None
    tiers: tuple[tuple[float, float], ...] = ()  # (up to and including amount, fee)

    def on(self, amount: float) -> float:
        """The fee on a withdrawal of ``amount`` dollars."""
        if self.tiers:
            for limit, fee in self.tiers:
                if amount <= limit + 1e-9:
                    return fee
            return self.tiers[-1][1]
        fee = max(self.minimum, amount * self.rate)
        if self.maximum is not None:
            fee = min(fee, self.maximum)
        return round(fee + 1e-9, 2)


FREE = Fee()


@dataclass(frozen=True)
class AtmRule:
    """A checking product's ATM terms."""

    out_of_network: Fee
    foreign: Fee
    free_out_of_network: int = 0  # free out-of-network withdrawals a month
    free_foreign: int = 0  # free foreign withdrawals a month
    rebate_cap: float = 0.0  # ATM fees rebated a month, up to this
    foreign_waived_from: float | None = None  # no foreign fee at or above this balance


INF = float("inf")
ATM_RULES: dict[str, AtmRule] = {
    # Light Blue Account features and fees; Foreign ATM withdrawal fees for Light Blue
    "Light Blue Account": AtmRule(Fee(minimum=2.5), Fee(minimum=4.0), 2, 2),
    # Light Green Account at a glance; Understanding foreign ATM fees for teens
    "Light Green Account": AtmRule(
        Fee(minimum=1.5), Fee(tiers=((100.0, 2.0), (300.0, 3.5), (INF, 5.0))), 4
    ),
    # Green Fee-Free Account features
    "Green Fee-Free Account": AtmRule(FREE, FREE),
    # Blue Account at a glance; International ATM withdrawals for Blue Account
    "Blue Account": AtmRule(Fee(rate=0.01, maximum=3.0), Fee(rate=0.03, minimum=5.0)),
    # Green Account (checking) at a glance; Foreign ATM fees for Green Account (checking)
    "Green Account": AtmRule(Fee(minimum=3.0), Fee(rate=0.03, minimum=5.0)),
    # Out-of-network ATM fees for Evergreen Account; Evergreen Account at a glance
    "Evergreen Account": AtmRule(Fee(rate=0.01, maximum=2.5), Fee(rate=0.02, minimum=3.0)),
    # Out-of-network ATM fees for Purple Account; Purple Account at a glance (rebates $30)
    "Purple Account": AtmRule(Fee(minimum=2.5), FREE, rebate_cap=30.0),
    # Bluest Account: Out-of-network ATM fees; ATM fee rebates for Bluest ($50)
    "Bluest Account": AtmRule(Fee(minimum=2.0), FREE, rebate_cap=50.0),
    # Dark Green Account at a glance and specifications
    "Dark Green Account": AtmRule(Fee(rate=0.01, minimum=1.5), Fee(rate=0.025, maximum=6.0)),
    # Gold Years Account specifications (foreign fee waived at $10,000 or more)
    "Gold Years Account": AtmRule(FREE, Fee(minimum=3.5), foreign_waived_from=10000.0),
}
IN_NETWORK = rx.compile(r"\bRHO[- ]?BANK\b", rx.I)
PLACE_CODE = rx.compile(r"\b([A-Z]{2})\s*$")
# Country codes that are also U.S. state codes (DE, CA, IN, CO …): the place's words decide.
ABROAD_WORD = rx.compile(
    r"\b(?:DEUTSCHE|COMMERZBANK|FRANKFURT|BERLIN|MUNICH|HAMBURG|TORONTO|VANCOUVER|MONTREAL|"
    r"CALGARY|OTTAWA|SCOTIABANK|RBC|MUMBAI|DELHI|BANGALORE|HDFC|ICICI|BOGOTA|MEDELLIN|"
    r"BANCOLOMBIA|CASABLANCA|PANAMA|BUENOS AIRES|TEL AVIV|JAKARTA|TIRANA)\b",
    rx.I,
)


@dataclass(frozen=True)
class AtmAudit:
    """One checking account's ATM fees in one month, against its product's terms."""

    account: Account
    withdrawals: int
    charged: float  # ATM fees posted
    due: float  # ATM fees the product's terms charge
    rebates_due: float
    rebates_paid: float

    @property
    def overcharge(self) -> float:
        """Fees charged above the terms (net of any undercharge)."""
        return round(self.charged - self.due, 2)

    @property
    def missing_rebate(self) -> float:
        """Rebates due but not paid."""
        return round(max(0.0, self.rebates_due - self.rebates_paid), 2)

    @property
    def owed(self) -> float:
        """The net correction owed to the customer."""
        return round(self.overcharge + self.missing_rebate, 2)

    @property
    def credit_type(self) -> str:
        """The credit type covering most of the correction."""
        return "rebate_credit" if self.missing_rebate > self.overcharge else "fee_refund"


def is_atm_withdrawal(row: Mapping[str, Any]) -> bool:
    """A cash withdrawal at an ATM."""
    text = str(row.get("description", ""))
    return row.get("type") == "atm_withdrawal" or (
        "ATM WITHDRAWAL" in text.upper() and parse_money(row.get("amount")) < 0
    )


def is_atm_fee(row: Mapping[str, Any]) -> bool:
    """An ATM fee the bank charged."""
    text = str(row.get("description", "")).upper()
    return parse_money(row.get("amount")) < 0 and (
        row.get("type") == "atm_fee" or ("ATM" in text and "FEE" in text)
    )


def is_atm_rebate(row: Mapping[str, Any]) -> bool:
    """An ATM fee rebate paid (a customer-service credit is not one)."""
    text = str(row.get("description", "")).upper()
    return parse_money(row.get("amount")) > 0 and (
        row.get("type") == "fee_rebate" or ("ATM" in text and "REBATE" in text)
    )


def is_foreign(row: Mapping[str, Any], fees: Sequence[Mapping[str, Any]] = ()) -> bool:
    """A withdrawal abroad: its place is abroad, or the fee posted with it says foreign."""
    text = str(row.get("description", "")).strip()
    found = PLACE_CODE.search(text)
    if found is not None and found.group(1) not in US_STATES:
        return True
    same_day = [f for f in fees if f.get("date") == row.get("date")]
    return bool(ABROAD_WORD.search(text)) or (
        bool(same_day) and all("FOREIGN" in str(f.get("description", "")).upper() for f in same_day)
    )


def audit_atm(account: Account, rows: Sequence[Mapping[str, Any]], rule: AtmRule) -> AtmAudit:
    """The account's ATM fees in ``rows`` (one month, posted) against ``rule``."""
    posted = sorted(
        (r for r in rows if r.get("status", "posted") == "posted"),
        key=lambda r: clock.parse_date(r.get("date")) or date.min,
    )
    due, out_due, used_out, used_foreign, count = 0.0, 0.0, 0, 0, 0
    fees = [r for r in posted if is_atm_fee(r)]
    balance = parse_money(account.get("current_holdings"))
    for row in posted:
        if not is_atm_withdrawal(row) or IN_NETWORK.search(str(row.get("description", ""))):
            count += is_atm_withdrawal(row)
            continue
        count += 1
        amount = abs(parse_money(row.get("amount")))
        if is_foreign(row, fees):
            used_foreign += 1
            waived = rule.foreign_waived_from is not None and balance >= rule.foreign_waived_from
            fee = 0.0 if used_foreign <= rule.free_foreign or waived else rule.foreign.on(amount)
        else:
            used_out += 1
            fee = 0.0 if used_out <= rule.free_out_of_network else rule.out_of_network.on(amount)
        due += fee
        out_due += fee
    charged = sum(abs(parse_money(r.get("amount"))) for r in posted if is_atm_fee(r))
    paid = sum(parse_money(r.get("amount")) for r in posted if is_atm_rebate(r))
    rebates_due = min(rule.rebate_cap, out_due) if rule.rebate_cap else 0.0
    return AtmAudit(
        account=account,
        withdrawals=count,
        charged=round(charged, 2),
        due=round(due, 2),
        rebates_due=round(rebates_due, 2),
        rebates_paid=round(paid, 2),
    )


# -- savings interest ---------------------------------------------------------------------------

# Base APY by balance tier: (from balance, APY %), highest first matching.
SAVINGS_TIERS: dict[str, tuple[tuple[float, float], ...]] = {
    "Bronze Account": ((0.0, 2.0),),
    "Silver Account": ((10000.0, 4.0), (0.0, 2.5)),
    "Silver Plus Account": ((15000.0, 4.5), (0.0, 3.0)),
    "Gold Account": ((0.0, 5.5),),
    "Gold Plus Account": ((0.0, 6.0),),
    "Platinum Account": ((0.0, 6.5),),
    "Platinum Plus Account": ((0.0, 7.0),),
    "Diamond Elite Account": ((0.0, 7.5),),
    "Green Account": ((0.0, 4.0),),
}
# Linked checking boosts (Linked Checking Account APY Boosts; each checking product's page).
CHECKING_BOOSTS: dict[tuple[str, str], float] = {
    ("Green Account", "Gold Account"): 0.75,
    ("Green Account", "Silver Account"): 0.25,
    ("Green Fee-Free Account", "Bronze Account"): 0.4,
    ("Green Fee-Free Account", "Gold Plus Account"): 0.35,
    ("Evergreen Account", "Green Account"): 0.55,
    ("Evergreen Account", "Diamond Elite Account"): 0.15,
    ("Blue Account", "Silver Plus Account"): 0.35,
    ("Blue Account", "Platinum Account"): 0.8,
    ("Light Green Account", "Diamond Elite Account"): 0.2,
    ("Light Green Account", "Platinum Account"): 0.65,
    ("Dark Green Account", "Bronze Account"): 0.85,
    ("Dark Green Account", "Platinum Plus Account"): 0.45,
    ("Bluest Account", "Silver Account"): 0.45,
    ("Bluest Account", "Bronze Account"): 0.7,
    ("Purple Account", "Platinum Plus Account"): 0.3,
    ("Purple Account", "Gold Account"): 0.1,
    ("Gold Years Account", "Gold Plus Account"): 0.5,
    ("Gold Years Account", "Silver Account"): 0.6,
}
# Credit card APY bonuses by savings product (each savings product's card bonus page).
CARD_BONUSES: dict[str, dict[str, float]] = {
    "Bronze Account": {
        "bronzerewards": 0.1,
        "goldrewards": 0.25,
        "greenrewards": 0.2,
        "cryptocashback": 0.3,
        "platinumrewards": 0.55,
        "diamondelite": 0.15,
    },
    "Silver Account": {
        "silverrewards": 0.1,
        "goldrewards": 0.5,
        "cryptocashback": 0.5,
        "platinumrewards": 0.2,
        "diamondelite": 0.25,
    },
    "Silver Plus Account": {
        "bronzerewards": 0.15,
        "silverrewards": 0.15,
        "goldrewards": 0.2,
        "platinumrewards": 0.15,
        "diamondelite": 0.4,
        "eco": 0.45,
        "greenrewards": 0.1,
    },
    "Gold Account": {
        "bronzerewards": 0.15,
        "silverrewards": 0.2,
        "goldrewards": 0.025,
        "platinumrewards": 0.15,
        "diamondelite": 0.3,
        "eco": 0.6,
        "greenrewards": 0.35,
    },
    "Gold Plus Account": {
        "bronzerewards": 0.15,
        "silverrewards": 0.1,
        "goldrewards": 0.35,
        "platinumrewards": 0.2,
        "diamondelite": 0.25,
        "eco": 0.1,
        "greenrewards": 0.05,
        "cryptocashback": 0.3,
    },
    "Platinum Account": {"goldrewards": 0.15, "platinumrewards": 0.25, "diamondelite": 0.35},
    "Platinum Plus Account": {
        "goldrewards": 0.1,
        "platinumrewards": 0.4,
        "diamondelite": 0.6,
        "eco": 0.05,
        "cryptocashback": 0.25,
    },
    "Diamond Elite Account": {"platinumrewards": 0.1, "diamondelite": 0.5, "cryptocashback": 0.15},
    "Green Account": {
        "eco": 0.5,
        "silverrewards": 0.45,
        "platinumrewards": 0.35,
        "diamondelite": 0.6,
        "greenrewards": 0.4,
    },
}
# Relationship bonuses for holding more than one Rho-Bank product (Silver Account FAQ: "a
# relationship APY bonus of 0.025% added to the base Silver APY" for multiple products;
# Silver Plus: the same 0.025%; the Platinum Rewards Card page names the same bonus).
RELATIONSHIP_BONUSES: dict[str, float] = {"Silver Account": 0.025, "Silver Plus Account": 0.025}
MONTHS_A_YEAR = 12


def card_key(name: object) -> str:
    """A credit card's name reduced for the bonus tables ("EcoCard" -> "eco")."""
    text = str(name or "").lower().replace("card", "")
    return "".join(ch for ch in text if ch.isalnum())


def base_apy(product: str, balance: float) -> float | None:
    """The product's tier APY for ``balance`` (None: a product the tables do not know)."""
    for floor, apy in SAVINGS_TIERS.get(product, ()):
        if balance >= floor:
            return apy
    return None


@dataclass(frozen=True)
class Apy:
    """The APY a savings account is due and its parts, in percent."""

    base: float
    boost: float
    boost_from: str
    card: float
    card_from: str
    relationship: float

    @property
    def total(self) -> float:
        """The APY due."""
        return round(self.base + self.boost + self.card + self.relationship, 4)


def apy_due(
    savings: Account,
    base: float,
    checking: Sequence[Account],
    cards: Sequence[Mapping[str, Any]],
    other_products: int = 0,
) -> Apy:
    """Base, the highest checking boost, the highest card bonus, a relationship bonus.

    ``other_products``: the customer's open accounts and cards besides this savings.
    """
    product = product_of(savings)
    boosts = [(CHECKING_BOOSTS.get((product_of(c), product), 0.0), product_of(c)) for c in checking]
    boost, boost_from = max(boosts, default=(0.0, ""))
    table = CARD_BONUSES.get(product, {})
    bonuses = [
        (table.get(card_key(c.get("card_type")), 0.0), str(c.get("card_type"))) for c in cards
    ]
    card, card_from = max(bonuses, default=(0.0, ""))
    several = other_products > 0 or bool(checking) or bool(cards)
    relationship = RELATIONSHIP_BONUSES.get(product, 0.0) if several else 0.0
    return Apy(
        base=base,
        boost=boost,
        boost_from=boost_from if boost else "",
        card=card,
        card_from=card_from if card else "",
        relationship=relationship,
    )


def is_interest(row: Mapping[str, Any]) -> bool:
    """A monthly interest credit (not a correction made by customer service)."""
    text = str(row.get("description", "")).upper()
    kind = str(row.get("type", "")).lower()
    return (
        parse_money(row.get("amount")) > 0
        and ("interest" in kind or "INTEREST" in text)
        and "CORRECTION" not in text
        and kind != "interest_correction"
    )


def is_correction(row: Mapping[str, Any]) -> bool:
    """An interest correction credited by customer service."""
    return row.get("type") == "interest_correction" or "INTEREST CORRECTION" in str(
        row.get("description", "")
    )


# -- words --------------------------------------------------------------------------------------

MONTH_NAMES = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
# A month named ("November", "Nov", "11月"); a full date ("March 14, 1986", "3月14日") is none.
MONTH_WORD = rx.compile(
    r"\b("
    + "|".join("(?-i:May)" if m == "may" else f"{m}|{m[:3]}" for m in MONTH_NAMES)
    + "|sept"
    + r")"
    r"\b(?!\.?\s*\d{1,2}(?:st|nd|rd|th)?,?\s*\d{4})|(?<!年)(?<!\d)(\d{1,2})\s*月(?!\s*\d{1,2}\s*[日号])",
    rx.I,
)
ATM_WORD = rx.compile(
    r"(?<![A-Za-z])ATMs?(?![A-Za-z])|\bcash withdrawal|\bnon[- ]?rho\b|取款|取现|提款", rx.I
)
GOODWILL_WORD = rx.compile(
    r"\bgoodwill\b|\bcourtesy\b|\bfor the (?:trouble|inconvenience|hassle)\b|\bas an apology\b|"
    r"\bmake up for\b|\bcompensat\w*|补偿|赔偿|好意|安抚|表示歉意",
    rx.I,
)
YES_WORD = rx.compile(
    r"^\s*(?:yes|yeah|yep|sure|ok(?:ay)?|please(?: do)?|go ahead|do it|fix it|sounds good|"
    r"是|好|可以|行|对|麻烦|请)",
    rx.I,
)
RATE_SAID = rx.compile(r"(\d+(?:\.\d+)?)\s*%")
CREDITED_QUESTION = rx.compile(
    r"\bhow much\b.*\b(?:credit|refund|rebat|correct)\w*|\btotal\b.*\b(?:credit|refund)\w*|"
    r"\b(?:credit|refund)\w*\b.*\bin (?:the end|total)\b|"
    r"(?:入账|退|补|返还)\w*.*多少|多少.*(?:入账|退|补)",
    rx.I,
)
REPORT_WORD = rx.compile(r"\breport\b|报告|上报", rx.I)


def said_words(turn: Turn) -> str:
    """The task's messages, and the customer's last few messages when this one says little."""
    own = " ".join(texts(turn))
    return f"{' '.join(turn.inp.recent)} {own}"


def month_of(words: str) -> int | None:
    """The calendar month the words name (the last one named)."""
    found: int | None = None
    for match in MONTH_WORD.finditer(words):
        if match.group(1):
            found = next(
                i for i, m in enumerate(MONTH_NAMES, 1) if m[:3] == match.group(1)[:3].lower()
            )
        elif match.group(2) and 1 <= int(match.group(2)) <= 12:
            found = int(match.group(2))
    return found


def in_month(row: Mapping[str, Any], month: tuple[int, int]) -> bool:
    """Whether the row is dated in (year, month)."""
    day = clock.parse_date(row.get("date"))
    return day is not None and (day.year, day.month) == month


def month_label(month: tuple[int, int]) -> str:
    """(2025, 11) -> "11/2025"."""
    return f"{month[1]:02d}/{month[0]}"


def named_ids(words: str, held: Sequence[Account]) -> list[str]:
    """The ids of the customer's accounts the words name, in the order held."""
    lowered = words.lower()
    return [str(a["account_id"]) for a in held if str(a["account_id"]).lower() in lowered]


def offered_and_accepted(turn: Turn) -> bool:
    """The customer said yes to the credits offered in the question just asked.

    A bare "yes please" reaches the task as a resumption without text: the customer's last
    whole message is read then.
    """
    last = turn.inp.text or (turn.inp.recent[-1] if turn.inp.recent else "")
    return turn.frame["asked"] == "fix" and bool(YES_WORD.search(last))


def wants_change(turn: Turn) -> bool:
    """The customer asked in words for the correction, or said yes to it when offered."""
    if offered_and_accepted(turn):
        turn.slots["offer_accepted"] = True
    spec = turn.inp.config.intents.get(turn.frame["intent"])
    actions = tuple(spec.actions) if spec is not None else ()
    asked = any(names_action(t, actions) for t in texts(turn))
    return bool(turn.slots.get("offer_accepted")) or asked


# -- handlers -------------------------------------------------------------------------------------


def transactions_of(turn: Turn, account: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The account's transactions."""
    data = turn.read("get_bank_account_transactions_9173", account_id=account["account_id"])
    return [dict(r) for r in (data or {}).get("transactions", [])]


def chosen_month(
    words: str, rows: Sequence[Mapping[str, Any]], wanted: Callable[..., bool]
) -> tuple[int, int] | None:
    """The (year, month) reviewed: the month named, else the latest with a row ``wanted``."""
    months = sorted(
        {
            (d.year, d.month)
            for r in rows
            if wanted(r) and (d := clock.parse_date(r.get("date"))) is not None
        }
    )
    named = month_of(words)
    if named is not None:
        matching = [m for m in months if m[1] == named]
        return matching[-1] if matching else (clock.today().year, named)
    return months[-1] if months else None


def atm_line(audit: AtmAudit, language: str) -> str:
    """One account's ATM review as told."""
    name = label(audit.account)
    if language == "zh":
        text = (
            f"{name}：ATM 费用实收 ${money_text(audit.charged)}，按账户标准应收 "
            f"${money_text(audit.due)}"
        )
        if audit.rebates_due:
            rebates = money_text(audit.rebates_due), money_text(audit.rebates_paid)
            text += f"；应返还 ${rebates[0]}，已返还 ${rebates[1]}"
        return text + f"；应退 ${money_text(max(audit.owed, 0.0))}"
    text = (
        f"{name}: ATM fees charged ${money_text(audit.charged)}, due under its terms "
        f"${money_text(audit.due)}"
    )
    if audit.rebates_due:
        text += (
            f"; rebates due ${money_text(audit.rebates_due)}, paid "
            f"${money_text(audit.rebates_paid)}"
        )
    return text + f"; owed to you ${money_text(max(audit.owed, 0.0))}"


def credited_line(account: Account, rows: Sequence[Mapping[str, Any]], language: str) -> str:
    """The customer-service credits of the cooldown on one account, as told."""
    credits = [
        f"${money_text(parse_money(r.get('amount')))} ({r.get('date')})"
        for r in rows
        if "CUSTOMER SERVICE" in str(r.get("description", ""))
        and (clock.days_since(r.get("date")) or 0) <= CREDIT_COOLDOWN_DAYS
    ]
    joined = ", ".join(credits)
    return (
        f"{label(account)}：已入账 {joined}"
        if language == "zh"
        else f"{label(account)}: credited {joined}"
    )


def reviewed_checking(turn: Turn, held: Sequence[Account], words: str) -> list[Account] | Decision:
    """The open checking accounts whose ATM fees are reviewed (those named, else all)."""
    ref = ref_of_values(stated(turn))
    ids = named_ids(words, held)
    if ref.family == "savings" or any(
        kind_of(a) == "savings" for a in held if str(a["account_id"]) in ids
    ):
        return refuse(turn, "fee_or_credit.savings_no_fee_credit")
    checking = [a for a in held if kind_of(a) == "checking" and is_open(a)]
    if not checking:
        return refuse(turn, "fee_or_credit.no_checking")
    if ids:
        return [a for a in checking if str(a["account_id"]) in ids] or checking
    said = words.lower()
    by_name = [a for a in checking if product_of(a) and stem(product_of(a)).lower() in said]
    if len(by_name) > 1:  # "a Bluest Account and a Light Green Account": both reviewed
        return by_name
    named = [
        a
        for a in checking
        if (not ref.product or ref.product.lower() in product_of(a).lower())
        and (not ref.last4 or str(a["account_id"]).endswith(ref.last4))
    ]
    return named or checking


def atm_review(turn: Turn, words: str) -> Decision:
    """Review a month's ATM fees on the customer's checking accounts; list the corrections."""
    checking = reviewed_checking(turn, accounts(turn), words)
    if isinstance(checking, Decision):
        return checking
    rows_of = {str(a["account_id"]): transactions_of(turn, a) for a in checking}
    every = [r for rows in rows_of.values() for r in rows]
    month = chosen_month(words, every, lambda r: is_atm_fee(r) or is_atm_withdrawal(r))
    if month is None:
        return respond(turn, "fee_or_credit.atm_none")
    audits: list[AtmAudit] = []
    credited: list[tuple[Account, list[dict[str, Any]]]] = []
    unknown: list[Account] = []
    for account in checking:
        rows = rows_of[str(account["account_id"])]
        monthly = [r for r in rows if in_month(r, month)]
        if not any(is_atm_withdrawal(r) or is_atm_fee(r) for r in monthly):
            continue
        if recent_service_credit(rows):
            credited.append((account, rows))
            continue
        rule = ATM_RULES.get(product_of(account))
        if rule is None:
            unknown.append(account)
            continue
        audits.append(audit_atm(account, monthly, rule))
    data: dict[str, Any] = {
        "month": month_label(month),
        "lines": "; ".join(atm_line(a, "en") for a in audits) or "-",
        "lines_zh": "；".join(atm_line(a, "zh") for a in audits) or "-",
        "credited": "; ".join(credited_line(a, r, "en") for a, r in credited) or "-",
        "credited_zh": "；".join(credited_line(a, r, "zh") for a, r in credited) or "-",
        "days": CREDIT_COOLDOWN_DAYS,
    }
    owed = [a for a in audits if a.owed > 0]
    if not audits and credited:
        return respond(turn, "fee_or_credit.atm_credited", data)
    if not audits:
        if unknown:
            return respond(
                turn, "fee_or_credit.human", {"what_key": "fee_or_credit.what.other_fee"}
            )
        return respond(turn, "fee_or_credit.atm_none", data)
    if not owed:
        return respond(turn, "fee_or_credit.atm_no_error", data)
    total = round(sum(a.owed for a in owed), 2)
    data.update(total=money_text(total), count=len(owed))
    if not wants_change(turn):
        return ask(turn, "fix", "fee_or_credit.atm_review", data)
    return atm_credit(turn, owed, month, data)


def atm_credit(
    turn: Turn, owed: Sequence[AtmAudit], month: tuple[int, int], data: dict[str, Any]
) -> Decision:
    """The first account's correction credit listed; the others wait as a request of their own."""
    first, rest = owed[0], owed[1:]
    summary: dict[str, Any] = {
        **data,
        "account": label(first.account),
        "amount": money_text(first.owed),
        "credit_key": f"fee_or_credit.credit_type.{first.credit_type}",
        "next_key": "fee_or_credit.next.atm" if rest else "hint.none",
        "others": "; ".join(f"{label(a.account)} ${money_text(a.owed)}" for a in rest) or "-",
        "action_key": "fee_or_credit.step.atm",
        "result_key": "fee_or_credit.result.checking",
    }
    args = {
        "account_id": first.account["account_id"],
        "amount": first.owed,
        "credit_type": first.credit_type,
    }
    decision = plan(turn, "apply_checking_account_credit_5829", args, True, summary)
    if rest and not turn.slots.get("chained"):
        turn.slots["chained"] = True
        ids_left = ", ".join(str(a.account["account_id"]) for a in rest)
        decision.split_off = (
            f"credit the ATM fee corrections for {MONTH_NAMES[month[1] - 1]} {month[0]} "
            f"on accounts {ids_left}"
        )
    return decision


# "both savings accounts", "my four savings accounts", "两个储蓄账户", "两个账户的差额都补":
# the interest of every savings account meant is reviewed, one after the other
EVERY_SAVINGS = rx.compile(
    r"\b(?:both|all|each|every|(?:my )?(?:two|three|four|five))(?: of)?(?: my| the| our)?"
    r" (?:savings?(?: accounts?)?|accounts)\b|\ball (?:of them|two|three|four|five)\b|"
    r"[两三四五]个(?:储蓄|存款)?账户|[两三四五]个都|账户都|都补|全部|所有",
    rx.I,
)


def savings_named(words: str, savings: Sequence[Account]) -> list[Account]:
    """The savings accounts whose product the words name, in the order named.

    A product is named by its name less "Account" ("Gold Plus 储蓄", "the Silver Account");
    a longer name is read first, so "Silver Plus" is no "Silver".
    """
    stems = sorted({stem(product_of(a)) for a in savings} - {""}, key=len, reverse=True)
    left, found = words, []
    for name in stems:
        match = rx.search(rf"(?<![A-Za-z]){rx.escape(name)}(?![A-Za-z])", left, rx.I)
        if match is not None:
            found.append((match.start(), name))
            left = left[: match.start()] + " " * len(match.group(0)) + left[match.end() :]
    order = [name for _, name in sorted(found)]
    return [a for name in order for a in savings if stem(product_of(a)) == name]


def interest_queue(turn: Turn, words: str, savings: Sequence[Account]) -> list[str]:
    """The savings accounts still to review after this one, when several are meant.

    A task split off this one carries the rest (``interest_queue``); a request naming two
    or more savings products, or all of them, queues each after the first.
    """
    if "interest_after" in turn.slots:  # the report of one account: the rest wait behind it
        return [str(i) for i in turn.slots["interest_after"] or []]
    if "interest_queue" in turn.slots:
        queue = [str(i) for i in turn.slots["interest_queue"] or []]
    else:
        named = savings_named(words, savings)
        meant = named if len(named) > 1 else savings if EVERY_SAVINGS.search(words) else []
        queue = [str(a["account_id"]) for a in meant]
        turn.slots["interest_queue"] = queue
    if queue and not turn.slots.get("account_id"):
        turn.slots["account_id"] = queue[0]
    return [i for i in queue if i != turn.slots.get("account_id")]


INTEREST_CREDIT = "apply_savings_account_credit_6831"


def interest_review(turn: Turn, words: str) -> Decision:
    """Review the interest of each savings account meant, the first now, the rest after it."""
    held = accounts(turn)
    savings = [a for a in held if kind_of(a) == "savings" and is_open(a)]
    if not savings:
        return respond(turn, "fee_or_credit.no_savings")
    rest = interest_queue(turn, words, savings)
    decision = one_interest_review(turn, words, held, savings)
    if not rest:
        return decision
    if decision.split_off:  # the report waits behind the correction: the rest behind the report
        decision.split_slots = {**decision.split_slots, "interest_after": rest}
        return decision
    if decision.route == "ask" or (decision.plan and decision.plan["tool"] == INTEREST_CREDIT):
        return decision  # this account's review goes on
    values = {"interest_queue": rest, "credit_topic": "interest"}
    return then_the_rest(turn, decision, values, targets=len(rest))


def one_interest_review(
    turn: Turn, words: str, held: Sequence[Account], savings: Sequence[Account]
) -> Decision:
    """Check a month's savings interest against the APY due; list the correction, then report."""
    values = stated(turn)
    ref = ref_of_values(values)
    ids = named_ids(words, savings)
    product_named = ref.product if ref.product not in CREDIT_CARD_NAMES else None
    target = Ref(product=product_named, account_id=ids[0] if ids else None)
    chosen = pick(turn, "account_id", savings, target, "ask.interest_which")
    if isinstance(chosen, Decision):
        return chosen
    product = product_of(chosen)
    rows = transactions_of(turn, chosen)
    month = chosen_month(words, rows, is_interest)
    paid_rows = [r for r in rows if month is not None and in_month(r, month) and is_interest(r)]
    data: dict[str, Any] = {"account": label(chosen)}
    if month is None or not paid_rows:
        return respond(turn, "fee_or_credit.interest_none", data)
    paid = round(sum(parse_money(r.get("amount")) for r in paid_rows), 2)
    posted_on = max(clock.parse_date(r.get("date")) or date.min for r in paid_rows)
    # the interest due is the account's balance on record at its APY over twelve months (as
    # the bank's own figures for a month's interest are given)
    corrections = [
        r
        for r in rows
        if is_correction(r) and (clock.parse_date(r.get("date")) or date.min) >= posted_on
    ]
    # (a correction of this interest, once made, is no part of the balance it is due on)
    credited = sum(parse_money(r.get("amount")) for r in corrections)
    balance = round(parse_money(chosen.get("current_holdings")) - credited, 2)
    base = base_apy(product, balance)
    if base is None or balance <= 0:
        return respond(turn, "fee_or_credit.human", {"what_key": "fee_or_credit.what.interest"})
    checking = [a for a in held if kind_of(a) == "checking" and is_open(a)]
    cards = [c for c in credit_cards(turn) if str(c.get("status", "ACTIVE")).upper() == "ACTIVE"]
    others = [a for a in held if is_open(a) and a.get("account_id") != chosen.get("account_id")]
    apy = apy_due(chosen, base, checking, cards, len(others) + len(cards))
    expected = round(balance * apy.total / 100 / MONTHS_A_YEAR, 2)
    owed = round(expected - paid, 2)
    actual = round(paid * MONTHS_A_YEAR / balance * 100, 3)
    claimed = RATE_SAID.search(words)
    data.update(
        month=month_label(month),
        balance=money_text(balance),
        paid=money_text(paid),
        expected=money_text(expected),
        owed=money_text(max(owed, 0.0)),
        apy=f"{apy.total:g}",
        actual_apy=f"{actual:g}",
        parts=apy_parts(apy, "en"),
        parts_zh=apy_parts(apy, "zh"),
        claimed_key="fee_or_credit.claimed" if claimed else "hint.none",
        rate_said=claimed.group(1) if claimed else "",
    )
    if owed <= 0:
        return respond(turn, "fee_or_credit.interest_ok", data)
    if corrections:
        if REPORT_WORD.search(" ".join(texts(turn))):
            return report_plan(turn, chosen, apy.total, actual, owed, data)
        return respond(turn, "fee_or_credit.interest_corrected", data)
    if not wants_change(turn):
        return ask(turn, "fix", "fee_or_credit.interest_review", data)
    summary = {
        **data,
        "amount": money_text(owed),
        "action_key": "fee_or_credit.step.interest",
        "result_key": "fee_or_credit.result.interest",
    }
    args = {
        "account_id": chosen["account_id"],
        "amount": owed,
        "credit_type": "interest_correction",
    }
    decision = plan(turn, INTEREST_CREDIT, args, True, summary)
    if not turn.slots.get("chained"):
        turn.slots["chained"] = True
        decision.split_off = (
            f"report the interest discrepancy for {MONTH_NAMES[month[1] - 1]} {month[0]} "
            f"on account {chosen['account_id']}"
        )
    return decision


def report_plan(
    turn: Turn, account: Account, expected: float, actual: float, owed: float, data: dict[str, Any]
) -> Decision:
    """The interest discrepancy report, after the correction was credited."""
    summary = {
        **data,
        "amount": money_text(owed),
        "action_key": "fee_or_credit.step.report",
        "result_key": "fee_or_credit.result.report",
    }
    args = {
        "account_id": account["account_id"],
        "expected_apy": expected,
        "actual_apy": actual,
        "amount_difference": owed,
    }
    return plan(turn, "submit_interest_discrepancy_report_7294", args, True, summary)


def apy_parts(apy: Apy, language: str) -> str:
    """The parts of the APY due, as told."""
    zh = language == "zh"
    parts = [f"{'基础利率' if zh else 'base'} {apy.base:g}%"]
    if apy.boost:
        parts.append(f"{apy.boost_from} {'关联加成' if zh else 'boost'} +{apy.boost:g}%")
    if apy.card:
        parts.append(f"{apy.card_from} {'信用卡加成' if zh else 'card bonus'} +{apy.card:g}%")
    if apy.relationship:
        parts.append(f"{'关系奖励' if zh else 'relationship bonus'} +{apy.relationship:g}%")
    return " + ".join(parts)


def fixed_fees(turn: Turn, values: Mapping[str, Any]) -> Decision:
    """Refund monthly and paper-statement fees charged against the fee schedule (§2.14)."""
    held = accounts(turn)
    checking = [a for a in held if kind_of(a) == "checking" and is_open(a)]
    if not checking:
        return refuse(turn, "fee_or_credit.no_checking")
    ref = ref_of_values(values)
    chosen = pick(
        turn, "account_id", checking, Ref(ref.product, None, ref.last4), "ask.credit_which"
    )
    if isinstance(chosen, Decision):
        return chosen
    start = date.fromordinal(clock.today().toordinal() - FEE_REVIEW_DAYS)
    since = start.strftime("%m/%d/%Y")
    rows = [
        r
        for r in transactions_of(turn, chosen)
        if (clock.parse_date(r.get("date")) or clock.today()) >= start
    ]
    summary: dict[str, Any] = {"account": label(chosen), "since": since}
    if recent_service_credit(rows):
        return refuse(turn, "fee_or_credit.cooldown", {**summary, "days": CREDIT_COOLDOWN_DAYS})
    if product_of(chosen) not in FIXED_FEES["monthly_fee"][1]:
        return respond(turn, "fee_or_credit.human", {"what_key": "fee_or_credit.what.other_fee"})
    net, reviewed = fee_correction(rows, product_of(chosen))
    if net <= 0:
        return respond(turn, "fee_or_credit.no_error", {**summary, "count": reviewed})
    summary.update(
        amount=money_text(net),
        action_key="fee_or_credit.step.fixed",
        result_key="fee_or_credit.result.checking",
    )
    args = {"account_id": chosen["account_id"], "amount": net, "credit_type": "fee_refund"}
    return plan(turn, "apply_checking_account_credit_5829", args, True, summary)


# A savings account's interest: "my Gold savings … interest", "储蓄账户的利息", "APY"
SAVINGS_INTEREST = rx.compile(r"\bsavings?\b|\bAPY\b|储蓄|存款", rx.I)


def topic(turn: Turn, values: Mapping[str, Any]) -> str:
    """What the request is about: goodwill, card, interest, atm, other_fee, savings, fixed_fee."""
    own = " ".join(texts(turn))
    about = ATM_WORD.search(own) or any(p.search(own) for _, p in CREDIT_TOPICS)
    words = own if about else said_words(turn)
    found = "fixed_fee"
    for name, pattern in CREDIT_TOPICS:
        if pattern.search(words):
            found = name
            break
    if ATM_WORD.search(words) and found in ("other_fee", "fixed_fee", "card"):
        found = "atm"
    elif values.get("card_name") in CREDIT_CARD_NAMES and not (
        found == "interest" and SAVINGS_INTEREST.search(words)
    ):
        # a credit card named makes it the card's fee, unless the request is a savings
        # account's interest (the cards held are named as what boosts it)
        found = "card"
    if GOODWILL_WORD.search(own) and found not in ("atm", "interest"):
        return "goodwill"
    if found == "fixed_fee" and family_word(values.get("account_kind")) == "savings":
        return "savings"
    return found


def credited_lately(turn: Turn) -> Decision | None:
    """What customer service credited the customer's accounts lately (None: nothing)."""
    lines_en, lines_zh = [], []
    for account in accounts(turn):
        rows = [
            r
            for r in transactions_of(turn, account)
            if "CUSTOMER SERVICE" in str(r.get("description", ""))
            and (clock.days_since(r.get("date")) or 0) <= CREDIT_COOLDOWN_DAYS
        ]
        if rows:
            lines_en.append(credited_line(account, rows, "en"))
            lines_zh.append(credited_line(account, rows, "zh"))
    if not lines_en:
        return None
    data = {"credited": "; ".join(lines_en), "credited_zh": "；".join(lines_zh)}
    return respond(turn, "fee_or_credit.credited_lately", {**data, "days": CREDIT_COOLDOWN_DAYS})


def fee_or_credit(turn: Turn) -> Decision:
    """A fee refund, rebate or interest correction the documents allow; refused otherwise."""
    values = stated(turn)
    # what the request is about is settled once: cards or accounts named later (what boosts
    # the rate, what else the customer holds) are details of it, not another subject
    about = str(turn.slots.get("credit_topic") or topic(turn, values))
    if about in ("interest", "atm"):
        turn.slots["credit_topic"] = about
    if about == "fixed_fee" and CREDITED_QUESTION.search(turn.inp.text or ""):
        told = credited_lately(turn)
        if told is not None:
            return told
    words = said_words(turn)
    if about == "goodwill":
        return refuse(turn, "fee_or_credit.goodwill")
    if about == "atm":
        return atm_review(turn, words)
    if about == "interest":
        return interest_review(turn, words)
    if about in ("card", "other_fee", "savings"):
        return respond(turn, "fee_or_credit.human", {"what_key": f"fee_or_credit.what.{about}"})
    return fixed_fees(turn, values)


HANDLERS: dict[str, Callable[[Turn], Decision]] = {"fee_or_credit": fee_or_credit}
