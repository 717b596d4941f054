"""The installed distribution is one import package, ``keel``, and its layers hold."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
# the design card's folders, linked into keel/ (keel/graph -> ../graph)
FOLDERS = {path.name: path for path in (ROOT / "keel").iterdir() if path.is_symlink()}


def package_folders() -> set[str]:
    """Every folder under ``keel/`` (links followed) holding Python modules, dotted."""
    found = set()
    for path in [ROOT / "keel", *(ROOT / "keel").rglob("*")]:
        if path.is_dir() and "__pycache__" not in path.parts and any(path.glob("*.py")):
            found.add(".".join(path.relative_to(ROOT).parts))
    return found


def test_only_keel_is_installed() -> None:
    assert SETUPTOOLS["packages"]["find"]["include"] == ["keel", "keel.*"]
    assert "package-dir" not in SETUPTOOLS
    found = set(find_packages(str(ROOT), include=["keel", "keel.*"]))
    assert {name.split(".")[0] for name in found} == {"keel"}


def test_every_package_folder_is_in_the_distribution() -> None:
    """A new package (a business pack) is found by ``packages.find`` without a list."""
    found = set(find_packages(str(ROOT), include=["keel", "keel.*"]))
    assert package_folders() <= found
    assert {"keel.domain.retail", "keel.graph", "keel.nodes"} <= found


def test_each_folder_linked_into_keel_is_a_top_level_folder() -> None:
    for name, link in FOLDERS.items():
        assert link.resolve() == (ROOT / name).resolve(), name
    card = {"graph", "nodes", "tools", "state"}
    assert card <= set(FOLDERS)


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


ENGINE = (
    "keel.graph",
    "keel.nodes",
    "keel.calibration",
    "keel.tools",
    "keel.querying",
    "keel.planning",
    "keel.understanding",
    "keel.llm",
    "keel.persistence",
    "keel.state",
    "keel.safety",
    "keel.domain.config",
    "keel.domain.pack",
)


def business_packs() -> list[str]:
    """Every business pack: each package under ``domain/`` (the interface files are modules)."""
    return sorted(
        f"keel.domain.{path.name}"
        for path in (ROOT / "domain").iterdir()
        if (path / "__init__.py").exists()
    )


def test_no_engine_module_imports_any_business_pack() -> None:
    """Generic over packs: a business added under domain/ is covered without a list."""
    import grimp

    graph = grimp.build_graph("keel")
    packs = business_packs()
    assert "keel.domain.retail" in packs
    offenders = []
    for pack in packs:
        inside = {pack, *graph.find_descendants(pack)}
        for engine in ENGINE:
            for module in {engine, *graph.find_descendants(engine)}:
                reached = graph.find_modules_directly_imported_by(module) & inside
                offenders += [f"{module} -> {target}" for target in sorted(reached)]
    assert not offenders
