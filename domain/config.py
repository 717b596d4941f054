"""Domain configuration: the intent catalogue, slot schemas, reply templates and tool templates.

Adapting Keel to another business means writing these files for it (and its
tool functions); the graph does not change. Everything is validated with
pydantic when loaded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field, model_validator

from keel.safety import patterns as rx

DOMAIN_ROOT = Path(__file__).resolve().parent
# The folders of packs that live outside ``keel/domain/`` (an installed ``keel.domains``
# entry point), by business name; recorded by ``keel.domain.pack.load_pack``.
_PACK_FOLDERS: dict[str, Path] = {}


def register_pack_folder(name: str, folder: Path) -> None:
    """Record where business ``name`` keeps its configuration files (intents, replies, kb…)."""
    if _PACK_FOLDERS.get(name) != folder:
        _PACK_FOLDERS[name] = folder
        load_domain.cache_clear()


def pack_folder(name: str) -> Path:
    """The folder of business ``name``'s files: its own if registered, else keel/domain/<name>."""
    return _PACK_FOLDERS.get(name, DOMAIN_ROOT / name)


OUT_OF_SCOPE = "out_of_scope"  # training label of the rejection class, read as UNKNOWN
IntentKind = Literal["smalltalk", "auth", "read", "write", "knowledge", "handoff"]
# How a customer takes a request back or picks one by its verb (the engine's readers of
# customer text, ``understanding.extractors``, tell them apart; an intent says which apply).
TakeBack = Literal["cancel", "return", "exchange", "address", "change", "keep"]
# The part a slot plays in what the engine knows of requests about a target's parts: the
# parts a request is about, what replaces them, and the means a price difference is paid
# or refunded with (``SlotSpec.role``).
SlotRole = Literal["parts", "replacement", "payment"]


Direction = Literal["up", "down", "max", "min", "at_most"]


@dataclass(frozen=True)
class Relative:
    """Words that ask for an option relative to the current item ("bigger", "cheapest")."""

    words: tuple[str, ...]
    direction: Direction
    keys: tuple[str, ...]  # option keys it applies to, in order of preference; "price"


@dataclass(frozen=True)
class Lexicon:
    """Extra product names, option aliases, ordinal scales and relative words of a domain."""

    products: Mapping[str, Sequence[str]] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)
    option_keys: Mapping[str, Sequence[str]] = field(default_factory=dict)
    scales: Sequence[Sequence[str]] = ()
    relatives: Sequence[Relative] = ()
    units: Mapping[str, Sequence[str]] = field(default_factory=dict)


class SqlQuery(BaseModel):
    """One named statement of a template."""

    sql: str = Field(description="SELECT with :named parameters; :limit is bound automatically.")
    json_columns: list[str] = Field(default_factory=list, description="Columns holding JSON.")
    one: bool = Field(default=False, description="Return the first row (or None), not a list.")


class SqlTemplate(BaseModel):
    """A read tool made of one or more named queries."""

    description: str
    params: list[str] = Field(default_factory=list)
    alternatives: list[str] = Field(default_factory=list)
    queries: dict[str, SqlQuery]
    not_found_if_empty: str | None = Field(
        default=None, description="Query whose empty result means DATA_NOT_FOUND."
    )
    cache_ttl_seconds: float = Field(
        default=300.0, ge=0.0, description="How long a result answers the same call again."
    )


class VerifyCheck(BaseModel):
    """How to check that an argument's value exists (for the calibration verifier)."""

    exists: str = Field(description="SQL returning the row of :value, if it exists.")
    candidates: str | None = Field(
        default=None, description="SQL returning existing values LIKE :prefix (nearest ids)."
    )
    context: dict[str, str] = Field(
        default_factory=dict, description="Named SQL queries whose rows help a correction."
    )


