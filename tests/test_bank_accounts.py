"""Rho Bank's own-account handlers (open, close, transfer, fee refunds) on the demo bank.

Each handler is called directly with a Turn whose reads run the bank's real read tools on
a temporary copy of the demo data; the caller refuses any write tool, and the database is
compared before and after every decision: the policy lists changes, it never makes them.
A listed write is then run through its tool to show the tool accepts exactly that.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from keel.domain.bank import clock, store
from keel.domain.bank.accounts import HANDLERS, direction, fee_correction
from keel.domain.bank.decisions import Turn
from keel.domain.bank.tools import TOOLS
from keel.domain.pack import Decision, PolicyInput, load_pack
from keel.persistence.db import get_engine, sqlite_url
from keel.state.records import ToolOutcome
from keel.state.stack import TaskFrame, new_frame
from keel.tools.registry import ToolContext, ToolError

BY_NAME = {tool.spec.name: tool for tool in TOOLS}
CONFIG = load_pack("bank").config
REPLIES: dict[str, dict[str, str]] = dict(CONFIG.replies)
TOMASZ, LUCIA, DASH, HEN, RAFA, SOREN = (
    "e57a8d31c7",
    "fb41339e7b",
    "eb39f77868",
    "008a6ce0be",
    "4f8838da93",
    "be1d362166",
)
Override = Callable[[dict[str, Any]], dict[str, Any]]


class Bank:
    """The demo bank behind a ToolCaller that runs reads only."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.overrides: dict[str, Override] = {}
        self.calls: list[str] = []

    def call(self, tool: str, args: dict[str, Any]) -> ToolOutcome:
        """Run a read tool by name (a write from the policy fails the test)."""
        registered = BY_NAME[tool]
        assert registered.spec.access == "read", f"the policy called the write tool {tool}"
        self.calls.append(tool)
        try:
            data = registered.run(
                ToolContext(database_url=self.url), registered.spec.validate_args(args)
            )
        except ToolError as error:
            return ToolOutcome(tool=tool, ok=False, data={}, error=error.kind, message=str(error))
        if tool in self.overrides:
            data = self.overrides[tool](data)
        return ToolOutcome(tool=tool, ok=True, data=data, error=None, message=None)

    def run(self, decision: Decision) -> dict[str, Any]:
        """Run the write a decision listed, as the engine does after the customer's yes."""
        assert decision.plan is not None and decision.plan["write"]
        registered = BY_NAME[decision.plan["tool"]]
        args = registered.spec.validate_args(dict(decision.plan["args"]))
        return registered.run(ToolContext(database_url=self.url), args)

    def table(self, name: str) -> dict[str, Any]:
        """A table of the bank, by record id."""
        return dict(store.export_bank(self.url)[name]["data"])


@pytest.fixture
def bank(tmp_path: Path) -> Iterator[Bank]:
    url = sqlite_url(tmp_path / "b.db")
    store.load_demo_data(url)
    yield Bank(url)
    get_engine(url).dispose()


def decide(
    bank: Bank,
    user: str,
    intent: str,
    text: str,
    frame: TaskFrame | None = None,
    language: str = "en",
    waiting: tuple[TaskFrame, ...] = (),
) -> tuple[Decision, TaskFrame]:
    """One decision on ``text`` (a new task, or the answer in ``frame``); nothing written."""
    frame = frame if frame is not None else new_frame(intent)
    frame["utterances"].append(text)
    before = store.export_bank(bank.url)
    inp = PolicyInput(
        config=CONFIG,
        frame=frame,
        intent=intent,
        act="new",
        user_id=user,
        text=text,
        language=language,
        waiting=waiting,
    )
    decision = HANDLERS[intent](Turn(bank.call, inp, frame))
    assert store.export_bank(bank.url) == before, "the policy changed the database"
    for lang in ("en", "zh"):
        said(decision, intent, lang)
    return decision, frame


