"""RULES-unpourun §1 and §3 through the engine's door: distance and contact, sight, deployment,
initiative and waves, PA, moving, no chained moves, charge, strike, rondache, flee, médikit."""

from __future__ import annotations

from dataclasses import replace

from paintcheck.rules.dice import ScriptedDice
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.bands import Options
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.measurer import Measurer
from paintcheck.unpourun.setup import new_match
from paintcheck.unpourun.state import Phase, Status
from paintcheck.unpourun.terrain import OPEN_TABLE
from tests.unpourun.upu_world import CHEF, SF, World, band, fig, rect, table

QUIET = Options(passive=frozenset())  # no passive test rolls dice unless a test asks for them


def test_r1_4_distances_are_edge_to_edge():
    # a chef (CT 3+) with a pistolet (PC 6): centres 7 apart is d = 6, short range: 2+
    w = World(
        band(fig(CHEF, ranged=("pistolet",))), band(), {"A1": (10, 10), "B2": (10, 17)}, "A1", options=QUIET
    )
    w.do(a.Shoot("pistolet", "B2"), 2, 1)  # to hit 2 (hits), damage 1 (never)
    assert [e.get("need") for e in w.events if e.kind in ("hit", "missed")] == [2]
    w2 = World(
        band(fig(CHEF, ranged=("pistolet",))), band(), {"A1": (10, 10), "B2": (10, 17.2)}, "A1", options=QUIET
    )
    w2.do(a.Shoot("pistolet", "B2"), 2)  # d = 6.2: medium, 3+: the 2 misses
    assert [e.get("need") for e in w2.events if e.kind in ("hit", "missed")] == [3]


def test_r1_5_contact_engages_within_a_tenth():
    w = World(band(), band(), {"A1": (10, 10), "B1": (10, 11.1)}, "A1")
    assert w.why(a.Walk(((5.0, 5.0),))).key == "unpourun_rules.refusal.engaged"
    w = World(band(), band(), {"A1": (10, 10), "B1": (10, 11.15)}, "A1")
    assert w.why(a.Walk(((5.0, 5.0),))) is None


def test_r1_8_line_of_sight_hides_behind_a_tall_wall():
    low = table(("impassable", 1, rect(4, 9, 6, 11)))
    high = table(("impassable", 2, rect(4, 9, 6, 11)))
    at = {"A1": (0.5, 10.0), "B2": (10.5, 10.0)}
    assert (
        World(band(fig(CHEF, ranged=("fusil",))), band(), at, "A1", low).why(a.Shoot("fusil", "B2")) is None
    )
    refused = World(band(fig(CHEF, ranged=("fusil",))), band(), at, "A1", high).why(a.Shoot("fusil", "B2"))
    assert refused.key == "unpourun_rules.refusal.cannot_shoot"


def _fresh(bands=None):
    m = Measurer(OPEN_TABLE)
    s = new_match(bands or (band(fig(SF), fig(SF), fig(SF)), band()), Options())
    return Engine(m), s


def test_r1_9_roll_off_the_higher_chooses_the_loser_deploys_first():
    engine, s = _fresh()
    s, events = engine.apply(s, a.RollOff(), ScriptedDice([3, 3, 2, 5]))  # a tie is re-rolled; B wins
    assert (s.phase, s.mover) == (Phase.CHOOSE_ZONE, "B")
    s, _ = engine.apply(s, a.ChooseZone(0), ScriptedDice([]))
    assert s.zones == {"B": 0, "A": 1} and (s.phase, s.mover) == (Phase.DEPLOY, "A")  # A deploys first
    assert engine.why_illegal(s, a.Deploy("A1", (10.0, 5.0))) is not None  # A's zone is y 34-48
    assert engine.why_illegal(s, a.Deploy("A1", (10.0, 13.4))) is not None  # base not wholly in the zone
    assert engine.why_illegal(s, a.Deploy("B1", (10.0, 40.0))).key == "unpourun_rules.refusal.not_yours"
    assert engine.why_illegal(s, a.Deploy("A1", (10.0, 40.0))) is None


