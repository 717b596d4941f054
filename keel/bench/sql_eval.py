"""Execution accuracy of a text-to-SQL answerer on defog's sql-eval (PostgreSQL).

The data set lives outside this project, in ``../shared/data/sql_eval`` (relative
to the project root; override with ``--data-dir``); it comes from
defog-ai/sql-eval under the Apache License 2.0 (its ``LICENSE`` is beside it).
This script only reads it:

* ``questions_gen_postgres.csv`` — 210 answerable questions (``question``,
  ``query``: the gold SQL with its alternatives, ``db_name``,
  ``query_category``, ``instructions``);
* ``idk.csv`` — 105 questions the data cannot answer (categories cat_a, cat_b,
  cat_c), whose right answer is a refusal;
* ``postgres_dumps/<db>.sql`` and ``<db>.json`` — the 11 databases (CREATE TABLE
  and INSERT statements) and their column descriptions and glossary.

:func:`restore` loads each database into the local PostgreSQL server as
``keel_sqleval_<db>``, with every column description as a column comment and a
login role ``keel_reader`` that may only read; a marker on the database (a hash
of its dump and metadata) makes a re-run skip it. The answerer is then asked
every question against the reader's URL, with the question's instructions and
the database's glossary as context. Its SQL is run as ``keel_reader``, the gold
queries as the administrator, each with a 10 s statement timeout, and the two
results are compared exactly as sql-eval compares them
(:mod:`keel.bench.sql_scoring`). A question of ``idk.csv`` is right when the
answerer refuses it; refusing an answerable one is a false refusal.

``execution_accuracy`` is sql-eval's figure. Its comparison lets NumPy broadcast
results of unequal shapes, so an *empty* result passes for any one-row gold with
as many columns (or any one-cell gold): the gold queries themselves made to
return no rows (``SELECT * FROM (gold) s WHERE false``) score 0.367 here.
``execution_accuracy_strict`` is the same judgement without that (unequal shapes
never match at the first step), and ``correct_by_broadcast`` counts the
questions the two disagree on.

Differences from sql-eval's runner, none of which changes a verdict on the gold
queries: SQL is sent as it is through psycopg 3 without parameters, so ``%``
needs no escaping (sql-eval doubles the ``%`` of LIKE patterns for its driver);
the generated query runs as ``keel_reader``; if it holds several statements the
last result counts. As in sql-eval, a gold query that fails scores the question
wrong; it is counted apart (``errors.gold_query_failed``).

Output is one JSON line of figures (``--json PATH`` also writes every question's
result). Without a PostgreSQL server it prints a one-line ``{"skipped": ...}``
and exits 0. ``--answerer gold`` answers with the gold SQL itself and must score
100 %: a self-test of the harness.

Usage: ``python -m keel.bench.sql_eval [--answerer default|gold] [--model]
[--db NAME]... [--limit N] [--json PATH] [--admin-url URL] [--data-dir DIR]``.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

import psycopg
from psycopg import sql as pgsql
from sqlalchemy.engine import make_url

from keel.bench.sql_scoring import (
    ScoringError,
    Table,
    Verdict,
    compare_query_results,
    get_all_minimal_queries,
    table_from_result,
)

DEFAULT_DATA_DIR = Path(__file__).resolve().parents[3] / "shared" / "data" / "sql_eval"
DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
READER_ROLE = "keel_reader"
DATABASE_PREFIX = "keel_sqleval_"
STATEMENT_TIMEOUT_MS = 10_000
RESTORE_VERSION = "2"  # part of the marker: bump when restore() changes what it builds

DEV_DATABASES = ("academic", "advising", "atis", "broker", "car_dealership")
TEST_DATABASES = ("geography", "restaurants", "scholar", "yelp", "derm_treatment", "ewallet")
CATEGORIES = ("group_by", "order_by", "ratio", "table_join", "instruct", "date_functions")
IDK_CATEGORIES = ("cat_a", "cat_b", "cat_c")
PROGRESS_EVERY = 10


# --- the system under test -----------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """What an answerer did with one question."""

    sql: str | None  # the SQL the system executed for its answer (None: refused or failed)
    refused: bool  # the system said the data cannot answer the question
    reason: str = ""  # why it refused or failed
    repairs: int = 0  # repair attempts it made
    prompt_chars: tuple[int, ...] = ()  # prompt size (characters) of each iteration of its loop
    iterations: int = 0
    seconds: float = 0.0


class Answerer(Protocol):
    """A text-to-SQL system: answers ``question`` from the database at ``database_url``."""

    def __call__(self, database_url: str, question: str, context: str, db_name: str) -> Answer:
        """Answer one question; ``context`` is its instructions and the database's glossary."""
        ...


