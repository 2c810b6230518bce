"""Actions and decisions: small frozen values with a text form (RULES §4–§5, §9–§10).

A player's activation is a ``Declare`` holding his posture, cover and side and a tuple of actions
(the *sequence*). Other decisions: ``AssignOrders`` (secret order tokens), ``React`` (reflex and
suppressive shots of non-activated players) and ``Dodge`` (roll the next dodge die).

Text forms, e.g. ``MOV B:H6>B:H5 cover=c3 side=left``, ``SHOT W2``, ``SUP``, ``DEF``, ``DUMP W4``,
``SIDE right``, ``CLEAR``, ``CLEAN``, ``RELOAD``; ``parse_action`` reads them back. They name points
apart from any one field (``point_name``), so they hold on every field size; whether a point lies on
the field is a question for the legality, which knows the match's lattice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from paintcheck.field.lattice import NOTATION_LATTICE, Point, point_name
from paintcheck.rules import tables
from paintcheck.rules.vocab import ShotKind, Team
from paintcheck.said import Said

_set = object.__setattr__  # a frozen class's fields set at once (its generated __init__ sets them one by one)


class IllegalActionError(ValueError):
    """A decision the rules refuse; the message is the human reason."""


def player_id(team: str, jersey: int) -> str:
    """``B3`` for Blue's jersey 3, ``W2`` for White's jersey 2."""
    return f"{'B' if team == 'blue' else 'W'}{jersey}"


def team_of(pid: str) -> Team:
    return Team.BLUE if pid[0] == "B" else Team.WHITE


# -- actions of a sequence --------------------------------------------------------------------------
@dataclass(frozen=True)
class Def:
    code = "DEF"

    def __str__(self) -> str:
        return "DEF"


@dataclass(frozen=True)
class Support:
    code = "SUP"

    def __str__(self) -> str:
        return "SUP"


@dataclass(frozen=True)
class Shot:
    target: str
    code = "SHOT"

    def __str__(self) -> str:
        return f"SHOT {self.target}"


@dataclass(frozen=True)
class Dump:
    target: str
    code = "DUMP"

    def __str__(self) -> str:
        return f"DUMP {self.target}"


@dataclass(frozen=True)
class Move:
    """One move along straight segments through ``waypoints`` (the last is the arrival point).

    ``cover`` and ``side`` are the player's cover and side played on arrival (None: no cover)."""

    waypoints: tuple[Point, ...]
    cover: str | None = None
    side: str | None = None
    code = "MOV"

    def __str__(self) -> str:
        pts = ">".join(point_name(p) for p in self.waypoints)
        extra = f" cover={self.cover} side={self.side}" if self.cover else ""
        return f"MOV {pts}{extra}"

    @property
    def end(self) -> Point:
        return self.waypoints[-1]


@dataclass(frozen=True)
class SideChange:
    side: str
    code = "SIDE"

    def __str__(self) -> str:
        return f"SIDE {self.side}"


@dataclass(frozen=True)
class ClearBoulet:
    code = "CLEAR"

    def __str__(self) -> str:
        return "CLEAR"


@dataclass(frozen=True)
class Clean:
    code = "CLEAN"

    def __str__(self) -> str:
        return "CLEAN"


@dataclass(frozen=True)
class Reload:
    code = "RELOAD"

    def __str__(self) -> str:
        return "RELOAD"


@dataclass(frozen=True)
class ShotAt:
    """A break-sheet shot (RULES 12.2): at a point named on the sheet, or, for a player behind line 8,
    at a target his coach chooses when the shot happens (``point`` None)."""

    point: Point | None
    code = "SHOT@"

    def __str__(self) -> str:
        return f"SHOT @{point_name(self.point)}" if self.point else "SHOT (chosen later)"


@dataclass(frozen=True)
class DumpAt:
    """A break-sheet dump (RULES 5.1, 11.7; B p.32 lists « bunkering » among what the break
    resolves): at the enemy standing on ``point`` when it happens, within the dump's reach."""

    point: Point
    code = "DUMP@"

    def __str__(self) -> str:
        return f"DUMP @{point_name(self.point)}"


Action = Def | Support | Shot | Dump | Move | SideChange | ClearBoulet | Clean | Reload | ShotAt | DumpAt

ACTION_EXAMPLES = "DEF, SUP, SHOT W2, DUMP W2, MOV B:H6, …"  # the text forms parse_action reads
# a support adds to the action just before it (a DEF, a move, a shot or a dump; or another support)
SUPPORTABLE: tuple[type[Action], ...] = (Def, Move, Shot, Dump, ShotAt, DumpAt, Support)


