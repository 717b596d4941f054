"""Runtime context: the serialisable settings every node reads through ``Runtime[Context]``.

Live handles (engines, models, classifiers) are never kept here: nodes get them
from cached factories keyed by these settings. Studio renders the field
descriptions as the assistant's configuration form.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any


def _env(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return value if value not in (None, "") else default


def _floats(text: str) -> tuple[float, ...]:
    """``"1,2,4"`` → ``(1.0, 2.0, 4.0)``."""
    return tuple(float(part) for part in text.split(",") if part.strip())


def parse_faults(text: str | None) -> dict[str, str]:
    """``"a=timeout,b=ignore_condition:x"`` → ``{"a": "timeout", "b": "ignore_condition:x"}``.

    The drills of ``tool_faults`` (``KEEL_TOOL_FAULTS``); ``tools.faults`` applies them.
    """
    faults: dict[str, str] = {}
    for part in (text or "").split(","):
        if "=" in part:
            tool, fault = part.split("=", 1)
            faults[tool.strip()] = fault.strip()
    return faults


def default_data_dir() -> Path:
    """Return the data directory (``KEEL_DATA_DIR``, else ``./data``)."""
    return Path(_env("KEEL_DATA_DIR") or "data").resolve()


def default_database_url(domain: str = "retail") -> str:
    """The business's database URL (``KEEL_DATABASE_URL``, else ``<data dir>/<domain>.db``).

    Each business has its own SQLite file by default: two businesses' tables may share
    names (a store's ``users`` and a bank's), so they never share a default database.
    """
    url = _env("KEEL_DATABASE_URL")
    if url:
        return url
    # No mkdir here: this runs wherever a Context is built (on LangGraph server, inside the
    # event loop). The engine factory creates the folder when it first connects.
    return f"sqlite:///{default_data_dir() / f'{domain}.db'}"


@dataclass(kw_only=True)
class Context:
    """Settings of one Keel deployment (business database, model endpoint, limits)."""

    database_url: str = field(
        default="",
        metadata={
            "description": "SQLAlchemy URL of the business's database; empty: KEEL_DATABASE_URL, "
            "else SQLite <data dir>/<domain>.db."
        },
    )
    domain: str = field(
        default="retail",
        metadata={
            "description": "The business: a pack under keel.domain or a keel.domains entry point."
        },
    )
    llm_base_url: str | None = field(
        default_factory=lambda: _env("KEEL_LLM_BASE_URL"),
        metadata={"description": "OpenAI-compatible endpoint; empty means fully offline."},
    )
    llm_model: str | None = field(
        default_factory=lambda: _env("KEEL_LLM_MODEL"),
        metadata={"description": "Model name at the endpoint (e.g. gpt-4o-mini, deepseek-chat)."},
    )
    llm_api_key_env: str = field(
        default="KEEL_LLM_API_KEY",
        metadata={"description": "Name of the environment variable holding the API key."},
    )
    llm_timeout_seconds: float = field(
        default=15.0, metadata={"description": "Timeout of one model call."}
    )
    llm_max_retries: int = field(
        default=1, metadata={"description": "Client retries of a failed model call."}
    )
    turn_deadline_seconds: float = field(
        default=8.0,
        metadata={
            "description": "Longest a turn waits for the model in all; then the offline "
            "reading and the template reply are used."
        },
    )
    phrase_with_model: bool = field(
        default=True,
        metadata={"description": "Let the model rephrase templated replies (output-checked)."},
    )
    intent_threshold: float | None = field(
        default=None,
        metadata={"description": "Reject threshold of the offline classifier (None: trained)."},
    )
    max_clarify: int = field(
        default=3, metadata={"description": "Questions for one task before handing off."}
    )
    max_unknown: int = field(
        default=3, metadata={"description": "Consecutive not-understood turns before handoff."}
    )
    max_anger: int = field(
        default=2, metadata={"description": "Consecutive angry turns before handoff."}
    )
    max_confirm_rounds: int = field(
        default=4,
        metadata={
            "description": "Questions or unclear replies at one confirmation before a human "
            "takes over (nothing is changed)."
        },
    )
    secret_ttl_seconds: float = field(
        default=900.0,
        metadata={
            "description": "How long a secret the customer typed (a PIN) can be used after "
            "it was said; then it is asked for again."
        },
    )
    max_identity_attempts: int = field(
        default=5,
        metadata={
            "description": "Failed identifications per session before a human takes over; "
            "an account guessed at this often (from any session, within "
            "identity_lock_seconds) is opened by its email only, never locked."
        },
    )
    max_identity_attempts_per_source: int = field(
        default=10,
        metadata={
            "description": "Failed identifications from one source (a client, across its "
            "sessions) within identity_lock_seconds before it may try no more."
        },
    )
    identity_lock_seconds: float = field(
        default=86400.0,
        metadata={"description": "Window in which failed identifications of an account count."},
    )
    max_tool_retries: int = field(
        default=3,
        metadata={
            "description": "Retries and corrected calls of one tool call (calibration loop limit)."
        },
    )
    max_task_rounds: int = field(
        default=3,
        metadata={
            "description": "Execution rounds of one task plan (the first run and each replan) "
            "before it stops and says what was done and what was not."
        },
    )
    max_writes_per_yes: int = field(
        default=5,
        metadata={
            "description": "Changes of different requests listed together for one yes; the "
            "requests after them are listed next, each list with its own yes."
        },
    )
    max_refusals_taken_up: int = field(
        default=3,
        metadata={
            "description": "Refusals in one turn after which the request queued behind a "
            "refused one is no longer taken up in the same reply (it waits for the next)."
        },
    )
    max_replans: int = field(
        default=2,
        metadata={"description": "Replans of one task plan after overall reflection."},
    )
    min_completion: float = field(
        default=0.8,
        metadata={
            "description": "Share of a plan's required steps that must be done for overall "
            "reflection to stop with what is left (every required step must be done too)."
        },
    )
    tool_similarity_threshold: float = field(
        default=0.82,
        metadata={
            "description": "Predictive tool selection: a tool outside the task's category "
            "joins the selection when its description is at least this similar to the task."
        },
    )
    retry_backoff_seconds: tuple[float, ...] = field(
        default_factory=lambda: _floats(_env("KEEL_RETRY_BACKOFF_SECONDS") or "1,2,4"),
        metadata={"description": "Pause before each retry of a failed tool call (1 s, 2 s, 4 s)."},
    )
    duplicate_cache: bool = field(
        default=True,
        metadata={"description": "Serve a repeated read tool call from the cache (per-tool TTL)."},
    )
    tool_faults: dict[str, str] = field(
        default_factory=lambda: parse_faults(_env("KEEL_TOOL_FAULTS")),
        metadata={
            "description": "Faults injected into named tools, for drills and scenarios "
            "(tool -> timeout | unreachable | permission | not_found | empty | "
            "ignore_condition:<value>)."
        },
    )
    redis_url: str | None = field(
        default_factory=lambda: _env("KEEL_REDIS_URL"),
        metadata={"description": "Redis URL for the duplicate-call cache (default: SQL table)."},
    )
    max_message_chars: int = field(
        default=2000, metadata={"description": "Longest accepted user message."}
    )
    rate_capacity: int = field(
        default=20, metadata={"description": "Token-bucket burst size per user/session."}
    )
    rate_refill_per_second: float = field(
        default=0.5, metadata={"description": "Token-bucket refill rate per user/session."}
    )
    kb_threshold: float | None = field(
        default=None, metadata={"description": "Minimum retrieval score (None: KB default)."}
    )
    sql_row_limit: int = field(
        default=50, metadata={"description": "Maximum rows any SQL template returns."}
    )
    http_timeout_seconds: float = field(
        default=3.0, metadata={"description": "Timeout of HTTP API tools."}
    )
    ask_database_url: str | None = field(
        default_factory=lambda: _env("KEEL_ASK_DATABASE_URL"),
        metadata={
            "description": "How operators' questions read the store: its URL through a role "
            "that may only SELECT (default: the store's URL, on read-only sessions)."
        },
    )
    max_ask_iterations: int = field(
        default=12,
        metadata={
            "description": "Plan-Tool-Active-Validate iterations of one question to the data "
            "before the loop stops and says why."
        },
    )
    max_sql_repairs: int = field(
        default=3,
        metadata={"description": "Repairs of a failed SQL statement (regenerate, refine)."},
    )
    ask_row_limit: int = field(
        default=200, metadata={"description": "Most rows a question to the data returns."}
    )
    ask_timeout_seconds: float = field(
        default=10.0, metadata={"description": "Statement timeout of a question to the data."}
    )
    ask_max_tables: int = field(
        default=5, metadata={"description": "Most tables chosen for one question to the data."}
    )

    def __post_init__(self) -> None:
        if not self.database_url:
            self.database_url = default_database_url(self.domain)

    def llm_api_key(self) -> str | None:
        """Return the API key from the configured environment variable (never stored)."""
        return _env(self.llm_api_key_env) or _env("OPENAI_API_KEY")

    @property
    def llm_enabled(self) -> bool:
        """True when an OpenAI-compatible endpoint and model are configured."""
        return bool(self.llm_base_url and self.llm_model)

    def as_dict(self) -> dict[str, Any]:
        """Every setting by name (what ``Context(**values)`` takes back)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def replace(self, **changes: Any) -> Context:
        """Return a copy with some settings changed.

        Another business keeps an explicit database and gets its own default one otherwise.
        """
        values = {**self.as_dict(), **changes}
        moved = "domain" in changes and "database_url" not in changes
        if moved and self.database_url == default_database_url(self.domain):
            values["database_url"] = ""
        return Context(**values)
