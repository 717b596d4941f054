"""The offline generator's classes of questions: each mechanism on a small shop built here.

Business terms defined by a context, maintained stop words and idioms, rewrites of
Chinese and folded words, other names of values, shaped ids, tables named by comments,
slips of a letter, unique labels, calendar buckets, shares, the latest rows, kinds,
yes/no columns named by their comment's verb, people's names, and the time column a
comment points to. Every test runs the statement on the SQLite file and checks rows, or
checks the reading; the refusal of what the data cannot answer is checked beside them.
"""

from __future__ import annotations

import datetime
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from keel.querying.definitions import definition_lines, definitions
from keel.querying.grammar import Agg, Bucket, Col, labels
from keel.querying.linking import schema_index, tokenize
from keel.querying.offline import Generated, generate_sql
from keel.querying.schema import Catalogue, ColumnInfo, TableInfo
from keel.tools.data_access import introspect

DESCRIPTIONS = {
    "users": {
        "user_id": "Unique identifier of the customer",
        "first_name": "Customer's first name",
        "last_name": "Customer's last name",
        "city": "City of the customer's address",
        "state": "State (two-letter code) of the customer's address",
    },
    "orders": {
        "order_id": "Unique identifier of the order (#W and digits)",
        "user_id": "Customer who placed the order (users.user_id)",
        "status": "Order status: pending, delivered, cancelled, return requested",
        "state": "State (two-letter code) the order ships to",
        "placed_at": "When the customer placed the order",
        "updated_at": "When the status last changed (e.g. when it was cancelled)",
    },
    "order_items": {
        "order_id": "Order the item belongs to (orders.order_id)",
        "price": "Price paid for the item, in dollars",
    },
    "payment_methods": {
        "source": "Kind of payment method: gift_card or credit_card",
        "brand": "Card brand of a credit card",
        "balance": "Remaining balance of a gift card, in dollars",
        "user_id": "Customer who owns the payment method (users.user_id)",
    },
    "variants": {
        "item_id": "Unique identifier of the purchasable item",
        "available": "Whether the item can be bought now",
        "price": "Current price of the item, in dollars",
        "options": "The item's option values as JSON (color, size)",
    },
}

GLOSSARY = (
    "Revenue or sales: the sum of order_items.price over orders whose status is not "
    "'cancelled' (net of refunds).\n"
    "Catalog: the variants table.\n"
    "Out of stock or unavailable: variants whose available is false.\n"
    "Pending: orders whose status is 'pending' or 'pending (item modified)'.\n"
    "Average order value: the sum of order_items.price per order, over orders whose status "
    "is not 'cancelled'.\n"
    "Delivery time: the days from placed_at to updated_at of orders whose status is "
    "'delivered'.\n"
    "Orders: placed_at is when an order was placed.\n"
    "- `orders.user_id` can be joined with users.user_id\n"
    "Margin = SUM(price) - SUM(cost)"
)


