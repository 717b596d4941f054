"""Issue 24, defect by defect: trust as a protocol (each found by customers who had not seen
the code; the class-level proof is the state machine of ``test_protocol_model.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from keel.api import Keel
from keel.domain.retail.models import Order, User
from keel.persistence.audit import AuditLog
from keel.persistence.db import session_scope
from keel.persistence.handoff import HandoffQueue
from keel.state.context import Context
from keel.state.protocol import (
    ListingQuestion,
    acknowledges_only,
    question_after_reply,
    target_asked_for,
    yes_answers_question,
)
from keel.understanding.catalogue import match_order_items
from keel.understanding.confirmation import Listed, read_confirmation
from keel.understanding.identity import speaker_not_holder, speaks_of_anothers_order

MIA = "Hi, I'm Mia Mitchell, zip 60655."
MIA_ZH = "我是 Mia Mitchell，邮编 60655。"
SUNGLASSES_ORDER, GRILL_ORDER = "#W1309753", "#W4865926"  # both pending, both Mia's
HARPER = {"name": "Harper Ahmed", "zip": "28268", "email": "harper.ahmed4239@example.com"}
HARPER_ID, HARPER_PENDING = "harper_ahmed_1689", "#W2387014"


@pytest.fixture
def context(demo_db_url: str) -> Context:
    return Context(database_url=demo_db_url, retry_backoff_seconds=(0.0,))


@pytest.fixture
def agent(context: Context) -> Iterator[Keel]:
    yield Keel(context)


def status(context: Context, order_id: str) -> str:
    with session_scope(context.database_url) as session:
        row = session.get(Order, order_id)
        assert row is not None
        return str(row.status)


def cancel(agent: Keel, session: str, language: str = "en") -> str:
    """Identify as Mia and ask to cancel her sunglasses order: the listing's reply."""
    if language == "zh":
        text = f"{MIA_ZH}帮我取消订单 {SUNGLASSES_ORDER}，不需要了。"
    else:
        text = f"{MIA} Please cancel {SUNGLASSES_ORDER}, I don't need it anymore."
    turn = agent.send(session, text)
    assert turn.awaiting == "confirmation" and asks(turn.reply), turn.reply
    return turn.reply


QUESTION = ("(yes/no)", "（是/否）")


def asks(reply: str) -> bool:
    return any(q in reply for q in QUESTION)


# --------------------------------------------------------------------- the protocol's rules


def test_a_yes_answers_only_the_question_asked_by_the_reply_just_before() -> None:
    asked = ListingQuestion(status="asked", turn=4)
    besides = ListingQuestion(status="asked_besides", turn=4)
    parked = ListingQuestion(status="parked", turn=4)
    yes, ok = {"reading": "yes", "explicit": True}, {"reading": "yes", "explicit": False}
    assert yes_answers_question(asked, 5, yes) and yes_answers_question(asked, 5, ok)
    assert yes_answers_question(besides, 5, yes) and not yes_answers_question(besides, 5, ok)
    assert not yes_answers_question(parked, 5, yes)  # on hold: listed again first
    assert not yes_answers_question(asked, 6, yes)  # something was said since
    assert not yes_answers_question(None, 5, yes)
    assert not yes_answers_question(asked, 5, {"reading": "question"})
    assert acknowledges_only(besides, ok) and not acknowledges_only(asked, ok)


def test_a_reply_records_what_it_asked() -> None:
    auth = {"key": "auth.ok_continue", "data": {}, "auth": True}
    answer = {"key": "order_status.ok", "data": {}}
    assert question_after_reply("confirm", [auth], 3) == {"status": "asked", "turn": 3}
    assert question_after_reply("confirm", [answer], 3)["status"] == "asked_besides"  # type: ignore[index]
    assert question_after_reply("park", [answer], 3)["status"] == "parked"  # type: ignore[index]
    assert question_after_reply("respond", [], 3) is None


