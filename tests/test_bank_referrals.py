"""Rho Bank's checking-account referral advice (domain/bank/referrals.py).

The rules are the documents' (referrals.yaml cites each): bonuses for referrer and referee,
the qualifying deposit, the referrer's tenure from their first checking account, yearly
caps, at most 2 bonuses in any rolling 9-day window across every checking product
(doc_bank_accounts_bank_accounts_(general)_047/048). Through the real graph the advice names
the best account, writes nothing and hands nothing to a human.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from keel.api import Keel
from keel.domain.bank import referrals as ref
from keel.domain.bank import store
from keel.domain.pack import load_pack
from keel.persistence.db import get_engine, sqlite_url
from keel.state.context import Context

TODAY = date(2025, 11, 14)  # the bank's clock (domain/bank/clock.py)
RULES = ref.table().rules
RAFA = "My email is rafa.quintanilla@icloud.com and my phone is 916-555-0124."
HEN = "我的邮箱是 hen.osei@outlook.com，电话 912-555-0163。"
NORA = "nv3b81c2d4"
NORA_PROOF = "My email is nora.vance@example.net and I was born on 06/21/1984."


def program(name: str) -> ref.Program:
    found = ref.program_of(name)
    assert found is not None
    return found


def referral(kind: str, day: str, status: str = "COMPLETE") -> dict[str, Any]:
    return {"referred_account_type": kind, "date": day, "referral_status": status}


# -- the documents' figures -------------------------------------------------------------------


def test_the_programs_carry_the_documents_figures() -> None:
    blue = program("Blue Account")  # doc_checking_accounts_blue_account_010
    assert (blue.referrer, blue.referee, blue.deposit, blue.deposit_days) == (35, 30, 500, 60)
    assert (blue.tenure_days, blue.yearly_cap) == (30, 5)
    gold = program("Gold Years Account")  # doc_checking_accounts_gold_years_account_010
    assert (gold.referrer, gold.referee, gold.deposit, gold.ages) == (50, 75, 1000, (62, None))
    bluest = program("Bluest Account")  # _003 (bonus), _002 ($75,000 to open)
    assert (bluest.combined, bluest.deposit, bluest.needed) == (125, 2000, 75000)
    light_green = program("Light Green")  # _001 ($15/$25, 3 a year), _002 ($100, 14 days)
    assert (light_green.combined, light_green.deposit, light_green.tenure_days) == (40, 100, 14)
    navy = program("Navy Blue")  # doc_business_checking_accounts_navy_blue_001
    assert navy.business and (navy.referrer, navy.referee, navy.deposit) == (100, 75, 5000)
    # general_047: 2 bonuses in any rolling 9-day window
    assert (RULES.window_bonuses, RULES.window_days) == (2, 9)
    assert ref.program_of("Silver Rewards Card") is None  # cards have their own programs


def test_600_dollars_refers_best_to_the_blue_account() -> None:
    # $600 reaches Blue ($35 + $30, $500: blue_account_010) but not Purple ($45 + $35,
    # $1,000: purple_account_011), Dark Green ($1,000: dark_green_010), Bluest ($75,000 to
    # open: bluest_002) or Gold Years ($1,000: gold_years_010)
    friend = ref.Friend(deposit=600)
    verdicts = [ref.judge(p, friend, 1000, 0) for p in ref.candidates(friend)]
    best, better = ref.best_of(verdicts)
    assert best is not None and best.program.name == "Blue Account" and better is None
    out = {v.program.name: v.reason for v in verdicts if v.reason}
    assert out["Purple Account"] == out["Bluest Account"] == "deposit"
    assert "Green Fee-Free Account" not in out  # $300 qualifies ($20 + $35: fee-free_007)


def test_an_age_limited_program_is_named_only_with_its_condition() -> None:
    # $1,000 reaches Gold Years ($125, 62+) and Purple ($80): unknown age -> Purple, and
    # Gold Years "if 62+"; a friend of 30 -> Gold Years is out for age
    unknown = [
        ref.judge(p, ref.Friend(deposit=1000), 1000, 0) for p in ref.candidates(ref.Friend())
    ]
    best, better = ref.best_of(unknown)
    assert best is not None and best.program.name == "Purple Account"
    assert better is not None and better.program.name == "Gold Years Account"
    thirty = ref.Friend(deposit=1000, age=30)
    verdicts = [ref.judge(p, thirty, 1000, 0) for p in ref.candidates(thirty)]
    assert ref.best_of(verdicts) == (best, None)
    assert next(v for v in verdicts if v.program.name == "Gold Years Account").reason == "age"


def test_tenure_counts_from_the_first_checking_account_of_any_product() -> None:
    # general_047/048: from the earliest checking account opened, whatever its product
    rows = [
        {"class": "saving", "date_opened": "01/01/2020", "status": "OPEN"},
        {"class": "checking", "date_opened": "10/25/2025", "status": "CLOSED"},
        {"account_type": "checking", "date_opened": "11/04/2025", "status": "OPEN"},
    ]
    assert ref.tenure_days(rows, TODAY) == 20 and ref.holds_checking(rows)
    # 20 days: only Light Green's 14-day threshold is met (light_green_account_002)
    friend = ref.Friend(deposit=600, age=20)
    verdicts = [ref.judge(p, friend, 20, 0) for p in ref.candidates(friend)]
    assert [v.program.name for v in verdicts if v.reason is None] == ["Light Green Account"]
    assert not ref.holds_checking([{"class": "saving", "status": "OPEN"}])


def test_the_rolling_window_counts_checking_referrals_that_can_earn_a_bonus() -> None:
    history = [
        referral("Blue Account", "11/05/2025"),  # 9 days old: still counted (general_048)
        referral("Navy Blue", "11/12/2025", "NO_PROGRESS"),  # business checking counts too
        referral("Purple Account", "11/04/2025"),  # 10 days old: out of the window
        referral("Silver Rewards Card", "11/13/2025"),  # a card: its own 7-day limit
        referral("Evergreen Account", "11/13/2025", "REJECTED"),  # denied: no bonus
    ]
    window = ref.in_window(history, TODAY, RULES)
    assert window == [date(2025, 11, 5), date(2025, 11, 12)]
    assert ref.schedule(window, 1, TODAY, RULES) == (0, date(2025, 11, 15))
    assert ref.schedule([], 4, TODAY, RULES) == (2, date(2025, 11, 24))
    assert ref.schedule([date(2025, 11, 10)], 1, TODAY, RULES) == (1, None)


def test_a_yearly_cap_used_up_puts_a_program_out() -> None:
    # Light Blue: 5 referral bonuses per calendar year (light_blue_account_007)
    history = [referral("Light Blue Account", f"0{m}/10/2025") for m in range(1, 6)]
    history.append(referral("Light Blue Account", "12/10/2024"))  # last year
    light_blue = program("Light Blue Account")
    assert ref.used_this_year(history, light_blue, TODAY) == 5
    assert ref.judge(light_blue, ref.Friend(deposit=600), 1000, 5).reason == "cap"


@pytest.mark.parametrize(
    ("said", "deposit", "people", "business"),
    [
        ("my friend will deposit about $600, which account should I refer her to?", 600, 1, False),
        ("I want to refer four people, which ones can I still refer now?", None, 4, False),
        ("我想推荐朋友开户，她会存600美元，用哪个账户推荐奖金最多？", 600, 1, False),
        ("I'd like to refer a startup company that will deposit $12,000", 12000, 1, True),
    ],
)
def test_what_the_message_states(said: str, deposit: Any, people: int, business: bool) -> None:
    assert ref.about_choice(said)
    friend = ref.friend_in([said], None)
    assert (friend.deposit, friend.people, friend.business) == (deposit, people, business)


def test_status_and_card_referrals_are_left_to_the_documents() -> None:
    assert not ref.about_choice("What's the status of my referral?")
    assert not ref.about_choice("generate a referral link for the Gold Rewards card please")
    assert not ref.about_choice("我的推荐进度怎么样了？")
    assert ref.same_address("I'd like to refer my roommate, we live together")
    assert not ref.same_address("she doesn't live with me, different address")


# -- through the graph ------------------------------------------------------------------------


@pytest.fixture
def context(tmp_path: Path) -> Iterator[Context]:
    data = json.loads(store.DEMO_PATH.read_text(encoding="utf-8"))
    data["users"]["data"][NORA] = {
        "name": "Nora Vance",
        "user_id": NORA,
        "address": "12 Birch Lane, Omaha, NE 68102",
        "email": "nora.vance@example.net",
        "phone_number": "402-555-0111",
        "date_of_birth": "06/21/1984",
    }
    data["accounts"]["data"]["chk_nv3b81c2d4"] = {
        "account_id": "chk_nv3b81c2d4",
        "user_id": NORA,
        "class": "checking",
        "level": "Purple Account",
        "date_opened": "03/02/2021",
        "status": "OPEN",
        "current_holdings": "4200.00",
    }
    for n, day in enumerate(("11/08/2025", "11/12/2025")):
        key = f"ref_nv3b81c2d4_{n}"
        data["referrals"]["data"][key] = {
            "referral_id": key,
            "referrer_id": NORA,
            **referral("Blue Account", day, "IN_PROGRESS"),
        }
    url = sqlite_url(tmp_path / "bank.db")
    store.import_bank(data, url)
    yield Context(domain="bank", database_url=url)
    get_engine(url).dispose()


def state(context: Context) -> dict[str, Any]:
    """The bank's records, but the verification log (identifying the customer writes it)."""
    tables = load_pack("bank").export_state(context.database_url)
    return {k: v for k, v in tables.items() if k != "verification_history"}


