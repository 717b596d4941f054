"""How a customer of the store proves who they are: an email, or a name with a zip code.

The engine runs the attempt (audit, rate limits, lock-outs, the replies); these rules
say what the details given so far can open, for whom, and what is still missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from keel.domain.pack import ToolCaller
from keel.state.dialogue import ToolOutcome
from keel.understanding import extractors as ex
from keel.understanding.extractors import NAME_STOPWORDS
from keel.understanding.identity import (
    claims_name,
    email_is_other,
    given_as_another,
    names_differently,
)

IDENTITY_LABELS = {
    "en": {"zip": "your zip code", "name": "your first and last name"},
    "zh": {"zip": "邮编", "name": "姓名"},
}


NAME_KEYS = ("first_name", "last_name")


def _first(outcome: ToolOutcome) -> dict[str, Any] | None:
    users = outcome["data"].get("users") if outcome["ok"] else None
    return dict(users[0]) if users else None


def _by_name_and_zip(call: ToolCaller, identity: dict[str, str]) -> dict[str, Any] | None:
    """The account at the zip code whose first and last name the user claims as their own.

    Names stated with a cue ("I'm Noah Brown") are tried as given; otherwise the names
    of the accounts at that zip code are looked for in the user's recent messages,
    so that "mei davis, 80217" verifies as well as "my name is Mei Davis". Either way the
    name must be claimed by the speaker: "my neighbour Anya Parker recommended you" or
    "Juan Garcia's order" names someone else and opens nothing.
    """
    zip_code = identity["zip"]
    said = identity.get("said", "")
    if identity.get("first_name") and identity.get("last_name"):
        first, last = identity["first_name"], identity["last_name"]
        if claims_name(said, first, last):  # "the label says Ethan Moore": no claim
            args = {"first_name": first, "last_name": last, "zip": zip_code}
            row = _first(call("find_user_id_by_name_zip", args))
            if row is not None:
                return row
    outcome = call("find_users_by_zip", {"zip": zip_code})
    rows = outcome["data"].get("users", []) if outcome["ok"] else []
    found = [r for r in rows if claims_name(said, str(r["first_name"]), str(r["last_name"]))]
    return dict(found[0]) if len(found) == 1 else None


def authenticate(
    call: ToolCaller, identity: dict[str, str], guessed: Sequence[str] = ()
) -> tuple[str | None, dict[str, Any] | None, bool]:
    """Try the credentials given so far; returns (user id, user row, failed).

    ``failed`` means the credentials were complete and matched no account: an email,
    or a zip code with a name (stated, or asked for and written since). With an email
    given, a name or user id guessed at too often (``guessed``) is not tried.
    """
    failed = False
    said = identity.get("said", "")
    for email in (e for e in email_candidates(identity) if not email_is_other(said, e)):
        row = _first(call("find_user_id_by_email", {"email": email}))
        if row is not None:
            return str(row["user_id"]), row, False
        failed = True
    if guessed:
        return None, None, failed
    if identity.get("user_id") and identity.get("zip"):
        args = {"user_id": identity["user_id"], "zip": identity["zip"]}
        row = _first(call("find_user_by_id_zip", args))
        if row is not None:
            return str(row["user_id"]), row, False
        failed = True
    if identity.get("zip"):
        row = _by_name_and_zip(call, identity)
        if row is not None:
            return str(row["user_id"]), row, False
        named = bool(identity.get("first_name") and identity.get("last_name"))
        failed = failed or named or identity.get("asked") == "name"
    return None, None, failed


def refused_account(
    call: ToolCaller,
    identity: dict[str, str],
    row: dict[str, Any],
    barred: Sequence[str],
    others: Sequence[str],
) -> str | None:
    """Why an account the credentials found is not opened, or None.

    ``third_party``: this session gave its holder's name, email or zip code as someone
    else's ("my wife Emma Smith …", "Sofia Ahmed 让我帮她…"): whoever says so afterwards, it
    is not theirs to open in this session. ``name_mismatch``: the speaker claimed a name
    and the email or user id given belongs to an account of another name. ``guessed``: the
    zip code that opened it was one of several offered at once.
    """
    first, last = str(row.get("first_name") or ""), str(row.get("last_name") or "")
    if str(row["user_id"]) in barred:
        return "third_party"  # its holder's helper said so in this session ("I'm her husband")
    if not _claims_this_name(identity, first, last):
        return "name_mismatch"
    # a zip code reached the account only when no email or user id did
    by_zip = not email_candidates(identity) and not identity.get("user_id")
    zip_code = identity.get("zip", "") if by_zip else ""
    if zip_code and zip_code in offered_zips(identity.get("said", "")):
        return "guessed"  # one of several zip codes tried at once ("one of these, try each")
    if not others:
        return None
    details = call("get_user_details", {"user_id": row["user_id"]})
    user = details["data"].get("user") if details["ok"] else None
    email = str(user.get("email") or "") if user else ""
    if given_as_another(others, first=first, last=last, email=email, zip_code=zip_code):
        return "third_party"
    return None


def _claims_this_name(identity: dict[str, str], first: str, last: str) -> bool:
    """False when the speaker goes by another name than the account found ("Yusuf Li").

    The name claimed (the latest stated), or a near-miss of the account's name in a place
    that claims it, must be the account's own, unless the latest message claims the
    account's name itself.
    """
    said = identity.get("said", "")
    latest = said.split("\n")[-1]
    if claims_name(latest, first, last):
        return True
    claimed = (identity.get("first_name", ""), identity.get("last_name", ""))
    if all(claimed) and (claimed[0].lower(), claimed[1].lower()) != (first.lower(), last.lower()):
        return False  # "Hi, I'm Liam Lee. My email is noah.brown…@…"
    return not names_differently(said, first, last, NAME_STOPWORDS)


def offered_zips(said: str) -> set[str]:
    """Zip codes the customer offered several at once ("76108 or 76118?", "76108、76118")."""
    return {z for run in ex.offered_alternatives(said) for z in run}


def email_candidates(identity: dict[str, str]) -> list[str]:
    """The email addresses given for the account: the first, and another said with it."""
    return [e for e in (identity.get("email"), identity.get("email_alt")) if e]


def attempt_targets(identity: dict[str, str]) -> list[str]:
    """The accounts an identification attempt aims at: by email, user id or claimed name."""
    targets: list[str] = [f"email:{e.lower()}" for e in email_candidates(identity)]
    if identity.get("user_id"):
        targets.append(f"user:{identity['user_id']}")
    if identity.get("first_name") and identity.get("last_name"):
        targets.append(f"name:{identity['first_name'].lower()} {identity['last_name'].lower()}")
    return targets


def missing_identity(identity: dict[str, str]) -> str | None:
    """Name what partial credentials still lack: "zip", "name", or None if nothing was given."""
    if identity.get("first_name") and not identity.get("zip"):
        return "zip"
    if identity.get("zip") and not identity.get("user_id"):
        return "name"
    if identity.get("user_id") and not identity.get("zip"):
        return "zip"
    return None


def forget_failed(identity: dict[str, str]) -> dict[str, str]:
    """After a failed attempt keep what is likelier right: the name and the words written.

    The zip code or email is the usual typo; the next message brings the corrected one
    ("sorry, it's 98187") and is checked together with what was said before. A new
    name given later replaces the kept one.
    """
    kept = {k: identity[k] for k in ("said", "first_name", "last_name") if identity.get(k)}
    return kept


def claims_other_identity(call: ToolCaller, user_id: str, slots: dict[str, Any]) -> bool:
    """True when a verified user states another email, or another name with a zip code."""
    stated_email = slots.get("email")
    stated_name = (slots.get("first_name"), slots.get("last_name"))
    if not stated_email and not all(stated_name):
        return False
    outcome = call("get_user_details", {"user_id": user_id})
    if not outcome["ok"]:
        return False
    user = outcome["data"]["user"]
    if stated_email and str(stated_email).lower() != str(user["email"]).lower():
        return True
    if not slots.get("zip"):
        return False  # "it's two laptops" is no name; a real claim comes with its zip code
    first, last = (str(n).lower() for n in stated_name) if all(stated_name) else ("", "")
    return bool(first) and (first, last) != (
        str(user["first_name"]).lower(),
        str(user["last_name"]).lower(),
    )


def ready(identity: dict[str, str]) -> bool:
    """True when the credentials given are enough for an attempt (email, or zip with more)."""
    return bool(identity.get("email") or identity.get("zip"))


class RetailIdentity:
    """The store's identity rules (:class:`keel.domain.pack.IdentityRules`)."""

    def ready(self, identity: dict[str, str]) -> bool:
        """An email, or a zip code with more."""
        return ready(identity)

    def targets(self, identity: dict[str, str]) -> list[str]:
        """The accounts an attempt aims at: by email, user id or claimed name."""
        return attempt_targets(identity)

    def strong(self, identity: dict[str, str]) -> bool:
        """An email was given: it opens the account even after others guessed at it."""
        return bool(email_candidates(identity))

    def authenticate(
        self, call: ToolCaller, identity: dict[str, str], guessed: Sequence[str]
    ) -> tuple[str | None, dict[str, Any] | None, bool]:
        """The account the details open: (user id, its row, whether complete ones failed)."""
        return authenticate(call, identity, guessed)

    def refused(
        self,
        call: ToolCaller,
        identity: dict[str, str],
        row: dict[str, Any],
        barred: Sequence[str],
        others: Sequence[str],
    ) -> str | None:
        """Why an account the details found is not opened (third_party, name_mismatch …)."""
        return refused_account(call, identity, row, barred, others)

    def guesses(self, identity: dict[str, str]) -> int:
        """How many guesses a failed attempt was: each email tried is one."""
        return max(1, len(email_candidates(identity)))

    def after_failure(self, identity: dict[str, str]) -> dict[str, str]:
        """What is kept after a failed attempt (the name and the words written)."""
        return forget_failed(identity)

    def after_incomplete(self, identity: dict[str, str]) -> dict[str, str]:
        """What is kept while details are missing (a zip code waits for its name)."""
        return {**identity, "asked": "name"} if missing_identity(identity) == "name" else identity

    def missing(self, identity: dict[str, str], language: str) -> str | None:
        """What the details still lack, in the customer's language (None: nothing given)."""
        missing = missing_identity(identity)
        if missing is None:
            return None
        return IDENTITY_LABELS.get(language, IDENTITY_LABELS["en"])[missing]

    def claims_other(self, call: ToolCaller, user_id: str, slots: dict[str, Any]) -> bool:
        """A verified customer states another email, or another name with a zip code."""
        return claims_other_identity(call, user_id, slots)
