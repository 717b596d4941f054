"""Trust (issue 7): no write the customer did not list and confirm, no account for a name
someone only mentions, handoffs that last until released, bounded cost of bad input."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from keel.api import Keel
from keel.domain.retail.models import Order, User
from keel.persistence.audit import AuditLog
from keel.persistence.db import session_scope, sqlite_url
from keel.persistence.handoff import HandoffQueue
from keel.state.context import Context
from keel.understanding.addresses import address_in, amend_address, without_addresses
from keel.understanding.identity import claims_name, email_is_other, name_claim

HARPER = "Hi, I'm Harper Ahmed, zip 28268."
PENDING = "#W2387014"  # Harper's only pending order
PROCESSED = "#W4110297"
WRITES = {
    "cancel_pending_order",
    "modify_pending_order_address",
    "modify_pending_order_items",
    "modify_pending_order_payment",
    "return_delivered_order_items",
    "exchange_delivered_order_items",
    "modify_user_address",
}


@pytest.fixture
def context(demo_db_url: str) -> Context:
    return Context(database_url=demo_db_url, retry_backoff_seconds=(0.0,))


@pytest.fixture
def agent(context: Context) -> Iterator[Keel]:
    yield Keel(context)


def order(context: Context, order_id: str) -> dict[str, Any]:
    with session_scope(context.database_url) as session:
        row = session.get(Order, order_id)
        assert row is not None
        return {
            "status": row.status,
            "address1": row.address1,
            "address2": row.address2,
            "zip": row.zip,
            "reason": row.cancel_reason,
        }


def user_address(context: Context, user_id: str) -> str:
    with session_scope(context.database_url) as session:
        row = session.get(User, user_id)
        assert row is not None
        return row.address1


# --------------------------------------------------------------------------- addresses


def test_an_order_id_is_never_part_of_an_address() -> None:
    text = (
        "change the shipping address of order #W4077005 to 1200 Ocean Ave, Apt 5, "
        "Santa Monica, CA 90401"
    )
    assert address_in(text) == {
        "address1": "1200 Ocean Ave",
        "address2": "Apt 5",
        "city": "Santa Monica",
        "state": "CA",
        "country": "USA",
        "zip": "90401",
    }


@pytest.mark.parametrize(
    ("text", "address1", "zip_code"),
    [
        (
            "my zip is 28268 and ship #W1234567 to 12 Oak St, Boston, Massachusetts 02110",
            "12 Oak St",
            "02110",
        ),
        (
            "新地址：88 Market Street, Suite 12, San Francisco, CA 94105。谢谢",
            "88 Market Street",
            "94105",
        ),
        (
            "to 3401 Kirby Dr, Unit 9, Houston, TX 77098. And what address is #W1603792 going to?",
            "3401 Kirby Dr",
            "77098",
        ),
        ("改成 1 Ferry Building, Suite 50, San Francisco, CA 94111。", "1 Ferry Building", "94111"),
        (
            "邮编 94102。请把订单 #W5815923 的收货地址改成 "
            "1 Market Street, Suite 300, San Francisco, CA 94105。",
            "1 Market Street",
            "94105",
        ),
    ],
)
def test_addresses_in_messages_keep_their_boundaries(
    text: str, address1: str, zip_code: str
) -> None:
    found = address_in(text)
    assert found is not None and found["address1"] == address1 and found["zip"] == zip_code


@pytest.mark.parametrize(
    "text",
    [
        "Hi I am Harper, zip 28268, cancel order #W2387014",
        "I ordered 2 laptops and 3 mice",
        "mei davis, 80217",
    ],
)
def test_sentences_are_no_addresses(text: str) -> None:
    assert address_in(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "update my default address from 163 Elm Street, Suite 714, Columbus, OH 43134 to "
        "310 West 4th Street, Apt 2R, Austin, TX 78701",
        "ship it to 310 West 4th Street, Apt 2R, Austin, TX 78701 instead of "
        "163 Elm Street, Suite 714, Columbus, OH 43134",
        "把地址从 163 Elm Street, Columbus, OH 43134 改成 310 West 4th Street, Austin, TX 78701",
    ],
)
def test_the_address_being_left_is_not_the_new_one(text: str) -> None:
    """Set D c05_04: "from <old> to <new>" listed the old address for a yes."""
    found = address_in(text)
    assert found is not None and found["address1"] == "310 West 4th Street"


@pytest.mark.parametrize(
    "text",
    [
        "ship it to 163 Elm Street, Suite 714, Columbus, OH 43134 - wait, no, that's the old "
        "office. The new one is 310 West 4th Street, Apt 2R, Austin, TX 78701.",
        "send it to 163 Elm Street, Columbus, OH 43134, sorry I mean 310 West 4th Street, "
        "Apt 2R, Austin, TX 78701",
        "寄到 163 Elm Street, Columbus, OH 43134，不对，说错了，是 310 West 4th Street, Apt 2R, "
        "Austin, TX 78701",
    ],
)
def test_an_address_taken_back_is_not_the_new_one(text: str) -> None:
    """Set F 5_33: the first of two addresses was listed although "wait, no, that's the old
    office" took it back, and the customer's yes shipped the order there."""
    found = address_in(text)
    assert found is not None and found["address1"] == "310 West 4th Street"


def test_a_pasted_address_reads_line_by_line_with_its_unit_first() -> None:
    """Set F 5_31: a pasted address with the unit on the line before the street was stored
    as address1 "12C\\n 2250 Brazos Street\\n" and written after a yes."""
    text = (
        "copying it straight from the lease email:\n\nNew address:\nUnit 12C\n"
        "2250 Brazos Street\nAustin, TX 78705\nLandlord: Mike Reyes (512) 555-0188\n\nThanks!"
    )
    assert address_in(text) == {
        "address1": "2250 Brazos Street",
        "address2": "Unit 12C",
        "city": "Austin",
        "state": "TX",
        "country": "USA",
        "zip": "78705",
    }
    found = address_in("12 Main St\nSpringfield, IL 62701")
    assert found is not None and found["address1"] == "12 Main St" and found["zip"] == "62701"


def test_an_incomplete_address_is_marked_so() -> None:
    assert address_in("No — 724 Evergreen Terrace, I swapped the numbers") == {
        "address1": "724 Evergreen Terrace",
        "address2": "",
        "incomplete": "yes",
    }


def test_the_zip_of_an_address_is_no_identification() -> None:
    assert "94105" not in without_addresses("ship to 88 Market Street, San Francisco, CA 94105")


def test_a_correction_amends_the_listed_address() -> None:
    listed = {"address1": "5100 Broadway", "address2": "Apt 4", "city": "San Antonio",
              "state": "TX", "country": "USA", "zip": "78209"}  # fmt: skip
    assert amend_address(listed, "it's Apt 14, not Apt 4")["address2"] == "Apt 14"  # type: ignore[index]
    assert amend_address(listed, "the zip is 78210, not 78209")["zip"] == "78210"  # type: ignore[index]
    assert amend_address(listed, "门牌号是 5010 不是 5100")["address1"] == "5010 Broadway"  # type: ignore[index]
    assert amend_address(listed, "yes that's right") is None
    # set E 3_02: "应该是5010，不是5100" (Chinese is a word character to Python's \w)
    swapped = amend_address(listed, "门牌号我打反了，应该是5010，不是5100")
    assert swapped is not None and swapped["address1"] == "5010 Broadway"


# --------------------------------------------------------------------------- identity


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("my neighbour anya parker recommended you. my zip is 98126", "other"),
        ("I'm calling for my mom. She's Anya Parker, zip 98126.", "other"),
        ("I'm checking on Anya Parker's order, her zip is 98126", "other"),
        ("帮我朋友 Anya Parker 查一下订单", "other"),
        ("I ordered this for Anya Parker", "other"),
        ("Hi, I'm Anya Parker, zip 98126", "self"),
        ("anya parker, 98126", "self"),
        ("Anya Parker here", "self"),
        ("我是 Anya Parker，邮编 98126", "self"),
        ("the order is under Anya Parker", "none"),
        ("um, hi... I'm Anya Parker, my zip code is 98126", "self"),  # τ² held-out task 74
        ("Good afternoon, I'm Anya Parker (zip 98126).", "self"),
        ("Anya Parker (my neighbour) said you could help", "other"),
        ("Anya Parker, my next-door neighbour, told me about you", "other"),
        # set H b8_27: "Mr Anya Parker's assistant" logged the assistant in
        ("你好，我是 Anya Parker 先生的助理，他的邮编是 98126。", "other"),
        ("我是 Anya Parker 的秘书，邮编 98126", "other"),
        ("Anya Parker 女士，邮编 98126", "self"),
    ],
)
def test_a_name_is_claimed_only_by_the_speaker(text: str, claim: str) -> None:
    assert name_claim(text, "Anya", "Parker") == claim
    assert claims_name(text, "Anya", "Parker") is (claim == "self")


def test_an_email_given_as_someone_elses_is_no_claim() -> None:
    assert email_is_other("我是她老公。她的邮箱是 amy@example.com", "amy@example.com")
    assert email_is_other("my mom's email is amy@example.com", "amy@example.com")
    assert not email_is_other("my email is amy@example.com", "amy@example.com")


def test_a_name_mentioned_as_someone_else_opens_nothing(agent: Keel) -> None:
    turn = agent.send("n1", "my neighbour harper ahmed recommended you. my zip is 28268")
    assert turn.user_id is None
    assert PENDING not in turn.reply
    assert agent.send("n1", "show me her orders").user_id is None


def test_failed_identifications_are_limited_per_session(agent: Keel, context: Context) -> None:
    context_limit = context.max_identity_attempts
    for index, zip_code in enumerate(["28201", "28202", "28203", "28204", "28205"], start=1):
        turn = agent.send("z1", f"I'm Harper Ahmed, zip {zip_code}")
        assert turn.user_id is None
        assert (turn.awaiting == "human") is (index == context_limit)
    turn = agent.send("z1", "I'm Harper Ahmed, zip 28268")  # right, but now with a human
    assert turn.user_id is None and turn.awaiting == "human"
    events = AuditLog(context.database_url).events("z1", "identification")
    assert sum(e["name"].startswith("failed:name:harper ahmed") for e in events) == 5


