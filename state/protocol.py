"""The confirmation protocol as state: what the agent asked, and what a reply may answer.

Keel's first promise is that nothing changes without the customer's explicit yes to exactly
what was listed. Words alone cannot keep it: "ok" answers a yes/no question, and it also
acknowledges a "take your time", an answer or a goodbye. So the promise is kept by the
protocol's state, not by lists of phrasings:

- every reply that lists writes records a :class:`ListingQuestion`: which turn's reply
  asked, and how (``asked``: the yes/no question and nothing a reply could acknowledge
  instead; ``asked_besides``: the question after something else, an answer or a "sorry, I
  need a clear yes or no"; ``parked``: no question at all, the listing put on hold after a
  deferral, a goodbye or a handoff);
- :func:`yes_answers_question` is the one rule a write must pass (``execute_tool`` applies
  it): the customer's message was read as a yes, it answers the question the agent's
  message just before it asked, and after a reply that asked besides something else it is
  an explicit yes ("yes", "go ahead", "确认"), not an acknowledgement ("ok", "嗯"). A parked
  listing is never answered: it is listed again, for a yes of its own.

Pure functions of the state; the nodes call them, nothing here reads anything else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NotRequired, TypedDict

ListingStatus = Literal["asked", "asked_besides", "parked"]

# What the reply of a turn was, as far as a pending listing is concerned (the turn
# decision's kind): "confirm" lists writes and asks for a yes; "park" keeps them on hold.
ASKING_KINDS = ("confirm",)
PARKING_KINDS = ("park",)


class ListingQuestion(TypedDict):
    """The yes/no question a reply asked about the listing, or that it parked the listing."""

    status: ListingStatus
    turn: int  # the user turn whose reply asked it (or parked the listing)


class AnswerNote(TypedDict):
    """What the protocol needs of the reading of a reply to a listing."""

    reading: str  # yes | yes_and_more | no | question | correction | unclear
    explicit: NotRequired[bool]  # the agreement is more than an acknowledgement


EXECUTING = ("yes", "yes_and_more")


def is_preface(notice: Mapping[str, Any]) -> bool:
    """True for a notice said before a listing that leaves nothing else to acknowledge.

    "Thank you, Mia, I've verified your account.", "That is order #W1.": facts about the
    listing or the customer, marked ``preface`` (or ``auth``) where they are made. An answer,
    a "take your time", a "sorry, I need a clear yes or no" are not: an "ok" after them may
    answer them instead of the question.
    """
    return bool(notice.get("preface") or notice.get("auth"))


def question_after_reply(
    kind: str, notices: Sequence[Mapping[str, Any]], turn: int
) -> ListingQuestion | None:
    """The listing question a reply leaves pending (None: the reply asked none)."""
    if kind in PARKING_KINDS:
        return ListingQuestion(status="parked", turn=turn)
    if kind not in ASKING_KINDS:
        return None
    besides = any(not is_preface(n) for n in notices)
    return ListingQuestion(status="asked_besides" if besides else "asked", turn=turn)


def yes_answers_question(
    question: ListingQuestion | None, turn: int, note: AnswerNote | None
) -> bool:
    """True when this turn's reply is a yes to the listing question asked just before it.

    ``turn`` is the turn of the reply; the question must have been asked by the agent's
    message of the turn before (nothing said since), and not parked. After a question asked
    besides something else, only an explicit yes answers it.
    """
    if question is None or note is None or note["reading"] not in EXECUTING:
        return False
    if question["turn"] != turn - 1 or question["status"] == "parked":
        return False
    return question["status"] == "asked" or bool(note.get("explicit"))


def acknowledges_only(question: ListingQuestion | None, note: AnswerNote) -> bool:
    """True when a yes-like reply only acknowledges (an "ok" after an answer or a deferral)."""
    return (
        question is not None
        and question["status"] != "asked"
        and note["reading"] in EXECUTING
        and not note.get("explicit")
    )


def target_asked_for(
    target: str | None,
    *,
    looked_up: Sequence[str],
    names_order: bool,
    names_action: bool,
    answers_which: bool,
    anothers: bool = False,
) -> bool:
    """True when a write may be listed for ``target`` as the customer asked it.

    An order the customer only asked about (``looked_up``: "has my laptop order shipped?")
    becomes the target of a write only when a message of the task asks for that write in so
    many words (``names_action``) or names the order by its id; so "I asked about the LAPTOP
    order, not this one" at another order's listing is answered by asking which order, never
    by a listing of the laptop order. An answer to "which order?" (``answers_which``) names
    its choice. A request that says the order is someone else's (``anothers``: "帮她把收货
    地址改成…") never falls on one of the customer's own orders it did not name.
    """
    if target is None or answers_which:
        return True
    if anothers:
        return names_order
    return names_action or names_order or target not in looked_up
