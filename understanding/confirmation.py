"""The confirmation reader: what a reply to "Please confirm: … Shall I go ahead?" says.

Every reply at a confirmation is read into exactly one of six readings:

- ``yes``: an unambiguous agreement to exactly what was listed, nothing else of substance;
- ``yes_and_more``: such an agreement plus a separate new request (``rest``);
- ``no``: the listed change is declined or put off;
- ``question``: the customer asks, doubts or hesitates, even after a yes-word;
- ``correction``: a value or the target of the listed change is different;
- ``unclear``: none of these.

Only ``yes`` and ``yes_and_more`` may execute, and only what was listed. The reader is
cautious by construction: the reply is cut into parts (sentences, clauses, and the words
that join them: "but", "also", "不过", "另外"); a yes needs every part to be agreement,
filler or a restatement of the listed change, and any sign of a question, a doubt, a
denial or a changed value decides against it. The words are data
(``confirmation.yaml``), matched with RE2 (linear time on untrusted text); the values
(order ids, addresses, payment methods, reasons, items and options) are read by the same
extractors as every other message and compared with what was listed.

With a model configured, :func:`most_cautious` combines the model's reading with this
one: the model can make a reading more cautious, never turn anything into a yes.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, Literal

import re2
import yaml

from keel.domain.config import picks
from keel.understanding import extractors as ex
from keel.understanding.addresses import swapped_values, without_disowned

ReadingKind = Literal["yes", "yes_and_more", "no", "question", "correction", "unclear"]
READINGS: tuple[ReadingKind, ...] = (
    "yes",
    "yes_and_more",
    "no",
    "question",
    "correction",
    "unclear",
)
EXECUTING: frozenset[str] = frozenset({"yes", "yes_and_more"})
# From the least to the most cautious reading: combining two readings keeps the later one.
CAUTION: tuple[ReadingKind, ...] = (
    "yes",
    "yes_and_more",
    "unclear",
    "question",
    "correction",
    "no",
)
VOCABULARY_PATH = Path(__file__).with_name("confirmation.yaml")

Classify = Callable[[str], str | None]
"""Reads a part of a reply: the task it asks for (intent or family), or None for none."""


@dataclass(frozen=True)
class Listed:
    """What the confirmation listed: a yes may change exactly this."""

    task: str  # the task of the listed change (intent, or its family)
    orders: tuple[str, ...] = ()  # orders the listed writes change, the first one first
    text: str = ""  # the confirmation as shown (any language): values it names are listed
    reason: str | None = None  # a cancellation's reason, when one was listed
    values: tuple[str, ...] = ()  # the listed change's own values (items, amounts, address …)
    actions: tuple[str, ...] = ()  # words naming the listed action ("cancel", "退"), RE2
    topic: tuple[str, ...] = ()  # words of what the listed change is about ("address"), RE2
    alternatives: tuple[str, ...] = ()  # item names and option values a reply may switch to
    # The listed items, each with the names it goes by ("Table Fan", "fan"): declining one of
    # several is a correction, not a no.
    items: tuple[tuple[str, ...], ...] = ()
    # The domain's write tasks (as ``classify`` names them) with the words naming each action.
    write_tasks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # Requests the confirmation said would follow ("After that, I'll help you with …"): "do
    # both" may count them.
    announced: int = 0
    # The business's words naming a task as the one to do now ("exchange": "then do the
    # exchange"), IntentSpec.picked_by of every intent.
    picked_by: tuple[str, ...] = ()
    # The domain's write tasks with the words of what each changes ("address", "payment").
    write_topics: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # The items of the customer's other orders, with their names: naming one ("it's the
    # yoga mat order that was the mistake") points the change at another order.
    other_items: tuple[tuple[str, ...], ...] = ()
    # Every other product the store sells, with the names it goes by: a yes that names one
    # of them ("对对，就是那副黑色耳机" at a water bottle's listing) is a yes to something else.
    unlisted_products: tuple[tuple[str, ...], ...] = ()
    # How the task chose among several by price ("max": the pricier, "min": the cheaper),
    # when it did: "the more expensive one instead" then points the change elsewhere.
    choice: str | None = None
    # The order the conversation changed just before this listing (of the same task): when
    # the listing is another order, "yes, the other one too" is this one.
    done_before: str | None = None
    # The tasks of other requests listed with the first for the same yes ("cancel #W1 and
    # return the lamp"): naming one speaks of the listing, not of a request of its own.
    joined: tuple[str, ...] = ()
    writes: int = 0  # how many writes were listed (0: one per listed order)

    def lists(self, task: str | None) -> bool:
        """True when ``task`` is one of the listed changes' tasks."""
        return task == self.task or task in self.joined


@dataclass(frozen=True)
class ConfirmationReading:
    """The reading of one reply, with what decided it."""

    reading: ReadingKind
    rest: str = ""  # yes_and_more: the new request; no: what follows the no, if anything
    # yes_and_more: other orders the same change is asked for ("yes, #W2 too")
    more_orders: tuple[str, ...] = ()
    # other write tasks the reply declines ("but don't switch the payment after all")
    declined: tuple[str, ...] = ()
    all_listed: bool = False  # "yes to all": every listed write, not only the first
    changed: tuple[str, ...] = ()  # correction: which values differ (order_id, address, …)
    cues: tuple[str, ...] = ()  # the signals that decided, for the audit trail
    source: str = "offline"
    # a yes that is more than an acknowledgement ("yes", "go ahead", "确认", "ok, cancel it";
    # not "ok", "alright", "嗯", "好的" alone): after a reply that said something besides the
    # question, only such a yes answers it (state/protocol.py)
    explicit: bool = False

    @property
    def executes(self) -> bool:
        """True when the listed change may go ahead."""
        return self.reading in EXECUTING


# --------------------------------------------------------------------------- vocabulary


@dataclass(frozen=True)
class Vocabulary:
    """The compiled word lists of ``confirmation.yaml``."""

    affirm_en: Any
    affirm_zh: Any
    filler: Any
    wish: Any
    deny: Any
    not_deny: Any
    hedge: Any
    waits: Any
    waits_not: Any
    waits_then: Any
    defer: Any
    weak_hedge: Any
    soft_agree: Any
    closing: Any
    question: Any
    inverted: Any
    weak_affirm: Any
    request_form: Any
    tag_question: Any
    stated_right: Any
    tag_only: Any
    counts: tuple[tuple[int, Any], ...]
    separate: Any
    weak_separate: Any
    correction: Any
    weak_correction: Any
    about_listed: Any
    addition: Any
    meta: Any
    addition_words: Any
    all_listed: Any
    common: frozenset[str]


def _alternation(patterns: Sequence[str]) -> str:
    return "|".join(f"(?:{p})" for p in patterns)


def _longest(pattern: str) -> Any:
    """A pattern that takes the longest phrase at a position ("yes to all", not "yes")."""
    options = re2.Options()
    options.longest_match = True
    return re2.compile(pattern, options)


def _words(en: Sequence[str], zh: Sequence[str] = ()) -> Any:
    """English entries as whole words, Chinese ones anywhere (RE2 has no look-around)."""
    parts = []
    if en:
        parts.append(f"(?:^|[^a-z0-9_'])(?:{_alternation(en)})(?:$|[^a-z0-9_'])")
    if zh:
        parts.append(f"(?:{_alternation(zh)})")
    return re2.compile("|".join(parts))


def _spoken(data: dict[str, Any], *keys: str) -> Any:
    """Words of several lists that make up a part ("and yes to the next one too")."""
    en = _alternation([w for key in keys for w in data[key]["en"]])
    zh = _alternation([w for key in keys for w in data[key]["zh"]])
    return _longest(f"(?:{en})(?:[ ]+|$)|(?:{zh})[ ]*")


