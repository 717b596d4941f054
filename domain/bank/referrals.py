"""Checking-account referral advice: what a customer can refer now, and the best bonus.

Which checking account a customer can refer someone to now, and which gives the highest
combined (referrer + referee) bonus.
The programs are the documents' figures (``referrals.yaml``, each entry with the documents
it comes from); the rules are small pure functions over the customer's accounts and
referral history (read through the pack's read tools) and what the message states (the
expected deposit, a person or a business, the same address or not, how many people):
:func:`tenure_days`, :func:`in_window`, :func:`schedule`, :func:`used_this_year`,
:func:`judge` and :func:`ranked`. The answer names the best account with its figures, why
the better-paying ones are out, and that the customer submits the referral themselves
with their referral tool. Advice changes nothing and hands nothing to a human.
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

from keel.domain.bank import clock, products
from keel.domain.bank.decisions import Turn, accounts, ask
from keel.domain.bank.needs import BUSINESS_WORD
from keel.domain.bank.spoken import money, spoken_numbers
from keel.domain.pack import Decision
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
    if word.startswith("十") and len(word) == 2:  # 十一 …
        return 10 + NUMBER_WORDS.get(word[1], 0)
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


# -- the answer -------------------------------------------------------------------------------


def dollars(value: float) -> str:
    """$1,000 / $62.50."""
    return f"{value:,.0f}" if value == int(value) else f"{value:,.2f}"


def day_text(day: date) -> str:
    """A date as the bank writes it."""
    return day.strftime("%m/%d/%Y")


def say(turn: Turn, key: str, **data: Any) -> str:
    """A piece of the reply in the customer's language (templates in replies.yaml)."""
    texts = turn.inp.config.replies[key]
    return (texts.get(turn.inp.language) or texts["en"]).format(**data)


def figures(turn: Turn, program: Program) -> dict[str, Any]:
    """The figures an answer names for a program."""
    opening = ""
    if program.opening > program.deposit:
        opening = say(turn, "referral.part.opening", opening=dollars(program.opening))
    return {
        "opening_part": opening,
        "needed": dollars(program.needed),
        "name": program.name,
        "referrer": dollars(program.referrer),
        "referee": dollars(program.referee),
        "combined": dollars(program.combined),
        "deposit": dollars(program.deposit),
        "days": program.deposit_days,
        "tenure": program.tenure_days,
        "cap": program.yearly_cap,
    }


def reason_text(turn: Turn, verdict: Verdict, first: date | None) -> str:
    """Why a program is out, in words, with its document."""
    program = verdict.program
    data = figures(turn, program)
    if verdict.reason == "tenure" and first is not None:
        data["date"] = day_text(first + timedelta(days=program.tenure_days))
    if verdict.reason == "age" and program.ages is not None:
        low, high = program.ages
        data["ages"] = f"{low}–{high}" if high is not None else f"{low}+"
    data["source"] = program.docs[0]
    return say(turn, f"referral.reason.{verdict.reason}", **data)


def condition_text(turn: Turn, verdict: Verdict) -> str:
    """The fact a program needs that the message did not state."""
    program = verdict.program
    if verdict.condition == "age" and program.ages is not None:
        low, high = program.ages
        ages = f"{low}–{high}" if high is not None else f"{low}+"
        return say(turn, "referral.condition.age", ages=ages)
    return say(turn, "referral.condition.startup")


def sources(*docs: Iterable[str]) -> str:
    """The documents an answer comes from, each once."""
    return ", ".join(dict.fromkeys(d for group in docs for d in group))


def window_line(turn: Turn, window: Sequence[date], people: int, today: date) -> str:
    """How many referrals the rolling window leaves open now (and when the next opens)."""
    rules = table().rules
    now, after = schedule(window, people, today, rules)
    data = {
        "used": len(window),
        "now": now if people > 1 else max(0, rules.window_bonuses - len(window)),
        "people": people,
        "limit": rules.window_bonuses,
        "days": rules.window_days,
        "date": day_text(after) if after else "",
    }
    if people > 1 and after is not None:
        return say(turn, "referral.window.some", **data)
    return say(turn, "referral.window.open", **data)


def answer(turn: Turn, key: str, data: Mapping[str, Any]) -> Decision:
    """The advice, and the task ended: a later "thanks" or question starts afresh."""
    turn.frame["asked"] = None
    return Decision(route="respond", reply_key=key, reply_data=dict(data), frame=None)


