"""Offline table selection: lexical and embedding evidence, join paths, the size limit."""

from __future__ import annotations

from keel.querying.schema import Catalogue, ColumnInfo, ForeignKey, TableInfo
from keel.querying.selection import select_tables


def _table(
    name: str, columns: list[tuple[str, str, str]], keys: tuple[tuple[str, str, str], ...] = ()
) -> TableInfo:
    return TableInfo(
        name=name,
        columns=[
            ColumnInfo(name=c, type=t, comment=comment, primary_key=(c == "id"))
            for c, t, comment in columns
        ],
        foreign_keys=[ForeignKey(column=c, ref_table=t, ref_column=r) for c, t, r in keys],
    )


def catalogue() -> Catalogue:
    tables = [
        _table(
            "customers",
            [("id", "integer", ""), ("name", "text", "Customer name"), ("city", "text", "")],
        ),
        _table(
            "orders",
            [
                ("id", "integer", ""),
                ("customer_id", "integer", ""),
                ("total", "numeric", "Amount paid"),
                ("placed_at", "timestamp", ""),
            ],
            (("customer_id", "customers", "id"),),
        ),
        _table(
            "order_items",
            [
                ("order_id", "integer", ""),
                ("product_id", "integer", ""),
                ("quantity", "integer", ""),
            ],
            (("order_id", "orders", "id"), ("product_id", "products", "id")),
        ),
        _table(
            "products",
            [("id", "integer", ""), ("name", "text", "Product name"), ("price", "numeric", "")],
        ),
        _table(
            "warehouses",
            [("id", "integer", ""), ("address", "text", ""), ("capacity", "integer", "")],
        ),
        _table(
            "employees", [("id", "integer", ""), ("name", "text", ""), ("salary", "numeric", "")]
        ),
    ]
    return Catalogue(dialect="sqlite", tables={t.name: t for t in tables})


def test_selects_the_tables_named() -> None:
    chosen = select_tables("How many orders did each customer place?", catalogue())
    assert {"orders", "customers"} <= set(chosen)
    assert "employees" not in chosen and "warehouses" not in chosen


def test_adds_the_tables_on_the_join_path() -> None:
    chosen = select_tables("Which products did each customer buy?", catalogue())
    assert {"customers", "products", "orders", "order_items"} <= set(chosen)


def test_a_column_name_selects_its_table() -> None:
    chosen = select_tables("What is the average salary?", catalogue())
    assert chosen[0] == "employees"


def test_respects_max_tables() -> None:
    chosen = select_tables("Which products did each customer buy?", catalogue(), max_tables=2)
    assert 1 <= len(chosen) <= 2


def test_chinese_question() -> None:
    chosen = select_tables("每个客户有多少订单?", catalogue())
    assert {"orders", "customers"} <= set(chosen)


def test_context_adds_evidence() -> None:
    chosen = select_tables(
        "What is the average?", catalogue(), context="Monthly report on warehouse capacity"
    )
    assert chosen[0] == "warehouses"


def test_never_empty_for_a_catalogue() -> None:
    assert select_tables("zzz qqq", catalogue())
    assert select_tables("anything", Catalogue(dialect="sqlite", tables={})) == []
