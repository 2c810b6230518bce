"""Type checking (issue 26, item 5): mypy, run with the project's own configuration (pyproject.toml,
``[tool.mypy]``: strict), finds no error in the packages it holds to it: field, geometry, rules,
odds and analysis, and the game seam (docs/type-checking.md, docs/seam.md)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ["paintcheck/field", "paintcheck/geometry", "paintcheck/rules", "paintcheck/odds",
           "paintcheck/analysis", "paintcheck/seam"]


def test_the_configuration_holds_the_six_packages_to_strict_checking():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == CHECKED
    assert config["strict"] is True and config["warn_unused_ignores"] is True
    # the untyped libraries are named one by one, never ignored wholesale
    assert "ignore_missing_imports" not in config


@pytest.mark.slow
def test_mypy_finds_no_error_in_the_checked_packages(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # the configuration's ``files`` are the checkout's folders
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", str(tmp_path / "mypy-cache")])
    assert status == 0, f"mypy found errors:\n{out}{err}"
    assert out.startswith("Success: no issues found in ")
