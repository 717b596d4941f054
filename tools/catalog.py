"""Assemble a domain's tool registry: its SQL templates, write actions and knowledge base."""

from __future__ import annotations

from functools import lru_cache

from domain.config import load_domain
from tools.ask_data import ASK_DATA_TOOL
from tools.knowledge_tool import knowledge_tool
from tools.registry import ToolRegistry
from tools.retail_actions import WRITE_TOOLS
from tools.session_tools import SESSION_TOOLS
from tools.sql import sql_tool


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
    registry.register(ASK_DATA_TOOL)  # an operator's tool: never in a customer's task
    return registry