def test_guesses_at_an_account_ask_for_the_stronger_method_never_lock_the_owner_out(
    agent: Keel, context: Context
) -> None:
    """Issue 24 (4): five wrong zips for a name sent the real owner (a new session) to a human."""
    for index in range(context.max_identity_attempts):  # fresh sessions, one guess each
        agent.send(f"fresh-{index}", f"I'm Harper Ahmed, zip 2830{index}")
    turn = agent.send("owner", "I'm Harper Ahmed, zip 28268")
    # name and zip no longer open it (a stranger could be guessing), and nobody is handed off
    assert turn.user_id is None and turn.awaiting != "human"
    assert "email" in turn.reply and "Harper" not in turn.reply  # nothing says it exists
    turn = agent.send("owner", "sure, it's harper.ahmed4239@example.com")
    assert turn.user_id == "harper_ahmed_1689"
    events = AuditLog(context.database_url).events("owner", "identification")
    assert any(e["name"] == "stronger_needed" for e in events)


def test_identification_attempts_spend_rate_limit_tokens(template_db: Path, tmp_path: Path) -> None:
    path = tmp_path / "limited.db"
    shutil.copyfile(template_db, path)
    agent = Keel(Context(database_url=sqlite_url(path), rate_capacity=2, rate_refill_per_second=0))
    replies = [agent.send(f"r{i}", f"I'm Harper Ahmed, zip 2820{i}").reply for i in range(3)]
    assert "faster than I can handle" in replies[-1]  # three sessions, one target: limited


# --------------------------------------------------------------------------- writes


def test_a_malformed_id_is_asked_for_again_never_guessed(agent: Keel, context: Context) -> None:
    turn = agent.send("m1", f"{HARPER} cancel #W99")
    assert "#W99" in turn.reply and PENDING not in turn.reply
    agent.send("m1", "yes")
    assert order(context, PENDING)["status"] == "pending"


def test_a_look_up_beside_a_change_is_never_changed(agent: Keel, context: Context) -> None:
    turn = agent.send(
        "l1",
        f"{HARPER} Cancel {PENDING}, ordered by mistake, and tell me the status of {PROCESSED}",
    )
    assert turn.awaiting == "confirmation"
    done = agent.send("l1", "yes to all")
    assert order(context, PENDING)["status"] == "cancelled"
    assert order(context, PROCESSED)["status"] == "processed"
    assert PROCESSED in done.reply


SOFIA = "I'm Sofia Torres, zip 80270."
CHANGED, LOOKED_UP = "#W4024071", "#W7335104"  # both of Sofia's orders are pending


@pytest.mark.parametrize(
    "request_text",
    [
        f"Cancel {CHANGED}, ordered by mistake, and tell me the status of {LOOKED_UP}",
        f"Cancel {CHANGED} (ordered by mistake) and tell me the status of {LOOKED_UP}",
        f"cancel {CHANGED} ordered by mistake, what's the status of {LOOKED_UP}",
        f"Cancel {CHANGED} because I ordered it by mistake and let me know where {LOOKED_UP} is",
        f"cancel {CHANGED} ordered by mistake plus give me an update on {LOOKED_UP}",
        f"Cancel {CHANGED}, ordered by mistake. Also where is {LOOKED_UP}?",
        f"取消 {CHANGED} 买错了 顺便查下 {LOOKED_UP} 的状态",
        f"取消 {CHANGED}，买错了，再帮我看看 {LOOKED_UP} 到哪了",
    ],
)
def test_an_order_only_asked_about_is_never_in_the_change(
    agent: Keel, context: Context, request_text: str
) -> None:
    """Whatever joins a look-up to a change, "yes to all" changes only the listed order."""
    turn = agent.send("l2", f"{SOFIA} {request_text}")
    assert turn.awaiting == "confirmation", turn.reply
    assert CHANGED in turn.reply and "yes to all" not in turn.reply.lower()
    agent.send("l2", "yes to all")
    assert order(context, CHANGED)["status"] == "cancelled"
    assert order(context, LOOKED_UP)["status"] == "pending"


@pytest.mark.parametrize(
    ("text", "main", "other"),
    [
        (
            "Return the boots from #W1111111 to my original payment and when will #W2222222 "
            "arrive?",
            "return_items",
            "order_status",
        ),
        (
            "please change the address of #W1111111 to 19 W 24th St, Apt 3R, New York, NY "
            "10010 and what's the status of #W2222222",
            "modify_address",
            "order_status",
        ),
        ("取消 #W1111111 买错了 顺便查下 #W2222222 的状态", "cancel_order", "order_status"),
    ],
)
def test_two_requests_in_one_sentence_are_both_read(text: str, main: str, other: str) -> None:
    """A sentence holding a change and a look-up: the change first, the look-up in line."""
    from keel.understanding.offline import offline_understander

    intent, _, others = offline_understander("retail").requests(text)
    assert intent.startswith(main.split("_")[0]), (intent, others)
    assert [o for o, _ in others] == [other]
    assert "#W2222222" in others[0][1] and "#W1111111" not in others[0][1]


@pytest.mark.parametrize(
    "text",
    [
        "cancel both #W1111111 and #W2222222 please, I no longer need them",
        "Cancel #W1111111 and #W2222222 as well, both ordered by mistake",
    ],
)
def test_an_order_named_with_only_filler_stays_with_the_change(text: str) -> None:
    """ "#W2 please", "#W2 as well" ask for nothing of their own: no look-up takes #W2 away."""
    from keel.understanding.offline import offline_understander

    intent, _, others = offline_understander("retail").requests(text)
    assert intent == "cancel_order" and others == ()


def test_several_orders_named_for_one_change_are_all_listed(agent: Keel, context: Context) -> None:
    """ "#W1 and #W2" with one verb: both are the change's, each listed, "yes to all" does both."""
    turn = agent.send("l3", f"{SOFIA} Cancel {CHANGED} and {LOOKED_UP}, ordered by mistake")
    assert CHANGED in turn.reply and LOOKED_UP in turn.reply
    agent.send("l3", "yes to all")
    assert order(context, CHANGED)["status"] == order(context, LOOKED_UP)["status"] == "cancelled"


