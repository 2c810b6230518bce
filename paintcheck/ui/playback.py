"""The board as the resolution has told it so far.

The engine applies a decision at once; the window then reveals its events one line at a time. Until
a line is revealed the board must not show what it did: a runner still stands where he started, a
player hit later in the batch is still on the field, a template not yet laid is not drawn and one
lifted later still lies there. ``shown_state`` takes the coach's view after the decision and undoes
the events not yet revealed, latest first. It reads the events only: nothing here re-derives a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from paintcheck.rules import events as ev
from paintcheck.rules.flags import Flag
from paintcheck.rules.state import MatchState


def shown_state(state: MatchState, pending: Sequence[ev.Event], history: Sequence[ev.Event]) -> MatchState:
    """``state`` (a view after the events) as it stood before ``pending``; ``history`` is every event
    of the match, to find where a lifted template lay."""
    if not pending:
        return state
    s = state.copy()
    players = s.players
    for e in reversed(pending):
        if isinstance(e, ev.Moved):
            players[e.player] = replace(players[e.player], point=e.start)
        elif isinstance(e, ev.Eliminated):
            p = players[e.player]
            players[e.player] = replace(p, point=p.fell_at, token=e.token)
        elif isinstance(e, ev.Deployed):
            players[e.player] = replace(players[e.player], point=None)
        elif isinstance(e, ev.PrebunkLaid):
            s.templates.pop(e.player, None)
        elif isinstance(e, ev.TemplateLifted):
            origin = next((h.origin for h in reversed(history)
                           if isinstance(h, ev.PrebunkLaid) and h.player == e.player), None)
            if origin is not None:
                s.templates[e.player] = origin
        elif isinstance(e, ev.TokenPlaced):
            players[e.player] = replace(players[e.player], token=e.previous)
        elif isinstance(e, ev.TokenRemoved):
            players[e.player] = replace(players[e.player], token=e.token)
        elif isinstance(e, ev.FlagMoved):
            f = s.flags[e.flag]
            if e.kind in ("taken", "returned"):  # it lay where he passed
                s.flags[e.flag] = Flag(f.id, f.home, e.point)
            elif e.kind == "dropped":  # he still carried it
                s.flags[e.flag] = Flag(f.id, f.home, None, e.player)
    return s


def last_shot(shown: Sequence[ev.Event]) -> ev.ShotResolved | None:
    """The shot the resolution is telling now: the last one revealed, if no other shot's or
    dodge's line came after it."""
    for e in reversed(shown):
        if isinstance(e, ev.ShotResolved):
            return e
        if isinstance(e, (ev.Moved, ev.BreakRound, ev.SpeedTest, ev.DumpResolved)):
            return None
    return None
