"""The offline SQL generator: an operator's question to one SELECT, with no language model.

It is the generator the Plan-Tool-Active-Validate loop uses when no model endpoint is
configured. :mod:`querying.linking` links the question's words to the catalogue (names,
comments, sampled values, embeddings) and finds the cue words of how it is asked; this
module reads the linked question as a small grammar — what is shown, what is counted,
summed or averaged, per what, filtered how, ordered and limited how — into a
:class:`~querying.grammar.Spec`, and :mod:`querying.grammar` renders the spec as one SELECT
with sqlglot, joined along foreign keys.

It refuses honestly: when a content phrase of the question (a measure, an attribute, an
entity) links to nothing in the schema or its values, the answer would be about something
else, so it names the phrase and writes no SQL. ``attempt`` asks for the k-th best of the
readings it can make, ``avoid`` lists statements already tried (never returned again).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np
import sqlglot
from numpy.typing import NDArray
from pydantic import BaseModel, Field
from sqlglot import exp

from keel.querying.definitions import definitions
from keel.querying.grammar import (
    Agg,
    Bucket,
    Col,
    Cond,
    Expr,
    Key,
    NoJoin,
    Ratio,
    Renderer,
    ScalarRatio,
    Share,
    Span,
    Spec,
    TableCount,
    Window,
)
from keel.querying.linking import (
    Analysis,
    Cue,
    FreeValue,
    Mention,
    SchemaIndex,
    Term,
    Token,
    analyse,
    is_han,
    lexicon,
    number_of,
    schema_index,
    word_score,
)
from keel.querying.schema import Catalogue
from keel.understanding.classifier import embed, normalize_text

LinkKind = Literal["table", "column", "value", "aggregate", "time", "order", "limit", "other"]

COHERENCE_MARGIN = 0.15  # a weaker reading of a word wins when its table is the one beside it
COMMENT_TIME_SCORE = 0.7  # a time column whose comment uses a word of the question
MAX_READINGS = 12  # readings composed per question at most (attempt k picks the k-th)


class Link(BaseModel):
    """One question phrase linked to the schema or a value."""

    phrase: str
    kind: LinkKind
    target: str = Field(description="table, table.column, table.column = 'value', count …")
    score: float


class Generated(BaseModel):
    """The generator's answer: one SELECT, or a refusal saying which words nothing explains."""

    sql: str | None = Field(description="One SELECT in the catalogue's dialect, None when refused.")
    refused: bool
    reason: str = Field(description="Why refused, or how the SQL was composed.")
    links: list[Link] = Field(default_factory=list)
    unlinked: list[str] = Field(
        default_factory=list,
        description="Content words of the question nothing in the schema explains.",
    )


# ------------------------------------------------------------------------------ the reading


@dataclass
class Item:
    """A mention with the cue words that govern it and the role they give it."""

    mention: Mention
    chain: list[Cue]
    role: str  # proj, top, agg, super, group, order, ratio_num, ratio_den, neg, like, plain
    funcs: list[str] = field(default_factory=list)  # aggregate chain (sum, count …)
    descending: bool = True
    number: float | None = None  # "top 5"
    temporal: bool = False  # ranked by its time ('the 5 most recent orders')
    per: str | None = None  # averaged per row of this table ('payment methods per customer')


@dataclass(frozen=True)
class Options:
    """Choices between readings (the alternatives ``attempt`` walks through)."""

    swap: tuple[int, int] | None = None  # (mention position, alternative rank)
    exact_names: bool = False  # names filtered by equality, not ILIKE '%name%'
    max_not_order: bool = False  # "the highest X" as MAX(X), not ORDER BY X LIMIT 1
    no_distinct: bool = False
    sum_counts: bool = False  # a stored count summed even for one entity
    via: bool = True  # join through the entities the question names on the way


def generate_sql(
    question: str,
    catalogue: Catalogue,
    *,
    context: str = "",
    tables: Sequence[str] | None = None,
    attempt: int = 0,
    avoid: Sequence[str] = (),
) -> Generated:
    """One SELECT answering ``question`` over ``catalogue``, or an honest refusal.

    ``tables`` restricts the reading to the selected tables (None: all); ``context`` gives
    hints (a filter by exact match or ILIKE); ``attempt`` = k asks for the k-th best
    reading; ``avoid`` lists statements already tried, never returned again.
    """
    index = schema_index(catalogue)
    analysis, widened = _analysis(question, index, tables, definitions(context, index))
    links = _links(analysis)
    refusal = _refusal(analysis)
    if refusal is not None:
        return Generated(
            sql=None, refused=True, reason=refusal, links=links, unlinked=analysis.unlinked
        )
    hints = _hints(context)
    readings = _readings(analysis, index, hints)
    avoided = {_canonical(s, catalogue.dialect) for s in avoid}
    fresh = [r for r in readings if _canonical(r.sql, catalogue.dialect) not in avoided]
    if not readings and analysis.unlinked:
        reason = "no column of the linked tables takes " + ", ".join(
            f"'{w}'" for w in analysis.unlinked
        )
        return Generated(
            sql=None, refused=True, reason=reason, links=links, unlinked=analysis.unlinked
        )
    if not readings:
        reason = "no reading of the question composes into SQL over the linked tables"
        return Generated(
            sql=None, refused=True, reason=reason, links=links, unlinked=analysis.unlinked
        )
    if attempt >= len(fresh):
        reason = (
            f"no different reading is left (asked for reading {attempt + 1}; "
            f"{len(fresh)} not yet tried)"
        )
        return Generated(
            sql=None, refused=True, reason=reason, links=links, unlinked=analysis.unlinked
        )
    sql, why, timed = fresh[attempt].sql, fresh[attempt].why, fresh[attempt].time_column
    if timed is not None:  # the loop keeps the time column it was read on
        links = [
            link.model_copy(update={"target": timed}) if link.kind == "time" else link
            for link in links
        ]
    if widened:
        why = f"{why}; linked beyond the selected tables"
    return Generated(sql=sql, refused=False, reason=why, links=links, unlinked=analysis.unlinked)


def _analysis(
    question: str, index: SchemaIndex, tables: Sequence[str] | None, terms: Sequence[Term] = ()
) -> tuple[Analysis, bool]:
    """The question linked to the selected tables, or to all when they leave words unlinked.

    A selection that missed a table must not make the generator blame the data: the
    refusal is decided on the whole catalogue. Returns the analysis and whether it had to
    look beyond the selection.
    """
    catalogue = index.catalogue
    chosen = [found.name for t in (tables or []) if (found := catalogue.table(t)) is not None]
    analysis = _linked(question, index, chosen or None, terms)
    if chosen and _refusal(analysis) is not None:
        wider = _linked(question, index, None, terms)
        if _refusal(wider) is None:
            return wider, True
    return analysis, False


def _linked(
    question: str, index: SchemaIndex, tables: Sequence[str] | None, terms: Sequence[Term]
) -> Analysis:
    analysis = analyse(question, index, tables, terms)
    analysis.unlinked.extend(unplaced_values(analysis, index))
    return analysis


def _canonical(sql: str, dialect: str) -> str:
    try:
        return sqlglot.parse_one(sql, read=dialect).sql(dialect=dialect)
    except sqlglot.errors.SqlglotError:
        return " ".join(sql.split())


def _hints(context: str) -> Options:
    """Options the business context asks for ("filter names using an exact match")."""
    lowered = context.lower()
    exact = ("exact" in lowered and "match" in lowered) and "ilike" not in lowered
    return Options(exact_names=exact)


# ---------------------------------------------------------------------------------- refusal

MIN_LINKED_SHARE = 0.5  # of the question's content words, at least this share must link


def _refusal(analysis: Analysis) -> str | None:
    """Why the question cannot be answered from this schema, or None."""
    schema = [m for m in analysis.mentions if m.kind in ("table", "column", "value")]
    if analysis.unlinked:
        unique = list(dict.fromkeys(analysis.unlinked))
        names = ", ".join(f"'{w[:60]}'" for w in unique[:8]) + (" …" if len(unique) > 8 else "")
        return f"nothing in the schema or its values explains {names}"
    if not schema:
        return "nothing in the question names a table, a column or a stored value of this database"
    linked = sum(m.end - m.start for m in schema)
    if analysis.content and linked / max(analysis.content, 1) < MIN_LINKED_SHARE / 2:
        return "too little of the question links to this database"
    return None


def _links(analysis: Analysis) -> list[Link]:
    links: list[Link] = []
    for mention in analysis.mentions:
        kind: LinkKind = (
            "value"
            if mention.kind == "value"
            else ("table" if mention.kind == "table" else "column")
        )
        links.append(
            Link(
                phrase=_phrase(analysis.tokens, mention.start, mention.end),
                kind=kind,
                target=mention.target,
                score=round(mention.score, 3),
            )
        )
    for cue in analysis.cues:
        links.append(
            Link(
                phrase=_phrase(analysis.tokens, cue.start, cue.end),
                kind=_cue_kind(cue),
                target=cue.value,
                score=1.0,
            )
        )
    for value in analysis.free_values:
        links.append(
            Link(
                phrase=value.text, kind="value", target=f"'{value.text}' ({value.style})", score=0.5
            )
        )
    return sorted(links, key=lambda link: analysis.question.find(link.phrase))


def _cue_kind(cue: Cue) -> LinkKind:
    kinds: dict[str, LinkKind] = {
        "aggregate": "aggregate",
        "superlative": "order",
        "temporal_superlative": "order",
        "order": "order",
        "limit": "limit",
        "time": "time",
        "since": "time",
    }
    return kinds.get(cue.category, "other")


def _phrase(tokens: Sequence[Token], start: int, end: int) -> str:
    return " ".join(t.text for t in tokens[start:end])


# --------------------------------------------------------------------------------- readings


@dataclass(frozen=True)
class Reading:
    """One statement of a reading, how it was composed, and the time column it filters."""

    sql: str
    why: str
    time_column: str | None = None


def _readings(analysis: Analysis, index: SchemaIndex, hints: Options) -> list[Reading]:
    """Distinct statements of the question's readings, best first."""
    renderer = Renderer(index)
    seen: set[str] = set()
    found: list[Reading] = []
    for options in _option_sets(analysis, hints):
        try:
            spec = compose(analysis, index, options)
            if spec is None:
                continue
            spec.unplaced.extend(_unused_guesses(analysis, spec))
            if spec.unplaced:
                analysis.unlinked.extend(w for w in spec.unplaced if w not in analysis.unlinked)
                continue
            sql = renderer.render(spec).sql(dialect=index.dialect)
        except NoJoin:
            continue
        if sql not in seen:
            seen.add(sql)
            timed = [c.col for c in spec.where if c.op in ("window", "year", "since", "day")]
            column = f"{timed[0].table}.{timed[0].column}" if timed else None
            found.append(Reading(sql, "; ".join(spec.notes), column))
        if len(found) >= MAX_READINGS:
            break
    return found


GUESS_SCORE = 0.6  # an embedding link below this must be used by the reading


