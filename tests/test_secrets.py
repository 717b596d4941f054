"""Secrets a customer types (keel.safety.secrets): a PIN is used, never kept.

The vault's own rules (handles expire, are bounded in number, reveal nothing once gone),
then whole conversations with the demo bank whose PIN and CVV slots are declared
``secret``: after each, no file Keel wrote (the business database with its audit trail,
calibration records and receipts, and the SQLite checkpoints) holds the digits the
customer typed, the stored message shows them masked, and the change was made. A handle
that expired before the yes runs nothing and the customer is asked again.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from keel.api import Keel
from keel.domain.bank import store
from keel.domain.pack import load_pack
from keel.persistence.db import get_engine, sqlite_url
from keel.safety import secrets
from keel.safety.secrets import (
    MASK,
    SecretExpired,
    SecretVault,
    is_handle,
    mask,
    reveal,
    reveal_args,
)
from keel.state.context import Context

RAFA_CARD = "dbc_4f8838da93_blue"
TOMASZ_CARD = "dbc_e57a8d31c7_blue"
RAFA = "My email is rafa.quintanilla@icloud.com and my phone is 916-555-0124."
TOMASZ = "My email is t.wielgus.home@fastmail.com and I was born on July 9, 1979."


# -- the vault ----------------------------------------------------------------------------------


def test_a_handle_reveals_its_value_until_it_expires() -> None:
    vault = SecretVault()
    kept = vault.seal("4829", ttl_seconds=60)
    gone = vault.seal("4829", ttl_seconds=0)
    assert is_handle(kept) and "4829" not in kept and kept != gone
    assert vault.reveal(kept) == "4829"
    assert vault.reveal(gone) is None
    vault.forget(kept)
    assert vault.reveal(kept) is None


def test_the_vault_keeps_a_bounded_number_of_secrets() -> None:
    vault = SecretVault(capacity=3)
    handles = [vault.seal(f"{n:04d}", ttl_seconds=60) for n in range(5)]
    assert [vault.reveal(h) for h in handles] == [None, None, "0002", "0003", "0004"]


def test_a_tools_arguments_are_revealed_and_an_expired_handle_refused() -> None:
    handle = secrets.seal("2580", ttl_seconds=60)
    assert reveal_args({"card_id": "c1", "new_pin": handle}) == {"card_id": "c1", "new_pin": "2580"}
    with pytest.raises(SecretExpired, match="new_pin"):
        reveal_args({"new_pin": secrets.seal("2580", ttl_seconds=0)})
    assert reveal("1357") == "1357" and reveal(None) is None and reveal("") is None


def test_masking_writes_over_every_occurrence() -> None:
    assert mask("from 1357 to 2468, yes 2468", ["2468", "1357"]) == (
        f"from {MASK * 4} to {MASK * 4}, yes {MASK * 4}"
    )
    assert mask("nothing here", []) == "nothing here"


# -- through the graph --------------------------------------------------------------------------


@pytest.fixture
def context(tmp_path: Path) -> Iterator[Context]:
    url = sqlite_url(tmp_path / "bank.db")
    store.prepare(url)
    yield Context(domain="bank", database_url=url)
    get_engine(url).dispose()


def card(context: Context, card_id: str) -> dict[str, Any]:
    return load_pack("bank").export_state(context.database_url)["debit_cards"][card_id]


def stored_bytes(folder: Path) -> bytes:
    """Every file Keel wrote under ``folder`` (databases, their journals, checkpoints)."""
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


def holds(data: bytes, secret: str) -> bool:
    """True when ``data`` holds ``secret`` as a value of its own.

    The digits of a PIN also turn up by chance inside the random hex of checkpoint and run
    ids and the microseconds of timestamps ("…:31.573159"): a value is the digits with no
    hex digit on either side (a JSON string, a msgpack string after its length byte, a
    word of a message), which is how a kept PIN would be written.
    """
    pattern = rb"(?<![0-9A-Fa-f])" + re.escape(secret.encode()) + rb"(?![0-9A-Fa-f])"
    return re.search(pattern, data) is not None


def human_texts(agent: Keel, session: str) -> list[str]:
    values = agent.graph.get_state(agent._config(session)).values
    return [str(m.content) for m in values["messages"] if m.type == "human"]


def test_a_pin_change_is_made_and_no_file_keeps_either_pin(
    context: Context, tmp_path: Path
) -> None:
    old, new = "7315", "6842"
    assert not holds(stored_bytes(tmp_path), old)
    assert not holds(stored_bytes(tmp_path), new)
    checkpoints = f"sqlite:///{tmp_path / 'checkpoints.sqlite'}"
    with Keel.open(context, checkpoints) as agent:
        listed = agent.send("s", f"Please change my debit card PIN from {old} to {new}. {RAFA}")
        assert listed.awaiting == "confirmation"
        assert new not in listed.reply and old not in listed.reply
        done = agent.send("s", "yes")
        assert card(context, RAFA_CARD)["pin_last_changed"] == "11/14/2025"
        assert new not in done.reply
        said = human_texts(agent, "s")
        assert f"from {MASK * 4} to {MASK * 4}" in said[0]
        assert not any(old in text or new in text for text in said)
    get_engine(context.database_url).dispose()
    kept = stored_bytes(tmp_path)
    assert not holds(kept, old) and not holds(kept, new)


def test_a_pin_and_cvv_answered_alone_are_sealed_too(context: Context, tmp_path: Path) -> None:
    agent = Keel(context)
    agent.send("s", f"I forgot my debit card PIN, can you reset it? {TOMASZ}")
    agent.send("s", "5093")
    listed = agent.send("s", "6842")  # a bare answer to "choose a new PIN"
    assert listed.awaiting == "confirmation"
    agent.send("s", "yes")
    assert card(context, TOMASZ_CARD)["pin_last_changed"] == "11/14/2025"
    assert "6842" not in " ".join(human_texts(agent, "s"))
    get_engine(context.database_url).dispose()
    assert not holds(stored_bytes(tmp_path), "6842")


def test_a_pin_said_too_long_ago_is_asked_for_again_and_nothing_changes(
    context: Context,
) -> None:
    agent = Keel(replace(context, secret_ttl_seconds=0.0))
    asked = agent.send("s", f"Please change my debit card PIN from 7315 to 6842. {RAFA}")
    assert asked.awaiting == "clarification" and "PIN" in asked.reply
    assert "pin_last_changed" not in card(context, RAFA_CARD)


def test_a_yes_after_the_pin_expired_writes_nothing_and_asks_again(context: Context) -> None:
    agent = Keel(context)
    listed = agent.send("s", f"Please change my debit card PIN from 7315 to 6842. {RAFA}")
    assert listed.awaiting == "confirmation"
    kept, secrets.VAULT = secrets.VAULT, SecretVault()  # as if the handles had expired
    try:
        asked = agent.send("s", "yes")
    finally:
        secrets.VAULT = kept
    assert asked.awaiting == "clarification" and "nothing has been changed" in asked.reply
    assert "pin_last_changed" not in card(context, RAFA_CARD)
    agent.send("s", "7315")
    listed = agent.send("s", "6842")
    assert listed.awaiting == "confirmation"
    agent.send("s", "yes")
    assert card(context, RAFA_CARD)["pin_last_changed"] == "11/14/2025"
