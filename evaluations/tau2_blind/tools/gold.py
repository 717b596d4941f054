"""τ²-bench retail write semantics, shared by the tools of the blind sets.

Two implementations on purpose: the generators compute each file's `final` with the first
(``apply_action``), and the validators recompute it with the second (``apply``), written
apart, so that a slip in one shows up as a difference. Both are used by
`evaluations/tau2_blind/tools` and `evaluations/tau2_joint/tools`.
"""
import copy


# --------------------------------------------------------------------------- generators

class Rejected(Exception):
    pass


def r2(x):
    return round(x + 0.0, 2)


def payment_method(db, uid, pmid):
    pms = db["users"][uid]["payment_methods"]
    if pmid not in pms:
        raise Rejected("payment method not found")
    return pms[pmid]


def check_items(order, item_ids):
    have = [it["item_id"] for it in order["items"]]
    for i in item_ids:
        if item_ids.count(i) > have.count(i):
            raise Rejected("item %s not in order" % i)


def price_diff(db, order, item_ids, new_item_ids, forbid_same):
    if len(item_ids) != len(new_item_ids):
        raise Rejected("length mismatch")
    diff = 0.0
    for old, new in zip(item_ids, new_item_ids):
        if forbid_same and old == new:
            raise Rejected("same item")
        it = next(x for x in order["items"] if x["item_id"] == old)
        var = db["products"][it["product_id"]]["variants"].get(new)
        if var is None or not var["available"]:
            raise Rejected("new item not available")
        diff += var["price"] - it["price"]
    return diff


def apply_action(db, name, a):
    if name == "transfer_to_human_agents":
        return "handoff"
    if name == "modify_user_address":
        db["users"][a["user_id"]]["address"] = {k: a[k] for k in
                                                ("address1", "address2", "city", "country", "state", "zip")}
        return None
    o = db["orders"].get(a["order_id"])
    if o is None:
        raise Rejected("order not found")
    uid = o["user_id"]
    if name == "cancel_pending_order":
        if o["status"] != "pending":
            raise Rejected("not pending")
        if a["reason"] not in ("no longer needed", "ordered by mistake"):
            raise Rejected("bad reason")
        refunds = []
        for p in o["payment_history"]:
            refunds.append({"transaction_type": "refund", "amount": p["amount"],
                            "payment_method_id": p["payment_method_id"]})
            pm = payment_method(db, uid, p["payment_method_id"])
            if pm["source"] == "gift_card":
                pm["balance"] = r2(pm["balance"] + p["amount"])
        o["status"] = "cancelled"
        o["cancel_reason"] = a["reason"]
        o["payment_history"].extend(refunds)
    elif name == "modify_pending_order_address":
        if "pending" not in o["status"]:
            raise Rejected("not pending")
        o["address"] = {k: a[k] for k in ("address1", "address2", "city", "country", "state", "zip")}
    elif name == "modify_pending_order_items":
        if o["status"] != "pending":
            raise Rejected("not pending")
        check_items(o, a["item_ids"])
        diff = price_diff(db, o, a["item_ids"], a["new_item_ids"], True)
        pm = payment_method(db, uid, a["payment_method_id"])
        if pm["source"] == "gift_card" and pm["balance"] < diff:
            raise Rejected("gift card balance too low")
        o["payment_history"].append({"transaction_type": "payment" if diff > 0 else "refund",
                                     "amount": r2(abs(diff)),
                                     "payment_method_id": a["payment_method_id"]})
        if pm["source"] == "gift_card":
            pm["balance"] = r2(pm["balance"] - diff)
        for old, new in zip(a["item_ids"], a["new_item_ids"]):
            it = next(x for x in o["items"] if x["item_id"] == old)
            var = db["products"][it["product_id"]]["variants"][new]
            it["item_id"] = new
            it["price"] = var["price"]
            it["options"] = copy.deepcopy(var["options"])
        o["status"] = "pending (item modified)"
    elif name == "return_delivered_order_items":
        if o["status"] != "delivered":
            raise Rejected("not delivered")
        pm = payment_method(db, uid, a["payment_method_id"])
        if pm["source"] != "gift_card" and a["payment_method_id"] != o["payment_history"][0]["payment_method_id"]:
            raise Rejected("refund must go to original method or a gift card")
        check_items(o, a["item_ids"])
        o["status"] = "return requested"
        o["return_items"] = sorted(a["item_ids"])
        o["return_payment_method_id"] = a["payment_method_id"]
    elif name == "exchange_delivered_order_items":
        if o["status"] != "delivered":
            raise Rejected("not delivered")
        check_items(o, a["item_ids"])
        diff = r2(price_diff(db, o, a["item_ids"], a["new_item_ids"], True))
        pm = payment_method(db, uid, a["payment_method_id"])
        if pm["source"] == "gift_card" and pm["balance"] < diff:
            raise Rejected("gift card balance too low")
        o["status"] = "exchange requested"
        o["exchange_items"] = sorted(a["item_ids"])
        o["exchange_new_items"] = sorted(a["new_item_ids"])
        o["exchange_payment_method_id"] = a["payment_method_id"]
        o["exchange_price_difference"] = diff
    elif name == "modify_pending_order_payment":
        raise NotImplementedError(name)
    return None


