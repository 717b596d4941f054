"""A task plan: steps over registered tools, with dependencies, and its validation.

A step names a tool and binds each argument to a literal value, to a slot of the task,
or to a value an earlier step returned (which the step must depend on). A plan is
validated before anything runs: unique step ids, known tools, dependencies that exist
and form no cycle, every argument the tool's contract requires bound and none it
refuses, every slot it reads filled, and every write confirmed by the customer.
The models are frozen; plans change only through :mod:`planning.replan`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from graphlib import CycleError, TopologicalSorter
from typing import Annotated, Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Value(_Frozen):
    """An argument given outright."""

    kind: Literal["value"] = "value"
    value: Any = Field(description="The argument's value.")


class FromSlot(_Frozen):
    """An argument taken from a slot of the task ("ticket_id")."""

    kind: Literal["slot"] = "slot"
    slot: str = Field(description="The slot's name.")


class FromStep(_Frozen):
    """An argument taken from what an earlier step returned ("order.user_id")."""

    kind: Literal["step"] = "step"
    step: str = Field(description="The id of the step whose result is read.")
    path: str = Field(description="Dotted keys into that result; empty: the whole result.")


Source = Annotated[Value | FromSlot | FromStep, Field(discriminator="kind")]


class Step(_Frozen):
    """One call of one tool."""

    id: str = Field(min_length=1, description="Unique within the plan.")
    tool: str = Field(description="A registered tool.")
    args: dict[str, Source] = Field(default_factory=dict, description="Argument bindings.")
    depends_on: tuple[str, ...] = Field(default=(), description="Steps that must succeed first.")
    optional: bool = Field(
        default=False, description="Not part of what the customer requires (a courtesy look-up)."
    )


class Plan(_Frozen):
    """The steps of a task, and how many times it was replanned."""

    steps: tuple[Step, ...] = ()
    version: int = Field(default=1, ge=1, description="1, then one more per replan.")

    def step(self, step_id: str) -> Step:
        """The step called ``step_id`` (KeyError if there is none)."""
        for step in self.steps:
            if step.id == step_id:
                return step
        raise KeyError(step_id)

    @property
    def ids(self) -> list[str]:
        """The step ids, in the plan's order."""
        return [s.id for s in self.steps]


class ToolContract(Protocol):
    """What validation needs of a tool (``tools.registry.ToolSpec`` has it)."""

    @property
    def access(self) -> Literal["read", "write"]:
        """Whether the tool changes data."""

    @property
    def required_args(self) -> list[str]:
        """Arguments the contract requires."""

    @property
    def optional_args(self) -> list[str]:
        """Arguments the contract accepts besides."""


ProblemKind = Literal[
    "duplicate_step",
    "unknown_tool",
    "unknown_dependency",
    "cycle",
    "unbound_argument",
    "unknown_argument",
    "empty_slot",
    "undeclared_step_input",
    "needs_confirmation",
]


@dataclass(frozen=True)
class Problem:
    """Why a plan may not run as it is."""

    kind: ProblemKind
    step: str
    detail: str


def validate_plan(
    plan: Plan,
    tools: Mapping[str, ToolContract],
    slots: Mapping[str, Any],
    confirmed: Collection[str] = (),
) -> list[Problem]:
    """Every reason ``plan`` may not run; empty when it may.

    ``confirmed`` names the write steps the customer said yes to; any other write step
    is a ``needs_confirmation`` problem (it is listed for a yes, never run).
    """
    problems: list[Problem] = []
    seen: set[str] = set()
    for step in plan.steps:
        if step.id in seen:
            problems.append(Problem("duplicate_step", step.id, "a step id is used twice"))
        seen.add(step.id)
    for step in plan.steps:
        problems.extend(_step_problems(step, seen, tools, slots, confirmed))
    if not any(p.kind in ("duplicate_step", "unknown_dependency") for p in problems):
        try:
            execution_order(plan)
        except CycleError as error:
            problems.append(Problem("cycle", str(error.args[1][0]), "steps depend on each other"))
    return problems


def _step_problems(
    step: Step,
    ids: set[str],
    tools: Mapping[str, ToolContract],
    slots: Mapping[str, Any],
    confirmed: Collection[str],
) -> Iterable[Problem]:
    for dependency in step.depends_on:
        if dependency not in ids:
            yield Problem("unknown_dependency", step.id, dependency)
    for name, source in step.args.items():
        if isinstance(source, FromSlot) and slots.get(source.slot) in (None, "", [], {}):
            yield Problem("empty_slot", step.id, f"{name} reads the empty slot {source.slot}")
        if isinstance(source, FromStep) and source.step not in step.depends_on:
            yield Problem("undeclared_step_input", step.id, f"{name} reads {source.step}")
    tool = tools.get(step.tool)
    if tool is None:
        yield Problem("unknown_tool", step.id, step.tool)
        return
    for name in tool.required_args:
        if name not in step.args:
            yield Problem("unbound_argument", step.id, name)
    accepted = {*tool.required_args, *tool.optional_args}
    for name in step.args:
        if name not in accepted:
            yield Problem("unknown_argument", step.id, name)
    if tool.access == "write" and step.id not in confirmed:
        yield Problem("needs_confirmation", step.id, step.tool)


def execution_order(plan: Plan) -> list[str]:
    """The step ids in an order that runs every step after its dependencies.

    Among steps free to run, the plan's own order is kept. Raises ``CycleError``.
    """
    position = {step_id: index for index, step_id in enumerate(plan.ids)}
    sorter = TopologicalSorter({s.id: s.depends_on for s in plan.steps})
    sorter.prepare()
    order: list[str] = []
    while sorter.is_active():
        ready = sorted(sorter.get_ready(), key=lambda i: position.get(i, len(position)))
        order.extend(ready)
        sorter.done(*ready)
    return order


class UnboundError(LookupError):
    """An argument's source holds no value when the step is about to run."""


def bind_args(
    step: Step, slots: Mapping[str, Any], results: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """The step's arguments, each read from where its binding says."""
    bound: dict[str, Any] = {}
    for name, source in step.args.items():
        if isinstance(source, Value):
            bound[name] = source.value
        elif isinstance(source, FromSlot):
            if source.slot not in slots:
                raise UnboundError(f"{step.id}.{name}: slot {source.slot} is empty")
            bound[name] = slots[source.slot]
        else:
            bound[name] = _read(results, source, f"{step.id}.{name}")
    return bound


def _read(results: Mapping[str, Mapping[str, Any]], source: FromStep, where: str) -> Any:
    if source.step not in results:
        raise UnboundError(f"{where}: step {source.step} has no result")
    value: Any = results[source.step]
    for key in [k for k in source.path.split(".") if k]:
        if not isinstance(value, Mapping) or key not in value:
            raise UnboundError(f"{where}: {source.step} returned no {source.path}")
        value = value[key]
    return value
