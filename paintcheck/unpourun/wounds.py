"""Damage (§5), the fall of a hanging figure (3.11), a PV lost (§7) and the médikit (3.10, 7.3), for the
engine's ``_Work``.

Each function takes the decision being applied (the engine's ``_Work``: the state's copy, the
dice, the events made) and reaches the other subjects through it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from paintcheck.unpourun import tables as t
from paintcheck.unpourun.needs import (
    FALL_DIES,
    FALL_ON_A_ROLL,
    after_loss,
    damage_r,
    damages,
    hanging_fall,
)
from paintcheck.unpourun.state import Status
from paintcheck.unpourun.state import changed as replace  # dataclasses.replace for figures, faster

if TYPE_CHECKING:
    from paintcheck.unpourun.engine import _Work

log = logging.getLogger(__name__)


def damage(work: _Work, tid: str, f_value: int, extra_r: int, rule: str) -> bool:
    target = work.fig(tid)
    r = damage_r(target, extra_r)
    need = t.damage_needed(f_value, r)
    die = work.roll("5.1", "damage", tid, need)
    done = damages(die, need)  # 5.3
    work.ev("damaged" if done else "no_damage", rule, figure=tid, f=f_value, r=r, need=need, die=die,
            damaged=done)
    if done:
        work.lose_pv(tid)
        if target.hanging is not None:
            work.fall(tid)
    return done


def fall(work: _Work, tid: str) -> None:
    """3.11: a hanging figure that loses PV to a shot, a blast or an explosion falls and dies if left
    at 0 PV; otherwise it falls on a 1 (1d6) and loses 1 more PV. It lands at P, outside the piece."""
    f = work.fig(tid)
    fall = hanging_fall(f.status)
    if fall == FALL_DIES:
        work.put(replace(f, hanging=None, pv=f.pv - 1, status=Status.DEAD, pos=None))
        work.ev("fell", "3.11", figure=tid)
        work.ev("dead", "7.2", figure=tid)
        return
    if fall != FALL_ON_A_ROLL:
        return
    if work.roll("3.11", "fall", tid, t.FALL_ON) == t.FALL_ON:
        work.put(replace(f, hanging=None))
        work.ev("fell", "3.11", figure=tid)
        work.lose_pv(tid)


def lose_pv(work: _Work, tid: str) -> None:
    f = work.fig(tid)
    pv = f.pv - 1
    status = after_loss(pv, f.status)
    if status == Status.DEAD:
        work.put(replace(f, pv=pv, status=Status.DEAD, pos=None))
        work.ev("dead", "7.2", figure=tid)
    elif status != f.status:
        work.put(replace(f, pv=pv, status=status))
        work.ev("hors", "7.1", figure=tid)
    else:
        work.put(replace(f, pv=pv))


def medikit(work: _Work, fid: str, tid: str) -> None:
    f = work.fig(fid)
    work.put(replace(f, medikits=f.medikits - 1))
    target = work.fig(tid)
    pv = min(target.stats.pv, target.pv + t.MEDIKIT_PV)
    if target.status == Status.HORS:
        work.put(replace(target, pv=pv, status=Status.FIGHTING, up_this_turn=True))
        work.ev("stands_up", "7.3", figure=tid)
    else:
        work.put(replace(target, pv=pv))
    work.ev("healed", "3.10", figure=fid, target=tid, pv=pv)