def parse_action(text: str) -> Action:
    """Read an action's text form (see the module docstring)."""
    words = text.split()
    if not words:
        raise IllegalActionError(Said("rules.action_text.empty"))
    code, rest = words[0].upper(), words[1:]
    simple: dict[str, type[Def | Support | ClearBoulet | Clean | Reload]] = {
        "DEF": Def, "SUP": Support, "CLEAR": ClearBoulet, "CLEAN": Clean, "RELOAD": Reload}
    if code in simple and not rest:
        return simple[code]()
    if code in ("SHOT", "DUMP") and len(rest) == 1:
        return (Shot if code == "SHOT" else Dump)(rest[0].upper())
    if code == "SIDE" and len(rest) == 1 and rest[0].lower() in tables.SIDES:
        return SideChange(rest[0].lower())
    if code == "MOV" and rest:
        try:
            waypoints = tuple(NOTATION_LATTICE.parse(p) for p in rest[0].split(">"))
        except ValueError as exc:
            raise IllegalActionError(Said("rules.action_text.point", text=repr(text),
                                          error=exc.args[0] if exc.args else str(exc))) from None
        opts = dict(w.split("=", 1) for w in rest[1:] if "=" in w)
        return Move(waypoints, opts.get("cover"), opts.get("side"))
    raise IllegalActionError(Said("rules.action_text.unreadable", text=repr(text), examples=ACTION_EXAMPLES))


# -- decisions ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class AssignOrders:
    """A coach's secret order tokens for the turn: player id -> token 1..5 (RULES 4.2)."""

    team: str
    orders: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return f"{self.team} assigns order tokens"


@dataclass(frozen=True, init=False)
class Declare:
    """The activated player's whole sequence (RULES 4.5, 5)."""

    player: str
    posture: str
    actions: tuple[Action, ...]
    cover: str | None = None
    side: str | None = None

    def __init__(self, player: str, posture: str, actions: tuple[Action, ...], cover: str | None = None,
                 side: str | None = None) -> None:
        _set(self, "__dict__", dict(player=player, posture=posture, actions=actions, cover=cover, side=side))

    @property
    def team(self) -> str:
        return team_of(self.player)

    def __str__(self) -> str:
        stance = f"{self.posture}" + (f" behind {self.cover} ({self.side})" if self.cover else "")
        return f"{self.player} {stance}: " + ", ".join(str(a) for a in self.actions)


REFLEX = ShotKind.REFLEX
SUPPRESSIVE = ShotKind.SUPPRESSIVE


@dataclass(frozen=True, init=False)
class Reaction:
    """One interactive shot by a non-activated player (RULES 10.2, 10.6)."""

    player: str
    kind: str  # REFLEX | SUPPRESSIVE
    target: str

    def __init__(self, player: str, kind: str, target: str) -> None:
        _set(self, "__dict__", dict(player=player, kind=kind, target=target))

    def __str__(self) -> str:
        return f"{self.player} {self.kind} at {self.target}"


@dataclass(frozen=True)
class React:
    """A coach's reactions for the round (possibly none)."""

    team: str
    reactions: tuple[Reaction, ...] = field(default=())

    def __str__(self) -> str:
        return f"{self.team} reacts: " + (", ".join(map(str, self.reactions)) or "nothing")


@dataclass(frozen=True)
class Dodge:
    """Roll the next dodge die for the player under fire (RULES 9)."""

    team: str

    def __str__(self) -> str:
        return f"{self.team} rolls a dodge die"


@dataclass(frozen=True)
class SheetLine:
    """One player's line of the break sheet (RULES 12.2).

    A runner starts on his base and has 4 action points; a prebunker (``prebunk`` is the point he
    prebunks, the template's origin) starts in his prebunk zone and has 2 action points left."""

    player: str
    order: int
    start: Point
    posture: str
    actions: tuple[Action, ...]
    cover: str | None = None
    side: str | None = None
    prebunk: Point | None = None

    @property
    def prebunker(self) -> bool:
        return self.prebunk is not None


@dataclass(frozen=True)
class BreakSheet:
    """A coach's secret break sheet: a line per player on the field (RULES 12.1–12.2)."""

    team: str
    lines: tuple[SheetLine, ...]

    def line(self, pid: str) -> SheetLine | None:
        return next((ln for ln in self.lines if ln.player == pid), None)

    def __str__(self) -> str:
        return f"{self.team} hands in the break sheet"


@dataclass(frozen=True)
class ChooseTarget:
    """A player behind line 8 names his break shot's target when it happens (RULES 12.2); None
    holds fire."""

    team: str
    player: str
    target: str | None

    def __str__(self) -> str:
        return f"{self.player} fires at {self.target}" if self.target else f"{self.player} holds fire"


Decision = AssignOrders | Declare | React | Dodge | BreakSheet | ChooseTarget
