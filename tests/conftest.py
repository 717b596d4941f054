"""Test configuration: no network beyond loopback, an isolated data directory per session."""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("LANGSMITH_TRACING", "false")
os.environ.pop("LANGSMITH_API_KEY", None)
os.environ["KEEL_RETRY_BACKOFF_SECONDS"] = "0"  # retries without pauses, by configuration
for name in ("KEEL_LLM_BASE_URL", "KEEL_LLM_MODEL", "KEEL_DATABASE_URL", "KEEL_REDIS_URL"):
    os.environ.pop(name, None)

_real_connect = socket.socket.connect


def _is_loopback(address: Any) -> bool:
    if isinstance(address, tuple) and address:
        host = str(address[0])
        if host == "localhost":
            return True
        try:
            return ipaddress.ip_address(host).is_loopback
        except ValueError:
            return False
    return True  # unix sockets


def _guarded_connect(self: socket.socket, address: Any) -> Any:
    if not _is_loopback(address):
        raise RuntimeError(f"tests must not reach the network (tried {address!r})")
    return _real_connect(self, address)


socket.socket.connect = _guarded_connect  # type: ignore[method-assign]


@pytest.fixture(autouse=True, scope="session")
def _data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("keel-data")
    os.environ["KEEL_DATA_DIR"] = str(path)
    yield path
