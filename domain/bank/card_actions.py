"""Credit-card writes: replacement, disputes, rewards, credits, flags, closure, payments, CLI.

Each write re-checks its rules inside its transaction and records exactly what the bank's
procedures prescribe (ids, formats, dates from :mod:`keel.domain.bank.clock`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from keel.domain.bank import clock
from keel.domain.bank.common import (
    CARD_TIERS,
    account_kind,
    add_row,
    hex_id,
    owned_row,
    parse_money,
    rows_where,
)
from keel.domain.bank.models import (
    Account,
    CashBackDispute,
    CreditCardAccount,
    CreditCardAccountFlag,
    CreditCardClosureReason,
    CreditCardOrder,
    CreditCardTransaction,
    CreditLimitIncreaseRequest,
    TransactionDispute,
)
from keel.persistence.db import session_scope
from keel.tools.registry import ToolContext, ToolError

SETTLED_ORDER_STATUSES = ("DELIVERED", "CANCELLED")
SETTLED_DISPUTE_STATUSES = ("RESOLVED", "APPROVED", "DENIED", "CLOSED", "WITHDRAWN")
PROVISIONAL_REASONS = (
    "unauthorized_fraudulent_charge",
    "duplicate_charge",
    "goods_services_not_received",
)
CLI_MAX_SHARE = {"ENTRY": 0.25, "MID": 0.5, "PREMIUM": 0.5}
CLI_BLOCKING_ORDERS = ("ORDERED", "PENDING", "PROCESSING", "SHIPPED")
BAD_STANDING = ("PAST_DUE", "DELINQUENT", "COLLECTIONS", "CLOSED")


def _card_account(session: Session, args: dict[str, Any]) -> CreditCardAccount:
    return owned_row(
        session,
        CreditCardAccount,
        args["credit_card_account_id"],
        args["user_id"],
        "credit card account",
    )


def _open_orders(session: Session, account_id: str) -> list[CreditCardOrder]:
    orders = rows_where(session, CreditCardOrder, credit_card_account_id=account_id)
    return [o for o in orders if o.get("status") not in SETTLED_ORDER_STATUSES]


def _require_not_closed(account: CreditCardAccount) -> None:
    if account.get("status") == "CLOSED":
        raise ToolError("BUSINESS_ERROR", f"credit card account {account.account_id} is closed")


def order_replacement_card(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Order a replacement credit card; the old card is cancelled at once."""
    user_id, reason = args["user_id"], args["reason"]
    expedited = bool(args.get("expedited_shipping", False))
    today = clock.today_str()
    with session_scope(ctx.database_url) as session:
        account = _card_account(session, args)
        _require_not_closed(account)
        if _open_orders(session, account.account_id):
            raise ToolError("BUSINESS_ERROR", "a replacement for this card is already in process")
        order_id = "ccord_" + hex_id(
            f"credit_card_order:{account.account_id}:{user_id}:{reason}", 12
        )
        record = {
            "order_id": order_id,
            "credit_card_account_id": account.account_id,
            "user_id": user_id,
            "shipping_address": args["shipping_address"],
            "reason": reason,
            "expedited_shipping": expedited,
            "order_date": today,
            "status": "ORDERED",
            "old_card_cancelled": True,
        }
        if add_row(session, CreditCardOrder, order_id, record) is None:
            raise ToolError("BUSINESS_ERROR", "this replacement order was already placed")
        account.set("status", "CLOSED")
        account.set("closed_date", today)
        window = "2-3 business days" if expedited else "7-10 business days"
        return {**record, "expected_delivery": window}


def _check_provisional(
    args: dict[str, Any], transaction: CreditCardTransaction, account: CreditCardAccount | None
) -> None:
    """Provisional credit only for the reasons, amounts and account ages that allow it."""
    if not args["eligible_for_provisional_credit"]:
        return
    if args["dispute_reason"] not in PROVISIONAL_REASONS:
        raise ToolError("BUSINESS_ERROR", f"{args['dispute_reason']} gets no provisional credit")
    if parse_money(transaction.get("transaction_amount")) < 25.0:
        raise ToolError("BUSINESS_ERROR", "provisional credit needs an amount of at least $25")
    age = clock.days_since(account.get("date_of_account_open")) if account else None
    if age is not None and age < 60:
        raise ToolError("BUSINESS_ERROR", "provisional credit needs a card open 60 days or more")


