"""SQLAlchemy tables of Rho Bank, one per table of the bank's ``db.json``.

Each table keeps the file's table name and field names; the primary key holds the
record's key in the file (which is also its id field where the record has one). Records
of one table are irregular (optional fields, mixed number types, keys in varying order),
so every row also keeps three bookkeeping columns that make an import lossless:

* ``row_seq``: the record's position in its table (file order, then creation order);
* ``row_fields``: the record's field names in their original order (a field absent from
  the record is not listed, a field present with ``null`` is);
* ``row_extra``: values without a fitting column (an unknown field, or a value whose type
  differs from its column's, such as an ``int`` amount in a float column).

The tables have their own declarative base: the engine's tables are created in any
business's database, these only in the bank's.
"""

from __future__ import annotations

from typing import Any, ClassVar

from sqlalchemy import JSON, Boolean, Column, Float, Integer, String, Text, inspect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeEngine


class Base(DeclarativeBase):
    """Declarative base of the bank's tables."""


def _fits(column_type: TypeEngine[Any], value: Any) -> bool:
    """Whether ``value`` survives a round trip through a column of ``column_type``."""
    if value is None or isinstance(column_type, JSON):
        return True
    if isinstance(column_type, Boolean):
        return type(value) is bool
    if isinstance(column_type, Integer):
        return type(value) is int
    if isinstance(column_type, Float):
        return type(value) is float
    return type(value) is str


_COLUMNS: dict[str, dict[str, Column[Any]]] = {}
_ATTRIBUTES: dict[str, dict[str, str]] = {}


def _field_columns(model: type[RecordMixin]) -> dict[str, Column[Any]]:
    name = model.__name__
    if name not in _COLUMNS:
        table = model.__table__  # type: ignore[attr-defined]
        _COLUMNS[name] = {c.name: c for c in table.columns if c.name not in model.BOOKKEEPING}
    return _COLUMNS[name]


def _attributes(model: type[RecordMixin]) -> dict[str, str]:
    name = model.__name__
    if name not in _ATTRIBUTES:
        mapper = inspect(model)
        _ATTRIBUTES[name] = {
            field: str(mapper.get_property_by_column(column).key)
            for field, column in _field_columns(model).items()
        }
    return _ATTRIBUTES[name]


class RecordMixin:
    """A row that is one record of a ``db.json`` table (see the module docstring)."""

    ID_FIELD: ClassVar[str]  # the primary-key column: the record's key in its table
    BOOKKEEPING: ClassVar[frozenset[str]] = frozenset({"row_seq", "row_fields", "row_extra"})

    row_seq: Mapped[int] = mapped_column(
        Integer, index=True, comment="Position of the record in its table (file order)"
    )
    row_fields: Mapped[list[str]] = mapped_column(
        JSON, comment="The record's field names in their original order, as JSON"
    )
    row_extra: Mapped[dict[str, Any] | None] = mapped_column(
        JSON, nullable=True, comment="Record values without a fitting column, as JSON"
    )

    @classmethod
    def field_columns(cls) -> dict[str, Column[Any]]:
        """Record field name → column, for every column that holds a record field."""
        return _field_columns(cls)

    @classmethod
    def attribute_of(cls, field: str) -> str:
        """The mapped attribute name of the column of record field ``field``."""
        return _attributes(cls)[field]

    @classmethod
    def row_values(cls, key: str, record: dict[str, Any], seq: int) -> dict[str, Any]:
        """The attribute values of a row holding ``record`` (stored under ``key``)."""
        columns = cls.field_columns()
        values: dict[str, Any] = {cls.attribute_of(cls.ID_FIELD): key}
        extra: dict[str, Any] = {}
        for field, value in record.items():
            column = columns.get(field)
            if field == cls.ID_FIELD:
                if value != key or type(value) is not str:
                    extra[field] = value
            elif column is not None and _fits(column.type, value):
                values[cls.attribute_of(field)] = value
            else:
                extra[field] = value
        values.update(row_seq=seq, row_fields=list(record), row_extra=extra or None)
        return values

    @property
    def record_key(self) -> str:
        """The record's key in its table."""
        return str(getattr(self, self.attribute_of(self.ID_FIELD)))

    def get(self, field: str, default: Any = None) -> Any:
        """The record's value of ``field`` (``default`` when the record lacks it)."""
        if field not in self.row_fields:
            return default
        if self.row_extra and field in self.row_extra:
            return self.row_extra[field]
        return getattr(self, self.attribute_of(field))

    def set(self, field: str, value: Any) -> None:
        """Set ``field`` (a new field goes after the record's others, as in a dict)."""
        column = self.field_columns().get(field)
        extra = dict(self.row_extra or {})
        extra.pop(field, None)
        if field != self.ID_FIELD and column is not None and _fits(column.type, value):
            setattr(self, self.attribute_of(field), value)
        else:
            extra[field] = value
        self.row_extra = extra or None
        if field not in self.row_fields:
            self.row_fields = [*self.row_fields, field]

    def to_record(self) -> dict[str, Any]:
        """The record as the file holds it: its fields in their original order."""
        return {field: self.get(field) for field in self.row_fields}