@cache
def vocabulary(path: Path = VOCABULARY_PATH) -> Vocabulary:
    """Load and compile the reader's word lists."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))

    def both(key: str) -> Any:
        return _words(data[key].get("en", []), data[key].get("zh", []))

    def leading(key: str, prefix: str = "") -> Any:  # words that open a part
        en, zh = _alternation(data[key]["en"]), _alternation(data[key]["zh"])
        return re2.compile(f"^{prefix}(?:{en})(?:$|[^a-z])|^(?:{zh})")

    return Vocabulary(
        affirm_en=_longest(f"(?:{_alternation(data['affirm']['en'])})(?:[ ]+|$)"),
        affirm_zh=_longest(f"(?:{_alternation(data['affirm']['zh'])})[ ]*"),
        filler=_longest(
            f"(?:{_alternation(data['filler']['en'])})(?:[ ]+|$)|"
            f"(?:{_alternation(data['filler']['zh'])})[ ]*"
        ),
        wish=_longest(
            f"(?:{_alternation(data['wish']['en'])})(?:[ ]+|$)|"
            f"(?:{_alternation(data['wish']['zh'])})[ ]*"
        ),
        deny=both("deny"),
        not_deny=both("not_deny"),
        hedge=both("hedge"),
        waits=both("waits"),
        waits_not=both("waits_not"),
        waits_then=both("waits_then"),
        defer=both("defer"),
        weak_hedge=both("weak_hedge"),
        soft_agree=_longest(
            f"(?:{_alternation(data['soft_agree']['en'])})(?:[ ]+|$)|"
            f"(?:{_alternation(data['soft_agree']['zh'])})[ ]*"
        ),
        closing=both("closing"),
        question=both("question"),
        inverted=re2.compile(
            f"^(?:(?:{_alternation(data['inverted']['lead'])})[ ,]+)*"
            f"(?:{_alternation(data['inverted']['en'])})(?:$|[^a-z0-9_'])"
        ),
        request_form=both("request_form"),
        weak_affirm=_longest(
            f"(?:{_alternation(data['weak_affirm']['en'])})(?:[ ]+|$)|"
            f"(?:{_alternation(data['weak_affirm']['zh'])})[ ]*"
        ),
        tag_question=both("tag_question"),
        stated_right=both("stated_right"),
        counts=tuple(
            (int(n), re2.compile(f"(?:^|[^a-z0-9])(?:{_alternation(words)})(?:$|[^a-z0-9])"))
            for n, words in data["counts"].items()
        ),
        tag_only=re2.compile(
            f"^(?:{_alternation(data['tag_only']['en'])}|{_alternation(data['tag_only']['zh'])})$"
        ),
        # "and while I have you …" starts a request as "while …" does
        separate=leading("separate", "(?:(?:and|so|then) )?"),
        weak_separate=leading("weak_separate"),
        correction=both("correction"),
        weak_correction=both("weak_correction"),
        about_listed=both("about_listed"),
        addition=both("addition"),
        meta=both("meta"),
        addition_words=_spoken(data, "addition", "addition_words"),
        all_listed=both("all_listed"),
        common=frozenset(w for line in data["common"] for w in line.split("|")),
    )


# --------------------------------------------------------------------------- normalising

EMOJI_WORDS = {  # a thumbs up agrees the way "ok" does: it acknowledges as often
    "👍": " ok ",
    "👌": " ok ",
    "✅": " yes ",
    "🙆": " ok ",
    "✔": " yes ",
    "👎": " no ",
    "❌": " no ",
    "🙅": " no ",
    "🚫": " no ",
    "🤔": " ? ",
    "❓": " ? ",
    "❔": " ? ",
}


def normalise(text: str) -> str:
    """Lower case, NFKC, emoji as words, other symbols dropped, runs of a letter cut to two."""
    return aligned(text)[0]


def aligned(text: str) -> tuple[str, list[int]]:
    """The normalised reply, and for each of its characters the index it came from in ``text``."""
    out: list[str] = []
    origin: list[int] = []

    def put(piece: str, index: int) -> None:
        for char in piece:
            if char == " " and (not out or out[-1] == " "):
                continue  # spaces collapsed, none leading
            out.append(char)
            origin.append(index)

    for index, raw in enumerate(text):
        if raw == "," and _groups_thousands(text, index):
            continue  # "$5,781" is one amount, not a clause break between 5 and 781
        for char in unicodedata.normalize("NFKC", raw).lower():
            if char in EMOJI_WORDS:
                put(EMOJI_WORDS[char], index)
            elif char in "’‘":
                put("'", index)
            elif char.isspace() or unicodedata.category(char) in ("So", "Sk", "Cf", "Mn"):
                put(" ", index)
            elif len(out) >= 2 and char.isalpha() and char == out[-1] == out[-2]:
                continue  # "yesss" -> "yess", "nooo" -> "noo"
            else:
                put(char, index)
    while out and out[-1] == " ":
        out.pop()
        origin.pop()
    return "".join(out), origin


def _groups_thousands(text: str, index: int) -> bool:
    """True when the comma at ``index`` separates thousands ("5,781", not "5, 781")."""
    after = text[index + 1 : index + 5]
    return (
        index > 0
        and text[index - 1].isdigit()
        and after[:3].isdigit()
        and len(after[:3]) == 3
        and not after[3:].isdigit()
    )


# --------------------------------------------------------------------------- parts

# A part ends at sentence or clause punctuation, a dash, or before a word that joins
# clauses ("but", "also", "不过", "另外"), which starts the next part.
BOUNDARY = re2.compile(r"[.!;。！；,，、~～…:：()（）\[\]]+|[?？]+|\s+[-–—]+\s*|[–—]+|\s+-\s+")
JOINER = re2.compile(
    r"\s(?:but|and|also|then|though|although|however|except|unless|btw|plus|or|"
    r"while|because|since|if|next)\s|(?:不过|但是|但|可是|另外|还有|顺便|然后|对了|等一下|等等|只是)"
)


@dataclass
class Part:
    """One clause of a reply, normalised, with the signals found in it."""

    text: str
    start: int  # offset in the normalised reply
    kinds: set[str] = field(default_factory=set)

    @property
    def agrees(self) -> bool:
        """The whole part is agreement and filler (with at least one agreement)."""
        return "affirm" in self.kinds and not (self.kinds - {"affirm", "restated", "all"})

    @property
    def empty(self) -> bool:
        """The whole part is filler."""
        return self.kinds <= {"filler"}


def _cut(text: str) -> list[tuple[int, int]]:
    """Spans of the parts of a normalised reply (a question mark stays with its part)."""
    cuts = {0, len(text)}
    glosses = ex.gloss_brackets(text)  # "充电宝（portable charger）取消掉": one part
    for match in BOUNDARY.finditer(text):
        if match.end() - match.start() == 1 and match.start() in glosses:
            continue
        end = match.end()
        question = "?" in match.group(0) or "？" in match.group(0)
        cuts.add(end if question else match.start())
        cuts.add(end)
    for match in JOINER.finditer(text):
        cuts.add(match.start() + (1 if match.group(0).startswith(" ") else 0))
    ordered = sorted(cuts)
    return [(a, b) for a, b in itertools.pairwise(ordered) if b > a]


def _strip(piece: str) -> str:
    return piece.strip(" .!;。！；,，、~～…:：-–—()（）[]")


def _whole(pattern: Any, text: str) -> bool:
    """True when ``text`` is nothing but repetitions of ``pattern``'s phrases."""
    position = 0
    while position < len(text):
        match = pattern.match(text, position)
        if match is None or match.end() == position:
            return False
        position = match.end()
    return True


def _agreement(text: str, words: Vocabulary) -> bool:
    """True when ``text`` is only agreement words and filler, with one agreement at least."""
    used = _compose(text, (words.affirm_en, words.affirm_zh, words.filler))
    return used is not None and bool(used & {0, 1})


def _compose(text: str, patterns: Sequence[Any]) -> set[int] | None:
    """Which of ``patterns`` make up ``text`` wholly (whole words in English), or None."""
    used: set[int] = set()
    position = 0
    while position < len(text):
        if text[position] == " ":
            position += 1
            continue
        for index, pattern in enumerate(patterns):
            match = pattern.match(text, position)
            if match is None or match.end() == position:
                continue
            end = match.end()
            # An English word matched only in part ("no" in "now") is no match.
            if end < len(text) and _word_char(text[end - 1]) and _word_char(text[end]):
                continue
            used.add(index)
            position = end
            break
        else:
            return None
    return used


def _word_char(char: str) -> bool:
    return char.isascii() and char.isalnum()


