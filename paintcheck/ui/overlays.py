"""The instruments laid on the table: ruler, protractor, field of vision, a run being drawn.

Each overlay is computed from the geometry instruments (``paintcheck.geometry``: the same result
objects the measurer reads) and its numbers come from the rules (``RoundView.reading`` and
``rules.tables``) and the ruler's marks from the catalogue (``field.catalogue``), never re-derived
here. ``Instruments`` holds where they lie; the ``read_*`` functions make the readings; the
``draw_*`` functions draw them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame
import pygame.gfxdraw

from paintcheck.field.catalogue import RULER_MARKS
from paintcheck.field.lattice import point_name
from paintcheck.geometry import fov as fov_mod
from paintcheck.geometry import protractor as protractor_mod
from paintcheck.geometry import ruler as ruler_mod
from paintcheck.geometry.touch import CROSS
from paintcheck.rules import tables
from paintcheck.rules.actions import Declare, Move
from paintcheck.rules.events import Parts
from paintcheck.rules.state import MatchState, ShotEntry
from paintcheck.rules.values import RoundView
from paintcheck.rules.vocab import ShotKind
from paintcheck.ui import i18n, theme
from paintcheck.ui.event_words import parts_words
from paintcheck.ui.event_words import words as engine_words
from paintcheck.ui.fieldview import screen_coords
from paintcheck.ui.i18n import tr
from paintcheck.ui.transform import FieldTransform

PROTRACTOR_RADIUS = 2.4  # points


# -- where the instruments lie -------------------------------------------------------------------
@dataclass
class Instruments:
    ruler_head: str | None = None  # the target figure the ruler's head sits on
    ruler_from: tuple[int, int] | None = None  # or the empty point it sits on (a sheet's aim)
    ruler_tail: tuple[float, float] | None = None  # where its other end points (world)
    ruler_shooter: str | None = None  # the shooter its tail snapped to
    dragging: str | None = None  # "head" | "tail" while the mouse holds it
    protractor: bool = True  # show the protractor on the ruler's target
    selected: str | None = None  # the figure whose field of vision is shaded
    viewpoint: tuple[int, int] | None = None  # or the empty point whose (a coach's player's) is

    def clear_ruler(self) -> None:
        self.ruler_head = self.ruler_from = self.ruler_tail = self.ruler_shooter = None
        self.dragging = None

    def put_away(self) -> None:
        """Every instrument off: no ruler, no protractor, no field of vision shaded."""
        self.clear_ruler()
        self.protractor = False
        self.selected = self.viewpoint = None

    @property
    def laid(self) -> bool:
        return (self.ruler_head is not None or self.ruler_from is not None) and self.ruler_tail is not None


# -- readings ------------------------------------------------------------------------------------
@dataclass
class RulerView:
    """What the ruler shows: geometry to draw and the numbers the rules read."""

    head: tuple[float, float]
    tail: tuple[float, float]
    distance: float
    band: int
    distance_modifier: int
    band_polygon: object
    grazed: tuple[str, ...] = ()
    crossed: tuple[str, ...] = ()
    shooter: str | None = None
    target: str | None = None
    shot_parts: Parts = ()
    target_parts: Parts = ()
    required: int | None = None
    lost: str | None = None
    running: bool = False
    lines: list[str] = field(default_factory=list)

    def part(self, label: str) -> int | None:
        """The value of the engine's shot part called ``label`` (None when absent)."""
        for name, value in self.shot_parts:
            if name == label:
                return value
        return None


def band_words(band: int) -> str:
    marks = (0.0, *RULER_MARKS)
    if band >= len(RULER_MARKS):
        return tr("match.ruler.beyond", mark=i18n.number(marks[-1]))
    return tr("match.ruler.band", low=i18n.number(marks[band]), high=i18n.number(marks[band + 1]))


def distance_words(distance: float, least: int = 1) -> str:
    """The ruler's length as the window writes it: ``least`` decimals, more at a band's edge, so that
    the number never reads in another band than the one the rules read on the exact length (18.03
    → "18.03" beside "dist −3", never "18.0")."""
    return i18n.number(distance, ruler_mod.digits_in_band(distance, least))