def _str(comment: str, *, index: bool = False) -> Mapped[str | None]:
    return mapped_column(String(255), nullable=True, index=index, comment=comment)


def _text(comment: str) -> Mapped[str | None]:
    return mapped_column(Text, nullable=True, comment=comment)


def _bool(comment: str) -> Mapped[bool | None]:
    return mapped_column(Boolean, nullable=True, comment=comment)


def _int(comment: str) -> Mapped[int | None]:
    return mapped_column(Integer, nullable=True, comment=comment)


def _float(comment: str) -> Mapped[float | None]:
    return mapped_column(Float, nullable=True, comment=comment)


def _json(comment: str) -> Mapped[Any]:
    return mapped_column(JSON, nullable=True, comment=comment)


def _key(comment: str) -> Mapped[str]:
    return mapped_column(String(255), primary_key=True, comment=comment)


class BankTable(Base):
    """A table of an imported ``db.json``: its position and its notes."""

    __tablename__ = "bank_tables"

    table_name: Mapped[str] = _key("Name of the table in the bank's db.json")
    position: Mapped[int] = mapped_column(Integer, comment="Position of the table in the file")
    notes: Mapped[str] = mapped_column(Text, default="", comment="The table's notes string")


class OtherRecord(Base):
    """A record of a table this schema does not know, kept whole for the export."""

    __tablename__ = "bank_other_records"

    table_name: Mapped[str] = mapped_column(
        String(255), primary_key=True, comment="Name of the unknown table"
    )
    record_key: Mapped[str] = mapped_column(
        String(255), primary_key=True, comment="The record's key in that table"
    )
    row_seq: Mapped[int] = mapped_column(Integer, comment="Position of the record in its table")
    record: Mapped[Any] = mapped_column(JSON, comment="The whole record, as JSON")


class User(RecordMixin, Base):
    """A customer of the bank with the identity details used for verification."""

    __tablename__ = "users"
    ID_FIELD = "user_id"

    user_id: Mapped[str] = _key("Unique identifier of the customer (10 hex characters)")
    name: Mapped[str | None] = _str("Customer's full name", index=True)
    address: Mapped[str | None] = _str("Customer's home address (one line)")
    email: Mapped[str | None] = _str("Customer's email address", index=True)
    phone_number: Mapped[str | None] = _str("Customer's phone number (NNN-NNN-NNNN)")
    date_of_birth: Mapped[str | None] = _str("Customer's date of birth (MM/DD/YYYY)")
    rho_bank_plus_subscription: Mapped[bool | None] = _bool(
        "Whether the customer subscribes to Rho-Bank+"
    )
    parent_user_id: Mapped[str | None] = _str("Parent or guardian of a minor customer (users)")


class Account(RecordMixin, Base):
    """A checking or savings bank account (seeded with class/level, new ones with type/class)."""

    __tablename__ = "accounts"
    ID_FIELD = "account_id"

    account_id: Mapped[str] = _key("Unique identifier of the bank account")
    user_id: Mapped[str | None] = _str("Customer who owns the account (users)", index=True)
    class_: Mapped[str | None] = mapped_column(
        "class",
        String(64),
        nullable=True,
        comment="Seeded accounts' kind: checking, saving/savings, business_checking …",
    )
    level: Mapped[str | None] = _str("Seeded accounts' product name, e.g. 'Blue Account'")
    account_type: Mapped[str | None] = _str(
        "Opened accounts' kind: checking, savings, business_checking, business_savings"
    )
    account_class: Mapped[str | None] = _str("Opened accounts' product name, e.g. 'Sky Blue'")
    date_opened: Mapped[str | None] = _str("Date the account was opened (MM/DD/YYYY)")
    status: Mapped[str | None] = _str("Account status: OPEN, CLOSED, ACTIVE, SUSPENDED …")
    current_holdings: Mapped[str | None] = _str(
        "Balance as text, in the format last written ('2850.00', '$2850.00')"
    )
    parent_account_id: Mapped[str | None] = _str("Guardian's linked account of a teen account")
    date_closed: Mapped[str | None] = _str("Date the account was closed (MM/DD/YYYY)")
    closure_reason: Mapped[str | None] = _str("Why the account was closed")
    early_closure_fee_waived: Mapped[bool | None] = _bool(
        "Whether the early-closure fee was waived at closing"
    )


