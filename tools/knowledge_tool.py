"""The knowledge-base retrieval tool: policy and FAQ passages with scores and sources."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from keel.domain.config import pack_folder
from keel.tools.registry import Contract, RegisteredTool, ToolContext, ToolError, ToolSpec


class KnowledgeArgs(Contract):
    """Arguments of ``search_knowledge_base``."""

    query: str = Field(min_length=1, description="What to look up, in the customer's words.")
    k: int | None = Field(default=None, ge=1, le=20, description="How many passages (3).")
    lang: Literal["en", "zh"] | None = Field(default=None, description="Passages' language.")
    threshold: float | None = Field(
        default=None, ge=0.0, le=1.0, description="Lowest similarity a passage may have."
    )


def best_passage(data: Mapping[str, Any]) -> dict[str, str] | None:
    """The answer a reply quotes from a ``search_knowledge_base`` result, with its source."""
    passages = data.get("passages") or []
    if not passages:
        return None
    best = passages[0]
    return {"answer": " ".join(str(best["text"]).split()), "source": str(best["source"])}


def knowledge_tool(domain: str) -> RegisteredTool:
    """Return the retrieval tool over ``domain/<domain>/kb``."""
    directory = str(pack_folder(domain) / "kb")

    def run(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        from keel.tools.knowledge import get_knowledge_base

        query = str(args.get("query") or "").strip()
        if not query:
            raise ToolError("PARAMETER_ERROR", "empty query")
        kb = get_knowledge_base(directory)
        kwargs: dict[str, Any] = {"k": int(args.get("k") or 3), "lang": args.get("lang")}
        if args.get("threshold") is not None:
            kwargs["threshold"] = float(args["threshold"])
        passages = kb.search(query, **kwargs)
        return {"passages": [p.model_dump() for p in passages]}

    spec = ToolSpec(
        name="search_knowledge_base",
        category="knowledge",
        access="read",
        args_model=KnowledgeArgs,
        description="Search the store's policy and FAQ documents; returns cited passages.",
    )
    return RegisteredTool(spec=spec, run=run)
