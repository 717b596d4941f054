"""The calibration dashboard page in a real headless Chromium, after real conversations.

Skipped (with the reason) where Debian's ``chromium`` is not installed; ``.ci/run``
installs it.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from keel.api import Keel
from keel.calibration.records import CalibrationRecorder
from keel.domain.retail.demo_data import load_demo_data
from keel.persistence.db import sqlite_url
from keel.state.context import Context
from keel.web import create_app

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Chromium not installed (apt-get install chromium): the dashboard is checked in it",
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--virtual-time-budget=8000",
    "--window-size=1280,1000",
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Context]]:
    import uvicorn

    folder = tmp_path_factory.mktemp("browser")
    context = Context(database_url=sqlite_url(folder / "store.db"))
    load_demo_data(context.database_url)
    agent = Keel(context)
    agent.send("b-1", "Hi, I'm Harper Ahmed, zip 28268. What's the status of #W2387014?")
    agent.send("b-1", "and the tracking of #W2387014?")
    agent.send("b-1", "What about #W0000001?")
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(context), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the dashboard server did not start"
    yield f"http://127.0.0.1:{port}/calibration", context
    server.should_exit = True
    thread.join(timeout=5)


def _chromium(tmp_path: Path, *args: str) -> str:
    assert CHROMIUM is not None
    done = subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *args],
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_page_shows_the_recorded_figures(site: tuple[str, Context], tmp_path: Path) -> None:
    url, context = site
    board = CalibrationRecorder(context.database_url).dashboard()
    dom = _chromium(tmp_path, "--dump-dom", url)
    assert 'data-loaded="true"' in dom, dom[-1500:]
    assert f'id="total">{board["totalToolCalls"]}<' in dom
    for tool in board["toolReliabilityRanking"]:
        assert f"<td>{tool['toolName']}</td>" in dom
    for failure in board["topFailureTypes"]:
        assert f'data-name="{failure["failureType"]}"' in dom
    assert dom.count("<rect") >= len(board["topFailureTypes"]) + 1


def test_the_charts_are_drawn(site: tuple[str, Context], tmp_path: Path) -> None:
    from PIL import Image

    url, _ = site
    shot = tmp_path / "dashboard.png"
    _chromium(tmp_path, f"--screenshot={shot}", url)
    image = Image.open(shot).convert("RGB")
    colours = {colour for _, colour in image.getcolors(maxcolors=1 << 20) or []}
    assert image.size == (1280, 1000)
    assert (0xD9, 0x53, 0x4F) in colours  # failure-type bars
    assert (0x5B, 0x8D, 0xEF) in colours  # duplicate-rate bars
