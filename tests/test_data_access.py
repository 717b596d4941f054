"""Issue 9: read-only access for the text-to-SQL loop on SQLite — introspection and execution."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from keel.tools.data_access import dialect_of, infer_foreign_keys, introspect, run_select
from keel.tools.registry import ToolError


@pytest.fixture
def library(tmp_path: Path) -> str:
    path = tmp_path / "library.db"
    with sqlite3.connect(path) as connection:
        connection.executescript(
            """
            CREATE TABLE author (aid INTEGER PRIMARY KEY, name TEXT, homepage TEXT);
            CREATE TABLE publication (pid INTEGER PRIMARY KEY, title TEXT, year INTEGER,
                                      jid INTEGER, published_on DATE);
            CREATE TABLE writes (aid INTEGER, pid INTEGER);
            CREATE TABLE journal (jid INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE secret_log (id INTEGER PRIMARY KEY, note TEXT);
            INSERT INTO author VALUES (1, 'Ada', 'a.example'), (2, 'Alan', NULL);
            INSERT INTO journal VALUES (1, 'Nature');
            INSERT INTO publication VALUES (1, 'Engines', 1843, 1, '1843-10-01');
            INSERT INTO writes VALUES (1, 1);
            """
        )
    return f"sqlite:///{path}"


def test_the_catalogue_is_complete_with_descriptions_samples_and_inferred_keys(
    library: str,
) -> None:
    catalogue = introspect(
        library,
        descriptions={"writes": {"": "who wrote what", "aid": "the author (author.aid)"}},
        hidden=("secret_*",),
    )
    assert dialect_of(library) == "sqlite" and catalogue.dialect == "sqlite"
    assert catalogue.names() == ["author", "journal", "publication", "writes"]
    writes = catalogue.table("writes")
    assert writes is not None and writes.comment == "who wrote what"
    assert writes.column("aid").comment == "the author (author.aid)"  # type: ignore[union-attr]
    keys = {(fk.column, fk.ref_table, fk.ref_column, fk.inferred) for fk in writes.foreign_keys}
    assert keys == {("aid", "author", "aid", True), ("pid", "publication", "pid", True)}
    publication = catalogue.table("publication")
    assert publication is not None
    assert ("jid", "journal", "jid", True) in {
        (fk.column, fk.ref_table, fk.ref_column, fk.inferred) for fk in publication.foreign_keys
    }
    assert publication.column("published_on").kind == "time"  # type: ignore[union-attr]
    author = catalogue.table("author")
    assert author is not None and sorted(author.column("name").samples) == ["Ada", "Alan"]  # type: ignore[union-attr]
    assert author.primary_key == ["aid"]
    assert infer_foreign_keys(catalogue) == catalogue  # inference is stable


def test_a_select_runs_with_a_row_cap_and_a_write_is_refused_by_the_connection(
    library: str,
) -> None:
    result = run_select(library, "SELECT name FROM author ORDER BY aid", 5.0, 1)
    assert result["columns"] == ["name"] and result["rows"] == [["Ada"]] and result["truncated"]
    for write in ("DELETE FROM author", "CREATE TABLE t (a INT)", "UPDATE author SET name = 'x'"):
        with pytest.raises(ToolError) as refused:
            run_select(library, write, 5.0, 10)
        assert refused.value.kind == "PERMISSION_ERROR", write
    assert run_select(library, "SELECT COUNT(*) FROM author", 5.0, 10)["rows"] == [[2]]


def test_a_runaway_statement_is_interrupted_at_its_deadline(library: str) -> None:
    endless = (
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c"
    )
    with pytest.raises(ToolError) as stopped:
        run_select(library, endless, 0.3, 10)
    assert stopped.value.kind == "SERVICE_UNAVAILABLE" and "timeout" in str(stopped.value)


def test_a_missing_database_is_a_connection_failure(tmp_path: Path) -> None:
    with pytest.raises(ToolError) as failed:
        introspect(f"sqlite:///{tmp_path / 'nowhere.db'}")
    assert failed.value.kind == "SERVICE_UNAVAILABLE"


def test_sqlite_paths_with_uri_characters_stay_read_only(tmp_path: Path) -> None:
    folder = tmp_path / "odd#dir"  # '#' ends a URI's path unless quoted
    folder.mkdir()
    path = folder / "w.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE t (a TEXT)")
        connection.execute("INSERT INTO t VALUES ('x:y'), ('50%')")
    url = f"sqlite:///{path}"
    for write in ("DROP TABLE t", "CREATE TABLE pwned (a INT)", "INSERT INTO t VALUES ('z')"):
        with pytest.raises(ToolError) as refused:
            run_select(url, write, 5.0, 10)
        assert refused.value.kind == "PERMISSION_ERROR", write
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT COUNT(*) FROM t").fetchone() == (2,)
        assert connection.execute("SELECT name FROM sqlite_master").fetchall() == [("t",)]
    # a ':' or a '%' in a literal is text, not a parameter
    found = run_select(url, "SELECT a FROM t WHERE a LIKE '%:%' OR a = '50%'", 5.0, 10)
    assert found["rows"] == [["x:y"], ["50%"]]


def test_a_file_uri_or_an_unsupported_backend_is_refused(tmp_path: Path) -> None:
    for url in (f"sqlite:///file:{tmp_path / 'w.db'}", "sqlite://", "mysql://root@127.0.0.1/x"):
        with pytest.raises(ToolError) as refused:
            run_select(url, "SELECT 1", 5.0, 10)
        assert refused.value.kind == "PARAMETER_ERROR", url


def test_a_statement_building_a_huge_string_is_stopped(library: str) -> None:
    with pytest.raises(ToolError) as stopped:
        run_select(library, "SELECT length(zeroblob(200000000))", 5.0, 10)
    assert stopped.value.kind == "VALIDATION_ERROR" and "too big" in str(stopped.value)


def test_errors_are_classified_by_code_not_by_words(library: str) -> None:
    for sql in (
        "SELECT connection_type FROM author",  # a name error, whatever its words say
        "SELECT json_extract(name, '$.a') FROM author",  # malformed JSON: the statement's fault
        "SELECT aid FROM author GROUP BY COUNT(*)",
    ):
        with pytest.raises(ToolError) as failed:
            run_select(library, sql, 5.0, 10)
        assert failed.value.kind == "VALIDATION_ERROR", (sql, failed.value)


def test_a_categorical_column_keeps_every_value_and_a_wide_one_its_most_frequent(
    tmp_path: Path,
) -> None:
    path = tmp_path / "cats.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE t (status TEXT, note TEXT)")
        rows = [(f"s{i % 12}", f"note {i}") for i in range(300)] + [("s0", "note 1")] * 5
        connection.executemany("INSERT INTO t VALUES (?, ?)", rows)
    table = introspect(f"sqlite:///{path}").table("t")
    assert table is not None
    status, note = table.column("status"), table.column("note")
    assert status is not None and sorted(status.samples) == sorted(f"s{i}" for i in range(12))
    assert note is not None and len(note.samples) == 8 and note.samples[0] == "note 1"
