"""Issue 9: read-only access for the text-to-SQL loop on SQLite — introspection and execution."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tools.data_access import dialect_of, infer_foreign_keys, introspect, run_select
from tools.registry import ToolError


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
