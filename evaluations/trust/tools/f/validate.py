#!/usr/bin/env python3
"""Validate the b6_* scenario files in evaluations/trust against the runner's format and db.json."""
import collections
import glob
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
# ../shared beside the checkout (evaluations/trust/tools/f -> four levels up, then ../shared)
DB_PATH = os.path.join(HERE, "..", "..", "..", "..", "..", "shared", "data", "tau2_retail", "db.json")
SET_DIR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..")

TOP_KEYS = {"name", "channel_user_id", "context", "turns", "final"}
TURN_KEYS = {"user", "agent", "release", "expect"}
EXPECT_KEYS = {"intent", "reply_contains", "reply_not_contains", "awaiting", "path_contains",
               "authenticated", "tool_calls"}
FORBIDDEN_EXPECT = {"intent", "path_contains", "tool_calls"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
FINAL_KEYS = {"orders", "users", "handoff"}
ORDER_FINAL_KEYS = {"status", "cancel_reason", "address"}
ADDR_KEYS = {"address1", "address2", "city", "state", "country", "zip"}
REASONS = {"no longer needed", "ordered by mistake"}
CLASSES = {str(i) for i in range(1, 14)} | {"lost"}
FNAME_RE = re.compile(r"^b6_(\d+|lost)_(\d\d)_[a-z0-9_]+\.yaml$")
ID_RE = re.compile(r"#W\d+")


def main():
    db = json.load(open(DB_PATH))
    users, orders = db["users"], db["orders"]
    errors = []
    per_class = collections.Counter()
    per_lang = collections.Counter()
    people_seen = {}
    nns = collections.Counter()

    files = sorted(glob.glob(os.path.join(SET_DIR, "b6_*.yaml")))
    if not files:
        errors.append("no b6_*.yaml files found")
    for path in files:
        fn = os.path.basename(path)

        def err(msg):
            errors.append(f"{fn}: {msg}")

        m = FNAME_RE.match(fn)
        if not m:
            err("bad file name")
            continue
        f_cls, f_nn = m.group(1), m.group(2)
        nns[f_nn] += 1
        text = open(path, encoding="utf-8").read()
        for ln, line in enumerate(text.splitlines(), 1):
            if re.match(r"^\s*zip:\s*\d", line):
                err(f"line {ln}: unquoted zip (a YAML 1.2 loader would read a number)")
        try:
            doc = yaml.safe_load(text)
        except yaml.YAMLError as e:
            err(f"YAML error: {e}")
            continue

        # ---- header comments
        head = {}
        thirds = []
        malformed = set()
        for line in text.splitlines():
            if not line.startswith("#"):
                break
            k, _, v = line[1:].partition(":")
            k, v = k.strip(), v.strip()
            if k == "third party":
                thirds.append(v.split("|")[0].strip())
            elif k == "malformed ids":
                malformed |= set(ID_RE.findall(v))
            else:
                head[k] = v
        for k in ("class", "language", "customer", "scenario", "right outcome"):
            if not head.get(k):
                err(f"missing header comment '# {k}:'")
        if head.get("class") not in CLASSES:
            err(f"unknown class {head.get('class')!r}")
        if head.get("class") != f_cls:
            err(f"class in header {head.get('class')!r} != file name {f_cls!r}")
        if head.get("language") not in ("en", "zh"):
            err(f"language must be en or zh, got {head.get('language')!r}")
        per_class[head.get("class")] += 1
        per_lang[head.get("language")] += 1
        cust_fields = [x.strip() for x in head.get("customer", "").split("|")]
        uid = cust_fields[0] if cust_fields else ""
        if uid not in users:
            err(f"customer {uid!r} not in db")
            continue
        u = users[uid]
        exp_fields = [uid, f"{u['name']['first_name']} {u['name']['last_name']}", u["address"]["zip"],
                      u["email"]]
        if cust_fields != exp_fields:
            err(f"customer header {cust_fields} != db {exp_fields}")
        for t in thirds:
            if t not in users:
                err(f"third party {t!r} not in db")
            if t == uid:
                err("third party equals customer")
        if thirds and "another person" not in head.get("scenario", ""):
            err("third party declared but the scenario comment does not say it is about another person")
        for p in [uid] + thirds:
            if p in people_seen:
                err(f"{p} already used in {people_seen[p]}")
            people_seen[p] = fn

        if not isinstance(doc, dict):
            err("document is not a mapping")
            continue
        for k in doc:
            if k not in TOP_KEYS:
                err(f"unknown top-level key {k!r}")
        for k in ("name", "turns", "final"):
            if k not in doc:
                err(f"missing top-level key {k!r}")
        if not isinstance(doc.get("name"), str) or not doc.get("name"):
            err("name must be a non-empty string")

        owned = set(u["orders"])
        third_orders = set()
        for t in thirds:
            third_orders |= set(users.get(t, {}).get("orders", []))

        # ---- turns
        user_text = []
        turns = doc.get("turns") or []
        if not isinstance(turns, list) or not turns:
            err("turns must be a non-empty list")
            turns = []
        expects_human = False
        for i, t in enumerate(turns, 1):
            if not isinstance(t, dict):
                err(f"turn {i} is not a mapping")
                continue
            for k in t:
                if k not in TURN_KEYS:
                    err(f"turn {i}: unknown key {k!r}")
            kinds = [k for k in ("user", "agent", "release") if k in t]
            if len(kinds) != 1:
                err(f"turn {i}: needs exactly one of user/agent/release, has {kinds}")
            if "release" in t and t["release"] is not True:
                err(f"turn {i}: release must be true")
            if "user" in t:
                if not isinstance(t["user"], str) or not t["user"].strip():
                    err(f"turn {i}: user text must be a non-empty string")
                else:
                    user_text.append(t["user"])
            if "agent" in t and (not isinstance(t["agent"], str) or not t["agent"].strip()):
                err(f"turn {i}: agent text must be a non-empty string")
            if "expect" in t:
                if "user" not in t:
                    err(f"turn {i}: expect only allowed on user turns")
                ex = t["expect"]
                if not isinstance(ex, dict) or not ex:
                    err(f"turn {i}: expect must be a non-empty mapping")
                    continue
                for k in ex:
                    if k not in EXPECT_KEYS:
                        err(f"turn {i}: unknown expect key {k!r}")
                    elif k in FORBIDDEN_EXPECT:
                        err(f"turn {i}: expect key {k!r} must not be used in this set")
                if "awaiting" in ex:
                    if ex["awaiting"] not in AWAITING:
                        err(f"turn {i}: bad awaiting {ex['awaiting']!r}")
                    if ex["awaiting"] == "human":
                        expects_human = True
                if "authenticated" in ex and not isinstance(ex["authenticated"], bool):
                    err(f"turn {i}: authenticated must be a bool")
                for k in ("reply_contains", "reply_not_contains"):
                    if k in ex:
                        v = ex[k]
                        if not isinstance(v, list) or not v or not all(isinstance(s, str) and s for s in v):
                            err(f"turn {i}: {k} must be a non-empty list of strings")
                            continue
                        for s in v:
                            if k == "reply_contains":
                                if not re.fullmatch(r"#W\d{7}", s):
                                    err(f"turn {i}: reply_contains may only hold order ids, got {s!r}")
                                elif s not in owned:
                                    err(f"turn {i}: reply_contains {s} is not the customer's order")
        typed = "\n".join(user_text)

        # ---- every order id mentioned anywhere in the file
        for oid in set(ID_RE.findall(text)):
            if oid not in orders:
                if oid not in malformed:
                    err(f"{oid} does not exist in db (and is not declared in '# malformed ids:')")
                elif not any(oid in ut for ut in user_text):
                    err(f"malformed id {oid} is not typed by the customer")
                continue
            if oid in malformed:
                err(f"{oid} declared malformed but exists in db")
            if oid not in owned and oid not in third_orders:
                err(f"{oid} belongs to {orders[oid]['user_id']}, not to {uid} or a declared third party")

        # ---- final
        final = doc.get("final")
        if not isinstance(final, dict):
            err("final must be a mapping")
            continue
        for k in final:
            if k not in FINAL_KEYS:
                err(f"unknown final key {k!r}")
        if not isinstance(final.get("handoff"), bool):
            err("final.handoff must be true or false")
        elif expects_human and not final["handoff"]:
            err("a turn expects awaiting: human but final.handoff is false")
        elif final["handoff"] and not expects_human:
            err("final.handoff is true but no turn expects awaiting: human")
        fo = final.get("orders")
        if not isinstance(fo, dict):
            err("final.orders must be a mapping")
            fo = {}
        want = owned | third_orders
        missing, extra = want - set(fo), set(fo) - want
        if missing:
            err(f"final.orders misses {sorted(missing)}")
        if extra:
            err(f"final.orders has orders that are not the customer's/third party's: {sorted(extra)}")
        any_addr_given = any(isinstance(v, dict) and "address" in v for v in fo.values())
        n_changes = 0
        for oid, fv in fo.items():
            if oid not in orders:
                continue
            o = orders[oid]
            if not isinstance(fv, dict):
                err(f"final {oid} must be a mapping")
                continue
            for k in fv:
                if k not in ORDER_FINAL_KEYS:
                    err(f"final {oid}: unknown key {k!r}")
            st = fv.get("status")
            if st is None:
                err(f"final {oid}: status missing")
            if any_addr_given and "address" not in fv:
                err(f"final {oid}: address scenario but this order's address is not listed")
            changed_status = st != o["status"]
            changed_addr = "address" in fv and fv["address"] != o["address"]
            if oid in third_orders and (changed_status or changed_addr or "cancel_reason" in fv):
                err(f"final {oid}: third party's order must stay unchanged")
            if changed_status:
                n_changes += 1
                if st == "cancelled":
                    if o["status"] != "pending":
                        err(f"final {oid}: cancelled but db status is {o['status']}")
                    if fv.get("cancel_reason") not in REASONS:
                        err(f"final {oid}: cancel_reason must be one of {sorted(REASONS)}")
                elif st == "return requested":
                    if o["status"] != "delivered":
                        err(f"final {oid}: return requested but db status is {o['status']}")
                    if "cancel_reason" in fv:
                        err(f"final {oid}: cancel_reason on a return")
                else:
                    err(f"final {oid}: unsupported status change {o['status']} -> {st}")
                if oid not in typed and st != "cancelled" and st != "return requested":
                    pass
            elif "cancel_reason" in fv:
                err(f"final {oid}: cancel_reason on an order whose status does not change")
            if "address" in fv:
                a = fv["address"]
                if not isinstance(a, dict) or set(a) != ADDR_KEYS:
                    err(f"final {oid}: address must have exactly {sorted(ADDR_KEYS)}")
                elif changed_addr:
                    n_changes += 1
                    if o["status"] != "pending" or st != "pending":
                        err(f"final {oid}: address change only on a pending order that stays pending")
                    check_typed_address(a, typed, lambda m: err(f"final {oid}: {m}"))
        fu = final.get("users")
        if fu is not None:
            if not isinstance(fu, dict):
                err("final.users must be a mapping")
            else:
                for k, v in fu.items():
                    if k != uid:
                        err(f"final.users: {k} is not the conversation's customer")
                        continue
                    if not isinstance(v, dict) or set(v) != {"address"}:
                        err("final.users entry may only hold 'address'")
                        continue
                    a = v["address"]
                    if not isinstance(a, dict) or set(a) != ADDR_KEYS:
                        err(f"final.users address must have exactly {sorted(ADDR_KEYS)}")
                    elif a == users[uid]["address"]:
                        err("final.users address equals db address (declare only changes)")
                    else:
                        n_changes += 1
                        check_typed_address(a, typed, lambda m: err(f"final.users: {m}"))
                        for oid in owned:
                            if fo.get(oid, {}).get("address") is None:
                                err(f"default-address scenario: {oid}'s address must be listed")

    if len(nns) != len(files) or any(v > 1 for v in nns.values()):
        errors.append("conversation numbers nn are not unique")

    for e in errors:
        print("ERROR", e)
    print(f"{len(files)} files, {len(errors)} errors")
    print("per class:", dict(sorted(per_class.items(), key=lambda kv: (kv[0] == 'lost', int(kv[0]) if kv[0].isdigit() else 99))))
    print("per language:", dict(per_lang))
    return 1 if errors else 0


def check_typed_address(a, typed, err):
    if a.get("country") != "USA":
        err(f"country must be USA, got {a.get('country')!r}")
    for k in ("address1", "address2", "city", "state", "zip"):
        v = a.get(k)
        if not isinstance(v, str):
            err(f"{k} must be a string")
            continue
        if v and v not in typed:
            err(f"{k} {v!r} was not typed by the customer")
    if not a.get("address1") or not a.get("city") or not a.get("zip"):
        err("address1, city and zip must be non-empty")


if __name__ == "__main__":
    sys.exit(main())
