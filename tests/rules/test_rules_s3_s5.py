"""RULES §3 (cover, side, field of vision), §4 (structure of a turn) and §5 (actions): one test per
rule, each failing if the engine stopped applying it. The scripted measurer gives the geometry."""

from __future__ import annotations

import re

import pytest

from paintcheck.rules import events as ev
from paintcheck.rules.actions import (
    AssignOrders,
    Clean,
    ClearBoulet,
    Declare,
    Def,
    Dump,
    IllegalActionError,
    Move,
    Reload,
    Shot,
    SideChange,
    Support,
)
from paintcheck.rules.legality import start_stances
from tests.rules.harness import B1, W1, Game, measurer, player, standard

OPEN_W = (8, 3)  # no obstacle around


def shoot_once(m, target, dice, blue_kw=None):
    """Blue1 (round 1, alone) fires one shot at White1 ``target``; White1 plays in round 2."""
    g = Game(m, [standard("B1", **(blue_kw or {})), standard("B2"), target], dice)
    g.orders({"B1": 1, "B2": 3}, {"W1": 2})
    g.declare("B1", Shot("W1"), Def(), Def(), Def())
    return g


# == §3 ================================================================================================
def test_r3_2_cover_gives_the_obstacles_protection():
    m = measurer().see(B1, W1)
    g = shoot_once(m, standard("W1"), [2])
    assert dict(g.shot("B1").target_parts) == {"cylinder standing": 10}


def test_r3_2_no_cover_is_natural_protection_4_and_def_adds_to_it():
    m = measurer().see(B1, OPEN_W)
    g = shoot_once(m, player("W1", OPEN_W, def_count=1), [2])
    e = g.shot("B1")
    assert dict(e.target_parts) == {"no cover": 4, "1 DEF": 5} and e.target_value == 9


def test_r3_2_cover_must_be_next_to_him_and_named():
    g = Game(measurer(), [standard("B1"), standard("W1")])
    g.orders({"B1": 1}, {"W1": 2})
    assert "not next to him" in g.why(Declare("B1", "standing", (Def(),), "cw1", "left"))
    assert "say which cover" in g.why(Declare("B1", "standing", (Def(),), None, None))
    assert g.why(Declare("B1", "standing", (Def(),), "cb1", "left")) is None


def test_r3_3_over_only_on_low_obstacles():
    m = measurer().add("sr", "rocket_small", (9, -5))  # also next to Blue1
    g = Game(m, [standard("B1"), standard("W1")])
    g.orders({"B1": 1}, {"W1": 2})
    assert "too high to play over" in g.why(Declare("B1", "standing", (Def(),), "cb1", "over"))
    assert g.why(Declare("B1", "kneeling", (Def(),), "sr", "over")) is None


def test_r3_4_r3_5_shot_at_a_target_out_of_his_fov_is_refused():
    g = Game(measurer(), [standard("B1"), standard("W1")])
    g.orders({"B1": 1}, {"W1": 2})
    assert "out of his field of vision" in g.why(Declare("B1", "standing", (Shot("W1"),), "cb1", "left"))
    g.m.see(B1, W1)
    assert g.why(Declare("B1", "standing", (Shot("W1"),), "cb1", "left")) is None


# == §4 ================================================================================================
def four_players(dice=()) -> Game:
    return Game(measurer(), [standard(p) for p in ("B1", "B2", "W1", "W2")], dice)


@pytest.mark.parametrize("orders, words", [
    ((("B1", 1), ("B2", 1)), "once"),
    ((("B1", 1), ("B2", 6)), "1 to 5"),
    ((("B1", 0), ("B2", 2)), "1 to 5"),
    ((("B1", 1),), "B2 has none"),
    ((("B1", 1), ("B2", 2), ("B3", 3)), "not one of your players"),
    ((("B1", 1), ("B1", 2), ("B2", 3)), "two order tokens"),
])
def test_r4_2_order_tokens_distinct_1_to_5_for_every_player(orders, words):
    g = four_players()
    reason = g.why(AssignOrders("blue", orders))
    assert reason and words in reason
    with pytest.raises(IllegalActionError):
        g.play(AssignOrders("blue", orders))


def test_r4_2_gaps_are_allowed():
    g = Game(measurer(), [standard(p) for p in ("B1", "B2", "B3", "W1")])
    assert g.why(AssignOrders("blue", (("B1", 2), ("B2", 4), ("B3", 5)))) is None


