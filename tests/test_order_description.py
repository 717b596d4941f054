"""An order described by its status ("my pending order", "我那个已取消的订单"), not by its id.

The description picks the order of that status among the customer's orders, in a request,
in an answer to "which order?", and for the further request of the same message that says
no order of its own ("…change its address, and change the item's color").
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from keel.api import Keel
from persistence.db import get_engine, session_scope, sqlite_url
from persistence.demo_data import load_demo_data
from persistence.models import Order
from state.context import Context
from understanding import extractors as ex
from understanding.offline import offline_understander

AMELIA = "Hi, I'm Amelia Wang, zip 37233."  # pending #W2634643 (one item), two delivered
AMELIA_PENDING = "#W2634643"
HARPER = "Hi, I'm Harper Ahmed, zip 28268."  # one order of each status
HARPER_CANCELLED = "#W6335121"


@pytest.fixture(scope="module")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("store") / "template.db"
    url = sqlite_url(path)
    load_demo_data(url)
    get_engine(url).dispose()
    return path


@pytest.fixture
def context(template_db: Path, tmp_path: Path) -> Context:
    path = tmp_path / "store.db"
    shutil.copyfile(template_db, path)
    return Context(database_url=sqlite_url(path))


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
