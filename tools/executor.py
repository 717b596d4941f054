"""The single tool-execution path: every tool call goes through :func:`execute`.

It times the call, maps every failure to the failure taxonomy
(:mod:`calibration.taxonomy`), retries
transient failures a bounded number of times, and writes an audit record.
Later layers (calibration, reflection) wrap this one function.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from calibration.taxonomy import classify, load_failures
from persistence.audit import AuditLog
from state.dialogue import ToolOutcome
from tools.registry import ToolContext, ToolRegistry


def _transient(kind: str | None) -> bool:
    """Whether the taxonomy says the same call may simply be tried again."""
    spec = load_failures().get(kind)  # type: ignore[call-overload]
    return bool(spec and spec.retry)


def summary(data: dict[str, Any]) -> dict[str, Any]:
    """A result as the audit trail keeps it: lists by their length."""
    return {k: (len(v) if isinstance(v, list) else v) for k, v in data.items()}


def execute(
    registry: ToolRegistry,
    name: str,
    args: dict[str, Any],
    ctx: ToolContext,
    audit: AuditLog | None = None,
    *,
    max_retries: int = 0,
    sleep: Callable[[float], None] = time.sleep,
    backoff_seconds: float = 0.0,
) -> ToolOutcome:
    """Run tool ``name`` with ``args`` and return its outcome (never raises for tool failures)."""
    tool = registry.get(name)
    attempt = 0
    while True:
        started = time.perf_counter()
        try:
            data = tool.run(ctx, dict(args))
            outcome = ToolOutcome(tool=name, ok=True, data=data, error=None, message=None)
        except Exception as error:  # classified and audited below, never hidden
            kind = classify(error)
            outcome = ToolOutcome(tool=name, ok=False, data={}, error=kind, message=str(error))
        latency_ms = (time.perf_counter() - started) * 1000
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
                    "attempt": attempt,
                    "access": tool.spec.access,
                },
                latency_ms,
            )
        if outcome["ok"] or attempt >= max_retries or not _transient(outcome["error"]):
            return outcome
        attempt += 1
        if backoff_seconds:
            sleep(backoff_seconds * 2 ** (attempt - 1))
