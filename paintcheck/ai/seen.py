"""What a Paintcheck coach is handed: its own view of the match (``seam.seen``), and nothing else.

``look(state, team)`` passes the state through ``rules.views.view``: the other side's face-down order
tokens and its break sheet are gone before a coach receives anything (RULES 4.2, 12.1)."""

from __future__ import annotations

from paintcheck.rules import views
from paintcheck.rules.state import MatchState
from paintcheck.seam import seen
from paintcheck.seam.seen import Seen

__all__ = ["Seen", "look"]


def look(state: MatchState, team: str) -> Seen:
    """What ``team``'s coach may see of ``state`` (RULES 4.2, 12.1)."""
    return seen.look(views, state, team)
