"""Linking for the offline SQL generator: question words to tables, columns and values.

The generator (:mod:`querying.offline`) reads a question with no language model, so how
a question is put (how many, per, top 5, last week, 多少, 每个, 上个月 …) is data: the word
lists in ``offline_words.yaml`` beside this module. This module turns question text into
tokens with English lemmas (Chinese text into characters), loads those lists once, and
matches their phrases. Every regular expression over question text is RE2 (linear time:
the question is untrusted input).
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import re2
import yaml
from numpy.typing import NDArray
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA, Hamming, Indel
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from keel.querying.schema import Catalogue, ColumnInfo, TableInfo
from keel.understanding.classifier import embed, normalize_text

_WORDS_FILE = Path(__file__).with_name("offline_words.yaml")

MAX_QUESTION_CHARS = 2000  # a longer question is read from its first 2,000 characters
MAX_TOKENS = 160  # and from at most this many tokens (bounded cost whatever is sent)

# Quoted spans first (their text is one value token), then dates, numbers, words, Han
# characters, and any other single symbol.
_QUOTED = re2.compile(
    r"\"([^\"\n]{1,120})\"|“([^”\n]{1,120})”|`([^`\n]{1,120})`|「([^」\n]{1,120})」"
    r"|(?:^|[\s(\[:,])'([^'\n]{1,120})'(?:$|[\s,.?;:)!\]])"
)
_TOKEN = re2.compile(
    r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}(?::\d{2})?|\d{1,2} ?(?:[aApP][mM])\b|\d+(?:st|nd|rd|th)\b"
    r"|\d+(?:\.\d+)?%?"
    r"|[A-Za-z][A-Za-z0-9_]*(?:['’.][A-Za-z0-9_]+)*|\p{Han}|[^\s]"
)
_NUMBER = re2.compile(r"\d+(?:\.\d+)?")
_DATE = re2.compile(r"\d{4}-\d{2}-\d{2}")
_CAMEL = re2.compile(r"[A-Z]+(?:[a-z]+)?|[a-z]+|\d+")

_IRREGULAR = {
    "people": "person",
    "children": "child",
    "men": "man",
    "women": "woman",
    "feet": "foot",
    "data": "data",
    "criteria": "criterion",
    "indices": "index",
    "analyses": "analysis",
    "diagnoses": "diagnosis",
    "statuses": "status",
    "series": "series",
    "species": "species",
    "news": "news",
    "has": "has",
    "is": "is",
    "was": "was",
    "this": "this",
    "its": "its",
    "his": "his",
    "does": "does",
    "yes": "yes",
}
_KEEP_S = ("ss", "us", "is", "os", "as")
_SUFFIXES = (
    "izations",
    "ization",
    "ations",
    "ation",
    "itions",
    "ition",
    "ments",
    "ment",
    "ings",
    "ing",
    "ions",
    "ion",
    "ness",
    "ities",
    "ity",
    "ers",
    "er",
    "ors",
    "or",
    "ed",
    "es",
    "al",
    "ly",
    "ive",
    "s",
    "e",
)


def normalise(text: str) -> str:
    """NFKC and lower case (full-width digits and letters become ASCII)."""
    return unicodedata.normalize("NFKC", text).lower()


def lemma(word: str) -> str:
    """A lower-case singular form: 'courses' -> 'course', "author's" -> 'author'."""
    w = normalise(word).strip("'’.-")
    for tail in ("'s", "’s"):
        if w.endswith(tail):
            w = w[: -len(tail)]
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if len(w) <= 3 or not w.isascii() or w[-1] != "s":
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "shes", "ches", "xes", "zes")):
        return w[:-2]
    if w.endswith(_KEEP_S):
        return w
    return w[:-1]


def stem(word: str) -> str:
    """A crude stem for loose matching: 'publication' and 'published' share 'publi…'."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def is_han(text: str) -> bool:
    """Whether ``text`` is a Chinese character (CJK unified ideographs)."""
    return len(text) == 1 and ("\u3400" <= text <= "\u9fff" or "\uf900" <= text <= "\ufaff")


def split_name(name: str) -> list[str]:
    """Words of an identifier: snake_case, camelCase and digits split, lower-cased."""
    words: list[str] = []
    for part in name.replace("-", "_").replace(" ", "_").split("_"):
        if not part:
            continue
        pieces = [m.group() for m in _CAMEL.finditer(part)] or [part]
        words.extend(p.lower() for p in pieces)
    return words


@dataclass(frozen=True)
class Token:
    """One token of a question: as written, lower-cased, and its lemma."""

    text: str
    norm: str
    lemma: str
    start: int
    end: int
    kind: str  # word, number, date, time, quoted, han, punct

    @property
    def is_capitalised(self) -> bool:
        """Starts with a capital letter (a name, unless it opens the sentence)."""
        return self.kind == "word" and self.text[:1].isupper()


def tokenize(question: str, *, gloss: bool = True) -> list[Token]:
    """The question's tokens; a quoted span is one ``quoted`` token (a value as written).

    With ``gloss``, Chinese nouns of the glossary become one English word each.
    """
    text = question[:MAX_QUESTION_CHARS]
    tokens: list[Token] = []
    position = 0
    for match in _QUOTED.finditer(text):
        group = next(i for i in range(1, 6) if match.group(i) is not None)
        inner_start, inner_end = match.start(group), match.end(group)
        tokens.extend(_plain_tokens(text[position : inner_start - 1], position, gloss))
        inner = match.group(group)
        tokens.append(
            Token(inner, normalise(inner), normalise(inner), inner_start, inner_end, "quoted")
        )
        position = inner_end + 1
        if len(tokens) >= MAX_TOKENS:
            break
    tokens.extend(_plain_tokens(text[position:], position, gloss))
    return tokens[:MAX_TOKENS]


def _plain_tokens(text: str, offset: int, gloss: bool) -> list[Token]:
    tokens: list[Token] = []
    for match in _TOKEN.finditer(text):
        raw = match.group()
        start, end = offset + match.start(), offset + match.end()
        tokens.append(Token(raw, normalise(raw), _lemma_of(raw), start, end, _kind(raw)))
        if len(tokens) >= MAX_TOKENS:
            break
    return _glossed(tokens) if gloss else tokens


def _glossed(tokens: list[Token]) -> list[Token]:
    """Words of the lexicon's rewrites as the English words they stand for.

    Chinese business nouns become English ones ('订单' -> order, '礼品卡' -> gift card) and
    English words that fold a column into an adjective are spelt out ('cheapest' -> lowest
    price), so a question links as if written plainly. The longest rewrite wins; the new
    tokens keep the span of the words they replace. Cue phrases ('多少', '每个') stay as
    written: they are matched as the lexicon writes them.
    """
    rewrites = lexicon().rewrites
    if not rewrites:
        return tokens
    out: list[Token] = []
    at = 0
    while at < len(tokens):
        hit = _rewrite_at(tokens, at, rewrites)
        if hit is None:
            out.append(tokens[at])
            at += 1
            continue
        end, words = hit
        out.extend(_rewritten(tokens[at:end], words))
        at = end
    return out


def _rewrite_at(
    tokens: Sequence[Token], at: int, rewrites: dict[tuple[str, ...], tuple[str, ...]]
) -> tuple[int, tuple[str, ...]] | None:
    """The end and the words of the longest rewrite starting at ``at`` (hyphens skipped)."""
    first = tokens[at]
    if first.kind not in ("word", "han"):
        return None
    keys: list[str] = []
    found: tuple[int, tuple[str, ...]] | None = None
    end = at
    while end < len(tokens) and len(keys) < _REWRITE_SPAN:
        token = tokens[end]
        end += 1
        if token.text == "-" and keys:
            continue
        if token.kind not in ("word", "han") or (token.kind == "han") != (first.kind == "han"):
            break
        keys.append(token.lemma)
        words = rewrites.get(tuple(keys))
        if words is not None:
            found = (end, words)
    return found


_REWRITE_SPAN = 8  # words (or characters) of a rewrite at most


def _rewritten(span: Sequence[Token], words: tuple[str, ...]) -> list[Token]:
    """The tokens of a rewrite: English norms and lemmas over the span replaced.

    One lower-case word keeps the text as written (a Chinese noun reads as written in a
    refusal; windows and cues match on it); a name ('Seattle') or several words are
    written in English, so a name reads as a name.
    """
    start, end = span[0].start, span[-1].end
    named = any(w[:1].isupper() for w in words)
    if len(words) == 1 and not named:
        text = "".join(t.text for t in span if t.text != "-")
        if span[0].kind != "han":
            text = " ".join(t.text for t in span if t.text != "-")
        return [Token(text, normalise(words[0]), lemma(words[0]), start, end, "word")]
    return [Token(w, normalise(w), lemma(w), start, end, "word") for w in words]


def _lemma_of(raw: str) -> str:
    if raw[:1].isalpha() and raw.isascii():
        return lemma(raw)
    return normalise(raw)


def _kind(raw: str) -> str:
    if _DATE.fullmatch(raw):
        return "date"
    if raw[:1].isdigit() and (":" in raw or raw[-2:].lower() in ("am", "pm")):
        return "time"
    if raw[:1].isdigit() and raw[-2:] in ("st", "nd", "rd", "th"):
        return "number"
    if _NUMBER.fullmatch(raw.rstrip("%")):
        return "number"
    if is_han(raw):
        return "han"
    if raw[:1].isalpha():
        return "word"
    return "punct"


# ----------------------------------------------------------------------------- the lexicon


@dataclass(frozen=True)
class Phrase:
    """A cue phrase of the lexicon: its words (lemmas or characters) and what it means."""

    words: tuple[str, ...]
    category: str  # aggregate, superlative, group, order, limit, compare, like, negation, …
    value: str  # the subkind: count, desc, >, prefix …


@dataclass(frozen=True)
class TimeWindow:
    """A relative time window of the lexicon ("last week", "past {n} days", "上个月")."""

    words: tuple[str, ...]
    unit: str
    back: int | None  # None: the number in the phrase ({n})
    kind: str  # calendar or rolling


