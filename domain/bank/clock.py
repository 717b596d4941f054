"""The bank's fixed clock: every tool date and timestamp comes from :data:`NOW`.

The bank's procedures are written for one day, Friday 11/14/2025 at 03:40:00 EST.
Tests may replace :data:`NOW` (``monkeypatch.setattr(clock, "NOW", …)``); every helper
reads it at call time.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, timedelta, timezone
from typing import Any

EST = timezone(timedelta(hours=-5), "EST")
NOW: datetime = datetime(2025, 11, 14, 3, 40, 0, tzinfo=EST)


def now() -> datetime:
    """The current moment of the bank's clock."""
    return NOW


def today() -> date:
    """Today's date on the bank's clock."""
    return NOW.date()


def today_str() -> str:
    """Today as the tools write dates: ``MM/DD/YYYY``."""
    return NOW.strftime("%m/%d/%Y")


def timestamp_str() -> str:
    """The current time as verification records store it: ``YYYY-MM-DD HH:MM:SS EST``."""
    return NOW.strftime("%Y-%m-%d %H:%M:%S ") + (NOW.tzname() or "EST")


def parse_date(text: object) -> date | None:
    """A date written ``MM/DD/YYYY`` or ``YYYY-MM-DD`` (None when it is neither)."""
    if not isinstance(text, str):
        return None
    for pattern in ("%m/%d/%Y", "%Y-%m-%d"):
        try:
            return datetime.strptime(text.strip(), pattern).date()
        except ValueError:
            continue
    return None


def by_date(record: Mapping[str, Any], field: str = "transaction_date") -> date:
    """A record's date for sorting (a record without a readable one sorts first)."""
    return parse_date(record.get(field)) or date.min


def days_since(text: object) -> int | None:
    """Whole days from the date ``text`` to today (None when it is no date)."""
    day = parse_date(text)
    return None if day is None else (today() - day).days


def within_days(text: object, days: int) -> bool:
    """Whether the date ``text`` lies between ``days`` days ago and today (inclusive)."""
    age = days_since(text)
    return age is not None and 0 <= age <= days