def _unused_guesses(analysis: Analysis, spec: Spec) -> list[str]:
    """Words linked only by a weak embedding guess to a table the reading never touches.

    '广告花费' (advertising spend): '广告' is closest to brand, but nothing of the answer
    is about brands; the word stays unexplained and the question is refused.
    """
    tables = set(spec.tables())
    return [
        _surface(analysis.tokens[m.start : m.end])
        for m in analysis.mentions
        if m.via == "embedding" and m.score < GUESS_SCORE and m.table not in tables
    ]


def _surface(tokens: Sequence[Token]) -> str:
    """Tokens as written: Chinese characters together, words apart."""
    return ("" if all(t.kind == "han" for t in tokens) else " ").join(t.text for t in tokens)


def _option_sets(analysis: Analysis, hints: Options) -> list[Options]:
    base = hints
    sets = [base]
    sets.append(replace(base, exact_names=not base.exact_names))
    sets.append(replace(base, max_not_order=True))
    sets.append(replace(base, sum_counts=True))
    sets.append(replace(base, no_distinct=True))
    sets.append(replace(base, via=not base.via))
    for position, mention in enumerate(analysis.mentions):
        for rank in range(len(mention.alternatives[:2])):
            sets.append(replace(base, swap=(position, rank)))
    return sets


# ------------------------------------------------------------------------------- composing


def compose(analysis: Analysis, index: SchemaIndex, options: Options) -> Spec | None:
    """The spec of one reading of the analysed question (None: nothing to compose)."""
    mentions = _resolve(analysis, index, options)
    items = [_typed(item, index) for item in _items(analysis, mentions)]
    builder = _Builder(analysis, index, options, items)
    return builder.build()


def _resolve(analysis: Analysis, index: SchemaIndex, options: Options) -> list[Mention]:
    """Mentions retargeted for coherence.

    A column or value ambiguous between tables goes to the table the question names beside
    it, else to a table other mentions use.
    """
    mentions = list(analysis.mentions)
    if options.swap is not None:
        position, rank = options.swap
        alt = mentions[position].alternatives[rank]
        mentions[position] = replace(
            mentions[position], table=alt[0], column=alt[1], alternatives=()
        )
    anchors = _anchor_tables(mentions)
    resolved: list[Mention] = []
    for position, mention in enumerate(mentions):
        exact_table = mention.kind == "table" and mention.score >= 1.0
        if (
            mention.alternatives
            and not exact_table
            and (options.swap is None or options.swap[0] != position)
        ):
            mention = _coherent(mention, mentions, position, anchors, analysis.tokens, index)
        resolved.append(mention)
    return _anaphora(_merge_of(resolved, analysis.tokens, index), analysis.tokens, index)


def _anaphora(
    mentions: list[Mention], tokens: Sequence[Token], index: SchemaIndex
) -> list[Mention]:
    """A bare head word names the column named before with it ('easiness scores … scores')."""
    out: list[Mention] = []
    for mention in mentions:
        head = tokens[mention.end - 1].lemma
        if mention.kind == "column" and mention.end - mention.start == 1:
            for earlier in reversed(out):
                words = _words(index, earlier.table, earlier.column)
                if earlier.kind == "column" and len(words) > 1 and words[-1] == head:
                    mention = replace(mention, table=earlier.table, column=earlier.column)
                    break
        out.append(mention)
    return out


def _anchor_tables(mentions: Sequence[Mention]) -> list[str]:
    tables = [m.table for m in mentions if m.kind == "table"]
    tables += [m.table for m in mentions if m.kind != "table" and not m.alternatives]
    return list(dict.fromkeys(tables))


def _coherent(
    mention: Mention,
    mentions: Sequence[Mention],
    position: int,
    anchors: Sequence[str],
    tokens: Sequence[Token],
    index: SchemaIndex,
) -> Mention:
    options = [(mention.table, mention.column, mention.score), *mention.alternatives]
    top = max(s for _, _, s in options)
    close = [
        (t, c) for t, c, s in options if s >= top - COHERENCE_MARGIN or mention.kind == "value"
    ]
    neighbours = _neighbour_tables(mentions, position, tokens)
    before = tokens[mention.start - 1].lemma if mention.start > 0 else ""
    named = [
        (t, c)
        for t, c in close
        if before and mention.kind == "value" and before in _words(index, t, c)
    ]
    close = named or close  # 'from LAX': the value of a column called from_…
    for pool in (neighbours, anchors):
        for table, column in close:
            if table in pool:
                return replace(mention, table=table, column=column)
    return mention


def _words(index: SchemaIndex, table: str, column: str | None) -> tuple[str, ...]:
    element = index.element(table, column)
    return element.words if element is not None else ()


def _neighbour_tables(
    mentions: Sequence[Mention], position: int, tokens: Sequence[Token]
) -> list[str]:
    """Tables of the mentions right beside this one (within three words, no comma between)."""
    found: list[str] = []
    here = mentions[position]
    for offset in (-1, 1):
        other_at = position + offset
        if not 0 <= other_at < len(mentions):
            continue
        other = mentions[other_at]
        lo, hi = (other.end, here.start) if offset < 0 else (here.end, other.start)
        settled = other.kind == "table" or not other.alternatives
        if settled and hi - lo <= 3 and not any(tokens[i].kind == "punct" for i in range(lo, hi)):
            found.append(other.table)
    return found


def _merge_of(
    mentions: list[Mention], tokens: Sequence[Token], index: SchemaIndex
) -> list[Mention]:
    """'the names of the conferences': the column goes to the table named after 'of'."""
    merged: list[Mention] = []
    skip: set[int] = set()
    for n, mention in enumerate(mentions):
        if n in skip:
            continue
        nxt = mentions[n + 1] if n + 1 < len(mentions) else None
        if (
            mention.kind == "column"
            and nxt is not None
            and nxt.kind == "table"
            and _joined_by_of(tokens, mention.end, nxt.start)
        ):
            target = _same_column(index, mention, nxt.table)
            if target is not None:
                merged.append(
                    replace(mention, table=nxt.table, column=target, end=nxt.end, alternatives=())
                )
                skip.add(n + 1)
                continue
        merged.append(mention)
    return merged


def _joined_by_of(tokens: Sequence[Token], start: int, end: int) -> bool:
    between = [t.lemma for t in tokens[start:end]]
    return (
        bool(between)
        and between[0] == "of"
        and all(w in ("of", "the", "a", "an", "all", "each") for w in between)
    )


def _same_column(index: SchemaIndex, mention: Mention, table: str) -> str | None:
    if mention.table == table:
        return mention.column
    element = index.element(mention.table, mention.column)
    if element is None:
        return None
    for other in index.elements:
        if other.table == table and other.column is not None and other.words == element.words:
            return other.column
    for alt_table, alt_column, _ in mention.alternatives:
        if alt_table == table:
            return alt_column
    return None


def _hashable(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def _key_name(key: Key) -> str:
    if isinstance(key, Bucket):
        return f"{key.unit} of {key.col.table}.{key.col.column}"
    return f"{key.table}.{key.column}"


def _clock(text: str) -> str | None:
    """'1pm' -> '13:00:00', '9:30' -> '09:30:00' (None when it is no time of day)."""
    lowered = text.lower().replace(" ", "")
    meridiem = lowered[-2:] if lowered[-2:] in ("am", "pm") else ""
    digits = lowered[: -len(meridiem)] if meridiem else lowered
    parts = digits.split(":")
    if not all(p.isdigit() for p in parts) or len(parts) > 3:
        return None
    hour, minute = int(parts[0]), int(parts[1]) if len(parts) > 1 else 0
    if meridiem == "pm" and hour < 12:
        hour += 12
    if meridiem == "am" and hour == 12:
        hour = 0
    if hour > 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}:00"


# -- free values


def place_value(
    value: FreeValue, analysis: Analysis, mentions: Sequence[Mention], index: SchemaIndex
) -> Col | None:
    """The text column a value nothing sampled belongs to, or None (then it is unlinked).

    In order: the column a pattern cue follows ('names start with "J"'), a column whose
    samples contain the value as words ('Martin' in 'Martin Odersky'), the column or the
    table named right beside it ('the vendor named …', 'domain "X"'), a code column beside.
    """
    like = next(
        (c for c in analysis.cues if c.category == "like" and 0 <= value.start - c.end <= 3), None
    )
    if like is not None:
        found = _beside(mentions, like.start, index, before_only=True)
        if found is not None:
            return found
    partial = _partial_sample(value, index, {m.table for m in mentions})
    if partial is not None:
        return partial
    beside = _beside(mentions, value.start, index, before_only=False, end=value.end)
    named = beside is not None and _named_column(mentions, beside)
    person = None if named else person_column(value, index, [m.table for m in mentions])
    if person is not None:
        return person
    if beside is not None and (value.style != "code" or _code_column(index, beside)):
        return beside if named else similar_column(value.text, beside, index)
    return None


def _named_column(mentions: Sequence[Mention], col: Col) -> bool:
    return any(
        m.kind == "column" and (m.table, m.column) == (col.table, col.column) for m in mentions
    )


def person_column(value: FreeValue, index: SchemaIndex, tables: Sequence[str]) -> Col | None:
    """The first-name column of the people a name of two capitalised words is about.

    'Diego Thomas': a table whose rows are shown by a first and a last name (the one the
    question names, else the only such table) holds him.
    """
    words = value.text.split()
    if value.style != "capitalised" or len(words) != 2 or not all(w.isalpha() for w in words):
        return None
    people = [t for t, shown in index.display.items() if len(shown) == 2]
    named = [t for t in people if t in tables]
    chosen = named or (people if len(people) == 1 else [])
    return Col(chosen[0], index.display[chosen[0]][0]) if chosen else None


# How much nearer a value another column's samples must be than the shown column's (in
# cosines of vectors centred on the table's samples).
SIMILAR_MARGIN = 0.15


def similar_column(text: str, shown: Col, index: SchemaIndex) -> Col:
    """The text column of ``shown``'s table whose samples the value resembles most.

    'Seattle' beside 'customers' is a city, not a first name: centred on the mean of the
    table's samples (raw e5 cosines are all high), its embedding is nearest users.city's.
    Only columns whose samples are written like the value compete (words, codes, ids), and
    the column shown for the table stays unless another is clearly nearer.
    """
    centred = sample_centroids(index, shown.table)
    if centred is None or shown not in centred[1]:
        return shown
    mean, centroids = centred
    style = _written_like(text)
    rivals = {c: v for c, v in centroids.items() if c == shown or _style_of(index, c) == style}
    vector = embed([normalize_text(text)])[0] - mean
    vector = vector / (float(np.linalg.norm(vector)) or 1.0)
    scores = {col: float(vector @ centre) for col, centre in rivals.items()}
    best = max(scores, key=lambda col: scores[col])
    return best if scores[best] - scores[shown] >= SIMILAR_MARGIN else shown


