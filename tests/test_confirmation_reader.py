"""The confirmation reader: one reading per reply, cautious by construction (pure, no graph)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keel.understanding.confirmation import (
    EXECUTING,
    ConfirmationReading,
    Listed,
    most_cautious,
    offer_answer,
    read_confirmation,
)

CANCEL = Listed(
    task="cancel_order",
    orders=("#W2387014",),
    text=(
        "Please confirm: cancel order #W2387014 (Electric Kettle (1L, glass, black, $130.20); "
        "Cycling Helmet (M, white, $46.90); Espresso Machine (19 bar, 2L, $744.63)) because it "
        "is ordered by mistake. The refund of $921.73 goes to credit_card_4413463. "
        "请确认：取消订单 #W2387014，原因：下错单。退款 $921.73 将退回 credit_card_4413463。"
    ),
    reason="ordered by mistake",
    values=("#W2387014", "Electric Kettle", "Cycling Helmet", "Espresso Machine", "921.73"),
    actions=("cancel|cancel (?:it|them|that|the order)|取消|撤销",),
    topic=(r"cancel\w*|refund\w*|取消|退款|撤销",),
)
ADDRESS = Listed(
    task="modify_address",
    orders=("#W1220770",),
    text="Please confirm: ship order #W1220770 to 1200 Oak Street, Apt 5B, Raleigh, NC 27601.",
    values=("#W1220770", "1200 Oak Street", "Apt 5B", "Raleigh", "NC", "27601"),
    actions=("ship (?:it|them) there|change (?:it|the address)|改|修改",),
    topic=(r"address\w*|ship\w*|deliver\w*|arriv\w*|地址|寄|送|快递|到货",),
)
TWO_ORDERS = Listed(
    task="cancel_order",
    orders=("#W8778499", "#W3109412"),
    text="#W8778499 (Water Bottle, Bicycle); #W3109412 (Jigsaw Puzzle). Please confirm: cancel "
    "order #W8778499 because it is ordered by mistake. Answer “yes to all” to confirm all.",
    reason="ordered by mistake",
    actions=("cancel|取消",),
)


def other_task(text: str) -> str | None:
    """A stand-in for the classifier: another order's status is a look-up."""
    low = text.lower()
    if "status" in low or "where is" in low or "物流" in low or "tracking" in low:
        return "order_lookup"
    if "cancel" in low or "取消" in low:
        return "cancel_order"
    return None


def read(text: str, listed: Listed = CANCEL) -> ConfirmationReading:
    return read_confirmation(text, listed, other_task)


@pytest.mark.parametrize(
    "reply",
    [
        "yes",
        "Yes please, cancel #W2387014. Thanks so much!",
        "no problem, go ahead",
        "👍",
        "yess",
        "ok go ahead",
        "sure thing",
        "是的",
        "嗯嗯，取消吧",
        "确认取消",
        "好的，麻烦了",
        "cancel it",
    ],
)
def test_plain_agreement_is_yes(reply: str) -> None:
    assert read(reply).reading == "yes"


@pytest.mark.parametrize(
    "reply",
    [
        "ok but wait, what happens to my refund?",
        "sure, but first tell me when the refund arrives",
        "对了，退款多久到账？",
        "好像不对，这个订单是灯泡吗？",
        "yes? is this the order with the kettle",
        "yep... hold on, is that the whole order or just the espresso machine?",
        "ok so the refund goes to my card, right",
        "Right, and that money goes back to my card, yes?",
        "yeah wait",
        "hmm... I'm not sure now. let me think for a sec",
        "嗯……",
        "好的，不过退款多久能到账？",
        "是不是退到原卡？",
    ],
)
def test_a_yes_word_followed_by_a_question_or_doubt_is_no_yes(reply: str) -> None:
    reading = read(reply)
    assert reading.reading == "question", reading
    assert not reading.executes


@pytest.mark.parametrize(
    "reply",
    [
        "Yes, cancel it. I don't want this happening again next month.",
        "yes please. I don't want that to happen again",
        "Yes, go ahead, I do not want to be charged twice.",
    ],
)
def test_an_outcome_not_wanted_beside_a_yes_is_no_denial(reply: str) -> None:
    """A reason for the yes ("I don't want this happening again") takes nothing back
    (bank blind task 094 read it as a no, and the report the customer agreed to was dropped)."""
    assert read(reply).reading != "no"


@pytest.mark.parametrize(
    "reply",
    [
        "hmm hang on, let me make sure there's enough in checking first... ok yeah, plenty. "
        "go ahead.",
        "hang on, let me check first... ok, go ahead",
        "稍等，我看看余额……好的，可以，办吧",
    ],
)
def test_a_wait_the_customer_resolves_with_a_plain_yes_is_yes(reply: str) -> None:
    """The customer checked something and then agreed, in one message (bank blind task 043
    was asked again, "take your time", and the payment never made)."""
    assert read(reply).reading == "yes"


@pytest.mark.parametrize(
    "reply",
    [
        "hang on",
        "yes. hang on",
        "let me check first, then go ahead",  # a yes to come, not given
        "wait, only if it is free. ok go ahead",  # a condition, not a wait
        "hold on, I need to ask my wife. ok yes",  # a deferral
        "先等等，然后再办",
    ],
)
def test_a_wait_not_resolved_stays_no_yes(reply: str) -> None:
    assert read(reply).reading != "yes"


@pytest.mark.parametrize(
    "reply",
    ["no, I don't want this", "I don't want it done", "I don't want that", "no. I don't want it"],
)
def test_not_wanting_the_change_itself_is_still_no(reply: str) -> None:
    assert read(reply).reading == "no"


@pytest.mark.parametrize(
    "reply",
    [
        "ok then no",
        "no",
        "nah, leave it",
        "sure... actually no",
        "hmm no, hold off",
        "not yet — let me check with my partner tonight",
        "算了，先不取消了",
        "好吧那还是不要了",
        "嗯嗯，不过我又想了想，还是不取消了，谢谢。",
        "Hmm, no. Actually leave both orders as they are for now.",
    ],
)
def test_a_no_is_no_even_after_a_yes_word(reply: str) -> None:
    reading = read(reply)
    assert reading.reading == "no", reading
    assert reading.rest == ""  # nothing after the no asks for a task of its own


@pytest.mark.parametrize(
    "reply",
    [
        "yes if it's the same size",
        "Sure, if it still ships this week",
        "ok as long as my card isn't charged twice",
        "yeah guess so",
        "fine I suppose",
        "行 如果来得及就改",
        "嗯 要是有货的话就换",
        "好，只要退款能到原卡",
    ],
)
def test_a_conditional_or_half_hearted_yes_is_no_yes(reply: str) -> None:
    """A yes that depends on something, or only half agrees, waits for a plain answer."""
    reading = read(reply)
    assert reading.reading in ("question", "unclear"), reading
    assert not reading.executes


