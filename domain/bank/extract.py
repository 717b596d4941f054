"""Rho Bank's slot extraction: the values an English or Chinese customer message states.

:func:`extract_slots` is the bank's :data:`keel.understanding.offline.SlotExtractor`. A key
is present only when the message states its value; nothing is inferred or completed.

Identity (the slots the bank's identity rules read):

* ``full_name`` -- "First Last" as the speaker claims it as their own ("I'm Kenji Tanaka",
  "name: Priya Sharma", "我叫 Tomasz Wielgus", a name signing a list of details). A name given
  to someone else ("my wife Ana Ruiz", "Ana Ruiz's card") is not the speaker's: no slot.
* ``date_of_birth`` -- "MM/DD/YYYY". Read from "March 15 1992", "15 March 1992",
  "the 14th of March, 1968", "03/15/1992", "3/15/92", "1992-03-15", "1992年3月15日".
  Numeric dates are US order (month first) unless the first number cannot be a month
  ("15/03/1992"). A date is a birth date when a cue says so ("born", "DOB", "birthday",
  "出生", "生日"), when identity was just asked for, or when it lies before 2010 in a message
  that gives other identity details; otherwise it is a ``txn_date``.
* ``email`` (and ``email_alt``: a second address offered beside it) -- lower-cased.
* ``phone_number`` -- "XXX-XXX-XXXX" from "(206) 555-0293", "206.555.0293", "2065550293",
  "+1 206 555 0293". Ten digits standing alone: digits inside a longer number are no phone.
* ``address`` -- a US street address as the customer wrote it, trimmed ("1847 Cherry Blossom
  Lane, Seattle, WA 98101"). Read when an address cue stands before it ("I live at",
  "my address is", "地址", "住在"), when identity was asked for, or when the message gives
  other identity details. An address to ship to ("send it to …") is ``shipping_address``.

Task values:

* ``card_last4`` -- four digits: "ending in 4821", "last four digits are 4821", "尾号4821".
* ``card_name`` -- the canonical product name of a credit card or a bank account, as the
  bank's documents spell it ("Silver Rewards Card", "Blue Account", "Sky Blue"), read from
  loose wording ("my silver card", "the gold one", "blue checking account", "银卡").
* ``account_kind`` -- "checking" or "saving" (the first one named).
* ``amount`` -- a float: "$4.75", "4.75 dollars", "USD 4.75", "4.75美元", "312元".
* ``txn_date`` -- "MM/DD/YYYY"; a date without a year ("November 4th", "11/04", "11月4日")
  is in the bank's current year (2025).
* ``merchant`` -- best effort: the capitalised words after "at" / "from" ("at Maple & Finch",
  "charge from Best Buy") or after "在" ("在Costco被扣了两次").
* ``dispute_reason`` -- a credit card transaction dispute reason, one of
  :data:`DISPUTE_REASONS`.
* ``closure_reason`` -- a debit card closure reason (:data:`DEBIT_CLOSURE_REASONS`), or, when
  the task or the message is about a credit card, a credit card closure reason
  (:data:`CREDIT_CLOSURE_REASONS`).
* ``delivery_option`` -- "standard", "expedited" or "rush".
* ``new_email`` -- an email given as the new one ("change it to x@y.com", "新邮箱是 …"); it
  is then not an ``email``.
* ``yes_no`` -- "yes" or "no" (the engine's reading of a short answer).

Debit-card service values (:func:`card_service_values`; a bare value counts only as the
answer to the question just asked):

* ``new_pin`` / ``current_pin`` -- four digits after a PIN cue ("new PIN 4829", "PIN to
  4829", "新密码4829"; "current/old PIN 1357", "旧密码1357").
* ``card_cvv`` -- three digits after "CVV", "security code", "安全码".
* ``card_expiry`` -- "MM/YY" after "exp", "expires", "valid thru", "有效期".
* ``card_design`` -- "CLASSIC", "PREMIUM" (metallic) or "CUSTOM" (own image).
* ``limit_type`` -- "atm" or "purchase", in a message about a limit.
* ``pin_forgotten`` -- True when the customer says they forgot the PIN or it is locked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from keel.domain.bank import clock, needs
from keel.safety import patterns as rx
from keel.understanding import extractors as ex
from keel.understanding.addresses import find_addresses
from keel.understanding.identity import RELATIONS, name_claim
from keel.understanding.offline import TurnHints

# ------------------------------------------------------------------ word lists (data)

MONTHS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
MONTH_WORD = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
LATEST_BIRTH_YEAR = 2009  # an undated-by-cue date before this year is no bank transaction
DOB_CUE = rx.compile(r"\b(?:born|birth|birthday|b-?day|dob|d\.o\.b\.?)\b|出生|生日|生辰", rx.I)
# Words near a date that make it the date of something done with the account.
TXN_CUE = rx.compile(
    r"\b(?:charged?|charges|transaction|purchase[ds]?|bought|paid|spent|withdr[ae]w\w*|"
    r"deposit\w*|posted|noticed|ordered|cancell?ed|returned|opened|happened|statement)\b|"
    r"扣|消费|交易|买|刷|付|取款|存|退|注意到|发现",
    rx.I,
)
ADDRESS_CUE = rx.compile(
    r"\b(?:address|live[sd]? (?:at|on|in)|living at|reside\w* at|home is|located at)\b|"
    r"地址|住在|住址",
    rx.I,
)
SHIPPING_CUE = rx.compile(
    r"\b(?:ship|send|mail|deliver)\w*\b|\b(?:shipping|delivery|mailing)\s+address\b|寄|送到", rx.I
)
NEW_EMAIL_CUE = rx.compile(
    r"(?:\b(?:new|updated|change\w*|update\w*|switch\w*|replace\w*)\b[^.!?。！？]{0,40}?"
    r"\b(?:to|is|as|with|:)\s*$|\bnew (?:email|e-mail|address)\s*(?:address)?\s*(?:is|:)?\s*$|"
    r"(?:改成|换成|改为|更新为|更改为|新邮箱(?:是|为)?|新的邮箱(?:是|为)?)\s*[:：]?\s*$)",
    rx.I,
)
PHONE_CUE = rx.compile(r"\b(?:phone|number|cell|mobile|tel)\b|手机|电话|号码", rx.I)

# Credit cards: the canonical name and the words that single it out.
CREDIT_CARDS: dict[str, str] = {
    "Bronze Rewards Card": "bronze",
    "Silver Rewards Card": "silver",
    "Gold Rewards Card": "gold",
    "Platinum Rewards Card": "platinum",
    "Green Rewards Card": "green",
    "Silver Zoom Card": "silver zoom",
    "Diamond Elite Card": "diamond(?: elite)?",
    "Business Bronze Rewards Card": "business bronze",
    "Business Silver Rewards Card": "business silver",
    "Business Gold Rewards Card": "business gold",
    "Business Platinum Rewards Card": "business platinum",
    "EcoCard": "eco",
    "Crypto-Cash Back": "crypto(?:[- ]?cash[- ]?back)?",
}
# Cards whose name alone says what they are ("EcoCard", "Crypto-Cash Back").
STANDALONE_CARDS: dict[str, str] = {
    "EcoCard": r"eco[- ]?card",
    "Crypto-Cash Back": r"crypto[- ]?cash[- ]?back",
}
CHINESE_CARDS: dict[str, str] = {
    "Platinum Rewards Card": "白金卡",
    "Gold Rewards Card": "金卡",
    "Silver Rewards Card": "银卡",
    "Bronze Rewards Card": "铜卡",
    "Diamond Elite Card": "钻石卡",
    "EcoCard": "环保卡",
}
# Bank accounts (checking and savings, personal and business): name and its words.
ACCOUNTS: dict[str, str] = {
    "Light Blue Account": "light blue",
    "Light Green Account": "light green",
    "Green Fee-Free Account": "green fee[- ]?free",
    "Blue Account": "blue",
    "Green Account": "green",
    "Evergreen Account": "evergreen",
    "Bluest Account": "bluest",
    "Purple Account": "purple",
    "Dark Green Account": "dark green",
    "Hunter Green Account": "hunter green",
    "World Blue Account": "world blue",
    "Gold Years Account": "gold years",
    "Bronze Account": "bronze",
    "Silver Account": "silver",
    "Silver Plus Account": "silver plus",
    "Gold Account": "gold",
    "Gold Plus Account": "gold plus",
    "Platinum Account": "platinum",
    "Platinum Plus Account": "platinum plus",
    "Diamond Elite Account": "diamond elite",
    "Bronze Saver Account": "bronze saver",
    "Silver Saver Account": "silver saver",
    "Silver Plus Saver Account": "silver plus saver",
    "Gold Saver Account": "gold saver",
    "Platinum Reserve Account": "platinum reserve",
}
# Business checking products: the documents name them without "Account".
BUSINESS_CHECKING: dict[str, str] = {
    "Navy Blue": "navy blue",
    "True Blue": "true blue",
    "Sky Blue": "sky blue",
    "Cobalt Blue": "cobalt blue",
    "Lime Green": "lime green",
}
CARD_TAIL = r"(?:\s+rewards?)?(?:\s+(?:credit\s+|debit\s+)?(?:card|one)\b|\s*卡|\s+rewards?\b)"
ACCOUNT_TAIL = r"(?:\s+(?:checking|savings?|business))?\s+(?:account|checking|savings?)\b"

ACCOUNT_KINDS = (
    ("checking", rx.compile(r"\bchecking\b|支票账户|支票帐户|活期|支票", rx.I)),
    ("saving", rx.compile(r"\bsavings?\b|储蓄|存款账户|储蓄账户|定期", rx.I)),
)

# Credit card transaction dispute reasons (procedures §2.8), most specific first.
DISPUTE_REASONS: tuple[tuple[str, str], ...] = (
    (
        "canceled_subscription_still_charging",
        r"\bcancel+ed\b[^.!?]{0,60}\b(?:subscription|membership|plan|service)\b|"
        r"\b(?:subscription|membership)\b[^.!?]{0,60}\b(?:after|still|even though)\b|"
        r"\bafter (?:i|we) cancel+ed\b|取消了?(?:订阅|会员)|退订",
    ),
    (
        "refund_never_processed",
        r"\brefund\w*\b[^.!?]{0,40}\b(?:never|not|hasn'?t|didn'?t|still|yet)\b|"
        r"\b(?:never|not|no)\b[^.!?]{0,25}\brefund|退款[^。！？]{0,10}(?:没|未|还没)|没(?:有)?退款",
    ),
    (
        "duplicate_charge",
        r"\b(?:charged|billed|debited) (?:me )?(?:twice|two times|double)\b|"
        r"\bdouble[- ]?(?:charged|charge|billed)\b|"
        r"\bduplicate\b|\bcharged me twice\b|\btwice\b|重复|扣了两次|两次",
    ),
    (
        "incorrect_amount",
        r"\bovercharg\w*|\b(?:wrong|incorrect) (?:amount|total|price)\b|"
        r"\bcharged (?:me )?(?:more|extra)\b|\bput through\b|多扣|金额不对|扣多了|差额|"
        r"\bcharged\b[^!?]{0,30}\bbut\b[^!?]{0,30}\b(?:was|were|only|should)\b",
    ),
    (
        "goods_services_not_received",
        r"\bnever (?:arrived|came|showed up|received|got|delivered)\b|"
        r"\b(?:didn'?t|did not|haven'?t|have not|never) (?:receive|get|arrive)\b|"
        r"\bnot (?:received|delivered)\b|"
        r"没收到|未收到|一直没到|没有收到",
    ),
    (
        "goods_services_not_as_described",
        r"\bnot as described\b|\b(?:damaged|broken|defective|wrong item|fake|counterfeit)\b|"
        r"\bonly received (?:half|part)\b|与描述不符|不符|坏的|假货",
    ),
    (
        "unauthorized_fraudulent_charge",
        r"\b(?:didn'?t|did not|never) (?:make|made|authori[sz]e|buy|take|recogni[sz]e)\b|"
        r"\b(?:not|isn'?t|wasn'?t) (?:mine|me)\b|\bunauthori[sz]ed\b|\bnot authori[sz]ed\b|"
        r"\bfraud\w*|\bdon'?t recogni[sz]e\b|\bstolen\b|\bsomeone (?:else )?used\b|"
        r"不认识|不是我|盗刷|未经授权|被盗",
    ),
)
# Debit card closure reasons (procedures §2.2), most specific first.
DEBIT_CLOSURE_REASONS: tuple[tuple[str, str], ...] = (
    ("fraud_suspected", r"\bfraud\w*|\bcompromised\b|\bskimm\w*|盗刷|欺诈|泄露"),
    ("stolen", r"\bstol(?:en|e)\b|\btheft\b|\bthief\b|\bpick-?pocket\w*|偷|被盗|盗"),
    ("lost", r"\blost\b|\blose\b|\bmissing\b|\bcan'?t find\b|丢|遗失|找不到"),
    ("damaged", r"\bdamaged?\b|\bbroken\b|\bcracked\b|\bsnapped\b|\bbent\b|坏|断|裂"),
    (
        "account_closing",
        r"\bclos\w* (?:my |the )?(?:checking )?account\b|\baccount (?:is )?closing\b|销户|关闭账户",
    ),
    (
        "no_longer_needed",
        r"\b(?:no longer|don'?t|do not|never|hardly|rarely) (?:need|use|using)\b|\bnot needed\b|"
        r"\bdon'?t want\b|不用了|不需要|用不上|不再需要",
    ),
)
# Credit card closure reasons (procedures §2.16).
CREDIT_CLOSURE_REASONS: tuple[tuple[str, str], ...] = (
    ("annual_fee", r"\bannual fee\b|\byearly fee\b|年费"),
    (
        "found_better_card",
        r"\bbetter (?:card|offer|deal|rewards? card)\b|\banother card\b|更好的卡",
    ),
    (
        "unhappy_with_rewards",
        r"\brewards?\b[^.!?]{0,30}\b(?:bad|poor|low|unhappy|not good)\b|"
        r"\bunhappy with (?:the )?rewards\b|返现太少|积分太少",
    ),
    ("simplifying_finances", r"\bsimplif\w*|\btoo many cards\b|\bconsolidat\w*|简化"),
    (
        "negative_experience",
        r"\bbad experience\b|\bnegative experience\b|\bterrible service\b|"
        r"\bfrustrat\w*|体验(?:很)?差",
    ),
    (
        "not_using_card",
        r"\b(?:don'?t|do not|never|hardly|rarely|not) (?:use|using)\b|"
        r"\bno longer use\b|不用|很少用",
    ),
)
DELIVERY_OPTIONS: tuple[tuple[str, str], ...] = (
    ("rush", r"(?<!no )\brush\b|\b1-2 (?:business )?days\b|\bnext[- ]day\b|特快"),
    (
        "expedited",
        r"\bexpedit\w*|\bexpress\b|\bfast(?:est)?\b|\bquick(?:est|ly)?\b|\basap\b|"
        r"\bas soon as possible\b|\bovernight\b|加急|尽快|快点|越快越好",
    ),
    ("standard", r"\bstandard\b|\bregular\b|\bnormal\b|\bno rush\b|普通|标准|常规"),
)
# A message about a charge (a dispute reason is read only in one, or in a dispute task).
CHARGE_CONTEXT = rx.compile(
    r"\b(?:(?:over)?charg\w*|disput\w*|transactions?|purchases?|refunds?|bought|billed|subscriptions?|"
    r"merchant|contest\w*|statement)\b|申诉|争议|扣|消费|交易|退款|刷",
    rx.I,
)
CREDIT_CONTEXT = rx.compile(r"\bcredit\b|信用卡", rx.I)
MERCHANT_START_STOP = frozenset(
    {
        "i",
        "my",
        "me",
        "you",
        "your",
        "this",
        "that",
        "it",
        "rho",
        "rho-bank",
        "checking",
        "savings",
        "account",
        "today",
        "yesterday",
        "last",
        "least",
        "all",
        "home",
        "work",
        "atm",
        *(m.capitalize() for m in MONTHS),
        *MONTHS,
        "january",
        "february",
        "march",
        "april",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    }
)
NAME_NOT_WORDS = frozenset(
    {
        *ex.NAME_STOPWORDS,
        *("thank", "thanks", "you", "please", "hello", "hi", "hey", "dear", "sure", "ok"),
        *("dob", "born", "birthday", "phone", "address", "date", "birth", "name", "full"),
        *("first", "last", "legal", "customer", "account", "holder", "verify", "details"),
        *("card", "checking", "savings", "debit", "credit", "bank", "rho", "mine"),
        *("uh", "um", "umm", "er", "erm", "oh", "ah", "yeah", "yep", "yes", "no", "well", "so"),
        *("email", "e-mail", "mail", "number", "cell", "mobile", "here", "again", "also"),
    }
)
POSSESSIVE = rx.compile(r"['’]s$")

# ------------------------------------------------------------------ patterns

PHONE = rx.compile(
    r"(?<![\d+\-.])(?:\+\s?1[\s.\-]?|\b1[\s.\-])?\(?([2-9]\d{2})\)?[\s.\-]?([2-9]\d{2})[\s.\-]?(\d{4})"
    r"(?![\d]|[.\-]\d)"
)
CUED_PHONE = rx.compile(
    r"(?:\b(?:phone|cell|mobile|tel|telephone)(?:\s+(?:number|no\.?|#))?(?:'s|\s+is)?|电话|手机)"
    r"\s*[:：]?\s*(?:是|为)?\s*(\+?\d[\d\s\-.]{6,16}\d)(?![\d\-/])",
    rx.I,
)
NUMERIC_DATE = rx.compile(
    r"(?<![\d/.\-])(\d{1,2})([/.\-])(\d{1,2})[/.\-](\d{4}|\d{2})(?![\d/]|[.\-]\d)"
)
SHORT_DATE = rx.compile(r"(?<![\d/.\-$])(\d{1,2})/(\d{1,2})(?![\d/]|\.\d)")
ISO_DATE = rx.compile(r"(?<![\d/.\-])(\d{4})[/.\-](\d{1,2})[/.\-](\d{1,2})(?![\d/]|[.\-]\d)")
MONTH_FIRST = rx.compile(
    rf"\b({MONTH_WORD})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s*(\d{{4}})\b)?", rx.I
)
DAY_FIRST = rx.compile(
    rf"\b(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+({MONTH_WORD})\b\.?(?:,?\s*(\d{{4}})\b)?",
    rx.I,
)
CHINESE_DATE = rx.compile(r"(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")
LAST4 = rx.compile(
    r"(?:\bending(?:\s+(?:in|with))?|\bends?\s+(?:in|with)|\blast\s+(?:four|4)(?:\s+digits)?"
    r"(?:\s+(?:is|are|of|being))?|尾号|末四位|后四位|后4位|尾数)\s*(?:是|为|[:：#])?\s*(\d{4})(?!\d)",
    rx.I,
)
AMOUNT = rx.compile(
    r"(?:\$|\bUSD\s?|\bUS\$\s?)\s?(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)|"
    r"(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)\s?(?:dollars?\b|bucks\b|usd\b|美元|美金|块|元)",
    rx.I,
)
MERCHANT = rx.compile(
    r"\b(?i:at|from)\s+((?:the\s+)?[A-Z0-9][A-Za-z0-9'’.\-]*(?:\s+(?:&\s+|and\s+)?[A-Z0-9][A-Za-z0-9'’.\-]*){0,4})"
)
MERCHANT_ZH = rx.compile(
    r"在\s*([A-Za-z0-9][A-Za-z0-9&'’. \-]{0,40}?)\s*(?:被|消费|买|刷|的|扣|那|付|下单|购)"
)
NAME_CUED = rx.compile(
    r"\b(?:first name\s*[:：]?\s*([A-Za-z][A-Za-z'\-]+)\s*,?\s*(?:and\s+)?(?:my\s+)?"
    r"last name\s*[:：]?\s*([A-Za-z][A-Za-z'\-]+))|"
    r"(?:\b(?:full(?: legal)? name|name on the account|account holder|customer name|"
    r"holder'?s? name|name'?s?|that'?s|it'?s me,?)|名字|姓名)\s*(?:is|是|叫|:|：)?\s*"
    r"([A-Za-z][A-Za-z'\-]+)\s+([A-Za-z][A-Za-z'\-]+)",
    rx.I,
)
LEADING_NAME = rx.compile(
    r"^\W{0,3}(?:(?:hi|hello|hey|ok|okay|sure|yes)\b[\s,.!:]{0,4})?(?:[a-z ]{0,20}:\s*)?"
    r"([A-Za-z][a-z'\-]+)\s+([A-Za-z][a-z'\-]+)\s*(?:[,，:;]|\d|\S+@)",
    rx.I,
)
RELATION_WORD = rx.compile(rf"^(?:{RELATIONS})s?$", rx.I)
# In the sentence before a detail: it is someone else's ("my wife's phone is", "she was born").
ANOTHERS_DETAIL = rx.compile(
    rf"\b(?:my|our|his|her|their)\s+(?:\w+\s+){{0,2}}(?:{RELATIONS})(?:s|'s|’s)?\b|"
    r"\b(?:she|he|they|his|her|their)\b|(?:他|她)(?:们)?(?:的|是|在|出生|生日)",
    rx.I,
)


@dataclass(frozen=True)
class FoundDate:
    """A date written in a message, where it stands, and whether it named its year."""

    start: int
    end: int
    value: str  # MM/DD/YYYY
    has_year: bool


# ------------------------------------------------------------------ dates


def _full_year(year: str) -> int:
    """A four-digit year; a two-digit one is this century's when not in the future."""
    number = int(year)
    if len(year) == 4:
        return number
    return 2000 + number if number <= clock.today().year % 100 else 1900 + number