def test_an_order_only_asked_about_is_a_target_only_when_asked_for() -> None:
    def allowed(**facts: Any) -> bool:
        base = {"looked_up": ["#W2"], "names_order": False, "names_action": False}
        return target_asked_for("#W2", **{**base, "answers_which": False, **facts})

    assert not allowed()  # "I asked about the LAPTOP order, not this one"
    assert allowed(names_action=True) and allowed(names_order=True) and allowed(answers_which=True)
    assert target_asked_for(
        "#W1", looked_up=["#W2"], names_order=False, names_action=False, answers_which=False
    )
    assert not target_asked_for(  # "帮她把收货地址改成…": someone else's, never one of ours
        "#W1",
        looked_up=[],
        names_order=False,
        names_action=True,
        answers_which=False,
        anothers=True,
    )


# ------------------------------------------------------------ 1. deferral, then an "ok"


@pytest.mark.parametrize(
    ("language", "deferral", "acknowledgements"),
    [
        ("en", "let me double-check with my partner before you do anything", ["ok will do"]),
        ("en", "hold on, I need to check with my wife first", ["alright"]),
        ("zh", "我得先跟我先生商量一下", ["好的，我等会儿回复你", "嗯"]),
        ("zh", "等一下，我先问问我老公", ["嗯好的"]),
    ],
)
def test_a_deferral_parks_the_listing_and_no_acknowledgement_writes(
    agent: Keel, context: Context, language: str, deferral: str, acknowledgements: list[str]
) -> None:
    cancel(agent, "d", language)
    turn = agent.send("d", deferral)
    assert not asks(turn.reply) and turn.awaiting == "nothing", turn.reply  # nothing asked
    assert SUNGLASSES_ORDER in turn.reply  # what is on hold is said
    for text in acknowledgements:
        turn = agent.send("d", text)
        assert not asks(turn.reply), turn.reply
    assert status(context, SUNGLASSES_ORDER) == "pending"


def test_a_goodbye_parks_the_listing_and_the_ok_after_it_writes_nothing(
    agent: Keel, context: Context
) -> None:
    """'ok thanks, talk later' → 'Before you go … Please confirm … (yes/no)' → 'ok' cancelled."""
    cancel(agent, "g")
    agent.send("g", "ok, I'll run it by my husband first and let you know")
    turn = agent.send("g", "ok thanks, talk later")
    assert not asks(turn.reply)
    agent.send("g", "ok")
    assert status(context, SUNGLASSES_ORDER) == "pending"


def test_a_yes_to_a_parked_listing_lists_it_again_and_the_next_yes_writes(
    agent: Keel, context: Context
) -> None:
    cancel(agent, "p")
    agent.send("p", "let me check with my wife first")
    turn = agent.send("p", "ok she agrees, yes go ahead")
    assert asks(turn.reply) and status(context, SUNGLASSES_ORDER) == "pending"
    agent.send("p", "yes")
    assert status(context, SUNGLASSES_ORDER) == "cancelled"


def test_an_ok_after_an_answer_has_the_question_asked_again_on_its_own(
    agent: Keel, context: Context
) -> None:
    cancel(agent, "q")
    turn = agent.send("q", "how long does a refund take?")
    assert asks(turn.reply)  # answered, and asked again besides
    turn = agent.send("q", "ok")  # may acknowledge the answer
    assert asks(turn.reply) and status(context, SUNGLASSES_ORDER) == "pending"
    agent.send("q", "ok")  # the question asked alone: answered
    assert status(context, SUNGLASSES_ORDER) == "cancelled"


def test_an_explicit_yes_after_an_answer_writes(agent: Keel, context: Context) -> None:
    cancel(agent, "e")
    agent.send("e", "how long does a refund take?")
    agent.send("e", "yes, go ahead")
    assert status(context, SUNGLASSES_ORDER) == "cancelled"


def test_a_listing_waits_across_a_handoff_and_is_shown_again_on_release(
    agent: Keel, context: Context
) -> None:
    cancel(agent, "h")
    assert agent.send("h", "can I talk to a human first?").awaiting == "human"
    agent.reply_as_agent("h", "Hi, I'm Sam. Anything else? I'll hand you back.")
    released = agent.release("h")
    assert SUNGLASSES_ORDER in released.reply and not asks(released.reply)
    turn = agent.send("h", "yes")  # no question was asked: listed again, nothing done
    assert asks(turn.reply) and status(context, SUNGLASSES_ORDER) == "pending"
    agent.send("h", "yes")
    assert status(context, SUNGLASSES_ORDER) == "cancelled"


