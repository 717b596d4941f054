# -*- coding: utf-8 -*-
"""b3 validator: re-reads every /work/blind/bank/b3_*.yaml and checks it.

- the YAML parses; the header comments (task, category, language, customer, scenario,
  right outcome) are present and the category / language are allowed values;
- every key is one FORMAT.md allows (top level, turn, expect, final);
- `name` starts with "b3 <number>", the file name with b3_<number>_;
- each final.records id exists in db.json, or (flagged) in the task's initialization data;
- each declared record value equals the replay of the task's gold writes (replay_b3), and every
  record the gold changes is declared; created items equal the replay's, handoff too;
- authenticated:true appears once a customer turn gives two matching identity details.
Run:  python3 validate_b3.py      (exit status 1 on any error)
"""
import glob
import os
import re
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_b3 as R            # noqa: E402
from gen_b3 import KEEP_FIELDS   # noqa: E402

OUT = "/work/blind/bank"
TOP = {"name", "domain", "channel_user_id", "turns", "final"}
TURN = {"user", "expect", "agent", "release", "session"}
EXPECT = {"authenticated", "awaiting", "reply_contains", "reply_not_contains"}
AWAIT = {"confirmation", "clarification", "human", "nothing"}
FINAL = {"records", "created", "handoff"}
CATS = {"cards", "disputes", "accounts", "credit", "advice", "profile", "handoff"}
HEAD = ["task", "category", "language", "customer", "scenario", "right outcome"]


def num_eq(a, b):
    try:
        return abs(R.money(a) - R.money(b)) < 1e-9
    except (TypeError, ValueError):
        return a == b


def val_eq(field, a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) or isinstance(b, (int, float)) or field in (
            "current_holdings", "amount", "total_fee", "disputed_amount", "amount_difference",
            "expected_apy", "actual_apy", "daily_atm_limit"):
        return num_eq(a, b)
    return a == b


def id_details(user):
    """the identity fields of a user record, normalised for substring search"""
    return {k: user[k] for k in ("email", "phone_number", "date_of_birth", "address") if user.get(k)}


