# -*- coding: utf-8 -*-
"""Generate the b2 scenario files (tasks 038-070) into /work/blind/bank.

The turns are hand-written in specs_cards.py and specs_accounts.py.  Every `final` value is computed
here from db.json by applying the spec's `ops` (the writes a careful agent makes), with the effects
the benchmark's reference tools give those writes (field names and value formats as in db.json and
reference/tools.py).  validate.py re-derives the same state independently from the gold actions.

Usage: python3 gen.py
"""
import copy
import json
import os
import sys
import textwrap
from datetime import datetime

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import specs_accounts  # noqa: E402
import specs_cards  # noqa: E402

DATA = "/work/shared/data/banking_knowledge"
OUT = os.path.abspath(os.path.join(HERE, "..", ".."))  # /work/blind/bank
TODAY = "11/14/2025"
NOW = datetime(2025, 11, 14, 3, 40)

# early-closure rules of the knowledge base (Closing Personal Checking / Savings Accounts)
CHECKING_FEES = {"Light Blue Account": (15, 30), "Light Green Account": (15, 30),
                 "Green Fee-Free Account": (15, 30), "Blue Account": (25, 60),
                 "Green Account": (25, 60), "Evergreen Account": (50, 90),
                 "Bluest Account": (100, 180)}
SAVINGS_FEES = {"Bronze Account": (20, 60), "Silver Account": (35, 90),
                "Silver Plus Account": (35, 90), "Gold Account": (75, 180),
                "Gold Plus Account": (75, 180), "Gold Years Account": (75, 180),
                "Platinum Account": (150, 270), "Platinum Plus Account": (150, 270),
                "Diamond Elite Account": (150, 270)}


def money(v):
    if isinstance(v, (int, float)):
        return float(v)
    return float(str(v).replace("$", "").replace(",", ""))


def load_db():
    with open(os.path.join(DATA, "db.json")) as f:
        db = json.load(f)
    return {t: v["data"] for t, v in db.items()}


class Bank:
    """The part of the bank's state a conversation touches, with the writes' effects."""

    def __init__(self, db, spec):
        self.db0 = db
        self.db = copy.deepcopy(db)
        self.spec = spec
        self.created = {}      # table -> list of declared fields
        self.handles = {}      # open-op handle -> index in created["accounts"]

    # -- helpers
    def cc(self, cc_id):
        rec = self.db["credit_card_accounts"][cc_id]
        assert rec["user_id"] == self.spec["customer"], (cc_id, "not the customer's card")
        return rec

    def acct(self, ref):
        if ref in self.handles:
            return None, self.created["accounts"][self.handles[ref]]
        rec = self.db["accounts"][ref]
        assert rec["user_id"] == self.spec["customer"], (ref, "not the customer's account")
        return rec, None

    def add(self, table, item):
        self.created.setdefault(table, []).append(item)
        return len(self.created[table]) - 1

    # -- writes
    def op_pay(self, checking, cc_id, amount):
        chk, _ = self.acct(checking)
        card = self.cc(cc_id)
        assert chk["class"] == "checking" and chk["status"] == "OPEN"
        assert amount <= money(chk["current_holdings"]), "insufficient funds"
        assert amount <= money(card["current_balance"]), "more than the card balance"
        chk["current_holdings"] = f"{money(chk['current_holdings']) - amount:.2f}"
        card["current_balance"] = f"${money(card['current_balance']) - amount:.2f}"

    def op_close_cc(self, cc_id):
        card = self.cc(cc_id)
        assert money(card["current_balance"]) == 0
        card.update(status="CLOSED", closed_date=TODAY, closed_by=self.spec["customer"])

    def op_replace_cc(self, cc_id, address, reason, expedited):
        card = self.cc(cc_id)
        self.add("credit_card_orders", {"credit_card_account_id": cc_id,
                                        "shipping_address": address, "reason": reason,
                                        "expedited_shipping": expedited})
        card.update(status="CLOSED", closed_date=TODAY)

    def op_dispute(self, fields):
        txn = self.db["credit_card_transaction_history"][fields["transaction_id"]]
        assert txn["user_id"] == self.spec["customer"]
        item = {"transaction_id": fields["transaction_id"]}
        item["purchase_date"] = txn["transaction_date"]
        for k, v in fields.items():
            if k != "transaction_id":
                item[k] = v
        self.add("transaction_disputes", item)

    def op_closure_reason(self, cc_id, reason):
        self.cc(cc_id)
        self.add("credit_card_closure_reasons",
                 {"credit_card_account_id": cc_id, "closure_reason": reason})

    def op_flag(self, cc_id, flag_type, expiration, reason):
        self.cc(cc_id)
        self.add("credit_card_account_flags",
                 {"credit_card_account_id": cc_id, "flag_type": flag_type,
                  "expiration_date": expiration, "reason": reason})

    def op_stmt_credit(self, cc_id, amount, reason):
        self.cc(cc_id)
        self.add("credit_card_transaction_history",
                 {"credit_card_account_id": cc_id, "transaction_amount": f"-${amount:.2f}",
                  "credit_reason": reason})

    def op_cli_submit(self, cc_id, amount):
        self.cc(cc_id)
        self.add("credit_limit_increase_requests",
                 {"credit_card_account_id": cc_id, "requested_increase_amount": int(amount)})

    def op_cli_approve(self, cc_id, new_limit):
        card = self.cc(cc_id)
        card["credit_limit"] = f"${float(new_limit):.2f}"

    def op_open(self, handle, account_type, account_class):
        self.handles[handle] = self.add("accounts", {"account_type": account_type,
                                                     "account_class": account_class})

    def op_transfer(self, src, dst, amount):
        for ref, sign in ((src, -1), (dst, +1)):
            rec, new = self.acct(ref)
            if rec is not None:
                assert rec["status"] in ("OPEN", "ACTIVE")
                bal = money(rec["current_holdings"]) + sign * amount
                assert bal >= 0, "insufficient funds"
                rec["current_holdings"] = f"${bal:.2f}"
            else:
                bal = money(new.get("current_holdings", 0)) + sign * amount
                new["current_holdings"] = f"${bal:.2f}"

    def op_close_acct(self, acct_id):
        rec, _ = self.acct(acct_id)
        assert rec["status"] == "OPEN"
        table = CHECKING_FEES if rec["class"] == "checking" else (
            SAVINGS_FEES if rec["class"] in ("saving", "savings") else {})
        fee, window = table.get(rec["level"], (0, 0))
        age = (NOW - datetime.strptime(rec["date_opened"], "%m/%d/%Y")).days
        due = fee if age < window else 0
        assert money(rec["current_holdings"]) == due, ("cannot close", acct_id)
        rec.update(status="CLOSED", date_closed=TODAY)
        if due:
            rec["current_holdings"] = "0.00"

    def run(self):
        for op in self.spec["ops"]:
            getattr(self, "op_" + op[0])(*op[1:])
        return self

    # -- final block
    def final(self):
        records = {}
        for table, recs in self.db.items():
            for rid, rec in recs.items():
                old = self.db0[table].get(rid)
                if old is None or old == rec:
                    continue
                changed = {k: v for k, v in rec.items() if old.get(k) != v}
                records.setdefault(table, {})[rid] = changed
        for table, rid, fields in self.spec.get("keep", []):
            rec = self.db[table][rid]
            entry = records.setdefault(table, {}).setdefault(rid, {})
            for k in fields:
                assert rec[k] == self.db0[table][rid][k], ("kept field changed", rid, k)
                entry[k] = rec[k]
        out = {"records": records} if records else {"records": {}}
        if self.created:
            out["created"] = self.created
        out["handoff"] = bool(self.spec.get("handoff", False))
        return out


