"""sql-eval's scoring as ported in keel.bench.sql_scoring, and the harness around it."""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import uuid
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from keel.bench import sql_eval
from keel.bench.sql_eval import Answer, Outcome, Question
from keel.bench.sql_scoring import (
    NaT,
    ScoringError,
    Table,
    compare_df,
    compare_query_results,
    find_bracket_indices,
    get_all_minimal_queries,
    normalize_table,
    order_by_spec,
    subset_df,
    table_from_result,
)


def table(columns: str, *rows: tuple[object, ...]) -> Table:
    return table_from_result(columns.split(), [list(row) for row in rows])


# --- the gold query's alternatives -----------------------------------------------------------


def test_alternatives_split_on_semicolons_and_skip_empty_pieces() -> None:
    assert get_all_minimal_queries("SELECT 1; SELECT 2 ;\n;") == ["SELECT 1", "SELECT 2"]


def test_a_brace_group_expands_into_every_non_empty_combination_and_fills_group_by() -> None:
    gold = "SELECT {a.id, a.name}, COUNT(*) FROM a GROUP BY {} ORDER BY 2"
    assert get_all_minimal_queries(gold) == [
        "SELECT a.id, COUNT(*) FROM a GROUP BY a.id ORDER BY 2",
        "SELECT  a.name, COUNT(*) FROM a GROUP BY  a.name ORDER BY 2",  # sql-eval keeps the space
        "SELECT a.id,  a.name, COUNT(*) FROM a GROUP BY a.id,  a.name ORDER BY 2",
    ]


def test_only_the_first_group_expands_and_only_group_by_braces_are_filled() -> None:
    queries = get_all_minimal_queries("SELECT {x, y} FROM t ORDER BY {}")
    assert queries == [
        "SELECT x FROM t ORDER BY {}",
        "SELECT  y FROM t ORDER BY {}",
        "SELECT x,  y FROM t ORDER BY {}",
    ]


def test_bracket_indices() -> None:
    assert find_bracket_indices("a {b} c") == (2, 4)
    assert find_bracket_indices("no braces") == (-1, -1)
    assert find_bracket_indices("open { only") == (-1, -1)


# --- reading results as pandas does ---------------------------------------------------------


def test_cells_are_read_as_pandas_reads_them() -> None:
    result = table(
        "n d s ts f b",
        (1, Decimal("1.50"), "x", dt.datetime(2024, 1, 1), 2.5, True),
        (None, None, None, None, None, None),
    )
    assert result.kinds == ("float", "float", "object", "datetime", "float", "object")
    assert result.rows[0][:2] == (1.0, 1.5)
    assert math.isnan(result.rows[1][0])  # type: ignore[arg-type]
    assert result.rows[1][2] is None and result.rows[1][3] is NaT
    assert table("n b", (1, True)).kinds == ("int", "bool")
    assert table("n").kinds == ("object",)  # no rows: object, like DataFrame(columns=...)


# --- compare_df --------------------------------------------------------------------------------


def test_column_order_and_row_order_do_not_matter_when_no_order_is_asked() -> None:
    gold = table("name total", ("a", 1), ("b", 2))
    gen = table("total name", (2, "b"), (1, "a"))
    assert compare_df(gold, gen, "group_by", "How many per name?")


def test_extra_columns_fail_compare_but_pass_subset() -> None:
    gold = table("name", ("a",), ("b",))
    gen = table("id name", (1, "a"), (2, "b"))
    assert not compare_df(gold, gen, "table_join", "Which names?")
    assert subset_df(gold, gen, "table_join", "Which names?")


def test_subset_matches_each_gold_column_to_a_distinct_generated_column() -> None:
    gold = table("a b", (1, 1), (2, 2))
    gen = table("x y", (1, 5), (2, 6))  # x matches a, but b has nothing left to match
    assert not subset_df(gold, gen, "group_by", "q")
    assert subset_df(gold, table("x y", (1, 1), (2, 2)), "group_by", "q")


def test_duplicate_rows_are_dropped_before_comparing() -> None:
    gold = table("name", ("a",), ("b",))
    gen = table("name", ("b",), ("a",), ("a",))
    assert compare_df(gold, gen, "group_by", "Which names?")


def test_row_order_matters_only_when_asked_and_the_sql_has_no_order_by() -> None:
    gold = table("name total", ("a", 3), ("b", 2), ("c", 1))
    gen = table("name total", ("c", 1), ("b", 2), ("a", 3))
    question = "List names ordered by total"
    assert compare_df(gold, gen, "group_by", "List names and totals")
    assert not compare_df(gold, gen, "order_by", question)  # no SQL given: rows as they come
    ordered = "SELECT name, total FROM t ORDER BY total DESC"
    assert compare_df(gold, gen, "order_by", question, ordered, ordered)


