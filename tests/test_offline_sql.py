"""The offline SQL generator: linking, each grammar shape, joins, time windows, refusals.

A small store (customers, orders, order items, products) is made in a SQLite file under
tmp_path and introspected like any database; most tests run the generated SELECT on it and
check the rows, so they test what the statement means, not how it is spelt.
"""

from __future__ import annotations

import datetime
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlglot
from sqlglot import exp

from keel.querying.offline import Generated, generate_sql
from keel.querying.schema import Catalogue, ColumnInfo, ForeignKey, TableInfo
from keel.tools.data_access import introspect

DESCRIPTIONS = {
    "customers": {
        "": "People who buy from the store",
        "name": "Full name of the customer",
        "city": "City the customer lives in",
        "joined_on": "Date the customer signed up",
    },
    "orders": {
        "status": "Order status: pending, delivered or cancelled",
        "total": "Amount paid for the order",
        "placed_at": "When the order was placed",
    },
    "products": {"category": "Product category", "price": "Unit price"},
    "order_items": {"quantity": "Number of units ordered"},
}


def _day(days_ago: int) -> str:
    return (datetime.date.today() - datetime.timedelta(days=days_ago)).isoformat() + " 10:00:00"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Catalogue]]:
    path = tmp_path_factory.mktemp("offline") / "store.db"
    con = sqlite3.connect(path)
    con.executescript(
        """
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT, joined_on DATE);
        CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL);
        CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),
                             status TEXT, total REAL, placed_at TIMESTAMP);
        CREATE TABLE order_items (order_id INTEGER REFERENCES orders(id),
                                  product_id INTEGER REFERENCES products(id), quantity INTEGER);
        """
    )
    con.executemany(
        "INSERT INTO customers VALUES (?,?,?,?)",
        [
            (1, "Ann Lee", "Paris", "2020-03-01"),
            (2, "Bob Stone", "Berlin", "2021-06-10"),
            (3, "Chloe O'Neil", "Paris", "2022-01-05"),
        ],
    )
    con.executemany(
        "INSERT INTO products VALUES (?,?,?,?)",
        [
            (1, "Desk lamp", "lighting", 30.0),
            (2, "Office chair", "furniture", 150.0),
            (3, "Floor lamp", "lighting", 80.0),
        ],
    )
    con.executemany(
        "INSERT INTO orders VALUES (?,?,?,?,?)",
        [
            (1, 1, "pending", 60.0, _day(2)),
            (2, 1, "delivered", 150.0, _day(40)),
            (3, 2, "cancelled", 80.0, _day(3)),
            (4, 3, "delivered", 230.0, _day(400)),
        ],
    )
    con.executemany(
        "INSERT INTO order_items VALUES (?,?,?)",
        [(1, 1, 2), (2, 2, 1), (3, 3, 1), (4, 2, 1), (4, 3, 1)],
    )
    con.commit()
    con.close()
    yield path, introspect(f"sqlite:///{path}", descriptions=DESCRIPTIONS)


def ask(
    store: tuple[Path, Catalogue], question: str, **kwargs: Any
) -> tuple[Generated, list[tuple[Any, ...]]]:
    path, catalogue = store
    generated = generate_sql(question, catalogue, **kwargs)
    if generated.sql is None:
        return generated, []
    assert_one_select(generated.sql, catalogue.dialect)
    with sqlite3.connect(path) as con:
        rows = con.execute(generated.sql).fetchall()
    return generated, rows


def assert_one_select(sql: str, dialect: str) -> None:
    statements = [s for s in sqlglot.parse(sql, read=dialect) if s is not None]
    assert len(statements) == 1, sql
    assert isinstance(statements[0], exp.Select), sql


# ----------------------------------------------------------------------------- linking


