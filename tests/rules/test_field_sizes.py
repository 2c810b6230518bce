"""Every field the layout format accepts plays (issue 10, point 4): whole matches on fields of other
sizes than 17 x 13, from the break and from turn 2, every event told in words; the zones of RULES
1.3 and 1.5 counted from each field's own base (docs/rules-decisions.md, "Fields of other sizes")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from paintcheck.ai.playout import play_match
from paintcheck.field.lattice import DEFAULT_LATTICE, Lattice, point_name
from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.field.layout_file import (
    MAX_COLUMNS,
    MAX_ROWS_PER_HALF,
    MIN_COLUMNS,
    MIN_ROWS_PER_HALF,
    dumps_layout,
    validate_file,
    with_mirrors,
)
from paintcheck.rules.actions import Declare, Def, Move, SheetLine, ShotAt, parse_action
from paintcheck.rules.break_turn import why_line_illegal
from paintcheck.rules.dice import Dice
from paintcheck.table import Table

LAYOUTS = Path(__file__).resolve().parents[2] / "layouts"
SIZED = {  # the shipped fields of other sizes, and the box's own
    "box21_small.json": (15, 11),
    "box21.json": (17, 13),
    "box21_wide.json": (19, 13),
    "box21_large.json": (21, 15),
}


def _sized_layout(tmp_path: Path, columns: int, rows: int) -> Path:
    """A valid field of ``columns`` x ``rows`` per half with a few obstacles in each half, written
    to a file: the size limits of the format, and an even number of columns."""
    lat = Lattice(columns, rows)
    mid = columns // 2
    half = [
        ObstacleSpec("left", "cylinder", lat.world("blue", 1, 3), 0),
        ObstacleSpec("right", "cone", lat.world("blue", columns - 2, 4), 0),
        ObstacleSpec("mid", "rocket_small", lat.world("blue", mid, rows // 2), 0),
        ObstacleSpec("back", "cylinder_lying", lat.world("blue", mid - 3, rows - 3), 0),
    ]
    centre = ObstacleSpec("pyramid", "pyramid", (1, 0), 0)
    layout = Layout(f"Field {columns} x {rows}", (centre, *with_mirrors(half)), lat, "centre")
    path = tmp_path / f"field_{columns}x{rows}.json"
    path.write_text(dumps_layout(layout), encoding="utf-8")
    assert validate_file(path) == [], "the test's own field must be valid"
    return path


def _every_event_in_words(table: Table, start, record, seed: int) -> int:
    """Replay a played match and ask every event for its text (what the log shows)."""
    dice, state, told = Dice(seed), start, 0
    for decision in record.decisions:
        state, events = table.engine.apply(state, decision, dice)
        for e in events:
            assert e.text
            told += 1
    return told


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SIZED))
def test_simulate_plays_whole_matches_on_every_shipped_size_with_no_error(capsys, name):
    path = LAYOUTS / name
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["columns"], data["rows_per_half"]) == SIZED[name]
    code = main.main(["simulate", "--matches", "4", "--seed", "7", "--layout", str(path), "--json",
                      "--jobs", "1"])
    summary = json.loads(capsys.readouterr().out)
    assert summary["error_samples"] == [] and code == 0
    assert summary["completed"] == summary["matches"] == 4 and summary["errors"] == 0


@pytest.mark.parametrize(
    ("columns", "rows"),
    [(MIN_COLUMNS, MIN_ROWS_PER_HALF), (MAX_COLUMNS, MAX_ROWS_PER_HALF), (16, 10), (19, 13)],
)
def test_the_smallest_largest_and_even_fields_play_from_the_break_and_from_turn_2(tmp_path, columns, rows):
    table = Table.from_file(_sized_layout(tmp_path, columns, rows))
    for begin in (table.start_break(), table.start()):
        for seed in (1, 2):
            record = play_match(table.engine, begin, seed)
            assert record.winner in ("blue", "white", "draw") and record.final.phase == "over"
            assert _every_event_in_words(table, begin, record, seed) == record.events


def test_actions_name_points_on_any_field():
    wide = Lattice(19, 13)
    far = wide.parse("W:S13")  # column S and row 13 of White: not on the 17-column field
    assert not DEFAULT_LATTICE.contains(far)
    move = Move((wide.parse("B:S12"), far), "c1", "left")
    assert str(move) == "MOV B:S12>W:S13 cover=c1 side=left"
    assert str(ShotAt(far)) == "SHOT @W:S13" and str(ShotAt((17, -15))) == "SHOT @B:R15"
    declared = Declare("B1", "kneeling", (move, Def()))
    assert str(declared) == "B1 kneeling: MOV B:S12>W:S13 cover=c1 side=left, DEF"
    assert parse_action("MOV B:S12>W:S13 cover=c1 side=left") == move  # and read back
    assert point_name((30, 4)) == "(30, 4)"  # past the notation's letters: shown, never raised
    assert point_name((2, -5), "blue") == "C5" and point_name((8, 0)) == "I0"


def test_the_sheets_zones_are_counted_from_the_fields_own_base():
    small = Table.from_file(LAYOUTS / "box21_small.json")  # 15 x 11: base row 11, columns D-L
    state, m = small.start_break(), small.measurer
    lat = state.lattice
    assert (lat.base_row, list(lat.prebunk_rows), lat.back_line) == (11, [9, 10, 11], 6)
    assert lat.base_text() == "row 11, columns D-L" and lat.prebunk_text() == "rows 9-11"
    off_base = SheetLine("B1", 1, lat.parse("B:H10"), "standing", (Def(),) * 4)
    assert why_line_illegal(state, "blue", off_base, m) == "a runner starts on his base (row 11, columns D-L)"
    outside = SheetLine("B1", 1, lat.parse("B:H8"), "standing", (Def(), Def()), prebunk=lat.parse("W:H5"))
    assert why_line_illegal(state, "blue", outside, m) == (
        "a prebunker starts in his prebunk zone (rows 9-11 of his half)")
    inside = SheetLine("B1", 1, lat.parse("B:H9"), "standing", (Def(), Def()), prebunk=lat.parse("W:H5"))
    assert why_line_illegal(state, "blue", inside, m) is None


@pytest.mark.parametrize(
    ("layout", "row", "allowed"),
    [("box21.json", 8, True), ("box21.json", 7, False),
     ("box21_large.json", 10, True), ("box21_large.json", 9, False),
     ("box21_small.json", 6, True), ("box21_small.json", 5, False)],
)
def test_behind_line_8_is_the_back_six_rows_of_a_half(layout, row, allowed):
    """B p.32: a player behind line 8 may choose his target when his shot happens. Line 8 starts
    the last six rows of the book's 13-row half; on every field it starts the last six rows."""
    table = Table.from_file(LAYOUTS / layout)
    state, m = table.start_break(), table.measurer
    lat = state.lattice
    column = lat.columns // 2
    start = lat.world("blue", column, lat.base_row)
    end = lat.world("blue", column, row)
    covers = m.covers(end)
    run = Move((end,), covers[0], "left") if covers else Move((end,))
    line = SheetLine("B1", 1, start, "standing", (run, ShotAt(None)))
    reason = why_line_illegal(state, "blue", line, m)
    if allowed:
        assert reason is None
    else:
        assert reason == f"only a player behind line {lat.back_line} may choose his target when he shoots"
