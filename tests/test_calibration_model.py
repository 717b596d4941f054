"""Model-driven correction: scripted chat models and ChatOpenAI against the loopback stub."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from scripted_chat import ScriptedChatModel, tool_call

from keel.calibration.machine import CallDeps, run_call
from keel.calibration.model_correction import (
    CorrectedCall,
    ModelCorrector,
    model_corrector,
    validate_proposal,
)
from keel.domain.config import DOMAIN_ROOT
from keel.llm_stub import StubReply, llm_stub
from keel.persistence.audit import AuditLog
from keel.persistence.db import sqlite_url
from keel.safety.guardrails import GuardConfig
from keel.state.context import Context
from keel.tools.registry import RegisteredTool, ToolContext, ToolError, ToolRegistry, ToolSpec

RETAIL_GUARDRAILS = DOMAIN_ROOT / "retail" / "guardrails.yaml"

PATTERNS = {"order_id": r"^#W\d{7}$"}
GUARD = GuardConfig.load(RETAIL_GUARDRAILS)
SPEC = ToolSpec(
    name="get_order",
    category="sql",
    access="read",
    description="One order by its id.",
    required_args=["order_id"],
    optional_args=["verbose"],
)


def _get(ctx: ToolContext, args: dict[str, Any]) -> dict[str, Any]:
    if "order_id" not in args:
        raise ToolError("PARAMETER_ERROR", "missing parameters: order_id")
    if args["order_id"] != "#W1234567":
        raise ToolError("DATA_NOT_FOUND", f"no order {args['order_id']}")
    return {"order": {"order_id": args["order_id"], "status": "pending"}}


@pytest.fixture
def url(tmp_path: Path) -> str:
    return sqlite_url(tmp_path / "model.db")


def _deps(url: str, corrector: Any) -> CallDeps:
    return CallDeps(
        registry=ToolRegistry([RegisteredTool(SPEC, _get)]),
        tool_context=ToolContext(database_url=url, session_id="m1"),
        backoff_seconds=(0.0,),
        slot_patterns=PATTERNS,
        guard=GUARD,
        corrector=corrector,
    )


def _proposal(**arguments: str) -> CorrectedCall:
    return CorrectedCall(arguments=arguments, reason="r")


def test_the_model_fixes_what_the_rules_cannot(url: str) -> None:
    # The call named its id under the wrong key: no rule renames arguments; the model may,
    # because the value it uses is one the call already had.
    chat = ScriptedChatModel(
        script=[
            tool_call(
                "CorrectedCall",
                {"arguments": {"order_id": "#W1234567"}, "reason": "the id goes in order_id"},
            )
        ]
    )
    state = run_call(
        _deps(url, ModelCorrector(chat, database_url=url)), "get_order", {"order": "#W1234567"}
    )
    assert state["outcome"]["ok"] and state["args"] == {"order_id": "#W1234567"}
    assert "the id goes in order_id" not in state["attempts"][1]["prompt"]  # prompt is ours
    # the recovery prompt went in, with what the contract refused
    assert "order_id: Field required" in str(chat.seen[0][-1].content)
    (event,) = AuditLog(url).events("m1", "model")
    assert event["name"] == "correct" and event["payload"]["rejected"] is None


def test_a_value_the_model_invents_is_refused(url: str) -> None:
    chat = ScriptedChatModel(
        script=[tool_call("CorrectedCall", {"arguments": {"order_id": "#W7654321"}})]
    )
    state = run_call(
        _deps(url, ModelCorrector(chat, database_url=url)), "get_order", {"order_id": "#W7654320"}
    )
    assert state["outcome"]["error"] == "DATA_NOT_FOUND" and len(state["attempts"]) == 1
    (event,) = AuditLog(url).events("m1", "model")
    assert "not a known value" in event["payload"]["rejected"]


def test_a_dead_model_leaves_the_correction_to_the_rules(url: str) -> None:
    chat = ScriptedChatModel(script=[TimeoutError("model timed out")])
    state = run_call(
        _deps(url, ModelCorrector(chat, database_url=url)), "get_order", {"order_id": "w1234567"}
    )
    assert state["outcome"]["ok"] and state["args"] == {
        "order_id": "#W1234567"
    }  # the rule's repair
    assert AuditLog(url).events("m1", "model")[0]["name"] == "correct_fallback"


@pytest.mark.parametrize(
    ("proposal", "problem"),
    [
        (CorrectedCall(give_up=True), "gave up"),
        (_proposal(order_id="#W1234567", colour="red"), "unknown arguments"),
        (_proposal(verbose="yes"), "missing arguments"),
        (_proposal(order_id="W1234567"), "does not match"),
        (_proposal(order_id="#W1234567", verbose="x'; DROP TABLE orders; --"), "injection"),
        (_proposal(order_id="#W7654321"), "not a known value"),
        (_proposal(order_id="#W1111111"), "repeats the failed call"),
    ],
)
def test_proposals_are_validated_before_use(proposal: CorrectedCall, problem: str) -> None:
    known = {"#W1234567", "W1234567", "yes", "x'; DROP TABLE orders; --", "#W1111111"}
    found = validate_proposal(proposal, SPEC, {"order_id": "#W1111111"}, known, PATTERNS, GUARD)
    assert found is not None and problem in found
    assert (
        validate_proposal(
            _proposal(order_id="#W1234567"), SPEC, {"order_id": "#W1111111"}, known, PATTERNS, GUARD
        )
        is None
    )


def test_chatopenai_against_the_stub_proposes_the_correction(url: str) -> None:
    reply = StubReply.tool(
        {"give_up": False, "arguments": {"order_id": "#W1234567"}, "reason": "renamed"}
    )
    with llm_stub(reply) as stub:
        context = Context(
            database_url=url,
            llm_base_url=stub.base_url,
            llm_model="stub-model",
            llm_timeout_seconds=5.0,
        )
        corrector = model_corrector(context)
        assert corrector is not None
        state = run_call(_deps(url, corrector), "get_order", {"order": "#W1234567"})
        assert stub.calls == 1
    assert state["outcome"]["ok"] and state["corrected"]
    assert model_corrector(Context(database_url=url)) is None  # offline: no model, rules only
