"""Model-backed understanding and phrasing through an OpenAI-compatible endpoint.

The model only reads and phrases; it never decides. Understanding is one
structured-output call per message (``method="function_calling"``, the form
every OpenAI-compatible provider accepts). What the model returns is checked
like the offline extractors' output: ids, emails and zip codes must match
their patterns and occur in the message, closed values must be one of their
choices, and the intent must belong to the catalogue (else UNKNOWN). Values the
typed extractors find in the text are authoritative. Any failure (timeout, HTTP
error, garbled or schema-invalid output) falls back to the offline reading.

No model call is made when the offline path settles the turn (a bare yes/no, a
bare answer to the slot just asked for, a confident greeting/thanks/goodbye),
and a circuit breaker stops calling an endpoint that keeps failing. Every call
is written to the audit trail (kind "model").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, Field, create_model

from keel.domain.config import DomainConfig, IntentSpec
from keel.llm.client import (
    CircuitBreaker,
    ModelOutputError,
    cached,
    chat_client,
    clear_endpoint_caches,
    count_model_call,
    endpoint_key,
    endpoint_parts,
    forget,
    invoke_guarded,
    record_model_event,
    structured_call,
)
from keel.safety import patterns as rx
from keel.state.context import Context
from keel.understanding import extractors as ex
from keel.understanding.confirmation import READINGS, ConfirmationReading, Listed, ReadingKind
from keel.understanding.offline import UNKNOWN, OfflineUnderstander, Reading, message_asked_as
from keel.understanding.prompts import (
    CONFIRM_PROMPT,
    PHRASE_PROMPT,
    UNDERSTAND_PROMPT,
    language_name,
)

# --------------------------------------------------------------------------- schema


class ModelPayment(BaseModel):
    """A payment method the user named."""

    source: Literal["gift_card", "paypal", "credit_card"] | None = Field(
        default=None, description="Kind of payment method the user named, if any."
    )
    last_four: str | None = Field(
        default=None, description="Last four digits of a card, exactly as written."
    )
    original: bool = Field(
        default=False, description="True when the user asks for the original payment method."
    )
    method_id: str | None = Field(
        default=None, description="Explicit payment method id such as credit_card_1234567."
    )


class ModelAddress(BaseModel):
    """A postal address the user wrote."""

    address1: str | None = Field(default=None, description="Street and number.")
    address2: str | None = Field(default=None, description="Apartment, suite or unit, if any.")
    city: str | None = Field(default=None, description="City.")
    state: str | None = Field(default=None, description="State (two-letter code if written so).")
    zip: str | None = Field(default=None, description="5-digit zip code.")
    country: str | None = Field(default=None, description="Country, if written.")


class ModelSlots(BaseModel):
    """Values the user explicitly stated in the message (null when not stated)."""

    order_id: str | None = Field(default=None, description="Order id such as #W1234567.")
    email: str | None = Field(default=None, description="The user's email address.")
    first_name: str | None = Field(default=None, description="The user's first name.")
    last_name: str | None = Field(default=None, description="The user's last name.")
    zip: str | None = Field(
        default=None, description="5-digit zip code the user gave to identify themself."
    )
    user_id: str | None = Field(default=None, description="Account id such as noah_brown_6181.")
    reason: Literal["no longer needed", "ordered by mistake", "other"] | None = Field(
        default=None, description="Why the user cancels an order, when they say why."
    )
    payment: ModelPayment | None = Field(
        default=None, description="Payment method to pay or be refunded with."
    )
    address: ModelAddress | None = Field(default=None, description="A postal address written.")
    all_items: bool | None = Field(
        default=None, description="True when the user means every item of the order."
    )
    yes_no: Literal["yes", "no"] | None = Field(
        default=None, description="The answer when the message answers a yes/no question."
    )


class ModelRequest(BaseModel):
    """Another request of the same message: its intent and the words that ask it."""

    intent: str = Field(description="One intent name of the catalogue.")
    words: str = Field(description="The words of the message that ask it, copied exactly.")


CommandName = Literal[
    "start_task",
    "fill_slot",
    "correct_slot",
    "cancel_task",
    "affirm",
    "deny",
    "ask_question",
    "queue_task",
    "human_handoff",
    "chitchat",
    "cannot_handle",
]


class ModelCommand(BaseModel):
    """One thing the message does to the conversation (after Rasa CALM's commands)."""

    command: CommandName = Field(
        description="start_task: the intent starts a task; fill_slot: a value of slots answers "
        "what the agent asked; correct_slot: a value of slots replaces one given before; "
        "cancel_task: the customer drops the task in progress; affirm / deny: a yes / no to "
        "the agent's yes-or-no question; ask_question: a question to answer; queue_task: a "
        "further request; human_handoff: a person is asked for; chitchat: small talk; "
        "cannot_handle: nothing the desk can do."
    )
    intent: str | None = Field(
        default=None, description="start_task, ask_question, queue_task: the intent name."
    )
    slot: str | None = Field(
        default=None, description="fill_slot, correct_slot: the name of the slot in slots."
    )
    words: str | None = Field(
        default=None, description="queue_task: the words that ask it, copied exactly."
    )


class ModelReading(BaseModel):
    """Intent and explicitly stated values of one customer message."""

    intent: str = Field(description="One intent name of the catalogue, or UNKNOWN.")
    confidence: float = Field(
        ge=0.0, le=1.0, description="Probability (0 to 1) that the intent is right."
    )
    slots: ModelSlots = Field(
        default_factory=ModelSlots, description="Values stated in the message."
    )
    further: list[ModelRequest] = Field(
        default_factory=list,
        description="The message's other requests, in the order asked (none: empty).",
    )
    commands: list[ModelCommand] = Field(
        default_factory=list,
        description="What the message does to the conversation, in order (none: empty).",
    )


TOOL_NAME = "ModelReading"


_schemas: dict[tuple[str, ...], type[ModelReading]] = {}


def reading_schema(config: DomainConfig) -> type[ModelReading]:
    """Return ``ModelReading`` with ``intent`` restricted to the catalogue names and UNKNOWN."""
    names = (*config.intents, UNKNOWN)
    schema = _schemas.get(names)
    if schema is None:
        intent_type = cast(Any, Literal)[names]
        schema = create_model(
            TOOL_NAME,
            __base__=ModelReading,
            __doc__=ModelReading.__doc__,
            intent=(
                intent_type,
                Field(description="One intent name of the catalogue, or UNKNOWN."),
            ),
        )
        _schemas[names] = schema
    return schema


def reading_tool(config: DomainConfig) -> dict[str, Any]:
    """Return the OpenAI tool definition of the structured output for ``config``."""
    return convert_to_openai_tool(reading_schema(config))


# --------------------------------------------------------------------------- validation

Rejected = list[dict[str, Any]]
AUTHORITATIVE = ("order_id", "order_ids", "email", "zip", "user_id")
IDENTITY_KEYS = {"email", "first_name", "last_name", "zip", "user_id"}
NAME_PART = rx.compile(r"[A-Za-z][A-Za-z'\-]{0,39}|[\u3400-\u9fff]{1,4}")
ORDER_ID_LOOSE = rx.compile(r"#?\s*[Ww]\s*(\d{7})|(\d{7})")
COUNTRIES_USA = {"us", "usa", "u.s.", "u.s.a.", "u.s.a", "united states", "america"}


def _stated(value: str, text: str) -> bool:
    """Return True when ``value`` occurs in ``text`` (case-insensitive; digits as a whole run)."""
    if value.isdigit():
        return rx.search(rf"(?<!\d){rx.escape(value)}(?!\d)", text) is not None
    return value.casefold() in text.casefold()


def _matches(config: DomainConfig, slot: str, value: str) -> bool:
    spec = config.slots.get(slot)
    return spec is None or spec.pattern is None or rx.match(spec.pattern, value) is not None


class _Checker:
    """Validates one model reading against the domain and the message text."""

    def __init__(self, config: DomainConfig, text: str) -> None:
        self.config = config
        self.text = text
        self.rejected: Rejected = []

    def reject(self, slot: str, value: Any, why: str) -> None:
        self.rejected.append({"slot": slot, "value": value, "why": why})

    def string(self, slot: str, value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            self.reject(slot, value, "not a string")
            return None
        return value.strip() or None

    def order_id(self, value: Any) -> str | None:
        raw = self.string("order_id", value)
        if raw is None:
            return None
        match = ORDER_ID_LOOSE.fullmatch(raw)
        if match is None:
            self.reject("order_id", raw, "malformed")
            return None
        digits = match.group(1) or match.group(2)
        normalised = f"#W{digits}"
        if not _matches(self.config, "order_id", normalised):
            self.reject("order_id", raw, "pattern")
            return None
        if not _stated(digits, self.text):
            self.reject("order_id", raw, "not in message")
            return None
        return normalised

    def patterned(self, slot: str, value: Any, *, lower: bool = False) -> str | None:
        raw = self.string(slot, value)
        if raw is None:
            return None
        clean = raw.lower() if lower else raw
        if not _matches(self.config, slot, clean):
            self.reject(slot, raw, "pattern")
            return None
        if not _stated(clean, self.text):
            self.reject(slot, raw, "not in message")
            return None
        return clean

    def email(self, value: Any) -> str | None:
        clean = self.patterned("email", value, lower=True)
        if clean is not None and not ex.EMAIL.fullmatch(clean):
            self.reject("email", clean, "pattern")
            return None
        return clean

    def zip(self, slot: str, value: Any) -> str | None:
        raw = self.string(slot, value)
        if raw is None:
            return None
        if rx.fullmatch(r"\d{5}", raw) is None or not _matches(self.config, "zip", raw):
            self.reject(slot, raw, "pattern")
            return None
        if not _stated(raw, self.text):
            self.reject(slot, raw, "not in message")
            return None
        return raw

    def name(self, slot: str, value: Any) -> str | None:
        raw = self.string(slot, value)
        if raw is None:
            return None
        if NAME_PART.fullmatch(raw) is None or raw.lower() in ex.NAME_STOPWORDS:
            self.reject(slot, raw, "not a name")
            return None
        if not _stated(raw, self.text):
            self.reject(slot, raw, "not in message")
            return None
        return raw.capitalize() if raw.islower() else raw

    def reason(self, value: Any) -> str | None:
        raw = self.string("reason", value)
        if raw is None:
            return None
        spec = self.config.slots.get("reason")
        allowed = {*(spec.choices or []), "other"} if spec else {"other"}
        clean = raw.lower()
        if clean not in allowed:
            self.reject("reason", raw, "not a choice")
            return None
        return clean

    def payment(self, value: Any) -> dict[str, Any] | None:
        if value is None:
            return None
        if not isinstance(value, dict):
            self.reject("payment", value, "not an object")
            return None
        slot = self.config.slot_of("payment") or "payment.method_id"
        method_id = self.patterned(slot, value.get("method_id"))
        if method_id is not None:
            return ex.PaymentRef(method_id=method_id).as_dict()
        source = self.string("payment.source", value.get("source"))
        if source is not None:
            source = source.lower().replace(" ", "_")
            if source not in ("gift_card", "paypal", "credit_card"):
                self.reject("payment.source", source, "not a choice")
                source = None
        last_four = self.string("payment.last_four", value.get("last_four"))
        if last_four is not None and (
            rx.fullmatch(r"\d{4}", last_four) is None or not _stated(last_four, self.text)
        ):
            self.reject("payment.last_four", last_four, "pattern or not in message")
            last_four = None
        if last_four is not None and source is None:
            source = "credit_card"
        original = value.get("original") is True
        if source is None and not original:
            return None
        offline = ex.payment_ref(self.text)
        brand = offline.brand if offline is not None and source == "credit_card" else None
        return ex.PaymentRef(
            source=source, last_four=last_four, brand=brand, original=original and source is None
        ).as_dict()

    def address(self, value: Any) -> dict[str, str] | None:
        if value is None:
            return None
        if not isinstance(value, dict):
            self.reject("address", value, "not an object")
            return None
        parts = {
            key: self.string(f"address.{key}", value.get(key)) or ""
            for key in ("address1", "address2", "city", "state", "zip", "country")
        }
        if not (parts["address1"] and parts["city"] and parts["state"] and parts["zip"]):
            if any(parts.values()):
                self.reject("address", value, "incomplete")
            return None
        if self.zip("address.zip", parts["zip"]) is None:
            return None
        numbers = rx.findall(r"\d+", parts["address1"])
        if not all(_stated(n, self.text) for n in numbers):
            self.reject("address", value, "street number not in message")
            return None
        state = parts["state"]
        country = parts["country"]
        return {
            "address1": parts["address1"],
            "address2": parts["address2"],
            "city": parts["city"],
            "state": state.upper() if len(state) == 2 else state,
            "country": "USA" if not country or country.lower() in COUNTRIES_USA else country,
            "zip": parts["zip"],
        }

    def intent(self, value: Any) -> str:
        if not isinstance(value, str):
            raise ModelOutputError(f"intent is not a string: {value!r}")
        clean = value.strip()
        if clean == UNKNOWN or clean in self.config.intents:
            return clean
        by_lower = {name.lower(): name for name in self.config.intents}
        if clean.lower() in by_lower:
            return by_lower[clean.lower()]
        self.reject("intent", value, "not in catalogue")
        return UNKNOWN

    def slots(self, raw: dict[str, Any]) -> dict[str, Any]:
        slots: dict[str, Any] = {}
        if (order_id := self.order_id(raw.get("order_id"))) is not None:
            slots["order_id"] = order_id
            slots["order_ids"] = [order_id]
        if (mail := self.email(raw.get("email"))) is not None:
            slots["email"] = mail
        if (uid := self.patterned("user_id", raw.get("user_id"))) is not None:
            slots["user_id"] = uid
        for key in ("first_name", "last_name"):
            if (name := self.name(key, raw.get(key))) is not None:
                slots[key] = name
        if (zip_code := self.zip("zip", raw.get("zip"))) is not None:
            slots["zip"] = zip_code
        if (reason := self.reason(raw.get("reason"))) is not None:
            slots["reason"] = reason
        if (payment := self.payment(raw.get("payment"))) is not None:
            slots["payment_ref"] = payment
        if (addr := self.address(raw.get("address"))) is not None:
            slots["address"] = addr
        answer = raw.get("yes_no")
        if isinstance(answer, str) and answer.strip().lower() in ("yes", "no"):
            slots["yes_no"] = answer.strip().lower()
        elif answer is not None:
            self.reject("yes_no", answer, "not yes or no")
        if raw.get("all_items") is True:
            slots["all_items"] = True
        return slots


def validate_reading(
    config: DomainConfig, text: str, output: Any
) -> tuple[str, float, dict[str, Any], Rejected]:
    """Check the model's structured output; return (intent, confidence, slots, rejected values).

    Raises ModelOutputError when the output is not a reading at all (no tool call,
    not an object, no intent, a confidence that is not a number); single invalid
    values are dropped and listed instead.
    """
    if isinstance(output, BaseModel):
        output = output.model_dump()
    if not isinstance(output, dict):
        raise ModelOutputError(f"no structured reading in the answer: {output!r}")
    checker = _Checker(config, text)
    intent = checker.intent(output.get("intent"))
    off_catalogue = bool(checker.rejected)
    raw_confidence = output.get("confidence", 0.5)
    if isinstance(raw_confidence, bool) or not isinstance(raw_confidence, int | float | str):
        raise ModelOutputError(f"confidence is not a number: {raw_confidence!r}")
    try:
        confidence = min(max(float(raw_confidence), 0.0), 1.0)
    except ValueError as error:
        raise ModelOutputError(f"confidence is not a number: {raw_confidence!r}") from error
    raw_slots = output.get("slots") or {}
    if not isinstance(raw_slots, dict):
        raise ModelOutputError(f"slots is not an object: {raw_slots!r}")
    if off_catalogue:
        confidence = 0.0
    return intent, confidence, checker.slots(raw_slots), checker.rejected


MAX_FURTHER = 4  # further requests of one message taken from the model


def checked_further(
    config: DomainConfig, text: str, intent: str, raw: Any
) -> tuple[list[tuple[str, str]], Rejected]:
    """The model's further requests that hold: (intent, words), with those dropped and why.

    Each must name a request of the catalogue (a read, a write or a policy question) other
    than the main one and than those before it, in words copied from the message (at
    least two words, or Chinese): a request the message does not say is never queued.
    """
    kept: list[tuple[str, str]] = []
    rejected: Rejected = []
    if not isinstance(raw, list):
        return kept, rejected
    low = " ".join(text.lower().split())
    for item in raw[: MAX_FURTHER * 2]:
        entry = item.model_dump() if isinstance(item, BaseModel) else item
        if not isinstance(entry, dict):
            continue
        name, words = entry.get("intent"), " ".join(str(entry.get("words") or "").split())
        spec = config.intents.get(str(name))
        if spec is None or spec.kind not in ("read", "write", "knowledge"):
            rejected.append({"slot": "further", "value": name, "why": "not a request"})
        elif name == intent or any(name == k for k, _ in kept):
            rejected.append({"slot": "further", "value": name, "why": "already read"})
        elif not words or words.lower() not in low:
            rejected.append({"slot": "further", "value": words, "why": "not in the message"})
        elif len(words.split()) < 2 and not ex.CJK.search(words):
            rejected.append({"slot": "further", "value": words, "why": "too short"})
        else:
            kept.append((str(name), words))
    return kept[:MAX_FURTHER], rejected


MAX_COMMANDS = 8  # commands of one message taken from the model
# The model's slot names (ModelSlots) as the reading's keys.
COMMAND_SLOTS = {**{name: name for name in ModelSlots.model_fields}, "payment": "payment_ref"}


@dataclass(frozen=True)
class CheckedCommands:
    """What the model's commands say that holds, by the rules the offline reading keeps."""

    cancels: bool = False  # the task in progress is dropped
    corrects: tuple[str, ...] = ()  # slots whose stated value replaces one given before
    yes_no: str | None = None  # the answer to the agent's yes-or-no question
    further: tuple[dict[str, str], ...] = ()  # queue_task: {"intent", "words"}, to check
    rejected: tuple[dict[str, Any], ...] = ()


def checked_commands(
    config: DomainConfig,
    raw: Any,
    *,
    intent: str,
    slots: Mapping[str, Any],
    active_intent: str | None,
    expected_slot: str | None,
) -> CheckedCommands:
    """The model's commands, each kept only where the rules let it hold (see ``_why_not``).

    queue_task goes with the further requests, through their check (words copied from the
    message, a request of the catalogue).
    """
    entries = [e.model_dump() if isinstance(e, BaseModel) else e for e in raw or []]
    entries = [e for e in entries[:MAX_COMMANDS] if isinstance(e, dict)]
    fills = any(
        e.get("command") in ("fill_slot", "correct_slot")
        and COMMAND_SLOTS.get(str(e.get("slot"))) in slots
        for e in entries
    )
    reading = _Said(intent, config.intents.get(intent), slots, active_intent, expected_slot, fills)
    rejected: list[dict[str, Any]] = []
    kept: list[dict[str, Any]] = []
    for entry in entries:
        why = _why_not(entry, reading)
        if why is None:
            kept.append(entry)
        else:
            rejected.append({"slot": "command", "value": entry.get("command"), "why": why})
    named = [str(e["command"]) for e in kept]
    answers = [n for n in named if n in ("affirm", "deny")]
    return CheckedCommands(
        cancels="cancel_task" in named,
        corrects=tuple(
            dict.fromkeys(
                COMMAND_SLOTS[str(e["slot"])] for e in kept if e["command"] == "correct_slot"
            )
        ),
        yes_no=("yes" if answers[-1] == "affirm" else "no") if answers else None,
        further=tuple(
            {"intent": str(e.get("intent")), "words": str(e.get("words"))}
            for e in kept
            if e["command"] == "queue_task"
        ),
        rejected=tuple(rejected),
    )


@dataclass(frozen=True)
class _Said:
    """What a command is checked against: the reading and the dialogue around it."""

    intent: str
    spec: IntentSpec | None  # None: UNKNOWN
    slots: Mapping[str, Any]
    active_intent: str | None
    expected_slot: str | None
    fills: bool  # the message gives the task a value


def _why_not(entry: Mapping[str, Any], said: _Said) -> str | None:
    """Why a command cannot hold (None: it holds).

    - start_task and ask_question must name the reading's intent; human_handoff, chitchat
      and cannot_handle must agree with its kind.
    - fill_slot and correct_slot must name a slot whose value the message states (checked
      like every value); a correction needs a task in progress.
    - cancel_task needs a task in progress, and the message neither asks for it again, nor
      states a value, nor asks for another request.
    - affirm and deny answer only a question the agent asked, never against the yes_no the
      message states.
    """
    name = entry.get("command")
    kind = said.spec.kind if said.spec is not None else None
    if name not in COMMAND_NAMES:
        return "not a command"
    if name in ("start_task", "ask_question"):
        return None if entry.get("intent") == said.intent else "not the message's request"
    if name in ("fill_slot", "correct_slot"):
        if COMMAND_SLOTS.get(str(entry.get("slot"))) not in said.slots:
            return "no such value stated"
        return "no task in progress" if name == "correct_slot" and not said.active_intent else None
    if name == "cancel_task":
        if said.active_intent is None:
            return "no task in progress"
        values = set(said.slots) - {"yes_no"}
        goes_on = said.intent == said.active_intent or said.fills or bool(values)
        if goes_on:
            return "the message goes on with the task"
        # another request beside it: the task waits (a digression) or is replaced by the
        # offline rules ("forget the return, cancel #W2 instead"), never dropped by the model
        asks = said.spec is not None and said.spec.kind in ("read", "write", "knowledge")
        return "another request is asked" if asks else None
    if name in ("affirm", "deny"):
        answer = "yes" if name == "affirm" else "no"
        if said.expected_slot is None:
            return "no question asked"
        return None if said.slots.get("yes_no") in (None, answer) else "against the stated answer"
    agrees = {
        "human_handoff": kind == "handoff",
        "chitchat": kind in ("smalltalk", None),
        "cannot_handle": said.intent == UNKNOWN,
    }
    return None if agrees.get(str(name), True) else "not what the intent says"


COMMAND_NAMES = frozenset(get_args(CommandName))


def merge_slots(offline: dict[str, Any], model: dict[str, Any]) -> dict[str, Any]:
    """Merge both readings of a message: regex-found ids/emails/zips win, the model fills the rest.

    For the other slots (names, reason, payment, address, yes/no) the model's
    value is used when it gives one (it was checked against the message), the
    offline extractor's otherwise; an explicit payment method id found by the
    extractors also wins.
    """
    merged = dict(model)
    for key in AUTHORITATIVE:
        if key in offline:
            merged[key] = offline[key]
    payment = offline.get("payment_ref")
    if isinstance(payment, dict) and payment.get("method_id"):
        merged["payment_ref"] = payment
    for key, value in offline.items():
        merged.setdefault(key, value)
    return merged


def _only_identity(slots: dict[str, Any]) -> bool:
    keys = set(slots) - {"yes_no"}
    return bool(keys) and keys <= IDENTITY_KEYS


# --------------------------------------------------------------------------- shortcut

FILLER_WORDS = {
    "it", "its", "it's", "is", "my", "the", "order", "orders", "id", "number", "num", "no",
    "email", "e", "mail", "address", "zip", "zipcode", "code", "postal", "name", "and", "i",
    "am", "i'm", "im", "this", "here", "here's", "sure", "ok", "okay", "yes", "please", "user",
    "account", "of", "for", "that", "was", "be", "would", "should", "oh", "sorry", "thanks",
    "thank", "you", "a", "to", "use", "with", "one", "mine", "me", "called", "named",
}  # fmt: skip
FILLER_ZH = (
    "订单号", "订单编号", "订单", "邮箱地址", "邮箱", "邮编", "用户名", "账号", "我的", "我叫",
    "我是", "名字", "是", "和", "好的", "谢谢", "吧", "呢", "啊", "的",
)  # fmt: skip
ENTITIES = (ex.EMAIL, ex.ORDER_ID, ex.BARE_ORDER_DIGITS, ex.USER_ID, ex.PAYMENT_ID)
SLOT_ANSWER_KEYS: dict[str, tuple[str, ...]] = {
    "order_id": ("order_id",),
    "email": ("email",),
    "zip": ("zip",),
    "user_id": ("user_id",),
    "identity": ("email", "user_id", "first_name", "last_name", "zip"),
}


def _words(text: str) -> int:
    return len(rx.findall(r"\w+", text))


def _is_short(text: str, words: int) -> bool:
    if ex.CJK.search(text):
        return len(text.strip()) <= words * 2
    return _words(text) <= words


def _residue(text: str, slots: dict[str, Any]) -> list[str]:
    """Return the words of ``text`` left once stated values and filler words are removed."""
    cleaned = text
    for pattern in ENTITIES:
        cleaned = pattern.sub(" ", cleaned)
    cleaned = rx.sub(r"(?<!\d)\d{5}(?!\d)", " ", cleaned)
    for key in ("first_name", "last_name"):
        if isinstance(slots.get(key), str):
            cleaned = rx.sub(rx.escape(slots[key]), " ", cleaned, flags=rx.I)
    for filler in FILLER_ZH:
        cleaned = cleaned.replace(filler, " ")
    words = rx.findall(r"[^\W_]+(?:'[^\W_]+)?", cleaned.lower())
    return [w for w in words if w not in FILLER_WORDS]


def settled_offline(
    config: DomainConfig, text: str, reading: Reading, expected_slot: str | None
) -> str | None:
    """Return why the offline reading settles the turn (no model call needed), or None."""
    slots = reading.slots
    if ex.yes_no(text) is not None and set(slots) <= {"yes_no"} and _is_short(text, 4):
        return "yes_no"
    if expected_slot is not None:
        keys = SLOT_ANSWER_KEYS.get(expected_slot)
        if keys and any(k in slots for k in keys) and not _residue(text, slots):
            return "slot_answer"
        payment = slots.get("payment_ref")
        if (
            expected_slot == config.slot_of("payment")
            and isinstance(payment, dict)
            and payment.get("method_id")
            and not _residue(text, slots)
        ):
            return "slot_answer"
        reason_spec = config.slots.get("reason")
        accepted = (reason_spec.choices or []) if reason_spec is not None else []
        if (
            expected_slot == "reason"
            and slots.get("reason") in accepted
            and set(slots) <= {"reason", "yes_no"}
            and _is_short(text, 8)
        ):
            return "slot_answer"
    spec = config.intents.get(reading.intent)
    if (
        spec is not None
        and spec.kind == "smalltalk"
        and reading.confidence >= 0.8
        and set(slots) <= {"yes_no"}
    ):
        return "smalltalk"
    return None


# --------------------------------------------------------------------------- understander


def _intent_catalogue(config: DomainConfig) -> str:
    return "\n".join(f"- {spec.name}: {spec.description}" for spec in config.intents.values())


def _slot_catalogue(config: DomainConfig) -> str:
    lines: list[str] = []
    # a reading's payment fills the business's payment slot (of role "payment"), if it has one
    config_names = {"payment": config.slot_of("payment")}
    for name, info in ModelSlots.model_fields.items():
        slot = config_names.get(name, name)
        spec = config.slots.get(slot) if slot is not None else None
        description = spec.description if spec is not None else (info.description or "")
        if name == "reason":
            choices = [*(spec.choices or []), "other"] if spec is not None else ["other"]
            description += " One of: " + "; ".join(choices) + "."
        lines.append(f"- {name}: {description}")
    return "\n".join(lines)


class ModelUnderstander:
    """Reads intent and slots with one structured-output model call, falling back offline."""

    def __init__(
        self,
        chat: BaseChatModel,
        offline: OfflineUnderstander,
        *,
        database_url: str,
        breaker: CircuitBreaker | None = None,
        budget: float = 30.0,
    ) -> None:
        self.chat = chat
        self.offline = offline
        self.config = offline.config
        self.database_url = database_url
        self.breaker = breaker or CircuitBreaker()
        self.budget = budget
        self.calls = 0
        self._lock = threading.Lock()
        self._runnable = structured_call(chat, reading_tool(self.config), UNDERSTAND_PROMPT)
        self._static = {
            "domain_description": self.config.description,
            "intent_catalogue": _intent_catalogue(self.config),
            "slot_catalogue": _slot_catalogue(self.config),
            "tool_name": TOOL_NAME,
        }

    def read(
        self,
        text: str,
        *,
        expected_slot: str | None = None,
        active_intent: str | None = None,
        language: str = "en",
    ) -> Reading:
        """Return the reading of ``text`` (model-backed unless the offline path settles it)."""
        offline = self.offline.read(
            text, expected_slot=expected_slot, active_intent=active_intent, language=language
        )
        if settled_offline(self.config, text, offline, expected_slot) is not None:
            return offline
        if not self.breaker.allow():
            record_model_event(
                self.database_url, None, "understand_skipped", {"reason": "circuit_open"}
            )
            return offline
        variables = {
            "message": text,
            "expected_slot": expected_slot or "none",
            "active_intent": active_intent or "none",
            "language": language_name(language),
        }
        audit_input = {**variables, "domain": self.config.name}
        self._count()
        started = time.perf_counter()
        try:
            output = invoke_guarded(
                self.breaker, self._runnable, {**self._static, **variables}, self.budget
            )
            intent, confidence, model_slots, rejected = validate_reading(self.config, text, output)
        except Exception as error:  # any failure of the endpoint or its output: stay offline
            record_model_event(
                self.database_url,
                None,
                "understand_fallback",
                {
                    "input": audit_input,
                    "error": type(error).__name__,
                    "message": str(error)[:500],
                    "offline_intent": offline.intent,
                },
                (time.perf_counter() - started) * 1000,
            )
            return offline
        latency = (time.perf_counter() - started) * 1000
        # The same rule as offline: asking whether a change is so asks for no change.
        intent = message_asked_as(self.config, intent, text)
        slots = merge_slots(offline.slots, model_slots)
        if intent == UNKNOWN and _only_identity(slots):
            intent, confidence = "authenticate", max(confidence, 0.5)
        # Further requests: the model's, checked, through the offline rules of which ones
        # start a task (a look-up beside a change that only finds its order does not);
        # without any, the offline reading's.
        raw = output.model_dump() if isinstance(output, BaseModel) else output
        raw = raw if isinstance(raw, dict) else {}
        commands = checked_commands(
            self.config,
            raw.get("commands"),
            intent=intent,
            slots=model_slots,  # what the model itself read in the message
            active_intent=active_intent,
            expected_slot=expected_slot,
        )
        if commands.yes_no is not None:
            slots["yes_no"] = commands.yes_no
        proposed = [*(raw.get("further") or []), *commands.further]
        further, dropped = checked_further(self.config, text, intent, proposed)
        chosen = self.offline.further_requests(intent, text, further) if further else ()
        others = tuple(o for o in (chosen or offline.others) if o[0] != intent)
        record_model_event(
            self.database_url,
            None,
            "understand",
            {
                "input": audit_input,
                "output": output,
                "rejected": [*rejected, *dropped, *commands.rejected],
                "reading": {
                    "intent": intent,
                    "confidence": confidence,
                    "slots": slots,
                    "further": [list(o) for o in others],
                    "cancels": commands.cancels,
                    "corrects": list(commands.corrects),
                },
            },
            latency,
        )
        return Reading(
            intent=intent,
            confidence=confidence,
            slots=slots,
            source="model",
            others=others,
            cancels=commands.cancels,
            corrects=commands.corrects,
        )

    def _count(self) -> None:
        with self._lock:
            self.calls += 1
        count_model_call()


# --------------------------------------------------------------------------- phraser


class ModelPhraser:
    """Rewrites a templated reply in a friendly tone with one plain model call."""

    def __init__(
        self,
        chat: BaseChatModel,
        *,
        database_url: str,
        breaker: CircuitBreaker | None = None,
        budget: float = 30.0,
    ) -> None:
        self.chat = chat
        self.database_url = database_url
        self.breaker = breaker or CircuitBreaker()
        self.budget = budget
        self.calls = 0
        self._lock = threading.Lock()
        self._runnable: Runnable[dict[str, Any], BaseMessage] = PHRASE_PROMPT | chat

    def rephrase(self, text: str, language: str, session: str) -> str | None:
        """Return the rephrased reply, or None on any failure or an empty answer."""
        if not text.strip():
            return None
        variables = {"reply": text, "language_name": language_name(language)}
        if not self.breaker.allow():
            record_model_event(
                self.database_url, session, "phrase_skipped", {"reason": "circuit_open"}
            )
            return None
        with self._lock:
            self.calls += 1
        count_model_call()
        started = time.perf_counter()
        try:
            message = invoke_guarded(self.breaker, self._runnable, variables, self.budget)
            phrased = message.text.strip()
        except Exception as error:  # the template reply is always a safe fallback
            record_model_event(
                self.database_url,
                session,
                "phrase_fallback",
                {"input": variables, "error": type(error).__name__, "message": str(error)[:500]},
                (time.perf_counter() - started) * 1000,
            )
            return None
        record_model_event(
            self.database_url,
            session,
            "phrase",
            {"input": variables, "output": phrased},
            (time.perf_counter() - started) * 1000,
        )
        return phrased or None


# --------------------------------------------------------------------------- confirmations


class ModelConfirmation(BaseModel):
    """How a customer's reply to a confirmation question reads."""

    reading: Literal["yes", "yes_and_more", "no", "question", "correction", "unclear"] = Field(
        description="yes: agrees to exactly what was listed and nothing else of substance; "
        "yes_and_more: agrees and adds a separate new request; no: declines or postpones; "
        "question: asks, doubts, hesitates or makes the yes conditional (even after a "
        "yes-word); correction: changes a value or the target; unclear: none of these."
    )
    new_request: str = Field(
        default="",
        description="For yes_and_more only: the separate new request, copied from the reply.",
    )
    changed: list[str] = Field(
        default_factory=list,
        description="For correction only: which values differ (order_id, address, payment, "
        "reason, item).",
    )
    all_listed: bool = Field(
        default=False, description="The yes covers every listed change ('yes to all')."
    )


CONFIRM_TOOL = "ModelConfirmation"


class ModelConfirmationReader:
    """Reads a reply to a confirmation with one structured-output call (for caution only)."""

    def __init__(
        self,
        chat: BaseChatModel,
        *,
        database_url: str,
        breaker: CircuitBreaker | None = None,
        budget: float = 30.0,
    ) -> None:
        self.database_url = database_url
        self.breaker = breaker or CircuitBreaker()
        self.budget = budget
        self._runnable = structured_call(chat, ModelConfirmation, CONFIRM_PROMPT)

    def read(
        self, text: str, listed: Listed, question: str, language: str
    ) -> ConfirmationReading | None:
        """The model's reading of ``text``, checked; None when the model gave none usable."""
        if not self.breaker.allow():
            record_model_event(self.database_url, None, "confirm_skipped", {"reason": "open"})
            return None
        variables = {
            "question": question,
            "reply": text,
            "language": language_name(language),
            "tool_name": CONFIRM_TOOL,
        }
        count_model_call()
        started = time.perf_counter()
        try:
            output = invoke_guarded(self.breaker, self._runnable, variables, self.budget)
            proposal = ModelConfirmation.model_validate(output)
        except Exception as error:  # the offline reading stands alone
            record_model_event(
                self.database_url,
                None,
                "confirm_fallback",
                {"input": variables, "error": type(error).__name__, "message": str(error)[:500]},
                (time.perf_counter() - started) * 1000,
            )
            return None
        reading = checked_confirmation(proposal, text)
        record_model_event(
            self.database_url,
            None,
            "confirm",
            {"input": variables, "output": proposal.model_dump(), "reading": reading.reading},
            (time.perf_counter() - started) * 1000,
        )
        return reading


def checked_confirmation(proposal: ModelConfirmation, text: str) -> ConfirmationReading:
    """The model's reading, held to the rules: a new request must be words of the reply."""
    kind: ReadingKind = proposal.reading if proposal.reading in READINGS else "unclear"
    rest = " ".join(proposal.new_request.split())
    if kind == "yes_and_more" and (not rest or rest.lower() not in " ".join(text.split()).lower()):
        kind, rest = "unclear", ""  # a request the customer did not write is no request
    return ConfirmationReading(
        kind,
        rest=rest if kind == "yes_and_more" else "",
        all_listed=proposal.all_listed,
        changed=tuple(proposal.changed) if kind == "correction" else (),
        cues=(f"model:{kind}",),
        source="model",
    )


# --------------------------------------------------------------------------- factories


_understanders: dict[tuple[Any, ...], ModelUnderstander] = {}
_phrasers: dict[tuple[Any, ...], ModelPhraser] = {}
_confirmation_readers: dict[tuple[Any, ...], ModelConfirmationReader] = {}


def model_understander(context: Context, offline: OfflineUnderstander) -> ModelUnderstander:
    """Return the (cached) model understander of an endpoint, with ``offline`` as its fallback."""
    key = (*endpoint_key(context), offline.config.name, id(offline.classifier))
    return cached(
        _understanders,
        key,
        lambda: ModelUnderstander(chat_client(context), offline, **endpoint_parts(context)),
    )


def model_phraser(context: Context) -> ModelPhraser:
    """Return the (cached) model phraser of an endpoint."""
    return cached(
        _phrasers,
        endpoint_key(context),
        lambda: ModelPhraser(chat_client(context), **endpoint_parts(context)),
    )


def model_confirmation_reader(context: Context) -> ModelConfirmationReader:
    """Return the (cached) model reader of confirmation replies of an endpoint."""
    return cached(
        _confirmation_readers,
        endpoint_key(context),
        lambda: ModelConfirmationReader(chat_client(context), **endpoint_parts(context)),
    )


def clear_model_caches() -> None:
    """Forget every cached client, understander and phraser (tests, configuration reloads)."""
    forget(_understanders, _phrasers, _confirmation_readers)
    clear_endpoint_caches()
