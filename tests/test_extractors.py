import pytest

from keel.domain.config import load_domain, picks
from keel.understanding import extractors as ex

RETAIL = load_domain("retail")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cancel order #W7678072 please", ["#W7678072"]),
        ("order W1234567 and #w7654321", ["#W1234567", "#W7654321"]),
        ("订单 #W1234567 的物流", ["#W1234567"]),
        ("my zip is 1234567", []),
    ],
)
def test_order_ids(text: str, expected: list[str]) -> None:
    assert ex.order_ids(text) == expected


def test_bare_order_digits_only_when_asked() -> None:
    assert ex.order_ids("it's 1234567") == []
    assert ex.order_ids("it's 1234567", expecting=True) == ["#W1234567"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm Noah Brown, zip 80279", ("Noah", "Brown")),
        ("my name is sofia garcia and my zip code is 10001", ("Sofia", "Garcia")),
        ("Yusuf Rossi, zip code 19122", ("Yusuf", "Rossi")),
        ("我叫 Noah Brown，邮编 80279", ("Noah", "Brown")),
        ("I'm looking for my order", None),
        ("I am not sure", None),
    ],
)
def test_person_name(text: str, expected: tuple[str, str] | None) -> None:
    assert ex.person_name(text) == expected


def test_bare_name_only_when_asked() -> None:
    assert ex.person_name("Noah Brown") is None
    assert ex.person_name("Noah Brown", expecting=True) == ("Noah", "Brown")


@pytest.mark.parametrize(
    ("text", "expecting", "expected"),
    [
        ("zip 80279", False, "80279"),
        ("邮编 80279", False, "80279"),
        ("I live in 80279", False, "80279"),
        ("80279", True, "80279"),
        ("80279", False, "80279"),  # a lone 5-digit number is the zip code
        ("Fatima Johnson, 78712.", False, "78712"),
        ("Sofia Li, 78260 in San Antonio", False, "78260"),
        ("order #W1234567", True, None),
        ("the 20000mAh charger", False, None),
        ("it costs $12345", False, None),
        ("change my address to 10 Elm St, Boston, MA 02110", False, None),
        ("zip 80279, ship to 10 Elm St, Boston, MA 02110", False, "80279"),
    ],
)
def test_zip(text: str, expecting: bool, expected: str | None) -> None:
    assert ex.zip_code(text, expecting=expecting) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yes", "yes"),
        ("Yes, please go ahead.", "yes"),
        ("sure", "yes"),
        ("是的", "yes"),
        ("好的", "yes"),
        ("no", "no"),
        ("No thanks", "no"),
        ("不要", "no"),
        ("不是", "no"),
        ("what is the status", None),
        ("nothing else", None),
        ("hmm no, actually leave it", "no"),
        ("yes, that's everything", "yes"),
        ("ok let's go ahead", "yes"),
        ("no wait, don't", "no"),
        ("yes I no longer need it", "yes"),
        ("I don't need it anymore", None),
        ("嗯，先不要了", "no"),
        ("是的，确认取消", "yes"),
        ("嗯", "yes"),
        ("不错", "yes"),
        ("对了，说到卡，我还在考虑注销另一张卡。", None),  # "by the way": no agreement
        ("对", "yes"),
    ],
)
def test_yes_no(text: str, expected: str | None) -> None:
    assert ex.yes_no(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I don't need it anymore", "no longer needed"),
        ("I no longer need it", "no longer needed"),
        ("I ordered it by mistake", "ordered by mistake"),
        ("下错单了", "ordered by mistake"),
        ("不需要了", "no longer needed"),
        ("because I found it cheaper elsewhere", "other"),
        ("cancel it", None),
    ],
)
def test_cancel_reason(text: str, expected: str | None) -> None:
    assert ex.cancel_reason(text) == expected


def test_payment_refs() -> None:
    assert ex.payment_ref("refund to my gift card") == ex.PaymentRef(source="gift_card")
    assert ex.payment_ref("use paypal") == ex.PaymentRef(source="paypal")
    card = ex.payment_ref("the visa ending in 1234")
    assert card == ex.PaymentRef(source="credit_card", last_four="1234", brand="visa")
    assert ex.payment_ref("credit_card_9513926") == ex.PaymentRef(method_id="credit_card_9513926")
    assert ex.payment_ref("to the original payment method") == ex.PaymentRef(original=True)
    assert ex.payment_ref("退回原支付方式") == ex.PaymentRef(original=True)
    assert ex.payment_ref("what is my order status") is None