def test_a_correction_at_the_confirmation_is_listed_anew(agent: Keel, context: Context) -> None:
    agent.send("c1", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
    turn = agent.send("c1", "oops, actually it's because I no longer need it")
    assert turn.awaiting == "confirmation" and "no longer needed" in turn.reply
    assert order(context, PENDING)["status"] == "pending"
    agent.send("c1", "yes")
    assert order(context, PENDING)["reason"] == "no longer needed"


def test_a_question_at_the_confirmation_keeps_it_pending(agent: Keel, context: Context) -> None:
    agent.send("q1", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
    for text in ("ok but wait, what happens to my refund?", "对了，退款多久到账？"):
        turn = agent.send("q1", text)
        assert turn.awaiting == "confirmation" and PENDING in turn.reply
        assert turn.values["confirmation"]["reading"] == "question"
    assert order(context, PENDING)["status"] == "pending"
    agent.send("q1", "ok, yes")
    assert order(context, PENDING)["status"] == "cancelled"


def test_a_question_that_sounds_like_a_complaint_is_answered_not_handed_off(
    agent: Keel, context: Context
) -> None:
    agent.send("q2", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
    turn = agent.send("q2", "sure but I threw out the box already, is that a problem")
    assert turn.awaiting == "confirmation", turn.reply
    turn = agent.send("q2", "this is going nowhere, get me a manager")
    assert turn.awaiting == "human"
    assert order(context, PENDING)["status"] == "pending"


def test_a_question_about_another_own_order_is_answered_and_the_change_stays_listed(
    agent: Keel, context: Context
) -> None:
    agent.send("q3", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
    turn = agent.send("q3", f"quick one before that - did {PROCESSED} ship already?")
    assert turn.awaiting == "confirmation" and "processed" in turn.reply.lower()
    assert order(context, PENDING)["status"] == "pending"
    agent.send("q3", f"ok great. yes, cancel {PENDING}")
    assert order(context, PENDING)["status"] == "cancelled"


def test_someone_elses_order_is_not_read_at_a_confirmation(agent: Keel, context: Context) -> None:
    agent.send("q4", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
    turn = agent.send("q4", f"wait, did {LOOKED_UP} ship already?")  # Sofia Torres's order
    assert turn.awaiting == "confirmation"
    assert LOOKED_UP not in turn.reply  # nothing of it is read out


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Sophia Martin 77034 - pls send #W1092119 to 902 Cedar Court, Unit B instead", None),
        ("Hi, Mei Patel here, zip 76166. I need to check an order", ("Mei", "Patel")),
    ],
)
def test_a_signature_before_the_request_is_identification(
    text: str, name: tuple[str, str] | None
) -> None:
    from keel.understanding import extractors as ex

    assert not ex.strip_identity(text).startswith(("Sophia", "-", "Hi"))
    if name is not None:
        assert ex.person_name(text) == name


def test_moving_to_another_kind_of_change_never_runs_the_one_listed_before(
    agent: Keel, context: Context
) -> None:
    """τ² task 18's class: "wait, I'd rather exchange it" at a return, then "yes"."""
    turn = agent.send(
        "x1", f"{HARPER} I want to return the sunglasses from order #W1602485, refund to my visa"
    )
    assert turn.awaiting == "confirmation" and "return" in turn.reply.lower()
    agent.send(
        "x1", "Hmm, wait, let me rethink. Actually I'd rather exchange them for another color"
    )
    agent.send("x1", "yes")
    assert order(context, "#W1602485")["status"] != "return requested"


def test_undecided_replies_end_with_a_human_and_nothing_changed(
    agent: Keel, context: Context
) -> None:
    agent.send("u1", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
    turns = [agent.send("u1", "hmm") for _ in range(context.max_confirm_rounds + 1)]
    assert [t.awaiting for t in turns[:-1]] == ["confirmation"] * context.max_confirm_rounds
    assert turns[-1].awaiting == "human"
    assert order(context, PENDING)["status"] == "pending"


def test_its_address_is_the_order_in_focus(agent: Keel, context: Context) -> None:
    agent.send("a1", f"{HARPER} What's the status of {PENDING}?")
    turn = agent.send("a1", "can you change its address to 12 Oak St, Boston, MA 02110?")
    assert turn.awaiting == "confirmation" and PENDING in turn.reply
    agent.send("a1", "yes")
    assert order(context, PENDING)["address1"] == "12 Oak St"
    assert user_address(context, "harper_ahmed_1689") != "12 Oak St"


def test_undo_after_a_change_goes_to_a_human_with_what_was_done(
    agent: Keel, context: Context
) -> None:
    agent.send("d1", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
    agent.send("d1", "yes")
    turn = agent.send("d1", "oh no, undo that")
    assert turn.awaiting == "human"
    (ticket,) = HandoffQueue(context.database_url).tickets("d1")
    assert ticket["reason"] == "undo"
    assert ticket["package"]["done"]["args"]["order_id"] == PENDING


def test_an_unlisted_write_is_listed_before_it_runs(agent: Keel, context: Context) -> None:
    """The plan of a write whose arguments were not listed is asked about, never run."""
    agent.send("w1", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
    values = agent.values("w1")
    assert values["listing"] == [
        {
            "tool": "cancel_pending_order",
            "args": {"order_id": PENDING, "reason": "ordered by mistake"},
        }
    ]
    from langchain_core.messages import HumanMessage

    from keel.nodes.act import execute_tool
    from keel.state.dialogue import DialogueState

    plan = {**values["plan"], "args": {"order_id": PROCESSED, "reason": "ordered by mistake"}}
    state = DialogueState(**{**values, "plan": plan, "messages": [HumanMessage("yes")]})

    class Runtime:
        pass

    runtime = Runtime()
    runtime.context = context  # type: ignore[attr-defined]
    update = execute_tool(state, runtime)  # type: ignore[arg-type]
    assert update["decision"]["kind"] == "confirm" and "outcome" not in update
    assert order(context, PROCESSED)["status"] == "processed"


MESSAGES = [
    f"{HARPER} Cancel {PENDING}, ordered by mistake.",
    f"Cancel {PROCESSED}, I don't need it",
    "yes",
    "yes to all",
    "ok but wait, what happens to my refund?",
    "no",
    "sure, but first tell me when the refund arrives",
    "change its address to 12 Oak St, Boston, MA 02110",
    "please change my default address to 9 Elm Rd, Austin, TX 78701",
    "oops, the other order",
    "cancel #W99",
    "好的，不过退款多久到账？",
    "是",
    "go ahead. Also, what's the status of #W4110297?",
    "I want to return the sunglasses from #W1602485 to my visa",
    "hmm",
]


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(conversation=st.lists(st.sampled_from(MESSAGES), min_size=2, max_size=7))
def test_property_every_write_was_listed_first(
    template_db: Path, tmp_path: Path, conversation: list[str]
) -> None:
    """A write tool never runs without a preceding listing of that tool and those arguments."""
    path = tmp_path / f"{uuid.uuid4().hex}.db"
    shutil.copyfile(template_db, path)
    context = Context(database_url=sqlite_url(path), retry_backoff_seconds=(0.0,))
    agent = Keel(context)
    session = f"p-{uuid.uuid4().hex[:8]}"
    for text in [MESSAGES[0], *conversation]:
        agent.send(session, text)
    listed: list[tuple[str, str]] = []
    for event in AuditLog(context.database_url).events(session):
        if event["kind"] == "confirmation" and event["name"] == "listed":
            listed += [
                (w["tool"], repr(sorted(w["args"].items()))) for w in event["payload"]["writes"]
            ]
        if event["kind"] == "tool" and event["payload"].get("access") == "write":
            assert event["name"] in WRITES
            args = event["payload"]["args"]
            assert (event["name"], repr(sorted(args.items()))) in listed, (conversation, event)


# ----------------------------------------------------------- questions, descriptions, parts


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("is my default address still 12 Main St?", "my_profile"),
        ("Also quick q, is my account's default address still the Spruce St one?", "my_profile"),
        ("did you update my default address?", "my_profile"),
        ("has order #W1111111 been cancelled already?", "order_status"),
        ("订单 #W1111111 取消了吗？", "order_status"),
        ("is it possible to cancel #W1111111? I no longer need it", "cancel_order"),
        ("are you able to change my default address to 12 Main St, Austin, TX 78701", None),
        ("is #W1111111 still pending? if so cancel it, I no longer need it", "cancel_order"),
    ],
)
def test_a_question_whether_something_is_so_asks_for_no_change(
    text: str, intent: str | None
) -> None:
    """Asking whether something is so is the look-up that answers it; a request in question
    form ("is it possible to …", "are you able to …", "if so cancel it") stays a request."""
    from keel.understanding.offline import offline_understander

    read, _, _ = offline_understander("retail").requests(text)
    assert read == (intent or "update_default_address"), read


def test_a_question_about_the_default_address_beside_a_change_is_answered_not_listed(
    agent: Keel, context: Context
) -> None:
    before = user_address(context, "harper_ahmed_1689")
    turn = agent.send(
        "q1",
        f"{HARPER} Please ship {PENDING} to 2210 Magnolia Avenue, Apt 14, Lakewood, CO 80226. "
        "Also, is my default address still the Lakeview Drive one?",
    )
    assert turn.awaiting == "confirmation" and "default address" not in turn.reply.split("?")[0]
    done = agent.send("q1", "yep, do everything")
    assert order(context, PENDING)["address1"] == "2210 Magnolia Avenue"
    assert user_address(context, "harper_ahmed_1689") == before
    assert done.awaiting == "nothing" and before in done.reply  # the question answered


@pytest.mark.parametrize(
    "request_text",
    [
        "Cancel the order with the espresso machine, ordered by mistake.",
        f"Cancel {PENDING} (kettle + helmet etc), ordered by mistake.",
        f"Cancel {PENDING}, the one with the kettle and the helmet, ordered by mistake.",
        "取消有咖啡机的那个订单，买错了",
        f"cancel {PENDING} - the one with the kettle, helmet and espresso machine. By mistake.",
    ],
)
def test_items_that_say_which_order_are_no_partial_cancellation(
    agent: Keel, request_text: str
) -> None:
    turn = agent.send("d1", f"{HARPER} {request_text}")
    assert turn.awaiting == "confirmation" and PENDING in turn.reply, turn.reply
    assert turn.reply.rstrip().endswith(("(yes/no)", "（是/否）"))
    assert "whole" not in turn.reply and "整单" not in turn.reply


@pytest.mark.parametrize(
    "request_text",
    [
        f"cancel just the kettle in {PENDING}, ordered by mistake",
        f"Cancel the espresso machine from {PENDING}, ordered by mistake.",
    ],
)
def test_items_picked_out_of_an_order_ask_about_the_whole_order(
    agent: Keel, context: Context, request_text: str
) -> None:
    turn = agent.send("d2", f"{HARPER} {request_text}")
    assert "whole" in turn.reply and turn.awaiting == "clarification", turn.reply
    agent.send("d2", "yes")  # the whole order: listed for its own yes, nothing changed yet
    assert order(context, PENDING)["status"] == "pending"


def test_an_address_given_over_two_messages_is_one_address(agent: Keel, context: Context) -> None:
    first = agent.send("a1", f"{HARPER} pls send {PENDING} to 902 Cedar Court, Unit B instead")
    assert first.awaiting == "clarification" and '"902 Cedar Court, Unit B"' in first.reply
    turn = agent.send("a1", "it's in Phoenix AZ 85004")
    assert turn.awaiting == "confirmation"
    assert "902 Cedar Court, Unit B, Phoenix, AZ 85004" in turn.reply, turn.reply
    agent.send("a1", "yes")
    changed = order(context, PENDING)
    assert (changed["address1"], changed["address2"], changed["zip"]) == (
        "902 Cedar Court",
        "Unit B",
        "85004",
    )


def test_the_rest_of_an_address_never_completes_another_street() -> None:
    from keel.understanding.addresses import completed_address

    started = {"address1": "902 Cedar Court", "address2": "Unit B", "incomplete": "yes"}
    assert completed_address(started, "Phoenix AZ 85004") == {
        "address1": "902 Cedar Court",
        "address2": "Unit B",
        "city": "Phoenix",
        "state": "AZ",
        "country": "USA",
        "zip": "85004",
    }
    assert completed_address(started, "44 Oak St, Phoenix AZ 85004") is None  # its own street
    assert completed_address(started, "Phoenix") is None  # still not the rest


def test_a_correction_naming_the_listed_order_and_another_lists_the_other(
    agent: Keel, context: Context
) -> None:
    """ "keep #W1, the one I want gone is #W2": the target is the order not listed."""
    agent.send("k1", f"{SOFIA} Cancel {CHANGED}, no longer needed")
    turn = agent.send(
        "k1", f"argh wrong number, sorry - keep {CHANGED}. the one I want gone is {LOOKED_UP}"
    )
    assert turn.awaiting == "confirmation" and LOOKED_UP in turn.reply
    assert CHANGED not in turn.reply.split("Please confirm")[-1], turn.reply
    agent.send("k1", "yes")
    assert order(context, CHANGED)["status"] == "pending"
    assert order(context, LOOKED_UP)["status"] == "cancelled"


@pytest.mark.parametrize(
    "request_text",
    [
        f"Cancel {CHANGED}, no longer needed. {LOOKED_UP} I might cancel in a few days, "
        "don't touch it yet.",
        f"取消 {CHANGED}，不需要了。另外 {LOOKED_UP} 我可能过几天也要取消，还没想好，先别动它。",
        f"cancel {CHANGED}, no longer needed. I'm keeping {LOOKED_UP}, don't cancel it.",
    ],
)
def test_an_order_held_back_is_in_no_request(
    agent: Keel, context: Context, request_text: str
) -> None:
    """Set D c02_03: "先别动它" after an order queued it for the same cancellation."""
    turn = agent.send("h1", f"{SOFIA} {request_text}")
    assert turn.awaiting == "confirmation" and LOOKED_UP not in turn.reply, turn.reply
    agent.send("h1", "yes to all")
    assert order(context, CHANGED)["status"] == "cancelled"
    assert order(context, LOOKED_UP)["status"] == "pending"


def test_the_order_asked_about_is_not_the_one_held_back() -> None:
    from keel.understanding.extractors import asked_order_ids

    text = "So I'm keeping #W7836908, don't cancel it. When will #W1006327 ship?"
    assert asked_order_ids(text) == ["#W1006327"]
    assert asked_order_ids("don't cancel #W7836908") == ["#W7836908"]


@pytest.mark.parametrize(
    "text",
    [
        "My tea kettle order #W1111111 is set to go to Jacksonville, but it's a gift for my "
        "brother - could #W1111111 go to 4410 Harbor View Road, Unit 9, Tacoma, WA 98402 "
        "instead of Jacksonville?",
        "I'd rather have that one come to my office: 1 Market Plaza, Suite 300, "
        "San Francisco, CA 94105. Could you update it?",
    ],
)
def test_a_complete_new_address_settles_an_unsure_request(text: str) -> None:
    """Set D c05_01 / c07_02: the classifier was unsure (or read an item change); the
    complete address stated makes it the address change first in its ranking."""
    from keel.understanding.offline import offline_understander

    assert offline_understander("retail").requests(text)[0] == "modify_address"


def test_putting_it_off_drops_the_task(agent: Keel) -> None:
    """Set D c06_02: "I'll find the order number and come back later" kept asking."""
    first = agent.send("p1", f"{HARPER} I'd like to return everything in order #W4417")
    assert first.awaiting == "clarification"
    turn = agent.send(
        "p1", "Ugh, OK. I'll find the proper order number in my emails and come back later."
    )
    assert turn.awaiting == "nothing", turn.reply


def test_a_description_of_the_order_is_no_request_of_its_own() -> None:
    """Set D c06_01: "the one with just the black t-shirt" turned a cancellation's order id
    into an item change."""
    from keel.understanding.offline import clauses

    assert clauses("found it: #W6247578, the one with just the black t-shirt") == [
        "found it: #W6247578"
    ]


def test_a_change_beside_the_request_starts_only_when_surely_asked() -> None:
    """Set D c02_01: "still waiting on the espresso machine" queued an item change."""
    from keel.understanding.offline import offline_understander

    understander = offline_understander("retail")
    _, _, others = understander.requests(
        "Please cancel #W1111111, I ordered it by mistake. And separately, whats the status of "
        "#W2222222? still waiting on the espresso machine."
    )
    assert [label for label, _ in others] == ["order_status"]
    _, _, others = understander.requests("cancel my pending orders. And return the watch")
    assert [label for label, _ in others] == ["return_items"]


def test_it_after_a_refused_order_is_that_order_again(agent: Keel, context: Context) -> None:
    """Set D c08_03: "just cancel it please" after "I can't find #W… on your account" asked
    which of the speaker's own orders to cancel; "it" is the refused order, refused again."""
    first = agent.send("r1", f"{HARPER} my neighbour asked me to cancel his order #W4024071")
    assert first.awaiting == "nothing" and "#W4024071" in first.reply
    turn = agent.send("r1", "I promise he asked me to, just cancel it please")
    assert turn.awaiting == "nothing" and "#W4024071" in turn.reply, turn.reply
    assert order(context, "#W4024071")["status"] == "pending"


def test_an_order_left_alone_is_never_the_one_changed(agent: Keel, context: Context) -> None:
    """Set E 2_05: "update my default address to …. Order #W… must keep going to …, don't
    touch that one" listed that order's address for the yes, and "yes to everything" moved it."""
    from keel.understanding.extractors import asked_order_ids

    left = f"Order {PENDING} must keep going to 618 Lakeview Drive though, don't touch that one."
    assert asked_order_ids(left) == []
    turn = agent.send(
        "la1",
        f"{HARPER} Please update the default address on my account to 1630 Welton St, Apt 9, "
        f"Denver, CO 80202. {left}",
    )
    assert turn.awaiting == "confirmation" and "default address" in turn.reply, turn.reply
    agent.send("la1", "yes to everything")
    assert order(context, PENDING)["address1"] == "618 Lakeview Drive"
    assert user_address(context, "harper_ahmed_1689") == "1630 Welton St"


@pytest.mark.parametrize(
    "correction",
    [
        "hmm, no, sorry - it's the bicycle one I want gone, not the luggage",
        "oh no I mixed them up. The luggage set is the one I want to keep. It's the skateboard "
        "order that was the accident. Please leave the luggage set alone.",
    ],
)
def test_a_correction_naming_another_orders_item_points_the_change_there(
    agent: Keel, context: Context, correction: str
) -> None:
    """Set F 3_25, set E 3_03: a correction naming another order by an item it holds was read
    as a no, or as a partial cancellation of the listed order, whose next yes cancelled it."""
    agent.send("i1", f"{SOFIA} Cancel {CHANGED}, ordered by mistake")
    turn = agent.send("i1", correction)
    assert turn.awaiting == "confirmation" and LOOKED_UP in turn.reply, turn.reply
    assert CHANGED not in turn.reply.split("Please confirm")[-1], turn.reply
    agent.send("i1", "yes")
    assert order(context, CHANGED)["status"] == "pending"
    assert order(context, LOOKED_UP)["status"] == "cancelled"


def test_a_reason_named_only_to_be_denied_is_not_the_reason() -> None:
    """Set F 1_08: "其实不是下错单，是用不上了" kept "ordered by mistake" listed."""
    from keel.understanding.extractors import cancel_reason

    assert cancel_reason("其实不是下错单，是用不上了") == "no longer needed"
    assert cancel_reason("it was not a mistake, i just don't need it") == "no longer needed"
    assert cancel_reason("not by mistake, I no longer need it") == "no longer needed"
    assert cancel_reason("I ordered it by mistake, I don't need two") == "ordered by mistake"


def test_a_reason_changed_while_agreeing_is_listed_anew(agent: Keel, context: Context) -> None:
    """Set F 1_08: "可以，不过原因写“不再需要”吧" was answered as a question and the old reason
    listed again; the next yes cancelled with the reason the customer had taken back."""
    agent.send("r1", f"{SOFIA} 订单 {CHANGED} 取消吧，下错单了。")
    turn = agent.send("r1", "可以，不过原因写“不再需要”吧，其实不是下错单，是用不上了。")
    assert turn.awaiting == "confirmation" and "不再需要" in turn.reply, turn.reply
    agent.send("r1", "对，确认取消。")
    assert order(context, CHANGED)["reason"] == "no longer needed"


@pytest.mark.parametrize(
    "request_text",
    [
        f"I've got two pending orders, {LOOKED_UP} and {CHANGED} - I don't need the second one "
        "anymore, please cancel it.",
        f"{LOOKED_UP} 和 {CHANGED} 这两单，第二个不需要了，取消吧",
    ],
)
def test_an_ordinal_after_the_orders_picks_one_of_them(
    agent: Keel, context: Context, request_text: str
) -> None:
    """Set F 3_26: "#W1 and #W2 - I don't need the second one" queued both, listed #W1 first,
    and "yes" cancelled it."""
    turn = agent.send("o1", f"{SOFIA} {request_text}")
    assert turn.awaiting == "confirmation" and LOOKED_UP not in turn.reply, turn.reply
    agent.send("o1", "yes")
    assert order(context, LOOKED_UP)["status"] == "pending"
    assert order(context, CHANGED)["status"] == "cancelled"


def test_the_other_one_at_a_confirmation_is_the_other_order(agent: Keel, context: Context) -> None:
    """Set F 3_30: "no no - the other one!!" listed the same order again."""
    agent.send("t1", f"{SOFIA} Cancel {CHANGED}, ordered by mistake")
    turn = agent.send("t1", "no no - the other one!! 🙈")
    assert turn.awaiting == "confirmation" and LOOKED_UP in turn.reply, turn.reply
    assert CHANGED not in turn.reply.split("Please confirm")[-1], turn.reply


def test_an_order_kept_while_others_are_confirmed_is_never_changed(
    agent: Keel, context: Context
) -> None:
    """Set F 2_11/2_13: at a listing of several orders, keeping one and naming the others."""
    agent.send("n1", f"{SOFIA} Please cancel {CHANGED} and {LOOKED_UP} - both ordered by mistake.")
    turn = agent.send("n1", f"ok decided: leave {LOOKED_UP} alone. Only {CHANGED} gets cancelled.")
    assert turn.awaiting == "confirmation" and LOOKED_UP not in turn.reply, turn.reply
    agent.send("n1", "yes to all")
    assert order(context, CHANGED)["status"] == "cancelled"
    assert order(context, LOOKED_UP)["status"] == "pending"


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("嗯……#W7007896 和 #W7756209 取消，#W1302858 先留着", "#W1302858"),
        (
            "argh wrong number, sorry - keep #W4024071. the one I want gone is #W7335104",
            "#W4024071",
        ),
        ("no wait, it's #W7335104 that should go there. Leave #W4024071 where it is.", "#W4024071"),
        (
            "ship #W3168895 to 1180 Lincoln Ave, Apt 4, San Jose, CA 95125, the #W6116680 one "
            "will probably have to move too but I need to ask my landlord first so leave that "
            "one for now",
            "#W6116680",
        ),
    ],
)
def test_an_order_kept_is_not_asked_for(text: str, kept: str) -> None:
    from keel.understanding.extractors import asked_order_ids

    assert kept not in asked_order_ids(text)


def test_declining_the_task_without_one_in_progress_starts_nothing(agent: Keel) -> None:
    """Set F 1_05: "so keep the order - nothing to cancel" after a no started a cancellation."""
    agent.send("d1", f"{SOFIA} Cancel {CHANGED}, no longer needed")
    agent.send("d1", "no, don't do it yet")
    turn = agent.send(
        "d1", "She wants the bicycle after all, so keep the order - nothing to cancel."
    )
    assert turn.awaiting == "nothing", turn.reply


@pytest.mark.xfail(
    strict=True,
    reason="dependency drift (issue 25 note): fails on cbefaea too with today's packages; "
    "strict, so the marker must go once the classifier is re-fitted and it passes",
)
def test_an_answer_with_a_request_for_another_order_keeps_the_task_on_its_order(
    agent: Keel, context: Context
) -> None:
    """Set G 15: the reason for a cancellation given with "oh and my other order #W2 needs to
    go to …" moved the cancellation to #W2, and "yes" cancelled it."""
    agent.send("a1", f"{SOFIA} Please cancel order {CHANGED}.")
    turn = agent.send(
        "a1",
        f"Ordered it by mistake. Oh and while I have you - my other order {LOOKED_UP} needs to go "
        "to 14 Birch Road, Apt 2, Tulsa, OK 74103 instead.",
    )
    assert turn.awaiting == "confirmation", turn.reply
    assert CHANGED in turn.reply.split("Please confirm")[-1], turn.reply
    agent.send("a1", "yes")
    assert order(context, CHANGED)["status"] == "cancelled"
    assert order(context, LOOKED_UP)["status"] == "pending"
    agent.send("a1", "yes")  # the address change, listed after the cancellation
    assert order(context, LOOKED_UP)["address1"] == "14 Birch Road"


def test_a_value_named_as_the_wrong_one_is_not_the_new_value(agent: Keel, context: Context) -> None:
    """Set G 05: "80205 is the right one. I typed 80203 by mistake" put 80203 back."""
    agent.send("z1", f"{SOFIA} Please ship {CHANGED} to 455 Maple Street, Apt 3, Denver, CO 80203.")
    turn = agent.send("z1", "455 Maple Street, Apt 3, Denver, CO 80205 - yes.")
    assert "80205" in turn.reply
    turn = agent.send("z1", "80205 is the right one. I typed 80203 by mistake the first time.")
    assert "80203" not in turn.reply.split("Please confirm")[-1], turn.reply
    agent.send("z1", "yes")
    assert order(context, CHANGED)["zip"] == "80205"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            f"Cancel order {CHANGED} - no wait, change its shipping address to 90 Spring Street, "
            "Apt 4, Philadelphia, PA 19106 instead - ugh, actually forget the address, just "
            "cancel it. I ordered it by mistake.",
            "cancel_order",
        ),
        (
            f"cancel {CHANGED} - scratch that, ship it to 90 Spring Street, Apt 4, "
            "Philadelphia, PA 19106",
            "modify_address",
        ),
    ],
)
def test_a_mind_changed_inside_one_message_asks_for_what_follows(text: str, intent: str) -> None:
    """Set G 06: the address change taken back in the same message was listed and written."""
    from keel.understanding.offline import offline_understander

    assert offline_understander("retail").read(text).intent == intent


