"""b3: replay of a tau-Banking task's gold bank writes over the start database.

Own implementation of the write semantics described in reference/tools.py (read there,
not copied).  Used by gen_b3.py to compute every `final` value and by validate_b3.py to
re-check the files.  Reads only /work/shared/data/banking_knowledge.
"""
import copy
import json
from collections import OrderedDict
from datetime import datetime

DATA = "/work/shared/data/banking_knowledge"
TODAY = "11/14/2025"
NOW = datetime(2025, 11, 14, 3, 40, 0)

_DB = None
_TASKS = None


def load_db():
    global _DB
    if _DB is None:
        with open(f"{DATA}/db.json") as f:
            _DB = json.load(f)
    return _DB


def load_tasks():
    global _TASKS
    if _TASKS is None:
        with open(f"{DATA}/tasks.json") as f:
            _TASKS = {t["id"]: t for t in json.load(f)}
    return _TASKS


def init_data(task_id):
    """The task's initialization_data.agent_data (records not in db.json), or {}."""
    t = load_tasks()[task_id]
    st = t.get("initial_state") or {}
    idata = st.get("initialization_data") or {}
    return idata.get("agent_data") or {}


def base_db(task_id):
    """db.json plus the task's initialization data, as {table: {id: record}}."""
    db = {k: copy.deepcopy(v["data"]) for k, v in load_db().items()}
    for table, v in init_data(task_id).items():
        db.setdefault(table, {})
        for rid, rec in v["data"].items():
            db[table][rid] = copy.deepcopy(rec)
    return db


def money(v):
    if isinstance(v, (int, float)):
        return float(v)
    return float(str(v).replace("$", "").replace(",", ""))


class ReplayError(Exception):
    pass


# fields of a new record that the customer's request decides (what the files declare)
CREATED_FIELDS = {
    "accounts": ["user_id", "class", "level", "status"],
    "bank_account_transaction_history": ["account_id", "amount", "type"],
    "interest_discrepancy_reports": ["account_id", "expected_apy", "actual_apy", "amount_difference"],
    "debit_card_orders": ["account_id", "delivery_option", "card_design", "shipping_address", "total_fee"],
    "debit_cards": ["account_id", "status", "card_design"],
    "credit_card_orders": ["credit_card_account_id", "reason", "shipping_address", "expedited_shipping"],
    "transaction_disputes": ["transaction_id", "dispute_reason", "resolution_requested", "card_action"],
    "debit_card_disputes": ["transaction_id", "account_id", "dispute_category", "disputed_amount",
                            "provisional_credit_eligible", "card_action"],
}

READ_TOOLS = {
    "get_all_user_accounts_by_user_id_3847", "get_bank_account_transactions_9173",
    "get_debit_cards_by_account_id_7823", "get_debit_dispute_status_7483",
    "get_user_dispute_history_7291", "get_atm_deposit_images_8473",
}
IGNORED = {"log_verification", "unlock_discoverable_agent_tool", "give_discoverable_user_tool",
           "get_referrals_by_user", "get_credit_card_accounts_by_user",
           "get_credit_card_transactions_by_user", "get_user_information_by_id",
           "get_user_information_by_name", "get_user_information_by_email", "get_current_time"}

DEFAULT_ATM = {"blue account": 500, "green account": 600, "light blue account": 400,
               "green fee-free account": 500, "evergreen account": 750, "bluest account": 1500,
               "dark green account": 300, "gold years account": 600, "purple account": 1000}


