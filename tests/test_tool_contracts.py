"""Typed tool contracts (issue 8, part 3): every tool declares a pydantic argument model, the
executor refuses arguments the contract refuses before the tool runs, and the registry renders
the contracts as OpenAI-compatible function schemas for a planner or a model corrector."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import Field

from keel.calibration.executor import execute
from keel.domain.config import SqlQuery, SqlTemplate
from keel.domain.retail.actions import WRITE_TOOLS
from keel.nodes.common import tool_registry
from keel.tools.registry import (
    Contract,
    RegisteredTool,
    ToolContext,
    ToolError,
    ToolRegistry,
    ToolSpec,
    loose_contract,
)
from keel.tools.sql import sql_tool


def test_every_registered_tool_declares_a_contract_that_refuses_unknown_arguments() -> None:
    registry = tool_registry("retail")
    for spec in registry.specs():
        contract = spec.contract()
        assert issubclass(contract, Contract), spec.name
        assert contract.model_config.get("extra") == "forbid", spec.name


def test_a_templates_contract_is_made_from_its_parameters() -> None:
    template = SqlTemplate(
        description="An order.",
        params=["order_id"],
        queries={"order": SqlQuery(sql="SELECT 1 WHERE :order_id = :order_id", one=True)},
    )
    spec = sql_tool("get_order", template, {"order_id": "Order id such as #W1234567."}).spec
    assert spec.required_args == ["order_id"] and spec.optional_args == []
    schema = spec.openai_schema()["function"]["parameters"]
    assert schema["required"] == ["order_id"]
    assert schema["properties"]["order_id"]["description"] == "Order id such as #W1234567."
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ({}, "order_id"),  # missing
        ({"order_id": "#W2387014", "limit": 5}, "limit"),  # unknown
        ({"order_id": ["#W2387014"]}, "order_id"),  # wrong type
        ({"order_id": ""}, "order_id"),  # empty
    ],
)
def test_arguments_the_contract_refuses_never_reach_the_tool(
    tmp_path: Path, args: dict[str, Any], named: str
) -> None:
    ran: list[dict[str, Any]] = []

    class OrderArgs(Contract):
        order_id: str = Field(min_length=1)

    spec = ToolSpec(
        name="get_order", category="sql", access="read", description="o", args_model=OrderArgs
    )
    registry = ToolRegistry([RegisteredTool(spec, lambda ctx, a: ran.append(a) or {"ok": 1})])
    ctx = ToolContext(database_url=f"sqlite:///{tmp_path / 'x.db'}")
    outcome = execute(registry, "get_order", args, ctx)
    assert not outcome["ok"] and outcome["error"] == "PARAMETER_ERROR" and ran == []
    assert named in (outcome["message"] or ""), outcome["message"]


def test_a_write_contract_checks_nested_values_and_keeps_only_the_address() -> None:
    spec = next(t.spec for t in WRITE_TOOLS if t.spec.name == "modify_pending_order_address")
    given = {
        "order_id": "#W2387014",
        "address": {
            "address1": "1 Main St",
            "city": "Austin",
            "state": "TX",
            "zip": "78701",
            "partial": "yes",  # the reader's mark, not the tool's
        },
    }
    checked = spec.validate_args(given)
    assert checked["address"] == {
        "address1": "1 Main St",
        "city": "Austin",
        "state": "TX",
        "zip": "78701",
    }
    with pytest.raises(ToolError) as refused:
        spec.validate_args({"order_id": "#W2387014", "address": {"address1": "1 Main St"}})
    assert refused.value.kind == "PARAMETER_ERROR" and "address.city" in str(refused.value)


def test_item_changes_need_items() -> None:
    spec = next(t.spec for t in WRITE_TOOLS if t.spec.name == "return_delivered_order_items")
    with pytest.raises(ToolError, match="item_ids"):
        spec.validate_args({"order_id": "#W1", "item_ids": [], "payment_method_id": "paypal_1"})


def test_the_registry_renders_the_selected_tools_as_function_schemas() -> None:
    registry = tool_registry("retail")
    (cancel,) = registry.openai_tools(["cancel_pending_order"])
    function = cancel["function"]
    assert cancel["type"] == "function" and function["name"] == "cancel_pending_order"
    assert sorted(function["parameters"]["required"]) == ["order_id", "reason"]
    assert function["parameters"]["properties"]["reason"]["enum"] == [
        "no longer needed",
        "ordered by mistake",
    ]
    every = registry.openai_tools()
    assert [t["function"]["name"] for t in every] == [s.name for s in registry.specs()]


def test_a_spec_without_a_contract_gets_a_loose_one_from_its_argument_names() -> None:
    spec = ToolSpec(
        name="lookup",
        category="sql",
        access="read",
        description="l",
        required_args=["user_id"],
        optional_args=["verbose"],
    )
    assert spec.validate_args({"user_id": "u", "extra": 1}) == {"user_id": "u", "extra": 1}
    with pytest.raises(ToolError):
        spec.validate_args({"verbose": True})
    assert loose_contract("x", ["a"], []).model_fields["a"].is_required()