def read_parts(text: str, words: Vocabulary) -> list[Part]:
    """Cut a normalised reply into parts and find the signals of each."""
    parts: list[Part] = []
    trails = text.endswith(("...", "…"))  # "ok…", "嗯……": not decided yet
    for start, end in _cut(text):
        raw = text[start:end]
        piece = _strip(raw)
        asks = "?" in raw or "？" in raw
        if not piece and not asks:
            continue
        part = Part(piece or "?", start + raw.find(piece[:1]) if piece else start)
        part.kinds = _signals(piece, asks, False, words)
        parts.append(part)
    if len(parts) > 1 and words.tag_only.match(parts[-1].text) and "content" in parts[-2].kinds:
        parts[-1].kinds = {"content", "question"}  # "the kettle is in it, right": a tag
    if trails and parts:
        last = parts[-1]
        last.kinds = _signals(last.text, "question" in last.kinds, True, words)
    return parts


def _signals(piece: str, asks: bool, trailing: bool, words: Vocabulary) -> set[str]:
    """What one part says: all agreement, all filler, or the signals found in it."""
    undecided = asks or trailing or not piece
    if not undecided and _agreement(piece, words):
        return {"affirm"} | ({"all"} if words.all_listed.search(piece) else set())
    plain = words.not_deny.sub(" ", f" {piece} ")  # "no problem", "不错", "不过"
    # "不确定", "不知道" are no denial, and no filler either: they hesitate
    hesitates = bool(words.hedge.search(words.meta.sub(" ", f" {piece} ")))
    if not undecided and (
        _whole(words.filler, piece + " ")
        or (not plain.strip() and not hesitates)
        or not words.meta.sub(" ", piece).strip()
    ):
        return {"filler"}  # "thanks!", "no need to email me about it", "to be clear"
    padded = f" {piece} "
    checks: list[tuple[str, bool]] = [
        ("closing", bool(words.closing.search(padded))),
        ("hedge", trailing or bool(words.hedge.search(words.meta.sub(" ", padded)))),
        ("defer", bool(words.defer.search(padded))),
        ("deny", bool(words.deny.search(plain))),
        (
            "question",
            asks
            or bool(
                words.question.search(padded)
                or words.inverted.search(piece.strip())
                or (words.tag_question.search(piece) and not words.stated_right.search(piece))
            ),
        ),
        ("weak_hedge", bool(words.weak_hedge.search(padded))),
        ("correction", bool(words.correction.search(padded))),
        ("weak_correction", bool(words.weak_correction.search(padded))),
        ("separate", bool(words.separate.search(piece))),
        ("weak_separate", bool(words.weak_separate.search(piece))),
        ("all", bool(words.all_listed.search(piece))),
        ("affirm_lead", _leading_agreement(piece, words)),
    ]
    return {"content"} | {kind for kind, found in checks if found}


def _leading_agreement(piece: str, words: Vocabulary) -> bool:
    """True when a part starts with an agreement word ("ok so that means …")."""
    return _agreement_length(piece, words) > 0


# "对" runs straight into its object when it is the preposition ("对我们俩都是最好的": for
# both of us), not the word for "right": then it agrees to nothing.
PREPOSITION_DUI = re2.compile(r"^对\s*(?:我|你|您|他|她|它|咱|大家|这|那|于|此|方|面|比)")


def _agreement_length(piece: str, words: Vocabulary) -> int:
    """The length of the agreement words a part starts with (0 for none)."""
    if PREPOSITION_DUI.search(piece):
        return 0
    for pattern in (words.affirm_en, words.affirm_zh):
        match = pattern.match(piece)
        if match is not None and match.end() > 0:
            return int(match.end())
    return 0


# --------------------------------------------------------------------------- values


# An order described by its contents, up to the next punctuation: "the order with the lamp
# and the kettle", "有台灯和水壶的那个订单".
ORDER_DESCRIPTION = re2.compile(
    r"\b(?:the|that|this|my|same) order (?:with|that has|that had|containing|which has|"
    r"including)\b[^.,;:!?()—–]*|(?:有|里有|包含)[^，。；！？,;]*?的(?:那个|那笔|那)?订单"
)


# Words that add to what was listed rather than replace it ("also the t-shirt", "还要退手表").
ADDS = re2.compile(r"(?i)\b(?:also|too|as well|additionally|plus)\b|还要|还有|也要|也退|也换")


def _adds_to_listed_order(text: str, listed: Listed) -> bool:
    """True when the reply adds an item of the listed order besides another order's item.

    "hold on, I also want to return the t-shirt from that order, and the water bottle too":
    the t-shirt joins the listing; the water bottle (another order's) is a request of its
    own, not the listed change pointed at another order.
    """
    from keel.understanding.catalogue import contains_phrase

    if ADDS.search(text) is None:
        return False
    own = {n for n in listed.alternatives if _a_name(n)} - {
        n for names in listed.other_items for n in names
    }
    return any(contains_phrase(text, n) for n in own)


NUMBER = re2.compile(r"[0-9]+[a-z]?\b|[0-9]+")


def _a_name(name: str) -> bool:
    """True for a name long enough to mean a thing: three letters, or two Chinese characters.

    ("耳机", earbuds: a Chinese word is as long as its meaning.)
    """
    return len(name) > 2 or (len(name) == 2 and ex.CJK.search(name) is not None)


def _names_unlisted_product(text: str, listed: Listed) -> bool:
    """True when a reply names a product the listing does not hold.

    Not even as a name of a listed item ("耳机" names headphones and earbuds).
    """
    from keel.understanding.catalogue import contains_phrase

    listed_names = sorted({n.lower() for names in listed.items for n in names}, key=len)
    rest = text.lower()
    for name in reversed(listed_names):  # "Travel Mug" is listed: its "mug" is no other
        rest = rest.replace(name, " ")
    return any(
        contains_phrase(rest, n)
        for names in listed.unlisted_products
        for n in names
        if _a_name(n) and n.lower() not in listed_names
    )


def changed_values(text: str, listed: Listed) -> list[str]:
    """The kinds of value the reply states that the listing does not name."""
    from keel.understanding.catalogue import contains_phrase, price_choice

    shown = normalise(listed.text)
    text = without_disowned(text)  # "I typed 80203 by mistake": no new value
    changed: list[str] = []
    # "I might return the sunglasses from #W2 at some point, not today": held back, no target
    held = ex.held_back_orders(text, left_alone=True)
    # "… and #W2 - don't cancel that one, just show it": an order taken back is no target
    held |= ex.held_back_orders(text) - set(listed.orders)
    ids = [i for i in ex.order_ids(text) if i not in held]
    if any(i not in listed.orders for i in ids) or (not ids and ex.malformed_order_id(text)):
        changed.append("order_id")
    elif any(
        contains_phrase(text, n) for names in listed.other_items for n in names if _a_name(n)
    ) and not _adds_to_listed_order(text, listed):
        changed.append("order_id")  # "it's the grill one I want gone": another order's item
    if "order_id" not in changed and _names_unlisted_product(text, listed):
        changed.append("item")
    address = ex.address(text)
    if (address and address.get("address1") and address["address1"].lower() not in shown) or (
        address and address.get("partial") and address["address2"].lower() not in shown
    ):
        changed.append("address")
    else:
        zip_code = ex.zip_code(text)
        if zip_code and zip_code not in shown:
            changed.append("zip")
    ref = ex.payment_ref(text)
    if ref is not None and not ref.original and not _payment_listed(ref, shown):
        changed.append("payment")
    reason = ex.cancel_reason(text)
    if listed.reason and reason not in (None, "other", listed.reason):
        changed.append("reason")
    without_ids = ex.ORDER_ID.sub(" ", text)  # an order's digits are its id, read above
    # a number with the letters of a unit ("Apt 5C" for the listed "Apt 5"), not an ordinal
    numbers = set(NUMBER.findall(without_ids.lower())) - set(NUMBER.findall(shown))
    if numbers and not changed:  # "it's 86, not 88", "Unit 4", "11码": a value not listed
        changed.append("number")
    # "yes — that's the order with the air purifier and the speaker": items that say which
    # order it is (the listed one) name no other item to change
    described = ORDER_DESCRIPTION.sub(" ", text.replace(" ; and ", " and "))
    if any(contains_phrase(described, word) for word in listed.alternatives):
        changed.append("item")
    choice = price_choice(text)
    if choice is not None and choice != listed.choice:
        changed.append("choice")  # "return the more expensive one instead": another item
    if not changed and _swapped(text, listed):
        changed.append("value")  # "it's cambridge not boston": a listed word swapped
    return changed


