"""Shapes both the dialogue graph and the task subgraph keep in state (JSON-able TypedDicts)."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

Language = Literal["en", "zh"]


class ToolOutcome(TypedDict):
    """Result of one tool execution through the single execution path."""

    tool: str
    ok: bool
    data: dict[str, Any]  # structured result (rows, passages, updated order …)
    error: str | None  # error category when not ok
    message: str | None  # error detail (for the audit trail, never shown raw)


class ListedWrite(TypedDict):
    """A write listed to the customer for a yes: exactly this tool with these arguments."""

    tool: str
    args: dict[str, Any]
