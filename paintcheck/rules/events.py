"""Typed events: what happened, the rule applied and the numbers that went in.

Every event has ``rule`` (a RULES.md reference) and ``text`` (one English sentence: the command line's
and the golden logs' log). The log, the teaching view and the replay tests read them; nothing reads
the engine's internals. The window words each event again from its data, in its own language
(``paintcheck.ui.event_words``).

The engine's own words are data too (``paintcheck.said.Said``: the same English string, with a
catalogue key and its values): why a match ended, what a die is rolled for, why a shot is lost, the
labels of a value's parts. The factories below make them; their English is the one the engine always
wrote, so logs and files read the same words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, asdict, dataclass, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Self

from paintcheck.said import Said

if TYPE_CHECKING:
    from paintcheck.rules.state import Token

_new = object.__new__
Parts = tuple[tuple[str, int], ...]  # a value's breakdown: (label, amount), summed in order


def _count(n: int, one: str, other: str | None = None) -> str:
    """``1 boulet``, ``4 boulets``: a count in the log's English (the window words it by the
    catalogue's count forms, ``rules.event.*_one`` / ``_other``)."""
    return f"{n} {one if n == 1 else other or one + 's'}"


def _parts(parts: Parts) -> str:
    out = ""
    for i, (label, value) in enumerate(parts):
        if i == 0:
            out = f"{value} ({label})"
        else:
            out += f" {'+' if value >= 0 else '−'} {abs(value)} ({label})"
    return out


@dataclass(frozen=True)
class Event:
    rule = ""

    @property
    def text(self) -> str:
        raise NotImplementedError

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
    def text(self) -> str:
        who = f"{self.player} " if self.player else ""
        return f"{who}rolls d{self.sides}: {self.value} ({self.purpose})"


@dataclass(frozen=True)
class TurnStarted(Event):
    turn: int
    rule = "RULES 4.6"

    @property
    def text(self) -> str:
        return f"Turn {self.turn} begins: coaches give their order tokens."


@dataclass(frozen=True)
class OrdersAssigned(Event):
    team: str
    rule = "RULES 4.2"

    @property
    def text(self) -> str:
        return f"{self.team.capitalize()} has placed its order tokens face down."


@dataclass(frozen=True)
class TokensRevealed(Event):
    round: int
    blue: str | None
    white: str | None
    rule = "RULES 4.3"

    @property
    def text(self) -> str:
        names = [p for p in (self.blue, self.white) if p]
        return f"Round {self.round}: tokens {self.round} revealed — " + (
            " and ".join(names) + " activated." if names else "nobody."
        )


@dataclass(frozen=True)
class GunChecked(Event):
    player: str
    roll: int
    works: bool
    rule = "RULES 7.5"

    @property
    def text(self) -> str:
        verdict = "works again" if self.works else "stays dead for the match"
        return f"{self.player}'s dead gun: d20 {self.roll} → it {verdict}."


@dataclass(frozen=True)
class SpeakingOrder(Event):
    order: tuple[str, ...]
    reason: str
    rule = "RULES 4.4"

    @property
    def text(self) -> str:
        return f"{self.order[0].capitalize()} declares first ({self.reason})."


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
    def text(self) -> str:
        return f"{self.sequence}  [{_count(self.cost, 'action point')}]"


@dataclass(frozen=True)
class ReactionDeclared(Event):
    player: str
    kind: str
    target: str
    rule = "RULES 10"

    @property
    def text(self) -> str:
        return f"{self.player} declares a {self.kind} shot at {self.target}."


@dataclass(frozen=True)
class NoReaction(Event):
    team: str
    reason: str
    rule = "RULES 10"

    @property
    def text(self) -> str:
        return f"{self.team.capitalize()} does not react ({self.reason})."


@dataclass(frozen=True)
class BouletsCleared(Event):
    player: str
    count: int
    def_count: int
    rule = "RULES 9.4"

    @property
    def text(self) -> str:
        return f"{self.player} clears {_count(self.count, 'boulet')}; DEF {self.def_count}."