@pytest.mark.parametrize(
    "reply",
    [
        "Yes, I think so. Go ahead.",
        "I guess so. ok, do it",
        "yeah I suppose so... yes, proceed",
        "应该是吧，确认取消",
        "Yes, please go ahead. I think that's everything.",
    ],
)
def test_a_soft_agreement_settled_by_a_plain_yes_after_it_is_yes(reply: str) -> None:
    """Blind τ² 100: "Yes, I think so. Go ahead." was asked again."""
    """ "I think so" hedges; an explicit yes after it is the customer's last word."""
    assert read(reply).reading == "yes"


@pytest.mark.parametrize(
    "reply",
    [
        "Yes, I think so.",
        "Go ahead, I think so.",
        "I think so? go ahead",
        "Yes, I think so, but wait. Go ahead",
        "应该是吧",
    ],
)
def test_a_soft_agreement_without_a_plain_yes_after_it_stays_a_hedge(reply: str) -> None:
    reading = read(reply)
    assert reading.reading in ("question", "unclear"), reading
    assert not reading.executes


@pytest.mark.parametrize(
    "reply",
    [
        "fine, forget the exchange",
        "ok forget about the cancellation",
        "alright, drop it",
        "ok skip the return",
    ],
)
def test_dropping_the_listed_change_is_no(reply: str) -> None:
    assert read(reply).reading == "no"


@pytest.mark.parametrize(
    "reply", ["就这么办吧", "yes吧", "ok吧", "yessir", "那就这么办", "都帮我取消了吧"]
)
def test_agreement_with_a_softening_particle_is_yes(reply: str) -> None:
    assert read(reply).reading == "yes"


def test_a_no_with_a_request_keeps_the_request() -> None:
    reading = read("no — what's the status of #W4110297?")
    assert reading.reading in ("no", "question")
    assert not reading.executes


@pytest.mark.parametrize(
    ("reply", "changed"),
    [
        ("oops, not that one — the other order, #W4110297", "order_id"),
        ("yes but the reason isn't a mistake, I just don't need it anymore", "reason"),
        ("yes, but refund it to my paypal", "payment"),
        ("不是这个订单，我要取消的是 #W6095170", "order_id"),
    ],
)
def test_a_changed_value_is_a_correction(reply: str, changed: str) -> None:
    reading = read(reply)
    assert reading.reading == "correction", reading
    assert changed in reading.changed


@pytest.mark.parametrize(
    "reply",
    [
        "no, the zip is 27603",
        "Almost — it's Apt 5C, not 5B. Sorry!",
        "对，不过是 Apt 15B 不是 5B",
    ],
)
def test_a_changed_part_of_the_address_is_a_correction(reply: str) -> None:
    assert read(reply, ADDRESS).reading == "correction"


def test_a_value_only_asked_about_is_a_question() -> None:
    reading = read("is the zip 27601 or 27603?", ADDRESS)
    assert reading.reading == "question"


@pytest.mark.parametrize(
    ("reply", "rest"),
    [
        ("Yes please. Also, where is #W4110297?", "where is #W4110297?"),
        ("确认取消。另外 #W7201231 那单物流到哪了？", "#W7201231 那单物流到哪了？"),
        ("go ahead. btw what's the status of #W4110297", "what's the status of #W4110297"),
    ],
)
def test_agreement_and_a_separate_request(reply: str, rest: str) -> None:
    reading = read(reply)
    assert reading.reading == "yes_and_more", reading
    assert reading.rest == rest


@pytest.mark.parametrize(
    "reply",
    [
        "yes. also, when does the refund arrive?",  # about the listed change itself
        "alright, and the whole $921.73 goes back to my card?",
        "yes, and the kettle stays?",
    ],
)
def test_a_question_about_the_listed_change_after_a_yes_is_a_question(reply: str) -> None:
    assert read(reply).reading == "question"


@pytest.mark.parametrize(
    "reply", ["hmm", "🤔", "maybe", "that's everything, bye", "ok, it's #W2387014", "asdf"]
)
def test_no_answer_is_unclear_or_cautious(reply: str) -> None:
    reading = read(reply)
    assert not reading.executes, reading


def test_yes_to_all_covers_every_listed_write() -> None:
    assert read("yes to all", TWO_ORDERS).all_listed
    assert read("全部确认", TWO_ORDERS).all_listed
    assert not read("yes", TWO_ORDERS).all_listed


def test_the_model_only_adds_caution() -> None:
    yes = ConfirmationReading("yes")
    question = ConfirmationReading("question", source="model")
    assert most_cautious(yes, question).reading == "question"
    assert most_cautious(question, yes).reading == "question"  # never made a yes by a model
    more = ConfirmationReading("yes_and_more", rest="where is #W1", source="model")
    assert most_cautious(yes, more).reading == "yes_and_more"
    assert most_cautious(ConfirmationReading("unclear"), yes).reading == "unclear"
    assert most_cautious(ConfirmationReading("no"), ConfirmationReading("correction")).reading == (
        "no"
    )


YES_WORDS = [
    *("yes", "ok", "okay", "sure", "yeah", "right", "fine", "go ahead", "yes to all"),
    *("好", "对", "行", "是", "可以", "嗯", "确认"),
]
QUESTIONS = [
    "what happens to my refund?",
    "will the kettle still be refunded in full?",
    "when does the refund arrive?",
    "is this the kettle order?",
    "wait, how long will it take",
    "but first tell me if I lose the helmet",
    "退款多久到账？",
    "这个订单是灯泡吗？",
    "等一下，运费谁出",
    "hold on, will my card be charged",
    "not sure, is the refund full",
]
CONDITIONS = [
    "if the refund goes back to my card",
    "as long as it arrives before the weekend",
    "assuming the kettle is in that order",
    "guess so",
    "I suppose",
    "如果还来得及的话就办",
    "要是退款能原路退回就行",
    "只要不影响别的订单",
    "假如运费不用我出",
]
CHANGES = [
    "the other order, #W4110297",
    "refund to my paypal instead",
    "I meant #W6335121",
    "not that one, cancel #W4110297",
    "不是这个，是 #W4110297",
]


@settings(max_examples=300, deadline=None)
@given(
    yes=st.sampled_from(YES_WORDS),
    joiner=st.sampled_from(
        [", ", " ", "! ", "... ", "，", " - ", ". ", ". Also, ", "，对了，", "。另外，", " btw "]
    ),
    rest=st.sampled_from(QUESTIONS + CONDITIONS + CHANGES),
    listed=st.sampled_from([CANCEL, TWO_ORDERS]),
)
def test_property_a_yes_word_then_a_question_or_change_never_executes(
    yes: str, joiner: str, rest: str, listed: Listed
) -> None:
    reading = read_confirmation(f"{yes}{joiner}{rest}", listed, other_task)
    assert reading.reading not in EXECUTING, (yes, rest, reading)


