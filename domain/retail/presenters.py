"""Turn tool results into reply keys and template values (facts only from the result)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from keel.domain.config import DomainConfig
from keel.state.dialogue import ActionPlan, ToolOutcome
from keel.tools.knowledge_tool import best_passage
from keel.understanding.catalogue import Want, fits, mentioned_values, product_options, update_want


def _order_view(data: Mapping[str, Any]) -> dict[str, Any]:
    order = data["order"]
    paid = sum(float(p["amount"]) for p in data["payments"] if p["transaction_type"] == "payment")
    refunded = sum(
        float(p["amount"]) for p in data["payments"] if p["transaction_type"] == "refund"
    )
    from keel.domain.retail.policy import method_label

    methods = {
        str(p["payment_method_id"]): p
        for p in data["payments"]
        if p["transaction_type"] == "payment"
    }
    return {
        "order_id": order["order_id"],
        "status": order["status"],
        "items": data["items"],
        "address": {k: order[k] for k in ("address1", "address2", "city", "state", "zip")},
        "paid": round(paid, 2),  # what was paid, and apart from it what came back
        "refunded": round(refunded, 2),
        "paid_with": [
            method_label({"id": pid, **p}, balance=False) if p.get("source") else pid
            for pid, p in methods.items()
        ],
    }


def _tracking(data: Mapping[str, Any]) -> list[str]:
    names = {i["item_id"]: i["name"] for i in data["items"]}
    lines = []
    for fulfilment in data["fulfilments"]:
        items = ", ".join(names.get(i, i) for i in fulfilment["item_ids"])
        lines.append(f"{', '.join(fulfilment['tracking_ids'])} ({items})")
    return lines


def _orders(data: Mapping[str, Any]) -> list[str]:
    names: dict[str, list[str]] = {}
    for item in data["items"]:
        names.setdefault(item["order_id"], []).append(item["name"])
    return [
        f"{o['order_id']} ({o['status']}: {', '.join(names.get(o['order_id'], []))})"
        for o in data["orders"]
    ]


def _profile(data: Mapping[str, Any]) -> dict[str, Any]:
    from keel.domain.retail.policy import method_label

    user = data["user"]
    return {
        "name": f"{user['first_name']} {user['last_name']}",
        "email": user["email"],
        "address": {k: user[k] for k in ("address1", "address2", "city", "state", "zip")},
        "methods": [method_label(m) for m in data["payment_methods"]],
    }


RETURN_TOOLS = ("return_delivered_order_items",)
RETURN_NOTE = "session_summary.return_note"


def _session(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """What this conversation refunded and charged, per order and in total."""
    writes = data["writes"]
    refunds = [
        f"{w['order_id']}: ${w['refund']:.2f} → {w['payment_method_id']}"
        for w in writes
        if w["refund"]
    ]
    charges = [
        f"{w['order_id']}: ${w['charge']:.2f} ← {w['payment_method_id']}"
        for w in writes
        if w["charge"]
    ]
    values = {
        "refund_total": data["refund_total"],
        "charge_total": data["charge_total"],
        "refunds": refunds,
        "charges": charges,
        "changes": len(writes),
        "note_key": RETURN_NOTE if any(w["tool"] in RETURN_TOOLS for w in writes) else "",
    }
    if refunds and charges:
        return "session_summary.both", values
    if refunds:
        return "session_summary.refunds", values
    if charges:
        return "session_summary.charges", values
    return ("session_summary.changes" if writes else "session_summary.none"), values


def _product(
    config: DomainConfig, data: Mapping[str, Any], text: str, item: Mapping[str, Any] | None
) -> tuple[str, dict[str, Any]]:
    variants = data["variants"]
    values = sorted({str(v) for var in variants for v in var["options"].values()})
    wanted = mentioned_values(text, values, config.lexicon)
    available = [v for v in variants if v["available"]]
    base = {"name": data["product"]["name"], "product_id": data["product"]["product_id"]}
    if item is not None:
        # Asked about another version of an item the user has: read the wish against it.
        want = update_want(Want(), text, item, product_options(variants), config.lexicon)
        if not want.empty:
            chosen = [v for v in variants if fits(v, item, want, variants, config.lexicon)]
            if chosen:
                shown = ", ".join(v for vs in want.values.values() for v in vs) or "that"
                return "product_info.filtered", {**base, "wanted": shown, "variants": chosen}
    if wanted:
        chosen = [v for v in variants if set(wanted) <= {str(x) for x in v["options"].values()}]
        return "product_info.filtered", {**base, "wanted": ", ".join(wanted), "variants": chosen}
    return "product_info.ok", {
        **base,
        "available_count": len(available),
        "total_count": len(variants),
        "variants": available,
    }


def _knowledge(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    best = best_passage(data)
    return ("policy_question.ok", best) if best else ("policy_question.none", {})


def present(
    config: DomainConfig, intent: str, plan: ActionPlan, outcome: ToolOutcome, text: str
) -> tuple[str, dict[str, Any]]:
    """Return (reply key, values) for a successful tool outcome."""
    data = outcome["data"]
    if plan["write"]:
        return f"done.{intent}", {**plan["summary"], **data}
    if intent == "order_status":
        view = _order_view(data)  # a cancelled order was paid, then refunded: never "$0.00"
        return ("order_status.refunded" if view["refunded"] else "order_status.ok"), view
    if intent == "track_parcel":
        view = _order_view(data)
        tracking = _tracking(data)
        key = "track_parcel.ok" if tracking else "track_parcel.none"
        return key, {**view, "tracking": tracking}
    if intent == "list_orders":
        orders = _orders(data)
        return ("list_orders.ok" if orders else "list_orders.none"), {
            "count": len(orders),
            "orders": orders,
        }
    if intent == "my_profile":
        return "my_profile.ok", _profile(data)
    if intent == "session_summary":
        return _session(data)
    if intent == "product_info":
        return _product(config, data, text, plan["summary"].get("item"))
    if intent == "policy_question":
        return _knowledge(data)
    raise KeyError(f"no presenter for {intent}")
