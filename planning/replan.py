"""The five replanning strategies, each a pure transformation of a plan.

Overall reflection chooses one (the seed's ``ReplanningStrategy``): replan everything,
replan from a step, skip steps, add remediation steps, adjust dependencies. Each returns
a new plan one version later and never touches a step that already succeeded (``done``):
what ran is never run again, and a strategy that would change it is refused.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from keel.planning.plan import FromStep, Plan, Step


class ReplanError(ValueError):
    """A strategy that cannot apply to this plan as asked."""


def full_replan(plan: Plan, steps: Iterable[Step], done: Collection[str] = ()) -> Plan:
    """A new plan in place of the old, keeping the steps that already succeeded."""
    kept = [s for s in plan.steps if s.id in done]
    return _next(plan, [*kept, *_fresh(steps, kept)])


def replan_from_step(
    plan: Plan, step_id: str, steps: Iterable[Step], done: Collection[str] = ()
) -> Plan:
    """Keep what comes before ``step_id``; replace the rest with ``steps``.

    The rest is ``step_id`` and every step that depends on it, directly or not.
    """
    plan.step(step_id)  # KeyError for an unknown step
    replaced = _downstream(plan, {step_id})
    if replaced & set(done):
        raise ReplanError(f"steps already done depend on {step_id}: {sorted(replaced & set(done))}")
    kept = [s for s in plan.steps if s.id not in replaced]
    return _next(plan, [*kept, *_fresh(steps, kept)])


def skip_steps(plan: Plan, step_ids: Collection[str], done: Collection[str] = ()) -> Plan:
    """Drop steps shown to be unnecessary; the steps after them no longer wait for them.

    A step that reads a skipped step's result cannot run without it: such a skip is
    refused (skip that step too, or replan it).
    """
    missing = set(step_ids) - set(plan.ids)
    if missing:
        raise ReplanError(f"no such steps: {sorted(missing)}")
    if set(step_ids) & set(done):
        raise ReplanError(
            f"steps already done cannot be skipped: {sorted(set(step_ids) & set(done))}"
        )
    kept: list[Step] = []
    for step in plan.steps:
        if step.id in step_ids:
            continue
        reads = {s.step for s in step.args.values() if isinstance(s, FromStep)}
        if reads & set(step_ids):
            raise ReplanError(f"{step.id} reads the result of a skipped step")
        deps = tuple(d for d in step.depends_on if d not in step_ids)
        kept.append(step.model_copy(update={"depends_on": deps}))
    return _next(plan, kept)


def add_remediation_steps(
    plan: Plan, steps: Iterable[Step], before: str, done: Collection[str] = ()
) -> Plan:
    """Insert ``steps`` ahead of step ``before``, which then waits for them."""
    target = plan.step(before)
    if before in done:
        raise ReplanError(f"{before} already ran")
    added = _fresh(steps, plan.steps)
    result: list[Step] = []
    for step in plan.steps:
        if step.id == before:
            result.extend(added)
            deps = tuple(dict.fromkeys([*target.depends_on, *(s.id for s in added)]))
            step = step.model_copy(update={"depends_on": deps})
        result.append(step)
    return _next(plan, result)


def adjust_dependencies(
    plan: Plan, adjustments: Mapping[str, Iterable[str]], done: Collection[str] = ()
) -> Plan:
    """Replace the dependencies of the steps named ("B depends on C, not A")."""
    for step_id in adjustments:
        plan.step(step_id)
        if step_id in done:
            raise ReplanError(f"{step_id} already ran")
    result = [
        s.model_copy(update={"depends_on": tuple(adjustments[s.id])}) if s.id in adjustments else s
        for s in plan.steps
    ]
    return _next(plan, result)


def _next(plan: Plan, steps: list[Step]) -> Plan:
    return Plan(steps=tuple(steps), version=plan.version + 1)


def _fresh(steps: Iterable[Step], existing: Iterable[Step]) -> list[Step]:
    """New steps, refused when one reuses the id of a step that stays."""
    taken = {s.id for s in existing}
    new = list(steps)
    clash = sorted(taken & {s.id for s in new})
    if clash:
        raise ReplanError(f"new steps reuse the ids of steps kept: {clash}")
    return new


def _downstream(plan: Plan, roots: set[str]) -> set[str]:
    """``roots`` and every step that depends on one of them, directly or not."""
    found = set(roots)
    changed = True
    while changed:
        changed = False
        for step in plan.steps:
            if step.id not in found and found & set(step.depends_on):
                found.add(step.id)
                changed = True
    return found
