"""ResourcePool and ContextMemory (seed 004 §2): the loop's prompt stops growing.

The *pool* keeps everything the loop has learnt, in full: the tables, every column's
details (merged, never dropped), the business context, the SQL tried and every
validation, the result. Only the *light memory* (flags, table names, the length of the
SQL, the number of repairs, the last error in one line, the time range) travels from one
iteration to the next; each step takes from the pool exactly what it needs
(:meth:`ResourcePool.extract_for_step`). So the prompt of iteration 10 is about the size of
iteration 2's, where an accumulating context grows with every step.

Both are plain data (JSON-serialisable) so that the graph's state and the checkpointer
hold them; :meth:`ResourcePool.get` returns deep copies, so no caller changes the pool
behind its back.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from pydantic import BaseModel, Field

from keel.querying.schema import trim_details

StepType = Literal["plan", "sql_generation", "sql_validation", "sql_refinement", "sql_execution"]

MERGED = ("column_details",)  # dicts merged key by key (a table's columns are never dropped)
APPENDED = ("sql_history", "validation_history", "errors")  # lists only ever appended to
ERROR_SUMMARY_CHARS = 200
LAST_TRIED_SHOWN = 2  # earlier SQL shown to a regeneration (bounded: the prompt stays flat)


class ContextMemory(BaseModel):
    """The light memory passed between iterations (the seed's ``ContextMemory``)."""

    has_sql: bool = False
    schema_available: bool = False
    columns_available: bool = False
    database_validated: bool = False
    sql_executed_successfully: bool = False
    refused: bool = False
    available_tables: list[str] = Field(default_factory=list)
    selected_tables: list[str] = Field(default_factory=list)
    sql_length: int = 0
    sql_fix_attempts: int = 0
    last_error_summary: str = ""
    last_error_kind: str = ""
    time_range: dict[str, str] | None = None
    recommended_time_column: str | None = None


class ResourcePool:
    """The persistent store of one run of the loop: merged, appended, copied on the way out."""

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        self._data: dict[str, Any] = copy.deepcopy(data) if data else {}

    def update(self, updates: dict[str, Any]) -> None:
        """Add what a step learnt, never deleting what is there.

        ``column_details`` merges table by table (a table already known keeps its columns
        and gains any new ones); ``sql_history``, ``validation_history`` and ``errors``
        are appended to; everything else is replaced by the newer value.
        """
        for key, value in updates.items():
            value = copy.deepcopy(value)
            if key in MERGED:
                merged = self._data.setdefault(key, {})
                for table, columns in dict(value).items():
                    merged[table] = {**merged.get(table, {}), **dict(columns)}
            elif key in APPENDED:
                items = value if isinstance(value, list) else [value]
                self._data.setdefault(key, []).extend(items)
            else:
                self._data[key] = value

    def get(self, key: str, default: Any = None) -> Any:
        """A deep copy of one resource (callers cannot change the pool through it)."""
        return copy.deepcopy(self._data.get(key, default))

    def to_dict(self) -> dict[str, Any]:
        """The whole pool, as the graph state keeps it (a deep copy)."""
        return copy.deepcopy(self._data)

    def build_context_memory(self) -> ContextMemory:
        """The light memory of the pool as it is now."""
        sql = str(self._data.get("current_sql") or "")
        details = self._data.get("column_details") or {}
        selected = list(self._data.get("selected_tables") or [])
        return ContextMemory(
            has_sql=bool(sql),
            schema_available=bool(self._data.get("tables")),
            columns_available=bool(selected) and all(t in details for t in selected),
            database_validated=bool(self._data.get("validated_sql"))
            and (self._data.get("validated_sql") == sql),
            sql_executed_successfully=bool(self._data.get("executed_sql"))
            and self._data.get("executed_sql") == sql,
            refused=bool(self._data.get("refusal")),
            available_tables=[str(t["name"]) for t in self._data.get("tables") or []],
            selected_tables=selected,
            sql_length=len(sql),
            sql_fix_attempts=int(self._data.get("sql_fix_attempts") or 0),
            last_error_summary=str(self._data.get("last_error") or "")[:ERROR_SUMMARY_CHARS],
            last_error_kind=str(self._data.get("last_error_kind") or ""),
            time_range=self._data.get("time_range"),
            recommended_time_column=self._data.get("recommended_time_column"),
        )

    def get_lightweight_memory(self) -> dict[str, Any]:
        """The light memory as a dict (what travels between iterations)."""
        return self.build_context_memory().model_dump()

    def extract_for_step(self, step: StepType) -> dict[str, Any]:
        """What one step needs from the pool, and nothing more (seed §2.2).

        * ``plan``: the light memory only;
        * ``sql_generation``: the question, the business context, the complete column
          details of the selected tables (trimmed only past 100 columns), the time hints,
          and the last SQL tried with its error (when regenerating);
        * ``sql_validation``: the current SQL and the column details;
        * ``sql_refinement``: the SQL, its error and the column details;
        * ``sql_execution``: the validated SQL.
        """
        memory = self.get_lightweight_memory()
        if step == "plan":
            return {"memory": memory}
        details = trim_details(self.get("column_details", {}))
        selected = self.get("selected_tables") or list(details)
        chosen = {t: details[t] for t in selected if t in details}
        if step == "sql_generation":
            return {
                "question": self.get("question", ""),
                "template_context": self.get("template_context", ""),
                "column_details": chosen,
                "recommended_time_column": memory["recommended_time_column"],
                "time_range": memory["time_range"],
                "tried": self._last_tried(),
            }
        if step in ("sql_validation", "sql_refinement"):
            extract = {"sql": self.get("current_sql", ""), "column_details": chosen}
            if step == "sql_refinement":
                extract["error"] = memory["last_error_summary"]
                extract["question"] = self.get("question", "")
            return extract
        return {"sql": self.get("validated_sql") or self.get("current_sql", "")}

    def _last_tried(self) -> list[dict[str, str]]:
        """The last SQL texts that failed, with why (bounded, so the prompt stays flat)."""
        history = self._data.get("validation_history") or []
        failed = [
            {"sql": str(h.get("sql", "")), "error": str(h.get("error", ""))[:ERROR_SUMMARY_CHARS]}
            for h in history
            if not h.get("ok")
        ]
        return copy.deepcopy(failed[-LAST_TRIED_SHOWN:])
