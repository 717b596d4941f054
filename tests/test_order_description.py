"""An order described by its status ("my pending order", "我那个已取消的订单"), not by its id.

The description picks the order of that status among the customer's orders, in a request,
in an answer to "which order?", and for the further request of the same message that says
no order of its own ("…change its address, and change the item's color").
"""

from __future__ import annotations

import pytest

from keel.api import Keel
from keel.domain.retail.models import Order
from keel.persistence.db import session_scope
from keel.state.context import Context
from keel.understanding import extractors as ex
from keel.understanding.offline import offline_understander

AMELIA = "Hi, I'm Amelia Wang, zip 37233."  # pending #W2634643 (one item), two delivered
AMELIA_PENDING = "#W2634643"
HARPER = "Hi, I'm Harper Ahmed, zip 28268."  # one order of each status
HARPER_CANCELLED = "#W6335121"


@pytest.fixture
def context(demo_db_url: str) -> Context:
    return Context(database_url=demo_db_url)


@pytest.mark.parametrize(
    ("text", "statuses"),
    [
        ("my pending order — change its address", {"pending"}),
        ("what's the tracking number of my cancelled order?", {"cancelled"}),
        ("the delivered one", {"delivered"}),
        ("return the lamp from my delivered laptop order", {"delivered"}),
        ("我那个还没发货的订单", {"pending"}),
        ("已取消的订单的物流单号是多少", {"cancelled"}),
        ("where is my order?", set()),
        ("it was delivered yesterday, one item is broken", set()),
        ("exchange the hose for the same kind of hose that's in my pending order", set()),
        ("把水管换成跟我待发货订单里的一样的", set()),
    ],
)
def test_an_order_described_by_its_status(text: str, statuses: set[str]) -> None:
    assert ex.named_statuses(text) == statuses


def test_an_address_change_split_between_its_two_kinds_is_still_one() -> None:
    """Unsure between the profile's and the order's address change: surely an address change."""
    reading = offline_understander("retail").read(
        "Next: my pending order — change its address to my default Chicago one, and "
        "change the item's color to red."
    )
    assert reading.intent in ("modify_address", "update_default_address")
    assert [i for i, _ in reading.others] == ["modify_items"]


def order_row(context: Context, order_id: str) -> Order:
    with session_scope(context.database_url) as session:
        order = session.get(Order, order_id)
        assert order is not None
        session.expunge(order)
        return order


def test_one_message_two_changes_of_the_order_it_describes(context: Context) -> None:
    agent = Keel(context)
    agent.send("s", AMELIA)
    first = agent.send(
        "s",
        "My pending order — change its address to 12 Oak Street, Apt 3, Springfield, IL "
        "62704, and change the item's connectivity to Wi-Fi.",
    )
    assert first.awaiting == "confirmation" and first.intent == "modify_address"
    assert f"ship order {AMELIA_PENDING} to 12 Oak Street" in first.reply
    second = agent.send("s", "yes")
    assert order_row(context, AMELIA_PENDING).address1 == "12 Oak Street"
    # the colour change said no order of its own: the pending order's single item
    assert f"{AMELIA_PENDING}" in second.reply and "Indoor Security Camera" in second.reply
    assert "Wi-Fi" in second.reply and "Which order" not in second.reply


def test_a_read_of_the_order_of_a_status(context: Context) -> None:
    agent = Keel(context)
    agent.send("s", HARPER)
    turn = agent.send("s", "what's the tracking number of my cancelled order?")
    assert HARPER_CANCELLED in turn.reply and turn.awaiting == "nothing"


def test_which_order_answered_by_its_status(context: Context) -> None:
    agent = Keel(context)
    agent.send("s", AMELIA)
    asked = agent.send("s", "what's the status of my order?")
    assert asked.awaiting == "clarification"
    turn = agent.send("s", "my pending one")
    assert f"Order {AMELIA_PENDING} is pending" in turn.reply and turn.awaiting == "nothing"


CHLOE = "Hi, I'm Chloe Sato, zip 33133."  # two delivered orders
LUCAS = "Hi, I'm Lucas Brown, zip 92127."  # two pending orders


