"""Typed events: what happened, the rule applied and the numbers that went in.

Every event has ``rule`` (a RULES.md reference) and ``said``: its catalogue entry (``rules.event.*``)
and its data as values, which the window words in its language (``paintcheck.ui.event_words``);
``text`` is that entry's English (the command line's and the golden logs' log). The log, the teaching
view and the replay tests read them; nothing reads the engine's internals.

The engine's own words the events carry (why a match ended, what a die is rolled for, why a shot is
lost, the labels of a value's parts) are data in ``rules.reasons``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, asdict, dataclass, fields
from typing import TYPE_CHECKING, Any, Self

from paintcheck.said import Said, catalogue

if TYPE_CHECKING:
    from paintcheck.rules.state import Token

_new = object.__new__
Parts = tuple[tuple[str, int], ...]  # a value's breakdown: (label, amount), summed in order


def parts_said(parts: Parts) -> Said | str:
    """``10 (simple) − 1 (distance)``: a value's parts, each ``rules.words.part.*`` with its label,
    chained (``rules.words.chain``) into one ``Said``; no parts say nothing."""
    if not parts:
        return ""
    (label, value), rest = parts[0], parts[1:]
    items = [Said("rules.words.part.first", value=value, label=label)]
    items += [Said(f"rules.words.part.{'plus' if v >= 0 else 'minus'}", value=abs(v), label=lb)
              for lb, v in rest]
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Said("rules.words.chain", first=item, rest=out)
    return out


def shot_said(kind: str) -> Said | str:
    """``simple shot``, ``reflex shot`` (``rules.shot.<kind>``)."""
    return Said(f"rules.shot.{kind}") if f"rules.shot.{kind}" in catalogue() else f"{kind} shot"


def _names(key: str, names: list[str], **values: object) -> Said:
    """An entry for one player (``…_one``) or two (``…_two``); ``…_none`` for nobody."""
    if not names:
        return Said(f"{key}_none", **values)
    if len(names) == 1:
        return Said(f"{key}_one", player=names[0], **values)
    return Said(f"{key}_two", first=names[0], second=names[1], **values)


@dataclass(frozen=True)
class Event:
    rule = ""

    @property
    def said(self) -> Said:
        """What happened: its catalogue entry (``rules.event.*``) and the event's data as values."""
        raise NotImplementedError

    @property
    def text(self) -> str:
        """The English line (the command line's and the golden logs'): the catalogue's English."""
        return str(self.said)

    @property
    def type(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "rule": self.rule, **asdict(self)}


@dataclass(frozen=True)
class Rolled(Event):
    sides: int
    value: int
    purpose: str
    player: str | None = None
    rule = "RULES 4.6"

    @property
    def said(self) -> Said:
        if self.player in ("blue", "white"):  # a coach rolls (who speaks first)
            return Said(f"rules.event.rolled_team.{self.player}", sides=self.sides, value=self.value,
                        purpose=self.purpose)
        if self.player:
            return Said("rules.event.rolled", player=self.player, sides=self.sides, value=self.value,
                        purpose=self.purpose)
        return Said("rules.event.rolled_anon", sides=self.sides, value=self.value, purpose=self.purpose)


@dataclass(frozen=True)
class TurnStarted(Event):
    turn: int
    rule = "RULES 4.6"

    @property
    def said(self) -> Said:
        return Said("rules.event.turn_started", turn=self.turn)


@dataclass(frozen=True)
class OrdersAssigned(Event):
    team: str
    rule = "RULES 4.2"

    @property
    def said(self) -> Said:
        return Said(f"rules.event.orders_assigned.{self.team}")


@dataclass(frozen=True)
class TokensRevealed(Event):
    round: int
    blue: str | None
    white: str | None
    rule = "RULES 4.3"

    @property
    def said(self) -> Said:
        return _names("rules.event.tokens", [p for p in (self.blue, self.white) if p], round=self.round)


@dataclass(frozen=True)
class GunChecked(Event):
    player: str
    roll: int
    works: bool
    rule = "RULES 7.5"

    @property
    def said(self) -> Said:
        return Said("rules.event.gun_works" if self.works else "rules.event.gun_broken", player=self.player,
                    roll=self.roll)


