"""The six tools of the text-to-SQL loop, registered like every other tool of Keel.

``schema.list_tables``, ``schema.get_columns``, ``sql.generate``, ``sql.validate``,
``sql.refine`` and ``sql.execute`` (seed 004 §1.1). Each is a typed function with an
argument contract, run through the calibration machine and the single execution path
(retries of transient failures, classification, audit records, statistics). The database
they read is the tool context's ``database_url`` (the store's, or one an operator names);
the writer (offline, or a model) is given when the registry is built.

``sql.execute`` validates the statement again before it runs (nothing reaches a database
without passing :func:`querying.guard.check_sql`), and runs it on a read-only connection
with a statement timeout and a row limit.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Annotated, Any

import yaml
from pydantic import Field
from sqlalchemy import MetaData

from keel.querying.guard import check_sql
from keel.querying.prompts import render, select_variables
from keel.querying.schema import Catalogue
from keel.querying.writer import SqlWriter
from keel.tools.data_access import introspect, run_select
from keel.tools.registry import (
    Contract,
    RegisteredTool,
    ToolContext,
    ToolError,
    ToolRegistry,
    ToolSpec,
)

CATALOGUE_TTL_SECONDS = 300.0  # a schema changes rarely; a changed one is read again after this


@dataclass(frozen=True)
class AskSettings:
    """Limits and the view of the database the tools work with."""

    max_tables: int = 5
    row_limit: int = 200
    timeout_seconds: float = 10.0
    hidden_tables: tuple[str, ...] = ()
    descriptions: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    # the hidden tables and descriptions apply to a database holding all of these tables
    store_markers: tuple[str, ...] = ()

    def description_map(self) -> dict[str, dict[str, str]]:
        """``{table: {column: description}}`` for databases that store no comments."""
        return {table: dict(columns) for table, columns in self.descriptions}


@dataclass(frozen=True)
class StoreView:
    """What the loop sees of the store's own database (``domain/<name>/ask.yaml``)."""

    hidden_tables: tuple[str, ...]
    glossary: str
    markers: tuple[str, ...]  # tables every Keel store has: their presence names one


@cache
def store_view(domain: str) -> StoreView:
    """The domain's hidden tables and business glossary for questions about the store."""
    path = resources.files("keel.domain").joinpath(domain, "ask.yaml")
    raw = yaml.safe_load(path.read_text("utf-8")) if path.is_file() else {}
    return StoreView(
        hidden_tables=tuple(str(t) for t in raw.get("hidden_tables") or ()),
        glossary=str(raw.get("glossary") or "").strip(),
        markers=tuple(str(t) for t in raw.get("store_markers") or ()),
    )


@cache
def store_descriptions(metadata: MetaData) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The column comments of a business's tables (SQLite keeps no comments)."""
    return tuple(
        (table.name, tuple((c.name, c.comment or "") for c in table.columns))
        for table in metadata.sorted_tables
    )


_catalogues: dict[tuple[str, AskSettings], tuple[float, Catalogue]] = {}
_catalogue_lock = threading.Lock()


def catalogue_of(url: str, settings: AskSettings) -> Catalogue:
    """The (cached, for five minutes) complete catalogue of ``url`` as the loop sees it."""
    key = (url, settings)
    now = time.monotonic()
    with _catalogue_lock:
        found = _catalogues.get(key)
        if found is not None and now - found[0] < CATALOGUE_TTL_SECONDS:
            return found[1]
    catalogue = introspect(
        url,
        descriptions=settings.description_map(),
        hidden=settings.hidden_tables,
        only_with=settings.store_markers,
        timeout_seconds=settings.timeout_seconds,
    )
    with _catalogue_lock:
        _catalogues[key] = (now, catalogue)
    return catalogue


def clear_catalogues() -> None:
    """Forget every cached catalogue (tests, a schema known to have changed)."""
    with _catalogue_lock:
        _catalogues.clear()


class ListTablesArgs(Contract):
    """Arguments of ``schema.list_tables``."""

    question: Annotated[str, Field(min_length=1, description="The operator's question.")]
    context: str = Field(default="", description="Business context of the question.")


class GetColumnsArgs(Contract):
    """Arguments of ``schema.get_columns``."""

    tables: Annotated[list[str], Field(min_length=1, description="Tables to read.")]


class GenerateArgs(Contract):
    """Arguments of ``sql.generate``."""

    question: Annotated[str, Field(min_length=1, description="The operator's question.")]
    context: str = Field(default="", description="Business context of the question.")
    tables: list[str] = Field(default_factory=list, description="The tables chosen for it.")
    attempt: int = Field(default=0, ge=0, description="Which reading: 0 first, 1 next …")
    tried: list[dict[str, str]] = Field(
        default_factory=list, description="Statements that failed before, with their errors."
    )
    column_details: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        description="The column details the loop's resource pool gives the step (what a "
        "prompt shows); by default every column of the chosen tables.",
    )


class SqlArgs(Contract):
    """Arguments of ``sql.validate`` and ``sql.execute``."""

    sql: Annotated[str, Field(min_length=1, description="One SQL statement.")]


