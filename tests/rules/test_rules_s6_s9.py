"""RULES §6 (values), §7 (shooting), §8 (instrument modifiers) and §9 (dodge and boulets): one test
per rule, each failing if the engine stopped applying it."""

from __future__ import annotations

from paintcheck.rules import events as ev
from paintcheck.rules.actions import (
    Clean,
    ClearBoulet,
    Declare,
    Def,
    Dodge,
    Move,
    Reload,
    Shot,
    Support,
)
from paintcheck.rules.state import Token
from tests.rules.harness import B1, W1, W2, Game, measurer, player, standard
from tests.rules.scripted import graze, touch

RUN = [(8, 5), (8, 4), (8, 3), (8, 2)]  # White1's run from (8, 6), 4 points


def b1_shoots_w1(m, dice, w1_kw=None, b1_kw=None, b1_actions=None, players=()):
    """Round 1: Blue1 alone fires at White1, who plays in round 2."""
    g = Game(m, [standard("B1", **(b1_kw or {})), standard("W1", **(w1_kw or {})), *players], dice)
    g.orders({"B1": 1}, {"W1": 2})
    g.declare("B1", *(b1_actions or (Shot("W1"), Def(), Def(), Def())))
    return g


def next_turn(g, *b1_actions):
    """Finish the turn (White1 rests in round 2) and start the next with Blue1's sequence."""
    if g.state.round == 2 and g.state.phase == "declare":
        g.rest("W1")
    assert g.state.phase == "orders"
    g.orders({"B1": 1}, {"W1": 2})
    return g.declare("B1", *b1_actions)


def runner_duel(m, dice, w1_actions, w1_kw=None):
    """Round 1: Blue1 (declares first: fewer players) fires at White1, who then declares a run."""
    g = Game(m, [standard("B1"), standard("W1", **(w1_kw or {})), standard("W2")], dice)
    g.orders({"B1": 1}, {"W1": 1, "W2": 2})
    g.declare("B1", Shot("W1"), Def(), Def(), Def())
    g.play(Declare("W1", "standing", tuple(w1_actions), "cw1", "left"))
    return g


# == §6 values ==========================================================================================
def test_r6_1_each_support_adds_2_to_the_shot():
    g = b1_shoots_w1(measurer().see(B1, W1), [2], b1_actions=(Shot("W1"), Support(), Support(), Def()))
    e = g.shot("B1")
    assert dict(e.shot_parts) == {"simple": 10, "2 support(s)": 4} and e.shot_value == 14


def test_r6_1_r6_2_r6_3_def_added_by_the_targets_own_sequence():
    m = measurer().see(B1, W1)
    g = Game(m, [standard("B1"), standard("W1")], [2])
    g.orders({"B1": 2}, {"W1": 1})
    g.declare("W1", Def(), Def(), Support(), Def(), posture="standing")
    g.declare("B1", Shot("W1"), Def(), Def(), Def())
    assert dict(g.shot("B1").target_parts) == {"cylinder standing": 10, "4 DEF": 11}


def test_r6_2_r9_2_def_and_three_supports_is_4_def_with_two_dodge_dice():
    """B p.11: the first DEF gives 5, each support beyond it 2 more; the book's "4 DEF" is one DEF
    and three supports, and it dodges with two dice like any 4 DEF (B p.21)."""
    m = measurer().see(B1, W1)
    g = Game(m, [standard("B1"), standard("W1")], [20, 3, 1, 1])
    g.orders({"B1": 2}, {"W1": 1})
    g.declare("W1", Def(), Support(), Support(), Support())
    assert g.p("W1").def_count == 4
    g.declare("B1", Shot("W1"), Support(), Support(), Support())
    e = g.shot("B1")
    assert dict(e.target_parts) == {"cylinder standing": 10, "4 DEF": 11}
    assert (e.shot_value, e.required, e.margin) == (16, 16, 8)  # 20 + 3
    g.play(Dodge("white"), Dodge("white"))
    assert len(g.of(ev.DodgeRolled, player="W1")) == 2
    (d,) = g.of(ev.Eliminated, player="W1")


def test_r6_3_book_p13_small_rocket_kneeling_with_2_def_is_15():
    m = measurer().add("sr", "rocket_small", (9, 7)).see(B1, W1)
    g = b1_shoots_w1(m, [2], w1_kw={"def_count": 2, "posture": "kneeling", "cover": "sr"})
    e = g.shot("B1")
    assert dict(e.target_parts) == {"small rocket kneeling": 8, "2 DEF": 7} and e.target_value == 15


