"""``keel bench patterns``: the worst case of every pattern over customer text, measured.

Every literal pattern the customer-text packages compile through ``safety.patterns`` is run
on adversarial messages as long as the guard lets through (``max_message_chars``): runs of
the pattern's own characters, of a Chinese character, of spaces and punctuation, and a real
message repeated. RE2 patterns are linear by construction; the ones on Python's ``re`` are
proven bounded by their shape, and this prints what that bound costs: per pattern the worst
time, then the median and the slowest patterns. Last, a 100,000-character message is sent to
the agent end to end (it is refused by its size before any pattern reads it): the median
time of that refusal.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from keel.safety import patterns

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("understanding", "safety", "nodes", "domain", "querying")
REAL = "Hi, I'm Mia Mitchell, zip 60655. 帮我取消订单 #W1309753, ok? "


def inputs(pattern: str, length: int) -> list[str]:
    """Adversarial texts for one pattern: its own letters, CJK, spaces, a real message."""
    letters = "".join(dict.fromkeys(c for c in pattern if c.isalnum())) or "a"
    return [
        (letters * (length // len(letters) + 1))[:length],
        (letters[:3] + " ") * (length // 4),
        "的" * length,
        " ," * (length // 2),
        (REAL * (length // len(REAL) + 1))[:length],
        "a" * (length - 1) + "!",
    ]


def worst_time(compiled: object, texts: Sequence[str]) -> float:
    """The slowest full scan (``findall``) of any of ``texts``, in seconds."""
    worst = 0.0
    for text in texts:
        started = time.perf_counter()
        compiled.findall(text)  # type: ignore[attr-defined]
        worst = max(worst, time.perf_counter() - started)
    return worst


def refusal_seconds(runs: int) -> list[float]:
    """Times of the agent refusing a 100,000-character message, end to end."""
    from keel.api import Keel
    from keel.persistence.db import sqlite_url
    from keel.state.context import Context

    database = Path(tempfile.mkdtemp(prefix="keel-bench-")) / "store.db"
    agent = Keel(Context(database_url=sqlite_url(database), rate_capacity=10_000))
    times = []
    for index in range(runs):
        started = time.perf_counter()
        turn = agent.send(f"long-{index}", "请帮我取消订单 " * 12_500)
        times.append(time.perf_counter() - started)
        assert "太长" in turn.reply or "too long" in turn.reply, turn.reply
    return times


def main(argv: Sequence[str] = ()) -> int:
    """Print one JSON line: engines, worst times of the ``re`` patterns, the refusal's time."""
    from keel.state.context import Context

    length = Context().max_message_chars
    paths = sorted(p for d in PACKAGES for p in (ROOT / d).rglob("*.py"))
    found = patterns.literal_patterns(paths)
    timed: list[tuple[float, str, str]] = []
    engines = {"re2": 0, "re": 0}
    for where, line, pattern, flags in found:
        engine = patterns.engine(pattern, flags)
        engines[engine] += 1
        seconds = worst_time(patterns.compile(pattern, flags), inputs(pattern, length))
        timed.append((seconds, engine, f"{Path(where).relative_to(ROOT)}:{line}"))
    slowest = sorted(timed, reverse=True)[:5]
    by_engine = {
        engine: statistics.median([t for t, e, _ in timed if e == engine] or [0.0]) * 1000
        for engine in engines
    }
    refusals = refusal_seconds(int(argv[0]) if argv else 5)
    print(
        json.dumps(
            {
                "patterns": len(found),
                "engines": engines,
                "message_chars": length,
                "median_worst_ms": {k: round(v, 3) for k, v in by_engine.items()},
                "slowest_ms": [(round(t * 1000, 2), e, w) for t, e, w in slowest],
                "refuse_100k_median_s": round(statistics.median(refusals), 4),
                "refuse_100k_max_s": round(max(refusals), 4),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
