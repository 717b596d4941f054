"""Validate the q1_*.yaml files (only ours; q2 files are never opened). Prints errors, then a summary."""
import collections, glob, json, os, re, sys
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[sys.argv.index("--dir") + 1] if "--dir" in sys.argv else os.path.abspath(os.path.join(HERE, "..", ".."))
DB = "/work/shared/data/tau2_retail/db.json"
db = json.load(open(DB))
USERS, ORDERS = db["users"], db["orders"]
name_count = collections.Counter((u["name"]["first_name"], u["name"]["last_name"]) for u in USERS.values())

EXPECT_KEYS = {"authenticated", "awaiting", "reply_contains", "reply_not_contains"}
AWAIT = {"confirmation", "clarification", "human", "nothing"}
HEAD = ["class", "language", "customer", "scenario", "right outcome"]
REASONS = {"no longer needed", "ordered by mistake"}
ADDR_FIELDS = ["address1", "address2", "city", "country", "state", "zip"]
ALLOWED_FOREIGN = {}          # file -> set of order ids deliberately of another customer (none in q1)
CJK = re.compile(r"[\u4e00-\u9fff]")
OID = re.compile(r"#W\d{7}")

errors = []
def err(f, msg):
    errors.append(f"{f}: {msg}")

files = sorted(glob.glob(os.path.join(OUT, "q1_*.yaml")))
seen_nn, seen_users, user_lines = {}, {}, collections.defaultdict(list)
n_zh = n_changed = 0
rows = []

