"""Terms a business context defines, read as what they stand for in the schema.

The loop passes the offline generator a business context with every question: an
operator's instructions, a database's glossary. A line of it that defines terms —
``Revenue or sales: the sum of order_items.price over orders whose status is not
'cancelled'``, ``ADV (Average Daily Volume) = AVG(sbDpVolume) from sbDailyPrice`` — makes
those terms link to what the definition names: a measure (a column, or the rows of a
table), its aggregate, and the conditions on stored values it carries. Nothing here knows
a word of any business: the terms and what they mean are read from the context, for any
database.

A line is a definition when it is ``terms SEP definition`` (``:``, ``=``, ``means``, ``is
defined as``, ``refers to``), its terms are short, and its definition names exactly one
measure with at most one aggregate (a ratio of two aggregates or arithmetic of measures is
not a term the grammar can stand for, so it is left out).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import re2

from keel.querying.linking import (
    Analysis,
    Clause,
    Mention,
    SchemaIndex,
    Term,
    analyse,
    lexicon,
    phrase_words,
    tokenize,
)

MAX_TERM_CHARS = 80  # the terms part of a definition line, at most
MAX_TERM_WORDS = 5  # words of one term, at most
MAX_LINES = 200  # lines of a context read, at most
MAX_LINE_CHARS = 400  # characters of one line read, at most

_SEPARATOR = re2.compile(
    r"^(.{1,80}?)\s*(?:=|:|：|\bmeans\b|\bis defined as\b|\brefers to\b|\bstands for\b)\s*(.+)$"
)
_PARENTHESES = re2.compile(r"[(（]([^()（）]{1,60})[)）]")
_QUALIFIER = re2.compile(r"(?i)\s+(?:for|of|per|by)\s+(?:a|an|the|each|every|that|this)\s+\S+$")
_ALTERNATIVES = re2.compile(r"\s*(?:,|/|、|;|\bor\b|\band\b|或)\s*")
_BULLET = re2.compile(r"^\s*(?:[-*•·]|\d+[.)])\s*")
_ARITHMETIC = re2.compile(r"\)\s*[-+*/]\s*\(?|\)\s*[-+*/]\s*[A-Za-z]|\b(?:minus|divided by)\b")


@dataclass(frozen=True)
class _Line:
    terms: tuple[tuple[str, ...], ...]
    text: str


def definitions(context: str, index: SchemaIndex) -> tuple[Term, ...]:
    """The terms ``context`` defines over ``index`` (cached per context and catalogue)."""
    if not context.strip():
        return ()
    key = (context, id(index))
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is index:
        return cached[1]
    found: list[Term] = []
    for line in definition_lines(context):
        found.extend(_terms_of(line, index))
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = (index, tuple(found))
    return tuple(found)


_CACHE: dict[tuple[str, int], tuple[SchemaIndex, tuple[Term, ...]]] = {}


def definition_lines(context: str) -> list[_Line]:
    """The lines of ``context`` shaped as definitions, with their terms as lemmas."""
    lines: list[_Line] = []
    for raw in context.splitlines()[:MAX_LINES]:
        text = _BULLET.sub("", raw[:MAX_LINE_CHARS]).strip()
        match = _SEPARATOR.match(text)
        if match is None:
            continue
        head, body = match.group(1).strip(), match.group(2).strip()
        terms = _term_words(head)
        if terms and body:
            lines.append(_Line(terms, body))
    return lines


def _term_words(head: str) -> tuple[tuple[str, ...], ...]:
    """'ADV (Average Daily Volume) for a ticker' -> (adv,), (average, daily, volume)."""
    if len(head) > MAX_TERM_CHARS or "`" in head or "." in head.replace("No.", ""):
        return ()  # "`cars.id` can be joined …": a note about the schema, not a term
    inner = [m.group(1) for m in _PARENTHESES.finditer(head)]
    outer = _QUALIFIER.sub("", _PARENTHESES.sub(" ", head)).strip()
    lex = lexicon()
    found: list[tuple[str, ...]] = []
    for part in [outer, *inner]:
        for alternative in _ALTERNATIVES.split(part):
            words = tuple(w for w in phrase_words(alternative) if w not in ("the", "a", "an"))
            if 0 < len(words) <= MAX_TERM_WORDS and not all(w in lex.stop for w in words):
                found.append(words)
    return tuple(dict.fromkeys(found))


def _terms_of(line: _Line, index: SchemaIndex) -> list[Term]:
    """The terms of one definition line, or none when it names no single measure."""
    if _ARITHMETIC.search(line.text):
        return []
    text = _without_remarks(line.text)
    analysis = analyse(text, index, embeddings=False, given=_identifiers(text, index))
    span = _span_of(analysis, index, line)
    if span:
        return span
    per = _per(analysis)
    funcs = list(dict.fromkeys(c.value for c in analysis.cues if c.category == "aggregate"))
    if per is not None and len(funcs) > 1 and "avg" in funcs:
        funcs.remove("avg")  # 'the average per order of the sum of …': a sum per order
    if len(funcs) > 1:
        return []
    measure, clauses = _measure(analysis, index, per)
    if measure is None:
        return []
    names = _schema_names(index)
    return [
        Term(words, measure.table, measure.column, tuple(funcs), clauses, per)
        for words in line.terms
        if words not in names
    ]


def _span_of(analysis: Analysis, index: SchemaIndex, line: _Line) -> list[Term]:
    """A duration: 'the days from placed_at to updated_at of orders whose status is …'."""
    cue = next((c for c in analysis.cues if c.category == "duration"), None)
    times = [
        m
        for m in analysis.mentions
        if m.kind == "column"
        and m.column is not None
        and index.column_kind(m.table, m.column) == "time"
    ]
    if cue is None and not any(t.lemma in _UNITS for t in analysis.tokens):
        return []
    if len(times) < 2 or times[0].table != times[1].table or times[0].column is None:
        return []
    unit = cue.value if cue is not None else _unit(analysis)
    start, end = times[0], times[1]
    ends = (start.table, start.column or "", end.column or "")
    clauses = _merged(
        [c for m in analysis.mentions if (c := _clause(analysis, m, index)) is not None]
    )
    names = _schema_names(index)
    return [
        Term(words, start.table, None, ("avg",), clauses, None, ends, unit)
        for words in line.terms
        if words not in names
    ]


_UNITS = {"day": "day", "hour": "hour", "minute": "minute", "second": "second"}


def _unit(analysis: Analysis) -> str:
    return next((_UNITS[t.lemma] for t in analysis.tokens if t.lemma in _UNITS), "day")


def _per(analysis: Analysis) -> str | None:
    """The table a definition averages over: 'per order', 'for each order'."""
    for cue in analysis.cues:
        if cue.category != "group":
            continue
        following = next((m for m in analysis.mentions if m.start == cue.end), None)
        if following is not None and following.kind == "table":
            return following.table
    return None


def _without_remarks(text: str) -> str:
    """The definition without its bracketed remarks, quoted values kept whole.

    '(gross, before refunds)' goes; 'pending (item modified)' stays.
    """
    parts = text.split("'")
    return "'".join(p if n % 2 else _PARENTHESES.sub(" ", p) for n, p in enumerate(parts))


def _identifiers(text: str, index: SchemaIndex) -> list[Mention]:
    """Tables and columns the definition writes as identifiers, as mentions of its tokens.

    'order_items.price', 'sale_price', '`sales`': the schema's own names, resolved exactly.
    """
    tokens = tokenize(text)
    tables = {t.lower(): t for t in index.catalogue.tables}
    named = [tables[t.text.lower()] for t in tokens if t.text.lower() in tables]
    found: list[Mention] = []
    for n, token in enumerate(tokens):
        if token.kind not in ("word", "quoted"):
            continue
        target = _identifier(token.text, index, tables, named)
        if target is not None:
            kind = "table" if target[1] is None else "column"
            found.append(Mention(n, n + 1, kind, target[0], target[1], 1.0, "name"))
    return found


def _identifier(
    text: str, index: SchemaIndex, tables: dict[str, str], named: Sequence[str]
) -> tuple[str, str | None] | None:
    """``table``, ``table.column`` or a column written as its identifier, resolved."""
    lowered = text.lower()
    if lowered in tables:
        return tables[lowered], None
    if "." in lowered:
        table_part, _, column_part = lowered.rpartition(".")
        table = index.catalogue.table(table_part)
        column = table.column(column_part) if table is not None else None
        return (table.name, column.name) if table is not None and column is not None else None
    if "_" not in text and text == text.lower() and not any(c.isdigit() for c in text):
        return None  # a plain word: the linker reads it
    owners = [
        (t.name, c.name)
        for t in index.catalogue.tables.values()
        if (c := t.column(text)) is not None
    ]
    preferred = [o for o in owners if o[0] in named]
    chosen = preferred or owners
    return chosen[0] if len(chosen) == 1 else None


def _schema_names(index: SchemaIndex) -> set[tuple[str, ...]]:
    """Words of the tables' names: a term that is a table's name needs no definition."""
    return {e.words for e in index.elements if e.column is None}


def _measure(
    analysis: Analysis, index: SchemaIndex, per: str | None = None
) -> tuple[Mention | None, tuple[Clause, ...]]:
    """What a definition measures, and the conditions it states on stored values.

    The measure is its first number column no condition takes, else its first table.
    """
    clauses: list[Clause] = []
    conditioned: set[int] = set()
    for n, mention in enumerate(analysis.mentions):
        clause = _clause(analysis, mention, index)
        if clause is not None:
            clauses.append(clause)
            conditioned.add(n)
            conditioned.update(_named_before(analysis, n))
    measures = [
        m
        for n, m in enumerate(analysis.mentions)
        if n not in conditioned
        and m.kind in ("column", "table")
        and m.score >= 0.75
        and not (m.kind == "table" and m.table == per)
    ]
    numbers = [
        m
        for m in measures
        if m.kind == "column"
        and m.column is not None
        and index.column_kind(m.table, m.column) == "number"
    ]
    clauses.extend(_quoted_clauses(analysis, index))
    chosen = numbers[0] if numbers else (measures[0] if measures else None)
    if chosen is None and clauses:
        first = clauses[0]
        chosen = Mention(0, 0, "table", first.table, None, 1.0, "definition")
    return chosen, _merged(clauses)


def _quoted_clauses(analysis: Analysis, index: SchemaIndex) -> list[Clause]:
    """Quoted values no sample holds, on the text column (or the value) just before them.

    "status is 'pending' or 'pending (item modified)'": both are values of status.
    """
    found: list[Clause] = []
    for value in analysis.free_values:
        if value.style != "quoted":
            continue
        before = [m for m in analysis.mentions if 0 <= value.start - m.end <= 3]
        near = before[-1] if before else None
        if near is None or near.column is None:
            continue
        if near.kind == "column" and index.column_kind(near.table, near.column) != "text":
            continue
        negated = _negated(analysis, value.start) and near.kind != "value"
        found.append(Clause(near.table, near.column, "<>" if negated else "=", value.text))
    return found


def _clause(analysis: Analysis, mention: Mention, index: SchemaIndex) -> Clause | None:
    """The condition a value (or a yes/no column) of the definition states, if any."""
    negated = _negated(analysis, mention.start)
    if mention.kind == "value" and mention.column is not None:
        return Clause(mention.table, mention.column, "<>" if negated else "=", mention.value)
    if (
        mention.kind == "column"
        and mention.column is not None
        and index.column_kind(mention.table, mention.column) == "bool"
    ):
        truth = _truth_after(analysis, mention.end)
        if truth is None and not negated:
            return None
        value = (truth if truth is not None else True) != negated
        return Clause(mention.table, mention.column, "=", value)
    return None


def _negated(analysis: Analysis, start: int) -> bool:
    """A negation within the three words before ``start`` ('whose status is not 'x'')."""
    return any(c.category == "negation" and 0 <= start - c.end <= 3 for c in analysis.cues) or any(
        t.lemma in ("not", "no", "never") for t in analysis.tokens[max(start - 3, 0) : start]
    )


def _truth_after(analysis: Analysis, end: int) -> bool | None:
    for token in analysis.tokens[end : end + 3]:
        if token.lemma in ("true", "yes", "1"):
            return True
        if token.lemma in ("false", "no", "0"):
            return False
    return None


def _named_before(analysis: Analysis, n: int) -> list[int]:
    """The column named right before a value ('status is 'x''): part of the condition."""
    value = analysis.mentions[n]
    found: list[int] = []
    for k in range(n - 1, -1, -1):
        other = analysis.mentions[k]
        if value.start - other.end > 3:
            break
        if other.kind == "column" and other.table == value.table:
            found.append(k)
    return found


def _merged(clauses: Sequence[Clause]) -> tuple[Clause, ...]:
    """Equalities on one column become one IN list; inequalities one NOT IN list."""
    merged: dict[tuple[str, str, str], list[Any]] = {}
    for clause in clauses:
        op = clause.op if isinstance(clause.value, str) else f"bool{clause.op}"
        merged.setdefault((clause.table, clause.column, op), []).append(clause.value)
    out: list[Clause] = []
    for (table, column, op), values in merged.items():
        unique = list(dict.fromkeys(values))
        if op.startswith("bool"):
            out.append(Clause(table, column, op[4:], unique[0]))
        elif len(unique) == 1:
            out.append(Clause(table, column, op, unique[0]))
        else:
            out.append(Clause(table, column, "in" if op == "=" else "not in", tuple(unique)))
    return tuple(out)
