"""The engine finds a business through the pack interface, by the name the context gives."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from keel.domain import pack as pack_module
from keel.domain.pack import (
    ENGINE_REPLIES,
    OPTIONAL_REPLIES,
    DomainPack,
    UnknownDomain,
    installed_businesses,
    load_pack,
    missing_replies,
)
from keel.safety import patterns as rx


@pytest.fixture(autouse=True)
def _fresh_lookup() -> Any:
    load_pack.cache_clear()
    yield
    load_pack.cache_clear()


def test_the_retail_pack_is_found_by_name_and_speaks_the_protocol() -> None:
    retail = load_pack("retail")
    assert isinstance(retail, DomainPack)
    assert retail.name == "retail" == retail.config.name
    assert set(retail.part_intents) <= set(retail.config.intents)


def test_an_unknown_business_is_a_clear_error() -> None:
    with pytest.raises(UnknownDomain, match="no business pack named 'bakery'"):
        load_pack("bakery")


def test_an_installed_package_can_add_a_business_through_an_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    retail = load_pack("retail")
    load_pack.cache_clear()
    point = SimpleNamespace(name="bakery", load=lambda: retail)
    monkeypatch.setattr(pack_module, "entry_points", lambda group: [point])
    assert load_pack("bakery") is retail


def test_an_entry_point_that_is_no_pack_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    point = SimpleNamespace(name="bakery", load=lambda: object())
    monkeypatch.setattr(pack_module, "entry_points", lambda group: [point])
    with pytest.raises(UnknownDomain, match="does not expose a DomainPack"):
        load_pack("bakery")


@pytest.mark.parametrize("name", installed_businesses())
def test_every_business_words_every_reply_the_engine_says(name: str) -> None:
    assert missing_replies(load_pack(name).config) == []


def test_a_business_without_a_reply_the_engine_says_is_told_which() -> None:
    config = load_pack("bank").config
    replies = {
        k: v for k, v in config.replies.items() if k not in ("auth.failed", "secret.expired")
    }
    assert missing_replies(config.model_copy(update={"replies": replies})) == [
        "auth.failed",
        "secret.expired",  # the bank has secret slots (its PINs)
    ]


# A reply key written in the engine: "auth.ok", "confirm.unclear", "safe_reply" …
ENGINE_KEY = rx.compile(
    r"\"((?:greeting|thanks|goodbye|fallback|safe_reply|abandoned|declined|already_verified)"
    r"(?:\.[a-z_]+)?|(?:confirm|agenda|auth|handoff|reject|task|ask|secret|affirmed)\.[a-z_]+)\""
)


def test_every_reply_the_engine_names_is_in_the_protocol() -> None:
    """The list a pack author reads (``ENGINE_REPLIES``) cannot fall behind the engine."""
    root = Path(__file__).resolve().parents[1]
    named = {
        m.group(1)
        for folder in ("graph", "nodes")
        for path in (root / folder).rglob("*.py")
        for m in ENGINE_KEY.finditer(path.read_text(encoding="utf-8"))
    }
    assert len(named) > 30  # the scan reads the nodes
    assert named - set(ENGINE_REPLIES) - set(OPTIONAL_REPLIES) == set()
