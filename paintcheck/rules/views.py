"""What one coach may see (RULES 4.2): the other coach's order tokens stay face down until
revealed. The UI and the AI only ever receive views."""

from __future__ import annotations

from paintcheck.field.lattice import other_team
from paintcheck.rules.actions import BreakSheet
from paintcheck.rules.state import SHEETS, MatchState
from paintcheck.rules.vocab import Team

_new = object.__new__
HIDDEN = 0  # a face-down token: the coach knows a token lies there, not its number


def view(state: MatchState, team: str) -> MatchState:
    """``state`` for ``team``'s coach: the other side's tokens of rounds not yet revealed are face
    down (``HIDDEN``); revealed ones (this round and earlier) show their number; in the break, the
    other coach's sheet lies face down until both are in.

    The view has its own orders (and sheets); everything else it shares with ``state``, which is
    never changed once the engine has returned it (``Engine.apply`` works on a copy). Whoever wants
    to change what a view holds copies it first (``MatchState.copy``), as the forecasts and the
    searches do."""
    seen = _new(MatchState)
    seen.__dict__ = state.__dict__.copy()
    enemy = other_team(team)
    if state.phase == SHEETS:  # the other coach's break sheet lies face down until both are in
        seen.sheets = {t: (sheet if t == team else BreakSheet(t, ())) for t, sheet in state.sheets.items()}
    seen.orders = {t: dict(o) for t, o in state.orders.items()}
    seen.orders[enemy] = {
        pid: (token if token <= state.round else HIDDEN) for pid, token in state.orders[enemy].items()
    }
    return seen


def public_view(state: MatchState) -> MatchState:
    """What a spectator sees: both sides' unrevealed tokens and sheets face down."""
    seen = view(state, Team.BLUE)
    if state.phase == SHEETS:
        seen.sheets = {t: BreakSheet(t, ()) for t in seen.sheets}
    seen.orders[Team.BLUE] = {
        pid: (token if token <= seen.round else HIDDEN) for pid, token in seen.orders[Team.BLUE].items()
    }
    return seen
