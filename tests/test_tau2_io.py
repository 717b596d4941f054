"""Round trip of a small hand-made τ² retail document through the business database."""

from __future__ import annotations

import copy
import json
import logging
from pathlib import Path
from typing import Any

import pytest

from keel.domain.retail.models import Order
from keel.domain.retail.tau2 import (
    ImportCounts,
    export_db,
    export_db_file,
    export_order,
    import_tau2,
    import_tau2_file,
    load_tau2_file,
)
from keel.persistence.db import session_scope, sqlite_url


def _address(address1: str, city: str, state: str, zip_code: str) -> dict[str, str]:
    return {
        "address1": address1,
        "address2": "Suite 101",
        "city": city,
        "country": "USA",
        "state": state,
        "zip": zip_code,
    }


ADA_ADDRESS = _address("12 Elm Street", "Denver", "CO", "80201")
BO_ADDRESS = _address("9 Pine Lane", "Austin", "TX", "78701")

KEYBOARD = {
    "name": "Mechanical Keyboard",
    "product_id": "1000000001",
    "item_id": "2000000001",
    "price": 129.99,
    "options": {"switch type": "linear", "backlight": "RGB", "size": "80%"},
}
KEYBOARD_CLICKY = {
    "name": "Mechanical Keyboard",
    "product_id": "1000000001",
    "item_id": "2000000002",
    "price": 119.5,
    "options": {"switch type": "clicky", "backlight": "none", "size": "full size"},
}
MUG = {
    "name": "Water Bottle",
    "product_id": "1000000002",
    "item_id": "2000000003",
    "price": 19.0,
    "options": {"capacity": "500ml", "material": "glass", "color": "blue"},
}
LAMP = {
    "name": "Desk Lamp",
    "product_id": "1000000003",
    "item_id": "2000000005",
    "price": 45.25,
    "options": {"color": "black", "power source": "USB"},
}


def _variant(item: dict[str, Any], available: bool = True) -> dict[str, Any]:
    return {
        "item_id": item["item_id"],
        "options": dict(item["options"]),
        "available": available,
        "price": item["price"],
    }


def small_tau2() -> dict[str, Any]:
    """2 users, 3 products, 3 orders (one cancelled, one exchanged, one with an unknown key)."""
    return {
        "products": {
            "1000000001": {
                "name": "Mechanical Keyboard",
                "product_id": "1000000001",
                "variants": {
                    "2000000001": _variant(KEYBOARD),
                    "2000000002": _variant(KEYBOARD_CLICKY),
                },
            },
            "1000000002": {
                "name": "Water Bottle",
                "product_id": "1000000002",
                "variants": {
                    "2000000004": {
                        "item_id": "2000000004",
                        "options": {"capacity": "750ml", "material": "plastic", "color": "red"},
                        "available": False,
                        "price": 15.75,
                    },
                    "2000000003": _variant(MUG),
                },
            },
            "1000000003": {
                "name": "Desk Lamp",
                "product_id": "1000000003",
                "variants": {"2000000005": _variant(LAMP, available=False)},
            },
        },
        "users": {
            "ada_lovelace_1815": {
                "user_id": "ada_lovelace_1815",
                "name": {"first_name": "Ada", "last_name": "Lovelace"},
                "address": ADA_ADDRESS,
                "email": "ada.lovelace1815@example.com",
                "payment_methods": {
                    "credit_card_1111111": {
                        "source": "credit_card",
                        "id": "credit_card_1111111",
                        "brand": "visa",
                        "last_four": "0042",
                    },
                    "gift_card_2222222": {
                        "source": "gift_card",
                        "id": "gift_card_2222222",
                        "balance": 73.0,
                    },
                },
                "orders": ["#W0000002", "#W0000001"],
            },
            "bo_chen_4242": {
                "user_id": "bo_chen_4242",
                "name": {"first_name": "Bo", "last_name": "Chen"},
                "address": BO_ADDRESS,
                "email": "bo.chen4242@example.com",
                "payment_methods": {
                    "paypal_3333333": {"source": "paypal", "id": "paypal_3333333"},
                },
                "orders": ["#W0000003"],
            },
        },
        "orders": {
            "#W0000002": {
                "order_id": "#W0000002",
                "user_id": "ada_lovelace_1815",
                "address": ADA_ADDRESS,
                "items": [KEYBOARD, MUG],
                "status": "cancelled",
                "fulfillments": [],
                "payment_history": [
                    {
                        "transaction_type": "payment",
                        "amount": 148.99,
                        "payment_method_id": "credit_card_1111111",
                    },
                    {
                        "transaction_type": "refund",
                        "amount": 148.99,
                        "payment_method_id": "credit_card_1111111",
                    },
                ],
                "cancel_reason": "ordered by mistake",
            },
            "#W0000001": {
                "order_id": "#W0000001",
                "user_id": "ada_lovelace_1815",
                "address": _address("1 Other Road", "Boston", "MA", "02101"),
                "items": [KEYBOARD, LAMP],
                "status": "exchange requested",
                "fulfillments": [
                    {"tracking_id": ["123456789012"], "item_ids": ["2000000001"]},
                    {"tracking_id": ["123456789013"], "item_ids": ["2000000005"]},
                ],
                "payment_history": [
                    {
                        "transaction_type": "payment",
                        "amount": 175.24,
                        "payment_method_id": "gift_card_2222222",
                    },
                ],
                "exchange_items": ["2000000001"],
                "exchange_new_items": ["2000000002"],
                "exchange_payment_method_id": "gift_card_2222222",
                "exchange_price_difference": -10.49,
            },
            "#W0000003": {
                "order_id": "#W0000003",
                "user_id": "bo_chen_4242",
                "address": BO_ADDRESS,
                "items": [MUG],
                "status": "pending",
                "fulfillments": [],
                "payment_history": [
                    {
                        "transaction_type": "payment",
                        "amount": 19.0,
                        "payment_method_id": "paypal_3333333",
                    },
                ],
                "gift_message": {"text": "Happy birthday", "wrap": True},
            },
        },
    }


