"""Validation of generated SQL before anything reaches a database (``sql.validate``).

No SQL runs without passing every check here, whoever wrote it (the offline generator, a
model, an operator through a report template):

1. it parses with sqlglot in the database's dialect, as **exactly one statement**;
2. the statement is a query (``SELECT``, or a set operation of them) and every node of its
   syntax tree is of an allowed kind (an allow-list: no DDL or DML, no ``SELECT INTO``, no
   locking clause, no commands, no parameters);
3. it reads no system table (``pg_*``, ``sqlite_*``, ``pragma_*``, ``information_schema``),
   no table of another schema or catalogue, and calls only functions sqlglot knows as
   standard ones or that are vetted (:data:`ALLOWED_UNKNOWN_FUNCTIONS`): a database's own
   functions can read files, run SQL passed as text, change the session or sleep;
4. every stored table is one of the catalogue's (a CTE hides a table only in its own
   scope), and every column resolves against the live catalogue (sqlglot's qualifier):
   unknown or ambiguous names are errors that list the names and the nearest known ones,
   for the repair loop; a time filter on a column that holds no time is an error too;
5. a row limit is added when the query has none, and lowered when it asks for more;
6. the statement is rendered in the database's dialect without silent translation, and
   must read back as itself (what runs is what was checked); its size is bounded before
   anything else is done with it.

The connection the statement then runs on is read-only with a statement timeout
(:mod:`tools.data_access`): a second wall, never the only one.
"""

from __future__ import annotations

from typing import Literal

import sqlglot
from pydantic import BaseModel, Field
from rapidfuzz import fuzz, process
from sqlglot import exp
from sqlglot.errors import ErrorLevel, OptimizeError, ParseError, TokenError, UnsupportedError
from sqlglot.optimizer.qualify import qualify
from sqlglot.optimizer.scope import traverse_scope

from keel.querying.schema import Catalogue

ProblemKind = Literal[
    "syntax",
    "empty",
    "multiple_statements",
    "not_select",
    "forbidden_node",
    "forbidden_table",
    "forbidden_function",
    "unknown_table",
    "unknown_column",
    "ambiguous_column",
    "time_column",
    "unsupported",
    "too_large",
]

# Every node of an accepted query is one of these (subclasses included).
ALLOWED_NODES: tuple[type[exp.Expr], ...] = (
    exp.Select,
    exp.SetOperation,
    exp.Subquery,
    exp.With,
    exp.CTE,
    exp.From,
    exp.Join,
    exp.Where,
    exp.Group,
    exp.Having,
    exp.Qualify,
    exp.Order,
    exp.Ordered,
    exp.Limit,
    exp.Offset,
    exp.Fetch,
    exp.Column,
    exp.Identifier,
    exp.Table,
    exp.TableAlias,
    exp.Alias,
    exp.Star,
    exp.Literal,
    exp.Boolean,
    exp.Null,
    exp.Paren,
    exp.Binary,
    exp.Unary,
    exp.Case,
    exp.If,
    exp.Cast,
    exp.Interval,
    exp.Between,
    exp.In,
    exp.Exists,
    exp.Distinct,
    exp.Window,
    exp.WindowSpec,
    exp.Filter,
    exp.Func,
    exp.DataType,
    exp.DataTypeParam,
    exp.Var,
    exp.Tuple,
    exp.Bracket,
    exp.Array,
    exp.JSONPath,
    exp.JSONPathPart,
    exp.Values,
    exp.GroupingSets,
    exp.Cube,
    exp.Rollup,
    exp.SubqueryPredicate,
    exp.WithinGroup,
)

