"""A real Python package (issue 26): the wheel built from the checkout installs in a fresh virtual
environment and works from another folder — ``paintcheck --version``, ``validate``, ``simulate``,
``python -m paintcheck``, and the window up to the field chooser — reading its data from inside the
package; the version is one; pyproject and requirements.txt agree."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import paintcheck

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_one_and_the_metadata_reads_it():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "paintcheck.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", paintcheck.__version__)
    assert f"## {paintcheck.__version__}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_pyproject_and_requirements_list_the_same_bounded_dependencies():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = sorted(meta["project"]["dependencies"])
    lines = [ln.split("#")[0].strip() for ln in (ROOT / "requirements.txt").read_text().splitlines()]
    assert sorted(ln for ln in lines if ln) == declared
    assert all(">=" in d and "<" in d.split(">=")[1] for d in declared)  # lower and upper bounds


def test_the_cluster_extra_is_bounded_and_in_the_dev_requirements():
    """``pip install paintcheck-digital[cluster]`` (Dask, for ``--scheduler``) installs what CI installs
    from requirements-dev.txt, so that the cluster's tests run there (tests/cli/test_scale.py)."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extras = meta["project"]["optional-dependencies"]
    lines = {ln.split("#")[0].strip() for ln in (ROOT / "requirements-dev.txt").read_text().splitlines()}
    assert any(d.startswith("dask[distributed]") for d in extras["cluster"])
    for extra in extras.values():
        assert all(">=" in d and "<" in d.split(">=")[1] for d in extra)  # lower and upper bounds
        assert set(extra) <= lines


def test_every_package_of_the_source_is_in_the_wheel():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(meta["tool"]["setuptools"]["packages"])
    found = {str(p.parent.relative_to(ROOT)).replace(os.sep, ".")
             for p in (ROOT / "paintcheck").rglob("__init__.py")}
    assert found <= listed and {"paintcheck.assets", "paintcheck.layouts", "paintcheck.docs"} <= listed
    data = meta["tool"]["setuptools"]["package-data"]["paintcheck.layouts"]
    assert {"*.json", "unpourun/*.json"} <= set(data)  # the shipped layouts and Un pour un's tables


@pytest.mark.slow
def test_the_wheel_installs_and_plays_from_another_folder(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w",
                    str(wheels)], check=True, cwd=tmp_path, timeout=300)
    for junk in ("build", "paintcheck_digital.egg-info"):  # what building leaves in the checkout
        shutil.rmtree(ROOT / junk, ignore_errors=True)
    (wheel,) = wheels.glob("paintcheck_digital-*.whl")
    venv = tmp_path / "venv"
    # the dependencies come from this machine's site-packages; the program itself from the wheel only
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True,
                   timeout=120)
    python, command = venv / "bin" / "python", venv / "bin" / "paintcheck"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True,
                   timeout=300)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_STATE_HOME=str(tmp_path / "state"), XDG_CACHE_HOME=str(tmp_path / "cache"))

    def run(*args):
        return subprocess.run(args, cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300)

    version = run(str(command), "--version")
    assert version.returncode == 0
    assert version.stdout.strip() == f"Paintcheck Digital {paintcheck.__version__}"
    assert run(str(python), "-m", "paintcheck", "--version").stdout == version.stdout
    where = run(str(python), "-c", "import paintcheck, paintcheck.resources as r; "
                                   "print(paintcheck.__file__); print(r.data('layouts'))").stdout.split()
    assert str(venv) in where[0] and where[1].startswith(str(venv))  # not the checkout
    layout = Path(where[1]) / "snake.json"
    checked = run(str(command), "validate", str(layout))
    assert checked.returncode == 0 and checked.stdout.startswith("ok:")
    tables = sorted((Path(where[1]) / "unpourun").glob("*.json"))  # Un pour un's tables, in the wheel
    assert [t.name for t in tables] == ["hill_fort.json", "village.json", "woodland.json"]
    checked = run(str(command), "validate", *map(str, tables))
    assert checked.returncode == 0 and checked.stdout.count("ok:") == 3, checked.stdout + checked.stderr
    played = run(str(command), "simulate", "--matches", "20", "--seed", "1")
    assert played.returncode == 0 and played.stdout.startswith("20/20 matches completed")
    if shutil.which("Xvfb"):  # the real window on a virtual X display
        from tests.ui.xvfb import xvfb_display

        with xvfb_display(size="1280x800x24") as display:
            env.pop("SDL_VIDEODRIVER")
            env["DISPLAY"] = display
            window = run(str(python), "-c", _TO_THE_CHOOSER)
            assert "x11" in window.stdout
    else:
        window = run(str(python), "-c", _TO_THE_CHOOSER)
    assert window.returncode == 0, window.stderr[-1500:]
    assert window.stdout.split()[-2:] == ["fields", "7"]  # the seven shipped fields listed
    assert (tmp_path / "state" / "paintcheck-digital" / "log" / "paintcheck.log").exists()


# the window from the installed package: *New match* clicked on the title, the field chooser shown
_TO_THE_CHOOSER = """
import pygame
from paintcheck.cli.main import main
from paintcheck.logs import start_logging
from paintcheck.ui.app import App
start_logging()
app = App((1280, 720)); app.step(1 / 60)
rect = app.scene.controls.rect("new")
for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
    extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
    pygame.event.post(pygame.event.Event(kind, pos=rect.center, **extra))
for _ in range(3):
    app.step(1 / 60)
print(pygame.display.get_driver())
print(app.scene.name, len([k for k in app.scene.controls.choices if k.startswith("play-shipped-")]))
"""