def fill(key: str, data: dict[str, Any], language: str) -> str:
    """The reply ``key`` filled like the engine's renderer, every placeholder given.

    A placeholder ``{x}`` takes ``data["x"]``, or the reply named by ``data["x_key"]``.
    """
    text = REPLIES[key][language]
    values: dict[str, Any] = {}
    for _, name, _, _ in string.Formatter().parse(text):
        if not name or name in values:
            continue
        if isinstance(data.get(f"{name}_key"), str):
            rest = {k: v for k, v in data.items() if k != f"{name}_key"}
            values[name] = fill(data[f"{name}_key"], rest, language)
            continue
        assert data.get(name) is not None, f"{key} ({language}) misses {name}"
        value = data[name]
        values[name] = f"{value:.2f}" if isinstance(value, float) else value
    return text.format_map(values)


def said(decision: Decision, intent: str, language: str = "en") -> str:
    """What the customer is told: the reply, or the listing of a write."""
    if decision.plan is not None:
        return fill(f"confirm.{intent}", decision.plan["summary"], language)
    return fill(decision.reply_key, decision.reply_data, language)


def done(bank: Bank, decision: Decision, intent: str) -> str:
    """Run the listed write and the done reply the customer then gets."""
    result = bank.run(decision)
    assert decision.plan is not None
    return fill(f"done.{intent}", {**decision.plan["summary"], **result}, "en")


def listed(decision: Decision, tool: str) -> dict[str, Any]:
    """The arguments of the write listed for a yes (checks route and tool)."""
    assert decision.route == "confirm", (decision.route, decision.reply_key)
    assert decision.plan is not None and decision.plan["write"]
    assert decision.plan["tool"] == tool
    return dict(decision.plan["args"])


def with_account(extra: dict[str, Any]) -> Override:
    """A read override: the customer also holds ``extra``."""
    return lambda data: {**data, "accounts": [*data["accounts"], extra]}


# -- reading directions -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "source", "target"),
    [
        ("Transfer $500 from my savings to my checking", "savings", "checking"),
        ("I'd like to move $500 to savings from checking", "checking", "savings"),
        ("Please move $129 from my Bronze savings into my checking.", "savings", "checking"),
        ("Can you transfer the balance of my savings into my checking?", "savings", "checking"),
        ("从储蓄账户转500美元到支票账户", "savings", "checking"),
        ("把储蓄里的钱转到支票账户", "savings", "checking"),
        ("move 200 bucks into savings pls", None, "savings"),
    ],
)
def test_direction_reads_from_and_to(text: str, source: str | None, target: str | None) -> None:
    found_source, found_target = direction(text)
    assert (found_source.family if found_source else None) == source
    assert (found_target.family if found_target else None) == target


def test_direction_reads_a_card_and_products() -> None:
    source, target = direction("Use my checking to pay the Silver Rewards card")
    assert source is not None and source.family == "checking"
    assert target is not None and target.card and target.product == "Silver Rewards Card"
    source, target = direction("please transfer $1,200 from my Gold savings to my Blue Account")
    assert source is not None and source.product == "Gold Account"
    assert target is not None and target.product == "Blue Account"


# -- open an account (§2.11) --------------------------------------------------------------


def test_open_savings_is_listed_when_eligible_and_the_tool_accepts_it(bank: Bank) -> None:
    decision, _ = decide(bank, DASH, "open_account", "I'd like to open a Bronze savings account")
    args = listed(decision, "open_bank_account_4821")
    assert args == {"user_id": DASH, "account_type": "savings", "account_class": "Bronze Account"}
    assert "Bronze Account" in said(decision, "open_account")
    reply = done(bank, decision, "open_account")
    assert "30 days" in reply and "$0.00" in reply
    again, _ = decide(bank, DASH, "open_account", "open a Bronze savings account")
    assert again.route == "reject" and again.reply_key == "open_account.exists"


