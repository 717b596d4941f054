"""Rho Bank as a business pack: its configuration, identity rules, policy, tools and data.

The engine reaches it only through :data:`PACK` (``keel.domain.pack.DomainPack``), loaded
by name when ``Context.domain`` is ``"bank"``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData

from keel.domain.bank import policy
from keel.domain.bank.extract import extract_slots
from keel.domain.bank.identity import BankIdentity
from keel.domain.bank.models import Base
from keel.domain.bank.presenters import present
from keel.domain.bank.store import export_bank, import_bank, load_bank_file
from keel.domain.bank.store import prepare as prepare_store
from keel.domain.bank.tools import TOOLS
from keel.domain.config import DomainConfig
from keel.domain.pack import Decision, IdentityRules, PackBase, PolicyInput, ToolCaller
from keel.state.dialogue import ActionPlan, ToolOutcome
from keel.tools.registry import RegisteredTool
from keel.understanding.offline import TurnHints

IDENTITY = BankIdentity()


class BankPack(PackBase):
    """Rho Bank as the engine sees it (:class:`keel.domain.pack.DomainPack`)."""

    name = "bank"
    logs: tuple[str, ...] = ("verification_history",)

    @property
    def identity(self) -> IdentityRules:
        """Two of date of birth, email, phone number and address, matching one customer."""
        return IDENTITY

    @property
    def metadata(self) -> MetaData:
        """The bank's tables, as τ-Banking's db.json has them."""
        return Base.metadata

    @property
    def tools(self) -> Sequence[RegisteredTool]:
        """The bank's reads and writes."""
        return TOOLS

    def prepare(self, database_url: str) -> None:
        """Create the bank's tables; load its invented demo customers into an empty store."""
        prepare_store(database_url)

    def read_state(self, path: Path) -> dict[str, Any]:
        """A τ-Banking db.json."""
        return load_bank_file(path)

    def import_state(self, data: Mapping[str, Any], database_url: str) -> None:
        """Replace the bank's data with a db.json document."""
        import_bank(data, database_url)

    def export_state(self, database_url: str) -> dict[str, dict[str, dict[str, Any]]]:
        """The bank's data as table -> record id -> record."""
        return {
            table: dict(body.get("data") or {}) for table, body in export_bank(database_url).items()
        }

    def setup(self, reference: str, data_path: Path | None) -> dict[str, Any]:
        """The db.json with a τ-Banking task's own records ("tasks.json#task_078").

        The task file is read beside the db.json the run started from; its records join
        (and replace, by id) the database's.
        """
        if data_path is None:
            raise ValueError(f"setup {reference!r} needs the bank's db.json (--data bank=…)")
        file, _, task_id = reference.partition("#")
        tasks = json.loads((data_path.parent / file).read_text(encoding="utf-8"))
        task = next((t for t in tasks if t.get("id") == task_id), None)
        if task is None:
            raise ValueError(f"no task {task_id!r} in {file}")
        added = ((task.get("initial_state") or {}).get("initialization_data") or {}).get(
            "agent_data"
        ) or {}
        data = self.read_state(data_path)
        for table, body in added.items():
            target = data.setdefault(table, {"data": {}, "notes": ""})
            target.setdefault("data", {}).update(body.get("data") or {})
        return data

    def extract_slots(self, text: str, hints: TurnHints) -> dict[str, Any]:
        """Identity details, cards, accounts, amounts, dates, merchants and reasons."""
        return extract_slots(text, hints)

    def decide(self, call: ToolCaller, inp: PolicyInput) -> Decision:
        """The bank's policy for the turn."""
        return policy.decide(call, inp)

    def present(
        self, config: DomainConfig, intent: str, plan: ActionPlan, outcome: ToolOutcome, text: str
    ) -> tuple[str, dict[str, Any]]:
        """The reply key and values of a tool's result."""
        return present(config, intent, plan, outcome, text)


PACK = BankPack()
