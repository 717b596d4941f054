"""Customer and bank-account writes (verification, email, accounts, credits, disputes).

The verification log, email change, opening and closing accounts, transfers, credits,
interest reports and Regulation E (debit card) disputes.

Each write re-checks its rules inside its transaction and records exactly what the bank's
procedures prescribe (ids, balance formats, dates from :mod:`keel.domain.bank.clock`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from keel.domain.bank import clock
from keel.domain.bank.common import (
    CHECKING_TIERS,
    account_kind,
    account_product,
    add_row,
    get_row,
    hex_id,
    is_open,
    owned_row,
    parse_money,
    rows_where,
)
from keel.domain.bank.models import (
    Account,
    BankTransaction,
    DebitCard,
    DebitCardDispute,
    InterestDiscrepancyReport,
    User,
    Verification,
)
from keel.persistence.db import session_scope
from keel.tools.registry import ToolContext, ToolError

IDENTITY_FIELDS = ("name", "address", "email", "phone_number", "date_of_birth")
# Early-closure fee (dollars) and window (days since opening) by product (procedures §2.12).
EARLY_CLOSURE: dict[str, tuple[int, int]] = {
    "Light Blue Account": (15, 30),
    "Light Green Account": (15, 30),
    "Green Fee-Free Account": (15, 30),
    "Blue Account": (25, 60),
    "Green Account": (25, 60),
    "Evergreen Account": (50, 90),
    "Bluest Account": (100, 180),
}
EARLY_CLOSURE_SAVINGS: dict[str, tuple[int, int]] = {
    "Bronze Account": (20, 60),
    "Silver Account": (35, 90),
    "Silver Plus Account": (35, 90),
    "Gold Account": (75, 180),
    "Gold Plus Account": (75, 180),
    "Gold Years Account": (75, 180),
    "Platinum Account": (150, 270),
    "Platinum Plus Account": (150, 270),
    "Diamond Elite Account": (150, 270),
}
OPEN_DISPUTE_LIMITS = {"ENTRY": 2, "MID": 3, "PREMIUM": 4, "ELITE": 5}
OPEN_DISPUTE_STATUSES = (
    "OPEN",
    "PENDING_DOCUMENTATION",
    "UNDER_REVIEW",
    "PROVISIONAL_CREDIT_ISSUED",
)
FRAUD_CATEGORIES = ("unauthorized_transaction", "card_present_fraud", "card_not_present_fraud")
NO_PROVISIONAL_CATEGORIES = (
    "goods_services_not_received",
    "incorrect_amount",
    "atm_deposit_not_credited",
)


def verification_key(user_id: str, time_verified: str) -> str:
    """The key of a verification record: ``{user_id}_{YYYYMMDD_HHMMSS_TZ}``."""
    return f"{user_id}_{time_verified.replace(' ', '_').replace(':', '').replace('-', '')}"


def _check_identity(session: Session, args: dict[str, Any]) -> None:
    """The logged values must be the customer's record.

    No code stands in for them: the documents' "account recovery bypass code" is not
    proof of who someone is, so a verification is logged only with the details on file.
    """
    user = get_row(session, User, args["user_id"], "user")
    wrong = [f for f in IDENTITY_FIELDS if args[f] != user.get(f)]
    if wrong:
        raise ToolError(
            "BUSINESS_ERROR", f"log the values on file; these differ: {', '.join(wrong)}"
        )


def log_verification(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Record that the customer's identity was verified (once per user and time)."""
    time_verified = args.get("time_verified") or clock.timestamp_str()
    with session_scope(ctx.database_url) as session:
        _check_identity(session, args)
        key = verification_key(args["user_id"], time_verified)
        record = {f: args[f] for f in ("name", "user_id", *IDENTITY_FIELDS[1:])}
        record["time_verified"] = time_verified
        if add_row(session, Verification, key, record) is None:
            raise ToolError("BUSINESS_ERROR", "this verification is already logged")
        return {"verification_id": key, "user_id": args["user_id"], "time_verified": time_verified}


