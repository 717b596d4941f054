"""The permission and policy check: authenticate, then let the domain policy decide the turn."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from langchain_core.messages import AnyMessage
from langgraph.runtime import Runtime

from keel.domain.config import DomainConfig, IntentSpec
from keel.domain.pack import Decision, IdentityRules, PolicyInput, load_pack
from keel.nodes.common import (
    ToolCaller,
    audited,
    domain_config,
    tool_caller,
    understander_of,
)
from keel.nodes.intake import spend_token
from keel.persistence.audit import audit_log
from keel.planning.reflection import canonical
from keel.state.context import Context
from keel.state.dialogue import (
    ActionPlan,
    DialogueState,
    JoinedWrite,
    ListedWrite,
    turn_decision,
)
from keel.state.protocol import target_asked_for
from keel.state.runtime import session_id
from keel.state.stack import (
    Drop,
    Queue,
    TaskFrame,
    TaskStack,
    Update,
    apply,
    current,
    new_frame,
    waiting,
)
from keel.understanding import extractors as ex
from keel.understanding.confirmation import names_action
from keel.understanding.identity import (
    speaks_of_anothers_order,
)


def _ask_missing(
    rules: IdentityRules, stack: Sequence[TaskFrame], identity: dict[str, str], language: str
) -> dict[str, Any]:
    label = rules.missing(identity, language)
    if label is None:
        return _ask_identity(stack, "ask.identity", {})
    return _ask_identity(stack, "ask.identity_partial", {"missing": label})


REFUSAL_REPLIES = {"third_party": "auth.third_party", "guessed": "auth.stronger"}


def _ask_identity(stack: Sequence[TaskFrame], key: str, data: dict[str, Any]) -> dict[str, Any]:
    """Ask who the customer is; the task in focus (if any) waits for the answer."""
    update: dict[str, Any] = {
        "decision": turn_decision("ask"),
        "reply_key": key,
        "reply_data": data,
    }
    frame = current(stack)
    if frame is not None:
        asking: TaskFrame = {
            **frame,
            "asked": "identity",
            "clarify_count": frame["clarify_count"] + 1 if frame["asked"] == "identity" else 1,
            "prompt": {"key": "ask.identity", "data": {}},
        }
        update["stack"] = apply(stack, Update(asking))
    return update


def _respond(key: str, data: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "decision": turn_decision("respond"),
        "reply_key": key,
        "reply_data": data or {},
        **extra,
    }


def cannot_verify(state: DialogueState, config: DomainConfig, frame: TaskFrame) -> bool:
    """Whether the task waits on a verification the customer already failed.

    Help first means going on with the request; one that needs a verified customer who
    could not prove who they are cannot go on, so a person is the help.
    """
    spec = config.intents.get(frame["intent"])
    unverified = state.user_id is None and state.channel_user_id is None
    return unverified and state.identity_failures > 0 and spec is not None and spec.requires_auth


def _non_task(state: DialogueState, config: DomainConfig, act: str, intent: str) -> dict[str, Any]:
    if act == "abandon":
        return _respond("abandoned")
    if act == "handoff" or intent in ("request_human", "complaint"):
        spec = config.intents.get(intent)
        if (
            spec is not None
            and state.frame is not None
            and state.human_asks < spec.insist
            and not cannot_verify(state, config, state.frame)
        ):
            # with a request of the customer's in progress, a business that helps first
            # goes on with it; a person takes over the Nth time one is asked for (a request
            # it cannot serve goes to a person at once)
            return _respond("handoff.help_first", {"asked": state.human_asks})
        reason = "complaint" if intent == "complaint" else "requested"
        return {
            "decision": turn_decision("handoff", reason),
            "reply_key": "handoff.notice",
            "reply_data": {"reason": reason},
        }
    if act == "smalltalk":
        return _respond(intent)
    if act == "deny":
        return _respond("declined.nothing")
    if act == "affirm":
        return _respond("affirmed.nothing")
    return _respond("fallback")


@dataclass
class Verification:
    """Who the user is after this turn's credentials were checked."""

    user_id: str | None
    identity: dict[str, str]
    notices: list[dict[str, Any]]
    failed: bool
    failures: int = 0  # failed identification attempts in this session so far
    locked: bool = False  # too many failed attempts: a human takes over
    limited: bool = False  # identification attempts too fast: refused this time
    refusal: str | None = None  # the reply key of a refused attempt (auth.third_party …)


ATTEMPT = "identification"


