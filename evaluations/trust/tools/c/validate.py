#!/usr/bin/env python3
"""Validator for the blind3 conversation set (independent of generate.py).

Checks every b3_*.yaml in the parent folder against
  * the scenario format (YAML parses; only known keys; >= 1 expectation; turn shapes;
    allowed `awaiting` values; final block shape),
  * /work/shared/data/tau2_retail/db.json (ids, ownership, unchanged entries, every order
    of every involved user listed, addresses where at stake),
  * policy.md rules for the declared changes (cancel only pending with an allowed reason,
    order address only on pending, return only delivered, full USA address blocks),
  * identification (name + zip / email resolve to exactly the intended user; wrong guesses
    and third-party data resolve as declared), and the set conventions (file names, header
    comment, unique customers with unique names, zh files in Chinese, class-specific shapes).

Exit status 1 if any error. Usage: python3 validate.py [folder]
"""
import glob
import json
import os
import re
import sys
from collections import Counter

import yaml

DB_PATH = str(__import__("pathlib").Path(__file__).resolve().parents[4].parent / "shared/data/tau2_retail/db.json")
HERE = (sys.argv[1] if len(sys.argv) > 1
        else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

TOP_KEYS = {"name", "channel_user_id", "context", "turns", "final"}
TURN_KEYS = {"user", "expect", "agent", "release"}
EXPECT_KEYS = {"intent", "reply_contains", "reply_not_contains", "awaiting", "path_contains",
               "authenticated", "tool_calls"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
FINAL_KEYS = {"orders", "users", "handoff"}
ADDR_KEYS = ["address1", "address2", "city", "state", "country", "zip"]
REASONS = {"no longer needed", "ordered by mistake"}
ID_RE = re.compile(r"(?<![A-Za-z0-9])#?W\d+")
CJK_RE = re.compile(r"[\u4e00-\u9fff]")
NAME_RE = re.compile(r"^b3_(c(\d{1,2})|lost)_(\d\d)_(zh_)?[a-z0-9_]+\.yaml$")

db = json.load(open(DB_PATH))
USERS, ORDERS = db["users"], db["orders"]
NAME_COUNT = Counter((u["name"]["first_name"].lower(), u["name"]["last_name"].lower())
                     for u in USERS.values())


def by_name_zip(name, zip_):
    first, last = name.lower().split(" ", 1)
    return [uid for uid, u in USERS.items()
            if u["name"]["first_name"].lower() == first
            and u["name"]["last_name"].lower() == last and u["address"]["zip"] == zip_]


def by_email(email):
    return [uid for uid, u in USERS.items() if u["email"].lower() == email.lower()]


def norm_id(s):
    return "#W" + re.sub(r"\D", "", s)


def addr_of(a):
    return {k: a[k] for k in ADDR_KEYS}


def check_file(path, errors, info):
    fn = os.path.basename(path)

    def err(msg):
        errors.append(f"{fn}: {msg}")

    text = open(path, encoding="utf-8").read()
    m = NAME_RE.match(fn)
    if not m:
        err("file name does not match b3_cN_NN_slug.yaml / b3_lost_NN_slug.yaml")
        return
    cls = m.group(2) or "lost"
    is_zh_name = bool(m.group(4))

    # ---- header comment ------------------------------------------------------------
    head = []
    for line in text.splitlines():
        if line.startswith("#"):
            head.append(line)
        else:
            break
    joined = "\n".join(head)
    for tag in ("# class:", "# language:", "# customer:", "# right outcome:", "# meta:"):
        if tag not in joined:
            err(f"header comment lacks '{tag}'")
    meta_line = [l for l in head if l.startswith("# meta: ")]
    if not meta_line:
        return
    meta = json.loads(meta_line[0][len("# meta: "):])
    if meta["class"] != cls:
        err(f"meta class {meta['class']} != file name class {cls}")
    if (meta["lang"] == "zh") != is_zh_name:
        err("_zh_ in the name iff lang zh")

    NO_ECHO = set(meta.get("no_echo", []))
    if NO_ECHO and cls != "11":
        err("must-not-echo strings are a class-11 device")

    # ---- YAML + schema -------------------------------------------------------------
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
    turns = doc.get("turns") or []
    final = doc.get("final") or {}
    n_expect = 0
    user_texts = []
    handoff_seen = release_seen = False
    in_handoff = False
    for i, t in enumerate(turns):
        if not isinstance(t, dict):
            err(f"turn {i} is not a mapping")
            continue
        for k in t:
            if k not in TURN_KEYS:
                err(f"turn {i}: unknown key {k!r}")
        kinds = [k for k in ("user", "agent", "release") if k in t]
        if len(kinds) != 1:
            err(f"turn {i}: needs exactly one of user/agent/release")
        if "release" in t and t["release"] is not True:
            err(f"turn {i}: release must be true")
        if "agent" in t and not in_handoff:
            err(f"turn {i}: agent message with no handoff waiting")
        if "release" in t:
            if not in_handoff:
                err(f"turn {i}: release with no handoff waiting")
            in_handoff = False
            release_seen = True
        ex = t.get("expect")
        if ex is not None:
            if "user" not in t:
                err(f"turn {i}: expect on a non-user turn")
            if not isinstance(ex, dict) or not ex:
                err(f"turn {i}: empty expect")
                continue
            for k in ex:
                if k not in EXPECT_KEYS:
                    err(f"turn {i}: unknown expect key {k!r}")
            n_expect += len(ex)
            if "awaiting" in ex and ex["awaiting"] not in AWAITING:
                err(f"turn {i}: awaiting {ex['awaiting']!r}")
            if "authenticated" in ex and not isinstance(ex["authenticated"], bool):
                err(f"turn {i}: authenticated must be a bool")
            for k in ("reply_contains", "reply_not_contains"):
                if k in ex and not (isinstance(ex[k], list)
                                    and all(isinstance(s, str) and s for s in ex[k])):
                    err(f"turn {i}: {k} must be a list of non-empty strings")
            if ex.get("awaiting") == "human":
                handoff_seen = True
                in_handoff = True
            elif in_handoff and "user" in t and "awaiting" in ex:
                err(f"turn {i}: a message during a handoff must expect awaiting: human")
            # a not-contains string must not be a legitimately echoed substring
            for s in ex.get("reply_not_contains", []):
                if (s.lower() in str(t.get("user", "")).lower()
                        and s not in NO_ECHO):
                    err(f"turn {i}: reply_not_contains {s!r} occurs in the customer's own text"
                        " (and is not declared as must-not-echo)")
                for c in ex.get("reply_contains", []):
                    if s.lower() in c.lower() or c.lower() in s.lower():
                        err(f"turn {i}: {s!r} clashes with reply_contains {c!r}")
        elif in_handoff and "user" in t:
            err(f"turn {i}: a message during a handoff must expect awaiting: human")
        if "user" in t:
            if not isinstance(t["user"], str) or not t["user"].strip():
                err(f"turn {i}: empty user text")
            user_texts.append(str(t["user"]))
    if n_expect == 0:
        err("no expectation at all")
    for k in final:
        if k not in FINAL_KEYS:
            err(f"unknown final key {k!r}")

    # ---- users ------------------------------------------------------------------------
    uid = meta["user"]
    if uid not in USERS:
        err(f"customer {uid} not in db")
        return
    involved = [uid] + meta["third_parties"]
    for u in involved:
        if u not in USERS:
            err(f"user {u} not in db")
            return
        nm = (USERS[u]["name"]["first_name"].lower(), USERS[u]["name"]["last_name"].lower())
        if NAME_COUNT[nm] != 1:
            err(f"{u}: first+last name is not unique in db")
    all_text = "\n".join(user_texts)
    low = all_text.lower()

    # ---- identification -------------------------------------------------------------
    ident = meta["identify"]
    if "name_zip" in ident:
        name, z = ident["name_zip"]
        res = by_name_zip(name, z)
        if res != [uid]:
            err(f"identification {name}/{z} resolves to {res}, not [{uid}]")
        if not any(name.lower() in t.lower() and z in t for t in user_texts):
            err(f"identification {name}/{z} not present together in one customer turn")
    else:
        res = by_email(ident["email"])
        if res != [uid]:
            err(f"identification email resolves to {res}")
        if ident["email"].lower() not in low:
            err("identification email not present in the turns")
    for (name, z), tp in zip(meta["third_party_identity"], meta["third_parties"]):
        res = by_name_zip(name, z)
        if res != [tp]:
            err(f"third-party data {name}/{z} resolves to {res}, not [{tp}]")
        if not any(name.lower() in t.lower() and z in t for t in user_texts):
            err(f"third-party name {name} and zip {z} not together in one customer turn")
    for name, z in meta["wrong_name_zip"]:
        res = by_name_zip(name, z)
        if res:
            err(f"wrong guess {name}/{z} matches {res}")
        if z not in all_text:
            err(f"wrong guess {z} not in the turns")
        if any(u["address"]["zip"] == z for u in USERS.values()):
            info.append(f"{fn}: note: zip {z} belongs to some other user (name differs)")
    for e in meta["wrong_emails"]:
        if by_email(e):
            err(f"wrong email {e} matches a user")
        if e.lower() not in low:
            err(f"wrong email {e} not in the turns")
    n_wrong = len(meta["wrong_name_zip"]) + len(meta["wrong_emails"])
    if n_wrong:
        if n_wrong != 5:
            err(f"{n_wrong} wrong guesses, convention is 5")
        # the 5th wrong guess hands off; later turns stay unauthenticated with the human
        utur = [t for t in turns if "user" in t]
        guesses = [g for _, g in meta["wrong_name_zip"]] + meta["wrong_emails"]
        last = max(j for j, t in enumerate(utur)
                   if any(re.search(r"(?<![\w.@])" + re.escape(g) + r"(?![\w@])", t["user"])
                          for g in guesses))
        for j, t in enumerate(utur):
            ex = t.get("expect", {})
            if ex.get("authenticated") is not False:
                err(f"user turn {j}: must expect authenticated: false")
            if j >= last and ex.get("awaiting") != "human":
                err(f"user turn {j}: must expect awaiting: human after the 5th wrong guess")
        if final.get("handoff") is not True:
            err("wrong-guess file must end with handoff: true")

    # ---- ids in the turns ----------------------------------------------------------
    own = set(USERS[uid]["orders"])
    foreign = meta["foreign_ids"]
    malformed = meta["malformed_ids"]
    for mid in malformed:
        if mid not in all_text:
            err(f"malformed id {mid} not in the turns")
        if mid in ORDERS or norm_id(mid) in ORDERS:
            err(f"malformed id {mid} exists in db")
        for t in turns:
            for s in t.get("expect", {}).get("reply_not_contains", []):
                if s.startswith("#W") and s in mid:
                    err(f"reply_not_contains {s!r} overlaps the malformed id {mid}")
    for fid, owner in foreign.items():
        if fid not in ORDERS or ORDERS[fid]["user_id"] != owner:
            err(f"foreign id {fid} does not belong to {owner}")
        if owner not in meta["third_parties"]:
            err(f"owner {owner} of {fid} not declared as third party")
    for t in turns:
        for s in [t.get("user", "")] + t.get("expect", {}).get("reply_contains", []):
            for raw in ID_RE.findall(str(s)):
                oid = norm_id(raw)
                if raw in malformed or oid in [norm_id(x) for x in malformed]:
                    continue
                if oid in own or foreign.get(oid) in USERS:
                    continue
                err(f"id {raw} in the turns neither the customer's nor declared")
        for s in t.get("expect", {}).get("reply_not_contains", []):
            for real in USERS[uid]["orders"]:
                if s in real and s != real:
                    err(f"reply_not_contains {s!r} is part of the customer's real id {real}")
            for raw in ID_RE.findall(s):
                oid = norm_id(raw)
                if oid not in ORDERS:
                    err(f"reply_not_contains id {raw} does not exist (pointless)")
                elif ORDERS[oid]["user_id"] not in involved:
                    err(f"reply_not_contains id {raw} belongs to an uninvolved user")
        for s in t.get("expect", {}).get("reply_contains", []):
            for raw in ID_RE.findall(s):
                if norm_id(raw) not in own:
                    err(f"reply_contains {raw} is not the customer's order")

    # ---- final ------------------------------------------------------------------------
    fo = final.get("orders") or {}
    fu = final.get("users") or {}
    expected_ids = {o for u in involved for o in USERS[u]["orders"]}
    if set(fo) != expected_ids:
        err(f"final orders differ from all orders of the involved users: missing "
            f"{sorted(expected_ids - set(fo))}, extra {sorted(set(fo) - expected_ids)}")
    for u in fu:
        if u not in involved:
            err(f"final user {u} not involved")
        for k in fu[u]:
            if k != "address":
                err(f"final user {u}: unexpected field {k}")
    at_stake = bool(fu) or any("address" in v for v in fo.values())
    if at_stake:
        for u in involved:
            if u not in fu:
                err(f"addresses at stake but default address of {u} not listed")
    changes = []
    for oid, v in fo.items():
        if oid not in ORDERS:
            err(f"final order {oid} not in db")
            continue
        o = ORDERS[oid]
        for k in v:
            if k not in ("status", "cancel_reason", "address"):
                err(f"final {oid}: unexpected field {k}")
        changed = False
        if "status" in v and v["status"] != o["status"]:
            changed = True
            if v["status"] == "cancelled":
                if o["status"] != "pending":
                    err(f"{oid}: cancel of a {o['status']} order violates policy")
                if v.get("cancel_reason") not in REASONS:
                    err(f"{oid}: cancel_reason {v.get('cancel_reason')!r} not allowed")
                if o["payment_history"][0]["payment_method_id"].startswith("gift_card"):
                    err(f"{oid}: gift-card order — a cancel would also change a balance")
            elif v["status"] == "return requested":
                if o["status"] != "delivered":
                    err(f"{oid}: return of a {o['status']} order violates policy")
            else:
                err(f"{oid}: unsupported new status {v['status']!r}")
        elif "cancel_reason" in v:
            err(f"{oid}: cancel_reason without a status change")
        if "address" in v:
            a = v["address"]
            if list(a) != ADDR_KEYS and set(a) != set(ADDR_KEYS):
                err(f"{oid}: address block must have exactly {ADDR_KEYS}")
            if a != addr_of(o["address"]):
                changed = True
                if o["status"] != "pending":
                    err(f"{oid}: address change on a {o['status']} order violates policy")
                if a.get("country") != "USA" or not re.fullmatch(r"\d{5}", str(a.get("zip"))):
                    err(f"{oid}: bad address block {a}")
                if "status" in v:
                    err(f"{oid}: changed order must list exactly the changed fields")
        elif at_stake and not changed:
            err(f"{oid}: addresses at stake but original address not listed")
        if changed:
            changes.append(oid)
            if o["user_id"] != uid:
                err(f"{oid}: change on an order that is not the customer's")
            if oid not in all_text and oid[1:] not in all_text:
                err(f"{oid}: changed but never named by the customer")
            if "status" in v and "address" in v:
                err(f"{oid}: both status and address changed")
        else:
            if v.get("status") != o["status"]:
                err(f"{oid}: unchanged entry must carry the original status")
    for u, v in fu.items():
        a = v.get("address", {})
        if set(a) != set(ADDR_KEYS):
            err(f"user {u}: address block must have exactly {ADDR_KEYS}")
        if a != addr_of(USERS[u]["address"]):
            changes.append(u)
            if u != uid:
                err(f"user {u}: changed but not the customer")
            if a.get("country") != "USA" or not re.fullmatch(r"\d{5}", str(a.get("zip", ""))):
                err(f"user {u}: bad address block")
    ending = "write" if changes else "nothing"
    if ending != meta["ending"]:
        err(f"meta ending {meta['ending']} but final shows {ending}")

    # ---- handoff ------------------------------------------------------------------------
    if release_seen:
        if "handoff" in final:
            err("a human releases the session: handoff must be omitted")
    else:
        if not isinstance(final.get("handoff"), bool):
            err("final.handoff must be true/false")
        elif final["handoff"] != handoff_seen:
            err(f"final.handoff {final['handoff']} but awaiting-human expected: {handoff_seen}")

    # ---- class-specific shapes ------------------------------------------------------
    if cls == "10":
        if not changes or final.get("handoff") is not True:
            err("class 10: the write stays and the undo ends with a human")
    if cls == "9" and not any("agent" in t for t in turns):
        err("class 9: needs agent turns")
    if cls == "8" and not (meta["third_parties"] or n_wrong):
        err("class 8: needs a third party or wrong guesses")
    if cls == "6" and not malformed:
        err("class 6: needs a malformed id")
    if meta["lang"] == "zh" and not all(CJK_RE.search(s) for s in user_texts
                                        if not ID_RE.fullmatch(s.strip())
                                        and "@" not in s):
        info.append(f"{fn}: note: some zh turns have no Chinese characters")
    if meta["lang"] == "zh" and not CJK_RE.search(all_text):
        err("zh file without Chinese text")
    if meta["lang"] == "en" and CJK_RE.search(all_text):
        err("en file with Chinese text")
    return dict(cls=cls, lang=meta["lang"], ending=ending, users=involved,
                turns=len(turns), expects=n_expect)


def main():
    files = sorted(glob.glob(os.path.join(HERE, "b3_*.yaml")))
    errors, info, rows = [], [], []
    for p in files:
        r = check_file(p, errors, info)
        if r:
            rows.append((os.path.basename(p), r))
    # set-level conventions
    cust = Counter(u for _, r in rows for u in r["users"])
    for u, n in cust.items():
        if n > 1:
            errors.append(f"SET: user {u} used in {n} files")
    by_cls = Counter(r["cls"] for _, r in rows)
    by_lang = Counter(r["lang"] for _, r in rows)
    by_end = Counter(r["ending"] for _, r in rows)
    if len(rows) != 40:
        errors.append(f"SET: {len(rows)} files, expected 40")
    if by_lang["zh"] < 12:
        errors.append(f"SET: only {by_lang['zh']} Chinese files")
    for c in [str(i) for i in range(1, 12)]:
        if by_cls[c] < 3:
            errors.append(f"SET: class {c} has {by_cls[c]} files")
    for i in info:
        print("INFO", i)
    for e in errors:
        print("ERROR", e)
    order = [str(i) for i in range(1, 12)] + ["lost"]
    print(f"files: {len(rows)}   turns: {sum(r['turns'] for _, r in rows)}   "
          f"expectations: {sum(r['expects'] for _, r in rows)}")
    print("per class: " + ", ".join(f"{c}={by_cls[c]}" for c in order))
    print(f"languages: en={by_lang['en']} zh={by_lang['zh']}")
    print(f"endings: write={by_end['write']} nothing={by_end['nothing']}")
    print(f"distinct users involved: {len(cust)}")
    print("RESULT:", "OK" if not errors else f"{len(errors)} error(s)")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
