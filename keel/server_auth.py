"""Who may run what on LangGraph server (``langgraph.json``'s ``auth``).

The server serves the customer dialogue (``keel``) beside graphs that only operators may
use: ``ask`` (SQL written for a question), ``tasks`` (back-office tasks) and
``calibration`` (one tool call with the arguments given). Without this, any client of the
server could run them. A request is an operator's when it carries
``X-Operator-Key: $KEEL_OPERATOR_KEY`` (compared in constant time), or comes from LangGraph
Studio; any other client may only run the dialogue's default assistant or one of its
business assistants (``keel assistants``: one per installed business, its context naming
the domain, at an id derived from the business's name), and may not override its settings
(``context``: a store, a model endpoint), nor create, change or schedule assistants.
With ``KEEL_OPERATOR_KEY`` unset the operators' graphs are closed to every client but
Studio.
"""

from __future__ import annotations

import hmac
import os
from functools import lru_cache
from typing import Any
from uuid import UUID, uuid5

from langgraph_sdk import Auth
from langgraph_sdk.auth.types import StudioUser

from keel.domain.pack import installed_businesses

OPERATOR_KEY_ENV = "KEEL_OPERATOR_KEY"
PUBLIC_GRAPHS = ("keel",)  # the customer dialogue: the only graph anyone may run
# langgraph-api names a graph's default assistant uuid5(this namespace, graph id)
_ASSISTANT_NAMESPACE = UUID("6ba7b821-9dad-11d1-80b4-00c04fd430c8")
PUBLIC_ASSISTANTS = frozenset(
    [*PUBLIC_GRAPHS, *(str(uuid5(_ASSISTANT_NAMESPACE, g)) for g in PUBLIC_GRAPHS)]
)
OPERATOR = "operator"


def business_assistant_id(domain: str) -> str:
    """The id of the ``keel`` assistant of business ``domain`` (the same on every server)."""
    return str(uuid5(_ASSISTANT_NAMESPACE, f"keel/{domain}"))


@lru_cache(maxsize=1)
def business_assistants() -> frozenset[str]:
    """The assistant ids of the installed businesses."""
    return frozenset(business_assistant_id(name) for name in installed_businesses())


auth = Auth()


def is_operator_key(given: str, expected: str | None) -> bool:
    """Whether ``given`` is the configured operator key (never true without one)."""
    return bool(expected) and hmac.compare_digest(given.encode(), str(expected).encode())


@auth.authenticate
async def authenticate(headers: dict[bytes, bytes]) -> Auth.types.MinimalUserDict:
    """Every request is admitted; one with the operator key is an operator's."""
    given = headers.get(b"x-operator-key", b"").decode("utf-8", "replace")
    if is_operator_key(given, os.environ.get(OPERATOR_KEY_ENV)):
        return {"identity": OPERATOR, "permissions": [OPERATOR]}
    return {"identity": "anonymous", "permissions": []}


def _is_operator(ctx: Auth.types.AuthContext) -> bool:
    return isinstance(ctx.user, StudioUser) or OPERATOR in ctx.permissions


def _refuse(what: str) -> Auth.exceptions.HTTPException:
    return Auth.exceptions.HTTPException(
        status_code=403, detail=f"{what} needs the operator key (X-Operator-Key)"
    )


def run_refusal(assistant_id: Any, kwargs: dict[str, Any] | None) -> str | None:
    """Why a client that is not an operator may not start this run, or None."""
    if str(assistant_id) not in PUBLIC_ASSISTANTS | business_assistants():
        return "running this graph"
    if (kwargs or {}).get("context"):
        return "changing the dialogue's settings"
    return None


@auth.on.threads.create_run
async def on_run(ctx: Auth.types.AuthContext, value: Auth.types.RunsCreate) -> None:
    """Runs: anyone on the dialogue as configured; the rest for operators only."""
    if _is_operator(ctx):
        return
    refusal = run_refusal(value.get("assistant_id"), value.get("kwargs"))
    if refusal is not None:
        raise _refuse(refusal)


def _operators_only(ctx: Auth.types.AuthContext) -> None:
    if not _is_operator(ctx):
        raise _refuse("managing assistants and schedules")


@auth.on.assistants.create
async def on_assistant_create(
    ctx: Auth.types.AuthContext, value: Auth.types.AssistantsCreate
) -> None:
    """Assistants are an operator's to make."""
    _operators_only(ctx)


@auth.on.assistants.update
async def on_assistant_update(
    ctx: Auth.types.AuthContext, value: Auth.types.AssistantsUpdate
) -> None:
    """Assistants are an operator's to change."""
    _operators_only(ctx)


@auth.on.assistants.delete
async def on_assistant_delete(
    ctx: Auth.types.AuthContext, value: Auth.types.AssistantsDelete
) -> None:
    """Assistants are an operator's to delete."""
    _operators_only(ctx)


@auth.on.crons.create
async def on_cron_create(ctx: Auth.types.AuthContext, value: Auth.types.CronsCreate) -> None:
    """Schedules of runs are an operator's to make."""
    _operators_only(ctx)
