"""The offline understander: a trained intent classifier plus typed slot extractors.

The classifier is trained at start-up on the domain's example utterances
(entities masked, so "#W1234567" and "#W7654321" look alike to it) and cached
per domain.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from keel.domain.config import OUT_OF_SCOPE, DomainConfig, load_domain
from keel.safety import patterns as rx
from keel.state.context import default_data_dir
from keel.understanding import extractors as ex
from keel.understanding.catalogue import mentioned_products
from keel.understanding.classifier import IntentClassifier, Prediction, ScreenedClassifier
from keel.understanding.confirmation import names_action

CACHE_VERSION = 1  # bump when the classifier's pickled form changes

UNKNOWN = "UNKNOWN"


@dataclass(frozen=True)
class TurnHints:
    """What the dialogue expects from the next message."""

    expected_slot: str | None = None  # the slot the agent just asked for
    active_intent: str | None = None  # the task in progress


@dataclass(frozen=True)
class Reading:
    """Intent and slots read from one message (before dialogue tracking)."""

    intent: str
    confidence: float
    slots: dict[str, Any]
    source: str = "offline"  # "offline" or "model"
    # Other requests in the same message, in order: (intent, the sentence that asks it).
    others: tuple[tuple[str, str], ...] = ()
    # What the model's commands said of the task in progress (checked; see model.py):
    cancels: bool = False  # the message drops it ("cancel_task")
    corrects: tuple[str, ...] = ()  # slots whose value replaces one given before


# A business's slot extraction: the values a message states, given what was just asked.
SlotExtractor = Callable[[str, TurnHints], dict[str, Any]]


def extract_slots(text: str, hints: TurnHints) -> dict[str, Any]:
    """Run the store's typed extractors on ``text``; keys are present only for stated values.

    The retail pack's :data:`SlotExtractor` (issue 25 moves it into the pack).
    """
    expecting = hints.expected_slot
    slots: dict[str, Any] = {}
    ids = ex.asked_order_ids(text, expecting=expecting == "order_id")
    if ids:
        slots["order_id"] = ids[0]
        if len(ids) > 1:
            slots["order_ids"] = ids
    elif (malformed := ex.malformed_order_id(text)) is not None:
        slots["order_id"] = malformed  # kept so that validation can say what is wrong with it
    if (mail := ex.email(text)) is not None:
        slots["email"] = mail
        others = ex.emails(text)[1:]
        if others:  # "I have two emails, a@… and b@…": either may be the account's
            slots["email_alt"] = others[0]
    if (uid := ex.user_id(text)) is not None:
        slots["user_id"] = uid
    name = ex.person_name(text, expecting=expecting == "identity")
    if name is not None:
        slots["first_name"], slots["last_name"] = name
    if (zip_code := ex.zip_code(text, expecting=expecting == "identity")) is not None:
        slots["zip"] = zip_code
    if (reason := ex.cancel_reason(text)) is not None:
        slots["reason"] = reason
    if (payment := ex.payment_ref(text)) is not None:
        slots["payment_ref"] = payment.as_dict()
    if (addr := ex.address(text)) is not None:
        slots["address"] = addr
    if (answer := ex.yes_no(text)) is not None:
        slots["yes_no"] = answer
    if ex.wants_all_items(text):
        slots["all_items"] = True
    return slots


class OfflineUnderstander:
    """Reads intent and slots without any model."""

    def __init__(
        self, config: DomainConfig, classifier: IntentClassifier, extract: SlotExtractor
    ) -> None:
        self.config = config
        self.classifier = classifier
        self.extract = extract

    def read(
        self,
        text: str,
        *,
        expected_slot: str | None = None,
        active_intent: str | None = None,
        language: str = "en",
    ) -> Reading:
        """Classify the message and extract its slots."""
        slots = self.extract(text, TurnHints(expected_slot, active_intent))
        if active_intent is not None and ex.only_entities(text):
            # "#W1234567", "95144" during a task: an answer, nothing to classify.
            return Reading(intent=UNKNOWN, confidence=0.0, slots=slots)
        intent, confidence, others = self.requests(text)
        if intent == UNKNOWN and _only_identity(slots, self.config.identity_slots):
            intent, confidence = "authenticate", max(confidence, 0.5)
        return Reading(intent=intent, confidence=confidence, slots=slots, others=others)

    def classify(self, text: str) -> tuple[str, float]:
        """The intent of the message and its confidence (see :meth:`requests`)."""
        intent, confidence, _ = self.requests(text)
        return intent, confidence

    def requests(self, text: str) -> tuple[str, float, tuple[tuple[str, str], ...]]:
        """Classify the message and each of its sentences; return the request to act on first.

        "Hi, I'm Noah Brown, zip 80279. Please cancel order #W7678072." is a greeting,
        an identification and a cancellation: the task is the intent. The message is
        also read with the identification cut out, so that "my email is x@example.com,
        I'd like an update on my last order" is about the order. The domain's patterns
        settle whole messages ("thx"); its cues name requests the examples cannot
        ("undo the cancellation": a human). Other tasks asked in other sentences
        ("cancel my pending orders. And return the watch") come back as ``others``.
        """
        settled = self._pattern(text)
        if settled is not None:
            return settled, 1.0, ()
        parts = views(text, self.extract)
        predictions = self._evidenced(parts, self._predict(parts))
        parts, predictions = self._refine(text, parts, predictions)
        # The request of the highest rank wins; between requests of one rank, the one
        # asked first (the user's order), then the surer one.
        best: tuple[int, float, float, str] = (-1, 0.0, 0.0, UNKNOWN)
        plain: tuple[int, float, float, str] = best
        asked: list[tuple[str, str]] = []
        unsure: set[str] = set()  # parts read as a change only just above the threshold
        labelled: list[tuple[str, str]] = []
        accepted = self._readings(text, parts, predictions)
        said_again = self._said_again(parts, accepted)
        # (a payment "for the difference" belongs to an item change: it comes first of nothing)
        present = {
            label: index
            for index, (part, (label, _)) in enumerate(zip(parts, accepted, strict=True))
            if label != UNKNOWN and not ex.pays_difference(part)
        }
        for index, (part, (label, confidence)) in enumerate(zip(parts, accepted, strict=True)):
            label, confidence = self._in_message(
                label, confidence, part, predictions[index], asked, text
            )
            labelled.append((label, part))
            if index in said_again.values():
                continue  # said again, surely, further on: asked there (its values are shared)
            # a payment "for the difference" goes with an item change: never first of others
            at = len(parts) + 1 if ex.pays_difference(part) else self._place(label, index, present)
            candidate = (self._rank(label), -at, confidence, label)
            if candidate[:3] > best[:3]:
                best = candidate
            if (candidate[0], -index, confidence) > plain[:3]:
                # the request that would be first but for ``runs_before``
                plain = (candidate[0], -index, confidence, label)
            if asked and ex.pays_difference(part) and self._pays(asked[-1][0]):
                # "…the easiest one? Any price difference can go on my PayPal.": the item
                # change's payment, however sure the sentence is as a payment change
                asked[-1] = (asked[-1][0], self._joined(text, asked[-1], part))
            elif label != UNKNOWN and self.config.intents[label].kind in ("write", "read"):
                asked.append((label, part))
                sure = max(confidence, self._family_mass(predictions[index], label))
                if self.config.intents[label].kind == "write" and sure < SURE_CHANGE:
                    unsure.add(part)
            elif asked and index > 0 and label in (UNKNOWN, *self._small_talk()):
                # "…return the watch. Only the watch, nothing else from that delivery."
                joined = self._joined(text, asked[-1], part)
                if asked[-1][1] in unsure:  # still the request only just read as a change
                    unsure.add(joined)
                asked[-1] = (asked[-1][0], joined)
        cued = [
            (self._rank(label), -self._place(label, len(parts), present), CUE_CONFIDENCE, label)
            for label in self._cued(text)
        ]
        best = max([best, *cued], key=lambda candidate: candidate[:3])  # the first on a tie
        if best[3] == UNKNOWN:
            wanted = self._address_request(text, predictions)
            if wanted is not None:
                return wanted, self.classifier.threshold, ()
            return UNKNOWN, float(predictions[0].confidence), ()
        # The main request's own words: its sentences (not the whole of a Chinese message).
        main, confidence = best[3], best[2]
        own = [p for label, p in labelled if label == main and p != text] or [text]
        unsure -= self._evidenced_by_message(text, main, asked)
        further = _further(asked, unsure, plain[3] if plain[3] != main else None)
        others = self._others(main, " ".join(own), further) if len(parts) > 1 else ()
        return main, confidence, others

    def _evidenced_by_message(
        self, text: str, main: str, asked: Sequence[tuple[str, str]]
    ) -> set[str]:
        """Unsure parts asking for a change whose value the message states for it alone.

        "…the jigsaw to the easiest one. Second, it should be 445 Maple Drive, Suite 394,
        Fort Worth, TX 76165. Can you correct all my order addresses and my account
        address?": "correct all my order addresses" is, to the classifier, only just an
        address change; the whole address the message gives makes it one (as
        :meth:`_evidenced` does for one sentence).
        """
        if not _states_whole_address(text):
            return set()
        return {
            part
            for label, part in asked
            if label != UNKNOWN
            and "address" in self.config.intents[label].slots
            and ex.mentions_address(part)
            and not ex.is_question(part)  # "what's the shipping address on #W1?" asks
        }

    def _outweighed(self, text: str, parts: list[str], accepted: list[tuple[str, float]]) -> bool:
        """True when the whole message, read unsurely as a change, has a clause surely asking.

        "…默认地址帮我改成4410 Duval St, …谢谢，订单的地址不用动" is, whole, only just an
        order's address change (by the address it states); its clause surely asks for the
        default address. The whole reading adds nothing the clauses do not say better.
        """
        if len(parts) < 2 or parts[0] != text or accepted[0][0] == UNKNOWN:
            return False
        if accepted[0][1] >= SURE_CHANGE or self.config.intents[accepted[0][0]].kind != "write":
            return False
        return any(
            label != UNKNOWN and self.config.intents[label].kind == "write" and c >= SURE_CHANGE
            for label, c in accepted[1:]
        )

    def _mixture(self, text: str, parts: list[str], labels: list[str]) -> bool:
        """True when the whole message's request is a blend its sentences do not make.

        "#W1 是下错单了，帮我取消；另外 #W2 是寄到哪个地址的？" read whole is, to the
        classifier, an address change; no sentence asks for one, or for a request of its
        kind, and its sentences ask for a cancellation and a status. The whole message is
        read beside its sentences (Chinese) to catch a request that needs several of them
        together ("…订单#W1然后地址要改一下 改成 …": that order's address change).
        """
        if len(parts) < 2 or parts[0] != text or labels[0] == UNKNOWN:
            return False
        whole = labels[0]
        tasks = {
            label
            for label in labels[1:]
            if label != UNKNOWN and self.config.intents[label].kind in ("write", "read")
        }
        if not tasks or self.config.intents[whole].kind not in ("write", "read"):
            return False
        if any(self._related(whole, label) for label in tasks):
            return False
        # Every other sentence is read, or only gives values those requests take ("#W1 是下错
        # 单了"); one no request fits ("然后宠物床和办公椅都换成最便宜的款式") may need the whole.
        takes = {s for label in tasks for s in self._takes(label)}
        return all(
            label != UNKNOWN or _only_values(self.extract, part, takes)
            for part, label in zip(parts[1:], labels[1:], strict=True)
        )

    def _names_no_product(self, label: str, part: str) -> bool:
        """True when a part asks about a product without naming one.

        After a request, "If several fit, the cheapest of them is fine." says more of that
        request; read alone it is a question about some product nobody named.
        """
        if label == UNKNOWN or "product" not in self.config.intents[label].slots:
            return False
        names = list(self.config.lexicon_products)
        return not mentioned_products(part, names, self.config.lexicon)

    def _joined(self, text: str, request: tuple[str, str], remark: str) -> str:
        """A request's words with a remark that follows it ("…款式。两件事一起办吧。").

        A change's words are later cut out of the message (the main task reads only its
        own): they are kept as the message writes them.
        """
        label, words = request
        joined = f"{words} {remark}"
        if self.config.intents[label].kind == "write":
            return _span(text, words, remark) or joined
        return joined

    def _own_change(
        self,
        label: str,
        confidence: float,
        part: str,
        prediction: Prediction,
        asked: list[tuple[str, str]],
        text: str,
    ) -> str | None:
        """The change a clause after a request asks for on its own items, if it does.

        "I want to return the water bottle, then exchange the pet bed and office chair for
        the cheapest options": the second clause is only just read as an exchange (or not
        at all, "然后宠物床和办公椅都换成最便宜的款式"), and joined to the return it would
        return those items too. A clause after a request (not the whole message) that names
        products of its own and the action of a change among its likeliest readings, of
        another kind than every request before it, is that change, surely asked; so is one
        that gives a new address, read first as a change that takes one.
        """
        if not asked or not prediction.ranking or label not in (UNKNOWN, prediction.label):
            return None
        if all(words == text for _, words in asked):  # only the whole (Chinese) message
            return None
        if label != UNKNOWN and confidence >= SURE_CHANGE:
            return None
        names = list(self.config.lexicon_products)
        products = bool(mentioned_products(part, names, self.config.lexicon))
        # "And ship it to my default address instead": no product, but the new address an
        # address change takes, and that change as its likeliest reading
        address = (
            not products
            and bool(self.extract(part, TurnHints()).get("address"))
            and SENDS_TO.search(part) is not None
            and not ex.is_question(part)
        )
        if not products and not address:
            return None
        for candidate, _ in prediction.ranking:
            spec = self.config.intents.get(candidate)
            if spec is None or spec.kind != "write":
                continue
            if any(
                self._related(candidate, earlier) or candidate == earlier for earlier, _ in asked
            ):
                return None
            if address:
                takes = "address" in spec.slots and candidate == prediction.label
                return candidate if takes else None
            # the change the clause names by its own action words ("换成", "退掉"): "still
            # waiting on the espresso machine" names a product and asks for no change
            if names_action(part, spec.actions):
                return candidate
        return None

    def _without_vague(
        self, parts: list[str], accepted: list[tuple[str, float]]
    ) -> list[tuple[str, float]]:
        """Parts only unsurely read as a change, and saying none, when another surely asks.

        "I've run into money problems and I need to get back whatever I can. First, please
        cancel all my orders that haven't arrived yet": the first sentence is, to the
        classifier, half a return; it names no product, no order and no action of one. The
        second surely asks for a cancellation, which is the request. A part that states a
        value of its task ("Ordered it by mistake.": a reason) is an answer, kept.
        """
        sure = [
            i
            for i, (label, c) in enumerate(accepted)
            if label != UNKNOWN and self.config.intents[label].kind == "write" and c >= SURE_CHANGE
        ]
        if not sure:
            return accepted
        names = list(self.config.lexicon_products)
        vague = [
            i
            for i, (part, (label, c)) in enumerate(zip(parts, accepted, strict=True))
            if i not in sure
            and label != UNKNOWN
            and self.config.intents[label].kind == "write"
            and c < SURE_CHANGE
            and not any(j != i and parts[j] in part for j in sure)  # not a whole of sure parts
            and not ex.order_ids(part)
            and not mentioned_products(part, names, self.config.lexicon)
            and not names_action(part, self.config.intents[label].actions)
            and not self._names_topic(label, part)  # "correct all my order addresses"
            and not self._fills(label, part)  # "Ordered it by mistake.": the reason asked for
        ]
        return [(UNKNOWN, c) if i in vague else (label, c) for i, (label, c) in enumerate(accepted)]

    def _in_message(
        self,
        label: str,
        confidence: float,
        part: str,
        prediction: Prediction,
        asked: list[tuple[str, str]],
        text: str,
    ) -> tuple[str, float]:
        """A part's reading among the requests asked before it in the message."""
        if asked and self._names_no_product(label, part):
            label = UNKNOWN  # "…for the best waterproof camera. If several fit, the cheapest."
        of_its_own = self._own_change(label, confidence, part, prediction, asked, text)
        if of_its_own is not None:  # "…，然后宠物床和办公椅都换成最便宜的款式"
            return of_its_own, max(confidence, SURE_CHANGE)
        return label, confidence

    def _readings(
        self, text: str, parts: list[str], predictions: list[Prediction]
    ) -> list[tuple[str, float]]:
        """Each part's request (or UNKNOWN) and confidence, before the message is ranked."""
        accepted = [self._accept(p, part) for p, part in zip(predictions, parts, strict=True)]
        accepted = [
            (asked_as(self.config, label, part), c)
            for part, (label, c) in zip(parts, accepted, strict=True)
        ]
        if self._mixture(text, parts, [label for label, _ in accepted]) or self._outweighed(
            text, parts, accepted
        ):
            accepted[0] = (UNKNOWN, accepted[0][1])
        accepted = [
            (UNKNOWN, c)
            if self._describes_only(label, part) or ex.gives_reason(part)
            else (label, c)
            for part, (label, c) in zip(parts, accepted, strict=True)
        ]
        return self._only_told(parts, self._without_vague(parts, accepted))

    def _only_told(
        self, parts: list[str], accepted: list[tuple[str, float]]
    ) -> list[tuple[str, float]]:
        """Changes read from what the customer only tells, beside a question surely asked.

        "我刚收到的平板丢了，烦死了。那个订单的物流单号是多少？": the first clause says what
        happened (to the classifier, a return); it names no action or topic of a return,
        and the message asks a question. The question is the request.
        """
        asks = any(
            label != UNKNOWN
            and self.config.intents[label].kind == "read"
            and c >= SURE_CHANGE
            and ex.is_question(part)
            for part, (label, c) in zip(parts, accepted, strict=True)
        )
        if not asks:
            return accepted
        return [
            (UNKNOWN, c)
            if label != UNKNOWN
            and self.config.intents[label].kind == "write"
            and not ex.is_question(part)  # "Can you take it off the order?" asks
            and not names_action(part, self.config.intents[label].actions)
            and not self._names_topic(label, part)
            else (label, c)
            for part, (label, c) in zip(parts, accepted, strict=True)
        ]

    def _said_again(self, parts: list[str], accepted: list[tuple[str, float]]) -> dict[int, int]:
        """A change read unsurely, then asked surely further on: one request, asked there.

        "Second, I might have typed my address wrong: it should be 445 Maple Drive, ….
        Can you … correct my account address?": the first sentence is, by the address it
        states, only just a change of the default address; the later one asks for it. The
        request is taken up where it is asked (the address the earlier sentence states is
        shared with the message's address changes). Returns, for each later part, the
        earlier one it stands for.
        """
        said: dict[int, int] = {}
        for i, (label, c) in enumerate(accepted):
            if label == UNKNOWN or c >= SURE_CHANGE or self.config.intents[label].kind != "write":
                continue
            later = next(
                (j for j in range(i + 1, len(parts)) if accepted[j][0] == label and j not in said),
                None,
            )
            if later is not None and accepted[later][1] >= SURE_CHANGE:
                said[later] = i
        return said

    def _pays(self, label: str) -> bool:
        """True when ``label``'s change takes a payment method (for a price difference)."""
        payment = self.config.slot_of("payment")
        return payment is not None and payment in self._takes(label)

    def _names_topic(self, label: str, part: str) -> bool:
        """True when a part names what ``label``'s change is about ("addresses", "地址")."""
        return any(rx.search(t, part, rx.I) for t in self.config.intents[label].topic)

    def _fills(self, label: str, part: str) -> bool:
        """True when a part states a value ``label``'s task takes (a reason, an address)."""
        stated = self.extract(part, TurnHints())
        return any(stated.get(name) for name in self._takes(label))

    def _describes_only(self, label: str, part: str) -> bool:
        """True when a part's write verb only describes an order's state.

        "最后，我那个已取消的订单，物流单号是多少？": its clause "我那个已取消的订单" names an
        order by its state and asks for no cancellation; the message asks for tracking.
        """
        if label == UNKNOWN or self.config.intents[label].kind != "write":
            return False
        actions = self.config.intents[label].actions
        plain = ex.without_status_descriptions(part)
        return bool(actions) and plain != part and not names_action(plain, actions)

    def _takes(self, intent: str) -> list[str]:
        spec = self.config.intents[intent]
        return [*spec.slots, *spec.optional, "order_ids"]

    def _related(self, one: str, other: str) -> bool:
        """True when two requests are one kind of change (same family, or order variants)."""
        a, b = self.config.intents[one], self.config.intents[other]
        if a.family is not None and a.family == b.family:
            return True
        # (not a question variant: "#W2 是寄到哪个地址的？" asks; it makes no address change)
        return b.name in {a.name, a.order_variant} or a.name == b.order_variant

    def _refine(
        self, text: str, parts: list[str], predictions: list[Prediction]
    ) -> tuple[list[str], list[Prediction]]:
        """Read a sentence no request fits clause by clause.

        "Return the boots from #W1 to my original payment and when will #W2 arrive?" is
        two requests in one sentence, and the classifier, shown both at once, is sure of
        neither, or of the wrong one. A sentence no request fits, or one naming several
        orders, or one torn between two kinds of change ("My pending order should ship to my
        default address, and its item should be red": an address change, 0.6, and an item
        change, 0.3), is cut at its joining words and commas; when its clauses are requests
        (two different ones, for a sentence the classifier was sure of), they replace it.
        """
        split: dict[int, list[str]] = {}
        for index, (part, prediction) in enumerate(zip(parts, predictions, strict=True)):
            unsure = self._accept(prediction)[0] == UNKNOWN
            cut = unsure or _names_orders(part) or self._torn(prediction)
            if (part != text or len(parts) == 1) and cut:
                pieces = clauses(part)
                if len(pieces) > 1:
                    split[index] = pieces
        flat = list(dict.fromkeys(c for pieces in split.values() for c in pieces))[:MAX_VIEWS]
        if not flat:
            return parts, predictions
        read = dict(zip(flat, self._predict(flat), strict=True))
        kept: list[str] = []
        found: list[Prediction] = []
        for index, (part, prediction) in enumerate(zip(parts, predictions, strict=True)):
            pieces = split.get(index, [])
            labels = {self._accept(read[c])[0] for c in pieces if c in read} - {UNKNOWN}
            # An unsure sentence takes any request its clauses make; a sure one naming
            # several orders is cut only when its clauses are different requests.
            enough = len(labels) >= (1 if self._accept(prediction)[0] == UNKNOWN else 2)
            if pieces and enough and all(c in read for c in pieces):
                kept.extend(pieces)
                torn = self._torn(prediction) and len(labels) > 1
                # the clauses of a sentence torn between two changes are each surely asked
                found.extend(self._surely(read[c]) if torn else read[c] for c in pieces)
            else:
                kept.append(part)
                found.append(prediction)
        return kept, found

    def _surely(self, prediction: Prediction) -> Prediction:
        """A clause's prediction as surely the request it was accepted as (if any)."""
        label, confidence = self._accept(prediction)
        if label == UNKNOWN:
            return prediction
        return Prediction(label, max(confidence, SURE_CHANGE), prediction.ranking)

    def _torn(self, prediction: Prediction) -> bool:
        """True when the two likeliest readings are changes of different kinds, both likely."""
        if len(prediction.ranking) < 2:
            return False
        (first, _), (second, share) = prediction.ranking[:2]
        kinds = [
            self.config.intents[n].kind if n in self.config.intents else "" for n in (first, second)
        ]
        return (
            kinds == ["write", "write"] and share >= TORN_SHARE and not self._related(first, second)
        )

    def _evidenced(self, parts: list[str], predictions: list[Prediction]) -> list[Prediction]:
        """An unsure sentence that states the value only its likeliest request takes.

        "could #W1 go to 4410 Harbor View Road, Unit 9, Tacoma, WA 98402 instead of
        Jacksonville?" is, to the classifier, a third an address change; the complete
        address it states makes it one (a request taking an address, first in its ranking).
        """
        found: list[Prediction] = []
        for part, prediction in zip(parts, predictions, strict=True):
            top = prediction.ranking[0][0] if prediction.ranking else None
            spec = self.config.intents.get(top) if top is not None else None
            if (
                self._accept(prediction)[0] == UNKNOWN
                and spec is not None
                and "address" in spec.slots
                and _states_whole_address(part)
            ):
                prediction = Prediction(spec.name, self.classifier.threshold, prediction.ranking)
            found.append(prediction)
        return found

    def _address_request(self, text: str, predictions: list[Prediction]) -> str | None:
        """The request taking an address that a message no sentence settles gives one for.

        "Can the parcel go to my sister's place instead? 19 Grove Court, Apt 2B, Ann Arbor,
        MI 48104.": the question is, to the classifier, unsure; the complete address the
        next sentence states makes it the address change next in its ranking (as
        :meth:`_evidenced` does for one sentence).
        """
        if not _states_whole_address(text):
            return None
        for prediction in predictions:
            for label, _ in prediction.ranking[:2]:
                spec = self.config.intents.get(label)
                if spec is not None and spec.kind == "write" and "address" in spec.slots:
                    return label
        return None

    def _predict(self, parts: list[str]) -> list[Prediction]:
        """Classify each view; one that only identifies the user needs no model.

        "I'm Mia Mitchell, zip 60655." or "我叫 Chen Clark，邮编 28273" is an identification
        by its form: embedding it (about 10 ms a sentence) would tell nothing more.
        """
        auth = next((n for n, s in self.config.intents.items() if s.kind == "auth"), None)
        plain = [p for p in parts if auth is None or not ex.only_identity(p)]
        # a gloss repeats the Chinese name in English: the classifier reads the Chinese
        masked = [ex.mask_entities(ex.without_glosses(p)) for p in plain]
        found = dict(zip(plain, self.classifier.predict_many(masked), strict=True)) if plain else {}
        said = Prediction(str(auth), IDENTITY_CONFIDENCE, [(str(auth), IDENTITY_CONFIDENCE)])
        return [found.get(p, said) for p in parts]

    def further_requests(
        self, main: str, text: str, asked: Sequence[tuple[str, str]]
    ) -> tuple[tuple[str, str], ...]:
        """Of requests read elsewhere (the model's), the ones that start a task of their own.

        The same rules as the message's own sentences: one per intent, not of the main
        request's family, not the main request read without its order, and a look-up
        beside a change only when it names an order the change does not.
        """
        main_part = " ".join(text.split())
        for _, words in asked:
            main_part = rx.sub(rx.escape(words), " ", main_part, flags=rx.I)
        return self._others(main, " ".join(main_part.split()), list(asked))

    def _others(
        self, main: str, main_part: str, asked: list[tuple[str, str]]
    ) -> tuple[tuple[str, str], ...]:
        """Requests besides ``main``, one per intent (not of main's family), in order.

        A look-up of orders beside a change is usually how to find the order ("cancel the one with
        the kettle, what's in it?"), unless it names an order the change does not: "cancel
        #W1 and tell me the status of #W2" looks #W2 up and changes only #W1.
        """
        family = self._family(main)
        seen = {main}
        own = set(ex.order_ids(main_part))
        if ex.refers_to_several(main_part):  # "…订单#W1和#W2，它们的地址都改成…": both are main's
            own |= {i for _, part in asked for i in ex.order_ids(part)}
        others: list[tuple[str, str]] = []
        for label, part in asked:
            if label in seen and label != main and not self._same_family(label, family):
                # "…the laptop in it should become the i5 one; and my watch should have a
                # black dial": a further request said in two parts is one request in both
                at = next(i for i, (other, _) in enumerate(others) if other == label)
                others[at] = (label, f"{others[at][1]}{ex.PART_JOIN}{part}")
                continue
            if label in seen or self._same_family(label, family):
                continue
            if self._main_without_its_order(main, label, part):
                continue
            if ex.keeps_as_is(part) or ex.negates_request(part, self.config.taken_back_by(label)):
                continue  # "…please keep my own address on the account as it is": no request
            looks_up = self._reads_orders(label) and self._rank(main) >= 3
            # …unless it names an order the change does not, by id, or by status in a question
            # ("what's the tracking number of my cancelled order?" beside a return; not "I have
            # another pending order with five things in it", which says which order to cancel)
            ids = set(ex.order_ids(part))
            asks = ex.is_question(part) and not ids
            elsewhere = asks and ex.named_statuses(part) - ex.named_statuses(main_part)
            if looks_up and not ids - own and not elsewhere:
                continue
            seen.add(label)
            others.append((label, part))
        return tuple(others)

    def _same_family(self, label: str, family: str | None) -> bool:
        return family is not None and self._family(label) == family

    def _main_without_its_order(self, main: str, label: str, part: str) -> bool:
        """True when a sentence is the main request read without the order it is about.

        "我有个笔记本的订单，想把地址改到我在纽约的地址。" is an order's address change;
        its second sentence alone reads as a change of the default address, which it
        does not name ("默认地址", "my profile address": the request's own cues).
        """
        spec = self.config.intents[label]
        if spec.order_variant != main:
            return False
        if self.config.names_own_target(label, main, part):
            return False
        return not any(rx.search(cue, part, rx.I) for cue in spec.cues)

    def _reads_orders(self, label: str) -> bool:
        """A look-up of orders (its family reads an order): beside a change, how to find it."""
        spec = self.config.intents[label]
        family = self._family(label)
        return spec.kind != "write" and any(
            "order_id" in other.slots and (other is spec or self._family(name) == family)
            for name, other in self.config.intents.items()
        )

    def _accept(self, prediction: Prediction, part: str = "") -> tuple[str, float]:
        """The label of a prediction, or UNKNOWN below the threshold.

        Intents of one family (by default: settled by the same tool) count together:
        "what's in my order, I can't remember what I bought", split between the order's
        status and the list of orders, is still surely a look-up of the user's orders.
        So do a request and its order variant when the part asks to send something
        somewhere: "my pending order — change its address to my default one", split between
        the profile's and the order's address change, is surely an address change (which of
        the two, tracking decides by what it points at); "原来的地址没问题" asks for none.
        """
        if prediction.label not in (IntentClassifier.UNKNOWN, OUT_OF_SCOPE):
            own = self.config.intents[prediction.label].threshold
            if own is not None and prediction.confidence < own:
                return UNKNOWN, float(prediction.confidence)
            return prediction.label, float(prediction.confidence)
        if not prediction.ranking:
            return UNKNOWN, float(prediction.confidence)
        top, confidence = prediction.ranking[0]
        if self._asked_in_words(top, confidence, part):
            return top, float(confidence)
        family = self._family(top)
        if family is None:
            return UNKNOWN, float(confidence)
        sends = SENDS_TO.search(part) is not None and not ex.is_question(part)
        mass = sum(
            p
            for label, p in prediction.ranking
            if self._family(label) == family or (sends and self._variants(top, label))
        )
        if mass >= self.classifier.threshold:
            return top, float(mass)
        return UNKNOWN, float(confidence)

    def _asked_in_words(self, label: str, confidence: float, part: str) -> bool:
        """True when a clause asks, in its request's own action words, for its likeliest request.

        "I need to dispute them.", "所以想把它关掉": the classifier ranks the request first but
        below the threshold (the clause names nothing else it could learn from); its action
        words, stated and not asked about, make it the request.
        """
        spec = self.config.intents.get(label)
        return (
            spec is not None
            and spec.kind in ("write", "read")
            and bool(spec.actions)
            and bool(part)
            and confidence >= WORDED_FLOOR
            and names_action(part, spec.actions)
            and not ex.is_question(part)
        )

    def _variants(self, one: str, other: str) -> bool:
        """True when one request is the other's order variant (the profile's or an order's)."""
        a, b = self.config.intents.get(one), self.config.intents.get(other)
        return (
            a is not None and b is not None and (a.order_variant == other or b.order_variant == one)
        )

    def _family_mass(self, prediction: Prediction, label: str) -> float:
        """The probability of ``label``'s family: an exchange or a modification of items."""
        family = self._family(label)
        return sum(p for name, p in prediction.ranking if self._family(name) == family)

    def _small_talk(self) -> list[str]:
        return [n for n, spec in self.config.intents.items() if spec.kind == "smalltalk"]

    def _family(self, label: str) -> str | None:
        spec = self.config.intents.get(label)
        if spec is None:
            return None
        return spec.family or spec.tool

    def _pattern(self, text: str) -> str | None:
        for name, spec in self.config.intents.items():
            if any(rx.fullmatch(p, text.strip(), rx.I) for p in spec.patterns):
                return name
        return None

    def _cued(self, text: str) -> list[str]:
        """Intents a cue names in a sentence that asks for them.

        "did you update my default address?" names the change but asks whether it was made.
        """
        sentences = segments(text) or [text]
        return [
            name
            for name, spec in self.config.intents.items()
            if any(
                rx.search(c, sentence, rx.I) and asked_as(self.config, name, sentence) == name
                for sentence in sentences
                for c in spec.cues
            )
        ]

    def _place(self, label: str, index: int, present: Mapping[str, int]) -> float:
        """Where a request is taken up: its place, or right after the ones run before it.

        "Change the lamp to black, and ship it to my default address": the item change of a
        pending order closes it to other changes, so the address change (``runs_before``
        the item change) is done first; a request asked before the item change and not
        running before it ("…my account address") stays after it.
        """
        before = [at + 0.5 for other, at in present.items() if label in self._runs_before(other)]
        return max([float(index), *before])

    def _runs_before(self, label: str) -> list[str]:
        spec = self.config.intents.get(label)
        return spec.runs_before if spec is not None else []

    def _rank(self, label: str) -> int:
        if label == UNKNOWN:
            return -1
        spec = self.config.intents[label]
        return spec.priority if spec.priority is not None else INTENT_RANK.get(spec.kind, 0)


