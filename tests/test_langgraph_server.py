"""`langgraph dev` serves the graph: a conversation through an interrupt and resume; the drawing.

Starts the in-memory LangGraph server on loopback from the repository root (offline:
no analytics, no version check, no tracing, no LangSmith key), drives it with
``langgraph_sdk`` and stops it (the whole process group) in the fixture teardown.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.server

REPO_ROOT = Path(__file__).resolve().parents[1]
LANGGRAPH = Path(sys.executable).parent / "langgraph"
GRAPH_ID = "keel"
READY_TIMEOUT_S = 90.0
RUN_TIMEOUT_S = 120.0
CANCEL_MESSAGE = (
    "Hi, I'm Harper Ahmed, zip 28268. Please cancel order #W2387014, I ordered it by mistake."
)
EXPECTED_NODES = {
    "hold_for_human",
    "answer_question",
    "guard_input",
    "understand",
    "validate_slots",
    "check_policy",
    "execute_tool",
    "compose_reply",
    "check_output",
    "ask_user",
    "fallback",
    "reject",
    "handoff",
    "await_confirmation",
}
OPERATOR_KEY = "test-operator-key"
OPERATOR = {"X-Operator-Key": OPERATOR_KEY}
# Variables that could make the server (or the graph) leave loopback or use another store.
_SCRUBBED = (
    "LANGSMITH_API_KEY",
    "LANGCHAIN_API_KEY",
    "LANGSMITH_ENDPOINT",
    "LANGCHAIN_ENDPOINT",
    "LANGGRAPH_API_KEY",
    "LANGSMITH_LICENSE_KEY",
    "LANGGRAPH_CLOUD_LICENSE_KEY",
    "OPENAI_API_KEY",
    "KEEL_LLM_BASE_URL",
    "KEEL_LLM_MODEL",
    "KEEL_LLM_API_KEY",
    "KEEL_DATABASE_URL",
)


@dataclass
class Server:
    url: str
    log: Path
    process: subprocess.Popen[bytes]
    startup_seconds: float

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            return f"<no log: {exc}>"
        return "\n".join(text.splitlines()[-lines:])


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _server_config(tmp: Path) -> Path:
    """The project's langgraph.json, with its env file replaced by an empty one.

    `langgraph dev` lets values from the env file override the process environment, so a
    developer's .env (a model endpoint, another database) must not reach the test server.
    """
    config = json.loads((REPO_ROOT / "langgraph.json").read_text(encoding="utf-8"))
    assert GRAPH_ID in config["graphs"], f"langgraph.json does not expose {GRAPH_ID!r}"
    if "env" in config:
        empty_env = tmp / "empty.env"
        empty_env.write_text("", encoding="utf-8")
        config["env"] = str(empty_env)
    path = tmp / "langgraph.json"
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    return path


def _server_env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _SCRUBBED}
    env.update(
        LANGGRAPH_CLI_NO_ANALYTICS="1",
        LANGGRAPH_NO_VERSION_CHECK="true",
        LANGSMITH_TRACING="false",
        LANGCHAIN_TRACING_V2="false",
        LANGSMITH_TEST_TRACKING="false",
        KEEL_DATA_DIR=str(data_dir),
        KEEL_OPERATOR_KEY=OPERATOR_KEY,
        PYTHONUNBUFFERED="1",
        NO_COLOR="1",
    )
    return env


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate the server's process group (SIGTERM, then SIGKILL)."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        process.wait(timeout=10)


def _wait_ready(server: Server, started: float) -> None:
    deadline = started + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(
                f"`langgraph dev` exited with code {server.process.returncode} before it was"
                f" ready; log tail:\n{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(f"{server.url}/ok", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            pass
        time.sleep(0.25)
    pytest.fail(
        f"`langgraph dev` not ready at {server.url} after {READY_TIMEOUT_S:.0f} s;"
        f" log tail:\n{server.log_tail()}"
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not LANGGRAPH.exists():
        pytest.skip(
            f"`langgraph` executable not found at {LANGGRAPH} (install langgraph-cli[inmem])"
        )
    tmp = tmp_path_factory.mktemp("langgraph-dev")
    config = _server_config(tmp)
    data_dir = tmp / "data"
    log = tmp / "server.log"
    port = _free_port()
    started = time.monotonic()
    with log.open("wb") as log_file:
        process = subprocess.Popen(
            [
                str(LANGGRAPH),
                "dev",
                "--config",
                str(config),
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--no-browser",
                "--no-reload",
            ],
            cwd=REPO_ROOT,
            env=_server_env(data_dir),
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group: the teardown kills all of it
        )
    srv = Server(f"http://127.0.0.1:{port}", log, process, 0.0)
    try:
        _wait_ready(srv, started)
        srv.startup_seconds = time.monotonic() - started
        # A taken port makes `langgraph dev` switch silently to another one.
        assert "already in use" not in log.read_text(errors="replace"), srv.log_tail()
        yield srv
    finally:
        _stop(process)
        print(f"\nlanggraph dev log: {log}")


def _stream(client: Any, thread_id: str, **kwargs: Any) -> tuple[list[Any], dict[str, Any]]:
    """Run on the thread; return the `updates` payloads and the last `values` payload."""
    updates: list[Any] = []
    values: dict[str, Any] = {}
    errors: list[Any] = []
    for part in client.runs.stream(
        thread_id, GRAPH_ID, stream_mode=["values", "updates"], **kwargs
    ):
        if part.event == "updates":
            updates.append(part.data)
        elif part.event == "values":
            values = part.data
        elif part.event == "error":
            errors.append(part.data)
    assert not errors, f"run failed: {errors}"
    return updates, values


def _interrupts(updates: list[Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for update in updates:
        if isinstance(update, dict) and "__interrupt__" in update:
            found.extend(update["__interrupt__"])
    return found


def test_conversation_through_interrupt_and_resume(server: Server) -> None:
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server.url, api_key=None, timeout=RUN_TIMEOUT_S)
    thread_id = client.threads.create()["thread_id"]
    timings: dict[str, float] = {"startup": server.startup_seconds}

    t0 = time.monotonic()
    try:
        updates, values = _stream(
            client, thread_id, input={"messages": [{"role": "user", "content": CANCEL_MESSAGE}]}
        )
    except AssertionError as exc:
        pytest.fail(f"{exc}\nserver log tail:\n{server.log_tail()}")
    timings["first_turn"] = time.monotonic() - t0

    interrupts = _interrupts(updates)
    assert len(interrupts) == 1, f"expected one interrupt, got {updates!r}"
    value = interrupts[0]["value"]
    assert value["type"] == "confirmation", value
    assert value["tool"], value
    assert "W2387014" in value["question"], value
    assert values.get("awaiting") == "confirmation", values

    state = client.threads.get_state(thread_id)
    assert state["next"] == ["await_confirmation"], state["next"]

    t0 = time.monotonic()
    try:
        updates, values = _stream(client, thread_id, command={"resume": "yes"})
    except AssertionError as exc:
        pytest.fail(f"{exc}\nserver log tail:\n{server.log_tail()}")
    timings["resume_turn"] = time.monotonic() - t0

    assert not _interrupts(updates), updates
    assert "cancelled" in values["reply"].lower(), values["reply"]

    state = client.threads.get_state(thread_id)
    assert state["next"] == [], state["next"]
    assert not state.get("interrupts"), state.get("interrupts")
    assert not any(task.get("interrupts") for task in state["tasks"]), state["tasks"]
    final = state["values"]
    assert isinstance(final, dict), final
    assert "cancelled" in final["reply"].lower(), final["reply"]
    assert final["awaiting"] == "nothing", final["awaiting"]

    print("\ntimings (s): " + ", ".join(f"{k}={v:.2f}" for k, v in timings.items()))


def test_graph_drawing_has_every_node(server: Server) -> None:
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server.url, api_key=None, timeout=30)
    drawing = client.assistants.get_graph(GRAPH_ID, xray=True)
    names = {node["id"] for node in drawing["nodes"]}
    assert names >= EXPECTED_NODES, f"missing nodes: {sorted(EXPECTED_NODES - names)}"
    edges = {(edge["source"], edge["target"]) for edge in drawing["edges"]}
    assert ("check_output", "await_confirmation") in edges, sorted(edges)
    assert ("await_confirmation", "execute_tool") in edges, sorted(edges)
    # the task subgraph is drawn inside, with its reflection and replanning nodes
    inner = {f"run_task:{n}" for n in ("execute_step", "reflect_step", "reflect_overall")}
    assert inner | {"run_task:replan", "run_task:summarise"} <= names, sorted(names)


def test_the_task_graph_runs_an_operator_task_through_its_confirmation(server: Server) -> None:
    """The `tasks` graph on its own: a description and a customer; the write waits for a yes."""
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server.url, api_key=None, timeout=RUN_TIMEOUT_S, headers=OPERATOR)
    task = {
        "intent": "",
        "text": "cancel order #W1610539, the customer no longer needs it",
        "slots": {},
        "user_id": "rosa_li_4620",
        "language": "en",
        "run_id": "operator-1",
        "mode": "operator",
    }
    thread_id = client.threads.create()["thread_id"]
    updates = list(
        client.runs.stream(thread_id, "tasks", input={"task": task}, stream_mode=["updates"])
    )
    interrupts = _interrupts([u.data for u in updates if u.event == "updates"])
    assert len(interrupts) == 1, updates
    assert interrupts[0]["value"]["writes"][0]["tool"] == "cancel_pending_order"
    final = client.runs.wait(thread_id, "tasks", command={"resume": "yes"})
    assert final["task_run"]["status"] == "done", final
    assert [d["tool"] for d in final["task_run"]["done"]] == [
        "get_order_owner",
        "cancel_pending_order",
    ]
    drawing = client.assistants.get_graph("tasks")
    assert {"select_tools", "reflect_step", "reflect_overall", "replan"} <= {
        node["id"] for node in drawing["nodes"]
    }


def test_the_server_serves_the_calibration_routes_and_graph(server: Server) -> None:
    from langgraph_sdk import get_sync_client

    with urllib.request.urlopen(f"{server.url}/api/calibration/dashboard", timeout=10) as reply:
        board = json.loads(reply.read())
    assert reply.status == 200 and board["totalToolCalls"] >= 1  # the conversation's calls
    with urllib.request.urlopen(f"{server.url}/calibration", timeout=10) as reply:
        assert "api/calibration/dashboard" in reply.read().decode()
    client = get_sync_client(url=server.url, api_key=None, timeout=30)
    drawing = client.assistants.get_graph("calibration")
    assert {"check_duplicate", "run_tool", "correct", "record"} <= {
        node["id"] for node in drawing["nodes"]
    }


def test_handoff_mode_and_release_on_the_server(server: Server) -> None:
    """After a handoff, new input goes to the human's queue until a release resume."""
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server.url, api_key=None, timeout=RUN_TIMEOUT_S)
    thread_id = client.threads.create()["thread_id"]
    say = {"messages": [{"role": "user", "content": "I want to talk to a real person please"}]}
    updates, values = _stream(client, thread_id, input=say)
    assert _interrupts(updates)[0]["value"]["type"] == "handoff", updates
    _, values = _stream(client, thread_id, command={"resume": {"type": "agent", "text": "Hi, Sam"}})
    assert values["reply"] == "Hi, Sam" and values["awaiting"] == "human", values
    # A client that sends new input instead of a resume: still the human's, not the bot's.
    cancel = {"messages": [{"role": "user", "content": CANCEL_MESSAGE}]}
    updates, values = _stream(client, thread_id, input=cancel)
    assert values["awaiting"] == "human", values
    assert "understand" not in values["path"], values["path"]
    _, values = _stream(client, thread_id, command={"resume": {"type": "release"}})
    assert values["awaiting"] == "nothing" and values["handoff"] is None, values


