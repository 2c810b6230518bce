"""Layer 4: every match saved in a file of its own and resumed exactly; the list on the title
screen; a damaged save is a line on the screen, never a crash; a save holds no roll to come."""

from __future__ import annotations

import json
import os
import time

import pytest

from paintcheck.rules import events as ev
from paintcheck.ui import saves
from paintcheck.ui.holder import needs_secrets
from tests.ui.driver import (
    fill_sheet_by_clicks,
    hand_over_if_asked,
    new_match,
    new_turn2_match,
    play_orders_by_clicks,
    press,
    step,
)


def _two_orders(app):
    new_turn2_match(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)


def test_every_decision_is_saved_and_the_match_resumes_exactly(app, user_data):
    _two_orders(app)
    path = app.session.path
    assert path.is_relative_to(user_data) and path.exists() and path.parent == saves.saves_dir()
    before = app.session
    press(app, "title")
    assert app.scene.name == "title"
    press(app, "resume")
    assert app.scene.name == "handover"  # tokens 2-5 are still face down: the screen changes hands
    hand_over_if_asked(app)
    assert app.scene.name == "match"
    after = app.session
    assert after is not before and after.path == path
    assert after.state.to_dict() == before.state.to_dict()
    assert [e.text for e in after.events] == [e.text for e in before.events]
    assert after.record.decisions == before.record.decisions


@pytest.mark.slow
def test_a_new_match_keeps_the_other_matches_and_the_list_shows_them(app):
    """Issue 10: *New match* overwrote the only save after one decision."""
    _two_orders(app)
    first = app.session.path
    press(app, "title")
    new_match(app)
    fill_sheet_by_clicks(app)  # a decision: the new match has its file (a start left as it is has none)
    press(app, "title")
    listed = saves.list_saves()
    assert first in [s.path for s in listed] and app.session.path in [s.path for s in listed]
    assert len(listed) == 2 and first != app.session.path
    entry = next(s for s in listed if s.path == first)
    assert (entry.field, entry.turn, dict(entry.players)) == ("Box 21", 2, {"blue": 5, "white": 5})
    press(app, "load")
    assert app.scene.name == "load"
    step(app)
    press(app, f"open-{first.name}")
    hand_over_if_asked(app)
    assert app.scene.name == "match" and app.session.path == first


@pytest.mark.slow
def test_a_save_is_deleted_only_after_a_confirmation(app):
    _two_orders(app)
    path = app.session.path
    press(app, "title")
    press(app, "load")
    press(app, f"delete-{path.name}")
    assert path.exists()  # asked first
    press(app, f"delete-no-{path.name}")
    assert path.exists()
    press(app, f"delete-{path.name}")
    press(app, f"delete-yes-{path.name}")
    assert not path.exists() and saves.list_saves() == []


def test_stale_temporary_files_of_an_interrupted_save_are_removed_at_start(user_data):
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    stale = folder / ".box-21_2026.json.abc123.tmp"
    stale.write_text('{"secret": "tokens"}')
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = folder / ".box-21_2026.json.def456.tmp"  # a save under way right now is left alone
    fresh.write_text("{")
    assert saves.tidy() == [stale]
    assert not stale.exists() and fresh.exists()


def test_the_single_save_of_earlier_versions_joins_the_list(user_data, table_data=None):
    old = saves.data_dir() / saves.OLD_SLOT
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"format": "paintcheck-match/1", "seed": 1, "layout": {"name": "Box 21"},
                               "decisions": []}))
    saves.tidy()
    assert not old.exists()
    (entry,) = saves.list_saves()
    assert entry.field == "Box 21" and entry.path.parent == saves.saves_dir()


def test_a_damaged_save_is_reported_in_the_window(app):
    path = saves.saves_dir() / "broken.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "paintcheck-match/1", "seed": 3, "layout": {', encoding="utf-8")
    app.switch("title")
    press(app, "load")
    step(app)
    assert app.scene.controls.choices["open-broken.json"].reason  # listed, cannot be opened
    assert app.scene.controls.choices["delete-broken.json"].reason is None


