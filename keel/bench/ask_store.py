"""The text-to-SQL loop on the blind sets of operators' questions about the demo store.

``evaluations/ask_store/questions.yaml`` and ``evaluations/ask_store2`` (``--questions``)
were each written by a helper session that saw the store's schema description and a copy
of its database, never Keel's code (the second never saw the first): answerable questions
in English and Chinese with the gold SQL a careful analyst would write, and questions the
data cannot answer. Each run loads a fresh demo store (its dates relative to
now, so gold results are computed at scoring time), asks every question, runs the answer's
SQL and the gold on the same database and compares them as sql-eval does
(:mod:`keel.bench.sql_scoring`: extra columns tolerated, row order only when the question
asks for one; numbers compared at cent precision, as the sets' authors round money and
averages to 2 decimals); an unanswerable question is right when refused.

Output: one JSON line (accuracy overall, strict, by category and language; refusal of the
unanswerable; false refusals; repairs and seconds per question); ``--json PATH`` writes
every question's result.

Usage: ``keel bench ask-store [--model] [--limit N] [--json PATH] [--questions FILE]``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from keel.bench.sql_scoring import Table, compare_query_results, table_from_result
from keel.state.context import Context

DEFAULT_QUESTIONS = (
    Path(__file__).resolve().parents[2] / "evaluations" / "ask_store" / "questions.yaml"
)
ROW_LIMIT = 1000


def load(path: Path) -> list[dict[str, Any]]:
    """The questions of the set."""
    return list(yaml.safe_load(path.read_text(encoding="utf-8")))


def _cents(value: object) -> object:
    """Money and averages at cent precision: the sets' authors round them to 2 decimals."""
    return round(value, 2) if isinstance(value, float) else value


def _run(path: Path, sql: str) -> Table:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        cursor = connection.execute(sql)
        columns = [d[0] for d in cursor.description or ()]
        rows = [tuple(_cents(v) for v in row) for row in cursor.fetchall()]
        return table_from_result(columns, rows)


def judge(path: Path, item: dict[str, Any], answer: dict[str, Any], status: str) -> dict[str, Any]:
    """Whether the loop's answer to one question is right (sql-eval's way, and strictly)."""
    if not item.get("answerable", True):
        return {"correct": status == "refused", "strict": status == "refused"}
    if status != "answered" or not answer.get("sql"):
        return {"correct": False, "strict": False}
    generated = _run(path, str(answer["sql"]))
    category = "order_by" if item.get("ordered") else str(item.get("category", ""))

    def gold(query: str) -> Table:
        return _run(path, query)

    loose = compare_query_results(item["gold_sql"], generated, gold, "", category)
    strict = compare_query_results(item["gold_sql"], generated, gold, "", category, broadcast=False)
    return {"correct": loose.correct, "strict": strict.correct}


def evaluate(
    items: Sequence[dict[str, Any]], settings: Context, path: Path
) -> list[dict[str, Any]]:
    """Ask every question and judge every answer."""
    from keel.ask import ask

    results: list[dict[str, Any]] = []
    for done, item in enumerate(items, start=1):
        started = time.perf_counter()
        found = ask(str(item["question"]), context=settings)
        answer, status = found["answer"], found["status"]
        try:
            verdict = judge(path, item, answer, status)
        except sqlite3.Error as error:  # the generated SQL failed at scoring time
            verdict = {"correct": False, "strict": False, "error": str(error)}
        results.append(
            {
                "id": item["id"],
                "language": item.get("language", "en"),
                "category": item.get("category", ""),
                "answerable": bool(item.get("answerable", True)),
                "question": item["question"],
                "status": status,
                "sql": answer.get("sql"),
                "reason": answer.get("reason"),
                "repairs": int(answer.get("repairs") or 0),
                "seconds": round(time.perf_counter() - started, 3),
                **verdict,
            }
        )
        if done % 10 == 0:
            print(f"ask-store: {done}/{len(items)}", file=sys.stderr, flush=True)
    return results


def _share(hits: int, total: int) -> float | None:
    return round(hits / total, 3) if total else None


def summarise(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The figures of a run."""
    answerable = [r for r in results if r["answerable"]]
    unanswerable = [r for r in results if not r["answerable"]]
    by: dict[str, dict[str, list[bool]]] = {
        "category": defaultdict(list),
        "language": defaultdict(list),
    }
    for result in answerable:
        by["category"][result["category"]].append(result["correct"])
        by["language"][result["language"]].append(result["correct"])
    refusal_by_language: dict[str, list[bool]] = defaultdict(list)
    for result in unanswerable:
        refusal_by_language[result["language"]].append(result["status"] == "refused")
    return {
        "questions": len(results),
        "accuracy": _share(sum(r["correct"] for r in answerable), len(answerable)),
        "accuracy_strict": _share(sum(r["strict"] for r in answerable), len(answerable)),
        "by_category": {k: _share(sum(v), len(v)) for k, v in sorted(by["category"].items())},
        "by_language": {k: _share(sum(v), len(v)) for k, v in sorted(by["language"].items())},
        "refusal": _share(sum(r["status"] == "refused" for r in unanswerable), len(unanswerable)),
        "refusal_by_language": {
            k: _share(sum(v), len(v)) for k, v in sorted(refusal_by_language.items())
        },
        "false_refusals": sum(r["status"] == "refused" for r in answerable),
        "exited": sum(r["status"] == "exited" for r in results),
        "repairs_per_question": round(statistics.mean(r["repairs"] for r in results), 3)
        if results
        else None,
        "seconds_per_question": round(statistics.median(r["seconds"] for r in results), 3)
        if results
        else None,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the set and print one JSON line of figures."""
    parser = argparse.ArgumentParser(prog="keel bench ask-store", description=__doc__)
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--model", action="store_true", help="use the configured model")
    parser.add_argument("--limit", type=int, default=0, help="first N questions only")
    parser.add_argument("--json", type=Path, help="write every question's result here")
    args = parser.parse_args(argv)
    from keel.domain.retail.demo_data import load_demo_data

    items = load(args.questions)[: args.limit or None]
    folder = Path(tempfile.mkdtemp(prefix="keel-ask-store-"))
    path = folder / "store.db"
    load_demo_data(f"sqlite:///{path}")
    settings = Context(database_url=f"sqlite:///{path}", ask_row_limit=ROW_LIMIT)
    if not args.model:
        settings = settings.replace(llm_base_url=None, llm_model=None)
    elif not settings.llm_enabled:
        print("--model needs KEEL_LLM_BASE_URL and KEEL_LLM_MODEL", file=sys.stderr)
        return 2
    results = evaluate(items, settings, path)
    report = {"answerer": "model" if args.model else "offline", **summarise(results)}
    print(json.dumps(report, ensure_ascii=False))
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
