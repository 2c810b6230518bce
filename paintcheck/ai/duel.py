"""One match between two computer coaches through the engine, each deciding from its own view.

``tournament`` and the tests use this. The dice and both coaches are seeded from the match's seed,
so a match replays exactly; each decision's thinking time is measured (it is the only thing that
changes from run to run)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from paintcheck.ai.coach import make_coach
from paintcheck.ai.playout import MAX_DECISIONS, MatchDidNotEnd
from paintcheck.ai.seen import look
from paintcheck.rules.dice import Dice
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import OVER, MatchState
from paintcheck.seam.game import seat_seed

TEAMS = ("blue", "white")


@dataclass
class DuelRecord:
    winner: str  # "blue" | "white" | "draw"
    reason: str
    turns: int
    decisions: list = field(default_factory=list)
    seconds: dict[str, list[float]] = field(default_factory=lambda: {t: [] for t in TEAMS})


def coach_seed(seed: int, team: str) -> int:
    return seat_seed(seed, TEAMS, team)


def play_duel(engine: Engine, start: MatchState, seed: int, kinds: dict[str, str],
              options: dict[str, dict] | None = None) -> DuelRecord:
    """``kinds[team]`` coaches ``team`` from ``start`` to the end of the match."""
    options = options or {}
    coaches = {t: make_coach(kinds[t], t, engine, coach_seed(seed, t), **options.get(kinds[t], {}))
               for t in TEAMS}
    dice = Dice(seed)
    state = start
    record = DuelRecord("draw", "", 0)
    while state.phase != OVER:
        if len(record.decisions) >= MAX_DECISIONS:
            raise MatchDidNotEnd(f"no result after {MAX_DECISIONS} decisions (turn {state.turn})")
        team = engine.to_move(state)
        seen = look(state, team)
        t0 = time.perf_counter()
        decision = coaches[team].decide(seen)
        record.seconds[team].append(time.perf_counter() - t0)
        state, _ = engine.apply(state, decision, dice)
        record.decisions.append(decision)
    record.winner, record.reason, record.turns = state.winner, state.end_reason or "", state.turn
    return record
