#!/usr/bin/env python3
"""Check every b10_*.yaml scenario in a folder against the schema and db.json.

Checks per file:
  * parses as YAML; only the schema's keys (top level, turns, expect, final);
    at least one expectation; awaiting values valid;
  * the comment header names class, language, customer, scenario and right outcome;
    the class matches the file name; Chinese files contain Chinese customer text;
  * every order id (#W + 7 digits) in the turns and in final exists in db.json and
    belongs to the stated customer (or, for class 8, to the named third party);
    anything else that looks like an order id is declared in malformed_ids and
    is not a real order;
  * the customer authenticates somewhere with their real name + zip or email;
  * final: only the customer's orders/user; the declared status is reachable from
    the order's current status (cancel/address: pending; return/exchange: delivered),
    cancel reasons valid, returned/exchanged items in the order, refund method the
    original one or a gift card, exchange variants of the same product, available,
    price difference right, addresses complete;
  * class 8 files carry an `authenticated: false` expectation and never touch the
    third party.

Usage: python3 validate.py [DIR] [--db PATH]
"""
import collections
import json
import os
import re
import sys

import yaml

DB_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "..", "shared", "data", "tau2_retail", "db.json")  # ../shared beside the checkout

TOP_KEYS = {"name", "channel_user_id", "context", "turns", "final"}
TURN_KEYS = {"user", "expect", "agent", "release"}
EXPECT_KEYS = {"intent", "reply_contains", "reply_not_contains", "awaiting", "path_contains",
               "authenticated", "tool_calls"}