def test_the_best_account_is_named_and_nothing_is_written(context: Context) -> None:
    agent = Keel(context)
    before = state(context)
    agent.send("s", RAFA)
    result = agent.send(
        "s",
        "My friend just got her first job and will deposit about $600; which account should "
        "I refer her with so that our combined referral bonus is the highest?",
    )
    assert result.intent == "referral" and result.awaiting != "human"
    assert "Blue Account" in result.reply and "$65" in result.reply
    assert (
        "submit_referral" in result.reply
        and "doc_checking_accounts_blue_account_010" in result.reply
    )
    assert "Purple Account" in result.reply  # a higher bonus that is out, with its reason
    assert state(context) == before


def test_in_chinese_the_deposit_is_asked_then_the_best_account_named(context: Context) -> None:
    agent = Keel(context)
    before = state(context)
    agent.send("s", "我想推荐朋友开户，用哪个账户推荐奖金最多？")
    asked = agent.send("s", HEN)
    assert asked.awaiting == "clarification" and "存入多少" in asked.reply
    result = agent.send("s", "她大概会存 600 美元")
    assert result.intent == "referral" and result.awaiting != "human"
    assert "Blue Account" in result.reply and "合计 $65" in result.reply
    assert "本人" in result.reply  # the customer submits it themselves
    assert state(context) == before


def test_a_full_rolling_window_says_when_referring_is_possible_again(context: Context) -> None:
    agent = Keel(context)
    before = state(context)
    agent.send("s", NORA_PROOF)
    result = agent.send("s", "I want to refer my coworker, she'll deposit $1,500. Which account?")
    assert result.intent == "referral" and result.awaiting != "human"
    # referrals on 11/08 and 11/12: the window frees on 11/18 (11/08 + 10 days)
    assert "can't refer anyone right now" in result.reply and "11/18/2025" in result.reply
    assert "Purple" not in result.reply
    assert state(context) == before