def test_order_by_columns_are_read_from_the_first_order_by() -> None:
    assert order_by_spec("SELECT a FROM t ORDER BY t.total DESC NULLS LAST") == (["total"], False)
    assert order_by_spec("SELECT a FROM t ORDER BY name ASC, b") == (["name"], True)
    assert order_by_spec("select count(*) from t order by count(x) limit 3") == (["countx"], False)
    assert order_by_spec("SELECT a FROM t") is None


def test_the_order_by_column_moves_last_and_every_column_sorts_the_rows() -> None:
    result = normalize_table(
        table("total name", (1, "b"), (2, "a"), (1, "a")),
        "order_by",
        "q",
        "SELECT name, total FROM t ORDER BY total",  # no ASC: sql-eval sorts descending
    )
    assert result.columns == ("name", "total")
    assert result.rows == (("a", 2), ("b", 1), ("a", 1))


def test_nulls_never_equal_in_number_columns_but_do_in_text_columns() -> None:
    gold = table("name ratio", ("a", None), ("b", 0.5))
    gen = table("name ratio", ("a", None), ("b", 0.5))
    assert not compare_df(gold, gen, "ratio", "q")  # NaN != NaN
    assert subset_df(gold, gen, "ratio", "q")  # assert_series_equal matches NaN with NaN
    text = table("name", ("a",), (None,))
    assert compare_df(text, table("name", (None,), ("a",)), "ratio", "q")  # None == None


def test_numbers_compare_as_pandas_holds_them() -> None:
    assert compare_df(table("x", (Decimal("1.50"),)), table("x", (1.5,)), "ratio", "q")
    assert compare_df(table("x", (3,)), table("x", (3.0,)), "ratio", "q")
    close_gold, close_gen = table("x", (0.333333,)), table("x", (0.3333331,))
    assert not compare_df(close_gold, close_gen, "ratio", "q")  # exact
    assert subset_df(close_gold, close_gen, "ratio", "q")  # rtol 1e-5
    assert not subset_df(table("x", (3,)), table("x", (3.00001,)), "ratio", "q")  # int: exact


def test_dates_and_timestamps_are_different_values() -> None:
    day = table("d", (dt.date(2024, 1, 1),))
    assert not compare_df(day, table("d", (dt.datetime(2024, 1, 1),)), "date_functions", "q")
    assert compare_df(day, table("d", (dt.date(2024, 1, 1),)), "date_functions", "q")


def test_numpy_broadcasting_lets_an_empty_result_match_a_one_row_gold() -> None:
    gold = table("n", (5,))
    empty = table("n")
    assert compare_df(gold, empty, "group_by", "How many?")  # sql-eval's quirk, kept
    assert not compare_df(gold, empty, "group_by", "How many?", broadcast=False)
    verdict = compare_query_results("SELECT 5 AS n", empty, lambda q: gold, "How many?", "x")
    assert verdict.correct and verdict.broadcast


def test_duplicate_column_names_fail_where_pandas_fails() -> None:
    gold = table("id", (1,), (2,))
    gen = table("id id", (2, 2), (1, 1))
    with pytest.raises(ScoringError):
        compare_df(gold, gen, "table_join", "q")


# --- compare_query_results -------------------------------------------------------------------


def test_any_alternative_may_match_and_an_exact_match_stops_the_search() -> None:
    results = {
        "SELECT 1 AS n": table("n", (1,), (2,)),
        "SELECT 2 AS n": table("n", (3,), (4,)),
        "SELECT 3 AS n": table("n", (9,)),
    }
    asked: list[str] = []

    def run_gold(query: str) -> Table:
        asked.append(query)
        return results[query]

    gen = table("n", (4,), (3,))
    gold = "SELECT 1 AS n;SELECT 2 AS n;SELECT 3 AS n"
    verdict = compare_query_results(gold, gen, run_gold, "q", "group_by")
    assert (verdict.exact, verdict.correct, verdict.alternative) == (True, True, "SELECT 2 AS n")
    assert asked == ["SELECT 1 AS n", "SELECT 2 AS n"]


def test_a_subset_match_is_correct_but_not_exact() -> None:
    gen = table("n extra", (1, "x"), (2, "y"))
    verdict = compare_query_results("SELECT n", gen, lambda q: table("n", (1,), (2,)), "q", "x")
    assert (verdict.exact, verdict.correct) == (False, True)


