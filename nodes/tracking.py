"""Dialogue tracking (pure functions): the commands a message gives the task stack.

Conversation-repair patterns after Rasa CALM: a slot answer fills the task, a
correction overwrites a slot, a digression suspends the task and resumes it
afterwards, "never mind" abandons it, a new request replaces it, and further
requests of the same message wait in line. Tracking only emits the commands
(:mod:`state.stack`); ``apply`` makes the next stack from them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from keel.domain.config import DomainConfig, IntentSpec
from keel.domain.pack import load_pack
from keel.safety import patterns as rx
from keel.state.stack import (
    Digress,
    Drop,
    Queue,
    Resume,
    StackCommand,
    Start,
    TakeUp,
    TaskFrame,
    TaskStack,
    Update,
    apply_all,
    current,
    new_frame,
    waiting,
)
from keel.understanding import extractors as ex
from keel.understanding.addresses import amend_address
from keel.understanding.catalogue import contains_phrase, mentioned_products
from keel.understanding.confirmation import names_action
from keel.understanding.offline import TurnHints

UNKNOWN = "UNKNOWN"
TASK_KINDS = ("read", "write", "knowledge")


def _slot_of_key(config: DomainConfig) -> dict[str, str | None]:
    """Extracted keys that carry a task slot under another name (extractor output → slot).

    A payment reference fills the business's payment slot (the slot of role "payment", if
    it has one), several order ids its order.
    """
    return {"payment_ref": config.slot_of("payment"), "order_ids": "order_id"}


def _answer_key(config: DomainConfig, asked: str) -> str | None:
    """The extracted key that answers a question for slot ``asked`` (None: named in words).

    A payment slot is answered by a payment reference; the parts a request is about, what
    replaces them and products are named in words only the catalogue reads.
    """
    if asked == config.slot_of("payment"):
        return "payment_ref"
    if asked in (config.slot_of("parts"), config.slot_of("replacement"), "product"):
        return None
    return asked


@dataclass
class Tracked:
    """The result of tracking one message."""

    # new | fill | correct | digress | switch | abandon | deny | affirm | smalltalk | auth |
    # handoff | unknown
    act: str
    intent: str  # the intent this turn is about
    commands: list[StackCommand]  # what the message does to the task stack, in order
    identity: dict[str, str]
    changed: list[str] = field(default_factory=list)  # slots set or overwritten this turn
    queued: list[str] = field(default_factory=list)  # further requests put in line this turn
    looked_up: list[str] = field(default_factory=list)  # orders those requests only read

    def after(self, stack: Sequence[TaskFrame]) -> TaskStack:
        """The task stack once this message's commands are applied to ``stack``."""
        return apply_all(stack, self.commands)


def merge_identity(
    config: DomainConfig, identity: dict[str, str], slots: dict[str, Any]
) -> dict[str, str]:
    """Add credentials stated in this message to those given before."""
    merged = dict(identity)
    for key in config.identity_slots:
        if slots.get(key):
            merged[key] = str(slots[key])
    if slots.get("email"):  # a second address given with it, or none any more
        merged.pop("email_alt", None)
        if slots.get("email_alt"):
            merged["email_alt"] = str(slots["email_alt"])
    return merged


def task_slots(config: DomainConfig, slots: dict[str, Any], spec: IntentSpec) -> dict[str, Any]:
    """Return the extracted values that belong to a task of ``spec``."""
    wanted = set(spec.slots) | set(spec.optional)
    fills = _slot_of_key(config)
    return {
        key: value
        for key, value in slots.items()
        if fills.get(key, key) in wanted or key == "all_items"
    }


def names_expected(frame: TaskFrame, text: str) -> bool:
    """True when the message names what the last question offered (an item, an option).

    "Is there no clicky one with RGB? Then the full size clicky one with no backlight"
    answers "which keyboard?" even though it is long and reads like a product question.
    """
    expect = (frame.get("prompt") or {}).get("expect") or []
    return any(contains_phrase(text, phrase) for phrase in expect)


