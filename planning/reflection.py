"""Two-level reflection (seed 002): step reflection, then overall reflection.

The execution history (:class:`StepRecord`, one per run of a step) is the single source
of truth. Step reflection looks at the step that just failed and chooses one of the
seed's four step actions (:data:`StepAction`); it reads the calibration layer's final record of the
call (how many attempts calibration already made, the failure type) instead of retrying
on its own, so retries never multiply, and a failure already in the history is never
analysed again (it goes straight to overall reflection). Overall reflection looks at the
whole run and returns the seed's :class:`ReflectionResult`: it stops when the same
problem repeats, when every required step is done (what is left is optional), when the
failure is external and unrecoverable, or when the limits are reached; otherwise it
chooses one of the five replanning strategies.

Rules decide offline; a model may propose instead (structured output of the same
models), and its proposal passes the same checks (:func:`admissible_step_action`).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field

from keel.planning.plan import FromStep, Plan, _Frozen
from keel.planning.selection import ToolCard

MISSING_INPUT = "MISSING_INPUT"
"""The failure of a step whose input an earlier step did not return."""


class StepRecord(_Frozen):
    """One run of one step, as the calibration layer finished it."""

    step: str
    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    ok: bool
    error: str | None = Field(default=None, description="The failure type when not ok.")
    message: str | None = Field(default=None, description="Detail, for the audit trail.")
    attempts: int = Field(default=1, ge=0, description="Runs calibration made of this call.")
    empty: bool = Field(default=False, description="A valid result with nothing in it.")
    round: int = Field(default=1, ge=1, description="The execution round it ran in.")
    plan_version: int = Field(default=1, ge=1)
    how: Literal["planned", "adjusted", "alternative"] = "planned"
    tried: tuple[str, ...] = Field(
        default=(), description="Every tool calibration ran for this call (its alternatives too)."
    )

    def signature(self) -> tuple[str, str, str | None]:
        """What makes two failures the same: the tool, its arguments and the failure."""
        return self.tool, canonical(self.args), self.error


def canonical(args: Mapping[str, Any]) -> str:
    """Arguments in one comparable form."""
    return json.dumps(args, sort_keys=True, ensure_ascii=False, default=str)


class RetryWithAdjustedParams(_Frozen):
    """Run the step again with these arguments (never ones already tried)."""

    kind: Literal["retry_with_adjusted_params"] = "retry_with_adjusted_params"
    params: dict[str, Any]


class RetryWithAlternativeTool(_Frozen):
    """Run the step with another registered tool that answers the same need."""

    kind: Literal["retry_with_alternative_tool"] = "retry_with_alternative_tool"
    tool: str


class ReplanEntireTask(_Frozen):
    """The plan itself is wrong here (a step's input was never produced): replan."""

    kind: Literal["replan_entire_task"] = "replan_entire_task"


class TriggerOverallReflection(_Frozen):
    """Not a local problem: let overall reflection decide."""

    kind: Literal["trigger_overall_reflection"] = "trigger_overall_reflection"
    reason: str


StepAction = Annotated[
    RetryWithAdjustedParams
    | RetryWithAlternativeTool
    | ReplanEntireTask
    | TriggerOverallReflection,
    Field(discriminator="kind"),
]


class StepReflection(_Frozen):
    """The seed's three-part step reflection, and the action it leads to."""

    history_review: str = Field(description="What the history shows about this step.")
    error_analysis: str = Field(description="Why it failed.")
    proposal: str = Field(description="What to do, in words.")
    action: StepAction


@dataclass(frozen=True)
class FailureKinds:
    """What the failure taxonomy says about each failure type (calibration/failures.yaml)."""

    recoverable: frozenset[str]  # a corrected call or another tool may succeed
    retried_by_calibration: frozenset[str]  # calibration already retried these itself

    def recovers(self, error: str | None) -> bool:
        """Whether a failure of this type may be recovered from."""
        return error == MISSING_INPUT or (error is not None and error in self.recoverable)


def reflect_step(
    failed: StepRecord,
    history: Sequence[StepRecord],
    cards: Mapping[str, ToolCard],
    kinds: FailureKinds,
    bindable: Collection[str] = (),
    proposals: Sequence[Mapping[str, Any]] = (),
) -> StepReflection:
    """Choose what to do about the step that just failed.

    ``history`` holds every earlier record (``failed`` not included). ``bindable`` are
    the tools whose arguments can be bound from what the task knows (for an alternative);
    ``proposals`` are adjusted arguments a corrector offered (a model, or calibration's
    suggestion), tried in order when they differ from every argument set tried before.
    """
    same = [r for r in history if r.step == failed.step]
    review = (
        f"step {failed.step} ran {len(same) + 1} time(s) "
        f"({', '.join(sorted({r.tool for r in [*same, failed]}))}); "
        f"calibration made {failed.attempts} attempt(s) of the last run"
    )
    analysis = f"{failed.tool} failed with {failed.error}" + (
        f": {failed.message}" if failed.message else ""
    )
    if any(r.signature() == failed.signature() for r in history):
        reason = "the same call failed the same way before"
        return StepReflection(
            history_review=review,
            error_analysis=analysis + f"; {reason}",
            proposal="do not analyse it again: reflect on the whole task",
            action=TriggerOverallReflection(reason="repeated"),
        )
    if failed.error == MISSING_INPUT:
        return StepReflection(
            history_review=review,
            error_analysis=analysis,
            proposal="the plan never produces what this step reads: replan the task",
            action=ReplanEntireTask(),
        )
    if not kinds.recovers(failed.error):
        return StepReflection(
            history_review=review,
            error_analysis=analysis + "; the failure type is not recoverable",
            proposal="nothing local helps: reflect on the whole task",
            action=TriggerOverallReflection(reason="unrecoverable"),
        )
    tried = {canonical(r.args) for r in [*same, failed]}
    for params in proposals:
        if canonical(params) not in tried:
            return StepReflection(
                history_review=review,
                error_analysis=analysis,
                proposal="retry with the corrected arguments proposed",
                action=RetryWithAdjustedParams(params=dict(params)),
            )
    alternative = untried_alternative(failed.tool, cards, [*history, failed], bindable)
    if alternative is not None:
        return StepReflection(
            history_review=review,
            error_analysis=analysis,
            proposal=f"{alternative} answers the same need: use it",
            action=RetryWithAlternativeTool(tool=alternative),
        )
    return StepReflection(
        history_review=review,
        error_analysis=analysis + "; no corrected arguments and no alternative tool left",
        proposal="reflect on the whole task",
        action=TriggerOverallReflection(reason="no_local_fix"),
    )


def untried_alternative(
    tool: str,
    cards: Mapping[str, ToolCard],
    history: Sequence[StepRecord],
    bindable: Collection[str] = (),
) -> str | None:
    """A registry alternative of ``tool`` that has not failed yet and can be bound."""
    card = cards.get(tool)
    if card is None:
        return None
    failed = {t for r in history if not r.ok for t in (r.tool, *r.tried)}
    for name in card.alternatives:
        if name in cards and name not in failed and name in bindable:
            return name
    return None


def admissible_step_action(
    action: Any,
    failed: StepRecord,
    history: Sequence[StepRecord],
    cards: Mapping[str, ToolCard],
    bindable: Collection[str] = (),
) -> bool:
    """Whether a proposed step action may be taken (a model's proposal, say).

    Adjusted arguments must differ from every set tried for the step; an alternative
    must be a registry alternative of the tool that has not failed and can be bound.
    """
    if isinstance(action, RetryWithAdjustedParams):
        tried = {canonical(r.args) for r in [*history, failed] if r.step == failed.step}
        return canonical(action.params) not in tried
    if isinstance(action, RetryWithAlternativeTool):
        card = cards.get(failed.tool)
        failed_tools = {t for r in [*history, failed] if not r.ok for t in (r.tool, *r.tried)}
        return (
            card is not None
            and action.tool in card.alternatives
            and action.tool not in failed_tools
            and action.tool in bindable
        )
    return isinstance(action, ReplanEntireTask | TriggerOverallReflection)


# The five replanning strategies (the seed's ``ReplanningStrategy``).


class FullReplan(_Frozen):
    """The whole approach is wrong: plan again (keeping what already succeeded)."""

    kind: Literal["full_replan"] = "full_replan"


class ReplanFromStep(_Frozen):
    """What came before succeeded: plan again from this step on."""

    kind: Literal["replan_from_step"] = "replan_from_step"
    step_id: str
    reason: str


class SkipSteps(_Frozen):
    """These steps proved unnecessary."""

    kind: Literal["skip_steps"] = "skip_steps"
    step_ids: tuple[str, ...]
    reason: str


class AddRemediationSteps(_Frozen):
    """Steps must be added to repair the problem (each suggestion names a tool)."""

    kind: Literal["add_remediation_steps"] = "add_remediation_steps"
    suggestions: tuple[str, ...]
    before: str = Field(description="The step the remediation must run before.")


class AdjustDependencies(_Frozen):
    """A step depends on the wrong steps: "step:dependency" pairs to add."""

    kind: Literal["adjust_dependencies"] = "adjust_dependencies"
    adjustments: tuple[str, ...]


ReplanningStrategy = Annotated[
    FullReplan | ReplanFromStep | SkipSteps | AddRemediationSteps | AdjustDependencies,
    Field(discriminator="kind"),
]

StopReason = Literal[
    "repeated", "enough_done", "external", "limit", "nothing_failed", "nothing_to_change"
]


class ReflectionResult(_Frozen):
    """The seed's overall reflection: what went wrong, and whether to replan and how."""

    root_causes: tuple[str, ...] = ()
    incorrect_assumptions: tuple[str, ...] = ()
    alternative_approaches: tuple[str, ...] = ()
    optimization_suggestions: tuple[str, ...] = ()
    lessons_learned: tuple[str, ...] = ()
    should_replan: bool
    replanning_strategy: ReplanningStrategy | None = None
    stop_reason: StopReason | None = Field(
        default=None, description="Why the task stops here, when it does not replan."
    )
    completion: float = Field(ge=0.0, le=1.0, description="Share of the required steps done.")


@dataclass(frozen=True)
class Limits:
    """The backstops of the task loop (from ``Context``)."""

    max_rounds: int = 3
    max_replans: int = 2
    min_completion: float = 0.8


def done_steps(history: Sequence[StepRecord]) -> set[str]:
    """The steps whose last run succeeded."""
    last: dict[str, bool] = {}
    for record in history:
        last[record.step] = record.ok
    return {step for step, ok in last.items() if ok}


def completion(plan: Plan, history: Sequence[StepRecord]) -> float:
    """Share of the plan's required steps that succeeded (1.0 when none is required)."""
    required = [s.id for s in plan.steps if not s.optional]
    if not required:
        return 1.0
    done = done_steps(history)
    return sum(1 for s in required if s in done) / len(required)


def reflect_overall(
    plan: Plan,
    history: Sequence[StepRecord],
    rounds: int,
    replans: int,
    limits: Limits,
    cards: Mapping[str, ToolCard],
    kinds: FailureKinds,
    bindable: Collection[str] = (),
) -> ReflectionResult:
    """Whether to stop or replan, and with which strategy.

    The stop rules come first, in the seed's order: the same problem repeating; enough
    done (every required step, and at least ``min_completion`` of them); an external or
    unrecoverable failure; the limits. Then the problem is classified and a strategy
    chosen: an optional step that failed is skipped; a step reading another's result
    without depending on it gets the dependency; a missing input no step produces gets a
    remediation step; a failed step with an alternative is replanned from there;
    anything else is replanned in full.
    """
    done = completion(plan, history)
    failures = [r for r in history if not r.ok]
    if not failures:
        return ReflectionResult(should_replan=False, stop_reason="nothing_failed", completion=done)
    last = failures[-1]
    causes = (f"{last.step} ({last.tool}) failed with {last.error}",)
    signatures = [(r.step, r.tool, r.error) for r in failures]
    same_call = sum(1 for r in failures if r.signature() == last.signature())
    if signatures.count((last.step, last.tool, last.error)) > 1 or same_call > 1:
        return _stop("repeated", causes, done, "the same failure came back after a change")
    required_left = [s for s in plan.steps if not s.optional and s.id not in done_steps(history)]
    if not required_left and done >= limits.min_completion:
        return _stop("enough_done", causes, done, "every required step is done")
    alternative = untried_alternative(last.tool, cards, history, bindable)
    if not kinds.recovers(last.error) or (
        last.error in kinds.retried_by_calibration and alternative is None
    ):
        return _stop("external", causes, done, f"{last.error} is not ours to fix")
    if replans >= limits.max_replans or rounds >= limits.max_rounds:
        return _stop("limit", causes, done, "the replanning limits are reached")
    strategy = choose_strategy(plan, last, alternative, done_steps(history))
    if strategy is None:
        return _stop("nothing_to_change", causes, done, "no other tool or step would do better")
    return ReflectionResult(
        root_causes=causes,
        should_replan=True,
        replanning_strategy=strategy,
        alternative_approaches=(alternative,) if alternative else (),
        completion=done,
    )


def _stop(
    reason: StopReason, causes: tuple[str, ...], done: float, lesson: str
) -> ReflectionResult:
    return ReflectionResult(
        root_causes=causes,
        lessons_learned=(lesson,),
        should_replan=False,
        stop_reason=reason,
        completion=done,
    )


def dependents(plan: Plan, step_id: str) -> set[str]:
    """The steps that wait for ``step_id`` or read its result, directly or not."""
    found = {step_id}
    changed = True
    while changed:
        changed = False
        for step in plan.steps:
            reads = {s.step for s in step.args.values() if isinstance(s, FromStep)}
            if step.id not in found and found & (set(step.depends_on) | reads):
                found.add(step.id)
                changed = True
    return found - {step_id}


def choose_strategy(
    plan: Plan, failed: StepRecord, alternative: str | None, done: Collection[str] = ()
) -> ReplanningStrategy | None:
    """The replanning strategy for the problem the failed step shows (None: nothing helps).

    Offline, a full replan is chosen only where it changes something: a step whose input
    was never produced, with no step or tool to produce it, is planned again from its
    intent's template (a model may propose a different plan). A failed call with nothing
    to replace it would only run again as it was, which replanning never does; when
    required steps left do not need it (another order's change), it is skipped and they
    run: one order that cannot be changed does not stop the others.
    """
    step = plan.step(failed.step)
    if step.optional:
        return SkipSteps(step_ids=(step.id,), reason=f"{step.id} is optional and failed")
    if failed.error == MISSING_INPUT:
        undeclared = [
            f"{step.id}:{s.step}"
            for s in step.args.values()
            if isinstance(s, FromStep) and s.step not in step.depends_on and s.step in plan.ids
        ]
        if undeclared:
            return AdjustDependencies(adjustments=tuple(undeclared))
        if alternative is not None:
            return AddRemediationSteps(suggestions=(alternative,), before=step.id)
    if alternative is not None:
        return ReplanFromStep(step_id=step.id, reason=f"{failed.tool} failed; use {alternative}")
    if failed.error == MISSING_INPUT:
        return FullReplan()
    needing = dependents(plan, step.id)
    free = [s.id for s in plan.steps if not s.optional and s.id not in {*done, *needing, step.id}]
    if free and not needing:
        reason = f"{failed.tool} failed; {', '.join(free)} do not need it"
        return SkipSteps(step_ids=(step.id,), reason=reason)
    return None
