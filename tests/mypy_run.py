"""mypy as the tests run it: the project's configuration (pyproject.toml, ``[tool.mypy]``), from the
checkout (its ``files`` are the checkout's folders), the cache in the test's temporary folder.
Used by tests/test_types.py and tests/ui/test_match_rooms.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def run_mypy(cache: Path, monkeypatch: pytest.MonkeyPatch, *targets: str) -> tuple[str, str, int]:
    """mypy's report, its errors and its exit status on ``targets`` (none: the configuration's files)."""
    monkeypatch.chdir(ROOT)
    return api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache / "mypy-cache"),
                    *targets])


def errors(report: str, code: str | None = None) -> list[str]:
    """The error lines of ``report`` (``path:line: error: ... [code]``), those of ``code`` only if given."""
    return [line for line in report.splitlines()
            if ": error: " in line and (code is None or line.endswith(f"[{code}]"))]


def checked(report: str) -> int:
    """How many source files the run read (mypy's last line says it, with or without errors)."""
    found = re.search(r"(?:checked|in) (\d+) source files?", report.splitlines()[-1] if report else "")
    return int(found.group(1)) if found else 0
