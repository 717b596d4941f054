"""The small SQL grammar of the offline generator: a reading of a question, rendered by sqlglot.

A :class:`Spec` is one reading of a question in a grammar small enough to compose without a
model: selected columns and aggregates (count, count distinct, sum, avg, min, max), simple
ratios, filters (equality, comparison with numbers, LIKE/ILIKE on names, IN lists, NULL
tests, relative time windows), grouping, ordering and a limit. :func:`render` turns a spec
into one SELECT as a sqlglot AST, joining the tables it needs along the shortest path of
foreign keys, and renders it in the catalogue's dialect: every value becomes a quoted
literal of the AST, never text pasted into SQL.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import re2
import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect

from keel.querying.linking import Edge, SchemaIndex


class NoJoin(Exception):
    """The tables a reading needs are not connected by any foreign key."""


@dataclass(frozen=True)
class Col:
    """A column of a table."""

    table: str
    column: str


@dataclass(frozen=True)
class Agg:
    """An aggregate: count (``arg`` None: rows), count_distinct, sum, avg, min, max.

    ``when`` restricts it to the rows meeting conditions (``SUM(CASE WHEN … THEN x END)``):
    one measure's own conditions in a statement with others ('orders and revenue').
    """

    func: str
    arg: Col | None
    when: tuple[Cond, ...] = ()


@dataclass(frozen=True)
class Ratio:
    """``CAST(num AS DOUBLE) / NULLIF(den, 0)``, optionally averaged (``outer``)."""

    num: Col | Agg
    den: Col | Agg
    outer: str | None = None


@dataclass(frozen=True)
class TableCount:
    """The number of rows (or distinct keys) of a whole table, as a scalar subquery."""

    table: str
    key: str | None


@dataclass(frozen=True)
class ScalarRatio:
    """The ratio of two whole-table counts (no join between them)."""

    num: TableCount
    den: TableCount


@dataclass(frozen=True)
class Bucket:
    """A time column cut to a calendar unit (day, week, month, quarter, year): a group key."""

    col: Col
    unit: str


@dataclass(frozen=True)
class Share:
    """The share of rows meeting conditions: ``COUNT(CASE WHEN …) / COUNT(*)``.

    In percent when ``percent``; counted by ``key``, distinct, when the rows have one.
    """

    conds: tuple[Cond, ...]
    key: Col | None
    percent: bool


@dataclass(frozen=True)
class Span:
    """The time from ``start`` to ``end`` in ``unit`` (day, hour, minute, second).

    Per row, or aggregated by ``func`` (avg, min, max, sum).
    """

    start: Col
    end: Col
    unit: str
    func: str | None = None


Expr = Col | Agg | Ratio | TableCount | ScalarRatio | Bucket | Share | Span
Key = Col | Bucket  # what rows are grouped by


@dataclass(frozen=True)
class Window:
    """A relative time window: ``back`` units before now, calendar or rolling."""

    unit: str
    back: int
    kind: str


@dataclass(frozen=True)
class Cond:
    """A filter: ``col op value``.

    Ops: =, <>, >, >=, <, <=, like, ilike, in, null, notnull, window (a :class:`Window`),
    year (a year of a time column), since (from a year on).
    """

    col: Col
    op: str
    value: Any = None
    at: int = field(default=-1, compare=False)  # the question token it was read from


@dataclass
class Spec:
    """One reading of a question in the grammar."""

    select: list[Expr] = field(default_factory=list)
    where: list[Cond] = field(default_factory=list)
    group: list[Key] = field(default_factory=list)
    order: list[tuple[Expr, bool]] = field(default_factory=list)  # (expression, descending)
    limit: int | None = None
    distinct: bool = False
    notes: list[str] = field(default_factory=list)
    anchor: str | None = None  # the table the FROM starts at (the measured one)
    unplaced: list[str] = field(default_factory=list)  # conditions the reading could not place
    having: list[tuple[Agg, str, Any]] = field(default_factory=list)  # COUNT(x) > 2 …
    via: list[str] = field(default_factory=list)  # tables the question names on the way
    mentioned: list[str] = field(
        default_factory=list
    )  # tables in the order the question names them

    def tables(self) -> list[str]:
        """Tables the reading touches, in first-use order."""
        found: list[str] = []
        counted = [agg for agg, _, _ in self.having]
        for item in [
            *self.select,
            *self.group,
            *(e for e, _ in self.order),
            *(c.col for c in self.where),
            *counted,
        ]:
            for col in _columns(item):
                if col.table not in found:
                    found.append(col.table)
        return found + [t for t in self.via if t not in found and found]


def _columns(item: Expr | Cond) -> list[Col]:
    if isinstance(item, Col):
        return [item]
    if isinstance(item, Bucket):
        return [item.col]
    if isinstance(item, Share):
        return [c.col for c in item.conds] + ([item.key] if item.key is not None else [])
    if isinstance(item, Span):
        return [item.start, item.end]
    if isinstance(item, Agg):
        return ([item.arg] if item.arg is not None else []) + [c.col for c in item.when]
    if isinstance(item, Ratio):
        return [*_columns(item.num), *_columns(item.den)]
    if isinstance(item, Cond):
        return [item.col]
    return []


# ----------------------------------------------------------------------------------- joins


def join_tree(
    tables: Sequence[str], index: SchemaIndex, anchor: str | None, order: Sequence[str] = ()
) -> list[Edge]:
    """Edges connecting ``tables``: shortest paths grown from the anchor (a Steiner heuristic).

    Tables are added in ``order`` (the order the question names them) when given, else
    nearest first; a tie between paths goes to the table added last, so "authors who wrote
    publications in the domain X" reaches the domain from the publications.
    """
    wanted = list(dict.fromkeys(tables))
    if not wanted:
        return []
    start = anchor if anchor in wanted else wanted[0]
    tree = [start]
    edges: list[Edge] = []
    rank = {t: n for n, t in enumerate(order)}
    pending = sorted(wanted, key=lambda t: (rank.get(t, len(rank)), _distance(index, start, t)))
    for table in pending:
        if table in tree:
            continue
        path = _shortest_path(index, tree, table)
        if path is None:
            raise NoJoin(f"no foreign key path joins {table} to {', '.join(sorted(tree))}")
        for edge in path:
            if edge.other not in tree:
                edges.append(edge)
                tree.append(edge.other)
    return edges


def _distance(index: SchemaIndex, start: str, target: str) -> float:
    path = _shortest_path(index, [start], target)
    return sum(e.cost for e in path) if path is not None else float("inf")


def _shortest_path(index: SchemaIndex, sources: Sequence[str], target: str) -> list[Edge] | None:
    """Dijkstra from any of ``sources`` (the later ones a hair cheaper) to ``target``."""
    queue: list[tuple[float, int, str]] = []
    best: dict[str, float] = {}
    back: dict[str, Edge] = {}
    for n, source in enumerate(sources):
        cost = -0.001 * n
        heapq.heappush(queue, (cost, n, source))
        best[source] = cost
    counter = len(sources)
    while queue:
        cost, _, table = heapq.heappop(queue)
        if table == target:
            return _unwind(back, set(sources), target)
        if cost > best.get(table, float("inf")):
            continue
        for edge in sorted(index.edges.get(table, []), key=lambda e: (e.cost, e.other, e.column)):
            total = cost + edge.cost
            if total < best.get(edge.other, float("inf")) - 1e-9:
                best[edge.other] = total
                back[edge.other] = edge
                counter += 1
                heapq.heappush(queue, (total, counter, edge.other))
    return None


def _unwind(back: dict[str, Edge], sources: set[str], target: str) -> list[Edge]:
    path: list[Edge] = []
    table = target
    while table not in sources:
        edge = back[table]
        path.append(edge)
        table = edge.table
    return path[::-1]


# --------------------------------------------------------------------------------- render

_SIMPLE = re2.compile(r"[a-z_][a-z0-9_]*")


def identifier(name: str, dialect: str) -> exp.Identifier:
    """An identifier, quoted when its case or a keyword needs it."""
    tokenizer = Dialect.get_or_raise(dialect).tokenizer_class
    quoted = not _SIMPLE.fullmatch(name) or name.upper() in tokenizer.KEYWORDS
    return exp.Identifier(this=name, quoted=quoted)


class Renderer:
    """Turns specs into sqlglot SELECTs for one catalogue."""

    def __init__(self, index: SchemaIndex) -> None:
        """Render for ``index``'s catalogue and dialect."""
        self.index = index
        self.dialect = index.dialect
        self.mentioned: list[str] = []

    def column(self, col: Col) -> exp.Expr:
        """``table.column``, quoted as needed; a JSON field as the dialect extracts it."""
        field = self.index.fields.get((col.table, col.column))
        if field is not None:
            return json_field(self.column(Col(col.table, field[0])), field[1], self.dialect)
        return exp.Column(
            this=identifier(col.column, self.dialect), table=identifier(col.table, self.dialect)
        )

    def table(self, name: str) -> exp.Table:
        """A table reference."""
        return exp.Table(this=identifier(name, self.dialect))

    def render(self, spec: Spec) -> exp.Select:
        """The SELECT of ``spec`` (raises :class:`NoJoin` when its tables do not connect)."""
        tables = spec.tables()
        if not tables and not any(isinstance(e, ScalarRatio | TableCount) for e in spec.select):
            raise NoJoin("the reading touches no table")
        select = exp.Select()
        for item, label in zip(spec.select, labels(spec.select, self.index), strict=True):
            rendered = self.expr(item)
            if label is not None:
                rendered = exp.alias_(rendered, identifier(label, self.dialect))
            select = select.select(rendered, copy=False)
        if tables:
            self.mentioned = spec.mentioned
            select = self._from(select, tables, spec.anchor)
        for cond in spec.where:
            select = select.where(self.condition(cond), copy=False)
        if spec.group:
            select = select.group_by(*[self.expr(c) for c in spec.group], copy=False)
        for agg, op, value in spec.having:
            select = select.having(self.comparison(self.aggregate(agg), op, value), copy=False)
        for item, descending in spec.order:
            ordered = exp.Ordered(this=self.expr(item), desc=descending, nulls_first=False)
            select = select.order_by(ordered, copy=False)
        if spec.limit is not None:
            select = select.limit(spec.limit, copy=False)
        if spec.distinct and not spec.group:
            select.set("distinct", exp.Distinct())
        return select

    def _from(self, select: exp.Select, tables: list[str], anchor: str | None) -> exp.Select:
        edges = join_tree(tables, self.index, anchor, self.mentioned)
        start = anchor if anchor in tables else tables[0]
        select = select.from_(self.table(start), copy=False)
        for edge in edges:
            on = exp.EQ(
                this=self.column(Col(edge.table, edge.column)),
                expression=self.column(Col(edge.other, edge.other_column)),
            )
            select = select.join(self.table(edge.other), on=on, copy=False)
        return select

    def expr(self, item: Expr) -> exp.Expr:
        """The expression of a selected item."""
        if isinstance(item, Col):
            return self.column(item)
        if isinstance(item, Agg):
            return self.aggregate(item)
        if isinstance(item, Ratio):
            value = self.ratio(self.expr(item.num), self.expr(item.den))
            return exp.Avg(this=value) if item.outer == "avg" else value
        if isinstance(item, TableCount):
            return self.table_count(item)
        if isinstance(item, Bucket):
            return self.bucket(item)
        if isinstance(item, Share):
            return self.share(item)
        if isinstance(item, Span):
            return self.span(item)
        return self.ratio(self.table_count(item.num), self.table_count(item.den))

    def aggregate(self, agg: Agg) -> exp.Expr:
        """COUNT(*), COUNT(DISTINCT x), SUM(x) and the like."""
        if agg.when:
            met = exp.and_(*[self.condition(c) for c in agg.when])
            kept = self.column(agg.arg) if agg.arg is not None else exp.Literal.number(1)
            column: exp.Expr = exp.Case(ifs=[exp.If(this=met, true=kept)])
        elif agg.arg is None:
            return exp.Count(this=exp.Star())
        else:
            column = self.column(agg.arg)
        if agg.func == "count_distinct":
            return exp.Count(this=exp.Distinct(expressions=[column]))
        builders: dict[str, type[exp.Func]] = {
            "count": exp.Count,
            "sum": exp.Sum,
            "avg": exp.Avg,
            "min": exp.Min,
            "max": exp.Max,
        }
        return builders[agg.func](this=column)

    def span(self, item: Span) -> exp.Expr:
        """The time between two columns in a unit, aggregated when asked."""
        start, end = self.column(item.start), self.column(item.end)
        if self.dialect == "sqlite":
            value = _sqlite_span(start, end, item.unit)
        else:
            value = _span(start, end, item.unit, self._dated(item))
        if item.func is None:
            return value
        builders: dict[str, type[exp.Func]] = {
            "sum": exp.Sum,
            "avg": exp.Avg,
            "min": exp.Min,
            "max": exp.Max,
        }
        return builders.get(item.func, exp.Avg)(this=value)

    def _dated(self, item: Span) -> bool:
        """Both ends are dates (no time of day): their difference is already in days."""
        types = []
        for col in (item.start, item.end):
            info = self.index.catalogue.tables[col.table].column(col.column)
            types.append(info.type.lower() if info is not None else "")
        return all(t == "date" for t in types)

    def share(self, item: Share) -> exp.Expr:
        """CAST(COUNT(DISTINCT CASE WHEN conds THEN key END) AS DOUBLE) [* 100] / NULLIF(…)."""
        met = exp.and_(*[self.condition(c) for c in item.conds])
        kept: exp.Expr = self.column(item.key) if item.key is not None else exp.Literal.number(1)
        case = exp.Case(ifs=[exp.If(this=met, true=kept)])
        if item.key is not None:
            part: exp.Expr = exp.Count(this=exp.Distinct(expressions=[case]))
            whole: exp.Expr = exp.Count(this=exp.Distinct(expressions=[self.column(item.key)]))
        else:
            part, whole = exp.Count(this=case), exp.Count(this=exp.Star())
        if item.percent:
            part = exp.Mul(
                this=exp.Cast(this=part, to=exp.DataType.build("DOUBLE")),
                expression=exp.Literal.number(100),
            )
            return exp.Div(
                this=part, expression=exp.Nullif(this=whole, expression=exp.Literal.number(0))
            )
        return self.ratio(part, whole)

    def bucket(self, item: Bucket) -> exp.Expr:
        """The calendar unit a time falls in: DATE_TRUNC, or SQLite's date formats."""
        column = self.column(item.col)
        if self.dialect == "sqlite":
            return _sqlite_bucket(column, item.unit)
        return exp.DateTrunc(this=column, unit=exp.Literal.string(item.unit))  # type: ignore[no-untyped-call]

    def ratio(self, num: exp.Expr, den: exp.Expr) -> exp.Expr:
        """CAST(num AS DOUBLE) / NULLIF(den, 0)."""
        cast = exp.Cast(this=num, to=exp.DataType.build("DOUBLE"))
        return exp.Div(this=cast, expression=exp.Nullif(this=den, expression=exp.Literal.number(0)))

    def table_count(self, item: TableCount) -> exp.Expr:
        """(SELECT COUNT(DISTINCT key) FROM table) as a scalar subquery."""
        arg = Agg("count_distinct", Col(item.table, item.key)) if item.key else Agg("count", None)
        inner = exp.Select().select(self.aggregate(arg)).from_(self.table(item.table))
        return exp.Subquery(this=inner)

    def condition(self, cond: Cond) -> exp.Expr:
        """The WHERE condition of a filter."""
        column = self.column(cond.col)
        op = cond.op
        if op == "null":
            return exp.Is(this=column, expression=exp.Null())
        if op == "notnull":
            return exp.Not(this=exp.Is(this=column, expression=exp.Null()))
        if op in ("in", "not in") and len(cond.value) == 1:
            return self.comparison(column, "=" if op == "in" else "<>", cond.value[0])
        if op == "in":
            return exp.In(this=column, expressions=[literal(v) for v in cond.value])
        if op == "not in":
            return exp.Not(this=exp.In(this=column, expressions=[literal(v) for v in cond.value]))
        if op in ("like", "ilike"):
            return self.like(column, str(cond.value), op)
        if op == "window":
            return self.window(column, cond.value)
        if op in ("year", "since"):
            return self.year(column, int(cond.value), op)
        if op == "day":
            day = exp.Cast(this=column, to=exp.DataType.build("DATE"))
            return exp.EQ(this=day, expression=exp.Literal.string(str(cond.value)))
        if (cond.col.table, cond.col.column) in self.index.fields and isinstance(cond.value, str):
            lowered = exp.Lower(this=column)  # values of a field are matched in any case
            return self.comparison(lowered, op, cond.value.lower())
        return self.comparison(column, op, cond.value)

    def comparison(self, left: exp.Expr, op: str, value: Any) -> exp.Expr:
        """``left op value`` with the value as a literal."""
        comparisons: dict[str, type[exp.Binary]] = {
            "=": exp.EQ,
            "<>": exp.NEQ,
            ">": exp.GT,
            ">=": exp.GTE,
            "<": exp.LT,
            "<=": exp.LTE,
        }
        return comparisons[op](this=left, expression=literal(value))

    def like(self, column: exp.Expr, pattern: str, op: str) -> exp.Expr:
        """ILIKE on PostgreSQL; LIKE elsewhere (SQLite's LIKE ignores ASCII case)."""
        if op == "ilike" and self.dialect == "postgres":
            return exp.ILike(this=column, expression=exp.Literal.string(pattern))
        if op == "ilike" and self.dialect != "sqlite":
            return exp.Like(
                this=exp.Lower(this=column), expression=exp.Literal.string(pattern.lower())
            )
        return exp.Like(this=column, expression=exp.Literal.string(pattern))

    def window(self, column: exp.Expr, window: Window) -> exp.Expr:
        """``column`` within a relative time window, in the dialect's date arithmetic."""
        if self.dialect == "sqlite":
            return _sqlite_window(column, window)
        return _standard_window(column, window)

    def year(self, column: exp.Expr, year: int, op: str) -> exp.Expr:
        """A calendar year of a time column (or from that year on): a half-open date range."""
        start = exp.Literal.string(f"{year:04d}-01-01")
        if op == "since":
            return exp.GTE(this=column, expression=start)
        end = exp.Literal.string(f"{year + 1:04d}-01-01")
        return exp.and_(exp.GTE(this=column, expression=start), exp.LT(this=column, expression=end))


