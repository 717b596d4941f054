"""A business installed as its own package, outside ``keel/domain/``, found by entry point.

The package keeps its files (intents, slots, replies, guardrails, knowledge base) in its
own folder; the engine reads them from there. The test package here reuses Rho Bank's code
under another name and folder, with its own greeting, so every file read can be told apart.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from keel.api import Keel
from keel.domain import pack as pack_module
from keel.domain.config import DOMAIN_ROOT, load_domain, pack_folder
from keel.domain.pack import load_pack
from keel.nodes.common import guard_config, tool_registry
from keel.persistence.db import get_engine, sqlite_url
from keel.state.context import Context
from keel.tools.registry import ToolContext

PACKAGE = """
from keel.domain.bank import BankPack


class AcmeBank(BankPack):
    name = "acme"


PACK = AcmeBank()
"""


@pytest.fixture
def acme(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "site" / "acme_bank"
    shutil.copytree(DOMAIN_ROOT / "bank", folder, ignore=shutil.ignore_patterns("*.py", "*.json"))
    (folder / "__init__.py").write_text(PACKAGE, encoding="utf-8")
    intents = (folder / "intents.yaml").read_text(encoding="utf-8")
    (folder / "intents.yaml").write_text(intents.replace("name: bank", "name: acme", 1))
    replies = (folder / "replies.yaml").read_text(encoding="utf-8")
    greeting = "Hello! I'm Keel, Rho Bank's assistant."
    assert greeting in replies
    (folder / "replies.yaml").write_text(replies.replace(greeting, "Welcome to Acme Bank!"))
    monkeypatch.syspath_prepend(str(folder.parent))
    point = SimpleNamespace(name="acme", load=lambda: __import__("acme_bank").PACK)
    original = pack_module.entry_points
    monkeypatch.setattr(
        pack_module,
        "entry_points",
        lambda group: [point] if group == "keel.domains" else original(group=group),
    )
    caches = (load_pack, load_domain, tool_registry, guard_config)  # per name, per process
    for cache in caches:
        cache.cache_clear()
    yield folder
    for cache in caches:
        cache.cache_clear()
    sys.modules.pop("acme_bank", None)


def test_a_pack_outside_keel_keeps_its_files_in_its_own_folder(acme: Path) -> None:
    pack = load_pack("acme")
    assert pack.folder == acme.resolve()
    assert pack_folder("acme") == acme.resolve()
    assert not (DOMAIN_ROOT / "acme").exists()
    assert pack.config.name == "acme"
    assert "Acme Bank" in pack.config.replies["greeting"]["en"]


def test_the_engine_talks_for_a_pack_outside_keel(acme: Path, tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "acme.db")
    agent = Keel(Context(domain="acme", database_url=url))
    assert "Welcome to Acme Bank!" in agent.send("s", "hello").reply
    get_engine(url).dispose()


def test_the_knowledge_base_of_a_pack_outside_keel_is_its_own(acme: Path, tmp_path: Path) -> None:
    (acme / "kb" / "acme-only.en.md").write_text(
        "---\nid: acme-lanterns\ntitle: Storm lanterns\nlang: en\n---\n\n# Storm lanterns\n\n"
        "## Lending\n\nEvery Acme branch lends storm lanterns to customers during power "
        "cuts, free of charge.\n",
        encoding="utf-8",
    )
    assert load_pack("acme").folder == acme.resolve() == pack_folder("acme")
    search = tool_registry("acme").get("search_knowledge_base")
    ctx = ToolContext(database_url=sqlite_url(tmp_path / "kb.db"))
    found = search.run(ctx, {"query": "storm lanterns during power cuts", "lang": "en"})
    assert found["passages"] and "lantern" in found["passages"][0]["text"].lower()