def verify(state: DialogueState, call: ToolCaller, context: Context) -> Verification:
    """Authenticate with the credentials given so far, unless the user is already verified.

    Every attempt is audited with the accounts it aims at; it spends a rate-limit token of
    each of them (guessing across fresh sessions is as slow as within one); failed
    attempts are counted per session and per target account, and at
    ``max_identity_attempts`` of either a human takes over and the target is locked for
    ``identity_lock_seconds``, a right answer included.
    """
    notices: list[dict[str, Any]] = list(state.notices)
    user_id = state.user_id or state.channel_user_id
    identity = dict(state.identity)
    failures = state.identity_failures
    if user_id is not None:
        return Verification(user_id, identity, notices, False, failures)
    audit = audit_log(context.database_url)
    rules = load_pack(context.domain).identity
    targets = rules.targets(identity) if rules.ready(identity) else []
    window = context.identity_lock_seconds
    guessed = [
        t
        for t in targets
        if not t.startswith("email:")
        and audit.count(ATTEMPT, f"failed:{t}", window) >= context.max_identity_attempts
    ]
    if guessed and not rules.strong(identity):
        # Guessed at too often, from anywhere: a name (or user id) with a zip code no longer
        # opens this account; the email on file still does. The owner is never locked out by
        # a stranger's guesses, and the reply says nothing of whether the account exists.
        audit.record(session_id(), ATTEMPT, "stronger_needed", {"targets": guessed})
        kept = rules.after_failure(identity)
        return Verification(None, kept, notices, True, failures + 1, refusal="auth.stronger")
    source = f"source:{state.source or session_id()}"
    if targets and audit.count(ATTEMPT, f"failed_from:{source}", window) >= (
        context.max_identity_attempts_per_source
    ):
        # one client guessing across many sessions: that client may try no more for now
        audit.record(session_id(), ATTEMPT, "source_limited", {"source": source})
        return Verification(None, identity, notices, False, failures, limited=True)
    if targets and not all(spend_token(context, f"identity:{t}") for t in targets):
        audit.record(session_id(), ATTEMPT, "rate_limited", {"targets": targets})
        return Verification(None, identity, notices, False, failures, limited=True)
    user_id, row, failed = rules.authenticate(call, identity, guessed)
    refusal = (
        rules.refused(call, identity, row, state.barred, state.others) if row is not None else None
    )
    for target in targets:
        outcome = "ok" if row is not None else ("failed" if failed else "incomplete")
        outcome = f"refused_{refusal}" if refusal else outcome
        audit.record(session_id(), ATTEMPT, f"{outcome}:{target}"[:120], {"target": target})
    if failed or refusal is not None:
        audit.record(session_id(), ATTEMPT, f"failed_from:{source}"[:120], {"source": source})
    if refusal is not None:
        # The account is one the session gave as someone else's, or not the one the name
        # claimed: nothing is opened, and the reply does not say whether it exists.
        failures += 1
        key = REFUSAL_REPLIES.get(refusal, "auth.failed")
        locked = failures >= context.max_identity_attempts
        kept = rules.after_failure(identity)
        return Verification(None, kept, notices, True, failures, locked=locked, refusal=key)
    if row is not None:
        notices.insert(0, {"key": "auth.ok_continue", "data": row, "auth": True})
        identity = {}
    elif failed:
        # each email tried is a guess of its own: two in one message count as two
        tried = rules.guesses(identity)
        identity, failures = rules.after_failure(identity), failures + tried
    else:
        identity = rules.after_incomplete(identity)
    locked = failed and failures >= context.max_identity_attempts
    return Verification(user_id, identity, notices, failed, failures, locked=locked)


def _identity_turn(rules: IdentityRules, state: DialogueState, who: Verification) -> dict[str, Any]:
    """A turn that only identifies the user: verified, failed, or what is still missing."""
    if who.failed:
        return _ask_identity((), who.refusal or "auth.failed", {})
    verified = [n for n in who.notices if n.get("auth")]
    if verified:
        return _respond("auth.ok", verified[0]["data"])
    if who.user_id is not None:
        return _respond("already_verified")
    return _ask_missing(rules, (), who.identity, state.language)


# What the next order of a several-order request keeps: what was said for all of them.
QUEUE_KEEPS = ("reason", "payment_ref", "address", "all_items")