def test_r6_3_protection_follows_posture():
    m = measurer().add("pyr", "pyramid", (9, 7)).see(B1, W1)
    g = b1_shoots_w1(m, [2], w1_kw={"posture": "kneeling", "cover": "pyr"})
    assert g.shot("B1").target_value == 10  # pyramid: 8 standing, 10 kneeling


def test_r6_4_movement_value_with_move_support_and_vulnerable_points():
    m = measurer().see(B1, W1, RUN[0], RUN[1])
    m.run_angles[B1] = 80.0  # no run-angle bonus
    g = runner_duel(m, [3], [Move((RUN[-1],)), Support(), Def(), Def()])
    e = g.shot("B1")
    assert dict(e.target_parts) == {"MOV": 10, "move support(s)": 2, "2 vulnerable": 2}
    assert (e.shot_value, e.target_value, e.required) == (10, 14, 15)
    assert g.p("W1").point == RUN[-1]


# == §7 shooting ======================================================================================
def test_r7_1_r7_4_required_roll_and_margin():
    g = b1_shoots_w1(measurer().see(B1, W1), [10])
    e = g.shot("B1")
    assert (e.required, e.roll, e.hit) == (11, 10, False)
    g2 = b1_shoots_w1(measurer().see(B1, W1), [11])
    e2 = g2.shot("B1")
    assert (e2.required, e2.roll, e2.margin, e2.hit) == (11, 11, 1, True)
    assert g2.of(ev.Eliminated, player="W1")  # DEF 0: no dodge


def test_r7_2_natural_1_always_misses_and_fumbles():
    m = measurer().see(B1, (8, 1)).at(B1, (8, 1), 2.0)
    g = Game(m, [standard("B1"), player("W1", (8, 1))], [1, 15])
    g.orders({"B1": 1}, {"W1": 2})
    g.declare("B1", Shot("W1"), Support(), Support(), Support())
    e = g.shot("B1")
    assert e.required <= 1 and e.roll == 1 and not e.hit
    (f,) = g.of(ev.Fumble, player="B1")
    assert (f.roll, f.outcome) == (15, "reload")
    assert g.p("W1").point == (8, 1)


def test_r7_3_natural_20_adds_exploding_d6s():
    m = measurer().see(B1, W1).at(B1, W1, 20.0)
    g = b1_shoots_w1(m, [20, 6, 6, 2, 3, 3], w1_kw={"def_count": 2})
    e = g.shot("B1")
    assert (e.shot_value, e.target_value, e.required) == (7, 17, 21)
    assert (e.roll, e.bonus_dice, e.margin) == (20, (6, 6, 2), 14)
    g.play(Dodge("white"), Dodge("white"))
    assert g.of(ev.Eliminated, player="W1")


def test_r7_3_a_roll_needing_21_can_hit():
    m = measurer().see(B1, W1).at(B1, W1, 20.0)
    g = b1_shoots_w1(m, [20, 1], w1_kw={"def_count": 2})
    e = g.shot("B1")
    assert (e.required, e.margin, e.hit) == (21, 1, True)
    assert g.of(ev.Dodged, player="W1")[0].automatic  # margin 1: dodged without rolling (RULES 9.2)


def test_r7_5_technical_problem_dead_gun_and_boulet_then_repaired():
    g = b1_shoots_w1(measurer().see(B1, W1), [1, 3, 6, 2], b1_kw={"token": None})
    (f,) = g.of(ev.Fumble)
    assert f.outcome == "technical"
    assert (g.p("B1").gun, g.p("B1").boulets) == ("dead", 1)
    next_turn(g, ClearBoulet(), Shot("W1"), Def(), Def())
    (check,) = g.of(ev.GunChecked, player="B1")
    assert (check.roll, check.works) == (6, True)  # > 5: the marker works again
    assert g.p("B1").gun == "ok"
    assert g.shot("B1", roll=2)
    assert g.dice.remaining == 0


def test_r7_5_technical_problem_then_broken_for_the_match():
    g = b1_shoots_w1(measurer().see(B1, W1), [1, 5, 5])
    next_turn(g, ClearBoulet(), Def(), Def(), Def())
    (check,) = g.of(ev.GunChecked, player="B1")
    assert (check.roll, check.works) == (5, False)  # <= 5: dead for the match
    assert g.p("B1").gun == "broken"
    g.rest("W1")
    g.orders({"B1": 1}, {"W1": 2})
    assert len(g.of(ev.GunChecked)) == 1  # no more checks
    assert "gun is dead" in g.why(Declare("B1", "standing", (Shot("W1"),), "cb1", "left"))
    assert g.dice.remaining == 0