def answers_question(
    config: DomainConfig, frame: TaskFrame, slots: dict[str, Any], text: str
) -> bool:
    """True when the message answers what the agent asked for."""
    asked = frame["asked"]
    if asked is None:
        return False
    if asked == "identity":
        return any(slots.get(k) for k in config.identity_slots)
    if asked in config.yes_no_slots:
        return "yes_no" in slots
    key = _answer_key(config, asked)
    if key == "order_id" and ex.named_statuses(text) and _is_short(text):
        return True  # "which order?" — "my pending one": the order of that status
    if key is None:  # items, variants, products are named in words
        return names_expected(frame, text) or len(text.split()) <= 12 or bool(ex.CJK.search(text))
    return key in slots


def _is_short(text: str) -> bool:
    return len(rx.findall(r"\w+", text)) <= 6 or (bool(ex.CJK.search(text)) and len(text) <= 15)


def track(
    config: DomainConfig,
    stack: Sequence[TaskFrame],
    identity: dict[str, str],
    text: str,
    intent: str,
    slots: dict[str, Any],
    focus_order: str | None = None,
    others: Sequence[tuple[str, str]] = (),
    *,
    cancels: bool = False,
    corrects: Sequence[str] = (),
) -> Tracked:
    """The commands one understood message gives the task stack.

    ``focus_order`` is the order the conversation was last about: a new task that
    needs an order and names none refers to it ("and the tracking number for it?").
    ``others`` are further requests of the same message (intent, sentence): when a
    task starts, they wait in line behind it and are taken up when it is done.
    ``cancels`` and ``corrects`` are what the model's commands said of the task in progress
    (checked): it is dropped; these values replace ones given before.
    """
    frame = current(stack)
    # "…then do the exchange. credit card for any difference": a part that only gives a
    # value the task itself takes is no request of its own.
    own_spec = config.intents.get(intent)
    others = [
        (i, part)
        for i, part in others
        if not _only_fills(config, part, own_spec) or config.names_own_target(i, intent, part)
    ]
    message = text
    if others:  # the task starting now reads only its own part of the message
        own = text
        for _, part in others:
            for piece in part.split(ex.PART_JOIN):  # a request said in several places
                own = own.replace(piece, " ")
        text = " ".join(own.split())
        # "Ordered it by mistake. Oh and my other order #W2 needs to go to …": an order only
        # another change names is that change's (a bare "the number is #W2" may be this task's)
        slots = own_orders(slots, text, single=bool(_changes(config, others)))
    others = in_turn(config, intent, _joined_values(config, others))
    intent = for_order(config, intent, text, frame, focus_order)
    tracked = _track(config, stack, identity, text, intent, slots, focus_order, cancels, corrects)
    # "Ordered it by mistake. Oh and my other order #W2 needs to go to …": an answer to the
    # task's question with a change of its own; the change waits behind the task (a question
    # beside an answer, "is there no clicky one? then the full size one", is not queued).
    if tracked.act == "fill":
        others = _changes(config, others)
    if tracked.act in ("new", "switch", "digress", "fill") and others:
        shared = ex.status_phrases(text)  # "my pending order — change its address, and …"
        shared_values = _shared_values(slots)
        line = [
            _sharing(
                config,
                _start(config, config.intent(i), part, {**shared_values, **_stated(config, part)}),
                shared,
                message,
            )
            for i, part in others
        ]
        taken = [part for _, part in others]
        line = [
            _with_items_said(config, f, message, taken)
            for f in _without_announcements(config, line)
        ]
        tracked.commands.append(Queue(tuple(line), behind_suspended=tracked.act == "digress"))
        tracked.queued = [w["intent"] for w in line]
        tracked.looked_up = [
            str(w["slots"]["order_id"])
            for w in line
            if config.intent(w["intent"]).kind != "write" and w["slots"].get("order_id")
        ]
    return tracked


# Values a message states once for each of its requests that takes them.
SHARED_VALUES = ("address",)


