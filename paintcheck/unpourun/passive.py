"""The passive tests (§6): seeing the enemy (6.6), the pending tests one at a time (6.8), the
withdrawal (6.5) and the free shot, for the engine's ``_Work``.

Each function takes the decision being applied (the engine's ``_Work``: the state's copy, the
dice, the events made) and reaches the other subjects through it.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.measurer import centre_distance
from paintcheck.unpourun.query import EPS, Board, d3
from paintcheck.unpourun.state import Figure, MatchState, Pending, Phase, Point

if TYPE_CHECKING:
    from paintcheck.unpourun.engine import _Work

log = logging.getLogger(__name__)

# the phases a test waits in (a free shot, a withdrawal, an order or a target asked, the end), read once: an
# enum's member read from its class is slow (Python 3.11)
_WAITS = (Phase.FREE_SHOT, Phase.WITHDRAW, Phase.ORDER, Phase.TARGET, Phase.OVER)


def sightings(work: _Work, moved: str) -> None:
    """6.6: after a move, the pairs that first see each other are seen for the rest of the game; a
    figure that newly sees enemies of better rank tests once, for the nearest."""
    s = work.s
    m = work.fig(moved)
    here = m.pos
    if here is None:
        return
    new: set[tuple[str, str]] = set()
    b = work.b
    eye, seen, mid, player, sees, elevation = b.elevation(m), s.seen, m.id, m.player, work.m.sees, b.elevation
    for y in s.figures:  # ``Board.sees(m, y)``, the mover's position and elevation read once
        there = y.pos
        if there is None or y.player == player:
            continue
        yid = y.id
        if (mid, yid) not in seen and sees(here, there, eye, elevation(y)):
            new.add((mid, yid))
            new.add((yid, mid))
    if not new:
        return
    s.seen = s.seen | new
    seen_by: dict[str, list[tuple[float, str]]] = {}
    for x_id, y_id in sorted(new):
        x, y = work.fig(x_id), work.fig(y_id)
        if y.rank > x.rank and y.standing and work.b.can_test(s, x, t.SEEING):
            seen_by.setdefault(x_id, []).append((centre_distance(work.b.pos(x), work.b.pos(y)), y_id))
    first = s.first
    order = sorted(seen_by, key=lambda fid: (work.fig(fid).player != first, fid))  # 6.8
    moment = work.moment() if order else 0
    tests = []
    for x_id in order:
        least = min(d for d, _ in seen_by[x_id])  # 6.6: for the nearest; tied ones: its owner's (10.1)
        tests.append(Pending("see", x_id, tuple(y for d, y in seen_by[x_id] if d <= least + EPS), moment))
    work.pend(tests)


def drain(work: _Work) -> None:
    """6.8: the pending tests one at a time, the next first; when the next player has several tests
    of one moment to take (or a tie to break, 6.6), he is asked which comes first (10.1, 10.3)."""
    s = work.s
    while s.queue and s.phase not in _WAITS:
        head = s.queue[0]
        if not head.chosen:
            choices = work.test_choices()
            if len(choices) > 1:
                s.resume = (s.phase, s.mover)
                s.phase, s.mover, s.choices = Phase.ORDER, work.fig(head.figure).player, tuple(choices)
                return
        s.queue = s.queue[1:]
        if head.kind == "shot":
            work.being_shot(head.figure, head.others[0], t.RANGED[head.weapon].f)
            continue
        x = work.fig(head.figure)
        targets = [y for y in (work.fig(fid) for fid in head.others) if y.standing]
        if not (work.b.can_test(s, x, t.SEEING) and targets):
            continue
        x_id, y = head.figure, targets[0]
        y_id = y.id
        if work.cd_test(x, work.b.passive_cd(s, x), "seeing", "6.6"):
            if any(free_shot_possible(work.b, s, x, y, w) for w in x.usable()):
                s.resume = (s.phase, s.mover)
                s.phase, s.mover, s.free_shot = Phase.FREE_SHOT, x.player, (x_id, y_id)
        else:
            k = float(d3(work.roll("6.6", "d3", x_id)))
            work.ask_withdraw(x_id, work.b.pos(y), k, work.b.elevation(y))


def test_choices(work: _Work) -> list[tuple[str, str]]:
    """6.8: the (figure, enemy) pairs the next player may take first: his tests of the head's moment
    that can still be taken (a sighting's tied enemies each, 10.1)."""
    s = work.s
    head = s.queue[0]
    player = work.fig(head.figure).player
    out: list[tuple[str, str]] = []
    for p in s.queue:
        x = work.fig(p.figure)
        if p.moment != head.moment or x.player != player:
            break
        if p.kind == "shot":
            if work.shot_tests(x, t.RANGED[p.weapon].f):
                out.append((p.figure, ""))
        elif work.b.can_test(s, x, t.SEEING):
            out.extend((p.figure, y) for y in p.others if work.fig(y).standing)
    return out


def take_first(work: _Work, d: a.TakeTest) -> None:
    """6.8, 10.1: the owner's test comes next (with the enemy he named for a tie); 8.3: his rout or
    rally test among figures of equal Cd."""
    s = work.s
    s.phase, s.mover = s.resume
    s.choices = ()
    if s.rout_testers:
        work.ev("test_first", "8.3", figure=d.figure, enemy=d.enemy)
        work.rout_tests(d.figure)
        return
    i = next(i for i, p in enumerate(s.queue) if p.figure == d.figure and p.moment == s.queue[0].moment)
    p = s.queue[i]
    chosen = dataclasses.replace(p, others=(d.enemy,) if p.kind == "see" else p.others, chosen=True)
    s.queue = (chosen, *s.queue[:i], *s.queue[i + 1:])
    work.ev("test_first", "6.8", figure=d.figure, enemy=d.enemy)


def ask_withdraw(work: _Work, fid: str, z: Point, k: float, z_elevation: float) -> None:
    """6.5: a standing figure not engaged withdraws k from Z (at ``z``, its elevation ``z_elevation``:
    a hanging Z's the height it reached, 1.7, 3.11); its owner may name a path (10.3)."""
    s = work.s
    f = work.fig(fid)
    if not f.standing or f.hanging is not None or work.b.engaged(s, f):
        return
    s.resume = (s.phase, s.mover)
    s.phase, s.mover, s.withdraw = Phase.WITHDRAW, f.player, (fid, z, k, z_elevation)


def withdraw(work: _Work, d: a.Withdraw) -> None:
    s = work.s
    assert s.withdraw is not None
    fid, z, k, _ = s.withdraw
    s.withdraw = None
    s.phase, s.mover = s.resume
    if d.path:
        work.move_along(work.fig(fid), d.path, "withdrew", "6.5")
    else:
        work.straight_away(fid, z, k, "6.5")


def free_shot(work: _Work, d: a.FreeShot) -> None:
    s = work.s
    assert s.free_shot is not None
    x, y = s.free_shot
    s.free_shot = None
    s.phase, s.mover = s.resume
    if d.weapon:
        work.ev("free_shot", "6.6", figure=x, target=y, weapon=d.weapon)
        work.shoot(x, d.weapon, y)
    else:
        work.ev("free_shot_declined", "6.6", figure=x, target=y)


def free_shot_possible(b: Board, s: MatchState, x: Figure, y: Figure, weapon: str) -> bool:
    """6.6: X can shoot Y with ``weapon`` (« si c'est possible »): X not engaged, Y eligible."""
    return weapon in x.usable() and not b.engaged(s, x) and b.eligible(s, x, y, weapon)
