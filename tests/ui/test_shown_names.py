"""Issue 24: names that crashed or froze the window.

- A NUL (or any control character) in a layout's name: ``validate`` said ok, then the designer, the
  study and the *Load a match…* page died drawing it (the last at every visit).
- A save's or a layout's file name that is not UTF-8 (``b"\\xff.json"``): *Continue*'s "Resumed …"
  line, the Load page and the designer died drawing it.
- A name of 900,000 characters: the Load page and the exported picture cut it one character at a
  time, measuring it again each time, and never finished.

Every text the window draws goes through ``paintcheck.printable`` (``theme.text``), and words are
cut by ``ui.text_fit`` (bisection): these tests count the characters the fonts measure.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from paintcheck.field.design import Design
from paintcheck.field.layout import Layout
from paintcheck.field.layout_file import default_layout_path, load_layout
from paintcheck.rules.codec import MatchRecord
from paintcheck.ui import export_image, saves, text_fit, theme
from tests.ui.driver import hand_over_if_asked, new_turn2_match, play_orders_by_clicks, press, step

LONG = 900_000


def _box21() -> dict:
    return json.loads(default_layout_path().read_text(encoding="utf-8"))


def _odd_path(folder: Path, raw: bytes) -> Path:
    """A file name in ``folder`` made of ``raw`` bytes (not UTF-8: decoded as the system does)."""
    return Path(os.fsdecode(os.path.join(os.fsencode(str(folder)), raw)))


def _save_with_layout(layout: dict, name: str = "odd.json") -> Path:
    """A saved match, at its start, on ``layout`` (which need not pass ``validate``)."""
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(MatchRecord(7, layout, []).to_dict()), encoding="utf-8")
    return path


def _visit_load(app) -> None:
    """The title (laid out again: it now offers the saves), then *Load a match…*, drawn."""
    app.switch("title")
    press(app, "load")
    assert app.scene.name == "load"
    step(app, 2)


class _Budget:
    """``theme.font`` counting the characters its fonts measure and draw: past ``limit`` an
    assertion stops the test (a quadratic fit would otherwise run for hours)."""

    def __init__(self, monkeypatch, limit: int) -> None:
        self.left = limit
        real = theme.font
        budget = self

        class Counting:
            def __init__(self, font) -> None:
                self.font = font

            def _spend(self, text: str) -> None:
                budget.left -= len(text)
                assert budget.left >= 0, f"the fonts measured more than {limit} characters"

            def size(self, text):
                self._spend(text)
                return self.font.size(text)

            def render(self, text, *args, **kwargs):
                self._spend(text)
                return self.font.render(text, *args, **kwargs)

            def __getattr__(self, name):
                return getattr(self.font, name)

        monkeypatch.setattr(theme, "font", lambda size, bold=False: Counting(real(size, bold)))
        theme.reset()  # nothing drawn before is taken from the cache


# -- a control character in a layout's name --------------------------------------------------------------
def test_a_nul_in_a_layouts_name_is_one_line_in_the_designer_and_the_study(app, tmp_path):
    data = _box21()
    data["name"] = "Box\x00 21"
    path = tmp_path / "nul.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    for scene in ("designer", "study"):
        app.switch("title")
        (app.open_designer if scene == "designer" else app.study_field)(path)
        step(app, 3)
        words, _ = app.message
        assert "'name' holds a control character (\\x00 at character 4)" in words and "\n" not in words
    assert path.read_bytes() == before


def test_the_load_page_lists_a_save_whose_field_has_a_nul_in_its_name(app, monkeypatch):
    data = _box21()
    data["name"] = "Box\x00 21\nthe second line"
    path = _save_with_layout(data)
    drawn = []
    text = theme.text
    theme.reset()

    def drawing(words, *args, **kwargs):
        drawn.append(words)
        return text(words, *args, **kwargs)

    monkeypatch.setattr(theme, "text", drawing)
    for _ in range(2):  # every visit
        _visit_load(app)
    (entry,) = saves.list_saves()
    assert entry.path == path and entry.problem.startswith("'name' holds a control character (\\x00")
    assert "Box\\x00 21\\nthe second line" in drawn


# -- file names that are not UTF-8 -----------------------------------------------------------------------
def test_continue_resumes_a_save_whose_file_name_is_not_utf8(app):
    new_turn2_match(app)
    play_orders_by_clicks(app)  # the first decision saves the match
    odd = _odd_path(saves.saves_dir(), b"match-\xff.json")
    os.replace(app.session.path, odd)
    press(app, "title")
    said = []
    flash = app.flash
    app.flash = lambda words, error=False: (said.append(words), flash(words, error))
    press(app, "resume")
    hand_over_if_asked(app)
    step(app, 2)
    assert app.scene.name == "match" and app.session.path == odd
    assert said == [f"Resumed the match saved in {odd}"]  # drawn escaped: ...saves/match-\udcff.json
    _visit_load(app)
    assert [s.path for s in saves.list_saves()] == [odd]


def test_the_designer_opens_a_layout_whose_file_name_is_not_utf8(app):
    folder = saves.user_layouts_dir()
    folder.mkdir(parents=True)
    odd = _odd_path(folder, b"field-\xfe\x01.json")
    shutil.copy(default_layout_path(), odd)
    press(app, "design")
    app.open_designer(odd)
    step(app, 3)
    assert app.scene.name == "designer" and app.scene.path == odd and app.message is None
    app.switch("fields", purpose="design")
    step(app, 2)


# -- long names ------------------------------------------------------------------------------------------
def test_a_long_name_is_cut_by_bisection(monkeypatch):
    import pygame

    pygame.font.init()
    budget = _Budget(monkeypatch, 5_000)
    words = text_fit.cut("n" * LONG, 18, 400)
    assert words.endswith("…") and theme.text_width(words, 18) <= 400
    assert theme.text_width(words[:-1] + "n…", 18) > 400  # one more character would not fit
    assert text_fit.cut("a short name", 18, 400) == "a short name"
    assert text_fit.size_to_fit("n" * LONG, 30, 400, 12) == 12
    assert budget.left > 0


def test_the_load_page_cuts_a_save_whose_field_name_is_900000_characters(app, monkeypatch):
    data = _box21()
    data["name"] = "n" * LONG
    _save_with_layout(data)
    _Budget(monkeypatch, 50_000)
    _visit_load(app)
    (entry,) = saves.list_saves()
    assert entry.problem.startswith(f"'name' has {LONG} characters, more than the 80 allowed")


def test_the_exported_picture_cuts_a_name_of_900000_characters(monkeypatch, tmp_path):
    field = load_layout(default_layout_path()).build()
    layout = field.layout
    long = Layout("n" * LONG, layout.obstacles, layout.lattice, layout.flag).build()
    _Budget(monkeypatch, 50_000)
    w, h = export_image.export_png(long, tmp_path / "long.png", 600)
    assert (tmp_path / "long.png").stat().st_size > 0 and w == 600


def test_the_designer_refuses_a_name_the_format_refuses():
    design = Design(load_layout(default_layout_path()))
    assert design.set_name("n" * 81).startswith("'name' has 81 characters, more than the 80 allowed")
    assert design.set_name("Box\x1b 21") == ("'name' holds a control character (\\x1b at character 4), "
                                             "which cannot be shown on one line; remove it")
    assert design.name == "Box 21" and not design.changed
    assert design.set_name("n" * 80) is None and design.name == "n" * 80
