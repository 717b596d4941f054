"""Issue 9: where operators ask the data — the HTTP route (operator key), report templates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from keel.report import fill_value, placeholders, section_context
from keel.state.context import Context
from keel.web import create_app

TEMPLATE = """# Weekly operations report

## Cancellations

This week we cancelled {{ number of orders cancelled in the last 7 days }} orders.
By reason: {{ number of orders cancelled in the last 7 days by cancel reason }}

## Customers

We serve customers in {{ number of distinct states of the customers }} states.
"""


@pytest.fixture
def client(demo_db_url: str) -> TestClient:
    return TestClient(create_app(Context(database_url=demo_db_url)))


def test_the_ask_route_is_closed_without_an_operator_key(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KEEL_OPERATOR_KEY", raising=False)
    response = client.post("/api/ask", json={"question": "how many orders?"})
    assert response.status_code == 403 and "KEEL_OPERATOR_KEY" in response.json()["error"]


def test_the_ask_route_refuses_a_wrong_or_missing_key(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEEL_OPERATOR_KEY", "s3cret")
    for headers in ({}, {"X-Operator-Key": "guess"}):
        response = client.post("/api/ask", json={"question": "how many orders?"}, headers=headers)
        assert response.status_code == 401


def test_the_ask_route_needs_a_question(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEEL_OPERATOR_KEY", "s3cret")
    headers = {"X-Operator-Key": "s3cret"}
    assert client.post("/api/ask", json={}, headers=headers).status_code == 400
    long = {"question": "x" * 5000}
    assert client.post("/api/ask", json=long, headers=headers).status_code == 400


def test_the_ask_route_answers_an_operator(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEEL_OPERATOR_KEY", "s3cret")
    response = client.post(
        "/api/ask",
        json={"question": "how many orders are there?"},
        headers={"X-Operator-Key": "s3cret"},
    )
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "answered", body
    assert body["answer"]["rows"] == [[600]] and body["answer"]["sql"].startswith("SELECT")


def test_placeholders_and_the_section_around_each_as_context() -> None:
    found = placeholders(TEMPLATE)
    assert [d for _, _, d in found] == [
        "number of orders cancelled in the last 7 days",
        "number of orders cancelled in the last 7 days by cancel reason",
        "number of distinct states of the customers",
    ]
    context = section_context(TEMPLATE, found[0][0])
    assert context.startswith("# Weekly operations report\n## Cancellations")
    assert "[number of orders cancelled in the last 7 days]" in context
    assert "Customers" not in context
    assert "Cancellations" not in section_context(TEMPLATE, found[2][0])


def test_a_placeholder_gets_a_value_a_table_or_a_visible_reason() -> None:
    one: dict[str, Any] = {"status": "answered", "columns": ["n"], "rows": [[12]]}
    assert fill_value(one) == "12"
    many = {"status": "answered", "columns": ["reason", "n"], "rows": [["a", 1], ["b|c", 2]]}
    table = fill_value(many)
    assert "| reason | n |" in table and "| b\\|c | 2 |" in table
    refused = {"status": "refused", "reason": "no ages are kept"}
    assert fill_value(refused) == "_(the data cannot answer this: no ages are kept)_"
    assert fill_value({"status": "exited", "reason": "3 repairs failed"}).startswith("_(no answer")


def test_a_report_is_filled_from_the_store(demo_db_url: str, tmp_path: Path) -> None:
    from keel.report import fill_report

    text, filled = fill_report(TEMPLATE, context=Context(database_url=demo_db_url))
    assert [f.status for f in filled] == ["answered"] * 3, filled
    assert "{{" not in text and "We serve customers in" in text
    assert all(f.sql and f.sql.startswith("SELECT") for f in filled)


def test_answers_show_floats_at_most_to_four_decimals_and_speak_the_questions_language() -> None:
    from keel.ask import text_table
    from keel.nodes.ask import describe_rows

    assert describe_rows(["total"], [[12896.529999999999]], False, "en") == "total: 12896.53."
    assert describe_rows(["订单"], [[3]], False, "zh") == "订单: 3。"
    assert describe_rows(["n"], [], False, "en") == "No rows match."
    two = describe_rows(["name", "n"], [["a", 1], ["b", 2]], True, "en")
    assert two == "2 rows (more rows not shown); the first: name: a, n: 1."
    assert "0.3333" in text_table(["share"], [[1 / 3]])


def test_every_benchmark_the_cli_names_has_a_main_and_an_unknown_one_is_refused() -> None:
    import importlib

    from keel.cli import BENCHMARKS, main

    for name, module in BENCHMARKS.items():
        assert callable(importlib.import_module(f"keel.bench.{module}").main), name
    assert main(["bench", "no-such-benchmark"]) == 2
