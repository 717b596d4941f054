"""State of the text-to-SQL graph (``graph/ask.py``): one operator question, one run.

The resource pool (everything learnt, in full) and the light memory (what travels
between iterations) are kept as plain data so that the checkpointer and Studio show
them; the iteration records are the audit trail of the run and the source of its
prompt-size figures.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, Literal, NotRequired, TypedDict

AskStatus = Literal["running", "answered", "refused", "exited"]


class Iteration(TypedDict):
    """One Plan-Tool-Active-Validate iteration, as the answer's audit trail shows it."""

    n: int  # 1, 2, … (the iteration counter when it ran)
    action: str  # the tool it ran
    planner: str  # offline | model: who chose the action
    ok: bool  # whether the step succeeded (the Active judgement)
    error_kind: str  # the diagnosis of a failure ("" when it succeeded)
    summary: str  # what the step found or why it failed, in one line
    prompt_chars: int  # the plan prompt of this iteration (light memory only)
    step_chars: int  # the step's own prompt (generation, refinement, selection; 0 if none)
    baseline_chars: int  # the plan prompt an accumulating context would have sent
    ms: float  # time of the whole iteration


class AskInput(TypedDict):
    """What an operator gives: the question, and optionally its context and database."""

    question: str  # the question, in the operator's words
    context: NotRequired[str]  # business context (a report template's text, a glossary)
    database: NotRequired[str]  # SQLAlchemy URL of the database to ask (default: the store)


class AskState(AskInput):
    """The whole state of one run of the loop."""

    pool: NotRequired[dict[str, Any]]  # the ResourcePool's contents (querying/pool.py)
    memory: NotRequired[dict[str, Any]]  # the light memory as the last plan saw it
    iteration: NotRequired[int]  # iterations so far (limit: max_ask_iterations)
    action: NotRequired[str | None]  # the action the plan chose (None: nothing left to do)
    planner: NotRequired[str]  # offline | model
    plan_chars: NotRequired[int]  # this iteration's plan prompt size
    step_chars: NotRequired[int]  # this iteration's step prompt size
    started: NotRequired[float]  # when this iteration began (perf counter)
    outcome: NotRequired[dict[str, Any]]  # the tool's outcome (ok, data, error, message)
    history: Annotated[list[Iteration], operator.add]  # every iteration, in order
    status: NotRequired[AskStatus]  # running until the validate step ends the run
    exit_reason: NotRequired[str]  # why the run ended without an answer
    answer: NotRequired[dict[str, Any]]  # the answer (table, sentence, SQL, repairs, trail)


class AskOutput(TypedDict):
    """What a run returns."""

    status: AskStatus
    answer: dict[str, Any]
    history: list[Iteration]
