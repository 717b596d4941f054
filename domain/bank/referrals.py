"""Checking-account referral advice: what a customer can refer now, and the best bonus.

Which checking account a customer can refer someone to now, and which gives the highest
combined (referrer + referee) bonus.
The programs are the documents' figures (``referrals.yaml``, each entry with the documents
it comes from); the rules are small pure functions over the customer's accounts and
referral history (read through the pack's read tools) and what the message states (the
expected deposit, a person or a business, the same address or not, how many people):
:func:`tenure_days`, :func:`in_window`, :func:`schedule`, :func:`used_this_year`,
:func:`judge` and :func:`ranked`. The answer (:mod:`keel.domain.bank.referral_advice`)
names the best account with its figures, why the better-paying ones are out, and that the
customer submits the referral themselves with their referral tool. Advice changes nothing
and hands nothing to a human.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel

from keel.domain.bank import clock
from keel.domain.bank.needs import BUSINESS_WORD
from keel.domain.bank.spoken import ZH_DIGITS, money, spoken_numbers, zh_number
from keel.safety import patterns as rx

FACTS = Path(__file__).with_name("referrals.yaml")
NO_BONUS = ("REJECTED", "ERROR")  # referrals that earned nothing count toward no limit
CHECKING_KINDS = ("checking", "personal_checking", "business_checking")
OPEN = ("OPEN", "ACTIVE")
SHOWN = 3  # programs listed when no deposit is named
DAYS_A_MONTH = 30

# -- the facts --------------------------------------------------------------------------------


class Program(BaseModel):
    """One checking product's referral program."""

    name: str
    business: bool = False
    referrer: float
    referee: float
    deposit: float
    deposit_days: int
    tenure_days: int
    yearly_cap: int
    opening: float = 0.0  # the account's minimum opening deposit, when above ``deposit``
    ages: tuple[int, int | None] | None = None
    startup: bool = False
    docs: list[str]

    @property
    def combined(self) -> float:
        """Referrer's and referee's bonuses together."""
        return self.referrer + self.referee

    @property
    def needed(self) -> float:
        """The least the referred person must put in for the bonus."""
        return max(self.deposit, self.opening)


class Rules(BaseModel):
    """The terms every checking program shares."""

    window_bonuses: int
    window_days: int
    new_customer_months: int
    docs: list[str]


class Table(BaseModel):
    """The shared rules and every program."""

    rules: Rules
    programs: list[Program]


@lru_cache(maxsize=1)
def table() -> Table:
    """The referral programs, read once."""
    return Table.model_validate(yaml.safe_load(FACTS.read_text(encoding="utf-8")))


def key_of(name: str) -> str:
    """A product name compared loosely ("Blue Account", "blue", "Green Account (checking)")."""
    text = rx.sub(r"\(.*?\)|\baccount\b|\bchecking\b", " ", str(name).lower())
    return " ".join(text.split())


def program_of(name: Any) -> Program | None:
    """The checking program of a product name (None: no checking product, e.g. a card)."""
    key = key_of(str(name or ""))
    return next((p for p in table().programs if key_of(p.name) == key), None)


# -- the rules (pure) -------------------------------------------------------------------------


