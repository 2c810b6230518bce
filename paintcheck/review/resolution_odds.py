"""The exact chances of a resolution about to roll, and how a branch changed them (odds only).

A branch in *odds only* rolls nothing: the engine is stopped at the first die a decision asks for
(``branch_dice.RollNeeded``, which holds the match as the engine held it then). The shots waiting in
that round — those of the resolution under way from the one about to roll, or, before the speed
tests, every shot of the round (``ResolutionPhases.sequence_entries``) — are each read by the
engine's own reading and the exact odds (``odds.forecast.entry_forecast``), as the round stands
before the first die: a later shot is read as if the earlier ones had not hit yet. Dumps and the
break's template shots are left out (no shot odds). The main line is read the same way at its first
roll from where the branch leaves it, and the two are paired shot by shot (shooter, target, kind).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from fractions import Fraction

from paintcheck.odds.forecast import Forecast, entry_forecast
from paintcheck.review.branch_dice import RollKey
from paintcheck.rules import reasons
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import MatchState
from paintcheck.rules.values import RoundView
from paintcheck.rules.vocab import ShotKind
from paintcheck.said import Percent, Said

log = logging.getLogger(__name__)

NO_ODDS = (ShotKind.DUMP, ShotKind.PREBUNK)  # not a shot of the d20: no shot odds
# dice rolled before its shots
BEFORE_RESOLUTION = (str(reasons.PURPOSE_SPEED), str(reasons.PURPOSE_REFLEX_DEF))


@dataclass(frozen=True)
class ShotChance:
    """One waiting shot: who shoots whom, how, and the engine's reading with its exact odds."""

    shooter: str
    target: str
    kind: str
    forecast: Forecast

    @property
    def eliminated(self) -> Fraction:
        odds = self.forecast.odds
        return odds.eliminated if odds is not None else Fraction(0)

    @property
    def hit(self) -> Fraction:
        odds = self.forecast.odds
        return odds.hit if odds is not None else Fraction(0)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.shooter, self.target, self.kind)


@dataclass(frozen=True)
class ResolutionOdds:
    """The roll a line stopped before (``roll``: its key) and the shots waiting then."""

    roll: RollKey
    shots: tuple[ShotChance, ...]


@dataclass(frozen=True)
class Change:
    """One shot of the branch against the main line's (None: not shot in that line)."""

    shooter: str
    target: str
    kind: str
    main: Fraction | None  # P(eliminated) in the main line
    branch: Fraction | None  # P(eliminated) in the branch
    said: Said


def resolution_odds(engine: Engine, state: MatchState, roll: RollKey) -> ResolutionOdds:
    """The shots waiting in ``state`` (held by the engine just before the die ``roll``)."""
    view = RoundView(state, engine.m)
    res = state.resolution
    if res is not None:
        entries = res.entries[res.next:]
    elif roll[2] in BEFORE_RESOLUTION:
        entries = engine.resolution.sequence_entries(view)
    else:  # who speaks first, a dead gun: no shot waits
        entries = []
    shots = tuple(ShotChance(e.shooter, e.target, str(e.kind), entry_forecast(view, e))
                  for e in entries if e.kind not in NO_ODDS)
    return ResolutionOdds(roll, shots)


def percent(p: Fraction | None) -> Percent | None:
    """A chance as the sentences say it: a whole percentage (``said.Percent``: ``35%``, ``35 %``)."""
    return None if p is None else Percent(round(100 * p))


def compare(branch: ResolutionOdds, main: ResolutionOdds | None) -> tuple[Change, ...]:
    """Each shot of either line, the branch's first: its chance of an elimination in both."""
    theirs = {s.key: s for s in main.shots} if main is not None else {}
    out = []
    for shot in branch.shots:
        before = theirs.pop(shot.key, None)
        was = before.eliminated if before is not None else None
        if was is None:
            said = Said("review.odds.new", shooter=shot.shooter, target=shot.target,
                        after=percent(shot.eliminated))
        else:
            said = Said("review.odds.change", shooter=shot.shooter, target=shot.target,
                        before=percent(was), after=percent(shot.eliminated))
        out.append(Change(shot.shooter, shot.target, shot.kind, was, shot.eliminated, said))
    for shot in theirs.values():
        out.append(Change(shot.shooter, shot.target, shot.kind, shot.eliminated, None,
                          Said("review.odds.gone", shooter=shot.shooter, target=shot.target,
                               before=percent(shot.eliminated))))
    return tuple(out)