def _deployed(dice):
    """Both bands deployed (A: 3 sous-fifres and a chef, B: a chef and a sous-fifre); the last deployment
    starts turn 1 with ``dice`` (initiative, then the first wave)."""
    engine, s = _fresh()
    s, _ = engine.apply(s, a.RollOff(), ScriptedDice([5, 2]))
    s, _ = engine.apply(s, a.ChooseZone(0), ScriptedDice([]))
    for i, f in enumerate(s.band("B")):
        s, _ = engine.apply(s, a.Deploy(f.id, (5.0 + 3 * i, 40.0)), ScriptedDice([]))
    a_band = s.band("A")
    for i, f in enumerate(a_band[:-1]):
        s, _ = engine.apply(s, a.Deploy(f.id, (5.0 + 3 * i, 5.0)), ScriptedDice([]))
    dice = ScriptedDice(dice)
    s, events = engine.apply(s, a.Deploy(a_band[-1].id, (30.0, 5.0)), dice)
    return engine, s, events


def test_r3_1_initiative_adds_sous_fifres_and_ties_go_to_fewer():
    engine, s, events = _deployed([4, 6, 2])  # A 4 + 3 = 7, B 6 + 1 = 7: B has fewer sous-fifres
    assert s.turn == 1 and s.first == "B"
    engine, s, events = _deployed([1, 2, 2])  # A 1 + 3 = 4, B 2 + 1 = 3: A
    assert s.first == "A"


def test_r3_2_first_wave_activates_up_to_the_die():
    engine, s, _ = _deployed([1, 6, 1])  # B first, its wave die shows 1
    assert (s.phase, s.mover, s.wave, s.wave_left) == (Phase.WAVE, "B", 1, 1)
    s, _ = engine.apply(s, a.Activate("B1"), ScriptedDice([]))
    s, events = engine.apply(s, a.EndActivation(), ScriptedDice([2]))  # B's wave is over: A rolls 2
    assert (s.mover, s.wave, s.wave_left) == ("A", 1, 2)
    s, _ = engine.apply(s, a.StopWave(), ScriptedDice([]))  # A stops early: the second wave, B first
    assert (s.mover, s.wave) == ("B", 2)
    assert engine.why_illegal(s, a.StopWave()).key == "unpourun_rules.refusal.second_wave"
    assert engine.why_illegal(s, a.Activate("B1")).key == "unpourun_rules.refusal.activated"


def test_r3_3_pa_are_spent_and_the_activation_ends():
    w = World(band(), band(), {"A2": (10, 10)}, "A2")  # a sous-fifre: 2 PA
    w.do(a.Run(((10.0, 19.0),)))  # a Run costs 2: nothing is left
    assert w.s.activation is None and "activation_ended" in w.kinds() and w.f("A2").activated
    w = World(band(), band(), {"A1": (10, 10)}, "A1")  # a chef: 3 PA
    w.do(a.Run(((10.0, 23.5),)))
    assert w.s.activation.pa == 1


def test_r3_4_moving_allowance_and_difficult_terrain():
    w = World(band(), band(), {"A2": (10, 10)}, "A2")  # Mvt 6
    assert w.why(a.Walk(((10.0, 16.0),))) is None
    assert w.why(a.Walk(((10.0, 16.1),))).key == "unpourun_rules.refusal.path_too_far"
    wood = table(("difficult", 0, rect(0, 12, 48, 14)))  # 2 pas of wood across the path
    w = World(band(), band(), {"A2": (10, 10)}, "A2", wood)
    assert w.why(a.Walk(((10.0, 16.0),))).key == "unpourun_rules.refusal.path_too_far"  # costs 8
    assert w.why(a.Walk(((10.0, 14.0),))) is None  # 2 + 2 x 2 = 6
    legs = band(fig(SF, equipment=("jambe_cyber", "jambe_cyber")))
    w = World(legs, band(), {"A1": (10, 10)}, "A1", wood)
    assert w.why(a.Walk(((10.0, 18.0),))) is None  # Mvt 8, difficult as open
    wall = table(("impassable", 2, rect(9, 12, 11, 13)))
    w = World(band(), band(), {"A2": (10, 10)}, "A2", wall)
    assert w.why(a.Walk(((10.0, 15.0),))).key == "unpourun_rules.refusal.path_impassable"
    w = World(band(), band(), {"A2": (10, 10), "B2": (10, 14)}, "A2")
    assert w.why(a.Walk(((10.0, 12.95),))).key == "unpourun_rules.refusal.path_contact"
    assert w.why(a.Walk(((10.0, 12.85),))) is None


def test_r3_5_no_walk_directly_after_a_walk():
    w = World(
        band(fig(CHEF, ranged=("fusil",))), band(), {"A1": (10, 10), "B2": (10, 30)}, "A1", options=QUIET
    )
    w.do(a.Walk(((10.0, 12.0),)))
    assert w.why(a.Walk(((10.0, 14.0),))).key == "unpourun_rules.refusal.chained"
    w.do(a.Shoot("fusil", "B2"), 2)  # an action between: a miss
    assert w.why(a.Walk(((10.0, 14.0),))) is None


