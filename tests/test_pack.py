"""The engine finds a business through the pack interface, by the name the context gives."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from keel.domain import pack as pack_module
from keel.domain.pack import DomainPack, UnknownDomain, load_pack


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
