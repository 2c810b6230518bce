"""Whole matches between two random coaches through the engine (the seam's ``playout``, Paintcheck
on a bare engine): the benches and the tests use this; ``simulate`` plays the seam's directly."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from paintcheck.rules.engine import Engine
from paintcheck.rules.state import MatchState
from paintcheck.seam.play import MAX_DECISIONS, MatchDidNotEnd, playout

__all__ = ["MAX_DECISIONS", "MatchDidNotEnd", "MatchRecord", "collector_paused", "play_match"]


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
    from paintcheck.game import PaintcheckGame  # Paintcheck behind the seam, which stands on ``ai``

    played = playout(PaintcheckGame(engine), start, seed)
    state = played.final
    return MatchRecord(state.winner, state.end_reason, state.turn, played.decisions, played.events, state)
