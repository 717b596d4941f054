"""The catalogue of a database as the text-to-SQL loop sees it: tables, typed columns, comments.

Built once per database by introspection (:mod:`tools.data_access`), then only read. It is
the *complete* schema the seed insists on: every column of every table with its type and
comment, never cut to the first N (a table with more than ``MAX_COLUMNS_SHOWN`` columns is
the one exception the seed allows, and the rendering says how many were left out). Foreign
keys are the declared ones plus those inferred from names and comments (a database without
declared keys still joins along them, marked ``inferred``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, Field

MAX_COLUMNS_SHOWN = 100  # the seed: a table with more columns than this may be trimmed


class ColumnInfo(BaseModel):
    """One column: its name, type as the database names it, comment and a few values."""

    name: str = Field(description="Column name as stored (case kept).")
    type: str = Field(description="Type as the database names it, lower-case (e.g. bigint, text).")
    comment: str = Field(default="", description="The column's comment or description.")
    nullable: bool = Field(default=True, description="Whether NULL is allowed.")
    primary_key: bool = Field(default=False, description="Part of the table's primary key.")
    samples: list[str] = Field(
        default_factory=list,
        description="A few distinct values (text-like columns), for linking question words.",
    )

    @property
    def kind(self) -> str:
        """A coarse type: number, text, time, bool or other (for the generator and checks)."""
        return type_kind(self.type)


class ForeignKey(BaseModel):
    """``table.column`` refers to ``ref_table.ref_column``."""

    column: str
    ref_table: str
    ref_column: str
    inferred: bool = Field(
        default=False, description="Found from names or comments, not declared by the database."
    )


class TableInfo(BaseModel):
    """One table with every column."""

    name: str
    comment: str = ""
    columns: list[ColumnInfo] = Field(default_factory=list)
    foreign_keys: list[ForeignKey] = Field(default_factory=list)
    row_count: int | None = None

    def column(self, name: str) -> ColumnInfo | None:
        """The column called ``name`` (case-insensitive), or None."""
        wanted = name.lower()
        return next((c for c in self.columns if c.name.lower() == wanted), None)

    @property
    def primary_key(self) -> list[str]:
        """Names of the primary-key columns (may be empty)."""
        return [c.name for c in self.columns if c.primary_key]


class Catalogue(BaseModel):
    """Every table of one database, with the SQL dialect its queries are written in."""

    dialect: str = Field(description="sqlglot dialect name: sqlite, postgres, mysql …")
    tables: dict[str, TableInfo] = Field(default_factory=dict)

    def table(self, name: str) -> TableInfo | None:
        """The table called ``name`` (case-insensitive), or None."""
        found = self.tables.get(name)
        if found is not None:
            return found
        wanted = name.lower()
        return next((t for n, t in self.tables.items() if n.lower() == wanted), None)

    def names(self) -> list[str]:
        """Every table name, sorted."""
        return sorted(self.tables)

    def subset(self, names: Iterable[str]) -> Catalogue:
        """The catalogue of the tables named (unknown names ignored)."""
        chosen = {t.name: t for n in names if (t := self.table(n)) is not None}
        return Catalogue(dialect=self.dialect, tables=chosen)

    def sqlglot_schema(self) -> dict[str, dict[str, str]]:
        """``{table: {column: type}}`` as sqlglot's qualifier takes it."""
        return {t.name: {c.name: c.type or "text" for c in t.columns} for t in self.tables.values()}

    def column_details(self, names: Iterable[str] | None = None) -> dict[str, dict[str, Any]]:
        """The seed's ``column_details``: ``{table: {column: {type, comment}}}``."""
        chosen = self.tables.values() if names is None else self.subset(names).tables.values()
        return {
            t.name: {c.name: {"type": c.type, "comment": c.comment} for c in t.columns}
            for t in chosen
        }


def type_kind(type_name: str) -> str:
    """Map a database type name to number, text, time, bool or other."""
    name = type_name.lower()
    if any(word in name for word in ("timestamp", "date", "time", "interval")):
        return "time"
    if "bool" in name:
        return "bool"
    if any(
        word in name
        for word in ("int", "numeric", "decimal", "real", "double", "float", "money", "serial")
    ):
        return "number"
    if any(word in name for word in ("char", "text", "string", "clob", "uuid", "enum")):
        return "text"
    return "other"


def render_columns(details: dict[str, dict[str, Any]], limit: int = MAX_COLUMNS_SHOWN) -> str:
    """Column details as the generation prompt shows them: every column, type and comment.

    The seed's rendering (``**table** (N columns):`` then ``name(type) - comment``); only a
    table with more than ``limit`` columns is trimmed, and then the rendering says so.
    """
    blocks: list[str] = []
    for table, columns in details.items():
        shown = list(columns.items())[:limit]
        lines = []
        for name, info in shown:
            text = name
            if info.get("type"):
                text += f"({info['type']})"
            if info.get("comment"):
                text += f" - {info['comment']}"
            lines.append(text)
        more = len(columns) - len(shown)
        tail = f"\n    … {more} more columns not shown" if more > 0 else ""
        blocks.append(f"**{table}** ({len(columns)} columns):\n    " + "\n    ".join(lines) + tail)
    return "\n".join(blocks)


def trim_details(details: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Keep every table; trim only tables of more than ``MAX_COLUMNS_SHOWN`` columns (seed §4.1)."""
    return {
        table: dict(list(columns.items())[:MAX_COLUMNS_SHOWN])
        if len(columns) > MAX_COLUMNS_SHOWN
        else dict(columns)
        for table, columns in details.items()
    }
