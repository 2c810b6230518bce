"""The third round of Un pour un's speed (issue 30: 100 random matches/s), the engine's ``apply`` and the
measurer it asks: each shortcut gives the answer of the plain computation it replaces, on seeded random
segments, positions and states of the shipped tables."""

from __future__ import annotations

import math
import random

import pytest
import shapely

from paintcheck.rules.dice import Dice
from paintcheck.unpourun import tables
from paintcheck.unpourun.engine import _Work
from paintcheck.unpourun.game import UnpourunGame
from paintcheck.unpourun.measurer import BOX_SLACK, Measurer, _meets_box, centre_distance, distance
from paintcheck.unpourun.plane import EDGE, Outline
from paintcheck.unpourun.query import EPS
from paintcheck.unpourun.table_file import load_table, shipped_tables
from tests.unpourun.upu_playouts import states

TABLES = shipped_tables()
Pt = tuple[float, float]


def plain_inside_parts(o: Outline, a: Pt, b: Pt) -> list[tuple[float, float]]:
    """``Outline.inside_parts`` as the second round wrote it (the reference the faster one must equal
    bit for bit)."""
    ax, ay = a
    rx, ry = b[0] - ax, b[1] - ay
    span = rx * rx + ry * ry
    if span == 0 or not o.near_box(min(ax, b[0]), min(ay, b[1]), max(ax, b[0]), max(ay, b[1])):
        return []
    tol = EDGE * math.sqrt(span)
    side = [(x - ax) * ry - (y - ay) * rx for x, y in o.corners]
    if min(side) > tol or max(side) < -tol:
        return []
    cuts = [0.0, 1.0]
    along = False
    n = len(side)
    for j in range(n):
        s0, s1 = side[j], side[j + 1 - n]
        if (s0 > tol and s1 > tol) or (s0 < -tol and s1 < -tol):
            continue
        (x0, y0), (x1, y1) = o.corners[j], o.corners[j + 1 - n]
        crossings: tuple[tuple[float, float], ...]
        if abs(s0) <= tol and abs(s1) <= tol:
            along = True
            crossings = ((x0, y0), (x1, y1))
        elif abs(s0) <= tol:
            crossings = ((x0, y0),)
        elif abs(s1) <= tol:
            crossings = ((x1, y1),)
        else:
            u = s0 / (s0 - s1)
            crossings = ((x0 + u * (x1 - x0), y0 + u * (y1 - y0)),)
        for px, py in crossings:
            t = ((px - ax) * rx + (py - ay) * ry) / span
            if 0.0 < t < 1.0:
                cuts.append(t)
    cuts.sort()
    parts: list[tuple[float, float]] = []
    for t0, t1 in zip(cuts, cuts[1:], strict=False):
        if t1 <= t0:
            continue
        mid = (t0 + t1) / 2
        check = along or (t1 - t0) * math.sqrt(span) < 1e3 * EDGE
        if o.holds(ax + mid * rx, ay + mid * ry, check):
            if parts and parts[-1][1] == t0:
                parts[-1] = (parts[-1][0], t1)
            else:
                parts.append((t0, t1))
    return parts