def test_two_writes_go_through_one_confirmation_on_the_server(server: Server) -> None:
    """Two cancellations listed together: one interrupt, one resume, both done."""
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server.url, api_key=None, timeout=RUN_TIMEOUT_S)
    thread_id = client.threads.create()["thread_id"]
    message = (
        "Hi, I'm Lucas Brown, zip 92127. Please cancel both my pending orders #W8194764 "
        "and #W2953303, I ordered them by mistake."
    )
    updates, values = _stream(
        client, thread_id, input={"messages": [{"role": "user", "content": message}]}
    )
    assert len(_interrupts(updates)) == 1, updates
    assert "#W8194764" in values["reply"] and "#W2953303" in values["reply"], values["reply"]
    updates, values = _stream(client, thread_id, command={"resume": "yes to both"})
    assert not _interrupts(updates), updates
    assert values["reply"].count("cancelled") == 2, values["reply"]
    assert values["awaiting"] == "nothing"
    assert values["path"].count("run_task:execute_step") == 2, values["path"]


def test_the_ask_graph_is_served_drawn_and_answers(server: Server) -> None:
    """The text-to-SQL graph (``ask``): Studio's drawing shows the PTAV loop; it answers."""
    from langgraph_sdk import get_sync_client

    client = get_sync_client(url=server.url, api_key=None, timeout=RUN_TIMEOUT_S, headers=OPERATOR)
    drawing = client.assistants.get_graph("ask")
    names = {node["id"] for node in drawing["nodes"]}
    assert {"plan_action", "run_tool", "analyse_result", "validate_goal", "compose_answer"} <= names
    edges = {(edge["source"], edge["target"]) for edge in drawing["edges"]}
    assert ("validate_goal", "plan_action") in edges and ("plan_action", "run_tool") in edges
    thread_id = client.threads.create()["thread_id"]
    final = client.runs.wait(thread_id, "ask", input={"question": "how many orders are there?"})
    assert final["status"] == "answered", final
    assert final["answer"]["rows"] == [[600]]
    assert [h["action"] for h in final["history"]][-1] == "sql.execute"


