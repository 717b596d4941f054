"""Duplicate-call detection: a repeated read is served from a cache, not run again.

The key is the SHA-256 of the tool name and its canonicalised arguments (keys sorted,
empty values dropped, strings trimmed), so ``{"ticket_id": "T1 ", "x": None}`` and
``{"ticket_id": "T1"}`` are one call. An entry lives for its tool's TTL (5 minutes by
default). Writes are never cached; a successful write invalidates every cached read
that shares one of its argument values (a cancelled order's status is read afresh).

Two backends with one interface: a SQL table (``tool_call_cache``, the default, in the
business database) and Redis (when a Redis URL is configured).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, cast

from sqlalchemy import Connection, Table, delete, insert, select

from keel.persistence.db import get_engine
from keel.persistence.models import ToolCallCacheEntry, utcnow

DEFAULT_TTL_SECONDS = 300.0
CACHE = cast(Table, ToolCallCacheEntry.__table__)
Clock = Callable[[], datetime]


def canonical_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """Arguments in canonical form: empty values dropped, strings trimmed, nested sorted."""

    def norm(value: Any) -> Any:
        if isinstance(value, str):
            return value.strip()
        if isinstance(value, Mapping):
            return {str(k): norm(v) for k, v in sorted(value.items()) if not _empty(v)}
        if isinstance(value, list | tuple):
            return [norm(v) for v in value]
        return value

    return {str(k): norm(v) for k, v in sorted(args.items()) if not _empty(v)}


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def call_hash(tool: str, args: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of the tool name and its canonicalised arguments."""
    text = json.dumps(
        {"tool": tool, "args": canonical_args(args)},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def tags_of(args: Mapping[str, Any]) -> list[str]:
    """The scalar argument values a cached read can be invalidated by (``name=value``)."""
    tags: set[str] = set()
    for name, value in canonical_args(args).items():
        values = value if isinstance(value, list) else [value]
        tags.update(f"{name}={v}" for v in values if isinstance(v, str | int | float))
    return sorted(tags)


class CallCache(Protocol):
    """Storage of cached read results."""

    def get(self, key: str) -> dict[str, Any] | None:
        """The unexpired result stored under ``key``, if any."""

    def put(
        self, key: str, tool: str, result: dict[str, Any], ttl_seconds: float, tags: list[str]
    ) -> None:
        """Store ``result`` under ``key`` for ``ttl_seconds``."""

    def invalidate(self, tags: Iterable[str]) -> int:
        """Drop every entry carrying one of ``tags``; return how many were dropped."""


class SqlCallCache:
    """The cache as a SQL table in the business database (safe across processes)."""

    def __init__(self, database_url: str, clock: Clock = utcnow) -> None:
        self.database_url = database_url
        self.engine = get_engine(database_url)
        self.clock = clock

    def get(self, key: str) -> dict[str, Any] | None:
        """The unexpired result stored under ``key``, if any (an expired one is removed)."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(CACHE.c.cached_result, CACHE.c.expires_at).where(CACHE.c.call_hash == key)
            ).first()
        if row is None:
            return None
        if _aware(row.expires_at) <= self.clock():
            with self.engine.begin() as connection:
                connection.execute(delete(CACHE).where(CACHE.c.call_hash == key))
            return None
        return dict(row.cached_result)

    def put(
        self, key: str, tool: str, result: dict[str, Any], ttl_seconds: float, tags: list[str]
    ) -> None:
        """Store (or replace) the result under ``key``."""
        now = self.clock()
        row = {
            "call_hash": key,
            "tool_name": tool,
            "tags": "|" + "".join(f"{t}|" for t in tags),
            "cached_result": result,
            "created_at": now,
            "expires_at": now + timedelta(seconds=ttl_seconds),
        }
        with self.engine.begin() as connection:
            upsert = _upsert(connection, row)
            if upsert is None:  # another database: replace in two statements
                connection.execute(delete(CACHE).where(CACHE.c.call_hash == key))
                upsert = insert(CACHE).values(row)
            connection.execute(upsert)

    def invalidate(self, tags: Iterable[str]) -> int:
        """Drop every entry carrying one of ``tags``."""
        dropped = 0
        with self.engine.begin() as connection:
            for tag in set(tags):
                result = connection.execute(
                    delete(CACHE).where(CACHE.c.tags.contains(f"|{tag}|", autoescape=True))
                )
                dropped += int(result.rowcount or 0)
        return dropped

    def purge_expired(self) -> int:
        """Delete expired entries (``get`` skips them anyway); return how many."""
        with self.engine.begin() as connection:
            result = connection.execute(delete(CACHE).where(CACHE.c.expires_at <= self.clock()))
            return int(result.rowcount or 0)


class RedisCallCache:
    """The cache in Redis: one key per call with Redis's own expiry, one set per tag."""

    def __init__(self, url: str, prefix: str = "keel:calls:") -> None:
        import redis

        self.client = redis.Redis.from_url(url, socket_timeout=2.0)
        self.prefix = prefix

    def get(self, key: str) -> dict[str, Any] | None:
        """The unexpired result stored under ``key``, if any."""
        raw = self.client.get(self.prefix + key)
        return None if raw is None else dict(json.loads(raw))

    def put(
        self, key: str, tool: str, result: dict[str, Any], ttl_seconds: float, tags: list[str]
    ) -> None:
        """Store the result under ``key`` with Redis expiry; index it under its tags."""
        ttl = max(1, round(ttl_seconds * 1000))
        pipe = self.client.pipeline()
        pipe.set(self.prefix + key, json.dumps(result, default=str), px=ttl)
        for tag in tags:
            pipe.sadd(f"{self.prefix}tag:{tag}", key)
            pipe.pexpire(f"{self.prefix}tag:{tag}", ttl, gt=True)
            pipe.pexpire(f"{self.prefix}tag:{tag}", ttl, nx=True)
        pipe.execute()

    def invalidate(self, tags: Iterable[str]) -> int:
        """Drop every entry indexed under one of ``tags``."""
        dropped = 0
        for tag in set(tags):
            members = self.client.smembers(f"{self.prefix}tag:{tag}")
            keys = [self.prefix + m.decode() for m in members]  # type: ignore[union-attr]
            if keys:
                dropped += int(self.client.delete(*keys))
            self.client.delete(f"{self.prefix}tag:{tag}")
        return dropped


def _upsert(connection: Connection, row: dict[str, Any]) -> Any:
    """One statement storing ``row`` over the entry of the same call (None: no such form)."""
    changed = {k: v for k, v in row.items() if k != "call_hash"}
    if connection.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return (
            pg_insert(CACHE)
            .values(row)
            .on_conflict_do_update(index_elements=["call_hash"], set_=changed)
        )
    if connection.dialect.name == "sqlite":
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        return (
            sqlite_insert(CACHE)
            .values(row)
            .on_conflict_do_update(index_elements=["call_hash"], set_=changed)
        )
    return None


def _aware(moment: datetime) -> datetime:
    """SQLite gives datetimes back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def open_cache(database_url: str, redis_url: str | None = None) -> CallCache:
    """The configured cache: Redis when a URL is given, else the SQL table.

    In Redis the keys of each business database have their own prefix, so two stores
    sharing one Redis never answer each other's calls.
    """
    if not redis_url:
        return SqlCallCache(database_url)
    store = hashlib.sha256(database_url.encode("utf-8")).hexdigest()[:12]
    return RedisCallCache(redis_url, prefix=f"keel:calls:{store}:")