ADDRESS_QUESTIONS = [
    "改地址以后会不会晚几天到？",
    "will changing the address delay the delivery?",
    "does the new address change my default one too?",
    "is it too late to change it?",
    "can you ship it there by friday?",
]


@settings(max_examples=120, deadline=None)
@given(
    yes=st.sampled_from(YES_WORDS),
    joiner=st.sampled_from([", ", ". Also, ", "，对了，", "。另外，", " but ", " - "]),
    rest=st.sampled_from(ADDRESS_QUESTIONS),
)
def test_property_a_question_about_the_listed_address_change_never_executes(
    yes: str, joiner: str, rest: str
) -> None:
    reading = read_confirmation(f"{yes}{joiner}{rest}", ADDRESS, other_task)
    assert reading.reading not in EXECUTING, (yes, rest, reading)


def test_restating_the_listed_action_on_its_order_is_yes() -> None:
    reading = read_confirmation("ok great. yes, change the address on #W1220770", ADDRESS)
    assert reading.reading == "yes"
    other = read_confirmation("yes, change the address on #W4110297", ADDRESS)
    assert other.reading == "correction"


def test_an_action_done_already_asked_about_is_no_yes() -> None:
    assert read("都取消了吧").reading == "question"  # "it's all cancelled, right?"


RETURN = Listed(
    task="return_items",
    orders=("#W1602485",),
    text="Please confirm: return Sunglasses from order #W1602485; the refund goes to Visa.",
    values=("#W1602485", "Sunglasses"),
    actions=("return (?:it|them)|退|退货",),
    write_tasks=(
        ("cancel_order", ("cancel|取消",)),
        ("item_change", ("exchange (?:it|them)|换|换成",)),
        ("return_items", ("return (?:it|them)|退",)),
    ),
    picked_by=("return", "退货", "exchange", "换货"),  # the retail pack's, IntentSpec.picked_by
)


def tasks(text: str) -> str | None:
    """A stand-in for the classifier: the kind of change a part asks for."""
    low = text.lower()
    if "exchange" in low or "换" in low:
        return "item_change"
    return "return_items" if "return" in low else None


@pytest.mark.parametrize(
    "reply",
    [
        "Hmm, wait, let me rethink. Actually I'd rather exchange them for the black ones.",
        "ok actually I'd like to exchange them for another color",
        "等等，我想换成黑色的",
    ],
)
def test_asking_for_another_kind_of_change_declines_the_listed_one(reply: str) -> None:
    """The listed change is off and the new request is read anew: a later yes runs nothing old."""
    reading = read_confirmation(reply, RETURN, tasks)
    assert reading.reading == "no" and reading.rest
    assert not reading.executes


def test_the_same_kind_of_change_is_no_other_change() -> None:
    assert read_confirmation("yes, return them", RETURN, tasks).reading == "yes"


def test_a_value_for_the_listed_change_is_no_other_change() -> None:
    """Classified as another change, but naming no other action: not read as one."""
    reading = read_confirmation("to the card that paid for this exchange stuff", RETURN, tasks)
    assert reading.cues != ("other_change",)


EXCHANGE = Listed(
    task="item_change",
    orders=("#W6390527",),
    text="Please confirm the exchange for order #W6390527: Water Bottle (500ml) → 750ml; "
    "Desk Lamp (medium) → high. Price difference: $36.06, charged to PayPal.",
    values=("#W6390527", "Water Bottle", "500ml", "Desk Lamp", "medium", "36.06"),
    actions=("exchange (?:it|them)|swap (?:it|them)|换",),
)


@pytest.mark.parametrize(
    "reply",
    [
        "ok you know what, just do the desk lamp, skip the bottle. paypal for any difference",
        "skip the bottle",
        "ok, do the lamp but not the water bottle",
        "don't exchange the lamp",
    ],
)
def test_declining_one_of_several_listed_items_is_a_correction(reply: str) -> None:
    """τ² held-out task 8: "skip the bottle" read as a question left both items listed."""
    reading = read_confirmation(reply, EXCHANGE)
    assert reading.reading == "correction", reading


def test_declining_the_change_itself_is_no() -> None:
    assert read_confirmation("skip the exchange", EXCHANGE).reading == "no"
    assert read("don't cancel the order").reading == "no"


def test_a_task_picked_by_name_is_another_change_even_when_its_words_say_little() -> None:
    """ "then do the exchange" alone is too short to classify: the whole reply tells the task."""

    def whole_only(text: str) -> str | None:
        return "item_change" if "matter more" in text else None

    reply = "ugh ok. then do the exchange, the boots matter more to me"
    reading = read_confirmation(reply, RETURN, whole_only)
    assert reading.reading == "correction" and reading.cues == ("picks_task",)


BIKE_RETURN = Listed(
    task="return_items",
    orders=("#W7335104",),
    text="Please confirm: return Bicycle; Skateboard from order #W7335104.",
    values=("#W7335104", "Bicycle", "Skateboard"),
    actions=("return (?:it|them)|退|退货",),
    items=(("Bicycle", "bike", "自行车"), ("Skateboard", "board", "滑板")),
)


@pytest.mark.parametrize(
    "reply", ["skip the bicycle", "actually not the bike", "自行车就不退了", "keep the skateboard"]
)
def test_declining_one_of_several_single_word_items_is_a_correction(reply: str) -> None:
    """Items go by one word too ("Bicycle", "bike"): declining one re-lists the rest."""
    assert read_confirmation(reply, BIKE_RETURN).reading == "correction"


def test_declining_the_only_listed_item_is_no() -> None:
    one = Listed(task="return_items", values=("Bicycle",), items=(("Bicycle", "bike"),))
    assert read_confirmation("skip the bike", one).reading == "no"
    assert read_confirmation("skip the return", BIKE_RETURN).reading == "no"


@pytest.mark.parametrize(
    "reply", ["yes I still want to cancel it", "I want to cancel it", "我还是想取消", "还是取消吧"]
)
def test_wanting_the_listed_action_restates_it(reply: str) -> None:
    """ "I still want to cancel it", "我还是想取消": the listed action wanted, nothing else."""
    assert read_confirmation(reply, CANCEL).reading == "yes"


@pytest.mark.parametrize("reply", ["我还是想取消", "嗯，我还是决定取消"])
def test_still_wanting_is_no_either_or_question(reply: str) -> None:
    """ "还是" after a subject decides ("after all"); only "A 还是 B" asks which."""
    assert read_confirmation(reply, CANCEL).reading != "question"
    assert read_confirmation("退款到原卡还是礼品卡", CANCEL).reading == "question"


