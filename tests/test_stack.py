"""The task stack: each command applied by the pure ``apply``, and its invariants."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from keel.state.stack import (
    Clear,
    Digress,
    Drop,
    DropWaiting,
    Queue,
    Resume,
    StackCommand,
    Start,
    TakeUp,
    TaskFrame,
    Update,
    apply,
    apply_all,
    current,
    end_task,
    new_frame,
    resume_notice,
    waiting,
)


def frame(intent: str, **slots: Any) -> TaskFrame:
    return new_frame(intent, slots)


def intents(stack: list[TaskFrame]) -> list[tuple[str, str]]:
    return [(f["intent"], f["kind"]) for f in stack]


def test_start_on_an_empty_stack_puts_the_task_in_focus() -> None:
    stack = apply([], Start(frame("cancel_order", order_id="#W1")))
    assert intents(stack) == [("cancel_order", "active")]
    assert current(stack) is stack[-1] and waiting(stack) == []


def test_start_replaces_the_task_in_focus_and_keeps_what_waits() -> None:
    stack = [frame("return_items") | {"kind": "queued"}, frame("exchange_items")]
    after = apply(stack, Start(frame("cancel_order")))
    assert intents(after) == [("return_items", "queued"), ("cancel_order", "active")]


def test_start_takes_up_a_waiting_task_of_its_kind_with_its_values() -> None:
    queued: TaskFrame = {**frame("cancel_order", order_id="#W2", reason="no longer needed")}
    queued["kind"] = "queued"
    after = apply([queued, frame("return_items")], Start(frame("cancel_order", order_id="#W2")))
    assert intents(after) == [("cancel_order", "active")]
    assert after[-1]["slots"] == {"order_id": "#W2", "reason": "no longer needed"}


def test_start_leaves_a_waiting_task_for_another_order_waiting() -> None:
    queued: TaskFrame = {**frame("cancel_order", order_id="#W2"), "kind": "queued"}
    after = apply([queued], Start(frame("cancel_order", order_id="#W3")))
    assert intents(after) == [("cancel_order", "queued"), ("cancel_order", "active")]
    assert after[0]["slots"]["order_id"] == "#W2"


def test_update_changes_only_the_task_in_focus() -> None:
    stack = [{**frame("return_items"), "kind": "suspended"}, frame("exchange_items")]
    filled = {**stack[-1], "slots": {"order_id": "#W1"}}
    after = apply(stack, Update(filled))  # type: ignore[arg-type]
    assert after[-1]["slots"] == {"order_id": "#W1"} and after[0] is stack[0]


def test_digress_suspends_the_task_with_the_values_it_was_given() -> None:
    stack = [frame("return_items", order_id="#W1")]
    after = apply(stack, Digress(frame("policy_question"), keep={"payment_ref": "paypal"}))
    assert intents(after) == [("return_items", "suspended"), ("policy_question", "active")]
    assert after[0]["slots"] == {"order_id": "#W1", "payment_ref": "paypal"}


def test_queue_waits_below_the_task_in_focus_first_request_on_top() -> None:
    stack = [frame("cancel_order")]
    after = apply(stack, Queue((frame("track_parcel"), frame("return_items"))))
    assert intents(after) == [
        ("return_items", "queued"),
        ("track_parcel", "queued"),
        ("cancel_order", "active"),
    ]
    resumed = end_task(after)
    assert intents(resumed)[-1] == ("track_parcel", "active")


def test_queue_behind_a_digression_lets_the_suspended_task_resume_first() -> None:
    stack = apply([frame("return_items")], Digress(frame("policy_question")))
    after = apply(stack, Queue((frame("cancel_order"),), behind_suspended=True))
    assert intents(after) == [
        ("cancel_order", "queued"),
        ("return_items", "suspended"),
        ("policy_question", "active"),
    ]
    assert current(end_task(after))["intent"] == "return_items"  # type: ignore[index]


def test_queue_restating_drops_the_waiting_task_it_repeats() -> None:
    old: TaskFrame = {**frame("modify_address", address="x"), "kind": "queued"}
    again = frame("modify_address", address="x", order_id="#W1")
    after = apply([old, frame("cancel_order")], Queue((again,), restating=True))
    assert intents(after) == [("modify_address", "queued"), ("cancel_order", "active")]
    assert after[0]["slots"]["order_id"] == "#W1"


def test_take_up_brings_a_waiting_task_into_focus_and_the_current_one_waits() -> None:
    stack = [{**frame("modify_items"), "kind": "queued"}, frame("return_items")]
    taken = frame("modify_items", payment_ref="paypal")
    after = apply(stack, TakeUp(0, taken))
    assert intents(after) == [("return_items", "suspended"), ("modify_items", "active")]
    assert after[-1]["slots"] == {"payment_ref": "paypal"}
    ended = apply(stack, TakeUp(0, taken, keep_current=False))
    assert intents(ended) == [("modify_items", "active")]


def test_drop_ends_the_task_in_focus_and_resume_brings_back_the_last_waiting() -> None:
    stack = apply([frame("return_items")], Digress(frame("policy_question")))
    dropped = apply(stack, Drop())
    assert current(dropped) is None and intents(dropped) == [("return_items", "suspended")]
    resumed = apply(dropped, Resume())
    assert intents(resumed) == [("return_items", "active")]
    assert apply(resumed, Resume()) == resumed  # a task in focus: nothing to resume


def test_drop_waiting_removes_only_those_intents_and_keeps_the_focus() -> None:
    stack = [
        {**frame("modify_payment"), "kind": "queued"},
        {**frame("track_parcel"), "kind": "queued"},
        frame("cancel_order"),
    ]
    after = apply(stack, DropWaiting(("modify_payment",)))
    assert intents(after) == [("track_parcel", "queued"), ("cancel_order", "active")]


def test_clear_empties_the_stack() -> None:
    assert apply([frame("cancel_order")], Clear()) == []


def test_resume_notice_re_asks_the_question_of_the_resumed_task() -> None:
    asked = {**frame("return_items"), "prompt": {"key": "ask.item_ids", "data": {"n": 1}}}
    assert resume_notice(asked) == [{"key": "ask.item_ids", "data": {"n": 1}, "after": True}]  # type: ignore[arg-type]
    assert resume_notice(frame("return_items")) == [] and resume_notice(None) == []


INTENTS = st.sampled_from(["cancel_order", "return_items", "track_parcel", "policy_question"])
FRAMES = st.builds(
    lambda intent, order: frame(intent, **({"order_id": order} if order else {})),
    INTENTS,
    st.sampled_from([None, "#W1", "#W2"]),
)
COMMANDS: st.SearchStrategy[StackCommand] = st.one_of(
    st.builds(Start, FRAMES),
    st.builds(Update, FRAMES),
    st.builds(Digress, FRAMES),
    st.builds(Queue, st.lists(FRAMES, max_size=3).map(tuple), st.booleans(), st.booleans()),
    st.builds(TakeUp, st.integers(0, 3), FRAMES, st.booleans()),
    st.just(Drop()),
    st.just(Resume()),
    st.builds(DropWaiting, st.lists(INTENTS, max_size=2).map(tuple)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(COMMANDS, max_size=12))
def test_any_command_sequence_keeps_at_most_one_task_in_focus_on_top(
    commands: list[StackCommand],
) -> None:
    stack: list[TaskFrame] = []
    for command in commands:
        before = copy.deepcopy(stack)
        after = apply(stack, command)
        assert stack == before  # apply is pure: the stack it was given is unchanged
        active = [i for i, f in enumerate(after) if f["kind"] == "active"]
        assert active in ([], [len(after) - 1])
        stack = after
    assert apply_all([], commands) == stack
