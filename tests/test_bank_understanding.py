"""Rho Bank's slot extraction and identity rules (demo bank on a temporary SQLite)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from keel.domain.bank import store
from keel.domain.bank.extract import extract_slots
from keel.domain.bank.identity import BankIdentity
from keel.domain.bank.tools import TOOLS
from keel.domain.config import load_domain
from keel.nodes.common import understander_of
from keel.persistence.db import sqlite_url
from keel.state.context import Context
from keel.state.dialogue import ToolOutcome
from keel.tools.registry import ToolContext, ToolError
from keel.understanding.offline import TurnHints, _only_identity

NONE = TurnHints()
ASKED = TurnHints(expected_slot="identity")
BY_NAME = {tool.spec.name: tool for tool in TOOLS}
TOMASZ, LUCIA = "e57a8d31c7", "fb41339e7b"
RULES = BankIdentity()


def slots(text: str, hints: TurnHints = NONE) -> dict[str, Any]:
    return extract_slots(text, hints)


# ---------------------------------------------------------------- identity values


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Kenji Tanaka, DOB July 22 1985, phone 206-555-0293",
            {
                "full_name": "Kenji Tanaka",
                "date_of_birth": "07/22/1985",
                "phone_number": "206-555-0293",
            },
        ),
        (
            "My name is Mia Smith, date of birth 03/15/1992.",
            {"full_name": "Mia Smith", "date_of_birth": "03/15/1992"},
        ),
        ("I was born on the 14th of March, 1968", {"date_of_birth": "03/14/1968"}),
        ("my DOB is 1992-03-15", {"date_of_birth": "03/15/1992"}),
        ("born 15/03/1992", {"date_of_birth": "03/15/1992"}),
        ("dob 05/05/99", {"date_of_birth": "05/05/1999"}),
        (
            "this is sofia papadopoulos, my number is (617) 555-0142",
            {"phone_number": "617-555-0142"},
        ),
        ("phone: +1 206 555 0293", {"phone_number": "206-555-0293"}),
        ("my cell is 2065550293", {"phone_number": "206-555-0293"}),
        (
            "My address is 1847 Cherry Blossom Lane, Seattle, WA 98101",
            {"address": "1847 Cherry Blossom Lane, Seattle, WA 98101"},
        ),
        (
            "first name Valentina last name Kostopoulos, born 04/27/1993",
            {"full_name": "Valentina Kostopoulos", "date_of_birth": "04/27/1993"},
        ),
        (
            "Emily Thompson 06/18/1990 emily.t@icloud.com 702-555-0133",
            {
                "full_name": "Emily Thompson",
                "date_of_birth": "06/18/1990",
                "email": "emily.t@icloud.com",
                "phone_number": "702-555-0133",
            },
        ),
    ],
)
def test_identity_details_in_english(text: str, expected: dict[str, Any]) -> None:
    found = slots(text)
    assert {k: found.get(k) for k in expected} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我的生日是1985年7月22日", {"date_of_birth": "07/22/1985"}),
        (
            "本人陈伟，生日是1988年8月8日，邮箱wei.chen.88@outlook.com",
            {"date_of_birth": "08/08/1988", "email": "wei.chen.88@outlook.com"},
        ),
        (
            "电话是 206-555-0293，名字 Kenji Tanaka",
            {"phone_number": "206-555-0293", "full_name": "Kenji Tanaka"},
        ),
        (
            "我叫孙丽，地址是 742 Maple Street, Austin, TX 78701",
            {"address": "742 Maple Street, Austin, TX 78701"},
        ),
    ],
)
def test_identity_details_in_chinese(text: str, expected: dict[str, Any]) -> None:
    found = slots(text)
    assert {k: found.get(k) for k in expected} == expected


def test_two_emails_offered_and_a_new_email() -> None:
    assert slots("silva7872@x.com or amelia.silva7872@y.com") == {
        "email": "silva7872@x.com",
        "email_alt": "amelia.silva7872@y.com",
    }
    changed = slots("my email is old@x.com, please change it to new@y.com")
    assert changed["email"] == "old@x.com" and changed["new_email"] == "new@y.com"
    assert "email" not in slots("请把邮箱改成 new.me@example.com")
    assert slots("请把邮箱改成 new.me@example.com")["new_email"] == "new.me@example.com"


def test_an_incident_date_is_no_birth_date_unless_cued_or_asked() -> None:
    found = slots("I was charged twice at Maple & Finch on 11/04/2025")
    assert "date_of_birth" not in found and found["txn_date"] == "11/04/2025"
    assert "date_of_birth" not in slots("03/15/1992")
    assert slots("03/15/1992", ASKED) == {"date_of_birth": "03/15/1992"}
    assert "date_of_birth" not in slots("the charge on 11/04/2025 is wrong", ASKED)
    assert slots("11月4日在Target刷了4.75美元")["txn_date"] == "11/04/2025"


def test_a_phone_inside_a_longer_number_is_no_phone() -> None:
    assert "phone_number" not in slots("my account number is 12065550293441")
    assert "phone_number" not in slots("transaction 4412065550293 was wrong")
    assert "phone_number" not in slots("手机号13800138000")


def test_someone_elses_name_or_details_are_not_the_speakers() -> None:
    assert "full_name" not in slots("my wife Ana Ruiz has a card with you")
    assert "full_name" not in slots("my wife Ana Ruiz", ASKED)
    assert "full_name" not in slots("I'm calling for my wife Ana Ruiz")
    assert "date_of_birth" not in slots("she was born 03/15/1992")
    assert "phone_number" not in slots("my husband's phone is 206-555-0293")
    assert slots("Ana Ruiz", ASKED)["full_name"] == "Ana Ruiz"


def test_a_bare_address_counts_when_identity_was_asked() -> None:
    address = "418 Larkspur Court, Columbus, OH 43215"
    assert slots(address, ASKED) == {"address": address}
    shipping = slots(f"send the new card to {address}")
    assert "address" not in shipping and shipping["shipping_address"] == address


# ---------------------------------------------------------------- task values


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the card ending in 4821", {"card_last4": "4821"}),
        ("尾号4821的借记卡被偷了", {"card_last4": "4821", "closure_reason": "stolen"}),
        ("my silver card", {"card_name": "Silver Rewards Card"}),
        ("the gold one", {"card_name": "Gold Rewards Card"}),
        (
            "银卡丢了，加急寄一张",
            {"card_name": "Silver Rewards Card", "delivery_option": "expedited"},
        ),
        ("my Light Blue checking account", {"card_name": "Light Blue Account"}),
        ("open a Sky Blue business checking", {"card_name": "Sky Blue"}),
        ("my EcoCard", {"card_name": "EcoCard"}),
        ("move it to savings", {"account_kind": "saving"}),
        ("from my checking", {"account_kind": "checking"}),
        ("a fee of $4.75", {"amount": 4.75}),
        ("4.75 dollars", {"amount": 4.75}),
        ("Best Buy那笔312美元不是我消费的", {"amount": 312.0}),
        ("$1,250.50 was taken", {"amount": 1250.5}),
        ("on November 4th", {"txn_date": "11/04/2025"}),
        ("the charge from Best Buy isn't mine", {"merchant": "Best Buy"}),
        ("charged twice at Maple & Finch", {"merchant": "Maple & Finch"}),
        ("在Costco被扣了两次钱", {"merchant": "Costco", "dispute_reason": "duplicate_charge"}),
        (
            "I was charged but never received the shoes",
            {"dispute_reason": "goods_services_not_received"},
        ),
        ("the refund never came", {"dispute_reason": "refund_never_processed"}),
        ("I didn't make this purchase", {"dispute_reason": "unauthorized_fraudulent_charge"}),
        ("they overcharged me", {"dispute_reason": "incorrect_amount"}),
        (
            "I cancelled my gym membership and they still charged me",
            {"dispute_reason": "canceled_subscription_still_charging"},
        ),
        ("close my debit card, I don't need it anymore", {"closure_reason": "no_longer_needed"}),
        ("my debit card was stolen", {"closure_reason": "stolen"}),
        ("close my silver card, the annual fee is too high", {"closure_reason": "annual_fee"}),
        ("standard shipping is fine", {"delivery_option": "standard"}),
        ("please expedite it", {"delivery_option": "expedited"}),
        ("yes please", {"yes_no": "yes"}),
        ("不要", {"yes_no": "no"}),
    ],
)
def test_task_values(text: str, expected: dict[str, Any]) -> None:
    found = slots(text)
    assert {k: found.get(k) for k in expected} == expected


def test_credit_card_closure_reasons_in_a_credit_card_task() -> None:
    hints = TurnHints(active_intent="close_credit_card")
    assert extract_slots("I don't use it", hints)["closure_reason"] == "not_using_card"
    assert slots("I don't use it")["closure_reason"] == "no_longer_needed"


def test_no_values_in_small_talk() -> None:
    assert slots("hello, how are you?") == {}


def test_phone_ending_is_no_card() -> None:
    assert "card_last4" not in slots("my phone ending 0457")


# ---------------------------------------------------------------- identity rules


@pytest.fixture
def url(tmp_path: Path) -> str:
    database = sqlite_url(tmp_path / "b.db")
    store.load_demo_data(database)
    return database


Caller = Callable[[str, dict[str, Any]], ToolOutcome]


def caller(url: str, calls: list[str] | None = None) -> Caller:
    """Runs the bank's tools by name, as the engine's ToolCaller does (outcomes, not raises)."""

    def call(name: str, args: dict[str, Any]) -> ToolOutcome:
        if calls is not None:
            calls.append(name)
        tool = BY_NAME[name]
        try:
            data = tool.run(ToolContext(database_url=url), tool.spec.validate_args(args))
        except ToolError as error:
            return {
                "tool": name,
                "ok": False,
                "data": {},
                "error": error.kind,
                "message": str(error),
            }
        return {"tool": name, "ok": True, "data": data, "error": None, "message": None}

    return call


def verifications(url: str, user_id: str) -> list[dict[str, Any]]:
    rows = store.export_bank(url)["verification_history"]["data"]
    return [r for r in rows.values() if r["user_id"] == user_id]


def attempt(
    call: Caller,
    identity: dict[str, str],
    barred: tuple[str, ...] = (),
    others: tuple[str, ...] = (),
) -> tuple[str | None, str | None, bool]:
    """One verification attempt as ``nodes.decide.verify`` runs it: (user id, refusal, failed)."""
    user_id, row, failed = RULES.authenticate(call, identity, [])
    refusal = RULES.refused(call, identity, row, barred, others) if row is not None else None
    return (None if refusal else user_id), refusal, failed


def test_two_matching_details_verify_and_log_the_values_on_file(url: str) -> None:
    call = caller(url)
    identity = {
        "full_name": "Tomasz Wielgus",
        "date_of_birth": "07/09/1979",
        "phone_number": "614-555-0178",
        "said": "I'm Tomasz Wielgus, born July 9 1979, phone (614) 555-0178",
    }
    assert RULES.ready(identity)
    user_id, row, failed = RULES.authenticate(call, identity, [])
    assert (user_id, failed) == (TOMASZ, False)
    assert row is not None and row["first_name"] == "Tomasz" and row["last_name"] == "Wielgus"
    assert "email" not in row  # nothing on file beyond the name is kept for the replies
    assert RULES.refused(call, identity, row, [], []) is None
    logged = verifications(url, TOMASZ)
    assert len(logged) == 1
    assert {k: logged[0][k] for k in ("email", "address", "phone_number", "date_of_birth")} == {
        "email": "t.wielgus.home@fastmail.com",
        "address": "418 Larkspur Court, Columbus, OH 43215",
        "phone_number": "614-555-0178",
        "date_of_birth": "07/09/1979",
    }


def test_an_address_with_a_short_street_word_and_an_email_verify(url: str) -> None:
    identity = {
        "email": "T.Wielgus.Home@fastmail.com",
        "address": "418 Larkspur Ct, Columbus, OH 43215",
    }
    assert attempt(caller(url), identity) == (TOMASZ, None, False)


@pytest.mark.parametrize(
    "identity",
    [
        {"date_of_birth": "07/09/1979"},
        {"full_name": "Tomasz Wielgus", "phone_number": "614-555-0178"},
        {"user_id": TOMASZ, "email": "t.wielgus.home@fastmail.com"},
    ],
)
def test_one_detail_with_a_name_or_user_id_never_verifies(
    url: str, identity: dict[str, str]
) -> None:
    calls: list[str] = []
    assert not RULES.ready(identity)
    assert attempt(caller(url, calls), identity) == (None, None, False)
    assert calls == []  # no attempt: nothing looked up
    assert str(RULES.missing(identity, "en")).startswith("one more of: ")
    assert verifications(url, TOMASZ) == []


def test_details_of_two_customers_never_verify(url: str) -> None:
    identity = {"date_of_birth": "07/09/1979", "phone_number": "505-555-0142"}  # Tomasz, Lucia
    assert attempt(caller(url), identity) == (None, None, True)
    assert verifications(url, TOMASZ) == [] and verifications(url, LUCIA) == []
    kept = RULES.after_failure({**identity, "full_name": "Tomasz Wielgus", "said": "…"})
    assert kept == {"full_name": "Tomasz Wielgus", "said": "…"}


def test_wrong_details_fail(url: str) -> None:
    identity = {"email": "t.wielgus.home@fastmail.com", "phone_number": "614-555-0199"}
    assert attempt(caller(url), identity) == (None, None, True)


def test_a_third_party_is_refused(url: str) -> None:
    call = caller(url)
    others = ("I'm calling for my wife Lucia Marenco, she lost her card",)
    identity = {
        "full_name": "Lucia Marenco",
        "email": "lucia.marenco@proton.me",
        "date_of_birth": "02/27/1991",
        "said": "ok, I'm Lucia Marenco, lucia.marenco@proton.me, born 02/27/1991",
    }
    assert attempt(call, identity, others=others) == (None, "third_party", False)
    assert attempt(call, identity, barred=(LUCIA,)) == (None, "third_party", False)
    phone_given = ("her phone is 505-555-0142",)
    assert attempt(call, identity, others=phone_given) == (None, "third_party", False)
    assert verifications(url, LUCIA) == []


def test_a_speaker_of_another_name_is_refused(url: str) -> None:
    identity = {
        "full_name": "Ana Ruiz",
        "email": "lucia.marenco@proton.me",
        "phone_number": "505-555-0142",
        "said": "I'm Ana Ruiz, lucia.marenco@proton.me, 505-555-0142",
    }
    assert attempt(caller(url), identity) == (None, "name_mismatch", False)
    assert verifications(url, LUCIA) == []


def test_claims_other_and_targets(url: str) -> None:
    call = caller(url)
    assert RULES.claims_other(call, TOMASZ, {"email": "lucia.marenco@proton.me"})
    assert RULES.claims_other(call, TOMASZ, {"phone_number": "505-555-0142"})
    assert not RULES.claims_other(call, TOMASZ, {"email": "t.wielgus.home@fastmail.com"})
    assert not RULES.claims_other(call, TOMASZ, {"email": "brand.new@example.com"})
    identity = {
        "full_name": "Tomasz Wielgus",
        "email": "T.Wielgus.Home@fastmail.com",
        "phone_number": "(614) 555-0178",
        "date_of_birth": "07/09/1979",
    }
    assert RULES.targets(identity) == [
        "email:t.wielgus.home@fastmail.com",
        "phone:6145550178",
        "dob+name:07/09/1979|tomasz wielgus",
    ]
    assert not RULES.strong(identity) and RULES.guesses(identity) == 1
    assert RULES.after_incomplete({"email": "x@y.com"}) == {"email": "x@y.com"}


def test_missing_words() -> None:
    assert RULES.missing({}, "en") is None
    assert RULES.missing({"full_name": "Tomasz Wielgus"}, "en") == (
        "two of: your date of birth, your email, your phone number or your address"
    )
    assert RULES.missing({"email": "x@y.com"}, "zh") == "以下任意一项：出生日期、电话号码或地址"


@pytest.mark.parametrize(
    ("said", "differs"),
    [
        ("Ahmad Razali bin Mohd Yusof, email ahmad.razali@gmail.com", False),
        ("I'm Ahmad Razali, phone 303-555-0821", False),  # the name's first words
        ("I'm Ahmad Yusuf, phone 303-555-0821", True),  # another last name
    ],
)
def test_a_name_of_several_words_is_the_customers_in_its_short_form_too(
    said: str, differs: bool
) -> None:
    from keel.understanding.identity import names_differently

    assert names_differently(said, "Ahmad", "Razali bin Mohd Yusof") is differs


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("Lachlan Murray. Phone 0412-555-947, email lachlan.murray@gmail.com", "0412-555-947"),
        ("电话 0412 555 947", "0412-555-947"),
        ("my account number is 12345678", None),  # no phone cue: no phone
    ],
)
def test_a_phone_number_of_another_form_is_read_after_a_phone_cue(
    text: str, phone: str | None
) -> None:
    assert extract_slots(text, TurnHints()).get("phone_number") == phone


@pytest.mark.parametrize(
    "text",
    [
        "uh, phone's 206-555-8142 and email tyler.washington.dev@gmail.com",
        "yeah, email is tyler.washington.dev@gmail.com",
    ],
)
def test_fillers_and_labels_are_no_name(text: str) -> None:
    assert "full_name" not in extract_slots(text, TurnHints(expected_slot="identity"))


def test_details_that_identify_a_bank_customer_and_nothing_else_are_read_as_identification() -> (
    None
):
    """The engine asks the business which slots identify a customer (its ``identity_slots``);
    it used to hold the store's (email, names, zip, user id), so a bank customer's phone
    number and date of birth alone, unread by the classifier, were no identification."""
    identity = load_domain("bank").identity_slots
    assert _only_identity({"phone_number": "323-555-0847", "date_of_birth": "1991-05-12"}, identity)
    assert not _only_identity({"phone_number": "323-555-0847", "card_name": "Gold"}, identity)
    assert not _only_identity({"yes_no": "yes"}, identity)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # money asked to move between one's accounts, after a yes and before an aside
        (
            "Yes, let's fund it now. Transfer from my Navy Blue business checking - I think "
            "there's about $3,200 in there. Move it all over.",
            "transfer_funds",
        ),
        ("从支票账户转500到储蓄账户", "transfer_funds"),
        # interest paid short of what is due: a correction asked for, whatever else is said
        ("你好，想请你帮我看看两个储蓄账户的利息。上个月只拿到 $64，太低了。", "fee_or_credit"),
        ("My savings interest seems really low this month", "fee_or_credit"),
        # the bank's incidents, said in a longer story: a person at once
        (
            "三天前我还清了信用卡账单，钱已经从支票账户扣走了。可是信用卡账户那边还显示整笔账单没还。"
            "我不想付利息。",
            "urgent_incident",
        ),
        ("My payment from checking hasn't posted to my credit card account yet", "urgent_incident"),
        ("My card still shows a balance, how much do I owe?", "accounts_overview"),
    ],
)
def test_requests_named_by_the_banks_cues(text: str, intent: str) -> None:
    reader = understander_of(Context(domain="bank"))
    assert reader.read(text).intent == intent


def test_kinds_listed_together_name_no_one_kind() -> None:
    from keel.domain.bank.extract import account_kind

    # "what combination of checking, savings and credit card…" while a savings opening was
    # advised must not turn the opening into a checking one
    assert account_kind("what combination of checking, savings and credit card is best?") is None
    assert account_kind("支票和储蓄账户哪个组合最好") is None
    assert account_kind("open a checking account") == "checking"
    assert account_kind("move $500 from savings to checking") == "saving"
