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

from keel.domain.bank import clock
from keel.domain.bank.decisions import Turn, ask, respond
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
    docs: dict[str, str]

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


# -- the customer's criteria ---------------------------------------------------------------

Kind = Literal["card", "checking", "savings", "pair"]


@dataclass(frozen=True)
class Criteria:
    """What the customer's words ask of a product."""

    kind: Kind | None = None
    business: bool = False
    spend: tuple[tuple[str, float], ...] = ()  # (category, dollars a year), recurring
    one_off: tuple[tuple[str, float], ...] = ()  # (category, dollars), once
    categories: tuple[str, ...] = ()  # categories named, with or without amounts
    no_annual_fee: bool = False
    max_annual_fee: float | None = None
    max_monthly_fee: float | None = None
    no_foreign_fee: bool = False
    protection: bool = False
    min_limit: float | None = None
    no_overdraft_fee: bool = False
    atm_rebates: bool = False
    atm_abroad: bool = False
    waivable: bool = False
    balance: float | None = None
    years: float = 1.0
    score: int | None = None
    age: int | None = None
    has_plus: bool = False
    signup_bonus: bool = False
    withdrawals: int = 1
    withdrawal: float | None = None
    named: tuple[str, ...] = ()  # products the customer names (a comparison between them)


CATEGORY_WORDS: tuple[tuple[str, str], ...] = (
    ("groceries", r"\bgrocer\w*|\bsupermarket\w*|超市|买菜|杂货|食品店"),
    ("gas", r"\bgas\b|\bfuel\b|\bpetrol\b|加油|油费|汽油"),
    (
        "dining",
        r"\bdining\b|\bdine\b|\brestaurants?\b|\beating out\b|\bfood delivery\b|"
        r"餐饮|吃饭|外出就餐|餐厅|下馆子",
    ),
    ("travel", r"\btravel\w*|\bflights?\b|\bhotels?\b|\bairfare\b|旅行|旅游|出差|机票|酒店"),
    ("software", r"\bsoftware\b|\bsaas\b|软件"),
    ("media", r"\badvertising\b|\bad spend\b|\bads\b|\bmedia\b|广告"),
    (
        "green",
        r"\beco[- ]?friendly\b|\bgreen (?:merchants?|stores?|purchases?)\b|\bsustainable\b|环保",
    ),
    ("transportation", r"\btransportation\b|\blogistics\b|\bshipping\b|\brideshare\b|物流|运输"),
    ("operations", r"\boperations?\b|\boperational\b|运营"),
)
CATEGORIES = tuple((name, rx.compile(words, rx.I)) for name, words in CATEGORY_WORDS)
CARD_WORD = rx.compile(
    r"\bcredit\s*cards?\b|\bcards?\b|\bcash\s*back\b|\bannual fee\b|\bsign[- ]?up bonus\b|"
    r"\bwelcome bonus\b|信用卡|返现|年费|开卡礼|办卡",
    rx.I,
)
DEBIT_WORD = rx.compile(r"\bdebit\s+cards?\b|借记卡", rx.I)
CHECKING_WORD = rx.compile(
    r"\bchecking\b|\bcurrent account\b|\bATMs?\b|\boverdraft\w*|支票|活期|取款|取钱|透支", rx.I
)
SAVINGS_WORD = rx.compile(
    r"\bsavings?\b|\bAPY\b|\bhigh[- ]yield\b|\binterest\b|储蓄|存款|利息|利率|收益", rx.I
)
PAIR_WORD = rx.compile(r"\bpair\w*|\bcombo\w*|\bcombination\b|组合|搭配|一对", rx.I)
BUSINESS_WORD = rx.compile(
    r"\bbusiness\b|\bcompany\b|\bLLC\b|\bstartup\b|企业|公司|商业|对公", rx.I
)
NO_ANNUAL_FEE = rx.compile(
    r"\bno annual fees?\b|\bwithout (?:an )?annual fee\b|无年费|免年费|没有年费|不要年费", rx.I
)
NO_FOREIGN_FEE = rx.compile(
    r"\bno (?:foreign|international|FX)(?: transaction)? fees?\b|"
    r"\bavoid (?:foreign|international|FX)(?: transaction)? fees?\b|"
    r"\bwithout (?:foreign|international) (?:transaction )?fees?\b|"
    r"(?:无|免|没有|不收|不想付)外币(?:交易)?手续费|免外汇手续费|(?:无|免)境外(?:交易)?手续费",
    rx.I,
)
PROTECTION_WORD = rx.compile(r"\bpurchase protection\b|购物保障|购买保护|消费保障|购物保护", rx.I)
LIMIT_WORD = rx.compile(r"\blimit\b|\bcredit line\b|额度", rx.I)
NO_OVERDRAFT_FEE = rx.compile(
    r"\bno overdraft(?: fees?)?\b|\bwithout overdraft fees?\b|\bzero overdraft\b|"
    r"\boverdraft fees? of \$?0\b|\bstop (?:overdraft|overdrafting)\b|\bkeep overdrafting\b|"
    r"(?:无|免|没有|不收)透支费|透支不收费|避免透支|老是透支",
    rx.I,
)
REBATE_WORD = rx.compile(
    r"\bATM (?:fee )?(?:rebates?|reimburse\w*)\b|\brebates?\b|返还|报销|退还ATM", rx.I
)
ABROAD_WORD = rx.compile(
    r"\babroad\b|\boverseas\b|\bforeign ATMs?\b|\binternational(?:ly)?\b|\bwhile travel\w*|"
    r"国外|境外|海外|出国",
    rx.I,
)
ATM_WORD = rx.compile(
    r"\bATMs?\b|\bcash withdrawals?\b|\bwithdraw\w*|\btake out\b|\bpull out\b|取款|取钱|取现", rx.I
)
WAIVE_WORD = rx.compile(r"\bwaiv\w*|\bwaive\b|减免|免除|免月费|免收", rx.I)
MONTHLY_FEE_WORD = rx.compile(r"\bmonthly(?: maintenance| service)? fees?\b|月费|管理费", rx.I)
ANNUAL_FEE_WORD = rx.compile(r"\bannual fees?\b|年费", rx.I)
UNDER_WORD = rx.compile(
    r"\bunder\b|\bbelow\b|\bless than\b|\bat most\b|\bno more than\b|\bmax(?:imum)?\b|"
    r"\bcheaper than\b|"
    r"以下|以内|不超过|低于|少于",
    rx.I,
)
BONUS_WORD = rx.compile(
    r"\bsign[- ]?up bonus\w*|\bwelcome bonus\w*|\bnew customer bonus\w*|\bbonus offers?\b|"
    r"开卡礼|开户奖励|新客奖励|迎新",
    rx.I,
)
PLUS_WORD = rx.compile(
    r"\b(?:have|got|with|already (?:have|pay for)|subscribed to)\b[^.。]{0,12}"
    r"\bRho[- ‑]?Bank ?(?:\+|plus)|"
    r"(?:有|开通了|订阅了)\s*Rho[- ‑]?Bank ?(?:\+|plus)",
    rx.I,
)
SCORE = rx.compile(
    r"(?:\bscore\b|\bFICO\b|信用分|信用评分|信用分数)\D{0,14}(\d{3})\b|"
    r"\b(\d{3})\s*(?:credit score|FICO)",
    rx.I,
)
AGE = rx.compile(
    r"\bI(?:'m| am)\s+(\d{1,2})\b(?!\s*(?:k\b|%|dollars))|"
    r"\b(\d{1,2})\s*(?:years? old|-year-old)|我\s*(\d{1,2})\s*岁",
    rx.I,
)
YEARS = rx.compile(
    r"\b(?:over|for|in|across)\s+(?:a|one|1|two|2|three|3|five|5|(\d{1,2}))?\s*(years?|months?)\b|"
    r"(一|两|二|三|五|半|\d{1,2})\s*(年|个月)",
    rx.I,
)
TIMES = rx.compile(
    r"\b(\d{1,2}|once|twice|two|three|four|five|six)(?:\s+times)?\s+(?:a|per|each)\s+month\b|"
    r"(\d{1,2}|[一两二三四五六七八九十])\s*次",
    rx.I,
)
TIMES_WORDS = {"once": 1, "twice": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
NUMBER_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "five": 5}
ZH_DIGITS = {
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "十": 10,
    "半": 0.5,
}
NUM = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
MONEY = rx.compile(
    rf"\$\s?{NUM}\s?([kK]|[mM]\b|thousand\b|万|千)?|"
    rf"(?<![\d.,$]){NUM}\s?([kK]\b|thousand\b|万|千|dollars\b|bucks\b|美元|美金|块|元)|"
    r"([一二两三四五六七八九十]{1,3})\s?(万|千)|"
    r"(?<![\d.,$])(\d{3,}(?:,\d{3})*)(?![\d,.]|\s?(?:年|岁|次|天|个月|%|years?|points?))",
    rx.I,
)
SCORE_CUE = rx.compile(r"score|FICO|信用分|信用评分|ending|尾号", rx.I)
SCALE = {"k": 1000.0, "thousand": 1000.0, "m": 1_000_000.0, "万": 10000.0, "千": 1000.0}
MONTHLY_WORD = rx.compile(
    r"\ba month\b|\bper month\b|\bmonthly\b|\beach month\b|\b/mo\b|每月|每个月|一个月|月均", rx.I
)
YEARLY_WORD = rx.compile(
    r"\ba year\b|\bper year\b|\bannually\b|\byearly\b|\beach year\b|每年|一年|年均", rx.I
)
SPEND_WORD = rx.compile(
    r"\bspend\w*|\bspent\b|\bpurchase\w*|\bbuy\w*|\bcharge\w*|花|消费|买|购", rx.I
)
BALANCE_WORD = rx.compile(
    r"\bdeposit\w*|\bsave\b|\bsaving\b|\bput\b|\bkeep\b|\bbalance\b|\bpark\b|\binvest\b|\bhave\b|存|余额|放",
    rx.I,
)
CLAUSE = rx.compile(r"[;!?。；，！？、\n]|[.,](?!\d)")
PRODUCT_NAMES = rx.compile(
    r"\b(?:business (?:bronze|silver|gold|platinum) rewards|bronze rewards|silver rewards|"
    r"gold rewards|platinum rewards|diamond elite card|ecocard|eco card|crypto[- ]cash ?back|"
    r"green rewards|silver zoom)\b",
    rx.I,
)