def segments(m: Measurer, rng: random.Random, count: int) -> list[tuple[Pt, Pt]]:
    """Random segments on the table, and segments from and to the pieces' corners, along their edges,
    grazing their boxes and through them (the boundary cases of 1.6)."""
    w, d = m.table.width, m.table.depth
    out = []
    corners = [c for o in m._outlines for c in o.corners]
    boxes = [(o.min_x, o.min_y, o.max_x, o.max_y) for o in m._outlines]
    for _ in range(count):
        kind = rng.randrange(5)
        if kind == 0:
            a, b = (rng.uniform(0, w), rng.uniform(0, d)), (rng.uniform(0, w), rng.uniform(0, d))
        elif kind == 1:  # corner to corner (along an edge, or across the piece)
            a, b = rng.choice(corners), rng.choice(corners)
        elif kind == 2:  # from a corner, past it, or to it from afar
            c = rng.choice(corners)
            a, b = c, (c[0] + rng.uniform(-8, 8), c[1] + rng.uniform(-8, 8))
            if rng.random() < 0.5:
                a, b = b, a
        elif kind == 3:  # a line just outside or just on a box's side
            x0, y0, x1, y1 = rng.choice(boxes)
            off = rng.choice((-BOX_SLACK, -1e-9, 0.0, 1e-9, BOX_SLACK, 2 * BOX_SLACK))
            if rng.random() < 0.5:
                a, b = (x0 - off, y0 - 3), (x0 - off, y1 + 3)
            else:
                a, b = (x0 - 3, y1 + off), (x1 + 3, y1 + off)
        else:  # a short segment near a piece
            x0, y0, x1, y1 = rng.choice(boxes)
            a = (rng.uniform(x0 - 1, x1 + 1), rng.uniform(y0 - 1, y1 + 1))
            b = (a[0] + rng.uniform(-1, 1) * 10 ** -rng.randrange(0, 8), a[1] + rng.uniform(-1, 1))
        out.append((a, b))
    return out


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_1_6_inside_parts_equals_the_plain_cutting_bit_for_bit(path):
    m = Measurer(load_table(path))
    rng = random.Random(30)
    cut = 0
    for a, b in segments(m, rng, 700):
        for o in m._outlines:
            fast, plain = o.inside_parts(a, b), plain_inside_parts(o, a, b)
            assert fast == plain, (a, b, o.corners)
            cut += bool(plain)
    assert cut > 50  # the segments do cross pieces


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_1_6_1_8_parts_skip_only_pieces_with_no_part(path):
    """``Measurer._parts`` (a piece's box missed by more than ``BOX_SLACK`` is not cut) equals cutting
    every piece, for moves' pieces and sight's tall pieces."""
    m = Measurer(load_table(path))
    rng = random.Random(31)
    every = range(len(m._outlines))
    for a, b in segments(m, rng, 700):
        plain = [(i, t0, t1) for i in every for t0, t1 in m._outlines[i].inside_parts(a, b)]
        assert m._parts(a, b, every) == plain
        assert m._interiors(a, b, m._slow_or_top) == [p for p in plain if m._slow_or_top[p[0]]]
        fresh = Measurer(m.table)  # every chosen piece cut, none skipped
        outlines = fresh._outlines
        fresh._parts = lambda p, q, ids, outlines=outlines: [  # type: ignore[method-assign]
            (i, t0, t1) for i in ids for t0, t1 in outlines[i].inside_parts(p, q)]
        for eye in (0.0, 1.0, 2.5):
            assert m.sees(a, b, eye, 1.0) == fresh.sees(a, b, eye, 1.0)
            assert m.sight(a, b, eye, 3.0).blockers == fresh.sight(a, b, eye, 3.0).blockers


def test_meets_box_is_shapelys_intersection():
    rng = random.Random(32)
    box = shapely.box(10.0, 20.0, 14.0, 23.0)
    met = 0
    for _ in range(4000):
        a = (rng.uniform(0, 25), rng.uniform(10, 33))
        b = (rng.uniform(0, 25), rng.uniform(10, 33)) if rng.random() < 0.8 else a
        line = shapely.LineString([a, b]) if a != b else shapely.Point(a)
        if 1e-9 < shapely.distance(box.exterior, line) or box.intersects(line):
            expected = box.intersects(line)
            found = _meets_box(a[0], a[1], b[0] - a[0], b[1] - a[1], 10.0, 20.0, 14.0, 23.0)
            assert found is expected, (a, b)
            met += expected
    assert 200 < met < 3800


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_6_6_sightings_find_the_pairs_board_sees_finds(path):
    """``_Work.sightings`` reads the mover's position and elevation once: the pairs it adds are those
    ``Board.sees`` finds, for any figure of random states moved to a random place."""
    game = UnpourunGame(load_table(path))
    rng = random.Random(33)
    checked = 0
    for s in states(game, 40, 2)[::7]:
        placed = [f for f in s.figures if f.pos is not None]
        if not placed:
            continue
        work = _Work(game.engine.board, s.copy(), Dice(1))
        f = rng.choice(placed)
        work.put(f.__class__(**{**f.__dict__, "pos": (rng.uniform(1, 47), rng.uniform(1, 47))}))
        moved = work.fig(f.id)
        expected = {(moved.id, y.id) for y in work.s.figures
                    if y.player != moved.player and y.pos is not None and (moved.id, y.id) not in s.seen
                    and game.engine.board.sees(moved, y)}
        work.sightings(f.id)
        assert {p for p in work.s.seen - s.seen if p[0] == moved.id} == expected
        assert {p for p in work.s.seen - s.seen if p[1] == moved.id} == {(y, x) for x, y in expected}
        checked += bool(expected)
    assert checked > 3


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_work_finds_and_replaces_figures_by_their_place(path):
    """``_Work.fig`` and ``put`` read the figures' places once a decision: the figure found is the
    state's ``figure(fid)``, and ``put`` changes that one only, after other changes too."""
    game = UnpourunGame(load_table(path))
    rng = random.Random(34)
    for s in states(game, 50, 1)[::11]:
        work = _Work(game.engine.board, s.copy(), Dice(1))
        for _ in range(6):
            f = rng.choice(work.s.figures)
            assert work.fig(f.id) is work.s.figure(f.id)
            before = work.s.figures
            g = f.__class__(**{**f.__dict__, "pv": f.pv + 1})
            work.put(g)
            assert work.s.figure(f.id) is g
            assert [x for x in work.s.figures if x.id != f.id] == [x for x in before if x.id != f.id]
            assert [x.id for x in work.s.figures] == [x.id for x in before]


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_1_5_engaged_with_is_in_contact_with_each_enemy(path):
    """``Board.engaged_with`` asks the flat distance itself (``CONTACT_REACH2``) before the measurer: the
    same enemies as ``in_contact`` with each, on random states with figures pushed into contact."""
    game = UnpourunGame(load_table(path))
    board = game.engine.board
    rng = random.Random(35)
    found = 0
    for s in states(game, 60, 1)[::5]:
        placed = [f for f in s.figures if f.pos is not None]
        if len(placed) < 2:
            continue
        x, y = rng.sample(placed, 2)  # y set beside x, at a distance about the contact's reach
        assert x.pos is not None
        gap = rng.choice((1.0, 1.1, 1.1 + 1e-12, 1.1 - 1e-12, 1.05, 1.2))
        pos = (x.pos[0] + gap, x.pos[1])
        s = s.copy()
        s.figures = tuple(f.__class__(**{**f.__dict__, "pos": pos}) if f.id == y.id else f for f in s.figures)
        for f in s.figures:
            plain = ([e for e in s.figures if e.player != f.player and e.standing and e.hanging is None
                      and board.in_contact(f, e)] if f.standing and f.hanging is None else [])
            assert board.engaged_with(s, f) == plain
            found += bool(plain)
    assert found > 3


