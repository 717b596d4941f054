"""Issue 9: the pure parts of the text-to-SQL loop — validator, resource pool, repair rules."""

from __future__ import annotations

import sqlglot
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot import exp

from keel.querying.guard import check_sql
from keel.querying.pool import ContextMemory, ResourcePool
from keel.querying.repair import (
    StepRecord,
    admissible,
    diagnose,
    next_action,
    repair_action,
    smart_exit,
)
from keel.querying.schema import MAX_COLUMNS_SHOWN, Catalogue, ColumnInfo, TableInfo, render_columns


def catalogue(dialect: str = "sqlite") -> Catalogue:
    def table(name: str, *columns: tuple[str, str]) -> TableInfo:
        return TableInfo(name=name, columns=[ColumnInfo(name=n, type=t) for n, t in columns])

    return Catalogue(
        dialect=dialect,
        tables={
            "orders": table(
                "orders",
                ("order_id", "varchar(32)"),
                ("user_id", "varchar(64)"),
                ("status", "varchar(40)"),
                ("seq", "integer"),
                ("placed_at", "datetime"),
                ("updated_at", "datetime"),
            ),
            "users": table("users", ("user_id", "varchar(64)"), ("email", "varchar(160)")),
        },
    )


# ----------------------------------------------------------------------------- validator


def test_a_select_passes_with_a_row_limit_added_or_lowered() -> None:
    checked = check_sql(
        "select status, count(*) from orders group by status", catalogue(), row_limit=50
    )
    assert checked.ok and checked.limit_added and checked.sql.endswith("LIMIT 50")
    assert checked.tables == ["orders"]
    assert check_sql(
        "select status from orders limit 9999", catalogue(), row_limit=50
    ).sql.endswith("LIMIT 50")
    kept = check_sql("select status from orders limit 5", catalogue(), row_limit=50)
    assert kept.ok and not kept.limit_added and kept.sql.endswith("LIMIT 5")


def test_unknown_and_ambiguous_names_are_listed_with_the_nearest_known_ones() -> None:
    unknown = check_sql("select statuz from orders", catalogue())
    assert not unknown.ok and unknown.problems[0].kind == "unknown_column"
    assert (
        unknown.problems[0].names == ["statuz"]
        and "orders.status" in unknown.problems[0].suggestions
    )
    table = check_sql("select * from order", catalogue())
    assert table.problems[0].kind in ("unknown_table", "syntax")
    table = check_sql("select * from ordres", catalogue())
    assert table.problems[0].kind == "unknown_table" and "orders" in table.problems[0].suggestions
    ambiguous = check_sql(
        "select user_id from orders join users on orders.user_id = users.user_id", catalogue()
    )
    assert ambiguous.problems[0].kind == "ambiguous_column"
    assert set(ambiguous.problems[0].suggestions) == {"orders.user_id", "users.user_id"}


def test_statements_that_are_not_one_select_never_pass() -> None:
    for sql, kind in [
        ("delete from orders", "not_select"),
        ("select 1; drop table users", "multiple_statements"),
        ("select status into copy from orders", "forbidden_node"),
        ("select * from sqlite_master", "forbidden_table"),
        ("select * from pg_catalog.pg_user", "forbidden_table"),
        ("select pg_read_file('/etc/passwd')", "forbidden_function"),
        ("select * from pragma_table_info('orders')", "forbidden_function"),
        ("select nextval('seq')", "forbidden_function"),
        ("pragma table_info(orders)", "not_select"),
        ("", "empty"),
        ("selct * frm orders", "syntax"),
    ]:
        checked = check_sql(sql, catalogue())
        assert not checked.ok and checked.sql == "", sql
        assert checked.problems[0].kind == kind, (sql, checked.problems)


