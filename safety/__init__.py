"""Input guardrails: deterministic checks run on every user message before understanding.

``check_message`` is a pure function of the message and a ``GuardConfig`` loaded
from the domain's ``guardrails.yaml``; ``TokenBucket`` is the separate, stateful
per-session rate limiter applied by the caller.
"""

from keel.safety.guardrails import (
    GuardConfig,
    GuardReason,
    GuardVerdict,
    TokenBucket,
    check_message,
)

__all__ = [
    "GuardConfig",
    "GuardReason",
    "GuardVerdict",
    "TokenBucket",
    "check_message",
]
