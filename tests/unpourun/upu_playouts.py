"""Seeded random matches of Un pour un for the speed tests: every state, the decision the random
coach played in it and the dice's mark before it (so a test can apply the decision again)."""

from __future__ import annotations

from paintcheck.rules.dice import Dice
from paintcheck.unpourun.game import UnpourunGame, random_start
from paintcheck.unpourun.random_coach import RandomCoach
from paintcheck.unpourun.state import MatchState, Phase

Played = list[tuple[MatchState, object, tuple[object, ...]]]


def played(game: UnpourunGame, seed: int, matches: int = 1) -> Played:
    """The states of ``matches`` random matches (seeds ``seed``, ``seed + 1``, …), each with the
    decision played in it and the dice's mark."""
    out: Played = []
    for k in range(matches):
        dice = Dice(seed + k)
        coaches = {seat: RandomCoach(seat, game.engine, 2 * (seed + k) + i) for i, seat in enumerate("AB")}
        s = game.begin(random_start(seed + k))
        while s.phase != Phase.OVER:
            d = coaches[s.mover].decide(s)
            out.append((s, d, dice.mark()))
            s, _ = game.apply(s, d, dice)
    return out


def states(game: UnpourunGame, seed: int, matches: int = 1, phase: Phase | None = None) -> list[MatchState]:
    """``played``'s states (those waiting for a decision of ``phase`` when given)."""
    return [s for s, _, _ in played(game, seed, matches) if phase is None or s.phase == phase]
