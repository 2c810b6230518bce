"""The board follows the telling: undoing the events not yet revealed gives back the board as it
stood before them (checked against real matches played through the engine)."""

from __future__ import annotations

import pytest

from paintcheck.ai.random_coach import RandomCoach
from paintcheck.field.layout_file import default_layout_path
from paintcheck.rules import events as ev
from paintcheck.rules.dice import Dice
from paintcheck.rules.state import OVER
from paintcheck.rules.views import view
from paintcheck.table import Table
from paintcheck.ui.playback import last_shot, shown_state


@pytest.fixture(scope="module")
def table():
    return Table.from_file(default_layout_path())


def _undo_each_decision(table, seed: int, seen: set) -> None:
    engine, dice = table.engine, Dice(seed)
    coaches = {team: RandomCoach(team, engine, seed * 2 + i) for i, team in enumerate(("blue", "white"))}
    state, history = table.start_break(), []
    while state.phase != OVER:
        team = engine.to_move(state)
        before = state
        state, events = engine.apply(state, coaches[team].decide(view(state, team)), dice)
        history.extend(events)
        seen.update(type(e) for e in events)
        board = shown_state(state, events, history)
        placed = {e.player for e in events if isinstance(e, ev.Deployed)}
        for pid, p in before.players.items():  # a figure not yet placed is not drawn
            assert board.players[pid].point == (None if pid in placed else p.point), (pid, events)
            assert board.players[pid].token == p.token, (pid, events)
        assert board.templates == before.templates
        assert board.flags == before.flags or any(
            isinstance(e, ev.FlagMoved) and e.kind == "hung" for e in events)
        assert shown_state(state, [], history) is state


def test_undoing_a_decisions_events_gives_back_the_board_before_it(table):
    seen: set = set()
    for seed in range(1, 8):  # whole matches from the break (seed 7 carries a flag)
        _undo_each_decision(table, seed, seen)
    assert {ev.Moved, ev.Eliminated, ev.Deployed, ev.PrebunkLaid, ev.TemplateLifted, ev.FlagMoved,
            ev.TokenPlaced, ev.TokenRemoved} <= seen


def test_the_shot_being_told_is_the_last_one_until_the_next_step_begins(table):
    shot = ev.ShotResolved("B1", "W2", "normal", (), 10, (), 10, 11, 12, (), 1, True)
    roll = ev.Rolled(20, 12, "shot at W2", "B1")
    assert last_shot([roll, shot]) is shot
    assert last_shot([shot, ev.Eliminated("W2", "B1", "hit")]) is shot
    assert last_shot([shot, ev.BreakRound("runners", 2, "B2", None)]) is None
    assert last_shot([]) is None


def test_a_telling_reveals_a_line_at_a_time_and_waits_for_the_runs():
    from paintcheck.ui.playback import REVEAL_EVERY, RUN_SECONDS, Telling

    lines = [ev.BreakRound("runners", 2, "B2", "W2"),
             ev.Moved("B2", (4, -13), (4, -11), 2, ((4, -13), (4, -12), (4, -11))),
             ev.Moved("W2", (4, 13), (4, 12), 1, ((4, 13), (4, 12))),
             ev.TemplateLifted("B1")]
    telling = Telling(lines)
    assert telling.playing() and telling.told() == [] and telling.shot() is None
    telling.advance(REVEAL_EVERY)
    assert telling.told() == lines[:1]
    telling.advance(REVEAL_EVERY)  # both runs start together
    assert telling.reveal == 3 and set(telling.runs) == {"B2", "W2"}
    assert telling.run_position("B2") == (4, -13)
    telling.advance(RUN_SECONDS / 2)
    assert telling.run_position("B2") == (4, -12) and telling.reveal == 3  # the next line waits
    telling.advance(RUN_SECONDS / 2)
    assert not telling.runs and telling.run_position("B2") is None
    telling.advance(REVEAL_EVERY)
    assert telling.told() == lines and not telling.playing()
    again = Telling(lines)
    again.finish()
    assert not again.playing() and again.pending() == []


def test_a_short_move_shooter_shot_at_his_arrival_is_shown_running_there_then_falling_there():
    """RULES 11.3, 13.2: Blue1, carrying the flag, moves 2 points and shoots; White1 hits him at his
    arrival. Told line by line, the board shows him at his start, then (his run told) at his
    arrival, then gone, the flag lying at his arrival."""
    from paintcheck.rules.actions import Move, Shot, Support
    from paintcheck.rules.flags import Flag
    from tests.rules.harness import B1, W1, Game, measurer, standard

    end = (8, -4)
    m = measurer().see(W1, (8, -5), end).see(end, W1)
    m.at(end, W1, 8.0)
    g = Game(m, [standard("B1"), standard("W1"), standard("W2")], [1, 6, 19])
    g.state.flags = {"centre": Flag("centre", (8, 0), None, "B1")}
    g.orders({"B1": 1}, {"W1": 1, "W2": 2})
    g.declare("B1", Move((end,)), Shot("W1"), Support())
    events = g.declare("W1", Shot("B1"), Support())
    kinds = [type(e) for e in events]
    ran, fell = kinds.index(ev.Moved), kinds.index(ev.Eliminated)

    def board(told: int):
        return shown_state(g.state, events[told:], g.events)

    assert board(0).players["B1"].point == B1 and board(0).flags["centre"].carrier == "B1"
    assert board(ran).players["B1"].point == B1
    assert board(ran + 1).players["B1"].point == end and board(ran + 1).flags["centre"].carrier == "B1"
    assert ran < fell and board(fell + 1).players["B1"].point is None
    assert board(len(events)).flags["centre"] == Flag("centre", (8, 0), end, None)
