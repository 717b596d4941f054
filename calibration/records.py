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
import time
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Connection, Table, func, insert, make_url, select, update
from sqlalchemy.exc import IntegrityError

from keel.persistence.db import get_engine
from keel.persistence.models import (
    CalibrationMetrics,
    CorrectionRecord,
    ToolCallRecord,
    ToolReliabilityStats,
    utcnow,
)

log = logging.getLogger("keel.calibration")
TOP_FAILURES = 5
BATCH = 64  # calls the background writer stores in one transaction
GATHER_SECONDS = 0.05  # how long it waits for more calls before writing
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


def records_url(database_url: str) -> str:
    """Where the calibration records of a business database live.

    Beside a SQLite file, in a file of their own (``store.calibration.db``): SQLite lets
    one writer at a time, and the records are written in the background while the
    conversation writes its audit trail and cache. Any other database holds them itself.
    """
    url = make_url(database_url)
    name = url.database or ""
    if url.get_backend_name() != "sqlite" or name in ("", ":memory:") or name.startswith("file:"):
        return database_url
    path = Path(name)
    sidecar = url.set(database=str(path.with_name(f"{path.stem}.calibration{path.suffix}")))
    return sidecar.render_as_string(hide_password=False)


def _day(moment: datetime) -> str:
    return moment.date().isoformat()


@dataclass
class _ToolDelta:
    """What a batch adds to one tool's statistics."""

    calls: int = 0
    successes: int = 0
    duplicates: int = 0
    runs: int = 0  # calls that really ran (not served from the cache)
    run_ms: float = 0.0
    attempts: int = 0
    corrected: int = 0
    last_failure: str | None = None

    def add_call(self, call: CallRecord) -> None:
        self.calls += 1
        self.successes += int(call.success)
        self.duplicates += int(call.duplicate)
        if not call.duplicate:  # a cache hit says nothing about the tool's speed
            self.runs += 1
            self.run_ms += call.execution_time_ms
        if call.failure_type is not None:
            self.last_failure = call.failure_type

    def add_correction(self, correction: Correction) -> None:
        self.attempts += 1
        self.corrected += int(correction.successful)

    def values(self, now: datetime) -> dict[str, Any]:
        """Database-side increments (the running mean over the calls that ran)."""
        ran = STATS.c.total_calls - STATS.c.duplicate_count
        values: dict[str, Any] = {"updated_at": now}
        if self.calls:
            values.update(
                total_calls=STATS.c.total_calls + self.calls,
                success_count=STATS.c.success_count + self.successes,
                failure_count=STATS.c.failure_count + (self.calls - self.successes),
                duplicate_count=STATS.c.duplicate_count + self.duplicates,
            )
        if self.runs:
            values["avg_execution_time"] = (STATS.c.avg_execution_time * ran + self.run_ms) / (
                ran + self.runs
            )
        if self.attempts:
            values["correction_attempts"] = STATS.c.correction_attempts + self.attempts
            values["correction_successes"] = STATS.c.correction_successes + self.corrected
        if self.last_failure is not None:
            values["last_failure_type"] = self.last_failure
        return values


@dataclass
class _DayDelta:
    """What a batch adds to the day's metrics."""

    calls: int = 0
    duplicates: int = 0
    failed: int = 0
    corrections: int = 0
    corrected: int = 0
    correction_ms: float = 0.0

    def add_call(self, call: CallRecord) -> None:
        self.calls += 1
        self.duplicates += int(call.duplicate)
        self.failed += int(not call.success)

    def add_correction(self, correction: Correction) -> None:
        self.corrections += 1
        self.corrected += int(correction.successful)
        self.correction_ms += correction.correction_time_ms

    def values(self) -> dict[str, Any]:
        """Database-side increments (the running mean over the corrections)."""
        done = METRICS.c.corrected_calls
        values: dict[str, Any] = {
            "total_tool_calls": METRICS.c.total_tool_calls + self.calls,
            "duplicate_calls": METRICS.c.duplicate_calls + self.duplicates,
            "failed_calls": METRICS.c.failed_calls + self.failed,
        }
        if self.corrections:
            values["corrected_calls"] = done + self.corrections
            values["correction_success"] = METRICS.c.correction_success + self.corrected
            values["avg_correction_time"] = (
                METRICS.c.avg_correction_time * done + self.correction_ms
            ) / (done + self.corrections)
        return values


def _call_row(call: CallRecord, now: datetime) -> dict[str, Any]:
    return {
        "session_id": call.session_id,
        "tool_name": call.tool,
        "parameters": dict(call.parameters),
        "result": dict(call.result),
        "success": call.success,
        "failure_type": call.failure_type,
        "execution_time_ms": call.execution_time_ms,
        "is_duplicate": call.duplicate,
        "is_corrected": call.corrected,
        "validation_result": call.validation,
        "created_at": now,
    }


def _insert_call(connection: Connection, call: CallRecord, now: datetime) -> int:
    key = connection.execute(insert(CALLS).values(_call_row(call, now))).inserted_primary_key
    return int(key[0]) if key else 0


