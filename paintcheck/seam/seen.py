"""What a coach is handed: its own view of the match, and nothing else.

``Seen`` can only be made by ``look(game, state, seat)``, which passes the state through the game's
``view``: the other seats' secrets are gone before a coach receives anything. A coach's ``decide``
accepts a ``Seen`` only, so the full state cannot be handed to it by mistake (boardgame.io's
``playerView``; OpenSpiel's observers). Paintcheck's coaches call ``paintcheck.ai.seen.look``."""

from __future__ import annotations

from typing import Any, Protocol

_KEY = object()  # only ``look`` holds it


class Viewer(Protocol):
    """Whatever gives a seat's view: a ``Game``, or Paintcheck's ``rules.views`` module."""

    def view(self, state: Any, seat: str) -> Any: ...


class Seen:
    """One coach's view of the match (``state`` is the output of the game's ``view(full, team)``;
    ``team`` is the seat)."""

    __slots__ = ("state", "team")

    def __init__(self, key: object, state: Any, team: str) -> None:
        if key is not _KEY:
            raise TypeError("a coach's view is made by look(game, state, seat), never by hand")
        self.state = state
        self.team = team

    def __repr__(self) -> str:
        turn, phase = getattr(self.state, "turn", "?"), getattr(self.state, "phase", "?")
        return f"Seen({self.team}, turn {turn}, {phase})"


def look(game: Viewer, state: Any, seat: str) -> Seen:
    """What ``seat``'s coach may see of ``state``, through ``game``'s view."""
    return Seen(_KEY, game.view(state, seat), seat)
