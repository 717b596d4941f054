"""``ask_data``: the text-to-SQL loop as one tool, so a task plan can use an answer from the data.

It lives with the graphs because it runs one; the tools layer finds it through the
``keel.tools`` entry point (``pyproject.toml``), as it would any tool a package adds.
An operator's tool (``operator_only``): tool selection leaves it out of a customer's task
and a step calling it there fails, so the customer channel keeps its parameterised SQL
templates and never reaches SQL a model wrote. It runs the whole Plan-Tool-Active-Validate
graph (``graph/ask.py``) on the tool context's database and returns the answer's table,
its sentence, the SQL and the number of repairs; a refusal is ``DATA_NOT_FOUND`` with its
reason, a loop that stopped without an answer ``BUSINESS_ERROR`` with why.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from keel.graph.ask import graph
from keel.state.context import Context
from keel.tools.registry import Contract, RegisteredTool, ToolContext, ToolError, ToolSpec


class AskDataArgs(Contract):
    """Arguments of ``ask_data``."""

    question: Annotated[
        str, Field(min_length=1, max_length=2000, description="A question about the data.")
    ]
    context: str = Field(default="", max_length=4000, description="Business context of it.")


def ask_data(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    """Answer one question from the data of ``ctx.database_url`` with the loop."""
    # the caller's configuration (model, limits, the store's reader URL, drills), else the
    # environment's, on the tool context's database
    settings = Context(**{**(ctx.settings or {}), "database_url": ctx.database_url})
    result = graph.invoke(
        {"question": args["question"], "context": args.get("context", "")},
        context=settings,
    )
    answer = result["answer"]
    if result["status"] == "refused":
        raise ToolError("DATA_NOT_FOUND", f"the data cannot answer it: {answer.get('reason')}")
    if result["status"] != "answered":
        raise ToolError("BUSINESS_ERROR", f"no answer: {answer.get('reason')}")
    return {
        "columns": answer["columns"],
        "rows": answer["rows"],
        "sentence": answer["sentence"],
        "sql": answer["sql"],
        "repairs": answer["repairs"],
        "count": len(answer["rows"]),
    }


ASK_DATA_TOOL = RegisteredTool(
    spec=ToolSpec(
        name="ask_data",
        category="sql",
        access="read",
        description="Answer a question about the business's data (counts, totals, lists, "
        "trends) with a validated read-only SQL query: operators' tasks only.",
        args_model=AskDataArgs,
        cache_ttl_seconds=0.0,
        operator_only=True,
    ),
    run=ask_data,
)
