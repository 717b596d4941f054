"""Rho Bank's debit-card service (domain/bank/cards.py) through the real dialogue graph.

Each conversation runs on a fresh copy of the invented demo bank: ordering a new or
replacement card (the lost card closed first, each change its own listing and yes),
activating it with the tool its issue reason needs, resetting and changing a PIN (weak
PINs refused with the reason), a PIN lock after failed attempts the customer disowns,
a one-day limit increase, a fraud alert, a recurring-payment block, and a lost wallet.
Every test checks the database: nothing changes before a yes, a "no" changes nothing, a
card that is not the customer's is never touched.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from keel.api import Keel
from keel.domain.bank import store
from keel.domain.bank.cards import named_last4s, pin_problem, procedure
from keel.domain.bank.common import add_row
from keel.domain.bank.decisions import Turn
from keel.domain.bank.extract import card_service_values
from keel.domain.bank.models import Account, BankTransaction, DebitCard
from keel.domain.bank.tools import TOOLS
from keel.domain.pack import PolicyInput, load_pack
from keel.persistence.db import get_engine, session_scope, sqlite_url
from keel.state.context import Context
from keel.state.records import ToolOutcome
from keel.state.stack import new_frame
from keel.tools.registry import ToolContext

BY_NAME = {tool.spec.name: tool for tool in TOOLS}
TOMASZ_CARD, RAFA_CARD, HEN_CARD, SOREN_CARD = (
    "dbc_e57a8d31c7_blue",
    "dbc_4f8838da93_blue",
    "dbc_008a6ce0be_evergreen",
    "dbc_be1d362166_blue",
)
TOMASZ = "My email is t.wielgus.home@fastmail.com and I was born on July 9, 1979."
RAFA = "My email is rafa.quintanilla@icloud.com and my phone is 916-555-0124."
HEN = "我的邮箱是 hen.osei@outlook.com，电话 912-555-0163。"
SOREN = "My email is slindqvist67@yahoo.com and my phone is 218-555-0157."


@pytest.fixture
def context(tmp_path: Path) -> Iterator[Context]:
    url = sqlite_url(tmp_path / "bank.db")
    store.prepare(url)
    yield Context(domain="bank", database_url=url)
    get_engine(url).dispose()


def state(context: Context) -> dict[str, dict[str, dict[str, Any]]]:
    return load_pack("bank").export_state(context.database_url)


def card(context: Context, card_id: str) -> dict[str, Any]:
    return state(context)["debit_cards"][card_id]


def cards(context: Context) -> dict[str, dict[str, Any]]:
    return state(context)["debit_cards"]


def set_card(context: Context, card_id: str, **fields: Any) -> None:
    """Give a demo card fields (a PIN lock, a fraud alert …) before the conversation."""
    with session_scope(context.database_url) as session:
        row = session.get(DebitCard, card_id)
        assert row is not None
        for name, value in fields.items():
            row.set(name, value)


def add_declined(context: Context, account_id: str, n: int) -> None:
    """Add ``n`` declined ATM attempts to an account's history."""
    with session_scope(context.database_url) as session:
        for i in range(n):
            txn = f"btxn_declined_{i}"
            record = {
                "transaction_id": txn,
                "account_id": account_id,
                "date": "11/13/2025",
                "description": f"ATM WITHDRAWAL DECLINED - WRONG PIN - MIAMI FL #{i}",
                "amount": -(800 - 250 * i),
                "type": "atm_withdrawal_declined",
                "status": "declined",
            }
            add_row(session, BankTransaction, txn, record)


