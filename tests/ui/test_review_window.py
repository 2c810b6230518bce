"""Issue 28, the review window (``ui.review_scene``), driven by posted events: scrubbing by keys, by
the mouse on the timeline and by the slider shows ``table.replay(record, upto=k)``'s view; a seat's
review draws nothing of the other seat's unrevealed secret; it is reached from the result screen,
from *Load a match…* and from the match being played (its own seat only)."""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
import pytest

from paintcheck.rules.codec import START_BREAK, START_DEFAULT_TURN2
from paintcheck.rules.state import SHEETS
from paintcheck.rules.views import HIDDEN, view
from paintcheck.seam.play import playout
from paintcheck.table import replay
from paintcheck.ui import review_board
from paintcheck.ui.session import MatchSession
from tests.ui.driver import Drawn, click, drag, press, step


def played(seed: int = 5, start: str = START_DEFAULT_TURN2, upto: int | None = None) -> MatchSession:
    """A seeded match played out by the random coaches (the first ``upto`` decisions of it)."""
    session = MatchSession.new(seed=seed, start=start)
    decisions = playout(session.game, session.state, seed).decisions
    for decision in decisions[:upto]:
        session.apply(decision)
    return session


def shown_states(monkeypatch) -> list:
    """The states the review's board is drawn from, in order."""
    drawn: list = []
    real = review_board.draw_board

    def spy(surface, model):
        drawn.append(model.state)
        return real(surface, model)

    monkeypatch.setattr(review_board, "draw_board", spy)
    return drawn


def key(app, which) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=which, mod=0, unicode="", scancode=0))
    step(app)


def replayed_view(session, k: int, seat: str):
    _, state, _, _ = replay(session.record, upto=k, table=session.table)
    return view(state, seat)