def next_in_queue(
    frame: TaskFrame, queued: Sequence[str], part_intents: Collection[str]
) -> TaskFrame:
    """The same task for the next order of a several-order request, with what was said."""
    kept = {k: v for k, v in frame["slots"].items() if k in QUEUE_KEEPS}
    # a change of items names them in words: the next order's are read from the same ones
    words = frame["utterances"] if frame["intent"] in part_intents else []
    following = new_frame(frame["intent"], {**kept, "order_id": queued[0]}, words)
    return {**following, "orders": list(queued[1:]), "all_agreed": frame["all_agreed"]}


def is_listed(listing: Sequence[ListedWrite], tool: str, args: Mapping[str, Any]) -> bool:
    """True when exactly this tool with exactly these arguments was listed for a yes."""
    return any(w["tool"] == tool and canonical(w["args"]) == canonical(args) for w in listing)


def agreed_orders(
    call: ToolCaller, inp: PolicyInput, frame: TaskFrame, listing: Sequence[ListedWrite]
) -> tuple[list[ActionPlan], TaskFrame]:
    """The further orders a "yes to all" covered, each decided now: calls of the same task.

    Each order queued behind the first is decided by the policy as a task of its own; its
    call joins the task only if the policy lets it run and it is exactly what was listed.
    The first order decided otherwise (not cancellable any more, something to ask) stays
    queued with the rest, and is taken up after the task, as before. Returns the calls and
    the first order's frame with the orders left.
    """
    plans: list[ActionPlan] = []
    queued = list(frame["orders"] or []) if frame["all_agreed"] else []
    while queued:
        following = next_in_queue(frame, queued, load_pack(inp.config.name).part_intents)
        decided = load_pack(inp.config.name).decide(
            call, replace(inp, frame=following, act="resume", text="")
        )
        plan = decided.plan
        if (
            decided.route != "execute"
            or plan is None
            or not plan["write"]
            or decided.prefix
            or decided.split_off
            or not is_listed(listing, plan["tool"], plan["args"])
        ):
            break
        plans.append(plan)
        queued = queued[1:]
    return plans, {**frame, "orders": queued}


# What a policy may say before a change that its line in a joined listing says anyway: the
# order it found ("That is order #W2", the listing names #W2). Anything else it says first
# (the order is pending, so its items are changed instead) keeps the change on its own.
SAID_BY_LISTING = ("order.found",)


def joined_writes(
    call: ToolCaller,
    inp: PolicyInput,
    stack: Sequence[TaskFrame],
    first: ActionPlan,
    limit: int,
    listing: Sequence[ListedWrite] | None = None,
    declined: Sequence[ListedWrite] = (),
) -> list[JoinedWrite]:
    """The writes of the requests queued behind the task in focus that one yes covers with it.

    "Cancel #W1 and return the lamp from #W2, refund to my gift card": each request queued
    behind the one in focus (the nearest first) is decided by the policy as it would be when
    its turn came. While each is a write ready to list, with nothing to ask or say first,
    for one order, it is listed with the first for the same yes; the first that is not
    (a question to ask, a refusal, a change the orders before it would close) and all after
    it wait, as before. With ``listing`` (after the yes), a request joins only if its call is
    exactly what was listed (one not listed, such as a request said with the yes, is passed
    over and waits). A change of the kind and order of one the customer just said
    no to (``declined``) is listed on its own, never beside another. At most ``limit``
    writes in all.
    """
    if not _words_joined(inp.config, inp.intent):
        return []  # the business words no listing of several changes: each is listed alone
    joined: list[JoinedWrite] = []
    written = [(inp.intent, first)]
    for position in range(len(stack) - 2, -1, -1):
        frame = with_order_of(stack[position], written[-1][1]["args"].get("order_id"))
        if frame["kind"] != "queued" or frame["orders"] or len(written) >= limit:
            break
        decided = load_pack(inp.config.name).decide(
            call, replace(inp, frame=frame, intent=frame["intent"], act="resume", text="")
        )
        plan, task = decided.plan, decided.frame
        if (
            decided.route != "confirm"
            or plan is None
            or task is None
            or not plan["write"]
            or any(key not in SAID_BY_LISTING for key, _ in decided.prefix)
            or decided.split_off
            or task["orders"]
            or not _open_after(inp.config, written, task["intent"], plan)
            or _alike(plan, declined)
            or not _words_joined(inp.config, task["intent"])
            or (listing is not None and not is_listed(listing, plan["tool"], plan["args"]))
        ):
            if listing is None:
                break
            continue  # after the yes: a request said with it ("yes, and …") waits above them
        joined.append(JoinedWrite(intent=task["intent"], plan=plan, position=position))
        written.append((task["intent"], plan))
    return joined