def run_tool(context: Context, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    """Set up a state with a write tool itself (not the policy)."""
    registered = BY_NAME[tool]
    return registered.run(
        ToolContext(database_url=context.database_url), registered.spec.validate_args(args)
    )


def replacement_pending(context: Context) -> dict[str, Any]:
    """Rafael's lost card closed and its replacement ordered: the new PENDING card."""
    user = "4f8838da93"
    run_tool(
        context, "close_debit_card_4721", {"user_id": user, "card_id": RAFA_CARD, "reason": "lost"}
    )
    run_tool(
        context,
        "order_debit_card_5739",
        {
            "user_id": user,
            "account_id": "chk_4f8838da93",
            "delivery_option": "STANDARD",
            "delivery_fee": 0.0,
            "card_design": "CLASSIC",
            "design_fee": 0.0,
            "shipping_address": "3301 Alder Bend Way, Sacramento, CA 95816",
        },
    )
    pending = [c for c in cards(context).values() if c["status"] == "PENDING"]
    assert len(pending) == 1
    return pending[0]


def no_reads(tool: str, args: dict[str, Any]) -> ToolOutcome:
    """A caller for decisions that read nothing."""
    return ToolOutcome(tool=tool, ok=False, data={}, error="unused", message=None)


def unchanged(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """The bank as it was, the verification log aside."""
    return {k: v for k, v in before.items() if k != "verification_history"} == {
        k: v for k, v in after.items() if k != "verification_history"
    }


# -- reading the words --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected", "found"),
    [
        ("my new PIN is 4829", None, {"new_pin": "4829"}),
        ("change my pin from 1357 to 2468", None, {"current_pin": "1357", "new_pin": "2468"}),
        ("旧密码1357，新密码2468", None, {"current_pin": "1357", "new_pin": "2468"}),
        ("把密码改成4829", None, {"new_pin": "4829"}),
        ("Last four 4821, exp 03/28, CVV 123", None, {"card_cvv": "123", "card_expiry": "03/28"}),
        ("4829", "new_pin", {"new_pin": "4829"}),
        ("it's 284", "card_cvv", {"card_cvv": "284"}),
        ("03/29", "card_expiry", {"card_expiry": "03/29"}),
        ("it ends in 5093", "new_pin", {}),
        ("5093", "card_last4", {"card_last4": "5093"}),
        ("I forgot my PIN", None, {"pin_forgotten": True}),
        ("raise my ATM limit please", None, {"limit_type": "atm"}),
        ("提高消费限额", None, {"limit_type": "purchase"}),
        ("the metallic one", None, {"card_design": "PREMIUM"}),
    ],
)
def test_card_service_values_are_read_from_the_words(
    text: str, expected: str | None, found: dict[str, Any]
) -> None:
    assert card_service_values(text, expected) == found


def test_several_cards_named_are_all_read() -> None:
    said = ["My wallet was stolen: the cards ending 6021 and 5093. Call me at 218-555-0157"]
    assert named_last4s(said) == ["6021", "5093"]
    assert named_last4s(["尾号6021和5093的卡都丢了"]) == ["6021", "5093"]


@pytest.mark.parametrize(
    ("pin", "problem"),
    [
        ("1234", "card_service.pin_sequential"),
        ("4321", "card_service.pin_sequential"),
        ("7777", "card_service.pin_repeated"),
        ("1979", "card_service.pin_birth"),
        ("0709", "card_service.pin_birth"),
        ("0907", "card_service.pin_birth"),
        ("2580", None),
    ],
)
def test_pin_rules(pin: str, problem: str | None) -> None:
    from datetime import date

    assert pin_problem(pin, date(1979, 7, 9)) == problem


@pytest.mark.parametrize(
    ("text", "service"),
    [
        ("I lost my debit card and need a replacement", "order"),
        ("The new card arrived, please activate it", "activate"),
        ("I forgot my PIN, can you reset it", "pin"),
        ("Can you raise my daily ATM limit for today?", "limit"),
        ("please clear the fraud alert on my debit card", "alert"),
        ("block all recurring payments on my debit card", "recurring"),
        ("帮我激活补发的借记卡", "activate"),
        ("忘记密码了，能重置吗", "pin"),
        ("屏蔽借记卡上所有的自动扣款", "recurring"),
    ],
)
def test_the_procedure_is_read_from_the_request(text: str, service: str) -> None:
    frame = new_frame("order_card", {}, [text])
    config = load_pack("bank").config
    inp = PolicyInput(
        config=config,
        frame=frame,
        intent="order_card",
        act="new",
        user_id="x",
        text=text,
        language="en",
    )
    assert procedure(Turn(no_reads, inp, frame)) == service


# -- 1. ordering --------------------------------------------------------------------------------


def test_a_lost_card_is_closed_then_its_replacement_ordered(context: Context) -> None:
    agent = Keel(context)
    listed = agent.send("s", f"I lost my debit card, please send me a replacement. {RAFA}")
    assert listed.awaiting == "confirmation" and "4405" in listed.reply and "lost" in listed.reply
    assert card(context, RAFA_CARD)["status"] == "ACTIVE"  # nothing before the yes
    done = agent.send("s", "yes")
    assert card(context, RAFA_CARD)["status"] == "CLOSED"
    assert card(context, RAFA_CARD)["closure_reason"] == "lost"
    assert "Silver Rewards Card" in done.reply  # the wallet's credit card is offered
    assert not state(context).get("debit_card_orders")
    asked = agent.send("s", "Please order the replacement card now")
    assert asked.awaiting == "clarification" and "EXPEDITED $15.00" in asked.reply
    agent.send("s", "expedited please")
    listed = agent.send("s", "classic")
    assert listed.awaiting == "confirmation" and "$15.00" in listed.reply
    assert "3301 Alder Bend Way" in listed.reply
    assert not state(context).get("debit_card_orders")
    agent.send("s", "yes")
    orders = list(state(context)["debit_card_orders"].values())
    assert len(orders) == 1 and orders[0]["delivery_option"] == "EXPEDITED"
    assert orders[0]["total_fee"] == 15.0
    new = [c for c in cards(context).values() if c["status"] == "PENDING"]
    assert len(new) == 1 and new[0]["issue_reason"] == "lost"
    assert state(context)["accounts"]["chk_4f8838da93"]["current_holdings"] == "5222.20"


def test_a_stolen_card_in_chinese_premium_tier_ships_expedited_free(context: Context) -> None:
    agent = Keel(context)
    listed = agent.send("s", f"我的借记卡被偷了，请补办一张新卡。{HEN}")
    assert listed.awaiting == "confirmation" and "8830" in listed.reply and "被盗" in listed.reply
    agent.send("s", "是的")
    assert card(context, HEN_CARD)["status"] == "CLOSED"
    assert card(context, HEN_CARD)["closure_reason"] == "stolen"
    asked = agent.send("s", "现在帮我申领补办的借记卡")
    assert asked.awaiting == "clarification" and "EXPEDITED $0.00" in asked.reply
    agent.send("s", "加急")
    listed = agent.send("s", "金属款")
    assert listed.awaiting == "confirmation" and "PREMIUM" in listed.reply
    assert "$0.00" in listed.reply  # Premium tier: expedited and metallic are complimentary
    agent.send("s", "是")
    orders = list(state(context)["debit_card_orders"].values())
    assert len(orders) == 1 and orders[0]["total_fee"] == 0.0
    assert orders[0]["card_design"] == "PREMIUM"


def test_a_no_leaves_the_lost_card_and_the_account_as_they_were(context: Context) -> None:
    agent = Keel(context)
    before = state(context)
    agent.send("s", f"I lost my debit card, I need a replacement. {RAFA}")
    agent.send("s", "no, don't do that")
    assert unchanged(before, state(context))


def test_a_replacement_asks_why_when_the_card_is_still_active(context: Context) -> None:
    agent = Keel(context)
    asked = agent.send("s", f"I'd like a new debit card please. {RAFA}")
    assert asked.awaiting == "clarification" and "4405" in asked.reply
    listed = agent.send("s", "it's damaged, the chip is broken")
    assert listed.awaiting == "confirmation" and "damaged" in listed.reply
    agent.send("s", "yes")
    assert card(context, RAFA_CARD)["closure_reason"] == "damaged"


def test_a_card_with_pending_transactions_is_not_closed(context: Context) -> None:
    agent = Keel(context)
    before = state(context)
    turn = agent.send("s", f"I lost my debit card, send me a new one. {TOMASZ}")
    assert turn.awaiting != "confirmation" and "pending" in turn.reply
    agent.send("s", "yes")
    assert unchanged(before, state(context))


# -- 2. activating ------------------------------------------------------------------------------


def test_a_replacement_card_is_activated_after_a_weak_pin_is_refused(context: Context) -> None:
    new = replacement_pending(context)
    agent = Keel(context)
    asked = agent.send("s", f"My replacement debit card arrived, please activate it. {RAFA}")
    assert asked.awaiting == "clarification" and new["last_4_digits"] not in asked.reply
    agent.send("s", new["last_4_digits"])
    month, _, year = new["expiration_date"].split("/")
    agent.send("s", f"{month}/{year[-2:]}")
    agent.send("s", "the CVV is 123")
    refused = agent.send("s", "my new PIN is 1234")
    assert refused.awaiting == "clarification" and "sequential" in refused.reply
    assert cards(context)[new["card_id"]]["status"] == "PENDING"
    listed = agent.send("s", "2580")
    assert listed.awaiting == "confirmation" and "2580" not in listed.reply  # never read back
    agent.send("s", "yes")
    assert cards(context)[new["card_id"]]["status"] == "ACTIVE"  # 8292: issue reason lost


def test_activating_a_card_that_is_not_the_customers_touches_nothing(context: Context) -> None:
    replacement_pending(context)
    agent = Keel(context)
    before = state(context)
    turn = agent.send("s", f"Activate my debit card ending 5093 please. {RAFA}")
    assert turn.awaiting != "confirmation" and "5093" in turn.reply
    agent.send("s", "yes")
    assert unchanged(before, state(context))


def test_wrong_card_details_activate_nothing_in_chinese(context: Context) -> None:
    new = replacement_pending(context)
    agent = Keel(context)
    before = state(context)
    agent.send("s", f"新卡到了，帮我激活。{RAFA}")
    agent.send("s", f"尾号{new['last_4_digits']}")
    turn = agent.send("s", "有效期 01/20")
    assert turn.awaiting != "confirmation" and "不符" in turn.reply
    assert unchanged(before, state(context))


# -- 3. PIN -------------------------------------------------------------------------------------


def test_a_forgotten_pin_is_reset_with_the_cards_last_four(context: Context) -> None:
    agent = Keel(context)
    asked = agent.send("s", f"I forgot my debit card PIN, can you reset it? {TOMASZ}")
    assert asked.awaiting == "clarification"
    agent.send("s", "5093")
    refused = agent.send("s", "1979")
    assert refused.awaiting == "clarification" and "birth" in refused.reply
    assert "pin_last_changed" not in card(context, TOMASZ_CARD)
    listed = agent.send("s", "2580")
    assert listed.awaiting == "confirmation" and "5093" in listed.reply
    agent.send("s", "yes")
    assert card(context, TOMASZ_CARD)["pin_last_changed"] == "11/14/2025"


def test_a_pin_is_reset_in_chinese_after_a_repeated_pin_is_refused(context: Context) -> None:
    agent = Keel(context)
    agent.send("s", f"借记卡密码忘了，帮我重置。{HEN}")
    agent.send("s", "尾号8830")
    refused = agent.send("s", "新密码是8888")
    assert refused.awaiting == "clarification" and "重复" in refused.reply
    listed = agent.send("s", "新密码是2486")
    assert listed.awaiting == "confirmation"
    agent.send("s", "确认")
    assert card(context, HEN_CARD)["pin_last_changed"] == "11/14/2025"


def test_a_known_pin_is_changed_and_a_no_changes_nothing(context: Context) -> None:
    agent = Keel(context)
    before = state(context)
    listed = agent.send("s", f"Please change my debit card PIN from 1357 to 2468. {RAFA}")
    assert listed.awaiting == "confirmation" and "4405" in listed.reply
    agent.send("s", "no")
    assert unchanged(before, state(context))
    agent.send("s", "Actually yes, change my PIN from 1357 to 2468 please")
    agent.send("s", "yes")
    assert card(context, RAFA_CARD)["pin_last_changed"] == "11/14/2025"


def test_a_pin_reset_on_a_card_that_is_not_the_customers_touches_nothing(
    context: Context,
) -> None:
    agent = Keel(context)
    before = state(context)
    agent.send("s", f"I forgot the PIN of my debit card. {RAFA}")
    turn = agent.send("s", "5093")
    assert turn.awaiting != "confirmation" and "5093" in turn.reply
    assert unchanged(before, state(context))


def test_a_pin_lock_after_attempts_the_customer_disowns_is_not_unlocked(
    context: Context,
) -> None:
    set_card(context, TOMASZ_CARD, pin_locked=True, pin_attempts_remaining=0)
    add_declined(context, "chk_e57a8d31c7", 3)
    agent = Keel(context)
    before = state(context)
    agent.send("s", f"My debit card PIN is locked, please reset it. {TOMASZ}")
    asked = agent.send("s", "it ends in 5093")
    assert asked.awaiting == "clarification" and "MIAMI" in asked.reply
    refused = agent.send("s", "no, that wasn't me")
    assert refused.awaiting != "confirmation" and "closing" in refused.reply
    agent.send("s", "yes")
    assert unchanged(before, state(context))


def test_a_pin_lock_the_customer_owns_is_reset_and_unlocked(context: Context) -> None:
    set_card(context, TOMASZ_CARD, pin_locked=True, pin_attempts_remaining=0)
    add_declined(context, "chk_e57a8d31c7", 2)
    agent = Keel(context)
    agent.send("s", f"My debit card PIN is locked, please reset it. {TOMASZ}")
    agent.send("s", "it ends in 5093")
    agent.send("s", "yes, those were mine")
    listed = agent.send("s", "2580")
    assert listed.awaiting == "confirmation"
    agent.send("s", "yes")
    assert card(context, TOMASZ_CARD)["pin_locked"] is False


def test_a_security_hold_is_never_unlocked_here(context: Context) -> None:
    set_card(context, TOMASZ_CARD, pin_locked=True, pin_lock_reason="security_hold")
    agent = Keel(context)
    before = state(context)
    agent.send("s", f"I forgot my PIN and the card is locked. {TOMASZ}")
    turn = agent.send("s", "5093")
    assert turn.awaiting != "confirmation" and "security" in turn.reply
    assert unchanged(before, state(context))


# -- 4. limits, alerts, recurring payments ------------------------------------------------------


def test_a_temporary_atm_limit_is_raised_within_150_percent(context: Context) -> None:
    agent = Keel(context)
    asked = agent.send("s", f"Can you raise my daily ATM limit for today? {RAFA}")
    assert asked.awaiting == "clarification" and "$500" in asked.reply and "$750" in asked.reply
    again = agent.send("s", "$900 please")
    assert again.awaiting == "clarification" and "$750" in again.reply
    assert "daily_atm_limit" not in card(context, RAFA_CARD)
    listed = agent.send("s", "$700 then")
    assert listed.awaiting == "confirmation"
    agent.send("s", "yes")
    assert card(context, RAFA_CARD)["daily_atm_limit"] == 700


def test_a_limit_increase_on_a_new_account_is_refused_in_chinese(context: Context) -> None:
    agent = Keel(context)
    before = state(context)
    proof = "邮箱 dashbrandt.06@gmail.com，电话 608-555-0119"
    turn = agent.send("s", f"帮我临时提高借记卡的ATM取款限额。{proof}")
    assert turn.awaiting != "confirmation" and "60" in turn.reply
    assert unchanged(before, state(context))


def test_a_bank_initiated_fraud_alert_is_not_cleared(context: Context) -> None:
    set_card(context, RAFA_CARD, fraud_alert_active=True, alert_source="bank_initiated")
    agent = Keel(context)
    before = state(context)
    turn = agent.send("s", f"Please clear the fraud alert on my debit card. {RAFA}")
    assert turn.awaiting != "confirmation" and "security team" in turn.reply
    assert unchanged(before, state(context))


def test_a_customer_fraud_alert_is_cleared_after_the_customer_owns_the_activity(
    context: Context,
) -> None:
    set_card(context, RAFA_CARD, fraud_alert_active=True, alert_source="customer_initiated")
    agent = Keel(context)
    asked = agent.send("s", f"Please clear the fraud alert on my debit card. {RAFA}")
    assert asked.awaiting == "clarification"
    listed = agent.send("s", "yes, they were all mine")
    assert listed.awaiting == "confirmation"
    agent.send("s", "yes")
    assert card(context, RAFA_CARD)["fraud_alert_active"] is False


def test_recurring_payments_are_blocked_in_english_and_chinese(context: Context) -> None:
    agent = Keel(context)
    listed = agent.send("s", f"Block all recurring payments on my debit card. {RAFA}")
    assert listed.awaiting == "confirmation" and "4405" in listed.reply
    assert "recurring_blocked" not in card(context, RAFA_CARD)
    agent.send("s", "yes")
    assert card(context, RAFA_CARD)["recurring_blocked"] is True
    other = Keel(context)
    listed = other.send("t", f"屏蔽借记卡上所有的自动扣款。{HEN}")
    assert listed.awaiting == "confirmation" and "8830" in listed.reply
    other.send("t", "是")
    assert card(context, HEN_CARD)["recurring_blocked"] is True


# -- 5. a lost wallet ---------------------------------------------------------------------------


def test_a_lost_wallet_closes_only_the_named_card_of_the_customer(context: Context) -> None:
    agent = Keel(context)
    before = state(context)
    listed = agent.send(
        "s",
        f"My wallet was stolen with my debit cards ending 6021 and 5093, please replace "
        f"them. {SOREN}",
    )
    assert listed.awaiting == "confirmation" and "6021" in listed.reply
    assert "no card ending 5093" in listed.reply  # Tomasz's card: never listed, never touched
    assert unchanged(before, state(context))
    done = agent.send("s", "yes")
    assert card(context, SOREN_CARD)["status"] == "CLOSED"
    assert card(context, SOREN_CARD)["closure_reason"] == "stolen"
    assert card(context, TOMASZ_CARD) == before["debit_cards"][TOMASZ_CARD]
    assert "Bronze Rewards Card" in done.reply  # the credit card: offered, not replaced
    assert state(context).get("credit_card_orders") == before.get("credit_card_orders")


def test_an_entry_tier_replacement_waits_48_hours_after_the_closure(context: Context) -> None:
    agent = Keel(context)
    proof = "My email is dashbrandt.06@gmail.com and my phone is 608-555-0119."
    listed = agent.send("s", f"I lost my debit card, please send me a replacement. {proof}")
    assert listed.awaiting == "confirmation" and "48 hours" not in listed.reply
    done = agent.send("s", "yes")
    assert "48 hours" in done.reply
    before = state(context)
    refused = agent.send("s", "Please order the replacement debit card now")
    assert refused.awaiting != "confirmation" and "48 hours" in refused.reply
    assert unchanged(before, state(context))


def test_several_lost_cards_are_never_changed_together(context: Context) -> None:
    """A second checking account with its own active card: "replace all my cards" lists one
    card's closure, the other account waits behind it for its own listing and yes; nothing is
    listed for both, nothing is written."""
    from keel.domain.bank.policy import decide

    extra_account = {
        "account_id": "chk_extra",
        "user_id": "4f8838da93",
        "class": "checking",
        "level": "Green Account",
        "status": "OPEN",
        "current_holdings": "900.00",
        "date_opened": "01/02/2020",
    }
    extra_card = {
        "card_id": "dbc_extra",
        "account_id": "chk_extra",
        "user_id": "4f8838da93",
        "last_4_digits": "7001",
        "status": "ACTIVE",
        "issue_date": "01/10/2024",
        "issue_reason": "new_account",
    }

    def call(tool: str, args: dict[str, Any]) -> ToolOutcome:
        registered = BY_NAME[tool]
        assert registered.spec.access == "read", f"the policy called the write tool {tool}"
        if tool == "get_debit_cards_by_account_id_7823" and args["account_id"] == "chk_extra":
            data: dict[str, Any] = {"account_id": "chk_extra", "debit_cards": [extra_card]}
        elif args.get("account_id") == "chk_extra":
            data = {"account_id": "chk_extra", "transactions": [], "count": 0}
        else:
            ctx = ToolContext(database_url=context.database_url)
            data = registered.run(ctx, registered.spec.validate_args(args))
        if tool == "get_all_user_accounts_by_user_id_3847":
            data = {**data, "accounts": [*data["accounts"], extra_account]}
        return ToolOutcome(tool=tool, ok=True, data=data, error=None, message=None)

    before = state(context)
    text = "My wallet was stolen, please replace all my debit cards"
    frame = new_frame("order_card", {"closure_reason": "stolen"}, [text])
    inp = PolicyInput(
        config=load_pack("bank").config,
        frame=frame,
        intent="order_card",
        act="new",
        user_id="4f8838da93",
        text=text,
        language="en",
    )
    decision = decide(call, inp)
    # one card's closure is listed; the other account waits behind it, for its own yes
    assert decision.plan is not None and decision.plan["tool"] == "close_debit_card_4721"
    first = decision.plan["args"]["card_id"]
    later = decision.split_slots["account_ids"]
    assert decision.split_off and len(later) == 2 and "chk_extra" in later
    assert first in (RAFA_CARD, "dbc_extra")
    assert state(context) == before
    frame = new_frame("order_card", {"closure_reason": "stolen"}, [text])
    frame["utterances"].append("the one ending 7001")
    frame["slots"]["card_last4"] = "7001"
    decision = decide(call, replace(inp, frame=frame, act="fill", text="the one ending 7001"))
    assert decision.plan is not None and decision.plan["args"]["card_id"] == "dbc_extra"
    assert decision.route == "confirm"  # listed alone, for its own yes
    assert unchanged(before, state(context))


def second_card(context: Context, level: str = "Green Account", last4: str = "7001") -> str:
    """Give Rafael another checking account with an active debit card."""
    key = level.split()[0].lower()
    with session_scope(context.database_url) as session:
        account = {
            "account_id": f"chk_rafa_{key}",
            "user_id": "4f8838da93",
            "class": "checking",
            "level": level,
            "status": "OPEN",
            "current_holdings": "900.00",
            "date_opened": "01/02/2020",
        }
        add_row(session, Account, f"chk_rafa_{key}", account)
        debit = {
            "card_id": f"dbc_rafa_{key}",
            "account_id": f"chk_rafa_{key}",
            "user_id": "4f8838da93",
            "last_4_digits": last4,
            "status": "ACTIVE",
            "issue_date": "01/10/2024",
            "issue_reason": "new_account",
        }
        add_row(session, DebitCard, f"dbc_rafa_{key}", debit)
    return f"dbc_rafa_{key}"


def test_a_yes_for_all_three_at_the_first_cards_listing_freezes_that_one(
    context: Context,
) -> None:
    green, purple = second_card(context), second_card(context, "Purple Account", "7002")
    agent = Keel(context)
    first = agent.send("s", f"I lost my wallet, please freeze all my debit cards. {RAFA}")
    assert first.awaiting == "confirmation"
    second = agent.send("s", "Yes, please freeze all three cards right now.")
    assert second.awaiting == "confirmation"  # the next card's own listing
    frozen = [c for c in (RAFA_CARD, green, purple) if card(context, c)["status"] == "FROZEN"]
    assert len(frozen) == 1


def test_freezing_both_cards_lists_each_for_its_own_yes(context: Context) -> None:
    green = second_card(context)
    agent = Keel(context)
    first = agent.send("s", f"I lost my wallet, please freeze both of my debit cards. {RAFA}")
    assert first.awaiting == "confirmation"
    assert sum(n in first.reply for n in ("4405", "7001")) == 1  # one card per listing
    second = agent.send("s", "yes")
    assert second.awaiting == "confirmation"
    assert [card(context, c)["status"] for c in (RAFA_CARD, green)].count("FROZEN") == 1
    agent.send("s", "yes")
    assert card(context, RAFA_CARD)["status"] == card(context, green)["status"] == "FROZEN"


def test_a_no_to_the_second_card_leaves_it_as_it_was(context: Context) -> None:
    green = second_card(context)
    agent = Keel(context)
    agent.send("s", f"把我两张借记卡都冻结。{RAFA}")
    agent.send("s", "是的")
    agent.send("s", "不用了")
    statuses = sorted(card(context, c)["status"] for c in (RAFA_CARD, green))
    assert statuses == ["ACTIVE", "FROZEN"]


def test_replacing_both_stolen_cards_closes_each_then_orders_it(context: Context) -> None:
    green = second_card(context)
    agent = Keel(context)
    said = f"My wallet was stolen, please replace both of my debit cards. {RAFA}"
    listed = agent.send("s", said)
    assert listed.awaiting == "confirmation"
    after_close = agent.send("s", "yes")
    closed = [c for c in (RAFA_CARD, green) if card(context, c)["status"] == "CLOSED"]
    assert len(closed) == 1 and card(context, closed[0])["closure_reason"] == "stolen"
    assert after_close.awaiting == "clarification"  # the order goes on: its delivery is asked
    assert not any(c["status"] == "PENDING" for c in cards(context).values())
    ordered = agent.send("s", "standard shipping, classic design")
    assert ordered.awaiting == "confirmation"
    next_close = agent.send("s", "yes")  # ordered; the other card's closure is listed next
    assert next_close.awaiting == "confirmation"
    assert sum(c["status"] == "PENDING" for c in cards(context).values()) == 1
    agent.send("s", "yes")
    assert card(context, RAFA_CARD)["status"] == card(context, green)["status"] == "CLOSED"
    agent.send("s", "yes")  # its order, with the same delivery and design, listed and agreed
    assert sum(c["status"] == "PENDING" for c in cards(context).values()) == 2


def test_the_cards_left_are_asked_in_the_requests_words_not_in_the_proof(
    context: Context,
) -> None:
    green = second_card(context)
    agent = Keel(context)
    asked = agent.send("s", "Please freeze both of my debit cards")
    assert asked.awaiting == "clarification" and asked.user_id is None
    first = agent.send("s", RAFA)  # the task's last words only say who the customer is
    assert first.awaiting == "confirmation"
    second = agent.send("s", "yes")
    assert second.awaiting == "confirmation"  # the other card, listed in its own right
    agent.send("s", "yes")
    assert card(context, RAFA_CARD)["status"] == card(context, green)["status"] == "FROZEN"


@pytest.mark.parametrize(
    ("text", "every"),
    [
        ("please freeze both cards", True),
        ("I need to cancel all three and get replacement cards", True),
        ("freeze all my debit cards", True),
        ("把两张卡都冻结", True),
        ("freeze the card ending 4405", False),
        ("I'll keep all the receipts", False),
    ],
)
def test_words_for_every_card(text: str, every: bool) -> None:
    from keel.domain.bank.decisions import EVERY_CARD

    assert bool(EVERY_CARD.search(text)) is every
