# -*- coding: utf-8 -*-
"""Validate the b2 scenario files in /work/blind/bank.

Independently of gen.py, this re-derives every file's end state from the task's gold actions
(tasks.json), replayed on db.json with the effects described in reference/tools.py (my own
re-implementation), after the documented deviations below.  It checks:
  * the YAML parses and uses only the keys FORMAT.md allows; header comments present;
  * every `records` id exists in db.json and every value equals the replayed state;
  * every record the replay changes is declared, with its key fields;
  * `created` items match the replayed new records one to one;
  * `handoff` matches the gold (or the deviation);
  * `authenticated` flags: false before the turn where two matching details have been given,
    true on that turn;
  * zh files have Chinese customer turns; category names; counts.

Usage: python3 validate.py   (exit 1 on any problem)
"""
import copy
import glob
import hashlib
import json
import os
import re
import sys
from datetime import datetime

import yaml

DATA = "/work/shared/data/banking_knowledge"
OUT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TODAY = "11/14/2025"
NOW = datetime(2025, 11, 14, 3, 40)

TOP_KEYS = {"name", "domain", "channel_user_id", "turns", "final"}
TURN_KEYS = {"user", "agent", "release", "session", "expect"}
EXPECT_KEYS = {"authenticated", "awaiting", "reply_contains", "reply_not_contains"}
AWAITING = {"confirmation", "clarification", "human", "nothing"}
FINAL_KEYS = {"records", "created", "handoff"}
CATEGORIES = {"cards", "disputes", "accounts", "credit", "advice", "profile", "handoff"}
HEADER_KEYS = ["task", "category", "language", "customer", "scenario", "right outcome"]
MONEY_FIELDS = {"current_holdings", "current_balance", "credit_limit", "transaction_amount",
                "partial_refund_amount", "requested_increase_amount", "amount"}
KEY_FIELDS = {"status", "current_holdings", "current_balance", "credit_limit", "closed_date",
              "date_closed", "closed_by"}

# ----------------------------------------------------------------------------- deviations
# Where db.json (the start state of every conversation) differs from the task's seeded state, or
# the gold contradicts the knowledge base / the customer's instructions.  See README.md.


def _set_dispute(txn, **kw):
    def f(actions):
        for a in actions:
            if a["tool"] == "file_credit_card_transaction_dispute_4829" and a["args"]["transaction_id"] == txn:
                a["args"].update(kw)
        return actions
    return f


def _drop(tool):
    return lambda actions: [a for a in actions if a["tool"] != tool]


def _stmt_amount(amount):
    def f(actions):
        for a in actions:
            if a["tool"] == "apply_statement_credit_8472":
                a["args"]["amount"] = amount
        return actions
    return f


def _insert_after_open(new):
    def f(actions):
        out = []
        for a in actions:
            out.append(a)
            if a["tool"] == "open_bank_account_4821":
                out.append(new)
        return out
    return f


DEVIATIONS = {
    "task_040": _set_dispute("txn_a1b2c3d4e503", eligible_for_provisional_credit=True),
    "task_041": _set_dispute("txn_107c4fa829bd", eligible_for_provisional_credit=True),
    "task_046": "use:task_045",
    "task_048": _stmt_amount(5.0),
    "task_051": lambda actions: [],
    "task_052": lambda actions: [],
    "task_054": _drop("file_credit_card_transaction_dispute_4829"),
    "task_061": _insert_after_open({"tool": "transfer_funds_between_bank_accounts_7291", "args": {
        "source_account_id": "61e5f6a7b8c9d012",
        "destination_account_id": hashlib.sha256(
            b"account:mm61b4c8d3:savings:Silver Plus Account").digest()[:8].hex(),
        "amount": 1000.0}}),
}