def _shared_values(slots: Mapping[str, Any]) -> dict[str, Any]:
    """The message's values that a further request stating none of its own takes.

    "…change the jigsaw to the easiest one. Second, it should be 445 Maple Drive, …. Can you
    correct all my order addresses and my account address?": the one address, said in a
    sentence of its own, is the new address of each address change the message asks for.
    """
    return {k: slots[k] for k in SHARED_VALUES if k in slots}


def _without_announcements(config: DomainConfig, line: Sequence[TaskFrame]) -> list[TaskFrame]:
    """The further requests without one that only announces another of its kind.

    "I'd like to change the items in an order and also its address. … please change the
    speaker to a black one": the first sentence announces the item change the second asks;
    one item change, not two.
    """
    names = list(config.lexicon_products)

    def names_items(frame: TaskFrame) -> bool:
        return bool(mentioned_products(" ".join(frame["utterances"]), names, config.lexicon))

    def family(frame: TaskFrame) -> str:
        spec = config.intent(frame["intent"])
        return spec.family or spec.name

    return [
        f
        for f in line
        if names_items(f)
        or not any(g is not f and family(g) == family(f) and names_items(g) for g in line)
    ]


def _with_items_said(
    config: DomainConfig, frame: TaskFrame, message: str, taken: Sequence[str]
) -> TaskFrame:
    """An item change whose own words name no product, with the sentences that do.

    "I'd like to change the items in an order and also its address. It's the order I sent
    to DC: please change the desk lamp to black, and the backpack to medium … And ship it
    to my default address": the item change is announced in one sentence and said in
    another, which the address change took; the items and wishes are read from it.
    """
    parts = config.slot_of("parts")
    if parts is None or parts not in config.intent(frame["intent"]).slots:
        return frame
    names = list(config.lexicon_products)
    own = " ".join(frame["utterances"])
    if mentioned_products(own, names, config.lexicon):
        return frame
    from keel.understanding.offline import segments

    said = [
        s
        for s in segments(message)
        if s not in own
        and not any(s in t or t in s for t in taken)  # another request's own words
        and mentioned_products(s, names, config.lexicon)
    ]
    return {**frame, "utterances": [*frame["utterances"], *said]} if said else frame


def _sharing(
    config: DomainConfig, frame: TaskFrame, shared: Sequence[str], message: str
) -> TaskFrame:
    """A further request that says no order of its own is about the one the message describes.

    "My pending order — change its address to …, and change the item's color to red": the
    colour change names no order, no status and no product, so the order described for the
    message ("my pending order") is its order too; one that points back at an order ("ship
    it to …") without a description to share is about the order named last before it (by
    id or status), or else the order of the request before it.
    A request that names its own order, its own status or a product ("and return the
    lamp") finds its order by those instead.
    """
    part = " ".join(frame["utterances"])
    names = list(config.lexicon_products)
    own = (
        ex.order_ids(part)
        or ex.named_statuses(part)
        or mentioned_products(part, names, config.lexicon)
    )
    if own:
        return frame
    if shared:
        # "…there's also a pending order of mine with five items in it, … could you cancel
        # that whole order?": the number of items it holds describes it too
        rest = message.replace(part, " ") if part in message else message
        counted = ex.item_count_phrases(rest)
        counts = counted if len(counted) == 1 and ex.refers_back(part) else []
        return {**frame, "utterances": [*frame["utterances"], *shared, *counts]}
    if not ex.refers_back(part):
        return frame
    # "…And #W2 keeps its address, but I want to pay for it with my Visa": "it" is the
    # order named last before it, by id or by status ("My pending order should ship to …,
    # and its item should be red")
    before = message[: message.find(part)] if part in message else ""
    named = ex.order_ids(before)
    described = ex.status_phrases(before)
    id_at = before.rfind(named[-1]) if named else -1
    if described and before.rfind(described[-1]) > id_at:
        return {**frame, "utterances": [*frame["utterances"], described[-1]]}
    if named:
        return {**frame, "slots": {**frame["slots"], "order_id": named[-1]}}
    # "…change the lamp to black. And ship it to my default address instead": the order of
    # the request before it, known once that one is done (``with_order_before``)
    return {**frame, "same_order": True}


