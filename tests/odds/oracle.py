"""An independent exhaustive enumeration of one shot, for the odds tests (shares no code with
``paintcheck.odds``): every face of every die is walked as the engine rolls it, the dodge die's
re-rolls stopping when no margin is left exactly as ``Engine._dodge`` loops. The critical's bonus
is the only infinite branch: it is cut after ``depth`` re-rolls, which drops a probability of
(1/6)^(depth+1) per critical (``dropped``)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache

SIXTH = Fraction(1, 6)
TWENTIETH = Fraction(1, 20)


@cache
def one_dodge_die(margin: int, explode: int) -> tuple[tuple[int, Fraction], ...]:
    """(margin left, probability) after one dodge die: a d6, its exploding face rolled again and
    added while margin is left."""
    left: dict[int, Fraction] = defaultdict(Fraction)

    def roll(total: int, prob: Fraction) -> None:
        for face in range(1, 7):
            t, p = total + face, prob * SIXTH
            if face == explode and margin - t > 0:
                roll(t, p)
            else:
                left[margin - t] += p

    roll(0, Fraction(1))
    return tuple(left.items())


@cache
def dodge(margin: int, dice: int, explode: int) -> tuple[tuple[str, Fraction], ...]:
    """Outcome of a hit with ``margin`` on a target allowed ``dice`` dodge dice."""
    if dice == 0:
        return (("eliminated", Fraction(1)),)
    if margin == 1:
        return (("dodged_1", Fraction(1)),)
    out: dict[str, Fraction] = defaultdict(Fraction)
    states = {margin: Fraction(1)}
    for used in range(1, dice + 1):
        after: dict[int, Fraction] = defaultdict(Fraction)
        for m, p in states.items():
            for left, q in one_dodge_die(m, explode):
                if left <= 0:
                    out[f"dodged_{used}"] += p * q
                elif used == dice:
                    out["eliminated"] += p * q
                else:
                    after[left] += p * q
        states = after
    return tuple(out.items())


def critical_bonuses(explode: int, depth: int) -> list[tuple[int, Fraction]]:
    """(bonus, probability) of a critical's d6s, cut after ``depth`` re-rolls."""
    out = []

    def roll(total: int, prob: Fraction, rerolls: int) -> None:
        for face in range(1, 7):
            t, p = total + face, prob * SIXTH
            if face != explode:
                out.append((t, p))
            elif rerolls < depth:
                roll(t, p, rerolls + 1)

    roll(0, Fraction(1), 0)
    return out


def enumerate_shot(required: int, dice: int, *, natural_miss: int = 1, natural_critical: int = 20,
                   explode: int = 6, fumble_limits=((5, "technical"), (12, "messy_paint"),
                                                    (20, "reload")), depth: int = 14) -> dict:
    """Every probability of one shot, by walking the dice."""
    tally: dict[str, Fraction] = defaultdict(Fraction)
    margins: dict[int, Fraction] = defaultdict(Fraction)
    for roll in range(1, 21):
        if roll == natural_critical:
            branches = [(roll + bonus, TWENTIETH * p) for bonus, p in critical_bonuses(explode, depth)]
        else:
            branches = [(roll, TWENTIETH)]
        for total, p in branches:
            margin = total - required + 1
            if roll == natural_miss:
                tally["miss"] += p
                tally["fumble"] += p
                for second in range(1, 21):
                    name = next(n for limit, n in fumble_limits if second <= limit)
                    tally["fumble_" + name] += p * TWENTIETH
            elif margin < 1:
                tally["miss"] += p
            else:
                tally["hit"] += p
                margins[margin] += p
                for outcome, q in dodge(margin, dice, explode):
                    tally[outcome] += p * q
    tally["dodged_one_die"] = tally.pop("dodged_1", Fraction(0))
    tally["dodged_two_dice"] = tally.pop("dodged_2", Fraction(0))
    return {"tally": dict(tally), "margin": dict(margins),
            "dropped": TWENTIETH * SIXTH ** (depth + 1) if 1 <= natural_critical <= 20 else Fraction(0)}