def test_wanting_something_else_is_no_restatement() -> None:
    assert read_confirmation("I want to cancel the other one", CANCEL).reading == "correction"
    assert not read_confirmation("i still want to think about it", CANCEL).executes


def test_telling_of_another_order_and_asking_keeps_the_change_pending() -> None:
    """Set D lost_03: a long aside about another order, with a question, moved the return to
    that order (and lost it); it is a question. A short reply naming the order moves it."""
    aside = (
        "Before I confirm - a tangent. My sunglasses order #W2033238 still says pending and "
        "it's been ages. What does pending actually mean, has it not left the warehouse yet?"
    )
    assert read_confirmation(aside, RETURN).reading == "question"
    for moved in ("#W2033238 please, how long does the refund take?", "wrong one, it's #W2033238"):
        assert read_confirmation(moved, RETURN).reading == "correction"


def test_doing_everything_listed_is_a_yes() -> None:
    assert read_confirmation("yep, do everything you listed", CANCEL).reading == "yes"


def test_doing_it_all_is_a_yes_and_asking_whether_it_is_done_is_not() -> None:
    """ "全部确认，都办了吧" agrees (set D c02_03); "都取消了吧" asks whether it is done."""
    assert read("全部确认，都办了吧").reading == "yes"
    assert read("都取消了吧").reading == "question"


def test_a_look_up_asked_for_after_a_clear_yes_is_yes_and_more() -> None:
    """τ² held-out task 59: "Yes, change it. And confirm the total price of that order" was
    read as a remark on the change (asked again); a look-up asked for is a request of its
    own. A question after "and" still asks about the change."""
    listed = Listed(
        task="modify_address",
        orders=("#W2702727",),
        text="Please confirm: ship order #W2702727 to 1234 Elm St, Springfield, IL 62701.",
        values=("#W2702727", "1234 Elm St", "Springfield"),
        actions=("change (?:it|the address)|改",),
        write_tasks=(("modify_address", ("change (?:it|the address)",)),),
    )

    def looks_up(text: str) -> str | None:
        return "order_lookup" if "price" in text or "status" in text else None

    more = read_confirmation(
        "Yes, change it. And confirm the total price of that order for me.", listed, looks_up
    )
    assert more.reading == "yes_and_more" and "total price" in more.rest
    asked = read_confirmation("yes and the whole price goes on the card?", listed, looks_up)
    assert asked.reading == "question"


def test_a_weak_acknowledgment_then_a_question_waits_for_a_plain_yes() -> None:
    """Set E 1_04: "ok sure, and by the way has #W… shipped yet?" cancelled the order, and the
    customer then took it back. A plain yes before a separate question still agrees."""
    assert read("ok sure, and by the way has #W4082615 shipped yet?").reading == "question"
    assert read("yes, and by the way has #W4082615 shipped yet?").reading == "yes_and_more"


def test_a_statement_with_is_the_inside_is_no_question() -> None:
    """Set E 3_03: "The makeup kit is the one I want to KEEP … leave the makeup kit alone"
    was read as a question and the makeup kit re-listed; it declines it."""
    reply = (
        "Oh goodness, I've got them muddled up. The makeup kit is the one I want to KEEP. "
        "Please leave the makeup kit alone."
    )
    assert read(reply).reading == "no"
    assert read("but is that the lamp order?").reading == "question"


def test_a_value_asked_for_in_question_form_is_a_correction() -> None:
    """Set E 3_05: "could you put the reason down as … rather than …?" was answered from the
    knowledge base and the old reason listed again; it asks for the value."""
    reply = "could you put the reason down as no longer needed instead? the rest is right"
    assert read(reply).reading == "correction"
    assert read("will the reason be no longer needed?").reading == "question"


def test_an_order_held_back_in_an_aside_is_no_new_target() -> None:
    """Set E lost_01: "I might send back the sunglasses from #W… at some point, not today"
    moved the cancellation to that order and lost it."""
    reply = (
        "Before that, quick question: how do returns work for delivered stuff? I might send "
        "back the sunglasses from #W9628587 at some point, not today."
    )
    assert read(reply).reading == "question"


def test_words_naming_the_listed_action_too_name_no_other_change() -> None:
    """Set E lost_02: "刚才那个改地址的，确认办理" at an order's address change was read as a
    change of the default address (also "改地址") and listed that instead."""
    listed = Listed(
        task="modify_address",
        orders=("#W3586556",),
        text="请确认：将订单 #W3586556 的收货地址改为 5 E Camelback Rd, Phoenix, AZ 85012。",
        values=("#W3586556", "5 E Camelback Rd"),
        actions=("change (?:it|the address)|改|修改|改地址",),
        write_tasks=(
            ("modify_address", ("change (?:it|the address)|改|修改|改地址",)),
            ("update_default_address", ("update (?:it|my address)|改|修改|更新",)),
        ),
    )
    reading = read_confirmation(
        "好，明白了。刚才那个改地址的，确认办理。", listed, lambda _: "update_default_address"
    )
    assert reading.reading != "no" and reading.cues != ("other_change",)


@pytest.mark.parametrize(
    "reply",
    [
        "hmm, you know what, leave #W2387014 as it is. not cancelling after all.",
        "i won't be cancelling it after all",
        "no longer want to cancel, let it be",
    ],
)
def test_the_listed_action_negated_is_no(reply: str) -> None:
    """Set E 1_04: "leave #W… as it is. not cancelling after all" was unclear."""
    assert read(reply).reading == "no"


def test_items_of_the_order_beside_an_address_change_say_which_order_it_is() -> None:
    """Set E 1_03: "ahh right, helmet + kettle, my mistake. yes go ahead" at an address change
    was read as a question (a tag "right") and as naming other items."""
    assert read("ahh right, helmet + kettle, my mistake. yes go ahead", ADDRESS).executes
    assert read("the kettle is in it, right", ADDRESS).reading == "question"


def test_another_orders_item_moves_the_change() -> None:
    """Set F 3_25: naming an item only another order holds is a correction of the order."""
    listed = Listed(
        task=CANCEL.task,
        orders=CANCEL.orders,
        text=CANCEL.text,
        reason=CANCEL.reason,
        values=CANCEL.values,
        actions=CANCEL.actions,
        other_items=(("grill",), ("yoga mat", "yogamat")),
    )
    reading = read_confirmation("no sorry, it's the grill one I want gone", listed, other_task)
    assert reading.reading == "correction" and "order_id" in reading.changed
    assert read_confirmation("is the grill one shipped?", listed, other_task).reading == "question"


