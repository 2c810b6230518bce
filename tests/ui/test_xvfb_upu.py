"""Un pour un's match by real mouse events through X (skipped where Xvfb or xdotool is missing)."""

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
def test_a_whole_match_against_the_odds_coach_by_real_clicks_to_its_victory_points(tmp_path):
    with xvfb_display(size="1700x1100x24") as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        done = subprocess.run([sys.executable, "-m", "tests.ui.xdotool_upu", str(tmp_path)], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["driver"] == "x11" and result["clicks"] > 30
    assert result["scene"] == "upu_result" and set(result["vp"]) == {"A", "B"}
    assert (tmp_path / "upu-x-result.png").is_file()
