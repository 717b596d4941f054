"""The business pack interface: what a business gives the engine, and how the engine finds it.

A business is one package (``keel.domain.<name>``, or any installed package that declares a
``keel.domains`` entry point) exposing ``PACK``, an object of the :class:`DomainPack`
protocol. The engine reads a business only through it: nodes ask the pack named by
``Context.domain`` (:func:`load_pack`) and never import a pack's modules (import-linter
checks that). The policy's input and output (:class:`PolicyInput`, :class:`Decision`) are
the engine's types; what a pack decides with them is its own code.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from sqlalchemy import MetaData

from keel.domain.config import DOMAIN_ROOT, DomainConfig, load_domain, register_pack_folder
from keel.state.dialogue import ActionPlan, Route, ToolOutcome
from keel.state.stack import TaskFrame
from keel.tools.registry import RegisteredTool
from keel.understanding.offline import TurnHints

# Reads a tool through calibration: the only way a pack's policy sees the business's data.
ToolCaller = Callable[[str, dict[str, Any]], ToolOutcome]


# The replies the engine itself says, whatever the business: each pack words every one in
# its replies.yaml (English, and its other languages where it has them). Besides these, a
# pack words ``confirm.<intent>`` for each of its writes and whatever keys its own decisions
# and presenters name.
ENGINE_REPLIES: tuple[str, ...] = (
    "greeting",
    "thanks",
    "goodbye",
    "fallback",
    "fallback.in_flow",
    "safe_reply",
    "abandoned",
    "affirmed.nothing",
    "declined",
    "declined.nothing",
    "declined.short",
    "already_verified",
    "ask.identity",
    "ask.identity_partial",
    "auth.ok",
    "auth.ok_continue",
    "auth.failed",
    "auth.stronger",
    "auth.third_party",
    "auth.other_user",
    "auth.not_holder",
    "handoff.notice",
    "handoff.hold",
    "handoff.released",
    "handoff.released_back",
    "reject.empty",
    "reject.guard",
    "reject.rate_limited",
    "reject.sensitive",
    "reject.too_long",
    "tool.failed",
    "task.not_done",
    "task.not_reached",
    "confirm.parked",
    "confirm.still_parked",
    "confirm.take_your_time",
    "confirm.to_be_sure",
    "confirm.unclear",
    "confirm.unchanged",
    "confirm.part_unchanged",
    "confirm.count_differs",
    "confirm.covers_all",
    "confirm.question_unanswered",
    "agenda.queued",
    "agenda.noted",
    "agenda.looked_up",
)
# Replies the engine says only when a business uses what they are for, by key.
OPTIONAL_REPLIES: dict[str, str] = {
    "handoff.help_first": "an intent that hands over only when insisted on (insist > 1)",
    "secret.expired": "a secret slot (its handle expired before the listed write ran)",
    "confirm.joined": "changes of several requests listed for one yes (with confirm.joined_item "
    "and item.<intent>; without them each change is listed alone)",
    "confirm.joined_item": "a line of a joined listing",
    "ask.which_order_change": "a write whose target the customer only asked about",
}


def missing_replies(config: DomainConfig) -> list[str]:
    """The replies the engine would say for this business that its replies.yaml lacks."""
    needed = list(ENGINE_REPLIES)
    needed += [f"confirm.{n}" for n, spec in config.intents.items() if spec.kind == "write"]
    if any(spec.insist > 1 for spec in config.intents.values()):
        needed.append("handoff.help_first")
    if any(spec.secret for spec in config.slots.values()):
        needed.append("secret.expired")
    return [key for key in needed if key not in config.replies]


@dataclass
class Decision:
    """What the policy check decided for this turn."""

    route: Route
    reply_key: str = ""
    reply_data: dict[str, Any] = field(default_factory=dict)
    plan: ActionPlan | None = None
    frame: TaskFrame | None = None
    prefix: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    handoff_reason: str | None = None
    reject_reason: str | None = None
    split_off: str = ""  # the same request for another target's parts: a task of its own
    # values the split-off task starts with, besides its words (the targets it is for)
    split_slots: dict[str, Any] = field(default_factory=dict)
    split_targets: int = 1  # how many targets it is for ("yes, freeze all three" counts them)


@dataclass
class PolicyInput:
    """The facts of the turn the policy decides on."""

    config: DomainConfig
    frame: TaskFrame | None
    intent: str  # this turn's intent (after tracking)
    act: str  # dialogue act from tracking
    user_id: str | None
    text: str
    language: str
    recent: Sequence[str] = ()  # the user's last few whole messages, oldest first
    focus_order: str | None = None  # the target the conversation was last about
    # the customer's other requests, waiting behind this task (suspended or queued), the
    # next to resume last: a check may depend on what else was asked ("open the savings
    # account before closing the checking account it needs")
    waiting: Sequence[TaskFrame] = ()


class IdentityRules(Protocol):
    """How a customer of the business proves who they are.

    The engine runs each attempt (audit, rate limits per target, lock-out after too many
    failures, the replies, the barring of an account given as someone else's); the rules
    say what the details given so far (the slots marked ``identity``) can open.
    """

    def ready(self, identity: dict[str, str]) -> bool:
        """Enough details for an attempt."""

    def targets(self, identity: dict[str, str]) -> list[str]:
        """The accounts an attempt aims at ("email:…", "name:…"), for audit and limits."""

    def strong(self, identity: dict[str, str]) -> bool:
        """Details that still open an account others guessed at too often."""

    def authenticate(
        self, call: ToolCaller, identity: dict[str, str], guessed: Sequence[str]
    ) -> tuple[str | None, dict[str, Any] | None, bool]:
        """(user id, the customer's row, whether complete details matched no one)."""

    def refused(
        self,
        call: ToolCaller,
        identity: dict[str, str],
        row: dict[str, Any],
        barred: Sequence[str],
        others: Sequence[str],
    ) -> str | None:
        """Why the account found is not opened (``third_party``, ``guessed`` …), or None."""

    def guesses(self, identity: dict[str, str]) -> int:
        """How many guesses a failed attempt counts as."""

    def after_failure(self, identity: dict[str, str]) -> dict[str, str]:
        """The details kept after a failed attempt."""

    def after_incomplete(self, identity: dict[str, str]) -> dict[str, str]:
        """The details kept while some are missing."""

    def missing(self, identity: dict[str, str], language: str) -> str | None:
        """What is still missing, worded for the customer (None: nothing was given)."""

    def claims_other(self, call: ToolCaller, user_id: str, slots: dict[str, Any]) -> bool:
        """A verified customer now states details of someone else."""


@runtime_checkable
class DomainPack(Protocol):
    """Everything the engine asks of a business.

    ``config`` is the business as data (intents and examples, slots, replies, read tools,
    lexicon, plans); the methods are its code: the policy deciding each turn, the
    presentation of a tool's result, and what a reply to a listed change could name
    besides what was listed (the parts of the listed targets, of the customer's other
    targets, the alternatives a listing offered).
    """

    name: str
    # intents whose request names parts of a target ("the lamp from my last order"): each
    # target of such a request is listed on its own
    part_intents: tuple[str, ...]

    @property
    def folder(self) -> Path:
        """The folder of the business's files (intents, slots, replies, guardrails, kb, demo)."""

    @property
    def config(self) -> DomainConfig:
        """The business's configuration files, validated."""

    @property
    def identity(self) -> IdentityRules:
        """How the business's customers prove who they are."""

    @property
    def metadata(self) -> MetaData:
        """The business's tables (created beside the engine's in its database)."""

    @property
    def tools(self) -> Sequence[RegisteredTool]:
        """The business's tools written as code (its writes, with their argument contracts)."""

    def prepare(self, database_url: str) -> None:
        """Create the business's tables; load its demo data when the store is empty."""

    # -- the business's data as a document, for evaluations (a benchmark's db.json)

    @property
    def logs(self) -> tuple[str, ...]:
        """Tables the business writes on its own (a verification log): no customer's write."""

    def read_state(self, path: Path) -> dict[str, Any]:
        """A data file of the business (its db.json), as a document."""

    def import_state(self, data: Mapping[str, Any], database_url: str) -> None:
        """Replace the business's data in ``database_url`` with the document ``data``."""

    def export_state(self, database_url: str) -> dict[str, dict[str, dict[str, Any]]]:
        """The business's data as table -> record id -> record."""

    def setup(self, reference: str, data_path: Path | None) -> dict[str, Any]:
        """Records a scenario adds before it starts (``setup:`` in its file), as a document."""

    def extract_slots(self, text: str, hints: TurnHints) -> dict[str, Any]:
        """The values ``text`` states (its slots), given what the agent just asked."""

    def decide(self, call: ToolCaller, inp: PolicyInput) -> Decision:
        """Decide the turn for the task in ``inp.frame`` (reads go through ``call``)."""

    def present(
        self, config: DomainConfig, intent: str, plan: ActionPlan, outcome: ToolOutcome, text: str
    ) -> tuple[str, dict[str, Any]]:
        """The reply key and values of a successful tool outcome."""

    def alternatives(
        self, call: ToolCaller, config: DomainConfig, intent: str, plan: ActionPlan, shown: str
    ) -> tuple[str, ...]:
        """What a reply to the confirmation of ``plan`` could name instead of what was listed."""

    def other_parts(
        self, call: ToolCaller, config: DomainConfig, user_id: str | None, listed: Sequence[str]
    ) -> tuple[tuple[str, ...], ...]:
        """The parts of the customer's targets other than ``listed``, each with its names."""

    def listed_parts(
        self, call: ToolCaller, user_id: str | None, listed: Sequence[str]
    ) -> set[str]:
        """The names of the parts the ``listed`` targets hold."""

    def described_targets(
        self, call: ToolCaller, config: DomainConfig, user_id: str | None, text: str, exclude: Any
    ) -> list[str]:
        """The customer's one target (other than ``exclude``) that ``text`` describes."""

    def option_values_named(
        self, call: ToolCaller, config: DomainConfig, utterances: Sequence[str], text: str
    ) -> list[str]:
        """The option values ``text`` names of what a waiting request's words name."""


class PackBase:
    """What most businesses share: their configuration by name, and no parts of targets.

    A pack may subclass it and write only what is its own (a store's listings name the
    items of orders; a bank's name none, so the bank keeps these defaults).
    """

    name: str = ""
    part_intents: tuple[str, ...] = ()
    logs: tuple[str, ...] = ()

    @property
    def folder(self) -> Path:
        """The folder of the module that defines the pack's class."""
        module = sys.modules[type(self).__module__]
        return Path(str(module.__file__)).resolve().parent

    @property
    def config(self) -> DomainConfig:
        """The business's configuration files (in :attr:`folder`)."""
        register_pack_folder(self.name, self.folder)
        return load_domain(self.name)

    def setup(self, reference: str, data_path: Path | None) -> dict[str, Any]:
        """No scenario setup unless the business defines one."""
        raise ValueError(f"the {self.name} pack takes no scenario setup (got {reference!r})")

    def alternatives(
        self, call: ToolCaller, config: DomainConfig, intent: str, plan: ActionPlan, shown: str
    ) -> tuple[str, ...]:
        """A listing offers no alternatives to name instead."""
        return ()

    def other_parts(
        self, call: ToolCaller, config: DomainConfig, user_id: str | None, listed: Sequence[str]
    ) -> tuple[tuple[str, ...], ...]:
        """A request names no parts of other targets."""
        return ()

    def listed_parts(
        self, call: ToolCaller, user_id: str | None, listed: Sequence[str]
    ) -> set[str]:
        """A listed target has no named parts."""
        return set()

    def described_targets(
        self, call: ToolCaller, config: DomainConfig, user_id: str | None, text: str, exclude: Any
    ) -> list[str]:
        """No target is described by its parts."""
        return []

    def option_values_named(
        self, call: ToolCaller, config: DomainConfig, utterances: Sequence[str], text: str
    ) -> list[str]:
        """The business's products have no options."""
        return []


class UnknownDomain(LookupError):
    """No installed business pack has this name."""


def installed_businesses() -> tuple[str, ...]:
    """The names of the businesses this installation can load, sorted.

    The packs under ``keel/domain/`` (a folder with an ``intents.yaml`` and an
    ``__init__.py``) and those that installed packages add through ``keel.domains``.
    """
    local = {
        p.name
        for p in DOMAIN_ROOT.iterdir()
        if (p / "intents.yaml").is_file() and (p / "__init__.py").is_file()
    }
    return tuple(sorted(local | {p.name for p in entry_points(group="keel.domains")}))


@lru_cache(maxsize=8)
def load_pack(name: str) -> DomainPack:
    """The pack of business ``name``: a ``keel.domains`` entry point, else ``keel.domain.<name>``.

    This is the composition root's one lookup: the engine holds no list of businesses.
    """
    points = [p for p in entry_points(group="keel.domains") if p.name == name]
    if points:
        pack = points[0].load()
    else:
        try:
            module = importlib.import_module(f"keel.domain.{name}")
        except ModuleNotFoundError as error:
            raise UnknownDomain(f"no business pack named {name!r}") from error
        pack = getattr(module, "PACK", None)
    if not isinstance(pack, DomainPack):
        raise UnknownDomain(f"{name!r} does not expose a DomainPack as PACK")
    register_pack_folder(name, pack.folder)
    return pack