@dataclass(frozen=True)
class Money:
    """An amount of money a message states, with where it stands."""

    value: float
    start: int
    end: int


def money(text: str) -> list[Money]:
    """Every amount of money in ``text``: "$20,000", "$2k", "40k", "5000 dollars", "两万"."""
    found: list[Money] = []
    for match in MONEY.finditer(text):
        if match.group(7) and SCORE_CUE.search(text[max(0, match.start() - 16) : match.start()]):
            continue  # a credit score or card digits, not money
        digits = match.group(1) or match.group(3) or match.group(7)
        unit = (match.group(2) or match.group(4) or match.group(6) or "").lower()
        value = float(digits.replace(",", "")) if digits else zh_number(match.group(5) or "")
        found.append(Money(value * SCALE.get(unit, 1.0), match.start(), match.end()))
    return found


def zh_number(text: str) -> float:
    """A small Chinese number: 两 -> 2, 十五 -> 15, 三十 -> 30."""
    if "十" in text:
        head, _, tail = text.partition("十")
        return ZH_DIGITS.get(head, 1) * 10 + ZH_DIGITS.get(tail, 0)
    return float(ZH_DIGITS.get(text, 0))


def clauses(text: str) -> list[str]:
    """The clauses of ``text`` (amounts and what they are for are read per clause)."""
    return [c for c in CLAUSE.split(text) if c.strip()]


