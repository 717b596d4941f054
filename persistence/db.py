"""Engine and session factories for the business database (SQLite or any SQLAlchemy URL)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from sqlalchemy import Engine, MetaData, create_engine, event, inspect, make_url, text
from sqlalchemy.orm import Session, sessionmaker

from keel.persistence.models import Base


def sqlite_url(path: Path) -> str:
    """Return the SQLAlchemy URL of a SQLite file, creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def _make_sqlite_folder(url: str) -> None:
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).parent.mkdir(parents=True, exist_ok=True)


def _enable_sqlite_pragmas(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()


@lru_cache(maxsize=16)
def get_engine(url: str) -> Engine:
    """Return the (cached) engine for ``url`` with the schema created."""
    if url.startswith("sqlite"):
        _make_sqlite_folder(url)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        if ":memory:" not in url:
            _enable_sqlite_pragmas(engine)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    Base.metadata.create_all(engine)
    add_missing_columns(engine, Base.metadata)
    return engine


def create_tables(url: str, metadata: MetaData) -> Engine:
    """The engine of ``url`` with a business's tables (``metadata``) created beside Keel's."""
    engine = get_engine(url)
    metadata.create_all(engine)
    add_missing_columns(engine, metadata)
    return engine


def add_missing_columns(engine: Engine, metadata: MetaData) -> list[str]:
    """Add the nullable columns a store made by an earlier version lacks (``table.column``).

    ``create_all`` makes missing tables, never missing columns: a data folder kept from
    before a column was added (the orders' dates) would fail every read of its table.
    Only nullable columns are added, so no existing row needs a value.
    """
    inspector = inspect(engine)
    added: list[str] = []
    with engine.begin() as connection:
        for table in metadata.sorted_tables:
            if not inspector.has_table(table.name):
                continue
            present = {c["name"] for c in inspector.get_columns(table.name)}
            for column in table.columns:
                if column.name in present or not column.nullable:
                    continue
                kind = column.type.compile(dialect=engine.dialect)
                connection.execute(
                    text(f'ALTER TABLE "{table.name}" ADD COLUMN "{column.name}" {kind}')
                )
                added.append(f"{table.name}.{column.name}")
    return added


@lru_cache(maxsize=16)
def _session_factory(url: str) -> sessionmaker[Session]:
    return sessionmaker(bind=get_engine(url), expire_on_commit=False)


@contextmanager
def session_scope(url: str) -> Iterator[Session]:
    """Open a session that commits on success and rolls back on error."""
    session = _session_factory(url)()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


def reset_schema(url: str, metadata: MetaData) -> None:
    """Drop and recreate a business's tables and Keel's (used by importers and test fixtures)."""
    engine = get_engine(url)
    for tables in (metadata, Base.metadata):
        tables.drop_all(engine)
        tables.create_all(engine)
