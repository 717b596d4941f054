"""Conversation scenarios: YAML files of user turns with expectations, run against the graph.

Format (every ``expect`` key optional)::

    name: cancel a pending order
    channel_user_id: null            # user id from an authenticated channel
    context: {rate_capacity: 3}      # optional Context overrides (tool_faults: drills)
    turns:
      - user: "I'm Noah Brown, zip 80279. Please cancel order #W7678072, I don't need it."
        expect:
          intent: cancel_order
          reply_contains: ["#W7678072"]       # case-insensitive substrings
          reply_not_contains: ["error"]
          awaiting: confirmation            # confirmation | clarification | human | nothing
          path_contains: [check_policy]     # nodes visited this turn
          authenticated: true               # a user is verified after this turn
          tool_calls: [{tool: get_order_details, duplicate: true}]  # calibrated calls
      - user: "yes"
      - agent: "Hello, this is Sam from support."   # a human agent answers a handoff
      - release: true                               # the human agent hands the session back
      - user: "Hi, it's Noah Brown, zip 80279"
        session: second                   # played in another conversation (default: the first)
    final:
      orders: {"#W7678072": {status: cancelled}}    # fields as in the τ²-bench db.json export
      users: {noah_brown_6181: {address: {zip: "80279"}}}
      handoff: false                                # whether the first session was handed off

Each scenario runs on a fresh copy of the database (the demo data, or a τ² db.json import).
Files are validated against this schema: an unknown key is an error naming the key and the
file, and so is a scenario without a single expectation. Every record the conversation
changed must be declared under ``final``: a change it does not declare is reported as an
unasked write (the worst failure a conversation can show).
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from keel.api import Keel, TurnResult
from keel.calibration.records import CalibrationRecorder
from keel.domain.pack import load_pack
from keel.domain.retail.models import Order, User
from keel.persistence.db import get_engine, session_scope, sqlite_url
from keel.persistence.handoff import HandoffQueue
from keel.state.context import Context


class Strict(BaseModel):
    """A part of a scenario file: unknown keys are errors, not silently ignored."""

    model_config = ConfigDict(extra="forbid")


class TurnExpect(Strict):
    """Expectations on one turn."""

    intent: str | None = None
    reply_contains: list[str] = Field(default_factory=list)
    reply_not_contains: list[str] = Field(default_factory=list)
    awaiting: str | None = None
    path_contains: list[str] = Field(default_factory=list)
    authenticated: bool | None = None
    # Calibrated tool calls of this turn; each item matches one call by the fields it gives
    # (tool, success, failure_type, duplicate, corrected, validation, retries).
    tool_calls: list[dict[str, Any]] = Field(default_factory=list)


class Turn(Strict):
    """A user message, a human agent's reply or release, and what the agent must do then."""

    user: str | None = None
    agent: str | None = None
    release: bool = False  # the human agent hands the conversation back to the bot
    # the conversation the turn is played in: turns without it are in the first one; another
    # name is another session (nobody verified, nothing pending: a stranger, a return later)
    session: str | None = None
    expect: TurnExpect = Field(default_factory=TurnExpect)

    @model_validator(mode="after")
    def _one_speaker(self) -> Turn:
        said = [k for k in ("user", "agent") if getattr(self, k) is not None]
        if len(said) + int(self.release) != 1:
            raise ValueError("a turn has exactly one of `user`, `agent` or `release: true`")
        return self


class FinalExpect(Strict):
    """Expectations on the database and session after the last turn.

    ``orders`` and ``users`` are the store's records in the τ² export shape. ``records``
    (table -> record id -> fields) and ``created`` (table -> the fields of each record the
    conversation adds) are any business's, in the shape of its pack's ``export_state``.
    """

    orders: dict[str, dict[str, Any]] = Field(default_factory=dict)
    users: dict[str, dict[str, Any]] = Field(default_factory=dict)
    records: dict[str, dict[str, dict[str, Any]]] = Field(default_factory=dict)
    created: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)
    handoff: bool | None = None

    @property
    def by_table(self) -> bool:
        """Checked per table from the pack's export (all but the store's orders/users shape)."""
        return not (self.orders or self.users)