def test_a_save_that_does_not_replay_is_a_line_on_the_load_screen(app):
    _two_orders(app)
    data = json.loads(app.session.path.read_text(encoding="utf-8"))
    data["decisions"][1]["team"] = "blue"  # Blue gives his tokens twice: the engine refuses it
    path = saves.saves_dir() / "refused.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    press(app, "title")
    press(app, "load")
    press(app, "open-refused.json")
    assert app.scene.name == "load"
    words, _ = app.message
    assert str(path) in words and "does not replay" in words and "\n" not in words


def test_the_save_button_writes_the_file(app):
    new_turn2_match(app)
    press(app, "save")
    assert app.session.path.exists()
    assert "Saved to" in app.message[0]


@pytest.mark.slow
def test_a_match_resumed_with_secret_tokens_on_the_table_opens_behind_a_hand_over(app):
    """White declared, Blue decides next while his tokens 2-5 are still secret from White: the
    resumed match must not open on Blue's table for whoever pressed Continue."""
    from tests.ui.test_turn import _play_one_decision

    new_turn2_match(app)
    for _ in range(20):  # orders, then declarations until a coach decides with tokens face down
        _play_one_decision(app)
        if app.scene.name == "handover" and app.session.state.phase == "declare":
            break
    assert app.scene.name == "handover" and needs_secrets(app.session.state, app.scene.team)
    waiting = app.scene.team
    app.switch("title")
    press(app, "resume")
    assert app.scene.name == "handover", "resumed straight onto a coach's secret tokens"
    assert app.scene.team == waiting
    press(app, "ready")
    assert app.scene.name == "match" and app.scene.viewer == app.session.to_move()


def test_a_window_match_saves_the_rolls_made_and_no_seed(app):
    """Issue 10: the seed in a save gave every roll to come. Without a seed (a user's match) each
    roll is drawn when rolled and recorded; the save replays from them."""
    app.seed = None
    _two_orders(app)
    while not any(isinstance(e, ev.Rolled) for e in app.session.events):
        from tests.ui.test_turn import _play_one_decision
        _play_one_decision(app)
    data = json.loads(app.session.path.read_text(encoding="utf-8"))
    assert "seed" not in data
    rolled = [e.value for e in app.session.events if isinstance(e, ev.Rolled)]
    assert data["rolls"] == rolled and rolled
    told = [e.text for e in app.session.events]
    press(app, "title")
    press(app, "resume")
    hand_over_if_asked(app)
    assert [e.text for e in app.session.events] == told
    assert app.session.record.rolls == rolled


