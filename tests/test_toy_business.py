"""A toy third business, Lantern Library, runs through the real graph: the protocol is enough.

The library (``tests/toy_library``) is neither a store nor a bank: members borrow books and
renew loans. It is written only against the engine's interfaces (``keel.domain.pack``,
``keel.domain.config``, ``keel.state``, ``keel.tools.registry`` …), installed as an outside
package through a ``keel.domains`` entry point for the length of each test, and driven
message by message through :class:`keel.api.Keel`. Every behaviour is read back from the
library's own tables and replies.
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from keel.api import Keel, TurnResult
from keel.domain import pack as pack_module
from keel.domain.config import _PACK_FOLDERS, DomainConfig, load_domain, pack_folder
from keel.domain.pack import DomainPack, installed_businesses, load_pack, missing_replies
from keel.nodes.common import guard_config, tool_registry
from keel.persistence.db import get_engine, sqlite_url
from keel.state.context import Context
from keel.tools.registry import ToolContext, ToolError

TESTS = Path(__file__).resolve().parent
TOY = TESTS / "toy_library"
NAME = "lantern"
ADA = "card LC-4839-2017, email ada.quill@example.org"  # member M1001: loans L301-L303
BEN = "card LC-5521-0098, email ben.okafor@example.org"  # member M1002: loan L401


@dataclass
class Library:
    """The agent of one test, talking to Lantern Library, and the library's database."""

    agent: Keel
    url: str
    pack: DomainPack
    session: str = "member"

    @property
    def config(self) -> DomainConfig:
        return self.pack.config

    def send(self, text: str) -> TurnResult:
        return self.agent.send(self.session, text)

    def reply(self, key: str, language: str = "en") -> str:
        return self.config.replies[key][language]

    def loans(self) -> dict[str, dict[str, Any]]:
        return self.pack.export_state(self.url)["lantern_loans"]


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Library]:
    """Lantern Library installed as an outside package, for this test only."""
    monkeypatch.syspath_prepend(str(TESTS))
    point = SimpleNamespace(name=NAME, load=lambda: importlib.import_module("toy_library").PACK)
    monkeypatch.setattr(
        pack_module,
        "entry_points",
        lambda group: [point] if group == "keel.domains" else entry_points(group=group),
    )
    caches = (load_pack, load_domain, tool_registry, guard_config)  # per name, per process
    for cache in caches:
        cache.cache_clear()
    url = sqlite_url(tmp_path / "lantern.db")
    yield Library(Keel(Context(domain=NAME, database_url=url)), url, load_pack(NAME))
    get_engine(url).dispose()
    for cache in caches:
        cache.cache_clear()
    _PACK_FOLDERS.pop(NAME, None)
    for module in [m for m in sys.modules if m == "toy_library" or m.startswith("toy_library.")]:
        sys.modules.pop(module)


def verified(library: Library, who: str = ADA) -> None:
    result = library.send(who)
    assert result.user_id is not None, result.reply


# -- the pack ------------------------------------------------------------------------------


def test_the_toy_is_a_pack_of_its_own_folder(library: Library) -> None:
    assert isinstance(library.pack, DomainPack)
    assert library.pack.folder == TOY.resolve() == pack_folder(NAME)
    assert library.config.name == NAME
    assert NAME in installed_businesses()
    assert {"renew_loan", "list_loans", "library_question"} <= set(library.config.intents)


def test_the_toy_words_every_reply_the_engine_says(library: Library) -> None:
    assert missing_replies(library.config) == []


def test_the_toy_uses_only_engine_interfaces() -> None:
    """No module of the toy imports a pack (bank or retail), nor an engine node or graph."""
    imported: set[str] = set()
    for path in TOY.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
    keel = {m for m in imported if m.split(".")[0] == "keel"}
    assert keel, "the scan read the toy's imports"
    assert not {m for m in keel if m.startswith(("keel.domain.bank", "keel.domain.retail"))}
    interfaces = ["domain.pack", "domain.config", "state", "tools", "understanding"]
    interfaces += ["safety", "persistence"]
    allowed = {
        m for m in keel if any(m == f"keel.{i}" or m.startswith(f"keel.{i}.") for i in interfaces)
    }
    assert allowed == keel, sorted(keel - allowed)


def test_the_toy_is_installed_only_inside_its_fixture() -> None:
    assert NAME not in installed_businesses()


def test_no_word_of_the_toy_enters_the_engine(library: Library) -> None:
    from test_vocabulary import hits, vocabulary  # the scan of tests/test_vocabulary.py

    words = vocabulary(NAME)
    assert {"renew_loan", "loan_id", "card_number", "get_member_loans"} <= words
    assert hits(words) == {}


# -- the conversation ----------------------------------------------------------------------


def test_the_greeting_is_the_toys_own(library: Library) -> None:
    assert library.send("hello").reply == library.reply("greeting")
    assert "Lantern Library" in library.reply("greeting")
    library.session = "zh"
    assert library.send("你好").reply == library.reply("greeting", "zh")


