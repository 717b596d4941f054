"""Product advice: which card, account or card-and-savings pair suits the customer.

The facts are the bank's documents' (``products.yaml``, each with the document it comes
from); the customer's criteria are read from the task's own words by small pure readers
(:func:`criteria`); hard requirements filter the products (:func:`card_fits`,
:func:`checking_fits`, :func:`savings_fits`) and the stated goal ranks the rest
(:func:`rank_cards`, :func:`rank_checking`, :func:`rank_savings`, :func:`rank_pairs`).
The answer names the best product with the figures that make it best, and the runner-up
when close. Advice changes nothing: an account is opened only through ``open_account``
when the customer asks for it by name, and a card is applied for by the customer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, field_validator

from keel.domain.bank import clock, needs
from keel.domain.bank.decisions import Turn, ask, respond
from keel.domain.bank.needs import Criteria, Kind, kind_of
from keel.domain.pack import Decision
from keel.safety import patterns as rx
from keel.state.dialogue import ActionPlan

FACTS = Path(__file__).with_name("products.yaml")
CLOSE = 0.10  # a runner-up within 10% of the best's figure is shown
NEAR_DOLLARS = 50.0  # … or within $50
NEAR_BEFORE, NEAR_AFTER = 30, 15  # the words read next to an amount
DEFAULT_WITHDRAWAL = 200.0  # a withdrawal abroad when the customer names no amount
MONTHS_A_YEAR = 12

# -- the facts --------------------------------------------------------------------------------


class Promo(BaseModel):
    """A promotion, open to accounts opened between ``start`` and ``end``."""

    kind: Literal["bonus", "fee_waiver", "multiplier"]
    value: float  # bonus dollars, fee waived, or the rate multiplier
    spend: float = 0.0  # spend needed for a bonus …
    months: int = MONTHS_A_YEAR  # … within these months of opening (or a multiplier's length)
    start: date
    end: date
    skip: list[str] = []  # categories a multiplier does not apply to
    doc: str

    def active(self, today: date) -> bool:
        """Whether an account opened ``today`` gets the promotion."""
        return self.start <= today <= self.end


class Protection(BaseModel):
    """Purchase protection: days after a purchase, dollars per claim (None: no cap)."""

    days: int | None = None
    per_claim: float | None = None


class FeeRebate(BaseModel):
    """An annual-fee rebate for meeting a monthly spend in every month of the year."""

    amount: float
    monthly_spend: float


class Card(BaseModel):
    """A credit card."""

    name: str
    business: bool = False
    annual_fee: float
    rates: dict[str, float]
    foreign_fee: float
    foreign_fee_with_plus: float | None = None
    protection: Protection | None = None
    limit: tuple[float, float]
    min_score: int
    requires_plus: bool = False
    invitation: bool = False
    redemption_fee: float = 0.0
    fee_rebate: FeeRebate | None = None
    travel_insurance: bool = False
    promos: list[Promo] = []
    docs: dict[str, str]

    def rate(self, category: str) -> float:
        """Cash back (percent) on ``category``, net of a redemption fee."""
        base = self.rates.get(category, self.rates.get("other", 0.0))
        return base * (1 - self.redemption_fee / 100)


class AtmFee(BaseModel):
    """An ATM fee: flat, or a percentage with a minimum/maximum, or steps by amount."""

    flat: float | None = None
    pct: float = 0.0
    min: float = 0.0
    max: float | None = None
    free: int = 0  # free withdrawals a month
    steps: list[tuple[float | None, float]] | None = None  # (up to amount, fee)
    waived_at: float | None = None  # no fee at or above this balance

    def fee(self, amount: float, balance: float) -> float:
        """The fee on one withdrawal of ``amount`` at ``balance`` (free ones not counted)."""
        if self.waived_at is not None and balance >= self.waived_at:
            return 0.0
        if self.steps:
            return next(fee for top, fee in self.steps if top is None or amount <= top)
        if self.flat is not None:
            return self.flat
        fee = max(amount * self.pct / 100, self.min)
        return min(fee, self.max) if self.max is not None else fee


def _as_atm(value: Any) -> Any:
    return {"flat": value} if isinstance(value, int | float) else value


class Checking(BaseModel):
    """A checking account (personal or business)."""

    name: str
    business: bool = False
    monthly_fee: float
    waiver_balance: float | None = None
    min_balance: float = 0.0
    min_opening: float = 0.0
    free_months: int = 0
    overdraft_fee: float | None = None  # None: the documents give none
    apy: float = 0.0
    ages: tuple[int, int | None] | None = None
    out_of_network_fee: AtmFee | None = None
    free_out_of_network: int = 0
    foreign_atm: AtmFee | None = None
    foreign_fee: float | None = None
    atm_rebate: float = 0.0
    savings_boosts: dict[str, float] = {}
    overdraft_protection: bool = False  # a linked account can cover an overdraft
    early_deposit_days: int = 0  # direct deposit this many days before payday
    multi_currency: bool = False
    debit_cashback: float = 0.0  # percent on debit card purchases (any merchant)
    docs: dict[str, str]

    _atm = field_validator("out_of_network_fee", "foreign_atm", mode="before")(_as_atm)

    def monthly_cost(self, balance: float) -> float:
        """The monthly fee at ``balance`` (waived at or above the waiver balance)."""
        waived = self.waiver_balance is not None and balance >= self.waiver_balance
        return 0.0 if waived else self.monthly_fee


class Savings(BaseModel):
    """A savings account (personal or business)."""

    name: str
    business: bool = False
    tiers: list[tuple[float, float]]  # (from balance, APY percent)
    monthly_fee: float | None = None  # charged below min_balance (or below waiver_balance)
    waiver_balance: float | None = None
    min_balance: float = 0.0
    min_opening: float = 0.0
    atm_rebate: float = 0.0
    invitation: bool = False
    card_boosts: dict[str, float] = {}
    card_min_balance: dict[str, float] = {}
    free_withdrawals: int | None = None  # a month (None: no limit the documents give)
    excess_withdrawal_fee: float | None = None
    compounding: Literal["daily", "monthly"] | None = None
    relationship_bonus: float = 0.0  # APY added for holding other Rho-Bank products
    same_day_ach: bool | None = None  # None: the documents do not say
    docs: dict[str, str]

    def best_apy(self) -> float:
        """The APY of the top tier (what the account pays once the balance grows)."""
        return max(apy for _, apy in self.tiers)

    def apy(self, balance: float) -> float:
        """The base APY (percent) at ``balance``."""
        return max((apy for start, apy in self.tiers if balance >= start), default=0.0)

    def monthly_cost(self, balance: float, card: str | None = None) -> float:
        """The monthly fee at ``balance`` (a card may lower the minimum)."""
        fee = self.monthly_fee or 0.0
        if self.waiver_balance is not None:
            return 0.0 if balance >= self.waiver_balance else fee
        minimum = self.card_min_balance.get(card or "", self.min_balance)
        return fee if balance < minimum else 0.0


class Plus(BaseModel):
    """The Rho-Bank+ subscription."""

    monthly_fee: float
    atm_reimbursement: float
    docs: dict[str, str]


class Catalogue(BaseModel):
    """Every product the documents describe."""

    rho_bank_plus: Plus
    cards: list[Card]
    checking: list[Checking]
    savings: list[Savings]


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The bank's products, read once."""
    return Catalogue.model_validate(yaml.safe_load(FACTS.read_text(encoding="utf-8")))


