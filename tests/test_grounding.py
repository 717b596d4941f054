from keel.understanding.grounding import ungrounded_facts

DATA = {"order": {"order_id": "#W1234567", "status": "pending"}, "payments": [{"amount": 536.65}]}


def test_grounded_reply_passes() -> None:
    reply = "Your order #W1234567 is pending; you paid $536.65."
    assert ungrounded_facts(reply, [DATA]) == []


def test_invented_facts_are_caught() -> None:
    reply = "Order #W7654321 was delivered on 2026-01-18 and cost $99.99."
    missing = ungrounded_facts(reply, [DATA])
    assert "#W7654321" in missing and "delivered" in missing and "2026-01-18" in missing
    assert "99.99" in missing


def test_small_numbers_are_not_facts() -> None:
    assert ungrounded_facts("Refunds take 5 to 7 business days.", [DATA]) == []
