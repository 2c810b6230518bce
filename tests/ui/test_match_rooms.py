"""The match window is built of rooms, not of mixins sharing one object (issue 27, item 1): the
scene inherits from ``Scene`` alone, each room says what it owns and what it is given, and mypy
sees every attribute each class reads (docs/match-window.md)."""

from __future__ import annotations

import importlib
import re

import pytest

ROOMS = ("match_scene", "match_desk", "phase_orders", "phase_declare", "phase_react", "sheet_editor",
         "stances", "instrument_layer", "computer_turn", "match_board", "match_panel")


def test_the_match_scene_inherits_from_the_scene_alone():
    from paintcheck.ui.match_scene import MatchScene
    from paintcheck.ui.scenes import Scene

    assert MatchScene.__mro__ == (MatchScene, Scene, object)


def test_each_room_of_the_match_window_says_what_it_is_given():
    for name in ROOMS:
        doc = importlib.import_module(f"paintcheck.ui.{name}").__doc__ or ""
        assert re.search(r"\bgiven\b", doc, re.IGNORECASE), f"ui/{name}.py does not say what it is given"


@pytest.mark.slow
def test_mypy_finds_no_attribute_a_class_of_the_match_window_does_not_define(tmp_path, monkeypatch):
    from tests.mypy_run import errors, run_mypy

    files = [f"paintcheck/ui/{name}.py" for name in ROOMS]
    out, err, _status = run_mypy(tmp_path, monkeypatch, *files)
    assert f"checked {len(files)} source files" in out or "Success" in out, out[-1000:] + err  # all read
    mine = [line for line in errors(out, "attr-defined") if line.split(":")[0] in files]
    assert not mine, f"{len(mine)} attributes read that no class defines:\n" + "\n".join(mine)
