"""RULES-unpourun 6.8 and 10.1 through the engine's door: tests triggered at one moment are taken one at a
time, each player ordering his own (a decision, ``TakeTest``); each test, with the forced move it calls for
and the tests that move triggers, is finished before the next; tied nearest enemies are the owner's
choice."""

from __future__ import annotations

import pytest

from paintcheck.unpourun import actions as a
from paintcheck.unpourun.bands import Options
from paintcheck.unpourun.state import Phase
from tests.unpourun.upu_world import CHEF, SC, SF, World, band, fig, rect, table


def test_r10_1_tied_nearest_enemies_the_owner_chooses_which_to_test_for():
    at = {"A2": (10.0, 10.0), "B1": (6.0, 21.0), "B2": (14.0, 21.0)}  # B1, B2 as near to (10, 11)
    w = World(band(fig(CHEF), fig(SF, ranged=("fusil",))), band(fig(CHEF), fig(SC)), at, "A2")
    w.s.seen = frozenset()
    w.do(a.Walk(((10.0, 11.0),)))  # A2 newly sees the chef B1 and the sous-chef B2, tied nearest (6.6)
    assert w.s.phase == Phase.ORDER and w.s.mover == "A"
    assert w.s.choices == (("A2", "B1"), ("A2", "B2"))
    assert w.why(a.TakeTest("A2", "B3")).key == "unpourun_rules.refusal.not_a_choice"
    w.do(a.TakeTest("A2", "B2"), 2, 2)  # A2 passes (Cd 6): its free shot nominates the enemy chosen
    assert w.s.phase == Phase.FREE_SHOT and w.s.free_shot == ("A2", "B2")


def test_r6_8_a_failed_test_withdraws_and_its_sightings_are_tested_before_the_next_test():
    wall = table(("impassable", 3, rect(4.0, 20.5, 6.0, 21.5)))  # hides A2 at (2, 22) from B1 at (10, 20)
    at = {"A1": (10.0, 10.0), "A2": (2.0, 22.0), "B1": (10.0, 20.0), "B2": (11.0, 20.0)}
    w = World(band(fig(SF, ranged=("mitraillette",)), fig(CHEF)), band(fig(SF), fig(SF)), at, "A1", wall)
    w.s.seen = w.s.seen - {("B1", "A2"), ("A2", "B1")}
    w.do(a.Shoot("mitraillette", "B1"), 2, 2)  # two targets, both missed (4+): both B's figures test (6.7)
    assert w.s.phase == Phase.ORDER and w.s.mover == "B" and w.s.choices == (("B1", ""), ("B2", ""))
    w.do(a.TakeTest("B1"), 6, 6, 6)  # B1 first: 12 fails (Cd 6 + 1 ally); it withdraws 1d3 = 3
    assert w.s.phase == Phase.WITHDRAW and w.s.withdraw[0] == "B1"
    assert not any(e.get("figure") == "B2" for e in w.events if e.kind.startswith("test"))  # not yet
    w.do(a.Withdraw(()), 2, 2, 2, 2)  # to (10, 23): B1 now sees the chef A2 and tests, then B2's test
    tests = [(e.get("purpose"), e.get("figure")) for e in w.events if e.kind.startswith("test")]
    assert tests == [("seeing", "B1"), ("being_shot", "B2")]
    assert w.s.phase == Phase.ACTIVATION and w.s.mover == "A" and not w.s.queue


def test_r6_8_a_shots_withdrawal_comes_before_the_next_figures_test():
    at = {"A1": (10.0, 10.0), "A2": (12.0, 14.0), "B2": (10.0, 14.0)}
    w = World(band(fig(CHEF, ranged=("grenade",)), fig(SF)), band(), at, "A1")
    # a hit on B2 (2+); the blast also hits A2; no damage; the first player's A2 tests first and fails
    w.do(a.Shoot("grenade", "B2"), 6, 1, 1, 6, 6, 6)
    assert w.s.phase == Phase.WITHDRAW and w.s.mover == "A" and w.s.withdraw[0] == "A2"
    assert [e.get("figure") for e in w.events if e.kind.startswith("test")] == ["A2"]  # B2 waits
    w.do(a.Withdraw(()), 2, 2)  # A2 withdraws 3, then B2 takes its test
    assert [e.kind for e in w.events if e.kind in ("withdrew", "test_passed")] == ["withdrew", "test_passed"]
    assert w.s.phase == Phase.ACTIVATION


