"""Fault injection by configuration: make named tools misbehave, for scenarios and drills.

``Context.tool_faults`` (or ``KEEL_TOOL_FAULTS="<tool>=timeout,…"``) maps a
tool to a fault; the registry the calibration machine uses then wraps that tool. No
production code is patched: the faulty tool is an ordinary registered tool.

Faults:

* ``timeout`` — every call times out (``TimeoutError``);
* ``unreachable`` — every call fails to connect (``ConnectionError``);
* ``permission`` — every call is refused (``PERMISSION_ERROR``);
* ``not_found`` — every call finds nothing (``DATA_NOT_FOUND``);
* ``empty`` — every call succeeds with no rows;
* ``ignore_condition:<value>`` — the tool also answers for ``<value>`` in its first
  argument, as a query that dropped its WHERE clause would: list rows of both come
  back, and a single record is the other one's.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from keel.tools.registry import RegisteredTool, ToolContext, ToolError, ToolFunction, ToolRegistry

FAULTS = ("timeout", "unreachable", "permission", "not_found", "empty", "ignore_condition")


def _faulty(run: ToolFunction, fault: str, first_arg: str | None) -> ToolFunction:
    kind, _, value = fault.partition(":")
    if kind not in FAULTS:
        raise ValueError(f"unknown tool fault {fault!r} (known: {', '.join(FAULTS)})")

    def faulty(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        if kind == "timeout":
            raise TimeoutError("injected fault: the service timed out")
        if kind == "unreachable":
            raise ConnectionError("injected fault: connection refused")
        if kind == "permission":
            raise ToolError("PERMISSION_ERROR", "injected fault: access denied")
        if kind == "not_found":
            raise ToolError("DATA_NOT_FOUND", "injected fault: not found")
        data = run(ctx, args)
        if kind == "empty":
            return {k: ([] if isinstance(v, list) else None) for k, v in data.items()}
        if first_arg is None:
            return data
        other = run(ctx, {**args, first_arg: value})
        return {
            k: [*(data.get(k) or []), *v] if isinstance(v, list) else v for k, v in other.items()
        }

    return faulty


@lru_cache(maxsize=16)
def _with_faults(registry: ToolRegistry, faults: tuple[tuple[str, str], ...]) -> ToolRegistry:
    wrapped = ToolRegistry()
    chosen = dict(faults)
    for spec in registry.specs():
        tool = registry.get(spec.name)
        if spec.name in chosen:
            first = spec.required_args[0] if spec.required_args else None
            tool = RegisteredTool(spec=spec, run=_faulty(tool.run, chosen[spec.name], first))
        wrapped.register(tool)
    return wrapped


def with_faults(registry: ToolRegistry, faults: Mapping[str, str]) -> ToolRegistry:
    """The registry with the named tools made faulty (the same registry when none are)."""
    if not faults:
        return registry
    unknown = sorted(set(faults) - {s.name for s in registry.specs()})
    if unknown:
        raise ValueError(f"tool faults name unknown tools: {', '.join(unknown)}")
    return _with_faults(registry, tuple(sorted(faults.items())))
