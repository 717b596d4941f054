#!/usr/bin/env python3
"""Validate the set-8 scenario files independently of generate.py.

    python3 validate.py [DIR]     (default: the directory of this script)

Checks: every file parses; only schema keys; header comment and task id; at least one
expectation; every order / user / item id and email mentioned in the turns or in `final`
exists and belongs to the task's user (emails the task's own instructions give may be
unknown to the database); `final` equals the task's gold write actions re-applied to a
fresh db.json (re-implemented here, with τ² status/payment checks) plus the status
assertions for orders touched by refused requests; coverage of the 33 tasks, ≥40 files,
≥10 Chinese files. Exit status 1 on any error.
"""
import copy
import glob
import json
import os
import re
import sys

import yaml

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "shared", "data", "tau2_retail", "")  # ../shared beside the checkout
UNUSED = ["4", "7", "9", "11", "20", "23", "25", "30", "31", "35", "37", "41", "42", "47", "54",
          "55", "64", "72", "84", "91", "92", "94", "96", "98", "99", "100", "101", "102", "103",
          "104", "110", "111", "112"]

TOP_KEYS = {"name", "channel_user_id", "context", "turns", "final"}
TURN_KEYS = {"user", "expect", "agent", "release"}
EXPECT_KEYS = {"intent", "reply_contains", "reply_not_contains", "awaiting", "path_contains",
               "authenticated", "tool_calls"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
FINAL_KEYS = {"orders", "users", "handoff"}
ORDER_KEYS = {"status", "cancel_reason", "address", "items", "payment_history", "return_items",
              "return_payment_method_id", "exchange_items", "exchange_new_items",
              "exchange_payment_method_id", "exchange_price_difference"}
STATUSES = {"pending", "processed", "delivered", "cancelled", "return requested",
            "exchange requested", "pending (item modified)"}
HEADER_RE = re.compile(r"^# Converted from τ²-bench retail task (\d+) \(Sierra Research, MIT\)\. "
                       r"Final state = gold actions applied to db\.json\.$")
FILE_RE = re.compile(r"^task_(\d{3})_(?:(zh|b)_)?[a-z0-9_]+\.yaml$")

# Expected: gold actions the τ² tools reject (no state change).
REJECT_OK = {("64", "exchange_delivered_order_items")}
# Orders asserted to keep their status because a request on them was refused/abandoned.
KEEP = {"20": {"#W4967593", "#W5733668"}, "25": {"#W5565470"}, "31": {"#W5481803", "#W2692684"},
        "54": {"#W7773202"}, "84": {"#W3069600"}, "99": {"#W8855135"}, "104": {"#W1154986"}}

WRITES = {"cancel_pending_order", "modify_pending_order_items", "modify_pending_order_address",
          "modify_pending_order_payment", "modify_user_address", "return_delivered_order_items",
          "exchange_delivered_order_items", "transfer_to_human_agents"}

errors = []


def err(fn, msg):
    errors.append("%s: %s" % (fn, msg))


from gold import Refused, apply, is_gift, pick, variant_of  # noqa: E402  τ² write semantics


def expected_final(db0, task, fn):
    db = copy.deepcopy(db0)
    handoff = False
    for act in task["evaluation_criteria"]["actions"]:
        if act["name"] in WRITES:
            try:
                handoff |= apply(db, act["name"], act["arguments"])
            except Refused as e:
                if (task["id"], act["name"]) not in REJECT_OK:
                    err(fn, "gold %s refused: %s" % (act["name"], e))
    orders = {}
    for oid, o in db["orders"].items():
        d = {k: v for k, v in o.items() if db0["orders"][oid].get(k) != v}
        if d:
            orders[oid] = d
    for oid in KEEP.get(task["id"], ()):
        if oid in orders:
            err(fn, "KEEP order %s is written by gold" % oid)
        orders[oid] = {"status": db0["orders"][oid]["status"]}
    users = {}
    for uid, u in db["users"].items():
        u0 = db0["users"][uid]
        d = {}
        if u["address"] != u0["address"]:
            d["address"] = u["address"]
        pm = {k: v for k, v in u["payment_methods"].items() if u0["payment_methods"][k] != v}
        if pm:
            d["payment_methods"] = pm
        if d:
            users[uid] = d
    out = {"handoff": handoff}
    if orders:
        out["orders"] = orders
    if users:
        out["users"] = users
    return out


def task_user(db, task):
    for act in task["evaluation_criteria"]["actions"]:
        a = act["arguments"]
        if "user_id" in a:
            return a["user_id"]
        if a.get("order_id") in db["orders"]:
            return db["orders"][a["order_id"]]["user_id"]
        if act["name"] == "find_user_id_by_name_zip":
            for uid, u in db["users"].items():
                if (u["name"]["first_name"], u["name"]["last_name"], u["address"]["zip"]) == \
                        (a["first_name"], a["last_name"], a["zip"]):
                    return uid
        if act["name"] == "find_user_id_by_email":
            for uid, u in db["users"].items():
                if u["email"] == a["email"]:
                    return uid
    return None


def check_ids(fn, text, db, uid, task, item_owner_products):
    u = db["users"][uid]
    for oid in re.findall(r"#W\d{7}", text):
        if oid not in db["orders"]:
            err(fn, "order %s does not exist" % oid)
        elif db["orders"][oid]["user_id"] != uid:
            err(fn, "order %s belongs to %s" % (oid, db["orders"][oid]["user_id"]))
    for m in re.findall(r"(?<!#)\bW(\d{7})\b", text):
        oid = "#W" + m
        if oid in db["orders"] and db["orders"][oid]["user_id"] != uid:
            err(fn, "order %s belongs to another user" % oid)
    for iid in re.findall(r"(?<!\d)\d{10}(?!\d)", text):
        pid = next((p for p, pr in db["products"].items() if iid in pr["variants"]), None)
        if pid is None:
            err(fn, "item %s does not exist" % iid)
        elif pid not in item_owner_products:
            err(fn, "item %s is not a variant of a product the user ordered" % iid)
    for em in re.findall(r"[\w.+-]+@[\w-]+\.\w+", text):
        if em != u["email"]:
            instr = json.dumps(task["user_scenario"], ensure_ascii=False)
            if em not in instr:
                err(fn, "email %s is neither the user's nor from the task instructions" % em)
            if any(x["email"] == em for x in db["users"].values()):
                err(fn, "email %s belongs to another user" % em)
    for cand in re.findall(r"\b[a-z]+_[a-z]+_\d{4}\b", text):
        if cand != uid:
            err(fn, "user id %s is not the task user %s" % (cand, uid))


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")  # evaluations/tau2_blind
    db0 = json.load(open(DATA + "db.json"))
    tasks = {t["id"]: t for t in json.load(open(DATA + "tasks.json"))}
    files = sorted(glob.glob(os.path.join(d, "*.yaml")))
    covered, zh, names = set(), 0, set()
    for path in files:
        fn = os.path.basename(path)
        m = FILE_RE.match(fn)
        if not m:
            err(fn, "bad file name")
            continue
        tid = str(int(m.group(1)))
        if tid not in UNUSED:
            err(fn, "task %s is not one of the unused tasks" % tid)
            continue
        task = tasks[tid]
        raw = open(path, encoding="utf-8").read()
        h = HEADER_RE.match(raw.split("\n", 1)[0])
        if not h or h.group(1) != tid:
            err(fn, "header comment missing or wrong task id")
        try:
            doc = yaml.safe_load(raw)
        except yaml.YAMLError as e:
            err(fn, "YAML error %s" % e)
            continue
        if not isinstance(doc, dict):
            err(fn, "not a mapping")
            continue
        for k in set(doc) - TOP_KEYS:
            err(fn, "unknown key %s" % k)
        name = doc.get("name", "")
        if not str(name).startswith("τ² task %s" % tid):
            err(fn, "name should start with 'τ² task %s'" % tid)
        if name in names:
            err(fn, "duplicate name")
        names.add(name)
        uid = task_user(db0, task)
        user_products = {it["product_id"] for oid in db0["users"][uid]["orders"]
                         for it in db0["orders"][oid]["items"]}
        n_exp, texts, cjk = 0, [], False
        for i, t in enumerate(doc.get("turns") or []):
            if not isinstance(t, dict):
                err(fn, "turn %d not a mapping" % i)
                continue
            for k in set(t) - TURN_KEYS:
                err(fn, "turn %d: unknown key %s" % (i, k))
            if "user" in t:
                texts.append(t["user"])
                cjk |= bool(re.search(r"[\u4e00-\u9fff]", t["user"]))
            ex = t.get("expect")
            if ex is not None:
                for k in set(ex) - EXPECT_KEYS:
                    err(fn, "turn %d: unknown expect key %s" % (i, k))
                if "awaiting" in ex and ex["awaiting"] not in AWAITING:
                    err(fn, "turn %d: bad awaiting %r" % (i, ex["awaiting"]))
                n_exp += len(ex)
        if not texts:
            err(fn, "no user turns")
        if n_exp == 0:
            err(fn, "no expectation")
        if not any(isinstance(t, dict) and (t.get("expect") or {}).get("authenticated") is True
                   for t in doc.get("turns") or []):
            err(fn, "no authenticated: true expectation")
        if m.group(2) == "zh" and not cjk:
            err(fn, "zh file without Chinese user text")
        zh += cjk
        check_ids(fn, "\n".join(texts), db0, uid, task, user_products)
        final = doc.get("final")
        if not isinstance(final, dict):
            err(fn, "no final")
            continue
        for k in set(final) - FINAL_KEYS:
            err(fn, "final: unknown key %s" % k)
        for oid, o in (final.get("orders") or {}).items():
            if oid not in db0["orders"] or db0["orders"][oid]["user_id"] != uid:
                err(fn, "final order %s not the user's" % oid)
                continue
            for k in set(o) - ORDER_KEYS:
                err(fn, "final order %s: unknown field %s" % (oid, k))
            if o.get("status") is not None and o["status"] not in STATUSES:
                err(fn, "final order %s: bad status" % oid)
            for key in ("return_items", "exchange_items"):
                for iid in o.get(key, []):
                    if iid not in [it["item_id"] for it in db0["orders"][oid]["items"]]:
                        err(fn, "%s %s not in order %s" % (key, iid, oid))
        for u in (final.get("users") or {}):
            if u != uid:
                err(fn, "final user %s is not the task user %s" % (u, uid))
        exp = expected_final(db0, task, fn)
        got = {k: final[k] for k in final}
        got.setdefault("handoff", False)
        if got != exp:
            err(fn, "final differs from the recomputed gold state:\n  got %s\n  exp %s" %
                (json.dumps(got, sort_keys=True), json.dumps(exp, sort_keys=True)))
        covered.add(tid)
    missing = [t for t in UNUSED if t not in covered]
    if missing:
        err("(set)", "tasks not covered: %s" % missing)
    if len(files) < 40:
        err("(set)", "only %d files" % len(files))
    if zh < 10:
        err("(set)", "only %d Chinese files" % zh)
    print("%d files, %d tasks covered, %d Chinese" % (len(files), len(covered), zh))
    for e in errors:
        print("ERROR", e)
    print("OK" if not errors else "%d error(s)" % len(errors))
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
