"""Model-driven correction: with an endpoint configured, the model proposes the corrected call.

One structured-output call per correction (``method="function_calling"``) gets the
tool's contract, the failed arguments, the recovery prompt, the reflection on earlier
attempts and the verifier's findings. Its proposal is validated before use, and
rejected (the rule-driven correction then applies) unless:

* it names only arguments the tool accepts, with every required one;
* every value is already known: from the user's request, the call's arguments or the
  verifier's repaired forms (the model never brings a value of its own, so it cannot
  switch the customer's order for another one);
* each value matches its slot pattern and does not look like an injection;
* it differs from the failed call.

A dead or garbled endpoint costs nothing but the attempt: the rules take over, and a
circuit breaker stops calling an endpoint that keeps failing. Every call is audited.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Mapping
from typing import Any

from langchain_core.language_models import BaseChatModel
from pydantic import BaseModel, Field

from keel.calibration.verifier import INJECTION, Verification
from keel.llm.client import (
    CircuitBreaker,
    chat_client,
    count_model_call,
    endpoint_parts,
    invoke_guarded,
    record_model_event,
    structured_call,
)
from keel.safety.guardrails import GuardConfig, check_message
from keel.state.context import Context
from keel.tools.registry import ToolSpec
from keel.understanding.prompts import CORRECT_PROMPT

TOOL_NAME = "CorrectedCall"


class CorrectedCall(BaseModel):
    """A corrected tool call, or the decision that no correction can help."""

    give_up: bool = Field(
        default=False, description="True when no corrected call can succeed with known values."
    )
    arguments: dict[str, str] = Field(
        default_factory=dict, description="Every argument of the corrected call."
    )
    reason: str = Field(default="", description="One sentence: what was wrong, what changed.")


def known_values(
    args: Mapping[str, Any], conditions: Mapping[str, Any], verification: Verification
) -> set[str]:
    """The values a proposal may use: the request's, the call's and the verifier's repairs."""
    values = {str(v) for v in [*args.values(), *conditions.values()] if isinstance(v, str | int)}
    return values | set(verification.format_errors.values())


def validate_proposal(
    proposal: CorrectedCall,
    spec: ToolSpec,
    args: Mapping[str, Any],
    known: set[str],
    patterns: Mapping[str, str],
    guard: GuardConfig | None,
) -> str | None:
    """Why the proposal cannot be used, or None when it can."""
    proposed = proposal.arguments
    accepted = {*spec.required_args, *spec.optional_args}
    if proposal.give_up or not proposed:
        return "the model gave up"
    if accepted and not set(proposed) <= accepted:
        return f"unknown arguments {sorted(set(proposed) - accepted)}"
    missing = [a for a in spec.required_args if not proposed.get(a)]
    if missing:
        return f"missing arguments {missing}"
    for name, value in proposed.items():
        if value not in known:
            return f"{name}={value!r} is not a known value"
        pattern = patterns.get(name)
        if pattern and not re.fullmatch(pattern, value):
            return f"{name}={value!r} does not match {pattern}"
        if guard is not None and check_message(value, guard).reason in INJECTION:
            return f"{name} looks like an injection"
    if {k: str(v) for k, v in args.items()} == proposed:
        return "the proposal repeats the failed call"
    return None


class ModelCorrector:
    """Asks the model for a corrected call and validates what it proposes."""

    def __init__(
        self,
        chat: BaseChatModel,
        *,
        database_url: str,
        breaker: CircuitBreaker | None = None,
        budget: float = 30.0,
    ) -> None:
        self.database_url = database_url
        self.breaker = breaker or CircuitBreaker()
        self.budget = budget
        self._runnable = structured_call(chat, CorrectedCall, CORRECT_PROMPT)

    def propose(
        self,
        spec: ToolSpec,
        args: Mapping[str, Any],
        conditions: Mapping[str, Any],
        recovery_prompt: str,
        reflection: str,
        verification: Verification,
        patterns: Mapping[str, str],
        guard: GuardConfig | None,
        session: str,
    ) -> dict[str, str] | None:
        """A validated corrected argument set, or None (the rules decide then)."""
        if not self.breaker.allow():
            return None
        known = known_values(args, conditions, verification)
        variables = {
            "tool": spec.name,
            "contract": spec.description,
            "accepted": ", ".join([*spec.required_args, *spec.optional_args]) or "none",
            "arguments": json.dumps(dict(args), default=str, ensure_ascii=False),
            "recovery_prompt": recovery_prompt or "none",
            "reflection": reflection or "none",
            "verification": verification.suggestion,
            "known": ", ".join(sorted(known)) or "none",
            "tool_name": TOOL_NAME,
        }
        count_model_call()
        started = time.perf_counter()
        try:
            output = invoke_guarded(self.breaker, self._runnable, variables, self.budget)
            proposal = CorrectedCall.model_validate(output)
        except Exception as error:  # any failure of the endpoint or its output: rules decide
            record_model_event(
                self.database_url,
                session,
                "correct_fallback",
                {"input": variables, "error": type(error).__name__, "message": str(error)[:500]},
                (time.perf_counter() - started) * 1000,
            )
            return None
        problem = validate_proposal(proposal, spec, args, known, patterns, guard)
        record_model_event(
            self.database_url,
            session,
            "correct",
            {"input": variables, "output": proposal.model_dump(), "rejected": problem},
            (time.perf_counter() - started) * 1000,
        )
        return None if problem else dict(proposal.arguments)


_lock = threading.Lock()
_correctors: dict[tuple[Any, ...], ModelCorrector] = {}


def model_corrector(context: Context) -> ModelCorrector | None:
    """The (cached) model corrector of the configured endpoint; None when offline."""
    if not context.llm_enabled:
        return None
    key = (context.llm_base_url, context.llm_model, context.llm_api_key_env, context.database_url)
    with _lock:
        if key not in _correctors:
            _correctors[key] = ModelCorrector(chat_client(context), **endpoint_parts(context))
        return _correctors[key]