class DebitCard(RecordMixin, Base):
    """A debit card linked to a checking account, with its security and limit settings."""

    __tablename__ = "debit_cards"
    ID_FIELD = "card_id"

    card_id: Mapped[str] = _key("Unique identifier of the debit card")
    account_id: Mapped[str | None] = _str(
        "Checking account the card draws on (accounts)", index=True
    )
    user_id: Mapped[str | None] = _str("Cardholder (users)", index=True)
    cardholder_name: Mapped[str | None] = _str("Name printed on the card (upper case)")
    last_4_digits: Mapped[str | None] = _str("Last four digits of the card number")
    cvv: Mapped[str | None] = _str("Card verification value (three digits)")
    status: Mapped[str | None] = _str(
        "Card status: ACTIVE, PENDING, FROZEN, CLOSED, DEACTIVATED, GRACE_PERIOD, CANCELLED"
    )
    issue_date: Mapped[str | None] = _str("Date the card was issued (MM/DD/YYYY)")
    expiration_date: Mapped[str | None] = _str("Card expiry date (MM/DD/YYYY)")
    card_design: Mapped[str | None] = _str("Card design: CLASSIC, PREMIUM or CUSTOM")
    issue_reason: Mapped[str | None] = _str(
        "Why the card was issued: new_account, first_card, lost, stolen, fraud, expired …"
    )
    fraud_alert_active: Mapped[bool | None] = _bool("Whether a fraud alert blocks the card")
    alert_source: Mapped[str | None] = _str("Who raised the fraud alert: customer/bank_initiated")
    velocity_blocked: Mapped[bool | None] = _bool("Whether a velocity block stops the card")
    daily_purchase_limit: Mapped[int | None] = _int("Daily purchase limit in dollars")
    daily_purchase_used: Mapped[int | None] = _int("Purchases today in dollars")
    daily_atm_limit: Mapped[int | None] = _int("Daily ATM withdrawal limit in dollars")
    daily_atm_used: Mapped[int | None] = _int("ATM withdrawals today in dollars")
    international_enabled: Mapped[bool | None] = _bool("Whether foreign use is enabled")
    online_enabled: Mapped[bool | None] = _bool("Whether online purchases are enabled")
    stolen_reported_date: Mapped[str | None] = _str("Date the card was reported stolen")
    stolen_reported_by: Mapped[str | None] = _str("Who reported the card stolen")
    chip_verification_failures: Mapped[int | None] = _int("Count of chip/CVV mismatches")
    last_chip_failure_date: Mapped[str | None] = _str("Date of the last chip/CVV mismatch")
    pin_locked: Mapped[bool | None] = _bool("Whether wrong PIN attempts locked the card")
    pin_attempts_remaining: Mapped[int | None] = _int("PIN attempts left before a lock")
    pin_lock_timestamp: Mapped[str | None] = _str("When the PIN lock happened")
    pin_lock_reason: Mapped[str | None] = _str("Why the PIN is locked (e.g. security_hold)")
    pin_locks_last_90_days: Mapped[int | None] = _int("PIN locks in the last 90 days")
    last_successful_pin_transaction_date: Mapped[str | None] = _str(
        "Date of the last transaction with a correct PIN"
    )
    pin_last_changed: Mapped[str | None] = _str("Date the PIN was last set (MM/DD/YYYY)")
    recurring_blocked: Mapped[bool | None] = _bool("Whether recurring charges are declined")
    frozen_date: Mapped[str | None] = _str("Date the card was last frozen")
    unfrozen_date: Mapped[str | None] = _str("Date the card was last unfrozen")
    closed_date: Mapped[str | None] = _str("Date the card was closed")
    closure_reason: Mapped[str | None] = _str(
        "Why the card was closed: lost, stolen, fraud_suspected, damaged, …"
    )
    activated_date: Mapped[str | None] = _str("Date the card was activated")
    deactivated_date: Mapped[str | None] = _str("Date a newer card replaced this one")
    deactivation_reason: Mapped[str | None] = _str("Why the card was deactivated")
    grace_period_ends: Mapped[str | None] = _str("Last day a reissued card's old card works")
    velocity_cleared_date: Mapped[str | None] = _str("Date a velocity block was cleared")
    fraud_alert_cleared_date: Mapped[str | None] = _str("Date a fraud alert was cleared")
    temporary_atm_limit_increase: Mapped[bool | None] = _bool(
        "Whether a temporary ATM limit increase is in force"
    )
    original_atm_limit: Mapped[int | None] = _int("ATM limit before the temporary increase")
    temporary_atm_limit_expires: Mapped[str | None] = _str("Date the ATM increase was granted")
    temporary_purchase_limit_increase: Mapped[bool | None] = _bool(
        "Whether a temporary purchase limit increase is in force"
    )
    original_purchase_limit: Mapped[int | None] = _int(
        "Purchase limit before the temporary increase"
    )
    temporary_purchase_limit_expires: Mapped[str | None] = _str(
        "Date the purchase-limit increase was granted"
    )


