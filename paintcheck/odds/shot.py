"""Exact odds of one shot: the d20, the critical, the fumble, the dodge (RULES 7.1–7.5, 9.1–9.4).

``shot_odds(required, dodge_dice)`` walks the engine's own chance nodes (``rules.chance``: the
branches the resolution takes, ``ResolutionPhases._resolve_entry`` and ``dodge``, as data), every
number read from ``rules.tables`` at call time:

* each face of the shot's die (``chance.shot_faces``): a fumble is a miss whatever the margin
  (RULES 7.2), its outcomes the fumble table's chance node (``chance.fumble_outcomes``, RULES 7.5);
  a critical adds an exploding die (RULES 7.3), so a roll needing 21+ can still hit; otherwise
  ``chance.hits`` (margin = face − required + 1 >= 1, RULES 7.1, 7.4).
* a hit (``chance.after_hit``): an elimination when the target is allowed no dodge die; dodged
  without rolling, one die counted, for a margin of ``FREE_DODGE_MARGIN`` (RULES 9.2, B p.36);
  otherwise the coach rolls his dice one at a time while margin is left, each an exploding die (its
  exploding face rolled again while margin is left, ``chance.rolls_again``: stopping early never
  changes whether the margin is gone, only how many faces were rolled), and the margin brought to
  <= 0 is a dodge with that many dice: 1 die → 1 boulet, 2 dice → 4 (RULES 9.4). The engine offers
  the coach no other decision while margin is left (``Dodge`` is the only one), so he always rolls
  his next die. docs/rules-decisions.md, docs/odds.md.

Everything is exact (``Fraction``), with no truncation: the dodge after a plain roll is a finite sum,
and the critical's unbounded bonus is summed in closed form (``exploding.ExplodingDie.beats``).
Only the margin's distribution, which has infinitely many values, is listed up to a bound: ``margin``
holds P(margin = m) exactly for every m up to its largest key, and ``margin_tail`` is the exact
probability of all the margins above (below ``MARGIN_TAIL``, 1e-15).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from paintcheck.odds.exploding import ONE, ZERO, ExplodingDie
from paintcheck.rules import chance, tables
from paintcheck.said import Said

REQUIRED_LIMIT = 1000  # a required roll further from 0 is no shot of the rules (and a long loop)
MARGIN_TAIL = Fraction(1, 10**15)  # ``margin`` is listed until what is left above is below this
KEYS = ("hit", "miss", "fumble", "dodged_one_die", "dodged_two_dice", "eliminated")


class OddsError(ValueError):
    """A question the odds cannot answer (a dodge dice count the rules never allow)."""


@dataclass(frozen=True)
class ShotOdds:
    """The exact probabilities of one shot needing ``required`` against a target allowed
    ``dodge_dice`` dodge dice. ``hit + miss = 1``; ``hit = sum(dodged.values()) + eliminated``."""

    required: int
    dodge_dice: int
    hit: Fraction
    miss: Fraction
    fumble: Fraction  # natural 1 (RULES 7.2), part of ``miss``
    fumble_outcomes: dict[str, Fraction]  # "technical" / "messy_paint" / "reload" (RULES 7.5)
    dodged: dict[int, Fraction]  # dice used (1 .. dodge_dice) -> a hit dodged with them (RULES 9.2)
    eliminated: Fraction  # a hit not dodged: to the dead zone (RULES 9.1)
    boulets: dict[int, int]  # dice used -> boulets the dodge gives (RULES 9.4)
    margin: dict[int, Fraction] = field(default_factory=dict)  # margin (>= 1) -> P(a hit with it)
    margin_tail: Fraction = ZERO  # P(a hit with a margin above those listed in ``margin``)

    @property
    def dodged_one_die(self) -> Fraction:
        return self.dodged.get(1, ZERO)

    @property
    def dodged_two_dice(self) -> Fraction:
        return self.dodged.get(2, ZERO)

    def exact(self) -> dict[str, Fraction]:
        """The six headline probabilities, exact."""
        return {key: getattr(self, key) for key in KEYS}

    def as_json(self) -> dict[str, Any]:
        """Floats, JSON-ready: the six keys, ``margin`` (its keys are the margins, as strings),
        ``margin_tail``, the fumble's outcomes, the boulets by dice used, and the question."""
        return {
            **{key: float(value) for key, value in self.exact().items()},
            "margin": {str(m): float(p) for m, p in self.margin.items()},
            "margin_tail": float(self.margin_tail),
            "fumble_outcomes": {name: float(p) for name, p in self.fumble_outcomes.items()},
            "boulets": {str(d): b for d, b in self.boulets.items()},
            "required": self.required,
            "dodge_dice": self.dodge_dice,
        }


def max_dodge_dice() -> int:
    """The most dodge dice the rules ever allow (RULES 9.2, 9.7; B p.33)."""
    return max((*tables.DODGE_DICE, tables.REDODGE_DICE, tables.PREBUNKER_FREE_DODGE_DICE))


@functools.lru_cache(maxsize=8)
def _die(faces: int, explode: int | None) -> ExplodingDie:
    """One exploding die per shape: its memo holds only exact functions of its faces and exploding
    face, so queries share it (the shape itself is read from ``chance`` at every call)."""
    return ExplodingDie(explode, faces)