def _mmddyyyy(month: int, day: int, year: int) -> str | None:
    """The date as MM/DD/YYYY, or None when it is no calendar date."""
    if not (1 <= month <= 12 and 1 <= day <= 31 and 1900 <= year <= 2100):
        return None
    if day > (29 if month == 2 else 30 if month in (4, 6, 9, 11) else 31):
        return None
    return f"{month:02d}/{day:02d}/{year:04d}"


def _month_number(word: str) -> int:
    return MONTHS[word[:3].lower()]


def _numeric_dates(text: str) -> list[FoundDate]:
    found = []
    for m in ISO_DATE.finditer(text):
        value = _mmddyyyy(int(m.group(2)), int(m.group(3)), int(m.group(1)))
        if value:
            found.append(FoundDate(m.start(), m.end(), value, True))
    for m in NUMERIC_DATE.finditer(text):
        first, second, year = int(m.group(1)), int(m.group(3)), _full_year(m.group(4))
        month, day = (first, second) if first <= 12 else (second, first)  # US order first
        value = _mmddyyyy(month, day, year)
        if value:
            found.append(FoundDate(m.start(), m.end(), value, True))
    for m in SHORT_DATE.finditer(text):
        value = _mmddyyyy(int(m.group(1)), int(m.group(2)), clock.today().year)
        if value:
            found.append(FoundDate(m.start(), m.end(), value, False))
    return found


