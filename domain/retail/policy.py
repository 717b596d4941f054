"""The retail store's policy, as code: authentication, ownership, status rules and action plans.

The language model never decides any of this. Given the task in progress and
what the user said, :func:`decide` reads facts through the tool path
(``ToolCaller``) and returns a :class:`Decision`: execute a read, ask for
confirmation of a write, ask for something missing, reject, or hand off.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import re2

from keel.calibration.taxonomy import ends_in_handoff, failure_text
from keel.domain.config import DomainConfig
from keel.domain.pack import Decision, PolicyInput, ToolCaller
from keel.safety import patterns as rx
from keel.state.dialogue import ActionPlan, ToolOutcome
from keel.state.stack import TaskFrame, new_frame
from keel.understanding import extractors as ex
from keel.understanding.addresses import completed_address
from keel.understanding.catalogue import (
    Want,
    address_sources,
    choose_variant,
    clauses_for,
    closest,
    contains_phrase,
    described_values,
    head_noun,
    kept_out,
    match_order_items,
    mention_alternatives,
    mentioned_products,
    mentioned_values,
    not_meant,
    price_choice,
    product_names,
    product_options,
    unit_clauses,
    update_want,
)
from keel.understanding.offline import request_clauses, segments

CANCEL_REASONS = ("no longer needed", "ordered by mistake")
ADDRESS_WORD = rx.compile(r"\baddress|地址", rx.I)
ADDRESS_KEYS = ("address1", "address2", "city", "state", "country", "zip")
MAX_CHOICES = 8  # variants listed when asking which one
ITEM_INTENTS = ("return_items", "exchange_items", "modify_items")
# Order statuses a task can act on: where a missing order id is looked for.
ORDER_STATUSES: dict[str, tuple[str, ...]] = {
    "cancel_order": ("pending",),
    "modify_address": ("pending",),
    "modify_payment": ("pending",),
    "modify_items": ("pending", "delivered"),
    "exchange_items": ("delivered", "pending"),
    "return_items": ("delivered",),
}
# An item change is a modification while the order is pending, an exchange once delivered.
CHANGE_BY_STATUS = {"pending": "modify_items", "delivered": "exchange_items"}
VARIANT_INTENTS = ("exchange_items", "modify_items")


class Ask(Exception):
    """Raised inside a handler to stop and ask the user for something.

    ``expect`` lists phrases that mark a reply as the answer (product names, option
    values), so that "the full size clicky one with no backlight" is read as the
    answer to "which keyboard?" however long it is.
    """

    def __init__(
        self, key: str, asked: str | None, expect: Sequence[str] = (), **data: Any
    ) -> None:
        super().__init__(key)
        self.key, self.asked, self.data, self.expect = key, asked, data, list(expect)


class Settle(Exception):
    """Raised inside a handler when the task ends without a tool call (the user said no)."""

    def __init__(self, key: str, **data: Any) -> None:
        super().__init__(key)
        self.key, self.data = key, data


class Deny(Exception):
    """Raised inside a handler when the policy forbids the request."""

    def __init__(self, key: str, reason: str, **data: Any) -> None:
        super().__init__(key)
        self.key, self.reason, self.data = key, reason, data


class Failed(Exception):
    """Raised when a tool needed for a decision failed."""

    def __init__(self, outcome: ToolOutcome) -> None:
        super().__init__(outcome["error"])
        self.outcome = outcome


def _english_places(text: str, places: Mapping[str, str]) -> str:
    """The text with place names of other languages followed by their English names."""
    for name, english in places.items():
        if name in text:
            text = text.replace(name, f"{name} {english} ")
    return text


# The account's address named at all ("my account address", "默认地址"), and named as where an
# order should go ("ship it to my default address", "改寄到我账户里的默认地址"): then it is the
# destination of an order's change, not the thing changed.
DEFAULT_NAMED = re2.compile(r"(?i)\b(?:default|account|profile|home)\b|默认|账户|账号")
DEFAULT_AS_DESTINATION = re2.compile(
    r"(?i)\b(?:ship|send|deliver|mail|redirect|forward)\w*\b[^.?!,;]{0,20}\bto\b[^.?!,;]{0,12}"
    r"\b(?:default|account|profile|home)\b|(?:寄|送|发|邮)[^。，,？！]{0,4}(?:到|往|回)[^。，,？！]{0,8}(?:默认|账户|账号)"
)
# Words naming an order ("this order", "the package", "这单"): the conversation is about one.
ORDER_WORDS = re2.compile(
    r"(?i)\b(?:orders?|package|parcel|shipment|delivery)\b|订单|这单|那单|包裹"
)


def _same_place(a: Mapping[str, str], b: Mapping[str, str]) -> bool:
    """Two addresses are the same place (country, letter case and spacing aside)."""
    keys = ("address1", "address2", "city", "state", "zip")
    return all(
        " ".join(str(a.get(k) or "").lower().split())
        == " ".join(str(b.get(k) or "").lower().split())
        for k in keys
    )


def _need(outcome: ToolOutcome) -> dict[str, Any]:
    if not outcome["ok"]:
        raise Failed(outcome)
    return outcome["data"]


def method_label(method: Mapping[str, Any], *, balance: bool = True) -> str:
    """Human name of a payment method ("gift card gift_card_123 (balance $50.00)")."""
    source = str(method.get("source"))
    if source == "credit_card":
        brand = str(method.get("brand") or "credit card").capitalize()
        return f"{brand} ending {method.get('last_four')} ({method['id']})"
    if source == "gift_card":
        if not balance or method.get("balance") is None:
            return f"gift card {method['id']}"
        return f"gift card {method['id']} (balance ${float(method.get('balance') or 0):.2f})"
    return f"PayPal ({method['id']})"


class RetailPolicy:
    """Decides each turn of a retail task from its slots and the store's data."""

    def __init__(self, call: ToolCaller, inp: PolicyInput) -> None:
        self.call = call
        self.inp = inp
        self.frame: TaskFrame = {**inp.frame} if inp.frame else new_frame(inp.intent)
        self.slots: dict[str, Any] = dict(self.frame["slots"])
        # further orders of a several-order change ("cancel both"), listed with the first
        self.orders: list[str] | None = self.frame["orders"]
        self.found_order: str | None = None  # an order id looked up from the items named
        self.split_off = ""  # words of the message asking the same for another order's items
        self.notices: list[tuple[str, dict[str, Any]]] = []  # lines said before the reply
        self.progress: Any = None  # what the task has settled so far (items and variants)
        self._context: list[str] | None = None  # an earlier message the task leans on
        self._finding: list[str] | None = None  # the same, to find the order pointed back at

    # -- helpers -----------------------------------------------------------------
    def _keep(self) -> None:
        """What the task settled this turn goes back into its frame."""
        self.frame["slots"] = self.slots
        self.frame["orders"] = self.orders

    def _order_owner(self) -> dict[str, Any]:
        self._find_order(ORDER_STATUSES.get(self.frame["intent"], ()))
        order_id = self._require("order_id")
        outcome = self.call("get_order_owner", {"order_id": order_id})
        if not outcome["ok"] and outcome["error"] == "DATA_NOT_FOUND":
            self.slots.pop("order_id", None)
            raise Ask("order.not_found", "order_id", order_id=order_id)
        order = _need(outcome)["order"]
        if order["user_id"] != self.inp.user_id:
            raise Deny("order.not_owned", "not_owner", order_id=order_id)
        return dict(order)

    def _order_details(self) -> dict[str, Any]:
        self._order_owner()
        details = _need(self.call("get_order_details", {"order_id": self.slots["order_id"]}))
        if self.frame["intent"] in ITEM_INTENTS and self._names_other_items(details):
            # "I think it's #W8855135" but the camera is not in it: look where it is.
            wrong = self.slots.pop("order_id")
            self.notices.append(("item.not_in_order", {"order_id": wrong}))
            self._find_order(ORDER_STATUSES.get(self.frame["intent"], ()))
            self._order_owner()
            details = _need(self.call("get_order_details", {"order_id": self.slots["order_id"]}))
        return details

    def _names_other_items(self, details: Mapping[str, Any]) -> bool:
        """True when the user names products, none of which is in this order."""
        data = _need(self.call("get_user_orders", {"user_id": self.inp.user_id}))
        names = sorted({str(i["name"]) for i in data["items"]})
        named = [
            a
            for t in self._history()
            for a in mention_alternatives(t, names, self._lex, acted_on=True)
        ]
        here = {str(i["name"]) for i in details["items"]}
        return bool(named) and not any(a & here for a in named)

    def _away_from_unrelated_focus(self) -> None:
        """Let go of an order taken from the conversation whose items the task does not name.

        Right after the tablet's return, "cancel the charger I just bought too. It goes with
        the tablet": "it" brought the tablet's order along, but the charger is elsewhere;
        the order holding it is looked for instead.
        """
        order_id = self.slots.get("order_id")
        if not order_id or not self.inp.user_id or any(ex.order_ids(t) for t in self._history()):
            return
        outcome = self.call("get_order_details", {"order_id": order_id})
        if not outcome["ok"] or not self._names_other_items(outcome["data"]):
            return
        # only for an order the task could act on ("…scratch the return, my son claimed the
        # headphones" names a delivered order's item: no cancellation to look for there)
        data = _need(self.call("get_user_orders", {"user_id": self.inp.user_id}))
        statuses = ORDER_STATUSES.get(self.frame["intent"], ())
        fitting = {str(o["order_id"]) for o in data["orders"] if o["status"] in statuses}
        names = sorted({str(i["name"]) for i in data["items"]})
        named = {
            n
            for t in self._history()
            for n in mentioned_products(t, names, self._lex, acted_on=True)
        }
        if any(str(i["order_id"]) in fitting and i["name"] in named for i in data["items"]):
            self.slots.pop("order_id")

    def _require(self, slot: str) -> Any:
        value = self.slots.get(slot)
        if value in (None, "", []):
            raise Ask(f"ask.{slot}", slot, **self._ask_data(slot))
        return value

    def _ask_data(self, slot: str) -> dict[str, Any]:
        return {"order_id": self.slots.get("order_id", "")}

    def _status(self, order: Mapping[str, Any], wanted: str, action_key: str) -> None:
        if order["status"] == wanted:
            return
        label = self.inp.config.labels.get("action", {}).get(action_key, {})
        action = label.get(self.inp.language, action_key)
        if wanted == "pending":
            hint = "hint.return_instead" if order["status"] == "delivered" else "hint.none"
            raise Deny(
                "policy.not_pending",
                "status",
                order_id=order["order_id"],
                status=order["status"],
                action=action,
                hint_key=hint,
            )
        hint = "hint.pending_modify" if order["status"] == "pending" else "hint.none"
        raise Deny(
            "policy.not_delivered",
            "status",
            order_id=order["order_id"],
            status=order["status"],
            action=action,
            hint_key=hint,
        )

    def _labels(self, method_ids: Sequence[str]) -> list[str]:
        """How the customer knows each payment method ("Mastercard ending 4321 (…)")."""
        known = {str(m["id"]): m for m in self._methods()}
        return [method_label(known[i]) if i in known else i for i in method_ids]

    def _methods(self) -> list[dict[str, Any]]:
        data = _need(self.call("get_user_details", {"user_id": self.inp.user_id}))
        return [dict(m) for m in data["payment_methods"]]

    def _payment(
        self,
        methods: Sequence[Mapping[str, Any]],
        original: str | None,
        purpose: str,
        only: Sequence[Mapping[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """The payment method the user named; ``only`` one possible one needs no question.

        ``only``: the methods the policy admits for this purpose; the question offers those,
        never one it would refuse when chosen. When ``only`` holds a single method (a refund
        that can only go back to the original card), it is used without asking: the
        confirmation lists it anyway.
        """
        ref = self.slots.get("payment_ref")
        # one policy source: what is offered is exactly what the rule (``only``) admits
        labels = [method_label(m) for m in (only if only is not None else methods)]
        if not ref and only is not None and len(only) == 1:
            return dict(only[0])
        if not ref:
            raise Ask(
                "ask.payment_method_id", "payment_method_id", methods=labels, purpose_key=purpose
            )
        if ref.get("method_id"):
            found = [m for m in methods if m["id"] == ref["method_id"]]
        elif ref.get("original") and original:
            found = [m for m in methods if m["id"] == original]
        else:
            found = [m for m in methods if m["source"] == ref.get("source")]
            if ref.get("last_four"):
                found = [m for m in found if m.get("last_four") == ref["last_four"]]
            if ref.get("brand") and len(found) > 1:
                found = [m for m in found if str(m.get("brand", "")).lower() == ref["brand"]]
        if len(found) == 1:
            return dict(found[0])
        self.slots.pop("payment_ref", None)
        if len(found) > 1:
            raise Ask(
                "ask.payment_method_ambiguous",
                "payment_method_id",
                source=str(ref.get("source", "")).replace("_", " "),
                methods=[method_label(m) for m in found],
            )
        raise Ask("ask.payment_method_id", "payment_method_id", methods=labels, purpose_key=purpose)

    def _utterances(self) -> list[str]:
        return list(reversed(self.frame.get("utterances") or [self.inp.text]))

    def _history(self) -> list[str]:
        """The user's messages in this task, oldest first (see :meth:`_leaned_on`)."""
        own = list(self.frame.get("utterances") or [self.inp.text])
        return [*self._leaned_on(own), *own]

    def _leaned_on(self, own: Sequence[str]) -> list[str]:
        """The message before a task that names neither order nor product.

        "I got two tablets and I only need one", then "can u return the more expensive
        one?": the request leans on the message before it for what it is about. A task not
        about items leans on it only when it points back ("change this order's address").
        """
        if self.frame["intent"] not in ITEM_INTENTS:
            # a task not about items leans on the message before it only to find the order it
            # points back at without naming it ("我刚下了一个订单，里面有两块手表" — "这个订单
            # 的地址要改"); once the order is known, the earlier message says nothing of it
            if self.slots.get("order_id") or not any(ex.refers_back(t) for t in own):
                return []
            if self._finding is None:  # read once per turn (each read asks for the orders)
                self._finding = self._earlier_naming_products(own)
            return self._finding
        if self._context is not None:
            return self._context
        self._context = self._earlier_naming_products(own)
        return self._context

    def _earlier_naming_products(self, own: Sequence[str]) -> list[str]:
        """The user's last earlier message naming a product, when ``own`` names no order."""
        if not self.inp.user_id:
            return []
        # "my pending order", "#W1": the task names its order itself
        if any(ex.order_ids(t) or ex.named_statuses(t) for t in own):
            return []
        data = _need(self.call("get_user_orders", {"user_id": self.inp.user_id}))
        names = sorted({str(i["name"]) for i in data["items"]})
        if any(mentioned_products(t, names, self._lex) for t in own):
            return []
        earlier = [t for t in self.inp.recent if t not in own]
        return [t for t in earlier if mentioned_products(t, names, self._lex)][-1:]

    def _answered_item(self, names: Sequence[str]) -> None:
        """Remember that the latest message answers the question about one item."""
        prompt = self.frame.get("prompt") or {}
        item_id = (prompt.get("data") or {}).get("item_id")
        history = self._history()
        if not item_id or not history or mentioned_products(history[-1], names, self._lex):
            return
        answers = dict(self.slots.get("answers") or {})
        answers[str(len(history) - 1)] = item_id
        self.slots["answers"] = answers

    @property
    def _lex(self) -> Any:
        return self.inp.config.lexicon

    def _split_from_known_order(self, order_id: str) -> None:
        """The latest message's part about another order's items: a request of its own.

        At "which skateboard?", "我还要退那块智能手表，还有那个电子阅读器也要退": the watch
        is in this order, the e-reader only in another; the e-reader's part becomes the same
        request for its own order (``split_off``), taken up once this one is done.
        """
        own = list(self.frame.get("utterances") or [])
        if self.frame["intent"] not in SPLIT_BY_ORDER or len(own) < 2 or self.split_off:
            return
        data = _need(self.call("get_user_orders", {"user_id": self.inp.user_id}))
        statuses = ORDER_STATUSES.get(self.frame["intent"], ())
        contents: dict[str, set[str]] = {}
        for item in data["items"]:
            contents.setdefault(str(item["order_id"]), set()).add(str(item["name"]))
        fitting = [
            o
            for o in data["orders"]
            if o["order_id"] == order_id or not statuses or o["status"] in statuses
        ]
        names = sorted({n for ns in contents.values() for n in ns})

        def holders(piece: str) -> list[dict[str, Any]] | None:
            alternatives = mention_alternatives(piece, names, self._lex)
            if not alternatives:
                return None
            return [
                dict(o)
                for o in fitting
                if all(a & contents.get(o["order_id"], set()) for a in alternatives)
            ]

        last = own[-1]
        for pieces in (segments(last), request_clauses(last)):
            split = _grouped(pieces, holders)
            if split is not None and split[0][0]["order_id"] == order_id:
                self.frame["utterances"] = [*own[:-1], ", ".join(split[1])]
                self.split_off = ", ".join(split[2])
                return

    def _items(self, details: Mapping[str, Any], action_key: str) -> list[dict[str, Any]]:
        if self.inp.user_id:
            self._split_from_known_order(str(details["order"]["order_id"]))
        items = [dict(i) for i in details["items"]]
        match = match_order_items(
            self._history(),
            items,
            self._lex,
            all_items=bool(self.slots.get("all_items")),
            by_option=action_key == "return_items",
        )
        expect = _names_and_aliases(items, self._lex)
        if match.ambiguous:
            same = [i for i in items if i["name"] in match.ambiguous]
            raise Ask(
                "ask.item_ambiguous",
                "item_ids",
                expect,
                order_id=details["order"]["order_id"],
                names=", ".join(match.ambiguous),
                items=same,
            )
        if match.parts:
            by_id = {i["item_id"]: i for i in items}
            return [by_id[i] for i in match.parts if i in by_id]
        if len(items) == 1:  # "change the item's color to red": an order of one item
            return items
        raise Ask(
            "ask.item_ids",
            "item_ids",
            expect,
            order_id=details["order"]["order_id"],
            items=items,
            action_label=action_key,
        )

    def _want(
        self,
        item: Mapping[str, Any],
        names: Sequence[str],
        variants: Sequence[Any],
        skip: int | None = None,
    ) -> Want:
        """Fold every message of the task about ``item`` into what the user wants for it.

        ``skip`` leaves one message out (read unit by unit instead, see :meth:`_wants`).
        """
        options = product_options(variants)
        ids = [str(v["item_id"]) for v in variants]
        answers = self.slots.get("answers") or {}
        want = Want()
        for index, text in enumerate(self._history()):
            if index == skip:
                continue
            parts = clauses_for(text, str(item["name"]), names, self._lex)
            if parts is None:  # names no product: an answer about one item, or about any
                owner = answers.get(str(index))
                parts = [text] if owner in (None, item["item_id"]) else []
            for part in parts:
                want = update_want(want, part, item, options, self._lex, ids)
        return want

    def _wants(
        self, item: Mapping[str, Any], names: Sequence[str], variants: Sequence[Any], units: int
    ) -> list[Want]:
        """What the user wants for each unit of ``item`` changed: one want, or one per unit.

        "exchange both Tea Kettles: one to a ceramic gas kettle, the other to a glass
        1.5 liters one" asks two different things of the two units the order holds.
        """
        history = self._history()
        last = next((i for i in reversed(range(len(history))) if unit_clauses(history[i])), None)
        if units < 2 or last is None:
            return [self._want(item, names, variants)]
        base = self._want(item, names, variants, skip=last)
        options = product_options(variants)
        ids = [str(v["item_id"]) for v in variants]
        wants: list[Want] = []
        for piece in unit_clauses(history[last])[:units]:
            want = base
            for part in clauses_for(piece, str(item["name"]), names, self._lex) or [piece]:
                want = update_want(want, part, item, options, self._lex, ids)
            wants.append(want)
        return wants

    def _new_variants(
        self,
        chosen: Sequence[Mapping[str, Any]],
        names: Sequence[str],
        units: Mapping[str, int] | None = None,
    ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """Each unit to change with the variant it becomes.

        Several units of one item (``units``: how many the order holds) told apart ("one
        to …, the other to …") each get theirs. Items that already are what was asked
        ("their cheapest options": the cheapest one) stay as they are, and the reply says so.
        """
        changes: list[tuple[dict[str, Any], dict[str, Any]]] = []
        staying: list[Mapping[str, Any]] = []
        for item in chosen:
            product = _need(self.call("get_product_details", {"product_id": item["product_id"]}))
            variants = [dict(v) for v in product["variants"]]
            count = (units or {}).get(str(item["item_id"]), 1)
            for want in self._wants(item, names, variants, count):
                new = self._new_variant(item, want, variants, names)
                if new is None:
                    staying.append(item)
                else:
                    changes.append((dict(item), new))
        if staying:
            data = {"items": [dict(i) for i in staying]}
            if not changes:
                raise Deny("policy.already_as_asked", "already_as_asked", **data)
            self.notices.append(("change.already", data))
        return changes

    def _new_variant(
        self,
        item: Mapping[str, Any],
        want: Want,
        variants: Sequence[dict[str, Any]],
        names: Sequence[str],
    ) -> dict[str, Any] | None:
        """The variant ``want`` picks for ``item`` (None: the item already is it), or ask."""
        choice = choose_variant(want, item, variants, self._lex)
        if choice.reason == "already":
            return None
        if choice.reason == "identical":  # "the exact same tablet": not a change, or not sold
            own = next((v for v in variants if v["item_id"] == item["item_id"]), None)
            key = "policy.same_item" if own is not None and own["available"] else "policy.gone"
            raise Deny(key, "same_item", name=item["name"], options=item["options"])
        others = closest(want, item, variants, limit=MAX_CHOICES)
        expect = _option_words(variants, self._lex)
        about = {"name": item["name"], "item_id": item["item_id"]}
        if choice.reason == "no_change_named":
            other = self._other_product_named(names)
            if other:
                raise Deny("policy.same_product", "other_product", name=item["name"], other=other)
            raise Ask(
                "ask.new_item_ids",
                "new_item_ids",
                expect,
                options=item["options"],
                choices=others,
                **about,
            )
        if choice.reason == "unavailable":
            raise Ask(
                "variant.unavailable",
                "new_item_ids",
                expect,
                wanted=", ".join(choice.wanted) or "those options",
                choices=others,
                **about,
            )
        if choice.reason == "ambiguous":
            raise Ask(
                "ask.variant_ambiguous",
                "new_item_ids",
                expect,
                choices=choice.candidates,
                **about,
            )
        return next(v for v in variants if v["item_id"] == choice.new_item_id)

    def _by_described_items(
        self, orders: list[dict[str, Any]], products: set[str], names: Sequence[str]
    ) -> list[dict[str, Any]]:
        """Among orders holding the product, the ones whose item fits the words used for it.

        "the 15-inch one with 32GB" picks the order whose laptop has those options; so does
        an answer to "which order?" that names no product ("The 15-inch one with 16GB").
        """
        text = self.inp.text
        asked = self.frame["asked"] == "order_id" and text
        answer = text if asked and not mention_alternatives(text, names, self._lex) else ""
        scored: list[tuple[int, dict[str, Any]]] = []
        for order in orders:
            details = _need(self.call("get_order_details", {"order_id": order["order_id"]}))
            named: set[str] = set()
            for item in details["items"]:
                if item["name"] not in products:
                    continue
                values = [str(v) for v in item["options"].values()]
                for text in self._history():
                    named |= described_values(text, str(item["name"]), names, values, self._lex)
                if answer:  # "the 15-inch one with 16GB", asked which order: the item's words
                    named |= set(mentioned_values(answer, values, self._lex))
            scored.append((len(named), order))
        best = max(score for score, _ in scored)
        return [o for score, o in scored if score == best] if best else orders

    def _by_price(self, orders: list[dict[str, Any]], products: set[str]) -> list[dict[str, Any]]:
        """The order whose item is the pricier (or cheaper) one, when the user says so."""
        # the latest message that says decides: "the cheaper one", then "no, the pricier one"
        choice = next((c for t in reversed(self._history()) if (c := price_choice(t))), None)
        if choice is None:
            return orders
        pricier = choice == "max"
        if len(orders) > MAX_CHOICES:
            return orders
        prices: list[tuple[float, dict[str, Any]]] = []
        for order in orders:
            items = _need(self.call("get_order_details", {"order_id": order["order_id"]}))["items"]
            named = [float(i["price"]) for i in items if i["name"] in products]
            if named:
                prices.append((max(named) if pricier else min(named), order))
        if len(prices) < 2:
            return orders
        best = (max if pricier else min)(p for p, _ in prices)
        return [o for p, o in prices if p == best]

    def _by_place(self, orders: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The one order shipped to a city or state the user names ("sent to Texas by mistake")."""
        if len(orders) > MAX_CHOICES:
            return []
        found = self._best_placed([self._order_row(str(o["order_id"])) for o in orders])
        wanted = {str(o["order_id"]) for o in found}
        return [o for o in orders if str(o["order_id"]) in wanted] if len(found) == 1 else []

    def _best_placed(
        self, rows: Sequence[Mapping[str, Any]], texts: Sequence[str] = ()
    ) -> list[Mapping[str, Any]]:
        """The order rows whose city or state the user names; the longest name wins.

        "my Washington DC address" is DC (city Washington, state "Washington DC"), not
        Washington state; Chinese place names go through the lexicon ("纽约" → New York).
        """
        texts = [
            _english_places(t, self.inp.config.lexicon_places) for t in texts or self._history()
        ]
        states = self.inp.config.lexicon_states
        scored: list[tuple[int, Mapping[str, Any]]] = []
        for row in rows:
            code = str(row["state"] or "")
            names = [str(row["city"] or ""), states.get(code, "")]
            score = max(
                (len(n) for n in names if n and any(contains_phrase(t, n) for t in texts)),
                default=0,
            )
            if code and any(
                rx.search(rf",\s*{rx.escape(code)}\b|\b{rx.escape(code)}\s+\d{{5}}\b", t)
                for t in texts
            ):
                score = max(score, len(code))
            scored.append((score, row))
        best = max((score for score, _ in scored), default=0)
        return [row for score, row in scored if best and score == best]

    def _without_place(self, texts: Sequence[str], row: Mapping[str, Any]) -> list[str]:
        """The texts without the city and state of ``row`` (English place names)."""
        names = [str(row["city"] or ""), self.inp.config.lexicon_states.get(str(row["state"]), "")]
        result = []
        for text in texts:
            text = _english_places(text, self.inp.config.lexicon_places)
            for name in (n for n in names if n):
                text = rx.sub(rf"\b{rx.escape(name)}\b", " ", text, flags=rx.I)
            result.append(text)
        return result

    def _address_from_orders(self, target: str | None) -> dict[str, str] | None:
        """An address the user points to on another of their orders, if exactly one fits.

        "ship it to the same address as order #W8277957", "my Washington DC address, it
        is on one of my orders", "行李箱那个订单上的地址": by order id, then by place, then
        by the product that order holds.
        """
        # Whole recent messages too: "my DC address … it is on one of my orders" may have
        # been said in the message that started another request.
        texts = list(dict.fromkeys([*self.inp.recent, *self._history()]))
        if not any(ADDRESS_WORD.search(t) for t in texts):
            return None
        data = _need(self.call("get_user_orders", {"user_id": self.inp.user_id}))
        others = [str(o["order_id"]) for o in data["orders"] if o["order_id"] != target]
        named = [i for t in texts for i in ex.pointed_order_ids(t) if i in others]
        rows = [self._order_row(i) for i in (named[-1:] or others[: MAX_CHOICES * 2])]
        held = self._address_source_rows(data, rows, texts) if not named else []
        if held:  # "the new address is on the tablet order": that order, said outright
            rows = held
        elif not named:
            own = [self._order_row(target)] if target else []
            placed = self._best_placed([*rows, *own], texts)
            if own and any(r["order_id"] == target for r in placed):
                # "the order going to Los Angeles … to my New York address": the order's own
                # place names the order; another place named is where it goes now
                elsewhere = self._best_placed(rows, self._without_place(texts, own[0]))
                elsewhere = [r for r in elsewhere if not _same_place(r, own[0])]
                # "the order going to Texas" alone names the order, not its new address
                # (unless the order already ships to the very address the place points to)
                placed = elsewhere or [r for r in placed if r["order_id"] != target]
                if not elsewhere and not all(_same_place(r, own[0]) for r in placed):
                    placed = []
            if not placed:
                contents: dict[str, set[str]] = {}
                for item in data["items"]:
                    contents.setdefault(str(item["order_id"]), set()).add(str(item["name"]))
                names = sorted({n for ns in contents.values() for n in ns})
                wanted = {n for t in texts for n in mentioned_products(t, names, self._lex)}
                wanted -= contents.get(target or "", set())
                placed = [
                    r for r in rows if wanted and wanted & contents.get(str(r["order_id"]), set())
                ]
            rows = [dict(r) for r in placed]
        addresses = {tuple(str(r[k] or "") for k in ADDRESS_KEYS) for r in rows}
        if len(addresses) != 1:
            return None
        return dict(zip(ADDRESS_KEYS, addresses.pop(), strict=True))

    def _address_source_rows(
        self, data: Mapping[str, Any], rows: Sequence[Mapping[str, Any]], texts: Sequence[str]
    ) -> list[dict[str, Any]]:
        """The rows of the orders an address is said to be on, by a product they hold."""
        contents: dict[str, set[str]] = {}
        for item in data["items"]:
            contents.setdefault(str(item["order_id"]), set()).add(str(item["name"]))
        names = sorted({n for ns in contents.values() for n in ns})
        sources = {n for t in texts for n in address_sources(t, names, self._lex)}
        return [
            dict(r) for r in rows if sources and sources & contents.get(str(r["order_id"]), set())
        ]

    def _other_product_named(self, order_names: Sequence[str]) -> str | None:
        """A product of the catalogue, not in the order, that the user asked for instead."""
        catalogue = _need(self.call("list_products", {}))["products"]
        every = [str(p["name"]) for p in catalogue]
        others = [n for n in every if n not in order_names]
        for text in self._history():
            left = kept_out(text, others, self._lex)  # "leave the desk lamp as it is"
            # "the watch" of an order holding a Wristwatch is that item, not a Smart Watch
            ours = {
                n
                for a in mention_alternatives(text, every, self._lex)
                if a & set(order_names)
                for n in a
            }
            found = [
                n
                for n in mentioned_products(text, others, self._lex)
                if n not in left and n not in ours
            ]
            if found:
                return found[0]
        return None

    def _find_order(self, statuses: Sequence[str]) -> None:
        """Fill a missing order id from the user's orders: the one holding the named items.

        "I'd like to return the headphones I received" names no order; when exactly
        one of the user's orders in a status the task can act on holds every product
        named (or is the only such order, or the user means their latest order), that
        order is used, named in the reply and listed back before any change.
        """
        if self.slots.get("order_id") or not self.inp.user_id:
            return
        data = _need(self.call("get_user_orders", {"user_id": self.inp.user_id}))
        orders = [dict(o) for o in data["orders"]]
        contents: dict[str, list[str]] = {}
        for item in data["items"]:
            contents.setdefault(str(item["order_id"]), []).append(str(item["name"]))
        if self.slots.get("order_id_invalid"):
            # "#W99": said back and asked for again; never a guess, not even when the
            # customer has a single order (they can ask for the list of their orders).
            raise Ask("ask.order_id_invalid", "order_id", value=self.slots["order_id_invalid"])
        names = sorted({n for ns in contents.values() for n in ns})
        # "the grill one, not the helmet": an item left out says which order it is not
        wanted = {
            n
            for t in self._history()
            for n in mentioned_products(t, names, self._lex, acted_on=True)
            if n not in kept_out(t, names, self._lex)
        }
        # "…only change the backpack. Leave the desk lamp as it is.": an item left as it is
        # sits beside the changed one, when the changed one alone fits several orders
        beside = {
            n
            for t in self._history()
            for n in kept_out(t, names, self._lex) - not_meant(t, names, self._lex)
        }
        fitting = [o for o in orders if not statuses or o["status"] in statuses]
        fitting, wanted = self._without_address_sources(fitting, wanted, names, contents)
        fitting = self._in_named_status(orders, fitting)
        if any(ex.means_other_order(t) for t in self._history()):  # "my other pending order"
            fitting = [o for o in fitting if o["order_id"] != self.inp.focus_order]
        if wanted:
            # Each product named may be one of several ("the watch": a wristwatch or a
            # smart watch); an order holds the request when it has one of each.
            alternatives = [
                a
                for t in self._history()
                for a in mention_alternatives(t, names, self._lex)
                if a & wanted
            ]
            holding = [
                o
                for o in orders
                if all(a & set(contents.get(o["order_id"], [])) for a in alternatives)
            ]
            # In no order the task can act on: take the one that holds them, so that the
            # reply says why ("it is pending, only delivered orders can be returned").
            fitting = [o for o in fitting if o in holding] or holding
            self._each_order_holding(fitting, statuses)
            if not fitting and self.frame["intent"] in SPLIT_BY_ORDER:
                # "the bicycle and the jigsaw (same order); also my camera"
                fitting = self._split_by_order(orders, contents, names, statuses)
        elif any(ex.means_latest(t) for t in self._history()) and orders:
            fitting = [orders[-1]]
        elif not statuses and len(fitting) != 1:
            fitting = self._by_place(fitting) or fitting  # "the order that went to Texas"
        if wanted and beside and len(fitting) > 1:
            fitting = [
                o for o in fitting if beside <= set(contents.get(o["order_id"], []))
            ] or fitting
        if wanted and 1 < len(fitting) <= MAX_CHOICES:
            fitting = self._by_described_items(fitting, wanted, names)
        if wanted and len(fitting) > 1:  # "the more expensive one" of two tablets
            fitting = self._by_price(fitting, wanted)
        counts = {c for t in self._history() if (c := ex.item_count(t)) is not None}
        if len(fitting) > 1 and len(counts) == 1:  # "the order with five things in it"
            sized = [o for o in fitting if len(contents.get(o["order_id"], [])) in counts]
            fitting = sized or fitting
        if 1 < len(fitting) <= MAX_CHOICES:
            fitting = self._by_place(fitting) or fitting
        if len(fitting) == 1:
            self.slots["order_id"] = fitting[0]["order_id"]
            self.found_order = fitting[0]["order_id"]
            return
        listed = [
            f"{o['order_id']} ({o['status']}: {', '.join(contents.get(o['order_id'], []))})"
            for o in (fitting or orders)
        ]
        raise Ask("ask.order_id_among", "order_id", orders=listed)

    def _without_address_sources(
        self,
        fitting: list[dict[str, Any]],
        wanted: set[str],
        names: Sequence[str],
        contents: Mapping[str, Sequence[str]],
    ) -> tuple[list[dict[str, Any]], set[str]]:
        """Leave out the order an address is taken from, for a change that takes one.

        "Another order … please change that order to my new home. The new address is on the
        tablet order": the tablet names where the address is, not the order to change.
        """
        if "address" not in self.slots and self.frame["intent"] != "modify_address":
            return fitting, wanted
        sources = {n for t in self._history() for n in address_sources(t, names, self._lex)}
        if sources and any(ex.means_other_order(t) for t in self._history()):
            fitting = [o for o in fitting if not sources & set(contents.get(o["order_id"], []))]
        return fitting, wanted - sources

    def _in_named_status(
        self, orders: list[dict[str, Any]], fitting: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """The orders of the status the customer describes the order by, if any.

        "My pending order", "my cancelled one"; the latest message saying one counts
        ("which order?" — "the pending one").
        """
        named = next((s for t in reversed(self._history()) if (s := ex.named_statuses(t))), set())
        if not named:
            return fitting
        in_status = [o for o in orders if o["status"] in named]
        return [o for o in fitting if o in in_status] or in_status or fitting

    def _each_order_holding(self, fitting: list[dict[str, Any]], statuses: Sequence[str]) -> None:
        """The same change in every order holding the items ("every t-shirt in my orders").

        The first order holding the items is this task's; the others wait in its queue and
        are taken up once it is done, each listed for its own yes (their items differ).
        """
        if self.frame["intent"] not in ITEM_INTENTS or len(fitting) < 2 or self.orders:
            return
        if statuses and any(o["status"] not in statuses for o in fitting):
            return
        if not any(ex.means_items_in_all_orders(t) for t in self._history()):
            return
        ids = [str(o["order_id"]) for o in fitting]
        self.orders = ids[1:]
        self.notices.append(("queue.each", {"orders": [self._order_line(i) for i in ids]}))
        del fitting[1:]

    def _split_by_order(
        self,
        orders: Sequence[dict[str, Any]],
        contents: Mapping[str, Sequence[str]],
        names: Sequence[str],
        statuses: Sequence[str],
    ) -> list[dict[str, Any]]:
        """One request naming items of several orders: this task takes the first order's.

        "Exchange the bicycle and the jigsaw from the same order, and my digital camera":
        no order holds all three. The message's requests are read in order; those whose
        products one order (in a status the task can act on) holds together stay with this
        task, for that order; the others, each naming products, become the same request of
        their own (``split_off``), taken up once this one is done. Returns the order, or
        nothing when the message does not split that way (the customer is asked).
        """
        own = list(self.frame.get("utterances") or [])
        fitting = [o for o in orders if not statuses or o["status"] in statuses]

        def holders(piece: str) -> list[dict[str, Any]] | None:
            alternatives = mention_alternatives(piece, names, self._lex)
            if not alternatives:
                return None
            return [
                o
                for o in fitting
                if all(a & set(contents.get(o["order_id"], [])) for a in alternatives)
            ]

        # by sentence first ("… the jigsaw. I also want …"), then by clause ("the bookshelf
        # and the jigsaw (same order), and the backpack that came with the vacuum")
        for pieces in (segments(own[-1]) if own else [], request_clauses(own[-1]) if own else []):
            split = _grouped(pieces, holders)
            if split is not None:
                held, kept, rest = split
                self.frame["utterances"] = [*own[:-1], ", ".join(kept)]
                self.split_off = ", ".join(rest)
                return held
        return []

    # -- intents -----------------------------------------------------------------
    def read_order(self, tool: str) -> Decision:
        """order_status / track_parcel: the user's own order, read."""
        self._order_owner()
        return self._plan(tool, {"order_id": self.slots["order_id"]}, write=False)

    def _queue_orders(self, status: str, *, by_ids: bool = True) -> None:
        """Several orders in one request ("cancel both", "#W1 and #W2"): one at a time.

        The first becomes this task's order; the others wait in the task's queue and
        are taken up, each with its own confirmation, once the first is done.
        """
        if self.slots.get("order_id") and not self.slots.get("order_ids"):
            return
        named = list(dict.fromkeys(i for t in self._history() for i in ex.asked_order_ids(t)))
        if not by_ids:  # "ship #W1 to the address of #W2": one order to change
            named = []
        described = {s for t in self._history() for s in ex.named_statuses(t)}
        if described and status not in described:  # "cancel my delivered orders": refused
            return
        if len(named) < 2 and any(ex.means_all_orders(t) for t in self._history()):
            data = _need(self.call("get_user_orders", {"user_id": self.inp.user_id}))
            named = [str(o["order_id"]) for o in data["orders"] if o["status"] == status]
        if len(named) < 2 or self.orders is not None:
            return
        self.slots["order_id"], self.orders = named[0], named[1:]
        # each order's items are listed on their own: no "yes to all" for an item change
        key = "queue.each" if self.frame["intent"] in ITEM_INTENTS else "queue.started"
        self.notices.append((key, {"orders": [self._order_line(i) for i in named]}))

    def _order_line(self, order_id: str) -> str:
        """An order listed with its items and total: "#W1 (Desk Lamp, Kettle; $212.30)"."""
        outcome = self.call("get_order_details", {"order_id": order_id})
        if not outcome["ok"]:
            return order_id
        data = outcome["data"]
        names = ", ".join(str(i["name"]) for i in data["items"])
        total = sum(float(i["price"]) for i in data["items"])
        return f"{order_id} ({names}; ${total:.2f})"

    def cancel_order(self) -> Decision:
        """Cancel a pending order for an accepted reason."""
        self._away_from_unrelated_focus()
        self._queue_orders("pending")
        owner = self._order_owner()
        self._status(owner, "pending", "cancel_order")
        self._whole_order_only(owner["order_id"])
        reason = self._require("reason")
        if reason not in CANCEL_REASONS:
            self.slots.pop("reason", None)
            raise Ask("ask.reason_invalid", "reason", order_id=owner["order_id"])
        details = _need(self.call("get_order_details", {"order_id": owner["order_id"]}))
        paid = [p for p in details["payments"] if p["transaction_type"] == "payment"]
        self._refund_to_original(owner["order_id"], [str(p["payment_method_id"]) for p in paid])
        summary = {
            "order_id": owner["order_id"],
            "items": details["items"],
            "reason_key": reason,
            "amount": round(sum(p["amount"] for p in paid), 2),
            "refund_to": self._labels([str(p["payment_method_id"]) for p in paid]),
        }
        return self._plan(
            "cancel_pending_order", {"order_id": owner["order_id"], "reason": reason}, True, summary
        )

    def _refund_to_original(self, order_id: str, original: Sequence[str]) -> None:
        """A cancelled order is refunded to how it was paid; another method is refused."""
        answer = self.slots.get("refund_original")
        if answer == "no":
            raise Settle("declined")
        refs = [r for t in self._history() if (r := ex.payment_ref(t)) is not None]
        if answer == "yes" or not refs or refs[-1].original:
            return
        ref = refs[-1]
        methods = self._methods()
        named = [
            m
            for m in methods
            if m["id"] == ref.method_id or (ref.method_id is None and m["source"] == ref.source)
        ]
        if named and not any(m["id"] in original for m in named):
            labels = [method_label(m) for m in methods if m["id"] in original] or list(original)
            raise Ask("policy.cancel_refund", "refund_original", order_id=order_id, methods=labels)

    def _whole_order_only(self, order_id: str) -> None:
        """An order is cancelled as a whole: naming only some of its items needs a yes first."""
        answer = self.slots.get("whole_order")
        if answer == "yes" or self.orders is not None:  # "all my orders": whole ones
            return
        if answer == "no":
            raise Settle("declined")
        details = _need(self.call("get_order_details", {"order_id": order_id}))
        items = [dict(i) for i in details["items"]]
        # "the order with the lamp", "#W1 (lamp, jacket etc)": items that say which order.
        asked = [ex.without_descriptions(t) for t in self._history()]
        match = match_order_items(asked, items, self._lex)
        every = {str(i["item_id"]) for i in items}
        if (match.parts or match.excluded) and set(match.parts) != every:
            raise Ask("policy.partial_cancel", "whole_order", order_id=order_id, items=items)

    def modify_address(self) -> Decision:
        """Change the shipping address of a pending order ("all my pending orders": one by one).

        Several orders named ("ship both #W1 and #W2 to …") are changed one by one; not when
        one of them only gives the address ("ship #W1 to the address of #W2").
        """
        given = self.slots.get("address")
        from_order = isinstance(given, dict) and bool(given.get("from_order"))
        self._queue_orders("pending", by_ids=not from_order)
        owner = self._order_owner()
        self._status(owner, "pending", "modify_address")
        address = self._address(lambda: self._order_address(str(owner["order_id"])))
        owner = self._skip_already_there(owner, address)
        # the address it ships to now is listed beside the new one: the direction is plain
        current = self._order_address(str(owner["order_id"]))
        summary = {"order_id": owner["order_id"], "address": address, "current": current}
        return self._plan(
            "modify_pending_order_address",
            {"order_id": owner["order_id"], "address": address},
            True,
            summary,
        )

    def _skip_already_there(
        self, owner: dict[str, Any], address: Mapping[str, str]
    ) -> dict[str, Any]:
        """Leave out the orders that already ship to ``address`` ("all my pending orders").

        Returns the order to change now; refuses when every order named is there already.
        """
        order_id = str(owner["order_id"])
        queue = [str(q) for q in self.orders or []]
        there = [i for i in [order_id, *queue] if _same_place(self._order_address(i), address)]
        if not there:
            return owner
        rest = [i for i in [order_id, *queue] if i not in there]
        if not rest:
            raise Deny("address.already_there", "same_address", orders=there)
        self.notices.append(("address.already_there_some", {"orders": there}))
        self.orders = rest[1:] if self.orders is not None else None
        if rest[0] != order_id:
            self.slots["order_id"] = rest[0]
            owner = self._order_owner()
            self._status(owner, "pending", "modify_address")
        return owner

    def update_default_address(self) -> Decision:
        """Change the default address on the profile."""
        if (self.slots.get("address") or {}).get("default"):  # "my default address" is no value
            self.slots.pop("address")
        address = self._address(self._profile_address)
        if _same_place(address, self._profile_address()):
            # a write that changes nothing is never listed for a yes ("地址改成我的默认地址")
            raise Deny("address.already_default", "same_address")
        shipping_there = self._orders_shipping_to(address)
        said = self._history()
        said_default = any(DEFAULT_NAMED.search(t) for t in said) and not any(
            DEFAULT_AS_DESTINATION.search(t) for t in said
        )
        # the task's own words, and the whole message that asked it (a run-on message read
        # as several requests keeps its order id in another one's part)
        named = list(dict.fromkeys(i for t in [*said, self.inp.text] for i in ex.order_ids(t)))
        if named and not said_default and not self.frame.get("redo"):
            # "我那个订单#W…然后地址要改一下 改成 …": an address change in messages about an
            # order, with no word of the default address, may be the order's: which one is
            # meant is asked, never assumed (the default is changed only when named)
            raise Ask("ask.which_address", "address_target", orders=", ".join(named))
        if (
            shipping_there
            and not said_default
            and not self.frame.get("redo")  # the default just written, written back
            and (
                self.inp.focus_order in shipping_there
                or any(ex.order_ids(t) or ORDER_WORDS.search(t) or ex.asks_to_undo(t) for t in said)
            )
        ):
            # "this order went to my son's address in DC…", "put it back to 464 Oak Street":
            # the address an order of the conversation ships to says where the order is, not
            # the account's new default; never listed as one (the direction asked is asked)
            raise Deny("address.is_an_orders", "address_of_order", orders=shipping_there)
        return self._plan(
            "modify_user_address",
            {"user_id": self.inp.user_id, "address": address},
            True,
            {"address": address, "current": self._profile_address()},
        )

    def _orders_shipping_to(self, address: Mapping[str, str]) -> list[str]:
        """The customer's orders whose shipping address is ``address``."""
        orders = _need(self.call("get_user_orders", {"user_id": self.inp.user_id}))["orders"]
        ids = [str(o["order_id"]) for o in orders]
        return [i for i in ids if _same_place(self._order_address(i), address)]

    def _profile_address(self) -> dict[str, str]:
        user = _need(self.call("get_user_details", {"user_id": self.inp.user_id}))["user"]
        return {k: str(user[k] or "") for k in ADDRESS_KEYS}

    def _order_row(self, order_id: str) -> dict[str, Any]:
        return dict(_need(self.call("get_order_details", {"order_id": order_id}))["order"])

    def _order_address(self, order_id: str) -> dict[str, str]:
        order = self._order_row(order_id)
        return {k: str(order[k] or "") for k in ADDRESS_KEYS}

    def _address(self, current: Callable[[], dict[str, str]]) -> dict[str, str]:
        """The new address: written out, "my default address", an order's, or a new suite.

        ``current`` gives the address being changed, which a new suite number amends.
        """
        target = self.slots.get("order_id") if self.frame["intent"] == "modify_address" else None
        given = self.slots.get("address") or {}
        if not given and any(ex.names_new_place(t) for t in self._history()):
            # "my new place on Westheimer Rd": a new address is on no order; it is asked for
            raise Ask("ask.address", "address")
        if not given or (given.get("from_order") == "yes" and target):
            found = self._address_from_orders(target)
            if found is not None:
                self.slots["address"] = found
                return found
        if given.get("from_order") == "yes" and target:
            self.slots.pop("address")  # an order's own address is no new address for it
        started = self.slots.get("address_started")
        if isinstance(started, dict) and (not given or given.get("incomplete") == "yes"):
            # "902 Cedar Court, Unit B", then "Phoenix AZ 85004": one address in two messages
            joined = completed_address(started, self._history()[-1])
            if joined is not None:
                self.slots["address"] = joined
        address = dict(self._require("address"))
        self.slots.pop("address_started", None)
        if address.get("incomplete") == "yes":
            # Never completed from an address on file: the customer gives the rest of it.
            self.slots.pop("address")
            self.slots["address_started"] = address
            street = ", ".join(p for p in (address.get("address1"), address.get("address2")) if p)
            raise Ask("ask.address_incomplete", "address", street=street)
        if address.get("default") == "yes":
            return self._profile_address()
        if address.get("from_order") == "yes":
            if not self.slots.get("order_id") and any(ex.means_latest(t) for t in self._history()):
                self._find_order(())
            order_id = self._require("order_id")
            owner = self._order_owner()
            return self._order_address(str(owner["order_id"] or order_id))
        if address.get("partial") == "yes":
            return {**current(), "address2": address["address2"]}
        return address

    def modify_payment(self) -> Decision:
        """Pay a pending order with another single payment method."""
        details = self._order_details()
        order = details["order"]
        self._status(order, "pending", "modify_payment")
        payments = details["payments"]
        if len(payments) != 1 or payments[0]["transaction_type"] != "payment":
            raise Deny("policy.single_payment", "single_payment", order_id=order["order_id"])
        if any(ex.wants_split_payment(t) for t in self._history()):
            self.slots.pop("payment_ref", None)
            raise Deny("policy.no_split", "split_payment", order_id=order["order_id"])
        methods = self._methods()
        current = payments[0]["payment_method_id"]
        labels = [method_label(m) for m in methods if m["id"] != current]
        if not labels:  # nothing to switch to: say so rather than ask
            raise Deny("policy.no_other_method", "no_other_method", order_id=order["order_id"])
        method = self._payment(methods, None, "purpose.pay")
        if method["id"] == current:
            self.slots.pop("payment_ref", None)
            raise Ask(
                "policy.payment_same",
                "payment_method_id",
                order_id=order["order_id"],
                method=method_label(method),
                methods=labels,
            )
        amount = float(payments[0]["amount"])
        self._gift_card_covers(method, amount, labels)
        old = next((m for m in methods if m["id"] == current), {"id": current, "source": "other"})
        summary = {
            "order_id": order["order_id"],
            "amount": amount,
            "method": method_label(method),
            "old_method": method_label(old),
        }
        return self._plan(
            "modify_pending_order_payment",
            {"order_id": order["order_id"], "payment_method_id": method["id"]},
            True,
            summary,
        )

    def _gift_card_covers(
        self, method: Mapping[str, Any], amount: float, labels: Sequence[str]
    ) -> None:
        if method["source"] == "gift_card" and float(method.get("balance") or 0) < amount:
            self.slots.pop("payment_ref", None)
            raise Ask(
                "policy.gift_card_short",
                "payment_method_id",
                method=method["id"],
                balance=f"{float(method.get('balance') or 0):.2f}",
                amount=f"{amount:.2f}",
                methods=list(labels),
            )

    def return_items(self) -> Decision:
        """Return delivered items; refund to the original method or a gift card.

        "Return everything from my delivered orders": each delivered order, one by one.
        """
        if self.slots.get("all_items"):
            self._queue_orders("delivered")
        details = self._order_details()
        order = details["order"]
        self._status(order, "delivered", "return_items_past")
        chosen = self._items(details, "return_items")
        methods = self._methods()
        original = details["payments"][0]["payment_method_id"] if details["payments"] else None
        allowed = [m for m in methods if m["id"] == original or m["source"] == "gift_card"]
        method = self._payment(methods, original, "purpose.refund", only=allowed)
        if method not in allowed:
            self.slots.pop("payment_ref", None)
            label = next((method_label(m) for m in methods if m["id"] == original), original)
            raise Ask("policy.refund_method", "payment_method_id", method=label)
        item_ids = [i["item_id"] for i in chosen]
        self.progress = item_ids
        summary = {
            "order_id": order["order_id"],
            "items": chosen,
            "amount": round(sum(float(i["price"]) for i in chosen), 2),
            "method": method_label(method),
        }
        args = {
            "order_id": order["order_id"],
            "item_ids": item_ids,
            "payment_method_id": method["id"],
        }
        return self._plan("return_delivered_order_items", args, True, summary)

    def change_items(self) -> Decision:
        """Exchange (delivered) or modify (pending) items for other variants of a product.

        Which one follows from the order's status, not from the word the user chose:
        "exchange" on an order that has not shipped is a modification of it.
        """
        details = self._order_details()
        order = details["order"]
        switched = CHANGE_BY_STATUS.get(str(order["status"]))
        if switched and switched != self.frame["intent"]:
            self.frame["intent"] = switched
            self.notices.append((f"intent.switched.{switched}", {"order_id": order["order_id"]}))
        intent = self.frame["intent"]
        wanted_status = "pending" if intent == "modify_items" else "delivered"
        self._status(order, wanted_status, f"{intent}_past")
        picked = self._items(details, intent)
        self._answered_item([str(i["name"]) for i in details["items"]])
        names = list(dict.fromkeys(str(i["name"]) for i in details["items"]))
        units = Counter(str(i["item_id"]) for i in details["items"])
        pairs = self._new_variants(picked, names, units)
        chosen, new_items = [o for o, _ in pairs], [n for _, n in pairs]
        difference = round(
            sum(
                float(n["price"]) - float(o["price"])
                for o, n in zip(chosen, new_items, strict=True)
            ),
            2,
        )
        changes = [{"old": o, "new": n} for o, n in zip(chosen, new_items, strict=True)]
        self.progress = [
            [o["item_id"], n["item_id"]] for o, n in zip(chosen, new_items, strict=True)
        ]
        planned = {
            "changes": changes,
            "difference": abs(difference),
            "direction_key": "direction.pay" if difference > 0 else "direction.refund",
        }
        methods = self._methods()
        if not self.slots.get("payment_ref") and len(methods) != 1:
            self.notices.append(("change.planned", planned))  # said before asking how to pay
        original = details["payments"][0]["payment_method_id"] if details["payments"] else None
        method = self._payment(methods, original, "purpose.difference", only=methods)
        self._gift_card_covers(method, difference, [method_label(m) for m in methods])
        summary = {"order_id": order["order_id"], **planned, "method": method_label(method)}
        args = {
            "order_id": order["order_id"],
            "item_ids": [i["item_id"] for i in chosen],
            "new_item_ids": [n["item_id"] for n in new_items],
            "payment_method_id": method["id"],
        }
        tool = (
            "modify_pending_order_items"
            if intent == "modify_items"
            else ("exchange_delivered_order_items")
        )
        return self._plan(tool, args, True, summary)

    def product_info(self) -> Decision:
        """Describe a product type from the catalogue.

        Named outright ("how much is the coffee maker?"), or by an option of an item in
        the order being discussed ("is there a 10x zoom version?" about its camera), in
        which case the variants are read against that item ("the other options the same").
        """
        catalogue = _need(self.call("list_products", {}))["products"]
        names = [str(p["name"]) for p in catalogue]
        found: list[str] = []
        for text in self._utterances():
            found = mentioned_products(text, names, self._lex)
            if found:
                break
        item = self._item_described() if not found or self.slots.get("order_id") else None
        if item is not None and (not found or found[0] == item["name"]):
            found = [str(item["name"])]
        if not found:
            raise Ask("ask.product", "product", products=names)
        product = next(p for p in catalogue if p["name"] == found[0])
        self.slots["product"] = product["name"]
        summary = {"item": item} if item is not None and item["name"] == product["name"] else {}
        args = {"product_id": product["product_id"]}
        return self._plan("get_product_details", args, False, summary)

    def _item_described(self) -> dict[str, Any] | None:
        """The item of the order in focus whose product the message describes by its options."""
        order_id = self.slots.get("order_id")
        if not order_id or not self.inp.user_id:
            return None
        owner = self.call("get_order_owner", {"order_id": order_id})
        if not owner["ok"] or owner["data"]["order"]["user_id"] != self.inp.user_id:
            return None
        details = _need(self.call("get_order_details", {"order_id": order_id}))
        texts = self._history()
        names = list(dict.fromkeys(str(i["name"]) for i in details["items"]))
        for item in details["items"]:
            if any(mentioned_products(t, [str(item["name"])], self._lex) for t in texts):
                return dict(item)
        for item in details["items"]:
            if len(names) == 1:
                return dict(item)
            product = _need(self.call("get_product_details", {"product_id": item["product_id"]}))
            options = product_options(product["variants"])
            own = {str(v) for v in item["options"].values()}
            values = [v for vs in options.values() for v in vs if v not in own]
            if any(mentioned_values(t, values, self._lex) for t in texts):
                return dict(item)
        return None

    def _plan(
        self, tool: str, args: dict[str, Any], write: bool, summary: dict[str, Any] | None = None
    ) -> Decision:
        plan = ActionPlan(tool=tool, args=args, write=write, summary=summary or {})
        self._keep()
        self.frame["asked"] = None
        # "Yes to all" at the first of several listed orders confirms the rest of them too.
        confirmed = write and self.frame["all_agreed"]
        return Decision(
            route="confirm" if write and not confirmed else "execute", plan=plan, frame=self.frame
        )

    def run(self) -> Decision:
        """Decide the turn for the task in progress."""
        intent = self.frame["intent"]
        handlers: dict[str, Callable[[], Decision]] = {
            "order_status": lambda: self.read_order("get_order_details"),
            "track_parcel": lambda: self.read_order("get_order_details"),
            "list_orders": lambda: self._plan(
                "get_user_orders", {"user_id": self.inp.user_id}, False
            ),
            "my_profile": lambda: self._plan(
                "get_user_details", {"user_id": self.inp.user_id}, False
            ),
            "session_summary": lambda: self._plan("get_session_activity", {}, False),
            "cancel_order": self.cancel_order,
            "modify_address": self.modify_address,
            "update_default_address": self.update_default_address,
            "modify_payment": self.modify_payment,
            "return_items": self.return_items,
            "exchange_items": self.change_items,
            "modify_items": self.change_items,
            "product_info": self.product_info,
            "policy_question": lambda: self._plan(
                "search_knowledge_base", {"query": self.inp.text, "lang": self.inp.language}, False
            ),
        }
        decision = self._decide(handlers[intent])
        if self.found_order:
            self.notices.insert(0, ("order.found", {"order_id": self.found_order}))
        decision.prefix = self.notices
        decision.split_off = self.split_off
        return decision

    def _decide(self, handler: Callable[[], Decision]) -> Decision:
        try:
            return handler()
        except Ask as ask:
            self._keep()
            # Only asking the same question again after the user replied counts; asking it
            # again when a digression is over does not.
            # Nor does asking it again after the answer moved the task on (a variant chosen).
            moved = self.progress is not None and self.progress != self.slots.get("progress")
            if self.progress is not None:
                self.slots["progress"] = self.progress
            same = self.frame["asked"] == ask.asked and not moved
            count = self.frame["clarify_count"]
            self.frame["clarify_count"] = (
                (count if self.inp.act == "resume" else count + 1) if same else 1
            )
            self.frame["asked"] = ask.asked
            self.frame["prompt"] = {"key": ask.key, "data": ask.data, "expect": ask.expect}
            return Decision(route="ask", reply_key=ask.key, reply_data=ask.data, frame=self.frame)
        except Settle as settle:
            return Decision(route="respond", reply_key=settle.key, reply_data=settle.data)
        except Deny as deny:
            return Decision(
                route="reject",
                reply_key=deny.key,
                reply_data=deny.data,
                frame=None,
                reject_reason=deny.reason,
            )
        except Failed as failed:
            # The failure taxonomy decides: a tool that keeps failing goes to a human; a
            # refusal, a conflict or a broken rule is told in the user's words.
            error = failed.outcome["error"]
            self._keep()
            if ends_in_handoff(error):
                return Decision(
                    route="handoff",
                    reply_key="tool.unavailable",
                    frame=self.frame,
                    handoff_reason="tool_failure",
                )
            return Decision(
                route="respond",
                reply_key="tool.failed",
                reply_data={"detail": failure_text(self.inp.config, error, self.inp.language)},
                frame=None,
            )


# Requests of delivered items, split into one task per order when their items are in
# several orders ("cancel just those items" of pending ones is no such request: an order
# is cancelled whole, so the customer is asked which order).
SPLIT_BY_ORDER = ("return_items", "exchange_items")


def _grouped(
    pieces: Sequence[str], holders: Callable[[str], list[dict[str, Any]] | None]
) -> tuple[list[dict[str, Any]], list[str], list[str]] | None:
    """The pieces of a request that one order holds together, and the rest, in order.

    ``holders`` gives the orders holding every product a piece names (None: it names
    none). The first pieces naming products fix the order; a piece naming products that
    order lacks starts the rest. None unless exactly one order is fixed and the rest names
    products of its own.
    """
    held: list[dict[str, Any]] | None = None
    kept: list[str] = []
    rest: list[str] = []
    for piece in pieces:
        found = holders(piece)
        if rest or (found is not None and held is not None and not [o for o in held if o in found]):
            rest.append(piece)
            continue
        kept.append(piece)
        if found is not None:
            held = found if held is None else [o for o in held if o in found]
    if held is None or len(held) != 1 or not any(holders(p) is not None for p in rest):
        return None
    return held, kept, rest


def listed_alternatives(
    call: ToolCaller, config: DomainConfig, intent: str, plan: ActionPlan, shown: str
) -> tuple[str, ...]:
    """What a reply to a confirmation could name instead of what was listed.

    The order's items the listing leaves out ("the toothbrush too"), for a change that takes
    items, and for an item change the other option values of the products listed ("make it
    the pink one", "粉色"), with their aliases: a reply naming one of them changes the
    request, so it is no plain yes. For a change of the whole order (its address, its
    payment) the items only say which order it is ("helmet + kettle, my mistake. yes").
    """
    order_id = plan["args"].get("order_id")
    spec = config.intents.get(intent)
    if spec is not None and "item_ids" not in spec.slots:
        return ()
    outcome = call("get_order_details", {"order_id": order_id}) if order_id else None
    if outcome is None or not outcome["ok"]:
        return ()
    low = shown.lower()
    lexicon = config.lexicon
    items = [dict(i) for i in outcome["data"]["items"]]
    words: set[str] = set()
    chosen = {str(i) for i in plan["args"].get("item_ids") or ()}
    for item in items:
        if str(item["name"]).lower() not in low:
            words.update(product_names(str(item["name"]), lexicon))
            head = head_noun(str(item["name"]))
            words.update([head] if head else [])
        elif chosen and str(item["item_id"]) not in chosen:
            # "not the silver one, the black one": another item of the same name, by option
            options = dict(item.get("options") or {}).values()
            own = {
                str(v) for v in options if str(v).lower() not in ("yes", "no", "none", *low.split())
            }
            words.update(own)
            words.update(alias for alias, value in lexicon.options.items() if value in own)
    if intent in VARIANT_INTENTS:
        listed = {str(i["product_id"]) for i in items if str(i["name"]).lower() in low}
        values: set[str] = set()
        for product_id in listed:
            product = call("get_product_details", {"product_id": product_id})
            if product["ok"]:
                for found in product_options(product["data"]["variants"]).values():
                    values.update(v for v in found if v.lower() not in ("yes", "no", "none"))
        values = {v for v in values if v.lower() not in low}
        words.update(values)
        words.update(alias for alias, value in lexicon.options.items() if value in values)
    return tuple(sorted(w for w in words if len(w) >= 2 and w.lower() not in low))


def other_order_items(
    call: ToolCaller, config: DomainConfig, user_id: str | None, listed_orders: Sequence[str]
) -> tuple[tuple[str, ...], ...]:
    """The items of the customer's other orders, each with the phrases naming it.

    Only items no listed order holds: "it's the grill one I want gone, not the helmet" at
    a confirmation for the helmet's order points the change at another order, so it is
    read again, never executed on the listed one.
    """
    if not user_id:
        return ()
    outcome = call("get_user_orders", {"user_id": user_id})
    if not outcome["ok"]:
        return ()
    items = [dict(i) for i in outcome["data"]["items"]]
    listed = {str(i["name"]) for i in items if str(i["order_id"]) in listed_orders}
    others = sorted({str(i["name"]) for i in items} - listed)
    return tuple(tuple(product_names(name, config.lexicon)) for name in others)


def listed_order_items(call: ToolCaller, user_id: str | None, orders: Sequence[str]) -> set[str]:
    """The names of the items the listed orders hold (naming one says which order it is)."""
    if not user_id or not orders:
        return set()
    outcome = call("get_user_orders", {"user_id": user_id})
    if not outcome["ok"]:
        return set()
    return {str(i["name"]) for i in outcome["data"]["items"] if str(i["order_id"]) in orders}


def described_orders(
    call: ToolCaller, config: DomainConfig, user_id: str | None, text: str, exclude: Any
) -> list[str]:
    """The customer's one order (other than ``exclude``) holding the products ``text`` names.

    Empty when the text names none, or when they are in several orders (then the listed
    order is the one asked about, as before).
    """
    if not user_id:
        return []
    outcome = call("get_user_orders", {"user_id": user_id})
    if not outcome["ok"]:
        return []
    items = [dict(i) for i in outcome["data"]["items"]]
    said = set(mentioned_products(text, list(config.lexicon_products), config.lexicon))
    holding = {str(i["order_id"]) for i in items if str(i["name"]) in said}
    if said & {str(i["name"]) for i in items if str(i["order_id"]) == str(exclude)}:
        return []  # the listed order holds it: that is the order asked about
    return sorted(holding) if len(holding) == 1 else []


def option_values_named(
    call: ToolCaller, config: DomainConfig, utterances: Sequence[str], text: str
) -> list[str]:
    """The option values ``text`` names of the products a waiting request's words name.

    "…change the 17-inch laptop to the 13-inch version" waits behind a return's listing;
    "i5 over i7, and silver or black" names values of the laptop: words for that request.
    """
    outcome = call("list_products", {})
    if not outcome["ok"]:
        return []
    products = {str(p["name"]): str(p["product_id"]) for p in outcome["data"]["products"]}
    named = {
        n for said in utterances for n in mentioned_products(said, list(products), config.lexicon)
    }
    found: list[str] = []
    for name in sorted(named):
        details = call("get_product_details", {"product_id": products[name]})
        if not details["ok"]:
            continue
        values = sorted(
            {str(v) for variant in details["data"]["variants"] for v in variant["options"].values()}
        )
        found += mentioned_values(text, values, config.lexicon)
    return found


def _names_and_aliases(items: Sequence[Mapping[str, Any]], lexicon: Any) -> list[str]:
    """Phrases naming the order's items (answers to "which items?")."""
    names = dict.fromkeys(str(i["name"]) for i in items)
    return sorted({p for n in names for p in product_names(n, lexicon)})


def _option_words(variants: Sequence[Mapping[str, Any]], lexicon: Any) -> list[str]:
    """Phrases that answer "which one instead?": option values, their aliases, relative words.

    Option names alone ("what sizes are there?") are a question, not an answer.
    """
    options = product_options(variants)
    words = {v for vs in options.values() for v in vs if v.lower() not in ("yes", "no", "none")}
    words.update(a for a, v in lexicon.options.items() if v in words)
    words.update(w for r in lexicon.relatives for w in r.words)
    return sorted(words)


def decide_task(call: ToolCaller, inp: PolicyInput) -> Decision:
    """Decide the turn for the task in ``inp.frame``."""
    return RetailPolicy(call, inp).run()