# --- the data set ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    """One benchmark question; ``answerable`` is False for those of ``idk.csv``."""

    question: str
    gold: str
    db_name: str
    category: str
    instructions: str
    answerable: bool


def read_questions(path: Path, answerable: bool) -> list[Question]:
    """The questions of one sql-eval CSV file."""
    with path.open(encoding="utf-8", newline="") as handle:
        return [
            Question(
                question=row["question"],
                gold=row["query"],
                db_name=row["db_name"],
                category=row["query_category"],
                instructions=(row.get("instructions") or "").strip(),
                answerable=answerable,
            )
            for row in csv.DictReader(handle)
        ]


def load_questions(data_dir: Path) -> list[Question]:
    """The answerable questions, then the unanswerable ones."""
    return read_questions(data_dir / "questions_gen_postgres.csv", True) + read_questions(
        data_dir / "idk.csv", False
    )


def select_questions(
    questions: Sequence[Question], databases: Sequence[str], limit: int | None
) -> list[Question]:
    """Questions on ``databases`` (all when empty); ``limit`` keeps the first N of each set."""
    chosen = [q for q in questions if not databases or q.db_name in databases]
    if limit is None:
        return chosen
    answerable = [q for q in chosen if q.answerable][:limit]
    unanswerable = [q for q in chosen if not q.answerable][:limit]
    return answerable + unanswerable


def read_metadata(data_dir: Path, name: str) -> dict[str, Any]:
    """``postgres_dumps/<name>.json``: ``table_metadata`` and ``glossary``."""
    raw: dict[str, Any] = json.loads(
        (data_dir / "postgres_dumps" / f"{name}.json").read_text(encoding="utf-8")
    )
    return raw


def question_context(question: Question, glossary: str) -> str:
    """The business context given with a question: its instructions, then the glossary."""
    return "\n\n".join(part.strip() for part in (question.instructions, glossary) if part.strip())


def split_of(db_name: str) -> str:
    """``dev`` or ``test`` (or ``other`` for a database outside both)."""
    if db_name in DEV_DATABASES:
        return "dev"
    return "test" if db_name in TEST_DATABASES else "other"


# --- restoring the databases -----------------------------------------------------------------


@dataclass(frozen=True)
class Restored:
    """A restored database: the URL the system under test gets, and the administrator's."""

    name: str
    reader_url: str  # SQLAlchemy URL as keel_reader
    admin_url: str  # SQLAlchemy URL as the administrator (runs the gold queries)
    loaded: bool = False  # loaded now (False: its marker matched, nothing was done)
    comments: int = 0  # column comments written when loaded


def database_name(name: str) -> str:
    """``keel_sqleval_<name>``, for a plain lower-case name."""
    if not re.fullmatch(r"[a-z0-9_]+", name):
        raise ValueError(f"not a plain database name: {name!r}")
    return DATABASE_PREFIX + name


