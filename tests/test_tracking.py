"""Dialogue tracking as pure functions: how one understood message changes the task."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from keel.domain.config import load_domain
from keel.nodes.tracking import carry_order, track
from keel.state.stack import TaskFrame, current, new_frame, waiting

CONFIG = load_domain("retail")


@dataclass
class After:
    """What one message did: its act, and the stack once its commands are applied."""

    act: str
    frame: TaskFrame | None  # the task in focus afterwards
    paused: list[TaskFrame]  # the tasks waiting afterwards, the next to resume last


def track_on(frame: TaskFrame | None, line: list[TaskFrame], *args: Any) -> After:
    """Track a message against a stack of ``line`` (waiting) under ``frame`` (in focus)."""
    stack = [*({**w, "kind": "queued"} for w in line), *([frame] if frame else [])]
    tracked = track(CONFIG, stack, *args)  # type: ignore[arg-type]
    after = tracked.after(stack)  # type: ignore[arg-type]
    assert stack == [*({**w, "kind": "queued"} for w in line), *([frame] if frame else [])]
    return After(tracked.act, current(after), waiting(after))


def frame(intent: str, asked: str | None = None, **slots: Any) -> TaskFrame:
    started = new_frame(intent)
    started["slots"] = dict(slots)
    started["asked"] = asked
    started["utterances"] = ["earlier message"]
    return started


def test_a_read_without_an_order_means_the_order_in_focus() -> None:
    spec = CONFIG.intent("track_parcel")
    assert carry_order(spec, "and the tracking number?", {}, "#W1111111") == {
        "order_id": "#W1111111"
    }


def test_a_write_needs_the_user_to_point_back_at_the_order() -> None:
    spec = CONFIG.intent("cancel_order")
    assert carry_order(spec, "I also want to cancel an order", {}, "#W1111111") == {}
    assert carry_order(spec, "cancel it", {}, "#W1111111") == {"order_id": "#W1111111"}
    assert carry_order(spec, "cancel #W2222222", {"order_id": "#W2222222"}, "#W1111111") == {
        "order_id": "#W2222222"
    }

    # "another pending order … cancel it": "it" is the other order, found by the policy.
    other = "I have another pending order with five things in it. could you cancel it?"
    assert carry_order(spec, other, {}, "#W1111111") == {}
    assert carry_order(spec, "my pending order has a hose. cancel that hose", {}, "#W1") == {}


def test_an_answer_naming_the_offered_options_stays_in_the_task() -> None:
    asking = frame("exchange_items", "new_item_ids", order_id="#W1111111")
    asking["prompt"] = {"key": "ask.variant_ambiguous", "data": {}, "expect": ["clicky", "RGB"]}
    text = "Is there no clicky one with RGB in full size? Then I'll take the clicky one with none"
    tracked = track_on(asking, [], {}, text, "product_info", {})
    assert tracked.act in ("fill", "correct") and tracked.frame is not None
    assert tracked.frame["intent"] == "exchange_items" and tracked.paused == []


def test_a_question_during_a_task_is_a_digression_that_keeps_named_values() -> None:
    returning = frame("return_items", "payment_method_id", order_id="#W1111111")
    slots = {"payment_ref": {"source": "paypal"}}
    text = "how long does it take to get a refund on paypal?"
    tracked = track_on(returning, [], {}, text, "policy_question", slots)
    assert tracked.act == "digress" and tracked.frame is not None
    assert tracked.frame["intent"] == "policy_question"
    assert tracked.paused[-1]["slots"]["payment_ref"] == {"source": "paypal"}


def test_a_value_for_the_task_is_not_a_new_request() -> None:
    exchanging = frame("exchange_items", "new_item_ids", order_id="#W1111111")
    slots = {"payment_ref": {"source": "credit_card"}}
    text = "Use my credit card for any difference."
    tracked = track_on(exchanging, [], {}, text, "modify_payment", slots)
    assert tracked.act == "fill" and tracked.frame is not None
    assert tracked.frame["intent"] == "exchange_items"
    assert tracked.frame["slots"]["payment_ref"] == {"source": "credit_card"}


def test_another_order_is_another_request() -> None:
    exchanging = frame("exchange_items", "payment_method_id", order_id="#W1111111")
    slots = {"order_id": "#W2222222", "reason": "no longer needed"}
    text = "and please cancel order #W2222222, I no longer need it"
    tracked = track_on(exchanging, [], {}, text, "cancel_order", slots)
    assert tracked.act == "switch" and tracked.frame is not None
    assert tracked.frame["intent"] == "cancel_order"


def test_a_bare_id_belongs_to_the_task() -> None:
    returning = frame("return_items", "order_id")
    tracked = track_on(returning, [], {}, "#W3333333", "order_status", {"order_id": "#W3333333"})
    assert tracked.frame is not None and tracked.frame["intent"] == "return_items"
    assert tracked.frame["slots"]["order_id"] == "#W3333333"


def test_taking_a_request_back_or_asking_for_a_human() -> None:
    cancelling = frame("cancel_order", "reason", order_id="#W1111111")
    kept = track_on(cancelling, [], {}, "I'll keep it, don't cancel it", "cancel_order", {})
    assert kept.act == "abandon" and kept.frame is None
    human = track_on(cancelling, [], {}, "算了，给我转人工", "request_human", {})
    assert human.act == "handoff"


def test_a_yes_answers_a_yes_no_question_of_the_task() -> None:
    cancelling = frame("cancel_order", "whole_order", order_id="#W1111111")
    tracked = track_on(cancelling, [], {}, "yes", "UNKNOWN", {"yes_no": "yes"})
    assert tracked.frame is not None and tracked.frame["slots"]["whole_order"] == "yes"


def test_an_answer_with_another_change_queues_the_change_and_no_question() -> None:
    """Set G lost_15: an answer with a change for another order queues that change (it moved
    the task to that order, then was lost); τ² task 0: a question asked beside the answer is
    not queued as a request of its own."""
    cancelling = frame("cancel_order", "reason", order_id="#W1111111")
    text = "Ordered it by mistake. Oh and my other order #W2222222 needs to go to 1 Main St"
    other = "Oh and my other order #W2222222 needs to go to 1 Main St"
    slots = {"order_id": "#W2222222", "reason": "ordered by mistake"}
    tracked = track_on(
        cancelling, [], {}, text, "cancel_order", slots, None, [("modify_address", other)]
    )
    assert tracked.frame is not None and tracked.frame["slots"]["order_id"] == "#W1111111"
    assert [w["intent"] for w in tracked.paused] == ["modify_address"]

    asking = frame("exchange_items", "new_item_ids", order_id="#W1111111")
    asking["prompt"] = {"key": "ask.variant_ambiguous", "data": {}, "expect": ["clicky", "RGB"]}
    question = "Is there no clicky one with RGB in full size?"
    text = f"{question} Then I'll take the clicky one with none"
    tracked = track_on(
        asking, [], {}, text, "exchange_items", {}, None, [("product_info", question)]
    )
    assert tracked.paused == []


def test_a_change_asked_during_a_task_is_the_change_already_waiting() -> None:
    """ "i5 over i7, silver or black" while a return asks which speaker: the waiting change's.

    Before, it started a second item change of the return's order (a speaker that "can't
    become a Laptop"), the return was dropped, and the waiting laptop change never heard
    the customer's preference: it was listed with an i7 and agreed to (blind τ² task 35).
    """
    paypal = {"source": "paypal"}
    returning = frame("return_items", "item_ids", order_id="#W1111111", payment_ref=paypal)
    changing = frame("modify_items")
    changing["utterances"] = ["in my other order change the 17-inch laptop to the 13-inch one"]
    text = "i5 over i7, and silver or black over any other color. PayPal for the difference."
    slots = {"payment_ref": paypal, "order_id": "#W1111111"}
    tracked = track_on(returning, [changing], {}, text, "exchange_items", slots, "#W1111111")
    assert tracked.frame is not None and tracked.frame["intent"] == "modify_items"
    assert tracked.frame["utterances"][-1] == text  # the preference reaches the change
    assert tracked.frame["slots"] == {"payment_ref": paypal}  # not the return's order
    assert [(w["intent"], w["slots"]) for w in tracked.paused] == [
        ("return_items", {"order_id": "#W1111111", "payment_ref": paypal})
    ]  # the return waits, it is not dropped


def test_a_payment_for_the_difference_joins_the_item_change_before_it() -> None:
    """Blind τ² 96: "…the speaker changed to the cheapest green one? PayPal for any difference,
    please." queued a payment change of its own besides the item change."""
    change = (
        "And in that same order, could the Bluetooth speaker be changed to the cheapest green one?"
    )
    pays = "PayPal for any difference, please."
    text = f"Please send order #W6750959 to my New York address instead. {change} {pays}"
    others = [("modify_items", change), ("modify_payment", pays)]
    after = track_on(None, [], {}, text, "modify_address", {"order_id": "#W6750959"}, None, others)
    assert after.frame is not None and after.frame["intent"] == "modify_address"
    assert [(w["intent"], w["slots"].get("payment_ref")) for w in after.paused] == [
        ("modify_items", {"source": "paypal"})
    ]


