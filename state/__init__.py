"""Typed state of the dialogue graph and its runtime context."""

from keel.state.context import Context
from keel.state.dialogue import (
    ActionPlan,
    DialogueState,
    HandoffPackage,
    InputState,
    OutputState,
    ToolOutcome,
    Understanding,
)
from keel.state.stack import StackCommand, TaskFrame, TaskStack

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
