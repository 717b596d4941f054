"""Calibration records: call and correction records, per-tool statistics, daily metrics."""

from __future__ import annotations

import os
import threading
import uuid
from pathlib import Path

import pytest

from keel.calibration.records import CalibrationRecorder, CallRecord, Correction
from keel.persistence.db import sqlite_url


def _call(tool: str, *, success: bool = True, ms: float = 10.0, **kw: object) -> CallRecord:
    return CallRecord(
        session_id="s1",
        tool=tool,
        parameters={"order_id": "#W1"},
        result={"rows": 1},
        success=success,
        execution_time_ms=ms,
        **kw,  # type: ignore[arg-type]
    )


def _fill(recorder: CalibrationRecorder, tool: str) -> None:
    recorder.record_call(_call(tool, ms=10.0))
    recorder.record_call(_call(tool, ms=30.0, validation="VALID"))
    recorder.record_call(_call(tool, ms=0.1, duplicate=True))  # a cache hit
    failed = recorder.record_call(
        _call(tool, success=False, ms=20.0, failure_type="DATA_NOT_FOUND")
    )
    recorder.record_correction(
        failed,
        tool,
        Correction("no row", "DATA_NOT_FOUND", "check the id", {"order_id": "#W2"}, {}, True, 1, 5),
    )
    recorder.record_correction(
        failed,
        tool,
        Correction("no row", "DATA_NOT_FOUND", "check the id", {"order_id": "#W3"}, {}, False, 2),
    )


@pytest.fixture
def recorder(tmp_path: Path) -> CalibrationRecorder:
    return CalibrationRecorder(sqlite_url(tmp_path / "calibration.db"))


def test_a_tools_figures_follow_its_calls(recorder: CalibrationRecorder) -> None:
    _fill(recorder, "get_order")
    stats = recorder.tool_stats("get_order")
    assert stats is not None
    assert stats["totalCalls"] == 4 and stats["failureCount"] == 1
    assert stats["successRate"] == 0.75 and stats["duplicateRate"] == 0.25
    assert stats["avgExecutionTime"] == 20.0  # the cache hit does not count as a run
    assert stats["correctionAttempts"] == 2 and stats["correctionSuccessRate"] == 0.5
    assert stats["lastFailureType"] == "DATA_NOT_FOUND"
    assert recorder.tool_stats("never_called") is None


def test_the_dashboard_sums_every_tool(recorder: CalibrationRecorder) -> None:
    _fill(recorder, "get_order")
    recorder.record_call(_call("track", success=False, failure_type="SERVICE_UNAVAILABLE"))
    recorder.record_call(_call("track", success=False, failure_type="DATA_NOT_FOUND"))
    board = recorder.dashboard()
    assert board["totalToolCalls"] == 6
    assert board["duplicateRate"] == round(1 / 6, 4) and board["failureRate"] == 0.5
    assert board["correctionSuccessRate"] == 0.5
    assert board["topFailureTypes"][0] == {"failureType": "DATA_NOT_FOUND", "count": 2}
    assert [t["toolName"] for t in board["toolReliabilityRanking"]] == ["get_order", "track"]
    assert board["validationResults"] == {"VALID": 1}
    (today,) = board["dailyMetrics"]
    assert today["totalToolCalls"] == 6 and today["failedCalls"] == 3
    assert today["correctedCalls"] == 2 and today["correctionSuccess"] == 1
    assert today["avgCorrectionTime"] == 2.5


def test_an_empty_dashboard_has_zero_rates(recorder: CalibrationRecorder) -> None:
    board = recorder.dashboard()
    assert board["totalToolCalls"] == 0 and board["failureRate"] == 0.0
    assert board["toolReliabilityRanking"] == [] and board["dailyMetrics"] == []


def test_concurrent_sessions_lose_no_count(recorder: CalibrationRecorder) -> None:
    def work() -> None:
        for _ in range(20):
            recorder.record_call(_call("busy_tool"))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stats = recorder.tool_stats("busy_tool")
    assert stats is not None and stats["totalCalls"] == 80


@pytest.mark.postgres
def test_records_on_postgres() -> None:
    url = os.environ.get("KEEL_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("PostgreSQL not configured: set KEEL_TEST_POSTGRES_URL (postgresql://…)")
    recorder = CalibrationRecorder(url.replace("postgresql://", "postgresql+psycopg://", 1))
    tool = f"pg_tool_{uuid.uuid4().hex[:8]}"
    _fill(recorder, tool)
    stats = recorder.tool_stats(tool)
    assert stats is not None and stats["totalCalls"] == 4 and stats["avgExecutionTime"] == 20.0
    assert stats["correctionSuccessRate"] == 0.5


def test_background_records_are_written_before_anyone_reads(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "background.db")
    writer = CalibrationRecorder(url, background=True)
    for _ in range(30):
        writer.submit(_call("queued_tool"))
    failed = _call("queued_tool", success=False, failure_type="DATA_NOT_FOUND")
    fix = Correction("no row", "DATA_NOT_FOUND", "check", {"order_id": "#W2"}, {}, True, 1)
    writer.submit(failed, [fix])
    stats = CalibrationRecorder(url).tool_stats("queued_tool")  # another reader, same database
    assert stats is not None and stats["totalCalls"] == 31
    assert stats["correctionAttempts"] == 1 and stats["failureCount"] == 1


def test_sqlite_records_live_beside_the_store(tmp_path: Path) -> None:
    from keel.calibration.records import records_url

    store = sqlite_url(tmp_path / "store.db")
    assert records_url(store) == sqlite_url(tmp_path / "store.calibration.db")
    assert records_url("sqlite://") == "sqlite://"
    assert records_url("postgresql+psycopg://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    CalibrationRecorder(store).record_call(_call("beside"))
    assert (tmp_path / "store.calibration.db").exists()
    assert CalibrationRecorder(store).tool_stats("beside") is not None