@dataclass(frozen=True)
class Lexicon:
    """The word lists of ``offline_words.yaml``, lemmatised once."""

    stop: frozenset[str]
    generic: frozenset[str]
    weak: frozenset[str]
    phrases: tuple[Phrase, ...]
    windows: tuple[TimeWindow, ...]
    numerals: dict[str, int]
    abbreviations: dict[str, str]
    by_first: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)
    known: tuple[str, ...] = ()  # generic and weak words (for typo tolerance)
    # words (lemmas, or Chinese characters) -> the English words they stand for
    rewrites: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)
    fillers: tuple[tuple[str, ...], ...] = ()  # idioms that say nothing ('right now')
    aliases: dict[str, str] = field(default_factory=dict)  # 'texas' -> 'TX'
    percent: frozenset[str] = frozenset()  # words asking for a percentage, not a fraction
    options: dict[str, frozenset[str]] = field(default_factory=dict)  # color -> red, black …
    after: frozenset[str] = frozenset()  # aggregate words written after their noun ('订单数')
    currency: frozenset[str] = frozenset()  # '$', 'dollars', '元': a number is a sum of money
    money: frozenset[str] = frozenset()  # last words of columns holding money (price …)
    measure_words: frozenset[str] = frozenset()  # '个', '位': a number before counts a noun

    def is_content(self, token: Token) -> bool:
        """A word that must be explained by the schema (not a function or generic word)."""
        if token.norm in self.numerals:
            return False  # 'three', '三': a number, read as one
        if token.kind == "han":
            return token.lemma not in self.stop and token.lemma not in self.generic
        if token.kind != "word":
            return False
        head = token.norm.replace("’", "'").split("'")[0]
        if head != token.norm and (head in self.stop or head in self.generic):
            return False  # "they've", "we'd", "you're": a function word, contracted
        return not (
            token.lemma in self.stop
            or token.lemma in self.generic
            or token.norm in self.stop
            or token.norm in self.generic
            or len(token.lemma) < 2
        )

    def is_weak(self, token: Token) -> bool:
        """A verb or adjective of relation: unlinked, it is noted but refuses nothing.

        A misspelt function or generic word ('occured') counts as one.
        """
        if token.lemma in self.weak or token.norm in self.weak:
            return True
        return token.kind == "word" and len(token.lemma) >= 5 and _near_word(token.lemma, self)


def _near_word(word: str, lex: Lexicon) -> bool:
    """Whether ``word`` is one letter away from a generic or weak word (a typo)."""
    found = process.extractOne(word, lex.known, scorer=fuzz.ratio, score_cutoff=88)
    return found is not None


def phrase_words(text: str) -> tuple[str, ...]:
    """The lemmas (or characters) a lexicon phrase is matched on."""
    return tuple(
        t.lemma for t in tokenize(text, gloss=False) if t.kind != "punct" or t.text in ".'%"
    )


@cache
def lexicon() -> Lexicon:
    """The lexicon, loaded once from ``offline_words.yaml``."""
    raw: dict[str, Any] = yaml.safe_load(_WORDS_FILE.read_text(encoding="utf-8"))
    phrases = list(_phrases(raw))
    by_first: dict[str, list[Phrase]] = {}
    for phrase in phrases:
        by_first.setdefault(phrase.words[0], []).append(phrase)
    return Lexicon(
        stop=_lemmas(raw["stop"]),
        generic=_generic(raw),
        weak=_lemmas(raw["weak"]),
        phrases=tuple(phrases),
        windows=tuple(_windows(raw["time_windows"])),
        numerals={str(k): int(v) for k, v in raw["numerals"].items()},
        abbreviations={str(k): str(v) for k, v in raw["abbreviations"].items()},
        aliases={normalise(str(k)): str(v) for k, v in (raw.get("value_aliases") or {}).items()},
        percent=_lemmas(raw.get("percent") or ()),
        after=frozenset(str(w) for w in raw.get("aggregate_after") or ()),
        currency=frozenset(lemma(str(w)) for w in raw.get("currency") or ()),
        money=frozenset(lemma(str(w)) for w in raw.get("money_columns") or ()),
        measure_words=frozenset(str(w) for w in raw.get("measure_words") or ()),
        options={
            str(k): frozenset(normalise(str(v)) for v in values)
            for k, values in (raw.get("option_values") or {}).items()
        },
        by_first={k: tuple(sorted(v, key=lambda p: -len(p.words))) for k, v in by_first.items()},
        known=tuple(
            sorted(w for w in _lemmas(raw["generic"]) | _lemmas(raw["weak"]) if len(w) >= 4)
        ),
        rewrites=_rewrites(raw),
        fillers=tuple(sorted({phrase_words(str(f)) for f in raw.get("fillers") or ()}, key=len)),
    )


def _generic(raw: dict[str, Any]) -> frozenset[str]:
    """The lexicon's generic words and scikit-learn's English stop words.

    scikit-learn's list is a maintained list of words that carry no content; the few of
    them that may name something a database holds ('bill', 'fire', 'interest') are listed
    in the lexicon's ``stop_word_exceptions`` and stay content words.
    """
    exceptions = {str(w).lower() for w in raw.get("stop_word_exceptions") or ()}
    maintained = [w for w in ENGLISH_STOP_WORDS if w not in exceptions]
    return _lemmas(raw["generic"]) | _lemmas(maintained)


def _rewrites(raw: dict[str, Any]) -> dict[tuple[str, ...], tuple[str, ...]]:
    """The rewrites and the Chinese glossary, keyed by lemmas (English) or characters."""
    found: dict[tuple[str, ...], tuple[str, ...]] = {}
    for section in ("glossary", "rewrites"):
        for key, value in (raw.get(section) or {}).items():
            words = tuple(str(value).split())
            text = str(key)
            keys = tuple(text) if all(is_han(c) for c in text) else phrase_words(text)
            if keys and words:
                found[keys] = words
    return found


def _lemmas(words: Iterable[Any]) -> frozenset[str]:
    found: set[str] = set()
    for word in words:
        text = str(word)
        found.add(normalise(text))
        found.update(phrase_words(text))
    return frozenset(found)


def _phrases(raw: dict[str, Any]) -> Iterable[Phrase]:
    for category in (
        "aggregate",
        "superlative",
        "temporal_superlative",
        "order",
        "compare",
        "like",
        "bucket",
        "duration",
    ):
        for value, texts in (raw.get(category) or {}).items():
            for text in texts:
                yield Phrase(phrase_words(str(text)), category, str(value))
    for category in (
        "group",
        "group_after",
        "limit",
        "negation",
        "projection",
        "ratio",
        "ratio_to",
        "since",
    ):
        for text in raw.get(category) or ():
            yield Phrase(phrase_words(str(text)), category, category)


def _windows(items: Sequence[dict[str, Any]]) -> Iterable[TimeWindow]:
    for item in items:
        words = phrase_words(str(item["phrase"]).replace("{n}", " {n} "))
        words = tuple("{n}" if w in ("{", "n", "}") else w for w in words)
        compact: list[str] = []
        for word in words:  # "{ n }" tokenises as three symbols: keep one placeholder
            if word == "{n}" and compact and compact[-1] == "{n}":
                continue
            compact.append(word)
        back = item.get("back")
        yield TimeWindow(
            tuple(compact),
            str(item["unit"]),
            None if back is None else int(back),
            str(item["kind"]),
        )


def match_phrase(words: Sequence[str], at: int, candidates: Sequence[Phrase]) -> Phrase | None:
    """The longest phrase of ``candidates`` that starts at ``words[at]``."""
    for phrase in candidates:  # longest first
        end = at + len(phrase.words)
        if end <= len(words) and tuple(words[at:end]) == phrase.words:
            return phrase
    return None


def number_of(token: Token, numerals: dict[str, int]) -> float | None:
    """The number a token writes (digits, or a numeral word such as 'five' or '五')."""
    if token.kind == "number":
        text = token.norm.rstrip("%")
        text = text[:-2] if text[-2:] in ("st", "nd", "rd", "th") else text
        try:
            return float(text)
        except ValueError:
            return None
    if token.norm in numerals:
        return float(numerals[token.norm])
    return None


# ------------------------------------------------------------------------ the schema index

LINK_THRESHOLD = 0.5  # a span becomes a mention of a table or column from this score
EXPLAIN_THRESHOLD = 0.3  # a word matching only a comment is explained, not a mention
EMBED_MARGIN = 0.045  # a Chinese phrase links by embedding this far above its median similarity
EMBED_MARGIN_LATIN = 0.12  # an English word must stand out much more (its names link lexically)
EMBED_FLOOR = 0.85  # and reach this cosine similarity
MAX_EMBED_PHRASES = 16  # phrases of one question embedded at most (bounded cost)
MAX_SPAN = 4  # content words in one mention at most

# Name words that say little on their own ("id", "name"): they count less in coverage.
_GENERIC_NAME_WORDS = frozenset(
    ["id", "name", "code", "number", "num", "no", "type", "is", "has", "value", "total", "count"]
)
_GENERIC_NAME_WEIGHT = 0.4
_SPAN_BONUS = 0.15  # one mention of two words beats two mentions of one word each, at equal scores
_SKIPPABLE = frozenset(["of", "the", "a", "an", "'s", "’s", "for"])


@dataclass(frozen=True)
class Element:
    """A table or a column as the linker sees it: name words, table words, comment words."""

    table: str
    column: str | None
    words: tuple[str, ...]
    table_words: tuple[str, ...]
    comment: tuple[str, ...]
    kind: str  # table, or the column's kind: number, text, time, bool, other

    @property
    def key(self) -> str:
        """``table`` or ``table.column``."""
        return self.table if self.column is None else f"{self.table}.{self.column}"


@dataclass(frozen=True)
class Edge:
    """A join step: ``table.column = other.other_column`` (cost: shorter paths win)."""

    table: str
    column: str
    other: str
    other_column: str
    cost: float


@dataclass(frozen=True)
class SampleValue:
    """A sampled value of a text column."""

    table: str
    column: str
    value: str


@cache
def _abbreviations() -> dict[str, str]:
    return lexicon().abbreviations