def check(path):
    errs, warns = [], []
    text = open(path, encoding="utf-8").read()
    head = {}
    for line in text.splitlines():
        m = re.match(r"# ([a-z ]+): (.*)", line)
        if m:
            head.setdefault(m.group(1), m.group(2))
    for h in HEAD:
        if h not in head:
            errs.append(f"missing header '# {h}:'")
    if head.get("category") not in CATS:
        errs.append(f"bad category {head.get('category')}")
    if head.get("language") not in ("en", "zh"):
        errs.append("bad language")
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        return [f"YAML: {e}"], warns, head
    base = os.path.basename(path)
    n = int(base.split("_")[1])
    tid = f"task_{n:03d}"
    if head.get("task") != tid:
        errs.append("task header does not match file name")
    if set(doc) - TOP:
        errs.append(f"top keys {set(doc) - TOP}")
    if not str(doc.get("name", "")).startswith(f"b3 {n:03d}"):
        errs.append("name prefix")
    if doc.get("domain") != "bank" or doc.get("channel_user_id") is not None:
        errs.append("domain/channel_user_id")
    # turns
    db = R.load_db()
    init = R.init_data(tid)
    users = dict(db["users"]["data"])
    users.update(init.get("users", {}).get("data", {}))
    cust = users.get(head.get("customer"))
    if head.get("customer") != "none" and cust is None:
        errs.append("customer not found")
    seen_auth = False
    for i, t in enumerate(doc["turns"]):
        if set(t) - TURN:
            errs.append(f"turn {i} keys {set(t) - TURN}")
        e = t.get("expect", {})
        if set(e) - EXPECT:
            errs.append(f"turn {i} expect keys {set(e) - EXPECT}")
        if "awaiting" in e and e["awaiting"] not in AWAIT:
            errs.append(f"turn {i} awaiting {e['awaiting']}")
        if "session" in t and t["session"] != "other":
            errs.append(f"turn {i} session")
        if t.get("session") == "other":
            if e.get("authenticated") is True:
                errs.append(f"turn {i}: other session cannot be verified by these turns")
            continue
        if "user" in t and cust:
            hits = [k for k, v in id_details(cust).items() if v.lower() in t["user"].lower()]
            if e.get("authenticated") is True and not seen_auth:
                # all details given so far must make two matches
                pass
            if e.get("authenticated") is False and seen_auth:
                errs.append(f"turn {i}: authenticated false after verification")
            if e.get("authenticated") is True:
                seen_auth = True
        if "user" in t and cust and not seen_auth:
            so_far = " ".join(x.get("user", "") for x in doc["turns"][: i + 1]
                              if x.get("session") != "other").lower()
            matched = [k for k, v in id_details(cust).items() if v.lower() in so_far]
            if len(matched) >= 2 and e.get("authenticated") is not True:
                errs.append(f"turn {i}: two details ({matched}) given but authenticated:true missing")
            if e.get("authenticated") is True and len(matched) < 2:
                errs.append(f"turn {i}: authenticated:true with only {matched}")
    first = next((i for i, t in enumerate(doc["turns"])
                  if t.get("expect", {}).get("authenticated") is True), None)
    if cust and first is None:
        errs.append("no turn reaches authenticated:true")
    for i, t in enumerate(doc["turns"][: first or 0]):
        if "user" in t and t.get("expect", {}).get("authenticated") is not False:
            errs.append(f"turn {i}: before verification but no authenticated:false")
    # final
    fin = doc.get("final", {})
    if set(fin) - FINAL:
        errs.append(f"final keys {set(fin) - FINAL}")
    rep = R.replay(tid)
    base_db = R.base_db(tid)
    declared = set()
    for table, recs in (fin.get("records") or {}).items():
        for rid, fields in recs.items():
            declared.add((table, rid))
            in_db = rid in db.get(table, {}).get("data", {})
            in_init = rid in init.get(table, {}).get("data", {})
            if not in_db and not in_init:
                errs.append(f"record {table}/{rid} not in db.json nor in the task's initial data")
            elif not in_db:
                warns.append(f"record {table}/{rid} only in {tid} initial data")
            final_rec = rep.db[table][rid]
            for f, v in fields.items():
                if f not in final_rec:
                    errs.append(f"{table}/{rid}.{f} not a field of the record")
                elif not val_eq(f, v, final_rec[f]):
                    errs.append(f"{table}/{rid}.{f} = {v!r}, gold replay gives {final_rec[f]!r}")
    for key, fields in rep.changed.items():
        if key not in declared:
            errs.append(f"gold changes {key} but final does not declare it")
        else:
            table, rid = key
            for f in fields:
                if f not in fin["records"][table][rid]:
                    errs.append(f"gold changes {table}/{rid}.{f}, not declared")
    want = R.declared_created(rep)
    got = fin.get("created") or {}
    if set(want) != set(got):
        errs.append(f"created tables {sorted(got)} vs gold {sorted(want)}")
    for table in want:
        w = [dict(x) for x in want[table]]
        g = [dict(x) for x in got.get(table, [])]
        if len(w) != len(g):
            errs.append(f"created {table}: {len(g)} items vs gold {len(w)}")
            continue
        for a, b in zip(g, w):
            if set(a) != set(b) or not all(val_eq(k, a[k], b[k]) for k in a):
                errs.append(f"created {table}: {a} vs gold {b}")
    if fin.get("handoff") != rep.handoff:
        errs.append(f"handoff {fin.get('handoff')} vs gold {rep.handoff}")
    if rep.handoff and not any(t.get("expect", {}).get("awaiting") == "human" for t in doc["turns"]):
        warns.append("handoff without an awaiting: human turn")
    return errs, warns, head


def main():
    files = sorted(glob.glob(os.path.join(OUT, "b3_*.yaml")))
    bad = 0
    langs, cats = {}, {}
    for p in files:
        errs, warns, head = check(p)
        langs[head.get("language")] = langs.get(head.get("language"), 0) + 1
        cats[head.get("category")] = cats.get(head.get("category"), 0) + 1
        tag = "FAIL" if errs else "ok  "
        print(tag, os.path.basename(p), f"({len(warns)} records from initial data)" if warns else "")
        for e in errs:
            print("   ERROR", e)
        bad += bool(errs)
    print(f"{len(files)} files, {bad} failing; languages {langs}; categories {cats}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
