"""US postal addresses in customer messages, read with ``usaddress`` (a CRF address parser).

An address starts at a house number; what comes before it (an order id, "ship it to",
a name) is never part of it, and what follows the zip code is not either. Order ids,
emails, payment-method ids and user ids are taken out of the text before parsing, so a
value of another slot can never become a street. A message that gives a house number and
a street but not the city, state and zip is an *incomplete* address: it is asked for
again, never completed from the address on file.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import usaddress

from keel.safety import patterns as rx

# Values of other slots, blanked before an address is looked for.
OTHER_VALUES = rx.compile(
    r"#?\s?[Ww]\s?\d{7}(?!\d)|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}|"
    r"\b(?:gift_card|paypal|credit_card)_\d+\b|\b[a-z]+_[a-z]+_\d{4}\b"
)
NON_LATIN = rx.compile(r"[^\x00-\x7f]+")
NUMBER = rx.compile(r"(?<![\w#$.])\d+[A-Za-z]?(?![\w%])")
MAX_ADDRESS_CHARS = 160  # a US address line with city, state and zip is far shorter
# Words of requests, never of a street or unit: a parse that takes them in ("28268 and ship
# to 12 Oak St", "2 laptops and 3 mice") read a sentence, not an address.
NOT_STREET = frozenset(
    [
        "and",
        "or",
        "to",
        "ship",
        "send",
        "deliver",
        "order",
        "orders",
        "cancel",
        "return",
        "exchange",
        "my",
        "your",
        "our",
        "please",
        "is",
        "are",
        "was",
        "were",
        "i",
        "im",
        "it",
        "its",
        "for",
        "of",
        "from",
        "with",
        "zip",
        "code",
        "change",
        "update",
        "address",
        "thanks",
        "thank",
        "you",
        "can",
        "could",
        "would",
        "want",
        "need",
        "items",
        "item",
        "also",
        "but",
        "not",
        "no",
        "yes",
    ]
)

# Words around an address that the parser may take into its unit or city ("Unit B instead",
# "it's in Phoenix"): never part of one, dropped from them.
NOT_UNIT_OR_PLACE = frozenset(
    [
        "instead",
        "please",
        "pls",
        "plz",
        "thanks",
        "thx",
        "asap",
        "now",
        "too",
        "also",
        "then",
        "ok",
        "okay",
        "sorry",
        "oh",
        "it's",
        "its",
        "it",
        "is",
        "in",
        "at",
        "that's",
        "thats",
        "located",
        "city",
        "of",
    ]
)
STREET = (
    "AddressNumberPrefix",
    "AddressNumber",
    "AddressNumberSuffix",
    "StreetNamePreDirectional",
    "StreetNamePreModifier",
    "StreetNamePreType",
    "StreetName",
    "StreetNamePostType",
    "StreetNamePostDirectional",
    "StreetNamePostModifier",
)
UNIT = (
    "OccupancyType",
    "OccupancyIdentifier",
    "SubaddressType",
    "SubaddressIdentifier",
    "BuildingName",
)
PLACE = ("PlaceName",)
STATE = ("StateName",)
ZIP = ("ZipCode",)
COUNTRY = ("CountryName",)
BOX = ("USPSBoxType", "USPSBoxID")
ADDRESS_LABELS = frozenset((*STREET, *UNIT, *PLACE, *STATE, *ZIP, *BOX))
# A post office box starts an address as a house number does ("PO Box 4471 Springfield IL").
BOX_START = rx.compile(r"\b(?:p\.?\s?o\.?\s?box|post office box)\s*#?\s*\d", rx.I)

STATES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
    "colorado": "CO", "connecticut": "CT", "delaware": "DE", "district of columbia": "DC",
    "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL",
    "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
    "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI",
    "minnesota": "MN", "mississippi": "MS", "missouri": "MO", "montana": "MT",
    "nebraska": "NE", "nevada": "NV", "new hampshire": "NH", "new jersey": "NJ",
    "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND",
    "ohio": "OH", "oklahoma": "OK", "oregon": "OR", "pennsylvania": "PA",
    "rhode island": "RI", "south carolina": "SC", "south dakota": "SD", "tennessee": "TN",
    "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA", "washington": "WA",
    "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY",
}  # fmt: skip


@dataclass(frozen=True)
class FoundAddress:
    """An address read from a message, with where it stands."""

    start: int  # offset of the house number in the message
    end: int  # offset just after the last part of the address
    address1: str
    address2: str
    city: str
    state: str
    zip: str

    @property
    def complete(self) -> bool:
        """True when street, city, state and zip code are all there."""
        return bool(self.address1 and self.city and self.state and self.zip)

    def as_slot(self) -> dict[str, str]:
        """The address as the ``address`` slot holds it (τ² fields)."""
        if not self.complete:
            return {"address1": self.address1, "address2": self.address2, "incomplete": "yes"}
        return {
            "address1": self.address1,
            "address2": self.address2,
            "city": self.city,
            "state": self.state,
            "country": "USA",
            "zip": self.zip,
        }


# A line break inside a pasted address ends a line of it, as a comma does.
LINE_BREAK = rx.compile(r"[ \t]*[\r\n]+[ \t]*")
# A unit written on the line before its street ("Unit 12C\n2250 Brazos Street\n…").
UNIT_BEFORE = rx.compile(
    r"\b(apt|apartment|suite|ste|unit|room|rm|floor|fl)\.?\s*#?\s*([A-Za-z]?\d[\w-]*)[ ,;]*$",
    rx.I,
)


def _blanked(text: str) -> str:
    """The message with other slots' values and non-Latin script as spaces (same offsets).

    Line breaks become commas, so that a pasted address reads line by line.
    """
    blank = OTHER_VALUES.sub(lambda m: " " * len(m.group(0)), text)
    blank = LINE_BREAK.sub(lambda m: "," + " " * (len(m.group(0)) - 1), blank)
    blank = NON_LATIN.sub(lambda m: "," + " " * (len(m.group(0)) - 1), blank)
    # "邮编19019 那个…": the break a Chinese clause makes ends the word before it, so a number
    # said before it ("19019 ,") starts no street with the next one
    return SPACE_BEFORE_BREAK.sub(lambda m: "," + m.group(1), blank)


SPACE_BEFORE_BREAK = rx.compile(r"(?<=\S)([ \t]+),")


def _with_unit_before(blank: str, found: FoundAddress) -> FoundAddress:
    """The address with the unit written just before its street, when it has none of its own."""
    if found.address2:
        return found
    before = max(0, found.start - 30)
    unit = UNIT_BEFORE.search(blank[before : found.start])
    if unit is None:
        return found
    address2 = f"{unit.group(1)} {unit.group(2)}"
    return replace(found, start=before + unit.start(), address2=address2)


def _clean(token: str) -> str:
    return token.strip(" ,;:()")


def _state(words: list[str]) -> str:
    name = " ".join(words).strip(" .,").lower()
    if len(name) == 2:
        return name.upper()
    return STATES.get(name, " ".join(words).strip(" .,"))


@lru_cache(maxsize=256)
def find_addresses(text: str) -> tuple[FoundAddress, ...]:
    """Every address in ``text`` that starts at a house number, in order."""
    blank = _blanked(text)
    found: list[FoundAddress] = []
    starts = sorted({m.start() for m in (*NUMBER.finditer(blank), *BOX_START.finditer(blank))})
    for start in starts:
        if found and start < found[-1].end:
            continue  # inside the address just read
        address = _parse_from(blank, start)
        if address is not None:
            found.append(_with_unit_before(blank, address))
    return tuple(found)


ZIP_AHEAD = rx.compile(r"(?<!\d)\d{5}(?:-\d{4})?(?!\d)")


def _parse_from(blank: str, start: int) -> FoundAddress | None:
    """The address starting at ``start`` (a house number), if the parser reads one there.

    Each zip code ahead ends a candidate: the parser reads the text up to it, so that the
    sentence after an address ("… TX 77098. And what address is …") is never taken in.
    """
    window = blank[start : start + MAX_ADDRESS_CHARS]
    for zip_code in ZIP_AHEAD.finditer(window, 1):
        found = _parse_window(window[: zip_code.end()], start)
        if found is not None and found.complete:
            return found
    return _parse_window(window, start)


def _parse_window(window: str, start: int) -> FoundAddress | None:
    """The address the parser reads at the start of ``window``, if any."""
    try:
        tokens = usaddress.parse(window)
    except Exception:  # the CRF reads any text; a failure means no address, never a crash
        return None
    first = tokens[0] if tokens else ("", "")
    if first[1] == "USPSBoxType":
        return _box(tokens, window, start)
    if first[1] not in ("AddressNumber", "BuildingName") or first[0].endswith((",", ";", ".")):
        return None  # "邮编 94102。请把…": a number that ends its clause starts no street
    read: list[tuple[str, str]] = []  # (label, word), in the message's order
    position = 0
    end = start
    for token, label in tokens:
        position = window.find(token, position)
        if label not in ADDRESS_LABELS:
            break
        read.append((label, _clean(token)))
        end = start + position + len(token.rstrip(",;"))
        position += len(token)
        if label == "ZipCode":
            break

    def words(labels: tuple[str, ...]) -> list[str]:
        kept = [word for label, word in read if label in labels and word]
        if labels in (UNIT, PLACE):
            kept = [w for w in kept if w.lower() not in NOT_UNIT_OR_PLACE]
        return kept

    street, unit = words(STREET), words(UNIT)
    if not street and read[0][0] == "BuildingName":  # "1 Ferry Building, Suite 50, …"
        street = [w for label, w in read if label == "BuildingName"]
        unit = [w for label, w in read if label in UNIT and label != "BuildingName"]
        if len(street) < 2 or not (words(STATE) and words(ZIP)):
            return None
    elif not any(label == "StreetName" for label, _ in read) or len(street) < 2:
        return None
    if any(w.lower() in NOT_STREET for w in (*street, *unit)):
        return None
    state = words(STATE)
    if not (state or words(ZIP)) and not any(label == "StreetNamePostType" for label, _ in read):
        return None  # "2 laptops": a number and a word are no street without a street type
    return FoundAddress(
        start=start,
        end=end,
        address1=" ".join(street),
        address2=" ".join(unit),
        city=" ".join(words(PLACE)),
        state=_state(state) if state else "",
        zip=(words(ZIP) or [""])[0][:5],
    )


def _box(tokens: list[tuple[str, str]], window: str, start: int) -> FoundAddress | None:
    """A post office box address ("PO Box 4471, Springfield, IL 62704")."""
    read: dict[str, list[str]] = {}
    position, end = 0, start
    for token, label in tokens:
        position = window.find(token, position)
        if label not in ADDRESS_LABELS or (label in STREET and label != "AddressNumber"):
            break
        read.setdefault(label, []).append(_clean(token))
        end = start + position + len(token.rstrip(",;"))
        position += len(token)
        if label == "ZipCode":
            break
    box = (read.get("USPSBoxID") or [""])[0]
    if not box.isdigit():
        return None
    state = read.get("StateName", [])
    return FoundAddress(
        start=start,
        end=end,
        address1=f"PO Box {box}",
        address2="",
        city=" ".join(read.get("PlaceName", [])),
        state=_state(state) if state else "",
        zip=(read.get("ZipCode") or [""])[0][:5],
    )


# Words just before an address that make it the one being left ("from 163 Elm Street … to
# …", "instead of 12 Oak St", "原来的地址 …"): the new address is another one.
OLD_ADDRESS = rx.compile(
    r"(?:\bfrom|\binstead of|\brather than|\bnot|\bold(?: address)?|\bcurrent(?: address)?|"
    r"\bprevious(?: address)?|\bwas|\bused to be|原来(?:的)?(?:地址)?|旧(?:的)?(?:地址)?|从)"
    r"\s*[:：,，]?\s*$",
    rx.I,
)


# Words just after an address that take it back ("… DC 20036 - wait, no, that's the old
# office. The new one is …", "…，不对，说错了"): the address given after them is meant.
PAUSE = r"[\s,.;:!()\-–—，。；：！]*"
TAKEN_BACK = rx.compile(
    rf"^{PAUSE}(?:(?:wait|hold on|hmm+|oh|oops|sorry|ugh){PAUSE}){{0,6}}"
    r"(?:no\b|nope|not that|actually|i mean|i meant|scratch that|correction|that'?s (?:the|my) old|"
    r"that was (?:the|my) old|wrong|不对|不是|说错|错了|写错)",
    rx.I,
)


def _leaves(text: str, found: FoundAddress) -> bool:
    """True when the words around the address name it as the one being left or taken back."""
    return bool(
        OLD_ADDRESS.search(text[max(0, found.start - 30) : found.start])
        or TAKEN_BACK.search(text[found.end : found.end + 40])
    )


def address_in(text: str) -> dict[str, str] | None:
    """The address a message gives: the first complete one, else the first incomplete one.

    Of several complete ones, an address named as the one being left ("from … to …",
    "instead of …") is not the one given.
    """
    found = find_addresses(text)
    complete = [a for a in found if a.complete]
    if len(complete) > 1:
        complete = [a for a in complete if not _leaves(text, a)] or complete
    chosen = complete[0] if complete else (found[0] if found else None)
    return chosen.as_slot() if chosen is not None else None


def completed_address(started: dict[str, str], text: str) -> dict[str, str] | None:
    """An address begun in one message and finished in the next.

    "send it to 902 Cedar Court, Unit B" and then "Phoenix AZ 85004": the street of the
    first message with the city, state and zip of this one. None when this message gives a
    whole address of its own, another street, or still not the rest.
    """
    own = find_addresses(text)
    if any(a.complete or a.address1 for a in own):
        return None  # a street of its own: a new address, read as it is
    street = ", ".join(p for p in (started.get("address1"), started.get("address2")) if p)
    if not street:
        return None
    joined = address_in(f"{street}, {text}")
    if joined is None or joined.get("incomplete") or joined["address1"] != started["address1"]:
        return None
    return joined


def without_addresses(text: str) -> str:
    """The message with every address blanked out (its zip code is no identification)."""
    pieces = list(text)
    for address in find_addresses(text):
        pieces[address.start : address.end] = " " * (address.end - address.start)
    return "".join(pieces)


# A value named as the wrong one ("I typed 80203 by mistake", "not 80203", "80203 was a
# typo", "不是80203"): blanked before a correction's values are read.
DISOWNED = rx.compile(
    r"\b(?:not|instead of|rather than|typed|wrote|put in|entered|gave you)\s+(?:the |a |in )?"
    r"(\d[\w-]*)(?![\w-])|(\d[\w-]*)\s+(?:was|is)\s+(?:wrong|a typo|a mistake|incorrect)|"
    r"(\d[\w-]*)\s+by mistake|(?:不是|而不是|写错成?|打错成?)\s*(\d[\w-]*)",
    rx.I,
)


def without_disowned(text: str) -> str:
    """``text`` with the values it names as wrong blanked (same length)."""

    def blank(match: rx.Match[str]) -> str:
        value = next(g for g in match.groups() if g)
        start = match.group(0).rfind(value)
        whole = match.group(0)
        return whole[:start] + " " * len(value) + whole[start + len(value) :]

    return DISOWNED.sub(blank, text)


UNIT_VALUE = rx.compile(
    r"\b(apt|apartment|suite|ste|unit|room|rm|floor|fl)\.?\s*#?\s*([A-Za-z]?\d[\w-]*)|"
    r"(#)\s*(\d[\w-]*)|(?:室|房间?|单元|套房|公寓)\s*([A-Za-z]?\d[\w-]*)",
    rx.I,
)
# ASCII word characters only: "应该是1540，" holds the number 1540 (Chinese is \w to Python).
NUMBER_VALUE = rx.compile(r"(?<![A-Za-z0-9_#$.])(\d+[A-Za-z]?)(?![A-Za-z0-9_%])")
HOUSE_CUE = rx.compile(r"house number|street number|building number|门牌|号码是|number is", rx.I)


# A value named right beside the one it replaces: "it's cambridge not boston", "not Austin,
# Round Rock", "Boston should be Cambridge", "Cambridge instead of Boston", "不是Boston是Cambridge".
_WORDS = r"[A-Za-z][\w'-]*\.?(?: [A-Za-z][\w'-]*\.?){0,3}"
SWAP_SENTENCE = rx.compile(r"(?<=[.!?;])\s+|[。！？；\n]")
SWAPS = (
    rx.compile(rf"(?P<new>{_WORDS}),? (?:and )?not (?P<old>{_WORDS})", rx.I),
    rx.compile(
        rf"\bnot (?P<old>{_WORDS})"
        rf"(?:,\s*(?:but |it'?s |it is |rather )?| (?:but|it'?s|it is|rather) )(?P<new>{_WORDS})",
        rx.I,
    ),
    rx.compile(
        rf"(?P<old>{_WORDS}) (?:should (?:be|have been|read|say)|is meant to be) (?P<new>{_WORDS})",
        rx.I,
    ),
    rx.compile(rf"(?P<new>{_WORDS}) (?:instead of|rather than) (?P<old>{_WORDS})", rx.I),
    rx.compile(rf"不是\s*(?P<old>{_WORDS})\s*[，,]?\s*(?:而)?是\s*(?P<new>{_WORDS})"),
    rx.compile(rf"(?P<old>{_WORDS})\s*(?:改成|改为|应该是|换成)\s*(?P<new>{_WORDS})"),
)
# Words that lead into a value without being part of it ("it's", "the city is").
SWAP_LEAD = rx.compile(
    r"^(?:(?:so|sorry|oh|ah|wait|no|and|but|actually|the|my|it|its|it'?s|it is|is|city|town|"
    r"street|state|should|be|that|this|one|name|correct|right)\s+)+",
    rx.I,
)
SWAP_TAIL = rx.compile(
    r"(?:\s+(?:sorry|please|thanks|thx|pls|lol|then|though|haha|ok|okay|either|too))+$", rx.I
)


def swapped_values(text: str) -> list[tuple[str, str]]:
    """Pairs (wrong, right) of words a correction swaps: "it's cambridge not boston"."""
    pairs: list[tuple[str, str]] = []
    sentences = SWAP_SENTENCE.split(text[: MAX_ADDRESS_CHARS * 2])
    for pattern, sentence in ((p, s) for s in sentences for p in SWAPS):
        for match in pattern.finditer(sentence):
            old = SWAP_TAIL.sub("", match.group("old")).strip(" .,")
            new = SWAP_TAIL.sub("", SWAP_LEAD.sub("", match.group("new"))).strip(" .,")
            if old and new and old.lower() != new.lower():
                pairs.append((old, new))
    return pairs


def swap_in_address(listed: dict[str, str], text: str) -> dict[str, str] | None:
    """The listed address with a named value swapped for another ("cambridge not boston").

    The wrong value must be (the start of) what one field holds, as whole words; the right
    one takes its place, written as the field wrote the old one (Title Case, CAPITALS).
    """
    for old, new in swapped_values(text):
        words = old.split()
        for size in range(len(words), 0, -1):  # "boston sorry": "boston"
            wrong = " ".join(words[:size])
            for key in ("city", "address1", "address2", "state"):
                value = str(listed.get(key) or "")
                found = rx.search(rf"(?<!\w){rx.escape(wrong)}(?!\w)", value, rx.I)
                if found is None:
                    continue
                right = _cased_like(found.group(0), _fitting(new, size, key))
                if right.lower() in value.lower():
                    continue
                amended = value[: found.start()] + right + value[found.end() :]
                return {**listed, key: amended}
    return None


def _fitting(new: str, size: int, key: str) -> str:
    """The right value cut to the words it can have ("new york" for a city, "TX" for a state)."""
    words = new.split()
    return words[-1] if key == "state" else " ".join(words[-max(size, min(len(words), 3)) :])


def _cased_like(old: str, new: str) -> str:
    if old.isupper() and len(old) > 1:
        return new.upper()
    if old[:1].isupper():
        return " ".join(w[:1].upper() + w[1:] for w in new.split())
    return new


# Ways of writing one kind of unit: "Apartment 5C" amends the listed "Apt 5" as "Apt 5C".
UNIT_KINDS = {"apartment": "apt", "apt.": "apt", "ste": "suite", "ste.": "suite", "no.": "#"}


def _unit_kind(word: str) -> str:
    low = word.lower()
    return UNIT_KINDS.get(low, low)


def amend_address(listed: dict[str, str], text: str) -> dict[str, str] | None:
    """The listed address with the parts a correction gives ("it's Apt 14, not Apt 4").

    Only values the listed address does not already hold count (the other one names what
    was wrong): a 5-digit number is the zip code, a number after a unit word the unit, a
    number shaped like the house number the house number. None when nothing applies.
    """
    held = {w.lower().strip(",.") for v in listed.values() for w in str(v).split()}
    text = without_disowned(text)  # "80205 is right, I typed 80203 by mistake"
    amended = dict(listed)
    for match in UNIT_VALUE.finditer(text):
        ident = match.group(2) or match.group(4) or match.group(5)
        if ident and ident.lower() not in held:
            word = (match.group(1) or "").capitalize()
            current = listed.get("address2", "").split()
            same_kind = bool(current) and _unit_kind(word) == _unit_kind(current[0])
            word = current[0] if current and (not word or same_kind) else word
            amended["address2"] = f"{word} {ident}".strip() if word != "#" else f"#{ident}"
            held.add(ident.lower())
    house = listed.get("address1", "").split()[:1]
    for match in NUMBER_VALUE.finditer(UNIT_VALUE.sub(" ", text)):
        value = match.group(1)
        if value.lower() in held:
            continue
        if len(value) == 5 and value.isdigit() and not HOUSE_CUE.search(text):
            amended["zip"] = value
        elif house and (HOUSE_CUE.search(text) or len(value) == len(house[0])):
            amended["address1"] = " ".join([value, *listed.get("address1", "").split()[1:]])
        held.add(value.lower())
    if amended == listed:
        amended = swap_in_address(listed, text) or listed
    return amended if amended != listed else None
