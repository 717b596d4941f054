"""Model-backed understanding and phrasing: scripted chat models and ChatOpenAI against a stub.

Nothing here leaves 127.0.0.1: the scripted model answers in-process, and the
real ``ChatOpenAI`` client talks to ``keel/llm_stub.py`` on loopback.

The tests use a small catalogue of their own (six intents of the retail store,
the real slot schemas) and the real offline classifier trained on it, so they
depend on the model path only, not on the full retail catalogue's wording.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from scripted_chat import ScriptedChatModel

from keel.domain.config import DOMAIN_ROOT, DomainConfig
from keel.llm.client import (
    CircuitBreaker,
    model_call_count,
    reset_model_call_count,
)
from keel.llm_stub import StubReply, llm_stub
from keel.persistence.audit import AuditLog
from keel.state.context import Context
from keel.understanding import extractors as ex
from keel.understanding.classifier import IntentClassifier
from keel.understanding.model import (
    ModelPhraser,
    ModelUnderstander,
    clear_model_caches,
    merge_slots,
    model_phraser,
    model_understander,
    reading_tool,
)
from keel.understanding.offline import UNKNOWN, OfflineUnderstander, extract_slots
from keel.understanding.phrasing import rephrase

# --------------------------------------------------------------------------- fixtures

INTENTS: dict[str, dict[str, Any]] = {
    "greeting": {
        "kind": "smalltalk",
        "description": "The user says hello.",
        "examples": {"en": ["hi", "hello", "hey there", "good morning", "hello there", "hey",
                            "greetings", "howdy", "good evening"]},
    },
    "thanks": {
        "kind": "smalltalk",
        "description": "The user thanks the agent.",
        "examples": {"en": ["thanks", "thank you", "thanks a lot", "many thanks",
                            "appreciate it", "cheers", "thank you so much"]},
    },
    "goodbye": {
        "kind": "smalltalk",
        "description": "The user ends the conversation.",
        "examples": {"en": ["bye", "goodbye", "see you", "that's all", "have a nice day",
                            "bye bye", "talk to you later"]},
    },
    "authenticate": {
        "kind": "auth",
        "description": "The user identifies themself (email, or name and zip code).",
        "examples": {"en": ["my email is", "I'm Noah Brown, zip 80279", "verify my identity",
                            "here is my email", "my name is Sofia Garcia and my zip is 10001",
                            "I want to log in"]},
    },
    "order_status": {
        "kind": "read",
        "description": "The user asks about the status or details of one order.",
        "requires_auth": True,
        "slots": ["order_id"],
        "examples": {"en": ["where is my order", "what's the status of my order",
                            "check order #W1234567", "has my order shipped yet",
                            "order status please", "is my order delivered"]},
    },
    "cancel_order": {
        "kind": "write",
        "description": "The user wants to cancel a pending order.",
        "requires_auth": True,
        "slots": ["order_id", "reason"],
        "examples": {"en": ["cancel my order", "I want to cancel order #W1234567",
                            "please cancel it", "I'd like to cancel an order",
                            "cancel the whole order", "stop my order"]},
    },
}  # fmt: skip


def mini_domain() -> DomainConfig:
    """Six intents of the retail store with the real slot schemas."""
    slots = yaml.safe_load((DOMAIN_ROOT / "retail" / "slots.yaml").read_text(encoding="utf-8"))
    return DomainConfig.model_validate(
        {
            "name": "mini-retail",
            "description": "Online retail store (test catalogue).",
            "intents": {name: {"name": name, **spec} for name, spec in INTENTS.items()},
            "slots": slots["slots"],
            "replies": {},
            "sql_tools": {},
        }
    )


@pytest.fixture(scope="module")
def offline() -> OfflineUnderstander:
    config = mini_domain()
    texts, labels = config.training_data()
    classifier = IntentClassifier().fit([ex.mask_entities(t) for t in texts], labels)
    return OfflineUnderstander(config, classifier, extract_slots)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'audit.db'}"


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    clear_model_caches()
    yield
    clear_model_caches()


def model_events(db_url: str, session: str = "local") -> list[dict[str, Any]]:
    return AuditLog(db_url).events(session, kind="model")


# --------------------------------------------------------------------------- scripted model

Script = AIMessage | Exception | Callable[[list[BaseMessage]], AIMessage]


def reading_call(args: dict[str, Any]) -> AIMessage:
    return AIMessage(
        content="",
        tool_calls=[{"name": "ModelReading", "args": args, "id": "call_1", "type": "tool_call"}],
    )


def scripted(
    offline: OfflineUnderstander, db_url: str, *steps: Script, **kw: Any
) -> tuple[ModelUnderstander, ScriptedChatModel]:
    chat = ScriptedChatModel(script=list(steps))
    return ModelUnderstander(chat, offline, database_url=db_url, **kw), chat


# --------------------------------------------------------------------------- scripted tests


def test_reads_intent_and_slots_with_one_call(offline: OfflineUnderstander, db_url: str) -> None:
    text = "please cancel my order 1234567, I don't use it anymore"
    understander, chat = scripted(
        offline,
        db_url,
        reading_call(
            {
                "intent": "cancel_order",
                "confidence": 0.93,
                "slots": {"order_id": "W1234567", "reason": "no longer needed"},
            }
        ),
    )
    reading = understander.read(text, active_intent=None, language="en")

    assert reading.source == "model"
    assert reading.intent == "cancel_order"
    assert reading.confidence == pytest.approx(0.93)
    assert reading.slots["order_id"] == "#W1234567"
    assert reading.slots["order_ids"] == ["#W1234567"]
    assert reading.slots["reason"] == "no longer needed"
    assert understander.calls == 1
    # The user text is its own human message, never part of the instructions.
    system, human = chat.seen[0]
    assert isinstance(system, SystemMessage) and isinstance(human, HumanMessage)
    assert human.content == text
    assert text not in str(system.content)
    assert "cancel_order: The user wants to cancel a pending order." in str(system.content)
    # The structured output is a forced function call whose intent enum is the catalogue.
    tool = chat.seen_kwargs[0]["tools"][0]["function"]
    assert tool["name"] == "ModelReading"
    assert set(tool["parameters"]["properties"]["intent"]["enum"]) == {*INTENTS, UNKNOWN}
    (event,) = model_events(db_url)
    assert event["name"] == "understand"
    assert event["payload"]["input"]["message"] == text
    assert event["payload"]["output"]["intent"] == "cancel_order"
    assert event["latency_ms"] is not None


def test_a_look_up_beside_a_change_stays_a_request_of_its_own(db_url: str) -> None:
    """The model names one intent; the look-up beside the change still waits as its own."""
    from keel.understanding.offline import offline_understander

    text = "Cancel #W1234567, ordered by mistake, and tell me the status of #W7654321"
    understander, _ = scripted(
        offline_understander("retail"),
        db_url,
        reading_call(
            {"intent": "cancel_order", "confidence": 0.9, "slots": {"order_id": "W1234567"}}
        ),
    )
    reading = understander.read(text, active_intent=None, language="en")
    assert reading.source == "model" and reading.intent == "cancel_order"
    assert [intent for intent, _ in reading.others] == ["order_status"]
    assert "#W7654321" in reading.others[0][1] and "#W1234567" not in reading.others[0][1]


def test_the_models_further_requests_are_queued_when_the_message_says_them(
    db_url: str,
) -> None:
    """The model reads the message's other requests (the Queue commands of tracking); each
    is kept only if it names a request of the catalogue in the message's own words."""
    from keel.understanding.offline import offline_understander

    text = (
        "Cancel #W1234567, I ordered it by mistake. Oh, and my parcel #W7654321 really "
        "has to reach my office, 12 Oak Street, Austin, TX 78701"
    )
    address_words = (
        "my parcel #W7654321 really has to reach my office, 12 Oak Street, Austin, TX 78701"
    )
    understander, _ = scripted(
        offline_understander("retail"),
        db_url,
        reading_call(
            {
                "intent": "cancel_order",
                "confidence": 0.9,
                "slots": {"order_id": "#W1234567", "reason": "ordered by mistake"},
                "further": [
                    {"intent": "modify_address", "words": address_words},
                    {"intent": "cancel_order", "words": "Cancel #W1234567"},  # the main one
                    {"intent": "refund_lottery", "words": "I ordered it by mistake"},
                    {"intent": "return_items", "words": "return the lamp I never bought"},
                ],
            }
        ),
    )
    reading = understander.read(text, active_intent=None, language="en")
    assert reading.source == "model" and reading.intent == "cancel_order"
    assert reading.others == (("modify_address", address_words),)
    (event,) = model_events(db_url)
    why = {r["why"] for r in event["payload"]["rejected"] if r["slot"] == "further"}
    assert why == {"already read", "not a request", "not in the message"}