def test_a_vague_sentence_beside_a_sure_request_is_no_request() -> None:
    """Half a return by its words ("get back whatever I can"), beside a sure cancellation."""
    reading = offline_understander("retail").read(
        "I've run into money problems and I need to get back whatever I can. First, please "
        "cancel all my orders that haven't arrived yet — I don't need them anymore."
    )
    assert reading.intent == "cancel_order" and reading.others == ()


@pytest.mark.parametrize(
    "text",
    [
        "cancel every order you can",
        "return everything from those delivered orders",
        "cancel my pending orders",
    ],
)
def test_several_orders_meant_at_once(text: str) -> None:
    assert ex.means_all_orders(text)
    assert not ex.means_all_orders("what's my order number?")


def test_everything_from_the_delivered_orders_is_returned_order_by_order(
    context: Context,
) -> None:
    agent = Keel(context)
    agent.send("s", CHLOE)
    turn = agent.send(
        "s", "Please return everything from my delivered orders, refund to the original card."
    )
    assert "#W2288866" in turn.reply and "#W9399331" in turn.reply
    assert "yes to all" not in turn.reply  # each order's items are listed for a yes of its own
    assert turn.awaiting == "confirmation" and "return Water Bottle" in turn.reply
    second = agent.send("s", "yes")
    assert order_row(context, "#W2288866").status == "return requested"
    assert "return Luggage Set" in second.reply and "T-Shirt" in second.reply  # every item
    assert order_row(context, "#W9399331").status == "delivered"  # not before its own yes


def test_an_item_change_is_taken_up_after_the_other_changes_of_its_order() -> None:
    """An item change closes a pending order to other changes: the address change goes first."""
    reading = offline_understander("retail").read(
        "Please change the desk lamp in my order to black, and ship it to my default "
        "address instead."
    )
    assert reading.intent in ("modify_address", "update_default_address")
    assert [i for i, _ in reading.others] in (["modify_items"], ["exchange_items"])


def test_a_further_request_pointing_back_is_about_the_order_before_it(context: Context) -> None:
    agent = Keel(context)
    agent.send("s", LUCAS)
    first = agent.send(
        "s",
        "Ship #W2953303 to 12 Oak Street, Apt 3, Springfield, IL 62704, and switch its "
        "payment to my credit card.",
    )
    assert first.awaiting == "confirmation"
    second = agent.send("s", "yes")
    assert order_row(context, "#W2953303").address1 == "12 Oak Street"
    # "its payment": #W2953303's, not a question of which of the two pending orders
    assert "Which order" not in second.reply and "#W2953303" in second.reply
    assert "#W8194764" not in second.reply


@pytest.mark.parametrize("text", ["原来的地址没问题", "my address is fine as it is"])
def test_an_address_only_spoken_of_is_no_address_change(text: str) -> None:
    """Two address changes count together only when the words send something somewhere."""
    assert offline_understander("retail").read(text).intent == "UNKNOWN"


def test_it_is_the_order_named_last_before_it(context: Context) -> None:
    """ "…and #W2 keeps its address, but switch its payment": #W2's payment, not #W1's."""
    agent = Keel(context)
    agent.send("s", LUCAS)
    first = agent.send(
        "s",
        "Ship #W8194764 to 12 Oak Street, Apt 3, Springfield, IL 62704. And #W2953303 should "
        "keep going to my current address, but I want to pay for it with my credit card.",
    )
    assert first.awaiting == "confirmation" and "#W8194764" in first.reply
    second = agent.send("s", "yes")
    assert "#W2953303" in second.reply and "Which order" not in second.reply
    assert order_row(context, "#W2953303").address1 != "12 Oak Street"


@pytest.mark.parametrize(
    "urging", ["Let's move.", "Hurry up!", "Come on, quickly please.", "快点！"]
)
def test_a_sentence_that_only_hurries_is_no_goodbye(urging: str) -> None:
    """An answer with "Let's move." is an answer: the urging says nothing of its own."""
    assert ex.only_urging(urging)
    reading = offline_understander("retail").read(
        f"The 15-inch one with 16GB. Put any difference on my card. {urging}"
    )
    assert reading.intent not in ("goodbye", "thanks", "greeting")
    assert not ex.only_urging("let's move my order to the new address")