def in_turn(
    config: DomainConfig, intent: str, others: Sequence[tuple[str, str]]
) -> list[tuple[str, str]]:
    """Further requests in the order they are taken up: as asked, with exceptions.

    A change another request of the message ``runs_before`` waits for it ("change the lamp
    to black, and ship it to my default address": the item change closes the order).
    """
    labels = [intent, *(i for i, _ in others)]

    def after(label: str) -> bool:
        return any(
            label in config.intents[other].runs_before
            for other in labels
            if other in config.intents
        )

    return sorted(others, key=lambda other: after(other[0]))


def _joined_values(
    config: DomainConfig, others: Sequence[tuple[str, str]]
) -> list[tuple[str, str]]:
    """Further requests, with a part only paying or refunding joined to the one before.

    A part that only pays a difference, or only says where a refund goes, is a value.

    "…could the speaker be changed to the cheapest green one? PayPal for any difference,
    please.": the payment is the item change's, no payment change of its own; so is
    "…智能手表我要退货，退款退回原来的付款方式 PayPal" the return's.
    """
    joined: list[tuple[str, str]] = []
    for intent, part in others:
        before = config.intents.get(joined[-1][0]) if joined else None
        said = ex.pays_difference(part) or ex.says_refund_to(part)
        pays = said and _only_fills(config, part, before)
        if joined and pays:
            joined[-1] = (joined[-1][0], f"{joined[-1][1]} {part}")
        else:
            joined.append((intent, part))
    return joined