# ---------------------------------------------------------------- YAML output
class _Str(str):
    pass


def _str_rep(dumper, data):
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


class Dumper(yaml.SafeDumper):
    pass


Dumper.add_representer(_Str, _str_rep)


def _lit(obj):
    if isinstance(obj, str):
        return _Str(obj)
    if isinstance(obj, dict):
        return {k: _lit(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_lit(v) for v in obj]
    return obj


def comment(key, text):
    lines = textwrap.wrap(text, width=96 - len(key) - 4) or [""]
    out = [f"# {key}: {lines[0]}"]
    out += [f"#   {ln}" for ln in lines[1:]]
    return out


def render(spec, db):
    bank = Bank(db, spec).run()
    header = []
    header += comment("task", spec["task"])
    header += comment("category", spec["category"])
    header += comment("language", spec["lang"])
    header += comment("customer", spec["customer"])
    header += comment("scenario", spec["scenario"])
    header += comment("right outcome", spec["outcome"])
    if spec.get("note"):
        header += comment("note", spec["note"])
    turns = []
    for kind, text, expect in spec["turns"]:
        assert kind == "u"
        t = {"user": text}
        if expect:
            t["expect"] = dict(expect)
        turns.append(t)
    doc = {"name": f"b2 {spec['num']}: {spec['title']}", "domain": "bank",
           "channel_user_id": None, "turns": turns, "final": bank.final()}
    body = yaml.dump(_lit(doc), Dumper=Dumper, allow_unicode=True, sort_keys=False,
                     default_flow_style=False, width=1000)
    return "\n".join(header) + "\n" + body


def all_specs():
    return specs_cards.SPECS + specs_accounts.SPECS


def filename(spec):
    return f"b2_{spec['num']}_{spec['slug']}.yaml"


def main():
    db = load_db()
    specs = all_specs()
    nums = [s["num"] for s in specs]
    assert len(nums) == len(set(nums)) == 32, nums
    for spec in specs:
        path = os.path.join(OUT, filename(spec))
        with open(path, "w", encoding="utf-8") as f:
            f.write(render(spec, db))
        print("wrote", path)


if __name__ == "__main__":
    main()
