"""Nodes of the text-to-SQL graph: Plan, Tool, Active, Validate, then the answer (seed 004).

``plan_action`` chooses the single next action from the light memory (the model's choice
when one is configured and the rules admit it, else the offline planner); ``run_tool``
runs exactly that tool through the calibration machine; ``analyse_result`` (the seed's
*Active*) takes what matters from the result into the resource pool and judges the step;
``validate_goal`` decides whether the goal is reached, a repair follows, or the loop exits;
``compose_answer`` writes the answer from the rows only.
"""

from __future__ import annotations

import json
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from langgraph.runtime import Runtime
from sqlalchemy import make_url

from keel.calibration.machine import CallDeps, run_call
from keel.domain.pack import load_pack
from keel.nodes.common import calibration_recorder, prepare_store
from keel.persistence.audit import audit_log
from keel.querying.model import model_planner, model_writer
from keel.querying.pool import ContextMemory, ResourcePool
from keel.querying.prompts import (
    accumulated_chars,
    generate_variables,
    plan_variables,
    refine_variables,
    render,
)
from keel.querying.repair import (
    TRANSIENT,
    UNREPAIRABLE,
    StepRecord,
    diagnose,
    next_action,
    smart_exit,
)
from keel.querying.schema import render_columns
from keel.querying.writer import OfflineWriter, SqlWriter
from keel.state.ask import AskState, Iteration
from keel.state.context import Context
from keel.state.runtime import session_id
from keel.tools.ask_tools import (
    AskSettings,
    build_ask_registry,
    store_descriptions,
    store_view,
)
from keel.tools.data_access import dialect_of
from keel.tools.faults import with_faults
from keel.tools.registry import ToolContext, ToolRegistry
from keel.understanding.extractors import detect_language

SQL_STEPS = ("sql.generate", "sql.validate", "sql.refine", "sql.execute")
SUMMARY_CHARS = 300


# ----------------------------------------------------------------------------- plumbing


def same_database(first: str, second: str) -> bool:
    """Whether two SQLAlchemy URLs name one database (credentials and spelling aside)."""
    a, b = make_url(first), make_url(second)
    if a.get_backend_name() != b.get_backend_name():
        return False
    if a.get_backend_name() == "sqlite":
        return bool(a.database and b.database) and (
            Path(str(a.database)).resolve() == Path(str(b.database)).resolve()
        )
    return (a.host, a.port, a.database) == (b.host, b.port, b.database)


def is_store(state: AskState, context: Context) -> bool:
    """Whether the question is about the store's own database (however its URL is written)."""
    given = state.get("database")
    stores = [u for u in (context.database_url, context.ask_database_url) if u]
    return not given or any(same_database(given, u) for u in stores)


def target_url(state: AskState, context: Context) -> str:
    """The database the question is about: the one named in the input, else the store.

    The store is always read through ``ask_database_url`` when one is configured (a role
    that may only SELECT), else through its own URL on read-only sessions.
    """
    if is_store(state, context):
        return context.ask_database_url or context.database_url
    return str(state["database"])


def ask_settings(context: Context) -> AskSettings:
    """The loop's view of its database: a Keel store hides Keel's own tables, has comments.

    Whatever URL names it, a database holding the store's marker tables is a Keel store.
    """
    view = store_view(context.domain)
    return AskSettings(
        max_tables=context.ask_max_tables,
        row_limit=context.ask_row_limit,
        timeout_seconds=context.ask_timeout_seconds,
        hidden_tables=view.hidden_tables,
        descriptions=store_descriptions(load_pack(context.domain).metadata),
        store_markers=view.markers,
    )


OFFLINE_WRITER = OfflineWriter()


def sql_writer(context: Context) -> SqlWriter:
    """The model writer when an endpoint is configured (cached per endpoint), else offline."""
    return model_writer(context) if context.llm_enabled else OFFLINE_WRITER


@lru_cache(maxsize=16)
def _registry(writer: Any, settings: AskSettings) -> ToolRegistry:
    return build_ask_registry(writer, settings)


