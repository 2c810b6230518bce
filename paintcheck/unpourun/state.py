"""A match of Un pour un as plain data (RULES-unpourun §1-§9): the figures, where they stand, what
they have left, and where the turn is.

``Figure`` is frozen; ``MatchState`` is replaced, never changed, once the engine has returned it
(the engine copies it and swaps the figures it changes). Positions are free real coordinates in
*pas* (the base's centre, 1.3); a figure not on the table (not deployed, dead, gone) has none.
No hidden information (0.1): every seat sees the whole state.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from paintcheck.unpourun.bands import Options, Stats

Point = tuple[float, float]


class Phase(StrEnum):
    ROLL_OFF = "roll_off"  # 1.9: both roll, the higher chooses a zone
    CHOOSE_ZONE = "choose_zone"
    DEPLOY = "deploy"
    WAVE = "wave"  # 3.2: the player to move picks a figure to activate, or stops (first wave)
    ACTIVATION = "activation"  # 3.3: the active figure spends its PA
    FREE_SHOT = "free_shot"  # 6.6: a sighting test passed; its owner may shoot once
    WITHDRAW = "withdraw"  # 6.5: a figure withdraws; its owner may name a path out of sight
    ORDER = "order"  # 6.8, 10.1: a player says which of his figures' tests comes next (and a tie's enemy)
    TARGET = "target"  # 4.3, 10.1: the targets' owner chooses among group members tied for nearest
    OVER = "over"


class Status(StrEnum):
    FIGHTING = "fighting"
    HORS = "hors_de_combat"  # 7.1
    DEAD = "dead"  # 7.2
    GONE = "gone"  # 7.4: left the table


@dataclass(frozen=True)
class Figure:
    """A figure of a band. ``on_table`` (a position, not dead or gone) and ``standing`` (on the table
    and fighting: not hors de combat) are readings of ``pos`` and ``status`` stored beside the fields
    (slots, not fields: no constructor takes them, equality and repr ignore them), set by every way a
    figure is made: ``__init__`` (so ``dataclasses.replace``), ``changed``, a copy or unpickling
    (``__setstate__``). They are read thousands of times a match; a property cost a call each."""

    __slots__ = ("on_table", "standing", "__dict__", "__weakref__")

    id: str  # "A1", "B3": player and place in the band
    player: str
    kind: str
    stats: Stats
    ranged: tuple[str, ...]
    medikits: int
    rondaches: int
    rope: bool = False  # corde et grappin (3.11)
    pos: Point | None = None
    pv: int = 0
    status: Status = Status.FIGHTING
    routing: bool = False
    routing_since: int = 0  # the turn at whose end it began to route (8.2: rally from the next one)
    activated: bool = False
    broken: tuple[str, ...] = ()  # ranged weapons destroyed or jammed (4.6)
    rondaches_used: int = 0  # this turn (3.8)
    charged_malus: bool = False  # −1 R until the end of the turn (6.4)
    up_this_turn: bool = False  # on the table and not hors de combat at some moment of the turn (8.1)
    hanging: tuple[int, float] | None = None  # 3.11: (piece, elevation reached) of a climb not finished

    if TYPE_CHECKING:  # the slots, read-only
        @property
        def on_table(self) -> bool: ...

        @property
        def standing(self) -> bool: ...

    def __post_init__(self) -> None:
        _set_readings(self)

    def __getstate__(self) -> dict[str, Any]:
        return self.__dict__

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        _set_readings(self)

    @property
    def rank(self) -> int:
        return self.stats.rank

    def usable(self) -> tuple[str, ...]:
        return tuple(w for w in self.ranged if w not in self.broken)


_FIGHTING = Status.FIGHTING  # a module constant: an enum's member read off its class costs ~0.2 us
_HORS = Status.HORS
_SET_SLOT = object.__setattr__


def _set_readings(f: Figure) -> None:
    """``f.on_table``: a position and fighting or hors de combat; ``f.standing``: a position and
    fighting (RULES-unpourun 1.3, 7.1)."""
    placed = f.pos is not None
    status = f.status
    _SET_SLOT(f, "standing", placed and status == _FIGHTING)
    _SET_SLOT(f, "on_table", placed and (status == _FIGHTING or status == _HORS))


@dataclass(frozen=True)
class Pending:
    """A passive test waiting its turn (6.8). ``kind`` "see" (6.6: ``figure`` newly saw ``others``, the
    nearest enemies of better rank, several when tied, 10.1) or "shot" (6.7: ``figure`` was shot at by
    ``others[0]`` with ``weapon``); ``moment`` numbers the tests triggered at once; ``chosen``: its owner
    put it first (and named its enemy)."""

    kind: str
    figure: str
    others: tuple[str, ...]
    moment: int
    weapon: str = ""
    chosen: bool = False


@dataclass(frozen=True)
class Aim:
    """A shot waiting for its targets' owner (4.3, 10.1): ``shooter`` fires ``weapon`` at the group
    ``group`` (its members' ids); ``chosen`` are the targets so far, in order; ``tied`` the unchosen
    members tied for nearest the shooter, among which the owner chooses the next."""

    shooter: str
    weapon: str
    group: tuple[str, ...]
    chosen: tuple[str, ...]
    tied: tuple[str, ...]


@dataclass
class Activation:
    """The active figure's activation: its PA left, what it did last, what it may no longer do."""

    figure: str
    pa: int
    last_move: bool = False  # 3.5: the last action was a Walk, Run or Charge
    no_run_charge: bool = False  # 6.3: a failed charge test this activation
    charging: str = ""  # 3.6 (c)/(d): the target stepped back; the next decision is a ChargeMove
    charge_malus: bool = False  # 6.4: the target gets −1 R if the charger reaches contact


@dataclass
class MatchState:
    figures: tuple[Figure, ...]
    options: Options
    table: str  # the table's name (the measurer is the game's, built once)
    bands: tuple[str, str]  # the bands' names
    phase: Phase = Phase.ROLL_OFF
    turn: int = 0
    first: str = "A"  # the player who plays first this turn (3.1); deployment: the zone chooser
    mover: str = "A"  # the player whose decision the state waits for
    wave: int = 1
    wave_left: int = 0  # figures the mover may still activate in the first wave
    activation: Activation | None = None
    free_shot: tuple[str, str] | None = None  # (X, Y) of 6.6
    resume: tuple[Phase, str] = (Phase.WAVE, "A")  # the phase and mover a free shot returns to
    withdraw: tuple[str, Point, float, float] | None = None  # 6.5: (figure, Z's centre, k, Z's elevation)
    aim: Aim | None = None  # 4.3, 10.1: the shot whose targets' owner the TARGET phase asks
    queue: tuple[Pending, ...] = ()  # 6.8: the passive tests still to take, the next first
    moments: int = 0  # the moments that triggered tests so far (``Pending.moment``)
    choices: tuple[tuple[str, str], ...] = ()  # 6.8, 10.1: (figure, enemy) the ORDER phase offers
    rout_left: tuple[str, ...] = ()  # 8.1: the players whose bands still test at this end of turn
    rout_testers: tuple[str, ...] = ()  # 8.2, 8.3: the band's figures still to take their test
    rout_failed: tuple[str, ...] = ()  # 8.3: the band's figures that failed a test this end of turn
    seen: frozenset[tuple[str, str]] = frozenset()  # pairs (X, Y): X has seen Y (6.6)
    zones: dict[str, int] = field(default_factory=dict)  # player -> zone index (0: y = 0 side)
    vp: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    winner: str | None = None
    end_reason: str = ""

    def figure(self, fid: str) -> Figure:
        for f in self.figures:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def band(self, player: str) -> list[Figure]:
        return [f for f in self.figures if f.player == player]

    def copy(self) -> MatchState:
        """A copy the engine may change: the fields copied one level (``copy.copy``'s result, made
        directly: the engine copies the state once per decision)."""
        out = object.__new__(MatchState)
        out.__dict__ = self.__dict__.copy()  # a dict's copy (its table copied whole), not key by key
        if self.activation is not None:
            act = out.activation = object.__new__(Activation)
            act.__dict__ = self.activation.__dict__.copy()
        out.zones = dict(self.zones)
        out.vp = dict(self.vp)
        return out


FIGURE_FIELDS = frozenset(f.name for f in fields(Figure))


def changed(f: Figure, **changes: Any) -> Figure:
    """``dataclasses.replace(f, **changes)`` for a figure (frozen; its readings set as ``__post_init__``
    sets them), made directly: the engine changes a figure a few times per decision and ``replace``
    costs ten times more."""
    if not FIGURE_FIELDS.issuperset(changes):
        raise TypeError(f"Figure has no field {sorted(changes.keys() - FIGURE_FIELDS)[0]!r}")
    out = object.__new__(Figure)
    values = f.__dict__.copy()  # a dict's copy (its table copied whole), not key by key
    values.update(changes)
    _SET_SLOT(out, "__dict__", values)  # past the frozen class's ``__setattr__``, as ``__init__`` is
    _set_readings(out)  # the slots (``Figure``'s readings of pos and status)
    return out


def other(player: str) -> str:
    return "B" if player == "A" else "A"
