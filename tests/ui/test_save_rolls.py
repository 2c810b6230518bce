"""Issue 24, item 5: a save's rolls replay exactly or the save is damaged. Rolls appended to a save
became the next dice after a resume (40 appended 1s gave 15 of 15 ones), and a face the next die
cannot show crashed the window at that decision. Now a save whose recorded rolls are not all used by
its replay (or that lacks some) is refused with one line, listed as damaged and passed by by
*Continue*; and the match scene catches the engine's errors at its door."""

from __future__ import annotations

import json
import logging
import os

import pytest

from paintcheck.ai.random_coach import RandomCoach
from paintcheck.rules.codec import START_DEFAULT_TURN2, CodecError
from paintcheck.rules.dice import RecordedDice
from paintcheck.rules.views import view
from paintcheck.ui import saves
from paintcheck.ui.session import MatchSession
from tests.ui.driver import hand_over_if_asked, new_turn2_match, play_orders_by_clicks, press, step


def played(path, rolls_at_least: int = 6) -> MatchSession:
    """A match as the window plays it (no seed: every roll drawn fresh and recorded), played by two
    random coaches until it has rolled ``rolls_at_least`` dice, saved to ``path``."""
    session = MatchSession.new(seed=None, start=START_DEFAULT_TURN2)
    coaches = {t: RandomCoach(t, session.engine, 5 + i) for i, t in enumerate(("blue", "white"))}
    while len(session.record.rolls) < rolls_at_least and not session.over:
        team = session.to_move()
        session.apply(coaches[team].decide(view(session.state, team)))
    assert isinstance(session.dice, RecordedDice) and session.record.rolls
    session.save(path)
    return session