def _day(days_ago: int) -> str:
    moment = datetime.datetime.now() - datetime.timedelta(days=days_ago)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Catalogue]]:
    path = tmp_path_factory.mktemp("classes") / "shop.db"
    con = sqlite3.connect(path)
    con.executescript(
        """
        CREATE TABLE users (user_id TEXT PRIMARY KEY, first_name TEXT, last_name TEXT,
                            city TEXT, state TEXT);
        CREATE TABLE orders (order_id TEXT PRIMARY KEY, user_id TEXT REFERENCES users(user_id),
                             status TEXT, state TEXT, placed_at TIMESTAMP, updated_at TIMESTAMP);
        CREATE TABLE order_items (id INTEGER PRIMARY KEY,
                                  order_id TEXT REFERENCES orders(order_id), price REAL);
        CREATE TABLE payment_methods (id TEXT PRIMARY KEY, user_id TEXT REFERENCES users(user_id),
                                      source TEXT, brand TEXT, balance REAL);
        CREATE TABLE variants (item_id TEXT PRIMARY KEY, available BOOLEAN, price REAL,
                               options JSON);
        """
    )
    con.executemany(
        "INSERT INTO users VALUES (?,?,?,?,?)",
        [
            ("ann_lee_1", "Ann", "Lee", "Denver", "CO"),
            ("bob_stone_2", "Bob", "Stone", "Austin", "TX"),
            ("cara_diaz_3", "Cara", "Diaz", "Chicago", "IL"),
            ("dan_wu_4", "Dan", "Wu", "Boston", "MA"),
        ],
    )
    con.executemany(
        "INSERT INTO orders VALUES (?,?,?,?,?,?)",
        [
            ("#W1000001", "ann_lee_1", "delivered", "CO", _day(40), _day(35)),
            ("#W1000002", "ann_lee_1", "cancelled", "TX", _day(60), _day(2)),
            ("#W1000003", "bob_stone_2", "pending", "TX", _day(1), _day(1)),
            ("#W1000004", "cara_diaz_3", "delivered", "IL", _day(3), _day(1)),
        ],
    )
    con.executemany(
        "INSERT INTO order_items VALUES (?,?,?)",
        [
            (1, "#W1000001", 10.0),
            (2, "#W1000001", 30.0),
            (3, "#W1000002", 99.0),
            (4, "#W1000003", 5.0),
            (5, "#W1000004", 20.0),
        ],
    )
    con.executemany(
        "INSERT INTO payment_methods VALUES (?,?,?,?,?)",
        [
            ("gift_card_1", "ann_lee_1", "gift_card", None, 25.0),
            ("credit_card_2", "bob_stone_2", "credit_card", "visa", None),
            ("credit_card_3", "cara_diaz_3", "credit_card", "mastercard", None),
            ("gift_card_4", "dan_wu_4", "gift_card", None, 5.0),
        ],
    )
    con.executemany(
        "INSERT INTO variants VALUES (?,?,?,?)",
        [
            ("v1", 1, 10.0, '{"color": "red", "size": "L"}'),
            ("v2", 0, 80.0, '{"color": "black", "size": "M"}'),
            ("v3", 1, 45.0, '{"color": "red", "size": "M"}'),
            ("v4", 0, 12.0, '{"size": "S"}'),
        ],
    )
    con.commit()
    con.close()
    yield path, introspect(f"sqlite:///{path}", descriptions=DESCRIPTIONS)


def ask(
    shop: tuple[Path, Catalogue], question: str, **kwargs: Any
) -> tuple[Generated, list[tuple[Any, ...]]]:
    path, catalogue = shop
    generated = generate_sql(question, catalogue, **kwargs)
    if generated.sql is None:
        return generated, []
    with sqlite3.connect(path) as con:
        return generated, con.execute(generated.sql).fetchall()


# ------------------------------------------------------------------- defined terms


def test_definition_lines_read_terms_and_skip_notes() -> None:
    lines = definition_lines(GLOSSARY)
    terms = [line.terms for line in lines]
    assert (("revenue",), ("sale",)) in terms
    assert (("out", "of", "stock"), ("unavailable",)) in terms
    assert not any(("orders.user_id",) in t for t in terms)  # a note on joins, no term
    assert definition_lines("ADV (Average Daily Volume) for a ticker = AVG(volume)")[0].terms == (
        ("adv",),
        ("average", "daily", "volume"),
    )


def test_definitions_name_a_measure_its_aggregate_and_its_conditions(
    shop: tuple[Path, Catalogue],
) -> None:
    found = {t.words: t for t in definitions(GLOSSARY, schema_index(shop[1]))}
    revenue = found[("revenue",)]
    assert (revenue.table, revenue.column, revenue.funcs) == ("order_items", "price", ("sum",))
    assert [(c.column, c.op, c.value) for c in revenue.clauses] == [("status", "<>", "cancelled")]
    assert found[("unavailable",)].clauses[0].value is False
    pending = found[("pending",)].clauses[0]
    assert pending.op == "in" and pending.value == ("pending", "pending (item modified)")
    assert ("order",) not in found  # a table's own name needs no definition
    assert ("margin",) not in found  # arithmetic of two measures is no single measure


def test_a_defined_term_links_to_its_definition(shop: tuple[Path, Catalogue]) -> None:
    refused, _ = ask(shop, "total revenue by state")
    assert refused.refused and "revenue" in refused.reason
    generated, rows = ask(shop, "total revenue by state", context=GLOSSARY)
    assert generated.sql is not None and "<> 'cancelled'" in generated.sql
    assert sorted(rows) == [("CO", 40.0), ("IL", 20.0), ("TX", 5.0)]


