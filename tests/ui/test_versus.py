"""Playing against the computer: the field chooser asks who coaches each team; with one person
there is never a hand-over screen, the computer thinks in a worker and its decisions are applied as
a person's; its secrets stay hidden; a save keeps who is who."""

from __future__ import annotations

import pytest

from paintcheck.rules.codec import START_DEFAULT_TURN2
from paintcheck.ui.holder import face_down
from tests.ui.driver import press, step
from tests.ui.test_turn import _play_one_decision


def wait_for_the_computer(app, frames: int = 600) -> None:
    """Frames until the person at the screen decides (or the match is over)."""
    for _ in range(frames):
        scene = app.scene
        if scene.name != "match" or (scene.computer.thinking is None and not scene.playing()
                                     and scene.session.to_move() in (scene.session.people + (None,))):
            return
        assert scene.viewer != "white"  # the screen never shows the computer's side
        if scene.computer.thinking is not None:
            scene.computer.thinking[2].result(30)  # the worker: the frame itself never waits for it
        step(app)


def play(app, decisions: int, person: str = "blue") -> None:
    session = app.scene.session
    for _ in range(decisions):
        wait_for_the_computer(app)
        assert app.scene.name != "handover"
        if app.scene.name == "result" or session.over:
            return
        assert session.to_move() == person
        _play_one_decision(app)
        assert app.scene.name != "handover"


@pytest.mark.slow
def test_one_person_against_normal_never_sees_a_hand_over_or_a_secret(app):
    press(app, "new")
    step(app, 2)
    press(app, "coach-white-normal")
    app.new_match(start=START_DEFAULT_TURN2)
    step(app, 2)
    scene = app.scene
    session = scene.session
    assert scene.name == "match" and session.coaches == {"white": "normal"} and session.people == ("blue",)
    play(app, 6)
    made = [d for d in session.record.decisions if getattr(d, "team", None) == "white"
            or getattr(d, "player", "").startswith("W")]
    assert made  # the computer decided for White, through the engine
    # what the person sees is his own view: White's face-down tokens are hidden from it
    assert scene.viewer == "blue"
    if face_down(session.state, "white"):
        assert scene.state.orders["white"] == app.session.view("blue").orders["white"]
        assert scene.state.orders["white"] != session.state.orders["white"]
    # the save keeps who is who, and a resumed match goes on against the computer
    session.save()
    app.resume_match(session.path)
    step(app, 2)
    assert app.session.coaches == {"white": "normal"} and app.holder.lookers == {"blue"}
    play(app, 2)


@pytest.mark.slow
def test_a_whole_match_against_normal_by_clicks_without_a_hand_over(app):
    press(app, "new")
    step(app, 2)
    press(app, "coach-white-normal")
    app.new_match()
    step(app, 2)
    session = app.scene.session
    for _ in range(3000):
        wait_for_the_computer(app)
        assert app.scene.name != "handover"
        if app.scene.name == "result":
            break
        _play_one_decision(app)
    assert app.scene.name == "result" and session.state.phase == "over"


@pytest.mark.slow
def test_computer_against_computer_can_be_watched(app):
    press(app, "new")
    step(app, 2)
    press(app, "coach-blue-easy")
    press(app, "coach-white-easy")
    app.new_match(start=START_DEFAULT_TURN2)
    step(app, 2)
    session = app.scene.session
    assert session.people == ()
    for _ in range(3000):
        if len(session.record.decisions) >= 12 or session.over:
            break
        scene = app.scene
        assert scene.name == "match" and scene.viewer is None  # the public board, no secret shown
        if scene.computer.thinking is not None:
            scene.computer.thinking[2].result(30)
        step(app)
    assert len(session.record.decisions) >= 12 or session.over


@pytest.mark.slow
def test_starting_a_match_against_the_computer_leaves_its_warm_up_to_its_worker(app, monkeypatch):
    """Issue 24: the computer's coach was made, and its table warmed (about half a second), on the
    window's thread when its first decision was asked: a frozen frame at each new match. The window
    now only asks; the coach is made and warmed in the computer's worker thread."""
    import threading

    from paintcheck.ai import coach

    warmed_on: list[str] = []
    real = coach.warm_up

    def recorded(engine, seed=0):
        warmed_on.append(threading.current_thread().name)
        real(engine, seed)

    monkeypatch.setattr(coach, "warm_up", recorded)
    app.new_match(coaches={"blue": "normal", "white": "normal"})
    assert app.scene.name == "match" and app.scene.computer.thinking is not None
    window = threading.main_thread().name
    assert window not in warmed_on  # new_match has returned: nothing was warmed on this thread
    app.scene.computer.thinking[2].result(60)
    assert warmed_on and window not in warmed_on  # the worker warmed the computer's table
    step(app)
    assert len(app.session.record.decisions) == 1  # the decision thought in the worker is applied
