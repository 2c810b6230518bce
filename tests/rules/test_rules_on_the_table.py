"""Rules read on real geometry, through the engine's door: the big rocket's 0° (RULES 2.5) and the
weakened position's segments counted on each side of the 0° line (RULES 9.6).

The players stand on a field built from a layout and the engine measures it with ``FieldMeasurer``,
as in a match. Blue1 stands at I-6 (Blue's half), his cover at I-5 between him and White's base."""

from __future__ import annotations

import pytest

from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.geometry.measurer import FieldMeasurer
from paintcheck.rules.actions import Def, Shot
from tests.rules.harness import Game, player

TARGET, COVER = (8, -6), (8, -5)


def _field(kind: str, axis: int = 0) -> FieldMeasurer:
    return FieldMeasurer(Layout("table", (ObstacleSpec("o", kind, COVER, axis),)).build())


def _white1_shoots_blue1(m: FieldMeasurer, shooter, **b1_kw):
    """White1 (no cover, sees everything) alone is activated and shoots Blue1; he misses (a 2)."""
    g = Game(m, [player("B1", TARGET, "o", **b1_kw), player("W1", shooter)], dice=[2])
    g.orders({"B1": 2}, {"W1": 1})
    g.declare("W1", Shot("B1"), Def(), Def(), Def())
    if g.state.phase == "react":  # Blue1 could fire a reflex: he does not
        g.react("blue")
    return dict(g.shot("W1").shot_parts)


@pytest.mark.parametrize(("axis", "shooter"), [
    (0, (8, -11)), (0, (13, -6)), (0, (3, -6)), (0, (12, -10)), (45, (8, -11)), (45, (12, -10)),
], ids=["behind", "flank-right", "flank-left", "behind-diagonal", "turned-behind", "turned-diagonal"])
def test_r2_5_the_big_rocket_protects_from_in_front_only(axis, shooter):
    """B p.18: the protractor's white point lies on the obstacle; a fin's sense pointing away from
    the rocket is never a 0°. From behind or square on his flank, he gets the cylinder's +4."""
    assert _white1_shoots_blue1(_field("cylinder"), shooter)["angle"] == 4
    assert _white1_shoots_blue1(_field("rocket_big", axis), shooter)["angle"] == 4


def test_r2_5_the_big_rocket_still_reads_its_fins_toward_it():
    """In front of a target beside the rocket the fin axis toward it gives the smaller angle."""
    rocket, cylinder = _field("rocket_big", 45), _field("cylinder")
    # the target south of the rocket, the shooter north-east: 0° toward the centre reads 45°
    # (+2), the fin pointing north-east, toward the rocket, reads 0° (no bonus); a shooter due
    # east reads 45° from that fin (+2) where the cylinder gives +4
    shooter = (12, -2)
    assert _white1_shoots_blue1(cylinder, shooter)["angle"] == 2
    assert "angle" not in _white1_shoots_blue1(rocket, shooter)
    assert _white1_shoots_blue1(rocket, (13, -6))["angle"] == 2
    assert _white1_shoots_blue1(cylinder, (13, -6))["angle"] == 4


@pytest.mark.parametrize(("forcer", "shooter", "weakened"), [
    ((11, -9), (5, -9), True),  # 135° each, mirrored sides: « découvert sur sa droite »
    ((11, -9), (12, -10), False),  # the same segment on the same side
    ((11, -9), (4, -6), True),  # another segment (90°), on the other side
    ((12, -6), (13, -7), False),  # 90° and 101.3°: segment 5 on the same side
])
def test_r9_6_segments_are_counted_on_each_side_of_the_zero_line(forcer, shooter, weakened):
    m = _field("cylinder")
    parts = _white1_shoots_blue1(m, shooter, weakened_from=forcer, boulets=1)
    assert ("weakened position" in parts) is weakened
