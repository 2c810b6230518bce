"""RULES §10 (interactive fire), §11 (simultaneous shots, speed tests, dumps) and the end of the match
(§4.7, §13.3): one test per rule, each failing if the engine stopped applying it."""

from __future__ import annotations

from paintcheck.rules import events as ev
from paintcheck.rules.actions import (
    REFLEX,
    SUPPRESSIVE,
    Declare,
    Def,
    Dodge,
    Dump,
    Move,
    React,
    Reaction,
    Shot,
    SideChange,
    Support,
)
from paintcheck.rules.legality import why_reaction_illegal
from paintcheck.rules.resolution import resolution_order
from paintcheck.rules.state import ShotEntry, Token
from paintcheck.rules.vocab import ShotKind
from tests.rules.harness import B1, B2, W1, W2, Game, measurer, player, standard

RUN_B = [(8, -5), (8, -4), (8, -3)]  # Blue1's run from (8, -6), 3 points


def white_acts_blue_watches(m, dice, w1_actions, b1_kw=None, w1_kw=None):
    """Round 1: White1 alone declares; Blue1 (round 2) may react."""
    g = Game(m, [standard("B1", **(b1_kw or {})), standard("B2"), standard("W1", **(w1_kw or {}))], dice)
    g.orders({"B1": 2, "B2": 3}, {"W1": 1})
    g.play(Declare("W1", "standing", tuple(w1_actions), "cw1", "left"))
    return g


def blue_acts_white_watches(m, dice, b1_actions, w1_kw=None, w2_kw=None):
    """Round 1: Blue1 alone declares; White1 and White2 (rounds 2, 3) may react."""
    players = [standard("B1"), standard("B2"), standard("W1", **(w1_kw or {})),
               standard("W2", **(w2_kw or {}))]
    g = Game(m, players, dice)
    g.orders({"B1": 1, "B2": 4}, {"W1": 2, "W2": 3})
    g.declare("B1", *b1_actions)
    return g


def duel(m, dice, b1_actions, w1_actions, b1_kw=None, w1_kw=None, b1=None, w1=None):
    """Round 1: Blue1 and White1 both activated; Blue declares first (fewer players)."""
    players = [b1 or standard("B1", **(b1_kw or {})), w1 or standard("W1", **(w1_kw or {})), standard("W2")]
    g = Game(m, players, dice)
    g.orders({"B1": 1}, {"W1": 1, "W2": 2})
    g.declare("B1", *b1_actions)
    g.declare("W1", *w1_actions)
    return g


PRESSED_LEFT = {"token": Token("W1", "left", W1)}


# == §10 interactive fire ===================================================================================
def test_r10_1_token_after_a_miss_is_plain_after_a_dodge_advantage():
    g = blue_acts_white_watches(measurer().see(B1, W1), [2], [Shot("W1"), Def(), Def(), Def()])
    (t,) = g.of(ev.TokenPlaced, player="B1")
    assert (t.target, t.side, t.advantage) == ("W1", "left", False)
    assert g.p("B1").token == Token("W1", "left", W1, False)
    g2 = blue_acts_white_watches(measurer().see(B1, W1), [16], [Shot("W1"), Def(), Def(), Def()],
                                 w1_kw={"def_count": 1})  # margin 1: dodged at once
    assert g2.p("B1").token.advantage


def test_r10_1_token_after_an_elimination_is_plain():
    g = blue_acts_white_watches(measurer().see(B1, W1), [15], [Shot("W1"), Def(), Def(), Def()])
    assert g.of(ev.Eliminated, player="W1")
    assert not g.of(ev.TokenPlaced, player="B1")[0].advantage


def test_r10_2_suppressive_when_the_pressed_player_shoots_from_the_pressed_side():
    m = measurer().see(W1, B2).see(B1, W1)
    g = white_acts_blue_watches(m, [3, 3, 5, 5], [Shot("B2"), Def(), Def(), Def()], b1_kw=PRESSED_LEFT)
    assert g.why(React("blue", (Reaction("B1", SUPPRESSIVE, "W1"),))) is None
    g.react("blue", Reaction("B1", SUPPRESSIVE, "W1"))
    e = g.shot("B1")
    assert e.kind == SUPPRESSIVE and dict(e.shot_parts) == {"suppressive": 10}


def test_r10_2_no_suppressive_when_he_shoots_from_the_other_side():
    m = measurer().see(W1, B2).see(B1, W1)
    g = white_acts_blue_watches(m, [], [SideChange("right"), Shot("B2"), Def(), Def()], b1_kw=PRESSED_LEFT)
    reason = g.why(React("blue", (Reaction("B1", SUPPRESSIVE, "W1"),)))
    assert "neither shoots from the pressed side (left) nor leaves his obstacle" in reason
    assert g.why(React("blue", (Reaction("B1", REFLEX, "W1"),))) is None  # a reflex still can


def test_r10_2_suppressive_when_the_pressed_player_moves():
    run = [(8, 5), (8, 4)]
    m = measurer().see(B1, W1, *run)
    g = white_acts_blue_watches(m, [], [Move((run[-1],)), Def(), Def(), Def()], b1_kw=PRESSED_LEFT)
    assert g.why(React("blue", (Reaction("B1", SUPPRESSIVE, "W1"),))) is None


def test_r10_1_a_token_is_lifted_when_its_target_leaves_that_cover():
    """RULES 10.1 is silent; the book ties the token to "un côté de l'obstacle visé" (B p.24).
    docs/rules-decisions.md"""
    run = [(8, 5), (8, 4)]
    m = measurer().see(B1, W1, *run)
    g = white_acts_blue_watches(m, [], [Move((run[-1],)), Def(), Def(), Def()], b1_kw=PRESSED_LEFT)
    g.react("blue")
    (lifted,) = g.of(ev.TokenRemoved, player="B1")
    assert "W1 has left that cover" in lifted.reason and g.p("B1").token is None
    assert lifted.rule == "RULES 10.1" and lifted.to_dict()["rule"] == "RULES 10.1"