def test_open_asks_which_product_then_takes_a_bare_name(bank: Bank) -> None:
    decision, frame = decide(bank, TOMASZ, "open_account", "I want to open a savings account.")
    assert decision.route == "ask" and decision.reply_key == "ask.open_product"
    assert "Silver Plus Account" in decision.reply_data["products"]
    assert "Blue Account" not in decision.reply_data["products"].split(", ")
    decision, _ = decide(bank, TOMASZ, "open_account", "Gold Plus", frame)
    assert listed(decision, "open_bank_account_4821")["account_class"] == "Gold Plus Account"
    assert "$10000.00" in done(bank, decision, "open_account")


def test_open_asks_checking_or_savings_for_a_product_sold_as_both(bank: Bank) -> None:
    decision, frame = decide(bank, LUCIA, "open_account", "Open a Green Account for me")
    assert decision.route == "ask" and decision.reply_key == "ask.open_kind"
    decision, _ = decide(bank, LUCIA, "open_account", "savings please", frame)
    args = listed(decision, "open_bank_account_4821")
    assert args["account_type"] == "savings" and args["account_class"] == "Green Account"


def test_business_checking_is_recorded_without_account_suffix(bank: Bank) -> None:
    decision, _ = decide(bank, TOMASZ, "open_account", "Open a Sky Blue business checking")
    args = listed(decision, "open_bank_account_4821")
    assert args["account_type"] == "business_checking" and args["account_class"] == "Sky Blue"


