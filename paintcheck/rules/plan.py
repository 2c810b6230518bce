"""What a declared sequence means on the table: where the player stands at each action, his move,
his shots and their supports (RULES §5). Derived from a ``Declare`` and the player; never stored."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from paintcheck.field.lattice import Point
from paintcheck.rules import tables
from paintcheck.rules.actions import (
    Action,
    Clean,
    ClearBoulet,
    Declare,
    Def,
    Dump,
    Move,
    Reload,
    Shot,
    SideChange,
    Support,
)
from paintcheck.rules.measure import Measurer
from paintcheck.rules.vocab import Posture, side_of

if TYPE_CHECKING:
    from paintcheck.rules.state import Player

_set = object.__setattr__  # a frozen class's fields set at once (its generated __init__ sets them one by one)


@dataclass(frozen=True, init=False)
class Stance:
    """Where and how the player stands at one action of his sequence."""

    point: Point
    cover: str | None
    side: str | None
    side_changed: bool  # a side change came before this action

    def __init__(self, point: Point, cover: str | None, side: str | None, side_changed: bool) -> None:
        _set(self, "__dict__", dict(point=point, cover=cover, side=side, side_changed=side_changed))


@dataclass(frozen=True, init=False)
class Fire:
    """A shot or dump of the sequence."""

    action: int  # index in the sequence
    target: str
    dump: bool
    supports: int
    number: int  # 0 for the first shot of the sequence, 1 for the second, ... (dumps: -1)
    cleaned: bool  # a CLEAN came before it (messy paint gone)
    reloaded: bool  # a RELOAD came before it

    def __init__(self, action: int, target: str, dump: bool, supports: int, number: int, cleaned: bool,
                 reloaded: bool) -> None:
        _set(self, "__dict__", dict(action=action, target=target, dump=dump, supports=supports,
                                     number=number, cleaned=cleaned, reloaded=reloaded))


@dataclass(frozen=True, init=False)
class Plan:
    player: str
    start: Point
    path: tuple[Point, ...] | None  # lattice points of the move, start first
    move_action: int | None
    move_supports: int
    stances: tuple[Stance, ...]  # one per action, as he stands when it begins
    final: Stance  # as he stands after his last action
    fires: tuple[Fire, ...]
    def_count: int  # DEF actions and their supports: the book's "4 DEF" is DEF + 3 supports  [B p.11]
    def_after_move: bool
    clears: int
    cost: int

    def __init__(self, player: str, start: Point, path: tuple[Point, ...] | None, move_action: int | None,
                 move_supports: int, stances: tuple[Stance, ...], final: Stance, fires: tuple[Fire, ...],
                 def_count: int, def_after_move: bool, clears: int, cost: int) -> None:
        _set(self, "__dict__", dict(player=player, start=start, path=path, move_action=move_action,
                                     move_supports=move_supports, stances=stances, final=final, fires=fires,
                                     def_count=def_count, def_after_move=def_after_move, clears=clears,
                                     cost=cost))

    @property
    def end(self) -> Point:
        return self.path[-1] if self.path else self.start

    @property
    def move_length(self) -> int:
        return len(self.path) - 1 if self.path else 0

    @property
    def shoots(self) -> bool:
        return bool(self.fires)

    def stance_at(self, action: int) -> Stance:
        return self.stances[action]

    def fires_after_move(self) -> bool:
        return self.move_action is not None and any(f.action > self.move_action for f in self.fires)


def declare_effects(p: Player, d: Declare, plan: Plan) -> int:
    """What declaring ``d`` (read as ``plan``) does at once to its player ``p``, a ``state.Player``:
    his boulets cleared (RULES 9.4), his stance taken, his DEF count set (RULES 6.2; 4 boulets
    cleared keep DEF 1), a CLEAN or RELOAD ending the fumble for good (RULES 7.5: legality keeps his
    shots after the RELOAD, and the values still count messy paint for a shot before CLEAN), his
    weakened position and bare prebunk over. Returns the boulets cleared."""
    cleared, p.boulets = p.boulets, 0
    p.posture, p.cover, p.side = Posture(d.posture), d.cover, side_of(d.side)
    p.weakened_from, p.bare = None, False
    if any(isinstance(a, Clean) for a in d.actions):
        p.messy = False
    if any(isinstance(a, Reload) for a in d.actions):
        p.reload = False
    p.def_count = tables.DEF_AFTER_CLEARING_FOUR if cleared == tables.MAX_BOULETS else plan.def_count
    return cleared


def has_def(actions: Iterable[Action]) -> bool:
    """The actions include a DEF, wherever it stands among them (a prebunker's finish, RULES 12.6:
    « effectuer une DEF et tirer » is the book's own finish, B p.32–33)."""
    return any(isinstance(a, Def) for a in actions)


_BY_IDENTITY_MAX = 8192
_by_identity: dict[int, tuple[Declare, Point, Measurer, Plan]] = {}


def make_plan(decl: Declare, start: Point, measurer: Measurer) -> Plan:
    """Read a sequence declared from ``start``; the move's lattice path comes from ``measurer``.

    Pure in its arguments (a declaration is immutable, the field does not change), so remembered:
    first by the declaration object itself (every view of a round reads the same ``Declare``
    objects, and hashing a declaration walks all its actions), then by value. An entry keeps its
    declaration alive, so an id is never taken for another's while it is remembered."""
    found = _by_identity.get(id(decl))
    if found is not None and found[0] is decl and found[2] is measurer and found[1] == start:
        return found[3]
    plan = _plan_by_value(decl, start, measurer)
    if len(_by_identity) >= _BY_IDENTITY_MAX:
        _by_identity.clear()
    _by_identity[id(decl)] = (decl, start, measurer, plan)
    return plan


def _cache_clear() -> None:
    """Forget every plan (a test that changes ``tables`` reads costs and counts again)."""
    _by_identity.clear()
    _plan_by_value.cache_clear()


# the tests clear both memos as they clear an lru_cache's: mypy knows no attribute set on a function
make_plan.cache_clear = _cache_clear  # type: ignore[attr-defined]


@lru_cache(maxsize=4096)
def _plan_by_value(decl: Declare, start: Point, measurer: Measurer) -> Plan:
    actions = decl.actions
    # the supports immediately following each action (they all add to it), read once from the end
    follow = [0] * len(actions)
    run = 0
    for i in range(len(actions) - 1, -1, -1):
        follow[i] = run
        run = run + 1 if type(actions[i]) is Support else 0
    point, cover, side = start, decl.cover, decl.side
    side_changed = False
    stances: list[Stance] = []
    fires: list[Fire] = []
    path: tuple[Point, ...] | None = None
    move_action: int | None = None
    move_supports = 0
    def_count = clears = cost = 0
    def_after_move = cleaned = reloaded = False
    shot_number = 0
    stance = Stance(point, cover, side, side_changed)  # immutable: shared until he moves or turns
    for i, action in enumerate(actions):
        stances.append(stance)
        kind = type(action)  # the action classes have no subclasses
        if type(action) is Move:  # ``kind is Move``, narrowing ``action`` for the type checker
            path = measurer.path(point, action.waypoints)
            move_action = i
            move_supports = follow[i]
            length = len(path) - 1
            cost += tables.move_cost(length) if 1 <= length <= tables.MAX_MOVE else tables.MAX_MOVE
            point, cover, side = path[-1], action.cover, action.side
            side_changed = False
            stance = Stance(point, cover, side, side_changed)
            continue
        cost += tables.action_cost(action.code)
        if kind is Def:
            # each support of a DEF is one more DEF (B p.11: "la première action de DEF apporte 5
            # points, et chaque soutien au delà de cette première action apporte 2 points")
            def_count += 1 + follow[i]
            def_after_move = def_after_move or move_action is not None
        elif type(action) is Shot:
            fires.append(Fire(i, action.target, False, follow[i], shot_number, cleaned, reloaded))
            shot_number += 1
        elif type(action) is Dump:
            fires.append(Fire(i, action.target, True, follow[i], -1, cleaned, reloaded))
        elif type(action) is SideChange:
            side, side_changed = action.side, True
            stance = Stance(point, cover, side, side_changed)
        elif kind is ClearBoulet:
            clears += 1
        elif kind is Clean:
            cleaned = True
        elif kind is Reload:
            reloaded = True
    return Plan(
        decl.player, start, path, move_action, move_supports, tuple(stances), stance, tuple(fires),
        min(def_count, tables.MAX_DEF), def_after_move, clears, cost,
    )