def _words_joined(config: DomainConfig, intent: str) -> bool:
    """True when the business words a joined listing, with a line for a change of ``intent``.

    A joined listing is the pack's ``confirm.joined`` with one ``confirm.joined_item`` per
    change, each naming its change by ``item.<intent>``; a business without them lists every
    change on its own, for a yes of its own.
    """
    return {"confirm.joined", "confirm.joined_item", f"item.{intent}"} <= config.replies.keys()


def _alike(plan: ActionPlan, writes: Sequence[ListedWrite]) -> bool:
    """True when one of ``writes`` is ``plan``'s tool for ``plan``'s order."""
    order_id = plan["args"].get("order_id")
    return any(w["tool"] == plan["tool"] and w["args"].get("order_id") == order_id for w in writes)


def with_order_of(frame: TaskFrame, order_id: Any) -> TaskFrame:
    """A request about "the same order" as the one before it, given that order.

    "…change the lamp to black. And ship it to my default address instead": "it" is the
    order of the request before (the request was marked ``same_order`` when queued).
    """
    if not frame.get("same_order") or frame["slots"].get("order_id") or not order_id:
        return frame
    return {**frame, "slots": {**frame["slots"], "order_id": str(order_id)}, "same_order": False}


def _open_after(
    config: DomainConfig, written: Sequence[tuple[str, ActionPlan]], intent: str, plan: ActionPlan
) -> bool:
    """True when the writes before leave ``plan``'s order open to it.

    A change to an order another listed change touches first joins only when each of those
    changes is one the domain runs before it (an address change before an item change); an
    item change or a cancellation closes the order to what would follow it.
    """
    order_id = plan["args"].get("order_id")
    if not order_id:
        return True
    return all(
        intent in config.intent(earlier).runs_before
        for earlier, done in written
        if done["args"].get("order_id") == order_id
    )


# What the same request for another order keeps of what was said: how to pay or refund.
KEPT_FOR_SPLIT = ("payment_ref", "reason")


def _stack_after(stack: Sequence[TaskFrame], decided: TaskFrame | None) -> TaskStack:
    """The stack once the policy decided: its reading of the task, or the task ended."""
    return apply(stack, Update(decided) if decided is not None else Drop())


def _decided(
    state: DialogueState,
    context: Context,
    decision: Decision,
    notices: list[dict[str, Any]],
    user_id: str | None,
) -> dict[str, Any]:
    """Turn the policy's decision into the state update (handoff when asked too often)."""
    frame, understanding = state.frame, state.understanding
    assert frame is not None and understanding is not None
    asked = decision.frame["clarify_count"] if decision.frame is not None else 0
    if decision.route == "ask" and asked > context.max_clarify:
        audit_log(context.database_url).record(
            session_id(), "handoff", "clarify_limit", {"intent": frame["intent"]}
        )
        return {
            "decision": turn_decision("handoff", "clarify_limit"),
            "stack": _stack_after(state.stack, decision.frame),
            "reply_key": "handoff.notice",
            "reply_data": {"reason": "clarify_limit"},
        }
    if decision.route == "reject":
        audit_log(context.database_url).record(
            session_id(),
            "rejection",
            decision.reject_reason or "policy",
            {"intent": frame["intent"], "reply_key": decision.reply_key},
        )
    update: dict[str, Any] = {}
    decision = target_checked(state, context, decision)
    if decision.frame is not None and decision.frame["intent"] != frame["intent"]:
        # The policy re-read the task (an "exchange" of a pending order is a modification).
        update["understanding"] = {**understanding, "intent": decision.frame["intent"]}
    reply_data = decision.reply_data
    if decision.route == "reject" and reply_data.get("order_id"):
        # "I can't change #W2": the conversation is about #W2 now ("just cancel it" is #W2)
        update["focus_order"] = str(reply_data["order_id"])
    if decision.handoff_reason:
        reply_data = {**reply_data, "reason": decision.handoff_reason}
    stack = _stack_after(state.stack, decision.frame)
    joined = _joined(state, context, decision, stack, user_id)
    update["joined"] = joined  # (a listing asked again lists them again, or none)
    notices = _without_announced(notices, [j["intent"] for j in joined])
    later = []
    if decision.split_off and decision.frame is not None:
        # the same request for another order's items waits behind this one
        slots = {k: v for k, v in decision.frame["slots"].items() if k in KEPT_FOR_SPLIT}
        slots.update(decision.split_slots)
        split = new_frame(decision.frame["intent"], slots, [decision.split_off])
        if not _waiting_already(stack, split):  # (a decision taken again splits it once)
            stack = apply(stack, Queue((split,)))
            queued = {"requests": [f"request.{split['intent']}"], "count": decision.split_targets}
            later = [{"key": "agenda.queued", "data": queued, "after": True}]
    return {
        **update,
        "notices": [*notices, *({"key": k, "data": d} for k, d in decision.prefix), *later],
        "decision": turn_decision(decision.route, decision.handoff_reason),
        "plan": decision.plan,
        "stack": stack,
        "reply_key": decision.reply_key,
        "reply_data": reply_data,
    }


