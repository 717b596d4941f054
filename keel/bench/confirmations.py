"""``keel bench confirmations``: replies to confirmation prompts, played end to end.

The corpus (``evaluations/confirmations``) holds confirmation prompts, each reached by a
scripted lead-in on the demo data, and replies written blind against them, each labelled
with its reading (yes, no, question, correction, yes_and_more, unclear). Every reply is
played on a fresh copy of the demo data: lead-in, then the reply. What counts is what the
store's data shows afterwards:

- a **false yes**: something changed after a reply labelled neither yes nor yes_and_more
  (a wrong write: the release blocker);
- an **unlisted write**: something changed that the prompt did not list;
- a **missed yes**: nothing changed after a yes or a yes_and_more (reported, not fatal);
- a **lost confirmation**: after a question the agent neither asks for the yes/no again nor
  keeps the listing on hold (a deferral parks it: kept, nothing asked, counted apart).

When the agent reports its reading of the reply (``TurnResult.values["confirmation"]``),
the readings are compared with the labels as well (a confusion table).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

CORPUS = Path(__file__).resolve().parents[2] / "evaluations" / "confirmations"
EXECUTING = ("yes", "yes_and_more")
LABELS = ("yes", "yes_and_more", "no", "question", "correction", "unclear")


@dataclass
class Played:
    """One reply played after its prompt's lead-in."""

    prompt: str
    reply: str
    label: str
    changed: list[str]  # orders / users whose data changed after the reply
    unlisted: list[str]  # of which not listed by the prompt
    reading: str | None  # the agent's reading, when it reports one
    awaiting: str
    answer: str
    lead_in_ok: bool = True
    parked: bool = False  # the listing was put on hold (a deferral): kept, nothing asked

    @property
    def lost(self) -> bool:
        """A question after which the listing is neither asked again nor kept on hold."""
        return self.label == "question" and self.awaiting != "confirmation" and not self.parked

    @property
    def executed(self) -> bool:
        """True when the reply changed the store's data."""
        return bool(self.changed)


@dataclass
class Report:
    """Figures over the whole corpus."""

    replies: int = 0
    by_label: dict[str, int] = field(default_factory=dict)
    executed_by_label: dict[str, int] = field(default_factory=dict)
    false_yes: int = 0
    unlisted_writes: int = 0
    missed_yes: int = 0
    lost_confirmation: int = 0
    parked: int = 0  # replies that put the listing on hold (deferrals, goodbyes)
    broken_lead_ins: int = 0
    readings: dict[str, dict[str, int]] = field(default_factory=dict)  # label -> reading -> n
    reading_false_yes: int = 0
    seconds: float = 0.0


def load_corpus(folder: Path) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """The prompts by id, and every labelled reply of the ``replies_*.yaml`` files."""
    prompts = {p["id"]: p for p in yaml.safe_load((folder / "prompts.yaml").read_text("utf-8"))}
    replies: list[dict[str, Any]] = []
    for path in sorted(folder.glob("replies_*.yaml")):
        # Every scalar as written: YAML 1.1 would read a bare yes, no, on or off as a boolean.
        for item in yaml.load(path.read_text("utf-8"), Loader=yaml.BaseLoader) or []:
            if item["prompt"] not in prompts:
                raise ValueError(f"{path.name}: unknown prompt {item['prompt']!r}")
            if item["label"] not in LABELS:
                raise ValueError(f"{path.name}: unknown label {item['label']!r}")
            replies.append({**item, "file": path.name})
    return prompts, replies


def listed_targets(prompt: Mapping[str, Any]) -> set[str]:
    """The orders and users a yes to ``prompt`` may change."""
    targets: set[str] = set()
    for write in prompt["listed"]["writes"]:
        if write.get("order_id"):
            targets.add(str(write["order_id"]))
        if write.get("user_id"):
            targets.add(str(write["user_id"]))
    targets.update(str(t) for t in prompt["listed"].get("side_effects", []))
    return targets


def snapshot(url: str, user_id: str) -> dict[str, Any]:
    """The customer's profile and orders, in the τ² export shape."""
    from keel.domain.retail.models import Order, User
    from keel.domain.retail.tau2 import export_order, export_user
    from keel.persistence.db import session_scope

    with session_scope(url) as session:
        user = session.get(User, user_id)
        if user is None:
            raise ValueError(f"customer {user_id} not in the demo data")
        state: dict[str, Any] = {user_id: export_user(user)}
        for order in session.query(Order).filter(Order.user_id == user_id):
            state[order.order_id] = export_order(order)
    return state


