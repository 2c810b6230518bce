"""Who a blast (4.5) or an exploding *canon* (4.6) hits, asked alike by the engine and the odds: the
measurer's answer on the figures of the table, as figure ids, nearest first."""

from __future__ import annotations

from paintcheck.unpourun import tables as t
from paintcheck.unpourun.query import Board
from paintcheck.unpourun.state import Figure, MatchState


def blast_hit(b: Board, s: MatchState, shooter: Figure, target: Figure, w: t.Ranged) -> list[str]:
    """4.5: every figure on the table but the shooter whose centre is within radius + 0.5 of the
    target's and which the target's position sees (1.8, from the figures' elevations, a hanging
    figure's the height it reached: 1.7, 3.11), the target always; nearest first."""
    on = [f for f in s.figures if f.on_table]
    ids = [f.id for f in on]
    found = b.m.blast(ids.index(target.id), w.blast, [b.pos(f) for f in on], ids.index(shooter.id),
                      [b.elevation(f) for f in on])
    return [ids[i] for i in found.hit]


def explosion_hit(b: Board, s: MatchState, bearer: Figure, w: t.Ranged) -> list[str]:
    """4.6: an exploding hand weapon hits its bearer; the *canon* every figure on the table within 3
    *pas* of its bearer, bearer included, nearest first."""
    if not w.artillery:
        return [bearer.id]
    on = [g for g in s.figures if g.on_table]
    found = b.m.explosion([g.id for g in on].index(bearer.id), t.CANON_EXPLOSION_RADIUS,
                          [b.pos(g) for g in on])
    return [on[i].id for i in found]
