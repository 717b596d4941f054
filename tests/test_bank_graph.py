"""Rho Bank through the real dialogue graph, on its invented demo data.

The pack joins the engine through the protocol alone; these conversations prove the
protocol's guarantees hold for it too: nobody is let in on fewer than two matching
details, nothing changes without a yes to exactly what was listed, and a verification
is logged with the values on file.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from keel.api import Keel
from keel.domain.pack import load_pack
from keel.persistence.db import get_engine, sqlite_url
from keel.state.context import Context

TOMASZ = "e57a8d31c7"
CARD = "dbc_e57a8d31c7_blue"
PROOF = "My email is t.wielgus.home@fastmail.com and I was born on July 9, 1979."


@pytest.fixture
def context(tmp_path: Path) -> Iterator[Context]:
    url = sqlite_url(tmp_path / "bank.db")
    yield Context(domain="bank", database_url=url)
    get_engine(url).dispose()


def state(context: Context) -> dict[str, dict[str, dict[str, object]]]:
    return load_pack("bank").export_state(context.database_url)


def disputes_of(context: Context, user_id: str) -> list[dict[str, object]]:
    return [
        dict(d)
        for d in state(context).get("transaction_disputes", {}).values()
        if d.get("user_id") == user_id
    ]


def test_the_bank_pack_gets_its_own_default_database() -> None:
    assert Context(domain="bank").database_url.endswith("/bank.db")
    assert Context().replace(domain="bank").database_url.endswith("/bank.db")


def test_a_card_is_frozen_only_after_a_verified_customers_yes(context: Context) -> None:
    agent = Keel(context)
    asked = agent.send("s", "Hi, please freeze my debit card")
    assert asked.user_id is None and asked.awaiting == "clarification"
    listed = agent.send("s", PROOF)
    assert listed.user_id == TOMASZ and listed.awaiting == "confirmation"
    assert "5093" in listed.reply
    assert state(context)["debit_cards"][CARD]["status"] == "ACTIVE"
    logged = [v for v in state(context)["verification_history"].values() if v["user_id"] == TOMASZ]
    assert len(logged) == 1 and logged[0]["email"] == "t.wielgus.home@fastmail.com"
    done = agent.send("s", "yes")
    assert done.awaiting == "nothing"
    assert state(context)["debit_cards"][CARD]["status"] == "FROZEN"


def test_a_no_leaves_the_card_as_it_was(context: Context) -> None:
    agent = Keel(context)
    agent.send("s", f"Freeze my debit card please. {PROOF}")
    agent.send("s", "no, leave it")
    assert state(context)["debit_cards"][CARD]["status"] == "ACTIVE"


@pytest.mark.parametrize(
    "details",
    [
        "My email is t.wielgus.home@fastmail.com.",  # one detail
        "I'm Tomasz Wielgus, user id e57a8d31c7, email t.wielgus.home@fastmail.com.",
        # two details, each of another customer
        "My email is t.wielgus.home@fastmail.com and my phone is 505-555-0142.",
    ],
)
def test_fewer_than_two_matching_details_open_nothing(context: Context, details: str) -> None:
    agent = Keel(context)
    agent.send("s", "I need to freeze my debit card.")
    turn = agent.send("s", details)
    assert turn.user_id is None
    assert "5093" not in turn.reply
    agent.send("s", "yes")
    assert state(context)["debit_cards"][CARD]["status"] == "ACTIVE"
    assert not any(v["user_id"] == TOMASZ for v in state(context)["verification_history"].values())


def test_a_policy_question_is_answered_from_the_banks_documents(context: Context) -> None:
    turn = Keel(context).send("s", "Does the Bronze Rewards Card have an annual fee?")
    assert turn.user_id is None and "kb/credit-card-lineup" in turn.reply


def test_a_request_the_chat_cannot_settle_changes_nothing(context: Context) -> None:
    agent = Keel(context)
    before = state(context)
    turn = agent.send("s", f"I want to open a new savings account. {PROOF}")
    assert turn.user_id == TOMASZ and turn.awaiting != "confirmation"
    after = state(context)
    assert {k: v for k, v in after.items() if k != "verification_history"} == {
        k: v for k, v in before.items() if k != "verification_history"
    }


def test_a_charge_made_twice_is_disputed_once_on_its_second_posting(context: Context) -> None:
    agent = Keel(context)
    agent.send("s", "I was charged twice at Maple & Finch on November 4th, please dispute it.")
    asked = agent.send("s", "email t.wielgus.home@fastmail.com, phone 614-555-0178")
    assert asked.user_id == TOMASZ and asked.awaiting == "clarification"
    agent.send("s", "yes, I called them and they told me to contact my bank")
    listed = agent.send("s", "it ends in 9285")
    assert listed.awaiting == "confirmation" and "184.60" in listed.reply
    assert not disputes_of(context, TOMASZ)  # nothing filed before the yes
    before = set(state(context).get("transaction_disputes", {}))
    agent.send("s", "yes")
    filed = [d for key, d in state(context)["transaction_disputes"].items() if key not in before]
    assert len(filed) == 1
    assert filed[0]["transaction_id"] == "txn_ba4a55066281"
    assert filed[0]["dispute_reason"] == "duplicate_charge"
    assert filed[0]["eligible_for_provisional_credit"] is True
    assert filed[0]["contacted_merchant"] is True


def test_a_dispute_asks_which_charge_when_several_fit(context: Context) -> None:
    agent = Keel(context)
    turn = agent.send("s", f"I want to dispute a charge from October on my Gold card. {PROOF}")
    assert turn.awaiting == "clarification"
    assert not disputes_of(context, TOMASZ)


def test_the_bank_helps_first_and_hands_over_at_the_fourth_request_for_a_person(
    context: Context,
) -> None:
    agent = Keel(context)
    agent.send("s", "Please freeze my debit card")
    asks = [
        "I want to talk to a human",
        "No, get me a real person please",
        "I said I want a human agent",
    ]
    for said in asks:
        reply = agent.send("s", said)
        assert reply.awaiting != "human" and "help you with this myself" in reply.reply
    assert agent.send("s", "Transfer me to a human agent now").awaiting == "human"
    assert state(context)["debit_cards"][CARD]["status"] == "ACTIVE"


def test_a_customer_who_could_not_be_verified_gets_a_person_when_asking_for_one(
    context: Context,
) -> None:
    agent = Keel(context)
    agent.send("s", "Please freeze my debit card")
    wrong = "My email is t.wielgus.home@fastmail.com and I was born on 1 May 1980."
    failed = agent.send("s", wrong)
    assert failed.user_id is None and failed.awaiting == "clarification"
    assert agent.send("s", "I can't verify that way, get me a person").awaiting == "human"
    assert state(context)["debit_cards"][CARD]["status"] == "ACTIVE"


def test_an_incident_the_bank_caused_goes_to_a_person_at_once_without_verification(
    context: Context,
) -> None:
    said = (
        "My credit monitoring says Rho-Bank told the bureaus my card is 30 days past due. "
        "That's false, my payments are all on time and I'm buying a house soon."
    )
    turn = Keel(context).send("s", said)
    assert turn.awaiting == "human" and turn.user_id is None


def test_with_nothing_in_progress_a_request_for_a_person_is_served_at_once(
    context: Context,
) -> None:
    assert Keel(context).send("s", "I want to talk to a human").awaiting == "human"


def test_a_request_beside_a_call_for_help_is_served_not_handed_over(context: Context) -> None:
    agent = Keel(context)
    asked = agent.send("s", "I need help immediately. Please freeze my debit card right now.")
    assert asked.awaiting == "clarification" and asked.user_id is None
    listed = agent.send("s", PROOF)
    assert listed.awaiting == "confirmation" and "5093" in listed.reply
    assert state(context)["debit_cards"][CARD]["status"] == "ACTIVE"


HEN_PROOF = "My email is hen.osei@outlook.com and my phone is 912-555-0163."


def test_that_card_since_a_month_lists_that_cards_transactions_of_the_period(
    context: Context,
) -> None:
    agent = Keel(context)
    first = agent.send("s", f"Show me the transactions on my EcoCard. {HEN_PROOF}")
    assert "EcoCard" in first.reply and "Platinum Rewards Card" not in first.reply
    everything = agent.send("s", "Now show me everything on that card since the start of October")
    assert "(8 in all)" in everything.reply and "Platinum Rewards Card" not in everything.reply
    assert everything.reply.count("EcoCard") == 8  # the whole period, not the latest few
    later = agent.send("s", "and on the same card since November?")
    assert "Platinum Rewards Card" not in later.reply and "10/" not in later.reply.split(":", 1)[1]