def _worded_dates(text: str) -> list[FoundDate]:
    found = []
    for m in MONTH_FIRST.finditer(text):
        year = int(m.group(3)) if m.group(3) else clock.today().year
        value = _mmddyyyy(_month_number(m.group(1)), int(m.group(2)), year)
        if value:
            found.append(FoundDate(m.start(), m.end(), value, bool(m.group(3))))
    for m in DAY_FIRST.finditer(text):
        year = int(m.group(3)) if m.group(3) else clock.today().year
        value = _mmddyyyy(_month_number(m.group(2)), int(m.group(1)), year)
        if value:
            found.append(FoundDate(m.start(), m.end(), value, bool(m.group(3))))
    for m in CHINESE_DATE.finditer(text):
        year = int(m.group(1)) if m.group(1) else clock.today().year
        value = _mmddyyyy(int(m.group(2)), int(m.group(3)), year)
        if value:
            found.append(FoundDate(m.start(), m.end(), value, bool(m.group(1))))
    return found


def dates(text: str) -> list[FoundDate]:
    """Every date the message writes, in order (a longer reading wins where two overlap)."""
    found = sorted(
        [*_numeric_dates(text), *_worded_dates(text)], key=lambda d: (d.start, -(d.end - d.start))
    )
    kept: list[FoundDate] = []
    for date in found:
        if kept and date.start < kept[-1].end:
            continue
        kept.append(date)
    return kept


