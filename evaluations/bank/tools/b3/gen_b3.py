# -*- coding: utf-8 -*-
"""b3 generator: writes /work/blind/bank/b3_<task>_<slug>.yaml for tasks 071-102.

Turns come from convs_b3.SPECS (hand-written); every `final` value is computed here by
replaying the task's gold bank writes (replay_b3) over db.json (+ the task's initial data).
Run:  python3 gen_b3.py
"""
import os
import sys
from collections import OrderedDict

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_b3 as R          # noqa: E402
from convs_b3 import SPECS, TITLES     # noqa: E402

OUT = "/work/blind/bank"

# fields listed for an existing record (besides the fields the gold changes)
KEEP_FIELDS = {
    "accounts": ["status", "current_holdings"],
    "debit_cards": ["status"],
    "credit_card_accounts": ["status"],
}

NOTE_TEXT = {
    "initial": "# initial state: db.json plus tasks.json {task} initial_state.initialization_data.agent_data "
               "(this customer and the records below are not in db.json; load them before the run)",
    "selfaction": "# customer's own action: the gold submit_referral is the customer's (requestor: user); the "
                  "agent makes no bank write here and is scored on the account it tells the customer to use "
                  "(reply_contains)",
    "gold083": "# note: the gold calls omit customer_max_liability_amount (so they fail in tau-Banking, whose "
               "reward basis here is ACTION); final keeps the four disputes they intend. The customer declines "
               "any freeze/close of her cards, so both stay ACTIVE.",
    "gold091": "# note: the gold orders the Light Blue (entry tier) replacement right after closing it, although "
               "the tier table mentions a 48-hour wait; final follows the gold. The customer asks for standard "
               "shipping and the basic design so the gold STANDARD/CLASSIC orders are what she chose.",
}
EXTRA_NOTES = {
    77: ["# note: credit_card_accounts status CLOSED follows reference/tools.py (ordering a replacement "
         "cancels the old card by setting the account's status); the activation needs the replacement card "
         "to carry last 4 digits 7260, as tau-Banking's deterministic card generator gives"],
    80: ["# note: credit_card_accounts status CLOSED follows reference/tools.py (replacement cancels the old "
         "card); the activation needs the Blue replacement to carry last 4 digits 7648 as in tau-Banking"],
    81: ["# note: credit_card_accounts status CLOSED follows reference/tools.py (replacement cancels the old card)"],
    82: ["# note: the customer asks to keep the Green Fee-Free card working today (the gold leaves it ACTIVE "
         "although its dispute records close_and_reissue); the opening request for a human is a first request "
         "(policy: help first), so no transfer"],
    87: ["# note: the Evergreen fraud alert is customer-initiated; the gold does not clear it but disputes the "
         "charge, closes and replaces the card"],
}


def fmt_money(v):
    return f"{R.money(v):.2f}"


def final_block(n, rep, spec):
    base = R.base_db(rep.task_id)
    recs = OrderedDict()
    order = list(rep.changed.keys()) + [k for k in spec.get("keep", []) if k not in rep.changed]
    for table, rid in order:
        fields = list(rep.changed.get((table, rid), []))
        rec_final = rep.db[table][rid]
        for f in KEEP_FIELDS.get(table, []):
            if f in fields:
                continue
            if f == "status" and table == "credit_card_accounts" and "status" not in rec_final:
                f = "account_status"
            if f in rec_final:
                fields.append(f)
        vals = OrderedDict()
        for f in fields:
            v = rec_final[f]
            if f == "current_holdings":
                v = fmt_money(v)
            vals[f] = v
        recs.setdefault(table, OrderedDict())[rid] = vals
    fin = OrderedDict()
    fin["records"] = recs
    created = R.declared_created(rep)
    if created:
        fin["created"] = created
    fin["handoff"] = rep.handoff
    return fin


def to_plain(o):
    if isinstance(o, dict):
        return {k: to_plain(v) for k, v in o.items()}
    if isinstance(o, list):
        return [to_plain(v) for v in o]
    return o


class Dumper(yaml.SafeDumper):
    pass


def _dict_rep(dumper, data):
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items())


Dumper.add_representer(dict, _dict_rep)
Dumper.add_representer(OrderedDict, _dict_rep)


def build(n):
    spec = SPECS[n]
    tid = f"task_{n:03d}"
    rep = R.replay(tid)
    name = f"b3 {n:03d}: {TITLES[n]}"
    body = OrderedDict()
    body["name"] = name
    body["domain"] = "bank"
    body["channel_user_id"] = None
    body["turns"] = spec["turns"]
    body["final"] = final_block(n, rep, spec)
    head = [
        f"# task: {tid}",
        f"# category: {spec['category']}",
        f"# language: {spec['lang']}",
        f"# customer: {spec['customer']}",
        f"# scenario: {spec['scenario']}",
        f"# right outcome: {spec['outcome']}",
    ]
    for key in spec.get("notes", []):
        head.append(NOTE_TEXT[key].format(task=tid))
    head += EXTRA_NOTES.get(n, [])
    head.append("# generated by tools/b3/gen_b3.py (final computed from the gold actions); do not edit by hand")
    text = "\n".join(head) + "\n" + yaml.dump(body, Dumper=Dumper, allow_unicode=True, sort_keys=False,
                                               width=100, default_flow_style=False)
    fname = f"b3_{n:03d}_{spec['slug']}.yaml"
    return fname, text


def main():
    os.makedirs(OUT, exist_ok=True)
    for n in sorted(SPECS):
        fname, text = build(n)
        with open(os.path.join(OUT, fname), "w", encoding="utf-8") as f:
            f.write(text)
        print("wrote", fname)


if __name__ == "__main__":
    main()
