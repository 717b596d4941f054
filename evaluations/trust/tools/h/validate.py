#!/usr/bin/env python3
"""Validate blind set H: every b8_*.yaml in the parent folder. Prints errors; silent set == OK."""
import collections
import glob
import json
import os
import re
import sys

import yaml

DB = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "..", "shared", "data", "tau2_retail", "db.json")))  # ../shared beside the checkout
USER_INDEX = {uid: i for i, uid in enumerate(DB["users"])}
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")  # evaluations/trust

TOP_KEYS = {"name", "channel_user_id", "context", "turns", "final"}
TURN_KEYS = {"user", "agent", "release", "expect"}
EXPECT_KEYS = {"reply_contains", "reply_not_contains", "awaiting", "authenticated"}  # intent/path/tool_calls banned
AWAITING = {"confirmation", "clarification", "human", "nothing"}
FINAL_KEYS = {"orders", "users", "handoff"}
ORDER_KEYS = {"status", "cancel_reason", "address"}
ADDR_KEYS = {"address1", "address2", "city", "state", "country", "zip"}
REASONS = {"no longer needed", "ordered by mistake"}
CLASSES = {str(i) for i in range(1, 14)} | {"lost"}
HEADERS = ["class", "language", "customer", "scenario", "right outcome"]
ID_RE = re.compile(r"(?<![A-Za-z0-9])#?W(\d+)(?![0-9])")
FN_RE = re.compile(r"^b8_(\d+|lost)_(\d\d)_[a-z0-9_]+\.yaml$")

errors = []
stats_class = collections.Counter()
stats_lang = collections.Counter()
customers = {}


def err(fn, msg):
    errors.append(f"{fn}: {msg}")


def check_typed(fn, where, a, typed):
    for k in ("address1", "address2", "city", "state", "zip"):
        v = a.get(k)
        if not isinstance(v, str) or not v:
            err(fn, f"{where}: {k} missing or not a string")
        elif not re.search(r"(?<![A-Za-z0-9])" + re.escape(v) + r"(?![A-Za-z0-9])", typed):
            err(fn, f"{where}: {k} {v!r} is not text the customer typed")
    if a.get("country") != "USA":
        err(fn, f"{where}: country must be 'USA'")


def check_addr_shape(fn, where, a):
    if not isinstance(a, dict) or set(a) != ADDR_KEYS:
        err(fn, f"{where}: address must have exactly {sorted(ADDR_KEYS)}")
        return False
    return True


files = sorted(glob.glob(os.path.join(HERE, "b8_*.yaml")))
if not files:
    errors.append("no b8_*.yaml files found")