def test_links_tables_columns_and_stored_values(store: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(store, "How many orders are pending?")
    targets = {link.target for link in generated.links}
    assert "orders" in targets
    assert "orders.status = 'pending'" in targets
    assert "count" in targets
    assert rows == [(1,)]


def test_links_a_column_named_by_table_and_column_words(store: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(store, "What is the average order total?")
    assert any(link.target == "orders.total" for link in generated.links)
    assert rows == [(130.0,)]


def test_a_value_not_in_the_samples_is_matched_by_ilike_on_a_name_column(
    store: tuple[Path, Catalogue],
) -> None:
    generated, rows = ask(store, "Which customers have a name starting with 'A'?")
    assert generated.sql is not None and "LIKE 'A%'" in generated.sql
    assert [r[0] for r in rows] == ["Ann Lee"]


def test_a_part_of_a_sampled_name_finds_its_column(store: tuple[Path, Catalogue]) -> None:
    _, rows = ask(store, "Which customers are called Stone?")
    assert [r[0] for r in rows] == ["Bob Stone"]


# ------------------------------------------------------------------------ grammar shapes


def test_count(store: tuple[Path, Catalogue]) -> None:
    assert ask(store, "How many customers are there?")[1] == [(3,)]


def test_group_by_each(store: tuple[Path, Catalogue]) -> None:
    _, rows = ask(store, "How many orders does each customer have?")
    assert sorted((r[0], r[-1]) for r in rows) == [
        ("Ann Lee", 2),
        ("Bob Stone", 1),
        ("Chloe O'Neil", 1),
    ]


def test_group_by_a_column(store: tuple[Path, Catalogue]) -> None:
    _, rows = ask(store, "How many customers are there per city?")
    assert sorted(rows) == [("Berlin", 1), ("Paris", 2)]


def test_sum_of_another_table_per_entity_joins_along_the_foreign_key(
    store: tuple[Path, Catalogue],
) -> None:
    generated, rows = ask(store, "What is the order total for each customer?")
    assert generated.sql is not None and "JOIN" in generated.sql
    assert sorted((r[0], r[-1]) for r in rows) == [
        ("Ann Lee", 210.0),
        ("Bob Stone", 80.0),
        ("Chloe O'Neil", 230.0),
    ]


def test_join_through_a_link_table(store: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(store, "What is the total quantity of products per category?")
    assert generated.sql is not None
    assert {"order_items", "products"} <= {
        t.name for t in sqlglot.parse_one(generated.sql).find_all(exp.Table)
    }
    assert sorted(rows) == [("furniture", 2), ("lighting", 4)]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What is the average order total?", 130.0),
        ("What is the total of all order totals?", 520.0),
        ("What is the minimum order total?", 60.0),
        ("What is the maximum order total?", 230.0),
    ],
)
def test_aggregates(store: tuple[Path, Catalogue], question: str, expected: float) -> None:
    assert ask(store, question)[1] == [(expected,)]


def test_count_distinct_of_a_text_column(store: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(store, "How many different cities do customers live in?")
    assert generated.sql is not None and "DISTINCT" in generated.sql
    assert rows == [(2,)]


def test_top_n_with_the_most(store: tuple[Path, Catalogue]) -> None:
    _, rows = ask(store, "Which 2 customers have the most orders?")
    assert len(rows) == 2 and rows[0][0] == "Ann Lee"


def test_top_n_by_a_column(store: tuple[Path, Catalogue]) -> None:
    _, rows = ask(store, "List the top 2 products by price")
    assert [r[0] for r in rows] == ["Office chair", "Floor lamp"]


def test_the_highest_value_orders_and_limits(store: tuple[Path, Catalogue]) -> None:
    _, rows = ask(store, "What is the highest order total?")
    assert rows[0][-1] == 230.0 and len(rows) == 1


def test_alphabetical_order(store: tuple[Path, Catalogue]) -> None:
    _, rows = ask(store, "List the product names alphabetically.")
    assert [r[0] for r in rows] == ["Desk lamp", "Floor lamp", "Office chair"]


def test_comparison_with_a_number(store: tuple[Path, Catalogue]) -> None:
    _, rows = ask(store, "Which orders have a total over 100?")
    assert sorted(r[0] for r in rows) == [2, 4]


def test_in_list_of_stored_values(store: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(store, "How many orders are pending or delivered?")
    assert generated.sql is not None and " IN (" in generated.sql
    assert rows == [(3,)]


def test_count_comparison_is_a_having(store: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(store, "Which customers have more than 1 order?")
    assert generated.sql is not None and "HAVING" in generated.sql
    assert [r[0] for r in rows] == ["Ann Lee"]


def test_ratio_of_two_entities(store: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(store, "What is the ratio of orders to customers?")
    assert generated.sql is not None and "NULLIF" in generated.sql and "CAST" in generated.sql
    assert rows[0][0] == pytest.approx(4 / 3)


def test_ratio_of_two_columns_per_row(store: tuple[Path, Catalogue]) -> None:
    _, rows = ask(store, "What is the ratio of order total to customer id for each order?")
    assert len(rows) == 4


def test_not_linked_entity_is_null(tmp_path: Path) -> None:
    path = tmp_path / "people.db"
    con = sqlite3.connect(path)
    con.executescript(
        "CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT);"
        "CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT,"
        " team_id INTEGER REFERENCES team(team_id));"
        "INSERT INTO team VALUES (1, 'Red');"
        "INSERT INTO person VALUES (1, 'Ada', 1), (2, 'Bo', NULL);"
    )
    con.commit()
    con.close()
    catalogue = introspect(f"sqlite:///{path}")
    generated = generate_sql("Which persons are not part of any team?", catalogue)
    assert generated.sql is not None
    with sqlite3.connect(path) as conn:
        assert [r[0] for r in conn.execute(generated.sql)] == ["Bo"]


# ------------------------------------------------------------------------- time windows


def test_rolling_window_in_sqlite(store: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(store, "How many orders were placed in the last 7 days?")
    assert generated.sql is not None and "DATETIME('now', '-7 days')" in generated.sql
    assert rows == [(2,)]


def test_calendar_month_window_in_sqlite(store: tuple[Path, Catalogue]) -> None:
    generated, _ = ask(store, "How many orders were placed last month?")
    assert generated.sql is not None and "start of month" in generated.sql


def postgres_catalogue() -> Catalogue:
    orders = TableInfo(
        name="orders",
        columns=[
            ColumnInfo(name="id", type="integer", primary_key=True),
            ColumnInfo(name="customer_id", type="integer"),
            ColumnInfo(name="status", type="text", samples=["pending", "delivered"]),
            ColumnInfo(name="total", type="numeric", comment="Amount paid"),
            ColumnInfo(name="placed_at", type="timestamp", comment="When the order was placed"),
        ],
        foreign_keys=[ForeignKey(column="customer_id", ref_table="customers", ref_column="id")],
    )
    customers = TableInfo(
        name="customers",
        columns=[
            ColumnInfo(name="id", type="integer", primary_key=True),
            ColumnInfo(name="name", type="text", samples=["Ann Lee", "Bob Stone"]),
            ColumnInfo(name="city", type="text", samples=["Paris", "Berlin"]),
        ],
    )
    return Catalogue(dialect="postgres", tables={"orders": orders, "customers": customers})


@pytest.mark.parametrize(
    ("question", "fragment"),
    [
        ("How many orders were placed in the last 10 days?", "CURRENT_DATE - INTERVAL '10 DAY'"),
        (
            "How many orders were placed last week?",
            "DATE_TRUNC('WEEK', CURRENT_DATE) - INTERVAL '1 WEEK'",
        ),
        ("How many orders were placed this month?", ">= DATE_TRUNC('MONTH', CURRENT_DATE)"),
        ("How many orders were placed in the past 2 years?", "INTERVAL '2 YEAR'"),
        ("How many orders were placed since 2020?", ">= '2020-01-01'"),
        ("上周有多少订单?", "DATE_TRUNC('WEEK', CURRENT_DATE)"),
    ],
)
def test_time_windows_in_postgres(question: str, fragment: str) -> None:
    generated = generate_sql(question, postgres_catalogue())
    assert generated.sql is not None, generated.reason
    assert_one_select(generated.sql, "postgres")
    assert fragment in generated.sql
    assert "placed_at" in generated.sql


# ------------------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("What is the average impact factor of the products?", "impact factor"),
        ("Which customers have an email address on file?", "email address"),
        ("How many orders had a gift wrap?", "gift wrap"),
    ],
)
def test_refuses_naming_the_unlinked_phrase(
    store: tuple[Path, Catalogue], question: str, phrase: str
) -> None:
    generated, _ = ask(store, question)
    assert generated.refused and generated.sql is None
    assert phrase in generated.unlinked
    assert phrase in generated.reason


@pytest.mark.parametrize(
    "question",
    [
        "What is dark matter and what evidence supports its existence?",
        "Who wrote the dystopian novel 1984?",
        "What are some effective tips for improving time management skills?",
    ],
)
def test_off_topic_questions_refuse(store: tuple[Path, Catalogue], question: str) -> None:
    generated, _ = ask(store, question)
    assert generated.refused and generated.sql is None and generated.unlinked


def test_a_comparison_with_nothing_to_compare_refuses(store: tuple[Path, Catalogue]) -> None:
    generated, _ = ask(store, "How many orders have a weight greater than 100?")
    assert generated.refused


# --------------------------------------------------------------------- attempt and avoid


def test_attempt_gives_a_different_reading(store: tuple[Path, Catalogue]) -> None:
    question = "What is the highest order total?"
    first, _ = ask(store, question)
    second, _ = ask(store, question, attempt=1)
    assert first.sql and second.sql and first.sql != second.sql


def test_avoid_never_returns_a_tried_statement(store: tuple[Path, Catalogue]) -> None:
    question = "What is the highest order total?"
    first, _ = ask(store, question)
    assert first.sql is not None
    again, _ = ask(store, question, avoid=[first.sql])
    assert again.sql is not None and again.sql != first.sql


def test_no_reading_left_refuses_with_a_reason(store: tuple[Path, Catalogue]) -> None:
    tried: list[str] = []
    for _ in range(30):
        generated, _ = ask(store, "How many customers are there?", avoid=tried)
        if generated.sql is None:
            assert generated.refused and "no different reading" in generated.reason
            return
        tried.append(generated.sql)
    pytest.fail("the readings never ran out")


# ------------------------------------------------------------------------------ Chinese


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("每个城市有多少客户?", [("Berlin", 1), ("Paris", 2)]),
        ("总共有多少订单?", [(4,)]),
        ("订单的平均金额是多少?", None),
    ],
)
def test_chinese_questions(
    store: tuple[Path, Catalogue], question: str, expected: list[tuple[Any, ...]] | None
) -> None:
    generated, rows = ask(store, question)
    if expected is None:
        return  # answered or refused, but never an error
    assert sorted(rows) == expected, generated.sql


def test_chinese_top_n_and_most(store: tuple[Path, Catalogue]) -> None:
    _, rows = ask(store, "价格最高的前2个产品是哪些?")
    assert [r[0] for r in rows] == ["Office chair", "Floor lamp"]
    _, rows = ask(store, "订单最多的客户是谁?")
    assert rows[0][0] == "Ann Lee" and len(rows) == 1


def test_chinese_last_month(store: tuple[Path, Catalogue]) -> None:
    generated, _ = ask(store, "上个月有多少订单?")
    assert generated.sql is not None and "start of month" in generated.sql


# ------------------------------------------------------------------------- safety, cost


def test_an_injection_attempt_stays_a_quoted_literal(store: tuple[Path, Catalogue]) -> None:
    question = 'Which customers are called "x\'; DROP TABLE customers; --"?'
    generated, rows = ask(store, question)
    if generated.sql is not None:
        tree = sqlglot.parse_one(generated.sql, read="sqlite")
        literals = [lit.this for lit in tree.find_all(exp.Literal) if lit.is_string]
        assert any("DROP TABLE" in lit for lit in literals)
        assert not list(tree.find_all(exp.Drop))
        assert rows == []
    path, _ = store
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT COUNT(*) FROM customers").fetchone() == (3,)


def test_a_name_with_a_quote_is_quoted(store: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(store, "Which orders did Chloe O'Neil place?")
    assert generated.sql is not None and "O''Neil" in generated.sql
    assert [r[0] for r in rows] == [4]


@pytest.mark.parametrize(
    "question",
    [
        "How many orders does each customer have?",
        "What is the ratio of orders to customers?",
        "List the top 2 products by price",
        "每个城市有多少客户?",
        "Which customers have more than 1 order?",
        "How many orders were placed in the last 7 days?",
    ],
)
def test_every_answer_parses_as_one_select(store: tuple[Path, Catalogue], question: str) -> None:
    generated, _ = ask(store, question)
    assert generated.sql is not None
    assert_one_select(generated.sql, "sqlite")


def test_a_huge_question_takes_bounded_time(store: tuple[Path, Catalogue]) -> None:
    _, catalogue = store
    generate_sql("How many orders are there?", catalogue)  # load the model and the catalogue once
    question = ("How many orders did each customer place in Paris and Berlin last week, " * 40)[
        :2000
    ]
    started = time.perf_counter()
    generated = generate_sql(question, catalogue)
    assert time.perf_counter() - started < 2.0
    if generated.sql is not None:
        assert_one_select(generated.sql, "sqlite")


def test_tables_restrict_the_reading(store: tuple[Path, Catalogue]) -> None:
    _, catalogue = store
    generated = generate_sql("How many customers are there?", catalogue, tables=["orders"])
    assert generated.sql is None or "customers" not in generated.sql