def test_scrubbing_by_keys_mouse_and_slider_shows_the_replay_at_that_step(app, monkeypatch):
    session = played()
    n = len(session.record.decisions)
    drawn = shown_states(monkeypatch)
    app.switch("review", session=session, seat="blue")
    step(app)
    scene = app.scene
    assert scene.name == "review" and scene.k == n
    assert drawn[-1] == replayed_view(session, n, "blue")
    key(app, pygame.K_HOME)
    assert scene.k == 0 and drawn[-1] == replayed_view(session, 0, "blue")
    for k in (1, 2, 3):
        key(app, pygame.K_RIGHT)
        assert scene.k == k and drawn[-1] == replayed_view(session, k, "blue")
    key(app, pygame.K_LEFT)
    assert scene.k == 2 and drawn[-1] == replayed_view(session, 2, "blue")
    key(app, pygame.K_END)
    assert scene.k == n
    # the mouse: a click on the strip, then a drag along it
    strip = scene.strip
    k = n // 3
    click(app, (strip.x_of(k), strip.rect[1] + strip.rect[3] // 2))
    assert scene.k == k and drawn[-1] == replayed_view(session, k, "blue")
    k2 = 2 * n // 3
    drag(app, (strip.x_of(k), strip.rect[1] + 5), (strip.x_of(k2), strip.rect[1] + 5))
    assert scene.k == k2 and drawn[-1] == replayed_view(session, k2, "blue")
    # the slider: its arrows, one step each
    slider = scene.slider
    assert int(slider.get_current_value()) == k2
    click(app, slider.left_button.rect.center)
    step(app, 2)
    assert scene.k == k2 - 1 and drawn[-1] == replayed_view(session, k2 - 1, "blue")
    click(app, slider.right_button.rect.center)
    click(app, slider.right_button.rect.center)
    step(app, 2)
    assert scene.k == k2 + 1 and drawn[-1] == replayed_view(session, k2 + 1, "blue")
    # and the slider follows the keys
    key(app, pygame.K_HOME)
    assert int(slider.get_current_value()) == 0


def test_a_step_is_told_with_its_resolution_terms(app, monkeypatch):
    """The step of a shot: the resolution panel tells it as the match did (its roll, its terms)."""
    session = played()
    app.switch("review", session=session, seat="white")
    scene = app.scene
    k = next(k for k in range(1, len(scene.review) + 1)
             if any(type(e).__name__ == "ShotResolved" for e in scene.review.events(k)))
    scene.set_step(k)
    words = Drawn(monkeypatch).words(app)
    assert any("against" in w and "needs" in w for w in words), words


def _with_other_secret_changed(state, other: str):
    """``state`` with ``other``'s unrevealed order tokens swapped around (and his sheet, in the
    break, emptied): what his coach knows and the other must not."""
    changed = state.copy()
    hidden = sorted((pid, t) for pid, t in state.orders[other].items() if t > state.round)
    if len(hidden) >= 2:
        tokens = [t for _, t in hidden]
        tokens = tokens[1:] + tokens[:1] if len(set(tokens)) > 1 else [t + 1 for t in tokens]
        swapped = {pid: t for (pid, _), t in zip(hidden, tokens, strict=True)}
        changed.orders = {**state.orders, other: {**state.orders[other], **swapped}}
    elif hidden:
        pid, t = hidden[0]
        changed.orders = {**state.orders, other: {**state.orders[other], pid: t + 1}}
    if state.phase == SHEETS and other in state.sheets:
        changed.sheets = {**state.sheets, other: dataclasses.replace(state.sheets[other], lines=())}
    return changed


@pytest.mark.parametrize(("seat", "start"), [("blue", START_DEFAULT_TURN2), ("white", START_BREAK)])
def test_a_seats_review_draws_nothing_of_the_other_seats_secret(app, monkeypatch, seat, start):
    """At every step, the strings the review draws from ``seat``'s eyes and the state its board is
    drawn from are the same whatever the other coach's unrevealed tokens (or sheet) were."""
    other = "white" if seat == "blue" else "blue"
    session = played(seed=9, start=start, upto=30)
    drawn = shown_states(monkeypatch)
    words = Drawn(monkeypatch)
    app.switch("review", session=session, seat=seat)
    scene = app.scene
    review = scene.review
    real_state = review.state
    secrets = 0
    for k in range(len(review) + 1):
        scene.set_step(k)
        scene.board.forget()
        plain = words.words(app)
        plain_state = drawn[-1]
        state = real_state(k)
        if _with_other_secret_changed(state, other) == state:
            continue
        secrets += 1
        monkeypatch.setattr(review, "state", lambda i, line=None, s=state, at=k:
                            _with_other_secret_changed(s, other) if i == at else real_state(i, line))
        scene.board.forget()
        changed = words.words(app)
        monkeypatch.setattr(review, "state", real_state)
        assert changed == plain, f"step {k}: the other seat's secret shows"
        assert drawn[-1] == plain_state
        assert not any(t != HIDDEN and t > plain_state.round for t in plain_state.orders[other].values())
    assert secrets > 3  # the walk met the other coach's secrets


def test_the_review_from_the_result_screen_and_back(app):
    session = played()
    app.session = session
    app.switch("result", winner=session.state.winner, reason=session.state.end_reason or "")
    press(app, "review")
    assert app.scene.name == "review" and app.scene.eyes.value == "all"  # the match is over
    press(app, "back")
    assert app.scene.name == "result"


def test_the_review_from_load_a_match(app):
    session = played(upto=20)
    session.save()
    app.switch("load")
    press(app, f"review-{session.path.name}")
    scene = app.scene
    assert scene.name == "review" and scene.k == 20 and scene.eyes.value == "blue"
    assert "all" not in [k.split("-")[1] for k, c in scene.controls.choices.items()
                         if k.startswith("eyes-") and c.reason is None]  # not over: no All
    press(app, "back")
    assert app.scene.name == "load"


def test_a_coach_reviews_the_match_being_played_from_his_own_seat_only(app):
    from tests.ui.driver import new_turn2_match, play_orders_by_clicks

    new_turn2_match(app)
    play_orders_by_clicks(app)
    from tests.ui.driver import hand_over_if_asked

    hand_over_if_asked(app)
    viewer = app.scene.viewer
    decisions = len(app.session.record.decisions)
    press(app, "review")
    scene = app.scene
    assert scene.name == "review" and scene.live_seat == viewer and scene.k == decisions
    usable = {k for k, c in scene.controls.choices.items() if k.startswith("eyes-") and c.reason is None}
    assert usable == {f"eyes-{viewer}"}
    assert scene.controls.choices["try"].reason is not None
    press(app, "back")
    assert app.scene.name == "match" and app.scene.viewer == viewer


def test_the_slider_event_moves_the_step(app):
    session = played(upto=12)
    app.switch("review", session=session, seat="blue")
    scene = app.scene
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=4,
                                         ui_element=scene.slider))
    step(app)
    assert scene.k == 4


def _declaration_step(scene, seat: str) -> int:
    """A step whose decision is ``seat``'s first declaration of a round (the other's still to come)."""
    review = scene.review
    return next(k for k in range(1, len(review) + 1)
                if review.moments[k].phase == "declare" and review.moments[k].seat == seat
                and not review.state(k - 1).declarations)


def _declare_otherwise(app) -> None:
    """In the match window, the coach declares DEF only (no shot): another decision than a shot."""
    from tests.ui.driver import enabled

    assert app.scene.name == "match" and app.scene.session.state.phase == "declare"
    for _ in range(4):
        if enabled(app, "act-DEF"):
            press(app, "act-DEF")
    press(app, "confirm")