def test_only_operators_run_the_operators_graphs(server: Server) -> None:
    """A client without the operator key runs the dialogue as configured, and nothing else."""
    import httpx
    from langgraph_sdk import get_sync_client

    anyone = get_sync_client(url=server.url, api_key=None, timeout=RUN_TIMEOUT_S)
    refused = [
        ("ask", {"question": "how many orders are there?"}, {}),
        ("tasks", {"task": {"intent": "", "text": "cancel #W1610539", "slots": {}}}, {}),
        ("calibration", {"tool": "list_products", "args": {}}, {}),
        (
            GRAPH_ID,
            {"messages": [{"role": "user", "content": "hi"}]},
            {"context": {"database_url": "sqlite:////tmp/x.db"}},
        ),
    ]
    for graph, given, extra in refused:
        thread_id = anyone.threads.create()["thread_id"]
        with pytest.raises(httpx.HTTPStatusError) as denied:
            anyone.runs.wait(thread_id, graph, input=given, **extra)
        assert denied.value.response.status_code == 403, graph
    with pytest.raises(httpx.HTTPStatusError) as denied:
        anyone.runs.wait(None, "ask", input={"question": "how many orders are there?"})
    assert denied.value.response.status_code == 403
    with pytest.raises(httpx.HTTPStatusError) as denied:
        anyone.assistants.create("ask")
    assert denied.value.response.status_code == 403
    thread_id = anyone.threads.create()["thread_id"]
    final = anyone.runs.wait(
        thread_id, GRAPH_ID, input={"messages": [{"role": "user", "content": "hi"}]}
    )
    assert final["messages"][-1]["type"] == "ai"