def labels(select: Sequence[Expr], index: SchemaIndex) -> list[str | None]:
    """A readable, unique name for each selected item (None: a column keeps its own name).

    ``COUNT(DISTINCT tickets.ticket_id)`` is ``tickets``, ``SUM(ticket_lines.price)``
    ``total_price``, a ratio ``ratio``; a column named like one shown before it is prefixed
    by its table (``users_city`` beside ``city``). No two columns of an answer share a name:
    operators read them, and scorers refuse duplicate labels.
    """
    used: set[str] = set()
    found: list[str | None] = []
    for item in select:
        own = item.column.lower() if isinstance(item, Col) else None
        if own is not None and "." in own:  # a JSON field is named after its key
            own = None
            name = item.column.rsplit(".", 1)[-1].lower() if isinstance(item, Col) else ""
        else:
            name = own if own is not None else _label(item, index)
        if own is not None and own in used:
            name = f"{item.table}_{item.column}".lower() if isinstance(item, Col) else name
        base, n = name, 2
        while name in used:
            name, n = f"{base}_{n}", n + 1
        used.add(name)
        found.append(None if own is not None and name == own else name)
    return found


def _label(item: Expr, index: SchemaIndex) -> str:
    if isinstance(item, Agg):
        if item.arg is None:
            return "count"
        column = item.arg.column.lower()
        if item.func in ("count", "count_distinct"):
            key = index.keys.get(item.arg.table)
            return item.arg.table.lower() if key == item.arg.column else f"{column}_count"
        prefixes = {"sum": "total", "avg": "average", "min": "min", "max": "max"}
        return f"{prefixes.get(item.func, item.func)}_{column}"
    if isinstance(item, TableCount):
        return item.table.lower()
    if isinstance(item, Bucket):
        return item.unit
    if isinstance(item, Share):
        return "percent" if item.percent else "share"
    if isinstance(item, Span):
        prefixes = {"sum": "total", "avg": "average", "min": "min", "max": "max"}
        prefix = prefixes.get(item.func or "", "")
        return f"{prefix}_{item.unit}s" if prefix else f"{item.unit}s"
    if isinstance(item, Ratio) and isinstance(item.num, Agg) and isinstance(item.den, Agg):
        per = item.den.arg.table.lower() if item.den.arg is not None else "row"
        return f"{_label(item.num, index)}_per_{per}"  # 'total_price_per_orders'
    return "ratio"


