"""The end of turn (§8, §9): rout and rally tests, victory points, the end of the game, for the
engine's ``_Work``.

Each function takes the decision being applied (the engine's ``_Work``: the state's copy, the
dice, the events made) and reaches the other subjects through it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from paintcheck.said import Said
from paintcheck.seam.game import DRAW
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.state import MatchState, Phase, Status, other
from paintcheck.unpourun.state import changed as replace  # dataclasses.replace for figures, faster

if TYPE_CHECKING:
    from paintcheck.unpourun.engine import _Work

log = logging.getLogger(__name__)


def end_turn(work: _Work) -> None:
    s = work.s
    s.activation = None
    s.rout_left = (s.first, other(s.first))
    work.rout_tests()


def finish_turn(work: _Work) -> None:
    """8.3's end: the −1 R and the rondaches expire; 9.3 VP; 9.1, 9.2 the end of the game."""
    s = work.s
    s.figures = tuple(replace(f, charged_malus=False, rondaches_used=0) if f.charged_malus or f.rondaches_used
                      else f for f in s.figures)  # a figure with neither kept as it is (the same values)
    s.vp = victory_points(s)
    work.ev("vp", "9.3", a=s.vp["A"], b=s.vp["B"])
    out = [p for p in t.PLAYERS if not any(f.standing and not f.routing for f in s.band(p))]
    if out or s.turn >= t.MAX_TURNS:
        s.phase, s.mover = Phase.OVER, s.first
        s.winner = "A" if s.vp["A"] > s.vp["B"] else "B" if s.vp["B"] > s.vp["A"] else DRAW
        s.end_reason = Said("unpourun_rules.end.band_out" if out else "unpourun_rules.end.turn_limit")
        work.ev("game_over", "9.2" if out else "9.1", winner=s.winner, a=s.vp["A"], b=s.vp["B"])
        return
    work.start_turn()


def rout_tests(work: _Work, chosen: str = "") -> None:
    """8.1-8.3, band by band (the first player's first): the band tests if its chef was lost this
    turn or more than half its figures are lost; routing figures from an earlier turn take rally
    tests; highest Cd first, and the owner orders ties (10.1: asked, phase ORDER); then the turn ends."""
    s = work.s
    while True:
        if not s.rout_testers:
            if not s.rout_left:
                work.finish_turn()
                return
            player, s.rout_left = s.rout_left[0], s.rout_left[1:]
            work.band_testers(player)
            continue
        top = max(work.fig(fid).stats.cd for fid in s.rout_testers)
        tied = [fid for fid in s.rout_testers if work.fig(fid).stats.cd == top]
        if chosen not in tied:
            if len(tied) > 1:
                s.resume = (s.phase, s.mover)
                s.phase, s.mover = Phase.ORDER, work.fig(tied[0]).player
                s.choices = tuple((fid, "") for fid in tied)
                return
            chosen = tied[0]
        s.rout_testers = tuple(fid for fid in s.rout_testers if fid != chosen)
        work.rout_test(chosen)
        chosen = ""


def band_testers(work: _Work, player: str) -> None:
    """8.1, 8.2: whether the band must test, and who tests."""
    s = work.s
    band = s.band(player)
    chef = next(f for f in band if f.kind == t.CHEF)
    lost = sum(1 for f in band if f.status != Status.FIGHTING)
    must = (chef.up_this_turn and not chef.standing) or 2 * lost > len(band)
    testers = [f for f in band if f.standing and ((must and not f.routing)
                                                  or (f.routing and f.routing_since < s.turn))]
    if must:
        work.ev("rout_check", "8.1", player=player, lost=lost, size=len(band))
    s.rout_testers = tuple(f.id for f in sorted(testers, key=lambda f: (-f.stats.cd, f.id)))
    s.rout_failed = ()


def rout_test(work: _Work, fid: str) -> None:
    """8.3: one rout or rally test, on the best Cd within 4 of a figure that has not failed."""
    s = work.s
    failed = set(s.rout_failed)
    f = work.fig(fid)
    helpers = [h for h in work.b.allies_within(s, f, t.RALLY_RANGE) if h.id not in failed]
    cd = max([f.stats.cd, *(h.stats.cd for h in helpers)])
    rally = f.routing
    passed = work.cd_test(f, cd, "rally" if rally else "rout", "8.3")
    if rally and passed:
        work.put(replace(f, routing=False))
        work.ev("rallied", "8.3", figure=f.id)
    elif not rally and not passed:
        failed.add(f.id)
        work.put(replace(f, routing=True, routing_since=s.turn))
        work.ev("routing", "8.3", figure=f.id)
    elif rally:
        failed.add(f.id)
    s.rout_failed = tuple(sorted(failed))


def victory_points(s: MatchState) -> dict[str, int]:
    """9.3: for every enemy figure, by its state: hors de combat or gone, or killed."""
    out = {p: 0 for p in t.PLAYERS}
    for f in s.figures:
        scorer = other(f.player)
        if f.status in (Status.HORS, Status.GONE):
            out[scorer] += t.VP_DOWN[f.kind]
        elif f.status == Status.DEAD:
            out[scorer] += t.VP_KILLED[f.kind]
    return out