class Scenario(Strict):
    """A whole conversation."""

    name: str
    domain: str = "retail"  # the business the conversation is with (its pack's name)
    # records the conversation starts with besides the business's data: a reference the
    # business's pack resolves (the bank: "tasks.json#task_078", a τ-Banking task's state)
    setup: str | None = None
    channel_user_id: str | None = None
    context: dict[str, Any] = Field(default_factory=dict)
    turns: list[Turn] = Field(min_length=1)
    final: FinalExpect = Field(default_factory=FinalExpect)

    @model_validator(mode="after")
    def _checks_something(self) -> Scenario:
        if count_checks(self.final) + sum(count_checks(t.expect) for t in self.turns) == 0:
            raise ValueError(
                "no expectations: add `expect` to a turn or a `final` block, otherwise the "
                "scenario passes whatever the agent does"
            )
        return self


@dataclass
class ScenarioResult:
    """Outcome of one scenario."""

    name: str
    file: str
    passed: bool
    turns: int
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0
    transcript: list[dict[str, Any]] = field(default_factory=list)
    checks: int = 0  # individual expectations (a substring, a field of an order …)
    final_checks: int = 0  # of which on the database and handoff at the end
    final_failures: int = 0
    # changed, with a value neither `final` declares nor the record held before (or undeclared)
    unasked_writes: list[str] = field(default_factory=list)
    # changed as declared in part: every value that differs is still the one from before
    partial_writes: list[str] = field(default_factory=list)
    missed_writes: list[str] = field(default_factory=list)  # declared changes that never happened
    wrong_logins: int = 0  # turns verified as a user where `authenticated: false` was expected


def count_checks(value: Any) -> int:
    """Number of leaf expectations in an ``expect`` or ``final`` block."""
    if isinstance(value, BaseModel):
        value = value.model_dump(exclude_defaults=True)
    if isinstance(value, Mapping):
        return sum(count_checks(v) for v in value.values())
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return len(value)  # reply_contains: each substring is one check
    return 0 if value in (None, [], {}) else 1


class ScenarioFileError(ValueError):
    """A scenario file that does not follow the format (the message names file and key)."""


def _describe(error: ValidationError, path: Path) -> str:
    problems = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"]) or "(top level)"
        if item["type"] == "extra_forbidden":
            problems.append(f"unknown key {str(item['loc'][-1])!r} at {where}")
        else:
            problems.append(f"{where}: {item['msg']}")
    return f"{path}: " + "; ".join(problems)


