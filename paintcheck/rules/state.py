"""The match state: plain data, deep-copyable, JSON-serialisable (RULES §3–§5, §9–§10).

Players are keyed by id (``B3``, ``W2``). A player in the dead zone has ``point = None``. Everything
the engine needs between two decisions lives here, including a resolution in progress, so a state
can be saved at any decision and resumed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

from paintcheck.field.lattice import DEFAULT_LATTICE, Lattice, Point
from paintcheck.rules import tables
from paintcheck.rules.actions import (
    AssignOrders,
    BreakSheet,
    ChooseTarget,
    Decision,
    Declare,
    Dodge,
    React,
    Reaction,
)
from paintcheck.rules.flags import Flag, initial_flags
from paintcheck.rules.vocab import GunState, Phase, Posture, ShotKind, Side, Team, side_of

# Phases of a turn and the decisions each waits for (RULES 4.6).
ORDERS, DECLARE, REACT, DODGE, OVER = Phase.ORDERS, Phase.DECLARE, Phase.REACT, Phase.DODGE, Phase.OVER
SHEETS, TARGET = Phase.SHEETS, Phase.TARGET  # the break (RULES 12.1)
PHASE_DECISIONS: dict[Phase, tuple[type[Decision], ...]] = {
    SHEETS: (BreakSheet,),
    TARGET: (ChooseTarget,),
    ORDERS: (AssignOrders,),
    DECLARE: (Declare,),
    REACT: (React,),
    DODGE: (Dodge,),
    OVER: (),
}
DECISION_PHASE = {kind: phase for phase, kinds in PHASE_DECISIONS.items() for kind in kinds}  # type -> phase

# broken: dead for the match (RULES 7.5)
GUN_OK, GUN_DEAD, GUN_BROKEN = GunState.OK, GunState.DEAD, GunState.BROKEN


@dataclass(frozen=True)
class Token:
    """A player's suppressive token, placed beside the player he shot at (RULES 10.1)."""

    target: str
    side: Side | None  # None when the target had no cover
    point: Point  # where it lies: the target's point (a runner's end point)
    advantage: bool = False


@dataclass
class Player:
    team: Team
    jersey: int
    point: Point | None
    posture: Posture = Posture.STANDING
    cover: str | None = None
    side: Side | None = None
    def_count: int = 0
    boulets: int = 0
    gun: GunState = GUN_OK
    messy: bool = False
    reload: bool = False
    token: Token | None = None
    weakened_from: Point | None = None  # the shooter who last forced him to dodge (RULES 9.6)
    activated: bool = False  # this turn
    fell_at: Point | None = None  # where he was eliminated (a tied shot still fires from there)
    bare: bool = False  # a prebunker who finished without a DEF: no obstacle protection (RULES 12.6)

    @property
    def id(self) -> str:
        return f"{'B' if self.team == 'blue' else 'W'}{self.jersey}"

    @property
    def on_field(self) -> bool:
        return self.point is not None


@dataclass
class ShotEntry:
    """One shot (or dump) waiting to be resolved in this round."""

    shooter: str
    target: str
    kind: ShotKind
    index: int = 0  # 0 for a player's first shot of the round, 1 for his second, ...
    supports: int = 0
    action: int = -1  # position in the shooter's sequence (-1 for reactions)
    score: int | None = None  # speed-test score, None when no test was rolled
    last: bool = False  # moved more than 4 vulnerable points: shoots last


@dataclass
class PendingDodge:
    """A dodge waiting for its coach: the target, the shooter, the margin left to dodge, the dice
    allowed and the dice used so far (RULES 9). ``asdict`` of the state writes it as the dictionary
    it used to be, with the same keys in the same order."""

    target: str
    shooter: str
    margin: int
    allowed: int
    used: int = 0


@dataclass
class Resolution:
    """Shots of the round in resolution order, and where the resolution stands."""

    entries: list[ShotEntry]
    groups: list[int]  # group number per entry (equal group = simultaneous)
    next: int = 0
    hit: list[str] = field(default_factory=list)  # (forced to dodge or out) by shots before this one
    hit_now: list[str] = field(default_factory=list)  # ... by shots simultaneous with this one
    dodge: PendingDodge | None = None  # a dodge waiting for its coach
    hits: list[tuple[str, int]] = field(default_factory=list)  # every hit: (player, index of the entry)
    out_now: list[str] = field(default_factory=list)  # in the dead zone by shots simultaneous with this one
    outs: list[tuple[str, int]] = field(default_factory=list)  # every elimination: (player, entry index)


