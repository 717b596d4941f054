"""The dialogue graph's state: what the checkpointer keeps between turns and what one turn computes.

Conversation state lives here (and so in the LangGraph checkpointer); business
data lives in the store's database. Nested values are plain JSON-able dicts
(TypedDicts) so that every checkpointer serialises them without custom types.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Annotated, Any, Literal, NotRequired, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

from keel.state.protocol import ListingQuestion
from keel.state.records import Language as Language
from keel.state.records import ListedWrite as ListedWrite
from keel.state.records import ToolOutcome as ToolOutcome
from keel.state.stack import TaskFrame, TaskStack, current
from keel.state.task import TaskBrief, TaskRun

Awaiting = Literal["confirmation", "clarification", "human", "nothing"]
Route = Literal[
    "continue",
    "execute",
    "confirm",
    "park",
    "ask",
    "fallback",
    "reject",
    "handoff",
    "respond",
    "resume",
]


class TurnDecision(TypedDict):
    """What this turn decided to do next: the routers branch on ``kind`` and nothing else.

    continue: go on understanding; execute: run the approved call; confirm: list a write
    for a yes; park: keep the listed writes on hold, asking nothing (after a deferral, a
    goodbye, a handoff); ask: ask for what is missing; fallback: not understood; reject: refused;
    handoff: a human takes over (``reason`` says why); respond: reply and end the turn;
    resume: a task was done and the next one on the stack is taken up.
    """

    kind: Route
    reason: NotRequired[str]  # handoff: requested | complaint | anger | tool_failure | …


def turn_decision(kind: Route, reason: str | None = None) -> TurnDecision:
    """A turn's decision of ``kind`` (with the reason of a handoff)."""
    return TurnDecision(kind=kind, reason=reason) if reason else TurnDecision(kind=kind)


TURN_START = "__turn_start__"


def extend_path(left: list[str] | None, right: list[str] | None) -> list[str]:
    """Reducer for the per-turn node path: a list starting with TURN_START resets it."""
    if right and right[0] == TURN_START:
        return list(right[1:])
    return [*(left or []), *(right or [])]


class Understanding(TypedDict):
    """What the understander made of the latest user message."""

    text: str  # the user message
    intent: str  # catalogue intent or "UNKNOWN"
    confidence: float  # classifier or model confidence in [0, 1]
    slots: dict[str, Any]  # values extracted from this message only
    act: str  # dialogue act: new_intent | fill | correct | affirm | deny | abandon | unknown
    source: str  # "offline" or "model"


class ActionPlan(TypedDict):
    """A tool call the policy approved, with its arguments and what it will do."""

    tool: str  # registry name of the tool
    args: dict[str, Any]  # validated arguments
    write: bool  # True if the tool changes business data (needs confirmation)
    summary: dict[str, Any]  # facts listed back to the user before a write


class JoinedWrite(TypedDict):
    """A write of a request queued behind the task in focus, listed with it for one yes."""

    intent: str  # the request's intent (how its change is listed and its result told)
    plan: ActionPlan
    position: int  # the request's place in the stack (it ends when the task has run)


class ConfirmationNote(TypedDict):
    """How this turn's reply to a confirmation was read (understanding/confirmation.py)."""

    reading: str  # yes | yes_and_more | no | question | correction | unclear
    source: str  # offline | model
    cues: list[str]  # the signals that decided
    rest: str  # yes_and_more: the new request; no: what followed the no
    changed: list[str]  # correction: which values differ from the listing
    explicit: NotRequired[bool]  # a yes that is more than an acknowledgement ("ok", "嗯")
    corrected: NotRequired[list[ListedWrite]]  # correction: what was listed before it
    declined: NotRequired[list[ListedWrite]]  # no: what was listed (and is now off)


class HandoffPackage(TypedDict):
    """Everything a human agent needs to take the conversation over."""

    reason: str  # requested | complaint | anger | unknown_streak | tool_failure
    summary: str
    intent: str | None
    slots: dict[str, Any]
    user_id: str | None
    tool_results: list[dict[str, Any]]
    done: dict[str, Any] | None  # the last change made in the session (what an "undo" means)
    task_run: NotRequired[TaskRun | None]  # this turn's task: plan, execution history, not done
    transcript: list[dict[str, str]]
    ticket_id: int | None
    pending: NotRequired[list[ListedWrite]]  # a change listed, not agreed to, when handed off


@dataclass(kw_only=True)
class InputState:
    """What a caller sends: the new user message (and a user id from an authenticated channel)."""

    messages: Annotated[list[AnyMessage], add_messages] = field(default_factory=list)
    channel_user_id: str | None = None  # user id asserted by an authenticated channel
    # the client the message came from (an address, a device), for limits across sessions;
    # None: the session is its own source
    source: str | None = None


