"""Whose name is it? A name authenticates only when the speaker claims it as their own.

"I'm Noah Patel, zip 10108", "this is Mei Davis", "mei davis, 80217", "Chen Moore here",
"我是 Harper Li" claim an identity; "my neighbour Anya Parker recommended you", "I'm
calling for my mom. She's Amelia Ito", "Juan Garcia's order", "帮我朋友 Chen Ahmed 查一下"
only mention someone. Each place a name stands is read from the words just before it
(in its sentence) and just after it; the name is claimed when one place claims it and
none gives it to someone else.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal

import re2

from keel.safety import patterns as rx

Claim = Literal["self", "other", "none"]

RELATIONS = (
    r"friend|neighbou?r|wife|husband|partner|spouse|mom|mum|mother|mama|dad|father|papa|son|"
    r"daughter|brother|sister|sibling|boss|colleague|co-?worker|roommate|flatmate|cousin|aunt|"
    r"uncle|grand\w*|kid|child|girlfriend|boyfriend|fianc[eé]e?|client|customer|tenant|landlord|"
    r"relative|in-?law|niece|nephew|family|assistant|employee|manager|buddy|pal|mate|ex"
)
RELATIONS_ZH = (
    r"朋友|邻居|妈妈|母亲|老妈|爸爸|父亲|老爸|老婆|老公|妻子|丈夫|太太|先生|儿子|女儿|哥哥|姐姐|"
    r"弟弟|妹妹|同事|老板|室友|亲戚|家人|客户|表哥|表姐|表弟|表妹|阿姨|叔叔|舅舅|奶奶|爷爷|外婆|外公|"
    r"男朋友|女朋友|对象|同学|助理|秘书|员工|下属|代理人"
)
# Before the name, in its sentence: someone else is meant.
OTHER_BEFORE = rx.compile(
    rf"\b(?:my|our|his|her|their|a|the)\s+(?:\w+\s+){{0,2}}(?:{RELATIONS})s?\b|"
    r"\b(?:for|on behalf of|about|behalf of|from|to|with|by|of|checking on|asking about|"
    r"calling for|ordering for|regarding|re)\s*[,:]?\s*$|"
    r"\b(?:she|he|they)(?:'s|’s| is| are| was)\s*$|\b(?:his|her|their) name(?:'s| is)\s*$|"
    rf"(?:{RELATIONS_ZH})|(?:帮|替|给|为|代)\s*$|(?:他|她)(?:是|叫)\s*$",
    rx.I,
)
# After the name: it belongs to, or acts as, someone else.
OTHER_AFTER = rx.compile(
    r"^\s*(?:'s|’s|s'|\(\s*(?:my|our|his|her|their|a|the)\b|recommended|referred|told|said|says|asked|wants|wanted|ordered|bought|"
    r"placed|has|had|gave|sent|needs|is my|was my|"
    rf"[—,-]\s*(?:my|our)\s+(?:\w+[\s-]+){{0,2}}(?:{RELATIONS})s?\b)|"  # "X, my neighbour"
    r"^\s*(?:先生|女士|小姐|太太|夫人|老师|总)?\s*(?:的|推荐|说|让我|叫我|他|她)",  # "X 先生的助理"
    rx.I,
)
# Right before the name: the speaker introduces themself.
SELF_BEFORE = rx.compile(
    r"(?:\b(?:i'?m|i am|im|this is|it'?s|it is|its|my name is|my name'?s|name\s*[:：]?|"
    r"call me|me,?|signed,?|regards,?|from)|我是|我叫|名字是|名字叫|本人|我的名字是)\s*[,:：]?\s*$",
    rx.I,
)
SELF_AFTER = rx.compile(r"^\s*(?:here\b|speaking\b|这边|在这)", rx.I)
GREETING = rx.compile(
    r"^(?:(?:hi|hello|hey|hiya|howdy|yo|good (?:morning|afternoon|evening)|greetings|dear|"
    r"ok(?:ay)?|so|well|um+|hmm+|sorry|thanks?|there|team|all|folks|"
    r"你好|您好|嗨|哈喽|在吗|那个)[\s,!.~:;，！。：—–-]*)+$",
    rx.I,
)
SENTENCE_END = rx.compile(r"[.!?;。！？；\n]")
WINDOW = 48  # characters looked at before a name


def _occurrences(text: str, first: str, last: str) -> list[tuple[int, int]]:
    pattern = rf"(?<![A-Za-z]){rx.escape(first)}[\s,]+{rx.escape(last)}(?![A-Za-z])"
    return [(m.start(), m.end()) for m in rx.finditer(pattern, text, rx.I)]


def _one_claim(text: str, start: int, end: int) -> Claim:
    before = text[max(0, start - WINDOW) : start]
    cut = [m.end() for m in SENTENCE_END.finditer(before)]
    sentence = before[cut[-1] :] if cut else before
    after = text[end : end + 24]
    if OTHER_BEFORE.search(sentence) or OTHER_AFTER.search(after):
        return "other"
    if SELF_BEFORE.search(sentence) or SELF_AFTER.search(after):
        return "self"
    if not sentence.strip() or GREETING.match(sentence.strip()):
        return "self"  # "mei davis, 80217", "Hi! Noah Patel, zip 10108": the speaker signs
    return "none"


def name_claim(text: str, first: str, last: str) -> Claim:
    """Whether ``text`` claims the name as the speaker's own, gives it to another, or neither."""
    if not first or not last:
        return "none"
    claims = [_one_claim(text, s, e) for s, e in _occurrences(text, first, last)]
    if "other" in claims and "self" not in claims:
        return "other"
    return "self" if "self" in claims else ("other" if "other" in claims else "none")


