"""The pieces every handler of the bank's policy decides with.

:class:`Turn` holds the facts of one decision (the reads go through ``call``, so
calibration sees each); ``respond``, ``refuse``, ``ask`` and ``plan`` are the four
decisions a handler can return; the rest finds the customer's cards and accounts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from keel.domain.pack import Decision, PolicyInput, ToolCaller
from keel.safety import patterns as rx
from keel.state.dialogue import ActionPlan, Route
from keel.state.stack import TaskFrame


@dataclass
class Turn:
    """The facts one decision is made from."""

    call: ToolCaller
    inp: PolicyInput
    frame: TaskFrame

    @property
    def slots(self) -> dict[str, Any]:
        """The values the task has so far."""
        return self.frame["slots"]

    @property
    def user_id(self) -> str:
        """The verified customer (every handler runs after identification)."""
        return str(self.inp.user_id or "")

    def read(self, tool: str, **args: Any) -> dict[str, Any] | None:
        """A read's data, or None when it failed."""
        outcome = self.call(tool, {"user_id": self.user_id, **args})
        return dict(outcome["data"]) if outcome["ok"] else None


# -- decisions ------------------------------------------------------------------------------


def respond(turn: Turn, key: str, data: Mapping[str, Any] | None = None) -> Decision:
    """Answer and end the task."""
    return Decision(route="respond", reply_key=key, reply_data=dict(data or {}), frame=turn.frame)


def refuse(turn: Turn, key: str, data: Mapping[str, Any] | None = None) -> Decision:
    """Refuse the request, saying why; nothing is changed."""
    return Decision(route="reject", reply_key=key, reply_data=dict(data or {}), reject_reason=key)


# Every one of the cards meant ("freeze both cards", "把两张卡都冻结"), not one to choose.
EVERY_CARD = rx.compile(
    r"\bboth\b|\ball (?:my |of my |the |three |four |five )?(?:debit )?cards\b|"
    r"\beach (?:card|of them)\b|\bevery (?:debit )?card\b|\ball of them\b|"
    r"\ball (?:two|three|four|five|six)\b|"
    r"[两三四五]张|全部|所有|每张|每一张|卡[^，。！？]{0,6}都|都(?:冻结|解冻|注销|关|停|锁)",
    rx.I,
)


def asked_words(turn: Turn) -> str:
    """The task's words, all of them: what a task split off from it was asked in.

    (Its last message may only say who the customer is; the request is in the others.)
    """
    said = [str(t) for t in turn.frame["utterances"]]
    if turn.inp.text and turn.inp.text not in said:
        said.append(turn.inp.text)
    return " ".join(said)


def then_the_rest(
    turn: Turn,
    decision: Decision,
    values: Mapping[str, Any],
    kept: Sequence[str] = (),
    targets: int = 1,
) -> Decision:
    """``decision``, with the same request waiting behind it as a task of its own.

    The task that follows is asked in this task's words and starts with ``values`` (the
    targets it is for) and the slots ``kept`` of this one; ``targets`` counts them for a
    yes that counts the changes ("yes, freeze all three"). The engine queues it once.
    """
    decision.split_off = asked_words(turn)
    decision.split_slots = {**{k: turn.slots[k] for k in kept if turn.slots.get(k)}, **values}
    decision.split_targets = targets
    return decision


def every_card_said(turn: Turn) -> bool:
    """Whether the task's words ask the change of every card they point at."""
    said = [*turn.frame["utterances"], turn.inp.text]
    return any(EVERY_CARD.search(str(text)) for text in said if text)


def yes_no(turn: Turn, slot: str) -> bool | None:
    """A yes/no answer to ``slot``'s question, or None when not given."""
    value = turn.slots.get(slot)
    if value in (True, "yes"):
        return True
    if value in (False, "no"):
        return False
    return None


def ask(turn: Turn, slot: str, key: str, data: Mapping[str, Any] | None = None) -> Decision:
    """Ask for ``slot``; the task waits for the answer."""
    frame = turn.frame
    same = frame["asked"] == slot
    frame["clarify_count"] = frame["clarify_count"] + 1 if same else 1
    frame["asked"] = slot
    frame["prompt"] = {"key": key, "data": dict(data or {})}
    return Decision(route="ask", reply_key=key, reply_data=dict(data or {}), frame=frame)


def plan(
    turn: Turn, tool: str, args: dict[str, Any], write: bool, summary: dict[str, Any]
) -> Decision:
    """Run ``tool``: a read at once, a write once the customer said yes to the listing."""
    turn.frame["asked"] = None
    action = ActionPlan(
        tool=tool, args={"user_id": turn.user_id, **args}, write=write, summary=summary
    )
    confirmed = write and turn.frame["all_agreed"]
    route: Route = "confirm" if write and not confirmed else "execute"
    return Decision(route=route, plan=action, frame=turn.frame)


# -- the customer's cards and accounts -----------------------------------------------------


def accounts(turn: Turn) -> list[dict[str, Any]]:
    """The customer's bank accounts."""
    data = turn.read("get_all_user_accounts_by_user_id_3847") or {}
    return [dict(a) for a in data.get("accounts", [])]


def debit_cards(turn: Turn) -> list[dict[str, Any]]:
    """The customer's debit cards, each with its account's level."""
    cards: list[dict[str, Any]] = []
    for account in accounts(turn):
        if account.get("class") != "checking":
            continue
        data = turn.read("get_debit_cards_by_account_id_7823", account_id=account["account_id"])
        for card in (data or {}).get("debit_cards", []):
            cards.append({**card, "account_level": account.get("level", "")})
    return cards


def credit_cards(turn: Turn) -> list[dict[str, Any]]:
    """The customer's credit card accounts."""
    data = turn.read("get_credit_card_accounts_by_user") or {}
    return [dict(c) for c in data.get("credit_card_accounts", [])]


def named(
    cards: Sequence[dict[str, Any]], slots: Mapping[str, Any], name_key: str
) -> list[dict[str, Any]]:
    """The cards the customer's words point at (last four digits, product name)."""
    chosen = list(cards)
    if slots.get("card_last4"):
        chosen = [c for c in chosen if str(c.get("last_4_digits")) == str(slots["card_last4"])]
    if slots.get("card_name"):
        name = str(slots["card_name"]).lower()
        chosen = [c for c in chosen if name in str(c.get(name_key, "")).lower()] or chosen
    return chosen


def debit_label(card: Mapping[str, Any]) -> str:
    """How a debit card is named to the customer."""
    return f"{card.get('account_level', 'debit')} debit card ending {card.get('last_4_digits')}"


def credit_label(card: Mapping[str, Any]) -> str:
    """How a credit card is named to the customer."""
    return str(card.get("card_type") or card.get("account_id"))


def choose(
    turn: Turn,
    found: list[dict[str, Any]],
    label: Callable[[Mapping[str, Any]], str],
    none_key: str,
) -> dict[str, Any] | Decision:
    """The one card meant, or the question (which one?) or the answer (none applies)."""
    if not found:
        return respond(turn, none_key)
    if len(found) == 1:
        return found[0]
    options = "; ".join(label(c) for c in found)
    return ask(turn, "card", "ask.which_card", {"cards": options})