@dataclass(frozen=True)
class SpeakingOrder(Event):
    order: tuple[str, ...]
    reason: str
    rule = "RULES 4.4"

    @property
    def said(self) -> Said:
        return Said(f"rules.event.speaks_first.{self.order[0]}", reason=self.reason)


class _MadeLater:
    """An event one of whose fields (``LATER``) is made when it is first read: the engine hands in
    what makes it (``later``), so a search, which reads few of its events, does not write them all.
    Read, copied or pickled, the event is the one made with the field at once."""

    LATER = ""

    @classmethod
    def later(cls, make: Callable[[], object], **fields: object) -> Self:
        e = _new(cls)
        e.__dict__.update(fields, _make=make)
        return e

    def __getattr__(self, name: str) -> object:  # only for an attribute not set: the field not made yet
        if name == self.LATER:
            known = self.__dict__
            make = known.pop("_make", None)
            if make is not None:
                value = known[name] = make()
                return value
        raise AttributeError(name)

    def __getstate__(self) -> dict[str, object]:
        getattr(self, self.LATER)  # made now
        return self.__dict__


@dataclass(frozen=True)
class SequenceDeclared(_MadeLater, Event):
    """``sequence``: the declared sequence in words (``rules.words.declaration_words``), made when
    first read."""

    player: str
    sequence: str
    cost: int
    rule = "RULES 4.5"
    LATER = "sequence"

    @property
    def said(self) -> Said:
        return Said("rules.event.sequence", sequence=self.sequence, cost=self.cost, count=self.cost)


@dataclass(frozen=True)
class ReactionDeclared(Event):
    player: str
    kind: str
    target: str
    rule = "RULES 10"

    @property
    def said(self) -> Said:
        return Said(f"rules.event.reaction.{self.kind}", player=self.player, target=self.target)


@dataclass(frozen=True)
class NoReaction(Event):
    team: str
    reason: str
    rule = "RULES 10"

    @property
    def said(self) -> Said:
        return Said(f"rules.event.no_reaction.{self.team}", reason=self.reason)


@dataclass(frozen=True)
class BouletsCleared(Event):
    player: str
    count: int
    def_count: int
    rule = "RULES 9.4"

    @property
    def said(self) -> Said:
        return Said("rules.event.boulets_cleared", player=self.player, count=self.count,
                    def_count=self.def_count)


@dataclass(frozen=True)
class DefLost(Event):
    player: str
    segments: int
    lost: int
    def_count: int
    rule = "RULES 10.7"

    @property
    def said(self) -> Said:
        if self.segments:
            return Said("rules.event.def_lost_segments", player=self.player, lost=self.lost,
                        segments=self.segments, def_count=self.def_count, count=self.segments)
        return Said("rules.event.def_lost_check", player=self.player, lost=self.lost,
                    def_count=self.def_count)


@dataclass(frozen=True)
class SpeedTest(Event):
    player: str
    target: str
    parts: Parts
    score: int
    last: bool
    rule = "RULES 11.2"

    @property
    def said(self) -> Said:
        return Said("rules.event.speed_last" if self.last else "rules.event.speed", player=self.player,
                    target=self.target, parts=parts_said(self.parts), score=self.score)


@dataclass(frozen=True)
class ShotResolved(Event):
    shooter: str
    target: str
    kind: str
    shot_parts: Parts
    shot_value: int
    target_parts: Parts
    target_value: int
    required: int
    roll: int
    bonus_dice: tuple[int, ...]
    margin: int
    hit: bool
    rule = "RULES 7.1"

    @property
    def said(self) -> Said:
        return Said("rules.event.shot_hit" if self.hit else "rules.event.shot_miss", shooter=self.shooter,
                    shot=shot_said(self.kind), target=self.target, parts=parts_said(self.shot_parts),
                    value=self.shot_value, target_parts=parts_said(self.target_parts),
                    target_value=self.target_value, required=self.required,
                    roll=self.rolled, margin=self.margin)

    @property
    def rolled(self) -> str:
        """``14``, ``20+6+2``: the d20 and the critical's dice."""
        return f"{self.roll}{''.join(f'+{d}' for d in self.bonus_dice)}"