def test_r4_3_rounds_skip_gaps_and_the_turn_ends_when_all_are_activated():
    g = four_players([1, 2])  # round 2: who speaks first
    g.orders({"B1": 2, "B2": 5}, {"W1": 2, "W2": 4})
    assert g.state.round == 2 and g.state.active == {"blue": "B1", "white": "W1"}
    g.rest("B1")
    g.rest("W1")
    assert g.state.round == 4 and g.state.active == {"white": "W2"}
    g.rest("W2")
    assert g.state.round == 5 and g.state.active == {"blue": "B2"}
    g.rest("B2")
    assert [e.round for e in g.of(ev.TokensRevealed)] == [2, 4, 5]
    assert g.of(ev.TurnStarted) and g.state.turn == 3 and g.state.phase == "orders"
    assert not any(p.activated for p in g.state.players.values())


def test_r4_4_fewer_players_speaks_first():
    g = Game(measurer(), [standard(p) for p in ("B1", "W1", "W2")])
    g.orders({"B1": 1}, {"W1": 1, "W2": 2})
    assert g.state.speakers == ["blue", "white"] and g.to_move() == "blue"
    (s,) = g.of(ev.SpeakingOrder)
    assert "fewer players" in s.reason
    assert g.dice.used == 0


@pytest.mark.parametrize("dice, first", [([2, 5], "blue"), ([6, 1], "white"), ([3, 3, 4, 4, 5, 1], "white")])
def test_r4_4_equal_numbers_lower_d6_speaks_first_ties_rerolled(dice, first):
    g = Game(measurer(), [standard(p) for p in ("B1", "W1")], dice)
    g.orders({"B1": 1}, {"W1": 1})
    assert g.state.speakers[0] == first and g.to_move() == first
    assert g.dice.remaining == 0


def test_r4_4_r9_5_a_player_with_boulets_makes_his_coach_speak_first():
    g = Game(measurer(), [standard("B1", boulets=1), standard("B2"), standard("W1")])
    g.orders({"B1": 1, "B2": 2}, {"W1": 1})  # White has fewer players, but Blue1 carries a boulet
    assert g.state.speakers == ["blue", "white"]
    assert "boulets" in g.of(ev.SpeakingOrder)[0].reason


def test_r4_5_the_other_coach_declares_after_the_first():
    g = Game(measurer(), [standard(p) for p in ("B1", "W1", "W2")])
    g.orders({"B1": 1}, {"W1": 1, "W2": 2})
    assert "white's turn" not in (g.why(Declare("B1", "standing", (Def(),), "cb1", "left")) or "")
    assert "blue's turn" in g.why(Declare("W1", "standing", (Def(),), "cw1", "left"))
    g.rest("B1")
    assert g.to_move() == "white"


# == §5 ================================================================================================
def blue_first(m=None, players=None) -> Game:
    """Blue1 activated alone in round 1, ready to declare."""
    g = Game(m or measurer(), players or [standard("B1"), standard("B2"), standard("W1")])
    g.orders({"B1": 1, "B2": 2}, {"W1": 3})
    return g


def why_b1(g, *actions, posture="standing", cover="cb1", side="left"):
    return g.why(Declare("B1", posture, tuple(actions), cover, side))


def test_r5_1_four_action_points():
    g = blue_first()
    assert "costs 5 action points" in why_b1(g, Def(), Def(), Def(), Def(), Def())
    assert why_b1(g, Def(), Def(), Def(), Def()) is None


def test_r5_1_one_move_per_activation():
    g = blue_first()
    assert "one move" in why_b1(g, Move(((8, -5),)), Move(((7, -5),)))


def test_r5_1_move_cost_by_length():
    start = (1, -6)
    g = blue_first(players=[player("B1", start), standard("B2"), standard("W1")])

    def why(*actions):
        return why_b1(g, *actions, cover=None, side=None)

    assert why(Move(((1, -2),)), Def(), Def(), Def()) is None  # 4 points: 1 action
    assert "costs 5" in why(Move(((1, -1),)), Def(), Def(), Def())  # 5 points: 2 actions
    assert why(Move(((1, -1),)), Def(), Def()) is None
    assert why(Move(((1, 2),)), Def(), Def()) is None  # 8 points: 2 actions
    assert "costs 5" in why(Move(((1, 3),)), Def(), Def())  # 9 points: 3 actions
    assert why(Move(((1, 6),)), Def()) is None  # 12 points: 3 actions


