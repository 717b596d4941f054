"""Choose the understander for a deployment: the offline one, or the model with offline fallback."""

from __future__ import annotations

from typing import Protocol

from keel.state.context import Context
from keel.understanding.offline import Reading, SlotExtractor, offline_understander


class Understander(Protocol):
    """Reads intent, confidence and slots from one user message."""

    def read(
        self,
        text: str,
        *,
        expected_slot: str | None = None,
        active_intent: str | None = None,
        language: str = "en",
    ) -> Reading:
        """Return what the message says."""
        ...


def get_understander(context: Context, extract: SlotExtractor) -> Understander:
    """The understander configured by ``context``, reading slots with the pack's ``extract``."""
    offline = offline_understander(context.domain, context.intent_threshold, extract)
    if not context.llm_enabled:
        return offline
    from keel.understanding.model import model_understander

    return model_understander(context, offline)