def claims_name(text: str, first: str, last: str) -> bool:
    """True when the speaker claims this first and last name as their own."""
    return name_claim(text, first, last) == "self"


def email_is_other(text: str, email: str) -> bool:
    """True when an email address is given as someone else's ("my mom's email is …")."""
    at = text.lower().find(email.lower())
    if at < 0:
        return False
    before = text[max(0, at - WINDOW) : at]
    cut = [m.end() for m in SENTENCE_END.finditer(before)]
    sentence = before[cut[-1] :] if cut else before
    return bool(
        rx.search(
            rf"\b(?:{RELATIONS})(?:'s|’s)?\b|\b(?:his|her|their)\b|(?:{RELATIONS_ZH})|[他她]们?的",
            sentence,
            rx.I,
        )
    )


# A message that speaks of another person: a relation ("my wife", "她老公"), a third person
# ("her order", "she asked me"), acting for someone ("on behalf of", "帮…", "替…").
ANOTHER_PERSON = re2.compile(
    rf"(?i)\b(?:{RELATIONS})s?\b|\b(?:she|he|her|hers|his|him|their|they|them)\b|"
    r"\bon behalf\b|\bfor (?:a|my|our) \w+|"
    rf"(?:{RELATIONS_ZH})|[他她]|(?:帮|替|代)[^我]"
)


def mentions_another(text: str) -> bool:
    """True when a message speaks of a person other than the speaker (kept as a fact)."""
    return ANOTHER_PERSON.search(text) is not None


def given_as_another(
    said: Sequence[str], *, first: str, last: str, email: str = "", zip_code: str = ""
) -> bool:
    """True when any of ``said`` gave this person's name, email or zip as someone else's.

    ``said`` are the session's messages that speak of another person. A name is someone
    else's wherever one of its places gives it to another ("my wife Emma Smith", "Sofia
    Ahmed 让我帮她…"), whatever the customer claims later in the session; an email likewise
    ("my mom's email is …"); a zip code when its sentence gives it to another ("My mom is
    Mia Davis, zip 28229", "her zip is 28229"), not when it only follows a mention of one
    ("my neighbor Noah said you were fast. zip's 60636").
    """
    for text in said:
        claims = [_one_claim(text, s, e) for s, e in _occurrences(text, first, last)]
        if "other" in claims:
            return True
        if email and email_is_other(text, email):
            return True
        if zip_code and _zip_given_for_another(text, zip_code):
            return True
    return False


