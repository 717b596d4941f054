"""The customer-side tools and the agent's handing-over of them.

Some of the bank's procedures have the *customer* act (submit a cash-back dispute, make a
referral link, look up a card's last digits, deposit a check, apply for a card, refer
someone). The agent first gives the tool (``give_discoverable_user_tool``, recorded in
``user_discoverable_tools``); each call of a given tool is recorded in
``user_discoverable_tool_calls`` (numbers of the arguments as floats, as the bank's
evaluation does). ``apply_for_credit_card`` and ``submit_referral`` need no handing-over.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy.orm import Session

from keel.domain.bank import clock
from keel.domain.bank.common import add_row, get_row, hex_id, is_open, owned_row, parse_money
from keel.domain.bank.models import (
    Account,
    CashBackDispute,
    CreditCardAccount,
    CreditCardApplication,
    CreditCardTransaction,
    Referral,
    TaskConfig,
    User,
    UserDiscoverableTool,
    UserDiscoverableToolCall,
)
from keel.persistence.db import session_scope
from keel.tools.registry import ToolContext, ToolError


def user_tool_key(name: str) -> str:
    """The key of the record of a given customer tool."""
    return hex_id(f"user_discoverable_tool:{name}")


def _floats(value: Any) -> Any:
    """Integers as floats (bools kept), recursively: how the bank stores call arguments."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return float(value)
    if isinstance(value, dict):
        return {k: _floats(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_floats(v) for v in value]
    return value


def give_user_tool(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Give the customer one of the customer-side tools (recorded once per tool)."""
    name = args["discoverable_tool_name"]
    try:
        suggested = json.loads(args.get("arguments") or "{}")
    except json.JSONDecodeError as error:
        raise ToolError("PARAMETER_ERROR", f"arguments is not JSON: {error}") from None
    with session_scope(ctx.database_url) as session:
        get_row(session, User, args["user_id"], "user")
        added = add_row(
            session,
            UserDiscoverableTool,
            user_tool_key(name),
            {"tool_name": name, "status": "GIVEN"},
        )
        return {
            "tool_name": name,
            "status": "GIVEN",
            "already_given": added is None,
            "suggested_arguments": suggested,
        }


def _log_call(session: Session, name: str, arguments: dict[str, Any]) -> None:
    """Require that ``name`` was given; record this call of it."""
    if session.get(UserDiscoverableTool, user_tool_key(name)) is None:
        raise ToolError("PERMISSION_ERROR", f"the tool {name} has not been given to the customer")
    stored = _floats(arguments)
    seed = f"user_discoverable_tool_call:{name}:{json.dumps(stored, sort_keys=True)}"
    record = {
        "tool_name": name,
        "arguments": stored,
        "called_at": clock.today_str(),
        "status": "CALLED",
    }
    add_row(session, UserDiscoverableToolCall, hex_id(seed), record)


def _auto_resolve(session: Session) -> bool:
    settings = session.get(TaskConfig, "dispute_settings")
    return bool(settings and settings.get("auto_resolve_disputes", False))


def submit_cash_back_dispute(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer disputes the rewards one of their transactions earned."""
    user_id, txn_id = args["user_id"], args["transaction_id"]
    with session_scope(ctx.database_url) as session:
        _log_call(
            session, "submit_cash_back_dispute_0589", {"user_id": user_id, "transaction_id": txn_id}
        )
        owned_row(session, CreditCardTransaction, txn_id, user_id, "transaction")
        dispute_id = "dsp_" + hex_id(f"dispute:{user_id}:{txn_id}", 12)
        record = {
            "dispute_id": dispute_id,
            "user_id": user_id,
            "transaction_id": txn_id,
            "submitted_at": clock.today_str(),
            "status": "SUBMITTED",
        }
        if _auto_resolve(session):
            record.update(status="RESOLVED", resolution="APPROVED")
        if add_row(session, CashBackDispute, dispute_id, record) is None:
            raise ToolError("BUSINESS_ERROR", f"the rewards of {txn_id} are already disputed")
        return record


def get_referral_link(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer makes a referral link for a credit card."""
    user_id, card = args["user_id"], args["card_name"]
    with session_scope(ctx.database_url) as session:
        _log_call(session, "get_referral_link", {"user_id": user_id, "card_name": card})
        get_row(session, User, user_id, "user")
        referral_id = hex_id(f"referral_link:{user_id}:{card}")
        record = {
            "referral_id": referral_id,
            "referrer_id": user_id,
            "referred_account_type": card,
            "referral_status": "NO_PROGRESS",
            "date": clock.today_str(),
        }
        if add_row(session, Referral, referral_id, record) is None:
            raise ToolError("BUSINESS_ERROR", "a referral link for this card already exists")
        return {**record, "link": f"https://rhobank.com/refer/{referral_id}"}


def card_last_4(credit_card_account_id: str) -> str:
    """The last four digits of a credit card: the first four decimal digits of its hash."""
    digest = hashlib.sha256(f"card_last4:{credit_card_account_id}".encode()).hexdigest()
    return "".join(c for c in digest if c.isdigit())[:4].ljust(4, "0")


def get_card_last_4_digits(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer looks up the last four digits of their credit card."""
    account_id = args["credit_card_account_id"]
    with session_scope(ctx.database_url) as session:
        _log_call(session, "get_card_last_4_digits", {"credit_card_account_id": account_id})
        owned_row(session, CreditCardAccount, account_id, args["user_id"], "credit card account")
        return {"credit_card_account_id": account_id, "last_4_digits": card_last_4(account_id)}


def deposit_check(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer deposits a check into one of their open accounts."""
    account_id, amount = args["account_id"], float(args["check_amount"])
    with session_scope(ctx.database_url) as session:
        _log_call(session, "deposit_check_3847", {"account_id": account_id, "check_amount": amount})
        account = owned_row(session, Account, account_id, args["user_id"], "account")
        if not is_open(account):
            raise ToolError("BUSINESS_ERROR", f"account {account_id} is not open")
        balance = parse_money(account.get("current_holdings")) + amount
        account.set("current_holdings", f"${balance:.2f}")
        return {"account_id": account_id, "check_amount": amount, "new_balance": f"${balance:.2f}"}


def apply_for_credit_card(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer applies for a credit card (decision by email in 5-7 business days)."""
    card, name = args["card_type"], args["customer_name"]
    income = float(args["annual_income"])
    subscription = bool(args.get("rho_bank_subscription", False))
    with session_scope(ctx.database_url) as session:
        get_row(session, User, args["user_id"], "user")
        app_id = hex_id(f"credit_card:{card}:{name}:{income}:{subscription}")
        record = {
            "application_id": app_id,
            "card_type": card,
            "customer_name": name,
            "annual_income": income,
            "rho_bank_subscription": subscription,
            "status": "PENDING",
            "date": clock.today_str(),
        }
        if add_row(session, CreditCardApplication, app_id, record) is None:
            raise ToolError("BUSINESS_ERROR", "this application was already submitted")
        return record


def submit_referral(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer refers someone to open an account."""
    user_id, product = args["user_id"], args["account_type"]
    with session_scope(ctx.database_url) as session:
        get_row(session, User, user_id, "user")
        referral_id = hex_id(f"referral:{user_id}:{product}")
        record = {
            "referral_id": referral_id,
            "referrer_id": user_id,
            "referred_account_type": product,
            "referral_status": "NO_PROGRESS",
            "date": clock.today_str(),
        }
        if add_row(session, Referral, referral_id, record) is None:
            raise ToolError("BUSINESS_ERROR", "this referral was already submitted")
        return record
