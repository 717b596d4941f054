"""Offline table selection: the tables a question needs, without a language model.

The seed's loop asks a model to pick the tables most relevant to a question; with no model
this module does it from two kinds of evidence: the linker's (:mod:`querying.linking`:
question words naming a table or a column of it, or a value sampled from it, exactly or
fuzzily) and multilingual-e5 similarity between the question and each table's description
(its name, its comment and its columns' names), which also serves Chinese questions. The
tables on the foreign-key path between the chosen ones are added, so the generator can
join them.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from keel.querying.definitions import definition_lines, definitions
from keel.querying.grammar import NoJoin, join_tree
from keel.querying.linking import SchemaIndex, Term, analyse, schema_index
from keel.querying.schema import Catalogue
from keel.understanding.classifier import clip_tokens, embed, normalize_text

LEXICAL_WEIGHT = 1.0  # a table named by the question, or holding a column or value it names
EMBED_WEIGHT = 4.0  # times the table's similarity margin over the median of all tables
MIN_SCORE = 0.2  # below this a table is not chosen on embedding evidence alone

# per index (kept with it, so an id is never reused for another catalogue's vectors)
_TABLE_VECTORS: dict[int, tuple[SchemaIndex, NDArray[np.float32]]] = {}


def select_tables(
    question: str, catalogue: Catalogue, *, context: str = "", max_tables: int = 5
) -> list[str]:
    """The tables ``question`` needs (at most ``max_tables``), best first, join paths added.

    ``context`` (report-template text, instructions) adds evidence with half the weight of
    the question: it names tables the question takes for granted.
    """
    if not catalogue.tables or max_tables <= 0:
        return []
    index = schema_index(catalogue)
    scores = _lexical(question, index, definitions(context, index))
    remarks = _remarks(context)
    if remarks.strip():
        for table, score in _lexical(remarks, index).items():
            scores[table] = scores.get(table, 0.0) + 0.5 * score
    for table, score in _embedded(question, index).items():
        scores[table] = scores.get(table, 0.0) + score
    ranked = sorted((t for t, s in scores.items() if s >= MIN_SCORE), key=lambda t: (-scores[t], t))
    if not ranked:
        ranked = sorted(scores, key=lambda t: (-scores[t], t))[:1]
    return _connected(ranked, index, max_tables)


def _remarks(context: str) -> str:
    """The context without its definitions.

    A definition counts only when the question uses its term: a glossary names every
    table, and says nothing of one question.
    """
    defined = {line.text for line in definition_lines(context)}
    return "\n".join(line for line in context.splitlines() if not any(d in line for d in defined))


def _lexical(text: str, index: SchemaIndex, terms: Sequence[Term] = ()) -> dict[str, float]:
    """Each table's best mention score in ``text`` (tables, their columns, their values).

    A defined term counts for its measure's table and for the tables of its conditions.
    """
    scores: dict[str, float] = {}
    analysis = analyse(text, index, terms=terms)
    for mention in analysis.mentions:
        weight = LEXICAL_WEIGHT * mention.score * (1.0 if mention.kind != "column" else 0.8)
        scores[mention.table] = max(scores.get(mention.table, 0.0), weight)
        for clause in mention.clauses:
            scores[clause.table] = max(scores.get(clause.table, 0.0), weight)
        for table, _, score in mention.alternatives:
            scores[table] = max(scores.get(table, 0.0), 0.5 * weight * score)
    return scores


def _embedded(question: str, index: SchemaIndex) -> dict[str, float]:
    """Each table's similarity to the question, as its margin over the median table."""
    vectors = _table_vectors(index)
    if vectors.shape[0] < 2:
        return {}
    query = embed([normalize_text(clip_tokens(normalize_text(question)))])[0]
    similarity = vectors @ query
    median = float(np.median(similarity))
    names = list(index.catalogue.tables)
    return {
        name: EMBED_WEIGHT * max(float(s) - median, 0.0)
        for name, s in zip(names, similarity, strict=True)
    }


def _table_vectors(index: SchemaIndex) -> NDArray[np.float32]:
    """Embeddings of each table's description, once per catalogue."""
    cached = _TABLE_VECTORS.get(id(index))
    if cached is not None and cached[0] is index:
        return cached[1]
    texts = [normalize_text(table_text(index, name)) for name in index.catalogue.tables]
    found = embed(texts) if texts else np.zeros((0, 384), dtype=np.float32)
    if len(_TABLE_VECTORS) > 16:
        _TABLE_VECTORS.clear()
    _TABLE_VECTORS[id(index)] = (index, found)
    return found


def table_text(index: SchemaIndex, name: str) -> str:
    """A table as words: its name, its comment, the names of its columns."""
    element = index.element(name, None)
    words = " ".join(element.words) if element is not None else name
    table = index.catalogue.tables[name]
    columns = ", ".join(" ".join(e.words) for e in index.elements if e.table == name and e.column)
    comment = f" ({table.comment})" if table.comment else ""
    return clip_tokens(f"{words}{comment}: {columns}")


def _connected(ranked: list[str], index: SchemaIndex, max_tables: int) -> list[str]:
    """The best tables that fit in ``max_tables`` together with the tables joining them."""
    chosen: list[str] = []
    for table in ranked:
        candidate = [*chosen, table]
        try:
            edges = join_tree(candidate, index, candidate[0])
        except NoJoin:
            continue  # a table no key joins to the others cannot serve one query
        tables = list(
            dict.fromkeys([*candidate, *(e.other for e in edges), *(e.table for e in edges)])
        )
        if len(tables) <= max_tables:
            chosen = tables
        if len(chosen) >= max_tables:
            break
    return chosen or ranked[:1]
