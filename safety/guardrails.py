"""Deterministic input guardrails for user messages.

The checks run in a fixed order and stop at the first failure:

1. ``empty`` (nothing but whitespace or invisible characters), ``too_long``
   (more than ``max_chars`` code points) and ``malformed`` (NUL and other
   control characters, lone UTF-16 surrogates, Unicode non-characters), all on
   the raw text;
2. injection patterns on a normalised view of the text: ``sql_injection``,
   then ``script_injection``, then ``prompt_injection``;
3. ``sensitive`` words and phrases.

The rules themselves (regular expressions and word lists) are data, loaded from
the domain's ``guardrails.yaml`` into a ``GuardConfig``. ``check_message`` is
pure; rate limiting is stateful and therefore lives in ``TokenBucket``, which
the caller applies per session or user (reason ``rate_limited``).

A verdict's ``detail`` names the rule and the text it matched, for the audit
trail only: it must never be shown to the user.
"""

from __future__ import annotations

import html
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Self
from urllib.parse import unquote

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from keel.safety import patterns as rx

GuardReason = Literal[
    "ok",
    "too_long",
    "empty",
    "malformed",
    "sensitive",
    "sql_injection",
    "script_injection",
    "prompt_injection",
    "rate_limited",
]

#: Flags every configured injection pattern is compiled with.
PATTERN_FLAGS = rx.IGNORECASE | rx.MULTILINE

_SNIPPET_CHARS = 60
_ALLOWED_CONTROLS = frozenset("\t\n\r")
# Characters a Latin "whole word" must not touch on either side.
_LATIN_WORD_CHARS = r"0-9A-Za-z\u00C0-\u024F\u1E00-\u1EFF"
_CJK_RE = rx.compile(
    "[\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f]"
)
_WHITESPACE_RE = rx.compile(r"\s+")
_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
    }
)
_TAG_FIRST, _TAG_LAST = 0xE0020, 0xE007E
_EPSILON = 1e-9


class GuardVerdict(BaseModel):
    """Outcome of the input guard for one message."""

    model_config = ConfigDict(frozen=True)

    allowed: bool = Field(description="True when the message may be processed.")
    reason: GuardReason = Field(description="Why the message was allowed (ok) or refused.")
    detail: str = Field(
        default="",
        description="Rule and matched text, for the audit trail; never echoed to the user.",
    )

    @model_validator(mode="after")
    def _allowed_iff_ok(self) -> Self:
        if self.allowed != (self.reason == "ok"):
            raise ValueError("allowed must be True exactly when reason is 'ok'")
        return self


