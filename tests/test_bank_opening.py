"""Rho Bank's account openings with advice (domain/bank/opening.py) through the real graph.

A customer opening an account who states needs instead of a product is advised the one
that fits best, by the same ranking as product advice, and asked whether to open it; only
a yes to that offer lists the opening, and only a yes to the listing opens it. A no to the
offer opens nothing and asks which product; advice asked for mid-opening ("which one is
best?") stays part of the opening. Messages that only say who the customer is are no needs.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from keel.api import Keel
from keel.domain.bank import store
from keel.domain.bank.needs import states_needs
from keel.domain.bank.opening import chosen_in, needs_texts
from keel.domain.bank.policy import stated
from keel.domain.pack import load_pack
from keel.persistence.db import get_engine, sqlite_url
from keel.state.context import Context
from keel.state.dialogue import ActionPlan
from keel.state.stack import new_frame

RAFA = "My email is rafa.quintanilla@icloud.com and my phone is 916-555-0124."
HEN = "我的邮箱是 hen.osei@outlook.com，电话 912-555-0163。"


@pytest.fixture
def context(tmp_path: Path) -> Iterator[Context]:
    url = sqlite_url(tmp_path / "bank.db")
    store.prepare(url)
    yield Context(domain="bank", database_url=url)
    get_engine(url).dispose()


def accounts(context: Context) -> dict[str, dict[str, Any]]:
    return load_pack("bank").export_state(context.database_url)["accounts"]


def test_needs_stated_while_opening_are_advised_and_a_yes_opens_that_account(
    context: Context,
) -> None:
    agent = Keel(context)
    before = accounts(context)
    asked = agent.send("s", f"I'd like to open a savings account. {RAFA}")
    assert asked.awaiting == "clarification" and "Which account" in asked.reply
    advised = agent.send("s", "I can keep about $8,000 and want the most interest. Which is best?")
    assert advised.intent == "open_account" and advised.awaiting == "clarification"
    assert "Would you like me to open the" in advised.reply
    assert accounts(context) == before  # advice changes nothing
    listed = agent.send("s", "Sounds good, let's do it!")
    assert listed.awaiting == "confirmation"
    product = next(p for p in ("Green Account", "Gold Account") if p in listed.reply)
    assert product in advised.reply
    agent.send("s", "yes")
    opened = [a for k, a in accounts(context).items() if k not in before]
    assert [(a["account_type"], a["account_class"]) for a in opened] == [("savings", product)]


def test_advice_asked_on_its_own_offers_the_account_and_a_yes_in_words_lists_it(
    context: Context,
) -> None:
    # Advice asked outright (not while opening) by a verified customer ends with the offer;
    # "that sounds perfect, let's set it up" answers it, and only the listing's yes opens.
    agent = Keel(context)
    before = accounts(context)
    agent.send("r", RAFA)
    advised = agent.send(
        "r", "Which savings account would earn the most on $8,000? Just tell me the one."
    )
    assert "Would you like me to open the" in advised.reply
    assert accounts(context) == before
    listed = agent.send("r", "That sounds perfect! Let's set it up.")
    assert listed.awaiting == "confirmation"
    product = next(p for p in ("Green Account", "Gold Account") if p in listed.reply)
    assert product in advised.reply and accounts(context) == before
    agent.send("r", "yes")
    opened = [a for k, a in accounts(context).items() if k not in before]
    assert [(a["account_type"], a["account_class"]) for a in opened] == [("savings", product)]


def test_a_no_to_the_advised_account_opens_nothing_and_asks_which(context: Context) -> None:
    agent = Keel(context)
    before = accounts(context)
    agent.send("s", f"I want to open a savings account. {RAFA}")
    agent.send("s", "I'll keep around $8,000 there, what do you recommend?")
    declined = agent.send("s", "no, not that one")
    assert declined.awaiting == "clarification" and "Which account" in declined.reply
    agent.send("s", "yes")
    assert accounts(context) == before


@pytest.mark.parametrize(
    "said",
    [
        "I have a Silver savings account and a Green checking account with you.",
        "我有一个 Silver 储蓄账户，另外还有一个支票账户，好像是 Green 的？你能帮我查一下吗？",
    ],
)
def test_saying_which_accounts_one_holds_opens_nothing_and_offers_no_product(
    context: Context, said: str
) -> None:
    """What a customer holds, said as a fact, asks for no opening (bank blind task 093: the
    agent asked which account to open, and kept asking)."""
    agent = Keel(context)
    before = accounts(context)
    agent.send("s", RAFA)
    reply = agent.send("s", said)
    assert "Which account" not in reply.reply and "哪种账户" not in reply.reply
    assert reply.awaiting != "confirmation" and accounts(context) == before


@pytest.mark.parametrize(
    "said",
    [
        "I have a Green checking account, and I'd like a savings account too",
        "我有一个支票账户，想再开一个储蓄账户",
    ],
)
def test_holding_an_account_and_wanting_another_still_opens(context: Context, said: str) -> None:
    agent = Keel(context)
    agent.send("s", RAFA)
    reply = agent.send("s", said)
    assert reply.intent == "open_account" and reply.awaiting == "clarification"
    assert "Which account" in reply.reply or "哪种账户" in reply.reply or "open the" in reply.reply


def test_advice_while_opening_in_chinese(context: Context) -> None:
    agent = Keel(context)
    before = accounts(context)
    agent.send("s", f"我想开一个储蓄账户。{HEN}")
    advised = agent.send("s", "我大概存 8000 美元，想要利息最高的，推荐哪个？")
    assert advised.awaiting == "clarification" and "需要我为您开立" in advised.reply
    listed = agent.send("s", "好的，就开这个吧")
    assert listed.awaiting == "confirmation"
    agent.send("s", "确认")
    assert len(accounts(context)) == len(before) + 1


@pytest.mark.parametrize(
    ("text", "needs"),
    [
        ("I can keep about $8,000 there", True),
        ("I use ATMs abroad a lot and hate foreign transaction fees", True),
        ("Yuki Nakamura, 503-555-0842, 3421 Sakura Avenue, Portland, OR 97205", False),
        ("Hi, I'd like to open an account", False),
    ],
)
def test_what_states_needs(text: str, needs: bool) -> None:
    assert states_needs(text) is needs


def test_a_message_that_only_says_who_one_is_is_no_need() -> None:
    said = [
        "I want a second checking account",
        "Ann Lee, 503-555-0842, 3421 Sakura Avenue, Portland, OR 97205",
    ]
    turn = SimpleNamespace(frame={"utterances": said}, inp=SimpleNamespace(text=""))
    assert needs_texts(turn) == ["I want a second checking account"]  # type: ignore[arg-type]


def test_an_advised_product_is_chosen_only_by_a_yes_to_the_offer() -> None:
    frame = new_frame("open_account", {"recommended": "Gold Account"}, ["open a savings account"])
    plan = ActionPlan(
        tool="open_bank_account_4821",
        args={"account_type": "savings", "account_class": "Gold Account"},
        write=True,
        summary={},
    )
    assert not stated(frame, plan)  # the policy's pick, not the customer's
    frame["slots"]["open_recommended"] = "yes"
    assert stated(frame, plan)
    frame["slots"]["recommended"] = "Green Account"  # a yes to another offer chooses nothing
    assert not stated(frame, plan)


@pytest.mark.parametrize(
    ("text", "asked", "chosen"),
    [
        ("the Gold one", "card_name", "Gold Account"),
        ("Bronze please", "card_name", "Bronze Account"),
        ("I'd like to open a Gold savings account and fund it from checking", None, "Gold Account"),
        ("Navy Blue 听起来不错，就开这个", None, "Navy Blue"),
        # mentioned in passing, in a message about something else: no choice
        (
            "I want rebates on ATM fees and no overdraft fees, and if you have some eco "
            "friendly green option that would be nice too",
            "card_name",
            None,
        ),
        ("Move the money over from my Navy Blue checking, all of it, thanks", "card_name", None),
        ("Is the Gold Account the best one for me?", "card_name", None),
    ],
)
def test_what_chooses_a_product(text: str, asked: str | None, chosen: str | None) -> None:
    assert chosen_in(text, asked) == chosen


def test_an_advised_combination_opens_the_savings_then_lists_the_checking(
    context: Context,
) -> None:
    agent = Keel(context)
    before = accounts(context)
    agent.send("s", f"I'd like to open a new savings account. {RAFA}")
    advised = agent.send(
        "s", "I have $8,000 to keep for a year. Which checking and savings combination pays most?"
    )
    assert "and then the" in advised.reply and advised.awaiting == "clarification"
    first = agent.send("s", "Sounds good, open both")
    assert first.awaiting == "confirmation" and "(savings account)" in first.reply
    second = agent.send("s", "yes")
    assert second.awaiting == "confirmation" and "(checking account)" in second.reply
    opened = [a for k, a in accounts(context).items() if k not in before]
    assert [a["account_type"] for a in opened] == ["savings"]  # the checking waits its yes
    agent.send("s", "no")
    opened = [a for k, a in accounts(context).items() if k not in before]
    assert [a["account_type"] for a in opened] == ["savings"]
