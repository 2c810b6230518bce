"""Issue 12, item 8 ("Play on it"): *New match* first shows the fields to choose from — the shipped
layouts and the user's own — each with its thumbnail, name, size and origin; a layout that does not
load is listed greyed with its problem; the match is played, saved and resumed on the chosen field."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pygame
import pytest

from paintcheck.field.layout_file import load_layout, shipped_layouts, validate_file
from paintcheck.ui import saves
from tests.ui.driver import (
    choose_field,
    click,
    fill_sheet_by_clicks,
    hand_over_if_asked,
    move,
    new_match,
    press,
    step,
)

LAYOUTS = Path(__file__).resolve().parents[2] / "layouts"
BROKEN = {"format": "paintcheck-layout/1", "name": "Half done", "flag": "centre",
          "obstacles": [{"id": "a", "kind": "dorito", "at": "B:C5"}]}


def _user_layout(name: str, file: str, source: str = "box21_small.json") -> Path:
    data = json.loads((LAYOUTS / source).read_text(encoding="utf-8"))
    data["name"] = name
    folder = saves.user_layouts_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _broken_layout(file: str = "broken.json") -> Path:
    folder = saves.user_layouts_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file
    path.write_text(json.dumps(BROKEN), encoding="utf-8")
    return path


def _open_chooser(app) -> None:
    press(app, "new")
    assert app.scene.name == "fields"
    step(app)


# -- the list (no pygame) -----------------------------------------------------------------------------
def test_the_list_holds_the_shipped_layouts_then_the_users_own_the_default_field_first():
    _user_layout("Field 10", "f10.json")
    _user_layout("Field 2", "f2.json")
    _broken_layout()
    folder = saves.user_layouts_dir()
    (folder / ".f2.json.abc.tmp").write_text("{", encoding="utf-8")  # a save under way: not a field
    (folder / "notes.txt").write_text("not a layout", encoding="utf-8")
    (folder / "sub.json").mkdir()
    fields = saves.list_fields()
    assert fields[0].path.name == "box21.json" and fields[0].preselected
    assert [f.preselected for f in fields[1:]] == [False] * (len(fields) - 1)
    shipped = [f for f in fields if f.origin == saves.SHIPPED]
    assert sorted(f.path for f in shipped) == shipped_layouts()
    for f in shipped:
        layout = load_layout(f.path)
        assert (f.name, f.columns, f.rows_per_half, f.problem) == (
            layout.name, layout.lattice.columns, layout.lattice.rows_per_half, None)
    mine = [f for f in fields if f.origin == saves.YOURS]
    assert [f.name for f in mine] == ["Field 2", "Field 10", "Half done"]  # by name, "2" before "10"
    assert fields.index(mine[0]) > fields.index(shipped[-1])
    small = next(f for f in mine if f.name == "Field 2")
    assert (small.columns, small.rows_per_half, small.size) == (15, 11, "15 columns × 11 rows a half")
    broken = mine[-1]
    # validate's own first line, the file named by its name only
    assert broken.problem == validate_file(broken.path)[0].replace(str(broken.path), "broken.json")
    assert broken.problem.startswith("broken.json: obstacle 'a' (#1): ") and broken.layout is None


def test_the_layout_given_with_play_layout_comes_first_and_once(tmp_path):
    wide = saves.list_fields(str(LAYOUTS / "box21_wide.json"))
    assert wide[0].path.name == "box21_wide.json" and wide[0].preselected
    assert wide[0].origin == saves.SHIPPED
    assert [f.path.name for f in wide].count("box21_wide.json") == 1
    outside = tmp_path / "elsewhere.json"
    shutil.copy(LAYOUTS / "tight.json", outside)
    given = saves.list_fields(outside)
    assert (given[0].path, given[0].origin, given[0].name, given[0].preselected) == (
        outside, saves.GIVEN, "Tight", True)
    assert len(given) == len(shipped_layouts()) + 1


def test_a_file_read_once_is_not_read_again_until_it_changes():
    path = _user_layout("Mine", "mine.json")
    cache: dict = {}
    first = next(f for f in saves.list_fields(cache=cache) if f.path == path)
    assert next(f for f in saves.list_fields(cache=cache) if f.path == path) is first
    path.write_text(json.dumps(BROKEN) + "\n", encoding="utf-8")
    again = next(f for f in saves.list_fields(cache=cache) if f.path == path)
    assert again.problem is not None and first.problem is None
    assert len([k for k in cache if k[0] == str(path)]) == 1  # the old reading is forgotten


def test_any_file_in_the_folder_is_a_line_never_an_exception():
    folder = saves.user_layouts_dir()
    folder.mkdir(parents=True)
    odd = Path(os.fsdecode(os.path.join(os.fsencode(str(folder)), b"odd\xff\n.json")))
    shutil.copy(LAYOUTS / "snake.json", odd)
    (folder / "big.json").write_text(" " * (2 << 20), encoding="utf-8")
    (folder / "dangling.json").symlink_to(folder / "nowhere.json")
    (folder / "list.json").write_text("[]", encoding="utf-8")
    fields = {f.path.name: f for f in saves.list_fields() if f.origin == saves.YOURS}
    assert fields[odd.name].file == "odd\\udcff\\n.json" and fields[odd.name].problem is None
    assert fields["big.json"].problem.startswith("big.json: is too large for a layout file")
    assert fields["dangling.json"].problem == "dangling.json: no such file"
    assert fields["list.json"].problem.startswith("list.json: a layout file holds one JSON object")


# -- the window ---------------------------------------------------------------------------------------
def test_new_match_shows_every_shipped_field_with_its_name(app):
    _open_chooser(app)
    scene = app.scene
    names = {f.name for _, f in scene.rows}
    for path in shipped_layouts():
        assert load_layout(path).name in names
        choice = scene.controls.choices[f"play-shipped-{path.name}"]
        assert choice.reason is None and choice.button.is_enabled
    assert scene.rows[0][1].path.name == "box21.json" and scene.rows[0][1].preselected
    # every field drawn with its thumbnail
    assert all(scene.thumbs[json.dumps(f.layout, sort_keys=True)] is not None for _, f in scene.rows)


def test_choosing_box21_small_by_clicks_plays_it_from_the_break_sheets(app):
    new_match(app, "box21_small.json")  # the hand-over to the first coach is made there
    scene, session = app.scene, app.session
    assert scene.name == "match" and scene.sheet is not None and scene.viewer is not None
    assert session.table.field.layout.name == "Box 21 small"
    lattice = session.state.lattice
    assert (lattice.columns, lattice.rows_per_half) == (15, 11)
    press(app, "save")  # (it saves itself at its first decision; *Save* writes it now)
    saved = saves.read_saved(session.path)  # the whole layout in it
    assert saved.field == "Box 21 small" and saved.layout["columns"] == 15
    assert session.path.name.startswith("box-21-small_")


@pytest.mark.slow
def test_the_match_resumed_from_the_title_is_on_the_chosen_field(app):
    new_match(app, "box21_small.json")
    fill_sheet_by_clicks(app, prebunkers=1)  # one sheet handed in: a decision on that field
    hand_over_if_asked(app)
    path, decisions = app.session.path, list(app.session.record.decisions)
    press(app, "title")
    press(app, "resume")
    hand_over_if_asked(app)
    assert app.scene.name == "match" and app.session.path == path
    assert app.session.table.field.layout.name == "Box 21 small"
    assert app.session.state.lattice.columns == 15 and app.session.record.decisions == decisions


def test_a_users_own_layout_is_listed_and_playable(app):
    _user_layout("My own field", "my_field.json")
    _open_chooser(app)
    entry = next(f for _, f in app.scene.rows if f.origin == saves.YOURS)
    assert (entry.name, entry.path.name, entry.problem) == ("My own field", "my_field.json", None)
    choose_field(app, "play-yours-my_field.json")
    hand_over_if_asked(app)
    assert app.scene.name == "match" and app.scene.sheet is not None
    assert app.session.table.field.layout.name == "My own field"


def test_a_broken_layout_is_listed_greyed_with_its_problem(app):
    path = _broken_layout()
    _open_chooser(app)
    scene = app.scene
    entry = next(f for _, f in scene.rows if f.path == path)
    assert entry.name == "Half done" and "unknown kind 'dorito'" in entry.problem
    choice = scene.controls.choices["play-yours-broken.json"]
    assert choice.reason == f"cannot be played: {entry.problem}" and not choice.button.is_enabled
    assert choice.button.tool_tip_text == choice.reason
    click(app, choice.button.rect.center)
    assert app.scene.name == "fields" and app.session is None
    # the mouse over it: its whole problem is printed under the list (a greyed button shows no tooltip)
    move(app, next(r for r, f in scene.rows if f is entry).center)
    step(app)


def test_a_field_broken_after_it_was_listed_is_a_line_and_shows_its_problem(app):
    path = _user_layout("Soon broken", "soon.json")
    _open_chooser(app)
    path.write_text("{", encoding="utf-8")
    press(app, "play-yours-soon.json")
    assert app.scene.name == "fields" and app.session is None
    assert app.message[0].startswith("Cannot start a match: ") and str(path) in app.message[0]
    assert app.scene.controls.choices["play-yours-soon.json"].reason is not None


def test_back_and_escape_return_to_the_title(app):
    _open_chooser(app)
    press(app, "back")
    assert app.scene.name == "title"
    _open_chooser(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    step(app)
    assert app.scene.name == "title" and app.session is None


def test_new_match_on_the_result_screen_shows_the_fields_too(app):
    app.switch("result", winner="blue", reason="Blue took the flag")
    step(app)
    press(app, "again")
    assert app.scene.name == "fields"
    choose_field(app, "box21_wide.json")
    hand_over_if_asked(app)
    assert app.session.table.field.layout.name == "Box 21 wide"


def test_the_fields_are_paged_when_they_do_not_fit(app):
    for i in range(20):
        _user_layout(f"Field {i + 1}", f"field{i + 1}.json")
    _open_chooser(app)
    scene = app.scene
    total = len(scene.entries)
    assert total == len(shipped_layouts()) + 20 and scene.pages > 1
    seen = [f.key for _, f in scene.rows]
    assert scene.controls.choices["previous"].reason == "this is the first page"
    while scene.controls.choices["next"].reason is None:
        press(app, "next")
        seen += [f.key for _, f in scene.rows]
    assert scene.controls.choices["next"].reason == "this is the last page"
    assert seen == [f.key for f in scene.entries]  # each field once, in order
    press(app, "previous")
    assert scene.page == scene.pages - 2
    press(app, f"play-{scene.rows[0][1].key}")
    hand_over_if_asked(app)
    assert app.scene.name == "match"


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_the_chooser_fits_the_window(size):
    from paintcheck.ui.app import App

    _broken_layout()
    app = App(size, seed=3)
    try:
        step(app)
        _open_chooser(app)
        scene = app.scene
        screen = pygame.Rect(0, 0, *app.size)
        rects = [r for r, _ in scene.rows]
        assert len(rects) == len(shipped_layouts()) + 1  # every field on one page at these sizes
        bottom = min(scene.controls.rect(k).top for k in ("previous", "next", "back"))
        for i, (rect, entry) in enumerate(scene.rows):
            assert screen.contains(rect) and rect.bottom < bottom - 30  # room for the message line
            assert rect.contains(scene.controls.rect(f"play-{entry.key}"))
            assert rect.collidelist(rects[:i]) == -1
    finally:
        pygame.quit()


def test_in_a_narrow_window_the_coaches_rows_stand_above_the_fields():
    """A desktop smaller than the minimum gets a window of its size (``window_size``): there the two
    coaches' buttons take a row each, and the fields start under them, none covered."""
    from paintcheck.ui.app import App

    app = App((1024, 700), seed=3)
    try:
        assert app.size == (1024, 700)
        step(app)
        _open_chooser(app)
        scene = app.scene
        coaches = [c.button.rect for k, c in scene.controls.choices.items() if k.startswith("coach-")]
        assert len({r.top for r in coaches}) == 2  # a row each
        first = scene.rows[0][0]
        assert all(r.bottom <= first.top for r in coaches)
        assert all(rect.right <= 1024 and rect.bottom <= 700 for rect, _ in scene.rows)
    finally:
        pygame.quit()


def test_play_layout_field_is_first_and_enter_plays_it(tmp_path):
    from paintcheck.ui.app import App

    app = App((1280, 800), layout=str(LAYOUTS / "box21_wide.json"), seed=2)
    try:
        step(app)
        _open_chooser(app)
        first = app.scene.rows[0][1]
        assert first.path.name == "box21_wide.json" and first.preselected
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        step(app)
        hand_over_if_asked(app)
        assert app.scene.name == "match" and app.session.table.field.layout.name == "Box 21 wide"
    finally:
        pygame.quit()
