"""Recall@k of :class:`tools.knowledge.KnowledgeBase` on the banking-knowledge task set.

The data set lives outside this project, in ``../shared/data/banking_knowledge``
(relative to the project root; override with ``--data-dir``). This script only
reads it:

* ``documents/*.json`` — one document per file, ``{"id", "title", "content"}``,
  where ``content`` is Markdown with ``##`` sections; each becomes a document of
  the knowledge base (one passage per section, language ``en``);
* ``tasks.json`` — a list of tasks; the query is the customer's scenario
  (``user_scenario.persona`` and ``user_scenario.instructions``) and the gold
  answer is ``required_documents`` (document ids).

Passages are ranked by the knowledge base's own scoring with no threshold, the
ranking is collapsed to distinct documents (best passage first), and for each
task ``recall@k = |top-k documents ∩ required| / |required|`` is averaged over
tasks. ``hit@k`` (at least one required document in the top k) is reported too,
because tasks often need more documents than k. Output is one JSON line.

Usage: ``python -m keel.bench.kb_recall [--data-dir DIR]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from keel.tools.knowledge import Document, KnowledgeBase

DEFAULT_DATA_DIR = Path(__file__).resolve().parents[3] / "shared" / "data" / "banking_knowledge"
KS = (1, 3, 5)


def load_documents(documents_dir: Path) -> list[Document]:
    """Read every ``*.json`` document of ``documents_dir``."""
    documents: list[Document] = []
    for path in sorted(documents_dir.glob("*.json")):
        raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        documents.append(
            Document(
                doc_id=str(raw["id"]),
                title=str(raw.get("title") or raw["id"]),
                lang="en",
                body=str(raw.get("content") or ""),
                source_name=f"{documents_dir.name}/{path.name}",
            )
        )
    return documents


def load_queries(tasks_path: Path) -> list[tuple[str, list[str]]]:
    """Return ``(query, required document ids)`` for every task with required documents."""
    tasks: list[dict[str, Any]] = json.loads(tasks_path.read_text(encoding="utf-8"))
    queries: list[tuple[str, list[str]]] = []
    for task in tasks:
        required = [str(doc_id) for doc_id in task.get("required_documents") or []]
        scenario = task.get("user_scenario") or {}
        parts = [scenario.get("persona"), scenario.get("instructions")]
        query = "\n".join(str(part) for part in parts if part)
        if required and query.strip():
            queries.append((query, required))
    return queries


def ranked_documents(kb: KnowledgeBase, query: str) -> list[str]:
    """Distinct document ids ordered by their best passage's score."""
    passages = kb.search(query, k=len(kb.passages), threshold=0.0)
    return list(dict.fromkeys(passage.doc_id for passage in passages))


def evaluate(kb: KnowledgeBase, queries: Sequence[tuple[str, list[str]]]) -> dict[str, float]:
    """Macro-averaged recall@k and hit@k over ``queries``."""
    recall = dict.fromkeys(KS, 0.0)
    hit = dict.fromkeys(KS, 0.0)
    for query, required in queries:
        ranking = ranked_documents(kb, query)
        gold = set(required)
        for k in KS:
            found = len(gold.intersection(ranking[:k]))
            recall[k] += found / len(gold)
            hit[k] += 1.0 if found else 0.0
    n = max(len(queries), 1)
    result = {f"recall@{k}": round(recall[k] / n, 4) for k in KS}
    result.update({f"hit@{k}": round(hit[k] / n, 4) for k in KS})
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation and print one JSON line; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=DEFAULT_DATA_DIR,
        help="folder with documents/ and tasks.json (default: %(default)s)",
    )
    args = parser.parse_args(argv)
    data_dir: Path = args.data_dir
    documents_dir, tasks_path = data_dir / "documents", data_dir / "tasks.json"
    if not documents_dir.is_dir() or not tasks_path.is_file():
        print(f"kb_recall: no documents/ or tasks.json under {data_dir}", file=sys.stderr)
        return 2
    documents = load_documents(documents_dir)
    kb = KnowledgeBase.from_documents(documents)
    queries = load_queries(tasks_path)
    report: dict[str, float | int] = {**evaluate(kb, queries)}
    report.update(n_queries=len(queries), n_docs=len(documents), n_passages=len(kb.passages))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