def test_an_order_taken_back_inside_one_message_is_not_asked_for() -> None:
    from keel.understanding.extractors import asked_order_ids

    assert asked_order_ids(f"cancel {CHANGED} - no wait, {LOOKED_UP}") == [LOOKED_UP]


def test_a_correction_to_another_order_leaving_the_listed_one_lists_the_other(
    agent: Keel, context: Context
) -> None:
    """Set C c3_05, broken for an hour by the narrowing of several listed orders: with one
    order listed, naming both (the listed one to be left) points the change at the other."""
    agent.send(
        "w1", f"{SOFIA} Please ship {CHANGED} to 700 W Van Buren St, Unit 5, Phoenix, AZ 85007."
    )
    turn = agent.send(
        "w1",
        f"no wait, wrong order number. It's {LOOKED_UP} that should go to 700 W Van Buren St, "
        f"Unit 5, Phoenix, AZ 85007. Leave {CHANGED} where it is.",
    )
    assert LOOKED_UP in turn.reply.split("Please confirm")[-1], turn.reply
    agent.send("w1", "yes")
    assert order(context, LOOKED_UP)["address1"] == "700 W Van Buren St"
    assert order(context, CHANGED)["address1"] != "700 W Van Buren St"


@pytest.mark.parametrize(
    "reply",
    [
        "yes on the cancel. scratch the address change - we're not moving after all",
        f"哦，改地址那个不用了，搬家推迟了。只取消 {LOOKED_UP}。",
    ],
)
def test_declining_the_listed_change_for_the_waiting_one_takes_it_up_as_said(
    agent: Keel, context: Context, reply: str
) -> None:
    """Set F 2_12/2_16: declining the listed change and keeping the one waiting behind it
    started that one anew without its reason (asked again), or listed the declined address
    change on the other order."""
    agent.send(
        "s1",
        f"{SOFIA} Two things: ship {CHANGED} to 1520 Spruce Street, Apt 3F, Philadelphia, PA "
        f"19102, and cancel {LOOKED_UP} - no longer needed.",
    )
    turn = agent.send("s1", reply)
    assert turn.awaiting == "confirmation", turn.reply
    listing = (
        turn.reply.split("Please confirm")[-1] if "Please confirm" in turn.reply else turn.reply
    )
    assert LOOKED_UP in listing and "Spruce" not in listing, turn.reply
    agent.send("s1", "yes")
    assert order(context, LOOKED_UP)["status"] == "cancelled"
    assert order(context, LOOKED_UP)["reason"] == "no longer needed"
    assert order(context, CHANGED)["address1"] != "1520 Spruce Street"