_JSON_FIELD = {
    "sqlite": "JSON_EXTRACT(c, '$.{key}')",
    "postgres": "c ->> '{key}'",
    "mysql": "JSON_UNQUOTE(JSON_EXTRACT(c, '$.{key}'))",
}
_FIELD_KEY = re2.compile(r"[a-z_][a-z0-9_]{0,40}")


def json_field(column: exp.Expr, key: str, dialect: str) -> exp.Expr:
    """The text of field ``key`` of a JSON column, in the dialect's own syntax."""
    if not _FIELD_KEY.fullmatch(key):
        raise NoJoin(f"no field {key!r} can be read")  # keys come from comments: checked
    template = _JSON_FIELD.get(dialect, _JSON_FIELD["sqlite"]).format(key=key)
    parsed = sqlglot.parse_one(template, read=dialect)
    return parsed.transform(
        lambda node: column.copy() if isinstance(node, exp.Column) and node.name == "c" else node
    )


def literal(value: Any) -> exp.Expr:
    """A value as a literal of the AST (strings quoted by sqlglot, never pasted)."""
    if isinstance(value, bool):
        return exp.Boolean(this=value)
    if isinstance(value, int | float):
        number = int(value) if float(value).is_integer() else value
        return exp.Literal.number(number)
    return exp.Literal.string(str(value))


