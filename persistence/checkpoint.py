"""Checkpointer factory: a SQLite file under the data directory, or Postgres when configured."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.sqlite import SqliteSaver


def sqlite_checkpointer(path: Path) -> SqliteSaver:
    """Return a SQLite checkpointer on ``path`` (usable from LangGraph's worker thread)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(str(path), check_same_thread=False)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    saver = SqliteSaver(connection)
    saver.setup()
    return saver


@contextmanager
def postgres_checkpointer(url: str) -> Iterator[BaseCheckpointSaver[str]]:
    """Yield a Postgres checkpointer (``postgresql://`` URL; autocommit as LangGraph needs)."""
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg import Connection
    from psycopg.rows import dict_row

    url = url.replace("postgresql+psycopg://", "postgresql://")
    with Connection.connect(
        url, autocommit=True, prepare_threshold=0, row_factory=dict_row
    ) as conn:
        saver = PostgresSaver(conn)
        saver.setup()
        yield saver


def open_checkpointer(
    url: str | None, data_dir: Path
) -> AbstractContextManager[BaseCheckpointSaver[str]]:
    """Open the configured checkpointer: ``memory``, a Postgres URL, or SQLite (default)."""
    if url == "memory":
        return _just(InMemorySaver())
    if url and url.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        return postgres_checkpointer(url)
    path = Path(url.removeprefix("sqlite:///")) if url else data_dir / "checkpoints.sqlite"
    return _just(sqlite_checkpointer(path))


@contextmanager
def _just(saver: BaseCheckpointSaver[str]) -> Iterator[BaseCheckpointSaver[str]]:
    yield saver
