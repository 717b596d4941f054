"""The ``keel`` command: chat, demo, scenarios, benchmarks and database utilities."""

from __future__ import annotations

import argparse
import json
import os
import sys
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from keel.state.context import Context


def _quiet_environment() -> None:
    # No LangSmith key means no tracing; make it explicit so nothing tries to connect.
    if not os.environ.get("LANGSMITH_API_KEY"):
        os.environ.setdefault("LANGSMITH_TRACING", "false")


CHAT_HELP = (
    "Type /quit (or Ctrl-D) to leave; as the human agent after a handoff: /agent TEXT to reply, "
    "/release to hand the conversation back to the bot."
)


def chat_turn(agent: Any, session: str, text: str, user: str | None) -> str:
    """One line typed in ``keel chat``: a customer message or an operator command."""
    from keel.api import NoHandoffError

    command, _, rest = text.strip().partition(" ")
    try:
        if command == "/agent":
            if not rest.strip():
                return "usage: /agent TEXT (the human agent's reply)"
            turn = agent.reply_as_agent(session, rest.strip())
        elif command == "/release":
            turn = agent.release(session)
        elif command.startswith("/"):
            return f"unknown command {command}. {CHAT_HELP}"
        else:
            turn = agent.send(session, text, channel_user_id=user)
    except NoHandoffError:
        return "No human agent holds this conversation: /agent and /release work after a handoff."
    return (
        f"keel> {turn.reply}\n"
        f"      [{' > '.join(turn.path)}] intent={turn.intent} awaiting={turn.awaiting}"
    )


def cmd_chat(args: argparse.Namespace) -> int:
    """Interactive conversation showing the state path of every turn."""
    from keel.api import Keel

    session = args.session or f"chat-{uuid.uuid4().hex[:8]}"
    with Keel.open(Context(domain=args.domain), args.checkpoint) as agent:
        print(f"Keel chat ({args.domain}) — session {session}. {CHAT_HELP}")
        while True:
            try:
                text = input("you> ")
                if text.strip() in ("/quit", "/exit"):
                    break
                if text.strip():
                    print(chat_turn(agent, session, text, args.user))
            except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C, even mid-turn: leave cleanly
                print()
                break
    print(f"Bye. The session {session} is kept: --session {session} continues it.")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """Scripted showcase through every branch, in English and Chinese."""
    from keel.demo import run_demo, run_script

    if args.domain != "retail":
        return run_script(args.domain, verbose=not args.brief)
    return run_demo(verbose=not args.brief)


def cmd_scenarios(args: argparse.Namespace) -> int:
    """Run scenario files and print a table; non-zero exit on any failure."""
    from keel.scenarios import (
        ScenarioFileError,
        format_table,
        run_files,
        scenario_files,
        write_json,
    )

    try:
        files = scenario_files(args.files)
    except ScenarioFileError as error:
        print(f"keel scenarios: {error}", file=sys.stderr)
        return 2
    data = {"retail": Path(args.tau2_db)} if args.tau2_db else {}
    for given in args.data or []:
        domain, _, path = given.partition("=")
        data[domain] = Path(path)
    results = run_files(files, Context(), data)
    print(format_table(results))
    if args.verbose:
        for result in results:
            if not result.passed:
                print(f"\n== {result.name} ({result.file})")
                for failure in result.failures:
                    print(f"   ! {failure}")
                for line in result.transcript:
                    reply = line.get("reply", f"<{line.get('error')}>")
                    print(f"   user : {line['user']}\n   keel : {reply}")
    if args.json:
        write_json(results, Path(args.json))
    return 0 if results and all(r.passed for r in results) else 1


# Benchmark name → module of keel.bench (each has ``main(argv) -> int`` and prints one JSON
# line); imported only when asked for (sql-eval needs the postgres extra).
BENCHMARKS = {
    "clinc150": "clinc150",
    "turns": "turns",
    "tau2-roundtrip": "tau2_roundtrip",
    "kb-recall": "kb_recall",
    "calibration": "calibration",
    "intents": "intents",
    "confirmations": "confirmations",
    "patterns": "patterns",
    "sql-eval": "sql_eval",
    "ask-store": "ask_store",
    "ask-prompt": "ask_prompt",
}