# -- the customer's criteria (read in needs.py) -----------------------------------------------

PRODUCT_NAMES = rx.compile(
    r"\b(?:business (?:bronze|silver|gold|platinum) rewards|bronze rewards|silver rewards|"
    r"gold rewards|platinum rewards|diamond elite card|ecocard|eco card|crypto[- ]cash ?back|"
    r"green rewards|silver zoom)\b",
    rx.I,
)


def named_products(text: str) -> tuple[str, ...]:
    """Card names the customer writes (a comparison between them), as the bank writes them."""
    names = {card.name.lower(): card.name for card in catalogue().cards}
    out: list[str] = []
    for match in PRODUCT_NAMES.finditer(text):
        word = (
            match.group(0).lower().replace("eco card", "ecocard").replace("cashback", "cash back")
        )
        full = next((n for key, n in names.items() if key.startswith(word)), None)
        if full and full not in out:
            out.append(full)
    return tuple(out)


def held_checking(text: str) -> tuple[str, ...]:
    """Checking products the customer says they hold ("I have a Light Blue checking account")."""
    names = sorted((c.name for c in catalogue().checking), key=len, reverse=True)
    out: list[str] = []
    for match in needs.HELD_CHECKING.finditer(text):
        said = match.group(0)
        for name in names:
            pattern = rf"\b{rx.escape(name.removesuffix(' Account'))}\b"
            if rx.search(pattern, said, rx.I):
                out.append(name)
                said = rx.sub(pattern, " ", said, flags=rx.I)  # "Light Blue" is no "Blue"
    return tuple(dict.fromkeys(out))