def anothers(text: str, start: int) -> bool:
    """True when the sentence before ``start`` gives the detail there to someone else."""
    head = text[max(0, start - 60) : start]
    cut = [m.end() for m in rx.finditer(r"[.!?;。！？；\n]", head)]
    return bool(ANOTHERS_DETAIL.search(head[cut[-1] :] if cut else head))


def _near(text: str, start: int, end: int, before: int = 40, after: int = 12) -> str:
    """The words just around a span, within its sentence."""
    head = text[max(0, start - before) : start]
    cut = [m.end() for m in rx.finditer(r"[.!?;。！？；\n]", head)]
    head = head[cut[-1] :] if cut else head
    return head + " " + text[end : end + after]


def is_birth_date(text: str, date: FoundDate, *, asked: bool, other_identity: bool) -> bool:
    """True when ``date`` is the speaker's date of birth (cued, asked for, or plainly old)."""
    if not date.has_year:
        return False  # a birth date names its year
    around = _near(text, date.start, date.end)
    if anothers(text, date.start):
        return False  # "she was born 03/15/1992": not the speaker's
    if DOB_CUE.search(around):
        return True
    if TXN_CUE.search(around):
        return False
    year = int(date.value[-4:])
    if asked:
        return year <= clock.today().year
    return year <= LATEST_BIRTH_YEAR and other_identity