def load_scenarios(path: Path) -> list[Scenario]:
    """Load one YAML file (a scenario, or a list of scenarios), validated against the format."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise ScenarioFileError(f"{path}: {error}") from error
    if not data:
        raise ScenarioFileError(f"{path}: empty file, no scenario in it")
    items = data if isinstance(data, list) else [data]
    try:
        return [Scenario.model_validate(item) for item in items]
    except ValidationError as error:
        raise ScenarioFileError(_describe(error, path)) from error


def scenario_files(names: Sequence[str]) -> list[Path]:
    """The YAML files named, folders expanded; a folder without any is an error."""
    files: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found = sorted([*path.glob("*.yaml"), *path.glob("*.yml")])
            if not found:
                raise ScenarioFileError(f"{path}: no scenario files (*.yaml, *.yml) in this folder")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            raise ScenarioFileError(f"{path}: no such file or folder")
    return files


def subset_mismatches(expected: Any, actual: Any, where: str) -> list[str]:
    """Compare ``expected`` as a subset of ``actual`` (dict keys recursively; lists exactly)."""
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return [f"{where}: expected a mapping, got {actual!r}"]
        problems: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{where}.{key}: missing (expected {value!r})")
            else:
                problems.extend(subset_mismatches(value, actual[key], f"{where}.{key}"))
        return problems
    if isinstance(expected, list) and isinstance(actual, list):
        return [] if expected == actual else [f"{where}: expected {expected!r}, got {actual!r}"]
    if isinstance(expected, float | int) and isinstance(actual, float | int):
        return (
            []
            if abs(float(expected) - float(actual)) < 0.005
            else [f"{where}: expected {expected!r}, got {actual!r}"]
        )
    if str(expected) != str(actual):
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def check_turn(expect: TurnExpect, turn: TurnResult) -> list[str]:
    """Return the unmet expectations of one turn."""
    problems: list[str] = []
    reply = turn.reply.lower()
    if expect.intent is not None and turn.intent != expect.intent:
        problems.append(f"intent: expected {expect.intent}, got {turn.intent}")
    for text in expect.reply_contains:
        if text.lower() not in reply:
            problems.append(f"reply lacks {text!r}")
    for text in expect.reply_not_contains:
        if text.lower() in reply:
            problems.append(f"reply contains {text!r}")
    if expect.awaiting is not None and turn.awaiting != expect.awaiting:
        problems.append(f"awaiting: expected {expect.awaiting}, got {turn.awaiting}")
    for node in expect.path_contains:
        if node not in turn.path:
            problems.append(f"path lacks {node} ({' > '.join(turn.path)})")
    if expect.authenticated is not None and (turn.user_id is not None) != expect.authenticated:
        problems.append(f"authenticated: expected {expect.authenticated}, got {turn.user_id}")
    return problems


def check_calls(
    expected: Sequence[Mapping[str, Any]], calls: Sequence[Mapping[str, Any]]
) -> list[str]:
    """Return the expected tool calls that no call of the turn matches."""
    problems: list[str] = []
    for want in expected:
        if not any(all(call.get(k) == v for k, v in want.items()) for call in calls):
            seen = "; ".join(
                " ".join(f"{k}={v}" for k, v in call.items() if v not in (None, False, 0))
                for call in calls
            )
            problems.append(f"no tool call like {dict(want)} (calls: {seen or 'none'})")
    return problems


# What a business record is, per table: the column naming it and the columns that count.
# A gift card's balance moves with the order write that used it; it is no write of its own.
RECORD_TABLES: dict[str, tuple[str, str, tuple[str, ...] | None]] = {
    "orders": ("order", "order_id", None),
    "order_items": ("order", "order_id", None),
    "fulfilments": ("order", "order_id", None),
    "payment_transactions": ("order", "order_id", None),
    "users": ("user", "user_id", None),
    "payment_methods": ("user", "user_id", ("id", "user_id", "source", "brand", "last_four")),
    "products": ("product", "product_id", None),
    "variants": ("product", "product_id", None),
}


def changed_records(database: Path, template: Path) -> set[tuple[str, str]]:
    """The business records (kind, id) whose rows differ between ``database`` and ``template``."""
    import sqlite3

    changed: set[tuple[str, str]] = set()
    with sqlite3.connect(database) as connection:
        connection.execute("ATTACH DATABASE ? AS template", (str(template),))
        for table, (kind, key, wanted) in RECORD_TABLES.items():
            columns = wanted or tuple(
                row[1] for row in connection.execute(f"PRAGMA main.table_info({table})")
            )
            listed = ", ".join(f'"{c}"' for c in columns)
            query = (
                f"SELECT {key} FROM (SELECT {listed} FROM main.{table} EXCEPT "
                f"SELECT {listed} FROM template.{table}) UNION SELECT {key} FROM (SELECT {listed} "
                f"FROM template.{table} EXCEPT SELECT {listed} FROM main.{table})"
            )
            changed.update((kind, str(row[0])) for row in connection.execute(query))
        connection.execute("DETACH DATABASE template")
    return changed


@dataclass
class FinalCheck:
    """The end state checked: problems by record, and the handoff's."""

    records: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # declared records
    handoff: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        """Every unmet expectation on the end state."""
        return [p for found in self.records.values() for p in found] + self.handoff


def check_final(final: FinalExpect, database_url: str, session_id: str) -> FinalCheck:
    """Check the declared records of the database and the handoff queue."""
    checked = FinalCheck(records=check_records(final, database_url))
    if final.handoff is not None:
        handed_off = bool(HandoffQueue(database_url).tickets(session_id))
        if handed_off != final.handoff:
            checked.handoff.append(f"handoff: expected {final.handoff}, got {handed_off}")
    return checked


def check_records(final: FinalExpect, database_url: str) -> dict[tuple[str, str], list[str]]:
    """Per declared record, how it differs from what ``final`` declares."""
    from keel.domain.retail.tau2 import export_order, export_user

    records: dict[tuple[str, str], list[str]] = {}
    with session_scope(database_url) as session:
        for order_id, fields in final.orders.items():
            order = session.get(Order, order_id)
            records[("order", order_id)] = (
                [f"order {order_id} not found"]
                if order is None
                else subset_mismatches(fields, export_order(order), f"orders[{order_id}]")
            )
        for user_id, fields in final.users.items():
            user = session.get(User, user_id)
            records[("user", user_id)] = (
                [f"user {user_id} not found"]
                if user is None
                else subset_mismatches(fields, export_user(user), f"users[{user_id}]")
            )
    return records


def _left_as_before(problems: Sequence[str], before: Sequence[str]) -> bool:
    """True when every value that differs from the declared one is the value from before.

    A mismatch names the field and the value found, so one the record showed before the
    conversation too is a field the conversation left alone: a part never made.
    """
    return bool(problems) and set(problems) <= set(before)