def _restates(text: str, listed: Listed) -> bool:
    """True when a part names the listed action with listed values only ("退到礼品卡")."""
    named = names_action(text, listed.actions) or (
        bool(listed.topic) and _words(listed.topic).search(f" {text} ") is not None
    )
    return (named or _listed_number_only(text, listed)) and not changed_values(text, listed)


TOKEN = re2.compile(r"[a-z0-9]+|[\x{4e00}-\x{9fff}]")


def _listed_number_only(text: str, listed: Listed) -> bool:
    """True when a part is only values the listing shows, a number among them.

    ("对，3030，确认", "yes, Apt 4B".)
    """
    words = TOKEN.findall(text.lower())
    shown = set(TOKEN.findall(normalise(listed.text)))
    return bool(NUMBER.search(text.lower())) and bool(words) and set(words) <= shown


def _swapped(text: str, listed: Listed) -> bool:
    """True when the reply swaps a word the listing shows for one it does not."""
    shown = normalise(listed.text)
    return any(_swaps_listed(old, new, shown) for old, new in swapped_values(text))


def _swaps_listed(old: str, new: str, shown: str) -> bool:
    """True when ``old`` starts with words the listing shows and ``new`` is not shown."""
    from keel.understanding.catalogue import contains_phrase

    words = normalise(old).split()
    named = any(contains_phrase(shown, " ".join(words[:n])) for n in range(len(words), 0, -1))
    return named and not contains_phrase(shown, normalise(new))


def _payment_listed(ref: ex.PaymentRef, shown: str) -> bool:
    """True when the payment method the reply names is the one the listing names."""
    if ref.method_id is not None:
        return ref.method_id.lower() in shown
    checks = [
        ref.last_four is None or ref.last_four in shown,
        ref.brand is None or ref.brand in shown,
        ref.source is None or ref.source in shown or ref.source.replace("_", " ") in shown,
    ]
    return all(checks)


# --------------------------------------------------------------------------- the reading


def read_confirmation(
    text: str, listed: Listed, classify: Classify | None = None
) -> ConfirmationReading:
    """Read one reply to a confirmation prompt (offline, deterministic); see :func:`_read`.

    A yes that counts another number of things than were listed ("对，就这两个" of three
    orders, "go ahead with both" of one change) asks which, whatever else it says.
    """
    own, stale = _without_echo(text, listed)
    if stale:
        return ConfirmationReading("unclear", cues=("quotes_another_listing",))
    own = _the_listed_other(own, listed)
    reading = _read(own, listed, classify)
    declined = _declined_others(own, listed)
    if declined:
        reading = replace(reading, declined=declined)
    if reading.executes:
        # "yes go ahead with both" with one change listed: the customer counts what is not
        said = _counted(normalise(ex.ORDER_ID.sub(" ", text)))
        changes = listed.writes or len(listed.orders) or 1
        listed_counts = {changes, changes + listed.announced}
        # "cancel both items" counts the items of one change; of several changes listed
        # together, the changes are what is counted ("go ahead with all three" of two)
        listed_counts |= {len(listed.items)} if listed.items and not listed.joined else set()
        if said and not said & listed_counts:
            return ConfirmationReading("question", cues=("count_differs",))
        if not reading.all_listed and _names_some_changes(own, listed, classify, reading.declined):
            # "yes, ship #W1 to my sister's" of two changes listed together: which?
            return ConfirmationReading("question", cues=("names_some_changes",))
        reading = replace(reading, explicit=explicit_agreement(own, listed))
    return reading


SENTENCE_END = re2.compile(r"[.!?。！？]+")


def offer_answer(text: str, task: str, actions: Sequence[str] = ()) -> Literal["yes", "no"] | None:
    """The yes or no a reply gives to a yes/no question that changes nothing by itself.

    "Would you like me to open it?" is answered with the words of agreement a confirmation
    is read with ("that sounds perfect!", "no thanks"), whatever else the reply says: a
    yes to such an offer only leads to a listing, which is then confirmed on its own.
    """
    listed = Listed(task=task, actions=tuple(actions))
    reading = read_confirmation(text, listed)
    if reading.reading in ("yes", "yes_and_more"):
        return "yes"
    asks = ex.is_question(text) or "?" in text or "？" in text
    # "That sounds perfect. Let's do it! I'll apply for the card myself.": a reply that opens
    # with agreement and declines nothing takes the offer, whatever it goes on to say
    sentences = [s for s in SENTENCE_END.split(text) if s.strip()]
    readings = [read_confirmation(s, listed).reading for s in sentences]
    if len(readings) > 1 and readings[0] == "yes" and "no" not in readings and not asks:
        return "yes"
    if reading.reading == "no" and not asks:
        return "no"  # "I don't want to compare options. Which one is best?" asks, not declines
    return None


def _names_some_changes(
    text: str, listed: Listed, classify: Classify | None = None, declined: Sequence[str] = ()
) -> bool:
    """True when a yes to changes listed together names some of them only, by action.

    One yes covers every change listed with it; a yes that restates one of them ("yes, ship
    it to my sister's") may mean only that one, so it is asked which.
    """
    tasks = [t for t in dict.fromkeys([listed.task, *listed.joined]) if t not in declined]
    if len(tasks) < 2:
        return False  # one change left (the others declined in the same reply)
    words = dict(listed.write_tasks)
    named = {t for t in tasks if words.get(t) and names_action(text, words[t])}
    asked = classify(text) if classify is not None else None
    if asked in tasks:
        named.add(str(asked))
    return 0 < len(named) < len(tasks)


def explicit_agreement(text: str, listed: Listed) -> bool:
    """True when a reply agrees with more than an acknowledgement.

    "yes", "go ahead", "do it", "确认", "ok, cancel it" (the listed action restated) are
    explicit; "ok", "alright", "sure", "嗯", "好的", "👍" acknowledge, and acknowledge an
    answer or a "take your time" as well as a question.
    """
    words = vocabulary()
    parts = _signalled_parts(normalise(text), listed, words)
    return any(
        (p.agrees and not _weak_only(p.text, words))
        or "restated" in p.kinds
        or _strong_lead(p.text, words)
        for p in parts
    )


# "Yes, the other one too": after one order was changed, the other one (the listed one) too.
OTHER_ONE_TOO = re2.compile(
    r"(?i)\bthe other (?:one|order)\b(?P<rest>[^.!?;]{0,20}\b(?:too|as well|also)\b)"
)


def _the_listed_other(text: str, listed: Listed) -> str:
    """A reply calling the listed order "the other one", right after another was changed.

    "Yes, the other one too." to the second of two orders: "the other one" is the listed
    order (not a correction to another order) when the conversation changed a different
    order of the same task just before, and the listing is one order.
    """
    if not listed.done_before or len(listed.orders) != 1 or listed.done_before in listed.orders:
        return text
    return str(OTHER_ONE_TOO.sub(lambda m: "this one" + m.group("rest"), text))


QUOTED = re2.compile(
    r'"[^"]{12,}"|“[^”]{12,}”|「[^」]{12,}」|『[^』]{12,}』|(?:^|\n)\s*>[^\n]{12,}?(?:\s{2,}|\^+|\n|$)'
)


def _without_echo(text: str, listed: Listed) -> tuple[str, bool]:
    """The reply without quotes of the confirmation: 'ok "Please confirm: cancel …"'.

    A quote of the agent's words (all of them words of the listing) is left out when it
    names every listed item; one that leaves some out quotes an earlier listing, and the
    second value is True: a yes beside it ("^^ yes this one") is no yes to this listing.
    A quote with a word of the customer's own (an edit) is read as written.
    """
    from keel.understanding.catalogue import contains_phrase

    shown = set(_tokens(listed.text))
    stale = False

    def echo(match: Any) -> str:
        nonlocal stale
        quoted = str(match.group(0))
        if not set(_tokens(quoted)) <= shown:
            return quoted
        if not all(any(contains_phrase(quoted, n) for n in names) for names in listed.items):
            stale = True
        return " "

    if not listed.text:
        return text, False
    own = str(QUOTED.sub(echo, text))
    return own, stale