def test_a_change_beside_an_order_held_back_in_the_same_sentence_is_read() -> None:
    """Set G 04: "#W2 should keep going to my current address, but I want to pay for it with
    my Visa" was left out whole (it holds an order back), and the payment change was lost."""
    from keel.understanding.offline import offline_understander

    text = (
        f"{SOFIA} Two things: please change the shipping address on {CHANGED} to 4120 Adams "
        f"Avenue, Apt 6, San Diego, CA 92116. And {LOOKED_UP} should keep going to my current "
        "address, but I want to pay for it with my Visa ending 1826 instead of PayPal."
    )
    reading = offline_understander("retail").read(text)
    assert reading.intent == "modify_address"
    assert [i for i, _ in reading.others] == ["modify_payment"]


def test_items_named_at_an_order_address_change_only_say_which_order(
    agent: Keel, context: Context
) -> None:
    """Set E 1_03: at an address change, "ahh right, luggage set + backpack, my mistake. yes
    go ahead" named items of the order, read as other items: listed again, never done."""
    agent.send("m1", f"{SOFIA} Please ship {CHANGED} to 88 Lamar Blvd, Apt 210, Austin, TX 78704")
    turn = agent.send("m1", "ahh right, luggage set + backpack, my mistake. yes go ahead")
    assert turn.awaiting == "nothing", turn.reply
    assert order(context, CHANGED)["address1"] == "88 Lamar Blvd"


# --------------------------------------------------------------------------- sets H and I


def test_a_yes_adding_another_order_does_the_listed_one_and_asks_for_the_other(
    agent: Keel, context: Context
) -> None:
    """Set H 18: "yes. and yes to the next one too — #W2" moved the cancellation to #W2, with
    the first order's reason, and the first order was never cancelled."""
    agent.send("m1", f"{SOFIA} Please cancel {CHANGED}, I ordered it by mistake.")
    turn = agent.send("m1", f"yes. and yes to the next one too — {LOOKED_UP}")
    assert order(context, CHANGED)["status"] == "cancelled"
    assert order(context, LOOKED_UP)["status"] == "pending"
    assert turn.awaiting == "clarification" and LOOKED_UP in turn.reply, turn.reply
    agent.send("m1", "no longer needed")
    agent.send("m1", "yes")
    assert order(context, LOOKED_UP)["reason"] == "no longer needed"


def test_a_bare_order_id_at_a_confirmation_changes_nothing(agent: Keel, context: Context) -> None:
    """τ² task 79, broken for an hour this session: the listed order's id alone ran the change."""
    agent.send("b1", f"{SOFIA} Please cancel {CHANGED}, I ordered it by mistake.")
    turn = agent.send("b1", CHANGED)
    assert turn.awaiting == "confirmation", turn.reply
    assert order(context, CHANGED)["status"] == "pending"


def test_a_city_swapped_at_the_confirmation_is_listed_anew(agent: Keel, context: Context) -> None:
    """Set I 11 (its one wrong write): "its cambridge not boston" was answered as a question
    and "yes thats it now" shipped the order to Boston."""
    agent.send("c1", f"{SOFIA} Ship {CHANGED} to 40 Brattle St, Apt 2, Boston, MA 02138 please.")
    turn = agent.send("c1", "its cambridge not boston sorry. zip and everything else is right")
    assert "Cambridge" in turn.reply.split("Please confirm")[-1], turn.reply
    agent.send("c1", "yes thats it now")
    with session_scope(context.database_url) as session:
        row = session.get(Order, CHANGED)
        assert row is not None and row.city == "Cambridge"


def test_a_correction_that_changes_nothing_says_so(agent: Keel) -> None:
    """A correction the agent cannot apply lists the same change again, saying it is unchanged
    (so that a yes to it is not taken for a yes to what the customer meant)."""
    agent.send("u1", f"{SOFIA} Ship {CHANGED} to 40 Brattle St, Apt 2, Boston, MA 02138 please.")
    turn = agent.send("u1", "that's not right, I meant the other street")
    assert turn.awaiting == "confirmation" and "still the same" in turn.reply, turn.reply


def test_declining_the_listed_change_for_another_says_it_was_declined(agent: Keel) -> None:
    """Set I 04: "先不取消了…另外#W2是已经送到了吗" answered #W2 without saying the no was heard."""
    agent.send("q1", f"{SOFIA} Please cancel {CHANGED}, I ordered it by mistake.")
    turn = agent.send("q1", f"no, don't cancel it after all. and where is {LOOKED_UP}?")
    assert "haven't made that change" in turn.reply and LOOKED_UP in turn.reply, turn.reply


def test_an_id_typed_in_groups_or_full_width_is_read() -> None:
    from keel.understanding.extractors import order_ids

    assert order_ids("cancel order W 2904 339 pls") == ["#W2904339"]
    assert order_ids("取消订单＃Ｗ６７３１３１０") == ["#W6731310"]
    assert order_ids("I have 2 orders W 1 2") == []


def test_a_po_box_is_an_address() -> None:
    assert address_in("to PO Box 4471 Springfield IL 62704 thx") == {
        "address1": "PO Box 4471",
        "address2": "",
        "city": "Springfield",
        "state": "IL",
        "country": "USA",
        "zip": "62704",
    }


def test_a_value_swapped_in_a_listed_address() -> None:
    listed = {
        "address1": "40 Brattle St",
        "address2": "Apt 2",
        "city": "Boston",
        "state": "MA",
        "zip": "02138",
        "country": "USA",
    }
    assert (amend_address(listed, "its cambridge not boston sorry") or {}).get(
        "city"
    ) == "Cambridge"
    assert amend_address(listed, "its cambridge not chicago") is None


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            f"I was going to cancel {CHANGED} but my partner talked me out of it, so instead "
            "please send it to 19 Willow Bend Road, Apt 4, Brooklyn, NY 11215.",
            "modify_address",
        ),
        (f"only show me {LOOKED_UP}, don't cancel that one.", "order_status"),
        ("cheers, ill come back when i know", "goodbye"),
    ],
)
def test_a_request_given_up_or_taken_back_is_not_read(text: str, intent: str) -> None:
    """Set H 16 (a cancellation given up for an address change) and H 07, H 04."""
    from keel.understanding.offline import offline_understander

    assert offline_understander("retail").read(text).intent == intent


def test_an_order_left_at_its_address_is_not_asked_for() -> None:
    """Set H 19: "That order can still go to the old place" queued an address change."""
    from keel.understanding.offline import views

    text = (
        "please update the address on my account to 5120 Desert Willow Lane, Suite 210, "
        "Scottsdale, AZ 85251. That order can still go to the old place, my roommate will grab it."
    )
    assert all("old place" not in view for view in views(text))


def test_a_no_with_nothing_asked_is_answered_as_one(agent: Keel) -> None:
    agent.send("n9", f"{SOFIA} Please cancel {CHANGED}, I ordered it by mistake.")
    agent.send("n9", "yeah nah")
    turn = agent.send("n9", "sorry, aussie speak — that's a no. don't cancel it, the kids want it")
    assert "nothing will be changed" in turn.reply, turn.reply