def _insert_correction(
    connection: Connection, call_id: int, correction: Correction, now: datetime
) -> int:
    key = connection.execute(
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
        connection.execute(update(CALLS).where(CALLS.c.id == call_id).values(is_corrected=True))
    return int(key[0]) if key else 0


class _Writer(queue.Queue[tuple[CallRecord, tuple[Correction, ...]]]):
    """One background writer thread per database, shared by its recorders."""

    def __init__(self, database_url: str) -> None:
        super().__init__()
        self.recorder = CalibrationRecorder(database_url)
        threading.Thread(target=self._drain, name="keel-calibration-writer", daemon=True).start()
        atexit.register(self.join)

    def _drain(self) -> None:
        while True:
            batch = [self.get()]
            time.sleep(GATHER_SECONDS)  # let the turn finish its calls: one write, not many
            while len(batch) < BATCH:
                try:
                    batch.append(self.get_nowait())
                except queue.Empty:
                    break
            try:
                self._write(batch)
            finally:
                for _ in batch:
                    self.task_done()

    def _write(self, batch: list[tuple[CallRecord, tuple[Correction, ...]]]) -> None:
        """All waiting calls in one transaction; one by one if that fails."""
        try:
            self.recorder.record_batch(batch)
            return
        except Exception:
            log.warning("calibration batch failed; writing its %d calls one by one", len(batch))
        for call, corrections in batch:
            try:
                self.recorder.record(call, corrections)
            except Exception:  # statistics must never take the conversation down
                log.exception("calibration record failed: %s", call.tool)


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
        self.engine = get_engine(records_url(database_url))
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

    def record(
        self,
        call: CallRecord,
        corrections: Sequence[Correction] = (),
        connection: Connection | None = None,
    ) -> int:
        """Record a call, then each of its corrections; return the call's id."""
        return self.record_batch([(call, tuple(corrections))], connection)[0]

    def record_batch(
        self,
        batch: Sequence[tuple[CallRecord, Sequence[Correction]]],
        connection: Connection | None = None,
    ) -> list[int]:
        """Record calls with their corrections; the statistics are bumped once per tool and day.

        The ids of calls stored together without corrections are not fetched (0).
        """
        now = utcnow()
        tools: dict[str, _ToolDelta] = defaultdict(_ToolDelta)
        day = _DayDelta()
        ids: list[int] = []
        with self._transaction(connection) as active:
            plain = [call for call, corrections in batch if not corrections]
            if len(plain) > 1:  # the writer's usual batch: one statement for all of them
                active.execute(insert(CALLS), [_call_row(call, now) for call in plain])
            for call, corrections in batch:
                if len(plain) > 1 and not corrections:
                    ids.append(0)  # stored above, ids not fetched
                else:
                    ids.append(_insert_call(active, call, now))
                call_id = ids[-1]
                tools[call.tool].add_call(call)
                day.add_call(call)
                for correction in corrections:
                    _insert_correction(active, call_id, correction, now)
                    tools[call.tool].add_correction(correction)
                    day.add_correction(correction)
            for tool, delta in tools.items():
                _bump(active, STATS, "tool_name", tool, delta.values(now))
            _bump(active, METRICS, "date", _day(now), day.values())
        return ids

    @contextmanager
    def _transaction(self, connection: Connection | None) -> Iterator[Connection]:
        """The caller's transaction, or a new one committed at the end."""
        if connection is not None:
            yield connection
            return
        with self.engine.begin() as fresh:
            yield fresh

    def record_call(self, call: CallRecord, connection: Connection | None = None) -> int:
        """Store a call, bump its tool's statistics and the day's metrics; return its id."""
        return self.record_batch([(call, ())], connection)[0]

    def record_correction(
        self,
        call_id: int,
        tool: str,
        correction: Correction,
        connection: Connection | None = None,
    ) -> int:
        """Store a correction attempt of a recorded call and count it for its tool and day."""
        now = utcnow()
        delta, day = _ToolDelta(), _DayDelta()
        delta.add_correction(correction)
        day.add_correction(correction)
        with self._transaction(connection) as active:
            correction_id = _insert_correction(active, call_id, correction, now)
            _bump(active, STATS, "tool_name", tool, delta.values(now))
            _bump(active, METRICS, "date", _day(now), day.values())
        return correction_id

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


def dashboard_text(board: dict[str, Any]) -> str:
    """The calibration dashboard as text for a terminal."""
    failures = [f"{f['failureType']} {f['count']}" for f in board["topFailureTypes"]]
    lines = [
        f"tool calls {board['totalToolCalls']}   duplicates {board['duplicateRate']:.1%}   "
        f"failures {board['failureRate']:.1%}   corrections {board['correctionAttempts']} "
        f"({board['correctionSuccessRate']:.1%} successful)",
        "",
        "top failure types: " + (", ".join(failures) or "none"),
        "",
        f"{'tool':32} {'calls':>6} {'success':>8} {'dupl.':>7} {'mean ms':>8} {'corr.':>7}"
        "  last failure",
    ]
    for tool in board["toolReliabilityRanking"]:
        corrections = f"{tool['correctionSuccessRate']:.0%}" if tool["correctionAttempts"] else "-"
        lines.append(
            f"{tool['toolName']:32} {tool['totalCalls']:>6} {tool['successRate']:>8.1%} "
            f"{tool['duplicateRate']:>7.1%} {tool['avgExecutionTime']:>8.1f} {corrections:>7}  "
            f"{tool['lastFailureType'] or ''}"
        )
    return "\n".join(lines)