def test_a_look_up_the_model_adds_beside_a_change_follows_the_offline_rule(db_url: str) -> None:
    """ "Cancel the order with the kettle, what's in it?": the look-up only finds the order."""
    from keel.understanding.offline import offline_understander

    text = "Cancel #W1234567, ordered by mistake. What's in #W1234567 again?"
    understander, _ = scripted(
        offline_understander("retail"),
        db_url,
        reading_call(
            {
                "intent": "cancel_order",
                "confidence": 0.9,
                "slots": {"order_id": "#W1234567"},
                "further": [{"intent": "order_status", "words": "What's in #W1234567 again?"}],
            }
        ),
    )
    reading = understander.read(text, active_intent=None, language="en")
    assert reading.intent == "cancel_order" and reading.others == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("is my default address still the Spruce Street one?", "my_profile"),
        (
            "is it still pending? please update my default address to 12 Main St, Austin, TX 78701",
            "update_default_address",
        ),
    ],
)
def test_the_models_change_asked_as_a_question_is_a_look_up(
    db_url: str, text: str, expected: str
) -> None:
    """The model may read "is my default address still …?" as the change; the same rule as
    offline makes it the look-up, unless another sentence asks for the change."""
    from keel.understanding.offline import offline_understander

    understander, _ = scripted(
        offline_understander("retail"),
        db_url,
        reading_call({"intent": "update_default_address", "confidence": 0.9, "slots": {}}),
    )
    reading = understander.read(text, active_intent=None, language="en")
    assert reading.source == "model" and reading.intent == expected


