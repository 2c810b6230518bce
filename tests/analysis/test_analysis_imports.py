"""analysis/ sits above rules and geometry, below ui: it imports neither ui, ai, cli nor pygame."""

from __future__ import annotations

import ast
from pathlib import Path

ANALYSIS = Path(__file__).resolve().parents[2] / "paintcheck" / "analysis"
FORBIDDEN = ("paintcheck.ui", "paintcheck.ai", "paintcheck.cli", "pygame", "pygame_gui")


def test_analysis_imports_only_downward():
    bad = []
    for path in sorted(ANALYSIS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert not node.level, f"{path.name}: use absolute imports"
                names = [node.module or ""]
            bad += [f"{path.name} imports {n}" for n in names
                    if any(n == f or n.startswith(f + ".") for f in FORBIDDEN)]
    assert not bad, "\n".join(bad)
