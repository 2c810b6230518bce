"""The designer's model (field.design): mirrored edits, one undo step for a pair, the box limit,
refusals in validate's words, and the shipped box21 field rebuilt piece by piece."""

from __future__ import annotations

import pytest

from paintcheck.field.design import HISTORY, Design, empty_layout
from paintcheck.field.layout_file import default_layout_path, layout_problems, layout_to_dict, load_layout

B = lambda x, row: (x, -row)  # noqa: E731 - Blue's half
W = lambda x, row: (x, row)  # noqa: E731


def test_a_piece_placed_in_one_half_brings_its_twin_and_one_undo_takes_both():
    d = Design(empty_layout())
    assert d.place("cylinder", B(4, 6)) is None
    assert sorted(o.at for o in d.obstacles) == [B(4, 6), W(4, 6)]
    assert d.twin(d.at(B(4, 6))) == d.at(W(4, 6))
    assert d.undo() and d.obstacles == ()
    assert d.redo() and len(d.obstacles) == 2


def test_move_and_turn_are_mirrored_and_remove_takes_the_pair():
    d = Design(empty_layout())
    d.place("cylinder_lying", B(3, 5), 90)
    piece = d.at(B(3, 5))
    assert d.move(piece.id, B(5, 5)) is None
    assert {o.at for o in d.obstacles} == {B(5, 5), W(5, 5)}
    assert d.turn(piece.id) is None
    here, there = d.spec(piece.id), d.twin(d.spec(piece.id))
    assert (here.axis, there.axis) == (135, 225)
    assert "stays in its half" in d.move(piece.id, W(5, 5))
    assert d.remove(piece.id) is None and d.obstacles == ()
    assert len(d.past) == 4  # place, move, turn, remove: one step each, twin and all


def test_the_mirror_off_places_one_piece_and_the_missing_twin_is_a_check():
    d = Design(empty_layout(), mirror=False)
    assert d.place("cone", B(2, 4)) is None and len(d.obstacles) == 1
    ((oid, words),) = d.problems()
    assert oid == d.obstacles[0].id and words.startswith("has no mirror")


def test_the_box_limit_refuses_with_its_reason_and_the_switch_frees_it():
    d = Design(empty_layout())
    for x in (2, 6):
        assert d.place("rocket_small", B(x, 3)) is None
    reason = d.place("rocket_small", B(10, 3))
    assert reason.startswith("the box holds 4 small rockets (RULES 2.1)") and len(d.obstacles) == 4
    d.box = False
    assert d.place("rocket_small", B(10, 3)) is None and len(d.obstacles) == 6


def test_a_refused_place_says_validates_words_and_changes_nothing():
    d = Design(empty_layout())
    base = d.lattice.base_points("blue")[3]
    reason = d.place("cylinder", base)
    assert "a runner's start point" in reason and d.obstacles == () and not d.past
    d.place("cylinder", B(8, 6))
    assert "already stands" in d.place("cone", B(8, 6))
    assert "asymmetrically" in d.place("cylinder_lying", (3, 0), 90)


def test_rename_keeps_the_twin_mirrored_and_the_name_and_flag_are_undoable():
    d = Design(empty_layout())
    d.place("cone", B(8, 4))
    oid = d.at(B(8, 4)).id
    assert d.rename(oid, "tower-b") is None
    assert d.at(W(8, 4)).id == "tower-w"
    assert d.set_name("My field") is None and d.set_flag("double") is None
    assert (d.name, d.flag) == ("My field", "double")
    d.undo()
    d.undo()
    assert (d.name, d.flag) == ("New field", "centre")


def test_the_history_holds_many_steps():
    d = Design(empty_layout(), box=False)
    for i in range(HISTORY + 20):
        d.set_name(f"name {i}")
    assert len(d.past) == HISTORY


def test_box21_rebuilt_piece_by_piece_is_the_shipped_field():
    shipped = load_layout(default_layout_path())
    d = Design(empty_layout(shipped.name, shipped.lattice, shipped.flag))
    blue_or_centre = [o for o in shipped.obstacles if o.at[1] <= 0]
    for o in blue_or_centre:
        assert d.place(o.kind, o.at, o.axis) is None, o
    built = d.layout()
    assert layout_problems(layout_to_dict(built)) == []
    key = lambda o: (o.kind, o.at, o.axis % 360 if o.kind.endswith(("lying", "submarine")) else 0)  # noqa: E731
    assert sorted(map(key, built.obstacles)) == sorted(map(key, shipped.obstacles))