def test_a_branch_made_in_the_window_survives_save_and_load(app):
    from paintcheck.rules.codec import load_match

    session = played(upto=30)
    session.save()
    app.switch("load")
    press(app, f"review-{session.path.name}")
    scene = app.scene
    k = _declaration_step(scene, "blue")
    scene.set_step(k)
    step(app)
    press(app, "dice-fresh")
    assert scene.controls.choices["try"].reason is None
    press(app, "try")
    assert app.scene.name == "match" and app.scene.viewer == "blue"
    assert app.session.state == scene.review.state(k - 1)  # the usual panel, on that state
    _declare_otherwise(app)
    from tests.ui.driver import hand_over_if_asked

    hand_over_if_asked(app)  # White's declaration in the branch is White's coach's: the screen handed over
    press(app, "back-review")
    assert app.scene.name == "review" and app.session is scene.session
    branch = scene.lines.branches.branch(scene.lines.name)
    assert (branch.at, branch.dice, len(branch.decisions)) == (k - 1, "fresh", 1)
    assert branch.decisions[0] != session.record.decisions[k - 1]
    saved = load_match(session.path).branches
    assert [(b.name, b.at, b.dice, b.decisions) for b in saved] == [(branch.name, k - 1, "fresh",
                                                                     branch.decisions)]
    # the match file opened again: the branch is listed beside the main line, and shows
    press(app, "back")
    press(app, f"review-{session.path.name}")
    again = app.scene
    assert again.lines.branches.names() == [branch.name]
    press(app, f"line-show-{branch.name}")
    assert again.lines.name == branch.name and len(again.line) == k
    press(app, f"line-delete-{branch.name}")
    assert again.lines.branches.names() == [] and load_match(session.path).branches == []


@pytest.mark.slow
def test_odds_only_shows_the_chances_against_the_main_line(app, monkeypatch):
    session = played(upto=60)
    app.switch("review", session=session, seat="blue")
    scene = app.scene
    k = _declaration_step(scene, "blue")
    scene.set_step(k)
    press(app, "dice-odds")
    press(app, "try")
    _declare_otherwise(app)
    from tests.ui.test_turn import _play_one_decision

    for _ in range(12):  # White declares in the branch too, until the first die stops it
        if app.scene.name == "review":
            break
        _play_one_decision(app, shoot=True)
    assert app.scene.name == "review"
    lines = scene.lines
    assert lines.name in lines.branches.pending and scene.k == len(scene.line)
    what_if = lines.what_if()
    assert what_if is not None
    words = Drawn(monkeypatch).words(app)
    assert "Odds of the next resolution (branch against main line)" in words
    for change in what_if.changes:
        from paintcheck.ui import i18n

        assert any(i18n.say(change.said).startswith(w) for w in words if w)


@pytest.mark.slow
def test_the_blunders_are_listed_and_each_opens_its_what_if(app):
    session = played(upto=30)
    app.switch("review", session=session, seat="blue")
    scene = app.scene
    press(app, "blunders")
    scene.blunders.job.wait()
    step(app, 2)
    rows = [k for k in scene.controls.choices if k.startswith("blunder-")]
    found = [b for b in scene.blunders.found if b.given_away > 0]
    assert rows and rows[0] == f"blunder-{found[0].index}"  # the most given away first
    assert all(b.seat == "blue" for b in scene.blunders.found)
    press(app, rows[0])
    assert app.scene.name == "match" and app.scene.viewer == "blue"
    assert app.session.state == scene.review.state(found[0].index)
    assert app.session.state.phase == "declare"