def criteria(texts: Sequence[str], asked: str | None = None) -> Criteria:
    """Everything the task's messages ask of a product, with the products they name."""
    said = " ".join(texts)
    wants = needs.criteria(texts, asked)
    return replace(wants, named=named_products(said), held=held_checking(said))


# -- cards ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ranked:
    """A product with the figures its place comes from (``value``: higher is better)."""

    name: str
    value: float
    figures: Mapping[str, Any]
    docs: tuple[str, ...] = ()


def needs_plus(card: Card, wants: Criteria) -> bool:
    """Whether the card, for what is asked, needs the Rho-Bank+ subscription."""
    foreign_by_plus = (
        wants.no_foreign_fee and card.foreign_fee > 0 and card.foreign_fee_with_plus == 0
    )
    return card.requires_plus or foreign_by_plus


def foreign_fee(card: Card, with_plus: bool) -> float:
    """The card's foreign transaction fee (percent), with or without Rho-Bank+."""
    if with_plus and card.foreign_fee_with_plus is not None:
        return card.foreign_fee_with_plus
    return card.foreign_fee


def card_fits(card: Card, wants: Criteria) -> bool:
    """Whether the card meets every hard requirement stated."""
    checks = (
        not card.invitation,
        card.business == wants.business,
        wants.score is None or card.min_score <= wants.score,
        not wants.no_foreign_fee or foreign_fee(card, True) == 0,
        not wants.protection or card.protection is not None,
        wants.min_limit is None or card.limit[1] >= wants.min_limit,
        wants.max_annual_fee is None or card.annual_fee <= wants.max_annual_fee,
        not wants.travel_insurance or card.travel_insurance,
        not wants.named or card.name in wants.named,
    )
    return all(checks)


def fee_free_first(cards: Sequence[Card], wants: Criteria) -> list[Card]:
    """No annual fee when asked — unless every card that fits has one."""
    if not wants.no_annual_fee:
        return list(cards)
    free = [c for c in cards if c.annual_fee == 0]
    return free or list(cards)


def plus_cost(card: Card, wants: Criteria, years: float) -> float:
    """What Rho-Bank+ adds to a card's cost over ``years`` (none when already held)."""
    if wants.has_plus or not needs_plus(card, wants):
        return 0.0
    return catalogue().rho_bank_plus.monthly_fee * MONTHS_A_YEAR * years


def annual_fees(card: Card, today: date, years: float, monthly_spend: float) -> float:
    """Annual fees over ``years``: a first-year waiver open today, the spend rebate."""
    paid_years = max(1, round(years))
    fee = card.annual_fee * paid_years
    waived = any(p.kind == "fee_waiver" and p.active(today) for p in card.promos)
    if waived:
        fee -= card.annual_fee
    rebate = card.fee_rebate
    if rebate is not None and monthly_spend >= rebate.monthly_spend:
        fee -= rebate.amount * (paid_years - (1 if waived else 0))
    return max(fee, 0.0)


def multiplier(card: Card, category: str, today: date, years: float) -> float:
    """The average rate multiplier over ``years`` from a promotion open today."""
    for promo in card.promos:
        if promo.kind == "multiplier" and promo.active(today) and category not in promo.skip:
            months = years * MONTHS_A_YEAR
            if not months:  # a purchase made now
                return promo.value
            boosted = min(promo.months, months)
            return (boosted * promo.value + (months - boosted)) / months
    return 1.0


def rewards(card: Card, wants: Criteria, today: date) -> float:
    """Cash back on the stated spend over the horizon (dollars)."""
    total = 0.0
    for category, yearly in wants.spend:
        rate = card.rate(category) * multiplier(card, category, today, wants.years)
        total += yearly * wants.years * rate / 100
    for category, amount in wants.one_off:  # made at once: inside any promotion's months
        rate = card.rate(category) * multiplier(card, category, today, 0.0)
        total += amount * rate / 100
    return total


def bonus(card: Card, wants: Criteria, today: date) -> tuple[float, Promo | None]:
    """A sign-up bonus open today that the stated spend earns."""
    monthly = sum(v for _, v in wants.spend) / MONTHS_A_YEAR
    once = sum(v for _, v in wants.one_off)
    for promo in card.promos:
        earned = monthly * promo.months + once >= promo.spend
        if promo.kind == "bonus" and promo.active(today) and earned:
            return promo.value, promo
    return 0.0, None