def test_r10_1_a_token_put_on_a_runner_lies_at_his_end_point_and_stays():
    run = [(8, 5), (8, 4)]
    m = measurer().see(B1, W1, *run)
    g = white_acts_blue_watches(m, [2, 2], [Move((run[-1],)), Def(), Def(), Def()], b1_kw=PRESSED_LEFT)
    g.react("blue", Reaction("B1", SUPPRESSIVE, "W1"))
    assert not g.of(ev.TokenRemoved, player="B1")
    token = g.p("B1").token
    assert (token.target, token.point) == ("W1", run[-1])


def test_r10_2_no_suppressive_when_the_pressed_player_only_defends():
    m = measurer().see(B1, W1)
    g = white_acts_blue_watches(m, [], [Def(), Def(), Def(), Def()], b1_kw=PRESSED_LEFT)
    assert g.of(ev.NoReaction, team="blue") and g.state.round == 2


def test_r10_3_presser_plus_2_speed_when_his_target_shoots_at_a_team_mate():
    m = measurer().see(W1, B2).see(B1, W1)
    g = white_acts_blue_watches(m, [3, 3, 5, 5], [Shot("B2"), Def(), Def(), Def()], b1_kw=PRESSED_LEFT)
    g.react("blue", Reaction("B1", SUPPRESSIVE, "W1"))
    speed = {e.player: e for e in g.of(ev.SpeedTest)}
    assert dict(speed["B1"].parts) == {"d6": 3, "presser": 2} and speed["W1"].score == 3
    assert [e.shooter for e in g.of(ev.ShotResolved)] == ["B1", "W1"]


def test_r10_4_advantage_face_adds_2():
    m = measurer().see(B1, W1)
    g = blue_acts_white_watches(m, [2], [Shot("W1"), Def()])
    assert "advantage" not in dict(g.shot("B1").shot_parts)
    players = [standard("B1", token=Token("W1", "left", W1, True)), standard("W1")]
    g2 = Game(m, players, [2])
    g2.orders({"B1": 1}, {"W1": 2})
    g2.declare("B1", Shot("W1"), Def())
    assert dict(g2.shot("B1").shot_parts)["advantage"] == 2


def test_r10_5_priority_lock_keeps_the_token_but_the_shot_happens():
    m = measurer().see(B1, W2)
    old = Token("W1", "left", W1)
    for locked in (False, True):
        m.lock_wedge = locked
        players = [standard("B1", token=old), standard("W1", token=Token("B1", "left", B1)), standard("W2")]
        g = Game(m, players, [2])
        g.orders({"B1": 1}, {"W1": 2, "W2": 3})
        g.declare("B1", Shot("W2"), Def())
        assert g.shot("B1").target == "W2"
        if locked:
            assert g.of(ev.TokenKept, player="B1") and g.p("B1").token == old
        else:
            assert not g.of(ev.TokenKept) and g.p("B1").token.target == "W2"


def test_r10_6_reflex_needs_def_3_or_less_no_boulet_and_fov():
    m = measurer().see(B1, W1).see(W1, B1).see(W2, B1)
    g = blue_acts_white_watches(m, [], [Shot("W1"), Def()], w1_kw={"def_count": 4})
    assert "DEF 3 or less" in g.why(React("white", (Reaction("W1", REFLEX, "B1"),)))
    g = blue_acts_white_watches(m, [], [Shot("W1"), Def()], w1_kw={"def_count": 3})
    assert g.why(React("white", (Reaction("W1", REFLEX, "B1"),))) is None
    g = blue_acts_white_watches(m, [], [Shot("W1"), Def()], w1_kw={"boulets": 1})
    assert "carries boulets" in g.why(React("white", (Reaction("W1", REFLEX, "B1"),)))
    m2 = measurer().see(B1, W1).see(W2, B1).see(W2, W1)  # White1 does not see Blue1
    g = blue_acts_white_watches(m2, [], [Shot("W1"), Def()])
    assert "does not see B1" in g.why(React("white", (Reaction("W1", REFLEX, "B1"),)))


def _w1_defends_then_b1_fires(w1_actions, dice, w1_token=None):
    """Round 1: White1 alone declares ``w1_actions``; round 2: Blue1 (speaks first, d6 1 vs 2)
    fires at White1, White2 rests, and White1 may answer with a reflex."""
    m = measurer().see(B1, W1).see(W1, B1)
    m.between[(W1, B2, B1)] = 20.0  # his token lies on Blue2: 1 segment away from Blue1
    g = Game(m, [standard("B1"), standard("B2"), standard("W1", token=w1_token), standard("W2")], dice)
    g.orders({"B1": 2, "B2": 3}, {"W1": 1, "W2": 2})
    g.declare("W1", *w1_actions)
    g.declare("B1", Shot("W1"), Def())
    return g


def test_r10_6_def_and_three_supports_is_4_def_no_reflex():
    """B p.26: "lorsqu'on effectue 4 DEF, on ne réagit pas" — one DEF and three supports included."""
    g = _w1_defends_then_b1_fires((Def(), Support(), Support(), Support()), [1, 2, 2])
    assert g.p("W1").def_count == 4
    reason = why_reaction_illegal(g.state, Reaction("W1", REFLEX, "B1"), g.m)
    assert "DEF 3 or less" in reason
    g.declare("W2", Def(), Def(), Def(), Def())
    assert g.of(ev.NoReaction, team="white") and not g.of(ev.ReactionDeclared)


def test_r10_7_a_reflex_from_def_and_two_supports_leaves_2_def():
    """DEF, SUP, SUP is the book's 3 DEF (9); a reflex one segment off his token costs one DEF and
    leaves 2 DEF (7): 10 + 7 = 17 behind his cylinder."""
    g = _w1_defends_then_b1_fires((Def(), Support(), Support()), [1, 2, 4, 1, 2, 2],
                                  Token("B2", "left", B2))
    g.declare("W2", Def(), Def(), Def(), Def())
    assert g.p("W1").def_count == 3
    g.react("white", Reaction("W1", REFLEX, "B1"))
    (lost,) = g.of(ev.DefLost, player="W1")
    assert (lost.segments, lost.lost, lost.def_count) == (1, 1, 2)
    assert dict(g.shot("B1").target_parts) == {"cylinder standing": 10, "2 DEF": 7}