# The speaker says they are not the account holder but someone related to them: "I'm her
# husband", "this is actually his assistant", "我是她老公", "我其实是她女儿".
NOT_THE_HOLDER = re2.compile(
    r"(?i)\b(?:i'?m|i am|im|this is|it'?s)\s+(?:actually\s+|really\s+|just\s+|only\s+)?"
    rf"(?:her|his|their|the (?:account )?(?:holder|owner)'?s|\w+'s)\s+(?:{RELATIONS})\b|"
    r"\bi'?m not (?:her|him|them|the account (?:holder|owner))\b|"
    rf"我(?:其实|实际上)?是(?:她|他|他们|[^，。,.！!？?]{{1,10}}的)(?:{RELATIONS_ZH})|我不是(?:她|他)(?:本人)?"
)


def speaker_not_holder(text: str) -> bool:
    """True when the speaker says they are someone else than the one they speak for."""
    return NOT_THE_HOLDER.search(text) is not None


NAME_WORD = r"[A-Z][a-z'\-]+"
CONTRACTION = re2.compile(r"(?i)^[a-z]+'(?:ve|m|d|ll|re|s|t)$")


def names_differently(said: str, first: str, last: str, stopwords: Collection[str] = ()) -> bool:
    """True when the speaker signs with a name that is not quite this one ("Yusuf Li").

    The account's first name with another last name (or its last name with another first
    name), in a place that claims it as the speaker's own: an email or a user id given by
    someone of another name opens nothing.
    """
    if not first or not last:
        return False
    # the word after the first name is the last name's first ("Ahmad Razali" of "Ahmad
    # Razali bin Mohd Yusof"); the word before the last name is the first name's last
    for pattern, own in (
        (rf"(?i:\b{rx.escape(first)})[\s,]+({NAME_WORD})", last.split()[0]),
        (rf"({NAME_WORD})[\s,]+(?i:{rx.escape(last)}\b)", first.split()[-1]),
    ):
        for match in rx.finditer(pattern, said):
            other = match.group(1)
            if (
                other.lower() == own.lower()
                or other.lower() in stopwords
                or CONTRACTION.search(other)
            ):
                continue  # "I'm Amelia, I've been a customer for years": no other name
            if _one_claim(said, match.start(), match.end()) == "self":
                return True
    return False


# An order said to be another person's: "her order", "my wife's order", "帮她把…", "她的订单".
ANOTHERS_ORDER = re2.compile(
    rf"(?i)\b(?P<whose>her|his|their|(?:my|our) (?:{RELATIONS})'?s|\w+'s)\s+"
    r"(?:\w+\s+){0,2}orders?\b|"
    rf"(?:帮|替|给)(?:她|他|他们|我(?:{RELATIONS_ZH}))(?:把|的|取消|改|退|换)|(?:她|他|他们)的(?:订单|单子|那单)"
)


NOT_POSSESSIVE = frozenset(
    {
        "it's",
        "that's",
        "what's",
        "here's",
        "there's",
        "he's",
        "she's",
        "who's",
        "let's",
        "where's",
        "how's",
        "one's",
        "today's",
        "yesterday's",
        "everything's",
    }
)


def speaks_of_anothers_order(text: str) -> bool:
    """True when a request says the order it is about is someone else's."""
    for match in ANOTHERS_ORDER.finditer(text):
        whose = (match.group("whose") or "").lower().replace("’", "'")
        if whose not in NOT_POSSESSIVE:
            return True
    return False


ANOTHERS_IN_SENTENCE = re2.compile(
    rf"(?i)\b(?:her|his|their|(?:my|our|a) (?:\w+ ){{0,2}}(?:{RELATIONS})s?)\b|"
    rf"(?:{RELATIONS_ZH})|[他她]"
)


def _zip_given_for_another(text: str, zip_code: str) -> bool:
    """True when the sentence holding the zip code gives it to another person."""
    at = text.find(zip_code)
    while at >= 0:
        before = text[max(0, at - WINDOW * 2) : at]
        cut = [m.end() for m in SENTENCE_END.finditer(before)]
        sentence = before[cut[-1] :] if cut else before
        if ANOTHERS_IN_SENTENCE.search(sentence):
            return True
        at = text.find(zip_code, at + 1)
    return False