class Referral(RecordMixin, Base):
    """A referral a customer made (card or account referral programs)."""

    __tablename__ = "referrals"
    ID_FIELD = "referral_id"

    referral_id: Mapped[str] = _key("Unique identifier of the referral (16 hex characters)")
    referrer_id: Mapped[str | None] = _str("Customer who referred (users)", index=True)
    referred_account_type: Mapped[str | None] = _str("Product referred, e.g. 'Blue Account'")
    referral_status: Mapped[str | None] = _str(
        "COMPLETE, IN_PROGRESS, NO_PROGRESS, APPLIED, REJECTED or ERROR"
    )
    date: Mapped[str | None] = _str("Date of the referral (MM/DD/YYYY)")


class CreditCardApplication(RecordMixin, Base):
    """An application for a credit card."""

    __tablename__ = "credit_card_applications"
    ID_FIELD = "application_id"

    application_id: Mapped[str] = _key("Unique identifier of the application (16 hex)")
    card_type: Mapped[str | None] = _str("Card applied for, e.g. 'Gold Rewards Card'")
    customer_name: Mapped[str | None] = _str("Applicant's full legal name")
    annual_income: Mapped[float | None] = _float("Applicant's annual income in dollars")
    rho_bank_subscription: Mapped[bool | None] = _bool("Whether the applicant has Rho-Bank+")
    status: Mapped[str | None] = _str("Application status: PENDING, APPROVED, DENIED")
    date: Mapped[str | None] = _str("Date of the application (MM/DD/YYYY)")


class Verification(RecordMixin, Base):
    """An audit record of a successful identity verification."""

    __tablename__ = "verification_history"
    ID_FIELD = "verification_id"

    verification_id: Mapped[str] = _key("Record key: '{user_id}_{YYYYMMDD_HHMMSS_TZ}'")
    name: Mapped[str | None] = _str("Verified customer's name")
    user_id: Mapped[str | None] = _str("Verified customer (users)", index=True)
    address: Mapped[str | None] = _str("Address on file at verification")
    email: Mapped[str | None] = _str("Email on file at verification")
    phone_number: Mapped[str | None] = _str("Phone number on file at verification")
    date_of_birth: Mapped[str | None] = _str("Date of birth on file at verification")
    time_verified: Mapped[str | None] = _str("When verified ('YYYY-MM-DD HH:MM:SS EST')")


class CreditCardTransaction(RecordMixin, Base):
    """A purchase, refund or statement credit on a credit card."""

    __tablename__ = "credit_card_transaction_history"
    ID_FIELD = "transaction_id"

    transaction_id: Mapped[str] = _key("Unique identifier of the transaction (txn_ + 12 hex)")
    user_id: Mapped[str | None] = _str("Cardholder (users)", index=True)
    credit_card_account_id: Mapped[str | None] = _str(
        "Card account charged (credit_card_accounts), when recorded", index=True
    )
    credit_card_type: Mapped[str | None] = _str("Card product, e.g. 'Silver Rewards Card'")
    merchant_name: Mapped[str | None] = _str("Merchant name")
    transaction_amount: Mapped[str | None] = _str("Amount as text, e.g. '$184.60'")
    transaction_date: Mapped[str | None] = _str("Date of the transaction (MM/DD/YYYY)")
    category: Mapped[str | None] = _str("Spending category, e.g. Travel, Software, Dining")
    status: Mapped[str | None] = _str("COMPLETED, PENDING or REFUNDED")
    rewards_earned: Mapped[str | None] = _str("Rewards as text, e.g. '461 points'")
    credit_reason: Mapped[str | None] = _str("Reason of a statement credit")


