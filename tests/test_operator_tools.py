"""Operator tools: no traceback reaches an operator; scenario files are checked against their
schema; the human agent's commands in `keel chat`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from keel import cli
from keel.api import Keel
from keel.domain.retail.demo_data import load_demo_data
from keel.persistence.db import get_engine, sqlite_url
from keel.scenarios import ScenarioFileError, load_scenarios, scenario_files
from keel.state.context import Context


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_an_unknown_key_names_the_key_and_the_file(tmp_path: Path) -> None:
    path = write(
        tmp_path / "typo.yaml",
        "name: typo\nturns:\n  - user: hi\n    expectt: {awaiting: nothing}\n"
        "finale: {handoff: false}\n",
    )
    with pytest.raises(ScenarioFileError) as error:
        load_scenarios(path)
    message = str(error.value)
    assert "typo.yaml" in message and "'expectt'" in message and "'finale'" in message


def test_a_scenario_without_expectations_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path / "empty.yaml", "name: nothing checked\nturns:\n  - user: hi\n")
    with pytest.raises(ScenarioFileError, match="no expectations"):
        load_scenarios(path)


def test_a_turn_has_exactly_one_speaker(tmp_path: Path) -> None:
    path = write(
        tmp_path / "two.yaml",
        "name: two\nturns:\n  - {user: hi, agent: hello}\nfinal: {handoff: false}\n",
    )
    with pytest.raises(ScenarioFileError, match="exactly one"):
        load_scenarios(path)


def test_an_empty_folder_is_an_error_that_says_why(tmp_path: Path) -> None:
    with pytest.raises(ScenarioFileError, match="no scenario files"):
        scenario_files([str(tmp_path)])
    assert cli.main(["scenarios", "run", str(tmp_path)]) == 2


@pytest.fixture
def agent(tmp_path: Path) -> Keel:
    path = tmp_path / "store.db"
    load_demo_data(sqlite_url(path))
    get_engine(sqlite_url(path)).dispose()
    return Keel(Context(database_url=sqlite_url(path)))


def test_agent_commands_without_a_handoff_say_so(agent: Keel) -> None:
    said = cli.chat_turn(agent, "op1", "/agent Hi, Sam here", None)
    assert said.startswith("No human agent holds this conversation")
    assert cli.chat_turn(agent, "op1", "/release", None).startswith("No human agent")
    assert cli.chat_turn(agent, "op1", "/agent", None).startswith("usage")
    assert cli.chat_turn(agent, "op1", "/nonsense", None).startswith("unknown command")


def test_agent_commands_after_a_handoff(agent: Keel) -> None:
    cli.chat_turn(agent, "op2", "I want to talk to a human", None)
    assert "Sam here" in cli.chat_turn(agent, "op2", "/agent Sam here", None)
    assert "awaiting=nothing" in cli.chat_turn(agent, "op2", "/release", None)


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, EOFError])
def test_chat_leaves_cleanly_on_ctrl_c_and_ctrl_d(
    interrupt: type[BaseException],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    def raise_it(prompt: str = "") -> str:
        raise interrupt

    monkeypatch.setenv("KEEL_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("builtins.input", raise_it)
    assert cli.main(["chat", "--checkpoint", "memory"]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err and "Bye" in out.out


def test_chat_leaves_cleanly_on_ctrl_c_mid_turn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = iter(["hello"])

    def one_line(prompt: str = "") -> str:
        return next(lines)

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setenv("KEEL_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("builtins.input", one_line)
    monkeypatch.setattr(cli, "chat_turn", interrupted)
    assert cli.main(["chat", "--checkpoint", "memory"]) == 0
    assert "Traceback" not in capsys.readouterr().err
