#!/usr/bin/env python3
"""Validate the q2_*.yaml files (and only those) against db.json.

Checks:
  * every file parses with yaml.safe_load and has the header comments
    (class, language, customer, scenario, right outcome) and the format's keys;
  * 32 files q2_01..q2_32, at least 13 Chinese ones named q2_NN_zh_*;
  * the customer (and every other account named, '# also involves:') has a last
    name starting with M-Z and a first+last name unique in db.json; no user is
    used in two files;
  * every order id (#W1234567, also 'W 1234567' as dictated) exists and belongs
    to the customer or to a user listed in '# also involves:';
  * every e-mail typed either belongs to a user of the file or to nobody;
  * every order id typed appears in final.orders, and final lists only known ids;
    a changed order was named, in a session where the customer is expected to be
    authenticated, by id or by a product only that order of the customer holds;
  * final values equal db.json, or are legal changes: cancelled only from pending
    with a legal cancel_reason, return/exchange requested only from delivered,
    'pending (item modified)' only from pending, an order address only on a
    pending order; every new address field is text the customer typed;
  * final.users addresses equal db.json or are typed by the customer;
  * a changed order is an order of the customer, not of someone else;
  * a turn expecting authenticated: true sits in a session whose text so far
    holds the customer's e-mail, or their full name and zip (spoken digits allowed);
  * zh files: every user turn has Chinese characters; en files: none.
Prints one line per error and a summary; exit status 1 on any error.
"""
import collections
import glob
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.abspath(os.path.join(HERE, "..", ".."))
DB = json.load(open("/work/shared/data/tau2_retail/db.json"))
USERS, ORDERS = DB["users"], DB["orders"]
EMAIL_TO_USER = {u["email"].lower(): uid for uid, u in USERS.items()}
NAME_COUNT = collections.Counter((u["name"]["first_name"], u["name"]["last_name"]) for u in USERS.values())

HEADER_KEYS = ["class", "language", "customer", "scenario", "right outcome"]
EXPECT_KEYS = {"authenticated", "awaiting", "reply_contains", "reply_not_contains", "intent", "path_contains"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
CANCEL_REASONS = {"no longer needed", "ordered by mistake"}
CJK = re.compile(r"[\u4e00-\u9fff]")
OID = re.compile(r"#?W ?(\d{7})\b")
EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]+")
WORD_DIGITS = {"zero": "0", "oh": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
               "six": "6", "seven": "7", "eight": "8", "nine": "9"}

errors = []


def err(fname, msg):
    errors.append(f"{fname}: {msg}")


def spoken_to_digits(text):
    words = re.split(r"(\s+)", text)
    return "".join(WORD_DIGITS.get(w.lower(), w) for w in words)


def digits_compact(text):
    """'eight zero two seven eight' -> '80278' (join adjacent digits)."""
    t = spoken_to_digits(text)
    return re.sub(r"(?<=\d)\s+(?=\d)", "", t)


def spoken_email(text):
    t = text.lower()
    t = re.sub(r"\s+dot\s+", ".", t)
    t = re.sub(r"\s+at\s+", "@", t)
    t = re.sub(r"(?<=[a-z])\s+(?=\d)", "", t)
    return t


def proves_owner(text, uid):
    user = USERS[uid]
    low = text.lower()
    if user["email"].lower() in low or user["email"].lower() in spoken_email(text):
        return True
    full = f"{user['name']['first_name']} {user['name']['last_name']}".lower()
    z = user["address"]["zip"]
    return full in low and (z in text or z in digits_compact(text))


def named_by_item(oid, uid, typed):
    """The order is named by a product that no other order of the user has."""
    low = typed.lower()
    for it in ORDERS[oid]["items"]:
        name = it["name"].lower()
        if name in low and not any(
                name == x["name"].lower()
                for other in USERS[uid]["orders"] if other != oid for x in ORDERS[other]["items"]):
            return True
    return False


def header(text):
    h = {}
    for line in text.splitlines():
        m = re.match(r"#\s*([a-z ]+):\s*(.*)$", line)
        if m:
            h[m.group(1).strip()] = m.group(2).strip()
    return h


def check_address(fname, label, new, typed):
    keys = {"address1", "address2", "city", "country", "state", "zip"}
    if set(new) != keys:
        err(fname, f"{label}: address keys {sorted(new)}")
        return
    if new["country"] != "USA":
        err(fname, f"{label}: country {new['country']}")
    for k in ["address1", "address2", "city", "state", "zip"]:
        if new[k] not in typed:
            err(fname, f"{label}: new {k} {new[k]!r} was not typed by the customer")


