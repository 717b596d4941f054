"""Result comparison of the defog sql-eval benchmark, ported to pure Python.

Source: ``eval/eval.py`` of defog-ai/sql-eval (Apache-2.0), at commit
``96c36dece2b372429b9dc44f885eb9089906b9b6``. sql-eval reads every result with
``pandas.read_sql_query`` and compares DataFrames; this module keeps the same
decisions without pandas, on a small :class:`Table` whose cells are what pandas
would hold. Each public function names the function it ports:

* :func:`get_all_minimal_queries` / :func:`find_bracket_indices` — the gold
  query's alternatives: split on ``;`` (every piece, even inside string
  literals), the *first* ``{a, b}`` group of each piece expanded into every
  non-empty combination (in ``itertools.combinations`` order, joined with
  ``", "``), and every ``GROUP BY {}`` of the rest of the piece filled with the
  same columns. Any other ``{}`` is left as it is (and the query then fails).
* :func:`normalize_table` — drop duplicate rows, sort the columns by name, and
  sort the rows by every column unless the question asks for an order (category
  ``order_by``, or the words *order*, *sort*, *arrange*). When it does and the SQL
  has an ``ORDER BY``, the rows are still sorted by *every* column, the columns
  named in the text after the first ``ORDER BY`` (up to ``;``, ``,``, ``)`` or the
  end) first, descending unless that text says ``ASC`` (no keyword: descending),
  and those columns are moved to the end. So row order only matters when the
  question asks for one *and* the SQL has no ``ORDER BY``.
* :func:`compare_df` — ``(gold.values == gen.values).all()`` before and after
  normalisation, exact (no float tolerance), NULL never equal in number and
  timestamp columns (NaN/NaT) but equal in text and date columns (``None``).
* :func:`subset_df` — every gold column must equal, as sorted values, a distinct
  generated column (pandas ``assert_series_equal`` with ``check_dtype=False``:
  NULLs match NULLs, floats within ``rtol=1e-5, atol=1e-8`` unless either column
  is an integer or boolean one, then exact); the matched generated columns,
  renamed, must then equal the gold after normalisation (``assert_frame_equal``,
  same tolerance). Extra generated columns are allowed; an empty gold never
  passes.
* :func:`compare_query_results` — each expanded gold alternative in turn: an
  exact match returns at once, a subset match counts as correct; a gold query
  that fails raises (sql-eval scores the question as an execution error).

Cells follow ``pandas.read_sql_query`` (pandas 2.2, NumPy backend), see
:func:`table_from_result`: ``numeric`` (Decimal) becomes float; an integer column
with a NULL becomes float with NaN; a timestamp or interval NULL becomes NaT; a
text, date or boolean column with a NULL keeps ``None``.

Quirks kept on purpose, because they decide sql-eval's published figures:

* the first comparison of :func:`compare_df` uses NumPy broadcasting, so a gold
  of one row matches a generated result of *zero* rows, or of several copies of
  that row, with the same number of columns (and a one-column gold matches any
  result whose columns all equal it). An earlier sql-eval (commit ``079e59c``)
  guarded this comparison with equal shapes; the current one does not.
  :class:`Verdict` flags such matches (``broadcast``), and ``broadcast=False``
  (on :func:`compare_df` and :func:`compare_query_results`) judges without it;
* duplicate column names raise :class:`ScoringError` where pandas raises (sorting
  or reordering columns by a label that is not unique), which sql-eval counts
  as an execution error;
* the ``ORDER BY`` text is read from the *whole* gold string (all alternatives,
  unexpanded) and from the generated SQL; in :func:`subset_df` no SQL is passed
  (as in sql-eval), so there the rows keep their query order when an order is
  asked for.

Deliberate differences: values that cannot be hashed (JSON objects) are
de-duplicated by their ``repr`` where pandas would raise; values of one column
that cannot be ordered against each other raise :class:`ScoringError` (pandas
sometimes sorts mixed numbers and strings); NumPy compares an all-number frame
as float64, which this port does not do (it differs only past 2**53).
"""

from __future__ import annotations

import datetime as dt
import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

Kind = Literal["int", "float", "bool", "datetime", "timedelta", "object"]

FLOAT_RTOL = 1e-5  # pandas.testing defaults, used by subset_df through assert_*_equal
FLOAT_ATOL = 1e-8

