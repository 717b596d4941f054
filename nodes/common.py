"""Plumbing shared by the nodes: session id, audit decorator, cached services, tool caller."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from langchain_core.messages import AnyMessage, HumanMessage
from langgraph.errors import GraphInterrupt
from langgraph.types import Command

from keel.calibration.cache import CallCache, open_cache
from keel.calibration.machine import CallDeps, run_call
from keel.calibration.model_correction import model_corrector
from keel.calibration.receipts import WriteReceipts
from keel.calibration.records import CalibrationRecorder
from keel.domain.config import DomainConfig
from keel.domain.pack import DomainPack, load_pack
from keel.llm.deadline import turn_deadline
from keel.persistence.audit import audit_log
from keel.persistence.handoff import HandoffQueue
from keel.safety.guardrails import GuardConfig
from keel.safety.secrets import mask, seal
from keel.state.context import Context
from keel.state.dialogue import ToolOutcome
from keel.state.runtime import session_id
from keel.tools.catalog import build_registry
from keel.tools.faults import with_faults
from keel.tools.registry import ToolContext, ToolRegistry
from keel.understanding.offline import TurnHints
from keel.understanding.service import Understander, get_understander

F = TypeVar("F", bound=Callable[..., Any])


def last_user_text(state: Any) -> str:
    """Return the text of the latest user message of a dialogue state ('' if none)."""
    for message in reversed(state.messages):
        if message.type == "human":
            content = message.content
            return content if isinstance(content, str) else str(content)
    return ""


def seal_secrets(context: Context, frame: Any, text: str) -> tuple[str, dict[str, str]]:
    """``text`` with the secrets it states masked, and a handle to each by its slot.

    The business's own extractors find them (given what was just asked: a bare "4829"
    answers "choose a new PIN"); only slots declared ``secret`` are sealed. A message over
    the size limit is refused unread, and so is not scanned.
    """
    config = domain_config(context)
    secret = {name for name, spec in config.slots.items() if spec.secret}
    if not secret or not text or len(text) > context.max_message_chars:
        return text, {}
    hints = TurnHints(
        expected_slot=frame["asked"] if frame else None,
        active_intent=frame["intent"] if frame else None,
    )
    found = domain_pack(context).extract_slots(text, hints)
    values = {name: str(found[name]) for name in secret if found.get(name)}
    if not values:
        return text, {}
    handles = {name: seal(value, context.secret_ttl_seconds) for name, value in values.items()}
    return mask(text, values.values()), handles


def masked_message(messages: list[AnyMessage], text: str) -> list[AnyMessage]:
    """The update that stores the latest user message as ``text`` (its secrets masked)."""
    for message in reversed(messages):
        if message.type == "human":
            return [HumanMessage(content=text, id=message.id)]
    return []


@lru_cache(maxsize=16)
def handoff_queue(database_url: str) -> HandoffQueue:
    """Return the (cached) handoff queue of a database."""
    return HandoffQueue(database_url)


def domain_pack(context: Context) -> DomainPack:
    """Return the business pack named by the context (the engine's one way to a business)."""
    return load_pack(context.domain)


def understander_of(context: Context) -> Understander:
    """The understander of this run, reading slots with the business's extractors."""
    return get_understander(context, load_pack(context.domain).extract_slots)


def domain_config(context: Context) -> DomainConfig:
    """Return the domain configuration named by the context."""
    return load_pack(context.domain).config


def audited(name: str) -> Callable[[F], F]:
    """Record a node transition in the audit trail and the turn's path."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def node(state: Any, runtime: Any) -> Any:
            started = time.perf_counter()
            context: Context = runtime.context
            began = getattr(state, "turn_started", 0.0)
            deadline = began + context.turn_deadline_seconds if began else None
            try:
                with turn_deadline(deadline):
                    result = fn(state, runtime)
            except GraphInterrupt:
                audit_log(context.database_url).record(
                    session_id(),
                    "node",
                    name,
                    {"interrupt": True},
                    (time.perf_counter() - started) * 1000,
                )
                raise
            latency = (time.perf_counter() - started) * 1000
            if isinstance(result, Command):
                update: dict[str, Any] = dict(result.update or {})
                update["path"] = [*update.get("path", []), name]
                result = Command(goto=result.goto, update=update, resume=result.resume)
                payload: dict[str, Any] = {"goto": str(result.goto)}
            else:
                result = {**result, "path": [*result.get("path", []), name]}
                payload = {"keys": sorted(k for k in result if k not in ("messages", "path"))}
            audit_log(context.database_url).record(session_id(), "node", name, payload, latency)
            return result

        return node  # type: ignore[return-value]

    return wrap


class ToolCaller(Protocol):
    """Runs a tool through calibration; a confirmed write passes its idempotency key."""

    def __call__(
        self, name: str, args: dict[str, Any], idempotency_key: str | None = None
    ) -> ToolOutcome:
        """Run ``name`` with ``args``."""


@lru_cache(maxsize=16)
def call_cache(database_url: str, redis_url: str | None) -> CallCache:
    """Return the (cached) duplicate-call cache of a database: Redis if configured, else SQL."""
    return open_cache(database_url, redis_url)


@lru_cache(maxsize=16)
def write_receipts(database_url: str) -> WriteReceipts:
    """Return the (cached) receipts of confirmed writes of a database."""
    return WriteReceipts(database_url)


@lru_cache(maxsize=16)
def calibration_recorder(database_url: str) -> CalibrationRecorder:
    """Return the (cached) recorder of calibration records (written in the background)."""
    return CalibrationRecorder(database_url, background=True)


@lru_cache(maxsize=8)
def guard_config(domain: str) -> GuardConfig:
    """The business's guardrails (its injection patterns check tool arguments too)."""
    return GuardConfig.load(load_pack(domain).folder / "guardrails.yaml")


@lru_cache(maxsize=8)
def tool_registry(domain: str) -> ToolRegistry:
    """The tools of business ``domain``: its SQL templates, its pack's tools, its knowledge base."""
    return build_registry(domain, load_pack(domain).tools)


@lru_cache(maxsize=16)
def prepare_store(database_url: str, domain: str) -> None:
    """Create the business's tables and load its demo data into an empty store (once each)."""
    load_pack(domain).prepare(database_url)


def call_deps(context: Context, operator: bool = False) -> CallDeps:
    """What a calibrated tool call needs, from the settings of this run.

    ``operator`` marks an operator's run (the ``tasks`` graph in operator mode): only then
    may an operator's tool run. The dialogue's calls are never an operator's.
    """
    prepare_store(context.database_url, context.domain)
    config = domain_config(context)
    return CallDeps(
        registry=with_faults(tool_registry(context.domain), context.tool_faults),
        tool_context=ToolContext(
            database_url=context.database_url,
            row_limit=context.sql_row_limit,
            http_timeout_seconds=context.http_timeout_seconds,
            session_id=session_id(),
            operator=operator,
            settings=context.as_dict() if operator else None,
        ),
        audit=audit_log(context.database_url),
        cache=call_cache(context.database_url, context.redis_url)
        if context.duplicate_cache
        else None,
        recorder=calibration_recorder(context.database_url),
        receipts=write_receipts(context.database_url),
        corrector=model_corrector(context),
        max_corrections=context.max_tool_retries,
        backoff_seconds=tuple(context.retry_backoff_seconds),
        slot_patterns={n: s.pattern for n, s in config.slots.items() if s.pattern},
        verify_checks=config.verify_checks,
        guard=guard_config(context.domain),
    )


def tool_caller(context: Context) -> ToolCaller:
    """Return a function that runs tools through calibration and the single execution path."""
    deps = call_deps(context)

    def call(name: str, args: dict[str, Any], idempotency_key: str | None = None) -> ToolOutcome:
        return run_call(deps, name, args, idempotency_key=idempotency_key)["outcome"]

    return call
