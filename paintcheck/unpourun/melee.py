"""The charge (3.6, 6.3, 6.4) and the strike (3.7, 3.8), for the engine's ``_Work``.

Each function takes the decision being applied (the engine's ``_Work``: the state's copy, the
dice, the events made) and reaches the other subjects through it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import charge_reaches, refused_charge_allowance
from paintcheck.unpourun.needs import (
    charge_tests,
    meets,
    rerolls_left,
    strike_need,
)
from paintcheck.unpourun.pa import decision_pa
from paintcheck.unpourun.query import EPS, d3
from paintcheck.unpourun.state import Figure
from paintcheck.unpourun.state import changed as replace  # dataclasses.replace for figures, faster

if TYPE_CHECKING:
    from paintcheck.unpourun.engine import _Work

log = logging.getLogger(__name__)


def charge(work: _Work, f: Figure, d: a.Charge) -> None:
    s = work.s
    act = s.activation
    assert act is not None
    act.pa -= decision_pa(work.b, s, f, d)
    target = work.fig(d.target)
    work.ev("charge_declared", "3.6", figure=f.id, target=target.id)
    if charge_tests(f, target) and work.b.can_test(s, f, t.CHARGE_TEST):
        if not work.cd_test(f, work.b.passive_cd(s, f), "charge_test", "6.3"):
            act.no_run_charge, act.last_move = True, True
            work.straight_away(f.id, work.b.pos(target), refused_charge_allowance(f), "6.3")
            return
    malus = False
    if f.rank > target.rank and work.b.can_test(s, target, t.BEING_CHARGED):
        if not work.cd_test(target, work.b.passive_cd(s, target), "being_charged", "6.4"):
            die = work.roll("6.4", "step_back", target.id)
            if die >= t.STEP_BACK_ON:
                k = d3(work.roll("6.4", "d3", target.id))
                moved = work.straight_away(target.id, work.b.pos(f), k, "6.4")
                malus = moved < k - EPS
            else:
                malus = True
    act.last_move = True
    f = work.fig(f.id)
    if work.fig(target.id).pos == target.pos:
        work.reach(f, target.id, d.path, malus)
    else:
        act.charging, act.charge_malus = target.id, malus


def reach(work: _Work, f: Figure, target: str, path: a.Path, malus: bool) -> None:
    work.move_along(f, path, "charged", "3.6")
    tg = work.fig(target)
    if malus and tg.standing:
        work.put(replace(tg, charged_malus=True))
        work.ev("charged_malus", "6.4", figure=target)


def charge_move(work: _Work, f: Figure, d: a.ChargeMove) -> None:
    act = work.s.activation
    assert act is not None
    reaches = charge_reaches(work.s, d)
    act.pa -= decision_pa(work.b, work.s, f, d)  # 3.6 (d): a failed charge's extra PA, if left
    target, malus = act.charging, act.charge_malus
    act.charging, act.charge_malus = "", False
    if reaches:
        work.reach(f, target, d.path, malus)
        return
    work.ev("charge_failed", "3.6", figure=f.id, target=target)
    work.move_along(f, d.path, "ran", "3.6")


def strike(work: _Work, fid: str, tid: str) -> None:
    f, target = work.fig(fid), work.fig(tid)
    need = strike_need(f)
    die = work.roll("3.7", "strike", fid, need)
    hit = meets(die, need)
    while hit and rerolls_left(target):  # 3.8: re-rolled, one rondache each
        target = replace(target, rondaches_used=target.rondaches_used + 1)
        work.put(target)
        work.ev("rondache", "3.8", figure=tid)
        die = work.roll("3.8", "strike", fid, need)
        hit = meets(die, need)
    work.ev("struck" if hit else "strike_missed", "3.7", figure=fid, target=tid, hit=hit)
    if hit:
        work.damage(tid, f.stats.f, 0, "3.7")