def asked_as(config: DomainConfig, label: str, sentence: str) -> str:
    """The request a sentence makes of ``label``.

    A write asked as whether something is so ("is my default address still …?",
    "订单取消了吗？") is the look-up that answers it.
    """
    spec = config.intents.get(label)
    if spec is None or spec.kind != "write" or not ex.asks_whether(sentence):
        return label
    return spec.question_variant or UNKNOWN


def message_asked_as(config: DomainConfig, label: str, text: str) -> str:
    """:func:`asked_as` for a whole message: only when each of its sentences asks whether.

    "is it still pending? cancel it then" asks for the cancellation.
    """
    sentences = segments(text) or [text]
    asked = {asked_as(config, label, sentence) for sentence in sentences}
    return asked.pop() if len(asked) == 1 else label


# When one message holds several requests, the one to act on: a human asked for, then a
# change (its confirmation lists the order anyway), then a look-up, then who the user is.
IDENTITY_CONFIDENCE = 0.9  # confidence reported for a sentence that only identifies the user
CUE_CONFIDENCE = 0.75  # confidence reported for an intent named by one of its cues
# Asking to send something somewhere ("ship it to …", "寄到…"), not saying where it goes.
SENDS_TO = rx.compile(
    r"\b(?:ship|send|deliver|redirect|reroute|forward|move|change|update|switch)\b[^.!?]*"
    r"\b(?:to|address)\b|寄到|送到|改(?:成|为|到)|换(?:成|到)",
    rx.I,
)
TORN_SHARE = 0.2  # the second reading's share that makes a sentence two changes to check
WORDED_FLOOR = 0.35  # a clause naming its likeliest request's action words needs this much
SURE_CHANGE = 0.75  # confidence a change beside the main request needs to start a task
INTENT_RANK = {"handoff": 4, "write": 3, "read": 2, "knowledge": 2, "auth": 1, "smalltalk": 0}
# Sentences, Chinese clauses ("算了，太麻烦了，给我转人工": the last one is the request; "顺便"
# and its like start one too), and
# a second request joined by "and" ("return the hose, and exchange the boots").
SENTENCE = rx.compile(
    r"(?<=[.!?;])\s+|(?<=[.!?])(?=(?-i:[A-Z][a-z]))|(?<=[。！？；，])\s*|"  # not "jamal.ng@…"
    r"\s*(?=顺便|另外|然后|同时|并且)|"  # Chinese joining words start a clause
    r"\s+(?:and also|also|then)\s+|,?\s+and\s+(?=(?:also\s+)?"
    r"(?:i\s+(?:also\s+)?(?:want|would|need|'d|'m)|exchange|return|cancel|change|modify|swap|"
    r"update|track|send|ship|switch)\b)",
    rx.I,
)