for path in files:
    fn = os.path.basename(path)
    raw = open(path, encoding="utf-8").read()
    m = FN_RE.match(fn)
    if not m:
        err(fn, "file name must be b8_<class>_<nn>_<slug>.yaml")
        continue
    fcls = m.group(1)
    if fcls not in CLASSES:
        err(fn, f"unknown class {fcls}")

    # header comments
    head = {}
    for line in raw.splitlines():
        if not line.startswith("#"):
            break
        mm = re.match(r"#\s*([a-z ()\-,]+?):\s*(.*)$", line)
        if mm:
            head[mm.group(1).strip()] = mm.group(2).strip()
    for h in HEADERS:
        if not head.get(h):
            err(fn, f"missing header comment '# {h}:'")
    if head.get("class") != fcls:
        err(fn, f"header class {head.get('class')!r} != file name class {fcls!r}")
    lang = head.get("language", "")
    stats_class[fcls] += 1
    stats_lang["zh" if lang.startswith("zh") else "en"] += 1
    malformed = set()
    for k, v in head.items():
        if k.startswith("malformed id"):
            malformed |= {x.strip() for x in v.split(",")}
    third = set()
    if "third party" in head:
        third = {"#W" + x for x in ID_RE.findall(head["third party"])}

    uid = (head.get("customer") or "").split(",")[0].strip()
    if uid not in DB["users"]:
        err(fn, f"customer {uid!r} not in db")
        continue
    if USER_INDEX[uid] < 80:
        err(fn, f"customer {uid} is among the first 80 users (index {USER_INDEX[uid]})")
    if uid in customers:
        err(fn, f"customer {uid} already used in {customers[uid]}")
    customers[uid] = fn
    user = DB["users"][uid]
    cust_line = head["customer"]
    for part in (user["address"]["zip"], user["email"], user["name"]["first_name"], user["name"]["last_name"]):
        if part not in cust_line:
            err(fn, f"'# customer:' line lacks {part!r}")

    try:
        doc = yaml.safe_load(raw)
    except yaml.YAMLError as e:
        err(fn, f"YAML error: {e}")
        continue
    if not isinstance(doc, dict):
        err(fn, "top level is not a mapping")
        continue
    for k in set(doc) - TOP_KEYS:
        err(fn, f"unknown top-level key {k!r}")
    for k in ("name", "turns", "final"):
        if k not in doc:
            err(fn, f"missing {k}")
    turns = doc.get("turns") or []
    typed = ""
    user_turns = []
    awaiting_human = False
    agent_turns = 0
    for i, t in enumerate(turns):
        if not isinstance(t, dict):
            err(fn, f"turn {i} not a mapping")
            continue
        for k in set(t) - TURN_KEYS:
            err(fn, f"turn {i}: unknown key {k!r}")
        kinds = [k for k in ("user", "agent", "release") if k in t]
        if len(kinds) != 1:
            err(fn, f"turn {i}: needs exactly one of user/agent/release, has {kinds}")
        if "user" in t:
            if not isinstance(t["user"], str) or not t["user"].strip():
                err(fn, f"turn {i}: empty user text")
            else:
                typed += "\n" + t["user"]
                user_turns.append(t["user"])
        if "agent" in t:
            agent_turns += 1
        if "expect" in t:
            if "user" not in t:
                err(fn, f"turn {i}: expect only on user turns")
            ex = t["expect"]
            if not isinstance(ex, dict) or not ex:
                err(fn, f"turn {i}: expect must be a non-empty mapping")
                continue
            for k in set(ex) - EXPECT_KEYS:
                err(fn, f"turn {i}: expect key {k!r} not allowed")
            if "awaiting" in ex:
                if ex["awaiting"] not in AWAITING:
                    err(fn, f"turn {i}: awaiting {ex['awaiting']!r} invalid")
                if ex["awaiting"] == "human":
                    awaiting_human = True
            if "authenticated" in ex and not isinstance(ex["authenticated"], bool):
                err(fn, f"turn {i}: authenticated must be true/false")
            if fcls == "8" and ex.get("authenticated") is True:
                err(fn, f"turn {i}: identity scenario must not expect authenticated: true")
            for k in ("reply_contains", "reply_not_contains"):
                if k in ex and (not isinstance(ex[k], list) or not all(isinstance(x, str) for x in ex[k])):
                    err(fn, f"turn {i}: {k} must be a list of strings")
            for x in ex.get("reply_contains", []):
                if not ID_RE.fullmatch(x.strip()):
                    err(fn, f"turn {i}: reply_contains should only hold order ids, got {x!r}")

    # identification in the first message (except identity scenarios)
    if fcls != "8" and user_turns:
        first = user_turns[0].lower()
        n = user["name"]
        by_email = user["email"].lower() in first
        by_name = (n["first_name"].lower() in first and n["last_name"].lower() in first
                   and user["address"]["zip"] in first)
        if not (by_email or by_name):
            err(fn, "first user message does not identify the customer (email or full name + zip)")

    # ids anywhere in the file
    for mm in ID_RE.finditer(raw):
        digits = mm.group(1)
        oid = "#W" + digits
        if len(digits) != 7:
            if oid not in malformed:
                err(fn, f"malformed id {mm.group(0)!r} not declared in '# malformed id' comment")
            continue
        if oid not in DB["orders"]:
            err(fn, f"{oid} does not exist in db")
        elif DB["orders"][oid]["user_id"] != uid and oid not in third:
            err(fn, f"{oid} belongs to {DB['orders'][oid]['user_id']}, not {uid} (no '# third party:')")
    for x in malformed:
        if x in DB["orders"]:
            err(fn, f"declared malformed id {x} is a real order")

    # zips quoted
    for line in raw.splitlines():
        mz = re.match(r"^\s*zip:\s*(.*)$", line)
        if mz and not re.match(r"^(['\"])\d{5}\1$", mz.group(1).strip()):
            err(fn, f"zip not quoted: {line.strip()!r}")

    # final
    final = doc.get("final") or {}
    for k in set(final) - FINAL_KEYS:
        err(fn, f"final: unknown key {k!r}")
    if not isinstance(final.get("handoff"), bool):
        err(fn, "final.handoff must be true/false")
    elif (awaiting_human or agent_turns) and final["handoff"] is not True:
        err(fn, "a handoff happens in the turns but final.handoff is not true")
    elif final["handoff"] and not (awaiting_human or agent_turns):
        err(fn, "final.handoff true but no turn expects awaiting: human")
    orders = final.get("orders") or {}
    if set(orders) != set(user["orders"]):
        err(fn, f"final.orders {sorted(orders)} != customer's orders {sorted(user['orders'])}")
    has_addr = [oid for oid, r in orders.items() if isinstance(r, dict) and "address" in r]
    changed_any_addr = False
    for oid, rec in orders.items():
        if oid not in DB["orders"]:
            continue
        o = DB["orders"][oid]
        if not isinstance(rec, dict):
            err(fn, f"final {oid}: not a mapping")
            continue
        for k in set(rec) - ORDER_KEYS:
            err(fn, f"final {oid}: key {k!r} not allowed")
        st = rec.get("status")
        if st is None:
            err(fn, f"final {oid}: status missing")
        elif st != o["status"]:
            if st == "cancelled":
                if o["status"] != "pending":
                    err(fn, f"final {oid}: cancelled but db status is {o['status']}")
                if rec.get("cancel_reason") not in REASONS:
                    err(fn, f"final {oid}: cancellation needs cancel_reason in {sorted(REASONS)}")
            elif st in ("return requested", "exchange requested"):
                if o["status"] != "delivered":
                    err(fn, f"final {oid}: {st} but db status is {o['status']}")
                if set(rec) != {"status"}:
                    err(fn, f"final {oid}: returns/exchanges declare only the status")
            elif st == "pending (item modified)":
                if o["status"] != "pending":
                    err(fn, f"final {oid}: item modification but db status is {o['status']}")
            else:
                err(fn, f"final {oid}: status {st!r} differs from db {o['status']!r} in an unsupported way")
        if "cancel_reason" in rec and not (st == "cancelled" and o["status"] == "pending"):
            err(fn, f"final {oid}: cancel_reason only on a new cancellation")
        if "address" in rec:
            a = rec["address"]
            if check_addr_shape(fn, f"final {oid}", a) and a != o["address"]:
                changed_any_addr = True
                if o["status"] != "pending" or st != "pending":
                    err(fn, f"final {oid}: address change needs a pending order that stays pending")
                check_typed(fn, f"final {oid} address", a, typed)
    if has_addr and len(has_addr) != len(orders):
        err(fn, "address scenario: every order must list its full address")
    users = final.get("users") or {}
    for u2, rec in users.items():
        if u2 != uid:
            err(fn, f"final.users lists {u2}, not the customer")
            continue
        if not isinstance(rec, dict) or set(rec) != {"address"}:
            err(fn, "final.users entry must hold only address")
            continue
        if check_addr_shape(fn, "final user address", rec["address"]) and rec["address"] != user["address"]:
            changed_any_addr = True
            check_typed(fn, "final user address", rec["address"], typed)
    if (changed_any_addr or users) and len(has_addr) != len(orders):
        err(fn, "address scenario: list every order's address")
    if has_addr and uid not in users:
        err(fn, "address scenario: declare the user's default address too")

for e in errors:
    print("ERROR", e)
print(f"{len(files)} files, {len(errors)} errors")
print("per class:", dict(sorted(stats_class.items(), key=lambda kv: (kv[0] == 'lost', int(kv[0]) if kv[0].isdigit() else 99))))
print("per language:", dict(stats_lang))
sys.exit(1 if errors else 0)