# ------------------------------------------------------------------ identity values


def phones(text: str) -> list[tuple[str, str]]:
    """(as written, "XXX-XXX-XXXX") for each US phone number standing alone in the text."""
    return [(m.group(0), f"{m.group(1)}-{m.group(2)}-{m.group(3)}") for m in PHONE.finditer(text)]


def phone_number(text: str) -> str | None:
    """The speaker's first phone number in the message, as "XXX-XXX-XXXX".

    A number of another country's form ("0412-555-947") is read only where a phone cue
    stands before it, as written (digits and dashes): the bank compares digits.
    """
    for m in PHONE.finditer(text):
        if not anothers(text, m.start()):
            return f"{m.group(1)}-{m.group(2)}-{m.group(3)}"
    for m in CUED_PHONE.finditer(text):
        if not anothers(text, m.start()):
            return "-".join(rx.findall(r"\d+", m.group(1)))
    return None


def _name_ok(first: str, last: str) -> bool:
    """Neither word is a filler, a label ("phone's", "dob") or a relation: a name, maybe."""
    plain = [POSSESSIVE.sub("", w).lower() for w in (first, last)]
    return not any(w in NAME_NOT_WORDS or RELATION_WORD.search(w) for w in plain)


def _cased(word: str) -> str:
    return word.capitalize() if word.islower() or word.isupper() else word