def ruler_words(distance: float, band: int, modifier: int) -> str:
    """"Ruler: 6.32 points, band 4-8 → distance -1"."""
    return tr("match.ruler.reading", distance=distance_words(distance, 2), band=band_words(band),
              modifier=f"{modifier:+d}")


def read_ruler(state: MatchState, m, inst: Instruments) -> RulerView | None:
    """The ruler from its head (a target figure, or an empty point) to its tail (the mouse, or a
    shooter)."""
    if not inst.laid:
        return None
    if inst.ruler_head is None:
        return _read_between_points(state, m, inst)
    target = state.players.get(inst.ruler_head)
    if target is None or target.point is None:
        return None
    rv_round = RoundView(state, m)
    running = inst.ruler_head in rv_round.plans and rv_round.running(inst.ruler_head)
    head = rv_round.aim_point(inst.ruler_head) if running else target.point
    tail = inst.ruler_tail
    shooter = state.players.get(inst.ruler_shooter) if inst.ruler_shooter else None
    if shooter is not None and shooter.point is not None:
        tail = shooter.point
    reading = ruler_mod.ruler(tail, head)
    view = RulerView(head, tail, reading.distance, reading.band,
                     tables.distance_modifier(reading.distance), reading.band_polygon,
                     target=inst.ruler_head, running=running)
    view.lines.append(ruler_words(reading.distance, reading.band, view.distance_modifier))
    if shooter is None or shooter.point is None:
        _line_of_fire(view, m, (target.cover,) if target.cover else ())
        view.lines.append(tr("match.ruler.drop"))
        return view
    view.shooter = shooter.id
    ignore = tuple(c for c in (shooter.cover, target.cover) if c)
    lof = ruler_mod.line_of_fire(m.index, shooter.point, head, ignore)
    view.grazed, view.crossed = lof.grazed, lof.crossed
    if shooter.team == target.team:
        view.lines.append(tr("match.ruler.team_mates", shooter=shooter.id, target=target.id))
        return view
    entry = ShotEntry(shooter.id, target.id, ShotKind.SIMPLE)
    r = rv_round.reading(entry)
    if r.lost:
        view.lost = r.lost
        view.lines.append(tr("match.ruler.cannot_shoot", shooter=shooter.id, target=target.id,
                             reason=engine_words(r.lost)))
        return view
    view.shot_parts, view.target_parts, view.required = r.shot_parts, r.target_parts, r.required
    view.lines.append(tr("match.ruler.shot", shooter=shooter.id, target=target.id,
                         parts=parts_text(r.shot_parts), value=r.shot_value))
    view.lines.append(tr("match.ruler.against", parts=parts_text(r.target_parts), value=r.target_value,
                         required=r.required))
    return view


def _read_between_points(state: MatchState, m, inst: Instruments) -> RulerView:
    """The ruler from an empty point (where a sheet aims, where a runner will stand) to the mouse or
    a figure: distance band and line of fire, leaving out the figure's own cover."""
    head = inst.ruler_from
    shooter = state.players.get(inst.ruler_shooter) if inst.ruler_shooter else None
    tail = shooter.point if shooter is not None and shooter.point is not None else inst.ruler_tail
    reading = ruler_mod.ruler(tail, head)
    view = RulerView(head, tail, reading.distance, reading.band,
                     tables.distance_modifier(reading.distance), reading.band_polygon)
    view.lines.append(ruler_words(reading.distance, reading.band, view.distance_modifier))
    _line_of_fire(view, m, (shooter.cover,) if shooter is not None and shooter.cover else ())
    return view


