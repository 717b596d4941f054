"""The single execution path: one run of a tool, timed, classified and audited."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from keel.calibration.executor import execute
from keel.persistence.audit import AuditLog
from keel.persistence.db import sqlite_url
from keel.tools.registry import RegisteredTool, ToolContext, ToolError, ToolRegistry, ToolSpec


def _registry(run: Any) -> ToolRegistry:
    spec = ToolSpec(name="get_order", category="sql", access="read", description="order")
    return ToolRegistry([RegisteredTool(spec, run)])


def test_a_failure_is_classified_audited_and_run_once(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "audit.db")
    calls: list[int] = []

    def conflict(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        calls.append(1)
        raise ToolError("RESOURCE_CONFLICT", "locked")

    ctx = ToolContext(database_url=url, session_id="x1")
    outcome = execute(_registry(conflict), "get_order", {"order_id": "#W1"}, ctx, AuditLog(url))
    assert not outcome["ok"] and outcome["error"] == "RESOURCE_CONFLICT" and calls == [1]
    (event,) = AuditLog(url).events("x1", "tool")
    assert event["payload"]["error"] == "RESOURCE_CONFLICT" and event["latency_ms"] is not None


def test_a_result_is_audited_by_its_sizes(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "audit.db")
    registry = _registry(lambda ctx, a: {"rows": [1, 2, 3], "status": "ok"})
    ctx = ToolContext(database_url=url, session_id="x2")
    assert execute(registry, "get_order", {}, ctx, AuditLog(url))["data"]["rows"] == [1, 2, 3]
    (event,) = AuditLog(url).events("x2", "tool")
    assert event["payload"]["result"] == {"rows": 3, "status": "ok"}
