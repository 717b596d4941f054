"""Issue 9: the text-to-SQL loop on PostgreSQL (skipped without KEEL_TEST_POSTGRES_URL).

The demo store is loaded into a database of its own on the test server; operators' questions
read it through a role that may only SELECT, on read-only sessions with a statement timeout.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import make_url

from keel.state.context import Context

pytestmark = pytest.mark.postgres

READER = "keel_ask_reader"


def _admin() -> str:
    url = os.environ.get("KEEL_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("PostgreSQL not configured: set KEEL_TEST_POSTGRES_URL (postgresql://…)")
    return url


@pytest.fixture(scope="module")
def store() -> Iterator[tuple[str, str]]:
    """``(store URL, reader URL)`` of a fresh database holding the demo store."""
    import psycopg
    from psycopg import sql

    from keel.domain.retail.demo_data import load_demo_data

    admin = _admin()
    name = f"keel_ask_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        found = connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (READER,))
        if found.fetchone() is None:
            connection.execute(sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(READER)))
    base = make_url(admin).set(drivername="postgresql+psycopg", database=name)
    store_url = base.render_as_string(hide_password=False)
    load_demo_data(store_url)
    database_admin = make_url(admin).set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(database_admin, autocommit=True) as connection:
        role = sql.Identifier(READER)
        connection.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(role))
        grant = sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA public TO {}").format(role)
        connection.execute(grant)
    reader_url = base.set(username=READER, password=None).render_as_string(hide_password=False)
    yield store_url, reader_url
    from keel.persistence.db import get_engine
    from keel.tools.ask_tools import clear_catalogues
    from keel.tools.data_access import readonly_engine

    get_engine.cache_clear()
    readonly_engine.cache_clear()
    clear_catalogues()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


def test_an_operator_question_is_answered_through_the_reader_role(
    store: tuple[str, str],
) -> None:
    from keel.ask import ask

    store_url, reader_url = store
    context = Context(database_url=store_url, ask_database_url=reader_url)
    result = ask("how many orders are there?", context=context)
    assert result["status"] == "answered", result["answer"]
    assert result["answer"]["rows"] == [[600]]


def test_the_catalogue_reads_the_comments_postgres_keeps(store: tuple[str, str]) -> None:
    from keel.tools.data_access import introspect

    catalogue = introspect(store[1], hidden=("audit_events",))
    orders = catalogue.table("orders")
    assert orders is not None and "audit_events" not in catalogue.tables
    status = orders.column("status")
    assert status is not None and status.comment.startswith("Order status")
    assert {c.name for c in orders.columns if c.kind == "time"} == {"placed_at", "updated_at"}
    assert any(fk.ref_table == "users" for fk in orders.foreign_keys)


def test_a_write_that_bypassed_validation_still_cannot_run(store: tuple[str, str]) -> None:
    from keel.tools.data_access import run_select
    from keel.tools.registry import ToolError

    store_url, reader_url = store
    for url in (store_url, reader_url):  # a read-only session even as the owner
        with pytest.raises(ToolError) as refused:
            run_select(url, "UPDATE orders SET status = 'cancelled'", 5.0, 10)
        assert refused.value.kind == "PERMISSION_ERROR"
    import psycopg

    plain = make_url(reader_url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain) as connection, pytest.raises(psycopg.errors.InsufficientPrivilege):
        connection.execute("INSERT INTO products (product_id, name) VALUES ('x', 'x')")


def test_a_statement_past_its_timeout_is_cancelled(store: tuple[str, str]) -> None:
    from keel.tools.data_access import run_select
    from keel.tools.registry import ToolError

    with pytest.raises(ToolError) as stopped:
        run_select(store[1], "SELECT pg_sleep(5)", 0.5, 10)
    assert stopped.value.kind == "SERVICE_UNAVAILABLE" and "timeout" in str(stopped.value)


def test_colons_and_percent_signs_in_literals_are_text(store: tuple[str, str]) -> None:
    from keel.tools.data_access import run_select

    found = run_select(store[1], "SELECT 'a:b' LIKE '%:%', 'x:y', '100%'", 5.0, 10)
    assert found["rows"] == [[True, "x:y", "100%"]]