def test_r7_5_messy_paint_minus_5_until_cleaned():
    g = b1_shoots_w1(measurer().see(B1, W1), [1, 8, 2, 2, 2])
    assert g.p("B1").messy
    next_turn(g, Shot("W1"), Def())
    assert dict(g.of(ev.ShotResolved)[-1].shot_parts)["messy paint"] == -5
    next_turn(g, Clean(), Shot("W1"))
    assert "messy paint" not in dict(g.of(ev.ShotResolved)[-1].shot_parts)
    next_turn(g, Shot("W1"), Def())  # cleaned for good
    assert "messy paint" not in dict(g.of(ev.ShotResolved)[-1].shot_parts)
    assert not g.p("B1").messy


def test_r7_5_reload_blocks_shooting_until_reloaded():
    g = b1_shoots_w1(measurer().see(B1, W1), [1, 15, 2, 2])
    assert g.p("B1").reload
    g.rest("W1")
    g.orders({"B1": 1}, {"W1": 2})
    assert "must reload" in g.why(Declare("B1", "standing", (Shot("W1"),), "cb1", "left"))
    g.declare("B1", Reload(), Shot("W1"), Def())
    assert not g.of(ev.ShotLost)
    assert g.of(ev.ShotResolved)[-1].roll == 2  # the reloaded marker shoots
    next_turn(g, Shot("W1"), Def())  # reloaded for good
    assert len(g.of(ev.ShotResolved)) == 3
    assert not g.p("B1").reload


# == §8 modifiers =======================================================================================
def test_r8_4_impossible_line_of_fire_refuses_the_shot():
    m = measurer().see(B1, W1)
    m.lines[(B1, W1)] = (touch("tall", "cylinder"),)
    g = Game(m, [standard("B1"), standard("W1")])
    g.orders({"B1": 1}, {"W1": 2})
    reason = g.why(Declare("B1", "standing", (Shot("W1"),), "cb1", "left"))
    assert "line of fire impossible" in reason


def test_r8_4_line_modifiers_add_up_and_own_covers_are_ignored():
    m = measurer().see(B1, W1)
    m.lines[(B1, W1)] = (graze("tall", "cylinder"), touch("cone", "cone"), touch("cw1", "cylinder"),
                         touch("cb1", "cylinder"))
    g = b1_shoots_w1(m, [2])
    parts = dict(g.shot("B1").shot_parts)
    assert parts == {"simple": 10, "grazes tall (high)": -2, "crosses cone (medium)": -2}


def test_r8_4_posture_of_the_shooter_reads_the_table():
    m = measurer().see(B1, W1)
    m.lines[(B1, W1)] = (touch("low", "rocket_small"),)
    g = Game(m, [standard("B1"), standard("W1")], [2])
    g.orders({"B1": 1}, {"W1": 2})
    assert "impossible" in g.why(Declare("B1", "prone", (Shot("W1"),), "cb1", "left"))
    g.declare("B1", Shot("W1"), posture="kneeling")
    assert dict(g.shot("B1").shot_parts)["crosses low (low)"] == -2


def test_r8_1_r8_2_distance_and_angle_of_a_static_target():
    m = measurer().see(B1, W1).at(B1, W1, 4.0)
    m.angles[(W1, B1)] = 60.0
    g = b1_shoots_w1(m, [2])
    assert dict(g.shot("B1").shot_parts) == {"simple": 10, "distance": 1, "angle": 3}


def test_r8_5_no_vulnerable_point_loses_the_shot():
    m = measurer().see(B1, W1)  # he sees White1 where he stands, not his run
    g = runner_duel(m, [], [Move((RUN[-1],)), Def(), Def(), Def()])
    (lost,) = g.of(ev.ShotLost, shooter="B1")
    assert "no point of the run" in lost.reason
    assert not g.of(ev.ShotResolved)


def test_r8_3_r8_5_run_angle_and_sweep_at_a_runner():
    m = measurer().see(B1, W1, *RUN)
    m.run_angles[B1] = 20.0  # +3
    m.sweeps[B1] = (touch("tall", "cylinder"), touch("cw1", "cylinder"))  # his start cover is left out
    g = runner_duel(m, [2], [Move((RUN[-1],)), Def(), Def(), Def()])
    e = g.shot("B1")
    assert dict(e.shot_parts) == {"simple": 10, "run angle": 3, "sweep crosses tall (high)": -2}
    assert dict(e.target_parts) == {"MOV": 10, "4 vulnerable": 0}