class CashBackDispute(RecordMixin, Base):
    """A customer's dispute of the rewards a transaction earned."""

    __tablename__ = "cash_back_disputes"
    ID_FIELD = "dispute_id"

    dispute_id: Mapped[str] = _key("Unique identifier of the dispute (dsp_ + 12 hex)")
    user_id: Mapped[str | None] = _str("Customer who disputed (users)", index=True)
    transaction_id: Mapped[str | None] = _str("Disputed credit card transaction")
    submitted_at: Mapped[str | None] = _str("Date submitted (MM/DD/YYYY)")
    status: Mapped[str | None] = _str("SUBMITTED or RESOLVED")
    resolution: Mapped[str | None] = _str("Outcome of a resolved dispute, e.g. APPROVED")


class BankTransaction(RecordMixin, Base):
    """A posted or pending transaction of a bank account."""

    __tablename__ = "bank_account_transaction_history"
    ID_FIELD = "transaction_id"

    transaction_id: Mapped[str] = _key("Unique identifier of the bank transaction")
    account_id: Mapped[str | None] = _str("Bank account (accounts)", index=True)
    date: Mapped[str | None] = _str("Date of the transaction (MM/DD/YYYY)")
    description: Mapped[str | None] = _text("Statement description")
    amount: Mapped[float | None] = _float("Amount in dollars: positive credit, negative debit")
    type: Mapped[str | None] = _str("Kind: direct_deposit, atm_withdrawal, atm_fee, monthly_fee …")
    status: Mapped[str | None] = _str("posted or pending")
    hold_amount: Mapped[float | None] = _float("Amount held by an authorization")
    available_amount: Mapped[float | None] = _float("Amount available despite the hold")
    hold_release_date: Mapped[str | None] = _str("Date the hold is released")


class CreditCardAccount(RecordMixin, Base):
    """A credit card account with its balance, limit and rewards."""

    __tablename__ = "credit_card_accounts"
    ID_FIELD = "account_id"

    account_id: Mapped[str] = _key("Unique identifier: cc_{user_id}_{card abbreviation}")
    user_id: Mapped[str | None] = _str("Cardholder (users)", index=True)
    card_type: Mapped[str | None] = _str("Card product, e.g. 'Platinum Rewards Card'")
    status: Mapped[str | None] = _str("Card status when recorded: ACTIVE or CLOSED")
    date_of_account_open: Mapped[str | None] = _str("Date the card account opened (MM/DD/YYYY)")
    current_balance: Mapped[str | None] = _str("Balance owed as text, e.g. '$1,846.37'")
    credit_limit: Mapped[str | None] = _str("Credit limit as text, e.g. '$22,500.00'")
    reward_points: Mapped[str | None] = _str("Rewards balance as text")
    account_status: Mapped[str | None] = _str("Standing: CURRENT, PAST_DUE, DELINQUENT …")
    past_due_amount: Mapped[str | None] = _str("Amount past due as text")
    card_last_4_digits: Mapped[str | None] = _str("Last four digits of the card number")
    closed_date: Mapped[str | None] = _str("Date the card account was closed")
    closed_by: Mapped[str | None] = _str("Who closed the card account (users)")


class TransactionDispute(RecordMixin, Base):
    """A formal dispute of a credit card transaction."""

    __tablename__ = "transaction_disputes"
    ID_FIELD = "dispute_id"

    dispute_id: Mapped[str] = _key("Unique identifier of the dispute (dsp_ + 12 hex)")
    transaction_id: Mapped[str | None] = _str("Disputed credit card transaction")
    user_id: Mapped[str | None] = _str("Customer who filed (users)", index=True)
    card_action: Mapped[str | None] = _str("keep_active or cancel_and_reissue")
    card_last_4_digits: Mapped[str | None] = _str("Last four digits of the card")
    full_name: Mapped[str | None] = _str("Cardholder's full name")
    phone: Mapped[str | None] = _str("Contact phone number")
    email: Mapped[str | None] = _str("Contact email")
    address: Mapped[str | None] = _str("Contact address")
    contacted_merchant: Mapped[bool | None] = _bool("Whether the merchant was contacted first")
    purchase_date: Mapped[str | None] = _str("Date of the purchase (MM/DD/YYYY)")
    issue_noticed_date: Mapped[str | None] = _str("Date the issue was noticed (MM/DD/YYYY)")
    dispute_reason: Mapped[str | None] = _str("Reason, e.g. duplicate_charge")
    resolution_requested: Mapped[str | None] = _str("full_refund or partial_refund")
    partial_refund_amount: Mapped[Any] = _json("Amount of a partial refund (number or null)")
    eligible_for_provisional_credit: Mapped[bool | None] = _bool(
        "Whether provisional credit applies"
    )
    provisional_credit_given: Mapped[bool | None] = _bool("Whether provisional credit was given")
    submitted_at: Mapped[str | None] = _str("Date filed (MM/DD/YYYY)")
    status: Mapped[str | None] = _str("SUBMITTED, UNDER_REVIEW, RESOLVED …")


