"""The exact odds of a shot (``odds.shot.shot_odds``) as floats, remembered by (required, dice).

A coach asks the same few hundred questions again and again; the exact ``Fraction`` sums are made once
per question, then read as floats."""

from __future__ import annotations

import functools

from paintcheck.odds.shot import max_dodge_dice, shot_odds
from paintcheck.rules import tables

LOW, HIGH = -30, 60  # required rolls outside these read as the nearest one: the odds no longer move


@functools.lru_cache(maxsize=1024)
def chances(required: int, dodge_dice: int) -> tuple[float, float, float]:
    """(hit, eliminated, expected boulets given) of one shot needing ``required`` at a target allowed
    ``dodge_dice`` dice (RULES 7, 9)."""
    required = min(max(required, LOW), HIGH)
    dodge_dice = min(max(dodge_dice, 0), max_dodge_dice())
    odds = shot_odds(required, dodge_dice)
    boulets = sum(float(p) * tables.boulets_for_dice(j) for j, p in odds.dodged.items())
    return float(odds.hit), float(odds.eliminated), boulets


def eliminated(required: int, dodge_dice: int) -> float:
    return chances(required, dodge_dice)[1]
