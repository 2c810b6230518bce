"""The match's story (``ui.match_story``, no pygame): eliminations by turn, shots fired and hit per
player, the flags; from a handful of events, then against whole matches played through the engine."""

from __future__ import annotations

import pytest

from paintcheck.ai.random_coach import RandomCoach
from paintcheck.field.layout_file import default_layout_path
from paintcheck.rules import events as ev
from paintcheck.rules.dice import Dice
from paintcheck.rules.state import OVER
from paintcheck.rules.views import view
from paintcheck.table import Table
from paintcheck.ui.match_story import story

TEAMS = {"W10": "white", "B2": "blue", "W2": "white", "B10": "blue", "B1": "blue"}


def shot(shooter: str, target: str, hit: bool) -> ev.ShotResolved:
    roll, margin = (12, 1) if hit else (3, -8)
    return ev.ShotResolved(shooter, target, "simple", (), 10, (), 10, 11, roll, (), margin, hit)


def test_a_handful_of_events_told_as_a_story():
    events = [
        shot("B1", "W2", True), shot("W2", "B1", False),
        ev.Eliminated("W2", "B1", "hit"),  # in the break
        ev.TurnStarted(2),
        shot("W10", "B2", True), shot("W10", "B10", False), shot("B2", "W10", False),
        ev.Eliminated("B2", "W10", "hit"),
        ev.FlagMoved("taken", "centre", "B10", (7, 0)),
        ev.TurnStarted(3),
        ev.Eliminated("B10", None, "fumble"),  # nobody's shot
        ev.Eliminated("B10", None, "fumble"),  # told twice: counted once
        ev.FlagMoved("dropped", "centre", "B10", (7, -2)),
    ]
    told = story(events, TEAMS)
    assert [p.player for p in told.players] == ["B1", "B2", "B10", "W2", "W10"]  # Blue first, by jersey
    by = {p.player: p for p in told.players}
    assert (by["B1"].fired, by["B1"].hit, by["B1"].eliminated, by["B1"].out_turn) == (1, 1, 1, None)
    assert (by["W2"].fired, by["W2"].hit, by["W2"].out_turn, by["W2"].out_by) == (1, 0, 1, "B1")
    assert (by["W10"].fired, by["W10"].hit, by["W10"].eliminated) == (2, 1, 1)
    assert (by["B10"].out_turn, by["B10"].out_by) == (3, None)
    assert [(turn, [e.player for e in out]) for turn, out in told.by_turn()] == [
        (1, ["W2"]), (2, ["B2"]), (3, ["B10"])]
    assert [(m.turn, m.event.kind) for m in told.flags] == [(2, "taken"), (3, "dropped")]
    assert told.totals("blue") == (2, 1) and told.totals("white") == (3, 1)


def test_a_match_set_up_at_turn_two_counts_from_turn_two():
    told = story([ev.Eliminated("B1", "W2", "hit"), ev.TurnStarted(3), ev.Eliminated("W2", "B1", "hit")],
                 TEAMS, first_turn=2)
    assert [turn for turn, _ in told.by_turn()] == [2, 3]


def test_a_match_with_no_event_has_everyone_on_the_field():
    told = story([], TEAMS)
    assert told.eliminations == () and told.flags == () and told.by_turn() == []
    assert all(p.out_turn is None and p.fired == 0 for p in told.players) and len(told.players) == 5


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_story_of_whole_matches_agrees_with_the_board(seed):
    """Every player off the field at the end went out once, in the turn the engine had reached; the
    shots add up to the engine's; nobody is counted in two teams."""
    table = Table.from_file(default_layout_path())
    engine, dice = table.engine, Dice(seed)
    coaches = {team: RandomCoach(team, engine, seed * 2 + i) for i, team in enumerate(("blue", "white"))}
    state, events, turns = table.start_break(), [], {}
    while state.phase != OVER:
        team = engine.to_move(state)
        state, new = engine.apply(state, coaches[team].decide(view(state, team)), dice)
        if not any(isinstance(e, ev.TurnStarted) for e in new):  # the whole batch in the turn reached
            for e in new:
                if isinstance(e, ev.Eliminated):
                    turns.setdefault(e.player, state.turn)
        events.extend(new)
    told = story(events, {pid: p.team for pid, p in state.players.items()})
    off = {pid for pid, p in state.players.items() if not p.on_field}
    assert {e.player for e in told.eliminations} == off
    assert len(told.eliminations) == len(off)
    assert turns and all(e.turn == turns[e.player] for e in told.eliminations if e.player in turns)
    shots = [e for e in events if isinstance(e, ev.ShotResolved)]
    assert sum(p.fired for p in told.players) == len(shots)
    assert sum(p.hit for p in told.players) == sum(e.hit for e in shots)
    assert sum(p.eliminated for p in told.players) == sum(1 for e in told.eliminations if e.by)
    assert {p.team for p in told.players} == {"blue", "white"}