def _own_name(text: str, first: str, last: str) -> str | None:
    """The name "First Last" when the words are a name the speaker does not give to someone else."""
    if not _name_ok(first, last) or name_claim(text, first, last) == "other":
        return None
    return f"{_cased(first)} {_cased(last)}"


def full_name(text: str, *, asked: bool = False, with_details: bool = False) -> str | None:
    """The name the speaker claims as their own, "First Last" (None for another's name)."""
    cued = NAME_CUED.search(text)
    if cued:
        first, last = (cued.group(1), cued.group(2)) if cued.group(1) else cued.group(3, 4)
        own = _own_name(text, first, last)
        if own:
            return own
    name = ex.person_name(text, expecting=asked)
    if name is not None:
        own = _own_name(text, *name)
        if own:
            return own
    if asked or with_details:  # "Emily Thompson 06/18/1990 emily.t@icloud.com …"
        leading = LEADING_NAME.search(text)
        if leading:
            return _own_name(text, leading.group(1), leading.group(2))
    return None


def street_address(text: str) -> tuple[int, str] | None:
    """(where it starts, the address as written) of the first US street address in the text."""
    for found in find_addresses(text):
        written = text[found.start : found.end].strip(" ,.;:")
        if found.address1 and written:
            return found.start, written
    return None


def emails_given(text: str) -> tuple[list[str], str | None]:
    """(the emails given, the one given as the new one) of a message."""
    found = [
        (m.start(), m.group(0).lower())
        for m in ex.EMAIL.finditer(text)
        if not anothers(text, m.start())
    ]
    new = None
    for start, mail in found:
        if NEW_EMAIL_CUE.search(text[max(0, start - 60) : start]):
            new = mail
            break
    rest = [mail for _, mail in found if mail != new]
    offered = ex.emails(text)
    if len(rest) > 1 and new is None and offered[0] == rest[0]:
        return offered, None
    return rest[:1], new


# ------------------------------------------------------------------ task values


def card_last4(text: str) -> str | None:
    """The last four digits of a card ("ending in 4821", "尾号4821"), not of a phone."""
    for m in LAST4.finditer(text):
        if not PHONE_CUE.search(text[max(0, m.start() - 16) : m.start()]):
            return str(m.group(1))
    return None


def _product_patterns() -> list[tuple[str, rx.Pattern[str]]]:
    patterns: list[tuple[str, rx.Pattern[str]]] = []
    for name, words in CREDIT_CARDS.items():
        patterns.append((name, rx.compile(rf"\b{words}{CARD_TAIL}", rx.I)))
    for name, words in STANDALONE_CARDS.items():
        patterns.append((name, rx.compile(rf"\b{words}\b", rx.I)))
    for name, words in CHINESE_CARDS.items():
        patterns.append((name, rx.compile(words)))
    for name, words in ACCOUNTS.items():
        patterns.append((name, rx.compile(rf"\b{words}{ACCOUNT_TAIL}", rx.I)))
    for name, words in BUSINESS_CHECKING.items():
        patterns.append(
            (name, rx.compile(rf"\b{words}\b(?:\s+(?:business\s+)?(?:checking|account))?", rx.I))
        )
    return patterns


PRODUCTS = _product_patterns()


def card_name(text: str) -> str | None:
    """The canonical name of the card or account product the message names, if one."""
    spans = [(m.start(), m.end(), name) for name, p in PRODUCTS for m in p.finditer(text)]
    if not spans:
        return None
    # a reading inside a longer one is not the product meant ("light blue" holds "blue")
    kept = [s for s in spans if not any(o != s and o[0] <= s[0] and s[1] <= o[1] for o in spans)]
    kept.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    return kept[0][2]


# Kinds listed together ("checking, savings and a credit card", "支票和储蓄"): no one kind.
KINDS_LISTED = rx.compile(
    r"\b(?:checking|savings?)\s*(?:,|and|or|&|\+|/)\s*(?:a |an |the )?(?:checking|savings?)\b|"
    r"(?:支票|储蓄)(?:账户)?(?:、|和|与|及|加|\+)(?:支票|储蓄)",
    rx.I,
)


def account_kind(text: str) -> str | None:
    """The kind ("checking" or "saving") of the bank account named first.

    Kinds listed together ("what combination of checking, savings and credit card …")
    name no one kind: None.
    """
    if KINDS_LISTED.search(text):
        return None
    hits = [(m.start(), kind) for kind, p in ACCOUNT_KINDS if (m := p.search(text))]
    return min(hits)[1] if hits else None


def amount(text: str) -> float | None:
    """The first sum of money the message states, in dollars."""
    m = AMOUNT.search(text)
    if m is None:
        return None
    return float((m.group(1) or m.group(2)).replace(",", ""))