_UNITS = {
    "hour": "HOUR",
    "day": "DAY",
    "week": "WEEK",
    "month": "MONTH",
    "quarter": "QUARTER",
    "year": "YEAR",
}


def _interval(n: int, unit: str) -> exp.Interval:
    return exp.Interval(this=exp.Literal.string(str(n)), unit=exp.var(_UNITS[unit]))


def _standard_window(column: exp.Expr, window: Window) -> exp.Expr:
    today: exp.Expr = exp.CurrentTimestamp() if window.unit == "hour" else exp.CurrentDate()
    if window.kind == "rolling":
        return exp.GTE(
            this=column,
            expression=exp.Sub(this=today, expression=_interval(window.back, window.unit)),
        )
    start_of = exp.DateTrunc(unit=exp.Literal.string(window.unit), this=today)  # type: ignore[no-untyped-call]
    if window.back == 0:
        return exp.GTE(this=column, expression=start_of)
    lower = exp.Sub(this=start_of.copy(), expression=_interval(window.back, window.unit))
    upper: exp.Expr = start_of
    if window.back > 1:
        upper = exp.Sub(this=start_of.copy(), expression=_interval(window.back - 1, window.unit))
    return exp.and_(exp.GTE(this=column, expression=lower), exp.LT(this=column, expression=upper))


