"""No dead code in the package (issue 27, item 6): every module-level function, class and constant
of ``paintcheck/``, and every method of its classes, is read somewhere, in the package, ``main.py``
or the tests (a name read only by the tests is tested public API). A name is read when the syntax
trees load it as a name or an attribute, import it, or spell it as a string (``tables.action_cost``
reads its constants by name). Dunder methods are the language's; a name defined twice counts once."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _trees() -> dict[Path, ast.Module]:
    files = [*ROOT.glob("paintcheck/**/*.py"), *ROOT.glob("tests/**/*.py"), ROOT / "main.py"]
    return {p: ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in files}


def read_names(trees) -> set[str]:
    used: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
                used.add(node.id)
            elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Store):
                used.add(node.attr)
            elif isinstance(node, ast.alias):
                used.add(node.name.rsplit(".", 1)[-1])
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
                used.add(node.value)
    return used


def defined_names(tree: ast.Module) -> list[str]:
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
            if isinstance(node, ast.ClassDef):
                names += [s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                          and not (s.name.startswith("__") and s.name.endswith("__"))]
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return [n for n in names if n != "__all__"]


@pytest.mark.slow
def test_every_name_the_package_defines_is_read_somewhere():
    trees = _trees()
    used = read_names(trees.values())
    dead = [f"{p.relative_to(ROOT)}: {name}" for p, tree in sorted(trees.items())
            if p.is_relative_to(ROOT / "paintcheck") for name in defined_names(tree) if name not in used]
    assert not dead, "defined but never read (remove it, or test it as public API):\n" + "\n".join(dead)


def test_the_check_finds_a_dead_name():
    tree = ast.parse("KEPT = 1\nDEAD = 2\nclass C:\n    def m(self): return KEPT\n"
                     "    def __len__(self): return 0\nprint(C().m())\n")
    assert [n for n in defined_names(tree) if n not in read_names([tree])] == ["DEAD"]