class CreditCardOrder(RecordMixin, Base):
    """An order of a replacement credit card."""

    __tablename__ = "credit_card_orders"
    ID_FIELD = "order_id"

    order_id: Mapped[str] = _key("Unique identifier of the order (ccord_ + 12 hex)")
    credit_card_account_id: Mapped[str | None] = _str("Card account (credit_card_accounts)")
    user_id: Mapped[str | None] = _str("Cardholder (users)", index=True)
    shipping_address: Mapped[str | None] = _str("Address the card ships to")
    reason: Mapped[str | None] = _str("fraud_suspected, lost, stolen, damaged, expired, other")
    expedited_shipping: Mapped[bool | None] = _bool("Whether shipping is expedited")
    order_date: Mapped[str | None] = _str("Date ordered (MM/DD/YYYY)")
    expected_delivery: Mapped[str | None] = _str("Expected delivery date or window")
    status: Mapped[str | None] = _str("ORDERED, PENDING, PROCESSING, SHIPPED, DELIVERED …")
    old_card_cancelled: Mapped[bool | None] = _bool("Whether the old card was cancelled")


class DebitCardOrder(RecordMixin, Base):
    """An order of a new or replacement debit card, with its fees."""

    __tablename__ = "debit_card_orders"
    ID_FIELD = "order_id"

    order_id: Mapped[str] = _key("Unique identifier of the order (dcord_ + 12 hex)")
    account_id: Mapped[str | None] = _str("Checking account of the card (accounts)", index=True)
    user_id: Mapped[str | None] = _str("Customer (users)", index=True)
    delivery_option: Mapped[str | None] = _str("STANDARD, EXPEDITED or RUSH")
    card_design: Mapped[str | None] = _str("CLASSIC, PREMIUM or CUSTOM")
    shipping_address: Mapped[str | None] = _str("Address the card ships to")
    delivery_fee: Mapped[float | None] = _float("Delivery fee in dollars")
    design_fee: Mapped[float | None] = _float("Design fee in dollars")
    excess_replacement_fee: Mapped[float | None] = _float("Fee for exceeding the limit")
    total_fee: Mapped[float | None] = _float("Total fee charged to the account")
    order_date: Mapped[str | None] = _str("Date ordered (MM/DD/YYYY)")
    expected_delivery: Mapped[str | None] = _str("Delivery window, e.g. '3-5 business days'")
    status: Mapped[str | None] = _str("PENDING, SHIPPED, DELIVERED …")


class CreditCardClosureReason(RecordMixin, Base):
    """Why a customer wants to close a credit card (retention protocol)."""

    __tablename__ = "credit_card_closure_reasons"
    ID_FIELD = "record_id"

    record_id: Mapped[str] = _key("Unique identifier of the record (clsr_ + 12 hex)")
    credit_card_account_id: Mapped[str | None] = _str("Card account (credit_card_accounts)")
    user_id: Mapped[str | None] = _str("Cardholder (users)", index=True)
    closure_reason: Mapped[str | None] = _str("annual_fee, not_using_card, found_better_card …")
    logged_at: Mapped[str | None] = _str("Date logged (MM/DD/YYYY)")
    status: Mapped[str | None] = _str("LOGGED")


class CreditCardAccountFlag(RecordMixin, Base):
    """A flag on a credit card account, such as an annual-fee waiver."""

    __tablename__ = "credit_card_account_flags"
    ID_FIELD = "flag_id"

    flag_id: Mapped[str] = _key("Unique identifier of the flag (ccflag_ + 12 hex)")
    credit_card_account_id: Mapped[str | None] = _str("Card account (credit_card_accounts)")
    user_id: Mapped[str | None] = _str("Cardholder (users)", index=True)
    flag_type: Mapped[str | None] = _str("annual_fee_waived, promotional_apr, rewards_bonus …")
    effective_date: Mapped[str | None] = _str("Date the flag starts (MM/DD/YYYY)")
    expiration_date: Mapped[str | None] = _str("Date the flag ends (MM/DD/YYYY)")
    reason: Mapped[str | None] = _str("retention_offer, loyalty_benefit, promotional …")
    applied_at: Mapped[str | None] = _str("Date applied (MM/DD/YYYY)")
    status: Mapped[str | None] = _str("ACTIVE")


