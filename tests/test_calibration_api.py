"""The calibration HTTP API and dashboard page, after real conversations."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from keel.api import Keel
from keel.calibration.records import CalibrationRecorder
from keel.domain.retail.demo_data import load_demo_data
from keel.persistence.db import sqlite_url
from keel.state.context import Context
from keel.web import create_app

HARPER = "Hi, I'm Harper Ahmed, zip 28268."
PENDING = "#W2387014"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> tuple[Context, TestClient]:
    folder = tmp_path_factory.mktemp("api")
    template = folder / "template.db"
    load_demo_data(sqlite_url(template))
    shutil.copyfile(template, folder / "store.db")
    context = Context(database_url=sqlite_url(folder / "store.db"))
    agent = Keel(context)
    agent.send("api-1", f"{HARPER} What's the status of {PENDING}?")
    agent.send("api-1", f"And where is {PENDING} now?")
    agent.send("api-1", "What's the status of #W0000001?")
    return context, TestClient(create_app(context))


def test_the_dashboard_reports_the_conversations_calls(served: tuple[Context, TestClient]) -> None:
    context, client = served
    body = client.get("/api/calibration/dashboard").json()
    assert body == CalibrationRecorder(context.database_url).dashboard()
    assert body["totalToolCalls"] >= 4 and 0 < body["duplicateRate"] < 1
    assert any(f["failureType"] == "DATA_NOT_FOUND" for f in body["topFailureTypes"])
    names = [t["toolName"] for t in body["toolReliabilityRanking"]]
    assert "get_order_details" in names or "get_order_owner" in names
    for key in ("failureRate", "correctionSuccessRate", "dailyMetrics"):
        assert key in body


def test_a_tools_stats_or_a_clear_404(served: tuple[Context, TestClient]) -> None:
    _, client = served
    stats = client.get("/api/calibration/tools/get_order_owner/stats")
    assert stats.status_code == 200 and stats.json()["totalCalls"] >= 1
    assert set(stats.json()) >= {"toolName", "successRate", "avgExecutionTime"}
    missing = client.get("/api/calibration/tools/no_such_tool/stats")
    assert missing.status_code == 404 and "no_such_tool" in missing.json()["error"]


def test_analyze_classifies_and_plans(served: tuple[Context, TestClient]) -> None:
    _, client = served
    body = client.post(
        "/api/calibration/analyze",
        json={
            "errorType": "HTTPError",
            "errorMessage": "503",
            "toolName": "get_order_details",
            "httpStatus": 503,
        },
    ).json()
    assert body["failureType"] == "SERVICE_UNAVAILABLE" and body["retry"] is True
    assert body["alternativeTools"] == ["get_user_orders"]
    nothing = client.post(
        "/api/calibration/analyze",
        json={"errorType": "ToolError", "errorMessage": "no order #W1", "toolName": "x"},
    ).json()
    assert nothing["failureType"] == "DATA_NOT_FOUND" and nothing["recoveryPrompt"]


def test_verify_tells_absence_from_ownership(served: tuple[Context, TestClient]) -> None:
    _, client = served
    absent = client.post(
        "/api/calibration/verify",
        json={"toolName": "get_order_details", "params": {"order_id": "#W2387015"}},
    ).json()
    assert absent["hasData"] is False and PENDING in absent["contextInfo"]["order_id"]["nearest"]
    theirs = client.post(
        "/api/calibration/verify",
        json={"toolName": "get_order_details", "params": {"order_id": PENDING}, "userId": "x_y_1"},
    ).json()
    assert theirs["hasData"] is True and theirs["ownedByUser"] is False


@pytest.mark.parametrize(
    ("path", "body", "reason"),
    [
        ("/api/calibration/analyze", {"errorType": "X"}, "toolName"),
        ("/api/calibration/verify", {"toolName": "nope"}, "unknown tool"),
        ("/api/calibration/verify", {"toolName": "get_order_details", "params": [1]}, "params"),
    ],
)
def test_bad_requests_get_a_clear_400(
    served: tuple[Context, TestClient], path: str, body: dict[str, object], reason: str
) -> None:
    _, client = served
    answer = client.post(path, json=body)
    assert answer.status_code == 400 and reason in answer.json()["error"]
    assert client.post(path, content=b"not json").status_code == 400


def test_the_dashboard_page_is_served(served: tuple[Context, TestClient]) -> None:
    _, client = served
    page = client.get("/calibration")
    assert page.status_code == 200 and "api/calibration/dashboard" in page.text
    assert page.headers["content-type"].startswith("text/html")


def test_langgraph_json_mounts_the_app() -> None:
    import json

    config = json.loads(Path("langgraph.json").read_text())
    assert config["http"]["app"] == "./keel/web.py:app"
    assert config["graphs"]["calibration"] == "./graph/calibration.py:graph"


def test_keel_calibration_prints_the_dashboard(
    served: tuple[Context, TestClient],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from keel.cli import main

    context, client = served
    monkeypatch.setenv("KEEL_DATABASE_URL", context.database_url)
    assert main(["calibration", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == client.get("/api/calibration/dashboard").json()
    assert main(["calibration"]) == 0
    text = capsys.readouterr().out
    assert "tool calls" in text and "get_order_owner" in text and "DATA_NOT_FOUND" in text
