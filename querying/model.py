"""The loop with a model: planning, table selection, generation and refinement.

With an OpenAI-compatible endpoint configured, each of the loop's decisions and writings
is one structured-output call (function calling), guarded by the endpoint's circuit
breaker and time budget like every model call of Keel. None is trusted as it comes:

* a planned action runs only when :func:`querying.repair.admissible` admits it (never
  ``sql.refine`` for a name error, never ``sql.execute`` before validation …); otherwise
  the offline planner decides;
* chosen tables must be names of the catalogue;
* a written statement goes through :mod:`querying.guard` like any other, and a model that
  fails or answers nothing usable leaves the offline writer to do the step.

A model may refuse a question (the data does not hold what it asks about); it never
decides anything else of the answer, whose every value comes from the rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from pydantic import BaseModel, Field

from keel.llm.client import StructuredCall, cached, chat_client, endpoint_key, endpoint_parts
from keel.querying.pool import ContextMemory
from keel.querying.prompts import (
    generate_variables,
    plan_variables,
    refine_variables,
    select_variables,
    templates,
)
from keel.querying.repair import ACTIONS, Action, admissible
from keel.querying.schema import Catalogue
from keel.querying.writer import OfflineWriter, TableChoice, Written, strip_wrapping
from keel.state.context import Context


class PlannedAction(BaseModel):
    """The model's choice of the next action."""

    diagnosis: str = Field(default="", description="What the memory says about the state.")
    action: str = Field(description="Exactly one of: " + ", ".join(ACTIONS))
    reason: str = Field(default="", description="Why this action now.")


class ChosenTables(BaseModel):
    """The model's choice of tables for a question."""

    selected_tables: list[str] = Field(description="Names from the candidate list only.")
    reason: str = Field(default="", description="Why these tables.")


class WrittenSql(BaseModel):
    """The model's statement for a question, or its refusal."""

    sql: str = Field(default="", description="One SELECT statement, or empty when refusing.")
    refuse: bool = Field(
        default=False, description="True when the tables cannot answer the question."
    )
    reason: str = Field(default="", description="What is missing (refusal) or how it reads.")


class RefinedSql(BaseModel):
    """The model's repaired statement."""

    sql: str = Field(description="The statement with its syntax repaired.")
    reason: str = Field(default="", description="What was repaired.")


class ModelPlanner:
    """Chooses the next action with the model; the rules admit it or the offline plan stands."""

    def __init__(self, chat: BaseChatModel, **guard: Any) -> None:
        self._call = StructuredCall(chat, PlannedAction, templates()["plan"], **guard)

    def choose(self, question: str, context: str, memory: ContextMemory) -> Action | None:
        """An admissible action from the model, or None (the offline planner decides)."""
        planned = self._call.ask("ask_plan", plan_variables(question, context, memory.model_dump()))
        if planned is None or not admissible(planned.action, memory):
            return None
        return next(a for a in ACTIONS if a == planned.action)


class ModelWriter:
    """Writes with the model; each step falls back to the offline writer."""

    def __init__(self, chat: BaseChatModel, offline: OfflineWriter, **guard: Any) -> None:
        self.offline = offline
        self._select = StructuredCall(chat, ChosenTables, templates()["select_tables"], **guard)
        self._generate = StructuredCall(chat, WrittenSql, templates()["generate"], **guard)
        self._refine = StructuredCall(chat, RefinedSql, templates()["refine"], **guard)

    def select_tables(
        self, question: str, catalogue: Catalogue, context: str, max_tables: int
    ) -> TableChoice:
        """The model's tables, when every one is in the catalogue; else the offline choice."""
        candidates = [
            {"name": t.name, "comment": t.comment, "columns": len(t.columns)}
            for t in catalogue.tables.values()
        ]
        chosen = self._select.ask(
            "ask_select_tables", select_variables(question, context, candidates, max_tables)
        )
        if chosen is not None:
            names = [catalogue.table(n) for n in chosen.selected_tables]
            if names and all(names) and len(names) <= max_tables:
                tables = [t.name for t in names if t is not None]
                return TableChoice(tables=tables, reason=chosen.reason, source="model")
        return self.offline.select_tables(question, catalogue, context, max_tables)

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
        """The model's statement or refusal; the offline reading when the model fails.

        The prompt shows the pool's extract for the step (``column_details``: every
        column of the chosen tables), exactly what the loop measured.
        """
        extract = {
            "question": question,
            "template_context": context,
            "column_details": column_details or catalogue.column_details(tables),
            "tried": list(tried),
        }
        written = self._generate.ask("ask_generate", generate_variables(extract, catalogue.dialect))
        if written is not None and written.refuse:
            return Written(refused=True, reason=written.reason, source="model")
        if written is not None and strip_wrapping(written.sql):
            return Written(sql=strip_wrapping(written.sql), reason=written.reason, source="model")
        return self.offline.generate(
            question,
            catalogue,
            context=context,
            tables=tables,
            attempt=attempt,
            tried=tried,
            column_details=column_details,
        )

    def refine(
        self,
        sql: str,
        error: str,
        catalogue: Catalogue,
        question: str,
        column_details: dict[str, dict[str, Any]],
    ) -> Written:
        """The model's repair of the syntax; the offline repair when the model fails."""
        extract = {"sql": sql, "error": error, "column_details": column_details}
        refined = self._refine.ask("ask_refine", refine_variables(extract, catalogue.dialect))
        if refined is not None and strip_wrapping(refined.sql):
            return Written(sql=strip_wrapping(refined.sql), reason=refined.reason, source="model")
        return self.offline.refine(sql, error, catalogue, question, column_details)


_planners: dict[tuple[Any, ...], ModelPlanner] = {}
_writers: dict[tuple[Any, ...], ModelWriter] = {}


def model_planner(context: Context) -> ModelPlanner:
    """The (cached) model planner of the loop for the configured endpoint."""
    return cached(
        _planners,
        endpoint_key(context),
        lambda: ModelPlanner(chat_client(context), **endpoint_parts(context)),
    )


def model_writer(context: Context) -> ModelWriter:
    """The (cached) model writer of the loop for the configured endpoint."""
    return cached(
        _writers,
        endpoint_key(context),
        lambda: ModelWriter(chat_client(context), OfflineWriter(), **endpoint_parts(context)),
    )


def clear_ask_models() -> None:
    """Forget the cached model planners and writers (tests, configuration reloads)."""
    _planners.clear()
    _writers.clear()
