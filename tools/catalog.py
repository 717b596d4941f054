"""Assemble a domain's tool registry: its SQL templates, write actions and knowledge base."""

from __future__ import annotations

from functools import lru_cache
from importlib.metadata import entry_points

from keel.domain.config import load_domain
from keel.tools.knowledge_tool import knowledge_tool
from keel.tools.registry import RegisteredTool, ToolRegistry
from keel.tools.retail_actions import WRITE_TOOLS
from keel.tools.session_tools import SESSION_TOOLS
from keel.tools.sql import sql_tool


@lru_cache(maxsize=4)
def build_registry(domain: str = "retail") -> ToolRegistry:
    """Return the registry of a domain: its SQL templates, write actions and knowledge base."""
    config = load_domain(domain)
    registry = ToolRegistry()
    described = {name: slot.description for name, slot in config.slots.items()}
    for name, template in config.sql_tools.items():
        registry.register(sql_tool(name, template, described))
    for tool in [*WRITE_TOOLS, *SESSION_TOOLS]:
        registry.register(tool)
    registry.register(knowledge_tool(domain))
    for tool in extension_tools():
        registry.register(tool)
    return registry


def extension_tools() -> list[RegisteredTool]:
    """Tools that packages add through the ``keel.tools`` entry point group.

    Keel's own ``ask_data`` comes this way: it runs the ``ask`` graph, which sits above
    the tools layer, so the tools layer cannot import it.
    """
    found = []
    for point in sorted(entry_points(group="keel.tools"), key=lambda p: p.name):
        tool = point.load()
        if not isinstance(tool, RegisteredTool):
            raise TypeError(f"entry point keel.tools:{point.name} is not a RegisteredTool")
        found.append(tool)
    return found