@dataclass(frozen=True)
class DefLost(Event):
    player: str
    segments: int
    lost: int
    def_count: int
    rule = "RULES 10.7"

    @property
    def text(self) -> str:
        why = f"{_count(self.segments, 'segment')} from his token" if self.segments else "d6 check"
        return f"{self.player}'s reflex costs {self.lost} DEF ({why}); DEF now {self.def_count}."


@dataclass(frozen=True)
class SpeedTest(Event):
    player: str
    target: str
    parts: Parts
    score: int
    last: bool
    rule = "RULES 11.2"

    @property
    def text(self) -> str:
        tail = " → shoots last (moved more than 4 vulnerable points)" if self.last else ""
        return f"Speed {self.player}→{self.target}: {_parts(self.parts)} = {self.score}{tail}"


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
    def text(self) -> str:
        extra = "".join(f"+{d}" for d in self.bonus_dice)
        verdict = f"HIT, margin {self.margin}" if self.hit else "miss"
        return (
            f"{self.shooter} {self.kind} shot at {self.target}: {_parts(self.shot_parts)} = "
            f"{self.shot_value} vs {_parts(self.target_parts)} = {self.target_value} → needs "
            f"{self.required}; rolls {self.roll}{extra} → {verdict}."
        )


@dataclass(frozen=True)
class ShotLost(Event):
    shooter: str
    target: str
    reason: str
    rule = "RULES 11.6"

    @property
    def text(self) -> str:
        return f"{self.shooter}'s shot at {self.target} is lost: {self.reason}."


@dataclass(frozen=True)
class Fumble(Event):
    player: str
    roll: int
    outcome: str
    rule = "RULES 7.5"

    @property
    def text(self) -> str:
        words = {
            "technical": "technical problem: dead gun and 1 boulet",
            "messy_paint": "messy paint: −5 to his shots until he cleans",
            "reload": "reload: no shot until he reloads",
        }
        return f"{self.player} fumbles (d20 {self.roll}): {words[self.outcome]}."


@dataclass(frozen=True)
class DodgeRolled(Event):
    player: str
    faces: tuple[int, ...]
    margin_left: int
    rule = "RULES 9.2"

    @property
    def text(self) -> str:
        faces = "+".join(map(str, self.faces))
        return f"{self.player} dodges {faces}; margin left {max(self.margin_left, 0)}."


@dataclass(frozen=True)
class Dodged(Event):
    player: str
    dice: int
    boulets: int
    automatic: bool
    rule = "RULES 9.4"

    @property
    def text(self) -> str:
        dice = _count(self.dice, "die", "dice")
        how = "margin 1, dodged without rolling" if self.automatic else f"with {dice}"
        return f"{self.player} dodges ({how}) and now carries {_count(self.boulets, 'boulet')}."


@dataclass(frozen=True)
class Eliminated(Event):
    player: str
    by: str | None
    reason: str
    token: Token | None = None  # his suppressive token, which leaves the field with him (RULES 10.1)
    rule = "RULES 9.1"

    @property
    def text(self) -> str:
        return f"{self.player} goes to the dead zone ({self.reason})."


@dataclass(frozen=True)
class TokenPlaced(Event):
    player: str
    target: str
    side: str | None
    advantage: bool
    previous: Token | None = None  # the token it moves from where it lay, if any
    rule = "RULES 10.1"

    @property
    def text(self) -> str:
        face = "advantage" if self.advantage else "suppressive"
        where = f" on the {self.side} side" if self.side else ""
        return f"{self.player} puts his {face} token on {self.target}{where}."


@dataclass(frozen=True)
class TokenKept(Event):
    player: str
    target: str
    reason: str
    rule = "RULES 10.5"

    @property
    def text(self) -> str:
        return f"{self.player} cannot press {self.target}: {self.reason}."


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
    def text(self) -> str:
        return f"{self.player} loses his suppressive token ({self.reason})."


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
    def text(self) -> str:
        return f"{self.dumper} dumps {self.target}: {_parts(self.parts)} = {self.total} → {self.outcome}."


@dataclass(frozen=True)
class Moved(Event):
    player: str
    start: tuple[int, int]
    end: tuple[int, int]
    length: int
    path: tuple[tuple[int, int], ...] = ()  # the lattice points he ran through, start to end
    rule = "RULES 5.1"

    @property
    def text(self) -> str:
        return f"{self.player} runs {_count(self.length, 'point')}."