def _strftime(pattern: str, column: exp.Expr) -> exp.Expr:
    return exp.Anonymous(this="STRFTIME", expressions=[exp.Literal.string(pattern), column])


def _sqlite_bucket(column: exp.Expr, unit: str) -> exp.Expr:
    """A time cut to a unit: '2024-05-17', the week's Monday, '2024-05', '2024-Q2', '2024'."""
    if unit == "day":
        return exp.Anonymous(this="DATE", expressions=[column])
    if unit == "week":
        modifiers = [exp.Literal.string("weekday 0"), exp.Literal.string("-6 days")]
        return exp.Anonymous(this="DATE", expressions=[column, *modifiers])
    if unit == "month":
        return _strftime("%Y-%m", column)
    if unit == "quarter":
        month = exp.Cast(this=_strftime("%m", column.copy()), to=exp.DataType.build("INT"))
        quarter = exp.Div(
            this=exp.Paren(this=exp.Add(this=month, expression=exp.Literal.number(2))),
            expression=exp.Literal.number(3),
            typed=True,  # integer division
        )
        year = _strftime("%Y", column)
        return exp.DPipe(
            this=exp.DPipe(this=year, expression=exp.Literal.string("-Q")), expression=quarter
        )
    return _strftime("%Y", column)


_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800}


