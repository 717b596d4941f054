#!/usr/bin/env python3
"""Validator for the b1 blind conversations.

Re-reads every ../../b1_*.yaml and checks:
  * the YAML parses, the header comments are present and valid, every key is one FORMAT.md allows;
  * name / file name / prefix agree, domain is bank, channel_user_id is null;
  * every final.records id exists in db.json and every value equals what an independent replay of
    the task's gold agent writes (tasks.json) leaves (unchanged fields = db.json value);
  * every record the replay changes is declared, and final.created matches the replay's new rows;
  * handoff matches the gold's transfer_to_human_agents;
  * verification expectations agree with the details the customer has typed so far;
  * reply_contains transaction ids belong to the customer; counts languages and categories.
Exits non-zero on any error.
"""
import copy
import glob
import hashlib
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.abspath(os.path.join(HERE, "..", ".."))
DATA = "/work/shared/data/banking_knowledge"
DB0 = json.load(open(os.path.join(DATA, "db.json")))
TASKS = {t["id"]: t for t in json.load(open(os.path.join(DATA, "tasks.json")))}
TODAY = "11/14/2025"

CATEGORIES = {"cards", "disputes", "accounts", "credit", "advice", "profile", "handoff"}
TOP_KEYS = {"name", "domain", "channel_user_id", "turns", "final"}
EXPECT_KEYS = {"authenticated", "awaiting", "reply_contains", "reply_not_contains"}
AWAIT = {"confirmation", "clarification", "human", "nothing"}
FINAL_KEYS = {"records", "created", "handoff"}
CREATED_TABLES = {"transaction_disputes", "debit_card_disputes", "accounts", "debit_card_orders",
                  "credit_card_orders", "credit_card_closure_reasons", "credit_limit_increase_requests",
                  "bank_account_transaction_history", "credit_card_transaction_history", "referrals",
                  "interest_discrepancy_reports", "verification_history"}
MECHANICS = {"unlock_discoverable_agent_tool", "give_discoverable_user_tool", "log_verification"}
NO_WRITE_AGENT_TOOLS = {"initial_transfer_to_human_agent_0218", "initial_transfer_to_human_agent_1822",
                        "emergency_credit_bureau_incident_transfer_1114"}
# gold agent writes that only make sense after the customer's own tool calls, which a scripted
# customer cannot make (see README): expected to be absent here.
DEPENDS_ON_CUSTOMER_TOOL = {"task_026": "update_transaction_rewards_3847",
                            "task_028": "update_transaction_rewards_3847"}
# tasks whose transfer is mid-conversation and followed by a release back to the bot
MID_HANDOFF = {"task_005"}

errors = []


def err(fn, msg):
    errors.append(f"{fn}: {msg}")


def money(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str):
        s = v.strip().replace(",", "")
        if re.fullmatch(r"\$?-?\d+(\.\d+)?", s):
            return float(s.lstrip("$"))
    return v


def same(a, b):
    return money(a) == money(b)


def last4(account_id):
    digits = [c for c in hashlib.sha256(f"card_last4:{account_id}".encode()).hexdigest() if c.isdigit()]
    return "".join(digits[:4]).ljust(4, "0")


def replay(task_id):
    """Apply the gold's agent-side bank writes to a copy of db.json.
    Returns (db, created{table:[rows]}, handoff, skipped)."""
    db = copy.deepcopy(DB0)
    created, handoff, skipped = {}, False, []
    for a in TASKS[task_id]["evaluation_criteria"]["actions"]:
        name, args = a["name"], a.get("arguments", {})
        if a.get("requestor") == "user" or name in MECHANICS:
            continue
        if name == "transfer_to_human_agents":
            handoff = True
        elif name == "change_user_email":
            db["users"]["data"][args["user_id"]]["email"] = args["new_email"]
        elif name == "call_discoverable_agent_tool":
            tool = args["agent_tool_name"]
            targs = json.loads(args.get("arguments") or "{}")
            if tool in NO_WRITE_AGENT_TOOLS:
                continue
            if DEPENDS_ON_CUSTOMER_TOOL.get(task_id) == tool:
                skipped.append((tool, targs))
                continue
            if tool == "update_transaction_rewards_3847":
                db["credit_card_transaction_history"]["data"][targs["transaction_id"]]["rewards_earned"] = \
                    targs["new_rewards_earned"]
            elif tool == "order_replacement_credit_card_7291":
                acc = db["credit_card_accounts"]["data"][targs["credit_card_account_id"]]
                acc["status"] = "CLOSED"
                acc["closed_date"] = TODAY
                created.setdefault("credit_card_orders", []).append(
                    {k: targs[k] for k in ("credit_card_account_id", "user_id", "shipping_address", "reason",
                                           "expedited_shipping")})
            elif tool == "file_credit_card_transaction_dispute_4829":
                created.setdefault("transaction_disputes", []).append(dict(targs))
            else:
                raise SystemExit(f"{task_id}: no replay rule for agent tool {tool}")
        else:
            raise SystemExit(f"{task_id}: no replay rule for {name}")
    return db, created, handoff, skipped


