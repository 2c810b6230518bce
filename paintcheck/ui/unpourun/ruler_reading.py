"""What Un pour un's ruler shows, read from the engine (RULES-unpourun 1.4, 1.8, 4.4, 4.5): no pygame.

From a figure and one of its ranged weapons, ``read_ruler`` gives a ``RulerReading``:

- the weapon's three range bands as rings (``Ring``): the band's name, its limit in *pas* (``tables.RANGED``'s
  PC / PM / PL) and the ring's radius from the shooter's centre. d between figures runs edge to edge (1.4),
  so a target is in a band when its base reaches inside the ring drawn at limit + the shooter's base radius:
  the ring is where a base must begin, the picture a player lays a tape along;
- the line from the figure to the point or figure under the mouse, its length d as the rules measure it
  (``measurer.distance`` to a figure, ``distance_to_point`` to a point), and for a figure the band that the
  engine's ``Board.to_hit`` puts it in;
- the line of sight (1.8) as the measurer's ``sight`` says it: clear, or blocked by which pieces (their kind,
  height and name). Figures never block sight (1.8), so a blocker is always a terrain piece;
- for a blast weapon (4.5), the round template the measurer's ``blast`` lays: centred on the figure under the
  mouse (or, on empty ground, where a figure standing there would be), reach radius + 0.5, and the figures
  it would hit.

Nothing here decides a rule: every number and every yes/no is the engine's answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from paintcheck.unpourun import tables as t
from paintcheck.unpourun.measurer import centre_distance
from paintcheck.unpourun.query import EPS, IMPOSSIBLE, Board
from paintcheck.unpourun.state import MatchState, Point
from paintcheck.unpourun.terrain import BASE_RADIUS, Kind

BANDS = ("short", "medium", "long")  # 4.4, nearest first; catalogue: upu_shot.band.<name>
BEYOND = "beyond"
BAND_OF_MODIFIER = {t.RANGE_SHORT: "short", t.RANGE_MEDIUM: "medium", t.RANGE_LONG: "long"}


@dataclass(frozen=True)
class Ring:
    """A range band's ring: its ``band`` (short / medium / long), the weapon's ``limit`` (d <= limit) and
    the ``radius`` from the shooter's centre where a target's base begins to be inside."""

    band: str
    limit: float
    radius: float


@dataclass(frozen=True)
class Blocker:
    """A terrain piece that blocks the line of sight: its index in ``table.pieces``, kind, height, name."""

    index: int
    kind: Kind
    height: int
    name: str


@dataclass(frozen=True)
class Template:
    """A blast's round template (4.5): its centre, the weapon's radius, the reach of a hit centre
    (radius + 0.5) and the figures hit, nearest first (ids)."""

    centre: Point
    radius: float
    reach: float
    hit: tuple[str, ...]


@dataclass(frozen=True)
class RulerReading:
    figure: str
    weapon: str
    origin: Point  # the shooter's centre
    end: Point  # the point, or the target's centre
    target: str | None  # the figure under the mouse
    d: float  # 1.4: to a figure edge to edge, to a point from the base's edge
    band: str | None  # a figure's band (BANDS or BEYOND); None for a point
    seen: bool
    blockers: tuple[Blocker, ...]
    rings: tuple[Ring, ...]
    template: Template | None


def rings(weapon: str) -> tuple[Ring, ...]:
    """The weapon's three bands (4.4), from tables.RANGED; a band's ring lies at limit + the base radius."""
    w = t.RANGED[weapon]
    return tuple(Ring(name, limit, limit + BASE_RADIUS) for name, limit in zip(BANDS, (w.pc, w.pm, w.pl),
                                                                              strict=True))


def band_of(board: Board, s: MatchState, shooter: str, target: str, weapon: str) -> str:
    """The band the engine's to-hit reading puts ``target`` in (4.4), ``beyond`` past PL."""
    need, rng, _height, d = board.to_hit(s.figure(shooter), s.figure(target), weapon)
    if need >= IMPOSSIBLE and d > t.RANGED[weapon].pl + EPS:
        return BEYOND
    return BAND_OF_MODIFIER[rng]


def read_ruler(board: Board, s: MatchState, shooter: str, weapon: str, aim: Point,
               target: str | None = None) -> RulerReading:
    """The ruler from ``shooter`` (a figure on the table) with ``weapon``, to ``target`` (a figure on the
    table) when given, else to the point ``aim`` (*pas*)."""
    m = board.m
    f = s.figure(shooter)
    origin = board.pos(f)
    e_from = board.elevation(f)
    if target is not None:
        g = s.figure(target)
        end = board.pos(g)
        d = m.distance(origin, end)
        band: str | None = band_of(board, s, shooter, target, weapon)
        sight = m.sight(origin, end, e_from, board.elevation(g))
    else:
        end = aim
        d = m.distance_to_point(origin, end)
        band = None
        sight = m.sight(origin, end, e_from, None)
    pieces = m.table.pieces
    blockers = tuple(Blocker(i, pieces[i].kind, pieces[i].height, pieces[i].name) for i in sight.blockers)
    w = t.RANGED[weapon]
    template = blast_template(board, s, shooter, w.blast, end, target) if w.blast else None
    return RulerReading(shooter, weapon, origin, end, target, d, band, sight.seen, blockers, rings(weapon),
                        template)


def blast_template(board: Board, s: MatchState, shooter: str, radius: float, centre: Point,
                   target: str | None) -> Template:
    """The measurer's blast (4.5) on ``target`` (or on a figure that would stand at ``centre``): the
    figures on the table, hors de combat included, as the engine lays it."""
    on = [f for f in s.figures if f.on_table]
    ids = [f.id for f in on]
    positions = [board.pos(f) for f in on]
    elevations = [board.elevation(f) for f in on]
    if target is None:
        positions.append(centre)
        elevations.append(board.m.elevation(centre))
        ids.append("")
        aimed = len(positions) - 1
    else:
        aimed = ids.index(target)
    found = board.m.blast(aimed, radius, positions, ids.index(shooter), elevations)
    hit = tuple(ids[i] for i in found.hit if ids[i])
    return Template(found.centre, radius, found.reach, hit)


def figure_near(board: Board, s: MatchState, p: Point) -> str | None:
    """The figure on the table whose base holds ``p`` (the nearest if several), or None."""
    best, best_gap = None, BASE_RADIUS
    for f in s.figures:
        if f.on_table:
            gap = centre_distance(board.pos(f), p)
            if gap <= best_gap:
                best, best_gap = f.id, gap
    return best
