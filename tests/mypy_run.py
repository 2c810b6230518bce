"""mypy as the tests run it: the project's configuration (pyproject.toml, ``[tool.mypy]``), from the
checkout (its ``files`` are the checkout's folders), the cache in the test's temporary folder, in a
process of its own as a developer runs it (run in the tests' process, ``mypy.api`` missed the errors
of modules the checked packages import: a strict package importing ``paintcheck.ai`` passed).
Used by tests/test_types.py and tests/ui/test_match_rooms.py."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_mypy(cache: Path, monkeypatch: pytest.MonkeyPatch, *targets: str) -> tuple[str, str, int]:
    """mypy's report, its errors and its exit status on ``targets`` (none: the configuration's files)."""
    monkeypatch.chdir(ROOT)
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(cache / "mypy-cache"), *targets],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    return done.stdout, done.stderr, done.returncode


def errors(report: str, code: str | None = None) -> list[str]:
    """The error lines of ``report`` (``path:line: error: ... [code]``), those of ``code`` only if given."""
    return [line for line in report.splitlines()
            if ": error: " in line and (code is None or line.endswith(f"[{code}]"))]


def checked(report: str) -> int:
    """How many source files the run read (mypy's last line says it, with or without errors)."""
    found = re.search(r"(?:checked|in) (\d+) source files?", report.splitlines()[-1] if report else "")
    return int(found.group(1)) if found else 0