def _tokens(text: str) -> list[str]:
    return [str(t) for t in re2.findall(r"[a-z0-9]+|[\x{4e00}-\x{9fff}]", normalise(text))]


def _declined_others(text: str, listed: Listed) -> tuple[str, ...]:
    """The other write tasks a reply declines by naming them ("don't switch the payment")."""
    words = vocabulary()
    parts = read_parts(aligned(text)[0], words)
    return tuple(
        dict.fromkeys(
            task
            for p in parts
            if "deny" in p.kinds and _names_other_change(p.text, listed)
            for task in _other_changes_named(p.text, listed)
        )
    )


def _other_changes_named(text: str, listed: Listed) -> list[str]:
    return [
        task
        for task, topics in listed.write_topics
        if task != listed.task and topics and _words(topics).search(f" {text} ")
    ]


def _counted(text: str) -> set[int]:
    """The numbers of things a reply says ("both", "这两个", "all three")."""
    return {n for n, pattern in vocabulary().counts if pattern.search(text)}


def _read(text: str, listed: Listed, classify: Classify | None = None) -> ConfirmationReading:
    """Read one reply to a confirmation prompt (offline, deterministic).

    In order: an agreement followed by a separate request is ``yes_and_more``; a value the
    listing does not hold, or words that change the target, stated (not asked about) make
    a ``correction``; a denial that is not part of a question is a ``no``; weaker signs of
    a correction come next; any question or doubt is a ``question``; what is left is a
    ``yes`` when it holds an explicit agreement and nothing else of substance.
    """
    words = vocabulary()
    norm, origin = aligned(text)
    parts = _signalled_parts(norm, listed, words)
    if not parts:
        return ConfirmationReading("unclear", cues=("empty",))
    agreeing = _agreement_first(text, origin, norm, parts, listed, words, classify)
    if agreeing is not None:
        return agreeing
    instead = _other_change(text, origin, parts, listed, classify)
    if instead is not None:
        return instead
    # "could you put the reason down as ordered by mistake?" asks for the value it names
    stated = [
        p
        for p in parts
        if "question" not in p.kinds or words.request_form.search(f" {p.text} ") is not None
    ]
    # Values count where they are stated, not asked about or declined ("不要了" says no).
    said = " ; ".join(p.text for p in stated if "deny" not in p.kinds and not p.empty)
    changed = changed_values(said, listed)
    if not changed and _swapped(text, listed):  # "not Raleigh, Durham": the swap spans parts
        changed = ["value"]
    if changed == ["order_id"] and _tells_of_another_order(parts, listed):
        return ConfirmationReading("question", cues=("about_another_order",))
    if changed:
        return ConfirmationReading(
            "correction", changed=tuple(changed), cues=("changed:" + ",".join(changed),)
        )
    if any("correction" in p.kinds and "deny" not in p.kinds for p in stated):
        return ConfirmationReading("correction", cues=("correction_words",))
    asks = any("question" in p.kinds for p in parts)
    decisive = [p for p in parts if "deny" in p.kinds or p.agrees or "affirm_lead" in p.kinds]
    denies_first = bool(decisive) and "deny" in decisive[0].kinds
    # "yes, but will this change my default address? I don't want that one changed" asks;
    # "no wait, when does the refund arrive?" declines first.
    if any("deny" in p.kinds and _names_item(p.text, listed) for p in stated):
        # "skip the bottle", "but not the kettle": one listed item declined, not the change
        return ConfirmationReading("correction", cues=("declines_item",))
    if _narrows_orders(stated, listed):
        # "leave #W2 alone. Only #W1 gets cancelled": some of the listed orders, not all
        return ConfirmationReading("correction", changed=("order_id",), cues=("narrows_orders",))
    denied = _denial(stated, listed, classify, parts) if denies_first or not asks else None
    if denied is not None:
        return denied
    if any(
        "weak_correction" in p.kinds
        and _names_specific(p.text, listed)
        and not _names_just_the_listed(p.text, listed)
        for p in stated
    ):
        # "only the helmet and the kettle", "the toothbrush too" (not "yes — just the order")
        return ConfirmationReading("correction", cues=("correction_words",))
    if any(_acts_on_some_items(p.text, listed) for p in stated):
        # "那就退水瓶吧" of three listed items: the action for some of them only
        return ConfirmationReading("correction", changed=("items",), cues=("some_items",))
    asked = {k for p in parts for k in p.kinds} & {"question", "hedge", "defer"}
    if asked or changed_values(text, listed):
        return ConfirmationReading("question", cues=tuple(sorted(asked)) or ("asks_about_value",))
    if any("closing" in p.kinds for p in parts):  # "that's everything, bye": no answer
        return ConfirmationReading("unclear", cues=("closing",))
    return _agreement_or_not(parts, listed, classify, text, origin)


PLAIN = frozenset({"content", "affirm_lead", "all", "weak_separate"})
# Words that may stand beside a named action without saying anything else ("cancel them both").
OBJECTS = (
    "it|them|that|this|that one|this one|both|all|all of them|everything|the order|"
    "this order|that order|这个|那个|"
    "the (?:whole|entire) order|now|then|just|please|for me|go ahead and|and|直接|就|"
    "on|of|for|with|吧|掉|了|呀|啊|吧吧|的|就|都|全部|两个都|两个|一起|好了|就行|即可|嘛|呗|#w[0-9]{7}"
)


@cache
def _naming(actions: tuple[str, ...]) -> tuple[Any, Any]:
    return _longest(f"(?:{_alternation(actions)})[ ]*"), _longest(f"(?:{OBJECTS})[ ]*")


def _mark_restatements(parts: Sequence[Part], listed: Listed) -> None:
    """A part that only names the listed action agrees ("确认取消", "cancel it", "退吧").

    Its values were compared with the listing already: a part naming another value is a
    correction before it can be read as a restatement.
    """
    if not listed.actions:
        return
    words = vocabulary()
    action, objects = _naming(listed.actions)
    patterns = (action, words.affirm_en, words.affirm_zh, words.filler, words.wish, objects)
    for part in parts:
        if not (part.kinds and part.kinds <= PLAIN):
            continue
        used = _compose(part.text, patterns)
        ids = set(ex.order_ids(part.text))
        # "go ahead with #W1", #W1 alone listed, agrees as "cancel it" does (a bare "#W1" not)
        by_id = (
            len(listed.orders) == 1 and ids == set(listed.orders) and bool(used and used & {1, 2})
        )
        if used is not None and (0 in used or by_id):
            part.kinds = {"affirm", "restated"} | (part.kinds & {"all"})


def _signalled_parts(norm: str, listed: Listed, words: Vocabulary) -> list[Part]:
    """The reply's parts with their signals, read against the listing."""
    parts = read_parts(norm, words)
    _mark_restatements(parts, listed)
    _spare_other_orders(norm, parts, listed)
    _settle_soft_agreement(parts, words)
    _settle_wait(parts, words)
    for part in parts:  # "but don't switch the payment after all": declines that, not this
        if "deny" in part.kinds and _names_other_change(part.text, listed):
            part.kinds = {"filler"}  # said of the other change (``declined``), not of this
        elif _met_condition(part, listed):
            part.kinds = {"filler"}  # "as long as the refund goes to my PayPal" (listed)
    return parts


def _settle_soft_agreement(parts: Sequence[Part], words: Vocabulary) -> None:
    """A part that only agrees softly ("I think so") is settled by a plain yes after it.

    "Yes, I think so. Go ahead.": the last word is an explicit yes, and the soft part says
    nothing against it. Without a plain agreement after it the part stays a hedge.
    """
    for index, part in enumerate(parts):
        soft = "hedge" in part.kinds and _whole(words.soft_agree, part.text.strip() + " ")
        if soft and any(later.agrees for later in parts[index + 1 :]):
            part.kinds = {"filler"}


