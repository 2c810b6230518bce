"""Drawing the practice range: every instrument the reading used, each labelled with its value, on
the field; the sum term by term with its rule; the required roll and the odds as a stacked bar.

A term and its drawing light each other: hovering a line of the sum lights what it measures on the
field (the ruler for the distance, the protractor for the angle, the obstacle for a graze or a
cross, the run for its vulnerable points...), and hovering one of those lights its line.

``RangeView`` is given the range's model (``range_model``: the field, the situation, its reading,
the mouse), its lessons (what an open question hides, what an answered one lights), its maps and
the app's message line; each drawing is given the frame (where things stand). It keeps only its
pictures (the board, the instruments over it) and what the last frame drew where (the sum's rows,
the ruler and protractor read), for the mouse to find them. The rings, the run, the labels, the
sum's rows and the odds bar are pure functions of what they are given.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import pygame

from paintcheck.field.catalogue import RULER_MARKS
from paintcheck.geometry.sweep import sweep
from paintcheck.geometry.touch import CROSS
from paintcheck.rules import tables
from paintcheck.rules.words import height_word, posture_word
from paintcheck.ui import heatmap, overlays, range_sum, theme
from paintcheck.ui.fieldview import FieldRenderer, dashed_line, draw_figure, draw_obstacle, screen_coords
from paintcheck.ui.i18n import say, tr
from paintcheck.ui.lesson_veil import PROTRACTOR, RULER, RUN
from paintcheck.ui.range_lessons import RangeLessons
from paintcheck.ui.range_maps import RangeMaps
from paintcheck.ui.range_model import RangeFrame, RangeModel
from paintcheck.ui.range_sum import LOST_PART, drawing_of
from paintcheck.ui.transform import FieldTransform

LIT = (255, 225, 60)
RING = (255, 255, 255)
VULNERABLE = (255, 90, 70)
SWEEP_FILL = (255, 120, 60, 45)
BAR = (  # the odds bar, left to right: each part (its words: range.odds.<part>) and its colour
    ("eliminated", (200, 40, 40)),
    ("dodged_two_dice", (235, 140, 40)),
    ("dodged_one_die", (240, 210, 80)),
    ("miss", (90, 110, 120)),
)
TERM_H = 19


percent = theme.percent


class RangeView:
    """The pictures of the range, drawn again only when what they show changes."""

    def __init__(self, model: RangeModel, lessons: RangeLessons, maps: RangeMaps,
                 draw_message: Callable[[pygame.Surface, tuple[int, int]], None]) -> None:
        self.model = model
        self.lessons = lessons
        self.maps = maps
        self.draw_message = draw_message
        self.forget_drawings()

    def forget_drawings(self) -> None:
        self._board_key: tuple | None = None
        self._board: pygame.Surface | None = None
        self._overlay_key: tuple | None = None
        self._overlay: pygame.Surface | None = None
        self._ruler = self._protractor = None
        self.term_rects: list[tuple[pygame.Rect, int]] = []

    # -- names on the field --------------------------------------------------------------------------
    def obstacle_named(self, name: str):
        m = self.model.m
        for o in self.model.table.field.obstacles:
            if (m.obstacle(o.id).name or o.id) == name:
                return o
        return None

    def lit(self, frame: RangeFrame) -> tuple | None:
        """The drawing lit now: the hovered term's, or the one under the mouse."""
        mo = self.model
        reading = mo.reading
        if reading is None:
            return None
        if mo.hover_term is not None and mo.hover_term < len(reading.terms):
            return drawing_of(reading.terms[mo.hover_term].label)
        under = self.drawing_under(frame, mo.mouse)
        taught = sorted(self.lessons.lesson_terms())
        if under is None and taught:  # an answered lesson lights what it is about
            return drawing_of(reading.terms[taught[0]].label)
        return under

    def drawing_under(self, frame: RangeFrame, pos: tuple[int, int]) -> tuple | None:
        if not frame.field_area.collidepoint(pos):
            return None
        which = frame.figure_near(self.model, pos)
        if which is not None:
            return (which,)
        wx, wy = frame.t.to_world(*pos)
        r = self.model.reading
        veil = self.lessons.veil
        for term in r.terms if r is not None else ():
            key = drawing_of(term.label)
            if key[0] == "obstacle" and not veil.hides_drawing(key):
                o = self.obstacle_named(key[1])
                if o is not None and o.footprint.distance(_point(wx, wy)) < 0.15:
                    return key
        pv = self._protractor
        if pv is not None and math.dist((wx, wy), pv.centre) <= overlays.PROTRACTOR_RADIUS:
            return ("protractor",)
        rv = self._ruler
        if rv is not None and _near_segment((wx, wy), rv.head, rv.tail, 0.3):
            return ("ruler",)
        path = self.model.run_path()
        if any(_near_segment((wx, wy), a, b, 0.3) for a, b in zip(path, path[1:], strict=False)):
            return ("run",)
        return None

    def lit_terms(self, frame: RangeFrame) -> set[int]:
        key = self.lit(frame)
        r = self.model.reading
        if r is None:
            return set()
        lit = {i for i, term in enumerate(r.terms) if drawing_of(term.label) == key}
        return self.lessons.lesson_terms() | lit

    # -- the field ------------------------------------------------------------------------------------
    def board(self, frame: RangeFrame) -> pygame.Surface:
        """The field, and the heatmap under its pieces when one is shown (drawn once per change)."""
        values = self.maps.values()
        table, t = self.model.table, frame.t
        key = (frame.field_area.size, t, table.field.layout, id(values))
        if key != self._board_key or self._board is None:
            size = frame.field_area.size
            surf = FieldRenderer(table.field, obstacles=False).background(size, t).copy()
            if values is not None:
                surf.blit(heatmap.layer(size, t, {p: round(v * 100) for p, v in values.items()}), (0, 0))
            for o in table.field.obstacles:
                draw_obstacle(surf, t, o)
            self._board_key, self._board = key, surf
        return self._board

    def overlay(self, frame: RangeFrame) -> pygame.Surface:
        """Every instrument of the reading, drawn again only when the situation or the lit drawing
        changes."""
        mo = self.model
        lit = self.lit(frame)
        veil = self.lessons.veil
        board = self.board(frame)
        key = (mo.situation, lit, mo.dragging, frame.field_area.size, frame.t, id(board), veil)
        if key != self._overlay_key or self._overlay is None:
            surf = board.copy()
            self.draw_instruments(surf, frame.t, lit)
            self._overlay_key, self._overlay = key, surf
        return self._overlay

    def draw_instruments(self, surf: pygame.Surface, t: FieldTransform, lit: tuple | None) -> None:
        """Every instrument of the reading with its words, but those an open lesson hides."""
        mo = self.model
        r = mo.reading
        self._ruler = self._protractor = None
        if r is None:
            return
        m, state, veil = mo.m, r.state, self.lessons.veil
        shooter = state.players[r.shooter_id]
        inst = overlays.Instruments(ruler_head=r.target_id, ruler_tail=shooter.point,
                                    ruler_shooter=r.shooter_id, protractor=True)
        overlays.draw_fov(surf, t, overlays.read_fov(state, m, r.shooter_id), shooter.team)
        rv = overlays.read_ruler(state, m, inst)
        pv = overlays.read_protractor(state, m, inst, rv)
        self._ruler, self._protractor = rv, pv
        if rv is not None:
            draw_rings(surf, t, rv.head, rv.distance, lit == ("ruler",), veil.hides_drawing(RULER))
        path = mo.run_path()
        if path:
            draw_run(surf, t, m, r, path, lit == ("run",), veil.hides_drawing(RUN))
        if pv is not None:
            hidden = veil.hides_drawing(PROTRACTOR)
            overlays.draw_protractor(surf, t, replace(pv, highlight=None) if hidden else pv)
            if not pv.run and not hidden:
                number_segments(surf, t, pv)
            if lit == ("protractor",):
                radius = t.length(overlays.PROTRACTOR_RADIUS)
                pygame.draw.circle(surf, LIT, t.to_screen(*pv.centre), radius, 3)
        if rv is not None:
            self.draw_ruler(surf, t, r, rv, path, lit)
        if r.second is not None and r.second_id is not None:
            second = state.players[r.second_id]
            colour = LIT if lit == ("second_target",) else (230, 230, 230)
            dashed_line(surf, colour, t.to_screen(*shooter.point), t.to_screen(*second.point), 8, 2)
        for pid in (r.shooter_id, r.target_id, r.second_id):
            if pid is None:
                continue
            p = state.players[pid]
            draw_figure(surf, t, p, state)
            which = {r.shooter_id: "shooter", r.target_id: "target", r.second_id: "second_target"}[pid]
            if lit == (which,):
                pygame.draw.circle(surf, LIT, t.to_screen(*p.point), t.length(0.5), 3)
            x, y = t.to_screen(*p.point)
            theme.blit_text(surf, tr(f"range.figure.{which}"), (x, y - t.length(0.62)), 12, (255, 255, 255),
                            True, anchor="midbottom")

    def draw_ruler(self, surf: pygame.Surface, t: FieldTransform, r, rv, path, lit: tuple | None) -> None:
        """The ruler with the obstacles its line of fire touches (for a runner, those the sweep
        reads: RULES 8.5), each labelled with what it costs, but those an open lesson hides."""
        mo = self.model
        state, veil = r.state, self.lessons.veil
        shooter = state.players[r.shooter_id]
        if path:  # a runner: the ruler gives the distance; the sweep reads the obstacles (RULES 8.5)
            ignore = tuple(c for c in (state.players[r.target_id].cover, shooter.cover) if c)
            swept = mo.m.sweep(shooter.point, r.vulnerable, ignore) if r.vulnerable else ()
            touches = [(x.obstacle, x.effect == CROSS) for x in swept]
        else:
            touches = [(o, False) for o in rv.grazed] + [(o, True) for o in rv.crossed]
        shown = [(o, x) for o, x in touches if not veil.hides_drawing(("obstacle", self.name_of(o)))]
        drawn = replace(rv, grazed=tuple(o for o, crossed in shown if not crossed and not path),
                        crossed=tuple(o for o, crossed in shown if crossed and not path),
                        lost=None if veil.hides(LOST_PART) else rv.lost)
        overlays.draw_ruler(surf, t, mo.table.field, drawn, band=not veil.hides_drawing(RULER))
        if lit == ("ruler",):
            pygame.draw.line(surf, LIT, t.to_screen(*rv.head), t.to_screen(*rv.tail), 4)
        self.label_touches(surf, t, shown, shooter.posture, lit, swept=bool(path))

    def name_of(self, oid: str) -> str:
        """An obstacle's name as the terms of the sum write it ("small rocket at W:E2")."""
        return self.model.m.obstacle(oid).name or oid

    def label_touches(self, surf: pygame.Surface, t: FieldTransform, touches, posture: str, lit,
                      swept: bool) -> None:
        """Each obstacle the ruler (or, for a run, the sweep) grazes or crosses, outlined, with what
        it does to this shot: "cross, high, kneeling: impossible" (RULES 8.4's table, or 8.5's for
        the sweep, read by the shooter's posture)."""
        for oid, crossed in touches:
            o = self.model.table.field.by_id[oid]
            if swept:
                value = tables.sweep_modifier(posture, o.height, crossed)
            else:
                value = tables.line_of_fire_modifier(posture, o.height, crossed)
            shown = tr("range.touch.impossible") if value is None else f"{value:+d}"
            effect = f"{'sweep_' if swept else ''}{'cross' if crossed else 'graze'}"
            words = tr(f"range.touch.{effect}", height=say(height_word(o.height)),
                       posture=say(posture_word(posture)), value=shown)
            name = self.name_of(oid)
            if swept:
                draw_obstacle(surf, t, o, outline=theme.CROSSED if crossed else theme.GRAZED, width=4)
            if lit == ("obstacle", name):
                draw_obstacle(surf, t, o, outline=LIT, width=5)
            x, y = t.to_screen(*o.centre)
            text = theme.text(words, 12, (255, 255, 255), True)
            box = text.get_rect(midtop=(x, y + t.length(0.55)))
            fill = theme.CROSSED if crossed else (150, 120, 10)
            pygame.draw.rect(surf, fill, box.inflate(6, 2), border_radius=3)
            surf.blit(text, box)

    # -- the whole screen -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, frame: RangeFrame) -> None:
        mo, t = self.model, frame.t
        surface.fill(theme.BACKGROUND)
        surface.blit(self.overlay(frame), frame.field_area.topleft)
        if mo.dragging:
            point = t.nearest_point(*mo.mouse)
            colour = theme.SELECT if point is not None and mo.free(point) else theme.REFUSED
            pygame.draw.circle(surface, colour, mo.mouse, t.length(0.36), 3)
        elif mo.map is not None:
            self.draw_map_hover(surface, frame)
        self.draw_panel(surface, frame)

    def draw_map_hover(self, surface: pygame.Surface, frame: RangeFrame) -> None:
        mo = self.model
        values = self.maps.values()
        point = frame.t.nearest_point(*mo.mouse) if frame.field_area.collidepoint(mo.mouse) else None
        if values is None or point is None or point not in values:
            return
        words = tr("range.map.hover_from" if mo.map == "from_where" else "range.map.hover_hide",
                   chance=percent(values[point]))
        text = theme.text(words, 13, (255, 255, 255), True)
        box = text.get_rect(midbottom=(mo.mouse[0], mo.mouse[1] - 14)).clamp(frame.field_area)
        pygame.draw.rect(surface, (20, 24, 40), box.inflate(8, 4), border_radius=3)
        surface.blit(text, box)

    def draw_panel(self, surface: pygame.Surface, frame: RangeFrame) -> None:
        mo, lessons = self.model, self.lessons
        px, pw = frame.px, frame.pw
        theme.blit_text(surface, tr("range.title", field=mo.table.field.layout.name), (px, 10), 20,
                        theme.TEXT, True)
        for key, (x, y) in frame.captions.items():
            theme.blit_text(surface, tr(f"range.caption.{key}"), (x, y + 6), 13, theme.TEXT_DIM)
        y = frame.sum_top
        if lessons.listing:
            catalogue = lessons.catalogue or []
            progress = lessons.progress
            done = sum(progress.done(x.id) for x in catalogue) if progress is not None else 0
            theme.blit_text(surface, tr("range.lessons.progress", done=done, count=len(catalogue)),
                            (px, y), 14, theme.TEXT_DIM)
            lessons.draw_unplayable(surface, frame)
            self.draw_message(surface, (px + pw // 2, surface.get_height() - 24))
            return
        if lessons.lesson is not None:
            y = lessons.draw_lesson(surface, frame, y)
        if mo.map is not None:
            y = self.draw_map_legend(surface, frame, y)
        self.term_rects = draw_sum(surface, frame, y,
                                   range_sum.sum_rows(mo.reading, mo.problem, lessons.veil),
                                   self.lit_terms(frame))
        self.draw_message(surface, (px + pw // 2, surface.get_height() - 24))

    def draw_map_legend(self, surface: pygame.Surface, frame: RangeFrame, y: int) -> int:
        values = self.maps.values()
        px, pw = frame.px, frame.pw
        if values is None:
            theme.blit_text(surface, tr("range.map.computing"), (px, y), 13, theme.TEXT_WARN)
            return y + 22
        if self.model.map == "from_where":
            posture = say(posture_word(self.model.situation.shooter.posture))
            words = tr("range.map.legend_from", posture=posture, unit="%")
        else:
            words = tr("range.map.legend_hide", unit="%")
        span = heatmap.span_of({p: round(v * 100) for p, v in values.items()})
        heatmap.draw_scale(surface, pygame.Rect(px, y + 20, min(460, pw - 10), 12), span,
                           words + (" · " + tr("range.map.updating") if self.maps.busy else ""), 12)
        return y + 54


# -- pure drawings -----------------------------------------------------------------------------------------
def number_segments(surf: pygame.Surface, t: FieldTransform, pv) -> None:
    """Each segment's number (0 from the cover's 0°, 18° each, RULES 8.2) outside the rim, both
    ways; the protractor itself carries the bonus of each."""
    base = math.atan2(pv.zero[1], pv.zero[0])
    step = math.radians(tables.SEGMENT_DEG)
    reach = overlays.PROTRACTOR_RADIUS * 1.13
    for sign in (1, -1):
        for k in range(round(180 / tables.SEGMENT_DEG)):
            a = base + sign * (k + 0.5) * step
            at = t.to_screen(pv.centre[0] + math.cos(a) * reach, pv.centre[1] + math.sin(a) * reach)
            theme.blit_text(surf, str(k), at, max(9, int(t.scale * 0.26)), (200, 200, 200),
                            anchor="center")


def draw_rings(surf: pygame.Surface, t: FieldTransform, centre, distance: float, lit: bool,
               hidden: bool) -> None:
    """The distance bands as rings around the target, each band's modifier written in it, the
    shooter's band marked (``hidden``: the rings alone, while a lesson asks the band)."""
    c = t.to_screen(*centre)
    inner = 0.0
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(t.field_rect()))
    for band, mark in enumerate((*RULER_MARKS, None)):
        modifier = tables.DISTANCE_MODIFIERS[band]
        here = tables.distance_band(distance) == band and not hidden
        if mark is not None:
            pygame.draw.circle(surf, LIT if (lit and here) else RING, c, t.length(mark), 2 if here else 1)
        at = (inner + (mark if mark is not None else inner + 2.0)) / 2
        words = f"{modifier:+d}" if modifier else "0"
        if not hidden:
            theme.blit_text(surf, words, (c[0] + t.length(at) * 0.7071, c[1] - t.length(at) * 0.7071),
                            13, LIT if here else RING, True, anchor="center")
        inner = mark if mark is not None else inner
    surf.set_clip(clip)


def draw_run(surf: pygame.Surface, t: FieldTransform, m, r, path, lit: bool, hidden: bool) -> None:
    """The run, its vulnerable points for this shooter, and the sweep over them (RULES 6.4, 8.5);
    ``hidden``: the run alone, while a lesson asks what its vulnerable points give."""
    shooter = r.state.players[r.shooter_id]
    vulnerable = () if hidden else r.vulnerable
    if vulnerable:
        area = sweep(m.index, shooter.point, vulnerable).area
        for ring in screen_coords(t, area):
            overlays.fill_alpha(surf, SWEEP_FILL, ring)
            pygame.draw.aalines(surf, (255, 150, 90), True, ring)
    overlays.draw_run(surf, t, list(path), {}, r.state)
    for p in vulnerable:
        pygame.draw.circle(surf, LIT if lit else VULNERABLE, t.to_screen(*p), t.length(0.28), 3)
    if vulnerable:
        end = t.to_screen(*path[-1])
        theme.blit_text(surf, tr("range.vulnerable", n=len(r.vulnerable)), (end[0] + 10, end[1] + 8), 13,
                        VULNERABLE, True)


def draw_sum(surface: pygame.Surface, frame: RangeFrame, y: int, rows: list[range_sum.Row],
             lit: set[int]) -> list[tuple[pygame.Rect, int]]:
    """The rows of ``range_sum.sum_rows``: each term with its rule, lit with its drawing; the
    totals; why there is no shot; the required roll; the odds; the second shot. Returns where each
    term was drawn (the mouse lights a term's drawing from there)."""
    px, pw = frame.px, frame.pw
    term_rects = []
    first = True
    for row in rows:
        kind = row.kind
        if kind == range_sum.PROBLEM:
            for line in theme.wrap(row.words, 14, pw)[:3]:
                theme.blit_text(surface, line, (px, y), 14, theme.TEXT_WARN)
                y += 18
        elif kind == range_sum.HEADING:
            theme.blit_text(surface, row.words, (px, y + (0 if first else 4)), 15, theme.TEXT, True)
            y += 22 if first else 26
        elif kind == range_sum.TERM and row.term is not None:
            rect = pygame.Rect(px, y, pw, TERM_H)
            if row.term in lit:
                pygame.draw.rect(surface, (80, 70, 20), rect)
            theme.blit_text(surface, row.value, (px + 34, y + 1), 14, theme.TEXT, True, anchor="topright")
            theme.blit_text(surface, row.words, (px + 46, y + 1), 14, theme.TEXT)
            theme.blit_text(surface, row.rule, (px + pw - 4, y + 2), 12, theme.TEXT_DIM, anchor="topright")
            term_rects.append((rect, row.term))
            y += TERM_H
        elif kind == range_sum.TOTAL:
            y = total_line(surface, px, y, row.words, row.value)
        elif kind == range_sum.LOST:
            theme.blit_text(surface, row.words, (px, y + 2), 15, theme.TEXT_WARN, True)
            y += 26
        elif kind == range_sum.NEEDS:  # two lines in a narrow panel
            lines = theme.wrap(row.words, 15, pw, bold=True)[:2]
            for i, line in enumerate(lines):
                theme.blit_text(surface, line, (px, y + 6 + 22 * i), 15, theme.TEXT, True)
            y += 32 + 30 * (len(lines) - 1)
        elif kind == range_sum.ODDS:
            y = draw_odds(surface, px, pw, y, row.odds)
        else:  # the second shot, or what comes with a lesson's answer
            theme.blit_text(surface, row.words, (px, y + 4), 14,
                            theme.TEXT if kind == range_sum.SECOND else theme.TEXT_DIM)
            y += 22
        first = False
    return term_rects


def total_line(surface: pygame.Surface, px: int, y: int, words: str, value: str) -> int:
    pygame.draw.line(surface, theme.PANEL_LINE, (px, y + 1), (px + 300, y + 1))
    theme.blit_text(surface, value, (px + 34, y + 3), 14, theme.TEXT, True, anchor="topright")
    theme.blit_text(surface, words, (px + 46, y + 3), 14, theme.TEXT_DIM)
    return y + TERM_H + 4


def draw_odds(surface: pygame.Surface, px: int, pw: int, y: int, odds) -> int:
    """The stacked bar: eliminated, dodged with 4 boulets, with 1 boulet, missed."""
    width = min(520, pw - 10)
    x = px
    bar = pygame.Rect(x, y, width, 22)
    for key, colour in BAR:
        share = float(getattr(odds, key))
        w = round(share * width)
        if w:
            pygame.draw.rect(surface, colour, (x, y, w, 22))
            if w > 34:
                theme.blit_text(surface, percent(share), (x + w / 2, y + 11), 12, (15, 15, 15), True,
                                anchor="center")
        x += w
    pygame.draw.rect(surface, theme.PANEL_LINE, bar, 1)
    y += 28
    x = px
    for key, colour in BAR:
        pygame.draw.rect(surface, colour, (x, y + 3, 10, 10))
        rect = theme.blit_text(surface, tr(f"range.odds.{key}", chance=percent(getattr(odds, key))),
                               (x + 14, y), 13, theme.TEXT)
        x = rect.right + 14
    y += 18
    theme.blit_text(surface, tr("range.odds.fumble", chance=percent(odds.fumble)), (px, y), 12,
                    theme.TEXT_DIM)
    return y + 20


def _point(x: float, y: float):
    import shapely

    return shapely.Point(x, y)


def _near_segment(p, a, b, reach: float) -> bool:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    n = dx * dx + dy * dy
    u = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return math.dist(p, (ax + u * dx, ay + u * dy)) <= reach
