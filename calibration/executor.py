"""The single tool-execution path: every tool call goes through :func:`execute`.

It checks the arguments against the tool's typed contract, times one run of the tool,
maps every failure to the failure taxonomy
(:mod:`calibration.taxonomy`) and writes an audit record. The calibration machine
wraps it (cache, validation, retries, corrections); later layers build on that.
"""

from __future__ import annotations

import time
from typing import Any

from keel.calibration.taxonomy import classify
from keel.persistence.audit import AuditLog
from keel.safety.secrets import reveal_args
from keel.state.dialogue import ToolOutcome
from keel.tools.registry import RegisteredTool, ToolContext, ToolRegistry


def summary(data: dict[str, Any]) -> dict[str, Any]:
    """A result as the audit trail keeps it: lists by their length."""
    return {k: (len(v) if isinstance(v, list) else v) for k, v in data.items()}


def _run(tool: RegisteredTool, name: str, args: dict[str, Any], ctx: ToolContext) -> ToolOutcome:
    try:
        # the contract first: no tool runs on arguments it refuses (PARAMETER_ERROR); a
        # secret the customer typed is revealed here, to this call only (never audited)
        data = tool.run(ctx, tool.spec.validate_args(reveal_args(args)))
        return ToolOutcome(tool=name, ok=True, data=data, error=None, message=None)
    except Exception as error:  # classified and audited by the caller, never hidden
        return ToolOutcome(tool=name, ok=False, data={}, error=classify(error), message=str(error))


def execute(
    registry: ToolRegistry,
    name: str,
    args: dict[str, Any],
    ctx: ToolContext,
    audit: AuditLog | None = None,
) -> ToolOutcome:
    """Run tool ``name`` once and return its outcome (never raises for tool failures).

    Retries, corrections and the cache are the calibration machine's
    (:mod:`calibration.machine`), which calls this for every run of a tool. An operator's
    tool (``operator_only``) runs only for a tool context marked ``operator``: whatever path
    a call took, a customer's run is refused here.
    """
    tool = registry.get(name)
    started = time.perf_counter()
    if tool.spec.operator_only and not ctx.operator:  # the one door to an operator's tool
        outcome = ToolOutcome(
            tool=name,
            ok=False,
            data={},
            error="PERMISSION_ERROR",
            message=f"{name} is an operator's tool: this run is not an operator's",
        )
    else:
        outcome = _run(tool, name, args, ctx)
    if audit is not None:
        audit.record(
            ctx.session_id,
            "tool",
            name,
            {
                "args": args,
                "ok": outcome["ok"],
                "error": outcome["error"],
                "message": outcome["message"],
                "result": summary(outcome["data"]),
                "access": tool.spec.access,
            },
            (time.perf_counter() - started) * 1000,
        )
    return outcome
