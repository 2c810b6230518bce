"""The game's words as types: teams, sides, postures, phases, shot kinds, gun states.

Each is a ``StrEnum`` (python-chess's ``Color`` is the model): a member *is* its string
(``Team.BLUE == "blue"``, ``json.dumps(Team.BLUE) == '"blue"'``, same hash as ``"blue"``), so saves,
logs, events and the ``simulate`` output are written with the same bytes as when these were plain
strings, and a string read from a file compares equal to its member. mypy, though, tells a team from
a posture. Defined here once; ``state``, ``actions`` and ``tables`` take their constants from here.
"""

from __future__ import annotations

from enum import StrEnum


class Team(StrEnum):
    """A coach's side of the match (RULES 3)."""

    BLUE = "blue"
    WHITE = "white"

    @property
    def other(self) -> Team:
        return Team.WHITE if self is Team.BLUE else Team.BLUE

    @property
    def letter(self) -> str:
        """The first letter of its players' ids (``B3``, ``W2``)."""
        return "B" if self is Team.BLUE else "W"


TEAMS: tuple[Team, Team] = (Team.BLUE, Team.WHITE)  # in the order the rules name them
DRAW = "draw"  # a match's result when neither team wins (``MatchState.winner`` is a Team or this)


class Side(StrEnum):
    """Where a player behind cover shows himself (RULES 2.3)."""

    LEFT = "left"
    RIGHT = "right"
    OVER = "over"


class Posture(StrEnum):
    """A player's posture (RULES 2.2)."""

    STANDING = "standing"
    KNEELING = "kneeling"
    PRONE = "prone"


class Phase(StrEnum):
    """What the match waits for (RULES 4.6; the break, RULES 12.1)."""

    SHEETS = "sheets"
    TARGET = "target"
    ORDERS = "orders"
    DECLARE = "declare"
    REACT = "react"
    DODGE = "dodge"
    OVER = "over"


class ShotKind(StrEnum):
    """A shot waiting in the resolution (RULES 7, 10, 11)."""

    SIMPLE = "simple"
    REFLEX = "reflex"
    SUPPRESSIVE = "suppressive"
    DUMP = "dump"
    PREBUNK = "prebunk"  # a template's shot during the break (RULES 12.4)


class GunState(StrEnum):
    """A marker's state; broken is dead for the match (RULES 7.5)."""

    OK = "ok"
    DEAD = "dead"
    BROKEN = "broken"


def side_of(text: str | None) -> Side | None:
    """The side a decision names (a string the legality has checked), or None (no cover)."""
    return None if text is None else Side(text)
