"""Assemble a business's tool registry: its SQL templates, its pack's tools, its knowledge base."""

from __future__ import annotations

from collections.abc import Sequence
from importlib.metadata import entry_points

from keel.domain.config import load_domain
from keel.tools.knowledge_tool import knowledge_tool
from keel.tools.registry import RegisteredTool, ToolRegistry
from keel.tools.sql import sql_tool


def build_registry(domain: str, pack_tools: Sequence[RegisteredTool] = ()) -> ToolRegistry:
    """The registry of a business: its SQL templates, ``pack_tools``, its knowledge base.

    The composition root passes the pack's tools (``nodes.common.tool_registry``): the
    tools layer never imports a pack.
    """
    config = load_domain(domain)
    registry = ToolRegistry()
    described = {name: slot.description for name, slot in config.slots.items()}
    for name, template in config.sql_tools.items():
        registry.register(sql_tool(name, template, described))
    for tool in pack_tools:
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