def test_r10_6_one_reflex_per_player_and_round():
    m = measurer().see(B1, W1).see(W1, B1)
    g = blue_acts_white_watches(m, [], [Shot("W1"), Def()])
    twice = React("white", (Reaction("W1", REFLEX, "B1"), Reaction("W1", REFLEX, "B1")))
    assert "already fires his reflex shot this round" in g.why(twice)


def test_r10_6_one_interactive_shot_per_player_and_round():
    m = measurer().see(B1, W1).see(W1, B1)
    g = blue_acts_white_watches(m, [], [Shot("W1"), Def()], w1_kw={"token": Token("B1", "left", B1)})
    both = React("white", (Reaction("W1", SUPPRESSIVE, "B1"), Reaction("W1", REFLEX, "B1")))
    assert g.why(React("white", both.reactions[:1])) is None
    assert "already reacts" in g.why(both)


def test_r10_6_reflex_value_9():
    m = measurer().see(B1, W2).see(W1, B1)
    g = blue_acts_white_watches(m, [3, 3, 3, 2, 2], [Shot("W2"), Def()])
    g.react("white", Reaction("W1", REFLEX, "B1"))
    e = g.shot("W1")
    assert e.kind == REFLEX and dict(e.shot_parts) == {"reflex": 9}


def test_r11_2_reflex_minus_1_speed():
    m = measurer().see(B1, W2).see(W1, B1)
    g = blue_acts_white_watches(m, [3, 3, 3, 2, 2], [Shot("W2"), Def()])
    g.react("white", Reaction("W1", REFLEX, "B1"))
    (w,) = g.of(ev.SpeedTest, player="W1")
    assert dict(w.parts) == {"d6": 3, "reflex": -1} and w.score == 2
    assert [e.shooter for e in g.of(ev.ShotResolved)] == ["B1", "W1"]


def test_r10_6_safe_move_triggers_no_reflex():
    """A safe move triggers no reflex; the suppressive shot follows RULES 10.2 (leaving the
    obstacle), tested below with the obstacle he stays behind."""
    m = measurer().see(W1, *RUN_B).see(W1, B1)
    for safe in (False, True):
        m.safe_moves = safe
        g = blue_acts_white_watches(m, [], [Move((RUN_B[-1],)), Def(), Def(), Def()],
                                    w1_kw={"token": Token("B1", "left", B1)})
        reflex = g.why(React("white", (Reaction("W1", REFLEX, "B1"),)))
        assert (reflex is not None) is safe


# Blue1 presses White1 (behind cw1 at I7) on its left; White1 moves one point along cw1 and fires
# from its right: he stays behind that obstacle (RULES 10.2, B p.40 round 3).
ALONG_CW1 = (7, 6)


def _w1_moves_along_cw1_and_shoots(dice=()):
    m = measurer().see(W1, B2).see(ALONG_CW1, B2).see(B1, W1, ALONG_CW1)
    sequence = [Move((ALONG_CW1,), "cw1", "right"), Shot("B2"), Def(), Def()]
    return white_acts_blue_watches(m, list(dice), sequence, b1_kw=PRESSED_LEFT)


def test_r10_2_no_suppressive_when_he_stays_behind_the_obstacle_and_shoots_from_the_other_side():
    g = _w1_moves_along_cw1_and_shoots()
    reason = g.why(React("blue", (Reaction("B1", SUPPRESSIVE, "W1"),)))
    assert reason is not None and "nor leaves his obstacle" in reason
    assert g.why(React("blue", (Reaction("B1", REFLEX, "W1"),))) is None  # the presser may fire a reflex


def test_r10_2_the_token_stays_while_he_stays_behind_that_obstacle():
    g = _w1_moves_along_cw1_and_shoots([5, 2])
    g.react("blue")  # no reaction: Blue1's token is not moved by a shot of his own
    assert g.p("W1").point == ALONG_CW1 and g.p("W1").cover == "cw1"
    assert not g.of(ev.TokenRemoved, player="B1")
    assert g.p("B1").token == PRESSED_LEFT["token"]


def test_r10_2_suppressive_when_he_leaves_the_obstacle_even_from_the_pressed_side():
    """« quitter l'obstacle », whatever the side: a run to another cover opens the shot."""
    m = measurer().see(B1, W1, (8, 5), (8, 4)).see((8, 4), B2)
    m.add("cx", "cylinder", (8, 3))
    g = white_acts_blue_watches(m, [], [Move(((8, 4),), "cx", "left"), Shot("B2"), Def(), Def()],
                                b1_kw=PRESSED_LEFT)
    assert g.why(React("blue", (Reaction("B1", SUPPRESSIVE, "W1"),))) is None


def reflex_at_b1(dice, w1_kw):
    """Blue1 fires at White2; White1 answers with a reflex at Blue1."""
    m = measurer().see(B1, W2).see(W1, B1)
    m.between[(W1, B2, B1)] = 40.0  # his token lies on Blue2: 2 segments away from Blue1
    g = blue_acts_white_watches(m, dice, [Shot("W2"), Def()], w1_kw=w1_kw)
    g.react("white", Reaction("W1", REFLEX, "B1"))
    return g


def test_r10_7_reflex_loses_k_def_at_once_for_k_segments():
    g = reflex_at_b1([3, 3, 2, 2], {"def_count": 3, "token": Token("B2", "left", B2)})
    (lost,) = g.of(ev.DefLost)
    assert (lost.segments, lost.lost, lost.def_count) == (2, 2, 1)
    assert g.p("W1").token.target == "B1"  # his token moves to the new target