def test_a_hesitation_is_never_read_as_a_yes() -> None:
    """'嗯…不确定' was a yes (the model-based test found it): 不确定 is no denial, nor filler."""
    listed = Listed(task="cancel_order", orders=("#W1",), actions=("cancel", "取消"))
    for reply in ("嗯…不确定", "嗯，不清楚", "ok, dunno", "好的，我不知道"):
        assert not read_confirmation(reply, listed, lambda _: None).executes, reply


# ---------------------------------------------------------- 2, 3. who claimed what


@pytest.mark.parametrize(
    "messages",
    [
        [f"my wife {HARPER['name']} asked me to cancel her kettle order", "Harper Ahmed, 28268"],
        [f"{HARPER['name']} 让我帮她看一下订单，邮编是{HARPER['zip']}", "Harper Ahmed，28268"],
        [
            f"I'm calling for my mother. My mom is {HARPER['name']}, zip {HARPER['zip']}",
            f"ugh fine. I'm {HARPER['name']}, zip {HARPER['zip']}",
        ],
        [
            f"我替我老婆办个退货，她的邮箱是 {HARPER['email']}",
            f"算了，我就是Harper Ahmed本人，邮箱 {HARPER['email']}",
        ],
    ],
)
def test_a_person_given_as_someone_else_never_logs_in(
    agent: Keel, context: Context, messages: list[str]
) -> None:
    for text in messages:
        turn = agent.send("t", text)
        assert turn.user_id is None, turn.reply
    agent.send("t", "yes")
    assert status(context, HARPER_PENDING) == "pending"
    assert HARPER_PENDING not in turn.reply  # nothing of the account is shown
    events = AuditLog(context.database_url).events("t", "identification")
    assert not any(e["name"].startswith("ok:") for e in events)


def test_an_email_logs_in_nobody_who_claims_another_name(agent: Keel) -> None:
    turn = agent.send("m", f"Hi, I'm Mia Mitchell. My email is {HARPER['email']}")
    assert turn.user_id is None and "Harper" not in turn.reply


def test_a_verified_speaker_who_is_not_the_holder_loses_the_account(
    agent: Keel, context: Context
) -> None:
    cancel(agent, "n")
    turn = agent.send("n", "Actually, full disclosure, I'm her husband. She said to go ahead.")
    assert turn.user_id is None and not asks(turn.reply)
    agent.send("n", "So yes, cancel it.")
    turn = agent.send("n", MIA)  # the same session may not open it again
    assert turn.user_id is None
    assert status(context, SUNGLASSES_ORDER) == "pending"
    assert speaker_not_holder("我其实是她女儿") and not speaker_not_holder("I'm Mia Mitchell")


def test_zip_codes_offered_as_alternatives_open_nothing(agent: Keel) -> None:
    agent.send("z", "Mia Mitchell, my zip is one of 60656, 60655, 60654, try them")
    turn = agent.send("z", "ok then 60655")
    assert turn.user_id is None and "email" in turn.reply
    # the email still opens it, zips offered beside it or not
    turn = agent.send("y", "Mia Mitchell, zip 60656 or 60655, email mia.mitchell1635@example.com")
    assert turn.user_id == "mia_mitchell_6458"


# ------------------------------------------------- 5. an order only asked about, not a target


def test_an_order_only_asked_about_never_becomes_the_target_of_a_write(
    agent: Keel, context: Context
) -> None:
    cancel(agent, "a")
    turn = agent.send("a", "before that - has my grill order shipped yet?")
    assert GRILL_ORDER in turn.reply  # the order asked about, described by its product
    turn = agent.send("a", "I asked about the GRILL order, not this one")
    assert not asks(turn.reply)  # which order? — asked, not listed
    agent.send("a", "yes")
    assert status(context, GRILL_ORDER) == status(context, SUNGLASSES_ORDER) == "pending"


