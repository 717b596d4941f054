"""Lantern Library's code: identity rules, slot reading, the turn's policy, its replies.

Every fact comes from the library's read tools (through ``call``); the one change, a
renewal, is an :class:`ActionPlan` the engine lists back and runs only after a yes, and the
write tool checks the same rules again (``store.renew_loan``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from keel.domain.config import DomainConfig
from keel.domain.pack import Decision, PolicyInput, ToolCaller
from keel.safety import patterns as rx
from keel.state.dialogue import ActionPlan, ToolOutcome
from keel.state.stack import TaskFrame
from keel.tools.knowledge_tool import best_passage
from keel.understanding import extractors as ex
from keel.understanding.offline import TurnHints

from .store import renewal_refusal, renewed_due

CARD = rx.compile(r"\bLC[-\s]?(\d{4})[-\s]?(\d{4})\b", rx.I)
LOAN = rx.compile(r"(?<![A-Za-z0-9-])L-?(\d{3})\b", rx.I)
MISSING = {
    "en": {"card_number": "your library card number", "email": "the email on your account"},
    "zh": {"card_number": "借书证号", "email": "账户邮箱"},
}

# -- reading a message ---------------------------------------------------------------------


def extract_slots(text: str, hints: TurnHints) -> dict[str, Any]:
    """The library card number, email, loan and yes/no a message states."""
    slots: dict[str, Any] = {}
    if (card := CARD.search(text)) is not None:
        slots["card_number"] = f"LC-{card.group(1)}-{card.group(2)}"
    if (mail := ex.email(text)) is not None:
        slots["email"] = mail
    if (loan := LOAN.search(CARD.sub(" ", text))) is not None:
        slots["loan_id"] = f"L{loan.group(1)}"
    if (answer := ex.yes_no(text)) is not None:
        slots["yes_no"] = answer
    return slots


# -- identity: a library card number and email of one member ---------------------------------


def _data(outcome: ToolOutcome) -> dict[str, Any]:
    return dict(outcome["data"]) if outcome["ok"] else {}


class LibraryIdentity:
    """Both the library card number and the account's email must match one member."""

    def ready(self, identity: dict[str, str]) -> bool:
        """Both details were given."""
        return bool(identity.get("card_number") and identity.get("email"))

    def targets(self, identity: dict[str, str]) -> list[str]:
        """The accounts an attempt aims at: by card and by email."""
        found = [f"card:{identity['card_number']}"] if identity.get("card_number") else []
        return found + ([f"email:{identity['email'].lower()}"] if identity.get("email") else [])

    def strong(self, identity: dict[str, str]) -> bool:
        """No detail opens an account others guessed at too often."""
        return False

    def authenticate(
        self, call: ToolCaller, identity: dict[str, str], guessed: Sequence[str]
    ) -> tuple[str | None, dict[str, Any] | None, bool]:
        """The member both details match: (member id, row, whether complete ones failed)."""
        if not self.ready(identity) or guessed:
            return None, None, bool(guessed)
        args = {"card_number": identity["card_number"], "email": identity["email"]}
        members = _data(call("find_member", args)).get("members") or []
        if len(members) != 1:
            return None, None, True
        member = dict(members[0])
        row = {"user_id": str(member["member_id"]), "name": str(member["name"])}
        return row["user_id"], row, False

    def refused(
        self,
        call: ToolCaller,
        identity: dict[str, str],
        row: dict[str, Any],
        barred: Sequence[str],
        others: Sequence[str],
    ) -> str | None:
        """An account the conversation barred is not opened."""
        return "third_party" if str(row["user_id"]) in barred else None

    def guesses(self, identity: dict[str, str]) -> int:
        """A failed attempt is one guess."""
        return 1

    def after_failure(self, identity: dict[str, str]) -> dict[str, str]:
        """Only the words written are kept; both details are asked again."""
        return {k: v for k, v in identity.items() if k == "said"}

    def after_incomplete(self, identity: dict[str, str]) -> dict[str, str]:
        """What was given waits for the rest."""
        return identity

    def missing(self, identity: dict[str, str], language: str) -> str | None:
        """The detail still missing (None when neither was given)."""
        given = [k for k in ("card_number", "email") if identity.get(k)]
        if len(given) != 1:
            return None
        other = "email" if given[0] == "card_number" else "card_number"
        return MISSING.get(language, MISSING["en"])[other]

    def claims_other(self, call: ToolCaller, user_id: str, slots: dict[str, Any]) -> bool:
        """A verified member states another library card number or email."""
        member = _data(call("get_member", {"user_id": user_id})).get("member") or {}
        for key in ("card_number", "email"):
            said = str(slots.get(key) or "").lower()
            if said and said != str(member.get(key) or "").lower():
                return True
        return False