def _changes(config: DomainConfig, others: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """The further requests of a message that are changes (intent, sentence)."""
    return [(i, part) for i, part in others if config.intent(i).kind == "write"]


def own_orders(slots: dict[str, Any], text: str, *, single: bool = False) -> dict[str, Any]:
    """The message's values with only the order ids the task's own words name.

    An order another request of the same message names ("…and tell me the status of
    #W2") is that request's: it never joins the task starting now.
    """
    ids = slots.get("order_ids")
    one = slots.get("order_id")
    if single and not ids and isinstance(one, str) and ex.ORDER_ID.fullmatch(one):
        ids = [one]  # the message's only order, when another change of it may name it
    if not ids:
        return slots
    named = set(ex.order_ids(text))
    kept = [i for i in ids if i in named]
    narrowed = {k: v for k, v in slots.items() if k not in ("order_id", "order_ids")}
    if kept and slots.get("order_ids"):
        narrowed["order_ids"] = kept
    if kept:
        narrowed["order_id"] = slots.get("order_id") if slots.get("order_id") in kept else kept[0]
    return narrowed


def for_order(
    config: DomainConfig, intent: str, text: str, frame: TaskFrame | None, focus_order: str | None
) -> str:
    """The order-scoped form of a request that points at an order ("change its address").

    A request that names an order is about that order; right after reading one, or
    after describing one ("my pending order — change its address"), "its address" is
    that order's address: either way the request is the domain's ``order_variant`` of
    the one read.
    """
    spec = config.intents.get(intent)
    if spec is None or spec.order_variant is None:
        return intent
    if ex.asked_order_ids(text) or ex.malformed_order_id(text):
        return spec.order_variant  # "it's #W…, same new address": that order's address
    order = (frame["slots"].get("order_id") if frame is not None else None) or focus_order
    order = order or ",".join(sorted(ex.named_statuses(text)))
    # not "#W2 must keep going to 400 Willow Lane, don't touch it"
    pointing = ex.points_at_order_address(ex.without_held_back(text))
    return spec.order_variant if order and pointing else intent


def _only_fills(config: DomainConfig, part: str, spec: IntentSpec | None) -> bool:
    """True when a part of a message only states values that ``spec``'s task takes."""
    if spec is None or spec.kind not in TASK_KINDS:
        return False
    stated = _stated(config, part)
    # "every item" qualifies a request; it is no value that answers one on its own
    keys = set(stated) - {"yes_no", "all_items"}
    return bool(keys) and "order_id" not in keys and keys <= set(task_slots(config, stated, spec))


def _stated(config: DomainConfig, text: str) -> dict[str, Any]:
    """The values ``text`` states, read by the business's extractors."""
    return load_pack(config.name).extract_slots(text, TurnHints())


def _track(
    config: DomainConfig,
    stack: Sequence[TaskFrame],
    identity: dict[str, str],
    text: str,
    intent: str,
    slots: dict[str, Any],
    focus_order: str | None,
    cancels: bool = False,
    corrects: Sequence[str] = (),
) -> Tracked:
    identity = merge_identity(config, identity, slots)
    frame = current(stack)
    if frame is not None and frame["slots"].get("order_id"):
        focus_order = str(frame["slots"]["order_id"])
    # What a new task starts with: the message's values, plus the order in focus if it fits.
    # Decisions about the task in progress look at what the message itself stated.
    starting = carry_order(config.intents.get(intent), text, slots, focus_order)
    spec = config.intents.get(intent)
    drops_task = spec is None or spec.kind not in (*TASK_KINDS, "handoff")
    # "never mind" drops the task unless a new request comes with it; "don't cancel it"
    # takes the request back whatever the classifier made of the words.
    takes_back = frame is not None and (
        cancels or ex.negates_request(text, config.taken_back_by(frame["intent"]))
    )
    # "I'll look for the order number and come back later" drops it whatever else it reads as.
    drops_task = drops_task or ex.postpones(text)
    if frame is not None and (takes_back or (ex.is_abandon(text) and drops_task)):
        replaced = spec is not None and spec.kind in TASK_KINDS and spec.name != frame["intent"]
        if replaced and spec is not None and not ex.negates_request(text, spec.taken_back_by):
            # "don't exchange anything after all, I'll just return the bottle instead"
            started = _start(config, spec, text, starting)
            return Tracked("switch", spec.name, [Start(started)], identity, list(started["slots"]))
        return Tracked("abandon", frame["intent"], [Drop(), Resume()], identity)
    if frame is None:
        return _without_task(config, spec, intent, text, starting, identity)
    return _with_task(config, stack, spec, intent, text, slots, identity, starting, corrects)


# What a task keeps when a correction points it at another order: what was said for it.
KEPT_FOR_ANOTHER_ORDER = ("reason", "payment_ref", "address")
# What the task chose for the customer (the order, the answers to "which one?"): a choice
# made anew at the confirmation chooses them again.
CHOSEN_BY_THE_TASK = ("order_id", "order_ids", "answers")


def correct_listed(
    config: DomainConfig,
    frame: TaskFrame,
    identity: dict[str, str],
    text: str,
    slots: dict[str, Any],
    elsewhere: bool = False,
    reselect: bool = False,
    narrowed_items: bool = False,
) -> Tracked:
    """Apply a correction given at a confirmation to the task whose change was listed.

    The corrected values replace the listed ones; another order (named, "the other one",
    or, as the reader found (``elsewhere``), by an item only another order holds) makes
    it the same task for that order, with what was said for it. A choice made anew
    (``reselect``: "the more expensive one instead") finds the order and its items again
    from every message of the task. Items and options are read again from every message
    of the task, this one last; when the reply names the listed action for some of the
    listed items only (``narrowed_items``: "那就退水瓶吧" of three), from this reply alone,
    so the items named before do not come back. The policy then lists the corrected change
    for a new yes.
    """
    spec = config.intent(frame["intent"])
    fills = task_slots(config, slots, spec)
    listed_order = frame["slots"].get("order_id")
    named = list(fills.get("order_ids") or [])
    others = [o for o in named if o != listed_order]
    # several orders were listed: "#W1 和 #W3 取消，#W2 先留着" keeps these, the listed one first
    narrowed = bool(frame["orders"]) and listed_order in named
    if narrowed:
        fills["order_id"], fills["order_ids"] = listed_order, [listed_order, *others]
    else:
        fills.pop("order_ids", None)
        if others:  # "keep #W1, the one I want gone is #W2": the order that is not listed
            fills["order_id"] = others[0]
    fills.pop("all_items", None)
    listed_address = frame["slots"].get("address")
    given = fills.get("address")
    if (
        isinstance(listed_address, dict)
        and listed_address.get("zip")
        and (not given or given.get("incomplete") or given.get("partial"))
    ):
        # "the zip is 94103, not 94102", "it's Apt 14": the listed address, amended
        amended = amend_address(listed_address, text)
        if amended is not None:
            fills["address"] = amended
        elif given is not None:
            fills.pop("address")
    updated: TaskFrame = {
        **frame,
        "slots": dict(frame["slots"]),
        "asked": None,
        "utterances": [*frame["utterances"], text],
        "orders": None,  # the orders are found again from the corrected values
        "all_agreed": False,
    }
    listed = frame["slots"].get("order_id")
    other = fills.get("order_id") not in (None, listed) or ex.means_other_order(text) or elsewhere
    if other:
        kept = {k: v for k, v in frame["slots"].items() if k in KEPT_FOR_ANOTHER_ORDER}
        updated["slots"] = kept
    if other or narrowed or narrowed_items:
        # items named for the other order, the orders kept, or the items kept are in this
        # message
        updated["utterances"] = [text]
    for key in CHOSEN_BY_THE_TASK if reselect and not other else ():
        updated["slots"].pop(key, None)
    updated["slots"].update(fills)
    changed = [k for k, v in fills.items() if frame["slots"].get(k) != v]
    return Tracked(
        "correct", frame["intent"], [Update(updated)], merge_identity(config, identity, {}), changed
    )


def carry_order(
    spec: IntentSpec | None, text: str, slots: dict[str, Any], focus_order: str | None
) -> dict[str, Any]:
    """Fill a missing order id from the order in focus.

    A read ("what's the tracking number?") means the order just discussed; a write
    needs the user to point back at it ("cancel it", "那个订单"), and is listed back
    for confirmation anyway.
    """
    wants_order = spec is not None and "order_id" in (*spec.slots, *spec.optional)
    if spec is None or focus_order is None or not wants_order or "order_id" in slots:
        return slots
    if ex.points_elsewhere(text):  # "cancel my other pending order": find it, don't assume
        return slots
    if spec.kind == "read" or ex.refers_back(text):
        return {**slots, "order_id": focus_order}
    return slots


def _start(config: DomainConfig, spec: IntentSpec, text: str, slots: dict[str, Any]) -> TaskFrame:
    frame = new_frame(spec.name)
    frame["slots"] = task_slots(config, slots, spec)
    frame["utterances"] = [text]
    return frame


AGREEMENT_WORDS = 4  # "yes", "yes please", "ok sounds good": a bare agreement, no request


def _without_task(
    config: DomainConfig,
    spec: IntentSpec | None,
    intent: str,
    text: str,
    slots: dict[str, Any],
    identity: dict[str, str],
) -> Tracked:
    if spec is None:
        # "that's a no. don't cancel it", with nothing asked: a no, answered as one
        declines = slots.get("yes_no") == "no" or ex.negates_request(text)
        # a bare "yes" with nothing asked (said once more after a change is done): agreed
        agrees = slots.get("yes_no") == "yes" and len(text.split()) <= AGREEMENT_WORDS
        act = "deny" if declines else "affirm" if agrees else "unknown"
        act = "auth" if any(slots.get(k) for k in config.identity_slots) else act
        return Tracked(act, intent, [], identity)
    if (
        spec.kind == "write"
        and not slots.get("order_id")
        and ex.negates_request(text, spec.taken_back_by)
    ):
        # "she wants the watch after all, so keep the order - nothing to cancel": no task
        return Tracked("abandon", intent, [], identity)
    if spec.kind in TASK_KINDS:
        frame = _start(config, spec, text, slots)
        return Tracked("new", intent, [Start(frame)], identity, list(frame["slots"]))
    act = {"smalltalk": "smalltalk", "auth": "auth", "handoff": "handoff"}[spec.kind]
    if act == "smalltalk" and any(slots.get(k) for k in config.identity_slots):
        act = "auth"  # "ugh sorry, 98187. that's definitely it" identifies, whatever it sounds like
    return Tracked(act, intent, [], identity)


def _last_waiting(line: Sequence[TaskFrame], wanted: Callable[[TaskFrame], bool]) -> int | None:
    """The position of the waiting task nearest the top that is ``wanted``, if any."""
    return next((i for i in reversed(range(len(line))) if wanted(line[i])), None)


def _waiting_change(
    config: DomainConfig, line: Sequence[TaskFrame], spec: IntentSpec | None
) -> int | None:
    """The waiting change a message asking for ``spec``'s kind of change belongs to, if any.

    A change asked while another task is in progress, of the kind (intent or family) of
    a change already waiting, is that change, not a second one.
    """
    if spec is None or spec.kind != "write":
        return None

    def same_kind(waiting: TaskFrame) -> bool:
        other = config.intent(waiting["intent"])
        return other.name == spec.name or (other.family is not None and other.family == spec.family)

    return _last_waiting(line, same_kind)


def _take_up(
    config: DomainConfig,
    position: int,
    waiting: TaskFrame,
    identity: dict[str, str],
    text: str,
    slots: dict[str, Any],
) -> Tracked:
    """Resume ``waiting`` with this message and what it states; the task in focus waits.

    Only an order the message names itself joins the change (the one in focus is the
    task in progress's, not the waiting change's).
    """
    spec = config.intent(waiting["intent"])
    stated = task_slots(config, slots, spec)
    if not ex.order_ids(text):
        stated = {k: v for k, v in stated.items() if k not in ("order_id", "order_ids")}
    resumed: TaskFrame = {
        **waiting,
        "slots": {**waiting["slots"], **stated},
        "asked": None,
        "utterances": [*waiting["utterances"], text],
    }
    return Tracked(
        "switch", spec.name, [TakeUp(position, resumed)], identity, list(resumed["slots"])
    )


def _keeps_waiting(frame_spec: IntentSpec, text: str) -> bool:
    """True when the change in focus waits while another request is taken up first.

    "Can we close the old account first? The savings can wait": the customer puts the new
    request before the change in progress, which stays asked for. Without such words the
    new request takes its place ("then change the address instead"), as before.
    """
    return frame_spec.kind == "write" and ex.puts_first(text)


def _with_task(
    config: DomainConfig,
    stack: Sequence[TaskFrame],
    spec: IntentSpec | None,
    intent: str,
    text: str,
    slots: dict[str, Any],
    identity: dict[str, str],
    starting: dict[str, Any],
    corrects: Sequence[str] = (),
) -> Tracked:
    frame = current(stack)
    assert frame is not None
    line = waiting(stack)
    frame_spec = config.intent(frame["intent"])
    answering = answers_question(config, frame, slots, text)
    other_task = (
        spec is not None
        and spec.kind in TASK_KINDS
        and spec.name != frame["intent"]
        and not (
            spec.family is not None
            and spec.family == frame_spec.family
            and frame_spec.kind == "write"
        )
    )  # "exchange" during a modification of the same items is the same request; so is
    # advice of the change's own family during it ("which one is best?" while opening one),
    # but not the change asked for after advice ("great, open it"): a task of its own
    # A bare id or number during a task belongs to the task, whatever it resembles; so does
    # a look-up of the very order the task is about ("ok, it's #W…").
    same_order = (
        spec is not None
        and spec.kind == "read"
        and (
            slots.get("order_id") is not None
            and slots.get("order_id") == frame["slots"].get("order_id")
        )
    )
    # A value this task is waiting for ("use my credit card for the difference") stays in the
    # task even when it sounds like another request, unless it names another order. A
    # question that names one ("how long does a refund to paypal take?") is answered as a
    # digression, and the value is kept for the task.
    carried = {
        key: value
        for key, value in task_slots(config, slots, frame_spec).items()
        if key not in ("order_id", "order_ids", "all_items") and frame["slots"].get(key) != value
    }
    new_order = slots.get("order_id") not in (None, frame["slots"].get("order_id"))
    digressing = spec is not None and spec.digression and ex.is_question(text)
    chosen = config.chosen(text)  # "then do the exchange": picked by name
    if chosen is not None and chosen != frame["intent"]:
        spec, intent = config.intent(chosen), chosen
        other_task = True
    other_task = (
        other_task
        and not ex.only_entities(text)
        and not same_order
        and not (carried and not new_order and not digressing and chosen is None)
    )
    # "那帮我取消#W2吧" answers "which order?" of a look-up, and asks for a write by name
    asks_write = (
        other_task
        and spec is not None
        and spec.kind == "write"
        and names_action(text, spec.actions)
    )
    plainly_answers = (
        answering and (_is_short(text) or names_expected(frame, text)) and not asks_write
    )
    if chosen is not None and other_task and spec is not None:
        # The picked task may be waiting already ("…and exchange the boots"): take it up
        # with what was said for it, plus this message.
        picked = _last_waiting(line, lambda w: w["intent"] == chosen)
        if picked is not None:
            taken = line[picked]
            resumed: TaskFrame = {
                **taken,
                "slots": {**taken["slots"], **task_slots(config, starting, spec)},
                "utterances": [*taken["utterances"], text],
            }
            return Tracked(
                "switch",
                chosen,
                [TakeUp(picked, resumed, keep_current=False)],
                identity,
                list(resumed["slots"]),
            )
    position = _waiting_change(config, line, spec) if other_task else None
    if position is not None and not plainly_answers:
        # "i5 over i7, silver or black" while a return asks which speaker: words for the item
        # change waiting behind it, taken up now with this message; the return waits instead
        return _take_up(config, position, line[position], identity, text, slots)
    if other_task and spec is not None and not plainly_answers:
        started = _start(config, spec, text, starting)
        if spec.digression:
            command: StackCommand = Digress(started, carried)
            return Tracked("digress", spec.name, [command], identity, list(started["slots"]))
        if _keeps_waiting(frame_spec, text):
            # "can we close the old account first?" while an opening asks which account: the
            # opening waits behind the closure and resumes with its question, as a digression's
            # task does; a change is never dropped because another was asked for first
            command = Digress(started, carried)
            return Tracked("switch", spec.name, [command], identity, list(started["slots"]))
        return Tracked("switch", spec.name, [Start(started)], identity, list(started["slots"]))
    # "Sorry, I mistyped. The order is #W…" answers the question even if it reads like a
    # complaint; only asking for a person, or anger, hands the conversation over then.
    plain_answer = answering and not ex.asks_for_person(text) and not ex.is_angry(text)
    if spec is not None and spec.kind == "handoff" and not plain_answer:
        return Tracked("handoff", intent, [], identity)
    fills = task_slots(config, slots, frame_spec)
    if frame["asked"] in config.yes_no_slots and "yes_no" in slots:
        fills[str(frame["asked"])] = slots["yes_no"]
    if spec is not None and spec.kind == "smalltalk" and not fills and not answering:
        return Tracked("smalltalk", intent, [], identity)
    updated: TaskFrame = {
        **frame,
        "slots": dict(frame["slots"]),
        "utterances": [*frame["utterances"], text],
    }
    changed = [k for k, v in fills.items() if updated["slots"].get(k) != v]
    correcting = (
        any(k in frame["slots"] for k in changed)
        or (ex.is_correction(text) and (bool(fills) or answering))
        or any(k in fills for k in corrects)
    )
    updated["slots"].update(fills)
    said_nothing = (
        not fills and not answering and not any(slots.get(k) for k in config.identity_slots)
    )
    # Items and options are named in words only the catalogue can read ("the one without
    # water resistance"): in such a task the policy gets to read the message.
    about_items = any(config.slot_of(role) in frame_spec.slots for role in ("parts", "replacement"))
    catalogue_may_read = about_items and not ex.is_question(text) and "yes_no" not in slots
    same_request = spec is not None and (
        spec.name == frame["intent"]
        or (spec.family is not None and spec.family == frame_spec.family)
    )
    if said_nothing and not same_request and not catalogue_may_read:
        return Tracked("unknown", frame["intent"], [Update(updated)], identity)
    act = "correct" if correcting else "fill"
    return Tracked(act, frame["intent"], [Update(updated)], identity, changed)
