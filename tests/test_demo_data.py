"""The demo store: deterministic, well-formed, consistent, and lossless through the database."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest

from keel.domain.retail.demo_data import DEMO_SEED, STATUSES, generate_demo_data, load_demo_data
from keel.domain.retail.tau2 import export_db
from keel.persistence.db import sqlite_url

ADDRESS_KEYS = ["address1", "address2", "city", "country", "state", "zip"]


@pytest.fixture(scope="module")
def demo() -> dict[str, Any]:
    return generate_demo_data()


def test_deterministic(demo: dict[str, Any]) -> None:
    again = generate_demo_data(DEMO_SEED)
    assert again == demo
    assert json.dumps(again) == json.dumps(demo)
    assert generate_demo_data(DEMO_SEED + 1) != demo


def test_counts_in_range(demo: dict[str, Any]) -> None:
    products = demo["products"]
    assert 45 <= len(products) <= 55
    assert all(5 <= len(p["variants"]) <= 15 for p in products.values())
    assert 250 <= len(demo["users"]) <= 350
    assert 500 <= len(demo["orders"]) <= 700
    variants = [v for p in products.values() for v in p["variants"].values()]
    assert 0.75 <= sum(v["available"] for v in variants) / len(variants) <= 0.95
    names = {p["name"] for p in products.values()}
    assert {"T-Shirt", "Laptop", "Mechanical Keyboard", "Smart Thermostat", "Perfume"} <= names
    assert len(names) == len(products)


def test_id_formats(demo: dict[str, Any]) -> None:
    ten_digits = re.compile(r"^[1-9]\d{9}$")
    ids: list[str] = []
    for key, product in demo["products"].items():
        assert key == product["product_id"] and ten_digits.match(key)
        ids.append(key)
        for item_id, variant in product["variants"].items():
            assert item_id == variant["item_id"] and ten_digits.match(item_id)
            assert variant["price"] == round(variant["price"], 2) and variant["price"] > 0
            ids.append(item_id)
    assert len(ids) == len(set(ids))
    for key, order in demo["orders"].items():
        assert key == order["order_id"] and re.match(r"^#W\d{7}$", key)
    for key, user in demo["users"].items():
        first = user["name"]["first_name"].lower()
        last = user["name"]["last_name"].lower()
        assert key == user["user_id"] and re.match(rf"^{first}_{last}_\d{{4}}$", key)
        assert re.match(rf"^{first}\.{last}\d{{4}}@example\.com$", user["email"])
        assert list(user["address"]) == ADDRESS_KEYS
        assert user["address"]["country"] == "USA"
        assert re.match(r"^\d+ [A-Z]", user["address"]["address1"])
        assert re.match(r"^\d{5}$", user["address"]["zip"])
        assert 1 <= len(user["payment_methods"]) <= 3
        for method_id, method in user["payment_methods"].items():
            assert method_id == method["id"]
            assert re.match(rf"^{method['source']}_\d{{7}}$", method_id)
            if method["source"] == "credit_card":
                assert method["brand"] in ("visa", "mastercard")
                assert re.match(r"^\d{4}$", method["last_four"])
            elif method["source"] == "gift_card":
                assert 0 <= method["balance"] <= 500
            else:
                assert method["source"] == "paypal" and set(method) == {"source", "id"}


def test_people_are_distinct(demo: dict[str, Any]) -> None:
    people = Counter(
        (u["name"]["first_name"], u["name"]["last_name"], u["address"]["zip"])
        for u in demo["users"].values()
    )
    assert max(people.values()) == 1


def test_cities_are_consistent(demo: dict[str, Any]) -> None:
    states: dict[str, set[str]] = defaultdict(set)
    zips: dict[str, set[str]] = defaultdict(set)
    for user in demo["users"].values():
        states[user["address"]["city"]].add(user["address"]["state"])
        zips[user["address"]["city"]].add(user["address"]["zip"][:3])
    assert all(len(s) == 1 for s in states.values())
    assert all(len(z) == 1 for z in zips.values())


def test_orders_reference_the_catalogue_and_users(demo: dict[str, Any]) -> None:
    products = demo["products"]
    users = demo["users"]
    for order in demo["orders"].values():
        user = users[order["user_id"]]
        assert order["order_id"] in user["orders"]
        assert 1 <= len(order["items"]) <= 5
        for item in order["items"]:
            product = products[item["product_id"]]
            variant = product["variants"][item["item_id"]]
            assert item["name"] == product["name"]
            assert item["price"] == variant["price"]
            assert item["options"] == variant["options"]
        payment = order["payment_history"][0]
        assert payment["transaction_type"] == "payment"
        assert payment["payment_method_id"] in user["payment_methods"]
        total = round(sum(item["price"] for item in order["items"]), 2)
        assert payment["amount"] == pytest.approx(total)
        method = user["payment_methods"][payment["payment_method_id"]]
        if method["source"] == "gift_card":
            assert method["balance"] >= payment["amount"]


def test_statuses_fulfilments_and_refunds(demo: dict[str, Any]) -> None:
    orders = list(demo["orders"].values())
    statuses = Counter(o["status"] for o in orders)
    assert set(statuses) == set(STATUSES)
    assert 0.3 <= statuses["pending"] / len(orders) <= 0.5
    assert 0.3 <= statuses["delivered"] / len(orders) <= 0.5
    assert statuses["processed"] >= 20 and statuses["cancelled"] >= 20
    tracking: list[str] = []
    for order in orders:
        item_ids = [item["item_id"] for item in order["items"]]
        if order["status"] in ("processed", "delivered"):
            assert len(order["fulfillments"]) == 1
            fulfilment = order["fulfillments"][0]
            assert fulfilment["item_ids"] == item_ids
            assert all(re.match(r"^\d{12}$", t) for t in fulfilment["tracking_id"])
            tracking += fulfilment["tracking_id"]
        else:
            assert order["fulfillments"] == []
        if order["status"] == "cancelled":
            assert order["cancel_reason"] in ("no longer needed", "ordered by mistake")
            payment, refund = order["payment_history"]
            assert refund["transaction_type"] == "refund"
            assert refund["amount"] == payment["amount"]
        else:
            assert "cancel_reason" not in order
            assert len(order["payment_history"]) == 1
    assert len(tracking) == len(set(tracking))


def test_scenario_material_exists(demo: dict[str, Any]) -> None:
    users = demo["users"]
    orders = demo["orders"]
    assert all(user["orders"] for user in users.values())
    by_user: dict[str, set[str]] = defaultdict(set)
    multi: dict[str, set[str]] = defaultdict(set)
    for order in orders.values():
        by_user[order["user_id"]].add(order["status"])
        if len(order["items"]) >= 2:
            multi[order["status"]].add(order["user_id"])
    assert sum(statuses == set(STATUSES) for statuses in by_user.values()) >= 5
    assert len(multi["pending"]) >= 5
    assert len(multi["delivered"]) >= 5
    for status in STATUSES:
        assert sum(status in statuses for statuses in by_user.values()) >= 5


def test_users_orders_follow_file_order(demo: dict[str, Any]) -> None:
    position = {order_id: i for i, order_id in enumerate(demo["orders"])}
    for user in demo["users"].values():
        assert user["orders"] == sorted(user["orders"], key=position.__getitem__)


def test_loads_into_sqlite_and_exports_back(tmp_path: Path, demo: dict[str, Any]) -> None:
    url = sqlite_url(tmp_path / "demo.db")
    counts = load_demo_data(url)
    assert counts.orders == len(demo["orders"])
    assert counts.users == len(demo["users"])
    exported = export_db(url)
    assert exported == demo
    assert json.dumps(exported) == json.dumps(demo)


def test_demo_orders_are_dated_within_the_last_90_days(demo_db_url: str) -> None:
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import select

    from keel.domain.retail.models import Order
    from keel.persistence.db import session_scope

    with session_scope(demo_db_url) as session:
        orders = session.scalars(select(Order).order_by(Order.seq)).all()
    now = datetime.now(UTC).replace(tzinfo=None)
    for order in orders:
        assert order.placed_at is not None and order.updated_at is not None
        placed, updated = (d.replace(tzinfo=None) for d in (order.placed_at, order.updated_at))
        assert now - timedelta(days=91) <= placed <= updated <= now
        if order.status == "pending":
            assert placed == updated


def test_a_store_made_before_a_column_was_added_gets_it(tmp_path: Path) -> None:
    import sqlite3

    from keel.domain.pack import load_pack
    from keel.persistence.db import sqlite_url

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE orders (order_id VARCHAR(32) PRIMARY KEY, seq INTEGER)")
    load_pack("retail").prepare(sqlite_url(path))
    with sqlite3.connect(path) as connection:
        names = {row[1] for row in connection.execute("PRAGMA table_info(orders)")}
    assert {"placed_at", "updated_at", "cancel_reason"} <= names


def test_a_cancellation_records_when_the_status_changed(demo_db_url: str) -> None:
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import select

    from keel.domain.retail.models import Order
    from keel.nodes.common import tool_registry
    from keel.persistence.db import session_scope
    from keel.tools.registry import ToolContext

    with session_scope(demo_db_url) as session:
        order = session.scalars(select(Order).where(Order.status == "pending")).first()
        assert order is not None
        order_id, before = order.order_id, order.updated_at
    tool = tool_registry("retail").get("cancel_pending_order")
    args = {"order_id": order_id, "reason": "no longer needed"}
    tool.run(ToolContext(database_url=demo_db_url), args)
    with session_scope(demo_db_url) as session:
        after = session.get(Order, order_id)
        assert after is not None and after.updated_at is not None and before is not None
        changed = after.updated_at.replace(tzinfo=None)
    assert changed > before.replace(tzinfo=None)
    assert datetime.now(UTC).replace(tzinfo=None) - changed < timedelta(minutes=1)