def libpq_url(url: str) -> str:
    """A SQLAlchemy or libpq PostgreSQL URL as psycopg's ``connect`` takes it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def database_url(
    server_url: str, database: str, user: str | None = None, driver: str = "postgresql+psycopg"
) -> str:
    """``server_url`` pointed at ``database`` (as ``user`` when given, then without password)."""
    url = make_url(server_url).set(drivername=driver, database=database)
    if user is not None:
        url = url.set(username=user, password=None)
    return url.render_as_string(hide_password=False)


def restore_marker(dump: bytes, metadata: bytes) -> str:
    """The database comment that says it holds this dump and metadata."""
    digest = hashlib.sha256(dump + b"\0" + metadata).hexdigest()[:32]
    return f"keel sql-eval restore v{RESTORE_VERSION} sha256:{digest}"


def server_problem(admin_url: str) -> str | None:
    """Why no PostgreSQL answers at ``admin_url``, or None when one does."""
    try:
        with psycopg.connect(libpq_url(admin_url), connect_timeout=5) as conn:
            conn.execute("SELECT 1")
    except (psycopg.Error, OSError) as error:
        return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return None


def restore(
    names: Iterable[str], admin_url: str = DEFAULT_ADMIN_URL, data_dir: Path = DEFAULT_DATA_DIR
) -> dict[str, Restored]:
    """Restore each database of ``data_dir/postgres_dumps`` unless its marker says it is there."""
    restored: dict[str, Restored] = {}
    with psycopg.connect(libpq_url(admin_url), autocommit=True, connect_timeout=5) as conn:
        role_created = ensure_reader_role(conn)
        for name in names:
            restored[name] = restore_one(conn, name, admin_url, data_dir, regrant=role_created)
    return restored


def ensure_reader_role(conn: psycopg.Connection[Any]) -> bool:
    """Create the login role ``keel_reader`` unless it exists; True when created now."""
    exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (READER_ROLE,)).fetchone()
    if exists:
        return False
    statement = pgsql.SQL(
        "CREATE ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION"
    ).format(pgsql.Identifier(READER_ROLE))
    try:
        conn.execute(statement)
    except psycopg.errors.DuplicateObject:  # created meanwhile by another process
        return False
    return True


def restore_one(
    conn: psycopg.Connection[Any], name: str, admin_url: str, data_dir: Path, regrant: bool
) -> Restored:
    """Restore one database through the administrator's connection ``conn``."""
    dbname = database_name(name)
    dump_path = data_dir / "postgres_dumps" / f"{name}.sql"
    metadata_path = data_dir / "postgres_dumps" / f"{name}.json"
    dump, metadata = dump_path.read_bytes(), metadata_path.read_bytes()
    marker = restore_marker(dump, metadata)
    result = Restored(
        name=name,
        reader_url=database_url(admin_url, dbname, user=READER_ROLE),
        admin_url=database_url(admin_url, dbname),
    )
    current = conn.execute(
        "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s",
        (dbname,),
    ).fetchone()
    if current is not None and current[0] == marker:
        if regrant:
            with psycopg.connect(libpq_url(result.admin_url), autocommit=True) as db:
                grant_read(db, dbname)
        return result
    ident = pgsql.Identifier(dbname)
    conn.execute(pgsql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(ident))
    conn.execute(pgsql.SQL("CREATE DATABASE {}").format(ident))
    with psycopg.connect(libpq_url(result.admin_url)) as db:  # one transaction
        db.execute(dump.decode("utf-8"))
        comments = comment_columns(db, json.loads(metadata).get("table_metadata") or {})
        grant_read(db, dbname)
    conn.execute(pgsql.SQL("COMMENT ON DATABASE {} IS {}").format(ident, pgsql.Literal(marker)))
    return Restored(result.name, result.reader_url, result.admin_url, True, comments)


_USER_SCHEMAS = (
    "SELECT n.nspname FROM pg_namespace n"
    " WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')"
    " AND n.nspname NOT LIKE 'pg\\_%' ORDER BY n.nspname"
)


