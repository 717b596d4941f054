"""``keel bench turns``: turn latency and memory of the dialogue graph against the framework floor.

Replays the demo conversations offline with the SQLite checkpointer and prints
one JSON line: median and p99 turn latency, peak memory (RSS), the same
latency for a bare LangGraph graph with the same number of nodes and the same
checkpointer and checkpoint mode (the floor), their ratio, and the classifier's own time per
query, and the median time of the task subgraph running a one-step and a three-step plan
of reads (the turn cost a plan adds). With ``--llm-stub`` it runs the same conversations
against a loopback OpenAI-compatible stub and also reports model calls per turn.
"""

from __future__ import annotations

import argparse
import itertools
import json
import resource
import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, TypedDict

from langgraph.graph import END, START, StateGraph

from keel.api import Keel
from keel.demo import Conversation, conversations, scripted
from keel.domain.pack import load_pack
from keel.domain.retail.demo_data import load_demo_data
from keel.fixtures import find_customer
from keel.persistence.checkpoint import sqlite_checkpointer
from keel.persistence.db import sqlite_url
from keel.state.context import Context
from keel.understanding.classifier import clear_embedding_cache


class _BareState(TypedDict, total=False):
    messages: list[str]
    step: int


def fresh_store(domain: str, url: str) -> None:
    """The business's demo data, as shipped, in ``url`` (replacing what a replay changed)."""
    if domain == "retail":
        load_demo_data(url)
        return
    pack = load_pack(domain)
    scratch = Path(tempfile.mkdtemp(prefix="keel-bench-seed-")) / "seed.db"
    pack.prepare(sqlite_url(scratch))
    state = pack.export_state(sqlite_url(scratch))
    pack.import_state({t: {"data": records, "notes": ""} for t, records in state.items()}, url)


def bare_graph(nodes: int, path: Path) -> Any:
    """A graph of ``nodes`` trivial nodes in a chain, with the same SQLite checkpointer."""
    builder: StateGraph[_BareState, None, _BareState, _BareState] = StateGraph(_BareState)
    names = [f"n{i}" for i in range(nodes)]
    for name in names:
        builder.add_node(name, lambda s: {"step": s.get("step", 0) + 1})
    builder.add_edge(START, names[0])
    for a, b in itertools.pairwise(names):
        builder.add_edge(a, b)
    builder.add_edge(names[-1], END)
    return builder.compile(checkpointer=sqlite_checkpointer(path))


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def demo_conversations(domain: str, url: str) -> list[Conversation]:
    """The business's demo conversations: the store's showcase, or a pack's demo.yaml."""
    if domain != "retail":
        return scripted(domain)
    pending = find_customer(url, "pending", min_items=2)
    delivered = find_customer(url, "delivered", min_items=2)
    other = find_customer(url, "pending", skip=3)
    return conversations(pending, delivered, other)


def _replay(agent: Keel, url: str, rounds: int) -> tuple[list[float], list[int]]:
    latencies: list[float] = []
    path_lengths: list[int] = []
    for _ in range(rounds):
        for conversation in demo_conversations(agent.context.domain, url):
            session = f"bench-{uuid.uuid4().hex[:8]}"
            for step in conversation.steps:
                clear_embedding_cache()  # every message is new to the classifier, as in use
                started = time.perf_counter()
                if step.agent:
                    turn = agent.reply_as_agent(session, step.text)
                else:
                    turn = agent.send(
                        session, step.text, channel_user_id=conversation.channel_user_id
                    )
                latencies.append((time.perf_counter() - started) * 1000)
                path_lengths.append(len(turn.path))
    return latencies, path_lengths


def _classifier_ms(context: Context, url: str) -> float:
    """Median time of the offline understander's classification of a new demo message.

    Cold: the embedding cache is cleared before each message, so this is the cost a
    turn pays for understanding (every view of the message embedded once).
    """
    from keel.understanding.offline import offline_understander

    extract = load_pack(context.domain).extract_slots
    understander = offline_understander(context.domain, context.intent_threshold, extract)
    texts = [
        step.text
        for conversation in demo_conversations(context.domain, url)
        for step in conversation.steps
        if not step.agent
    ]
    times = []
    for text in texts:
        clear_embedding_cache()
        started = time.perf_counter()
        understander.classify(text)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _model_calls(url: str, rounds: int) -> dict[str, Any]:
    """Replay the demo against a loopback stub endpoint and count model calls per turn."""
    from keel.llm.client import (
        model_call_count,
        reset_model_call_count,
    )
    from keel.llm_stub import llm_stub, model_like_responder
    from keel.understanding.model import (
        clear_model_caches,
    )

    workdir = Path(tempfile.mkdtemp(prefix="keel-bench-llm-"))
    store = sqlite_url(workdir / "store.db")
    load_demo_data(store)
    with llm_stub(responder=model_like_responder("retail")) as stub:
        context = Context(
            database_url=store,
            rate_capacity=10_000,
            llm_base_url=stub.base_url,
            llm_model="stub-model",
            llm_timeout_seconds=5.0,
        )
        clear_model_caches()
        agent = Keel(context, sqlite_checkpointer(workdir / "checkpoints.sqlite"))
        per_turn: list[int] = []
        for _ in range(rounds):
            reset_model_call_count()
            before = 0
            pending = find_customer(store, "pending", min_items=2)
            delivered = find_customer(store, "delivered", min_items=2)
            other = find_customer(store, "pending", skip=3)
            for conversation in conversations(pending, delivered, other):
                session = f"bench-llm-{uuid.uuid4().hex[:8]}"
                for step in conversation.steps:
                    if step.agent:
                        agent.reply_as_agent(session, step.text)
                    else:
                        agent.send(session, step.text, channel_user_id=conversation.channel_user_id)
                    now = model_call_count()
                    per_turn.append(now - before)
                    before = now
            load_demo_data(store)
        clear_model_caches()
    return {
        "llm_turns": len(per_turn),
        "llm_calls_per_turn_mean": round(statistics.mean(per_turn), 2),
        "llm_calls_per_turn_max": max(per_turn),
        "llm_turns_without_call": sum(1 for n in per_turn if n == 0),
        "llm_stub_requests": stub.calls,
    }