def _prefix_len(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


_SCORE_CACHE: dict[tuple[str, str], float] = {}


def word_score(q: str, n: str) -> float:
    """How well question word ``q`` matches name word ``n`` (lemmas), from 0 to 1."""
    key = (q, n)
    found = _SCORE_CACHE.get(key)
    if found is None:
        found = _word_score(q, n)
        if len(_SCORE_CACHE) > 200_000:
            _SCORE_CACHE.clear()
        _SCORE_CACHE[key] = found
    return found


def _word_score(q: str, n: str) -> float:
    if q == n:
        return 1.0
    if not q or not n or not q[0].isalnum():
        return 0.0
    abbreviations = _abbreviations()
    if abbreviations.get(n) == q or abbreviations.get(q) == n:
        return 0.9
    sq, sn = stem(q), stem(n)
    if sq == sn:
        return 0.9
    shared = _prefix_len(sq, sn)
    short = shared >= 4 and shared == min(len(sq), len(sn)) and max(len(q), len(n)) - shared <= 2
    if shared >= 5 or short:
        return 0.8  # "publication" and "published"; "name" and "named" (not "grade", "graduate")
    if 3 <= len(n) <= 4 and len(q) >= len(n) + 2 and q.startswith(n) and n.isalpha():
        return 0.7  # an abbreviation in a name: "cust" for customer, "dept" for department
    if len(n) >= 7 and len(q) >= 4 and (n.startswith(q) or n.endswith(q)):
        return 0.6  # part of a compound name: "join" in "joindate"
    if min(len(q), len(n)) >= 5 and fuzz.ratio(q, n) >= 88:
        return 0.75  # a typo
    if _slip(q, n):
        return 0.75  # 'oders' for orders, 'oredr' for order
    return 0.0


def _slip(q: str, n: str) -> bool:
    """Whether ``q`` is ``n`` with one slip: a letter left out, added or swapped.

    Not a letter replaced ('cars' is no slip of 'card'); words of four letters or more
    that start as the name does.
    """
    if min(len(q), len(n)) < 4 or max(len(q), len(n)) < 5 or q[0] != n[0]:
        return False
    if abs(len(q) - len(n)) == 1:
        return Indel.distance(q, n) == 1
    return len(q) == len(n) and OSA.distance(q, n) == 1 and Hamming.distance(q, n) == 2


def deletions(word: str) -> set[str]:
    """The word with one letter left out (keys that find a word one slip away)."""
    return {word[:i] + word[i + 1 :] for i in range(len(word))} if len(word) >= 4 else set()


def _slip_keys(word: str) -> set[str]:
    """Keys of the names one slip away from ``word`` (see :func:`deletions`)."""
    if len(word) < 4:
        return set()
    dropped = deletions(word)
    return dropped | {f"~{d}" for d in dropped} | {f"~{word}"}


def index_keys(word: str) -> set[str]:
    """Keys of the inverted index: the lemma, a 4-letter stem prefix, the abbreviation."""
    keys = {word, stem(word)[:4]}
    expansion = _abbreviations().get(word)
    if expansion:
        keys.update((expansion, stem(expansion)[:4]))
    return {k for k in keys if k}


def _compound_keys(word: str) -> set[str]:
    if len(word) < 7:
        return set()
    return {word[i : i + 4] for i in range(len(word) - 3)}


def _common_prefix(names: Sequence[str], *, min_rest: int = 2) -> str:
    if len(names) < 2:
        return ""
    lowered = [n.lower() for n in names]
    prefix = lowered[0]
    for name in lowered[1:]:
        prefix = prefix[: _prefix_len(prefix, name)]
    if len(prefix) < 2 or any(len(n) - len(prefix) < min_rest for n in lowered):
        return ""
    return prefix


def _content_lemmas(text: str, limit: int = 40) -> tuple[str, ...]:
    lex = lexicon()
    found = [
        t.lemma
        for t in tokenize(text[:400])
        if t.kind == "word" and t.lemma not in lex.stop and (len(t.lemma) >= 3 or t.lemma == "id")
    ]
    return tuple(found[:limit])


def _name_words(name: str, prefix: str) -> tuple[str, ...]:
    core = name[len(prefix) :] if prefix and name.lower().startswith(prefix) else name
    return tuple(lemma(w) for w in split_name(core) if w)


class SchemaIndex:
    """Everything the linker needs of one catalogue, built once and cached by its hash."""

    def __init__(self, catalogue: Catalogue) -> None:
        """Index the tables, columns, keys, join edges and sampled values of ``catalogue``."""
        self.catalogue = catalogue
        self.dialect = catalogue.dialect
        tables = list(catalogue.tables.values())
        self.table_prefix = _common_prefix([t.name for t in tables], min_rest=3)
        self.column_prefix = {
            t.name: _common_prefix([c.name for c in t.columns])
            for t in tables
            if len(t.columns) >= 3
        }
        self.elements: list[Element] = []
        self.keys: dict[str, str | None] = {}
        self.display: dict[str, tuple[str, ...]] = {}
        self.by_key: dict[str, set[int]] = {}
        self.values: dict[str, list[SampleValue]] = {}
        self.values_by_key: dict[str, set[str]] = {}  # one-word samples by stem prefix
        self.values_by_stems: dict[str, list[SampleValue]] = {}  # samples of words by stems
        self.from_comments: set[tuple[str, str, str]] = set()  # values only a comment names
        self.shapes: dict[str, list[Shape]] = {}  # the shape all samples of a column share
        # fields of JSON columns: (table, 'options.color') -> ('options', 'color')
        self.fields: dict[tuple[str, str], tuple[str, str]] = {}
        for table in tables:
            self._add_table(table)
        self._add_entities(tables)
        self.name_words = {w for e in self.elements for w in e.words}
        self.edges: dict[str, list[Edge]] = build_edges(self)
        self._vectors: NDArray[np.float32] | None = None

    # -- building

    def _add_table(self, table: TableInfo) -> None:
        table_words = _name_words(table.name, self.table_prefix)
        self._add(
            Element(table.name, None, table_words, (), _content_lemmas(table.comment), "table")
        )
        prefix = self.column_prefix.get(table.name, "")
        for column in table.columns:
            words = _name_words(column.name, prefix)
            comment = _content_lemmas(column.comment)
            self._add(Element(table.name, column.name, words, table_words, comment, column.kind))
            for field_key in json_keys(column):
                field_name = f"{column.name}.{field_key}"
                self.fields[(table.name, field_name)] = (column.name, field_key)
                words = (lemma(field_key),)
                self._add(Element(table.name, field_name, words, table_words, (), "text"))
            if column.kind in ("text", "other"):
                for sample in column.samples:
                    self._add_value(table.name, column.name, sample)
                for named in comment_values(column):
                    self.from_comments.add((table.name, column.name, named))
                    self._add_value(table.name, column.name, named)
                for shaped in column_shapes(table, column):
                    self.shapes.setdefault(shaped.shape, []).append(shaped)
        self.keys[table.name] = key_column(table, table_words)
        key = self.keys[table.name]
        if key is not None and "id" not in _name_words(key, prefix):
            # "domain ID" names the key of domain even when it is called "did"
            info = table.column(key)
            kind = info.kind if info is not None else "other"
            self._add(Element(table.name, key, (*table_words, "id"), table_words, (), kind))
        self.display[table.name] = display_columns(table, table_words, prefix)

    def _add_entities(self, tables: Sequence[TableInfo]) -> None:
        """Other names of tables, from their keys' comments, unless a table is so named.

        'Unique identifier of the customer': the rows of users are customers.
        """
        names = {e.words for e in self.elements if e.column is None}
        for table in tables:
            entity = entity_words(table, self.keys.get(table.name))
            if entity and entity not in names:
                names.add(entity)
                self._add(Element(table.name, None, entity, (), (), "table"))

    def _add(self, element: Element) -> None:
        position = len(self.elements)
        self.elements.append(element)
        keys: set[str] = set()
        for word in (*element.words, *element.table_words[:0], *element.comment):
            keys |= index_keys(word)
        for word in element.words:
            keys |= _compound_keys(word)
            keys |= {f"~{d}" for d in deletions(word)}
        if len(element.words) > 1:
            keys.add("".join(element.words))  # "payload" finds pay_load
        for key in keys:
            self.by_key.setdefault(key, set()).add(position)

    def _add_value(self, table: str, column: str, sample: str) -> None:
        text = " ".join(normalise(sample).split())
        if not text or len(text) > 60 or len(text.split()) > 6:
            return
        self.values.setdefault(text, []).append(SampleValue(table, column, sample))
        spaced = " ".join(text.replace("_", " ").replace("-", " ").split())
        if spaced != text:  # 'gift_card' is written 'gift card'
            self.values.setdefault(spaced, []).append(SampleValue(table, column, sample))
        words = spaced.split()
        if len(words) > 1 and all(w.isalpha() for w in words):
            stems = " ".join(stem(lemma(w)) for w in words)
            self.values_by_stems.setdefault(stems, []).append(SampleValue(table, column, sample))
        if text.isalpha() and len(text) >= 4:
            self.values_by_key.setdefault(stem(text)[:4], set()).add(text)

    # -- reading

    def element(self, table: str, column: str | None) -> Element | None:
        """The element of ``table`` (and ``column``), or None."""
        for element in self.elements:
            if element.table == table and element.column == column:
                return element
        return None

    def column_kind(self, table: str, column: str) -> str:
        """The coarse kind of ``table.column`` (number, text, time, bool, other).

        A field of a JSON column ('options.color', see :func:`json_keys`) is text.
        """
        if (table, column) in self.fields:
            return "text"
        info = self.catalogue.tables[table].column(column)
        return info.kind if info is not None else "other"

    def candidates(self, words: Iterable[str]) -> set[int]:
        """Elements sharing an index key with any of ``words``."""
        found: set[int] = set()
        for word in words:
            for key in index_keys(word):
                found |= self.by_key.get(key, set())
            for key in _slip_keys(word):
                found |= self.by_key.get(key, set())
        return found

    def vectors(self) -> NDArray[np.float32]:
        """Embeddings of every element's name (computed once per catalogue)."""
        if self._vectors is None:
            texts = [normalize_text(element_text(e)) for e in self.elements]
            self._vectors = embed(texts) if texts else np.zeros((0, 384), dtype=np.float32)
        return self._vectors


_ENTITY = re2.compile(
    r"(?i)\b(?:identifier|id)\s+(?:of|for)\s+(?:each|every|the|a|an|this|one)?\s*"
    r"([a-z][a-z -]{1,60})"
)
MAX_ENTITY_WORDS = 3


def entity_words(table: TableInfo, key: str | None) -> tuple[str, ...]:
    """What one row of ``table`` is, as its key's comment says; () when it says nothing.

    'Unique identifier of the customer' -> customer (up to the first function word).
    """
    info = table.column(key) if key is not None else None
    if info is None:
        return ()
    match = _ENTITY.search(info.comment)
    if match is None:
        return ()
    lex = lexicon()
    words: list[str] = []
    for token in tokenize(match.group(1), gloss=False):
        if (
            token.kind != "word"
            or token.lemma in lex.stop
            or (words and lex.is_weak(token))  # 'meal served': the meal
            or len(words) >= MAX_ENTITY_WORDS
        ):
            break
        if token.lemma in lex.generic and token.lemma not in ("item", "type", "record"):
            return ()  # 'daily check-in count', 'record': not a name for the rows
        words.append(token.lemma)
    if len(words) == 1 and words[0] in ("item", "record", "type"):
        return ()
    return tuple(words)


_LISTED = re2.compile(r"\(([^()]{1,160})\)")
_QUOTED_VALUE = re2.compile(r"'([^']{1,40})'")
_EXAMPLES = re2.compile(
    r"(?i)(?:\be\.g\.,?|\bsuch as|\bfor example|\bfor instance|:)\s*([^.;()]{1,200})"
)
MAX_COMMENT_VALUES = 12


def comment_values(column: ColumnInfo) -> list[str]:
    """Values a text column's comment names: quoted, given as examples or enumerated.

    "Order status: pending, processed, delivered …", "(e.g. Rain Jacket, Travel Mug)",
    "'no longer needed' or 'ordered by mistake'": a question may name one that no sample
    holds.
    """
    if column.kind != "text" or "json" in column.type.lower():
        return []
    found = [m.group(1).strip() for m in _QUOTED_VALUE.finditer(column.comment)]
    for match in _EXAMPLES.finditer(column.comment):
        found.extend(_enumerated(match.group(1)))
    for match in _LISTED.finditer(column.comment):
        found.extend(_enumerated(match.group(1)))
    digits = {any(c.isdigit() for c in s) for s in column.samples}
    alike = [v for v in found if not digits or any(c.isdigit() for c in v) in digits]
    return list(dict.fromkeys(v for v in alike if v))[:MAX_COMMENT_VALUES]


def _enumerated(text: str) -> list[str]:
    """'a, b or c …' -> a, b, c (short items of a list only; not a sentence)."""
    cleaned = text.replace("…", " ").replace("...", " ").replace(" etc", " ")
    parts = [p.strip(" '\"") for p in re2.split(r",|\bor\b|\band\b|/", cleaned)]
    parts = [re2.sub(r"(?i)^(?:e\.g\.|eg|such as|for example)\s*", "", p) for p in parts]
    parts = [p for p in parts if p]
    if len(parts) < 2 or any(len(p) > 40 or len(p.split()) > 4 for p in parts):
        return []
    return parts


_KEY = re2.compile(r"[A-Za-z_][A-Za-z0-9_]{0,40}")


def json_keys(column: ColumnInfo) -> tuple[str, ...]:
    """The fields a JSON column holds, as its comment lists them in brackets.

    'The item's option values as JSON (color, size, material …)': color, size, material.
    """
    if "json" not in column.type.lower():
        return ()
    match = _LISTED.search(column.comment)
    if match is None:
        return ()
    found = [p.strip().strip(".…").strip() for p in match.group(1).split(",")]
    return tuple(k.lower() for k in found if _KEY.fullmatch(k) and k.lower() not in ("etc", "eg"))


@dataclass(frozen=True)
class Shape:
    """The shape every sample of a text column has ('#A9999999'), after a constant prefix.

    A value of that shape the question writes is a value of the column even when no sample
    holds it ('#W6355325'); written without the prefix ('W6355325'), it gets it back.
    """

    shape: str
    table: str
    column: str
    prefix: str  # punctuation every sample starts with ('#'), '' for the whole shape
    upper: bool  # the samples' letters are upper case
    key: bool  # the column is its table's primary key


MIN_SHAPED_SAMPLES = 3  # distinct samples a column needs before its shape is trusted


def shape_of(text: str) -> str:
    """Letters as 'A', digits as '9', anything else as written: '#W1009349' -> '#A9999999'."""
    return "".join("A" if c.isalpha() else "9" if c.isdigit() else c for c in text)


def column_shapes(table: TableInfo, column: ColumnInfo) -> list[Shape]:
    """The shape of a column's values, whole and after their punctuation prefix (if any).

    Only shapes that say something: some digits, and some letters or punctuation (an id
    or a code), never plain numbers or words.
    """
    samples = list(dict.fromkeys(column.samples))
    if len(samples) < MIN_SHAPED_SAMPLES:
        return []
    shapes = {shape_of(s) for s in samples}
    if len(shapes) != 1:
        return []
    shape = shapes.pop()
    if not any(c == "9" for c in shape) or not any(c != "9" for c in shape) or len(shape) < 4:
        return []
    upper = all(c.isupper() for s in samples for c in s if c.isalpha())
    key = column.primary_key
    found = [Shape(shape, table.name, column.name, "", upper, key)]
    prefix = ""
    while len(prefix) < len(shape) - 1 and not shape[len(prefix)].isalnum():
        prefix += shape[len(prefix)]
    if prefix and all(s.startswith(prefix) for s in samples):
        found.append(Shape(shape[len(prefix) :], table.name, column.name, prefix, upper, key))
    return found


def element_text(element: Element) -> str:
    """What an element's embedding is of: its name words, abbreviations spelt out."""
    abbreviations = _abbreviations()
    words = [abbreviations.get(w, w) for w in element.words] or list(element.table_words)
    return " ".join(words)


def key_column(table: TableInfo, table_words: Sequence[str]) -> str | None:
    """The column identifying a row of ``table`` (declared, described or named so)."""
    if len(table.primary_key) == 1:
        return table.primary_key[0]
    if table.primary_key:
        return None
    for column in table.columns:
        comment = column.comment.lower()
        if (
            "unique identifier" in comment or "primary key" in comment or "unique id" in comment
        ) and ("foreign" not in comment and "referenc" not in comment):
            return column.name
    singular = "".join(table_words)
    initials = "".join(w[0] for w in table_words if w)
    names = {
        "id",
        f"{singular}_id",
        f"{singular}id",
        f"{initials}id",
        f"{table.name.lower()}_id",
        f"{singular}_code",
    }
    for column in table.columns:
        if column.name.lower() in names:
            return column.name
    return None


def display_columns(
    table: TableInfo, table_words: Sequence[str], prefix: str = ""
) -> tuple[str, ...]:
    """The columns that name a row of ``table`` for a reader (name, title, first + last)."""
    texts = [c for c in table.columns if c.kind == "text"]
    ranked: list[tuple[int, str]] = []
    for column in texts:
        words = list(_name_words(column.name, prefix))
        if (
            words in (["name"], ["title"])
            or words == [*table_words, "name"]
            or (words[-1:] == ["name"] and words[0] in table_words)
        ):
            ranked.append((0, column.name))
        elif words[-1:] in (["name"], ["title"]) and words[0] not in (
            "first",
            "last",
            "user",
            "file",
            "contact",
        ):
            ranked.append((1, column.name))
        elif (
            len(words) == 1
            and words[0].endswith(("name", "title"))
            and words[0][:-4] in ("".join(table_words), table_words[-1] if table_words else "")
        ):
            ranked.append((1, column.name))  # "authorname" in author
    if ranked:
        return (min(ranked)[1],)
    first = next((c.name for c in texts if split_name(c.name)[:1] in (["first"], ["fname"])), None)
    last = next((c.name for c in texts if split_name(c.name)[:1] in (["last"], ["lname"])), None)
    if first and last:
        return (first, last)
    named = [c.name for c in texts if "name" in split_name(c.name)]
    return tuple(named[:1])


_REFERENCE_WORDS = frozenset(
    ["id", "identifier", "reference", "referencing", "foreign", "key", "code"]
)
_NOT_REFERENCES = frozenset(["id", "name", "code", "description", "year", "type", "status"])


def build_edges(index: SchemaIndex) -> dict[str, list[Edge]]:
    """Join steps: declared and inferred foreign keys, keys named alike, comments naming a table."""
    found: dict[tuple[str, str, str, str], float] = {}
    catalogue = index.catalogue
    for table in catalogue.tables.values():
        for fk in table.foreign_keys:
            referred = catalogue.table(fk.ref_table)
            if referred is not None:
                _put(found, (table.name, fk.column, referred.name, fk.ref_column), 1.0)
        for column in table.columns:
            for target, cost in _references(index, table, column):
                _put(found, (table.name, column.name, *target), cost)
    _same_names(index, found)
    edges: dict[str, list[Edge]] = {name: [] for name in catalogue.tables}
    for (a, ac, b, bc), cost in found.items():
        edges[a].append(Edge(a, ac, b, bc, cost))
        edges[b].append(Edge(b, bc, a, ac, cost))
    return edges


SAME_NAME_COST = 2.2  # a join on same-named columns: dearer than two steps along keys


def _same_names(index: SchemaIndex, found: dict[tuple[str, str, str, str], float]) -> None:
    """Join tables not otherwise joined on their columns of one name and kind.

    A last resort (a natural join on 'city_name' when no key says more), dearer than any
    key, and than a path of two keys (orders and payment methods both name a user: they
    join through the payments, not on the user).
    """
    linked = {frozenset((a, b)) for a, _, b, _ in found}
    tables = list(index.catalogue.tables.values())
    for i, left in enumerate(tables):
        for right in tables[i + 1 :]:
            if frozenset((left.name, right.name)) in linked:
                continue
            for column in left.columns:
                other = right.column(column.name)
                words = split_name(column.name)
                if (
                    other is None
                    or not _joinable(column, other)
                    or column.kind not in ("text", "number")
                ):
                    continue
                if set(words) <= _NOT_REFERENCES or (words[-1:] == ["name"] and len(words) == 1):
                    continue
                _put(found, (left.name, column.name, right.name, other.name), SAME_NAME_COST)


def _put(
    found: dict[tuple[str, str, str, str], float], key: tuple[str, str, str, str], cost: float
) -> None:
    reverse = (key[2], key[3], key[0], key[1])
    if key[0] == key[2]:
        return
    current = min(found.get(key, 9.0), found.get(reverse, 9.0))
    if cost < current:
        found.pop(reverse, None)
        found[key] = cost


def _references(
    index: SchemaIndex, table: TableInfo, column: ColumnInfo
) -> list[tuple[tuple[str, str], float]]:
    """The columns ``table.column`` refers to: by name first, else by what its comment names."""
    name = column.name.lower()
    core = name[len(index.column_prefix.get(table.name, "")) :]
    found: list[tuple[tuple[str, str], float]] = []
    for other in index.catalogue.tables.values():
        target = _named_target(index, other, name, core)
        if (
            other.name != table.name
            and target is not None
            and _joinable(column, other.column(target))
        ):
            found.append(((other.name, target), 1.0))
    if found:
        return found
    if name != (index.keys.get(table.name) or "").lower():
        found.extend(_comment_target(index, table, column))
    if not found and name.endswith(("id", "code")) and name not in _NOT_REFERENCES:
        for other in index.catalogue.tables.values():
            same = other.column(column.name)
            if other.name != table.name and same is not None and _joinable(column, same):
                found.append(((other.name, same.name), 1.6))
    return found


def _joinable(a: ColumnInfo, b: ColumnInfo | None) -> bool:
    """Columns of one kind (a number never joins a text: PostgreSQL would refuse)."""
    return b is not None and a.kind == b.kind


def _named_target(index: SchemaIndex, other: TableInfo, name: str, core: str) -> str | None:
    """The column of ``other`` that a column called ``name`` refers to by its name."""
    key = index.keys.get(other.name)
    references = _reference_names(index, other, key)
    same = other.column(name)
    if same is not None and (name in references or (key is not None and name == key.lower())):
        return same.name if name not in _NOT_REFERENCES else None
    if key is not None and (core in references or name in references):
        return key
    return None


def _comment_target(
    index: SchemaIndex, table: TableInfo, column: ColumnInfo
) -> list[tuple[tuple[str, str], float]]:
    """The one table a comment names with an id word ("ID of the publication being cited")."""
    comment = set(_content_lemmas(column.comment))
    if not comment & _REFERENCE_WORDS:
        return []
    named: list[tuple[int, str]] = []
    for other in index.catalogue.tables.values():
        if other.name == table.name:
            continue  # "the airline code associated with this fare", in fare: names airline
        words = _name_words(other.name, index.table_prefix)
        if words and all(w in comment for w in words):
            named.append((len(words), other.name))
    if not named:
        return []
    best = max(n for n, _ in named)
    top = [name for n, name in named if n == best]
    key = index.keys.get(top[0])
    if len(top) != 1 or key is None:
        return []
    if not _joinable(column, index.catalogue.tables[top[0]].column(key)):
        return []
    return [((top[0], key), 1.2)]


def _reference_names(index: SchemaIndex, table: TableInfo, key: str | None) -> set[str]:
    """Names a column referring to ``table`` may have: customer_id, custid, airport_code."""
    words = _name_words(table.name, index.table_prefix)
    stems = {"".join(words), "_".join(words)}
    prefix = index.column_prefix.get(table.name, "")
    if prefix.startswith(index.table_prefix) and len(prefix) > len(index.table_prefix):
        stems.add(prefix[len(index.table_prefix) :].strip("_"))
    names: set[str] = set()
    if key is not None and key.lower() not in _NOT_REFERENCES:
        names.add(key.lower())
    for s in stems:
        if s:
            names.update({f"{s}_id", f"{s}id", f"{s}_code"})
            if key is not None:
                names.add(f"{s}_{key.lower()}")
    return names


_INDEXES: dict[str, SchemaIndex] = {}


def schema_index(catalogue: Catalogue) -> SchemaIndex:
    """The (cached) index of ``catalogue``, keyed by a hash of its content."""
    digest = hashlib.sha256(catalogue.model_dump_json().encode()).hexdigest()
    found = _INDEXES.get(digest)
    if found is None:
        found = SchemaIndex(catalogue)
        if len(_INDEXES) >= 16:
            _INDEXES.pop(next(iter(_INDEXES)))
        _INDEXES[digest] = found
    return found


# ------------------------------------------------------------------------------- analysis


@dataclass(frozen=True)
class Cue:
    """A cue phrase found in the question (tokens ``start`` to ``end``)."""

    start: int
    end: int
    category: str
    value: str
    number: float | None = None  # "top 5", "last 10 years"


@dataclass(frozen=True)
class Clause:
    """A condition a defined term carries: ``table.column op value``."""

    table: str
    column: str
    op: str  # =, <>, in, not in
    value: Any


@dataclass(frozen=True)
class Term:
    """A term the business context defines, and what it stands for in the schema.

    'Revenue or sales: the sum of order_items.price over orders whose status is not
    'cancelled'' gives the terms (revenue,) and (sale,) for SUM(order_items.price) with
    the clause orders.status <> 'cancelled' (:mod:`querying.definitions` reads them).
    """

    words: tuple[str, ...]  # lemmas
    table: str
    column: str | None
    funcs: tuple[str, ...] = ()
    clauses: tuple[Clause, ...] = ()
    per: str | None = None  # averaged over the rows of this table ('per order')
    ends: tuple[str, str, str] | None = None  # (table, start, end): the time between two columns
    unit: str = "day"


def _defined_target(mention: Mention) -> str:
    head = mention.table if mention.column is None else f"{mention.table}.{mention.column}"
    if mention.funcs:
        head = f"{mention.funcs[0]}({head})"
    if mention.per:
        head += f" per {mention.per}"
    if mention.ends:
        head = f"{mention.unit}s from {mention.ends[1]} to {mention.ends[2]}"
    for clause in mention.clauses:
        head += f" where {clause.table}.{clause.column} {clause.op} {clause.value!r}"
    return head


@dataclass(frozen=True)
class Mention:
    """Question tokens ``start`` to ``end`` linked to a table, a column or a stored value."""

    start: int
    end: int
    kind: str  # table, column, value
    table: str
    column: str | None
    score: float
    via: str  # name, comment, sample, fuzzy, embedding
    value: str | None = None
    alternatives: tuple[tuple[str, str | None, float], ...] = ()
    funcs: tuple[str, ...] = ()  # a defined term's aggregate ('revenue': sum)
    clauses: tuple[Clause, ...] = ()  # a defined term's conditions
    per: str | None = None  # a defined term averaged per row of this table
    ends: tuple[str, str, str] | None = None  # a defined duration: (table, start, end)
    unit: str = "day"

    @property
    def target(self) -> str:
        """``table``, ``table.column`` or ``table.column = 'value'``."""
        if self.via == "definition":
            return _defined_target(self)
        if self.kind == "table":
            return self.table
        if self.kind == "value":
            return f"{self.table}.{self.column} = {self.value!r}"
        return f"{self.table}.{self.column}"


@dataclass(frozen=True)
class FreeValue:
    """A value the question states that no sample explains: quoted, a name, or a code."""

    start: int
    end: int
    text: str
    style: str  # quoted, capitalised, code


@dataclass
class Analysis:
    """What the linker found in one question."""

    question: str
    tokens: list[Token]
    cues: list[Cue]
    mentions: list[Mention]
    free_values: list[FreeValue]
    unlinked: list[str]
    weak_unlinked: list[str]
    content: int  # content words (and Chinese chunks) the question has

    def used(self) -> set[int]:
        """Token positions taken by cues, mentions and values."""
        spans = [(i.start, i.end) for i in self.cues]
        spans += [(i.start, i.end) for i in self.mentions]
        spans += [(i.start, i.end) for i in self.free_values]
        return {n for start, end in spans for n in range(start, end)}


def analyse(
    question: str,
    index: SchemaIndex,
    tables: Sequence[str] | None = None,
    terms: Sequence[Term] = (),
    *,
    embeddings: bool = True,
    given: Sequence[Mention] = (),
) -> Analysis:
    """Link the question's words to ``index`` (restricted to ``tables`` when given).

    ``terms`` are the business context's defined terms: they link first, to what their
    definition names. Without ``embeddings`` only names, comments and values link;
    ``given`` are mentions already made (of the tokens :func:`tokenize` gives).
    """
    tokens = tokenize(question)
    allowed = set(tables) if tables else set(index.catalogue.tables)
    idle = filler_positions(tokens) - {i for m in given for i in range(m.start, m.end)}
    defined = [*given, *find_terms(tokens, terms, idle)]
    idle |= {i for m in defined for i in range(m.start, m.end)}
    cues = [c for c in find_cues(tokens) if not idle & set(range(c.start, c.end))]
    values = [*defined, *_unnamed(find_sample_values(tokens, index, allowed, idle), tokens, index)]
    taken = {i for m in values for i in range(m.start, m.end)} | idle
    taken |= {i for c in cues if c.category == "time" for i in range(c.start, c.end)}
    mentions = link_spans(
        tokens, index, allowed, taken, [c for c in cues if c.category not in _UNIT_CUES]
    )
    mentions = sorted([*values, *mentions], key=lambda m: m.start)
    covered = {i for m in mentions for i in range(m.start, m.end)}
    cues = [kept for c in cues if (kept := _uncovered(c, covered)) is not None]
    busy = covered | idle | {i for c in cues for i in range(c.start, c.end)}
    free = find_free_values(tokens, busy, index, allowed)
    busy |= {i for f in free for i in range(f.start, f.end)}
    commented = link_by_comment(tokens, busy, index, allowed)
    busy |= {m.start for m in commented}
    extra, explained = (
        link_by_embedding(tokens, busy, index, allowed) if embeddings else ([], set[int]())
    )
    extra = [*commented, *extra]
    mentions = sorted([*mentions, *extra], key=lambda m: m.start)
    busy |= {i for m in extra for i in range(m.start, m.end)} | explained
    unlinked, weak, content = _unlinked(tokens, busy)
    return Analysis(question, tokens, cues, mentions, free, unlinked, weak, content)


def _unnamed(values: list[Mention], tokens: Sequence[Token], index: SchemaIndex) -> list[Mention]:
    """Values whose words are not part of a name written with them.

    'payment methods' names the table payment_methods, though 'payment' is a stored value;
    'cancel reason' the column cancel_reason, though 'cancelled' is one.
    """
    kept: list[Mention] = []
    for value in values:
        spans = [(value.start, value.end + k) for k in (1, 2)]
        spans += [(value.start - k, value.end) for k in (1, 2)]
        if not any(_names(tokens, a, b, index) for a, b in spans):
            kept.append(value)
    return kept


def _names(tokens: Sequence[Token], start: int, end: int, index: SchemaIndex) -> bool:
    """Whether tokens ``start:end`` (two or more words) are the whole name of an element."""
    if start < 0 or end > len(tokens) or end - start < 2:
        return False
    span = tokens[start:end]
    if any(t.kind != "word" for t in span):
        return False
    lemmas = [t.lemma for t in span]
    for position in index.candidates(lemmas):
        element = index.elements[position]
        names = (*element.words, *element.table_words)
        if (
            len(element.words) >= 2
            and all(max((word_score(q, n) for n in names), default=0.0) >= 0.8 for q in lemmas)
            and all(max(word_score(q, n) for q in lemmas) >= 0.8 for n in element.words)
        ):
            return True
    return False


_UNIT_CUES = frozenset(["bucket", "duration"])  # cues naming a unit a column may be named for


def _uncovered(cue: Cue, covered: set[int]) -> Cue | None:
    """The cue, unless a mention covers it.

    A unit of time a column is named after keeps the grouping before it ('each month' with
    a 'month' column: group by the column).
    """
    inside = [i for i in range(cue.start, cue.end) if i in covered]
    if not inside:
        return cue
    if cue.category in _UNIT_CUES and cue.category != "bucket":
        return cue  # 'duration' names a column: the cue stays, the column is its end points
    if cue.category == "bucket" and inside[0] > cue.start:
        return Cue(cue.start, inside[0], "group", "group")
    return None


def find_terms(tokens: Sequence[Token], terms: Sequence[Term], idle: set[int]) -> list[Mention]:
    """Mentions of the defined terms the question uses (longest first, hyphens skipped)."""
    if not terms:
        return []
    found: list[Mention] = []
    at = 0
    while at < len(tokens):
        hit = _term_at(tokens, at, terms, idle)
        if hit is None:
            at += 1
            continue
        end, term = hit
        kind = "table" if term.column is None else "column"
        found.append(
            Mention(
                at,
                end,
                kind,
                term.table,
                term.column,
                1.0,
                "definition",
                funcs=term.funcs,
                clauses=term.clauses,
                per=term.per,
                ends=term.ends,
                unit=term.unit,
            )
        )
        at = end
    return found


def _term_at(
    tokens: Sequence[Token], at: int, terms: Sequence[Term], idle: set[int]
) -> tuple[int, Term] | None:
    best: tuple[int, Term] | None = None
    for term in terms:
        end = _match_words(tokens, at, term.words, idle)
        if end is not None and (best is None or end > best[0]):
            best = (end, term)
    return best


def _match_words(
    tokens: Sequence[Token], at: int, words: Sequence[str], idle: set[int]
) -> int | None:
    position = at
    for word in words:
        while position < len(tokens) and tokens[position].text == "-" and position > at:
            position += 1
        if position >= len(tokens) or position in idle:
            return None
        token = tokens[position]
        if word not in (token.lemma, token.norm):
            return None
        position += 1
    return position


def filler_positions(tokens: Sequence[Token]) -> set[int]:
    """Tokens of idioms that say nothing about the data ('right now', 'so far', 'on file')."""
    fillers = lexicon().fillers
    words = [t.lemma for t in tokens]
    found: set[int] = set()
    for at in range(len(words)):
        for phrase in fillers:
            if tuple(words[at : at + len(phrase)]) == phrase:
                found.update(range(at, at + len(phrase)))
    return found


def find_cues(tokens: Sequence[Token]) -> list[Cue]:
    """Cue phrases, longest first, left to right (time windows included)."""
    lex = lexicon()
    words = [t.lemma for t in tokens]
    written = [normalise(t.text) if normalise(t.text) != t.norm else t.lemma for t in tokens]
    norms = [t.norm for t in tokens]
    cues: list[Cue] = []
    at = 0
    while at < len(tokens):
        window = _match_window(tokens, at, lex)
        if window is not None:
            cues.append(window)
            at = window.end
            continue
        phrase = _longest_phrase(words, written, norms, at, lex)
        if phrase is None:
            at += 1
            continue
        end = at + len(phrase.words)
        if _agent_by(tokens, at, phrase):
            at = end  # "written by authors": the agent of a verb, not a grouping
            continue
        number = number_of(tokens[end], lex.numerals) if end < len(tokens) else None
        start = at
        if number is None and phrase.category in _RANKED and at > 0:
            number = number_of(tokens[at - 1], lex.numerals)  # 'the 5 most recent orders'
            if number is not None and not (number.is_integer() and 1 <= number <= MAX_RANKED):
                number = None
            start = at - 1 if number is not None else at
        cues.append(Cue(start, end, phrase.category, phrase.value, number))
        at = end
    return cues


def _as_written(phrase: Phrase, norms: Sequence[str], at: int) -> bool:
    """'order by' is not 'orders by status': an ordering cue's verb is not a plural noun."""
    return norms[at] == phrase.words[0] or not norms[at].endswith("s")


def _longest_phrase(
    words: Sequence[str], written: Sequence[str], norms: Sequence[str], at: int, lex: Lexicon
) -> Phrase | None:
    """The longest cue phrase at ``at``, each word matched as a lemma or as written.

    A rewritten Chinese word ('月' read as month) still matches the cues written with it
    ('每个月').
    """
    candidates = [*lex.by_first.get(words[at], ()), *lex.by_first.get(written[at], ())]
    best: Phrase | None = None
    for phrase in candidates:
        end = at + len(phrase.words)
        if end > len(words) or (best is not None and len(phrase.words) <= len(best.words)):
            continue
        if all(w in (words[at + k], written[at + k]) for k, w in enumerate(phrase.words)) and (
            phrase.category != "order" or _as_written(phrase, norms, at)
        ):
            best = phrase
    return best


_RANKED = frozenset(["superlative", "temporal_superlative"])
_GROUPED_BY = frozenset(["type", "kind", "category", "class", "sort"])
MAX_RANKED = 100  # 'the 5 most recent': a number before a superlative is a limit up to this


def _agent_by(tokens: Sequence[Token], at: int, phrase: Phrase) -> bool:
    """'by' after a participle ('cited by', 'written by') names an agent, not a grouping."""
    if phrase.category != "group" or phrase.words != ("by",) or at == 0:
        return False
    before = tokens[at - 1]
    after = tokens[at + 1].lemma if at + 1 < len(tokens) else ""
    if after in _GROUPED_BY:
        return False  # 'saved by type': no agent is a type
    return before.kind == "word" and (
        before.norm.endswith(("ed", "en")) or before.norm in lexicon().weak
    )  # 'orders by status': a plural noun, not the verb 'order'


def _match_window(tokens: Sequence[Token], at: int, lex: Lexicon) -> Cue | None:
    for window in sorted(lex.windows, key=lambda w: -len(w.words)):
        matched = _window_at(tokens, at, window, lex)
        if matched is not None:
            end, number = matched
            back = window.back if window.back is not None else number
            if back is None:
                continue
            return Cue(at, end, "time", f"{window.unit}:{window.kind}", float(back))
    return None


def _window_at(
    tokens: Sequence[Token], at: int, window: TimeWindow, lex: Lexicon
) -> tuple[int, float | None] | None:
    position = at
    number: float | None = None
    for word in window.words:
        if position >= len(tokens):
            return None
        token = tokens[position]
        if word == "{n}":
            number = number_of(token, lex.numerals)
            if number is None:
                return None
        elif word not in (token.lemma, token.norm, normalise(token.text)):
            return None
        position += 1
    return position, number


# -- values


def find_sample_values(
    tokens: Sequence[Token],
    index: SchemaIndex,
    allowed: set[str],
    idle: frozenset[int] | set[int] = frozenset(),
) -> list[Mention]:
    """Spans equal to a sampled value of a text column (longest first), ``idle`` skipped."""
    found: list[Mention] = []
    at = 0
    while at < len(tokens):
        hit = None if at in idle else _value_at(tokens, at, index, allowed, idle)
        if hit is None:
            at += 1
            continue
        found.append(hit)
        at = hit.end
    return _appositions(found, tokens)


def _appositions(found: list[Mention], tokens: Sequence[Token]) -> list[Mention]:
    """'Los Angeles (LAX)': the bracketed value restates the one before; keep the bracketed."""
    kept: list[Mention] = []
    for n, mention in enumerate(found):
        nxt = found[n + 1] if n + 1 < len(found) else None
        bracket = mention.end < len(tokens) and tokens[mention.end].text == "("
        if nxt is not None and bracket and nxt.start == mention.end + 1:
            continue
        kept.append(mention)
    return kept


def _value_at(
    tokens: Sequence[Token],
    at: int,
    index: SchemaIndex,
    allowed: set[str],
    idle: frozenset[int] | set[int],
) -> Mention | None:
    for end in range(min(len(tokens), at + 6), at, -1):
        span = tokens[at:end]
        if span[0].kind == "punct" or span[-1].kind == "punct" or idle & set(range(at, end)):
            continue
        before = tokens[at - 1].lemma if at > 0 else ""
        options, value = _value_options(span, index, allowed, before)
        if not options or (value is None and not _plausible_value(span, options[0].value)):
            continue
        best = options[0]
        alternatives = tuple((v.table, v.column, 0.9) for v in options[1:6])
        stored = value or best.value
        return Mention(
            at, end, "value", best.table, best.column, 1.0, "sample", stored, alternatives
        )
    return None


def _value_options(
    span: Sequence[Token], index: SchemaIndex, allowed: set[str], before: str = ""
) -> tuple[list[SampleValue], str | None]:
    """The columns a span is a value of, and the value when it is not written as stored.

    In order: a sample as written (or its words' singular: 'gift cards' is 'gift_card'), a
    sample sharing the word's stem, another name of a value ('Texas' for 'TX'), a value
    shaped like every sample of a column ('#W6355325', or 'W6355325' for it).
    """
    text = " ".join(t.norm for t in span) if len(span) > 1 else span[0].norm
    lemmas = [t.lemma for t in span]
    keys = dict.fromkeys([text, _joined(span), " ".join(lemmas), "".join(lemmas)])
    options = [v for key in keys for v in index.values.get(key, []) if v.table in allowed]
    if not options and len(span) > 1:  # 'return requests' for 'return requested'
        stems = " ".join(stem(w) for w in lemmas if w != "-")
        options = [v for v in index.values_by_stems.get(stems, []) if v.table in allowed]
    if not options and len(span) == 1:
        options = _stem_values(span[0], index, allowed)
    if options and _named_instead(span, options, index):
        options = []
    if options:
        return options, None
    field = _field_value(span, index, allowed, before)
    if field:
        return field, field[0].value
    alias = lexicon().aliases.get(text)
    if alias is not None:
        found = [v for v in index.values.get(normalise(alias), []) if v.table in allowed]
        if found:
            return found, found[0].value
        return _shaped(alias, index, allowed, alias=True)
    if span[0].kind == "word" and len(span) == 1:
        return _shaped(span[0].text, index, allowed, alias=False)
    return [], None


def _named_instead(
    span: Sequence[Token], options: Sequence[SampleValue], index: SchemaIndex
) -> bool:
    """Whether a value only a comment names gives way to a name written with it.

    'rivers' is the table river, not the word 'river' a comment says names leave out;
    'round-trip' names round_trip_cost.
    """
    commented = all((v.table, v.column, v.value) in index.from_comments for v in options)
    return commented and any(t.lemma in index.name_words for t in span)


def _field_value(
    span: Sequence[Token], index: SchemaIndex, allowed: set[str], before: str
) -> list[SampleValue]:
    """A word the lexicon knows as a value of a JSON field the schema has ('red': color).

    A value of one or two letters ('L') only right after the field's name ('size L').
    """
    if len(span) != 1 or not index.fields:
        return []
    token = span[0]
    options = lexicon().options
    found: list[SampleValue] = []
    for (table, name), (_, key) in index.fields.items():
        short = len(token.norm) <= 2 and before != key
        if table in allowed and token.norm in options.get(key, frozenset()) and not short:
            found.append(SampleValue(table, name, token.norm))
    return found


def _shaped(
    text: str, index: SchemaIndex, allowed: set[str], *, alias: bool
) -> tuple[list[SampleValue], str | None]:
    """Columns whose every sample has the shape of ``text`` (keys first), and the value.

    An alias ('TX' for Texas) may take any shape of two or more letters; a word of the
    question only the shapes of ids and codes (see :func:`column_shapes`).
    """
    shapes = [*index.shapes.get(shape_of(text), [])]
    if alias and not shapes:
        shapes = _letter_shapes(text, index)
    found = [s for s in sorted(shapes, key=lambda s: not s.key) if s.table in allowed]
    if not found:
        return [], None
    first = found[0]
    value = first.prefix + (text.upper() if first.upper else text)
    return [SampleValue(s.table, s.column, s.prefix + text) for s in found], value


def _letter_shapes(text: str, index: SchemaIndex) -> list[Shape]:
    """Text columns whose samples are all upper-case codes as long as ``text`` ('TX')."""
    found: list[Shape] = []
    for table in index.catalogue.tables.values():
        for column in table.columns:
            samples = list(dict.fromkeys(column.samples))
            if len(samples) >= MIN_SHAPED_SAMPLES and all(
                len(s) == len(text) and s.isalpha() and s.isupper() for s in samples
            ):
                found.append(Shape(shape_of(text), table.name, column.name, "", True, False))
    return found


def _stem_values(token: Token, index: SchemaIndex, allowed: set[str]) -> list[SampleValue]:
    """Samples one word long sharing the word's stem ('successful' for 'success')."""
    lex = lexicon()
    if token.kind != "word" or len(token.lemma) < 5 or token.lemma in lex.stop:
        return []
    if token.lemma in lex.generic:
        return []
    found: list[SampleValue] = []
    for text in index.values_by_key.get(stem(token.lemma)[:4], ()):
        if word_score(token.lemma, text) >= 0.8:
            found.extend(v for v in index.values[text] if v.table in allowed)
    return found


def _joined(span: Sequence[Token]) -> str:
    """The span as written between its first and last token (keeps 'in-person', 'A-320')."""
    return "".join(t.norm for t in span)


def _plausible_value(span: Sequence[Token], stored: str) -> bool:
    """A short or common word is a value only when written as stored (or quoted)."""
    lex = lexicon()
    if len(span) == 1 and span[0].kind == "quoted":
        return True
    written = " ".join(t.text for t in span)
    if len(span) == 1 and span[0].kind == "number":
        return False  # a number is compared as a number, not as a text value
    if len(stored) <= 2:
        return written == stored and (stored.isupper() or stored.isdigit())
    if len(span) == 1 and (span[0].lemma in lex.stop or span[0].lemma in lex.generic):
        return written == stored and stored[:1].isupper() and span[0].start > 0
    # a number is compared as a number, not as a text value
    return not (span[0].kind == "number" and len(span) == 1)


def find_free_values(
    tokens: Sequence[Token], busy: set[int], index: SchemaIndex, allowed: set[str]
) -> list[FreeValue]:
    """Quoted texts, capitalised names and codes nothing else explains: filter values."""
    found: list[FreeValue] = []
    at = 0
    while at < len(tokens):
        token = tokens[at]
        if at in busy:
            at += 1
            continue
        if token.kind == "quoted":
            found.append(FreeValue(at, at + 1, token.text, "quoted"))
            at += 1
            continue
        end = _name_end(tokens, at, busy)
        if end > at:
            text = " ".join(t.text for t in tokens[at:end])
            style = "code" if end == at + 1 and _is_code(token.text) else "capitalised"
            found.append(FreeValue(at, end, text, style))
            at = end
            continue
        at += 1
    return found


def _is_code(text: str) -> bool:
    return 2 <= len(text) <= 6 and text.isupper() and text.isalnum()


def _name_end(tokens: Sequence[Token], at: int, busy: set[int]) -> int:
    """End of a run of capitalised words starting at ``at`` (not the sentence's first word)."""
    lex = lexicon()
    end = at
    while end < len(tokens) and end not in busy:
        token = tokens[end]
        if not token.is_capitalised or token.lemma in lex.stop or token.lemma in lex.generic:
            break
        rewritten = token.end - token.start != len(token.text)  # '西雅图' read as Seattle
        if not rewritten and (end == 0 or tokens[end - 1].text in (".", "?", "!")):
            break
        end += 1
    return end


# -- schema spans


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    scored: tuple[tuple[float, int], ...]  # (score, element position), best first
    width: int  # content words


def link_spans(
    tokens: Sequence[Token],
    index: SchemaIndex,
    allowed: set[str],
    taken: set[int],
    cues: Sequence[Cue],
) -> list[Mention]:
    """Spans of question words linked to tables and columns by their names and comments."""
    cue_at = {_position(tokens[i]) for c in cues for i in range(c.start, c.end)}
    spans: list[_Span] = []
    for start in range(len(tokens)):
        spans.extend(_spans_from(tokens, start, index, allowed, taken, cue_at))
    chosen = _best_cover(spans, len(tokens))
    return [_mention(span, index) for span in chosen]


def _spans_from(
    tokens: Sequence[Token],
    start: int,
    index: SchemaIndex,
    allowed: set[str],
    taken: set[int],
    cue_at: set[tuple[int, str]],
) -> list[_Span]:
    lex = lexicon()
    first = tokens[start]
    if start in taken or first.kind not in ("word",) or first.lemma in lex.stop:
        return []
    spans: list[_Span] = []
    words: list[Token] = []
    end = start
    while end < len(tokens) and end not in taken and len(words) < MAX_SPAN:
        token = tokens[end]
        if token.text == "-" and words:
            end += 1
            continue
        if token.kind != "word":
            break
        end += 1
        if token.lemma in _SKIPPABLE and words:
            continue
        if token.lemma in lex.stop and token.lemma not in ("from", "to"):
            break
        words.append(token)
        governs = end < len(tokens) and (
            lex.is_content(tokens[end]) or tokens[end].lemma in ("of", "number")
        )
        scored = _score_span(words, index, allowed, cue_at, governs)
        if scored and tokens[end - 1].lemma not in _SKIPPABLE:
            spans.append(_Span(start, end, scored, len(words)))
    return spans


def _score_span(
    words: Sequence[Token],
    index: SchemaIndex,
    allowed: set[str],
    cue_at: set[tuple[int, str]],
    governs: bool = True,
) -> tuple[tuple[float, int], ...]:
    lemmas = [w.lemma for w in words]
    scored: list[tuple[float, int]] = []
    for position in index.candidates(lemmas):
        element = index.elements[position]
        if element.table not in allowed:
            continue
        score = span_score(lemmas, element)
        if score < LINK_THRESHOLD:
            continue
        if not _cues_named(words, element, cue_at) and (governs or tuple(lemmas) != element.words):
            continue  # ("a total over 100": 'total' governs nothing, so it is the column)
        if not _verbs_named(words, element):
            continue  # "courses offered" is not course_offering, "taken" not would_take_again
        scored.append((score, position))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return tuple(scored[:12])


def _cues_named(words: Sequence[Token], element: Element, cue_at: set[tuple[int, str]]) -> bool:
    """Cue words ('total', 'number of') join a mention only beside a word of the name.

    "total credit" names total_credit and "number of enrolled students" num_enrolled, but
    "number" alone names no column called number: some word outside the cues must name a
    word of the element that is not generic (or the element is all generic words).
    """
    if not any(_position(w) in cue_at for w in words):
        return True
    for word in words:
        if _position(word) in cue_at and not any(
            word_score(word.lemma, n) >= 0.6 for n in element.words
        ):
            return False  # a cue word inside a mention must be a word of the name
    specific = [n for n in element.words if n not in _GENERIC_NAME_WORDS] or [
        *element.words,
        *element.table_words,
    ]
    for word in words:
        if _position(word) in cue_at:
            continue
        if any(word_score(word.lemma, n) >= 0.6 for n in specific):
            return True
    return False


def _verbs_named(words: Sequence[Token], element: Element) -> bool:
    """Whether the verb-like words of a span name the element.

    In a longer span a verb must be a word of the name as written; alone, it must name
    every specific word of it ('enrolled': num_enrolled; 'written': writes).
    """
    lex = lexicon()
    weak = [w for w in words if lex.is_weak(w) and w.lemma not in _GENERIC_NAME_WORDS]
    if not weak:
        return True
    if len(words) > 1:
        names = (*element.words, *element.table_words)
        return all(w.lemma in names for w in weak)
    specific = [n for n in (element.words or element.table_words) if n not in _GENERIC_NAME_WORDS]
    return bool(specific) and all(word_score(weak[0].lemma, n) >= 0.6 for n in specific)


def _position(token: Token) -> tuple[int, str]:
    # cue positions are token offsets and lemmas (see link_spans): the words of one
    # rewrite share their offsets ('cheapest': 'lowest' is a cue, 'price' is not)
    return token.start, token.lemma


def span_score(lemmas: Sequence[str], element: Element) -> float:
    """How well question lemmas name ``element``: coverage of its name and their precision."""
    if len(lemmas) == 1 and len(element.words) > 1 and lemmas[0] == "".join(element.words):
        return 1.0  # "payload" names pay_load
    hits = [0.0] * len(element.words)
    total = 0.0
    named = False
    for q in lemmas:
        best = 0.0
        for i, n in enumerate(element.words):
            s = word_score(q, n)
            hits[i] = max(hits[i], s)
            best = max(best, s)
        named = (
            named
            or any(word_score(q, n) >= 0.6 for n in element.words if n not in _GENERIC_NAME_WORDS)
            or (best >= 0.6 and all(n in _GENERIC_NAME_WORDS for n in element.words))
        )
        if best < 0.6:
            best = max(
                best, 0.85 * max((word_score(q, w) for w in element.table_words), default=0.0)
            )
            if any(word_score(q, c) >= 0.8 for c in element.comment):
                best = max(best, 0.6)
        if best < 0.5:
            return 0.0
        total += best
    if not named:
        return 0.3 * total / len(lemmas)  # the comment alone explains the words
    if all(q in _GENERIC_NAME_WORDS for q in lemmas) and any(
        n not in _GENERIC_NAME_WORDS for n in element.words
    ):
        return 0.0  # "number" alone names no particular column
    weights = [_GENERIC_NAME_WEIGHT if n in _GENERIC_NAME_WORDS else 1.0 for n in element.words]
    coverage = sum(h * w for h, w in zip(hits, weights, strict=True)) / (sum(weights) or 1.0)
    return 0.5 * coverage + 0.5 * total / len(lemmas)


def _best_cover(spans: Sequence[_Span], length: int) -> list[_Span]:
    """Non-overlapping spans of the largest total (score × words), by dynamic programming."""
    by_end: dict[int, list[_Span]] = {}
    for span in spans:
        by_end.setdefault(span.end, []).append(span)
    best: list[float] = [0.0] * (length + 1)
    choice: list[_Span | None] = [None] * (length + 1)
    for end in range(1, length + 1):
        best[end], choice[end] = best[end - 1], None
        for span in by_end.get(end, []):
            value = (
                best[span.start] + span.scored[0][0] * span.width + _SPAN_BONUS * (span.width - 1)
            )
            if value > best[end] + 1e-9:
                best[end], choice[end] = value, span
    chosen: list[_Span] = []
    end = length
    while end > 0:
        picked = choice[end]
        if picked is None:
            end -= 1
            continue
        chosen.append(picked)
        end = picked.start
    return chosen[::-1]


def _mention(span: _Span, index: SchemaIndex) -> Mention:
    score, position = span.scored[0]
    element = index.elements[position]
    alternatives = tuple(
        (index.elements[p].table, index.elements[p].column, s)
        for s, p in span.scored[1:]
        if s >= score - 0.35
    )
    kind = "table" if element.column is None else "column"
    return Mention(
        span.start, span.end, kind, element.table, element.column, score, "name", None, alternatives
    )


# -- embeddings (synonyms, other languages)


def link_by_embedding(
    tokens: Sequence[Token], busy: set[int], index: SchemaIndex, allowed: set[str]
) -> tuple[list[Mention], set[int]]:
    """Link the content phrases nothing else explained by multilingual-e5 similarity.

    A phrase links when its best element stands clearly above the phrase's median
    similarity to every element (raw e5 cosines are all high; the margin is what tells).
    Returns the new mentions and the token positions only a comment explained.
    """
    phrases = _open_phrases(tokens, busy)[:MAX_EMBED_PHRASES]
    explained = _comment_explained(tokens, busy, index, allowed)
    phrases = [p for p in phrases if not all(i in explained for i in range(*p))]
    if not phrases or not index.elements:
        return [], explained
    texts = [normalize_text(_surface(tokens[a:b])) for a, b in phrases]
    similarity = embed(texts) @ index.vectors().T
    mentions: list[Mention] = []
    for (start, end), row in zip(phrases, similarity, strict=True):
        han = tokens[start].kind == "han"
        mention = _embedding_mention(
            start, end, row, index, allowed, EMBED_MARGIN if han else EMBED_MARGIN_LATIN
        )
        if mention is not None:
            mentions.append(mention)
    return mentions, explained


def _surface(tokens: Sequence[Token]) -> str:
    """Tokens as written: Chinese characters together, words with spaces."""
    text = ""
    for token in tokens:
        glue = "" if not text or (token.kind == "han" and is_han(text[-1])) else " "
        text += glue + token.text
    return text


def _embedding_mention(
    start: int,
    end: int,
    row: NDArray[np.float32],
    index: SchemaIndex,
    allowed: set[str],
    margin: float,
) -> Mention | None:
    order = np.argsort(-row)
    median = float(np.median(row))
    for position in order[:3]:
        element = index.elements[int(position)]
        if element.table not in allowed:
            continue
        top = float(row[position])
        if top < EMBED_FLOOR or top - median < margin:
            return None
        kind = "table" if element.column is None else "column"
        score = min(0.9, 0.5 + 4 * (top - median - EMBED_MARGIN))
        if _TRACE is not None:
            _TRACE.append(
                (
                    start,
                    end,
                    element.key,
                    round(top, 3),
                    round(top - median, 3),
                    round(top - float(row[order[1]]), 3),
                )
            )
        return Mention(start, end, kind, element.table, element.column, score, "embedding")
    return None


_TRACE: list[tuple[int, int, str, float, float, float]] | None = None


def _open_phrases(tokens: Sequence[Token], busy: set[int]) -> list[tuple[int, int]]:
    """Runs of content tokens nothing explained (at most three words, or a Chinese chunk)."""
    lex = lexicon()
    phrases: list[tuple[int, int]] = []
    start: int | None = None
    for i, token in enumerate([*tokens, Token("", "", "", 0, 0, "punct")]):
        open_word = (
            i < len(tokens) and i not in busy and lex.is_content(token) and not lex.is_weak(token)
        )
        same_script = start is None or (tokens[start].kind == "han") == (token.kind == "han")
        if (
            open_word
            and same_script
            and (start is None or i - start < (6 if token.kind == "han" else 3))
        ):
            start = i if start is None else start
            continue
        if start is not None:
            phrases.append((start, i))
        start = i if open_word else None
    return phrases


COMMENT_SCORE = 0.6  # a table named only by the comments of its columns
MIN_COMMENT_HITS = 2  # comments of a table that must use the word


def link_by_comment(
    tokens: Sequence[Token], busy: set[int], index: SchemaIndex, allowed: set[str]
) -> list[Mention]:
    """Common nouns the comments of one table use, as mentions of that table.

    'card' is in the comments of three columns of payment_methods and of no other table:
    a question about cards is about payment methods. The table must use the word (as
    written, singular) in at least two comments and twice as many as any other table.
    """
    lex = lexicon()
    found: list[Mention] = []
    for i, token in enumerate(tokens):
        if i in busy or token.kind != "word":
            continue
        flag = _flag_by_comment(token, index, allowed)
        if flag is not None:
            found.append(Mention(i, i + 1, "column", flag[0], flag[1], COMMENT_SCORE, "comment"))
            continue
        if not lex.is_content(token) or lex.is_weak(token):
            continue
        counts: dict[str, int] = {}
        for position in index.by_key.get(token.lemma, set()):
            element = index.elements[position]
            if element.table in allowed and token.lemma in element.comment:
                counts[element.table] = counts.get(element.table, 0) + 1
        ranked = sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))
        if not ranked or ranked[0][1] < MIN_COMMENT_HITS:
            continue
        if len(ranked) > 1 and ranked[0][1] < 2 * ranked[1][1]:
            continue
        table = ranked[0][0]
        found.append(Mention(i, i + 1, "table", table, None, COMMENT_SCORE, "comment"))
    return found


