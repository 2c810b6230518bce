"""``paintcheck.odds.heatmaps``: each point of a map is ``situation.read`` of the moved situation
(best cover for the one the map helps), a lost shot is 0, and the maps move the way the rules say
(more DEF, less chance; advantage, more chance)."""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from pathlib import Path

import pytest

from paintcheck.odds import heatmaps
from paintcheck.odds.situation import Figure, Situation, read
from paintcheck.table import Table

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def box():
    table = Table.from_file(ROOT / "layouts" / "box21.json")
    return table.field, table.measurer


def P(text: str):
    return box()[0].lattice.parse(text)


SITUATION = Situation(Figure(P("W:K5"), "standing", "rocket-l-w"), Figure(P("B:H7"), "kneeling", "mid-b"),
                      def_count=1)


@functools.cache
def maps(s: Situation = SITUATION, posture: str = "standing"):
    field, m = box()
    return heatmaps.from_where(m, s, posture, field.lattice), heatmaps.where_to_hide(m, s, field.lattice)


def chance(s: Situation) -> float | None:
    field, m = box()
    try:
        r = read(m, s, field.lattice)
    except ValueError:
        return None
    return 0.0 if r.odds is None else float(r.odds.eliminated)


def options(point):
    _, m = box()
    return m.covers(point) or (None,)


@pytest.mark.slow
def test_every_free_point_but_the_figures_is_on_the_maps():
    field, _ = box()
    where, hide = maps()
    free = set(field.free_points())
    assert set(where) == free - {SITUATION.target.point}
    assert set(hide) == free - {SITUATION.shooter.point}
    assert all(0.0 <= v <= 1.0 for v in (*where.values(), *hide.values()))
    assert max(where.values()) > 0.05 and min(where.values()) == 0.0


def test_from_where_is_the_reading_with_the_shooters_best_cover():
    where, _ = maps()
    rng = random.Random(5)
    for q in rng.sample(sorted(where), 25):
        best = max(c for cover in options(q)
                   if (c := chance(replace(SITUATION, shooter=Figure(q, "standing", cover)))) is not None)
        assert where[q] == best


def test_where_to_hide_is_the_reading_with_the_targets_best_cover():
    _, hide = maps()
    rng = random.Random(6)
    for p in rng.sample(sorted(hide), 25):
        worst = min(c for cover in options(p)
                    if (c := chance(replace(SITUATION, target=Figure(p, "kneeling", cover)))) is not None)
        assert hide[p] == worst


def test_an_impossible_line_of_fire_gives_0():
    field, m = box()
    where, _ = maps(posture="prone")
    found = 0
    for q, value in where.items():
        readings = [read(m, replace(SITUATION, shooter=Figure(q, "prone", cover)), field.lattice)
                    for cover in options(q)]
        if all(r.lost and "impossible" in r.lost for r in readings):
            assert value == 0.0
            found += 1
    assert found > 5


def test_more_def_less_chance_and_advantage_more():
    where, hide = maps()
    where4, hide4 = maps(replace(SITUATION, def_count=4))
    where_adv, hide_adv = maps(replace(SITUATION, advantage=True))
    assert all(where4[q] <= where[q] <= where_adv[q] for q in where)
    assert all(hide4[p] <= hide[p] <= hide_adv[p] for p in hide)
    assert sum(where4.values()) < sum(where.values()) < sum(where_adv.values())


def test_a_runners_map_leaves_his_path_out():
    field, m = box()
    s = replace(SITUATION, target=Figure(P("B:H7"), "standing", "mid-b"), run=(P("B:D7"),), def_count=1,
                def_after_move=True)
    where = heatmaps.from_where(m, s, "kneeling", field.lattice)
    path = m.path(s.target.point, s.run)
    assert not set(path) & set(where)
    assert any(v > 0 for v in where.values())
    q = max(where, key=where.get)
    assert where[q] == max(chance(replace(s, shooter=Figure(q, "kneeling", cover))) for cover in options(q))


def test_the_bench_times_both_maps_on_situations_in_turn():
    from paintcheck.cli import bench_odds

    field, m = box()
    situations = bench_odds.bench_situations(m, field)
    assert len(situations) == bench_odds.MAP_SITUATIONS
    assert len({(s.shooter.point, s.target.point) for s in situations}) == len(situations)
    for s in situations:
        assert read(m, s, field.lattice).lost is None  # a shot to read, not a lost one
