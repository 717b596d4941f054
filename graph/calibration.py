"""The calibration machine as a LangGraph graph (``calibration`` in ``langgraph.json``).

The dialogue runs the same steps and routers in-process for every tool call
(:func:`calibration.machine.run_call`); this graph shows them as nodes in Studio and
runs one calibrated call from its input ``{"tool": ..., "args": {...}}`` with the
deployment's settings as the run's context.
"""

from __future__ import annotations

from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime

from keel.calibration.machine import END as MACHINE_END
from keel.calibration.machine import ROUTE_TARGETS, ROUTES, START_STEP, STEPS, CallState, Step
from keel.nodes.common import call_deps
from keel.state.context import Context


def _node(step: Step) -> Any:
    def node(state: CallState, runtime: Runtime[Context]) -> dict[str, Any]:
        return step(state, call_deps(runtime.context))

    node.__name__ = step.__name__
    node.__doc__ = step.__doc__
    return node


def build_calibration_graph() -> StateGraph[CallState, Context, CallState, CallState]:
    """Return the calibration graph's builder: one node per step, one edge per router."""
    builder: StateGraph[CallState, Context, CallState, CallState] = StateGraph(
        CallState, context_schema=Context
    )
    for name, step in STEPS.items():
        builder.add_node(name, _node(step))
    builder.add_edge(START, START_STEP)
    for name, route in ROUTES.items():
        targets = ROUTE_TARGETS[name]
        if len(targets) == 1:
            builder.add_edge(name, END if targets[0] == MACHINE_END else targets[0])
        else:
            builder.add_conditional_edges(name, route, {t: t for t in targets})
    return builder


graph: CompiledStateGraph[CallState, Context, CallState, CallState] = (
    build_calibration_graph().compile(name="calibration")
)
