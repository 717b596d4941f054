#!/usr/bin/env python3
"""Check every b11_*.yaml scenario in a folder against the scenario schema and db.json.

Checks per file:
  * the file name is b11_<class>_<nn>_<slug>.yaml and the header comment has class (matching
    the file name), language (en|zh), customer, scenario and right outcome lines;
    an optional third_party line;
  * the body parses as YAML and uses only the schema's keys (top level, turn, expect, final,
    tool_calls) with the right value types, and holds at least one expectation;
  * the customer and third party exist in db.json and differ; channel_user_id, if set, is the
    customer; final.users only names the customer;
  * every order id (#W + 7 digits) in any turn, the name or final exists and belongs to the
    customer or the third party; every e-mail address in a turn belongs to one of them;
    no malformed #W id appears unless the header lists it under `malformed_ids:`;
  * every order in final.orders belongs to the customer, and its declared change is allowed by
    its current status: cancelled <- pending (reason 'no longer needed' | 'ordered by mistake'),
    address change <- pending, return requested <- delivered (items in the order, refund to the
    original method or a gift card of the customer), exchange requested <- delivered;
  * a 'No change' right outcome goes with an empty final.orders, and a zh file has Chinese
    customer turns.

Usage: python3 validate.py [DIR] [--db PATH]      (DIR defaults to this folder)
Exit status 0 when every file passes, 1 otherwise.
"""
import json
import os
import re
import sys

import yaml

DB_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "..", "shared", "data", "tau2_retail", "db.json")  # ../shared beside the checkout

TOP_KEYS = {"name", "channel_user_id", "context", "turns", "final"}
TURN_KEYS = {"user", "agent", "release", "expect"}
EXPECT_KEYS = {"intent", "reply_contains", "reply_not_contains", "awaiting", "path_contains",
               "authenticated", "tool_calls"}