class CreditLimitIncreaseRequest(RecordMixin, Base):
    """A credit limit increase request, approval or denial."""

    __tablename__ = "credit_limit_increase_requests"
    ID_FIELD = "request_id"

    request_id: Mapped[str] = _key("Unique identifier (cli_ + 12 hex)")
    credit_card_account_id: Mapped[str | None] = _str("Card account (credit_card_accounts)")
    user_id: Mapped[str | None] = _str("Cardholder (users)", index=True)
    requested_increase_amount: Mapped[Any] = _json("Requested increase in dollars")
    reason: Mapped[str | None] = _str("The customer's reason for the request")
    submitted_at: Mapped[str | None] = _str("Date submitted (MM/DD/YYYY)")
    submitted_date: Mapped[str | None] = _str("Date submitted (seeded records)")
    decision_date: Mapped[str | None] = _str("Date approved or denied")
    previous_limit: Mapped[str | None] = _str("Limit before the increase, e.g. '$5000.00'")
    new_limit: Mapped[str | None] = _str("Limit after the increase")
    increase_amount: Mapped[str | None] = _str("Increase granted, e.g. '$2500.00'")
    denial_reason: Mapped[str | None] = _str("Why denied, e.g. high_utilization")
    status: Mapped[str | None] = _str("PENDING, APPROVED or DENIED")


class Payment(RecordMixin, Base):
    """A payment made to a credit card account."""

    __tablename__ = "payment_history"
    ID_FIELD = "payment_id"

    payment_id: Mapped[str] = _key("Unique identifier of the payment")
    credit_card_account_id: Mapped[str | None] = _str(
        "Card account paid (credit_card_accounts)", index=True
    )
    user_id: Mapped[str | None] = _str("Cardholder (users)", index=True)
    payment_date: Mapped[str | None] = _str("Date of the payment (MM/DD/YYYY or YYYY-MM-DD)")
    amount: Mapped[str | None] = _str("Amount paid as text")
    status: Mapped[str | None] = _str("ON_TIME, LATE or MISSED")


class DebitCardDispute(RecordMixin, Base):
    """A Regulation E dispute of a debit card or bank account transaction."""

    __tablename__ = "debit_card_disputes"
    ID_FIELD = "dispute_id"

    dispute_id: Mapped[str] = _key("Unique identifier of the dispute (dsp_ + 12 hex)")
    transaction_id: Mapped[str | None] = _str("Disputed bank transaction")
    account_id: Mapped[str | None] = _str("Checking account (accounts)", index=True)
    card_id: Mapped[str | None] = _str("Debit card (debit_cards)")
    user_id: Mapped[str | None] = _str("Customer who filed (users)", index=True)
    dispute_category: Mapped[str | None] = _str("Category, e.g. card_not_present_fraud")
    transaction_date: Mapped[str | None] = _str("Date of the transaction (MM/DD/YYYY)")
    discovery_date: Mapped[str | None] = _str("Date the customer noticed (MM/DD/YYYY)")
    disputed_amount: Mapped[Any] = _json("Amount disputed in dollars")
    transaction_type: Mapped[str | None] = _str("pin_purchase, online_purchase, atm_withdrawal …")
    card_in_possession: Mapped[bool | None] = _bool("Whether the customer has the card")
    pin_compromised: Mapped[str | None] = _str("yes_shared, yes_observed, no or unknown")
    contacted_merchant: Mapped[bool | None] = _bool("Whether the merchant was contacted")
    police_report_filed: Mapped[bool | None] = _bool("Whether a police report was filed")
    written_statement_provided: Mapped[bool | None] = _bool("Whether a statement was given")
    provisional_credit_eligible: Mapped[bool | None] = _bool("Whether credit is required")
    provisional_credit_issued: Mapped[bool | None] = _bool("Whether credit was issued")
    provisional_credit_amount: Mapped[Any] = _json("Provisional credit in dollars (or null)")
    customer_max_liability_amount: Mapped[Any] = _json("Liability cap: 50, 500 or -1")
    card_action: Mapped[str | None] = _str(
        "keep_active, freeze_pending_investigation or close_and_reissue"
    )
    is_fraud_category: Mapped[bool | None] = _bool("Whether the category is a fraud category")
    pin_shared_voluntarily: Mapped[bool | None] = _bool("Whether the PIN was shared")
    submitted_at: Mapped[str | None] = _str("Date filed (MM/DD/YYYY)")
    filing_date: Mapped[str | None] = _str("Date filed (seeded records)")
    expected_resolution_date: Mapped[str | None] = _str("Expected resolution date")
    status: Mapped[str | None] = _str("OPEN, UNDER_REVIEW, PROVISIONAL_CREDIT_ISSUED, RESOLVED_…")