def test_a_time_filter_on_a_column_without_time_is_the_wrong_time_column() -> None:
    for dialect, sql in [
        ("sqlite", "select count(*) from orders where seq >= datetime('now', '-7 days')"),
        (
            "postgres",
            "select count(*) from orders o where o.seq >= current_date - interval '7 days'",
        ),
    ]:
        checked = check_sql(sql, catalogue(dialect))
        assert checked.problems[0].kind == "time_column"
        assert checked.problems[0].suggestions == ["orders.placed_at", "orders.updated_at"]
    right = "select count(*) from orders where updated_at >= datetime('now', '-7 days')"
    assert check_sql(right, catalogue()).ok
    year = "select count(*) from orders where seq > extract(year from current_date) - 10"
    assert check_sql(year, catalogue("postgres")).ok  # a number compared with a number


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_whatever_the_text_only_one_select_ever_passes(text: str) -> None:
    checked = check_sql(text, catalogue(), row_limit=10)
    if checked.ok:
        statements = sqlglot.parse(checked.sql, read="sqlite")
        assert len(statements) == 1
        assert isinstance(statements[0], exp.Select | exp.SetOperation)


# ---------------------------------------------------------------------------------- pool


def test_the_pool_merges_appends_and_hands_out_copies() -> None:
    pool = ResourcePool()
    pool.update(
        {"column_details": {"orders": {"status": {"type": "text"}}}, "sql_history": [{"sql": "a"}]}
    )
    pool.update({"column_details": {"orders": {"seq": {"type": "int"}}, "users": {"email": {}}}})
    pool.update({"sql_history": [{"sql": "b"}], "current_sql": "b"})
    details = pool.get("column_details")
    assert set(details["orders"]) == {"status", "seq"} and "users" in details
    assert [h["sql"] for h in pool.get("sql_history")] == ["a", "b"]
    details["orders"].clear()
    assert set(pool.get("column_details")["orders"]) == {"status", "seq"}


def test_the_light_memory_carries_flags_and_names_not_resources() -> None:
    pool = ResourcePool()
    pool.update(
        {
            "tables": [{"name": "orders"}, {"name": "users"}],
            "selected_tables": ["orders"],
            "column_details": {
                "orders": {f"c{i}": {"type": "text", "comment": "x" * 50} for i in range(60)}
            },
            "current_sql": "select 1",
            "last_error": "e" * 1000,
        }
    )
    memory = pool.build_context_memory()
    assert memory.schema_available and memory.columns_available and memory.has_sql
    assert not memory.database_validated and memory.available_tables == ["orders", "users"]
    assert memory.sql_length == 8 and len(memory.last_error_summary) == 200
    assert "c59" not in memory.model_dump_json()
    assert pool.extract_for_step("plan") == {"memory": memory.model_dump()}
    generation = pool.extract_for_step("sql_generation")
    assert len(generation["column_details"]["orders"]) == 60  # complete, never the first N


def test_only_a_table_of_more_than_100_columns_is_trimmed_and_the_rendering_says_so() -> None:
    wide = {"wide": {f"c{i}": {"type": "int", "comment": ""} for i in range(130)}}
    text = render_columns(wide)
    assert "c99(int)" in text and "c100(int)" not in text and "30 more columns" in text
    pool = ResourcePool({"column_details": wide, "selected_tables": ["wide"]})
    assert (
        len(pool.extract_for_step("sql_generation")["column_details"]["wide"]) == MAX_COLUMNS_SHOWN
    )


def test_regeneration_sees_only_the_last_failures() -> None:
    pool = ResourcePool()
    for n in range(5):
        pool.update({"validation_history": [{"sql": f"s{n}", "ok": False, "error": "bad"}]})
    tried = pool.extract_for_step("sql_generation")["tried"]
    assert [t["sql"] for t in tried] == ["s3", "s4"]


# -------------------------------------------------------------------------------- repair


def test_diagnosis_from_problems_failure_types_and_database_messages() -> None:
    assert diagnose("", ["unknown_column"]) == "unknown_column"
    assert diagnose("", ["forbidden_node"]) == "forbidden"
    assert diagnose("no such column: revenue") == "unknown_column"
    assert diagnose('column "x" does not exist') == "unknown_column"
    assert diagnose('relation "ordres" does not exist') == "unknown_table"
    assert diagnose('column reference "id" is ambiguous') == "ambiguous_column"
    assert diagnose('syntax error at or near "FROM"') == "syntax"
    assert diagnose("injected fault: access denied", (), "PERMISSION_ERROR") == "permission"
    assert diagnose("connection refused", (), "SERVICE_UNAVAILABLE") == "connection"
    assert diagnose("timeout: canceling statement", (), "SERVICE_UNAVAILABLE") == "timeout"
    # a statement's own error is never a connection failure, whatever its words
    assert diagnose("no such column: connection_type", (), "VALIDATION_ERROR") == "unknown_column"
    assert diagnose("malformed JSON", (), "VALIDATION_ERROR") == "other"
    assert diagnose("column timeout_at does not exist", (), "VALIDATION_ERROR") == "unknown_column"


