"""Graph structure, routers, package imports, and conversations driven through a checkpointer."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from typing import get_args

import pytest

from keel.graph import routers
from keel.graph.builder import graph
from keel.nodes.act import AfterConfirmation
from keel.nodes.respond import AfterHuman
from keel.state.dialogue import PER_TURN, DialogueState, fresh_turn

ROOT = Path(__file__).resolve().parents[1]
SEED_STATES = {
    "guard_input",
    "understand",
    "validate_slots",
    "check_policy",
    "execute_tool",
    "compose_reply",
    "check_output",
    "ask_user",
    "fallback",
    "reject",
    "handoff",
    "await_confirmation",
    "await_human",
}


@pytest.mark.parametrize(
    "package",
    [
        "keel.graph",
        "keel.nodes",
        "keel.tools",
        "keel.state",
        "keel.domain",
        "keel.understanding",
        "keel.persistence",
        "keel.safety",
        "keel",
    ],
)
def test_each_package_is_ours(package: str) -> None:
    module = importlib.import_module(package)
    assert module.__file__ is not None and Path(module.__file__).resolve().is_relative_to(ROOT)


INTERRUPT_NODES = {"await_confirmation": AfterConfirmation, "await_human": AfterHuman}


@pytest.mark.parametrize("node", sorted(INTERRUPT_NODES))
def test_the_drawing_has_every_destination_a_command_node_can_return(node: str) -> None:
    drawn = {edge.target for edge in graph.get_graph().edges if edge.source == node}
    assert drawn == set(get_args(INTERRUPT_NODES[node]))


def test_every_command_in_the_nodes_goes_where_its_return_type_says() -> None:
    """Each ``Command(goto=…)`` sits in a function typed ``Command[<destinations>]``.

    mypy then checks every goto against that Literal, and the builder draws the edges
    from the same Literal: nothing a node can return is missing from the drawing.
    """
    checked = 0
    for path in sorted((ROOT / "nodes").glob("*.py")):
        module = importlib.import_module(f"keel.nodes.{path.stem}")
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, ast.FunctionDef):
                continue
            gotos = [
                keyword.value
                for call in ast.walk(function)
                if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "Command"
                for keyword in call.keywords
                if keyword.arg == "goto"
                # a decorator passing a node's own Command on (``goto=result.goto``) adds none
                and not (isinstance(keyword.value, ast.Attribute) and keyword.value.attr == "goto")
            ]
            if not gotos:
                continue
            returns = ast.unparse(function.returns) if function.returns else ""
            typed = re.fullmatch(r"Command\[(\w+)\]( \| None)?", returns)
            assert typed, f"{path.name}:{function.name} returns {returns!r}"
            allowed = set(get_args(getattr(module, typed.group(1))))
            for goto in gotos:
                assert isinstance(goto, ast.Constant), f"{function.name}: goto is not a literal"
                assert goto.value in allowed, f"{function.name}: goto {goto.value!r}"
                checked += 1
    assert checked >= 15


def test_every_state_of_the_machine_is_a_node() -> None:
    assert set(graph.get_graph().nodes) >= SEED_STATES


def test_readme_diagram_is_current() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(
        r"<!-- graph:start -->\n```mermaid\n(.*?)```\n<!-- graph:end -->", readme, re.S
    )
    assert found, "README lacks the generated graph block"
    assert found.group(1) == graph.get_graph().draw_mermaid(), "run `keel graph` and update README"


def state(route: str | None = None, **values: object) -> DialogueState:
    if route is not None:  # the turn's decision, of this kind
        values["decision"] = {"kind": route}
    return DialogueState(**values)  # type: ignore[arg-type]


def test_routers_are_pure_functions_of_state() -> None:
    assert routers.route_after_guard(state(route="reject")) == "reject"
    assert routers.route_after_guard(state(route="continue")) == "understand"
    assert routers.route_after_understand(state(route="fallback")) == "fallback"
    assert routers.route_after_understand(state(route="handoff")) == "handoff"
    assert routers.route_after_understand(state(route="continue")) == "validate_slots"
    assert routers.route_after_validate(state(route="ask")) == "ask_user"
    assert routers.route_after_validate(state(route="continue")) == "check_policy"
    expected = {
        "execute": "execute_tool",
        "confirm": "compose_reply",
        "ask": "ask_user",
        "reject": "reject",
        "handoff": "handoff",
        "fallback": "fallback",
        "respond": "compose_reply",
    }
    for route, node in expected.items():
        assert routers.route_after_policy(state(route=route)) == node
    assert routers.route_after_task(state(route="resume")) == "check_policy"
    assert routers.route_after_task(state(route="handoff")) == "handoff"
    assert routers.route_after_task(state(route="respond")) == "compose_reply"
    # a refused task's queued successor is taken up in the same turn
    assert routers.route_after_reject(state(route="resume")) == "check_policy"
    assert routers.route_after_reject(state(route="reject")) == "compose_reply"
    assert routers.route_after_fallback(state(route="handoff")) == "handoff"
    plan = {"tool": "t", "args": {}, "write": True, "summary": {}}
    for kind in ("confirm", "park"):  # a listing asked for a yes, or kept on hold
        assert routers.route_after_check(state(route=kind, plan=plan)) == "await_confirmation"
        assert routers.route_after_check(state(route=kind)) == "__end__"
    assert routers.route_after_check(state(awaiting="human")) == "await_human"
    assert routers.route_after_check(state(awaiting="nothing")) == "__end__"


def test_a_new_turn_starts_every_per_turn_value_afresh() -> None:
    """One definition of what a turn computes; nothing of the last turn's leaks into the next."""
    fresh = fresh_turn()
    assert set(fresh) == set(PER_TURN)
    default = DialogueState()
    assert all(fresh[name] == getattr(default, name) for name in PER_TURN)
    kept = fresh_turn(keep=("plan", "understanding"))
    assert "plan" not in kept and "understanding" not in kept and "task_run" in kept
    conversation = {"stack", "user_id", "identity", "listing", "focus_order", "handoff", "awaiting"}
    assert not conversation & set(PER_TURN)  # what the checkpointer keeps for the conversation


def test_routers_read_the_typed_decision_of_the_turn() -> None:
    handoff = state(decision={"kind": "handoff", "reason": "anger"})
    assert routers.route_after_understand(handoff) == "handoff"
    assert routers.route_after_task(handoff) == "handoff"