def _span(start: exp.Expr, end: exp.Expr, unit: str, dated: bool) -> exp.Expr:
    """The difference in ``unit``: EXTRACT(EPOCH FROM …) / seconds, or days between dates."""
    difference = exp.Paren(this=exp.Sub(this=end, expression=start))
    if dated:
        days: exp.Expr = difference
        factor = _SECONDS["day"] / _SECONDS.get(unit, 86400)
        return days if factor == 1 else exp.Mul(this=days, expression=exp.Literal.number(factor))
    epoch = exp.Extract(this=exp.var("EPOCH"), expression=difference)
    return exp.Div(this=epoch, expression=exp.Literal.number(_SECONDS.get(unit, 86400)))


def _sqlite_span(start: exp.Expr, end: exp.Expr, unit: str) -> exp.Expr:
    """(JULIANDAY(end) - JULIANDAY(start)) in days, times the unit's share of a day."""
    days = exp.Paren(
        this=exp.Sub(
            this=exp.Anonymous(this="JULIANDAY", expressions=[end]),
            expression=exp.Anonymous(this="JULIANDAY", expressions=[start]),
        )
    )
    factor = _SECONDS["day"] / _SECONDS.get(unit, 86400)
    return days if factor == 1 else exp.Mul(this=days, expression=exp.Literal.number(factor))