def checking(rows: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The checking accounts (personal or business) among ``rows``, of any status."""
    kind = ("class", "account_type")
    return [r for r in rows if any(str(r.get(k) or "").lower() in CHECKING_KINDS for k in kind)]


def holds_checking(rows: Iterable[Mapping[str, Any]]) -> bool:
    """Whether the customer holds an open checking account (referrers are checking holders)."""
    return any(r.get("status") in OPEN for r in checking(rows))


def first_checking(rows: Iterable[Mapping[str, Any]]) -> date | None:
    """When the customer's earliest checking account was opened (tenure counts from it)."""
    days = [clock.parse_date(r.get("date_opened")) for r in checking(rows)]
    known = [d for d in days if d is not None]
    return min(known) if known else None


def tenure_days(rows: Iterable[Mapping[str, Any]], today: date) -> int | None:
    """Days as a Rho-Bank checking customer, from the first checking account.

    Whatever product it is (general_047 "Referrer tenure policy", general_048).
    """
    first = first_checking(rows)
    return None if first is None else (today - first).days


def counted(referrals: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The checking referrals that can earn a bonus (card referrals have their own limit)."""
    return [
        r
        for r in referrals
        if program_of(r.get("referred_account_type")) is not None
        and str(r.get("referral_status") or "").upper() not in NO_BONUS
    ]


def in_window(referrals: Iterable[Mapping[str, Any]], today: date, rules: Rules) -> list[date]:
    """The dates of the checking referrals inside the rolling window, oldest first.

    One counts until it is more than ``window_days`` days old (general_047, general_048).
    """
    days = [clock.parse_date(r.get("date")) for r in counted(referrals)]
    return sorted(d for d in days if d is not None and 0 <= (today - d).days <= rules.window_days)


def schedule(
    window: Sequence[date], people: int, today: date, rules: Rules
) -> tuple[int, date | None]:
    """How many of ``people`` can be referred today, and from when the next one can."""
    now = min(people, max(0, rules.window_bonuses - len(window)))
    if people <= now:
        return now, None
    free = sorted([d + timedelta(days=rules.window_days + 1) for d in window])
    free += [today + timedelta(days=rules.window_days + 1)] * now
    return now, min(free) if free else None


def used_this_year(referrals: Iterable[Mapping[str, Any]], program: Program, today: date) -> int:
    """The program's referrals this calendar year (its yearly cap counts them)."""
    days = [
        clock.parse_date(r.get("date"))
        for r in counted(referrals)
        if program_of(r.get("referred_account_type")) == program
    ]
    return sum(1 for d in days if d is not None and d.year == today.year)


@dataclass(frozen=True)
class Friend:
    """What the message states about the person (or business) to be referred."""

    business: bool = False
    deposit: float | None = None
    age: int | None = None
    startup: bool | None = None
    people: int = 1
    targets: tuple[str, ...] = ()  # products named as the one to open


@dataclass(frozen=True)
class Verdict:
    """A program for this referral: why it is out (None: open now), or the fact it needs."""

    program: Program
    reason: str | None = None  # tenure, cap, age, deposit
    condition: str | None = None  # age, startup: fits only if the unstated fact holds


def age_fits(ages: tuple[int, int | None], age: int) -> bool:
    """Whether ``age`` lies in ``ages``."""
    low, high = ages
    return age >= low and (high is None or age <= high)


def judge(program: Program, friend: Friend, tenure: int, used: int) -> Verdict:
    """Whether the customer can refer ``friend`` to ``program`` now."""
    if tenure < program.tenure_days:
        return Verdict(program, "tenure")
    if used >= program.yearly_cap:
        return Verdict(program, "cap")
    if (
        program.ages is not None
        and friend.age is not None
        and not age_fits(program.ages, friend.age)
    ):
        return Verdict(program, "age")
    if program.startup and friend.startup is False:
        return Verdict(program, "startup")
    if friend.deposit is not None and friend.deposit < program.needed:
        return Verdict(program, "deposit")
    if program.ages is not None and friend.age is None:
        return Verdict(program, None, "age")
    if program.startup and friend.startup is None:
        return Verdict(program, None, "startup")
    return Verdict(program)


def ranked(verdicts: Iterable[Verdict]) -> list[Verdict]:
    """Highest combined bonus first; then the referrer's bonus, then the smaller deposit."""
    return sorted(
        verdicts, key=lambda v: (-v.program.combined, -v.program.referrer, v.program.needed)
    )


def best_of(verdicts: Sequence[Verdict]) -> tuple[Verdict | None, Verdict | None]:
    """The best program open now with no condition, and a better one that has a condition."""
    open_now = ranked(v for v in verdicts if v.reason is None)
    best = next((v for v in open_now if v.condition is None), None)
    better = next((v for v in open_now if v.condition is not None), None)
    if better is not None and best is not None and better.program.combined <= best.program.combined:
        better = None
    return best, better


def candidates(friend: Friend) -> list[Program]:
    """The programs this referral is about: the products named, or every one of its kind."""
    if friend.targets:
        return [p for p in table().programs if p.name in friend.targets]
    return [p for p in table().programs if p.business == friend.business]


# -- what the message states ------------------------------------------------------------------

REFER = rx.compile(r"\brefer\w*|\breferral|推荐|介绍", rx.I)
# questions about referrals already made (statuses, payouts) or card referrals: the documents
STATUS = rx.compile(
    r"\bstatus\w*|\bhistory\b|\bgo(?:ne)? through\b|\bwent through\b|\bpaid\b|\bshown? up\b|"
    r"\bclaw\w*|\bqualified yet\b|\bdid I get\b|\bget credit\b|\brejected\b|\bdenied\b|"
    r"\bIN_PROGRESS\b|\bNO_PROGRESS\b|\blist (?:all )?(?:of )?my referrals\b|"
    r"进度|状态|记录|到账|收回|被拒|拒绝|成功了吗",
    rx.I,
)
CARD = rx.compile(r"\bcards?\b|\becocard\b|信用卡", rx.I)
ACCOUNT = rx.compile(r"\baccounts?\b|\bchecking\b|账户|帐户|开户|支票", rx.I)
CHOICE = rx.compile(
    r"\bwhich\b|\bwhat (?:account|product)\b|\bbest\b|\bhighest\b|\bmost\b|\bbiggest\b|"
    r"\bmaxim\w*|\bcan I (?:still |now |also )?refer\b|\bhow many\b|\beligible\b|"
    r"\b(?:want|like|going|plan\w*|hoping) to refer\b|"
    r"哪个|哪一个|哪种|哪些|最多|最高|最划算|能不能推荐|可以推荐|能推荐|还能|想推荐|要推荐|打算推荐",
    rx.I,
)
COUNT_QUESTION = rx.compile(
    r"\bhow many\b|\bwhich ones\b|\ball (?:of )?them\b|还能推荐几|能推荐几|几个|哪几个|都能", rx.I
)
SAME_ADDRESS = rx.compile(
    r"\bsame address\b|\blives? with me\b|\bliving with me\b|\broom-?mate\b|\bhousemate\b|"
    r"\bwe live together\b|同一个地址|同一地址|住在一起|住一起|同住|室友",
    rx.I,
)
OTHER_ADDRESS = rx.compile(
    r"\b(?:not|doesn'?t|don'?t|does not|do not|isn'?t|aren'?t|never)\b[^.?!]{0,25}"
    r"(?:same address|live with me|live together)|\bdifferent address\w*|\bown place\b|"
    r"不住在一起|不住一起|不同住|不是同一个地址|地址不同|不在同一",
    rx.I,
)
EXISTING = rx.compile(
    r"\balready (?:has|have|holds?|banks?|got)\b[^.?!]{0,30}(?:\brho\b|\bwith you\b|\bwith us\b)|"
    r"\b(?:is|are) already (?:a )?(?:rho|customer|member)|已经是[^，。？！]{0,6}客户|"
    r"已经有[^，。？！]{0,8}(?:rho|账户)",
    rx.I,
)
FORMER = rx.compile(
    r"\bused to (?:have|bank)\b|\bhad an? (?:rho(?:-bank)? )?account\b|"
    r"\bclosed (?:her|his|their|an?) (?:rho(?:-bank)? )?account|以前有|之前有|注销过|销过户|关过",
    rx.I,
)
AGO = rx.compile(
    r"\b(\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven)\s+"
    r"(months?|years?) ago\b|"
    r"([0-9一二两三四五六七八九十]{1,3})\s*(个月|年)前",
    rx.I,
)
FRIEND_AGE = rx.compile(
    r"\b(?:she|he|they|friend|sister|brother|mom|mum|mother|dad|father|grandma|grandpa|"
    r"grandmother|grandfather|aunt|uncle|cousin|neighbou?r|colleague|co-?worker|son|daughter|"
    r"niece|nephew)(?:'s| is| are| turns?| turned| just turned)\s+(\d{1,3})\b|"
    r"\b(\d{1,3})[- ]years?[- ]old\b|(\d{1,3})\s*岁",
    rx.I,
)
STARTUP = rx.compile(
    r"\bstart-?ups?\b|\bnew(?:ly)? (?:formed|founded|started|opened|registered) "
    r"(?:business|company)\b|\bjust (?:started|founded|formed|launched|opened|registered)\b|"
    r"初创|创业|刚成立|新成立|刚开的公司|刚注册",
    rx.I,
)
ESTABLISHED = rx.compile(
    r"\bestablished\b|\bfor (?:\d{1,2}|many|several) years\b|\bsince (?:19|20)\d\d\b|"
    r"成立多年|老公司",
    rx.I,
)
NUMBER_WORDS = {
    "a": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "a couple of": 2,
}
PEOPLE = rx.compile(
    r"\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|a couple of)\s+(?:\w+\s+)?"
    r"(?:people|persons|friends|folks|colleagues|co-?workers|relatives|businesses|companies|"
    r"family members|of my friends)\b|"
    r"([0-9一二两三四五六七八九十]{1,2})\s*(?:个|位|名|家)\s*(?:人|朋友|同事|亲戚|公司|企业)?",
    rx.I,
)
DEPOSIT_WORD = rx.compile(
    r"\bdeposit\w*|\bput (?:in|down)\b|\bfund\w*|\bopen\w* with\b|\bstart with\b|\bbring\b|"
    r"存|入金|开户",
    rx.I,
)


def number(word: str) -> int | None:
    """A small count written in digits or words ("four", "四", "两")."""
    word = word.strip().lower()
    if word.isdigit():
        return int(word)
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    if word and all(c in ZH_DIGITS for c in word):  # 四, 两, 十一
        return int(zh_number(word)) or None
    return None


def deposit_in(texts: Sequence[str], asked: str | None) -> float | None:
    """The friend's expected deposit: an amount said next to deposit words, else the last.

    A bare number counts when it answers the question about the deposit.
    """
    found: float | None = None
    for text in texts:
        plain = spoken_numbers(text)
        amounts = money(plain)
        near = [m for m in amounts if DEPOSIT_WORD.search(plain[max(0, m.start - 40) : m.end + 25])]
        chosen = (near or amounts)[-1:] if amounts else []
        if chosen:
            found = chosen[0].value
    if found is None and asked == "amount" and texts:
        bare = rx.search(r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)", spoken_numbers(texts[-1]))
        if bare:
            found = float(bare.group(1).replace(",", ""))
    return found


def people_in(text: str) -> int:
    """How many people (or businesses) the customer means to refer (1 unless stated)."""
    counts = [number(next(g for g in m.groups() if g)) for m in PEOPLE.finditer(text)]
    known = [c for c in counts if c]
    return max(known) if known else 1


def age_in(text: str) -> int | None:
    """The referred person's age, when stated."""
    m = FRIEND_AGE.search(text)
    return int(next(g for g in m.groups() if g)) if m else None


def startup_in(text: str) -> bool | None:
    """Whether the referred business is a startup (None: not said)."""
    if STARTUP.search(text):
        return True
    return False if ESTABLISHED.search(text) else None


def same_address(text: str) -> bool:
    """Whether the person referred is registered at the customer's address."""
    return bool(SAME_ADDRESS.search(text)) and not OTHER_ADDRESS.search(text)


def months_since_closed(text: str) -> int | None:
    """How long ago the referred person's old account closed, in months (None: not said)."""
    m = AGO.search(text)
    if m is None:
        return None
    amount = number(m.group(1) or m.group(3) or "")
    unit = (m.group(2) or m.group(4) or "").lower()
    if amount is None:
        return None
    return amount * 12 if unit.startswith(("year", "年")) else amount


def targets_in(text: str) -> tuple[str, ...]:
    """The checking products named as the one the person would open ("refer her to Purple")."""
    names = sorted((p.name for p in table().programs), key=len, reverse=True)
    words = "|".join(rx.escape(n.removesuffix(" Account")) for n in names)
    found = rx.finditer(
        rf"(?:\bto|\bopen\w*|\bfor|\bget|\bsign up for|\bjoin)\s+(?:a |an |the |her |his "
        rf"|their |my )?(?:new )?({words})\b|(?:开|办|申请|开通|推荐)\s*(?:一个|个)?\s*({words})",
        text,
        rx.I,
    )
    out: list[str] = []
    for m in found:
        said = (m.group(1) or m.group(2) or "").lower()
        name = next((n for n in names if n.removesuffix(" Account").lower() == said), None)
        if name and name not in out:
            out.append(name)
    return tuple(out)


def about_choice(said: str) -> bool:
    """Whether the words ask which checking account one can refer someone to.

    Not a status, a payout or a card referral: the documents answer those.
    """
    if not REFER.search(said) or STATUS.search(said):
        return False
    if CARD.search(said) and not ACCOUNT.search(said):
        return False
    return bool(
        CHOICE.search(said)
        or targets_in(said)
        or money(spoken_numbers(said))
        or people_in(said) > 1
    )


def friend_in(texts: Sequence[str], asked: str | None) -> Friend:
    """Everything the task's words state about the referral."""
    said = " ".join(texts)
    targets = targets_in(said)
    named = [program_of(t) for t in targets]
    business = all(p.business for p in named if p) if targets else bool(BUSINESS_WORD.search(said))
    return Friend(
        business=business,
        deposit=deposit_in(texts, asked),
        age=age_in(said),
        startup=startup_in(said),
        people=people_in(said),
        targets=targets,
    )