_ORDER_WORDS = re.compile(r"\b(order|sort|arrange)\b", re.IGNORECASE)
_ORDER_BY_CLAUSE = re.compile(r"ORDER BY[\s\S]*", re.IGNORECASE)
_ORDER_BY_COLUMNS = re.compile(r"(?<=ORDER BY)(.*?)(?=;|,|\)|$)", re.IGNORECASE)
_ORDER_BY_KEYWORDS = ("desc", "asc", "nulls", "last", "first", "limit")


class ScoringError(Exception):
    """A comparison pandas could not make (sql-eval then scores an execution error)."""


class _NaTType:
    """pandas' NaT: a missing timestamp, equal to nothing, not even itself."""

    _instance: _NaTType | None = None

    def __new__(cls) -> _NaTType:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __eq__(self, other: object) -> bool:
        return False

    def __ne__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash("NaT")

    def __repr__(self) -> str:
        return "NaT"


NaT = _NaTType()


@dataclass(frozen=True)
class Table:
    """A query result as pandas would hold it: labelled columns, their kinds, the rows."""

    columns: tuple[str, ...]
    kinds: tuple[Kind, ...]
    rows: tuple[tuple[object, ...], ...]

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, columns)``, like ``DataFrame.shape``."""
        return (len(self.rows), len(self.columns))

    def column(self, index: int) -> tuple[object, ...]:
        """The values of the column at ``index``."""
        return tuple(row[index] for row in self.rows)

    def select(self, indices: Sequence[int], names: Sequence[str] | None = None) -> Table:
        """The columns at ``indices`` in that order, optionally renamed."""
        return Table(
            columns=tuple(names) if names is not None else tuple(self.columns[i] for i in indices),
            kinds=tuple(self.kinds[i] for i in indices),
            rows=tuple(tuple(row[i] for i in indices) for row in self.rows),
        )


@dataclass(frozen=True)
class Verdict:
    """What :func:`compare_query_results` decided (sql-eval's ``(exact_match, correct)``)."""

    exact: bool
    correct: bool
    broadcast: bool = False  # the first comparison matched unequal shapes by NumPy broadcasting
    alternative: str = ""  # the expanded gold query that matched


# --- reading results as pandas does -------------------------------------------------------


def is_null(value: object) -> bool:
    """``pandas.isna`` for a cell: None, NaN or NaT."""
    if value is None or value is NaT:
        return True
    if isinstance(value, float):
        return math.isnan(value)
    if isinstance(value, Decimal):
        return value.is_nan()
    return False


def _is_number(value: object) -> bool:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def infer_kind(values: Sequence[object]) -> tuple[Kind, tuple[object, ...]]:
    """The dtype pandas infers for one result column, and the cells it then holds.

    Mirrors ``lib.maybe_convert_objects(try_float=True)`` followed by
    ``maybe_infer_to_datetimelike``, as ``read_sql_query`` applies them.
    """
    present = [value for value in values if value is not None]
    has_none = len(present) < len(values)
    if not present:
        return "object", tuple(values)
    if all(_is_number(value) for value in present):
        if not has_none and all(isinstance(value, int) for value in present):
            return "int", tuple(values)
        cells = tuple(math.nan if value is None else float(value) for value in values)  # type: ignore[arg-type]
        return "float", cells
    if all(isinstance(value, bool) for value in present):
        return ("object" if has_none else "bool"), tuple(values)
    if all(isinstance(value, dt.datetime) for value in present):
        return "datetime", tuple(NaT if value is None else value for value in values)
    if all(isinstance(value, dt.timedelta) for value in present):
        return "timedelta", tuple(NaT if value is None else value for value in values)
    return "object", tuple(values)


def table_from_result(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> Table:
    """A fetched result (column names, rows of driver values) as ``read_sql_query`` reads it.

    With no rows every column is ``object``, like ``DataFrame(columns=...)``.
    """
    if not rows:
        return Table(tuple(columns), tuple("object" for _ in columns), ())
    kinds: list[Kind] = []
    cells: list[tuple[object, ...]] = []
    for index in range(len(columns)):
        kind, values = infer_kind([row[index] for row in rows])
        kinds.append(kind)
        cells.append(values)
    return Table(tuple(columns), tuple(kinds), tuple(zip(*cells, strict=True)))


# --- the gold query's alternatives --------------------------------------------------------


def find_bracket_indices(text: str, start_index: int = 0) -> tuple[int, int]:
    """Port of ``find_bracket_indices``: the first ``{`` and the next ``}``, or ``(-1, -1)``."""
    start = text.find("{", start_index)
    end = text.find("}", start + 1)
    if start == -1 or end == -1:
        return (-1, -1)
    return (start, end)


def get_all_minimal_queries(query: str) -> list[str]:
    """Port of ``get_all_minimal_queries``: every alternative the gold query allows."""
    result: list[str] = []
    for piece in query.split(";"):
        piece = piece.strip()
        if not piece:
            continue
        start, end = find_bracket_indices(piece, 0)
        if (start, end) == (-1, -1):
            result.append(piece)
            continue
        options = piece[start + 1 : end].split(",")
        combinations = itertools.chain.from_iterable(
            itertools.combinations(options, size) for size in range(1, len(options) + 1)
        )
        for combination in combinations:
            left, right = piece[:start], piece[end + 1 :]
            column_str = ", ".join(combination)
            if right.find("GROUP BY {}"):  # sic: false only when right *starts* with it
                right = right.replace("GROUP BY {}", f"GROUP BY {column_str}")
            result.append(left + column_str + right)
    return result


# --- normalisation -------------------------------------------------------------------------


def asks_for_order(query_category: str, question: str) -> bool:
    """Whether row order counts: category ``order_by`` or *order/sort/arrange* in the question."""
    return query_category == "order_by" or _ORDER_WORDS.search(question.lower()) is not None


def order_by_spec(sql: str) -> tuple[list[str], bool] | None:
    """The columns named after the first ``ORDER BY`` of ``sql`` and whether ascending.

    Port of the regular-expression part of ``normalize_table``; ``None`` when the
    SQL has no ``ORDER BY``. Tokens keep what sql-eval keeps (``COUNT(x`` becomes
    ``COUNTx``, ``t.col`` becomes ``col``); direction: descending unless ``ASC``
    appears without ``DESC``.
    """
    clause = _ORDER_BY_CLAUSE.search(sql)
    if clause is None:
        return None
    found = _ORDER_BY_COLUMNS.findall(clause.group(0))
    tokens = found[0].split() if found else []
    tokens = [token.strip().rsplit(".", 1)[-1] for token in tokens]
    upper = [token.upper() for token in tokens]
    ascending = "DESC" not in upper and "ASC" in upper
    tokens = [token.strip().replace(",", "").replace("(", "") for token in tokens]
    return [token for token in tokens if token.lower() not in _ORDER_BY_KEYWORDS], ascending


def drop_duplicates(table: Table) -> Table:
    """``DataFrame.drop_duplicates()``: keep each distinct row's first occurrence (NULLs equal)."""
    seen: set[tuple[object, ...]] = set()
    kept: list[tuple[object, ...]] = []
    for row in table.rows:
        key = tuple(_dedup_key(value) for value in row)
        if key not in seen:
            seen.add(key)
            kept.append(row)
    return Table(table.columns, table.kinds, tuple(kept))


_NULL_KEY = ("<null>",)


def _dedup_key(value: object) -> object:
    if is_null(value):
        return _NULL_KEY
    try:
        hash(value)
    except TypeError:
        return ("<unhashable>", repr(value))
    return value


def _duplicated(columns: Sequence[str]) -> set[str]:
    return {name for name, count in Counter(columns).items() if count > 1}


def reorder_columns(table: Table, names: Sequence[str]) -> Table:
    """``df[names]`` / ``df.reindex(names, axis=1)`` for labels that exist in ``table``.

    Raises :class:`ScoringError` where pandas does: a label that is not unique,
    unless the order asked for is the order the table already has.
    """
    if list(names) == list(table.columns):
        return table
    duplicated = _duplicated(table.columns)
    if duplicated:
        raise ScoringError(f"cannot reindex on an axis with duplicate labels {sorted(duplicated)}")
    index = {name: i for i, name in enumerate(table.columns)}
    return table.select([index[name] for name in names])


def sort_rows(table: Table, by: Sequence[str], ascending: bool = True) -> Table:
    """``DataFrame.sort_values(by=..., ascending=...)``: stable, NULLs last in either direction."""
    duplicated = _duplicated(table.columns)
    for name in by:
        if name in duplicated:
            raise ScoringError(f"The column label '{name}' is not unique.")
    index = {name: i for i, name in enumerate(table.columns)}
    rows = list(table.rows)
    for name in reversed(by):  # least significant key first: repeated stable sorts
        rows = _sorted_by(rows, index[name], ascending)
    return Table(table.columns, table.kinds, tuple(rows))


def _sorted_by(
    rows: list[tuple[object, ...]], index: int, ascending: bool
) -> list[tuple[object, ...]]:
    present = [row for row in rows if not is_null(row[index])]
    missing = [row for row in rows if is_null(row[index])]
    try:
        present.sort(key=lambda row: row[index], reverse=not ascending)  # type: ignore[arg-type,return-value]
    except TypeError as error:
        raise ScoringError(f"cannot sort column values: {error}") from error
    return present + missing


def normalize_table(
    table: Table, query_category: str, question: str, sql: str | None = None
) -> Table:
    """Port of ``normalize_table`` (see the module docstring)."""
    table = drop_duplicates(table)
    table = reorder_columns(table, sorted(table.columns))
    has_order_by = asks_for_order(query_category, question)
    if has_order_by and sql:
        spec = order_by_spec(sql)
        if spec is not None:
            tokens, ascending = spec
            columns = list(table.columns)
            other_columns = [name for name in columns if name not in tokens]
            order_columns = [name for name in tokens if name in columns]
            table = sort_rows(table, order_columns + other_columns, ascending)
            table = reorder_columns(table, other_columns + order_columns)
    if not has_order_by:
        table = sort_rows(table, list(table.columns))
    return table


# --- comparisons ---------------------------------------------------------------------------


def _broadcast(left: int, right: int) -> int | None:
    if left == right or right == 1:
        return left
    if left == 1:
        return right
    return None


def values_equal(gold: Table, gen: Table, broadcast: bool = True) -> bool:
    """``(gold.values == gen.values).all()``, NumPy broadcasting included.

    Cells compare with ``==``: NaN and NaT equal nothing, ``None`` equals ``None``.
    Shapes that do not broadcast compare unequal (NumPy raises, sql-eval swallows
    it). With ``broadcast=False`` unequal shapes compare unequal, as in sql-eval
    before its shape guard was dropped.
    """
    (gold_rows, gold_cols), (gen_rows, gen_cols) = gold.shape, gen.shape
    if not broadcast and gold.shape != gen.shape:
        return False
    rows, cols = _broadcast(gold_rows, gen_rows), _broadcast(gold_cols, gen_cols)
    if rows is None or cols is None:
        return False
    for i in range(rows):
        gold_row = gold.rows[0 if gold_rows == 1 else i]
        gen_row = gen.rows[0 if gen_rows == 1 else i]
        for j in range(cols):
            if not bool(gold_row[0 if gold_cols == 1 else j] == gen_row[0 if gen_cols == 1 else j]):
                return False
    return True


def compare_df(
    df_gold: Table,
    df_gen: Table,
    query_category: str,
    question: str,
    query_gold: str | None = None,
    query_gen: str | None = None,
    broadcast: bool = True,
) -> bool:
    """Port of ``compare_df``: the same values, as they come or after normalisation.

    ``broadcast=False`` is not sql-eval's: the first comparison then needs equal shapes.
    """
    if values_equal(df_gold, df_gen, broadcast):
        return True
    df_gold = normalize_table(df_gold, query_category, question, query_gold)
    df_gen = normalize_table(df_gen, query_category, question, query_gen)
    if df_gold.shape != df_gen.shape:
        return False
    return values_equal(df_gold, df_gen)


def _exact_kind(kind: Kind) -> bool:
    """Whether pandas (>= 2.2) compares the column exactly: numeric but not float."""
    return kind in ("int", "bool")


def cells_equivalent(left: object, right: object, exact: bool) -> bool:
    """One cell of ``assert_series_equal(check_dtype=False)``."""
    if is_null(left) and is_null(right):
        return True
    if is_null(left) or is_null(right):
        return False
    if isinstance(left, str) or isinstance(right, str):
        return left == right
    if bool(left == right):
        return True
    if exact:
        return False
    numbers = (int, float)  # bool is an int: pandas' is_comparable_as_number takes it too
    if isinstance(left, numbers) and isinstance(right, numbers):
        return math.isclose(left, right, rel_tol=FLOAT_RTOL, abs_tol=FLOAT_ATOL)
    return False


def series_equivalent(
    left: Sequence[object], left_kind: Kind, right: Sequence[object], right_kind: Kind
) -> bool:
    """``assert_series_equal(left, right, check_dtype=False, check_names=False)`` passes."""
    if len(left) != len(right):
        return False
    exact = _exact_kind(left_kind) or _exact_kind(right_kind)
    return all(cells_equivalent(a, b, exact) for a, b in zip(left, right, strict=True))


def frame_equivalent(left: Table, right: Table) -> bool:
    """``assert_frame_equal(left, right, check_dtype=False)`` passes."""
    if left.shape != right.shape or left.columns != right.columns:
        return False
    return all(
        series_equivalent(left.column(i), left.kinds[i], right.column(i), right.kinds[i])
        for i in range(len(left.columns))
    )


def sorted_column(table: Table, name: str) -> tuple[tuple[object, ...], Kind]:
    """``df[name].sort_values().reset_index(drop=True)`` and its kind.

    A label that is not unique selects a frame in pandas, whose ``sort_values()``
    then fails: :class:`ScoringError`.
    """
    positions = [i for i, column in enumerate(table.columns) if column == name]
    if len(positions) != 1:
        raise ScoringError(f"column label '{name}' is not unique")
    values = table.column(positions[0])
    present = [value for value in values if not is_null(value)]
    missing = [value for value in values if is_null(value)]
    try:
        present.sort()
    except TypeError as error:
        raise ScoringError(f"cannot sort column values: {error}") from error
    return tuple(present + missing), table.kinds[positions[0]]


def subset_df(
    df_sub: Table,
    df_super: Table,
    query_category: str,
    question: str,
    query_super: str | None = None,
    query_sub: str | None = None,
) -> bool:
    """Port of ``subset_df``: ``df_sub``'s columns are all found in ``df_super``."""
    if df_sub.shape[0] == 0 or df_sub.shape[1] == 0:  # DataFrame.empty
        return False
    remaining = list(df_super.columns)
    matched: list[str] = []
    for sub_name in df_sub.columns:
        found = False
        for super_name in remaining:
            sub_values, sub_kind = sorted_column(df_sub, sub_name)
            super_values, super_kind = sorted_column(df_super, super_name)
            if series_equivalent(sub_values, sub_kind, super_values, super_kind):
                found = True
                matched.append(super_name)
                remaining = [name for name in remaining if name != super_name]
                break
        if not found:
            return False
    sub_normalized = normalize_table(df_sub, query_category, question, query_sub)
    index = {name: i for i, name in enumerate(df_super.columns)}
    renamed = dict(zip(matched, df_sub.columns, strict=False))
    super_matched = df_super.select(
        [index[name] for name in matched], [renamed[name] for name in matched]
    )
    super_matched = normalize_table(super_matched, query_category, question, query_super)
    return frame_equivalent(sub_normalized, super_matched)


def compare_query_results(
    query_gold: str,
    gen: Table,
    run_gold: Callable[[str], Table],
    question: str,
    query_category: str,
    query_gen: str | None = None,
    broadcast: bool = True,
) -> Verdict:
    """Port of ``compare_query_results``, the generated result already fetched.

    ``run_gold`` executes one expanded gold query; its exceptions propagate, as in
    sql-eval (where a failing gold query makes the question an execution error).
    ``broadcast=False`` (not sql-eval's) judges without the broadcasting quirk.
    """
    correct = False
    alternative = ""
    for query in get_all_minimal_queries(query_gold):
        gold = run_gold(query)
        if compare_df(gold, gen, query_category, question, query_gold, query_gen, broadcast):
            shapes_differ = gold.shape != gen.shape
            by_broadcast = broadcast and shapes_differ and values_equal(gold, gen)
            return Verdict(exact=True, correct=True, broadcast=by_broadcast, alternative=query)
        if subset_df(gold, gen, query_category, question):
            correct = True
            alternative = alternative or query
    return Verdict(exact=False, correct=correct, alternative=alternative)