def test_r3_6_charge_reaches_one_and_a_half_mvt():
    # a chef (Mvt 9) reaches a contact point 13.5 away, not 13.6; the charge ends base to base
    w = World(band(), band(), {"A1": (10, 10), "B1": (10, 24.5)}, "A1")
    assert w.why(a.Charge("B1", ((10.0, 23.5),))) is None
    w2 = World(band(), band(), {"A1": (10, 10), "B1": (10, 24.6)}, "A1")
    assert w2.why(a.Charge("B1", ((10.0, 23.6),))).key == "unpourun_rules.refusal.path_too_far"
    assert w.why(a.Charge("B1", ((10.0, 23.0),))).key == "unpourun_rules.refusal.charge_contact"
    w.do(a.Charge("B1", ((10.0, 23.5),)))  # chef against chef: no passive test
    assert w.f("A1").pos == (10.0, 23.5) and w.engine.board.engaged(w.s, w.f("A1"))
    assert w.s.activation.pa == 2


def test_r3_6_failed_charge_becomes_a_run():
    # B2 (a sous-fifre) fails its being-charged test and steps back 3: contact is now 14 away, more
    # than the chef's 13.5, so the charge fails (3.6 (d))
    w = World(band(), band(), {"A1": (10, 10), "B2": (10, 22)}, "A1")
    w.do(a.Charge("B2", ((10.0, 21.0),)), 6, 6, 5, 6)  # 2d6 12 > Cd 6 + 0; 5: steps back; d3 = 3
    assert w.f("B2").pos == (10.0, 25.0)
    assert w.s.activation.charging == "B2"
    assert w.why(a.Walk(((10.0, 12.0),))).key == "unpourun_rules.refusal.charge_pending"
    assert w.why(a.ChargeMove(((14.0, 10.0),))).key == "unpourun_rules.refusal.charge_away"
    w.do(a.ChargeMove(((10.0, 20.0),)))  # does not reach contact: the failed charge's run
    assert "charge_failed" in w.kinds() and w.s.activation.pa == 1  # 1 + 1 more PA


def test_r3_6_c_a_charger_that_can_still_reach_the_target_moves_into_contact():
    """3.6 (c), (d): « S'il n'arrive pas au contact »: the charge fails only when contact cannot be
    reached; B2 steps back 3 but contact is 12 away (the chef's charge reaches 13.5), so the charger may
    neither stay nor run elsewhere."""
    w = World(band(), band(), {"A1": (10, 10), "B2": (10, 20)}, "A1")
    w.do(a.Charge("B2", ((10.0, 19.0),)), 6, 6, 5, 6)  # B2 fails its test and steps back 3
    assert w.f("B2").pos == (10.0, 23.0) and w.s.activation.charging == "B2"
    for stays in (a.ChargeMove(()), a.ChargeMove(((10.0, 20.0),))):
        assert w.why(stays).key == "unpourun_rules.refusal.charge_reachable"
    w.do(a.ChargeMove(((10.0, 22.0),)))
    assert "charged" in w.kinds() and "charge_failed" not in w.kinds() and w.s.activation.pa == 2
    assert w.engine.board.engaged(w.s, w.f("A1"))


def test_r3_7_strike_on_the_ccc_bounded_to_two():
    w = World(band(), band(), {"A1": (10, 10), "B2": (10, 11)}, "A1")
    w.do(a.Strike("B2"), 4, 6)  # CCC 4+: 4 hits; F 6 against R 2: 6 damages
    assert w.f("B2").pv == 1 and "struck" in w.kinds()
    w.do(a.Strike("B2"), 3)
    assert "strike_missed" in w.kinds()
    w.set("A1", stats=replace(w.f("A1").stats, ccc=1))
    w.do(a.Strike("B2"), 1)  # 1+ is bounded to 2+: the 1 misses
    assert "strike_missed" in w.kinds() and w.f("B2").pv == 1


def test_r3_8_rondache_rerolls_a_hit():
    w = World(band(), band(fig(SF, equipment=("rondache",))), {"A1": (10, 10), "B1": (10, 11)}, "A1")
    w.do(a.Strike("B1"), 5, 2)  # hit, re-rolled: missed
    assert "rondache" in w.kinds() and "strike_missed" in w.kinds()
    w.do(a.Strike("B1"), 5, 6)  # the one rondache is used this turn: the hit stands
    assert "rondache" not in w.kinds() and "struck" in w.kinds()