def test_r5_1_a_move_is_at_most_12_points():
    g = blue_first(players=[player("B1", (1, -6)), standard("B2"), standard("W1")])
    assert "at most 12" in why_b1(g, Move(((1, 7),)), cover=None, side=None)


def test_r5_1_r2_4_path_through_an_obstacle_is_refused():
    g = blue_first()
    reason = why_b1(g, Move(((8, -8),)))
    assert "through an obstacle at " in reason
    assert re.search(r"at (B:|W:)?[A-Q]\d+$", reason), reason  # the coach's coordinates, not a tuple


def test_r5_1_r2_4_path_through_a_figure_is_refused():
    g = blue_first()
    assert "through B2's point" in why_b1(g, Move(((2, -6),)))


def test_r2_4_a_steppable_end_may_be_passed_but_not_ended_on():
    m = measurer().add("lc", "cylinder_lying", (6, -4))
    g = blue_first(m, [player("B1", (7, -4), "lc"), standard("W1")])
    assert "through an obstacle" in why_b1(g, Move(((5, -4),)), cover="lc")
    m.steppable.add((6, -4))
    assert why_b1(g, Move(((5, -4),), "lc", "left"), cover="lc") is None
    assert "cannot end on an obstacle" in why_b1(g, Move(((6, -4),)), cover="lc")


def test_r5_1_one_shot_per_target():
    g = blue_first(measurer().see(B1, W1))
    assert "one shot per target" in why_b1(g, Shot("W1"), Shot("W1"))


def test_r5_1_a_support_follows_a_supportable_action():
    g = blue_first(measurer().see(B1, W1))
    assert "a support follows" in why_b1(g, Support(), Def())
    assert "a support follows" in why_b1(g, SideChange("right"), Support())
    assert why_b1(g, Def(), Support(), Support(), Shot("W1")) is None
    assert why_b1(g, Shot("W1"), Support(), Support(), Support()) is None


def test_r5_1_side_change_only_behind_a_narrow_obstacle():
    m = measurer().add("pyr", "pyramid", (3, -2))
    g = blue_first(m, [standard("B1"), player("B2", (3, -3), "pyr"), standard("W1")])
    assert why_b1(g, SideChange("right")) is None  # an upright cylinder
    assert "already plays left" in why_b1(g, SideChange("left"))
    g.rest("B1")
    reason = g.why(Declare("B2", "standing", (SideChange("right"),), "pyr", "left"))
    assert "at most 1 point wide" in reason


def test_r5_1_no_side_change_without_cover():
    g = blue_first(players=[player("B1", (1, -2)), standard("W1")])
    assert "at most 1 point wide" in why_b1(g, SideChange("right"), cover=None, side=None)


KEPT = "he plays left: changing side costs a SIDE action"


def test_r5_1_the_side_played_is_kept_at_declaration_behind_the_same_cover():
    """RULES 5.1 (a side change is an action, behind an obstacle at most 1 point wide [B p.16]) and
    docs/rules-decisions.md "Side played": another side declared behind the cover he already has is
    refused, narrow or wide, over included; the SIDE action is the way, where it is allowed. Another
    adjacent cover (RULES 3.2), or a first side, is still chosen freely."""
    g = blue_first()
    assert KEPT in why_b1(g, Def(), side="right")  # an upright cylinder: narrow
    assert why_b1(g, SideChange("right"), Def()) is None
    with pytest.raises(IllegalActionError, match=KEPT):
        g.declare("B1", Def(), side="right")
    g.rest("B1")
    assert g.p("B1").side == "left"
    m = measurer().add("pyr", "pyramid", (8, -5))  # wide: no way round but a move
    g = blue_first(m, [standard("B1", cover="pyr"), standard("W1")])
    assert KEPT in why_b1(g, Def(), cover="pyr", side="right")
    m = measurer().add("lc", "cylinder_lying", (8, -5))  # low: over is a side too
    g = blue_first(m, [standard("B1", cover="lc"), standard("W1")])
    assert KEPT in why_b1(g, Def(), cover="lc", side="over")
    g = blue_first(m, [standard("B1", cover="lc", side="over"), standard("W1")])
    assert "he plays over:" in why_b1(g, Def(), cover="lc", side="left")
    assert why_b1(g, Def(), cover="lc", side="over") is None
    # RULES 3.2 (the coach chooses among adjacent covers): the side kept is the side behind his
    # own cover; behind another adjacent obstacle, or with no side yet, any side goes
    m = measurer().add("pyr", "pyramid", (9, -5))
    g = blue_first(m, [standard("B1"), standard("W1")])
    assert KEPT in why_b1(g, Def(), side="right")
    assert why_b1(g, Def(), cover="pyr", side="right") is None
    g = blue_first(m, [player("B1", B1), standard("W1")])  # next to cb1, no side played yet
    assert why_b1(g, Def(), side="right") is None