def test_address() -> None:
    found = ex.address("Ship it to 123 Main St, Apt 4, Austin, TX 78701 please")
    assert found == {
        "address1": "123 Main St",
        "address2": "Apt 4",
        "city": "Austin",
        "state": "TX",
        "country": "USA",
        "zip": "78701",
    }
    no_unit = ex.address("445 Maple Drive, Denver, CO 80202, USA")
    assert no_unit is not None and no_unit["address2"] == "" and no_unit["city"] == "Denver"
    assert ex.address("use my default address") == {"default": "yes"}  # "use" it: a value
    assert ex.address("cancel my order") is None


def test_repair_cues() -> None:
    assert ex.is_abandon("never mind")
    assert ex.is_abandon("算了")
    assert not ex.is_abandon("cancel my order")
    assert ex.is_correction("No, it is order #W1234567")
    assert ex.is_correction("sorry, I meant the other one")
    assert not ex.is_correction("cancel order #W1234567")
    assert ex.is_angry("This is ridiculous!!!")
    assert not ex.is_angry("Where is my parcel?")


def test_mask_entities() -> None:
    masked = ex.mask_entities("cancel #W1234567 for a.b@example.com zip 80279")
    assert "#W" not in masked and "@" not in masked and "80279" not in masked
    assert "ORDERID" in masked and "EMAIL" in masked


def test_language() -> None:
    assert ex.detect_language("取消订单") == "zh"
    assert ex.detect_language("cancel it") == "en"


def test_language_is_kept_by_messages_without_words() -> None:
    assert ex.detect_language("#W2186637", "zh") == "zh"
    assert ex.detect_language("95144", "zh") == "zh"
    assert ex.detect_language("ok", "zh") == "zh"
    assert ex.detect_language("yes please do", "zh") == "en"
    assert ex.detect_language("#W2186637", "en") == "en"


def test_names_found_in_free_text() -> None:
    assert ex.names_in_text("Hey there! Noah Patel, living in the Big Apple", "Noah", "Patel")
    assert ex.names_in_text("mei davis, 80217", "Mei", "Davis")
    assert not ex.names_in_text("Noah Patelson here", "Noah", "Patel")
    assert not ex.names_in_text("Noah here", "Noah", "")


def test_order_ids_after_the_word_order_and_malformed_ones() -> None:
    assert ex.order_ids("order 2378156 please") == ["#W2378156"]
    assert ex.order_ids("订单号 1234567") == ["#W1234567"]
    assert ex.order_ids("I ordered 12345 stickers") == []
    assert ex.malformed_order_id("Can you check order 12345 for me") == "12345"
    assert ex.malformed_order_id("order #W1234567") is None


def test_payment_named_with_negation_and_original() -> None:
    ref = ex.payment_ref("I'd rather pay with my mastercard, not the gift card")
    assert ref is not None and ref.source == "credit_card" and ref.brand == "mastercard"
    ref = ex.payment_ref("use paypal instead of the credit card")
    assert ref is not None and ref.source == "paypal"
    ref = ex.payment_ref("refund to my original credit card")
    assert ref is not None and ref.original and ref.source == "credit_card"
    ref = ex.payment_ref("不用礼品卡，用信用卡")
    assert ref is not None and ref.source == "credit_card"


def test_address_shorthands() -> None:
    assert ex.address("ship it to my default address") == {"default": "yes"}
    assert ex.address("change my default address") is None  # names what changes, not a value
    assert ex.address("改一下我的默认地址") is None
    assert ex.address("set it to the address of my most recent order") == {"from_order": "yes"}
    assert ex.address("the Seattle address that order is shipping to") == {"from_order": "yes"}
    assert ex.address("change it to Suite 641 instead of Suite 640") == {
        "address2": "Suite 641",
        "partial": "yes",
    }


