#!/usr/bin/env python3
"""Mutation self-test of validate.py: each mutation of a copy of the set must be caught.
Works in tools/_selftest (removed afterwards). Usage: python3 selftest.py"""
import glob, os, shutil, subprocess, sys
T = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(T))
W = os.path.join(T, "_selftest")
MUT = [  # (file, old, new, what should be caught)
    ("b3_c1_01_camera_bookshelf_question.yaml", "      status: delivered", "      status: pending", "unchanged entry differs from db"),
    ("b3_c1_01_camera_bookshelf_question.yaml", "expect:\n    awaiting: nothing", "expectt:\n    awaiting: nothing", "unknown key"),
    ("b3_c1_01_camera_bookshelf_question.yaml", "final:", "finale:", "unknown top-level key"),
    ("b3_c2_01_yes_to_all_status.yaml", "cancel_reason: ordered by mistake", "cancel_reason: changed my mind", "illegal reason"),
    ("b3_c3_04_zh_other_order_return.yaml", "'#W2002172':\n      status: delivered", "'#W2002172':\n      status: cancelled\n      cancel_reason: no longer needed", "cancel of delivered"),
    ("b3_c4_01_k_no_then.yaml", "    '#W2702727':\n      status: pending\n", "", "missing order"),
    ("b3_c8_03_five_wrong_zips.yaml", "zip 76166", "zip 76165", "wrong guess not in turns / resolves"),
    ("b3_c8_01_neighbour_same_zip.yaml", "same zip 60636. cancel", "same zip 60637. cancel", "identification missing"),
    ("b3_c6_01_truncated_id.yaml", "#W87041 pls", "#W8704143 pls", "malformed id not in turns"),
    ("b3_c5_01_moving_boise.yaml", "zip: '83702'", "zip: '83702 since'", "bad address block"),
    ("b3_c10_01_undo_cancel_shoes.yaml", "handoff: true", "handoff: false", "handoff mismatch"),
    ("b3_c9_01_handoff_then_release_cancel.yaml", "final:", "final:\n  handoff: false", "handoff with release"),
    ("b3_c7_01_its_address_portland.yaml", "#W4284542?", "#W5838674?", "reply/turn id sanity (delivered order named) - ok unless change"),
    ("b3_lost_01_refund_timing_yoga.yaml", "the yoga mat", "the yoga mat and #W1234567", "unknown id in turns"),
]
def run(d):
    r = subprocess.run([sys.executable, os.path.join(T, "validate.py"), d], capture_output=True, text=True)
    return r.returncode, r.stdout
shutil.rmtree(W, ignore_errors=True)
ok = True
for f, old, new, what in MUT:
    os.makedirs(W)
    for p in glob.glob(os.path.join(SRC, "b3_*.yaml")):
        shutil.copy(p, W)
    fp = os.path.join(W, f)
    s = open(fp, encoding="utf-8").read()
    if old not in s:
        print("SKIP (pattern not found):", f, what); ok = False
    else:
        open(fp, "w", encoding="utf-8").write(s.replace(old, new, 1))
        rc, out = run(W)
        caught = [l for l in out.splitlines() if l.startswith("ERROR") and f in l]
        print(("caught " if caught else "MISSED ") + f"{what}: " + (caught[0][6:] if caught else ""))
        ok &= bool(caught) or "ok unless" in what
    shutil.rmtree(W)
print("selftest:", "OK" if ok else "FAILED")