def test_savings_needs_a_checking_account_held_14_days(
    bank: Bank, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(clock, "NOW", datetime(2025, 10, 25, 9, 0, tzinfo=clock.EST))
    decision, _ = decide(bank, DASH, "open_account", "open a Bronze savings account")
    assert decision.route == "reject" and decision.reply_key == "open_account.needs_checking"


def test_product_age_limits_and_invitations_and_cards(bank: Bank) -> None:
    decision, _ = decide(bank, DASH, "open_account", "sign me up for the Gold Years checking")
    assert decision.route == "reject" and decision.reply_key == "open_account.product_age"
    assert "62+" in said(decision, "open_account")
    decision, _ = decide(bank, TOMASZ, "open_account", "open a Diamond Elite savings account")
    assert decision.route == "respond" and decision.reply_key == "open_account.invitation"
    decision, _ = decide(bank, TOMASZ, "open_account", "open a Platinum Rewards Card")
    assert decision.route == "respond" and decision.reply_key == "open_account.is_card"


def test_business_checking_refused_with_a_closed_account(bank: Bank) -> None:
    decision, _ = decide(bank, SOREN, "open_account", "Open a Navy Blue business checking")
    assert decision.route == "reject" and decision.reply_key == "open_account.has_closed"


def test_business_savings_needs_a_30_day_business_checking(bank: Bank) -> None:
    decision, _ = decide(bank, TOMASZ, "open_account", "open a Gold Saver Account")
    assert decision.route == "reject"
    assert decision.reply_key == "open_account.needs_business_checking"


def test_checking_limits_cause_and_standing(bank: Bank) -> None:
    extra = [
        {"account_id": f"x{n}", "class": "checking", "level": "Blue Account", "status": "OPEN"}
        for n in range(3)
    ]
    bank.overrides["get_all_user_accounts_by_user_id_3847"] = lambda d: {
        **d,
        "accounts": [*d["accounts"], *extra],  # 4 personal checking accounts in all
    }
    decision, _ = decide(bank, TOMASZ, "open_account", "open a Purple Account")
    assert decision.route == "reject" and decision.reply_key == "open_account.too_many"
    bank.overrides["get_all_user_accounts_by_user_id_3847"] = with_account(
        {
            "account_id": "old",
            "class": "checking",
            "level": "Blue Account",
            "status": "CLOSED",
            "date_closed": "09/01/2025",
            "closure_reason": "Closed by bank: account abuse",
        }
    )
    decision, _ = decide(bank, TOMASZ, "open_account", "open a Purple Account")
    assert decision.route == "reject" and decision.reply_key == "open_account.closed_for_cause"
    bank.overrides["get_all_user_accounts_by_user_id_3847"] = with_account(
        {
            "account_id": "neg",
            "class": "saving",
            "level": "Bronze Account",
            "status": "OPEN",
            "current_holdings": "-12.00",
        }
    )
    decision, _ = decide(bank, TOMASZ, "open_account", "open a Silver Plus savings account")
    assert decision.route == "reject" and decision.reply_key == "open_account.bad_standing"


# -- move money (§2.13) -------------------------------------------------------------------


def test_a_transfer_reads_its_direction_and_the_tool_accepts_it(bank: Bank) -> None:
    decision, _ = decide(
        bank, TOMASZ, "transfer_funds", "Transfer $500 from my savings to my checking"
    )
    args = listed(decision, "transfer_funds_between_bank_accounts_7291")
    assert args["source_account_id"] == "db573825dd3fd346"
    assert args["destination_account_id"] == "chk_e57a8d31c7" and args["amount"] == 500.0
    assert "$500.00" in said(decision, "transfer_funds")
    assert "$17750.00" in done(bank, decision, "transfer_funds")


def test_a_chinese_transfer_reads_its_direction(bank: Bank) -> None:
    decision, _ = decide(
        bank, TOMASZ, "transfer_funds", "从支票账户转200美元到储蓄账户", language="zh"
    )
    args = listed(decision, "transfer_funds_between_bank_accounts_7291")
    assert args["source_account_id"] == "chk_e57a8d31c7"
    assert args["destination_account_id"] == "db573825dd3fd346" and args["amount"] == 200.0


def test_a_transfer_asks_source_then_amount(bank: Bank) -> None:
    decision, frame = decide(bank, TOMASZ, "transfer_funds", "I need to move money")
    assert decision.route == "ask" and decision.reply_key == "ask.transfer_source"
    assert "chk_e57a8d31c7" in decision.reply_data["accounts"]
    decision, frame = decide(bank, TOMASZ, "transfer_funds", "my savings", frame)
    assert decision.route == "ask" and decision.reply_key == "ask.transfer_amount"
    assert frame["asked"] == "amount"
    decision, _ = decide(bank, TOMASZ, "transfer_funds", "300", frame)
    args = listed(decision, "transfer_funds_between_bank_accounts_7291")
    assert args["source_account_id"] == "db573825dd3fd346" and args["amount"] == 300.0


def test_transfer_refusals(bank: Bank) -> None:
    decision, _ = decide(bank, SOREN, "transfer_funds", "Move $500 from checking to savings")
    assert decision.route == "reject" and decision.reply_key == "transfer_funds.insufficient"
    decision, _ = decide(bank, TOMASZ, "transfer_funds", "Move $0 from checking to savings")
    assert decision.reply_key == "transfer_funds.amount_positive"
    decision, _ = decide(
        bank, TOMASZ, "transfer_funds", "move $10 from my checking to my Blue checking"
    )
    assert decision.route == "reject" and decision.reply_key == "transfer_funds.same_account"


def test_a_card_payment_from_checking(bank: Bank) -> None:
    decision, _ = decide(
        bank, LUCIA, "transfer_funds", "Pay $200 toward my credit card from checking"
    )
    args = listed(decision, "pay_credit_card_from_checking_9182")
    assert args == {
        "user_id": LUCIA,
        "checking_account_id": "chk_fb41339e7b",
        "credit_card_account_id": "cc_fb41339e7b_crypto",
        "amount": 200.0,
    }
    assert "$1004.55" in done(bank, decision, "transfer_funds")


def test_pay_in_full_uses_the_card_balance(bank: Bank) -> None:
    decision, _ = decide(bank, LUCIA, "transfer_funds", "Pay off my credit card from checking")
    assert listed(decision, "pay_credit_card_from_checking_9182")["amount"] == 1204.55


def test_card_payment_refusals_and_questions(bank: Bank) -> None:
    decision, _ = decide(
        bank, TOMASZ, "transfer_funds", "pay $2,000 to my Gold Rewards card from checking"
    )
    assert decision.route == "reject" and decision.reply_key == "transfer_funds.over_card_balance"
    decision, frame = decide(bank, HEN, "transfer_funds", "pay my credit card bill")
    assert decision.route == "ask" and decision.reply_key == "ask.pay_card"
    decision, _ = decide(bank, HEN, "transfer_funds", "the EcoCard", frame)
    assert decision.route == "respond" and decision.reply_key == "transfer_funds.nothing_owed"
    decision, frame = decide(
        bank, RAFA, "transfer_funds", "Pay my Silver Rewards card from checking"
    )
    assert decision.route == "ask" and decision.reply_key == "ask.pay_amount"
    decision, _ = decide(bank, RAFA, "transfer_funds", "$100", frame)
    assert listed(decision, "pay_credit_card_from_checking_9182")["amount"] == 100.0


# -- close an account (§2.12) -------------------------------------------------------------


def test_closing_moves_the_money_first_then_closes_with_the_fee(bank: Bank) -> None:
    decision, _ = decide(bank, RAFA, "close_account", "Please close my Bronze savings account")
    args = listed(decision, "transfer_funds_between_bank_accounts_7291")
    assert args["source_account_id"] == "b6d510417959450e"
    assert args["destination_account_id"] == "chk_4f8838da93"
    assert args["amount"] == 125.08  # $145.08 less the $20.00 early-closure fee
    assert "$20.00" in said(decision, "close_account")
    assert "ask me again to close" in done(bank, decision, "close_account")
    decision, _ = decide(bank, RAFA, "close_account", "Please close my Bronze savings account")
    assert listed(decision, "close_bank_account_7392")["account_id"] == "b6d510417959450e"
    assert "early-closure fee of $20.00" in said(decision, "close_account")
    done(bank, decision, "close_account")
    assert bank.table("accounts")["b6d510417959450e"]["status"] == "CLOSED"


def test_closing_asks_where_the_money_goes_when_there_is_a_choice(bank: Bank) -> None:
    bank.overrides["get_all_user_accounts_by_user_id_3847"] = with_account(
        {"account_id": "x", "class": "checking", "level": "Blue Account", "status": "OPEN"}
    )
    decision, frame = decide(bank, HEN, "close_account", "Close my Silver savings account")
    assert decision.route == "ask" and decision.reply_key == "ask.close_destination"
    assert decision.reply_data["amount"] == "52300.00"
    decision, _ = decide(bank, HEN, "close_account", "my Evergreen Account", frame)
    args = listed(decision, "transfer_funds_between_bank_accounts_7291")
    assert args["destination_account_id"] == "chk_008a6ce0be"


def test_closing_a_checking_closes_its_debit_card_first(bank: Bank) -> None:
    decision, _ = decide(bank, DASH, "close_account", "Shut down my Light Blue checking")
    args = listed(decision, "close_debit_card_4721")
    assert args["card_id"] == "dbc_eb39f77868_lightblue" and args["reason"] == "account_closing"
    done(bank, decision, "close_account")
    decision, _ = decide(bank, DASH, "close_account", "Shut down my Light Blue checking")
    assert decision.route == "reject" and decision.reply_key == "close_account.no_destination"


def test_the_checking_a_savings_opening_needs_is_closed_after_it(bank: Bank) -> None:
    # The customer asked for a savings account too; their only checking account is the one
    # that qualifies them for it (held 14 days): it is not closed before the savings opens.
    opening = new_frame("open_account", {}, ["I'd like to close it and open a savings account"])
    text = "can we close the old checking account first? the savings can wait"
    decision, _ = decide(bank, DASH, "close_account", text, waiting=(opening,))
    assert decision.route == "reject" and decision.reply_key == "close_account.savings_first"
    assert "Light Blue" in said(decision, "close_account")
    assert "14 days" in said(decision, "close_account")
    # with no savings asked for, the closure goes its usual way (its debit card first)
    checking = new_frame("open_account", {"account_kind": "checking"}, ["open a Blue Account"])
    decision, _ = decide(bank, DASH, "close_account", text, waiting=(checking,))
    assert listed(decision, "close_debit_card_4721")["reason"] == "account_closing"


def test_an_account_named_as_where_money_comes_from_is_not_the_one_closed(bank: Bank) -> None:
    # The closure asked for names the Light Blue checking; a later message of the task names
    # the savings only as the source of a deposit: the listing is still about Light Blue.
    frame = new_frame("close_account")
    frame["utterances"].append("I want to get rid of my Light Blue checking account")
    text = "ok, and fund the new one with the opening deposit from my savings account"
    decision, _ = decide(bank, DASH, "close_account", text, frame)
    assert listed(decision, "close_debit_card_4721")["card_id"] == "dbc_eb39f77868_lightblue"


def test_close_refusals(bank: Bank) -> None:
    decision, _ = decide(bank, LUCIA, "close_account", "close my checking account")
    assert decision.route == "reject" and decision.reply_key == "close_account.card_frozen"
    decision, _ = decide(bank, TOMASZ, "close_account", "close my Blue checking account")
    assert decision.route == "reject" and decision.reply_key == "close_account.pending"
    decision, _ = decide(bank, SOREN, "close_account", "close my Light Blue checking")
    assert decision.route == "respond" and decision.reply_key == "close_account.already_closed"
    decision, _ = decide(bank, TOMASZ, "close_account", "close my account")
    assert decision.route == "ask" and decision.reply_key == "ask.close_which"
    bank.overrides["get_all_user_accounts_by_user_id_3847"] = with_account(
        {
            "account_id": "plat",
            "class": "saving",
            "level": "Platinum Account",
            "status": "OPEN",
            "date_opened": "01/01/2020",
            "current_holdings": "0.00",
        }
    )
    decision, _ = decide(bank, TOMASZ, "close_account", "close my Platinum savings")
    assert decision.route == "respond" and decision.reply_key == "close_account.approval"
    assert "a manager's approval" in said(decision, "close_account")


def test_a_fee_larger_than_the_balance_is_refused(bank: Bank) -> None:
    bank.overrides["get_all_user_accounts_by_user_id_3847"] = with_account(
        {
            "account_id": "new",
            "class": "saving",
            "level": "Silver Account",
            "status": "OPEN",
            "date_opened": "11/01/2025",
            "current_holdings": "10.00",
        }
    )
    decision, _ = decide(bank, TOMASZ, "close_account", "close my savings account new")
    assert decision.route == "reject" and decision.reply_key == "close_account.fee_uncovered"


# -- credits and fee refunds (§2.14) ------------------------------------------------------


def test_an_overcharged_monthly_fee_is_refunded_once(bank: Bank) -> None:
    decision, _ = decide(bank, SOREN, "fee_or_credit", "Why was I charged $25 as a monthly fee?")
    args = listed(decision, "apply_checking_account_credit_5829")
    assert args == {
        "user_id": SOREN,
        "account_id": "chk_be1d362166_1",
        "amount": 5.0,
        "credit_type": "fee_refund",
    }
    assert "$5.00" in done(bank, decision, "fee_or_credit")
    decision, _ = decide(bank, SOREN, "fee_or_credit", "refund my monthly fee")
    assert decision.route == "reject" and decision.reply_key == "fee_or_credit.cooldown"


def test_correct_fees_are_not_refunded(bank: Bank) -> None:
    decision, _ = decide(
        bank, TOMASZ, "fee_or_credit", "I want my monthly maintenance fee refunded"
    )
    assert decision.route == "respond" and decision.reply_key == "fee_or_credit.no_error"


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("I'd like a statement credit for the annual fee on my Gold Rewards card", "card"),
        ("Please refund the fee on my savings account", "savings"),
    ],
)
def test_other_credits_go_to_a_human(bank: Bank, text: str, what: str) -> None:
    decision, _ = decide(bank, RAFA, "fee_or_credit", text)
    assert decision.route == "respond" and decision.reply_key == "fee_or_credit.human"
    assert decision.reply_data["what_key"] == f"fee_or_credit.what.{what}"


