#!/usr/bin/env python3
"""Validate the b7 scenario files in evaluations/trust against the format rules and db.json.

Prints one line per problem, then a summary; exit code 1 if any problem.
"""
import collections
import glob
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
SET_DIR = os.path.join(HERE, "..", "..")  # evaluations/trust
DB = json.load(open(os.path.join(HERE, "..", "..", "..", "..", "..", "shared", "data", "tau2_retail", "db.json")))  # ../shared beside the checkout
USERS, ORDERS = DB["users"], DB["orders"]
USER_INDEX = {uid: i for i, uid in enumerate(USERS)}

TOP_KEYS = {"name", "channel_user_id", "context", "turns", "final"}
TURN_KEYS = {"user", "agent", "release", "expect"}
EXPECT_KEYS = {"reply_contains", "reply_not_contains", "awaiting", "authenticated"}  # intent/path/tool_calls banned
AWAITING = {"confirmation", "clarification", "human", "nothing"}
FINAL_KEYS = {"orders", "users", "handoff"}
ORDER_FIELDS = {"status", "cancel_reason", "address", "payment_history"}
ADDR_KEYS = {"address1", "address2", "city", "state", "country", "zip"}
CLASSES = {str(i) for i in range(1, 14)} | {"lost"}
FNAME = re.compile(r"^b7_(\d+|lost)_(\d\d)_[a-z0-9_]+\.yaml$")
ORDER_ID = re.compile(r"#W\d{7}\b")
ANY_W = re.compile(r"#W\d+")

errors = []


def err(f, msg):
    errors.append(f"{os.path.basename(f)}: {msg}")