class UserDiscoverableTool(RecordMixin, Base):
    """A customer-side tool the agent gave the customer."""

    __tablename__ = "user_discoverable_tools"
    ID_FIELD = "tool_record_id"

    tool_record_id: Mapped[str] = _key("Record key: 16 hex of sha256('user_discoverable_tool:…')")
    tool_name: Mapped[str | None] = _str("Name of the tool given")
    status: Mapped[str | None] = _str("GIVEN")


class UserDiscoverableToolCall(RecordMixin, Base):
    """A customer's call of a tool the agent gave."""

    __tablename__ = "user_discoverable_tool_calls"
    ID_FIELD = "call_id"

    call_id: Mapped[str] = _key("Record key: 16 hex of the tool name and its arguments")
    tool_name: Mapped[str | None] = _str("Name of the tool called")
    arguments: Mapped[Any] = _json("The call's arguments, as JSON")
    called_at: Mapped[str | None] = _str("Date called (MM/DD/YYYY)")
    status: Mapped[str | None] = _str("CALLED")


class AgentDiscoverableTool(RecordMixin, Base):
    """An agent-side discoverable tool that was called."""

    __tablename__ = "agent_discoverable_tools"
    ID_FIELD = "tool_record_id"

    tool_record_id: Mapped[str] = _key("Record key: 16 hex of sha256('agent_discoverable_tool:…')")
    tool_name: Mapped[str | None] = _str("Name of the tool called")
    status: Mapped[str | None] = _str("CALLED")


class TaskConfig(RecordMixin, Base):
    """A per-instance setting (e.g. dispute_settings.auto_resolve_disputes)."""

    __tablename__ = "task_config"
    ID_FIELD = "setting_name"

    setting_name: Mapped[str] = _key("Name of the settings group, e.g. dispute_settings")
    auto_resolve_disputes: Mapped[bool | None] = _bool(
        "Whether cash-back disputes resolve (APPROVED) as soon as they are submitted"
    )


class HumanTransferRequest(RecordMixin, Base):
    """A customer's request to be transferred to a human agent."""

    __tablename__ = "human_transfer_requests"
    ID_FIELD = "request_id"

    request_id: Mapped[str] = _key("Record key: transfer_request_{n}")
    request_number: Mapped[int | None] = _int("Count of the request in the conversation")
    requested_at: Mapped[str | None] = _str("Date requested (MM/DD/YYYY)")
    status: Mapped[str | None] = _str("PENDING")


class InterestDiscrepancyReport(RecordMixin, Base):
    """A report of savings interest credited at the wrong APY, for the backend team."""

    __tablename__ = "interest_discrepancy_reports"
    ID_FIELD = "report_id"

    report_id: Mapped[str] = _key("Unique identifier of the report (IDR_ + 16 hex)")
    account_id: Mapped[str | None] = _str("Savings account (accounts)", index=True)
    user_id: Mapped[str | None] = _str("Customer (users)", index=True)
    account_level: Mapped[str | None] = _str("Product name of the savings account")
    expected_apy: Mapped[float | None] = _float("APY the customer should get, in percent")
    actual_apy: Mapped[float | None] = _float("APY applied, in percent")
    apy_difference: Mapped[float | None] = _float("expected − actual, in percent")
    amount_difference: Mapped[float | None] = _float("Interest owed, in dollars")
    submitted_date: Mapped[str | None] = _str("Date submitted (MM/DD/YYYY)")
    status: Mapped[str | None] = _str("PENDING_REVIEW")


# Every record table by its db.json name, in the file's order, then the tables the
# bank's data model and tools add.
RECORD_TABLES: dict[str, type[RecordMixin]] = {
    str(model.__tablename__): model
    for model in (
        User,
        Account,
        DebitCard,
        Referral,
        CreditCardApplication,
        Verification,
        CreditCardTransaction,
        CashBackDispute,
        BankTransaction,
        CreditCardAccount,
        TransactionDispute,
        CreditCardOrder,
        DebitCardOrder,
        CreditCardClosureReason,
        CreditCardAccountFlag,
        CreditLimitIncreaseRequest,
        Payment,
        DebitCardDispute,
        UserDiscoverableTool,
        UserDiscoverableToolCall,
        AgentDiscoverableTool,
        TaskConfig,
        HumanTransferRequest,
        InterestDiscrepancyReport,
    )
}