# Clauses of one request sentence, for telling which order each request names: commas,
# brackets, "and", "plus", "also", "then", and Chinese joining words ("顺便", "另外").
CLAUSE = rx.compile(
    r"[,;()（）]|\s+(?:and|plus|also|then|but)\s+|"
    r"顺便|另外|还有|然后|同时|并且|再帮我|再给我|再查|帮我查|也帮我",
    rx.I,
)
MAX_VIEWS = 10  # sentences classified per message (each costs an embedding)


def split_clauses(text: str) -> list[str]:
    """``text`` cut at its clause boundaries (:data:`CLAUSE`), not at a gloss's brackets."""
    inside = ex.gloss_brackets(text)
    pieces: list[str] = []
    start = 0
    for match in CLAUSE.finditer(text):
        if match.end() - match.start() == 1 and match.start() in inside:
            continue
        pieces.append(text[start : match.start()])
        start = match.end()
    pieces.append(text[start:])
    return pieces


def _further(
    asked: Sequence[tuple[str, str]], unsure: Collection[str], waiting: str | None
) -> list[tuple[str, str]]:
    """The requests besides the main one that may start a task of their own.

    A further change starts a task of its own only when surely asked for ("still waiting
    on the espresso machine" is no item change); the request put after the one that runs
    before it (``waiting``: it would be first otherwise) is kept however sure it is.
    """
    return [(label, part) for label, part in asked if part not in unsure or label == waiting]