def test_a_defined_condition_on_a_flag(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "how many variants are out of stock?", context=GLOSSARY)
    assert rows == [(2,)]


def test_a_defined_measure_keeps_its_conditions_beside_another(
    shop: tuple[Path, Catalogue],
) -> None:
    generated, rows = ask(shop, "number of orders and revenue per state", context=GLOSSARY)
    assert generated.sql is not None and "CASE WHEN" in generated.sql
    assert ("TX", 2, 5.0) in rows  # the cancelled order counted, its price not


def test_a_defined_measure_averaged_per_row_of_another_table(
    shop: tuple[Path, Catalogue],
) -> None:
    found = {t.words: t for t in definitions(GLOSSARY, schema_index(shop[1]))}
    value = found[("average", "order", "value")]
    assert (value.column, value.funcs, value.per) == ("price", ("sum",), "orders")
    _, rows = ask(shop, "what is our average order value?", context=GLOSSARY)
    assert rows == [(65.0 / 3,)]


def test_an_average_count_per_row_of_another_table(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "average number of payment methods per customer")
    assert generated.sql is not None and "GROUP BY" not in generated.sql
    assert rows == [(1.0,)]


def test_a_sum_of_money_compares_with_the_money_column(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "list the gift cards with less than $10 left on them")
    assert rows == [("gift_card_4",)]


def test_a_stored_value_measured_by_its_rows_or_its_money(
    shop: tuple[Path, Catalogue],
) -> None:
    _, rows = ask(shop, "how many gift cards are there?")
    assert rows == [(2,)]
    generated, rows = ask(shop, "total balance of gift cards")
    assert rows == [(30.0,)]
    generated, _ = ask(shop, "how much do gift cards hold in total?")
    assert generated.sql is not None and "SUM(payment_methods.balance)" in generated.sql


def test_the_top_rows_of_a_column_ranked_by_a_count(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "top 1 state by number of orders")
    assert rows == [("TX", 2)]


def test_windows_of_hours_and_counted_nouns(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "orders placed in the last 36 hours")
    assert generated.sql is not None and "'-36 hours'" in generated.sql
    assert rows == [("#W1000003",)]
    generated, _ = ask(shop, "最便宜的2个款式")
    assert generated.sql is not None and "= 2" not in generated.sql


def test_lists_of_what_is_shown_and_of_what_is_grouped(shop: tuple[Path, Catalogue]) -> None:
    generated, _ = ask(shop, "list cancelled orders with their state")
    assert generated.sql is not None and "orders.state" in generated.sql.split("FROM")[0]
    _, rows = ask(shop, "number of orders by status and state")
    assert ("delivered", "CO", 1) in rows and len(rows) == 4


def test_a_defined_measure_compared_with_a_sum(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "which customers had revenue over $30?", context=GLOSSARY)
    assert generated.sql is not None and "HAVING SUM(order_items.price) > 30" in generated.sql
    assert [r[:2] for r in rows] == [("Ann", "Lee")]


def test_the_latest_row_of_a_table(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "latest order")
    assert [r[0] for r in rows] == ["#W1000003"]


def test_weak_words_used_as_nouns_and_unused_guesses_are_refused(
    shop: tuple[Path, Catalogue],
) -> None:
    generated, _ = ask(shop, "which variants have the best reviews?")
    assert generated.refused and "reviews" in generated.reason


def test_the_time_between_two_moments(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "on average, how many days from order to delivery?")
    assert generated.sql is not None and "JULIANDAY(orders.updated_at)" in generated.sql
    assert rows == [(3.5,)]  # the delivered orders: 5 and 2 days
    generated, rows = ask(shop, "average delivery time by state", context=GLOSSARY)
    assert generated.sql is not None and "status = 'delivered'" in generated.sql
    assert sorted((r[0], round(r[1])) for r in rows) == [("CO", 5), ("IL", 2)]
    catalogue = shop[1].model_copy(update={"dialect": "postgres"})
    generated = generate_sql("average hours from placed to updated for orders", catalogue)
    assert generated.sql is not None and "EXTRACT(EPOCH FROM" in generated.sql


def test_a_numeral_word_counts_what_follows(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "which customers have more than one order?")
    assert [r[:2] for r in rows] == [("Ann", "Lee")]