def test_r3_9_flee_cost_and_where_it_ends():
    at = {"A1": (10, 10), "A3": (8.5, 11), "B2": (10, 11), "B3": (11, 10), "B4": (6.5, 6)}
    a_band = band(fig(CHEF), fig(SF), fig(SF))
    w = World(a_band, band(fig(SF), fig(SF), fig(SF)), at, "A1")
    from paintcheck.unpourun.pa import flee_cost

    assert flee_cost(w.engine.board, w.s, w.f("A1")) == 1  # 2 enemies - 1 ally within 1
    assert w.why(a.Flee(((10.0, 12.5),))).key == "unpourun_rules.refusal.path_overlap"
    assert w.why(a.Flee(((10.0, 9.95),))).key == "unpourun_rules.refusal.flee_contact"  # still engaged
    assert w.why(a.Flee(((7.55, 6.3),))).key == "unpourun_rules.refusal.path_contact"  # touches B4
    assert w.why(a.Flee(((10.0, 8.0), (10.0, 5.5)))) is None  # ½ x 9 = 4.5 reachable
    assert w.why(a.Flee(((10.0, 5.4),))).key == "unpourun_rules.refusal.path_too_far"
    w.do(a.Flee(((10.0, 8.0), (10.0, 5.5))))
    assert w.f("A1").pos == (10.0, 5.5) and w.s.activation.pa == 2


def test_r3_10_medikit_raises_a_friend_hors_de_combat():
    w = World(band(fig(CHEF, equipment=("medikit",))), band(), {"A1": (10, 10), "A2": (10, 11)}, "A1")
    w.set("A2", pv=0, status=Status.HORS)
    assert w.why(a.Medikit("A1")).key == "unpourun_rules.refusal.full_pv"
    w.do(a.Medikit("A2"))
    assert w.f("A2").pv == 1 and w.f("A2").status == Status.FIGHTING and w.f("A1").medikits == 0
    assert w.why(a.Medikit("A2")).key == "unpourun_rules.refusal.no_medikit"


def test_r3_6_example_a_charge_through_two_pas_of_wood():
    wood = table(("difficult", 0, rect(0, 12, 48, 14)))
    w = World(band(), band(), {"A1": (10, 10), "B1": (10, 22.5)}, "A1", wood)
    assert w.why(a.Charge("B1", ((10.0, 21.5),))) is None  # 11.5 of path, 13.5 of cost
    w.set("B1", pos=(10.0, 22.6))
    assert w.why(a.Charge("B1", ((10.0, 21.6),))).key == "unpourun_rules.refusal.path_too_far"


def test_r7_5_each_game_starts_with_full_pv_and_working_weapons():
    engine, s = _fresh()
    assert all(f.pv == f.stats.pv and f.broken == () and f.pos is None for f in s.figures)


def test_r3_11_a_rope_climbs_onto_a_wall_at_two_per_pas_of_height():
    wall = table(("impassable", 2, rect(9, 12, 11, 14)))
    roped = band(fig(CHEF, ranged=("fusil",), equipment=("corde",)))
    w = World(roped, band(), {"A1": (10, 10), "B2": (10, 30)}, "A1", wall, options=QUIET)
    assert w.why(a.Walk(((10.0, 11.0), (10.0, 13.0)))) is None  # 3 of path + 2 x 2 of height = 7 <= 9
    assert w.why(a.Walk(((10.0, 11.0), (10.0, 16.0)))).key == "unpourun_rules.refusal.path_impassable"
    assert w.why(a.Walk(((10.0, 11.0), (10.0, 13.0), (10.0, 14.9), (10.0, 16.0)))).key == \
        "unpourun_rules.refusal.path_too_far"  # and down again, on past the climb: 6 + 8 > 9
    w.do(a.Walk(((10.0, 11.0), (10.0, 13.0))))
    w.do(a.Shoot("fusil", "B2"), 1, 1)  # from above: CT 3, medium range (d 16) 0, above -1: 2+
    assert [e.get("need") for e in w.events if e.kind == "missed"] == [2]
    plain = World(band(), band(), {"A1": (10, 10)}, "A1", wall)
    assert plain.why(a.Walk(((10.0, 11.0), (10.0, 13.0)))).key == "unpourun_rules.refusal.path_impassable"
