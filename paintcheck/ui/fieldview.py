"""Drawing the table: the static field (cached on a surface) and the figures with their tokens.

The background (grass, lattice, labels, centre line, bases, prebunk zones, obstacles) depends only
on the layout and the window size: it is drawn once per size. Figures and tokens are drawn every
frame from a *view* of the match (``rules.views``), so a coach never sees what his view hides.
"""

from __future__ import annotations

import math

import pygame
import shapely

from paintcheck.field.lattice import COLUMN_LETTERS, FORWARD
from paintcheck.field.layout import Field, Obstacle
from paintcheck.geometry.template import prebunk_template
from paintcheck.rules.state import GUN_BROKEN, GUN_DEAD, MatchState, Player
from paintcheck.rules.views import HIDDEN
from paintcheck.ui import i18n, theme
from paintcheck.ui.i18n import tr
from paintcheck.ui.transform import FieldTransform

POSTURE_LETTER = {"standing": "S", "kneeling": "K", "prone": "P"}
FIGURE_RADIUS = 0.36  # points


def screen_coords(t: FieldTransform, geom) -> list[list[tuple[int, int]]]:
    """Exterior rings (as screen points) of a shapely polygon or multipolygon."""
    if geom is None or geom.is_empty:
        return []
    polys = geom.geoms if hasattr(geom, "geoms") else [geom]
    out = []
    for poly in polys:
        if poly.geom_type != "Polygon":
            continue
        out.append([t.to_screen(x, y) for x, y in poly.exterior.coords])
    return out


