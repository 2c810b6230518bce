"""What one coach may see (RULES 4.2): the other coach's order tokens stay face down until
revealed. The UI and the AI only ever receive views."""

from __future__ import annotations

from paintcheck.field.lattice import other_team
from paintcheck.rules.state import MatchState

HIDDEN = 0  # a face-down token: the coach knows a token lies there, not its number


def view(state: MatchState, team: str) -> MatchState:
    """A copy of ``state`` for ``team``'s coach: the other side's tokens of rounds not yet revealed
    are face down (``HIDDEN``); revealed ones (this round and earlier) show their number."""
    seen = state.copy()
    enemy = other_team(team)
    seen.orders[enemy] = {
        pid: (token if token <= seen.round else HIDDEN) for pid, token in seen.orders[enemy].items()
    }
    return seen


def public_view(state: MatchState) -> MatchState:
    """What a spectator sees: both sides' unrevealed tokens face down."""
    seen = view(state, "blue")
    seen.orders["blue"] = {
        pid: (token if token <= seen.round else HIDDEN) for pid, token in seen.orders["blue"].items()
    }
    return seen
