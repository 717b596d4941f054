"""Every tool of the bank: its reads and its writes (names are unique)."""

from __future__ import annotations

from keel.domain.bank.actions import WRITE_TOOLS
from keel.domain.bank.reads import READ_TOOLS
from keel.tools.registry import RegisteredTool

TOOLS: list[RegisteredTool] = [*READ_TOOLS, *WRITE_TOOLS]

_names = [tool.spec.name for tool in TOOLS]
if len(_names) != len(set(_names)):  # pragma: no cover - a programming error
    raise RuntimeError(
        f"duplicate bank tool names: {sorted(n for n in _names if _names.count(n) > 1)}"
    )
