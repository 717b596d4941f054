"""``keel bench calibration``: what the calibration layer costs, and how often it recovers.

Runs on a fresh demo store (no shared data) and prints one JSON line:

* the cost of a successful read through the calibration machine (duplicate check,
  run, validation, cache write, record) against the bare tool function: median and p99
  of each and their ratio; and the cache-hit path;
* correction on a generated set of faulty calls (at least 200) across every failure
  type, each with the outcome a correct layer must reach: recovered (the right data
  after retries or corrections), or refused honestly (no retry where none can help).
  ``wrong_answers`` counts calls that came back "successful" with data that does not
  answer the request; it must stay 0. Backoff pauses are set to zero here (the
  schedule, 1 s / 2 s / 4 s by default, is configuration, not work).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import select

from keel.bench.turns import percentile
from keel.calibration.machine import CallDeps, run_call
from keel.domain.retail.demo_data import load_demo_data
from keel.domain.retail.models import Order
from keel.nodes.common import call_deps
from keel.persistence.db import session_scope, sqlite_url
from keel.state.context import Context
from keel.tools.registry import RegisteredTool, ToolContext, ToolError, ToolRegistry

SEED = 7


@dataclass(frozen=True)
class FaultCase:
    """One generated faulty call and what a correct layer must make of it."""

    kind: str  # the failure it provokes
    tool: str
    args: dict[str, Any]
    expect: str  # recovered | refused
    answer: str | None  # the order id the data must be about, when recovered


def _orders(url: str) -> list[tuple[str, str]]:
    with session_scope(url) as session:
        return [(o.order_id, o.user_id) for o in session.scalars(select(Order)).all()]


def _timed(fn: Callable[[str], None], order_id: str) -> float:
    started = time.perf_counter()
    fn(order_id)
    return (time.perf_counter() - started) * 1000


def overhead(deps: CallDeps, orders: list[tuple[str, str]]) -> dict[str, Any]:
    """Bare tool function vs the calibrated path (misses), and the cache-hit path."""
    tool = deps.registry.get("get_order_details")
    ids = [order_id for order_id, _ in orders]

    def bare_call(order_id: str) -> None:
        tool.run(deps.tool_context, {"order_id": order_id})

    def calibrated_call(order_id: str) -> None:
        run_call(deps, "get_order_details", {"order_id": order_id})

    bare = [_timed(bare_call, i) for i in ids]
    calibrated = [_timed(calibrated_call, i) for i in ids]  # first time: cache misses
    hits = [_timed(calibrated_call, i) for i in ids]  # again: served from the cache
    median_bare = statistics.median(bare)
    median_calibrated = statistics.median(calibrated)
    return {
        "reads": len(ids),
        "bare_median_ms": round(median_bare, 3),
        "bare_p99_ms": round(percentile(bare, 99), 3),
        "calibrated_median_ms": round(median_calibrated, 3),
        "calibrated_p99_ms": round(percentile(calibrated, 99), 3),
        "overhead_ratio": round(median_calibrated / median_bare, 2),
        "cache_hit_median_ms": round(statistics.median(hits), 3),
        "cache_hit_p99_ms": round(percentile(hits, 99), 3),
    }


class Flaky:
    """Wraps a tool so that it fails ``times`` times per argument set, then works."""

    def __init__(self, tool: RegisteredTool, error: Callable[[], Exception], times: int) -> None:
        self.tool, self.error, self.times = tool, error, times
        self.seen: Counter[str] = Counter()

    def __call__(self, ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        """Run the tool, or fail as told."""
        key = json.dumps(args, sort_keys=True)
        self.seen[key] += 1
        if self.seen[key] <= self.times:
            raise self.error()
        return self.tool.run(ctx, args)


def _registry_with(base: ToolRegistry, name: str, run: Any) -> ToolRegistry:
    registry = ToolRegistry()
    for spec in base.specs():
        tool = base.get(spec.name)
        registry.register(RegisteredTool(spec, run) if spec.name == name else tool)
    return registry


def fault_cases(orders: list[tuple[str, str]], rng: random.Random) -> list[FaultCase]:
    """At least 200 faulty calls over every failure type, with the outcome each deserves.

    Kinds: ``malformed_id`` (``1234567``, ``W1234567`` … → DATA_NOT_FOUND, repairable),
    ``mistyped_id`` (a well-formed id that does not exist), ``missing_arg``
    (PARAMETER_ERROR), ``timeout:N`` (SERVICE_UNAVAILABLE N times; 9 = for good),
    ``conflict:1`` (RESOURCE_CONFLICT once), ``permission``, ``business``,
    ``validation``, ``unknown`` (always), ``condition_ignored`` (other users' rows too).
    """
    cases: list[FaultCase] = []
    sample = rng.sample(orders, 30)
    get = "get_order_details"
    for order_id, _ in sample:
        digits = order_id.removeprefix("#W")
        for malformed in (digits, f"W{digits}", f"#w{digits}", f" #W {digits}"):
            cases.append(
                FaultCase("malformed_id", get, {"order_id": malformed}, "recovered", order_id)
            )
        typo = f"#W{int(digits) ^ 1:07d}"
        cases.append(FaultCase("mistyped_id", get, {"order_id": typo}, "refused", None))
    for order_id, user_id in sample[:10]:
        known = {"order_id": order_id}
        for kind in ("timeout:1", "timeout:2", "conflict:1"):
            cases.append(FaultCase(kind, get, known, "recovered", order_id))
        for kind in ("timeout:9", "permission", "business", "validation", "unknown"):
            cases.append(FaultCase(kind, get, known, "refused", None))
        cases.append(FaultCase("missing_arg", get, {}, "refused", None))
        orders_of = {"user_id": user_id}
        cases.append(
            FaultCase("condition_ignored", "get_user_orders", orders_of, "recovered", user_id)
        )
    return cases


def _faulty_deps(deps: CallDeps, case: FaultCase, other_user: str) -> CallDeps:
    base = deps.registry
    tool = base.get(case.tool)
    kind, _, times = case.kind.partition(":")
    if kind == "condition_ignored":

        def ignoring(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
            mine, theirs = tool.run(ctx, args), tool.run(ctx, {**args, "user_id": other_user})
            return {k: [*mine[k], *v] if isinstance(v, list) else v for k, v in theirs.items()}

        return replace(deps, registry=_registry_with(base, case.tool, ignoring))
    errors: dict[str, Callable[[], Exception]] = {
        "timeout": lambda: TimeoutError("timed out"),
        "conflict": lambda: ToolError("RESOURCE_CONFLICT", "database is locked"),
        "permission": lambda: ToolError("PERMISSION_ERROR", "access denied"),
        "business": lambda: ToolError("BUSINESS_ERROR", "order is not pending"),
        "validation": lambda: ToolError("VALIDATION_ERROR", "value out of range"),
        "unknown": lambda: RuntimeError("something odd"),
    }
    if kind in errors:
        flaky = Flaky(tool, errors[kind], int(times) if times else 1_000)
        return replace(deps, registry=_registry_with(base, case.tool, flaky))
    return deps  # malformed, mistyped or missing arguments: the real tool fails by itself


def _answers(state: dict[str, Any], case: FaultCase) -> bool:
    data = state["outcome"]["data"]
    if case.tool == "get_user_orders":
        return bool(data["orders"]) and all(o["user_id"] == case.answer for o in data["orders"])
    return bool(data.get("order")) and data["order"]["order_id"] == case.answer


def corrections(deps: CallDeps, orders: list[tuple[str, str]]) -> dict[str, Any]:
    """Run every generated faulty call; count recoveries, honest refusals and wrong answers."""
    rng = random.Random(SEED)
    cases = fault_cases(orders, rng)
    users = sorted({user for _, user in orders})
    by_kind: dict[str, Counter[str]] = defaultdict(Counter)
    retries: list[int] = []
    wrong = 0
    for case in cases:
        other = next(u for u in users if u != case.answer)
        state = run_call(_faulty_deps(deps, case, other), case.tool, case.args)
        kind = case.kind
        ok = state["outcome"]["ok"]
        right = ok and case.answer is not None and _answers(dict(state), case)
        wrong += ok and not right and case.expect == "recovered"
        wrong += ok and case.expect == "refused"
        outcome = "recovered" if right else "refused" if not ok else "wrong"
        by_kind[kind][f"{case.expect}->{outcome}"] += 1
        retries.append(state.get("corrections", 0))
    recoverable = [c for c in cases if c.expect == "recovered"]
    recovered = sum(
        n for k in by_kind.values() for o, n in k.items() if o == "recovered->recovered"
    )
    refused_ok = sum(n for k in by_kind.values() for o, n in k.items() if o == "refused->refused")
    return {
        "faulty_calls": len(cases),
        "recoverable": len(recoverable),
        "recovered": recovered,
        "correction_success_rate": round(recovered / len(recoverable), 4),
        "unrecoverable_refused_honestly": f"{refused_ok}/{len(cases) - len(recoverable)}",
        "wrong_answers": wrong,
        "mean_retries": round(statistics.mean(retries), 2),
        "by_failure_type": {k: dict(v) for k, v in sorted(by_kind.items())},
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark on a fresh demo store and print one JSON line."""
    parser = argparse.ArgumentParser(prog="keel bench calibration")
    parser.add_argument("--reads", type=int, default=300, help="distinct reads timed")
    args = parser.parse_args(argv)
    url = sqlite_url(Path(tempfile.mkdtemp(prefix="keel-bench-calibration-")) / "store.db")
    load_demo_data(url)
    context = Context(database_url=url, retry_backoff_seconds=(0.0,))
    deps = call_deps(context)
    orders = _orders(url)
    run_call(deps, "list_products", {})  # warm-up: connections, compiled statements
    timing = overhead(deps, orders[: args.reads])
    # Corrections are measured without the cache, so every faulty call really runs.
    result = {**timing, **corrections(replace(deps, cache=None), orders)}
    if deps.recorder is not None:
        deps.recorder.flush()
    print(json.dumps(result))
    return 0