@dataclass(frozen=True)
class MatchEnded(Event):
    winner: str
    reason: str
    rule = "RULES 13.3"

    @property
    def text(self) -> str:
        who = "Draw" if self.winner == "draw" else f"{self.winner.capitalize()} wins"
        return f"{who}: {self.reason}."


@dataclass(frozen=True)
class FlagMoved(Event):
    kind: str  # "taken" | "dropped" | "returned" | "hung"
    flag: str
    player: str
    point: tuple[int, int]
    rule = "RULES 13.2"

    @property
    def text(self) -> str:
        name = "the flag" if self.flag == "centre" else f"{self.flag.capitalize()}'s flag"
        return {
            "taken": f"{self.player} takes {name}.",
            "dropped": f"{self.player} drops {name} where he falls.",
            "returned": f"{self.player} sends {name} back to its base.",
            "hung": f"{self.player} hangs {name}!",
        }[self.kind]


@dataclass(frozen=True)
class SheetHandedIn(Event):
    team: str
    rule = "RULES 12.1"

    @property
    def text(self) -> str:
        return f"{self.team.capitalize()} hands in its break sheet, face down."


@dataclass(frozen=True)
class SheetsRevealed(_MadeLater, Event):
    lines: tuple[str, ...]  # made when first read
    rule = "RULES 12.1"
    LATER = "lines"

    @property
    def text(self) -> str:
        return "Both break sheets are revealed. The break begins!"


@dataclass(frozen=True)
class Deployed(Event):
    player: str
    point: tuple[int, int]
    prebunk: tuple[int, int] | None
    rule = "RULES 12.3"

    @property
    def text(self) -> str:
        role = "prebunker" if self.prebunk else "runner"
        return f"{self.player} ({role}) takes his place."


@dataclass(frozen=True)
class PrebunkLaid(Event):
    player: str
    origin: tuple[int, int]
    rule = "RULES 12.3"

    @property
    def text(self) -> str:
        return f"{self.player} prebunks: his template lies on the field."


@dataclass(frozen=True)
class BreakRound(Event):
    stage: str
    round: int
    blue: str | None
    white: str | None
    rule = "RULES 12.1"

    @property
    def text(self) -> str:
        who = " and ".join(p for p in (self.blue, self.white) if p)
        what = "run" if self.stage == "runners" else "finish their sequences"
        return f"Break, order {self.round}: {who} {what}."


@dataclass(frozen=True)
class TargetChosen(Event):
    player: str
    target: str | None
    rule = "RULES 12.2"

    @property
    def text(self) -> str:
        if self.target is None:
            return f"{self.player} holds fire."
        return f"{self.player} picks {self.target} as his target."


@dataclass(frozen=True)
class ActionDropped(Event):
    player: str
    action: str
    reason: str
    rule = "RULES 12.2"

    @property
    def text(self) -> str:
        return f"{self.player}'s sheet action {self.action} is dropped: {self.reason}."


@dataclass(frozen=True)
class TemplateLifted(Event):
    player: str
    rule = "RULES 12.7"

    @property
    def text(self) -> str:
        return f"{self.player} has finished: his template leaves the field."


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


# -- the engine's words, as data (English as it always was; the window words them, ui.i18n.say) -----
def flag_hung(player: str) -> Said:
    """Why a match ends when ``player`` hangs a flag (RULES 13.3)."""
    return Said("rules.end.flag", player=player)


def after_last_turn(turn: int, blue: int, white: int) -> Said:
    """Why a match ends after its last turn, with the players left on each side (RULES 13.3)."""
    return Said("rules.end.turns",
                turn=turn, blue=blue, white=white)


NONE_LEFT_OTHER_SIDE = Said("rules.end.one_side")
NONE_LEFT_EITHER_SIDE = Said("rules.end.both_sides")


def none_left_other_side() -> Said:
    """Why a match ends when one side has no player left on the field."""
    return NONE_LEFT_OTHER_SIDE


def none_left_either_side() -> Said:
    """Why a match ends in a draw when neither side has a player left on the field."""
    return NONE_LEFT_EITHER_SIDE