def _flag_by_comment(token: Token, index: SchemaIndex, allowed: set[str]) -> tuple[str, str] | None:
    """The one yes/no column whose comment says what the word does.

    'bought': 'Whether the item can be bought now', so 'items that can't be bought' reads
    the flag, negated.
    """
    if len(token.lemma) < 4 or token.lemma in lexicon().stop:
        return None
    found = [
        (e.table, e.column)
        for position in index.candidates([token.lemma])
        if (e := index.elements[position]).kind == "bool"
        and e.column is not None
        and e.table in allowed
        and token.lemma in e.comment
    ]
    return found[0] if len(found) == 1 else None


def _comment_explained(
    tokens: Sequence[Token], busy: set[int], index: SchemaIndex, allowed: set[str]
) -> set[int]:
    """Content words a table's or column's comment uses (explained, not linked)."""
    lex = lexicon()
    explained: set[int] = set()
    for i, token in enumerate(tokens):
        if i in busy or token.kind != "word" or not lex.is_content(token):
            continue
        for position in index.candidates([token.lemma]):
            element = index.elements[position]
            if element.table in allowed and any(
                word_score(token.lemma, c) >= 0.8 for c in element.comment
            ):
                explained.add(i)
                break
    return explained


def _unlinked(tokens: Sequence[Token], busy: set[int]) -> tuple[list[str], list[str], int]:
    """Content phrases nothing explains (and weak words left over), and the content count."""
    lex = lexicon()
    strong: list[str] = []
    weak: list[str] = []
    content = 0
    run: list[str] = []
    for i, token in enumerate(tokens):
        is_content = lex.is_content(token)
        content += int(is_content)
        if i in busy or not is_content:
            _flush(run, strong, token)
            continue
        if lex.is_weak(token) and not _nominal(tokens, i):
            weak.append(token.text)
            _flush(run, strong, token)
            continue
        run.append(token.text)
    _flush(run, strong, None)
    return strong, weak, content


_DETERMINERS = frozenset(
    [
        "the",
        "a",
        "an",
        "our",
        "their",
        "his",
        "her",
        "its",
        "my",
        "your",
        "any",
        "no",
        "best",
        "worst",
        "top",
        "most",
        "many",
        "few",
        "all",
        "good",
        "bad",
        "average",
        "total",
    ]
)


def _nominal(tokens: Sequence[Token], at: int) -> bool:
    """A verb-like word used as a noun ('the best reviews', 'our ratings').

    It names something the data must hold: left unexplained, it is a reason to refuse.
    """
    token = tokens[at]
    plural = token.norm != token.lemma and token.norm.endswith("s")
    return plural and at > 0 and tokens[at - 1].lemma in _DETERMINERS


def _flush(run: list[str], into: list[str], token: Token | None) -> None:
    if run:
        joiner = "" if all(is_han(w) for w in run) else " "
        into.append(joiner.join(run))
        run.clear()
