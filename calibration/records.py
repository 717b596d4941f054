"""Calibration records and statistics: every call and correction, per-tool and daily figures.

A call's record, its tool's running statistics and the day's metrics are written in
one transaction. Counters are bumped with a single ``UPDATE … SET n = n + 1`` (the
database does the arithmetic), so concurrent sessions never lose an increment; the
statistics row of a new tool or day is created first, idempotently.
The dashboard and per-tool figures are read back with the seed's field names.
"""

from __future__ import annotations

import atexit
import logging
import queue
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Table, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from persistence.db import get_engine
from persistence.models import (
    CalibrationMetrics,
    CorrectionRecord,
    ToolCallRecord,
    ToolReliabilityStats,
    utcnow,
)

log = logging.getLogger("keel.calibration")
TOP_FAILURES = 5
STATS = cast(Table, ToolReliabilityStats.__table__)
METRICS = cast(Table, CalibrationMetrics.__table__)
CALLS = cast(Table, ToolCallRecord.__table__)
CORRECTIONS = cast(Table, CorrectionRecord.__table__)


@dataclass(frozen=True)
class CallRecord:
    """What calibration knows about one finished tool call."""

    session_id: str
    tool: str
    parameters: Mapping[str, Any]
    result: Mapping[str, Any]  # a summary: list lengths, not the rows
    success: bool
    execution_time_ms: float
    failure_type: str | None = None
    duplicate: bool = False
    corrected: bool = False
    validation: str | None = None


@dataclass(frozen=True)
class Correction:
    """One attempt to correct a call."""

    original_error: str
    failure_type: str
    recovery_prompt: str
    corrected_params: Mapping[str, Any]
    result: Mapping[str, Any]
    successful: bool
    retry_count: int
    correction_time_ms: float = 0.0


def _ensure(connection: Connection, table: Table, column: str, key: str) -> None:
    """Create the statistics row of ``key`` unless it exists (safe if another session races)."""
    if connection.execute(select(table.c.id).where(table.c[column] == key)).first() is None:
        try:
            with connection.begin_nested():
                connection.execute(insert(table).values({column: key}))
        except IntegrityError:
            pass  # created by a concurrent session in the meantime


def _bump(
    connection: Connection, table: Table, column: str, key: str, values: Mapping[str, Any]
) -> None:
    """Apply database-side increments to the row of ``key``, creating it the first time."""
    statement = update(table).where(table.c[column] == key).values(dict(values))
    if connection.execute(statement).rowcount == 0:
        _ensure(connection, table, column, key)
        connection.execute(statement)


def _day(moment: datetime) -> str:
    return moment.date().isoformat()


class _Writer(queue.Queue[tuple[CallRecord, tuple[Correction, ...]]]):
    """One background writer thread per database, shared by its recorders."""

    def __init__(self, database_url: str) -> None:
        super().__init__()
        self.recorder = CalibrationRecorder(database_url)
        threading.Thread(target=self._drain, name="keel-calibration-writer", daemon=True).start()
        atexit.register(self.join)

    def _drain(self) -> None:
        while True:
            call, corrections = self.get()
            try:
                self.recorder.record(call, corrections)
            except Exception:  # statistics must never take the conversation down
                log.exception("calibration record failed: %s", call.tool)
            finally:
                self.task_done()


_WRITERS: dict[str, _Writer] = {}
_WRITERS_LOCK = threading.Lock()


def _writer(database_url: str) -> _Writer:
    with _WRITERS_LOCK:
        if database_url not in _WRITERS:
            _WRITERS[database_url] = _Writer(database_url)
        return _WRITERS[database_url]


