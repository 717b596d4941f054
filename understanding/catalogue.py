"""Resolve items, products and options named in words to catalogue ids.

"the clicky keyboard", "换成蓝色的", "the water bottle for a bigger one, and the
lamp for a less bright one", "everything except the tablet": the words are
matched against the order's items and the product's variants (never guessed).
When a phrase fits several candidates the caller asks.

Everything here is pure: the order's items, the variants and the user's
messages go in; ids, or the reason none could be chosen, come out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from typing import Any, Literal

import re2

from keel.domain.config import Direction, Lexicon, Relative
from keel.safety import patterns as rx
from keel.understanding.extractors import CJK, gives_reason

PRICE = "price"


def _norm(text: str) -> str:
    return rx.sub(r"\s+", " ", rx.sub(r"[-_/]", " ", text.lower())).strip()


@lru_cache(maxsize=8192)
def _phrase_pattern(phrase: str) -> str:
    """Regex for a phrase: whole words for Latin text (plural allowed), any spacing or hyphens."""
    words = [rx.escape(w) for w in rx.split(r"[\s\-_/]+", phrase.strip().lower()) if w]
    if not words:
        return r"(?!x)x"
    body = r"[\s\-_/]*".join(words)
    if CJK.search(phrase):
        return body
    return rf"(?<![a-z0-9]){body}(?:e?s)?(?![a-z0-9])"


def contains_phrase(haystack: str, needle: str) -> bool:
    """Phrase match: whole words for Latin text (plural "s" allowed), substring for CJK."""
    if not needle:
        return False
    return rx.search(_phrase_pattern(needle), haystack.lower()) is not None


def product_names(name: str, lexicon: Lexicon) -> list[str]:
    """Return every phrase that names a product, longest first."""
    base = _norm(name)
    names = {base, base.replace(" ", "")}
    names.update(_norm(alias) for alias in lexicon.products.get(name, ()))
    return sorted(names, key=len, reverse=True)


@dataclass(frozen=True)
class Mention:
    """A product named in a message, with where."""

    start: int
    end: int
    name: str


# The last word of a product's name names it too ("the radio" for a Pocket Radio, "the
# fan" for a Table Fan), unless it is too general to tell anything ("set", "kit").
GENERIC_HEADS = frozenset({"set", "kit", "machine", "maker", "cleaner", "light", "bulb", "pack"})


def head_noun(name: str) -> str | None:
    """The last word of a product name of several words, if it says what the thing is."""
    words = _norm(name).split()
    if len(words) < 2 or len(words[-1]) < 4 or words[-1] in GENERIC_HEADS:
        return None
    return words[-1]


def _phrases(names: Sequence[str], lexicon: Lexicon) -> list[tuple[str, str, bool]]:
    """(phrase, product, strong): names and aliases, then head nouns no alias claims."""
    strong = [(p, name, True) for name in names for p in product_names(name, lexicon)]
    taken = {p for p, _, _ in strong}
    weak = [(h, name, False) for name in names if (h := head_noun(name)) and h not in taken]
    return strong + weak


def product_mentions(text: str, names: Sequence[str], lexicon: Lexicon) -> list[Mention]:
    """Find the products of ``names`` a text names, in order; a longer phrase wins an overlap."""
    low = text.lower()
    found: list[Mention] = []
    phrases = _phrases(names, lexicon)
    for phrase, name, strong in sorted(phrases, key=lambda p: (len(p[0]), p[2]), reverse=True):
        if not strong and any(m.name == name for m in found):
            continue  # "both Travel Mugs … to a steel mug": the head noun is the new one
        for match in rx.finditer(_phrase_pattern(phrase), low):
            start, end = match.span()
            if not any(start < m.end and m.start < end for m in found):
                found.append(Mention(start, end, name))
    return sorted(found, key=lambda m: m.start)


def mention_alternatives(
    text: str, names: Sequence[str], lexicon: Lexicon, *, acted_on: bool = False
) -> list[set[str]]:
    """For each product mention, every product of ``names`` its words could mean.

    "the radio" is a Pocket Radio by the lexicon, but could be a Clock Radio too: an
    order holding either fits "return the watch I received". With ``acted_on``, a product
    named only as what another goes with ("it goes with the tablet") is left out.
    """
    low = text.lower()
    every = [(p, n) for p, n, _ in _phrases(names, lexicon)]
    every += [(h, n) for n in names if (h := head_noun(n))]
    result: list[set[str]] = []
    mentions = product_mentions(text, names, lexicon)
    for mention in acted_mentions(text, mentions) if acted_on else mentions:
        said = low[mention.start : mention.end]
        result.append(
            {n for p, n in every if rx.fullmatch(_phrase_pattern(p), said)} | {mention.name}
        )
    return result


def mentioned_products(
    text: str, names: Sequence[str], lexicon: Lexicon, *, acted_on: bool = False
) -> list[str]:
    """Return the product names (from ``names``) the text mentions, in order of mention.

    With ``acted_on``, not the ones named only as what another goes with (see
    :func:`acted_mentions`).
    """
    mentions = product_mentions(text, names, lexicon)
    if acted_on:
        mentions = acted_mentions(text, mentions)
    return list(dict.fromkeys(m.name for m in mentions))


def acted_mentions(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """The mentions that name a product acted on, not one it is compared to or goes with.

    "cancel the charger … it goes with the tablet", "since the tablet goes back, cancel
    the charger", "the same as my other earbuds": the tablet and the other earbuds only
    say why or what like.
    """
    kept: list[Mention] = []
    for mention in mentions:
        before = text[max(0, mention.start - 40) : mention.start]
        clause = rx.split(r"[,.;!?，。；！？]", text[: mention.start])[-1]
        if REFERENCE_BEFORE.search(before) or GOES_WITH.search(before) or gives_reason(clause):
            continue
        kept.append(mention)
    return kept


# -- option values ---------------------------------------------------------------------
NEGATION = rx.compile(
    r"(?:\bnot?\b|\bnon\b|\bwithout|\binstead of|\brather than|\bother than|\bexcept|\bisn'?t|"
    r"\baren'?t|\bbut not|不要|不是|而不是|除了|别)[\s\-]*(?:the |a |an |with |in |so )?"
    r"(?:\w+[\s\-]){0,1}$"
)
DONT_CARE = (  # before the option: "I don't care whether they're waterproof"
    r"(?:don'?t|do not) (?:really )?(?:care|mind)|no preference (?:on|for|about)?|any|either|"
    r"不在乎|无所谓"
)
DONT_CARE_AFTER = (  # after it: "the color doesn't matter"
    r"(?:doesn'?t|does not|don'?t) matter|(?:is|are) fine either way|either way|whatever|"
    r"无所谓|都行|都可以"
)
SAME_AS_BEFORE = (
    r"(?:the )?same|keep(?:ing)? (?:the|its|my)?|保持(?:同样|相同|一样)?的?|"
    r"(?<!不)(?:同样|相同|一样)的?"
)
# "尺码不变", "the size stays the same": the key named first, then that it stays
SAME_AFTER = (
    r"\s*(?:不变|保持不变|别变|一样|相同|(?:must |should |has to |needs to )?stays? the same)"
)


def _key_phrases(key: str, lexicon: Lexicon) -> list[str]:
    if not key.strip():
        return []
    words = {key.lower()}
    if key.lower().endswith("ance"):  # "water resistance": "water resistant"
        words.add(key.lower().removesuffix("ance") + "ant")
    words.add(key.lower().split()[-1])
    words.update(a.lower() for a in lexicon.option_keys.get(key, ()))
    return sorted(words, key=len, reverse=True)


def _value_pattern(value: str, lexicon: Lexicon | None = None) -> str:
    """Regex of an option value: measures allow spacing, plurals and other units ("8h", "8小时")."""
    low = value.lower()
    number = rx.fullmatch(r"(\d+(?:\.\d+)?)\s*([a-z%+\- ]+)?", low)
    if number and number.group(2):
        unit = number.group(2).strip(" -")
        spellings = [unit, *(lexicon.units.get(unit, ()) if lexicon else ())]
        units = "|".join(
            rx.escape(u.lower()).replace(r"\ ", r"\s*")
            for u in sorted(set(spellings), key=len, reverse=True)
        )
        pattern = rf"(?<![\d.]){rx.escape(number.group(1))}[\s\-]*(?:{units})(?:e?s)?(?![a-z0-9])"
        amount = float(number.group(1))
        if unit == "ml" and amount >= 1000 and amount % 250 == 0:  # 1000ml is also "1L"
            litres = rx.escape(f"{amount / 1000:g}")
            pattern += rf"|(?<![\d.]){litres}[\s\-]*(?:l|liters?|litres?|升)(?![a-z0-9])"
        return pattern
    return _phrase_pattern(value)


def _is_negated(text: str, start: int) -> bool:
    return NEGATION.search(text[max(0, start - 30) : start].lower()) is not None


@dataclass(frozen=True)
class ValueMention:
    """An option value a message names, and how."""

    start: int
    key: str
    value: str
    negated: bool = False


def _short_value_hits(text: str, value: str) -> Iterable[int]:
    """Short values (S, M, XL) count only capitalised, or after "size"."""
    for match in rx.finditer(rf"(?<![A-Za-z']){rx.escape(value)}(?![A-Za-z'])", text):
        yield match.start()
    for match in rx.finditer(rf"\bsize {rx.escape(value.lower())}\b", text.lower()):
        yield match.start()


def _number_value_hits(text: str, value: str) -> Iterable[int]:
    """Bare numbers (shoe sizes 8, 9) count only next to "size" or 尺码."""
    pattern = (
        rf"\bsize {value}\b|\b{value} size\b|尺码 ?{value}|{value} ?码|\bsize (?:\w+ )?{value}\b"
    )
    for match in rx.finditer(pattern, text.lower()):
        yield match.start()


def _hits(text: str, value: str, lexicon: Lexicon) -> Iterable[int]:
    low = _norm(value)
    if len(value) <= 2 and value.isalpha() and value.isupper():  # sizes S, M, XL: not "m", "l"
        return _short_value_hits(text, value)
    if low.isdigit():
        return _number_value_hits(text, value)
    return (m.start() for m in rx.finditer(_value_pattern(value, lexicon), text.lower()))


def _boolean_mentions(text: str, key: str, lexicon: Lexicon) -> list[ValueMention]:
    """A yes/no option ("waterproof") is named by its key; "not waterproof" means no."""
    low = text.lower()
    for phrase in _key_phrases(key, lexicon):
        match = rx.search(_phrase_pattern(phrase), low)
        if match:
            negated = _is_negated(low, match.start()) or bool(
                rx.search(r"(?:不|非|没有)$", low[: match.start()])
            )
            return [ValueMention(match.start(), key, "no" if negated else "yes")]
    return []


def _none_mentions(text: str, key: str, lexicon: Lexicon) -> list[ValueMention]:
    """Find "no backlight", "without backlight": the value "none" of that key."""
    low = text.lower()
    for phrase in _key_phrases(key, lexicon):
        pattern = (
            rf"\b(?:no|without|non)[\s\-]+(?:\w+ )?{_phrase_pattern(phrase)}"
            rf"|不带{phrase}|无{phrase}"
        )
        match = rx.search(pattern, low)
        if match:
            return [ValueMention(match.start(), key, "none")]
    return []


def value_mentions(
    text: str, options: Mapping[str, Sequence[str]], lexicon: Lexicon
) -> list[ValueMention]:
    """Return the option values a text names, in order, per option key of ``options``."""
    found: list[ValueMention] = []
    low = text.lower()
    for key, values in options.items():
        plain = [v for v in values if v.lower() not in ("yes", "no", "none")]
        if {v.lower() for v in values} <= {"yes", "no"}:
            found.extend(_boolean_mentions(text, key, lexicon))
            continue
        if any(v.lower() == "none" for v in values):
            found.extend(_none_mentions(text, key, lexicon))
        for value in plain:
            for start in _hits(text, value, lexicon):
                found.append(ValueMention(start, key, value, _is_negated(low, start)))
        for alias, target in lexicon.options.items():
            if target in plain:
                for match in rx.finditer(_phrase_pattern(alias), low):
                    found.append(
                        ValueMention(match.start(), key, target, _is_negated(low, match.start()))
                    )
    unique: dict[tuple[int, str], ValueMention] = {}
    for mention in sorted(found, key=lambda m: (m.start, -len(m.value))):
        # A longer value at the same place wins ("stainless steel" over "steel").
        if not any(
            m.key == mention.key and m.start <= mention.start < m.start + len(m.value)
            for m in unique.values()
        ):
            unique[(mention.start, mention.key)] = mention
    return _unshared(sorted(unique.values(), key=lambda m: m.start), low, lexicon)


def _unshared(mentions: list[ValueMention], low: str, lexicon: Lexicon) -> list[ValueMention]:
    """A word two options can mean goes to the one whose value the text does not give by name.

    "a medium, red one with high ventilation": "medium" is a size (M) or a ventilation;
    "high ventilation" names the ventilation next to its option's own name, so "medium"
    is the size.
    """
    keys_at: dict[int, set[str]] = {}
    for mention in mentions:
        keys_at.setdefault(mention.start, set()).add(mention.key)
    named = {m.key for m in mentions if len(keys_at[m.start]) == 1 and _by_name(low, m, lexicon)}
    return [
        m
        for m in mentions
        if not (m.key in named and len(keys_at[m.start]) > 1 and keys_at[m.start] - named)
    ]


def _by_name(low: str, mention: ValueMention, lexicon: Lexicon) -> bool:
    """True when the option's name stands right next to its value ("high ventilation")."""
    phrases = [_phrase_pattern(p) for p in _key_phrases(mention.key, lexicon)]
    if not phrases:
        return False
    keys = "|".join(phrases)
    value = _value_pattern(mention.value, lexicon)
    after = rx.match(rf"(?:{value})\s*(?:{keys})\b", low[mention.start :])
    before = rx.search(rf"(?:{keys})\s*[:：]?\s*$", low[max(0, mention.start - 30) : mention.start])
    return after is not None or before is not None


