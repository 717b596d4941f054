"""Round trip of a τ²-bench retail ``db.json`` through Keel's business database.

The data set lives outside this project, in
``../shared/data/tau2_retail/db.json`` (relative to the project root; override
with ``--data``). This script only reads it: the file is imported with
:func:`keel.domain.retail.tau2.import_tau2` into a fresh SQLite file in a temporary
directory, exported back with :func:`keel.domain.retail.tau2.export_db`, and the two
documents are compared with ``==``. Output is one JSON line::

    {"users": 500, "orders": 1000, "products": 50, "roundtrip_equal": true,
     "import_seconds": 0.25}

Usage: ``python -m keel.bench.tau2_roundtrip [--data PATH]``. The exit status
is 0 when the round trip is exact, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from keel.domain.retail.tau2 import export_db, import_tau2, load_tau2_file
from keel.persistence.db import get_engine, sqlite_url

DEFAULT_DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "tau2_retail" / "db.json"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_DATA, help="τ² retail db.json to round-trip"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Import, export and compare the τ² file; print one JSON line; 0 when equal."""
    args = parse_args(argv)
    data = load_tau2_file(args.data)
    with tempfile.TemporaryDirectory(prefix="keel-tau2-") as tmp:
        url = sqlite_url(Path(tmp) / "tau2.db")
        get_engine(url)  # engine creation is not part of the import time
        started = time.perf_counter()
        counts = import_tau2(data, url)
        import_seconds = time.perf_counter() - started
        exported = export_db(url)
        get_engine(url).dispose()
    equal = exported == data
    print(
        json.dumps(
            {
                "users": counts.users,
                "orders": counts.orders,
                "products": counts.products,
                "roundtrip_equal": equal,
                "import_seconds": round(import_seconds, 3),
            }
        )
    )
    return 0 if equal else 1


if __name__ == "__main__":
    sys.exit(main())
