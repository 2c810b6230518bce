"""The book's other worked examples (RULES §14 "Other pages", §7.4, §7.6) played through the engine
with a scripted measurer and the book's dice."""

from __future__ import annotations

from paintcheck.rules import events as ev
from paintcheck.rules.actions import Def, Dodge, Dump, Shot, SideChange, Support
from tests.rules.harness import B1, B2, W1, W2, W3, Game, measurer, player, standard

OPEN = (8, 3)  # a point of White's half with no obstacle around it


def shot_at_open_white(dice, w1_kw=None, cover=None, kind=None, posture="standing"):
    """Blue1 (behind his cylinder) fires one simple shot at White1; White1 acts in round 2."""
    m = measurer()
    if kind:
        m.add(cover, kind, (8, 4))
    m.see(B1, OPEN).at(B1, OPEN, 8.0)
    w1 = player("W1", OPEN, cover, posture=posture, **(w1_kw or {}))
    g = Game(m, [standard("B1"), standard("B2"), w1], dice)
    g.orders({"B1": 1, "B2": 3}, {"W1": 2})
    g.declare("B1", Shot("W1"), Def(), Def(), Def())
    return g


def test_book_p21_margin_5_needing_13_rolling_17():
    g = shot_at_open_white([17, 5], {"def_count": 1}, "cl", "cone_lying", "kneeling")
    e = g.shot("B1")
    assert (e.shot_value, e.target_value, e.required, e.roll, e.margin) == (10, 12, 13, 17, 5)
    g.play(Dodge("white"))  # 1 DEF, one die: 5 brings the margin to 0, he stays
    (d,) = g.of(ev.Dodged, player="W1")
    assert (d.dice, d.boulets) == (1, 1)


def test_book_p21_dodge_margin_8_with_2_and_5_is_out():
    g = shot_at_open_white([19, 2, 5], {"def_count": 2})
    e = g.shot("B1")
    assert (e.target_value, e.required, e.roll, e.margin) == (11, 12, 19, 8)
    assert g.to_move() == "white"
    g.play(Dodge("white"))
    assert g.of(ev.DodgeRolled, player="W1")[-1].margin_left == 6
    assert g.to_move() == "white"  # a second die, since margin is left
    g.play(Dodge("white"))
    assert [r.faces for r in g.of(ev.DodgeRolled, player="W1")] == [(2,), (5,)]
    assert g.of(ev.DodgeRolled)[-1].margin_left == 1
    assert g.of(ev.Eliminated, player="W1")
    assert g.p("W1").point is None
    assert g.dice.remaining == 0


def test_book_p21_22_margin_13_dodged_with_6_plus_5_and_5_gives_4_boulets():
    g = shot_at_open_white([20, 4, 6, 5, 5], {"def_count": 2})
    e = g.shot("B1")
    assert (e.required, e.roll, e.bonus_dice, e.margin) == (12, 20, (4,), 13)
    g.play(Dodge("white"))
    first = g.of(ev.DodgeRolled, player="W1")[-1]
    assert (first.faces, first.margin_left) == ((6, 5), 2)  # the 6 rolled again and added
    g.play(Dodge("white"))
    assert g.of(ev.DodgeRolled, player="W1")[-1].margin_left == -3
    (d,) = g.of(ev.Dodged, player="W1")
    assert (d.dice, d.boulets) == (2, 4)  # the re-rolled 6 does not count as a die
    assert g.p("W1").point == OPEN and g.p("W1").boulets == 4
    assert g.p("B1").token.advantage


def test_book_p22_critical_needing_18_with_20_and_4_gives_margin_7():
    m = measurer().see(B1, W1).at(B1, W1, 8.0)
    g = Game(m, [standard("B1"), standard("B2"), standard("W1", def_count=2)], [20, 4, 3, 4])
    g.orders({"B1": 1, "B2": 3}, {"W1": 2})
    g.declare("B1", Shot("W1"), Def(), Def(), Def())
    e = g.shot("B1")
    assert (e.shot_value, e.target_value, e.required) == (10, 17, 18)  # cylinder 10 + 2 DEF (7)
    assert (e.roll, e.bonus_dice, e.margin, e.hit) == (20, (4,), 7, True)
    g.play(Dodge("white"), Dodge("white"))
    assert g.of(ev.DodgeRolled)[-1].margin_left == 0
    assert g.p("W1").boulets == 4