def test_capitals_are_no_anger_for_a_customer_who_writes_in_them(agent: Keel) -> None:
    """Set H 20: a caps-lock customer was handed to a human after two messages."""
    agent.send("k1", f"{SOFIA.upper()} (SORRY, CAPS LOCK). CANCEL {CHANGED}, NO LONGER NEEDED.")
    agent.send("k1", "DONT CANCEL IT YET. HOW MUCH DO I GET BACK AND WHEN?")
    turn = agent.send("k1", "HMM. FORGET IT THEN, KEEP THE ORDER.")
    assert turn.awaiting != "human", turn.reply


def test_a_write_named_in_an_answer_to_a_look_up_starts_that_write(agent: Keel) -> None:
    """Set I 28: "那帮我取消#W…吧，不需要了" answered the look-up's "which order?" and showed it."""
    agent.send("w9", f"{SOFIA} what's the status of my order?")
    turn = agent.send("w9", f"那帮我取消{CHANGED}吧，不需要了")
    assert turn.awaiting == "confirmation" and CHANGED in turn.reply, turn.reply


@pytest.mark.parametrize(
    "text",
    [
        f"please ship both {CHANGED} and {LOOKED_UP} to 14 Birch Road, Apt 2, Tulsa, OK 74103",
        f"我有两个订单{CHANGED}和{LOOKED_UP}，它们的地址都改成 "
        "14 Birch Road, Apt 2, Tulsa, OK 74103",
    ],
)
def test_an_address_change_for_several_orders_changes_each_after_its_yes(
    agent: Keel, context: Context, text: str
) -> None:
    """Set I 26: the second order of "ship both … to …" was dropped, or only looked up."""
    turn = agent.send("s2", f"{SOFIA} {text}")
    assert turn.awaiting == "confirmation", turn.reply
    agent.send("s2", "yes")
    agent.send("s2", "yes")
    assert order(context, CHANGED)["address1"] == "14 Birch Road"
    assert order(context, LOOKED_UP)["address1"] == "14 Birch Road"


def test_a_waiting_change_declined_beside_the_listed_one_is_dropped(
    agent: Keel, context: Context
) -> None:
    """Set G 18: "the new address is right - but don't switch the payment after all" declined
    the listed address change; now it drops the waiting change and the address goes ahead."""
    agent.send(
        "g8",
        f"{SOFIA} Ship {CHANGED} to 14 Birch Road, Apt 2, Tulsa, OK 74103, and cancel "
        f"{LOOKED_UP} too, ordered by mistake.",
    )
    turn = agent.send("g8", f"yes, the address is right - but don't cancel {LOOKED_UP} after all.")
    # both were listed together: the yes runs the address change, the declined one is off
    assert order(context, CHANGED)["address1"] == "14 Birch Road"
    assert turn.awaiting == "nothing" and order(context, LOOKED_UP)["status"] == "pending"
    assert "cancelled" not in turn.reply


# --------------------------------------------------------------------------- set J


def test_a_question_where_another_order_ships_gives_no_address() -> None:
    """Set J 08: "另外 #W2 是寄到哪个地址的？" beside a cancellation became an address change of
    #W1 to #W2's address: an order only asked about offers no value for another change."""
    from keel.understanding import extractors as ex

    assert ex.pointed_order_ids("#W1111111 帮我取消；另外 #W2222222 是寄到哪个地址的？") == [
        "#W1111111"
    ]
    assert ex.pointed_order_ids("where is #W2222222 going?") == []
    assert ex.pointed_order_ids("ship it to the same address as #W2222222") == ["#W2222222"]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("你好。#W1111111 是下错单了，帮我取消；另外 #W2222222 是寄到哪个地址的？", "cancel_order"),
        ("你好。#W1111111 的地址帮我改成 88 Lamar Blvd, Austin, TX 78704。谢谢", "modify_address"),
        (
            "喂 你好 我是Evelyn Moore 邮编19019 那个就是我那个订单#W4308578然后地址要改一下 改成 "
            "就是 2210 Oak Street 然后 Suite 5 嗯 城市是 Portland 州是 OR 邮编是 97205 对 就这个",
            "modify_address",
        ),
    ],
)
def test_a_blend_of_sentences_is_not_a_request_none_of_them_makes(text: str, intent: str) -> None:
    """Set J 08: a Chinese message read whole was an address change no sentence asked for."""
    from keel.understanding.offline import offline_understander

    assert offline_understander("retail").read(text).intent == intent


def test_a_namesake_of_the_listed_item_is_an_alternative_to_it() -> None:
    """Set J 10: "Yes, that's right, the black one." returned the listed silver watch."""
    from keel.domain.config import load_domain
    from keel.domain.retail.policy import listed_alternatives

    items = [
        {
            "item_id": "1",
            "product_id": "w",
            "name": "Smart Watch",
            "price": 1.0,
            "options": {"color": "silver", "band": "leather"},
        },
        {
            "item_id": "2",
            "product_id": "w",
            "name": "Smart Watch",
            "price": 1.0,
            "options": {"color": "black", "band": "leather"},
        },
    ]

    def call(tool: str, args: dict[str, Any]) -> dict[str, Any]:
        assert tool == "get_order_details"
        return {"ok": True, "data": {"items": items}}

    plan: Any = {"args": {"order_id": "#W1111111", "item_ids": ["1"]}}
    shown = "Please confirm: return Smart Watch (silver, leather, $1.00) from order #W1111111"
    words = listed_alternatives(call, load_domain("retail"), "return_items", plan, shown)
    assert "black" in words and "leather" not in words


@pytest.mark.parametrize(
    "reply",
    [
        "Right, the address thing. To be honest the lease on the new place isn't signed yet, so "
        "let's not touch it today.",
        "let's not touch it today",
        "ok, the address. my landlord still hasn't sent me the keys to the flat",
    ],
)
def test_an_acknowledgement_followed_by_words_not_understood_is_no_yes(reply: str) -> None:
    """Set J 06: "Right, …" followed by a roundabout no moved the order."""
    from keel.understanding.confirmation import Listed, read_confirmation

    listed = Listed(
        task="modify_address",
        orders=("#W1220770",),
        text="Please confirm: ship order #W1220770 to 1200 Oak Street, Apt 5B, Raleigh, NC 27601.",
        actions=("ship (?:it|them) there|change (?:it|the address)",),
        topic=(r"address\w*|ship\w*",),
    )
    assert not read_confirmation(reply, listed, lambda _: None).executes
    for plain in ("yes pls ship it there", "Yes that's the new place 👍", "嗯嗯 都确认吧"):
        assert read_confirmation(plain, listed, lambda _: None).executes


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("Yes for #W1111111. No for #W2222222 - leave that one, it goes to my mom.", {"#W2222222"}),
        ("#W2222222: no", {"#W2222222"}),
        ("cancel #W1111111 not #W2222222", {"#W2222222"}),
        ("#W2222222 no longer needed, cancel it", set()),
        ("Cancel order #W2222222 - no wait, change its address", set()),
    ],
)
def test_a_no_said_to_one_order_holds_back_that_order(text: str, held: set[str]) -> None:
    """Set J 09: "No for #W2 - leave that one" left #W2 in the several-order address change."""
    from keel.understanding import extractors as ex

    assert ex.held_back_orders(text) == held


def test_a_number_before_a_chinese_clause_starts_no_street() -> None:
    """Set J 18: "邮编19019 那个…改成 就是 2210 Oak Street …" read address1 "19019 2210 Oak
    Street" (a value swallowing its neighbour) and left the zip code unread."""
    from keel.understanding import extractors as ex

    text = (
        "我是Evelyn Moore 邮编19019 那个订单#W4308578然后地址要改一下 改成 就是 2210 Oak Street "
        "然后 Suite 5 嗯 城市是 Portland 州是 OR 邮编是 97205 对"
    )
    assert ex.zip_code(text) == "19019"
    assert (ex.address(text) or {}).get("address1") == "2210 Oak Street"


def test_the_parcel_just_read_can_be_sent_elsewhere(agent: Keel, context: Context) -> None:
    """Set J 23: "Can the parcel go to my sister's place instead? <address>" was not understood:
    an unsure request with a complete address is the address change its ranking names, and
    "the parcel" is the order just read."""
    agent.send("p1", f"{HARPER} What's the status of {PENDING}?")
    turn = agent.send(
        "p1",
        "OK. Can the parcel go to my sister's place instead? 19 Grove Court, Apt 2B, Ann Arbor, "
        "MI 48104.",
    )
    assert turn.awaiting == "confirmation" and PENDING in turn.reply, turn.reply
    agent.send("p1", "yes please")
    assert order(context, PENDING)["address1"] == "19 Grove Court"


# --------------------------------------------------------------------------- set K