def test_a_request_for_someone_elses_order_never_falls_on_ones_own(
    agent: Keel, context: Context
) -> None:
    agent.send("o", MIA)
    agent.send("o", "what's the status of #W2387014? it's my friend Harper's")
    turn = agent.send(
        "o", "then just change her order's address to 1 Main St, Apt 2, Chicago, IL 60601"
    )
    assert not asks(turn.reply)
    assert speaks_of_anothers_order("帮她把收货地址改成 1 Main St")
    assert not speaks_of_anothers_order("it's my order")


# -------------------------------------------------------- 6. the direction of a change


def test_an_orders_current_address_is_not_taken_as_a_new_default(
    agent: Keel, context: Context
) -> None:
    """τ² joint 72: 'this order went to my son's address …' became the default address."""
    agent.send("r", "Hi, I'm Mia Green, zip 02103.")
    turn = agent.send(
        "r",
        "Order #W2654606 is going to 675 Lincoln Avenue, Suite 414, Denver, CO 80259, my son's "
        "place. Change the address to 675 Lincoln Avenue, Suite 414, Denver, CO 80259.",
    )
    agent.send("r", "yes")
    with session_scope(context.database_url) as session:
        user = session.get(User, "mia_green_7944")
        assert user is not None and user.address1 != "675 Lincoln Avenue"
    assert "#W2654606" in turn.reply


# ------------------------------------------------------------ 7. trust-adjacent


def test_the_refund_methods_offered_are_the_ones_the_policy_accepts(agent: Keel) -> None:
    agent.send("f", MIA)
    turn = agent.send("f", "I want to return the desk lamp from #W4143415")
    assert "Visa ending 4763" in turn.reply or "gift card" in turn.reply
    offered = turn.reply
    paid_with = "Visa" if "Visa" in offered else "gift card"
    turn = agent.send("f", f"the {paid_with} one")
    assert "(yes/no)" in turn.reply  # whatever was offered is accepted when chosen


def test_a_listing_names_the_card_as_the_customer_knows_it(agent: Keel) -> None:
    reply = cancel(agent, "c")
    assert "Visa ending 4763" in reply or "gift card" in reply


def test_a_cancelled_order_shows_what_was_paid_and_refunded(agent: Keel) -> None:
    cancel(agent, "x")
    agent.send("x", "yes")
    turn = agent.send("x", f"what's the status of {SUNGLASSES_ORDER}?")
    assert "refunded" in turn.reply and "$0.00" not in turn.reply


def test_a_chinese_message_refused_for_its_length_is_answered_in_chinese(agent: Keel) -> None:
    turn = agent.send("l", "请帮我取消订单" * 3000)
    assert any("\u4e00" <= c <= "\u9fff" for c in turn.reply), turn.reply


def test_the_handoff_queue_shows_what_was_said_after_the_handoff(
    agent: Keel, context: Context
) -> None:
    agent.send("k", "I want to talk to a human")
    agent.send("k", f"{MIA} it's about my grill order, it's broken and I'm upset")
    waiting = HandoffQueue(context.database_url).waiting()
    assert any("grill order" in str(m) for w in waiting for m in w["latest"])


def test_one_of_two_alike_items_kept_by_its_colour_is_not_returned() -> None:
    """'我买了两个蓝牙音箱，绿色那个想退掉，黑色的留着' was listed as a return of both."""
    items = [
        {"item_id": "g", "name": "Bluetooth Speaker", "options": {"color": "green"}},
        {"item_id": "b", "name": "Bluetooth Speaker", "options": {"color": "black"}},
    ]
    from keel.domain.config import load_domain

    lexicon = load_domain("retail").lexicon
    for text in (
        "我买了两个蓝牙音箱，绿色那个想退掉，黑色的留着",
        "I got two speakers in that order: the green one goes back, I'm keeping the black one",
    ):
        match = match_order_items([text], items, lexicon, by_option=True)
        assert match.parts == ["g"], (text, match)


