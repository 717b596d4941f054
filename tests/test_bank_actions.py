"""The bank's write and read tools on the demo bank (dates on the fixed clock 11/14/2025)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from keel.domain.bank import clock, store
from keel.domain.bank.actions import log_agent_tool_call
from keel.domain.bank.tools import TOOLS
from keel.persistence.db import sqlite_url
from keel.tools.registry import ToolContext, ToolError

BY_NAME = {tool.spec.name: tool for tool in TOOLS}
TOMASZ, LUCIA, DASH, HEN, RAFA, SOREN = (
    "e57a8d31c7",
    "fb41339e7b",
    "eb39f77868",
    "008a6ce0be",
    "4f8838da93",
    "be1d362166",
)


@pytest.fixture
def url(tmp_path: Path) -> str:
    database = sqlite_url(tmp_path / "bank.sqlite")
    store.load_demo_data(database)
    return database


def run(url: str, tool: str, /, **args: Any) -> dict[str, Any]:
    spec = BY_NAME[tool].spec
    return BY_NAME[tool].run(ToolContext(database_url=url), spec.validate_args(args))


def refused(url: str, kind: str, tool: str, /, **args: Any) -> str:
    with pytest.raises(ToolError) as error:
        run(url, tool, **args)
    assert error.value.kind == kind, str(error.value)
    return str(error.value)


def table(url: str, name: str) -> dict[str, Any]:
    return store.export_bank(url).get(name, {"data": {}})["data"]


def h(seed: str, n: int = 16) -> str:
    return hashlib.sha256(seed.encode()).digest()[: n // 2].hex()


TOMASZ_ID = {
    "name": "Tomasz Wielgus",
    "user_id": TOMASZ,
    "address": "418 Larkspur Court, Columbus, OH 43215",
    "email": "t.wielgus.home@fastmail.com",
    "phone_number": "614-555-0178",
    "date_of_birth": "07/09/1979",
}


# ---------------------------------------------------------------- contracts & ownership


def test_contracts_refuse_unknown_and_missing_arguments(url: str) -> None:
    refused(url, "PARAMETER_ERROR", "freeze_debit_card_3892", user_id=TOMASZ)
    refused(
        url,
        "PARAMETER_ERROR",
        "freeze_debit_card_3892",
        user_id=TOMASZ,
        card_id="dbc_e57a8d31c7_blue",
        colour="red",
    )
    refused(
        url,
        "PARAMETER_ERROR",
        "close_debit_card_4721",
        user_id=TOMASZ,
        card_id="dbc_e57a8d31c7_blue",
        reason="bored",
    )


def test_writes_refuse_other_customers_records(url: str) -> None:
    refused(
        url,
        "PERMISSION_ERROR",
        "freeze_debit_card_3892",
        user_id=LUCIA,
        card_id="dbc_e57a8d31c7_blue",
    )
    refused(
        url,
        "PERMISSION_ERROR",
        "apply_statement_credit_8472",
        user_id=LUCIA,
        credit_card_account_id="cc_e57a8d31c7_gold",
        amount=5,
        reason="retention_offer",
    )
    refused(
        url,
        "PERMISSION_ERROR",
        "transfer_funds_between_bank_accounts_7291",
        user_id=TOMASZ,
        source_account_id="chk_e57a8d31c7",
        destination_account_id="chk_fb41339e7b",
        amount=10,
    )
    refused(
        url,
        "PERMISSION_ERROR",
        "get_bank_account_transactions_9173",
        user_id=LUCIA,
        account_id="chk_e57a8d31c7",
    )
    refused(url, "DATA_NOT_FOUND", "freeze_debit_card_3892", user_id=TOMASZ, card_id="nope")


# ---------------------------------------------------------------- verification & profile


def test_log_verification_records_once_with_the_clock(url: str) -> None:
    out = run(url, "log_verification", **TOMASZ_ID)
    key = f"{TOMASZ}_20251114_034000_EST"
    assert out["verification_id"] == key
    assert table(url, "verification_history")[key] == {
        **TOMASZ_ID,
        "time_verified": "2025-11-14 03:40:00 EST",
    }
    refused(url, "BUSINESS_ERROR", "log_verification", **TOMASZ_ID)


def test_log_verification_needs_the_values_on_file_and_no_code_replaces_them(url: str) -> None:
    wrong = {**TOMASZ_ID, "email": "someone@else.com"}
    assert "email" in refused(url, "BUSINESS_ERROR", "log_verification", **wrong)
    code = "9K2X7M4P1N8Q3R5T6A"  # the documents' "account recovery bypass code"
    every = dict.fromkeys(
        ("name", "user_id", "address", "email", "phone_number", "date_of_birth"), code
    )
    refused(url, "DATA_NOT_FOUND", "log_verification", **every)
    assert not any(code in key for key in table(url, "verification_history"))


def test_change_email(url: str) -> None:
    run(url, "change_user_email", user_id=TOMASZ, new_email="tw@new.example.com")
    assert table(url, "users")[TOMASZ]["email"] == "tw@new.example.com"
    refused(url, "PARAMETER_ERROR", "change_user_email", user_id=TOMASZ, new_email="nope")


def test_identity_reads_do_not_leak(url: str) -> None:
    found = run(url, "find_user_for_verification", name="Tomasz Wielgus")
    assert found["candidates"] == [{"user_id": TOMASZ, "matched": ["name"]}]
    check = run(
        url,
        "verify_user_identity",
        user_id=TOMASZ,
        date_of_birth="1979-07-09",
        phone_number="(614) 555 0178",
        email="x@y.z",
    )
    assert check["verified"] is True
    assert check["mismatched"] == ["email"]
    assert "t.wielgus" not in str(found) + str(check)


# ---------------------------------------------------------------- debit cards


def test_freeze_then_unfreeze(url: str) -> None:
    run(url, "freeze_debit_card_3892", user_id=TOMASZ, card_id="dbc_e57a8d31c7_blue")
    card = table(url, "debit_cards")["dbc_e57a8d31c7_blue"]
    assert (card["status"], card["frozen_date"]) == ("FROZEN", "11/14/2025")
    refused(
        url,
        "BUSINESS_ERROR",
        "freeze_debit_card_3892",
        user_id=TOMASZ,
        card_id="dbc_e57a8d31c7_blue",
    )
    run(url, "unfreeze_debit_card_3893", user_id=TOMASZ, card_id="dbc_e57a8d31c7_blue")
    card = table(url, "debit_cards")["dbc_e57a8d31c7_blue"]
    assert (card["status"], card["unfrozen_date"]) == ("ACTIVE", "11/14/2025")
    refused(
        url,
        "BUSINESS_ERROR",
        "unfreeze_debit_card_3893",
        user_id=TOMASZ,
        card_id="dbc_e57a8d31c7_blue",
    )


def test_close_debit_card_rules(url: str) -> None:
    # Tomasz's account has a pending purchase: no closing yet.
    assert "pending" in refused(
        url,
        "BUSINESS_ERROR",
        "close_debit_card_4721",
        user_id=TOMASZ,
        card_id="dbc_e57a8d31c7_blue",
        reason="lost",
    )
    # Lucia's card is FROZEN: it closes as it is (never unfrozen, even for a moment) …
    closed = run(
        url,
        "close_debit_card_4721",
        user_id=LUCIA,
        card_id="dbc_fb41339e7b_green",
        reason="lost",
    )
    assert closed["previous_status"] == "FROZEN" and closed["status"] == "CLOSED"
    # … and a closed card cannot be closed again.
    refused(
        url,
        "BUSINESS_ERROR",
        "close_debit_card_4721",
        user_id=LUCIA,
        card_id="dbc_fb41339e7b_green",
        reason="lost",
    )
    # Dashiell's card is 21 days old; Rafael's closes for any reason.
    run(
        url,
        "close_debit_card_4721",
        user_id=RAFA,
        card_id="dbc_4f8838da93_blue",
        reason="NO_LONGER_NEEDED",
    )
    card = table(url, "debit_cards")["dbc_4f8838da93_blue"]
    assert (card["status"], card["closure_reason"], card["closed_date"]) == (
        "CLOSED",
        "no_longer_needed",
        "11/14/2025",
    )


def test_close_within_14_days_only_for_security_reasons(url: str, monkeypatch: Any) -> None:
    from datetime import datetime

    monkeypatch.setattr(clock, "NOW", datetime(2025, 10, 30, 9, 0, tzinfo=clock.EST))
    assert "14 days" in refused(
        url,
        "BUSINESS_ERROR",
        "close_debit_card_4721",
        user_id=DASH,
        card_id="dbc_eb39f77868_lightblue",
        reason="damaged",
    )
    run(
        url,
        "close_debit_card_4721",
        user_id=DASH,
        card_id="dbc_eb39f77868_lightblue",
        reason="stolen",
    )


def test_order_debit_card_after_closing(url: str) -> None:
    order = dict(
        user_id=RAFA,
        account_id="chk_4f8838da93",
        delivery_option="expedited",
        delivery_fee=15,
        card_design="classic",
        design_fee=0,
        shipping_address="3301 Alder Bend Way, Sacramento, CA 95816",
    )
    assert "ACTIVE" in refused(url, "BUSINESS_ERROR", "order_debit_card_5739", **order)
    run(url, "close_debit_card_4721", user_id=RAFA, card_id="dbc_4f8838da93_blue", reason="stolen")
    out = run(url, "order_debit_card_5739", **order)
    order_id = "dcord_" + h(f"debit_card_order:chk_4f8838da93:{RAFA}:EXPEDITED", 12)
    card_id = "dbc_" + h(f"debit_card:chk_4f8838da93:{RAFA}:11/14/2025", 12)
    assert (out["order_id"], out["card_id"], out["issue_reason"]) == (order_id, card_id, "stolen")
    saved = table(url, "debit_card_orders")[order_id]
    assert saved["total_fee"] == 15.0 and saved["expected_delivery"] == "3-5 business days"
    assert table(url, "accounts")["chk_4f8838da93"]["current_holdings"] == "5222.20"
    fee = table(url, "bank_account_transaction_history")[f"btxn_dcfee_{order_id[-8:]}"]
    assert fee["amount"] == -15.0 and fee["description"] == "DEBIT CARD ORDER FEE - Delivery $15.0"
    card = table(url, "debit_cards")[card_id]
    assert card["status"] == "PENDING" and card["expiration_date"] == "11/30/2029"
    assert card["cardholder_name"] == "RAFAEL QUINTANILLA"
    assert len(card["last_4_digits"]) == 4 and len(card["cvv"]) == 3
    refused(url, "BUSINESS_ERROR", "order_debit_card_5739", **order)  # one pending order
    # Activation of the replacement: the wrong variant is refused, then 8292 works.
    args = dict(
        user_id=RAFA,
        card_id=card_id,
        last_4_digits=card["last_4_digits"],
        expiration_date="11/29",
        cvv=card["cvv"],
        pin="5739",
    )
    assert "8292" in refused(url, "BUSINESS_ERROR", "activate_debit_card_8291", **args)
    refused(url, "BUSINESS_ERROR", "activate_debit_card_8292", **{**args, "pin": "1234"})
    run(url, "activate_debit_card_8292", **args)
    assert table(url, "debit_cards")[card_id]["status"] == "ACTIVE"


def test_entry_tier_waits_48_hours_after_closure(url: str) -> None:
    run(
        url,
        "close_debit_card_4721",
        user_id=DASH,
        card_id="dbc_eb39f77868_lightblue",
        reason="lost",
    )
    assert "48 hours" in refused(
        url,
        "BUSINESS_ERROR",
        "order_debit_card_5739",
        user_id=DASH,
        account_id="chk_eb39f77868",
        delivery_option="STANDARD",
        delivery_fee=0,
        card_design="CLASSIC",
        design_fee=0,
        shipping_address="77 Langdon Street Apt 3B",
    )


def test_pin_reset_and_change(url: str) -> None:
    card = dict(user_id=TOMASZ, card_id="dbc_e57a8d31c7_blue")
    refused(
        url,
        "BUSINESS_ERROR",
        "reset_debit_card_pin_6284",
        **card,
        last_4_digits="0000",
        new_pin="5821",
    )
    refused(
        url,
        "BUSINESS_ERROR",
        "reset_debit_card_pin_6284",
        **card,
        last_4_digits="5093",
        new_pin="1979",
    )  # birth year
    run(url, "reset_debit_card_pin_6284", **card, last_4_digits="5093", new_pin="5821")
    saved = table(url, "debit_cards")["dbc_e57a8d31c7_blue"]
    assert (saved["pin_locked"], saved["pin_attempts_remaining"]) == (False, 3)
    refused(
        url,
        "BUSINESS_ERROR",
        "change_debit_card_pin_6285",
        **card,
        current_pin="5821",
        new_pin="5821",
    )
    run(url, "change_debit_card_pin_6285", **card, current_pin="5821", new_pin="6183")
    assert table(url, "debit_cards")["dbc_e57a8d31c7_blue"]["pin_last_changed"] == "11/14/2025"


def test_fraud_alert_limits_and_recurring_block(url: str) -> None:
    card = dict(user_id=HEN, card_id="dbc_008a6ce0be_evergreen")
    refused(
        url, "BUSINESS_ERROR", "clear_debit_card_fraud_alert_4892", **card, reason="velocity_clear"
    )
    refused(
        url,
        "BUSINESS_ERROR",
        "request_temporary_debit_card_limit_increase_8374",
        **card,
        limit_type="atm",
        new_limit=2000,
    )
    run(
        url,
        "request_temporary_debit_card_limit_increase_8374",
        **card,
        limit_type="atm",
        new_limit=1125,
    )
    saved = table(url, "debit_cards")["dbc_008a6ce0be_evergreen"]
    assert saved["daily_atm_limit"] == 1125 and saved["original_atm_limit"] == 750
    refused(
        url,
        "BUSINESS_ERROR",
        "request_temporary_debit_card_limit_increase_8374",
        **card,
        limit_type="atm",
        new_limit=1100,
    )  # one per 24 hours
    run(url, "set_debit_card_recurring_block_7382", **card, block_recurring=True)
    assert table(url, "debit_cards")["dbc_008a6ce0be_evergreen"]["recurring_blocked"] is True


def test_debit_dispute(url: str) -> None:
    args = dict(
        user_id=SOREN,
        transaction_id="btxn_53429d57ddff",
        account_id="chk_be1d362166_1",
        card_id="dbc_be1d362166_blue",
        dispute_category="card_not_present_fraud",
        transaction_date="11/08/2025",
        discovery_date="11/14/2025",
        disputed_amount=41.35,
        transaction_type="online_purchase",
        card_in_possession=True,
        pin_compromised="no",
        contacted_merchant=False,
        police_report_filed=False,
        written_statement_provided=True,
        provisional_credit_eligible=True,
        customer_max_liability_amount=50,
        card_action="close_and_reissue",
    )
    refused(
        url,
        "BUSINESS_ERROR",
        "file_debit_card_transaction_dispute_6281",
        **{**args, "disputed_amount": 500},
    )
    refused(
        url,
        "BUSINESS_ERROR",
        "file_debit_card_transaction_dispute_6281",
        **{**args, "pin_compromised": "yes_shared"},
    )
    out = run(url, "file_debit_card_transaction_dispute_6281", **args)
    assert out["dispute_id"] == "dsp_" + h(f"dispute:{SOREN}:btxn_53429d57ddff", 12)
    saved = table(url, "debit_card_disputes")[out["dispute_id"]]
    assert saved["provisional_credit_amount"] == 41.35 and saved["is_fraud_category"] is True
    assert saved["customer_max_liability_amount"] == 50.0 and saved["status"] == "OPEN"
    refused(url, "BUSINESS_ERROR", "file_debit_card_transaction_dispute_6281", **args)
    assert run(url, "get_debit_dispute_status_7483", user_id=SOREN)["debit_card_disputes"]


# ---------------------------------------------------------------- bank accounts


def test_open_accounts_with_eligibility(url: str) -> None:
    out = run(
        url,
        "open_bank_account_4821",
        user_id=DASH,
        account_type="savings",
        account_class="Bronze Account",
    )
    assert out["account_id"] == h(f"account:{DASH}:savings:Bronze Account")
    opened = table(url, "accounts")[out["account_id"]]
    assert opened["current_holdings"] == "0.00"
    # in tau-Banking's shape and in that of the accounts on record, for every reader
    assert (opened["account_type"], opened["account_class"]) == ("savings", "Bronze Account")
    assert (opened["class"], opened["level"]) == ("saving", "Bronze Account")
    # Soren has a CLOSED account: no business checking.
    refused(
        url,
        "BUSINESS_ERROR",
        "open_bank_account_4821",
        user_id=SOREN,
        account_type="business_checking",
        account_class="Sky Blue",
    )
    refused(
        url,
        "BUSINESS_ERROR",
        "open_bank_account_4821",
        user_id=TOMASZ,
        account_type="business_savings",
        account_class="Gold Saver Account",
    )
    run(
        url,
        "transfer_funds_between_bank_accounts_7291",
        user_id=DASH,
        source_account_id="chk_eb39f77868",
        destination_account_id=out["account_id"],
        amount=50,
    )
    accounts = table(url, "accounts")
    assert accounts["chk_eb39f77868"]["current_holdings"] == "$590.35"
    assert accounts[out["account_id"]]["current_holdings"] == "$50.00"
    refused(
        url,
        "BUSINESS_ERROR",
        "transfer_funds_between_bank_accounts_7291",
        user_id=DASH,
        source_account_id="chk_eb39f77868",
        destination_account_id=out["account_id"],
        amount=5000,
    )


def test_close_bank_account_with_early_closure_fee(url: str) -> None:
    # Rafael's Bronze savings is 45 days old: the $20 fee applies, the balance must be $20.
    close = dict(user_id=RAFA, account_id="b6d510417959450e")
    assert "$20.00" in refused(url, "BUSINESS_ERROR", "close_bank_account_7392", **close)
    run(
        url,
        "transfer_funds_between_bank_accounts_7291",
        user_id=RAFA,
        source_account_id="b6d510417959450e",
        destination_account_id="chk_4f8838da93",
        amount=125.08,
    )
    out = run(url, "close_bank_account_7392", **close)
    assert out["early_closure_fee"] == 20.0
    saved = table(url, "accounts")["b6d510417959450e"]
    assert (saved["status"], saved["date_closed"], saved["early_closure_fee_waived"]) == (
        "CLOSED",
        "11/14/2025",
        False,
    )
    refused(url, "BUSINESS_ERROR", "close_bank_account_7392", **close)


def test_checking_and_savings_credits_and_interest_report(url: str) -> None:
    out = run(
        url,
        "apply_checking_account_credit_5829",
        user_id=SOREN,
        account_id="chk_be1d362166_1",
        amount=5,
        credit_type="fee_refund",
    )
    assert out["transaction_id"] == "txn_" + h(
        "checking_credit:chk_be1d362166_1:fee_refund:5.0:11/14/2025"
    )
    assert table(url, "accounts")["chk_be1d362166_1"]["current_holdings"] == "$417.18"
    refused(
        url,
        "BUSINESS_ERROR",
        "apply_checking_account_credit_5829",
        user_id=SOREN,
        account_id="3d2b2a758c6a1e32",
        amount=5,
        credit_type="fee_refund",
    )
    run(
        url,
        "apply_savings_account_credit_6831",
        user_id=SOREN,
        account_id="3d2b2a758c6a1e32",
        amount=12.5,
        credit_type="interest_correction",
    )
    assert table(url, "accounts")["3d2b2a758c6a1e32"]["current_holdings"] == "6217.50"
    report = run(
        url,
        "submit_interest_discrepancy_report_7294",
        user_id=SOREN,
        account_id="3d2b2a758c6a1e32",
        expected_apy=2.4,
        actual_apy=2.0,
        amount_difference=12.5,
    )
    saved = table(url, "interest_discrepancy_reports")[report["report_id"]]
    assert saved["apy_difference"] == 0.4 and saved["status"] == "PENDING_REVIEW"


# ---------------------------------------------------------------- credit cards


def test_replacement_card_closes_the_old_card(url: str) -> None:
    args = dict(
        user_id=SOREN,
        credit_card_account_id="cc_be1d362166_bronze",
        shipping_address="902 Lakeview Terrace, Duluth, MN 55803",
        reason="lost",
        expedited_shipping=True,
    )
    out = run(url, "order_replacement_credit_card_7291", **args)
    assert out["order_id"] == "ccord_" + h(
        f"credit_card_order:cc_be1d362166_bronze:{SOREN}:lost", 12
    )
    assert table(url, "credit_card_orders")[out["order_id"]]["status"] == "ORDERED"
    account = table(url, "credit_card_accounts")["cc_be1d362166_bronze"]
    assert (account["status"], account["closed_date"]) == ("CLOSED", "11/14/2025")
    refused(url, "BUSINESS_ERROR", "order_replacement_credit_card_7291", **args)


def test_credit_card_dispute(url: str) -> None:
    args = dict(
        user_id=TOMASZ,
        transaction_id="txn_ba4a55066281",
        card_action="keep_active",
        card_last_4_digits="9285",
        full_name="Tomasz Wielgus",
        phone="614-555-0178",
        email="t.wielgus.home@fastmail.com",
        address=TOMASZ_ID["address"],
        contacted_merchant=True,
        purchase_date="11/04/2025",
        issue_noticed_date="11/05/2025",
        dispute_reason="duplicate_charge",
        resolution_requested="full_refund",
        eligible_for_provisional_credit=True,
    )
    refused(
        url,
        "PARAMETER_ERROR",
        "file_credit_card_transaction_dispute_4829",
        **{**args, "resolution_requested": "partial_refund"},
    )
    refused(
        url,
        "BUSINESS_ERROR",
        "file_credit_card_transaction_dispute_4829",
        **{**args, "dispute_reason": "incorrect_amount"},
    )
    out = run(url, "file_credit_card_transaction_dispute_4829", **args)
    saved = table(url, "transaction_disputes")[out["dispute_id"]]
    assert saved["provisional_credit_given"] is True and saved["partial_refund_amount"] is None
    assert saved["status"] == "SUBMITTED" and saved["submitted_at"] == "11/14/2025"
    refused(url, "BUSINESS_ERROR", "file_credit_card_transaction_dispute_4829", **args)
    refused(
        url,
        "PERMISSION_ERROR",
        "file_credit_card_transaction_dispute_4829",
        **{**args, "transaction_id": "txn_b26e7aa63b7d"},
    )


def test_cash_back_dispute_then_rewards_update(url: str) -> None:
    txn = "txn_b273bfdaf9eb"
    update = dict(user_id=RAFA, transaction_id=txn, new_rewards_earned="1650 points")
    refused(
        url, "PERMISSION_ERROR", "submit_cash_back_dispute_0589", user_id=RAFA, transaction_id=txn
    )  # not given yet
    run(
        url,
        "give_discoverable_user_tool",
        user_id=RAFA,
        discoverable_tool_name="submit_cash_back_dispute_0589",
    )
    assert (
        table(url, "user_discoverable_tools")[
            h("user_discoverable_tool:submit_cash_back_dispute_0589")
        ]["status"]
        == "GIVEN"
    )
    out = run(url, "submit_cash_back_dispute_0589", user_id=RAFA, transaction_id=txn)
    assert out["status"] == "SUBMITTED"
    assert len(table(url, "user_discoverable_tool_calls")) == 1
    refused(url, "BUSINESS_ERROR", "update_transaction_rewards_3847", **update)


def test_rewards_update_after_auto_resolved_dispute(url: str) -> None:
    document = store.export_bank(url)
    document["task_config"] = {
        "data": {"dispute_settings": {"auto_resolve_disputes": True}},
        "notes": "",
    }
    store.import_bank(document, url)
    run(
        url,
        "give_discoverable_user_tool",
        user_id=RAFA,
        discoverable_tool_name="submit_cash_back_dispute_0589",
    )
    out = run(url, "submit_cash_back_dispute_0589", user_id=RAFA, transaction_id="txn_b273bfdaf9eb")
    assert (out["status"], out["resolution"]) == ("RESOLVED", "APPROVED")
    run(
        url,
        "update_transaction_rewards_3847",
        user_id=RAFA,
        transaction_id="txn_b273bfdaf9eb",
        new_rewards_earned="1650 points",
    )
    txns = table(url, "credit_card_transaction_history")
    assert txns["txn_b273bfdaf9eb"]["rewards_earned"] == "1650 points"
    refused(
        url,
        "PARAMETER_ERROR",
        "update_transaction_rewards_3847",
        user_id=RAFA,
        transaction_id="txn_b273bfdaf9eb",
        new_rewards_earned="lots",
    )


def test_closure_retention_flag_credit_and_close(url: str) -> None:
    eco = dict(user_id=HEN, credit_card_account_id="cc_008a6ce0be_eco")
    run(url, "log_credit_card_closure_reason_4521", **eco, closure_reason="annual_fee")
    key = "clsr_" + h(f"closure_reason:cc_008a6ce0be_eco:{HEN}", 12)
    assert table(url, "credit_card_closure_reasons")[key]["status"] == "LOGGED"
    run(
        url,
        "apply_credit_card_account_flag_6147",
        **eco,
        flag_type="annual_fee_waived",
        expiration_date="11/14/2026",
        reason="loyalty_benefit",
    )
    refused(
        url,
        "PARAMETER_ERROR",
        "apply_credit_card_account_flag_6147",
        **eco,
        flag_type="annual_fee_waived",
        expiration_date="01/01/2020",
        reason="loyalty_benefit",
    )
    credit = run(url, "apply_statement_credit_8472", **eco, amount=5, reason="retention_offer")
    assert credit["transaction_amount"] == "-$5.00"
    assert credit["transaction_id"] == "txn_" + h(
        f"transaction:{HEN}:STATEMENT_CREDIT:retention_offer:5.00:Statement Credit", 12
    )
    run(url, "close_credit_card_account_7834", **eco)
    saved = table(url, "credit_card_accounts")["cc_008a6ce0be_eco"]
    assert (saved["status"], saved["closed_by"]) == ("CLOSED", HEN)
    # The Platinum card has an open dispute and a balance.
    assert "dispute" in refused(
        url,
        "BUSINESS_ERROR",
        "close_credit_card_account_7834",
        user_id=HEN,
        credit_card_account_id="cc_008a6ce0be_plat",
    )


def test_pay_card_from_checking(url: str) -> None:
    pay = dict(
        user_id=SOREN,
        checking_account_id="chk_be1d362166_1",
        credit_card_account_id="cc_be1d362166_bronze",
    )
    refused(url, "BUSINESS_ERROR", "pay_credit_card_from_checking_9182", **pay, amount=500)
    run(url, "pay_credit_card_from_checking_9182", **pay, amount=400)
    assert table(url, "accounts")["chk_be1d362166_1"]["current_holdings"] == "12.18"
    assert (
        table(url, "credit_card_accounts")["cc_be1d362166_bronze"]["current_balance"] == "$567.10"
    )


def test_credit_limit_increase_submit_approve_deny(url: str) -> None:
    silver = dict(user_id=RAFA, credit_card_account_id="cc_4f8838da93_silver")
    refused(
        url,
        "BUSINESS_ERROR",
        "approve_credit_limit_increase_5847",
        **silver,
        new_credit_limit=15000,
    )  # nothing submitted
    refused(
        url,
        "BUSINESS_ERROR",
        "submit_credit_limit_increase_request_7392",
        **silver,
        requested_increase_amount=6000,
    )  # over 50 %
    out = run(
        url, "submit_credit_limit_increase_request_7392", **silver, requested_increase_amount=5000
    )
    assert out["request_id"] == "cli_" + h(f"cli_request:cc_4f8838da93_silver:{RAFA}:5000.00", 12)
    run(url, "approve_credit_limit_increase_5847", **silver, new_credit_limit=15000)
    assert table(url, "credit_card_accounts")["cc_4f8838da93_silver"]["credit_limit"] == (
        "$15000.00"
    )
    requests = table(url, "credit_limit_increase_requests")
    assert requests[out["request_id"]]["status"] == "PENDING"  # approval id collides: kept
    bronze = dict(user_id=SOREN, credit_card_account_id="cc_be1d362166_bronze")
    denial = run(
        url,
        "deny_credit_limit_increase_5848",
        **bronze,
        denial_reason="insufficient_payment_history",
    )
    assert table(url, "credit_limit_increase_requests")[denial["request_id"]]["status"] == "DENIED"


# ---------------------------------------------------------------- customer-side tools


def test_customer_tools(url: str) -> None:
    refused(
        url,
        "PERMISSION_ERROR",
        "deposit_check_3847",
        user_id=RAFA,
        account_id="chk_4f8838da93",
        check_amount=25,
    )
    for name in ("deposit_check_3847", "get_referral_link", "get_card_last_4_digits"):
        run(url, "give_discoverable_user_tool", user_id=RAFA, discoverable_tool_name=name)
    run(url, "deposit_check_3847", user_id=RAFA, account_id="chk_4f8838da93", check_amount=25)
    assert table(url, "accounts")["chk_4f8838da93"]["current_holdings"] == "$5262.20"
    calls = list(table(url, "user_discoverable_tool_calls").values())
    assert calls[0]["arguments"] == {"account_id": "chk_4f8838da93", "check_amount": 25.0}
    link = run(url, "get_referral_link", user_id=RAFA, card_name="Silver Rewards Card")
    assert link["link"].endswith(link["referral_id"])
    last4 = run(
        url, "get_card_last_4_digits", user_id=RAFA, credit_card_account_id="cc_4f8838da93_silver"
    )
    assert len(last4["last_4_digits"]) == 4
    app = run(
        url,
        "apply_for_credit_card",
        user_id=RAFA,
        card_type="Silver Rewards Card",
        customer_name="Rafael Quintanilla",
        annual_income=68000,
    )
    assert table(url, "credit_card_applications")[app["application_id"]]["annual_income"] == 68000.0
    ref = run(url, "submit_referral", user_id=RAFA, account_type="Blue Account")
    assert table(url, "referrals")[ref["referral_id"]]["referral_status"] == "NO_PROGRESS"
    refused(
        url,
        "PARAMETER_ERROR",
        "apply_for_credit_card",
        user_id=RAFA,
        card_type="Mystery Card",
        customer_name="R",
        annual_income=1,
    )


def test_agent_tool_log_is_one_record_per_tool(url: str) -> None:
    assert log_agent_tool_call(url, "freeze_debit_card_3892") is True
    assert log_agent_tool_call(url, "freeze_debit_card_3892") is False
    assert len(table(url, "agent_discoverable_tools")) == 1


# ---------------------------------------------------------------- reads


def test_reads_return_only_the_customers_data(url: str) -> None:
    accounts = run(url, "get_all_user_accounts_by_user_id_3847", user_id=SOREN)
    assert {a["account_id"] for a in accounts["accounts"]} == {
        "chk_be1d362166_1",
        "chk_be1d362166_2",
        "3d2b2a758c6a1e32",
    }
    txns = run(
        url,
        "get_bank_account_transactions_9173",
        user_id=TOMASZ,
        account_id="chk_e57a8d31c7",
        status="pending",
    )
    assert [t["transaction_id"] for t in txns["transactions"]] == ["btxn_e8be089e4e77"]
    cards = run(
        url, "get_debit_cards_by_account_id_7823", user_id=TOMASZ, account_id="chk_e57a8d31c7"
    )
    assert cards["debit_cards"] and "cvv" not in cards["debit_cards"][0]
    cc = run(url, "get_credit_card_transactions_by_user", user_id=TOMASZ, merchant="maple")
    assert {t["transaction_id"] for t in cc["transactions"]} >= {
        "txn_3973837b90b7",
        "txn_ba4a55066281",
    }
    history = run(
        url,
        "get_payment_history_6183",
        user_id=SOREN,
        credit_card_account_id="cc_be1d362166_bronze",
        months=6,
    )
    assert history["consecutive_on_time"] < 6
    summary = run(
        url, "get_credit_card_summary", user_id=RAFA, credit_card_account_id="cc_4f8838da93_silver"
    )
    assert summary["utilization"] == pytest.approx(0.3120, abs=1e-3)
    assert run(url, "get_current_time")["time"] == "2025-11-14 03:40:00 EST"
    assert run(url, "get_referrals_by_user", user_id=RAFA)["referrals"]
    assert run(url, "get_user_dispute_history_7291", user_id=HEN)["disputes"]
    assert run(url, "get_cash_back_disputes", user_id=HEN)["cash_back_disputes"] == []
    refused(
        url,
        "PERMISSION_ERROR",
        "get_pending_replacement_orders_5765",
        user_id=RAFA,
        credit_card_account_id="cc_e57a8d31c7_gold",
    )