def _transaction_account(
    session: Session, transaction: CreditCardTransaction
) -> CreditCardAccount | None:
    account_id = transaction.get("credit_card_account_id")
    if account_id:
        return session.get(CreditCardAccount, account_id)
    accounts = rows_where(session, CreditCardAccount, user_id=transaction.get("user_id"))
    kind = transaction.get("credit_card_type")
    return next((a for a in accounts if a.get("card_type") == kind), None)


def file_credit_dispute(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """File a formal dispute of one of the customer's credit card transactions."""
    user_id, txn_id = args["user_id"], args["transaction_id"]
    partial = args.get("partial_refund_amount")
    if args["resolution_requested"] == "partial_refund" and partial is None:
        raise ToolError("PARAMETER_ERROR", "a partial refund needs partial_refund_amount")
    with session_scope(ctx.database_url) as session:
        txn = owned_row(session, CreditCardTransaction, txn_id, user_id, "transaction")
        _check_provisional(args, txn, _transaction_account(session, txn))
        dispute_id = "dsp_" + hex_id(f"dispute:{user_id}:{txn_id}", 12)
        fields = [
            "transaction_id",
            "user_id",
            "card_action",
            "card_last_4_digits",
            "full_name",
            "phone",
            "email",
            "address",
            "contacted_merchant",
            "purchase_date",
            "issue_noticed_date",
            "dispute_reason",
            "resolution_requested",
        ]
        record: dict[str, Any] = {"dispute_id": dispute_id}
        record.update({f: args[f] for f in fields})
        record["partial_refund_amount"] = None if partial is None else float(partial)
        record["eligible_for_provisional_credit"] = args["eligible_for_provisional_credit"]
        record["provisional_credit_given"] = args["eligible_for_provisional_credit"]
        record["submitted_at"] = clock.today_str()
        record["status"] = "SUBMITTED"
        if add_row(session, TransactionDispute, dispute_id, record) is None:
            raise ToolError("BUSINESS_ERROR", f"transaction {txn_id} is already disputed")
        return record


def update_rewards(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Correct the rewards of a transaction whose cash-back dispute was approved."""
    user_id, txn_id = args["user_id"], args["transaction_id"]
    with session_scope(ctx.database_url) as session:
        txn = owned_row(session, CreditCardTransaction, txn_id, user_id, "transaction")
        disputes = rows_where(session, CashBackDispute, user_id=user_id, transaction_id=txn_id)
        approved = [
            d
            for d in disputes
            if d.get("status") == "RESOLVED" and d.get("resolution") == "APPROVED"
        ]
        if not approved:
            raise ToolError(
                "BUSINESS_ERROR",
                f"no approved cash-back dispute for {txn_id}: rewards change only after approval",
            )
        old = txn.get("rewards_earned")
        txn.set("rewards_earned", args["new_rewards_earned"])
        return {"transaction_id": txn_id, "old": old, "rewards_earned": args["new_rewards_earned"]}


def apply_statement_credit(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Credit a credit card account (a statement credit transaction)."""
    user_id, amount, reason = args["user_id"], float(args["amount"]), args["reason"]
    seed = f"transaction:{user_id}:STATEMENT_CREDIT:{reason}:{amount:.2f}:Statement Credit"
    txn_id = "txn_" + hex_id(seed, 12)
    with session_scope(ctx.database_url) as session:
        account = _card_account(session, args)
        record = {
            "transaction_id": txn_id,
            "user_id": user_id,
            "credit_card_account_id": account.account_id,
            "credit_card_type": "N/A",
            "merchant_name": "Rho-Bank Statement Credit",
            "transaction_amount": f"-${amount:.2f}",
            "transaction_date": clock.today_str(),
            "category": "Statement Credit",
            "status": "COMPLETED",
            "rewards_earned": "0 points",
            "credit_reason": reason,
        }
        if add_row(session, CreditCardTransaction, txn_id, record) is None:
            raise ToolError("BUSINESS_ERROR", "this statement credit was already applied")
        return record


def log_closure_reason(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Record why the customer wants to close a credit card."""
    user_id = args["user_id"]
    with session_scope(ctx.database_url) as session:
        account = _card_account(session, args)
        record_id = "clsr_" + hex_id(f"closure_reason:{account.account_id}:{user_id}", 12)
        record = {
            "record_id": record_id,
            "credit_card_account_id": account.account_id,
            "user_id": user_id,
            "closure_reason": args["closure_reason"],
            "logged_at": clock.today_str(),
            "status": "LOGGED",
        }
        if add_row(session, CreditCardClosureReason, record_id, record) is None:
            raise ToolError("BUSINESS_ERROR", "a closure reason is already logged for this card")
        return record


def apply_account_flag(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Put a flag (e.g. a one-year annual-fee waiver) on a credit card account."""
    user_id, kind, expires = args["user_id"], args["flag_type"], args["expiration_date"]
    expiry = clock.parse_date(expires)
    if expiry is None or expiry <= clock.today():
        raise ToolError("PARAMETER_ERROR", "expiration_date must be a future MM/DD/YYYY date")
    with session_scope(ctx.database_url) as session:
        account = _card_account(session, args)
        flag_id = "ccflag_" + hex_id(f"account_flag:{account.account_id}:{kind}:{expires}", 12)
        today = clock.today_str()
        record = {
            "flag_id": flag_id,
            "credit_card_account_id": account.account_id,
            "user_id": user_id,
            "flag_type": kind,
            "effective_date": today,
            "expiration_date": expires,
            "reason": args["reason"],
            "applied_at": today,
            "status": "ACTIVE",
        }
        if add_row(session, CreditCardAccountFlag, flag_id, record) is None:
            raise ToolError("BUSINESS_ERROR", "this flag is already on the account")
        return record


def _open_disputes_on(session: Session, account: CreditCardAccount) -> list[str]:
    """Unsettled disputes of the customer on this card account."""
    found = []
    for dispute in rows_where(session, TransactionDispute, user_id=account.get("user_id")):
        if str(dispute.get("status", "")).upper() in SETTLED_DISPUTE_STATUSES:
            continue
        txn = session.get(CreditCardTransaction, str(dispute.get("transaction_id")))
        target = _transaction_account(session, txn) if txn else None
        if target is None or target.account_id == account.account_id:
            found.append(dispute.dispute_id)
    return found


def _check_closable(session: Session, account: CreditCardAccount) -> None:
    _require_not_closed(account)
    disputes = _open_disputes_on(session, account)
    if disputes:
        raise ToolError("BUSINESS_ERROR", f"the card has open disputes: {', '.join(disputes)}")
    if _open_orders(session, account.account_id):
        raise ToolError("BUSINESS_ERROR", "a replacement card for this account is in process")
    age = clock.days_since(account.get("date_of_account_open"))
    if age is not None and age < 60:
        raise ToolError("BUSINESS_ERROR", f"the card is {age} days old; 60 are needed to close")
    balance = parse_money(account.get("current_balance"))
    if abs(balance) >= 0.005:
        raise ToolError("BUSINESS_ERROR", f"the card's balance ${balance:.2f} must be paid first")


def close_credit_card(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Close a credit card account with a zero balance and nothing pending."""
    with session_scope(ctx.database_url) as session:
        account = _card_account(session, args)
        _check_closable(session, account)
        account.set("status", "CLOSED")
        account.set("closed_date", clock.today_str())
        account.set("closed_by", args["user_id"])
        return {"credit_card_account_id": account.account_id, "status": "CLOSED"}


def pay_card_from_checking(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Pay a credit card balance from the customer's checking account."""
    user_id, amount = args["user_id"], float(args["amount"])
    with session_scope(ctx.database_url) as session:
        checking = owned_row(session, Account, args["checking_account_id"], user_id, "account")
        if account_kind(checking) != "checking":
            raise ToolError("BUSINESS_ERROR", f"{checking.account_id} is not a checking account")
        balance = parse_money(checking.get("current_holdings"))
        if amount > balance:
            raise ToolError("BUSINESS_ERROR", f"insufficient funds: the balance is ${balance:.2f}")
        card = _card_account(session, args)
        owed = parse_money(card.get("current_balance"))
        if amount > owed + 1e-9:
            raise ToolError("BUSINESS_ERROR", f"the amount exceeds the card balance ${owed:.2f}")
        checking.set("current_holdings", f"{balance - amount:.2f}")
        card.set("current_balance", f"${owed - amount:.2f}")
        return {
            "amount": amount,
            "checking_balance": f"{balance - amount:.2f}",
            "card_balance": f"${owed - amount:.2f}",
        }


def _cli_id(account_id: str, user_id: str, amount: float) -> str:
    return "cli_" + hex_id(f"cli_request:{account_id}:{user_id}:{amount:.2f}", 12)


def submit_limit_request(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Record a credit limit increase request (within the card tier's maximum).

    With ``decision`` (the bank's rules, decided before the listing), the request is
    approved or declined in the same call: one listing, one yes, one transaction.
    """
    user_id, amount = args["user_id"], int(args["requested_increase_amount"])
    with session_scope(ctx.database_url) as session:
        account = _card_account(session, args)
        share = CLI_MAX_SHARE.get(CARD_TIERS.get(str(account.get("card_type")), ""), 0.5)
        limit = parse_money(account.get("credit_limit"))
        if limit > 0 and amount > limit * share + 1e-9:
            raise ToolError(
                "BUSINESS_ERROR",
                f"the increase may be at most {share:.0%} of the ${limit:,.2f} limit "
                f"(${limit * share:,.2f})",
            )
        request_id = _cli_id(account.account_id, user_id, amount)
        record = {
            "request_id": request_id,
            "credit_card_account_id": account.account_id,
            "user_id": user_id,
            "requested_increase_amount": amount,
            "submitted_at": clock.today_str(),
            "status": "PENDING",
        }
        if add_row(session, CreditLimitIncreaseRequest, request_id, record) is None:
            raise ToolError("BUSINESS_ERROR", "the same request was already submitted")
        # the bank's decision, listed with the submission for the same yes: the approval's
        # rules are checked again here, in this transaction
        if args.get("decision") == "approve":
            _check_cli_approvable(session, account, user_id)
            return {**record, **_approve(session, account, user_id, limit + amount)}
        if args.get("decision") == "deny":
            return {**record, **_deny(session, account, user_id, str(args["denial_reason"]))}
        return record


def _check_cli_approvable(session: Session, account: CreditCardAccount, user_id: str) -> None:
    requests = rows_where(
        session, CreditLimitIncreaseRequest, credit_card_account_id=account.account_id
    )
    if not any(r.get("status") == "PENDING" for r in requests):
        raise ToolError("BUSINESS_ERROR", "no pending credit limit increase request to approve")
    disputes = rows_where(session, TransactionDispute, user_id=user_id)
    if any(d.get("status") in ("SUBMITTED", "UNDER_REVIEW", "PENDING") for d in disputes):
        raise ToolError("BUSINESS_ERROR", "the customer has pending disputes")
    orders = rows_where(session, CreditCardOrder, credit_card_account_id=account.account_id)
    if any(o.get("status") in CLI_BLOCKING_ORDERS for o in orders):
        raise ToolError("BUSINESS_ERROR", "a replacement card is pending")
    if str(account.get("account_status") or "").upper() in BAD_STANDING:
        raise ToolError("BUSINESS_ERROR", "the account is not in good standing")


def _approve(
    session: Session, account: CreditCardAccount, user_id: str, new: float
) -> dict[str, Any]:
    """Raise the card's limit to ``new`` and record the approval (rules checked by the caller)."""
    old = parse_money(account.get("credit_limit"))
    if new <= old:
        raise ToolError("BUSINESS_ERROR", f"the new limit must exceed ${old:,.2f}")
    account.set("credit_limit", f"${new:.2f}")
    request_id = _cli_id(account.account_id, user_id, new - old)
    record = {
        "request_id": request_id,
        "credit_card_account_id": account.account_id,
        "user_id": user_id,
        "previous_limit": f"${old:.2f}",
        "new_limit": f"${new:.2f}",
        "increase_amount": f"${new - old:.2f}",
        "decision_date": clock.today_str(),
        "status": "APPROVED",
    }
    # The approval's id equals the request's when all was granted: the request stays.
    add_row(session, CreditLimitIncreaseRequest, request_id, record)
    return record


def approve_limit_increase(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Raise a card's credit limit to ``new_credit_limit`` (the new total)."""
    user_id, new = args["user_id"], float(args["new_credit_limit"])
    with session_scope(ctx.database_url) as session:
        account = _card_account(session, args)
        _check_cli_approvable(session, account, user_id)
        return _approve(session, account, user_id, new)


def _deny(
    session: Session, account: CreditCardAccount, user_id: str, reason: str
) -> dict[str, Any]:
    """Record the denial of the card's credit limit increase with its reason."""
    request_id = _cli_id(account.account_id, user_id, 0.0)
    record = {
        "request_id": request_id,
        "credit_card_account_id": account.account_id,
        "user_id": user_id,
        "denial_reason": reason,
        "decision_date": clock.today_str(),
        "status": "DENIED",
    }
    if add_row(session, CreditLimitIncreaseRequest, request_id, record) is None:
        raise ToolError("BUSINESS_ERROR", "a denial is already recorded for this card")
    return record


def deny_limit_increase(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Record the denial of a credit limit increase with its reason."""
    with session_scope(ctx.database_url) as session:
        account = _card_account(session, args)
        return _deny(session, account, args["user_id"], args["denial_reason"])