def _settle_wait(parts: Sequence[Part], words: Vocabulary) -> None:
    """A part that only waits or checks first is settled by a plain yes after it.

    "hmm hang on, let me make sure there's enough in checking first... ok yeah, plenty. go
    ahead.": the customer checked, and said so. The last agreement must come after every
    other hedge, deferral, denial or question of the reply; a wait with a condition or a
    doubt in it ("hold on, only if …") stays a hedge.
    """
    last_yes = max((i for i, p in enumerate(parts) if p.agrees), default=-1)
    if last_yes < 1 or words.waits_then.search(parts[last_yes].text) is not None:
        return
    for part in parts[:last_yes]:
        padded = f" {part.text} "
        waits = (
            "hedge" in part.kinds
            and not part.kinds & {"deny", "question", "defer", "correction", "separate"}
            and words.waits.search(padded) is not None
            and words.waits_not.search(padded) is None
        )
        if waits:
            part.kinds = {"filler"}


def asks_besides(text: str) -> bool:
    """True when a part of ``text`` opens by saying it comes in addition ("also …", "另外…").

    "Wait, also in that order: change …" asks for something besides, not instead.
    """
    norm, _ = aligned(text)
    separate = vocabulary().separate
    return any(separate.search(norm[start:end].strip()) for start, end in _cut(norm))


CONDITION = re2.compile(
    r"^(?:(?:but|and|so) )?(?:as long as|so long as|provided(?: that)?|only if|if|assuming)\b|"
    r"^(?:但是?|不过)?(?:只要|前提是|如果|要是)"
)


def _met_condition(part: Part, listed: Listed) -> bool:
    """True when a part sets a condition the listing already meets.

    "Yes, as long as the refund goes back to my PayPal" when the listing refunds to that
    PayPal account; "只要钱是退回我的PayPal就行". A condition on anything else (a date, a
    value the listing does not show) stays a doubt.
    """
    if part.kinds & {"question", "deny", "correction"} or not CONDITION.search(part.text):
        return False
    if changed_values(part.text, listed):
        return False
    shown = normalise(listed.text)
    ref = ex.payment_ref(part.text)
    address = ex.address(part.text)
    return (ref is not None and not ref.original and _payment_listed(ref, shown)) or bool(
        address and address.get("address1") and address["address1"].lower() in shown
    )


def _agreement_first(
    text: str,
    origin: Sequence[int],
    norm: str,
    parts: Sequence[Part],
    listed: Listed,
    words: Vocabulary,
    classify: Classify | None,
) -> ConfirmationReading | None:
    """An agreement followed by more: the same change for more orders, or a separate request."""
    lead = 0
    while lead < len(parts) and (parts[lead].agrees or parts[lead].empty):
        lead += 1
    if not any(p.agrees for p in parts[:lead]) or lead == len(parts):
        return None
    if not changed_values(text[: origin[parts[lead].start]], listed):
        orders = _more_orders(parts[lead:], listed, words)
        if orders:  # "yes, #W2 too": this change, and the same asked for #W2 afterwards
            all_listed = any("all" in p.kinds for p in parts[:lead])
            return ConfirmationReading(
                "yes_and_more", more_orders=orders, all_listed=all_listed, cues=("more_orders",)
            )
    return _separate_request(
        text, origin, norm, parts[:lead], parts[lead:], listed, words, classify
    )


def _denial(
    parts: Sequence[Part],
    listed: Listed,
    classify: Classify | None,
    every: Sequence[Part] = (),
) -> ConfirmationReading | None:
    """A reply whose last decisive part denies ("ok then no"); mixed orders are unclear.

    What follows the no is kept as ``rest`` only when it asks for a task of its own ("no —
    get me a human"); "no, leave both orders as they are" only says the no again.
    """
    decisive = [p for p in parts if "deny" in p.kinds or p.agrees]
    if not any("deny" in p.kinds for p in decisive):
        return None
    last = decisive[-1]
    if "deny" not in last.kinds:
        return ConfirmationReading("unclear", cues=("no_then_yes",))
    if "hedge" in last.kinds and not _plain_denial(last):
        return ConfirmationReading("question", cues=("doubt",))
    after = [  # questions too ("另外#W2是已经送到了吗"): ``parts`` holds only what is stated
        p
        for p in (every or parts)
        if p.start > last.start and "content" in p.kinds and "deny" not in p.kinds
    ]
    # only a request for another task is taken up after the no ("笔记本电脑还是要的。另外
    # #W2是已经送到了吗" asks about #W2; its first part only says why)
    asked = [
        p
        for p in after
        if classify is not None
        and (task := classify(p.text)) is not None
        and not listed.lists(task)
    ]
    # "No thanks, I'll fund it myself. Let's just close the account now": the no answers
    # something else said beside the listing, and the listed change is asked for after it
    if any(_asks_listed(p, listed, classify) for p in after):
        return ConfirmationReading("unclear", cues=("no_then_listed",))
    rest = " ".join(p.text for p in asked)
    return ConfirmationReading("no", rest=rest, cues=("deny",))


def _asks_listed(part: Part, listed: Listed, classify: Classify | None) -> bool:
    """True when a part asks for the listed change by its action ("let's just close it now")."""
    if classify is None or not listed.actions or not names_action(part.text, listed.actions):
        return False
    task = classify(part.text)
    return task is not None and listed.lists(task) and not ex.negates_request(part.text)


def _narrows_orders(parts: Sequence[Part], listed: Listed) -> bool:
    """True when a reply declines some of several listed orders and keeps the others."""
    if len(listed.orders) < 2:
        return False
    denied = {i for p in parts if "deny" in p.kinds for i in ex.order_ids(p.text)}
    kept = {i for p in parts if "deny" not in p.kinds for i in ex.order_ids(p.text)}
    listed_ids = set(listed.orders)
    return bool(denied & listed_ids) and bool((kept & listed_ids) - denied)


def _plain_denial(part: Part) -> bool:
    """A deny part whose hedge only softens it ("hmm no, hold off" is still a no)."""
    return "question" not in part.kinds and "weak_hedge" in part.kinds


def _separate_request(
    text: str,
    origin: Sequence[int],
    norm: str,
    lead: Sequence[Part],
    rest: Sequence[Part],
    listed: Listed,
    words: Vocabulary,
    classify: Classify | None = None,
) -> ConfirmationReading | None:
    """An agreement followed by a separate request: "yes. Also, where is #W…?".

    The request must be about something else: another order, or a subject that shares no
    words, values or action with the listed change (a question about the change itself, or
    another request for the same kind of change, is no separate request).
    """
    first = rest[0]
    # what the rest asks for: "and show me #W2, don't cancel that one" asks to be shown #W2
    asked = " ".join(p.text for p in rest if not ex.negates_request(p.text))
    rest_text = norm[first.start :]
    if changed_values(text[: origin[first.start]], listed):
        return None  # the agreement itself names another value: a correction
    other_order = any(i not in listed.orders for i in ex.order_ids(asked))
    asks = any("question" in p.kinds for p in rest)
    if asks and all(p.empty or _weak_only(p.text, words) for p in lead):
        return None  # "ok sure, and by the way has #W… shipped?": acknowledged, and asked
    if any(p.kinds & {"deny", "hedge", "correction", "weak_correction"} for p in rest):
        return None
    if not other_order and classify is not None and listed.lists(classify(asked)):
        return None  # "另外，地址能不能改一下" is about this change
    if "separate" in first.kinds:  # "also", "another thing", "另外": a request of its own …
        # … "and while you're at it switch the payment on that one": another change, named
        if not asks and _other_write(asked, listed, classify):
            pass
        elif not other_order and _about_listed(asked, listed, words):
            return None  # … unless it is about the listed change ("also, when is the refund?")
    elif "weak_separate" in first.kinds or other_order:  # "and …", "where is #W…"
        # "yes, change it. And confirm the total price of that order": a look-up asked for
        task = classify(asked) if classify is not None and not asks else None
        looks_up = task is not None and task not in dict(listed.write_tasks)
        if (asks or _about_listed(asked, listed, words)) and not looks_up:
            return None  # "and the whole $328.19 goes on the card?" asks about the change
    else:
        return None
    marker = words.separate.search(rest_text) or words.weak_separate.search(rest_text)
    skip = first.start + (marker.end() if marker is not None else 0)
    request = text[origin[skip] :] if skip < len(origin) else ""
    request = request.strip(" ,，:：-–—") or text[origin[first.start] :]
    all_listed = any("all" in p.kinds for p in lead)
    return ConfirmationReading(
        "yes_and_more", rest=request, all_listed=all_listed, cues=("separate",)
    )