def _written_like(text: str) -> str:
    """A coarse shape: 'code' (upper case, short), 'word' (letters), 'other'."""
    letters = text.replace(" ", "").replace("-", "").replace("'", "")
    if letters.isalpha() and letters.isupper() and len(letters) <= 4:
        return "code"
    return "word" if letters.isalpha() else "other"


def _style_of(index: SchemaIndex, col: Col) -> str:
    info = index.catalogue.tables[col.table].column(col.column)
    styles = {_written_like(s) for s in (info.samples if info is not None else [])}
    return styles.pop() if len(styles) == 1 else "other"


_CENTROIDS: dict[
    tuple[int, str], tuple[SchemaIndex, tuple[NDArray[np.float32], dict[Col, NDArray[np.float32]]]]
] = {}


def sample_centroids(
    index: SchemaIndex, table: str
) -> tuple[NDArray[np.float32], dict[Col, NDArray[np.float32]]] | None:
    """The mean embedding of a table's text samples, and each column's centroid around it.

    Text columns of three samples or more; None when the table has fewer than two.
    """
    key = (id(index), table)
    cached = _CENTROIDS.get(key)
    if cached is not None and cached[0] is index:
        return cached[1]
    vectors: dict[Col, NDArray[np.float32]] = {}
    for column in index.catalogue.tables[table].columns:
        samples = list(dict.fromkeys(column.samples))
        if column.kind == "text" and len(samples) >= 3:
            vectors[Col(table, column.name)] = embed([normalize_text(s) for s in samples])
    if len(vectors) < 2:
        return None
    mean = np.concatenate(list(vectors.values())).mean(axis=0)
    found: dict[Col, NDArray[np.float32]] = {}
    for col, rows in vectors.items():
        centre = rows.mean(axis=0) - mean
        found[col] = centre / (float(np.linalg.norm(centre)) or 1.0)
    if len(_CENTROIDS) > 256:
        _CENTROIDS.clear()
    _CENTROIDS[key] = (index, (mean, found))
    return mean, found


def _beside(
    mentions: Sequence[Mention],
    at: int,
    index: SchemaIndex,
    *,
    before_only: bool,
    end: int | None = None,
) -> Col | None:
    near: list[tuple[int, Mention]] = []
    for mention in mentions:
        if mention.kind == "value":
            continue
        if 0 <= at - mention.end <= 3:
            near.append((at - mention.end, mention))
        elif not before_only and end is not None and 0 <= mention.start - end <= 2:
            near.append((mention.start - end + 1, mention))
    for _, mention in sorted(near, key=lambda pair: pair[0]):
        if (
            mention.kind == "column"
            and mention.column
            and index.column_kind(mention.table, mention.column) == "text"
        ):
            return Col(mention.table, mention.column)
        if mention.kind == "table" and index.display.get(mention.table):
            return Col(mention.table, index.display[mention.table][0])
    return None


def _partial_sample(value: FreeValue, index: SchemaIndex, preferred: set[str]) -> Col | None:
    wanted = " ".join(value.text.lower().split())
    if len(wanted) < 3:
        return None
    found: list[tuple[int, Col]] = []
    for text, samples in index.values.items():
        if wanted in text.split() or (" " in wanted and wanted in text):
            for sample in samples:
                found.append(
                    (0 if sample.table in preferred else 1, Col(sample.table, sample.column))
                )
    return min(found, key=lambda pair: pair[0])[1] if found else None


def _code_column(index: SchemaIndex, col: Col) -> bool:
    info = index.catalogue.tables[col.table].column(col.column)
    samples = info.samples if info is not None else []
    return bool(samples) and all(s.isupper() and len(s) <= 8 for s in samples)


def unplaced_values(analysis: Analysis, index: SchemaIndex) -> list[str]:
    """Free values no column can hold: the question names something the data does not have."""
    return [
        v.text
        for v in analysis.free_values
        if place_value(v, analysis, analysis.mentions, index) is None
    ]


# -- roles

_BREAKING = frozenset([",", ".", "?", ";", "!", "(", ")"])


_NUMERIC_FUNCS = frozenset(["sum", "avg", "min", "max"])
_RANKING = frozenset(["superlative", "temporal_superlative"])
_KINDS = frozenset(["type", "kind", "category", "sort", "class"])  # 'by type', 'each kind of'


def _typed(item: Item, index: SchemaIndex) -> Item:
    """A word that must name a number takes a number column among its readings.

    Summed, averaged or a ratio's side, a word whose best reading is a text column takes the
    number column it may also name ('total number of credits': total_credit, not the yes/no
    earn_credit).
    """
    mention = item.mention
    numeric_role = item.role in ("ratio_num", "ratio_den") or bool(_NUMERIC_FUNCS & set(item.funcs))
    if not numeric_role or mention.kind != "column" or mention.column is None:
        return item
    if index.column_kind(mention.table, mention.column) == "number":
        return item
    for table, column, _ in mention.alternatives:
        if column is not None and index.column_kind(table, column) == "number":
            item.mention = replace(mention, table=table, column=column)
            break
    return item


def _items(analysis: Analysis, mentions: Sequence[Mention]) -> list[Item]:
    """Each mention with the chain of cues right before it, and the role they give it."""
    ratio_at = min((c.start for c in analysis.cues if c.category == "ratio"), default=None)
    cues = [
        c
        for c in analysis.cues
        if c.category != "ratio_to" or (ratio_at is not None and c.start > ratio_at)
    ]
    events: list[tuple[int, int, Cue | Mention]] = [(c.start, 0, c) for c in cues]
    events += [(m.start, 1, m) for m in mentions]
    events.sort(key=lambda e: (e[0], e[1]))
    items: list[Item] = []
    pending: list[Cue] = []
    last_end = 0
    for n, (start, _, event) in enumerate(events):
        if isinstance(event, Mention) and _passes_on(event, pending, events[n + 1 :]):
            items.append(Item(event, [], "plain"))  # 'how many black items': the items
            last_end = max(last_end, event.end)
            continue
        if isinstance(event, Cue) and _relative(analysis, items, event):
            last_end = max(last_end, event.end)
            continue  # "students who have taken …": 'who' relates, it asks for nothing
        if isinstance(event, Cue) and _grades_previous(analysis, items, event):
            _graded(items[-1], event)  # "价格最高的产品", "订单最多的客户", "订单数"
            last_end = max(last_end, event.end)
            continue
        listed = not pending and bool(items) and _continues_list(analysis, items[-1], start)
        if _breaks(analysis, last_end, start):
            pending = []
        if isinstance(event, Cue):
            pending.append(event)
        else:
            item = _defined(_role(event, pending))
            if items and items[-1].role == "top" and item.role == "group" and _by_only(pending):
                # "the top 2 products by price"; by a measure: "top 3 products by revenue"
                item.role, item.descending = ("super" if item.funcs else "order"), True
            if listed and item.role == "plain" and event.kind != "value":
                # "the id, name and number of …": listed with what is shown; "by status
                # and state": grouped with what is grouped
                item.role = (
                    "group"
                    if items[-1].role == "group" and not _owned(analysis, items[-1], start)
                    else "proj"
                )
            items.append(item)
            pending = []
        last_end = max(last_end, event.end)
    return _modifiers(_verbs(items))


def _passes_on(
    mention: Mention, pending: list[Cue], rest: Sequence[tuple[int, int, Cue | Mention]]
) -> bool:
    """A value right before a noun leaves the cues before it to the noun.

    'how many black items': the items are counted, 'black' filters them.
    """
    if mention.kind != "value" or not pending:
        return False
    following = next((e for _, _, e in rest), None)
    return (
        isinstance(following, Mention)
        and following.kind in ("table", "column")
        and 0 <= following.start - mention.end <= 1
    )


def _verbs(items: list[Item]) -> list[Item]:
    """A defined count used as a verb: 'how many unique products were sold'.

    When the question counts something itself, a defined count of rows ('sold': the
    order items of orders not cancelled) says how they relate: its rows join and its
    conditions hold, but it is no second measure.
    """
    counted = any(i.role == "agg" and i.chain for i in items)
    for item in items:
        mention = item.mention
        defined = mention.via == "definition" and mention.funcs == ("count",)
        if counted and defined and item.role == "agg" and not item.chain:
            item.role, item.funcs = "plain", []
    return items


def _modifiers(items: list[Item]) -> list[Item]:
    """A measure written before the noun it grades: the noun is what is shown.

    'the top 5 best selling products': 'top 5' is about the products, 'best selling' is
    how they are ranked; 'the 5 highest price items': the items, by price.
    """
    for first, second in itertools.pairwise(items):
        measure = bool(first.mention.funcs) or first.mention.kind == "column"
        if (
            measure
            and first.role == "top"
            and second.mention.kind in ("table", "column")
            and second.role == "plain"
            and second.mention.start == first.mention.end
        ):  # 'the 5 priciest items': the items are listed, by price
            second.role, second.number = "top", first.number
            first.role, first.number = "super", None
    return items


_RELATIVE = frozenset(["who", "which", "that", "whose", "whom", "where"])


def _relative(analysis: Analysis, items: list[Item], cue: Cue) -> bool:
    """A wh-word after something named in the same sentence is a relative pronoun."""
    if cue.category != "projection" or cue.end - cue.start != 1 or not items:
        return False
    if analysis.tokens[cue.start].lemma not in _RELATIVE:
        return False
    between = analysis.tokens[items[-1].mention.end : cue.start]
    return not any(t.text in (".", "?", "!", ";") for t in between)


def _grades_previous(analysis: Analysis, items: list[Item], cue: Cue) -> bool:
    """A superlative written after what it grades, nothing but 'the' between.

    Chinese puts it after the noun ("价格最高的产品", "订单最多的客户"); English after a
    measure's verb ("the product that sells the worst", a defined term).
    """
    graded = ("superlative", "temporal_superlative", "aggregate", "group_after")
    if cue.category not in graded or not items:
        return False
    previous = items[-1]
    han = any(is_han(t.text[:1]) for t in analysis.tokens[cue.start : cue.end])
    valued = previous.mention.kind == "value" and cue.category != "aggregate" and not han
    if valued or previous.role not in ("plain", "agg"):
        return False
    between = [  # '的', '得': particles
        t for t in analysis.tokens[previous.mention.end : cue.start] if t.text not in "的得地"
    ]
    measured = previous.mention.via == "definition" and bool(previous.mention.funcs)
    written = "".join(t.text for t in analysis.tokens[cue.start : cue.end])
    last = not any(m.start >= cue.end for m in analysis.mentions)  # '订单有多少'
    if cue.category == "aggregate" and written not in lexicon().after and not last:
        return False
    if any(is_han(c) for c in written):  # Chinese, even a word read as English ('总额')
        return (previous.role == "plain" or measured) and not between
    return measured and cue.category != "aggregate" and all(t.lemma == "the" for t in between)


def _graded(item: Item, cue: Cue) -> None:
    if cue.category == "aggregate":
        if not item.mention.funcs:  # '销售额多少': how much revenue, not how many
            item.role, item.funcs = "agg", [cue.value]
    elif cue.category == "group_after":
        item.role = "group"
    else:
        _superlative(item, [cue])