def views(text: str, extract: SlotExtractor = extract_slots) -> list[str]:
    """The texts to classify for one message: its sentences, or itself and without its ids.

    Each view costs an embedding (about 10 ms on a small CPU), so a message of several
    sentences is read sentence by sentence (the whole adds little), and the view without
    the identification is added only when there is one to cut out.
    """
    text = ex.after_self_correction(text)  # "… - ugh, actually forget the address, just cancel it"
    parts = _fallbacks_joined(extract, text, segments(text))
    if parts:
        # "#W2 should keep going there, but I want to pay for it with my Visa": the clauses
        # that hold something back are left out, the rest of the sentence is read
        unheld = [ex.without_held_back(p) if ex.leaves_alone(p) else p for p in parts]
        # "show me #W2, don't cancel it": the clauses not taken back are the request
        unheld = [_without_negated(p) or p if ex.negates_request(p) else p for p in unheld]
        kept = [
            p
            for p in unheld
            if (len(p.split()) > 1 or ex.CJK.search(p))
            and not ex.negates_request(p)
            and not ex.leaves_alone(p)
            and not ex.only_urging(p)  # "…on my card. Let's move.": no goodbye
        ]
        # Chinese clauses are short and lean on each other: read the whole message too.
        chosen = [text, *kept] if ex.CJK.search(text) else kept or [text]
        return chosen[:MAX_VIEWS]
    unnegated = _without_negated(text) if ex.negates_request(text) else ""
    if len(unnegated.split()) >= 2:  # "only show me #W2, don't cancel that one"
        return [unnegated]
    stripped = ex.strip_identity(text)
    if stripped != text and len(stripped.split()) >= 2:
        return [text, stripped]
    return [text]


