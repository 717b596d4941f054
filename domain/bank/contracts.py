"""Argument contracts of the bank's write tools (pydantic; unknown arguments are refused).

Enumerations are exactly those of the bank's procedures. Every write names the acting
customer (``user_id``); the tool refuses a record that is not that customer's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from keel.tools.registry import Contract

UserId = Annotated[str, Field(min_length=1, description="The acting (verified) customer's id.")]
CardId = Annotated[str, Field(min_length=1, description="A debit card id (debit_cards).")]
AccountId = Annotated[str, Field(min_length=1, description="A bank account id (accounts).")]
CreditCardAccountId = Annotated[
    str, Field(min_length=1, description="A credit card account id, e.g. cc_<user>_gold.")
]
Date = Annotated[str, Field(pattern=r"^\d{2}/\d{2}/\d{4}$", description="A date, MM/DD/YYYY.")]
Money = Annotated[float, Field(gt=0, description="A positive amount in dollars.")]
Fee = Annotated[float, Field(ge=0, description="A fee in dollars (0 when free).")]
Last4 = Annotated[str, Field(pattern=r"^\d{4}$", description="Last four digits of the card.")]
Pin = Annotated[str, Field(pattern=r"^\d{4}$", description="A four-digit PIN.")]
Address = Annotated[str, Field(min_length=1, description="A full postal address, one line.")]

DebitCloseReason = Literal[
    "lost", "stolen", "fraud_suspected", "damaged", "no_longer_needed", "account_closing"
]
DeliveryOption = Literal["STANDARD", "EXPEDITED", "RUSH"]
CardDesign = Literal["CLASSIC", "PREMIUM", "CUSTOM"]
ReplacementReason = Literal["fraud_suspected", "lost", "stolen", "damaged", "expired", "other"]
CardAction = Literal["keep_active", "cancel_and_reissue"]
DisputeReason = Literal[
    "unauthorized_fraudulent_charge",
    "duplicate_charge",
    "incorrect_amount",
    "goods_services_not_received",
    "goods_services_not_as_described",
    "canceled_subscription_still_charging",
    "refund_never_processed",
]
Resolution = Literal["full_refund", "partial_refund"]
DebitDisputeCategory = Literal[
    "unauthorized_transaction",
    "atm_cash_discrepancy",
    "atm_deposit_not_credited",
    "duplicate_charge",
    "incorrect_amount",
    "goods_services_not_received",
    "recurring_charge_after_cancellation",
    "card_present_fraud",
    "card_not_present_fraud",
]
DebitTransactionType = Literal[
    "pin_purchase",
    "signature_purchase",
    "online_purchase",
    "atm_withdrawal",
    "atm_deposit",
    "recurring_payment",
    "person_to_person",
]
PinCompromised = Literal["yes_shared", "yes_observed", "no", "unknown"]
DebitCardAction = Literal["keep_active", "freeze_pending_investigation", "close_and_reissue"]
StatementCreditReason = Literal[
    "goodwill_adjustment",
    "promotional_credit",
    "annual_fee_reversal",
    "late_fee_reversal",
    "interest_charge_reversal",
    "dispute_resolution",
    "price_match",
    "retention_offer",
    "error_correction",
    "other",
]
ClosureReason = Literal[
    "annual_fee",
    "not_using_card",
    "found_better_card",
    "unhappy_with_rewards",
    "simplifying_finances",
    "negative_experience",
    "other",
]
FlagType = Literal["annual_fee_waived", "promotional_apr", "rewards_bonus", "other"]
FlagReason = Literal[
    "retention_offer", "loyalty_benefit", "promotional", "error_correction", "other"
]
DenialReason = Literal[
    "insufficient_account_age",
    "cooldown_period_active",
    "pending_disputes",
    "pending_replacement_card",
    "past_due_balance",
    "high_utilization",
    "insufficient_payment_history",
    "requested_amount_exceeds_limit",
    "other",
]
AccountType = Literal["checking", "savings", "business_checking", "business_savings"]
CheckingCreditType = Literal["rebate_credit", "fee_refund"]
SavingsCreditType = Literal["interest_correction", "fee_refund", "goodwill_credit"]
AlertClearReason = Literal["customer_verified", "velocity_clear"]
LimitType = Literal["atm", "purchase"]
UserToolName = Literal[
    "submit_cash_back_dispute_0589",
    "get_referral_link",
    "get_card_last_4_digits",
    "deposit_check_3847",
]
CardType = Literal[
    "Bronze Rewards Card",
    "Business Bronze Rewards Card",
    "Business Gold Rewards Card",
    "Business Platinum Rewards Card",
    "Business Silver Rewards Card",
    "Crypto-Cash Back",
    "Diamond Elite Card",
    "EcoCard",
    "Gold Rewards Card",
    "Green Rewards Card",
    "Platinum Rewards Card",
    "Silver Rewards Card",
    "Silver Zoom Card",
]


def _lower(value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


def _upper(value: Any) -> Any:
    return value.upper() if isinstance(value, str) else value


class LogVerificationArgs(Contract):
    """Arguments of ``log_verification`` (the values on file)."""

    name: str = Field(min_length=1)
    user_id: UserId
    address: str = Field(min_length=1)
    email: str = Field(min_length=1)
    phone_number: str = Field(min_length=1)
    date_of_birth: str = Field(min_length=1)
    time_verified: str | None = Field(
        default=None,
        pattern=r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [A-Z]{2,5}$",
        description="'YYYY-MM-DD HH:MM:SS EST' (default: the bank's clock).",
    )


class ChangeEmailArgs(Contract):
    """Arguments of ``change_user_email``."""

    user_id: UserId
    new_email: str = Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", description="The new email.")


class CardArgs(Contract):
    """Arguments of a debit-card write naming only the card."""

    user_id: UserId
    card_id: CardId


class CloseDebitCardArgs(CardArgs):
    """Arguments of ``close_debit_card_4721``."""

    reason: DebitCloseReason

    _norm = field_validator("reason", mode="before")(_lower)


class OrderDebitCardArgs(Contract):
    """Arguments of ``order_debit_card_5739``."""

    user_id: UserId
    account_id: AccountId
    delivery_option: DeliveryOption
    delivery_fee: Fee
    card_design: CardDesign
    design_fee: Fee
    shipping_address: Address
    excess_replacement_fee: Fee | None = None

    _norm = field_validator("delivery_option", "card_design", mode="before")(_upper)


class ActivateDebitCardArgs(CardArgs):
    """Arguments of ``activate_debit_card_8291/8292/8293``."""

    last_4_digits: Last4
    expiration_date: str = Field(min_length=1, description="Expiry as on the card, MM/YY.")
    cvv: str = Field(pattern=r"^\d{3}$", description="The three-digit CVV.")
    pin: Pin


class ResetPinArgs(CardArgs):
    """Arguments of ``reset_debit_card_pin_6284``."""

    last_4_digits: Last4
    new_pin: Pin


class ChangePinArgs(CardArgs):
    """Arguments of ``change_debit_card_pin_6285``."""

    current_pin: Pin
    new_pin: Pin


class ClearAlertArgs(CardArgs):
    """Arguments of ``clear_debit_card_fraud_alert_4892``."""

    reason: AlertClearReason


class TemporaryLimitArgs(CardArgs):
    """Arguments of ``request_temporary_debit_card_limit_increase_8374``."""

    limit_type: LimitType
    new_limit: int = Field(gt=0, description="The new temporary daily limit in dollars.")


class RecurringBlockArgs(CardArgs):
    """Arguments of ``set_debit_card_recurring_block_7382``."""

    block_recurring: bool


class ReplaceCreditCardArgs(Contract):
    """Arguments of ``order_replacement_credit_card_7291``."""

    user_id: UserId
    credit_card_account_id: CreditCardAccountId
    shipping_address: Address
    reason: ReplacementReason
    expedited_shipping: bool = False


class CreditDisputeArgs(Contract):
    """Arguments of ``file_credit_card_transaction_dispute_4829``."""

    user_id: UserId
    transaction_id: str = Field(min_length=1)
    card_action: CardAction
    card_last_4_digits: Last4
    full_name: str = Field(min_length=1)
    phone: str = Field(min_length=1)
    email: str = Field(min_length=1)
    address: Address
    contacted_merchant: bool
    purchase_date: Date
    issue_noticed_date: Date
    dispute_reason: DisputeReason
    resolution_requested: Resolution
    eligible_for_provisional_credit: bool
    partial_refund_amount: Money | None = None


class DebitDisputeArgs(Contract):
    """Arguments of ``file_debit_card_transaction_dispute_6281`` (Regulation E)."""

    user_id: UserId
    transaction_id: str = Field(min_length=1)
    account_id: AccountId
    card_id: CardId
    dispute_category: DebitDisputeCategory
    transaction_date: Date
    discovery_date: Date
    disputed_amount: Money
    transaction_type: DebitTransactionType
    card_in_possession: bool
    pin_compromised: PinCompromised
    contacted_merchant: bool
    police_report_filed: bool
    written_statement_provided: bool
    provisional_credit_eligible: bool
    customer_max_liability_amount: float = Field(
        description="The customer's liability cap in dollars: 50, 500, or -1 for unlimited."
    )
    card_action: DebitCardAction


class RewardsUpdateArgs(Contract):
    """Arguments of ``update_transaction_rewards_3847``."""

    user_id: UserId
    transaction_id: str = Field(min_length=1)
    new_rewards_earned: str = Field(pattern=r"^\d+ points$", description="e.g. '6300 points'.")


class StatementCreditArgs(Contract):
    """Arguments of ``apply_statement_credit_8472``."""

    user_id: UserId
    credit_card_account_id: CreditCardAccountId
    amount: Money
    reason: StatementCreditReason


class ClosureReasonArgs(Contract):
    """Arguments of ``log_credit_card_closure_reason_4521``."""

    user_id: UserId
    credit_card_account_id: CreditCardAccountId
    closure_reason: ClosureReason


class AccountFlagArgs(Contract):
    """Arguments of ``apply_credit_card_account_flag_6147``."""

    user_id: UserId
    credit_card_account_id: CreditCardAccountId
    flag_type: FlagType
    expiration_date: Date
    reason: FlagReason


class CreditCardAccountArgs(Contract):
    """Arguments of ``close_credit_card_account_7834``."""

    user_id: UserId
    credit_card_account_id: CreditCardAccountId


class PayCardArgs(Contract):
    """Arguments of ``pay_credit_card_from_checking_9182``."""

    user_id: UserId
    checking_account_id: AccountId
    credit_card_account_id: CreditCardAccountId
    amount: Money


class LimitRequestArgs(Contract):
    """Arguments of ``submit_credit_limit_increase_request_7392``."""

    user_id: UserId
    credit_card_account_id: CreditCardAccountId
    requested_increase_amount: int = Field(gt=0, description="Increase in whole dollars.")
    decision: Literal["approve", "deny"] | None = Field(
        default=None, description="The rules' decision, made with the submission."
    )
    denial_reason: DenialReason | None = None

    @model_validator(mode="after")
    def _reason_with_denial(self) -> LimitRequestArgs:
        if self.decision == "deny" and self.denial_reason is None:
            raise ValueError("a denial needs its reason")
        return self


class LimitApproveArgs(Contract):
    """Arguments of ``approve_credit_limit_increase_5847``."""

    user_id: UserId
    credit_card_account_id: CreditCardAccountId
    new_credit_limit: int = Field(gt=0, description="The new total credit limit in dollars.")


class LimitDenyArgs(Contract):
    """Arguments of ``deny_credit_limit_increase_5848``."""

    user_id: UserId
    credit_card_account_id: CreditCardAccountId
    denial_reason: DenialReason


class OpenAccountArgs(Contract):
    """Arguments of ``open_bank_account_4821``."""

    user_id: UserId
    account_type: AccountType
    account_class: str = Field(
        min_length=1, description="Full product name, e.g. 'Blue Account', 'Sky Blue'."
    )


class CloseAccountArgs(Contract):
    """Arguments of ``close_bank_account_7392``."""

    user_id: UserId
    account_id: AccountId
    reason: str = Field(default="Customer requested closure", min_length=1)
    waive_early_closure_fee: bool = False


class TransferArgs(Contract):
    """Arguments of ``transfer_funds_between_bank_accounts_7291``."""

    user_id: UserId
    source_account_id: AccountId
    destination_account_id: AccountId
    amount: Money


class CheckingCreditArgs(Contract):
    """Arguments of ``apply_checking_account_credit_5829``."""

    user_id: UserId
    account_id: AccountId
    amount: Money
    credit_type: CheckingCreditType


class SavingsCreditArgs(Contract):
    """Arguments of ``apply_savings_account_credit_6831``."""

    user_id: UserId
    account_id: AccountId
    amount: Money
    credit_type: SavingsCreditType


class InterestReportArgs(Contract):
    """Arguments of ``submit_interest_discrepancy_report_7294`` (APYs in percent)."""

    user_id: UserId
    account_id: AccountId
    expected_apy: float = Field(ge=0, description="APY due, in percent, e.g. 4.275.")
    actual_apy: float = Field(ge=0, description="APY applied, in percent, e.g. 4.0.")
    amount_difference: float = Field(description="Interest owed in dollars.")


class GiveToolArgs(Contract):
    """Arguments of ``give_discoverable_user_tool``."""

    user_id: UserId
    discoverable_tool_name: UserToolName
    arguments: str = Field(default="{}", description="Suggested arguments as a JSON string.")


class CashBackDisputeArgs(Contract):
    """Arguments of the customer's ``submit_cash_back_dispute_0589``."""

    user_id: UserId
    transaction_id: str = Field(min_length=1)


class ReferralLinkArgs(Contract):
    """Arguments of the customer's ``get_referral_link``."""

    user_id: UserId
    card_name: str = Field(min_length=1, description="Card product, e.g. 'Platinum Rewards Card'.")


class CardLast4Args(Contract):
    """Arguments of the customer's ``get_card_last_4_digits``."""

    user_id: UserId
    credit_card_account_id: CreditCardAccountId


class DepositCheckArgs(Contract):
    """Arguments of the customer's ``deposit_check_3847``."""

    user_id: UserId
    account_id: AccountId
    check_amount: Money


class ApplyCardArgs(Contract):
    """Arguments of the customer's ``apply_for_credit_card``."""

    user_id: UserId
    card_type: CardType
    customer_name: str = Field(min_length=1)
    annual_income: float = Field(ge=0)
    rho_bank_subscription: bool = False


class SubmitReferralArgs(Contract):
    """Arguments of the customer's ``submit_referral``."""

    user_id: UserId
    account_type: str = Field(min_length=1, description="Product referred, e.g. 'Blue Account'.")
