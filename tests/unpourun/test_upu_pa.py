"""What a decision costs in PA, written once (``unpourun.pa``), and the moves a figure is waited for
(``legality.move_kinds``): the engine spends exactly ``decision_pa`` on every decision of seeded
random matches, and the prices the rules set are checked one by one (3.4, 3.6, 3.7, 3.9, 3.10, 4.1,
8.4)."""

from __future__ import annotations

from collections import Counter

from paintcheck.rules.dice import Dice
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import legality
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.game import UnpourunGame
from paintcheck.unpourun.pa import decision_pa, flee_cost, kind_pa
from paintcheck.unpourun.state import Phase
from paintcheck.unpourun.table_file import load_table, shipped_tables
from tests.unpourun.upu_playouts import played
from tests.unpourun.upu_world import SF, World, band, fig


def test_the_engine_spends_what_decision_pa_says():
    """Every decision of three seeded random matches on each shipped table."""
    seen: Counter[str] = Counter()
    for path in shipped_tables():
        game = UnpourunGame(load_table(path))
        for s, d, mark in played(game, 41, 3):
            act = s.activation
            if s.phase != Phase.ACTIVATION or act is None or isinstance(d, a.EndActivation):
                continue
            dice = Dice(0)
            dice.back_to(mark)
            after, _ = game.apply(s, d, dice)
            price = decision_pa(game.engine.board, s, s.figure(act.figure), d)
            if after.activation is not None and after.activation.figure == act.figure:
                assert act.pa - after.activation.pa == price, (a.text(d), act.pa, after.activation.pa)
                seen[type(d).__name__] += 1
            else:  # the activation ended: its PA were all spent, or the figure fell
                assert price <= act.pa
    assert {"Walk", "Run", "Shoot", "Strike", "Charge", "Flee"} <= set(seen), seen


def test_the_fixed_prices_are_the_tables():
    assert [kind_pa(k) for k in (a.Walk, a.Run, a.Charge, a.Strike, a.Medikit)] == [
        t.WALK_PA, t.RUN_PA, t.CHARGE_PA, t.STRIKE_PA, t.MEDIKIT_PA]
    assert kind_pa(a.EndActivation) == 0 and kind_pa(a.Withdraw) == 0

    class Walk2(a.Walk):
        pass

    assert kind_pa(Walk2) == t.WALK_PA  # a class derived from one priced is priced alike


def test_r4_1_a_shot_costs_its_weapons_pa():
    w = World(band(fig(SF, ranged=("arc", "arbalete"))), band(), {"A1": (10, 10), "B2": (10, 20)}, "A1")
    b, s, f = w.engine.board, w.s, w.f("A1")
    assert decision_pa(b, s, f, a.Shoot("arc", "B2")) == t.RANGED["arc"].pa == 1
    assert decision_pa(b, s, f, a.Shoot("arbalete", "B2")) == t.RANGED["arbalete"].pa == 2


def test_r3_9_a_flee_costs_its_enemies_less_its_allies():
    at = {"A1": (10, 10), "A3": (8.5, 11), "B2": (10, 11), "B3": (11, 10)}
    w = World(band(fig(SF), fig(SF)), band(fig(SF), fig(SF)), at, "A1")
    b = w.engine.board
    assert decision_pa(b, w.s, w.f("A1"), a.Flee(())) == flee_cost(b, w.s, w.f("A1")) == 1
    w.set("A3", pos=(30.0, 30.0))  # no ally near: one PA per enemy engaged
    assert decision_pa(b, w.s, w.f("A1"), a.Flee(())) == 2


def test_r3_6_a_charge_move_costs_nothing_when_it_reaches_one_pa_when_it_fails():
    w = World(band(), band(), {"A1": (10, 10), "B2": (10, 20)}, "A1")
    w.do(a.Charge("B2", ((10.0, 19.0),)), 6, 6, 5, 6)  # B2 steps back 3: the charge cannot reach
    b, s, f = w.engine.board, w.s, w.f("A1")
    assert s.activation.pa == 2
    assert decision_pa(b, s, f, a.ChargeMove(((10.0, 22.0),))) == 0  # base to base with B2 at y = 23
    assert decision_pa(b, s, f, a.ChargeMove(((10.0, 20.0),))) == t.CHARGE_FAIL_EXTRA_PA
    s.activation.pa = 0
    assert decision_pa(b, s, f, a.ChargeMove(((10.0, 20.0),))) == 0  # no PA left for it: none spent


def test_r8_4_a_rout_move_spends_every_pa_left():
    w = World(band(), band(), {"A2": (10, 20)})
    w.set("A2", routing=True)
    w.do(a.Activate("A2"))
    assert decision_pa(w.engine.board, w.s, w.f("A2"), a.RoutMove(())) == w.s.activation.pa == 2


def test_move_kinds_is_what_a_drag_of_the_figure_means():
    b_world = World(band(), band(), {"A1": (10, 10), "B2": (10, 30)}, "A1")
    kinds = lambda w, fid: legality.move_kinds(w.engine.board, w.s, w.f(fid))  # noqa: E731
    assert kinds(b_world, "A1") == (a.Walk, a.Run)  # 3.4: the cheaper first
    assert kinds(b_world, "B2") == ()  # not the figure to move
    engaged = World(band(), band(), {"A1": (10, 10), "B2": (10, 11)}, "A1")
    assert kinds(engaged, "A1") == (a.Flee,)  # 3.9
    engaged.set("A1", routing=True)
    assert kinds(engaged, "A1") == (a.Flee,)  # 8.4: engaged, it flees
    routing = World(band(), band(), {"A2": (10, 20)})
    routing.set("A2", routing=True)
    routing.do(a.Activate("A2"))
    assert kinds(routing, "A2") == (a.RoutMove,)  # 8.4
    charging = World(band(), band(), {"A1": (10, 10), "B2": (10, 20)}, "A1")
    charging.do(a.Charge("B2", ((10.0, 19.0),)), 6, 6, 5, 6)
    assert kinds(charging, "A1") == (a.ChargeMove,)  # 3.6
    waiting = World(band(), band(), {"A1": (10, 10)})
    assert kinds(waiting, "A1") == ()  # a wave: nobody moves until activated