@pytest.mark.parametrize(
    "reply",
    ["the refund goes to my card, right", "that's the kettle order, correct", "退款到原卡，对吧"],
)
def test_a_statement_ending_in_a_tag_asks_for_agreement(reply: str) -> None:
    """A tag cut off by a comma ("…, right") was a part of its own that agreed: a yes."""
    assert read(reply).reading == "question"
    assert read("right, go ahead").executes


THREE_ORDERS = Listed(
    task="cancel_order",
    orders=("#W7007896", "#W1302858", "#W7756209"),
    text="#W7007896; #W1302858; #W7756209. Please confirm: cancel order #W7007896 because it is "
    "no longer needed. Answer “yes to all” to confirm all.",
    reason="no longer needed",
    actions=("cancel|取消",),
)


@pytest.mark.parametrize("reply", ["对，就这两个，确认。", "yes to both", "yes, do both of them"])
def test_yes_to_all_counting_other_than_the_listed_orders_asks(reply: str) -> None:
    """Set F 2_13 (after a first fix): "对，就这两个，确认" with three orders listed was "yes to
    all" and cancelled the one the customer had just kept."""
    assert read(reply, THREE_ORDERS).reading == "question"
    assert read(reply, TWO_ORDERS).all_listed


@pytest.mark.parametrize(
    "reply",
    [
        "ok decided: leave #W3109412 alone. Only #W8778499 gets cancelled.",
        "#W8778499 取消，#W3109412 先留着",
    ],
)
def test_declining_some_of_the_listed_orders_narrows_the_listing(reply: str) -> None:
    """Set F 2_11: keeping one of two listed orders and restating the other was a no to both."""
    reading = read(reply, TWO_ORDERS)
    assert reading.reading == "correction" and reading.changed == ("order_id",)


def test_an_amount_with_a_thousands_separator_is_one_number() -> None:
    """Set F 1_04: "$5,781 of my money … forget it, I'll keep the order" read "781" as a new
    value (a correction) instead of the no it ends with."""
    listed = Listed(
        task="cancel_order",
        orders=("#W5815923",),
        text="Please confirm: cancel order #W5815923. The refund of $5781.12 goes to paypal.",
        actions=("cancel|取消",),
    )
    reply = (
        "oh perfect. yes. sure. lock up $5,781 of my money for a week 🙄 forget it, I'll keep it"
    )
    assert read(reply, listed).reading == "no"


@pytest.mark.parametrize(
    "reply", ["好滴～那就先这样吧，回头再说", "我的意思是先别取消，保持原样就行。"]
)
def test_putting_it_off_or_explaining_a_no_is_no_yes(reply: str) -> None:
    """Set F 1_06: "我的意思是…" was a question (意思), "回头再说" no denial."""
    assert read(reply).reading in ("no", "question")
    assert read("我的意思是先别取消，保持原样就行。").reading == "no"


def test_a_short_request_naming_another_order_is_another_change() -> None:
    """Set F 2_16: "改地址那个不用了…只取消 #W2" at an address change was a correction."""
    listed = Listed(
        task="modify_address",
        orders=("#W1220770",),
        text=ADDRESS.text,
        values=ADDRESS.values,
        actions=ADDRESS.actions,
        write_tasks=(("cancel_order", ("cancel|取消",)), ("modify_address", ADDRESS.actions)),
    )
    reading = read_confirmation(
        "哦，改地址那个不用了，搬家推迟了。只取消 #W3109412。", listed, other_task
    )
    assert reading.reading == "no" and "#W3109412" in reading.rest


# --------------------------------------------------------------------------- set I and H classes

ADDRESS_WITH_PAYMENT = Listed(
    task="modify_address",
    orders=("#W2273069",),
    text="Please confirm: ship order #W2273069 to 5100 Camp Bowie Blvd, Apt 210, Fort Worth, "
    "TX 76107.",
    values=("#W2273069", "5100 Camp Bowie Blvd", "Apt 210", "Fort Worth", "TX", "76107"),
    actions=("ship (?:it|them) there|change (?:it|the address)|改|修改",),
    topic=(r"address\w*|ship\w*|deliver\w*|arriv\w*|地址|寄|送|快递|到货",),
    write_tasks=(
        ("modify_address", ("change (?:it|the address)",)),
        ("modify_payment", ("switch (?:it|the payment)|change (?:it|the payment)",)),
    ),
    write_topics=(
        ("modify_address", (r"address\w*|ship\w*",)),
        ("modify_payment", (r"pay\w*|card|paypal|visa|mastercard|支付|付款",)),
    ),
)


def payment_task(text: str) -> str | None:
    low = text.lower()
    if "payment" in low or "visa" in low or "paypal" in low:
        return "modify_payment"
    return "modify_address" if "address" in low else None


@pytest.mark.parametrize("reply", ["#W2387014", "W2387014", "#W2387014."])
def test_a_bare_order_id_is_no_yes(reply: str) -> None:
    """The listed order's id alone answers nothing (τ² task 79 ran the change on it)."""
    assert not read(reply).executes


def test_going_ahead_with_the_listed_order_by_id_is_yes() -> None:
    assert read("in case that wasn't clear: yes, go ahead with #W2387014.").reading == "yes"


@pytest.mark.parametrize(
    "reply",
    [
        "yes, #W5875596 too",
        "好的，#W5875596 也取消",
        "yes. and yes to the next one too — #W5875596",
        "yes, and do the same for #W5875596",
    ],
)
def test_a_yes_adding_another_order_keeps_it_for_a_task_of_its_own(reply: str) -> None:
    """The listed change goes ahead; the other order gets its own questions and listing."""
    reading = read(reply)
    assert reading.reading == "yes_and_more"
    assert reading.more_orders == ("#W5875596",)


def test_doing_the_same_is_not_a_question() -> None:
    assert read("do the items ship together?").reading == "question"


def test_a_yes_with_another_kind_of_change_named_goes_ahead_with_the_listed_one() -> None:
    reading = read_confirmation(
        "yes, and while you're at it switch the payment on that one to my visa",
        ADDRESS_WITH_PAYMENT,
        payment_task,
    )
    assert reading.reading == "yes_and_more"
    assert "switch the payment" in reading.rest


def test_a_yes_naming_another_change_than_the_listed_one_is_no_yes() -> None:
    """'yes, the address change is fine' at a payment change agrees to something else."""
    payment = Listed(
        task="modify_payment",
        orders=("#W4082615",),
        text="Please confirm: pay order #W4082615 ($1883.54) with Visa ending 9904 instead of "
        "PayPal.",
        values=("#W4082615", "1883.54", "Visa ending 9904"),
        actions=("switch (?:it|the payment)|change (?:it|the payment)",),
        topic=(r"pay\w*|card|paypal|visa",),
        write_topics=ADDRESS_WITH_PAYMENT.write_topics,
    )
    assert not read_confirmation("yes, the address change is fine.", payment).executes