def test_structured_slots_have_offline_shapes(offline: OfflineUnderstander, db_url: str) -> None:
    text = (
        "I'm noah brown, zip 80279. Refund to my visa ending in 4242 and ship to "
        "445 Maple Drive, Suite 394, Fort Worth, TX 76165"
    )
    understander, _ = scripted(
        offline,
        db_url,
        reading_call(
            {
                "intent": "authenticate",
                "confidence": 0.8,
                "slots": {
                    "first_name": "noah",
                    "last_name": "brown",
                    "zip": "80279",
                    "payment": {"source": "credit_card", "last_four": "4242"},
                    "address": {
                        "address1": "445 Maple Drive",
                        "address2": "Suite 394",
                        "city": "Fort Worth",
                        "state": "tx",
                        "zip": "76165",
                    },
                    "yes_no": None,
                    "all_items": False,
                },
            }
        ),
    )
    slots = understander.read(text).slots
    assert slots["first_name"] == "Noah" and slots["last_name"] == "Brown"
    assert slots["zip"] == "80279"
    assert (
        slots["payment_ref"]
        == ex.PaymentRef(source="credit_card", last_four="4242", brand="visa").as_dict()
    )
    assert slots["address"] == {
        "address1": "445 Maple Drive",
        "address2": "Suite 394",
        "city": "Fort Worth",
        "state": "TX",
        "country": "USA",
        "zip": "76165",
    }
    assert "yes_no" not in slots and "all_items" not in slots


def test_invalid_or_unstated_values_are_dropped_and_audited(
    offline: OfflineUnderstander, db_url: str
) -> None:
    text = "what happened to my order W12345? my mail is noah at example dot com"
    understander, _ = scripted(
        offline,
        db_url,
        reading_call(
            {
                "intent": "order_status",
                "confidence": 0.9,
                "slots": {
                    "order_id": "#W12345",  # malformed
                    "email": "noah@example.com",  # not written as such in the message
                    "zip": "8027",  # not 5 digits
                    "user_id": "noah_brown_6181",  # invented
                    "reason": "too expensive",  # not a choice
                    "first_name": 42,  # wrong type
                },
            }
        ),
    )
    reading = understander.read(text)
    assert reading.intent == "order_status"
    # The model's values are all dropped. What the user wrote as an order id stays, as the
    # offline extractor read it, so that validation can say what is wrong with it.
    assert reading.slots == {"order_id": "W12345"}
    (event,) = model_events(db_url)
    rejected = {r["slot"]: r["why"] for r in event["payload"]["rejected"]}
    assert rejected == {
        "order_id": "malformed",
        "email": "not in message",
        "zip": "pattern",
        "user_id": "not in message",
        "reason": "not a choice",
        "first_name": "not a string",
    }


