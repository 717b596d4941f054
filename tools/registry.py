"""Tool registry: every tool the agent can call, with the metadata later layers plan with.

A tool is a typed function ``(ToolContext, args) -> dict``. The registry keeps
its specification (category, read or write, required arguments, alternatives,
description) so that calibration, reflection and tool selection can reason
about tools without importing them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, model_validator

ToolCategory = Literal["sql", "action", "knowledge", "http", "handoff"]
ErrorKind = Literal[
    "PARAMETER_ERROR",
    "PERMISSION_ERROR",
    "SERVICE_UNAVAILABLE",
    "DATA_NOT_FOUND",
    "VALIDATION_ERROR",
    "BUSINESS_ERROR",
    "RESOURCE_CONFLICT",
    "UNKNOWN",
]


class ToolSpec(BaseModel):
    """Metadata of a registered tool."""

    name: str = Field(description="Unique tool name, used in plans and audit records.")
    category: ToolCategory = Field(description="How the tool reaches its data.")
    access: Literal["read", "write"] = Field(description="Whether the tool changes data.")
    required_args: list[str] = Field(default_factory=list, description="Arguments it needs.")
    optional_args: list[str] = Field(default_factory=list, description="Arguments it accepts.")
    alternatives: list[str] = Field(
        default_factory=list, description="Tools that can answer the same need if this one fails."
    )
    description: str = Field(description="Model-facing contract of the tool.")
    timeout_seconds: float | None = Field(default=None, description="Per-call time limit.")
    cache_ttl_seconds: float = Field(
        default=300.0,
        ge=0.0,
        description="How long a read's result answers the same call again (0: never; "
        "writes are never cached).",
    )
    operator_only: bool = Field(
        default=False,
        description="Only an operator's task may call it (the customer channel never does): "
        "tool selection leaves it out of a customer's task and a step calling it there fails.",
    )
    args_model: type[BaseModel] | None = Field(
        default=None,
        description="The tool's typed argument contract (pydantic, extra keys forbidden): the "
        "executor validates every call against it and the registry renders it as the tool's "
        "schema. Without one, a loose model is made from the argument names.",
    )

    @model_validator(mode="after")
    def _contract(self) -> ToolSpec:
        """Required and optional arguments follow the contract; a missing one is made."""
        if self.args_model is None:
            self.args_model = loose_contract(self.name, self.required_args, self.optional_args)
            return self
        fields = self.args_model.model_fields
        self.required_args = [n for n, f in fields.items() if f.is_required()]
        self.optional_args = [n for n, f in fields.items() if not f.is_required()]
        return self

    def contract(self) -> type[BaseModel]:
        """The argument model (always set once the spec is built)."""
        assert self.args_model is not None
        return self.args_model

    def validate_args(self, args: dict[str, Any]) -> dict[str, Any]:
        """``args`` checked against the contract, as the tool receives them.

        Raises :class:`ToolError` (``PARAMETER_ERROR``) naming every argument that is
        missing, unknown or of the wrong type, so that no tool runs on arguments its
        contract refuses.
        """
        try:
            checked = self.contract().model_validate(args)
        except ValidationError as error:
            problems = [
                f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}"
                for e in error.errors()
            ]
            raise ToolError(
                "PARAMETER_ERROR", f"{self.name}: " + "; ".join(problems), problems=problems
            ) from None
        return checked.model_dump(exclude_unset=True)

    def openai_schema(self) -> dict[str, Any]:
        """The tool as an OpenAI-compatible function schema (for a planner or corrector)."""
        parameters = self.contract().model_json_schema()
        parameters.pop("title", None)
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": parameters,
            },
        }


def loose_contract(name: str, required: Iterable[str], optional: Iterable[str]) -> type[BaseModel]:
    """A contract from argument names alone: the names, any values, other keys allowed."""
    fields: dict[str, Any] = {n: (Any, ...) for n in required}
    fields.update({n: (Any, None) for n in optional if n not in fields})
    title = "".join(part.title() for part in name.split("_")) + "Args"
    return create_model(title, __config__=ConfigDict(extra="allow"), **fields)


class Contract(BaseModel):
    """Base of the declared argument contracts: unknown arguments are refused."""

    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class ToolContext:
    """Infrastructure handed to a tool at call time (never shown to a model)."""

    database_url: str
    row_limit: int = 50
    http_timeout_seconds: float = 3.0
    session_id: str = ""
    operator: bool = False  # an operator's run: only then may an ``operator_only`` tool run
    # The run's settings (``state.context.Context`` as a dict), for an operator's tool that
    # runs a graph of its own with the caller's configuration (``ask_data``).
    settings: Mapping[str, Any] | None = None


class ToolError(Exception):
    """A failure a tool reports on purpose, with its category from the failure taxonomy."""

    def __init__(self, kind: ErrorKind, message: str, **details: Any) -> None:
        super().__init__(message)
        self.kind: ErrorKind = kind
        self.details = details


ToolFunction = Callable[[ToolContext, dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class RegisteredTool:
    """A tool function with its specification."""

    spec: ToolSpec
    run: ToolFunction


class ToolRegistry:
    """Name → tool mapping with metadata queries."""

    def __init__(self, tools: Iterable[RegisteredTool] = ()) -> None:
        self._tools: dict[str, RegisteredTool] = {}
        for tool in tools:
            self.register(tool)

    def register(self, tool: RegisteredTool) -> None:
        """Add a tool; names are unique."""
        if tool.spec.name in self._tools:
            raise ValueError(f"tool {tool.spec.name!r} is already registered")
        self._tools[tool.spec.name] = tool

    def get(self, name: str) -> RegisteredTool:
        """Return the tool called ``name`` (KeyError if unknown)."""
        return self._tools[name]

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def specs(self) -> list[ToolSpec]:
        """Return every tool's specification, sorted by name."""
        return [self._tools[name].spec for name in sorted(self._tools)]

    def openai_tools(self, names: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """The tools (every one, or those named) as OpenAI-compatible function schemas."""
        chosen = sorted(self._tools) if names is None else list(names)
        return [self.get(name).spec.openai_schema() for name in chosen]

    def missing_args(self, name: str, args: dict[str, Any]) -> list[str]:
        """Return required arguments of ``name`` absent from ``args``."""
        return [a for a in self.get(name).spec.required_args if args.get(a) in (None, "", [])]
