#!/usr/bin/env python3
"""Validate the p3_*.yaml files against db.json and the rules of FORMAT.md.

Prints one line per error ("ERROR ...") and a summary; exit code 1 if any error.
Reads only p3_*.yaml in the output folder, foreign_p3.json next to this script and db.json.
"""
import collections
import glob
import json
import os
import re
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common_p3 import (EMAIL_RE, OUT_DIR, TOOLS_DIR, USERID_RE, eligible_users,  # noqa: E402
                       load_db, order_ids_in)

errors = []
warnings = []


def err(fn, msg):
    errors.append(f"ERROR {fn}: {msg}")


def warn(fn, msg):
    warnings.append(f"warning {fn}: {msg}")


FN_RE = re.compile(r"^p3_(\d{2})_(zh_)?[a-z0-9_]+\.yaml$")
HEADER_KEYS = ["class", "language", "customer", "scenario", "right outcome"]
TURN_KEYS = {"user", "agent", "release", "session", "expect"}
EXPECT_KEYS = {"authenticated", "awaiting", "reply_contains", "reply_not_contains", "intent", "path_contains"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
ORDER_FIELDS = {"status", "address", "cancel_reason"}
CANCEL_REASONS = {"no longer needed", "ordered by mistake"}
CJK = re.compile(r"[\u4e00-\u9fff]")


def main():
    db = load_db()
    users, orders = db["users"], db["orders"]
    elig = eligible_users(db)
    with open(os.path.join(TOOLS_DIR, "foreign_p3.json")) as f:
        foreign = json.load(f)

    email_to_uid = {u["email"].lower(): uid for uid, u in users.items()}
    full_names = {}
    for uid, u in users.items():
        full_names.setdefault(f"{u['name']['first_name']} {u['name']['last_name']}".lower(), []).append(uid)

    files = sorted(glob.glob(os.path.join(OUT_DIR, "p3_*.yaml")))
    nns = collections.Counter()
    user_use = collections.defaultdict(list)
    zh_count = 0
    all_user_texts = collections.defaultdict(list)  # text -> files

    for path in files:
        fn = os.path.basename(path)
        m = FN_RE.match(fn)
        if not m:
            err(fn, "file name does not match p3_NN_[zh_]slug.yaml")
            continue
        nn = int(m.group(1))
        nns[nn] += 1
        is_zh = bool(m.group(2))
        raw = open(path, encoding="utf-8").read()

        # header
        head = {}
        for line in raw.splitlines():
            if not line.startswith("#"):
                break
            k, _, v = line[1:].strip().partition(":")
            head[k.strip()] = v.strip()
        for k in HEADER_KEYS:
            if not head.get(k):
                err(fn, f"header line '# {k}:' missing or empty")
        lang = head.get("language")
        if lang != ("zh" if is_zh else "en"):
            err(fn, f"language header {lang!r} does not match the file name")
        if is_zh:
            zh_count += 1

        try:
            doc = yaml.safe_load(raw)
        except yaml.YAMLError as e:
            err(fn, f"YAML does not parse: {e}")
            continue
        if not isinstance(doc, dict) or set(doc) - {"name", "turns", "final"}:
            err(fn, f"top-level keys must be name/turns/final, got {list(doc) if isinstance(doc, dict) else doc!r}")
            continue
        if not isinstance(doc.get("name"), str) or not doc["name"].startswith(f"p3 {nn:02d}"):
            err(fn, "name missing or not starting with 'p3 NN'")

        meta = foreign.get(fn)
        if meta is None:
            err(fn, "not listed in foreign_p3.json (regenerate with gen_p3.py)")
            continue
        customer = head.get("customer")
        if customer != meta["customer"]:
            err(fn, f"customer header {customer} != generator's {meta['customer']}")
        if customer not in users:
            err(fn, f"customer {customer} not in db.json")
            continue
        allowed_users = {customer} | set(meta["others"])
        for uid in allowed_users:
            if uid not in users:
                err(fn, f"user {uid} not in db.json")
            elif uid not in elig:
                err(fn, f"user {uid} is not eligible (first name N/O/R/S/Y and unique full name)")
            user_use[uid].append(fn)
        owned = {oid for uid in allowed_users if uid in users for oid in users[uid]["orders"]}

        # turns
        turns = doc.get("turns")
        if not isinstance(turns, list) or not turns:
            err(fn, "turns missing or empty")
            continue
        texts_by_session = collections.defaultdict(list)
        auth_true_sessions = set()
        not_contains = []
        session_auth_false_seen = set()
        user_texts = []
        for i, t in enumerate(turns, 1):
            if not isinstance(t, dict) or set(t) - TURN_KEYS:
                err(fn, f"turn {i}: unknown keys {t if not isinstance(t, dict) else sorted(set(t) - TURN_KEYS)}")
                continue
            kinds = [k for k in ("user", "agent", "release") if k in t]
            if len(kinds) != 1:
                err(fn, f"turn {i}: exactly one of user/agent/release needed")
                continue
            sess = t.get("session", "default")
            if "user" in t:
                txt = t["user"]
                if not isinstance(txt, str) or not txt.strip():
                    err(fn, f"turn {i}: empty user text")
                    continue
                user_texts.append(txt)
                texts_by_session[sess].append(txt)
                all_user_texts[txt.strip().lower()].append(fn)
                if is_zh and not CJK.search(txt) and len(txt) > 40:
                    err(fn, f"turn {i}: Chinese file but long user turn without Chinese")
                if not is_zh and CJK.search(txt):
                    err(fn, f"turn {i}: English file with Chinese text")
                # people referenced
                for em in EMAIL_RE.findall(txt):
                    uid = email_to_uid.get(em.lower())
                    if uid and uid not in allowed_users:
                        err(fn, f"turn {i}: email of {uid} not declared in customer/others")
                for uid in USERID_RE.findall(txt):
                    if uid in users and uid not in allowed_users:
                        err(fn, f"turn {i}: user id {uid} not declared in customer/others")
                low = txt.lower()
                for nm, uids in full_names.items():
                    if re.search(r"(?<![a-z])" + re.escape(nm) + r"(?![a-z])", low):
                        if not set(uids) & allowed_users:
                            err(fn, f"turn {i}: full name {nm!r} of a db user not declared ({uids})")
                for oid in order_ids_in(txt):
                    if oid not in orders:
                        err(fn, f"turn {i}: order {oid} does not exist")
                    elif oid not in owned:
                        err(fn, f"turn {i}: order {oid} belongs to {orders[oid]['user_id']}, not declared")
            e = t.get("expect")
            if e is not None:
                if not isinstance(e, dict) or set(e) - EXPECT_KEYS:
                    err(fn, f"turn {i}: bad expect {e}")
                    continue
                if "intent" in e or "path_contains" in e:
                    err(fn, f"turn {i}: intent/path_contains must be left out")
                if "awaiting" in e and e["awaiting"] not in AWAITING:
                    err(fn, f"turn {i}: awaiting {e['awaiting']!r}")
                if "authenticated" in e:
                    if not isinstance(e["authenticated"], bool):
                        err(fn, f"turn {i}: authenticated must be true/false")
                    elif e["authenticated"]:
                        auth_true_sessions.add(sess)
                        if sess in session_auth_false_seen:
                            warn(fn, f"turn {i}: authenticated true after a false in the same session")
                    else:
                        session_auth_false_seen.add(sess)
                for k in ("reply_contains", "reply_not_contains"):
                    if k in e and (not isinstance(e[k], list) or not all(isinstance(s, str) and s for s in e[k])):
                        err(fn, f"turn {i}: {k} must be a list of non-empty strings")
                for s in e.get("reply_contains", []):
                    for oid in order_ids_in(s):
                        if oid not in users[customer]["orders"]:
                            err(fn, f"turn {i}: reply_contains {oid} is not the customer's order")
                not_contains += [(i, s) for s in e.get("reply_not_contains", [])]
        all_text = "\n".join(user_texts).lower()
        for i, s in not_contains:
            if s.lower() in all_text:
                err(fn, f"turn {i}: reply_not_contains {s!r} was typed by the customer (could be echoed)")

        # final
        final = doc.get("final")
        if not isinstance(final, dict) or set(final) - {"orders", "users", "handoff"}:
            err(fn, "final must have orders/users/handoff only")
            continue
        if "handoff" in final and not isinstance(final["handoff"], bool):
            err(fn, "final.handoff must be true/false")
        forders = final.get("orders") or {}
        for oid in owned:
            if oid not in forders:
                err(fn, f"final: order {oid} of a user in this file is not declared")
        changed_orders = set()
        for oid, vals in forders.items():
            if oid not in orders:
                err(fn, f"final: order {oid} does not exist")
                continue
            if oid not in owned:
                err(fn, f"final: order {oid} belongs to {orders[oid]['user_id']}, not in this file")
            o = orders[oid]
            if not isinstance(vals, dict) or set(vals) - ORDER_FIELDS:
                err(fn, f"final: order {oid} has unexpected fields {vals}")
                continue
            st = vals.get("status")
            if st is None:
                err(fn, f"final: order {oid} without status")
            elif st != o["status"]:
                changed_orders.add(oid)
                legal = ((o["status"] == "pending" and st in ("cancelled", "pending (item modified)"))
                         or (o["status"] == "delivered" and st in ("return requested", "exchange requested")))
                if not legal:
                    err(fn, f"final: order {oid} {o['status']} -> {st} is not a legal change")
            if "cancel_reason" in vals:
                if vals.get("status") != "cancelled" or vals["cancel_reason"] not in CANCEL_REASONS:
                    err(fn, f"final: order {oid} bad cancel_reason {vals['cancel_reason']!r}")
            elif st == "cancelled" and o["status"] != "cancelled":
                err(fn, f"final: order {oid} cancelled without cancel_reason")
            if "address" in vals:
                a = vals["address"]
                if a != o["address"]:
                    changed_orders.add(oid)
                    if o["status"] != "pending" or st != "pending":
                        err(fn, f"final: address change on {oid} which is {o['status']} -> {st}")
                    check_typed(fn, f"order {oid}", a, texts_by_session, all_text)
        for oid in changed_orders:
            if orders[oid]["user_id"] != customer:
                err(fn, f"final: {oid} changed but belongs to {orders[oid]['user_id']}, not the customer")
            if oid not in meta["changes"]:
                err(fn, f"final: {oid} changed but the generator did not list it as a change")
            ok = any(sess in auth_true_sessions and any(oid[1:] in t for t in texts)
                     for sess, texts in texts_by_session.items())
            if not ok:
                err(fn, f"final: {oid} changed but no authenticated session of the owner names it")
        for oid in meta["changes"]:
            if oid not in changed_orders:
                err(fn, f"final: generator change on {oid} is not visible in final")
        fusers = final.get("users") or {}
        for uid, vals in fusers.items():
            if uid not in users:
                err(fn, f"final: user {uid} does not exist")
                continue
            if uid not in allowed_users:
                err(fn, f"final: user {uid} not in this file's users")
            if set(vals) - {"address"}:
                err(fn, f"final: user {uid} unexpected fields {sorted(vals)}")
            if "address" in vals and vals["address"] != users[uid]["address"]:
                if uid != customer:
                    err(fn, f"final: default address of {uid} (not the customer) changed")
                check_typed(fn, f"user {uid}", vals["address"], texts_by_session, all_text)
        for uid in allowed_users:
            if uid not in fusers:
                err(fn, f"final: user {uid} not declared")

    # across files
    for nn in range(1, 43):
        if nns[nn] != 1:
            err("(set)", f"NN {nn:02d} present {nns[nn]} times")
    for nn in nns:
        if not 1 <= nn <= 42:
            err("(set)", f"NN {nn} outside 01..42")
    for uid, fns in user_use.items():
        if len(fns) > 1:
            err("(set)", f"user {uid} used in {len(fns)} files: {fns}")
    for txt, fns in all_user_texts.items():
        if len(set(fns)) > 1 and len(txt) > 12:
            err("(set)", f"same user turn in several files {sorted(set(fns))}: {txt[:60]!r}")
    if zh_count < 17:
        err("(set)", f"only {zh_count} Chinese files, need at least 17")
    ngram_overlap(files)

    for w in warnings:
        print(w)
    for e in errors:
        print(e)
    print(f"checked {len(files)} files ({zh_count} Chinese), {len(user_use)} db users used, "
          f"{len(errors)} errors, {len(warnings)} warnings")
    return 1 if errors else 0


def check_typed(fn, what, a, texts_by_session, all_text):
    parts = [a.get("address1"), a.get("address2"), a.get("city"), a.get("state"), a.get("zip")]
    if a.get("country") != "USA":
        err(fn, f"final: {what} new address country {a.get('country')!r}")
    for p in parts:
        if p and not typed(p, all_text):
            err(fn, f"final: {what} new address part {p!r} was not typed by the customer")
    if not any(all(typed(p, " ".join(texts)) for p in parts if p) for texts in texts_by_session.values()):
        err(fn, f"final: {what} new address not typed within one conversation")


def typed(part, text):
    """part occurs in text as a whole token sequence (not inside a longer word or number)."""
    return re.search(r"(?<![A-Za-z0-9])" + re.escape(part.lower()) + r"(?![A-Za-z0-9])", text.lower()) is not None


def ngram_overlap(files, n=6):
    """Flag English 6-word sequences shared between files (phrasings copied)."""
    seen = collections.defaultdict(set)
    for path in files:
        doc = yaml.safe_load(open(path, encoding="utf-8"))
        for t in doc.get("turns", []):
            words = re.findall(r"[a-z']+", t.get("user", "").lower())
            for i in range(len(words) - n + 1):
                seen[" ".join(words[i:i + n])].add(os.path.basename(path))
    for g, fns in seen.items():
        if len(fns) > 1:
            warn("(set)", f"phrase shared by {sorted(fns)}: {g!r}")


if __name__ == "__main__":
    sys.exit(main())