def test_declining_a_waiting_change_does_not_decline_the_listed_one() -> None:
    reading = read_confirmation(
        "Yes, the new address is right - but don't switch the payment after all. "
        "Keep it on the Visa.",
        ADDRESS_WITH_PAYMENT,
        payment_task,
    )
    assert reading.reading != "no"
    assert reading.declined == ("modify_payment",)


@pytest.mark.parametrize(
    "reply",
    ["hmm, actually leave the payment on paypal. just the address.", "leave the address as it is"],
)
def test_leaving_a_value_as_it_is_is_no(reply: str) -> None:
    assert read_confirmation(reply, ADDRESS, None).reading == "no"


@pytest.mark.parametrize(
    "reply",
    [
        "its raleigh not durham sorry",  # no swap of a listed value: nothing to change
    ],
)
def test_a_swap_of_an_unlisted_word_is_no_correction(reply: str) -> None:
    assert "value" not in read_confirmation(reply, ADDRESS, None).changed


@pytest.mark.parametrize(
    "reply",
    [
        "its durham not raleigh sorry. zip and everything else is right",
        "not Raleigh, Durham",
        "Raleigh should be Durham",
        "不是Raleigh，是Durham",
    ],
)
def test_a_listed_value_swapped_for_another_is_a_correction(reply: str) -> None:
    """'its cambridge not boston' at an address listing: the city corrected (set I 11)."""
    reading = read_confirmation(reply, ADDRESS, None)
    assert reading.reading == "correction" and not reading.executes


def test_a_statement_that_something_is_right_is_no_tag_question() -> None:
    reading = read_confirmation("yes, zip and everything else is right", ADDRESS, lambda _: None)
    assert reading.reading == "yes"


# The listing as the reader gets it: the confirmation with its question, as shown.
SHOWN = Listed(**{**CANCEL.__dict__, "text": CANCEL.text + " Shall I go ahead? (yes/no)"})


def test_a_quote_of_the_confirmation_is_not_read_as_the_reply() -> None:
    quoted = (
        'ok "Please confirm: cancel order #W2387014 (Electric Kettle) because it is ordered by '
        'mistake. Shall I go ahead? (yes/no)"'
    )
    assert read(quoted, SHOWN).reading == "yes"


def test_a_quote_of_an_earlier_listing_is_no_yes_to_this_one() -> None:
    """'> Please confirm: cancel … (only the kettle) ^^ yes this one' names fewer items."""
    quoted = (
        "> Please confirm: cancel order #W2387014 (Electric Kettle) because it is ordered by "
        "mistake. Shall I go ahead? (yes/no)   ^^ yes this one"
    )
    items = Listed(
        **{
            **SHOWN.__dict__,
            "items": (("Electric Kettle", "kettle"), ("Cycling Helmet", "helmet")),
        }
    )
    assert not read(quoted, items).executes


def test_an_edited_quote_is_read_as_written() -> None:
    quoted = (
        'ok "Please confirm: cancel order #W2387014 (Electric Kettle) because it is no longer '
        'needed. Shall I go ahead? (yes/no)"'
    )
    assert read(quoted, SHOWN).reading == "correction"


def test_keeping_one_of_two_listed_items_is_a_correction() -> None:
    two = Listed(
        **{
            **CANCEL.__dict__,
            "task": "return_items",
            "items": (("Smart Thermostat", "thermostat"), ("Dumbbell Set", "dumbbells")),
        }
    )
    reading = read("sorry im confusing myself. just the thermostat, im keeping the dumbbells", two)
    assert reading.reading == "correction"


def test_an_order_taken_back_beside_a_yes_is_no_new_target() -> None:
    """'and #W2 - no, don't cancel that one, just tell me what's in it' does not move the change."""
    reading = read("yes. and #W4011814 — no, don't cancel that one, just tell me what's in it")
    assert "order_id" not in reading.changed
    assert not reading.executes or reading.rest


def test_a_yes_to_both_with_one_change_listed_is_no_yes() -> None:
    """Held-out τ² task 29: "yes go ahead with both" ran the one exchange listed while the
    customer meant it and another one no longer listed."""
    assert read("yes go ahead with both").reading == "question"
    two_items = Listed(**{**CANCEL.__dict__, "items": (("Electric Kettle",), ("Cycling Helmet",))})
    assert read("yes, cancel both items", two_items).executes


RETURN_ZH = Listed(
    task="return_items",
    orders=("#W2941275",),
    text="请确认：退回订单 #W2941275 中的 Water Bottle，退款 $50.14 将退至 gift card "
    "gift_card_4855547。确认办理吗？（是/否）",
    values=("#W2941275", "Water Bottle", "50.14", "gift card gift_card_4855547"),
    actions=("return (?:it|them)|退|退货|退回",),
    topic=(r"return\w*|refund\w*|退货|退款|寄回",),
)


def test_a_plain_yes_restating_a_listed_value_is_yes() -> None:
    """Set I 03: "对，退到礼品卡，确认" at a listing to the gift card was asked again."""
    assert read_confirmation("对，退到礼品卡，确认", RETURN_ZH, lambda _: None).reading == "yes"


def test_a_weak_ok_restating_a_value_is_asked_again() -> None:
    assert not read_confirmation("好吧，退到礼品卡", RETURN_ZH, lambda _: None).executes


@pytest.mark.parametrize("reply", ["应该是吧，我再看看", "我想想"])
def test_a_chinese_i_suppose_so_is_a_hesitation(reply: str) -> None:
    """Set I 04: "应该是吧，我再看看" was answered as an unanswerable question."""
    reading = read(reply)  # a hesitation, or putting it off ("我想想": let me think it over)
    assert reading.reading == "question" and set(reading.cues) <= {"hedge", "defer"}


def test_a_yes_to_both_counts_what_the_confirmation_said_would_follow() -> None:
    """Set A c2_03: "yep, do both" after "… After that, I'll help you with the rest (tracking)"."""
    announced = Listed(**{**CANCEL.__dict__, "announced": 1})
    assert read("yep, do both", announced).executes
    assert not read("yep, do all three", announced).executes


@pytest.mark.parametrize(
    "reply",
    ["yes. Also change my default address to 12 Oak Street, Apt 3, Springfield, IL 62704"],
)
def test_a_number_inside_a_value_counts_nothing(reply: str) -> None:
    """ "Apt 3" in a request said with a yes is no "all three"."""
    assert "count_differs" not in read(reply).cues
    assert not read("yes, do all 3 of them").executes
    assert read("yes, do all three of them").cues == ("count_differs",)