def test_a_failing_gold_query_propagates() -> None:
    def run_gold(query: str) -> Table:
        raise RuntimeError("no such column")

    with pytest.raises(RuntimeError):
        compare_query_results("SELECT x", table("n", (1,)), run_gold, "q", "x")


# --- the harness, without a database ----------------------------------------------------------


def question(answerable: bool = True, db: str = "academic", category: str = "group_by") -> Question:
    return Question("How many?", "SELECT {a, b} FROM t", db, category, "Use t.", answerable)


def outcome(
    *,
    answerable: bool = True,
    correct: bool = False,
    refused: bool = False,
    db: str = "academic",
    category: str = "group_by",
    prompt_chars: tuple[int, ...] = (),
) -> Outcome:
    return Outcome(
        question="q",
        db=db,
        category=category,
        answerable=answerable,
        gold="SELECT 1",
        sql=None if refused else "SELECT 1",
        correct=correct,
        exact=correct,
        correct_strict=correct,
        refused=refused,
        reason="",
        repairs=1,
        iterations=len(prompt_chars),
        prompt_chars=prompt_chars,
        seconds=2.0,
    )


def test_the_report_counts_accuracy_refusals_and_prompt_sizes() -> None:
    outcomes = [
        outcome(correct=True, prompt_chars=(100, 300)),
        outcome(db="yelp", category="ratio", prompt_chars=(200,)),
        outcome(refused=True, db="yelp", category="ratio"),
        outcome(answerable=False, refused=True, correct=True, category="cat_a"),
        outcome(answerable=False, category="cat_b", prompt_chars=(50,)),
    ]
    report = sql_eval.summarise(outcomes)
    assert report["execution_accuracy"] == 0.3333
    assert report["by_category"]["group_by"] == {"accuracy": 1.0, "n": 1}
    assert report["by_split"] == {
        "dev": {"accuracy": 1.0, "n": 1},
        "test": {"accuracy": 0.0, "n": 2},
    }
    assert report["idk_refusal"]["rate"] == 0.5
    assert report["idk_refusal"]["by_category"]["cat_b"] == {"rate": 0.0, "n": 1}
    assert report["false_refusals"] == {"count": 1, "share": 0.3333}
    assert report["prompt_chars_by_iteration"] == {
        "1": {"median": 100, "questions": 3},
        "2": {"median": 300, "questions": 1},
    }
    assert report["repairs_per_question"] == 1.0 and report["seconds_per_question"] == 2.0
    json.dumps(report)


def test_the_gold_answerer_answers_with_the_first_alternative_and_refuses_idk() -> None:
    answerable, unanswerable = (
        question(),
        Question("Why?", "SELECT 'sorry'", "yelp", "cat_a", "", False),
    )
    answer = sql_eval.gold_answerer([answerable, unanswerable])
    assert answer("url", "How many?", "", "academic") == Answer(
        sql="SELECT a FROM t", refused=False, iterations=1
    )
    assert answer("url", "Why?", "", "yelp").refused


def test_context_is_the_instructions_then_the_glossary() -> None:
    assert sql_eval.question_context(question(), "- t is a table\n") == "Use t.\n\n- t is a table"
    assert sql_eval.question_context(question(), "") == "Use t."


def test_limit_keeps_the_first_questions_of_each_set() -> None:
    questions = [question(), question(db="yelp"), question(False), question(False)]
    chosen = sql_eval.select_questions(questions, ["academic"], 1)
    assert chosen == [questions[0], questions[2]]


def test_an_answerer_that_raises_has_failed() -> None:
    def broken(database_url: str, question: str, context: str, db_name: str) -> Answer:
        raise RuntimeError("model down")

    answer, _ = sql_eval.ask(broken, question(), "url", "")
    assert answer.sql is None and not answer.refused and "model down" in answer.reason


def test_urls_and_markers() -> None:
    admin = "postgresql://postgres@127.0.0.1:5432/test"
    assert (
        sql_eval.database_url(admin, "keel_sqleval_x", user="keel_reader")
        == "postgresql+psycopg://keel_reader@127.0.0.1:5432/keel_sqleval_x"
    )
    assert sql_eval.libpq_url("postgresql+psycopg://u@h:1/d") == "postgresql://u@h:1/d"
    assert sql_eval.restore_marker(b"a", b"b") != sql_eval.restore_marker(b"a", b"c")
    with pytest.raises(ValueError):
        sql_eval.database_name("x; DROP DATABASE postgres")