def test_r10_7_reflex_with_no_token_rolls_a_d6():
    for roll, lost in ((2, 1), (1, 1), (3, 0), (6, 0)):
        g = reflex_at_b1([roll, 3, 3, 2, 2], {"def_count": 2})
        (e,) = g.of(ev.DefLost)
        assert (e.segments, e.lost) == (0, lost)
        assert g.p("W1").def_count == 2 - lost


def test_r10_7_reflex_0_segments_from_his_token_rolls_a_d6():
    m_token = {"def_count": 2, "token": Token("W2", "left", W2)}  # any token; between() reads 0
    g = reflex_at_b1([2, 3, 3, 2, 2], m_token)
    (e,) = g.of(ev.DefLost)
    assert (e.segments, e.lost, e.def_count) == (0, 1, 1)


# == §11 speed tests and resolution ==========================================================================
def test_r11_1_no_speed_test_when_no_shooter_is_targeted():
    m = measurer().see(B1, W1).see(W2, B2)
    players = [standard(p) for p in ("B1", "B2", "W1", "W2", "W3")]
    g = Game(m, players, [2, 2])
    g.orders({"B1": 1, "B2": 2}, {"W2": 1, "W1": 2, "W3": 3})
    g.declare("B1", Shot("W1"), Def())
    g.declare("W2", Shot("B2"), Def())
    assert not g.of(ev.SpeedTest)
    assert [e.shooter for e in g.of(ev.ShotResolved)] == ["B1", "W2"]


def test_r11_1_speed_tests_when_a_shooter_is_targeted_descending_order():
    m = measurer().sees_each_other(B1, W1)
    g = duel(m, [2, 5, 2, 2], [Shot("W1"), Def()], [Shot("B1"), Def()])
    assert {e.player: e.score for e in g.of(ev.SpeedTest)} == {"B1": 2, "W1": 5}
    assert [e.shooter for e in g.of(ev.ShotResolved)] == ["W1", "B1"]


def test_r11_2_second_shot_minus_2():
    m = measurer().sees_each_other(B1, W1).see(B1, W2)
    g = duel(m, [4, 1, 2, 2, 2], [Shot("W2"), Shot("W1"), Def()], [Shot("B1"), Def()])
    parts = {(e.player, e.target): dict(e.parts) for e in g.of(ev.SpeedTest)}
    assert parts[("B1", "W2")] == {"d6": 4}
    assert parts[("B1", "W1")] == {"d6": 4, "shot #2": -2}


def test_r11_2_side_change_minus_2():
    m = measurer().sees_each_other(B1, W1)
    g = duel(m, [4, 1, 2, 2], [SideChange("right"), Shot("W1"), Def()], [Shot("B1"), Def()])
    (b,) = g.of(ev.SpeedTest, player="B1")
    assert dict(b.parts) == {"d6": 4, "after side change": -2}


def test_r11_2_moved_vulnerable_points_minus_1_each():
    end = RUN_B[-1]
    m = measurer().see(W1, *RUN_B).see(end, W1)
    m.at(end, W1, 8.0)
    g = duel(m, [4, 1, 2, 2], [Move((end,)), Shot("W1")], [Shot("B1"), Def()])
    (b,) = g.of(ev.SpeedTest, player="B1")
    assert dict(b.parts) == {"d6": 4, "moved 3 vulnerable": -3}  # the arrival point counts too


def test_r11_2_book_p27_seen_on_the_last_two_points_of_his_run_arrival_included():
    """B p.27: Bleu2 "est vu durant les deux derniers points de sa course": speed 3 - 2 = 1."""
    end = RUN_B[-1]
    m = measurer().see(W1, *RUN_B[1:]).see(end, W1)
    m.at(end, W1, 8.0)
    g = duel(m, [3, 1, 2, 2], [Move((end,)), Shot("W1")], [Shot("B1"), Def()])
    (b,) = g.of(ev.SpeedTest, player="B1")
    assert dict(b.parts) == {"d6": 3, "moved 2 vulnerable": -2} and b.score == 1


def test_r11_2_a_one_point_move_nobody_sees_costs_no_speed():
    """B p.36: White4 moves one point nobody sees, then fires: no speed lost. Here Blue1 does, and
    White1, whom he fires at, fires at Blue2."""
    end = RUN_B[0]
    m = measurer().see(end, W1).see(W1, B2)
    m.at(end, W1, 8.0)
    g = Game(m, [standard("B1"), standard("B2"), standard("W1"), standard("W2")], [1, 2, 3, 1, 2, 2, 1, 2])
    g.orders({"B1": 1, "B2": 2}, {"W1": 1, "W2": 2})
    g.declare("B1", Move((end,)), Shot("W1"))
    g.declare("W1", Shot("B2"), Def())
    (b,) = g.of(ev.SpeedTest, player="B1")
    assert dict(b.parts) == {"d6": 3}


def test_r11_2_more_than_4_vulnerable_points_shoots_last():
    run = [(8, -5), (8, -4), (8, -3), (8, -2), (8, -1), (8, 0)]
    m = measurer().see(W1, *run).see(run[-1], W1)
    g = duel(m, [6, 1, 2, 2], [Move((run[-1],)), Shot("W1"), Def()], [Shot("B1"), Def()])
    (b,) = g.of(ev.SpeedTest, player="B1")
    assert b.last and b.score == 6
    assert [e.shooter for e in g.of(ev.ShotResolved)] == ["W1", "B1"]


def test_r11_3_runner_shooting_after_a_short_move_is_a_static_target():
    end = RUN_B[-1]
    m = measurer().see(W1, end).see(end, W1)
    g = duel(m, [4, 1, 2, 2], [Move((end,)), Shot("W1"), Def()], [Shot("B1"), Def()])
    assert dict(g.shot("W1").target_parts) == {"no cover": 4, "1 DEF": 5}


def test_r11_3_runner_shooting_after_a_long_move_uses_his_movement_value():
    run = [(8, -5), (8, -4), (8, -3), (8, -2), (8, -1)]
    m = measurer().see(W1, *run).see(run[-1], W1)
    g = duel(m, [4, 1, 2, 2], [Move((run[-1],)), Shot("W1"), Def()], [Shot("B1"), Def()])
    assert dict(g.shot("W1").target_parts) == {"MOV": 10, "5 vulnerable": -1}


