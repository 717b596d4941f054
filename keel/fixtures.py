"""Find example customers in whatever database is loaded (for the demo and the benchmarks)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from keel.domain.retail.models import Order, User
from keel.persistence.db import session_scope


@dataclass(frozen=True)
class Customer:
    """A customer and one of their orders, as the demo talks about them."""

    user_id: str
    first_name: str
    last_name: str
    email: str
    zip: str
    order_id: str
    item_names: tuple[str, ...]
    other_order_id: str  # an order of another customer


def find_customer(
    database_url: str,
    status: str,
    *,
    min_items: int = 1,
    skip: int = 0,
    distinct_names: bool = True,
) -> Customer:
    """Return the ``skip``-th customer with an order in ``status`` of ``min_items``+ items."""
    with session_scope(database_url) as session:
        orders = session.scalars(select(Order).where(Order.status == status).order_by(Order.seq))
        seen = 0
        for order in orders:
            names = tuple(i.name for i in order.items)
            if len(names) < min_items or (distinct_names and len(set(names)) != len(names)):
                continue
            user = session.get(User, order.user_id)
            if user is None or any(p.source == "gift_card" for p in user.payment_methods) is None:
                continue
            if seen < skip:
                seen += 1
                continue
            other = session.scalar(
                select(Order.order_id).where(Order.user_id != user.user_id).order_by(Order.seq)
            )
            return Customer(
                user_id=user.user_id,
                first_name=user.first_name,
                last_name=user.last_name,
                email=user.email,
                zip=user.zip,
                order_id=order.order_id,
                item_names=names,
                other_order_id=str(other),
            )
    raise LookupError(f"no customer with a {status} order of {min_items}+ items")