class IntentSpec(BaseModel):
    """One intent of the closed catalogue."""

    name: str = Field(description="Identifier used in state, replies and audit.")
    kind: IntentKind = Field(description="How the graph settles the intent.")
    description: str = Field(description="What the user wants (shown to a model).")
    requires_auth: bool = Field(default=False, description="Needs an authenticated user.")
    slots: list[str] = Field(default_factory=list, description="Required slots, asked in order.")
    optional: list[str] = Field(default_factory=list, description="Slots used when given.")
    tool: str | None = Field(default=None, description="Tool that settles the intent.")
    policies: list[str] = Field(default_factory=list, description="Policy checks, in order.")
    digression: bool = Field(default=False, description="May interrupt a task and let it resume.")
    patterns: list[str] = Field(
        default_factory=list,
        description="Regexes a whole message may match to be this intent outright ('thx').",
    )
    cues: list[str] = Field(
        default_factory=list,
        description="Regexes that name this request anywhere in a message (high precision).",
    )
    threshold: float | None = Field(
        default=None,
        description="A stricter reject threshold for this intent (e.g. a complaint hands off).",
    )
    family: str | None = Field(
        default=None,
        description="Intents of one family pool their probability against the reject threshold.",
    )
    priority: int | None = Field(
        default=None,
        description="Which request wins when one message holds several (default: by kind).",
    )
    insist: int = Field(
        default=1,
        ge=1,
        le=10,
        description="A handoff request the conversation goes to a human at: the first time (1), "
        "or, for a business whose policy is to help first, the Nth time it is asked; before "
        "that the agent says it can help and goes on with the customer's request.",
    )
    runs_before: list[str] = Field(
        default_factory=list,
        description="Changes this one is taken up before when one message asks for both: an "
        "item change of a pending order closes it to address and payment changes.",
    )
    order_variant: str | None = Field(
        default=None,
        description="The intent this request becomes when the message points at an order "
        "('its address', 'this order's address'): the same change, for the order in focus.",
    )
    question_variant: str | None = Field(
        default=None,
        description="The look-up a question about this write's subject is ('is my default "
        "address still …?', '订单取消了吗？'): asking whether something is so asks for no change.",
    )
    topic: list[str] = Field(
        default_factory=list,
        description="Words of what a write changes (RE2): after a yes, a question using "
        "them is about the listed change ('will the new address delay it?'), not separate.",
    )
    actions: list[str] = Field(
        default_factory=list,
        description="Words naming a write's action (RE2, any language): a reply to its "
        "confirmation made only of them agrees by naming the listed change ('cancel it').",
    )
    taken_back_by: list[TakeBack] = Field(
        default_factory=list,
        description="The ways of taking a request back that take back this one ('don't "
        "cancel it': cancel; 'I'll keep it': keep; 'scratch the address change': address). "
        "'Don't do it' takes back any request.",
    )
    picked_by: list[str] = Field(
        default_factory=list,
        description="Words naming this task as the one to do now (RE2, any language): 'then "
        "do the exchange', 'can we do the account closure first?', '那就换货' (exchange, "
        "account closure, 换货). The engine reads them in its own phrasings.",
    )
    examples: dict[str, list[str]] = Field(description="Example utterances per language.")


class SlotSpec(BaseModel):
    """A slot: which typed extractor fills it and how it is asked for."""

    extractor: str = Field(description="Name of the typed extractor.")
    description: str = Field(description="What the value is (shown to a model).")
    pattern: str | None = Field(default=None, description="Regex a valid value matches.")
    choices: list[str] | None = Field(default=None, description="Accepted values, if closed.")
    identity: bool = Field(
        default=False,
        description="A detail that identifies the customer (kept apart from any task's slots "
        "and checked by the business's identity rules).",
    )
    secret: bool = Field(
        default=False,
        description="A secret the customer types (a PIN, a CVV): sealed when read, kept "
        "only as a short-lived handle, masked in the stored message, and revealed only to "
        "the tool call that needs it (keel.safety.secrets).",
    )
    role: SlotRole | None = Field(
        default=None,
        description="The part this slot plays in a request about parts of a target, which "
        "the engine reads and asks for by that part, not by the slot's name: 'parts' (which "
        "parts of the target the request is about, named in words: a store's order items), "
        "'replacement' (what replaces those parts, named in words: the new options wanted), "
        "'payment' (the means a price difference is paid or refunded with). At most one slot "
        "of a business plays each; a business whose requests have no such parts declares none.",
    )


class RelativeSpec(BaseModel):
    """Words asking for an option relative to the current item ("bigger", "cheapest")."""

    words: list[str] = Field(description="Phrases, any language.")
    direction: Literal["up", "down", "max", "min", "at_most"] = Field(
        description="up/down: than the current item; max/min: the extreme one."
    )
    keys: list[str] = Field(description="Option keys it applies to (first present wins); price.")


# "…send it to my default address", "改成我的默认地址": what follows names a value, no target
AS_DESTINATION = rx.compile(
    r"(?:\b(?:send|sent|ship|shipped|shipping|deliver|delivered|go|goes|going|mail|forward|"
    r"redirect|change|changed|update|updated|move|moved|switch)\b[^.;!?]{0,30}\bto)"
    r"\s*(?:\w+\s+){0,4}$|(?:改成|改到|改为|寄到|送到|换成)[^，。；！？\s]{0,4}$",
    rx.I,
)


# How a task is picked by name as the one to do now, around a business's words for it
# (``IntentSpec.picked_by``): "then do the exchange", "can we do the account closure
# first?", "let's go with the return", "那就换货", "换货吧".
PICK_EN = r"\b(?:do|go with|go for|take|prefer|choose|want|start with) the (?:\w+ ){0,2}?(?:%s)\b"
PICK_ZH = r"(?:那就|就|先)(?:%s)|(?:%s)吧"