def mentioned_values(text: str, values: Sequence[str], lexicon: Lexicon) -> list[str]:
    """Return option values (from ``values``) the text names positively, directly or by alias."""
    mentions = value_mentions(text, {"": list(values)}, lexicon)
    return list(dict.fromkeys(m.value for m in mentions if not m.negated))


def dont_care_keys(text: str, keys: Iterable[str], lexicon: Lexicon) -> set[str]:
    """Option keys the user says they don't mind ("I don't care whether they're waterproof")."""
    low = text.lower()
    found: set[str] = set()
    for key in keys:
        for phrase in _key_phrases(key, lexicon):
            near = rf"(?:{DONT_CARE})\W+(?:\w+\W+){{0,4}}?{_phrase_pattern(phrase)}"
            after = rf"{_phrase_pattern(phrase)}\W+(?:\w+\W+){{0,2}}?(?:{DONT_CARE_AFTER})"
            if rx.search(near, low) or rx.search(after, low):
                found.add(key)
    return found


def same_keys(text: str, keys: Iterable[str], lexicon: Lexicon) -> set[str]:
    """Option keys the user wants kept as they are ("same material", "keep the color")."""
    low = text.lower()
    return {
        key
        for key in keys
        for phrase in _key_phrases(key, lexicon)
        if rx.search(rf"(?:{SAME_AS_BEFORE})\s*{_phrase_pattern(phrase)}", low)
        or rx.search(rf"{_phrase_pattern(phrase)}{SAME_AFTER}", low)
    }