def _said(key: str) -> Said:
    return Said(f"rules.{key}")


# what a die is rolled for (Rolled.purpose)
PURPOSE_DEAD_GUN = _said("purpose.dead_gun")
PURPOSE_SPEAKS_FIRST = _said("purpose.speaks_first")
PURPOSE_REFLEX_DEF = _said("purpose.reflex_def")
PURPOSE_SPEED = _said("purpose.speed")
PURPOSE_CRITICAL = _said("purpose.critical")
PURPOSE_DODGE = _said("purpose.dodge")
PURPOSE_FUMBLE = _said("purpose.fumble")


@lru_cache(maxsize=1024)
def purpose_shot_at(target: str) -> Said:
    return Said("rules.purpose.shot_at", target=target)


@lru_cache(maxsize=1024)
def purpose_dump_on(target: str) -> Said:
    return Said("rules.purpose.dump_on", target=target)


@lru_cache(maxsize=1024)
def purpose_again(purpose: str) -> Said:
    """A 6 rolled again and added (RULES 7.3, 9.2)."""
    return Said("rules.purpose.again", purpose=purpose)


# why a coach speaks first (SpeakingOrder.reason)
SPEAKS_ONLY_COACH = _said("reason.only_coach")
SPEAKS_BOULETS = _said("reason.speaks_boulets")
SPEAKS_FEWER = _said("reason.fewer_players")


@lru_cache(maxsize=1024)
def speaks_lower_d6(low: int, high: int) -> Said:
    return Said("rules.reason.lower_d6", low=low, high=high)


# why a coach does not react (NoReaction.reason)
NO_PLAYER_CAN_REACT = _said("reason.none_can_react")
COACH_DECLARES_NONE = _said("reason.declares_none")

# why a shot is lost (ShotLost.reason; the rest come from values.RoundView.reading)
LOST_FASTER_SHOT = _said("reason.faster_shot")
LOST_SHOOTER_DEAD = _said("reason.shooter_dead")
LOST_MARKER = _said("reason.marker")
LOST_TARGET_DEAD = _said("reason.target_dead")
LOST_RAN_OFF = _said("reason.ran_off")
LOST_OUT_OF_REACH = _said("reason.out_of_reach")

# why a suppressive token goes (TokenRemoved.reason) or stays (TokenKept.reason)
TOKEN_BOULETS = _said("reason.token_boulets")


@lru_cache(maxsize=1024)
def token_left_cover(player: str) -> Said:
    return Said("rules.reason.left_cover", player=player)


@lru_cache(maxsize=1024)
def token_priority_lock(presser: str) -> Said:
    return Said("rules.reason.priority_lock", presser=presser)


# why a player goes to the dead zone (Eliminated.reason; the dodge's own in values.RoundView.dodge_dice)
DODGE_FELL_SHORT = _said("reason.dodge_short")


@lru_cache(maxsize=1024)
def dump_outcome(outcome: str) -> Said:
    """The dumper's own fall: ``dump disaster``, ``dump confusion`` (RULES 11.7)."""
    return Said(f"rules.reason.dump.{outcome}")


@lru_cache(maxsize=1024)
def dumped(outcome: str) -> Said:
    """The dumped player's fall: ``dumped (confusion)``, ``dumped (clean)``."""
    return Said(f"rules.reason.dumped.{outcome}")


# the labels of a value's parts (Parts), shared by the engine, values and the break
LABEL_D6 = _said("label.d6")
LABEL_PRESSER = _said("label.presser")
LABEL_REFLEX = _said("label.reflex")
LABEL_AFTER_SIDE_CHANGE = _said("label.after_side_change")
LABEL_OUTSIDE_FOV = _said("label.outside_fov")


@lru_cache(maxsize=1024)
def label_moved_vulnerable(n: int) -> Said:
    return Said("rules.label.moved_vulnerable", count=n)


@lru_cache(maxsize=64)
def label_shot_number(n: int) -> Said:
    """``shot #2``: the second target of a sequence (RULES 7.6, 11.2)."""
    return Said("rules.label.shot_number", number=n)


@lru_cache(maxsize=64)
def label_supports(n: int) -> Said:
    return Said("rules.label.supports", count=n)
