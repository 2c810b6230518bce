"""Flags (RULES 13): taking, carrying, dropping and hanging, as plain data.

Centre format: one flag on the centre line; whoever passes its point takes it, and hangs it by
reaching a point adjacent to the *enemy* base. Double format: each base holds its team's flag; a
player takes the enemy's flag by passing its point and hangs it by bringing it to a point adjacent
to his *own* base. Taking and hanging cost nothing. A carrier who leaves the field drops the flag on
his point [H]; a player who passes his own team's dropped flag sends it back to its base [H].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from paintcheck.field.lattice import Point, half_of, other_team, row_of

CENTRE = "centre"
HANG_ROWS_FROM_BASE = 1  # a point adjacent to the base: the base row or the row before it  [H 13.2]


@dataclass(frozen=True)
class Flag:
    id: str  # CENTRE, or in the double format the team whose flag it is
    home: Point
    point: Point | None  # where it lies when nobody carries it
    carrier: str | None = None

    def owner(self) -> str | None:
        return None if self.id == CENTRE else self.id


def initial_flags(homes: dict[str, Point]) -> dict[str, Flag]:
    return {fid: Flag(fid, home, home) for fid, home in homes.items()}


def can_take(flag: Flag, team: str) -> bool:
    return flag.carrier is None and flag.id in (CENTRE, other_team(team))


def hang_base(flag: Flag, team: str) -> str:
    """The base a carrier of ``team`` must reach: the enemy's with the centre flag, his own with the
    enemy's flag (double format)."""
    return other_team(team) if flag.id == CENTRE else team


def at_base(point: Point, team: str, base_row: int) -> bool:
    """``point`` is on ``team``'s base or adjacent to it (RULES 13.2)."""
    return half_of(point) == team and row_of(point) >= base_row - HANG_ROWS_FROM_BASE


@dataclass(frozen=True)
class FlagNews:
    """What a move did to the flags, in the order it happened."""

    kind: str  # "taken" | "returned" | "hung"
    flag: str
    player: str
    point: Point


def run_with_flags(
    flags: dict[str, Flag], pid: str, team: str, path: Sequence[Point], base_row: int
) -> tuple[dict[str, Flag], list[FlagNews]]:
    """Walk ``path`` (start first) for ``pid``: take, return and hang flags on the way.

    Stops at the first hang (the match is over)."""
    return runs_with_flags(flags, [(pid, team, path)], base_row)


def runs_with_flags(
    flags: dict[str, Flag], runs: Sequence[tuple[str, str, Sequence[Point]]], base_row: int,
    hang: bool = True,
) -> tuple[dict[str, Flag], list[FlagNews]]:
    """A round's runs ``(player, team, path start first)`` walked together, a point a step: whoever
    reaches a flag's point in fewer steps takes it, and the first to reach his hanging base hangs
    [H]. At the same step, the order of ``runs`` (the speaking order) goes first [H]. Stops at the
    first hang (the match is over). ``hang`` False: the runs take and return flags but hang none
    (a runner eliminated when his move was over, RULES 11.3, 13.2)."""
    flags = dict(flags)
    news: list[FlagNews] = []
    # where flags lie and who carries one, read again only when a flag changes: most steps of most
    # runs touch no flag, and only a carrier can hang
    lying, carriers = _lying_and_carriers(flags)
    for k in range(max((len(path) for _, _, path in runs), default=0)):
        for pid, team, path in runs:
            if k >= len(path):
                continue
            point = path[k]
            if point in lying:
                for fid, flag in list(flags.items()):
                    if flag.point != point or flag.carrier is not None:
                        continue
                    if can_take(flag, team):
                        flags[fid] = Flag(fid, flag.home, None, pid)
                        news.append(FlagNews("taken", fid, pid, point))
                    elif flag.owner() == team and flag.point != flag.home:
                        flags[fid] = Flag(fid, flag.home, flag.home)
                        news.append(FlagNews("returned", fid, pid, point))
                lying, carriers = _lying_and_carriers(flags)
            if hang and pid in carriers:
                for fid, flag in flags.items():
                    if flag.carrier == pid and at_base(point, hang_base(flag, team), base_row):
                        news.append(FlagNews("hung", fid, pid, point))
                        return flags, news
    return flags, news


def _lying_and_carriers(flags: dict[str, Flag]) -> tuple[set[Point], set[str]]:
    """The points where a flag lies (carried by nobody), and the players carrying one."""
    lying: set[Point] = set()
    carriers: set[str] = set()
    for flag in flags.values():
        if flag.carrier is None:
            assert flag.point is not None  # a flag nobody carries lies on a point
            lying.add(flag.point)
        else:
            carriers.add(flag.carrier)
    return lying, carriers


def drop_flags(flags: dict[str, Flag], pid: str, point: Point) -> tuple[dict[str, Flag], list[str]]:
    """A carrier leaves the field: his flags lie on ``point``. Returns the flags and those dropped."""
    dropped = [fid for fid, f in flags.items() if f.carrier == pid]
    if not dropped:
        return flags, []
    flags = dict(flags)
    for fid in dropped:
        f = flags[fid]
        flags[fid] = Flag(fid, f.home, point)
    return flags, dropped