def diff_records(db):
    out = {}
    for table, v in db.items():
        if not isinstance(v, dict) or "data" not in v:
            continue
        for rid, rec in v["data"].items():
            old = DB0[table]["data"].get(rid)
            if old is None:
                continue
            for f, val in rec.items():
                if old.get(f) != val:
                    out.setdefault(table, {}).setdefault(rid, {})[f] = val
    return out


def dob_forms(dob):
    m, d, y = dob.split("/")
    return {dob, f"{int(y)}年{int(m)}月{int(d)}日"}


def details_matched(user, text):
    n = 0
    if user["email"].lower() in text.lower():
        n += 1
    if user["phone_number"] in text:
        n += 1
    if any(f in text for f in dob_forms(user["date_of_birth"])):
        n += 1
    if user["address"].split(",")[0] in text:
        n += 1
    return n


def check_file(path):
    fn = os.path.basename(path)
    raw = open(path, encoding="utf-8").read()
    head = {}
    for line in raw.splitlines():
        m = re.match(r"#\s*([a-z ]+):\s*(.*)", line)
        if m:
            head[m.group(1).strip()] = m.group(2).strip()
    for k in ("task", "category", "language", "customer", "scenario", "right outcome"):
        if k not in head:
            err(fn, f"header '# {k}:' missing")
    try:
        doc = yaml.safe_load(raw)
    except yaml.YAMLError as e:
        err(fn, f"YAML error {e}")
        return None
    if set(doc) - TOP_KEYS or TOP_KEYS - set(doc):
        err(fn, f"top-level keys {sorted(doc)}")
    task = head.get("task", "")
    num = task.replace("task_", "")
    if not fn.startswith(f"b1_{num}_"):
        err(fn, "file name does not match task number")
    if not str(doc.get("name", "")).startswith(f"b1 {num}"):
        err(fn, "name must start with prefix and number")
    if doc.get("domain") != "bank" or doc.get("channel_user_id") is not None:
        err(fn, "domain/channel_user_id")
    if head.get("category") not in CATEGORIES:
        err(fn, f"bad category {head.get('category')}")
    lang = head.get("language")
    if lang not in ("en", "zh"):
        err(fn, "bad language")
    if task not in TASKS:
        err(fn, f"unknown task {task}")
        return None

    cust = head.get("customer")
    user = DB0["users"]["data"].get(cust) if cust != "none" else None
    if cust != "none" and user is None:
        err(fn, f"customer {cust} not in db.json")

    # ---- turns
    said = ""
    verified = False
    cjk = False
    awaiting_human_seen = False
    for i, t in enumerate(doc["turns"]):
        keys = set(t)
        if "user" in t:
            if keys - {"user", "expect", "session"}:
                err(fn, f"turn {i}: keys {keys}")
            said += " " + t["user"]
            if re.search(r"[\u4e00-\u9fff]", t["user"]):
                cjk = True
            ex = t.get("expect", {})
            if set(ex) - EXPECT_KEYS:
                err(fn, f"turn {i}: expect keys {set(ex)}")
            if "awaiting" in ex and ex["awaiting"] not in AWAIT:
                err(fn, f"turn {i}: awaiting {ex['awaiting']}")
            if ex.get("awaiting") == "human":
                awaiting_human_seen = True
            for k in ("reply_contains", "reply_not_contains"):
                if k in ex and not (isinstance(ex[k], list) and all(isinstance(s, str) for s in ex[k])):
                    err(fn, f"turn {i}: {k} must be a list of strings")
            for s in ex.get("reply_contains", []):
                if s.startswith("txn_"):
                    rec = DB0["credit_card_transaction_history"]["data"].get(s)
                    if rec is None or rec["user_id"] != cust:
                        err(fn, f"turn {i}: {s} is not a transaction of {cust}")
            if user is not None:
                n = details_matched(user, said)
                if ex.get("authenticated") is True and n < 2:
                    err(fn, f"turn {i}: authenticated true with only {n} matching details")
                if ex.get("authenticated") is False and n >= 2:
                    err(fn, f"turn {i}: authenticated false although {n} details match")
                if ex.get("authenticated") is True:
                    verified = True
                if ex.get("authenticated") is False and verified:
                    err(fn, f"turn {i}: authenticated false after true")
        elif "agent" in t:
            if keys != {"agent"}:
                err(fn, f"turn {i}: keys {keys}")
        elif "release" in t:
            if keys != {"release"} or t["release"] is not True:
                err(fn, f"turn {i}: bad release")
        else:
            err(fn, f"turn {i}: unknown turn kind {keys}")
    if lang == "zh" and not cjk:
        err(fn, "language zh but no Chinese customer text")
    if lang == "en" and cjk:
        err(fn, "language en but Chinese customer text")

    # ---- final
    fin = doc["final"]
    if set(fin) - FINAL_KEYS:
        err(fn, f"final keys {set(fin)}")
    db, created, handoff, skipped = replay(task)
    recs = fin.get("records") or {}
    for table, rows in recs.items():
        if table not in DB0:
            err(fn, f"records table {table} not in db.json")
            continue
        for rid, fields in rows.items():
            if rid not in DB0[table]["data"]:
                err(fn, f"records id {table}.{rid} not in db.json")
                continue
            for f, v in fields.items():
                exp = db[table]["data"][rid].get(f, "<absent>")
                if not same(v, exp):
                    err(fn, f"{table}.{rid}.{f} = {v!r}, gold replay gives {exp!r}")
    for table, rows in diff_records(db).items():
        for rid, fields in rows.items():
            for f in fields:
                if f not in (recs.get(table, {}).get(rid) or {}):
                    err(fn, f"gold changes {table}.{rid}.{f} but final does not declare it")
    cre = fin.get("created") or {}
    for table in set(cre) | set(created):
        if table not in CREATED_TABLES:
            err(fn, f"created table {table} not allowed")
        mine, gold = cre.get(table, []), list(created.get(table, []))
        if len(mine) != len(gold):
            err(fn, f"created {table}: {len(mine)} rows, gold {len(gold)}")
            continue
        for item in mine:
            hit = None
            for g in gold:
                if all(k in g and same(g[k], v) for k, v in item.items()):
                    hit = g
                    break
            if hit is None:
                err(fn, f"created {table} item {item} matches no gold row")
            else:
                gold.remove(hit)
    for table, items in created.items():
        for g in items:
            if "card_last_4_digits" in g and g.get("card_last_4_digits") != last4(
                    "cc_890389b165_silver" if g["user_id"] == "890389b165" else ""):
                err(fn, "card_last_4_digits differs from the look-up result")
    exp_handoff = handoff and task not in MID_HANDOFF
    if bool(fin.get("handoff")) != exp_handoff:
        err(fn, f"handoff {fin.get('handoff')} but gold replay says {exp_handoff}")
    if handoff and not awaiting_human_seen:
        err(fn, "gold transfers but no turn expects awaiting: human")
    for tool, targs in skipped:
        tid = targs.get("transaction_id")
        if tid and not recs.get("credit_card_transaction_history", {}).get(tid):
            err(fn, f"skipped gold write on {tid} should be declared unchanged")
    return {"file": fn, "task": task, "category": head.get("category"), "language": lang,
            "outcome": head.get("right outcome"), "skipped": len(skipped)}


def main():
    files = sorted(glob.glob(os.path.join(OUT, "b1_*.yaml")))
    rows = [r for r in (check_file(p) for p in files) if r]
    tasks = {r["task"] for r in rows}
    want = {t for t in TASKS if "task_001" <= t <= "task_037"}
    if tasks != want:
        err("range", f"missing {sorted(want - tasks)} extra {sorted(tasks - want)}")
    zh = sum(r["language"] == "zh" for r in rows)
    cats = {}
    for r in rows:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    print(f"{len(rows)} files, zh={zh}, categories={cats}")
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
