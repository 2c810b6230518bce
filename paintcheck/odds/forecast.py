"""The odds a coach may know while he declares a sequence: each of its shots read by the engine on
his own view of the match (issue 14, item 5).

The sequence being declared is set on a copy of the coach's view as the engine sets a declaration
(``Engine._declare``: his sequence and where he declares from), and every shot of it is read as the
engine will list and read it (``Engine._sequence_entries``, ``RoundView.reading``), with the dodge
dice the engine would allow (``RoundView.dodge_dice``) and the exact odds. The targets are as the
coach sees them: their place, posture, cover and DEF as they stand, a run already declared by the
other side if it has been revealed. What the other coach has not declared yet cannot be known, so a
target who will still run or take DEF this round is read as he stands now.
"""

from __future__ import annotations

from dataclasses import dataclass

from paintcheck.odds.shot import ShotOdds, shot_odds
from paintcheck.rules.actions import Declare
from paintcheck.rules.measure import Measurer
from paintcheck.rules.state import MatchState, ShotEntry
from paintcheck.rules.values import RoundView


@dataclass(frozen=True)
class Forecast:
    """One shot of the sequence being declared: what it needs, or why it is lost, and its odds."""

    target: str
    action: int  # its place in the sequence
    required: int | None
    dodge_dice: int
    odds: ShotOdds | None
    lost: str | None


def forecasts(m: Measurer, seen: MatchState, decl: Declare) -> list[Forecast]:
    """Every shot of ``decl`` read on ``seen`` (the declaring coach's own view); dumps are left out."""
    state = seen.copy()
    player = state.players[decl.player]
    if player.point is None:
        return []
    state.declarations[decl.player] = decl
    state.origins[decl.player] = player.point
    view = RoundView(state, m)
    out = []
    for f in view.plans[decl.player].fires:
        if f.dump or f.target not in state.players:
            continue
        entry = ShotEntry(decl.player, f.target, "simple", max(f.number, 0), f.supports, f.action)
        reading = view.reading(entry)
        if reading.lost:
            out.append(Forecast(f.target, f.action, None, 0, None, reading.lost))
            continue
        dice, _ = view.dodge_dice(f.target, reading.running)
        odds = shot_odds(reading.required, dice)
        out.append(Forecast(f.target, f.action, reading.required, dice, odds, None))
    return out
