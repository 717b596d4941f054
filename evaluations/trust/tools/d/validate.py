#!/usr/bin/env python3
"""Independent checks for the b4_* scenario files (does not import generate.py).

Checks per file:
  * file name b4_<class>_<nn>_<slug>.yaml, header comments (class, language, customer,
    scenario, right outcome), class in the header equals the class in the name;
  * YAML parses; only keys of the runner's scenario format are used; value types;
    `awaiting` values are confirmation | clarification | human | nothing;
  * at least one expectation; `authenticated` is set on the first turn;
  * `agent:` / `release:` turns only while a handoff is open (opened by a user turn that
    expects `awaiting: human`, closed by `release`); user turns during an open handoff expect
    only `awaiting: human`; final.handoff says whether the session was handed off at all;
  * every #W id in the file belongs to the customer unless declared in a
    `# foreign:` or `# malformed:` header line; malformed ids are not real orders;
  * reply_contains only holds order ids or address parts (text found in an address of the
    database or in the customer's own messages);
  * the first user message identifies the header customer (e-mail, or first+last name and
    zip) - for class c08 scenarios marked `# note: speaker is not the customer` it names them;
  * language: Chinese files have Chinese customer messages, English files have none;
  * final vs db.json: every order of the customer is listed, plus only declared foreign
    orders; unchanged orders keep their db status (and address where given); changed orders
    follow allowed transitions (pending -> cancelled + valid cancel_reason, delivered ->
    return requested / exchange requested, pending order -> full new address); if any address
    appears, every order and the customer's default address are listed; a changed order is
    mentioned by the customer; foreign orders never change.
Across files: 40 files, distinct customers, every class c01..c11 and lost present.
"""
import glob
import json
import os
import re
import sys

import yaml

from pathlib import Path

HERE = Path(__file__).resolve().parent
SET_DIR = HERE.parents[1]  # evaluations/trust
SHARED = HERE.parents[3].parent / "shared"  # ../shared beside the checkout

DB = json.load(open(str(SHARED / "data" / "tau2_retail" / "db.json")))
USERS, ORDERS = DB["users"], DB["orders"]
DIR = sys.argv[1] if len(sys.argv) > 1 else str(SET_DIR)

