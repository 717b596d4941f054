import yaml, glob, re, os, collections
from db import U, O
OUT = str(__import__('pathlib').Path(__file__).resolve().parents[2])
files = sorted(glob.glob(OUT + "/*.yaml"))
err = []
ID = re.compile(r"#W\d{7}(?!\d)")
cnt = collections.Counter(); zh = 0
def addr_eq(a, b): return all(a.get(k) == b.get(k) for k in ["address1","address2","city","state","country","zip"]) and set(a) == {"address1","address2","city","state","country","zip"}
for f in files:
    b = os.path.basename(f)
    d = yaml.safe_load(open(f))
    assert set(d) == {"name", "turns", "final"}, b
    cls = b.split("_")[0]; cnt[cls] += 1
    if "_zh_" in b: zh += 1
    fin = d["final"]
    owners = set()
    for oid, spec in fin.get("orders", {}).items():
        if oid not in O: err.append((b, "unknown order", oid)); continue
        o = O[oid]; owners.add(o["user_id"])
        for k, v in spec.items():
            if k == "status":
                if v != o["status"]:
                    legal = {("pending","cancelled"),("delivered","return requested")}
                    if (o["status"], v) not in legal: err.append((b, "illegal transition", oid, o["status"], v))
                    if v == "cancelled" and spec.get("cancel_reason") not in ("no longer needed","ordered by mistake"): err.append((b,"reason",oid))
            elif k == "cancel_reason":
                assert spec["status"] == "cancelled"
            elif k == "address":
                if not set(v) == {"address1","address2","city","state","country","zip"}: err.append((b,"addr fields",oid))
                if not addr_eq(v, o["address"]):
                    if o["status"] != "pending" or "status" in spec: err.append((b, "addr change on non-pending", oid))
            else: err.append((b, "unknown key", k))
    for uid, spec in fin.get("users", {}).items():
        if uid not in U: err.append((b, "unknown user", uid)); continue
        owners.add(uid)
        assert list(spec) == ["address"] and set(spec["address"]) == {"address1","address2","city","state","country","zip"}
    # every order of every involved user listed
    for uid in owners:
        for oid in U[uid]["orders"]:
            if oid not in fin.get("orders", {}): err.append((b, "order not listed", oid))
        if uid not in fin.get("users", {}): err.append((b, "user not listed", uid))
    # turn ids
    for t in d["turns"]:
        assert len([k for k in t if k in ("user","agent","release")]) == 1, (b, t)
        txt = t.get("user") or t.get("agent") or ""
        for m in ID.findall(txt):
            if m not in O: err.append((b, "turn id unknown", m))
            elif O[m]["user_id"] not in owners: err.append((b, "turn id of uninvolved user", m))
        e = t.get("expect", {})
        for k in e: 
            if k not in ("awaiting","authenticated","reply_contains","reply_not_contains"): err.append((b,"expect key",k))
        if "awaiting" in e and e["awaiting"] not in ("confirmation","clarification","human","nothing"): err.append((b,"awaiting",e["awaiting"]))
        for s in e.get("reply_not_contains", []):
            if s not in O: err.append((b, "rnc unknown", s))
            if s.lower() in txt.lower(): err.append((b, "rnc string is in the user's own message", s))
        for s in e.get("reply_contains", []):
            if s not in O: err.append((b, "rc unknown", s))
    # identification claims in user turns: name+zip and emails
    for t in d["turns"]:
        txt = t.get("user", "")
        for em in re.findall(r"[\w.]+@[\w.]+\.\w+", txt):
            hit = [u for u in U.values() if u["email"] == em]
            print(f"  {b}: email {em} -> {hit[0]['user_id'] if hit else 'NO USER'}")
        for z in re.findall(r"(?<!\d)\d{5}(?!\d)", txt):
            # name nearby: find users with that zip whose full name appears in text
            hit = [u["user_id"] for u in U.values() if u["address"]["zip"] == z and f"{u['name']['first_name']} {u['name']['last_name']}" in txt]
            names_in = [uid for uid,u in U.items() if f"{u['name']['first_name']} {u['name']['last_name']}" in txt]
            if names_in: print(f"  {b}: name(s) {sorted(set(names_in))} zip {z} -> {hit or 'NO MATCH'}")
print(cnt, "zh:", zh, "total:", len(files))
print("ERRORS:", err if err else "none")