def test_a_defined_count_used_as_a_verb(shop: tuple[Path, Catalogue]) -> None:
    context = "Sold: the number of order_items of orders whose status is not 'cancelled'."
    generated, rows = ask(shop, "how many distinct orders were sold?", context=context)
    assert generated.sql is not None and generated.sql.count("COUNT(") == 1
    assert rows == [(3,)]


def test_a_grouping_by_the_values_listed(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "the split between visa and mastercard cards")
    assert sorted(rows) == [("mastercard", 1), ("visa", 1)]


def test_values_a_comment_names(shop: tuple[Path, Catalogue]) -> None:
    index = schema_index(shop[1])
    assert ("orders", "status", "return requested") in index.from_comments
    generated, rows = ask(shop, "how many return requests are there?")
    assert generated.sql is not None and "'return requested'" in generated.sql
    assert rows == [(0,)]


def test_a_value_a_comment_names_gives_way_to_a_name() -> None:
    table = TableInfo(
        name="river",
        columns=[
            ColumnInfo(
                name="river_name",
                type="text",
                samples=["Amazon", "Rhine", "Po"],
                comment="Names exclude the word 'river', e.g. 'Nile'",
            ),
            ColumnInfo(name="length", type="integer"),
        ],
    )
    catalogue = Catalogue(dialect="postgres", tables={"river": table})
    generated = generate_sql("how many rivers have a length over 100?", catalogue)
    assert generated.sql is not None and "'river'" not in generated.sql


# ------------------------------------------------------------- words with no content


def test_maintained_stop_words_and_idioms_refuse_nothing(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "How many orders are pending right now, somewhere, that we've got?")
    assert not generated.refused, generated.reason
    assert rows == [(1,)]


def test_unanswerable_questions_are_still_refused(shop: tuple[Path, Catalogue]) -> None:
    for question in (
        "What is the average age of our customers?",
        "Which supplier ships the most orders?",
        "how much sales tax did we collect?",
    ):
        generated, _ = ask(shop, question, context=GLOSSARY)
        assert generated.refused, question


# ----------------------------------------------------------------------- rewrites


def test_chinese_commerce_words_link(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "每个州各有多少订单？")
    assert sorted(rows) == [("CO", 1), ("IL", 1), ("TX", 2)]
    _, rows = ask(shop, "最近7天取消了几单？")
    assert rows == [(1,)]


def test_folded_adjectives_are_spelt_out(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "the 2 cheapest variants")
    assert generated.sql is not None and "ORDER BY variants.price" in generated.sql
    assert [r[0] for r in rows] == ["v1", "v4"]
    tokens = tokenize("最贵的商品")
    assert [t.lemma for t in tokens][:2] == ["highest", "price"]


def test_chinese_place_names_and_state_names(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "how many orders are being shipped to Texas?")
    assert rows == [(2,)]
    _, rows = ask(shop, "德州的客户有哪些")
    assert [r[:2] for r in rows] == [("Bob", "Stone")]


# -------------------------------------------------------------------------- values


def test_an_id_written_without_its_prefix(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "what's the status of order W1000003?")
    assert generated.sql is not None and "'#W1000003'" in generated.sql
    assert rows == [("pending",)]


def test_snake_case_values_are_written_as_words(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "total balance of gift cards")
    assert rows == [(30.0,)]


def test_a_value_inside_a_name_links_the_name(shop: tuple[Path, Catalogue]) -> None:
    generated, _ = ask(shop, "how many payment methods per customer?")
    assert generated.sql is not None and "payment_methods" in generated.sql


def test_fields_of_a_json_column_and_their_values(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "how many red variants are there?")
    assert generated.sql is not None
    assert "JSON_EXTRACT(variants.options, '$.color')" in generated.sql
    assert rows == [(2,)]
    _, rows = ask(shop, "which variants are red in size L?")
    assert rows == [("v1",)]
    _, rows = ask(shop, "variants by color")
    assert sorted(rows) == [("black", 1), ("red", 2)]  # a row with no color is no group
    generated, _ = ask(shop, "which variants in size L")  # 'L' alone would be no size
    assert generated.sql is not None and "'l'" in generated.sql