def check_addr(f, where, a, typed, must_be_typed):
    if not isinstance(a, dict) or set(a) != ADDR_KEYS:
        err(f, f"{where}: address must have exactly {sorted(ADDR_KEYS)}")
        return
    if not isinstance(a["zip"], str):
        err(f, f"{where}: zip is not a (quoted) string")
    if a["country"] != "USA":
        err(f, f"{where}: country must be USA")
    if must_be_typed:
        for k in ("address1", "address2", "city", "state", "zip"):
            v = a[k]
            if v and str(v) not in typed:
                err(f, f"{where}: new address field {k}={v!r} is not text the customer typed")


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else SET_DIR
    files = sorted(glob.glob(os.path.join(folder, "b7_*.yaml")))
    seen_customers = {}
    per_class = collections.Counter()
    per_lang = collections.Counter()
    for f in files:
        raw = open(f, encoding="utf-8").read()
        base = os.path.basename(f)
        m = FNAME.match(base)
        if not m:
            err(f, "file name does not match b7_<class>_<nn>_<slug>.yaml")
            continue
        header = {}
        for line in raw.splitlines():
            if not line.startswith("#"):
                break
            hm = re.match(r"#\s*([a-z ]+):\s*(.*)$", line)
            if hm:
                header[hm.group(1).strip()] = hm.group(2).strip()
        for k in ("class", "language", "customer", "scenario", "right outcome"):
            if k not in header or not header[k]:
                err(f, f"missing header comment '# {k}:'")
        cls = header.get("class", "")
        if cls not in CLASSES or cls != m.group(1):
            err(f, f"class {cls!r} invalid or differs from file name")
        per_class[cls] += 1
        per_lang[header.get("language", "?")] += 1
        cust = header.get("customer", "").split("|")[0].strip()
        if cust not in USERS:
            err(f, f"customer {cust!r} not in db")
            continue
        u = USERS[cust]
        parts = [p.strip() for p in header["customer"].split("|")]
        if len(parts) != 4 or parts[1] != f"{u['name']['first_name']} {u['name']['last_name']}" \
                or parts[2] != f"zip {u['address']['zip']}" or parts[3] != u["email"]:
            err(f, "customer header does not match db (user id | name | zip | email)")
        if cust in seen_customers:
            err(f, f"customer {cust} already used in {seen_customers[cust]}")
        seen_customers[cust] = base
        if USER_INDEX[cust] < 60:
            err(f, f"customer {cust} is among the first users of db.json")

        try:
            doc = yaml.safe_load(raw)
        except Exception as e:  # noqa
            err(f, f"yaml error: {e}")
            continue
        if not isinstance(doc, dict):
            err(f, "top level is not a mapping")
            continue
        extra = set(doc) - TOP_KEYS
        if extra:
            err(f, f"unknown top-level keys {sorted(extra)}")
        for k in ("name", "turns", "final"):
            if k not in doc:
                err(f, f"missing {k}")
        turns = doc.get("turns") or []
        typed = ""
        for i, t in enumerate(turns):
            if not isinstance(t, dict):
                err(f, f"turn {i}: not a mapping")
                continue
            extra = set(t) - TURN_KEYS
            if extra:
                err(f, f"turn {i}: unknown keys {sorted(extra)}")
            kinds = [k for k in ("user", "agent", "release") if k in t]
            if len(kinds) != 1:
                err(f, f"turn {i}: needs exactly one of user/agent/release")
            if "user" in t:
                if not isinstance(t["user"], str) or not t["user"].strip():
                    err(f, f"turn {i}: empty user text")
                typed += "\n" + t["user"]
            if "release" in t and t["release"] is not True:
                err(f, f"turn {i}: release must be true")
            if "expect" in t:
                if "user" not in t:
                    err(f, f"turn {i}: expect only on user turns")
                ex = t["expect"]
                if not isinstance(ex, dict):
                    err(f, f"turn {i}: expect not a mapping")
                    continue
                bad = set(ex) - EXPECT_KEYS
                if bad:
                    err(f, f"turn {i}: expect keys not allowed {sorted(bad)}")
                if "awaiting" in ex and ex["awaiting"] not in AWAITING:
                    err(f, f"turn {i}: bad awaiting {ex['awaiting']!r}")
                if "authenticated" in ex and not isinstance(ex["authenticated"], bool):
                    err(f, f"turn {i}: authenticated must be a bool")
                for k in ("reply_contains", "reply_not_contains"):
                    if k in ex:
                        if not isinstance(ex[k], list) or not ex[k]:
                            err(f, f"turn {i}: {k} must be a non-empty list")
                            continue
                        for s in ex[k]:
                            if not (isinstance(s, str) and ORDER_ID.fullmatch(s)):
                                err(f, f"turn {i}: {k} entry {s!r} is not an order id")
                            elif s not in ORDERS:
                                err(f, f"turn {i}: {k} order {s} not in db")
                            elif k == "reply_contains" and ORDERS[s]["user_id"] != cust:
                                err(f, f"turn {i}: reply_contains order {s} is not the customer's")

        # every #W id in the file belongs to the customer, unless named in '# third party:'
        third = header.get("third party", "")
        for oid in set(ANY_W.findall(raw)):
            if oid in ORDERS:
                if ORDERS[oid]["user_id"] != cust and oid not in third:
                    err(f, f"{oid} belongs to {ORDERS[oid]['user_id']}, not {cust}, and is not declared third party")
            else:
                # malformed ids are allowed only inside user text (deliberate) - never in final/expect
                if oid not in typed:
                    err(f, f"{oid} is not a db order id")

        final = doc.get("final") or {}
        extra = set(final) - FINAL_KEYS
        if extra:
            err(f, f"unknown final keys {sorted(extra)}")
        if not isinstance(final.get("handoff"), bool):
            err(f, "final.handoff must be true/false")
        handoff_turns = any("agent" in t or "release" in t for t in turns if isinstance(t, dict)) or \
            any(isinstance(t, dict) and (t.get("expect") or {}).get("awaiting") == "human" for t in turns)
        if handoff_turns and final.get("handoff") is not True:
            err(f, "a handoff happens in the turns but final.handoff is not true")
        if final.get("handoff") is True and not handoff_turns:
            err(f, "final.handoff true but no turn expects a handoff")
        forders = final.get("orders") or {}
        if set(forders) != set(u["orders"]):
            err(f, f"final.orders {sorted(forders)} != customer's orders {sorted(u['orders'])}")
        for oid, fo in forders.items():
            if oid not in ORDERS:
                continue
            o = ORDERS[oid]
            if not isinstance(fo, dict):
                err(f, f"{oid}: final entry not a mapping")
                continue
            bad = set(fo) - ORDER_FIELDS
            if bad:
                err(f, f"{oid}: unknown fields {sorted(bad)}")
            st = fo.get("status")
            if st is None:
                err(f, f"{oid}: no status")
                continue
            changed = st != o["status"]
            differs = changed or any(k in fo and fo[k] != o.get(k) for k in ("address", "payment_history"))
            if differs and oid not in header.get("right outcome", ""):
                err(f, f"{oid}: declared as changed but not named in '# right outcome:'")
            if differs and header.get("right outcome", "").startswith("No write"):
                err(f, f"{oid}: right outcome says 'No write' but the order is declared changed")
            if changed:
                if st in ("cancelled", "pending (item modified)"):
                    if o["status"] != "pending":
                        err(f, f"{oid}: {st} but db status is {o['status']} (must be pending)")
                elif st in ("return requested", "exchange requested"):
                    if o["status"] != "delivered":
                        err(f, f"{oid}: {st} but db status is {o['status']} (must be delivered)")
                else:
                    err(f, f"{oid}: unexpected status change {o['status']} -> {st}")
                if oid not in typed and st != "pending (item modified)":
                    pass  # order may be identified by description (e.g. 'the one with the tablet')
            if st == "cancelled" and changed:
                if fo.get("cancel_reason") not in ("no longer needed", "ordered by mistake"):
                    err(f, f"{oid}: cancellation without a valid cancel_reason")
            elif "cancel_reason" in fo:
                err(f, f"{oid}: cancel_reason on an order that is not newly cancelled")
            if "address" in fo:
                new = fo["address"] != o["address"]
                check_addr(f, f"{oid} address", fo["address"], typed, must_be_typed=new)
                if new and o["status"] != "pending":
                    err(f, f"{oid}: address change on a {o['status']} order")
            if "payment_history" in fo:
                ph = fo["payment_history"]
                if ph != o["payment_history"]:
                    if o["status"] != "pending":
                        err(f, f"{oid}: payment change on a {o['status']} order")
                    ok = (isinstance(ph, list) and len(ph) == 3 and ph[0] == o["payment_history"][0]
                          and ph[1]["transaction_type"] == "payment" and ph[2]["transaction_type"] == "refund"
                          and ph[1]["amount"] == ph[2]["amount"] == o["payment_history"][0]["amount"]
                          and ph[2]["payment_method_id"] == o["payment_history"][0]["payment_method_id"]
                          and ph[1]["payment_method_id"] in u["payment_methods"]
                          and ph[1]["payment_method_id"] != ph[2]["payment_method_id"]
                          and u["payment_methods"][ph[1]["payment_method_id"]]["source"] != "gift_card")
                    if not ok:
                        err(f, f"{oid}: payment_history change not in the expected tau2 form")
        fusers = final.get("users") or {}
        for uid, fu in fusers.items():
            if uid != cust:
                err(f, f"final.users lists {uid}, not the customer")
                continue
            if set(fu) != {"address"}:
                err(f, f"final.users.{uid}: only address may be declared")
                continue
            new = fu["address"] != u["address"]
            check_addr(f, "default address", fu["address"], typed, must_be_typed=new)
        # zips quoted in the raw text
        for zm in re.finditer(r"^\s*zip:\s*(.+)$", raw, re.M):
            if not re.match(r"""^(['"])\d{5}\1$""", zm.group(1).strip()):
                err(f, f"zip not quoted: {zm.group(0).strip()}")

    if folder == SET_DIR and len(files) != 30:
        errors.append(f"expected 30 files, found {len(files)}")
    for e in errors:
        print("ERROR", e)
    print(f"{len(files)} files, {len(errors)} errors")
    print("per class:", dict(sorted(per_class.items(), key=lambda kv: (not kv[0].isdigit(), int(kv[0]) if kv[0].isdigit() else 0))))
    print("per language:", dict(per_lang))
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