def money_text(value: float) -> str:
    """Dollars as the replies write them after "$": ``1,020.00``."""
    return f"{value:,.2f}"


def dollars(value: float) -> str:
    """A signed dollar figure: ``$1,020.00``, ``-$59.88``."""
    return f"{'-' if value < 0 else ''}${abs(value):,.2f}"


def pct_text(value: float) -> str:
    """A percentage without trailing zeros: ``2.5``, ``0.025``."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


def card_value(card: Card, wants: Criteria, today: date) -> Ranked:
    """A card's net value over the horizon: cash back + bonus − annual fees − Rho-Bank+."""
    earned = rewards(card, wants, today)
    extra, promo = bonus(card, wants, today)
    monthly = sum(v for _, v in wants.spend) / MONTHS_A_YEAR
    fees = annual_fees(card, today, wants.years, monthly) + plus_cost(card, wants, wants.years)
    spend = sum(v for _, v in wants.spend) * wants.years + sum(v for _, v in wants.one_off)
    figures = {
        "best": card.name,
        "value": dollars(earned + extra - fees),
        "net": money_text(earned + extra - fees),
        "rewards": money_text(earned),
        "spend": money_text(spend),
        "bonus": money_text(extra),
        "fees": money_text(fees),
        "years": pct_text(wants.years),
        "bonus_part_key": "recommend.part.bonus" if promo else "hint.none",
        "plus_part_key": "recommend.part.plus" if plus_cost(card, wants, 1) else "hint.none",
        "plus_fee": money_text(catalogue().rho_bank_plus.monthly_fee),
    }
    docs = (card.docs.get("rates", ""), card.docs.get("annual_fee", ""), promo.doc if promo else "")
    return Ranked(card.name, earned + extra - fees, figures, tuple(d for d in docs if d))


def card_rate(card: Card, wants: Criteria) -> Ranked:
    """A card's cash back on the categories named (their average), its yearly cost second."""
    named = wants.categories or ("other",)
    rate = sum(card.rate(c) for c in named) / len(named)
    cost = card.annual_fee + plus_cost(card, wants, 1)
    figures = {
        "best": card.name,
        "rate": pct_text(rate),
        "fee": money_text(card.annual_fee),
        "plus_part_key": "recommend.part.plus" if plus_cost(card, wants, 1) else "hint.none",
        "plus_fee": money_text(catalogue().rho_bank_plus.monthly_fee),
        "value": f"{pct_text(rate)}%",
    }
    docs = (card.docs.get("rates", ""), card.docs.get("annual_fee", ""))
    return Ranked(card.name, rate - cost / 1_000_000, figures, docs)


def card_cost(card: Card, wants: Criteria) -> Ranked:
    """A card by its yearly cost (annual fee and Rho-Bank+), its base cash back second."""
    cost = card.annual_fee + plus_cost(card, wants, 1)
    figures = {
        "best": card.name,
        "cost": money_text(cost),
        "fee": money_text(card.annual_fee),
        "rate": pct_text(card.rate("other")),
        "limit": money_text(card.limit[1]),
        "foreign": pct_text(foreign_fee(card, needs_plus(card, wants) or wants.has_plus)),
        "plus_part_key": "recommend.part.plus" if plus_cost(card, wants, 1) else "hint.none",
        "plus_fee": money_text(catalogue().rho_bank_plus.monthly_fee),
        "value": dollars(cost),
    }
    docs = (
        card.docs.get("annual_fee", ""),
        card.docs.get("foreign_fee", ""),
        card.docs.get("limit", ""),
    )
    return Ranked(card.name, -cost + card.rate("other") / 1000, figures, docs)


def card_bonus(card: Card, today: date) -> Ranked | None:
    """The card's sign-up bonus open today, if any."""
    promo = next((p for p in card.promos if p.kind == "bonus" and p.active(today)), None)
    if promo is None:
        return None
    figures = {
        "best": card.name,
        "bonus": money_text(promo.value),
        "spend": money_text(promo.spend),
        "months": promo.months,
        "end": promo.end.strftime("%m/%d/%Y"),
        "fee": money_text(card.annual_fee),
        "value": dollars(promo.value),
    }
    return Ranked(card.name, promo.value - card.annual_fee / 1000, figures, (promo.doc,))