def ask_registry(context: Context, settings: AskSettings) -> ToolRegistry:
    """The loop's six tools over the run's writer and settings, with drill faults applied.

    Keyed by the writer object itself: a model client made anew (another endpoint, the
    caches cleared) gets a registry of its own.
    """
    writer: Any = sql_writer(context)  # writers are hashed by identity
    return with_faults(_registry(writer, settings), context.tool_faults)


def ask_deps(state: AskState, context: Context) -> CallDeps:
    """Calibration around the loop's tools: classification, audit records, statistics.

    The loop repairs and retries by itself (seed 004 §3: the agent diagnoses, the exits
    bound it), so calibration classifies, audits and records every call but neither retries
    nor corrects it (``max_corrections=0``): its verifier reads the store's own tables and
    has nothing to say about another database. No result is served from the duplicate-call
    cache (results depend on the database the run names).
    """
    settings = ask_settings(context)
    return CallDeps(
        registry=ask_registry(context, settings),
        tool_context=ToolContext(
            database_url=target_url(state, context),
            row_limit=context.ask_row_limit,
            session_id=session_id(),
            operator=True,  # the loop is an operator's (its tools are operator_only)
        ),
        audit=audit_log(context.database_url),
        recorder=calibration_recorder(context.database_url),
        max_corrections=0,
    )


def _initial_pool(state: AskState, context: Context) -> ResourcePool:
    store = is_store(state, context)
    if store:
        prepare_store(context.database_url, context.domain)  # demo data, as chat has
    glossary = store_view(context.domain).glossary if store else ""
    given = state.get("context") or ""
    business = "\n".join(part for part in (given, glossary) if part)
    pool = ResourcePool()
    pool.update(
        {
            "question": state["question"],
            "template_context": business,
            "dialect": dialect_of(target_url(state, context)),
            "sql_fix_attempts": 0,
            "generate_attempts": 0,
        }
    )
    return pool


def _pool(state: AskState) -> ResourcePool:
    return ResourcePool(state.get("pool"))


# --------------------------------------------------------------------------------- plan


def question_problem(question: str, limit: int) -> str | None:
    """Why a question cannot be asked at all (blank, or longer than the limit), or None."""
    if not question.strip():
        return "the question is empty"
    if len(question) > limit:
        return f"the question is longer than {limit} characters: ask it more briefly"
    return None