def test_a_yes_to_both_counts_the_changes_listed_together() -> None:
    """A cancellation and a profile address change listed for one yes: two writes, one order."""
    joined = Listed(**{**CANCEL.__dict__, "joined": ("update_default_address",), "writes": 2})
    assert read("yes to both", joined).executes
    assert not read("yes, do all three", joined).executes
    assert not read("yes to both").executes  # one change listed
    # τ² held-out task 78: three items in two changes listed together are not three things
    three_items = Listed(**{**joined.__dict__, "items": (("Kettle",), ("Helmet",), ("Mat",))})
    assert not read("yes, go ahead with all three", three_items).executes


def test_a_request_named_after_a_no_is_no_request_when_it_was_listed_too() -> None:
    """ "no, just cancel it" at a listing of a return and a cancellation: the cancellation was
    listed; the no declines the first change and asks for nothing new."""
    return_first = Listed(**{**RETURN_ZH.__dict__, "joined": ("cancel_order",), "writes": 2})
    assert read("no, just cancel the order", return_first) == ConfirmationReading(
        "no", cues=("deny",)
    )
    assert read("no, just cancel the order", RETURN_ZH).rest


def test_just_the_listed_item_restates_the_listing() -> None:
    """Set J 13: "Yes, just the Hiking Boots" to a listing of the boots alone was a correction."""
    boots = Listed(
        task="return_items",
        orders=("#W6146740",),
        text="Please confirm: return Hiking Boots (12, leather, $260.56) from order #W6146740.",
        values=("#W6146740", "Hiking Boots", "260.56"),
        actions=("return (?:it|them)",),
        items=(("Hiking Boots", "boots"),),
        alternatives=("Wall Clock", "clock"),
    )
    assert read_confirmation("Yes, just the Hiking Boots.", boots, lambda _: None).executes
    assert not read_confirmation("yes, just the clock", boots, lambda _: None).executes


PURIFIER = Listed(
    task="modify_items",
    orders=("#W6729841",),
    text="Please confirm the change to pending order #W6729841: Air Purifier (medium, HEPA) → "
    "large, HEPA, night mode (item 8302289002, $547.55).",
    values=("#W6729841", "Air Purifier", "547.55"),
    actions=("change (?:it|them)",),
    items=(("Air Purifier", "purifier"),),
    alternatives=("Bluetooth Speaker", "speaker"),
)


@pytest.mark.parametrize(
    "reply",
    [
        "Yes, go ahead — that's the order with the air purifier and the speaker, I'm sure of it.",
        "yes, it's the order with the speaker",
    ],
)
def test_items_that_say_which_order_it_is_change_nothing(reply: str) -> None:
    """Blind τ² 101: items describing the listed order ("the order with the air purifier and
    the speaker") were read as a change of the speaker."""
    assert read_confirmation(reply, PURIFIER, lambda _: None).reading == "yes"


def test_an_item_named_after_an_order_description_is_still_a_change() -> None:
    reply = "Yes — that's the order with the speaker — change the speaker too"
    assert not read_confirmation(reply, PURIFIER, lambda _: None).executes


PAYPAL_CANCEL = Listed(
    task="cancel_order",
    orders=("#W2230795",),
    text="Please confirm: cancel order #W2230795 because it is ordered by mistake. The refund of "
    "$1758.64 goes to paypal_3022415. Shall I go ahead? (yes/no)",
    reason="ordered by mistake",
    values=("#W2230795", "1758.64", "paypal_3022415"),
    actions=("cancel|取消",),
    topic=(r"cancel\w*|refund\w*|取消|退款",),
)


@pytest.mark.parametrize(
    "reply",
    [
        "Yes, as long as the refund goes back to my PayPal - then go ahead.",
        "可以，只要钱是退回我的PayPal就行，那就办吧。",
    ],
)
def test_a_condition_the_listing_meets_is_no_doubt(reply: str) -> None:
    """Set J 02 and 05: a yes on a condition the listing already meets was asked again."""
    assert read_confirmation(reply, PAYPAL_CANCEL, lambda _: None).executes


@pytest.mark.parametrize(
    "reply",
    [
        "Yes, as long as the refund goes to my gift card",
        "yes, as long as it arrives by friday",
        "ok, if the refund goes to my paypal, right?",
    ],
)
def test_a_condition_the_listing_does_not_meet_is_a_doubt(reply: str) -> None:
    assert not read_confirmation(reply, PAYPAL_CANCEL, lambda _: None).executes


THREE_ITEMS = Listed(
    task="return_items",
    orders=("#W2890441",),
    text="请确认：退回订单 #W2890441 中的 Water Bottle ($54.04)；Pet Bed ($195.11)；Office Chair "
    "($499.28)，退款 $748.43 将退至 credit_card_1061405。确认办理吗？（是/否）",
    values=("#W2890441", "Water Bottle", "Pet Bed", "Office Chair"),
    actions=("return (?:it|them)|退|退货|退回",),
    topic=(r"return\w*|refund\w*|退货|退款|寄回",),
    items=(("Water Bottle", "水瓶"), ("Pet Bed", "宠物床"), ("Office Chair", "办公椅")),
)


@pytest.mark.parametrize("reply", ["那就退水瓶吧，省得多一点。", "就退水瓶和宠物床吧"])
def test_the_action_for_some_listed_items_is_a_correction(reply: str) -> None:
    """Held-out τ² 19: "那就退水瓶吧" was a tag question; the next yes returned all three."""
    assert read_confirmation(reply, THREE_ITEMS, lambda _: None).reading == "correction"
    assert read_confirmation("那就都退吧", THREE_ITEMS, lambda _: None).executes
    assert read_confirmation("退款是原路退回吧", THREE_ITEMS, lambda _: None).reading == "question"


def test_an_item_naming_the_order_is_no_partial_action() -> None:
    """Confirmation corpus: "yess cancel the bike one" names the order by its item."""
    two = Listed(
        task="cancel_order",
        orders=("#W8778499",),
        text="Please confirm: cancel order #W8778499 (Water Bottle; Bicycle) because it is "
        "ordered by mistake.",
        actions=("cancel|cancel (?:it|them|that|the order)|取消",),
        items=(("Water Bottle", "bottle"), ("Bicycle", "bike")),
    )
    assert read_confirmation("yess cancel the bike one", two, lambda _: None).executes


def test_a_bare_id_the_next_part_asks_about_is_a_question() -> None:
    """Set H 07, in English: "#W2 — just tell me what's in it" moved the cancellation to #W2."""
    assert read("#W4011814 — just tell me what's in it").reading == "question"
    moved = read("#W4011814 please. how long does the refund take?")
    assert moved.reading == "correction" and moved.changed == ("order_id",)


CHEAPER_TABLET = Listed(
    task="return_items",
    orders=("#W3069600",),
    text="Please confirm: return Tablet (8-inch, $938.92) from order #W3069600; "
    "the refund of $938.92 goes to Mastercard ending 2732.",
    values=("#W3069600", "Tablet", "938.92"),
    actions=("return (?:it|them)|退",),
    choice="min",
)


