"""The table designer's edits (``ui.unpourun.table_edits``): pure functions from a table to the next."""

from __future__ import annotations

from paintcheck.ui.unpourun import table_edits as edits
from paintcheck.ui.unpourun.designer_model import Grip, TableDesign, hit
from paintcheck.unpourun.terrain import Kind, Piece, Table

SQUARE = Piece(Kind.IMPASSABLE, 3, ((10.0, 10.0), (14.0, 10.0), (14.0, 12.0), (10.0, 12.0)))


def test_a_quarter_turn_about_the_box_middle():
    table = edits.turn_piece(Table(pieces=(SQUARE,)), 0, 90)
    assert table.pieces[0].points == ((13, 9), (13, 13), (11, 13), (11, 9))
    assert table.pieces[0].height == 3 and table.pieces[0].kind == Kind.IMPASSABLE


def test_a_zone_edge_moves_across_itself_only():
    table = edits.move_zone_edge(Table(), 0, 2, (7.3, 4.2))  # zone A's inner edge, dragged aslant
    assert table.zones[0].points == ((0, 0), (48, 0), (48, 18), (0, 18))
    assert table.zones[1] == Table().zones[1]


def test_a_deeper_table_takes_the_far_zone_along_and_a_wider_one_stretches_both():
    table = edits.resize_table(Table(), 60, 54)
    assert table.zones[0].points == ((0, 0), (60, 0), (60, 14), (0, 14))
    assert table.zones[1].points == ((0, 40), (60, 40), (60, 54), (0, 54))
    assert edits.resize_table(Table(), 200, 10).width == 120  # the format's sizes


def test_hit_finds_corners_of_the_selected_piece_first_then_pieces_then_zone_edges():
    table = Table(pieces=(SQUARE,))
    assert hit(table, (14.1, 12.1), 0, 0.3) == Grip("corner", 0, 2)
    assert hit(table, (14.1, 12.1), None, 0.3) is None
    assert hit(table, (12.0, 11.0), None, 0.3) == Grip("piece", 0)
    assert hit(table, (30.0, 14.2), None, 0.3) == Grip("edge", 0, 2)


def test_history_one_step_per_edit_and_saved_state():
    design = TableDesign(Table())
    assert not design.changed and not design.edit(Table())  # the same table is no edit
    design.edit(edits.add_piece(Table(), SQUARE))
    assert design.changed and design.undo() and not design.changed and design.redo()
    design.mark_saved()
    assert not design.changed and not design.redo()