def rank_cards(wants: Criteria, today: date) -> tuple[str, list[Ranked]]:
    """The cards that fit, best first, and the basis they are ranked on."""
    fits = fee_free_first([c for c in catalogue().cards if card_fits(c, wants)], wants)
    if wants.signup_bonus:
        offers = [r for r in (card_bonus(c, today) for c in fits) if r is not None]
        return "bonus", sorted(offers, key=lambda r: -r.value)
    if wants.spend or wants.one_off:
        return "value", sorted((card_value(c, wants, today) for c in fits), key=lambda r: -r.value)
    if wants.categories:
        return "rate", sorted((card_rate(c, wants) for c in fits), key=lambda r: -r.value)
    return "cost", sorted((card_cost(c, wants) for c in fits), key=lambda r: -r.value)


# -- checking -------------------------------------------------------------------------------


def age_fits(ages: tuple[int, int | None] | None, age: int | None) -> bool:
    """Whether ``age`` is in the account's ages (an unknown age fits no age-limited account)."""
    if ages is None:
        return True
    if age is None:
        return False
    low, high = ages
    return age >= low and (high is None or age <= high)


def minimum(account: Checking | Savings) -> float:
    """The least the account must hold: its minimum balance or opening deposit."""
    return max(account.min_balance, account.min_opening)


def checking_fits(account: Checking, wants: Criteria) -> bool:
    """Whether the checking account meets every hard requirement stated."""
    return checking_money_fits(account, wants) and checking_features_fit(account, wants)


def checking_money_fits(account: Checking, wants: Criteria) -> bool:
    """Fees, balances and rates: a waiver holds at the balance kept, a minimum under the cap."""
    balance = wants.balance
    checks = (
        account.business == wants.business,
        age_fits(account.ages, wants.age),
        wants.max_monthly_fee is None or account.monthly_fee < wants.max_monthly_fee,
        not wants.waivable
        or account.monthly_fee == 0
        or (
            account.waiver_balance is not None
            and balance is not None
            and balance >= account.waiver_balance
        ),
        not wants.zero_fee or (account.monthly_fee == 0 and not account.free_months),
        not wants.no_trial or not account.free_months,
        not wants.no_minimum or minimum(account) == 0,
        balance is None or balance >= minimum(account),
        wants.max_balance is None or minimum(account) <= wants.max_balance,
        wants.min_apy is None or account.apy >= wants.min_apy,
    )
    return all(checks)


def checking_features_fit(account: Checking, wants: Criteria) -> bool:
    """What the account must do: overdrafts, ATMs, foreign fees, deposits, currencies."""
    checks = (
        not wants.no_overdraft_fee or account.overdraft_fee == 0,
        not wants.overdraft_protection or account.overdraft_protection,
        not wants.atm_rebates or account.atm_rebate > 0,
        wants.min_rebate is None or account.atm_rebate >= wants.min_rebate,
        not wants.no_foreign_fee
        or account.foreign_fee == 0
        or (account.foreign_atm is not None and account.foreign_atm.flat == 0),
        not wants.early_deposit or account.early_deposit_days >= max(wants.early_days, 1),
        not wants.multi_currency or account.multi_currency,
        not wants.debit_cashback or account.debit_cashback > 0,
    )
    return all(checks)


def abroad_fee(account: Checking, wants: Criteria, balance: float) -> float:
    """Bank fees on a month's withdrawals abroad (the foreign ATM fee).

    At an ATM abroad outside the bank's network the out-of-network fee applies too (the
    fee schedules: "both … can apply"), each after the month's free withdrawals.
    """
    amount, count = wants.withdrawal or DEFAULT_WITHDRAWAL, wants.withdrawals
    atm = account.foreign_atm
    foreign = max(count - atm.free, 0) * atm.fee(amount, balance) if atm else 0.0
    network = account.out_of_network_fee
    if not wants.out_of_network or network is None:
        return foreign
    charged = max(count - account.free_out_of_network, 0)
    return foreign + charged * network.fee(amount, balance)


