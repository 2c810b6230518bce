"""Saved matches: the codec round-trips every decision, and seed + decisions replay exactly."""

from __future__ import annotations

import json
import os

import pytest

from paintcheck.ai.playout import play_match
from paintcheck.field.layout_file import default_layout_path
from paintcheck.rules.actions import (
    AssignOrders,
    Clean,
    ClearBoulet,
    Declare,
    Def,
    Dodge,
    Dump,
    Move,
    React,
    Reaction,
    Reload,
    Shot,
    SideChange,
    Support,
)
from paintcheck.rules.codec import (
    CodecError,
    MatchRecord,
    decision_from_dict,
    decision_to_dict,
    load_match,
    save_match,
)
from paintcheck.table import Table, replay

DECISIONS = [
    AssignOrders("blue", (("B1", 3), ("B2", 1), ("B4", 5))),
    Declare("B2", "kneeling", (ClearBoulet(), Move(((4, -6), (5, -5)), "c1", "over"), Support(),
                               Shot("W3"), Dump("W1")), "c2", "left"),
    Declare("W1", "prone", (Clean(), Def()), None, None),
    Declare("W2", "standing", (Reload(), SideChange("right"), Def())),
    React("white", (Reaction("W4", "reflex", "B2"), Reaction("W5", "suppressive", "B1"))),
    React("blue"),
    Dodge("white"),
]


@pytest.mark.parametrize("decision", DECISIONS, ids=lambda d: type(d).__name__)
def test_every_decision_round_trips_through_json(decision):
    data = json.loads(json.dumps(decision_to_dict(decision)))
    assert decision_from_dict(data) == decision


@pytest.mark.parametrize("bad, words", [
    ({"type": "teleport"}, "unknown decision type"),
    ({"type": "declare", "player": "B1", "posture": "standing", "actions": [{"code": "FLY"}]},
     "unknown action code"),
    ({"type": "declare", "player": "B1", "posture": "standing", "actions": [{"code": "MOV",
      "waypoints": [[1.5, 2]]}]}, "a point is [x, y]"),
    ({"type": "orders", "team": "blue", "orders": {"B1": "one"}}, "whole number"),
    ([], "a decision is an object"),
])
def test_bad_decisions_are_refused_with_a_reason(bad, words):
    with pytest.raises(CodecError, match=words.replace("[", r"\[").replace("]", r"\]")):
        decision_from_dict(bad)


@pytest.fixture(scope="module")
def table() -> Table:
    return Table.from_file(default_layout_path())


def test_a_saved_match_replays_event_for_event(table, tmp_path):
    record = play_match(table.engine, table.start(), seed=11)
    saved = MatchRecord(11, table.layout_data, list(record.decisions))
    path = tmp_path / "match.json"
    save_match(saved, path)
    _, state, events, _ = replay(load_match(path))
    assert (state.winner, state.turn, state.end_reason) == (record.winner, record.turns, record.reason)
    assert len(events) == record.events
    assert state.to_dict() == record.final.to_dict()


def test_a_resumed_match_goes_on_as_if_it_never_stopped(table):
    record = play_match(table.engine, table.start(), seed=5)
    saved = MatchRecord(5, table.layout_data, list(record.decisions))
    half = len(saved.decisions) // 2
    t, state, events, dice = replay(saved, upto=half)
    for decision in saved.decisions[half:]:
        state, new = t.engine.apply(state, decision, dice)
        events.extend(new)
    _, whole, all_events, _ = replay(saved)
    assert [e.text for e in events] == [e.text for e in all_events]
    assert state.to_dict() == whole.to_dict()


def test_damaged_save_gives_one_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "paintcheck-match/1", "seed": 1,')
    with pytest.raises(CodecError) as err:
        load_match(path)
    assert "not valid JSON" in str(err.value) and "\n" not in str(err.value)
    path.write_text(json.dumps({"format": "paintcheck-match/1", "seed": 1, "layout": {},
                                "decisions": [{"type": "dodge"}]}))
    with pytest.raises(CodecError, match="decision #1"):
        load_match(path)


def test_a_crash_while_saving_keeps_the_old_save(table, tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    save_match(MatchRecord(1, table.layout_data, []), path)
    before = path.read_bytes()

    def crash(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save_match(MatchRecord(2, table.layout_data, list(DECISIONS[:1])), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]