def test_hallucinated_order_id_is_rejected(offline: OfflineUnderstander, db_url: str) -> None:
    understander, _ = scripted(
        offline,
        db_url,
        reading_call(
            {"intent": "order_status", "confidence": 0.9, "slots": {"order_id": "#W7654321"}}
        ),
    )
    reading = understander.read("where is my most recent order?")
    assert "order_id" not in reading.slots


def test_regex_values_are_authoritative(offline: OfflineUnderstander, db_url: str) -> None:
    text = "cancel #W1234567 and #W7654321 please, I ordered them by mistake"
    understander, _ = scripted(
        offline,
        db_url,
        reading_call(
            {
                "intent": "cancel_order",
                "confidence": 0.9,
                "slots": {"order_id": "#W7654321", "reason": "other"},
            }
        ),
    )
    slots = understander.read(text).slots
    assert slots["order_id"] == "#W1234567"
    assert slots["order_ids"] == ["#W1234567", "#W7654321"]
    assert slots["reason"] == "other"  # not regex-found: the model's reading is used


def test_merge_keeps_offline_values_the_model_missed() -> None:
    offline = {"order_id": "#W1234567", "order_ids": ["#W1234567"], "yes_no": "yes"}
    model = {"order_id": "#W7654321", "order_ids": ["#W7654321"], "reason": "other"}
    assert merge_slots(offline, model) == {
        "order_id": "#W1234567",
        "order_ids": ["#W1234567"],
        "reason": "other",
        "yes_no": "yes",
    }


def test_intent_outside_catalogue_becomes_unknown(
    offline: OfflineUnderstander, db_url: str
) -> None:
    understander, _ = scripted(
        offline,
        db_url,
        reading_call({"intent": "refund_everything", "confidence": 0.99, "slots": {}}),
        reading_call({"intent": "Cancel_Order", "confidence": 0.8, "slots": {}}),
    )
    reading = understander.read("give me all my money back for everything right now")
    assert reading.intent == UNKNOWN
    assert reading.confidence == 0.0
    assert reading.source == "model"
    event = model_events(db_url)[0]
    assert event["payload"]["rejected"] == [
        {"slot": "intent", "value": "refund_everything", "why": "not in catalogue"}
    ]
    assert understander.read("could you drop that purchase I made").intent == "cancel_order"


@pytest.mark.parametrize(
    ("step", "error"),
    [
        (TimeoutError("model timed out"), "TimeoutError"),
        (ConnectionRefusedError("connection refused"), "ConnectionRefusedError"),
        (AIMessage(content="I think the user wants to cancel."), "ModelOutputError"),
        (reading_call({"confidence": 0.9}), "ModelOutputError"),
        (reading_call({"intent": "cancel_order", "confidence": "high"}), "ModelOutputError"),
        (reading_call({"intent": "cancel_order", "slots": ["#W1234567"]}), "ModelOutputError"),
    ],
)
def test_failures_fall_back_to_offline_reading(
    offline: OfflineUnderstander, db_url: str, step: Script, error: str
) -> None:
    understander, _ = scripted(offline, db_url, step)
    text = "I want to cancel order #W1234567 now, what do I do"
    reading = understander.read(text)
    expected = offline.read(text)
    assert reading == expected
    assert reading.source == "offline"
    assert understander.calls == 1
    (event,) = model_events(db_url)
    assert event["name"] == "understand_fallback"
    assert event["payload"]["error"] == error
    assert event["payload"]["message"]
    assert event["payload"]["input"]["message"] == text


@pytest.mark.parametrize(
    ("text", "expected_slot"),
    [
        ("yes", None),
        ("No.", "confirm"),
        ("yes please", None),
        ("#W1234567", "order_id"),
        ("it's W1234567", "order_id"),
        ("1234567", "order_id"),
        ("noah.brown@example.com", "identity"),
        ("my email is noah.brown@example.com", "email"),
        ("Noah Brown, 80279", "identity"),
        ("hello", None),
        ("thanks!", None),
    ],
)
def test_no_model_call_when_offline_settles_the_turn(
    offline: OfflineUnderstander, db_url: str, text: str, expected_slot: str | None
) -> None:
    understander, chat = scripted(offline, db_url)  # any call would fail the test
    reading = understander.read(text, expected_slot=expected_slot)
    assert reading == offline.read(text, expected_slot=expected_slot)
    assert understander.calls == 0 and chat.seen == []
    assert model_events(db_url) == []


