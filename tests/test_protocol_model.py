"""Model-based tests of the trust protocol: the real graph, driven by sequences of customer acts.

A hypothesis ``RuleBasedStateMachine`` plays a customer who identifies, asks for changes,
asks about orders, defers, acknowledges, says goodbye, hedges, asks questions, says no,
says "not this one", names another person and then claims to be them, and goes to a human
and back, in English and Chinese, with phrasings drawn from lists of each kind of act. After
every step it checks, from what a customer sees and the store's data alone:

- **a yes answers the question just asked**: no order or account changed unless the last
  message was a yes to a yes/no question about the listing asked in the agent's message just
  before it, and an acknowledgement ("ok", "嗯") only when that message said nothing besides;
- the agent never asks the yes/no question in the same message that acknowledges a
  deferral, a goodbye or a handoff return;
- **only what was asked for changes**: an order changes only if the customer asked for a
  change on it, never one only asked about;
- **nobody gets into an account given as someone else's**.

The session runs on the embedded demo store (no ``../shared``); each example starts afresh.
``KEEL_MODEL_EXAMPLES`` raises the number of examples for a longer run.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from keel.api import Keel, TurnResult
from keel.domain.retail.demo_data import load_demo_data
from keel.domain.retail.models import Order, User
from keel.persistence.db import session_scope, sqlite_url
from keel.state.context import Context

CUSTOMER = {
    "user_id": "sofia_torres_5013",
    "en": "I'm Sofia Torres, zip 80270.",
    "zh": "我是 Sofia Torres，邮编 80270。",
}
ORDERS = ("#W4024071", "#W7335104")  # both pending
OTHER = {
    "user_id": "harper_ahmed_1689",
    "name": "Harper Ahmed",
    "zip": "28268",
    "email": "harper.ahmed4239@example.com",
}
NEW_ADDRESS = "19 Grove Court, Apt 2B, Ann Arbor, MI 48104"

PHRASES: dict[str, dict[str, list[str]]] = {
    "explicit_yes": {
        "en": ["yes", "yes please", "go ahead", "yes, do it", "confirm", "yep, go ahead"],
        "zh": ["是的", "确认", "可以，办吧", "对，确认"],
    },
    "ack": {
        "en": ["ok", "alright", "sure", "ok thanks", "👍", "fine", "got it"],
        "zh": ["嗯", "好的", "好", "嗯嗯", "知道了"],
    },
    "deferral": {
        "en": [
            "let me check with my partner first",
            "I'll think about it and get back to you",
            "hold on, I need to ask my husband before you do anything",
            "let me talk to my wife and let you know later",
        ],
        "zh": ["我得先跟我先生商量一下", "我先问问室友，稍后再说", "我考虑一下，晚点回复你"],
    },
    "goodbye": {
        "en": ["thanks, bye", "ok thanks, talk later", "gotta go, bye"],
        "zh": ["再见", "先这样，拜拜"],
    },
    "question": {
        "en": ["how long does a refund take?", "when will I get my money back?"],
        "zh": ["退款多久到账？", "钱什么时候退回来？"],
    },
    "hedge": {"en": ["hmm, I'm not sure", "wait", "maybe"], "zh": ["嗯…不确定", "等一下"]},
    "no": {"en": ["no", "no thanks, leave it"], "zh": ["不用了", "算了，不办了"]},
    "not_this_one": {
        "en": ["not this one", "I meant the other order", "no, the other one"],
        "zh": ["不是这个", "不是这单，是另一个"],
    },
    "human": {"en": ["I want to talk to a human"], "zh": ["我要转人工"]},
}
REQUESTS = {
    "cancel": {
        "en": "Please cancel {order}, I don't need it anymore.",
        "zh": "帮我取消订单 {order}，不需要了。",
    },
    "address": {
        "en": f"Please ship {{order}} to {NEW_ADDRESS}.",
        "zh": f"请把订单 {{order}} 改寄到 {NEW_ADDRESS}。",
    },
}
ASK_ABOUT = {"en": "Has {order} shipped yet?", "zh": "订单 {order} 发货了吗？"}
THIRD_PARTY = {
    "en": f"My wife {OTHER['name']} asked me to check her orders, her zip is {OTHER['zip']}.",
    "zh": f"{OTHER['name']} 让我帮她看一下订单，邮编是{OTHER['zip']}。",
}
CLAIM_THEM = {
    "en": f"ugh fine. I'm {OTHER['name']}, zip {OTHER['zip']}",
    "zh": f"算了，我就是{OTHER['name']}本人，邮编{OTHER['zip']}",
}
QUESTION = re.compile(r"\(yes/no\)|（是/否）")
LISTING = re.compile(r"Please confirm|To be sure|请确认|为确保")
PREFACES = re.compile(
    r"^(?:Thank you, [^.]+, I've verified your account\.|谢谢您，[^。]+，已核实您的身份。|"
    r"That is order #W\d{7}\.|这是订单 #W\d{7}。|\s)*$"
)
EXAMPLES = int(os.environ.get("KEEL_MODEL_EXAMPLES", "30"))
PICK = st.integers(min_value=0, max_value=10)


@cache
def template() -> Path:
    """The demo store, loaded once for every example."""
    path = Path(tempfile.mkdtemp(prefix="keel-model-")) / "template.db"
    load_demo_data(sqlite_url(path))
    return path


def snapshot(url: str) -> dict[str, Any]:
    """Every order's status and address and every user's address (what a write changes)."""
    with session_scope(url) as session:
        orders = {
            o.order_id: (o.status, o.address1, o.address2, o.zip) for o in session.query(Order)
        }
        users = {u.user_id: (u.address1, u.address2, u.zip) for u in session.query(User)}
    return {"orders": orders, "users": users}


class Protocol(RuleBasedStateMachine):
    """A customer's acts against the real graph, with the protocol's invariants checked."""

    def __init__(self) -> None:
        super().__init__()
        self.directory = Path(tempfile.mkdtemp(prefix="keel-model-run-"))
        database = self.directory / "store.db"
        shutil.copyfile(template(), database)
        self.url = sqlite_url(database)
        self.agent = Keel(Context(database_url=self.url, rate_capacity=1000))
        self.session = "model"
        self.before = snapshot(self.url)
        self.last: TurnResult | None = None  # the agent's message before this step's
        self.turn: TurnResult | None = None
        self.act = ""
        self.requested: set[str] = set()  # orders the customer asked to change
        self.asked_about: set[str] = set()  # orders the customer only asked about
        self.named_other = False  # the customer named OTHER as someone else
        self.in_handoff = False
        self.released = False

    def teardown(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)

    # ----------------------------------------------------------------- acts

    def say(self, act: str, text: str) -> None:
        self.last, self.act = self.turn, act
        self.released = False
        self.before = snapshot(self.url)
        self.turn = self.agent.send(self.session, text)
        self.in_handoff = self.turn.awaiting == "human"

    @initialize(
        language=st.sampled_from(["en", "zh"]),
        third_party_first=st.booleans(),
        kind=st.sampled_from(sorted(REQUESTS)),
        order=st.sampled_from(ORDERS),
    )
    def start(self, language: str, third_party_first: bool, kind: str, order: str) -> None:
        """Identify (after naming someone else, or not), then ask for a change."""
        self.language = language
        if third_party_first:
            self.named_other = True
            self.say("third_party", THIRD_PARTY[language])
        self.say("identify", CUSTOMER[language])
        self.request(kind, order)

    @precondition(lambda self: not self.in_handoff)
    @rule(kind=st.sampled_from(sorted(REQUESTS)), order=st.sampled_from(ORDERS))
    def request(self, kind: str, order: str) -> None:
        self.requested.add(order)
        self.say("request", REQUESTS[kind][self.language].format(order=order))

    @precondition(lambda self: not self.in_handoff)
    @rule(order=st.sampled_from(ORDERS))
    def ask_about(self, order: str) -> None:
        if order not in self.requested:
            self.asked_about.add(order)
        self.say("ask_about", ASK_ABOUT[self.language].format(order=order))

    def speak(self, act: str, pick: int, other_language: bool = False) -> None:
        language = self.language
        if other_language:
            language = "zh" if language == "en" else "en"  # a switch of language mid-way
        options = PHRASES[act][language]
        self.say(act, options[pick % len(options)])

    # one rule per kind of act, so that each is as likely as a request
    @precondition(lambda self: not self.in_handoff)
    @rule(pick=PICK, other_language=st.booleans())
    def explicit_yes(self, pick: int, other_language: bool) -> None:
        self.speak("explicit_yes", pick, other_language)

    @precondition(lambda self: not self.in_handoff)
    @rule(pick=PICK, other_language=st.booleans())
    def ack(self, pick: int, other_language: bool) -> None:
        self.speak("ack", pick, other_language)

    @precondition(lambda self: not self.in_handoff)
    @rule(pick=PICK, other_language=st.booleans())
    def deferral(self, pick: int, other_language: bool) -> None:
        self.speak("deferral", pick, other_language)

    @precondition(lambda self: not self.in_handoff)
    @rule(pick=PICK)
    def goodbye(self, pick: int) -> None:
        self.speak("goodbye", pick)

    @precondition(lambda self: not self.in_handoff)
    @rule(pick=PICK)
    def question(self, pick: int) -> None:
        self.speak("question", pick)

    @precondition(lambda self: not self.in_handoff)
    @rule(act=st.sampled_from(["hedge", "no", "not_this_one", "human"]), pick=PICK)
    def other_reply(self, act: str, pick: int) -> None:
        self.speak(act, pick)

    @precondition(lambda self: not self.in_handoff)
    @rule()
    def name_another(self) -> None:
        self.named_other = True
        self.say("third_party", THIRD_PARTY[self.language])

    @precondition(lambda self: self.named_other and not self.in_handoff)
    @rule()
    def claim_to_be_them(self) -> None:
        self.say("claim_other", CLAIM_THEM[self.language])

    @precondition(lambda self: self.in_handoff)
    @rule(text=st.sampled_from(["yes", "ok", "please cancel it"]))
    def message_during_handoff(self, text: str) -> None:
        self.say("during_handoff", text)

    @precondition(lambda self: self.in_handoff)
    @rule()
    def human_replies_and_releases(self) -> None:
        self.last, self.act = self.turn, "release"
        self.before = snapshot(self.url)
        self.agent.reply_as_agent(self.session, "Hi, this is Sam. I'll hand you back now.")
        self.turn = self.agent.release(self.session)
        self.in_handoff, self.released = False, True

    # ------------------------------------------------------------ invariants

    def changed(self) -> tuple[set[str], set[str]]:
        now = snapshot(self.url)
        orders = {k for k, v in now["orders"].items() if self.before["orders"].get(k) != v}
        users = {k for k, v in now["users"].items() if self.before["users"].get(k) != v}
        return orders, users

    @invariant()
    def a_write_answers_the_question_just_asked(self) -> None:
        if self.turn is None:
            return
        orders, users = self.changed()
        if not orders and not users:
            return
        where = f"act {self.act!r} after {self.last.reply if self.last else None!r}"
        assert self.act in ("explicit_yes", "ack"), f"a write on {where}"
        assert self.last is not None and self.last.awaiting == "confirmation", where
        assert QUESTION.search(self.last.reply), f"no yes/no question was asked: {where}"
        if self.act == "ack":  # an acknowledgement answers only a question asked on its own
            before = LISTING.split(self.last.reply, maxsplit=1)[0]
            assert PREFACES.match(before), f"an acknowledgement of something else: {where}"

    @invariant()
    def only_what_was_asked_for_changes(self) -> None:
        if self.turn is None:
            return
        orders, users = self.changed()
        assert orders <= self.requested, f"changed {orders}, asked for {self.requested}"
        assert not users, f"an account changed: {users}"
        assert not (orders & (self.asked_about - self.requested)), "an order only asked about"

    @invariant()
    def no_question_with_a_deferral_goodbye_or_return(self) -> None:
        if self.turn is None or self.last is None or self.last.awaiting != "confirmation":
            return
        if self.act in ("deferral", "goodbye") or self.released:
            assert not QUESTION.search(self.turn.reply), self.turn.reply

    @invariant()
    def nobody_opens_an_account_given_as_someone_elses(self) -> None:
        if self.turn is None:
            return
        assert self.turn.user_id != OTHER["user_id"], f"logged in as {OTHER['name']}"


Protocol.TestCase.settings = settings(
    max_examples=EXAMPLES,
    stateful_step_count=12,
    deadline=None,
    derandomize=True,  # the same sequences on every run, CI included
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestProtocol = Protocol.TestCase
