"""Amounts in the customer's words: spoken numbers as digits, money, who the customer is.

Spoken numbers ("five to six grand", "maybe seven max", "三到四千") are written as digits
first; who the customer is (phone, street address and ZIP, email, birth date) is blanked
so it is never read as money. Used by :mod:`keel.domain.bank.needs`; every pattern goes
through ``keel.safety.patterns``.
"""

from __future__ import annotations

from dataclasses import dataclass

from keel.safety import patterns as rx

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
    rf"\$\s?{NUM}\s?([kK]\b|[mM]\b|thousand\b|grand\b|万|千)?|"
    rf"(?<![\d.,$]){NUM}\s?([kK]\b|thousand\b|grand\b|万|千|dollars\b|bucks\b|美元|美金|块|元)|"
    r"([一二两三四五六七八九十]{1,3})\s?(万|千)|"
    r"(?<![\d.,$])(\d{3,}(?:,\d{3})*)(?![\d,.]|\s?(?:年|岁|次|天|个月|%|years?|points?|times|transactions?|withdrawals?|transfers?|trips?|employees|people))",
    rx.I,
)
SCORE_CUE = rx.compile(r"score|FICO|信用分|信用评分|ending|尾号", rx.I)
SCALE = {
    "k": 1000.0,
    "thousand": 1000.0,
    "grand": 1000.0,
    "m": 1_000_000.0,
    "万": 10000.0,
    "千": 1000.0,
}


# -- spoken numbers and who the customer is ------------------------------------------------------

ONES = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
SPOKEN = rx.compile(
    rf"\b(?:({'|'.join(TENS)})(?:[- ]({'|'.join(k for k in ONES if ONES[k] < 10)}))?|"
    rf"({'|'.join(sorted(ONES, key=len, reverse=True))}))\b",
    rx.I,
)
UNIT_AFTER = r"\s?([kK]\b|thousand\b|grand\b)"
RANGE_UNIT = rx.compile(rf"(\d+(?:\.\d+)?)\s?(-|–|~|to|or)\s?\$?(\d+(?:\.\d+)?){UNIT_AFTER}", rx.I)
RANGE_DOLLAR = rx.compile(r"(\$\s?\d[\d,]*(?:\.\d+)?)\s?(-|–|~|to)\s?(\d)")
ZH_NUMERAL = "一二两三四五六七八九"
ZH_RANGE = rx.compile(
    rf"([{ZH_NUMERAL}])(?:到|至|-|~)?([{ZH_NUMERAL}])(千|万)|(\d+)(?:到|至|-|~)(\d+)(千|万)"
)
SCALED = rx.compile(
    r"\d\s?(?:[kK]\b|thousand\b|grand\b)|\d\s?(?:万|千)|[一二两三四五六七八九十](?:万|千)"
)
BARE_CAP_AFTER = rx.compile(
    r"(?<![\d$.,])(\d{1,3})(?=\s?(?:max(?:imum)?\b|tops\b|at (?:the )?(?:very )?most\b))", rx.I
)
BARE_CAP_BEFORE = rx.compile(
    r"(?:\bat most|\bmax(?:imum)?|\bup to|\bno more than|最多|顶多)\s?(\d{1,3})"
    r"(?![\d,.]|\s?(?:[kK]\b|thousand|grand|%|times|次|个|x\b|/|dollars|bucks))",
    rx.I,
)
IDENTITY = rx.compile(
    r"\(?\b\d{3}\)?[-. ]\d{3}[-. ]\d{4}\b|"  # a phone number
    r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}|"  # an email address
    r"\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b\d{4}-\d{1,2}-\d{1,2}\b|"  # a date
    r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.? \d{1,2},? \d{4}\b|"
    r"\b(?:born|DOB|birth\w*)\b\D{0,24}\d{4}\b|"  # a birth year
    r"\b[A-Z]{2},? \d{5}(?:-\d{4})?\b|"  # a state and ZIP code
    r"\b\d{1,6} (?:[A-Z][\w.'-]{0,30} ){1,4}(?:Avenue|Ave|Street|St|Drive|Dr|Road|Rd|Boulevard|"
    r"Blvd|Lane|Ln|Way|Court|Ct|Place|Pl|Terrace|Parkway|Pkwy|Highway|Hwy|Circle|Cir)\b|"
    r"\b1\d{10}\b|邮编\s?\d{5,6}",  # a Chinese mobile number, a postcode
)


def _spoken(match: rx.Match[str]) -> str:
    tens, unit, ones = (g.lower() if g else "" for g in match.groups())
    if ones:
        return str(ONES[ones])
    return str(TENS[tens] + ONES.get(unit, 0))


def _blank(match: rx.Match[str]) -> str:
    return " " * len(match.group(0))


def _unit_range(match: rx.Match[str]) -> str:
    low, sep, high, unit = match.groups()
    return f"{low} {unit} {sep} {high} {unit}"


def _dollar_range(match: rx.Match[str]) -> str:
    return f"{match.group(1)} {match.group(2)} ${match.group(3)}"


def _zh_range(match: rx.Match[str]) -> str:
    low, high, unit = match.group(1, 2, 3) if match.group(1) else match.group(4, 5, 6)
    return f"{low}{unit}到{high}{unit}"


def scale_before(text: str, at: int) -> str | None:
    """The unit of the last scaled amount before ``at`` ("5 to 6 grand, maybe 7 max")."""
    last = None
    for match in SCALED.finditer(text[:at]):
        last = match.group(0)
    if last is None:
        return None
    for word in ("万", "千", "thousand", "grand"):
        if word in last:
            return word
    return "k"


def bare_caps(text: str) -> str:
    """A bare figure capped after a scaled one takes its unit: "…6 grand, maybe 7 max"."""
    for pattern in (BARE_CAP_AFTER, BARE_CAP_BEFORE):
        out, last = [], 0
        for match in pattern.finditer(text):
            unit = scale_before(text, match.start(1))
            if unit is None:
                continue
            out += [text[last : match.end(1)], f" {unit}"]
            last = match.end(1)
        text = "".join(out) + text[last:]
    return text


def spoken_numbers(text: str) -> str:
    """``text`` with who the customer is blanked and spoken amounts as digits.

    "three to four thousand, five at most" -> "3 thousand to 4 thousand, 5 thousand at most";
    "$30-40" -> "$30 - $40"; "五六千" -> "五千到六千"; "Portland, OR 97205" -> blanks.
    """
    text = IDENTITY.sub(_blank, text)
    text = SPOKEN.sub(_spoken, text)
    text = RANGE_UNIT.sub(_unit_range, text)
    text = RANGE_DOLLAR.sub(_dollar_range, text)
    text = ZH_RANGE.sub(_zh_range, text)
    return bare_caps(text)


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
