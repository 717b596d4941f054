"""Import and export of τ²-bench retail ``db.json`` files.

A τ² retail database is one JSON object with three maps keyed by id:
``products`` (each with its ``variants``), ``users`` (each with
``payment_methods`` and the ids of its ``orders``) and ``orders`` (each with
``items``, ``fulfillments`` and ``payment_history``). :func:`import_tau2`
replaces the business tables with such a document and :func:`export_db`
rebuilds it, so that ``export_db(url) == data`` after ``import_tau2(data, url)``
— including the order of keys inside every object.

Two things of the document are derived on export rather than stored:

* a user's ``orders`` list is rebuilt from the orders' ``user_id`` in file
  order (``Order.seq``); the importer warns when the file's lists disagree;
* the order of products and users is their insertion order (SQLite ``rowid``;
  other databases fall back to the primary key).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import ColumnElement, insert, literal_column, select
from sqlalchemy.orm import InstrumentedAttribute, Session, selectinload

from keel.domain.retail.models import (
    Base,
    Fulfilment,
    Order,
    OrderItem,
    PaymentMethod,
    PaymentTransaction,
    Product,
    User,
    Variant,
)
from keel.persistence.db import create_tables, reset_schema, session_scope

logger = logging.getLogger(__name__)

ADDRESS_KEYS: tuple[str, ...] = ("address1", "address2", "city", "country", "state", "zip")
ORDER_CORE_KEYS: tuple[str, ...] = (
    "order_id",
    "user_id",
    "address",
    "items",
    "status",
    "fulfillments",
    "payment_history",
)
# Keys τ² adds to an order once it is cancelled, returned or exchanged, in export order.
ORDER_OPTIONAL_KEYS: tuple[str, ...] = (
    "cancel_reason",
    "return_items",
    "return_payment_method_id",
    "exchange_items",
    "exchange_new_items",
    "exchange_payment_method_id",
    "exchange_price_difference",
)
_USER_KEYS = frozenset({"user_id", "name", "address", "email", "payment_methods", "orders"})
_PAYMENT_METHOD_KEYS = frozenset({"source", "id", "brand", "last_four", "balance"})
_PRODUCT_KEYS = frozenset({"name", "product_id", "variants"})
_VARIANT_KEYS = frozenset({"item_id", "options", "available", "price"})
_CHUNK = 5000


@dataclass(frozen=True)
class ImportCounts:
    """How many rows of each kind an import wrote."""

    products: int
    variants: int
    users: int
    payment_methods: int
    orders: int
    order_items: int
    fulfilments: int
    payments: int


# --------------------------------------------------------------------------- import


def _warn_unknown(kind: str, key: str, found: Iterable[str], known: frozenset[str]) -> None:
    unknown = sorted(set(found) - known)
    if unknown:
        logger.warning("τ² %s %s: ignoring unknown keys %s", kind, key, unknown)


def _address_columns(address: Mapping[str, Any]) -> dict[str, str]:
    return {
        "address1": str(address["address1"]),
        "address2": str(address.get("address2") or ""),
        "city": str(address["city"]),
        "state": str(address["state"]),
        "country": str(address["country"]),
        "zip": str(address["zip"]),
    }


def _product_rows(
    products: Mapping[str, Mapping[str, Any]],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    product_rows: list[dict[str, Any]] = []
    variant_rows: list[dict[str, Any]] = []
    for key, product in products.items():
        _warn_unknown("product", key, product, _PRODUCT_KEYS)
        product_id = str(product["product_id"])
        product_rows.append({"product_id": product_id, "name": str(product["name"])})
        for position, variant in enumerate(product["variants"].values()):
            _warn_unknown("variant", str(variant.get("item_id")), variant, _VARIANT_KEYS)
            variant_rows.append(
                {
                    "item_id": str(variant["item_id"]),
                    "product_id": product_id,
                    "position": position,
                    "options": dict(variant["options"]),
                    "available": bool(variant["available"]),
                    "price": float(variant["price"]),
                }
            )
    return product_rows, variant_rows


def _user_rows(
    users: Mapping[str, Mapping[str, Any]],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    user_rows: list[dict[str, Any]] = []
    method_rows: list[dict[str, Any]] = []
    for key, user in users.items():
        _warn_unknown("user", key, user, _USER_KEYS)
        user_id = str(user["user_id"])
        user_rows.append(
            {
                "user_id": user_id,
                "first_name": str(user["name"]["first_name"]),
                "last_name": str(user["name"]["last_name"]),
                "email": str(user["email"]),
                **_address_columns(user["address"]),
            }
        )
        for position, method in enumerate(user["payment_methods"].values()):
            _warn_unknown("payment method", str(method.get("id")), method, _PAYMENT_METHOD_KEYS)
            balance = method.get("balance")
            last_four = method.get("last_four")
            brand = method.get("brand")
            method_rows.append(
                {
                    "id": str(method["id"]),
                    "user_id": user_id,
                    "position": position,
                    "source": str(method["source"]),
                    "brand": None if brand is None else str(brand),
                    "last_four": None if last_four is None else str(last_four),
                    "balance": None if balance is None else float(balance),
                }
            )
    return user_rows, method_rows


def _order_row(seq: int, order: Mapping[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {
        "order_id": str(order["order_id"]),
        "seq": seq,
        "user_id": str(order["user_id"]),
        "status": str(order["status"]),
        **_address_columns(order["address"]),
    }
    for key in ORDER_OPTIONAL_KEYS:
        row[key] = order.get(key)
    if row["exchange_price_difference"] is not None:
        row["exchange_price_difference"] = float(row["exchange_price_difference"])
    extra = {
        key: value
        for key, value in order.items()
        if key not in ORDER_CORE_KEYS and key not in ORDER_OPTIONAL_KEYS
    }
    row["extra"] = extra or None
    return row


def _order_rows(
    orders: Mapping[str, Mapping[str, Any]],
) -> tuple[list[dict[str, Any]], ...]:
    order_rows: list[dict[str, Any]] = []
    item_rows: list[dict[str, Any]] = []
    fulfilment_rows: list[dict[str, Any]] = []
    payment_rows: list[dict[str, Any]] = []
    for seq, order in enumerate(orders.values()):
        order_id = str(order["order_id"])
        order_rows.append(_order_row(seq, order))
        for position, item in enumerate(order["items"]):
            item_rows.append(
                {
                    "order_id": order_id,
                    "position": position,
                    "item_id": str(item["item_id"]),
                    "product_id": str(item["product_id"]),
                    "name": str(item["name"]),
                    "price": float(item["price"]),
                    "options": dict(item["options"]),
                }
            )
        for position, fulfilment in enumerate(order["fulfillments"]):
            fulfilment_rows.append(
                {
                    "order_id": order_id,
                    "position": position,
                    "tracking_ids": [str(t) for t in fulfilment["tracking_id"]],
                    "item_ids": [str(i) for i in fulfilment["item_ids"]],
                }
            )
        for position, payment in enumerate(order["payment_history"]):
            payment_rows.append(
                {
                    "order_id": order_id,
                    "position": position,
                    "transaction_type": str(payment["transaction_type"]),
                    "amount": float(payment["amount"]),
                    "payment_method_id": str(payment["payment_method_id"]),
                }
            )
    return order_rows, item_rows, fulfilment_rows, payment_rows


def _check_user_order_lists(
    users: Mapping[str, Mapping[str, Any]], orders: Mapping[str, Mapping[str, Any]]
) -> None:
    derived: dict[str, list[str]] = {}
    for order in orders.values():
        derived.setdefault(str(order["user_id"]), []).append(str(order["order_id"]))
    for user_id, user in users.items():
        listed = [str(order_id) for order_id in user.get("orders") or []]
        if listed != derived.get(str(user_id), []):
            logger.warning(
                "τ² user %s: its orders list %s differs from the orders that name it %s; "
                "the export will list the latter",
                user_id,
                listed,
                derived.get(str(user_id), []),
            )


def _bulk_insert(session: Session, model: type[Any], rows: Sequence[dict[str, Any]]) -> None:
    for start in range(0, len(rows), _CHUNK):
        session.execute(insert(model), list(rows[start : start + _CHUNK]))


def import_tau2(data: Mapping[str, Any], url: str) -> ImportCounts:
    """Replace the business data of ``url`` with the τ² retail document ``data``.

    The whole schema is dropped and recreated first (audit trail and handoff
    queue included), then every table is filled with one bulk ``INSERT`` per
    kind of row. Orders keep their order of appearance as ``Order.seq``; order
    keys this schema has no column for are kept in ``Order.extra``.
    """
    started = time.perf_counter()
    product_rows, variant_rows = _product_rows(data.get("products") or {})
    user_rows, method_rows = _user_rows(data.get("users") or {})
    order_rows, item_rows, fulfilment_rows, payment_rows = _order_rows(data.get("orders") or {})
    _check_user_order_lists(data.get("users") or {}, data.get("orders") or {})

    reset_schema(url, Base.metadata)
    with session_scope(url) as session:
        for model, rows in (
            (Product, product_rows),
            (Variant, variant_rows),
            (User, user_rows),
            (PaymentMethod, method_rows),
            (Order, order_rows),
            (OrderItem, item_rows),
            (Fulfilment, fulfilment_rows),
            (PaymentTransaction, payment_rows),
        ):
            _bulk_insert(session, model, rows)
    counts = ImportCounts(
        products=len(product_rows),
        variants=len(variant_rows),
        users=len(user_rows),
        payment_methods=len(method_rows),
        orders=len(order_rows),
        order_items=len(item_rows),
        fulfilments=len(fulfilment_rows),
        payments=len(payment_rows),
    )
    logger.info("imported τ² data %s in %.3fs", counts, time.perf_counter() - started)
    return counts


def load_tau2_file(path: str | Path) -> dict[str, Any]:
    """Read a τ² retail ``db.json`` file."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object with products, users and orders")
    return data