def comment_columns(conn: psycopg.Connection[Any], table_metadata: dict[str, Any]) -> int:
    """``COMMENT ON COLUMN`` every described column of ``table_metadata``; how many.

    A table is named ``table`` (schema ``public``) or ``schema.table``. Names are
    matched without regard to case, as unquoted identifiers fold to lower case
    (the metadata writes ``sbCustomer``, the catalogue holds ``sbcustomer``).
    """
    catalogue = conn.execute(
        "SELECT n.nspname, c.relname, a.attname FROM pg_attribute a"
        " JOIN pg_class c ON c.oid = a.attrelid"
        " JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped"
        " AND n.nspname NOT IN ('pg_catalog', 'information_schema')"
    ).fetchall()
    actual = {
        (str(n).lower(), str(t).lower(), str(c).lower()): (str(n), str(t), str(c))
        for n, t, c in catalogue
    }
    written = 0
    for table, columns in table_metadata.items():
        schema, _, name = str(table).rpartition(".")
        for column in columns:
            description = str(column.get("column_description") or "").strip()
            key = (
                (schema or "public").lower(),
                name.lower(),
                str(column.get("column_name", "")).lower(),
            )
            found = actual.get(key)
            if not description or found is None:
                continue
            conn.execute(
                pgsql.SQL("COMMENT ON COLUMN {} IS {}").format(
                    pgsql.Identifier(*found), pgsql.Literal(description)
                )
            )
            written += 1
    return written


def grant_read(conn: psycopg.Connection[Any], dbname: str) -> None:
    """Let ``keel_reader`` connect and select, and PUBLIC do nothing (no TEMP, no CREATE).

    Every schema of the dump is granted like ``public`` (ewallet's tables are in
    ``consumer_div``).
    """
    database, role = pgsql.Identifier(dbname), pgsql.Identifier(READER_ROLE)
    conn.execute(pgsql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(database))
    conn.execute(pgsql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(database, role))
    for (name,) in conn.execute(_USER_SCHEMAS).fetchall():
        schema = pgsql.Identifier(str(name))
        conn.execute(pgsql.SQL("REVOKE CREATE ON SCHEMA {} FROM PUBLIC").format(schema))
        conn.execute(pgsql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(schema, role))
        conn.execute(
            pgsql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA {} TO {}").format(schema, role)
        )


# --- running queries -------------------------------------------------------------------------


class GoldQueryError(Exception):
    """A gold query failed (sql-eval then scores the question as an execution error)."""


class Runner:
    """Runs SQL on restored databases: one autocommit connection per URL, 10 s per statement."""

    def __init__(self, timeout_ms: int = STATEMENT_TIMEOUT_MS) -> None:
        self.timeout_ms = timeout_ms
        self._connections: dict[str, psycopg.Connection[Any]] = {}

    def _connection(self, url: str) -> psycopg.Connection[Any]:
        conn = self._connections.get(url)
        if conn is None or conn.closed or conn.broken:
            conn = psycopg.connect(
                libpq_url(url),
                autocommit=True,
                connect_timeout=10,
                options=f"-c statement_timeout={self.timeout_ms}",
            )
            self._connections[url] = conn
        return conn

    def run(self, url: str, query: str) -> Table:
        """Execute ``query`` and fetch its whole result (the last one, if several)."""
        with self._connection(url).cursor() as cursor:
            cursor.execute(query)
            result: Table | None = None
            while True:
                if cursor.description is not None:
                    columns = [column.name for column in cursor.description]
                    result = table_from_result(columns, cursor.fetchall())
                if not cursor.nextset():
                    break
        if result is None:
            raise ValueError("the statement returned no rows")
        return result

    def close(self) -> None:
        """Close every connection."""
        for conn in self._connections.values():
            conn.close()
        self._connections.clear()


# --- scoring one question -----------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """One question's result."""

    question: str
    db: str
    category: str
    answerable: bool
    gold: str
    sql: str | None
    correct: bool  # answerable: execution accuracy; unanswerable: refused
    exact: bool
    correct_strict: bool  # correct without sql-eval's broadcasting quirk
    refused: bool
    reason: str
    repairs: int
    iterations: int
    prompt_chars: tuple[int, ...] = ()
    seconds: float = 0.0
    error: str = ""  # what kept an answer from being scored: answerer, generated, gold, scoring


def ask(answerer: Answerer, question: Question, url: str, glossary: str) -> tuple[Answer, float]:
    """Ask one question; an answerer that raises has failed (no SQL)."""
    start = time.perf_counter()
    try:
        answer = answerer(
            url, question.question, question_context(question, glossary), question.db_name
        )
    except Exception as error:  # a failing system under test is a result, not a crash
        answer = Answer(
            sql=None, refused=False, reason=f"answerer raised {type(error).__name__}: {error}"
        )
    return answer, time.perf_counter() - start


