"""The sight table and the maps against the ruler itself, pair by pair, on small fields."""

from __future__ import annotations

import numpy as np
import pytest

from paintcheck.analysis.maps import FieldStudy, belongs_to, dominance_key
from paintcheck.field.lattice import Lattice, mirror_point
from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.field.layout_file import mirror_spec
from paintcheck.geometry import sight
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.ruler import line_of_fire, lines_of_fire
from paintcheck.geometry.touch import CROSS
from paintcheck.rules import tables

SMALL = Lattice(9, 9)
POSTURES = tables.POSTURES

CENTRE = (
    ObstacleSpec("sub", "submarine", (1, 0), 0),
    ObstacleSpec("rocket", "rocket_big", (6, 0)),
)
HALF = (  # White's half; Blue's is its mirror
    ObstacleSpec("cyl-w", "cylinder", (2, 3)),
    ObstacleSpec("cone-w", "cone", (6, 4)),
    ObstacleSpec("snake-w", "cylinder_lying", (4, 6), 45),
    ObstacleSpec("carrot-w", "cone_lying", (7, 7), 90),
    ObstacleSpec("small-w", "rocket_small", (1, 8)),
    ObstacleSpec("pyr-w", "pyramid", (4, 2)),
)


def symmetric_layout() -> Layout:
    return Layout("small symmetric", CENTRE + HALF + tuple(mirror_spec(s) for s in HALF), SMALL)


def lopsided_layout() -> Layout:
    blue = (
        ObstacleSpec("cyl-b", "cylinder", (5, -2)),
        ObstacleSpec("sub-b", "submarine", (3, -5), 90),
        ObstacleSpec("cone-b", "cone", (7, -8)),
    )
    return Layout("small lopsided", CENTRE + HALF + blue, SMALL)


@pytest.fixture(scope="module")
def symmetric():
    field = symmetric_layout().build()
    return field, FieldStudy(field, sight.compute_sight_table(field))


@pytest.fixture(scope="module")
def lopsided():
    field = lopsided_layout().build()
    return field, FieldStudy(field, sight.compute_sight_table(field))


def brute_force_maps(field, team_enemy_sign: int) -> dict:
    """exposure and threat for the three postures, one ``line_of_fire`` call per pair."""
    free = field.free_points()
    enemy = [q for q in free if q[1] * team_enemy_sign > 0]
    covers = {p: [o.id for o in field.covers_of(p)] for p in free}
    index = ObstacleIndex(field)
    impossible: dict[tuple, dict[str, bool]] = {}
    pairs = {(q, p) for q in enemy for p in free} | {(q, p) for q in free for p in enemy}
    for q, p in pairs:
        ignore = sorted(set(covers[q]) | set(covers[p]))
        touches = line_of_fire(index, q, p, ignore).touches
        impossible[q, p] = {
            x: any(tables.line_of_fire_modifier(x, t.height, t.effect == CROSS) is None for t in touches)
            for x in POSTURES
        }
    out = {}
    for x in POSTURES:
        exposure = {p: sum(not impossible[q, p][x] for q in enemy) for p in free}
        threat = {q: sum(not impossible[q, p][x] for p in enemy) for q in free}
        out[x] = (exposure, threat)
    return out


@pytest.mark.slow
def test_the_table_is_the_rulers_reading_for_every_ordered_pair(lopsided):
    field, study = lopsided
    table = study.table
    points = field.lattice.points()
    index = ObstacleIndex(field)
    for shooter in points:
        readings = lines_of_fire(index, shooter, points)
        for target, reading in zip(points, readings, strict=True):
            expected = {t.obstacle: t.effect for t in reading.touches}
            assert table.touches(shooter, target) == expected, (shooter, target)


@pytest.mark.slow
def test_maps_equal_the_per_pair_ruler(lopsided):
    field, study = lopsided
    expected = brute_force_maps(field, +1)
    for x in POSTURES:
        maps = study.maps(x)
        assert maps.exposure == expected[x][0], x
        assert maps.threat == expected[x][1], x


def test_whites_maps_are_the_mirror_of_blues(symmetric):
    _, study = symmetric
    for x in POSTURES:
        blue, white = study.maps(x, "blue"), study.maps(x, "white")
        assert white.exposure == {mirror_point(p): n for p, n in blue.exposure.items()}
        assert white.threat == {mirror_point(p): n for p, n in blue.threat.items()}


