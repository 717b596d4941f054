#!/usr/bin/env python3
"""Validate the p2_*.yaml conversation files against db.json. Prints ERROR lines (must be none),
NOTE lines (for the reader) and a summary. Exit status 1 if any error.

Only files named p2_*.yaml in evaluations/protocol/ are read.
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
DB = "/work/shared/data/tau2_retail/db.json"

TOP_KEYS = {"name", "turns", "final"}
TURN_KEYS = {"user", "agent", "release", "session", "expect"}
EXPECT_KEYS = {"authenticated", "awaiting", "reply_contains", "reply_not_contains"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
HEADER = ["class", "language", "customer", "scenario", "right outcome"]
ORDER_FIELDS = {"status", "address", "cancel_reason"}
CANCEL_REASONS = {"no longer needed", "ordered by mistake"}
ADDR_KEYS = {"address1", "address2", "city", "country", "state", "zip"}
OID = re.compile(r"#W\d{7}")
CJK = re.compile(r"[\u4e00-\u9fff]")
FNAME = re.compile(r"^p2_(\d\d)_(zh_)?[a-z0-9_]+\.yaml$")

errors = []
notes = []


def err(f, msg):
    errors.append(f"ERROR {f}: {msg}")


def note(f, msg):
    notes.append(f"NOTE  {f}: {msg}")


def typed(addr, text):
    t = text.lower()
    missing = [k for k in ("address1", "address2", "city", "state", "zip") if str(addr.get(k, "")).lower() not in t]
    return missing


def main():
    db = json.load(open(DB))
    users, orders = db["users"], db["orders"]
    name_count = collections.Counter((u["name"]["first_name"], u["name"]["last_name"]) for u in users.values())
    files = sorted(glob.glob(os.path.join(OUT, "p2_*.yaml")))
    used_customers = {}
    numbers = collections.Counter()
    seen_user_text = {}
    n_zh = 0
    n_change = 0
    n_handoff = 0
    for path in files:
        f = os.path.basename(path)
        m = FNAME.match(f)
        if not m:
            err(f, "file name does not match p2_NN_[zh_]slug.yaml")
            continue
        nn, is_zh = int(m.group(1)), bool(m.group(2))
        numbers[nn] += 1
        raw = open(path, encoding="utf-8").read()
        try:
            doc = yaml.safe_load(raw)
        except yaml.YAMLError as e:
            err(f, f"yaml: {e}")
            continue
        # header comments
        head = {}
        for line in raw.splitlines():
            if not line.startswith("#"):
                break
            k, _, v = line[1:].strip().partition(":")
            head[k.strip()] = v.strip()
        for k in HEADER:
            if not head.get(k):
                err(f, f"missing header comment '# {k}:'")
        lang = head.get("language")
        if lang not in ("en", "zh"):
            err(f, f"language must be en or zh, got {lang!r}")
        if (lang == "zh") != is_zh:
            err(f, "language and _zh_ in the file name disagree")
        n_zh += lang == "zh"
        cust = head.get("customer")
        if cust not in users:
            err(f, f"unknown customer {cust!r}")
            continue
        u = users[cust]
        fn, ln = u["name"]["first_name"], u["name"]["last_name"]
        if fn[0] not in "HIJLM":
            err(f, f"customer first name {fn} does not start with H/I/J/L/M")
        if name_count[(fn, ln)] != 1:
            err(f, f"customer name {fn} {ln} is not unique in db.json")
        if cust in used_customers:
            err(f, f"customer {cust} already used in {used_customers[cust]}")
        used_customers[cust] = f
        # top level
        if not isinstance(doc, dict) or set(doc) - TOP_KEYS or not TOP_KEYS <= set(doc):
            err(f, f"top-level keys must be {sorted(TOP_KEYS)}")
            continue
        if not str(doc["name"]).startswith(f"p2 {nn:02d}"):
            err(f, f"name should start with 'p2 {nn:02d}'")
        # turns
        turns = doc["turns"]
        if not isinstance(turns, list) or not turns:
            err(f, "turns must be a non-empty list")
            continue
        user_text = []
        handoff_seen = False
        agent_seen = False
        for i, t in enumerate(turns, 1):
            if not isinstance(t, dict) or set(t) - TURN_KEYS:
                err(f, f"turn {i}: bad keys {t}")
                continue
            kinds = [k for k in ("user", "agent", "release") if k in t]
            if len(kinds) != 1:
                err(f, f"turn {i}: needs exactly one of user/agent/release")
            if "user" in t:
                if not isinstance(t["user"], str) or not t["user"].strip():
                    err(f, f"turn {i}: user text must be a non-empty string")
                else:
                    user_text.append(t["user"])
                    key = re.sub(r"\s+", " ", t["user"].strip().lower())
                    if len(key) > 12:
                        if key in seen_user_text and seen_user_text[key] != f:
                            err(f, f"turn {i}: same user text as in {seen_user_text[key]}")
                        seen_user_text[key] = f
            if "agent" in t:
                if not handoff_seen:
                    err(f, f"turn {i}: agent turn before any handoff (awaiting: human)")
                agent_seen = True
            if "release" in t:
                if t["release"] is not True:
                    err(f, f"turn {i}: release must be true")
                if not agent_seen:
                    err(f, f"turn {i}: release before any agent turn")
            if "session" in t and not isinstance(t["session"], str):
                err(f, f"turn {i}: session must be a name")
            e = t.get("expect")
            if e is not None:
                if not isinstance(e, dict) or set(e) - EXPECT_KEYS:
                    err(f, f"turn {i}: bad expect keys {e}")
                    continue
                if "awaiting" in e:
                    if e["awaiting"] not in AWAITING:
                        err(f, f"turn {i}: awaiting {e['awaiting']!r}")
                    if e["awaiting"] == "human":
                        handoff_seen = True
                if "authenticated" in e and not isinstance(e["authenticated"], bool):
                    err(f, f"turn {i}: authenticated must be a bool")
                for k in ("reply_contains", "reply_not_contains"):
                    if k in e and (not isinstance(e[k], list) or not all(isinstance(x, str) for x in e[k])):
                        err(f, f"turn {i}: {k} must be a list of strings")
        if "user" not in turns[0]:
            err(f, "the first turn must be the customer's")
        else:
            first = turns[0]["user"].lower()
            if (turns[0].get("expect") or {}).get("authenticated") is not True:
                err(f, "first turn should expect authenticated: true")
            by_email = u["email"].lower() in first
            by_name = f"{fn} {ln}".lower() in first and u["address"]["zip"] in first
            if not (by_email or by_name):
                err(f, "first turn does not identify the customer (email, or full name + zip)")
        all_user = "\n".join(user_text)
        if lang == "zh":
            zh_turns = sum(1 for x in user_text if CJK.search(x))
            if not CJK.search(user_text[0]) or zh_turns * 2 < len(user_text):
                err(f, "a zh file should have the customer write Chinese")
        # order ids everywhere in the file must exist and be the customer's
        for oid in set(OID.findall(raw)):
            if oid not in orders:
                err(f, f"order {oid} does not exist")
            elif orders[oid]["user_id"] != cust:
                err(f, f"order {oid} belongs to {orders[oid]['user_id']}, not {cust}")
        # final
        fin = doc["final"]
        if not isinstance(fin, dict) or set(fin) - {"orders", "users", "handoff"}:
            err(f, "final must have only orders/users/handoff")
            continue
        if not isinstance(fin.get("handoff"), bool):
            err(f, "final.handoff must be a bool")
        elif fin["handoff"] != handoff_seen:
            err(f, f"final.handoff={fin['handoff']} but a handoff {'is' if handoff_seen else 'is not'} in the turns")
        n_handoff += bool(fin.get("handoff"))
        if not fin.get("orders") and not fin.get("users"):
            err(f, "final declares no record")
        own_addresses = [u["address"]] + [orders[o]["address"] for o in u["orders"]]
        changed = False
        for oid, val in (fin.get("orders") or {}).items():
            if oid not in orders:
                err(f, f"final order {oid} does not exist")
                continue
            o = orders[oid]
            if o["user_id"] != cust:
                err(f, f"final order {oid} is not the customer's")
            if not isinstance(val, dict) or set(val) - ORDER_FIELDS:
                err(f, f"final order {oid}: only {sorted(ORDER_FIELDS)} may be declared")
                continue
            st = val.get("status", o["status"])
            if st != o["status"]:
                changed = True
                legal = (
                    (st == "cancelled" and o["status"] == "pending")
                    or (st in ("return requested", "exchange requested") and o["status"] == "delivered")
                    or (st == "pending (item modified)" and o["status"] == "pending")
                )
                if not legal:
                    err(f, f"final order {oid}: {o['status']} -> {st} is not a legal change")
            if st == "cancelled" and o["status"] != "cancelled":
                if val.get("cancel_reason") not in CANCEL_REASONS:
                    err(f, f"final order {oid}: cancel needs cancel_reason in {sorted(CANCEL_REASONS)}")
            elif "cancel_reason" in val:
                err(f, f"final order {oid}: cancel_reason without a cancellation")
            if "address" in val:
                a = val["address"]
                if not isinstance(a, dict) or set(a) != ADDR_KEYS or not all(isinstance(x, str) for x in a.values()):
                    err(f, f"final order {oid}: address must be a full address of strings")
                elif a != o["address"]:
                    changed = True
                    if o["status"] != "pending":
                        err(f, f"final order {oid}: address changed on a {o['status']} order")
                    if st != "pending":
                        err(f, f"final order {oid}: address change together with status {st}")
                    miss = typed(a, all_user)
                    if miss:
                        if a in own_addresses:
                            note(f, f"{oid}: new address is one already on the account ({a['address1']}), pointed at by the customer, not typed")
                        else:
                            err(f, f"final order {oid}: new address not typed by the customer (missing {miss})")
            else:
                note(f, f"final order {oid}: address not declared")
        for uid, val in (fin.get("users") or {}).items():
            if uid != cust:
                err(f, f"final user {uid} is not the customer")
                continue
            if not isinstance(val, dict) or set(val) != {"address"}:
                err(f, f"final user {uid}: declare only address")
                continue
            a = val["address"]
            if not isinstance(a, dict) or set(a) != ADDR_KEYS or not all(isinstance(x, str) for x in a.values()):
                err(f, f"final user {uid}: address must be a full address of strings")
            elif a != users[uid]["address"]:
                changed = True
                miss = typed(a, all_user)
                if miss:
                    err(f, f"final user {uid}: new default address not typed by the customer (missing {miss})")
        n_change += changed
    for nn in range(1, 43):
        if numbers[nn] != 1:
            err("set", f"number {nn:02d} appears {numbers[nn]} times")
    if len(files) != 42:
        err("set", f"{len(files)} p2 files, expected 42")
    if n_zh < 17:
        err("set", f"only {n_zh} Chinese files, need at least 17")
    for n in notes:
        print(n)
    for e in errors:
        print(e)
    print(f"SUMMARY files={len(files)} zh={n_zh} en={len(files) - n_zh} "
          f"with_change={n_change} no_change={len(files) - n_change} handoff={n_handoff} errors={len(errors)}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