@pytest.mark.parametrize(
    "reply",
    [
        "Hmm, actually, changed my mind — return the more expensive one instead",
        "no wait, the pricier one, and refund it to my gift card",
        "不对，退贵的那个",
    ],
)
def test_choosing_anew_by_price_is_a_correction(reply: str) -> None:
    """Blind τ² task 84: "the more expensive one instead" at the cheaper one's return."""
    reading = read_confirmation(reply, CHEAPER_TABLET)
    assert reading.reading == "correction", reading
    assert "choice" in reading.changed


def test_the_choice_the_listing_was_made_by_is_no_correction() -> None:
    reading = read_confirmation("yes, the cheaper one", CHEAPER_TABLET)
    assert reading.reading != "correction" and "choice" not in reading.changed, reading


@pytest.mark.parametrize("reply", ["Yes, the other one too.", "yes, the other order as well"])
def test_the_other_one_too_is_the_listed_order_right_after_another_was_changed(
    reply: str,
) -> None:
    """Blind τ² 11: the second of two orders listed after the first was changed; "Yes, the
    other one too" agrees to it. With nothing changed before, or the listed order the one
    changed, "the other one" still points elsewhere: a correction."""
    after_first = replace(CANCEL, done_before="#W1111111")
    assert read(reply, after_first).reading == "yes"
    assert read(reply).reading == "correction"
    assert read(reply, replace(CANCEL, done_before="#W2387014")).reading == "correction"
    assert read("no, the other one", after_first).reading != "yes"


def test_a_gloss_in_brackets_does_not_cut_the_change_it_belongs_to() -> None:
    """Blind τ² 31: "那好吧。把我刚买的充电宝（portable charger）取消掉…" at a return's listing
    asks for a cancellation instead: the gloss's brackets used to cut "取消掉" off its object,
    too short to be a request, and the reply read as pointing the return at another order."""
    listed = Listed(**{**RETURN_ZH.__dict__, "write_tasks": RETURN.write_tasks})
    reading = read_confirmation(
        "那好吧。把我刚买的充电宝（portable charger）取消掉，它是配平板用的，现在用不上了。",
        listed,
        lambda text: "cancel_order" if "取消" in text else None,
    )
    assert reading.reading == "no" and "取消掉" in reading.rest and not reading.executes


@pytest.mark.parametrize(
    ("reply", "agrees"),
    [
        ("有道理，对我们俩都是最好的。我自己去提交推荐。", False),  # 对 = "for": no yes
        ("对我来说都一样，你看着办", False),
        ("对，就这样", True),
        ("对的", True),
        ("对！办吧", True),
    ],
)
def test_dui_running_into_its_object_is_the_preposition_not_a_yes(reply: str, agrees: bool) -> None:
    from keel.understanding.confirmation import Listed, read_confirmation

    listed = Listed(task="cancel_order", text="请确认：取消订单 #W1234567。确认办理吗？（是/否）")
    # the rest of a reply may ask for something else (a referral): read as the graph reads it
    reading = read_confirmation(reply, listed, lambda _: "referral").reading
    assert (reading in ("yes", "yes_and_more")) is agrees


DISPUTE = Listed(
    task="dispute_transaction",
    text="Please confirm: dispute 11/12/2025 CryptoMiner Pro $299.99 (Gold Rewards Card). "
    "Shall I file it? (yes/no)",
    values=("11/12/2025", "CryptoMiner Pro", "299.99"),
    actions=(r"\bdispute\b|\bfile\b|争议|申诉",),
    write_tasks=(
        ("dispute_transaction", (r"\bdispute\b|\bfile\b|争议|申诉",)),
        ("order_card", (r"\bactivate\b|\border\b|激活|补卡",)),
        ("freeze_card", (r"\bfreeze\b|冻结",)),
    ),
)


def card_task(text: str) -> str | None:
    return (
        "order_card"
        if "activ" in text or "激活" in text
        else "freeze_card"
        if "freeze" in text or "冻结" in text
        else None
    )


@pytest.mark.parametrize(
    "reply", ["yes, please activate it", "yes freeze it", "好的，帮我激活", "ok, activate the card"]
)
def test_a_short_yes_asking_another_change_in_its_own_words_runs_nothing_listed(
    reply: str,
) -> None:
    assert not read_confirmation(reply, DISPUTE, card_task).executes


@pytest.mark.parametrize("reply", ["yes, file it", "yes please", "好的，提交争议"])
def test_a_short_yes_naming_the_listed_change_still_runs_it(reply: str) -> None:
    assert read_confirmation(reply, DISPUTE, card_task).executes


@pytest.mark.parametrize("text", ["Close my Gold card", "CLOSE IT", "please close it"])
def test_action_words_are_named_in_any_case(text: str) -> None:
    from keel.understanding.confirmation import names_action

    assert names_action(text, [r"\bclose\b"])
    assert not names_action(text, [r"\bfreeze\b"])


@pytest.mark.parametrize(
    "reply",
    [
        "No thanks, I'll sort the refund out myself. Let's just cancel the order now.",
        "no, not that. please cancel it now",
    ],
)
def test_a_no_followed_by_the_listed_change_asked_for_is_asked_again(reply: str) -> None:
    # The no answers something said beside the listing; the listed change is asked for
    # after it: neither a yes nor a no, the question is asked again.
    reading = read(reply)
    assert reading.reading == "unclear" and not reading.executes


@pytest.mark.parametrize(
    "reply", ["no, don't cancel it", "no thanks, leave the order as it is", "nope"]
)
def test_a_plain_no_stays_a_no(reply: str) -> None:
    assert read(reply).reading == "no"


OPEN = (r"\bopen\b|开户|开立",)


@pytest.mark.parametrize(
    ("reply", "answer"),
    [
        ("That sounds perfect! Let's open that one.", "yes"),
        ("Great, let's go with that", "yes"),
        ("Let's open it", "yes"),
        ("sure", "yes"),
        ("no thanks", "no"),
        ("Let's not open it", "no"),
        ("hmm, what is its fee?", None),
        ("That sounds perfect. Let's do it! I'll apply for the card myself.", "yes"),
        ("听起来很完美！卡我自己去申请。", "yes"),
        ("That sounds perfect. But no, not now.", "no"),
        ("which one has no fee?", None),
        ("I don't want to compare options. Which one earns the most?", None),
        ("Honestly I don't want to compare. Which one earns the most? Do the math.", None),
    ],
)
def test_an_offer_is_answered_with_the_words_of_agreement(reply: str, answer: str | None) -> None:
    assert offer_answer(reply, "open_account", OPEN) == answer
