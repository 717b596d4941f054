"""Duplicate-call cache: call hashing, TTL, write invalidation, SQL and Redis backends."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from keel.calibration.cache import (
    CallCache,
    RedisCallCache,
    SqlCallCache,
    call_hash,
    canonical_args,
    open_cache,
    tags_of,
)
from keel.persistence.db import sqlite_url

REDIS_URL = os.environ.get("KEEL_TEST_REDIS_URL")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_the_hash_ignores_key_order_blanks_and_padding() -> None:
    a = call_hash("get_order", {"order_id": "#W1", "user_id": "u1"})
    assert a == call_hash("get_order", {"user_id": "u1 ", "order_id": "#W1", "note": None})
    assert a == call_hash("get_order", {"order_id": "#W1", "user_id": "u1", "items": []})
    assert len(a) == 64 and int(a, 16) >= 0
    assert a != call_hash("get_order", {"order_id": "#W2", "user_id": "u1"})
    assert a != call_hash("track_order", {"order_id": "#W1", "user_id": "u1"})
    assert call_hash("t", {"ids": ["a", "b"]}) != call_hash("t", {"ids": ["b", "a"]})
    assert canonical_args({"b": {"y": 1, "x": ""}, "a": " s "}) == {"a": "s", "b": {"y": 1}}


def test_tags_are_the_scalar_values_of_the_arguments() -> None:
    assert tags_of({"order_id": "#W1", "item_ids": ["i1", "i2"], "opts": {"a": 1}}) == [
        "item_ids=i1",
        "item_ids=i2",
        "order_id=#W1",
    ]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def sql_cache(tmp_path: Path, clock: Clock) -> SqlCallCache:
    return SqlCallCache(sqlite_url(tmp_path / "cache.db"), clock=clock)


def test_a_cached_result_is_served_until_it_expires(sql_cache: SqlCallCache, clock: Clock) -> None:
    key = call_hash("get_order", {"order_id": "#W1"})
    assert sql_cache.get(key) is None
    sql_cache.put(key, "get_order", {"status": "pending"}, 300, ["order_id=#W1"])
    clock.now += timedelta(seconds=299)
    assert sql_cache.get(key) == {"status": "pending"}
    clock.now += timedelta(seconds=2)
    assert sql_cache.get(key) is None
    sql_cache.put(key, "get_order", {"status": "cancelled"}, 60, [])
    assert sql_cache.get(key) == {"status": "cancelled"}  # stored again, replaced
    clock.now += timedelta(seconds=61)
    assert sql_cache.purge_expired() == 1


def _check_invalidation(cache: CallCache) -> None:
    order = f"#W{uuid.uuid4().hex[:7]}"
    other = f"#W{uuid.uuid4().hex[:7]}"
    status = call_hash("get_order", {"order_id": order})
    items = call_hash("list_items", {"order_id": order, "user_id": "u1"})
    elsewhere = call_hash("get_order", {"order_id": other})
    cache.put(status, "get_order", {"status": "pending"}, 300, tags_of({"order_id": order}))
    cache.put(items, "list_items", {"n": 2}, 300, tags_of({"order_id": order, "user_id": "u1"}))
    cache.put(elsewhere, "get_order", {"status": "pending"}, 300, tags_of({"order_id": other}))
    assert cache.invalidate([f"order_id={order}"]) == 2
    assert cache.get(status) is None and cache.get(items) is None
    assert cache.get(elsewhere) == {"status": "pending"}


def test_a_write_invalidates_the_reads_that_share_a_value(sql_cache: SqlCallCache) -> None:
    _check_invalidation(sql_cache)
    assert sql_cache.invalidate(["order_id=%"]) == 0  # a LIKE wildcard is no wildcard here


def test_without_a_redis_url_the_cache_is_the_sql_table(tmp_path: Path) -> None:
    assert isinstance(open_cache(sqlite_url(tmp_path / "c.db")), SqlCallCache)


@pytest.fixture
def redis_cache() -> Iterator[RedisCallCache]:
    if not REDIS_URL:
        pytest.skip("Redis not configured: set KEEL_TEST_REDIS_URL (redis://…)")
    cache = open_cache("sqlite://", REDIS_URL)
    assert isinstance(cache, RedisCallCache)
    cache.prefix = f"keel-test:{uuid.uuid4().hex[:8]}:"
    yield cache
    for key in cache.client.scan_iter(match=cache.prefix + "*"):
        cache.client.delete(key)


@pytest.mark.redis
def test_redis_serves_a_cached_result_until_it_expires(redis_cache: RedisCallCache) -> None:
    key = call_hash("get_order", {"order_id": "#W1"})
    assert redis_cache.get(key) is None
    redis_cache.put(key, "get_order", {"status": "pending", "total": 12.5}, 300, [])
    assert redis_cache.get(key) == {"status": "pending", "total": 12.5}
    ttl = redis_cache.client.pttl(redis_cache.prefix + key)
    assert 0 < int(ttl) <= 300_000  # type: ignore[arg-type]
    redis_cache.put(key, "get_order", {"status": "pending"}, 0.05, [])
    time.sleep(0.2)  # Redis expires the key itself
    assert redis_cache.get(key) is None


@pytest.mark.redis
def test_redis_invalidates_the_reads_that_share_a_value(redis_cache: RedisCallCache) -> None:
    _check_invalidation(redis_cache)


@pytest.mark.postgres
def test_the_sql_cache_works_on_postgres(clock: Clock) -> None:
    url = os.environ.get("KEEL_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("PostgreSQL not configured: set KEEL_TEST_POSTGRES_URL (postgresql://…)")
    cache = SqlCallCache(url.replace("postgresql://", "postgresql+psycopg://", 1), clock=clock)
    _check_invalidation(cache)
    key = call_hash("get_order", {"order_id": f"#W{uuid.uuid4().hex[:7]}"})
    cache.put(key, "get_order", {"status": "pending"}, 300, [])
    assert cache.get(key) == {"status": "pending"}
    clock.now += timedelta(seconds=301)
    assert cache.get(key) is None
