"""The dialogue's task stack and the typed commands that change it.

After Rasa CALM's dialogue stack: one list of frames, oldest first. The task in
focus is the top frame when its kind is ``active``; below it wait the tasks a
digression suspended (``suspended``: resumed with the question they had asked)
and the further requests of a message (``queued``: started when their turn
comes, the one nearest the top first).

Tracking, the policy check and the confirmation reader never edit the stack:
they emit commands (``Start``, ``Update``, ``Digress``, ``Queue``, ``TakeUp``,
``Drop``, ``Resume``, ``DropWaiting``, ``Clear``), and :func:`apply` turns a stack
and a command into the next stack. ``apply`` is pure: it copies what it changes
and never reads anything but its arguments.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NotRequired, TypedDict

FrameKind = Literal["active", "suspended", "queued"]


class TaskFrame(TypedDict):
    """A task the user asked for, being filled and checked across turns."""

    kind: FrameKind  # active: in focus; suspended: by a digression; queued: waits its turn
    intent: str  # the name of an intent of the business's catalogue
    slots: dict[str, Any]  # filled slot values (validated, canonical)
    asked: str | None  # the slot the agent asked for last, if any
    clarify_count: int  # times in a row the agent asked the same question (bounded by max_clarify)
    utterances: list[str]  # the user's messages in this task (items are resolved from them)
    prompt: dict[str, Any] | None  # the last question asked ({"key", "data"}), to re-ask on resume
    orders: list[str] | None  # further orders the same change is for (None: one order asked)
    all_agreed: bool  # the customer agreed to the change for every listed order at once
    same_order: NotRequired[bool]  # a further request of a message about the order before it
    redo: NotRequired[bool]  # the change just made, made again with a corrected value


TaskStack = list[TaskFrame]


def new_frame(
    intent: str,
    slots: dict[str, Any] | None = None,
    utterances: Sequence[str] = (),
    kind: FrameKind = "active",
) -> TaskFrame:
    """An empty task for ``intent`` (or one started with ``slots`` from ``utterances``)."""
    return TaskFrame(
        kind=kind,
        intent=intent,
        slots=dict(slots or {}),
        asked=None,
        clarify_count=0,
        utterances=list(utterances),
        prompt=None,
        orders=None,
        all_agreed=False,
    )


def current(stack: Sequence[TaskFrame]) -> TaskFrame | None:
    """The task in focus: the top frame, when it is active."""
    return stack[-1] if stack and stack[-1]["kind"] == "active" else None


def waiting(stack: Sequence[TaskFrame]) -> list[TaskFrame]:
    """The tasks waiting below the one in focus, oldest first (the next to resume last)."""
    return [f for f in stack if f["kind"] != "active"]


def _as(frame: TaskFrame, kind: FrameKind) -> TaskFrame:
    return {**frame, "kind": kind}


def _restated_by(task: TaskFrame, frame: TaskFrame) -> bool:
    """True when ``task`` says everything ``frame`` (waiting) asked: same intent, same values."""
    return frame["intent"] == task["intent"] and all(
        task["slots"].get(k) == v for k, v in frame["slots"].items()
    )


def _agrees_with(task: TaskFrame, frame: TaskFrame) -> bool:
    """True when waiting ``frame`` is ``task``'s kind and none of its values differ."""
    return frame["intent"] == task["intent"] and all(
        task["slots"].get(k) in (None, v) for k, v in frame["slots"].items()
    )


@dataclass(frozen=True)
class Start:
    """A request becomes the task in focus, replacing the one in focus.

    A waiting task of the same kind whose values agree is taken up by it ("…and cancel
    #W2 - no longer needed" waiting, then "yes on the cancel": its reason comes along);
    waiting tasks it restates are dropped (asked again, not a second time).
    """

    task: TaskFrame


@dataclass(frozen=True)
class Update:
    """The task in focus with new values (an answer, a correction, the policy's reading)."""

    task: TaskFrame


@dataclass(frozen=True)
class Digress:
    """A digression takes focus; the task in focus waits, with ``keep`` added to its values."""

    task: TaskFrame
    keep: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Queue:
    """Further requests wait their turn right below the task in focus, the first on top.

    ``behind_suspended``: they wait behind the task a digression just suspended, which
    resumes first. ``restating``: waiting tasks the first of them restates are dropped.
    """

    tasks: tuple[TaskFrame, ...]
    behind_suspended: bool = False
    restating: bool = False


