"""Output check of a rephrased reply: grounded facts, and nothing the template did not say.

Every id, amount, date and status in a reply must occur in the tool data; and the
rephrasing may not add a link, an email address, a phone number, a request for a card
number, password, code or CVV, or an instruction that the template reply does not have
(the patterns are data, ``output_checks`` in the domain's guardrails).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from keel.safety import patterns as rx

FACT_PATTERNS = [
    rx.compile(r"#W\d{7}"),
    rx.compile(r"\b(?:gift_card|paypal|credit_card)_\d+\b"),
    rx.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"),
    rx.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    rx.compile(r"\b\d{6,}\b"),
]
STATUSES = rx.compile(
    r"\b(pending|processed|delivered|cancelled|canceled|return requested|exchange requested|"
    r"item modified)\b",
    rx.I,
)
AMOUNT = rx.compile(r"(?<![\w.])\$?\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?![\w])")


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


def _options() -> Any:
    import re2

    options = re2.Options()
    options.case_sensitive = False
    return options


def _compiled(patterns: tuple[str, ...]) -> list[Any]:
    import re2

    return [re2.compile(p, _options()) for p in patterns]


_cache: dict[tuple[str, ...], list[Any]] = {}


def added_content(reply: str, template: str, checks: Mapping[str, Sequence[str]]) -> list[str]:
    """What a rephrasing adds that the template reply does not have, as "kind: text" items."""
    found: list[str] = []
    low_template = template.lower()
    for kind, patterns in checks.items():
        key = tuple(patterns)
        if key not in _cache:
            _cache[key] = _compiled(key)
        for pattern in _cache[key]:
            for match in pattern.finditer(reply):
                text = match.group(0)
                if text.lower() not in low_template and not pattern.search(template):
                    found.append(f"{kind}: {text}")
    return sorted(set(found))
