"""Result validation: whether the rows a tool returned satisfy the user's conditions.

The conditions are the user's slots that name a field of the result (``ticket_id`` →
``ticket_id``, ``status`` → ``status`` …). Each row is compared with every condition the
result can be checked against (a field no row carries cannot be judged and is left
out; a row is judged only on the fields it carries). All judged rows match → ``VALID``;
some → ``PARTIAL_MATCH``; none → ``CONDITION_IGNORED``; no rows → ``EMPTY_RESULT``.
The report's hint names the condition that was missed and what came back instead
(the seed's example: asked for batch MB-001, got MB-100, MB-101).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

ValidationStatus = Literal["VALID", "PARTIAL_MATCH", "CONDITION_IGNORED", "EMPTY_RESULT"]
SAMPLE = 3  # values of a missed field quoted in a hint


@dataclass(frozen=True)
class ValidationReport:
    """How well a result matches the user's conditions."""

    status: ValidationStatus
    score: float  # share of rows that satisfy every checkable condition
    matched: int
    total: int
    checked: tuple[str, ...]  # the conditions the rows could be checked against
    missed: tuple[str, ...]  # conditions at least one row breaks
    hint: str  # for a corrector: which condition to add, and what came back

    @property
    def needs_correction(self) -> bool:
        """Whether the result should not be passed on as an answer as it is."""
        return self.status != "VALID"


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return value.strip().lstrip("#").casefold()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def satisfies(row: Mapping[str, Any], field: str, expected: Any) -> bool:
    """Whether ``row[field]`` is the expected value (or one of them, for a list)."""
    wanted = (
        [_norm(v) for v in expected] if isinstance(expected, list | tuple) else [_norm(expected)]
    )
    actual = row.get(field)
    if isinstance(actual, list | tuple):
        return any(_norm(a) in wanted for a in actual)
    return _norm(actual) in wanted


def conditions_from(slots: Mapping[str, Any], fields: Mapping[str, str]) -> dict[str, Any]:
    """The user's conditions: each slot that names a result field, under that field's name."""
    return {
        field: slots[slot]
        for slot, field in fields.items()
        if slots.get(slot) not in (None, "", [])
    }


def validate(conditions: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> ValidationReport:
    """Compare the returned rows with the conditions and score the match."""
    if not rows:
        hint = (
            "The call returned nothing"
            + (f" for {_describe(conditions)}" if conditions else "")
            + ": check the values, or relax a condition that may be too strict."
        )
        return ValidationReport("EMPTY_RESULT", 0.0, 0, 0, (), (), hint)
    checked = tuple(f for f in conditions if any(f in row for row in rows))
    judged = [r for r in rows if any(f in r for f in checked)] or list(rows)
    matched = sum(_row_matches(r, conditions, checked) for r in judged)
    missed = tuple(
        f for f in checked if not all(satisfies(r, f, conditions[f]) for r in rows if f in r)
    )
    total = len(judged)
    if not missed:
        return ValidationReport("VALID", 1.0, total, total, checked, (), "")
    status: ValidationStatus = "CONDITION_IGNORED" if matched == 0 else "PARTIAL_MATCH"
    return ValidationReport(
        status,
        round(matched / total, 4),
        matched,
        total,
        checked,
        missed,
        _hint(conditions, missed, rows),
    )


def _row_matches(
    row: Mapping[str, Any], conditions: Mapping[str, Any], fields: Sequence[str]
) -> bool:
    """A row matches when every checked field it carries has the asked value."""
    return all(satisfies(row, f, conditions[f]) for f in fields if f in row)


def _describe(conditions: Mapping[str, Any]) -> str:
    return ", ".join(f"{f} = {v}" for f, v in conditions.items())


def _hint(
    conditions: Mapping[str, Any], missed: Sequence[str], rows: Sequence[Mapping[str, Any]]
) -> str:
    parts = []
    for field in missed:
        seen = [
            str(r[field]) for r in rows if field in r and not satisfies(r, field, conditions[field])
        ]
        distinct = list(dict.fromkeys(seen))
        sample = ", ".join(distinct[:SAMPLE])
        parts.append(
            f"asked for {field} = {conditions[field]}, got {field} = {sample}"
            + (" …" if len(distinct) > SAMPLE else "")
        )
    return "; ".join(parts) + ". Add the missing condition to the call and run it again."