def _sqlite_date(*modifiers: str) -> exp.Expr:
    args: list[exp.Expr] = [exp.Literal.string("now")]
    args.extend(exp.Literal.string(m) for m in modifiers)
    return exp.Anonymous(this="DATE", expressions=args)


def _sqlite_start(unit: str) -> list[str]:
    if unit == "week":
        return ["-6 days", "weekday 1"]  # the Monday of this week
    if unit in ("month", "year"):
        return [f"start of {unit}"]
    return []


def _sqlite_window(column: exp.Expr, window: Window) -> exp.Expr:
    unit, back = window.unit, window.back
    if unit == "quarter":
        unit, back = "month", back * 3
    plural = f"{unit}s" if unit != "week" else "days"
    amount = back * 7 if unit == "week" else back
    if window.kind == "rolling":  # back from this moment: 'the last 7 days' is 7 × 24 hours
        moment = exp.Anonymous(
            this="DATETIME",
            expressions=[exp.Literal.string("now"), exp.Literal.string(f"-{amount} {plural}")],
        )
        return exp.GTE(this=column, expression=moment)
    start = _sqlite_start(unit)
    if back == 0:
        return exp.GTE(this=column, expression=_sqlite_date(*start))
    lower = _sqlite_date(*start, f"-{amount} {plural}")
    step = 7 if unit == "week" else 1
    upper = _sqlite_date(*start, f"-{amount - step} {plural}") if back > 1 else _sqlite_date(*start)
    return exp.and_(exp.GTE(this=column, expression=lower), exp.LT(this=column, expression=upper))