SYSTEM_TABLE_PREFIXES = ("pg_", "sqlite_", "pragma_")
SYSTEM_SCHEMAS = ("pg_catalog", "information_schema", "pg_toast", "sqlite_master", "temp")
DEFAULT_SCHEMAS = ("public", "main")  # a table qualified by one of these is the plain table
MAX_SQL_CHARS = 20_000  # longer statements are refused before parsing (bounded time)
MAX_NODES = 3_000  # syntax nodes; qualification grows quadratically with the size of a tree
# Functions sqlglot knows by a class of its own are the standard ones (aggregates, dates,
# strings, maths) and may be called, except those that reveal who or where the server is.
FORBIDDEN_FUNCTION_CLASSES = frozenset(
    {"CurrentUser", "CurrentVersion", "CurrentSchema", "CurrentCatalog", "SessionUser"}
)
# Functions sqlglot does not know are refused unless vetted here: an allow-list, because a
# database's own functions can read files, run SQL given as text (query_to_xml, ts_stat),
# change the session or sleep.
ALLOWED_UNKNOWN_FUNCTIONS = frozenset(
    {
        "julianday",
        "strftime",
        "date",
        "datetime",
        "time",
        "unixepoch",
        "date_part",
        "age",
        "to_timestamp",
        "to_date",
        "make_date",
        "make_timestamp",
        "make_interval",
        "justify_days",
        "justify_interval",
        "initcap",
        "split_part",
        "btrim",
        "strpos",
        "instr",
        "substr",
        "ifnull",
        "typeof",
        "total",
        "width_bucket",
        "trunc",
        "div",
        "mod",
        "isfinite",
        "date_bin",
    }
)


class Problem(BaseModel):
    """One reason a statement may not run, with the names it is about."""

    kind: ProblemKind
    message: str = Field(description="What is wrong, for the operator and the repair loop.")
    names: list[str] = Field(default_factory=list, description="The offending names.")
    suggestions: list[str] = Field(
        default_factory=list, description="Nearest known names (for unknown ones)."
    )


class SqlCheck(BaseModel):
    """The verdict on one statement and, when it may run, the statement as it will run."""

    ok: bool
    sql: str = Field(description="The statement as it will run (row limit applied); '' if not ok.")
    tables: list[str] = Field(default_factory=list, description="Catalogue tables it reads.")
    problems: list[Problem] = Field(default_factory=list)
    limit_added: bool = Field(default=False, description="Whether the row limit was imposed.")

    def summary(self) -> str:
        """The problems in one line (for the light memory and the audit trail)."""
        return "; ".join(p.message for p in self.problems)


def _fail(*problems: Problem) -> SqlCheck:
    return SqlCheck(ok=False, sql="", problems=list(problems))


def _parse(sql: str, dialect: str) -> exp.Expr | SqlCheck:
    if len(sql) > MAX_SQL_CHARS:
        return _fail(
            Problem(
                kind="too_large", message=f"the statement is longer than {MAX_SQL_CHARS} characters"
            )
        )
    try:
        statements = [s for s in sqlglot.parse(sql, read=dialect) if s is not None]
    except (ParseError, TokenError) as error:
        first = str(error).splitlines()[0] if str(error) else "cannot parse"
        return _fail(Problem(kind="syntax", message=f"syntax error: {first[:300]}"))
    except RecursionError:
        return _fail(Problem(kind="too_large", message="the statement is nested too deeply"))
    if not statements:
        return _fail(Problem(kind="empty", message="no SQL statement"))
    if len(statements) == 1 and sum(1 for _ in statements[0].walk()) > MAX_NODES:
        return _fail(
            Problem(kind="too_large", message=f"the statement has more than {MAX_NODES} parts")
        )
    if len(statements) > 1:
        return _fail(
            Problem(
                kind="multiple_statements",
                message=f"{len(statements)} statements: exactly one SELECT may run",
            )
        )
    return statements[0]


def _forbidden_nodes(tree: exp.Expr) -> list[Problem]:
    problems: list[Problem] = []
    if isinstance(tree, exp.Condition | exp.Alias | exp.Identifier | exp.Star):
        # a fragment (``selct * frm t`` reads as an alias): a statement mistyped, not a command
        return [Problem(kind="syntax", message="syntax error: this is not a SQL statement")]
    if not isinstance(tree, exp.Select | exp.SetOperation):
        kind = type(tree).__name__.upper()
        return [Problem(kind="not_select", message=f"only a SELECT may run, not {kind}")]
    seen: set[str] = set()
    for node in tree.walk():
        if not isinstance(node, ALLOWED_NODES) and type(node).__name__ not in seen:
            seen.add(type(node).__name__)
            problems.append(
                Problem(
                    kind="forbidden_node",
                    message=f"{type(node).__name__} is not allowed in a read-only query",
                    names=[type(node).__name__],
                )
            )
    return problems