def plain_targets(board, s, shooter, nominated, weapon):
    """4.3's targets as the second round chose them: every enemy's eligibility asked first."""
    w = tables.RANGED[weapon]
    if w.blast:
        return [nominated]
    here = board.pos(shooter)
    pool = [e for e in s.figures if e.player != shooter.player and e.standing
            and board.eligible(s, shooter, e, weapon)]
    group, frontier = [nominated], [nominated]
    while frontier:
        f = frontier.pop()
        for e in pool:
            if e not in group and distance(board.pos(f), board.pos(e)) <= tables.GROUP_LINK + EPS:
                group.append(e)
                frontier.append(e)

    def key(e):  # exact ties: the first in the group (4.3's owner choice aside, ``shot_targets``' default)
        return centre_distance(here, board.pos(e))

    chosen = [min(group, key=key)]
    while len(chosen) < w.targets:
        nxt = [e for e in group if e not in chosen
               and any(distance(board.pos(c), board.pos(e)) <= tables.GROUP_LINK + EPS for c in chosen)]
        if not nxt:
            break
        chosen.append(min(nxt, key=key))
    return chosen


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_4_3_shot_targets_ask_eligibility_only_within_the_group_reach(path):
    """``Board.shot_targets`` asks an enemy's eligibility only when it is within 1 of the group: the same
    targets as the group built from every eligible enemy, on random states (enemies pushed together so
    that groups form), every weapon and nominated enemy."""
    game = UnpourunGame(load_table(path))
    board = game.engine.board
    rng = random.Random(36)
    grouped = 0
    for s in states(game, 70, 1)[::2]:
        standing = [f for f in s.figures if f.standing]
        shooters = [f for f in standing if f.usable()]
        if not shooters:
            continue
        shooter = rng.choice(shooters)
        enemies = [f for f in standing if f.player != shooter.player]
        if len(enemies) < 2:
            continue
        lead = rng.choice(enemies)  # another enemy set within 1 of it (a group)
        other = rng.choice([e for e in enemies if e.id != lead.id])
        assert lead.pos is not None and shooter.pos is not None  # set on the shooter's side of it
        dx, dy = shooter.pos[0] - lead.pos[0], shooter.pos[1] - lead.pos[1]
        k = rng.uniform(1.0, 2.2) / max(math.hypot(dx, dy), 1e-9)
        pos = (lead.pos[0] + k * dx, lead.pos[1] + k * dy)
        s = s.copy()
        s.figures = tuple(f.__class__(**{**f.__dict__, "pos": pos}) if f.id == other.id else f
                          for f in s.figures)
        shooter = s.figure(shooter.id)
        for weapon in shooter.usable():
            for nominated in (s.figure(e.id) for e in enemies):
                got = board.shot_targets(s, shooter, nominated, weapon)
                assert got == plain_targets(board, s, shooter, nominated, weapon)
                grouped += got != [nominated]  # the group chose another or more
    assert grouped > 1
