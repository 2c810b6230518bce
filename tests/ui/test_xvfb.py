"""The real window on a virtual X display (skipped where Xvfb is not installed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ui.xvfb import not_blank, xvfb_display

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed")


def _grab(display: str, out: Path) -> bool:
    env = {**os.environ, "DISPLAY": display}
    if shutil.which("import"):
        return subprocess.call(["import", "-window", "root", str(out)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0 and out.exists()
    return False


@pytest.mark.slow
def test_the_real_window_opens_and_is_not_blank(tmp_path):
    with xvfb_display() as display:
        env = {**os.environ, "DISPLAY": display, "XDG_DATA_HOME": str(tmp_path / "data")}
        env.pop("SDL_VIDEODRIVER", None)
        app = subprocess.Popen([sys.executable, "main.py"], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            shot = tmp_path / "window.png"
            deadline = time.time() + 30
            colours = 0
            while time.time() < deadline:
                time.sleep(1.0)
                assert app.poll() is None, "the window closed by itself"
                if not shutil.which("import"):
                    break
                if _grab(display, shot):
                    colours = not_blank(shot)
                    if colours > 8:
                        break
        finally:
            app.terminate()
            try:
                app.wait(5)
            except subprocess.TimeoutExpired:
                app.kill()
        if not shutil.which("import"):
            pytest.skip("no screenshot tool (imagemagick's import)")
        assert colours > 8, "the screenshot of the window is blank"


@pytest.mark.slow
def test_screens_in_process_on_xvfb(tmp_path):
    """The main screens drawn by the real (x11) video driver are not blank."""
    with xvfb_display() as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        out = tmp_path / "shots"
        subprocess.run([sys.executable, "-m", "tests.ui.xvfb", str(out)], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=240)
    shots = sorted(out.glob("*.png"))
    assert len(shots) >= 6
    for shot in shots:
        assert not_blank(shot) > 8, shot.name


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
def test_the_break_played_with_real_mouse_events(tmp_path):
    """Both break sheets filled and the break played to turn 2 by xdotool's pointer, through X."""
    with xvfb_display(size="1280x800x24") as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        done = subprocess.run([sys.executable, "-m", "tests.ui.xdotool_play"], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["driver"] == "x11" and result["clicks"] > 40
    assert (result["turn"], result["phase"]) == (2, "orders")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
def test_the_designer_with_real_mouse_events(tmp_path):
    """A cylinder dragged from the palette onto the field, then to another point, by xdotool's
    pointer through X: the piece and its mirrored twin follow; the screenshot is not blank."""
    shot = tmp_path / "designer.png"
    with xvfb_display(size="1280x800x24") as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        done = subprocess.run([sys.executable, "-m", "tests.ui.xdotool_design", str(shot)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=200)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["driver"] == "x11" and result["placed"]
    assert result["moved_to"] == [6, -5] and result["twin_at"] == [6, 5] and result["pieces"] == 2
    assert result["studying"] and result["studied_again"]  # the map after a drag is the new field's
    assert not_blank(shot) > 8


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
def test_the_range_with_real_mouse_events(tmp_path):
    """The shooter dragged near the target, then far from it, by xdotool's pointer through X: the
    distance term follows the ruler's band; hovering its line lights the ruler."""
    from paintcheck.rules import tables

    shot = tmp_path / "range.png"
    with xvfb_display(size="1280x800x24") as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        done = subprocess.run([sys.executable, "-m", "tests.ui.xdotool_range", str(shot)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=200)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["driver"] == "x11" and result["scene"] == "range"
    near, far = result["readings"]
    assert near["distance"] == tables.DISTANCE_MODIFIERS[0] and far["distance"] < near["distance"]
    assert result["lit"] == ["ruler"]
    assert not_blank(shot) > 8


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
@pytest.mark.parametrize(("desktop", "window"), [("1280x800", [1280, 720]), ("1920x1080", [1600, 1000]),
                                                  ("1024x700", [1024, 700])])
def test_a_hot_seat_turn_by_real_clicks_fits_the_screen(tmp_path, desktop, window):
    """Issue 25: the window opens at a size that fits the desktop (a desktop under the minimum: all
    of it, never past its edges); the break and turn 2, hot-seat,
    are played by xdotool's pointer; every button and the board stay inside the window; the break is
    told on the public board to both coaches, and the hand-over comes after the telling."""
    with xvfb_display(size=f"{desktop}x24") as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        done = subprocess.run([sys.executable, "-m", "tests.ui.xdotool_turn", str(tmp_path / "shots")],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["driver"] == "x11" and result["size"] == window
    assert (result["turn"], result["phase"]) == (3, "orders") and result["clicks"] > 100
    assert result["outside"] == []
    assert result["break_told_to_both"] and result["handover_after_telling"]
    if shutil.which("import"):
        shots = sorted((tmp_path / "shots").glob("*.png"))
        assert len(shots) >= 10 and all(not_blank(s) > 8 for s in shots)
