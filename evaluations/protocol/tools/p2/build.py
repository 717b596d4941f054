#!/usr/bin/env python3
"""Write the p2 conversation files from scenarios.py, computing every `final` value from db.json.

Usage: python3 build.py            (writes ../../p2_NN_<slug>.yaml, i.e. into evaluations/protocol/)
Only files named p2_*.yaml are written or removed; p1_/p3_ files are never touched.
"""
import glob
import json
import os
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.abspath(os.path.join(HERE, "..", ".."))
DB = "/work/shared/data/tau2_retail/db.json"

sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from scenarios import SCENARIOS  # noqa: E402


class Flow(dict):
    pass


class FlowList(list):
    pass


class Dumper(yaml.SafeDumper):
    pass


Dumper.add_representer(Flow, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True))
Dumper.add_representer(FlowList, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))


def load_db():
    with open(DB) as f:
        return json.load(f)


def final_for(sc, db):
    orders = {}
    for oid, ch in sc["final_orders"].items():
        o = db["orders"][oid]
        val = {"status": o["status"], "address": Flow(o["address"])}
        if "cancel" in ch:
            val["status"] = "cancelled"
            val["cancel_reason"] = ch["cancel"]
        if "status" in ch:
            val["status"] = ch["status"]
        if "address" in ch:
            val["address"] = Flow(ch["address"])
        if "address_from" in ch:
            src = ch["address_from"]
            if src == "default":
                val["address"] = Flow(db["users"][sc["customer"]]["address"])
            else:
                val["address"] = Flow(db["orders"][src]["address"])
        orders[oid] = val
    users = {}
    for uid, ch in sc["final_users"].items():
        u = db["users"][uid]
        users[uid] = {"address": Flow(ch.get("address", u["address"]))}
    final = {}
    if orders:
        final["orders"] = orders
    if users:
        final["users"] = users
    final["handoff"] = bool(sc.get("handoff", False))
    return final


def turns_for(sc):
    out = []
    for t in sc["turns"]:
        t2 = {}
        for k in ("user", "agent", "release", "session"):
            if k in t:
                t2[k] = t[k]
        if t.get("expect"):
            e = dict(t["expect"])
            for k in ("reply_contains", "reply_not_contains"):
                if k in e:
                    e[k] = FlowList(e[k])
            t2["expect"] = e
        out.append(t2)
    return out


def render(sc, db):
    head = [
        f"# class: {sc['cls']}",
        f"# language: {sc['lang']}",
        f"# customer: {sc['customer']}",
        f"# scenario: {sc['scenario']}",
        f"# right outcome: {sc['outcome']}",
    ]
    body = {"name": sc["name"], "turns": turns_for(sc), "final": final_for(sc, db)}
    text = yaml.dump(body, Dumper=Dumper, allow_unicode=True, sort_keys=False, default_flow_style=False, width=4096)
    return "\n".join(head) + "\n" + text


def filename(sc):
    return f"p2_{sc['nn']:02d}_{sc['slug']}.yaml"


def main():
    db = load_db()
    wanted = {filename(sc) for sc in SCENARIOS}
    for old in glob.glob(os.path.join(OUT, "p2_*.yaml")):
        if os.path.basename(old) not in wanted:
            os.remove(old)
    for sc in SCENARIOS:
        with open(os.path.join(OUT, filename(sc)), "w", encoding="utf-8") as f:
            f.write(render(sc, db))
    print(f"wrote {len(SCENARIOS)} files to {OUT}")


if __name__ == "__main__":
    main()
