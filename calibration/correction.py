"""Rule-driven correction: what to try instead of a call that failed or missed the request.

Offline, corrections come from rules over what is known (no model invents values):

* a malformed or unfound identifier is put into the form its slot schema describes
  (trimmed, the pattern's literal prefix added: ``W1234567`` → ``#W1234567``); a value
  that already has that form is never changed into another one;
* a service that keeps failing is replaced by an alternative tool from the registry
  whose required arguments the call already has;
* rows that ignore a condition: the condition is added to the call when the tool
  accepts it, otherwise the result is narrowed to the rows that satisfy it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from keel.calibration.validation import satisfies
from keel.state.dialogue import ToolOutcome
from keel.tools.registry import ToolRegistry

_META = set("\\[](){}.*+?|^$")
FORMAT_FAILURES = {"PARAMETER_ERROR", "DATA_NOT_FOUND", "VALIDATION_ERROR"}


@dataclass(frozen=True)
class Proposal:
    """A corrected call (``tool`` and ``args``), a corrected result (``rows``), or nothing."""

    args: dict[str, Any] | None = None
    tool: str | None = None
    rows: dict[str, Any] | None = None
    reason: str = ""


def literal_prefix(pattern: str) -> str:
    r"""The literal text a pattern's matches start with (``^#W\d{7}$`` → ``#W``)."""
    if not pattern.startswith("^"):
        return ""
    prefix = []
    for char in pattern[1:]:
        if char in _META:
            break
        prefix.append(char)
    return "".join(prefix)


def fix_format(value: str, pattern: str) -> str | None:
    """``value`` in the form ``pattern`` describes, or None when no simple repair fits."""
    if re.fullmatch(pattern, value):
        return None  # already well formed: never turned into another value
    prefix = literal_prefix(pattern)
    stripped = "".join(value.split())
    for candidate in (stripped, stripped.lower(), stripped.upper()):
        for fixed in (candidate, _with_prefix(candidate, prefix)):
            if re.fullmatch(pattern, fixed):
                return fixed
    return None


def _with_prefix(value: str, prefix: str) -> str:
    if not prefix:
        return value
    for cut in range(len(prefix), 0, -1):  # "W123" has part of "#W" already
        if value.upper().startswith(prefix[-cut:].upper()):
            return prefix[:-cut] + prefix[-cut:] + value[cut:]
    return prefix + value


def narrow(data: Mapping[str, Any], conditions: Mapping[str, Any]) -> dict[str, Any] | None:
    """The result with only the rows that satisfy the conditions they carry; None if none do."""
    kept: dict[str, Any] = {}
    judged = 0
    for key, value in data.items():
        if isinstance(value, dict):
            fields = [f for f in conditions if f in value]
            ok = all(satisfies(value, f, conditions[f]) for f in fields)
            judged += bool(fields) and ok
            kept[key] = value if ok else None
        elif isinstance(value, list):
            rows = [r for r in value if not isinstance(r, dict) or _keeps(r, conditions)]
            judged += sum(1 for r in rows if isinstance(r, dict) and set(r) & set(conditions))
            kept[key] = rows
        else:
            kept[key] = value
    return kept if judged else None


def _keeps(row: Mapping[str, Any], conditions: Mapping[str, Any]) -> bool:
    return all(satisfies(row, f, v) for f, v in conditions.items() if f in row)


def propose(
    tool: str,
    args: Mapping[str, Any],
    outcome: ToolOutcome,
    validation: str | None,
    conditions: Mapping[str, Any],
    registry: ToolRegistry,
    repaired: Mapping[str, str],
) -> Proposal:
    """The next thing to try after ``outcome`` (see the module's rules).

    ``repaired`` holds the verifier's repaired forms of malformed arguments.
    """
    spec = registry.get(tool).spec
    fixed = {**args, **repaired}
    if not outcome["ok"]:
        if outcome["error"] in FORMAT_FAILURES and repaired:
            return Proposal(args=fixed, reason="repaired the format of an identifier")
        if outcome["error"] == "SERVICE_UNAVAILABLE":
            for other in spec.alternatives:
                if other in registry and set(registry.get(other).spec.required_args) <= set(args):
                    return Proposal(args=dict(args), tool=other, reason=f"used {other} instead")
        return Proposal()
    if validation == "EMPTY_RESULT":
        if repaired:
            return Proposal(args=fixed, reason="repaired the format of an identifier")
        return Proposal()
    accepted = {*spec.required_args, *spec.optional_args}
    missing = {f: v for f, v in conditions.items() if f in accepted and f not in args}
    if missing:
        return Proposal(args={**args, **missing}, reason="added the missing condition")
    narrowed = narrow(outcome["data"], conditions)
    if narrowed is not None:
        return Proposal(rows=narrowed, reason="kept only the rows that match the request")
    return Proposal()