def test_why_not_answers_without_editing(monkeypatch):
    """"Would this edit be legal?" is a query: the design is never edited and put back (issue 27,
    item 4), and its answer is the sentence the edit itself says."""
    d = Design(empty_layout())
    d.place("cone", B(2, 4))
    d.place("cylinder", B(5, 5))
    d.undo()  # a redo waiting: asking must not drop it
    before = (d.now, list(d.past), list(d.future))
    monkeypatch.setattr(Design, "_push", lambda self, snapshot: pytest.fail("a query edited the design"))
    base = d.lattice.base_points("blue")[3]
    assert d.why_not_place("cone", B(3, 4)) is None
    assert "a runner's start point" in d.why_not_place("cone", base)
    assert d.why_not_move(d.at(B(2, 4)).id, B(6, 6)) is None
    assert "a runner's start point" in d.why_not_move(d.at(B(2, 4)).id, base)
    assert d.why_not_move("nothing", B(6, 6)) == "no piece 'nothing'"
    assert d.why_not_name("Other name") is None and d.why_not_name("  ").key == "rules.design.no_name"
    assert (d.now, d.past, d.future) == before
    monkeypatch.undo()
    refused = d.why_not_place("cone", base)
    assert d.place("cone", base) == refused and (d.now, d.past, d.future) == before  # the same words
    assert d.move(d.at(B(2, 4)).id, base) == d.why_not_move(d.at(B(2, 4)).id, base)
    assert d.place("cone", B(3, 4)) is None and d.future == []  # done, as asked


# -- issue 25, item 6 ---------------------------------------------------------------------------------
def test_a_field_over_the_box_has_a_check_per_family_while_box_is_on():
    from paintcheck.field.layout_file import layouts_dir

    snake = load_layout(layouts_dir() / "snake.json")
    assert layout_problems(layout_to_dict(snake)) == []  # validate counts no box: a file may use several
    d = Design(snake)
    checks = d.problems()
    assert [oid for oid, _ in checks] == [None] * 4
    assert [(w.key, w.values) for _, w in checks] == [
        ("rules.design.box_over.cylinder", {"holds": 8, "count": 12}),
        ("rules.design.box_over.cone", {"holds": 6, "count": 11}),
        ("rules.design.box_over.pyramid", {"holds": 1, "count": 2}),
        ("rules.design.box_over.rocket_small", {"holds": 4, "count": 6})]
    d.box = False
    assert d.problems() == []


def test_checks_name_the_pieces_as_players_do_never_by_their_ids():
    """validate's sentence names another obstacle by its id ("obstacle 'cyl1-b' (#1)"): the
    designer's names it as players do, in its English and its values."""
    d = Design(empty_layout(), mirror=False)
    d.place("cylinder", B(3, 6))
    d.place("cylinder", W(3, 7))  # a misplaced twin
    ((oid, check),) = d.problems()  # one line for the pair
    assert oid == "cylinder1-b"  # drawn on its piece
    assert str(check) == "has no mirror: cylinder at W:D7 should be at W:D6, not at W:D7"
    other = check.values["other"]
    assert other == "cylinder at W:D7" and other.key == "rules.obstacle.cylinder"
    refused = d.why_not_place("cone", B(3, 6))
    assert refused == "cone at B:D6: stands on B:D6 where cylinder at B:D6 already stands"
    assert d.piece_name(d.at(B(3, 6)).id) == "cylinder at B:D6"


def test_a_typed_name_is_the_fields_name_in_both_languages():
    from paintcheck.field.layout_file import layouts_dir

    d = Design(load_layout(layouts_dir() / "snake.json"))
    assert (d.name_in("en"), d.name_in("fr")) == ("Snake", "Serpent")
    assert d.set_name("Snake (copy)") is None
    assert (d.name_in("en"), d.name_in("fr"), d.layout().name_fr) == ("Snake (copy)",) * 2 + (None,)
    assert d.undo() and d.name_in("fr") == "Serpent"
