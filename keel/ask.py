"""Asking the data from Python, the command line and benchmarks (the ``ask`` graph).

* :func:`ask` runs the Plan-Tool-Active-Validate loop on one question and returns its
  answer (status, table, sentence, SQL, repairs, audit trail), calling ``on_step`` after
  every iteration (``keel ask`` prints them as progress);
* :func:`format_answer` renders an answer as text;
* :mod:`keel.report` fills report templates with it.

Operators and analysts only: customers never reach this module (the customer channel
keeps its parameterised SQL templates).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keel.nodes.ask import shown
from keel.state.ask import AskInput, Iteration
from keel.state.context import Context

StepCallback = Callable[[Iteration], None]
MAX_CELL_CHARS = 40


def ask(
    question: str,
    *,
    database: str | None = None,
    business_context: str = "",
    context: Context | None = None,
    on_step: StepCallback | None = None,
) -> dict[str, Any]:
    """Answer ``question`` from the data of ``database`` (default: the store).

    Returns ``{"status", "answer", "history"}`` as the graph's output; ``on_step`` is
    called with each iteration's record as soon as it is judged.
    """
    from keel.graph.ask import graph

    settings = context or Context()
    given: AskInput = {"question": question, "context": business_context}
    if database:
        given["database"] = database
    final: dict[str, Any] = {}
    history: list[Iteration] = []
    for chunk in graph.stream(given, context=settings, stream_mode="updates"):
        for node, update in chunk.items():
            if not isinstance(update, dict):
                continue
            if node == "analyse_result":
                for record in update.get("history") or []:
                    history.append(record)
                    if on_step is not None:
                        on_step(record)
            if node == "compose_answer":
                final = update
    status = final.get("status", "exited")
    return {"status": status, "answer": final.get("answer", {}), "history": history}


def progress_line(record: Iteration) -> str:
    """One iteration as ``keel ask`` prints it while the loop runs."""
    mark = "ok" if record["ok"] else f"failed ({record['error_kind']})"
    return f"[{record['n']:>2}] {record['action']:<18} {mark}: {record['summary']}"


def _cell(value: Any) -> str:
    text = shown(value)
    return text if len(text) <= MAX_CELL_CHARS else text[: MAX_CELL_CHARS - 1] + "…"


def text_table(columns: list[str], rows: list[list[Any]]) -> str:
    """Rows as an aligned plain-text table."""
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [
        max([len(c), *(len(row[i]) for row in cells if i < len(row))])
        for i, c in enumerate(columns)
    ]
    line = "  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True))
    rule = "  ".join("-" * w for w in widths)
    body = ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=False)) for row in cells]
    return "\n".join([line, rule, *body])


def markdown_table(columns: list[str], rows: list[list[Any]]) -> str:
    """Rows as a Markdown table (``|`` in values escaped)."""

    def cell(value: Any) -> str:
        return _cell(value).replace("|", "\\|")

    lines = ["| " + " | ".join(cell(c) for c in columns) + " |"]
    lines.append("|" + "---|" * len(columns))
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def format_answer(answer: dict[str, Any]) -> str:
    """An answer as ``keel ask`` prints it: the table and sentence, or why there is none."""
    status = answer.get("status")
    lines: list[str] = []
    if status == "answered":
        lines.append(text_table(answer["columns"], answer["rows"]))
        lines.append("")
        lines.append(answer["sentence"])
    elif status == "refused":
        lines.append(f"The data cannot answer this: {answer.get('reason')}")
    else:
        lines.append(f"No answer: {answer.get('reason')}")
        if answer.get("last_error"):
            lines.append(f"Last error: {answer['last_error']}")
    if answer.get("sql"):
        lines += ["", "SQL:", f"  {answer['sql']}"]
    lines.append(f"\n{answer.get('iterations', 0)} iterations, {answer.get('repairs', 0)} repairs")
    return "\n".join(lines)
