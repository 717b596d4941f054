"""Python API for notebooks and programs: build the graph, send messages, read replies and state.

from keel.api import Keel
with Keel.open() as agent:                      # SQLite checkpointer + demo data
turn = agent.send("session-1", "Hi, I'm Noah Brown, zip 80279")
print(turn.reply, turn.awaiting, turn.path)
"""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, get_type_hints

from langchain_core.messages import HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command, Durability, GraphOutput

from keel.graph.builder import compile_graph
from keel.nodes.common import prepare_store
from keel.persistence.audit import AuditLog
from keel.persistence.checkpoint import open_checkpointer
from keel.state.context import Context, default_data_dir
from keel.state.dialogue import DialogueState

STATE_KEYS = list(get_type_hints(DialogueState))
ERROR_REPLY = {
    "en": "Sorry, something went wrong on my side and nothing was changed. Could you say that "
    "again, or ask for a human agent?",
    "zh": "抱歉，系统出了点问题，没有做任何更改。请再说一次，或要求转人工客服。",
}


class NoHandoffError(ValueError):
    """A human agent's action on a session that no human agent holds."""


@dataclass
class TurnResult:
    """What one user message produced."""

    reply: str
    awaiting: str  # confirmation | clarification | human | nothing
    path: list[str]
    intent: str | None
    user_id: str | None
    interrupt: dict[str, Any] | None = None
    values: dict[str, Any] = field(default_factory=dict)


class Keel:
    """One Keel agent: the compiled dialogue graph with a checkpointer and settings.

    ``durability`` is LangGraph's checkpoint mode for each turn. The default, ``"exit"``,
    writes the session's checkpoint once per turn (when the turn ends, pauses at an
    interrupt or fails) instead of after every node: a turn is the unit a user sees, the
    state before it is never touched until it ends, and the audit trail still records
    every node, tool and model call as it happens. It takes two thirds off the framework's
    own cost of a turn (``keel bench turns``). ``"async"`` or ``"sync"`` checkpoint
    after every node, for step-by-step time travel in a notebook.
    """

    def __init__(
        self,
        context: Context | None = None,
        checkpointer: BaseCheckpointSaver[str] | None = None,
        *,
        durability: Durability = "exit",
    ) -> None:
        self.context = context or Context()
        self.graph = compile_graph(checkpointer or InMemorySaver())
        self.durability: Durability = durability
        prepare_store(self.context.database_url, self.context.domain)

    @classmethod
    @contextmanager
    def open(
        cls,
        context: Context | None = None,
        checkpoint_url: str | None = None,
        *,
        durability: Durability = "exit",
    ) -> Iterator[Keel]:
        """Open an agent with the configured checkpointer (SQLite under the data dir by default)."""
        with open_checkpointer(checkpoint_url, default_data_dir()) as saver:
            yield cls(context, saver, durability=durability)

    def settle(self) -> None:
        """After warming up, keep what is loaded out of the garbage collector's way.

        A long-running process calls it once its models and caches are loaded (the first
        turns): ``gc.freeze`` moves every object alive then to the permanent generation, so a
        full collection no longer walks the classifier, the lexicon and the compiled patterns
        in the middle of a customer's turn (``keel bench turns``: the p99 outliers of 130 ms
        and more were such collections).
        """
        import gc

        gc.collect()
        gc.freeze()

    @staticmethod
    def _config(session_id: str) -> RunnableConfig:
        return {"configurable": {"thread_id": session_id}}

    def pending_interrupt(self, session_id: str) -> dict[str, Any] | None:
        """Return the value of the interrupt the session waits on (confirmation or handoff)."""
        snapshot = self.graph.get_state(self._config(session_id))
        for pending in snapshot.interrupts:
            value = pending.value
            return value if isinstance(value, dict) else {"value": value}
        return None

    def send(
        self,
        session_id: str,
        text: str,
        *,
        channel_user_id: str | None = None,
        source: str | None = None,
    ) -> TurnResult:
        """Send one user message on a session and return the agent's turn.

        ``source`` names the client it came from (an address, a device): failed
        identifications are limited per source as well as per session. While a human agent
        holds the session (handoff mode) the message goes to their queue.
        """
        config = self._config(session_id)
        pending = self.pending_interrupt(session_id)
        if pending is not None and pending.get("type") == "handoff":
            payload: Any = Command(resume={"type": "customer", "text": text})
        elif pending is not None:
            payload = Command(resume=text)
        else:
            payload = {"messages": [HumanMessage(content=text)]}
            if channel_user_id is not None:
                payload["channel_user_id"] = channel_user_id
            if source is not None:
                payload["source"] = source
        try:
            output = self._run(payload, config)
        except Exception as error:  # the delivery boundary: audited, answered, state kept
            return self._failed(session_id, text, error)
        return self._result(output)

    def _failed(self, session_id: str, text: str, error: Exception) -> TurnResult:
        """Answer a turn whose run failed; the checkpoint still holds the state before it."""
        AuditLog(self.context.database_url).record(
            session_id,
            "error",
            type(error).__name__,
            {"text": text, "error": str(error), "trace": traceback.format_exc(limit=8)},
        )
        values = self.values(session_id)
        language = str(values.get("language", "en"))
        return TurnResult(
            reply=ERROR_REPLY.get(language, ERROR_REPLY["en"]),
            awaiting=str(values.get("awaiting", "nothing")),
            path=["error"],
            intent=None,
            user_id=values.get("user_id"),
            interrupt=self.pending_interrupt(session_id),
            values=values,
        )

    def in_handoff(self, session_id: str) -> bool:
        """True while a human agent holds the session (from the handoff until the release)."""
        pending = self.pending_interrupt(session_id)
        return pending is not None and pending.get("type") == "handoff"

    def reply_as_agent(self, session_id: str, text: str) -> TurnResult:
        """Answer, as the human agent, a session they hold; it stays with them until released."""
        return self._as_human(session_id, {"type": "agent", "text": text})

    def release(self, session_id: str) -> TurnResult:
        """Hand a session held by a human agent back to the bot (ends handoff mode)."""
        return self._as_human(session_id, {"type": "release"})

    def _as_human(self, session_id: str, message: dict[str, str]) -> TurnResult:
        if not self.in_handoff(session_id):
            raise NoHandoffError(f"session {session_id!r} is not held by a human agent")
        return self._result(self._run(Command(resume=message), self._config(session_id)))

    def _run(self, payload: Any, config: RunnableConfig) -> GraphOutput[Any]:
        """Run one turn: the session's values when it ended, and the interrupt it waits on."""
        output: GraphOutput[Any] = self.graph.invoke(
            payload,
            config,
            context=self.context,
            durability=self.durability,
            output_keys=STATE_KEYS,  # the whole state, not the graph's public output
            version="v2",
        )
        return output

    def values(self, session_id: str) -> dict[str, Any]:
        """Return the session's full state."""
        snapshot = self.graph.get_state(self._config(session_id))
        return dict(snapshot.values)

    @staticmethod
    def _result(output: GraphOutput[Any]) -> TurnResult:
        """The turn from the run's output (its values are the session's whole state)."""
        values = dict(output.value or {})
        understanding = values.get("understanding") or {}
        pending = next((i.value for i in output.interrupts), None)
        return TurnResult(
            reply=str(values.get("reply", "")),
            awaiting=str(values.get("awaiting", "nothing")),
            path=list(values.get("path", [])),
            intent=understanding.get("intent"),
            user_id=values.get("user_id"),
            interrupt=pending
            if isinstance(pending, dict) or pending is None
            else {"value": pending},
            values=values,
        )
