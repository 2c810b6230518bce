"""The speed test (RULES 11.1–11.2; B p.24–27), once: its modifiers, whether a shooter fires last, and
the chance that one test beats another. The engine's resolution rolls with them (``resolution``) and
the ``hard`` coach forecasts with them (``ai.hard``): a corrected number of ``tables`` reaches both.

A speed test is the speed die (``tables.SPEED_DIE``) plus its modifiers; the higher fires first, an
equal score is simultaneous (RULES 11.4, 11.5). A shooter who moved more than
``tables.SPEED_SHOOTS_LAST_ABOVE`` vulnerable points before his shot fires last, whatever his roll.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from paintcheck.rules import events as ev
from paintcheck.rules import reasons, tables
from paintcheck.rules.actions import REFLEX, SUPPRESSIVE
from paintcheck.rules.state import ShotEntry
from paintcheck.rules.values import RoundView


@dataclass(frozen=True)
class SpeedModifiers:
    """A shot's speed-test modifiers, each (label, value) in the order the log shows them, and
    whether its shooter fires last (then the modifiers for his run are not counted)."""

    parts: ev.Parts
    last: bool

    @property
    def total(self) -> int:
        return sum(v for _, v in self.parts)


def speed_modifiers(view: RoundView, e: ShotEntry, entries: Iterable[ShotEntry]) -> SpeedModifiers:
    """The modifiers of ``e``'s speed test, read on ``view`` among the round's shots ``entries``: a
    presser shooting at whoever shoots at one of his side, a reflex, each shot after a player's
    first, a side change before the shot, the vulnerable points he ran before it  [B p.24, p.27]."""
    s = view.state
    parts: list[tuple[str, int]] = []
    if e.kind == SUPPRESSIVE:  # a presser who fires anything else loses it  [B p.40]
        presser_team = s.players[e.shooter].team
        if any(x.shooter == e.target and s.players[x.target].team == presser_team for x in entries):
            parts.append((reasons.LABEL_PRESSER, tables.SPEED_PRESSER_BONUS))
    if e.kind == REFLEX:
        parts.append((reasons.LABEL_REFLEX, tables.SPEED_REFLEX_MALUS))
    if e.index:
        parts.append((reasons.label_shot_number(e.index + 1), tables.SPEED_EXTRA_SHOT_MALUS * e.index))
    last = False
    plan = view.plans.get(e.shooter)
    if plan is not None and e.action >= 0:
        if plan.stance_at(e.action).side_changed:
            parts.append((reasons.LABEL_AFTER_SIDE_CHANGE, tables.SPEED_AFTER_SIDE_CHANGE_MALUS))
        if plan.move_action is not None and e.action > plan.move_action:
            n = view.moved_vulnerable(e.shooter)
            if n > tables.SPEED_SHOOTS_LAST_ABOVE:
                last = True
            elif n:
                parts.append((reasons.label_moved_vulnerable(n), tables.SPEED_PER_VULNERABLE_POINT * n))
    return SpeedModifiers(tuple(parts), last)


def beats_chance(delta: int) -> float:
    """P(die + delta > die): the chance that a speed test with ``delta`` more modifiers fires strictly
    before the other (a tie is simultaneous, RULES 11.5), the die read from ``tables`` now."""
    return _beats_chance(tables.SPEED_DIE, delta)


@functools.lru_cache(maxsize=256)
def _beats_chance(die: int, delta: int) -> float:
    delta = max(-die, min(die, delta))  # beyond, the chance no longer moves: 0 or 1
    faces = range(1, die + 1)
    return sum(1 for a in faces for b in faces if a + delta > b) / (die * die)