class Replay:
    def __init__(self, task_id):
        self.task_id = task_id
        self.db = base_db(task_id)
        self.changed = OrderedDict()      # (table, id) -> set of fields
        self.created = OrderedDict()      # table -> list of full records
        self.handoff = False
        self.log = []

    # ---- helpers
    def touch(self, table, rid, *fields):
        self.changed.setdefault((table, rid), [])
        for f in fields:
            if f not in self.changed[(table, rid)]:
                self.changed[(table, rid)].append(f)

    def add(self, table, rid, rec):
        self.db.setdefault(table, {})
        if rid in self.db[table]:
            raise ReplayError(f"{table} {rid} exists")
        self.db[table][rid] = rec
        self.created.setdefault(table, []).append(rec)

    def card(self, cid):
        c = self.db["debit_cards"].get(cid)
        if c is None:
            raise ReplayError(f"no card {cid}")
        return c

    def account(self, aid):
        a = self.db["accounts"].get(aid)
        if a is None:
            raise ReplayError(f"no account {aid}")
        return a

    # ---- writes
    def open_bank_account_4821(self, user_id, account_type, account_class):
        accs = [a for a in self.db["accounts"].values() if a.get("user_id") == user_id]

        def age(a):
            return (NOW - datetime.strptime(a["date_opened"], "%m/%d/%Y")).days

        def typ(a):
            return a.get("account_type", a.get("class", ""))
        if account_type == "savings" and not any(
                typ(a) in ("checking", "personal_checking") and a["status"] in ("OPEN", "ACTIVE")
                and age(a) >= 14 for a in accs):
            raise ReplayError("savings eligibility")
        if account_type == "business_checking":
            if any(a["status"] == "CLOSED" for a in accs) or not any(
                    typ(a) in ("checking", "personal_checking") and a["status"] in ("OPEN", "ACTIVE")
                    for a in accs):
                raise ReplayError("business checking eligibility")
        if account_type == "business_savings":
            if any(money(a.get("current_holdings", 0)) < 0 for a in accs) or not any(
                    typ(a) == "business_checking" and a["status"] in ("OPEN", "ACTIVE") and age(a) >= 30
                    for a in accs):
                raise ReplayError("business savings eligibility")
        rid = f"new_account:{user_id}:{account_type}:{account_class}"
        # stored with db.json's own field names (class / level)
        self.add("accounts", rid, {"account_id": rid, "user_id": user_id, "class": account_type,
                                   "level": account_class, "current_holdings": "0.00",
                                   "status": "OPEN", "date_opened": TODAY})

    def _credit(self, account_id, amount, credit_type, classes):
        a = self.account(account_id)
        if a.get("class", "").lower() not in classes:
            raise ReplayError(f"{account_id} class {a.get('class')}")
        if a.get("status") not in ("OPEN", "ACTIVE"):
            raise ReplayError("account not open")
        amount = float(amount)
        a["current_holdings"] = f"{money(a['current_holdings']) + amount:.2f}"
        self.touch("accounts", account_id, "current_holdings")
        rid = f"credit:{account_id}:{credit_type}:{amount}"
        self.add("bank_account_transaction_history", rid,
                 {"transaction_id": rid, "account_id": account_id, "date": TODAY,
                  "amount": amount, "type": credit_type, "status": "posted"})

    def apply_checking_account_credit_5829(self, account_id, amount, credit_type):
        self._credit(account_id, amount, credit_type, ("checking",))

    def apply_savings_account_credit_6831(self, account_id, amount, credit_type):
        self._credit(account_id, amount, credit_type, ("saving", "savings"))

    def submit_interest_discrepancy_report_7294(self, account_id, user_id, expected_apy, actual_apy,
                                                amount_difference):
        self.account(account_id)
        if user_id not in self.db["users"]:
            raise ReplayError("no user")
        rid = f"idr:{account_id}:{expected_apy}:{actual_apy}"
        self.add("interest_discrepancy_reports", rid,
                 {"account_id": account_id, "user_id": user_id, "expected_apy": float(expected_apy),
                  "actual_apy": float(actual_apy), "amount_difference": float(amount_difference),
                  "status": "PENDING_REVIEW"})

    def freeze_debit_card_3892(self, card_id):
        c = self.card(card_id)
        if c["status"] != "ACTIVE":
            raise ReplayError(f"freeze {card_id} status {c['status']}")
        c["status"] = "FROZEN"
        self.touch("debit_cards", card_id, "status")

    def unfreeze_debit_card_3893(self, card_id):
        c = self.card(card_id)
        if c["status"] != "FROZEN":
            raise ReplayError(f"unfreeze {card_id} status {c['status']}")
        if self.account(c["account_id"])["status"] != "OPEN":
            raise ReplayError("account not open")
        c["status"] = "ACTIVE"
        self.touch("debit_cards", card_id, "status")

    def close_debit_card_4721(self, card_id, reason):
        c = self.card(card_id)
        if c["status"] not in ("ACTIVE", "PENDING"):
            raise ReplayError(f"close {card_id} status {c['status']}")
        c["status"] = "CLOSED"
        c["closure_reason"] = reason
        self.touch("debit_cards", card_id, "status", "closure_reason")

    def clear_debit_card_fraud_alert_4892(self, card_id, reason):
        c = self.card(card_id)
        if reason == "velocity_clear":
            if not c.get("velocity_blocked"):
                raise ReplayError("no velocity block")
            c["velocity_blocked"] = False
            self.touch("debit_cards", card_id, "velocity_blocked")
        else:
            if not c.get("fraud_alert_active") or c.get("alert_source") == "bank_initiated":
                raise ReplayError("cannot clear alert")
            c["fraud_alert_active"] = False
            self.touch("debit_cards", card_id, "fraud_alert_active")

    def reset_debit_card_pin_6284(self, card_id, last_4_digits, new_pin):
        c = self.card(card_id)
        if c["last_4_digits"] != last_4_digits or c["status"] != "ACTIVE":
            raise ReplayError("pin reset check")
        if new_pin in ("0123", "1234", "2345", "3456", "4567", "5678", "6789", "9876", "8765",
                       "7654", "6543", "5432", "4321", "3210") or len(set(new_pin)) == 1:
            raise ReplayError("weak pin")
        c["pin_locked"] = False
        c["pin_attempts_remaining"] = 3
        self.touch("debit_cards", card_id, "pin_locked", "pin_attempts_remaining")

    def request_temporary_debit_card_limit_increase_8374(self, card_id, limit_type, new_limit):
        c = self.card(card_id)
        a = self.account(c["account_id"])
        if c["status"] != "ACTIVE" or a["status"] != "OPEN":
            raise ReplayError("limit: status")
        if (NOW - datetime.strptime(a["date_opened"], "%m/%d/%Y")).days < 60:
            raise ReplayError("limit: age")
        field = "daily_atm_limit" if limit_type == "atm" else "daily_purchase_limit"
        cur = c.get(field)
        if cur is None and limit_type == "atm":
            if "light green" in a["level"].lower():
                raise ReplayError("teen fixed")
            cur = DEFAULT_ATM[a["level"].lower()]
        new_limit = int(new_limit)
        if new_limit > int(cur * 1.5) or new_limit <= cur:
            raise ReplayError("limit bounds")
        c[field] = new_limit
        self.touch("debit_cards", card_id, field)

    def order_debit_card_5739(self, account_id, user_id, delivery_option, delivery_fee, card_design,
                              design_fee, shipping_address, excess_replacement_fee=0):
        a = self.account(account_id)
        if a.get("class") != "checking" or a["status"] != "OPEN" or a["user_id"] != user_id:
            raise ReplayError("order: account")
        bal = money(a["current_holdings"])
        if bal < 25:
            raise ReplayError("order: min balance")
        if any(o["account_id"] == account_id and o["status"] == "PENDING"
               for o in self.db.get("debit_card_orders", {}).values()):
            raise ReplayError("order: pending order")
        cards = [c for c in self.db["debit_cards"].values() if c["account_id"] == account_id]
        if any(c["status"] == "ACTIVE" for c in cards):
            raise ReplayError("order: active card exists")
        fee = float(delivery_fee) + float(design_fee) + float(excess_replacement_fee or 0)
        if fee > bal:
            raise ReplayError("order: funds")
        oid = f"order:{account_id}:{delivery_option}"
        self.add("debit_card_orders", oid,
                 {"account_id": account_id, "user_id": user_id, "delivery_option": delivery_option.upper(),
                  "card_design": card_design.upper(), "shipping_address": shipping_address,
                  "delivery_fee": float(delivery_fee), "design_fee": float(design_fee),
                  "total_fee": fee, "status": "PENDING"})
        if fee > 0:
            a["current_holdings"] = f"{bal - fee:.2f}"
            self.touch("accounts", account_id, "current_holdings")
            self.add("bank_account_transaction_history", f"fee:{oid}",
                     {"account_id": account_id, "date": TODAY, "amount": -fee,
                      "type": "debit_card_fee", "status": "posted"})
        closed = next((c for c in cards if c["status"] == "CLOSED"), None)
        if closed:
            r = closed.get("closure_reason", "first_card")
            issue = {"fraud_suspected": "fraud"}.get(r, r) if r in ("lost", "stolen", "fraud", "fraud_suspected") else "first_card"
        else:
            issue = "first_card" if cards else "new_account"
        self.add("debit_cards", f"newcard:{account_id}",
                 {"account_id": account_id, "user_id": user_id, "status": "PENDING",
                  "card_design": card_design.upper(), "issue_reason": issue})

    def _activate(self, card_id, last_4_digits, expiration_date, cvv, pin, reasons):
        # the gold names the new card by the benchmark's id; map it to the card this replay ordered
        c = self.db["debit_cards"].get(card_id)
        if c is None:
            pend = [k for k, v in self.db["debit_cards"].items()
                    if k.startswith("newcard:") and v["status"] == "PENDING"]
            if len(pend) != 1:
                raise ReplayError("activate: which card")
            card_id = pend[0]
            c = self.db["debit_cards"][card_id]
        if c["status"] != "PENDING" or c["issue_reason"] not in reasons:
            raise ReplayError(f"activate: {c}")
        c["status"] = "ACTIVE"
        for k, o in self.db["debit_cards"].items():
            if k != card_id and o["account_id"] == c["account_id"] and o["status"] == "ACTIVE":
                o["status"] = "DEACTIVATED"
                self.touch("debit_cards", k, "status")

    def activate_debit_card_8291(self, **kw):
        self._activate(reasons=("new_account", "first_card"), **kw)

    def activate_debit_card_8292(self, **kw):
        self._activate(reasons=("lost", "stolen", "fraud"), **kw)

    def activate_debit_card_8293(self, **kw):
        self._activate(reasons=("expired", "damaged", "upgrade", "bank_reissue"), **kw)

    def order_replacement_credit_card_7291(self, credit_card_account_id, user_id, shipping_address,
                                           reason, expedited_shipping=False):
        cc = self.db["credit_card_accounts"].get(credit_card_account_id)
        if cc is None:
            raise ReplayError("no credit card account")
        self.add("credit_card_orders", f"ccorder:{credit_card_account_id}:{reason}",
                 {"credit_card_account_id": credit_card_account_id, "user_id": user_id,
                  "shipping_address": shipping_address, "reason": reason,
                  "expedited_shipping": bool(expedited_shipping), "status": "ORDERED"})
        # tools.py cancels the old card by setting the account's `status` to CLOSED
        cc["status"] = "CLOSED"
        self.touch("credit_card_accounts", credit_card_account_id, "status")

    def file_credit_card_transaction_dispute_4829(self, **kw):
        rid = f"ccdispute:{kw['transaction_id']}"
        rec = dict(kw)
        rec["status"] = "SUBMITTED"
        self.add("transaction_disputes", rid, rec)

    def file_debit_card_transaction_dispute_6281(self, **kw):
        rid = f"dcdispute:{kw['transaction_id']}"
        rec = dict(kw)
        rec["status"] = "OPEN"
        self.add("debit_card_disputes", rid, rec)

    # ---- driver
    def run(self):
        task = load_tasks()[self.task_id]
        for act in task["evaluation_criteria"]["actions"]:
            if act.get("requestor") != "assistant":
                continue
            name, args = act["name"], act["arguments"]
            if name in IGNORED:
                continue
            if name == "transfer_to_human_agents":
                self.handoff = True
                continue
            if name == "call_discoverable_agent_tool":
                name = args["agent_tool_name"]
                args = json.loads(args["arguments"])
            if name in READ_TOOLS:
                continue
            fn = getattr(self, name, None)
            if fn is None:
                raise ReplayError(f"{self.task_id}: no replay for {name}")
            fn(**args)
            self.log.append(name)
        return self


def replay(task_id):
    return Replay(task_id).run()


def declared_created(rep):
    """created table -> list of dicts restricted to CREATED_FIELDS."""
    out = OrderedDict()
    for table, recs in rep.created.items():
        out[table] = [OrderedDict((f, r[f]) for f in CREATED_FIELDS[table] if f in r) for r in recs]
    return out