@dataclass(frozen=True)
class Scored:
    """sql-eval's verdict on one answer, the same without its broadcasting quirk, what failed."""

    verdict: Verdict
    strict: bool = False  # correct when unequal shapes never match (see sql_scoring)
    error: str = ""


def score(
    question: Question,
    answer: Answer,
    run_generated: Callable[[str], Table],
    run_gold: Callable[[str], Table],
) -> Scored:
    """Score an answer to an answerable question (its SQL run by ``run_generated``)."""
    if answer.refused or not answer.sql:
        return Scored(Verdict(False, False), error="" if answer.refused else "no SQL")
    try:
        generated = run_generated(answer.sql)
    except (psycopg.Error, ValueError) as error:
        return Scored(Verdict(False, False), error=f"generated query failed: {_first_line(error)}")

    def judge(broadcast: bool) -> Verdict:
        return compare_query_results(
            question.gold,
            generated,
            run_gold,
            question.question,
            question.category,
            answer.sql,
            broadcast=broadcast,
        )

    try:
        verdict = judge(broadcast=True)
    except GoldQueryError as error:
        return Scored(Verdict(False, False), error=f"gold query failed: {error}")
    except ScoringError as error:
        return Scored(Verdict(False, False), error=f"scoring failed: {error}")
    if not verdict.broadcast:
        return Scored(verdict, strict=verdict.correct)
    try:
        strict = judge(broadcast=False).correct
    except (GoldQueryError, ScoringError):
        strict = False
    return Scored(verdict, strict=strict)


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def evaluate_question(
    question: Question,
    answerer: Answerer,
    restored: Restored,
    glossary: str,
    runner: Runner,
) -> Outcome:
    """Ask ``question`` and score the answer."""
    answer, elapsed = ask(answerer, question, restored.reader_url, glossary)
    scored = Scored(Verdict(False, False))
    if question.answerable:

        def run_gold(query: str) -> Table:
            try:
                return runner.run(restored.admin_url, query)
            except (psycopg.Error, ValueError) as failure:
                raise GoldQueryError(_first_line(failure)) from failure

        scored = score(question, answer, lambda sql: runner.run(restored.reader_url, sql), run_gold)
    error = scored.error
    if answer.reason.startswith("answerer raised"):
        error = answer.reason
    correct = scored.verdict.correct if question.answerable else answer.refused
    return Outcome(
        question=question.question,
        db=question.db_name,
        category=question.category,
        answerable=question.answerable,
        gold=question.gold,
        sql=answer.sql,
        correct=correct,
        exact=scored.verdict.exact,
        correct_strict=scored.strict if question.answerable else answer.refused,
        refused=answer.refused,
        reason=answer.reason,
        repairs=answer.repairs,
        iterations=answer.iterations,
        prompt_chars=tuple(answer.prompt_chars),
        seconds=round(answer.seconds or elapsed, 4),
        error=error,
    )


# --- the gold answerer -----------------------------------------------------------------------


@dataclass(frozen=True)
class GoldAnswerer:
    """Answers with the first expanded gold query and refuses the unanswerable: a self-test."""

    questions: dict[tuple[str, str], Question] = field(default_factory=dict)

    def __call__(self, database_url: str, question: str, context: str, db_name: str) -> Answer:
        """The gold answer to ``question`` on ``db_name``."""
        known = self.questions.get((db_name, question))
        if known is None:
            return Answer(sql=None, refused=False, reason="not a benchmark question")
        if not known.answerable:
            return Answer(sql=None, refused=True, reason="gold: unanswerable", iterations=1)
        return Answer(sql=get_all_minimal_queries(known.gold)[0], refused=False, iterations=1)


def gold_answerer(questions: Iterable[Question]) -> Answerer:
    """The gold answerer for ``questions``."""
    return GoldAnswerer({(q.db_name, q.question): q for q in questions})


