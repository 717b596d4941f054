"""Check that a bank ``db.json`` survives import and export unchanged.

Usage: ``python -m keel.domain.bank.check_roundtrip PATH [PATH …]`` (exit status 1 when
any file does not round-trip). The check compares the parsed documents and their JSON
text (so the order of tables, records and keys counts too).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from keel.domain.bank.store import export_bank, import_bank, load_bank_file
from keel.persistence.db import sqlite_url


def _first_difference(before: Any, after: Any, path: str = "") -> str:
    """A short description of where two JSON values first differ."""
    if isinstance(before, dict) and isinstance(after, dict):
        if list(before) != list(after):
            return f"{path or '/'}: keys {list(before)[:8]} … vs {list(after)[:8]} …"
        for key in before:
            if json.dumps(before[key]) != json.dumps(after[key]):
                return _first_difference(before[key], after[key], f"{path}/{key}")
    return f"{path or '/'}: {json.dumps(before)[:120]} vs {json.dumps(after)[:120]}"


def check_file(path: Path) -> bool:
    """Import ``path`` into a scratch SQLite database, export it, and report the result."""
    document = load_bank_file(path)
    with tempfile.TemporaryDirectory() as folder:
        url = sqlite_url(Path(folder) / "bank.sqlite")
        counts = import_bank(document, url)
        exported = export_bank(url)
    same_value = exported == document
    same_text = json.dumps(exported) == json.dumps(document)
    records = sum(counts.values())
    if same_value and same_text:
        print(f"OK   {path}: {len(counts)} tables, {records} records round-trip exactly")
        return True
    kind = "order of keys differs" if same_value else "values differ"
    print(f"FAIL {path}: {kind}; first difference at {_first_difference(document, exported)}")
    return False


def main(argv: list[str]) -> int:
    """Check every file named in ``argv``; 0 when all round-trip."""
    if not argv:
        print(__doc__)
        return 2
    results = [check_file(Path(arg)) for arg in argv]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