def test_a_look_up_by_status_and_a_torn_sentence_each_start_a_task() -> None:
    """Blind τ² 103_b: a question about an order described by status beside a change is a
    request of its own; a sentence torn between an address and an item change is cut."""
    reading = offline_understander("retail").read(
        "Busy day, so all at once: return the bookshelf and the jigsaw puzzle I received "
        "(same order), and the backpack that came with the vacuum cleaner — refunds to my "
        "card. My pending order should ship to my default Chicago address instead. Oh, and "
        "what's the tracking number of my cancelled order?"
    )
    assert reading.intent == "return_items"
    assert [i for i, _ in reading.others] == ["modify_address", "track_parcel"]
    torn = offline_understander("retail").read(
        "Return the lamp from my delivered order. My pending order should ship to my default "
        "address instead, and its lamp should be the black one."
    )
    assert [i for i, _ in torn.others] in (
        ["modify_address", "exchange_items"],
        ["modify_address", "modify_items"],
    )
    # a look-up that only finds the change's own order is still no request of its own …
    same = offline_understander("retail").read(
        "Cancel #W1234567, ordered by mistake. What's in #W1234567 again?"
    )
    assert same.others == ()
    # … nor a statement describing the order the change is about
    described = offline_understander("retail").read(
        "I have another pending order with five things in it. I don't remember the order "
        "number. Could you cancel it? I don't need those anymore"
    )
    assert described.intent == "cancel_order" and described.others == ()


@pytest.mark.parametrize(
    "text",
    [
        "ship it to my default Chicago address instead",
        "change its address to my default Chicago one",
    ],
)
def test_the_default_address_named_with_its_city(text: str) -> None:
    from keel.understanding.offline import TurnHints, extract_slots

    assert extract_slots(text, TurnHints()).get("address") == {"default": "yes"}
    assert extract_slots("change the lamp to my default one", TurnHints()).get("address") is None


def test_its_item_is_the_item_of_the_order_described_before_it() -> None:
    """ "…My pending order should ship to …, and its item should be red": the queued item
    change takes the description said before it; an order id said later does not count."""
    from keel.domain.config import load_domain
    from keel.nodes.tracking import track
    from keel.state.stack import waiting

    text = (
        "Return the backpack from #W1111111. My pending order should ship to my default "
        "address instead, and its item should be red."
    )
    others = [
        ("modify_address", "My pending order should ship to my default address instead"),
        ("modify_items", "its item should be red"),
    ]
    tracked = track(load_domain("retail"), [], {}, text, "return_items", {}, None, others)
    queued = {f["intent"]: f for f in waiting(tracked.after([]))}
    assert "pending order" in queued["modify_items"]["utterances"]
    assert "order_id" not in queued["modify_items"]["slots"]  # not #W1111111, said earlier


def test_a_dash_ends_a_clause_so_a_request_after_a_held_back_one_is_kept() -> None:
    """ "…is still going to the old address — please change that order to my new home":
    the complaint holds nothing back from the request after the dash."""
    text = (
        "But another order of mine is still going to the old address — please change that "
        "order to my new home"
    )
    assert ex.without_held_back(text) == "please change that order to my new home"
    assert ex.without_held_back("#W1 - don't touch that one") == "#W1"


def test_a_yes_counting_what_was_not_listed_is_told_what_the_listing_covers(
    context: Context,
) -> None:
    """Blind τ² 23: "Yes to all three" of one listed change (one more request announced)
    was answered "I can't answer that from our store information"; nothing runs either way."""
    agent = Keel(context)
    agent.send("s", LUCAS)
    agent.send(
        "s",
        "Cancel #W8194764 because I ordered it by mistake, and ship #W2953303 to 12 Oak "
        "Street, Apt 3, Springfield, IL 62704.",
    )
    turn = agent.send("s", "Yes to all four.")
    assert turn.awaiting == "confirmation"
    assert "covers only the change listed here" in turn.reply
    assert "store information" not in turn.reply
    assert order_row(context, "#W8194764").status == "pending"


