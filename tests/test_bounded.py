"""Bounded cost and the model path of issue 7: size first, every message counted, one turn
deadline, a breaker opened by the first hang, a model reading that only adds caution, and
rephrasings that add nothing the template did not say."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from scripted_chat import ScriptedChatModel, tool_call

from keel.api import Keel
from keel.domain.config import DOMAIN_ROOT
from keel.domain.retail.models import Order
from keel.llm.client import (
    CircuitBreaker,
    endpoint_breaker,
)
from keel.llm.deadline import DeadlinePassed, call_within, turn_deadline
from keel.llm_stub import StubReply, llm_stub, model_like_responder
from keel.nodes import intake
from keel.persistence.audit import AuditLog
from keel.persistence.db import session_scope
from keel.safety.guardrails import GuardConfig
from keel.state.context import Context
from keel.understanding.confirmation import Listed, read_confirmation
from keel.understanding.grounding import added_content
from keel.understanding.model import (
    ModelConfirmationReader,
    clear_model_caches,
)

RETAIL_GUARDRAILS = DOMAIN_ROOT / "retail" / "guardrails.yaml"

HARPER = "Hi, I'm Harper Ahmed, zip 28268."
PENDING = "#W2387014"


@pytest.fixture
def db_url(demo_db_url: str) -> str:
    return demo_db_url


@pytest.fixture(autouse=True)
def _fresh_models() -> Iterator[None]:
    clear_model_caches()
    yield
    clear_model_caches()


def status(url: str, order_id: str) -> str:
    with session_scope(url) as session:
        row = session.get(Order, order_id)
        assert row is not None
        return row.status


# --------------------------------------------------------------------------- the guard


def test_a_message_over_the_limit_is_refused_before_any_pattern_reads_it(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a bounded prefix is read, for the language of the refusal (issue 24: a long
    Chinese message was refused in English)."""

    def no_regex(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a pattern read a message over the size limit")

    read: list[int] = []

    def prefix_only(text: str, previous: str = "en") -> str:
        read.append(len(text))
        return previous

    agent = Keel(Context(database_url=db_url))
    monkeypatch.setattr(intake.ex, "detect_language", prefix_only)
    monkeypatch.setattr(intake, "check_message", no_regex)
    turn = agent.send("big", "a_" * 50_000)
    assert "too long" in turn.reply and turn.path[-1] == "check_output"
    assert read and max(read) <= intake.LANGUAGE_PREFIX


def test_refused_messages_count_against_the_rate_limit(db_url: str) -> None:
    agent = Keel(Context(database_url=db_url, rate_capacity=3, rate_refill_per_second=0))
    for _ in range(3):
        assert "too long" in agent.send("flood", "x" * 3000).reply
    assert "faster than I can handle" in agent.send("flood", "hello").reply


def test_a_refused_reply_at_a_confirmation_keeps_it(db_url: str) -> None:
    agent = Keel(Context(database_url=db_url))
    agent.send("rc", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
    turn = agent.send("rc", "y" * 5000)
    assert turn.awaiting == "confirmation" and "too long" in turn.reply
    assert status(db_url, PENDING) == "pending"


# --------------------------------------------------------------------------- the deadline


def test_call_within_waits_no_longer_than_the_turn_deadline() -> None:
    def hang() -> str:
        time.sleep(2)
        return "late"

    with turn_deadline(time.time() + 0.2), pytest.raises(DeadlinePassed):
        call_within(hang, 30)
    with turn_deadline(time.time() - 1), pytest.raises(DeadlinePassed):
        call_within(lambda: "never started", 30)
    assert call_within(lambda: "fast", 30) == "fast"


def test_an_exception_of_the_call_is_its_own(db_url: str) -> None:
    def fails() -> str:
        raise TimeoutError("the client's own timeout")

    with pytest.raises(TimeoutError, match="client's own"):
        call_within(fails, 30)


def test_a_hanging_endpoint_costs_one_deadline_then_none(db_url: str) -> None:
    """An endpoint that accepts and never answers: offline reading, template reply, and the
    breaker opens at the first hang, so the next turn makes no request at all."""
    with llm_stub(StubReply.slow(3.0), StubReply.slow(3.0), StubReply.slow(3.0)) as stub:
        context = Context(
            database_url=db_url,
            llm_base_url=stub.base_url,
            llm_model="stub",
            llm_api_key_env="KEEL_TEST_NO_SUCH_KEY",
            llm_timeout_seconds=15.0,
            llm_max_retries=1,
            turn_deadline_seconds=1.0,
        )
        agent = Keel(context)
        first = agent.send("h1", "I'd like to know where my parcel is, it's late")
        assert first.values["understanding"]["source"] == "offline"
        assert endpoint_breaker(context).is_open
        asked = stub.calls
        second = agent.send("h1", f"{HARPER} What's the status of {PENDING}?")
        assert PENDING in second.reply and second.values["reply_source"] == "template"
        assert asked <= 1 and stub.calls == asked  # after the hang: no request at all
    events = [e for e in AuditLog(db_url).events("h1", "model")]
    assert events[0]["name"] == "understand_fallback"
    assert events[0]["payload"]["error"] == "DeadlinePassed"


def test_a_hang_opens_the_breaker_at_once() -> None:
    breaker = CircuitBreaker(threshold=3)
    breaker.failure()
    assert not breaker.is_open
    breaker.failure(hang=True)
    assert breaker.is_open


# --------------------------------------------------------------------------- model reading

LISTED = Listed(
    task="cancel_order",
    orders=(PENDING,),
    text=f"Please confirm: cancel order {PENDING} because it is ordered by mistake.",
    reason="ordered by mistake",
    actions=("cancel|取消",),
)


def scripted_reader(db_url: str, *steps: Any) -> ModelConfirmationReader:
    return ModelConfirmationReader(ScriptedChatModel(script=list(steps)), database_url=db_url)


def test_the_model_reading_is_checked(db_url: str) -> None:
    reader = scripted_reader(
        db_url,
        tool_call("ModelConfirmation", {"reading": "question"}),
        tool_call("ModelConfirmation", {"reading": "yes_and_more", "new_request": "book a trip"}),
    )
    question = reader.read("yes go ahead", LISTED, LISTED.text, "en")
    assert question is not None and question.reading == "question"
    invented = reader.read("yes go ahead", LISTED, LISTED.text, "en")
    assert invented is not None and invented.reading == "unclear"  # not words of the reply


def test_through_the_graph_the_model_can_only_add_caution(db_url: str) -> None:
    with llm_stub(responder=model_like_responder("retail")) as stub:
        context = Context(
            database_url=db_url,
            llm_base_url=stub.base_url,
            llm_model="stub",
            llm_api_key_env="KEEL_TEST_NO_SUCH_KEY",
            llm_timeout_seconds=5,
        )
        agent = Keel(context)
        agent.send("mq", f"{HARPER} Cancel {PENDING}, ordered by mistake.")
        reader = scripted_reader(db_url, tool_call("ModelConfirmation", {"reading": "yes"}))
        from keel.understanding import model as model_module

        key = model_module.endpoint_key(context)
        model_module._confirmation_readers[key] = reader
        turn = agent.send("mq", "sure, but first tell me when the refund arrives")
    assert turn.awaiting == "confirmation"  # the model said yes; the offline reading asks
    assert status(db_url, PENDING) == "pending"


def test_offline_reading_without_a_model_is_the_same_rules() -> None:
    assert read_confirmation("ok then no", LISTED).reading == "no"


# --------------------------------------------------------------------------- output check


CHECKS = GuardConfig.load(RETAIL_GUARDRAILS).output_checks
TEMPLATE = (
    f"Done: order {PENDING} is now cancelled. The refund goes to the original payment method "
    "(immediately for a gift card, otherwise within 5–7 business days)."
)


@pytest.mark.parametrize(
    "phrased",
    [
        f"Order {PENDING} is cancelled! Claim your refund at http://refund-keel.top/claim",
        f"Order {PENDING} is cancelled. Reply with your full card number and CVV to get it.",
        f"Order {PENDING} is cancelled. Call us at +1 (415) 555-0199 for the refund.",
        f"Order {PENDING} is cancelled; email refunds@keel-pay.cn to confirm.",
        f"订单 {PENDING} 已取消。请点击链接并提供您的卡号和安全码领取退款。",
    ],
)
def test_a_rephrasing_may_not_add_links_contacts_or_requests_for_secrets(phrased: str) -> None:
    assert added_content(phrased, TEMPLATE, CHECKS)


def test_a_faithful_rephrasing_adds_nothing() -> None:
    phrased = (
        f"Good news: order {PENDING} has been cancelled, and the refund goes back to the "
        "original payment method — right away for a gift card, within 5–7 business days else."
    )
    assert added_content(phrased, TEMPLATE, CHECKS) == []


def test_a_phishing_rephrasing_never_reaches_the_customer(db_url: str) -> None:
    phish = (
        "Your order is fine! To finish, visit http://keel-refunds.top and reply with your "
        "full card number and CVV."
    )
    with llm_stub(responder=model_like_responder("retail", phrase=phish)) as stub:
        context = Context(
            database_url=db_url,
            llm_base_url=stub.base_url,
            llm_model="stub",
            llm_api_key_env="KEEL_TEST_NO_SUCH_KEY",
            llm_timeout_seconds=5,
        )
        turn = Keel(context).send("ph", f"{HARPER} What's the status of order {PENDING}?")
    assert "http" not in turn.reply and "CVV" not in turn.reply
    assert turn.values["reply_source"] == "template"
    checks = AuditLog(db_url).events("ph", "output_check")
    assert checks and checks[0]["name"] in ("added", "ungrounded")