def dump_duel(dice):
    b, w = (8, -1), (8, 1)
    m = measurer().see(w, b)
    return duel(m, dice, [Dump("W1"), Support()], [Shot("B1"), Def()], b1=player("B1", b), w1=player("W1", w))


def test_r11_4_dumper_beaten_by_1_is_simultaneous():
    g = dump_duel([3, 4, 6, 15])  # Blue1 3 (dump), White1 4
    assert g.of(ev.DumpResolved)[0].outcome == "clean"
    assert g.shot("W1").hit  # White1, dumped in the same group, still fires
    assert {e.player for e in g.of(ev.Eliminated)} == {"B1", "W1"}


def test_r11_4_dumper_beaten_by_2_goes_after():
    g = dump_duel([3, 5, 15])
    assert g.shot("W1").hit
    (lost,) = g.of(ev.ShotLost, shooter="B1")
    assert "faster shot" in lost.reason and not g.of(ev.DumpResolved)


def test_r11_4_dumper_wins_an_equal_score():
    g = dump_duel([3, 3, 6])
    assert g.of(ev.DumpResolved)[0].outcome == "clean"
    assert g.of(ev.ShotLost, shooter="W1")


def test_r11_4_a_shot_at_someone_else_beating_the_dumper_by_1_fires_before_the_dump():
    """RULES 11.4: the dumper's edge concerns only the shots at him. Blue1 dumps White1 at speed 4;
    Blue2's reflex at White1 scores 5 and fires first (plain score): White1 goes out, the dump is
    lost (no roll), and White1's shot at Blue1 is lost to that faster shot."""
    b, w = (8, -1), (8, 1)
    m = measurer().see(w, b).see(B2, w)
    g = Game(m, [player("B1", b), standard("B2"), player("W1", w), standard("W2"), standard("W3")],
             [6, 4, 1, 6, 6])  # B2's DEF check 6; speed 4, 1, 6 - 1 = 5; B2's shot 6
    g.orders({"B1": 1, "B2": 2}, {"W1": 1, "W2": 3, "W3": 4})
    g.declare("B1", Dump("W1"), Def(), Def(), Def())
    g.declare("W1", Shot("B1"), Support())
    g.react("blue", Reaction("B2", REFLEX, "W1"))
    assert {e.player: e.score for e in g.of(ev.SpeedTest)} == {"B1": 4, "W1": 1, "B2": 5}
    assert g.shot("B2").hit and not g.of(ev.DumpResolved)
    (lost,) = g.of(ev.ShotLost, shooter="B1")
    assert "dead zone" in lost.reason
    assert [(e.player, e.by) for e in g.of(ev.Eliminated)] == [("W1", "B2")]
    assert g.p("B1").on_field


def entry(shooter, target, score, kind=ShotKind.SIMPLE):
    return ShotEntry(shooter, target, kind, score=score)


def test_r11_4_r11_5_the_resolution_order_and_its_simultaneous_groups():
    """RULES 11.4, 11.5: Blue1's dump at White1 scores 4; White1's shot at him 5 is simultaneous with
    it (beaten by 1), Blue2's shot at White2 5 fires before it (plain score), White3's shot at Blue3
    4 is tied with the dump. White2's shot at Blue1 6 beats the dumper by 2: before the dump."""
    dump, at_dumper, other = entry("B1", "W1", 4, ShotKind.DUMP), entry("W1", "B1", 5), entry("B2", "W2", 5)
    tied = entry("W3", "B3", 4)
    order, groups = resolution_order([dump, at_dumper, other, tied])
    assert order.index(other) < order.index(dump)
    assert groups[order.index(other)] == groups[order.index(at_dumper)] < groups[order.index(dump)]
    assert groups[order.index(dump)] == groups[order.index(tied)]
    beaten = entry("W2", "B1", 6)
    order, groups = resolution_order([dump, beaten])
    assert (order, groups) == ([beaten, dump], [0, 1])
    order, groups = resolution_order([dump, at_dumper])
    assert (order, groups) == ([dump, at_dumper], [0, 0])


def test_r11_5_tied_shots_both_happen_whatever_the_results():
    m = measurer().sees_each_other(B1, W1)
    g = duel(m, [3, 3, 15, 15], [Shot("W1"), Support()], [Shot("B1"), Support()])
    assert {e.shooter for e in g.of(ev.ShotResolved)} == {"B1", "W1"}
    assert {e.player for e in g.of(ev.Eliminated)} == {"B1", "W1"}


def test_r11_5_a_tied_shooter_who_dodged_still_fires():
    m = measurer().sees_each_other(B1, W1)
    # Blue1 resolves first and hits: White1 (DEF 1 from his sequence) dodges and takes a boulet;
    # his own tied shot still happens (RULES 11.5), although he now carries a boulet (RULES 9.5).
    g = duel(m, [3, 3, 16, 2], [Shot("W1"), Def()], [Def(), Shot("B1")])  # margin 1
    assert g.p("W1").boulets == 1
    assert g.shot("W1").roll == 2


def test_r7_5_r11_5_a_tied_shooter_who_dodged_and_fumbles_keeps_one_boulet():
    m = measurer().sees_each_other(B1, W1)
    g = duel(m, [3, 3, 16, 1, 3], [Shot("W1"), Def()], [Def(), Shot("B1")])
    assert g.of(ev.Fumble, player="W1")[0].outcome == "technical"
    assert (g.p("W1").boulets, g.p("W1").gun) == (1, "dead")