@dataclass(frozen=True)
class ShotLost(Event):
    shooter: str
    target: str
    reason: str
    rule = "RULES 11.6"

    @property
    def said(self) -> Said:
        return Said("rules.event.shot_lost", shooter=self.shooter, target=self.target, reason=self.reason)


@dataclass(frozen=True)
class Fumble(Event):
    player: str
    roll: int
    outcome: str
    rule = "RULES 7.5"

    @property
    def said(self) -> Said:
        return Said(f"rules.event.fumble.{self.outcome}", player=self.player, roll=self.roll)


@dataclass(frozen=True)
class DodgeRolled(Event):
    player: str
    faces: tuple[int, ...]
    margin_left: int
    rule = "RULES 9.2"

    @property
    def said(self) -> Said:
        return Said("rules.event.dodge_rolled", player=self.player, faces="+".join(map(str, self.faces)),
                    margin=max(self.margin_left, 0))


@dataclass(frozen=True)
class Dodged(Event):
    player: str
    dice: int
    boulets: int
    automatic: bool
    rule = "RULES 9.4"

    @property
    def said(self) -> Said:
        return Said("rules.event.dodged_auto" if self.automatic else "rules.event.dodged", player=self.player,
                    dice=Said("rules.count.dice", count=self.dice), boulets=self.boulets, count=self.boulets)


@dataclass(frozen=True)
class Eliminated(Event):
    player: str
    by: str | None
    reason: str
    token: Token | None = None  # his suppressive token, which leaves the field with him (RULES 10.1)
    rule = "RULES 9.1"

    @property
    def said(self) -> Said:
        return Said("rules.event.eliminated", player=self.player, reason=self.reason)


@dataclass(frozen=True)
class TokenPlaced(Event):
    player: str
    target: str
    side: str | None
    advantage: bool
    previous: Token | None = None  # the token it moves from where it lay, if any
    rule = "RULES 10.1"

    @property
    def said(self) -> Said:
        face = "advantage" if self.advantage else "suppressive"
        if self.side:
            return Said(f"rules.event.token_placed.{face}_side", player=self.player, target=self.target,
                        side=Said(f"rules.side.{self.side}"))
        return Said(f"rules.event.token_placed.{face}", player=self.player, target=self.target)


@dataclass(frozen=True)
class TokenKept(Event):
    player: str
    target: str
    reason: str
    rule = "RULES 10.5"

    @property
    def said(self) -> Said:
        return Said("rules.event.token_kept", player=self.player, target=self.target, reason=self.reason)


@dataclass(frozen=True)
class TokenRemoved(Event):
    player: str
    reason: str
    token: Token | None = None  # the token taken away, as it lay
    boulets: bool = True  # taken by boulets (RULES 9.5), else its target left that cover (10.1)

    # the rule read from the event's own fields (the others' is a constant of their class): mypy
    # refuses a property over the base class's plain attribute
    @property
    def rule(self) -> str:  # type: ignore[override]
        return "RULES 9.5" if self.boulets else "RULES 10.1"

    @property
    def said(self) -> Said:
        return Said("rules.event.token_removed", player=self.player, reason=self.reason)


@dataclass(frozen=True)
class DumpResolved(Event):
    dumper: str
    target: str
    roll: int
    parts: Parts
    total: int
    outcome: str
    rule = "RULES 11.7"

    @property
    def said(self) -> Said:
        return Said("rules.event.dump", dumper=self.dumper, target=self.target, parts=parts_said(self.parts),
                    total=self.total, outcome=Said(f"rules.dump.{self.outcome}"))


@dataclass(frozen=True)
class Moved(Event):
    player: str
    start: tuple[int, int]
    end: tuple[int, int]
    length: int
    path: tuple[tuple[int, int], ...] = ()  # the lattice points he ran through, start to end
    rule = "RULES 5.1"

    @property
    def said(self) -> Said:
        return Said("rules.event.moved", player=self.player, length=self.length, count=self.length)


