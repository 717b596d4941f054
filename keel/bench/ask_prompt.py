"""Prompt size per iteration of the text-to-SQL loop, against an accumulating context.

The seed's claim (004 §2): with the resource pool and its light memory the prompt of each
iteration stays the size of the second one, where a context that carries every step
forward grows without bound. This runs the loop through the real model path — the
OpenAI-compatible stub server on loopback (:mod:`keel.llm_stub`), answering like a model
that plans by the repair rules and keeps writing the same wrong column — for
``--iterations`` iterations (repairs unbounded for the run), on a fresh demo store, and
prints one JSON line:

* ``plan_prompt_chars``: the plan prompt of each iteration, as the loop measures it;
* ``plan_request_chars``: the size of each plan request the stub actually received
  (its messages, as JSON);
* ``baseline_chars``: what the plan prompt would weigh if the schema and every step's
  result were carried forward (the seed's "traditional mode");
* the ratio of iteration 10 to iteration 2 for each (target: at most 1.2 for the pool).

Usage: ``keel bench ask-prompt [--iterations N]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from keel.llm_stub import StubReply, llm_stub
from keel.querying.pool import ContextMemory
from keel.querying.repair import next_action
from keel.state.context import Context

MEMORY_MARK = "(flags, table names, last error):\n"
WRONG_SQL = "SELECT revenue FROM orders"


def _function(request: dict[str, Any]) -> str:
    tools = request.get("tools") or []
    return str(tools[0]["function"]["name"]) if tools else ""


def _memory(request: dict[str, Any]) -> ContextMemory:
    text = str(request["messages"][-1]["content"])
    return ContextMemory(**json.loads(text.split(MEMORY_MARK, 1)[1].split("\n", 1)[0]))


def respond(request: dict[str, Any]) -> StubReply:
    """A model that plans by the repair rules and writes the same wrong column forever."""
    name = _function(request)
    if name == "PlannedAction":
        action = next_action(_memory(request)) or "sql.execute"
        return StubReply.tool({"action": action, "reason": "by the rules"})
    if name == "ChosenTables":
        return StubReply.tool({"selected_tables": ["orders"], "reason": "orders"})
    if name == "WrittenSql":
        return StubReply.tool({"sql": WRONG_SQL, "refuse": False, "reason": "revenue"})
    return StubReply.tool({"sql": WRONG_SQL, "reason": "unchanged"})


def ratio(values: list[int], late: int = 10, early: int = 2) -> float | None:
    """``values[late] / values[early]`` (1-based iterations), when both exist."""
    if len(values) < late or not values[early - 1]:
        return None
    return round(values[late - 1] / values[early - 1], 3)


def main(argv: list[str] | None = None) -> int:
    """Run the loop for the iterations asked and print the curves as one JSON line."""
    parser = argparse.ArgumentParser(prog="keel bench ask-prompt", description=__doc__)
    parser.add_argument("--iterations", type=int, default=12)
    args = parser.parse_args(argv)
    from keel.ask import ask
    from keel.domain.retail.demo_data import load_demo_data
    from keel.querying.model import clear_ask_models
    from keel.understanding.model import clear_model_caches

    path = Path(tempfile.mkdtemp(prefix="keel-ask-prompt-")) / "store.db"
    load_demo_data(f"sqlite:///{path}")
    with llm_stub(responder=respond) as stub:
        clear_ask_models()
        clear_model_caches()
        settings = Context(
            database_url=f"sqlite:///{path}",
            llm_base_url=stub.base_url,
            llm_model="stub",
            max_sql_repairs=args.iterations,
            max_ask_iterations=args.iterations,
        )
        result = ask("what is the revenue?", context=settings)
        plans = [r for r in stub.requests if _function(r) == "PlannedAction"]
    answer = result["answer"]
    prompt = list(answer["prompt_chars"])
    baseline = list(answer["baseline_chars"])
    requests = [len(json.dumps(r["messages"], ensure_ascii=False)) for r in plans]
    report = {
        "iterations": len(prompt),
        "plan_prompt_chars": prompt,
        "plan_request_chars": requests,
        "baseline_chars": baseline,
        "ratio_10_to_2": ratio(prompt),
        "request_ratio_10_to_2": ratio(requests),
        "baseline_ratio_10_to_2": ratio(baseline),
        "stopped": answer.get("reason"),
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
