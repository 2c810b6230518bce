"""Un pour un from the band builder to the victory points by real pointer events through X (skipped where
Xvfb or xdotool is missing): tests/ui/xdotool_upu.py is the walk."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui.xvfb import xvfb_display

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
                                reason="Xvfb or xdotool is not installed")


@pytest.mark.slow
def test_a_band_built_by_clicks_plays_a_whole_match_against_the_odds_coach_to_its_victory_points(tmp_path):
    with xvfb_display(size="1700x1100x24") as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        done = subprocess.run([sys.executable, "-m", "tests.ui.xdotool_upu", str(tmp_path)], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=280)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["driver"] == "x11" and result["clicks"] > 30
    assert result["scene"] == "upu_result" and set(result["vp"]) == {"A", "B"}
    assert result["refusal"] and result["band"]["figures"] == 4  # the second chef refused, the band saved
    assert result["moves"] >= 1 and result["waypoints"] >= 1 and result["trail"].startswith("Walk")
    assert result["shots"] >= 1 and any("/" in line for line in result["odds"])  # aimed, odds read, confirmed
    assert sorted(p.name for p in tmp_path.glob("upu-walk-*.png")) == [
        "upu-walk-1-title.png", "upu-walk-2-builder-refusal.png", "upu-walk-3-builder-saved.png",
        "upu-walk-4-new-match.png", "upu-walk-5-deploying.png", "upu-walk-6-trail.png",
        "upu-walk-7-shot-panel.png", "upu-walk-8-result.png"]


@pytest.mark.slow
def test_the_same_walk_in_french_draws_no_english_on_the_screens_it_stops_on(tmp_path):
    with xvfb_display(size="1700x1100x24") as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        done = subprocess.run([sys.executable, "-m", "tests.ui.xdotool_upu", str(tmp_path), "--fr"], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=200)
    assert done.returncode == 0, done.stderr[-2000:]  # an English line drawn fails the walk (assert_french)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["driver"] == "x11" and result["french screens"] == 7
    assert result["refusal"].startswith("une bande") and result["trail"].startswith("Marcher")
    assert result["shots"] >= 1 and result["moves"] >= 1
