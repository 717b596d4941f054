#!/usr/bin/env python3
"""Write README.md (this folder) from scenarios.py: prose + table of files + counts."""
import os
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from scenarios import SCENARIOS  # noqa: E402
from build import filename  # noqa: E402

INTRO = """# p2: blind evaluation conversations, part 2

Files: `evaluations/protocol/p2_NN_<slug>.yaml` (Chinese ones: `p2_NN_zh_<slug>.yaml`).
Scripts: this folder.

## How the files were written

- Blind. The only things read were `/work/brief/` (FORMAT.md, REDTEAM.md, demo_transcript.txt),
  `/work/shared/data/tau2_retail/db.json` and `policy.md`. The agent was never run, no `keel` command
  was used, and nothing else under `/work/main/` was opened (the files of the other writers in the
  same folder were not read; listing the output folder showed their file names). Early on, the
  first lines of `split_tasks.json` (task numbers only) were printed by mistake while looking at
  the data folder; nothing from it, or from `tasks.json`, was used.
- Customers: db.json users whose first name starts with H, I, J, L or M and whose first+last name is
  unique in db.json (`explore.py` lists them with their orders). Each is used in one file only.
- Every customer turn was written by hand in `scenarios.py` (orders and items are named the way a
  customer would, by product, place or colour, mostly without ids). For `final`, the scenario only
  says what should happen to which record; `build.py` takes every end value from db.json
  (unchanged records keep their db.json status and full address; a cancel gets
  `status: cancelled` + the reason the customer gave; an address change gets the full address
  the customer typed, or, in p2_25 and p2_28, the address already on the account that the customer
  pointed at: the account's default, or another of the customer's orders; a return gets
  `status: "return requested"`, with the status only).
- `validate.py` parses every p2 file with `yaml.safe_load` and checks: header comments, keys of
  turns and expectations, that the first turn identifies the customer (email, or full name + zip),
  that every `#W` id exists and is the customer's, that the `final` values are the db.json values
  or legal changes of them (cancel only pending, return only delivered, address only pending,
  cancel reason one of the two allowed), that every new address is text the customer typed (or is
  an address already on the account, reported as a NOTE), `final.handoff` against the turns,
  one customer per file, unique numbering, at least 17 Chinese files, and that no longer customer
  sentence is repeated between files. It prints no errors.

Rebuild and check: `python3 build.py && python3 validate.py && python3 readme.py`
(build.py only writes or removes `p2_*.yaml`).

## What the set tries (kinds of acts from REDTEAM.md)

- A question about another order of the same customer while a change is listed (described by
  product, place or destination), "not this one / I meant the other order", then an ack or a yes
  (p2_01-08). The order only asked about must never change unless the customer asks for that
  change on it in so many words (p2_06 does so).
- A yes that names something other than what was listed: "both", another item, "all of them",
  another order (p2_09-14).
- A question instead of an answer (p2_15-18), refusal then change of mind, change of mind after
  yes, "undo that" (p2_19-24).
- Direction of changes: ship an order to the default address vs make an order's address the
  default; move an order to another order's address; "from the old address to the new one"
  (p2_25-30).
- Refund destinations: a card that did not pay (refused by policy.md), the original method, an
  existing gift card; a cancel refunded to a gift card (policy: a cancel refunds to the original
  method) (p2_31-35).
- Items kept and items returned in one sentence; one of two identical items (p2_32, p2_36-38).
- A request for a human while a change is pending, a human's reply, release, then a bare
  "ok"/"好的"/"是的"/"yes" (p2_39-42): after the release a bare yes must not execute a change that
  the agent has not just listed again.
- The other language mid-conversation: p2_15, p2_22, p2_29, p2_42.

## Files
"""

OUTRO = """
## Licence

The customers, orders and products named in these files come from the τ²-bench retail data
(© Sierra Research, MIT licence, see `/work/shared/data/tau2_retail/LICENSE`). No conversation,
task or text was copied from τ²-bench; all turns were written for this set.
"""


def changes(sc):
    ch = [o for o, v in sc["final_orders"].items() if v] + [u for u, v in sc["final_users"].items() if v]
    return ch


def main():
    rows = ["| file | lang | kind | customer | right outcome |", "| --- | --- | --- | --- | --- |"]
    n_zh = n_ch = 0
    for sc in SCENARIOS:
        n_zh += sc["lang"] == "zh"
        n_ch += bool(changes(sc))
        cell = lambda s: s.replace("|", "\\|")
        rows.append(f"| `{filename(sc)}` | {sc['lang']} | {cell(sc['cls'])} | `{sc['customer']}` | {cell(sc['outcome'])} |")
    counts = (f"\n## Counts\n\n- total: {len(SCENARIOS)}\n- Chinese: {n_zh}; English: {len(SCENARIOS) - n_zh}\n"
              f"- ending with a changed record (an agreed change): {n_ch}\n"
              f"- ending with every declared record as in db.json: {len(SCENARIOS) - n_ch} (one of them, p2_23,"
              f" makes two agreed address changes that cancel out)\n"
              f"- with a handoff to a human: {sum(1 for s in SCENARIOS if s.get('handoff'))}\n")
    with open(os.path.join(HERE, "README.md"), "w", encoding="utf-8") as f:
        f.write(INTRO + "\n".join(rows) + "\n" + counts + OUTRO)
    print("wrote README.md")


if __name__ == "__main__":
    main()