def _plan_ms(context: Context, url: str, runs: int = 30) -> dict[str, float]:
    """Median time of the task subgraph running a one-step and a three-step plan of reads."""
    from keel.graph.tasks import task_graph
    from keel.state.records import ListedWrite
    from keel.state.task import TaskBrief

    customer = find_customer(url, "pending", min_items=2)
    calls = [
        ListedWrite(tool="get_order_details", args={"order_id": customer.order_id}),
        ListedWrite(tool="get_user_orders", args={"user_id": customer.user_id}),
        ListedWrite(tool="get_user_details", args={"user_id": customer.user_id}),
    ]
    figures: dict[str, float] = {}
    for label, plan in (
        ("one_step_plan_median_ms", calls[:1]),
        ("three_step_plan_median_ms", calls),
    ):
        times = []
        for i in range(runs):
            task: TaskBrief = {
                "intent": "order_status",
                "text": "",
                "slots": {},
                "user_id": customer.user_id,
                "language": "en",
                "run_id": f"bench-{i}",
                "calls": plan,
            }
            started = time.perf_counter()
            run = task_graph.invoke({"task": task, "listing": []}, context=context)["task_run"]
            times.append((time.perf_counter() - started) * 1000)
            assert run["status"] == "done", run["not_done"]
        figures[label] = round(statistics.median(times), 2)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one JSON line."""
    parser = argparse.ArgumentParser(prog="keel bench turns")
    parser.add_argument("--rounds", type=int, default=3, help="replays of the demo conversations")
    parser.add_argument("--domain", default="retail", help="the business (default: retail)")
    parser.add_argument(
        "--llm-stub",
        action="store_true",
        help="also replay against an OpenAI-compatible stub on loopback and count model calls",
    )
    parser.add_argument(
        "--durability",
        choices=["exit", "async", "sync"],
        default="exit",
        help="LangGraph checkpoint mode of each turn, for Keel and the floor alike (default: exit)",
    )
    args = parser.parse_args(argv)
    domain: str = args.domain
    workdir = Path(tempfile.mkdtemp(prefix="keel-bench-"))
    url = sqlite_url(workdir / "store.db")
    fresh_store(domain, url)
    context = Context(domain=domain, database_url=url, rate_capacity=10_000)
    agent = Keel(
        context, sqlite_checkpointer(workdir / "checkpoints.sqlite"), durability=args.durability
    )
    _replay(agent, url, 1)  # warm-up: classifier training, caches, first connections
    agent.settle()  # what a long-running process does once warm (``Keel.settle``)
    fresh_store(domain, url)
    latencies, path_lengths = _replay(agent, url, args.rounds)
    nodes = round(statistics.median(path_lengths))
    floor = bare_graph(nodes, workdir / "bare.sqlite")
    floor_times = []
    for i in range(len(latencies)):
        started = time.perf_counter()
        floor.invoke(
            {"messages": ["x"]},
            {"configurable": {"thread_id": f"t{i % 20}"}},
            durability=args.durability,
        )
        floor_times.append((time.perf_counter() - started) * 1000)
    classifier_ms = _classifier_ms(context, url)
    median, floor_median = statistics.median(latencies), statistics.median(floor_times)
    result = {
        "durability": args.durability,
        "turns": len(latencies),
        "median_ms": round(median, 2),
        "p99_ms": round(percentile(latencies, 99), 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "median_nodes_per_turn": nodes,
        "floor_median_ms": round(floor_median, 2),
        "floor_p99_ms": round(percentile(floor_times, 99), 2),
        "ratio_to_floor": round(median / floor_median, 2),
        "classifier_median_ms": round(classifier_ms, 3),
        "ratio_to_floor_plus_classifier": round(median / (floor_median + classifier_ms), 2),
    }
    if domain == "retail":  # the plan and model-call figures replay the store's own tasks
        result.update(_plan_ms(context, url))
    if args.llm_stub and domain == "retail":
        result.update(_model_calls(url, 1))
    print(json.dumps(result))
    return 0
