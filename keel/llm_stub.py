"""An OpenAI-compatible stub server on loopback for tests and benchmarks of the model paths.

``POST /v1/chat/completions`` answers with scripted replies, taken from a queue
or computed from the request by a function. A reply can be a tool call (what
``with_structured_output(method="function_calling")`` expects), plain content,
a slow answer (to trip the client timeout), an HTTP error or a garbled body.
Every request body is recorded.

Use it as a context manager::

    with llm_stub(StubReply.text("hello")) as stub:
        ChatOpenAI(base_url=stub.base_url, ...)
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_ids = itertools.count(1)


@dataclass(frozen=True)
class StubReply:
    """One scripted answer of the stub server."""

    kind: str  # "tool" | "text" | "error" | "garbled"
    args: dict[str, Any] | str | None = None  # tool-call arguments (a str is sent verbatim)
    tool_name: str | None = None  # None: the tool the request offered
    content: str | None = None
    status: int = 200
    delay: float = 0.0  # seconds to sleep before answering

    @classmethod
    def tool(
        cls, args: dict[str, Any] | str, *, name: str | None = None, delay: float = 0.0
    ) -> StubReply:
        """Answer with one tool call (``args`` as JSON, or a raw string sent as is)."""
        return cls("tool", args=args, tool_name=name, delay=delay)

    @classmethod
    def text(cls, content: str, *, delay: float = 0.0) -> StubReply:
        """Answer with plain assistant content."""
        return cls("text", content=content, delay=delay)

    @classmethod
    def error(cls, status: int = 500, *, delay: float = 0.0) -> StubReply:
        """Answer with an HTTP error and an OpenAI-style error body."""
        return cls("error", status=status, delay=delay)

    @classmethod
    def garbled(cls, *, delay: float = 0.0) -> StubReply:
        """Answer 200 with a body that is not JSON."""
        return cls("garbled", delay=delay)

    @classmethod
    def slow(cls, seconds: float, then: StubReply | None = None) -> StubReply:
        """Sleep ``seconds`` before answering (``then``, or an empty text reply)."""
        base = then or cls.text("")
        return StubReply(
            base.kind, base.args, base.tool_name, base.content, base.status, delay=seconds
        )


Responder = Callable[[dict[str, Any]], StubReply]


@dataclass
class StubServer:
    """State shared between the test and the handler threads."""

    host: str = "127.0.0.1"
    port: int = 0
    queue: deque[StubReply] = field(default_factory=deque)
    responder: Responder | None = None
    requests: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def base_url(self) -> str:
        """The OpenAI base URL of the stub (``http://127.0.0.1:<port>/v1``)."""
        return f"http://{self.host}:{self.port}/v1"

    def push(self, *replies: StubReply) -> None:
        """Queue more scripted replies."""
        with self.lock:
            self.queue.extend(replies)

    def next_reply(self, request: dict[str, Any]) -> StubReply:
        """Return the reply to ``request``: the queue first, then the responder."""
        with self.lock:
            self.requests.append(request)
            if self.queue:
                return self.queue.popleft()
        if self.responder is not None:
            return self.responder(request)
        return StubReply.error(503)

    @property
    def calls(self) -> int:
        """How many chat-completion requests arrived."""
        with self.lock:
            return len(self.requests)


def _offered_tool(request: dict[str, Any]) -> str:
    choice = request.get("tool_choice")
    if isinstance(choice, dict):
        name = choice.get("function", {}).get("name")
        if isinstance(name, str):
            return name
    tools = request.get("tools") or []
    if tools:
        return str(tools[0]["function"]["name"])
    return "tool"


def completion_body(reply: StubReply, request: dict[str, Any]) -> dict[str, Any]:
    """Return the OpenAI chat-completion JSON for a tool or text reply."""
    message: dict[str, Any] = {"role": "assistant", "content": None}
    finish = "stop"
    if reply.kind == "tool":
        arguments = reply.args if isinstance(reply.args, str) else json.dumps(reply.args)
        message["tool_calls"] = [
            {
                "id": f"call_{next(_ids)}",
                "type": "function",
                "function": {
                    "name": reply.tool_name or _offered_tool(request),
                    "arguments": arguments,
                },
            }
        ]
        finish = "tool_calls"
    else:
        message["content"] = reply.content or ""
    return {
        "id": f"chatcmpl-{next(_ids)}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": str(request.get("model", "stub")),
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def _handler(state: StubServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # silence the test output
            return

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout)
                self.close_connection = True

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, b'{"error": {"message": "not found"}}', "application/json")
                return
            try:
                request = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                request = {"raw": raw.decode("utf-8", "replace")}
            reply = state.next_reply(request)
            if reply.delay:
                time.sleep(reply.delay)
            if reply.kind == "error":
                body = json.dumps(
                    {"error": {"message": "stub failure", "type": "server_error", "code": None}}
                ).encode()
                self._send(reply.status, body, "application/json")
            elif reply.kind == "garbled":
                self._send(200, b'{"id": "chatcmpl-x", "choices": [{"mess', "application/json")
            else:
                body = json.dumps(completion_body(reply, request)).encode()
                self._send(200, body, "application/json")

    return Handler


@contextmanager
def llm_stub(*replies: StubReply, responder: Responder | None = None) -> Iterator[StubServer]:
    """Run the stub server on 127.0.0.1 (a free port) for the duration of the block."""
    state = StubServer(responder=responder)
    state.push(*replies)
    server = ThreadingHTTPServer((state.host, 0), _handler(state))
    server.daemon_threads = True
    server.block_on_close = False
    state.port = int(server.server_address[1])
    thread = threading.Thread(target=server.serve_forever, name="llm-stub", daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def model_like_responder(domain: str, phrase: str | None = None) -> Responder:
    """Answer like a well-behaved model: understanding by the offline reading, phrasing verbatim.

    For benchmarks and tests that count how often the graph calls the model rather
    than what the model says. A reply to a confirmation reads as "yes" (the offline
    reading decides then); ``phrase``, when given, is every rephrasing's answer (a test
    of the output check).
    """
    from keel.domain.pack import load_pack
    from keel.understanding.offline import offline_understander

    understander = offline_understander(domain, extract=load_pack(domain).extract_slots)

    def respond(request: dict[str, Any]) -> StubReply:
        messages = request.get("messages") or []
        last = str(messages[-1].get("content") or "") if messages else ""
        tools = request.get("tools") or []
        if any(t.get("function", {}).get("name") == "ModelConfirmation" for t in tools):
            return StubReply.tool({"reading": "yes"})
        if tools:
            reading = understander.read(last)
            return StubReply.tool(
                {"intent": reading.intent, "confidence": reading.confidence, "slots": {}}
            )
        return StubReply.text(phrase if phrase is not None else last)

    return respond