def categories_in(text: str) -> tuple[str, ...]:
    """The spending categories ``text`` names."""
    return tuple(name for name, pattern in CATEGORIES if pattern.search(text))


def kind_of(text: str) -> Kind | None:
    """Which product the words ask about: a card, checking, savings or a card + savings pair."""
    card = bool(CARD_WORD.search(DEBIT_WORD.sub(" ", text)))
    savings = bool(SAVINGS_WORD.search(text))
    if card and (savings and (PAIR_WORD.search(text) or "+" in text or " and a savings" in text)):
        return "pair"
    if card and savings and rx.search(r"\bsavings? account\b|储蓄账户", text, rx.I):
        return "pair"
    if card:
        return "card"
    if rx.search(r"\bchecking\b|支票|活期", text, rx.I):
        return "checking"
    if savings:
        return "savings"
    if CHECKING_WORD.search(text):
        return "checking"
    if categories_in(text):  # spending by category: a card's question
        return "card"
    return None


def horizon(text: str) -> float:
    """The years weighed over ("over one year", "for 18 months", "两年"); 1 by default."""
    match = YEARS.search(text)
    if not match:
        return 1.0
    if match.group(2):
        words = match.group(0).lower().split()
        count = next((NUMBER_WORDS[w] for w in words if w in NUMBER_WORDS), None)
        number = float(match.group(1)) if match.group(1) else float(count or 1)
        return number / MONTHS_A_YEAR if match.group(2).lower().startswith("month") else number
    head = match.group(3)
    number = float(head) if head.isdigit() else float(ZH_DIGITS.get(head, 1))
    return number / MONTHS_A_YEAR if match.group(4) == "个月" else number