def merchant(text: str) -> str | None:
    """Best effort: the capitalised words after "at" / "from" / "在"."""
    for m in MERCHANT.finditer(text):
        words = m.group(1).split()
        if words and words[0].lower() == "the":
            words = words[1:]
        while words and words[-1].lower().strip(".") in MERCHANT_START_STOP:
            words = words[:-1]
        if not words or words[0].lower().strip(".") in MERCHANT_START_STOP:
            continue
        if words[0][0].isdigit() and not rx.search(r"[A-Za-z]", words[0]):
            continue  # "I live at 88 Elm Court", "call me at 206-…": no merchant
        return " ".join(words).rstrip(".,")
    zh = MERCHANT_ZH.search(text)
    return zh.group(1).strip() if zh else None


Readings = tuple[tuple[str, rx.Pattern[str]], ...]


def _compiled(reasons: tuple[tuple[str, str], ...]) -> Readings:
    """The (value, pattern) word lists compiled once (case-insensitive)."""
    return tuple((value, rx.compile(pattern, rx.I)) for value, pattern in reasons)


DISPUTE_READINGS = _compiled(DISPUTE_REASONS)
DEBIT_CLOSURE_READINGS = _compiled(DEBIT_CLOSURE_REASONS)
CREDIT_CLOSURE_READINGS = _compiled(CREDIT_CLOSURE_REASONS)
DELIVERY_READINGS = _compiled(DELIVERY_OPTIONS)


def _first_reason(text: str, readings: Readings) -> str | None:
    for value, pattern in readings:
        if pattern.search(text):
            return value
    return None


def dispute_reason(text: str) -> str | None:
    """The credit card dispute reason the message gives (:data:`DISPUTE_REASONS`)."""
    return _first_reason(text, DISPUTE_READINGS)


def closure_reason(text: str, *, credit: bool) -> str | None:
    """Why the card is closed: a credit card reason when ``credit``, else a debit card one."""
    return _first_reason(text, CREDIT_CLOSURE_READINGS if credit else DEBIT_CLOSURE_READINGS)


def delivery_option(text: str) -> str | None:
    """The shipping asked for: "standard", "expedited" or "rush"."""
    return _first_reason(text, DELIVERY_READINGS)


# ------------------------------------------------------------------ the extractor


def _identity_values(text: str, hints: TurnHints, slots: dict[str, Any]) -> None:
    """Add the identity details ``text`` states to ``slots`` (and the dates it writes)."""
    asked = hints.expected_slot == "identity"
    mails, new = emails_given(text)
    if mails:
        slots["email"] = mails[0]
        if len(mails) > 1:
            slots["email_alt"] = mails[1]
    if new:
        slots["new_email"] = new
    if (phone := phone_number(text)) is not None:
        slots["phone_number"] = phone
    found = dates(text)
    old_date = any(d.has_year and int(d.value[-4:]) <= LATEST_BIRTH_YEAR for d in found)
    details = bool(mails or phone or old_date)
    if (name := full_name(text, asked=asked, with_details=details)) is not None:
        slots["full_name"] = name
    other_identity = bool(mails or phone) or "full_name" in slots
    birth = [d for d in found if is_birth_date(text, d, asked=asked, other_identity=other_identity)]
    if birth:
        slots["date_of_birth"] = birth[0].value
    rest = [d for d in found if d not in birth and int(d.value[-4:]) > LATEST_BIRTH_YEAR]
    if rest:
        slots["txn_date"] = rest[0].value
    address = street_address(text)
    if address is not None:
        start, written = address
        before = text[max(0, start - 40) : start]
        if SHIPPING_CUE.search(before):
            slots["shipping_address"] = written
        elif ADDRESS_CUE.search(before) or asked or other_identity or birth:
            slots["address"] = written


def _task_values(text: str, hints: TurnHints, slots: dict[str, Any]) -> None:
    """Add the task values ``text`` states to ``slots``."""
    readers: dict[str, Any] = {
        "card_last4": card_last4(text),
        "card_name": card_name(text),
        "account_kind": account_kind(text),
        "amount": amount(text),
        "merchant": merchant(text),
        "dispute_reason": dispute_reason(text)
        if "dispute" in (hints.active_intent or "") or CHARGE_CONTEXT.search(text)
        else None,
        "delivery_option": delivery_option(text),
        "yes_no": ex.yes_no(text),
    }
    credit = (
        "credit" in (hints.active_intent or "")
        or bool(CREDIT_CONTEXT.search(text))
        or readers["card_name"] in CREDIT_CARDS
    )
    readers["closure_reason"] = closure_reason(text, credit=credit)
    slots.update({k: v for k, v in readers.items() if v is not None})


# ------------------------------------------------------------------ debit-card service values