def import_tau2_file(path: str | Path, url: str) -> ImportCounts:
    """Read a τ² retail ``db.json`` file and import it into ``url`` (see :func:`import_tau2`)."""
    return import_tau2(load_tau2_file(path), url)


# --------------------------------------------------------------------------- export


def _export_address(row: User | Order) -> dict[str, str]:
    return {
        "address1": row.address1,
        "address2": row.address2,
        "city": row.city,
        "country": row.country,
        "state": row.state,
        "zip": row.zip,
    }


def export_order(order: Order) -> dict[str, Any]:
    """Return ``order`` in τ² shape (optional keys only when set, then the extra keys)."""
    exported: dict[str, Any] = {
        "order_id": order.order_id,
        "user_id": order.user_id,
        "address": _export_address(order),
        "items": [
            {
                "name": item.name,
                "product_id": item.product_id,
                "item_id": item.item_id,
                "price": item.price,
                "options": dict(item.options),
            }
            for item in order.items
        ],
        "status": order.status,
        "fulfillments": [
            {"tracking_id": list(fulfilment.tracking_ids), "item_ids": list(fulfilment.item_ids)}
            for fulfilment in order.fulfilments
        ],
        "payment_history": [
            {
                "transaction_type": payment.transaction_type,
                "amount": payment.amount,
                "payment_method_id": payment.payment_method_id,
            }
            for payment in order.payments
        ],
    }
    for key in ORDER_OPTIONAL_KEYS:
        value = getattr(order, key)
        if value is not None:
            exported[key] = list(value) if isinstance(value, list) else value
    for key, value in (order.extra or {}).items():
        exported.setdefault(key, value)
    return exported