@pytest.mark.parametrize(
    ("text", "expected_slot"),
    [
        ("yes, but ship it to my office instead of my home", None),
        ("#W1234567 and also what is your return policy", "order_id"),
        ("hi, where is my order?", None),
        ("#W1234567", None),
    ],
)
def test_model_is_called_when_offline_does_not_settle(
    offline: OfflineUnderstander, db_url: str, text: str, expected_slot: str | None
) -> None:
    understander, _ = scripted(
        offline, db_url, reading_call({"intent": "order_status", "confidence": 0.9})
    )
    understander.read(text, expected_slot=expected_slot)
    assert understander.calls == 1


def test_circuit_breaker_stops_calling_a_failing_endpoint(
    offline: OfflineUnderstander, db_url: str
) -> None:
    now = [0.0]
    breaker = CircuitBreaker(threshold=2, cooldown_seconds=30.0, clock=lambda: now[0])
    understander, _ = scripted(
        offline,
        db_url,
        TimeoutError("1"),
        TimeoutError("2"),
        reading_call({"intent": "order_status", "confidence": 0.9}),
        breaker=breaker,
    )
    text = "where is my order right now?"
    for _ in range(3):
        assert understander.read(text).source == "offline"
    assert understander.calls == 2
    assert [e["name"] for e in model_events(db_url)] == [
        "understand_fallback",
        "understand_fallback",
        "understand_skipped",
    ]
    now[0] = 31.0  # after the cooldown one trial call goes through and closes the breaker
    assert understander.read(text).source == "model"
    assert not breaker.is_open


def test_model_call_counter(offline: OfflineUnderstander, db_url: str) -> None:
    reset_model_call_count()
    understander, _ = scripted(
        offline, db_url, reading_call({"intent": "order_status", "confidence": 0.9})
    )
    understander.read("yes")
    understander.read("where is my order right now?")
    assert model_call_count() == 1
    reset_model_call_count()
    assert model_call_count() == 0


def test_phraser_with_scripted_model(db_url: str) -> None:
    chat = ScriptedChatModel(
        script=[
            AIMessage(content="  Sure! Order #W1234567 is pending.  "),
            AIMessage(content=""),
            TimeoutError("slow"),
        ]
    )
    phraser = ModelPhraser(chat, database_url=db_url)
    assert phraser.rephrase("Order #W1234567 is pending.", "en", "s1") == (
        "Sure! Order #W1234567 is pending."
    )
    system, human = chat.seen[0]
    assert human.content == "Order #W1234567 is pending."
    assert "English" in str(system.content)
    assert phraser.rephrase("Order #W1234567 is pending.", "zh", "s1") is None
    assert "Simplified Chinese" in str(chat.seen[1][0].content)
    assert phraser.rephrase("Order #W1234567 is pending.", "en", "s1") is None
    assert [e["name"] for e in model_events(db_url, "s1")] == [
        "phrase",
        "phrase",
        "phrase_fallback",
    ]
    assert phraser.calls == 3


# --------------------------------------------------------------------------- ChatOpenAI + stub


def stub_context(base_url: str, db_url: str, timeout: float = 2.0) -> Context:
    return Context(
        database_url=db_url,
        llm_base_url=base_url,
        llm_model="stub-model",
        llm_api_key_env="KEEL_TEST_NO_SUCH_KEY",
        llm_timeout_seconds=timeout,
        llm_max_retries=0,
    )


def test_chat_openai_reads_intent_and_slots(offline: OfflineUnderstander, db_url: str) -> None:
    text = "hi, I'm Noah Brown from 80279 and I want to cancel order 1234567"
    reply = StubReply.tool(
        {
            "intent": "cancel_order",
            "confidence": 0.91,
            "slots": {"order_id": "1234567", "first_name": "Noah", "last_name": "Brown"},
        }
    )
    with llm_stub(reply) as stub:
        understander = model_understander(stub_context(stub.base_url, db_url), offline)
        reading = understander.read(text, expected_slot=None, active_intent="order_status")
        assert stub.calls == 1
        request = stub.requests[0]
    assert reading.source == "model"
    assert reading.intent == "cancel_order"
    assert reading.slots["order_id"] == "#W1234567"
    assert reading.slots["first_name"] == "Noah" and reading.slots["zip"] == "80279"
    assert request["model"] == "stub-model"
    assert request["tool_choice"]["function"]["name"] == "ModelReading"
    assert [m["role"] for m in request["messages"]] == ["system", "user"]
    assert request["messages"][1]["content"] == text
    assert "The task in progress: order_status" in request["messages"][0]["content"]
    assert model_events(db_url)[0]["name"] == "understand"


