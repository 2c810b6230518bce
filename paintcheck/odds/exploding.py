"""The exploding d6 of criticals and dodges (RULES 7.3, 9.2), exactly, in rationals.

A die shows 1 to 6; when it shows ``tables.EXPLODING_FACE`` it is rolled again and added, again and
again. Its total X has infinitely many values, but every probability the odds need is still a finite
computation with ``fractions.Fraction``, exact, no truncation:

* ``at_least(k, m)`` = P(X1 + … + Xk >= m) for k independent exploding dice. Every die adds at least
  1, so m <= k gives 1; otherwise the first die either stops on a face f (k − 1 dice must make
  m − f) or explodes (it adds the exploding face e and is a fresh exploding die: k dice must make
  m − e). m decreases at every step, so the recursion ends.
* ``beats(k, c)`` = P(X1 + … + Xk − B >= c), where B is one more exploding die (a critical's bonus
  set against the dodge dice). Roll B's first die and X1's first die together: when both explode
  (probability 1/36) they add e each, the difference is unchanged and the question is the same
  one again; otherwise one of them has stopped and what is left is ``at_least`` or ``beats`` with
  one die fewer. So beats(k, c) = q·T + q·beats(k, c) with q = 1/36 and T a finite sum, and
  beats(k, c) = q·T / (1 − q): the infinite series summed in closed form.
* ``shows(b)`` = P(B = b), for the distribution of a critical's margin.

The die's size and exploding face are the engine's (``rules.chance.exploding_faces``, as
``step.Step.exploding_d6`` and ``ResolutionPhases.dodge`` roll it), read when a die is made, so a
corrected table reaches the odds.
"""

from __future__ import annotations

from fractions import Fraction

FACES = 6  # the engine rolls a d6 for a critical's bonus and for each dodge die
ONE = Fraction(1)
ZERO = Fraction(0)


class ExplodingDie:
    """An exploding d6 whose face ``explode`` is rolled again and added (no face: it never explodes).

    One instance memoises its own answers; make a new one per query (tables are read at call
    time, not at import)."""

    def __init__(self, explode: int | None, faces: int = FACES) -> None:
        self.faces = faces
        self.p = Fraction(1, faces)
        self.explode = explode if explode is not None and 1 <= explode <= faces else None
        self.stops = tuple(f for f in range(1, faces + 1) if f != self.explode)
        self._at_least: dict[tuple[int, int], Fraction] = {}
        self._beats: dict[tuple[int, int], Fraction] = {}
        self._shows: dict[int, Fraction] = {}
        gaps: dict[int, int] = {}  # fb − fx -> how many pairs of stopping faces give it
        for fb in self.stops:
            for fx in self.stops:
                gaps[fb - fx] = gaps.get(fb - fx, 0) + 1
        self.gaps = tuple(gaps.items())

    def at_least(self, k: int, m: int) -> Fraction:
        """P(X1 + … + Xk >= m) for ``k`` exploding dice (RULES 9.2: a dodge with k dice)."""
        if m <= k:  # every die adds at least 1
            return ONE
        if k == 0:
            return ZERO
        key = (k, m)
        value = self._at_least.get(key)
        if value is None:
            total = sum((self.at_least(k - 1, m - f) for f in self.stops), ZERO)
            if self.explode is not None:
                total += self.at_least(k, m - self.explode)
            value = self._at_least[key] = total * self.p
        return value

    def beats(self, k: int, c: int) -> Fraction:
        """P(X1 + … + Xk − B >= c): ``k`` dodge dice against one more exploding die B (a
        critical's bonus, RULES 7.3), summed in closed form (see the module's docstring)."""
        if k == 0:  # P(−B >= c) = P(B <= −c) = 1 − P(B >= 1 − c)
            return ONE - self.at_least(1, 1 - c)
        key = (k, c)
        value = self._beats.get(key)
        if value is not None:
            return value
        total = ZERO
        for gap, pairs in self.gaps:  # B stops on fb, X1 on fx: k − 1 dice must make c + fb − fx
            total += pairs * self.at_least(k - 1, c + gap)
        q = self.p * self.p
        if self.explode is None:
            value = q * total
        else:
            e = self.explode
            for f in self.stops:
                total += self.at_least(k, c + f - e)  # B stops on f, X1 explodes: k fresh dice
                total += self.beats(k - 1, c + e - f)  # X1 stops on f, B explodes: a fresh B
            value = q * total / (1 - q)  # both explode (q): the same question again
        self._beats[key] = value
        return value

    def shows(self, b: int) -> Fraction:
        """P(B = b) for one exploding die (RULES 7.3: a critical's bonus)."""
        if b < 1:
            return ZERO
        value = self._shows.get(b)
        if value is None:
            value = self.p if b in self.stops else ZERO
            if self.explode is not None and b > self.explode:
                value += self.p * self.shows(b - self.explode)
            self._shows[b] = value
        return value