def test_r4_3_r10_1_a_tie_for_the_first_target_is_the_owners_choice():
    """4.3 « the targets' owner breaks ties », 10.1: B1 and B2, one group, both 10.01 from A1: B's player
    names target 1, the other is target 2."""
    quiet = Options(passive=frozenset())
    at = {"A1": (10.0, 10.0), "B1": (9.5, 20.0), "B2": (10.5, 20.0)}
    w = World(band(fig(SF, ranged=("mitraillette",))), band(fig(SF), fig(SF)), at, "A1", options=quiet)
    w.do(a.Shoot("mitraillette", "B1"))  # no die yet: the owner is asked first
    assert w.s.phase == Phase.TARGET and w.s.mover == "B" and w.s.aim.tied == ("B1", "B2")
    assert not any(e.kind == "shot" for e in w.events)
    assert w.why(a.ChooseTarget("B3")).key == "unpourun_rules.refusal.not_tied"
    assert w.why(a.Shoot("mitraillette", "B1")).key == "unpourun_rules.refusal.not_now"
    w.do(a.ChooseTarget("B2"), 2, 2)  # both missed (4+)
    assert next(e for e in w.events if e.kind == "shot").get("targets") == ("B2", "B1")
    assert w.s.phase == Phase.ACTIVATION and w.s.mover == "A" and w.s.aim is None


def test_r4_3_r10_1_a_tie_for_a_next_target_is_the_owners_choice():
    """4.3: target 1 is B1, nearest; B2 and B3, both within 1 of it, tie for target 2: B's player
    chooses, and the third is the one left."""
    quiet = Options(passive=frozenset())
    at = {"A1": (10.0, 10.0), "B1": (10.0, 19.0), "B2": (9.2, 20.1), "B3": (10.8, 20.1)}
    w = World(band(fig(SF, ranged=("mitraillette",))), band(fig(SF), fig(SF), fig(SF)), at, "A1",
              options=quiet)
    w.do(a.Shoot("mitraillette", "B2"))
    assert w.s.phase == Phase.TARGET and w.s.mover == "B"
    assert (w.s.aim.chosen, w.s.aim.tied) == (("B1",), ("B2", "B3"))
    assert w.why(a.ChooseTarget("B1")).key == "unpourun_rules.refusal.not_tied"  # chosen already
    w.do(a.ChooseTarget("B3"), 2, 2, 2)  # all missed (4+)
    assert next(e for e in w.events if e.kind == "shot").get("targets") == ("B1", "B3", "B2")
    assert next(e for e in w.events if e.kind == "target_chosen").values == (
        ("figure", "A1"), ("target", "B3"), ("player", "B"))


def test_r4_3_no_tie_no_question_and_the_text_forms():
    """4.3: distinct distances: the shot is fired at once, nobody asked; a Shoot names no order of its
    own any more (10.1: ties are the owner's), the owner's choice reads ``TARGET <figure>``."""
    quiet = Options(passive=frozenset())
    at = {"A1": (10.0, 10.0), "B1": (10.0, 19.0), "B2": (11.2, 19.5)}
    w = World(band(fig(SF, ranged=("mitraillette",))), band(fig(SF), fig(SF)), at, "A1", options=quiet)
    w.do(a.Shoot("mitraillette", "B2"), 2, 2)
    assert next(e for e in w.events if e.kind == "shot").get("targets") == ("B1", "B2")
    assert w.s.phase == Phase.ACTIVATION and w.s.aim is None
    assert a.parse(a.text(a.ChooseTarget("B2"))) == a.ChooseTarget("B2") and a.text(a.ChooseTarget("B2")) \
        == "TARGET B2"
    with pytest.raises(ValueError):
        a.parse("SHOOT mitraillette B1 B2,B1")


def test_r10_1_r8_4_a_routing_figure_between_two_nearest_edges_goes_to_the_owners():
    w = World(band(), band(), {"A1": (10.0, 10.0)}, "A1", pa=1)  # the chef, 10 from A's edge and the left
    w.set("A1", routing=True, routing_since=0)
    assert w.why(a.RoutMove((), "right")).key == "unpourun_rules.refusal.rout_edge"
    w.do(a.RoutMove((), "left"))  # Mvt 9 with 1 PA, perpendicular to the left edge
    assert w.f("A1").pos == (1.0, 10.0)
    assert a.parse("ROUT left") == a.RoutMove((), "left")
