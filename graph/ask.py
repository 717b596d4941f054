"""The text-to-SQL graph: Plan → Tool → Active → Validate, until an answer (seed 004).

``plan_action → run_tool → analyse_result → validate_goal → (plan_action | compose_answer)``.
Each iteration runs exactly one tool (``schema.list_tables``, ``schema.get_columns``,
``sql.generate``, ``sql.validate``, ``sql.refine`` or ``sql.execute``) through the
calibration machine; only the light memory travels from one iteration to the next, and
each step takes what it needs from the resource pool. Served as ``ask`` in
``langgraph.json`` (operators and analysts only: the customer channel keeps its
parameterised SQL templates), run by ``keel ask``, ``keel report``, the ``ask_data`` tool
and the operator route ``POST /api/ask``.

Bounded: at most ``max_ask_iterations`` iterations and ``max_sql_repairs`` repairs, and
the seed's four smart-exit patterns end a loop that makes no progress.
"""

from __future__ import annotations

from typing import Literal

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from keel.nodes.ask import analyse_result, compose_answer, plan_action, run_tool, validate_goal
from keel.state.ask import AskInput, AskOutput, AskState
from keel.state.context import Context


def route_after_plan(state: AskState) -> Literal["run_tool", "compose_answer"]:
    """An action runs; with nothing left to do, the answer is written."""
    return "run_tool" if state.get("action") else "compose_answer"


def route_after_validate(state: AskState) -> Literal["plan_action", "compose_answer"]:
    """A running loop plans again; an answer, a refusal or an exit is written up."""
    return "plan_action" if state.get("status") == "running" else "compose_answer"


def build_ask_graph() -> StateGraph[AskState, Context, AskInput, AskOutput]:
    """Return the text-to-SQL graph's builder."""
    builder = StateGraph(
        AskState, context_schema=Context, input_schema=AskInput, output_schema=AskOutput
    )
    builder.add_node("plan_action", plan_action)
    builder.add_node("run_tool", run_tool)
    builder.add_node("analyse_result", analyse_result)
    builder.add_node("validate_goal", validate_goal)
    builder.add_node("compose_answer", compose_answer)
    builder.add_edge(START, "plan_action")
    builder.add_conditional_edges(
        "plan_action",
        route_after_plan,
        {"run_tool": "run_tool", "compose_answer": "compose_answer"},
    )
    builder.add_edge("run_tool", "analyse_result")
    builder.add_edge("analyse_result", "validate_goal")
    builder.add_conditional_edges(
        "validate_goal",
        route_after_validate,
        {"plan_action": "plan_action", "compose_answer": "compose_answer"},
    )
    builder.add_edge("compose_answer", END)
    return builder


builder = build_ask_graph()
graph: CompiledStateGraph[AskState, Context, AskInput, AskOutput] = builder.compile(name="ask")