def unasked_writes(
    checked: FinalCheck,
    changed: set[tuple[str, str]],
    before: Mapping[tuple[str, str], list[str]] | None = None,
) -> list[str]:
    """Changed records the customer did not ask for.

    Those undeclared, or holding a value that is neither the declared one nor the one
    from before (``before``: the declared records checked against the database the
    conversation started from).
    """
    was = before or {}
    return [
        f"{kind} {key}"
        for kind, key in sorted(changed)
        if (problems := checked.records.get((kind, key))) != []
        and not (problems and _left_as_before(problems, was.get((kind, key), [])))
    ]


def partial_writes(
    checked: FinalCheck,
    changed: set[tuple[str, str]],
    before: Mapping[tuple[str, str], list[str]],
) -> list[str]:
    """Changed records whose every undeclared value is the one from before.

    Changed in part as declared, the rest never made: a missed part, not a wrong value.
    """
    return [
        f"{kind} {key}"
        for kind, key in sorted(changed)
        if _left_as_before(checked.records.get((kind, key)) or [], before.get((kind, key), []))
    ]


def missed_writes(checked: FinalCheck, changed: set[tuple[str, str]]) -> list[str]:
    """Declared changes that did not happen at all (a task lost on the way)."""
    return [
        f"{kind} {key}"
        for (kind, key), problems in sorted(checked.records.items())
        if problems and (kind, key) not in changed
    ]


def _number(value: Any) -> Any:
    """Money and counts compare as numbers: "$842.15", "842.15" and 842.15 are one value."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and (text := value.strip().replace(",", "")):
        bare = text.removeprefix("$").removeprefix("-$")
        negative = text.startswith("-")
        try:
            number = float(bare.removeprefix("-"))
        except ValueError:
            return value
        return -number if negative else number
    return value


def plain(value: Any) -> Any:
    """``value`` with every number-like string a number, for comparing records."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return _number(value)


State = Mapping[str, Mapping[str, Mapping[str, Any]]]  # table -> record id -> record


def declared_mismatches(final: FinalExpect, state: State) -> dict[tuple[str, str], list[str]]:
    """Per record declared under ``records``, how ``state`` differs from it."""
    found: dict[tuple[str, str], list[str]] = {}
    for table, records in final.records.items():
        for key, fields in records.items():
            record = state.get(table, {}).get(key)
            found[(table, key)] = (
                [f"{table} {key} not found"]
                if record is None
                else subset_mismatches(plain(fields), plain(record), f"{table}[{key}]")
            )
    return found


def changed_in(before: State, after: State) -> set[tuple[str, str]]:
    """Records of ``before`` that ``after`` changed or removed (table, id)."""
    return {
        (table, key)
        for table, records in before.items()
        for key, record in records.items()
        if after.get(table, {}).get(key) != record
    }


def added_in(before: State, after: State) -> dict[str, dict[str, Mapping[str, Any]]]:
    """Records of ``after`` that ``before`` lacks, per table."""
    added: dict[str, dict[str, Mapping[str, Any]]] = {}
    for table, records in after.items():
        new = {k: r for k, r in records.items() if k not in before.get(table, {})}
        if new:
            added[table] = new
    return added


def match_created(
    final: FinalExpect, added: Mapping[str, Mapping[str, Mapping[str, Any]]]
) -> tuple[list[str], list[tuple[str, str]]]:
    """Declared new records not made, and new records nobody declared (table, id).

    Each declared record takes the first new record of its table holding its fields, and
    no new record counts twice.
    """
    missing: list[str] = []
    used: set[tuple[str, str]] = set()
    for table, wanted in final.created.items():
        for fields in wanted:
            match = next(
                (
                    key
                    for key, record in added.get(table, {}).items()
                    if (table, key) not in used
                    and not subset_mismatches(plain(fields), plain(record), table)
                ),
                None,
            )
            if match is None:
                missing.append(f"created: no new {table} record like {dict(fields)}")
            else:
                used.add((table, match))
    extra = [(t, k) for t, records in added.items() for k in records if (t, k) not in used]
    return missing, extra


