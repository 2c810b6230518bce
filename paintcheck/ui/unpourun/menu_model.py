"""The decisions a person may click now (issue 31, item 4): the active figure's activation as a menu of
the actions it can afford, and the other phases' choices. No pygame here.

Every entry is a decision asked of the engine's legality (``Engine.why_illegal``): a greyed entry
carries the engine's refusal, never a rule of the window's. A move is dragged on the table, not
clicked: its entry (Walk, Run, Flee, a failed charge's run, a withdrawal) asks the legality with an
empty path, and the refusal "the path has no point" means every other condition holds: the entry is
then open and says "drag the figure". Charges are offered straight at an enemy (the point base to
base on the line between the two centres); a shot at each enemy with each weapon the figure carries.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from paintcheck.said import Said
from paintcheck.ui.unpourun.zone_places import places
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.measurer import base_to_base
from paintcheck.unpourun.state import Figure, MatchState, Phase

PATH_EMPTY = "unpourun_rules.refusal.path_empty"
SHOWN_ENEMIES = 4  # the nearest enemies offered to charge and to strike (shots: every enemy)


@dataclass(frozen=True)
class Entry:
    """A menu line: its words (``upu_match.menu.<key>`` with ``values``), the decision (None: a drag),
    the engine's refusal (None: open)."""

    key: str
    values: tuple[tuple[str, Any], ...]
    decision: Any
    reason: Said | None
    drag: bool = False

    @property
    def said(self) -> Said:
        return Said(f"upu_match.menu.{self.key}", **dict(self.values))


def _entry(engine: Engine, s: MatchState, key: str, d: Any, **values: Any) -> Entry:
    return Entry(key, tuple(values.items()), d, engine.why_illegal(s, d))


def _drag(engine: Engine, s: MatchState, key: str, d: Any) -> Entry:
    reason = engine.why_illegal(s, d)
    if reason is not None and reason.key == PATH_EMPTY:
        reason = None
    return Entry(key, (), None, reason, drag=True)


def contact_point(f: Figure, e: Figure) -> tuple[float, float]:
    """The point base to base with ``e`` on the line from ``e``'s centre to ``f``'s (a straight charge)."""
    assert f.pos is not None and e.pos is not None
    return base_to_base(e.pos, f.pos)


def entries(engine: Engine, s: MatchState) -> list[Entry]:
    """The clickable decisions of the state, for its mover (the deployment's are dragged: none)."""
    if s.phase == Phase.ROLL_OFF:
        return [_entry(engine, s, "roll_off", a.RollOff())]
    if s.phase == Phase.CHOOSE_ZONE:
        where = places(engine.m.table)  # a zone named where it stands on the screen
        return [_entry(engine, s, f"zone_{where[z]}", a.ChooseZone(z)) for z in (0, 1)]
    if s.phase == Phase.WAVE:
        out = [
            _entry(engine, s, "activate", a.Activate(f.id), figure=f.id)
            for f in s.band(s.mover)
            if f.standing and not f.activated
        ]
        return [*out, _entry(engine, s, "stop_wave", a.StopWave())]
    if s.phase == Phase.FREE_SHOT:
        assert s.free_shot is not None
        x, y = (s.figure(fid) for fid in s.free_shot)
        out = [_entry(engine, s, "free_shot", a.FreeShot(w), weapon=w, target=y.id) for w in x.usable()]
        return [*out, _entry(engine, s, "free_shot_decline", a.FreeShot(""), target=y.id)]
    if s.phase == Phase.WITHDRAW:
        return [
            _drag(engine, s, "withdraw", a.Withdraw(())),
            _entry(engine, s, "withdraw_straight", a.Withdraw(())),
        ]
    if s.phase == Phase.ORDER:
        return [
            _entry(
                engine,
                s,
                "test_first" if not e else "test_first_enemy",
                a.TakeTest(fid, e),
                figure=fid,
                enemy=e,
            )
            for fid, e in s.choices
        ]
    if s.phase == Phase.TARGET:  # 4.3, 10.1: the targets' owner names the next among the tied
        assert s.aim is not None
        shooter = s.aim.shooter
        return [_entry(engine, s, "choose_target", a.ChooseTarget(fid), figure=fid, shooter=shooter)
                for fid in s.aim.tied]
    if s.phase == Phase.ACTIVATION:
        return activation(engine, s)
    return []


def activation(engine: Engine, s: MatchState) -> list[Entry]:
    """The active figure's actions, each with what the engine says of it now."""
    act = s.activation
    assert act is not None
    f = s.figure(act.figure)
    assert f.pos is not None
    if act.charging:
        return [
            _drag(engine, s, "charge_move", a.ChargeMove(())),
            *(
                [
                    _entry(
                        engine,
                        s,
                        "charge_contact",
                        a.ChargeMove((contact_point(f, target),)),
                        target=target.id,
                    )
                ]
                if (target := s.figure(act.charging)).pos is not None
                else []
            ),
            _entry(engine, s, "charge_stop", a.ChargeMove(())),
        ]
    if f.routing and not engine.board.engaged(s, f):
        edges = engine.m.nearest_edges(f.pos)
        return [
            _entry(engine, s, "rout_move", a.RoutMove((), e if len(edges) > 1 else ""), edge=e) for e in edges
        ] + [_drag(engine, s, "rout_path", a.RoutMove(()))]
    here = f.pos
    enemies = sorted(
        (e for e in s.figures if e.player != f.player and e.on_table and e.pos is not None),
        key=lambda e: (math.dist(here, e.pos or here), e.id),
    )
    standing = [e for e in enemies if e.standing]
    out = [_drag(engine, s, "walk", a.Walk(())), _drag(engine, s, "run", a.Run(()))]
    out += [
        _entry(engine, s, "charge", a.Charge(e.id, (contact_point(f, e),)), target=e.id)
        for e in standing[:SHOWN_ENEMIES]
    ]
    out += [_entry(engine, s, "strike", a.Strike(e.id), target=e.id) for e in enemies[:SHOWN_ENEMIES]]
    out.append(_drag(engine, s, "flee", a.Flee(())))
    out += [
        _entry(engine, s, "shoot", a.Shoot(w, e.id), weapon=w, target=e.id)
        for w in f.ranged
        for e in standing
    ]
    if f.medikits:
        out += [
            _entry(engine, s, "medikit", a.Medikit(g.id), target=g.id)
            for g in s.band(f.player)
            if g.on_table and g.pv < g.stats.pv
        ]
    out.append(_entry(engine, s, "end", a.EndActivation()))
    return out
