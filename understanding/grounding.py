"""Output check: every id, amount, date and status in a reply must occur in the tool data."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

FACT_PATTERNS = [
    re.compile(r"#W\d{7}"),
    re.compile(r"\b(?:gift_card|paypal|credit_card)_\d+\b"),
    re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"),
    re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    re.compile(r"\b\d{6,}\b"),
]
STATUSES = re.compile(
    r"\b(pending|processed|delivered|cancelled|canceled|return requested|exchange requested|"
    r"item modified)\b",
    re.I,
)
AMOUNT = re.compile(r"(?<![\w.])\$?\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?![\w])")


def _flatten(facts: Iterable[Any]) -> str:
    return " ".join(
        f if isinstance(f, str) else json.dumps(f, default=str, ensure_ascii=False) for f in facts
    )


def _numbers(text: str) -> set[float]:
    values: set[float] = set()
    for whole, cents in AMOUNT.findall(text):
        values.add(round(float(whole.replace(",", "") + ("." + cents if cents else "")), 2))
    return values


def ungrounded_facts(reply: str, facts: Iterable[Any]) -> list[str]:
    """Return the facts stated in ``reply`` that the tool data does not contain."""
    source = _flatten(facts)
    low = source.lower()
    missing: list[str] = []
    for pattern in FACT_PATTERNS:
        for found in pattern.findall(reply):
            if found not in source:
                missing.append(found)
    for status in STATUSES.findall(reply):
        if status.lower() not in low:
            missing.append(status)
    known = _numbers(source)
    for number in _numbers(reply) - known:
        if (number >= 10 and number != int(number)) or number >= 100:
            missing.append(f"{number:g}")
    return sorted(set(missing))