def test_this_order_is_the_one_the_message_before_described(context: Context) -> None:
    """Blind τ² 102: "我刚下了一个订单，里面有两块手表。" then "这个订单的地址要改…": the address
    change leans on the message before it for which order "this order" is."""
    agent = Keel(context)
    agent.send("s", LUCAS)
    agent.send("s", "I just placed an order with a perfume in it.")
    turn = agent.send(
        "s", "Please change this order's address to 12 Oak Street, Apt 3, Springfield, IL 62704."
    )
    assert turn.awaiting == "confirmation" and "ship order #W2953303" in turn.reply


def test_besides_said_first_keeps_the_listing_and_queues_the_other_change(
    context: Context,
) -> None:
    """ "先等等，还有一件：…" at an address listing: another change besides, not a no."""
    agent = Keel(context)
    agent.send("s", LUCAS)
    agent.send("s", "Please ship #W2953303 to 12 Oak Street, Apt 3, Springfield, IL 62704.")
    turn = agent.send("s", "先等等，还有一件：把那个订单里的蓝牙音箱换成黑色的。")
    assert turn.awaiting == "confirmation" and "12 Oak Street" in turn.reply
    assert "没有办理" not in turn.reply  # not declined
    done = agent.send("s", "是，确认。")
    assert order_row(context, "#W2953303").address1 == "12 Oak Street"
    assert "Bluetooth Speaker" in done.reply  # the speaker change comes next, for its own yes


def test_the_order_an_address_is_on_is_its_source_not_the_order_to_change(
    context: Context,
) -> None:
    """Blind τ² 110: "another order … change that order to my new home. The new address is
    on the tablet order" changed the tablet order and asked for the address."""
    agent = Keel(context)
    agent.send("s", LUCAS)
    agent.send("s", "Ship #W2953303 to 12 Oak Street, Apt 3, Springfield, IL 62704.")
    agent.send("s", "yes")
    turn = agent.send(
        "s",
        "I moved. Another order of mine is still going to the old address — please change that "
        "order to my new home. The new address is on the perfume order; I'd rather not type it.",
    )
    assert turn.awaiting == "confirmation"
    assert "ship order #W8194764 to 12 Oak Street" in turn.reply


def test_an_order_described_by_status_does_not_lean_on_an_earlier_message(
    context: Context,
) -> None:
    """Blind τ² 103: after a return of the backpack, "my pending order — change its address"
    is the pending order; "its" does not make it lean on the backpack message before it."""
    agent = Keel(context)
    agent.send("s", AMELIA)
    agent.send("s", "What's the status of the order with the toothbrush?")
    turn = agent.send(
        "s",
        "My pending order — change its address to 12 Oak Street, Apt 3, Springfield, IL 62704.",
    )
    assert turn.awaiting == "confirmation" and f"ship order {AMELIA_PENDING}" in turn.reply


@pytest.mark.parametrize(
    "text",
    [
        "把键盘升级成最贵的款式。差价用我的礼品卡付，礼品卡不行的话就用 PayPal。",
        "Upgrade the keyboard to the priciest one. Pay the difference with my gift card. "
        "If the gift card can't, use PayPal.",
        "把键盘升级成最贵的款式。差价用 PayPal，我一般都用 PayPal。",  # the same method again
    ],
)
def test_a_fallback_payment_is_part_of_the_payment_before_it(text: str) -> None:
    """Blind τ² 20: "礼品卡不行的话就用 PayPal" says how the difference is paid if the card
    cannot; it is no payment change of its own, and the item change stays the request."""
    reading = offline_understander("retail").read(text)
    assert reading.intent == "modify_items"
    payments = [part for label, part in reading.others if label != "modify_items"]
    assert all(ex.pays_difference(part) for part in payments)  # joined to the item change


CHLOE_LUGGAGE_ORDER = "#W9399331"  # Luggage Set, T-Shirt
CHLOE_BOTTLE_ORDER = "#W2288866"  # Water Bottle


