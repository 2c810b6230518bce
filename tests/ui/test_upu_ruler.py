"""Un pour un's ruler (``ui.unpourun.ruler_reading``, ``ui.unpourun.ruler``): the rings lie where the
engine's range bands change, the line of sight names the pieces that block it (checked against a shapely
brute force on every shipped table), a blast's template covers the figures the engine's blast hits, and
the layer draws the line red when blocked and the blocking piece outlined."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pygame
import pytest
import shapely

from paintcheck.rules.dice import ScriptedDice
from paintcheck.ui import i18n
from paintcheck.ui.unpourun import ruler as ruler_layer
from paintcheck.ui.unpourun.ruler_reading import BANDS, BEYOND, read_ruler
from paintcheck.ui.unpourun.table_view import TableView
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import Options
from paintcheck.unpourun.measurer import Measurer
from paintcheck.unpourun.query import Board
from paintcheck.unpourun.table_file import default_table_path, load_table, shipped_tables
from paintcheck.unpourun.terrain import EYE_HEIGHT, OPEN_TABLE, Kind, Piece
from tests.unpourun.upu_world import CHEF, SF, World, band, fig

QUIET = Options(passive=frozenset())
WOODLAND = load_table(default_table_path())


def _world(at, ranged=("fusil", "grenade"), tbl=WOODLAND) -> World:
    return World(band(fig(CHEF, ranged=ranged)), band(fig(SF), fig(SF)), at, "A1", tbl=tbl, options=QUIET)


def test_rings_lie_where_the_engines_band_changes():
    """A target whose base reaches just inside a ring is in that band, just outside it in the next one."""
    for weapon in ("fusil", "pistolet", "mitrailleuse"):
        w = _world({"A1": (5.0, 3.0), "B1": (5.0, 40.0)}, ranged=(weapon,), tbl=OPEN_TABLE)
        reading = read_ruler(w.engine.board, w.s, "A1", weapon, (0.0, 0.0), "B1")
        limits = (t.RANGED[weapon].pc, t.RANGED[weapon].pm, t.RANGED[weapon].pl)
        assert [r.band for r in reading.rings] == list(BANDS)
        assert [r.limit for r in reading.rings] == list(limits)
        expected_after = (*BANDS[1:], BEYOND)
        for ring, inside, outside in zip(reading.rings, BANDS, expected_after, strict=True):
            for gap, band_name in ((-0.01, inside), (0.01, outside)):
                # the target's base edge at ring.radius + gap from the shooter's centre
                w.set("B1", pos=(5.0, 3.0 + ring.radius + gap + 0.5))
                got = read_ruler(w.engine.board, w.s, "A1", weapon, (0.0, 0.0), "B1")
                assert got.band == band_name, (weapon, ring, gap)
                need, rng, _, d = w.engine.board.to_hit(w.f("A1"), w.f("B1"), weapon)
                assert got.d == pytest.approx(d)


def test_point_length_is_the_rules_figure_to_point_distance():
    w = _world({"A1": (10.0, 10.0)})
    got = read_ruler(w.engine.board, w.s, "A1", "fusil", (13.0, 14.0))
    assert got.target is None and got.band is None
    assert got.d == pytest.approx(5.0 - 0.5)


def _brute_blockers(table, a, b, ea, eb, samples=4000):
    """The pieces whose interior the segment a-b enters where the eye line is lower than their height,
    found by sampling the segment with shapely's own ``contains_xy`` (no measurer code)."""
    s = np.arange(1, samples) / samples
    xs, ys = a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s
    eye = ea + (eb - ea) * s
    found = set()
    for k, piece in enumerate(table.pieces):
        low = eye < piece.height - 1e-6
        if not low.any():
            continue
        poly = shapely.Polygon(piece.points)
        inside = shapely.contains_xy(poly, xs[low], ys[low])
        if inside.any():
            gaps = shapely.distance(poly.exterior, shapely.points(xs[low][inside], ys[low][inside]))
            if (gaps > 1e-6).any():
                found.add(k)
    return found


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_blocked_names_the_pieces_a_brute_force_finds(path):
    table = load_table(path)
    m = Measurer(table)
    board = Board(m)
    rng = random.Random(path.stem)
    checked = blocked = 0
    w = _world({"A1": (1.0, 1.0), "B1": (2.0, 2.0)}, tbl=table)
    while checked < 60:
        p = (rng.uniform(1, table.width - 1), rng.uniform(1, table.depth - 1))
        q = (rng.uniform(1, table.width - 1), rng.uniform(1, table.depth - 1))
        if m.kind_at(p) == "impassable" or m.kind_at(q) == "impassable" or math.dist(p, q) < 2:
            continue
        w.set("A1", pos=p)
        w.set("B1", pos=q)
        got = read_ruler(board, w.s, "A1", "fusil", q, "B1")
        want = _brute_blockers(table, p, q, m.elevation(p) + EYE_HEIGHT, m.elevation(q) + EYE_HEIGHT)
        assert {x.index for x in got.blockers} == want, (p, q)
        assert got.seen == (not want)
        for x in got.blockers:
            piece = table.pieces[x.index]
            assert (x.kind, x.height, x.name) == (piece.kind, piece.height, piece.name)
        checked += 1
        blocked += bool(want)
    assert blocked >= 5  # the tables have pieces that hide: the brute force had something to find