TOOL_CALL_KEYS = {"tool", "success", "duplicate", "validation"}
FINAL_KEYS = {"orders", "users", "handoff"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
ORDER_FINAL_KEYS = {"status", "cancel_reason", "address", "return_items", "return_payment_method_id",
                    "exchange_items", "exchange_new_items", "exchange_payment_method_id",
                    "exchange_price_difference", "items", "payment_history"}
ADDRESS_KEYS = {"address1", "address2", "city", "country", "state", "zip"}
CANCEL_REASONS = {"no longer needed", "ordered by mistake"}
STATUSES = {"pending", "processed", "delivered", "cancelled", "return requested", "exchange requested"}
HEADER_RE = re.compile(r"^# (class|language|customer|third_party|scenario|right outcome|malformed_ids): (.*)$")
FILE_RE = re.compile(r"^b11_(\d+)_(\d{2})_[a-z0-9_]+\.yaml$")
ORDER_RE = re.compile(r"#W\d+")
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
CJK_RE = re.compile(r"[\u4e00-\u9fff]")
NON_CUSTOMER_DOMAINS = {"shop.example"}   # the store's own sender address in a pasted e-mail


def texts(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from texts(k)
            yield from texts(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from texts(v)


def check_file(path, db):
    errs = []
    users, orders, products = db["users"], db["orders"], db["products"]
    fname = os.path.basename(path)
    m = FILE_RE.match(fname)
    if not m:
        errs.append("file name does not match b11_<class>_<nn>_<slug>.yaml")
    raw = open(path, encoding="utf-8").read()

    # ---- header
    header = {}
    for line in raw.splitlines():
        if not line.startswith("#"):
            break
        hm = HEADER_RE.match(line)
        if not hm:
            errs.append("unrecognised header line: %r" % line)
            continue
        header[hm.group(1)] = hm.group(2)
    for key in ("class", "language", "customer", "scenario", "right outcome"):
        if key not in header:
            errs.append("header lacks '%s'" % key)
    cls = re.match(r"(\d+)", header.get("class", ""))
    if m and cls and cls.group(1) != m.group(1):
        errs.append("header class %s does not match the file name" % cls.group(1))
    lang = header.get("language", "").split(" ")[0]
    if lang not in ("en", "zh"):
        errs.append("language must be en or zh")
    customer = header.get("customer", "").strip()
    third = header.get("third_party", "").strip() or None
    malformed_ok = set(header.get("malformed_ids", "").split())
    if customer not in users:
        errs.append("customer %s not in db.json" % customer)
        return errs
    if third is not None:
        if third not in users:
            errs.append("third party %s not in db.json" % third)
            third = None
        elif third == customer:
            errs.append("third party is the customer")
    allowed_users = {customer} | ({third} if third else set())

    # ---- YAML + schema
    try:
        doc = yaml.safe_load(raw)
    except yaml.YAMLError as exc:
        return errs + ["YAML does not parse: %s" % exc]
    if not isinstance(doc, dict):
        return errs + ["top level is not a mapping"]
    for k in doc:
        if k not in TOP_KEYS:
            errs.append("unknown top-level key %r" % k)
    if not isinstance(doc.get("name"), str) or not doc.get("name"):
        errs.append("name missing")
    if doc.get("channel_user_id") not in (None, customer):
        errs.append("channel_user_id is not the customer")
    turns = doc.get("turns")
    if not isinstance(turns, list) or not turns:
        return errs + ["turns missing or empty"]
    n_expect = 0
    user_turns = []
    for i, t in enumerate(turns, 1):
        if not isinstance(t, dict):
            errs.append("turn %d is not a mapping" % i)
            continue
        for k in t:
            if k not in TURN_KEYS:
                errs.append("turn %d: unknown key %r" % (i, k))
        kinds = [k for k in ("user", "agent", "release") if k in t]
        if len(kinds) != 1:
            errs.append("turn %d: needs exactly one of user/agent/release" % i)
        if "user" in t:
            if not isinstance(t["user"], str) or not t["user"].strip():
                errs.append("turn %d: user text empty" % i)
            else:
                user_turns.append(t["user"])
        if "release" in t and t["release"] is not True:
            errs.append("turn %d: release must be true" % i)
        ex = t.get("expect")
        if ex is None:
            continue
        if not isinstance(ex, dict) or not ex:
            errs.append("turn %d: expect must be a non-empty mapping" % i)
            continue
        for k, v in ex.items():
            if k not in EXPECT_KEYS:
                errs.append("turn %d: unknown expect key %r" % (i, k))
                continue
            n_expect += 1
            if k in ("reply_contains", "reply_not_contains", "path_contains"):
                if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
                    errs.append("turn %d: %s must be a list of strings" % (i, k))
            elif k == "awaiting" and v not in AWAITING:
                errs.append("turn %d: awaiting %r invalid" % (i, v))
            elif k == "authenticated" and not isinstance(v, bool):
                errs.append("turn %d: authenticated must be a boolean" % i)
            elif k == "intent" and not isinstance(v, str):
                errs.append("turn %d: intent must be a string" % i)
            elif k == "tool_calls":
                if not isinstance(v, list):
                    errs.append("turn %d: tool_calls must be a list" % i)
                else:
                    for c in v:
                        if not isinstance(c, dict) or set(c) - TOOL_CALL_KEYS:
                            errs.append("turn %d: bad tool call %r" % (i, c))
    final = doc.get("final")
    if final is None:
        errs.append("final missing")
        final = {}
    if not isinstance(final, dict):
        return errs + ["final is not a mapping"]
    for k in final:
        if k not in FINAL_KEYS:
            errs.append("unknown final key %r" % k)
    if "handoff" in final and not isinstance(final["handoff"], bool):
        errs.append("final.handoff must be a boolean")
    n_expect += len(final)
    if n_expect == 0:
        errs.append("no expectation at all")

    # ---- languages
    if lang == "zh" and not any(CJK_RE.search(u) for u in user_turns):
        errs.append("zh file without Chinese customer turns")
    if lang == "en" and any(CJK_RE.search(u) for u in user_turns):
        errs.append("en file with Chinese customer turns")

    # ---- ids and e-mails mentioned anywhere
    owned = {o for uid in allowed_users for o in users[uid]["orders"]}
    emails = {users[uid]["email"].lower() for uid in allowed_users}
    for s in texts({"name": doc.get("name"), "turns": turns, "final": final}):
        for oid in ORDER_RE.findall(s):
            if not re.fullmatch(r"#W\d{7}", oid):
                if oid not in malformed_ok:
                    errs.append("malformed order id %s not declared in header" % oid)
                continue
            if oid not in orders:
                errs.append("order %s not in db.json" % oid)
            elif oid not in owned:
                errs.append("order %s belongs to %s, not the customer/third party" % (oid, orders[oid]["user_id"]))
        for em in EMAIL_RE.findall(s):
            if em.split("@", 1)[1].lower() in NON_CUSTOMER_DOMAINS:
                continue
            if em.lower() not in emails:
                errs.append("e-mail %s is not the customer's or third party's" % em)
    for s in texts(header):
        for oid in ORDER_RE.findall(s):
            if re.fullmatch(r"#W\d{7}", oid) and oid not in owned:
                errs.append("header names order %s not owned by customer/third party" % oid)
        for uid in re.findall(r"\b[a-z]+(?:_[a-z]+)+_\d{4}\b", s):
            if uid not in users:
                errs.append("header names unknown user id %s" % uid)

    # ---- final.users
    fu = final.get("users") or {}
    if not isinstance(fu, dict):
        errs.append("final.users must be a mapping")
        fu = {}
    for uid in fu:
        if uid != customer:
            errs.append("final.users changes %s, not the customer" % uid)

    # ---- final.orders
    fo = final.get("orders")
    if fo is None:
        fo = {}
    if not isinstance(fo, dict):
        return errs + ["final.orders must be a mapping"]
    cust = users[customer]
    for oid, ch in fo.items():
        if oid not in orders:
            errs.append("final order %s not in db.json" % oid)
            continue
        o = orders[oid]
        if o["user_id"] != customer:
            errs.append("final changes %s of %s, not the customer's" % (oid, o["user_id"]))
        if not isinstance(ch, dict) or not ch:
            errs.append("final order %s: change must be a non-empty mapping" % oid)
            continue
        for k in ch:
            if k not in ORDER_FINAL_KEYS:
                errs.append("final order %s: unknown field %r" % (oid, k))
        status = ch.get("status", o["status"])
        if status not in STATUSES:
            errs.append("final order %s: unknown status %r" % (oid, status))
        if status == "cancelled":
            if o["status"] != "pending":
                errs.append("final cancels %s whose status is %s" % (oid, o["status"]))
            if ch.get("cancel_reason") not in CANCEL_REASONS:
                errs.append("final order %s: cancel_reason %r invalid" % (oid, ch.get("cancel_reason")))
        elif "cancel_reason" in ch:
            errs.append("final order %s: cancel_reason without cancellation" % oid)
        if "address" in ch:
            a = ch["address"]
            if o["status"] != "pending":
                errs.append("final changes the address of %s whose status is %s" % (oid, o["status"]))
            if not isinstance(a, dict) or set(a) != ADDRESS_KEYS or not all(isinstance(v, str) for v in a.values()):
                errs.append("final order %s: address needs exactly %s as strings" % (oid, sorted(ADDRESS_KEYS)))
            elif a == o["address"]:
                errs.append("final order %s: address equals the current one" % oid)
            elif not re.fullmatch(r"\d{5}", a["zip"]):
                errs.append("final order %s: zip %r is not 5 digits" % (oid, a["zip"]))
        if status != "return requested" and {"return_items", "return_payment_method_id"} & set(ch):
            errs.append("final order %s: return fields without status 'return requested'" % oid)
        if status != "exchange requested" and {k for k in ch if k.startswith("exchange_")}:
            errs.append("final order %s: exchange fields without status 'exchange requested'" % oid)
        if status == "return requested":
            if o["status"] != "delivered":
                errs.append("final returns %s whose status is %s" % (oid, o["status"]))
            ids = [i["item_id"] for i in o["items"]]
            ri = ch.get("return_items") or []
            if not ri or any(ri.count(x) > ids.count(x) for x in ri):
                errs.append("final order %s: return_items %r not in the order" % (oid, ri))
            pm = ch.get("return_payment_method_id")
            original = o["payment_history"][0]["payment_method_id"]
            if pm not in cust["payment_methods"]:
                errs.append("final order %s: refund method %r not on the account" % (oid, pm))
            elif pm != original and cust["payment_methods"][pm]["source"] != "gift_card":
                errs.append("final order %s: refund must go to the original method or a gift card" % oid)
        if status == "exchange requested":
            if o["status"] != "delivered":
                errs.append("final exchanges %s whose status is %s" % (oid, o["status"]))
            old, new = ch.get("exchange_items") or [], ch.get("exchange_new_items") or []
            ids = [i["item_id"] for i in o["items"]]
            if not old or len(old) != len(new) or any(x not in ids for x in old):
                errs.append("final order %s: exchange items invalid" % oid)
            for x, y in zip(old, new):
                it = next((i for i in o["items"] if i["item_id"] == x), None)
                var = products[it["product_id"]]["variants"].get(y) if it else None
                if not var or not var["available"] or y == x:
                    errs.append("final order %s: %s is not an available other variant of %s" % (oid, y, x))
        if status == o["status"] and "address" not in ch and status in ("pending", "delivered", "processed"):
            if not set(ch) - {"status"}:
                errs.append("final order %s declares no change" % oid)

    outcome = header.get("right outcome", "")
    if outcome.lower().startswith("no change") and fo:
        errs.append("right outcome says no change but final.orders is not empty")
    if not outcome.lower().startswith("no change") and not fo:
        errs.append("final.orders is empty but the right outcome is not 'No change'")
    if ("handoff" in outcome or "to a human" in outcome) and final.get("handoff") is not True:
        errs.append("right outcome mentions a handoff but final.handoff is not true")
    return errs


def main(argv):
    args = list(argv)
    db_path = DB_PATH
    if "--db" in args:
        i = args.index("--db")
        db_path = args[i + 1]
        del args[i:i + 2]
    folder = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")  # evaluations/trust
    with open(db_path, encoding="utf-8") as fh:
        db = json.load(fh)
    files = sorted(f for f in os.listdir(folder) if f.startswith("b11_") and f.endswith(".yaml"))
    if not files:
        print("no b11_*.yaml files in %s" % folder)
        return 1
    bad = 0
    langs = {}
    for f in files:
        errs = check_file(os.path.join(folder, f), db)
        langs[f] = "zh" if "_zh_" in f else "en"
        if errs:
            bad += 1
            print("FAIL %s" % f)
            for e in errs:
                print("     - %s" % e)
        else:
            print("ok   %s" % f)
    n_zh = sum(1 for v in langs.values() if v == "zh")
    print("%d files, %d failing; %d Chinese, %d English" % (len(files), bad, n_zh, len(files) - n_zh))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