class ScenarioRunner:
    """Runs scenarios, each on a fresh copy of a prepared database."""

    def __init__(
        self,
        base_context: Context | None = None,
        data: Path | None = None,
        domain: str = "retail",
    ) -> None:
        self.workdir = Path(tempfile.mkdtemp(prefix="keel-scenarios-"))
        self.template = self.workdir / "template.db"
        self.base_context = base_context or Context()
        self.domain = domain
        self.pack = load_pack(domain)
        self.data = data
        self.templates: dict[str | None, Path] = {None: self.template}
        self._prepare(self.template, None)

    def _prepare(self, template: Path, setup: str | None) -> None:
        """Fill ``template`` with the business's data (a data file, or its demo data)."""
        url = sqlite_url(template)
        if setup is not None:
            self.pack.import_state(self.pack.setup(setup, self.data), url)
        elif self.data is not None:
            self.pack.import_state(self.pack.read_state(self.data), url)
        else:
            self.pack.prepare(url)
        get_engine(url).dispose()

    def template_for(self, setup: str | None) -> Path:
        """The prepared database a scenario with ``setup`` starts from (made once)."""
        if setup not in self.templates:
            template = self.workdir / f"template-{len(self.templates)}.db"
            self._prepare(template, setup)
            self.templates[setup] = template
        return self.templates[setup]

    def close(self) -> None:
        """Remove the temporary databases."""
        shutil.rmtree(self.workdir, ignore_errors=True)

    @staticmethod
    def _play(agent: Keel, session: str, turn: Turn, channel_user_id: str | None) -> TurnResult:
        if turn.release:
            return agent.release(session)
        if turn.agent is not None:
            return agent.reply_as_agent(session, turn.agent)
        return agent.send(session, turn.user or "", channel_user_id=channel_user_id)

    def run(self, scenario: Scenario, file: str = "") -> ScenarioResult:
        """Run one scenario and check every expectation."""
        started = time.perf_counter()
        if scenario.domain != self.domain:
            raise ValueError(f"a {self.domain} runner cannot run a {scenario.domain} scenario")
        template = self.template_for(scenario.setup)
        database = self.workdir / f"{uuid.uuid4().hex}.db"
        shutil.copyfile(template, database)
        url = sqlite_url(database)
        context = self.base_context.replace(
            database_url=url, domain=scenario.domain, **scenario.context
        )
        agent = Keel(context)
        recorder = CalibrationRecorder(url)
        first = f"scenario-{uuid.uuid4().hex[:8]}"
        sessions: dict[str | None, str] = {None: first}
        result = ScenarioResult(scenario.name, file, True, len(scenario.turns))
        for index, turn in enumerate(scenario.turns, start=1):
            said = "<release>" if turn.release else turn.agent or turn.user or ""
            session = sessions.setdefault(turn.session, f"{first}-{len(sessions)}")
            before = len(recorder.calls(session)) if turn.expect.tool_calls else 0
            try:
                outcome = self._play(agent, session, turn, scenario.channel_user_id)
            except Exception as error:  # a crash fails this scenario, not the whole run
                result.failures.append(f"turn {index}: {type(error).__name__}: {error}")
                result.transcript.append({"user": said, "error": str(error)})
                break
            result.transcript.append(
                {
                    "user": said,
                    "reply": outcome.reply,
                    "path": outcome.path,
                    "intent": outcome.intent,
                    "awaiting": outcome.awaiting,
                }
            )
            problems = check_turn(turn.expect, outcome)
            if turn.expect.authenticated is False and outcome.user_id is not None:
                result.wrong_logins += 1
            if turn.expect.tool_calls:
                problems += check_calls(turn.expect.tool_calls, recorder.calls(session)[before:])
            result.failures.extend(f"turn {index}: {problem}" for problem in problems)
        if scenario.final.by_table:
            final_problems = self._check_tables(scenario.final, result, url, template, first)
        else:
            final_problems = self._check_store(scenario.final, result, database, template, first)
        result.failures.extend(final_problems)
        result.final_checks = count_checks(scenario.final)
        result.final_failures = min(len(final_problems), result.final_checks)
        result.checks = sum(count_checks(t.expect) for t in scenario.turns) + result.final_checks
        result.passed = not result.failures
        result.seconds = time.perf_counter() - started
        return result

    def _check_store(
        self, final: FinalExpect, result: ScenarioResult, database: Path, template: Path, first: str
    ) -> list[str]:
        """The store's end state: its orders and users, every changed record declared."""
        checked = check_final(final, sqlite_url(database), first)
        changed = changed_records(database, template)
        started_as = check_records(final, sqlite_url(template))
        result.unasked_writes = unasked_writes(checked, changed, started_as)
        result.partial_writes = partial_writes(checked, changed, started_as)
        result.missed_writes = missed_writes(checked, changed)
        return checked.problems() + [
            f"unasked write: {kind} {key} changed, and `final` does not declare it"
            for kind, key in sorted(changed)
            if (kind, key) not in checked.records
        ]

    def _check_tables(
        self, final: FinalExpect, result: ScenarioResult, url: str, template: Path, first: str
    ) -> list[str]:
        """Any business's end state, table by table, from its pack's export.

        Every changed record must be declared under ``records`` and every new one under
        ``created``; the business's own logs (``DomainPack.logs``) are no customer's write.
        """
        before = self.pack.export_state(sqlite_url(template))
        after = self.pack.export_state(url)
        checked = FinalCheck(records=declared_mismatches(final, after))
        if final.handoff is not None:
            handed_off = bool(HandoffQueue(url).tickets(first))
            if handed_off != final.handoff:
                checked.handoff.append(f"handoff: expected {final.handoff}, got {handed_off}")
        changed = {c for c in changed_in(before, after) if c[0] not in self.pack.logs}
        started_as = declared_mismatches(final, before)
        missing, extra = match_created(final, added_in(before, after))
        extra = [(t, k) for t, k in extra if t not in self.pack.logs or t in final.created]
        result.unasked_writes = unasked_writes(checked, changed, started_as) + [
            f"new {table} {key}" for table, key in extra
        ]
        result.partial_writes = partial_writes(checked, changed, started_as)
        result.missed_writes = missed_writes(checked, changed) + missing
        return (
            checked.problems()
            + missing
            + [
                f"unasked write: {table} {key} changed, and `final` does not declare it"
                for table, key in sorted(changed)
                if (table, key) not in checked.records
            ]
            + [
                f"unasked write: new {table} {key}, and `final` does not declare it"
                for table, key in extra
            ]
        )


