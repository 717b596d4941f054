"""Write tools of the retail store: each one re-checks the store's rules inside its transaction.

The dialogue policy checks the same rules before asking for confirmation; the
checks here are the last line of defence (a write never trusts its caller) and
follow the τ²-bench retail semantics so exported databases compare equal.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any

from pydantic import ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from keel.domain.retail.models import Order, PaymentMethod, PaymentTransaction, User, Variant
from keel.persistence.db import session_scope
from keel.persistence.models import utcnow
from keel.tools.registry import Contract, RegisteredTool, ToolContext, ToolError, ToolSpec

CANCEL_REASONS = ("no longer needed", "ordered by mistake")

# -- argument contracts (what a planner or a model corrector is shown; checked before a run)
OrderId = Annotated[str, Field(description="Order id such as #W1234567.", min_length=2)]
ItemIds = Annotated[
    list[Annotated[str, Field(min_length=1)]],
    Field(min_length=1, description="Item ids of the order, one per unit."),
]
PaymentMethodId = Annotated[
    str, Field(min_length=1, description="A payment method of the order's owner.")
]


class Address(Contract):
    """A postal address (the reader's own marks on it, such as "partial", are not kept)."""

    model_config = ConfigDict(extra="ignore")

    address1: str = Field(min_length=1, description="Street and number.")
    address2: str = Field(default="", description="Apartment or suite, if any.")
    city: str = Field(min_length=1)
    state: str = Field(min_length=1, description="State code, e.g. NY.")
    country: str = Field(default="USA")
    zip: str = Field(min_length=1, description="Zip code.")


class CancelArgs(Contract):
    """Arguments of ``cancel_pending_order``."""

    order_id: OrderId
    reason: str = Field(
        description="Why the order is cancelled.", json_schema_extra={"enum": list(CANCEL_REASONS)}
    )


class OrderAddressArgs(Contract):
    """Arguments of ``modify_pending_order_address``."""

    order_id: OrderId
    address: Address


class OrderPaymentArgs(Contract):
    """Arguments of ``modify_pending_order_payment``."""

    order_id: OrderId
    payment_method_id: PaymentMethodId


class ItemChangeArgs(Contract):
    """Arguments of ``modify_pending_order_items`` and ``exchange_delivered_order_items``."""

    order_id: OrderId
    item_ids: ItemIds
    new_item_ids: Annotated[
        list[Annotated[str, Field(min_length=1)]],
        Field(min_length=1, description="The new item (variant) ids, in the order of item_ids."),
    ]
    payment_method_id: PaymentMethodId


class ReturnArgs(Contract):
    """Arguments of ``return_delivered_order_items``."""

    order_id: OrderId
    item_ids: ItemIds
    payment_method_id: PaymentMethodId


class UserAddressArgs(Contract):
    """Arguments of ``modify_user_address``."""

    user_id: str = Field(min_length=1, description="The user's account id.")
    address: Address


def _order(session: Session, order_id: str) -> Order:
    order = session.get(Order, order_id)
    if order is None:
        raise ToolError("DATA_NOT_FOUND", f"order {order_id} not found")
    return order


def _require_status(order: Order, status: str) -> None:
    if order.status != status:
        raise ToolError("BUSINESS_ERROR", f"order {order.order_id} is {order.status}, not {status}")


def _payment_method(session: Session, user_id: str, method_id: str) -> PaymentMethod:
    method = session.get(PaymentMethod, method_id)
    if method is None or method.user_id != user_id:
        raise ToolError("DATA_NOT_FOUND", f"payment method {method_id} not found")
    return method


def _add_payment(order: Order, kind: str, amount: float, method_id: str) -> None:
    order.payments.append(
        PaymentTransaction(
            position=len(order.payments),
            transaction_type=kind,
            amount=round(amount, 2),
            payment_method_id=method_id,
        )
    )


def _check_items(order: Order, item_ids: list[str]) -> None:
    have = Counter(item.item_id for item in order.items)
    for item_id, count in Counter(item_ids).items():
        if count > have.get(item_id, 0):
            raise ToolError("VALIDATION_ERROR", f"item {item_id} is not in {order.order_id}")


def _price_difference(
    session: Session, order: Order, item_ids: list[str], new_item_ids: list[str]
) -> tuple[float, list[Variant]]:
    if len(item_ids) != len(new_item_ids) or not item_ids:
        raise ToolError("PARAMETER_ERROR", "item_ids and new_item_ids must pair up")
    difference = 0.0
    variants: list[Variant] = []
    for item_id, new_item_id in zip(item_ids, new_item_ids, strict=True):
        item = next(i for i in order.items if i.item_id == item_id)
        variant = session.get(Variant, new_item_id)
        if variant is None or variant.product_id != item.product_id:
            raise ToolError("VALIDATION_ERROR", f"{new_item_id} is not a variant of {item.name}")
        if not variant.available:
            raise ToolError("BUSINESS_ERROR", f"item {new_item_id} is not available")
        difference += variant.price - item.price
        variants.append(variant)
    return round(difference, 2), variants


def _gift_card_must_cover(method: PaymentMethod, amount: float) -> None:
    if method.source == "gift_card" and (method.balance or 0.0) < amount:
        raise ToolError("BUSINESS_ERROR", "insufficient gift card balance")


def cancel_pending_order(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Cancel a pending order for a valid reason and refund every payment."""
    reason = str(args["reason"])
    if reason not in CANCEL_REASONS:
        raise ToolError("VALIDATION_ERROR", f"invalid cancellation reason {reason!r}")
    with session_scope(ctx.database_url) as session:
        order = _order(session, args["order_id"])
        _require_status(order, "pending")
        for payment in list(order.payments):
            _add_payment(order, "refund", payment.amount, payment.payment_method_id)
            method = session.get(PaymentMethod, payment.payment_method_id)
            if method is not None and method.source == "gift_card":
                method.balance = round((method.balance or 0.0) + payment.amount, 2)
        order.status = "cancelled"
        order.updated_at = utcnow()
        order.cancel_reason = reason
        paid = [p for p in order.payments if p.transaction_type == "payment"]
        return {
            "order_id": order.order_id,
            "status": order.status,
            "reason": reason,
            "refund": round(sum(p.amount for p in paid), 2),
            "payment_method_id": paid[0].payment_method_id if paid else None,
        }


def modify_pending_order_address(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Change the shipping address of a pending order."""
    address = args["address"]
    with session_scope(ctx.database_url) as session:
        order = _order(session, args["order_id"])
        _require_status(order, "pending")
        for key in ("address1", "address2", "city", "state", "country", "zip"):
            setattr(order, key, str(address.get(key, "")))
        return {"order_id": order.order_id, "address": dict(address)}


def modify_pending_order_payment(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Pay a pending order with another single payment method."""
    with session_scope(ctx.database_url) as session:
        order = _order(session, args["order_id"])
        _require_status(order, "pending")
        if len(order.payments) != 1 or order.payments[0].transaction_type != "payment":
            raise ToolError("BUSINESS_ERROR", "order must have exactly one payment")
        original = order.payments[0]
        new = _payment_method(session, order.user_id, args["payment_method_id"])
        if new.id == original.payment_method_id:
            raise ToolError("VALIDATION_ERROR", "new payment method equals the current one")
        _gift_card_must_cover(new, original.amount)
        _add_payment(order, "payment", original.amount, new.id)
        _add_payment(order, "refund", original.amount, original.payment_method_id)
        if new.source == "gift_card":
            new.balance = round((new.balance or 0.0) - original.amount, 2)
        old = session.get(PaymentMethod, original.payment_method_id)
        if old is not None and old.source == "gift_card":
            old.balance = round((old.balance or 0.0) + original.amount, 2)
        return {"order_id": order.order_id, "payment_method_id": new.id}


def modify_pending_order_items(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Change items of a pending order to other variants of the same products (once)."""
    item_ids, new_item_ids = list(args["item_ids"]), list(args["new_item_ids"])
    with session_scope(ctx.database_url) as session:
        order = _order(session, args["order_id"])
        _require_status(order, "pending")
        _check_items(order, item_ids)
        difference, variants = _price_difference(session, order, item_ids, new_item_ids)
        method = _payment_method(session, order.user_id, args["payment_method_id"])
        _gift_card_must_cover(method, difference)
        kind = "payment" if difference > 0 else "refund"
        _add_payment(order, kind, abs(difference), method.id)
        if method.source == "gift_card":
            method.balance = round((method.balance or 0.0) - difference, 2)
        for item_id, variant in zip(item_ids, variants, strict=True):
            item = next(i for i in order.items if i.item_id == item_id)
            item.item_id, item.price, item.options = variant.item_id, variant.price, variant.options
        order.status = "pending (item modified)"
        order.updated_at = utcnow()
        return {
            "order_id": order.order_id,
            "price_difference": difference,
            "status": order.status,
            "payment_method_id": method.id,
        }


def return_delivered_order_items(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Request the return of delivered items; refund to the original method or a gift card."""
    item_ids = list(args["item_ids"])
    with session_scope(ctx.database_url) as session:
        order = _order(session, args["order_id"])
        _require_status(order, "delivered")
        method = _payment_method(session, order.user_id, args["payment_method_id"])
        original = order.payments[0].payment_method_id if order.payments else None
        if method.source != "gift_card" and method.id != original:
            raise ToolError(
                "BUSINESS_ERROR", "refund must go to the original method or a gift card"
            )
        _check_items(order, item_ids)
        order.status = "return requested"
        order.updated_at = utcnow()
        order.return_items = sorted(item_ids)
        order.return_payment_method_id = method.id
        price = {i.item_id: i.price for i in order.items}
        refund = sum(price[item_id] for item_id in item_ids)
        return {
            "order_id": order.order_id,
            "status": order.status,
            "item_ids": sorted(item_ids),
            "refund": round(refund, 2),
            "payment_method_id": method.id,
        }


def exchange_delivered_order_items(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Request the exchange of delivered items for other variants of the same products (once)."""
    item_ids, new_item_ids = list(args["item_ids"]), list(args["new_item_ids"])
    with session_scope(ctx.database_url) as session:
        order = _order(session, args["order_id"])
        _require_status(order, "delivered")
        _check_items(order, item_ids)
        difference, _ = _price_difference(session, order, item_ids, new_item_ids)
        method = _payment_method(session, order.user_id, args["payment_method_id"])
        _gift_card_must_cover(method, difference)
        order.status = "exchange requested"
        order.updated_at = utcnow()
        order.exchange_items = sorted(item_ids)
        order.exchange_new_items = sorted(new_item_ids)
        order.exchange_payment_method_id = method.id
        order.exchange_price_difference = difference
        return {
            "order_id": order.order_id,
            "status": order.status,
            "price_difference": difference,
            "payment_method_id": method.id,
        }


def modify_user_address(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Change the default address on a user's profile."""
    address = args["address"]
    with session_scope(ctx.database_url) as session:
        user = session.get(User, args["user_id"])
        if user is None:
            raise ToolError("DATA_NOT_FOUND", f"user {args['user_id']} not found")
        for key in ("address1", "address2", "city", "state", "country", "zip"):
            setattr(user, key, str(address.get(key, "")))
        return {"user_id": user.user_id, "address": dict(address)}


def _spec(name: str, contract: type[Contract], description: str) -> ToolSpec:
    return ToolSpec(
        name=name,
        category="action",
        access="write",
        args_model=contract,
        description=description,
    )


def order_belongs_to(database_url: str, order_id: str, user_id: str) -> bool | None:
    """Return whether the order is the user's (None when the order does not exist)."""
    with session_scope(database_url) as session:
        owner = session.scalar(select(Order.user_id).where(Order.order_id == order_id))
    return None if owner is None else owner == user_id


WRITE_TOOLS: list[RegisteredTool] = [
    RegisteredTool(
        _spec("cancel_pending_order", CancelArgs, "Cancel a pending order."),
        cancel_pending_order,
    ),
    RegisteredTool(
        _spec(
            "modify_pending_order_address",
            OrderAddressArgs,
            "Change the shipping address of a pending order.",
        ),
        modify_pending_order_address,
    ),
    RegisteredTool(
        _spec(
            "modify_pending_order_payment",
            OrderPaymentArgs,
            "Pay a pending order with another payment method.",
        ),
        modify_pending_order_payment,
    ),
    RegisteredTool(
        _spec(
            "modify_pending_order_items",
            ItemChangeArgs,
            "Change items of a pending order to other options of the same products.",
        ),
        modify_pending_order_items,
    ),
    RegisteredTool(
        _spec(
            "return_delivered_order_items",
            ReturnArgs,
            "Request the return of delivered items.",
        ),
        return_delivered_order_items,
    ),
    RegisteredTool(
        _spec(
            "exchange_delivered_order_items",
            ItemChangeArgs,
            "Request the exchange of delivered items.",
        ),
        exchange_delivered_order_items,
    ),
    RegisteredTool(
        _spec("modify_user_address", UserAddressArgs, "Change the user's default address."),
        modify_user_address,
    ),
]
