"""Failure taxonomy: every failed tool call gets a type, a recovery prompt and a user message.

The types and their texts are data (``calibration/failures.yaml``). A failure is
classified from what is known about it: a :class:`~tools.registry.ToolError` carries
its type; an HTTP status maps to a type; otherwise the exception's type and message
are matched against each type's patterns, and some exception types have a default.
``analyze`` turns a type into a :class:`RecoveryPlan`: whether to retry the same call,
whether a corrected call is worth attempting, the recovery prompt for a model, the
message for the customer and the registry's alternative tools.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, get_args

import yaml
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError, SQLAlchemyError

from keel.domain.config import DomainConfig
from keel.tools.registry import ErrorKind, ToolError, ToolRegistry

FailureType = ErrorKind
FAILURE_TYPES: tuple[FailureType, ...] = get_args(ErrorKind)
DEFAULT_FILE = Path(__file__).with_name("failures.yaml")
HTTP_STATUS: dict[int, FailureType] = {
    400: "PARAMETER_ERROR",
    401: "PERMISSION_ERROR",
    403: "PERMISSION_ERROR",
    404: "DATA_NOT_FOUND",
    408: "SERVICE_UNAVAILABLE",
    409: "RESOURCE_CONFLICT",
    410: "DATA_NOT_FOUND",
    422: "VALIDATION_ERROR",
    423: "RESOURCE_CONFLICT",
    429: "SERVICE_UNAVAILABLE",
}


@dataclass(frozen=True)
class FailureSpec:
    """How one failure type is recognised and recovered from."""

    kind: FailureType
    description: str
    patterns: tuple[re.Pattern[str], ...]
    retry: bool
    recover: bool
    on_failure: Literal["reply", "handoff"]
    prompt: str
    suggestions: tuple[str, ...]
    user: dict[str, str]


@dataclass(frozen=True)
class RecoveryPlan:
    """What to do about one failure (the seed's RecoveryPrompt)."""

    failure_type: FailureType
    recovery_prompt: str
    suggestions: tuple[str, ...]
    alternatives: tuple[str, ...]
    retry: bool  # the same call may simply be repeated (transient)
    should_attempt_recovery: bool  # a corrected call may succeed
    user_message: dict[str, str] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The body of ``POST /api/calibration/analyze``."""
        return {
            "failureType": self.failure_type,
            "recoveryPrompt": self.recovery_prompt,
            "suggestions": list(self.suggestions),
            "alternativeTools": list(self.alternatives),
            "retry": self.retry,
            "shouldAttemptRecovery": self.should_attempt_recovery,
            "userMessage": dict(self.user_message),
        }


@lru_cache(maxsize=4)
def load_failures(path: Path = DEFAULT_FILE) -> dict[FailureType, FailureSpec]:
    """Read the taxonomy file; every failure type must be described exactly once."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if set(raw) != set(FAILURE_TYPES):
        raise ValueError(f"{path}: expected exactly the types {sorted(FAILURE_TYPES)}")
    return {
        kind: FailureSpec(
            kind=kind,
            description=str(spec["description"]),
            patterns=tuple(re.compile(p, re.I) for p in spec.get("match") or []),
            retry=bool(spec["retry"]),
            recover=bool(spec["recover"]),
            on_failure="handoff" if spec.get("on_failure") == "handoff" else "reply",
            prompt=str(spec["prompt"]),
            suggestions=tuple(str(s) for s in spec.get("suggestions") or []),
            user={str(k): str(v) for k, v in spec["user"].items()},
        )
        for kind, spec in raw.items()  # file order is match order
    }


def classify_text(
    error_type: str, message: str, status: int | None = None, *, path: Path = DEFAULT_FILE
) -> FailureType:
    """Classify a failure described by its exception type name, message and HTTP status."""
    if error_type in FAILURE_TYPES:
        return error_type  # already a failure type
    if status is not None:
        if status in HTTP_STATUS:
            return HTTP_STATUS[status]
        if status >= 500:
            return "SERVICE_UNAVAILABLE"
    text = f"{error_type}: {message}"
    for kind, spec in load_failures(path).items():
        if any(p.search(text) for p in spec.patterns):
            return kind
    return "UNKNOWN"


def classify(error: BaseException) -> FailureType:
    """Map an exception raised by a tool to a failure type."""
    if isinstance(error, ToolError):
        return error.kind
    kind = getattr(error, "kind", None)
    status = getattr(error, "status", None)
    if kind == "http_status" and isinstance(status, int):
        return classify_text(type(error).__name__, str(error), status)
    if kind in ("timeout", "connection") or isinstance(error, TimeoutError | ConnectionError):
        return "SERVICE_UNAVAILABLE"
    if isinstance(error, IntegrityError):
        found = classify_text("IntegrityError", str(error.orig))
        return found if found in ("RESOURCE_CONFLICT", "VALIDATION_ERROR") else "VALIDATION_ERROR"
    if isinstance(error, OperationalError):
        found = classify_text("OperationalError", str(error.orig))
        return "RESOURCE_CONFLICT" if found == "RESOURCE_CONFLICT" else "SERVICE_UNAVAILABLE"
    if isinstance(error, DBAPIError):
        return "PARAMETER_ERROR"
    if isinstance(error, SQLAlchemyError):
        return "SERVICE_UNAVAILABLE"
    found = classify_text(type(error).__name__, str(error))
    if found == "UNKNOWN" and isinstance(error, KeyError | TypeError | ValueError):
        return "PARAMETER_ERROR"
    return found


def analyze(
    failure_type: FailureType,
    message: str,
    tool: str,
    registry: ToolRegistry | None = None,
    *,
    path: Path = DEFAULT_FILE,
) -> RecoveryPlan:
    """The recovery plan for a failure of ``tool`` (alternatives from the registry)."""
    spec = load_failures(path)[failure_type]
    alternatives: tuple[str, ...] = ()
    if registry is not None and tool in registry:
        alternatives = tuple(a for a in registry.get(tool).spec.alternatives if a in registry)
    prompt = spec.prompt.format(
        tool=tool,
        message=message.strip() or spec.description,
        alternatives=", ".join(alternatives) or "none",
    )
    return RecoveryPlan(
        failure_type=failure_type,
        recovery_prompt=prompt,
        suggestions=spec.suggestions,
        alternatives=alternatives,
        retry=spec.retry,
        should_attempt_recovery=spec.recover or bool(alternatives and spec.retry),
        user_message=dict(spec.user),
    )


def user_message(failure_type: str | None, language: str) -> str:
    """What the customer is told about a failure of this type, in their language."""
    failures = load_failures()
    spec = failures.get(failure_type, failures["UNKNOWN"])  # type: ignore[call-overload]
    return str(spec.user.get(language) or spec.user["en"])


def failure_text(config: DomainConfig, failure_type: str | None, language: str) -> str:
    """What the customer is told of a failed tool call, in the business's words.

    A business may word a kind of failure its own way (``failure.<TYPE>`` in its replies:
    the store's "The store's rules don't allow that for this order."); otherwise the
    engine's text of that type (failures.yaml) is said.
    """
    texts = config.replies.get(f"failure.{failure_type}")
    if texts:
        return str(texts.get(language) or texts["en"])
    return user_message(failure_type, language)


def ends_in_handoff(failure_type: str | None) -> bool:
    """Whether a failure that persists goes to a human rather than to a reply."""
    failures = load_failures()
    spec = failures.get(failure_type, failures["UNKNOWN"])  # type: ignore[call-overload]
    return bool(spec.on_failure == "handoff")
