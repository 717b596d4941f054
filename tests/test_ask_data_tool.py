"""Issue 9: the loop as a registered tool (``ask_data``), an operator's tool only."""

from __future__ import annotations

from typing import Any

from keel.graph.tasks import task_graph
from keel.nodes.task import tool_cards
from keel.persistence.audit import AuditLog
from keel.state.context import Context


def brief(mode: str, **extra: Any) -> dict[str, Any]:
    return {
        "intent": "complaint",  # an intent without a tool of its own (no understanding needed)
        "text": "how many orders were cancelled last week?",
        "slots": {},
        "user_id": "harper_ahmed_1689",
        "language": "en",
        "run_id": "r1",
        "mode": mode,
        **extra,
    }


def test_ask_data_is_registered_as_an_operators_read() -> None:
    spec = tool_cards("retail", operator=True)["ask_data"]
    assert spec.operator_only and spec.access == "read" and spec.category == "sql"
    assert spec.required_args == ["question"]
    assert "ask_data" not in tool_cards("retail")  # what a customer's task sees


def test_a_customers_task_never_runs_ask_data(demo_db_url: str) -> None:
    context = Context(database_url=demo_db_url, retry_backoff_seconds=(0.0,))
    calls = [{"tool": "ask_data", "args": {"question": "how many orders were cancelled?"}}]
    run = task_graph.invoke(
        {"task": brief("dialogue", calls=calls), "listing": []}, context=context
    )["task_run"]
    assert "ask_data" not in run["selection"]["selected_tool_ids"]
    assert not any(r["tool"] == "ask_data" and r["ok"] for r in run["history"])
    tools = [e["name"] for e in AuditLog(demo_db_url).events("local") if e["kind"] == "tool"]
    assert "ask_data" not in tools


def test_a_step_calling_ask_data_in_a_customers_task_fails_without_running(
    demo_db_url: str,
) -> None:
    from langgraph.runtime import Runtime

    from keel.nodes.task import execute_step
    from keel.planning.templates import literal_plan

    context = Context(database_url=demo_db_url, retry_backoff_seconds=(0.0,))
    plan = literal_plan([("ask_data", {"question": "how many orders?"})])
    state: Any = {"task": brief("dialogue"), "task_plan": plan.model_dump(mode="json")}
    update = execute_step(state, Runtime(context=context))
    (record,) = update["history"]
    assert update["ran"] == "failed" and record["error"] == "PERMISSION_ERROR"
    assert "operator's tool" in record["message"] and record["attempts"] == 0
    tools = [e["name"] for e in AuditLog(demo_db_url).events("local") if e["kind"] == "tool"]
    assert "ask_data" not in tools


def test_the_executor_refuses_an_operators_tool_to_any_other_run(demo_db_url: str) -> None:
    from keel.calibration.machine import run_call
    from keel.nodes.common import call_deps

    context = Context(database_url=demo_db_url, retry_backoff_seconds=(0.0,))
    args = {"question": "how many orders are there?"}
    refused = run_call(call_deps(context), "ask_data", args)["outcome"]
    assert not refused["ok"] and refused["error"] == "PERMISSION_ERROR"
    answered = run_call(call_deps(context, operator=True), "ask_data", args)["outcome"]
    assert answered["ok"] and answered["data"]["rows"] == [[600]], answered


def test_an_operators_task_answers_from_the_data_with_ask_data(demo_db_url: str) -> None:
    context = Context(database_url=demo_db_url, retry_backoff_seconds=(0.0,))
    calls = [{"tool": "ask_data", "args": {"question": "how many orders are there?"}}]
    run = task_graph.invoke(
        {"task": brief("operator", calls=calls), "listing": []}, context=context
    )["task_run"]
    assert run["status"] == "done", run
    assert [d["tool"] for d in run["done"]] == ["ask_data"]
