import yaml, copy, re
from db import U, O

def A(a1, a2, city, state, zp):
    return {"address1": a1, "address2": a2, "city": city, "state": state, "country": "USA", "zip": zp}
def dbaddr(a):
    return {k: a[k] for k in ["address1", "address2", "city", "state", "country", "zip"]}
def keep(oid, addr=False):
    d = {"status": O[oid]["status"]}
    if addr: d["address"] = dbaddr(O[oid]["address"])
    return d
def keep_user(uid):
    return {"address": dbaddr(U[uid]["address"])}
def cancel(reason):
    return {"status": "cancelled", "cancel_reason": reason}
def orders_of(uid, changes=None, addr=False):
    changes = changes or {}
    out = {}
    for oid in U[uid]["orders"]:
        out[oid] = changes.get(oid, keep(oid, addr))
    return out
def ids(uid): return list(U[uid]["orders"])

S = []   # scenarios
def sc(file, klass, outcome, name, turns, orders=None, users=None, handoff=None, lang="en"):
    final = {}
    if orders: final["orders"] = orders
    if users: final["users"] = users
    if handoff is not None: final["handoff"] = handoff
    S.append(dict(file=file, klass=klass, outcome=outcome, lang=lang,
                  doc={"name": name, "turns": turns, "final": final}))
def u(text, **exp):
    t = {"user": text}
    if exp: t["expect"] = exp
    return t
def ag(text): return {"agent": text}
REL = {"release": True}
NM, OM = "no longer needed", "ordered by mistake"
