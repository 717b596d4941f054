"""The task subgraph's state: a plan, its execution history, its reflections and counters.

The execution history (one record per run of a step) is the single source of truth of
every decision the subgraph takes. Plans, selections and records are pydantic models in
:mod:`planning`; the state keeps their JSON form so every checkpointer stores them.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, Literal, NotRequired, TypedDict

from keel.state.records import Language, ListedWrite, ToolOutcome

TaskStatus = Literal["done", "stopped", "needs_confirmation", "declined", "invalid"]


class TaskBrief(TypedDict):
    """What a task is: its intent, the words it came in, and what is known for it."""

    intent: str  # catalogue intent ("" for an operator's description: it is understood first)
    text: str  # the description, in the customer's or operator's words
    slots: dict[str, Any]  # values the task's steps may read ("$ticket_id")
    user_id: str | None  # the verified customer the task acts for
    language: Language
    run_id: str  # with the session and the step, the idempotency key of each write
    calls: NotRequired[list[ListedWrite]]  # calls known already (a yes covered them): the plan
    mode: NotRequired[Literal["dialogue", "operator"]]  # operator: writes confirmed by interrupt


class NotDone(TypedDict):
    """A step of the plan that did not succeed, and why."""

    step: str
    tool: str
    reason: str  # a failure type, "skipped", "not reached", "declined", "needs confirmation"


class TaskRun(TypedDict):
    """What the task subgraph hands back: the outcome, what was done, what was not and why."""

    status: TaskStatus
    intent: str
    plan: dict[str, Any]  # the last plan (planning.plan.Plan, as JSON)
    selection: dict[str, Any]  # the last tool selection (planning.selection.ToolSelection)
    history: list[dict[str, Any]]  # every run of every step (planning.reflection.StepRecord)
    reflections: list[dict[str, Any]]  # step and overall reflections, in order
    done: list[ListedWrite]  # the calls that succeeded, in order
    not_done: list[NotDone]
    stop_reason: str | None  # overall reflection's reason, or why the task ended early
    completion: float  # share of the required steps done
    outcome: ToolOutcome | None  # the final result of the plan's last step that ran
    outcomes: dict[str, ToolOutcome]  # the last result of each step that ran, by step id
    answered_by: str | None  # the tool whose result that is (an alternative, after a failure)
    unconfirmed: list[ListedWrite]  # writes not covered by a yes (listed for one next)
    rounds: int
    replans: int
    path: list[str]  # the subgraph's nodes, in order


class TaskInput(TypedDict, total=False):
    """What the subgraph reads: the task, and the writes the customer said yes to."""

    task: TaskBrief
    listing: list[ListedWrite]


class TaskOutput(TypedDict, total=False):
    """What the subgraph returns."""

    task_run: TaskRun | None


class TaskState(TaskInput, TaskOutput, total=False):
    """The subgraph's full state (one per run; nothing here outlives the task)."""

    selection: dict[str, Any]  # ToolSelection as JSON
    task_plan: dict[str, Any]  # Plan as JSON
    history: Annotated[list[dict[str, Any]], operator.add]  # StepRecord as JSON, appended
    reflections: Annotated[list[dict[str, Any]], operator.add]  # {"level", ...}, appended
    outcomes: dict[str, ToolOutcome]  # the last outcome of each step that ran
    retry: dict[str, Any] | None  # the next run of a failed step: {step, tool, args, how}
    step_retries: int  # local retries so far (bounded by Context.max_tool_retries)
    rounds: int  # execution rounds: 1, then one more per replan (Context.max_task_rounds)
    replans: int  # replans so far (Context.max_replans)
    ran: Literal["ok", "failed", "nothing"]  # what execute_step just did (its routers read it)
    status: TaskStatus | None  # set when the task ends early (a write without a yes …)
    stop_reason: str | None
    unconfirmed: list[ListedWrite]
    trail: Annotated[list[str], operator.add]  # the nodes this run went through