# == §9 dodge and boulets ====================================================================================
def test_r9_1_r9_2_one_die_for_def_1_then_out():
    g = b1_shoots_w1(measurer().see(B1, W1), [20, 1, 3], w1_kw={"def_count": 1})  # margin 6 (15 needs 16)
    g.play(Dodge("white"))
    assert g.of(ev.DodgeRolled)[-1].margin_left == 3  # one die only
    assert g.of(ev.Eliminated, player="W1")


def test_r9_2_no_def_no_dodge():
    g = b1_shoots_w1(measurer().see(B1, W1), [15])
    (out,) = g.of(ev.Eliminated, player="W1")
    assert "no DEF" in out.reason and g.state.phase != "dodge"


def test_r9_2_two_dice_for_def_3_and_a_6_is_rolled_again():
    g = b1_shoots_w1(measurer().see(B1, W1), [20, 3, 6, 6, 1], w1_kw={"def_count": 3})  # 19 needs 20
    assert g.shot("B1").margin == 4
    g.play(Dodge("white"))
    assert g.of(ev.DodgeRolled)[-1].faces == (6,)  # margin gone: nothing more is rolled
    assert g.dice.remaining == 2
    (d,) = g.of(ev.Dodged, player="W1")
    assert (d.dice, d.boulets) == (1, 1)


def test_r9_2_margin_1_is_dodged_without_rolling_with_one_die_counted():
    g = b1_shoots_w1(measurer().see(B1, W1), [16], w1_kw={"def_count": 1})
    (d,) = g.of(ev.Dodged, player="W1")
    assert d.automatic and d.boulets == 1 and not g.of(ev.DodgeRolled)


def test_r9_3_runner_without_def_after_move_cannot_dodge():
    m = measurer().see(B1, W1, *RUN)
    g = runner_duel(m, [15], [Def(), Def(), Def(), Move((RUN[-1],))])
    (out,) = g.of(ev.Eliminated, player="W1")
    assert "no DEF after his move" in out.reason


def test_r9_3_runner_with_def_after_move_dodges_with_that_sequences_dice():
    m = measurer().see(B1, W1, *RUN)
    g = runner_duel(m, [15, 1, 1], [Move((RUN[-1],)), Def(), Def(), Def()], w1_kw={"def_count": 0})
    assert g.state.phase == "dodge"
    g.play(Dodge("white"), Dodge("white"))  # DEF 3 in the sequence: 2 dice; margin 5 - 2 = 3
    assert len(g.of(ev.DodgeRolled)) == 2 and g.of(ev.Eliminated, player="W1")


def test_r9_3_a_supported_def_after_the_move_is_2_def_two_dice():
    m = measurer().see(B1, W1, *RUN)
    g = runner_duel(m, [15, 1, 1], [Move((RUN[-1],)), Def(), Support()], w1_kw={"def_count": 0})
    assert g.p("W1").def_count == 2
    g.play(Dodge("white"), Dodge("white"))  # margin 5: two dice of 1 fall short
    assert len(g.of(ev.DodgeRolled, player="W1")) == 2 and g.of(ev.Eliminated, player="W1")


def test_r9_4_boulets_1_for_one_die_4_for_two_dice():
    g = b1_shoots_w1(measurer().see(B1, W1), [20, 3, 2, 5], w1_kw={"def_count": 2})  # margin 6
    g.play(Dodge("white"), Dodge("white"))
    assert g.p("W1").boulets == 4
    g1 = b1_shoots_w1(measurer().see(B1, W1), [20, 3, 6], w1_kw={"def_count": 2})  # 6 dodges at once
    g1.play(Dodge("white"))
    assert g1.p("W1").boulets == 1


def test_r9_4_clearing_4_boulets_keeps_def_1():
    g = Game(measurer(), [standard("B1", boulets=4, def_count=3), standard("W1")])
    g.orders({"B1": 1}, {"W1": 2})
    g.declare("B1", ClearBoulet(), ClearBoulet(), ClearBoulet(), ClearBoulet())
    (c,) = g.of(ev.BouletsCleared)
    assert (c.count, c.def_count) == (4, 1)
    assert (g.p("B1").boulets, g.p("B1").def_count) == (0, 1)


def test_r9_4_clearing_one_boulet_then_his_own_def():
    g = Game(measurer(), [standard("B1", boulets=1, def_count=3), standard("W1")])
    g.orders({"B1": 1}, {"W1": 2})
    g.declare("B1", ClearBoulet(), Def(), Def())
    assert (g.p("B1").boulets, g.p("B1").def_count) == (0, 2)


