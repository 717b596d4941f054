#!/usr/bin/env python3
"""Validate the p1_*.yaml conversations against db.json and FORMAT.md.

Prints one line per problem ("ERROR ...") and a summary; exit status 1 if any error.
Only p1_ files are read (the p2_/p3_ files of the other writers are not opened).
"""
import collections
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.environ.get("P1_OUT") or os.path.normpath(os.path.join(HERE, "..", ".."))
DB = "/work/shared/data/tau2_retail/db.json"

NAME_RE = re.compile(r"^p1_(\d\d)_(zh_)?[a-z0-9]+(?:-[a-z0-9]+)*\.yaml$")
HEAD = ["class", "language", "customer", "scenario", "right outcome"]
EXPECT_KEYS = {"authenticated", "awaiting", "reply_contains", "reply_not_contains"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
ORDER_FIELDS = {"status", "address", "cancel_reason"}
CANCEL_REASONS = {"no longer needed", "ordered by mistake"}
LEGAL = {  # db status -> statuses a legal change may leave
    "pending": {"cancelled", "pending (item modified)"},
    "delivered": {"return requested", "exchange requested"},
}
OID_RE = re.compile(r"#W\d{7}")
CJK_RE = re.compile(r"[\u4e00-\u9fff]")
ADDR_KEYS = ["address1", "address2", "city", "country", "state", "zip"]

errors = []


def err(f, msg):
    errors.append("ERROR %s: %s" % (f, msg))


def norm(t):
    return re.sub(r"\s+", " ", t.lower()).strip()


def check_address(f, where, got, orig, typed, may_change):
    if not isinstance(got, dict) or sorted(got) != sorted(ADDR_KEYS):
        err(f, "%s: address must have exactly the keys %s" % (where, ADDR_KEYS))
        return False
    if got == orig:
        return False
    if not may_change:
        err(f, "%s: address differs from db.json but may not change" % where)
        return False
    if got["country"] != "USA":
        err(f, "%s: new address country must be USA" % where)
    for k in ["address1", "address2", "city", "state", "zip"]:
        v = got[k]
        if not isinstance(v, str):
            err(f, "%s: %s must be a string" % (where, k))
        elif v and norm(v) not in typed:
            err(f, "%s: new address %s %r was not typed by the customer" % (where, k, v))
    return True


def main():
    db = json.load(open(DB))
    users, orders = db["users"], db["orders"]
    name_count = collections.Counter(
        (u["name"]["first_name"].lower(), u["name"]["last_name"].lower()) for u in users.values())

    files = sorted(f for f in os.listdir(OUT) if f.startswith("p1_"))
    seen_nn, seen_user = {}, {}
    all_turns = collections.defaultdict(list)
    n_zh = n_change = 0
    kinds = collections.Counter()

    for f in files:
        m = NAME_RE.match(f)
        if not m:
            err(f, "file name does not match p1_NN_[zh_]<slug>.yaml")
            continue
        nn = int(m.group(1))
        if not 1 <= nn <= 42:
            err(f, "NN out of range")
        if nn in seen_nn:
            err(f, "NN %02d also used by %s" % (nn, seen_nn[nn]))
        seen_nn[nn] = f
        text = open(os.path.join(OUT, f), encoding="utf-8").read()

        # header comments
        head = {}
        for line in text.splitlines()[:len(HEAD)]:
            mm = re.match(r"^# ([a-z ]+): (.+)$", line)
            if mm:
                head[mm.group(1)] = mm.group(2).strip()
        for k in HEAD:
            if k not in head:
                err(f, "missing header comment '# %s:'" % k)
        lang = head.get("language")
        if lang not in ("en", "zh"):
            err(f, "language must be en or zh")
        if (lang == "zh") != bool(m.group(2)):
            err(f, "language %s does not match the file name" % lang)
        n_zh += lang == "zh"

        try:
            doc = yaml.safe_load(text)
        except yaml.YAMLError as e:
            err(f, "YAML: %s" % e)
            continue
        if not isinstance(doc, dict) or set(doc) != {"name", "turns", "final"}:
            err(f, "top-level keys must be name, turns, final")
            continue
        if not str(doc["name"]).startswith("p1 %02d: " % nn):
            err(f, "name must start with 'p1 %02d: '" % nn)

        # customer
        uid = head.get("customer")
        if uid not in users:
            err(f, "customer %r not in db.json" % uid)
            continue
        u = users[uid]
        fn, ln = u["name"]["first_name"], u["name"]["last_name"]
        if fn[0] not in "ACDEF":
            err(f, "customer first name %s does not start with A/C/D/E/F" % fn)
        if name_count[(fn.lower(), ln.lower())] != 1:
            err(f, "customer name %s %s is not unique in db.json" % (fn, ln))
        if uid in seen_user:
            err(f, "customer %s also used in %s" % (uid, seen_user[uid]))
        seen_user[uid] = f

        # turns
        turns = doc["turns"]
        if not isinstance(turns, list) or not turns:
            err(f, "turns must be a non-empty list")
            continue
        user_texts = []
        sessions_logged = set()
        in_handoff = False
        handed_off_first = False
        for i, t in enumerate(turns, 1):
            if not isinstance(t, dict):
                err(f, "turn %d is not a mapping" % i)
                continue
            main = [k for k in ("user", "agent", "release") if k in t]
            if len(main) != 1:
                err(f, "turn %d must have exactly one of user/agent/release" % i)
                continue
            extra = set(t) - {"user", "agent", "release", "session", "expect"}
            if extra:
                err(f, "turn %d has unknown keys %s" % (i, sorted(extra)))
            sess = t.get("session", "first")
            if main[0] == "user":
                txt = t["user"]
                if not isinstance(txt, str) or not txt.strip():
                    err(f, "turn %d: empty user text" % i)
                    continue
                user_texts.append(txt)
                all_turns[norm(txt)].append(f)
                if lang == "zh" and not CJK_RE.search(txt) and not re.fullmatch(r"[^\w]+", txt):
                    err(f, "turn %d: Chinese file but no Chinese text: %r" % (i, txt))
                if lang == "en" and CJK_RE.search(txt):
                    err(f, "turn %d: English file with Chinese text" % i)
                for oid in OID_RE.findall(txt):
                    if oid not in orders:
                        err(f, "turn %d: %s not in db.json" % (i, oid))
                    elif orders[oid]["user_id"] != uid:
                        err(f, "turn %d: %s belongs to %s, not %s" % (i, oid, orders[oid]["user_id"], uid))
            elif main[0] == "agent":
                if not in_handoff:
                    err(f, "turn %d: agent speaks without a handoff" % i)
                for oid in OID_RE.findall(str(t["agent"])):
                    if oid not in orders or orders[oid]["user_id"] != uid:
                        err(f, "turn %d: agent mentions foreign/unknown %s" % (i, oid))
            else:
                if t["release"] is not True:
                    err(f, "turn %d: release must be true" % i)
                if not in_handoff:
                    err(f, "turn %d: release without a handoff" % i)
                in_handoff = False
            e = t.get("expect")
            if e is not None:
                if main[0] != "user":
                    err(f, "turn %d: expect on a non-user turn" % i)
                if not isinstance(e, dict):
                    err(f, "turn %d: expect must be a mapping" % i)
                    continue
                bad = set(e) - EXPECT_KEYS
                if bad:
                    err(f, "turn %d: expect keys not allowed: %s" % (i, sorted(bad)))
                if "awaiting" in e and e["awaiting"] not in AWAITING:
                    err(f, "turn %d: bad awaiting %r" % (i, e["awaiting"]))
                if e.get("awaiting") == "human":
                    in_handoff = True
                    if sess == "first":
                        handed_off_first = True
                for k in ("reply_contains", "reply_not_contains"):
                    if k in e and (not isinstance(e[k], list) or not all(isinstance(x, str) for x in e[k])):
                        err(f, "turn %d: %s must be a list of strings" % (i, k))
                    for x in e.get(k, []):
                        for oid in OID_RE.findall(x):
                            if oid not in orders or orders[oid]["user_id"] != uid:
                                err(f, "turn %d: %s mentions foreign/unknown %s" % (i, k, oid))
                if "authenticated" in e:
                    if not isinstance(e["authenticated"], bool):
                        err(f, "turn %d: authenticated must be true/false" % i)
                    elif e["authenticated"] and sess not in sessions_logged:
                        # the login turn must carry the customer's email or full name + zip
                        low = txt.lower()
                        ok = u["email"].lower() in low or (
                            fn.lower() in low and ln.lower() in low and u["address"]["zip"] in txt)
                        if not ok:
                            err(f, "turn %d: login turn lacks the customer's email or name+zip" % i)
                        sessions_logged.add(sess)
                if e.get("awaiting") == "confirmation" and main[0] == "user" and sess not in sessions_logged:
                    err(f, "turn %d: awaiting confirmation before any login in session %s" % (i, sess))
        if "first" not in sessions_logged:
            err(f, "no turn marks the login (authenticated: true) in the first conversation")
        typed = norm(" ".join(user_texts))

        # final
        fin = doc["final"]
        if not isinstance(fin, dict) or not set(fin) <= {"orders", "users", "handoff"}:
            err(f, "final keys must be among orders, users, handoff")
            continue
        if fin.get("handoff") is not None and not isinstance(fin.get("handoff"), bool):
            err(f, "final.handoff must be a boolean")
        if bool(fin.get("handoff")) != handed_off_first:
            err(f, "final.handoff=%s but handoff in first conversation=%s" % (fin.get("handoff"), handed_off_first))
        changed = []
        for oid, val in (fin.get("orders") or {}).items():
            if oid not in orders:
                err(f, "final: %s not in db.json" % oid)
                continue
            o = orders[oid]
            if o["user_id"] != uid:
                err(f, "final: %s belongs to %s" % (oid, o["user_id"]))
            if not isinstance(val, dict) or not val:
                err(f, "final: %s must list fields" % oid)
                continue
            bad = set(val) - ORDER_FIELDS
            if bad:
                err(f, "final: %s has fields not allowed %s" % (oid, sorted(bad)))
            st = val.get("status", o["status"])
            if st != o["status"]:
                if st not in LEGAL.get(o["status"], set()):
                    err(f, "final: %s %s -> %s is not a legal change" % (oid, o["status"], st))
                else:
                    changed.append((oid, st))
                    kinds[st] += 1
            if "cancel_reason" in val:
                if st != "cancelled" or o["status"] != "pending":
                    err(f, "final: %s cancel_reason without a cancellation" % oid)
                if val["cancel_reason"] not in CANCEL_REASONS:
                    err(f, "final: %s bad cancel_reason %r" % (oid, val["cancel_reason"]))
            elif st == "cancelled" and o["status"] == "pending":
                err(f, "final: %s cancelled without cancel_reason" % oid)
            if "address" in val:
                if check_address(f, "final " + oid, val["address"], o["address"], typed,
                                 o["status"] == "pending" and st == "pending"):
                    changed.append((oid, "address"))
                    kinds["order address"] += 1
            if st in ("pending (item modified)",) and "address" in val and val["address"] != o["address"]:
                err(f, "final: %s modified and re-addressed at once" % oid)
        for oid in OID_RE.findall(" ".join(user_texts)):
            if oid not in (fin.get("orders") or {}):
                err(f, "final does not declare %s, which the conversation names" % oid)
        for u2, val in (fin.get("users") or {}).items():
            if u2 != uid:
                err(f, "final: user %s is not the customer" % u2)
                continue
            if not isinstance(val, dict) or set(val) - {"address"}:
                err(f, "final: user %s may only declare address" % u2)
                continue
            if "address" in val and check_address(f, "final user", val["address"], u["address"], typed, True):
                changed.append((uid, "default address"))
                kinds["default address"] += 1
        if len(changed) > 0:
            n_change += 1
        # header consistency: 'No change' files must not change anything
        if head.get("right outcome", "").lower().startswith("no change") and changed:
            err(f, "right outcome says no change but final changes %s" % changed)
        if not head.get("right outcome", "").lower().startswith("no change") and not changed:
            err(f, "final changes nothing but right outcome does not start with 'No change'")

    for nn in range(1, 43):
        if nn not in seen_nn:
            errors.append("ERROR: p1_%02d missing" % nn)
    for t, fs in all_turns.items():
        # a bare one-word acknowledgement ("ok", "嗯", "好的") is the act under test, not a copied phrasing
        if len(set(fs)) > 1 and (len(t.split()) > 1 or len(t) > 3):
            errors.append("ERROR: the same customer turn %r appears in %s" % (t, sorted(set(fs))))
    if n_zh < 17:
        errors.append("ERROR: only %d Chinese files (need >= 17)" % n_zh)

    for e in errors:
        print(e)
    print("files: %d  chinese: %d  with a change: %d  without: %d" % (
        len(files), n_zh, n_change, len(files) - n_change))
    print("changes by kind: %s" % dict(kinds))
    print("errors: %d" % len(errors))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