def test_another_change_asked_first_leaves_the_change_in_progress_waiting() -> None:
    # The exchange asked which item; the customer wants an order cancelled first. The
    # exchange is not dropped: it waits, with its question, behind the cancellation.
    exchanging = frame("exchange_items", "item_ids", order_id="#W1111111")
    slots = {"order_id": "#W2222222"}
    text = "wait, can we cancel order #W2222222 first? the exchange can wait"
    tracked = track_on(exchanging, [], {}, text, "cancel_order", slots)
    assert tracked.act == "switch" and tracked.frame is not None
    assert tracked.frame["intent"] == "cancel_order"
    assert [w["intent"] for w in tracked.paused] == ["exchange_items"]
    assert tracked.paused[-1]["kind"] == "suspended"
    assert tracked.paused[-1]["asked"] == "item_ids"


def test_a_change_replaced_by_another_is_not_kept() -> None:
    # "no, I meant …" replaces the request in progress: nothing of it waits.
    exchanging = frame("exchange_items", "item_ids", order_id="#W1111111")
    text = "no, I meant cancel order #W2222222"
    tracked = track_on(exchanging, [], {}, text, "cancel_order", {"order_id": "#W2222222"})
    assert tracked.frame is not None and tracked.frame["intent"] == "cancel_order"
    assert tracked.paused == []


def test_another_change_said_in_its_place_replaces_the_change_in_progress() -> None:
    # After "you can't cancel only those items", "then cancel the whole order" is said in
    # place of the first request: nothing of it waits.
    changing = frame("modify_items", "order_id")
    text = "I don't care then, cancel the whole order #W2222222"
    tracked = track_on(changing, [], {}, text, "cancel_order", {"order_id": "#W2222222"})
    assert tracked.frame is not None and tracked.frame["intent"] == "cancel_order"
    assert tracked.paused == []


def test_a_look_up_is_not_kept_when_a_change_is_asked() -> None:
    looking = frame("order_status", "order_id")
    text = "actually just cancel order #W2222222 please"
    tracked = track_on(looking, [], {}, text, "cancel_order", {"order_id": "#W2222222"})
    assert tracked.frame is not None and tracked.frame["intent"] == "cancel_order"
    assert tracked.paused == []
