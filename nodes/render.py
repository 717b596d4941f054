"""Fill reply templates: structured values (items, addresses, payment methods) become text.

Templates come from the domain's ``replies.yaml``; values come from tool
results only. Keys ending in ``_key`` name another template (or label) whose
text is substituted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from keel.domain.config import DomainConfig

SEPARATOR = {"en": "; ", "zh": "；"}


class _Defaults(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""


def format_options(options: Mapping[str, Any]) -> str:
    """Join option values: "linear, RGB, full size"."""
    return ", ".join(str(v) for v in options.values())


def format_address(address: Mapping[str, Any]) -> str:
    """One-line postal address."""
    parts = [address.get("address1"), address.get("address2"), address.get("city")]
    line = ", ".join(str(p) for p in parts if p)
    return f"{line}, {address.get('state', '')} {address.get('zip', '')}".strip(", ")


def _format_dict(value: Mapping[str, Any]) -> str:
    if "address1" in value:
        return format_address(value)
    if "old" in value and "new" in value:
        old, new = value["old"], value["new"]
        return (
            f"{old['name']} ({format_options(old['options'])}) → "
            f"{format_options(new['options'])} (item {new['item_id']}, ${float(new['price']):.2f})"
        )
    if "name" in value and "options" in value:
        price = f", ${float(value['price']):.2f}" if "price" in value else ""
        return f"{value['name']} ({format_options(value['options'])}{price})"
    if "options" in value and "item_id" in value:
        stock = "" if value.get("available", True) else ", unavailable"
        price = f"${float(value['price']):.2f}"
        return f"{format_options(value['options'])} (item {value['item_id']}, {price}{stock})"
    return ", ".join(f"{k}: {v}" for k, v in value.items())


def format_value(value: Any, language: str) -> str:
    """Turn a structured value into reply text."""
    if isinstance(value, Mapping):
        return _format_dict(value)
    if isinstance(value, list | tuple):
        return SEPARATOR.get(language, "; ").join(format_value(v, language) for v in value)
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def template(config: DomainConfig, key: str, language: str) -> str:
    """Return the template ``key`` in ``language`` (English when missing)."""
    texts = config.replies.get(key)
    if texts is None:
        raise KeyError(f"no reply template {key!r}")
    return texts.get(language) or texts["en"]


def _label(config: DomainConfig, key: str, language: str) -> str | None:
    for group in config.labels.values():
        if key in group:
            return group[key].get(language) or group[key].get("en")
    return None


def render(config: DomainConfig, key: str, data: Mapping[str, Any], language: str) -> str:
    """Fill template ``key`` with ``data``."""
    values: dict[str, Any] = _Defaults()
    for name, value in data.items():
        if name.endswith("_key") and isinstance(value, str):
            target = name[: -len("_key")]
            label = _label(config, value, language)
            if label is not None:
                values[target] = label
            elif value in config.replies:
                nested = {k: v for k, v in data.items() if k != name}
                values[target] = render(config, value, nested, language)
            else:
                values[target] = value
            continue
        if name.endswith("_label") and isinstance(value, str):
            values[name[: -len("_label")]] = _label(config, value, language) or value
            continue
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            labelled = [_label(config, v, language) for v in value]
            if all(labelled):  # a list of labels, e.g. the requests put in line
                values[name] = SEPARATOR.get(language, "; ").join(str(v) for v in labelled)
                continue
        if isinstance(value, str) and value in config.labels.get(name, {}):
            # A value with a label of its own kind, e.g. an order status: "已送达（delivered）".
            values[name] = _label(config, value, language) or value
            continue
        values[name] = format_value(value, language)
    return template(config, key, language).format_map(values)
