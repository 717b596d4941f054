"""Acting nodes: wait for the user's explicit yes, then run the approved tool call."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Literal

from langchain_core.messages import HumanMessage
from langgraph.runtime import Runtime
from langgraph.types import Command, interrupt

from keel.calibration.taxonomy import ends_in_handoff, failure_text
from keel.domain.config import DomainConfig
from keel.domain.pack import DomainPack
from keel.llm.deadline import turn_deadline
from keel.nodes.common import (
    audited,
    domain_config,
    domain_pack,
    last_user_text,
    seal_secrets,
    tool_caller,
    understander_of,
)
from keel.nodes.decide import (
    agreed_orders,
    is_listed,
    joined_writes,
    next_in_queue,
    policy_input,
    with_order_of,
)
from keel.nodes.intake import LANGUAGE_PREFIX, not_the_holder, screen
from keel.nodes.render import format_value, render
from keel.persistence.audit import audit_log
from keel.planning.reflection import canonical
from keel.planning.templates import literal_step_id
from keel.safety.secrets import is_handle, reveal
from keel.state.context import Context
from keel.state.dialogue import (
    TURN_START,
    ActionPlan,
    ConfirmationNote,
    DialogueState,
    JoinedWrite,
    ListedWrite,
    ToolOutcome,
    Understanding,
    fresh_turn,
    turn_decision,
)
from keel.state.protocol import acknowledges_only, yes_answers_question
from keel.state.runtime import session_id
from keel.state.stack import (
    Drop,
    DropWaiting,
    Queue,
    StackCommand,
    TaskFrame,
    TaskStack,
    Update,
    apply,
    apply_all,
    current,
    end_task,
    new_frame,
    resume_notice,
    told_waiting,
    waiting,
)
from keel.state.task import TaskBrief, TaskRun
from keel.understanding import extractors as ex
from keel.understanding.catalogue import mentioned_products, price_choice
from keel.understanding.confirmation import (
    ConfirmationReading,
    Listed,
    asks_besides,
    most_cautious,
    read_confirmation,
)
from keel.understanding.identity import speaker_not_holder
from keel.understanding.offline import INTENT_RANK

RECENT_RESULTS = 5

# Where a reply to a listed change can lead: the one declaration the graph draws its edges
# from (graph/builder.py) and mypy checks every ``Command`` of the confirmation against.
AfterConfirmation = Literal[
    "execute_tool", "compose_reply", "guard_input", "answer_question", "handoff", "check_policy"
]


def answer_text(value: Any) -> str:
    """Return the user's text from a resume value (a string or {"text": ...})."""
    if isinstance(value, dict):
        return str(value.get("text") or value.get("message") or "")
    return str(value)


def listed_writes(
    plan: ActionPlan,
    frame: TaskFrame | None,
    joined: Sequence[JoinedWrite] = (),
    part_intents: Collection[str] = (),
) -> list[ListedWrite]:
    """The writes a confirmation of ``plan`` lists.

    The plan, the orders queued behind it, and the writes of other requests listed with it.
    """
    writes = [ListedWrite(tool=plan["tool"], args=dict(plan["args"]))]
    others = [ListedWrite(tool=j["plan"]["tool"], args=dict(j["plan"]["args"])) for j in joined]
    if frame is not None and frame["intent"] in part_intents:
        return [*writes, *others]  # each order's items differ: each order is listed on its own
    for order_id in (frame["orders"] or []) if frame else []:
        writes.append(ListedWrite(tool=plan["tool"], args={**plan["args"], "order_id": order_id}))
    return [*writes, *others]


def listed_of(context: Context, state: DialogueState, plan: ActionPlan) -> Listed:
    """What the pending confirmation listed, as the reader compares a reply with it."""
    config, pack = domain_config(context), domain_pack(context)
    frame = state.frame
    intent = frame["intent"] if frame else plan["tool"]
    spec = config.intents.get(intent)
    key = f"confirm.{intent}"
    # what the listing says of the state before the change ("it now goes to …") is no value
    # a reply may agree to or correct: it is left out of what the reader compares
    summary = {k: v for k, v in plan["summary"].items() if k != "current"}
    before = plan["summary"].get("current")
    reply = state.reply.replace(format_value(before, "en"), " ") if before else state.reply
    shown = (
        " ".join(render(config, key, summary, language) for language in ("en", "zh"))
        if key in config.replies
        else reply
    )
    orders = [str(w["args"]["order_id"]) for w in state.listing if w["args"].get("order_id")]
    return Listed(
        task=_task_of(config, intent),
        orders=tuple(orders),
        text=f"{shown} {reply}",
        reason=plan["args"].get("reason"),
        values=tuple(
            v
            for call in (plan, *(j["plan"] for j in state.joined))
            for v in summary_values({k: x for k, x in call["summary"].items() if k != "current"})
        ),
        actions=tuple(spec.actions) if spec else (),
        topic=tuple(spec.topic) if spec else (),
        alternatives=pack.alternatives(tool_caller(context), config, intent, plan, shown),
        items=tuple(
            (n, *config.lexicon_products.get(n, ()))
            for call in (plan, *(j["plan"] for j in state.joined))
            for n in summary_items(call["summary"])
        ),
        write_tasks=write_actions(config),
        picked_by=config.picked_words,
        write_topics=write_topics(config),
        announced=sum(
            # a request for several targets said to come next counts as that many changes
            int(n["data"].get("count") or len(n["data"].get("requests", ())))
            for n in state.notices
            if n["key"] in ("agenda.queued", "agenda.noted")
        ),
        other_items=pack.other_parts(tool_caller(context), config, state.user_id, orders),
        unlisted_products=unlisted_products(
            config,
            plan,
            state.joined,
            pack.listed_parts(tool_caller(context), state.user_id, orders),
        ),
        choice=price_choice(" ".join(frame.get("utterances") or [])) if frame else None,
        done_before=_done_before(state.last_write, plan["tool"]),
        joined=tuple(_task_of(config, j["intent"]) for j in state.joined),
        writes=len(state.listing),
    )