def test_factories_are_cached_per_endpoint(offline: OfflineUnderstander, db_url: str) -> None:
    with llm_stub() as stub:
        context = stub_context(stub.base_url, db_url)
        assert model_understander(context, offline) is model_understander(context, offline)
        assert model_phraser(context) is model_phraser(context)
        other = context.replace(llm_timeout_seconds=5.0)
        assert model_understander(other, offline) is not model_understander(context, offline)


@pytest.mark.parametrize(
    ("reply", "error_part"),
    [
        (StubReply.slow(3.0), "Timeout"),
        (StubReply.error(500), "Error"),
        (StubReply.garbled(), "Error"),
        (StubReply.tool('{"intent": "cancel_order", "confid'), "ModelOutputError"),
        (StubReply.text("cancel_order"), "ModelOutputError"),
    ],
    ids=["timeout", "http-500", "garbled-body", "garbled-arguments", "no-tool-call"],
)
def test_chat_openai_failures_fall_back(
    offline: OfflineUnderstander, db_url: str, reply: StubReply, error_part: str
) -> None:
    text = "I want to cancel order #W1234567 now, what do I do"
    with llm_stub(reply) as stub:
        understander = model_understander(stub_context(stub.base_url, db_url, 0.5), offline)
        reading = understander.read(text)
        assert stub.calls == 1  # max_retries=0: one request
    assert reading == offline.read(text)
    (event,) = model_events(db_url)
    assert event["name"] == "understand_fallback"
    assert error_part in event["payload"]["error"]
    assert event["latency_ms"] < 2500


def test_chat_openai_no_request_for_settled_turns(
    offline: OfflineUnderstander, db_url: str
) -> None:
    with llm_stub() as stub:
        understander = model_understander(stub_context(stub.base_url, db_url), offline)
        understander.read("yes")
        understander.read("#W1234567", expected_slot="order_id")
        understander.read("hello")
        assert stub.calls == 0


def test_chat_openai_phraser(db_url: str) -> None:
    with llm_stub(
        StubReply.text("Good news: order #W1234567 is pending."), StubReply.error(500)
    ) as stub:
        context = stub_context(stub.base_url, db_url)
        assert rephrase(context, "Order #W1234567 is pending.", "en", "s2") == (
            "Good news: order #W1234567 is pending."
        )
        assert stub.requests[0]["messages"][1] == {
            "role": "user",
            "content": "Order #W1234567 is pending.",
        }
        assert "tools" not in stub.requests[0]
        assert model_phraser(context).rephrase("Order #W1234567 is pending.", "en", "s2") is None
    names = [e["name"] for e in model_events(db_url, "s2")]
    assert names == ["phrase", "phrase_fallback"]
    assert rephrase(Context(database_url=db_url), "Hi.", "en", "s2") is None  # offline


def test_reading_tool_lists_catalogue() -> None:
    tool = reading_tool(mini_domain())
    assert tool["function"]["name"] == "ModelReading"
    properties = tool["function"]["parameters"]["properties"]
    assert properties["intent"]["enum"][-1] == UNKNOWN
    assert "order_id" in properties["slots"]["properties"]


def test_retail_catalogue_through_the_service(db_url: str) -> None:
    from keel.domain.config import load_domain
    from keel.nodes.common import understander_of

    config = load_domain("retail")
    tool = reading_tool(config)
    assert set(tool["function"]["parameters"]["properties"]["intent"]["enum"]) == {
        *config.intents,
        UNKNOWN,
    }
    reply = StubReply.tool(
        {"intent": "track_parcel", "confidence": 0.9, "slots": {"order_id": "W7654321"}}
    )
    with llm_stub(reply) as stub:
        understander = understander_of(stub_context(stub.base_url, db_url))
        assert isinstance(understander, ModelUnderstander)
        assert understander.read("yes").source == "offline"
        reading = understander.read("where's the parcel of w7654321 right now, any tracking?")
        assert stub.calls == 1
    assert (reading.source, reading.intent, reading.slots["order_id"]) == (
        "model",
        "track_parcel",
        "#W7654321",
    )


