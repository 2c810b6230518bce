"""A match against the computer keeps the computer coaches' seed: a resumed match goes on with the
decisions the computer made (or would have made) before it was saved, and each new match gets a
fresh seed."""

from __future__ import annotations

import json
import shutil

import pytest

from paintcheck.rules.codec import START_BREAK, CodecError, load_match
from paintcheck.table import replay
from paintcheck.ui.session import MatchSession

COACHES = {"blue": "easy", "white": "normal"}
PLAYED = 30  # decisions the computer plays before the resumed sessions are asked


@pytest.mark.slow
def test_a_resumed_match_replays_the_computers_decisions_exactly(tmp_path):
    session = MatchSession.new(seed=None, start=START_BREAK, coaches=COACHES)  # fresh dice and seed
    saved = {}
    for n in range(PLAYED):
        if n in (1, 15):  # after Blue's sheet (White's is still to come), and in the first turns
            session.save(tmp_path / "match.json")
            shutil.copy(tmp_path / "match.json", tmp_path / f"at-{n}.json")
            saved[n] = tmp_path / f"at-{n}.json"
        if session.over:
            break
        team = session.to_move()
        session.apply(session.computer_decision(team, session.state))
    played = session.record
    assert isinstance(played.coach_seed, int)
    for n, path in saved.items():
        assert json.loads(path.read_text())["coach_seed"] == played.coach_seed
        resumed = MatchSession.load(path)
        table, state, _, dice = replay(played, upto=n)  # the rolls the first session made
        for decision in played.decisions[n:]:
            team = table.engine.to_move(state)
            assert resumed.computer_decision(team, state) == decision, f"resumed at {n}"
            state, _ = table.engine.apply(state, decision, dice)


def test_each_new_match_gets_a_fresh_seed_and_a_seeded_match_the_same(tmp_path):
    seeds = {MatchSession.new(start=START_BREAK, coaches=COACHES).record.coach_seed for _ in range(3)}
    assert len(seeds) == 3 and None not in seeds
    twice = {MatchSession.new(seed=4, start=START_BREAK, coaches=COACHES).record.coach_seed for _ in range(2)}
    assert len(twice) == 1
    assert MatchSession.new(seed=4, start=START_BREAK).record.coach_seed is None  # no computer


@pytest.mark.slow
def test_a_save_from_before_the_seed_gets_one_kept_from_then_on(tmp_path):
    session = MatchSession.new(seed=None, start=START_BREAK, coaches=COACHES)
    session.record.coach_seed = None  # as saved before the seed was kept
    session.save(tmp_path / "old.json")
    assert "coach_seed" not in json.loads((tmp_path / "old.json").read_text())
    old = MatchSession.load(tmp_path / "old.json")
    first = old.computer_decision("blue", old.state)
    old.save(tmp_path / "old.json")
    again = MatchSession.load(tmp_path / "old.json")
    assert again.record.coach_seed == old.record.coach_seed is not None
    assert again.computer_decision("blue", again.state) == first


@pytest.mark.parametrize("value", ["7", 1.5, True, [3]])
def test_a_damaged_coach_seed_is_one_line_naming_the_file(tmp_path, value):
    session = MatchSession.new(seed=1, start=START_BREAK, coaches=COACHES)
    path = tmp_path / "bad.json"
    session.save(path)
    data = json.loads(path.read_text())
    data["coach_seed"] = value
    path.write_text(json.dumps(data))
    with pytest.raises(CodecError) as info:
        load_match(path)
    message = str(info.value.args[0])
    assert "bad.json" in message and "coach_seed" in message and "\n" not in message