def test_a_value_before_a_noun_leaves_the_count_to_the_noun(
    shop: tuple[Path, Catalogue],
) -> None:
    generated, rows = ask(shop, "how many red variants")
    assert generated.sql is not None and "COUNT(DISTINCT variants.item_id)" in generated.sql
    assert rows == [(2,)]


def test_a_persons_two_names(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "which orders has Cara Diaz placed?")
    assert generated.sql is not None and "last_name" in generated.sql
    assert [r[0] for r in rows] == ["#W1000004"]


def test_a_value_goes_to_the_column_whose_samples_it_resembles(
    shop: tuple[Path, Catalogue],
) -> None:
    generated, _ = ask(shop, "customers in Seattle")
    assert generated.sql is not None and "users.city" in generated.sql


# ---------------------------------------------------------------- linking by schema


def test_a_tables_rows_named_by_its_keys_comment(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "how many customers r there")
    assert rows == [(4,)]


def test_a_table_named_by_its_columns_comments(shop: tuple[Path, Catalogue]) -> None:
    generated, _ = ask(shop, "how many cards are there?")
    assert generated.sql is not None and "payment_methods" in generated.sql


def test_a_slip_of_one_letter(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "how many oders were delivered")
    assert rows == [(2,)]


def test_a_flag_named_by_the_verb_of_its_comment(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "how many variants can't be bought?")
    assert rows == [(2,)]


def test_the_time_column_a_comment_points_to(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "how many orders were cancelled in the last 7 days?")
    assert generated.sql is not None and "updated_at" in generated.sql
    assert rows == [(1,)]


# -------------------------------------------------------------------------- shapes


def test_labels_are_readable_and_unique(shop: tuple[Path, Catalogue]) -> None:
    index = schema_index(shop[1])
    found = labels(
        [
            Col("users", "state"),
            Col("orders", "state"),
            Agg("count_distinct", Col("orders", "order_id")),
            Agg("sum", Col("order_items", "price")),
            Agg("count", None),
            Agg("count", None),
            Bucket(Col("orders", "placed_at"), "month"),
        ],
        index,
    )
    assert found == [None, "orders_state", "orders", "total_price", "count", "count_2", "month"]


def test_calendar_buckets(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "how many orders were placed each month?")
    assert generated.sql is not None and "STRFTIME('%Y-%m'" in generated.sql
    assert sum(r[1] for r in rows) == 4
    generated, _ = ask(shop, "每天的订单量")
    assert generated.sql is not None and "DATE(orders.placed_at)" in generated.sql


def test_buckets_in_postgres(shop: tuple[Path, Catalogue]) -> None:
    catalogue = shop[1].model_copy(update={"dialect": "postgres"})
    generated = generate_sql("monthly number of orders", catalogue)
    assert generated.sql is not None and "DATE_TRUNC('MONTH'" in generated.sql.upper()


def test_share_of_rows_meeting_a_condition(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "What percentage of orders get cancelled?")
    assert rows == [(25.0,)]
    _, rows = ask(shop, "Of the delivered orders, what percent were shipped to IL?")
    assert rows == [(50.0,)]
    _, rows = ask(shop, "订单取消率是多少")
    assert rows == [(25.0,)]


def test_the_latest_rows(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "show me the 2 most recent orders")
    assert [r[0] for r in rows] == ["#W1000003", "#W1000004"]


def test_a_grouping_by_kind(shop: tuple[Path, Catalogue]) -> None:
    _, rows = ask(shop, "break down the payment methods by type")
    assert sorted(rows) == [("credit_card", 2), ("gift_card", 2)]
    _, rows = ask(shop, "visa vs mastercard, how many of each?")
    assert sorted(rows) == [("mastercard", 1), ("visa", 1)]


def test_a_measure_ranks_the_noun_after_it(shop: tuple[Path, Catalogue]) -> None:
    generated, rows = ask(shop, "top 2 customers by revenue", context=GLOSSARY)
    assert generated.sql is not None and "SUM(" in generated.sql
    assert [r[:2] for r in rows] == [("Ann", "Lee"), ("Cara", "Diaz")]


def test_a_long_question_is_read_in_bounded_time(shop: tuple[Path, Catalogue]) -> None:
    question = ("how many orders were cancelled by reason and state last week " * 40)[:2000]
    started = time.perf_counter()
    generate_sql(question, shop[1], context=GLOSSARY)
    assert time.perf_counter() - started < 2.0