def with_rolls(path, change) -> bytes:
    """Rewrite ``path``'s rolls by ``change`` (as a hand with an editor would); returns its bytes."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rolls"] = change(data["rolls"])
    raw = json.dumps(data, indent=1).encode("utf-8")
    path.write_bytes(raw)
    return raw


@pytest.mark.parametrize(("change", "words"), [
    (lambda r: r + [1] * 40, "40 recorded rolls were never rolled"),
    (lambda r: r + [7], "1 recorded rolls were never rolled"),  # a face no d6 shows, waiting for the next d6
    (lambda r: r + [20, 1], "2 recorded rolls were never rolled"),
    (lambda r: r[:-1], "the recorded rolls end at"),  # one missing: it would be drawn fresh in the replay
])
def test_a_save_whose_rolls_do_not_replay_exactly_is_refused_with_one_line(tmp_path, change, words):
    path = tmp_path / "match.json"
    session = played(path)
    exact = MatchSession.load(path)  # as saved: it resumes where it stood
    assert exact.state.to_dict() == session.state.to_dict() and exact.record.rolls == session.record.rolls
    raw = with_rolls(path, change)
    with pytest.raises(CodecError) as err:
        MatchSession.load(path)
    line = str(err.value)
    assert line.startswith(str(path)) and "does not replay" in line and words in line and "\n" not in line
    assert path.read_bytes() == raw  # the file as it was


def test_appended_rolls_no_longer_decide_the_dice_after_a_resume(tmp_path):
    """The issue's measure: 40 appended 1s gave 15 of 15 ones. The save is refused instead: no roll
    of a resumed match can come from the file."""
    path = tmp_path / "match.json"
    session = played(path)
    with_rolls(path, lambda r: r + [1] * 40)
    try:
        resumed = MatchSession.load(path)
    except CodecError:
        return
    coaches = {t: RandomCoach(t, resumed.engine, 9 + i) for i, t in enumerate(("blue", "white"))}
    made = len(session.record.rolls)
    while len(resumed.record.rolls) < made + 15 and not resumed.over:
        team = resumed.to_move()
        resumed.apply(coaches[team].decide(view(resumed.state, team)))
    pytest.fail(f"resumed; the next rolls were {resumed.record.rolls[made:made + 15]}")


def _stale_and_good(user_data):
    """Two saves in the saves folder: an older good one, and the newest with 40 rolls appended."""
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    good, bad = folder / "good.json", folder / "newest.json"
    played(good)
    played(bad)
    raw = with_rolls(bad, lambda r: r + [1] * 40)
    old = os.stat(good).st_mtime - 3600
    os.utime(good, (old, old))
    return good, bad, raw


def test_continue_refuses_the_tampered_save_then_offers_the_next_and_the_list_shows_it(app, user_data):
    good, bad, raw = _stale_and_good(user_data)
    app.switch("title")
    step(app)
    press(app, "resume")  # the newest: refused with one line
    assert app.scene.name == "title"
    words, _ = app.message
    assert str(bad) in words and "never rolled" in words and "\n" not in words
    assert saves.latest().path == good  # Continue passes it by from now on
    entry = next(s for s in saves.list_saves() if s.path == bad)
    assert entry.problem is not None and "never rolled" in entry.problem
    press(app, "load")
    step(app)
    reason = app.scene.controls.choices[f"open-{bad.name}"].reason
    assert reason is not None and "never rolled" in reason and "\n" not in reason  # listed as damaged
    assert app.scene.controls.choices[f"delete-{bad.name}"].reason is None  # and it may be deleted
    press(app, "back")
    press(app, "resume")
    hand_over_if_asked(app)
    assert app.scene.name == "match" and app.session.path == good
    assert bad.read_bytes() == raw


def test_a_face_the_next_die_cannot_show_is_one_line_at_the_scenes_door(app, user_data, caplog):
    """The engine raising on a decision (here a recorded d6 face of 21) is one line and a log entry;
    the match, its rolls and its save stay as they were, and the coach may go on."""
    app.seed = None
    new_turn2_match(app)
    play_orders_by_clicks(app)  # Blue's tokens: no die yet
    hand_over_if_asked(app)
    session = app.session
    session.dice.rolls.append(21)  # White's tokens next: who speaks first is a d6 each
    saved = session.path.read_bytes()
    state, decisions = session.state.to_dict(), list(session.record.decisions)
    rolls = list(session.dice.rolls)
    with caplog.at_level(logging.ERROR):
        play_orders_by_clicks(app)
    assert app.scene.name == "match" and app.session is session
    words, _ = app.message
    assert "could not apply" in words and "21" in words and "\n" not in words
    assert any(r.exc_info for r in caplog.records if r.name == "paintcheck.ui.match_scene")
    assert session.state.to_dict() == state and session.record.decisions == decisions
    assert session.dice.rolls == rolls and session.dice.used == len(rolls) - 1
    assert session.path.read_bytes() == saved
    session.dice.rolls.pop()  # a fair die again: the same tokens, still drafted, go through
    press(app, "orders-confirm")
    assert len(session.record.decisions) == len(decisions) + 1


def test_the_computers_decision_the_engine_refuses_returns_to_the_title(app, user_data, caplog, monkeypatch):
    """The computer would decide the same again: the window returns to the title, the match saved
    as it was before the decision."""
    app.new_match(start=START_DEFAULT_TURN2, coaches={"white": "random"})
    step(app)
    hand_over_if_asked(app)
    session = app.session
    engine_apply = session.engine.apply

    def refusing(state, decision, dice):
        if getattr(decision, "team", None) == "white":
            raise RuntimeError("the engine broke\non two lines")
        return engine_apply(state, decision, dice)

    monkeypatch.setattr(session.engine, "apply", refusing)
    with caplog.at_level(logging.ERROR):
        play_orders_by_clicks(app)  # Blue's tokens; then White, the computer, gives his
        for _ in range(600):
            if app.scene.name != "match":
                break
            if app.scene.computer.thinking is not None:  # the worker: the frame itself never waits
                app.scene.computer.thinking[2].result(30)
            step(app)
    assert app.scene.name == "title"
    words, _ = app.message
    assert "computer's decision" in words and "the engine broke" in words and "\n" not in words
    assert [d.team for d in session.record.decisions] == ["blue"]
    assert [d["team"] for d in json.loads(session.path.read_text(encoding="utf-8"))["decisions"]] == ["blue"]
    assert any(r.exc_info for r in caplog.records if r.name == "paintcheck.ui.match_scene")


def test_r5_1_a_save_with_a_side_switched_for_free_does_not_replay(tmp_path):
    """RULES 5.1: a save written before 0.11.0 may hold a declaration that switched the player's
    side behind his own cover for free; the engine refuses it now, so the save is refused with the
    one line of a save that does not replay (the engine's sentence in it), never a crash, and the
    file is left as it was."""
    from paintcheck.rules.actions import Declare, Def
    from paintcheck.rules.codec import decision_to_dict
    from paintcheck.rules.state import DECLARE

    path = tmp_path / "match.json"
    session = MatchSession.new(seed=3, start=START_DEFAULT_TURN2)
    coaches = {t: RandomCoach(t, session.engine, 5 + i) for i, t in enumerate(("blue", "white"))}
    while session.state.phase != DECLARE:
        team = session.to_move()
        session.apply(coaches[team].decide(view(session.state, team)))
    p = session.state.players[session.state.active[session.to_move()]]
    assert p.cover is not None and p.side is not None
    switched = next(s for s in ("left", "right") if s != p.side)
    session.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["decisions"].append(decision_to_dict(Declare(p.id, p.posture, (Def(),) * 4, p.cover, switched)))
    raw = json.dumps(data, indent=1).encode("utf-8")
    path.write_bytes(raw)
    with pytest.raises(CodecError) as err:
        MatchSession.load(path)
    line = str(err.value)
    assert line.startswith(str(path)) and "does not replay" in line and "\n" not in line
    assert f"he plays {p.side}: changing side costs a SIDE action" in line
    assert path.read_bytes() == raw
