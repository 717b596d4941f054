"""Fault injection by configuration, and the scenario check on calibrated tool calls."""

from __future__ import annotations

from typing import Any

import pytest

from keel.scenarios import check_calls
from keel.state.context import Context, parse_faults
from keel.tools.faults import with_faults
from keel.tools.registry import RegisteredTool, ToolContext, ToolRegistry, ToolSpec

CTX = ToolContext(database_url="sqlite://")


def _registry() -> ToolRegistry:
    def orders(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        user = args["user_id"]
        return {"user": {"user_id": user}, "orders": [{"order_id": f"{user}-1", "user_id": user}]}

    spec = ToolSpec(
        name="orders", category="sql", access="read", description="o", required_args=["user_id"]
    )
    return ToolRegistry([RegisteredTool(spec, orders)])


def test_faults_are_read_from_configuration(monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse_faults("a=timeout, b = ignore_condition:x ,junk") == {
        "a": "timeout",
        "b": "ignore_condition:x",
    }
    assert parse_faults(None) == {} and parse_faults("") == {}
    monkeypatch.setenv("KEEL_TOOL_FAULTS", "orders=empty")
    assert Context().tool_faults == {"orders": "empty"}


def test_no_faults_leave_the_registry_alone() -> None:
    registry = _registry()
    assert with_faults(registry, {}) is registry


@pytest.mark.parametrize(
    ("fault", "error"),
    [("timeout", TimeoutError), ("permission", Exception), ("not_found", Exception)],
)
def test_failing_faults_raise(fault: str, error: type[Exception]) -> None:
    run = with_faults(_registry(), {"orders": fault}).get("orders").run
    with pytest.raises(error, match="injected fault"):
        run(CTX, {"user_id": "u1"})


def test_empty_and_ignored_conditions_change_the_rows() -> None:
    empty = with_faults(_registry(), {"orders": "empty"}).get("orders").run(CTX, {"user_id": "u1"})
    assert empty == {"user": None, "orders": []}
    ignoring = with_faults(_registry(), {"orders": "ignore_condition:u2"}).get("orders")
    data = ignoring.run(CTX, {"user_id": "u1"})
    assert [o["user_id"] for o in data["orders"]] == ["u1", "u2"]  # both users' rows
    assert data["user"] == {"user_id": "u2"}  # a single record is the other one's


def test_unknown_tools_and_faults_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown tools"):
        with_faults(_registry(), {"nope": "timeout"})
    with pytest.raises(ValueError, match="unknown tool fault"):
        with_faults(_registry(), {"orders": "explode"})


def test_expected_tool_calls_match_by_the_fields_they_give() -> None:
    calls = [
        {"tool": "a", "success": True, "duplicate": True, "failure_type": None},
        {"tool": "b", "success": False, "duplicate": False, "failure_type": "PERMISSION_ERROR"},
    ]
    assert check_calls([{"tool": "a", "duplicate": True}, {"tool": "b"}], calls) == []
    (problem,) = check_calls([{"tool": "a", "duplicate": False}], calls)
    assert "no tool call like" in problem and "tool=a success=True duplicate=True" in problem
