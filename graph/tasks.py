"""The task subgraph: plans with two-level reflection and replanning (seed 002).

``select_tools → plan_task → execute_step → (next step | reflect_step) → reflect_overall
→ replan → execute_step … → summarise``. The dialogue graph runs it as its ``run_task``
node (Studio draws it inside with xray); ``langgraph.json`` also exposes it on its own
(``tasks``) so an operator can run a back-office task from a description and a customer
id, through the same tools, calibration and confirmations (by interrupt).

Every loop is bounded: local retries by ``max_tool_retries``, rounds and replans by
``max_task_rounds`` and ``max_replans`` (overall reflection stops at the limits).
"""

from __future__ import annotations

from typing import Literal

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from keel.nodes.task import (
    execute_step,
    next_step,
    plan_task,
    records,
    reflect_on_step,
    reflect_on_task,
    replan,
    select_tools,
    summarise,
)
from keel.planning.plan import Plan
from keel.state.context import Context
from keel.state.task import TaskInput, TaskOutput, TaskState


def route_after_plan(state: TaskState) -> Literal["execute_step", "summarise"]:
    """A valid plan runs; an invalid one is summed up as such."""
    return "summarise" if state.get("status") else "execute_step"


def route_after_step(state: TaskState) -> Literal["execute_step", "reflect_step", "summarise"]:
    """A failure is reflected on; otherwise the next step runs, or the task is summed up."""
    if state.get("status"):
        return "summarise"
    ran = state.get("ran")
    if ran == "failed":
        return "reflect_step"
    return "execute_step" if ran == "ok" and _steps_left(state) else "summarise"


def _steps_left(state: TaskState) -> bool:
    plan = Plan.model_validate(state["task_plan"])
    return next_step(plan, records(state)) is not None


def route_after_step_reflection(
    state: TaskState,
) -> Literal["execute_step", "reflect_overall"]:
    """A local fix runs the step again; anything else goes to overall reflection."""
    return "execute_step" if state.get("retry") else "reflect_overall"


def route_after_overall(state: TaskState) -> Literal["replan", "summarise"]:
    """Replan when overall reflection says so; otherwise stop and sum up."""
    reflections = state.get("reflections") or []
    last = reflections[-1] if reflections else {}
    return "replan" if last.get("should_replan") else "summarise"


def route_after_replan(state: TaskState) -> Literal["execute_step", "summarise"]:
    """A new plan runs; a strategy that could not apply ends the task."""
    return "summarise" if state.get("status") else "execute_step"


def build_task_graph() -> StateGraph[TaskState, Context, TaskInput, TaskOutput]:
    """Return the task subgraph's builder."""
    builder = StateGraph(
        TaskState, context_schema=Context, input_schema=TaskInput, output_schema=TaskOutput
    )
    builder.add_node("select_tools", select_tools)
    builder.add_node("plan_task", plan_task)
    builder.add_node("execute_step", execute_step)
    builder.add_node("reflect_step", reflect_on_step)
    builder.add_node("reflect_overall", reflect_on_task)
    builder.add_node("replan", replan)
    builder.add_node("summarise", summarise)
    builder.add_edge(START, "select_tools")
    builder.add_edge("select_tools", "plan_task")
    builder.add_conditional_edges(
        "plan_task",
        route_after_plan,
        {"execute_step": "execute_step", "summarise": "summarise"},
    )
    builder.add_conditional_edges(
        "execute_step",
        route_after_step,
        {"execute_step": "execute_step", "reflect_step": "reflect_step", "summarise": "summarise"},
    )
    builder.add_conditional_edges(
        "reflect_step",
        route_after_step_reflection,
        {"execute_step": "execute_step", "reflect_overall": "reflect_overall"},
    )
    builder.add_conditional_edges(
        "reflect_overall",
        route_after_overall,
        {"replan": "replan", "summarise": "summarise"},
    )
    builder.add_conditional_edges(
        "replan",
        route_after_replan,
        {"execute_step": "execute_step", "summarise": "summarise"},
    )
    builder.add_edge("summarise", END)
    return builder


task_builder = build_task_graph()


def compile_task_graph(
    checkpointer: BaseCheckpointSaver[str] | None = None,
) -> CompiledStateGraph[TaskState, Context, TaskInput, TaskOutput]:
    """Compile the task subgraph (with a checkpointer for an operator's confirmations)."""
    return task_builder.compile(checkpointer=checkpointer, name="tasks")


task_graph = compile_task_graph()
graph = task_graph