def team_vectors(team: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """(forward, left) unit vectors in world coordinates for a team facing the enemy base."""
    fwd = FORWARD[team]
    return (0.0, float(fwd)), (float(-fwd), 0.0)


def side_vector(team: str, side: str | None) -> tuple[float, float]:
    """Where a side points, as seen by ``team`` facing the enemy: left, right or over (forward)."""
    forward, left = team_vectors(team)
    if side == "left":
        return left
    if side == "right":
        return (-left[0], -left[1])
    return forward


MIN_LABEL_SCALE = 10  # pixels per point below which the field is drawn without words (thumbnails)
MIN_DOT_SCALE = 6  # ... and below which without its lattice points


class FieldRenderer:
    """Draws one field; keeps the static background for the current window size."""

    def __init__(self, field: Field, obstacles: bool = True) -> None:
        self.field = field
        self.obstacles = obstacles  # False: the field without its pieces (a map goes under them)
        self.lattice = field.lattice
        self._background: pygame.Surface | None = None
        self._key: tuple | None = None
        self.rebuilds = 0

    # -- the static field ---------------------------------------------------------------------------
    def background(self, size: tuple[int, int], t: FieldTransform) -> pygame.Surface:
        key = (size, t, i18n.current())  # its labels are words of the window's language
        if self._background is None or self._key != key:
            self._background = self._draw_background(size, t)
            self._key = key
            self.rebuilds += 1
        return self._background

    def _draw_background(self, size, t: FieldTransform) -> pygame.Surface:
        surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        surf.fill(theme.BACKGROUND)
        lat = self.lattice
        r = lat.rows_per_half
        fx, fy, fw, fh = t.field_rect()
        pygame.draw.rect(surf, theme.GRASS, (fx, fy, fw, fh))
        for row in range(-r, r + 1, 2):  # mown stripes, one per two rows
            x0, y0 = t.to_screen(-0.5, row + 0.5)
            x1, y1 = t.to_screen(lat.columns - 0.5, row - 0.5)
            pygame.draw.rect(surf, theme.GRASS_DARK, (x0, y0, x1 - x0, y1 - y0))
        labels = t.scale >= MIN_LABEL_SCALE  # a thumbnail has no room for words
        for team, sign in (("blue", -1), ("white", 1)):
            lo, hi = lat.prebunk_rows[0], lat.prebunk_rows[-1]
            ya, yb = sign * (lo - 0.5), sign * (hi + 0.5)
            x0, y0 = t.to_screen(-0.5, max(ya, yb))
            x1, y1 = t.to_screen(lat.columns - 0.5, min(ya, yb))
            zone = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
            pygame.draw.rect(surf, theme.PREBUNK[team], zone)
            bx0, by0 = t.to_screen(-0.5, sign * hi + 0.5)
            bx1, by1 = t.to_screen(lat.columns - 0.5, sign * hi - 0.5)
            pygame.draw.rect(surf, theme.BASE[team], (bx0, by0, bx1 - bx0, by1 - by0))
            if not labels:
                continue
            label = tr(f"match.field.base.{team}")
            size_px = max(9, int(t.scale * 0.4))
            theme.blit_text(surf, label, ((bx0 + bx1) / 2, (by0 + by1) / 2), size_px, theme.TEAM_TEXT[team],
                            anchor="center")
            zy = (by1 + y1) / 2 if team == "white" else (y0 + by0) / 2
            theme.blit_text(surf, tr("match.field.prebunk_zone", first=lo, last=hi), (x1 - 4, zy),
                            max(8, int(t.scale * 0.32)), (215, 225, 215), anchor="midright")
        pygame.draw.rect(surf, theme.FIELD_LINE, (fx, fy, fw, fh), 2)
        # the back line (line 8 on the default field: back players) and the centre line
        for sign in (-1, 1):
            a = t.to_screen(-0.5, sign * (lat.back_line - 0.5))
            b = t.to_screen(lat.columns - 0.5, sign * (lat.back_line - 0.5))
            dashed_line(surf, (200, 215, 200), a, b, max(4, int(t.scale / 3)))
        a, b = t.to_screen(-0.5, 0), t.to_screen(lat.columns - 0.5, 0)
        pygame.draw.line(surf, theme.CENTRE_LINE, a, b, 3)
        # lattice points
        dot = max(1, round(t.scale * 0.06))
        for (x, y) in lat.points() if t.scale >= MIN_DOT_SCALE else ():
            pygame.draw.circle(surf, theme.LATTICE_DOT, t.to_screen(x, y), dot)
        # letters and row numbers
        size_px = max(9, int(t.scale * 0.42))
        for x in range(lat.columns if labels else 0):
            for y in (r + 0.95, -r - 0.95):
                theme.blit_text(surf, COLUMN_LETTERS[x], t.to_screen(x, y), size_px, theme.TEXT_DIM,
                                anchor="center")
        for y in range(-r, r + 1) if labels else ():
            for x in (-0.95, lat.columns - 1 + 0.95):
                colour = theme.TEAM["blue"] if y < 0 else (theme.TEXT if y > 0 else theme.TEXT_DIM)
                if y < 0:
                    colour = (130, 170, 255)
                theme.blit_text(surf, str(abs(y)), t.to_screen(x, y), size_px, colour, anchor="center")
        for o in self.field.obstacles if self.obstacles else ():
            draw_obstacle(surf, t, o)
        return surf


def draw_obstacle(surf: pygame.Surface, t: FieldTransform, o: Obstacle, outline=None, width=None):
    """An obstacle from its footprint: fill by height, outline weight by height, kind details."""
    height = o.height
    fill = theme.OBSTACLE_FILL[height]
    edge = outline or theme.OBSTACLE_EDGE[height]
    w = width or theme.OBSTACLE_EDGE_WIDTH[height]
    rings = screen_coords(t, o.footprint)
    if outline is None:
        for ring in rings:
            pygame.draw.polygon(surf, fill, ring)
    for ring in rings:
        pygame.draw.polygon(surf, edge, ring, w)
    if outline is not None:
        return
    kind = o.kind.id
    cx, cy = t.to_screen(*o.centre)
    s = t.scale
    if kind == "cylinder":
        pygame.draw.circle(surf, edge, (cx, cy), max(2, int(s * 0.22)), 1)
    elif kind == "cone":
        pygame.draw.circle(surf, edge, (cx, cy), max(2, int(s * 0.15)), 1)
        pygame.draw.circle(surf, edge, (cx, cy), max(1, int(s * 0.05)))
    elif kind == "rocket_small":
        pygame.draw.circle(surf, edge, (cx, cy), max(1, int(s * 0.08)))
    elif kind == "pyramid":
        ring = rings[0]
        pygame.draw.line(surf, edge, ring[0], ring[2], 1)
        pygame.draw.line(surf, edge, ring[1], ring[3], 1)
    elif kind in ("cylinder_lying", "submarine", "cone_lying"):
        a, b = o.points[0], o.points[-1]
        pygame.draw.line(surf, edge, t.to_screen(*a), t.to_screen(*b), 1)
        if kind == "submarine":
            tower = shapely.Point(o.centre).buffer(0.22)
            for ring in screen_coords(t, tower):
                pygame.draw.polygon(surf, edge, ring)
        if kind == "cone_lying":  # the tip (steppable) end
            pygame.draw.circle(surf, edge, t.to_screen(*b), max(1, int(s * 0.06)))


CARRIED_OFFSET = (0.45, 0.0)  # a carried flag flies beside its carrier (world points)


def flag_marks(state: MatchState, at=None) -> list[tuple[str, tuple[float, float], str | None]]:
    """Where each flag is drawn: (flag id, world point, carrier): at its point, or beside its
    carrier when carried (RULES 13); ``at`` maps a carrier drawn elsewhere (running) to his place."""
    marks = []
    for f in state.flags.values():
        carrier = state.players.get(f.carrier) if f.carrier else None
        if carrier is not None and carrier.point is not None:
            x, y = (at or {}).get(carrier.id) or carrier.point
            marks.append((f.id, (x + CARRIED_OFFSET[0], y + CARRIED_OFFSET[1]), f.carrier))
        elif f.point is not None:
            marks.append((f.id, f.point, None))
    return marks


def draw_flags(surf: pygame.Surface, t: FieldTransform, state: MatchState, at=None) -> list:
    marks = flag_marks(state, at)
    for fid, point, _carrier in marks:
        _flag(surf, t, point, fid)
    return marks


def draw_flag_homes(surf: pygame.Surface, t: FieldTransform, homes: dict) -> None:
    """The flags on their points before a match (``Layout.flag_homes``), drawn as the match draws
    them (the designer)."""
    for fid, point in homes.items():
        _flag(surf, t, point, fid)


def draw_template(surf: pygame.Surface, t: FieldTransform, origin, prebunker, team: str) -> None:
    """A prebunk template (RULES 12.3), translucent in the prebunker's team colour, and the token
    on the prebunked point."""
    if origin == prebunker:
        return
    rings = screen_coords(t, prebunk_template(origin, prebunker).polygon)
    xs = [p[0] for ring in rings for p in ring]
    ys = [p[1] for ring in rings for p in ring]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    fill = (*theme.TEAM[team][:3], 90)
    edge = (*theme.TEAM_EDGE[team][:3], 200)
    for ring in rings:
        moved = [(px - box.x, py - box.y) for px, py in ring]
        pygame.draw.polygon(layer, fill, moved)
        pygame.draw.polygon(layer, edge, moved, 2)
    surf.blit(layer, box.topleft)
    cx, cy = t.to_screen(*origin)
    r = max(4, int(t.scale * 0.22))
    pygame.draw.circle(surf, (255, 80, 80), (cx, cy), r)
    pygame.draw.circle(surf, theme.TEAM_EDGE[team], (cx, cy), r, 2)


def _flag(surf, t: FieldTransform, point, fid: str) -> None:
    """A flag on its pole: the centre flag yellow, a team's flag (double format) in its colours."""
    x, y = t.to_screen(*point)
    s = t.scale
    pole_top = (x + int(s * 0.1), y - int(s * 0.9))
    pygame.draw.line(surf, (40, 30, 20), (x + int(s * 0.1), y), pole_top, 2)
    tip = (pole_top[0] + int(s * 0.5), pole_top[1] + int(s * 0.18))
    cloth = [pole_top, tip, (pole_top[0], pole_top[1] + int(s * 0.36))]
    pygame.draw.polygon(surf, theme.TEAM.get(fid, theme.FLAG), cloth)
    if fid in theme.TEAM:
        pygame.draw.polygon(surf, (30, 30, 34), cloth, 1)


def dashed_line(surf, colour, a, b, dash: int, width: int = 1) -> None:
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    n = max(1, int(length // (2 * dash)))
    for i in range(n):
        u0, u1 = (2 * i) / (2 * n), (2 * i + 1) / (2 * n)
        pygame.draw.line(surf, colour, (x0 + (x1 - x0) * u0, y0 + (y1 - y0) * u0),
                         (x0 + (x1 - x0) * u1, y0 + (y1 - y0) * u1), width)


# -- figures and tokens ----------------------------------------------------------------------------------
def draw_figure(surf: pygame.Surface, t: FieldTransform, p: Player, state: MatchState, at=None,
                ghost: bool = False) -> None:
    """A player's token with his jersey, posture, barrel (side) and every token he carries."""
    point = at if at is not None else p.point
    if point is None:
        return
    cx, cy = t.to_screen(*point)
    s = t.scale
    rad = max(6, int(s * FIGURE_RADIUS))
    team = p.team
    # barrel: from the centre toward the side played, as seen by his team facing the enemy
    vx, vy = side_vector(team, p.side)
    if p.side in ("left", "right"):
        fx, fy = team_vectors(team)[0]
        vx, vy = (vx + fx) / math.sqrt(2), (vy + fy) / math.sqrt(2)
    tip = (cx + vx * rad * 1.75, cy - vy * rad * 1.75)
    barrel_colour = theme.DEAD_GUN if p.gun != "ok" else (25, 25, 25)
    pygame.draw.line(surf, barrel_colour, (cx, cy), tip, max(3, int(s * 0.12)))
    fill = theme.TEAM[team]
    if ghost:
        fill = tuple((c + 128) // 2 for c in fill)
    pygame.draw.circle(surf, fill, (cx, cy), rad)
    pygame.draw.circle(surf, theme.TEAM_EDGE[team], (cx, cy), rad, 2)
    theme.blit_text(surf, str(p.jersey), (cx, cy), max(10, int(s * 0.46)), theme.TEAM_TEXT[team], bold=True,
                    anchor="center")
    small = max(7, int(s * 0.28))
    # posture badge (top left)
    bx, by = cx - rad, cy - rad
    pygame.draw.circle(surf, (250, 250, 250), (bx, by), max(5, int(s * 0.17)))
    pygame.draw.circle(surf, (40, 40, 40), (bx, by), max(5, int(s * 0.17)), 1)
    theme.blit_text(surf, POSTURE_LETTER.get(p.posture, "?"), (bx, by + 1), small, (20, 20, 20), bold=True,
                    anchor="center")
    # order token (top right): face down unless the view shows its number
    token = state.orders.get(team, {}).get(p.id)
    if token is not None:
        ox, oy = cx + rad - 2, cy - rad - 2
        box = pygame.Rect(0, 0, max(10, int(s * 0.34)), max(10, int(s * 0.34)))
        box.center = (ox, oy)
        revealed = token != HIDDEN
        used = token <= state.round and token != HIDDEN
        colour = theme.ORDER_UP if revealed else theme.ORDER_DOWN
        if used:
            colour = (160, 150, 130)
        pygame.draw.rect(surf, colour, box, border_radius=2)
        pygame.draw.rect(surf, (30, 25, 20), box, 1, border_radius=2)
        theme.blit_text(surf, str(token) if revealed else "?", box.center, small,
                        (30, 25, 20) if revealed else (230, 220, 200), bold=True, anchor="center")
    # DEF count (bottom right)
    if p.def_count:
        box = pygame.Rect(0, 0, max(14, int(s * 0.5)), max(10, int(s * 0.32)))
        box.center = (cx + rad, cy + rad)
        pygame.draw.rect(surf, theme.DEF_BADGE, box, border_radius=3)
        theme.blit_text(surf, f"D{p.def_count}", box.center, small, (255, 255, 255), bold=True,
                        anchor="center")
    # boulets (bottom left): 1 or 4 black balls
    if p.boulets:
        br = max(2, int(s * 0.08))
        for i in range(p.boulets):
            centre = (cx - rad - br + (i % 2) * 2 * br, cy + rad - (i // 2) * 2 * br)
            pygame.draw.circle(surf, theme.BOULET, centre, br)
            pygame.draw.circle(surf, (200, 200, 200), centre, br, 1)
    # messy paint, reload, dead gun
    if p.messy:
        for dx, dy in ((0.2, -0.05), (0.32, 0.12), (0.1, 0.2)):
            pygame.draw.circle(surf, theme.MESSY, (cx + int(dx * s), cy + int(dy * s)), max(2, int(s * 0.07)))
    if p.reload:
        theme.blit_text(surf, "R", (cx + rad + 3, cy), small, (255, 240, 120), bold=True, anchor="midleft")
    if p.gun in (GUN_DEAD, GUN_BROKEN):
        d = int(rad * 0.8)
        colour = theme.DEAD_GUN if p.gun == GUN_DEAD else (10, 10, 10)
        pygame.draw.line(surf, colour, (cx - d, cy - d), (cx + d, cy + d), 3)
        pygame.draw.line(surf, colour, (cx - d, cy + d), (cx + d, cy - d), 3)


def token_position(t: FieldTransform, state: MatchState, shooter: Player) -> tuple[int, int] | None:
    """Where a suppressive token lies: beside its target on the pressed side."""
    tok = shooter.token
    if tok is None:
        return None
    target = state.players.get(tok.target)
    team = target.team if target is not None else ("white" if shooter.team == "blue" else "blue")
    vx, vy = side_vector(team, tok.side) if tok.side else (0.0, -FORWARD[team])
    off = 0.55
    x, y = tok.point[0] + vx * off, tok.point[1] + vy * off
    return t.to_screen(x, y)


def draw_suppressive_tokens(surf: pygame.Surface, t: FieldTransform, state: MatchState) -> None:
    s = t.scale
    for p in state.players.values():
        pos = token_position(t, state, p)
        if pos is None or not p.on_field:
            continue
        tok = p.token
        r = max(5, int(s * 0.18))
        colour = theme.TOKEN_ADVANTAGE if tok.advantage else theme.TOKEN_SUPPRESSIVE
        pts = [(pos[0], pos[1] - r), (pos[0] + r, pos[1]), (pos[0], pos[1] + r), (pos[0] - r, pos[1])]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, theme.TEAM[p.team], pts, 2)
        theme.blit_text(surf, ("A" if tok.advantage else "S") + str(p.jersey), pos, max(7, int(s * 0.22)),
                        (255, 255, 255), bold=True, anchor="center")