def test_the_seeds_repair_strategies() -> None:
    for kind in ("unknown_column", "unknown_table", "ambiguous_column", "time_column"):
        assert repair_action(kind, columns_available=False) == "schema.get_columns"
        assert repair_action(kind, columns_available=True) == "sql.generate"
    assert repair_action("syntax", True) == "sql.refine"
    assert repair_action("permission", True) is None


def test_the_model_may_never_refine_a_name_error_nor_execute_unvalidated_sql() -> None:
    failed = ContextMemory(
        schema_available=True,
        columns_available=True,
        has_sql=True,
        last_error_kind="unknown_column",
    )
    assert not admissible("sql.refine", failed)
    assert admissible("sql.generate", failed)
    no_columns = failed.model_copy(update={"columns_available": False})
    assert not admissible("sql.generate", no_columns) and admissible(
        "schema.get_columns", no_columns
    )
    fresh = ContextMemory(schema_available=True, columns_available=True, has_sql=True)
    assert not admissible("sql.execute", fresh) and not admissible("drop_table", fresh)
    assert admissible("sql.execute", fresh.model_copy(update={"database_validated": True}))


def test_the_offline_planner_walks_the_loop() -> None:
    memory = ContextMemory()
    assert next_action(memory) == "schema.list_tables"
    memory = memory.model_copy(update={"schema_available": True})
    assert next_action(memory) == "schema.get_columns"
    memory = memory.model_copy(update={"columns_available": True})
    assert next_action(memory) == "sql.generate"
    memory = memory.model_copy(update={"has_sql": True})
    assert next_action(memory) == "sql.validate"
    memory = memory.model_copy(update={"database_validated": True})
    assert next_action(memory) == "sql.execute"
    assert next_action(memory.model_copy(update={"last_error_kind": "syntax"})) == "sql.refine"
    assert next_action(memory.model_copy(update={"last_error_kind": "connection"})) == "sql.execute"
    assert next_action(memory.model_copy(update={"sql_executed_successfully": True})) is None
    assert next_action(memory.model_copy(update={"refused": True})) is None


def test_the_four_exit_patterns() -> None:
    failing = [StepRecord(action="sql.generate", ok=False, error_kind="no_sql")] * 3
    found = smart_exit(failing, ContextMemory(schema_available=True), 6)
    assert found is not None and found.pattern == "same_action_failing"
    schema = [
        StepRecord(action="schema.list_tables", ok=False, error_kind="other"),
        StepRecord(action="schema.get_columns", ok=False, error_kind="other"),
        StepRecord(action="schema.list_tables", ok=False, error_kind="other"),
        StepRecord(action="schema.get_columns", ok=False, error_kind="other"),
    ]
    found = smart_exit(schema, ContextMemory(), 4)
    assert found is not None and found.pattern == "no_schema"
    connection = [
        StepRecord(action=a, ok=False, error_kind="connection")
        for a in ("sql.execute", "sql.validate", "sql.execute")
    ]
    found = smart_exit(connection, ContextMemory(schema_available=True, has_sql=True), 9)
    assert found is not None and found.pattern == "connection_failing"
    wandering = [
        StepRecord(action=a, ok=True)
        for a in (
            "schema.list_tables",
            "schema.get_columns",
            "schema.list_tables",
            "schema.get_columns",
        )
    ]
    found = smart_exit(wandering, ContextMemory(schema_available=True), 6)
    assert found is not None and found.pattern == "no_sql"
    assert smart_exit(wandering, ContextMemory(schema_available=True), 5) is None


def test_readme_ask_diagram_is_current() -> None:
    import re
    from pathlib import Path

    from keel.graph.ask import graph

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    found = re.search(
        r"<!-- ask-graph:start -->\n```mermaid\n(.*?)```\n<!-- ask-graph:end -->", readme, re.S
    )
    assert found, "README lacks the ask graph block"
    assert found.group(1) == graph.get_graph().draw_mermaid(), "run `keel graph ask`"