def test_r9_5_after_clearing_his_boulet_he_sees_and_shoots_again():
    g = Game(measurer().see(B1, W1), [standard("B1", boulets=1), standard("W1")], [2])
    g.orders({"B1": 1}, {"W1": 2})
    assert g.why(Declare("B1", "standing", (ClearBoulet(), Shot("W1"), Def()), "cb1", "left")) is None
    g.declare("B1", ClearBoulet(), Shot("W1"), Def())
    assert g.shot("B1").roll == 2


def test_r9_5_boulets_remove_his_token_at_once():
    m = measurer().see(W1, B1)
    b1 = standard("B1", def_count=1, token=Token("W2", "left", W2))
    g = Game(m, [b1, standard("W1"), standard("W2")], [19, 4])  # 10 vs 15 needs 16: margin 4
    g.orders({"B1": 2}, {"W1": 1, "W2": 3})
    g.declare("W1", Shot("B1"), Def(), Def(), Def())
    g.play(Dodge("blue"))
    assert g.p("B1").boulets == 1 and g.p("B1").token is None
    assert g.of(ev.TokenRemoved, player="B1")


def test_r9_5_a_player_with_boulets_has_no_fov_no_interactive_fire():
    for boulets, reacts in ((0, True), (1, False)):
        m = measurer().see(W1, B1).see(B1, W1)
        g = Game(m, [standard("B1", boulets=boulets), standard("W1")], [2])
        g.orders({"B1": 2}, {"W1": 1})
        g.declare("W1", Shot("B1"), Def())
        assert (g.state.phase == "react") == reacts
        if not reacts:
            assert g.of(ev.NoReaction, team="blue")


def test_r9_6_weakened_position_plus_1_from_another_segment():
    far = (0, -6)
    m = measurer().see(B1, W1)
    m.angles[(W1, B1)] = 40.0  # segment 2; the shooter who forced his dodge was in segment 0
    g = b1_shoots_w1(m, [2], w1_kw={"weakened_from": far})
    assert dict(g.shot("B1").shot_parts) == {"simple": 10, "angle": 2, "weakened position": 1}
    m.angles[(W1, far)] = 45.0  # the same segment as now: no bonus
    g2 = b1_shoots_w1(m, [2], w1_kw={"weakened_from": far})
    assert "weakened position" not in dict(g2.shot("B1").shot_parts)


def test_r9_6_weakened_position_ends_at_his_next_activation():
    m = measurer().see(B1, W1)
    m.angles[(W1, B1)] = 40.0
    g = Game(m, [standard("B1"), standard("W1", weakened_from=(0, -6))], [2])
    g.orders({"B1": 2}, {"W1": 1})
    g.rest("W1")
    g.declare("B1", Shot("W1"))
    assert "weakened position" not in dict(g.shot("B1").shot_parts)


def test_r9_7_second_dodge_one_die_and_1_boulet_becomes_4():
    g = b1_shoots_w1(measurer().see(B1, W1), [20, 3, 6], w1_kw={"def_count": 2, "boulets": 1})
    dodge = g.state.resolution.dodge
    assert dodge.allowed == 1
    g.play(Dodge("white"))
    assert g.p("W1").boulets == 4


def test_r9_7_a_boulet_limits_the_dodge_to_one_die_it_gives_none_without_def():
    """B p.23: « n'aura droit qu'à 1 D6, même s'il a 4 def »: a limit. A player with 0 DEF carrying a
    boulet (a fumble's technical problem) has no die (RULES 9.2): the hit eliminates him."""
    g = b1_shoots_w1(measurer().see(B1, W1), [20, 3], w1_kw={"def_count": 0, "boulets": 1})
    assert g.state.resolution is None or g.state.resolution.dodge is None
    assert g.of(ev.Eliminated, player="W1")


def test_r9_6_a_second_dodge_keeps_the_first_shooters_direction():
    """B p.23: « tous les tirs à venir provenant d'un angle différent de celui dont est venu le premier
    tir »: dodging again (1 boulet into 4) does not move the weakened position's reference."""
    first = (0, -6)
    g = b1_shoots_w1(measurer().see(B1, W1), [20, 3, 6],
                     w1_kw={"def_count": 2, "boulets": 1, "weakened_from": first})
    g.play(Dodge("white"))
    assert g.p("W1").boulets == 4 and g.p("W1").weakened_from == first


def test_r9_7_with_4_boulets_no_dodge():
    g = b1_shoots_w1(measurer().see(B1, W1), [20, 3], w1_kw={"def_count": 2, "boulets": 4})
    (out,) = g.of(ev.Eliminated, player="W1")
    assert "4 boulets" in out.reason
