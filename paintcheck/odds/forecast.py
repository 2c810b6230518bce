"""The odds a coach may know while he declares a sequence: each of its shots read by the engine on
his own view of the match (issue 14, item 5).

The sequence being declared is set on a copy of the coach's view as the engine sets a declaration
(``Engine._declare``: his sequence and where he declares from), and every shot of it is read as the
engine will list and read it (``ResolutionPhases.sequence_entries``, ``RoundView.reading``), with the
dodge dice the engine would allow (``RoundView.dodge_dice``) and the exact odds. The targets are as the
coach sees them: their place, posture, cover and DEF as they stand, a run already declared by the
other side if it has been revealed. What the other coach has not declared yet cannot be known, so a
target who will still run or take DEF this round is read as he stands now.
"""

from __future__ import annotations

from dataclasses import dataclass

from paintcheck.odds.shot import ShotOdds, shot_odds
from paintcheck.rules.actions import Declare, Reaction
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import declare_effects, make_plan
from paintcheck.rules.resolution import fire_entry
from paintcheck.rules.state import MatchState, ShotEntry
from paintcheck.rules.values import RoundView, run_exposure
from paintcheck.rules.vocab import ShotKind


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
        entry = fire_entry(decl.player, f)
        out.append(entry_forecast(view, entry))
    return out


def reaction_forecast(m: Measurer, seen: MatchState, reaction: Reaction) -> Forecast:
    """A reflex or suppressive shot (RULES 10.2, 10.6: value 9 or 10, no support) read by the engine
    on ``seen``, the reacting coach's view, the round's sequences declared."""
    entry = ShotEntry(reaction.player, reaction.target, ShotKind(reaction.kind))
    return entry_forecast(RoundView(seen, m), entry)


def entry_forecast(view: RoundView, entry: ShotEntry) -> Forecast:
    """One shot waiting in ``view``'s round read as the engine reads it: what it needs, or why it is
    lost, the dodge dice it leaves and the exact odds (a review's odds-only branch reads its next
    resolution with it)."""
    reading = view.reading(entry)
    if reading.lost:
        return Forecast(entry.target, entry.action, None, 0, None, reading.lost)
    dice, _ = view.dodge_dice(entry.target, reading.running)
    odds = shot_odds(reading.required, dice)
    return Forecast(entry.target, entry.action, reading.required, dice, odds, None)


@dataclass(frozen=True)
class Defence:
    """What the sequence being declared leaves its player, if he is hit this round (issue 25)."""

    dodge_dice: int  # the dice he may dodge with (RULES 9.2, 9.3)
    no_dodge: str | None  # the engine's reason he could not dodge at all (None: he can)
    seen_by: tuple[str, ...]  # the enemies who see some point of his run and may fire at it (RULES 8.5)


def defence(m: Measurer, seen: MatchState, decl: Declare) -> Defence:
    """``decl`` declared on a copy of ``seen`` as the engine declares it (``plan.declare_effects``),
    then read as the engine reads a hit on him: running or standing, his dodge dice."""
    state = seen.copy()
    player = state.players[decl.player]
    if player.point is None:
        return Defence(0, None, ())
    declare_effects(player, decl, make_plan(decl, player.point, m))
    state.declarations[decl.player] = decl
    state.origins[decl.player] = player.point
    view = RoundView(state, m)
    dice, why = view.dodge_dice(decl.player, view.running(decl.player))
    seers = tuple(sorted(pid for pid, n in run_exposure(seen, decl, m).items() if n))
    return Defence(dice, (why or None) if dice == 0 else None, seers)
