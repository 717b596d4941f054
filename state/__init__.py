"""Typed state of the dialogue graph and its runtime context."""

from state.context import Context
from state.dialogue import (
    ActionPlan,
    DialogueState,
    Flow,
    HandoffPackage,
    InputState,
    OutputState,
    ToolOutcome,
    Understanding,
)

__all__ = [
    "ActionPlan",
    "Context",
    "DialogueState",
    "Flow",
    "HandoffPackage",
    "InputState",
    "OutputState",
    "ToolOutcome",
    "Understanding",
]