def test_an_unverified_member_is_asked_who_they_are_and_only_the_right_pair_opens(
    library: Library,
) -> None:
    before = library.loans()
    asked = library.send("I want to renew a book")
    assert asked.reply == library.reply("ask.identity")
    assert asked.user_id is None
    wrong_email = library.send("card LC-4839-2017, email ben.okafor@example.org")
    assert wrong_email.user_id is None
    assert wrong_email.reply == library.reply("auth.failed")
    wrong_card = library.send("card LC-5521-0098, email ada.quill@example.org")
    assert wrong_card.user_id is None
    assert wrong_card.reply == library.reply("auth.failed")
    right = library.send(ADA)
    assert right.user_id == "M1001"
    assert "Ada Quill" in right.reply
    assert "Which loan should I renew?" in right.reply  # the request waited for the identity
    assert library.loans() == before


def test_a_half_identity_asks_for_the_other_half(library: Library) -> None:
    partial = library.send("my library card is LC-5521-0098")
    assert partial.user_id is None
    assert "the email on your account" in partial.reply
    assert library.send("ben.okafor@example.org").user_id == "M1002"


def test_a_renewal_is_listed_first_and_written_once_after_the_yes(library: Library) -> None:
    verified(library)
    before = library.loans()
    assert before["L301"]["due_date"] == "2025-06-06" and before["L301"]["renewals"] == 0
    listed = library.send("please renew L301")
    assert listed.awaiting == "confirmation"
    assert "The Lighthouse Almanac" in listed.reply
    assert "2025-06-20" in listed.reply  # the new due date: two weeks on
    assert library.loans() == before  # nothing written before the yes
    done = library.send("yes")
    assert "2025-06-20" in done.reply
    after = library.loans()
    assert after["L301"] == {**before["L301"], "due_date": "2025-06-20", "renewals": 1}
    assert {k: v for k, v in after.items() if k != "L301"} == {
        k: v for k, v in before.items() if k != "L301"
    }
    library.send("yes")  # a yes said again is no second renewal
    assert library.loans() == after


def test_a_no_writes_nothing(library: Library) -> None:
    verified(library)
    before = library.loans()
    assert library.send("renew L301").awaiting == "confirmation"
    declined = library.send("no")
    assert declined.reply == library.reply("declined")
    assert declined.awaiting != "confirmation"
    assert library.loans() == before


def test_a_loan_renewed_twice_is_refused_with_the_reason(library: Library) -> None:
    verified(library)
    before = library.loans()
    assert before["L302"]["renewals"] == 2
    refused = library.send("can you renew L302?")
    assert refused.awaiting != "confirmation"
    assert "A Field Guide to Moths" in refused.reply
    assert "at most 2 times" in refused.reply
    assert library.loans() == before


def test_a_loan_overdue_by_more_than_thirty_days_is_refused(library: Library) -> None:
    verified(library)
    before = library.loans()
    refused = library.send("renew L303 please")
    assert refused.awaiting != "confirmation"
    assert "more than 30 days" in refused.reply and "2025-04-17" in refused.reply
    assert library.loans() == before


def test_a_member_cannot_renew_another_members_loan(library: Library) -> None:
    verified(library)  # Ada
    before = library.loans()
    assert before["L401"]["member_id"] == "M1002"
    refused = library.send("renew L401")
    assert refused.awaiting != "confirmation"
    assert "L401" in refused.reply and "Tides and Tallow" not in refused.reply
    assert library.send("yes").reply != library.reply("done.renew_loan")
    assert library.loans() == before


def test_the_renewal_tool_itself_refuses_another_members_loan(library: Library) -> None:
    library.pack.prepare(library.url)
    before = library.loans()
    renew = tool_registry(NAME).get("renew_loan")
    ctx = ToolContext(database_url=library.url)
    with pytest.raises(ToolError) as refused:
        renew.run(ctx, {"user_id": "M1001", "loan_id": "L401"})
    assert refused.value.kind == "PERMISSION_ERROR"
    with pytest.raises(ToolError) as too_many:
        renew.run(ctx, {"user_id": "M1001", "loan_id": "L302"})
    assert too_many.value.kind == "BUSINESS_ERROR"
    assert library.loans() == before
    assert renew.run(ctx, {"user_id": "M1002", "loan_id": "L401"})["due_date"] == "2025-06-18"


def test_the_loans_are_listed_from_the_table(library: Library) -> None:
    verified(library)
    loans = library.loans()
    listed = library.send("which books do I have out?")
    ada = {k: v for k, v in loans.items() if v["member_id"] == "M1001"}
    assert len(ada) == 3
    for loan_id, loan in ada.items():
        assert f'{loan_id} "{loan["title"]}" (due {loan["due_date"]})' in listed.reply
    assert loans["L401"]["title"] not in listed.reply  # Ben's loan is not Ada's to see


def test_a_renewal_shows_in_the_list_afterwards(library: Library) -> None:
    verified(library, BEN)
    library.send("renew my book")  # Ben has one loan: it is the one meant
    library.send("yes")
    assert library.loans()["L401"]["due_date"] == "2025-06-18"
    assert "(due 2025-06-18), renewed 2 time(s)" in library.send("what are my due dates").reply


def test_a_library_question_is_answered_from_the_toys_knowledge_base(library: Library) -> None:
    answer = library.send("what are your opening hours?")
    assert "Tuesday to Saturday from 9 am to 7 pm" in answer.reply
    assert "opening-hours.en.md" in answer.reply  # the source is the toy's one document
    assert answer.user_id is None  # a question about the library needs no identity
    late = library.send("do you charge late fees?")
    assert "no late fees" in late.reply