ORDER_FIELDS = ["status", "cancel_reason", "address", "items", "payment_history", "return_items",
                "return_payment_method_id", "exchange_items", "exchange_new_items",
                "exchange_payment_method_id", "exchange_price_difference"]


def field_rank(k):
    return (ORDER_FIELDS.index(k) if k in ORDER_FIELDS else len(ORDER_FIELDS), k)


# --------------------------------------------------------------------------- validators

class Refused(Exception):
    pass


def is_gift(db, uid, pm):
    m = db["users"][uid]["payment_methods"].get(pm)
    if m is None:
        raise Refused("unknown payment method %s" % pm)
    return m["source"] == "gift_card"


def variant_of(db, item, new_id):
    v = db["products"][item["product_id"]]["variants"].get(new_id)
    if v is None:
        raise Refused("%s is not a variant of product %s" % (new_id, item["product_id"]))
    if not v["available"]:
        raise Refused("%s not available" % new_id)
    return v


def pick(order, ids):
    pool = list(order["items"])
    out = []
    for i in ids:
        hit = next((x for x in pool if x["item_id"] == i), None)
        if hit is None:
            raise Refused("item %s not in %s" % (i, order["order_id"]))
        pool.remove(hit)
        out.append(hit)
    return out


def apply(db, name, a):
    """Apply one write; return True for a handoff."""
    if name == "transfer_to_human_agents":
        return True
    addr = lambda: {k: a[k] for k in ("address1", "address2", "city", "country", "state", "zip")}
    if name == "modify_user_address":
        db["users"][a["user_id"]]["address"] = addr()
        return False
    o = db["orders"][a["order_id"]]
    uid = o["user_id"]
    st = o["status"]
    if name == "cancel_pending_order":
        if st != "pending":
            raise Refused("cancel needs pending, is %s" % st)
        if a["reason"] not in ("no longer needed", "ordered by mistake"):
            raise Refused("reason")
        for p in list(o["payment_history"]):
            o["payment_history"].append(dict(transaction_type="refund", amount=p["amount"],
                                             payment_method_id=p["payment_method_id"]))
            if is_gift(db, uid, p["payment_method_id"]):
                g = db["users"][uid]["payment_methods"][p["payment_method_id"]]
                g["balance"] = round(g["balance"] + p["amount"], 2)
        o["status"], o["cancel_reason"] = "cancelled", a["reason"]
    elif name == "modify_pending_order_address":
        if not st.startswith("pending"):
            raise Refused("address change needs pending, is %s" % st)
        o["address"] = addr()
    elif name == "modify_pending_order_items":
        if st != "pending":
            raise Refused("item change needs pending, is %s" % st)
        olds = pick(o, a["item_ids"])
        news = [variant_of(db, it, n) for it, n in zip(olds, a["new_item_ids"])]
        if len(olds) != len(news) or any(it["item_id"] == v["item_id"] for it, v in zip(olds, news)):
            raise Refused("bad item lists")
        diff = round(sum(v["price"] for v in news) - sum(it["price"] for it in olds), 2)
        gift = is_gift(db, uid, a["payment_method_id"])
        if gift and db["users"][uid]["payment_methods"][a["payment_method_id"]]["balance"] < diff:
            raise Refused("gift card balance")
        o["payment_history"].append(dict(transaction_type="payment" if diff > 0 else "refund",
                                         amount=abs(diff), payment_method_id=a["payment_method_id"]))
        if gift:
            g = db["users"][uid]["payment_methods"][a["payment_method_id"]]
            g["balance"] = round(g["balance"] - diff, 2)
        for it, v in zip(olds, news):
            it["item_id"], it["price"], it["options"] = v["item_id"], v["price"], copy.deepcopy(v["options"])
        o["status"] = "pending (item modified)"
    elif name == "return_delivered_order_items":
        if st != "delivered":
            raise Refused("return needs delivered, is %s" % st)
        if not is_gift(db, uid, a["payment_method_id"]) and \
                a["payment_method_id"] != o["payment_history"][0]["payment_method_id"]:
            raise Refused("refund must go to the original method or a gift card")
        pick(o, a["item_ids"])
        o["status"] = "return requested"
        o["return_items"] = sorted(a["item_ids"])
        o["return_payment_method_id"] = a["payment_method_id"]
    elif name == "exchange_delivered_order_items":
        if st != "delivered":
            raise Refused("exchange needs delivered, is %s" % st)
        olds = pick(o, a["item_ids"])
        news = [variant_of(db, it, n) for it, n in zip(olds, a["new_item_ids"])]
        if any(it["item_id"] == v["item_id"] for it, v in zip(olds, news)):
            raise Refused("same item")
        diff = round(sum(v["price"] for v in news) - sum(it["price"] for it in olds), 2)
        if is_gift(db, uid, a["payment_method_id"]) and \
                db["users"][uid]["payment_methods"][a["payment_method_id"]]["balance"] < diff:
            raise Refused("gift card balance")
        o["status"] = "exchange requested"
        o["exchange_items"] = sorted(a["item_ids"])
        o["exchange_new_items"] = sorted(a["new_item_ids"])
        o["exchange_payment_method_id"] = a["payment_method_id"]
        o["exchange_price_difference"] = diff
    else:
        raise Refused("unsupported %s" % name)
    return False
