"""The knowledge-base retrieval tool: policy and FAQ passages with scores and sources."""

from __future__ import annotations

from typing import Any

from domain.config import DOMAIN_ROOT
from tools.registry import RegisteredTool, ToolContext, ToolError, ToolSpec


def knowledge_tool(domain: str) -> RegisteredTool:
    """Return the retrieval tool over ``domain/<domain>/kb``."""
    directory = str(DOMAIN_ROOT / domain / "kb")

    def run(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        from tools.knowledge import get_knowledge_base

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
        required_args=["query"],
        optional_args=["k", "lang", "threshold"],
        description="Search the store's policy and FAQ documents; returns cited passages.",
    )
    return RegisteredTool(spec=spec, run=run)
