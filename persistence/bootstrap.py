"""First-use set-up of the business database: load the shipped demo data when it is empty."""

from __future__ import annotations

from functools import lru_cache

from sqlalchemy import func, select

from keel.persistence.db import get_engine, session_scope
from keel.persistence.models import User


def is_empty(url: str) -> bool:
    """True when the database has no users."""
    get_engine(url)
    with session_scope(url) as session:
        return (session.scalar(select(func.count()).select_from(User)) or 0) == 0


@lru_cache(maxsize=16)
def ensure_seeded(url: str) -> None:
    """Load the demo data into an empty database (once per process and URL)."""
    if is_empty(url):
        from keel.persistence.demo_data import load_demo_data

        load_demo_data(url)