def advise(turn: Turn) -> Decision:
    """Which checking account the customer can refer someone to now, and the best bonus."""
    said = [str(t) for t in turn.frame["utterances"]]
    if turn.inp.text and (not said or said[-1] != turn.inp.text):
        said.append(turn.inp.text)
    words = " ".join(said)
    if not about_choice(words):
        return products.search(turn)
    rules, today = table().rules, clock.today()
    general = rules.docs
    rows = accounts(turn)
    if not holds_checking(rows):
        return answer(turn, "referral.no_checking", {"sources": sources(general)})
    if same_address(words):
        return answer(turn, "referral.same_address", {"sources": sources(general)})
    ago = months_since_closed(words)
    if EXISTING.search(words) or (
        FORMER.search(words) and (ago is None or ago < rules.new_customer_months)
    ):
        wait = "" if ago is None else str(rules.new_customer_months - ago)
        terms = {"months": rules.new_customer_months, "wait": wait, "sources": sources(general)}
        terms["wait_line_key"] = "referral.not_new.wait" if wait else "hint.none"
        return answer(turn, "referral.not_new", terms)
    history = (turn.read("get_referrals_by_user") or {}).get("referrals", [])
    window = in_window(history, today, rules)
    friend = friend_in(said, turn.frame["asked"])
    first = first_checking(rows)
    tenure = tenure_days(rows, today) or 0
    if len(window) >= rules.window_bonuses:
        _, after = schedule(window, 1, today, rules)
        return answer(
            turn,
            "referral.window.full",
            {
                "used": len(window),
                "dates": ", ".join(day_text(d) for d in window),
                "limit": rules.window_bonuses,
                "days": rules.window_days,
                "date": day_text(after) if after else "",
                "sources": sources(general),
            },
        )
    programs = candidates(friend)
    verdicts = [judge(p, friend, tenure, used_this_year(history, p, today)) for p in programs]
    if programs and all(v.reason == "tenure" for v in verdicts):
        soonest = min(programs, key=lambda p: p.tenure_days)
        opened = first or today
        return answer(
            turn,
            "referral.tenure.none",
            {
                "tenure": soonest.tenure_days,
                "have": tenure,
                "opened": day_text(opened),
                "date": day_text(opened + timedelta(days=soonest.tenure_days)),
                "sources": sources(general, soonest.docs),
            },
        )
    count_only = bool(COUNT_QUESTION.search(words)) or friend.people > 1
    asked_before = turn.frame["asked"] == "amount"
    if friend.deposit is None and not friend.targets and not count_only and not asked_before:
        kind = "business" if friend.business else "person"
        return ask(turn, "amount", "ask.referral_deposit", {"who_key": f"referral.who.{kind}"})
    best, better = best_of(verdicts)
    if best is None and better is None:
        out = [reason_text(turn, v, first) for v in ranked(verdicts) if v.reason]
        return answer(
            turn,
            "referral.none",
            {
                "reasons": "; ".join(out),
                "window_line": window_line(turn, window, friend.people, today),
                "sources": sources(general, *(p.docs for p in programs)),
            },
        )
    top = best or better
    assert top is not None
    data: dict[str, Any] = figures(turn, top.program)
    data["best"] = top.program.name
    data["tenure_line"] = say(
        turn, "referral.tenure.ok", have=tenure, opened=day_text(first or today)
    )
    data["window_line"] = window_line(turn, window, friend.people, today)
    data["condition"] = condition_text(turn, top) if top.condition else ""
    extra = ""
    if best is not None and better is not None:
        extra = say(
            turn,
            "referral.better_if",
            condition=condition_text(turn, better),
            **figures(turn, better.program),
        )
    elif friend.deposit is None and count_only:
        others = [v for v in ranked(verdicts) if v.reason is None and v is not top][: SHOWN - 1]
        extra = "".join(
            say(
                turn,
                "referral.also",
                condition=condition_text(turn, v) if v.condition else "",
                **figures(turn, v.program),
            )
            for v in others
        )
    data["better_line"] = extra
    beaten = [v for v in ranked(verdicts) if v.reason and v.program.combined > top.program.combined]
    data["out_line"] = (
        say(turn, "referral.out", reasons="; ".join(reason_text(turn, v, first) for v in beaten))
        if beaten
        else ""
    )
    shown = [top.program.docs, *(v.program.docs[:1] for v in beaten)]
    if better is not None and best is not None:
        shown.append(better.program.docs)
    data["sources"] = sources(general, *shown)
    return answer(turn, "referral.best", data)