@dataclass(kw_only=True)
class DialogueState(InputState):
    """Full state of one session (thread id = session id)."""

    user_id: str | None = None  # the authenticated user, once verified
    identity: dict[str, str] = field(default_factory=dict)  # credentials given so far
    identity_failures: int = 0  # failed identification attempts in this session
    # The session's messages that speak of another person ("my wife Emma Smith asked me…"):
    # facts of who was given as whom; an account they name is never opened in this session
    others: list[str] = field(default_factory=list)
    # accounts this session may not open: the speaker said they are not the holder
    barred: list[str] = field(default_factory=list)
    language: Language = "en"  # language of the latest user message
    turn: int = 0  # number of user turns so far
    turn_started: float = 0.0  # when this turn's message arrived (epoch s; the turn deadline)
    understanding: Understanding | None = None  # this turn's understanding
    # secrets this message stated (a PIN), each as its slot and a handle: the stored message
    # has them masked (keel.safety.secrets)
    sealed: dict[str, str] = field(default_factory=dict)
    stack: TaskStack = field(default_factory=list)  # the task in focus on top, waiting ones below
    decision: TurnDecision = field(
        default_factory=lambda: turn_decision("respond")
    )  # what the turn does next (the routers read its kind)
    plan: ActionPlan | None = None  # approved tool call awaiting execution or confirmation
    agreed: list[ActionPlan] = field(default_factory=list)  # further calls a "yes to all" runs
    joined: list[JoinedWrite] = field(default_factory=list)  # other requests' writes, one yes
    outcome: ToolOutcome | None = None  # this turn's tool result
    task: TaskBrief | None = None  # the task the subgraph runs this turn (the approved calls)
    task_run: TaskRun | None = None  # what the task subgraph did: plan, history, summary
    recent_results: list[dict[str, Any]] = field(default_factory=list)  # last tool results
    focus_order: str | None = None  # the order last acted on or read ("it", "that order")
    # orders the customer only asked about (read for an answer): never the target of a write
    # unless a message asks for that write in so many words (state/protocol.py)
    looked_up: list[str] = field(default_factory=list)
    last_write: dict[str, Any] | None = None  # the last change made: tool, arguments, summary
    reply_key: str = ""  # template key of the reply being composed
    reply_data: dict[str, Any] = field(default_factory=dict)  # values for the reply template
    notices: list[dict[str, Any]] = field(
        default_factory=list
    )  # {"key","data","after"} extra lines
    template_reply: str = ""  # the reply as the template renders it (the safe fallback of phrasing)
    reply: str = ""  # the reply sent to the user this turn
    reply_source: Literal["template", "model", "human", "safe"] = "template"  # who phrased it
    settled: bool = False  # this turn was a yes/no to a confirmation (no model call)
    confirmation: ConfirmationNote | None = None  # this turn's reading of a confirmation reply
    listing: list[ListedWrite] = field(default_factory=list)  # writes the pending yes covers
    # how the agent's last reply asked about the listing (state/protocol.py): a yes executes
    # only as the answer to a question asked by the reply just before it
    question: ListingQuestion | None = None
    listed_plan: ActionPlan | None = None  # the call of the pending listing (kept across a handoff)
    confirm_rounds: int = 0  # questions and unclear replies at the same confirmation
    awaiting: Awaiting = "nothing"  # what the agent is waiting for after this turn
    unknown_streak: int = 0  # consecutive turns not understood
    anger_streak: int = 0  # consecutive angry turns
    human_asks: int = 0  # requests for a human so far (a handoff intent's ``insist``)
    handoff: HandoffPackage | None = None  # from the handoff until a human agent releases it
    path: Annotated[list[str], extend_path] = field(default_factory=list)  # nodes this turn

    @property
    def frame(self) -> TaskFrame | None:
        """The task in focus (the stack's top frame when it is active), if any."""
        return current(self.stack)


class OutputState(TypedDict, total=False):
    """What a caller reads back after a turn."""

    messages: list[AnyMessage]
    reply: str
    awaiting: Awaiting
    path: list[str]
    user_id: str | None
    understanding: Understanding | None
    stack: TaskStack
    handoff: HandoffPackage | None


# What one turn computes (the rest of DialogueState is what the conversation keeps): these
# start afresh with every user message, from one definition (:func:`fresh_turn`).
PER_TURN = (
    "understanding",
    "sealed",
    "decision",
    "plan",
    "agreed",
    "joined",
    "outcome",
    "task",
    "task_run",
    "reply_key",
    "reply_data",
    "notices",
    "template_reply",
    "reply",
    "reply_source",
    "settled",
    "confirmation",
)


def fresh_turn(keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every per-turn value at its default, replacing the last turn's (but those in ``keep``).

    The answer to a confirmation keeps the listed ``plan`` and the ``understanding`` of the
    request it was asked for: the yes runs that call, described in those words.
    """
    fresh: dict[str, Any] = {}
    for spec in fields(DialogueState):
        if spec.name not in PER_TURN or spec.name in keep:
            continue
        factory = spec.default_factory
        fresh[spec.name] = factory() if factory is not MISSING else spec.default
    return fresh