PIN_CUE = r"(?:\bpins?\b|\bpin\s*(?:code|number)\b|密码)"
PIN_VALUE = rx.compile(
    rf"{PIN_CUE}[^\d.!?。！？]{{0,24}}?(?<!\d)(\d{{4}})(?!\d)|"
    rf"(?<!\d)(\d{{4}})(?!\d)\s*(?:is|as|for)?\s*(?:my|the)?\s*(?:new|current|old)?\s*{PIN_CUE}",
    rx.I,
)
CURRENT_PIN_CUE = rx.compile(
    r"\b(?:current|old|existing|present|previous)\b[^.!?]{0,12}$|旧|原|现在的?|当前", rx.I
)
CVV_VALUE = rx.compile(
    r"(?:\bcvv2?\b|\bcvc\b|\bsecurity code\b|安全码|背面)[^\d]{0,12}?(?<!\d)(\d{3})(?!\d)", rx.I
)
EXPIRY_VALUE = rx.compile(
    r"(?:\bexp\w*|\bvalid\s+(?:thru|through|until)|有效期|到期)[^\d]{0,14}?"
    r"(?<![\d/])(\d{1,2})\s*/\s*(\d{4}|\d{2})(?![\d/])",
    rx.I,
)
BARE_EXPIRY = rx.compile(r"(?<![\d/])(\d{1,2})\s*/\s*(\d{4}|\d{2})(?![\d/])")
DESIGNS: tuple[tuple[str, str], ...] = (
    ("CUSTOM", r"\bcustom\w*|\bmy own (?:photo|image|picture)|\bupload\w*|定制|自己的照片"),
    ("PREMIUM", r"\bpremium design|\bmetal\w*|\bsilver (?:design|finish)|金属"),
    ("CLASSIC", r"\bclassic\b|\bdefault design|\bstandard design|\bplain\b|经典|默认款|普通款"),
)
DESIGN_READINGS = _compiled(DESIGNS)
LIMIT_CONTEXT = rx.compile(r"\blimits?\b|限额|额度", rx.I)
LIMIT_TYPES: tuple[tuple[str, str], ...] = (
    ("atm", r"\batm\b|\bwithdraw\w*|\bcash\b|取款|取现|提现"),
    ("purchase", r"\bpurchases?\b|\bspend\w*|\bshopping\b|\bpos\b|消费|购物|刷卡"),
)
LIMIT_READINGS = _compiled(LIMIT_TYPES)
PIN_FORGOTTEN = rx.compile(
    r"\bforg[eo]t\w*|\b(?:don'?t|do not|can'?t|cannot) (?:know|remember|recall)\b|"
    r"\blocked\b|\btoo many\b|忘|不记得|想不起|锁",
    rx.I,
)
NEEDS_KEPT = 200  # characters of a message stating needs kept as its slot's value
BARE_DIGITS = rx.compile(r"^\D{0,40}?(?<!\d)(\d{3,5})(?!\d)\D{0,40}$")
# The slot a bare number answers, by its length.
BARE_ANSWERS = {"new_pin": 4, "current_pin": 4, "card_last4": 4, "card_cvv": 3}


PIN_FROM_TO = rx.compile(
    rf"{PIN_CUE}[^\d.!?。！？]{{0,16}}?(?:from|从)\s*(\d{{4}})\s*(?:to|into|改成|改为|换成|到)\s*(\d{{4}})(?!\d)",
    rx.I,
)
NEW_PIN_CUE = rx.compile(r"\bnew\b|新", rx.I)


def pins(text: str) -> tuple[str | None, str | None]:
    """The (current, new) PINs the message states after a PIN cue."""
    if (m := PIN_FROM_TO.search(text)) is not None:
        return m.group(1), m.group(2)
    current: str | None = None
    new: str | None = None
    end = 0
    for m in PIN_VALUE.finditer(text):
        value = m.group(1) or m.group(2)
        said = text[max(end, m.start() - 16) : m.start()] + m.group(0).replace(value, " ")
        end = m.end()
        if CURRENT_PIN_CUE.search(said) and not NEW_PIN_CUE.search(said):
            current = current or value
        else:
            new = new or value
    return current, new


def _expiry(month: str, year: str) -> str | None:
    if not 1 <= int(month) <= 12:
        return None
    return f"{int(month):02d}/{year[-2:]}"


def card_service_values(text: str, expected: str | None) -> dict[str, Any]:
    """The debit-card service values ``text`` states (see the module's docstring)."""
    found: dict[str, Any] = {}
    current, new = pins(text)
    found.update({k: v for k, v in (("current_pin", current), ("new_pin", new)) if v})
    if (m := CVV_VALUE.search(text)) is not None:
        found["card_cvv"] = m.group(1)
    if (m := EXPIRY_VALUE.search(text)) is not None and (exp := _expiry(*m.groups())):
        found["card_expiry"] = exp
    if (design := _first_reason(text, DESIGN_READINGS)) is not None:
        found["card_design"] = design
    if LIMIT_CONTEXT.search(text) and (kind := _first_reason(text, LIMIT_READINGS)):
        found["limit_type"] = kind
    if PIN_FORGOTTEN.search(text):
        found["pin_forgotten"] = True
    if expected == "card_expiry" and "card_expiry" not in found:
        m = BARE_EXPIRY.search(text)
        if m is not None and (exp := _expiry(*m.groups())):
            found["card_expiry"] = exp
    size = BARE_ANSWERS.get(expected or "")
    bare = BARE_DIGITS.search(text) if size else None
    cued_card = expected != "card_last4" and card_last4(text) is not None
    if bare is not None and len(bare.group(1)) == size and not cued_card and expected not in found:
        found[str(expected)] = bare.group(1)
    return found


def extract_slots(text: str, hints: TurnHints) -> dict[str, Any]:
    """The values ``text`` states (see the module's docstring), given what was just asked."""
    slots: dict[str, Any] = {}
    _identity_values(text, hints, slots)
    _task_values(text, hints, slots)
    service = card_service_values(text, hints.expected_slot)
    if hints.active_intent == "order_card" and hints.expected_slot == "amount":
        bare = BARE_DIGITS.search(text)  # "700" answers "what limit would you like?"
        if bare is not None and "amount" not in slots:
            slots["amount"] = float(bare.group(1))
    slots.update({k: v for k, v in service.items() if k not in slots})
    if hints.active_intent == "open_account" and needs.asks_advice(text):
        # "I travel a lot and hate foreign fees … which one?": what the opening asked for
        slots["account_needs"] = text[:NEEDS_KEPT]
    return slots
