"""Layer 1: the window, its scenes, the field drawn from the layout, the cached background."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tests.ui.driver import click, new_match, new_turn2_match, press, step

ROOT = Path(__file__).resolve().parents[2]


def test_no_pygame_outside_the_ui():
    pattern = re.compile(r"^\s*(import pygame|from pygame)", re.M)
    offenders = [str(p.relative_to(ROOT)) for p in [*ROOT.glob("paintcheck/**/*.py"), ROOT / "main.py"]
                 if "ui" not in p.relative_to(ROOT).parts and pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_importing_the_ui_initialises_nothing():
    code = ("import paintcheck.ui.app, paintcheck.ui.match_scene, paintcheck.ui.bench_render, pygame;"
            "print(pygame.get_init(), pygame.display.get_init(), pygame.font.get_init())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={"PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"}, check=True)
    assert out.stdout.split() == ["False", "False", "False"]


def test_the_shipped_font_and_its_licence_are_there():
    assert (ROOT / "assets/fonts/DejaVuSans.ttf").stat().st_size > 100_000
    assert "Bitstream" in (ROOT / "assets/fonts/DejaVu-LICENSE.txt").read_text(encoding="utf-8")


def test_title_then_new_match_shows_the_field(app):
    assert app.scene.name == "title"
    new_match(app)
    scene = app.scene
    assert scene.name == "match" and scene.viewer == "blue"
    t = scene.t
    lattice = scene.session.table.field.lattice
    # the whole field fits in the field area, letters and rows included
    x0, y0 = t.to_screen(-1.2, lattice.rows_per_half + 1.2)
    x1, y1 = t.to_screen(lattice.columns - 1 + 1.2, -lattice.rows_per_half - 1.2)
    assert scene.field_area.collidepoint(x0, y0) and scene.field_area.collidepoint(x1 - 1, y1 - 1)
    # a figure is drawn in its team colour at its point
    b1 = scene.session.state.players["B1"].point
    colour = app.screen.get_at(t.to_screen(b1[0] + 0.2, b1[1] + 0.16))[:3]
    assert colour == (36, 104, 224)
    # an obstacle is drawn in its height colour at its centre... beside its detail
    pyramid = scene.session.table.field.by_id["pyramid"]
    cx, cy = pyramid.centre
    assert app.screen.get_at(t.to_screen(cx + 0.5, cy + 0.2))[:3] == (190, 58, 46)


def test_background_is_cached_and_rebuilt_only_on_resize(app):
    new_match(app)
    scene = app.scene
    step(app, 5)
    assert scene.renderer.rebuilds == 1
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))
    step(app, 3)
    assert app.screen.get_size() == (1280, 800)
    assert scene.renderer.rebuilds == 2
    lattice = scene.session.table.field.lattice
    x1, y1 = scene.t.to_screen(lattice.columns - 1, -lattice.rows_per_half)
    assert x1 < scene.field_area.right and y1 < 800


def test_the_window_is_never_smaller_than_1280_by_720(app):
    """Issue 25: every screen works from 1280 x 720 up (ui.window_size.MIN_SIZE)."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=500, size=(900, 500)))
    step(app, 2)
    assert app.screen.get_size() == (1280, 720)


def test_how_to_play_is_reachable_from_the_match(app):
    new_match(app)
    press(app, "help")
    assert app.scene.name == "help"
    assert "How to play" in app.scene.box.html_text
    press(app, "back")
    assert app.scene.name == "match" and app.scene.viewer == "blue"


def test_clicking_a_figure_shades_its_field_of_vision(app):
    new_turn2_match(app)
    scene = app.scene
    white = scene.session.state.players["W3"]
    click(app, scene.t.to_screen(*white.point))
    assert scene.instruments.inst.selected == "W3"
    ruler, prot, fov = scene.instruments.readings(scene.state)
    from paintcheck.geometry.fov import field_of_vision

    expected = field_of_vision(scene.session.m.index, "white", white.cover, white.side)
    assert fov.mode == expected.mode and fov.normal == expected.normal and fov.offset == expected.offset


@pytest.mark.slow
def test_a_bad_layout_for_play_is_refused_before_the_window_opens(tmp_path):
    """Issue 11: `play --layout missing.json` opened the title, then crashed on New match."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "paintcheck-layout/1", "name": "x"', encoding="utf-8")
    for path in (tmp_path / "missing.json", bad):
        done = subprocess.run([sys.executable, "main.py", "play", "--layout", str(path)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60,
                              env={"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"})
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith(f"error: {path}") and done.stderr.count("\n") == 1


def test_a_layout_broken_while_the_window_is_open_is_a_line_on_the_field_chooser(tmp_path):
    from paintcheck.ui.app import App

    path = tmp_path / "field.json"
    path.write_bytes((ROOT / "layouts" / "box21.json").read_bytes())
    app = App((1280, 800), layout=str(path), seed=1)
    try:
        step(app)
        press(app, "new")
        path.write_text("{", encoding="utf-8")
        press(app, "play-given-field.json")
        assert app.scene.name == "fields" and app.session is None
        assert "Cannot start a match" in app.message[0] and str(path) in app.message[0]
        assert app.scene.controls.choices["play-given-field.json"].reason is not None
    finally:
        pygame.quit()


@pytest.mark.slow
def test_bench_render_prints_its_figures_against_the_goal(capsys):
    """The busiest match screen is set up and timed; a goal missed is a figure, never an error."""
    from main import main

    assert main(["bench", "--render", "--seconds", "0.3"]) == 0
    out = capsys.readouterr().out
    for what, goal in (("render", "3"), ("designer, a piece dragged", "4"),
                       ("designer, a piece dragged over the Study's map", "4")):
        line = rf"{re.escape(what)}: \d+ frames at 1600x1000, median \d+\.\d+ ms, p95 \d+\.\d+ ms "
        assert re.search(line + rf"/ goal ≤ {goal} ms \((met|not met)\)", out), (what, out)
    assert re.search(r"review, a jump to any step of a 120-decision match: \d+ jumps, median \d+\.\d+ ms, "
                     r"p95 \d+\.\d+ ms, worst \d+\.\d+ ms / goal ≤ 50 ms \((met|not met)\)", out), out


def test_the_title_shows_the_version_and_the_log_file(app, monkeypatch):
    """Issue 26: the version (one source, ``paintcheck.__version__``) and where the log is."""
    import paintcheck
    from paintcheck.logs import log_path
    from tests.ui.driver import Drawn

    drawn = Drawn(monkeypatch)
    words = " ".join(drawn.words(app))
    assert f"version {paintcheck.__version__}" in words and str(log_path()) in words


def test_a_window_session_leaves_a_log_with_the_saves_and_a_refused_file(app, tmp_path, monkeypatch):
    """Issue 26: after a window session the log file holds the match's saves and a refused file."""
    from paintcheck.logs import log_path, start_logging, stop_logging
    from paintcheck.ui import saves
    from tests.ui.driver import new_turn2_match, play_orders_by_clicks

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    start_logging()
    try:
        new_turn2_match(app)
        play_orders_by_clicks(app)  # the first decision saves the match
        bad = saves.saves_dir() / "broken.json"
        bad.write_text("{", encoding="utf-8")
        app.resume_match(bad)
    finally:
        stop_logging()
    text = log_path().read_text(encoding="utf-8")
    assert f"saved {app.session.path}" in text and "broken.json refused" in text