@pytest.fixture
def url(tmp_path: Path) -> str:
    return sqlite_url(tmp_path / "tau2.db")


def test_round_trip_is_equal(url: str) -> None:
    data = small_tau2()
    original = copy.deepcopy(data)
    counts = import_tau2(data, url)
    assert data == original  # the importer does not mutate its input
    assert counts == ImportCounts(
        products=3,
        variants=5,
        users=2,
        payment_methods=3,
        orders=3,
        order_items=5,
        fulfilments=2,
        payments=4,
    )
    assert export_db(url) == data


def test_round_trip_keeps_key_order(url: str) -> None:
    data = small_tau2()
    import_tau2(data, url)
    assert json.dumps(export_db(url)) == json.dumps(data)


def test_optional_and_extra_order_keys(url: str) -> None:
    import_tau2(small_tau2(), url)
    with session_scope(url) as session:
        cancelled = session.get(Order, "#W0000002")
        exchanged = session.get(Order, "#W0000001")
        pending = session.get(Order, "#W0000003")
        assert cancelled is not None and exchanged is not None and pending is not None
        assert cancelled.cancel_reason == "ordered by mistake"
        assert cancelled.extra is None
        assert exchanged.exchange_new_items == ["2000000002"]
        assert exchanged.exchange_price_difference == pytest.approx(-10.49)
        assert exchanged.return_items is None
        assert pending.extra == {"gift_message": {"text": "Happy birthday", "wrap": True}}
        assert [o.seq for o in (cancelled, exchanged, pending)] == [0, 1, 2]
        exported = export_order(pending)
    assert "cancel_reason" not in exported
    assert list(exported)[-1] == "gift_message"


def test_reimport_replaces_everything(url: str) -> None:
    import_tau2(small_tau2(), url)
    smaller = small_tau2()
    del smaller["orders"]["#W0000003"]
    del smaller["users"]["bo_chen_4242"]
    import_tau2(smaller, url)
    assert export_db(url) == smaller


def test_files(tmp_path: Path, url: str) -> None:
    source = tmp_path / "db.json"
    source.write_text(json.dumps(small_tau2(), indent=4), encoding="utf-8")
    assert load_tau2_file(source) == small_tau2()
    import_tau2_file(source, url)
    target = tmp_path / "out" / "db.json"
    export_db_file(url, target)
    assert target.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")


def test_load_rejects_non_object(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(ValueError, match="JSON object"):
        load_tau2_file(path)


def test_inconsistent_user_order_list_is_derived(
    url: str, caplog: pytest.LogCaptureFixture
) -> None:
    data = small_tau2()
    data["users"]["bo_chen_4242"]["orders"] = []
    with caplog.at_level(logging.WARNING, logger="persistence.tau2"):
        import_tau2(data, url)
    assert "bo_chen_4242" in caplog.text
    assert export_db(url)["users"]["bo_chen_4242"]["orders"] == ["#W0000003"]
