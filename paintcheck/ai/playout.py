"""Whole matches between two coaches through the engine: simulate, bench and tests use this."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from paintcheck.ai.random_coach import RandomCoach
from paintcheck.rules.dice import Dice
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import OVER, MatchState
from paintcheck.rules.views import view

MAX_DECISIONS = 5000  # a match of 9 turns needs a few hundred; more means the engine loops


class MatchDidNotEnd(RuntimeError):
    pass


@dataclass(frozen=True)
class MatchRecord:
    winner: str
    reason: str
    turns: int
    decisions: tuple  # every decision in order: with the seed, the match replays exactly
    events: int
    final: MatchState


@contextmanager
def collector_paused() -> Iterator[None]:
    """Whole matches played without the garbage collector's cycle passes.

    The engine and the coaches make no reference cycles: what a match leaves goes by reference
    counting alone (tests/rules/test_playout.py plays matches and finds nothing for the collector).
    Its passes in the middle of a match find nothing either, and walk the caches the match grows:
    330 passes per 100 random matches from the break, 6 % of their time, none of them collecting
    anything (docs/speed.md). The collector is as it was afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def play_match(engine: Engine, start: MatchState, seed: int) -> MatchRecord:
    """Two random coaches play ``start`` to the end; dice and coaches are seeded from ``seed``."""
    with collector_paused():
        return _play(engine, start, seed)


def _play(engine: Engine, start: MatchState, seed: int) -> MatchRecord:
    dice = Dice(seed)
    coaches = {team: RandomCoach(team, engine, seed * 2 + i) for i, team in enumerate(("blue", "white"))}
    state = start
    decisions = []
    events = 0
    while state.phase != OVER:
        if len(decisions) >= MAX_DECISIONS:
            raise MatchDidNotEnd(f"no result after {MAX_DECISIONS} decisions (turn {state.turn})")
        team = engine.to_move(state)
        decision = coaches[team].decide(view(state, team))
        state, new_events = engine.apply(state, decision, dice)
        decisions.append(decision)
        events += len(new_events)
    return MatchRecord(state.winner, state.end_reason, state.turn, tuple(decisions), events, state)