FINAL_KEYS = {"orders", "users", "handoff"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
ORDER_FIELDS = {"status", "cancel_reason", "address", "return_items", "return_payment_method_id",
                "exchange_items", "exchange_new_items", "exchange_payment_method_id",
                "exchange_price_difference", "items", "payment_history"}
USER_FIELDS = {"address", "payment_methods"}
ADDRESS_FIELDS = {"address1", "address2", "city", "country", "state", "zip"}
CANCEL_REASONS = {"no longer needed", "ordered by mistake"}
HEADER_KEYS = ["class", "language", "customer", "scenario", "right outcome"]
FNAME = re.compile(r"^b10_(\d+)_(\d\d)_[a-z0-9_]+\.yaml$")
ORDER_TOKEN = re.compile(r"#W[0-9A-Za-z]*")
CJK = re.compile(r"[\u4e00-\u9fff]")


def load_db(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def parse_header(text):
    hdr = {}
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        body = line[1:].strip()
        if ":" in body:
            k, v = body.split(":", 1)
            hdr[k.strip()] = v.strip()
    return hdr


def check_address(a, where, errs):
    if not isinstance(a, dict):
        errs.append("%s: address is not a mapping" % where)
        return
    if set(a) != ADDRESS_FIELDS:
        errs.append("%s: address fields %s != %s" % (where, sorted(a), sorted(ADDRESS_FIELDS)))
    for k, v in a.items():
        if not isinstance(v, str):
            errs.append("%s: address.%s is not a string" % (where, k))
    if not re.fullmatch(r"\d{5}", str(a.get("zip", ""))):
        errs.append("%s: zip %r is not 5 digits" % (where, a.get("zip")))


def check_file(path, db):
    errs = []
    fname = os.path.basename(path)
    m = FNAME.match(fname)
    if not m:
        errs.append("file name does not match b10_<class>_<nn>_<slug>.yaml")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        return ["YAML error: %s" % e]
    if not isinstance(doc, dict):
        return ["top level is not a mapping"]

    hdr = parse_header(text)
    for k in HEADER_KEYS:
        if k not in hdr:
            errs.append("header lacks '%s'" % k)
    cls = int(hdr.get("class", "0").split()[0]) if hdr.get("class", "").split() else 0
    if m and int(m.group(1)) != cls:
        errs.append("class in file name (%s) != header class (%s)" % (m.group(1), cls))
    lang = hdr.get("language")
    if lang not in ("en", "zh"):
        errs.append("language must be en or zh, got %r" % lang)

    users, orders, products = db["users"], db["orders"], db["products"]
    cust_id = hdr.get("customer", "").split()[0] if hdr.get("customer") else ""
    customer = users.get(cust_id)
    if cust_id != "none" and customer is None:
        errs.append("customer %r is not a user in db.json" % cust_id)
    third_id = hdr.get("third_party")
    third = users.get(third_id) if third_id else None
    if third_id and third is None:
        errs.append("third party %r is not a user in db.json" % third_id)
    if third_id and third_id == cust_id:
        errs.append("third party is the customer")
    malformed = [x.strip() for x in hdr.get("malformed_ids", "").split(",") if x.strip()]

    # ---- schema
    for k in doc:
        if k not in TOP_KEYS:
            errs.append("unknown top-level key %r" % k)
    turns = doc.get("turns")
    if not isinstance(turns, list) or not turns:
        errs.append("turns missing or empty")
        turns = []
    n_expect = 0
    user_texts, all_texts = [], []
    auth_false = 0
    for i, t in enumerate(turns):
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
                user_texts.append(t["user"])
                all_texts.append(t["user"])
        if "agent" in t:
            all_texts.append(str(t["agent"]))
        if "release" in t and t["release"] is not True:
            errs.append("turn %d: release must be true" % i)
        ex = t.get("expect")
        if ex is not None:
            if "user" not in t:
                errs.append("turn %d: expect on a non-user turn" % i)
            if not isinstance(ex, dict) or not ex:
                errs.append("turn %d: expect empty or not a mapping" % i)
                continue
            for k, v in ex.items():
                if k not in EXPECT_KEYS:
                    errs.append("turn %d: unknown expect key %r" % (i, k))
                n_expect += 1
                if k == "awaiting" and v not in AWAITING:
                    errs.append("turn %d: awaiting %r invalid" % (i, v))
                if k == "authenticated":
                    if not isinstance(v, bool):
                        errs.append("turn %d: authenticated must be a bool" % i)
                    elif v is False:
                        auth_false += 1
                if k in ("reply_contains", "reply_not_contains", "path_contains"):
                    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                        errs.append("turn %d: %s must be a list of strings" % (i, k))
    final = doc.get("final")
    if final is not None:
        if not isinstance(final, dict):
            errs.append("final is not a mapping")
            final = {}
        for k in final:
            if k not in FINAL_KEYS:
                errs.append("unknown final key %r" % k)
        n_expect += 1
    else:
        final = {}
    if n_expect == 0:
        errs.append("no expectation at all")
    if "handoff" in final and not isinstance(final["handoff"], bool):
        errs.append("final.handoff must be a bool")

    # ---- language
    cjk_turns = sum(1 for u in user_texts if CJK.search(u))
    if lang == "zh" and cjk_turns < len(user_texts) - 0:
        if cjk_turns == 0 or cjk_turns < len(user_texts):
            errs.append("zh file has %d/%d user turns without Chinese" % (len(user_texts) - cjk_turns, len(user_texts)))
    if lang == "en" and cjk_turns:
        errs.append("en file has Chinese user turns")

    # ---- order ids mentioned
    allowed_owners = {x for x in (cust_id, third_id) if x}
    mentioned = []
    for txt in all_texts + [hdr.get("scenario", ""), hdr.get("right outcome", "")]:
        mentioned += ORDER_TOKEN.findall(txt)
    for tok in mentioned:
        if re.fullmatch(r"#W\d{7}", tok):
            o = orders.get(tok)
            if o is None:
                errs.append("order %s does not exist" % tok)
            elif o["user_id"] not in allowed_owners:
                errs.append("order %s belongs to %s, not to %s" % (tok, o["user_id"], sorted(allowed_owners)))
        elif tok not in malformed:
            errs.append("order-like token %r is neither a real id nor declared in malformed_ids" % tok)
    for mal in malformed:
        if mal in orders:
            errs.append("declared malformed id %s is a real order" % mal)
        if not any(mal in t for t in user_texts):
            errs.append("declared malformed id %s is not used in a user turn" % mal)
        if mal.startswith("#W") and not any(mal in t and not re.search(re.escape(mal) + r"\d", t)
                                            for t in user_texts):
            errs.append("malformed id %s only appears as a prefix of a longer id" % mal)
    if cls == 6 and not malformed:
        errs.append("class 6 file declares no malformed_ids")

    # ---- authentication of the customer
    if customer is not None:
        name = ("%s %s" % (customer["name"]["first_name"], customer["name"]["last_name"])).lower()
        zip_ = customer["address"]["zip"]
        ok = any((name in u.lower() and zip_ in u) or customer["email"].lower() in u.lower()
                 for u in user_texts)
        if not ok:
            errs.append("customer %s never authenticates with name+zip or email" % cust_id)

    # ---- third party
    if cls == 8:
        if third is None:
            errs.append("class 8 file names no third party")
        else:
            tname = ("%s %s" % (third["name"]["first_name"], third["name"]["last_name"])).lower()
            if not any(tname in u.lower() for u in user_texts):
                errs.append("third party's name does not appear in the turns")
        if cust_id != "none" and customer is None:
            pass
    if third is not None:
        if auth_false == 0 and cls == 8 and cust_id == "none":
            errs.append("class 8 without customer needs authenticated: false")
        fo = final.get("orders") or {}
        for oid in fo:
            if oid in orders and orders[oid]["user_id"] == third_id:
                errs.append("final changes the third party's order %s" % oid)
        if third_id in (final.get("users") or {}):
            errs.append("final changes the third party's profile")
    if cls == 8 and auth_false == 0 and third is not None:
        first = user_texts[0].lower() if user_texts else ""
        tname = ("%s %s" % (third["name"]["first_name"], third["name"]["last_name"])).lower()
        if cust_id == "none" or tname in first:
            errs.append("class 8 file names the third party before any login but has no "
                        "authenticated: false expectation")

    # ---- final orders
    fo = final.get("orders") or {}
    if not isinstance(fo, dict):
        errs.append("final.orders is not a mapping")
        fo = {}
    for oid, decl in fo.items():
        o = orders.get(oid)
        if o is None:
            errs.append("final: order %s does not exist" % oid)
            continue
        if o["user_id"] != cust_id:
            errs.append("final: order %s belongs to %s, not the customer" % (oid, o["user_id"]))
        if not isinstance(decl, dict) or not decl:
            errs.append("final: order %s declaration empty" % oid)
            continue
        for k in decl:
            if k not in ORDER_FIELDS:
                errs.append("final: order %s unknown field %r" % (oid, k))
        owner = users.get(o["user_id"], {})
        pms = owner.get("payment_methods", {})
        st = decl.get("status")
        cur = o["status"]
        if st is not None and st not in ("pending", "processed", "delivered", "cancelled",
                                         "return requested", "exchange requested",
                                         "pending (item modified)"):
            errs.append("final: order %s status %r invalid" % (oid, st))
        if st == "cancelled":
            if cur != "pending":
                errs.append("final: %s cancelled but it is %s" % (oid, cur))
            if decl.get("cancel_reason") not in CANCEL_REASONS:
                errs.append("final: %s cancel_reason %r invalid" % (oid, decl.get("cancel_reason")))
        elif "cancel_reason" in decl:
            errs.append("final: %s has cancel_reason without status cancelled" % oid)
        if "address" in decl:
            if cur != "pending":
                errs.append("final: %s address change but it is %s" % (oid, cur))
            check_address(decl["address"], "final %s" % oid, errs)
            if decl["address"] == o["address"]:
                errs.append("final: %s address equals the current one (no change)" % oid)
        if st == "return requested":
            if cur != "delivered":
                errs.append("final: %s return but it is %s" % (oid, cur))
            ids = decl.get("return_items") or []
            have = collections.Counter(it["item_id"] for it in o["items"])
            for iid, n in collections.Counter(ids).items():
                if have[iid] < n:
                    errs.append("final: %s return item %s not in order (x%d)" % (oid, iid, n))
            if ids != sorted(ids):
                errs.append("final: %s return_items not sorted (tau2 stores them sorted)" % oid)
            pid = decl.get("return_payment_method_id")
            if pid not in pms:
                errs.append("final: %s refund method %r not the customer's" % (oid, pid))
            elif pid != o["payment_history"][0]["payment_method_id"] and pms[pid]["source"] != "gift_card":
                errs.append("final: %s refund method %s is neither original nor a gift card" % (oid, pid))
        if st == "exchange requested":
            if cur != "delivered":
                errs.append("final: %s exchange but it is %s" % (oid, cur))
            old = decl.get("exchange_items") or []
            new = decl.get("exchange_new_items") or []
            if len(old) != len(new) or not old:
                errs.append("final: %s exchange lists differ in length" % oid)
            diff = 0.0
            for iid, nid in zip(old, new):
                it = next((x for x in o["items"] if x["item_id"] == iid), None)
                if it is None:
                    errs.append("final: %s exchange item %s not in order" % (oid, iid))
                    continue
                var = products[it["product_id"]]["variants"].get(nid)
                if var is None:
                    errs.append("final: %s new item %s is not a variant of %s" % (oid, nid, it["name"]))
                    continue
                if not var["available"]:
                    errs.append("final: %s new item %s is not available" % (oid, nid))
                if nid == iid:
                    errs.append("final: %s new item equals old item" % oid)
                diff += var["price"] - it["price"]
            if decl.get("exchange_payment_method_id") not in pms:
                errs.append("final: %s exchange payment method not the customer's" % oid)
            if "exchange_price_difference" in decl and round(diff, 2) != decl["exchange_price_difference"]:
                errs.append("final: %s price difference %s != %s" % (oid, decl["exchange_price_difference"],
                                                                      round(diff, 2)))
        if st is None and "address" not in decl:
            errs.append("final: %s declares neither a status nor an address" % oid)

    fu = final.get("users") or {}
    for uid, decl in fu.items():
        if uid != cust_id:
            errs.append("final: user %s is not the customer" % uid)
        if uid not in users:
            errs.append("final: user %s does not exist" % uid)
            continue
        for k in decl:
            if k not in USER_FIELDS:
                errs.append("final: user %s unknown field %r" % (uid, k))
        if "address" in decl:
            check_address(decl["address"], "final user %s" % uid, errs)

    if cls in (9, 10) and final.get("handoff") is not True:
        errs.append("class %d file should declare handoff: true" % cls)
    return errs


def main(argv):
    args = list(argv)
    db_path = DB_PATH
    if "--db" in args:
        i = args.index("--db")
        db_path = args[i + 1]
        del args[i:i + 2]
    folder = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")  # evaluations/trust
    db = load_db(db_path)
    files = sorted(f for f in os.listdir(folder) if f.startswith("b10_") and f.endswith(".yaml"))
    if not files:
        print("no scenario files in %s" % folder)
        return 2
    bad = 0
    langs = collections.Counter()
    classes = collections.Counter()
    customers = collections.Counter()
    for f in files:
        path = os.path.join(folder, f)
        errs = check_file(path, db)
        hdr = parse_header(open(path, encoding="utf-8").read())
        langs[hdr.get("language")] += 1
        classes[hdr.get("class", "?").split()[0]] += 1
        customers[hdr.get("customer", "").split()[0] if hdr.get("customer") else ""] += 1
        if errs:
            bad += 1
            print("FAIL %s" % f)
            for e in errs:
                print("     - %s" % e)
        else:
            print("ok   %s" % f)
    dup = [c for c, n in customers.items() if n > 1 and c != "none"]
    if dup:
        print("customers used more than once: %s" % dup)
    print("%d files, %d failing; languages %s; classes %s"
          % (len(files), bad, dict(langs), dict(sorted(classes.items(), key=lambda kv: int(kv[0])))))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
