"""Field of vision: sides for both teams, OVER, the pyramid's edge, closed limit lines."""

from __future__ import annotations

from geometry_helpers import single

from paintcheck.geometry.fov import blind, field_of_vision


def test_blue_left_is_minus_x_and_right_is_plus_x():
    ix = single("cylinder", (8, -5))
    left = field_of_vision(ix, "blue", "o", "left")
    assert left.contains([(7, 0), (9, 0), (8, 3)]) == (True, False, True)
    right = field_of_vision(ix, "blue", "o", "right")
    assert right.contains([(7, 0), (9, 0), (8, 3)]) == (False, True, True)


def test_white_left_is_plus_x():
    ix = single("cylinder", (8, 5))
    left = field_of_vision(ix, "white", "o", "left")
    assert left.contains([(7, 0), (9, 0), (8, -3)]) == (False, True, True)
    right = field_of_vision(ix, "white", "o", "right")
    assert right.contains([(7, 0), (9, 0)]) == (True, False)


def test_over_sees_toward_the_enemy():
    ix = single("rocket_small", (8, -5))
    assert field_of_vision(ix, "blue", "o", "over").contains([(0, -5), (3, 2), (3, -6)]) == (
        True, True, False,
    )
    ix = single("rocket_small", (8, 5))
    assert field_of_vision(ix, "white", "o", "over").contains([(0, 5), (3, -2), (3, 6)]) == (
        True, True, False,
    )


def test_pyramid_limit_is_its_far_base_edge():
    ix = single("pyramid", (8, -5))
    left = field_of_vision(ix, "blue", "o", "left")  # limit on the +x edge, x = 8.8
    assert left.sees((8.8, 0)) and not left.sees((8.81, 0)) and left.sees((8, 0))
    right = field_of_vision(ix, "blue", "o", "right")  # limit on the -x edge, x = 7.2
    assert right.sees((7.2, 0)) and not right.sees((7.1, 0))


def test_no_cover_sees_everything_and_boulets_see_nothing():
    ix = single("cylinder", (8, -5))
    all_ = field_of_vision(ix, "blue", None, None)
    assert all_.contains([(0, -13), (16, 13)]) == (True, True)
    assert all_.polygon.area > 0
    assert blind().contains([(0, 0)]) == (False,)


def test_polygon_is_the_seen_half_of_the_field():
    ix = single("cylinder", (8, -5))
    fov = field_of_vision(ix, "blue", "o", "left")
    # field drawn from -0.5 to 16.5 in x, -13.5 to 13.5 in y; limit at x = 8
    assert abs(fov.polygon.area - 8.5 * 27) < 1e-9
    assert fov.limit.length == 27