@pytest.mark.parametrize(
    "addition",
    [
        "hold on, I also want to return the t-shirt from that order, and the water bottle too.",
        "wait — also the t-shirt, and the water bottle as well.",
    ],
)
def test_items_added_at_a_listing_join_it_and_another_orders_wait(
    context: Context, addition: str
) -> None:
    """Blind τ² 91/92: at a return's listing, "also the t-shirt from that order, and the
    water bottle too" adds the t-shirt to the listing; the water bottle, only in another
    order, is a return of its own after it. Before, the listing was pointed at the bottle's
    order and the luggage set dropped from it."""
    agent = Keel(context)
    agent.send("s", CHLOE)
    agent.send("s", "I want to return the luggage set.")
    listed = agent.send("s", addition)
    assert listed.awaiting == "confirmation"
    assert "Luggage Set" in listed.reply and "T-Shirt" in listed.reply
    assert "Water Bottle" not in listed.reply.split("Shall I go ahead")[0]
    nxt = agent.send("s", "yes")
    returned = order_row(context, CHLOE_LUGGAGE_ORDER)
    assert returned.status == "return requested" and len(returned.return_items or []) == 2
    assert nxt.awaiting == "confirmation" and CHLOE_BOTTLE_ORDER in nxt.reply
    assert order_row(context, CHLOE_BOTTLE_ORDER).status == "delivered"  # its own yes first
    agent.send("s", "yes")
    assert order_row(context, CHLOE_BOTTLE_ORDER).status == "return requested"


def test_another_orders_item_named_at_which_one_is_a_request_of_its_own(
    context: Context,
) -> None:
    """Asked "which item?", an answer naming an item of this order and one only another
    order holds: the other is the same request for its own order, taken up after."""
    agent = Keel(context)
    agent.send("s", CHLOE)
    asked = agent.send("s", "I want to return something from order #W9399331.")
    assert asked.awaiting == "clarification"
    listed = agent.send("s", "the t-shirt, and also the water bottle from my other order")
    assert listed.awaiting == "confirmation"
    head = listed.reply.split("Shall I go ahead")[0]
    assert "T-Shirt" in head and "Water Bottle" not in head and "Luggage Set" not in head
    nxt = agent.send("s", "yes")
    assert len(order_row(context, CHLOE_LUGGAGE_ORDER).return_items or []) == 1  # the t-shirt
    assert nxt.awaiting == "confirmation" and CHLOE_BOTTLE_ORDER in nxt.reply


LUCAS = "Hi, I'm Lucas Brown, zip 92127."  # two pending orders, PayPal only
LUCAS_ORDERS = ("#W8194764", "#W2953303")  # the keyboard is in the first


@pytest.mark.xfail(
    strict=True,
    reason="dependency drift (issue 25 note): fails on cbefaea too with today's packages; "
    "strict, so the marker must go once the classifier is re-fitted and it passes",
)
def test_one_address_for_every_address_change_of_a_several_request_message(
    context: Context,
) -> None:
    """Blind τ² 41: an item change, then "the new place is <address>. Please correct all my
    order addresses and my account address." The address goes to each address change;
    "all my order addresses" is every pending order, listed before the item change that
    would close one of them; the profile's change names its own target; the item change
    keeps "any difference on my PayPal". Before, the order addresses were dropped as a
    vague sentence and the profile change had no address."""
    from keel.domain.retail.models import User

    agent = Keel(context)
    agent.send("s", LUCAS)
    first = agent.send(
        "s",
        "Two things. First, could the keyboard be switched to a tactile one? Put any "
        "difference on my PayPal. Second, we moved last week: the new place is 12 Oak "
        "Street, Apt 3, Springfield, IL 62704. Please correct all my order addresses and my "
        "account address.",
    )
    assert first.awaiting == "confirmation" and "ship order #W8194764 to 12 Oak" in first.reply
    assert "yes to all" in first.reply
    second = agent.send("s", "yes to all")
    for order_id in LUCAS_ORDERS:
        assert order_row(context, order_id).address1 == "12 Oak Street"
    # the profile's change and the item change, each ready, are listed together for one yes
    assert "default address to 12 Oak Street" in second.reply and "2 changes" in second.reply
    assert "Mechanical Keyboard" in second.reply and "PayPal" in second.reply
    agent.send("s", "yes")
    with session_scope(context.database_url) as session:
        user = session.query(User).filter_by(first_name="Lucas").one()
        assert user.address1 == "12 Oak Street"
    assert order_row(context, LUCAS_ORDERS[0]).status == "pending (item modified)"