def cmd_bench(args: argparse.Namespace) -> int:
    """Benchmarks and evaluations (each prints one JSON line)."""
    import importlib

    module = BENCHMARKS.get(args.name)
    if module is None:
        print(f"unknown benchmark {args.name}", file=sys.stderr)
        return 2
    return int(importlib.import_module(f"keel.bench.{module}").main(list(args.rest)))


def _ask_context(args: argparse.Namespace) -> Context:
    """The run's settings, with ``--offline`` leaving any configured model out."""
    settings = Context()
    return settings.replace(llm_base_url=None, llm_model=None) if args.offline else settings


def cmd_ask(args: argparse.Namespace) -> int:
    """Answer an operator's question from the data (progress on stderr, answer on stdout)."""
    from keel.ask import ask, format_answer, progress_line

    def progress(record: Any) -> None:
        if not args.quiet:
            print(progress_line(record), file=sys.stderr, flush=True)

    result = ask(
        args.question,
        database=args.database,
        business_context=args.context or "",
        context=_ask_context(args),
        on_step=progress,
    )
    if args.json:
        print(json.dumps(result["answer"], ensure_ascii=False, default=str))
    else:
        print(format_answer(result["answer"]))
    return 0 if result["status"] in ("answered", "refused") else 1


def cmd_report(args: argparse.Namespace) -> int:
    """Fill a report template's placeholders from the data."""
    from keel.report import Filled, fill_report

    def progress(item: Filled) -> None:
        how = f"{item.status}, {item.repairs} repairs" + (f": {item.reason}" if item.reason else "")
        print(f"{{{{ {item.description} }}}} -> {how}", file=sys.stderr, flush=True)

    template = Path(args.template).read_text(encoding="utf-8")
    text, filled = fill_report(
        template, database=args.database, context=_ask_context(args), on_placeholder=progress
    )
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        print(text, end="" if text.endswith("\n") else "\n")
    return 0 if all(f.status == "answered" for f in filled) else 1


def cmd_db(args: argparse.Namespace) -> int:
    """Load demo data, import a τ² db.json, or export the database in that shape."""
    from keel.domain.retail import tau2
    from keel.domain.retail.demo_data import load_demo_data

    url = Context().database_url
    if args.action == "demo":
        load_demo_data(url)
        print(f"demo data loaded into {url}")
    elif args.action == "import":
        tau2.import_tau2_file(Path(args.path), url)
        print(f"imported {args.path} into {url}")
    else:
        tau2.export_db_file(url, Path(args.path))
        print(f"exported {url} to {args.path}")
    return 0


def cmd_graph(args: argparse.Namespace) -> int:
    """Print a graph as a mermaid diagram (the dialogue graph by default)."""
    import importlib

    module = {"keel": "keel.graph.builder", "ask": "keel.graph.ask", "tasks": "keel.graph.tasks"}[
        args.name
    ]
    print(importlib.import_module(module).graph.get_graph().draw_mermaid())
    return 0


def cmd_handoffs(args: argparse.Namespace) -> int:
    """List conversations waiting for a human agent."""
    from keel.persistence.handoff import HandoffQueue

    print(json.dumps(HandoffQueue(Context().database_url).waiting(), ensure_ascii=False, indent=2))
    return 0


def cmd_assistants(args: argparse.Namespace) -> int:
    """Create the business assistants on a server (the operator key from KEEL_OPERATOR_KEY)."""
    from langgraph_sdk import get_sync_client

    from keel.assistants import provision
    from keel.server_auth import OPERATOR_KEY_ENV

    key = os.environ.get(OPERATOR_KEY_ENV, "")
    headers = {"X-Operator-Key": key} if key else None
    client = get_sync_client(url=args.url, api_key=None, headers=headers)
    print(json.dumps(provision(client.assistants, args.business), indent=2))
    return 0


def cmd_calibration(args: argparse.Namespace) -> int:
    """Print the calibration dashboard (``--json``: the dashboard endpoint's body)."""
    from keel.calibration.records import CalibrationRecorder, dashboard_text

    board = CalibrationRecorder(Context().database_url).dashboard()
    print(json.dumps(board, ensure_ascii=False) if args.json else dashboard_text(board))
    return 0