def test_model_calls_per_turn_through_the_graph(tmp_path: Path) -> None:
    """At most one call to read and one to phrase; none on a turn settled without a model."""
    from keel.api import Keel
    from keel.domain.retail.demo_data import load_demo_data
    from keel.llm.client import (
        model_call_count,
        reset_model_call_count,
    )
    from keel.llm_stub import model_like_responder
    from keel.persistence.db import sqlite_url
    from keel.state.context import Context
    from keel.understanding.model import (
        clear_model_caches,
    )

    url = sqlite_url(tmp_path / "store.db")
    load_demo_data(url)
    with llm_stub(responder=model_like_responder("retail")) as stub:
        context = Context(
            database_url=url, llm_base_url=stub.base_url, llm_model="stub", llm_timeout_seconds=5
        )
        clear_model_caches()
        agent = Keel(context)
        counts = []
        for text in [
            "Hi, I'm Harper Ahmed, zip 28268. What's going on with order #W2387014?",
            "Cancel it please, I ordered it by mistake.",
            "yes",
        ]:
            reset_model_call_count()
            turn = agent.send("m1", text)
            counts.append(model_call_count())
        clear_model_caches()
    assert counts[0] == 2 and turn.values["reply_source"] == "template"
    assert counts[1] == 1  # read by the model; a confirmation question is not rephrased
    assert counts[2] == 0  # the yes at the confirmation is settled without a model
    assert "cancelled" in turn.reply


def test_a_sentence_that_only_identifies_the_user_is_not_embedded(
    offline: OfflineUnderstander, monkeypatch: pytest.MonkeyPatch
) -> None:
    classified: list[str] = []
    predict_many = offline.classifier.predict_many

    def spy(texts: list[str]) -> Any:
        classified.extend(texts)
        return predict_many(texts)

    monkeypatch.setattr(offline.classifier, "predict_many", spy)
    reading = offline.read("I'm Mia Mitchell, zip 60655. What's the status of order #W1309753?")
    assert reading.intent == "order_status"
    assert len(classified) == 1 and "status" in classified[0]
    classified.clear()
    assert offline.read("I'm Mia Mitchell, zip 60655.").intent == "authenticate"
    assert classified == []


# --------------------------------------------------------------------------- commands


def command_reading(intent: str, *commands: dict[str, Any], **slots: Any) -> AIMessage:
    return reading_call(
        {"intent": intent, "confidence": 0.9, "slots": slots, "commands": list(commands)}
    )


def rejected_commands(db_url: str) -> dict[str, str]:
    event = model_events(db_url)[-1]
    return {r["value"]: r["why"] for r in event["payload"]["rejected"] if r["slot"] == "command"}


def test_the_models_cancel_command_drops_only_a_task_in_progress(
    offline: OfflineUnderstander, db_url: str
) -> None:
    cancel = {"command": "cancel_task"}
    understander, _ = scripted(offline, db_url, *[command_reading(UNKNOWN, cancel)] * 3)
    text = "on second thought, let's leave it there"
    assert understander.read(text, active_intent="cancel_order").cancels
    assert not understander.read(text).cancels  # nothing in progress to drop
    assert rejected_commands(db_url) == {"cancel_task": "no task in progress"}
    # asking for the same task again, or giving it a value, goes on with it
    again, _ = scripted(
        offline,
        db_url,
        command_reading("cancel_order", cancel),
        command_reading(UNKNOWN, cancel, {"command": "fill_slot", "slot": "order_id"},
                        order_id="#W1234567"),
    )  # fmt: skip
    assert not again.read("cancel it, the order", active_intent="cancel_order").cancels
    assert not again.read("it's #W1234567, forget it", active_intent="cancel_order").cancels
    assert rejected_commands(db_url) == {"cancel_task": "the message goes on with the task"}