def checking_value(account: Checking, wants: Criteria) -> Ranked:
    """Yearly net of a checking account: interest − monthly fees (− fees abroad when asked)."""
    balance = wants.balance or 0.0
    fee = account.monthly_cost(balance)
    fee_months = max(MONTHS_A_YEAR * wants.years - account.free_months, 0)
    fees = fee * fee_months
    interest = balance * account.apy / 100 * wants.years
    amount = wants.withdrawal or DEFAULT_WITHDRAWAL
    atm = abroad_fee(account, wants, balance) if wants.atm_abroad else 0.0
    atm_total = atm * MONTHS_A_YEAR * wants.years
    net = interest - fees - atm_total
    yearly = fee * max(MONTHS_A_YEAR - account.free_months, 0) + atm * MONTHS_A_YEAR
    figures = {
        "best": account.name,
        "value": dollars(net),
        "net": money_text(net),
        "interest": money_text(interest),
        "apy": pct_text(account.apy),
        "fees": money_text(fees),
        "fee": money_text(account.monthly_fee),
        "waiver": money_text(account.waiver_balance or 0),
        "balance": money_text(balance),
        "years": pct_text(wants.years),
        "atm_fee": money_text(atm / wants.withdrawals if wants.withdrawals else atm),
        "atm_total": money_text(atm_total),
        "amount": money_text(amount),
        "count": wants.withdrawals,
        "rebate": money_text(account.atm_rebate),
        "cost": money_text(yearly if wants.atm_abroad else fees + atm_total),
        "trip_cost": money_text(fees + atm_total),  # over the horizon (a trip's months)
        "months": pct_text(MONTHS_A_YEAR * wants.years),
    }
    docs = (
        account.docs.get("monthly_fee", ""),
        account.docs.get("foreign_atm", ""),
        account.docs.get("apy", ""),
    )
    tie = account.atm_rebate / 1000 + account.apy / 100_000
    if wants.atm_abroad:
        return Ranked(account.name, -(fees + atm_total) + tie, figures, tuple(d for d in docs if d))
    return Ranked(account.name, net + tie, figures, tuple(d for d in docs if d))


def rank_checking(wants: Criteria) -> tuple[str, list[Ranked]]:
    """The checking accounts that fit, best first."""
    fits = [a for a in catalogue().checking if checking_fits(a, wants)]
    basis = "abroad" if wants.atm_abroad else "value"
    return basis, sorted((checking_value(a, wants) for a in fits), key=lambda r: -r.value)


# -- savings and pairs ---------------------------------------------------------------------


def savings_fits(account: Savings, wants: Criteria, balance: float) -> bool:
    """Whether the savings account can hold ``balance`` and meets what is asked."""
    hard_minimum = account.min_balance if account.waiver_balance is not None else 0.0
    free = account.free_withdrawals
    checks = (
        not account.invitation,
        account.business == wants.business,
        balance >= max(account.min_opening, hard_minimum),
        wants.max_monthly_fee is None or (account.monthly_fee or 0) < wants.max_monthly_fee,
        wants.max_balance is None or minimum(account) <= wants.max_balance,
        not wants.no_minimum or minimum(account) == 0,
        free is None or free >= wants.withdrawals,
        not wants.daily_compounding or account.compounding == "daily",
        not wants.relationship or account.relationship_bonus > 0,
        not wants.atm_rebates or account.atm_rebate > 0,
        wants.min_rebate is None or account.atm_rebate >= wants.min_rebate,
        not wants.same_day or bool(account.same_day_ach),
        wants.min_apy is None or account.best_apy() >= wants.min_apy,
    )
    return all(checks)


def savings_value(
    account: Savings,
    balance: float,
    years: float,
    card: Card | None = None,
    card_cost: float = 0.0,
    checking: Checking | None = None,
) -> Ranked:
    """Interest over ``years`` at the base APY and the boosts − savings fees − the card's cost.

    A card held and a checking account linked each add the boost the documents give.
    """
    base = account.apy(balance)
    boost = account.card_boosts.get(card.name, 0.0) if card else 0.0
    lift = checking.savings_boosts.get(account.name, 0.0) if checking else 0.0
    apy = base + boost + lift
    interest = balance * apy / 100 * years
    fees = account.monthly_cost(balance, card.name if card else None) * MONTHS_A_YEAR * years
    net = interest - fees - card_cost
    figures = {
        "best": account.name,
        "card": card.name if card else "",
        "value": dollars(net),
        "net": money_text(net),
        "interest": money_text(interest),
        "apy": pct_text(apy),
        "base": pct_text(base),
        "boost": pct_text(boost),
        "fees": money_text(fees + card_cost),
        "balance": money_text(balance),
        "years": pct_text(years),
    }
    docs = [account.docs.get("tiers", ""), account.docs.get("monthly_fee", "")]
    if card:
        docs += [account.docs.get("card_boosts", ""), card.docs.get("annual_fee", "")]
    tie = 0.0
    if checking:  # opened second: the savings needs a checking held 14 days (§2.11)
        figures |= {
            "second": checking.name,
            "checking_boost": pct_text(lift),
            "checking_fee": money_text(checking.monthly_fee),
            "checking_waiver": money_text(checking.waiver_balance or 0),
        }
        docs += [checking.docs.get("savings_boosts", ""), checking.docs.get("monthly_fee", "")]
        tie = checking.monthly_fee / 1000  # a boost alike: the cheaper checking
    named = [card.name] if card else []
    name = " + ".join([*named, account.name, *([checking.name] if checking else [])])
    return Ranked(name, net - tie, figures, tuple(d for d in docs if d))


