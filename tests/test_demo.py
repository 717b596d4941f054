"""The README's main command: the scripted showcase, offline, ending with real figures."""

from __future__ import annotations

import re

from keel.demo import run_demo


def test_the_demo_runs_every_branch_and_shows_the_calibration_dashboard() -> None:
    lines: list[str] = []
    assert run_demo(verbose=True, emit=lines.append) == 0
    text = "\n".join(lines)
    assert re.search(
        r"\n\d+ turns\. Order #W\d{7}: cancelled; order #W\d{7}: return requested", text
    )
    calls = re.search(r"tool calls (\d+)\s+duplicates ([\d.]+)%", text)
    assert calls is not None and int(calls.group(1)) > 0 and float(calls.group(2)) > 0
    assert "get_order_details" in text.split("Tool calibration")[1]
    assert "handoff" in text and "await_confirmation" in text  # the state path of each turn
    asked = re.search(r"\n4 questions to the data: (\d) answered, (\d) refused", text)
    assert asked is not None and int(asked.group(1)) >= 2, text.split("Asking the data")[1]
    assert "sql.execute" in text and "The data cannot answer this" in text


def test_a_business_demo_script_runs_and_names_what_a_yes_wrote() -> None:
    from keel.demo import run_script

    lines: list[str] = []
    assert run_script("bank", verbose=True, emit=lines.append) == 0
    text = "\n".join(lines)
    written = re.search(r"Records written after a yes: (.+)\.", text)
    assert written is not None
    assert "debit_cards dbc_e57a8d31c7_blue" in written.group(1)  # frozen after a yes
    assert "transaction_disputes dsp_" in written.group(1)  # the duplicate charge disputed
    assert "verification_history" not in written.group(1)  # the bank's own log