def unlisted_products(
    config: DomainConfig,
    plan: ActionPlan,
    joined: Sequence[JoinedWrite],
    in_orders: set[str] | frozenset[str] = frozenset(),
) -> tuple[tuple[str, ...], ...]:
    """Each product neither listed nor in a listed order, with its names (naming one: no yes).

    Only for listings of items. The listed orders' other items are left out: "that's the
    order with the air purifier and the speaker" says which order it is.
    """
    calls = (plan, *(j["plan"] for j in joined))
    listed = {n for call in calls for n in summary_items(call["summary"])}
    if not listed:
        return ()
    listed |= set(in_orders)
    return tuple(
        (name, *aliases) for name, aliases in config.lexicon_products.items() if name not in listed
    )


def _task_of(config: DomainConfig, intent: str) -> str:
    """The task an intent is, as the confirmation reader names it: its family, or itself."""
    spec = config.intents.get(intent)
    return (spec.family or spec.name) if spec else intent


def _done_before(last_write: Mapping[str, Any] | None, tool: str) -> str | None:
    """The order the last change of the same tool was made to, if any."""
    if last_write is None or last_write.get("tool") != tool:
        return None
    order_id = (last_write.get("args") or {}).get("order_id")
    return str(order_id) if order_id else None


def summary_items(value: Any) -> list[str]:
    """The names of the order items a confirmation's summary lists, in order."""
    if isinstance(value, dict):
        if "item_id" in value and isinstance(value.get("name"), str):
            return [value["name"]]
        return [n for item in value.values() for n in summary_items(item)]
    if isinstance(value, list | tuple):
        return [n for item in value for n in summary_items(item)]
    return []


def write_actions(config: DomainConfig) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each write task (family or intent) with the words naming its action."""
    return _write_words(config, "actions")


def write_topics(config: DomainConfig) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each write task (family or intent) with the words of what it changes."""
    return _write_words(config, "topic")