def rank_savings(wants: Criteria) -> tuple[str, list[Ranked]]:
    """The savings accounts that fit the balance, best first."""
    balance = wants.balance or 0.0
    fits = [a for a in catalogue().savings if savings_fits(a, wants, balance)]
    ranked = (savings_value(a, balance, wants.years) for a in fits)
    return "value", sorted(ranked, key=lambda r: -r.value)


def rank_pairs(wants: Criteria, today: date) -> tuple[str, list[Ranked]]:
    """Card + savings pairs: interest with the card's boost − every fee, over the horizon."""
    balance = wants.balance or 0.0
    cards = [c for c in catalogue().cards if card_fits(c, replace(wants, named=()))]
    accounts = [a for a in catalogue().savings if savings_fits(a, wants, balance)]
    ranked = []
    for card in cards:
        cost = annual_fees(card, today, wants.years, 0.0) + plus_cost(card, wants, wants.years)
        ranked += [savings_value(a, balance, wants.years, card, cost) for a in accounts]
    return "value", sorted(ranked, key=lambda r: -r.value)


def combo_checking(wants: Criteria, savings: Savings) -> list[Checking]:
    """Checking accounts to open with ``savings``: what is asked of a checking account.

    The money stated goes into the savings, so it must cover both accounts' minimums; the
    checking's monthly fee waiver depends on the money kept in it, which is not stated. A
    checking product the customer already holds is not offered again.
    """
    asked = replace(
        wants,
        balance=None,
        max_balance=None,
        waivable=False,
        min_apy=None,
        no_minimum=False,
        atm_rebates=False,
        min_rebate=None,
    )
    room = (wants.balance or 0.0) - minimum(savings)
    fits = [c for c in catalogue().checking if checking_fits(c, asked) and minimum(c) <= room]
    return [c for c in fits if c.name not in wants.held]  # one they hold is not opened again


def combo_rebates(wants: Criteria, savings: Savings, checking: Checking) -> bool:
    """ATM fee rebates asked of the combination: either account may give them."""
    if wants.savings_rebates and savings.atm_rebate <= 0:
        return False  # "for savings … I need ATM fee rebates": the savings must give them
    rebate = max(savings.atm_rebate, checking.atm_rebate)
    if wants.min_rebate is not None and rebate < wants.min_rebate:
        return False
    return not wants.atm_rebates or rebate > 0


def rank_combos(wants: Criteria, today: date) -> tuple[str, list[Ranked]]:
    """A savings with a checking account linked for its APY boost (and a card, when asked).

    The documents give each checking account's APY boost on linked savings accounts and
    each card's boost on them; the boosts add to the savings' base APY. Ranked by the
    savings' net interest over the horizon (− savings fees − the card's cost); the savings
    is named first (``best``), the checking second (``second``).
    """
    balance = wants.balance or 0.0
    loose = replace(wants, atm_rebates=False, min_rebate=None)
    accounts = [a for a in catalogue().savings if savings_fits(a, loose, balance)]
    cards: list[Card | None] = [None]
    if wants.kind == "pair":
        fitting = [c for c in catalogue().cards if card_fits(c, replace(wants, named=()))]
        cards = list(fitting) or cards
    ranked = []
    for account in accounts:
        for checking in combo_checking(wants, account):
            if not combo_rebates(wants, account, checking):
                continue
            for card in cards:
                cost = 0.0
                if card is not None:
                    cost = annual_fees(card, today, wants.years, 0.0)
                    cost += plus_cost(card, wants, wants.years)
                value = savings_value(account, balance, wants.years, card, cost, checking)
                ranked.append(value)
    return "value", sorted(ranked, key=lambda r: -r.value)


# -- the answer ------------------------------------------------------------------------------

KIND_LABEL = {
    "card": "recommend.kind.card",
    "checking": "recommend.kind.checking",
    "savings": "recommend.kind.savings",
    "pair": "recommend.kind.pair",
}


def close(best: Ranked, other: Ranked, basis: str) -> bool:
    """Whether the runner-up is close enough to the best to be named (10%, or $50 of money)."""
    gap = best.value - other.value
    near = 0.0 if basis == "rate" else NEAR_DOLLARS
    return gap <= max(abs(best.value) * CLOSE, near)