def _fallbacks_joined(extract: SlotExtractor, text: str, parts: list[str]) -> list[str]:
    """Sentences that only name a payment, as a fallback or again, joined to the one before.

    "差价用我的礼品卡付，礼品卡不行的话就用 PayPal。": the second clause says how the first
    is paid if its card cannot; "差价用 PayPal，我一般都用 PayPal" says the same method
    again. Neither is a payment change of its own.
    """
    joined: list[str] = []
    for part in parts:
        slots = set(extract(part, TurnHints(None, None))) - {"yes_no"}
        # "差价用 PayPal，我一般都用 PayPal": the same method said again is a remark on it
        again = bool(joined) and ex.payment_ref(part) == ex.payment_ref(joined[-1])
        if joined and (ex.FALLBACK.search(part) or again) and slots == {"payment_ref"}:
            joined[-1] = _span(text, joined[-1], part) or f"{joined[-1]} {part}"
        else:
            joined.append(part)
    return joined if len(joined) > 1 else []


def _span(text: str, first: str, last: str) -> str | None:
    """The stretch of ``text`` from ``first`` to the ``last`` after it, as written.

    A remark joined to the request before it keeps the message's own spacing, so that the
    request can later be cut out of the message as a whole ("…款式。两件事一起办吧。").
    """
    start = text.find(first)
    end = text.find(last, start + len(first)) if start >= 0 else -1
    return text[start : end + len(last)] if end >= 0 else None


