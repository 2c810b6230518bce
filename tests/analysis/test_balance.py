"""Control (depthmapX) and the long sides' balance, against loops written here, on small fields."""

from __future__ import annotations

import pytest

from paintcheck.analysis.balance import control, sides
from paintcheck.analysis.maps import FieldStudy
from paintcheck.field.lattice import Lattice
from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.geometry import sight
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.ruler import line_of_fire
from paintcheck.geometry.touch import CROSS
from paintcheck.rules import tables
from tests.analysis.test_analysis_maps import lopsided_layout

SMALL = Layout("small", (
    ObstacleSpec("pyr", "pyramid", (3, 0)),
    ObstacleSpec("cyl-w", "cylinder", (1, 2)),
    ObstacleSpec("lying-w", "cylinder_lying", (4, 3), 90),
    ObstacleSpec("cone-b", "cone", (5, -2)),
    ObstacleSpec("small-b", "rocket_small", (2, -3)),
), Lattice(7, 4))


def study_of(layout: Layout) -> FieldStudy:
    field = layout.build()
    return FieldStudy(field, sight.compute_sight_table(field))


def possible_by_ruler(field, index, q, p, posture) -> bool:
    near = sorted({o.id for o in field.covers_of(q)} | {o.id for o in field.covers_of(p)})
    return not any(
        tables.line_of_fire_modifier(posture, t.height, t.effect == CROSS) is None
        for t in line_of_fire(index, q, p, near).touches
    )


def test_an_open_field_gives_every_point_a_control_of_one():
    study = study_of(Layout("open", (), Lattice(5, 3)))
    values = control(study, "standing")
    assert len(values) == 5 * 7
    assert all(v == pytest.approx(1.0) for v in values.values())


@pytest.mark.parametrize("posture", ["standing", "prone"])
def test_control_is_the_sum_of_one_over_the_neighbours_degree(posture):
    study = study_of(SMALL)
    field = study.field
    index = ObstacleIndex(field)
    free = field.free_points()
    seen = {p: [q for q in free if q != p and possible_by_ruler(field, index, p, q, posture)] for p in free}
    want = {p: sum(1 / len(seen[q]) for q in seen[p]) for p in free}
    got = control(study, posture)
    assert set(got) == set(want)
    for p in free:
        assert got[p] == pytest.approx(want[p], abs=1e-12)
    assert max(got.values()) > 1 > min(got.values())  # a field with pieces has both


def test_the_sides_are_blues_left_and_right_and_the_balance_their_difference():
    layout = lopsided_layout()  # right of column E: the cylinder at F2, the cone at H8, the rocket at G0
    study = study_of(layout)
    maps = study.maps("standing")
    left, right, balance = sides(study, "standing")
    assert (left.columns, right.columns) == ("A-D", "F-I")
    lefts = [p for p in maps.threat if p[1] < 0 and p[0] < 4]
    rights = [p for p in maps.threat if p[1] < 0 and p[0] > 4]
    assert left.points == len(lefts) and right.points == len(rights)
    assert left.threat_mean == pytest.approx(sum(maps.threat[p] for p in lefts) / len(lefts), abs=1e-3)
    assert right.exposure_mean == pytest.approx(sum(maps.exposure[p] for p in rights) / len(rights), abs=1e-3)
    assert balance == pytest.approx(left.threat_mean - right.threat_mean, abs=1e-3)
    assert set(right.pieces) == {"cyl-b", "cone-b", "rocket"} and set(left.pieces) == {"sub", "sub-b"}


def test_a_field_mirrored_left_to_right_is_even():
    pieces = (ObstacleSpec("a", "cylinder", (1, -2)), ObstacleSpec("b", "cylinder", (5, -2)),
              ObstacleSpec("c", "cone", (1, 2)), ObstacleSpec("d", "cone", (5, 2)))
    left, right, balance = sides(study_of(Layout("even", pieces, Lattice(7, 4))), "kneeling")
    assert balance == 0 and left.points == right.points and left.pieces == ("a",) and right.pieces == ("b",)