def run_files(
    files: Sequence[Path],
    context: Context | None = None,
    data: Mapping[str, Path] | None = None,
) -> list[ScenarioResult]:
    """Run every scenario in ``files``, each with its business (``data``: its data file)."""
    runners: dict[str, ScenarioRunner] = {}
    try:
        results = []
        for path in files:
            try:
                scenarios = load_scenarios(path)
            except ScenarioFileError as error:
                results.append(
                    ScenarioResult(path.name, str(path), False, 0, [f"invalid: {error}"])
                )
                continue
            for scenario in scenarios:
                if scenario.domain not in runners:
                    given = (data or {}).get(scenario.domain)
                    runners[scenario.domain] = ScenarioRunner(context, given, scenario.domain)
                results.append(runners[scenario.domain].run(scenario, str(path)))
        return results
    finally:
        for runner in runners.values():
            runner.close()


def format_table(results: Sequence[ScenarioResult]) -> str:
    """Render results as a plain-text table."""
    width = max([len(r.name) for r in results] + [8])
    lines = [f"{'scenario'.ljust(width)}  turns  result  detail", "-" * (width + 40)]
    for r in results:
        detail = r.failures[0] if r.failures else ""
        status = "pass" if r.passed else "FAIL"
        lines.append(f"{r.name.ljust(width)}  {r.turns:>5}  {status:<6}  {detail}")
    passed = sum(r.passed for r in results)
    lines.append(f"{passed} passed, {len(results) - passed} failed")
    lines.append(summary_line(results))
    return "\n".join(lines)


def summary_line(results: Sequence[ScenarioResult]) -> str:
    """Partial credit: the share of all expectations met, and of the end states reached."""
    checks = sum(r.checks for r in results)
    failed = sum(min(len(r.failures), r.checks) for r in results)
    finals = [r for r in results if r.final_checks]
    reached = sum(1 for r in finals if r.final_failures == 0)
    share = (checks - failed) / checks if checks else 1.0
    unasked = sum(len(r.unasked_writes) for r in results)
    partial = sum(len(r.partial_writes) for r in results)
    missed = sum(len(r.missed_writes) for r in results)
    logins = sum(r.wrong_logins for r in results)
    return (
        f"expectations met: {checks - failed}/{checks} ({share:.0%}); "
        f"end state right: {reached}/{len(finals)} scenarios; unasked writes: {unasked} "
        f"(in {sum(1 for r in results if r.unasked_writes)} scenarios); records changed only in "
        f"part (the rest never made): {partial}; missed writes: {missed}; "
        f"logins nobody claimed: {logins}"
    )


def write_json(results: Sequence[ScenarioResult], path: Path) -> None:
    """Write results (with transcripts) as JSON."""
    path.write_text(
        json.dumps([asdict(r) for r in results], ensure_ascii=False, indent=2), encoding="utf-8"
    )
