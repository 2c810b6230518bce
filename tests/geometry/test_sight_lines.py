"""The sight table read as lines of fire (``sight_lines``) against the exact geometry (``ruler``):
the same touches in the same order for every ordered pair of lattice points, on every shipped layout
(slow) and on the small box (quick); and how the engine's measurer comes to read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from paintcheck.field.layout_file import load_layout
from paintcheck.geometry import cache as cache_mod
from paintcheck.geometry.cache import CachedMeasurer
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.ruler import lines_of_fire
from paintcheck.geometry.sight import compute_sight_table, sight_table
from paintcheck.geometry.sight_lines import SightLines

ROOT = Path(__file__).resolve().parents[2]
LAYOUTS = sorted((ROOT / "layouts").glob("*.json"))
SMALL = ROOT / "layouts" / "box21_small.json"


def _agree_everywhere(field, table) -> None:
    index = ObstacleIndex(field)
    lines = SightLines(table, index)
    points = field.lattice.points()
    for shooter in points:
        exact = tuple(r.touches for r in lines_of_fire(index, shooter, points))
        read = lines.lines(shooter, points)
        if read != exact:
            bad = next(i for i, (a, b) in enumerate(zip(read, exact, strict=True)) if a != b)
            raise AssertionError(f"{field.layout.name}: {shooter} -> {points[bad]}: table {read[bad]}, "
                                 f"ruler {exact[bad]}")
        # the very Touch objects (their names too), in the ruler's order
        assert all(x is y for a, b in zip(read, exact, strict=True) for x, y in zip(a, b, strict=True))


@pytest.mark.slow
def test_table_agrees_with_the_ruler_on_every_pair_of_the_small_box():
    field = load_layout(SMALL).build()
    _agree_everywhere(field, compute_sight_table(field))


@pytest.mark.slow
@pytest.mark.parametrize("path", LAYOUTS, ids=[p.stem for p in LAYOUTS])
def test_table_agrees_with_the_ruler_on_every_pair_of_every_shipped_layout(path, tmp_path):
    field = load_layout(path).build()
    _agree_everywhere(field, sight_table(field, cache=tmp_path))


@pytest.fixture(scope="module")
def small_field():
    return load_layout(SMALL).build()


@pytest.mark.slow
def test_own_covers_are_left_out_at_lookup(small_field, tmp_path):
    table = CachedMeasurer(small_field, sight=True, cache=tmp_path)
    exact = CachedMeasurer(small_field, sight=False)
    points = small_field.lattice.points()
    checked = 0
    for shooter in points[::7]:
        ignore = tuple(o for o in table.covers(shooter))
        if not ignore:
            continue
        assert table.lines_of_fire(shooter, points, ignore) == exact.lines_of_fire(shooter, points, ignore)
        checked += 1
    assert checked > 5


def test_points_off_the_lattice_are_measured_exactly(small_field, tmp_path):
    table = CachedMeasurer(small_field, sight=True, cache=tmp_path)
    index = ObstacleIndex(small_field)
    shooter, targets = (3, 2), [(8.5, 12.0), (4, 20)]
    assert table.sight_lines().lines(shooter, targets) is None
    exact = tuple(r.touches for r in lines_of_fire(index, shooter, targets))
    assert table.lines_of_fire(shooter, targets) == exact
    exact = (lines_of_fire(index, (3.5, 2.0), [(4, 20)])[0].touches,)
    assert table.lines_of_fire((3.5, 2.0), [(4, 20)]) == exact


@pytest.mark.slow
def test_a_table_for_other_obstacles_is_refused(small_field):
    other = load_layout(ROOT / "layouts" / "snake.json").build()
    with pytest.raises(ValueError):
        SightLines(compute_sight_table(other), ObstacleIndex(small_field))


def test_the_table_is_read_from_disk_at_once_else_built_after_many_questions(small_field, tmp_path,
                                                                             monkeypatch):
    monkeypatch.setattr(cache_mod, "SIGHT_AFTER", 3)
    points = small_field.lattice.points()
    lazy = CachedMeasurer(small_field, cache=tmp_path)
    for k, shooter in enumerate(points[:3]):
        lazy.lines_of_fire(shooter, points[k + 1:k + 3])
        assert lazy._sight is None  # a few questions: geometry, no table
    lazy.lines_of_fire(points[3], points[:2])
    assert lazy._sight is not None  # many: the table, built and stored
    assert list(tmp_path.glob("*.npz"))
    again = CachedMeasurer(small_field, cache=tmp_path)
    again.lines_of_fire(points[0], points[1:3])
    assert again._sight is not None  # on disk: read at the first question
    never = CachedMeasurer(small_field, sight=False, cache=tmp_path)
    for shooter in points[:10]:
        never.lines_of_fire(shooter, points[:3])
    assert never._sight is None
    assert sight_table(small_field, cache=tmp_path).obstacle_ids == again.sight_lines().table.obstacle_ids
