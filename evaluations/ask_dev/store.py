"""The offline SQL generator alone on the blind store set: accuracy, refusals, by language.

Dev script (not a test): asks :func:`querying.offline.generate_sql` every question of
``evaluations/ask_store/questions.yaml`` directly — tables chosen by
:func:`querying.selection.select_tables`, the store's glossary as context, each statement
checked by :mod:`querying.guard` and the next reading asked for when the check fails, as
the loop does — on a fresh demo store, and judges each answer with
:func:`keel.bench.ask_store.judge`. It is quicker than ``keel bench ask-store`` (no loop,
no audit) and shows the reading behind each answer. The set is blind: look at it to see
what kind of question fails, never tune on one question.

Usage: ``python evaluations/ask_dev/store.py [--show wrong|refused|all] [--lang en|zh]
[--json PATH]``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from keel.bench.ask_store import DEFAULT_QUESTIONS, judge, load  # noqa: E402
from keel.domain.pack import load_pack  # noqa: E402
from keel.querying.guard import check_sql  # noqa: E402
from keel.querying.offline import generate_sql  # noqa: E402
from keel.querying.schema import Catalogue  # noqa: E402
from keel.querying.selection import select_tables  # noqa: E402
from keel.tools.ask_tools import AskSettings, catalogue_of, store_descriptions, store_view  # noqa: E402

MAX_ATTEMPTS = 3  # readings asked for when the guard refuses the previous one


def store_catalogue(path: Path) -> tuple[Catalogue, str]:
    """The demo store at ``path`` as the loop sees it, and the domain's glossary."""
    from keel.domain.retail.demo_data import load_demo_data

    load_demo_data(f"sqlite:///{path}")
    view = store_view("retail")
    settings = AskSettings(
        hidden_tables=view.hidden_tables,
        descriptions=store_descriptions(load_pack("retail").metadata),
        store_markers=view.markers,
    )
    return catalogue_of(f"sqlite:///{path}", settings), view.glossary


def answer(question: str, catalogue: Catalogue, glossary: str) -> dict[str, Any]:
    """The generator's answer to one question, after the guard, as the bench reads it."""
    tables = select_tables(question, catalogue, context=glossary)
    tried: list[str] = []
    reason = ""
    for attempt in range(MAX_ATTEMPTS):
        generated = generate_sql(
            question, catalogue, context=glossary, tables=tables, attempt=attempt, avoid=tried
        )
        reason = generated.reason
        if generated.sql is None:
            status = "refused" if attempt == 0 else "exited"
            return {"status": status, "sql": None, "reason": reason}
        checked = check_sql(generated.sql, catalogue)
        if checked.ok:
            return {"status": "answered", "sql": checked.sql, "reason": reason}
        tried.append(generated.sql)
        reason = checked.summary()
    return {"status": "exited", "sql": None, "reason": reason}


def main() -> int:
    """Run the set, print the figures as JSON and, on request, the answers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--show", choices=("wrong", "refused", "all"))
    parser.add_argument("--lang", choices=("en", "zh"))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    items = [i for i in load(DEFAULT_QUESTIONS) if not args.lang or i["language"] == args.lang]
    path = Path(tempfile.mkdtemp(prefix="keel-ask-dev-")) / "store.db"
    catalogue, glossary = store_catalogue(path)
    results: list[dict[str, Any]] = []
    for item in items:
        started = time.perf_counter()
        found = answer(str(item["question"]), catalogue, glossary)
        seconds = time.perf_counter() - started
        try:
            verdict = judge(path, item, found, found["status"])
        except sqlite3.Error as error:
            verdict = {"correct": False, "strict": False, "error": str(error)}
        results.append({**item, **found, **verdict, "seconds": round(seconds, 3)})
    _show(results, args.show)
    print(json.dumps(figures(results), indent=1))
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return 0


def _show(results: list[dict[str, Any]], show: str | None) -> None:
    for r in results:
        wrong = r["answerable"] and not r["correct"]
        refused = r["status"] != "answered"
        if show == "all" or (show == "wrong" and wrong) or (show == "refused" and refused):
            verdict = "OK" if r["correct"] else "NO"
            print(f"[{r['id']} {r['category']}] {verdict} {r['question']}")
            print(f"    {r['sql'] or 'refused: ' + str(r['reason'])}")
            if wrong and r.get("gold_sql"):
                print(f"    gold: {' '.join(str(r['gold_sql']).split())}")


def figures(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Accuracy (loose, strict) and false refusals of the answerable, by language; refusals."""
    report: dict[str, Any] = {}
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in results:
        groups["all"].append(r)
        groups[r["language"]].append(r)
    for name, chosen in groups.items():
        answerable = [r for r in chosen if r["answerable"]]
        idk = [r for r in chosen if not r["answerable"]]
        report[name] = {
            "accuracy": _rate(sum(r["correct"] for r in answerable), len(answerable)),
            "strict": _rate(sum(r["strict"] for r in answerable), len(answerable)),
            "correct": f"{sum(r['correct'] for r in answerable)}/{len(answerable)}",
            "false_refusals": sum(r["status"] != "answered" for r in answerable),
            "idk_refused": f"{sum(r['status'] != 'answered' for r in idk)}/{len(idk)}",
            "max_seconds": max((r["seconds"] for r in chosen), default=0.0),
        }
    return report


def _rate(part: float, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


if __name__ == "__main__":
    raise SystemExit(main())
