"""The bank's read tools: what the procedures need to decide, as plain dicts.

Every read names the acting customer (``user_id``) and returns only that customer's
records (a record of another customer is refused with PERMISSION_ERROR). Identity
lookups for verification never return stored values: they say which given details match.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field
from sqlalchemy import select

from keel.domain.bank import clock
from keel.domain.bank.common import (
    get_row,
    owned_row,
    parse_money,
    rows_where,
)
from keel.domain.bank.customer_actions import card_last_4
from keel.domain.bank.models import (
    Account,
    BankTransaction,
    CashBackDispute,
    CreditCardAccount,
    CreditCardClosureReason,
    CreditCardOrder,
    CreditCardTransaction,
    CreditLimitIncreaseRequest,
    DebitCard,
    DebitCardDispute,
    Payment,
    Referral,
    TransactionDispute,
    User,
    Verification,
)
from keel.persistence.db import session_scope
from keel.safety import patterns as rx
from keel.tools.registry import (
    Contract,
    RegisteredTool,
    ToolCategory,
    ToolContext,
    ToolError,
    ToolFunction,
    ToolSpec,
)

UserId = Annotated[str, Field(min_length=1, description="The acting customer's id.")]
Date = Annotated[str, Field(pattern=r"^\d{2}/\d{2}/\d{4}$", description="MM/DD/YYYY.")]
IDENTITY = ("date_of_birth", "email", "phone_number", "address")
CARD_SECRETS = ("cvv",)


class UserArgs(Contract):
    """Arguments naming only the customer."""

    user_id: UserId


class FindUserArgs(Contract):
    """Identity details a caller gave (any of them; at least one)."""

    name: str | None = None
    email: str | None = None
    phone_number: str | None = None
    date_of_birth: str | None = None
    address: str | None = None


class VerifyArgs(Contract):
    """A candidate customer and the identity details the caller gave."""

    user_id: UserId
    email: str | None = None
    phone_number: str | None = None
    date_of_birth: str | None = None
    address: str | None = None


class AccountArgs(Contract):
    """A bank account of the customer."""

    user_id: UserId
    account_id: str = Field(min_length=1)


class BankTransactionArgs(AccountArgs):
    """A bank account's transactions with optional filters."""

    status: Literal["posted", "pending"] | None = None
    type: str | None = Field(default=None, description="e.g. atm_fee, overdraft_fee.")
    date_from: Date | None = None
    date_to: Date | None = None


class CardTransactionArgs(Contract):
    """The customer's credit card transactions with optional filters."""

    user_id: UserId
    credit_card_account_id: str | None = None
    credit_card_type: str | None = None
    merchant: str | None = Field(default=None, description="Part of the merchant name.")
    category: str | None = None
    date_from: Date | None = None
    date_to: Date | None = None


class CardAccountArgs(Contract):
    """A credit card account of the customer."""

    user_id: UserId
    credit_card_account_id: str = Field(min_length=1)


class PaymentArgs(CardAccountArgs):
    """A card's last ``months`` payments."""

    months: int = Field(default=6, ge=1, le=60)


def _norm(field: str, value: str) -> str:
    text = value.strip().lower()
    if field == "phone_number":
        return rx.sub(r"\D", "", text)[-10:]
    if field == "date_of_birth":
        day = clock.parse_date(value.strip())
        return day.isoformat() if day else text
    return rx.sub(r"[\s,.#]+", " ", text).strip()


def _matches(user: User, given: dict[str, Any]) -> list[str]:
    return [
        f
        for f in IDENTITY
        if given.get(f) and user.get(f) and _norm(f, given[f]) == _norm(f, str(user.get(f)))
    ]


