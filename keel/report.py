"""Report templates filled from the data: one run of the text-to-SQL loop per placeholder.

A template is Markdown with placeholders described in words, ``{{ number of orders
cancelled last week, by reason }}`` (seed 004: the loop was built to fill report
templates). Each placeholder is one question to :func:`keel.ask.ask`, with the template's
surrounding text as its business context: the document's title and the section around
the placeholder (from the heading above it to the next heading), the placeholders in it
read as their descriptions. A single value fills the placeholder in the sentence; several
values or rows become a Markdown table; a question the data cannot answer, or one the
loop stopped on, leaves a visible note with the reason, never an invented value.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from keel.ask import ask, markdown_table
from keel.state.context import Context

# Placeholders: ``{{ description }}``; a description has no braces and at most 500 characters.
PLACEHOLDER = re.compile(r"\{\{([^{}\n]{1,500})\}\}")
HEADING = re.compile(r"^#{1,6}\s", re.MULTILINE)
MAX_CONTEXT_CHARS = 1500


@dataclass(frozen=True)
class Filled:
    """What one placeholder became, and how."""

    description: str
    status: str
    text: str
    sql: str | None
    repairs: int
    reason: str


def placeholders(template: str) -> list[tuple[int, int, str]]:
    """``(start, end, description)`` of every placeholder, in order."""
    found = PLACEHOLDER.finditer(template)
    return [(m.start(), m.end(), " ".join(m.group(1).split())) for m in found]


def section_context(template: str, start: int) -> str:
    """The title and the section holding position ``start``, placeholders as their words."""
    headings = [m.start() for m in HEADING.finditer(template)]
    before = [h for h in headings if h <= start]
    after = [h for h in headings if h > start]
    section = template[before[-1] if before else 0 : after[0] if after else len(template)]
    first_line = template.strip().splitlines()[0] if template.strip() else ""
    title = first_line if first_line.startswith("#") and not section.startswith(first_line) else ""
    text = PLACEHOLDER.sub(lambda m: f"[{' '.join(m.group(1).split())}]", f"{title}\n{section}")
    return text.strip()[:MAX_CONTEXT_CHARS]


def fill_value(answer: dict[str, Any]) -> str:
    """What replaces a placeholder: a value, a table, or a note saying why there is none."""
    status = answer.get("status")
    if status != "answered":
        why = answer.get("reason") or "no answer"
        label = "the data cannot answer this" if status == "refused" else "no answer"
        return f"_({label}: {why})_"
    columns, rows = answer["columns"], answer["rows"]
    if len(rows) == 1 and len(columns) == 1:
        return "" if rows[0][0] is None else str(rows[0][0])
    if not rows:
        return "_(none)_"
    note = "\n\n_(first rows only)_" if answer.get("truncated") else ""
    return "\n\n" + markdown_table(columns, rows) + note + "\n"


def fill_report(
    template: str,
    *,
    database: str | None = None,
    context: Context | None = None,
    on_placeholder: Callable[[Filled], None] | None = None,
) -> tuple[str, list[Filled]]:
    """The template with every placeholder filled, and what each became."""
    pieces: list[str] = []
    filled: list[Filled] = []
    position = 0
    for start, end, description in placeholders(template):
        result = ask(
            description,
            database=database,
            business_context=section_context(template, start),
            context=context,
        )
        answer = result["answer"]
        item = Filled(
            description=description,
            status=result["status"],
            text=fill_value(answer),
            sql=answer.get("sql") if result["status"] == "answered" else None,
            repairs=int(answer.get("repairs") or 0),
            reason=str(answer.get("reason") or ""),
        )
        if on_placeholder is not None:
            on_placeholder(item)
        pieces += [template[position:start], item.text]
        filled.append(item)
        position = end
    pieces.append(template[position:])
    return "".join(pieces), filled
