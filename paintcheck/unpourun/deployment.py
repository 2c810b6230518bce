"""The roll-off and the deployment (RULES-unpourun 1.9), for the engine's ``_Work``.

Each function takes the decision being applied (the engine's ``_Work``: the state's copy, the
dice, the events made) and reaches the other subjects through it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from paintcheck.unpourun import actions as a
from paintcheck.unpourun.state import Phase
from paintcheck.unpourun.state import changed as replace  # dataclasses.replace for figures, faster

if TYPE_CHECKING:
    from paintcheck.unpourun.engine import _Work

log = logging.getLogger(__name__)


def roll_off(work: _Work) -> None:
    """1.9: each rolls 1d6, ties re-rolled; the higher chooses a zone."""
    while True:
        ra, rb = work.roll("1.9", "roll_off", "A"), work.roll("1.9", "roll_off", "B")
        if ra != rb:
            break
    work.s.first = "A" if ra > rb else "B"
    work.ev("roll_off", "1.9", winner=work.s.first)
    work.s.phase, work.s.mover = Phase.CHOOSE_ZONE, work.s.first


def deploy(work: _Work, d: a.Deploy) -> None:
    s = work.s
    f = work.fig(d.figure)
    work.put(replace(f, pos=d.at, pv=f.stats.pv))
    work.ev("deployed", "1.9", figure=f.id, x=d.at[0], y=d.at[1])
    if any(g.pos is None for g in s.band(s.mover)):
        return
    if s.mover != s.first:
        s.mover = s.first
        return
    seen = set()  # 6.6: sightings at the end of deployment count as seen, with no test
    figures = [g for g in s.figures if g.pos is not None]
    for x in figures:
        for y in figures:
            if x.player < y.player and work.b.sees(x, y):
                seen |= {(x.id, y.id), (y.id, x.id)}
    s.seen = frozenset(seen)
    work.start_turn()
