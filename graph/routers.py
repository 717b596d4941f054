"""Pure routers of the dialogue graph: they read the state and name the next node, nothing else."""

from __future__ import annotations

from typing import Literal

from keel.state.dialogue import DialogueState


def route_after_guard(state: DialogueState) -> Literal["reject", "hold_for_human", "understand"]:
    """Blocked input is rejected; in handoff mode it goes to the human; the rest is understood."""
    if state.decision["kind"] == "reject":
        return "reject"
    return "hold_for_human" if state.handoff is not None else "understand"


def route_after_understand(
    state: DialogueState,
) -> Literal["fallback", "handoff", "validate_slots"]:
    """Not understood → fallback; persistent anger → handoff; otherwise validate the slots."""
    if state.decision["kind"] == "handoff":
        return "handoff"
    if state.decision["kind"] == "fallback":
        return "fallback"
    return "validate_slots"


def route_after_validate(state: DialogueState) -> Literal["ask_user", "check_policy"]:
    """An invalid slot value is asked again; valid ones go to the policy check."""
    return "ask_user" if state.decision["kind"] == "ask" else "check_policy"


def route_after_policy(
    state: DialogueState,
) -> Literal["execute_tool", "compose_reply", "ask_user", "reject", "handoff", "fallback"]:
    """Complete → tool (reads) or confirmation (writes); missing → ask; forbidden → reject."""
    return {
        "execute": "execute_tool",
        "confirm": "compose_reply",
        "ask": "ask_user",
        "reject": "reject",
        "handoff": "handoff",
        "fallback": "fallback",
    }.get(state.decision["kind"], "compose_reply")  # type: ignore[return-value]


def route_after_execute(
    state: DialogueState,
) -> Literal["run_task", "compose_reply", "check_policy"]:
    """An approved call runs as a task; a write that was not listed is listed instead.

    A write whose secret is no longer held goes back to the policy, which asks for it again.
    """
    kind = state.decision["kind"]
    if kind == "resume":
        return "check_policy"
    return "compose_reply" if kind == "confirm" else "run_task"


def route_after_task(
    state: DialogueState,
) -> Literal["handoff", "check_policy", "compose_reply"]:
    """A tool that keeps failing goes to a human; a suspended task resumes; otherwise reply."""
    if state.decision["kind"] == "handoff":
        return "handoff"
    return "check_policy" if state.decision["kind"] == "resume" else "compose_reply"


def route_after_reject(state: DialogueState) -> Literal["check_policy", "compose_reply"]:
    """A refused task's queued successor is taken up now; otherwise the refusal is the reply."""
    return "check_policy" if state.decision["kind"] == "resume" else "compose_reply"


def route_after_fallback(state: DialogueState) -> Literal["handoff", "compose_reply"]:
    """Too many consecutive unknowns go to a human."""
    return "handoff" if state.decision["kind"] == "handoff" else "compose_reply"


def route_after_check(
    state: DialogueState,
) -> Literal["await_confirmation", "await_human", "__end__"]:
    """Writes wait for the user's yes; handoffs wait for a human; the rest ends the turn."""
    if state.decision["kind"] in ("confirm", "park") and state.plan is not None:
        return "await_confirmation"  # a listing asked for a yes, or kept on hold
    if state.awaiting == "human":
        return "await_human"
    return "__end__"
