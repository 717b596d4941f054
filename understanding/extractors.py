"""Typed slot extractors for English and Chinese messages (pure functions, no model).

Each extractor returns a value only when the message states it; nothing is
inferred. The slot schemas in the domain configuration name the extractor each
slot uses.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import re2

from keel.safety import patterns as rx
from keel.understanding.addresses import address_in, without_addresses

CJK = rx.compile(r"[\u3400-\u9fff]")
ORDER_ID = rx.compile(r"(?<![A-Za-z0-9])#?\s?[Ww]\s?(\d{7})(?!\d)")
BARE_ORDER_DIGITS = rx.compile(r"(?<![\d#A-Za-z])(\d{7})(?!\d)")
EMAIL = rx.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
USER_ID = rx.compile(r"\b([a-z]+_[a-z]+_\d{4})\b")
ZIP_CUE = rx.compile(
    r"(?:zip|zipcode|zip code|postal code|postcode|邮编|邮政编码)\D{0,12}(\d{5})(?!\d)", rx.I
)
# A standalone 5-digit number: not part of a longer number, a price ("$12345", "12,345.00"),
# an id or a measure ("10000mAh"). A full stop after it ends the sentence.
FIVE_DIGITS = rx.compile(
    r"(?<![\d#A-Za-z$.,])(\d{5})(?!\d|[.,]\d|[A-Za-z]|\s?(?i:mah|mm|cm|ml|ft|lbs?|kg|gb|tb|wh?|rpm)\b)"
)
PAYMENT_ID = rx.compile(r"\b((?:gift_card|paypal|credit_card)_\d{5,})\b")
LAST_FOUR = rx.compile(
    r"(?:ending(?: in| with)?|last (?:four|4)(?: digits)?(?: is| are)?|尾号)\s*(\d{4})", rx.I
)

NAME_CUES = [
    r"\bmy name is\s+",
    r"\bmy name's\s+",
    r"\bi am\s+",
    r"\bi'm\s+",
    r"\bim\s+",
    r"\bthis is\s+",
    r"\bit's\s+",
    r"\bit is\s+",
    r"\bname\s*[:：]\s*",
    r"\bname is\s+",
    r"我是\s*",
    r"我叫\s*",
    r"名字是\s*",
    r"名字叫\s*",
]
NAME_WORD = r"[A-Za-z][A-Za-z'\-]+"
NAME_STOPWORDS = {
    *("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "both"),
    "a",
    "an",
    "the",
    "not",
    "looking",
    "trying",
    "calling",
    *("staying", "going", "getting", "having", "wondering", "writing", "reaching", "asking"),
    *("hoping", "moving", "leaving", "travelling", "traveling", "working", "living", "waiting"),
    *("still", "just", "here", "there", "so", "very", "really", "also", "back", "sorry"),
    *("glad", "happy", "sure", "afraid", "interested", "planning", "currently", "now"),
    "here",
    "very",
    "so",
    "sorry",
    "just",
    "still",
    "also",
    "really",
    "writing",
    "wondering",
    "interested",
    "going",
    "having",
    "unable",
    "done",
    "fine",
    "good",
    "okay",
    "ok",
    "ready",
    "sure",
    "glad",
    "happy",
    "hoping",
    "afraid",
    "confused",
    "unhappy",
    "angry",
    "upset",
    "annoyed",
    "frustrated",
    "in",
    "at",
    "from",
    "on",
    "with",
    "and",
    "zip",
    "email",
    "user",
    "customer",
    "your",
    "my",
    "wanting",
    "planning",
    "checking",
    "contacting",
    "reaching",
    "asking",
    "need",
    "want",
    "thinking",
    "moving",
    "returning",
    "about",
    "able",
    "yes",
    "no",
    "tired",
    "disappointed",
}

AFFIRM_EN = {
    "yes",
    "y",
    "yeah",
    "yep",
    "yup",
    "sure",
    "correct",
    "confirm",
    "confirmed",
    "ok",
    "okay",
    "right",
    "absolutely",
    "definitely",
    "please do",
    "go ahead",
    "do it",
    "proceed",
    "that's right",
    "that is right",
    "that's correct",
    "that is correct",
    "sounds good",
    "of course",
    "yes please",
    "affirmative",
    "exactly",
    "please proceed",
    "go for it",
}
DENY_EN = {
    "no",
    "n",
    "nope",
    "nah",
    "don't",
    "do not",
    "not now",
    "no thanks",
    "no thank you",
    "negative",
    "wait",
    "hold on",
    "stop",
    "don't do it",
    "do not proceed",
    "not yet",
}
AFFIRM_ZH = (
    "是的",
    "是",
    "对",
    "对的",
    "好的",
    "好",
    "确认",
    "可以",
    "没问题",
    "行",
    "嗯",
    "确定",
    "同意",
)
DENY_ZH = ("不是", "不", "不要", "不用", "否", "取消吧", "先不要", "别", "不行", "不对", "不确认")

ABANDON = rx.compile(
    r"\b(never ?mind|forget (?:it|about it|that)|cancel (?:that|this) request|"
    r"drop (?:it|that)|let'?s? (?:stop|skip) (?:it|that|this)|skip it|i changed my mind about that|"
    r"don'?t bother)\b|算了|不用了|不办了|不弄了|先不弄了",
    rx.I,
)
# Putting the whole thing off: "I'll find the order number in my emails and come back later".
POSTPONE = rx.compile(
    r"\b(?:(?:i'?ll|i will|let me) (?:\w+ ){0,6}(?:come back|get back to you|try again|"
    r"check back|reach out again) (?:later|tomorrow|another time|some other time|once)|"
    r"come back later)\b|回头再(?:来|说|找)|晚点再(?:来|说|找)|改天再",
    rx.I,
)
CORRECTION = rx.compile(
    r"^\s*(no|nope|sorry|oops|actually|wait)\b|\b(i meant|i mean|correction|not that one|"
    r"wrong (?:order|one|number)|instead)\b|不是|说错了|应该是|搞错了|我是说",
    rx.I,
)
# A request said in place of the one in progress ("no, I meant …", "… instead"), as opposed to
# one asked first ("wait, can we do the other thing first?"), which leaves it waiting.
REPLACES = rx.compile(
    r"^\s*(?:no|nope)\b|\b(?:i meant|i mean|instead|rather than|not that one|"
    r"wrong (?:order|one|account|card))\b|不是|说错了|应该是|搞错了|我是说|改成|换成",
    rx.I,
)
ANGER = rx.compile(
    r"\b(ridiculous|unacceptable|furious|angry|pathetic|useless|terrible|awful|worst|"
    r"scam|fed up|sick of|outrageous|disgusting|incompetent|waste of (?:my )?time)\b|!!+|"
    r"气死|太差|垃圾|受够了|什么破|太离谱|愤怒|无语",
    rx.I,
)
# Every item of the order, said outright ("everything", "the whole order", "所有商品")…
WHOLE_ORDER = rx.compile(
    r"\b(all (?:the |of the |my )?items|(?<!that's )(?<!that is )(?<!is )everything|"
    r"the whole order|entire order|all items|"
    r"(?<!\bnot )(?<!\bfor )(?<!\bper )(?<!\bof )(?:every|each) (?:single )?item(?!\s*\?))\b|"
    r"(?:所有|全部)(?:订单)?(?:里|中)?的?(?:商品|东西|物品)|每(?:一)?件(?:商品|东西)?都|整个订单",
    rx.I,
)
# … or by a word that means all of what was named, which is the whole order only when the
# message names no item ("return all of them"; "书架和拼图都退" is those two). "都退到信用卡"
# says where the refunds go.
ALL_OF_THEM = rx.compile(r"\ball of (?:it|them)\b|全部|都退(?![到至回款])", rx.I)
REASON_NOT_NEEDED = rx.compile(
    r"no longer need|don'?t need|do not need|not needed|no longer want|don'?t want (?:it|them)|"
    r"not need (?:it|them)|no need for (?:it|them)|不需要|不再需要|不想要|不要了|用不上|用不着",
    rx.I,
)
# A reason named only to be denied ("not by mistake, I just don't need it", "不是下错单"):
# removed before the reason stated is read.
NEGATED_REASON = rx.compile(
    r"\b(?:not|never|wasn'?t|isn'?t|instead of|rather than)\s+(?:(?:really|actually|exactly|"
    r"because|that|i|it was|ordered|bought)\s+){0,4}(?:by mistake|by accident|accidental(?:ly)?|"
    r"mistaken(?:ly)?|a mistake|ordered (?:the )?wrong|wrong order|no longer (?:need|want)\w*)|"
    r"(?:不是|并不是|并非|没有|没)(?:因为)?(?:下错|买错|误购|拍错|点错|不需要|不再需要|不想要|用不上)",
    rx.I,
)
REASON_MISTAKE = rx.compile(
    r"by mistake|by accident|accidental|mistaken|ordered (?:the )?wrong|wrong order|"
    r"didn'?t mean to (?:order|buy)|\bmy mistake\b|\bmistakenly\b|"
    r"\b(?:the |a )?wrong (?:item|thing|product|size|colou?r|model|variant)\b|"
    r"下错|买错|误购|拍错|点错",
    rx.I,
)
REASON_CUE = rx.compile(r"\b(because|since|reason is|the reason)\b|因为|原因", rx.I)
ORIGINAL_METHOD = rx.compile(
    r"original (?:\w+ )?(?:payment|method|card)|same (?:payment )?method|same card|paid with|"
    r"where it came from|原(?:来的?)?(?:支付|付款|信用卡|卡|账户)|原路",
    rx.I,
)
# "ship it to my default address" names the profile's address as the value; "change my
# default address" names the thing to change, not a value.
SAME_AS_DEFAULT = rx.compile(
    r"\b(?:to|at|use|with)\s+(?:my |the )?(?:default|profile|account|home) address|"
    # "ship it to my default Chicago address", "change its address to my default Chicago one"
    r"\b(?:to|at)\s+(?:my |the )?(?:default|profile|account)(?:\s+\w+){1,2}?\s+address\b|"
    r"\baddress\b[^.!?]{0,30}\b(?:to|at)\s+(?:my |the )?(?:default|profile|account)"
    r"(?:\s+\w+){0,2}?\s+one\b|"
    r"same as (?:my |the )?(?:default|profile|account)|"
    r"(?:寄到|送到|发到|改成|改为|改到|换成|用)\s*(?:我的)?(?:默认地址|账户地址)",
    rx.I,
)


# "the address of my last order", "the address that order is shipping to": an order's address.
FROM_ORDER = rx.compile(
    r"\bto (?:the |that )?(?:\w+ )?address(?:es)? (?:of|on|from|in|for) (?:my |that |the |this )?"
    r"(?:most recent |last |latest |pending |recent )?order|\b(?:that|the|this|my) (?:\w+ )?order "
    r"is (?:shipping|going|being shipped|being sent|sent|shipped) to|\baddress (?:that|the|this|my)"
    r" (?:\w+ )?order (?:is|was) (?:shipping|going|shipped|sent) to|"
    # "the new address is on the tablet order"
    r"\baddress (?:is|was) (?:on|in) (?:my |the |that )?(?:[\w-]+ ){0,2}order\b|"
    r"(?:改成|改为|换成|用)订单"
    r"(?:上|里)?的(?:收货|配送)?地址",
    rx.I,
)
# "to Suite 641 instead of Suite 640": only the apartment or suite changes.
UNIT_TARGET = rx.compile(
    r"(?:\bto|\binto|改到|改成|改为|寄到|送到)\s*((?:apt|apartment|suite|ste|unit|room|floor|fl)\.?"
    r"\s*#?\s*[A-Za-z0-9\-]+)",
    rx.I,
)


def detect_language(text: str, previous: str = "en") -> str:
    """Return "zh" when the message contains Chinese characters, "en" when it has English words.

    A message without words of either language (an order id, a zip code, an email,
    "ok") keeps the conversation's ``previous`` language.
    """
    if CJK.search(text):
        return "zh"
    stripped = USER_ID.sub(" ", EMAIL.sub(" ", ORDER_ID.sub(" ", PAYMENT_ID.sub(" ", text))))
    words = rx.findall(r"[A-Za-z]{2,}", stripped)
    if len(words) >= 2 or (words and previous == "en"):
        return "en"
    return previous


def normalise(text: str) -> str:
    """Lower-case and collapse spaces (for phrase matching)."""
    return rx.sub(r"\s+", " ", text.strip().lower())


SPACED_ORDER_ID = rx.compile(
    r"(?<![A-Za-z0-9])#?\s?[Ww][\s-]?(\d{1,6}(?:[ -]\d{1,6}){1,3})(?![\d-])"
)
ORDER_LIKE = rx.compile(
    r"\border\b\s*(?:number|no\.?|id|#)?\s*(?:is\s*)?[:#]?\s*(#?[A-Za-z]{0,2}\d{3,12})\b|"
    r"订单号?\s*[:：#]?\s*(#?[A-Za-z]{0,2}\d{3,12})",
    rx.I,
)


def order_ids(text: str, *, expecting: bool = False) -> list[str]:
    """Return order ids like ``#W1234567``.

    Seven bare digits count after the word "order" ("order 2378156", the W forgotten)
    or when an order id was asked for.
    """
    text = unicodedata.normalize("NFKC", text)  # "＃Ｗ６７３１３１０" typed full width
    found = [f"#W{m.group(1)}" for m in ORDER_ID.finditer(text)]
    if not found:  # "W 2904 339", "#W-2904-339": seven digits in groups
        for match in SPACED_ORDER_ID.finditer(text):
            digits = rx.sub(r"\D", "", match.group(1))
            if len(digits) == 7:
                found.append(f"#W{digits}")
    if not found:
        for match in ORDER_LIKE.finditer(text):
            digits = rx.sub(r"\D", "", match.group(1) or match.group(2))
            if len(digits) == 7:
                found.append(f"#W{digits}")
    if not found and expecting:
        found = [f"#W{m.group(1)}" for m in BARE_ORDER_DIGITS.finditer(text)]
    return list(dict.fromkeys(found))


# Something written as an order id that cannot be one: "#W99", "W88812", "#W62O7110" (a
# letter O), "#W82-6861", "#W03586556" (eight digits), "#12345".
ATTEMPTED_ID = rx.compile(
    r"(?<![A-Za-z0-9#])#?\s?[Ww]-?[\dOo](?:[\dOo]|-(?=[\dOo])){1,14}(?![A-Za-z0-9])|"
    r"(?<![A-Za-z0-9])#\s?[Ww]-?[A-Za-z0-9][A-Za-z0-9-]{3,14}(?![A-Za-z0-9])|"
    r"(?<![A-Za-z0-9])#\s?\d[\d-]{2,14}(?![A-Za-z0-9])"
)


def malformed_order_id(text: str) -> str | None:
    """Return what the user gave as an order id when it cannot be one ("order 12345").

    A well-formed id in the same message wins; otherwise the malformed one is reported
    and asked for again, never replaced by a guess.
    """
    if ORDER_ID.search(text):
        return None
    for attempt in ATTEMPTED_ID.finditer(text):
        raw = attempt.group(0).replace(" ", "")
        if rx.search(r"\d", raw):
            return raw
    for match in ORDER_LIKE.finditer(text):
        raw = match.group(1) or match.group(2)
        if len(rx.sub(r"\D", "", raw)) != 7:
            return str(raw)
    return None


def email(text: str) -> str | None:
    """Return the first email address in the message."""
    match = EMAIL.search(text)
    return match.group(0).lower() if match else None


MAX_EMAILS = 2  # "silva7872@… or amelia.silva7872@…, one of them is on file": both are tried


# Two addresses offered as alternatives, side by side: "a@… or b@…", "a@… and b@…",
# "a@…，或者 b@…" (not two addresses of a forwarded message's headers).
# "a@… or b@…", "a@…. If that doesn't work it's b@…", "a@…，不行的话试试 b@…"
ALTERNATIVE_EMAILS = rx.compile(
    EMAIL.pattern
    + r"\s*[,，.;。；]?\s*(?:or|and|otherwise|else|if (?:that|it) (?:doesn't|does not|didn't|"
    r"won't|fails)(?: work)?|或者?|和|还是|不行的话|要不然?|否则)\s*[,，]?\s*"
    r"(?:(?:it's|it is|try|use|maybe|perhaps|就是|试试|用)\s*)?" + EMAIL.pattern,
    rx.I,
)


def emails(text: str) -> list[str]:
    """The email addresses of a message: the first, and one offered beside it as an alternative.

    "silva7872@… or amelia.silva7872@…": either may be the account's. Addresses that
    are not side by side as alternatives (a forwarded message's From and To) give the
    first alone.
    """
    first = email(text)
    if first is None:
        return []
    pair = ALTERNATIVE_EMAILS.search(text)
    if pair is None:
        return [first]
    found = [m.group(0).lower() for m in EMAIL.finditer(pair.group(0))]
    if found[0] != first:  # alternatives of another address than the first one given
        return [first]
    return list(dict.fromkeys(found))[:MAX_EMAILS]


def user_id(text: str) -> str | None:
    """Return a user id like ``noah_brown_6181``."""
    match = USER_ID.search(text)
    return match.group(1) if match else None


# Five-digit numbers listed as alternatives: "76108、76118、76180", "98187 or 98178".
ALTERNATIVE_NUMBERS = re2.compile(
    r"(?i)\b[0-9]{5}\b(?:\s*(?:,|，|、|/|\bor\b|\band\b|或者?|还是|和)\s*(?:maybe\s+)?\b[0-9]{5}\b)+"
)


def offered_alternatives(text: str) -> list[list[str]]:
    """The runs of five-digit numbers a message offers as alternatives (outside addresses)."""
    plain = ORDER_ID.sub(" ", without_addresses(text))
    return [re2.findall(r"[0-9]{5}", m.group(0)) for m in ALTERNATIVE_NUMBERS.finditer(plain)]


def zip_code(text: str, *, expecting: bool = False) -> str | None:
    """Return the user's 5-digit zip code: stated with a cue word, or the message's only one.

    Zip codes inside a postal address ("10 Elm St, Boston, MA 02110") belong to that
    address, not to the user's identity, and are not returned. ``expecting`` is kept
    for callers that asked for the zip code; a lone number counts either way.
    """
    without = without_addresses(text)
    match = ZIP_CUE.search(without)
    if match:
        return match.group(1)
    candidates = FIVE_DIGITS.findall(ORDER_ID.sub(" ", without))
    if len(set(candidates)) == 1:
        return str(candidates[0])
    return None


def _name_from(words: list[str]) -> tuple[str, str] | None:
    if len(words) < 2:
        return None
    first, last = words[0], words[1]
    if first.lower() in NAME_STOPWORDS or last.lower() in NAME_STOPWORDS:
        return None
    return first.capitalize() if first.islower() else first, (
        last.capitalize() if last.islower() else last
    )


NAME_BEFORE_ZIP = rx.compile(
    r"\b([A-Z][a-z'\-]+)\s+([A-Z][a-z'\-]+)\b(?=\s*[,，、]?\s*(?:(?:and|from|in|at|with)\s+)?"
    r"(?:my\s+)?(?:zip|zipcode|postal|postcode|邮编|\d{5}))"
)

# "Mei Patel here", "Chen Moore speaking": the speaker signs.
NAME_HERE = rx.compile(r"\b([A-Z][a-z'\-]+)\s+([A-Z][a-z'\-]+)\s+(?:here|speaking)\b")


def person_name(text: str, *, expecting: bool = False) -> tuple[str, str] | None:
    """Return (first name, last name) introduced by a cue ("I'm …", "我叫 …"), or bare if asked."""
    for cue in NAME_CUES:
        match = rx.search(cue + rf"({NAME_WORD})\s+({NAME_WORD})", text, rx.I)
        if match:
            name = _name_from([match.group(1), match.group(2)])
            if name:
                return name
    before_zip = NAME_BEFORE_ZIP.search(text) or NAME_HERE.search(text)
    if before_zip:
        name = _name_from([before_zip.group(1), before_zip.group(2)])
        if name:
            return name
    if expecting:
        cleaned = EMAIL.sub(" ", ORDER_ID.sub(" ", text))
        words = rx.findall(NAME_WORD, cleaned)
        words = [w for w in words if w.lower() not in {"zip", "code", "zipcode", "and", "my"}]
        if 2 <= len(words) <= 3:
            return _name_from(words)
    return None


def names_in_text(text: str, first_name: str, last_name: str) -> bool:
    """True when both names occur in ``text`` as whole words (any case).

    Authentication by name and zip code checks the names of the accounts at that
    zip code against what the user wrote, so "mei davis, 80217" or "Hey! Noah Patel,
    living in the Big Apple, zip 10108" verify without a fixed phrasing.
    """
    low = text.lower()
    return all(
        rx.search(rf"(?<![a-z]){rx.escape(name.lower())}(?![a-z])", low) is not None
        for name in (first_name, last_name)
        if name
    ) and bool(first_name and last_name)


YES_ANYWHERE = rx.compile(
    r"\b(yes|yeah|yep|yup|go ahead|please do|do it|proceed|confirm(?:ed)?|sounds good|"
    r"looks good|that'?s (?:right|correct|fine)|absolutely|definitely)\b|"
    r"确认|是的|好的|没问题|同意|对的|可以",
    rx.I,
)
NO_ANYWHERE = rx.compile(
    r"\b((?<!with )(?<!has )(?<!have )(?<!and )(?<!or )(?<!but )"  # "with no backlight"
    r"no(?! longer| need| problem| worries)|nope|nah|don'?t (?:do|proceed|go ahead|change|"
    r"cancel|bother)|do not (?:do|proceed|go ahead|change|cancel)|leave it|keep it(?: as it is)?|"
    r"never ?mind|not now|not yet|hold off|forget it|changed my mind|wait)\b|"
    r"不要|不用|先不|算了|不行|不对|不确认|不同意|不了|别",
    rx.I,
)
SHORT_ANSWER_WORDS = 10


def yes_no(text: str) -> str | None:
    """Return "yes" or "no" when the message answers a yes/no question.

    It starts with the answer ("yes please", "不要"), or it is short and says it
    once somewhere ("hmm no, actually leave it", "ok let's go ahead"); a short
    message saying both is no answer.
    """
    clean = normalise(rx.sub(r"[.!?,。！？，~]+", " ", text))
    if not clean:
        return None
    if CJK.search(clean):
        # "对了，…" opens a new thought ("by the way"): no 对 of agreement
        clean = rx.sub(r"^(?:嗯+|呃+|哦+|啊+|那个|对了\s+(?=\S))\s*", "", clean)
        if not clean:  # a bare "嗯" agrees
            return "yes"
        if clean.startswith("不错"):  # "not wrong": right
            return "yes"
        for word in DENY_ZH:
            if clean.startswith(word):
                return "no"
        for word in AFFIRM_ZH:
            if clean.startswith(word):
                return "yes"
        short = len(clean) <= 15
    else:
        for phrases, answer in ((DENY_EN, "no"), (AFFIRM_EN, "yes")):
            for phrase in sorted(phrases, key=len, reverse=True):
                if clean == phrase or clean.startswith(phrase + " "):
                    return answer
        short = len(clean.split()) <= SHORT_ANSWER_WORDS
    if not short:
        return None
    said_yes, said_no = bool(YES_ANYWHERE.search(clean)), bool(NO_ANYWHERE.search(clean))
    if said_yes == said_no:
        return None
    return "yes" if said_yes else "no"


LEADING_ANSWER = rx.compile(
    r"^\s*(?:(?:yes|yeah|yep|yup|sure|ok(?:ay)?|correct|right|confirm(?:ed)?|go ahead|please do|"
    r"do it|proceed|that'?s (?:right|correct|fine)|sounds good|no|nope)\b[\s,.!;:]*){1,6}|"
    r"^\s*(?:是的|是|对|好的|好|确认|可以|行|嗯)[\s，,。！!]*",
    rx.I,
)


NEXT_REQUEST = rx.compile(
    r"(?<=[.!?;。！？；,，])\s*(?:(?:next|also|and also|then|another thing|one more thing|"
    r"besides|after that)\b|接下来|另外|还有|然后)\s*[:：,，]?\s*",
    rx.I,
)


YES_TO_ALL = rx.compile(r"\b(?:all|both|every(?:thing| one)?|each)\b(?! but)|全部|所有|都", rx.I)


def yes_to_all(text: str) -> bool:
    """True when a yes covers every listed order ("yes to all", "do all of that", "全部确认")."""
    return bool(YES_TO_ALL.search(text))


def split_next_request(text: str) -> tuple[str, str]:
    """Split "Yes, cancel it. Next: #W2702727 has to go to …" into the answer and the rest."""
    match = NEXT_REQUEST.search(text)
    if match is None or not text[match.end() :].strip():
        return text, ""
    return text[: match.start()].strip(), text[match.end() :].strip()


def after_answer(text: str) -> str:
    """What a message says after its yes or no ("yes. next the hose" → "next the hose")."""
    return LEADING_ANSWER.sub("", text, count=1).strip()


def cancel_reason(text: str) -> str | None:
    """Return the accepted cancellation reason the message states, "other" for another reason."""
    text = NEGATED_REASON.sub(" ", text)
    if REASON_MISTAKE.search(text):
        return "ordered by mistake"
    if REASON_NOT_NEEDED.search(text):
        return "no longer needed"
    if REASON_CUE.search(text):
        return "other"
    return None


@dataclass(frozen=True)
class PaymentRef:
    """A payment method as the user named it (resolved against the profile later)."""

    method_id: str | None = None  # explicit id such as credit_card_1234567
    source: str | None = None  # gift_card | paypal | credit_card
    last_four: str | None = None
    brand: str | None = None
    original: bool = False  # "the original payment method"

    def as_dict(self) -> dict[str, Any]:
        """Return the reference as a JSON-able dict."""
        return {k: v for k, v in self.__dict__.items() if v not in (None, False)}


METHOD_WORDS = r"(?:gift ?card|paypal|pay pal|credit card|card|visa|mastercard|amex|discover)"
NEGATED_METHOD = rx.compile(
    rf"\b(?:not|instead of|rather than|but not|except|no)\s+(?:with |using |to |on |by )?"
    rf"(?:the |my |a |that )?{METHOD_WORDS}(?:\s+ending(?: in)?\s+\d{{4}})?|"
    r"(?:不用|不要用|别用|不要|而不是|不是)\s*(?:礼品卡|信用卡|PayPal|paypal|贝宝)",
    rx.I,
)


def payment_ref(text: str) -> PaymentRef | None:
    """Return the payment method the message names, if any ("my visa, not the gift card": visa)."""
    text = NEGATED_METHOD.sub(" ", text)
    explicit = PAYMENT_ID.search(text)
    if explicit:
        return PaymentRef(method_id=explicit.group(1))
    low = text.lower()
    last_four = LAST_FOUR.search(text)
    brand = next((b for b in ("visa", "mastercard", "amex", "discover") if b in low), None)
    source = None
    if "gift card" in low or "giftcard" in low or "礼品卡" in text:
        source = "gift_card"
    elif "paypal" in low or "pay pal" in low:
        source = "paypal"
    elif "credit card" in low or "信用卡" in text or brand or last_four:
        source = "credit_card"
    original = bool(ORIGINAL_METHOD.search(text))
    if source is None and not original:
        return None
    return PaymentRef(
        source=source,
        last_four=last_four.group(1) if last_four else None,
        brand=brand,
        original=original,
    )


def address(text: str) -> dict[str, str] | None:
    """Return the US postal address a message gives, or what it points to instead.

    A written address is read by ``usaddress`` (see ``understanding.addresses``): one that
    lacks its city, state or zip comes back marked ``incomplete`` so that it is asked for
    again. Otherwise {"default": "yes"} for "my default address", {"from_order": "yes"} for
    "the address of my last order", or a new suite ({"address2", "partial"}).
    """
    written = address_in(text)
    if written is not None:
        return written
    if SAME_AS_DEFAULT.search(text):
        return {"default": "yes"}
    if FROM_ORDER.search(text):
        return {"from_order": "yes"}
    unit = UNIT_TARGET.search(text)
    if unit:
        return {"address2": " ".join(unit.group(1).split()), "partial": "yes"}
    return None


# A write's verb used to describe an order's state, not to ask for it: "我那个已取消的订单",
# "被退回的那个", "取消了的订单", "my cancelled order", "the one that was returned".
STATUS_DESCRIPTION = rx.compile(
    r"(?:已经|已|被)[\u4e00-\u9fff]{1,4}?[了过]?的|"
    r"[\u4e00-\u9fff]{1,2}[了过]的(?=(?:那个|那笔|那张|那一?单)?(?:订单|单子))|"
    r"\b(?:already\s+)?(?:cancell?ed|returned|exchanged|modified|refunded)\s+"
    r"(?=(?:\w+\s+)?(?:order|item|one|purchase|package|parcel)s?\b)|"
    r"\b(?:that|which)\s+(?:was|were|has been|have been|got)\s+(?:already\s+)?"
    r"(?:cancell?ed|returned|exchanged|modified|refunded)\b",
    rx.I,
)


def without_status_descriptions(text: str) -> str:
    """``text`` without the words that describe an order by its state ("已取消的订单")."""
    return STATUS_DESCRIPTION.sub(" ", text)


def wants_all_items(text: str) -> bool:
    """True when the user means every item of the order, or all of the items named."""
    return bool(WHOLE_ORDER.search(text) or ALL_OF_THEM.search(text))


def means_whole_order(text: str) -> bool:
    """True when the user says outright that every item of the order is meant."""
    return bool(WHOLE_ORDER.search(text))


REFERS_BACK = rx.compile(
    r"\b(it|its|that|this|same order|same one|that one|this one|them|those|these)\b|"
    r"\bthe (?:parcel|package|shipment|delivery)\b|"  # "can the parcel go to …": the one read
    r"它|这个订单|这个包裹|那个订单|该订单|这单|那单|这笔|那笔|同一个|刚才",
    rx.I,
)


# A request about several orders named before it: "…#W1 and #W2 - ship them both to …",
# "…#W1和#W2，它们的地址都改成…".
SEVERAL_BACK = rx.compile(
    r"\b(?:them|they|both|all of them|each of them|those(?: orders)?|these(?: orders)?)\b|"
    r"它们|他们|这两个|这两单|两个都|两单都|都改|都取消|都退|都换|都寄",
    rx.I,
)


def refers_to_several(text: str) -> bool:
    """True when the text refers back to several orders ("ship them both", "它们都改成")."""
    return bool(SEVERAL_BACK.search(text))


# "another pending order", "my other order", "the delivered one": not the order just discussed.
OTHER_ORDER = rx.compile(
    r"\b(?:another|other|different|second)\s+(?:\w+\s+)?order\b|"
    r"\bthe other (?:one|1)\b|"  # "no no - the other one!!" at an order's confirmation
    r"另一个订单|另外一个订单|另一笔|另一单|另外那单|其他订单|别的订单",
    rx.I,
)
ELSEWHERE = rx.compile(
    rf"{OTHER_ORDER.pattern}|"
    r"\b(?:pending|delivered|processed|undelivered|unshipped|cancelled|canceled)\s+orders?\b|"
    r"(?:待发货|待处理|已送达|已发货|已取消)的?订单",
    rx.I,
)
COUNT_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6,
    "七": 7, "八": 8, "九": 9, "十": 10,
}  # fmt: skip
ITEM_COUNT = rx.compile(
    r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?:things|items|products|pieces|of them)\b|([一两二三四五六七八九十]|\d{1,2})\s*(?:件|样)",
    rx.I,
)


# "its address", "this order's address", "the address on that order", "它的地址": an order's
# own address, never the customer's default one.
ORDER_ADDRESS = rx.compile(
    r"\b(?:its|it'?s|this order'?s?|that order'?s?|the order'?s|this one'?s|that one'?s|"
    r"the same order'?s)\s+(?:current\s+|shipping\s+|delivery\s+|ship-to\s+)?address\b|"
    r"\baddress\s+(?:of|on|for)\s+(?:it|this|that)(?:\s+(?:order|one))?\b|"
    r"\b(?:ship|send|deliver)\s+(?:it|this|that)(?:\s+(?:order|one))?\s+to\b|"
    r"(?:它|这个订单|那个订单|该订单|此订单|这单|那单|这笔订单|那笔订单)的?(?:收货|配送|寄送)?地址|"
    # "这个寄到我新家吧", "把它送到…": this one (the order) shipped to a place, as "send it to"
    r"(?:把)?(?:它|这个|那个|这单|那单|这笔|这个订单|那个订单|该订单)(?:就|都|还是|先)?(?:改)?"
    r"(?:寄|送|发|邮|配送)(?:到|去|往)",
    rx.I,
)


NEW_PLACE = rx.compile(
    r"\bnew (?:place|address|home|house|apartment|apt|flat|condo|office)\b|\b(?:just |recently )?"
    r"moved\b|\bmoving\b|新家|新地址|新住处|搬家|搬到",
    rx.I,
)


# "…you can find it on one of my orders": the new address is one an order already has.
ON_AN_ORDER = rx.compile(
    r"\bon (?:one of )?(?:my|the|an?|that|this) (?:\w+ )?orders?\b|\bfrom (?:my|an?|the|that) "
    r"(?:\w+ )?orders?\b|\bsame (?:address )?as\b|订单(?:上|里)|那个订单的地址",
    rx.I,
)


def names_new_place(text: str) -> bool:
    """True when the message speaks of a new address that no order of the customer has.

    "My new place", "I moved"; "…it's on one of my orders" points at one that has it.
    """
    return bool(NEW_PLACE.search(text)) and not ON_AN_ORDER.search(text)


ADDRESS_WORD = rx.compile(r"\baddress(?:es)?\b|地址", rx.I)


def mentions_address(text: str) -> bool:
    """True when the text speaks of an address ("all my order addresses", "地址")."""
    return bool(ADDRESS_WORD.search(text))


def points_at_order_address(text: str) -> bool:
    """True when the message means the address of an order ("change its address to …")."""
    return bool(ORDER_ADDRESS.search(text))


# An order described by its status ("my pending order", "the delivered one's", "已取消的订单").
STATUS_NAMED = rx.compile(
    r"\b(pending|delivered|processed|cancell?ed)\s+(?:\w+\s+)?(?:order|one)s?\b|"
    r"(待发货|待处理|未发货|还没发货|已送达|已签收|已发货|已取消)的?(?:那个|那笔)?订单",
    rx.I,
)
STATUS_WORDS = {
    "pending": "pending", "delivered": "delivered", "processed": "processed",
    "cancelled": "cancelled", "canceled": "cancelled",
    "待发货": "pending", "待处理": "pending", "未发货": "pending", "还没发货": "pending",
    "已送达": "delivered", "已签收": "delivered", "已发货": "processed", "已取消": "cancelled",
}  # fmt: skip


# "the same kind of hose that's in my pending order", "像我待发货订单里的那个一样": the order
# named only as where the model of the wish is, not the order to act on.
AS_IN = rx.compile(
    r"\b(?:same|like|similar|as)\b[^.,;!?]{0,40}\b(?:in|from|of|on)\s+(?:my|the|that|this)\s*$|"
    r"(?:跟|和|像|同)[^，。,；;]{0,6}$",
    rx.I,
)


def _status_matches(text: str) -> list[rx.Match[str]]:
    return [m for m in STATUS_NAMED.finditer(text) if not AS_IN.search(text[: m.start()])]


def status_phrases(text: str) -> list[str]:
    """The words that describe an order by its status ("my pending order"), in order."""
    return [m.group(0) for m in _status_matches(text)]


def named_statuses(text: str) -> set[str]:
    """The order statuses the text describes the order meant by ("pending order" → pending).

    Not the order a wish takes its model from ("the same hose that's in my pending order").
    """
    return {STATUS_WORDS[(m.group(1) or m.group(2)).lower()] for m in _status_matches(text)}


# Words that give a payment for a price difference: a value of a change of items, not a
# change of the payment method ("PayPal for any difference", "差价用信用卡").
FOR_DIFFERENCE = rx.compile(r"\bdifference\b|差价|差额", rx.I)


# A condition on the failure of what was said before it ("if the gift card can't",
# "礼品卡不行的话"): what follows is a fallback of that, not a request of its own.
FALLBACK = rx.compile(
    r"\bif (?:it|that|this|they|the [\w-]+(?: [\w-]+)?) (?:can'?t|cannot|doesn'?t|does not|"
    r"won'?t|isn'?t|is not|fails?|is(?:n'?t| not) enough)\b|\b(?:otherwise|or else|if not)\b|"
    r"不行的话|不够的话|不够就|不行就|否则|要不然|不然的话",
    rx.I,
)


# A clause that only gives the reason for a request beside it ("Since the tablet goes back",
# "因为平板要退了"): cut out on its own, it asks for nothing.
REASON_CLAUSE = rx.compile(
    r"^\s*(?:(?:since|because|now that|given that|seeing that)\b|既然|因为|由于)[^,，;；]*$", rx.I
)


# A request said inside what starts as a reason ("since I ordered it by mistake cancel the
# charger", "既然平板要退了充电器也取消吧"): the clause is more than the reason.
ASKS_INSIDE = rx.compile(
    r"\b(?:cancel|return|exchange|change|swap|switch|refund|please)\b|取消|吧|请|帮",
    rx.I,
)


def gives_reason(part: str) -> bool:
    """True when a part is only a clause of reason ("Since the tablet goes back")."""
    return bool(REASON_CLAUSE.search(part)) and not ASKS_INSIDE.search(part)


# A Latin gloss in brackets right after Chinese ("充电宝（portable charger）取消掉"): part of
# its clause, not a clause of its own; at most three words.
GLOSS = rx.compile(r"[\u4e00-\u9fff][（(][A-Za-z][A-Za-z0-9'\-]*(?: [A-Za-z0-9'\-]+){0,2}[)）]")


def gloss_brackets(text: str) -> set[int]:
    """The positions of the brackets around each gloss in ``text`` (no clause boundary)."""
    return {i for m in GLOSS.finditer(text) for i in (m.start() + 1, m.end() - 1)}


def without_glosses(text: str) -> str:
    """``text`` without its glosses: the Chinese name they repeat stays."""
    return GLOSS.sub(lambda m: m.group(0)[0], text)


# Words that say where a refund goes ("refund it to my PayPal", "退款退回原来的付款方式"): a
# value of the return, exchange or cancellation it follows, not a change of the payment.
REFUND_TO = rx.compile(
    r"\brefund(?:s|ed)?\b[^.;!?]{0,30}?\b(?:to|back to|on|onto|into)\b|退款|退回|退到|退至",
    rx.I,
)


def says_refund_to(text: str) -> bool:
    """True when the text says where a refund goes."""
    return REFUND_TO.search(text) is not None


def pays_difference(text: str) -> bool:
    """True when the text speaks of a price difference ("PayPal for the difference")."""
    return FOR_DIFFERENCE.search(text) is not None


# A sentence that only hurries the agent along ("Let's move.", "Hurry up.", "快点"): no request.
URGING = rx.compile(
    r"\s*(?:(?:ok(?:ay)?|so|now|and|come on),?\s+)?"
    r"(?:let'?s (?:move|go|get (?:going|moving|on with it))|hurry(?: up)?|quick(?:ly)?(?: please)?|"
    r"asap|chop,? chop|come on|make it (?:quick|fast|snappy)|be quick(?: about it)?|"
    r"i (?:don'?t|do not) have all day|快点|赶紧|快一点|抓紧)"
    r"(?:,?\s*(?:please|pls|already))?[\s.!。！~]*",
    rx.I,
)


def only_urging(text: str) -> bool:
    """True when a sentence only hurries the agent along ("Let's move.", "Hurry up!")."""
    return URGING.fullmatch(text) is not None


def points_elsewhere(text: str) -> bool:
    """True when the message means an order other than the one just discussed."""
    return bool(ELSEWHERE.search(text))


def means_other_order(text: str) -> bool:
    """True when the user says the order is not the one just discussed ("my other order")."""
    return bool(OTHER_ORDER.search(text))


PART_JOIN = "\n"  # between the parts of one further request said in several places


def item_count_phrases(text: str) -> list[str]:
    """The words that describe an order by its number of items ("five items"), in order."""
    return [m.group(0) for m in ITEM_COUNT.finditer(text)]


def item_count(text: str) -> int | None:
    """How many items the user says an order holds ("the order with five things in it")."""
    match = ITEM_COUNT.search(text)
    if match is None:
        return None
    word = (match.group(1) or match.group(2)).lower()
    return int(word) if word.isdigit() else COUNT_WORDS.get(word)


LATEST = rx.compile(
    r"\b(most recent(?:ly)?|latest|last order|newest|recent order|the last one|just placed|"
    r"placed recently)\b|最近|最新|上一个订单|刚下的",
    rx.I,
)


SPLIT_PAYMENT = rx.compile(
    r"\bsplit\b|\b(?:two|2|several|multiple) (?:cards|payment methods|methods)|"
    r"\bpart(?:ly)? (?:on|with|by)\b|\bhalf (?:on|with)\b|分开付|拆分|两张卡|分两",
    rx.I,
)


def wants_split_payment(text: str) -> bool:
    """True when the user asks to pay one order with several methods ("split it over two cards")."""
    return bool(SPLIT_PAYMENT.search(text))


QUESTION = rx.compile(
    r"[?？]\s*$|^\s*(?:how|what|when|where|which|who|why|can|could|is|are|do|does|did|will|"
    r"would|should|may)\b|吗|呢|多少|怎么|什么|几|多久|哪",
    rx.I,
)


def is_question(text: str) -> bool:
    """True when the message asks something ("how long does a refund take?", "能退吗")."""
    return bool(QUESTION.search(text))


# Where items only describe which order is meant ("the order with the luggage set",
# "#W9722559 (luggage set + jacket etc)", "有行李箱的那个订单"): naming them picks the order,
# not some of its items.
DESCRIBES_ORDER = rx.compile(
    r"\([^()]*\)|（[^（）]*）|"
    r"\b(?:with|containing|that (?:has|had|contains|includes)|which (?:has|had|contains)|"
    r"including|where i (?:bought|ordered|got)|in which i (?:bought|ordered|got))\b[^.;:!?()]*|"
    r"[^,.;!?()]*\b(?:etc|and so on|and stuff|and the rest)\b\.?|"
    r"\bthe (?:[a-z]+[ -]){0,2}[a-z]+ (?:one|order)\b|"  # "the bicycle one", "the yoga mat order"
    r"(?:有|里有|里面有|包含|买了)[^，。；！？,;]*?(?:的那(?:个|单|笔)?(?:订单)?|的订单|那单)|"
    r"[^，。；！？,;]*(?:等|之类)(?:东西)?的(?:那个|那单)?(?:订单)?",
    rx.I,
)


def without_descriptions(text: str) -> str:
    """The text without the parts that describe an order by its contents."""
    return DESCRIBES_ORDER.sub(" ", text)


# A question whether something is so ("is my default address still the Spruce Street one?",
# "has my order been cancelled?", "订单取消了吗？"): it asks about the state of things, not for a
# change, unlike a request in question form ("is it possible to …", "can you …", "能帮我改吗").
LEADING_FILLER = (
    r"(?:(?:also|and|oh|so|ok(?:ay)?|but|hey|hi|btw|by the way|quick (?:q|question)|"
    r"one more thing|just (?:checking|wondering|curious)|i (?:was )?wonder(?:ing)?|"
    r"another (?:thing|question))\W+){0,6}"
)
STATE_QUESTION_EN = rx.compile(
    r"^\W*" + LEADING_FILLER + r"(?:is|are|was|were|has|have|does|do|did)(?:n'?t)?\s+"
    r"(?!(?:it|there|that|this)\s+(?:\w+\s+)?(?:possible|way|ok|okay|alright|fine|"
    r"too late|feasible|allowed|chance|option)\b)"  # "is it possible to …": a request
    r"(?!(?:\w+\s+){1,2}(?:able|going|gonna|willing)\b)"  # "are you able to …"
    r"(?!(?:you|u|ya)\s+(?:mind|want|think you could)\b)"  # "do you mind …"
    r"(?!i\s+(?:need|have|get)\b)",  # "do I need to …": a question about the rules
    rx.I,
)
# "which of my orders are being shipped to the old address?": asks what is so.
WH_QUESTION_EN = rx.compile(r"^\W*" + LEADING_FILLER + r"(?:which|what|where|when)\b", rx.I)
STATE_QUESTION_ZH = rx.compile(r"(?:吗|么|嘛|没有|没)\s*[?？]?\s*$|是不是|有没有|是否")
REQUEST_ZH = rx.compile(r"能|可以|可否|帮|麻烦|请|要|想|给我|把|让|改成|换成|改为|[吧]")
# "is it still pending? if so, cancel it": the question carries a request on its answer.
CONDITIONAL = rx.compile(
    r"\b(?:if (?:so|yes|not|it is|it's|it isn't|that's|they are|they're)|otherwise|in that case)\b|"
    r"如果|的话|要是|否则",
    rx.I,
)


def asks_whether(text: str) -> bool:
    """True when the sentence asks whether something is so, not for a change to be made."""
    if CONDITIONAL.search(text):
        return False
    if CJK.search(text):
        return bool(STATE_QUESTION_ZH.search(text)) and not REQUEST_ZH.search(text)
    return bool(STATE_QUESTION_EN.search(text) or WH_QUESTION_EN.search(text))


ALL_ORDERS = rx.compile(
    r"\b(?:all|both|every|each)\s+(?:of\s+)?(?:my\s+|the\s+|these\s+|those\s+)?(?:pending\s+|open\s+)?"
    r"(?:orders|of them|ones)\b|\bthem (?:all|both)\b|\bboth of them\b|所有[^，。,；;]{0,8}订单|"
    r"\b(?:my|the|these|those)\s+(?:pending|delivered|processed)\s+orders\b|"
    r"\b(?:every|each)\s+(?:single\s+)?(?:pending\s+|delivered\s+)?order\b(?!\s+(?:id|number))|"
    r"全部(?:待处理的?)?订单|两个订单|都取消|"
    r"\b(?:all|every|each)\s+(?:of\s+)?(?:my\s+|the\s+)?order\s+(?:addresses|address|payments)\b",
    rx.I,
)


# "every t-shirt in my pending orders", "all the t-shirts in my orders", "我所有订单里的 T 恤":
# the items named, in every order that holds them.
ITEMS_IN_ALL_ORDERS = rx.compile(
    r"\b(?:every|each|all(?:\s+(?:the|my|of\s+the|of\s+my))?)\s+(?:[\w-]+\s+){1,3}?"
    r"(?:in|from|of|across)\s+(?:all\s+(?:of\s+)?)?(?:my|the)\s+(?:\w+\s+)?orders\b|"
    r"所有[^，。,；;]{0,8}订单(?:里|中)的",
    rx.I,
)


def means_items_in_all_orders(text: str) -> bool:
    """True when a request is for the items named in every order holding them."""
    return bool(ITEMS_IN_ALL_ORDERS.search(text))


def means_all_orders(text: str) -> bool:
    """True when the request is for several orders at once ("cancel all my pending orders")."""
    return bool(ALL_ORDERS.search(text))


def means_latest(text: str) -> bool:
    """True when the user means their most recent order ("the order I placed most recently")."""
    return bool(LATEST.search(text))


def refers_back(text: str) -> bool:
    """True when the message points back at something already discussed ("cancel it")."""
    return bool(REFERS_BACK.search(text))


ANY = "*"
# "scratch the return", "forget about the cancellation": a request dropped by name
DROPPED = r"\b(?:scratch|forget(?: about)?|drop|skip|never ?mind(?: about)?)\s+(?:the|that|my)\s+"
# How a message takes a request back: "don't cancel it" a cancellation, "I'll keep it" any
# change to the thing itself, "don't change it" any change (unless only one thing is left
# out of a change that goes on), "don't do it" any request. A business's intents say which
# of them take each back (``IntentSpec.taken_back_by``); "don't cancel any orders" during an
# exchange takes back nothing.
CHANGE = "change"
NEGATED_VERBS: list[tuple[rx.Pattern[str], str]] = [
    (rx.compile(DROPPED + r"return\b", rx.I), "return"),
    (rx.compile(DROPPED + r"exchange\b", rx.I), "exchange"),
    (rx.compile(DROPPED + r"cancell?ation\b", rx.I), "cancel"),
    (
        rx.compile(DROPPED + r"(?:address|address change)\b|改地址(?:那个|的)?不用了", rx.I),
        "address",
    ),
    (
        rx.compile(
            r"\b(?:don'?t|do not|no need to|not going to|won'?t|shouldn'?t)\s+(?:\w+\s+)?"
            r"(?:cancel)\b|\bnothing to cancel\b|"
            r"不要取消|不取消|不用取消|别取消|先不取消|没什么要取消",
            rx.I,
        ),
        "cancel",
    ),
    (
        rx.compile(
            r"\b(?:don'?t|do not|no need to|not going to|won'?t)\s+(?:\w+\s+)?return\b|"
            r"不退了|先不退",
            rx.I,
        ),
        "return",
    ),
    (
        rx.compile(
            r"\b(?:don'?t|do not|no need to|not going to|won'?t)\s+(?:\w+\s+)?"
            r"(?:exchange|change|modify|swap)\b|不换了|不改了|先不(?:换|改)",
            rx.I,
        ),
        CHANGE,
    ),
    (
        rx.compile(
            r"\b(?:(?:i'?ll|i will|i want to|i'?d rather|let me) keep (?:it|them|the|my|this|that)|"
            r"(?:so|just|please|then) keep (?:it|them|the order|my order|this order|that order))\b"
            r"(?![^.!?]*\b(?:but|instead|change|switch|swap|exchange|with a|in a)\b)",
            rx.I,
        ),
        "keep",
    ),
    (
        rx.compile(
            r"\b(?:don'?t|do not) do (?:it|that|this)\b|"
            r"\bchanged my mind\b(?!.{0,20}\b(?:cancel|return|exchange)\b)",
            rx.I,
        ),
        ANY,
    ),
]


# "台灯也不换了，只换双肩包", "don't change the lamp, only the backpack": one item left out of a
# change that goes on for another; no change is taken back.
ONLY_CHANGE = rx.compile(
    r"只(?:要)?(?:换|改)|\bonly (?:change|exchange|swap|switch|modify)\b|"
    r"\b(?:change|exchange|swap|switch) only\b",
    rx.I,
)


def negated_requests(text: str) -> set[str]:
    """How a message takes requests back ("I'll keep the grill. Don't cancel it.": keep, cancel).

    A change said not to be made for one item while it is asked for another ("台灯也不换了，
    只换双肩包") takes back no change.
    """
    narrows = ONLY_CHANGE.search(text) is not None
    return {
        verb
        for pattern, verb in NEGATED_VERBS
        if pattern.search(text) and not (narrows and verb == CHANGE)
    }


# Asking to reverse what was just done: "undo that", "put it back", "un-cancel it", "撤销".
UNDO = rx.compile(
    r"\b(?:undo|revert|reverse|roll ?back|un-?cancel|uncancel|reinstate|restore|"
    r"take (?:it|that) back|put (?:it|that|them|everything) back|change (?:it|that) back|"
    r"set (?:it|that) back|"
    r"(?:i )?didn'?t mean (?:it|that|to)|wasn'?t supposed to|cancel (?:the|that|my) cancell?ation|"
    r"bring (?:it|that) back|go back to (?:the|how it)|the way it was|"
    # "Can I get it back? I still want it after all", "have it go where it was going before"
    r"get (?:it|them|that|my order) back|(?:still |do )?want (?:it|them|that)(?: back)? after all|"
    r"where (?:it|they) (?:was|were) (?:going|headed|supposed to go) before|"
    r"changed my mind about (?:the |that |my )?(?:cancell?ation|return|exchange|change|address))\b|"
    r"撤销|撤回|恢复|改回|换回|退回原来|还原|反悔|取消刚才|不是这个意思|还是要了|又想要了?",
    rx.I,
)


PERSON = rx.compile(
    r"\b(?:human|person|people|agent|representative|rep|someone|somebody|manager|supervisor|"
    r"operator|staff|real)\b|人工|真人|客服|经理|主管",
    rx.I,
)


# A person declined, not asked for ("no need to transfer me to anyone", "不用转人工"): the
# clause, so that the rest of the message is read without it.
DECLINES_PERSON = rx.compile(
    r"[^.!?;,]*\b(?:no need to|(?:i )?(?:don'?t|do not|won'?t) (?:need|want) (?:you )?to|"
    r"(?:please )?(?:don'?t|do not))\s+(?:transfer|connect|put|pass|escalate|hand)\b[^.!?;,]*|"
    r"[^.!?;,]*\b(?:no need for|(?:i )?(?:don'?t|do not) (?:need|want)|not asking for)\s+"
    r"(?:a |an |the |any |to (?:talk|speak) to (?:a |an |the )?)?(?:human|person|agent|"
    r"representative|rep|manager|supervisor|anyone|someone|somebody)\b[^.!?;,]*|"
    r"[^。！？；，,]*(?:不用|不需要|不要|别|无需)(?:帮我)?(?:转|转接|找)(?:人工|真人|客服|经理|别人)"
    r"[^。！？；，,]*",
    rx.I,
)


def declines_person(text: str) -> bool:
    """True when the message says it needs no person ("no need to transfer me")."""
    return bool(DECLINES_PERSON.search(text))


def without_declined_person(text: str) -> str:
    """The message without its clauses declining a person."""
    return " ".join(DECLINES_PERSON.sub(" ", text).split())


def asks_for_person(text: str) -> bool:
    """True when the message mentions a person to talk to ("a human", "人工", "your manager")."""
    return bool(PERSON.search(text))


def asks_to_undo(text: str) -> bool:
    """True when the message asks to reverse something ("oh no, undo that", "改回原来的")."""
    return bool(UNDO.search(text))


def is_abandon(text: str) -> bool:
    """True when the user drops whatever is in progress ("never mind", "算了")."""
    return bool(ABANDON.search(text)) or postpones(text)


def postpones(text: str) -> bool:
    """True when the user puts the whole thing off ("I'll check and come back later")."""
    return bool(POSTPONE.search(text))


# Something asked to stay as it is ("please keep my own address on the account as it is",
# "leave my profile alone", "默认地址不要改"): no request to change it.
KEEPS_AS_IS = re2.compile(
    r"(?i)\b(?:keep|leave)\b[^.;!?]{0,40}\b(?:as (?:it is|is|they are)|unchanged|the same|alone|"
    r"untouched|how it is)\b|\bdon'?t (?:change|touch|update)\b|"
    r"保持不变|不要(?:改|动)|别(?:改|动)|不用(?:改|动)|保持原样|维持原样"
)


def keeps_as_is(text: str) -> bool:
    """True when a clause asks for something to stay as it is."""
    return KEEPS_AS_IS.search(text) is not None


def negates_request(text: str, taken_back_by: Sequence[str] | None = None) -> bool:
    """True when the message takes back a request taken back in these ways (any when None).

    ``taken_back_by`` is the request's intent's (``DomainConfig.taken_back_by``): "don't do
    it" takes back every request, even one with no way of its own.
    """
    taken = negated_requests(text)
    return bool(taken) if taken_back_by is None else bool(taken & {*taken_back_by, ANY})


# A clause that holds an order back: taken back, left alone, or put off ("don't cancel it",
# "先别动它", "I might cancel #W2 in a few days", "I'm keeping #W2").
HOLDS_BACK = rx.compile(
    r"\b(?:leave (?:it|them|that one|this one|(?:order )?#?\s?w\d{7}) "
    r"(?:alone|be|as (?:it is|is)|where (?:it is|they are))|"
    # "leave that one for now", "hold #W2 until I hear back": put off
    r"(?:leave|hold|park) "
    r"(?:it|them|that one|this one|that order|this order|(?:order )?#?\s?w\d{7})"
    r"(?: \w+)? (?:for now|for the moment|for later|until|till)|"
    r"keep (?:order )?#?\s?w\d{7}|"
    # "… - leave that one, it goes to my mom": left as it is
    r"\bleave (?:it|them|that one|this one|that order|this order)\s*(?:[,.;!?]|$)|"
    r"don'?t touch|"
    r"(?:must|should|needs? to|has to|can) (?:keep|stay)|keeps? going to|"
    # "that order can still go to the old place": an order left at the address it has
    r"(?:still|can|should|will|may|keep|keeps) (?:\w+ )?(?:go|going|ship|shipping|be sent|be "
    r"delivered) to (?:the |my |our )?(?:old|current|same|original|existing|usual|previous)|"
    r"(?:i'?m|i am) keeping|(?:maybe|might|may) (?:\w+ )?(?:later|in a (?:few|couple)|next)|"
    r"not (?:yet|now|sure|today|this week)|at some point|someday|haven'?t decided|undecided|"
    r"later on|some other time)\b|"
    r"别动|不要动|不用动|不用改|不需要改|不必改|不要改|别改|先别|先不|暂时不|还没想好|没想好|可能过几天|过几天再|以后再|回头再|再说吧?|"
    r"留着|保留|不取消|不要取消|别取消|(?:还是|照旧|继续|仍然|还)寄(?:到|往)?(?:原来|原|旧|老)",
    rx.I,
)
CLAUSE_END = rx.compile(r"[,，、;；]|\s[—–-]\s")  # a dash between words ends one too
SENTENCE_END = rx.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*")  # not "jamal.ng@…", "$12.50"


def _sentence_clauses(text: str) -> list[list[str]]:
    """The clauses of each sentence of ``text``."""
    return [CLAUSE_END.split(sentence) for sentence in SENTENCE_END.split(text)]


# A clause asking where or which: "#W2 是寄到哪个地址的？", "where is #W2 going?"
ASKS_WHERE = rx.compile(r"\b(?:where|which|what)\b|哪|什么", rx.I)


def pointed_order_ids(text: str) -> list[str]:
    """Order ids the message points at, not those it only asks about.

    "ship #W1 to the address of #W2" points at #W2; "#W2 是寄到哪个地址的？" asks where #W2
    goes: no value of #W2 is offered for another change.
    """
    return [
        found
        for clauses in _sentence_clauses(text)
        for clause in clauses
        if not ASKS_WHERE.search(clause)
        for found in order_ids(clause)
    ]


# "no for #W2", "not #W2", "#W2: no": a no said to one order names only that order
SAYS_NO_TO_ID = rx.compile(
    r"\b(?:no (?:for|to|on)|not) (?:order )?#?\s?[Ww]\s?\d{7}(?!\d)|"
    r"(?<![A-Za-z0-9])#?\s?[Ww]\s?\d{7}\s*[:\-–—]?\s*(?:no|nope)(?=\s*(?:[,.;!)]|$))",
    rx.I,
)


def held_back_orders(text: str, *, left_alone: bool = False) -> set[str]:
    """Order ids the message holds back from any request.

    They are named in a clause that takes a request back or puts it off, or just before one
    that does with "it" ("I'm keeping #W2, don't cancel it", "另外 #W2 我可能过几天也要取消，
    先别动它"). With ``left_alone``, only clauses that leave an order alone or put it off
    count, not those that take a request back ("don't cancel #W2" still names #W2).
    """
    held = {i for m in SAYS_NO_TO_ID.finditer(text) for i in order_ids(m.group(0))}
    for sentence in _sentence_clauses(text):
        previous: list[str] = []
        for clause in sentence:
            ids = order_ids(clause)
            if HOLDS_BACK.search(clause) or (not left_alone and negates_request(clause)):
                held.update(ids or previous)
            previous = ids or previous
    return held


# "#W1 and #W2 - I don't need the second one": an ordinal after the ids picks one of them.
ORDINAL_PICK = rx.compile(
    r"\bthe (first|1st|former|second|2nd|latter|third|3rd|last) (?:one|order)\b(?!\s*#?\s?[Ww]\d)|"
    r"(第一|第二|第三|前一|后一|最后一)(?:个|单|笔)(?:订单)?(?!\s*#?\s?[Ww]\d)",
    rx.I,
)
ORDINAL_INDEX = {
    "first": 0, "1st": 0, "former": 0, "第一": 0, "前一": 0,
    "second": 1, "2nd": 1, "第二": 1,
    "third": 2, "3rd": 2, "第三": 2,
    "last": -1, "latter": -1, "后一": -1, "最后一": -1,
}  # fmt: skip


def picked_by_ordinal(text: str, ids: Sequence[str]) -> list[str]:
    """The one of ``ids`` an ordinal after them picks ("…the second one"), else ``ids``."""
    if len(ids) < 2:
        return list(ids)
    last_id = max((m.end() for m in ORDER_ID.finditer(text)), default=0)
    picks = {
        (m.group(1) or m.group(2)).lower()
        for m in ORDINAL_PICK.finditer(text)
        if m.start() > last_id
    }
    if len(picks) != 1:
        return list(ids)
    index = ORDINAL_INDEX[picks.pop()]
    return [ids[index]] if -len(ids) <= index < len(ids) else list(ids)


def asked_order_ids(text: str, *, expecting: bool = False) -> list[str]:
    """The order ids a message asks about: all it names but those it holds back.

    A message that only takes back a request still names its orders ("don't cancel #W2");
    an order left alone ("#W2 must keep going there, don't touch it") is never named; an
    ordinal after the ids ("#W1 and #W2 - I don't need the second one") picks one of them.
    """
    ids = order_ids(text, expecting=expecting)
    turned = _last_turn(text) if len(ids) > 1 else None
    later = order_ids(text[turned:]) if turned is not None else []
    ids = [i for i in ids if i in later] or ids  # "cancel #W1 - no wait, #W2"
    alone = held_back_orders(text, left_alone=True) if ids else set()
    ids = [i for i in ids if i not in alone]  # "#W2 must keep going there, don't touch it"
    held = held_back_orders(text) if len(ids) > 1 else set()
    return picked_by_ordinal(text, [i for i in ids if i not in held] or ids)


def without_held_back(text: str) -> str:
    """The text without its clauses that hold something back ("…, don't touch that one")."""
    kept = [c for sentence in _sentence_clauses(text) for c in sentence if not HOLDS_BACK.search(c)]
    return " ".join(c.strip() for c in kept if c.strip())


def leaves_alone(text: str) -> bool:
    """True when the text holds something back ("don't touch that one", "先别动它")."""
    return bool(HOLDS_BACK.search(text))


# The customer changing their mind inside one message ("Cancel #W1 - no wait, change its
# address instead - ugh, actually forget the address, just cancel it"): what follows the last
# such turn is the request. The marker runs to the end of its clause.
SELF_CORRECTION = rx.compile(
    r"(?:\bno,? wait|\bwait,? no|\bscratch that|"
    r"\bforget (?:about )?(?:that|it|the [a-z]+(?: [a-z]+)?)|"
    r"\bnever ?mind(?: about)?(?: that| the [a-z]+(?: [a-z]+)?)?|\bon second thought|"
    r"算了|不对不对|说错了)[^,.;!?，。；！？\-–—]*",
    rx.I,
)


# An intention given up, with what changed it: "I was going to cancel #W1 but my partner
# talked me out of it, so instead …", "本来想取消的，但是想了想还是留着". Without a sign that
# the customer changed their mind ("I wanted to return it but the site wouldn't let me") the
# intention stands.
ABANDONED = rx.compile(
    r"\b(?:i was (?:going|gonna|planning|about) to|i wanted to|i meant to|i thought (?:about|of)|"
    r"i considered|i planned to|i had planned to)\b[^.;!?]{0,200}?\b(?:but|however)\b"
    r"(?=[^.;!?]{0,200}\b(?:talked (?:me|us) out|changed? (?:my|our) minds?|decided|instead|"
    r"rather|after all|on second thought|not anymore|keep (?:it|them|the order)))|"
    r"(?:本来|原本|原来|之前)(?:想|打算|要)[^。；！？]{0,80}?(?:但是|不过|可是|但)"
    r"(?=[^。；！？]{0,80}(?:改主意|不取消|不退|不换|还是|决定|不想|留着|劝))",
    rx.I,
)


def _last_turn(text: str) -> int | None:
    """Where the message goes on after the customer last changed their mind in it, if so."""
    turns = [*SELF_CORRECTION.finditer(text), *ABANDONED.finditer(text)]
    return max(t.end() for t in turns) if turns else None


def after_self_correction(text: str) -> str:
    """What a message asks for after the customer last changed their mind in it, else all.

    Only when the rest asks something of its own: "cancel #W1 - no wait, #W2" leans on what
    came before and is read whole.
    """
    turned = _last_turn(text)
    if turned is None:
        return text
    rest = text[turned:].strip(" ,.;!?，。；！？-–—")
    words = mask_entities(rest).split()
    if len(words) < 2 or not rx.search(r"[A-Za-z]{3}|[\u4e00-\u9fff]{2}", rest):
        return text
    # "I was going to cancel #W1 but … instead please send it to …": still about #W1
    named = [] if order_ids(rest) else order_ids(text[:turned])
    return " ".join([rest, *dict.fromkeys(named)])


def is_correction(text: str) -> bool:
    """True when the message corrects something said before ("no, it is …", "不是…")."""
    return bool(CORRECTION.search(text))


# A request put before the one in progress ("can we close the old account first?", "the
# savings can wait", "先把旧账户销了"): the one in progress waits for it.
GOES_FIRST = rx.compile(
    r"\b(?:first|beforehand|before (?:that|this|the other|anything else)|can wait|"
    r"(?:do|deal with|handle) (?:that|it|the rest|the other) (?:later|after))\b|"
    r"先|之前|再说|等会儿再|晚点再",
    rx.I,
)


def puts_first(text: str) -> bool:
    """True when the message asks for its request before the one in progress."""
    return bool(GOES_FIRST.search(text)) and not replaces_request(text)


def replaces_request(text: str) -> bool:
    """True when the message asks for something in place of the request in progress."""
    return bool(REPLACES.search(text))


def is_angry(text: str, *, writes_in_capitals: bool = False) -> bool:
    """True when the message shows anger (words, repeated exclamation marks or shouting).

    Capitals are shouting only for a customer who does not write in them anyway
    (``writes_in_capitals``: "SORRY, CAPS LOCK" before is their keyboard, not their mood).
    """
    return bool(ANGER.search(text)) or (shouts(text) and not writes_in_capitals)


def shouts(text: str) -> bool:
    """True when a message has several words in capitals (not in Chinese text)."""
    return len(rx.findall(r"[A-Z]{4,}", text)) >= 2 and not CJK.search(text)


IDENTITY_SPANS = [
    rx.compile(
        r"\b(?:my )?(?:email(?: address)?|e-mail|mail)(?: is|:)?\s*[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+"
        r"\.[A-Za-z]{2,}",
        rx.I,
    ),
    EMAIL,
    rx.compile(
        r"(?:\b(?:my name is|my name's|i am|i'm|im|this is|it's|name is|name:)|我是|我叫|名字是)\s*"
        r"[A-Za-z][A-Za-z'\-]+\s+[A-Za-z][A-Za-z'\-]+",
        rx.I,
    ),
    rx.compile(r"(?:我是|我叫|名字是)\s*[\u4e00-\u9fff]{2,3}(?=[，,。\s])"),
    # "Sophia Martin 77034 - pls send …", "Hi there, Harper Garcia, 80242. …": a signature
    rx.compile(
        r"^[\s,.!]*(?:(?i:hi|hello|hey)(?i: there)?[\s,!.]+)?[A-Z][a-z'\-]+\s+[A-Z][a-z'\-]+"
        r"(?:\s+here)?\s*[,:\-–—]?\s*(?i:zip\s*)?\d{5}\b"
    ),
    rx.compile(
        r"(?:\bmy\s+)?(?:zip|zipcode|zip code|postal code|postcode|邮编|邮政编码)\D{0,12}\d{5}",
        rx.I,
    ),
]


def strip_identity(text: str) -> str:
    """The message without the user's identification ("I'm Noah Brown, zip 80279, …")."""
    for pattern in IDENTITY_SPANS:
        text = pattern.sub(" ", text)
    text = rx.sub(r"^[\s,，.。;:!\-–—]+|[\s,，;:]+(?=[,，.。])", "", text)
    return rx.sub(r"\s+", " ", text).strip(" ,，")


IDENTITY_FILLER = rx.compile(
    r"\b(?:hi|hello|hey|hiya|dear|good (?:morning|afternoon|evening)|here|there|thanks|"
    r"thank you|please|and|also|ok|okay|sure|it|is|i|me|my|name|speaking)\b|"
    r"你好|您好|嗨|哈喽|谢谢|请|我|的|是|叫|和",
    rx.I,
)


def only_identity(text: str) -> bool:
    """True when the text does nothing but identify the user ("Hi, I'm Mia Mitchell, zip 60655")."""
    if not (EMAIL.search(text) or person_name(text) or zip_code(text)):
        return False  # "It's in order #W4284542" names nobody
    stripped = strip_identity(text)
    if stripped == " ".join(text.split()).strip(" ,，"):
        return False  # nothing identifying was cut out
    rest = IDENTITY_FILLER.sub(" ", stripped)
    return not rx.search(r"[A-Za-z]{2,}|[\u3400-\u9fff]", rest)


def only_entities(text: str) -> bool:
    """True when the message is nothing but ids, numbers and addresses ("#W1234567", "95144")."""
    rest = without_addresses(USER_ID.sub(" ", PAYMENT_ID.sub(" ", EMAIL.sub(" ", text))))
    rest = rx.sub(r"\d+", " ", ORDER_ID.sub(" ", rest))
    return not rx.search(r"[A-Za-z]{2,}|[\u3400-\u9fff]", rest)


def mask_entities(text: str) -> str:
    """Replace ids, emails and numbers by placeholders so the classifier sees the wording only."""
    text = EMAIL.sub(" EMAIL ", text)
    text = ORDER_ID.sub(" ORDERID ", text)
    text = PAYMENT_ID.sub(" PAYMENTID ", text)
    text = USER_ID.sub(" USERID ", text)
    text = rx.sub(r"\d+", " 0 ", text)
    return rx.sub(r"\s+", " ", text).strip()
