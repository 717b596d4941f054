"""The offline SQL generator alone on sql-eval: execution accuracy by split, refusals.

Dev script (not a test): asks :func:`querying.offline.generate_sql` every question of
sql-eval directly, without the loop around it (no repairs), on the databases that
``keel.bench.sql_eval`` restores (``keel_sqleval_<db>``, column comments included), and
scores each answer with that harness (sql-eval's comparison, and the strict one). The
tables are chosen first by :func:`querying.selection.select_tables` unless
``--no-selection``. Figures are given per split — develop on ``dev`` (academic, advising,
atis, broker, car_dealership), look at ``test`` only now and then — with the refusal of
the unanswerable questions by category, the false refusals, and the time per question.

Usage: ``python evaluations/ask_dev/run.py [--split dev|test|all] [--no-selection]
[--db NAME]... [--show wrong|refused|all] [--json PATH]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from keel.bench.sql_eval import (  # noqa: E402
    DEFAULT_ADMIN_URL,
    DEFAULT_DATA_DIR,
    DEV_DATABASES,
    Answer,
    Outcome,
    Runner,
    load_questions,
    read_metadata,
    restore,
    run,
    server_problem,
)
from keel.querying.offline import generate_sql  # noqa: E402
from keel.querying.schema import Catalogue  # noqa: E402
from keel.querying.selection import select_tables  # noqa: E402
from keel.tools.data_access import introspect  # noqa: E402


class OfflineAnswerer:
    """Answers with the offline generator; the catalogue of each database is read once."""

    def __init__(self, selection: bool) -> None:
        """Choose tables first when ``selection``."""
        self.selection = selection
        self.catalogues: dict[str, Catalogue] = {}

    def catalogue(self, url: str) -> Catalogue:
        """The introspected catalogue of ``url`` (cached)."""
        if url not in self.catalogues:
            self.catalogues[url] = introspect(url.replace("postgresql://", "postgresql+psycopg://"))
        return self.catalogues[url]

    def __call__(self, database_url: str, question: str, context: str, db_name: str) -> Answer:
        """One statement or a refusal for ``question``."""
        started = time.perf_counter()
        catalogue = self.catalogue(database_url)
        tables = select_tables(question, catalogue, context=context) if self.selection else None
        generated = generate_sql(question, catalogue, context=context, tables=tables)
        return Answer(
            sql=generated.sql,
            refused=generated.refused,
            reason=generated.reason,
            iterations=1,
            seconds=time.perf_counter() - started,
        )


def figures(outcomes: list[Outcome]) -> dict[str, Any]:
    """Accuracy, strict accuracy, refusals by category, false refusals and time, per split."""
    report: dict[str, Any] = {}
    for split in ("dev", "test"):
        chosen = [o for o in outcomes if (o.db in DEV_DATABASES) == (split == "dev")]
        answerable = [o for o in chosen if o.answerable]
        idk = [o for o in chosen if not o.answerable]
        by_category: Counter[str] = Counter(o.category for o in idk)
        refused: Counter[str] = Counter(o.category for o in idk if o.refused)
        report[split] = {
            "answerable": len(answerable),
            "correct": sum(o.correct for o in answerable),
            "accuracy": _rate(sum(o.correct for o in answerable), len(answerable)),
            "accuracy_strict": _rate(sum(o.correct_strict for o in answerable), len(answerable)),
            "false_refusals": sum(o.refused for o in answerable),
            "idk_refused": {c: f"{refused[c]}/{n}" for c, n in sorted(by_category.items())},
            "idk_refusal_rate": _rate(sum(o.refused for o in idk), len(idk)),
            "mean_seconds": _rate(sum(o.seconds for o in chosen), len(chosen)),
            "max_seconds": max((o.seconds for o in chosen), default=0.0),
        }
    return report


def _rate(part: float, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def main() -> int:
    """Run, print the figures as JSON and, on request, the answers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--no-selection", action="store_true")
    parser.add_argument("--db", action="append", default=[])
    parser.add_argument("--show", choices=("wrong", "refused", "all"))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    problem = server_problem(DEFAULT_ADMIN_URL)
    if problem is not None:
        print(json.dumps({"skipped": problem}))
        return 0
    questions = [
        q
        for q in load_questions(DEFAULT_DATA_DIR)
        if (args.split == "all" or (q.db_name in DEV_DATABASES) == (args.split == "dev"))
        and (not args.db or q.db_name in args.db)
    ]
    names = list(dict.fromkeys(q.db_name for q in questions))
    restored = restore(names, DEFAULT_ADMIN_URL, DEFAULT_DATA_DIR)
    glossaries = {n: str(read_metadata(DEFAULT_DATA_DIR, n).get("glossary") or "") for n in names}
    runner = Runner()
    try:
        outcomes = run(
            questions, OfflineAnswerer(not args.no_selection), restored, glossaries, runner
        )
    finally:
        runner.close()
    for outcome in outcomes:
        wrong = outcome.answerable and not outcome.correct
        if (
            args.show == "all"
            or (args.show == "wrong" and wrong)
            or (args.show == "refused" and outcome.refused)
        ):
            verdict = "OK" if outcome.correct else "NO"
            print(f"[{outcome.db}/{outcome.category}] {verdict} {outcome.question}")
            print(f"    {outcome.sql or 'refused: ' + outcome.reason}")
    print(json.dumps(figures(outcomes), indent=1))
    if args.json:
        args.json.write_text(
            json.dumps([asdict(o) for o in outcomes], indent=1) + "\n", encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