def function_name(node: exp.Func) -> str:
    """The SQL name of a function node, lower-case (anonymous ones by their own name)."""
    if isinstance(node, exp.Anonymous):
        return str(node.name).lower()
    return node.sql_name().lower()


def _function_allowed(node: exp.Func) -> bool:
    if isinstance(node, exp.Anonymous):
        return function_name(node) in ALLOWED_UNKNOWN_FUNCTIONS
    return type(node).__name__ not in FORBIDDEN_FUNCTION_CLASSES


def _forbidden_calls(tree: exp.Expr) -> list[Problem]:
    names = sorted({function_name(n) for n in tree.find_all(exp.Func) if not _function_allowed(n)})
    if not names:
        return []
    return [
        Problem(
            kind="forbidden_function",
            message=f"function(s) not allowed: {', '.join(names)}",
            names=names,
        )
    ]


def _cte_names(tree: exp.Expr) -> set[str]:
    return {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}


def _real_tables(tree: exp.Expr) -> list[exp.Table] | None:
    """The table nodes that read a stored table (not a CTE of their scope), or None.

    A CTE's name hides a table only inside the scope that defines it: a table of the same
    name read elsewhere in the statement is the stored table (sqlglot's scopes tell them
    apart). None when the statement's scopes cannot be built.
    """
    try:
        scopes = traverse_scope(tree)
    except (OptimizeError, RecursionError, ValueError, KeyError):
        return None
    real = {
        id(source)
        for scope in scopes
        for source in scope.sources.values()
        if isinstance(source, exp.Table)
    }
    local = _cte_names(tree)
    # a table no scope accounts for counts as stored unless it is named like a CTE
    return [t for t in tree.find_all(exp.Table) if id(t) in real or t.name.lower() not in local]


def _placement_problem(table: exp.Table) -> str | None:
    """Why a table name points outside the catalogue's schema (a catalogue or schema)."""
    schema = (table.db or "").lower()
    if table.catalog:
        return f"{table.catalog}.{schema}.{table.name}"
    if schema and schema not in DEFAULT_SCHEMAS:
        return f"{schema}.{table.name}"
    return None


def _table_problems(tree: exp.Expr, catalogue: Catalogue) -> tuple[list[str], list[Problem]]:
    found = _real_tables(tree)
    tables = found if found is not None else list(tree.find_all(exp.Table))
    known: list[str] = []
    system: set[str] = set()
    elsewhere: set[str] = set()
    unknown: set[str] = set()
    for table in tables:
        name, schema = table.name, (table.db or "").lower()
        if not name:  # a table-valued function or VALUES list: checked as a function
            continue
        if schema in SYSTEM_SCHEMAS or name.lower().startswith(SYSTEM_TABLE_PREFIXES):
            system.add(f"{schema}.{name}" if schema else name)
        elif (placed := _placement_problem(table)) is not None:
            elsewhere.add(placed)
        elif (stored := catalogue.table(name)) is not None:
            if stored.name not in known:
                known.append(stored.name)
        else:
            unknown.add(name)
    problems: list[Problem] = []
    if system:
        problems.append(
            Problem(
                kind="forbidden_table",
                message=f"system table(s) not allowed: {', '.join(sorted(system))}",
                names=sorted(system),
            )
        )
    if elsewhere:
        problems.append(
            Problem(
                kind="forbidden_table",
                message="table(s) outside the schema the loop reads: "
                + ", ".join(sorted(elsewhere)),
                names=sorted(elsewhere),
            )
        )
    for name in sorted(unknown):
        near = nearest(name, catalogue.names())
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        problems.append(
            Problem(
                kind="unknown_table",
                message=f"unknown table {name}{hint}",
                names=[name],
                suggestions=near,
            )
        )
    return known, problems


def nearest(name: str, choices: list[str], limit: int = 3) -> list[str]:
    """The known names closest to ``name`` (fuzzy), best first."""
    lowered = [c.lower() for c in choices]
    found = process.extract(name.lower(), lowered, scorer=fuzz.WRatio, limit=limit)
    by_lower = {c.lower(): c for c in choices}
    return [by_lower[match] for match, score, _ in found if score >= 60]