def test_without_postgresql_the_bench_is_a_skip_naming_the_service(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "questions_gen_postgres.csv").write_text(
        "question,query,db_name,query_category,instructions\nq,SELECT 1,tiny,group_by,\n"
    )
    (tmp_path / "idk.csv").write_text("question,instructions,query,db_name,query_category\n")
    closed = "postgresql://postgres@127.0.0.1:1/postgres"  # nothing listens on port 1
    code = sql_eval.main(["--data-dir", str(tmp_path), "--admin-url", closed])
    assert code == 0
    skipped = json.loads(capsys.readouterr().out)["skipped"]
    assert skipped.startswith(f"no PostgreSQL at {closed}")


# --- restoring into PostgreSQL ------------------------------------------------------------------

TINY_DUMP = """
CREATE SCHEMA IF NOT EXISTS shop;
CREATE TABLE Customer (
  custId integer PRIMARY KEY,
  custName text NOT NULL, -- full name
  score numeric(5,2)
);
CREATE TABLE shop.orders (id integer, custId integer, placed date);
INSERT INTO Customer (custId, custName, score) VALUES (1, 'Ann', 9.5), (2, 'Bob', NULL);
INSERT INTO shop.orders VALUES (10, 1, '2024-01-02'), (11, 1, '2024-02-03');
"""

TINY_METADATA = {
    "table_metadata": {
        "Customer": [
            {"column_name": "custId", "data_type": "integer", "column_description": ""},
            {"column_name": "custName", "data_type": "text", "column_description": "full name"},
            {"column_name": "score", "data_type": "numeric", "column_description": "it's 0-10"},
        ],
        "shop.orders": [
            {"column_name": "placed", "data_type": "date", "column_description": "order date"},
        ],
    },
    "glossary": "- orders.custId is Customer.custId",
}


@pytest.fixture
def admin_url() -> str:
    url = os.environ.get("KEEL_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("needs PostgreSQL (KEEL_TEST_POSTGRES_URL)")
    return url


@pytest.fixture
def tiny(tmp_path: Path, admin_url: str) -> Iterator[tuple[str, Path]]:
    name = f"keeltest_{uuid.uuid4().hex[:8]}"
    dumps = tmp_path / "postgres_dumps"
    dumps.mkdir()
    (dumps / f"{name}.sql").write_text(TINY_DUMP, encoding="utf-8")
    (dumps / f"{name}.json").write_text(json.dumps(TINY_METADATA), encoding="utf-8")
    yield name, tmp_path
    import psycopg

    with psycopg.connect(sql_eval.libpq_url(admin_url), autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS keel_sqleval_{name} WITH (FORCE)")


@pytest.mark.postgres
def test_restore_comments_grants_read_only_and_skips_by_marker(
    tiny: tuple[str, Path], admin_url: str
) -> None:
    import psycopg

    name, data_dir = tiny
    restored = sql_eval.restore([name], admin_url, data_dir)[name]
    assert restored.loaded and restored.comments == 3
    assert restored.reader_url.startswith("postgresql+psycopg://keel_reader@")

    with psycopg.connect(sql_eval.libpq_url(restored.admin_url)) as admin:
        comments = admin.execute(
            "SELECT col_description('customer'::regclass, 2),"
            " col_description('customer'::regclass, 3),"
            " col_description('shop.orders'::regclass, 3)"
        ).fetchone()
    assert comments == ("full name", "it's 0-10", "order date")

    with psycopg.connect(sql_eval.libpq_url(restored.reader_url), autocommit=True) as reader:
        assert reader.execute("SELECT count(*) FROM customer").fetchone() == (2,)
        assert reader.execute("SELECT count(*) FROM shop.orders").fetchone() == (2,)
        for statement in (
            "INSERT INTO customer VALUES (3, 'Cy', 1)",
            "CREATE TABLE public.intruder (x int)",
            "CREATE TEMP TABLE intruder (x int)",
            "CREATE TABLE shop.intruder (x int)",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                reader.execute(statement)

    again = sql_eval.restore([name], admin_url, data_dir)[name]
    assert not again.loaded and again.reader_url == restored.reader_url

    gold_question = Question(
        "Average score of customers with orders?",
        "SELECT AVG(score) AS avg_score FROM customer"
        " WHERE custid IN (SELECT custid FROM shop.orders)",
        name,
        "table_join",
        "",
        True,
    )
    answerer = sql_eval.gold_answerer([gold_question])
    runner = sql_eval.Runner()
    try:
        result = sql_eval.evaluate_question(gold_question, answerer, restored, "", runner)
    finally:
        runner.close()
    assert result.correct and result.exact and result.error == ""