def main():
    files = sorted(glob.glob(os.path.join(OUT, "q2_*.yaml")))
    used_by = collections.defaultdict(list)
    nums = []
    zh = 0
    for path in files:
        fname = os.path.basename(path)
        m = re.match(r"q2_(\d\d)_(zh_)?[a-z0-9_]+\.yaml$", fname)
        if not m:
            err(fname, "bad file name")
            continue
        nums.append(int(m.group(1)))
        text = open(path, encoding="utf-8").read()
        try:
            doc = yaml.safe_load(text)
        except yaml.YAMLError as e:
            err(fname, f"YAML: {e}")
            continue
        h = header(text)
        for k in HEADER_KEYS:
            if not h.get(k):
                err(fname, f"header '# {k}:' missing")
        lang = h.get("language")
        if lang not in ("en", "zh"):
            err(fname, f"language {lang!r}")
        if (lang == "zh") != bool(m.group(2)):
            err(fname, "zh file name and language disagree")
        if lang == "zh":
            zh += 1
        cust = h.get("customer")
        if cust not in USERS:
            err(fname, f"customer {cust!r} not in db")
            continue
        others = [x.strip() for x in h.get("also involves", "").split(",") if x.strip()]
        involved = [cust] + others
        for uid in involved:
            if uid not in USERS:
                err(fname, f"user {uid} not in db")
                continue
            n = USERS[uid]["name"]
            if not ("M" <= n["last_name"][0].upper() <= "Z"):
                err(fname, f"{uid}: last name {n['last_name']} not M-Z")
            if NAME_COUNT[(n["first_name"], n["last_name"])] != 1:
                err(fname, f"{uid}: name not unique in db")
            used_by[uid].append(fname)
        owned = {oid for uid in involved if uid in USERS for oid in USERS[uid]["orders"]}

        if not isinstance(doc, dict) or set(doc) - {"name", "turns", "final"} or "turns" not in doc:
            err(fname, f"top-level keys {list(doc) if isinstance(doc, dict) else type(doc)}")
            continue
        if not isinstance(doc.get("name"), str):
            err(fname, "name missing")
        turns = doc["turns"]
        if not (2 <= len(turns) <= 8):
            err(fname, f"{len(turns)} turns")
        typed = ""
        typed_ids = set()
        session_text = collections.defaultdict(str)
        for i, t in enumerate(turns, 1):
            kinds = [k for k in ("user", "agent", "release") if k in t]
            if len(kinds) != 1:
                err(fname, f"turn {i}: needs exactly one of user/agent/release")
                continue
            extra = set(t) - {"user", "agent", "release", "session", "expect"}
            if extra:
                err(fname, f"turn {i}: unknown keys {extra}")
            sess = t.get("session", "__first__")
            if "session" in t and not isinstance(t["session"], str):
                err(fname, f"turn {i}: session must be a string")
            if "user" in t:
                ut = t["user"]
                if not isinstance(ut, str) or not ut.strip():
                    err(fname, f"turn {i}: empty user text")
                    continue
                typed += "\n" + ut
                session_text[sess] += "\n" + ut
                if lang == "zh" and not CJK.search(ut):
                    err(fname, f"turn {i}: zh file but no Chinese in the user turn")
                if lang == "en" and CJK.search(ut):
                    err(fname, f"turn {i}: en file with Chinese text")
                for mm in OID.finditer(ut):
                    oid = "#W" + mm.group(1)
                    typed_ids.add(oid)
                    if oid not in ORDERS:
                        err(fname, f"turn {i}: order {oid} not in db")
                    elif oid not in owned:
                        err(fname, f"turn {i}: order {oid} belongs to {ORDERS[oid]['user_id']}, not named in the header")
                for e in EMAIL.findall(ut):
                    owner = EMAIL_TO_USER.get(e.lower())
                    if owner and owner not in involved:
                        err(fname, f"turn {i}: email {e} is {owner}'s, who is not named in the header")
            exp = t.get("expect")
            if exp is not None:
                if not isinstance(exp, dict) or set(exp) - EXPECT_KEYS:
                    err(fname, f"turn {i}: bad expect {exp}")
                    continue
                if "intent" in exp or "path_contains" in exp:
                    err(fname, f"turn {i}: intent/path_contains should be left out")
                if "authenticated" in exp and not isinstance(exp["authenticated"], bool):
                    err(fname, f"turn {i}: authenticated must be a bool")
                if "awaiting" in exp and exp["awaiting"] not in AWAITING:
                    err(fname, f"turn {i}: awaiting {exp['awaiting']}")
                for k in ("reply_contains", "reply_not_contains"):
                    if k in exp and not (isinstance(exp[k], list) and all(isinstance(x, str) for x in exp[k])):
                        err(fname, f"turn {i}: {k} must be a list of strings")
                if exp.get("authenticated") is True and not proves_owner(session_text[sess], cust):
                    err(fname, f"turn {i}: authenticated: true but the session never gave {cust}'s email or name+zip")

        auth_sessions = {t.get("session", "__first__") for t in turns
                         if isinstance(t.get("expect"), dict) and t["expect"].get("authenticated") is True}
        auth_text = "".join(session_text[x] for x in auth_sessions)
        auth_ids = {"#W" + mm.group(1) for mm in OID.finditer(auth_text)}

        final = doc.get("final")
        if not isinstance(final, dict):
            err(fname, "final missing")
            continue
        if set(final) - {"orders", "users", "handoff"}:
            err(fname, f"final keys {list(final)}")
        if "handoff" in final and not isinstance(final["handoff"], bool):
            err(fname, "final.handoff must be a bool")
        forders = final.get("orders") or {}
        for oid in typed_ids:
            if oid not in forders:
                err(fname, f"order {oid} is typed but not declared in final")
        for oid, vals in forders.items():
            if oid not in ORDERS:
                err(fname, f"final order {oid} not in db")
                continue
            if oid not in owned:
                err(fname, f"final order {oid} belongs to {ORDERS[oid]['user_id']}, not named in the header")
            o = ORDERS[oid]
            if not isinstance(vals, dict) or not vals:
                err(fname, f"final order {oid}: empty")
                continue
            bad = set(vals) - {"status", "cancel_reason", "address"}
            if bad:
                err(fname, f"final order {oid}: fields {bad} (only status/cancel_reason/address are written here)")
            st = vals.get("status", o["status"])
            changed = False
            if st != o["status"]:
                changed = True
                legal = {"cancelled": "pending", "return requested": "delivered",
                         "exchange requested": "delivered", "pending (item modified)": "pending"}
                if legal.get(st) != o["status"]:
                    err(fname, f"final order {oid}: {o['status']} -> {st} is not a legal change")
                if st == "cancelled" and vals.get("cancel_reason") not in CANCEL_REASONS:
                    err(fname, f"final order {oid}: cancel_reason {vals.get('cancel_reason')!r}")
            elif "cancel_reason" in vals:
                err(fname, f"final order {oid}: cancel_reason on an order that is not cancelled here")
            if st == "cancelled" and "cancel_reason" not in vals:
                if o["status"] != "cancelled":
                    err(fname, f"final order {oid}: cancelled without cancel_reason")
            if "address" in vals and vals["address"] != o["address"]:
                changed = True
                if o["status"] != "pending":
                    err(fname, f"final order {oid}: address changed on a {o['status']} order")
                if st != "pending":
                    err(fname, f"final order {oid}: address change plus status {st}")
                check_address(fname, f"order {oid}", vals["address"], typed)
            if changed:
                if o["user_id"] != cust:
                    err(fname, f"final order {oid} is changed but belongs to {o['user_id']}, not the customer")
                if oid not in auth_ids and not named_by_item(oid, cust, auth_text):
                    err(fname, f"final order {oid} is changed but was never named in a session where "
                               f"the customer is authenticated")
        for uid, vals in (final.get("users") or {}).items():
            if uid not in USERS:
                err(fname, f"final user {uid} not in db")
                continue
            if uid not in involved:
                err(fname, f"final user {uid} not named in the header")
            if set(vals) - {"address"}:
                err(fname, f"final user {uid}: fields {set(vals) - {'address'}}")
            if "address" in vals and vals["address"] != USERS[uid]["address"]:
                if uid != cust:
                    err(fname, f"final user {uid}: address changed but not the customer")
                check_address(fname, f"user {uid}", vals["address"], typed)

    for uid, fl in used_by.items():
        if len(fl) > 1:
            errors.append(f"user {uid} used in several files: {fl}")
    if sorted(nums) != list(range(1, 33)):
        errors.append(f"file numbers {sorted(nums)} are not 01..32 once each")
    if zh < 13:
        errors.append(f"only {zh} Chinese files")
    for e in errors:
        print("ERROR", e)
    print(f"{len(files)} files, {zh} Chinese, {len(files) - zh} English, {len(used_by)} users, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