def test_fee_netting_and_duplicates() -> None:
    rows = [
        {"type": "monthly_fee", "amount": -25.0, "date": "10/31/2025", "status": "posted"},
        {"type": "monthly_fee", "amount": -20.0, "date": "10/31/2025", "status": "posted"},
        {
            "description": "PAPER STATEMENT FEE",
            "amount": -1.0,
            "date": "10/31/2025",
            "status": "posted",
        },
    ]
    # $5 over, a second monthly fee in October ($20), $1.50 under on paper statements
    assert fee_correction(rows, "Blue Account") == (23.5, 3)


def test_a_product_the_customer_says_they_hold_is_not_the_one_opened(bank: Bank) -> None:
    text = "I already have a Blue Account that I love. I want to open a second checking account."
    decision, _ = decide(bank, TOMASZ, "open_account", text)
    assert decision.plan is None
    assert decision.route == "ask" and decision.reply_key == "ask.open_product"


def test_a_cards_name_names_no_account_to_open() -> None:
    from keel.domain.bank.opening import product_in

    text = "I'll apply for the Gold Rewards Card myself. Can you just open the savings account?"
    assert product_in(text) is None
    assert product_in("the Gold Plus one") == "Gold Plus Account"


def test_a_change_the_customers_words_never_ask_for_is_not_listed(bank: Bank) -> None:
    """A message that describes what the customer holds may be read as a transfer; with no
    word of moving money in the task, nothing is listed (the policy's dispatcher)."""
    from keel.domain.bank.policy import decide as decide_turn

    text = "I hold a Bronze savings account and a Green checking account, about $900 in each."
    frame = new_frame("transfer_funds", {"amount": 900.0}, [text])
    inp = PolicyInput(
        config=CONFIG,
        frame=frame,
        intent="transfer_funds",
        act="new",
        user_id=LUCIA,
        text=text,
        language="en",
    )
    decision = decide_turn(bank.call, inp)
    assert decision.plan is None and decision.reply_key == "ask.which_change"
    asked = new_frame("transfer_funds", {}, ["Please transfer $100 from my savings to checking"])
    inp = PolicyInput(
        config=CONFIG,
        frame=asked,
        intent="transfer_funds",
        act="new",
        user_id=LUCIA,
        text=asked["utterances"][0],
        language="en",
    )
    listed = decide_turn(bank.call, inp)
    assert (
        listed.plan is not None
        and listed.plan["tool"] == "transfer_funds_between_bank_accounts_7291"
    )


def test_a_yes_naming_another_change_agrees_to_nothing_at_a_bank_listing() -> None:
    from keel.nodes.act import write_actions, write_topics
    from keel.understanding.confirmation import Listed, read_confirmation

    spec = CONFIG.intents["open_account"]
    listed = Listed(
        task="open_account",
        text="Please confirm: open a new Blue Account (checking account). Shall I go ahead?",
        actions=tuple(spec.actions),
        topic=tuple(spec.topic),
        write_tasks=write_actions(CONFIG),
        write_topics=write_topics(CONFIG),
    )
    assert read_confirmation("yes, close it", listed, lambda _: "close_account").reading != "yes"
    assert read_confirmation("yes, open it", listed, lambda _: None).reading == "yes"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("the Gold Plus one", ["Gold Plus Account"]),
        (
            "A friend mentioned Gold and Green accounts; which is best?",
            ["Gold Account", "Green Account"],
        ),
        ("I'll apply for the Gold Rewards Card myself", []),
    ],
)
def test_the_products_a_message_names(text: str, named: list[str]) -> None:
    from keel.domain.bank.opening import products_in

    assert sorted(products_in(text)) == sorted(named)