@pytest.mark.slow
@pytest.mark.skipif(__import__("shutil").which("Xvfb") is None, reason="Xvfb is not installed")
def test_a_match_against_normal_reviewed_in_the_real_window(tmp_path):
    """Under Xvfb (the x11 driver): a finished match against ``normal`` reviewed from Blue's seat, one
    of Blue's declarations changed in an odds-only branch, its odds shown, the blunders listed."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    from tests.ui.xvfb import not_blank, xvfb_display

    with xvfb_display() as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        done = subprocess.run([sys.executable, "-m", "tests.ui.xvfb_review", str(tmp_path)],
                              cwd=Path(__file__).resolve().parents[2], env=env, capture_output=True,
                              text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["driver"] == "x11" and result["odds_only"] and result["changes"]
    assert result["blunders"] > 0
    assert len(result["shots"]) == 5 and all(not_blank(s) > 8 for s in result["shots"])


def test_same_luck_in_the_window_gives_the_main_lines_result_for_the_same_decision(app):
    """The branch's session (``review_branch``) takes the main line's own decision again, through the
    match window's one door: with *same luck* its events and state are the main line's."""
    session = played(upto=30)
    app.switch("review", session=session, seat="blue")
    scene = app.scene
    review = scene.review
    k = next(k for k in range(1, len(review) + 1) if review.moments[k].seat == "blue"
             and any(type(e).__name__ == "Rolled" for e in review.events(k)))
    scene.set_step(k)
    press(app, "dice-same")
    press(app, "try")
    match = app.scene
    assert match.name == "match"
    events = match.apply(session.record.decisions[k - 1])
    assert events == list(review.events(k))
    assert app.session.state == review.state(k)


def test_review_is_greyed_in_the_match_while_the_coach_at_the_screen_does_not_decide(app):
    from paintcheck.rules.codec import START_DEFAULT_TURN2
    from tests.ui.driver import play_orders_by_clicks

    app.new_match(start=START_DEFAULT_TURN2, coaches={"white": "normal"})
    step(app, 2)
    scene = app.scene
    assert scene.viewer == "blue" and scene.tools.choices["review"].reason is None
    play_orders_by_clicks(app)  # White's tokens are the computer's: it thinks, Blue waits
    assert scene.computer.thinking is not None
    assert scene.tools.choices["review"].reason is not None


def test_paintcheck_review_file_opens_the_window_and_refuses_a_damaged_file_in_one_line(
        tmp_path, monkeypatch, capsys):
    """``review_launch.review_window`` (``paintcheck review FILE``): the review on the file, from the
    seat asked, its *Back* closing the window; a damaged file: one line on stderr, exit 2."""
    from paintcheck.ui import app as app_module
    from paintcheck.ui.review_launch import review_window

    session = played(upto=12)
    session.save(tmp_path / "match.json")
    seen = {}

    def opened(args=None):
        window = app_module.App((1600, 1000))
        real_switch = window.switch

        def switch(name, **persist):
            real_switch(name, **persist)
            seen["scene"], seen["eyes"] = window.scene.name, getattr(window.scene, "eyes", None)
            press(window, "back")  # closes the window
        window.switch = switch
        return window

    monkeypatch.setattr(app_module, "open_window", opened)
    assert review_window(tmp_path / "match.json", "white") == 0
    assert seen == {"scene": "review", "eyes": "white"}
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    assert review_window(str(tmp_path / "bad.json"), None) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("paintcheck review:") and "bad.json" in err[0]


def test_the_step_under_the_mouse_is_named_over_the_strip(app, monkeypatch):
    from paintcheck.ui import i18n
    from tests.ui.driver import move

    session = played(upto=20)
    app.switch("review", session=session, seat="blue")
    scene = app.scene
    move(app, (scene.strip.x_of(7), scene.strip.rect[1] + 10))
    words = Drawn(monkeypatch).words(app)
    assert f"Step 7 of 20 · {i18n.say(scene.review.moments[7].said)}" in words
    assert scene.k == 20  # hovering names a step, it does not go there


def test_a_branch_deleted_from_a_file_that_cannot_be_written_is_said_in_one_line(app, monkeypatch):
    session = played(upto=20)
    app.switch("review", session=session, seat="blue")
    scene = app.scene
    review = scene.review
    k = next(k for k in range(1, 21) if review.moments[k].seat == "blue")
    scene.lines.branches.try_decision(session.record.decisions[k - 1], k - 1, dice="fresh")
    scene.lines.show(scene.lines.branches.names()[0])
    scene.line_changed()

    def refused(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("paintcheck.ui.session.save_record", refused)
    press(app, f"line-delete-{scene.lines.branches.names()[0]}")
    assert scene.lines.branches.names() == []
    assert app.message is not None and "Permission denied" in app.message[0]
    assert str(session.path) in app.message[0]


def test_f1_from_the_review_comes_back_to_the_same_step_eyes_and_line(app):
    session = played(upto=20)
    app.switch("review", session=session, seat="white", back="load")
    scene = app.scene
    scene.set_step(7)
    k = next(k for k in range(1, 21) if scene.review.moments[k].seat == "white")
    scene.lines.branches.try_decision(session.record.decisions[k - 1], k - 1, dice="fresh")
    scene.rebuild()  # the list shows it (made here without the match window)
    press(app, f"line-show-{scene.lines.branches.names()[0]}")
    shown = (scene.k, scene.eyes, scene.lines.name)
    key(app, pygame.K_F1)
    assert app.scene.name == "help"
    press(app, "back")
    assert app.scene is scene and (scene.k, scene.eyes, scene.lines.name) == shown
    press(app, "back")
    assert app.scene.name == "load"
