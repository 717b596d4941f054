"""Failure taxonomy: classification of failures and the recovery plan of each type."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError

from keel.calibration.taxonomy import (
    FAILURE_TYPES,
    FailureType,
    analyze,
    classify,
    classify_text,
    ends_in_handoff,
    load_failures,
    user_message,
)
from keel.tools.registry import RegisteredTool, ToolError, ToolRegistry, ToolSpec


class HttpFailure(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(f"HTTP {status}")
        self.kind = "http_status"
        self.status = status


def _db(error: type[Exception], message: str) -> Exception:
    return error("INSERT …", {}, sqlite3.Error(message))  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (ToolError("BUSINESS_ERROR", "order is not pending"), "BUSINESS_ERROR"),
        (ToolError("DATA_NOT_FOUND", "no order #W1"), "DATA_NOT_FOUND"),
        (TimeoutError("read timed out"), "SERVICE_UNAVAILABLE"),
        (ConnectionRefusedError("refused"), "SERVICE_UNAVAILABLE"),
        (HttpFailure(401), "PERMISSION_ERROR"),
        (HttpFailure(403), "PERMISSION_ERROR"),
        (HttpFailure(404), "DATA_NOT_FOUND"),
        (HttpFailure(409), "RESOURCE_CONFLICT"),
        (HttpFailure(422), "VALIDATION_ERROR"),
        (HttpFailure(429), "SERVICE_UNAVAILABLE"),
        (HttpFailure(503), "SERVICE_UNAVAILABLE"),
        (HttpFailure(418), "UNKNOWN"),
        (_db(IntegrityError, "UNIQUE constraint failed: orders.id"), "RESOURCE_CONFLICT"),
        (_db(IntegrityError, "FOREIGN KEY constraint failed"), "VALIDATION_ERROR"),
        (_db(OperationalError, "database is locked"), "RESOURCE_CONFLICT"),
        (_db(OperationalError, "unable to open database file"), "SERVICE_UNAVAILABLE"),
        (_db(ProgrammingError, "Incorrect number of bindings supplied"), "PARAMETER_ERROR"),
        (KeyError("order_id"), "PARAMETER_ERROR"),
        (ValueError("invalid literal for int()"), "PARAMETER_ERROR"),
        (PermissionError("access denied to /orders"), "PERMISSION_ERROR"),
        (RuntimeError("something odd"), "UNKNOWN"),
    ],
)
def test_failures_are_classified(error: Exception, expected: FailureType) -> None:
    assert classify(error) == expected


@pytest.mark.parametrize(
    ("error_type", "message", "status", "expected"),
    [
        ("SQLException", "Column 'batch' not found in table", None, "DATA_NOT_FOUND"),
        ("ApiError", "token expired", None, "PERMISSION_ERROR"),
        ("ApiError", "the order belongs to another customer", None, "PERMISSION_ERROR"),
        ("Error", "Read timed out after 3 s", None, "SERVICE_UNAVAILABLE"),
        ("Error", "order #W1 is not pending", None, "BUSINESS_ERROR"),
        ("Error", "returns are not allowed for pending orders", None, "BUSINESS_ERROR"),
        ("Error", "deadlock detected", None, "RESOURCE_CONFLICT"),
        ("Error", "value out of range for quantity", None, "VALIDATION_ERROR"),
        ("Error", "missing required parameter order_id", None, "PARAMETER_ERROR"),
        ("Error", "订单不存在", None, "DATA_NOT_FOUND"),
        ("Error", "请求超时", None, "SERVICE_UNAVAILABLE"),
        ("Error", "anything", 500, "SERVICE_UNAVAILABLE"),
        ("Error", "anything", 400, "PARAMETER_ERROR"),
        ("DATA_NOT_FOUND", "", None, "DATA_NOT_FOUND"),
        ("Error", "the moon is made of cheese", None, "UNKNOWN"),
    ],
)
def test_failures_described_in_words_are_classified(
    error_type: str, message: str, status: int | None, expected: FailureType
) -> None:
    assert classify_text(error_type, message, status) == expected


def _registry() -> ToolRegistry:
    def spec(name: str, alternatives: list[str]) -> RegisteredTool:
        return RegisteredTool(
            ToolSpec(
                name=name,
                category="sql",
                access="read",
                description=name,
                alternatives=alternatives,
            ),
            lambda ctx, args: {},
        )

    return ToolRegistry([spec("track", ["order_status", "gone"]), spec("order_status", [])])


def test_every_type_has_a_plan_with_texts_in_both_languages() -> None:
    failures = load_failures()
    assert set(failures) == set(FAILURE_TYPES)
    for kind in FAILURE_TYPES:
        plan = analyze(kind, "boom", "track", _registry())
        assert plan.failure_type == kind
        assert "track" in plan.recovery_prompt and "{" not in plan.recovery_prompt
        assert plan.user_message["en"] and plan.user_message["zh"]
        assert "boom" not in plan.user_message["en"]  # the raw error never reaches the user
        assert plan.suggestions


def test_recovery_is_attempted_only_where_it_can_help() -> None:
    registry = _registry()
    assert analyze("PARAMETER_ERROR", "bad id", "track", registry).should_attempt_recovery
    assert analyze("DATA_NOT_FOUND", "no row", "track", registry).should_attempt_recovery
    for final in ("PERMISSION_ERROR", "BUSINESS_ERROR", "UNKNOWN"):
        plan = analyze(final, "no", "track", registry)
        assert not plan.should_attempt_recovery and not plan.retry
    transient = analyze("SERVICE_UNAVAILABLE", "timeout", "track", registry)
    assert transient.retry and transient.alternatives == ("order_status",)  # unknown tools dropped
    assert "order_status" in transient.recovery_prompt


def test_permission_absence_and_empty_are_told_apart() -> None:
    texts = {
        kind: analyze(kind, "", "track").user_message["en"]
        for kind in ("PERMISSION_ERROR", "DATA_NOT_FOUND", "SERVICE_UNAVAILABLE")
    }
    assert len(set(texts.values())) == 3
    assert "account" in texts["PERMISSION_ERROR"]


def test_the_analyze_body_uses_the_api_field_names() -> None:
    body = analyze("DATA_NOT_FOUND", "no batch MB-001", "track", _registry()).as_json()
    assert body["failureType"] == "DATA_NOT_FOUND"
    assert "MB-001" in body["recoveryPrompt"]
    assert isinstance(body["suggestions"], list) and body["shouldAttemptRecovery"] is True


def test_a_taxonomy_file_must_describe_every_type(tmp_path: Path) -> None:
    partial = tmp_path / "failures.yaml"
    partial.write_text(
        "UNKNOWN: {description: x, retry: false, recover: false, prompt: p, user: {en: e}}"
    )
    with pytest.raises(ValueError, match="expected exactly"):
        load_failures(partial)


def test_what_the_customer_is_told_and_who_takes_over() -> None:
    assert user_message("DATA_NOT_FOUND", "zh") == load_failures()["DATA_NOT_FOUND"].user["zh"]
    assert user_message("DATA_NOT_FOUND", "fr") == load_failures()["DATA_NOT_FOUND"].user["en"]
    assert user_message(None, "en") == load_failures()["UNKNOWN"].user["en"]
    assert ends_in_handoff("SERVICE_UNAVAILABLE") and ends_in_handoff("UNKNOWN")
    assert ends_in_handoff(None)
    assert not ends_in_handoff("BUSINESS_ERROR") and not ends_in_handoff("PERMISSION_ERROR")


def test_what_a_customer_is_told_of_a_failure_is_the_businesss_or_neutral() -> None:
    """The engine's failure texts name no business's things; a business words its own."""
    from keel.calibration.taxonomy import failure_text
    from keel.domain.config import load_domain

    for spec in load_failures().values():
        for text in spec.user.values():
            assert not any(w in text.lower() for w in ("store", "order", "店铺", "订单")), text
    store, bank = load_domain("retail"), load_domain("bank")
    assert (
        failure_text(store, "BUSINESS_ERROR", "en") == store.replies["failure.BUSINESS_ERROR"]["en"]
    )
    assert "store" in failure_text(store, "BUSINESS_ERROR", "en")
    assert failure_text(bank, "BUSINESS_ERROR", "zh") == user_message("BUSINESS_ERROR", "zh")
