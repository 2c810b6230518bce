"""Small worlds for Un pour un's rule tests: two bands placed by hand on a table, a figure's activation
under way, scripted dice; everything then goes through the engine's one door (``Engine.apply``)."""

from __future__ import annotations

from dataclasses import replace

from paintcheck.rules.dice import ScriptedDice
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import BandSpec, FigureSpec, Options
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.measurer import Measurer
from paintcheck.unpourun.setup import new_match
from paintcheck.unpourun.state import Activation, MatchState, Phase
from paintcheck.unpourun.terrain import OPEN_TABLE, Kind, Piece, Table

CHEF, SC, SF = t.CHEF, t.SOUS_CHEF, t.SOUS_FIFRE


def fig(
    kind: str, melee: str = "dague", ranged: tuple[str, ...] = (), equipment: tuple[str, ...] = ()
) -> FigureSpec:
    return FigureSpec(kind, melee, ranged, equipment)


def band(*specs: FigureSpec, name: str = "band") -> BandSpec:
    """A band of ``specs``; a chef and a sous-fifre are added when missing (2.1)."""
    specs_ = list(specs)
    if not any(s.kind == CHEF for s in specs_):
        specs_.append(fig(CHEF))
    if not any(s.kind == SF for s in specs_):
        specs_.append(fig(SF))
    return BandSpec(name, tuple(specs_))


def table(*pieces: tuple[str, int, tuple[tuple[float, float], ...]]) -> Table:
    return replace(OPEN_TABLE, pieces=tuple(Piece(Kind(k), h, pts) for k, h, pts in pieces))


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


class World:
    """``a`` and ``b``: the two bands; ``at``: figure id -> centre (others stay off the table, far away
    figures are placed in a corner); ``active``: the figure whose activation is under way."""

    def __init__(
        self,
        a: BandSpec,
        b: BandSpec,
        at: dict[str, tuple[float, float]],
        active: str | None = None,
        tbl: Table = OPEN_TABLE,
        options: Options | None = None,
        pa: int | None = None,
    ) -> None:
        self.m = Measurer(tbl)
        self.engine = Engine(self.m)
        s = new_match((a, b), options or Options(), tbl.name)
        corner = {
            "A": [(0.5 + 1.5 * i, 0.5) for i in range(20)],
            "B": [(47.5 - 1.5 * i, 47.5) for i in range(20)],
        }
        figures = []
        for f in s.figures:
            pos = at.get(f.id) or corner[f.player].pop(0)
            figures.append(replace(f, pos=pos))
        s.figures = tuple(figures)
        s.turn, s.first, s.wave, s.wave_left = 1, "A", 2, 0
        s.zones = {"A": 0, "B": 1}
        s.seen = frozenset((x.id, y.id) for x in s.figures for y in s.figures if x.player != y.player)
        if active is not None:
            f = s.figure(active)
            s.figures = tuple(replace(g, activated=True) if g.id == active else g for g in s.figures)
            s.phase, s.mover = Phase.ACTIVATION, f.player
            s.activation = Activation(active, f.stats.pa if pa is None else pa)
        else:
            s.phase, s.mover = Phase.WAVE, "A"
        self.s: MatchState = s
        self.events: list = []

    def set(self, fid: str, **changes) -> None:
        self.s.figures = tuple(replace(f, **changes) if f.id == fid else f for f in self.s.figures)

    def do(self, decision, *faces: int) -> list:
        dice = ScriptedDice(faces)
        self.s, self.events = self.engine.apply(self.s, decision, dice)
        assert dice.remaining == 0, f"{dice.remaining} scripted dice left unused"
        return self.events

    def why(self, decision):
        return self.engine.why_illegal(self.s, decision)

    def f(self, fid: str):
        return self.s.figure(fid)

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]