def shot_odds(required: int, dodge_dice: int) -> ShotOdds:
    """Exact odds of one shot (RULES 7.1–7.5, 9.1–9.4); see the module's docstring."""
    if isinstance(required, bool) or not isinstance(required, int):
        raise OddsError(Said("rules.odds.required_whole", value=repr(required)))
    if abs(required) > REQUIRED_LIMIT:
        raise OddsError(Said("rules.odds.required_range", lowest=-REQUIRED_LIMIT, highest=REQUIRED_LIMIT,
                             value=required))
    top = max_dodge_dice()
    if isinstance(dodge_dice, bool) or not isinstance(dodge_dice, int) or not 0 <= dodge_dice <= top:
        raise OddsError(Said("rules.odds.dodge_dice", top=top, value=repr(dodge_dice)))
    return _Query(_die(*chance.exploding_faces()), required, dodge_dice).odds()


class _Query:
    """One shot's odds being summed: the d20's faces, then the critical's bonus, then the dodge."""

    def __init__(self, die: ExplodingDie, required: int, dodge_dice: int) -> None:
        self.die, self.required, self.k = die, required, dodge_dice
        self.dodged = dict.fromkeys(range(1, dodge_dice + 1), ZERO)
        self.eliminated = self.miss = self.fumble = ZERO
        self.margin: dict[int, Fraction] = {}
        self.margin_tail = ZERO

    def odds(self) -> ShotOdds:
        for face, p in chance.shot_faces(self.required):
            if face.fumble:  # always a miss, and a fumble (RULES 7.2)
                self.miss += p
                self.fumble += p
            elif face.critical:  # an exploding die added (RULES 7.3)
                self.critical(face.margin, p)
            elif chance.hits(face):
                self.hit_with(face.margin, p)
            else:
                self.miss += p
        hit = ONE - self.miss
        margin = dict(sorted(self.margin.items()))
        return ShotOdds(
            required=self.required,
            dodge_dice=self.k,
            hit=hit,
            miss=self.miss,
            fumble=self.fumble,
            fumble_outcomes={name: self.fumble * p for name, p in chance.fumble_outcomes()},
            dodged=self.dodged,
            eliminated=self.eliminated,
            boulets={j: tables.boulets_for_dice(j) for j in self.dodged},
            margin=margin,
            margin_tail=self.margin_tail,
        )

    def hit_with(self, m: int, weight: Fraction) -> None:
        """A hit with margin ``m`` (>= 1), of probability ``weight``: the dodge (RULES 9.1–9.2)."""
        self.margin[m] = self.margin[m] + weight if m in self.margin else weight
        after = chance.after_hit(m, self.k)
        if after == chance.ELIMINATED:
            self.eliminated += weight
        elif after == chance.DODGED_AT_ONCE:  # dodged without rolling, one die counted  [B p.36]
            self.dodged[1] += weight
        else:
            before = ZERO
            for j in range(1, self.k + 1):
                now = self.die.at_least(j, m)
                self.dodged[j] += weight * (now - before)
                before = now
            self.eliminated += weight * (ONE - before)

    def critical(self, c: int, weight: Fraction) -> None:
        """A natural 20 of probability ``weight``: margin c + B, B the exploding bonus (RULES 7.3)."""
        die = self.die
        # the bonus's first dice decide whether it is a hit at all, or one dodged without rolling
        while not chance.lands(c + 1) or chance.dodged_at_once(c + 1):
            for f in die.stops:
                if chance.lands(c + f):
                    self.hit_with(c + f, weight * die.p)
                else:
                    self.miss += weight * die.p
            if die.explode is None:
                return
            weight *= die.p
            c += die.explode
        # every margin c + B now hits and is dodged with dice: the dodge against the whole bonus,
        # in closed form
        before = ZERO  # P(X − B >= c) with no dodge die: P(B <= −c) = 0 for c >= 1
        for j in range(1, self.k + 1):
            now = die.beats(j, c)
            self.dodged[j] += weight * (now - before)
            before = now
        self.eliminated += weight * (ONE - before)
        self.list_margins(c, weight)

    def list_margins(self, c: int, weight: Fraction) -> None:
        """The margins c + B of a critical of probability ``weight`` whose bonus B is now free."""
        die, margin = self.die, self.margin
        if die.explode is None:
            for f in die.stops:
                margin[c + f] = margin[c + f] + weight * die.p if c + f in margin else weight * die.p
            return
        # B = j·e + f (j re-rolls, then face f) has probability p^(j+1). Margins up to c + (J+1)·e come
        # only from j <= J: list them all. What is left (j > J, or j = J above the top) is at most
        # 6·weight·p^(J+1): stop at the first J that makes it < MARGIN_TAIL.
        e, chance, shown = die.explode, weight * die.p, []
        while True:
            shown.append(chance)
            if chance * die.faces < MARGIN_TAIL:
                break
            chance *= die.p
        top = c + len(shown) * e
        for j, chance in enumerate(shown):
            for f in die.stops:
                m = c + j * e + f
                if m <= top:
                    margin[m] = margin[m] + chance if m in margin else chance
        self.margin_tail += weight * die.at_least(1, top - c + 1)  # P(c + B > top), exactly
