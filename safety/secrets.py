"""Secrets a customer types (a PIN, a card's CVV), kept out of everything Keel stores.

A slot declared ``secret`` is never kept in the conversation: the first node that reads a
message seals each secret it states into this process's vault, the message is kept with the
secret masked, and the slot holds a *handle* (``secret:…``). Plans, listings, checkpoints,
the audit trail and the model see only handles and masks. The one place a handle becomes
its value again is the tool call that needs it (:func:`reveal_args`, in the executor), and
the business's own checks of a value (:func:`reveal`).

Handles are short-lived (``Context.secret_ttl_seconds``) and live in one process's memory:
a handle that has expired, or that another server process sealed, reveals nothing, and the
business asks the customer for the value again. Nothing is ever written with a stale or
guessed secret.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from secrets import token_urlsafe
from typing import Any

PREFIX = "secret:"
MASK = "*"  # as a PIN is masked on a receipt (the intent reader knows it as such)
CAPACITY = 10_000  # sealed values kept at most (the oldest go first)


class SecretExpired(ValueError):
    """A handle that reveals nothing: expired, forgotten, or sealed by another process."""


class SecretVault:
    """Handles to values, each for a limited time, bounded in number (thread-safe)."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self._values: OrderedDict[str, tuple[str, float]] = OrderedDict()
        self._capacity = capacity
        self._lock = threading.Lock()

    def seal(self, value: str, ttl_seconds: float) -> str:
        """A new handle to ``value``, valid for ``ttl_seconds``."""
        handle = PREFIX + token_urlsafe(16)
        with self._lock:
            self._values[handle] = (value, time.monotonic() + ttl_seconds)
            while len(self._values) > self._capacity:
                self._values.popitem(last=False)
        return handle

    def reveal(self, handle: str) -> str | None:
        """The value behind ``handle``, or None when it has expired or is unknown."""
        with self._lock:
            found = self._values.get(handle)
            if found is None:
                return None
            value, expires = found
            if time.monotonic() >= expires:
                del self._values[handle]
                return None
            return value

    def forget(self, handle: str) -> None:
        """Drop ``handle`` (its value can no longer be revealed)."""
        with self._lock:
            self._values.pop(handle, None)


VAULT = SecretVault()


def is_handle(value: object) -> bool:
    """True for a handle to a sealed secret."""
    return isinstance(value, str) and value.startswith(PREFIX)


def seal(value: str, ttl_seconds: float) -> str:
    """A handle to ``value`` in this process's vault."""
    return VAULT.seal(value, ttl_seconds)


def reveal(value: object) -> str | None:
    """The secret behind a handle (None when it reveals nothing); any other value as text.

    A business's own check of a secret (a PIN that may not be the birth year) reads it
    through this, so that it works the same on a sealed value and on a plain one.
    """
    if value is None or value == "":
        return None
    if is_handle(value):
        return VAULT.reveal(str(value))
    return str(value)


def reveal_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """A tool's arguments with every handle replaced by its secret.

    Raises :class:`SecretExpired` (a parameter error: the tool does not run) for a handle
    that reveals nothing.
    """
    revealed: dict[str, Any] = {}
    for name, value in args.items():
        if is_handle(value):
            secret = VAULT.reveal(str(value))
            if secret is None:
                raise SecretExpired(f"the {name} the customer typed has expired: ask for it again")
            revealed[name] = secret
        else:
            revealed[name] = value
    return revealed


def mask(text: str, values: Iterable[str]) -> str:
    """``text`` with each of ``values`` written over with mask characters, longest first."""
    for value in sorted({v for v in values if v}, key=len, reverse=True):
        text = text.replace(value, MASK * len(value))
    return text
