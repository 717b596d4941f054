"""Referral advice, the answer: the best account the customer can refer with now, or why not.

The rules and the message's facts are :mod:`keel.domain.bank.referrals`; this module words
the answer (the figures, why better-paying programs are out, the rolling window, the
sources) and decides the turn (:func:`advise`). Advice changes nothing and hands nothing
to a human: the customer submits the referral with their own referral tool.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date, timedelta
from typing import Any

from keel.domain.bank import clock, products
from keel.domain.bank.decisions import Turn, accounts, ask
from keel.domain.bank.referrals import (
    COUNT_QUESTION,
    EXISTING,
    FORMER,
    SHOWN,
    Program,
    Verdict,
    about_choice,
    best_of,
    candidates,
    first_checking,
    friend_in,
    holds_checking,
    in_window,
    judge,
    months_since_closed,
    ranked,
    same_address,
    schedule,
    table,
    tenure_days,
    used_this_year,
)
from keel.domain.pack import Decision

# -- the answer -------------------------------------------------------------------------------


def dollars(value: float) -> str:
    """$1,000 / $62.50."""
    return f"{value:,.0f}" if value == int(value) else f"{value:,.2f}"


def day_text(day: date) -> str:
    """A date as the bank writes it."""
    return day.strftime("%m/%d/%Y")


def say(turn: Turn, key: str, **data: Any) -> str:
    """A piece of the reply in the customer's language (templates in replies.yaml)."""
    texts = turn.inp.config.replies[key]
    return (texts.get(turn.inp.language) or texts["en"]).format(**data)


def figures(turn: Turn, program: Program) -> dict[str, Any]:
    """The figures an answer names for a program."""
    opening = ""
    if program.opening > program.deposit:
        opening = say(turn, "referral.part.opening", opening=dollars(program.opening))
    return {
        "opening_part": opening,
        "needed": dollars(program.needed),
        "name": program.name,
        "referrer": dollars(program.referrer),
        "referee": dollars(program.referee),
        "combined": dollars(program.combined),
        "deposit": dollars(program.deposit),
        "days": program.deposit_days,
        "tenure": program.tenure_days,
        "cap": program.yearly_cap,
    }


def reason_text(turn: Turn, verdict: Verdict, first: date | None) -> str:
    """Why a program is out, in words, with its document."""
    program = verdict.program
    data = figures(turn, program)
    if verdict.reason == "tenure" and first is not None:
        data["date"] = day_text(first + timedelta(days=program.tenure_days))
    if verdict.reason == "age" and program.ages is not None:
        low, high = program.ages
        data["ages"] = f"{low}–{high}" if high is not None else f"{low}+"
    data["source"] = program.docs[0]
    return say(turn, f"referral.reason.{verdict.reason}", **data)


def condition_text(turn: Turn, verdict: Verdict) -> str:
    """The fact a program needs that the message did not state."""
    program = verdict.program
    if verdict.condition == "age" and program.ages is not None:
        low, high = program.ages
        ages = f"{low}–{high}" if high is not None else f"{low}+"
        return say(turn, "referral.condition.age", ages=ages)
    return say(turn, "referral.condition.startup")


def sources(*docs: Iterable[str]) -> str:
    """The documents an answer comes from, each once."""
    return ", ".join(dict.fromkeys(d for group in docs for d in group))


def window_line(turn: Turn, window: Sequence[date], people: int, today: date) -> str:
    """How many referrals the rolling window leaves open now (and when the next opens)."""
    rules = table().rules
    now, after = schedule(window, people, today, rules)
    data = {
        "used": len(window),
        "now": now if people > 1 else max(0, rules.window_bonuses - len(window)),
        "people": people,
        "limit": rules.window_bonuses,
        "days": rules.window_days,
        "date": day_text(after) if after else "",
    }
    if people > 1 and after is not None:
        return say(turn, "referral.window.some", **data)
    return say(turn, "referral.window.open", **data)


def answer(turn: Turn, key: str, data: Mapping[str, Any]) -> Decision:
    """The advice, and the task ended: a later "thanks" or question starts afresh."""
    turn.frame["asked"] = None
    return Decision(route="respond", reply_key=key, reply_data=dict(data), frame=None)


