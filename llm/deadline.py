"""One deadline for a whole turn: model calls wait at most until it passes.

A turn starts when the customer's message arrives (``turn_started`` in the dialogue
state); every node of the turn runs inside :func:`turn_deadline`, and every model call
goes through :func:`call_within`, which waits no longer than what is left of the turn
(nor than the call's own timeout). When the deadline passes, the caller falls back to
the offline reading or the template reply, and the endpoint's circuit breaker opens
at once: an endpoint that accepts a request and never answers costs one turn at most
one deadline, then none until the breaker's cooldown is over.

The call itself runs in a worker thread, so a hung HTTP request never holds the turn;
it ends in the background at the client's own timeout.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, wait
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")

_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "keel_turn_deadline", default=None
)
_workers = ThreadPoolExecutor(max_workers=8, thread_name_prefix="keel-model")


class DeadlinePassed(TimeoutError):
    """The turn's deadline passed before the model answered (or before the call started)."""


@contextmanager
def turn_deadline(at: float | None) -> Iterator[None]:
    """Run the enclosed code with the turn's deadline (epoch seconds; None: no deadline)."""
    token = _deadline.set(at)
    try:
        yield
    finally:
        _deadline.reset(token)


def remaining() -> float | None:
    """Seconds left before the turn's deadline (None when there is no deadline)."""
    at = _deadline.get()
    return None if at is None else at - time.time()


def call_within(call: Callable[[], T], timeout: float) -> T:
    """Run ``call``, waiting at most ``timeout`` seconds and never past the turn's deadline."""
    left = remaining()
    limit = timeout if left is None else min(timeout, left)
    if limit <= 0:
        raise DeadlinePassed("the turn's deadline has passed")
    future = _workers.submit(contextvars.copy_context().run, call)
    done, _ = wait([future], timeout=limit)
    if not done:  # the call itself may time out too: only an unfinished one is a hang
        raise DeadlinePassed(f"no answer within {limit:.1f} s")
    return future.result()