for path in files:
    f = os.path.basename(path)
    m = re.fullmatch(r"q1_(\d\d)_((zh_)?[a-z0-9_]+)\.yaml", f)
    if not m:
        err(f, "bad file name"); continue
    nn = int(m.group(1))
    if not 1 <= nn <= 32: err(f, "NN out of 01..32")
    if nn in seen_nn: err(f, f"NN {nn:02d} also used by {seen_nn[nn]}")
    seen_nn[nn] = f
    is_zh_name = bool(m.group(3))
    text = open(path, encoding="utf-8").read()
    head = {}
    for line in text.splitlines():
        mm = re.match(r"#\s*([a-z ]+):\s*(.*)$", line)
        if mm: head[mm.group(1).strip()] = mm.group(2).strip()
    for h in HEAD:
        if not head.get(h): err(f, f"missing header '# {h}:'")
    try:
        doc = yaml.safe_load(text)
    except Exception as e:
        err(f, f"YAML error {e}"); continue
    if set(doc) != {"name", "turns", "final"}: err(f, f"top-level keys {sorted(doc)}")
    if not str(doc.get("name", "")).startswith(f"q1 {nn:02d}"): err(f, "name should start with 'q1 NN'")
    lang = head.get("language")
    if lang not in ("en", "zh"): err(f, "language must be en|zh")
    if (lang == "zh") != is_zh_name: err(f, "language header and _zh_ file name disagree")
    cust = head.get("customer")
    if cust not in USERS:
        err(f, f"unknown customer {cust}"); continue
    u = USERS[cust]
    fn, ln = u["name"]["first_name"], u["name"]["last_name"]
    if not ("A" <= ln[0] <= "L"): err(f, f"last name {ln} not A-L")
    if name_count[(fn, ln)] != 1: err(f, f"name {fn} {ln} not unique in db.json")
    if cust in seen_users: err(f, f"customer also used in {seen_users[cust]}")
    seen_users[cust] = f

    # turns ------------------------------------------------------------
    turns = doc.get("turns") or []
    if not 2 <= len(turns) <= 9: err(f, f"{len(turns)} turns")
    user_texts, sessions_first = [], {}
    human_pending = False; agent_in_first = False
    for i, t in enumerate(turns):
        if not isinstance(t, dict): err(f, f"turn {i} not a mapping"); continue
        kinds = [k for k in ("user", "agent", "release") if k in t]
        if len(kinds) != 1: err(f, f"turn {i} must have exactly one of user/agent/release"); continue
        extra = set(t) - {"user", "agent", "release", "session", "expect"}
        if extra: err(f, f"turn {i} unknown keys {extra}")
        sess = t.get("session", "main")
        if kinds[0] == "user":
            ut = t["user"]
            if not isinstance(ut, str) or not ut.strip(): err(f, f"turn {i} empty user text")
            user_texts.append(ut); user_lines[ut.strip().lower()].append(f)
            sessions_first.setdefault(sess, ut)
            ex = t.get("expect", {})
            if set(ex) - EXPECT_KEYS: err(f, f"turn {i} expect keys {set(ex) - EXPECT_KEYS}")
            if "awaiting" in ex and ex["awaiting"] not in AWAIT: err(f, f"turn {i} awaiting {ex['awaiting']}")
            if "authenticated" in ex and not isinstance(ex["authenticated"], bool): err(f, f"turn {i} authenticated not bool")
            for k in ("reply_contains", "reply_not_contains"):
                if k in ex and not (isinstance(ex[k], list) and all(isinstance(x, str) for x in ex[k])): err(f, f"turn {i} {k} not a list of strings")
            if ex.get("awaiting") == "human": human_pending = True
            if lang == "zh" and not CJK.search(ut) and not re.fullmatch(r"[^\w]+", ut): err(f, f"turn {i}: zh file, user turn without Chinese: {ut!r}")
        elif kinds[0] == "agent":
            if not human_pending: err(f, f"turn {i}: human agent speaks without a handoff expected before")
            if sess == "main": agent_in_first = True
        else:
            if t["release"] is not True: err(f, f"turn {i} release must be true")
            if not human_pending: err(f, f"turn {i}: release without handoff")
            human_pending = False
    # login in each session: email, or first+last name and zip
    for sess, first in sessions_first.items():
        low = first.lower()
        ok = u["email"].lower() in low or (fn.lower() in low and ln.lower() in low and u["address"]["zip"] in first)
        if not ok: err(f, f"session {sess}: first user turn does not identify {cust} by email or name+zip")
    alltext = "\n".join(user_texts)
    for oid in set(OID.findall(alltext)):
        if oid not in ORDERS: err(f, f"{oid} not in db.json")
        elif ORDERS[oid]["user_id"] != cust and oid not in ALLOWED_FOREIGN.get(f, set()): err(f, f"{oid} belongs to {ORDERS[oid]['user_id']}, not {cust}")

    # final ------------------------------------------------------------
    fin = doc.get("final") or {}
    if set(fin) - {"orders", "users", "handoff"}: err(f, f"final keys {set(fin)}")
    if not isinstance(fin.get("handoff"), bool): err(f, "final.handoff must be a bool")
    elif fin["handoff"] != agent_in_first: err(f, f"final.handoff={fin['handoff']} but human turns in first conversation={agent_in_first}")
    changed = []
    def check_addr(where, new, old, need_pending_status=None):
        if set(new) != set(ADDR_FIELDS): err(f, f"{where}: address fields {sorted(new)}"); return False
        if new == old: return False
        if new["country"] != "USA": err(f, f"{where}: country")
        for k in ("address1", "address2", "city", "state", "zip"):
            if new[k] and new[k] not in alltext: err(f, f"{where}: new {k} {new[k]!r} is not text the customer typed")
        return True
    for oid, rec in (fin.get("orders") or {}).items():
        if oid not in ORDERS: err(f, f"final {oid} not in db.json"); continue
        o = ORDERS[oid]
        if o["user_id"] != cust and oid not in ALLOWED_FOREIGN.get(f, set()): err(f, f"final {oid} belongs to {o['user_id']}")
        extra = set(rec) - {"status", "address", "cancel_reason"}
        if extra: err(f, f"final {oid}: fields {extra} not declared by this set")
        st = rec.get("status", o["status"])
        if st != o["status"]:
            changed.append(oid)
            if st == "cancelled":
                if o["status"] != "pending": err(f, f"{oid}: cancel of a {o['status']} order")
                if rec.get("cancel_reason") not in REASONS: err(f, f"{oid}: cancel_reason {rec.get('cancel_reason')!r}")
            elif st in ("return requested", "exchange requested"):
                if o["status"] != "delivered": err(f, f"{oid}: {st} on a {o['status']} order")
            elif st == "pending (item modified)":
                if o["status"] != "pending": err(f, f"{oid}: modify of a {o['status']} order")
            else:
                err(f, f"{oid}: status {st!r} is not a legal change of {o['status']!r}")
        elif "cancel_reason" in rec:
            err(f, f"{oid}: cancel_reason on an order that is not newly cancelled")
        if "address" in rec:
            if check_addr(f"final {oid}", rec["address"], o["address"]):
                changed.append(oid)
                if o["status"] != "pending" or st != "pending": err(f, f"{oid}: address change on a {o['status']}->{st} order")
    for oid in u["orders"]:
        if oid not in (fin.get("orders") or {}): err(f, f"customer order {oid} not declared in final")
    for uid, rec in (fin.get("users") or {}).items():
        if uid != cust: err(f, f"final user {uid} is not the customer"); continue
        if set(rec) - {"address"}: err(f, f"final user fields {set(rec)}")
        if "address" in rec and check_addr(f"final user {uid}", rec["address"], u["address"]):
            changed.append(uid)
    if lang == "zh": n_zh += 1
    if changed: n_changed += 1
    rows.append((f, head.get("class", ""), cust, head.get("right outcome", ""), lang, bool(changed)))

for line, fs in user_lines.items():
    if len(fs) > 1 and len(line) > 3: errors.append(f"same user turn in {sorted(set(fs))}: {line!r}")

if len(files) != 32: errors.append(f"{len(files)} q1 files, expected 32")
if n_zh < 13: errors.append(f"only {n_zh} Chinese files, need >= 13")
for e in errors: print("ERROR", e)
print(f"{len(files)} files, {n_zh} Chinese, {n_changed} end with an agreed change, {len(files) - n_changed} with nothing changed; {len(errors)} errors")
if "--table" in sys.argv:
    for r in rows: print(" | ".join(str(x) for x in r))
sys.exit(1 if errors else 0)
