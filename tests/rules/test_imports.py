"""The import direction of STYLE.md, read from the source with ``ast``:
``ui -> (ai, analysis, odds) -> rules -> geometry -> field``; pygame only in ``ui``; ``odds`` imports
no third-party package itself (stdlib only: the geometry reaches it through ``rules``' Measurer)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "paintcheck"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports made absolute."""
    package = _module_name(path) if path.name == "__init__.py" else _module_name(path).rpartition(".")[0]
    return _imports_of(path.read_text(encoding="utf-8"), package)


def _imports_of(source: str, package: str) -> set[str]:
    tree = ast.parse(source)
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def _modules(sub: str = "") -> list[Path]:
    root = PACKAGE / sub if sub else PACKAGE
    return sorted(root.rglob("*.py"))


def _offenders(sub: str, forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for path in _modules(sub):
        for name in sorted(_imports(path)):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                bad.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    return bad


def test_the_walk_finds_the_packages():
    subs = {p.relative_to(PACKAGE).parts[0] for p in _modules() if len(p.relative_to(PACKAGE).parts) > 1}
    assert {"rules", "geometry", "field", "ai", "cli", "odds", "seam"} <= subs


def test_nothing_outside_ui_imports_pygame():
    bad = []
    for path in _modules():
        if path.relative_to(PACKAGE).parts[0] == "ui":
            continue
        bad += [f"{path.relative_to(PACKAGE.parent)} imports {n}" for n in sorted(_imports(path))
                if n.split(".")[0] in ("pygame", "pygame_gui")]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("sub, forbidden", [
    ("rules", ("paintcheck.ui", "paintcheck.ai", "paintcheck.cli", "paintcheck.odds", "shapely")),
    ("geometry", ("paintcheck.rules", "paintcheck.ui", "paintcheck.ai", "paintcheck.cli", "paintcheck.odds")),
    ("field", ("paintcheck.geometry", "paintcheck.rules", "paintcheck.ui", "paintcheck.ai",
               "paintcheck.cli", "paintcheck.odds")),
    ("odds", ("paintcheck.ui", "paintcheck.ai", "paintcheck.analysis", "paintcheck.cli",
              "paintcheck.geometry", "pygame", "pygame_gui", "shapely", "numpy")),
    # the game seam names no game: it sits under rules, beside said.py (docs/seam.md)
    ("seam", ("paintcheck.rules", "paintcheck.geometry", "paintcheck.ai", "paintcheck.analysis",
              "paintcheck.odds", "paintcheck.ui", "paintcheck.cli", "paintcheck.game", "paintcheck.table",
              "pygame", "pygame_gui", "shapely", "numpy")),
    # the review stands on rules, odds, ai, seam and the table; the window and the commands on it
    ("review", ("paintcheck.ui", "paintcheck.cli", "pygame", "pygame_gui")),
])
def test_import_direction(sub, forbidden):
    bad = _offenders(sub, forbidden)
    assert not bad, "\n".join(bad)


def test_nothing_below_the_review_imports_it():
    bad = [o for sub in ("rules", "geometry", "field", "odds", "ai", "analysis", "seam")
           for o in _offenders(sub, ("paintcheck.review",))]
    bad += [f"paintcheck/{name} imports paintcheck.review" for name in ("table.py", "game.py", "said.py")
            if any(n.startswith("paintcheck.review") for n in _imports(PACKAGE / name))]
    assert not bad, "\n".join(bad)


def test_the_checker_sees_relative_and_nested_imports():
    source = "from ..ui import app\nfrom . import tables\ndef f():\n    import pygame.draw\n"
    found = _imports_of(source, "paintcheck.rules")
    assert {"paintcheck.ui.app", "paintcheck.rules.tables", "pygame.draw"} <= found