def asks_for_task(context: Context, intent: str, said: Sequence[str]) -> bool:
    """True when one of ``said`` asks for this kind of change: its action, or its request.

    "Can the parcel go to my sister's place instead?" asks for an address change; "I asked
    about the LAPTOP order, not this one" asks for none.
    """
    config = domain_config(context)
    spec = config.intent(intent)
    if spec.actions and any(names_action(t, spec.actions) for t in said):
        return True
    understander = understander_of(context)
    offline = getattr(understander, "offline", understander)
    for text in (t for t in said if t):
        read = config.intents.get(offline.read(text).intent)
        if read is not None and _same_change(read, spec):
            return True
    return False


def _same_change(read: IntentSpec, spec: IntentSpec) -> bool:
    """True when a message read as ``read`` asks for ``spec``'s change (or its order variant)."""
    return (
        read.name == spec.name
        or (spec.family is not None and read.family == spec.family)
        or read.order_variant == spec.name
    )


def target_checked(state: DialogueState, context: Context, decision: Decision) -> Decision:
    """The decision, or "which order?" when it would list a write on an order not asked for.

    See :func:`state.protocol.target_asked_for`: an order only asked about, or one a
    correction points to without naming it ("I asked about the LAPTOP order, not this
    one"), is never listed for a yes; the customer is asked which order they mean.
    """
    plan, frame, understanding = decision.plan, decision.frame, state.understanding
    if decision.route != "confirm" or plan is None or not plan["write"] or frame is None:
        return decision
    order_id = plan["args"].get("order_id")
    # the task's own messages (a correction that points at another order starts them anew)
    said = [*frame["utterances"], understanding["text"] if understanding else ""]
    text = " \n ".join(said)
    before = state.frame
    allowed = target_asked_for(
        str(order_id) if order_id else None,
        looked_up=state.looked_up,
        names_order=str(order_id) in ex.order_ids(text),
        names_action=asks_for_task(context, frame["intent"], said),
        answers_which=before is not None and before["asked"] == "order_id",
        anothers=speaks_of_anothers_order(text),
    )
    if allowed:
        return decision
    audit_log(context.database_url).record(
        session_id(), "confirmation", "target_not_asked_for", {"order_id": order_id}
    )
    data = {"order_id": order_id}
    asking: TaskFrame = {
        **frame,
        "slots": {k: v for k, v in frame["slots"].items() if k not in ("order_id", "order_ids")},
        "asked": "order_id",
        "clarify_count": frame["clarify_count"] + 1,
        "prompt": {"key": "ask.which_order_change", "data": data},
    }
    return Decision(route="ask", reply_key="ask.which_order_change", reply_data=data, frame=asking)


def _waiting_already(stack: Sequence[TaskFrame], frame: TaskFrame) -> bool:
    """Whether the same request with the same values already waits in the stack."""
    return any(
        f["kind"] == "queued" and f["intent"] == frame["intent"] and f["slots"] == frame["slots"]
        for f in stack
    )


def _joined(
    state: DialogueState,
    context: Context,
    decision: Decision,
    stack: Sequence[TaskFrame],
    user_id: str | None,
) -> list[JoinedWrite]:
    """The queued requests' writes listed with the one the policy decided to confirm."""
    plan, frame = decision.plan, decision.frame
    if decision.route != "confirm" or plan is None or not plan["write"] or frame is None:
        return []
    if frame["orders"] or decision.split_off:
        return []  # several orders of one change, or a split: listed as before
    config = domain_config(context)
    inp = policy_input(state, config, frame, "resume", user_id)
    # what the customer said no to this turn ("no — …, then …"): its like is asked on its own
    note = state.confirmation
    declined = (note.get("declined") or []) if note is not None else []
    caller = tool_caller(context)
    return joined_writes(caller, inp, stack, plan, context.max_writes_per_yes, None, declined)


