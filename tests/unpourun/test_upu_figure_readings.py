"""The fourth pass of Un pour un's speed (issue 30: 100 random matches/s), the figures' readings and a
move's legality: ``Figure.on_table`` / ``standing`` are values set when a figure is made (every way one
is made gives the plain reading of its position and status), and ``Board.path_problem`` asks the bases
its path meets in one pass over the figures and the table's limits in one loop: the same refusal key as
the third pass's way (kept here as the reference) on seeded random states and paths of the three shipped
tables, limits included."""

from __future__ import annotations

import copy
import dataclasses
import math
import pickle
import random

import pytest

from paintcheck.unpourun import tables as t
from paintcheck.unpourun.game import UnpourunGame, random_start
from paintcheck.unpourun.measurer import TOUCH
from paintcheck.unpourun.query import CONTACT_GAP, EPS, OVERLAP_GAP, Board
from paintcheck.unpourun.state import Figure, MatchState, Phase, Status, changed
from paintcheck.unpourun.table_file import load_table, shipped_tables
from tests.unpourun.upu_playouts import states

TABLES = {p.stem: p for p in shipped_tables()}


def plain_on_table(f: Figure) -> bool:
    return f.pos is not None and f.status in (Status.FIGHTING, Status.HORS)


def plain_standing(f: Figure) -> bool:
    return f.pos is not None and f.status == Status.FIGHTING


def reference(b: Board, s: MatchState, f: Figure, path: list[tuple[float, float]], allowance: float,
              difficult_as_open: bool, ignore: frozenset[str] = frozenset(), end_contact_ok: bool = False,
              climbing: bool = False) -> str | None:
    """The third pass's ``path_problem``: the figures on the table listed, then overlap and contact asked
    one after the other (the least distances, ``path_clearance``), the limits asked of the measurer."""
    m = b.m
    assert f.pos is not None
    full = [f.pos, *path]
    if len(full) < 2:
        return "empty"
    if not all(isinstance(c, float) and c == c and abs(c) < 1e6 for p in path for c in p):
        return "not_a_number"
    if not m.path_on_table(full):
        return "off_table"
    climb = b.climbs(f, full, climbing)
    if climb < 0:
        return "impassable"
    if m.path_cost(full, difficult_as_open) + climb > allowance + EPS:
        return "too_far"
    others = [o for o in s.figures if plain_on_table(o) and o.id != f.id]
    if others and bool((m.path_clearance(full, [o.pos for o in others])  # type: ignore[misc]
                        < t.BASE_DIAMETER - EPS).any()):
        return "overlap"
    enemies = [o for o in others if o.player != f.player and plain_standing(o) and o.id not in ignore]
    last = len(full) - 1 - (1 if end_contact_ok else 0)
    seg = full[:last + 1]
    if enemies and len(seg) >= 2 and bool((m.path_clearance(seg, [o.pos for o in enemies])  # type: ignore[misc]
                                           <= t.BASE_DIAMETER + t.CONTACT + EPS).any()):
        return "contact"
    return None


def played_states(game: UnpourunGame, seed: int) -> list[MatchState]:
    """The states of a seeded random match that wait for an activation's decision."""
    return states(game, seed, 1, Phase.ACTIVATION)


def knocked(s: MatchState, rng: random.Random) -> MatchState:
    """``s`` with a few figures hors de combat (on the table, not standing) or dead (off it)."""
    figures = list(s.figures)
    for i, f in enumerate(figures):
        if f.pos is not None and rng.random() < 0.15:
            figures[i] = changed(f, status=Status.HORS)
        elif f.pos is not None and rng.random() < 0.05:
            figures[i] = changed(f, status=Status.DEAD, pos=None)
    out = s.copy()
    out.figures = tuple(figures)
    return out


def near(centre: tuple[float, float], start: tuple[float, float], gap: float) -> tuple[float, float]:
    """The point at ``gap`` from ``centre`` towards ``start`` (a path ending there just meets or misses
    a base at ``centre``)."""
    dx, dy = start[0] - centre[0], start[1] - centre[1]
    d = math.hypot(dx, dy) or 1.0
    return (centre[0] + dx / d * gap, centre[1] + dy / d * gap)


LIMIT_GAPS = [g + k for g in (OVERLAP_GAP, CONTACT_GAP) for k in (0.0, 1e-12, -1e-12, 1e-9, -1e-9, 1e-7)]


def random_paths(b: Board, s: MatchState, f: Figure, rng: random.Random) -> list[list[tuple[float, float]]]:
    """Paths of 1-3 segments from ``f``: random ends, ends at the overlap and contact limits of another
    figure's base (a last segment passing it or ending there), points on the table's limits."""
    assert f.pos is not None
    x, y = f.pos
    r = t.BASE_RADIUS - TOUCH
    w, d = b.m.table.width, b.m.table.depth
    others = [o.pos for o in s.figures if o.pos is not None and o.id != f.id]
    out = []
    for _ in range(6):
        pts = []
        for _ in range(rng.randint(1, 3)):
            ang, length = rng.uniform(0, 2 * math.pi), rng.uniform(0.0, 6.0)
            x1, y1 = (pts[-1] if pts else (x, y))
            pts.append((x1 + math.cos(ang) * length, y1 + math.sin(ang) * length))
        out.append(pts)
    for o in rng.sample(others, min(3, len(others))):
        gap = rng.choice(LIMIT_GAPS)
        out.append([near(o, (x, y), gap)])
        mid = ((x + o[0]) / 2 + rng.uniform(-2, 2), (y + o[1]) / 2 + rng.uniform(-2, 2))
        out.append([mid, near(o, mid, gap)])
        out.append([near(o, (x, y), gap), (x + rng.uniform(-3, 3), y + rng.uniform(-3, 3))])
    for limit in (r, w - r, d - r):
        for k in (0.0, 1e-12, -1e-12):
            out.append([(limit + k, y)])
            out.append([(x, limit + k)])
    return out