def _states_whole_address(text: str) -> bool:
    """True when the text gives a complete postal address, zip code included."""
    given = ex.address(text)
    return given is not None and not given.get("incomplete") and bool(given.get("zip"))


def _only_values(extract: SlotExtractor, part: str, takes: set[str]) -> bool:
    """True when a sentence gives values (an id, a reason …), all of slots in ``takes``."""
    slots = set(extract(part, TurnHints(None, None)))
    return bool(slots) and slots <= takes


def _without_negated(sentence: str) -> str:
    """The sentence without its clauses that take a request back, the rest as written."""
    kept = sentence
    for clause in split_clauses(sentence):
        if clause.strip() and ex.negates_request(clause):
            kept = kept.replace(clause, " ", 1)
    return " ".join(kept.split()).strip(" ,;")


def clauses(sentence: str) -> list[str]:
    """A sentence's clauses that could be a request: saying something, not taken back."""
    pieces = (c.strip(" ,;.!?") for c in split_clauses(sentence))
    # "the one with just the black t-shirt" only says which order: no request of its own.
    return [
        c
        for c in pieces
        if _says_something(ex.without_descriptions(c)) and not ex.negates_request(c)
    ]


def request_clauses(text: str) -> list[str]:
    """A message cut at every clause boundary (commas, brackets, "and", "also", …), in order."""
    return [c.strip(" ,;") for c in split_clauses(text) if c and c.strip(" ,;")]