@pytest.mark.slow
def test_every_damaged_save_is_a_line_in_the_window_never_a_crash(app):
    """The corpus of damaged saves, a FIFO and a link to /dev/zero in the saves folder: the list
    shows each, Open is refused with its problem or tried and answered with one line."""
    import shutil
    from pathlib import Path

    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    for path in (Path(__file__).parents[1] / "data" / "damaged_saves").glob("*.json"):
        shutil.copy(path, folder / path.name)
    os.mkfifo(folder / "fifo.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    app.switch("title")
    press(app, "load")
    seen = 0
    while True:
        scene = app.scene
        for _, entry in scene.rows:
            seen += 1
            choice = scene.controls.choices[f"open-{entry.path.name}"]
            if choice.reason is not None:
                assert "\n" not in choice.reason
                continue
            press(app, f"open-{entry.path.name}")
            assert app.scene.name == "load", f"{entry.path.name} opened"
            words, _ = app.message
            assert str(entry.path) in words and "\n" not in words
        if app.scene.controls.choices["next"].reason is not None:
            break
        press(app, "next")
    assert seen == len(list(folder.iterdir()))


# -- issue 24: folders the program may not enter or write, and what interrupted writes leave -------------
def test_new_match_in_a_saves_folder_without_search_permission_is_one_line(app, monkeypatch):
    """Issue 24: with the saves folder at chmod 000, *New match* died of ``PermissionError`` (looking
    for a free file name). The match is played; the window says once that it cannot be saved."""
    from tests.ui.denied import no_search

    saves.saves_dir().mkdir(parents=True)
    no_search(monkeypatch, saves.saves_dir())
    new_turn2_match(app)
    assert app.scene.name in ("match", "handover")
    play_orders_by_clicks(app)  # the first decision saves the match
    words, _ = app.message
    assert words == f"Could not save the match in {app.session.path}: Permission denied"
    assert app.session.path.parent == saves.saves_dir()


def test_new_match_in_a_data_folder_without_search_permission_is_one_line(app, monkeypatch):
    from tests.ui.denied import no_search

    saves.data_dir().mkdir(parents=True)
    no_search(monkeypatch, saves.data_dir())
    new_turn2_match(app)
    play_orders_by_clicks(app)  # the first decision saves the match
    words, _ = app.message
    assert words.startswith("Could not save the match in ") and words.endswith(": Permission denied")
    assert "\n" not in words


def test_a_read_only_saves_folder_names_the_save_once_not_at_every_decision(app, monkeypatch):
    """Issue 24: the message named the random temporary file (``.box-21_….json.k3j2h1x_.tmp``) and
    came back after every decision."""
    from tests.ui.denied import read_only

    new_turn2_match(app)
    play_orders_by_clicks(app)  # the first decision saves the match
    hand_over_if_asked(app)
    path = app.session.path
    before = path.read_bytes()
    read_only(monkeypatch, saves.saves_dir())
    shown = []
    flash = app.flash
    monkeypatch.setattr(app, "flash", lambda words, error=False: (shown.append(words), flash(words, error)))
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    for _ in range(3):  # declarations and reactions, each one more decision not saved
        from tests.ui.test_turn import _play_one_decision
        _play_one_decision(app)
    assert len(app.session.record.decisions) >= 3
    assert shown == [f"Could not save the match in {path}: Permission denied"]
    assert ".tmp" not in shown[0]
    assert path.read_bytes() == before  # the file of the match as it was last saved


def test_a_save_that_works_again_is_said_again_when_it_fails_again(app, monkeypatch):
    new_turn2_match(app)
    session = app.session
    failing = [True]
    real_save = session.save

    def save(path=None):
        if failing[0]:
            raise OSError(28, "No space left on device", str(session.path.with_name(".x.abcdefgh.tmp")))
        real_save(path)

    monkeypatch.setattr(session, "save", save)
    first, second = session.autosave(), session.autosave()
    failing[0] = False
    assert session.autosave() is None
    failing[0] = True
    assert first is not None and second is None and session.autosave() is not None


def test_stale_temporary_files_of_the_designer_are_removed_at_start_and_only_ours(user_data):
    """Issue 24: the designer's atomic writes (its layouts, its exported pictures) killed before
    their rename left their temporary files for good (24 kills: 29 MB)."""
    old = time.time() - 3600
    layouts, exports = saves.user_layouts_dir(), saves.data_dir() / "exports"
    layouts.mkdir(parents=True)
    exports.mkdir(parents=True)
    stale = [layouts / ".my-field.json.k3j2h1x_.tmp", exports / ".my-field.png.a8b7c6d5.png"]
    kept = [layouts / ".my-field.json.q1w2e3r4.tmp",  # a write under way: young
            layouts / ".notes.tmp",  # not a name of ours
            layouts / "my-field.json", exports / "my-field.png", exports / ".holiday.png"]
    for path in stale + kept:
        path.write_bytes(b"x" * 100)
    for path in stale + kept[1:]:
        os.utime(path, (old, old))
    assert sorted(saves.tidy()) == sorted(stale)
    assert all(path.exists() for path in kept) and not any(path.exists() for path in stale)