@pytest.mark.parametrize("kept", ["订单的地址不用动", "订单的地址不用改"])
def test_an_order_address_said_to_stay_beside_a_default_address_change(kept: str) -> None:
    """Trust b5_5_04: "默认地址帮我改成 <address> 谢谢，订单的地址不用动": the default address
    is the request; the order's address is left alone (no task), and the whole message read
    unsurely as an order's address change yields to the clause that surely asks."""
    reading = offline_understander("retail").read(
        f"你好我是Fatima Johnson邮编78712，默认地址帮我改成4410 Duval St, Apt 3, Austin, TX "
        f"78751谢谢，{kept}"
    )
    assert reading.intent == "update_default_address" and reading.others == ()


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("correct all my order addresses and my account address", True),
        ("账户的默认地址也一起改", True),
        ("please send it to my default address on file instead", False),
        ("把地址改成我的默认地址", False),
        ("change the address of that order", False),
        ("I also want to update my account address to 445 Maple Dr", True),  # "to" + verb
        ("ship it to the address in my account: 445 Maple Dr", False),
        ("the defaults are fine, ship to 12 Oak Street", False),  # "defaults" is no "default"
    ],
)
def test_a_profile_change_names_its_own_target_not_a_destination(text: str, own: bool) -> None:
    """The profile's address change is a request of its own beside the order's only where
    its words name the profile as what changes, not as where a parcel goes (held-out 71)."""
    from keel.domain.config import load_domain

    config = load_domain("retail")
    assert config.names_own_target("update_default_address", "modify_address", text) is own


HARPER_PENDING = "#W2387014"  # Electric Kettle, Cycling Helmet, Espresso Machine
HARPER_DELIVERED = "#W1602485"  # Electric Toothbrush, Sunglasses


def test_a_refused_request_gives_way_to_the_one_asked_if_it_fails(context: Context) -> None:
    """Blind τ² 30: "exchange it for the exact same one? If that isn't possible, just return
    it": the exchange is refused (the very same item), and the return queued behind it is
    taken up in the same reply, for its own yes. Before, the refusal ended the turn."""
    agent = Keel(context)
    agent.send("s", CHLOE)
    turn = agent.send(
        "s",
        "Can you exchange my water bottle for the exact same one? If that isn't possible, "
        "just return it.",
    )
    assert "not for the very same one" in turn.reply
    assert turn.awaiting == "confirmation" and "return Water Bottle" in turn.reply
    assert "After that" not in turn.reply  # the return is no longer waiting
    assert turn.reply.count(f"That is order {CHLOE_BOTTLE_ORDER}") == 1  # said once
    agent.send("s", "yes")
    assert order_row(context, CHLOE_BOTTLE_ORDER).status == "return requested"


def test_a_clause_of_reason_asks_nothing_and_its_product_finds_no_order(
    context: Context,
) -> None:
    """Blind τ² 30: "Since the sunglasses go back, cancel the helmet I just bought too. It
    goes with the sunglasses": no return is asked again, and the cancellation is of the
    helmet's order, not of the order just discussed ("it")."""
    agent = Keel(context)
    agent.send("s", HARPER)
    agent.send("s", "I want to return the sunglasses.")
    agent.send("s", "yes")
    assert order_row(context, HARPER_DELIVERED).status == "return requested"
    turn = agent.send(
        "s",
        "Since the sunglasses go back, cancel the helmet I just bought too. It goes with the "
        "sunglasses, I no longer need it.",
    )
    assert HARPER_PENDING in turn.reply and "only pending orders" not in turn.reply
    assert turn.intent == "cancel_order"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("我刚买的两块滑板（skateboard）质量太差了，我要退掉，退款退到信用卡。", "return_items"),
        pytest.param(
            "那好吧。把我刚买的充电宝（portable charger）取消掉，它是配平板用的，现在用不上了。",
            "cancel_order",
            # read as a return with some installs, a cancellation with others (issue 25 notes)
            marks=pytest.mark.xfail(strict=False, reason="package drift (issue 25 notes)"),
        ),
    ],
)
def test_a_gloss_in_brackets_is_part_of_its_clause(text: str, intent: str) -> None:
    """Blind τ² 31/92: "滑板（skateboard）" is one product named twice, not a clause asking
    about a product; the request is read from the Chinese."""
    reading = offline_understander("retail").read(text)
    assert reading.intent == intent and reading.others == ()


