"""The dialogue state machine as a LangGraph ``StateGraph``.

``builder`` is the uncompiled graph; ``graph`` is compiled without a
checkpointer (LangGraph server supplies one). Use :func:`compile_graph` to get
one with a checkpointer for notebooks, the CLI and tests.
"""

from __future__ import annotations

from typing import get_args

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from keel.graph.routers import (
    route_after_check,
    route_after_execute,
    route_after_fallback,
    route_after_guard,
    route_after_policy,
    route_after_reject,
    route_after_task,
    route_after_understand,
    route_after_validate,
)
from keel.graph.tasks import task_graph
from keel.nodes.act import (
    AfterConfirmation,
    answer_question,
    await_confirmation,
    execute_tool,
    finish_task,
)
from keel.nodes.decide import check_policy
from keel.nodes.intake import guard_input, understand, validate_slots
from keel.nodes.respond import (
    AfterHuman,
    ask_user,
    await_human,
    check_output,
    compose_reply,
    fallback,
    handoff,
    hold_for_human,
    reject,
)
from keel.state.context import Context
from keel.state.dialogue import DialogueState, InputState, OutputState


def build_graph() -> StateGraph[DialogueState, Context, InputState, OutputState]:
    """Return the dialogue graph's builder (nodes and edges, not compiled)."""
    builder = StateGraph(
        DialogueState, context_schema=Context, input_schema=InputState, output_schema=OutputState
    )
    builder.add_node("guard_input", guard_input)
    builder.add_node("understand", understand)
    builder.add_node("validate_slots", validate_slots)
    builder.add_node("check_policy", check_policy)
    builder.add_node("ask_user", ask_user)
    builder.add_node("fallback", fallback)
    builder.add_node("reject", reject)
    builder.add_node("handoff", handoff)
    builder.add_node("execute_tool", execute_tool)
    builder.add_node("run_task", task_graph)
    builder.add_node("finish_task", finish_task)
    # the interrupt nodes route by Command: their edges are the destinations their return
    # types declare (tests/test_graph.py checks each goto against the drawing)
    builder.add_node(
        "await_confirmation", await_confirmation, destinations=get_args(AfterConfirmation)
    )
    builder.add_node("answer_question", answer_question)
    builder.add_node("compose_reply", compose_reply)
    builder.add_node("check_output", check_output)
    builder.add_node("hold_for_human", hold_for_human)
    builder.add_node("await_human", await_human, destinations=get_args(AfterHuman))

    builder.add_edge(START, "guard_input")
    builder.add_conditional_edges(
        "guard_input",
        route_after_guard,
        {"reject": "reject", "hold_for_human": "hold_for_human", "understand": "understand"},
    )
    builder.add_conditional_edges(
        "understand",
        route_after_understand,
        {"fallback": "fallback", "handoff": "handoff", "validate_slots": "validate_slots"},
    )
    builder.add_conditional_edges(
        "validate_slots",
        route_after_validate,
        {"ask_user": "ask_user", "check_policy": "check_policy"},
    )
    builder.add_conditional_edges(
        "check_policy",
        route_after_policy,
        {
            "execute_tool": "execute_tool",
            "compose_reply": "compose_reply",
            "ask_user": "ask_user",
            "reject": "reject",
            "handoff": "handoff",
            "fallback": "fallback",
        },
    )
    builder.add_conditional_edges(
        "execute_tool",
        route_after_execute,
        {"run_task": "run_task", "compose_reply": "compose_reply", "check_policy": "check_policy"},
    )
    builder.add_edge("run_task", "finish_task")
    builder.add_conditional_edges(
        "finish_task",
        route_after_task,
        {"handoff": "handoff", "check_policy": "check_policy", "compose_reply": "compose_reply"},
    )
    builder.add_conditional_edges(
        "fallback", route_after_fallback, {"handoff": "handoff", "compose_reply": "compose_reply"}
    )
    builder.add_edge("ask_user", "compose_reply")
    builder.add_conditional_edges(
        "reject",
        route_after_reject,
        {"check_policy": "check_policy", "compose_reply": "compose_reply"},
    )
    builder.add_edge("handoff", "compose_reply")
    builder.add_edge("compose_reply", "check_output")
    builder.add_conditional_edges(
        "check_output",
        route_after_check,
        {"await_confirmation": "await_confirmation", "await_human": "await_human", END: END},
    )
    builder.add_edge("hold_for_human", "compose_reply")
    builder.add_edge("answer_question", "compose_reply")
    return builder


builder = build_graph()


def compile_graph(
    checkpointer: BaseCheckpointSaver[str] | None = None,
) -> CompiledStateGraph[DialogueState, Context, InputState, OutputState]:
    """Compile the dialogue graph, with a checkpointer for sessions that span several calls."""
    return builder.compile(checkpointer=checkpointer, name="keel")


graph = compile_graph()
