"""Issue 29's walk: two windows on one Xvfb display, one machine each, play a whole networked match
over loopback by xdotool's real clicks, from the break to the result (``tests/ui/xdotool_net.py``).
Slow (minutes); skipped where Xvfb or xdotool is not installed."""

from __future__ import annotations

import shutil

import pytest

from tests.ui.xvfb import not_blank

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
                                 reason="Xvfb or xdotool is not installed")]


def test_two_windows_play_a_whole_match_over_loopback_by_real_clicks(tmp_path):
    from tests.ui.xdotool_net import walk

    host, joiner = walk(tmp_path)
    assert (host["role"], host["team"], joiner["role"], joiner["team"]) == ("host", "blue", "join", "white")
    assert host["driver"] == joiner["driver"] == "x11"
    assert host["winner"] == joiner["winner"] and host["winner"] is not None  # the same result
    assert host["last_hash"] == joiner["last_hash"] and host["hashes"] == joiner["hashes"] > 20
    assert host["leaks"] == [] and joiner["leaks"] == []  # only its own coach's secrets, each
    assert host["clicks"] > 40 and joiner["clicks"] > 40
    assert "10-result" in host["shots"] and "10-result" in joiner["shots"]
    for shot in tmp_path.glob("net-*.png"):
        assert not_blank(shot) > 8, shot.name