@pytest.mark.parametrize(
    "text",
    [
        "Hmm wait. Can I get it back? I think I still want it after all.",
        "Ugh, my mistake - can you have it go where it was going before?",
        "还是要了，刚才那个",
    ],
)
def test_an_undo_asked_in_other_words_goes_to_a_human(
    agent: Keel, context: Context, text: str
) -> None:
    """Set K 10.01 and 10.02: "can I get it back?" after a cancellation was told only
    delivered orders can be returned; "have it go where it was going before" was not read."""
    agent.send("u1", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
    agent.send("u1", "yes")
    assert agent.send("u1", text).awaiting == "human"


@pytest.mark.parametrize("text", ["where is it going?", "how do I get my money back?"])
def test_a_question_after_a_change_is_no_undo(text: str) -> None:
    from keel.understanding import extractors as ex

    assert not ex.asks_to_undo(text)


@pytest.mark.parametrize(
    ("who", "asked", "wanted", "kept"),
    [
        # two Smartphones in two orders ($692.66 in #W6996851, $711.21 in #W7949932)
        (
            "Hi, Emma Scott, zip 78756.",
            "I have two smartphones and only need one. Return the cheaper one please, "
            "refund to paypal.",
            "#W7949932",
            "#W6996851",
        ),
        # two Tablets in one order ($492.52 and $557.17 in #W7068956)
        (
            "Hi, Anya Young, zip 37232.",
            "return the cheaper tablet from #W7068956 please, refund to paypal",
            "557.17",
            "492.52",
        ),
    ],
)
def test_a_choice_made_anew_at_the_confirmation_is_the_one_listed(
    agent: Keel, context: Context, who: str, asked: str, wanted: str, kept: str
) -> None:
    """Blind τ² task 84: "return the more expensive one instead" at the cheaper one's return
    kept the cheaper one listed (only the refund method changed), and the yes returned it."""
    agent.send("p1", who)
    first = agent.send("p1", asked)
    assert first.awaiting == "confirmation" and kept in first.reply, first.reply
    turn = agent.send("p1", "actually, changed my mind — return the more expensive one instead")
    listing = turn.reply.split("Please confirm")[-1]
    assert turn.awaiting == "confirmation" and wanted in listing and kept not in listing, turn.reply


def test_the_pricier_order_is_returned_after_a_choice_made_anew(
    agent: Keel, context: Context
) -> None:
    agent.send("p2", "Hi, Emma Scott, zip 78756.")
    agent.send("p2", "I have two smartphones, return the cheaper one, refund to paypal.")
    agent.send("p2", "no wait, the pricier one")
    agent.send("p2", "yes")
    assert order(context, "#W7949932")["status"] == "return requested"
    assert order(context, "#W6996851")["status"] == "delivered"


def test_a_part_of_a_correction_left_as_before_is_named() -> None:
    """A correction whose listing changed one part and not another says which is as before."""
    from keel.nodes.respond import unchanged_parts

    args = {"order_id": "#W1", "item_ids": ["1"], "payment_method_id": "credit_card_1"}
    before = [{"tool": "return_delivered_order_items", "args": args}]
    after = [
        {
            "tool": "return_delivered_order_items",
            "args": {**args, "payment_method_id": "gift_card_1"},
        }
    ]
    kinds = {"choice": ["order_id", "item_ids"], "payment": ["payment_method_id"]}
    assert unchanged_parts(["payment", "choice"], before, after, kinds) == ["choice"]  # type: ignore[arg-type]
    moved = [{"tool": after[0]["tool"], "args": {**after[0]["args"], "order_id": "#W2"}}]
    assert unchanged_parts(["payment", "choice"], before, moved, kinds) == []  # type: ignore[arg-type]
    assert unchanged_parts(["number"], before, after, kinds) == []  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("最后，我那个已取消的订单，物流单号是多少？", "track_parcel"),
        ("我那个被取消的订单，退款了吗", "order_status"),
        ("请取消我那个已发货的订单", "cancel_order"),
        ("what's the tracking number of my cancelled order?", "track_parcel"),
    ],
)
def test_a_write_verb_describing_an_order_asks_for_no_write(text: str, intent: str) -> None:
    """Blind τ² task 104: "我那个已取消的订单，物流单号是多少？" started a cancellation of
    the pending order in focus; an order described by its state asks for no change."""
    from keel.understanding.offline import offline_understander

    assert offline_understander("retail").requests(text)[0] == intent


def test_a_sentence_qualifying_a_change_is_part_of_it() -> None:
    """Blind τ² task 64: "If several fit, the cheapest of them is fine." was put aside as a
    product question of its own, and the change was chosen without it."""
    from keel.understanding.offline import offline_understander

    text = (
        "I want to exchange my action camera for the highest-resolution waterproof camera "
        "I can get. If several fit, the cheapest of them is fine."
    )
    intent, _, others = offline_understander("retail").requests(text)
    assert intent == "exchange_items" and others == (), others


@pytest.mark.parametrize(
    ("text", "others"),
    [
        ("我有个台灯的订单，想把地址改到我在纽约的地址。我自己不太想说，你能找到。", ()),
        (
            "订单#W2387014的地址改成 1 Main St, Austin, TX 78701，我的默认地址也改成这个",
            ("update_default_address",),
        ),
        (
            "ship #W2387014 to 1 Main St, Austin, TX 78701. my default address should be "
            "changed too",
            ("update_default_address",),
        ),
    ],
)
def test_an_order_address_change_read_without_its_order_is_no_profile_change(
    text: str, others: tuple[str, ...]
) -> None:
    """Blind τ² task 112: "想把地址改到我在纽约的地址" (of the laptop order) was also read
    as a default-address change, listed after the order's for a yes the customer never asked."""
    from keel.understanding.offline import offline_understander

    intent, _, asked = offline_understander("retail").requests(text)
    assert intent == "modify_address" and tuple(label for label, _ in asked) == others, asked


def test_a_default_address_change_to_the_default_address_is_never_listed(agent: Keel) -> None:
    """Blind τ² task 104: "地址改成我的默认地址" (of an order) also listed the default
    address as the new default address, a write that changes nothing, for a yes."""
    agent.send("d1", HARPER)
    turn = agent.send(
        "d1",
        "please update my default address to 618 Lakeview Drive, Suite 475, Charlotte, NC 28268",
    )
    assert turn.awaiting != "confirmation" and "already is your default" in turn.reply, turn.reply


def test_units_of_one_item_told_apart_are_each_changed_as_said(
    agent: Keel, context: Context
) -> None:
    """τ² task 105: "exchange both Tea Kettles: one to a ceramic 2 liters gas kettle, the
    other to a glass 1.5 liters gas kettle" listed one exchange; its yes used the order's
    only exchange on half of what was asked."""
    from keel.domain.retail.models import OrderItem

    with session_scope(context.database_url) as session:  # a second unit of the same phone
        row = session.get(Order, "#W6996851")
        assert row is not None
        phone = next(i for i in row.items if i.item_id == "3018978166")
        row.items.append(
            OrderItem(
                position=len(row.items),
                item_id=phone.item_id,
                product_id=phone.product_id,
                name=phone.name,
                price=phone.price,
                options=dict(phone.options),
            )
        )
    agent.send("k1", "Hi, Emma Scott, zip 78756.")
    turn = agent.send(
        "k1",
        "exchange both smartphones in #W6996851: one to the 12GB RAM one, the other to a "
        "white 256GB 6.7-inch one. paypal for the difference",
    )
    listing = turn.reply.split("Please confirm")[-1]
    assert turn.awaiting == "confirmation", turn.reply
    assert "7454034571" in listing and "9480477258" in listing, turn.reply
    agent.send("k1", "yes")
    with session_scope(context.database_url) as session:
        row = session.get(Order, "#W6996851")
        assert row is not None and row.status == "exchange requested"
        assert sorted(row.exchange_new_items or []) == ["7454034571", "9480477258"]
        assert row.exchange_items == ["3018978166", "3018978166"]


def test_a_message_tells_units_apart_at_the_other_one() -> None:
    from keel.understanding.catalogue import unit_clauses

    assert unit_clauses("both kettles: one to ceramic, the other to glass") == [
        "both kettles: one to ceramic, ",
        "the other to glass",
    ]
    assert unit_clauses("一个换成陶瓷的，另一个换成玻璃的") == [
        "一个换成陶瓷的，",
        "另一个换成玻璃的",
    ]
    assert unit_clauses("exchange the kettle for a ceramic one") == []


@pytest.mark.parametrize(
    "narrowing",
    ["那就退耳机吧，省点事。", "那退耳机就行了", "Actually just return the headphones then."],
)
def test_a_reply_keeping_some_listed_items_lists_only_those(
    agent: Keel, context: Context, narrowing: str
) -> None:
    """At a listing of three returns, "那就退耳机吧" keeps the headphones alone.

    Before, the correction was read (the action for some of the listed items) but the
    items were read again from every message of the task, the first one naming all three:
    the same three were listed again as "nothing to change", and a yes returned them all.
    """
    first = agent.send(
        "n1",
        "你好，我是Ivan Thomas，邮编10085。我要退订单#W2473722里的智能手表、耳机和吸尘器，"
        "退回原支付方式。",
    )
    assert first.awaiting == "confirmation" and "Vacuum Cleaner" in first.reply
    narrowed = agent.send("n1", narrowing)
    assert narrowed.awaiting == "confirmation"
    assert "Headphones" in narrowed.reply
    assert "Vacuum Cleaner" not in narrowed.reply and "Smart Watch" not in narrowed.reply
    agent.send("n1", "是的")
    with session_scope(context.database_url) as session:
        row = session.get(Order, "#W2473722")
        assert row is not None and row.status == "return requested"
        assert [i.name for i in row.items if i.item_id in (row.return_items or [])] == [
            "Headphones"
        ]


@pytest.mark.parametrize(
    "message",
    [
        "你好，我是Ivan Thomas，邮编10085。我想把订单#W2473722里的智能手表退掉，"
        "然后耳机换成最便宜的款式。",
        "Hi, I'm Ivan Thomas, zip 10085. I want to return the smart watch from order "
        "#W2473722, then exchange the headphones for the cheapest option.",
    ],
)
def test_a_second_request_in_the_same_sentence_keeps_its_items(
    agent: Keel, context: Context, message: str
) -> None:
    """ "退掉手表，然后耳机换成最便宜的款式": the return lists the watch alone.

    Before, the clause after the return was read as nothing of its own (its likeliest
    reading a product question) and joined to the return as a remark: the return listed
    the headphones too, and a yes would have returned what the customer wanted exchanged.
    """
    turn = agent.send("j1", message)
    assert turn.awaiting == "confirmation"
    assert "Smart Watch" in turn.reply and "Headphones" not in turn.reply
    assert "修改商品" in turn.reply or "exchange" in turn.reply  # the other request waits


LUCAS = "Hi, I'm Lucas Brown, zip 92127. "
SHIP_W8194764 = "Please ship order #W8194764 to 12 Oak Street, Apt 3, Austin, TX 78701."


@pytest.mark.parametrize(
    "besides",
    [
        "Wait, also cancel order #W2953303, I ordered it by mistake.",
        "等一下，另外把订单 #W2953303 取消，我买错了。",
    ],
)
def test_another_change_asked_besides_the_listed_one_waits_behind_it(
    agent: Keel, context: Context, besides: str
) -> None:
    """ "Wait, also cancel #W2" at an address listing: neither declines the address change
    nor runs anything; the address change is asked again, then the cancellation gets its
    own listing and its own yes."""
    first = agent.send("t", LUCAS + SHIP_W8194764)
    assert first.awaiting == "confirmation" and "#W8194764" in first.reply
    again = agent.send("t", besides)
    assert again.awaiting == "confirmation" and "#W8194764" in again.reply
    assert order(context, "#W8194764")["zip"] != "78701"
    assert order(context, "#W2953303")["status"] == "pending"
    done = agent.send("t", "yes")
    assert order(context, "#W8194764")["zip"] == "78701"
    assert order(context, "#W2953303")["status"] == "pending"  # not covered by that yes
    assert done.awaiting == "confirmation" and "#W2953303" in done.reply
    agent.send("t", "yes")
    assert order(context, "#W2953303")["status"] == "cancelled"


def test_another_change_asked_instead_of_the_listed_one_declines_it(
    agent: Keel, context: Context
) -> None:
    agent.send("t", LUCAS + SHIP_W8194764)
    instead = agent.send("t", "Actually, cancel order #W2953303 instead, I ordered it by mistake.")
    assert instead.awaiting == "confirmation" and "#W2953303" in instead.reply
    agent.send("t", "yes")
    assert order(context, "#W2953303")["status"] == "cancelled"
    assert order(context, "#W8194764")["zip"] != "78701"  # the address change was declined