TOP_KEYS = {"name", "channel_user_id", "context", "turns", "final"}
TURN_KEYS = {"user", "expect", "agent", "release"}
EXPECT_KEYS = {"intent", "reply_contains", "reply_not_contains", "awaiting", "path_contains",
               "authenticated", "tool_calls"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
FINAL_KEYS = {"orders", "users", "handoff"}
ORDER_FINAL_KEYS = {"status", "cancel_reason", "address"}
ADDR_KEYS = {"address1", "address2", "city", "state", "country", "zip"}
REASONS = {"no longer needed", "ordered by mistake"}
CLASSES = [f"c{i:02d}" for i in range(1, 12)] + ["lost"]
HEADER_KEYS = ["class", "language", "customer", "scenario", "right outcome"]
ID_RE = re.compile(r"#W\d+")
CJK_RE = re.compile(r"[\u4e00-\u9fff]")
NAME_RE = re.compile(r"^b4_(c\d\d|lost)_(\d\d)_[a-z0-9_]+\.yaml$")


def addr_strings():
    out = set()
    for u in USERS.values():
        out.add(json.dumps(u["address"], sort_keys=True))
    for o in ORDERS.values():
        out.add(json.dumps(o["address"], sort_keys=True))
    return out


def norm(s):
    return re.sub(r"\s+", " ", s.strip().lower())


def has_token(needle, hay):
    """needle occurs in hay, not as part of a longer ASCII word or number."""
    return re.search(r"(?<![A-Za-z0-9])" + re.escape(norm(needle)) + r"(?![A-Za-z0-9])", norm(hay)) is not None


def parse_header(text):
    head = {}
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        m = re.match(r"#\s*([a-z ]+):\s*(.*)$", line)
        if m:
            head[m.group(1).strip()] = m.group(2).strip()
    return head


def check_file(path, errors, summary):
    fn = os.path.basename(path)
    err = lambda msg: errors.append(f"{fn}: {msg}")
    m = NAME_RE.match(fn)
    if not m:
        err("file name does not match b4_<class>_<nn>_<slug>.yaml")
        return
    cls = m.group(1)
    text = open(path, encoding="utf-8").read()
    head = parse_header(text)
    for k in HEADER_KEYS:
        if not head.get(k):
            err(f"missing header comment '# {k}:'")
    if head.get("class") != cls:
        err(f"header class {head.get('class')!r} != file-name class {cls!r}")
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        err(f"YAML does not parse: {e}")
        return
    if not isinstance(doc, dict):
        err("top level is not a mapping")
        return
    for k in doc:
        if k not in TOP_KEYS:
            err(f"unknown top-level key {k!r}")
    for k in ("name", "turns", "final"):
        if k not in doc:
            err(f"missing key {k!r}")
    if not isinstance(doc.get("name"), str) or not doc.get("name"):
        err("name must be a non-empty string")

    cust = (head.get("customer") or "").split(" ")[0]
    if cust not in USERS:
        err(f"customer {cust!r} not in db.json")
        return
    summary.append((fn, cls, head.get("language", ""), cust))
    foreign = set(ID_RE.findall(head.get("foreign", "")))
    malformed = set(ID_RE.findall(head.get("malformed", "")))
    for mid in malformed:
        if mid in ORDERS:
            err(f"declared malformed id {mid} is a real order")
    for fid in foreign:
        if fid not in ORDERS:
            err(f"declared foreign id {fid} is not in db.json")
        elif ORDERS[fid]["user_id"] == cust:
            err(f"declared foreign id {fid} belongs to the customer")
    own = set(USERS[cust]["orders"])

    # ---------------------------------------------------------------- turns
    turns = doc.get("turns")
    if not isinstance(turns, list) or not turns:
        err("turns must be a non-empty list")
        return
    n_expect = 0
    in_handoff = False
    handed_off = False  # the runner's final.handoff: handed to a human at any point
    user_texts = []
    first_user = None
    for i, t in enumerate(turns):
        where = f"turn {i + 1}"
        if not isinstance(t, dict):
            err(f"{where}: not a mapping")
            continue
        for k in t:
            if k not in TURN_KEYS:
                err(f"{where}: unknown turn key {k!r}")
        kinds = [k for k in ("user", "agent", "release") if k in t]
        if len(kinds) != 1:
            err(f"{where}: exactly one of user/agent/release expected, got {kinds}")
            continue
        kind = kinds[0]
        if "expect" in t and kind != "user":
            err(f"{where}: expect only on user turns")
        if kind == "agent":
            if not in_handoff:
                err(f"{where}: agent turn outside a handoff")
            if not isinstance(t["agent"], str) or not t["agent"].strip():
                err(f"{where}: agent text must be a non-empty string")
            continue
        if kind == "release":
            if t["release"] is not True:
                err(f"{where}: release must be true")
            if not in_handoff:
                err(f"{where}: release outside a handoff")
            in_handoff = False
            continue
        # user turn
        u = t["user"]
        if not isinstance(u, str) or not u.strip():
            err(f"{where}: user text must be a non-empty string")
            continue
        user_texts.append(u)
        if first_user is None:
            first_user = (i, t)
        ex = t.get("expect")
        if ex is None:
            if in_handoff:
                pass
            continue
        if not isinstance(ex, dict) or not ex:
            err(f"{where}: expect must be a non-empty mapping")
            continue
        n_expect += 1
        for k in ex:
            if k not in EXPECT_KEYS:
                err(f"{where}: unknown expect key {k!r}")
        if "awaiting" in ex and ex["awaiting"] not in AWAITING:
            err(f"{where}: awaiting {ex['awaiting']!r} not allowed")
        if "authenticated" in ex and not isinstance(ex["authenticated"], bool):
            err(f"{where}: authenticated must be true/false")
        for k in ("reply_contains", "reply_not_contains", "path_contains"):
            if k in ex and (not isinstance(ex[k], list) or not all(isinstance(x, str) and x for x in ex[k])):
                err(f"{where}: {k} must be a list of non-empty strings")
        if in_handoff and ex.get("awaiting", "human") != "human":
            err(f"{where}: during an open handoff only awaiting: human may be expected")
        if ex.get("awaiting") == "human":
            in_handoff = True
            handed_off = True
        for s in ex.get("reply_contains", []) or []:
            if ID_RE.fullmatch(s):
                continue
            ok = any(norm(s) in norm(a) for a in ADDR_TEXTS) or any(norm(s) in norm(x) for x in user_texts)
            if not ok:
                err(f"{where}: reply_contains {s!r} is neither an order id nor an address part")
    if n_expect == 0:
        err("no expectation in the file")
    if first_user is None:
        err("no user turn")
        return
    fi, ft = first_user
    if fi != 0:
        err("the first turn is not a user turn")
    if "authenticated" not in (ft.get("expect") or {}):
        err("first turn has no authenticated expectation")

    # identification in the first message
    u = USERS[cust]
    fu = ft["user"].lower()
    by_mail = u["email"].lower() in fu
    by_name = (u["name"]["first_name"].lower() in fu and u["name"]["last_name"].lower() in fu
               and u["address"]["zip"] in fu)
    if not (by_mail or by_name):
        err("first message does not identify (or name) the customer by e-mail or name+zip")
    third_party = "speaker is not the customer" in head.get("note", "")
    if third_party:
        if cls != "c08":
            err("third-party speaker only expected in class c08")
        if ft["expect"].get("authenticated") is not False:
            err("third-party speaker must expect authenticated: false")
    elif ft["expect"].get("authenticated") is not True:
        err("customer identifies in the first message: expected authenticated: true")

    # language
    lang = head.get("language", "").lower()
    cjk = [bool(CJK_RE.search(x)) for x in user_texts]
    if lang.startswith("chinese"):
        if not all(cjk):
            err("Chinese scenario with a customer message without Chinese text")
    elif lang.startswith("english"):
        if any(cjk):
            err("English scenario with Chinese customer text")
    else:
        err(f"unknown language {head.get('language')!r}")

    # ids
    body_ids = set(ID_RE.findall(text.split("\nname:", 1)[-1]))
    for oid in sorted(body_ids):
        if oid in own or oid in foreign or oid in malformed:
            continue
        if oid in ORDERS:
            err(f"{oid} belongs to {ORDERS[oid]['user_id']}, not the customer, and is not declared foreign")
        else:
            err(f"{oid} is not a real order and is not declared malformed")

    # ---------------------------------------------------------------- final
    final = doc.get("final")
    if not isinstance(final, dict):
        err("final must be a mapping")
        return
    for k in final:
        if k not in FINAL_KEYS:
            err(f"unknown final key {k!r}")
    if not isinstance(final.get("handoff"), bool):
        err("final.handoff must be true/false")
    elif final["handoff"] != handed_off:
        # changed after the first run: the runner's `handoff` says whether the session was
        # handed to a human at all (the writer had read it as "still open at the end")
        err(f"final.handoff={final['handoff']} but the session was {'' if handed_off else 'never '}handed off")
    forders = final.get("orders") or {}
    if not isinstance(forders, dict):
        err("final.orders must be a mapping")
        return
    missing = own - set(forders)
    if missing:
        err(f"final misses orders of the customer: {sorted(missing)}")
    any_addr = any(isinstance(v, dict) and "address" in v for v in forders.values()) or bool(final.get("users"))
    all_text = " ".join(user_texts)
    for oid, v in forders.items():
        if oid not in ORDERS:
            err(f"final order {oid} not in db.json")
            continue
        if oid not in own and oid not in foreign:
            err(f"final order {oid} is neither the customer's nor declared foreign")
        if not isinstance(v, dict):
            err(f"final order {oid} must be a mapping")
            continue
        for k in v:
            if k not in ORDER_FINAL_KEYS:
                err(f"final order {oid}: unknown field {k!r}")
        o = ORDERS[oid]
        st = v.get("status")
        if st is None:
            err(f"final order {oid}: no status")
        changed = False
        if st != o["status"]:
            changed = True
            if st == "cancelled":
                if o["status"] != "pending":
                    err(f"{oid}: cancelled but was {o['status']}")
                if v.get("cancel_reason") not in REASONS:
                    err(f"{oid}: cancel_reason {v.get('cancel_reason')!r} invalid")
            elif st in ("return requested", "exchange requested"):
                if o["status"] != "delivered":
                    err(f"{oid}: {st} but was {o['status']}")
            else:
                err(f"{oid}: status {st!r} is not a valid change from {o['status']!r}")
        if "cancel_reason" in v and st == o["status"]:
            err(f"{oid}: cancel_reason on an unchanged order")
        if any_addr and "address" not in v:
            err(f"{oid}: address scenario but no address listed")
        if "address" in v:
            a = v["address"]
            if not isinstance(a, dict) or set(a) != ADDR_KEYS:
                err(f"{oid}: address must have exactly {sorted(ADDR_KEYS)}")
            elif a != o["address"]:
                changed = True
                if o["status"] != "pending":
                    err(f"{oid}: address change on a {o['status']} order")
                if a.get("country") != "USA":
                    err(f"{oid}: country must be USA")
                if not all(isinstance(a[k], str) and a[k] for k in ADDR_KEYS):
                    err(f"{oid}: empty address field")
                for k in ("address1", "address2", "city", "state", "zip"):
                    if not has_token(str(a[k]), all_text):
                        err(f"{oid}: new address field {k}={a[k]!r} not given by the customer")
        if changed:
            if oid in foreign:
                err(f"{oid}: a foreign order must not change")
            if oid not in all_text:
                err(f"{oid}: changes but the customer never names it")
    fusers = final.get("users")
    if fusers is not None:
        if not isinstance(fusers, dict):
            err("final.users must be a mapping")
        else:
            for uid, v in fusers.items():
                if uid != cust:
                    err(f"final.users lists {uid}, not the customer")
                    continue
                if not isinstance(v, dict) or set(v) != {"address"}:
                    err(f"final.users.{uid} must hold only address")
                    continue
                a = v["address"]
                if not isinstance(a, dict) or set(a) != ADDR_KEYS:
                    err(f"final.users.{uid}.address must have exactly {sorted(ADDR_KEYS)}")
                elif a != USERS[uid]["address"]:
                    if a["country"] != "USA":
                        err(f"final.users.{uid}: country must be USA")
                    for k in ("address1", "address2", "city", "state", "zip"):
                        if not has_token(str(a[k]), all_text):
                            err(f"final.users.{uid}: new address field {k}={a[k]!r} not given by the customer")
    if any_addr and not (isinstance(fusers, dict) and cust in fusers):
        err("address scenario without the customer's default address in final.users")


ADDR_TEXTS = []
for _a in [u["address"] for u in USERS.values()] + [o["address"] for o in ORDERS.values()]:
    ADDR_TEXTS.append(f"{_a['address1']}, {_a['address2']}, {_a['city']}, {_a['state']} {_a['zip']}")


def main():
    files = sorted(glob.glob(os.path.join(DIR, "b4_*.yaml")))
    errors, summary = [], []
    for p in files:
        check_file(p, errors, summary)
    if len(files) != 40:
        errors.append(f"expected 40 scenario files, found {len(files)}")
    custs = [c for _, _, _, c in summary]
    dup = {c for c in custs if custs.count(c) > 1}
    if dup:
        errors.append(f"customers used more than once: {sorted(dup)}")
    classes = {c for _, c, _, _ in summary}
    for c in CLASSES:
        if c not in classes:
            errors.append(f"no scenario for class {c}")
    zh = sum(1 for _, _, l, _ in summary if l.lower().startswith("chinese"))
    print(f"{len(files)} files, {zh} Chinese, {len(set(custs))} distinct customers")
    for c in CLASSES:
        print(f"  {c}: {sum(1 for _, k, _, _ in summary if k == c)}")
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
