"""The loop's prompts (``prompts.yaml``) and the variables each step fills them with.

Every prompt is built from the resource pool's extract for its step, never by
concatenating the loop's history, and its size is measured the same way whether or not a
model reads it: the answer reports the prompt size of each iteration beside what an
accumulating context would have sent (:func:`accumulated_chars`).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import yaml
from langchain_core.prompts import ChatPromptTemplate

from keel.querying.schema import render_columns


@cache
def templates() -> dict[str, ChatPromptTemplate]:
    """Every prompt of the loop, by name (plan, select_tables, generate, refine)."""
    raw = yaml.safe_load(
        resources.files("keel.querying").joinpath("prompts.yaml").read_text("utf-8")
    )
    return {
        name: ChatPromptTemplate.from_messages(
            [("system", parts["system"]), ("human", parts["human"])]
        )
        for name, parts in raw.items()
    }


def render(name: str, variables: dict[str, Any]) -> str:
    """The prompt as text (system and human parts), for measuring and auditing."""
    messages = templates()[name].format_messages(**variables)
    return "\n".join(str(m.content) for m in messages)


def plan_variables(question: str, context: str, memory: dict[str, Any]) -> dict[str, Any]:
    """The plan prompt's variables: the goal and the light memory, nothing else."""
    return {
        "question": question,
        "context": context or "(none)",
        "memory": json.dumps(memory, ensure_ascii=False, sort_keys=True),
    }


def tried_text(tried: list[dict[str, str]]) -> str:
    """The statements that failed before, with why (the pool keeps only the last few)."""
    if not tried:
        return ""
    lines = ["Statements tried before, which failed (write a different one):"]
    lines += [f"- {t['sql']}\n  error: {t['error']}" for t in tried]
    return "\n".join(lines)


def generate_variables(extract: dict[str, Any], dialect: str) -> dict[str, Any]:
    """The generation prompt's variables, from the pool's ``sql_generation`` extract."""
    time_column = extract.get("recommended_time_column")
    return {
        "dialect": dialect,
        "question": extract.get("question", ""),
        "context": extract.get("template_context") or "(none)",
        "columns": render_columns(extract.get("column_details") or {}),
        "tried": tried_text(list(extract.get("tried") or [])),
        "time_hint": f" (here: {time_column})" if time_column else "",
    }


def refine_variables(extract: dict[str, Any], dialect: str) -> dict[str, Any]:
    """The refinement prompt's variables, from the pool's ``sql_refinement`` extract."""
    return {
        "dialect": dialect,
        "sql": extract.get("sql", ""),
        "error": extract.get("error", ""),
        "columns": render_columns(extract.get("column_details") or {}),
    }


def select_variables(
    question: str, context: str, tables: list[dict[str, Any]], max_tables: int
) -> dict[str, Any]:
    """The table-selection prompt's variables: every candidate with its comment."""
    listed = "\n".join(
        f"{i}. {t['name']} ({t.get('columns', '?')} columns)"
        + (f" - {t['comment']}" if t.get("comment") else "")
        for i, t in enumerate(tables, start=1)
    )
    return {
        "question": question,
        "context": context or "(none)",
        "tables": listed,
        "max_tables": max_tables,
    }


def accumulated_chars(plan_chars: int, schema_chars: int, contexts: list[int]) -> int:
    """What the plan prompt would weigh if every step's context were carried forward.

    The seed's "traditional mode": the schema plus the context of every earlier iteration,
    each appended to the next prompt (the baseline the resource pool is measured against).
    """
    return plan_chars + schema_chars + sum(contexts)