@dataclass
class MatchState:
    layout: str
    players: dict[str, Player]
    turn: int = 1
    round: int = 0
    phase: Phase = ORDERS
    # keyed by a team's string (a Team, or a seat's name read from a decision): see rules/vocab.py
    orders: dict[str, dict[str, int]] = field(default_factory=lambda: {Team.BLUE: {}, Team.WHITE: {}})
    speakers: list[str] = field(default_factory=list)  # teams in declaration order this round
    active: dict[str, str] = field(default_factory=dict)  # team -> activated player this round
    declarations: dict[str, Declare] = field(default_factory=dict)  # player -> his sequence
    origins: dict[str, Point] = field(default_factory=dict)  # player -> where he declared from
    reactors: list[str] = field(default_factory=list)  # teams still to declare reactions
    reactions: list[Reaction] = field(default_factory=list)  # in declaration order
    resolution: Resolution | None = None
    # the break (turn 1, RULES 12): sheets handed in (secret until both are), active templates
    # (prebunker -> origin), the stage ("runners" then "finish"), late target choices awaited/made
    sheets: dict[str, BreakSheet] = field(default_factory=dict)
    templates: dict[str, Point] = field(default_factory=dict)
    break_stage: str | None = None
    awaiting: list[str] = field(default_factory=list)
    choices: dict[str, str | None] = field(default_factory=dict)
    flags: dict[str, Flag] = field(default_factory=dict)  # none in a match set up without flags
    lattice: Lattice = DEFAULT_LATTICE  # the field's size: its bases and prebunk zones (RULES 1.5)
    winner: str | None = None  # a Team, or "draw", once OVER
    end_reason: str | None = None
    decisions: int = 0

    @property
    def base_row(self) -> int:
        return self.lattice.base_row

    def player(self, pid: str) -> Player:
        return self.players[pid]

    def team_players(self, team: Team | str, on_field: bool = True) -> list[Player]:
        return [p for p in self.players.values() if p.team == team and (p.on_field or not on_field)]

    def count_on_field(self, team: Team | str) -> int:
        n = 0
        for p in self.players.values():
            if p.team == team and p.point is not None:  # on the field
                n += 1
        return n

    def occupant(self, point: Point) -> Player | None:
        for p in self.players.values():
            if p.point == point:
                return p
        return None

    def copy(self) -> MatchState:
        """An independent copy. Tokens, declarations and reactions are immutable once made, so
        they are shared; everything the engine mutates is copied (much faster than deepcopy): the
        instance dictionary is copied (its fields in order), then each mutable field replaced by its
        own copy (``.copy()``: the containers are plain lists and dictionaries)."""
        res = self.resolution
        if res is not None:
            res = Resolution(
                [_shallow(e) for e in res.entries], res.groups.copy(), res.next, res.hit.copy(),
                res.hit_now.copy(), _shallow(res.dodge) if res.dodge is not None else None, res.hits.copy(),
                res.out_now.copy(), res.outs.copy(),
            )
        fields = self.__dict__.copy()
        players = {}
        for pid, p in self.players.items():  # _shallow inlined: ten players a copy
            q = _new(Player)
            q.__dict__ = p.__dict__.copy()
            players[pid] = q
        fields["players"] = players
        fields["orders"] = {team: o.copy() for team, o in self.orders.items()}
        fields["speakers"] = self.speakers.copy()
        fields["active"] = self.active.copy()
        fields["declarations"] = self.declarations.copy()
        fields["origins"] = self.origins.copy()
        fields["reactors"] = self.reactors.copy()
        fields["reactions"] = self.reactions.copy()
        fields["resolution"] = res
        fields["sheets"] = self.sheets.copy()
        fields["templates"] = self.templates.copy()
        fields["awaiting"] = self.awaiting.copy()
        fields["choices"] = self.choices.copy()
        fields["flags"] = self.flags.copy()
        clone = _new(MatchState)
        clone.__dict__ = fields
        return clone

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


_new = object.__new__
_T = TypeVar("_T")


def _shallow(obj: _T) -> _T:
    """A copy of a dataclass instance whose fields are all immutable values."""
    clone = _new(type(obj))
    clone.__dict__ = obj.__dict__.copy()
    return clone


def new_match(
    layout: str,
    positions: Mapping[str, tuple[Point, str | None, str | None]],
    flag_homes: dict[str, Point] | None = None,
    lattice: Lattice = DEFAULT_LATTICE,
) -> MatchState:
    """A match at the start of turn 2 with players at ``positions`` (id -> point, cover, side) and
    flags at ``flag_homes`` (RULES 13.1)."""
    players = {}
    for team in Team:
        for jersey in range(1, tables.PLAYERS_PER_TEAM + 1):
            pid = f"{team.letter}{jersey}"
            point, cover, side = positions[pid]
            players[pid] = Player(team, jersey, point, Posture.KNEELING, cover, side_of(side))
    return MatchState(layout=layout, players=players, turn=tables.BREAK_TURN + 1,
                      flags=initial_flags(flag_homes or {}), lattice=lattice)


def new_break(
    layout: str,
    base_points: dict[str, list[Point]],
    flag_homes: dict[str, Point] | None = None,
    lattice: Lattice = DEFAULT_LATTICE,
) -> MatchState:
    """A match before the break (turn 1): each team's players wait on its base points, the coaches
    fill their break sheets (RULES 12.1)."""
    players = {}
    for team in Team:
        for jersey in range(1, tables.PLAYERS_PER_TEAM + 1):
            pid = f"{team.letter}{jersey}"
            players[pid] = Player(team, jersey, base_points[team][jersey - 1], Posture.STANDING)
    return MatchState(layout=layout, players=players, turn=tables.BREAK_TURN, phase=SHEETS,
                      flags=initial_flags(flag_homes or {}), lattice=lattice)