def change_user_email(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Change the email address on the customer's profile."""
    with session_scope(ctx.database_url) as session:
        user = get_row(session, User, args["user_id"], "user")
        if user.get("email") == args["new_email"]:
            raise ToolError("BUSINESS_ERROR", "that email is already on file")
        user.set("email", args["new_email"])
        return {"user_id": user.user_id, "email": args["new_email"]}


def _eligible_checking(accounts: list[Account], days: int, kinds: tuple[str, ...]) -> bool:
    for account in accounts:
        age = clock.days_since(account.get("date_opened"))
        if account_kind(account) in kinds and is_open(account) and (age or 0) >= days:
            return True
    return False


def _check_opening(accounts: list[Account], account_type: str) -> None:
    """The eligibility rules of ``open_bank_account_4821`` (procedures §2.11)."""
    ok = True
    if account_type == "savings":
        ok = _eligible_checking(accounts, 14, ("checking", "personal_checking"))
    elif account_type == "business_checking":
        ok = not any(a.get("status") == "CLOSED" for a in accounts) and _eligible_checking(
            accounts, 0, ("checking", "personal_checking")
        )
    elif account_type == "business_savings":
        ok = all(
            parse_money(a.get("current_holdings")) >= 0 for a in accounts
        ) and _eligible_checking(accounts, 30, ("business_checking",))
    if not ok:
        raise ToolError("BUSINESS_ERROR", "account eligibility requirements not met")


def open_bank_account(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Open a checking or savings account (personal or business) with a $0.00 balance."""
    user_id, kind, product = args["user_id"], args["account_type"], args["account_class"]
    with session_scope(ctx.database_url) as session:
        get_row(session, User, user_id, "user")
        _check_opening(rows_where(session, Account, user_id=user_id), kind)
        account_id = hex_id(f"account:{user_id}:{kind}:{product}")
        record = {
            "account_id": account_id,
            "user_id": user_id,
            "account_type": kind,
            "account_class": product,
            # also in the shape of the accounts on record (class, level), so that every
            # reader of the bank's accounts sees a new one as it sees the others
            "class": "saving" if kind == "savings" else kind,
            "level": product,
            "current_holdings": "0.00",
            "status": "OPEN",
            "date_opened": clock.today_str(),
        }
        if add_row(session, Account, account_id, record) is None:
            raise ToolError("BUSINESS_ERROR", f"the customer already has a {product} ({kind})")
        return record


def early_closure_fee(account: Account) -> float:
    """The early-closure fee closing ``account`` today costs (0 outside its window)."""
    kind, product = account_kind(account), account_product(account)
    table = EARLY_CLOSURE if kind == "checking" else {}
    if kind in ("saving", "savings"):
        table = EARLY_CLOSURE_SAVINGS
    fee, window = table.get(product, (0, 0))
    age = clock.days_since(account.get("date_opened"))
    return float(fee) if age is not None and age < window else 0.0


def close_bank_account(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Close a bank account whose balance is $0.00 (or exactly the early-closure fee)."""
    waive = bool(args.get("waive_early_closure_fee", False))
    reason = args.get("reason", "Customer requested closure")
    with session_scope(ctx.database_url) as session:
        account = owned_row(session, Account, args["account_id"], args["user_id"], "account")
        if account.get("status") == "CLOSED":
            raise ToolError("BUSINESS_ERROR", f"account {account.account_id} is already closed")
        pending = [
            t.transaction_id
            for t in rows_where(session, BankTransaction, account_id=account.account_id)
            if str(t.get("status", "")).lower() == "pending"
        ]
        if pending:
            raise ToolError("BUSINESS_ERROR", f"pending transactions: {', '.join(pending)}")
        balance = parse_money(account.get("current_holdings"))
        fee = 0.0 if waive else early_closure_fee(account)
        if fee and balance < fee:
            raise ToolError("BUSINESS_ERROR", f"the balance must cover the ${fee:.2f} fee")
        if abs(balance - fee) >= 0.005:
            raise ToolError(
                "BUSINESS_ERROR",
                f"the balance ${balance:.2f} must be ${fee:.2f} to close: move the rest first",
            )
        account.set("status", "CLOSED")
        account.set("date_closed", clock.today_str())
        account.set("closure_reason", reason)
        account.set("early_closure_fee_waived", waive)
        return {"account_id": account.account_id, "status": "CLOSED", "early_closure_fee": fee}


def transfer_funds(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Move money between two of the customer's open accounts (free)."""
    user_id, amount = args["user_id"], float(args["amount"])
    if args["source_account_id"] == args["destination_account_id"]:
        raise ToolError("PARAMETER_ERROR", "source and destination must differ")
    with session_scope(ctx.database_url) as session:
        source = owned_row(session, Account, args["source_account_id"], user_id, "account")
        target = owned_row(session, Account, args["destination_account_id"], user_id, "account")
        for account in (source, target):
            if not is_open(account):
                raise ToolError("BUSINESS_ERROR", f"account {account.account_id} is not open")
        balance = parse_money(source.get("current_holdings"))
        if balance < amount:
            raise ToolError("BUSINESS_ERROR", f"insufficient funds: the balance is ${balance:.2f}")
        source.set("current_holdings", f"${balance - amount:.2f}")
        new_target = parse_money(target.get("current_holdings")) + amount
        target.set("current_holdings", f"${new_target:.2f}")
        return {
            "amount": amount,
            "source_balance": f"${balance - amount:.2f}",
            "destination_balance": f"${new_target:.2f}",
        }


CREDIT_DESCRIPTIONS = {
    "rebate_credit": "REBATE CREDIT - CUSTOMER SERVICE",
    "fee_refund": "FEE REFUND - CUSTOMER SERVICE",
    "interest_correction": "INTEREST CORRECTION - CUSTOMER SERVICE",
    "goodwill_credit": "GOODWILL CREDIT - CUSTOMER SERVICE",
}


def _credit(
    ctx: ToolContext, args: dict[str, Any], kinds: tuple[str, ...], dollar_sign: bool
) -> dict[str, Any]:
    amount, credit_type = float(args["amount"]), args["credit_type"]
    prefix = "checking_credit" if "checking" in kinds else "savings_credit"
    with session_scope(ctx.database_url) as session:
        account = owned_row(session, Account, args["account_id"], args["user_id"], "account")
        if str(account.get("class") or "").lower() not in kinds:
            raise ToolError("BUSINESS_ERROR", f"{account.account_id} is not a {kinds[-1]} account")
        if not is_open(account):
            raise ToolError("BUSINESS_ERROR", f"account {account.account_id} is not open")
        balance = parse_money(account.get("current_holdings")) + amount
        account.set("current_holdings", f"${balance:.2f}" if dollar_sign else f"{balance:.2f}")
        today = clock.today_str()
        txn_id = "txn_" + hex_id(f"{prefix}:{account.account_id}:{credit_type}:{amount}:{today}")
        record = {
            "transaction_id": txn_id,
            "account_id": account.account_id,
            "date": today,
            "description": CREDIT_DESCRIPTIONS[credit_type],
            "amount": amount,
            "type": credit_type,
            "status": "posted",
        }
        if add_row(session, BankTransaction, txn_id, record) is None:
            raise ToolError("BUSINESS_ERROR", "this credit was already applied today")
        return {**record, "new_balance": account.get("current_holdings")}


def apply_checking_credit(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Credit a checking account: a missing rebate or a wrongly charged fee."""
    return _credit(ctx, args, ("checking",), dollar_sign=True)


def apply_savings_credit(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Credit a savings account: interest correction, fee refund or goodwill."""
    return _credit(ctx, args, ("saving", "savings"), dollar_sign=False)


def submit_interest_report(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Report interest credited at the wrong APY to the backend team."""
    user_id = args["user_id"]
    expected, actual = float(args["expected_apy"]), float(args["actual_apy"])
    with session_scope(ctx.database_url) as session:
        account = owned_row(session, Account, args["account_id"], user_id, "account")
        today = clock.today_str()
        seed = f"interest_report:{account.account_id}:{user_id}:{expected}:{actual}:{today}"
        report_id = "IDR_" + hex_id(seed)
        record = {
            "report_id": report_id,
            "account_id": account.account_id,
            "user_id": user_id,
            "account_level": account.get("level", "Unknown"),
            "expected_apy": expected,
            "actual_apy": actual,
            "apy_difference": round(expected - actual, 4),
            "amount_difference": float(args["amount_difference"]),
            "submitted_date": today,
            "status": "PENDING_REVIEW",
        }
        if add_row(session, InterestDiscrepancyReport, report_id, record) is None:
            raise ToolError("BUSINESS_ERROR", "this discrepancy was already reported today")
        return record


def _check_debit_dispute(session: Session, args: dict[str, Any]) -> None:
    """Ownership, the transaction, its age and the account's open-dispute limit."""
    user_id = args["user_id"]
    account = owned_row(session, Account, args["account_id"], user_id, "account")
    card = owned_row(session, DebitCard, args["card_id"], user_id, "debit card")
    if card.get("account_id") != account.account_id:
        raise ToolError("PARAMETER_ERROR", "the card is not linked to that account")
    if account.get("status") != "OPEN":
        raise ToolError("BUSINESS_ERROR", f"account {account.account_id} is not open")
    txn = get_row(session, BankTransaction, args["transaction_id"], "transaction")
    if txn.get("account_id") != account.account_id:
        raise ToolError("PERMISSION_ERROR", "the transaction is not on that account")
    amount = abs(parse_money(txn.get("amount")))
    if amount < 1.0 or float(args["disputed_amount"]) > amount + 0.005:
        raise ToolError("BUSINESS_ERROR", f"the disputed amount must be within ${amount:.2f}")
    age = clock.days_since(txn.get("date"))
    if age is not None and age > 60:
        raise ToolError("BUSINESS_ERROR", "transactions older than 60 days cannot be disputed")
    limit = OPEN_DISPUTE_LIMITS.get(CHECKING_TIERS.get(account_product(account), ""))
    open_ = [
        d
        for d in rows_where(session, DebitCardDispute, account_id=account.account_id)
        if d.get("status") in OPEN_DISPUTE_STATUSES
    ]
    if limit is not None and len(open_) >= limit:
        raise ToolError("BUSINESS_ERROR", f"the account has its maximum of {limit} open disputes")


def _check_debit_provisional(args: dict[str, Any]) -> None:
    if not args["provisional_credit_eligible"]:
        return
    if args["pin_compromised"] == "yes_shared":
        raise ToolError("BUSINESS_ERROR", "a voluntarily shared PIN gets no provisional credit")
    if args["dispute_category"] in NO_PROVISIONAL_CATEGORIES:
        raise ToolError("BUSINESS_ERROR", f"{args['dispute_category']} gets no provisional credit")


def file_debit_dispute(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """File a Regulation E dispute of a debit card / bank account transaction."""
    user_id, txn_id = args["user_id"], args["transaction_id"]
    _check_debit_provisional(args)
    with session_scope(ctx.database_url) as session:
        _check_debit_dispute(session, args)
        dispute_id = "dsp_" + hex_id(f"dispute:{user_id}:{txn_id}", 12)
        eligible, amount = args["provisional_credit_eligible"], float(args["disputed_amount"])
        record: dict[str, Any] = {"dispute_id": dispute_id}
        for field in [
            "transaction_id",
            "account_id",
            "card_id",
            "user_id",
            "dispute_category",
            "transaction_date",
            "discovery_date",
            "disputed_amount",
            "transaction_type",
            "card_in_possession",
            "pin_compromised",
            "contacted_merchant",
            "police_report_filed",
            "written_statement_provided",
            "provisional_credit_eligible",
        ]:
            record[field] = args[field]
        record["disputed_amount"] = amount
        record["provisional_credit_issued"] = eligible
        record["provisional_credit_amount"] = amount if eligible else None
        record["customer_max_liability_amount"] = float(args["customer_max_liability_amount"])
        record["card_action"] = args["card_action"]
        record["is_fraud_category"] = args["dispute_category"] in FRAUD_CATEGORIES
        record["pin_shared_voluntarily"] = args["pin_compromised"] == "yes_shared"
        record["submitted_at"] = clock.today_str()
        record["status"] = "OPEN"
        if add_row(session, DebitCardDispute, dispute_id, record) is None:
            raise ToolError("BUSINESS_ERROR", f"transaction {txn_id} is already disputed")
        return record
