"""Lantern Library: a toy third business of the tests, written only against the pack protocol.

Neither a store nor a bank: members borrow books and renew their loans. It imports nothing
of ``keel.domain.bank`` or ``keel.domain.retail``; tests/test_toy_business.py installs it as
an outside package (a ``keel.domains`` entry point) and drives the real graph with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData

from keel.domain.config import DomainConfig
from keel.domain.pack import Decision, IdentityRules, PackBase, PolicyInput, ToolCaller
from keel.state.dialogue import ActionPlan, ToolOutcome
from keel.tools.registry import RegisteredTool
from keel.understanding.offline import TurnHints

from . import policy, store

IDENTITY = policy.LibraryIdentity()


class LanternPack(PackBase):
    """Lantern Library as the engine sees it (:class:`keel.domain.pack.DomainPack`)."""

    name = "lantern"

    @property
    def identity(self) -> IdentityRules:
        """A library card number and email matching one member."""
        return IDENTITY

    @property
    def metadata(self) -> MetaData:
        """The library's two tables."""
        return store.METADATA

    @property
    def tools(self) -> Sequence[RegisteredTool]:
        """Its one write (its reads are SQL templates in tools.yaml)."""
        return [store.RENEW_LOAN]

    def prepare(self, database_url: str) -> None:
        """Create the tables; load the demo members and loans into an empty store."""
        store.prepare(database_url)

    def read_state(self, path: Path) -> dict[str, Any]:
        """The library keeps no data file: its demo data is code."""
        return dict(store.DEMO)

    def import_state(self, data: Mapping[str, Any], database_url: str) -> None:
        """Replace the library's rows with ``data``."""
        store.import_state(data, database_url)

    def export_state(self, database_url: str) -> dict[str, dict[str, dict[str, Any]]]:
        """The library's rows as table -> record id -> record."""
        return store.export_state(database_url)

    def extract_slots(self, text: str, hints: TurnHints) -> dict[str, Any]:
        """Library card number, email, loan id and yes/no."""
        return policy.extract_slots(text, hints)

    def decide(self, call: ToolCaller, inp: PolicyInput) -> Decision:
        """The library's policy for the turn."""
        return policy.decide(call, inp)

    def present(
        self, config: DomainConfig, intent: str, plan: ActionPlan, outcome: ToolOutcome, text: str
    ) -> tuple[str, dict[str, Any]]:
        """The reply key and values of a tool's result."""
        return policy.present(config, intent, plan, outcome, text)


PACK = LanternPack()
