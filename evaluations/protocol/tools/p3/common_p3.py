"""Shared helpers for the p3 evaluation files (generator and validator).

Only reads /work/shared/data/tau2_retail/db.json.
"""
import collections
import json
import os
import re

DB_PATH = "/work/shared/data/tau2_retail/db.json"
OUT_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOOLS_DIR = os.path.dirname(os.path.abspath(__file__))

ALLOWED_INITIALS = "NORSY"


def load_db():
    with open(DB_PATH) as f:
        return json.load(f)


def name_counts(db):
    return collections.Counter(
        (u["name"]["first_name"], u["name"]["last_name"]) for u in db["users"].values()
    )


def eligible_users(db):
    """Users this writer (p3) may use: first name N/O/R/S/Y, first+last unique in db."""
    c = name_counts(db)
    out = set()
    for uid, u in db["users"].items():
        fn, ln = u["name"]["first_name"], u["name"]["last_name"]
        if fn[:1] in ALLOWED_INITIALS and c[(fn, ln)] == 1:
            out.add(uid)
    # noah_brown_6181 is the example customer in FORMAT.md; kept out on purpose.
    out.discard("noah_brown_6181")
    return out


ORDER_RE = re.compile(r"#?\b(W\d{7})\b")
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
USERID_RE = re.compile(r"\b[a-z]+_[a-z]+_\d{4}\b")


def order_ids_in(text):
    return ["#" + m for m in ORDER_RE.findall(text)]
