"""Nodes of the task subgraph: select tools, plan, execute step by step, reflect, replan, sum up.

``select_tools → plan_task → execute_step → (next step | reflect_step) → reflect_overall →
replan → … → summarise``. Every tool call goes through the calibration layer
(:func:`calibration.machine.run_call`); step reflection reads its final record of the
call, so a failure calibration already retried is not retried again here. A write runs
only when exactly that call was listed to the customer and they said yes (the dialogue's
listing); otherwise the task stops and hands the write back to be listed, or, for an
operator's task, asks for a yes by interrupt. Each node returns only the keys it changed.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import interrupt

from keel.calibration.machine import run_call
from keel.calibration.receipts import idempotency_key
from keel.calibration.taxonomy import load_failures
from keel.nodes.common import (
    call_deps,
    domain_config,
    tool_registry,
    understander_of,
)
from keel.nodes.decide import is_listed
from keel.planning.plan import Plan, Step, UnboundError, bind_args, execution_order, validate_plan
from keel.planning.reflection import (
    MISSING_INPUT,
    AddRemediationSteps,
    AdjustDependencies,
    FailureKinds,
    FullReplan,
    Limits,
    ReflectionResult,
    ReplanFromStep,
    RetryWithAdjustedParams,
    RetryWithAlternativeTool,
    SkipSteps,
    StepRecord,
    canonical,
    completion,
    done_steps,
    reflect_overall,
    reflect_step,
)
from keel.planning.replan import (
    ReplanError,
    add_remediation_steps,
    adjust_dependencies,
    full_replan,
    replan_from_step,
    skip_steps,
)
from keel.planning.selection import (
    ToolSelection,
    previous_tools,
    select_corrective,
    select_predictive,
)
from keel.planning.templates import default_plan, literal_plan, rebind_for, template_plan
from keel.state.context import Context
from keel.state.dialogue import ListedWrite
from keel.state.runtime import session_id
from keel.state.task import NotDone, TaskBrief, TaskRun, TaskState
from keel.tools.registry import ToolSpec


@functools.lru_cache(maxsize=8)
def tool_cards(domain: str, operator: bool = False) -> dict[str, ToolSpec]:
    """The registry's tool specs by name (what selection, planning and reflection read).

    An operator's tools (``operator_only``) are among them only for an operator's task: a
    customer's task can neither select, plan, replan to nor reflect its way to one.
    """
    specs = tool_registry(domain).specs()
    return {s.name: s for s in specs if operator or not s.operator_only}


def is_operator(brief: TaskBrief) -> bool:
    """Whether the task is an operator's (its writes confirmed by interrupt)."""
    return brief.get("mode") == "operator"


@functools.lru_cache(maxsize=1)
def failure_kinds() -> FailureKinds:
    """What the failure taxonomy says about recovering from each failure type."""
    failures = load_failures()
    return FailureKinds(
        recoverable=frozenset(k for k, spec in failures.items() if spec.recover),
        retried_by_calibration=frozenset(k for k, spec in failures.items() if spec.retry),
    )


def limits_of(context: Context) -> Limits:
    """The task loop's backstops, from the settings."""
    return Limits(
        max_rounds=context.max_task_rounds,
        max_replans=context.max_replans,
        min_completion=context.min_completion,
    )


def known_values(brief: TaskBrief) -> dict[str, Any]:
    """What the task's steps may read: its slots, and the customer it acts for."""
    return {**brief["slots"], **({"user_id": brief["user_id"]} if brief["user_id"] else {})}


def bindable_tools(cards: Mapping[str, ToolSpec], known: Mapping[str, Any]) -> set[str]:
    """The tools whose required arguments are all known."""
    return {
        name
        for name, spec in cards.items()
        if all(known.get(a) not in (None, "") for a in spec.required_args)
    }


def _similarity(text: str, others: Sequence[str]) -> list[float]:
    from keel.understanding.classifier import embed

    vectors = embed([text, *others])
    return [float(vectors[0] @ v) for v in vectors[1:]]


