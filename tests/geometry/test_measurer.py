"""FieldMeasurer: every method of the rules' Measurer protocol, on a built field."""

from __future__ import annotations

import inspect

import pytest

from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.geometry.errors import UnknownObstacleError
from paintcheck.geometry.measurer import FieldMeasurer
from paintcheck.rules import measure as contract


@pytest.fixture(scope="module")
def m():
    return FieldMeasurer(
        Layout(
            "t",
            (
                ObstacleSpec("cyl", "cylinder", (8, -5)),
                ObstacleSpec("pyr", "pyramid", (10, -5)),
                ObstacleSpec("log", "cylinder_lying", (3, -5), 0),
            ),
        ).build()
    )


def test_implements_every_protocol_method(m):
    wanted = {n for n, _ in inspect.getmembers(contract.Measurer, inspect.isfunction)}
    wanted = {n for n in wanted if not n.startswith("_")}
    assert wanted <= set(dir(m))
    for name in wanted:
        theirs = list(inspect.signature(getattr(contract.Measurer, name)).parameters)
        ours = list(inspect.signature(getattr(FieldMeasurer, name)).parameters)
        assert ours == theirs, name


def test_touch_has_the_contract_fields(m):
    (touches,) = m.lines_of_fire((8, -10), [(8, 0)])
    (t,) = touches
    for field in ("obstacle", "kind", "height", "effect"):
        assert hasattr(t, field)
    assert (t.obstacle, t.effect) == ("cyl", contract.CROSS)


def test_obstacle_info(m):
    info = m.obstacle("log")
    assert (info.kind, info.height, info.long, info.overable) == ("cylinder_lying", "low", True, True)
    assert info.points == ((3, -5), (4, -5))
    assert m.obstacle("cyl").narrow and not m.obstacle("pyr").narrow
    with pytest.raises(UnknownObstacleError):
        m.obstacle("nope")


def test_covers_nearest_first(m):
    # (9,-5) is between the cylinder (0.55 away) and the pyramid (0.2 away)
    assert m.covers((9, -5)) == ("pyr", "cyl")
    assert m.covers((0, 0)) == ()


def test_field_questions(m):
    assert m.blocked((8, -5)) and not m.blocked((3, -5)) and not m.blocked((0, 0))
    assert m.on_field((16, 13)) and not m.on_field((17, 0))
    assert m.path((0, 0), [(2, 2)]) == ((0, 0), (1, 1), (2, 2))
    assert m.distance((0, 0), (3, 4)) == 5.0
    assert m.angle_between((0, 0), (1, 0), (0, 1)) == 90.0


def test_fov_and_angles(m):
    assert m.fov((8, -6), "blue", "cyl", "left", [(7, 0), (9, 0)]) == (True, False)
    assert m.static_angle((8, -6), "cyl", (8, -12)) == 180.0
    assert m.static_angle((8, -6), None, (8, -12)) == 0.0
    assert m.run_angle([(0, 0), (0, 4)], (0, 9)) == 0.0


def test_sweep_and_lines(m):
    assert [t.obstacle for t in m.sweep((8, 5), [(7, -8), (9, -8)])] == ["cyl"]
    assert m.lines_of_fire((8, -10), [(8, 0), (16, -10)], ignore=["cyl"]) == ((), ())


def test_pressed_side(m):
    # Blue target at (8,-6) behind the cylinder at x = 8; Blue's left is -x
    assert m.pressed_side((8, -6), "blue", "cyl", "left", (5, 5)) == "left"
    assert m.pressed_side((8, -6), "blue", "cyl", "left", (11, 5)) == "right"
    assert m.pressed_side((8, -6), "blue", "cyl", "over", (11, 5)) == "over"
    assert m.pressed_side((8, -6), "blue", None, None, (11, 5)) is None
    # straight in line with the cover: the side the target plays
    assert m.pressed_side((8, -6), "blue", "cyl", "right", (8, 5)) == "right"
    # White's left is +x
    assert m.pressed_side((8, -4), "white", "cyl", "left", (11, -12)) == "left"


def test_safe_move_and_lock(m):
    assert m.safe_move([(2, -6), (3, -6), (4, -6)], "blue", (3, 5))
    assert not m.safe_move([(2, -4), (3, -4)], "blue", (3, 5))
    assert m.in_lock_wedge((4, 3), (8, -6), "blue", "cyl", "left", (7, 5))
    assert not m.in_lock_wedge((4, 3), (8, -6), "blue", "cyl", "left", (2, 3))
