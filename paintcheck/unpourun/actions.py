"""Decisions of Un pour un: small frozen values with a text form (RULES-unpourun §1.9, §3-§4, §6.6).

A path is the points the base's centre goes through after its start (3.4: straight segments), in
*pas*, never rounded. Text forms: ``WALK 3.5,10;4,12``, ``SHOOT fusil B2``, ``CHARGE B1 7,20``,
``STRIKE B1``, ``ACTIVATE A3``, ``DEPLOY A1 10.5,3``, ``TEST A2 B4``, ``TARGET B3``; ``parse`` reads
them back and ``to_dict``/``from_dict`` give their JSON form (saves, logs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Point = tuple[float, float]
Path = tuple[Point, ...]


class IllegalActionError(ValueError):
    """A decision the rules refuse; ``args[0]`` is the reason, a ``Said``."""


@dataclass(frozen=True)
class RollOff:
    """1.9: both players roll 1d6 for the zones, re-rolling ties (the dice are the engine's)."""


@dataclass(frozen=True)
class ChooseZone:
    zone: int  # 0: the strip at y = 0, 1: the other


@dataclass(frozen=True)
class Deploy:
    figure: str
    at: Point


@dataclass(frozen=True)
class Activate:
    figure: str


@dataclass(frozen=True)
class StopWave:
    """3.2: the first wave's player stops before his die's count."""


@dataclass(frozen=True)
class Walk:
    path: Path


@dataclass(frozen=True)
class Run:
    path: Path


@dataclass(frozen=True)
class Charge:
    """3.6: the target and the path that brings the charger base to base with it."""

    target: str
    path: Path


@dataclass(frozen=True)
class ChargeMove:
    """3.6 (c)/(d) after the target stepped back: a path to contact, or the failed charge's run."""

    path: Path


@dataclass(frozen=True)
class Strike:
    target: str


@dataclass(frozen=True)
class Flee:
    path: Path


@dataclass(frozen=True)
class Shoot:
    """4.1: ``weapon`` at the nominated ``target`` (4.3's ties are the targets' owner's: ``ChooseTarget``)."""

    weapon: str
    target: str


@dataclass(frozen=True)
class ChooseTarget:
    """4.3, 10.1: the targets' owner names the next target among the group members tied for nearest the
    shooter."""

    figure: str


@dataclass(frozen=True)
class Medikit:
    target: str


@dataclass(frozen=True)
class EndActivation:
    pass


@dataclass(frozen=True)
class FreeShot:
    """6.6: the free shot at the enemy seen, with ``weapon`` ("": declined)."""

    weapon: str


@dataclass(frozen=True)
class TakeTest:
    """6.8, 10.1: of the player's tests triggered at one moment, ``figure``'s comes next; for a sighting
    tied between enemies (6.6: « for the nearest »), ``enemy`` is the one it tests for ("" for a shot)."""

    figure: str
    enemy: str = ""


@dataclass(frozen=True)
class RoutMove:
    """8.4: the routing figure's move: () straight toward the nearest edge, or, when that line is
    blocked, the owner's path along which the distance to that edge never grows; ``edge``: the owner's
    choice among tied nearest edges (10.1; "": the first the measurer names)."""

    path: Path
    edge: str = ""


@dataclass(frozen=True)
class Withdraw:
    """6.5: the withdrawing figure's path to a point out of Z's sight, or () to move straight away."""

    path: Path


Decision = (RollOff | ChooseZone | Deploy | Activate | StopWave | Walk | Run | Charge | ChargeMove | Strike
            | Flee | Shoot | Medikit | EndActivation | FreeShot
            | Withdraw | RoutMove | TakeTest | ChooseTarget)
NAMES: dict[type, str] = {RollOff: "ROLLOFF", ChooseZone: "ZONE", Deploy: "DEPLOY", Activate: "ACTIVATE",
                          StopWave: "STOP", Walk: "WALK", Run: "RUN", Charge: "CHARGE",
                          ChargeMove: "CHARGEMOVE",
                          Strike: "STRIKE", Flee: "FLEE", Shoot: "SHOOT", Medikit: "MEDIKIT",
                          EndActivation: "END", FreeShot: "FREESHOT",
                          Withdraw: "WITHDRAW", RoutMove: "ROUT", TakeTest: "TEST",
                          ChooseTarget: "TARGET"}
BY_NAME = {name: cls for cls, name in NAMES.items()}
EDGES = ("A", "B", "left", "right")  # 8.4: the table's edges, as the measurer names them


def _point(p: Point) -> str:
    return f"{p[0]!r},{p[1]!r}"


def _path(path: Path) -> str:
    return ";".join(_point(p) for p in path)


def text(d: Any) -> str:
    """The decision's text form (``parse`` reads it back exactly: floats as Python writes them)."""
    name = NAMES[type(d)]
    if isinstance(d, RoutMove) and d.edge:
        return f"{name} {d.edge} {_path(d.path)}".rstrip()
    if isinstance(d, (Walk, Run, Flee, ChargeMove, Withdraw, RoutMove)):
        return f"{name} {_path(d.path)}".rstrip()
    if isinstance(d, Charge):
        return f"{name} {d.target} {_path(d.path)}"
    if isinstance(d, Deploy):
        return f"{name} {d.figure} {_point(d.at)}"
    if isinstance(d, Shoot):
        return f"{name} {d.weapon} {d.target}"
    if isinstance(d, (Activate, ChooseTarget)):
        return f"{name} {d.figure}"
    if isinstance(d, (Strike, Medikit)):
        return f"{name} {d.target}"
    if isinstance(d, ChooseZone):
        return f"{name} {d.zone}"
    if isinstance(d, FreeShot):
        return f"{name} {d.weapon or '-'}".rstrip()
    if isinstance(d, TakeTest):
        return f"{name} {d.figure} {d.enemy}".rstrip()
    return name


def _read_point(s: str) -> Point:
    x, y = s.split(",")
    return float(x), float(y)


def _read_path(s: str) -> Path:
    return tuple(_read_point(p) for p in s.split(";") if p)


def parse(s: str) -> Any:
    """A decision from its text form (``ValueError`` with one line otherwise)."""
    words = s.split()
    try:
        cls = BY_NAME[words[0]]
        args = words[1:]
        if cls is RoutMove and args and args[0] in EDGES:
            return RoutMove(_read_path(args[1] if len(args) > 1 else ""), args[0])
        if cls in (Walk, Run, Flee, ChargeMove, Withdraw, RoutMove):
            return cls(_read_path(args[0] if args else ""))
        if cls is Charge:
            return Charge(args[0], _read_path(args[1]))
        if cls is Deploy:
            return Deploy(args[0], _read_point(args[1]))
        if cls is Shoot:
            if len(args) > 2:
                raise ValueError("too many words")
            return Shoot(args[0], args[1])
        if cls in (Activate, ChooseTarget):
            return cls(args[0])
        if cls in (Strike, Medikit):
            return cls(args[0])
        if cls is ChooseZone:
            return ChooseZone(int(args[0]))
        if cls is FreeShot:
            return FreeShot("" if args[0] == "-" else args[0])
        if cls is TakeTest:
            if len(args) > 2:
                raise ValueError("too many words")
            return TakeTest(args[0], args[1] if len(args) > 1 else "")
        if args:
            raise ValueError("too many words")
        return cls()
    except (KeyError, IndexError, ValueError) as exc:
        raise ValueError(f"not an Un pour un decision: {s[:60]!r} ({exc})") from None


def to_dict(d: Any) -> dict[str, Any]:
    return {"decision": text(d)}


def from_dict(data: Any) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get("decision"), str):
        raise ValueError("an Un pour un decision is {\"decision\": text}")
    return parse(data["decision"])
