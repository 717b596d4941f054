"""The model plumbing every model client of Keel shares.

One OpenAI-compatible chat client per endpoint, a circuit breaker, structured-output calls
within the turn's deadline, and the accounting of calls (a counter and the audit trail's
"model" events).

Understanding, phrasing, confirmation reading, correction, planning, reflection and
querying each build their client on these; nothing here knows what the model is asked.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel

from keel.llm.deadline import DeadlinePassed, call_within
from keel.persistence.audit import audit_log
from keel.state.context import Context
from keel.state.runtime import session_id

# --------------------------------------------------------------------------- accounting

_calls_lock = threading.Lock()
_calls = 0


def count_model_call() -> None:
    """Count one model call (understanding, phrasing or correction)."""
    global _calls
    with _calls_lock:
        _calls += 1


def model_call_count() -> int:
    """Return how many model calls this process made (understanding and phrasing)."""
    with _calls_lock:
        return _calls


def reset_model_call_count() -> None:
    """Set the process-wide model call counter back to zero (benchmarks, tests)."""
    global _calls
    with _calls_lock:
        _calls = 0


def record_model_event(
    database_url: str,
    session: str | None,
    name: str,
    payload: dict[str, Any],
    latency_ms: float | None = None,
) -> None:
    """Write one audit event of kind "model"."""
    audit_log(database_url).record(
        session if session is not None else session_id(), "model", name, payload, latency_ms
    )


class CircuitBreaker:
    """Stops calling an endpoint after consecutive failures, then lets one call try again."""

    def __init__(
        self,
        threshold: int = 3,
        cooldown_seconds: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.threshold = threshold
        self.cooldown_seconds = cooldown_seconds
        self._clock = clock
        self._failures = 0
        self._opened_at: float | None = None
        self._lock = threading.Lock()

    def allow(self) -> bool:
        """Return True when a call may be made (closed, or half-open after the cooldown)."""
        with self._lock:
            if self._opened_at is None:
                return True
            if self._clock() - self._opened_at >= self.cooldown_seconds:
                self._opened_at = self._clock()  # half-open: one trial per cooldown
                return True
            return False

    def success(self) -> None:
        """Close the breaker."""
        with self._lock:
            self._failures = 0
            self._opened_at = None

    def failure(self, *, hang: bool = False) -> None:
        """Count a failure; open the breaker at the threshold, or at once after a hang.

        An endpoint that accepts a request and never answers costs a whole turn's deadline
        each time: one such call is enough to stop calling it until the cooldown is over.
        """
        with self._lock:
            self._failures += 1
            if hang or self._failures >= self.threshold:
                self._opened_at = self._clock()

    @property
    def is_open(self) -> bool:
        """True while calls are being refused."""
        with self._lock:
            return self._opened_at is not None


def structured_call(
    chat: BaseChatModel, tool: dict[str, Any] | type[BaseModel], prompt: Runnable[Any, Any]
) -> Runnable[dict[str, Any], Any]:
    """``prompt`` piped into one function-calling structured-output call of ``tool``.

    Every model client of Keel (understanding, confirmation reading, correction, planning,
    step reflection) asks the model this way; the caller validates what comes back.
    """
    schema = tool if isinstance(tool, dict) else convert_to_openai_tool(tool)
    return prompt | chat.with_structured_output(schema, method="function_calling")


class ModelOutputError(ValueError):
    """The model answered, but not with a usable structured reading."""


def invoke_guarded(
    breaker: CircuitBreaker,
    runnable: Runnable[dict[str, Any], Any],
    variables: dict[str, Any],
    budget: float,
) -> Any:
    """Invoke a model runnable within the turn's deadline, telling the breaker how it went.

    Raises whatever the call raised (``DeadlinePassed`` when the deadline came first); the
    caller falls back to its offline answer.
    """
    try:
        output = call_within(lambda: runnable.invoke(variables), budget)
    except DeadlinePassed:
        breaker.failure(hang=True)
        raise
    except Exception:
        breaker.failure()
        raise
    breaker.success()
    return output


CLIENT_SLACK_SECONDS = 1.0  # the client's own timeout fires first; this wait catches hangs


def call_budget(context: Context) -> float:
    """The longest one model call may take: the client's timeout over all its attempts."""
    attempts = int(context.llm_max_retries) + 1
    return float(context.llm_timeout_seconds) * attempts + CLIENT_SLACK_SECONDS


