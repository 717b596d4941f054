"""Diagnosis of failures, the repair strategies and the smart exit (seed 004 §3 and §6).

Pure functions of the light memory and the action history; the graph's ``plan`` and
``validate`` nodes call them, and with a model configured they are the admissibility rules
the model's choice must pass.

* :func:`diagnose` names what went wrong: an unknown or ambiguous column or table, a
  syntax error, a time filter on the wrong column, a refused construct, a permission or
  connection failure, a timeout.
* :func:`repair_action` is the seed's strategy: a name error or a wrong time column is
  repaired by fetching the column details when they are missing, else by *regenerating*
  (never by ``sql.refine``, which would only patch the text); a syntax error by
  ``sql.refine``; a permission or connection failure cannot be repaired.
* :func:`next_action` is the offline planner: the single next action from the memory.
* :func:`smart_exit` recognises the seed's four patterns of a loop that makes no progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from keel.querying.pool import ContextMemory

Action = Literal[
    "schema.list_tables",
    "schema.get_columns",
    "sql.generate",
    "sql.validate",
    "sql.refine",
    "sql.execute",
]
ACTIONS: tuple[Action, ...] = (
    "schema.list_tables",
    "schema.get_columns",
    "sql.generate",
    "sql.validate",
    "sql.refine",
    "sql.execute",
)
ErrorKind = Literal[
    "unknown_column",
    "unknown_table",
    "ambiguous_column",
    "syntax",
    "time_column",
    "forbidden",
    "permission",
    "connection",
    "timeout",
    "no_sql",
    "other",
]
NAME_ERRORS = frozenset({"unknown_column", "unknown_table", "ambiguous_column"})
UNREPAIRABLE = frozenset({"permission"})
TRANSIENT = frozenset({"connection", "timeout"})  # the same step again (bounded by the exits)

# Words of a statement's own errors, by what they mean (checked in this order: a name is
# named first, so "no such column: connection_type" is an unknown column).
_STATEMENT_KINDS: tuple[tuple[ErrorKind, tuple[str, ...]], ...] = (
    ("ambiguous_column", ("ambiguous",)),
    ("unknown_table", ("no such table", "unknown table", "undefined table")),
    ("unknown_column", ("no such column", "unknown column", "could not be resolved")),
    (
        "time_column",
        (
            "invalid input syntax for type date",
            "invalid input syntax for type timestamp",
            "date_trunc",
            "operator does not exist: text",
            "time column",
        ),
    ),
    ("syntax", ("syntax", "parse", "unexpected", "expected", "unterminated", "required keyword")),
)
# Words of failures that are no fault of the statement, read only when the failure's type
# is not known (a tool's classified failure type settles them otherwise).
_OTHER_KINDS: tuple[tuple[ErrorKind, tuple[str, ...]], ...] = (
    ("permission", ("permission denied", "read-only", "readonly", "not authorized")),
    ("timeout", ("timeout", "canceling statement", "interrupted", "timed out")),
    ("connection", ("could not connect", "connection refused", "unable to open", "server closed")),
)
# The validator's problem kinds, as error kinds.
_PROBLEM_KINDS: dict[str, ErrorKind] = {
    "syntax": "syntax",
    "empty": "no_sql",
    "unknown_table": "unknown_table",
    "unknown_column": "unknown_column",
    "ambiguous_column": "ambiguous_column",
    "time_column": "time_column",
    "multiple_statements": "forbidden",
    "not_select": "forbidden",
    "forbidden_node": "forbidden",
    "forbidden_table": "forbidden",
    "forbidden_function": "forbidden",
}


def diagnose(message: str, problem_kinds: Sequence[str] = (), failure_type: str = "") -> ErrorKind:
    """What went wrong: the validator's problems, else the failure type, else the message.

    ``failure_type`` is the calibration taxonomy's type of a tool failure
    (``PERMISSION_ERROR``, ``SERVICE_UNAVAILABLE`` …), which settles permission, connection
    and timeout failures; a statement's own error (``VALIDATION_ERROR``) is read from its
    message, and is never taken for one of those whatever words it holds.
    """
    for kind in problem_kinds:
        if kind in _PROBLEM_KINDS:
            return _PROBLEM_KINDS[kind]
    lowered = message.lower()
    if failure_type == "PERMISSION_ERROR":
        return "permission"
    if failure_type == "SERVICE_UNAVAILABLE":
        timed_out = any(word in lowered for word in ("timeout", "timed out", "interrupted"))
        return "timeout" if timed_out else "connection"
    if "does not exist" in lowered:  # PostgreSQL: column "x" / relation "x" does not exist
        return "unknown_column" if "column" in lowered else "unknown_table"
    known = failure_type not in ("", "UNKNOWN")
    for kind, words in (*_STATEMENT_KINDS, *(() if known else _OTHER_KINDS)):
        if any(word in lowered for word in words):
            return kind
    return "other"


def repair_action(kind: str, columns_available: bool) -> Action | None:
    """The seed's repair strategy for a failure of this kind (None: cannot be repaired).

    * a name error or a wrong time column: ``schema.get_columns`` when the column
      details are missing, else ``sql.generate`` — never ``sql.refine``;
    * a syntax error: ``sql.refine``;
    * a permission failure: nothing can repair it; a connection failure or a timeout is
      no fault of the SQL: the step is planned again (the smart exit ends it when the
      connection keeps failing).
    """
    if kind in UNREPAIRABLE or kind in TRANSIENT:
        return None
    if kind == "syntax":
        return "sql.refine"
    if kind == "no_sql":
        return "sql.generate"
    return "sql.generate" if columns_available else "schema.get_columns"


def admissible(action: str, memory: ContextMemory) -> bool:
    """Whether ``action`` may be the next one (the rules a model's choice must pass)."""
    if action not in ACTIONS:
        return False
    if memory.last_error_kind:
        wanted = repair_action(memory.last_error_kind, memory.columns_available)
        if action == "sql.refine" and memory.last_error_kind != "syntax":
            return False  # a name or time error is never patched: it is regenerated
        if wanted == "schema.get_columns" and action == "sql.generate":
            return False  # no regeneration before the columns are known
    if action in ("sql.validate", "sql.refine") and not memory.has_sql:
        return False
    if action == "sql.execute":
        return memory.has_sql and memory.database_validated
    if action in ("sql.generate", "schema.get_columns"):
        return memory.schema_available
    return True


def next_action(memory: ContextMemory) -> Action | None:
    """The offline planner: the single next action (None: nothing left to do)."""
    if memory.refused or memory.sql_executed_successfully:
        return None
    if not memory.schema_available:
        return "schema.list_tables"
    repair = repair_action(memory.last_error_kind, memory.columns_available)
    if memory.last_error_kind and repair is not None:
        return repair
    if not memory.columns_available:
        return "schema.get_columns"
    if not memory.has_sql:
        return "sql.generate"
    if not memory.database_validated:
        return "sql.validate"
    return "sql.execute"


class StepRecord(BaseModel):
    """One iteration as the exit rules read it."""

    action: str
    ok: bool
    error_kind: str = ""


class Exit(BaseModel):
    """A smart exit: the pattern found and the reason given in the answer."""

    pattern: Literal["same_action_failing", "no_schema", "connection_failing", "no_sql"]
    reason: str


def smart_exit(history: Sequence[StepRecord], memory: ContextMemory, iteration: int) -> Exit | None:
    """The seed's four patterns of a loop that makes no progress (§6.1), or None.

    1. the same action failed three times in a row;
    2. after three iterations there is still no schema, after two attempts to read it;
    3. the database connection failed three times;
    4. after five iterations there is still no SQL.
    """
    last = list(history[-3:])
    if len(last) == 3 and len({r.action for r in last}) == 1 and not any(r.ok for r in last):
        return Exit(
            pattern="same_action_failing",
            reason=f"{last[0].action} failed three times in a row ({last[-1].error_kind})",
        )
    schema_attempts = sum(r.action == "schema.list_tables" for r in history)
    if iteration > 3 and not memory.schema_available and schema_attempts >= 2:
        return Exit(
            pattern="no_schema",
            reason=f"no schema after {schema_attempts} attempts to read the tables",
        )
    if sum(r.error_kind == "connection" for r in history) >= 3:
        return Exit(pattern="connection_failing", reason="the database connection failed 3 times")
    if iteration > 5 and not memory.has_sql:
        return Exit(pattern="no_sql", reason=f"no SQL after {iteration} iterations")
    return None