def test_request_shapes() -> None:
    assert ex.negates_request("Actually no, I'll keep the grill. Don't cancel it.")
    assert ex.negates_request("不要取消了")
    assert not ex.negates_request("I want to keep the keyboard but change the color")
    assert not ex.negates_request("I changed my mind, cancel the order")
    assert ex.negates_request("don't cancel it", RETAIL.taken_back_by("cancel_order"))
    assert not ex.negates_request(
        "paypal, and please don't cancel any orders", RETAIL.taken_back_by("exchange_items")
    )
    assert ex.negates_request("I'll keep it", RETAIL.taken_back_by("return_items"))
    assert ex.is_abandon("never mind") and not ex.is_abandon("don't cancel it")
    assert ex.means_all_orders("please cancel all my pending orders")
    assert ex.means_all_orders("cancel both of them")
    assert not ex.means_all_orders("cancel the order")
    assert ex.means_latest("the order I placed most recently")
    assert ex.points_elsewhere("I have another pending order, cancel it")
    assert ex.points_elsewhere("把另一个订单也取消")
    assert not ex.points_elsewhere("cancel that order")
    assert ex.item_count("the order with five things in it") == 5
    assert ex.item_count("有3件商品的订单") == 3
    assert ex.item_count("cancel it") is None
    assert ex.only_identity("Hi, I'm Noah Brown, zip 80279.")
    assert ex.only_identity("我叫 Chen Clark，邮编 28273")
    assert not ex.only_identity("my email is a.b@example.com, cancel my order")
    assert not ex.only_identity("hello")
    assert not ex.only_identity("It's in order #W4284542.")
    assert ex.split_next_request("Yes, cancel it. Next: #W2702727 has to go to 1 Elm St") == (
        "Yes, cancel it.",
        "#W2702727 has to go to 1 Elm St",
    )
    assert ex.split_next_request("好的，然后把另一个订单也取消") == ("好的，", "把另一个订单也取消")
    assert ex.split_next_request("no, it is order #W1234567") == ("no, it is order #W1234567", "")
    assert RETAIL.chosen("ugh ok. then do the exchange, the boots matter more") == "exchange_items"
    assert RETAIL.chosen("那就退货吧") == "return_items"
    assert RETAIL.chosen("I want to exchange the boots") is None
    # a business's own words, in the engine's phrasings
    assert picks("Wait, can we do the account closure first?", ["account closure"])
    assert picks("ok, let's go with the card closure", ["card closure"])
    assert not picks("can we do the closure first?", ["account closure"])  # which: not said
    assert picks("那就销户吧", ["销户"]) and not picks("销户要多久", ["销户"])
    assert ex.yes_no("The one with no water resistance.") is None  # a description, not a no
    assert ex.yes_no("hmm no, leave it") == "no"
    assert ex.wants_split_payment("can you split the payment over another card?")
    assert not ex.wants_split_payment("pay with my visa")
    assert ex.is_question("how long does a refund take?")
    assert ex.is_question("退款多久到账")
    assert not ex.is_question("use my visa")
    assert ex.only_entities("#W1234567")
    assert ex.only_entities("95144")
    assert not ex.only_entities("ok it's #W1234567")


def test_sentences_are_not_split_inside_an_email_address() -> None:
    from keel.understanding.offline import views

    text = "My email is jamal.nguyen8354@example.com. Cancel order #W3129046, I don't need it."
    assert views(text) == [
        "My email is jamal.nguyen8354@example.com.",
        "Cancel order #W3129046, I don't need it.",
    ]
    assert views("Hi.Cancel my order.It was a mistake") == ["Cancel my order.", "It was a mistake"]


@pytest.mark.parametrize(
    ("text", "taken_back"),
    [
        ("台灯也不换了，只换双肩包。确认，办吧。", False),
        ("don't change the lamp, only change the backpack.", False),
        ("Actually don't exchange anything, only the return", True),
        ("不换了", True),
        ("don't exchange it, just return it", True),
    ],
)
def test_an_item_left_out_of_a_change_that_goes_on_takes_nothing_back(
    text: str, taken_back: bool
) -> None:
    """Joint blind task 72: "台灯也不换了，只换双肩包" at a question of the address change dropped
    the address change ("好的，已放弃该请求")."""
    assert ex.negates_request(text, RETAIL.taken_back_by("modify_address")) is taken_back


@pytest.mark.parametrize(
    ("text", "declines", "rest"),
    [
        (
            "I'll come back later. No need to transfer me to anyone, thanks.",
            True,
            "I'll come back later. , thanks",
        ),
        ("I don't need a human, just cancel it", True, ", just cancel it"),
        ("不用转人工，我自己来", True, "，我自己来"),
        ("transfer me to a human please", False, "transfer me to a human please"),
        ("I want to talk to a person, not a bot", False, "I want to talk to a person, not a bot"),
    ],
)
def test_a_person_declined_is_found_and_cut(text: str, declines: bool, rest: str) -> None:
    assert ex.declines_person(text) is declines
    assert ex.without_declined_person(text).strip(" .,") == rest.strip(" .,")
