"""Rephrasing a templated reply with the configured model (the output check guards the result)."""

from __future__ import annotations

from keel.state.context import Context


def rephrase(context: Context, text: str, language: str, session: str) -> str | None:
    """Return the model's rephrasing of ``text``, or None when no model is usable."""
    if not context.llm_enabled:
        return None
    from keel.understanding.model import model_phraser

    return model_phraser(context).rephrase(text, language, session)