# -- ordinal options -------------------------------------------------------------------
UNIT_SCALE = {"l": 1000.0, "liter": 1000.0, "liters": 1000.0, "litre": 1000.0, "tb": 1000.0}


def _number(value: str) -> float | None:
    match = rx.match(r"\s*(\d+(?:\.\d+)?)\s*([a-z]+)?", value.lower())
    if not match:
        return None
    return float(match.group(1)) * UNIT_SCALE.get(match.group(2) or "", 1.0)


def rank(value: str, values: Sequence[str], lexicon: Lexicon) -> float | None:
    """Position of ``value`` among the key's ``values`` (sizes, capacities, levels), if ordered."""
    for scale in lexicon.scales:
        lowered = [s.lower() for s in scale]
        if all(v.lower() in lowered for v in values):
            return float(lowered.index(value.lower()))
    numbers = [_number(v) for v in values]
    if all(n is not None for n in numbers):
        return _number(value)
    return None


# -- which items a request is about ----------------------------------------------------
EXCLUDE_BEFORE = rx.compile(
    r"(?:\b(?:except(?: for)?|but(?: not)?|other than|apart from|excluding|without|"
    r"forget(?: about)?|drop|remove|leave(?: out)?|skip)\s+"
    r"(?:the |my |that |those |this |both |two )?"
    r"(?:\w+ ){0,2}|\b(?:not|(?:i'?ll |i will |i want to |i'?d like to |let me )?keep(?:ing)?)\s+"
    r"(?:the |my |that |those |this )?|\bnot\s+(?:the|that|this)\s+\w+\s+|"
    r"\bkeep(?:ing)?\s+(?:the|my|that|this)\s+\w+\s+|(?:除了|保留|不退|不换)\s*(?:\w{0,4})?)$",
    rx.I,
)
EXCLUDE_AFTER = rx.compile(
    # ("a mountain bike is fine instead of a road bike" accepts a replacement: no exclusion)
    r"^\s*(?:(?:就|先|也)?(?:不退|不换|不改|不用了|留着|保留)|"
    r"(?:is|are)\s+(?:fine|ok|okay)\b(?!\s*(?:instead|as a replacement|as well|too)\b)|"
    r"as (?:it|they) (?:is|are)|(?:can |will |should |is going to |gets to )?stays?\b|"
    r"(?:i'?ll|i will|i'?m going to|we'?ll) keep\b|i'?m keeping\b|(?:is|are) staying\b|"
    r"我(?:要)?留着|我不退)",
    rx.I,
)
ONLY = rx.compile(r"\b(only|just)\b|只", rx.I)
ALL_OF_SAME = rx.compile(r"\b(both|all|two|three|each)\b|两|都|全部", rx.I)


@dataclass(frozen=True)
class ItemMatch:
    """Which order items a request is about."""

    parts: list[str]  # the ids of the items the request is about
    ambiguous: list[str]  # product names that match several different items
    unmatched: bool  # the messages name no item of the order
    excluded: list[str] = field(default_factory=list)


# "…, but the shoes must stay the same size": "but" opens a clause whose subject is the
# item (what it must be), not "everything but the shoes"
PLAIN_BUT = rx.compile(r"^\s*but\s", rx.I)
CLAUSE_VERB_AFTER = rx.compile(
    r"^\s*(?:must|should|need|needs|has to|have to|will|can|could|would|is|are|has|have)\b", rx.I
)


def _excluded(text: str, mention: Mention) -> bool:
    after = text[mention.end : mention.end + 20]
    if EXCLUDE_AFTER.search(after):
        return True
    before = EXCLUDE_BEFORE.search(text[max(0, mention.start - 40) : mention.start])
    if before and PLAIN_BUT.search(before.group(0)) and CLAUSE_VERB_AFTER.search(after):
        return False
    return bool(before)


# "the grill one, not the helmet", "不是头盔那个": a product named to say which one is not meant
NOT_THIS = rx.compile(r"(?:\bnot\s+(?:the\s+|that\s+|this\s+|my\s+)?|不是)$", rx.I)


def not_meant(text: str, names: Sequence[str], lexicon: Lexicon) -> set[str]:
    """Products the text names only to say they are not the ones meant ("not the helmet").

    Unlike :func:`kept_out`, an item left as it is ("leave the desk lamp as it is") is not
    among them: it is still in the order the request is about.
    """
    return {
        m.name
        for m in product_mentions(text, names, lexicon)
        if NOT_THIS.search(text[max(0, m.start - 12) : m.start])
    }


def kept_out(text: str, names: Sequence[str], lexicon: Lexicon) -> set[str]:
    """Products the text leaves out ("leave the desk lamp as it is", "except the tablet")."""
    return {m.name for m in product_mentions(text, names, lexicon) if _excluded(text, m)}


