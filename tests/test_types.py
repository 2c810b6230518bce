"""Type checking (issue 26, item 5): mypy, run with the project's own configuration (pyproject.toml,
``[tool.mypy]``: strict), finds no error in the packages it holds to it: field, geometry, rules,
odds and analysis, the game seam (docs/type-checking.md, docs/seam.md) and the modules of Un pour un's
window whose imports are all typed."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.mypy_run import checked, errors, run_mypy

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ["paintcheck/field", "paintcheck/geometry", "paintcheck/rules", "paintcheck/odds",
           "paintcheck/analysis", "paintcheck/seam",
           # Un pour un's window: the modules whose imports are all typed (docs/type-checking.md)
           *(f"paintcheck/ui/unpourun/{name}.py" for name in (
               "__init__", "builder_model", "designer_model", "menu_model", "move_tool", "ruler_reading",
               "table_edits"))]


def test_the_configuration_holds_the_six_packages_and_the_typed_window_modules_to_strict_checking():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == CHECKED
    assert config["strict"] is True and config["warn_unused_ignores"] is True
    # the untyped libraries are named one by one, never ignored wholesale
    assert "ignore_missing_imports" not in config


@pytest.mark.slow
def test_mypy_finds_no_error_in_the_checked_packages(tmp_path, monkeypatch):
    out, err, status = run_mypy(tmp_path, monkeypatch)
    assert status == 0, f"mypy found errors:\n{out}{err}"
    assert out.startswith("Success: no issues found in ")


# -- the whole package (issue 27: "mypy reports 0 attr-defined errors in paintcheck/") -------------

DOC = ROOT / "docs" / "type-checking.md"
LEFT = "## What the whole package has left"


@pytest.fixture(scope="module")
def whole_package(tmp_path_factory):
    """mypy's report on all of ``paintcheck/`` (strict, the project's configuration): one run, about
    35 s on a 2-core machine without a cache."""
    with pytest.MonkeyPatch.context() as mp:
        out, err, _status = run_mypy(tmp_path_factory.mktemp("mypy"), mp, "paintcheck")
    modules = len(list((ROOT / "paintcheck").rglob("*.py")))
    assert checked(out) >= modules, f"mypy did not read the whole package:\n{out[-1000:]}{err}"
    return out


@pytest.mark.slow
def test_mypy_finds_no_attribute_a_class_of_the_package_does_not_define(whole_package):
    found = errors(whole_package, "attr-defined")
    assert not found, f"{len(found)} attributes read that nothing defines:\n" + "\n".join(found)


@pytest.mark.slow
def test_every_kind_of_error_left_in_the_package_is_listed_with_its_reason(whole_package):
    """docs/type-checking.md lists, per package, each error code mypy still reports there."""
    text = DOC.read_text(encoding="utf-8")
    assert LEFT in text, f"docs/type-checking.md has no section {LEFT!r}"
    section = text.split(LEFT, 1)[1].split("\n## ", 1)[0]
    rows = {}  # package -> the codes its row names
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0].startswith("`paintcheck/"):
            rows[cells[0].strip("`").removeprefix("paintcheck/").removesuffix("/").removesuffix(".py")] = \
                set(re.findall(r"`([a-z-]+)`", cells[2]))  # the "by code" column
    missing = set()
    for line in errors(whole_package):
        package = line.split(":")[0].removeprefix("paintcheck/").split("/")[0].removesuffix(".py")
        code = line.rsplit("[", 1)[1].rstrip("]")
        if code not in rows.get(package, set()):
            missing.add(f"{package}: {code}")
    assert not missing, "errors docs/type-checking.md does not list: " + ", ".join(sorted(missing))