def test_r11_5_a_tied_shot_at_a_target_put_out_in_its_rank_is_fired():
    """RULES 11.5, « tous les tirs à égalité ont lieu »: Blue1 and Blue2 both score 4 at White1.
    Blue1's shot makes him dodge, the dodge falls short and he goes out; Blue2's tied shot is still
    fired (rolled, its token put), and the dead White1 has no dodge to roll. White1's own shot, 1,
    is lost to the faster shots."""
    m = measurer().sees_each_other(B1, W1).see(B2, W1)
    g = Game(m, [standard(p) for p in ("B1", "B2", "W1", "W2", "W3")],
             [6, 4, 1, 5, 18, 1, 19])  # B2's DEF check; speed 4, 1, 5 - 1; B1 18, dodge 1, B2 19
    g.orders({"B1": 1, "B2": 2}, {"W1": 1, "W2": 3, "W3": 4})
    g.declare("B1", Shot("W1"), Support(), Support(), Support())
    g.declare("W1", Def(), Shot("B1"))
    g.react("blue", Reaction("B2", REFLEX, "W1"))
    assert {e.player: e.score for e in g.of(ev.SpeedTest)} == {"B1": 4, "W1": 1, "B2": 4}
    g.play(Dodge("white"))
    assert [e.player for e in g.of(ev.Eliminated)] == ["W1"]
    assert g.shot("B2").roll == 19 and g.shot("B2").margin == 3
    assert g.of(ev.TokenPlaced, player="B2", target="W1")
    assert not g.of(ev.ShotLost, shooter="B2")
    assert len(g.of(ev.DodgeRolled)) == 1 and g.state.phase == "declare"
    (lost,) = g.of(ev.ShotLost, shooter="W1")
    assert "faster shot" in lost.reason


def test_r11_4_r11_5_a_dump_simultaneous_with_the_one_that_put_its_target_out_is_rolled():
    """RULES 11.4, 11.5: Blue1 and White1 dump each other, White1 faster by 1: simultaneous. White1's
    dump is a disaster and puts him out; Blue1's dump at him is still rolled (here a disaster too)."""
    b, w = (8, -1), (8, 1)
    m = measurer().sees_each_other(b, w)
    g = Game(m, [player("B1", b), standard("B2"), player("W1", w), standard("W2"), standard("W3")],
             [4, 5, 1, 2])  # speed 4 and 5; White1's dump 1, Blue1's 2
    g.orders({"B1": 1, "B2": 2}, {"W1": 1, "W2": 3, "W3": 4})
    g.declare("B1", Dump("W1"), Def(), Def(), Def())
    g.declare("W1", Dump("B1"), Def(), Def(), Def())
    assert {e.player: e.score for e in g.of(ev.SpeedTest)} == {"B1": 4, "W1": 5}
    assert [(d.dumper, d.outcome) for d in g.of(ev.DumpResolved)] == [("W1", "disaster"), ("B1", "disaster")]
    assert not g.of(ev.ShotLost)
    assert [e.player for e in g.of(ev.Eliminated)] == ["W1", "B1"]


def test_r11_6_a_shooter_hit_by_a_faster_shot_loses_his_shot():
    m = measurer().sees_each_other(B1, W1)
    g = duel(m, [5, 2, 16], [Shot("W1"), Def()], [Def(), Shot("B1")])  # margin 1: White1 dodges
    assert g.of(ev.Dodged, player="W1")
    (lost,) = g.of(ev.ShotLost, shooter="W1")
    assert "faster shot" in lost.reason


def test_r11_7_dump_outside_the_targets_fov_plus_1():
    b, w = (8, -1), (8, 1)
    g = Game(measurer(), [player("B1", b), standard("B2"), player("W1", w), standard("W2")], [2])
    g.orders({"B1": 1, "B2": 3}, {"W1": 2, "W2": 4})
    g.declare("B1", Dump("W1"), Support(), Def(), Def())
    (d,) = g.of(ev.DumpResolved)
    assert dict(d.parts) == {"d6": 2, "1 support(s)": 1, "outside his field of vision": 1}
    assert (d.total, d.outcome) == (4, "confusion")


def test_r11_7_dump_disaster_and_clean():
    b, w = (8, -1), (8, 1)
    for roll, out in ((1, {"B1"}), (5, {"W1"})):
        m = measurer().see(w, b)
        g = Game(m, [player("B1", b), standard("B2"), player("W1", w), standard("W2")], [roll])
        g.orders({"B1": 1, "B2": 3}, {"W1": 2, "W2": 4})
        g.declare("B1", Dump("W1"), Def(), Def(), Def())
        g.react("white")
        assert {e.player for e in g.of(ev.Eliminated)} == out


# == §4.7, §13.3 the end ====================================================================================
def last_turn(players, turn=10):
    g = Game(measurer(), [standard(p) for p in players], turn=turn)
    g.orders({"B1": 1, "B2": 2}, {"W1": 3, "W2": 4})
    for pid in sorted(players, key=lambda p: {"B1": 1, "B2": 2, "W1": 3, "W2": 4}[p]):
        g.rest(pid)
    return g


def test_r4_7_r13_3_after_turn_10_more_players_wins():
    g = last_turn(("B1", "B2", "W1"))
    (end,) = g.of(ev.MatchEnded)
    assert (end.winner, g.state.phase) == ("blue", "over")
    assert "after turn 10, 2 Blue against 1 White" in end.reason


def test_r13_3_after_turn_10_equal_is_a_draw():
    g = last_turn(("B1", "W1"))
    assert g.state.winner == "draw"


def test_r4_7_turn_9_goes_on_to_turn_10():
    g = last_turn(("B1", "W1"), turn=9)
    assert (g.state.turn, g.state.phase, g.state.winner) == (10, "orders", None)


def test_r4_7_a_team_with_no_player_left_loses_at_once():
    g = Game(measurer().see(B1, W1), [standard("B1"), standard("W1")], [15], turn=3)
    g.orders({"B1": 1}, {"W1": 2})
    g.declare("B1", Shot("W1"), Def())
    (end,) = g.of(ev.MatchEnded)
    assert (end.winner, g.state.turn) == ("blue", 3) and "no player left" in end.reason


def test_r4_7_both_sides_empty_is_a_draw():
    b, w = (8, -1), (8, 1)
    g = Game(measurer().see(w, b), [player("B1", b), player("W1", w)], [3])
    g.orders({"B1": 1}, {"W1": 2})
    g.declare("B1", Dump("W1"), Def())
    g.react("white")
    assert g.state.winner == "draw" and g.of(ev.MatchEnded)


