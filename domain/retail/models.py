"""SQLAlchemy models of the store's business data.

They mirror the τ²-bench retail shape (users with payment methods, products with option
variants, orders with items, fulfilments and payment history) so that a τ² ``db.json``
imports and exports without loss. They have their own declarative base: the engine's
tables are created in any business's database, these only in the store's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """Declarative base of the store's tables."""


class User(Base):
    """A customer with a default address and payment methods."""

    __tablename__ = "users"

    user_id: Mapped[str] = mapped_column(
        String(64), primary_key=True, comment="Unique identifier of the customer"
    )
    first_name: Mapped[str] = mapped_column(String(80), comment="Customer's first name")
    last_name: Mapped[str] = mapped_column(String(80), comment="Customer's last name")
    email: Mapped[str] = mapped_column(String(160), index=True, comment="Customer's email address")
    address1: Mapped[str] = mapped_column(
        String(160), comment="Street address of the customer's default shipping address"
    )
    address2: Mapped[str] = mapped_column(
        String(160), default="", comment="Second line (apartment, suite) of the default address"
    )
    city: Mapped[str] = mapped_column(String(80), comment="City of the customer's default address")
    state: Mapped[str] = mapped_column(
        String(40), comment="State (two-letter code) of the customer's default address"
    )
    country: Mapped[str] = mapped_column(
        String(40), comment="Country of the customer's default address"
    )
    zip: Mapped[str] = mapped_column(
        String(16), index=True, comment="Zip code of the customer's default address"
    )

    payment_methods: Mapped[list[PaymentMethod]] = relationship(
        back_populates="user", order_by="PaymentMethod.position", cascade="all, delete-orphan"
    )
    orders: Mapped[list[Order]] = relationship(
        back_populates="user", order_by="Order.seq", cascade="all, delete-orphan"
    )


class PaymentMethod(Base):
    """A gift card (with balance), PayPal account or credit card belonging to a user."""

    __tablename__ = "payment_methods"

    id: Mapped[str] = mapped_column(
        String(64), primary_key=True, comment="Unique identifier of the payment method"
    )
    user_id: Mapped[str] = mapped_column(
        ForeignKey("users.user_id"),
        index=True,
        comment="Customer who owns the payment method (users.user_id)",
    )
    position: Mapped[int] = mapped_column(
        Integer, default=0, comment="Order in which the customer's payment methods are listed"
    )
    source: Mapped[str] = mapped_column(
        String(20), comment="Kind of payment method: gift_card, paypal or credit_card"
    )
    brand: Mapped[str | None] = mapped_column(
        String(40), nullable=True, comment="Card brand of a credit card (visa, mastercard …)"
    )
    last_four: Mapped[str | None] = mapped_column(
        String(4), nullable=True, comment="Last four digits of a credit card"
    )
    balance: Mapped[float | None] = mapped_column(
        Float, nullable=True, comment="Remaining balance of a gift card, in dollars"
    )

    user: Mapped[User] = relationship(back_populates="payment_methods")


class Product(Base):
    """A product type (e.g. T-Shirt) with option variants."""

    __tablename__ = "products"

    product_id: Mapped[str] = mapped_column(
        String(32), primary_key=True, comment="Unique identifier of the product type"
    )
    name: Mapped[str] = mapped_column(
        String(120), index=True, comment="Name of the product type (e.g. T-Shirt, Water Bottle)"
    )

    variants: Mapped[list[Variant]] = relationship(
        back_populates="product", order_by="Variant.position", cascade="all, delete-orphan"
    )


class Variant(Base):
    """A purchasable item: one combination of a product's options."""

    __tablename__ = "variants"

    item_id: Mapped[str] = mapped_column(
        String(32),
        primary_key=True,
        comment="Unique identifier of the purchasable item (one combination of options)",
    )
    product_id: Mapped[str] = mapped_column(
        ForeignKey("products.product_id"),
        index=True,
        comment="Product type of the item (products.product_id)",
    )
    position: Mapped[int] = mapped_column(
        Integer, default=0, comment="Order in which the product's items are listed"
    )
    options: Mapped[dict[str, str]] = mapped_column(
        JSON, comment="The item's option values as JSON (color, size, material …)"
    )
    available: Mapped[bool] = mapped_column(Boolean, comment="Whether the item can be bought now")
    price: Mapped[float] = mapped_column(Float, comment="Current price of the item, in dollars")

    product: Mapped[Product] = relationship(back_populates="variants")