def _more_orders(rest: Sequence[Part], listed: Listed, words: Vocabulary) -> tuple[str, ...]:
    """Orders named after a yes for the same change: "yes, #W2 too", "好的，#W2 也取消".

    The rest says nothing but other order ids, a word of addition ("too", "the same for",
    "也"), the listed action and agreement: anything else (a value, a question, a doubt) is
    read as usual. The same change for those orders is a new task, asked and listed anew.
    """
    if any(p.kinds & {"deny", "hedge", "question", "correction"} for p in rest):
        return ()
    said = " ".join(p.text for p in rest)
    orders = tuple(dict.fromkeys(i for i in ex.order_ids(said) if i not in listed.orders))
    if not orders or not words.addition.search(f" {said} "):
        return ()
    action, objects = _naming(listed.actions or ("(?!)",))
    patterns = (
        words.addition_words,
        action,
        objects,
        words.affirm_en,
        words.affirm_zh,
        words.filler,
        words.wish,
    )
    bare = ex.ORDER_ID.sub(" ", said)
    return orders if _compose(re2.sub(r"[,，、:：;；.。!！—–-]+", " ", bare), patterns) else ()


def _other_write(text: str, listed: Listed, classify: Classify | None) -> bool:
    """True when ``text`` asks for another kind of write, named by its own action words."""
    task = classify(text) if classify is not None else None
    actions = dict(listed.write_tasks).get(task or "", ())
    return (
        not listed.lists(task)
        and bool(actions)
        and names_action(text, actions)
        and not names_action(text, listed.actions)
    )


def _names_other_change(text: str, listed: Listed) -> bool:
    """True when ``text`` names what another kind of write changes, not what this one does.

    "the address change is fine" beside a yes to a payment change agrees to something else.
    """
    if listed.topic and _words(listed.topic).search(f" {text} "):
        return False
    if names_action(text, listed.actions):  # "退到礼品卡" names the listed return
        return False
    return bool(_other_changes_named(text, listed))


def _spare_other_orders(norm: str, parts: Sequence[Part], listed: Listed) -> None:
    """A sentence that holds another order back declines nothing listed.

    "I might send back the sunglasses from #W2 at some point, not today": its "not today"
    is about #W2, not a no to the listed change.
    """
    start = 0
    for sentence in ex.SENTENCE_END.split(norm):
        begin = norm.find(sentence, start)
        end = begin + len(sentence)
        start = end
        # "and #W2 - no, don't cancel that one": #W2 is taken back, not the listed change
        held = ex.held_back_orders(sentence) - set(listed.orders)
        if not held:
            continue
        for part in parts:
            if begin <= part.start < end:
                part.kinds.discard("deny")


def _strong_lead(piece: str, words: Vocabulary) -> bool:
    """True when a part opens with an agreement that is more than an acknowledgement.

    Acknowledgements before it are read past: "嗯嗯 都确认吧", "ok yes go ahead with it".
    """
    for _ in range(MAX_LEADING_WORDS):
        length = _agreement_length(piece, words)
        if length == 0:
            return False
        if not _weak_only(piece[:length], words):
            return True
        piece = piece[length:].lstrip(" ,，、")
    return False


MAX_LEADING_WORDS = 4  # acknowledgements read past before a part's agreement


def _weak_only(text: str, words: Vocabulary) -> bool:
    """True when a part agrees only with weak words and filler ("ok sure", "好的吧")."""
    return _compose(text, (words.weak_affirm, words.filler)) is not None


def _other_change(
    text: str,
    origin: Sequence[int],
    parts: Sequence[Part],
    listed: Listed,
    classify: Classify | None,
) -> ConfirmationReading | None:
    """A reply asking for another kind of change instead: "wait, I'd rather exchange it".

    The listed change is declined (``no``) and the request is read anew (``rest``): a
    later "yes" must never run the change the customer moved away from.
    """
    if classify is None or not listed.write_tasks:
        return None
    words = vocabulary()
    # "so DON'T cancel. but can you send it to her new place instead: …": the listed action
    # declined in so many words, beside another change asked for
    declined = any("deny" in p.kinds and names_action(p.text, listed.actions) for p in parts)
    for part in parts:
        # A task picked by name ("then do the exchange") counts even where it reads as a
        # question; otherwise a question is answered, and "地址不改了" declines.
        picked = picks(part.text, listed.picked_by)
        if part.agrees or part.empty or "deny" in part.kinds:
            continue
        # "只取消 #W2" is short but names its order: long enough to ask for a change
        enough = _long_enough(part.text) or bool(ex.order_ids(part.text))
        requested = declined and words.request_form.search(f" {part.text} ") is not None
        if "question" in part.kinds and not picked and not requested:
            continue
        task = classify(part.text) or (classify(text) if picked else None)
        actions = dict(listed.write_tasks).get(task or "", ())
        # "yes, please activate it" beside a listed dispute: short, but it asks for another
        # change in that change's own words; the yes is not to what was listed
        if not enough and not (
            task != listed.task and actions and names_action(part.text, actions)
        ):
            continue
        # Another write, named by its own action words ("exchange it", "换成") or picked by
        # name: a value said for this change ("the Mastercard that paid for it") is none.
        if not listed.lists(task) and actions and picked:
            # "then do the exchange": a task picked by name is taken up as the dialogue takes
            # up a choice (the waiting task of that name, with what was said for it).
            return ConfirmationReading("correction", cues=("picks_task",))
        # Words that name the listed action as well ("改地址" for an order's address and the
        # profile's) name no other change: "刚才那个改地址的，确认办理" is this one.
        if (
            task != listed.task
            and actions
            and (declined or names_action(part.text, actions))
            and not names_action(part.text, listed.actions)
        ):
            request = text[origin[part.start] :] if part.start < len(origin) else text
            return ConfirmationReading("no", rest=request.strip(), cues=("other_change",))
    return None


def _tells_of_another_order(parts: Sequence[Part], listed: Listed) -> bool:
    """True when a reply asks about another order rather than moving the change to it.

    "My sunglasses order #W2 still says pending and it's been ages. What does pending
    mean?" tells of #W2 and asks: the listed change stays pending and the question is
    answered. "#W2 please", "wrong one, it's #W2", "return #W2 instead" move the change.
    """
    if not any("question" in p.kinds for p in parts):
        return False
    if any(p.kinds & {"correction", "weak_correction", "deny"} for p in parts):
        return False
    telling = [
        (index, p)
        for index, p in enumerate(parts)
        if "question" not in p.kinds and set(ex.order_ids(p.text)) - set(listed.orders)
    ]
    return all(
        (len(ex.mask_entities(p.text).split()) > TELLING_WORDS or _asked_about_next(index, parts))
        and not names_action(p.text, listed.actions)
        for index, p in telling
    )


def _asked_about_next(index: int, parts: Sequence[Part]) -> bool:
    """True when a part is a bare order id that the next part asks about.

    "#W2 — just tell me what's in it": the question is about #W2 ("it"); "#W2 please. how
    long does a refund take?" moves the change to #W2 and asks something else.
    """
    words = ex.mask_entities(parts[index].text).split()
    if any(w not in BARE_ID_WORDS for w in words) or index + 1 >= len(parts):
        return False
    following = parts[index + 1]
    return "question" in following.kinds and ex.refers_back(following.text)


# What may stand beside an order id in a part that only names it ("and #W2", "und #W2").
BARE_ID_WORDS = frozenset(
    {"ORDERID", "orderid", "and", "und", "et", "y", "also", "plus", "what", "about"}
)


TELLING_WORDS = 4  # a part naming another order with more words than this tells of it


