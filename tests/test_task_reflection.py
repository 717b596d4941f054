"""Issue 8, part 4: two-mode tool selection, step reflection's four actions, overall
reflection's stop rules and its choice among the five replanning strategies (pure)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from keel.planning.plan import FromSlot, FromStep, Plan, Step
from keel.planning.reflection import (
    MISSING_INPUT,
    AddRemediationSteps,
    AdjustDependencies,
    FailureKinds,
    FullReplan,
    Limits,
    ReplanEntireTask,
    ReplanFromStep,
    RetryWithAdjustedParams,
    RetryWithAlternativeTool,
    SkipSteps,
    StepRecord,
    TriggerOverallReflection,
    admissible_step_action,
    completion,
    reflect_overall,
    reflect_step,
)
from keel.planning.selection import (
    PreviousToolInfo,
    ToolSelection,
    previous_tools,
    select_corrective,
    select_predictive,
)


@dataclass(frozen=True)
class Card:
    name: str
    description: str = ""
    alternatives: list[str] = field(default_factory=list)


CARDS = {
    "order_details": Card("order_details", "one order with items and tracking", ["user_orders"]),
    "user_orders": Card("user_orders", "the user's orders with status", ["order_details"]),
    "profile": Card("profile", "the user's addresses and payment methods"),
    "cancel": Card("cancel", "cancel a pending order"),
    "kb": Card("kb", "search the store's policies"),
}
KINDS = FailureKinds(
    recoverable=frozenset({"SERVICE_UNAVAILABLE", "DATA_NOT_FOUND", "PARAMETER_ERROR"}),
    retried_by_calibration=frozenset({"SERVICE_UNAVAILABLE"}),
)


def rec(step: str, tool: str, ok: bool, error: str | None = None, **kw: object) -> StepRecord:
    return StepRecord(step=step, tool=tool, ok=ok, error=error, **kw)  # type: ignore[arg-type]


# --- predictive selection -------------------------------------------------------------


def test_predictive_takes_the_category_first_and_nothing_else_without_similarity() -> None:
    chosen = select_predictive("order_status", "where is my order", ["order_details"], CARDS)
    assert chosen.selected_tool_ids == ("order_details",)
    assert chosen.task_type == "order_status" and chosen.selection_confidence == 90
    assert chosen.changes_from_previous is None


def test_predictive_adds_tools_above_the_threshold_by_similarity() -> None:
    scores = {"user_orders": 0.9, "profile": 0.5, "cancel": 0.76, "kb": 0.74}

    def similarity(text: str, others: object) -> list[float]:
        return [scores[n] for n in CARDS if n != "order_details"]

    chosen = select_predictive(
        "order_status", "orders", ["order_details"], CARDS, similarity, threshold=0.75
    )
    assert chosen.selected_tool_ids == ("order_details", "user_orders", "cancel")
    assert "2 semantically close" in chosen.brief_reasoning


def test_predictive_without_category_relies_on_similarity_alone() -> None:
    def similarity(text: str, others: object) -> list[float]:
        return [0.8 if n == "kb" else 0.1 for n in CARDS]

    chosen = select_predictive("unknown", "refund policy?", [], CARDS, similarity, 0.75)
    assert chosen.selected_tool_ids == ("kb",) and chosen.selection_confidence == 80
    empty = select_predictive("unknown", "refund policy?", ["no_such_tool"], CARDS)
    assert empty.selected_tool_ids == () and empty.selection_confidence == 0


# --- corrective selection -------------------------------------------------------------


def test_corrective_keeps_replaces_adds_and_removes_with_reasons() -> None:
    previous = ToolSelection(
        selected_tool_ids=("order_details", "profile", "cancel"),
        task_type="order_status",
        selection_confidence=90,
        brief_reasoning="",
    )
    fared = previous_tools(
        previous,
        [("order_details", False, "SERVICE_UNAVAILABLE"), ("cancel", True, None)],
    )
    assert [f.execution_status for f in fared] == ["Failed", "NotUsed", "Success"]
    chosen = select_corrective(
        previous, fared, CARDS, {"user_orders": 0.95}, needed=(), suggested=["kb"]
    )
    changes = chosen.changes_from_previous
    assert changes is not None
    assert changes.kept_tools == ("cancel",)
    assert [(r.old, r.new, r.reason) for r in changes.replaced_tools] == [
        ("order_details", "user_orders", "SERVICE_UNAVAILABLE")
    ]
    assert [(a.tool_id, a.reason) for a in changes.added_tools] == [
        ("kb", "reflection suggested it")
    ]
    assert changes.removed_tools == ("profile",)  # selected, never used, not needed
    assert chosen.selected_tool_ids == ("cancel", "user_orders", "kb")


def test_corrective_never_picks_a_tool_that_failed_and_removes_one_without_alternative() -> None:
    previous = ToolSelection(
        selected_tool_ids=("order_details", "user_orders", "cancel"),
        task_type="t",
        selection_confidence=90,
        brief_reasoning="",
    )
    fared = [
        PreviousToolInfo(tool_id="order_details", execution_status="Failed"),
        PreviousToolInfo(tool_id="user_orders", execution_status="Failed"),
        PreviousToolInfo(tool_id="cancel", execution_status="Failed", failure_reason="x"),
    ]
    chosen = select_corrective(previous, fared, CARDS)
    changes = chosen.changes_from_previous
    assert changes is not None and changes.replaced_tools == ()
    assert set(changes.removed_tools) == {"order_details", "user_orders", "cancel"}
    assert chosen.selected_tool_ids == ()


def test_corrective_prefers_the_more_reliable_alternative() -> None:
    cards = {**CARDS, "a": Card("a", alternatives=["b", "c"]), "b": Card("b"), "c": Card("c")}
    previous = ToolSelection(
        selected_tool_ids=("a",), task_type="t", selection_confidence=50, brief_reasoning=""
    )
    fared = [PreviousToolInfo(tool_id="a", execution_status="Failed")]
    chosen = select_corrective(previous, fared, cards, {"b": 0.4, "c": 0.9})
    assert chosen.selected_tool_ids == ("c",)


# --- step reflection ------------------------------------------------------------------

ALL = set(CARDS)


def test_step_reflection_has_three_parts_and_uses_an_untried_alternative() -> None:
    failed = rec("read", "order_details", False, "SERVICE_UNAVAILABLE", attempts=3)
    reflection = reflect_step(failed, [], CARDS, KINDS, bindable=ALL)
    assert reflection.action == RetryWithAlternativeTool(tool="user_orders")
    assert "3 attempt(s)" in reflection.history_review
    assert "SERVICE_UNAVAILABLE" in reflection.error_analysis and reflection.proposal


def test_step_reflection_never_takes_an_alternative_calibration_already_tried() -> None:
    failed = rec(
        "read",
        "order_details",
        False,
        "SERVICE_UNAVAILABLE",
        tried=("order_details", "user_orders"),
    )
    action = reflect_step(failed, [], CARDS, KINDS, bindable=ALL).action
    assert isinstance(action, TriggerOverallReflection) and action.reason == "no_local_fix"


def test_step_reflection_needs_the_alternative_bindable() -> None:
    failed = rec("read", "order_details", False, "SERVICE_UNAVAILABLE")
    action = reflect_step(failed, [], CARDS, KINDS, bindable={"order_details"}).action
    assert isinstance(action, TriggerOverallReflection)


def test_step_reflection_retries_with_adjusted_params_only_when_they_are_new() -> None:
    failed = rec("read", "order_details", False, "DATA_NOT_FOUND", args={"order_id": "#W1"})
    proposals = [{"order_id": "#W1"}, {"order_id": "#W2"}]
    action = reflect_step(failed, [], CARDS, KINDS, proposals=proposals).action
    assert action == RetryWithAdjustedParams(params={"order_id": "#W2"})
    earlier = rec("read", "order_details", False, "DATA_NOT_FOUND", args={"order_id": "#W2"})
    again = reflect_step(failed, [earlier], CARDS, KINDS, proposals=proposals).action
    assert not isinstance(again, RetryWithAdjustedParams)


def test_step_reflection_replans_when_an_input_was_never_produced() -> None:
    failed = rec("cancel", "cancel", False, MISSING_INPUT, attempts=0)
    assert reflect_step(failed, [], CARDS, KINDS).action == ReplanEntireTask()


def test_step_reflection_escalates_an_unrecoverable_failure_and_a_repeat() -> None:
    denied = rec("read", "order_details", False, "PERMISSION_ERROR")
    action = reflect_step(denied, [], CARDS, KINDS, bindable=ALL).action
    assert action == TriggerOverallReflection(reason="unrecoverable")
    timeout = rec("read", "order_details", False, "SERVICE_UNAVAILABLE")
    repeat = reflect_step(timeout, [timeout], CARDS, KINDS, bindable=ALL)
    assert repeat.action == TriggerOverallReflection(reason="repeated")


def test_a_proposed_step_action_passes_the_same_checks() -> None:
    failed = rec("read", "order_details", False, "SERVICE_UNAVAILABLE", args={"order_id": "#W1"})
    ok = RetryWithAlternativeTool(tool="user_orders")
    assert admissible_step_action(ok, failed, [], CARDS, bindable=ALL)
    assert not admissible_step_action(RetryWithAlternativeTool(tool="kb"), failed, [], CARDS, ALL)
    same = RetryWithAdjustedParams(params={"order_id": "#W1"})
    assert not admissible_step_action(same, failed, [], CARDS, ALL)


# --- overall reflection ---------------------------------------------------------------

READ = Step(id="read", tool="order_details", args={"order_id": FromSlot(slot="order_id")})
PROFILE = Step(id="profile", tool="profile", args={}, optional=True)
CANCEL = Step(
    id="cancel",
    tool="cancel",
    args={"order_id": FromStep(step="read", path="order.order_id")},
    depends_on=("read",),
)
PLAN = Plan(steps=(READ, PROFILE, CANCEL))
LIMITS = Limits(max_rounds=3, max_replans=2, min_completion=0.8)


def overall(history: list[StepRecord], rounds: int = 1, replans: int = 0, plan: Plan = PLAN):  # type: ignore[no-untyped-def]
    return reflect_overall(plan, history, rounds, replans, LIMITS, CARDS, KINDS, ALL)


def test_overall_stops_when_the_same_problem_repeats() -> None:
    failure = rec("read", "order_details", False, "DATA_NOT_FOUND")
    result = overall([failure, failure.model_copy(update={"round": 2})])
    assert not result.should_replan and result.stop_reason == "repeated"


def test_overall_stops_when_every_required_step_is_done() -> None:
    history = [
        rec("read", "order_details", True),
        rec("profile", "profile", False, "SERVICE_UNAVAILABLE"),
        rec("cancel", "cancel", True),
    ]
    result = overall(history)
    assert result.stop_reason == "enough_done" and result.completion == 1.0
    assert completion(PLAN, history[:1]) == 0.5


def test_overall_stops_on_an_external_failure() -> None:
    result = overall([rec("read", "order_details", False, "PERMISSION_ERROR")])
    assert result.stop_reason == "external" and not result.should_replan
    timeout = rec("cancel", "cancel", False, "SERVICE_UNAVAILABLE")
    assert overall([rec("read", "order_details", True), timeout]).stop_reason == "external"


def test_overall_stops_at_the_limits() -> None:
    failure = rec("read", "order_details", False, "SERVICE_UNAVAILABLE")
    assert overall([failure], rounds=3).stop_reason == "limit"
    assert overall([failure], replans=2).stop_reason == "limit"


@pytest.mark.parametrize(
    ("history", "plan", "strategy"),
    [
        (  # the failed step has an alternative: replan from it
            [rec("read", "order_details", False, "SERVICE_UNAVAILABLE")],
            PLAN,
            ReplanFromStep(step_id="read", reason="order_details failed; use user_orders"),
        ),
        (  # an optional step failed while a required one is left: skip it
            [rec("profile", "profile", False, "DATA_NOT_FOUND")],
            PLAN,
            SkipSteps(step_ids=("profile",), reason="profile is optional and failed"),
        ),
        (  # a step reads a result it does not wait for: add the dependency
            [rec("cancel", "cancel", False, MISSING_INPUT)],
            Plan(steps=(READ, CANCEL.model_copy(update={"depends_on": ()}))),
            AdjustDependencies(adjustments=("cancel:read",)),
        ),
        (  # nothing produces the input, but a bindable tool can: add a remediation step
            [rec("lookup", "order_details", False, MISSING_INPUT)],
            Plan(steps=(Step(id="lookup", tool="order_details", args={}),)),
            AddRemediationSteps(suggestions=("user_orders",), before="lookup"),
        ),
        (  # nothing produces the input and no tool can: plan it again in full
            [rec("cancel", "cancel", False, MISSING_INPUT)],
            Plan(steps=(CANCEL.model_copy(update={"depends_on": (), "args": {}}),)),
            FullReplan(),
        ),
    ],
)
def test_overall_chooses_the_strategy_for_the_problem(
    history: list[StepRecord], plan: Plan, strategy: object
) -> None:
    result = overall(history, plan=plan)
    assert result.should_replan and result.replanning_strategy == strategy


def test_overall_stops_when_nothing_would_change() -> None:
    failed = rec("cancel", "cancel", False, "DATA_NOT_FOUND")
    result = overall([rec("read", "order_details", True), failed])
    assert not result.should_replan and result.stop_reason == "nothing_to_change"
