"""The sight table updated after an edit equals the table computed whole (issue 32, item 1).

Random edit sequences (move, add, turn, remove one piece, the mirror on or off) on every shipped
layout: after each edit the table ``RecentTables`` gives (updated from the last one) is compared
with ``compute_sight_table`` pair for pair — every array, its dtype, the obstacles, the key — and
the last one's cache file members byte for byte too. Undo and redo find their table without a
computation. The quick run does two edits on box21 and one on each other layout; ``-m slow``
twelve per layout (two seeds), with undo and redo between.
"""

from __future__ import annotations

import dataclasses
import io
import random
import zipfile
from pathlib import Path

import numpy as np
import pytest

from paintcheck.field import catalogue
from paintcheck.field.design import Design
from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.field.layout_file import layouts_dir, load_layout
from paintcheck.geometry import sight, sight_file
from paintcheck.geometry.sight_update import RecentTables, updated_table

ARRAYS = ("points", "shooter", "target", "obstacle", "crossed")
SHIPPED = sorted(Path(layouts_dir()).glob("*.json"))


def assert_same(table: sight.SightTable, whole: sight.SightTable) -> None:
    assert table.obstacle_ids == whole.obstacle_ids
    assert table.heights == whole.heights
    assert table.key == whole.key
    for name in ARRAYS:
        mine, theirs = getattr(table, name), getattr(whole, name)
        assert mine.dtype == theirs.dtype, name
        assert mine.shape == theirs.shape, name
        assert np.array_equal(mine, theirs), name


def file_members(table: sight.SightTable) -> dict[str, bytes]:
    """The cache file's members, byte for byte (the zip's own dates are the clock's)."""
    arrays = {name: getattr(table, name) for name in sight_file.ARRAYS}
    data = sight_file.encode(arrays, table.key, table.obstacle_ids, table.heights)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def random_edit(design: Design, rng: random.Random) -> bool:
    """One random edit of one piece (and its twin, mirror on); False when the design refused it."""
    lattice = design.lattice
    points = lattice.points()
    pieces = list(design.obstacles)
    what = rng.choice(("move", "move", "add", "turn", "remove"))
    if what == "add" or not pieces:
        kind = rng.choice(sorted(catalogue.KINDS))
        return design.place(kind, rng.choice(points), 45 * rng.randrange(8)) is None
    piece = rng.choice(pieces)
    if what == "move":
        x, y = piece.at
        near = [p for p in points if abs(p[0] - x) <= 3 and abs(p[1] - y) <= 3]
        return design.move(piece.id, rng.choice(near)) is None
    if what == "turn":
        lying = [p for p in pieces if catalogue.KINDS[p.kind].lying]
        if not lying:
            return False
        return design.turn(rng.choice(lying).id, 45 * rng.choice((-1, 1))) is None
    return design.remove(piece.id) is None


def walk(path: Path, seed: int, edits: int, undo: bool) -> None:
    """``edits`` accepted random edits of the layout at ``path``, each table checked."""
    rng = random.Random(seed)
    layout = load_layout(path)
    design = Design(layout, mirror=rng.random() < 0.5, box=False)
    recent = RecentTables(keep=8)
    first = recent.table(layout.build())  # computed whole
    assert recent.whole == 1
    done = tries = 0
    last, whole = first, first
    while done < edits and tries < 20 * edits:
        tries += 1
        if not random_edit(design, rng):
            continue
        done += 1
        field = design.layout().build()
        found, before = recent.updates + recent.hits, last
        last = recent.table(field)
        # updated from the last table (or kept, when the edit went back to a state seen before)
        assert recent.updates + recent.hits == found + 1 and recent.whole == 1, \
            "an edit of one piece is an update, not a computation"
        whole = sight.compute_sight_table(field)
        assert_same(last, whole)
        if undo and rng.random() < 0.4:
            hits = recent.hits
            design.undo()
            assert recent.table(design.layout().build()) is before
            assert recent.hits == hits + 1, "undo finds its table kept"
            design.redo()
            assert recent.table(design.layout().build()) is last
    assert done == edits, f"{path.name}: only {done} of {edits} random edits were accepted"
    assert file_members(last) == file_members(whole)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_updated_table_equals_the_whole_computation(path: Path) -> None:
    walk(path, seed=32, edits=2 if path.stem == "box21" else 1, undo=False)


@pytest.mark.slow
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", (1, 2))
def test_updated_table_after_long_random_walks(path: Path, seed: int) -> None:
    walk(path, seed=seed, edits=12, undo=True)


def test_every_shipped_layout_is_walked() -> None:
    assert len(SHIPPED) >= 7


def test_undo_and_redo_are_found_kept_not_computed() -> None:
    layout = load_layout(SHIPPED[0])
    design = Design(layout, mirror=False, box=False)
    recent = RecentTables()
    first = recent.table(layout.build())
    piece = design.obstacles[-1]
    assert design.move(piece.id, (piece.at[0], piece.at[1] + (1 if piece.at[1] < 0 else -1))) is None
    moved = recent.table(design.layout().build())
    assert design.undo()
    assert recent.table(design.layout().build()) is first
    assert design.redo()
    assert recent.table(design.layout().build()) is moved
    assert (recent.whole, recent.updates, recent.hits) == (1, 1, 2)


def test_pieces_in_another_order_and_a_moved_piece() -> None:
    """A state whose pieces come in another order (an undo far back, a file saved again): ties
    between two centres on a line are broken by the obstacle's index, so every row is sorted again."""
    layout = load_layout(SHIPPED[0])
    table = sight.compute_sight_table(layout.build())
    specs = list(reversed(layout.obstacles))
    moved = next(i for i, s in enumerate(specs) if not catalogue.KINDS[s.kind].lying and s.at[1] < -2)
    specs[moved] = dataclasses.replace(specs[moved], at=(specs[moved].at[0], specs[moved].at[1] + 1))
    field = dataclasses.replace(layout, obstacles=tuple(specs)).build()
    assert_same(updated_table(table, layout, field), sight.compute_sight_table(field))


def test_many_pieces_changed_are_computed_whole() -> None:
    layout = load_layout(SHIPPED[0])
    recent = RecentTables(max_changed=2)
    recent.table(layout.build())
    few = Layout(layout.name, layout.obstacles[:2], layout.lattice, layout.flag)
    assert_same(recent.table(few.build()), sight.compute_sight_table(few.build()))
    assert (recent.whole, recent.updates) == (2, 0)


def test_an_empty_field_and_a_first_piece() -> None:
    layout = load_layout(SHIPPED[0])
    empty = Layout("empty", (), layout.lattice, layout.flag)
    table = sight.compute_sight_table(empty.build())
    one = Layout("one", (ObstacleSpec("c", "cylinder", (3, -4)),), layout.lattice, layout.flag).build()
    assert_same(updated_table(table, empty, one), sight.compute_sight_table(one))
    assert len(updated_table(sight.compute_sight_table(one), one.layout, empty.build())) == 0