def withdrawals_in(text: str) -> int:
    """Withdrawals a month ("twice a month", "每月取3次"); 1 by default."""
    match = TIMES.search(text)
    if not match:
        return 1
    word = (match.group(1) or match.group(2) or "").lower()
    if word.isdigit():
        return max(int(word), 1)
    return int(TIMES_WORDS.get(word, ZH_DIGITS.get(word, 1)))


def score_in(text: str) -> int | None:
    """A credit score the customer states (300-850)."""
    for match in SCORE.finditer(text):
        value = int(match.group(1) or match.group(2))
        if 300 <= value <= 850:
            return value
    return None


def age_in(text: str) -> int | None:
    """An age the customer states ("I'm 19", "65 years old", "我20岁")."""
    match = AGE.search(text)
    if not match:
        return None
    return int(next(g for g in match.groups() if g))


def cue_role(context: str) -> str | None:
    """What the words next to an amount say it is for, if they say."""
    roles: tuple[tuple[str, rx.Pattern[str]], ...] = (
        ("min_limit", LIMIT_WORD),
        ("waivable", WAIVE_WORD),
        ("withdrawal", ATM_WORD),
        ("spend", SPEND_WORD),
        ("balance", BALANCE_WORD),
    )
    fee_word = MONTHLY_FEE_WORD.search(context) or ANNUAL_FEE_WORD.search(context)
    if fee_word and UNDER_WORD.search(context):
        return "max_annual_fee" if ANNUAL_FEE_WORD.search(context) else "max_monthly_fee"
    return next((role for role, pattern in roles if pattern.search(context)), None)


def amount_role(before: str, after: str, kind: Kind | None) -> str:
    """What an amount is for: the words before it first, then those after, then the product."""
    role = cue_role(before[-NEAR_BEFORE:] + " " + after[:NEAR_AFTER]) or cue_role(before)
    if role is not None:
        return role
    return "spend" if kind in ("card", None) else "balance"


def read_clause(clause: str, kind: Kind | None, found: dict[str, Any]) -> None:
    """What each amount in one clause is for (read from the words between amounts)."""
    amounts = money(clause)
    for index, amount in enumerate(amounts):
        start = amounts[index - 1].end if index else 0
        stop = amounts[index + 1].start if index + 1 < len(amounts) else len(clause)
        before, after = clause[start : amount.start], clause[amount.end : stop]
        role = amount_role(before, after, kind)
        if role == "spend":
            named = categories_in(after) or categories_in(before) or ("other",)
            spend_of(clause, named, amount.value, found)
        elif role == "waivable":
            found["waivable"] = True
            found["balance"] = max(amount.value, found.get("balance") or 0.0)
        elif role in ("max_monthly_fee", "max_annual_fee"):
            found[role] = min(amount.value, found.get(role) or amount.value)
        else:
            found[role] = amount.value
    if WAIVE_WORD.search(clause) and amounts:
        found["waivable"] = True
        found["balance"] = max(a.value for a in amounts)


def spend_of(clause: str, named: Sequence[str], total: float, found: dict[str, Any]) -> None:
    """A spend split evenly over the categories named; a year's worth when recurring."""
    share = total / len(named)
    if MONTHLY_WORD.search(clause):
        found.setdefault("spend", []).extend((c, share * MONTHS_A_YEAR) for c in named)
    elif YEARLY_WORD.search(clause):
        found.setdefault("spend", []).extend((c, share) for c in named)
    else:
        found.setdefault("one_off", []).extend((c, share) for c in named)


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


