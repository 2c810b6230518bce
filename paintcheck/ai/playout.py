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
    """Matches played in a loop without the garbage collector's cycle passes.

    The engine and the coaches make no reference cycles: what a match leaves goes by reference
    counting alone (tests/rules/test_playout.py plays matches and finds nothing for the collector).
    The passes found nothing either and walked the caches the matches grow: 330 passes per 100
    random matches from the break, 6 % of their time (docs/speed.md). What was garbage before is
    collected first; at the end, what the loop left (those caches) is frozen out of later passes
    (``gc.freeze``, as tournaments do between matches), so that the collector, as it was before,
    does not walk it all at once."""
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


def play_match(engine: Engine, start: MatchState, seed: int) -> MatchRecord:
    """Two random coaches play ``start`` to the end; dice and coaches are seeded from ``seed``."""
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
