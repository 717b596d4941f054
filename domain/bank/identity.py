"""How a Rho Bank customer proves who they are: any two of four details on file.

The four details are the date of birth, email, phone number and home address
(procedures §1). A name (or a user id) helps find the record but never counts. The
details are compared by the bank's read tools (``find_user_for_verification``,
``verify_user_identity``), never here and never against the database directly; nothing
stored is read back to the customer.

Once an account is found and not refused (:meth:`BankIdentity.refused` is the engine's last
check of a found account, see ``nodes.decide.verify``), the verification is logged with
``log_verification`` using the values on file, exactly once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from typing import Any

from keel.domain.bank.extract import dates, phones
from keel.domain.pack import ToolCaller
from keel.safety import patterns as rx
from keel.understanding.extractors import NAME_STOPWORDS
from keel.understanding.identity import (
    claims_name,
    email_is_other,
    given_as_another,
    names_differently,
)

DETAILS = ("date_of_birth", "email", "phone_number", "address")
NEEDED = 2  # details that must match one customer's record
LABELS = {
    "en": {
        "date_of_birth": "your date of birth",
        "email": "your email",
        "phone_number": "your phone number",
        "address": "your address",
        "two": "two of: {items}",
        "one": "one more of: {items}",
        "or": " or ",
        "sep": ", ",
    },
    "zh": {
        "date_of_birth": "出生日期",
        "email": "邮箱",
        "phone_number": "电话号码",
        "address": "地址",
        "two": "以下任意两项：{items}",
        "one": "以下任意一项：{items}",
        "or": "或",
        "sep": "、",
    },
}
# Street words customers shorten; the record spells them out ("Ct" → "Court").
STREET_WORDS = {
    "st": "Street",
    "ave": "Avenue",
    "av": "Avenue",
    "rd": "Road",
    "dr": "Drive",
    "ln": "Lane",
    "ct": "Court",
    "blvd": "Boulevard",
    "pl": "Place",
    "ter": "Terrace",
    "terr": "Terrace",
    "trl": "Trail",
    "cir": "Circle",
    "pkwy": "Parkway",
    "hwy": "Highway",
    "apt": "Apt",
}
ABBREVIATION = rx.compile(r"\b([A-Za-z]{2,4})\b\.?")


# ------------------------------------------------------------------ the details given


def emails_of(identity: dict[str, str]) -> list[str]:
    """The email addresses given: the first, and another offered beside it."""
    return [e for e in (identity.get("email"), identity.get("email_alt")) if e]


def given(identity: dict[str, str]) -> list[str]:
    """Which of the four details were given so far (an email and its alternative are one)."""
    return [d for d in DETAILS if (emails_of(identity) if d == "email" else identity.get(d))]


def claimed_name(identity: dict[str, str]) -> tuple[str, str]:
    """(first, last) of the name the speaker claimed, or empty strings."""
    full = identity.get("full_name") or " ".join(
        n for n in (identity.get("first_name"), identity.get("last_name")) if n
    )
    return split_name(full)


def split_name(name: str) -> tuple[str, str]:
    """A full name as (first name, the rest)."""
    parts = name.split()
    if len(parts) < 2:
        return (parts[0] if parts else "", "")
    return parts[0], " ".join(parts[1:])


def expanded_address(address: str) -> str:
    """The address with its shortened street words written out ("12 Oak St" → "12 Oak Street")."""
    return ABBREVIATION.sub(lambda m: STREET_WORDS.get(m.group(1).lower(), m.group(0)), address)


def address_forms(identity: dict[str, str]) -> list[str]:
    """The address as given and with its street words written out (when that differs)."""
    address = identity.get("address", "")
    if not address:
        return [""]
    return list(dict.fromkeys([address, expanded_address(address)]))


def attempts(identity: dict[str, str]) -> Iterator[dict[str, str]]:
    """Each set of details to try: every email given with every form of the address."""
    for email, address in product(emails_of(identity) or [""], address_forms(identity)):
        details = {
            "email": email,
            "address": address,
            "date_of_birth": identity.get("date_of_birth", ""),
            "phone_number": identity.get("phone_number", ""),
        }
        yield {k: v for k, v in details.items() if v}


# ------------------------------------------------------------------ tool reads


def _data(outcome: Any) -> dict[str, Any]:
    return dict(outcome["data"]) if outcome["ok"] else {}


def on_file(call: ToolCaller, user_id: str) -> dict[str, Any]:
    """The customer's record (read for the bank's own checks, never shown)."""
    return _data(call("get_user_information_by_id", {"user_id": user_id}))


def candidates(call: ToolCaller, identity: dict[str, str]) -> list[str]:
    """Customers whose record matches at least two of the details (by the lookup tool).

    The lookup returns a few candidates only; when it holds more, each detail is looked up
    on its own so that a customer matching two of them is never cut off.
    """
    first, last = claimed_name(identity)
    name = f"{first} {last}".strip()
    hits: dict[str, set[str]] = {}
    for details in attempts(identity):
        lookups = [details]
        named = {**details, "name": name} if name else details
        data = _data(call("find_user_for_verification", named))
        found = data.get("candidates", [])
        if data.get("count", 0) > len(found):
            lookups = [{k: v} for k, v in details.items()]
            found = [
                c
                for one in lookups
                for c in _data(call("find_user_for_verification", one)).get("candidates", [])
            ]
        for candidate in found:
            hits.setdefault(str(candidate["user_id"]), set()).update(
                m for m in candidate.get("matched", []) if m in DETAILS
            )
    return [user for user, matched in hits.items() if len(matched) >= NEEDED]


def proven(call: ToolCaller, user_id: str, identity: dict[str, str]) -> bool:
    """True when the verification tool says the details prove ``user_id`` (2 of 4)."""
    for details in attempts(identity):
        data = _data(call("verify_user_identity", {"user_id": user_id, **details}))
        if data.get("verified"):
            return True
    return False


def greeting_row(user_id: str, record: dict[str, Any]) -> dict[str, Any]:
    """What the engine keeps of a verified customer (its replies greet by name)."""
    name = str(record.get("name") or "")
    first, last = split_name(name)
    return {"user_id": user_id, "name": name, "first_name": first, "last_name": last}


def log_verified(call: ToolCaller, user_id: str) -> bool:
    """Log the verification with the values on file; True when the log holds it."""
    record = on_file(call, user_id)
    if not record:
        return False
    args = {
        "name": record.get("name"),
        "user_id": user_id,
        "address": record.get("address"),
        "email": record.get("email"),
        "phone_number": record.get("phone_number"),
        "date_of_birth": record.get("date_of_birth"),
    }
    outcome = call("log_verification", args)
    return bool(outcome["ok"]) or "already" in str(outcome.get("message") or "")


# ------------------------------------------------------------------ the rules


def authenticate(
    call: ToolCaller, identity: dict[str, str], guessed: Sequence[str] = ()
) -> tuple[str | None, dict[str, Any] | None, bool]:
    """(user id, the customer's row, failed) for the details given so far.

    Fewer than two details is no attempt. ``failed``: two or more were given and no one
    customer's record matches two of them. Details whose target was guessed at too often
    (``guessed``) are left out.
    """
    kept = {k: v for k, v in identity.items() if not _guessed(k, v, identity, guessed)}
    if len(given(kept)) < NEEDED:
        return None, None, False
    found = [u for u in candidates(call, kept) if proven(call, u, kept)]
    if len(found) != 1:
        # none: a failure; several (a shared address and birthday): the name decides
        found = _by_name(call, kept, found) if found else []
        if len(found) != 1:
            return None, None, not found
    user_id = found[0]
    return user_id, greeting_row(user_id, on_file(call, user_id)), False


def _guessed(key: str, value: str, identity: dict[str, str], guessed: Sequence[str]) -> bool:
    return any(t in guessed for t in _targets_of(key, value, identity))


def _by_name(call: ToolCaller, identity: dict[str, str], users: list[str]) -> list[str]:
    first, last = claimed_name(identity)
    if not first:
        return users
    wanted = f"{first} {last}".lower()
    return [u for u in users if str(on_file(call, u).get("name", "")).lower() == wanted]


def refused_account(
    call: ToolCaller,
    identity: dict[str, str],
    row: dict[str, Any],
    barred: Sequence[str],
    others: Sequence[str],
) -> str | None:
    """Why the account found is not opened, or None (and then its verification is logged).

    ``third_party``: the session gave its holder (name, email, phone or birth date) as
    someone else's, or barred the account. ``name_mismatch``: the speaker claimed another
    name than the account's.
    """
    user_id = str(row["user_id"])
    if user_id in barred:
        return "third_party"
    record = on_file(call, user_id)
    first, last = split_name(str(record.get("name") or row.get("name") or ""))
    if not _claims_this_name(identity, first, last):
        return "name_mismatch"
    if others and given_to_another(others, record, first, last):
        return "third_party"
    log_verified(call, user_id)
    return None


def _claims_this_name(identity: dict[str, str], first: str, last: str) -> bool:
    """False when the speaker goes by another name than the account's."""
    said = identity.get("said", "")
    if said and claims_name(said.split("\n")[-1], first, last):
        return True
    claimed = claimed_name(identity)
    if claimed[0] and " ".join(claimed).lower() != f"{first} {last}".lower():
        return False
    return not names_differently(said, first, last, NAME_STOPWORDS)


def given_to_another(others: Sequence[str], record: dict[str, Any], first: str, last: str) -> bool:
    """True when any of ``others`` gave this customer's name, email, phone or DOB as another's."""
    email = str(record.get("email") or "")
    if given_as_another(others, first=first, last=last, email=email):
        return True
    phone = str(record.get("phone_number") or "")
    birth = str(record.get("date_of_birth") or "")
    for text in others:
        written = [raw for raw, value in phones(text) if value == phone]
        written += [text[d.start : d.end] for d in dates(text) if d.value == birth]
        if any(email_is_other(text, raw) for raw in written):
            return True
    return False


def claims_other_identity(call: ToolCaller, user_id: str, slots: dict[str, Any]) -> bool:
    """True when a verified customer states another customer's email or phone number."""
    record = on_file(call, user_id)
    for key in ("email", "phone_number"):
        value = str(slots.get(key) or "")
        if not value or _same(key, value, str(record.get(key) or "")):
            continue
        data = _data(call("find_user_for_verification", {key: value}))
        if any(
            str(c.get("user_id")) != user_id and key in c.get("matched", [])
            for c in data.get("candidates", [])
        ):
            return True
    return False


def _same(key: str, given_value: str, stored: str) -> bool:
    if key == "phone_number":
        return rx.sub(r"\D", "", given_value)[-10:] == rx.sub(r"\D", "", stored)[-10:]
    return given_value.strip().lower() == stored.strip().lower()


def _targets_of(key: str, value: str, identity: dict[str, str]) -> list[str]:
    """The audit targets one detail aims at."""
    if key in ("email", "email_alt"):
        return [f"email:{value.lower()}"]
    if key == "phone_number":
        return [f"phone:{rx.sub(r'[^0-9]', '', value)[-10:]}"]
    if key == "address":
        return [f"address:{' '.join(rx.sub(r'[,.#]', ' ', value.lower()).split())}"]
    if key == "date_of_birth":
        first, last = claimed_name(identity)
        return [f"dob+name:{value}|{first.lower()} {last.lower()}"] if first else []
    return []


def attempt_targets(identity: dict[str, str]) -> list[str]:
    """The accounts an attempt aims at: "email:…", "phone:…", "address:…", "dob+name:…"."""
    found: list[str] = []
    for key in ("email", "email_alt", "phone_number", "address", "date_of_birth"):
        if identity.get(key):
            found += _targets_of(key, identity[key], identity)
    return list(dict.fromkeys(found))


def missing_words(identity: dict[str, str], language: str) -> str | None:
    """What is still needed, in the customer's words (None: nothing was given yet)."""
    have = given(identity)
    named = any(identity.get(k) for k in ("full_name", "first_name", "user_id"))
    if not have and not named:
        return None
    if len(have) >= NEEDED:
        return None
    words = LABELS.get(language, LABELS["en"])
    rest = [words[d] for d in DETAILS if d not in have]
    items = words["sep"].join(rest[:-1]) + words["or"] + rest[-1]
    return (words["one"] if have else words["two"]).format(items=items)


def forget_failed(identity: dict[str, str]) -> dict[str, str]:
    """After a failed attempt keep the name and the words written; drop the details tried."""
    keys = ("said", "full_name", "first_name", "last_name")
    return {k: identity[k] for k in keys if identity.get(k)}


class BankIdentity:
    """Rho Bank's identity rules (:class:`keel.domain.pack.IdentityRules`)."""

    def ready(self, identity: dict[str, str]) -> bool:
        """Two of the four details were given."""
        return len(given(identity)) >= NEEDED

    def targets(self, identity: dict[str, str]) -> list[str]:
        """The accounts an attempt aims at, for audit and rate limits."""
        return attempt_targets(identity)

    def strong(self, identity: dict[str, str]) -> bool:
        """No single detail opens an account others guessed at too often."""
        return False

    def authenticate(
        self, call: ToolCaller, identity: dict[str, str], guessed: Sequence[str]
    ) -> tuple[str | None, dict[str, Any] | None, bool]:
        """The account two details open: (user id, its row, whether complete ones failed)."""
        return authenticate(call, identity, guessed)

    def refused(
        self,
        call: ToolCaller,
        identity: dict[str, str],
        row: dict[str, Any],
        barred: Sequence[str],
        others: Sequence[str],
    ) -> str | None:
        """Why the account found is not opened; when it is, its verification is logged."""
        return refused_account(call, identity, row, barred, others)

    def guesses(self, identity: dict[str, str]) -> int:
        """A failed attempt is one guess."""
        return 1

    def after_failure(self, identity: dict[str, str]) -> dict[str, str]:
        """The name and the words written; the details tried are dropped."""
        return forget_failed(identity)

    def after_incomplete(self, identity: dict[str, str]) -> dict[str, str]:
        """Everything given waits for the rest."""
        return identity

    def missing(self, identity: dict[str, str], language: str) -> str | None:
        """What is still needed ("one more of: …"), None when nothing was given."""
        return missing_words(identity, language)

    def claims_other(self, call: ToolCaller, user_id: str, slots: dict[str, Any]) -> bool:
        """A verified customer states another customer's email or phone number."""
        return claims_other_identity(call, user_id, slots)
