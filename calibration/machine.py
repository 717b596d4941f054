"""The calibration machine around every tool call: its steps and its routers, as tables.

    check_duplicate ─hit──────────────────────────────────────────────▶ record
          │ miss
          ▼
       run_tool ──ok──▶ validate_result ──┐
          │ failed                        ├─▶ decide ─accept / give_up─▶ record
          └───────────▶ analyse_failure ──┘     │ retry        │ correct
                                                ▼              ▼
                                             back_off ──▶ run_tool ◀── correct

A step is a small function ``(CallState, CallDeps) -> update``; a router is a pure
function of the state. The same two tables drive the calls the dialogue makes
(:func:`run_call`, in-process: a turn makes several reads and cannot pay for a graph
run per read) and compile into a LangGraph graph (``graph/calibration.py``, served as
``calibration`` in ``langgraph.json`` so Studio shows the steps). Every loop has a
counter in the state (``attempts``, ``corrections``) and a limit in the settings.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypedDict

from keel.calibration.cache import CallCache, call_hash, canonical_args, tags_of
from keel.calibration.correction import Proposal, propose
from keel.calibration.executor import execute, summary
from keel.calibration.receipts import WriteReceipts
from keel.calibration.records import CalibrationRecorder, CallRecord, Correction
from keel.calibration.taxonomy import analyze
from keel.calibration.validation import validate
from keel.calibration.verifier import Verification, verify
from keel.domain.config import VerifyCheck
from keel.persistence.audit import AuditLog
from keel.safety.guardrails import GuardConfig
from keel.state.dialogue import ToolOutcome
from keel.tools.registry import ToolContext, ToolRegistry, ToolSpec

log = logging.getLogger("keel.calibration")


class Corrector(Protocol):
    """Proposes a corrected argument set (a model, when one is configured)."""

    def propose(
        self,
        spec: ToolSpec,
        args: Mapping[str, Any],
        conditions: Mapping[str, Any],
        recovery_prompt: str,
        reflection: str,
        verification: Verification,
        patterns: Mapping[str, str],
        guard: GuardConfig | None,
        session: str,
    ) -> dict[str, str] | None:
        """Validated corrected arguments, or None."""


Decision = Literal["accept", "retry", "correct", "give_up"]
END = "__end__"


class Attempt(TypedDict):
    """One run of the tool within a calibrated call."""

    tool: str
    args: dict[str, Any]
    error: str | None
    validation: str | None
    how: str  # first | retry | correction
    prompt: str  # the recovery prompt that led to this attempt ("" for the first)
    ms: float


class CallState(TypedDict, total=False):
    """The state of one calibrated tool call."""

    tool: str
    args: dict[str, Any]
    conditions: dict[str, Any]  # what the user asked for, by result field
    outcome: ToolOutcome
    duplicate: bool
    attempts: list[Attempt]
    corrections: int  # retries and corrected calls so far (limit: max_corrections)
    validation: str | None
    hint: str
    failure: dict[str, Any] | None  # the recovery plan (as the analyze endpoint gives it)
    decision: Decision
    corrected: bool
    next_how: str  # how the next run comes about: retry | correction
    reflection: str  # why the next run differs: the recovery prompt or the validation hint
    access: str  # read | write (a write is never retried nor corrected here)
    verification: dict[str, Any]  # what the verifier found before the last correction
    idempotency_key: str | None  # a confirmed write's key: a replay returns its receipt


@dataclass(frozen=True)
class CallDeps:
    """What the steps need: the registry, where to run, and what to record in."""

    registry: ToolRegistry
    tool_context: ToolContext
    audit: AuditLog | None = None
    cache: CallCache | None = None
    recorder: CalibrationRecorder | None = None
    max_corrections: int = 3
    backoff_seconds: tuple[float, ...] = (1.0, 2.0, 4.0)
    sleep: Callable[[float], None] = time.sleep
    slot_patterns: Mapping[str, str] = field(default_factory=dict)
    verify_checks: Mapping[str, VerifyCheck] = field(default_factory=dict)
    guard: GuardConfig | None = None  # injection patterns checked in arguments
    receipts: WriteReceipts | None = None  # results of confirmed writes, by idempotency key
    corrector: Corrector | None = None  # proposes corrected arguments when a model is configured


def _outcome(tool: str, data: dict[str, Any]) -> ToolOutcome:
    return ToolOutcome(tool=tool, ok=True, data=data, error=None, message=None)


def check_duplicate(state: CallState, deps: CallDeps) -> dict[str, Any]:
    """Serve a repeated read from the cache (a write is never served from it).

    It also settles what the rest of the call needs to know from the start: whether the
    tool reads or writes, and the conditions (by default the call's own arguments).
    """
    spec = deps.registry.get(state["tool"]).spec
    start: dict[str, Any] = {
        "access": spec.access,
        # explicit conditions (even none) are the caller's; by default the call's own arguments
        "conditions": state["conditions"]
        if "conditions" in state
        else canonical_args(state["args"]),
        "duplicate": False,
    }
    key = state.get("idempotency_key")
    if spec.access == "write":  # never from the cache; a replayed confirmation gets its receipt
        receipt = deps.receipts.get(key) if deps.receipts is not None and key else None
        if receipt is None:
            return start
        return {**start, "duplicate": True, "outcome": _outcome(state["tool"], receipt)}
    if deps.cache is None or spec.cache_ttl_seconds <= 0:
        return start
    try:
        hit = deps.cache.get(call_hash(state["tool"], state["args"]))
    except Exception:  # a dead cache costs a call, never the conversation
        log.exception("duplicate-call cache unavailable")
        return start
    if hit is None:
        return start
    return {**start, "duplicate": True, "outcome": _outcome(state["tool"], hit)}


def run_tool(state: CallState, deps: CallDeps) -> dict[str, Any]:
    """Run the tool once through the single execution path (timed, classified, audited)."""
    started = time.perf_counter()
    outcome = execute(deps.registry, state["tool"], state["args"], deps.tool_context, deps.audit)
    attempt = Attempt(
        tool=state["tool"],
        args=dict(state["args"]),
        error=outcome["error"],
        validation=None,
        how=state.get("next_how", "first"),
        prompt=state.get("reflection", ""),
        ms=(time.perf_counter() - started) * 1000,
    )
    return {
        "outcome": outcome,
        "attempts": [*state.get("attempts", []), attempt],
        "validation": None,
        "failure": None,
    }


def result_rows(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every row of a tool result: its own scalar fields, its records and its lists' rows."""
    scalars = {k: v for k, v in data.items() if not isinstance(v, dict | list)}
    rows: list[dict[str, Any]] = [scalars] if scalars else []
    for value in data.values():
        if isinstance(value, dict):
            rows.append(value)
        elif isinstance(value, list):
            rows.extend(v for v in value if isinstance(v, dict))
    return rows


def validate_result(state: CallState, deps: CallDeps) -> dict[str, Any]:
    """Compare the rows with the user's conditions (the call's own scalar arguments)."""
    report = validate(state.get("conditions") or {}, result_rows(state["outcome"]["data"]))
    attempts = list(state["attempts"])
    attempts[-1] = Attempt(**{**attempts[-1], "validation": report.status})
    return {"validation": report.status, "hint": report.hint, "attempts": attempts}


def analyse_failure(state: CallState, deps: CallDeps) -> dict[str, Any]:
    """Classify the failure and plan the recovery (prompt, alternatives, whether to try)."""
    outcome = state["outcome"]
    plan = analyze(
        outcome["error"] or "UNKNOWN",  # type: ignore[arg-type]
        outcome["message"] or "",
        state["tool"],
        deps.registry,
    )
    return {"failure": plan.as_json()}


def _repeats(attempts: list[Attempt]) -> bool:
    """The last correction changed nothing: same tool, arguments and failure as before."""
    last = attempts[-1]
    return last["how"] == "correction" and any(
        (a["tool"], a["args"], a["error"], a["validation"])
        == (last["tool"], last["args"], last["error"], last["validation"])
        for a in attempts[:-1]
    )


def decide(state: CallState, deps: CallDeps) -> dict[str, Any]:
    """Accept, retry, correct or give up (bounded by ``max_corrections``)."""
    return {"decision": decision(state, deps.max_corrections)}


def decision(state: CallState, limit: int) -> Decision:
    """The decision of :func:`decide`, as a pure function of the state.

    A write is accepted or given up, never repeated: the dialogue confirmed it once.
    A transient failure is retried, keeping the last try for an alternative tool when
    the registry has one; other failures are corrected when the taxonomy says it can help.
    """
    outcome = state["outcome"]
    if state.get("access") == "write":
        return "accept" if outcome["ok"] else "give_up"
    if outcome["ok"] and state.get("validation") in (None, "VALID"):
        return "accept"
    done = state.get("corrections", 0)
    if done >= limit or _repeats(state.get("attempts", [])):
        return "give_up"
    if outcome["ok"]:
        return "correct"  # rows that ignore the condition, or nothing at all
    plan = state.get("failure") or {}
    keep_one = 1 if plan.get("alternativeTools") else 0
    if plan.get("retry") and done < limit - keep_one:
        return "retry"
    return "correct" if plan.get("shouldAttemptRecovery") else "give_up"


def back_off(state: CallState, deps: CallDeps) -> dict[str, Any]:
    """Pause before the same call again (exponential: 1 s, 2 s, 4 s by default)."""
    done = state.get("corrections", 0)
    if deps.backoff_seconds:
        pause = deps.backoff_seconds[min(done, len(deps.backoff_seconds) - 1)]
        if pause > 0:
            deps.sleep(pause)
    plan = state.get("failure") or {}
    return {
        "corrections": done + 1,
        "next_how": "retry",
        "reflection": str(plan.get("recoveryPrompt", "")),
    }


def correct(state: CallState, deps: CallDeps) -> dict[str, Any]:
    """Verify the arguments, then propose a corrected call or a corrected result."""
    found = verify(
        deps.tool_context.database_url,
        state["args"],
        deps.verify_checks,
        deps.slot_patterns,
        deps.guard,
    )
    done = state.get("corrections", 0) + 1
    if found.suspicious:  # a value that looks like an injection is never corrected
        return {"decision": "give_up", "corrections": done, "verification": found.as_json()}
    plan = state.get("failure") or {}
    prompt = str(plan.get("recoveryPrompt") or state.get("hint", ""))
    proposal = _model_proposal(state, deps, found, prompt) or propose(
        state["tool"],
        state["args"],
        state["outcome"],
        state.get("validation"),
        state.get("conditions") or {},
        deps.registry,
        found.format_errors,
    )
    reflection = f"{prompt} {found.suggestion}"
    if proposal.rows is not None:  # the result itself, narrowed to what was asked
        return {
            "outcome": _outcome(state["tool"], proposal.rows),
            "validation": "VALID",
            "corrections": done,
            "corrected": True,
            "decision": "accept",
            "verification": found.as_json(),
        }
    if proposal.args is None:
        return {"decision": "give_up", "corrections": done, "verification": found.as_json()}
    conditions = dict(state.get("conditions") or {})
    for name, repaired in found.format_errors.items():  # what the user meant, in its form
        if name in conditions:
            conditions[name] = repaired
    return {
        "tool": proposal.tool or state["tool"],
        "args": proposal.args,
        "conditions": conditions,
        "corrections": done,
        "corrected": True,
        "next_how": "correction",
        "reflection": f"{reflection} Correction: {proposal.reason}.".strip(),
        "verification": found.as_json(),
    }


def _model_proposal(
    state: CallState, deps: CallDeps, found: Verification, prompt: str
) -> Proposal | None:
    """The model's corrected arguments, validated; None when offline or not usable."""
    if deps.corrector is None:
        return None
    earlier = "; ".join(
        f"{a['how']} {a['args']} -> {a['error'] or a['validation'] or 'ok'}"
        for a in state.get("attempts", [])
    )
    args = deps.corrector.propose(
        deps.registry.get(state["tool"]).spec,
        state["args"],
        state.get("conditions") or {},
        prompt,
        earlier,
        found,
        deps.slot_patterns,
        deps.guard,
        deps.tool_context.session_id,
    )
    return None if args is None else Proposal(args=dict(args), reason="the model's correction")


def _final(state: CallState) -> ToolOutcome:
    """What the caller gets: never rows that ignore what was asked."""
    outcome = state["outcome"]
    if not outcome["ok"] or state.get("validation") in (None, "VALID", "EMPTY_RESULT"):
        return outcome  # an honest empty result stays one: the dialogue says so
    return ToolOutcome(
        tool=outcome["tool"],
        ok=False,
        data={},
        error="UNKNOWN",
        message=f"result does not match the request ({state.get('validation')}): "
        + state.get("hint", ""),
    )


def record(state: CallState, deps: CallDeps) -> dict[str, Any]:
    """Cache or invalidate, then record the call, its corrections and its statistics."""
    final = _final(state)
    spec = deps.registry.get(state["tool"]).spec
    _update_cache(state, deps, final, spec.access, spec.cache_ttl_seconds)
    key = state.get("idempotency_key")
    ran = spec.access == "write" and final["ok"] and not state.get("duplicate")
    if ran and key and deps.receipts is not None:
        deps.receipts.put(key, state["tool"], final["data"])
    if deps.recorder is not None:
        try:
            deps.recorder.submit(_call_record(state, deps, final), _corrections(state, final))
        except Exception:  # statistics must never take the conversation down
            log.exception("calibration record failed")
    return {"outcome": final}


def _update_cache(
    state: CallState, deps: CallDeps, final: ToolOutcome, access: str, ttl: float
) -> None:
    if deps.cache is None or not final["ok"] or state.get("duplicate"):
        return
    try:
        if access == "write":
            # The order, user or item written, and everything this conversation read.
            deps.cache.invalidate(
                [*tags_of(state["args"]), f"session={deps.tool_context.session_id}"]
            )
        elif ttl > 0 and not state.get("corrected"):
            tags = [*tags_of(state["args"]), f"session={deps.tool_context.session_id}"]
            deps.cache.put(
                call_hash(state["tool"], state["args"]), state["tool"], final["data"], ttl, tags
            )
    except Exception:
        log.exception("duplicate-call cache unavailable")


def _corrections(state: CallState, final: ToolOutcome) -> list[Correction]:
    """One correction record per run after the first, or for a narrowed result."""
    attempts = state.get("attempts", [])
    found: list[Correction] = []
    for index, attempt in enumerate(attempts[1:], start=1):
        before = attempts[index - 1]
        found.append(
            Correction(
                original_error=str(before["error"] or before["validation"] or ""),
                failure_type=str(before["error"] or "VALIDATION_ERROR"),
                recovery_prompt=attempt["prompt"],
                corrected_params=attempt["args"],
                result={"error": attempt["error"], "validation": attempt["validation"]},
                successful=index == len(attempts) - 1 and final["ok"],
                retry_count=index,
                correction_time_ms=attempt["ms"],
            )
        )
    if state.get("corrected") and len(attempts) == 1:  # corrected by narrowing the rows
        found.append(
            Correction(
                original_error=state.get("hint", ""),
                failure_type="VALIDATION_ERROR",
                recovery_prompt=state.get("hint", ""),
                corrected_params=state["args"],
                result={"validation": "VALID", "rows": len(result_rows(final["data"]))},
                successful=final["ok"],
                retry_count=1,
            )
        )
    return found


def _call_record(state: CallState, deps: CallDeps, final: ToolOutcome) -> CallRecord:
    attempts = state.get("attempts", [])
    first = attempts[0] if attempts else None
    return CallRecord(
        session_id=deps.tool_context.session_id,
        tool=state["tool"],
        parameters=canonical_args(first["args"] if first else state["args"]),
        result=summary(final["data"]) if final["ok"] else {"error": final["message"]},
        success=final["ok"],
        execution_time_ms=sum(a["ms"] for a in attempts),
        failure_type=final["error"] or (first["error"] if first else None),
        duplicate=bool(state.get("duplicate")),
        corrected=bool(state.get("corrected")) and final["ok"],
        validation=first["validation"] if first else None,
    )


# The machine as tables: each step, and where it goes next.
Step = Callable[[CallState, CallDeps], dict[str, Any]]
STEPS: dict[str, Step] = {
    "check_duplicate": check_duplicate,
    "run_tool": run_tool,
    "validate_result": validate_result,
    "analyse_failure": analyse_failure,
    "decide": decide,
    "back_off": back_off,
    "correct": correct,
    "record": record,
}


def after_check(state: CallState) -> str:
    """A cache hit is recorded; a miss runs the tool."""
    return "record" if state.get("duplicate") else "run_tool"


def after_run(state: CallState) -> str:
    """A result is validated; a failure is analysed."""
    return "validate_result" if state["outcome"]["ok"] else "analyse_failure"


def after_decide(state: CallState) -> str:
    """Accepted and abandoned calls are recorded; the rest loop."""
    return {"accept": "record", "give_up": "record", "retry": "back_off"}.get(
        state["decision"], "correct"
    )


def after_correct(state: CallState) -> str:
    """A corrected call runs again; a corrected result, or nothing left to try, is recorded."""
    return "record" if state["decision"] in ("accept", "give_up") else "run_tool"


ROUTES: dict[str, Callable[[CallState], str]] = {
    "check_duplicate": after_check,
    "run_tool": after_run,
    "validate_result": lambda state: "decide",
    "analyse_failure": lambda state: "decide",
    "decide": after_decide,
    "back_off": lambda state: "run_tool",
    "correct": after_correct,
    "record": lambda state: END,
}
# Where each router may lead (the drawing's edges; a test keeps it true to the routers).
ROUTE_TARGETS: dict[str, tuple[str, ...]] = {
    "check_duplicate": ("record", "run_tool"),
    "run_tool": ("validate_result", "analyse_failure"),
    "validate_result": ("decide",),
    "analyse_failure": ("decide",),
    "decide": ("record", "back_off", "correct"),
    "back_off": ("run_tool",),
    "correct": ("run_tool", "record"),
    "record": (END,),
}
START_STEP = "check_duplicate"


def run_call(
    deps: CallDeps,
    tool: str,
    args: Mapping[str, Any],
    conditions: Mapping[str, Any] | None = None,
    idempotency_key: str | None = None,
) -> CallState:
    """Drive one calibrated call through the steps, in-process; return the final state.

    ``conditions`` are what the user asked for, by result field; by default the call's
    own arguments (a result about another order than the one asked for is caught).
    ``idempotency_key`` marks a confirmed write (see :mod:`calibration.receipts`).
    """
    state = CallState(tool=tool, args=dict(args), idempotency_key=idempotency_key)
    if conditions is not None:
        state["conditions"] = dict(conditions)
    step = START_STEP
    while step != END:
        state.update(STEPS[step](state, deps))  # type: ignore[typeddict-item]
        step = ROUTES[step](state)
    return state