class GuardConfig(BaseModel):
    """Guardrail rules of one domain, loaded from its ``guardrails.yaml``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_chars: int = Field(
        default=2000,
        ge=1,
        description="Longest accepted message, in Unicode code points.",
    )
    sensitive_words: list[str] = Field(
        description=(
            "Words and phrases the store refuses to process. Case-insensitive; Latin "
            "entries match whole words only, entries with CJK characters match as "
            "substrings (whitespace ignored)."
        ),
    )
    sql_patterns: list[str] = Field(
        description="Regular expressions of SQL injection (IGNORECASE | MULTILINE).",
    )
    script_patterns: list[str] = Field(
        description="Regular expressions of script, XSS and template injection.",
    )
    prompt_injection_patterns: list[str] = Field(
        description=(
            "Regular expressions of instructions aimed at the assistant itself, English "
            "and Chinese (IGNORECASE | MULTILINE)."
        ),
    )
    output_checks: dict[str, list[str]] = Field(
        default_factory=dict,
        description=(
            "RE2 patterns a model's rephrasing may not add to the template reply, by kind "
            "(contact, credentials, instructions)."
        ),
    )
    rate_capacity: int = Field(
        default=20,
        ge=1,
        description="Token-bucket burst size: messages a session may send at once.",
    )
    rate_refill_per_second: float = Field(
        default=0.5,
        ge=0.0,
        description="Token-bucket refill rate: sustained messages per second per session.",
    )

    @field_validator("sensitive_words")
    @classmethod
    def _check_words(cls, words: list[str]) -> list[str]:
        cleaned = [" ".join(word.split()) for word in words]
        if any(not word for word in cleaned):
            raise ValueError("sensitive words must not be blank")
        return cleaned

    @field_validator("sql_patterns", "script_patterns", "prompt_injection_patterns")
    @classmethod
    def _check_patterns(cls, patterns: list[str]) -> list[str]:
        for pattern in patterns:
            try:
                compiled = rx.compile(pattern, PATTERN_FLAGS)
            except rx.error as exc:
                raise ValueError(f"invalid regular expression {pattern!r}: {exc}") from exc
            if compiled.search("") is not None:
                raise ValueError(f"pattern {pattern!r} matches the empty string")
        return patterns

    @classmethod
    def load(cls, path: Path) -> GuardConfig:
        """Load and validate the configuration from a YAML file.

        Raises ``ValueError`` (a pydantic ``ValidationError``) on invalid rules, and
        ``OSError`` or ``yaml.YAMLError`` when the file cannot be read or parsed.
        """
        data: Any = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError(f"{path}: expected a mapping at the top level")
        return cls.model_validate(data)


class TokenBucket:
    """Per-key token-bucket rate limiter (thread-safe, injectable clock).

    Each key (session or user id) starts with ``capacity`` tokens; every allowed
    message spends one, and tokens come back at ``refill_per_second`` up to the
    capacity. A full bucket is indistinguishable from a new one, so full buckets
    are forgotten once more than ``max_keys`` keys are tracked.
    """

    def __init__(
        self,
        capacity: int,
        refill_per_second: float,
        clock: Callable[[], float] = time.monotonic,
        *,
        max_keys: int = 100_000,
    ) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        if refill_per_second < 0:
            raise ValueError("refill_per_second must not be negative")
        self.capacity = capacity
        self.refill_per_second = refill_per_second
        self._clock = clock
        self._max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, last update)
        self._lock = threading.Lock()

    @classmethod
    def from_config(
        cls, config: GuardConfig, clock: Callable[[], float] = time.monotonic
    ) -> TokenBucket:
        """Build a limiter from the ``rate_*`` settings of a guard configuration."""
        return cls(config.rate_capacity, config.rate_refill_per_second, clock)

    def _tokens_at(self, key: str, now: float) -> float:
        tokens, last = self._buckets.get(key, (float(self.capacity), now))
        elapsed = max(0.0, now - last)  # a clock going backwards never removes tokens
        return min(float(self.capacity), tokens + elapsed * self.refill_per_second)

    def allow(self, key: str) -> bool:
        """Spend one token of ``key``; return False (spending nothing) when it has none."""
        with self._lock:
            now = self._clock()
            tokens = self._tokens_at(key, now)
            allowed = tokens >= 1.0 - _EPSILON  # tolerate float drift of many small refills
            if allowed:
                tokens -= 1.0
            self._buckets[key] = (tokens, now)
            if len(self._buckets) > self._max_keys:
                self._forget_full(now)
            return allowed

    def _forget_full(self, now: float) -> None:
        full = [key for key in self._buckets if self._tokens_at(key, now) >= self.capacity]
        for key in full:
            del self._buckets[key]


# --------------------------------------------------------------------------- helpers


def _verdict(reason: GuardReason, detail: str) -> GuardVerdict:
    return GuardVerdict(allowed=False, reason=reason, detail=detail)


def _snippet(text: str) -> str:
    return text if len(text) <= _SNIPPET_CHARS else text[: _SNIPPET_CHARS - 1] + "…"


def _is_noncharacter(code: int) -> bool:
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


def _malformed(text: str) -> str | None:
    """Describe the first malformed character of ``text``, or return None."""
    for index, char in enumerate(text):
        code = ord(char)
        category = unicodedata.category(char)
        if category == "Cc" and char not in _ALLOWED_CONTROLS:
            kind = "NUL" if code == 0 else "control character"
        elif category == "Cs":
            kind = "lone surrogate"
        elif _is_noncharacter(code):
            kind = "non-character"
        else:
            continue
        return f"{kind} U+{code:04X} at index {index}"
    return None


def _visible(char: str) -> str:
    """Map a character for matching: tag characters reveal their ASCII, format chars vanish."""
    code = ord(char)
    if _TAG_FIRST <= code <= _TAG_LAST:
        return chr(code - 0xE0000)  # "ASCII smuggling" through invisible tag characters
    return "" if unicodedata.category(char) == "Cf" else char


def _normalize(text: str) -> str:
    """Return the view of ``text`` the rules match against (NFKC, casefolded, no invisibles)."""
    folded = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    if any(unicodedata.category(char) == "Cf" for char in folded):
        folded = "".join(_visible(char) for char in folded)
    return folded.casefold()


def _views(normalized: str) -> list[str]:
    """Return the normalised text plus its URL- and HTML-decoded form when that differs."""
    decoded = html.unescape(unquote(normalized))
    if decoded != normalized:
        decoded = _normalize(decoded)
    return [normalized] if decoded == normalized else [normalized, decoded]


@lru_cache(maxsize=64)
def _compile_patterns(patterns: tuple[str, ...]) -> tuple[rx.Pattern[str], ...]:
    return tuple(rx.compile(pattern, PATTERN_FLAGS) for pattern in patterns)


def _word_matcher(word: str) -> tuple[bool, rx.Pattern[str]]:
    """Compile one sensitive word: (is CJK, pattern)."""
    normalized = _normalize(word)
    if _CJK_RE.search(normalized):
        return True, rx.compile(rx.escape(_WHITESPACE_RE.sub("", normalized)))
    body = r"\s+".join(rx.escape(part) for part in normalized.split())
    return False, rx.compile(
        rf"(?<![{_LATIN_WORD_CHARS}]){body}(?![{_LATIN_WORD_CHARS}])", rx.IGNORECASE
    )


@lru_cache(maxsize=64)
def _compile_words(words: tuple[str, ...]) -> tuple[tuple[str, bool, rx.Pattern[str]], ...]:
    return tuple((word, *_word_matcher(word)) for word in words)


def _first_pattern_hit(label: str, patterns: Iterable[str], views: list[str]) -> str | None:
    """Return the audit detail of the first pattern matching any view, or None."""
    configured = tuple(patterns)
    for index, compiled in enumerate(_compile_patterns(configured)):
        for view in views:
            match = compiled.search(view)
            if match is not None:
                return (
                    f"{label}[{index}] matched {_snippet(match.group(0))!r} "
                    f"(pattern {_snippet(configured[index])!r})"
                )
    return None


def _first_sensitive_hit(words: Iterable[str], normalized: str) -> str | None:
    """Return the audit detail of the first sensitive word found, or None."""
    compact = _WHITESPACE_RE.sub("", normalized)
    for word, is_cjk, compiled in _compile_words(tuple(words)):
        if compiled.search(compact if is_cjk else normalized):
            return f"sensitive word {word!r}"
    return None


# --------------------------------------------------------------------------- entry point


def check_message(text: str, config: GuardConfig) -> GuardVerdict:
    """Check one user message against the guard configuration.

    Pure and deterministic: the same text and configuration always give the same
    verdict. The first failing check decides, in this order: empty, too_long,
    malformed, sql_injection, script_injection, prompt_injection, sensitive.
    Rate limiting is not done here (see ``TokenBucket``).
    """
    if not text.strip():
        return _verdict("empty", "message is empty or whitespace only")
    if len(text) > config.max_chars:
        return _verdict("too_long", f"{len(text)} characters > max_chars={config.max_chars}")
    problem = _malformed(text)
    if problem is not None:
        return _verdict("malformed", problem)
    normalized = _normalize(text)
    if not normalized.strip():
        return _verdict("empty", "message has only invisible characters")

    views = _views(normalized)
    injection_checks: tuple[tuple[GuardReason, str, list[str]], ...] = (
        ("sql_injection", "sql_patterns", config.sql_patterns),
        ("script_injection", "script_patterns", config.script_patterns),
        ("prompt_injection", "prompt_injection_patterns", config.prompt_injection_patterns),
    )
    for reason, label, patterns in injection_checks:
        hit = _first_pattern_hit(label, patterns, views)
        if hit is not None:
            return _verdict(reason, hit)

    hit = _first_sensitive_hit(config.sensitive_words, normalized)
    if hit is not None:
        return _verdict("sensitive", hit)
    return GuardVerdict(allowed=True, reason="ok", detail="")
