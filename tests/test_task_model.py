"""Issue 8: planning and step reflection with a model, checked by the same rules.

The model is a scripted chat model (no network): its structured output is used only when
``validate_plan`` / ``admissible_step_action`` accept it; otherwise the offline plan and
reflection decide, as they do without a model.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from scripted_chat import ScriptedChatModel, tool_call

import keel.planning.model as planning_model
from keel.graph.tasks import task_graph
from keel.planning.model import clear_planning_models
from keel.state.context import Context
from keel.understanding.model import clear_model_caches

HARPER = "harper_ahmed_1689"
PENDING = "#W2387014"


@pytest.fixture
def context(demo_db_url: str) -> Context:
    return Context(
        database_url=demo_db_url,
        retry_backoff_seconds=(0.0, 0.0, 0.0),
        llm_base_url="http://127.0.0.1:9/v1",  # never reached: the chat model is scripted
        llm_model="scripted",
    )


@pytest.fixture
def model(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedChatModel]:
    chat = ScriptedChatModel()
    clear_planning_models()
    clear_model_caches()  # a fresh circuit breaker for the endpoint
    monkeypatch.setattr(planning_model, "chat_client", lambda context: chat)
    yield chat
    clear_planning_models()
    clear_model_caches()


def task(intent: str, slots: dict[str, Any], text: str = "") -> dict[str, Any]:
    return {
        "intent": intent,
        "text": text,
        "slots": slots,
        "user_id": HARPER,
        "language": "en",
        "run_id": "r1",
        "mode": "operator",
    }


def run(context: Context, brief: dict[str, Any]) -> Any:
    return task_graph.invoke({"task": brief, "listing": []}, context=context)["task_run"]


def plan_call(*steps: dict[str, Any]) -> Any:
    return tool_call("PlanDraft", {"steps": list(steps)})


def test_the_models_plan_runs_when_the_rules_accept_it(
    context: Context, model: ScriptedChatModel
) -> None:
    model.script = [
        plan_call(
            {
                "id": "me",
                "tool": "get_user_details",
                "args": [{"name": "user_id", "kind": "slot", "slot": "user_id"}],
            },
            {
                "id": "orders",
                "tool": "get_user_orders",
                "args": [{"name": "user_id", "kind": "step", "step": "me", "path": "user.user_id"}],
                "depends_on": ["me"],
            },
        )
    ]
    result = run(context, task("list_orders", {}, "show me this customer's orders"))
    assert result["status"] == "done", result
    assert [s["id"] for s in result["plan"]["steps"]] == ["me", "orders"]  # not the template
    assert [r["tool"] for r in result["history"]] == ["get_user_details", "get_user_orders"]
    assert model.script == []  # one call to plan
    offered = {t["function"]["name"] for t in model.seen_kwargs[0]["tools"]}
    assert offered == {"PlanDraft"}
    prompt = model.seen[0][0].content
    assert "get_user_orders" in prompt  # the selected tools' schemas are in the prompt


@pytest.mark.parametrize(
    "bad",
    [
        {"id": "x", "tool": "drop_database", "args": []},  # not a selected tool
        {"id": "x", "tool": "get_user_orders", "args": []},  # a required argument unbound
        {
            "id": "x",
            "tool": "get_user_orders",
            "args": [{"name": "user_id", "kind": "step", "step": "nowhere", "path": "a"}],
        },  # reads a step that does not exist
    ],
)
def test_a_plan_the_rules_refuse_falls_back_to_the_offline_plan(
    context: Context, model: ScriptedChatModel, bad: dict[str, Any]
) -> None:
    model.script = [plan_call(bad)]
    result = run(context, task("list_orders", {}))
    assert [s["id"] for s in result["plan"]["steps"]] == ["orders", "profile"]  # the template
    assert result["status"] == "done" and model.script == []


def test_a_model_that_fails_leaves_the_offline_plan(
    context: Context, model: ScriptedChatModel
) -> None:
    model.script = [RuntimeError("endpoint down")]
    result = run(context, task("list_orders", {}))
    assert [s["id"] for s in result["plan"]["steps"]] == ["orders", "profile"]
    assert result["status"] == "done"


def reflection(action: str, **extra: Any) -> Any:
    return tool_call(
        "DraftReflection",
        {
            "history_review": "model: first failure of this step",
            "error_analysis": "model: the order service timed out",
            "proposal": "model: try another tool",
            "action": action,
            **extra,
        },
    )


def test_an_admissible_model_reflection_is_taken(
    context: Context, model: ScriptedChatModel
) -> None:
    faulty = context.replace(tool_faults={"get_order_details": "timeout"})
    model.script = [
        RuntimeError("no plan from the model"),
        reflection("retry_with_alternative_tool", tool="get_user_orders"),
    ]
    result = run(faulty, task("order_status", {"order_id": PENDING}))
    assert result["status"] == "done" and result["answered_by"] == "get_user_orders"
    step = result["reflections"][0]
    assert step["history_review"] == "model: first failure of this step"
    assert step["action"] == {"kind": "retry_with_alternative_tool", "tool": "get_user_orders"}


def test_a_model_reflection_the_rules_refuse_gives_way_to_the_offline_one(
    context: Context, model: ScriptedChatModel
) -> None:
    faulty = context.replace(tool_faults={"get_order_details": "timeout"})
    model.script = [
        RuntimeError("no plan from the model"),
        # the same arguments again: never admitted (a failed call is never made again as it was)
        reflection("retry_with_adjusted_params", params={"order_id": PENDING}),
    ]
    result = run(faulty, task("order_status", {"order_id": PENDING}))
    step = result["reflections"][0]
    assert not step["history_review"].startswith("model:")  # the offline reflection
    assert step["action"]["kind"] == "retry_with_alternative_tool"
    calls = [(r["tool"], r["args"]) for r in result["history"]]
    assert calls.count(("get_order_details", {"order_id": PENDING})) == 1