def test_what_the_customer_only_tells_beside_a_question_is_no_request() -> None:
    """Blind τ² 31: "我刚收到的平板丢了，烦死了。那个订单的物流单号是多少？" asks for tracking;
    the lost tablet is no return (no return was listed before, unasked)."""
    understander = offline_understander("retail")
    told = understander.read("我刚收到的平板（tablet）丢了，烦死了。那个订单的物流单号是多少？")
    assert told.intent == "track_parcel" and told.others == ()
    asked = understander.read("我要退掉刚收到的平板。那个订单的物流单号是多少？")
    assert asked.intent == "return_items"  # an action named: still a return


def test_words_said_at_a_listing_for_the_request_waiting_behind_it(context: Context) -> None:
    """Blind τ² 35: "i5 over i7, and silver or black" at a return's listing is about the
    laptop change waiting behind it: kept for that change (which then takes white), the
    return listed again. Before, the reply was a correction that found nothing, and the
    kettle change later ignored it."""
    agent = Keel(context)
    agent.send("s", HARPER)
    agent.send(
        "s", "Return the sunglasses. And in my other order change the kettle to a bigger one."
    )
    again = agent.send("s", "white over black, and 2L if there is one.")
    assert again.awaiting == "confirmation" and "return Sunglasses" in again.reply
    assert "noted" in again.reply
    nxt = agent.send("s", "yes")
    assert order_row(context, HARPER_DELIVERED).status == "return requested"
    assert "Electric Kettle" in nxt.reply and "white" in nxt.reply.split("→")[1]


def test_an_item_change_announced_then_said_in_the_address_changes_sentence(
    context: Context,
) -> None:
    """Blind τ² 72: "I'd like to change the items in an order and also its address. It's the
    order with the perfume: please change the speaker to a black one. And ship it to …":
    one item change (the announcement is no second one), its speaker named (the perfume only
    says which order), and "use my PayPal for any difference" at the address listing kept
    for it. Before, the item change lost its words and its payment."""
    agent = Keel(context)
    agent.send("s", LUCAS)
    first = agent.send(
        "s",
        "I'd like to change the items in an order and also its address. It's the order with "
        "the perfume: please change the speaker to a black one. And ship it to 12 Oak "
        "Street, Apt 3, Springfield, IL 62704 instead.",
    )
    assert first.awaiting == "confirmation" and "ship order #W2953303 to 12 Oak" in first.reply
    assert first.reply.count("exchange") + first.reply.count("changing items") == 1
    noted = agent.send("s", "Use my PayPal for any difference.")
    assert noted.awaiting == "confirmation" and "noted" in noted.reply
    items = agent.send("s", "yes")
    assert order_row(context, "#W2953303").address1 == "12 Oak Street"
    head = items.reply.split("Shall I go ahead")[0]
    assert "Bluetooth Speaker" in head and "Perfume (" not in head and "PayPal" in head


@pytest.mark.parametrize(
    ("part", "reason"),
    [
        ("Since the tablet goes back", True),
        ("因为平板要退了", True),
        ("Since I ordered it by mistake cancel the charger", False),  # a request inside
        ("既然平板要退了充电器也取消吧", False),
    ],
)
def test_a_clause_of_reason_only_when_it_asks_nothing(part: str, reason: bool) -> None:
    assert ex.gives_reason(part) is reason


def test_the_request_behind_a_declined_listing_is_taken_up(context: Context) -> None:
    """At the address listing of a message that also asked an item change, "no, leave the
    address" declines it, and the item change waiting behind it is listed in the same
    reply. Before, the reply asked "anything else?" and the item change sat unsaid."""
    agent = Keel(context)
    agent.send("s", LUCAS)
    agent.send(
        "s",
        "I'd like to change the items in an order and also its address. It's the order with "
        "the perfume: please change the speaker to a black one. And ship it to 12 Oak "
        "Street, Apt 3, Springfield, IL 62704 instead.",
    )
    turn = agent.send("s", "no, leave the address")
    assert "haven't made that change" in turn.reply
    assert turn.awaiting == "confirmation" and "Bluetooth Speaker" in turn.reply
    assert order_row(context, "#W2953303").address1 != "12 Oak Street"