def _write_words(config: DomainConfig, field: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    found: dict[str, tuple[str, ...]] = {}
    for spec in config.intents.values():
        if spec.kind == "write":
            key = spec.family or spec.name
            found[key] = (*found.get(key, ()), *getattr(spec, field))
    return tuple(sorted(found.items()))


def summary_values(value: Any) -> list[str]:
    """Every value of a confirmation's summary, flattened (items, amounts, addresses …)."""
    if isinstance(value, dict):
        return [v for item in value.values() for v in summary_values(item)]
    if isinstance(value, list | tuple):
        return [v for item in value for v in summary_values(item)]
    return [] if value is None or isinstance(value, bool) else [str(value)]


def task_reader(context: Context) -> Callable[[str], str | None]:
    """Reads a part of a reply: the task it asks for (an intent's family or name), or None."""
    config = domain_config(context)
    understander = understander_of(context)
    offline = getattr(understander, "offline", understander)

    def classify(text: str) -> str | None:
        spec = config.intents.get(offline.read(text).intent)
        if spec is None or spec.kind not in ("read", "write", "knowledge", "handoff"):
            return None
        return spec.family or spec.name

    return classify


def another_change(
    context: Context, state: DialogueState, reading: ConfirmationReading, text: str
) -> str:
    """The words of another kind of change asked besides the listed one, or "".

    "Wait, also cancel #W2": the reader's "no" for another change, said to come in
    addition ("also", "另外"), not instead. "Wait, also in that order: change the
    silicone-strap watch to a metal one": no question and no yes, and a request of another
    kind of change (another intent, not of the listed one's family), said to come besides.
    """
    if reading.reading == "no":
        if "other_change" not in reading.cues or not reading.rest:
            return ""
        if asks_besides(reading.rest):
            return reading.rest
        # "先等等，还有一件：那块硅胶表带的手表换成…": the word saying "besides" opens the
        # reply, before the rest the reader cut out; the whole reply is the request's words
        # (they say which item)
        return text if reading.cues == ("other_change",) and asks_besides(text) else ""
    if reading.reading not in ("question", "unclear") or "question" in reading.cues:
        return ""
    frame = state.frame
    if frame is None or ex.is_question(text) or not asks_besides(text):
        return ""
    config = domain_config(context)
    listed = config.intents.get(frame["intent"])
    spec = config.intents.get(understander_of(context).read(text).intent)
    if spec is None or listed is None or spec.kind != "write":
        return ""
    same = spec.name == listed.name or (spec.family is not None and spec.family == listed.family)
    return "" if same else text


def asks_for_human(context: Context, text: str, reading: str) -> bool:
    """True when the reply asks for a person ("can I talk to someone?").

    A question that only sounds like a complaint ("I threw out the case, is that a
    problem") is answered: at a question, only a handoff request of full rank (not one
    the domain ranks below requests, like a complaint) takes the conversation to a human.
    """
    config = domain_config(context)
    understander = understander_of(context)
    spec = config.intents.get(getattr(understander, "offline", understander).read(text).intent)
    if spec is None or spec.kind != "handoff":
        return False
    full_rank = spec.priority is None or spec.priority >= INTENT_RANK["handoff"]
    # a complaint's words ("麻烦了", "this is a mess") beside an answer are no request for a
    # person: only one that asks for a person, or anger, hands the listing to a human
    return full_rank or (reading != "question" and (ex.asks_for_person(text) or ex.is_angry(text)))


def note_of(reading: ConfirmationReading) -> ConfirmationNote:
    """The reading as state keeps it."""
    return ConfirmationNote(
        reading=reading.reading,
        source=reading.source,
        cues=list(reading.cues),
        rest=reading.rest,
        changed=list(reading.changed),
        explicit=reading.explicit,
    )


def defers(reading: ConfirmationReading) -> bool:
    """True when a reply puts the decision off ("let me ask my husband first", "稍后再说")."""
    return reading.reading == "question" and "defer" in reading.cues


def parked(
    context: Context,
    state: DialogueState,
    base: dict[str, Any],
    text: str,
    reading: ConfirmationReading,
    *,
    before: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    """The update that puts the listing on hold: it is shown, and nothing is asked.

    After a deferral, a goodbye or a handoff the agent says how to go on instead of asking
    yes or no; a later yes is answered by listing the change again, for a yes of its own.
    """
    closing = parked_closing(context, text)
    notices = [*before, {"key": closing or "confirm.take_your_time", "data": {}}]
    return {**base, "decision": turn_decision("park"), "notices": notices, **held_listing(state)}


def held_listing(state: DialogueState) -> dict[str, Any]:
    """The reply of a parked listing: what is on hold (its requests and orders)."""
    frame = state.frame
    intents = [frame["intent"]] if frame is not None else []
    intents += [j["intent"] for j in state.joined]
    listed = (w["args"].get("order_id") for w in state.listing)
    orders = list(dict.fromkeys(str(o) for o in listed if o))
    return {
        "reply_key": "confirm.parked",
        "reply_data": {
            "requests": [f"request.{i}" for i in dict.fromkeys(intents)],
            "orders": ", ".join(orders) or "—",
        },
    }


def parked_closing(context: Context, text: str) -> str | None:
    """The notice for a thanks or goodbye that parks a listing ("before you go …"), if it is one."""
    config = domain_config(context)
    offline = getattr(understander_of(context), "offline", understander_of(context))
    key = f"{offline.read(text).intent}.parked"
    return key if key in config.replies else None


def at_parked(
    context: Context,
    state: DialogueState,
    base: dict[str, Any],
    reading: ConfirmationReading,
    text: str,
) -> Command[AfterConfirmation] | None:
    """A reply while the listing is on hold; None when it is read as at any listing.

    A yes is answered by listing the change again (the reply before asked nothing); an
    acknowledgement, a deferral or a goodbye keeps it on hold; a question is answered and it
    stays on hold; a new request is read as a new message (the listing is dropped). A no or
    a correction is read as at any listing.
    """
    if reading.executes and reading.explicit:
        return Command(goto="check_policy", update=_listed_again(base, state))
    if reading.reading in ("no", "correction") or asks_for_human(context, text, reading.reading):
        return None
    if reading.reading == "question" and not defers(reading):
        return Command(goto="answer_question", update=base)
    if reading.reading == "unclear" and "closing" not in reading.cues:
        asked_for = task_reader(context)(text)
        if asked_for is not None:
            update = {**base, "plan": None, "joined": [], "listing": [], "question": None}
            return Command(goto="guard_input", update=update)
    still = (
        []
        if reading.reading == "question" or "closing" in reading.cues
        else [{"key": "confirm.still_parked", "data": {}}]
    )
    update = parked(context, state, base, text, reading)
    if still:
        update["notices"] = still
    return Command(goto="compose_reply", update=update)


def on_hold(
    context: Context,
    state: DialogueState,
    base: dict[str, Any],
    reading: ConfirmationReading,
    text: str,
) -> Command[AfterConfirmation] | None:
    """What the protocol's state decides of a reply before anything else (None: nothing).

    At a parked listing, see :func:`at_parked`. A yes that only acknowledges, after a reply
    that said something besides the question, has the question asked again on its own. A
    deferral or a goodbye parks the listing.
    """
    question = state.question
    if not reading.executes and asks_for_human(context, text, reading.reading):
        return None  # "before I say yes, get me a person": a human takes over (undecided)
    if question is not None and question["status"] == "parked":
        return at_parked(context, state, base, reading, text)
    if reading.executes and acknowledges_only(question, base["confirmation"]):
        # "ok" after an answer, or after "sorry, I need a clear yes or no": it may acknowledge
        # that rather than answer the question; the question is asked again, on its own
        to_be_sure = {"key": "confirm.to_be_sure", "data": {}, "preface": True}
        return Command(
            goto="compose_reply",
            update={**base, "decision": turn_decision("confirm"), "notices": [to_be_sure]},
        )
    if defers(reading) or "closing" in reading.cues:
        # "let me check with my wife first", "ok thanks, talk later": the listing is put on
        # hold, and no yes/no is asked in the same breath (an "ok" would answer it)
        return Command(goto="compose_reply", update=parked(context, state, base, text, reading))
    return None


@audited("await_confirmation")
def await_confirmation(
    state: DialogueState, runtime: Runtime[Context]
) -> Command[AfterConfirmation]:
    """Pause until the user answers the confirmation; only a yes to what was listed proceeds.

    The reply is read by the confirmation reader into one of six readings. ``yes`` and
    ``yes_and_more`` execute the listed write (the rest of a yes_and_more is taken up
    afterwards); ``no`` drops it; a ``question`` is answered and the same confirmation asked
    again; a ``correction`` is read anew against the task, which lists the corrected change
    for a new yes; ``unclear`` asks again. After ``max_confirm_rounds`` questions or unclear
    replies a human takes over, with nothing changed.
    """
    context = runtime.context
    plan = state.plan
    answer = interrupt(
        {"type": "confirmation", "question": state.reply, "tool": plan["tool"] if plan else None}
    )
    # a secret the reply states (a PIN) is sealed before anything keeps the reply
    text, sealed = seal_secrets(context, state.frame, answer_text(answer))
    base: dict[str, Any] = {
        # a new turn: the answer continues the listed call, asked in the request's words
        **fresh_turn(keep=("plan", "understanding", "joined")),
        "sealed": sealed,
        "messages": [HumanMessage(content=text)],
        "path": [TURN_START],
        "turn": state.turn + 1,
        "turn_started": time.time(),
        "awaiting": "nothing",
        "settled": True,
    }
    verdict = screen(text, context, state.user_id or state.channel_user_id or session_id())
    base["language"] = ex.detect_language(text[:LANGUAGE_PREFIX], state.language)
    if not verdict.allowed or plan is None:
        # A refused reply changes nothing and is not read: the same confirmation is asked again.
        audit_log(context.database_url).record(
            session_id(),
            "rejection",
            verdict.reason,
            {"detail": verdict.detail, "chars": len(text)},
        )
        refused = {
            "key": REFUSED.get(verdict.reason, "reject.guard"),
            "data": {"limit": context.max_message_chars},
        }
        return Command(
            goto="compose_reply",
            update={**base, "decision": turn_decision("confirm"), "notices": [refused]},
        )
    if state.user_id is not None and speaker_not_holder(text):
        # "Actually, I'm her husband": nothing listed is done; the account is closed
        return Command(goto="compose_reply", update={**base, **not_the_holder(state, context)})
    base["language"] = ex.detect_language(text, state.language)
    with turn_deadline(base["turn_started"] + context.turn_deadline_seconds):
        reading = read_reply(context, state, plan, text)
    base["confirmation"] = note_of(reading)
    audit_log(context.database_url).record(
        session_id(), "confirmation", reading.reading, {"text": text, **note_of(reading)}
    )
    held = on_hold(context, state, base, reading, text)
    if held is not None:
        return held
    stack = state.stack
    # "… but don't switch the payment after all": that request is off
    stack, joined = _without_declined(context, state, reading)
    base.update(stack=stack, joined=joined)
    if len(joined) < len(state.joined) and not reading.executes:
        # a change listed with this one is off: what is left is decided and listed again
        return Command(goto="check_policy", update=_listed_again(base, state))
    if reading.executes:
        agreed = _agreed(context, state, reading, stack)
        return Command(goto="execute_tool", update={**base, **agreed})
    besides = another_change(context, state, reading, text)
    following = following_request(context, state.frame, besides) if besides else None
    if following is not None:
        # "Wait, also in that order: change the watch to a metal one", "wait, also cancel
        # #W2": no yes to the listed change and another change besides it; the new one
        # waits behind the listed one, which is asked again (each gets its own yes).
        queued = {"requests": [f"request.{following['intent']}"]}
        return Command(
            goto="compose_reply",
            update={
                **base,
                "decision": turn_decision("confirm"),
                "confirm_rounds": state.confirm_rounds + 1,  # still no answer to the listing
                "stack": apply(stack, Queue((following,), restating=True)),
                "notices": [{"key": "agenda.queued", "data": queued, "after": True}],
            },
        )
    ahead = joined_correction(domain_config(context), joined, plan, reading, text)
    if ahead is None:
        ahead = words_for_waiting(context, stack, plan, reading, text)
    if ahead is not None and not 0 <= ahead < len(stack):
        ahead = None
    if ahead is not None and ahead in {j["position"] for j in joined}:
        # said for a change listed with this one ("refund the return to my gift card" when a
        # cancellation is listed first): kept for it, and the whole listing is decided and
        # listed again, for a new yes
        told = told_waiting(stack, ahead, text, _values_for(context, stack[ahead], text))
        # (the notice is said only if it is not listed again: then it waits behind the listing)
        noted = {"requests": [f"request.{stack[ahead]['intent']}"]}
        return Command(
            goto="check_policy",
            update={
                **_listed_again(base, state),
                "stack": told,
                "notices": [{"key": "agenda.noted", "data": noted, "after": True}],
            },
        )
    if ahead is not None:
        # "i5 over i7, and silver or black" at a return's listing: said ahead for the laptop
        # change waiting behind it; kept for it, and the listing is asked again
        return Command(
            goto="compose_reply",
            update={
                **base,
                "decision": turn_decision("confirm"),
                "confirm_rounds": state.confirm_rounds + 1,
                "stack": told_waiting(stack, ahead, text, _values_for(context, stack[ahead], text)),
                "notices": [
                    {
                        "key": "agenda.noted",
                        "data": {"requests": [f"request.{stack[ahead]['intent']}"]},
                        "after": True,
                    }
                ],
            },
        )
    if reading.reading == "no":
        dropped = {**base, "plan": None, "joined": [], "listing": [], "confirm_rounds": 0}
        dropped["confirmation"] = {**base["confirmation"], "declined": list(state.listing)}
        if reading.rest:  # "no — get me a human": the change is off, the rest is read anew
            said_no = [{"key": "declined.short", "data": {}}]
            update = {**dropped, "stack": apply(stack, Drop()), "notices": said_no}
            return Command(goto="guard_input", update=update)
        resumed = end_task(stack)
        following = current(resumed)
        below = waiting(stack)
        if (
            following is not None
            and below
            and below[-1]["kind"] == "queued"
            and not following["prompt"]
        ):
            # the request waiting behind the declined one ("After that, I'll help you with …")
            # is taken up now, through the policy check, for its own yes
            understanding = state.understanding
            return Command(
                goto="check_policy",
                update={
                    **dropped,
                    "decision": turn_decision("resume"),
                    "stack": resumed,
                    "notices": [{"key": "declined.short", "data": {}}],
                    "understanding": {**understanding, "act": "resume"} if understanding else None,
                },
            )
        return Command(
            goto="compose_reply",
            update={
                **dropped,
                "decision": turn_decision("respond"),
                "stack": resumed,
                "reply_key": "declined",
                "notices": resume_notice(following),
            },
        )
    if reading.reading == "correction":
        # Read anew against the task: the corrected change is listed for a new yes.
        note = {**base["confirmation"], "corrected": list(state.listing)}
        return Command(
            goto="guard_input",
            update={
                **base,
                "confirmation": note,
                "plan": None,
                "joined": [],
                "listing": [],
                "confirm_rounds": 0,
            },
        )
    return undecided(context, state, base, reading, text)


def undecided(
    context: Context,
    state: DialogueState,
    base: dict[str, Any],
    reading: ConfirmationReading,
    text: str,
) -> Command[AfterConfirmation]:
    """A reply that neither agrees, declines nor corrects: answered, asked again, or a human.

    After ``max_confirm_rounds`` such replies, or when the reply asks for a person, a human
    takes over; the listing is kept on hold for when the conversation is handed back.
    """
    rounds = state.confirm_rounds + 1
    if rounds > context.max_confirm_rounds or asks_for_human(context, text, reading.reading):
        reason = "requested" if rounds <= context.max_confirm_rounds else "confirmation_undecided"
        return Command(
            goto="handoff",
            update={
                **base,
                "confirm_rounds": 0,
                "decision": turn_decision("handoff", reason),
                "reply_data": {"reason": reason},
            },
        )
    if reading.reading == "question":
        return Command(goto="answer_question", update={**base, "confirm_rounds": rounds})
    return Command(
        goto="compose_reply",
        update={
            **base,
            "decision": turn_decision("confirm"),
            "confirm_rounds": rounds,
            "notices": [{"key": "confirm.unclear", "data": {}}],
        },
    )


REFUSED = {
    "too_long": "reject.too_long",
    "empty": "reject.empty",
    "rate_limited": "reject.rate_limited",
    "sensitive": "reject.sensitive",
}


def read_reply(
    context: Context, state: DialogueState, plan: ActionPlan, text: str
) -> ConfirmationReading:
    """The offline reading of a reply, made more cautious by the model when one is configured."""
    listed = listed_of(context, state, plan)
    offline = read_confirmation(text, listed, task_reader(context))
    if not context.llm_enabled or (offline.cues in (("agree",), ("deny",)) and not offline.rest):
        return offline  # a bare yes or no needs no model
    from keel.understanding.model import model_confirmation_reader

    model = model_confirmation_reader(context).read(text, listed, state.reply, state.language)
    return offline if model is None else most_cautious(offline, model)


def _agreed(
    context: Context,
    state: DialogueState,
    reading: ConfirmationReading,
    stack: Sequence[TaskFrame],
) -> dict[str, Any]:
    """The update of a yes: execute, every listed order if "yes to all", then the rest."""
    commands: list[StackCommand] = []
    frame = current(stack)
    # "yes to all" covers the other orders only when they were listed (an item change of
    # each order is listed on its own)
    if frame is not None and frame["orders"] and reading.all_listed and len(state.listing) > 1:
        commands.append(Update({**frame, "all_agreed": True}))
    if reading.reading == "yes_and_more" and reading.rest:
        following = following_request(context, frame, reading.rest)
        if following is not None:  # taken up once the listed change is done
            commands.append(Queue((following,), restating=True))
    if reading.more_orders and frame is not None:
        # "yes, #W2 too": the same task for each, asked and listed anew (the first on top)
        more = tuple(new_frame(frame["intent"], {"order_id": o}) for o in reading.more_orders)
        commands.append(Queue(more))
    return {
        "decision": turn_decision("execute"),
        "confirm_rounds": 0,
        "stack": apply_all(stack, commands),
    }


def declined_intents(
    config: DomainConfig, stack: Sequence[TaskFrame], tasks: Sequence[str]
) -> tuple[str, ...]:
    """The intents of the waiting tasks that are of ``tasks`` (intent names or families)."""
    return tuple({f["intent"] for f in waiting(stack) if _task_of(config, f["intent"]) in tasks})


def joined_correction(
    config: DomainConfig,
    joined: Sequence[JoinedWrite],
    plan: ActionPlan,
    reading: ConfirmationReading,
    text: str,
) -> int | None:
    """The change listed with the first one that a correction speaks to (its stack index).

    A correction of a kind of value (a payment, an address) the first listed change takes
    none of is for the one change listed with it that takes it; of several, for the one whose
    order the correction names, or whose own target it names ("my default address").
    """
    if reading.reading != "correction" or not joined:
        return None
    keys = {k for kind in reading.changed for k in config.corrected_args.get(kind, ())}
    if not keys or keys & _arg_keys(plan):
        return None
    takers = [j for j in joined if keys & _arg_keys(j["plan"])]
    named = set(ex.order_ids(text))
    if len(takers) > 1 and named:
        takers = [j for j in takers if j["plan"]["args"].get("order_id") in named]
    if len(takers) > 1:
        intents = [j["intent"] for j in takers]
        takers = [
            j
            for j in takers
            if all(
                config.names_own_target(j["intent"], o, text) for o in intents if o != j["intent"]
            )
        ]
    return takers[0]["position"] if len(takers) == 1 else None


def _arg_keys(plan: ActionPlan) -> set[str]:
    """The names of a call's arguments, and of the fields of the ones made of fields."""
    args = plan["args"]
    return {*args, *(k for v in args.values() if isinstance(v, Mapping) for k in v)}


def _without_declined(
    context: Context, state: DialogueState, reading: ConfirmationReading
) -> tuple[TaskStack, list[JoinedWrite]]:
    """The stack without the waiting requests a reply declines, and the joined changes left."""
    if not reading.declined:
        return list(state.stack), list(state.joined)
    config = domain_config(context)
    stack = apply(state.stack, DropWaiting(declined_intents(config, state.stack, reading.declined)))
    return stack, rejoined(state.stack, stack, state.joined)


def rejoined(
    before: Sequence[TaskFrame], after: Sequence[TaskFrame], joined: Sequence[JoinedWrite]
) -> list[JoinedWrite]:
    """The joined changes whose requests are still on the stack, at their places in ``after``."""
    places: list[JoinedWrite] = []
    taken: set[int] = set()
    for j in joined:
        frame = before[j["position"]] if 0 <= j["position"] < len(before) else None
        place = next((i for i, f in enumerate(after) if f == frame and i not in taken), None)
        if place is not None:
            taken.add(place)
            places.append({**j, "position": place})
    return places


def _listed_again(base: dict[str, Any], state: DialogueState) -> dict[str, Any]:
    """The update that decides the listed change anew and lists what is left for a new yes."""
    understanding = state.understanding
    frame = state.frame
    if understanding is None and frame is not None:  # after a handoff: the task's own words
        understanding = Understanding(
            text=(frame["utterances"] or [""])[-1],
            intent=frame["intent"],
            confidence=1.0,
            slots={},
            act="resume",
            source="offline",
        )
    return {
        **base,
        "plan": None,
        "joined": [],
        "listing": [],
        "confirm_rounds": 0,
        "understanding": {**understanding, "act": "resume"} if understanding else None,
    }


def words_for_waiting(
    context: Context,
    stack: TaskStack,
    plan: ActionPlan,
    reading: ConfirmationReading,
    text: str,
) -> int | None:
    """The waiting request a reply at a listing speaks to instead (its index in the stack).

    A reply neither agreeing nor declining, naming products or option values only a
    waiting item change names (none of the listed change's), or a payment the listed change
    takes none of: the customer answered ahead.
    """
    if reading.reading not in ("correction", "question", "unclear") or ex.is_question(text):
        return None
    config = domain_config(context)
    if "picks_task" in reading.cues or config.chosen(text) is not None:
        return None  # "then do the exchange": that task is taken up now, not later
    listed_items = plan["summary"].get("items") or []
    shown = " ".join(
        str(v) for i in listed_items for v in (i.get("options") or {}).values()
    ).lower()
    names = list(config.lexicon_products)
    listed_names = {str(i.get("name")) for i in listed_items}
    # "use my gift card for any difference" at an address change's listing: a payment for a
    # price difference, which the listed change takes none of
    payment = config.slot_of("payment")
    pays = (
        "payment" in reading.changed
        and (payment is None or payment not in plan["args"])
        and ex.pays_difference(text)
    )
    said = set(mentioned_products(text, names, config.lexicon))
    for index, frame in enumerate(stack):
        if frame["kind"] != "queued" or frame["intent"] not in domain_pack(context).part_intents:
            continue
        theirs = {
            n for u in frame["utterances"] for n in mentioned_products(u, names, config.lexicon)
        }
        if pays or (said and said <= theirs - listed_names):
            return index  # "only change the backpack. Leave the desk lamp as it is."
        if theirs & listed_names:
            continue  # the same product listed: its values may correct the listing
        named = domain_pack(context).option_values_named(
            tool_caller(context), config, frame["utterances"], text
        )
        if named and not any(v.lower() in shown for v in named):
            return index
    return None


def _values_for(context: Context, frame: TaskFrame, text: str) -> dict[str, Any]:
    """The values ``text`` states that ``frame``'s task takes ("use PayPal instead")."""
    from keel.nodes.tracking import task_slots
    from keel.understanding.offline import TurnHints

    config = domain_config(context)
    spec = config.intent(frame["intent"])
    values = task_slots(config, domain_pack(context).extract_slots(text, TurnHints()), spec)
    return {k: v for k, v in values.items() if k not in ("order_id", "order_ids")}


def following_request(context: Context, frame: TaskFrame | None, rest: str) -> TaskFrame | None:
    """The task of the separate request said together with a yes."""
    from keel.nodes.tracking import carry_order, task_slots

    config = domain_config(context)
    reading = understander_of(context).read(rest)
    spec = config.intents.get(reading.intent)
    if spec is None or spec.kind not in ("read", "write", "knowledge"):
        return None
    focus = str(frame["slots"]["order_id"]) if frame and frame["slots"].get("order_id") else None
    slots = task_slots(config, carry_order(spec, rest, reading.slots, focus), spec)
    return new_frame(spec.name, slots, [rest])


@audited("answer_question")
def answer_question(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Answer a question asked at a confirmation, then ask the same confirmation again.

    A question about the listed order ("what's the total of that order?") is answered by
    reading that order; a policy question from the knowledge base; otherwise the customer
    is told it can't be answered here. Only reads run: nothing else is started.
    """
    context = runtime.context
    text = last_user_text(state)
    plan = state.plan
    order_id = plan["args"].get("order_id") if plan else None
    cues = set(state.confirmation["cues"]) if state.confirmation is not None else set()
    if cues and cues <= {"hedge"}:  # "hmm, I'm not sure": no hurry (asked again, besides)
        return {
            "decision": turn_decision("confirm"),
            "notices": [{"key": "confirm.take_your_time", "data": {}}],
        }
    if cues in ({"count_differs"}, {"names_some_changes"}):
        # "yes to all three" of one listed change, "yes, ship it" of two: what a yes covers
        key = "confirm.covers_all" if "names_some_changes" in cues else "confirm.count_differs"
        return {"decision": turn_decision("confirm"), "notices": [{"key": key, "data": {}}]}
    user_id = state.user_id or state.channel_user_id
    notice = _order_answer(context, text, order_id, user_id) or _knowledge_answer(
        context, state, text
    )
    answer = notice or {"key": "confirm.question_unanswered", "data": {}}
    asked = (notice or {}).get("data", {}).get("order_id")
    update: dict[str, Any] = {"notices": [answer]}
    if asked and asked != order_id:  # only asked about: never the target of this listing
        update["looked_up"] = [*(o for o in state.looked_up if o != asked), str(asked)]
    if state.question is not None and state.question["status"] == "parked":
        # answered; the listing stays on hold, and no yes/no is asked after the answer
        return {**update, "decision": turn_decision("park"), **held_listing(state)}
    return {**update, "decision": turn_decision("confirm")}


def _order_answer(
    context: Context, text: str, order_id: Any, user_id: str | None
) -> dict[str, Any] | None:
    """The answer of a look-up of an order, when the question asks for one.

    The order is the listed one, or another one the question names ("did #W2 arrive
    already?") when it is the customer's own.
    """
    config = domain_config(context)
    reading = understander_of(context).read(text)
    spec = config.intents.get(reading.intent)
    named = list(dict.fromkeys(ex.order_ids(text)))
    takes_order = spec is not None and "order_id" in (*spec.slots, *spec.optional)
    if spec is None or spec.kind != "read" or not spec.tool or not takes_order or not order_id:
        return None
    call = tool_caller(context)
    if not named:  # "has my laptop order shipped?": the customer's order holding a laptop
        named = domain_pack(context).described_targets(call, config, user_id, text, order_id)[:1]
    if named and named != [order_id]:
        if len(named) > 1 or not _owned(call, named[0], user_id):
            return None  # not one order of the customer's: not answered here
        order_id = named[0]
    read = ActionPlan(tool=spec.tool, args={"order_id": order_id}, write=False, summary={})
    outcome = call(read["tool"], read["args"])
    if not outcome["ok"]:
        return None
    key, data = domain_pack(context).present(config, spec.name, read, outcome, text)
    return {"key": key, "data": data}


def _owned(call: Callable[..., Any], order_id: str, user_id: str | None) -> bool:
    """True when the order exists and belongs to the verified customer."""
    if user_id is None:
        return False
    outcome = call("get_order_owner", {"order_id": order_id})
    return bool(outcome["ok"] and outcome["data"]["order"]["user_id"] == user_id)


def _knowledge_answer(context: Context, state: DialogueState, text: str) -> dict[str, Any] | None:
    """The knowledge base's answer to a question, when it has one."""
    config = domain_config(context)
    knowledge = next((s for s in config.intents.values() if s.kind == "knowledge"), None)
    if knowledge is None or not knowledge.tool:
        return None
    outcome = tool_caller(context)(knowledge.tool, {"query": text, "lang": state.language})
    if not outcome["ok"] or not outcome["data"].get("passages"):
        return None
    probe = ActionPlan(tool=knowledge.tool, args={}, write=False, summary={})
    key, data = domain_pack(context).present(config, knowledge.name, probe, outcome, text)
    return {"key": key, "data": data}


def expired_secrets(args: dict[str, Any]) -> list[str]:
    """The arguments that are handles to secrets no longer held (expired, another process)."""
    return [name for name, value in args.items() if is_handle(value) and reveal(value) is None]


def secret_asked_again(
    context: Context, state: DialogueState, frame: TaskFrame, expired: list[str]
) -> dict[str, Any]:
    """The update when a listed write needs a secret that is no longer held: nothing runs.

    The frame forgets every such handle and the policy decides again, so the business asks
    for the value again in its own words (with a word on why, if it has one).
    """
    slots = {k: v for k, v in frame["slots"].items() if not (is_handle(v) and reveal(v) is None)}
    audit_log(context.database_url).record(
        session_id(),
        "confirmation",
        "secret_expired",
        {"tool": state.plan and state.plan["tool"], "args": expired},
    )
    notices = [{"key": "secret.expired", "data": {}}]
    return {
        "decision": turn_decision("resume"),
        "stack": apply(state.stack, Update({**frame, "slots": slots})),
        "listing": [],
        "notices": notices if "secret.expired" in domain_config(context).replies else [],
    }


@audited("execute_tool")
def execute_tool(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Hand the approved call to the task subgraph; a write only if exactly it was listed.

    The call becomes the task's plan (its arguments known: the ones listed and agreed
    to); the subgraph runs it through calibration, reflects on a failure (another tool
    for a read, never another write without a new yes) and sums up what it did.
    """
    context = runtime.context
    plan = state.plan
    frame = state.frame
    assert plan is not None
    if plan["write"] and frame is not None and expired_secrets(plan["args"]):
        return secret_asked_again(context, state, frame, expired_secrets(plan["args"]))
    if plan["write"] and not is_listed(state.listing, plan["tool"], plan["args"]):
        # A write runs only after a yes to exactly this tool and these arguments: one that
        # was not listed (the policy re-derived it differently) is listed now for a yes.
        audit_log(context.database_url).record(
            session_id(),
            "confirmation",
            "unlisted_write",
            {"tool": plan["tool"], "args": plan["args"]},
        )
        return {"decision": turn_decision("confirm"), "notices": list(state.notices)}
    if plan["write"] and not yes_answers_question(state.question, state.turn, state.confirmation):
        # The protocol's rule, kept here for every write: this turn's reply is a yes to the
        # question the agent's message just before asked. Nothing upstream should get here
        # without one; if something does, the change is listed again for a yes of its own.
        audit_log(context.database_url).record(
            session_id(),
            "confirmation",
            "unanswered_write",
            {"tool": plan["tool"], "args": plan["args"], "question": state.question},
        )
        return {"decision": turn_decision("confirm"), "notices": []}
    intent = frame["intent"] if frame else plan["tool"]
    text = state.understanding["text"] if state.understanding else ""
    update: dict[str, Any] = {
        "decision": turn_decision("execute"),
        "task_run": None,
        "agreed": [],
        "joined": [],
    }
    if plan["write"] and frame is not None and frame["all_agreed"] and frame["orders"]:
        # "Yes to all": every other listed order the policy lets run now is a step of this
        # task; the first it decides otherwise waits, with the rest, behind the task.
        config = domain_config(context)
        user_id = state.user_id or state.channel_user_id
        inp = policy_input(state, config, frame, "resume", user_id)
        agreed, left = agreed_orders(tool_caller(context), inp, frame, state.listing)
        update.update(agreed=agreed, stack=apply(state.stack, Update(left)))
    if plan["write"] and frame is not None and not frame["orders"]:
        # the other requests' writes listed with this one: each decided again now, a step
        # of this task only if it is exactly what was listed
        config = domain_config(context)
        user_id = state.user_id or state.channel_user_id
        inp = policy_input(state, config, frame, "resume", user_id)
        caller = tool_caller(context)
        update["joined"] = joined_writes(
            caller, inp, state.stack, plan, context.max_writes_per_yes, state.listing
        )
    calls = [plan, *update["agreed"], *(j["plan"] for j in update.get("joined", ()))]
    update["task"] = TaskBrief(
        intent=intent,
        text=text,
        slots=dict(plan["args"]),
        user_id=state.user_id or state.channel_user_id,
        language=state.language,
        run_id=f"turn-{state.turn}",  # a run resumed after a crash replays, never writes twice
        calls=[ListedWrite(tool=c["tool"], args=dict(c["args"])) for c in calls],
        mode="dialogue",
    )
    return update


def task_outcome(run: TaskRun | None) -> ToolOutcome:
    """The task's answer: the outcome of its last step that ran, or why nothing ran."""
    if run is not None and run["outcome"] is not None:
        return run["outcome"]
    reason = run["stop_reason"] if run is not None else "the task did not run"
    return ToolOutcome(tool="", ok=False, data={}, error="UNKNOWN", message=reason)


def task_trail(run: TaskRun | None) -> list[str]:
    """The dialogue path of a task run: ``run_task`` and the subgraph's nodes inside it."""
    return ["run_task", *(f"run_task:{n}" for n in (run["path"] if run else []))]


@audited("finish_task")
def finish_task(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Present what the task subgraph did, then resume whatever waits behind the task."""
    context = runtime.context
    plan = state.plan
    frame = state.frame
    run = state.task_run
    assert plan is not None
    intent = frame["intent"] if frame else plan["tool"]
    if run is not None and run["status"] == "needs_confirmation":
        return {
            "decision": turn_decision("confirm"),
            "notices": list(state.notices),
            "path": ["run_task"],
        }
    if state.agreed or state.joined:
        return _finish_steps(state, context, [plan, *state.agreed], run)
    outcome = task_outcome(run)
    answered_by = (run["answered_by"] if run else None) or plan["tool"]
    if outcome["ok"] and answered_by != plan["tool"]:
        # an alternative tool answered (the planned one failed): presented as its own intent's
        intent = alternative_intent(domain_config(context), answered_by) or intent
        plan = ActionPlan(tool=answered_by, args=plan["args"], write=plan["write"], summary={})
    trail = task_trail(run)
    recent = [*state.recent_results, {"tool": plan["tool"], "args": plan["args"], **outcome}]
    update: dict[str, Any] = {
        "outcome": outcome,
        "recent_results": recent[-RECENT_RESULTS:],
        "path": trail,
    }
    if plan["write"]:  # one yes, one write: what ran is no longer covered by the listing
        done = canonical(plan["args"])
        update["listing"] = [
            w for w in state.listing if (w["tool"], canonical(w["args"])) != (plan["tool"], done)
        ]
    if plan["args"].get("order_id"):
        update["focus_order"] = str(plan["args"]["order_id"])
        if not plan["write"]:  # read for an answer: asked about, not asked to change
            read = str(plan["args"]["order_id"])
            update["looked_up"] = [*(o for o in state.looked_up if o != read), read][-10:]
    if not outcome["ok"]:
        if not ends_in_handoff(outcome["error"]):
            return {
                **update,
                "decision": turn_decision("respond"),
                "plan": None,
                "reply_key": "tool.failed",
                "reply_data": {
                    "detail": failure_text(domain_config(context), outcome["error"], state.language)
                },
            }
        return {
            **update,
            "decision": turn_decision("handoff", "tool_failure"),
            "reply_key": "handoff.notice",
            "reply_data": {"reason": "tool_failure"},
        }
    text = state.understanding["text"] if state.understanding else ""
    key, data = domain_pack(context).present(domain_config(context), intent, plan, outcome, text)
    update.update(plan=None if plan["write"] else plan, reply_key=key, reply_data=data)
    if plan["write"]:
        update["last_write"] = {
            "tool": plan["tool"],
            "args": plan["args"],
            "summary": plan["summary"],
        }
    queued = list(frame["orders"] or []) if frame and plan["write"] else []
    if queued:
        # "Cancel both": this one is done; the next order goes through the policy check
        # and gets its own confirmation.
        parts = domain_pack(context).part_intents
        following = Update(next_in_queue(frame, queued, parts)) if frame else None
        stack = apply(state.stack, following) if following else state.stack
    else:
        stack = with_order_before(end_task(state.stack), plan["args"].get("order_id"))
    if current(stack) is None:
        return {**update, "decision": turn_decision("respond"), "stack": stack}
    # A digression is answered: its reply goes first, then the suspended task resumes
    # through the policy check (which asks for what it still needs, or confirms).
    understanding = state.understanding
    return {
        **update,
        "decision": turn_decision("resume"),
        "stack": stack,
        "notices": [*state.notices, {"key": key, "data": data}],
        "understanding": {**understanding, "act": "resume"} if understanding else None,
    }


def without_positions(stack: Sequence[TaskFrame], positions: Sequence[int]) -> TaskStack:
    """The stack without the frames at ``positions`` (requests taken into the task in focus)."""
    gone = set(positions)
    return [f for i, f in enumerate(stack) if i not in gone]


def with_order_before(stack: TaskStack, order_id: Any) -> TaskStack:
    """The request taken up, given the order of the one before it when it points back at it."""
    frame = current(stack)
    if frame is None:
        return stack
    given = with_order_of(frame, order_id)
    return stack if given is frame else apply(stack, Update(given))


def step_results(
    calls: Sequence[ActionPlan], run: TaskRun | None
) -> list[tuple[ActionPlan, ToolOutcome | None]]:
    """Each call of a literal plan with the result of its step (None: it did not run)."""
    outcomes = run["outcomes"] if run is not None else {}
    return [(call, outcomes.get(literal_step_id(i))) for i, call in enumerate(calls)]


def step_line(
    pack: DomainPack,
    config: DomainConfig,
    intent: str,
    call: ActionPlan,
    outcome: ToolOutcome | None,
    state: DialogueState,
) -> dict[str, Any]:
    """What one step of a several-call task says: its result, or why it was not done."""
    if outcome is not None and outcome["ok"]:
        text = state.understanding["text"] if state.understanding else ""
        key, data = pack.present(config, intent, call, outcome, text)
        return {"key": key, "data": data}
    detail = (
        failure_text(config, outcome["error"], state.language)
        if outcome is not None
        else render(config, "task.not_reached", {}, state.language)
    )
    order_id = call["args"].get("order_id", "")
    return {"key": "task.not_done", "data": {"order_id": order_id, "detail": detail}}


def _finish_steps(
    state: DialogueState, context: Context, calls: list[ActionPlan], run: TaskRun | None
) -> dict[str, Any]:
    """Present a task of several agreed writes (one per order): each done or not, and why.

    What ran is no longer covered by the listing; a failure that needs a person goes to
    the handoff with what was done before it; orders left waiting are taken up next.
    """
    config = domain_config(context)
    frame = state.frame
    intent = frame["intent"] if frame else calls[0]["tool"]
    intents = [*(intent for _ in calls), *(j["intent"] for j in state.joined)]
    calls = [*calls, *(j["plan"] for j in state.joined)]
    results = step_results(calls, run)
    lines = [
        step_line(domain_pack(context), config, kind, call, outcome, state)
        for kind, (call, outcome) in zip(intents, results, strict=True)
    ]
    done = [(c, o) for c, o in results if o is not None and o["ok"]]
    ran = [(c, o) for c, o in results if o is not None]
    recent = [*state.recent_results, *({"tool": c["tool"], "args": c["args"], **o} for c, o in ran)]
    finished = {(c["tool"], canonical(c["args"])) for c, _ in done}
    trail = task_trail(run)
    update: dict[str, Any] = {
        "outcome": task_outcome(run),
        "recent_results": recent[-RECENT_RESULTS:],
        "path": trail,
        "plan": None,
        "agreed": [],
        "listing": [w for w in state.listing if (w["tool"], canonical(w["args"])) not in finished],
        "focus_order": str(calls[-1]["args"].get("order_id") or state.focus_order or "") or None,
    }
    if done:
        last, _ = done[-1]
        update["last_write"] = {
            "tool": last["tool"],
            "args": last["args"],
            "summary": last["summary"],
        }
    if any(not o["ok"] and ends_in_handoff(o["error"]) for _, o in ran):
        return {
            **update,
            "decision": turn_decision("handoff", "tool_failure"),
            "notices": [*state.notices, *lines],
            "reply_key": "handoff.notice",
            "reply_data": {"reason": "tool_failure"},
        }
    queued = list(frame["orders"] or []) if frame else []
    # the requests whose writes ran as steps of this task are over: done, or told why not;
    # one never reached waits, and is taken up next
    joined_results = results[len(results) - len(state.joined) :] if state.joined else []
    ran_joined = [
        j["position"]
        for j, (_, outcome) in zip(state.joined, joined_results, strict=True)
        if outcome is not None
    ]
    stack = without_positions(state.stack, ran_joined)
    if frame is not None and queued:
        stack = apply(
            stack, Update(next_in_queue(frame, queued, domain_pack(context).part_intents))
        )
    else:
        stack = with_order_before(end_task(stack), calls[-1]["args"].get("order_id"))
    *before, final = lines
    if current(stack) is None:
        return {
            **update,
            "decision": turn_decision("respond"),
            "stack": stack,
            "notices": [*state.notices, *before],
            "reply_key": final["key"],
            "reply_data": final["data"],
        }
    understanding = state.understanding
    return {
        **update,
        "decision": turn_decision("resume"),
        "stack": stack,
        "notices": [*state.notices, *lines],
        "understanding": {**understanding, "act": "resume"} if understanding else None,
    }


def alternative_intent(config: DomainConfig, tool: str) -> str | None:
    """The read intent whose own tool is ``tool`` (how its result is presented)."""
    return next(
        (s.name for s in config.intents.values() if s.kind == "read" and s.tool == tool), None
    )
