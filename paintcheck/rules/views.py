"""What one coach may see (RULES 4.2): the other coach's order tokens stay face down until
revealed. The UI and the AI only ever receive views."""

from __future__ import annotations

from paintcheck.field.lattice import other_team
from paintcheck.rules.actions import BreakSheet
from paintcheck.rules.state import SHEETS, MatchState

HIDDEN = 0  # a face-down token: the coach knows a token lies there, not its number


def view(state: MatchState, team: str) -> MatchState:
    """A copy of ``state`` for ``team``'s coach: the other side's tokens of rounds not yet revealed
    are face down (``HIDDEN``); revealed ones (this round and earlier) show their number."""
    seen = state.copy()
    enemy = other_team(team)
    if state.phase == SHEETS:  # the other coach's break sheet lies face down until both are in
        seen.sheets = {t: (sheet if t == team else BreakSheet(t, ())) for t, sheet in seen.sheets.items()}
    seen.orders[enemy] = {
        pid: (token if token <= seen.round else HIDDEN) for pid, token in seen.orders[enemy].items()
    }
    return seen


def public_view(state: MatchState) -> MatchState:
    """What a spectator sees: both sides' unrevealed tokens and sheets face down."""
    seen = view(state, "blue")
    if state.phase == SHEETS:
        seen.sheets = {t: BreakSheet(t, ()) for t in seen.sheets}
    seen.orders["blue"] = {
        pid: (token if token <= seen.round else HIDDEN) for pid, token in seen.orders["blue"].items()
    }
    return seen