def _coarse_schema(catalogue: Catalogue) -> dict[str, object]:
    """Column types sqlglot always understands (the qualifier only needs the names)."""
    coarse = {"number": "DOUBLE", "time": "TIMESTAMP", "bool": "BOOLEAN"}
    return {
        t.name: {c.name: coarse.get(c.kind, "TEXT") for c in t.columns}
        for t in catalogue.tables.values()
    }


def _column_problems(
    tree: exp.Expr, catalogue: Catalogue, tables: list[str]
) -> tuple[exp.Expr | None, list[Problem]]:
    try:
        qualified = qualify(
            tree.copy(),
            schema=_coarse_schema(catalogue),
            dialect=catalogue.dialect,
            validate_qualify_columns=True,
            quote_identifiers=False,
        )
    except OptimizeError as error:
        return None, [_name_problem(str(error), catalogue, tables, tree)]
    except RecursionError:
        return None, [Problem(kind="too_large", message="the statement is nested too deeply")]
    return qualified, []


# Expressions whose value is a date or a time (what a time filter compares a column with).
_TEMPORAL_NODES: tuple[type[exp.Expr], ...] = (
    exp.CurrentDate,
    exp.CurrentTimestamp,
    exp.CurrentTime,
    exp.CurrentDatetime,
    exp.DateAdd,
    exp.DateSub,
    exp.DateTrunc,
    exp.TimestampTrunc,
    exp.StrToDate,
    exp.StrToTime,
    exp.TsOrDsToDate,
    exp.TsOrDsToTimestamp,
    exp.TimestampAdd,
    exp.TimestampSub,
    exp.DatetimeAdd,
    exp.DatetimeSub,
)
_TEMPORAL_FUNCTIONS = frozenset({"date", "datetime", "now", "to_date", "to_timestamp", "julianday"})
_COMPARISONS: tuple[type[exp.Expr], ...] = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)


def _temporal(node: exp.Expr) -> bool:
    """Whether an expression evaluates to a date or time (a date function, date ± interval)."""
    if isinstance(node, exp.Paren):
        return _temporal(node.this)
    if isinstance(node, _TEMPORAL_NODES):
        return True
    if isinstance(node, exp.Anonymous):
        return str(node.name).lower() in _TEMPORAL_FUNCTIONS
    if isinstance(node, exp.Cast):
        return node.to.is_type(*exp.DataType.TEMPORAL_TYPES)
    if isinstance(node, exp.Add | exp.Sub):
        return _temporal(node.this) or _temporal(node.expression)
    return False


def _source_tables(tree: exp.Expr) -> dict[str, str]:
    """Alias (or name) → table name, for every table the query reads."""
    return {t.alias_or_name.lower(): t.name for t in tree.find_all(exp.Table) if t.name}


def _time_problems(qualified: exp.Expr, catalogue: Catalogue) -> list[Problem]:
    """A time filter on a column that holds no time (the seed's "wrong time column")."""
    sources = _source_tables(qualified)
    wrong: list[str] = []
    for node in qualified.find_all(*_COMPARISONS, exp.Between):
        second = "low" if isinstance(node, exp.Between) else "expression"
        sides = [node.this, node.args.get(second)]
        column = next((s for s in sides if isinstance(s, exp.Column)), None)
        others = [s for s in (*sides, node.args.get("high")) if s is not None and s is not column]
        if column is None or not any(_temporal(o) for o in others):
            continue
        table = catalogue.table(sources.get(column.table.lower(), column.table))
        info = table.column(column.name) if table is not None else None
        if table is not None and info is not None and info.kind not in ("time", "other"):
            wrong.append(f"{table.name}.{info.name}")
    if not wrong:
        return []
    times = [
        f"{t}.{c.name}"
        for t in dict.fromkeys(sources.values())
        if (table := catalogue.table(t))
        for c in table.columns
        if c.kind == "time"
    ]
    hint = f"; time columns: {', '.join(times)}" if times else "; no time column in these tables"
    return [
        Problem(
            kind="time_column",
            message=f"time filter on {', '.join(sorted(set(wrong)))}, which holds no time{hint}",
            names=sorted(set(wrong)),
            suggestions=times,
        )
    ]


def _unresolved(message: str) -> str:
    for marker in ("Column '", "Unknown column: "):
        if marker in message:
            rest = message.split(marker, 1)[1]
            return rest.split("'", 1)[0].split()[0].strip("'\".,")
    return ""