@dataclass(frozen=True)
class TakeUp:
    """The waiting task at ``position`` takes focus as ``task`` (its values and this message).

    ``keep_current``: the task in focus waits in its place on top (suspended), else it ends.
    """

    position: int
    task: TaskFrame
    keep_current: bool = True


@dataclass(frozen=True)
class Drop:
    """The task in focus ends (done, abandoned, declined, refused); nothing resumes yet."""


@dataclass(frozen=True)
class Resume:
    """With no task in focus, the waiting task on top takes focus again."""


@dataclass(frozen=True)
class DropWaiting:
    """The waiting tasks of these intents are off ("…but don't switch the payment after all")."""

    intents: tuple[str, ...]


@dataclass(frozen=True)
class Clear:
    """Nothing is in focus and nothing waits (a human agent hands the conversation back)."""


StackCommand = Start | Update | Digress | Queue | TakeUp | Drop | Resume | DropWaiting | Clear


def apply(stack: Sequence[TaskFrame], command: StackCommand) -> TaskStack:
    """The stack after ``command``: a new list, ``stack`` is left as it was."""
    below = waiting(stack)
    focus = current(stack)
    match command:
        case Start(task):
            new = _as(task, "active")
            absorbed = next((f for f in reversed(below) if _agrees_with(new, f)), None)
            if absorbed is not None:
                below = [f for f in below if f is not absorbed]
                new = {**new, "slots": {**absorbed["slots"], **new["slots"]}}
            return [*(f for f in below if not _restated_by(new, f)), new]
        case Update(task):
            return [*below, _as(task, "active")]
        case Digress(task, keep):
            if focus is None:
                return [*below, _as(task, "active")]
            paused = _as({**focus, "slots": {**focus["slots"], **keep}}, "suspended")
            return [*below, paused, _as(task, "active")]
        case Queue():
            return _with_focus(_queued(below, command), focus)
        case TakeUp(position, task, keep_current):
            rest = [f for i, f in enumerate(below) if i != position]
            if keep_current and focus is not None:
                rest = [*rest, _as(focus, "suspended")]
            return apply(rest, Start(task))
        case Drop():
            return below
        case Resume():
            if focus is not None or not below:
                return list(stack)
            return [*below[:-1], _as(below[-1], "active")]
        case DropWaiting(intents):
            return _with_focus([f for f in below if f["intent"] not in intents], focus)
        case Clear():
            return []
    raise TypeError(f"not a stack command: {command!r}")  # pragma: no cover


def _with_focus(below: list[TaskFrame], focus: TaskFrame | None) -> TaskStack:
    return [*below, focus] if focus is not None else below


def _queued(below: list[TaskFrame], queue: Queue) -> list[TaskFrame]:
    """The waiting tasks with ``queue``'s tasks in line (the first nearest the top)."""
    line = [_as(t, "queued") for t in reversed(queue.tasks)]
    if queue.restating and queue.tasks:
        below = [f for f in below if not _restated_by(queue.tasks[0], f)]
    if queue.behind_suspended and below and below[-1]["kind"] == "suspended":
        return [*below[:-1], *line, below[-1]]
    return [*below, *line]


def apply_all(stack: Sequence[TaskFrame], commands: Iterable[StackCommand]) -> TaskStack:
    """The stack after each command in turn."""
    result = list(stack)
    for command in commands:
        result = apply(result, command)
    return result


def told_waiting(
    stack: Sequence[TaskFrame], index: int, text: str, slots: Mapping[str, Any]
) -> TaskStack:
    """The stack with ``text`` and the ``slots`` it states said for the task at ``index``.

    The waiting task reads them when it runs; a later value replaces an earlier one.
    """
    return [
        {
            **frame,
            "utterances": [*frame["utterances"], text],
            "slots": {**frame["slots"], **slots},
        }
        if i == index
        else frame
        for i, frame in enumerate(stack)
    ]


def end_task(stack: Sequence[TaskFrame]) -> TaskStack:
    """The task in focus ends and the waiting task on top resumes (if any)."""
    return apply_all(stack, (Drop(), Resume()))


def resume_notice(frame: TaskFrame | None) -> list[dict[str, Any]]:
    """The notice that re-asks a resumed task's last question (none if it asked nothing)."""
    prompt = frame["prompt"] if frame is not None else None
    return [{"key": prompt["key"], "data": prompt["data"], "after": True}] if prompt else []
