"""Intake nodes: guard the input, understand it, track the task and validate its slots."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from langgraph.runtime import Runtime

from keel.domain.config import DomainConfig
from keel.nodes.common import (
    audited,
    domain_config,
    guard_config,
    last_user_text,
    masked_message,
    seal_secrets,
    understander_of,
)
from keel.nodes.tracking import Tracked, correct_listed, track
from keel.persistence.audit import audit_log
from keel.safety import patterns as rx
from keel.safety.guardrails import GuardConfig, GuardVerdict, TokenBucket, check_message
from keel.safety.secrets import MASK, reveal
from keel.state.context import Context
from keel.state.dialogue import (
    TURN_START,
    DialogueState,
    Route,
    Understanding,
    fresh_turn,
    turn_decision,
)
from keel.state.runtime import session_id
from keel.state.stack import Clear, Start, TaskFrame, Update, apply, new_frame
from keel.understanding import extractors as ex
from keel.understanding.addresses import amend_address
from keel.understanding.confirmation import offer_answer
from keel.understanding.identity import mentions_another, speaker_not_holder
from keel.understanding.offline import UNKNOWN


@lru_cache(maxsize=8)
def sized_guard_config(domain: str, max_chars: int) -> GuardConfig:
    """The business's guardrails with a message size limit of ``max_chars``."""
    return guard_config(domain).model_copy(update={"max_chars": max_chars})


@lru_cache(maxsize=16)
def rate_limiter(database_url: str, capacity: int, refill: float) -> TokenBucket:
    """The token buckets of one store (per user, session or claimed identity)."""
    return TokenBucket(capacity, refill)


def spend_token(context: Context, key: str) -> bool:
    """Spend one message's token of ``key``; False when its bucket is empty."""
    limiter = rate_limiter(
        context.database_url, context.rate_capacity, context.rate_refill_per_second
    )
    return limiter.allow(key)


def screen(text: str, context: Context, key: str) -> GuardVerdict:
    """The guard's verdict, cheapest check first, so that bad input costs little.

    Every message spends a token, refused ones too (a flood of oversized or injected
    messages is still a flood); the size is checked before any pattern reads the text.
    """
    if not spend_token(context, key):
        return GuardVerdict(allowed=False, reason="rate_limited", detail=key)
    if len(text) > context.max_message_chars:
        detail = f"{len(text)} characters > max_chars={context.max_message_chars}"
        return GuardVerdict(allowed=False, reason="too_long", detail=detail)
    return check_message(text, sized_guard_config(context.domain, context.max_message_chars))


# Asking for the change just made to be mended ("can you fix that", "改一下").
FIX = rx.compile(r"(?i)\b(?:fix|correct|amend|update) (?:that|it|this)\b|改一下|改正|更正")


def redo_with_correction(
    config: DomainConfig, last_write: dict[str, Any] | None, text: str, undo: bool = False
) -> TaskFrame | None:
    """The change made last, again with the address a reply to it corrects, if it is one.

    "It's Apt 4B, not 48": the address written, amended. "Undo that, send it where it was
    going" (``undo``): the address it had before, which the listing showed. Only a change
    that sets an address can simply be made again; any other undo ("un-cancel it") goes to
    a person, and a reply that neither names a new value nor asks for the old one too.
    """
    if last_write is None or not isinstance(last_write.get("args", {}).get("address"), dict):
        return None
    written = dict(last_write["args"]["address"])
    before = (last_write.get("summary") or {}).get("current")
    amended = amend_address(written, text)
    if undo and isinstance(before, dict) and (amended is None or _names_place(text, before)):
        amended = dict(before)  # "撤回！还是寄到原来的地址，920 Laurel Lane 那个"
    spec = next(
        (i for i in config.intents.values() if i.kind == "write" and i.tool == last_write["tool"]),
        None,
    )
    if amended is None or spec is None:
        return None
    slots: dict[str, Any] = {"address": amended}
    if last_write["args"].get("order_id"):
        slots["order_id"] = last_write["args"]["order_id"]
    return {**new_frame(spec.name, slots, [text]), "redo": True}


