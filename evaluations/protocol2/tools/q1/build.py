"""Build q1_NN_<slug>.yaml files from scenarios.py; every `final` value comes from db.json."""
import copy, json, os, sys
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.abspath(os.path.join(HERE, "..", ".."))          # /work/main/evaluations/protocol2
DB = "/work/shared/data/tau2_retail/db.json"
sys.path.insert(0, HERE)
from scenarios import S

STATUS = {"return": "return requested", "exchange": "exchange requested", "modify": "pending (item modified)"}


def final_for(sc, db):
    user = db["users"][sc["customer"]]
    ch = sc.get("changes", {})
    orders = {}
    for oid in user["orders"]:
        o = db["orders"][oid]
        rec = {"status": o["status"], "address": copy.deepcopy(o["address"])}
        c = ch.get("orders", {}).get(oid)
        if c:
            kind = c[0]
            if kind == "cancel":
                rec["status"] = "cancelled"
                rec["cancel_reason"] = c[1]
            elif kind == "address":
                rec["address"] = copy.deepcopy(c[1])
            else:
                rec["status"] = STATUS[kind]
        orders[oid] = rec
    for oid in ch.get("orders", {}):
        assert oid in orders, (sc["n"], oid)
    uaddr = copy.deepcopy(ch.get("user_address") or user["address"])
    return {"orders": orders, "users": {sc["customer"]: {"address": uaddr}}, "handoff": bool(sc.get("handoff", False))}


def main():
    db = json.load(open(DB))
    written = []
    for sc in S:
        fn = f"q1_{sc['n']:02d}_{sc['slug']}.yaml"
        body = {"name": sc["name"], "turns": sc["turns"], "final": final_for(sc, db)}
        head = (f"# class: {sc['cls']}\n# language: {sc['lang']}\n# customer: {sc['customer']}\n"
                f"# scenario: {sc['scenario']}\n# right outcome: {sc['right']}\n")
        text = head + yaml.safe_dump(body, allow_unicode=True, sort_keys=False, width=4096, default_flow_style=False)
        with open(os.path.join(OUT, fn), "w", encoding="utf-8") as f:
            f.write(text)
        written.append(fn)
    print(f"wrote {len(written)} files to {OUT}")


if __name__ == "__main__":
    main()
