"""What a computer coach is handed: its own view of the match, and nothing else.

``Seen`` can only be made by ``look(state, team)``, which passes the state through
``rules.views.view``: the other side's face-down order tokens and its break sheet are gone before a
coach receives anything. A coach's ``decide`` accepts a ``Seen`` only, so the full state cannot be
handed to it by mistake (boardgame.io's ``playerView``; OpenSpiel's observers)."""

from __future__ import annotations

from paintcheck.rules.state import MatchState
from paintcheck.rules.views import view

_KEY = object()  # only ``look`` holds it


class Seen:
    """One coach's view of the match (``state`` is the output of ``view(full, team)``)."""

    __slots__ = ("state", "team")

    def __init__(self, key: object, state: MatchState, team: str) -> None:
        if key is not _KEY:
            raise TypeError("a coach's view is made by paintcheck.ai.seen.look(state, team), never by hand")
        self.state = state
        self.team = team

    def __repr__(self) -> str:
        return f"Seen({self.team}, turn {self.state.turn}, {self.state.phase})"


def look(state: MatchState, team: str) -> Seen:
    """What ``team``'s coach may see of ``state`` (RULES 4.2, 12.1)."""
    return Seen(_KEY, view(state, team), team)