def select_tools(state: TaskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Predictive tool selection: the intent's category first, then tools close in meaning.

    An operator's task that names no intent is understood from its description first.
    """
    context = runtime.context
    brief: TaskBrief = {**state["task"]}
    if not brief["intent"]:
        reading = understander_of(context).read(brief["text"])
        brief["intent"] = reading.intent
        brief["slots"] = {**reading.slots, **brief["slots"]}
    config = domain_config(context)
    spec = config.intents.get(brief["intent"])
    calls = brief.get("calls") or []
    category = [c["tool"] for c in calls] or [
        str(s["tool"]) for s in config.plans.get(brief["intent"], [])
    ]
    if not category and spec is not None and spec.tool:
        category = [spec.tool]
    cards = tool_cards(context.domain, is_operator(brief))
    selection = select_predictive(
        brief["intent"],
        brief["text"],
        category,
        cards,
        similarity=None if category else _similarity,
        threshold=context.tool_similarity_threshold,
    )
    return {
        "task": brief,
        "selection": selection.model_dump(mode="json"),
        "history": [],
        "reflections": [],
        "outcomes": {},
        "retry": None,
        "step_retries": 0,
        "rounds": 1,
        "replans": 0,
        "status": None,
        "stop_reason": None,
        "unconfirmed": [],
        "trail": ["select_tools"],
    }


def first_plan(brief: TaskBrief, context: Context) -> Plan:
    """The plan of a task: its known calls, else its intent's template, else its own tool."""
    calls = brief.get("calls") or []
    if calls:
        return literal_plan([(c["tool"], c["args"]) for c in calls])
    config = domain_config(context)
    template = config.plans.get(brief["intent"])
    if template:
        return template_plan(template)
    spec = config.intents.get(brief["intent"])
    cards = tool_cards(context.domain, is_operator(brief))
    if spec is None or not spec.tool or spec.tool not in cards:
        return Plan()
    tool = cards[spec.tool]
    return default_plan(tool.name, [*tool.required_args, *tool.optional_args], known_values(brief))


def model_plan(
    brief: TaskBrief, context: Context, selected: Collection[str], cards: Mapping[str, ToolSpec]
) -> Plan | None:
    """With a model configured, its plan over the selected tools, if the rules accept it.

    A task whose calls are known already (the ones a yes covered) is planned by them alone:
    no model call.
    """
    if not context.llm_enabled or brief.get("calls") or not selected:
        return None
    from keel.planning.model import model_planner

    schemas = tool_registry(context.domain).openai_tools(sorted(selected))
    return model_planner(context).plan(
        brief["text"], brief["intent"], known_values(brief), cards, schemas
    )


def plan_task(state: TaskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Plan the task over the selected tools and validate the plan before anything runs.

    A plan with no steps, a tool outside the selection, or any problem other than writes
    still waiting for a yes (checked exactly when each write is about to run) is invalid.
    """
    context = runtime.context
    brief = state["task"]
    selected = set(ToolSelection.model_validate(state["selection"]).selected_tool_ids)
    cards = tool_cards(context.domain, is_operator(brief))
    plan = model_plan(brief, context, selected, cards) or first_plan(brief, context)
    problems = [
        p for p in validate_plan(plan, cards, known_values(brief)) if p.kind != "needs_confirmation"
    ]
    outside = [s.id for s in plan.steps if s.tool not in selected]
    update: dict[str, Any] = {"task_plan": plan.model_dump(mode="json"), "trail": ["plan_task"]}
    if not plan.steps or problems or outside:
        reasons = [f"{p.kind}: {p.step} {p.detail}" for p in problems] + [
            f"tool_not_selected: {s}" for s in outside
        ]
        update.update(status="invalid", stop_reason="; ".join(reasons) or "nothing to do")
    return update


def next_step(plan: Plan, history: list[StepRecord]) -> Step | None:
    """The first step, in execution order, not done yet whose dependencies are all done."""
    done = done_steps(history)
    ran = {r.step for r in history if r.plan_version == plan.version}
    for step_id in execution_order(plan):
        step = plan.step(step_id)
        if step_id in done or step_id in ran:
            continue
        if all(d in done for d in step.depends_on):
            return step
    return None


def records(state: TaskState) -> list[StepRecord]:
    """The execution history, as records."""
    return [StepRecord.model_validate(r) for r in state.get("history") or []]


def _step_not_run(
    state: TaskState,
    plan: Plan,
    call: tuple[str, str, dict[str, Any], Any],
    error: str | None,
    message: str,
) -> dict[str, Any]:
    """A step that is not run (``call``: step id, tool, arguments, how), recorded as failed."""
    step_id, tool, args, how = call
    record = StepRecord(
        step=step_id,
        tool=tool,
        args=args,
        ok=False,
        error=error,
        message=message,
        attempts=0,
        round=state.get("rounds", 1),
        plan_version=plan.version,
        how=how,
    )
    return {
        "history": [record.model_dump(mode="json")],
        "retry": None,
        "ran": "failed",
        "trail": ["execute_step"],
    }


def execute_step(state: TaskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Run the next step (or the retry step reflection chose) through calibration.

    A write runs only when exactly this call was listed and agreed to; an operator's
    task asks for that yes here (interrupt), a customer's task stops and hands the write
    back to be listed. A valid empty result is an answer, not a failure.
    """
    context = runtime.context
    brief = state["task"]
    plan = Plan.model_validate(state["task_plan"])
    history = records(state)
    retry = state.get("retry")
    if retry:
        step_id, tool, how = retry["step"], retry["tool"], retry["how"]
        args: dict[str, Any] = dict(retry["args"])
    else:
        step = next_step(plan, history)
        if step is None:
            return {"ran": "nothing", "trail": ["execute_step"]}
        step_id, tool, how = step.id, step.tool, "planned"
        results = {k: o["data"] for k, o in (state.get("outcomes") or {}).items() if o["ok"]}
        try:
            args = bind_args(step, known_values(brief), results)
        except UnboundError as error:
            record = StepRecord(
                step=step_id,
                tool=tool,
                ok=False,
                error=MISSING_INPUT,
                message=str(error),
                attempts=0,
                round=state.get("rounds", 1),
                plan_version=plan.version,
            )
            return {
                "history": [record.model_dump(mode="json")],
                "retry": None,
                "ran": "failed",
                "trail": ["execute_step"],
            }
    before = next(
        (r for r in history if not r.ok and r.signature()[:2] == (tool, canonical(args))), None
    )
    call = (step_id, tool, args, how)
    if before is not None:  # a call that failed is never made again as it was
        message = "not run again: the same call failed before"
        return _step_not_run(state, plan, call, before.error, message)
    every = tool_cards(context.domain, operator=True)
    if tool in every and tool not in tool_cards(context.domain, is_operator(brief)):
        message = f"{tool} is an operator's tool: a customer's task may not call it"
        return _step_not_run(state, plan, call, "PERMISSION_ERROR", message)
    spec = every.get(tool)
    write = spec is not None and spec.access == "write"
    listing = list(state.get("listing") or [])
    if write and not is_listed(listing, tool, args):
        wanted = ListedWrite(tool=tool, args=args)
        if brief.get("mode") != "operator":
            return {
                "status": "needs_confirmation",
                "unconfirmed": [wanted],
                "retry": None,
                "ran": "nothing",
                "trail": ["execute_step"],
            }
        answer = interrupt({"type": "confirmation", "writes": [wanted]})
        if not _agrees(answer):
            return {
                "status": "declined",
                "retry": None,
                "ran": "nothing",
                "trail": ["execute_step"],
            }
        listing.append(wanted)
    key = (
        idempotency_key(session_id(), f"{brief['run_id']}/{step_id}", tool, args) if write else None
    )
    deps = call_deps(context, operator=is_operator(brief))
    final = run_call(deps, tool, args, idempotency_key=key)
    outcome = final["outcome"]
    attempts = final.get("attempts") or []
    empty = outcome["ok"] and not any(v not in (None, [], {}, "") for v in outcome["data"].values())
    record = StepRecord(
        step=step_id,
        tool=tool,
        args=args,
        ok=outcome["ok"],
        error=outcome["error"],
        message=outcome["message"],
        attempts=len(attempts),
        empty=empty,
        round=state.get("rounds", 1),
        plan_version=plan.version,
        how=how,
        tried=tuple(dict.fromkeys(a["tool"] for a in attempts)),
    )
    outcomes = {**(state.get("outcomes") or {}), step_id: outcome}
    return {
        "history": [record.model_dump(mode="json")],
        "outcomes": outcomes,
        "listing": listing,
        "retry": None,
        "ran": "ok" if outcome["ok"] else "failed",
        "trail": ["execute_step"],
    }


def _agrees(answer: Any) -> bool:
    if isinstance(answer, dict):
        answer = answer.get("text") or answer.get("answer") or ""
    return str(answer).strip().lower() in ("yes", "y", "confirm", "ok", "是", "确认", "好")


def reflect_on_step(state: TaskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Step reflection on the failure that just happened: retry locally, or escalate."""
    context = runtime.context
    history = records(state)
    failed, before = history[-1], history[:-1]
    cards = tool_cards(context.domain, is_operator(state["task"]))
    known = {**known_values(state["task"]), **failed.args}
    bindable = bindable_tools(cards, known)
    retries = state.get("step_retries", 0)
    proposed = None
    if context.llm_enabled and retries < context.max_tool_retries:
        # the model proposes a local action; the rules admit it or the offline one stands
        from keel.planning.model import model_step_reflector

        proposed = model_step_reflector(context).reflect(failed, before, cards, bindable)
    reflection = proposed or reflect_step(failed, before, cards, failure_kinds(), bindable)
    action = reflection.action
    update: dict[str, Any] = {
        "reflections": [
            {"level": "step", "step": failed.step, **reflection.model_dump(mode="json")}
        ],
        "trail": ["reflect_step"],
    }
    if retries >= context.max_tool_retries:
        return update  # the local budget is spent: overall reflection decides
    if isinstance(action, RetryWithAdjustedParams):
        retry = {"step": failed.step, "tool": failed.tool, "args": action.params, "how": "adjusted"}
    elif isinstance(action, RetryWithAlternativeTool):
        spec = cards[action.tool]
        args = rebind_for(
            spec.name, [*spec.required_args, *spec.optional_args], spec.required_args, known
        )
        if args is None:
            return update
        bound = {k: v.value for k, v in args.items()}  # type: ignore[union-attr]
        retry = {"step": failed.step, "tool": spec.name, "args": bound, "how": "alternative"}
    else:
        return update
    return {**update, "retry": retry, "step_retries": retries + 1}


def reflect_on_task(state: TaskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Overall reflection: stop (and why), or replan with one of the five strategies."""
    context = runtime.context
    plan = Plan.model_validate(state["task_plan"])
    history = records(state)
    cards = tool_cards(context.domain, is_operator(state["task"]))
    bindable = bindable_tools(cards, known_values(state["task"]))
    result = reflect_overall(
        plan,
        history,
        state.get("rounds", 1),
        state.get("replans", 0),
        limits_of(context),
        cards,
        failure_kinds(),
        bindable,
    )
    update: dict[str, Any] = {
        "reflections": [{"level": "overall", **result.model_dump(mode="json")}],
        "trail": ["reflect_overall"],
    }
    if not result.should_replan:
        update["stop_reason"] = result.stop_reason
    return update


def last_overall(state: TaskState) -> ReflectionResult | None:
    """The latest overall reflection, if any."""
    for entry in reversed(state.get("reflections") or []):
        if entry.get("level") == "overall":
            fields = {k: v for k, v in entry.items() if k != "level"}
            return ReflectionResult.model_validate(fields)
    return None


def replan(state: TaskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """Corrective tool selection, then the strategy overall reflection chose, applied to the plan.

    The new plan keeps every step that succeeded; a write it adds or changes is run only
    after a yes to exactly that call (checked when it is about to run).
    """
    context = runtime.context
    brief = state["task"]
    plan = Plan.model_validate(state["task_plan"])
    history = records(state)
    cards = tool_cards(context.domain, is_operator(brief))
    result = last_overall(state)
    assert result is not None and result.replanning_strategy is not None
    previous = ToolSelection.model_validate(state["selection"])
    fared = previous_tools(previous, [(r.tool, r.ok, r.error) for r in history])
    selection = select_corrective(
        previous, fared, cards, needed=(), suggested=result.alternative_approaches
    )
    changes = selection.changes_from_previous
    swaps = {r.old: r.new for r in changes.replaced_tools} if changes else {}
    done = done_steps(history)
    update: dict[str, Any] = {
        "selection": selection.model_dump(mode="json"),
        "rounds": state.get("rounds", 1) + 1,
        "replans": state.get("replans", 0) + 1,
        "trail": ["replan"],
    }
    try:
        new = apply_strategy(plan, result, swaps, done, known_values(brief), cards)
    except (ReplanError, KeyError) as error:
        return {**update, "status": "stopped", "stop_reason": f"replan_failed: {error}"}
    return {**update, "task_plan": new.model_dump(mode="json")}


def apply_strategy(
    plan: Plan,
    result: ReflectionResult,
    swaps: Mapping[str, str],
    done: set[str],
    known: Mapping[str, Any],
    cards: Mapping[str, ToolSpec],
) -> Plan:
    """The plan after the chosen strategy (tools swapped as corrective selection said)."""
    strategy = result.replanning_strategy
    if isinstance(strategy, SkipSteps):
        return skip_steps(plan, strategy.step_ids, done)
    if isinstance(strategy, AdjustDependencies):
        added: dict[str, list[str]] = {}
        for pair in strategy.adjustments:
            step_id, _, dependency = pair.partition(":")
            added.setdefault(step_id, list(plan.step(step_id).depends_on)).append(dependency)
        return adjust_dependencies(plan, added, done)
    if isinstance(strategy, AddRemediationSteps):
        steps = [
            _step_for(f"{tool}_v{plan.version + 1}", tool, {}, known, cards)
            for tool in strategy.suggestions
        ]
        return add_remediation_steps(plan, steps, strategy.before, done)
    if isinstance(strategy, ReplanFromStep):
        start = plan.step(strategy.step_id)
        replaced = [s for s in plan.steps if s.id not in done and s.id != start.id]
        steps = [_swapped(start, swaps, known, cards)]
        steps += [s for s in replaced if start.id in s.depends_on]
        return replan_from_step(plan, start.id, steps, done)
    assert isinstance(strategy, FullReplan)
    fresh = [_swapped(s, swaps, known, cards) for s in plan.steps if s.id not in done]
    return full_replan(plan, fresh, done)


def _swapped(step: Step, swaps: Mapping[str, str], known: Mapping[str, Any], cards: Any) -> Step:
    new_tool = swaps.get(step.tool)
    if new_tool is None:
        return step
    return _step_for(step.id, new_tool, step.depends_on, known, cards)


def _step_for(
    step_id: str,
    tool: str,
    depends_on: Any,
    known: Mapping[str, Any],
    cards: Mapping[str, ToolSpec],
) -> Step:
    spec = cards[tool]
    args = rebind_for(tool, [*spec.required_args, *spec.optional_args], spec.required_args, known)
    if args is None:
        raise ReplanError(f"{tool} needs values the task does not know")
    return Step(id=step_id, tool=tool, args=args, depends_on=tuple(depends_on or ()))


def _tool_of(history: Sequence[StepRecord], step_id: str) -> str:
    return next(r.tool for r in reversed(history) if r.step == step_id)


def summarise(state: TaskState, runtime: Runtime[Context]) -> dict[str, Any]:
    """What was done, what was not and why, from the execution history only."""
    brief = state["task"]
    plan = Plan.model_validate(state.get("task_plan") or {"steps": []})
    history = records(state)
    done = done_steps(history)
    succeeded = [r for r in history if r.ok]
    failures = {r.step: r.error or "failed" for r in history if not r.ok}
    status = state.get("status")
    not_done: list[NotDone] = []
    for step in plan.steps:
        if step.id in done:
            continue
        reason = failures.get(step.id) or "not reached"
        if status in ("needs_confirmation", "declined") and step.id not in failures:
            reason = "needs confirmation" if status == "needs_confirmation" else "declined"
        not_done.append(NotDone(step=step.id, tool=step.tool, reason=reason))
    required_left = [n for n in not_done if not plan.step(n["step"]).optional]
    cards = tool_cards(runtime.context.domain, operator=True)
    for step_id, error in failures.items():
        if step_id not in done and step_id not in plan.ids:  # failed, then skipped by a replan
            tool = _tool_of(history, step_id)
            not_done.append(NotDone(step=step_id, tool=tool, reason=error))
            if tool in cards and cards[tool].access == "write":  # a change that did not happen
                required_left.append(not_done[-1])
    first_run = {r.step: i for i, r in reversed(list(enumerate(history)))}
    not_done.sort(key=lambda n: first_run.get(n["step"], len(history)))
    if status is None:
        status = "done" if not required_left else "stopped"
    last = history[-1] if history else None
    outcome = (state.get("outcomes") or {}).get(last.step) if last else None
    stop_reason = state.get("stop_reason")
    run = TaskRun(
        status=status,
        intent=brief["intent"],
        plan=plan.model_dump(mode="json"),
        selection=state.get("selection") or {},
        history=[r.model_dump(mode="json") for r in history],
        reflections=list(state.get("reflections") or []),
        done=[ListedWrite(tool=r.tool, args=r.args) for r in succeeded],
        not_done=not_done,
        stop_reason=stop_reason,
        completion=completion(plan, history) if plan.steps else 0.0,
        outcome=outcome,
        outcomes=dict(state.get("outcomes") or {}),
        answered_by=last.tool if last else None,
        unconfirmed=list(state.get("unconfirmed") or []),
        rounds=state.get("rounds", 1),
        replans=state.get("replans", 0),
        path=[*(state.get("trail") or []), "summarise"],
    )
    return {"task_run": run}