# "The new address is on the tablet order", "my tablet order already goes there": an order
# named as where an address is, by the product it holds.
# "You can find the new address on the luggage order", "my luggage set order is already
# going to the new place" say it the same way.
ADDRESS_SOURCE = rx.compile(
    r"\b(?:address|it|that|there)\b[^.;!?]{0,30}\b(?:is|are|was) (?:on|in) (?:my |the |that )?"
    r"(?P<a>[\w-]+(?: [\w-]+)?) order\b|"
    r"\b(?:find|take|get|use|copy|see)\b[^.;!?]{0,20}\baddress\b[^.;!?]{0,12}?\b(?:on|in|from|of) "
    r"(?:my |the |that )?(?P<c>[\w-]+(?: [\w-]+)?) order\b|"
    r"\b(?:my |the )(?P<b>[\w-]+(?: [\w-]+)?) order (?:is )?(?:already )?"
    r"(?:goes|ships|shipping|going|headed|heading) "
    r"(?:there|to (?:the |my |our )?new (?:place|home|house|address|apartment))\b",
    rx.I,
)


def address_sources(text: str, names: Sequence[str], lexicon: Lexicon) -> set[str]:
    """Products naming the order an address is taken from ("it's on the tablet order")."""
    found: set[str] = set()
    for match in ADDRESS_SOURCE.finditer(text):
        named = match.group("a") or match.group("b") or match.group("c")
        found |= set(mentioned_products(named, names, lexicon))
    return found


# Where the description of the item someone has ends and the wished-for one begins.
TARGET_CUE = rx.compile(r"\b(?:for|to|into|with a|instead)\b|换成|换为|改成|改为|换", rx.I)
# "same as my other earbuds": a product named for comparison, not chosen.
REFERENCE_BEFORE = rx.compile(
    r"(?:\b(?:same as|like|similar to|just like|as with|matching|compared to)\s+"
    r"(?:my |the |that |those )?(?:other )?(?:\w+ )?|\bother\s+|另一个|其他的?)$",
    rx.I,
)


# "the charger … it goes with the tablet", "配平板用的": a product named as what another
# one is for, not acted on.
GOES_WITH = rx.compile(
    r"\b(?:goes|to go|belongs?|for use) with\s+(?:my |the |that |this )?(?:\w+ )?$|"
    r"配$",
    rx.I,
)


def _narrow(
    text: str, same: Sequence[Mapping[str, Any]], lexicon: Lexicon
) -> list[Mapping[str, Any]]:
    """The items among ``same`` that best fit the option values named in ``text``."""
    values = sorted({str(v) for i in same for v in i["options"].values()})
    named = set(mentioned_values(text, values, lexicon))
    if not named:
        return list(same)
    scores = [len(named & {str(v) for v in i["options"].values()}) for i in same]
    best = max(scores)
    return (
        [i for i, score in zip(same, scores, strict=True) if score == best] if best else list(same)
    )


PRICIER = rx.compile(
    r"\b(?:more expensive|pricier|costlier|most expensive|(?:one|that|which) costs? "
    r"(?:more(?! than)|the most)|higher[- ]priced)\b|贵的|更贵",
    rx.I,
)
CHEAPER_ONE = rx.compile(
    r"\b(?:cheaper|less expensive|cheapest|(?:one|that|which) costs? (?:less(?! than)|the least)|"
    r"lower[- ]priced)\b|便宜的|更便宜",
    rx.I,
)


def price_choice(text: str) -> Literal["max", "min"] | None:
    """Which of several the price words pick ("max": the pricier), or None.

    The last said wins: "the cheaper one — no, the more expensive one" is the pricier.
    """
    said = [(m.start(), "max") for m in PRICIER.finditer(text)]
    said += [(m.start(), "min") for m in CHEAPER_ONE.finditer(text)]
    if not said:
        return None
    return "max" if max(said)[1] == "max" else "min"


def by_price(items: Sequence[Mapping[str, Any]], choice: str) -> Mapping[str, Any]:
    """The pricier (``max``) or cheaper (``min``) of ``items``."""
    pick = max if choice == "max" else min
    return pick(items, key=lambda i: float(i["price"]))