@pytest.mark.parametrize("table_name", sorted(TABLES))
def test_path_problem_gives_the_reference_key(table_name: str) -> None:
    game = UnpourunGame(load_table(TABLES[table_name]), trusted=True)
    b = Board(game.m)
    rng = random.Random(f"path_problem {table_name}")
    keys: dict[str | None, int] = {}
    for s in played_states(game, 7)[::2]:
        s = knocked(s, rng)
        for f in s.figures:
            if f.pos is None or f.hanging is not None or rng.random() < 0.6:
                continue
            enemies = [o.id for o in s.figures if o.player != f.player]
            for path in random_paths(b, s, f, rng):
                ignore = frozenset(rng.sample(enemies, rng.randint(0, min(2, len(enemies)))))
                allowance = rng.choice((math.inf, 1e9, rng.uniform(0.0, 12.0)))
                args = (allowance, rng.random() < 0.5, ignore, rng.random() < 0.4, rng.random() < 0.5)
                want = reference(b, s, f, path, *args)
                assert b.path_problem(s, f, path, *args) == want, (table_name, f.id, path, args)
                keys[want] = keys.get(want, 0) + 1
    # every refusal the figures and the table's limits give was met, many times
    assert all(keys.get(k, 0) >= 20 for k in (None, "overlap", "contact", "off_table", "too_far")), keys


def test_path_problem_meets_bases_at_their_limits() -> None:
    """A figure's path ending at the overlap and contact gaps of another's centre, to the last bit: the
    key changes exactly where the reference's does (a box or a reach one step too short fails here)."""
    game = UnpourunGame(load_table(TABLES["woodland"]), trusted=True)
    b = Board(game.m)
    s = played_states(game, 3)[10]
    f, o = next((f, o) for f in s.figures for o in s.figures
                if f.pos and o.pos and f.player != o.player and f.standing and o.standing
                and b.path_problem(s, f, [near(o.pos, f.pos, 1.5)], math.inf, True) is None)
    for gap in LIMIT_GAPS:
        for end_contact_ok in (False, True):
            path = [near(o.pos, f.pos, gap)]  # type: ignore[arg-type]
            for args in ((math.inf, True, frozenset(), end_contact_ok), (math.inf, True, frozenset({o.id}))):
                assert b.path_problem(s, f, path, *args) == reference(b, s, f, path, *args), (gap, args)
    at = [near(o.pos, f.pos, OVERLAP_GAP - 1e-12)]  # type: ignore[arg-type]
    assert b.path_problem(s, f, at, math.inf, True) == "overlap"
    at = [near(o.pos, f.pos, CONTACT_GAP - 1e-12)]  # type: ignore[arg-type]
    assert b.path_problem(s, f, at, math.inf, True) == "contact"
    assert b.path_problem(s, f, at, math.inf, True, end_contact_ok=True) is None


def test_figure_readings_are_values_set_by_every_maker() -> None:
    """``on_table`` and ``standing`` are plain values (not computed per read), and every way a figure
    is made (constructor, ``dataclasses.replace``, ``changed``, copies, pickling, a figure rebuilt from
    its fields) sets them to the plain readings of its position and status, never stale."""
    assert not isinstance(vars(Figure).get("standing"), property)
    assert not isinstance(vars(Figure).get("on_table"), property)
    game = UnpourunGame(load_table(TABLES["village"]), trusted=True)
    s = game.begin(random_start(4))
    rng = random.Random(11)
    base = s.figures[0]
    made = []
    for status in Status:
        for pos in (None, (3.0, 4.0)):
            made.append(Figure(**{**base.__dict__, "status": status, "pos": pos}))
            made.append(dataclasses.replace(base, status=status, pos=pos))
            for start in made[-2:]:
                for status2 in Status:
                    for pos2 in (None, (5.0, 6.0)):
                        made.append(changed(start, status=status2, pos=pos2))
                        made.append(changed(start, pos=pos2))
                        made.append(changed(start, status=status2))
                        made.append(changed(start, pv=rng.randint(0, 3)))
    for f in list(made):
        made += [copy.copy(f), copy.deepcopy(f), pickle.loads(pickle.dumps(f)), f.__class__(**f.__dict__)]
    for f in made:
        assert (f.on_table, f.standing) == (plain_on_table(f), plain_standing(f)), f
    with pytest.raises(dataclasses.FrozenInstanceError):
        base.standing = False  # type: ignore[misc]
    assert {"on_table", "standing"}.isdisjoint(f.name for f in dataclasses.fields(Figure))