def _by_only(chain: list[Cue]) -> bool:
    return len(chain) == 1 and chain[0].category == "group"


_LIST_WORDS = frozenset(
    [",", "and", "the", "their", "its", "his", "her", "as", "well", "also", "plus", "each"]
)


def _continues_list(analysis: Analysis, previous: Item, start: int) -> bool:
    """Whether a mention continues the list of what is shown or of what is grouped.

    'their first and last names', 'orders with their cancel reason'; 'by status and state'.
    """
    between = [t.lemma for t in analysis.tokens[previous.mention.end : start]]
    if between[:1] == ["with"] and between[1:2] in _OWNED:
        return True  # 'customers from Chicago with their emails'
    if previous.role not in ("proj", "top", "group"):
        return False
    if between[:1] == ["with"] and between[1:2] in _OWNED:
        return True
    return (
        bool(between)
        and all(w in _LIST_WORDS or w == "," for w in between)
        and any(w in ("and", ",") for w in between)
    )


_OWNED = (["their"], ["its"], ["his"], ["her"])


def _owned(analysis: Analysis, previous: Item, start: int) -> bool:
    """'… with their emails': an attribute of what is shown."""
    between = [t.lemma for t in analysis.tokens[previous.mention.end : start]]
    return between[:1] == ["with"] and between[1:2] in _OWNED


def _breaks(analysis: Analysis, start: int, end: int) -> bool:
    """Whether the words between two events cut a cue off from what follows."""
    lex = lexicon()
    for token in analysis.tokens[start:end]:
        if token.text in _BREAKING:
            return True
        if lex.is_content(token) and not lex.is_weak(token):
            return True
    return False


def _defined(item: Item) -> Item:
    """A defined term's aggregate, unless the question asks for another ('revenue': sum)."""
    item.per = item.mention.per
    funcs = list(item.mention.funcs)
    if not funcs or item.funcs:
        return item
    item.funcs = funcs
    if item.role in ("plain", "proj"):
        item.role = "agg"
    return item


def _role(mention: Mention, chain: list[Cue]) -> Item:
    item = Item(mention, list(chain), "plain")
    if not chain:
        return item
    categories = [c.category for c in chain]
    last = chain[-1]
    if last.category == "limit" and last.number is not None:
        item.role, item.number = "top", last.number
    elif last.category == "group" and mention.kind != "value":
        item.role = "group"
    elif "order" in categories and any(c.value == "by" for c in chain if c.category == "order"):
        item.role = "order"
        item.descending = any(c.value == "desc" for c in chain if c.category == "order")
        item.funcs = [c.value for c in chain if c.category == "aggregate"]
    elif any(c.category in ("superlative", "temporal_superlative") for c in chain):
        _superlative(item, chain)
    elif "ratio_to" in categories:
        item.role = "ratio_den"
    elif "ratio" in categories:
        item.role = "ratio_num"
    elif "aggregate" in categories:
        item.role = "agg"
        item.funcs = [c.value for c in chain if c.category == "aggregate"]
    elif "negation" in categories:
        item.role = "neg"
    elif "projection" in categories:
        item.role = "proj"
        counted = next(
            (c for c in chain if c.category in ("projection", "limit") and c.number is not None),
            None,
        )
        if counted is not None and counted.end + 1 == mention.start:
            item.role, item.number = "top", counted.number  # "which 2 customers", "前2个产品"
    return item


def _superlative(item: Item, chain: list[Cue]) -> None:
    supers = [c for c in chain if c.category in ("superlative", "temporal_superlative")]
    cue = supers[-1]
    item.descending = cue.value == "desc"
    item.temporal = cue.category == "temporal_superlative"
    item.funcs = [
        c.value for c in chain if c.category == "aggregate" and c.start > cue.start
    ] or list(item.mention.funcs)
    words = {c.value for c in chain}
    top = next((c for c in supers if c.number is not None), None)
    if top is not None or (
        item.mention.kind == "table" and "projection" in words and not item.funcs and _is_top(cue)
    ):
        item.role = "top"
        item.number = top.number if top is not None else 1.0
        return
    if item.temporal and item.mention.kind == "table" and not item.funcs:
        item.role, item.number = "top", None  # 'the latest order': the rows, newest first
        return
    item.role = "super"


def _is_top(cue: Cue) -> bool:
    return cue.value == "desc" and cue.end - cue.start == 1


# -- the builder


