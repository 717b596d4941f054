"""Acting nodes: wait for the user's explicit yes, then run the approved tool call."""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.messages import HumanMessage
from langgraph.runtime import Runtime
from langgraph.types import Command, interrupt

from calibration.receipts import idempotency_key
from calibration.taxonomy import ends_in_handoff, user_message
from domain.retail.presenters import present
from nodes.common import audited, domain_config, session_id, tool_caller
from nodes.tracking import supersede
from state.context import Context
from state.dialogue import TURN_START, DialogueState, Flow
from understanding import extractors as ex

RECENT_RESULTS = 5


def resume_paused(paused: list[Flow]) -> tuple[Flow | None, list[Flow], list[dict[str, Any]]]:
    """Pop the last suspended task; return it, the rest, and a notice re-asking its question."""
    if not paused:
        return None, paused, []
    rest = list(paused)
    flow = rest.pop()
    prompt = flow.get("prompt")
    notices = [{"key": prompt["key"], "data": prompt["data"], "after": True}] if prompt else []
    return flow, rest, notices


# What the next order of a several-order request keeps: what was said for all of them.
QUEUE_KEEPS = ("reason", "payment_ref", "address", "confirmed_all")


def next_in_queue(flow: Flow, queued: list[str]) -> Flow:
    """The same task for the next order of a several-order request, with what was said."""
    kept = {k: v for k, v in flow["slots"].items() if k in QUEUE_KEEPS}
    return Flow(
        intent=flow["intent"],
        slots={**kept, "order_id": queued[0], "queue": queued[1:]},
        asked=None,
        clarify_count=0,
        utterances=[],
        prompt=None,
    )


def _substantive(rest: str) -> bool:
    """True when what follows a yes or no could be a request (two words, four characters)."""
    return len(rest.split()) >= 2 or (bool(ex.CJK.search(rest)) and len(rest) >= 4)


def follow_up(context: Context, flow: Flow | None, rest: str) -> Flow | None:
    """The next request said together with a yes, to take up once this one is done.

    Its intent is read from the words; words that name no request of their own
    ("next the garden hose and the backpack") continue the same kind of task.
    """
    if not _substantive(rest):
        return None
    from nodes.common import domain_config
    from nodes.tracking import carry_order, new_flow, task_slots
    from understanding.catalogue import mentioned_products
    from understanding.service import get_understander

    config = domain_config(context)
    reading = get_understander(context).read(rest)
    spec = config.intents.get(reading.intent)
    current = config.intents.get(flow["intent"]) if flow else None
    names_things = bool(
        mentioned_products(rest, list(config.lexicon.products), config.lexicon)
        or reading.slots.get("order_id")
        not in (None, flow["slots"].get("order_id") if flow else None)
    )
    if spec is None or spec.kind not in ("read", "write", "knowledge"):
        if current is None or not {"item_ids", "new_item_ids"} & set(current.slots):
            return None
        spec = current
    if current is not None and spec.name == current.name and not names_things:
        return None  # "yes, please go ahead with the cancellation": the same request
    following = new_flow(spec.name)
    focus = str(flow["slots"]["order_id"]) if flow and flow["slots"].get("order_id") else None
    # "yes, change it. And confirm the total price of that order": the order just confirmed
    following["slots"] = task_slots(carry_order(spec, rest, reading.slots, focus), spec)
    following["utterances"] = [rest]
    return following


def _asks_for_more(context: Context, rest: str, declined: str | None) -> bool:
    """True when what follows a no is another request: a human, a task, a question.

    "否，先不取消了" only says the no again, whatever the classifier makes of it.
    """
    if not _substantive(rest) or ex.negates_request(rest, declined):
        return False
    from nodes.common import domain_config
    from understanding.service import get_understander

    spec = domain_config(context).intents.get(get_understander(context).read(rest).intent)
    kinds = ("handoff", "read", "write", "knowledge")
    return spec is not None and spec.kind in kinds and spec.name != declined


def answer_text(value: Any) -> str:
    """Return the user's text from a resume value (a string or {"text": ...})."""
    if isinstance(value, dict):
        return str(value.get("text") or value.get("message") or "")
    return str(value)


def _says_more(text: str) -> bool:
    """True when a yes/no answer also carries new information (ids, names, a correction)."""
    from understanding.offline import TurnHints, extract_slots

    slots = extract_slots(text, TurnHints())
    return bool(set(slots) - {"yes_no", "all_items"}) or ex.amends(text)


