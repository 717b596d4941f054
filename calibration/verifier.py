"""External verifier: what is true about a call's arguments, checked with cheap queries.

Before a correction (and on ``POST /api/calibration/verify``) it answers, for each
argument it knows how to check (``verify:`` in the domain's ``tools.yaml``):

* does the value exist at all, and does it belong to the user (when one is given)?
  "I can't see that order on your account" and "that order does not exist" are
  different answers;
* is it in the form its slot schema describes (and what the repaired form would be)?
* does it look like SQL or script injection (the guardrail patterns)? Such a value is
  never corrected into anything;
* which existing values are nearest (a mistyped id), and the domain's context rows
  (the order statuses there are).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text

from keel.calibration.correction import fix_format, literal_prefix
from keel.domain.config import VerifyCheck
from keel.persistence.db import get_engine
from keel.safety.guardrails import GuardConfig, check_message

NEAREST = 3
INJECTION = ("sql_injection", "script_injection")


@dataclass(frozen=True)
class Verification:
    """What the verifier found (the seed's hasData / suggestion / contextInfo)."""

    has_data: bool | None  # None: nothing it could check
    owned: bool | None  # None: no user given, or nothing owned
    format_errors: dict[str, str] = field(default_factory=dict)  # argument -> repaired form
    suspicious: tuple[str, ...] = ()  # arguments that look like injection
    context: dict[str, Any] = field(default_factory=dict)
    suggestion: str = ""

    def as_json(self) -> dict[str, Any]:
        """The body of ``POST /api/calibration/verify``."""
        return {
            "hasData": self.has_data,
            "ownedByUser": self.owned,
            "formatErrors": dict(self.format_errors),
            "suspiciousParams": list(self.suspicious),
            "suggestion": self.suggestion,
            "contextInfo": dict(self.context),
        }


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions)."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def nearest(value: str, candidates: list[str], limit: int = NEAREST) -> list[str]:
    """The existing values closest to ``value`` (at most two edits away)."""
    scored = sorted((edit_distance(value, c), c) for c in candidates if c != value)
    return [c for d, c in scored if d <= 2][:limit]


def verify(
    database_url: str,
    params: Mapping[str, Any],
    checks: Mapping[str, VerifyCheck],
    slot_patterns: Mapping[str, str],
    guard: GuardConfig | None,
    *,
    user_id: str | None = None,
) -> Verification:
    """Check every argument the domain knows how to check; never raises on bad values."""
    format_errors: dict[str, str] = {}
    suspicious: list[str] = []
    context: dict[str, Any] = {}
    exists: list[bool] = []
    owned: list[bool] = []
    engine = get_engine(database_url)
    for name, value in params.items():
        if not isinstance(value, str):
            continue
        if guard is not None and check_message(value, guard).reason in INJECTION:
            suspicious.append(name)
            continue  # never looked up, never corrected
        pattern = slot_patterns.get(name)
        repaired = fix_format(value, pattern) if pattern else None
        if pattern and repaired is not None:
            format_errors[name] = repaired
        check = checks.get(name)
        if check is None:
            continue
        found = _check(engine, check, repaired or value, pattern)
        context[name] = found
        exists.append(found["exists"])
        if user_id is not None and found.get("row", {}).get("user_id") is not None:
            owned.append(found["row"]["user_id"] == user_id)
    has_data = all(exists) if exists else None
    is_owned = all(owned) if owned else None
    return Verification(
        has_data=has_data,
        owned=is_owned,
        format_errors=format_errors,
        suspicious=tuple(suspicious),
        context=context,
        suggestion=_suggestion(has_data, is_owned, format_errors, suspicious, context),
    )


def _check(engine: Any, check: VerifyCheck, value: str, pattern: str | None) -> dict[str, Any]:
    with engine.connect() as connection:
        row = connection.execute(text(check.exists), {"value": value}).mappings().first()
        found: dict[str, Any] = {"value": value, "exists": row is not None}
        if row is not None:
            found["row"] = dict(row)
        elif check.candidates:
            stem = value[: max(len(literal_prefix(pattern or "")), 1) + 2]
            pool = [
                str(r[0])
                for r in connection.execute(text(check.candidates), {"prefix": f"{stem}%"})
            ]
            found["nearest"] = nearest(value, pool)
        for name, sql in check.context.items():
            rows = [dict(r) for r in connection.execute(text(sql)).mappings()]
            found[name] = (
                [next(iter(r.values())) for r in rows] if rows and len(rows[0]) == 1 else rows
            )
    return found


def _suggestion(
    has_data: bool | None,
    owned: bool | None,
    format_errors: Mapping[str, str],
    suspicious: list[str],
    context: Mapping[str, Any],
) -> str:
    if suspicious:
        return f"Do not use {', '.join(suspicious)}: the value looks like an injection attempt."
    parts = [f"use {name} = {fixed}" for name, fixed in format_errors.items()]
    if has_data is False:
        missing = [n for n, c in context.items() if not c.get("exists")]
        for name in missing:
            close = context[name].get("nearest") or []
            hint = f" (nearest existing: {', '.join(close)})" if close else ""
            parts.append(f"{name} {context[name]['value']} does not exist{hint}; ask the user")
    elif owned is False:
        parts.append("the record exists but belongs to another account: refuse, do not retry")
    elif has_data:
        parts.append("the data exists: retry with the checked values")
    if not parts:
        return "Nothing to check."
    sentence = "; ".join(parts)
    return sentence[0].upper() + sentence[1:] + "."