class StructuredCall:
    """One structured-output call, guarded by the endpoint's breaker and time budget."""

    def __init__(
        self,
        chat: BaseChatModel,
        schema: type[BaseModel],
        prompt: ChatPromptTemplate,
        *,
        database_url: str,
        breaker: CircuitBreaker | None = None,
        budget: float = 30.0,
    ) -> None:
        self.schema = schema
        self.database_url = database_url
        self.breaker = breaker or CircuitBreaker()
        self.budget = budget
        self._runnable = structured_call(chat, schema, prompt)

    def ask(self, event: str, variables: dict[str, Any]) -> Any:
        """The model's answer as ``schema``, or None (failure, breaker open, invalid)."""
        if not self.breaker.allow():
            record_model_event(self.database_url, None, f"{event}_skipped", {"reason": "open"})
            return None
        count_model_call()
        started = time.perf_counter()
        try:
            output = invoke_guarded(self.breaker, self._runnable, variables, self.budget)
            answer = self.schema.model_validate(output)
        except Exception as error:  # the offline rules decide
            record_model_event(
                self.database_url,
                None,
                f"{event}_fallback",
                {"error": type(error).__name__, "message": str(error)[:500]},
                (time.perf_counter() - started) * 1000,
            )
            return None
        record_model_event(
            self.database_url,
            None,
            event,
            {"output": answer.model_dump(mode="json")},
            (time.perf_counter() - started) * 1000,
        )
        return answer


# --------------------------------------------------------------------------- clients


@lru_cache(maxsize=8)
def chat_model(
    base_url: str, model: str, timeout: float, retries: int, api_key: str
) -> BaseChatModel:
    """Return the (cached) OpenAI-compatible chat client of an endpoint."""
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(
        base_url=base_url,
        api_key=api_key,  # type: ignore[arg-type]
        model=model,
        timeout=timeout,
        max_retries=retries,
    )


def chat_client(context: Context) -> BaseChatModel:
    """Return the chat client of the configured endpoint (cached per endpoint)."""
    if not context.llm_enabled:
        raise ValueError("no model endpoint configured (llm_base_url and llm_model)")
    return chat_model(
        str(context.llm_base_url),
        str(context.llm_model),
        float(context.llm_timeout_seconds),
        int(context.llm_max_retries),
        context.llm_api_key() or "not-needed",
    )


def endpoint_key(context: Context) -> tuple[Any, ...]:
    """What tells one model client from another: the endpoint, its limits, key and store."""
    return (
        context.llm_base_url,
        context.llm_model,
        float(context.llm_timeout_seconds),
        int(context.llm_max_retries),
        context.llm_api_key_env,
        context.database_url,
    )


_factory_lock = threading.Lock()
M = TypeVar("M")
_breakers: dict[tuple[Any, ...], CircuitBreaker] = {}


def endpoint_breaker(context: Context) -> CircuitBreaker:
    """The circuit breaker of the configured endpoint, shared by every use of the model."""
    key = (context.llm_base_url, context.llm_model)
    with _breaker_lock:
        if key not in _breakers:
            _breakers[key] = CircuitBreaker()
        return _breakers[key]


_breaker_lock = threading.Lock()


def cached(cache: dict[tuple[Any, ...], M], key: tuple[Any, ...], build: Callable[[], M]) -> M:
    """One client per endpoint (and key): built once, under the factory lock."""
    with _factory_lock:
        found = cache.get(key)
        if found is None:
            found = cache[key] = build()
        return found


def endpoint_parts(context: Context) -> dict[str, Any]:
    """What every model client of an endpoint shares: its store, breaker and time budget."""
    return {
        "database_url": context.database_url,
        "breaker": endpoint_breaker(context),
        "budget": call_budget(context),
    }


def clear_endpoint_caches() -> None:
    """Forget every cached chat client and circuit breaker (tests, configuration reloads)."""
    with _breaker_lock:
        _breakers.clear()
    chat_model.cache_clear()


def forget(*caches: dict[tuple[Any, ...], Any]) -> None:
    """Empty caches filled by :func:`cached`, under the same lock."""
    with _factory_lock:
        for cache in caches:
            cache.clear()
