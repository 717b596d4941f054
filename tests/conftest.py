"""Test configuration: no network beyond loopback, an isolated data directory per session."""

from __future__ import annotations

import ipaddress
import os
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("LANGSMITH_TRACING", "false")
os.environ.pop("LANGSMITH_API_KEY", None)
os.environ["KEEL_RETRY_BACKOFF_SECONDS"] = "0"  # retries without pauses, by configuration
for name in (
    "KEEL_LLM_BASE_URL",
    "KEEL_LLM_MODEL",
    "KEEL_DATABASE_URL",
    "KEEL_REDIS_URL",
    "KEEL_ASK_DATABASE_URL",
    "KEEL_OPERATOR_KEY",
):
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


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo store, loaded once per test session; a test works on a copy (``demo_db_url``)."""
    from keel.domain.retail.demo_data import load_demo_data
    from keel.persistence.db import get_engine, sqlite_url

    path = tmp_path_factory.mktemp("store") / "template.db"
    url = sqlite_url(path)
    load_demo_data(url)
    get_engine(url).dispose()
    return path


@pytest.fixture
def demo_db_url(template_db: Path, tmp_path: Path) -> str:
    """A fresh copy of the demo store for one test, as a database URL."""
    from keel.persistence.db import sqlite_url

    path = tmp_path / "store.db"
    shutil.copyfile(template_db, path)
    return sqlite_url(path)