# --- the report ------------------------------------------------------------------------------


def _rate(hits: int, total: int) -> float | None:
    return round(hits / total, 4) if total else None


def _accuracy(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    return {"accuracy": _rate(sum(o.correct for o in outcomes), len(outcomes)), "n": len(outcomes)}


def _ordered(keys: Iterable[str], preferred: Sequence[str]) -> list[str]:
    present = set(keys)
    return [k for k in preferred if k in present] + sorted(present.difference(preferred))


def prompt_chars_by_iteration(outcomes: Sequence[Outcome]) -> dict[str, dict[str, float | int]]:
    """Per loop iteration (from 1): the median prompt size, and how many questions reach it."""
    depth = max((len(o.prompt_chars) for o in outcomes), default=0)
    figures: dict[str, dict[str, float | int]] = {}
    for i in range(depth):
        sizes = [o.prompt_chars[i] for o in outcomes if len(o.prompt_chars) > i]
        figures[str(i + 1)] = {"median": statistics.median(sizes), "questions": len(sizes)}
    return figures


def summarise(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """The figures of one run."""
    answerable = [o for o in outcomes if o.answerable]
    unanswerable = [o for o in outcomes if not o.answerable]
    by_category = {
        category: _accuracy([o for o in answerable if o.category == category])
        for category in _ordered((o.category for o in answerable), CATEGORIES)
    }
    by_split = {
        split: _accuracy([o for o in answerable if split_of(o.db) == split])
        for split in _ordered((split_of(o.db) for o in answerable), ("dev", "test"))
    }
    idk_by_category = {
        category: {
            "rate": _rate(
                sum(o.refused for o in unanswerable if o.category == category),
                sum(o.category == category for o in unanswerable),
            ),
            "n": sum(o.category == category for o in unanswerable),
        }
        for category in _ordered((o.category for o in unanswerable), IDK_CATEGORIES)
    }
    false_refusals = sum(o.refused for o in answerable)
    errors = {
        kind: sum(o.error.startswith(prefix) for o in answerable)
        for kind, prefix in (
            ("answerer_raised", "answerer raised"),
            ("no_sql", "no SQL"),
            ("generated_query_failed", "generated query failed"),
            ("gold_query_failed", "gold query failed"),
            ("scoring_failed", "scoring failed"),
        )
    }
    return {
        "execution_accuracy": _rate(sum(o.correct for o in answerable), len(answerable)),
        "exact_match": _rate(sum(o.exact for o in answerable), len(answerable)),
        "execution_accuracy_strict": _rate(
            sum(o.correct_strict for o in answerable), len(answerable)
        ),
        "by_category": by_category,
        "by_split": by_split,
        "idk_refusal": {
            "rate": _rate(sum(o.refused for o in unanswerable), len(unanswerable)),
            "n": len(unanswerable),
            "by_category": idk_by_category,
        },
        "false_refusals": {
            "count": false_refusals,
            "share": _rate(false_refusals, len(answerable)),
        },
        "repairs_per_question": _mean([o.repairs for o in outcomes]),
        "iterations_per_question": _mean([o.iterations for o in outcomes]),
        "prompt_chars_by_iteration": prompt_chars_by_iteration(outcomes),
        "seconds_per_question": _median([o.seconds for o in outcomes]),
        "correct_by_broadcast": sum(o.correct and not o.correct_strict for o in answerable),
        "errors": errors,
        "n_questions": len(outcomes),
        "n_answerable": len(answerable),
        "n_unanswerable": len(unanswerable),
    }


def _mean(values: Sequence[float]) -> float | None:
    return round(statistics.fmean(values), 4) if values else None


def _median(values: Sequence[float]) -> float | None:
    return round(statistics.median(values), 4) if values else None


# --- command line ----------------------------------------------------------------------------


def _progress(done: int, total: int, outcomes: Sequence[Outcome]) -> None:
    answerable = [o for o in outcomes if o.answerable]
    unanswerable = [o for o in outcomes if not o.answerable]
    print(
        f"sql_eval: {done}/{total} questions; correct {sum(o.correct for o in answerable)}"
        f"/{len(answerable)}; refused {sum(o.refused for o in unanswerable)}/{len(unanswerable)}",
        file=sys.stderr,
    )


def run(
    questions: Sequence[Question],
    answerer: Answerer,
    restored: dict[str, Restored],
    glossaries: dict[str, str],
    runner: Runner,
) -> list[Outcome]:
    """Ask and score every question, printing progress to stderr every ten."""
    outcomes: list[Outcome] = []
    for done, question in enumerate(questions, start=1):
        db = question.db_name
        outcomes.append(evaluate_question(question, answerer, restored[db], glossaries[db], runner))
        if done % PROGRESS_EVERY == 0 or done == len(questions):
            _progress(done, len(questions), outcomes)
    return outcomes


def default_answerer(model: bool) -> Answerer:
    """The text-to-SQL loop as the harness calls it (offline, or with the configured model)."""
    from keel.ask import ask
    from keel.state.context import Context

    settings = Context() if model else Context(llm_base_url=None, llm_model=None)
    if model and not settings.llm_enabled:
        raise SystemExit("--model needs KEEL_LLM_BASE_URL and KEEL_LLM_MODEL")

    def answer(database_url: str, question: str, context: str, db_name: str) -> Answer:
        started = time.perf_counter()
        result = ask(question, database=database_url, business_context=context, context=settings)
        found = result["answer"]
        return Answer(
            sql=found.get("sql") if result["status"] == "answered" else None,
            refused=result["status"] == "refused",
            reason=str(found.get("reason") or ""),
            repairs=int(found.get("repairs") or 0),
            prompt_chars=tuple(found.get("prompt_chars") or ()),
            iterations=int(found.get("iterations") or 0),
            seconds=time.perf_counter() - started,
        )

    return answer


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--answerer", choices=("default", "gold"), default="default")
    parser.add_argument("--model", action="store_true", help="default answerer with the model")
    parser.add_argument("--db", action="append", default=[], help="only this database (repeatable)")
    parser.add_argument("--limit", type=int, help="first N answerable and first N idk questions")
    parser.add_argument("--json", type=Path, help="also write every question's result here")
    parser.add_argument("--admin-url", default=DEFAULT_ADMIN_URL, help="(default: %(default)s)")
    parser.add_argument(
        "--data-dir", type=Path, default=DEFAULT_DATA_DIR, help="(default: %(default)s)"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one JSON line; return the exit status."""
    args = _parser().parse_args(argv)
    data_dir: Path = args.data_dir
    if not (data_dir / "questions_gen_postgres.csv").is_file():
        print(f"sql_eval: no questions_gen_postgres.csv under {data_dir}", file=sys.stderr)
        return 2
    questions = select_questions(load_questions(data_dir), args.db, args.limit)
    if not questions:
        print(f"sql_eval: no questions for databases {args.db}", file=sys.stderr)
        return 2
    answerer = gold_answerer(questions) if args.answerer == "gold" else default_answerer(args.model)
    problem = server_problem(args.admin_url)
    if problem is not None:
        print(json.dumps({"skipped": f"no PostgreSQL at {args.admin_url}: {problem}"}))
        return 0
    names = list(dict.fromkeys(q.db_name for q in questions))
    restored = restore(names, args.admin_url, data_dir)
    for item in restored.values():
        state = f"loaded, {item.comments} column comments" if item.loaded else "up to date"
        print(f"sql_eval: {DATABASE_PREFIX}{item.name} {state}", file=sys.stderr)
    glossaries = {name: str(read_metadata(data_dir, name).get("glossary") or "") for name in names}
    runner = Runner()
    try:
        outcomes = run(questions, answerer, restored, glossaries, runner)
    finally:
        runner.close()
    report = {"answerer": args.answerer + ("+model" if args.model else ""), **summarise(outcomes)}
    report["databases"] = names
    print(json.dumps(report))
    if args.json:
        args.json.write_text(
            json.dumps([asdict(o) for o in outcomes], indent=1, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