# -- the policy ------------------------------------------------------------------------------


def loans_of(call: ToolCaller, user_id: str) -> list[dict[str, Any]]:
    """The member's loans (a read through calibration)."""
    return [dict(r) for r in _data(call("get_member_loans", {"user_id": user_id})).get("loans", [])]


def loan_line(loan: Mapping[str, Any]) -> str:
    """How a loan is named to the member."""
    return f'{loan["loan_id"]} "{loan["title"]}" (due {loan["due_date"]})'


def _ask(frame: TaskFrame, slot: str, key: str, data: dict[str, Any]) -> Decision:
    frame["clarify_count"] = frame["clarify_count"] + 1 if frame["asked"] == slot else 1
    frame["asked"] = slot
    frame["prompt"] = {"key": key, "data": data}
    return Decision(route="ask", reply_key=key, reply_data=data, frame=frame)


def _run(
    frame: TaskFrame, tool: str, args: dict[str, Any], write: bool, summary: dict[str, Any]
) -> Decision:
    frame["asked"] = None
    action = ActionPlan(tool=tool, args=args, write=write, summary=summary)
    confirmed = write and frame["all_agreed"]
    return Decision(
        route="confirm" if write and not confirmed else "execute", plan=action, frame=frame
    )


def renew(call: ToolCaller, inp: PolicyInput, frame: TaskFrame) -> Decision:
    """Renew the loan meant, if the rules allow it; listed for a yes first."""
    user_id = str(inp.user_id)
    loans = loans_of(call, user_id)
    wanted = frame["slots"].get("loan_id")
    if not loans:
        return Decision(route="respond", reply_key="loan.none", frame=frame)
    if wanted is None and len(loans) > 1:
        return _ask(frame, "loan_id", "ask.loan_id", {"loans": "; ".join(map(loan_line, loans))})
    loan = loans[0] if wanted is None else next((x for x in loans if x["loan_id"] == wanted), None)
    if loan is None:  # another member's loan, or none at all: the same answer
        key = "renew_loan.not_yours"
        return Decision(
            route="reject", reply_key=key, reply_data={"loan_id": wanted}, reject_reason=key
        )
    refusal = renewal_refusal(loan)
    if refusal is not None:
        key, data = refusal
        return Decision(
            route="reject", reply_key=key, reply_data={**loan, **data}, reject_reason=key
        )
    summary = {
        "loan_id": loan["loan_id"],
        "title": loan["title"],
        "due_date": loan["due_date"],
        "new_due_date": renewed_due(str(loan["due_date"])),
    }
    args = {"user_id": user_id, "loan_id": str(loan["loan_id"])}
    return _run(frame, "renew_loan", args, True, summary)


def decide(call: ToolCaller, inp: PolicyInput) -> Decision:
    """Decide the turn for the task in ``inp.frame``."""
    frame = inp.frame
    assert frame is not None
    intent = frame["intent"]
    if intent == "renew_loan":
        return renew(call, inp, frame)
    if intent == "list_loans":
        return _run(frame, "get_member_loans", {"user_id": str(inp.user_id)}, False, {})
    if intent == "library_question":
        query = inp.text or " ".join(frame["utterances"])
        args = {"query": query, "lang": inp.language}
        return _run(frame, "search_knowledge_base", args, False, {})
    return Decision(route="respond", reply_key="fallback", frame=None)


def present(
    config: DomainConfig, intent: str, plan: ActionPlan, outcome: ToolOutcome, text: str
) -> tuple[str, dict[str, Any]]:
    """The reply key and values of a successful tool outcome (each value a field of it)."""
    data = outcome["data"]
    if plan["write"]:
        return f"done.{intent}", {**plan["summary"], **data}
    if intent == "library_question":
        best = best_passage(data)
        return ("library_question.ok", best) if best else ("library_question.none", {})
    if intent == "list_loans":
        loans = data.get("loans") or []
        if not loans:
            return "list_loans.none", {}
        lines = [f"{loan_line(x)}, renewed {x['renewals']} time(s)" for x in loans]
        return "list_loans.ok", {"count": len(loans), "loans": "; ".join(lines)}
    raise KeyError(f"no presenter for {intent}")