def export_payment_method(method: PaymentMethod) -> dict[str, Any]:
    """Return one payment method in τ² shape (brand/last four or balance by source)."""
    exported: dict[str, Any] = {"source": method.source, "id": method.id}
    if method.source == "credit_card" or method.brand is not None:
        exported["brand"] = method.brand
    if method.source == "credit_card" or method.last_four is not None:
        exported["last_four"] = method.last_four
    if method.source == "gift_card" or method.balance is not None:
        exported["balance"] = method.balance
    return exported


def export_user(user: User) -> dict[str, Any]:
    """Return ``user`` in τ² shape, its orders listed in file order."""
    return {
        "user_id": user.user_id,
        "name": {"first_name": user.first_name, "last_name": user.last_name},
        "address": _export_address(user),
        "email": user.email,
        "payment_methods": {
            method.id: export_payment_method(method) for method in user.payment_methods
        },
        "orders": [order.order_id for order in user.orders],
    }


def export_product(product: Product) -> dict[str, Any]:
    """Return ``product`` in τ² shape with its variants keyed by item id."""
    return {
        "name": product.name,
        "product_id": product.product_id,
        "variants": {
            variant.item_id: {
                "item_id": variant.item_id,
                "options": dict(variant.options),
                "available": variant.available,
                "price": variant.price,
            }
            for variant in product.variants
        },
    }


def _insertion_order(
    session: Session, table: str, fallback: InstrumentedAttribute[str]
) -> ColumnElement[Any] | InstrumentedAttribute[str]:
    """SQLite's ``rowid`` (insertion order) of ``table``, else ``fallback``."""
    if session.get_bind().dialect.name == "sqlite":
        return literal_column(f"{table}.rowid")
    return fallback


def export_db(url: str) -> dict[str, Any]:
    """Return the business data of ``url`` as a τ² retail document."""
    create_tables(url, Base.metadata)
    with session_scope(url) as session:
        products = session.scalars(
            select(Product)
            .options(selectinload(Product.variants))
            .order_by(_insertion_order(session, "products", Product.product_id))
        ).all()
        users = session.scalars(
            select(User)
            .options(selectinload(User.payment_methods), selectinload(User.orders))
            .order_by(_insertion_order(session, "users", User.user_id))
        ).all()
        orders = session.scalars(
            select(Order)
            .options(
                selectinload(Order.items),
                selectinload(Order.fulfilments),
                selectinload(Order.payments),
            )
            .order_by(Order.seq)
        ).all()
        return {
            "products": {product.product_id: export_product(product) for product in products},
            "users": {user.user_id: export_user(user) for user in users},
            "orders": {order.order_id: export_order(order) for order in orders},
        }


def export_db_file(url: str, path: str | Path) -> None:
    """Write the business data of ``url`` to ``path`` as a τ² ``db.json``.

    The layout is τ²'s own (``json.dumps`` with a 4-space indent, no final
    newline), so exporting an imported file reproduces it byte for byte.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(export_db(url), indent=4), encoding="utf-8")
