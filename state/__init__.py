"""Typed state of the dialogue graph and its runtime context."""

from state.context import Context
from state.dialogue import (
    ActionPlan,
    DialogueState,
    HandoffPackage,
    InputState,
    OutputState,
    ToolOutcome,
    Understanding,
)
from state.stack import StackCommand, TaskFrame, TaskStack

__all__ = [
    "ActionPlan",
    "Context",
    "DialogueState",
    "HandoffPackage",
    "InputState",
    "OutputState",
    "StackCommand",
    "TaskFrame",
    "TaskStack",
    "ToolOutcome",
    "Understanding",
]