def _says_something(clause: str) -> bool:
    """A word besides ids and filler, or Chinese ("#W2 please", "#W2 too" say nothing)."""
    words = ex.mask_entities(clause).split()
    content = [w for w in words if w.lower().strip(".,!?'s-–—") not in FILLER_WORDS]
    return bool(content) and (len(words) > 1 or bool(ex.CJK.search(clause)))


FILLER_WORDS = frozenset(
    {"orderid", "email", "paymentid", "userid", "0", "", "and", "also", "too", "the", "order"}
    | {"orders", "one", "plus", "&", "as", "well", "both", "please", "pls", "thanks"}
)


def _names_orders(text: str) -> bool:
    return len(set(ex.order_ids(text))) > 1


def segments(text: str) -> list[str]:
    """Split a message into sentences (only when it has more than one).

    A bracketed aside is never cut: "收音机（Pocket Radio，金色、金属外壳）我要退货" is one
    clause, the product and what the brackets say of it.
    """
    parts = [p.strip() for p in _whole_brackets(SENTENCE.split(text)) if p]
    parts = [p for p in parts if len(p) > 2]
    return parts if len(parts) > 1 else []


OPENING, CLOSING = "(（", ")）"
EMOTICON = rx.compile(r"[:;]-?[()]")
MAX_ASIDE = 120  # characters a bracket may hold before it is taken as unclosed


