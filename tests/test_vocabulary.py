"""The engine knows no business: a scan of the engine's folders for each pack's vocabulary.

A pack's own vocabulary is what its protocol declares (`DomainConfig`): its intent names,
its tool names, its slot names and its products' names, less the conventions the engine
shares with every pack (the small-talk, handoff and knowledge intents) and the slots every
business has (an address, an email, an amount …). A hit is a word of a pack's written in
an engine module.

Rho Bank joined as a package: the engine holds none of its words. The store was welded
into the engine before there were packs, and what is left of it is listed below, file by
file (issue 25, part 4). The list only shrinks: a new hit fails, and so does an entry no
longer found (take it off the list when its word leaves the engine).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from keel.domain.config import DomainConfig, load_domain
from keel.domain.pack import installed_businesses, load_pack
from keel.safety import patterns as rx

ROOT = Path(__file__).resolve().parents[1]
ENGINE = (
    "graph",
    "nodes",
    "state",
    "tools",
    "understanding",
    "planning",
    "calibration",
    "querying",
    "safety",
    "persistence",
    "llm",
)
# Intents and tools the engine itself defines the meaning of, for every business.
CONVENTIONS = {
    "greeting",
    "thanks",
    "goodbye",
    "complaint",
    "request_human",
    "authenticate",
    "out_of_scope",
    "search_knowledge_base",
}
# Slots every business has, which the engine's own extractors read.
GENERIC_SLOTS = {
    "address",
    "email",
    "amount",
    "user_id",
    "reason",
    "zip",
    "full_name",
    "first_name",
    "last_name",
    "phone_number",
    "date_of_birth",
    "product",
    "yes_no",
}
# What of the store is still in the engine: word -> the engine files that hold it.
KNOWN: dict[str, dict[str, set[str]]] = {
    "retail": {
        "order_id": {
            "nodes/act.py",
            "nodes/decide.py",
            "nodes/intake.py",
            "nodes/tracking.py",
            "understanding/confirmation.py",
            "understanding/model.py",
            "understanding/offline.py",
        },
    },
}


def vocabulary(domain: str) -> set[str]:
    """The words of ``domain``'s own that the engine should never hold."""
    config = load_pack(domain).config
    tools = {spec.tool for spec in config.intents.values() if spec.tool}
    products = set(config.lexicon_products)
    words = set(config.intents) | tools | set(config.slots) | products
    return words - CONVENTIONS - GENERIC_SLOTS


@cache
def engine_sources() -> dict[str, str]:
    """Every engine module's text, by its path from the repository root."""
    return {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for folder in ENGINE
        for path in sorted((ROOT / folder).rglob("*.py"))
    }


def hits(words: set[str]) -> dict[str, set[str]]:
    """word -> the engine files that write it as a word of its own."""
    found: dict[str, set[str]] = {}
    for word in sorted(words):
        pattern = rx.compile(rf"(?<![A-Za-z0-9_]){rx.escape(word)}(?![A-Za-z0-9_])")
        for path, text in engine_sources().items():
            if pattern.search(text):
                found.setdefault(word, set()).add(path)
    return found


def test_the_scan_reads_the_engine_and_finds_a_planted_word() -> None:
    assert len(engine_sources()) > 50
    planted = hits({"turn_decision", "no_such_word_anywhere"})
    assert "nodes/decide.py" in planted["turn_decision"]
    assert "no_such_word_anywhere" not in planted


@pytest.mark.parametrize("domain", sorted(installed_businesses()))
def test_no_pack_word_enters_the_engine(domain: str) -> None:
    words = vocabulary(domain)
    assert len(words) > 20  # the pack's vocabulary was read
    found = hits(words)
    known = KNOWN.get(domain, {})
    new = {w: files - known.get(w, set()) for w, files in found.items()}
    new = {w: files for w, files in new.items() if files}
    assert not new, f"{domain} words in engine modules: {new}"
    stale = {w: files - found.get(w, set()) for w, files in known.items()}
    stale = {w: files for w, files in stale.items() if files}
    assert not stale, f"no longer in the engine, take them off KNOWN: {stale}"


def test_the_pack_names_the_slots_of_the_engine_s_roles() -> None:
    """The engine asks for a slot by the part it plays; the store's play them, the bank's none."""
    retail = load_domain("retail")
    assert retail.slot_of("parts") == "item_ids"
    assert retail.slot_of("replacement") == "new_item_ids"
    assert retail.slot_of("payment") == "payment_method_id"
    bank = load_domain("bank")
    assert bank.slot_roles == {}
    assert all(bank.slot_of(role) is None for role in ("parts", "replacement", "payment"))


def test_two_slots_may_not_play_one_role() -> None:
    retail = load_domain("retail")
    slots = {name: spec.model_dump(exclude_defaults=True) for name, spec in retail.slots.items()}
    slots["refund_method"] = {**slots["payment_method_id"]}
    raw = retail.model_dump()
    with pytest.raises(ValueError, match="both play the role 'payment'"):
        DomainConfig.model_validate({**raw, "slots": slots})
