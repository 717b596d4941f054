"""The retail store: configuration files, policy and presenters, as one business pack."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, func, select

from keel.domain.config import DomainConfig
from keel.domain.pack import Decision, IdentityRules, PackBase, PolicyInput, ToolCaller
from keel.domain.retail import policy
from keel.domain.retail.actions import WRITE_TOOLS
from keel.domain.retail.identity import RetailIdentity
from keel.domain.retail.models import Base, User
from keel.domain.retail.presenters import present
from keel.domain.retail.session import SESSION_TOOLS
from keel.domain.retail.tau2 import export_db, import_tau2, load_tau2_file
from keel.persistence.db import create_tables, session_scope
from keel.state.dialogue import ActionPlan, ToolOutcome
from keel.tools.registry import RegisteredTool
from keel.understanding.offline import TurnHints, extract_slots

IDENTITY = RetailIdentity()


class RetailPack(PackBase):
    """The retail store as the engine sees it (:class:`keel.domain.pack.DomainPack`)."""

    name = "retail"
    part_intents: tuple[str, ...] = policy.ITEM_INTENTS

    @property
    def identity(self) -> IdentityRules:
        """An email, or a first and last name with the zip code."""
        return IDENTITY

    @property
    def metadata(self) -> MetaData:
        """The store's tables: users, payment methods, products and variants, orders."""
        return Base.metadata

    @property
    def tools(self) -> Sequence[RegisteredTool]:
        """The store's writes, and what this conversation refunded and charged so far."""
        return [*WRITE_TOOLS, *SESSION_TOOLS]

    def read_state(self, path: Path) -> dict[str, Any]:
        """A τ²-bench retail db.json."""
        return load_tau2_file(path)

    def import_state(self, data: Mapping[str, Any], database_url: str) -> None:
        """Replace the store's data with a τ²-bench retail document."""
        import_tau2(data, database_url)

    def export_state(self, database_url: str) -> dict[str, dict[str, dict[str, Any]]]:
        """The store as a τ²-bench retail document (products, users, orders)."""
        return export_db(database_url)

    def prepare(self, database_url: str) -> None:
        """Create the store's tables; load the generated demo store when it has no users."""
        create_tables(database_url, Base.metadata)
        with session_scope(database_url) as session:
            empty = (session.scalar(select(func.count()).select_from(User)) or 0) == 0
        if empty:
            from keel.domain.retail.demo_data import load_demo_data

            load_demo_data(database_url)

    def extract_slots(self, text: str, hints: TurnHints) -> dict[str, Any]:
        """Order ids, emails, names, zip codes, reasons, payment methods, addresses, yes/no."""
        return extract_slots(text, hints)

    def decide(self, call: ToolCaller, inp: PolicyInput) -> Decision:
        """The store's policy for the turn."""
        return policy.decide_task(call, inp)

    def present(
        self, config: DomainConfig, intent: str, plan: ActionPlan, outcome: ToolOutcome, text: str
    ) -> tuple[str, dict[str, Any]]:
        """The reply key and values of a tool's result."""
        return present(config, intent, plan, outcome, text)

    def alternatives(
        self, call: ToolCaller, config: DomainConfig, intent: str, plan: ActionPlan, shown: str
    ) -> tuple[str, ...]:
        """The other variants, addresses or payment methods a listing could have named."""
        return policy.listed_alternatives(call, config, intent, plan, shown)

    def other_parts(
        self, call: ToolCaller, config: DomainConfig, user_id: str | None, listed: Sequence[str]
    ) -> tuple[tuple[str, ...], ...]:
        """The items of the customer's other orders."""
        return policy.other_order_items(call, config, user_id, listed)

    def listed_parts(
        self, call: ToolCaller, user_id: str | None, listed: Sequence[str]
    ) -> set[str]:
        """The items of the listed orders."""
        return policy.listed_order_items(call, user_id, listed)

    def described_targets(
        self, call: ToolCaller, config: DomainConfig, user_id: str | None, text: str, exclude: Any
    ) -> list[str]:
        """The customer's one order holding the products ``text`` names."""
        return policy.described_orders(call, config, user_id, text, exclude)

    def option_values_named(
        self, call: ToolCaller, config: DomainConfig, utterances: Sequence[str], text: str
    ) -> list[str]:
        """The option values ``text`` names of the products the request names."""
        return policy.option_values_named(call, config, utterances, text)


PACK = RetailPack()