def plan_action(state: AskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Plan: the single next action, from the light memory only."""
    context = runtime.context
    problem = question_problem(state["question"], context.max_message_chars)
    if problem is not None:  # answered at once, before any tool runs
        return {"action": None, "status": "exited", "exit_reason": problem, "iteration": 0}
    pool = _pool(state) if state.get("pool") else _initial_pool(state, context)
    memory = pool.build_context_memory()
    question = str(pool.get("question", ""))
    business = str(pool.get("template_context", ""))
    plan_chars = len(render("plan", plan_variables(question, business, memory.model_dump())))
    action, planner = None, "offline"
    if context.llm_enabled and not (memory.refused or memory.sql_executed_successfully):
        action = model_planner(context).choose(question, business, memory)
        planner = "model" if action is not None else "offline"
    if action is None:
        action = next_action(memory)
        planner = "offline"
    return {
        "pool": pool.to_dict(),
        "memory": memory.model_dump(),
        "action": action,
        "planner": planner,
        "iteration": int(state.get("iteration") or 0) + 1,
        "plan_chars": plan_chars,
        "started": time.time(),
        "status": "running",
    }


# --------------------------------------------------------------------------------- tool


def step_call(action: str, pool: ResourcePool) -> tuple[dict[str, Any], int]:
    """The arguments of ``action`` from the pool's extract, and the size of its prompt.

    The generation and refinement prompts a model reads are rendered from the same extract
    the arguments carry, so the size measured here is the size sent. The table-selection
    prompt is measured by the tool, which holds the candidate tables.
    """
    question = str(pool.get("question", ""))
    business = str(pool.get("template_context", ""))
    dialect = str(pool.get("dialect", ""))
    if action == "schema.list_tables":
        return {"question": question, "context": business}, 0
    if action == "schema.get_columns":
        return {"tables": pool.get("selected_tables") or []}, 0
    if action == "sql.generate":
        extract = pool.extract_for_step("sql_generation")
        size = len(render("generate", generate_variables(extract, dialect)))
        args = {
            "question": question,
            "context": business,
            "tables": list(extract["column_details"]),
            "attempt": int(pool.get("generate_attempts", 0)),
            "tried": extract["tried"],
            "column_details": extract["column_details"],
        }
        return args, size
    if action == "sql.refine":
        extract = pool.extract_for_step("sql_refinement")
        size = len(render("refine", refine_variables(extract, dialect)))
        args = {
            "sql": extract["sql"],
            "error": extract["error"],
            "question": question,
            "column_details": extract["column_details"],
        }
        return args, size
    if action == "sql.validate":
        return {"sql": pool.extract_for_step("sql_validation")["sql"]}, 0
    return {"sql": pool.extract_for_step("sql_execution")["sql"]}, 0


def run_tool(state: AskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Tool: run exactly the planned tool, through the calibration machine."""
    context = runtime.context
    action = str(state.get("action"))
    args, step_chars = step_call(action, _pool(state))
    # no conditions: a statement's result is judged by the loop, not by its arguments
    outcome = run_call(ask_deps(state, context), action, args, conditions={})["outcome"]
    if outcome["ok"] and action == "schema.list_tables":
        step_chars = int(outcome["data"].get("prompt_chars") or 0)
    return {"outcome": outcome, "step_chars": step_chars}


# ------------------------------------------------------------------------------- active


def _one_line(text: str) -> str:
    return " ".join(str(text).split())[:SUMMARY_CHARS]


def _learn_tables(data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    updates = {"tables": data["tables"], "selected_tables": data["selected"]}
    summary = f"{data['count']} tables; chose {', '.join(data['selected']) or 'none'}"
    return updates, summary


def _learn_columns(data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    updates = {
        "column_details": data["column_details"],
        "foreign_keys": data["foreign_keys"],
        "time_columns": data["time_columns"],
    }
    return updates, f"{data['count']} columns of {', '.join(data['column_details'])}"


def _learn_sql(pool: ResourcePool, data: dict[str, Any], action: str) -> dict[str, Any]:
    updates: dict[str, Any] = {
        "current_sql": data["sql"],
        "sql_history": [{"sql": data["sql"], "by": action, "source": data.get("source", "")}],
        "last_error": "",
        "last_error_kind": "",
    }
    if action == "sql.generate":
        updates["generate_attempts"] = int(pool.get("generate_attempts", 0)) + 1
        updates["links"] = data.get("links") or []
        if data.get("time_column"):
            updates["recommended_time_column"] = data["time_column"]
            updates["time_range"] = {
                "phrase": str(data.get("time_phrase") or ""),
                "column": str(data["time_column"]),
            }
    return updates


def _judge(
    action: str, pool: ResourcePool, outcome: dict[str, Any]
) -> tuple[bool, str, str, dict[str, Any]]:
    """Whether the step succeeded, the diagnosis, a one-line summary and the pool updates."""
    if not outcome["ok"]:
        message = _one_line(outcome.get("message") or outcome.get("error") or "failed")
        return False, diagnose(message, (), str(outcome.get("error") or "")), message, {}
    data = outcome["data"]
    if action == "schema.list_tables":
        updates, summary = _learn_tables(data)
        return True, "", summary, updates
    if action == "schema.get_columns":
        updates, summary = _learn_columns(data)
        return True, "", summary, updates
    if action in ("sql.generate", "sql.refine"):
        return _judge_written(action, pool, data)
    if action == "sql.validate":
        return _judge_validation(data)
    updates = {"executed_sql": data["sql"], "result": data}
    shown = "s" if data["count"] != 1 else ""
    return True, "", f"{data['count']} row{shown} in {data['ms']} ms", updates


def _judge_written(
    action: str, pool: ResourcePool, data: dict[str, Any]
) -> tuple[bool, str, str, dict[str, Any]]:
    if data.get("sql"):
        return True, "", _one_line(data["sql"]), _learn_sql(pool, data, action)
    reason = _one_line(data.get("reason") or "nothing written")
    first = action == "sql.generate" and int(pool.get("generate_attempts", 0)) == 0
    if data.get("refused") and first:  # the data cannot answer the question: say so
        return (
            True,
            "",
            f"refused: {reason}",
            {
                "refusal": reason,
                "unlinked": data.get("unlinked") or [],
            },
        )
    kind = "exhausted" if action == "sql.generate" else "syntax"
    return False, kind, reason, {}


def _judge_validation(data: dict[str, Any]) -> tuple[bool, str, str, dict[str, Any]]:
    if data["ok"]:
        updates = {"validated_sql": data["sql"], "current_sql": data["sql"]}
        return True, "", "valid" + (" (row limit added)" if data["limit_added"] else ""), updates
    problems = data["problems"]
    message = _one_line("; ".join(p["message"] for p in problems))
    return False, diagnose(message, [p["kind"] for p in problems]), message, {}


def _failure_updates(action: str, pool: ResourcePool, kind: str, message: str) -> dict[str, Any]:
    updates: dict[str, Any] = {"last_error": message, "last_error_kind": kind}
    if action in SQL_STEPS:
        sql = pool.get("current_sql") or ""
        updates["validation_history"] = [{"sql": sql, "ok": False, "error": message}]
    return updates


def _schema_chars(pool: ResourcePool) -> int:
    details = pool.get("column_details") or {}
    return len(render_columns(details)) if details else 0


def analyse_result(state: AskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Active: take what matters from the result into the pool and judge the step."""
    action = str(state.get("action"))
    pool = _pool(state)
    outcome = state.get("outcome") or {"ok": False, "message": "no outcome"}
    ok, kind, summary, updates = _judge(action, pool, outcome)
    pool.update(updates if ok else _failure_updates(action, pool, kind, summary))
    if ok and action == "sql.execute":
        pool.update({"validation_history": [{"sql": updates["executed_sql"], "ok": True}]})
    context_chars = len(json.dumps(outcome.get("data") or outcome, default=str))
    earlier = list(pool.get("context_sizes") or [])
    pool.update({"context_sizes": [*earlier, context_chars]})
    plan_chars = int(state.get("plan_chars") or 0)
    record = Iteration(
        n=int(state.get("iteration") or 0),
        action=action,
        planner=str(state.get("planner") or "offline"),
        ok=ok,
        error_kind=kind,
        summary=summary,
        prompt_chars=plan_chars,
        step_chars=int(state.get("step_chars") or 0),
        baseline_chars=accumulated_chars(plan_chars, _schema_chars(pool), earlier),
        ms=round((time.time() - float(state.get("started") or time.time())) * 1000, 2),
    )
    return {"pool": pool.to_dict(), "history": [record]}


# ----------------------------------------------------------------------------- validate


def goal_verdict(
    pool: ResourcePool, history: list[Iteration], iteration: int, context: Context
) -> tuple[str, str, int]:
    """``(status, exit reason, repairs)`` after an iteration (pure: the validate step's rule).

    The goal is reached when the SQL ran; an honest refusal ends the run; a failed SQL
    step is repaired up to ``max_sql_repairs`` times; a permission failure, a reading the
    generator cannot vary any more, one of the smart-exit patterns or the iteration limit
    ends the run with its reason.
    """
    memory = pool.build_context_memory()
    repairs = memory.sql_fix_attempts
    if memory.refused:
        return "refused", "", repairs
    if memory.sql_executed_successfully:
        return "answered", "", repairs
    last = history[-1]
    if not last["ok"]:
        if last["error_kind"] in UNREPAIRABLE:
            return "exited", f"cannot be repaired: {last['summary']}", repairs
        if last["error_kind"] == "exhausted":
            return (
                "exited",
                f"no other reading of the question is left ({last['summary']})",
                (repairs),
            )
        if last["action"] in SQL_STEPS and last["error_kind"] not in TRANSIENT:
            if repairs >= context.max_sql_repairs:
                return (
                    "exited",
                    (
                        f"{repairs} repairs did not give a working query; last error: "
                        f"{last['summary']}"
                    ),
                    repairs,
                )
            repairs += 1
    records = [
        StepRecord(action=h["action"], ok=h["ok"], error_kind=h["error_kind"]) for h in history
    ]
    found = smart_exit(records, _with_repairs(memory, repairs), iteration)
    if found is not None:
        return "exited", found.reason, repairs
    if iteration >= context.max_ask_iterations:
        return "exited", f"stopped after {iteration} iterations (max_ask_iterations)", repairs
    return "running", "", repairs


def _with_repairs(memory: ContextMemory, repairs: int) -> ContextMemory:
    return memory.model_copy(update={"sql_fix_attempts": repairs})


def validate_goal(state: AskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Validate: goal reached, a repair, or an exit (with the reason in the answer)."""
    pool = _pool(state)
    history = list(state.get("history") or [])
    status, reason, repairs = goal_verdict(
        pool, history, int(state.get("iteration") or 0), runtime.context
    )
    pool.update({"sql_fix_attempts": repairs})
    update: dict[str, Any] = {"pool": pool.to_dict(), "status": status}
    if reason:
        update["exit_reason"] = reason
    return update


# ------------------------------------------------------------------------------- answer


def shown(value: Any) -> str:
    """A cell as an answer shows it: floats to at most 4 decimals (12896.53, not …529999)."""
    if isinstance(value, float) and not value.is_integer():
        return repr(round(value, 4))
    return "" if value is None else str(value)


def describe_rows(columns: list[str], rows: list[list[Any]], truncated: bool, language: str) -> str:
    """A short sentence made from the rows only (no word of it comes from elsewhere)."""
    zh = language == "zh"
    if not rows:
        return "没有符合条件的记录。" if zh else "No rows match."
    if len(rows) == 1:
        pairs = [f"{c}: {shown(v)}" for c, v in zip(columns, rows[0], strict=False)]
        return ("；".join(pairs) + "。") if zh else (", ".join(pairs) + ".")
    more = (" (更多行未显示)" if zh else " (more rows not shown)") if truncated else ""
    first = ", ".join(f"{c}: {shown(v)}" for c, v in zip(columns, rows[0], strict=False))
    if zh:
        return f"共 {len(rows)} 行{more}；第一行：{first}。"
    return f"{len(rows)} rows{more}; the first: {first}."


def compose_answer(state: AskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """The answer: the table and a sentence from its rows, the SQL, repairs and the trail."""
    pool = _pool(state)
    history = list(state.get("history") or [])
    status = state.get("status") or "exited"
    question = state["question"]
    answer: dict[str, Any] = {
        "question": question,
        "status": status,
        "sql": pool.get("executed_sql") or pool.get("current_sql") or None,
        "repairs": int(pool.get("sql_fix_attempts", 0)),
        "iterations": len(history),
        "trail": [dict(h) for h in history],
        "prompt_chars": [h["prompt_chars"] for h in history],
        "baseline_chars": [h["baseline_chars"] for h in history],
    }
    if status == "answered":
        result = pool.get("result") or {}
        columns, rows = list(result.get("columns") or []), list(result.get("rows") or [])
        answer.update(
            columns=columns,
            rows=rows,
            truncated=bool(result.get("truncated")),
            sentence=describe_rows(
                columns, rows, bool(result.get("truncated")), detect_language(question)
            ),
        )
    elif status == "refused":
        answer.update(reason=pool.get("refusal"), unlinked=pool.get("unlinked") or [], sql=None)
    else:
        answer.update(
            reason=state.get("exit_reason") or "the loop stopped", last_error=pool.get("last_error")
        )
    return {"answer": answer, "status": status}
