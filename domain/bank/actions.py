"""The bank's write tools, registered under the names the bank's procedures give them.

The functions live in :mod:`~keel.domain.bank.account_actions`,
:mod:`~keel.domain.bank.debit_actions`, :mod:`~keel.domain.bank.card_actions` and
:mod:`~keel.domain.bank.customer_actions`; their argument contracts in
:mod:`~keel.domain.bank.contracts`. The clock is :data:`keel.domain.bank.clock.NOW`.
"""

from __future__ import annotations

from datetime import datetime

from keel.domain.bank import account_actions as acc
from keel.domain.bank import card_actions as cc
from keel.domain.bank import clock
from keel.domain.bank import contracts as c
from keel.domain.bank import customer_actions as cust
from keel.domain.bank import debit_actions as dc
from keel.domain.bank.common import add_row, hex_id
from keel.domain.bank.models import AgentDiscoverableTool
from keel.persistence.db import session_scope
from keel.tools.registry import Contract, RegisteredTool, ToolFunction, ToolSpec

NOW: datetime = clock.NOW  # the bank's fixed clock (override clock.NOW in tests)


def _write(name: str, contract: type[Contract], run: ToolFunction) -> RegisteredTool:
    doc = (run.__doc__ or name).strip().splitlines()[0]
    spec = ToolSpec(
        name=name, category="action", access="write", args_model=contract, description=doc
    )
    return RegisteredTool(spec=spec, run=run)


def log_agent_tool_call(database_url: str, tool_name: str) -> bool:
    """Record that the agent called a discoverable tool (one record per tool name).

    The bank's evaluation logs ``agent_discoverable_tools`` for every call of a
    state-changing discoverable tool; the engine calls this when it wants that log.
    Returns whether a record was added.
    """
    with session_scope(database_url) as session:
        key = hex_id(f"agent_discoverable_tool:{tool_name}")
        record = {"tool_name": tool_name, "status": "CALLED"}
        return add_row(session, AgentDiscoverableTool, key, record) is not None


CUSTOMER_TOOL_NAMES = (
    "submit_cash_back_dispute_0589",
    "get_referral_link",
    "get_card_last_4_digits",
    "deposit_check_3847",
    "apply_for_credit_card",
    "submit_referral",
)

WRITE_TOOLS: list[RegisteredTool] = [
    _write("log_verification", c.LogVerificationArgs, acc.log_verification),
    _write("change_user_email", c.ChangeEmailArgs, acc.change_user_email),
    _write("open_bank_account_4821", c.OpenAccountArgs, acc.open_bank_account),
    _write("close_bank_account_7392", c.CloseAccountArgs, acc.close_bank_account),
    _write("transfer_funds_between_bank_accounts_7291", c.TransferArgs, acc.transfer_funds),
    _write("apply_checking_account_credit_5829", c.CheckingCreditArgs, acc.apply_checking_credit),
    _write("apply_savings_account_credit_6831", c.SavingsCreditArgs, acc.apply_savings_credit),
    _write(
        "submit_interest_discrepancy_report_7294", c.InterestReportArgs, acc.submit_interest_report
    ),
    _write("file_debit_card_transaction_dispute_6281", c.DebitDisputeArgs, acc.file_debit_dispute),
    _write("freeze_debit_card_3892", c.CardArgs, dc.freeze_debit_card),
    _write("unfreeze_debit_card_3893", c.CardArgs, dc.unfreeze_debit_card),
    _write("close_debit_card_4721", c.CloseDebitCardArgs, dc.close_debit_card),
    _write("order_debit_card_5739", c.OrderDebitCardArgs, dc.order_debit_card),
    _write("activate_debit_card_8291", c.ActivateDebitCardArgs, dc.activate_new_card),
    _write("activate_debit_card_8292", c.ActivateDebitCardArgs, dc.activate_replacement_card),
    _write("activate_debit_card_8293", c.ActivateDebitCardArgs, dc.activate_reissued_card),
    _write("reset_debit_card_pin_6284", c.ResetPinArgs, dc.reset_pin),
    _write("change_debit_card_pin_6285", c.ChangePinArgs, dc.change_pin),
    _write("clear_debit_card_fraud_alert_4892", c.ClearAlertArgs, dc.clear_fraud_alert),
    _write(
        "request_temporary_debit_card_limit_increase_8374",
        c.TemporaryLimitArgs,
        dc.temporary_limit_increase,
    ),
    _write("set_debit_card_recurring_block_7382", c.RecurringBlockArgs, dc.set_recurring_block),
    _write(
        "order_replacement_credit_card_7291", c.ReplaceCreditCardArgs, cc.order_replacement_card
    ),
    _write(
        "file_credit_card_transaction_dispute_4829", c.CreditDisputeArgs, cc.file_credit_dispute
    ),
    _write("update_transaction_rewards_3847", c.RewardsUpdateArgs, cc.update_rewards),
    _write("apply_statement_credit_8472", c.StatementCreditArgs, cc.apply_statement_credit),
    _write("log_credit_card_closure_reason_4521", c.ClosureReasonArgs, cc.log_closure_reason),
    _write("apply_credit_card_account_flag_6147", c.AccountFlagArgs, cc.apply_account_flag),
    _write("close_credit_card_account_7834", c.CreditCardAccountArgs, cc.close_credit_card),
    _write("pay_credit_card_from_checking_9182", c.PayCardArgs, cc.pay_card_from_checking),
    _write(
        "submit_credit_limit_increase_request_7392", c.LimitRequestArgs, cc.submit_limit_request
    ),
    _write("approve_credit_limit_increase_5847", c.LimitApproveArgs, cc.approve_limit_increase),
    _write("deny_credit_limit_increase_5848", c.LimitDenyArgs, cc.deny_limit_increase),
    _write("give_discoverable_user_tool", c.GiveToolArgs, cust.give_user_tool),
    _write("submit_cash_back_dispute_0589", c.CashBackDisputeArgs, cust.submit_cash_back_dispute),
    _write("get_referral_link", c.ReferralLinkArgs, cust.get_referral_link),
    _write("get_card_last_4_digits", c.CardLast4Args, cust.get_card_last_4_digits),
    _write("deposit_check_3847", c.DepositCheckArgs, cust.deposit_check),
    _write("apply_for_credit_card", c.ApplyCardArgs, cust.apply_for_credit_card),
    _write("submit_referral", c.SubmitReferralArgs, cust.submit_referral),
]