def criteria(texts: Sequence[str], asked: str | None = None) -> Criteria:
    """Everything the task's messages ask of a product (a later message adds to earlier ones)."""
    said = " ".join(texts)
    kind = kind_of(said)
    found: dict[str, Any] = {}
    for text in texts:
        for clause in clauses(text):
            read_clause(clause, kind, found)
    if asked == "amount" and texts and "balance" not in found:
        bare = rx.search(r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)", texts[-1])
        if bare:
            found["balance"] = float(bare.group(1).replace(",", ""))
    spend = tuple(found.get("spend", ()))
    one_off = tuple(found.get("one_off", ()))
    return Criteria(
        kind=kind,
        business=bool(BUSINESS_WORD.search(said)),
        spend=spend,
        one_off=one_off,
        categories=categories_in(said),
        no_annual_fee=bool(NO_ANNUAL_FEE.search(said)),
        max_annual_fee=found.get("max_annual_fee"),
        max_monthly_fee=found.get("max_monthly_fee"),
        no_foreign_fee=bool(NO_FOREIGN_FEE.search(said)),
        protection=bool(PROTECTION_WORD.search(said)),
        min_limit=found.get("min_limit"),
        no_overdraft_fee=bool(NO_OVERDRAFT_FEE.search(said)),
        atm_rebates=bool(REBATE_WORD.search(said)),
        atm_abroad=bool(ABROAD_WORD.search(said) and ATM_WORD.search(said)),
        waivable=bool(found.get("waivable")),
        balance=found.get("balance"),
        years=horizon(said),
        score=score_in(said),
        age=age_in(said),
        has_plus=bool(PLUS_WORD.search(said)),
        signup_bonus=bool(BONUS_WORD.search(said)),
        withdrawals=withdrawals_in(said),
        withdrawal=found.get("withdrawal"),
        named=named_products(said),
    )


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


def checking_fits(account: Checking, wants: Criteria) -> bool:
    """Whether the checking account meets every hard requirement stated."""
    balance = wants.balance
    checks = (
        account.business == wants.business,
        age_fits(account.ages, wants.age),
        not wants.no_overdraft_fee or account.overdraft_fee == 0,
        wants.max_monthly_fee is None or account.monthly_fee < wants.max_monthly_fee,
        not wants.atm_rebates or account.atm_rebate > 0,
        not wants.waivable
        or account.monthly_fee == 0
        or (
            account.waiver_balance is not None
            and balance is not None
            and balance >= account.waiver_balance
        ),
        balance is None or balance >= max(account.min_balance, account.min_opening),
        not wants.no_foreign_fee
        or account.foreign_fee == 0
        or (account.foreign_atm is not None and account.foreign_atm.flat == 0),
    )
    return all(checks)


def abroad_fee(account: Checking, amount: float, balance: float, count: int) -> float:
    """Bank fees on ``count`` withdrawals abroad of ``amount`` in a month."""
    atm = account.foreign_atm
    if atm is None:
        return 0.0
    charged = max(count - atm.free, 0)
    return charged * atm.fee(amount, balance)


def checking_value(account: Checking, wants: Criteria) -> Ranked:
    """Yearly net of a checking account: interest − monthly fees (− fees abroad when asked)."""
    balance = wants.balance or 0.0
    fee = account.monthly_cost(balance)
    fee_months = max(MONTHS_A_YEAR * wants.years - account.free_months, 0)
    fees = fee * fee_months
    interest = balance * account.apy / 100 * wants.years
    amount = wants.withdrawal or DEFAULT_WITHDRAWAL
    atm = abroad_fee(account, amount, balance, wants.withdrawals) if wants.atm_abroad else 0.0
    atm_total = atm * MONTHS_A_YEAR * wants.years
    net = interest - fees - atm_total
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
        "cost": money_text(fees + atm_total),
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
    checks = (
        not account.invitation,
        account.business == wants.business,
        balance >= max(account.min_opening, hard_minimum),
        wants.max_monthly_fee is None or (account.monthly_fee or 0) < wants.max_monthly_fee,
    )
    return all(checks)


def savings_value(
    account: Savings, balance: float, years: float, card: Card | None = None, card_cost: float = 0.0
) -> Ranked:
    """Interest over ``years`` (base APY + a card's boost) − savings fees − the card's cost."""
    base = account.apy(balance)
    boost = account.card_boosts.get(card.name, 0.0) if card else 0.0
    apy = base + boost
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
    name = f"{card.name} + {account.name}" if card else account.name
    return Ranked(name, net, figures, tuple(d for d in docs if d))


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
    if wants.kind == "pair":
        return rank_pairs(wants, today)
    return rank_savings(wants)


def missing(wants: Criteria) -> str | None:
    """The one criterion the ranking needs and the words lack."""
    if wants.kind in ("savings", "pair") and wants.balance is None:
        return "amount"
    if wants.kind == "checking" and wants.balance is None and (wants.atm_abroad or wants.waivable):
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


def own_question(said: Sequence[str]) -> list[str]:
    """The messages of this question: a latest message asking of another product starts anew."""
    if len(said) < 2:
        return list(said)
    latest = kind_of(said[-1])
    if latest is not None and kind_of(" ".join(said[:-1])) != latest:
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