def _line_of_fire(view: RulerView, m, ignore: tuple) -> None:
    """The ruler's line of fire from its tail to its head, without a shot to read: what it grazes
    and crosses, highlighted and named."""
    lof = ruler_mod.line_of_fire(m.index, view.tail, view.head, ignore)
    view.grazed, view.crossed = lof.grazed, lof.crossed
    if lof.touches:
        view.lines.append(tr("match.ruler.line_of_fire", touches=", ".join(
            tr("match.ruler.crosses" if t.effect == CROSS else "match.ruler.grazes",
               obstacle=engine_words(t.name or t.obstacle), height=height_words(t.height))
            for t in lof.touches)))


def height_words(height: str) -> str:
    return tr(f"match.height.{height}") if height in ("low", "medium", "high") else str(height)


def parts_text(parts: Parts) -> str:
    """``10 (simple) − 1 (distance)``, each label in the window's language (``event_words``)."""
    return parts_words(parts)


@dataclass
class ProtractorView:
    centre: tuple[float, float]
    zero: tuple[float, float]  # unit vector of 0°
    run: bool  # red numbers (at mid-run) or white (on a static target)
    highlight: object = None  # wedge polygon holding the shooter
    reading: str = ""


def read_protractor(state: MatchState, m, inst: Instruments,
                    ruler: RulerView | None) -> ProtractorView | None:
    """Protractor on the ruler's target (aligned with his cover), or at mid-run for a runner."""
    if not inst.protractor:
        return None
    if inst.ruler_head is None and inst.ruler_from is not None:
        return _point_protractor(m, inst.ruler_from, ruler.tail if ruler is not None else None)
    pid = inst.ruler_head or inst.selected
    if pid is None:
        return None
    p = state.players.get(pid)
    if p is None or p.point is None:
        return None
    shooter = ruler.tail if ruler is not None else None
    rv = RoundView(state, m)
    if pid in rv.plans and rv.running(pid):
        path = rv.plans[pid].path
        return read_run_protractor(path, shooter)
    st = rv.static_stand(pid)
    if st.cover is None:
        return None
    sa = protractor_mod.static_angle(m.index, st.point, st.cover, shooter or _ahead(st.point, p.team))
    if sa.zero is None:
        return None
    text = ""
    highlight = None
    if shooter is not None:
        text = tr("match.protractor.on", target=pid, theta=i18n.number(sa.theta, 1), segment=sa.segment,
                  modifier=f"{tables.static_angle_bonus(sa.theta):+d}")
        highlight = sa.segment_wedge.intersection(_disc(st.point, PROTRACTOR_RADIUS))
    return ProtractorView(st.point, sa.zero, False, highlight, text)


def _point_protractor(m, point, shooter) -> ProtractorView | None:
    """The protractor on an empty point, aligned with the cover a player there would use."""
    covers = m.covers(point)
    if not covers or shooter is None:
        return None
    sa = protractor_mod.static_angle(m.index, point, covers[0], shooter)
    if sa.zero is None:
        return None
    text = tr("match.protractor.on", target=point_name(point), theta=i18n.number(sa.theta, 1),
              segment=sa.segment, modifier=f"{tables.static_angle_bonus(sa.theta):+d}")
    wedge = sa.segment_wedge.intersection(_disc(point, PROTRACTOR_RADIUS))
    return ProtractorView(point, sa.zero, False, wedge, text)


def read_run_protractor(path, shooter) -> ProtractorView | None:
    if not path or len(path) < 2:
        return None
    start, end = path[0], path[-1]
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    dx, dy = end[0] - start[0], end[1] - start[1]
    n = math.hypot(dx, dy)
    text = ""
    if shooter is not None:
        ra = protractor_mod.run_angle(path, shooter)
        text = tr("match.protractor.mid_run", phi=i18n.number(ra.phi, 1),
                  modifier=f"{tables.run_angle_bonus(ra.phi):+d}")
    return ProtractorView(mid, (dx / n, dy / n), True, None, text)


def _ahead(point, team):
    from paintcheck.field.lattice import FORWARD

    return (point[0], point[1] + 5 * FORWARD[team])