def _name_problem(message: str, catalogue: Catalogue, tables: list[str], tree: exp.Expr) -> Problem:
    name = _unresolved(message)
    if not name:
        return Problem(kind="unknown_column", message=f"cannot resolve a name: {message[:200]}")
    holders = [t for t in tables if (table := catalogue.table(t)) and table.column(name)]
    if len(holders) > 1:
        return Problem(
            kind="ambiguous_column",
            message=f"ambiguous column {name}: in {', '.join(holders)} (qualify it)",
            names=[name],
            suggestions=[f"{t}.{name}" for t in holders],
        )
    if holders:  # the column exists, but not in the table its qualifier names
        owner = holders[0]
        return Problem(
            kind="unknown_column",
            message=f"column {name} does not belong to the table it is taken from; "
            f"it is {owner}.{name}",
            names=[name],
            suggestions=[f"{owner}.{name}"],
        )
    known = [
        f"{t}.{c.name}" for t in tables if (table := catalogue.table(t)) for c in table.columns
    ]
    near = nearest(name, known) if known else []
    hint = f" (nearest: {', '.join(near)})" if near else ""
    return Problem(
        kind="unknown_column",
        message=f"unknown column {name} in {', '.join(tables) or 'the query'}{hint}",
        names=[name],
        suggestions=near,
    )


def _limited(tree: exp.Expr, row_limit: int) -> tuple[exp.Expr, bool]:
    limit = tree.args.get("limit")
    current = limit.expression if isinstance(limit, exp.Limit) else None
    if isinstance(current, exp.Literal) and current.is_int and int(current.this) <= row_limit:
        return tree, False
    assert isinstance(tree, exp.Query)
    return tree.limit(row_limit, copy=True), True


def _top_limit(tree: exp.Expr) -> int | None:
    limit = tree.args.get("limit")
    current = limit.expression if isinstance(limit, exp.Limit) else None
    if isinstance(current, exp.Literal) and current.is_int:
        return int(current.this)
    return None


def render(tree: exp.Expr, dialect: str, row_limit: int) -> str | Problem:
    """The statement as it will run, or why it cannot be rendered faithfully.

    Rendering never translates silently: a construct the dialect lacks is a problem, not
    an approximation, and the rendered text must read back as the same statement with
    its row limit on top (a second check gives the same SQL).
    """
    try:
        text = tree.sql(dialect=dialect, unsupported_level=ErrorLevel.RAISE, comments=False)
        again = sqlglot.parse_one(text, read=dialect)
    except (UnsupportedError, ParseError, TokenError) as error:
        first = str(error).splitlines()[0] if str(error) else "unsupported"
        return Problem(kind="unsupported", message=f"not supported by {dialect}: {first[:200]}")
    limit = _top_limit(again)
    if again.sql(dialect=dialect, comments=False) != text or limit is None or limit > row_limit:
        return Problem(
            kind="unsupported",
            message=f"this statement does not read the same in {dialect}: write it without "
            "dialect-specific constructs",
        )
    return text


def check_sql(sql: str, catalogue: Catalogue, *, row_limit: int = 1000) -> SqlCheck:
    """Validate ``sql`` against ``catalogue``; the statement as it will run when it may."""
    parsed = _parse(sql, catalogue.dialect)
    if isinstance(parsed, SqlCheck):
        return parsed
    problems = _forbidden_nodes(parsed)
    if problems:
        return _fail(*problems)
    problems = _forbidden_calls(parsed)
    tables, table_problems = _table_problems(parsed, catalogue)
    problems += table_problems
    if problems:
        return SqlCheck(ok=False, sql="", tables=tables, problems=problems)
    qualified, problems = _column_problems(parsed, catalogue, tables)
    if qualified is not None:
        problems = _time_problems(qualified, catalogue)
    if problems:
        return SqlCheck(ok=False, sql="", tables=tables, problems=problems)
    limited, added = _limited(parsed, row_limit)
    text = render(limited, catalogue.dialect, row_limit)
    if isinstance(text, Problem):
        return SqlCheck(ok=False, sql="", tables=tables, problems=[text])
    return SqlCheck(ok=True, sql=text, tables=tables, limit_added=added)
