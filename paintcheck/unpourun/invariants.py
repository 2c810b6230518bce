"""What must hold in every state of Un pour un (``simulate --check`` asks after every decision): a
problem is a bug of the engine, never a game event. Plain English: these are for developers."""

from __future__ import annotations

import math

from paintcheck.unpourun import tables as t
from paintcheck.unpourun.measurer import Measurer
from paintcheck.unpourun.state import MatchState, Phase, Status

SLACK = 1e-6


def invariant_problems(s: MatchState, m: Measurer) -> list[str]:
    out: list[str] = []
    placed = [f for f in s.figures if f.pos is not None]
    for f in s.figures:
        if f.pv > f.stats.pv:
            out.append(f"{f.id} has {f.pv} PV, more than its {f.stats.pv}")  # 3.10
        if f.status == Status.FIGHTING and s.phase not in (Phase.ROLL_OFF, Phase.CHOOSE_ZONE) and \
                f.pos is not None and f.pv < 1:
            out.append(f"{f.id} stands with {f.pv} PV")  # 7.1
        if f.status == Status.HORS and (f.pv != 0 or f.pos is None):
            out.append(f"{f.id} is hors de combat with {f.pv} PV at {f.pos}")  # 7.1
        if f.status in (Status.DEAD, Status.GONE) and f.pos is not None:
            out.append(f"{f.id} is {f.status.value} and still on the table")  # 7.2, 7.4
        if f.status == Status.DEAD and f.pv >= 0:
            out.append(f"{f.id} is dead with {f.pv} PV")  # 7.2
    for i, f in enumerate(placed):
        assert f.pos is not None
        if not m.on_table(f.pos):
            out.append(f"{f.id}'s base is off the table at {f.pos}")  # 1.3
        if m.kind_at(f.pos).value == "impassable" and not (f.rope and m.on_top(f.pos) is not None):
            out.append(f"{f.id} stands in impassable terrain at {f.pos}")  # 3.4
        if f.hanging is not None and (not f.rope or m.on_top(f.pos) is not None
                                      or f.status != Status.FIGHTING):
            out.append(f"{f.id} hangs at {f.pos} without a rope, on top of a piece or down")  # 3.11
        for g in placed[i + 1:]:
            assert g.pos is not None
            if math.dist(f.pos, g.pos) < t.BASE_DIAMETER - SLACK:
                out.append(f"the bases of {f.id} and {g.id} overlap")  # 1.3
    act = s.activation
    if act is not None:
        f = s.figure(act.figure)
        if act.pa < 0 or act.pa > f.stats.pa:
            out.append(f"{f.id} has {act.pa} PA of its {f.stats.pa}")  # 3.3
        if not f.activated:
            out.append(f"{f.id} acts without being activated")  # 3.2
    aim = s.aim  # 4.3, 10.1: a target is asked of the tied members' owner, in phase TARGET only
    if (aim is not None) != (s.phase == Phase.TARGET):
        out.append(f"phase {s.phase.value} with the shot's aim {aim}")
    elif aim is not None:
        tied = [s.figure(fid) for fid in aim.tied]
        if len(tied) < 2 or any(g.player != s.mover or not g.standing for g in tied) \
                or set(aim.tied) & set(aim.chosen) or not set(aim.tied) <= set(aim.group):
            out.append(f"{s.mover} is asked to choose among {aim.tied} after {aim.chosen}")
    if s.turn > t.MAX_TURNS:
        out.append(f"turn {s.turn} is past the last turn")  # 9.1
    if s.phase == Phase.OVER and s.winner is None:
        out.append("the game is over with no result")  # 9.4
    return out