@lru_cache(maxsize=256)
def _picking(words: tuple[str, ...]) -> rx.Pattern[str]:
    alternation = "|".join(f"(?:{w})" for w in words)
    return rx.compile(f"{PICK_EN % alternation}|{PICK_ZH % (alternation, alternation)}", rx.I)


def picks(text: str, words: Sequence[str]) -> bool:
    """True when ``text`` picks the task these words name as the one to do now."""
    return bool(words) and _picking(tuple(words)).search(text) is not None


def _whole_word(pattern: str) -> str:
    """``pattern`` as a whole word: bounded by non-letters in Latin text, as is in Chinese."""
    if rx.search(r"[\u4e00-\u9fff]", pattern):
        return pattern
    return rf"(?<![a-z0-9])(?:{pattern})(?![a-z0-9])"


class DomainConfig(BaseModel):
    """Everything that describes one business."""

    name: str
    description: str
    intents: dict[str, IntentSpec]
    slots: dict[str, SlotSpec]
    replies: dict[str, dict[str, str]]
    labels: dict[str, dict[str, dict[str, str]]] = Field(default_factory=dict)
    sql_tools: dict[str, SqlTemplate]
    verify_checks: dict[str, VerifyCheck] = Field(
        default_factory=dict,
        description="Per argument: how the calibration verifier checks that its value exists.",
    )
    lexicon_products: dict[str, list[str]] = Field(default_factory=dict)
    lexicon_options: dict[str, str] = Field(default_factory=dict)
    lexicon_option_keys: dict[str, list[str]] = Field(default_factory=dict)
    lexicon_scales: list[list[str]] = Field(default_factory=list)
    lexicon_units: dict[str, list[str]] = Field(default_factory=dict)
    lexicon_states: dict[str, str] = Field(
        default_factory=dict, description='State codes and their names ("the order to Texas").'
    )
    lexicon_places: dict[str, str] = Field(
        default_factory=dict, description='Place names in other languages ("纽约": New York).'
    )
    lexicon_relatives: list[RelativeSpec] = Field(default_factory=list)
    threshold: float = Field(default=0.6, description="Reject threshold of the offline classifier.")
    screen_threshold: float | None = Field(
        default=None,
        gt=0.0,
        le=1.0,
        description="Confidence at which the character n-gram screen settles a message without "
        "embedding it (None: every message is embedded).",
    )
    screen_min_words: float = Field(
        default=3, ge=1, description="Shortest message (in words) the screen may settle."
    )
    out_of_scope: dict[str, list[str]] = Field(
        default_factory=dict, description="Messages outside the business (a rejection class)."
    )
    plans: dict[str, list[dict[str, Any]]] = Field(
        default_factory=dict,
        description="Plan templates per intent (plans.yaml): the steps a task of that intent "
        "runs, each a tool with its argument bindings. An intent without one runs its own tool.",
    )
    corrected_args: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Per kind of value a correction at a confirmation changes: the arguments "
        "of a listed write that show it (a part the new listing leaves as before is named).",
    )

    @cached_property
    def yes_no_slots(self) -> tuple[str, ...]:
        """Slots asked as a yes/no question: a plain yes or no answers them."""
        return tuple(name for name, spec in self.slots.items() if spec.extractor == "yes_no")

    @cached_property
    def identity_slots(self) -> tuple[str, ...]:
        """The slots that identify the customer, in the order slots.yaml gives them."""
        return tuple(name for name, spec in self.slots.items() if spec.identity)

    @cached_property
    def slot_roles(self) -> dict[SlotRole, str]:
        """The slot that plays each role this business declares (``SlotSpec.role``)."""
        return {spec.role: name for name, spec in self.slots.items() if spec.role is not None}

    def slot_of(self, role: SlotRole) -> str | None:
        """The slot that plays ``role`` ('parts', 'replacement', 'payment'), if one does."""
        return self.slot_roles.get(role)

    @model_validator(mode="after")
    def _roles_are_single(self) -> DomainConfig:
        """No two slots play the same role."""
        seen: dict[str, str] = {}
        for name, spec in self.slots.items():
            if spec.role is not None and spec.role in seen:
                raise ValueError(
                    f"slots {seen[spec.role]} and {name} both play the role {spec.role!r}"
                )
            if spec.role is not None:
                seen[spec.role] = name
        return self

    @model_validator(mode="after")
    def _variants_are_intents(self) -> DomainConfig:
        """An intent's order and question variants name intents of the catalogue."""
        for spec in self.intents.values():
            for name in ("order_variant", "question_variant"):
                target = getattr(spec, name)
                if target is not None and target not in self.intents:
                    raise ValueError(f"intent {spec.name}: {name} {target!r} is not an intent")
        return self

    @cached_property
    def lexicon(self) -> Lexicon:
        """Product and option words, scales and relative words for the catalogue matcher."""
        return Lexicon(
            products=self.lexicon_products,
            options=self.lexicon_options,
            option_keys=self.lexicon_option_keys,
            scales=[tuple(s) for s in self.lexicon_scales],
            units=self.lexicon_units,
            relatives=[
                Relative(tuple(r.words), r.direction, tuple(r.keys)) for r in self.lexicon_relatives
            ],
        )

    def intent(self, name: str) -> IntentSpec:
        """Return the spec of intent ``name``."""
        return self.intents[name]

    def taken_back_by(self, name: str | None) -> tuple[str, ...]:
        """How a customer takes back a request of intent ``name`` (none for no intent)."""
        spec = self.intents.get(name or "")
        return tuple(spec.taken_back_by) if spec is not None else ()

    def chosen(self, text: str) -> str | None:
        """The intent a message picks by name as the one to do now ("then do the exchange")."""
        found = [
            n for n, spec in self.intents.items() if spec.picked_by and picks(text, spec.picked_by)
        ]
        return found[0] if len(found) == 1 else None

    @property
    def picked_words(self) -> tuple[str, ...]:
        """Every intent's words naming it as the one to do now."""
        return tuple(word for spec in self.intents.values() for word in spec.picked_by)

    def names_own_target(self, label: str, other: str, text: str) -> bool:
        """True when ``text`` names what ``label`` changes and ``other`` does not.

        "…correct all my order addresses and my account address": "account" is a topic word
        of the profile's address change that the order's address change lacks ("地址" is
        both's), so that part asks for the profile's change, not the order's again. A word
        naming where something goes ("send it to my default address") is a value, no target.
        """
        if label not in self.intents or other not in self.intents:
            return False
        theirs = {w for t in self.intents[other].topic for w in t.split("|")}
        own = [w for t in self.intents[label].topic for w in t.split("|") if w not in theirs]
        return any(
            not AS_DESTINATION.search(text[: m.start()])
            for w in own
            for m in rx.finditer(_whole_word(w), text, rx.I)
        )

    def training_data(self) -> tuple[list[str], list[str]]:
        """Return (texts, labels) of every example utterance, all languages."""
        texts: list[str] = []
        labels: list[str] = []
        for spec in self.intents.values():
            for examples in spec.examples.values():
                texts.extend(examples)
                labels.extend([spec.name] * len(examples))
        for examples in self.out_of_scope.values():
            texts.extend(examples)
            labels.extend([OUT_OF_SCOPE] * len(examples))
        return texts, labels


