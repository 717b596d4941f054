"""What a node may ask of the run it is part of, without importing the graph."""

from __future__ import annotations

from langgraph.config import get_config


def session_id() -> str:
    """Return the thread id of the current run (the session id)."""
    try:
        configurable = get_config().get("configurable", {})
    except RuntimeError:  # called outside a graph run (unit tests of a node)
        return "local"
    return str(configurable.get("thread_id") or "local")