def test_the_models_answer_and_correction_hold_only_where_the_rules_let_them(
    offline: OfflineUnderstander, db_url: str
) -> None:
    affirm = {"command": "affirm"}
    correct = {"command": "correct_slot", "slot": "order_id"}
    understander, _ = scripted(
        offline,
        db_url,
        command_reading(UNKNOWN, affirm),
        command_reading(UNKNOWN, affirm),
        command_reading("order_status", correct, order_id="#W7654321"),
        command_reading("order_status", correct, {"command": "human_handoff"}),
    )
    text = "I suppose that would be the most sensible way to go about it"
    answered = understander.read(text, expected_slot="whole_order", active_intent="cancel_order")
    assert answered.slots.get("yes_no") == "yes"
    assert "yes_no" not in understander.read(text).slots  # no question was asked
    assert rejected_commands(db_url) == {"affirm": "no question asked"}
    fixed = understander.read("oops, I meant #W7654321 not the other", active_intent="order_status")
    assert fixed.corrects == ("order_id",)
    unstated = understander.read("oops, I meant the other one", active_intent="order_status")
    assert unstated.corrects == ()
    assert rejected_commands(db_url) == {
        "correct_slot": "no such value stated",
        "human_handoff": "not what the intent says",
    }


def test_the_models_queue_command_is_a_further_request_checked_alike(
    offline: OfflineUnderstander, db_url: str
) -> None:
    text = "Cancel order #W1234567 please. Also where is order #W7654321 right now?"
    understander, _ = scripted(
        offline,
        db_url,
        command_reading(
            "cancel_order",
            {"command": "start_task", "intent": "cancel_order"},
            {"command": "queue_task", "intent": "order_status", "words": "and my refund?"},
            {
                "command": "queue_task",
                "intent": "order_status",
                "words": "where is order #W7654321",
            },
            order_id="#W1234567",
        ),
    )
    reading = understander.read(text)
    assert [i for i, _ in reading.others] == ["order_status"]
    event = model_events(db_url)[-1]
    assert {"slot": "further", "value": "and my refund?", "why": "not in the message"} in event[
        "payload"
    ]["rejected"]


def test_the_models_cancel_command_drops_the_task_through_the_graph(tmp_path: Path) -> None:
    """Offline, "I'll hang on to everything" reads as "every item" and lists a return of it;
    the model's cancel_task, checked, drops the return instead."""
    from keel.api import Keel
    from keel.domain.retail.demo_data import load_demo_data
    from keel.llm_stub import model_like_responder
    from keel.persistence.db import sqlite_url

    url = sqlite_url(tmp_path / "store.db")
    load_demo_data(url)
    like_a_model = model_like_responder("retail")

    def respond(request: dict[str, Any]) -> StubReply:
        last = str((request.get("messages") or [{}])[-1].get("content") or "")
        if "hang on to" in last and request.get("tools"):
            return StubReply.tool(
                {"intent": UNKNOWN, "confidence": 0.8, "commands": [{"command": "cancel_task"}]}
            )
        return like_a_model(request)

    said = [
        "Hi, I'm Harper Ahmed, zip 28268.",
        "I want to return something from #W1602485",
        "on second thought I'll hang on to everything",
    ]
    with llm_stub(responder=respond) as stub:
        context = Context(
            database_url=url, llm_base_url=stub.base_url, llm_model="stub", llm_timeout_seconds=5
        )
        clear_model_caches()
        agent = Keel(context)
        turns = [agent.send("m2", text) for text in said]
        clear_model_caches()
    assert turns[-1].awaiting == "nothing" and "dropped that request" in turns[-1].reply
    assert turns[-1].values["stack"] == []


def test_the_models_cancel_command_never_drops_a_task_beside_a_value_or_a_request(
    offline: OfflineUnderstander, db_url: str
) -> None:
    """The review: a look-up of another order, or an answer to the question asked, beside a
    cancel_task dropped the task in progress."""
    cancel = {"command": "cancel_task"}
    understander, _ = scripted(
        offline,
        db_url,
        command_reading("order_status", cancel, order_id="#W4110297"),
        command_reading(UNKNOWN, cancel, order_id="#W1234567"),
    )
    asked = understander.read("and where's #W4110297 right now?", active_intent="cancel_order")
    assert not asked.cancels
    told = understander.read("hmm it's #W1234567 I think", active_intent="cancel_order")
    assert not told.cancels
    assert set(rejected_commands(db_url).values()) == {"the message goes on with the task"}
    other, _ = scripted(offline, db_url, command_reading("order_status", cancel))
    assert not other.read(
        "what's the status of my other order?", active_intent="cancel_order"
    ).cancels
    assert rejected_commands(db_url) == {"cancel_task": "another request is asked"}