def money(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return float(v)
    s = str(v).replace("$", "").replace(",", "")
    try:
        return float(s)
    except ValueError:
        return v


def same(field, a, b):
    if field in MONEY_FIELDS:
        return money(a) == money(b)
    return a == b


# ----------------------------------------------------------------------------- gold replay
class Replay:
    def __init__(self, db):
        self.db0 = db
        self.db = copy.deepcopy(db)
        self.new = {}          # table -> {id: record}
        self.errors = []

    def add(self, table, rid, rec):
        if rid in self.db.get(table, {}) or rid in self.new.get(table, {}):
            self.errors.append(f"duplicate id {table}/{rid} (write skipped)")
            return False
        self.new.setdefault(table, {})[rid] = rec
        return True

    def account(self, rid):
        if rid in self.db["accounts"]:
            return self.db["accounts"][rid]
        return self.new.get("accounts", {}).get(rid)

    def user_accounts(self, uid):
        return [a for a in list(self.db["accounts"].values()) + list(self.new.get("accounts", {}).values())
                if a.get("user_id") == uid]

    def apply(self, tool, a):
        fn = getattr(self, "t_" + tool, None)
        if fn is None:
            raise SystemExit(f"no replay for write tool {tool}")
        fn(**a)

    # credit cards
    def t_order_replacement_credit_card_7291(self, credit_card_account_id, user_id, shipping_address,
                                             reason, expedited_shipping=False):
        rid = "ord:" + credit_card_account_id + reason
        self.add("credit_card_orders", rid, {
            "credit_card_account_id": credit_card_account_id, "user_id": user_id,
            "shipping_address": shipping_address, "reason": reason,
            "expedited_shipping": expedited_shipping, "order_date": TODAY, "status": "ORDERED"})
        self.db["credit_card_accounts"][credit_card_account_id].update(status="CLOSED", closed_date=TODAY)

    def t_file_credit_card_transaction_dispute_4829(self, **a):
        rec = dict(a)
        rec.setdefault("partial_refund_amount", None)
        rec.update(submitted_at=TODAY, status="SUBMITTED")
        self.add("transaction_disputes", "dsp:" + a["user_id"] + a["transaction_id"], rec)

    def t_pay_credit_card_from_checking_9182(self, user_id, checking_account_id, credit_card_account_id, amount):
        chk = self.db["accounts"].get(checking_account_id)
        card = self.db["credit_card_accounts"][credit_card_account_id]
        if chk is None or money(chk["current_holdings"]) < amount or money(card["current_balance"]) < amount:
            self.errors.append(f"payment failed ({checking_account_id})")
            return
        chk["current_holdings"] = f"{money(chk['current_holdings']) - amount:.2f}"
        card["current_balance"] = f"${money(card['current_balance']) - amount:.2f}"

    def t_log_credit_card_closure_reason_4521(self, credit_card_account_id, user_id, closure_reason):
        self.add("credit_card_closure_reasons", "clsr:" + credit_card_account_id + user_id, {
            "credit_card_account_id": credit_card_account_id, "user_id": user_id,
            "closure_reason": closure_reason, "logged_at": TODAY, "status": "LOGGED"})

    def t_apply_credit_card_account_flag_6147(self, credit_card_account_id, user_id, flag_type,
                                              expiration_date, reason):
        self.add("credit_card_account_flags", "flag:" + credit_card_account_id + flag_type + expiration_date, {
            "credit_card_account_id": credit_card_account_id, "user_id": user_id,
            "flag_type": flag_type, "effective_date": TODAY, "expiration_date": expiration_date,
            "reason": reason, "status": "ACTIVE"})

    def t_apply_statement_credit_8472(self, user_id, credit_card_account_id, amount, reason):
        self.add("credit_card_transaction_history", f"sc:{user_id}:{reason}:{amount}", {
            "user_id": user_id, "credit_card_account_id": credit_card_account_id,
            "merchant_name": "Rho-Bank Statement Credit", "transaction_amount": f"-${amount:.2f}",
            "transaction_date": TODAY, "category": "Statement Credit", "status": "COMPLETED",
            "credit_reason": reason})

    def t_close_credit_card_account_7834(self, credit_card_account_id, user_id):
        self.db["credit_card_accounts"][credit_card_account_id].update(
            status="CLOSED", closed_date=TODAY, closed_by=user_id)

    def t_submit_credit_limit_increase_request_7392(self, credit_card_account_id, user_id,
                                                    requested_increase_amount):
        amt = int(float(requested_increase_amount))
        self.add("credit_limit_increase_requests", f"cli:{credit_card_account_id}:{user_id}:{amt:.2f}", {
            "credit_card_account_id": credit_card_account_id, "user_id": user_id,
            "requested_increase_amount": amt, "submitted_at": TODAY, "status": "PENDING"})

    def t_approve_credit_limit_increase_5847(self, credit_card_account_id, user_id, new_credit_limit):
        card = self.db["credit_card_accounts"][credit_card_account_id]
        pending = [d for d in list(self.db["transaction_disputes"].values()) +
                   list(self.new.get("transaction_disputes", {}).values())
                   if d.get("user_id") == user_id and d.get("status") in ("SUBMITTED", "UNDER_REVIEW", "PENDING")]
        orders = [o for o in list(self.db["credit_card_orders"].values()) +
                  list(self.new.get("credit_card_orders", {}).values())
                  if o.get("credit_card_account_id") == credit_card_account_id
                  and o.get("status") in ("PENDING", "PROCESSING", "SHIPPED")]
        if pending or orders:
            self.errors.append("CLI approval refused")
            return
        old = money(card.get("credit_limit", "$0.00"))
        new = float(new_credit_limit)
        card["credit_limit"] = f"${new:.2f}"
        rid = f"cli:{credit_card_account_id}:{user_id}:{new - old:.2f}"
        if rid in self.new.get("credit_limit_increase_requests", {}):
            return  # same id as the submitted request: the approval record is not added
        self.add("credit_limit_increase_requests", rid, {
            "credit_card_account_id": credit_card_account_id, "user_id": user_id,
            "previous_limit": f"${old:.2f}", "new_limit": f"${new:.2f}", "status": "APPROVED"})

    def t_deny_credit_limit_increase_5848(self, credit_card_account_id, user_id, denial_reason):
        self.add("credit_limit_increase_requests", f"cli:{credit_card_account_id}:{user_id}:0.00", {
            "credit_card_account_id": credit_card_account_id, "user_id": user_id,
            "denial_reason": denial_reason, "status": "DENIED"})

    # bank accounts
    def t_open_bank_account_4821(self, user_id, account_type, account_class):
        accts = self.user_accounts(user_id)

        def age(a):
            try:
                return (NOW - datetime.strptime(a.get("date_opened", ""), "%m/%d/%Y")).days
            except ValueError:
                return 0

        def kind(a):
            return a.get("account_type", a.get("class", ""))
        ok = True
        if account_type == "savings":
            ok = any(kind(a) in ("checking", "personal_checking") and a.get("status") in ("OPEN", "ACTIVE")
                     and age(a) >= 14 for a in accts)
        elif account_type == "business_checking":
            ok = (not any(a.get("status") == "CLOSED" for a in accts) and
                  any(kind(a) in ("checking", "personal_checking") and a.get("status") in ("OPEN", "ACTIVE")
                      for a in accts))
        elif account_type == "business_savings":
            ok = (all(money(a.get("current_holdings", 0)) >= 0 for a in accts) and
                  any(kind(a) == "business_checking" and a.get("status") in ("OPEN", "ACTIVE") and age(a) >= 30
                      for a in accts))
        if not ok:
            self.errors.append(f"open {account_class} refused")
            return
        rid = hashlib.sha256(f"account:{user_id}:{account_type}:{account_class}".encode()).digest()[:8].hex()
        self.add("accounts", rid, {"account_id": rid, "user_id": user_id, "account_type": account_type,
                                   "account_class": account_class, "current_holdings": "0.00",
                                   "status": "OPEN", "date_opened": TODAY})

    def t_close_bank_account_7392(self, account_id, reason="Customer requested closure",
                                  waive_early_closure_fee=False):
        acct = self.account(account_id)
        chk = {"Light Blue Account": (15, 30), "Light Green Account": (15, 30),
               "Green Fee-Free Account": (15, 30), "Blue Account": (25, 60), "Green Account": (25, 60),
               "Evergreen Account": (50, 90), "Bluest Account": (100, 180)}
        fee = 0
        if not waive_early_closure_fee and acct.get("class") == "checking" and acct.get("level") in chk:
            f, window = chk[acct["level"]]
            if (NOW - datetime.strptime(acct["date_opened"], "%m/%d/%Y")).days < window:
                fee = f
        bal = money(acct["current_holdings"])
        if bal < fee or bal - fee != 0:
            self.errors.append(f"close {account_id} refused (balance {bal}, fee {fee})")
            return
        acct.update(status="CLOSED", date_closed=TODAY)
        if fee:
            acct["current_holdings"] = "0.00"

    def t_transfer_funds_between_bank_accounts_7291(self, source_account_id, destination_account_id, amount):
        src, dst = self.account(source_account_id), self.account(destination_account_id)
        amount = float(amount)
        if src is None or dst is None or money(src["current_holdings"]) < amount:
            self.errors.append("transfer refused")
            return
        src["current_holdings"] = f"${money(src['current_holdings']) - amount:.2f}"
        dst["current_holdings"] = f"${money(dst['current_holdings']) + amount:.2f}"


READ_OR_MECHANICS = {"log_verification", "unlock_discoverable_agent_tool", "give_discoverable_user_tool",
                     "transfer_to_human_agents", "request_human_agent_transfer"}
WRITE_TOOLS = {n[2:] for n in dir(Replay) if n.startswith("t_")}


def gold_writes(task):
    acts, handoff, customer_actions = [], False, []
    for a in task["evaluation_criteria"]["actions"]:
        name, args = a["name"], a.get("arguments", {})
        if name == "transfer_to_human_agents":
            handoff = True
        if a.get("requestor") == "user":
            customer_actions.append(name if name != "call_discoverable_user_tool"
                                    else args["discoverable_tool_name"])
            continue
        if name in READ_OR_MECHANICS or name.startswith("get_"):
            continue
        if name == "call_discoverable_agent_tool":
            tool = args["agent_tool_name"]
            if tool in WRITE_TOOLS:
                acts.append({"tool": tool, "args": json.loads(args["arguments"])})
            continue
        raise SystemExit(f"{task['id']}: unhandled gold action {name}")
    return acts, handoff, customer_actions


# ----------------------------------------------------------------------------- auth check
def detail_hits(text, user):
    hits = set()
    low = text.lower()
    if user["email"].lower() in low:
        hits.add("email")
    if user["phone_number"] in text:
        hits.add("phone")
    street = user["address"].split(",")[0].lower()
    if street in low:
        hits.add("address")
    m, d, y = (int(x) for x in user["date_of_birth"].split("/"))
    for mm, dd, yy in re.findall(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b", text):
        if (int(mm), int(dd), int(yy)) == (m, d, y):
            hits.add("dob")
    for yy, mm, dd in re.findall(r"(\d{4})\s*[年/-]\s*(\d{1,2})\s*[月/-]\s*(\d{1,2})", text):
        if (int(mm), int(dd), int(yy)) == (m, d, y):
            hits.add("dob")
    return hits


# ----------------------------------------------------------------------------- checks
def check_file(path, db, tasks, problems, summary):
    def bad(msg):
        problems.append(f"{os.path.basename(path)}: {msg}")

    text = open(path, encoding="utf-8").read()
    header = {}
    for line in text.splitlines():
        m = re.match(r"# ([a-z ]+): (.*)", line)
        if m:
            header.setdefault(m.group(1), m.group(2))
        if line.startswith("name:"):
            break
    for k in HEADER_KEYS:
        if k not in header:
            bad(f"header '# {k}:' missing")
    doc = yaml.safe_load(text)
    if set(doc) - TOP_KEYS or not {"name", "turns", "final"} <= set(doc):
        bad(f"top-level keys {sorted(doc)}")
    num = os.path.basename(path)[3:6]
    if not str(doc["name"]).startswith(f"b2 {num}"):
        bad("name does not start with prefix and number")
    if doc.get("domain") != "bank" or doc.get("channel_user_id", "x") is not None:
        bad("domain/channel_user_id")
    task_id = header.get("task")
    task = tasks.get(task_id)
    if task is None or task_id[-3:] != num:
        bad(f"task id {task_id}")
        return
    if header.get("category") not in CATEGORIES:
        bad("category")
    lang = header.get("language")
    uid = header.get("customer")
    user = db["users"].get(uid)
    if user is None:
        bad("customer not in db.json")
        return

    # turns
    seen, auth_turn = set(), None
    zh_turns = 0
    for i, t in enumerate(doc["turns"]):
        if set(t) - TURN_KEYS:
            bad(f"turn {i} keys {sorted(t)}")
        ex = t.get("expect", {}) or {}
        if set(ex) - EXPECT_KEYS:
            bad(f"turn {i} expect keys {sorted(ex)}")
        if "awaiting" in ex and ex["awaiting"] not in AWAITING:
            bad(f"turn {i} awaiting {ex['awaiting']}")
        for k in ("reply_contains", "reply_not_contains"):
            if k in ex and not (isinstance(ex[k], list) and all(isinstance(s, str) for s in ex[k])):
                bad(f"turn {i} {k} must be a list of strings")
        if "user" not in t:
            continue
        if re.search(r"[\u4e00-\u9fff]", t["user"]):
            zh_turns += 1
        seen |= detail_hits(t["user"], user)
        now_auth = len(seen) >= 2
        if auth_turn is None:
            if now_auth:
                auth_turn = i
                if ex.get("authenticated") is not True:
                    bad(f"turn {i}: two details given ({sorted(seen)}) but authenticated is not true")
            elif ex.get("authenticated") is not False:
                bad(f"turn {i}: before two matching details, authenticated must be false "
                    f"(got {ex.get('authenticated')!r})")
    if auth_turn is None:
        bad("customer never gives two matching details")
    if lang == "zh" and zh_turns < len([t for t in doc["turns"] if "user" in t]) - 1:
        bad("zh file with too few Chinese customer turns")
    if lang == "en" and zh_turns:
        bad("en file with Chinese customer turns")

    # replay gold (+ deviations)
    dev = DEVIATIONS.get(task_id)
    src_task = tasks["task_045"] if dev == "use:task_045" else task
    acts, handoff, customer_actions = gold_writes(src_task)
    if callable(dev):
        acts = dev(copy.deepcopy(acts))
    rp = Replay(db)
    for a in acts:
        rp.apply(a["tool"], a["args"])

    final = doc["final"]
    if set(final) - FINAL_KEYS:
        bad(f"final keys {sorted(final)}")
    if bool(final.get("handoff", False)) != handoff:
        bad(f"handoff {final.get('handoff')} but gold says {handoff}")
    records = final.get("records") or {}
    # declared records: exist and equal the replayed state
    for table, recs in records.items():
        if table not in db:
            bad(f"unknown table {table}")
            continue
        for rid, fields in recs.items():
            if rid not in db[table]:
                bad(f"{table}/{rid} not in db.json")
                continue
            cur = rp.db[table][rid]
            for k, v in fields.items():
                if k not in cur:
                    bad(f"{table}/{rid}.{k} not a field of the record")
                elif not same(k, cur[k], v):
                    bad(f"{table}/{rid}.{k} = {v!r}, replay gives {cur[k]!r}")
    # every changed record declared with its key fields
    for table, recs in rp.db.items():
        for rid, rec in recs.items():
            old = db[table].get(rid)
            if old == rec:
                continue
            changed = {k for k in rec if old.get(k) != rec.get(k)} & KEY_FIELDS
            declared = records.get(table, {}).get(rid)
            if declared is None:
                bad(f"changed record {table}/{rid} not declared")
            elif changed - set(declared):
                bad(f"{table}/{rid}: changed fields {sorted(changed - set(declared))} not declared")
    # created: one-to-one match
    created = final.get("created") or {}
    for table in set(created) | set(rp.new):
        if table not in db:
            bad(f"created table {table} not in db.json")
        items = created.get(table, [])
        pool = list(rp.new.get(table, {}).values())
        if len(items) != len(pool):
            bad(f"created {table}: {len(items)} declared, replay creates {len(pool)}")
        for it in items:
            hit = next((r for r in pool if all(k in r and same(k, r[k], v) for k, v in it.items())), None)
            if hit is None:
                bad(f"created {table} item matches no replayed record: {it}")
            else:
                pool.remove(hit)
    summary.append((os.path.basename(path), task_id, header.get("category"), lang,
                    len(doc["turns"]), customer_actions, rp.errors))


def main():
    with open(os.path.join(DATA, "db.json")) as f:
        db = {t: v["data"] for t, v in json.load(f).items()}
    with open(os.path.join(DATA, "tasks.json")) as f:
        tasks = {t["id"]: t for t in json.load(f)}
    files = sorted(glob.glob(os.path.join(OUT, "b2_*.yaml")))
    problems, summary = [], []
    for p in files:
        try:
            check_file(p, db, tasks, problems, summary)
        except Exception as e:  # noqa: BLE001
            problems.append(f"{os.path.basename(p)}: {type(e).__name__}: {e}")
    want = [t for t in tasks if "task_038" <= t <= "task_070"]
    got = sorted(s[1] for s in summary)
    if got != sorted(want):
        problems.append(f"tasks covered {got} != range {want}")
    langs = [s[3] for s in summary]
    cats = {}
    for s in summary:
        cats[s[2]] = cats.get(s[2], 0) + 1
    for s in summary:
        extra = []
        if s[5]:
            extra.append("customer's own: " + ",".join(s[5]))
        if s[6]:
            extra.append("replay notes: " + "; ".join(s[6]))
        print(f"{s[0]:44s} {s[1]} {s[2]:9s} {s[3]} turns={s[4]:2d} {' | '.join(extra)}")
    print(f"\n{len(files)} files, zh={langs.count('zh')}, en={langs.count('en')}, categories={cats}")
    if problems:
        print("\nPROBLEMS:")
        for p in problems:
            print(" -", p)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