class RefineArgs(Contract):
    """Arguments of ``sql.refine``."""

    sql: Annotated[str, Field(min_length=1, description="The statement to repair.")]
    error: str = Field(default="", description="Why it failed.")
    question: str = Field(default="", description="The operator's question.")
    column_details: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="The column details the prompt shows."
    )


def build_ask_registry(writer: SqlWriter, settings: AskSettings) -> ToolRegistry:
    """The loop's six tools over ``writer`` and ``settings``."""

    def catalogue(ctx: ToolContext) -> Catalogue:
        return catalogue_of(ctx.database_url, settings)

    def list_tables(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        found = catalogue(ctx)
        if not found.tables:
            raise ToolError("DATA_NOT_FOUND", "the database has no table the loop may read")
        choice = writer.select_tables(
            args["question"], found, args.get("context", ""), settings.max_tables
        )
        candidates = [
            {"name": t.name, "comment": t.comment, "columns": len(t.columns)}
            for t in found.tables.values()
        ]
        variables = select_variables(
            args["question"], args.get("context", ""), candidates, settings.max_tables
        )
        return {
            "tables": candidates,
            "prompt_chars": len(render("select_tables", variables)),
            "selected": choice.tables,
            "reason": choice.reason,
            "source": choice.source,
            "count": len(found.tables),
        }

    def get_columns(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        found = catalogue(ctx)
        unknown = [t for t in args["tables"] if found.table(t) is None]
        if unknown:
            raise ToolError("DATA_NOT_FOUND", f"unknown table(s): {', '.join(unknown)}")
        chosen = found.subset(args["tables"])
        return {
            "column_details": chosen.column_details(),
            "foreign_keys": [
                {"table": t.name, **fk.model_dump()}
                for t in chosen.tables.values()
                for fk in t.foreign_keys
            ],
            "time_columns": [
                f"{t.name}.{c.name}"
                for t in chosen.tables.values()
                for c in t.columns
                if c.kind == "time"
            ],
            "count": sum(len(t.columns) for t in chosen.tables.values()),
        }

    def generate(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        written = writer.generate(
            args["question"],
            catalogue(ctx),
            context=args.get("context", ""),
            tables=args.get("tables") or [],
            attempt=int(args.get("attempt", 0)),
            tried=args.get("tried") or [],
            column_details=args.get("column_details") or {},
        )
        return {**written.model_dump(), "count": 0 if written.sql is None else 1}

    def validate(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        checked = check_sql(args["sql"], catalogue(ctx), row_limit=settings.row_limit)
        return {
            "ok": checked.ok,
            "sql": checked.sql,
            "tables": checked.tables,
            "problems": [p.model_dump() for p in checked.problems],
            "limit_added": checked.limit_added,
            "count": len(checked.problems),
        }

    def refine(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        written = writer.refine(
            args["sql"],
            args.get("error", ""),
            catalogue(ctx),
            args.get("question", ""),
            args.get("column_details") or {},
        )
        return {**written.model_dump(), "count": 0 if written.sql is None else 1}

    def execute(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        checked = check_sql(args["sql"], catalogue(ctx), row_limit=settings.row_limit)
        if not checked.ok:  # nothing runs without passing the validator, whoever asks
            raise ToolError("VALIDATION_ERROR", checked.summary())
        result = run_select(
            ctx.database_url, checked.sql, settings.timeout_seconds, settings.row_limit
        )
        return {**result, "sql": checked.sql, "count": len(result["rows"])}

    specs: list[tuple[str, Any, type[Contract], str]] = [
        (
            "schema.list_tables",
            list_tables,
            ListTablesArgs,
            "List the tables and choose those "
            "the question needs (names and comments; with a model, the model chooses).",
        ),
        (
            "schema.get_columns",
            get_columns,
            GetColumnsArgs,
            "Every column of the chosen tables "
            "with its type and comment, their foreign keys and their time columns.",
        ),
        (
            "sql.generate",
            generate,
            GenerateArgs,
            "Write one SELECT for the question from the "
            "complete column details, or refuse when the data cannot answer it.",
        ),
        (
            "sql.validate",
            validate,
            SqlArgs,
            "Check a statement against the live schema: one "
            "SELECT, allowed constructs, known tables and columns, a row limit.",
        ),
        (
            "sql.refine",
            refine,
            RefineArgs,
            "Repair the syntax of a statement, keeping its "
            "meaning (never used for an unknown name: that is regenerated).",
        ),
        (
            "sql.execute",
            execute,
            SqlArgs,
            "Run a validated SELECT on a read-only connection "
            "with a statement timeout and a row limit.",
        ),
    ]
    registry = ToolRegistry()
    for name, run, contract, description in specs:
        spec = ToolSpec(
            name=name,
            category="sql",
            access="read",
            description=description,
            args_model=contract,
            cache_ttl_seconds=0.0,  # results depend on the database named by the run
            operator_only=True,  # the loop is an operator's: never run for a customer
        )
        registry.register(RegisteredTool(spec=spec, run=run))
    return registry
