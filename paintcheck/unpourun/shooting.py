"""Shooting (§4): the to-hit dice, damage, the blast, the accident; and being shot's test (6.7), for
the engine's ``_Work``.

Each function takes the decision being applied (the engine's ``_Work``: the state's copy, the
dice, the events made) and reaches the other subjects through it.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.blasts import blast_hit, explosion_hit
from paintcheck.unpourun.needs import (
    EXPLOSION,
    JAM,
    accident_kind,
    meets,
)
from paintcheck.unpourun.query import d3
from paintcheck.unpourun.state import Aim, Figure, Pending, Phase
from paintcheck.unpourun.state import changed as replace  # dataclasses.replace for figures, faster

if TYPE_CHECKING:
    from paintcheck.unpourun.engine import _Work

log = logging.getLogger(__name__)


def shoot(work: _Work, sid: str, weapon: str, nominated: str) -> None:
    """4.1, 4.3: the targets chosen, the owner asked at a tie (``aim``), then the shot fired."""
    shooter = work.fig(sid)
    group = work.b.shot_group(work.s, shooter, work.fig(nominated), weapon)
    aim(work, Aim(sid, weapon, tuple(g.id for g in group), (), ()))


def aim(work: _Work, pending: Aim) -> None:
    """4.3, 10.1: the targets after ``pending.chosen``; at a tie for nearest, the targets' owner is
    asked (phase TARGET, answered by ``choose_target``), else the shot is fired."""
    s = work.s
    shooter = work.fig(pending.shooter)
    group = [work.fig(fid) for fid in pending.group]
    w = t.RANGED[pending.weapon]
    n = 1 if w.blast else w.targets
    chosen, tied = work.b.next_targets(shooter, group, [work.fig(fid) for fid in pending.chosen], n)
    if tied:
        s.resume = (s.phase, s.mover)
        s.phase, s.mover = Phase.TARGET, tied[0].player
        s.aim = dataclasses.replace(pending, chosen=tuple(c.id for c in chosen),
                                    tied=tuple(e.id for e in tied))
        return
    fire(work, pending.shooter, pending.weapon, chosen)


def choose_target(work: _Work, d: a.ChooseTarget) -> None:
    """4.3, 10.1: the owner's choice among the tied members; the choice goes on from there."""
    s = work.s
    pending = s.aim
    assert pending is not None
    s.aim = None
    s.phase, s.mover = s.resume
    work.ev("target_chosen", "4.3", figure=pending.shooter, target=d.figure,
            player=work.fig(d.figure).player)
    aim(work, dataclasses.replace(pending, chosen=(*pending.chosen, d.figure), tied=()))


def fire(work: _Work, sid: str, weapon: str, targets: list[Figure]) -> None:
    """4.1-4.6: the to-hit dice at ``targets`` (in order), the damage, the blast, the accident; then
    the targets' tests of being shot (6.7)."""
    w = t.RANGED[weapon]
    shooter = work.fig(sid)
    work.ev("shot", "4.1", figure=sid, weapon=weapon, targets=tuple(x.id for x in targets))
    hits: list[tuple[int, Figure]] = []
    ones = False
    for i, target in enumerate(targets):  # 4.1: all the to-hit dice first
        need, rng, height, d = work.b.to_hit(shooter, target, weapon)
        die = work.roll("4.4", "to_hit", sid, need)
        ones |= die == t.ACCIDENT_ON
        hit = meets(die, need)
        work.ev("hit" if hit else "missed", "4.4", figure=sid, target=target.id,
                ct=shooter.stats.ct,
                range=rng,
                height=height, d=round(d, 6), need=need, die=die, hit=hit)
        if hit:
            hits.append((i, target))
    tested: list[str] = [x.id for x in targets]
    if w.blast:
        if hits:
            tested = work.blast(shooter, hits[0][1], w)
    else:
        for i, target in hits:  # 4.2, 4.3: every target after the first gets R +1
            work.damage(target.id, w.f, t.EXTRA_TARGET_R if i else 0, "4.2")
    if ones:
        work.accident(sid, weapon)
    moment = work.moment()  # 6.7, then 6.8: the first player's figures first, his order asked
    first = work.s.first
    order = sorted(range(len(tested)), key=lambda i: (work.fig(tested[i]).player != first, i))
    work.pend([Pending("shot", tested[i], (sid,), moment, weapon) for i in order])


def blast(work: _Work, shooter: Figure, target: Figure, w: t.Ranged) -> list[str]:
    """4.5: the blast centred on the target hits every figure but the shooter whose centre is
    within radius + 0.5 and which the target's position sees; all damage, nearest first."""
    hit = blast_hit(work.b, work.s, shooter, target, w)
    work.ev("blast", "4.5", target=target.id, radius=w.blast, hit=tuple(hit))
    for fid in hit:
        work.damage(fid, w.f, 0, "4.5")
    return hit


def accident(work: _Work, sid: str, weapon: str) -> None:
    """4.6: one check for the shot, by the weapon's class."""
    w = t.RANGED[weapon]
    f = work.fig(sid)
    kind = accident_kind(w)
    if kind == EXPLOSION:
        die = work.roll("4.6", "explosion", sid, t.EXPLODES_ON)
        if die == t.EXPLODES_ON:
            work.put(replace(f, broken=(*f.broken, weapon)))
            work.ev("exploded", "4.6", figure=sid, weapon=weapon)
            for fid in explosion_hit(work.b, work.s, f, w):
                if work.fig(fid).on_table:
                    work.damage(fid, w.f, 0, "4.6")
    elif kind == JAM:
        die = work.roll("4.6", "jam", sid, t.JAMS_ON)
        if die == t.JAMS_ON:
            work.put(replace(f, broken=(*f.broken, weapon)))
            work.ev("jammed", "4.6", figure=sid, weapon=weapon)


def shot_tests(work: _Work, target: Figure, f_value: int) -> bool:
    """6.7: the figure can test, and the weapon's F beats its best usable ranged F (or it has none)."""
    if not work.b.can_test(work.s, target, t.BEING_SHOT):
        return False
    best = max((t.RANGED[w].f for w in target.usable()), default=None)
    return best is None or f_value > best


def being_shot(work: _Work, tid: str, sid: str, f_value: int) -> None:
    """6.7: a 2d6 Cd test [E] when the weapon's F beats the figure's best usable ranged F (or it has
    none); failed: it withdraws 1d3 from the shooter."""
    s = work.s
    target = work.fig(tid)
    if not work.shot_tests(target, f_value):
        return
    if not work.cd_test(target, work.b.passive_cd(s, target), "being_shot", "6.7"):
        shooter = work.fig(sid)
        z = shooter if shooter.pos is not None else target
        k = d3(work.roll("6.7", "d3", tid))
        # 6.5, asked of its owner before the next test (6.8)
        work.ask_withdraw(tid, work.b.pos(z), float(k), work.b.elevation(z))
