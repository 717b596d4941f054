"""Whose name is it? A name authenticates only when the speaker claims it as their own.

"I'm Noah Patel, zip 10108", "this is Mei Davis", "mei davis, 80217", "Chen Moore here",
"我是 Harper Li" claim an identity; "my neighbour Anya Parker recommended you", "I'm
calling for my mom. She's Amelia Ito", "Juan Garcia's order", "帮我朋友 Chen Ahmed 查一下"
only mention someone. Each place a name stands is read from the words just before it
(in its sentence) and just after it; the name is claimed when one place claims it and
none gives it to someone else.
"""

from __future__ import annotations

import re
from typing import Literal

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
OTHER_BEFORE = re.compile(
    rf"\b(?:my|our|his|her|their|a|the)\s+(?:\w+\s+){{0,2}}(?:{RELATIONS})s?\b|"
    r"\b(?:for|on behalf of|about|behalf of|from|to|with|by|of|checking on|asking about|"
    r"calling for|ordering for|regarding|re)\s*[,:]?\s*$|"
    r"\b(?:she|he|they)(?:'s|’s| is| are| was)\s*$|\b(?:his|her|their) name(?:'s| is)\s*$|"
    rf"(?:{RELATIONS_ZH})|(?:帮|替|给|为|代)\s*$|(?:他|她)(?:是|叫)\s*$",
    re.I,
)
# After the name: it belongs to, or acts as, someone else.
OTHER_AFTER = re.compile(
    r"^\s*(?:'s|’s|s'|\(\s*(?:my|our|his|her|their|a|the)\b|recommended|referred|told|said|says|asked|wants|wanted|ordered|bought|"
    r"placed|has|had|gave|sent|needs|is my|was my|"
    rf"[—,-]\s*(?:my|our)\s+(?:\w+[\s-]+){{0,2}}(?:{RELATIONS})s?\b)|"  # "X, my neighbour"
    r"^\s*(?:先生|女士|小姐|太太|夫人|老师|总)?\s*(?:的|推荐|说|让我|叫我|他|她)",  # "X 先生的助理"
    re.I,
)
# Right before the name: the speaker introduces themself.
SELF_BEFORE = re.compile(
    r"(?:\b(?:i'?m|i am|im|this is|it'?s|it is|its|my name is|my name'?s|name\s*[:：]?|"
    r"call me|me,?|signed,?|regards,?|from)|我是|我叫|名字是|名字叫|本人|我的名字是)\s*[,:：]?\s*$",
    re.I,
)
SELF_AFTER = re.compile(r"^\s*(?:here\b|speaking\b|这边|在这)", re.I)
GREETING = re.compile(
    r"^(?:(?:hi|hello|hey|hiya|howdy|yo|good (?:morning|afternoon|evening)|greetings|dear|"
    r"ok(?:ay)?|so|well|um+|hmm+|sorry|thanks?|there|team|all|folks|"
    r"你好|您好|嗨|哈喽|在吗|那个)[\s,!.~:;，！。：]*)+$",
    re.I,
)
SENTENCE_END = re.compile(r"[.!?;。！？；\n]")
WINDOW = 48  # characters looked at before a name


def _occurrences(text: str, first: str, last: str) -> list[tuple[int, int]]:
    pattern = rf"(?<![A-Za-z]){re.escape(first)}[\s,]+{re.escape(last)}(?![A-Za-z])"
    return [(m.start(), m.end()) for m in re.finditer(pattern, text, re.I)]


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
        re.search(
            rf"\b(?:{RELATIONS})(?:'s|’s)?\b|\b(?:his|her|their)\b|(?:{RELATIONS_ZH})|[他她]们?的",
            sentence,
            re.I,
        )
    )