def parser() -> argparse.ArgumentParser:
    """Build the argument parser."""
    root = argparse.ArgumentParser(prog="keel", description=__doc__)
    sub = root.add_subparsers(dest="command", required=True)

    chat = sub.add_parser("chat", help="talk to the agent")
    chat.add_argument("--session", help="session id (default: new)")
    chat.add_argument("--domain", default="retail", help="the business (retail, bank, …)")
    chat.add_argument("--user", help="user id asserted by an authenticated channel")
    chat.add_argument("--checkpoint", help="checkpointer: memory, a Postgres URL or a SQLite path")
    chat.set_defaults(func=cmd_chat)

    demo = sub.add_parser("demo", help="scripted showcase (English and Chinese)")
    demo.add_argument("--brief", action="store_true", help="only the summary")
    demo.add_argument("--domain", default="retail", help="the business (retail, bank, …)")
    demo.set_defaults(func=cmd_demo)

    scenarios = sub.add_parser("scenarios", help="conversation scenarios")
    scenarios_sub = scenarios.add_subparsers(dest="action", required=True)
    run = scenarios_sub.add_parser("run", help="run scenario files")
    run.add_argument("files", nargs="+", help="YAML files or folders")
    run.add_argument("--tau2-db", help="start each store scenario from this τ² retail db.json")
    run.add_argument(
        "--data",
        action="append",
        metavar="DOMAIN=PATH",
        help="start each scenario of a business from its data file (bank=…/db.json)",
    )
    run.add_argument("--json", help="write results with transcripts to this file")
    run.add_argument("-v", "--verbose", action="store_true", help="print failing transcripts")
    run.set_defaults(func=cmd_scenarios)

    bench = sub.add_parser(
        "bench",
        help="benchmarks: " + ", ".join(BENCHMARKS),
    )
    bench.add_argument("name")
    bench.add_argument("rest", nargs=argparse.REMAINDER)
    bench.set_defaults(func=cmd_bench)

    ask = sub.add_parser("ask", help="answer an operator's question from the data (text-to-SQL)")
    ask.add_argument("question")
    ask.add_argument("--database", help="SQLAlchemy URL of the database (default: the store)")
    ask.add_argument("--context", help="business context of the question")
    ask.add_argument("--json", action="store_true", help="the answer as JSON (with its trail)")
    ask.add_argument("--offline", action="store_true", help="no model even if one is configured")
    ask.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    ask.set_defaults(func=cmd_ask)

    report = sub.add_parser("report", help="fill a Markdown report template from the data")
    report.add_argument("template", help="Markdown file with {{ placeholders described in words }}")
    report.add_argument("--database", help="SQLAlchemy URL of the database (default: the store)")
    report.add_argument("--out", help="write the filled report here (default: stdout)")
    report.add_argument("--offline", action="store_true", help="no model even if configured")
    report.set_defaults(func=cmd_report)

    db = sub.add_parser("db", help="database utilities")
    db.add_argument("action", choices=["demo", "import", "export"])
    db.add_argument("path", nargs="?", help="db.json path for import/export")
    db.set_defaults(func=cmd_db)

    calibration = sub.add_parser("calibration", help="tool-call calibration dashboard")
    calibration.add_argument("--json", action="store_true", help="the dashboard endpoint's body")
    calibration.set_defaults(func=cmd_calibration)

    drawing = sub.add_parser("graph", help="print a graph's mermaid diagram")
    drawing.add_argument("name", nargs="?", default="keel", choices=["keel", "ask", "tasks"])
    drawing.set_defaults(func=cmd_graph)
    sub.add_parser("handoffs", help="list waiting handoffs").set_defaults(func=cmd_handoffs)
    assistants = sub.add_parser(
        "assistants", help="create one `keel` assistant per business on a LangGraph server"
    )
    assistants.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:2024")
    assistants.add_argument("--business", action="append", help="only these (default: all)")
    assistants.set_defaults(func=cmd_assistants)
    return root


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``keel`` command."""
    _quiet_environment()
    args = parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
