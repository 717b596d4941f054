"""The installed distribution is one import package, ``keel``, and its layers hold."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
FOLDERS = {name.removeprefix("keel."): folder for name, folder in SETUPTOOLS["package-dir"].items()}


def package_folders() -> set[str]:
    """Every folder of the repository that is a package of ``keel``, as a dotted name."""
    found = {"keel"}
    for sub, folder in FOLDERS.items():
        base = ROOT / folder
        for path in [base, *(p for p in base.rglob("*") if p.is_dir())]:
            if "__pycache__" in path.parts:
                continue
            if (path / "__init__.py").exists() or any(path.glob("*.md")):
                relative = path.relative_to(base).parts
                found.add(".".join(("keel", sub, *relative)))
    for path in (ROOT / "keel").iterdir():
        if path.is_dir() and not path.is_symlink() and path.name != "__pycache__":
            found.add(f"keel.{path.name}")
    return found


def test_only_keel_is_installed() -> None:
    packages = SETUPTOOLS["packages"]
    assert {name.split(".")[0] for name in packages} == {"keel"}
    assert all(name.startswith("keel.") for name in SETUPTOOLS["package-dir"])


def test_every_package_folder_is_in_the_distribution() -> None:
    assert package_folders() <= set(SETUPTOOLS["packages"])


def test_each_folder_linked_into_keel_is_mapped() -> None:
    linked = {path.name for path in (ROOT / "keel").iterdir() if path.is_symlink()}
    assert linked == set(FOLDERS)


def test_each_design_card_folder_is_reachable_as_a_keel_subpackage() -> None:
    for sub, folder in FOLDERS.items():
        link = ROOT / "keel" / sub
        assert link.is_symlink() and link.resolve() == (ROOT / folder).resolve(), sub


def test_no_module_imports_a_folder_by_its_bare_name() -> None:
    """``from nodes.act import …`` would work from the repository and break once installed."""
    bare = set(FOLDERS)
    offenders = []
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if parts[0] in {".venv", "keel"} or (parts[0] == "evaluations" and "tools" in parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            offenders += [f"{path}: {n}" for n in names if n.split(".")[0] in bare]
    assert not offenders
