"""Tests of the HTTP API tool type against a real server on 127.0.0.1."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from keel.tools.http_api import HttpApiError, HttpApiSpec, call_http_api


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # keep pytest output quiet
        pass

    def _send(self, status: int, body: bytes, content_type: str = "application/json") -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout test)

    def _json(self, status: int, payload: Any) -> None:
        self._send(status, json.dumps(payload).encode())

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        if parts.path.startswith("/orders/"):
            self._json(
                200,
                {
                    "raw_path": parts.path,
                    "query": {k: v[0] for k, v in parse_qs(parts.query).items()},
                    "header": self.headers.get("X-Test"),
                },
            )
        elif parts.path == "/slow":
            time.sleep(1.0)
            self._json(200, {"late": True})
        elif parts.path == "/text":
            self._send(200, b"<html>not json</html>", "text/html")
        elif parts.path == "/list":
            self._json(200, [1, 2, 3])
        elif parts.path == "/error":
            self._json(500, {"error": "boom"})
        else:
            self._json(404, {"error": "not found"})

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"null")
        self._json(
            200,
            {
                "path": self.path,
                "body": body,
                "content_type": self.headers.get("Content-Type"),
            },
        )


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def _closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port  # nothing listens on it once the socket is closed


def test_get_fills_placeholder_and_sends_rest_as_query(base_url: str) -> None:
    spec = HttpApiSpec(
        name="order_lookup",
        method="GET",
        url=base_url + "/orders/{order_id}",
        headers={"X-Test": "yes"},
    )
    result = call_http_api(spec, {"order_id": "#W 1/2", "verbose": True, "page": 2, "skip": None})
    assert result["raw_path"] == "/orders/%23W%201%2F2"  # encoded, cannot escape the path
    assert result["query"] == {"verbose": "true", "page": "2"}
    assert result["header"] == "yes"


def test_get_with_shared_client(base_url: str) -> None:
    spec = HttpApiSpec(name="order_lookup", method="GET", url=base_url + "/orders/{order_id}")
    with httpx.Client() as client:
        first = call_http_api(spec, {"order_id": "A"}, client=client)
        second = call_http_api(spec, {"order_id": "B"}, client=client)
        assert not client.is_closed
    assert (first["raw_path"], second["raw_path"]) == ("/orders/A", "/orders/B")


def test_post_sends_json_body(base_url: str) -> None:
    spec = HttpApiSpec(name="create_ticket", method="POST", url=base_url + "/tickets/{queue}")
    result = call_http_api(spec, {"queue": "vip", "subject": "退货", "items": [1, 2]})
    assert result["path"] == "/tickets/vip"
    assert result["body"] == {"subject": "退货", "items": [1, 2]}
    assert result["content_type"] == "application/json"


@pytest.mark.parametrize(("path", "status"), [("/missing", 404), ("/error", 500)])
def test_http_error_status(base_url: str, path: str, status: int) -> None:
    spec = HttpApiSpec(name="broken", method="GET", url=base_url + path)
    with pytest.raises(HttpApiError) as info:
        call_http_api(spec, {})
    assert info.value.kind == "http_status"
    assert info.value.status == status


def test_slow_handler_times_out(base_url: str) -> None:
    spec = HttpApiSpec(name="slow", method="GET", url=base_url + "/slow", timeout_seconds=0.2)
    started = time.monotonic()
    with pytest.raises(HttpApiError) as info:
        call_http_api(spec, {})
    assert info.value.kind == "timeout"
    assert info.value.status is None
    assert time.monotonic() - started < 0.9


@pytest.mark.parametrize("path", ["/text", "/list"])
def test_non_json_object_is_invalid_response(base_url: str, path: str) -> None:
    spec = HttpApiSpec(name="weird", method="GET", url=base_url + path)
    with pytest.raises(HttpApiError) as info:
        call_http_api(spec, {})
    assert info.value.kind == "invalid_response"
    assert info.value.status == 200


def test_closed_port_is_connection_error() -> None:
    spec = HttpApiSpec(
        name="down", method="GET", url=f"http://127.0.0.1:{_closed_port()}/x", timeout_seconds=2
    )
    with pytest.raises(HttpApiError) as info:
        call_http_api(spec, {})
    assert info.value.kind == "connection"
    assert info.value.status is None


def test_missing_placeholder_argument_is_rejected(base_url: str) -> None:
    spec = HttpApiSpec(name="order_lookup", method="GET", url=base_url + "/orders/{order_id}")
    assert spec.placeholders() == ["order_id"]
    with pytest.raises(ValueError, match="order_id"):
        call_http_api(spec, {})