def ranking(wants: Criteria, today: date) -> tuple[str, list[Ranked]]:
    """The basis and the ranked products for what is asked."""
    if wants.kind == "card":
        return rank_cards(wants, today)
    if wants.kind == "checking":
        return rank_checking(wants)
    if wants.with_checking and wants.kind in ("savings", "pair"):
        return rank_combos(wants, today)
    if wants.kind == "pair":
        return rank_pairs(wants, today)
    return rank_savings(wants)


def missing(wants: Criteria) -> str | None:
    """The one criterion the ranking needs and the words lack."""
    if wants.kind in ("savings", "pair") and wants.balance is None:
        return "amount"
    abroad = wants.atm_abroad and wants.withdrawal is None  # the usage said: ranked as it is
    if wants.kind == "checking" and wants.balance is None and (abroad or wants.waivable):
        return "amount"
    return None


def answer(ranked: Sequence[Ranked], basis: str, kind: Kind) -> tuple[str, dict[str, Any]]:
    """The reply key and data naming the best product, its figures, the runner-up if close."""
    best = ranked[0]
    data: dict[str, Any] = dict(best.figures)
    data["sources"] = ", ".join(dict.fromkeys(best.docs))
    data["runner_line_key"] = "hint.none"
    if len(ranked) > 1 and close(best, ranked[1], basis):
        data["runner_line_key"] = "recommend.runner_up"
        data["runner"] = ranked[1].name
        data["runner_value"] = ranked[1].figures.get("value", "")
    data["open_line_key"] = (
        "recommend.open_hint"
        if kind in ("checking", "savings")
        else ("recommend.apply_hint" if kind == "card" else "recommend.pair_hint")
    )
    return f"recommend.{kind}.{basis}", data


# A question that builds on what was said before ("… while meeting all of that?", "with my
# requirements", "根据我说的这些"): the earlier needs stay part of it.
REFERS_BACK = rx.compile(
    r"\b(?:all (?:of )?(?:that|this|those|these)|"
    r"everything (?:i|i've|i have) (?:said|told|mentioned)|"
    r"my (?:requirements|needs|criteria|must-haves)|"
    r"(?:meets?|meeting|fits?|fitting) (?:all|everything)|"
    r"what i (?:said|told you|mentioned))\b|"
    r"(?:我|刚才)(?:说|提)的(?:这些|那些)?|这些要求|那些要求|我的要求",
    rx.I,
)


def own_question(said: Sequence[str]) -> list[str]:
    """The messages of this question: a latest message asking of another product starts anew.

    A combination asked for ("which checking, savings and card together …") adds a product
    to the one asked before rather than changing the subject; so does a question that
    refers back to what was said.
    """
    if len(said) < 2:
        return list(said)
    latest = kind_of(said[-1])
    earlier = kind_of(" ".join(said[:-1]))
    builds_on = (latest == "pair" and earlier in ("savings", "card")) or bool(
        REFERS_BACK.search(said[-1])
    )
    if latest is not None and earlier != latest and not builds_on:
        return [said[-1]]
    return list(said)


def search(turn: Turn) -> Decision:
    """No comparison asked: an answer from the bank's documents (the knowledge search)."""
    query = {
        "query": turn.inp.text or " ".join(turn.frame["utterances"]),
        "lang": turn.inp.language,
    }
    action = ActionPlan(tool="search_knowledge_base", args=query, write=False, summary={})
    turn.frame["asked"] = None
    return Decision(route="execute", plan=action, frame=turn.frame)


def recommend(turn: Turn) -> Decision:
    """Advise the best product for the customer's stated needs (nothing is changed)."""
    said = [str(t) for t in turn.frame["utterances"]]
    if turn.inp.text and (not said or said[-1] != turn.inp.text):
        said.append(turn.inp.text)
    wants = criteria(own_question(said), turn.frame["asked"])
    if wants.kind is None:
        return search(turn)
    need = missing(wants)
    if need is not None:
        return ask(turn, need, "ask.recommend_balance", {"kind_key": KIND_LABEL[wants.kind]})
    basis, ranked = ranking(wants, clock.today())
    if not ranked:
        return respond(turn, "recommend.none", {"kind_key": KIND_LABEL[wants.kind]})
    key, data = answer(ranked, basis, wants.kind)
    return respond(turn, key, data)


def names(items: Iterable[Ranked]) -> list[str]:
    """The names of ranked products, in order (for tests and traces)."""
    return [r.name for r in items]
