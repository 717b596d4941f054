"""Rho Bank's policy: what each request needs, what is allowed, and what is listed for a yes.

Every fact comes from the bank's read tools (through ``call``, so calibration sees each
read); every change is an :class:`ActionPlan` the engine lists back and runs only after the
customer's yes, through the write tool that checks the same rules again inside its
transaction. The requests this pack cannot yet settle in the chat are said so plainly and
offered to a human agent; nothing is changed for them.

Handlers return a :class:`Decision`; none raises to steer the flow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keel.domain.bank import (
    accounts,
    cards,
    clock,
    corrections,
    credit,
    opening,
    referral_advice,
)
from keel.domain.bank.decisions import (
    Turn,
    ask,
    choose,
    credit_cards,
    credit_label,
    debit_cards,
    debit_label,
    every_card_said,
    named,
    plan,
    respond,
    then_the_rest,
)
from keel.domain.bank.disputes import dispute_transaction
from keel.domain.pack import Decision, PolicyInput, ToolCaller
from keel.safety import patterns as rx
from keel.state.dialogue import ActionPlan
from keel.state.stack import TaskFrame
from keel.understanding.confirmation import names_action

# Requests the chat does not settle yet: said plainly, offered to a human, nothing changed.
NOT_IN_CHAT: tuple[str, ...] = ()
# Debit-card changes: the card statuses each applies to.
DEBIT_STATUSES: dict[str, tuple[str, ...]] = {
    "freeze_card": ("ACTIVE",),
    "unfreeze_card": ("FROZEN",),
    "close_card": ("ACTIVE", "PENDING", "FROZEN"),
}
DEBIT_TOOLS = {
    "freeze_card": "freeze_debit_card_3892",
    "unfreeze_card": "unfreeze_debit_card_3893",
    "close_card": "close_debit_card_4721",
}
DEBIT_CLOSE_REASONS = ("lost", "stolen", "fraud_suspected", "damaged", "no_longer_needed")
REPLACEMENT_REASONS = ("lost", "stolen", "damaged", "fraud_suspected")
TRANSACTIONS_SHOWN = 8  # most recent transactions listed in one reply


# -- handlers --------------------------------------------------------------------------------


def split_cards(turn: Turn, decision: Decision, rest: list[dict[str, Any]]) -> Decision:
    """The same change for the other cards meant: a task of its own, taken up after this one."""
    if not rest:
        return decision
    ids = [str(c["card_id"]) for c in rest]
    return then_the_rest(turn, decision, {"card_ids": ids}, ("closure_reason",), len(rest))


def debit_change(turn: Turn) -> Decision:
    """Freeze, unfreeze or close a debit card (every card meant, one after another)."""
    intent = turn.frame["intent"]
    cards = named(debit_cards(turn), turn.slots, "account_level")
    ids = turn.slots.get("card_ids")
    if ids:  # the cards left of "freeze both", split off from the task before
        cards = [c for c in debit_cards(turn) if str(c.get("card_id")) in ids]
    usable = [c for c in cards if str(c.get("status")) in DEBIT_STATUSES[intent]]
    rest: list[dict[str, Any]] = []
    if len(usable) > 1 and (ids or every_card_said(turn)):
        usable, rest = usable[:1], usable[1:]
    if cards and not usable:
        card = cards[0]
        return respond(
            turn,
            f"{intent}.not_applicable",
            {"card": debit_label(card), "status": card.get("status")},
        )
    chosen = choose(turn, usable, debit_label, "card.none")
    if isinstance(chosen, Decision):
        return chosen
    args: dict[str, Any] = {"card_id": chosen["card_id"]}
    summary = {"card": debit_label(chosen)}
    if intent == "close_card":
        reason = turn.slots.get("closure_reason")
        if reason not in DEBIT_CLOSE_REASONS:
            return ask(turn, "closure_reason", "ask.debit_close_reason", summary)
        args["reason"] = reason
        summary["reason"] = reason
    return split_cards(turn, plan(turn, DEBIT_TOOLS[intent], args, True, summary), rest)


def replace_credit_card(turn: Turn) -> Decision:
    """Replace a lost, stolen or damaged credit card (the old card is closed by the order)."""
    active = [c for c in credit_cards(turn) if c.get("status", "ACTIVE") == "ACTIVE"]
    chosen = choose(turn, named(active, turn.slots, "card_type"), credit_label, "card.none")
    if isinstance(chosen, Decision):
        return chosen
    reason = turn.slots.get("closure_reason")
    summary: dict[str, Any] = {"card": credit_label(chosen)}
    if reason not in REPLACEMENT_REASONS:
        return ask(turn, "closure_reason", "ask.replacement_reason", summary)
    user = turn.read("get_user_information_by_id") or {}
    address = str((user.get("user") or user).get("address") or "")
    if not address:
        return respond(turn, "tool.failed")
    args = {
        "credit_card_account_id": chosen["account_id"],
        "shipping_address": address,
        "reason": reason,
        "expedited_shipping": turn.slots.get("delivery_option") == "expedited",
    }
    summary.update(reason=reason, address=address)
    return plan(turn, "order_replacement_credit_card_7291", args, True, summary)


def change_email(turn: Turn) -> Decision:
    """Change the email address on file."""
    new = turn.slots.get("new_email") or (
        turn.slots.get("email") if turn.frame["asked"] == "new_email" else None
    )
    if not new:
        return ask(turn, "new_email", "ask.new_email")
    return plan(turn, "change_user_email", {"new_email": str(new)}, True, {"email": str(new)})


def overview(turn: Turn) -> Decision:
    """The customer's accounts and credit cards."""
    return plan(turn, "get_all_user_accounts_by_user_id_3847", {}, False, {})


