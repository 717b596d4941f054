"""Parameterised SQL templates (declared in the domain's ``tools.yaml``), run through SQLAlchemy.

Models never write SQL here: a template is fixed text with named bind
parameters, and every query gets a row limit.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field, create_model
from sqlalchemy import text

from keel.domain.config import SqlTemplate
from keel.persistence.db import get_engine
from keel.tools.registry import Contract, RegisteredTool, ToolContext, ToolError, ToolSpec


def _decode(row: dict[str, Any], json_columns: list[str]) -> dict[str, Any]:
    for column in json_columns:
        value = row.get(column)
        if isinstance(value, str):
            row[column] = json.loads(value)
    return row


def run_template(template: SqlTemplate, ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Run every query of ``template`` with bound parameters and return their rows by name."""
    missing = [p for p in template.params if args.get(p) in (None, "")]
    if missing:
        raise ToolError("PARAMETER_ERROR", f"missing parameters: {', '.join(missing)}")
    binds = {p: args[p] for p in template.params}
    binds["limit"] = ctx.row_limit
    result: dict[str, Any] = {}
    with get_engine(ctx.database_url).connect() as conn:
        for name, query in template.queries.items():
            rows = [
                _decode(dict(r._mapping), query.json_columns)
                for r in conn.execute(text(query.sql), binds)
            ]
            result[name] = (rows[0] if rows else None) if query.one else rows
    key = template.not_found_if_empty
    if key is not None and not result.get(key):
        raise ToolError("DATA_NOT_FOUND", f"no {key} for {binds}")
    return result


def template_contract(
    name: str, template: SqlTemplate, described: Mapping[str, str] | None = None
) -> type[BaseModel]:
    """The argument contract of a template, made from its parameters.

    Every parameter is a required, non-empty string (described as the slot of that name
    is, where there is one); no other argument is accepted (``:limit`` is bound here).
    """
    fields: dict[str, Any] = {
        param: (str, Field(min_length=1, description=(described or {}).get(param, param)))
        for param in template.params
    }
    title = "".join(part.title() for part in name.split("_")) + "Args"
    return create_model(title, __base__=Contract, __doc__=template.description, **fields)


def sql_tool(
    name: str, template: SqlTemplate, described: Mapping[str, str] | None = None
) -> RegisteredTool:
    """Wrap a template as a registered read tool with the contract its parameters make."""
    spec = ToolSpec(
        name=name,
        category="sql",
        access="read",
        args_model=template_contract(name, template, described),
        alternatives=list(template.alternatives),
        description=template.description,
        cache_ttl_seconds=template.cache_ttl_seconds,
    )

    def run(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        return run_template(template, ctx, args)

    return RegisteredTool(spec=spec, run=run)