def test_r4_7_no_decision_after_the_end():
    g = last_turn(("B1", "W1"))
    assert g.to_move() is None
    assert "waiting for over" in g.why(Dodge("white"))


def test_r10_3_a_presser_who_fires_anything_but_a_suppressive_shot_loses_the_plus_2():
    """B p.40: White1, who presses Blue4, fires a reflex instead of a suppressive shot, "ce qui lui
    fait perdre son bonus d'initiative". Likewise B1, activated, holds a token on W1 and fires a
    simple shot at him while W1 (reacting) shoots B1: no +2."""
    m = measurer().see(B1, W1).see(W1, B1)
    players = [standard("B1", token=Token("W1", "left", W1)), standard("W1")]
    # W1's reflex DEF check 4; speed B1 2, W1 1; both shots miss (3)
    g = Game(m, players, [4, 2, 1, 3, 3])
    g.orders({"B1": 1}, {"W1": 2})
    g.declare("B1", Shot("W1"), Def(), Def(), Def())
    g.react("white", Reaction("W1", REFLEX, "B1"))
    speed = {e.player: e for e in g.of(ev.SpeedTest)}
    assert dict(speed["B1"].parts) == {"d6": 2}


def test_r13_2_a_run_takes_the_centre_flag_and_a_later_run_hangs_it_the_match_ends():
    from paintcheck.rules.actions import Move
    from paintcheck.rules.flags import initial_flags

    m = measurer()
    g = Game(m, [standard("B1"), standard("W1")])
    g.state.flags = initial_flags({"centre": (8, 0)})
    g.orders({"B1": 1}, {"W1": 2})
    g.declare("B1", Move(((9, -5), (9, -1), (8, 0), (7, 1))), Def(), Def())
    g.rest("W1")
    flag_news = lambda what: [e for e in g.events if isinstance(e, ev.FlagMoved) and e.kind == what]  # noqa: E731
    assert g.state.flags["centre"].carrier == "B1" and flag_news("taken")
    # turn 3: he runs on to White's base row 12 and hangs it
    g.orders({"B1": 1}, {"W1": 2})
    g.declare("B1", Move(((3, 9), (3, 12))), cover=None, side=None)
    assert flag_news("hung") and g.state.phase == "over"
    assert (g.state.winner, g.state.end_reason) == ("blue", "B1 hung the flag")


def test_r13_2_a_carrier_who_falls_drops_the_flag_where_he_falls():
    from paintcheck.rules.flags import Flag

    m = measurer().see(W1, B1)
    g = Game(m, [standard("B1"), standard("W1")], [11, 20, 1])  # W1 hits B1: no DEF, no dodge
    g.state.flags = {"centre": Flag("centre", (8, 0), None, "B1")}
    g.orders({"B1": 2}, {"W1": 1})
    g.declare("W1", Shot("B1"), Def(), Def(), Def())
    assert g.p("B1").point is None
    flag = g.state.flags["centre"]
    assert flag.carrier is None and flag.point == B1
    assert [e.kind for e in g.events if isinstance(e, ev.FlagMoved)] == ["dropped"]


def test_r13_2_a_run_out_and_back_through_the_flag_takes_it():
    """His arrival point is one he passed on the way out: the whole run counts, not up to there."""
    from paintcheck.rules.actions import Move
    from paintcheck.rules.flags import initial_flags

    g = Game(measurer(), [standard("B1"), standard("W1")])
    g.state.flags = initial_flags({"centre": (8, -3)})
    g.orders({"B1": 1}, {"W1": 2})
    g.declare("B1", Move(((8, -3), (8, -4))), Def(), Def())
    g.rest("W1")
    moved = next(e for e in g.events if isinstance(e, ev.Moved) and e.player == "B1")
    assert moved.path == ((8, -6), (8, -5), (8, -4), (8, -3), (8, -4))
    assert g.state.flags["centre"].carrier == "B1"


def test_r13_2_two_runs_for_the_flag_the_first_there_takes_it_whoever_speaks_first():
    """Blue speaks first (d6 1 against 5) but needs 7 points to reach the flag, White 5: White's
    run reaches it first [H: the round's runs are walked together, a point a step]."""
    from paintcheck.rules.actions import Move
    from paintcheck.rules.flags import initial_flags

    g = Game(measurer(), [standard("B1"), standard("W1")], [1, 5])
    g.state.flags = initial_flags({"centre": (8, 1)})
    g.orders({"B1": 1}, {"W1": 1})
    assert g.state.speakers[0] == "blue"
    g.declare("B1", Move(((8, 1), (8, 2))), Def())
    g.declare("W1", Move(((8, 1), (8, 0))), Def())
    while g.state.phase == "react":
        g.react(g.to_move())
    taken = [e for e in g.events if isinstance(e, ev.FlagMoved) and e.kind == "taken"]
    assert [e.player for e in taken] == ["W1"] and g.state.flags["centre"].carrier == "W1"


def test_r11_4_the_dumpers_edge_is_only_for_shots_at_him():
    """B p.27: « les joueurs qui tentent de le toucher durant son action » must beat the dumper by
    2; White1, dumped, shoots Blue2 (not the dumper) with the dump's score: fully simultaneous
    (RULES 11.4, 11.5), so his shot happens although the dump puts him out."""
    b, w = (8, -1), (8, 1)
    m = measurer().see(w, b).see(w, B2)
    g = Game(m, [player("B1", b), standard("B2"), player("W1", w), standard("W2")],
             [2, 5, 3, 3, 6, 15])  # speaking Blue 2, White 5; speed 3 and 3; dump 6; White1 15
    g.orders({"B1": 1, "B2": 2}, {"W1": 1, "W2": 2})
    g.declare("B1", Dump("W1"), Support())
    g.declare("W1", Shot("B2"), Def())
    assert [e.score for e in g.of(ev.SpeedTest)] == [3, 3]
    assert g.of(ev.DumpResolved)[0].outcome == "clean"
    assert not g.of(ev.ShotLost, shooter="W1")
    assert g.shot("W1").roll == 15