def _whole_brackets(pieces: Sequence[str]) -> list[str]:
    """``pieces`` with the ones cut inside a bracket joined back."""
    joined: list[str] = []
    depth = 0
    for piece in pieces:
        if depth > 0 and joined and len(joined[-1]) < MAX_ASIDE:
            glue = "" if joined[-1][-1:] in "，、；" else " "
            joined[-1] = f"{joined[-1]}{glue}{piece.strip()}"
        else:
            joined.append(piece)
            depth = 0
        plain = EMOTICON.sub(" ", piece)  # ":(" opens no aside
        depth += sum(plain.count(c) for c in OPENING) - sum(plain.count(c) for c in CLOSING)
        depth = max(depth, 0)
    return joined


def _only_identity(slots: dict[str, Any], identity: Collection[str]) -> bool:
    """True when the values read are details that identify the customer, and nothing else."""
    keys = set(slots) - {"yes_no"}
    return bool(keys) and keys <= set(identity)


@lru_cache(maxsize=4)
def trained_classifier(domain: str, threshold: float | None = None) -> IntentClassifier:
    """Train (once per process) the intent classifier on the domain's examples.

    Embedding a few thousand examples takes tens of seconds on a small CPU, so the
    fitted classifier is also kept on disk under the data directory, keyed by a hash
    of everything it depends on (examples, labels, model, library versions): a changed
    catalogue trains anew, an unchanged one loads in milliseconds.
    """
    config = load_domain(domain)
    texts, labels = config.training_data()
    masked = [ex.mask_entities(t) for t in texts]
    chosen = config.threshold if threshold is None else threshold
    classifier = (
        IntentClassifier(threshold=chosen)
        if config.screen_threshold is None
        else ScreenedClassifier(
            chosen,
            screen_threshold=config.screen_threshold,
            screen_min_words=config.screen_min_words,
        )
    )
    path = _cache_path(domain, classifier, masked, labels)
    cached = _load_cached(path)
    if cached is not None:
        cached.threshold = classifier.threshold
        return cached
    classifier.fit(masked, labels)
    _store(path, classifier)
    return classifier


def _cache_path(
    domain: str, classifier: IntentClassifier, texts: list[str], labels: list[str]
) -> Path:
    import sklearn

    key = json.dumps(
        [classifier.model_name, sklearn.__version__, CACHE_VERSION, texts, labels],
        ensure_ascii=False,
    )
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:20]
    return default_data_dir() / "cache" / f"intents-{domain}-{digest}.pkl"


def _load_cached(path: Path) -> IntentClassifier | None:
    try:
        with path.open("rb") as handle:
            loaded = pickle.load(handle)  # our own file, written by _store below
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None
    return loaded if isinstance(loaded, IntentClassifier) and loaded.is_fitted else None


def _store(path: Path, classifier: IntentClassifier) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        with partial.open("wb") as handle:
            pickle.dump(classifier, handle)
        partial.replace(path)  # atomic: a concurrent reader sees the old file or the new one
        prefix = path.name.rsplit("-", 1)[0]
        for stale in path.parent.glob(f"{prefix}-*.pkl"):
            if stale != path:
                stale.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only data directory only costs the next process a retraining


def offline_understander(
    domain: str, threshold: float | None = None, extract: SlotExtractor = extract_slots
) -> OfflineUnderstander:
    """The offline understander of ``domain``, reading slots with its pack's ``extract``."""
    return OfflineUnderstander(load_domain(domain), trained_classifier(domain, threshold), extract)