@dataclass(frozen=True)
class MatchEnded(Event):
    winner: str
    reason: str
    rule = "RULES 13.3"

    @property
    def said(self) -> Said:
        key = "ended_draw" if self.winner == "draw" else f"ended.{self.winner}"
        return Said(f"rules.event.{key}", reason=self.reason)


@dataclass(frozen=True)
class FlagMoved(Event):
    kind: str  # "taken" | "dropped" | "returned" | "hung"
    flag: str
    player: str
    point: tuple[int, int]
    rule = "RULES 13.2"

    @property
    def said(self) -> Said:
        return Said(f"rules.event.flag.{self.kind}", player=self.player, flag=Said(f"rules.flag.{self.flag}"))


@dataclass(frozen=True)
class SheetHandedIn(Event):
    team: str
    rule = "RULES 12.1"

    @property
    def said(self) -> Said:
        return Said(f"rules.event.sheet_handed_in.{self.team}")


@dataclass(frozen=True)
class SheetsRevealed(_MadeLater, Event):
    lines: tuple[str, ...]  # made when first read
    rule = "RULES 12.1"
    LATER = "lines"

    @property
    def said(self) -> Said:
        return Said("rules.event.sheets_revealed")


@dataclass(frozen=True)
class Deployed(Event):
    player: str
    point: tuple[int, int]
    prebunk: tuple[int, int] | None
    rule = "RULES 12.3"

    @property
    def said(self) -> Said:
        return Said("rules.event.deployed_prebunker" if self.prebunk else "rules.event.deployed_runner",
                    player=self.player)


@dataclass(frozen=True)
class PrebunkLaid(Event):
    player: str
    origin: tuple[int, int]
    rule = "RULES 12.3"

    @property
    def said(self) -> Said:
        return Said("rules.event.prebunk_laid", player=self.player)


@dataclass(frozen=True)
class BreakRound(Event):
    stage: str
    round: int
    blue: str | None
    white: str | None
    rule = "RULES 12.1"

    @property
    def said(self) -> Said:
        stage = "runners" if self.stage == "runners" else "finish"
        return _names(f"rules.event.break_round.{stage}", [p for p in (self.blue, self.white) if p],
                      round=self.round)


@dataclass(frozen=True)
class TargetChosen(Event):
    player: str
    target: str | None
    rule = "RULES 12.2"

    @property
    def said(self) -> Said:
        if self.target is None:
            return Said("rules.event.holds_fire", player=self.player)
        return Said("rules.event.target_chosen", player=self.player, target=self.target)


@dataclass(frozen=True)
class ActionDropped(Event):
    player: str
    action: str
    reason: str
    rule = "RULES 12.2"

    @property
    def said(self) -> Said:
        return Said("rules.event.action_dropped", player=self.player, action=self.action, reason=self.reason)


@dataclass(frozen=True)
class TemplateLifted(Event):
    player: str
    rule = "RULES 12.7"

    @property
    def said(self) -> Said:
        return Said("rules.event.template_lifted", player=self.player)


def one_dict_init(cls: type) -> type:
    """Gives the frozen dataclass ``cls`` an ``__init__`` that sets its fields in one dictionary, as
    ``values.Stand`` does: the same parameters, defaults and instance dictionary (fields in order) as
    the dataclass's own, which calls ``object.__setattr__`` once per field (the engine makes hundreds
    of events a match). Equality, hash, ``repr``, pickling and ``to_dict`` read the same fields."""
    names = [f.name for f in fields(cls)]
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    params = ", ".join(f"{n}=_default_{n}" if n in defaults else n for n in names)
    body = ", ".join(f"{n!r}: {n}" for n in names)
    space = {"_set": object.__setattr__, **{f"_default_{n}": v for n, v in defaults.items()}}
    exec(f"def __init__(self, {params}):\n    _set(self, '__dict__', {{{body}}})\n", space)
    init = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    type.__setattr__(cls, "__init__", init)  # ``cls.__init__ = init``, which mypy refuses on a class
    return cls


for _cls in [c for c in list(globals().values()) if isinstance(c, type) and issubclass(c, Event)]:
    if _cls is not Event:
        one_dict_init(_cls)
del _cls
