"""The way round (issue 25): the shortest free run between two points, as waypoints."""

from __future__ import annotations

from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.geometry.measurer import FieldMeasurer
from paintcheck.rules.actions import Move
from paintcheck.rules.legality import why_move_illegal
from paintcheck.rules.route import route
from tests.rules.harness import Game, player


def _table(*pieces):
    m = FieldMeasurer(Layout("t", tuple(ObstacleSpec(f"o{i}", k, at, axis) for i, (k, at, axis) in
                                        enumerate(pieces))).build())
    return m, Game(m, [player("B1", (8, -8)), player("W1", (8, 8))]).state


def test_a_run_behind_a_cylinder_goes_round_it_and_the_engine_takes_it():
    m, state = _table(("cylinder", (8, -6), 0))
    straight = Move(((8, -4),))
    assert "obstacle" in why_move_illegal(state, "B1", straight, m)
    way = route(m, state, "B1", (8, -8), (8, -4), 12)
    assert way is not None and way[-1] == (8, -4)
    path = m.path((8, -8), way)
    assert len(path) - 1 == 4 and (8, -6) not in path  # round it, as short as straight
    assert why_move_illegal(state, "B1", Move(way), m) is None


def test_the_way_round_avoids_figures_and_keeps_the_limit():
    wall = [("cylinder", (x, -6), 0) for x in range(6, 11)]  # five cylinders across the way
    m, state = _table(*wall)
    way = route(m, state, "B1", (8, -8), (8, -4), 12)
    path = m.path((8, -8), way)
    assert len(path) - 1 == 6 and not any(m.blocked(p) for p in path)  # round an end: 3 + 3 steps
    assert route(m, state, "B1", (8, -8), (8, -4), 5) is None  # no way round in 5 points
    state.players["W1"].point = (11, -6)  # a figure at one end: the other end, as short
    other = m.path((8, -8), route(m, state, "B1", (8, -8), (8, -4), 12))
    assert len(other) - 1 == 6 and (11, -6) not in other
    state.players["W1"].point = (8, -4)
    assert route(m, state, "B1", (8, -8), (8, -4), 12) is None  # a figure stands there


def test_no_way_to_a_point_an_obstacle_stands_on():
    m, state = _table(("cylinder", (8, -6), 0))
    assert route(m, state, "B1", (8, -8), (8, -6), 12) is None