def _read(path: Path) -> dict[str, object]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path} must hold a mapping")
    return data


@lru_cache(maxsize=4)
def load_domain(name: str = "retail") -> DomainConfig:
    """Load and validate the configuration of domain ``name`` (cached)."""
    folder = pack_folder(name)
    intents = _read(folder / "intents.yaml")
    slots = _read(folder / "slots.yaml")
    replies = _read(folder / "replies.yaml")
    tools = _read(folder / "tools.yaml")
    lexicon = _read(folder / "lexicon.yaml")
    plans = _read(folder / "plans.yaml") if (folder / "plans.yaml").exists() else {}
    raw_intents = intents["intents"]
    assert isinstance(raw_intents, dict)
    return DomainConfig.model_validate(
        {
            "name": intents["name"],
            "description": intents["description"],
            "intents": {k: {"name": k, **v} for k, v in raw_intents.items()},
            "slots": slots["slots"],
            "replies": replies["replies"],
            "labels": replies.get("labels", {}),
            "sql_tools": tools["sql"],
            "verify_checks": tools.get("verify", {}),
            "lexicon_products": lexicon.get("products", {}),
            "lexicon_options": lexicon.get("options", {}),
            "lexicon_option_keys": lexicon.get("option_keys", {}),
            "lexicon_scales": lexicon.get("scales", []),
            "lexicon_units": lexicon.get("units", {}),
            "lexicon_states": lexicon.get("states", {}),
            "lexicon_places": lexicon.get("places", {}),
            "lexicon_relatives": lexicon.get("relatives", []),
            "out_of_scope": intents.get("out_of_scope", {}),
            "corrected_args": slots.get("corrected_args", {}),
            "plans": plans.get("plans", {}),
            "threshold": intents.get("threshold", 0.6),
            "screen_threshold": intents.get("screen_threshold"),
            "screen_min_words": intents.get("screen_min_words", 3),
        }
    )
