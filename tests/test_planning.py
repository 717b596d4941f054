"""Task plans (issue 8, part 4): validation before anything runs, binding of arguments,
execution order, and the five replanning strategies as pure plan transformations."""

from __future__ import annotations

import pytest

from keel.nodes.common import tool_registry
from keel.planning.plan import (
    FromSlot,
    FromStep,
    Plan,
    Step,
    UnboundError,
    Value,
    bind_args,
    execution_order,
    validate_plan,
)
from keel.planning.replan import (
    ReplanError,
    add_remediation_steps,
    adjust_dependencies,
    full_replan,
    replan_from_step,
    skip_steps,
)

TOOLS = {spec.name: spec for spec in tool_registry("retail").specs()}
SLOTS = {"order_id": "#W2387014", "user_id": "harper_ahmed_1689", "reason": "no longer needed"}

READ = Step(id="read", tool="get_order_details", args={"order_id": FromSlot(slot="order_id")})
CANCEL = Step(
    id="cancel",
    tool="cancel_pending_order",
    args={
        "order_id": FromStep(step="read", path="order.order_id"),
        "reason": FromSlot(slot="reason"),
    },
    depends_on=("read",),
)
TRACK = Step(
    id="track", tool="get_order_details", args={"order_id": Value(value="#W4110297")}, optional=True
)
PLAN = Plan(steps=(READ, CANCEL, TRACK))


def kinds(plan: Plan, confirmed: tuple[str, ...] = ("cancel",)) -> list[str]:
    return [p.kind for p in validate_plan(plan, TOOLS, SLOTS, confirmed)]


def test_a_sound_plan_with_its_write_confirmed_may_run() -> None:
    assert kinds(PLAN) == []


def test_a_write_not_confirmed_is_listed_never_run() -> None:
    assert kinds(PLAN, confirmed=()) == ["needs_confirmation"]


@pytest.mark.parametrize(
    ("plan", "kind"),
    [
        (Plan(steps=(READ, READ)), "duplicate_step"),
        (Plan(steps=(Step(id="x", tool="drop_tables"),)), "unknown_tool"),
        (Plan(steps=(Step(id="x", tool="get_order_details"),)), "unbound_argument"),
        (
            Plan(steps=(READ.model_copy(update={"args": {**READ.args, "limit": Value(value=5)}}),)),
            "unknown_argument",
        ),
        (
            Plan(
                steps=(
                    Step(id="x", tool="get_order_details", args={"order_id": FromSlot(slot="zip")}),
                )
            ),
            "empty_slot",
        ),
        (Plan(steps=(READ, CANCEL.model_copy(update={"depends_on": ()}))), "undeclared_step_input"),
        (Plan(steps=(CANCEL,)), "unknown_dependency"),
        (
            Plan(
                steps=(
                    READ.model_copy(update={"depends_on": ("cancel",)}),
                    CANCEL,
                )
            ),
            "cycle",
        ),
    ],
)
def test_a_plan_that_may_not_run_says_why(plan: Plan, kind: str) -> None:
    assert kind in kinds(plan), kinds(plan)


def test_steps_run_after_their_dependencies_in_the_plans_order() -> None:
    plan = Plan(steps=(CANCEL, TRACK, READ))
    assert execution_order(plan) == ["track", "read", "cancel"]


def test_arguments_are_bound_from_values_slots_and_earlier_results() -> None:
    results = {"read": {"order": {"order_id": "#W2387014", "status": "pending"}}}
    assert bind_args(CANCEL, SLOTS, results) == {
        "order_id": "#W2387014",
        "reason": "no longer needed",
    }
    assert bind_args(TRACK, {}, {}) == {"order_id": "#W4110297"}
    with pytest.raises(UnboundError):
        bind_args(CANCEL, SLOTS, {"read": {"order": {}}})
    with pytest.raises(UnboundError):
        bind_args(CANCEL, {}, results)


# -------------------------------------------------------------------- the five strategies
NEW_READ = Step(id="read2", tool="get_order_owner", args={"order_id": FromSlot(slot="order_id")})


def test_full_replan_keeps_only_what_succeeded() -> None:
    plan = full_replan(PLAN, [NEW_READ], done={"track"})
    assert plan.ids == ["track", "read2"] and plan.version == 2
    with pytest.raises(ReplanError):
        full_replan(PLAN, [TRACK], done={"track"})  # a new step may not take a kept one's id


def test_replan_from_a_step_replaces_it_and_what_depends_on_it() -> None:
    again = Step(
        id="cancel2",
        tool="cancel_pending_order",
        args={"order_id": FromSlot(slot="order_id"), "reason": FromSlot(slot="reason")},
        depends_on=("read2",),
    )
    plan = replan_from_step(PLAN, "read", [NEW_READ, again], done={"track"})
    assert plan.ids == ["track", "read2", "cancel2"] and plan.version == 2
    assert kinds(plan, confirmed=("cancel2",)) == []
    with pytest.raises(ReplanError):
        replan_from_step(PLAN, "read", [NEW_READ], done={"cancel"})  # cancel ran: never redone


def test_skipping_a_step_frees_what_waited_for_it() -> None:
    waits = TRACK.model_copy(update={"depends_on": ("read",)})
    plan = skip_steps(Plan(steps=(READ, waits)), {"read"})
    assert plan.ids == ["track"] and plan.step("track").depends_on == ()
    with pytest.raises(ReplanError):
        skip_steps(PLAN, {"read"})  # cancel reads its result
    with pytest.raises(ReplanError):
        skip_steps(PLAN, {"track"}, done={"track"})


def test_remediation_steps_run_before_the_step_they_repair() -> None:
    fix = Step(id="who", tool="get_user_details", args={"user_id": FromSlot(slot="user_id")})
    plan = add_remediation_steps(PLAN, [fix], before="cancel")
    assert plan.ids == ["read", "who", "cancel", "track"]
    assert plan.step("cancel").depends_on == ("read", "who")
    assert execution_order(plan).index("who") < execution_order(plan).index("cancel")
    with pytest.raises(ReplanError):
        add_remediation_steps(PLAN, [fix], before="cancel", done={"cancel"})


def test_dependencies_are_adjusted_as_asked() -> None:
    plan = adjust_dependencies(PLAN, {"track": ("cancel",)})
    assert plan.step("track").depends_on == ("cancel",)
    assert execution_order(plan) == ["read", "cancel", "track"]
    with pytest.raises(ReplanError):
        adjust_dependencies(PLAN, {"track": ()}, done={"track"})


def test_every_strategy_leaves_the_plan_it_was_given_unchanged() -> None:
    before = PLAN.model_dump()
    full_replan(PLAN, [NEW_READ])
    skip_steps(PLAN, {"track"})
    adjust_dependencies(PLAN, {"track": ("read",)})
    assert PLAN.model_dump() == before