class Order(Base):
    """An order with its shipping address, status and the results of past actions."""

    __tablename__ = "orders"

    order_id: Mapped[str] = mapped_column(
        String(32), primary_key=True, comment="Unique identifier of the order (#W and seven digits)"
    )
    seq: Mapped[int] = mapped_column(
        Integer, index=True, comment="Sequence number of the order in the store"
    )
    user_id: Mapped[str] = mapped_column(
        ForeignKey("users.user_id"),
        index=True,
        comment="Customer who placed the order (users.user_id)",
    )
    status: Mapped[str] = mapped_column(
        String(40),
        comment="Order status: pending, processed, delivered, cancelled, return requested, "
        "exchange requested, pending (item modified)",
    )
    address1: Mapped[str] = mapped_column(String(160), comment="Street address the order ships to")
    address2: Mapped[str] = mapped_column(
        String(160), default="", comment="Second line (apartment, suite) of the shipping address"
    )
    city: Mapped[str] = mapped_column(String(80), comment="City the order ships to")
    state: Mapped[str] = mapped_column(
        String(40), comment="State (two-letter code) the order ships to"
    )
    country: Mapped[str] = mapped_column(String(40), comment="Country the order ships to")
    zip: Mapped[str] = mapped_column(String(16), comment="Zip code the order ships to")
    cancel_reason: Mapped[str | None] = mapped_column(
        String(40),
        nullable=True,
        comment="Why a cancelled order was cancelled: 'no longer needed' or 'ordered by mistake'",
    )
    return_items: Mapped[list[str] | None] = mapped_column(
        JSON, nullable=True, comment="Item ids of a requested return, as JSON"
    )
    return_payment_method_id: Mapped[str | None] = mapped_column(
        String(64), nullable=True, comment="Payment method the refund of a return goes to"
    )
    exchange_items: Mapped[list[str] | None] = mapped_column(
        JSON, nullable=True, comment="Item ids given back in a requested exchange, as JSON"
    )
    exchange_new_items: Mapped[list[str] | None] = mapped_column(
        JSON, nullable=True, comment="Item ids wanted in a requested exchange, as JSON"
    )
    exchange_payment_method_id: Mapped[str | None] = mapped_column(
        String(64), nullable=True, comment="Payment method of an exchange's price difference"
    )
    exchange_price_difference: Mapped[float | None] = mapped_column(
        Float,
        nullable=True,
        comment="Price difference of a requested exchange, in dollars (negative: refunded)",
    )
    placed_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, comment="When the customer placed the order"
    )
    updated_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True),
        nullable=True,
        comment="When the order's status last changed (e.g. when it was cancelled or delivered)",
    )
    # Fields of an imported order that this schema has no column for, kept for the export.
    extra: Mapped[dict[str, Any] | None] = mapped_column(
        JSON, nullable=True, comment="Imported fields without a column of their own, as JSON"
    )

    user: Mapped[User] = relationship(back_populates="orders")
    items: Mapped[list[OrderItem]] = relationship(
        back_populates="order", order_by="OrderItem.position", cascade="all, delete-orphan"
    )
    fulfilments: Mapped[list[Fulfilment]] = relationship(
        back_populates="order", order_by="Fulfilment.position", cascade="all, delete-orphan"
    )
    payments: Mapped[list[PaymentTransaction]] = relationship(
        back_populates="order",
        order_by="PaymentTransaction.position",
        cascade="all, delete-orphan",
    )


class OrderItem(Base):
    """One line of an order: a variant at the price it was bought for."""

    __tablename__ = "order_items"

    id: Mapped[int] = mapped_column(
        Integer, primary_key=True, autoincrement=True, comment="Row identifier"
    )
    order_id: Mapped[str] = mapped_column(
        ForeignKey("orders.order_id"),
        index=True,
        comment="Order the item belongs to (orders.order_id)",
    )
    position: Mapped[int] = mapped_column(Integer, comment="Position of the item in the order")
    item_id: Mapped[str] = mapped_column(String(32), comment="Purchased item (variants.item_id)")
    product_id: Mapped[str] = mapped_column(
        String(32), comment="Product type of the purchased item (products.product_id)"
    )
    name: Mapped[str] = mapped_column(String(120), comment="Product name of the purchased item")
    price: Mapped[float] = mapped_column(Float, comment="Price paid for the item, in dollars")
    options: Mapped[dict[str, str]] = mapped_column(
        JSON, comment="Option values of the purchased item, as JSON"
    )

    order: Mapped[Order] = relationship(back_populates="items")


class Fulfilment(Base):
    """A shipment of some of an order's items, with its tracking ids."""

    __tablename__ = "fulfilments"

    id: Mapped[int] = mapped_column(
        Integer, primary_key=True, autoincrement=True, comment="Row identifier"
    )
    order_id: Mapped[str] = mapped_column(
        ForeignKey("orders.order_id"), index=True, comment="Order shipped (orders.order_id)"
    )
    position: Mapped[int] = mapped_column(
        Integer, comment="Position of the shipment within the order"
    )
    tracking_ids: Mapped[list[str]] = mapped_column(
        JSON, comment="Parcel tracking ids of the shipment, as JSON"
    )
    item_ids: Mapped[list[str]] = mapped_column(JSON, comment="Item ids in the shipment, as JSON")

    order: Mapped[Order] = relationship(back_populates="fulfilments")


class PaymentTransaction(Base):
    """A payment or refund on an order."""

    __tablename__ = "payment_transactions"

    id: Mapped[int] = mapped_column(
        Integer, primary_key=True, autoincrement=True, comment="Row identifier"
    )
    order_id: Mapped[str] = mapped_column(
        ForeignKey("orders.order_id"),
        index=True,
        comment="Order paid or refunded (orders.order_id)",
    )
    position: Mapped[int] = mapped_column(
        Integer, comment="Position of the transaction in the order's payment history"
    )
    transaction_type: Mapped[str] = mapped_column(String(16), comment="payment or refund")
    amount: Mapped[float] = mapped_column(
        Float, comment="Amount of the payment or refund, in dollars"
    )
    payment_method_id: Mapped[str] = mapped_column(
        String(64), comment="Payment method charged or refunded (payment_methods.id)"
    )

    order: Mapped[Order] = relationship(back_populates="payments")
