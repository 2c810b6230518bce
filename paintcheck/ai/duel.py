"""One match between two computer coaches through the engine, each deciding from its own view.

``tournament`` and the tests use this. The dice and both coaches are seeded from the match's seed,
so a match replays exactly; each decision's thinking time is measured (it is the only thing that
changes from run to run)."""

from __future__ import annotations

from dataclasses import dataclass, field

from paintcheck.ai.coach import make_coach
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import MatchState
from paintcheck.seam.game import seat_seed
from paintcheck.seam.play import playout

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
    """``kinds[team]`` coaches ``team`` from ``start`` to the end of the match (the seam's
    ``playout``, Paintcheck on a bare engine)."""
    from paintcheck.game import PaintcheckGame  # Paintcheck behind the seam, which stands on ``ai``

    options = options or {}
    coaches = {t: make_coach(kinds[t], t, engine, coach_seed(seed, t), **options.get(kinds[t], {}))
               for t in TEAMS}
    record = DuelRecord("draw", "", 0)
    played = playout(PaintcheckGame(engine), start, seed, coaches, record.seconds)
    state = played.final
    record.decisions = list(played.decisions)
    record.winner, record.reason, record.turns = state.winner, state.end_reason or "", state.turn
    return record