def test_r5_1_start_stances_are_the_engines():
    """RULES 5.1: the stances a player may declare at his activation's start, asked by every
    producer of declarations (coaches, window), are those the engine accepts."""
    m = measurer().add("lc", "cylinder_lying", (9, -5))
    g = blue_first(m, [player("B1", B1, "cb1", "right"), standard("W1")])
    stances = start_stances(g.state, g.m, "B1")
    assert stances == (("cb1", "right"), ("lc", "left"), ("lc", "right"), ("lc", "over"))
    for cover, side in [(c, s) for c in ("cb1", "lc") for s in ("left", "right", "over")]:
        accepted = why_b1(g, Def(), cover=cover, side=side) is None
        assert accepted == ((cover, side) in stances), (cover, side)
    g = blue_first(players=[player("B1", (1, -2)), standard("W1")])
    assert start_stances(g.state, g.m, "B1") == ((None, None),)


def test_r5_1_r7_5_no_shot_while_reloading_until_reloaded():
    g = blue_first(measurer().see(B1, W1), [standard("B1", reload=True), standard("W1")])
    assert "must reload" in why_b1(g, Shot("W1"))
    assert "must reload" in why_b1(g, Shot("W1"), Reload())
    assert why_b1(g, Reload(), Shot("W1"), Def()) is None


def test_r5_1_r7_5_no_shot_with_a_dead_gun():
    g = blue_first(measurer().see(B1, W1), [standard("B1", gun="broken"), standard("W1")])
    assert "gun is dead" in why_b1(g, Shot("W1"))
    assert "gun is dead" in why_b1(g, Dump("W1"))


def test_r5_1_r9_4_boulets_are_cleared_first():
    g = blue_first(players=[standard("B1", boulets=1), standard("W1")])
    assert "must clear them" in why_b1(g, Def(), ClearBoulet())
    assert why_b1(g, ClearBoulet(), Def(), Def(), Def()) is None
    g4 = blue_first(players=[standard("B1", boulets=4), standard("W1")])
    assert "first 4 action(s) must clear" in why_b1(g4, ClearBoulet(), ClearBoulet(), ClearBoulet(), Def())
    g0 = blue_first()
    assert "only boulets he carries" in why_b1(g0, ClearBoulet())


def test_r5_1_dump_only_within_2_points():
    for blue, white, ok in (((8, -2), (8, 0), True), ((7, -2), (9, 0), True), ((8, -3), (8, 0), False)):
        g = blue_first(players=[player("B1", blue), player("W1", white)])
        reason = why_b1(g, Dump("W1"), Support(), cover=None, side=None)
        assert (reason is None) == ok, reason  # 8-neighbour steps: a diagonal step counts 1
        if not ok:
            assert "within 2 points" in reason


def test_r5_1_clean_and_reload_only_when_needed():
    g = blue_first()
    assert "only messy paint" in why_b1(g, Clean())
    assert "does not need reloading" in why_b1(g, Reload())
    g2 = blue_first(players=[standard("B1", messy=True, reload=True), standard("W1")])
    assert why_b1(g2, Clean()) is None and why_b1(g2, Reload(), Def(), Def()) is None
    assert "costs 5" in why_b1(g2, Clean(), Reload())


def test_r5_1_r6_2_def_count_lasts_until_his_next_activation():
    g = blue_first()
    g.declare("B1", Def(), Def(), Support(), Def())
    assert g.p("B1").def_count == 4  # 3 DEF actions and a support of one: "4 DEF" (B p.11)
    (w,) = [e for e in g.of(ev.SequenceDeclared) if e.player == "B1"]
    assert w.cost == 4