def find_user(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Customers matching given identity details: ids and which details match, no data."""
    given = {k: v for k, v in args.items() if v}
    if not given:
        raise ToolError("PARAMETER_ERROR", "give at least one identity detail")
    with session_scope(ctx.database_url) as session:
        candidates = []
        for user in session.scalars(select(User).order_by(User.row_seq)):
            matched = _matches(user, given)
            if given.get("name") and user.get("name") == given["name"]:
                matched = ["name", *matched]
            if matched:
                candidates.append({"user_id": user.user_id, "matched": matched})
    return {"candidates": candidates[:5], "count": len(candidates)}


def verify_identity(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Whether the caller proved to be ``user_id``: any 2 of DOB, email, phone, address."""
    with session_scope(ctx.database_url) as session:
        user = get_row(session, User, args["user_id"], "user")
        matched = _matches(user, args)
        given = [f for f in IDENTITY if args.get(f)]
    wrong = [f for f in given if f not in matched]
    return {
        "user_id": args["user_id"],
        "matched": matched,
        "mismatched": wrong,
        "verified": len(matched) >= 2,
    }


def get_user(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer's profile (to be read only after verification)."""
    with session_scope(ctx.database_url) as session:
        return get_row(session, User, args["user_id"], "user").to_record()


def get_verifications(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer's logged verifications (to avoid logging twice)."""
    with session_scope(ctx.database_url) as session:
        rows = rows_where(session, Verification, user_id=args["user_id"])
        return {"verifications": [{"verification_id": r.record_key, **r.to_record()} for r in rows]}


def get_accounts(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer's bank accounts and credit card accounts."""
    with session_scope(ctx.database_url) as session:
        accounts = [a.to_record() for a in rows_where(session, Account, user_id=args["user_id"])]
        cards = [
            c.to_record() for c in rows_where(session, CreditCardAccount, user_id=args["user_id"])
        ]
    return {"accounts": accounts, "credit_card_accounts": cards}


def get_credit_card_accounts(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer's credit card accounts."""
    with session_scope(ctx.database_url) as session:
        rows = rows_where(session, CreditCardAccount, user_id=args["user_id"])
        return {"credit_card_accounts": [r.to_record() for r in rows]}


def _in_dates(day: Any, args: dict[str, Any]) -> bool:
    when = clock.parse_date(day)
    start, end = clock.parse_date(args.get("date_from")), clock.parse_date(args.get("date_to"))
    if when is None:
        return start is None and end is None
    return (start is None or when >= start) and (end is None or when <= end)


def get_bank_transactions(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """An account's transactions, most recent first, optionally filtered."""
    with session_scope(ctx.database_url) as session:
        owned_row(session, Account, args["account_id"], args["user_id"], "account")
        rows = [
            r.to_record()
            for r in rows_where(session, BankTransaction, account_id=args["account_id"])
        ]
    rows = [
        r
        for r in rows
        if (not args.get("status") or r.get("status") == args["status"])
        and (not args.get("type") or r.get("type") == args["type"])
        and _in_dates(r.get("date"), args)
    ]
    rows.sort(key=lambda r: clock.parse_date(r.get("date")) or clock.today(), reverse=True)
    return {"account_id": args["account_id"], "transactions": rows, "count": len(rows)}


def get_debit_cards(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The debit cards of a checking account, newest first (no CVV)."""
    with session_scope(ctx.database_url) as session:
        owned_row(session, Account, args["account_id"], args["user_id"], "account")
        cards = rows_where(session, DebitCard, account_id=args["account_id"])
        records = [{k: v for k, v in c.to_record().items() if k not in CARD_SECRETS} for c in cards]
    records.sort(key=lambda r: clock.parse_date(r.get("issue_date")) or clock.today(), reverse=True)
    return {"account_id": args["account_id"], "debit_cards": records}


def get_card_transactions(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The customer's credit card transactions, optionally filtered."""
    with session_scope(ctx.database_url) as session:
        rows = [
            r.to_record()
            for r in rows_where(session, CreditCardTransaction, user_id=args["user_id"])
        ]
        account = args.get("credit_card_account_id")
        kind = args.get("credit_card_type")
        if account:
            owned = owned_row(
                session, CreditCardAccount, account, args["user_id"], "credit card account"
            )
            kind = kind or owned.get("card_type")
    merchant = (args.get("merchant") or "").lower()
    rows = [
        r
        for r in rows
        if (
            not kind
            or r.get("credit_card_type") == kind
            or (account and r.get("credit_card_account_id") == account)
        )
        and (not account or r.get("credit_card_account_id") in (None, account))
        and merchant in str(r.get("merchant_name", "")).lower()
        and (not args.get("category") or r.get("category") == args["category"])
        and _in_dates(r.get("transaction_date"), args)
    ]
    return {"transactions": rows, "count": len(rows)}


def _user_records(model: Any, field: str, key: str) -> ToolFunction:
    def run(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        with session_scope(ctx.database_url) as session:
            rows = rows_where(session, model, **{field: args["user_id"]})
            return {key: [r.to_record() for r in rows]}

    return run


def _account_records(model: Any, key: str) -> ToolFunction:
    def run(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        account_id = args["credit_card_account_id"]
        with session_scope(ctx.database_url) as session:
            owned_row(
                session, CreditCardAccount, account_id, args["user_id"], "credit card account"
            )
            rows = rows_where(session, model, credit_card_account_id=account_id)
            return {"credit_card_account_id": account_id, key: [r.to_record() for r in rows]}

    return run


def get_payment_history(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """A card's last ``months`` payments, newest first, and the on-time streak."""
    account_id = args["credit_card_account_id"]
    with session_scope(ctx.database_url) as session:
        owned_row(session, CreditCardAccount, account_id, args["user_id"], "credit card account")
        rows = [
            r.to_record() for r in rows_where(session, Payment, credit_card_account_id=account_id)
        ]
    rows.sort(key=lambda r: clock.parse_date(r.get("payment_date")) or clock.today(), reverse=True)
    recent = rows[: int(args.get("months", 6))]
    streak = 0
    for payment in recent:
        if payment.get("status") != "ON_TIME":
            break
        streak += 1
    return {"payments": recent, "consecutive_on_time": streak}


def get_card_summary(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """A card's balance, limit, utilization, age and last four digits (for CLI and closure)."""
    account_id = args["credit_card_account_id"]
    with session_scope(ctx.database_url) as session:
        card = owned_row(
            session, CreditCardAccount, account_id, args["user_id"], "credit card account"
        )
        record = card.to_record()
    balance, limit = (
        parse_money(record.get("current_balance")),
        parse_money(record.get("credit_limit")),
    )
    return {
        **record,
        "balance": balance,
        "limit": limit or None,
        "utilization": round(balance / limit, 4) if limit else None,
        "age_days": clock.days_since(record.get("date_of_account_open")),
        "last_4_digits": record.get("card_last_4_digits") or card_last_4(account_id),
    }


def get_current_time(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """The bank's current time (its clock is fixed)."""
    return {"time": clock.timestamp_str(), "today": clock.today_str()}


class NoArgs(Contract):
    """No arguments."""


def _read(
    name: str, contract: type[Contract], run: ToolFunction, category: ToolCategory = "sql"
) -> RegisteredTool:
    doc = (run.__doc__ or name).strip().splitlines()[0]
    spec = ToolSpec(
        name=name,
        category=category,
        access="read",
        args_model=contract,
        description=doc,
    )
    return RegisteredTool(spec=spec, run=run)


_disputes = _user_records(TransactionDispute, "user_id", "disputes")
_disputes.__doc__ = "The customer's credit card transaction disputes."
_debit_disputes = _user_records(DebitCardDispute, "user_id", "debit_card_disputes")
_debit_disputes.__doc__ = "The customer's debit card (Regulation E) disputes."
_cash_back = _user_records(CashBackDispute, "user_id", "cash_back_disputes")
_cash_back.__doc__ = "The customer's cash-back (rewards) disputes and their status."
_referrals = _user_records(Referral, "referrer_id", "referrals")
_referrals.__doc__ = "The referrals the customer made."
_orders = _account_records(CreditCardOrder, "orders")
_orders.__doc__ = "The replacement orders of a credit card account (any status)."
_closures = _account_records(CreditCardClosureReason, "closure_reasons")
_closures.__doc__ = "The closure reasons logged for a credit card account."
_cli = _account_records(CreditLimitIncreaseRequest, "requests")
_cli.__doc__ = "The credit limit increase requests, approvals and denials of a card account."

READ_TOOLS: list[RegisteredTool] = [
    _read("get_current_time", NoArgs, get_current_time, "action"),
    _read("find_user_for_verification", FindUserArgs, find_user),
    _read("verify_user_identity", VerifyArgs, verify_identity),
    _read("get_user_information_by_id", UserArgs, get_user),
    _read("get_verification_history", UserArgs, get_verifications),
    _read("get_all_user_accounts_by_user_id_3847", UserArgs, get_accounts),
    _read("get_credit_card_accounts_by_user", UserArgs, get_credit_card_accounts),
    _read("get_bank_account_transactions_9173", BankTransactionArgs, get_bank_transactions),
    _read("get_debit_cards_by_account_id_7823", AccountArgs, get_debit_cards),
    _read("get_credit_card_transactions_by_user", CardTransactionArgs, get_card_transactions),
    _read("get_user_dispute_history_7291", UserArgs, _disputes),
    _read("get_debit_dispute_status_7483", UserArgs, _debit_disputes),
    _read("get_cash_back_disputes", UserArgs, _cash_back),
    _read("get_referrals_by_user", UserArgs, _referrals),
    _read("get_pending_replacement_orders_5765", CardAccountArgs, _orders),
    _read("get_closure_reason_history_8293", CardAccountArgs, _closures),
    _read("get_credit_limit_increase_history_4829", CardAccountArgs, _cli),
    _read("get_payment_history_6183", PaymentArgs, get_payment_history),
    _read("get_credit_card_summary", CardAccountArgs, get_card_summary),
]