def test_whites_maps_are_blues_on_the_mirrored_layout(lopsided):
    field, study = lopsided
    mirrored = Layout("mirrored", tuple(mirror_spec(s) for s in field.layout.obstacles), SMALL).build()
    other = FieldStudy(mirrored, sight.compute_sight_table(mirrored))
    for x in POSTURES:
        blue, white = study.maps(x, "blue"), other.maps(x, "white")
        assert white.exposure == {mirror_point(p): n for p, n in blue.exposure.items()}
        assert white.threat == {mirror_point(p): n for p, n in blue.threat.items()}


def test_an_empty_field_exposes_every_point_to_the_whole_enemy_half():
    field = Layout("empty", (), SMALL).build()
    study = FieldStudy(field, sight.compute_sight_table(field))
    white_half = SMALL.columns * SMALL.rows_per_half
    for x in POSTURES:
        maps = study.maps(x)
        assert len(maps.exposure) == len(SMALL.points())
        assert set(maps.exposure.values()) == {white_half}
        assert set(maps.threat.values()) == {white_half}


@pytest.mark.parametrize("extra", [
    ObstacleSpec("new-cyl", "cylinder", (4, -3)),
    ObstacleSpec("new-small", "rocket_small", (2, 1)),
    ObstacleSpec("new-sub", "submarine", (5, 5), 90),
    ObstacleSpec("new-cone", "cone", (8, -6)),
])
def test_adding_an_obstacle_never_raises_an_exposure(lopsided, extra):
    field, study = lopsided
    layout = field.layout
    bigger = Layout(layout.name, layout.obstacles + (extra,), SMALL).build()
    more = FieldStudy(bigger, sight.compute_sight_table(bigger))
    for x in POSTURES:
        before, after = study.maps(x), more.maps(x)
        for p, n in after.exposure.items():
            assert n <= before.exposure[p], (x, p)


def test_pieces_table(lopsided):
    field, study = lopsided
    rows = study.pieces("standing")
    listed = {r.id for r in rows}
    assert listed == {o.id for o in field.obstacles if not belongs_to(o, "white")}
    assert {"sub", "rocket", "cyl-b", "sub-b", "cone-b"} == listed
    maps = study.maps("standing")
    white_covers = {p for o in field.obstacles if belongs_to(o, "white") for p in study.cover_points(o)}
    for row in rows:
        obstacle = field.by_id[row.id]
        assert row.cover_points == tuple(
            p for p in field.free_points() if obstacle in field.covers_of(p)
        )
        assert row.exposure_min == min(maps.exposure[p] for p in row.cover_points)
        assert row.threat_max == max(maps.threat[p] for p in row.cover_points)
        possible = study.possible("standing")
        pos = study.position
        best = max(sum(bool(possible[pos[q], pos[p]]) for p in white_covers) for q in row.cover_points)
        assert row.enemy_cover_points_shot == best
    cone = next(r for r in rows if r.id == "cone-b")  # at row 8 of 9: next to the base row
    assert cone.steps_from_base == 0
    ranked = sorted(rows, key=dominance_key)
    assert [r.threat_max for r in ranked] == sorted((r.threat_max for r in rows), reverse=True)


def test_the_sight_table_is_cached_by_content(tmp_path, monkeypatch):
    field = lopsided_layout().build()
    first = sight.sight_table(field, cache=tmp_path)
    files = list(tmp_path.glob("*.npz"))
    assert len(files) == 1 and not list(tmp_path.glob("*.tmp"))
    renamed = Layout("another name", field.layout.obstacles, SMALL).build()

    def no_compute(_field):
        raise AssertionError("computed again")

    monkeypatch.setattr(sight, "compute_sight_table", no_compute)
    again = sight.sight_table(renamed, cache=tmp_path)
    assert np.array_equal(again.shooter, first.shooter) and again.obstacle_ids == first.obstacle_ids
    files[0].write_bytes(b"damaged")
    monkeypatch.undo()
    rebuilt = sight.sight_table(field, cache=tmp_path)
    assert np.array_equal(rebuilt.crossed, first.crossed)
    moved = Layout("moved", field.layout.obstacles[:-1], SMALL).build()
    assert sight.layout_key(moved) != sight.layout_key(field)