# "that card", "the same card", "这张卡": the card the conversation was just about
SAME_CARD = rx.compile(
    r"\b(?:that|this|the same|same|the)\s+(?:credit\s+)?card\b|那张卡|这张卡|该卡|同一张卡", rx.I
)
# "going back to the beginning of September", "since October", "从9月开始", "9月以来"
SINCE = rx.compile(
    r"\b(?:since|going back to|back to|starting(?: from)?|from the (?:start|beginning) of)\b|"
    r"从|以来|开始",
    rx.I,
)


def since_month(text: str) -> str | None:
    """The first day of the month "since <month>" names (this year, or last for a later one)."""
    if not SINCE.search(text):
        return None
    month = corrections.month_of(text)
    if month is None:
        return None
    today = clock.today()
    year = today.year if month <= today.month else today.year - 1
    return f"{month:02d}/01/{year}"


def transactions(turn: Turn) -> Decision:
    """Credit card transactions, narrowed by the card, merchant and time the customer named."""
    args: dict[str, Any] = {}
    text = turn.inp.text or " ".join(map(str, turn.frame["utterances"]))
    card = turn.slots.get("card_name") or (
        accounts.card_said_before(turn) if SAME_CARD.search(text) else None
    )
    if card:
        args["credit_card_type"] = str(card)
    if turn.slots.get("merchant"):
        args["merchant"] = str(turn.slots["merchant"])
    start = since_month(text)
    if start is not None:
        args["date_from"] = start
    return plan(turn, "get_credit_card_transactions_by_user", args, False, {})


def dispute_status(turn: Turn) -> Decision:
    """The customer's disputes and where each stands."""
    return plan(turn, "get_user_dispute_history_7291", {}, False, {})


def knowledge(turn: Turn) -> Decision:
    """An answer from the bank's documents, with its source."""
    query = {
        "query": turn.inp.text or " ".join(turn.frame["utterances"]),
        "lang": turn.inp.language,
    }
    action = ActionPlan(tool="search_knowledge_base", args=query, write=False, summary={})
    turn.frame["asked"] = None
    return Decision(route="execute", plan=action, frame=turn.frame)


def not_in_chat(turn: Turn) -> Decision:
    """A request the chat cannot settle yet: said so, a human offered, nothing changed."""
    return respond(turn, "not_in_chat", {"request": f"request.{turn.frame['intent']}"})


HANDLERS: dict[str, Callable[[Turn], Decision]] = {
    "freeze_card": debit_change,
    "unfreeze_card": debit_change,
    "close_card": debit_change,
    "replace_credit_card": replace_credit_card,
    "change_email": change_email,
    "accounts_overview": overview,
    "transactions": transactions,
    "dispute_status": dispute_status,
    "dispute_transaction": dispute_transaction,
    "policy_question": knowledge,
    "recommend_product": opening.recommend,
    "referral": referral_advice.advise,
    **dict.fromkeys(NOT_IN_CHAT, not_in_chat),
    **accounts.HANDLERS,
    **credit.HANDLERS,
    **cards.HANDLERS,
}


def asked_for(inp: PolicyInput, frame: TaskFrame) -> bool:
    """Whether the customer's own words in this task name the change (its action words).

    A change is listed only when asked for in words ("close my savings", "把钱转到…"):
    a message that only describes what the customer holds ("a Gold savings with about
    $96,000 and a Green checking") may read as a request, and is none.
    """
    spec = inp.config.intents.get(frame["intent"])
    slots = frame["slots"]
    if spec is None or not spec.actions or slots.get("offer_accepted"):
        return True  # (a yes to a change the policy offered in its question: corrections.py)
    if slots.get("open_recommended") in (True, "yes") and slots.get("recommended"):
        return True  # a yes to "Would you like me to open the Sky Blue for you?"
    return any(names_action(text, spec.actions) for text in frame["utterances"])


# Values of a listed change the customer must have named in the task's own words: a
# product to open is the customer's choice, never one the policy picked for them.
STATED_ARGS: dict[str, tuple[str, ...]] = {"open_account": ("account_class",)}


def stated(frame: TaskFrame, plan: ActionPlan) -> bool:
    """Whether every value the customer must choose appears in their words in this task.

    A product the bank advised counts as chosen once the customer said yes to the question
    offering exactly it ("Would you like me to open the Green Account?" "let's do it").
    """
    said = " ".join(frame["utterances"]).lower()
    slots = frame["slots"]
    accepted = slots.get("open_recommended") in (True, "yes")
    for arg in STATED_ARGS.get(frame["intent"], ()):
        chosen = plan["args"].get(arg)
        if accepted and chosen is not None and chosen == slots.get("recommended"):
            continue
        value = str(chosen or "").lower().removesuffix(" account").strip()
        if value and value not in said:
            return False
    return True


def decide(call: ToolCaller, inp: PolicyInput) -> Decision:
    """Decide the turn for the task in ``inp.frame``."""
    assert inp.frame is not None
    handler = HANDLERS.get(inp.frame["intent"], not_in_chat)
    decision = handler(Turn(call, inp, inp.frame))
    plan = decision.plan
    if (
        plan is not None
        and plan["write"]
        and not (asked_for(inp, inp.frame) and stated(inp.frame, plan))
    ):
        request = f"request.{inp.frame['intent']}"
        return Decision(
            route="respond", reply_key="ask.which_change", reply_data={"request": request}
        )
    return decision
