"""Issue 25, item 7 ("Everywhere"), by posted events on the headless window: buttons that never move
under the mouse when a row appears, How to play (F1) from every screen, the title's line, the
hand-over's *Title*, destructive choices in red, who coached each saved match, a start left with no
decision, and the match's story on the result screen."""

from __future__ import annotations

import json

import pygame
import pytest

from paintcheck.ui import saves, theme
from paintcheck.ui.markdown_html import visible_text
from tests.ui.driver import (
    Drawn,
    choose_field,
    click,
    drag,
    enabled,
    hand_over_if_asked,
    new_match,
    point_pos,
    press,
    step,
)


def key(app, k, mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    step(app, 2)


def rects(app, *keys) -> dict:
    choices = app.scene.controls.choices
    return {k: tuple(choices[k].button.rect) for k in keys}


@pytest.fixture
def small_app():
    """The window at the smallest size it is made for (its panels are narrowest: rows wrap)."""
    from paintcheck.ui.app import App

    application = App((1280, 800), seed=7)
    application.step(1 / 60)
    yield application
    pygame.quit()


# -- buttons never move under the mouse ------------------------------------------------------------------
def test_the_break_sheets_line_buttons_never_move_when_prebunker_or_covers_appear(small_app):
    """At 1280 × 800, *Prebunker* added the prebunked point's button (the hand-in wrapped to a new
    row) and a start point beside a piece added its covers (the posture row wrapped): the line's
    buttons moved down under the mouse."""
    app = small_app
    new_match(app)
    editor = app.scene.sheet
    keys = ("sheet-restart", "sheet-undo", "sheet-clear-line", "sheet-confirm")
    before = rects(app, *keys)
    press(app, f"sheet-pick-{editor.players()[0]}")
    press(app, "sheet-prebunker")
    assert rects(app, *keys) == before
    m, lattice = editor.session.m, editor.session.state.lattice
    start = next(p for p in lattice.points() if lattice.in_prebunk_zone(p, editor.team)
                 and m.obstacle_at(p) is None and m.covers(p))
    click(app, point_pos(app, start))
    assert editor.draft.start == start
    assert any(k.startswith("sheet-cover-") for k in app.scene.controls.choices)
    assert rects(app, *keys) == before


@pytest.mark.slow
def test_the_ranges_rows_never_move_when_a_cover_has_a_longer_name(small_app):
    """At 1280 × 800 a long cover's name ("Cover: the snake's head") wrapped the shooter's side to a
    new row: DEF, the shot, the run and the maps moved down under the mouse."""
    app = small_app
    press(app, "learn")
    scene = app.scene
    keys = ("shooter-side", "target-standing", "def-0", "kind-simple", "run", "map-from_where")
    before = rects(app, *keys)
    m = scene.m
    seen = 0
    points = [p for p in scene.table.field.lattice.points()
              if m.covers(p) and scene.model.free(p) and p[1] > 0]
    for point in points[::7]:
        drag(app, scene.t.to_screen(*scene.situation.shooter.point), scene.t.to_screen(*point))
        if scene.situation.shooter.point != point:
            continue
        for _ in range(len(m.covers(point)) + 1):
            press(app, "shooter-cover")
            seen += 1
            assert rects(app, *keys) == before, scene.cover_words(scene.situation.shooter.cover)
    assert seen > 10


def test_the_designers_question_before_leaving_moves_neither_the_palette_nor_the_selection(app):
    press(app, "design")
    scene = app.scene
    drag(app, scene.palette_rects["cylinder"].center, scene.t.to_screen(4, -6))
    assert scene.selected is not None and scene.design.changed
    palette = dict(scene.palette_rects)
    before = rects(app, "turn-left", "rename", "delete")
    press(app, "back")  # unsaved changes: the window asks first
    assert "leave-yes" in scene.controls.choices
    assert scene.palette_rects == palette
    assert rects(app, "turn-left", "rename", "delete") == before


def test_a_second_click_on_delete_keeps_the_match(app):
    """The confirmation put *Delete for good* where *Delete…* had been clicked: a double click
    deleted the match."""
    new_match(app)
    press(app, "save")
    path = app.session.path
    press(app, "title")
    press(app, "load")
    delete = app.scene.controls.rect(f"delete-{path.name}").copy()
    where = (delete.left + 4, delete.centery)  # its left end: the old *Delete for good* lay there
    click(app, where)
    assert not app.scene.controls.rect(f"delete-yes-{path.name}").colliderect(delete)
    assert app.scene.controls.rect(f"delete-no-{path.name}").contains(delete)
    click(app, where)
    assert path.exists() and f"open-{path.name}" in app.scene.controls.choices


# -- destructive choices are not the green button ----------------------------------------------------------
def _classes(button) -> list:
    return [c for c in button.class_ids if c]


def test_delete_for_good_and_leave_without_saving_are_red_not_green(app):
    new_match(app)
    press(app, "save")
    path = app.session.path
    press(app, "title")
    press(app, "load")
    press(app, f"delete-{path.name}")
    sure = app.scene.controls.choices[f"delete-yes-{path.name}"].button
    assert "@danger" in _classes(sure) and "@primary" not in _classes(sure)
    green = theme.gui_theme()["@primary"]["colours"]["normal_bg"]
    assert sure.colours["normal_bg"] != pygame.Color(green)
    press(app, f"delete-no-{path.name}")
    press(app, "back")
    press(app, "design")
    scene = app.scene
    drag(app, scene.palette_rects["cylinder"].center, scene.t.to_screen(4, -6))
    press(app, "back")
    leave = scene.controls.choices["leave-yes"].button
    assert "@danger" in _classes(leave) and "@primary" not in _classes(leave)
    assert leave.colours["normal_bg"] != pygame.Color(green)


# -- How to play from every screen -------------------------------------------------------------------------
def _help_and_back(app, by_escape: bool = True) -> None:
    name = app.scene.name
    key(app, pygame.K_F1)
    assert app.scene.name == "help", f"F1 on {name}"
    assert "*" not in visible_text(app.scene.box.html_text)
    if by_escape:
        key(app, pygame.K_ESCAPE)
    else:
        press(app, "back")
    assert app.scene.name == name


@pytest.mark.slow
def test_f1_opens_how_to_play_from_every_screen_and_comes_back_to_it(app):
    _help_and_back(app)  # the title
    press(app, "new")
    _help_and_back(app)  # the field chooser (the coaches' choice kept)
    assert app.scene.purpose == "play"
    choose_field(app)
    assert app.scene.name == "handover"
    team = app.scene.team
    _help_and_back(app, by_escape=False)
    assert app.scene.team == team
    hand_over_if_asked(app)
    _help_and_back(app, by_escape=False)  # the match
    assert app.scene.viewer == team
    press(app, "save")
    press(app, "title")
    press(app, "load")
    _help_and_back(app)
    press(app, "back")
    press(app, "design")
    _help_and_back(app, by_escape=False)
    press(app, "open-field")
    assert app.scene.name == "fields" and app.scene.purpose == "design"
    _help_and_back(app)
    assert app.scene.purpose == "design"
    press(app, "study-shipped-box21.json")
    _help_and_back(app, by_escape=False)
    assert app.scene.layout_file.name == "box21.json"
    app.scene.panel.job.wait()
    step(app)
    assert app.scene.panel.result is not None  # its study, stopped while How to play was read, done
    press(app, "back")  # the study: back to the chooser
    press(app, "back")  # the title
    press(app, "learn")
    _help_and_back(app, by_escape=False)
    app.switch("result", winner="white", reason="no player left on the other side")
    _help_and_back(app, by_escape=False)
    assert app.scene.winner == "white"


# -- the title's line --------------------------------------------------------------------------------------
def test_the_resumed_line_is_not_drawn_on_the_title_and_no_line_covers_its_buttons(app, monkeypatch):
    new_match(app)
    press(app, "save")
    press(app, "title")
    press(app, "resume")
    hand_over_if_asked(app)
    assert app.scene.name == "match"
    drawn = Drawn(monkeypatch)
    press(app, "title")
    assert app.message is None
    assert not any(w.startswith("Resumed the match") for w in drawn.words(app))
    # a line said on the title (here: the latest match does not replay) is drawn under its buttons
    path = saves.latest().path
    data = json.loads(path.read_text(encoding="utf-8"))
    data["decisions"] = [{"type": "no such decision"}]
    path.write_text(json.dumps(data), encoding="utf-8")
    placed: list[pygame.Rect] = []
    blit = theme.blit_text

    def recording(surface, words, pos, *args, **kwargs):
        rect = blit(surface, words, pos, *args, **kwargs)
        if app.message and words in app.message[0]:
            placed.append(rect)
        return rect

    monkeypatch.setattr(theme, "blit_text", recording)
    press(app, "resume")
    assert app.scene.name == "title" and app.message[0].startswith("Cannot resume")
    step(app)
    buttons = [c.button.rect for c in app.scene.controls.choices.values()]
    assert placed and not any(r.colliderect(b) for r in placed for b in buttons)


# -- the hand-over's Title ---------------------------------------------------------------------------------
def test_a_hand_over_offers_the_title(app):
    press(app, "new")
    choose_field(app)
    assert app.scene.name == "handover"
    press(app, "title")
    assert app.scene.name == "title"


# -- who coached each saved match --------------------------------------------------------------------------
def test_the_saves_list_says_who_coached(app, monkeypatch):
    press(app, "new")
    press(app, "coach-white-normal")
    choose_field(app)
    hand_over_if_asked(app)
    assert app.scene.name == "match" and app.scene.viewer == "blue"
    press(app, "save")
    press(app, "title")
    (entry,) = saves.list_saves()
    assert dict(entry.coaches) == {"white": "normal"}
    drawn = Drawn(monkeypatch)
    press(app, "load")
    assert "Blue: a person · White: the computer (normal)" in drawn.words(app)


# -- a start left with no decision -------------------------------------------------------------------------
def test_a_start_left_with_no_decision_leaves_no_save(app):
    new_match(app)
    assert app.scene.name == "match" and not app.session.record.decisions
    press(app, "title")
    assert saves.list_saves() == []
    assert not enabled(app, "resume")
    press(app, "new")  # left from its hand-over this time
    choose_field(app)
    press(app, "title")
    assert saves.list_saves() == []


# -- the match's story -------------------------------------------------------------------------------------
def test_the_result_screen_tells_the_matchs_story(app, monkeypatch):
    from paintcheck.rules import events as ev
    from paintcheck.ui.session import MatchSession

    session = MatchSession.new(None, 3, "break", {"blue": "random", "white": "random"})
    for _ in range(2000):
        if session.over:
            break
        session.apply(session.computer_decision(session.to_move(), session.state))
    assert session.over
    app.session = session
    app.switch("match", viewer=None)
    press(app, "result")
    assert app.scene.name == "result"
    drawn = Drawn(monkeypatch)
    words = drawn.words(app)
    assert "Eliminations by turn" in words and "Players" in words
    out = [e for e in session.events if isinstance(e, ev.Eliminated)]
    assert out and all(any(e.player in w and ("Turn" in w or "The break" in w) for w in words) for e in out)
    for team, name in (("blue", "Blue"), ("white", "White")):
        fired = sum(1 for e in session.events if isinstance(e, ev.ShotResolved)
                    and session.state.players[e.shooter].team == team)
        hit = sum(1 for e in session.events if isinstance(e, ev.ShotResolved) and e.hit
                  and session.state.players[e.shooter].team == team)
        assert f"{name} — shots: {fired}, hits: {hit}" in words
    assert "again" in app.scene.controls.choices and "title" in app.scene.controls.choices