def test_book_p17_dump_2_plus_1_support_is_confusion_both_out():
    m = measurer()
    b, w = (8, -1), (8, 1)
    m.see(w, b)  # the dumper stands in White1's field of vision: no +1
    g = Game(m, [player("B1", b), standard("B2"), player("W1", w)], [2])
    g.orders({"B1": 1, "B2": 3}, {"W1": 2})
    g.declare("B1", Dump("W1"), Support(), Def(), Def())
    g.react("white")  # White1 sees him and could answer with a reflex shot; he does not
    (d,) = g.of(ev.DumpResolved)
    assert (d.roll, d.total, d.outcome) == (2, 3, "confusion")
    assert dict(d.parts) == {"d6": 2, "1 support(s)": 1}
    assert {e.player for e in g.of(ev.Eliminated)} == {"B1", "W1"}
    assert g.state.winner == "blue"  # White has nobody left; Blue still has Blue2


def test_book_p15_multiple_targets_10_then_9_minus_2_then_8_minus_4():
    m = measurer()
    for w in (W1, W2, W3):
        m.see(B1, w).at(B1, w, 8.0)
    m.between[(B1, W1, W2)] = 20.0  # second target one segment from the first
    m.between[(B1, W1, W3)] = 40.0  # third target two segments from the first
    players = [standard("B1"), standard("B2"), standard("W1"), standard("W2"), standard("W3")]
    g = Game(m, players, [2, 2, 2])
    g.orders({"B1": 1, "B2": 5}, {"W1": 2, "W2": 3, "W3": 4})
    g.declare("B1", Shot("W1"), Shot("W2"), Shot("W3"), Def())
    values = [(e.target, e.shot_value) for e in g.of(ev.ShotResolved, shooter="B1")]
    assert values == [("W1", 10), ("W2", 7), ("W3", 4)]
    assert dict(g.shot("B1", target="W2").shot_parts) == {
        "simple": 10, "shot #2": -1, "1 segment(s) from first target": -2}
    assert dict(g.shot("B1", target="W3").shot_parts) == {
        "simple": 10, "shot #3": -2, "2 segment(s) from first target": -4}
    assert g.p("B1").token.target == "W3"  # a new shot moves the token (RULES 10.1)
    assert g.dice.remaining == 0


def test_book_p16_side_change_speed():
    """White: DEF, shot at Blue A, side change, shot at Blue B; Blue B: 2 DEF and a supported shot.
    White rolls 5, Blue B 4. The book ranks White's second shot 3 (5 - 2); with the side change's
    own -2 (same paragraph, RULES 11.2) it is 1: erratum E4. Blue B still fires between them."""
    m = measurer().see(W1, B1).see(W1, B2).see(B2, W1)
    g = Game(m, [standard("B1"), standard("B2"), standard("W1")], [5, 4, 2, 2, 2])
    g.orders({"B1": 2, "B2": 1}, {"W1": 1})
    g.declare("W1", Def(), Shot("B1"), SideChange("right"), Shot("B2"))
    g.declare("B2", Def(), Def(), Shot("W1"), Support())
    scores = [(e.player, e.target, e.score) for e in g.of(ev.SpeedTest)]
    assert scores == [("W1", "B1", 5), ("W1", "B2", 1), ("B2", "W1", 4)]
    (second,) = g.of(ev.SpeedTest, player="W1", target="B2")
    assert dict(second.parts) == {"d6": 5, "shot #2": -2, "after side change": -2}
    order = [(e.shooter, e.target) for e in g.of(ev.ShotResolved)]
    assert order == [("W1", "B1"), ("B2", "W1"), ("W1", "B2")]
