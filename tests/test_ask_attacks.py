"""Issue 9: statements written to get past the validator, against stores with a canary.

Each attack must be refused by :func:`querying.guard.check_sql` before any connection; the
canary (a hidden table, another schema) must never be read. Run on SQLite always and on
PostgreSQL where ``KEEL_TEST_POSTGRES_URL`` is set.
"""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from keel.querying.guard import check_sql
from keel.querying.schema import Catalogue
from keel.tools.data_access import introspect

HIDDEN = ("secret",)
SHARED_ATTACKS = [
    # a CTE's name hides the stored table only inside its own scope
    "SELECT * FROM (WITH secret AS (SELECT 1 AS a) SELECT a FROM secret) s CROSS JOIN secret",
    "SELECT note FROM secret",
    "SELECT * FROM orders WHERE id IN (SELECT length(note) FROM secret)",
    "SELECT * FROM orders UNION ALL SELECT 1, note FROM secret",
    "SELECT * FROM orders; SELECT * FROM secret",
    "SELECT * FROM other.orders",
    "SELECT * FROM cat.main.orders",
    "SELECT printf('%.*c', 2000000000, 'x')",
    "SELECT version()",
    "SELECT current_user",
    "SELECT " + "(" * 60 + "1" + ")" * 60,
    "SELECT 1 FROM orders WHERE " + " OR ".join(f"id = {n}" for n in range(3000)),
    "SELECT 1 " + "x" * 30_000,
]
POSTGRES_ATTACKS = [
    "SELECT query_to_xml('select note from secret', true, true, '')",
    "SELECT query_to_xml_and_xmlschema('select pg_read_file(''/etc/hostname'')', true, true, '')",
    "SELECT database_to_xml(true, true, '')",
    "SELECT * FROM ts_stat('SELECT to_tsvector(note) FROM secret')",
    "SELECT pg_sleep(10)",
    "SELECT set_config('default_transaction_read_only', 'off', false)",
    "SELECT * FROM dblink('dbname=x', 'select 1') AS t(a int)",
    "SELECT inet_server_addr()",
    "SELECT * FROM pg_catalog.pg_authid",
    "SELECT * FROM information_schema.tables",
    "WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d",
    "SELECT * FROM orders FOR UPDATE",
    "EXPLAIN ANALYZE SELECT * FROM orders",
    "COPY orders TO '/tmp/x.csv'",
    "DO $$ BEGIN DELETE FROM orders; END $$",
    "CALL something()",
    "SET default_transaction_read_only = off",
    "SELECT * FROM other.secret",
    "SELECT lo_import('/etc/passwd')",
]
SQLITE_ATTACKS = [
    "SELECT * FROM sqlite_master",
    "SELECT * FROM pragma_table_info('secret')",
    "SELECT load_extension('x')",
    "SELECT readfile('/etc/passwd')",
    "SELECT * FROM temp.secret",
    "ATTACH DATABASE '/tmp/x.db' AS x",
    "PRAGMA query_only = 0",
    "SELECT to_char(id, '999') FROM orders",  # a construct SQLite lacks: never translated
]


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[tuple[str, Catalogue]]:
    path = tmp_path / "store.db"
    with sqlite3.connect(path) as connection:
        connection.executescript(
            """
            CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT);
            CREATE TABLE secret (id INTEGER PRIMARY KEY, note TEXT);
            INSERT INTO orders VALUES (1, 'pending');
            INSERT INTO secret VALUES (1, 'CANARY');
            """
        )
    url = f"sqlite:///{path}"
    yield url, introspect(url, hidden=HIDDEN)


@pytest.mark.parametrize("attack", SHARED_ATTACKS + SQLITE_ATTACKS)
def test_sqlite_attacks_are_refused_before_any_connection(
    sqlite_store: tuple[str, Catalogue], attack: str
) -> None:
    _, catalogue = sqlite_store
    assert "secret" not in catalogue.tables
    checked = check_sql(attack, catalogue, row_limit=50)
    assert not checked.ok, checked.sql
    assert checked.sql == ""


def test_a_cte_is_visible_in_its_subqueries_and_comments_never_run(
    sqlite_store: tuple[str, Catalogue],
) -> None:
    _, catalogue = sqlite_store
    shadow = "WITH secret AS (SELECT 1 AS a) SELECT * FROM secret, (SELECT * FROM secret) t"
    assert check_sql(shadow, catalogue).ok  # both read the CTE, never the stored table
    commented = check_sql("SELECT * FROM orders -- ; DROP TABLE orders", catalogue)
    assert commented.ok and "DROP" not in commented.sql and "--" not in commented.sql


@pytest.mark.parametrize("sql", ["SELECT status FROM orders", "SELECT COUNT(*) FROM orders o"])
def test_what_runs_is_what_was_checked(sqlite_store: tuple[str, Catalogue], sql: str) -> None:
    _, catalogue = sqlite_store
    first = check_sql(sql, catalogue, row_limit=50)
    again = check_sql(first.sql, catalogue, row_limit=50)
    assert first.ok and again.ok and again.sql == first.sql and not again.limit_added


@pytest.fixture(scope="module")
def postgres_store() -> Iterator[tuple[str, Catalogue]]:
    admin = os.environ.get("KEEL_TEST_POSTGRES_URL")
    if not admin:
        pytest.skip("PostgreSQL not configured: set KEEL_TEST_POSTGRES_URL (postgresql://…)")
    import psycopg
    from psycopg import sql
    from sqlalchemy import make_url

    name = f"keel_attack_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    target = make_url(admin).set(database=name)
    with psycopg.connect(target.render_as_string(hide_password=False), autocommit=True) as c:
        c.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT)")
        c.execute("CREATE TABLE secret (id INTEGER PRIMARY KEY, note TEXT)")
        c.execute("CREATE SCHEMA other")
        c.execute("CREATE TABLE other.orders (id INTEGER, status TEXT)")
        c.execute("CREATE TABLE other.secret (id INTEGER, note TEXT)")
        c.execute("INSERT INTO secret VALUES (1, 'CANARY')")
    url = target.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    yield url, introspect(url, hidden=HIDDEN)
    from keel.tools.data_access import readonly_engine

    readonly_engine.cache_clear()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


@pytest.mark.postgres
@pytest.mark.parametrize("attack", SHARED_ATTACKS + POSTGRES_ATTACKS)
def test_postgres_attacks_are_refused_before_any_connection(
    postgres_store: tuple[str, Catalogue], attack: str
) -> None:
    _, catalogue = postgres_store
    assert sorted(catalogue.tables) == ["orders"]
    checked = check_sql(attack, catalogue, row_limit=50)
    assert not checked.ok, checked.sql
