"""What a game gives the table, and what the table gives a game (docs/seam.md).

A game (``Game``) is its rules on one table: Paintcheck's is a field's geometry and its engine
(``paintcheck.game.PaintcheckGame``). It says who is to move, why a decision is refused, applies a
decision with the table's dice, shows each seat its own view, ends, and writes its decisions and
events as JSON data. A game's kind (``GameKind``) reads its saved records and sets a table up for
one. The table (``paintcheck.ui.session``, ``paintcheck.ui.saves``, ``seam.play``, ``seam.seen``,
``simulate``) is written against these protocols only: states, decisions and events are the game's
own data, which the table passes around without looking inside.

Stdlib only: every layer may name the seam.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from paintcheck.seam.seen import Seen

State = Any  # a game's state: plain data, never changed once ``apply`` has returned it
Decision = Any  # a game's decision: a small frozen value
Event = Any  # what happened: a game's event
Refusal = str  # why a decision is refused: a ``Said`` (a ``str``), or plain words until every
#                refusal of a game is a ``Said``; then ``Said`` here


class Dice(Protocol):
    """What the table rolls with (Paintcheck's ``rules.dice``): one die at a time, and a mark to go
    back to, so that a decision given up half-way leaves the dice as they were."""

    def roll(self, sides: int) -> int: ...

    def mark(self) -> Any: ...

    def back_to(self, mark: Any) -> None: ...


@runtime_checkable
class ReplayedDice(Protocol):
    """Dice that give back a record's rolls (Paintcheck's ``RecordedDice``): while ``replaying``
    they give recorded rolls only; ``replayed()`` checks every one was used, and ends the replay."""

    replaying: bool

    def replayed(self) -> None: ...


class Coach(Protocol):
    """A seat's coach: a decision from its own view only (``seen.look``)."""

    def decide(self, seen: Seen) -> Decision: ...


class Record(Protocol):
    """What a save holds: the dice (a seed, or the rolls made), where the match starts, the
    decisions in order, the computer's coaches and their seed, and the summary the saves list shows.
    The game's setup (Paintcheck: the layout) is the record's own business."""

    seed: int | None
    start: str
    decisions: list[Any]
    coaches: dict[str, str]  # seat -> the computer coach playing it
    coach_seed: int | None
    summary: dict[str, Any]

    def dice(self) -> Dice: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning seat (or ``DRAW``), why, and after how many turns."""

    winner: str
    reason: str
    turns: int


DRAW = "draw"


class Game(Protocol):
    """One game on one table."""

    @property
    def seats(self) -> tuple[str, ...]: ...

    @property
    def coach_kinds(self) -> tuple[str, ...]: ...

    def dice(self, seed: int | None) -> Dice: ...

    def begin(self, start: str) -> State:
        """The state a match starts from (``start``: one of the game's starts, a record's)."""
        ...

    def to_move(self, state: State) -> str | None:
        """The seat whose decision the state waits for (None: over)."""
        ...

    def why_illegal(self, state: State, decision: Decision) -> Refusal | None: ...

    def apply(self, state: State, decision: Decision, dice: Dice) -> tuple[State, list[Event]]:
        """The one door: a new state and what happened; ``state`` is never changed."""
        ...

    def view(self, state: State, seat: str) -> State:
        """What ``seat``'s coach may see: the other seats' secrets are gone."""
        ...

    def public_view(self, state: State) -> State:
        """What a spectator may see: every seat's secrets are gone."""
        ...

    def outcome(self, state: State) -> Outcome | None:
        """How the match ended (None while it is being played)."""
        ...

    def summary(self, state: State) -> dict[str, Any]:
        """What the saves list shows of a match: ``turn``, ``winner`` (or None) and ``players``
        (seat -> a count), and anything else the game's list wants."""
        ...

    def invariant_problems(self, state: State) -> list[str]:
        """What is wrong with ``state`` (empty: nothing); a problem is a bug, never a game event."""
        ...

    def decision_to_dict(self, decision: Decision) -> dict[str, Any]: ...

    def decision_from_dict(self, data: Any) -> Decision: ...

    def event_to_dict(self, event: Event) -> dict[str, Any]: ...

    def coach(self, kind: str, seat: str, seed: int, window: bool = False) -> Coach:
        """A computer coach of strength ``kind`` (one of ``coach_kinds``) for ``seat`` on this table;
        ``window``: one the window waits for (a bounded thinking time)."""
        ...

    def playout_coach(self, seat: str, seed: int) -> Coach:
        """The coach ``simulate`` plays whole matches with (Paintcheck's random coach)."""
        ...


class RecordError(ValueError):
    """Data that is not a record of a game; ``args[0]`` names the file and says what is wrong (a
    ``Said`` the window words)."""


class GameKind(Protocol):
    """A game before any table: how its records are read, and a table set up for one."""

    @property
    def format(self) -> str:
        """The ``format`` of the records it saves (``paintcheck-match/2``)."""
        ...

    @property
    def formats(self) -> tuple[str, ...]:
        """Every ``format`` of the records it reads: older ones still load (``paintcheck-match/1``)."""
        ...

    @property
    def seats(self) -> tuple[str, ...]: ...

    def record_from_dict(self, data: Any, source: str) -> Record:
        """A record from a save's data (``RecordError`` naming ``source`` otherwise)."""
        ...

    def setup_key(self, record: Record) -> str:
        """Records with the same key are played on the same table (a window keeps it)."""
        ...

    def game(self, record: Record) -> Game:
        """A new table set up for ``record`` (``RecordError`` if its setup cannot be)."""
        ...

    def setup_name(self, data: Mapping[str, Any]) -> tuple[str | None, Any, Any]:
        """From a save's data, for the saves list: the setup's name, its data (a thumbnail is drawn
        from it) and why it cannot be resumed (None when it can)."""
        ...

    def unreadable(self, source: str, problem: str) -> RecordError:
        """The error of a file that is not readable data at all (``problem``: why, a ``Said``)."""
        ...

    def does_not_replay(self, source: str, exc: Exception) -> RecordError:
        """The error of a record whose decisions (or rolls) the game refuses to replay."""
        ...


def seat_seed(seed: int, seats: tuple[str, ...], seat: str) -> int:
    """The seed of ``seat``'s coach in the match whose coaches' seed is ``seed``."""
    return seed * len(seats) + seats.index(seat)
