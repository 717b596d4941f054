"""Write receipts: a confirmed write runs once, whatever replays its call.

A write's idempotency key is derived from the session, the message that confirmed it,
the tool and its arguments. If the same write comes through again with that key (a run
resumed after a crash replays its last node), the stored result is returned and the
tool is not run a second time. A new confirmation is a new message, hence a new key.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, cast

from sqlalchemy import Table, insert, select
from sqlalchemy.exc import IntegrityError

from keel.persistence.db import get_engine
from keel.persistence.models import WriteReceipt

RECEIPTS = cast(Table, WriteReceipt.__table__)


def idempotency_key(session: str, confirmation: str, tool: str, args: Mapping[str, Any]) -> str:
    """SHA-256 of who confirmed what: session, confirming message, tool and arguments."""
    text = json.dumps([session, confirmation, tool, args], sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class WriteReceipts:
    """Receipts of confirmed writes in the business database."""

    def __init__(self, database_url: str) -> None:
        self.engine = get_engine(database_url)

    def get(self, key: str) -> dict[str, Any] | None:
        """The result stored for ``key``, if that write already ran."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(RECEIPTS.c.result).where(RECEIPTS.c.idempotency_key == key)
            ).first()
        return None if row is None else dict(row.result)

    def put(self, key: str, tool: str, result: dict[str, Any]) -> None:
        """Store the result of the write ``key`` (the first one stored stays)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(RECEIPTS).values(idempotency_key=key, tool_name=tool, result=result)
                )
        except IntegrityError:
            pass  # already stored: the write had run
