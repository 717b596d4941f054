"""Offline planning: plan templates per intent (domain configuration) and their binding.

A template step binds each argument with a short notation: ``"$slot"`` reads the task's
slot, ``"@step.path"`` reads what an earlier step returned, anything else is the value.
An intent without a template gets the default plan: its own tool, each argument the
tool's contract accepts bound to the slot of the same name when the task has it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from keel.planning.plan import FromSlot, FromStep, Plan, Source, Step, Value


def binding(raw: Any) -> Source:
    """The source a template's argument notation names."""
    if isinstance(raw, str) and raw.startswith("$") and len(raw) > 1:
        return FromSlot(slot=raw[1:])
    if isinstance(raw, str) and raw.startswith("@") and len(raw) > 1:
        step, _, path = raw[1:].partition(".")
        return FromStep(step=step, path=path)
    return Value(value=raw)


def template_plan(template: Sequence[Mapping[str, Any]]) -> Plan:
    """A plan from a template's steps (the notation above)."""
    steps = [
        Step(
            id=str(raw["id"]),
            tool=str(raw["tool"]),
            args={name: binding(value) for name, value in (raw.get("args") or {}).items()},
            depends_on=tuple(raw.get("depends_on") or ()),
            optional=bool(raw.get("optional", False)),
        )
        for raw in template
    ]
    return Plan(steps=tuple(steps))


def default_plan(tool: str, accepted: Iterable[str], slots: Mapping[str, Any]) -> Plan:
    """One step of ``tool``, each accepted argument read from the slot of its name."""
    args: dict[str, Source] = {
        name: FromSlot(slot=name) for name in accepted if slots.get(name) not in (None, "")
    }
    return Plan(steps=(Step(id="main", tool=tool, args=args),))


def literal_step_id(index: int) -> str:
    """The id of the ``index``-th step (from 0) of a literal plan: main, main_2, main_3."""
    return "main" if index == 0 else f"main_{index + 1}"


def literal_plan(calls: Sequence[tuple[str, Mapping[str, Any]]]) -> Plan:
    """A plan of calls whose arguments are known already (the writes a yes covered)."""
    steps = [
        Step(
            id=literal_step_id(index),
            tool=tool,
            args={name: Value(value=value) for name, value in args.items()},
        )
        for index, (tool, args) in enumerate(calls)
    ]
    return Plan(steps=tuple(steps))


def rebind_for(
    tool: str, accepted: Iterable[str], required: Iterable[str], known: Mapping[str, Any]
) -> dict[str, Source] | None:
    """Bindings of ``tool``'s arguments from known values, or None if one it needs is unknown.

    Used when a step changes tool (an alternative, a remediation): what the task knows
    (its slots, the failed step's arguments) is all the new step may use.
    """
    if any(known.get(name) in (None, "") for name in required):
        return None
    return {
        name: Value(value=known[name]) for name in accepted if known.get(name) not in (None, "")
    }