class _Builder:
    """Builds one spec from the items of a reading."""

    def __init__(
        self, analysis: Analysis, index: SchemaIndex, options: Options, items: list[Item]
    ) -> None:
        self.buckets: list[Key] = []  # calendar units and kinds grouped by
        self.measured: list[tuple[Item, Agg]] = []  # defined measures and their aggregates
        self.analysis = analysis
        self.index = index
        self.options = options
        self.items = items
        self.spec = Spec()
        self.used: set[int] = set()  # ids of items consumed

    # the subject: what the answer is about

    def subject(self) -> Item | None:
        for role in ("top", "proj"):
            for item in self.items:
                if item.role == role and item.mention.kind != "value":
                    return item
        tables = [i for i in self.items if i.mention.kind == "table" and i.role == "plain"]
        return tables[0] if tables else None

    def build(self) -> Spec | None:
        if self._ratio():
            self._filters()
            return self.spec if self.spec.select else None
        subject = self.subject()
        groups = [i for i in self.items if i.role == "group"]
        aggs = [i for i in self.items if i.role == "agg"]
        supers = [i for i in self.items if i.role == "super"]
        self._filters()
        groups = self._per_entity(groups, aggs)
        if subject is not None and subject.role == "top" and aggs and not groups:
            for item in aggs:  # 'the top 10 cities by number of orders': ranked by the count
                item.role, item.descending = "super", True
            supers, aggs = [*supers, *aggs], []
        if self._share(groups) or self._duration(groups, subject):
            self._finish(None)
            return self.spec
        self.buckets = [*self._buckets(), *self._kind_groups()]
        if (
            groups
            or self.buckets
            or self.spec.having
            or any(self._is_count_super(s) for s in supers)
        ):
            self._grouped(subject, groups, aggs, supers)
        elif aggs:
            self._aggregated(aggs, supers, subject)
        else:
            self._listing(subject, supers)
        self._scoped_clauses()
        self._ordering()
        self._finish(subject)
        return self.spec if self.spec.select else None

    # filters

    def _filters(self) -> None:
        self._clauses()
        for item in self.items:
            mention = item.mention
            if mention.kind == "value" and mention.column is not None:
                self._add_value(item)
            elif (
                mention.kind == "column"
                and self.index.column_kind(mention.table, mention.column or "") == "bool"
                and item.role in ("plain", "neg")
            ):
                self.spec.where.append(
                    Cond(
                        Col(mention.table, mention.column or ""),
                        "=",
                        item.role != "neg",
                        at=mention.start,
                    )
                )
                self.spec.notes.append(
                    f"{mention.column} is {'false' if item.role == 'neg' else 'true'}"
                )
                self.used.add(id(item))
            elif item.role == "neg":
                self._negation(item)
        self._free_values()
        self._numbers()
        self._windows()

    def _clauses(self) -> None:
        """The conditions the defined terms of the question carry ('revenue': not cancelled)."""
        for item in self.items:
            for clause in item.mention.clauses:
                col = Col(clause.table, clause.column)
                cond = Cond(col, clause.op, clause.value, at=item.mention.start)
                if cond not in self.spec.where:
                    self.spec.where.append(cond)
                    self.spec.notes.append(
                        f"{clause.table}.{clause.column} {clause.op} {clause.value!r} (defined)"
                    )

    def _add_value(self, item: Item) -> None:
        mention = item.mention
        col = Col(mention.table, mention.column or "")
        same = [c for c in self.spec.where if c.col == col and c.op in ("=", "in")]
        if same and item.role != "neg":
            values = same[0].value if same[0].op == "in" else [same[0].value]
            self.spec.where.remove(same[0])
            merged = list(dict.fromkeys([*values, mention.value]))
            self.spec.where.append(Cond(col, "in", merged, at=same[0].at))
        else:
            op = "<>" if item.role == "neg" else "="
            self.spec.where.append(Cond(col, op, mention.value, at=mention.start))
        self.spec.notes.append(f"{col.table}.{col.column} = {mention.value!r} (a stored value)")
        self.used.add(id(item))

    def _negation(self, item: Item) -> None:
        mention = item.mention
        subject = self.subject()
        if mention.kind == "column" and mention.column is not None:
            self.spec.where.append(Cond(Col(mention.table, mention.column), "null"))
            self.used.add(id(item))
        elif mention.kind == "table" and subject is not None:
            for edge in self.index.edges.get(subject.mention.table, []):
                if edge.other == mention.table:
                    self.spec.where.append(Cond(Col(edge.table, edge.column), "null"))
                    self.spec.notes.append(
                        f"no {mention.table}: {edge.table}.{edge.column} is null"
                    )
                    self.used.add(id(item))
                    return

    def _free_values(self) -> None:
        like = [c for c in self.analysis.cues if c.category == "like"]
        for value in self.analysis.free_values:
            col = self._value_column(value)
            if col is None:
                continue
            for item in self.items:
                if item.mention.kind == "column" and (item.mention.table, item.mention.column) == (
                    col.table,
                    col.column,
                ):
                    self.used.add(id(item))
            cue = next((c for c in like if 0 <= value.start - c.end <= 3), None)
            if cue is None and self._person(value, col):
                continue
            pattern, op = self._pattern(value, cue)
            self.spec.where.append(Cond(col, op, pattern, at=value.start))
            self.spec.notes.append(f"{col.table}.{col.column} {op} {pattern!r}")

    def _person(self, value: FreeValue, col: Col) -> bool:
        """'Diego Thomas' on a table shown by first and last name: both names, as written."""
        shown = self.index.display.get(col.table, ())
        words = value.text.split()
        if len(shown) != 2 or shown[0] != col.column or len(words) != 2:
            return False
        op = "=" if self.options.exact_names else "ilike"
        for column, word in zip(shown, words, strict=True):
            self.spec.where.append(Cond(Col(col.table, column), op, word, at=value.start))
        self.spec.notes.append(f"{col.table} named {value.text!r} (first and last name)")
        return True

    def _pattern(self, value: FreeValue, cue: Cue | None) -> tuple[str, str]:
        text = value.text
        if cue is not None:
            shapes = {"prefix": f"{text}%", "suffix": f"%{text}", "contain": f"%{text}%"}
            return shapes[cue.value], "ilike"
        if value.style == "code" or self.options.exact_names:
            return text, "="
        if value.style == "quoted":
            return text, "ilike"  # quoted: the whole value, in any case
        return f"%{text}%", "ilike"

    def _value_column(self, value: FreeValue) -> Col | None:
        """The text column a free value filters (see :func:`place_value`)."""
        return place_value(value, self.analysis, [i.mention for i in self.items], self.index)

    def _numbers(self) -> None:
        counting = (
            "time",
            "limit",
            "superlative",
            "projection",
        )  # "top 5", "last 7 days", "which 2"
        taken = {
            i
            for c in self.analysis.cues
            if c.category in counting and (c.category == "time" or c.number is not None)
            for i in range(
                c.start, c.end + (1 if c.number is not None and c.category != "time" else 0)
            )
        }
        tokens = self.analysis.tokens
        numerals = lexicon().numerals
        for position, token in enumerate(tokens):
            if position in taken:
                continue
            if token.kind in ("number", "date", "time"):
                self._number(position, token)
            elif (
                token.norm in numerals
                and self._comparison(position) != "="
                and self._counted_after(position) is not None
            ):  # 'more than one payment method': a numeral counting what follows
                self._number(
                    position,
                    replace(
                        token,
                        text=str(numerals[token.norm]),
                        kind="number",
                        norm=str(numerals[token.norm]),
                    ),
                )

    def _number(self, position: int, token: Token) -> None:
        lex = lexicon()
        tokens = self.analysis.tokens
        following = tokens[position + 1] if position + 1 < len(tokens) else None
        value = number_of(token, lex.numerals) if token.kind == "number" else None
        op = self._comparison(position)
        if following is not None and following.text in lex.measure_words and op == "=":
            return  # '最贵的5个商品': five products, no value of five
        if token.kind in ("date", "time"):
            self._moment(self._time_near(position), op, token)
            return
        counted = self._counted_after(position) if op != "=" else None
        col = None if counted is not None else self._numeric_near(position)
        money = col is None and value is not None and self._is_money(position)
        if money and value is not None and self._money(position, op, value):
            return
        if col is None and value is not None and value.is_integer() and 1900 <= value <= 2100:
            self._year(position, int(value), op)
            return
        if counted is not None and value is not None:  # 'placed more than one order'
            self.spec.having.append((self.count_of(counted.mention.table), op, value))
            self.used.add(id(counted))
            self.spec.notes.append(f"having the count of {counted.mention.table} {op} {value:g}")
            return
        if col is None:
            if op != "=":
                self.spec.unplaced.append(
                    _phrase(self.analysis.tokens, max(position - 2, 0), position + 1)
                )
            return
        if token.kind in ("date", "time"):
            self._moment(col, op, token)
            return
        measured = self._measured_near(col)
        if measured is not None and value is not None and op != "=":
            self.spec.having.append((measured, op, value))  # 'customers who spent over $500'
            self.spec.notes.append(f"having {measured.func} of {col} {op} {value:g}")
            return
        literal_value: object = value if value is not None else token.text
        if (
            self.index.column_kind(col.table, col.column) == "time"
            and value is not None
            and 1900 <= value <= 2100
        ):
            self.spec.where.append(Cond(col, "since" if op in (">", ">=") else "year", int(value)))
            return
        self._compare(col, op, literal_value, position)

    def _measured_near(self, col: Col) -> Agg | None:
        """The aggregate of a defined measure on ``col`` ('spent': the sum of prices)."""
        for item in self.items:
            mention = item.mention
            if mention.via == "definition" and (mention.table, mention.column) == (
                col.table,
                col.column,
            ):
                func = (item.funcs or list(mention.funcs) or ["sum"])[0]
                self.used.add(id(item))
                return Agg(func, col)
        return None

    def _is_money(self, position: int) -> bool:
        """A sum of money: '$10', '10 dollars', '100元'."""
        lex = lexicon()
        tokens = self.analysis.tokens
        before = tokens[position - 1].text if position > 0 else ""
        after = tokens[position + 1].lemma if position + 1 < len(tokens) else ""
        return before in lex.currency or after in lex.currency

    def _money(self, position: int, op: str, value: float) -> bool:
        """A sum compared with the money column of the question's rows.

        'gift cards with less than $10 left': the balance of the payment methods; 'orders
        over $1000': an order has no money column of its own, so the total of its items'
        prices (HAVING SUM(order_items.price) > 1000).
        """
        tables = list(dict.fromkeys(i.mention.table for i in self.items))
        tables += [c.col.table for c in self.spec.where if c.col.table not in tables]
        for table in tables:
            own = self._money_columns(table)
            if len(own) == 1:
                self._compare(own[0], op, value, position)
                return True
        for table in tables[:1]:
            children = [
                col
                for edge in self.index.edges.get(table, [])
                if edge.other_column != self.index.keys.get(edge.other)
                for col in self._money_columns(edge.other)
            ]
            if len(children) == 1 and op != "=":
                self.spec.having.append((Agg("sum", children[0]), op, value))
                self.spec.notes.append(f"the total {children[0]} per {table} {op} {value:g}")
                return True
        return False

    def _money_columns(self, table: str) -> list[Col]:
        """Number columns of ``table`` named as sums of money (price, amount, balance …)."""
        money = lexicon().money
        found: list[Col] = []
        for column in self.index.catalogue.tables[table].columns:
            element = self.index.element(table, column.name)
            named = element is not None and element.words[-1:] and element.words[-1] in money
            if column.kind == "number" and named:
                found.append(Col(table, column.name))
        return found

    def _time_near(self, position: int) -> Col | None:
        """The time column a date or a clock time is about.

        The one whose name the words just before it say ('ends before 1pm': end_time), else
        the time column of the thing named just before, else the question's time column.
        """
        before = [t.lemma for t in self.analysis.tokens[max(position - 4, 0) : position]]
        best: tuple[float, Col] | None = None
        for table in dict.fromkeys(i.mention.table for i in self.items):
            for column in self.index.catalogue.tables[table].columns:
                if column.kind != "time":
                    continue
                words = _words(self.index, table, column.name)
                score = max((word_score(q, w) for q in before for w in words), default=0.0)
                if score >= 0.6 and (best is None or score > best[0]):
                    best = (score, Col(table, column.name))
        if best is not None:
            return best[1]
        for item in sorted(self.items, key=lambda i: abs(position - i.mention.end)):
            if item.mention.end <= position:
                columns = self.index.catalogue.tables[item.mention.table].columns
                found = next((c.name for c in columns if c.kind == "time"), None)
                if found is not None:
                    return Col(item.mention.table, found)  # the time of the thing named before
        return self._time_column()

    def _moment(self, col: Col | None, op: str, token: Token) -> None:
        """A date ('2023-04-01': that day of a time column) or a time of day ('1pm')."""
        if token.kind == "date":
            col = (
                col
                if col is not None and self.index.column_kind(col.table, col.column) == "time"
                else self._time_column()
            )
            if col is not None:
                self.spec.where.append(Cond(col, "day" if op == "=" else op, token.text))
                self.spec.notes.append(f"{col.table}.{col.column} {op} {token.text}")
            return
        clock = _clock(token.text)
        if col is not None and clock is not None:
            self.spec.where.append(Cond(col, op, clock))
            self.spec.notes.append(f"{col.table}.{col.column} {op} {clock}")

    def _compare(self, col: Col, op: str, value: object, position: int = -1) -> None:
        same = [c for c in self.spec.where if c.col == col and c.op in ("=", "in") and op == "="]
        if same:
            values = same[0].value if same[0].op == "in" else [same[0].value]
            self.spec.where.remove(same[0])
            merged = list(dict.fromkeys([*values, value]))
            self.spec.where.append(Cond(col, "in", merged, at=same[0].at))
            return
        self.spec.where.append(Cond(col, op, value, at=position))
        self.spec.notes.append(f"{col.table}.{col.column} {op} {value}")

    def _counted_after(self, position: int) -> Item | None:
        """'more than 2 papers': the entity counted right after the number.

        A table, or a text column of another table than the subject's ('orders with more
        than 3 items': the rows of the items' table).
        """
        subject = self.subject()
        for item in self.items:
            mention = item.mention
            if not 1 <= mention.start - position <= 2:
                continue
            if mention.kind == "table":
                return item
            other = subject is None or subject.mention.table != mention.table
            counted = (
                mention.kind == "column"
                and other
                and mention.column is not None
                and self.index.column_kind(mention.table, mention.column) != "number"
            )
            if counted:
                return replace(item, mention=replace(mention, kind="table", column=None))
        return None

    def _comparison(self, position: int) -> str:
        for cue in self.analysis.cues:
            if cue.category == "compare" and 0 <= position - cue.end <= 2:
                return cue.value
            if cue.category == "since" and 0 <= position - cue.end <= 1:
                return ">="
        return "="

    def _numeric_near(self, position: int) -> Col | None:
        """The number or time column named just before the number (or just after it)."""
        best: tuple[int, Col] | None = None
        for item in self.items:
            mention = item.mention
            if mention.kind != "column" or mention.column is None:
                continue
            kind = self.index.column_kind(mention.table, mention.column)
            if kind not in ("number", "time"):
                continue
            distance = (
                position - mention.end
                if mention.end <= position
                else 2 * (mention.start - position)
            )
            if 0 <= distance <= 6 and (best is None or distance < best[0]):
                best = (distance, Col(mention.table, mention.column))
        return best[1] if best is not None else None

    def _year(self, position: int, year: int, op: str) -> None:
        col = self._time_column()
        if col is None:
            return
        since = op in (">", ">=")
        self.spec.where.append(Cond(col, "since" if since else "year", year))
        self.spec.notes.append(f"{col.table}.{col.column} {'from' if since else 'in'} {year}")

    def _windows(self) -> None:
        for cue in self.analysis.cues:
            if cue.category != "time" or cue.number is None:
                continue
            col = self._time_column()
            if col is None:
                continue
            unit, kind = cue.value.split(":")
            self.spec.where.append(Cond(col, "window", Window(unit, int(cue.number), kind)))
            self.spec.notes.append(
                f"{col.table}.{col.column} in the window {cue.value} {int(cue.number)}"
            )

    def _time_column(self, table: str | None = None) -> Col | None:
        """The time column the question means: one it names, else the best of its tables.

        Its tables are those of the mentions and the conditions, else the tables one join
        away from them. The best column is the one whose name, or else whose comment, uses
        a word of the question ('cancelled last week': the column whose comment says it
        changes when an order is cancelled), else the first of the first table.
        """
        for item in self.items:
            mention = item.mention
            if (
                mention.kind == "column"
                and mention.column
                and self.index.column_kind(mention.table, mention.column) == "time"
            ):
                return Col(mention.table, mention.column)
        tables = [table] if table is not None else self._timed_tables()
        lex = lexicon()
        lemmas = [t.lemma for t in self.analysis.tokens if t.kind == "word" and lex.is_content(t)]
        best: tuple[float, int, Col] | None = None
        for rank, table in enumerate(tables):
            for column in self.index.catalogue.tables[table].columns:
                if column.kind != "time":
                    continue
                score = self._time_score(table, column.name, lemmas)
                if best is None or (score, -rank) > (best[0], -best[1]):
                    best = (score, rank, Col(table, column.name))
        return best[2] if best else None

    def _timed_tables(self) -> list[str]:
        """The question's tables (mentions, then conditions), or those one join away."""
        named = [i.mention.table for i in self.items] + [c.col.table for c in self.spec.where]
        tables = list(dict.fromkeys(named)) or list(self.index.catalogue.tables)
        if any(self._has_time(t) for t in tables):
            return tables
        near = [
            e.other
            for t in tables
            for e in sorted(self.index.edges.get(t, []), key=lambda e: e.cost)
            if self._has_time(e.other)
        ]
        return list(dict.fromkeys(near)) or tables

    def _has_time(self, table: str) -> bool:
        return any(c.kind == "time" for c in self.index.catalogue.tables[table].columns)

    def _time_score(self, table: str, column: str, lemmas: Sequence[str]) -> float:
        element = self.index.element(table, column)
        if element is None:
            return 0.0
        named = max((word_score(q, w) for q in lemmas for w in element.words), default=0.0)
        table_words = set(element.table_words)
        shared = [
            q
            for q in lemmas
            if q not in table_words and any(word_score(q, c) >= 0.9 for c in element.comment)
        ]
        if not shared:
            return named
        rarest = min(self._comment_count(q) for q in shared)  # 'cancelled' over 'customer'
        return max(named, COMMENT_TIME_SCORE - 0.1 + 0.1 / max(rarest, 1))

    def _comment_count(self, word: str) -> int:
        """How many comments of the schema use ``word`` (a rarer word says more)."""
        return sum(
            1 for p in self.index.by_key.get(word, set()) if word in self.index.elements[p].comment
        )

    # shapes

    def entity(self, table: str) -> list[Col]:
        """The columns that show a row of ``table``: its name column(s) and its key."""
        cols = [Col(table, c) for c in self.index.display.get(table, ())]
        key = self.index.keys.get(table)
        if key is not None and Col(table, key) not in cols:
            cols.append(Col(table, key))
        if not cols:
            first = self.index.catalogue.tables[table].columns[0].name
            cols.append(Col(table, first))
        return cols

    def count_of(self, table: str) -> Agg:
        key = self.index.keys.get(table)
        return Agg("count_distinct", Col(table, key)) if key else Agg("count", None)

    def measure(self, item: Item, grouped: bool) -> Expr | None:
        """The aggregate an item asks for, noted for :meth:`_scoped_clauses`.

        Averaged per row of another table ('basket size', 'payment methods per
        customer'), it is its total over the number of those rows.
        """
        if item.per is not None:
            total = self._measure(
                replace(item, per=None, funcs=[f for f in item.funcs if f != "avg"]), grouped
            )
            if isinstance(total, Col | Agg):
                self.spec.notes.append(f"averaged per {item.per}")
                return Ratio(total, self.count_of(item.per))
        value = self._measure(item, grouped)
        if isinstance(value, Agg) and item.mention.clauses:
            self.measured.append((item, value))
        return value

    def _scoped_clauses(self) -> None:
        """A defined measure's conditions stay its own beside other measures.

        'Orders and revenue per month': the revenue leaves cancelled orders out, the count
        of orders does not — SUM(CASE WHEN status <> 'cancelled' THEN price END).
        """
        if sum(isinstance(e, Agg) for e in self.spec.select) < 2:
            return
        for item, agg in self.measured:
            wanted = {(c.table, c.column, c.op, _hashable(c.value)) for c in item.mention.clauses}
            own = tuple(
                c
                for c in self.spec.where
                if (c.col.table, c.col.column, c.op, _hashable(c.value)) in wanted
            )
            if not own or agg not in self.spec.select:
                continue
            scoped = replace(agg, when=own)
            self.spec.select = [scoped if e == agg else e for e in self.spec.select]
            self.spec.order = [(scoped if e == agg else e, d) for e, d in self.spec.order]
            self.spec.where = [c for c in self.spec.where if all(c is not o for o in own)]

    def _measure(self, item: Item, grouped: bool) -> Expr | None:
        """The aggregate an item asks for (count of an entity, sum of a column …)."""
        mention = item.mention
        funcs = item.funcs or ["count"]
        if mention.ends is not None:  # a defined duration ('delivery time')
            table, start, end = mention.ends
            func = next((f for f in funcs if f in ("avg", "min", "max", "sum")), "avg")
            return Span(Col(table, start), Col(table, end), mention.unit, func)
        if mention.kind == "table":
            stored = self._stored_count_of(mention.table, item)
            if stored is not None:
                return (
                    Agg("sum", stored)
                    if grouped or "sum" in funcs or self.options.sum_counts
                    else stored
                )
            return self.count_of(mention.table)
        if mention.column is None:
            return None
        main = next((f for f in funcs if f != "count"), "count")
        if mention.kind == "value":
            return self._value_measure(mention, main)
        col = Col(mention.table, mention.column)
        kind = self.index.column_kind(col.table, col.column)
        if kind != "number" and main in ("sum", "avg"):
            return Agg("count_distinct", col)
        if main == "count":
            if kind == "number" and self._stored_count(col):
                return (
                    Agg("sum", col) if grouped or self.options.sum_counts or "sum" in funcs else col
                )
            if kind == "number":  # 'how many gift cards with a balance over 50': the rows
                return self.count_of(col.table)
            if kind == "other":  # JSON and the like: no equality to count distinct values by
                return Agg("count", col)
            return Agg("count_distinct", col)
        return Agg(main, col)

    def _value_measure(self, mention: Mention, func: str) -> Expr:
        """What a stored value is measured by: its rows, or the money they hold.

        'How many refunds': the refund rows; 'total refunds', '退款总额': the sum of the
        one money column of their table (the value filters them).
        """
        if func in ("sum", "avg", "min", "max"):
            money = self._money_columns(mention.table)
            if len(money) == 1:
                return Agg(func, money[0])
        return self.count_of(mention.table)

    def _stored_count_of(self, table: str, counted: Item) -> Col | None:
        """A column that stores the count asked for.

        'The number of students who found the instructor hilarious' is the column whose
        comment says 'Number of students who …'.
        """
        words = self.index.element(table, None)
        if words is None:
            return None
        for item in self.items:
            mention = item.mention
            if (
                item is counted
                or mention.kind != "column"
                or mention.column is None
                or item.role not in ("plain", "proj")
            ):
                continue
            col = Col(mention.table, mention.column)
            element = self.index.element(col.table, col.column)
            if (
                element is None
                or self.index.column_kind(col.table, col.column) != "number"
                or not self._stored_count(col)
            ):
                continue
            if all(w in element.comment for w in words.words):
                self.used.add(id(item))
                self.spec.notes.append(
                    f"the count of {table} is stored in {col.table}.{col.column}"
                )
                return col
        return None

    def _stored_count(self, col: Col) -> bool:
        element = self.index.element(col.table, col.column)
        words = set(element.words) if element else set()
        comment = element.comment[:3] if element else ()
        return bool(words & {"num", "number", "count", "cnt", "total"}) or "number" in comment

    def _is_count_super(self, item: Item) -> bool:
        mention = item.mention
        if mention.kind == "table" or (item.funcs and item.funcs[0] in ("sum", "count", "avg")):
            return True
        if mention.column is None:
            return False
        return self.index.column_kind(mention.table, mention.column) == "text"

    def _grouped(
        self, subject: Item | None, groups: list[Item], aggs: list[Item], supers: list[Item]
    ) -> None:
        keys: list[Key] = list(self.buckets)
        for item in groups:
            keys.extend(self._group_cols(item))
            self.used.add(id(item))
        if not keys and subject is not None and id(subject) not in self.used:
            keys = list[Key](self._group_cols(subject))
            self.used.add(id(subject))
        if not keys:
            keys = list[Key](self._plain_text_columns())  # 'what colour sells the most?'
        if not keys:
            return
        self.spec.group = list(dict.fromkeys(keys))
        self.spec.select = list(self.spec.group)
        for item in aggs:
            value = self.measure(item, grouped=True)
            if value is not None and value not in self.spec.select:
                self.spec.select.append(value)
                self.spec.anchor = self.spec.anchor or item.mention.table
            self.used.add(id(item))
        for item in supers:
            value = self._super_measure(item)
            if value is None:
                continue
            if value not in self.spec.select:
                self.spec.select.append(value)
            self.spec.order.append((value, item.descending))
            self.spec.anchor = self.spec.anchor or item.mention.table
            self.spec.limit = self._limit(subject)
            self.used.add(id(item))
        self._group_attributes(groups)
        if len(self.spec.select) == len(self.spec.group):
            self.spec.select.append(self._group_count(subject))
        for key in self.spec.group:  # a field absent from a row is no group to rank
            if isinstance(key, Col) and (key.table, key.column) in self.index.fields:
                self.spec.where.append(Cond(key, "notnull"))
        series = [b for b in self.buckets if isinstance(b, Bucket)]
        if series and not self.spec.order:
            self.spec.order.append((series[0], False))  # a series, in time order
        self.spec.notes.append("grouped by " + ", ".join(_key_name(k) for k in self.spec.group))

    def _plain_text_columns(self) -> list[Col]:
        """A text column the question names and nothing else takes: what is ranked."""
        for item in self.items:
            mention = item.mention
            if (
                item.role == "plain"
                and mention.kind == "column"
                and mention.column is not None
                and id(item) not in self.used
                and self.index.column_kind(mention.table, mention.column) == "text"
                and not self._is_filter_column(item)
            ):
                self.used.add(id(item))
                return [Col(mention.table, mention.column)]
        return []

    def _group_count(self, subject: Item | None) -> Agg:
        """What is counted per group when nothing else is asked: the subject's rows."""
        counted = [agg for agg, _, _ in self.spec.having]
        if counted:
            return counted[0]
        if subject is not None and subject.mention.kind == "table":
            self.used.add(id(subject))
            return self.count_of(subject.mention.table)
        return Agg("count", None)

    def _buckets(self) -> list[Bucket]:
        """The calendar units the question groups by ('each month'), on its time column."""
        units = [c.value for c in self.analysis.cues if c.category == "bucket"]
        if not units:
            return []
        col = self._time_column()
        if col is None:
            return []
        self.spec.notes.append(f"per {', '.join(units)} of {col.table}.{col.column}")
        return [Bucket(col, unit) for unit in dict.fromkeys(units)]

    def _group_attributes(self, groups: list[Item]) -> None:
        """Show the columns asked for per group ('the total credit of each student').

        A column of the grouped entity is shown per group (one value per entity); a number
        of another table is summed.
        """
        entities = {i.mention.table for i in groups if i.mention.kind == "table"}
        measured = len(self.spec.select) > len(self.spec.group)
        for item in self.items:
            mention = item.mention
            shown = item.role == "proj" or (item.role == "plain" and not measured)
            if (
                not shown
                or mention.kind != "column"
                or mention.column is None
                or id(item) in self.used
            ):
                continue
            col = Col(mention.table, mention.column)
            if mention.table in entities:
                if col not in self.spec.group:
                    self.spec.group.append(col)
                    self.spec.select.insert(len(self.spec.group) - 1, col)
                self.used.add(id(item))
            elif (
                self.index.column_kind(col.table, col.column) == "number"
                and Agg("sum", col) not in self.spec.select
            ):
                self.spec.select.append(Agg("sum", col))
                self.used.add(id(item))

    def _super_measure(self, item: Item) -> Expr | None:
        mention = item.mention
        if mention.kind == "table":
            return self.count_of(mention.table)
        if mention.column is None:
            return None
        col = Col(mention.table, mention.column)
        kind = self.index.column_kind(col.table, col.column)
        if kind == "text":
            return Agg("count", None)
        func = (
            "sum"
            if kind == "number" and (self._stored_count(col) or "sum" in item.funcs)
            else ("max" if item.descending else "min")
        )
        if "avg" in item.funcs:
            func = "avg"
        return Agg(func, col)

    def _group_cols(self, item: Item) -> list[Col]:
        mention = item.mention
        if mention.kind == "table":
            kind = self._kind_column(mention.table) if self._kind_named(mention) else None
            return [kind] if kind is not None else self.entity(mention.table)
        if mention.column is None:
            return []
        return [Col(mention.table, mention.column)]

    def _kind_named(self, mention: Mention) -> bool:
        """'each kind of payment method', 'payment method type', '支付方式类型'."""
        tokens = self.analysis.tokens
        before = [t.lemma for t in tokens[max(mention.start - 2, 0) : mention.start]]
        after = tokens[mention.end].lemma if mention.end < len(tokens) else ""
        return (len(before) == 2 and before[0] in _KINDS and before[1] == "of") or after in _KINDS

    def _kind_column(self, table: str) -> Col | None:
        """The column saying what kind a row of ``table`` is ('each kind of payment method').

        A text column named type, kind or category, else one whose comment starts so
        ('Kind of payment method: gift_card, paypal or credit_card').
        """
        for named in (True, False):
            for column in self.index.catalogue.tables[table].columns:
                if column.kind != "text":
                    continue
                element = self.index.element(table, column.name)
                words = (element.words if named else element.comment[:1]) if element else ()
                if any(w in _KINDS for w in words):
                    return Col(table, column.name)
        return None

    def _kind_groups(self) -> list[Col]:
        """'… by type': a grouping by the kind of the rows the question is about."""
        covered = {i for item in self.items for i in range(item.mention.start, item.mention.end)}
        tokens = self.analysis.tokens
        found: list[Col] = []
        for cue in self.analysis.cues:
            at = cue.end
            if cue.category == "group" and all(t.kind == "punct" for t in tokens[at:]):
                found.extend(self._listed_values())  # 'visa vs mastercard, how many of each?'
                continue
            if cue.category == "group" and any(
                i.mention.kind == "value" and i.mention.start == at for i in self.items
            ):
                found.extend(self._listed_values())  # 'the split between paypal and visa'
                continue
            if cue.category != "group" or at >= len(tokens) or at in covered:
                continue
            if tokens[at].lemma not in _KINDS or (
                at + 1 < len(tokens) and tokens[at + 1].lemma == "of"
            ):
                continue
            tables = [i.mention.table for i in self.items if i.mention.kind == "table"]
            for table in tables:
                col = self._kind_column(table)
                if col is not None:
                    found.append(col)
                    break
        return found

    def _listed_values(self) -> list[Col]:
        """The column of the values the question lists, when it lists two or more."""
        for cond in self.spec.where:
            if cond.op == "in" and len(cond.value) > 1:
                return [cond.col]
        return []

    def _aggregated(self, aggs: list[Item], supers: list[Item], subject: Item | None) -> None:
        for item in aggs:
            if (
                self.options.max_not_order is False
                and item.funcs
                and item.funcs[0] in ("max", "min")
                and subject is not None
                and subject is not item
            ):
                pass
            value = self.measure(item, grouped=False)
            if value is not None and value not in self.spec.select:
                self.spec.select.append(value)
                self.spec.anchor = self.spec.anchor or item.mention.table
            self.used.add(id(item))
        self.spec.notes.append("aggregated: " + ", ".join(item.mention.target for item in aggs))
        if any(isinstance(e, Col) for e in self.spec.select) and any(
            isinstance(e, Agg) for e in self.spec.select
        ):
            self.spec.select = [
                e for e in self.spec.select if not isinstance(e, Agg)
            ] or self.spec.select

    def _listing(self, subject: Item | None, supers: list[Item]) -> None:
        for item in self._projected(subject):
            for col in self._show(item):
                if col not in self.spec.select:
                    self.spec.select.append(col)
            self.used.add(id(item))
        if not self._ranked_listing(subject, supers):
            return
        if not self.spec.select and subject is not None:
            self.spec.select = list(self._show(subject))
        if subject is not None:
            self._ranked_subject(subject)
        self._fallback_select()

    def _ranked_listing(self, subject: Item | None, supers: list[Item]) -> bool:
        """Rows ordered by the columns graded ('the highest rated …').

        False when the reading is a single MAX or MIN instead (nothing more to add).
        """
        for item in supers:
            mention = item.mention
            if mention.column is None:
                continue
            col = Col(mention.table, mention.column)
            if self.options.max_not_order:
                self.spec.select = [Agg("max" if item.descending else "min", col)]
                self.spec.notes.append(
                    f"{'max' if item.descending else 'min'} of {col.table}.{col.column}"
                )
                return False
            if col not in self.spec.select:
                self.spec.select.append(col)
            self.spec.order.append((col, item.descending))
            self.spec.limit = self._limit(subject)
            self.spec.notes.append(
                f"ordered by {col.table}.{col.column} {'desc' if item.descending else 'asc'}"
            )
        return True

    def _ranked_subject(self, subject: Item) -> None:
        """The latest rows of a table, or rows ranked by the column the subject names."""
        if subject.temporal and subject.mention.kind == "table":
            self._latest(subject)
        elif self._ranked_column(subject):
            col = Col(subject.mention.table, subject.mention.column or "")
            if self._names_table(subject.mention):  # 'the 2 lowest price variants'
                entity = [c for c in self.entity(col.table) if c not in self.spec.select]
                self.spec.select = [*entity, *self.spec.select]
            self.spec.order.append((col, subject.descending))
            self.spec.limit = self._limit(subject)

    def _fallback_select(self) -> None:
        """What to show when nothing was asked for: named columns, else rows."""
        if not self.spec.select:
            self.spec.select = list[Expr](self._named_columns())
        if not self.spec.select:  # 'red t-shirts in size L: which ones?': the rows
            tables = [c.col.table for c in self.spec.where if c.at >= 0]
            if tables:
                self.spec.select = list[Expr](self.entity(tables[0]))
        if not self.spec.select:  # 'orders placed in the last 24 hours': the orders
            tables = [i.mention.table for i in self.items if i.mention.kind == "table"]
            tables += [i.mention.table for i in self.items]
            if tables:
                self.spec.select = list[Expr](self.entity(tables[0]))

    def _named_columns(self) -> list[Col]:
        """The columns the question names that no filter took ('evelyn adams email')."""
        found: list[Col] = []
        for item in self.items:
            mention = item.mention
            if mention.kind != "column" or mention.column is None or id(item) in self.used:
                continue
            if item.role in ("plain", "proj") and not self._is_filter_column(item):
                found.append(Col(mention.table, mention.column))
        return list(dict.fromkeys(found))

    def _names_table(self, mention: Mention) -> bool:
        element = self.index.element(mention.table, None)
        words = element.words if element is not None else ()
        tokens = self.analysis.tokens[mention.start : mention.end]
        return any(word_score(t.lemma, w) >= 0.9 for t in tokens for w in words)

    def _ranked_column(self, item: Item) -> bool:
        """'The 2 lowest price variants': a number or time column shown and ranked."""
        mention = item.mention
        ranked = any(c.category in _RANKING for c in item.chain)
        return (
            item.role == "top"
            and ranked
            and mention.kind == "column"
            and mention.column is not None
            and self.index.column_kind(mention.table, mention.column) in ("number", "time")
            and not self.spec.order
        )

    def _latest(self, subject: Item) -> None:
        """'The 5 most recent orders': the rows ordered by their time, newest first."""
        col = self._time_column(subject.mention.table)
        if col is None or col.table != subject.mention.table:
            return
        if col not in self.spec.select:
            self.spec.select.append(col)
        self.spec.order.append((col, subject.descending))
        self.spec.limit = self._limit(subject)
        self.spec.notes.append(f"the {'latest' if subject.descending else 'earliest'} by {col}")

    def _projected(self, subject: Item | None) -> list[Item]:
        """The subject and the columns listed with it ('their first and last names')."""
        chosen = [i for i in self.items if i.role in ("proj", "top") and i.mention.kind != "value"]
        if not chosen and subject is not None:
            chosen = [subject]
        return [i for i in chosen if id(i) not in self.used or i is subject]

    def _is_filter_column(self, item: Item) -> bool:
        for cond in self.spec.where:
            if cond.col.table == item.mention.table and cond.col.column == item.mention.column:
                return True
        return False

    def _show(self, item: Item) -> list[Col]:
        mention = item.mention
        if mention.kind == "table":
            return self.entity(mention.table)
        if mention.column is None:
            return []
        return [Col(mention.table, mention.column)]

    def _limit(self, subject: Item | None) -> int | None:
        for item in self.items:
            if item.role == "top" and item.number is not None:
                return int(item.number)
        for cue in self.analysis.cues:
            if cue.category in ("limit", "superlative") and cue.number is not None:
                return int(cue.number)
        counted = self._counted_number(subject)
        if counted is not None:
            return counted
        if subject is not None and self._plural(subject):
            return None
        return 1

    def _counted_number(self, subject: Item | None) -> int | None:
        """'最高的3个商品': a number right before the subject (a measure word between)."""
        if subject is None:
            return None
        lex = lexicon()
        at = subject.mention.start - 1
        if (
            at >= 0
            and self.analysis.tokens[at].kind == "han"
            and not lex.is_content(self.analysis.tokens[at])
        ):
            at -= 1  # 个, 位, 件
        if at < 0:
            return None
        number = number_of(self.analysis.tokens[at], lex.numerals)
        return int(number) if number is not None and number.is_integer() else None

    def _plural(self, item: Item) -> bool:
        tokens = self.analysis.tokens[item.mention.start : item.mention.end]
        return any(t.kind == "word" and t.norm != t.lemma and t.norm.endswith("s") for t in tokens)

    def _ordering(self) -> None:
        orders = [i for i in self.items if i.role == "order"]
        directions = [
            c for c in self.analysis.cues if c.category == "order" and c.value in ("asc", "desc")
        ]
        for item in orders:
            value = self._order_value(item)
            if value is not None:
                descending = directions[-1].value == "desc" if directions else item.descending
                self.spec.order.insert(0, (value, descending))
                if value not in self.spec.select and not self.spec.group:
                    self.spec.select.append(value)
        if directions and not orders:
            descending = directions[-1].value == "desc"
            if self.spec.order:
                self.spec.order = [(e, descending) for e, _ in self.spec.order]
            else:
                target: Expr | None = next(
                    (e for e in self.spec.select if not isinstance(e, Col)), None
                )
                if target is None and self.spec.select:
                    target = self._text_first(self.spec.select)
                if target is not None:
                    self.spec.order.append((target, descending))

    def _text_first(self, select: list[Expr]) -> Expr:
        for item in select:
            if isinstance(item, Col) and self.index.column_kind(item.table, item.column) == "text":
                return item
        return select[0]

    def _order_value(self, item: Item) -> Expr | None:
        mention = item.mention
        if mention.kind == "table":
            value: Expr = self.count_of(mention.table)
            return value if (self.spec.group or value in self.spec.select) else None
        if mention.column is None:
            return None
        col = Col(mention.table, mention.column)
        if self.spec.group and col not in self.spec.group:
            for selected in self.spec.select:
                if isinstance(selected, Agg) and selected.arg == col:
                    return selected
            return (
                Agg("sum", col)
                if self.index.column_kind(col.table, col.column) == "number"
                else None
            )
        return col

    # ratios

    def _per_entity(self, groups: list[Item], aggs: list[Item]) -> list[Item]:
        """'The average number of payment methods per customer': no grouping by customer.

        An average of a count of rows per rows of another table is one number: the count
        over the number of those rows (each customer's count, averaged). The grouping
        that named the other table is dropped.
        """
        per = next((g for g in groups if g.mention.kind == "table"), None)
        if per is None:
            return groups
        chained = {id(c) for i in self.items for c in i.chain if i is not per}
        asked = any(  # 'per customer on average', '平均每个客户'
            c.category == "aggregate" and c.value == "avg" and id(c) not in chained
            for c in self.analysis.cues
        )
        averaged = [
            i
            for i in aggs
            if ("avg" in i.funcs or asked)
            and i.per is None
            and (i.mention.kind == "table" or i.mention.funcs)
        ]
        if not averaged or per.mention.table == averaged[0].mention.table:
            return groups
        averaged[0].per = per.mention.table
        self.used.add(id(per))
        return [g for g in groups if g is not per]

    def _duration(self, groups: list[Item], subject: Item | None) -> bool:
        """'On average, how many days from order to delivery?': the time between two moments.

        Its ends are the time columns the words after 'from' and 'to' name (by their names
        or comments), else two named time columns, else a table's start and end columns.
        Averaged unless another aggregate is asked; 'the longest …' ranks the rows instead.
        """
        cue = next((c for c in self.analysis.cues if c.category == "duration"), None)
        if cue is None or any(self._covers(i.mention, cue) for i in self.items):
            return False
        ends = self._span_ends()
        if ends is None:
            return False
        funcs = [c.value for c in self.analysis.cues if c.category == "aggregate"]
        func = next((f for f in funcs if f in ("avg", "min", "max", "sum")), None)
        ranked = [c for c in self.analysis.cues if c.category == "superlative"]
        keys = list[Key](dict.fromkeys(k for item in groups for k in self._group_cols(item)))
        if ranked and func is None and subject is not None and not keys:
            span = Span(ends[0], ends[1], cue.value)
            self.spec.select = [*self._show(subject), span]
            self.spec.order = [(span, ranked[0].value == "desc")]
            self.spec.limit = self._limit(subject)
        else:
            self.spec.select = [*keys, Span(ends[0], ends[1], cue.value, func or "avg")]
            self.spec.group = keys
        self.spec.anchor = ends[0].table
        self.used.update(id(i) for i in self.items)
        self.spec.notes.append(f"{cue.value}s from {ends[0]} to {ends[1]}")
        return True

    def _covers(self, mention: Mention, cue: Cue) -> bool:
        return mention.start < cue.end and cue.start < mention.end

    def _span_ends(self) -> tuple[Col, Col] | None:
        """The two time columns a duration runs between (see :meth:`_duration`)."""
        named = [
            Col(i.mention.table, i.mention.column)
            for i in self.items
            if i.mention.kind == "column"
            and i.mention.column is not None
            and self.index.column_kind(i.mention.table, i.mention.column) == "time"
        ]
        if len(named) >= 2:
            return named[0], named[1]
        times = [
            Col(table, c.name)
            for table in self._timed_tables()
            for c in self.index.catalogue.tables[table].columns
            if c.kind == "time"
        ]
        start = self._end_named(times, ("from", "between", "since", "从", "自"), None)
        end = self._end_named(times, ("to", "and", "until", "till", "到", "至"), start)
        if start is not None and end is not None:
            return start, end
        first = [c for c in times if c.table == times[0].table] if times else []
        return (first[0], first[1]) if len(first) == 2 else None

    def _end_named(
        self, times: list[Col], markers: tuple[str, ...], other: Col | None
    ) -> Col | None:
        """The time column the words right after a marker name ('from order': placed_at)."""
        tokens = self.analysis.tokens
        table_words = {w for c in times for w in _words(self.index, c.table, None)}
        for at, token in enumerate(tokens):
            if token.lemma not in markers:
                continue
            words = [t.lemma for t in tokens[at + 1 : at + 4] if t.kind == "word"]
            best: tuple[float, Col] | None = None
            for col in times:
                if col == other:
                    continue
                score = self._end_score(col, words, table_words)
                if score >= 0.8 and (best is None or score > best[0]):
                    best = (score, col)
            if best is not None:
                return best[1]
        return None

    def _end_score(self, col: Col, words: list[str], table_words: set[str]) -> float:
        element = self.index.element(col.table, col.column)
        if element is None:
            return 0.0
        named = [*element.words, *element.comment]
        scores = [
            word_score(q, n) - (0.1 if q in table_words else 0.0)  # 'order' in every comment
            for q in words
            for n in named
        ]
        return max(scores, default=0.0)

    def _share(self, groups: list[Item]) -> bool:
        """'What percentage of orders get cancelled?': the share of rows meeting conditions.

        A ratio cue with no second side: the conditions written after it are what is
        counted ('percentage of orders [that were] cancelled'), else those before it ('取消率',
        'the refund rate'); the others, and time windows, bound the rows counted in.
        """
        cue = next((c for c in self.analysis.cues if c.category == "ratio"), None)
        if cue is None or any(
            i.role == "ratio_den" and i.mention.kind != "value" for i in self.items
        ):
            return False
        where = self.spec.where
        counted = [c for c in where if c.at > cue.start] or [
            c for c in where if 0 <= c.at < cue.start
        ]
        if not counted:
            return False
        table = self._share_table(counted)
        keys = list[Key](dict.fromkeys(k for item in groups for k in self._group_cols(item)))
        percent = any(t.lemma in lexicon().percent for t in self.analysis.tokens)
        key = self.index.keys.get(table)
        share = Share(tuple(counted), Col(table, key) if key else None, percent)
        self.spec.where = [c for c in where if all(c is not k for k in counted)]
        self.spec.select = [*keys, share]
        self.spec.group = keys
        self.spec.anchor = table
        self.used.update(id(i) for i in self.items)
        self.spec.notes.append(f"share of {table} rows meeting {len(counted)} condition(s)")
        return True

    def _share_table(self, counted: list[Cond]) -> str:
        """The rows a share is of: the first table the question names, else the counted's."""
        for item in self.items:
            if item.mention.kind == "table":
                return item.mention.table
        return counted[0].col.table

    def _ratio(self) -> bool:
        num = next((i for i in self.items if i.role == "ratio_num"), None)
        den = next((i for i in self.items if i.role == "ratio_den"), None)
        if num is None or den is None or den.mention.kind == "value":
            return False
        groups = [i for i in self.items if i.role == "group"]
        average = any(c.category == "aggregate" and c.value == "avg" for c in self.analysis.cues)
        a, b = num.mention, den.mention
        if a.kind == "table" and b.kind == "table" and not groups:
            self.spec.select = [
                ScalarRatio(
                    TableCount(a.table, self.index.keys.get(a.table)),
                    TableCount(b.table, self.index.keys.get(b.table)),
                )
            ]
            self.spec.notes.append(f"ratio of the rows of {a.table} to those of {b.table}")
            return True
        left, right = self._ratio_side(a, bool(groups)), self._ratio_side(b, bool(groups))
        if left is None or right is None:
            return False
        ratio = Ratio(left, right, "avg" if average else None)
        keys: list[Col] = []
        for item in groups:
            keys.extend(self._group_cols(item))
        aggregated = isinstance(left, Agg) or isinstance(right, Agg) or average
        if aggregated and keys:
            self.spec.group = list(dict.fromkeys(keys))
        self.spec.select = [*dict.fromkeys(keys), ratio]
        self.spec.anchor = a.table
        self.spec.notes.append(f"ratio of {a.target} to {b.target}")
        return True

    def _ratio_side(self, mention: Mention, grouped: bool) -> Col | Agg | None:
        if mention.kind == "table":
            return self.count_of(mention.table)
        if mention.column is None:
            return None
        return Col(mention.table, mention.column)

    def _via(self) -> None:
        """Join through the entities the question names on the way.

        'Authors who wrote publications in the domain X': the path goes by publications.
        """
        tables = self.spec.tables()
        for item in self.items:
            mention = item.mention
            plain = mention.kind == "table" and item.role == "plain" and id(item) not in self.used
            if plain and mention.table not in tables and mention.score >= 1.0:
                self.spec.via.append(mention.table)

    def _finish(self, subject: Item | None) -> None:
        if self.options.via:
            self._via()
            self.spec.mentioned = list(dict.fromkeys(i.mention.table for i in self.items))
        top = next((i for i in self.items if i.role == "top" and i.number is not None), None)
        if top is not None and self.spec.limit is None and self.spec.order:
            self.spec.limit = int(top.number or 1)
        tables = self.spec.tables()
        joined = len(tables) > 1
        listing = not self.spec.group and not any(
            isinstance(e, Agg | Share | Ratio | ScalarRatio) or (isinstance(e, Span) and e.func)
            for e in self.spec.select
        )
        if listing and joined and not self.options.no_distinct:
            self.spec.distinct = True
        if not self.spec.anchor and subject is not None:
            self.spec.anchor = subject.mention.table


Reader = Callable[[Analysis], Spec | None]


def explain(question: str, catalogue: Catalogue, context: str = "") -> str:
    """A debugging view: the tokens, cues and mentions of a question (not used by the loop)."""
    index = schema_index(catalogue)
    analysis = analyse(question, index, terms=definitions(context, index))
    parts = [
        f"cue {c.category}:{c.value} '{_phrase(analysis.tokens, c.start, c.end)}'"
        for c in analysis.cues
    ]
    parts += [
        f"{m.kind} {m.target} '{_phrase(analysis.tokens, m.start, m.end)}' {m.score:.2f}"
        for m in analysis.mentions
    ]
    parts += [f"free '{v.text}' ({v.style})" for v in analysis.free_values]
    parts += [f"unlinked {w!r}" for w in analysis.unlinked]
    return "\n".join(parts)


def sql_tables(sql: str, dialect: str) -> list[str]:
    """Tables a statement reads (for tests and the dev script)."""
    return sorted({t.name for t in sqlglot.parse_one(sql, read=dialect).find_all(exp.Table)})