def advise(turn: Turn) -> Decision:
    """Which checking account the customer can refer someone to now, and the best bonus."""
    said = [str(t) for t in turn.frame["utterances"]]
    if turn.inp.text and (not said or said[-1] != turn.inp.text):
        said.append(turn.inp.text)
    words = " ".join(said)
    if not about_choice(words):
        return products.search(turn)
    rules, today = table().rules, clock.today()
    general = rules.docs
    rows = accounts(turn)
    if not holds_checking(rows):
        return answer(turn, "referral.no_checking", {"sources": sources(general)})
    if same_address(words):
        return answer(turn, "referral.same_address", {"sources": sources(general)})
    ago = months_since_closed(words)
    if EXISTING.search(words) or (
        FORMER.search(words) and (ago is None or ago < rules.new_customer_months)
    ):
        wait = "" if ago is None else str(rules.new_customer_months - ago)
        terms = {"months": rules.new_customer_months, "wait": wait, "sources": sources(general)}
        terms["wait_line_key"] = "referral.not_new.wait" if wait else "hint.none"
        return answer(turn, "referral.not_new", terms)
    history = (turn.read("get_referrals_by_user") or {}).get("referrals", [])
    window = in_window(history, today, rules)
    friend = friend_in(said, turn.frame["asked"])
    first = first_checking(rows)
    tenure = tenure_days(rows, today) or 0
    if len(window) >= rules.window_bonuses:
        _, after = schedule(window, 1, today, rules)
        return answer(
            turn,
            "referral.window.full",
            {
                "used": len(window),
                "dates": ", ".join(day_text(d) for d in window),
                "limit": rules.window_bonuses,
                "days": rules.window_days,
                "date": day_text(after) if after else "",
                "sources": sources(general),
            },
        )
    programs = candidates(friend)
    verdicts = [judge(p, friend, tenure, used_this_year(history, p, today)) for p in programs]
    if programs and all(v.reason == "tenure" for v in verdicts):
        soonest = min(programs, key=lambda p: p.tenure_days)
        opened = first or today
        return answer(
            turn,
            "referral.tenure.none",
            {
                "tenure": soonest.tenure_days,
                "have": tenure,
                "opened": day_text(opened),
                "date": day_text(opened + timedelta(days=soonest.tenure_days)),
                "sources": sources(general, soonest.docs),
            },
        )
    count_only = bool(COUNT_QUESTION.search(words)) or friend.people > 1
    asked_before = turn.frame["asked"] == "amount"
    if friend.deposit is None and not friend.targets and not count_only and not asked_before:
        kind = "business" if friend.business else "person"
        return ask(turn, "amount", "ask.referral_deposit", {"who_key": f"referral.who.{kind}"})
    best, better = best_of(verdicts)
    if best is None and better is None:
        out = [reason_text(turn, v, first) for v in ranked(verdicts) if v.reason]
        return answer(
            turn,
            "referral.none",
            {
                "reasons": "; ".join(out),
                "window_line": window_line(turn, window, friend.people, today),
                "sources": sources(general, *(p.docs for p in programs)),
            },
        )
    top = best or better
    assert top is not None
    data: dict[str, Any] = figures(turn, top.program)
    data["best"] = top.program.name
    data["tenure_line"] = say(
        turn, "referral.tenure.ok", have=tenure, opened=day_text(first or today)
    )
    data["window_line"] = window_line(turn, window, friend.people, today)
    data["condition"] = condition_text(turn, top) if top.condition else ""
    extra = ""
    if best is not None and better is not None:
        extra = say(
            turn,
            "referral.better_if",
            condition=condition_text(turn, better),
            **figures(turn, better.program),
        )
    elif friend.deposit is None and count_only:
        others = [v for v in ranked(verdicts) if v.reason is None and v is not top][: SHOWN - 1]
        extra = "".join(
            say(
                turn,
                "referral.also",
                condition=condition_text(turn, v) if v.condition else "",
                **figures(turn, v.program),
            )
            for v in others
        )
    data["better_line"] = extra
    beaten = [v for v in ranked(verdicts) if v.reason and v.program.combined > top.program.combined]
    data["out_line"] = (
        say(turn, "referral.out", reasons="; ".join(reason_text(turn, v, first) for v in beaten))
        if beaten
        else ""
    )
    shown = [top.program.docs, *(v.program.docs[:1] for v in beaten)]
    if better is not None and best is not None:
        shown.append(better.program.docs)
    data["sources"] = sources(general, *shown)
    return answer(turn, "referral.best", data)
