"""Replying nodes: ask, fall back, reject, hand off, compose the reply and check it."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Literal

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.runtime import Runtime
from langgraph.types import Command, interrupt

from keel.domain.config import DomainConfig
from keel.nodes.act import answer_text, held_listing, listed_writes
from keel.nodes.common import (
    audited,
    domain_config,
    domain_pack,
    guard_config,
    handoff_queue,
    last_user_text,
)
from keel.nodes.render import SEPARATOR, render
from keel.persistence.audit import audit_log
from keel.planning.reflection import canonical
from keel.safety.guardrails import check_message
from keel.state.context import Context
from keel.state.dialogue import (
    TURN_START,
    Awaiting,
    DialogueState,
    HandoffPackage,
    ListedWrite,
    fresh_turn,
    turn_decision,
)
from keel.state.protocol import question_after_reply
from keel.state.runtime import session_id
from keel.state.stack import Clear, Resume, apply, current, resume_notice
from keel.understanding.grounding import added_content, ungrounded_facts
from keel.understanding.phrasing import rephrase

# A listing the reply keeps on hold without asking (parked, or with the human agent).
HOLDING_KINDS = ("park", "handoff")
AWAITING_BY_ROUTE: dict[str, Awaiting] = {
    "confirm": "confirmation",
    "ask": "clarification",
    "handoff": "human",
}
TRANSCRIPT_TURNS = 20


@audited("ask_user")
def ask_user(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Ask for what is missing (the question was chosen by the validation or policy check)."""
    return {"decision": turn_decision("ask"), "reply_key": state.reply_key or "fallback"}