@audited("await_confirmation")
def await_confirmation(
    state: DialogueState, runtime: Runtime[Context]
) -> Command[Literal["execute_tool", "compose_reply", "guard_input"]]:
    """Pause until the user answers the confirmation question; only an explicit yes proceeds."""
    plan = state.plan
    answer = interrupt(
        {"type": "confirmation", "question": state.reply, "tool": plan["tool"] if plan else None}
    )
    text = answer_text(answer)
    base: dict[str, Any] = {
        "messages": [HumanMessage(content=text)],
        "path": [TURN_START],
        "turn": state.turn + 1,
        "language": ex.detect_language(text, state.language),
        "notices": [],
        "reply_source": "template",
        "awaiting": "nothing",
        "settled": True,
    }
    intent = state.flow["intent"] if state.flow else None
    # "Yes, cancel it. Next: #W2702727 has to go to my new home": the answer is judged on
    # its own; what follows "next" is the next request, not a correction of this one.
    answer, rest = ex.split_next_request(text)
    verdict = ex.yes_no(answer) or ("no" if ex.negates_request(answer, intent) else None)
    if verdict is not None and _says_more(answer):
        verdict = None  # "no, it is order #W…" is a correction, not a plain answer
    if verdict == "yes" and plan is not None:
        update = {**base, "route": "execute"}
        flow = state.flow
        if flow is not None and flow["slots"].get("queue") and ex.yes_to_all(answer):
            # "yes to all", "yes, please do all of that": the listed orders are all confirmed
            update["flow"] = {**flow, "slots": {**flow["slots"], "confirmed_all": True}}
        follow = follow_up(runtime.context, state.flow, rest or ex.after_answer(text))
        if follow is not None:  # "yes. next the garden hose and the backpack"
            update["paused"] = [*supersede(state.paused, follow), follow]
        return Command(goto="execute_tool", update=update)
    if verdict == "no" and _asks_for_more(runtime.context, rest or ex.after_answer(text), intent):
        # "算了，太麻烦了，给我转人工": the change is off, and the rest is a request of its own.
        return Command(
            goto="guard_input",
            update={**base, "plan": None, "flow": None},
        )
    if verdict == "no":
        flow, paused, notices = resume_paused(state.paused)
        return Command(
            goto="compose_reply",
            update={
                **base,
                "route": "respond",
                "plan": None,
                "flow": flow,
                "paused": paused,
                "reply_key": "declined",
                "reply_data": {},
                "notices": notices,
            },
        )
    # Anything else is a new message: a correction, a question, another request.
    return Command(goto="guard_input", update={**base, "plan": None})


@audited("execute_tool")
def execute_tool(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Run the approved plan through the single tool-execution path and present its result."""
    context = runtime.context
    plan = state.plan
    flow = state.flow
    assert plan is not None
    intent = flow["intent"] if flow else plan["tool"]
    key = (  # the same confirmation replayed (a run resumed after a crash) never writes twice
        idempotency_key(session_id(), f"turn-{state.turn}", plan["tool"], plan["args"])
        if plan["write"]
        else None
    )
    outcome = tool_caller(context)(plan["tool"], plan["args"], key)
    recent = [*state.recent_results, {"tool": plan["tool"], "args": plan["args"], **outcome}]
    update: dict[str, Any] = {"outcome": outcome, "recent_results": recent[-RECENT_RESULTS:]}
    if plan["args"].get("order_id"):
        update["focus_order"] = str(plan["args"]["order_id"])
    if not outcome["ok"]:
        if not ends_in_handoff(outcome["error"]):
            return {
                **update,
                "route": "respond",
                "plan": None,
                "reply_key": "tool.failed",
                "reply_data": {"detail": user_message(outcome["error"], state.language)},
            }
        return {
            **update,
            "route": "handoff",
            "reply_key": "handoff.notice",
            "reply_data": {"reason": "tool_failure"},
        }
    text = state.understanding["text"] if state.understanding else ""
    key, data = present(domain_config(context), intent, plan, outcome, text)
    update.update(plan=None if plan["write"] else plan, reply_key=key, reply_data=data)
    queued = list(flow["slots"].get("queue") or []) if flow and plan["write"] else []
    if queued:
        # "Cancel both": this one is done; the next order goes through the policy check
        # and gets its own confirmation.
        following = next_in_queue(flow, queued) if flow else None
        understanding = state.understanding
        return {
            **update,
            "route": "resume",
            "flow": following,
            "notices": [*state.notices, {"key": key, "data": data}],
            "understanding": {**understanding, "act": "resume"} if understanding else None,
        }
    if state.paused:
        # A digression is answered: its reply goes first, then the suspended task resumes
        # through the policy check (which asks for what it still needs, or confirms).
        paused = list(state.paused)
        resumed = paused.pop()
        understanding = state.understanding
        return {
            **update,
            "route": "resume",
            "flow": resumed,
            "paused": paused,
            "notices": [*state.notices, {"key": key, "data": data}],
            "understanding": {**understanding, "act": "resume"} if understanding else None,
        }
    return {**update, "route": "respond", "flow": None}