def read_fov(state: MatchState, m, pid: str | None):
    """The selected figure's field of vision (the geometry's own polygon and limit line)."""
    if pid is None:
        return None
    p = state.players.get(pid)
    if p is None or p.point is None:
        return None
    if p.boulets:
        return fov_mod.blind()
    return fov_mod.field_of_vision(m.index, p.team, p.cover, p.side)


def read_point_fov(m, team: str, cover: str | None, side: str | None):
    """What a player of ``team`` would see standing behind ``cover`` (playing ``side``), or
    everything behind nothing (RULES 3.4): for a point a sheet or a run plans to reach."""
    return fov_mod.field_of_vision(m.index, team, cover, side)


def pending_move_declaration(decl: Declare, waypoints, cover=None, side=None) -> Declare:
    return Declare(decl.player, decl.posture, (*decl.actions, Move(tuple(waypoints), cover, side)),
                   decl.cover, decl.side)


# -- drawing -------------------------------------------------------------------------------------
_TRANSLUCENT: dict = {}
_KEY = (1, 2, 3)


def fill_alpha(surf: pygame.Surface, colour, ring) -> None:
    """A translucent polygon. Small ones blend directly; large ones (a field of vision) are drawn
    once on a surface with a colour key and a surface alpha, then blitted (much faster)."""
    if len(ring) < 3:
        return
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    x0, y0 = min(xs), min(ys)
    w, h = max(xs) - x0 + 1, max(ys) - y0 + 1
    if w * h < 40_000:
        pygame.gfxdraw.filled_polygon(surf, ring, colour)
        return
    key = (tuple(ring), tuple(colour))
    layer = _TRANSLUCENT.get(key)
    if layer is None:
        if len(_TRANSLUCENT) > 32:
            _TRANSLUCENT.clear()
        layer = pygame.Surface((w, h))
        corners = {(x0, y0), (x0 + w - 1, y0), (x0, y0 + h - 1), (x0 + w - 1, y0 + h - 1)}
        if set(ring) <= corners:  # an axis-aligned rectangle: no colour key needed (fastest blit)
            layer.fill(colour[:3])
        else:
            layer.fill(_KEY)
            pygame.draw.polygon(layer, colour[:3], [(x - x0, y - y0) for x, y in ring])
            layer.set_colorkey(_KEY, pygame.RLEACCEL)
        layer.set_alpha(colour[3] if len(colour) > 3 else 255, pygame.RLEACCEL)
        _TRANSLUCENT[key] = layer
    surf.blit(layer, (x0, y0))


def draw_fov(surf: pygame.Surface, t: FieldTransform, fov, team: str) -> None:
    if fov is None:
        return
    if fov.mode == "none":
        fx, fy, fw, fh = t.field_rect()
        fill_alpha(surf, (0, 0, 0, 90), [(fx, fy), (fx + fw, fy), (fx + fw, fy + fh), (fx, fy + fh)])
        return
    for ring in screen_coords(t, fov.polygon):
        xs, ys = [p[0] for p in ring], [p[1] for p in ring]
        rect = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        if set(ring) <= {rect.topleft, rect.topright, rect.bottomleft, rect.bottomright}:
            surf.fill(theme.FOV_TINT[team], rect, special_flags=pygame.BLEND_RGB_ADD)  # fast tint
        else:
            fill_alpha(surf, theme.FOV_FILL[team], ring)
    if fov.limit is not None and not fov.limit.is_empty and fov.limit.geom_type == "LineString":
        a, b = fov.limit.coords[0], fov.limit.coords[-1]
        pygame.draw.line(surf, theme.FOV_LIMIT, t.to_screen(*a), t.to_screen(*b), 2)