def test_a_yes_naming_one_of_several_changes_listed_together_is_asked_which() -> None:
    """'Yes, ship #W… to my sister's' at a listing of an order's and the account's address."""
    from keel.domain.config import load_domain
    from keel.nodes.act import write_actions

    tasks = write_actions(load_domain("retail"))
    listed = Listed(
        task="modify_address",
        joined=("update_default_address",),
        orders=("#W7905419",),
        text="Please confirm these 2 changes: (1) ship order #W7905419 to …; (2) change your "
        "default address to …",
        write_tasks=tasks,
        writes=2,
    )
    reply = "Yes, ship #W7905419 to my sister's address please."
    reading = read_confirmation(reply, listed, lambda _: "modify_address")
    assert not reading.executes and reading.cues == ("names_some_changes",)
    assert read_confirmation("yes to both", listed, lambda _: None).executes


def test_a_yes_naming_a_product_the_listing_does_not_hold_is_no_yes() -> None:
    """Blind set 2, q1 10: '对对，就是那副黑色耳机，取消吧' at a water bottle's cancellation."""
    listed = Listed(
        task="cancel_order",
        orders=("#W4296426",),
        actions=("cancel", "取消"),
        items=(("Water Bottle", "bottle", "水杯"),),
        unlisted_products=(("Headphones", "headphone", "耳机"),),
    )
    assert not read_confirmation("对对，就是那副黑色耳机，取消吧", listed, lambda _: None).executes
    assert read_confirmation("对，水杯那单，取消吧", listed, lambda _: None).executes


def order_address(context: Context, order_id: str) -> tuple[str, str]:
    with session_scope(context.database_url) as session:
        row = session.get(Order, order_id)
        assert row is not None
        return str(row.address1), str(row.address2)


def test_a_value_corrected_after_a_change_is_listed_again_for_a_yes(
    agent: Keel, context: Context
) -> None:
    """Blind set 2, q1 24: 'argh autocorrect. it's Apt 4B, not 48. can you fix that'."""
    agent.send("v", MIA)
    agent.send(
        "v", f"ship {SUNGLASSES_ORDER} to 77 South Tryon Street, Apt 48, Charlotte, NC 28202"
    )
    agent.send("v", "yes")
    turn = agent.send("v", "argh autocorrect. it's Apt 4B, not 48. can you fix that")
    assert asks(turn.reply) and "Apt 4B" in turn.reply
    assert order_address(context, SUNGLASSES_ORDER) == ("77 South Tryon Street", "Apt 48")
    agent.send("v", "yes, Apt 4B. thx!!")
    assert order_address(context, SUNGLASSES_ORDER) == ("77 South Tryon Street", "Apt 4B")


def test_an_undone_address_change_lists_the_address_it_had_before(
    agent: Keel, context: Context
) -> None:
    """Blind set 2, q1 29: '撤回！还是寄到原来的地址' after an address change went to a human."""
    before = order_address(context, SUNGLASSES_ORDER)
    agent.send("u", MIA_ZH)
    agent.send(
        "u",
        f"订单 {SUNGLASSES_ORDER} 请改寄到 2750 Riverside Avenue, Apt 305, "
        "Jacksonville, FL 32205。",
    )
    agent.send("u", "确认，改吧")
    turn = agent.send("u", "啊不对不对，撤回！还是寄到原来的地址。")
    assert turn.awaiting == "confirmation" and before[0] in turn.reply
    agent.send("u", "对，改回去，麻烦了。")  # thanks for the trouble: no complaint
    assert order_address(context, SUNGLASSES_ORDER) == before


def test_failed_identifications_are_limited_per_source_across_sessions(context: Context) -> None:
    """One client guessing across many sessions is stopped; another client is not."""
    from dataclasses import replace

    agent = Keel(replace(context, max_identity_attempts_per_source=3, rate_capacity=1000))
    for index in range(3):
        agent.send(f"guess-{index}", f"I'm Mia Mitchell, zip 6060{index}", source="10.0.0.9")
    turn = agent.send("guess-last", "I'm Mia Mitchell, zip 60655", source="10.0.0.9")
    assert turn.user_id is None  # this client may try no more for now
    turn = agent.send("owner", "I'm Mia Mitchell, zip 60655", source="192.168.1.20")
    assert turn.user_id == "mia_mitchell_6458"
