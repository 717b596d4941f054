"""Issue 8, part 4: the task subgraph on the demo store, with injected tool faults.

Each drill makes a tool fail the way a real one does and checks what the subgraph did
about it: step reflection's actions, overall reflection's stops and strategies, the
write rule (only a listed call runs; an operator confirms by interrupt), and that a
replanned run never repeats a failed call nor a succeeded step.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from keel.api import Keel
from keel.domain.retail.models import Order
from keel.graph.builder import graph as dialogue_graph
from keel.graph.tasks import compile_task_graph, task_graph
from keel.persistence.db import session_scope
from keel.planning.reflection import StepRecord
from keel.state.context import Context

HARPER = "harper_ahmed_1689"
HARPER_HELLO = "Hi, I'm Harper Ahmed, zip 28268."
PENDING = "#W2387014"
DELIVERED = "#W1602485"


@pytest.fixture
def context(demo_db_url: str) -> Context:
    return Context(database_url=demo_db_url, retry_backoff_seconds=(0.0, 0.0, 0.0))


def status(context: Context, order_id: str) -> str:
    with session_scope(context.database_url) as session:
        order = session.get(Order, order_id)
        assert order is not None
        return order.status


def brief(intent: str, slots: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "intent": intent,
        "text": extra.pop("text", ""),
        "slots": slots,
        "user_id": HARPER,
        "language": "en",
        "run_id": "r1",
        **extra,
    }


def run(context: Context, task: dict[str, Any], listing: list[Any] | None = None) -> Any:
    out = task_graph.invoke({"task": task, "listing": listing or []}, context=context)
    return out["task_run"]


def history(result: Any) -> list[StepRecord]:
    return [StepRecord.model_validate(r) for r in result["history"]]


def assert_never_repeats(result: Any) -> None:
    """No failed call made again as it was; no succeeded step run again."""
    made = [r for r in history(result) if r.attempts > 0]
    failed = [r.signature()[:2] for r in made if not r.ok]
    assert len(failed) == len(set(failed)), failed
    succeeded = [r.step for r in made if r.ok]
    assert len(succeeded) == len(set(succeeded)), succeeded


def test_a_plan_without_failures_runs_each_step_once(context: Context) -> None:
    result = run(context, brief("list_orders", {}))
    assert result["status"] == "done" and result["completion"] == 1.0
    assert [r.step for r in history(result)] == ["orders", "profile"]
    assert result["path"] == [
        "select_tools",
        "plan_task",
        "execute_step",
        "execute_step",
        "summarise",
    ]
    assert result["selection"]["selected_tool_ids"] == ["get_user_orders", "get_user_details"]


def test_retry_with_an_alternative_tool_answers_when_the_planned_one_is_down(
    context: Context,
) -> None:
    faulty = context.replace(tool_faults={"get_order_details": "timeout"})
    result = run(faulty, brief("order_status", {"order_id": PENDING}))
    assert result["status"] == "done" and result["answered_by"] == "get_user_orders"
    steps = history(result)
    assert [(r.tool, r.ok, r.how) for r in steps] == [
        ("get_order_details", False, "planned"),
        ("get_user_orders", True, "alternative"),
    ]
    assert steps[0].attempts == 3  # calibration's own retries, not repeated by the subgraph
    step = result["reflections"][0]
    assert step["level"] == "step" and step["action"]["kind"] == "retry_with_alternative_tool"
    assert step["history_review"] and step["error_analysis"] and step["proposal"]
    assert_never_repeats(result)


def test_replan_from_step_with_corrective_selection_when_the_local_budget_is_spent(
    context: Context,
) -> None:
    faulty = context.replace(tool_faults={"get_order_details": "timeout"}, max_tool_retries=0)
    result = run(faulty, brief("order_status", {"order_id": PENDING}))
    assert "replan" in result["path"] and result["replans"] == 1 and result["rounds"] == 2
    overall = next(r for r in result["reflections"] if r["level"] == "overall")
    assert overall["should_replan"]
    assert overall["replanning_strategy"]["kind"] == "replan_from_step"
    changes = result["selection"]["changes_from_previous"]
    assert changes["replaced_tools"][0]["old"] == "get_order_details"
    assert changes["replaced_tools"][0]["new"] == "get_user_orders"
    assert result["plan"]["version"] == 2 and result["status"] == "done"
    assert_never_repeats(result)


def test_a_failed_optional_step_stops_with_the_required_part_done(context: Context) -> None:
    faulty = context.replace(tool_faults={"get_user_details": "timeout"})
    result = run(faulty, brief("list_orders", {}))
    assert result["status"] == "done" and result["stop_reason"] == "enough_done"
    assert result["not_done"] == [
        {"step": "profile", "tool": "get_user_details", "reason": "SERVICE_UNAVAILABLE"}
    ]
    assert result["outcome"]["ok"] is False  # the last step's result is the failed one …
    assert result["done"][0]["tool"] == "get_user_orders"  # … the answer is still there


def test_an_external_failure_stops_and_says_what_was_not_done(context: Context) -> None:
    faulty = context.replace(tool_faults={"get_order_owner": "permission"})
    slots = {"order_id": PENDING, "reason": "no longer needed"}
    result = run(faulty, brief("cancel_order", slots, mode="operator"))
    assert result["status"] == "stopped" and result["stop_reason"] == "external"
    reasons = {n["step"]: n["reason"] for n in result["not_done"]}
    assert reasons == {"owner": "PERMISSION_ERROR", "cancel": "not reached"}
    assert status(context, PENDING) == "pending"


def test_a_write_runs_only_when_exactly_it_was_listed(context: Context) -> None:
    call = {
        "tool": "cancel_pending_order",
        "args": {"order_id": PENDING, "reason": "ordered by mistake"},
    }
    unlisted = run(context, brief("cancel_order", dict(call["args"]), calls=[call]))
    assert unlisted["status"] == "needs_confirmation" and unlisted["unconfirmed"] == [call]
    assert status(context, PENDING) == "pending"
    other = {**call, "args": {**call["args"], "reason": "no longer needed"}}
    still = run(context, brief("cancel_order", dict(call["args"]), calls=[call]), [other])
    assert still["status"] == "needs_confirmation" and status(context, PENDING) == "pending"
    done = run(context, brief("cancel_order", dict(call["args"]), calls=[call]), [call])
    assert done["status"] == "done" and status(context, PENDING) == "cancelled"


@pytest.mark.parametrize(("answer", "expected"), [("yes", "cancelled"), ("no", "pending")])
def test_an_operator_task_confirms_its_write_by_interrupt(
    context: Context, answer: str, expected: str
) -> None:
    tasks = compile_task_graph(InMemorySaver())
    config = {"configurable": {"thread_id": str(uuid.uuid4())}}
    task = brief("", {}, text=f"cancel order {PENDING}, the customer no longer needs it")
    first = tasks.invoke({"task": {**task, "mode": "operator"}}, config, context=context)
    pending = first["__interrupt__"][0].value
    assert pending["writes"] == [
        {
            "tool": "cancel_pending_order",
            "args": {"order_id": PENDING, "reason": "no longer needed"},
        }
    ]
    assert status(context, PENDING) == "pending"
    final = tasks.invoke(Command(resume=answer), config, context=context)["task_run"]
    assert status(context, PENDING) == expected
    assert final["status"] == ("done" if answer == "yes" else "declined")


def test_an_unknown_order_stops_without_repeating_the_call(context: Context) -> None:
    slots = {"order_id": "#W0000000", "reason": "no longer needed"}
    result = run(context, brief("cancel_order", slots, mode="operator"))
    assert result["status"] == "stopped"
    assert result["stop_reason"] in ("nothing_to_change", "external")
    assert len([r for r in history(result) if r.attempts > 0]) == 1
    assert_never_repeats(result)


def test_the_dialogue_graph_draws_the_task_subgraph_with_its_reflection_nodes() -> None:
    nodes = set(dialogue_graph.get_graph(xray=True).nodes)
    for node in ("select_tools", "plan_task", "execute_step", "reflect_step"):
        assert f"run_task:{node}" in nodes
    assert {"run_task:reflect_overall", "run_task:replan", "run_task:summarise"} <= nodes


@pytest.mark.parametrize(
    "message",
    [
        f"{HARPER_HELLO} What's the status of order {PENDING}?",
        f"你好，我是Harper Ahmed，邮编28268。订单{PENDING}现在什么状态？",
    ],
)
def test_a_customer_gets_an_answer_from_the_alternative_tool(
    context: Context, message: str
) -> None:
    faulty = context.replace(tool_faults={"get_order_details": "timeout"})
    agent = Keel(faulty)
    turn = agent.send("s1", message)
    assert "run_task:reflect_step" in turn.path and turn.awaiting != "human"
    assert PENDING in turn.reply


@pytest.mark.parametrize(
    ("first", "yes"),
    [
        (f"{HARPER_HELLO} Please cancel order {PENDING}, I ordered it by mistake.", "yes"),
        (f"你好，我是Harper Ahmed，邮编28268。请取消订单{PENDING}，买错了。", "是的"),
    ],
)
def test_a_write_that_cannot_be_done_goes_to_a_human_with_nothing_changed(
    context: Context, first: str, yes: str
) -> None:
    faulty = context.replace(tool_faults={"cancel_pending_order": "timeout"})
    agent = Keel(faulty)
    assert agent.send("s1", first).awaiting == "confirmation"
    turn = agent.send("s1", yes)
    assert "run_task:reflect_overall" in turn.path and turn.awaiting == "human"
    assert status(context, PENDING) == "pending"
    # the human gets the task's execution history: what was tried, what failed and why
    run = turn.values["handoff"]["task_run"]
    assert run["status"] == "stopped" and run["done"] == []
    assert [(r["tool"], r["ok"]) for r in run["history"]] == [("cancel_pending_order", False)]
    assert run["not_done"][0]["reason"] == "SERVICE_UNAVAILABLE"
    assert "SERVICE_UNAVAILABLE" in turn.values["handoff"]["summary"]


LUCAS_BOTH = (
    "Hi, I'm Lucas Brown, zip 92127. Please cancel both my pending orders #W8194764 "
    "and #W2953303, I ordered them by mistake."
)
LUCAS_ORDERS = ("#W8194764", "#W2953303")


def test_several_agreed_writes_run_as_one_plan(context: Context) -> None:
    """A yes to all: one task of one step per order, not one pass through the policy each."""
    agent = Keel(context)
    assert agent.send("s1", LUCAS_BOTH).awaiting == "confirmation"
    turn = agent.send("s1", "yes to both")
    assert [status(context, o) for o in LUCAS_ORDERS] == ["cancelled", "cancelled"]
    assert turn.path.count("run_task") == 1 and "check_policy" not in turn.path, turn.path
    assert turn.path.count("run_task:execute_step") == 2
    assert all(o in turn.reply for o in LUCAS_ORDERS) and turn.reply.count("cancelled") == 2
    assert turn.values["listing"] == [] and turn.awaiting == "nothing"


def test_an_order_the_policy_now_refuses_waits_behind_the_plan(context: Context) -> None:
    """Decided again at the yes: an order delivered since the listing is not in the plan."""
    agent = Keel(context)
    agent.send("s1", LUCAS_BOTH)
    with session_scope(context.database_url) as session:
        order = session.get(Order, LUCAS_ORDERS[1])
        assert order is not None
        order.status = "delivered"
    turn = agent.send("s1", "yes to both")
    assert [status(context, o) for o in LUCAS_ORDERS] == ["cancelled", "delivered"]
    assert turn.path.count("run_task:execute_step") == 1
    assert "check_policy" in turn.path  # the order left is taken up after the task …
    assert LUCAS_ORDERS[1] in turn.reply  # … and its refusal said


def test_one_order_that_cannot_be_changed_does_not_stop_the_others(context: Context) -> None:
    calls = [
        {"tool": "cancel_pending_order", "args": {"order_id": o, "reason": "no longer needed"}}
        for o in ("#W0000000", PENDING)
    ]
    task = brief("cancel_order", dict(calls[0]["args"]), calls=calls, mode="dialogue")
    result = run(context, task, calls)
    assert status(context, PENDING) == "cancelled"
    assert result["status"] == "stopped"  # a listed change was not made: not "done"
    assert result["not_done"] == [
        {"step": "main", "tool": "cancel_pending_order", "reason": "DATA_NOT_FOUND"}
    ]
    assert [w["args"]["order_id"] for w in result["done"]] == [PENDING]
    assert set(result["outcomes"]) == {"main", "main_2"}
    assert_never_repeats(result)


def test_a_step_not_reached_is_said_with_nothing_changed(context: Context) -> None:
    """An external failure stops the plan: the order after it was not attempted, and says so."""
    faulty = context.replace(tool_faults={"cancel_pending_order": "permission"})
    agent = Keel(faulty)
    agent.send("s1", LUCAS_BOTH)
    turn = agent.send("s1", "yes to both")
    assert [status(context, o) for o in LUCAS_ORDERS] == ["pending", "pending"]
    assert f"Order {LUCAS_ORDERS[0]} was not changed" in turn.reply
    assert f"Order {LUCAS_ORDERS[1]} was not changed" in turn.reply
    assert "not attempted" in turn.reply and "cancelled" not in turn.reply