# == §11.3 with §13.2: a runner whose move is over falls at its end ==========================================
SHORT_END = (8, -4)  # two points from Blue1 (8, -6)


def short_move_shooter_hit(flags, b1_actions, dice=(1, 6, 19)):
    """Blue1 moves 2 points to SHORT_END and shoots White1; White1 (speed 6 against Blue1's
    1 - 2) hits him there first (12 against no cover 4)."""
    m = measurer().see(W1, (8, -5), SHORT_END).see(SHORT_END, W1)
    m.at(SHORT_END, W1, 8.0)
    g = Game(m, [standard("B1"), standard("W1"), standard("W2")], list(dice))
    g.state.flags = flags
    g.orders({"B1": 1}, {"W1": 1, "W2": 2})
    g.declare("B1", *b1_actions)
    g.declare("W1", Shot("B1"), Support())
    return g


def test_r11_3_r13_2_a_short_move_shooter_falls_and_drops_the_flag_at_his_arrival():
    """RULES 11.3: after a short move « his move is over » (shots at him read his protection at his
    arrival point), so eliminated he falls there, and a carrier drops the flag there (13.2); his run
    is told before he falls. A runner shot while he runs (more than 4 points) still falls where he
    started."""
    from paintcheck.rules.flags import Flag

    carried = {"centre": Flag("centre", (8, 0), None, "B1")}
    g = short_move_shooter_hit(carried, [Move((SHORT_END,)), Shot("W1"), Support()])
    assert dict(g.shot("W1").target_parts) == {"no cover": 4}
    assert g.of(ev.Eliminated, player="B1")
    assert (g.p("B1").point, g.p("B1").fell_at) == (None, SHORT_END)
    assert g.state.flags["centre"] == Flag("centre", (8, 0), SHORT_END, None)
    assert [(e.kind, e.point) for e in g.of(ev.FlagMoved)] == [("dropped", SHORT_END)]
    (moved,) = g.of(ev.Moved, player="B1")
    assert moved.path == (B1, (8, -5), SHORT_END)
    told = [type(e) for e in g.events if isinstance(e, (ev.Moved, ev.Eliminated, ev.FlagMoved))]
    assert told == [ev.Moved, ev.Eliminated, ev.FlagMoved]
    # a long move (5 points, read at his movement value): shot during his run, he falls at his start
    run = [(8, -5), (8, -4), (8, -3), (8, -2), (8, -1)]
    m = measurer().see(W1, *run).see(run[-1], W1)
    g = Game(m, [standard("B1"), standard("W1"), standard("W2")], [4, 1, 19])
    g.state.flags = {"centre": Flag("centre", (8, 0), None, "B1")}
    g.orders({"B1": 1}, {"W1": 1, "W2": 2})
    g.declare("B1", Move((run[-1],)), Shot("W1"), Support())
    g.declare("W1", Shot("B1"), Support())
    assert dict(g.shot("W1").target_parts)["MOV"] == 10
    assert g.p("B1").fell_at == B1 and g.state.flags["centre"].point == B1
    assert not g.of(ev.Moved, player="B1")


def test_r11_3_r13_2_a_short_move_shooter_who_fails_his_dodge_falls_at_his_arrival():
    """RULES 11.3, 9.3: his DEF after the move gives one dodge die; it falls short: out, at his
    arrival point."""
    g = short_move_shooter_hit({}, [Move((SHORT_END,)), Shot("W1"), Def()], dice=(1, 6, 19, 1))
    assert dict(g.shot("W1").target_parts) == {"no cover": 4, "1 DEF": 5}
    g.play(Dodge("blue"))
    assert g.of(ev.Eliminated, player="B1") and g.p("B1").fell_at == SHORT_END


def test_r11_3_r13_2_a_short_move_shooter_takes_the_flag_on_his_path_and_drops_it_where_he_falls():
    """RULES 13.2: the flag on the path of his finished move (11.3) is taken as usual; eliminated at
    his arrival, he drops it there."""
    from paintcheck.rules.flags import Flag, initial_flags

    flags = initial_flags({"centre": (8, -5)})
    g = short_move_shooter_hit(flags, [Move((SHORT_END,)), Shot("W1"), Support()])
    assert g.of(ev.Eliminated, player="B1")
    assert [(e.kind, e.player, e.point) for e in g.of(ev.FlagMoved)] == [
        ("taken", "B1", (8, -5)), ("dropped", "B1", SHORT_END)]
    assert g.state.flags["centre"] == Flag("centre", (8, -5), SHORT_END, None)


def test_r11_3_r13_2_a_carrier_out_at_the_end_of_his_short_move_hangs_nothing():
    """[H] A flag is hung when the round's runs are walked at its end (RULES 13.2, 13.3): a carrier
    whose short move (11.3) ends next to White's base but who is shot there before the round ends
    hangs nothing; he drops the flag there and the match goes on."""
    from paintcheck.rules.flags import Flag

    start, end, w = (8, 10), (8, 12), (10, 13)  # row 12: next to White's base row 13
    m = measurer().see(w, start, (8, 11), end).see(end, w)
    m.at(end, w, 8.0)
    g = Game(m, [player("B1", start), standard("B2"), player("W1", w)], [6, 1, 19])  # White speaks first
    g.state.flags = {"centre": Flag("centre", (8, 0), None, "B1")}
    g.orders({"B1": 1, "B2": 2}, {"W1": 1})
    g.declare("W1", Shot("B1"), Support())
    g.declare("B1", Move((end,)), Shot("W1"), Support())
    assert g.of(ev.Eliminated, player="B1") and g.p("B1").fell_at == end
    assert [(e.kind, e.point) for e in g.of(ev.FlagMoved)] == [("dropped", end)]
    assert g.state.phase != "over" and g.state.flags["centre"].point == end