def _without_announced(
    notices: Sequence[dict[str, Any]], intents: Sequence[str]
) -> list[dict[str, Any]]:
    """The notices without "after that, I'll help you with …" for the requests now listed."""
    listed = [f"request.{i}" for i in intents]
    kept = []
    for notice in notices:
        if notice["key"] in ("agenda.queued", "agenda.noted"):
            requests = list(notice["data"].get("requests", ()))
            for request in listed:
                if request in requests:
                    requests.remove(request)
            if not requests:
                continue
            notice = {**notice, "data": {**notice["data"], "requests": requests}}
        kept.append(notice)
    return kept


@audited("check_policy")
def check_policy(state: DialogueState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Authenticate when credentials arrive, then check permission and the store's policy."""
    context = runtime.context
    config = domain_config(context)
    understanding = state.understanding
    assert understanding is not None
    call = tool_caller(context)
    who = verify(state, call, context)
    update: dict[str, Any] = {"user_id": who.user_id, "identity_failures": who.failures}
    if who.locked:
        # Too many failed identifications: a human checks who this is; nothing is opened.
        return {
            **update,
            "identity": {},
            "decision": turn_decision("handoff", "identity_attempts"),
            "reply_key": "handoff.notice",
            "reply_data": {"reason": "identity_attempts"},
        }
    if who.limited:
        return {
            **update,
            "decision": turn_decision("reject"),
            "reply_key": "reject.rate_limited",
            "reply_data": {},
        }
    if state.user_id is None and state.channel_user_id is None:
        update["identity"] = who.identity
    verified_before = state.user_id or state.channel_user_id
    rules = load_pack(context.domain).identity
    if verified_before and rules.claims_other(call, verified_before, understanding["slots"]):
        audit_log(context.database_url).record(
            session_id(), "rejection", "other_identity", {"user_id": verified_before}
        )
        return {
            **update,
            "decision": turn_decision("reject"),
            "stack": apply(state.stack, Drop()),
            "reply_key": "auth.other_user",
            "reply_data": {"user_id": verified_before},
        }
    act, intent = understanding["act"], understanding["intent"]
    frame = state.frame
    if act == "auth" or (intent == "authenticate" and frame is None):
        return {**update, **_identity_turn(rules, state, who)}
    notices = list(who.notices)
    if act == "smalltalk" and frame is not None and intent in CLOSINGS:
        # "thanks", "that's everything" while a request is open: it is not forgotten; its
        # question (or confirmation) is asked again.
        notices.append({"key": f"{intent}.in_task", "data": {}})
        act = "resume"
    elif frame is None or act in ("abandon", "handoff", "smalltalk", "deny", "affirm"):
        return {**update, "notices": notices, **_non_task(state, config, act, intent)}
    if config.intent(frame["intent"]).requires_auth and who.user_id is None:
        if who.failed:
            return {**update, **_ask_identity(state.stack, who.refusal or "auth.failed", {})}
        rules = load_pack(context.domain).identity
        return {**update, **_ask_missing(rules, state.stack, who.identity, state.language)}
    decision = load_pack(context.domain).decide(
        call, policy_input(state, config, frame, act, who.user_id)
    )
    return {**update, **_decided(state, context, decision, notices, who.user_id)}


def policy_input(
    state: DialogueState, config: DomainConfig, frame: TaskFrame, act: str, user_id: str | None
) -> PolicyInput:
    """The facts the policy decides the task in ``frame`` on, this turn."""
    understanding = state.understanding
    return PolicyInput(
        config=config,
        frame=frame,
        intent=frame["intent"],
        act=act,
        user_id=user_id,
        text="" if act == "resume" or understanding is None else understanding["text"],
        language=state.language,
        recent=recent_messages(state.messages),
        focus_order=state.focus_order,
        waiting=tuple(waiting(state.stack)),
    )


CLOSINGS = ("goodbye", "thanks")  # small talk that would end a conversation with a task open
RECENT_MESSAGES = 3  # whole user messages the policy may look back at


def recent_messages(messages: Sequence[AnyMessage]) -> tuple[str, ...]:
    """The user's last few messages, oldest first, as plain text."""
    said = [m.text for m in messages if m.type == "human"]
    return tuple(said[-RECENT_MESSAGES:])