def _names_place(text: str, address: dict[str, Any]) -> bool:
    """True when a message names the street of ``address`` ("920 Laurel Lane")."""
    street = str(address.get("address1") or "").lower()
    return bool(street) and street in text.lower()


def not_the_holder(state: DialogueState, context: Context) -> dict[str, Any]:
    """The update when a verified speaker says they are not the holder ("I'm her husband").

    Whoever verified, the account is closed to this session and barred from it: nothing
    pending is done, nothing waiting is taken up.
    """
    audit_log(context.database_url).record(
        session_id(), "rejection", "not_the_holder", {"user_id": state.user_id}
    )
    return {
        "user_id": None,
        "identity": {},
        "barred": [*state.barred, str(state.user_id)],
        "decision": turn_decision("reject"),
        "stack": apply(state.stack, Clear()),
        "plan": None,
        "joined": [],
        "listing": [],
        "question": None,
        "reply_key": "auth.not_holder",
        "reply_data": {},
    }


@audited("guard_input")
def guard_input(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Check the rate limit, size, injection and sensitive words before anything else."""
    context = runtime.context
    text = last_user_text(state)
    if state.path[-1:] == ["await_confirmation"]:
        # A reply to a confirmation, screened there, read anew (a correction, another request).
        return fresh_turn(keep=("confirmation", "notices", "sealed"))
    # a secret the message states (a PIN) is sealed before anything keeps the message
    masked, sealed = seal_secrets(context, state.frame, text)
    verdict = screen(masked, context, state.user_id or state.channel_user_id or session_id())
    update: dict[str, Any] = {
        **fresh_turn(),
        "sealed": sealed,
        "path": [TURN_START],
        "turn": state.turn + 1,
        "turn_started": time.time(),
        # A refused message is read no further than its opening, for the language of the
        # refusal (a bounded prefix: an over-long or injected message is never scanned whole)
        "language": ex.detect_language(
            text if verdict.allowed else text[:LANGUAGE_PREFIX], state.language
        ),
    }
    if sealed:
        update["messages"] = masked_message(state.messages, masked)
    if verdict.allowed and state.user_id is not None and speaker_not_holder(text):
        return {**update, **not_the_holder(state, context)}
    if verdict.allowed:
        return update
    audit_log(context.database_url).record(
        session_id(), "rejection", verdict.reason, {"detail": verdict.detail, "chars": len(text)}
    )
    reply_key = {
        "too_long": "reject.too_long",
        "empty": "reject.empty",
        "rate_limited": "reject.rate_limited",
        "sensitive": "reject.sensitive",
    }.get(verdict.reason, "reject.guard")
    return {
        **update,
        "decision": turn_decision("reject"),
        "reply_key": reply_key,
        "reply_data": {"limit": context.max_message_chars, "reason": verdict.reason},
    }


def asks_for_human(config: DomainConfig, intent: str, asked: int) -> int:
    """The requests for a human so far, this message's included (bounded by the policy's)."""
    spec = config.intents.get(intent)
    if spec is None or spec.kind != "handoff":
        return asked
    return min(asked + 1, spec.insist)


def helped_first(
    config: DomainConfig, intent: str, others: Sequence[tuple[str, str]], asked: int
) -> tuple[str, Sequence[tuple[str, str]]]:
    """The request to serve when a message asks for a human and for something else.

    A business whose policy is to help first (the handoff intent's ``insist`` above 1)
    serves the other request until the customer has asked for a person that many times:
    "I need help immediately. Freeze all my cards." is a freeze.
    """
    spec = config.intents.get(intent)
    if spec is None or spec.kind != "handoff" or asked >= spec.insist or not others:
        return intent, others
    (first, _), rest = others[0], others[1:]
    return first, rest


@audited("understand")
def understand(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Read intent, confidence and slots, then apply them to the task in progress."""
    context = runtime.context
    config = domain_config(context)
    text = last_user_text(state)
    frame = state.frame
    understander = understander_of(context)
    reading = understander.read(
        text,
        expected_slot=frame["asked"] if frame else None,
        active_intent=frame["intent"] if frame else None,
        language=state.language,
    )
    spec = config.intents.get(reading.intent)
    if spec is not None and spec.kind == "handoff" and ex.declines_person(text):
        # "…I'll sort it out and come back. No need to transfer me to anyone, thanks": a
        # person declined is no request for one; the rest of the message is read alone
        rest = ex.without_declined_person(text)
        again = (
            understander.read(
                rest,
                expected_slot=frame["asked"] if frame else None,
                active_intent=frame["intent"] if frame else None,
                language=state.language,
            )
            if rx.search(r"\w", rest)
            else replace(reading, intent=UNKNOWN, others=())
        )
        kept = config.intents.get(again.intent)
        reading = (
            again
            if kept is None or kept.kind != "handoff"
            else replace(reading, intent=UNKNOWN, confidence=0.0, others=())
        )
    if (
        frame is not None
        and frame["asked"] in config.yes_no_slots
        and "yes_no" not in reading.slots
    ):
        # "That sounds perfect! Let's open that one." answers "would you like me to open it?"
        actions = config.intent(frame["intent"]).actions
        answer = offer_answer(text, frame["intent"], actions)
        if answer is not None:
            reading = replace(reading, slots={**reading.slots, "yes_no": answer})
    if state.sealed:  # the message's secrets, read before it was stored masked
        reading = replace(reading, slots={**reading.slots, **state.sealed})
    human_asks = asks_for_human(config, reading.intent, state.human_asks)
    correcting = state.confirmation is not None and state.confirmation["reading"] == "correction"
    chosen = config.chosen(text)
    if chosen is not None and frame is not None and chosen != frame["intent"]:
        correcting = False  # "then do the exchange": another task is chosen, not a value changed
    if correcting and frame is not None:
        # The reply corrected the change just listed: it applies to that task, nothing else.
        note = state.confirmation
        changed = note["changed"] if note is not None else []
        tracked = correct_listed(
            config,
            frame,
            state.identity,
            text,
            reading.slots,
            elsewhere="order_id" in changed,
            reselect="choice" in changed,
            narrowed_items="items" in changed,
        )
    else:
        intent, others = helped_first(config, reading.intent, reading.others, human_asks)
        tracked = track(
            config,
            state.stack,
            state.identity,
            text,
            intent,
            reading.slots,
            state.focus_order,
            others,
            cancels=reading.cancels,
            corrects=reading.corrects,
        )
    understanding = Understanding(
        text=text,
        intent=tracked.intent if tracked.act != "unknown" else reading.intent,
        confidence=reading.confidence,
        slots=reading.slots,
        act=tracked.act,
        source=reading.source,
    )
    earlier = [m.text for m in state.messages[:-1] if m.type == "human"]
    in_capitals = any(ex.shouts(said) for said in earlier)
    angry = ex.is_angry(text, writes_in_capitals=in_capitals)
    anger_streak = state.anger_streak + 1 if angry else 0
    route: Route = "continue"
    undo = state.last_write is not None and ex.asks_to_undo(text)
    fixes = state.last_write is not None and (undo or ex.is_correction(text) or FIX.search(text))
    redone = redo_with_correction(config, state.last_write, text, undo) if fixes else None
    if redone is not None:
        # "undo that, the house number is 3030": an address written by mistake is written
        # again with the corrected value, listed for a yes like any change
        undo = False
        tracked = Tracked("new", redone["intent"], [Start(redone)], tracked.identity)
        understanding = {**understanding, "intent": redone["intent"], "act": "new"}
    # "oh no, undo that": only a person can reverse a change; they get what was done.
    if undo or anger_streak >= context.max_anger:
        route = "handoff"
    elif tracked.act == "unknown":
        route = "fallback"
    identity = tracked.identity
    if state.user_id is None and state.channel_user_id is None:
        identity = {**identity, "said": remember_said(identity.get("said", ""), text)}
    update: dict[str, Any] = {
        "understanding": understanding,
        "stack": tracked.after(state.stack),
        "identity": identity,
        "others": other_people_said(state.others, text),
        "unknown_streak": state.unknown_streak + 1 if tracked.act == "unknown" else 0,
        "anger_streak": anger_streak,
        "human_asks": human_asks,
        "decision": turn_decision(route),
    }
    if route == "handoff":
        reason = "undo" if undo else "anger"
        update.update(
            decision=turn_decision(route, reason),
            reply_key="handoff.notice",
            reply_data={"reason": reason},
        )
    if correcting and frame is not None and frame["slots"].get("order_id"):
        update["focus_order"] = str(frame["slots"]["order_id"])  # "the other one" is not this
    if tracked.queued:  # "…and then I'll help you return the watch"
        queued = [f"request.{i}" for i in tracked.queued]
        notices = [{"key": "agenda.queued", "data": {"requests": queued}, "after": True}]
        if tracked.looked_up:  # the listing says which orders are only read, never changed
            looked = {"orders": ", ".join(tracked.looked_up)}
            notices.append({"key": "agenda.looked_up", "data": looked, "after": True})
        update["notices"] = [*state.notices, *notices]
    return update


LANGUAGE_PREFIX = 2000  # characters of a refused message read for the refusal's language
SAID_TURNS = 5  # messages kept to find a name written without a cue ("mei davis, 80217")
OTHERS_KEPT = 20  # messages about other people kept as the session's identity facts


def other_people_said(others: list[str], text: str) -> list[str]:
    """The session's messages about other people, with this one if it is one (bounded)."""
    return [*others, text][-OTHERS_KEPT:] if mentions_another(text) else others


def remember_said(said: str, text: str) -> str:
    """Keep the user's last few messages while they are not yet verified."""
    lines = [*(said.split("\n") if said else []), text.replace("\n", " ")]
    return "\n".join(lines[-SAID_TURNS:])


ORDER_ID_PATTERN = rx.compile(r"^#W\d{7}$")


@audited("validate_slots")
def validate_slots(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Check every filled slot against its schema; an invalid value is dropped and asked again."""
    config = domain_config(runtime.context)
    frame = state.frame
    if frame is None:
        return {}
    slots = dict(frame["slots"])
    for name, value in list(slots.items()):
        spec = config.slots.get(name)
        if spec is None or not isinstance(value, str):
            continue
        checked = reveal(value) if spec.secret else value
        if checked is None:  # a secret whose handle expired: asked for again
            slots.pop(name)
            continue
        if spec.pattern and rx.match(spec.pattern, checked):
            slots.pop(f"{name}_invalid", None)  # a valid value replaces a malformed one
        elif spec.pattern:
            # Kept as malformed: the policy says what is wrong with it and asks again, and
            # never guesses a value in its place (not even the customer's only order).
            slots.pop(name)
            slots[f"{name}_invalid"] = value
            if state.user_id is None and state.channel_user_id is None:
                # Credentials may have come with it: the policy verifies them first.
                return {"stack": apply(state.stack, Update({**frame, "slots": slots}))}
            key = (
                f"ask.{name}_invalid" if f"ask.{name}_invalid" in config.replies else f"ask.{name}"
            )
            return {
                "stack": apply(state.stack, Update({**frame, "slots": slots, "asked": name})),
                "decision": turn_decision("ask"),
                "reply_key": key,
                "reply_data": {"value": MASK * len(checked) if spec.secret else value},
            }
        if spec.choices and value not in spec.choices and value != "other":
            slots.pop(name)
    return {"stack": apply(state.stack, Update({**frame, "slots": slots}))}
