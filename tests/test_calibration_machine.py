"""The calibration machine around every tool call, with tools made to misbehave."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from keel.calibration.cache import SqlCallCache
from keel.calibration.machine import (
    END,
    ROUTE_TARGETS,
    ROUTES,
    START_STEP,
    STEPS,
    CallDeps,
    CallState,
    decision,
    run_call,
)
from keel.calibration.records import CalibrationRecorder
from keel.calibration.taxonomy import ends_in_handoff
from keel.domain.config import DOMAIN_ROOT
from keel.persistence.db import sqlite_url
from keel.safety.guardrails import GuardConfig
from keel.tools.registry import RegisteredTool, ToolContext, ToolError, ToolRegistry, ToolSpec

RETAIL_GUARDRAILS = DOMAIN_ROOT / "retail" / "guardrails.yaml"

BATCHES = [{"batch": f"MB-{n:03d}", "qty": n} for n in (1, 100, 101)]
Run = Callable[[ToolContext, dict[str, Any]], dict[str, Any]]


class Tools:
    """A registry of scripted tools that count their calls."""

    def __init__(self) -> None:
        self.registry = ToolRegistry()
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def add(self, name: str, run: Run, **spec: Any) -> None:
        def counted(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
            self.calls.append((name, dict(args)))
            return run(ctx, args)

        fields = {"category": "sql", "access": "read", "description": name, **spec}
        self.registry.register(RegisteredTool(ToolSpec(name=name, **fields), counted))

    def count(self, name: str) -> int:
        return sum(1 for tool, _ in self.calls if tool == name)


@pytest.fixture
def tools() -> Tools:
    return Tools()


@pytest.fixture
def sleeps() -> list[float]:
    return []


@pytest.fixture
def deps_for(tmp_path: Path, sleeps: list[float]) -> Callable[[Tools], CallDeps]:
    url = sqlite_url(tmp_path / "calibration.db")

    def make(tools: Tools, **changes: Any) -> CallDeps:
        values: dict[str, Any] = {
            "registry": tools.registry,
            "tool_context": ToolContext(database_url=url, session_id="s1"),
            "cache": SqlCallCache(url),
            "recorder": CalibrationRecorder(url),
            "max_corrections": 3,
            "backoff_seconds": (1.0, 2.0, 4.0),
            "sleep": sleeps.append,
            "slot_patterns": {"order_id": r"^#W\d{7}$"},
            "guard": GuardConfig.load(RETAIL_GUARDRAILS),
        }
        values.update(changes)
        return CallDeps(**values)

    return make


def test_a_repeated_read_is_served_from_the_cache(tools: Tools, deps_for: Any) -> None:
    tools.add("get_order", lambda ctx, a: {"order": {"order_id": a["order_id"], "status": "ok"}})
    deps = deps_for(tools)
    first = run_call(deps, "get_order", {"order_id": "#W1234567"})
    again = run_call(deps, "get_order", {"order_id": " #W1234567", "note": None})
    assert not first["duplicate"] and again["duplicate"]
    assert again["outcome"]["data"] == first["outcome"]["data"] and tools.count("get_order") == 1
    stats = deps.recorder.tool_stats("get_order")
    assert stats["totalCalls"] == 2 and stats["duplicateRate"] == 0.5


def test_a_write_is_never_cached_and_clears_the_reads_it_touches(
    tools: Tools, deps_for: Any
) -> None:
    status = {"#W1234567": "pending"}
    tools.add(
        "get_order",
        lambda ctx, a: {"order": {"order_id": a["order_id"], "status": status[a["order_id"]]}},
    )
    tools.add(
        "cancel",
        lambda ctx, a: status.update({a["order_id"]: "cancelled"}) or {"order_id": a["order_id"]},
        access="write",
    )
    deps = deps_for(tools)
    run_call(deps, "get_order", {"order_id": "#W1234567"})
    run_call(deps, "cancel", {"order_id": "#W1234567"})
    run_call(deps, "cancel", {"order_id": "#W1234567"})
    assert tools.count("cancel") == 2  # each confirmed write runs; none is served from cache
    after = run_call(deps, "get_order", {"order_id": "#W1234567"})
    assert not after["duplicate"] and after["outcome"]["data"]["order"]["status"] == "cancelled"


def test_rows_that_ignore_the_condition_are_narrowed_to_what_was_asked(
    tools: Tools, deps_for: Any
) -> None:
    tools.add("batches", lambda ctx, a: {"rows": BATCHES})  # ignores its argument
    deps = deps_for(tools)
    state = run_call(deps, "batches", {"batch": "MB-001"})
    assert state["outcome"]["ok"] and state["outcome"]["data"]["rows"] == [BATCHES[0]]
    assert state["corrected"] and state["attempts"][0]["validation"] == "PARTIAL_MATCH"
    stats = deps.recorder.tool_stats("batches")
    assert stats["correctionAttempts"] == 1 and stats["correctionSuccessRate"] == 1.0


def test_rows_that_only_ignore_the_condition_never_reach_the_customer(
    tools: Tools, deps_for: Any
) -> None:
    tools.add("batches", lambda ctx, a: {"rows": BATCHES[1:]})
    state = run_call(deps_for(tools), "batches", {"batch": "MB-001"})
    assert not state["outcome"]["ok"] and state["outcome"]["data"] == {}
    assert state["outcome"]["error"] == "UNKNOWN" and ends_in_handoff("UNKNOWN")
    assert "asked for batch = MB-001, got batch = MB-100, MB-101" in state["outcome"]["message"]


def test_a_condition_the_tool_accepts_is_added_to_the_call(tools: Tools, deps_for: Any) -> None:
    def search(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        rows = [r for r in BATCHES if "batch" not in args or r["batch"] == args["batch"]]
        return {"rows": rows}

    tools.add("search", search, optional_args=["batch", "qty"])
    state = run_call(deps_for(tools), "search", {"qty": 1}, conditions={"batch": "MB-001"})
    assert state["outcome"]["data"]["rows"] == [BATCHES[0]]
    assert tools.calls[-1] == ("search", {"qty": 1, "batch": "MB-001"})
    assert [a["how"] for a in state["attempts"]] == ["first", "correction"]
    assert "asked for batch = MB-001" in state["attempts"][1]["prompt"]


def test_a_malformed_id_is_repaired_by_its_slot_pattern(tools: Tools, deps_for: Any) -> None:
    def get(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        if args["order_id"] != "#W1234567":
            raise ToolError("DATA_NOT_FOUND", f"no order {args['order_id']}")
        return {"order": {"order_id": "#W1234567"}}

    tools.add("get_order", get)
    deps = deps_for(tools)
    state = run_call(deps, "get_order", {"order_id": "w1234567"})
    assert state["outcome"]["ok"] and tools.calls[-1][1] == {"order_id": "#W1234567"}
    assert "found nothing" in state["attempts"][1]["prompt"]  # the recovery prompt it used
    digits = run_call(deps, "get_order", {"order_id": "1234567"})  # the prefix is added
    assert digits["outcome"]["ok"] and digits["validation"] == "VALID"  # checked as repaired
    nothing = run_call(deps, "get_order", {"order_id": "#W7654321"})  # well formed: not changed
    assert nothing["outcome"]["error"] == "DATA_NOT_FOUND" and len(nothing["attempts"]) == 1


def test_a_timeout_is_retried_with_backoff_then_handed_off(
    tools: Tools, deps_for: Any, sleeps: list[float]
) -> None:
    failures = [TimeoutError("read timed out")] * 2

    def flaky(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        if failures:
            raise failures.pop()
        return {"order": {"order_id": "#W1234567"}}

    tools.add("get_order", flaky)
    assert run_call(deps_for(tools), "get_order", {"order_id": "#W1234567"})["outcome"]["ok"]
    assert sleeps == [1.0, 2.0]
    sleeps.clear()
    tools.add("dead", lambda ctx, a: (_ for _ in ()).throw(TimeoutError("timed out")))
    state = run_call(deps_for(tools), "dead", {"order_id": "#W1234567"})
    assert state["outcome"]["error"] == "SERVICE_UNAVAILABLE"
    assert tools.count("dead") == 4 and sleeps == [1.0, 2.0, 4.0]  # 1 + max_corrections
    assert ends_in_handoff(state["outcome"]["error"])


def test_a_dead_service_falls_back_to_an_alternative_tool(
    tools: Tools, deps_for: Any, sleeps: list[float]
) -> None:
    tools.add(
        "dead",
        lambda ctx, a: (_ for _ in ()).throw(TimeoutError("timed out")),
        alternatives=["spare"],
    )
    tools.add(
        "spare", lambda ctx, a: {"order": {"order_id": a["order_id"]}}, required_args=["order_id"]
    )
    state = run_call(deps_for(tools, backoff_seconds=(0.0,)), "dead", {"order_id": "#W1234567"})
    assert state["outcome"]["ok"] and state["tool"] == "spare"
    assert tools.count("dead") == 3 and sleeps == []  # two retries, the last try elsewhere


@pytest.mark.parametrize("error", ["PERMISSION_ERROR", "BUSINESS_ERROR"])
def test_final_failures_are_neither_retried_nor_corrected(
    tools: Tools, deps_for: Any, error: str
) -> None:
    tools.add("get_order", lambda ctx, a: (_ for _ in ()).throw(ToolError(error, "no")))  # type: ignore[arg-type]
    state = run_call(deps_for(tools), "get_order", {"order_id": "w1"})
    assert state["outcome"]["error"] == error and tools.count("get_order") == 1


def test_a_write_that_fails_is_not_run_again(tools: Tools, deps_for: Any) -> None:
    tools.add("cancel", lambda ctx, a: (_ for _ in ()).throw(TimeoutError("t")), access="write")
    state = run_call(deps_for(tools), "cancel", {"order_id": "#W1234567"})
    assert state["outcome"]["error"] == "SERVICE_UNAVAILABLE" and tools.count("cancel") == 1


def test_a_dead_cache_costs_a_call_not_the_conversation(tools: Tools, deps_for: Any) -> None:
    class DeadCache:
        def get(self, key: str) -> None:
            raise ConnectionError("redis is down")

        def put(self, *args: Any) -> None:
            raise ConnectionError("redis is down")

        def invalidate(self, tags: Any) -> int:
            raise ConnectionError("redis is down")

    tools.add("get_order", lambda ctx, a: {"order": {"order_id": a["order_id"]}})
    state = run_call(deps_for(tools, cache=DeadCache()), "get_order", {"order_id": "#W1234567"})
    assert state["outcome"]["ok"]


def test_the_loop_stops_when_a_correction_repeats_a_failure() -> None:
    attempt = {"tool": "t", "args": {"a": 1}, "error": "DATA_NOT_FOUND", "validation": None}
    state = CallState(
        outcome={"tool": "t", "ok": False, "data": {}, "error": "DATA_NOT_FOUND", "message": ""},
        failure={"retry": False, "shouldAttemptRecovery": True},
        attempts=[
            {**attempt, "how": "first", "prompt": "", "ms": 1.0},  # type: ignore[typeddict-item]
            {**attempt, "how": "correction", "prompt": "p", "ms": 1.0},  # type: ignore[typeddict-item]
        ],
        corrections=1,
    )
    assert decision(state, limit=3) == "give_up"
    assert decision({**state, "attempts": state["attempts"][:1]}, limit=3) == "correct"
    assert (
        decision({**state, "corrections": 3, "attempts": state["attempts"][:1]}, limit=3)
        == "give_up"
    )


def test_every_route_taken_is_a_declared_edge(
    tools: Tools, deps_for: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken: set[tuple[str, str]] = set()
    for name, route in list(ROUTES.items()):

        def spy(state: CallState, name: str = name, route: Any = route) -> str:
            target = str(route(state))
            taken.add((name, target))
            return target

        monkeypatch.setitem(ROUTES, name, spy)
    dead = iter([TimeoutError("t")] * 2)

    def flaky(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        error = next(dead, None)
        if error is not None:
            raise error
        return {"order": {"order_id": args["order_id"]}}

    tools.add("flaky", flaky)
    tools.add("batches", lambda ctx, a: {"rows": BATCHES})
    tools.add("wrong", lambda ctx, a: {"rows": BATCHES[1:]})
    deps = deps_for(tools)
    run_call(deps, "flaky", {"order_id": "#W1234567"})  # retried, then fine
    run_call(deps, "flaky", {"order_id": "#W1234567"})  # served from the cache
    run_call(deps, "batches", {"batch": "MB-001"})  # narrowed
    run_call(deps, "wrong", {"batch": "MB-001"})  # given up
    assert all(target in ROUTE_TARGETS[name] for name, target in taken)
    assert {name for name, _ in taken} == set(STEPS) and START_STEP in STEPS
    assert ("record", END) in taken and ("check_duplicate", "record") in taken


def test_the_studio_graph_runs_the_same_steps_on_the_store(tmp_path: Path) -> None:
    from sqlalchemy import select

    from keel.domain.retail.demo_data import load_demo_data
    from keel.domain.retail.models import Order
    from keel.graph.calibration import graph
    from keel.persistence.db import session_scope
    from keel.state.context import Context

    url = sqlite_url(tmp_path / "store.db")
    load_demo_data(url)
    with session_scope(url) as session:
        order_id = session.scalars(select(Order.order_id).limit(1)).one()
    context = Context(database_url=url)
    call = {"tool": "get_order_owner", "args": {"order_id": order_id}}
    first = graph.invoke(call, context=context)  # type: ignore[arg-type]
    assert first["outcome"]["ok"] and first["outcome"]["data"]["order"]["order_id"] == order_id
    assert not first["duplicate"] and first["validation"] == "VALID"
    assert graph.invoke(call, context=context)["duplicate"]  # type: ignore[arg-type]
    assert set(STEPS) <= set(graph.get_graph().nodes)
    board = CalibrationRecorder(url).dashboard()
    assert board["totalToolCalls"] >= 2 and board["duplicateRate"] > 0


def test_an_injection_in_an_argument_is_never_corrected(tools: Tools, deps_for: Any) -> None:
    def get(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        raise ToolError("DATA_NOT_FOUND", "no such order")

    tools.add("get_order", get)
    state = run_call(deps_for(tools), "get_order", {"order_id": "w1' OR '1'='1"})
    assert state["outcome"]["error"] == "DATA_NOT_FOUND" and tools.count("get_order") == 1
    assert state["verification"]["suspiciousParams"] == ["order_id"]


def test_a_confirmed_write_replayed_returns_its_receipt(
    tools: Tools, deps_for: Any, tmp_path: Path
) -> None:
    from keel.calibration.receipts import WriteReceipts, idempotency_key

    done: list[str] = []
    tools.add(
        "cancel",
        lambda ctx, a: (
            done.append(a["order_id"]) or {"order_id": a["order_id"], "status": "cancelled"}
        ),
        access="write",
    )
    deps = deps_for(tools, receipts=WriteReceipts(sqlite_url(tmp_path / "calibration.db")))
    key = idempotency_key("s1", "turn-4", "cancel", {"order_id": "#W1234567"})
    first = run_call(deps, "cancel", {"order_id": "#W1234567"}, idempotency_key=key)
    replay = run_call(deps, "cancel", {"order_id": "#W1234567"}, idempotency_key=key)
    assert done == ["#W1234567"] and replay["duplicate"]
    assert replay["outcome"]["data"] == first["outcome"]["data"]
    later = idempotency_key("s1", "turn-9", "cancel", {"order_id": "#W1234567"})
    assert later != key and key == idempotency_key(
        "s1", "turn-4", "cancel", {"order_id": "#W1234567"}
    )
    run_call(deps, "cancel", {"order_id": "#W1234567"}, idempotency_key=later)  # a new confirmation
    run_call(deps, "cancel", {"order_id": "#W1234567"})  # no key: nothing to recognise it by
    assert done == ["#W1234567"] * 3


def test_a_conflict_is_retried_as_the_taxonomy_says(tools: Tools, deps_for: Any) -> None:
    conflicts = [ToolError("RESOURCE_CONFLICT", "database is locked")]

    def once(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
        if conflicts:
            raise conflicts.pop()
        return {"order": {"order_id": args["order_id"]}}

    tools.add("get_order", once)
    state = run_call(deps_for(tools), "get_order", {"order_id": "#W1234567"})
    assert state["outcome"]["ok"] and [a["how"] for a in state["attempts"]] == ["first", "retry"]


@pytest.mark.redis
def test_repeated_reads_are_served_from_redis_when_configured(
    tools: Tools, deps_for: Any, tmp_path: Path
) -> None:

    import os
    import uuid

    from keel.calibration.cache import RedisCallCache, open_cache

    redis_url = os.environ.get("KEEL_TEST_REDIS_URL")
    if not redis_url:
        pytest.skip("Redis not configured: set KEEL_TEST_REDIS_URL (redis://…)")
    cache = open_cache(sqlite_url(tmp_path / f"{uuid.uuid4().hex}.db"), redis_url)
    assert isinstance(cache, RedisCallCache)
    tools.add("get_order", lambda ctx, a: {"order": {"order_id": a["order_id"]}})
    tools.add("cancel", lambda ctx, a: {"order_id": a["order_id"]}, access="write")
    deps = deps_for(tools, cache=cache)
    run_call(deps, "get_order", {"order_id": "#W1234567"})
    assert run_call(deps, "get_order", {"order_id": "#W1234567"})["duplicate"]
    run_call(deps, "cancel", {"order_id": "#W1234567"})  # clears what it touches
    assert not run_call(deps, "get_order", {"order_id": "#W1234567"})["duplicate"]
    assert tools.count("get_order") == 2
    for key in cache.client.scan_iter(match=cache.prefix + "*"):
        cache.client.delete(key)
