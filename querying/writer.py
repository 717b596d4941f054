"""Who writes the SQL: the offline generator, or a model through structured output.

The loop's three writing steps — table selection, ``sql.generate`` and ``sql.refine`` —
go through one :class:`SqlWriter`. :class:`OfflineWriter` links question words to the
catalogue and composes SQL from a small grammar (:mod:`querying.offline`), selects tables
by embedding similarity (:mod:`querying.selection`), and refines a statement that does not
parse by reading it in the dialects models and people commonly write in. The model writer
(:mod:`querying.model`) has the same shape and falls back to this one when the model
fails. Whatever either returns is checked by :mod:`querying.guard` before it can run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import sqlglot
from pydantic import BaseModel, Field
from sqlglot.errors import ParseError, TokenError

from keel.querying.offline import generate_sql
from keel.querying.schema import Catalogue
from keel.querying.selection import select_tables

# Dialects a statement may have been written in, tried in this order by the offline refiner.
REFINE_DIALECTS = ("postgres", "mysql", "sqlite", "tsql", "bigquery", "duckdb", "oracle")


class TableChoice(BaseModel):
    """The tables chosen for a question, and why."""

    tables: list[str]
    reason: str = ""
    source: str = Field(default="offline", description="offline | model")


class Written(BaseModel):
    """A statement written for a question (or an honest refusal)."""

    sql: str | None = None
    refused: bool = False
    reason: str = ""
    unlinked: list[str] = Field(default_factory=list)
    links: list[dict[str, object]] = Field(default_factory=list)
    time_column: str | None = None
    time_phrase: str | None = None
    source: str = "offline"


class SqlWriter(Protocol):
    """Selects tables, writes SQL and refines it."""

    def select_tables(
        self, question: str, catalogue: Catalogue, context: str, max_tables: int
    ) -> TableChoice:
        """The tables the question needs."""

    def generate(
        self,
        question: str,
        catalogue: Catalogue,
        *,
        context: str,
        tables: Sequence[str],
        attempt: int,
        tried: Sequence[dict[str, str]],
        column_details: dict[str, dict[str, Any]],
    ) -> Written:
        """One SELECT for the question (the ``attempt``-th reading), or a refusal.

        ``column_details`` are the pool's extract for the step: what a prompt shows.
        """

    def refine(
        self,
        sql: str,
        error: str,
        catalogue: Catalogue,
        question: str,
        column_details: dict[str, dict[str, Any]],
    ) -> Written:
        """The statement with its syntax repaired (the same question, the same meaning)."""


class OfflineWriter:
    """The writer without a model: linking and a grammar, embeddings for table selection."""

    def select_tables(
        self, question: str, catalogue: Catalogue, context: str, max_tables: int
    ) -> TableChoice:
        """Tables by similarity of the question to their names, columns and comments."""
        chosen = select_tables(question, catalogue, context=context, max_tables=max_tables)
        return TableChoice(tables=chosen, reason="similar names, columns and comments")

    def generate(
        self,
        question: str,
        catalogue: Catalogue,
        *,
        context: str,
        tables: Sequence[str],
        attempt: int,
        tried: Sequence[dict[str, str]],
        column_details: dict[str, dict[str, Any]],
    ) -> Written:
        """The linked reading of the question as SQL (the ``attempt``-th best one)."""
        generated = generate_sql(
            question,
            catalogue,
            context=context,
            tables=list(tables) or None,
            attempt=attempt,
            avoid=[t["sql"] for t in tried if t.get("sql")],
        )
        times = [link for link in generated.links if link.kind == "time"]
        return Written(
            sql=generated.sql,
            refused=generated.refused,
            reason=generated.reason,
            unlinked=list(generated.unlinked),
            links=[link.model_dump() for link in generated.links],
            time_column=times[0].target if times else None,
            time_phrase=times[0].phrase if times else None,
        )

    def refine(
        self,
        sql: str,
        error: str,
        catalogue: Catalogue,
        question: str,
        column_details: dict[str, dict[str, Any]],
    ) -> Written:
        """Repair syntax by reading the statement as another dialect writes it."""
        return refine_syntax(sql, catalogue.dialect)


def strip_wrapping(sql: str) -> str:
    """The statement without Markdown fences, a leading ``sql`` tag or trailing semicolons."""
    text = sql.strip()
    if text.startswith("```"):
        text = text.strip("`").strip()
        if text.lower().startswith("sql"):
            text = text[3:]
    return text.strip().rstrip(";").strip()


def refine_syntax(sql: str, dialect: str) -> Written:
    """Re-render ``sql`` in ``dialect`` from the first dialect it parses in, as one statement."""
    text = strip_wrapping(sql)
    for source in (dialect, *[d for d in REFINE_DIALECTS if d != dialect]):
        try:
            statements = [s for s in sqlglot.parse(text, read=source) if s is not None]
        except (ParseError, TokenError):
            continue
        if len(statements) == 1:
            rendered = statements[0].sql(dialect=dialect)
            if rendered != sql:
                return Written(sql=rendered, reason=f"read as {source}, written as {dialect}")
    return Written(
        sql=None,
        refused=False,
        reason="the syntax could not be repaired without a model",
    )
