"""SQLAlchemy models of the engine's own tables: audit trail, handoff queue, calibration records.

A business's tables are its pack's (``DomainPack.metadata``), created beside these in
the business's database. These are never read by the dialogue policy: conversation
state belongs to the LangGraph checkpointer.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    """Return the current time in UTC (a column default)."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of the engine's tables (a business's tables have their pack's base)."""


class AuditEvent(Base):
    """An audit-trail entry: node transition, tool call, model call, rejection or handoff."""

    __tablename__ = "audit_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(String(128), index=True)
    kind: Mapped[str] = mapped_column(String(24), index=True)
    name: Mapped[str] = mapped_column(String(120))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    latency_ms: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HandoffTicket(Base):
    """A conversation waiting for (or taken by) a human agent, with its handoff package."""

    __tablename__ = "handoff_queue"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(String(128), index=True)
    user_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    reason: Mapped[str] = mapped_column(String(40))
    intent: Mapped[str | None] = mapped_column(String(40), nullable=True)
    summary: Mapped[str] = mapped_column(Text)
    package: Mapped[dict[str, Any]] = mapped_column(JSON)
    # waiting (for the human) | answered (by the human) | released (back to the bot)
    status: Mapped[str] = mapped_column(String(16), default="waiting")
    agent_reply: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ToolCallCacheEntry(Base):
    """A read tool's result, kept for duplicate calls until it expires (calibration)."""

    __tablename__ = "tool_call_cache"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    call_hash: Mapped[str] = mapped_column(String(64), unique=True)
    tool_name: Mapped[str] = mapped_column(String(120), index=True)
    # "|ticket_id=T1|user_id=u1|": the argument values a write invalidates it by.
    tags: Mapped[str] = mapped_column(Text, default="|")
    cached_result: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class ToolCallRecord(Base):
    """One tool call as calibration saw it: served from cache, validated, corrected or failed."""

    __tablename__ = "tool_call_records"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(String(128), index=True)
    tool_name: Mapped[str] = mapped_column(String(120), index=True)
    parameters: Mapped[dict[str, Any]] = mapped_column(JSON)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)  # a summary (list lengths, not rows)
    success: Mapped[bool] = mapped_column(Boolean)
    failure_type: Mapped[str | None] = mapped_column(String(40), nullable=True)
    execution_time_ms: Mapped[float] = mapped_column(Float)
    is_duplicate: Mapped[bool] = mapped_column(Boolean, default=False)
    is_corrected: Mapped[bool] = mapped_column(Boolean, default=False)
    validation_result: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CorrectionRecord(Base):
    """One attempt to correct a failed or invalid tool call."""

    __tablename__ = "correction_records"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tool_call_id: Mapped[int] = mapped_column(ForeignKey("tool_call_records.id"), index=True)
    original_error: Mapped[str] = mapped_column(Text)
    failure_type: Mapped[str] = mapped_column(String(40))
    recovery_prompt: Mapped[str] = mapped_column(Text)
    corrected_params: Mapped[dict[str, Any]] = mapped_column(JSON)
    correction_result: Mapped[dict[str, Any]] = mapped_column(JSON)
    is_successful: Mapped[bool] = mapped_column(Boolean)
    retry_count: Mapped[int] = mapped_column(Integer)
    correction_time_ms: Mapped[float] = mapped_column(Float, default=0.0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ToolReliabilityStats(Base):
    """Running reliability figures of one tool (updated in the call's own transaction)."""

    __tablename__ = "tool_reliability_stats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tool_name: Mapped[str] = mapped_column(String(120), unique=True)
    total_calls: Mapped[int] = mapped_column(Integer, default=0)
    success_count: Mapped[int] = mapped_column(Integer, default=0)
    failure_count: Mapped[int] = mapped_column(Integer, default=0)
    duplicate_count: Mapped[int] = mapped_column(Integer, default=0)
    avg_execution_time: Mapped[float] = mapped_column(Float, default=0.0)
    correction_attempts: Mapped[int] = mapped_column(Integer, default=0)
    correction_successes: Mapped[int] = mapped_column(Integer, default=0)
    last_failure_type: Mapped[str | None] = mapped_column(String(40), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CalibrationMetrics(Base):
    """Calibration figures of one day (UTC)."""

    __tablename__ = "behavior_calibration_metrics"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    date: Mapped[str] = mapped_column(String(10), unique=True)  # YYYY-MM-DD
    total_tool_calls: Mapped[int] = mapped_column(Integer, default=0)
    duplicate_calls: Mapped[int] = mapped_column(Integer, default=0)
    failed_calls: Mapped[int] = mapped_column(Integer, default=0)
    corrected_calls: Mapped[int] = mapped_column(Integer, default=0)
    correction_success: Mapped[int] = mapped_column(Integer, default=0)
    avg_correction_time: Mapped[float] = mapped_column(Float, default=0.0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class WriteReceipt(Base):
    """A confirmed write's result by its idempotency key: a replay returns it, never reruns."""

    __tablename__ = "write_receipts"

    idempotency_key: Mapped[str] = mapped_column(String(64), primary_key=True)
    tool_name: Mapped[str] = mapped_column(String(120))
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