class CalibrationRecorder:
    """Writes and reads the calibration tables of one database.

    With ``background=True``, :meth:`submit` hands a finished call to the database's
    writer thread and returns at once: a conversation never waits for its statistics.
    Reads (:meth:`dashboard`, :meth:`tool_stats`), from any recorder of that database,
    first wait until everything submitted in this process is written, and so does
    interpreter exit.
    """

    def __init__(self, database_url: str, *, background: bool = False) -> None:
        self.database_url = database_url
        self.engine = get_engine(database_url)
        self.background = background

    def submit(self, call: CallRecord, corrections: Sequence[Correction] = ()) -> None:
        """Record a call and its corrections, now or (in the background) very soon."""
        if self.background:
            _writer(self.database_url).put((call, tuple(corrections)))
        else:
            self.record(call, corrections)

    def flush(self) -> None:
        """Wait until every call submitted in this process for this database is written."""
        writer = _WRITERS.get(self.database_url)
        if writer is not None:
            writer.join()

    def record(self, call: CallRecord, corrections: Sequence[Correction] = ()) -> int:
        """Record a call, then each of its corrections; return the call's id."""
        call_id = self.record_call(call)
        for correction in corrections:
            self.record_correction(call_id, call.tool, correction)
        return call_id

    def record_call(self, call: CallRecord) -> int:
        """Store a call, bump its tool's statistics and the day's metrics; return its id."""
        now = utcnow()
        with self.engine.begin() as connection:
            call_id = connection.execute(
                insert(CALLS).values(
                    session_id=call.session_id,
                    tool_name=call.tool,
                    parameters=dict(call.parameters),
                    result=dict(call.result),
                    success=call.success,
                    failure_type=call.failure_type,
                    execution_time_ms=call.execution_time_ms,
                    is_duplicate=call.duplicate,
                    is_corrected=call.corrected,
                    validation_result=call.validation,
                    created_at=now,
                )
            ).inserted_primary_key
            self._bump_tool(connection, call, now)
            _bump(
                connection,
                METRICS,
                "date",
                _day(now),
                {
                    "total_tool_calls": METRICS.c.total_tool_calls + 1,
                    "duplicate_calls": METRICS.c.duplicate_calls + int(call.duplicate),
                    "failed_calls": METRICS.c.failed_calls + int(not call.success),
                },
            )
        return int(call_id[0]) if call_id else 0

    def _bump_tool(self, connection: Connection, call: CallRecord, now: datetime) -> None:
        executed = STATS.c.total_calls - STATS.c.duplicate_count  # calls that really ran
        values: dict[str, Any] = {
            "total_calls": STATS.c.total_calls + 1,
            "success_count": STATS.c.success_count + int(call.success),
            "failure_count": STATS.c.failure_count + int(not call.success),
            "duplicate_count": STATS.c.duplicate_count + int(call.duplicate),
            "updated_at": now,
        }
        if not call.duplicate:  # a cache hit says nothing about the tool's speed
            values["avg_execution_time"] = (
                STATS.c.avg_execution_time * executed + call.execution_time_ms
            ) / (executed + 1)
        if call.failure_type is not None:
            values["last_failure_type"] = call.failure_type
        _bump(connection, STATS, "tool_name", call.tool, values)

    def record_correction(self, call_id: int, tool: str, correction: Correction) -> int:
        """Store a correction attempt and count it for its tool and day; return its id."""
        now = utcnow()
        with self.engine.begin() as connection:
            correction_id = connection.execute(
                insert(CORRECTIONS).values(
                    tool_call_id=call_id,
                    original_error=correction.original_error,
                    failure_type=correction.failure_type,
                    recovery_prompt=correction.recovery_prompt,
                    corrected_params=dict(correction.corrected_params),
                    correction_result=dict(correction.result),
                    is_successful=correction.successful,
                    retry_count=correction.retry_count,
                    correction_time_ms=correction.correction_time_ms,
                    created_at=now,
                )
            ).inserted_primary_key
            if correction.successful:
                connection.execute(
                    update(CALLS).where(CALLS.c.id == call_id).values(is_corrected=True)
                )
            success = int(correction.successful)
            _bump(
                connection,
                STATS,
                "tool_name",
                tool,
                {
                    "correction_attempts": STATS.c.correction_attempts + 1,
                    "correction_successes": STATS.c.correction_successes + success,
                    "updated_at": now,
                },
            )
            done = METRICS.c.corrected_calls
            _bump(
                connection,
                METRICS,
                "date",
                _day(now),
                {
                    "corrected_calls": done + 1,
                    "correction_success": METRICS.c.correction_success + success,
                    "avg_correction_time": (
                        METRICS.c.avg_correction_time * done + correction.correction_time_ms
                    )
                    / (done + 1),
                },
            )
        return int(correction_id[0]) if correction_id else 0

    def calls(self, session_id: str) -> list[dict[str, Any]]:
        """A session's calibrated calls, in order: tool, outcome, cache hit, check, retries."""
        self.flush()
        retries = (
            select(func.count())
            .where(CORRECTIONS.c.tool_call_id == CALLS.c.id)
            .scalar_subquery()
            .label("retries")
        )
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(CALLS, retries).where(CALLS.c.session_id == session_id).order_by(CALLS.c.id)
            ).mappings()
            return [
                {
                    "tool": r["tool_name"],
                    "success": bool(r["success"]),
                    "failure_type": r["failure_type"],
                    "duplicate": bool(r["is_duplicate"]),
                    "corrected": bool(r["is_corrected"]),
                    "validation": r["validation_result"],
                    "retries": int(r["retries"]),  # retries and corrected calls
                }
                for r in rows
            ]

    def tool_stats(self, tool: str) -> dict[str, Any] | None:
        """The figures of one tool (``GET /api/calibration/tools/{tool}/stats``)."""
        self.flush()
        with self.engine.connect() as connection:
            row = connection.execute(select(STATS).where(STATS.c.tool_name == tool)).first()
        return None if row is None else _tool_figures(dict(row._mapping))

    def dashboard(self, days: int = 7) -> dict[str, Any]:
        """The calibration dashboard (``GET /api/calibration/dashboard``)."""
        self.flush()
        with self.engine.connect() as connection:
            tools = [dict(r._mapping) for r in connection.execute(select(STATS))]
            failures = connection.execute(
                select(ToolCallRecord.failure_type, func.count().label("n"))
                .where(ToolCallRecord.failure_type.is_not(None))
                .group_by(ToolCallRecord.failure_type)
                .order_by(func.count().desc(), ToolCallRecord.failure_type)
                .limit(TOP_FAILURES)
            ).all()
            validations = connection.execute(
                select(ToolCallRecord.validation_result, func.count())
                .where(ToolCallRecord.validation_result.is_not(None))
                .group_by(ToolCallRecord.validation_result)
            ).all()
            daily = connection.execute(
                select(METRICS).order_by(METRICS.c.date.desc()).limit(days)
            ).all()
        total = sum(t["total_calls"] for t in tools)
        attempts = sum(t["correction_attempts"] for t in tools)
        ranking = sorted(
            (_tool_figures(t) for t in tools),
            key=lambda f: (-f["successRate"], -f["totalCalls"], f["toolName"]),
        )
        return {
            "totalToolCalls": total,
            "duplicateRate": _rate(sum(t["duplicate_count"] for t in tools), total),
            "failureRate": _rate(sum(t["failure_count"] for t in tools), total),
            "correctionAttempts": attempts,
            "correctionSuccessRate": _rate(sum(t["correction_successes"] for t in tools), attempts),
            "topFailureTypes": [{"failureType": f, "count": int(n)} for f, n in failures],
            "validationResults": {str(v): int(n) for v, n in validations},
            "toolReliabilityRanking": ranking,
            "dailyMetrics": [_daily_figures(dict(d._mapping)) for d in reversed(daily)],
        }


def _rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _tool_figures(row: Mapping[str, Any]) -> dict[str, Any]:
    total = int(row["total_calls"])
    return {
        "toolName": row["tool_name"],
        "totalCalls": total,
        "successRate": _rate(int(row["success_count"]), total),
        "failureCount": int(row["failure_count"]),
        "duplicateRate": _rate(int(row["duplicate_count"]), total),
        "avgExecutionTime": round(float(row["avg_execution_time"]), 3),
        "correctionAttempts": int(row["correction_attempts"]),
        "correctionSuccessRate": _rate(
            int(row["correction_successes"]), int(row["correction_attempts"])
        ),
        "lastFailureType": row["last_failure_type"],
    }


def _daily_figures(row: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "date": row["date"],
        "totalToolCalls": int(row["total_tool_calls"]),
        "duplicateCalls": int(row["duplicate_calls"]),
        "failedCalls": int(row["failed_calls"]),
        "correctedCalls": int(row["corrected_calls"]),
        "correctionSuccess": int(row["correction_success"]),
        "avgCorrectionTime": round(float(row["avg_correction_time"]), 3),
    }