def test_woodland_boulder_blocks_and_is_named_in_both_languages():
    w = _world({"A1": (15.0, 12.0), "B1": (15.0, 22.0)})
    got = read_ruler(w.engine.board, w.s, "A1", "fusil", (0.0, 0.0), "B1")
    assert [b.name for b in got.blockers] == ["boulder"]
    assert not got.seen and not w.engine.board.sees(w.f("A1"), w.f("B1"))  # the engine agrees
    en = ruler_layer.sight_words(got, "en")
    fr = ruler_layer.sight_words(got, "fr")
    assert en == "blocked by boulder (impassable, h 2)"
    assert fr == "bloquée par boulder (infranchissable, h 2)"
    assert ruler_layer.length_words(got, "en") == "9.0 pas to B1: short range"
    assert ruler_layer.length_words(got, "fr") == f"9,0 pas jusqu’à B1{i18n.NNBSP}: portée courte"


def test_the_template_covers_what_the_engines_blast_hits():
    at = {"A1": (30.0, 4.0), "B1": (30.0, 9.0), "B2": (32.0, 10.0), "B3": (36.0, 9.0)}
    w = _world(at)
    got = read_ruler(w.engine.board, w.s, "A1", "grenade", (0.0, 0.0), "B1")
    assert got.template is not None and got.template.radius == t.RANGED["grenade"].blast
    state, events = w.engine.apply(w.s, a.Shoot("grenade", "B1"), ScriptedDice([6] + [1] * 10))
    blast = next(e for e in events if e.kind == "blast")
    assert got.template.hit == blast.get("hit")
    assert set(got.template.hit) >= {"B1", "B2"} and "A1" not in got.template.hit  # the shooter is immune
    # on empty ground: the figures a blast centred there would reach
    empty = read_ruler(w.engine.board, w.s, "A1", "grenade", (33.0, 9.5))
    assert empty.target is None
    assert set(empty.template.hit) == {"B1", "B2", "B3"}
    assert "" not in empty.template.hit


def test_the_template_on_a_hanging_target_sees_from_its_height():
    """4.5 with 1.7 and 3.11: B1 hangs at 2.5 against a wall of h 3; the template, as the engine's blast,
    takes B2 on top of the wall, which B1's height sees."""
    wall = replace(OPEN_TABLE, pieces=(Piece(Kind.IMPASSABLE, 3, ((10, 20), (20, 20), (20, 30), (10, 30))),))
    w = _world({"A1": (15.0, 15.0), "B1": (15.0, 20.0), "B2": (15.0, 22.0)}, ("grenade",), wall)
    w.set("B1", hanging=(0, 2.5))
    got = read_ruler(w.engine.board, w.s, "A1", "grenade", (15.0, 20.0), "B1")
    state, events = w.engine.apply(w.s, a.Shoot("grenade", "B1"), ScriptedDice([6, 1, 1]))
    assert got.template.hit == next(e for e in events if e.kind == "blast").get("hit") == ("B1", "B2")


def _pixels(surface, colour) -> int:
    rgb = pygame.surfarray.pixels3d(surface)
    return int(np.all(rgb == np.array(colour), axis=2).sum())


def test_the_layer_draws_a_blocked_line_red_and_outlines_the_blocker():
    pygame.init()
    try:
        surface = pygame.Surface((700, 760))
        view = TableView(WOODLAND, (0, 0, 700, 760), legend=False)
        w = _world({"A1": (15.0, 12.0), "B1": (15.0, 22.0)})
        layer = ruler_layer.RulerLayer(w.engine.board)
        layer.aim(w.s, "A1", "fusil", (15.0, 22.2))  # the mouse on B1's base
        assert layer.reading.target == "B1"
        view.draw(surface)
        layer.draw(surface, view, "en")
        quarter = view.to_screen((15.0, 14.5))
        assert surface.get_at((round(quarter[0]), round(quarter[1])))[:3] == ruler_layer.LINE_BLOCKED
        assert _pixels(surface, ruler_layer.BLOCKER_EDGE) > 20  # the boulder outlined
        layer.aim(w.s, "A1", "fusil", (25.0, 12.0))  # an open line
        assert layer.reading.seen and layer.reading.target is None
        view.draw(surface)
        layer.draw(surface, view, "fr")
        quarter = view.to_screen((17.5, 12.0))
        assert surface.get_at((round(quarter[0]), round(quarter[1])))[:3] == ruler_layer.LINE_CLEAR
        assert _pixels(surface, ruler_layer.BLOCKER_EDGE) == 0
        assert layer.lines("fr")[1] == "ligne de vue dégagée"
    finally:
        pygame.quit()