def draw_ruler(surf: pygame.Surface, t: FieldTransform, field, rv: RulerView, band: bool = True) -> None:
    """The ruler, the obstacles it grazes or crosses outlined, and its label: the length and the
    band's modifier (``band`` False: "?", while a lesson asks it)."""
    from paintcheck.ui.fieldview import draw_obstacle

    for oid in rv.grazed:
        draw_obstacle(surf, t, field.by_id[oid], outline=theme.GRAZED, width=4)
    for oid in rv.crossed:
        draw_obstacle(surf, t, field.by_id[oid], outline=theme.CROSSED, width=4)
    for ring in screen_coords(t, rv.band_polygon):
        fill_alpha(surf, theme.RULER_BAND, ring)
        pygame.draw.aalines(surf, theme.RULER, True, ring)
    a, b = t.to_screen(*rv.head), t.to_screen(*rv.tail)
    pygame.draw.line(surf, theme.RULER, a, b, 1)
    # marks at the band limits, from the head
    d = rv.distance
    if d > 0:
        ux, uy = (rv.tail[0] - rv.head[0]) / d, (rv.tail[1] - rv.head[1]) / d
        for mark in RULER_MARKS:
            if mark < d:
                px, py = rv.head[0] + ux * mark, rv.head[1] + uy * mark
                nx, ny = -uy * 0.35, ux * 0.35
                pygame.draw.line(surf, theme.RULER, t.to_screen(px - nx, py - ny),
                                 t.to_screen(px + nx, py + ny), 2)
    pygame.draw.circle(surf, theme.RULER, a, max(4, int(t.scale * 0.12)), 2)
    colour = (250, 250, 250) if rv.lost is None else theme.TEXT_WARN
    label = tr("match.ruler.label", distance=distance_words(rv.distance),
               modifier=f"{rv.distance_modifier:+d}" if band else "?")
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    r = theme.text(label, 13, colour, True).get_rect(center=(mid[0], mid[1] - 14))
    pygame.draw.rect(surf, (20, 20, 20), r.inflate(6, 2), border_radius=3)
    surf.blit(theme.text(label, 13, colour, True), r)


_PROTRACTORS: dict = {}


def draw_protractor(surf: pygame.Surface, t: FieldTransform, pv: ProtractorView) -> None:
    """The protractor is drawn once per place and scale on its own layer, then blitted."""
    if pv.highlight is not None:
        for ring in screen_coords(t, pv.highlight):
            fill_alpha(surf, theme.PROTRACTOR_SEGMENT, ring)
    key = (pv.centre, pv.zero, pv.run, t)
    layer = _PROTRACTORS.get(key)
    if layer is None:
        if len(_PROTRACTORS) > 64:
            _PROTRACTORS.clear()
        rad = t.length(PROTRACTOR_RADIUS * 1.25) + 12
        layer = pygame.Surface((2 * rad, 2 * rad), pygame.SRCALPHA)
        cx, cy = t.to_screen(*pv.centre)
        local = FieldTransform(t.ox - cx + rad, t.oy - cy + rad, t.scale, t.lattice)
        _draw_protractor(layer, local, ProtractorView(pv.centre, pv.zero, pv.run))
        _PROTRACTORS[key] = (layer, (cx - rad, cy - rad))
        layer = _PROTRACTORS[key]
    surf.blit(*layer)