def test_each_business_has_an_assistant_customers_can_talk_to(server: Server) -> None:
    """`keel assistants`: one `keel` assistant per business, its context naming the domain."""
    import httpx
    from langgraph_sdk import get_sync_client

    from keel.assistants import provision
    from keel.server_auth import business_assistant_id

    anyone = get_sync_client(url=server.url, api_key=None, timeout=RUN_TIMEOUT_S)
    operator = get_sync_client(url=server.url, api_key=None, headers=OPERATOR, timeout=30)
    with pytest.raises(httpx.HTTPStatusError) as denied:
        provision(anyone.assistants, ["bank"])
    assert denied.value.response.status_code == 403
    made = provision(operator.assistants, ["bank", "retail"])
    assert [m["assistant_id"] for m in made] == [
        business_assistant_id("bank"),
        business_assistant_id("retail"),
    ]
    assert provision(operator.assistants, ["bank"]) == made[:1]  # once: the same id again
    stored = operator.assistants.get(business_assistant_id("bank"))
    assert stored["graph_id"] == GRAPH_ID and stored["context"] == {"domain": "bank"}
    hello = {"messages": [{"role": "user", "content": "hello"}]}
    replies = {}
    for business in ("bank", "retail"):
        thread_id = anyone.threads.create()["thread_id"]
        final = anyone.runs.wait(thread_id, business_assistant_id(business), input=hello)
        replies[business] = final["reply"]
    assert "Rho Bank" in replies["bank"] and "Rho Bank" not in replies["retail"]
    thread_id = anyone.threads.create()["thread_id"]
    with pytest.raises(httpx.HTTPStatusError) as denied:  # still no settings of one's own
        anyone.runs.wait(
            thread_id,
            business_assistant_id("bank"),
            input=hello,
            context={"domain": "bank", "database_url": "sqlite:////tmp/x.db"},
        )
    assert denied.value.response.status_code == 403