def names_action(text: str, actions: Sequence[str]) -> bool:
    """True when ``text`` names one of ``actions`` (a write's action words, RE2), in any case.

    "Close my Gold card", "PIN reset": a capital at the start of a sentence or an acronym
    names the action as much as the lower-case word does.
    """
    action, _ = _naming(tuple(actions))
    return action.search(text.lower()) is not None


def _long_enough(text: str) -> bool:
    """Three words or four Chinese characters: enough to ask for a change."""
    return len(text.split()) >= 3 or len(ex.CJK.findall(text)) >= 4


def _names_specific(text: str, listed: Listed) -> bool:
    """True when a part names an item, option or value of the listing or its alternatives."""
    from keel.understanding.catalogue import contains_phrase

    common = vocabulary().common
    aliases = [n for names in listed.items for n in names]  # "radio" for Pocket Radio
    specific = [
        v for v in (*listed.values, *listed.alternatives, *aliases) if v.lower() not in common
    ]
    return any(len(v) >= 2 and contains_phrase(text, v) for v in specific)


def _acts_on_some_items(text: str, listed: Listed) -> bool:
    """True when a part names the listed action for some, not all, of the listed items."""
    from keel.understanding.catalogue import contains_phrase

    if len(listed.items) < 2 or not names_action(text, listed.actions):
        return False
    text = ex.without_descriptions(text)  # "cancel the bike one": which order, not which items
    named = sum(any(contains_phrase(text, n) for n in names) for names in listed.items)
    return 0 < named < len(listed.items)


def _names_just_the_listed(text: str, listed: Listed) -> bool:
    """True when a part names every listed item and nothing else the listing could change.

    "Yes, just the Rain Jacket" to a listing of the jacket alone (the clock taken out a turn
    before) restates it: no correction.
    """
    from keel.understanding.catalogue import contains_phrase

    if not listed.items:
        return False
    every = all(any(contains_phrase(text, n) for n in names) for names in listed.items)
    other = any(len(w) >= 2 and contains_phrase(text, w) for w in listed.alternatives)
    return every and not other and not changed_values(text, listed)


def _names_item(text: str, listed: Listed) -> bool:
    """True when a part names one of several listed items (by name or its last word).

    Items are the listing's values made of words (not ids, amounts or single options);
    with one item listed, declining it declines the change.
    """
    from keel.understanding.catalogue import contains_phrase

    common = vocabulary().common
    if listed.items:
        if len(listed.items) < 2:
            return False
        names = {n for names in listed.items for n in names if n.lower() not in common}
    else:  # a listing without its items: its values made of words stand for them
        items = [v for v in listed.values if " " in v and not re2.search(r"[0-9#@]", v)]
        if len(items) < 2:
            return False
        names = {n for v in items for n in (v, v.split()[-1]) if n.lower() not in common}
    return any(len(n) >= 2 and contains_phrase(text, n) for n in names)


def _about_listed(rest: str, listed: Listed, words: Vocabulary) -> bool:
    """True when a remark after a yes is about the listed change itself.

    It refers to it ("it", "the refund"), names one of its words, values or items, or an
    item or option it could have named instead.
    """
    from keel.understanding.catalogue import contains_phrase

    if words.about_listed.search(f" {rest} "):
        return True
    if listed.actions and _naming(listed.actions)[0].search(rest):
        return True  # "改地址以后会不会晚到？" names the listed action
    if listed.topic and _words(listed.topic).search(f" {rest} "):
        return True  # "will the new address delay it?" is about an address change
    own = set(re2.findall(r"[a-z0-9]{3,}", rest)) - words.common
    listed_words = {w for v in listed.values for w in re2.findall(r"[a-z0-9]{3,}", v.lower())}
    if own & (listed_words - words.common):
        return True
    return any(contains_phrase(rest, w) for w in (*listed.alternatives, *listed.values))


def _substantive(text: str) -> bool:
    """True when a part is long enough to be a request of its own (four words, six hanzi)."""
    han = len(re2.findall(r"[\x{4e00}-\x{9fff}]", text))
    return han >= 6 or len(text.split()) >= 4


def _states_values(text: str) -> bool:
    """True when a part states a value of a slot (an id, an address, a payment method …)."""
    return bool(
        re2.search(r"[0-9]", text)
        or ex.email(text)
        or ex.payment_ref(text)
        or ex.address(text)
        or ex.cancel_reason(text) not in (None, "other")
    )


def _agreement_or_not(
    parts: Sequence[Part],
    listed: Listed,
    classify: Classify | None,
    text: str,
    origin: Sequence[int],
) -> ConfirmationReading:
    """No question, doubt, denial or changed value: a yes, more, or unclear.

    A yes needs an explicit agreement ("yes", "go ahead", "确认", "👍"), alone or leading a
    part whose rest says nothing of substance; a part asking for another task after an
    agreement is a separate request.
    """
    all_listed = any("all" in p.kinds for p in parts)
    agreed = any(p.agrees or "affirm_lead" in p.kinds for p in parts)
    content = [p for p in parts if not (p.agrees or p.empty)]
    if not agreed:
        return ConfirmationReading("unclear", cues=("no_agreement",))
    if not content:
        return ConfirmationReading("yes", all_listed=all_listed, cues=("agree",))
    # "对，退到礼品卡，确认" restates a listed value with a plain yes; "好吧，退到paypal" (a weak
    # "ok" only) is asked again
    strong = any(p.agrees and not _weak_only(p.text, vocabulary()) for p in parts)
    if any(_states_values(p.text) and not (strong and _restates(p.text, listed)) for p in content):
        # "ok, it's #W…": values given beside an "ok" answer something; no plain yes
        return ConfirmationReading("unclear", cues=("values_with_agreement",))
    if classify is None:
        return ConfirmationReading("unclear", cues=("content_unread",))
    words = vocabulary()
    for part in content:
        if _names_other_change(part.text, listed):
            # "yes, the address change is fine" when a payment change was listed
            return ConfirmationReading("unclear", cues=("names_other_change",))
        if not _substantive(part.text):
            continue  # "just the order", "那就这样": too short to ask for a task of its own
        task = classify(part.text)
        if task is not None and not listed.lists(task) and _about_listed(part.text, listed, words):
            return ConfirmationReading("unclear", cues=("remark_on_listed",))
        if task is not None and not listed.lists(task):
            return ConfirmationReading(
                "yes_and_more",
                rest=text[origin[part.start] :],
                all_listed=all_listed,
                cues=("request",),
            )
    strong = strong or any(_strong_lead(p.text, vocabulary()) for p in parts)
    if not strong and any(_substantive(p.text) for p in content):
        # "Right, the address thing. To be honest the lease isn't signed yet, so …": a word
        # that acknowledges, then words of substance this reader cannot place, is no yes
        return ConfirmationReading("unclear", cues=("acknowledged_and_more",))
    return ConfirmationReading("yes", all_listed=all_listed, cues=("agree_and_chat",))


# --------------------------------------------------------------------------- combining


def most_cautious(offline: ConfirmationReading, model: ConfirmationReading) -> ConfirmationReading:
    """Combine the offline reading with a model's: the model may only add caution.

    A reading that executes stands only if both execute; otherwise the more cautious
    reading wins (the offline one on a tie), so no model output turns a question into a yes.
    """
    if offline.executes and model.executes:
        if model.reading == "yes_and_more" and offline.reading == "yes":
            return ConfirmationReading(
                "yes_and_more",
                rest=model.rest,
                all_listed=offline.all_listed and model.all_listed,
                cues=(*offline.cues, "model:more"),
                source="model",
                explicit=offline.explicit,
            )
        return ConfirmationReading(
            offline.reading,
            rest=offline.rest,
            more_orders=offline.more_orders,
            all_listed=offline.all_listed and model.all_listed,
            cues=offline.cues,
            source=offline.source,
            explicit=offline.explicit,  # words decide it, and the offline reader read them
        )
    if not offline.executes and (
        model.executes or CAUTION.index(offline.reading) >= CAUTION.index(model.reading)
    ):
        return offline
    return ConfirmationReading(
        model.reading,
        rest=model.rest,
        changed=model.changed,
        cues=(*offline.cues, f"model:{model.reading}"),
        source="model",
    )