def _draw_protractor(surf: pygame.Surface, t: FieldTransform, pv: ProtractorView) -> None:
    c = t.to_screen(*pv.centre)
    rad = t.length(PROTRACTOR_RADIUS)
    colour = theme.PROTRACTOR_RED if pv.run else theme.PROTRACTOR_WHITE
    pygame.gfxdraw.aacircle(surf, c[0], c[1], rad, colour)
    base = math.atan2(pv.zero[1], pv.zero[0])
    seg = math.radians(tables.SEGMENT_DEG)
    numbers = tables.RUN_ANGLE_BONUS if pv.run else tables.STATIC_ANGLE_BONUS
    n_lines = 5 if pv.run else 10  # 0..90 (run) or 0..180 (static), each way
    ways = (1, -1)
    for sign in ways:
        for k in range(n_lines + 1):
            a = base + sign * k * seg
            inner = 0.35 if k else 0.0
            p0 = (pv.centre[0] + math.cos(a) * PROTRACTOR_RADIUS * inner,
                  pv.centre[1] + math.sin(a) * PROTRACTOR_RADIUS * inner)
            p1 = _along(pv.centre, (math.cos(a), math.sin(a)), PROTRACTOR_RADIUS)
            pygame.draw.aaline(surf, colour, t.to_screen(*p0), t.to_screen(*p1))
        for k in range(n_lines):
            a = base + sign * (k + 0.5) * seg
            value = numbers[min(k, len(numbers) - 1)]
            at = (pv.centre[0] + math.cos(a) * PROTRACTOR_RADIUS * 0.78,
                  pv.centre[1] + math.sin(a) * PROTRACTOR_RADIUS * 0.78)
            theme.blit_text(surf, str(value), t.to_screen(*at), max(9, int(t.scale * 0.33)), colour, True,
                            anchor="center")
    if pv.run:  # the arrow toward the run's end, and the same segments the other way along the line
        for sign in (1, -1):
            for k in range(1, 5):
                a = base + math.pi + sign * k * seg
                p1 = _along(pv.centre, (math.cos(a), math.sin(a)), PROTRACTOR_RADIUS)
                pygame.draw.aaline(surf, colour, c, t.to_screen(*p1))
        tip = _along(pv.centre, pv.zero, PROTRACTOR_RADIUS * 1.15)
        pygame.draw.line(surf, colour, c, t.to_screen(*tip), 3)
        pygame.draw.circle(surf, colour, t.to_screen(*tip), 4)
    else:
        tip = _along(pv.centre, pv.zero, PROTRACTOR_RADIUS * 0.5)
        pygame.draw.line(surf, (255, 240, 120), c, t.to_screen(*tip), 3)


def _along(centre, direction, length):
    return (centre[0] + direction[0] * length, centre[1] + direction[1] * length)


_DISCS: dict = {}


def _disc(centre, radius):
    import shapely

    key = (centre, radius)
    if key not in _DISCS:
        if len(_DISCS) > 256:
            _DISCS.clear()
        _DISCS[key] = shapely.Point(centre).buffer(radius, quad_segs=12)
    return _DISCS[key]


def draw_run(surf: pygame.Surface, t: FieldTransform, path, exposure: dict[str, int], state: MatchState,
             refused: str | None = None) -> None:
    """A run being drawn: its lattice points, and beside each enemy how many points he sees; a run
    the engine refuses is drawn red with the reason at its end."""
    if path and len(path) > 1:
        pts = [t.to_screen(*p) for p in path]
        colour = theme.RUN_PATH if refused is None else theme.REFUSED
        pygame.draw.lines(surf, colour, False, pts, 3)
        for i, p in enumerate(pts[1:], start=1):
            pygame.draw.circle(surf, colour, p, max(3, int(t.scale * 0.1)))
            if i == len(pts) - 1:
                theme.blit_text(surf, str(len(path) - 1), (p[0] + 8, p[1] - 8), 12, colour, True)
                if refused:
                    label = theme.text(engine_words(refused), 12, (255, 255, 255), True)
                    r = label.get_rect(midtop=(p[0], p[1] + 10)).clamp(surf.get_rect())
                    pygame.draw.rect(surf, (150, 30, 30), r.inflate(8, 4), border_radius=3)
                    surf.blit(label, r)
    for pid, n in exposure.items():
        q = state.players[pid]
        if q.point is None:
            continue
        x, y = t.to_screen(*q.point)
        if n:
            seen = tr("match.run.sees_mov", count=n, modifier=f"{tables.vulnerability_modifier(n):+d}")
        else:
            seen = tr("match.run.sees", count=n)
        surf_text = theme.text(seen, 12, (255, 255, 255) if n else (180, 180, 180), True)
        r = surf_text.get_rect(midtop=(x, y + int(t.scale * 0.45)))
        pygame.draw.rect(surf, (150, 30, 30) if n else (50, 50, 50), r.inflate(6, 2), border_radius=3)
        surf.blit(surf_text, r)


def reset() -> None:
    """Forget the drawn layers (a new display may have another pixel format)."""
    _TRANSLUCENT.clear()
    _PROTRACTORS.clear()