@audited("fallback")
def fallback(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Answer a message not understood with a guided question; hand off after too many."""
    context = runtime.context
    if state.unknown_streak >= context.max_unknown:
        return {
            "decision": turn_decision("handoff", "unknown_streak"),
            "reply_key": "handoff.notice",
            "reply_data": {"reason": "unknown_streak"},
        }
    frame = state.frame
    prompt = frame.get("prompt") if frame else None
    if prompt:
        config = domain_config(context)
        question = render(config, prompt["key"], prompt["data"], state.language)
        return {
            "decision": turn_decision("ask"),
            "reply_key": "fallback.in_flow",
            "reply_data": {"question": question},
        }
    return {"decision": turn_decision("ask"), "reply_key": "fallback", "reply_data": {}}


@audited("reject")
def reject(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Refuse the request (guardrail or policy); a suspended task resumes afterwards."""
    if state.understanding is None:  # blocked by the input guard: keep the task as it was
        return {"decision": turn_decision("reject")}
    stack = apply(state.stack, Resume())  # a refused task is over: the waiting one resumes
    following = current(stack) if state.frame is None else None
    # only a request queued behind the refused one and never started (not a task a
    # digression suspended), at most ``max_refusals_taken_up`` times a turn
    fresh = bool(state.stack) and state.stack[-1]["kind"] == "queued"
    refused = state.path.count("reject") + 1  # this one included
    refusal = {"key": state.reply_key, "data": state.reply_data}
    notices = [n for n in state.notices if n != refusal]  # refused again alike: said once
    take_up = refusal not in state.notices and refused <= runtime.context.max_refusals_taken_up
    untouched = following is not None and fresh and following["prompt"] is None
    if following is not None and untouched and not take_up:
        # it waits for the next message: say so
        waiting_for = {"requests": [f"request.{following['intent']}"]}
        notices = [
            *(n for n in notices if n["key"] != "agenda.queued"),
            {"key": "agenda.queued", "data": waiting_for, "after": True},
        ]
        return {"decision": turn_decision("reject"), "stack": stack, "notices": notices}
    if following is not None and untouched and state.reply_key:
        # a request queued behind the refused one, never started: taken up now, through the
        # policy check, after the refusal ("…can't be exchanged. Please confirm: return …")
        understanding = {**state.understanding, "act": "resume"}
        return {
            "decision": turn_decision("resume"),
            "stack": stack,
            # (the request is taken up now: "after that, I'll help with …" no longer holds)
            "notices": [*(n for n in state.notices if n["key"] != "agenda.queued"), refusal],
            "understanding": understanding,
        }
    resumed = resume_notice(following) if following is not None else []
    return {"decision": turn_decision("reject"), "stack": stack, "notices": [*notices, *resumed]}


def _transcript(state: DialogueState) -> list[dict[str, str]]:
    lines = []
    for message in state.messages[-TRANSCRIPT_TURNS:]:
        role = "user" if isinstance(message, HumanMessage) else "agent"
        lines.append({"role": role, "text": str(message.content)})
    return lines


def build_package(state: DialogueState, reason: str) -> HandoffPackage:
    """Collect what a human agent needs: summary, intent, slots, tool results, transcript."""
    frame = state.frame
    intent = (
        frame["intent"]
        if frame
        else (state.understanding["intent"] if state.understanding else None)
    )
    slots = dict(frame["slots"]) if frame else {}
    summary = (
        f"Reason: {reason}. User: {state.user_id or 'not verified'}. "
        f"Task: {intent or 'none'}. Slots: {slots or 'none'}. Turns: {state.turn}."
    )
    run = state.task_run
    if run is not None:
        missed = "; ".join(f"{n['tool']} ({n['step']}): {n['reason']}" for n in run["not_done"])
        summary += (
            f" Task run: {run['status']} ({run['stop_reason'] or 'no stop reason'}); "
            f"{len(run['done'])} call(s) done; not done: {missed or 'none'}."
        )
    if state.listing:
        listed = "; ".join(f"{w['tool']} {w['args']}" for w in state.listing)
        summary += f" Waiting for the customer's yes (nothing done): {listed}."
    return HandoffPackage(
        reason=reason,
        summary=summary,
        intent=intent,
        slots=slots,
        user_id=state.user_id,
        tool_results=list(state.recent_results),
        done=state.last_write,
        task_run=state.task_run,
        transcript=_transcript(state),
        ticket_id=None,
        pending=list(state.listing),  # listed and not agreed to: shown again on the release
    )


@audited("handoff")
def handoff(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Queue the conversation for a human agent with its handoff package."""
    context = runtime.context
    reason = state.decision.get("reason") or str(state.reply_data.get("reason") or "requested")
    package = build_package(state, reason)
    package["ticket_id"] = handoff_queue(context.database_url).open_ticket(
        session_id(), dict(package)
    )
    audit_log(context.database_url).record(session_id(), "handoff", reason, dict(package))
    return {
        "decision": turn_decision("handoff", reason),
        "handoff": package,
        "reply_key": "handoff.notice",
        "reply_data": {"reason": reason},
    }


@audited("compose_reply")
def compose_reply(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Fill the reply template from tool data; optionally let the model rephrase it."""
    context = runtime.context
    config = domain_config(context)
    key, data = state.reply_key or "fallback", dict(state.reply_data)
    plan = state.plan
    joined = state.decision["kind"] == "confirm" and bool(state.joined)
    if state.decision["kind"] == "confirm" and plan is not None and state.frame is not None:
        key, data = f"confirm.{state.frame['intent']}", dict(plan["summary"])
    language = state.language
    notices = list(state.notices)
    notices[:0] = _correction_notices(config, state, domain_pack(context).part_intents)
    before = _said(config, [n for n in notices if not n.get("after")], language)
    after = _said(config, [n for n in notices if n.get("after")], language)
    try:
        if joined and plan is not None and state.frame is not None:
            key, data = "confirm.joined", joined_listing(config, state, language)
        main = render(config, key, data, language)
    except (KeyError, ValueError, IndexError, TypeError) as error:  # a template bug: say so safely
        audit_log(context.database_url).record(
            session_id(), "error", "render", {"key": key, "error": repr(error)}
        )
        main = render(config, "safe_reply", {}, language)
    text = " ".join(p for p in [*before, main, *after] if p).strip()
    update: dict[str, Any] = {"template_reply": text, "reply": text, "reply_source": "template"}
    kind = state.decision["kind"]
    if kind == "confirm" and plan is not None and plan["write"]:
        # What a yes will cover from now on: exactly these writes, nothing else.
        listing = listed_writes(plan, state.frame, state.joined, domain_pack(context).part_intents)
        update["listing"], update["listed_plan"] = listing, plan
        audit_log(context.database_url).record(
            session_id(), "confirmation", "listed", {"writes": listing}
        )
    elif kind not in HOLDING_KINDS or (plan is None and state.listed_plan is None):
        update["listing"], update["listed_plan"] = [], None
    # The protocol's record of what this reply asked about the listing (state/protocol.py)
    listed = bool(update.get("listing", state.listing))
    update["question"] = question_after_reply(kind, notices, state.turn) if listed else None
    # Phrasing only on turns the model already read: a turn the deterministic path settled
    # (a yes/no, a bare answer, a greeting) costs no model call at all.
    model_turn = state.understanding is not None and state.understanding["source"] == "model"
    phrasing = context.llm_enabled and context.phrase_with_model and not state.settled
    if phrasing and model_turn and state.decision["kind"] in ("respond", "execute"):
        phrased = rephrase(context, text, language, session_id())
        if phrased:
            update.update(reply=phrased, reply_source="model")
    return update


def joined_listing(config: DomainConfig, state: DialogueState, language: str) -> dict[str, Any]:
    """The values of one confirmation for several requests' changes: each, numbered."""
    plan, frame = state.plan, state.frame
    assert plan is not None and frame is not None
    changes = [(frame["intent"], plan), *((j["intent"], j["plan"]) for j in state.joined)]
    items = [
        render(
            config,
            "confirm.joined_item",
            {"n": n, "change_key": f"item.{intent}", **call["summary"]},
            language,
        )
        for n, (intent, call) in enumerate(changes, start=1)
    ]
    return {"count": len(items), "changes": SEPARATOR.get(language, "; ").join(items)}


def _said(config: DomainConfig, notices: list[dict[str, Any]], language: str) -> list[str]:
    """The notices rendered, each sentence once.

    A task refused and the next one found in the same order both say "That is order #W1.".
    """
    return list(dict.fromkeys(render(config, n["key"], n["data"], language) for n in notices))


def _correction_notices(
    config: DomainConfig, state: DialogueState, part_intents: Collection[str]
) -> list[dict[str, Any]]:
    """What a listing made from a correction at a confirmation must say it did not change.

    "its cambridge not boston" read as a correction that changed nothing lists the same
    change again; "the more expensive one instead, and refund it to my gift card" might
    change the refund and not the item. Either way the reply says so, so that a yes to it
    is not taken for a yes to what the customer meant.
    """
    note, plan = state.confirmation, state.plan
    if state.decision["kind"] != "confirm" or plan is None or not plan["write"] or note is None:
        return []
    before = note.get("corrected") if note["reading"] == "correction" else None
    if not before:
        return []
    after = listed_writes(plan, state.frame, state.joined, part_intents)
    if before == after:
        return [{"key": "confirm.unchanged", "data": {}}]
    parts = unchanged_parts(note["changed"], before, after, config.corrected_args)
    if not parts:
        return []
    return [{"key": "confirm.part_unchanged", "data": {"parts": [f"corrected.{p}" for p in parts]}}]


def unchanged_parts(
    kinds: Sequence[str],
    before: Sequence[ListedWrite],
    after: Sequence[ListedWrite],
    corrected_args: Mapping[str, Sequence[str]],
) -> list[str]:
    """The kinds of value a correction changed that ``after`` still lists as ``before`` did."""

    def shown(listing: Sequence[ListedWrite], keys: Sequence[str]) -> list[tuple[str, str]]:
        return [
            (w["tool"], canonical({k: w["args"][k] for k in keys if k in w["args"]}))
            for w in listing
        ]

    return [
        kind
        for kind in dict.fromkeys(kinds)
        if (keys := corrected_args.get(kind))
        and any(k in w["args"] for w in after for k in keys)
        and shown(before, keys) == shown(after, keys)
    ]


def _facts(state: DialogueState) -> list[Any]:
    facts: list[Any] = [state.template_reply]
    if state.outcome:
        facts.append(state.outcome["data"])
    facts.append(state.reply_data)
    if state.plan:
        facts.append(state.plan["summary"])
    return facts


@audited("check_output")
def check_output(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Send only grounded replies: a model reply stating facts not in the tool data is replaced."""
    context = runtime.context
    reply, source = state.reply, state.reply_source
    if source == "model":
        missing = ungrounded_facts(reply, _facts(state))
        added = added_content(
            reply, state.template_reply, guard_config(context.domain).output_checks
        )
        if missing or added:
            audit_log(context.database_url).record(
                session_id(),
                "output_check",
                "ungrounded" if missing else "added",
                {"reply": reply, "facts": missing, "added": added},
            )
            reply, source = state.template_reply, "template"
    from keel.nodes.intake import sized_guard_config

    if (
        not check_message(reply, sized_guard_config(context.domain, 100_000)).allowed
        and source == "model"
    ):
        reply, source = state.template_reply, "template"
    # From the handoff until the human agent releases the conversation, it waits for them.
    awaiting = (
        "human"
        if state.handoff is not None
        else AWAITING_BY_ROUTE.get(state.decision["kind"], "nothing")
    )
    return {
        "reply": reply,
        "reply_source": source,
        "awaiting": awaiting,
        "messages": [AIMessage(content=reply)],
    }


@audited("hold_for_human")
def hold_for_human(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """In handoff mode a customer's message goes to the human agent's queue, never to the bot."""
    context = runtime.context
    text = last_user_text(state)
    handoff_queue(context.database_url).append(session_id(), "customer", text)
    audit_log(context.database_url).record(
        session_id(), "handoff", "customer_message", {"text": text}
    )
    return {"decision": turn_decision("handoff"), "reply_key": "handoff.hold", "reply_data": {}}


def human_message(value: Any) -> tuple[str, str]:
    """Read a resume value of the handoff wait: (kind, text), kind agent | customer | release.

    A plain string is the human agent's reply (the form ``langgraph_sdk`` clients send).
    """
    if isinstance(value, dict):
        kind = str(value.get("type") or "agent")
        if kind not in ("agent", "customer", "release"):
            raise ValueError(f"unknown handoff message type {kind!r}")
        return kind, answer_text(value)
    return "agent", answer_text(value)


# Where a message during a handoff can lead (the graph draws await_human's edges from this).
AfterHuman = Literal["await_human", "guard_input", "compose_reply"]


@audited("await_human")
def await_human(state: DialogueState, runtime: Runtime[Context]) -> Command[AfterHuman]:
    """Hold the conversation for a human agent until they release it (handoff mode).

    Resume with ``{"type": "agent", "text": …}`` (or a plain string) for the human's reply,
    ``{"type": "customer", "text": …}`` for a customer's message, which goes to the human's
    queue, and ``{"type": "release"}`` to hand the conversation back to the bot.
    """
    context = runtime.context
    kind, text = human_message(interrupt({"type": "handoff", "package": state.handoff}))
    queue, audit = handoff_queue(context.database_url), audit_log(context.database_url)
    if kind == "customer":
        return Command(goto="guard_input", update={"messages": [HumanMessage(content=text)]})
    if kind == "release":
        queue.release(session_id())
        audit.record(session_id(), "handoff", "released", {})
        released: dict[str, Any] = {
            **fresh_turn(),
            "path": [TURN_START],
            "decision": turn_decision("respond"),
            "reply_key": "handoff.released",
            "handoff": None,
            "stack": apply(state.stack, Clear()),
            "unknown_streak": 0,
            "anger_streak": 0,
        }
        if state.listing and state.listed_plan is not None and state.frame is not None:
            # a change listed before the handoff is shown again, on hold: a yes now is
            # answered by listing it anew, never taken for a yes to it
            released.update(
                plan=state.listed_plan,
                stack=list(state.stack),
                decision=turn_decision("park"),
                notices=[{"key": "handoff.released_back", "data": {}}],
                **held_listing(state),
            )
        return Command(goto="compose_reply", update=released)
    queue.append(session_id(), "agent", text)
    audit.record(session_id(), "handoff", "agent_reply", {"reply": text})
    return Command(
        goto="await_human",
        update={
            **fresh_turn(),
            "path": [TURN_START],
            "messages": [AIMessage(content=text, name="human_agent")],
            "reply": text,
            "reply_source": "human",
            "awaiting": "human",
        },
    )