class Player:
    """Plays replies, each on a fresh copy of the demo data."""

    def __init__(self) -> None:
        from keel.domain.retail.demo_data import load_demo_data
        from keel.persistence.db import get_engine, sqlite_url

        self.workdir = Path(tempfile.mkdtemp(prefix="keel-confirmations-"))
        self.template = self.workdir / "template.db"
        load_demo_data(sqlite_url(self.template))
        get_engine(sqlite_url(self.template)).dispose()

    def close(self) -> None:
        """Remove the temporary databases."""
        shutil.rmtree(self.workdir, ignore_errors=True)

    def play(self, prompt: Mapping[str, Any], item: Mapping[str, Any]) -> Played:
        """Lead-in, then the reply; what changed in the store afterwards."""
        from keel.api import Keel
        from keel.persistence.db import get_engine, sqlite_url
        from keel.state.context import Context

        database = self.workdir / f"{uuid.uuid4().hex}.db"
        shutil.copyfile(self.template, database)
        url = sqlite_url(database)
        # Every reply replays a customer's lead-in within seconds: no rate limit applies here.
        context = Context(database_url=url, retry_backoff_seconds=(0.0,), rate_capacity=10**9)
        agent = Keel(context)
        session = f"confirm-{uuid.uuid4().hex[:8]}"
        try:
            turn = None
            for text in prompt["lead_in"]:
                turn = agent.send(session, text)
            lead_in_ok = turn is not None and turn.awaiting == "confirmation"
            before = snapshot(url, prompt["customer"])
            turn = agent.send(session, str(item["reply"]))
            after = snapshot(url, prompt["customer"])
        finally:
            get_engine(url).dispose()
            database.unlink(missing_ok=True)
        changed = sorted(k for k in after if after[k] != before.get(k))
        reading = (turn.values.get("confirmation") or {}).get("reading") if turn.values else None
        return Played(
            prompt=prompt["id"],
            reply=str(item["reply"]),
            label=str(item["label"]),
            changed=changed,
            unlisted=[c for c in changed if c not in listed_targets(prompt)],
            reading=reading,
            awaiting=turn.awaiting,
            answer=turn.reply,
            lead_in_ok=lead_in_ok,
            parked=(turn.values.get("question") or {}).get("status") == "parked",
        )


def summarise(played: Sequence[Played], seconds: float) -> Report:
    """The corpus figures."""
    report = Report(replies=len(played), seconds=round(seconds, 1))
    report.by_label = dict(Counter(p.label for p in played))
    report.executed_by_label = dict(Counter(p.label for p in played if p.executed))
    report.false_yes = sum(1 for p in played if p.executed and p.label not in EXECUTING)
    report.unlisted_writes = sum(1 for p in played if p.unlisted)
    report.missed_yes = sum(1 for p in played if not p.executed and p.label in EXECUTING)
    report.lost_confirmation = sum(1 for p in played if p.lost)
    report.parked = sum(1 for p in played if p.parked)
    report.broken_lead_ins = sum(1 for p in played if not p.lead_in_ok)
    if any(p.reading is not None for p in played):
        table: dict[str, Counter[str]] = {}
        for p in played:
            table.setdefault(p.label, Counter())[str(p.reading)] += 1
        report.readings = {label: dict(counts) for label, counts in table.items()}
        report.reading_false_yes = sum(
            1 for p in played if p.reading in EXECUTING and p.label not in EXECUTING
        )
    return report


def format_report(report: Report) -> str:
    """A plain-text table of the figures."""
    lines = [f"{'label':<14}{'replies':>8}{'executed':>10}"]
    for label in LABELS:
        lines.append(
            f"{label:<14}{report.by_label.get(label, 0):>8}"
            f"{report.executed_by_label.get(label, 0):>10}"
        )
    lines.append(
        f"false yes (wrong writes): {report.false_yes}; unlisted writes: "
        f"{report.unlisted_writes}; missed yes: {report.missed_yes}; confirmation lost after "
        f"a question: {report.lost_confirmation}; broken lead-ins: {report.broken_lead_ins}"
    )
    if report.readings:
        lines.append("readings (label -> agent's reading):")
        for label in LABELS:
            counts = report.readings.get(label, {})
            lines.append(
                f"  {label:<14}" + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the corpus and print the figures (and, with --errors, every wrong reply)."""
    parser = argparse.ArgumentParser(prog="keel bench confirmations", description=__doc__)
    parser.add_argument("--corpus", default=str(CORPUS), help="folder of prompts and replies")
    parser.add_argument("--errors", action="store_true", help="print each wrong outcome")
    parser.add_argument("--json", help="write every played reply to this file")
    parser.add_argument("--limit", type=int, default=0, help="play only the first N replies")
    args = parser.parse_args(argv)
    prompts, replies = load_corpus(Path(args.corpus))
    if args.limit:
        replies = replies[: args.limit]
    player = Player()
    started = time.perf_counter()
    try:
        played = [player.play(prompts[r["prompt"]], r) for r in replies]
    finally:
        player.close()
    report = summarise(played, time.perf_counter() - started)
    print(format_report(report))
    if args.errors:
        for p in played:
            wrong = (p.executed and p.label not in EXECUTING) or p.unlisted
            missed = not p.executed and p.label in EXECUTING
            lost = p.lost
            if wrong or missed or lost or (p.reading and p.reading != p.label):
                tag = "WRONG WRITE" if wrong else "missed" if missed else "lost" if lost else ""
                print(f"- [{p.prompt}] {p.label} -> {p.reading} {tag}: {p.reply!r}")
                print(f"    changed={p.changed} awaiting={p.awaiting} reply={p.answer[:160]!r}")
    if args.json:
        Path(args.json).write_text(
            json.dumps([p.__dict__ for p in played], ensure_ascii=False, indent=1), "utf-8"
        )
    print(json.dumps(report.__dict__, ensure_ascii=False), file=sys.stderr)
    return 0 if report.false_yes == 0 and report.unlisted_writes == 0 else 1
