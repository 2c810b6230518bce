"""The turn: the initiative roll (3.1), the waves player by player (3.2) and the activations, each
spending its PA on active actions (3.3), for the engine's ``_Work``.

Each function takes the decision being applied (the engine's ``_Work``: the state's copy, the
dice, the events made) and reaches the other subjects through it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import move_allowance
from paintcheck.unpourun.pa import decision_pa
from paintcheck.unpourun.state import Activation, Figure, Phase, other
from paintcheck.unpourun.state import changed as replace  # dataclasses.replace for figures, faster

if TYPE_CHECKING:
    from paintcheck.unpourun.engine import _Work

log = logging.getLogger(__name__)

_WAVE, _ACTIVATION = Phase.WAVE, Phase.ACTIVATION  # read once (an enum's member read from its class is slow)
_new = object.__new__
_PAID_UP_FRONT = (a.Walk, a.Run, a.Shoot, a.Strike, a.Medikit, a.Flee)  # ``decision_pa`` spent first


def start_turn(work: _Work) -> None:
    s = work.s
    s.turn += 1
    s.figures = tuple(replace(f, activated=False, rondaches_used=0, charged_malus=False,
                              up_this_turn=f.standing) for f in s.figures)
    work.ev("turn", "3.1", turn=s.turn)
    counts = dict.fromkeys(t.PLAYERS, 0)
    for f in s.figures:
        if f.kind == t.SOUS_FIFRE and f.standing:
            counts[f.player] += 1
    while True:
        totals = {p: work.roll("3.1", "initiative", p) + counts[p] for p in t.PLAYERS}
        if totals["A"] != totals["B"]:
            s.first = "A" if totals["A"] > totals["B"] else "B"
            break
        if counts["A"] != counts["B"]:  # « celui qui possède le moins de sous fifre »
            s.first = "A" if counts["A"] < counts["B"] else "B"
            break
    work.ev("initiative", "3.1", first=s.first, a=totals["A"], b=totals["B"])
    work.begin_segment(1, s.first)


def activatable(work: _Work, player: str) -> list[Figure]:
    return [f for f in work.s.figures if f.player == player and not f.activated and f.standing]


def any_activatable(work: _Work, player: str) -> bool:
    """``activatable`` is not empty (asked after every activation: a loop that stops at the first)."""
    for f in work.s.figures:
        if not f.activated and f.player == player and f.standing:
            return True
    return False


def begin_segment(work: _Work, wave: int, player: str) -> None:
    s = work.s
    s.wave, s.mover, s.phase, s.activation = wave, player, _WAVE, None
    if not work.any_activatable(player):
        work.next_segment()
        return
    if wave == 1:
        s.wave_left = work.roll("3.2", "wave", player)
        work.ev("wave", "3.2", wave=1, player=player, count=s.wave_left)
    else:
        work.ev("wave", "3.2", wave=2, player=player, count=len(work.activatable(player)))


def next_segment(work: _Work) -> None:
    s = work.s
    order = [(1, s.first), (1, other(s.first)), (2, s.first), (2, other(s.first))]
    i = order.index((s.wave, s.mover))
    if i + 1 < len(order):
        work.begin_segment(*order[i + 1])
    else:
        work.end_turn()


def activate(work: _Work, fid: str) -> None:
    s = work.s
    f = work.fig(fid)
    work.put(replace(f, activated=True))
    pa = f.stats.pa
    s.activation = Activation(fid, pa)
    s.phase = _ACTIVATION
    if s.wave == 1:
        s.wave_left -= 1
    work.ev("activated", "3.3", figure=fid, pa=pa)


def end_activation(work: _Work) -> None:
    s = work.s
    assert s.activation is not None
    work.ev("activation_ended", "3.3", figure=s.activation.figure)
    s.activation = None
    s.phase = _WAVE
    if (s.wave == 1 and s.wave_left <= 0) or not work.any_activatable(s.mover):
        work.next_segment()


def action(work: _Work, d: Any) -> None:
    s = work.s
    old = s.activation
    assert old is not None
    if isinstance(d, a.EndActivation):  # its PA dropped: the activation ends now (nothing else read)
        work.end_activation()
        return
    act = s.activation = _new(Activation)  # a copy: the state handed to the engine keeps its own
    act.__dict__ = old.__dict__.copy()  # (``engine._shell`` shares the activation)
    f = work.fig(act.figure)
    if isinstance(d, _PAID_UP_FRONT):  # a charge, its move and a rout move pay in their own steps
        act.pa -= decision_pa(work.b, s, f, d)
    if isinstance(d, (a.Walk, a.Run)):
        run = isinstance(d, a.Run)
        allowance = move_allowance(work.b, s, f, d)
        work.climb_along(f, d.path, allowance, "ran" if run else "walked")
        act.last_move = True
    elif isinstance(d, a.Shoot):
        act.last_move = False
        work.shoot(f.id, d.weapon, d.target)
    elif isinstance(d, a.Strike):
        act.last_move = False
        work.strike(f.id, d.target)
    elif isinstance(d, a.Medikit):
        act.last_move = False
        work.medikit(f.id, d.target)
    elif isinstance(d, a.Flee):
        act.last_move = False
        work.move_along(f, d.path, "fled", "3.9")
    elif isinstance(d, a.RoutMove):
        work.rout_move(f.id, d.path, d.edge)
    elif isinstance(d, a.Charge):
        work.charge(f, d)
    elif isinstance(d, a.ChargeMove):
        work.charge_move(f, d)