def _by_price_words(text: str, items: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Pick by price words: "the more expensive one" of two tablets is the pricier item."""
    choice = price_choice(text)
    if len(items) < 2 or choice is None:
        return items
    return [by_price(items, choice)]


def _described(text: str, mentions: Sequence[Mention], index: int) -> str:
    """The words around a product mention that describe which item it is.

    Up to the previous mention on the left; on the right, only up to where the
    wished-for item starts ("the robotic vacuum in my order for a canister one").
    """
    mention = mentions[index]
    left = mentions[index - 1].end if index else max(0, mention.start - 30)
    right = mentions[index + 1].start if index + 1 < len(mentions) else mention.end + 40
    after = text[mention.end : right]
    cue = TARGET_CUE.search(after)
    if cue:
        after = after[: cue.start()]
    before = text[left : mention.start]
    cue_before = list(TARGET_CUE.finditer(before))
    if cue_before:
        before = before[cue_before[-1].end() :] if index else before
    return before + text[mention.start : mention.end] + after


def described_values(
    text: str, product: str, names: Sequence[str], values: Sequence[str], lexicon: Lexicon
) -> set[str]:
    """Option values the text uses to say which ``product`` it means (not what it wants).

    "the 500ml water bottle in my order ... changed to 1000ml": 500ml describes it.
    """
    mentions = product_mentions(text, names, lexicon)
    found: set[str] = set()
    for index, mention in enumerate(mentions):
        if mention.name != product:
            continue
        if REFERENCE_BEFORE.search(text[max(0, mention.start - 40) : mention.start]):
            continue
        found.update(mentioned_values(_described(text, mentions, index), values, lexicon))
    return found


def _names_id(text: str, identifier: object) -> bool:
    """True when ``text`` names ``identifier`` as a whole token ("th" is not in "the")."""
    if not identifier:
        return False
    return rx.search(rf"(?<![\w-]){rx.escape(str(identifier))}(?![\w-])", text) is not None


# A product named to say which order is meant, not to act on it: "the backpack I got with
# the vacuum cleaner", "from the order with the speaker", "Another order has an air purifier
# and a speaker.", "跟吸尘器一起收到的背包", "有吸尘器的那个订单". Each pattern ends where the
# words naming the order's other items begin; they run to the end of the clause.
ORDER_BY_ITEMS = rx.compile(
    r"\b(?:got|came|arrived|bought|ordered|received|purchased|delivered|shipped|sent)\b"
    r"(?:\s+\w+){0,2}?\s+(?:along\s+|together\s+)?with\b|"
    r"\b(?:along|together)\s+with\b|"
    r"\border\b(?:\s+\w+)?\s+(?:with|that has|that had|which has|which had|containing|that "
    r"contains?|including|having|has|had|holding)\b|"
    r"(?:跟|和|与|同|连同)(?=[^，。；！？,.;!?]{1,30}?(?:一起|一块))|"
    r"有(?=[^，。；！？,.;!?]{1,30}?的(?:那个|那笔|那一?单|那张)?订单)",
    rx.I,
)
# Where such a clause ends: a stop, or a joined request ("… and return the kettle").
CLAUSE_END = rx.compile(
    r"[.;:!?,，。；：！？]|一起|一块|的(?:那个|那笔|那一?单|那张)?订单|"
    r"\b(?:and|but|then|so)\s+(?:please\s+|also\s+|then\s+|i\s+)?(?:return|exchange|cancel|"
    r"change|swap|send|refund|modify|switch|replace|want|would|need|please)\b",
    rx.I,
)


def order_naming_spans(text: str) -> list[tuple[int, int]]:
    """The stretches of ``text`` that name an order by the items it holds."""
    spans: list[tuple[int, int]] = []
    for match in ORDER_BY_ITEMS.finditer(text):
        end = CLAUSE_END.search(text, match.end())
        spans.append((match.end(), end.start() if end else len(text)))
    return spans


def _acted_on(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """The mentions a request acts on: not those only saying which order is meant.

    "return the backpack I got with the vacuum cleaner" returns the backpack; when every
    product is named only that way ("return the order with the lamp"), they all count.
    """
    spans = order_naming_spans(text)
    acted = [m for m in mentions if not any(a <= m.start < b for a, b in spans)]
    return acted or list(mentions)


def _by_id(text: str, items: Sequence[Mapping[str, Any]]) -> list[str]:
    """The items ``text`` names by item id or product id."""
    return [
        str(i["item_id"])
        for i in items
        if _names_id(text, i["item_id"]) or _names_id(text, i.get("product_id"))
    ]


def _names_items(text: str, items: Sequence[Mapping[str, Any]], lexicon: Lexicon) -> bool:
    """True when ``text`` names one of ``items`` (by product, item id or product id)."""
    names = list(dict.fromkeys(str(i["name"]) for i in items))
    return bool(product_mentions(text, names, lexicon) or _by_id(text, items))


def _one_utterance(
    text: str, items: Sequence[Mapping[str, Any]], lexicon: Lexicon, pending: Sequence[str] = ()
) -> tuple[list[str], list[str], list[str]]:
    """Items one message picks, the ones it leaves out, and product names it leaves ambiguous.

    ``pending`` names products the agent asked "which one?" about: a reply without a
    product name ("the IPX7 one") is matched against their items.
    """
    names = list(dict.fromkeys(str(i["name"]) for i in items))
    picked = _by_id(text, items)
    dropped: list[str] = []
    ambiguous: list[str] = []
    mentions = _acted_on(text, product_mentions(text, names, lexicon))
    if not mentions and not picked:
        for name in pending:
            same = [i for i in items if i["name"] == name]
            chosen = _narrow(text, same, lexicon)
            if len(chosen) < len(same):
                picked.extend(str(i["item_id"]) for i in chosen)
    for index, mention in enumerate(mentions):
        if REFERENCE_BEFORE.search(text[max(0, mention.start - 40) : mention.start]):
            continue
        same = [i for i in items if i["name"] == mention.name]
        chosen = _narrow(_described(text, mentions, index), same, lexicon)
        chosen = _by_price_words(_described(text, mentions, index), chosen)
        ids = list(dict.fromkeys(str(i["item_id"]) for i in chosen))
        if _excluded(text, mention):
            dropped.extend(ids)
        elif len(ids) == 1 or ALL_OF_SAME.search(text):
            picked.extend(ids)
        else:
            ambiguous.append(mention.name)
    return list(dict.fromkeys(picked)), dropped, ambiguous


# "the black one", "是银色那个": an item named by an option value alone; "not the silver one",
# "不是黑色那个" name the one not meant.
OPTION_ONE_EN = rx.compile(
    r"\b(not |keep(?:ing)? |leave )?the ((?:[\w.%-]+ ){0,2}?[\w.%-]+) one\b"
    r"( (?:is fine|stays|can stay|i'?ll keep|i'?m keeping))?",
    rx.I,
)
OPTION_ONE_ZH = rx.compile(
    r"(不是|不要|不退|不换|保留|留着)?([\u4e00-\u9fffA-Za-z0-9.%]{1,8}?)的?那(?:个|款|台|只|件|一个)"
    r"((?:我|就)?(?:留着|保留|不退|不换|不用))?"
)


# An item kept, named by an option alone: "黑色的留着", "黑色那个不退", "keep the black one".
KEPT_ZH = re2.compile(
    r"([\x{4e00}-\x{9fff}A-Za-z0-9]{1,6}?)的?(?:那个|那款|那台|那只|那件|那一个)?(?:我|就)?"
    r"(?:留着|保留|留下|不退了?|不换了?|不要退|不用退)"
)


def _kept_by_option(
    text: str, chosen: Sequence[str], items: Sequence[Mapping[str, Any]], lexicon: Lexicon
) -> list[str]:
    """The chosen items a message keeps by an option of theirs ("the black one stays").

    Only among items of one name of which another is chosen too: "two speakers, the green
    one goes back, the black one stays" keeps the black speaker out of the return.
    """
    words = [
        m.group(2)
        for m in OPTION_ONE_EN.finditer(text)
        if (m.group(1) or "").strip().startswith(("keep", "leave")) or m.group(3)
    ]
    words += [m.group(1) for m in KEPT_ZH.finditer(text)]
    by_id = {str(i["item_id"]): i for i in items}
    picked = [by_id[i] for i in chosen if i in by_id]
    kept: list[str] = []
    for word in words:
        for name in {str(i["name"]) for i in picked}:
            same = [i for i in picked if i["name"] == name]
            fitting = _narrow(word, same, lexicon)
            if 1 <= len(fitting) < len(same):
                kept.extend(str(i["item_id"]) for i in fitting)
    return kept


def option_references(text: str) -> list[str]:
    """The option words of the items a message points at by option alone, not negated."""
    found = [m.group(2) for m in OPTION_ONE_EN.finditer(text) if not (m.group(1) or m.group(3))]
    found += [
        m.group(2).removeprefix("就是").removeprefix("是")
        for m in OPTION_ONE_ZH.finditer(text)
        if not (m.group(1) or m.group(3))
    ]
    return found


def _switched_by_option(
    text: str, chosen: list[str], items: Sequence[Mapping[str, Any]], lexicon: Lexicon
) -> tuple[list[str], list[str]]:
    """``chosen`` with an item swapped for its namesake the message points at by option.

    "return the silver Pocket Radio", then "not the silver one - the black one": of the two
    Pocket Radios of the order, the black one is meant now ("the more expensive one
    instead": the pricier of them). Returns the choice and the
    items pointed at (which the message's own "I'm keeping the silver one" does not drop).
    """
    references = option_references(text)
    choice = price_choice(text)
    if not (references or choice) or not chosen:
        return chosen, []
    by_id = {str(i["item_id"]): i for i in items}
    result = list(chosen)
    pointed: list[str] = []
    for index, item_id in enumerate(chosen):
        item = by_id.get(item_id)
        if item is None:
            continue
        same = [i for i in items if i["name"] == item["name"]]
        if len(same) < 2:
            continue
        values = {str(v) for i in same for v in i["options"].values()}
        if references and mentioned_values(" ".join(references), sorted(values), lexicon):
            fit = _narrow(" ".join(references), same, lexicon)
        elif choice is not None:  # "the more expensive one instead": of the namesakes
            fit = [by_price(same, choice)]
        else:
            continue
        if len(fit) == 1 and str(fit[0]["item_id"]) != item_id:
            pointed.append(str(fit[0]["item_id"]))
            if ALSO.search(text):  # "the black one too": both
                result.append(pointed[-1])
            else:
                result[index] = pointed[-1]
    return list(dict.fromkeys(result)), pointed


ALSO = rx.compile(r"\b(?:too|also|as well|both|and)\b|也|都|还有", rx.I)


def match_order_items(
    utterances: str | Sequence[str],
    items: Sequence[Mapping[str, Any]],
    lexicon: Lexicon,
    *,
    all_items: bool = False,
    by_option: bool = False,
) -> ItemMatch:
    """Match the items a request names against an order's items, over the whole exchange.

    Messages are read oldest first: each adds the items it names, drops the ones it
    leaves out ("except the tablet", "keep the water bottle"), and "only the lamp"
    replaces the choice. "everything" or ``all_items`` picks every item; "all of them" after
    items were named picks all of those (every one of a name asked "which one?" about).
    With ``by_option`` (a change that takes no new item: in an exchange, "the canister one"
    describes the item wanted), "not the silver one - the black one" swaps a chosen item
    for its namesake.
    """
    from keel.understanding.extractors import means_whole_order, wants_all_items

    texts = [utterances] if isinstance(utterances, str) else list(utterances)
    every = [str(i["item_id"]) for i in items]
    # "书架和拼图都退", "return the lamps, all of them": all of the items named, not the order
    of_the_named = [
        t
        for t in texts
        if wants_all_items(t) and not means_whole_order(t) and _names_items(t, items, lexicon)
    ]
    # the ``all_items`` slot of an answer ("对，全部都退") is the whole order only when no
    # message names items, or one says the whole order outright
    whole = not any(_names_items(t, items, lexicon) for t in texts) or any(
        means_whole_order(t) for t in texts
    )
    chosen: list[str] = list(every) if all_items and whole and not of_the_named else []
    excluded: list[str] = []
    ambiguous: list[str] = []
    name_of = {str(i["item_id"]): str(i["name"]) for i in items}
    for text in texts:
        picked, dropped, unclear = _one_utterance(text, items, lexicon, ambiguous)
        settled = {name_of[i] for i in [*picked, *dropped] if i in name_of}
        named_before = [*chosen, *(i for i in every if name_of[i] in ambiguous)]
        if wants_all_items(text) and text not in of_the_named:
            # "对，全部都退" after items were named: all of those, not the whole order
            meant = every if means_whole_order(text) or not named_before else named_before
            chosen = [i for i in every if i in meant and i not in dropped]
        elif picked and ONLY.search(text):
            chosen = picked
        else:
            chosen = [*chosen, *(i for i in picked if i not in chosen)]
        if by_option and not picked:  # "not the silver one - the black one": a namesake
            chosen, pointed = _switched_by_option(text, [*chosen, *dropped], items, lexicon)
            dropped = [i for i in dropped if i not in pointed]
        kept = _kept_by_option(text, chosen, items, lexicon)  # "黑色的留着": that one stays
        dropped = [*dropped, *kept]
        chosen = [i for i in chosen if i not in dropped]
        excluded = [*(i for i in excluded if i not in picked), *dropped]
        ambiguous = [*(n for n in ambiguous if n not in settled), *unclear]
    ambiguous = [n for n in ambiguous if not any(name_of[i] == n for i in chosen)]
    return ItemMatch(chosen, list(dict.fromkeys(ambiguous)), not chosen and not ambiguous, excluded)


# -- what the user wants instead -------------------------------------------------------
@dataclass
class Want:
    """What the user asked for one item: option values, kept options, relative wishes."""

    values: dict[str, list[str]] = field(default_factory=dict)  # key → values, preferred first
    avoid: dict[str, set[str]] = field(default_factory=dict)  # key → values not wanted
    same: set[str] = field(default_factory=set)  # keys to keep as they are
    relative: list[tuple[str, Direction]] = field(default_factory=list)  # (key, direction)
    explicit: str | None = None  # an item id named outright
    max_price: float | None = None  # "under $300"
    identical: bool = False  # "the exact same tablet": the very item the customer has

    @property
    def empty(self) -> bool:
        """True when nothing about the new item was said."""
        return not (
            self.values
            or self.relative
            or self.explicit
            or self.avoid
            or self.max_price
            or self.identical
        )


# "one to a ceramic kettle, the other to a glass one", "一个换成陶瓷的，另一个换成玻璃的":
# where what the next unit of several of one item becomes begins
OTHER_UNIT = rx.compile(
    r"\b(?:the other(?: one)?|the second(?: one)?|the 2nd(?: one)?)\b|"
    r"另一个|另外一个|另一只|另外一只|另一台|另一件|第二个",
    rx.I,
)


def unit_clauses(text: str) -> list[str]:
    """The parts of ``text`` that each say what one unit becomes; [] when it tells none apart."""
    cuts = [m.start() for m in OTHER_UNIT.finditer(text)]
    if not cuts:
        return []
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in pairwise(bounds) if text[a:b].strip()]


def clauses_for(
    text: str, product: str, names: Sequence[str], lexicon: Lexicon
) -> list[str] | None:
    """The parts of ``text`` about ``product`` (None when the text names no product of ``names``).

    A message naming several products is cut at each product mention, so "the bottle
    for a bigger one, and the lamp for a less bright one" gives "bigger" to the bottle.
    Words before the first mention that speak of every item are said of each product.
    """
    from keel.understanding.extractors import wants_all_items

    mentions = product_mentions(text, names, lexicon)
    if not mentions:
        return None
    parts: list[str] = []
    lead = text[: mentions[0].start]
    if mentions[0].name != product and wants_all_items(lead):
        parts.append(lead)  # "every item upgraded to the priciest, but the shoes …": said of all
    for index, mention in enumerate(mentions):
        start = 0 if index == 0 else mention.start
        end = mentions[index + 1].start if index + 1 < len(mentions) else len(text)
        if mention.name == product:
            parts.append(text[start:end])
    return parts


def _relative_wishes(
    text: str, options: Mapping[str, Sequence[str]], lexicon: Lexicon
) -> list[tuple[str, Direction]]:
    """The relative wishes a text states, in the order it states them (the first decides).

    "the highest resolution …; if several fit, the cheapest" ranks by resolution, then price.
    """
    low = text.lower()
    said: list[tuple[int, int, Relative]] = [
        (m.start(), m.end(), relative)
        for relative in lexicon.relatives
        for w in relative.words
        for m in rx.finditer(_phrase_pattern(w), low)
    ]
    # a longer phrase wins the words it covers: "the cheaper one" (of them) is no "cheaper"
    kept = [
        (start, relative)
        for start, end, relative in said
        if not any(
            s <= start and end <= e and e - s > end - start and r is not relative
            for s, e, r in said
        )
    ]
    wishes: list[tuple[int, tuple[str, Direction]]] = []
    for relative in dict.fromkeys(r for _, r in kept):
        first = min(start for start, r in kept if r is relative)
        for key in relative.keys:
            if key == PRICE or (
                key in options and rank(options[key][0], options[key], lexicon) is not None
            ):
                wishes.append((first, (key, relative.direction)))
                break
    return [wish for _, wish in sorted(wishes, key=lambda w: w[0])]


def update_want(
    want: Want,
    text: str,
    item: Mapping[str, Any],
    options: Mapping[str, Sequence[str]],
    lexicon: Lexicon,
    variant_ids: Iterable[str] = (),
) -> Want:
    """Fold one message (or clause) about ``item`` into what is wanted for it."""
    explicit = next((v for v in variant_ids if v in text and v != str(item["item_id"])), None)
    old = {str(k): str(v) for k, v in item["options"].items()}
    mentions = value_mentions(text, options, lexicon)
    values = dict(want.values)
    avoid = {k: set(v) for k, v in want.avoid.items()}
    fresh: dict[str, list[str]] = {}
    kept: set[str] = same_keys(text, options, lexicon)  # "same material": said outright
    described: set[str] = set()  # current values merely named ("the 15-inch one")
    for mention in mentions:  # in order: a later mention of a value wins over an earlier one
        key, value = mention.key, mention.value
        if mention.negated:
            avoid.setdefault(key, set()).add(value)
            if value in fresh.get(key, []):
                fresh[key].remove(value)
            continue
        avoid.get(key, set()).discard(value)
        if value != old.get(key) or fresh.get(key):
            fresh.setdefault(key, [])
            if value not in fresh[key]:
                fresh[key].append(value)
        elif key not in values:  # the current value named: keep it ("clicky, in full size")
            described.add(key)
    for key, value in _by_amount(text, old, options, lexicon).items():
        fresh[key] = [value]  # "1000 more pieces": the value that many away from the item's
        described.discard(key)
    fresh = {k: v for k, v in fresh.items() if v}
    for key, vs in fresh.items():  # a value asked for now is no longer avoided
        avoid[key] = avoid.get(key, set()) - set(vs)
    kept -= set(fresh)
    for key in kept:
        values.pop(key, None)  # "same color after all" takes back an earlier wish
    values.update(fresh)  # a later message overrides what an earlier one said of a key
    same = (set(want.same) - set(fresh)) | kept | (described - set(fresh))
    for key in dont_care_keys(text, options, lexicon):
        values.pop(key, None)
        avoid.pop(key, None)
        same.discard(key)
    wishes = _relative_wishes(text, options, lexicon)
    relative = [*want.relative, *wishes]
    # "the 1000-piece intermediate jigsaw … change it to the easiest one with the fewest
    # pieces": the current values named describe the item; the relative wish decides the key
    same -= {key for key, _ in wishes} & (described - kept)
    ceiling = PRICE_CEILING.search(text)
    amount = next((g for g in ceiling.groups() if g), None) if ceiling else None
    max_price = float(amount.replace(",", "")) if amount else want.max_price
    # "the exact same tablet", "一模一样的": the item as it is, unless something else is asked
    identical = (want.identical or bool(IDENTICAL.search(text))) and not (
        fresh or wishes or explicit or ceiling
    )
    return Want(
        values, avoid, same, relative, explicit or want.explicit, max_price, identical=identical
    )


# The very item the customer has, wished for again ("the exact same tablet", "the same one",
# "一模一样的"), not one of its options kept ("the same size": :func:`same_keys`).
IDENTICAL = rx.compile(
    r"\b(?:the\s+)?(?:exact(?:ly)?\s+|very\s+)?same\s+(?:one|thing|item|model|version|product)\b|"
    r"\bexact(?:ly)?\s+(?:the\s+)?same\b(?!\s+(?:as\b|size|colou?r|material|\w+\s+as\b))|"
    r"一模一样|完全一样|同一款|同款",
    rx.I,
)


BY_AMOUNT = r"(\d+(?:\.\d+)?)\s*(?:[a-z]+\s+)?(more|extra|fewer|less)\s+"


def _by_amount(
    text: str, old: Mapping[str, str], options: Mapping[str, Sequence[str]], lexicon: Lexicon
) -> dict[str, str]:
    """Values asked for as an amount away from the item's ("1000 more pieces", "2 more GB").

    Only for a key whose values are numbers: the value exactly that far from the current
    one, when the product has it (otherwise nothing: the relative wish still applies).
    """
    low = text.lower()
    found: dict[str, str] = {}
    for key, values in options.items():
        current = _number(old.get(key, ""))
        if current is None or any(_number(v) is None for v in values):
            continue
        for phrase in _key_phrases(key, lexicon):
            for match in rx.finditer(BY_AMOUNT + _phrase_pattern(phrase), low):
                amount = float(match.group(1))
                wanted = (
                    current + amount if match.group(2) in ("more", "extra") else current - amount
                )
                hits = [v for v in values if _number(v) == wanted]
                if hits:
                    found[key] = hits[0]
    return found


PRICE_CEILING = rx.compile(
    r"(?:under|below|less than|no more than|not more than|at most|max(?:imum)?|cheaper than|within)"
    r"\s*\$\s*(\d[\d,]*(?:\.\d+)?)|\$\s*(\d[\d,]*(?:\.\d+)?)\s*(?:or less|or under|max)|"
    r"(?:低于|不超过|少于)\s*\$?\s*(\d+(?:\.\d+)?)",
    rx.I,
)


@dataclass(frozen=True)
class VariantChoice:
    """The new variant chosen for one old item, or why none could be chosen."""

    item_id: str
    new_item_id: str | None
    # chosen | already (the item is what was asked) | no_change_named | unavailable | ambiguous
    # | identical (the very item wished for again)
    reason: str
    candidates: list[dict[str, Any]] = field(default_factory=list)
    wanted: list[str] = field(default_factory=list)  # the values asked for (for the reply)


def _fits(
    variant: Mapping[str, Any],
    item: Mapping[str, Any],
    want: Want,
    options: Mapping[str, Sequence[str]],
    lexicon: Lexicon,
) -> bool:
    opts = {str(k): str(v) for k, v in variant["options"].items()}
    old = {str(k): str(v) for k, v in item["options"].items()}
    if any(opts.get(k) not in vs for k, vs in want.values.items()):
        return False
    if any(opts.get(k) in vs for k, vs in want.avoid.items()):
        return False
    if any(opts.get(k) != old.get(k) for k in want.same if k not in want.values):
        return False
    if want.max_price is not None and float(variant["price"]) > want.max_price:
        return False
    for key, direction in want.relative:
        if key == PRICE:
            if direction in ("down", "at_most") and float(variant["price"]) > float(item["price"]):
                return False
            if direction == "up" and float(variant["price"]) <= float(item["price"]):
                return False
            continue
        new_rank = rank(opts.get(key, ""), options[key], lexicon)
        old_rank = rank(old.get(key, ""), options[key], lexicon)
        if new_rank is None or old_rank is None:
            continue
        if (direction == "up" and new_rank <= old_rank) or (
            direction == "down" and new_rank >= old_rank
        ):
            return False
    return True


def fits(
    variant: Mapping[str, Any],
    item: Mapping[str, Any],
    want: Want,
    variants: Sequence[Mapping[str, Any]],
    lexicon: Lexicon,
) -> bool:
    """True when ``variant`` is what ``want`` asks for in place of ``item`` (availability aside)."""
    if str(variant["item_id"]) == str(item["item_id"]):
        return False
    return _fits(variant, item, want, product_options(variants), lexicon)


def _preference(
    variant: Mapping[str, Any],
    item: Mapping[str, Any],
    want: Want,
    options: Mapping[str, Sequence[str]],
    lexicon: Lexicon,
) -> tuple[float, ...]:
    """Sort key: preferred values first, then extremes asked for, then most options kept."""
    opts = {str(k): str(v) for k, v in variant["options"].items()}
    old = {str(k): str(v) for k, v in item["options"].items()}
    order: list[float] = [float(vs.index(opts[k])) for k, vs in want.values.items() if k in opts]
    for key, direction in want.relative:
        if direction not in ("max", "min"):
            continue
        if key == PRICE:
            value: float | None = float(variant["price"])
        else:
            value = rank(opts.get(key, ""), options[key], lexicon)
        if value is not None:
            order.append(-value if direction == "max" else value)
    kept = sum(1 for k, v in opts.items() if old.get(k) == v)
    return (*order, -float(kept))


def product_options(variants: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Every option key of a product with its values, in first-seen order."""
    options: dict[str, list[str]] = {}
    for variant in variants:
        for key, value in variant["options"].items():
            options.setdefault(str(key), [])
            if str(value) not in options[str(key)]:
                options[str(key)].append(str(value))
    return options


def choose_variant(
    want: Want | str,
    item: Mapping[str, Any],
    variants: Sequence[Mapping[str, Any]],
    lexicon: Lexicon,
) -> VariantChoice:
    """Pick the available variant of the item's product that ``want`` describes.

    The named values must hold (the first of several is preferred); options not
    named stay as they are where possible; "biggest", "cheapest" pick the extreme.
    A tie between several variants is returned as ambiguous for the caller to ask.
    """
    options = product_options(variants)
    if isinstance(want, str):
        want = update_want(
            Want(), want, item, options, lexicon, (str(v["item_id"]) for v in variants)
        )
    item_id = str(item["item_id"])
    wanted = [v for vs in want.values.values() for v in vs]
    if want.explicit:
        chosen = next((v for v in variants if str(v["item_id"]) == want.explicit), None)
        if chosen is not None:
            ok = bool(chosen["available"])
            return VariantChoice(
                item_id, want.explicit if ok else None, "chosen" if ok else "unavailable"
            )
    if want.identical:  # the very item: an exchange for it changes nothing
        return VariantChoice(item_id, None, "identical", [], wanted)
    if want.empty:
        return VariantChoice(item_id, None, "no_change_named")
    others = [v for v in variants if str(v["item_id"]) != item_id]
    matching = [v for v in others if _fits(v, item, want, options, lexicon)]
    available = [v for v in matching if v["available"]]
    ranked = sorted(available, key=lambda v: _preference(v, item, want, options, lexicon))
    best = _preference(ranked[0], item, want, options, lexicon) if ranked else None
    if _already_the_extreme(item, variants, want, options, lexicon, best):
        return VariantChoice(item_id, None, "already", [], wanted)
    if best is None:
        return VariantChoice(item_id, None, "unavailable", [dict(v) for v in matching], wanted)
    top = [v for v in ranked if _preference(v, item, want, options, lexicon) == best]
    if len(top) == 1:
        return VariantChoice(item_id, str(top[0]["item_id"]), "chosen", [], wanted)
    return VariantChoice(item_id, None, "ambiguous", [dict(v) for v in top], wanted)


def _already_the_extreme(
    item: Mapping[str, Any],
    variants: Sequence[Mapping[str, Any]],
    want: Want,
    options: Mapping[str, Sequence[str]],
    lexicon: Lexicon,
    best: tuple[float, ...] | None,
) -> bool:
    """True when the item itself is what "the cheapest", "the biggest" … asks for.

    "switch all items to their cheapest options": an item that is the cheapest of its
    product already stays as it is, not swapped for the cheapest of the others.
    """
    if not any(direction in ("max", "min") for _, direction in want.relative):
        return False
    own = next((v for v in variants if str(v["item_id"]) == str(item["item_id"])), None)
    if own is None or not _fits(own, item, want, options, lexicon):
        return False
    return best is None or _preference(own, item, want, options, lexicon) <= best


def closest(
    want: Want, item: Mapping[str, Any], variants: Sequence[Mapping[str, Any]], limit: int = 6
) -> list[dict[str, Any]]:
    """Available variants nearest to what was asked: most wanted values, then most kept."""
    old = {str(k): str(v) for k, v in item["options"].items()}

    def score(variant: Mapping[str, Any]) -> tuple[int, int]:
        opts = {str(k): str(v) for k, v in variant["options"].items()}
        hits = sum(1 for k, vs in want.values.items() if opts.get(k) in vs)
        kept = sum(1 for k, v in opts.items() if old.get(k) == v)
        return (-hits, -kept)

    others = [v for v in variants if v["available"] and v["item_id"] != item["item_id"]]
    return [dict(v) for v in sorted(others, key=score)[:limit]]
