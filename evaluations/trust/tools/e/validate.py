#!/usr/bin/env python3
"""Independent checks for the b5 scenario set (does not import generate.py).

Checks: YAML parses; only format keys; >=1 expectation per file; agent:/release:
only during a handoff; every #W id belongs to the customer unless declared in a
`# foreign:` / `# malformed:` header; header comments; first turn identifies the
customer (name+zip or e-mail) and expects `authenticated`; customer name unique in
db.json and each file a different customer; finals consistent with db.json and
policy (changes only on allowed statuses, exactly the changed fields, every order
listed, addresses complete, handoff flag matches the turns).
"""
import collections
import glob
import json
import os
import re
import sys

import yaml

from pathlib import Path

HERE = Path(__file__).resolve().parent
TRUST = HERE.parents[1]  # evaluations/trust
SHARED = HERE.parents[3].parent / "shared"  # ../shared beside the checkout
DB = json.load(open(SHARED / "data" / "tau2_retail" / "db.json"))
USERS, ORDERS = DB["users"], DB["orders"]
SET_DIR = sys.argv[1] if len(sys.argv) > 1 else str(TRUST)

TOP_KEYS = {"name", "channel_user_id", "context", "turns", "final"}
TURN_KEYS = {"user", "expect", "agent", "release"}
EXPECT_KEYS = {"intent", "reply_contains", "reply_not_contains", "awaiting", "path_contains",
               "authenticated", "tool_calls"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
FINAL_KEYS = {"orders", "users", "handoff"}
ADDR_KEYS = {"address1", "address2", "city", "state", "country", "zip"}
REASONS = {"no longer needed", "ordered by mistake"}
HEADERS = ["class", "language", "customer", "scenario", "right outcome"]
ID_RE = re.compile(r"#W\d+")
CJK_RE = re.compile(r"[\u4e00-\u9fff]")
FILE_RE = re.compile(r"^b5_(\d+|lost)_\d\d_[a-z0-9_]+\.yaml$")

NAME_COUNT = collections.Counter(
    (u["name"]["first_name"].lower(), u["name"]["last_name"].lower()) for u in USERS.values())


def parse_header(text):
    h = {}
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        m = re.match(r"#\s*([a-z ]+):\s*(.*)$", line)
        if m:
            h[m.group(1).strip()] = m.group(2).strip()
    return h


def check_file(path, errors, used_customers):
    fn = os.path.basename(path)
    err = lambda msg: errors.append(f"{fn}: {msg}")
    if not FILE_RE.match(fn):
        err("file name does not match b5_<class>_<nn>_<slug>.yaml")
    text = open(path, encoding="utf-8").read()
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        err(f"YAML does not parse: {e}")
        return None
    h = parse_header(text)
    for k in HEADERS:
        if not h.get(k):
            err(f"missing header comment '# {k}:'")
    cls_in_name = fn.split("_")[1]
    if h.get("class") and not h["class"].startswith(cls_in_name):
        err(f"header class {h.get('class')!r} does not match file name")
    uid = (h.get("customer") or "").split()[0] if h.get("customer") else None
    if uid not in USERS:
        err(f"customer {uid!r} not in db.json")
        return None
    if uid in used_customers:
        err(f"customer {uid} already used in {used_customers[uid]}")
    used_customers[uid] = fn
    user = USERS[uid]
    first, last = user["name"]["first_name"], user["name"]["last_name"]
    if NAME_COUNT[(first.lower(), last.lower())] != 1:
        err(f"name {first} {last} is not unique in db.json")

    foreign = set(ID_RE.findall(h.get("foreign", "")))
    malformed = set(ID_RE.findall(h.get("malformed", "")))
    others = [x.strip() for x in h.get("other customers", "").split(",") if x.strip()]
    for o in others:
        if o not in USERS or o == uid:
            err(f"other customer {o!r} invalid")
        elif o in used_customers:
            err(f"other customer {o} is also a speaker/other in {used_customers[o]}")
        else:
            used_customers[o] = fn + " (other)"
    other_orders = {oid for o in others if o in USERS for oid in USERS[o]["orders"]}
    if foreign != other_orders:
        err(f"'# foreign:' ids {sorted(foreign)} != orders of other customers {sorted(other_orders)}")
    for m in malformed:
        if m in ORDERS:
            err(f"declared malformed id {m} exists in db.json")
        if len(m) == 9:
            err(f"declared malformed id {m} has the normal length of 7 digits")

    # ---- structure / keys
    if not isinstance(doc, dict):
        err("top level is not a mapping")
        return None
    bad = set(doc) - TOP_KEYS
    if bad:
        err(f"unknown top-level keys {bad}")
    turns = doc.get("turns")
    if not isinstance(turns, list) or not turns:
        err("no turns")
        return None
    n_expect = 0
    in_handoff = False
    handoff_seen = False
    user_texts = []
    reply_contains_all = []
    for i, t in enumerate(turns):
        if not isinstance(t, dict):
            err(f"turn {i} is not a mapping")
            continue
        bad = set(t) - TURN_KEYS
        if bad:
            err(f"turn {i}: unknown keys {bad}")
        kinds = [k for k in ("user", "agent", "release") if k in t]
        if len(kinds) != 1:
            err(f"turn {i}: must have exactly one of user/agent/release, has {kinds}")
            continue
        kind = kinds[0]
        if "expect" in t and kind != "user":
            err(f"turn {i}: expect on a non-user turn")
        if kind in ("agent", "release") and not in_handoff:
            err(f"turn {i}: {kind} outside a handoff")
        if kind == "release":
            if t["release"] is not True:
                err(f"turn {i}: release must be true")
            in_handoff = False
        if kind == "user":
            if not isinstance(t["user"], str) or not t["user"].strip():
                err(f"turn {i}: empty user text")
            user_texts.append(t["user"])
            ex = t.get("expect") or {}
            if not isinstance(ex, dict):
                err(f"turn {i}: expect is not a mapping")
                ex = {}
            bad = set(ex) - EXPECT_KEYS
            if bad:
                err(f"turn {i}: unknown expect keys {bad}")
            n_expect += len(ex)
            if "awaiting" in ex and ex["awaiting"] not in AWAITING:
                err(f"turn {i}: awaiting {ex['awaiting']!r} invalid")
            for k in ("reply_contains", "reply_not_contains"):
                if k in ex and not (isinstance(ex[k], list) and all(isinstance(s, str) and s for s in ex[k])):
                    err(f"turn {i}: {k} must be a list of non-empty strings")
            for s in ex.get("reply_contains", []):
                reply_contains_all.append(s)
                if s.startswith("#W"):
                    if s not in user["orders"]:
                        err(f"turn {i}: reply_contains {s} is not the customer's order")
                elif not re.match(r"^\d*\s?[A-Za-z0-9 .]+$", s):
                    err(f"turn {i}: reply_contains {s!r} is neither an order id nor an address part")
            if in_handoff and ex.get("awaiting") not in (None, "human"):
                err(f"turn {i}: during a handoff the bot must stay awaiting human")
            if ex.get("awaiting") == "human":
                in_handoff = True
                handoff_seen = True
            if i == 0 and "authenticated" not in ex:
                err("first turn has no 'authenticated' expectation")
    if n_expect < 1:
        err("no expectation at all")
    if not any(isinstance(t, dict) and "user" in t for t in turns[:1]):
        err("first turn is not a user turn")

    # ---- identification in the first message
    first_msg = turns[0].get("user", "") if isinstance(turns[0], dict) else ""
    fm = first_msg.lower()
    by_name_zip = (f"{first} {last}".lower() in fm) and (user["address"]["zip"] in first_msg)
    by_email = user["email"].lower() in fm
    if not (by_name_zip or by_email):
        err("first message does not identify the customer by name+zip or e-mail")

    # ---- language
    all_user = " ".join(user_texts)
    lang = h.get("language", "")
    if lang == "Chinese" and not CJK_RE.search(all_user):
        err("language Chinese but no Chinese text")
    if lang == "English" and CJK_RE.search(all_user):
        err("language English but Chinese text present")

    # ---- ids in the whole file
    for oid in set(ID_RE.findall(text)):
        if oid in user["orders"] or oid in foreign or oid in malformed:
            continue
        err(f"id {oid} is not the customer's and not declared foreign/malformed")
    for oid in malformed:
        if oid not in all_user:
            err(f"malformed id {oid} not used in the conversation")

    # ---- final
    final = doc.get("final")
    if not isinstance(final, dict):
        err("no final block")
        return None
    bad = set(final) - FINAL_KEYS
    if bad:
        err(f"unknown final keys {bad}")
    if final.get("handoff") is not handoff_seen:
        err(f"final.handoff={final.get('handoff')} but handoff in turns={handoff_seen}")
    forders = final.get("orders") or {}
    expected_ids = set(user["orders"]) | other_orders
    if set(forders) != expected_ids:
        err(f"final orders {sorted(forders)} != customer's (+other customers') orders {sorted(expected_ids)}")
    users_f = final.get("users") or {}
    if set(users_f) - {uid}:
        err(f"final.users lists someone other than the customer: {set(users_f) - {uid}}")
    addr_involved = bool(users_f)
    changed = []
    for oid, e in forders.items():
        if oid not in ORDERS:
            err(f"final order {oid} not in db")
            continue
        o = ORDERS[oid]
        if not isinstance(e, dict) or not e:
            err(f"final order {oid}: empty entry")
            continue
        bad = set(e) - {"status", "cancel_reason", "address"}
        if bad:
            err(f"final order {oid}: unknown keys {bad}")
        if "address" in e:
            a = e["address"]
            if set(a) != ADDR_KEYS or a.get("country") != "USA" or not all(isinstance(v, str) and v for v in a.values()):
                err(f"final order {oid}: incomplete address {a}")
            if not re.fullmatch(r"\d{5}", str(a.get("zip", ""))):
                err(f"final order {oid}: bad zip")
            if ID_RE.search(str(a)) or re.search(r"\d{7}", a.get("address1", "")):
                err(f"final order {oid}: address contains an id")
        st = e.get("status")
        addr_changed = "address" in e and e["address"] != o["address"]
        if addr_changed:
            changed.append(oid)
            if oid not in user["orders"]:
                err(f"final order {oid}: foreign order changed")
            if o["status"] != "pending":
                err(f"final order {oid}: address change on a {o['status']} order")
            if set(e) != {"address"}:
                err(f"final order {oid}: address-changed order must list exactly the address")
        elif st == o["status"]:
            if set(e) - {"status", "address"}:
                err(f"final order {oid}: unchanged order with extra keys")
            if addr_involved and "address" not in e:
                err(f"final order {oid}: address scenario but original address not listed")
        elif st == "cancelled":
            changed.append(oid)
            if o["status"] != "pending":
                err(f"final order {oid}: cancelled but was {o['status']}")
            if e.get("cancel_reason") not in REASONS:
                err(f"final order {oid}: cancel_reason {e.get('cancel_reason')!r}")
            if set(e) != {"status", "cancel_reason"}:
                err(f"final order {oid}: cancelled order must list exactly status+cancel_reason")
            if oid not in user["orders"]:
                err(f"final order {oid}: foreign order changed")
            # the reason must have been stated by the customer
            r = e.get("cancel_reason")
            low = all_user.lower()
            if r == "ordered by mistake" and not ("mistake" in low or "下错" in all_user or "accident" in low):
                err(f"final order {oid}: 'ordered by mistake' never stated")
            if r == "no longer needed" and not ("need" in low or "不需要" in all_user):
                err(f"final order {oid}: 'no longer needed' never stated")
        elif st == "return requested":
            changed.append(oid)
            if o["status"] != "delivered":
                err(f"final order {oid}: return requested but was {o['status']}")
            if set(e) != {"status"}:
                err(f"final order {oid}: return-requested order must list exactly status")
            if oid not in user["orders"]:
                err(f"final order {oid}: foreign order changed")
        else:
            err(f"final order {oid}: status {st!r} inconsistent with db status {o['status']!r}")
        if "address" in e and not addr_changed and not addr_involved:
            err(f"final order {oid}: address listed outside an address scenario")
    for oid in changed:
        if oid not in all_user and oid not in reply_contains_all:
            err(f"changed order {oid} never named by the customer nor required in a reply")
    # address scenarios list the default address
    order_addr_change = any("address" in forders[o] and forders[o]["address"] != ORDERS[o]["address"]
                            for o in forders if o in ORDERS)
    if order_addr_change and uid not in users_f:
        err("address scenario without the user's default address in final.users")
    if uid in users_f:
        ua = users_f[uid].get("address")
        if set(users_f[uid]) != {"address"} or not isinstance(ua, dict) or set(ua) != ADDR_KEYS or ua.get("country") != "USA":
            err(f"final.users.{uid}: must hold exactly a full address")
        elif ua != user["address"]:
            a1 = ua["address1"]
            if a1 not in all_user:
                err(f"new default address {a1!r} never given by the customer")
    # a change needs an explicit confirmation: some user turn after the request expects awaiting nothing
    if changed or (uid in users_f and users_f[uid].get("address") != user["address"]):
        if not any(isinstance(t, dict) and (t.get("expect") or {}).get("awaiting") == "nothing" for t in turns):
            err("a change in final but no turn where the action completes (awaiting: nothing)")
        if not any(isinstance(t, dict) and (t.get("expect") or {}).get("awaiting") == "confirmation" for t in turns):
            err("a change in final but no confirmation prompt expected")
    return h


def main():
    files = sorted(glob.glob(os.path.join(SET_DIR, "b5_*.yaml")))
    errors = []
    used = {}
    classes = collections.Counter()
    langs = collections.Counter()
    for p in files:
        h = check_file(p, errors, used)
        if h:
            classes[os.path.basename(p).split("_")[1]] += 1
            langs[h.get("language")] += 1
    if len(files) != 30:
        errors.append(f"expected 30 files, found {len(files)}")
    for e in errors:
        print("FAIL", e)
    print(f"{len(files)} files; classes {dict(classes)}; languages {dict(langs)}")
    if errors:
        print(f"{len(errors)} problem(s)")
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