def test_one_request_naming_items_of_two_orders_becomes_one_task_per_order(
    agent: Keel, context: Context
) -> None:
    """Blind τ² 98/103: "the kettle and the bicycle (same order) … also my backpack" named
    items no single order holds, and the agent asked which order. Each order's items are
    now a task of their own, each listed for its own yes."""
    agent.send("r", "Hi, I'm Rosa Kim, zip 75297.")
    first = agent.send(
        "r",
        "I want to return the electric kettle and the bicycle, they came in the same order. "
        "I also want to return my backpack. Refund everything to the original payment method.",
    )
    assert first.awaiting == "confirmation" and "#W9902530" in first.reply
    assert "Backpack" not in first.reply.split("After that")[0]
    second = agent.send("r", "yes")
    assert order(context, "#W9902530")["status"] == "return requested"
    assert order(context, "#W5644302")["status"] == "delivered"  # not covered by that yes
    assert second.awaiting == "confirmation" and "#W5644302" in second.reply
    agent.send("r", "yes")
    assert order(context, "#W5644302")["status"] == "return requested"


def test_the_orders_own_place_names_the_order_and_another_place_the_new_address(
    agent: Keel, context: Context
) -> None:
    """Blind τ² 96: "my order going to Los Angeles … to my New York address, the one my other
    order was shipped to" named two places, and the agent asked for the address."""
    agent.send("i", "Hi, I'm Ivan Thomas, zip 10085.")
    turn = agent.send(
        "i",
        "I have an order going to Portland that I'd like sent to my New York address instead. "
        "I'd rather not type it out, it's the one my other order was shipped to.",
    )
    new_york = order(context, "#W2473722")
    assert turn.awaiting == "confirmation" and "#W9875564" in turn.reply
    assert str(new_york["address1"]) in turn.reply and str(new_york["zip"]) in turn.reply
    agent.send("i", "yes")
    assert order(context, "#W9875564")["zip"] == new_york["zip"]


def test_an_answer_to_which_order_that_describes_the_item_picks_its_order(
    agent: Keel, context: Context
) -> None:
    """Blind τ² 94: "The 15-inch one with 16GB", asked which of two orders with a laptop,
    was asked again. An answer naming the item's options, and no product, picks the order
    whose item has them (and is listed for a yes)."""
    agent.send("a", "Hi, I'm Amara King, zip 80271.")
    asked = agent.send(
        "a", "I want to return the gaming mouse I received, refund to the original payment."
    )
    assert asked.awaiting == "clarification" and "#W7629645" in asked.reply
    listed = agent.send("a", "The wired RGB one.")
    assert listed.awaiting == "confirmation" and "#W7629645" in listed.reply
    assert "#W7557405" not in listed.reply


def test_a_clause_giving_a_new_address_is_an_address_change_of_its_own() -> None:
    """Blind τ² 72: "… change the desk lamp to black … And ship it to my default address
    instead" lost the address change (read only just as one, beside the item change)."""
    from keel.understanding.offline import offline_understander

    text = (
        "It's the order I sent to my son's place by mistake: please change the desk lamp to "
        "black, and the backpack to medium size. And ship it to my default address instead, "
        "he's coming back home."
    )
    intent, _, others = offline_understander("retail").requests(text)
    # both kept; the address change goes first (an item change closes the order to it)
    assert (intent, [i for i, _ in others]) == ("modify_address", ["modify_items"])
    # a clause that only describes where an order goes is no change of its own
    described = "Please change the desk lamp to black. The order is going to 12 Oak Street, Austin."
    assert "modify_address" not in [
        i for i, _ in offline_understander("retail").requests(described)[2]
    ]


def test_every_item_of_a_kind_in_my_orders_is_changed_order_by_order_each_with_a_yes(
    agent: Keel, context: Context
) -> None:
    """Blind τ² 4: "every t-shirt in my pending orders changed to purple …" asked which
    order. The same change is made in each order holding the item, each order listed for
    its own yes ("yes to all" at the first covers only what that listing lists)."""
    agent.send("e", "Hi, I'm Evelyn Martinez, zip 90025.")
    first = agent.send(
        "e",
        "Please change every electric toothbrush in my pending orders to the cheapest one, "
        "charge any difference to my original payment method.",
    )
    assert first.awaiting == "confirmation" and "#W4077005" in first.reply, first.reply
    assert "yes to all" not in first.reply.lower()
    second = agent.send("e", "yes to all")
    with session_scope(context.database_url) as session:
        changed = session.get(Order, "#W4077005")
        waiting = session.get(Order, "#W2481034")
        assert changed is not None and waiting is not None
        assert changed.status == "pending (item modified)" and waiting.status == "pending"
    assert second.awaiting == "confirmation" and "#W2481034" in second.reply
    agent.send("e", "yes")
    assert order(context, "#W2481034")["status"] == "pending (item modified)"


def test_two_emails_in_one_message_are_both_tried(agent: Keel) -> None:
    """Blind τ² 54/55: "I have two emails, a@… and b@… — one of them should be on file"
    tried only the first, and the customer was never verified."""
    turn = agent.send(
        "m1",
        "I have two emails, harper.ahmed@example.com and harper.ahmed4239@example.com, "
        "one of them should be on file.",
    )
    assert turn.user_id == "harper_ahmed_1689"


@pytest.mark.parametrize(
    "text",
    [
        "my cousin forwarded me this:\nFrom: Orders <orders@shop.example>\n"
        "To: yara.davis2174@example.com\nSubject: Your order has shipped",
        "my email is a1@example.com; my wife's is b1@example.com or c1@example.com",
    ],
)
def test_only_emails_offered_as_alternatives_of_the_first_are_tried(text: str) -> None:
    """Trust b11_8_01: a forwarded message's To address logged in the cousin while the
    two-email class was being made; only "a@… or b@…" side by side counts as two."""
    from keel.understanding import extractors as ex

    assert len(ex.emails(text)) == 1


def test_two_wrong_emails_in_one_message_count_as_two_guesses(
    agent: Keel, context: Context
) -> None:
    guesses = 0
    for index in range(context.max_identity_attempts):
        turn = agent.send(
            "m2", f"it's either nobody{index}a@example.com or nobody{index}b@example.com"
        )
        guesses += 2
        assert turn.user_id is None
        if guesses >= context.max_identity_attempts:
            assert turn.awaiting == "human"  # a human checks who this is
            break
    else:
        raise AssertionError("never handed over")


def test_the_watch_of_an_order_holding_a_wristwatch_is_that_item(agent: Keel) -> None:
    """τ² 81 during the split-by-order class: "the watch" of an order holding a Wristwatch
    was read as a Smart Watch asked for instead, and refused as another product."""
    agent.send("w", "Hi, I'm Ahmed Lopez, zip 10096.")
    turn = agent.send("w", "I want to exchange the watch I received.")
    assert "#W6343195" in turn.reply and "Smart Watch" not in turn.reply
    assert turn.awaiting == "clarification"  # which Wristwatch option instead


def test_a_request_of_items_in_two_orders_in_one_sentence_is_split_by_clause(
    agent: Keel, context: Context
) -> None:
    """Blind τ² 103_b: "return the bookshelf and the jigsaw (same order), and the backpack
    that came with the vacuum cleaner" is one sentence: its clauses are split by order."""
    agent.send("r", "Hi, I'm Rosa Kim, zip 75297.")
    first = agent.send(
        "r",
        "Please return the electric kettle and the bicycle (same order), and the backpack too, "
        "refund to the original payment method.",
    )
    assert first.awaiting == "confirmation" and "#W9902530" in first.reply
    assert "Backpack" not in first.reply.split("After that")[0]
    second = agent.send("r", "yes")
    assert order(context, "#W9902530")["status"] == "return requested"
    assert second.awaiting == "confirmation" and "#W5644302" in second.reply


@pytest.mark.parametrize(
    "text",
    [
        "My email is a1@example.com. If that doesn't work it's a2@example.com. Hurry up.",
        "邮箱是 a1@example.com，不行的话试试 a2@example.com",
    ],
)
def test_an_email_offered_as_the_fallback_of_the_first_is_tried_too(text: str) -> None:
    """Joint blind task 35: "If that doesn't work it's …" offered a second address; only the
    first (wrong) one was tried and the customer was never verified."""
    from keel.understanding import extractors as ex

    assert ex.emails(text) == ["a1@example.com", "a2@example.com"]


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("我搬家了，这个寄到我新家吧：371 Juniper Way, Apt 14, San Diego, CA 92147", True),
        ("把它送到我公司：88 Lamar Blvd, Austin, TX 78704", True),
        ("send this one to my new place: 1 Main St, Austin, TX 78701", True),
        ("我的默认地址改成 1 Main St, Austin, TX 78701", False),
        ("寄到哪里了？", False),
    ],
)
def test_this_one_shipped_to_a_place_is_the_orders_address(text: str, points: bool) -> None:
    """Trust set B11 7.02 (today's packages): "这个寄到我新家" after an order was discussed
    changed the default address; "this one" shipped somewhere is the order in focus."""
    from keel.understanding import extractors as ex

    assert ex.points_at_order_address(text) is points


def test_an_address_change_in_a_message_about_an_order_never_moves_the_default_unasked(
    context: Context,
) -> None:
    """Trust set B10 18 (today's packages): a run-on message naming an order and a new
    address was read as two requests, the order's id going to a look-up; the address change
    became the default's and a yes to its listing changed it. The message that asks an
    address change and names an order, with no word of the default address, gets the
    question which address is meant, never a listing of the default."""
    from keel.domain.pack import PolicyInput, load_pack
    from keel.nodes.common import tool_caller
    from keel.state.stack import new_frame

    pack = load_pack("retail")
    own = "the address needs to change to 9 Quarry Lane, Boulder, CO 80302"
    whole = f"{SOFIA} so um my order {LOOKED_UP} and then {own} yeah that one"
    address = {
        "address1": "9 Quarry Lane",
        "address2": "",
        "city": "Boulder",
        "state": "CO",
        "country": "USA",
        "zip": "80302",
    }
    frame = new_frame("update_default_address", {"address": address}, [own])
    inp = PolicyInput(
        config=pack.config,
        frame=frame,
        intent="update_default_address",
        act="new",
        user_id="sofia_torres_5013",
        text=whole,
        language="en",
        recent=(whole,),
    )
    decision = pack.decide(tool_caller(context), inp)
    assert decision.plan is None
    assert decision.route == "ask" and decision.reply_key == "ask.which_address"
    assert LOOKED_UP in decision.reply_data["orders"]
