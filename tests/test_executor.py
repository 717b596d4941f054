"""The single execution path: failures classified, transient ones retried, others not."""

from __future__ import annotations

from typing import Any

from tools.executor import execute
from tools.registry import RegisteredTool, ToolContext, ToolError, ToolRegistry, ToolSpec


def _flaky(failures: list[Exception]) -> tuple[ToolRegistry, list[int]]:
    calls: list[int] = []

    def run(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        calls.append(1)
        if failures:
            raise failures.pop(0)
        return {"status": "pending"}

    spec = ToolSpec(name="get_order", category="sql", access="read", description="order")
    return ToolRegistry([RegisteredTool(spec, run)]), calls


def test_transient_failures_are_retried_as_the_taxonomy_says() -> None:
    for error in (TimeoutError("read timed out"), ToolError("RESOURCE_CONFLICT", "locked")):
        registry, calls = _flaky([error])
        outcome = execute(registry, "get_order", {}, ToolContext("sqlite://"), max_retries=2)
        assert outcome["ok"] and len(calls) == 2


def test_final_failures_are_not_retried_and_keep_their_type() -> None:
    registry, calls = _flaky([ToolError("BUSINESS_ERROR", "order is not pending")] * 3)
    outcome = execute(registry, "get_order", {}, ToolContext("sqlite://"), max_retries=2)
    assert not outcome["ok"] and outcome["error"] == "BUSINESS_ERROR" and len(calls) == 1
    registry, calls = _flaky([TimeoutError("t")] * 5)
    outcome = execute(registry, "get_order", {}, ToolContext("sqlite://"), max_retries=2)
    assert outcome["error"] == "SERVICE_UNAVAILABLE" and len(calls) == 3  # bounded
