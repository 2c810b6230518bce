"""The shot's chance nodes (RULES 7.1–7.5, 9.1–9.4), as data: what each face of each die the
resolution rolls for a shot leads to, and with what probability.

The engine's resolution (``resolution.ResolutionPhases``) takes its branches through these functions
as it rolls; the exact odds (``odds.shot``) walk the same branches with their probabilities, as
OpenSpiel's chance nodes list ``(outcome, probability)``. A number corrected in ``tables`` or a branch
corrected here reaches both.

* the shot's die (``tables.SHOT_DIE``, a d20): ``shot_faces(required)``, each face a ``ShotFace``:
  its margin before a critical's bonus (face − required + 1, RULES 7.1, 7.4), a fumble
  (``NATURAL_MISS``: a miss whatever the margin, RULES 7.2), a critical (``NATURAL_CRITICAL``: an
  exploding die added, RULES 7.3). ``hits(face, bonus)``: a margin of 1 or more, never a fumble.
* the fumble table (``tables.FUMBLE_DIE``): ``fumble_outcomes()`` (RULES 7.5).
* the exploding die (``tables.EXPLODING_DIE``, a d6): ``exploding_faces()``; its ``EXPLODING_FACE``
  is rolled again and added (a critical's bonus without end, a dodge die while margin is left:
  ``rolls_again``).
* after a hit: ``after_hit(margin, allowed)``: eliminated (no dodge die), dodged at once (a margin of
  at most ``tables.FREE_DODGE_MARGIN``, one die counted, B p.36), or the coach rolls his dodge dice
  one at a time until no margin is left (``dodged``) or no die (``dodge_over``), RULES 9.1–9.4.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from paintcheck.rules import tables

# what a hit leads to (``after_hit``)
ELIMINATED = "eliminated"  # no dodge die allowed: to the dead zone (RULES 9.1)
DODGED_AT_ONCE = "dodged_at_once"  # a margin of 1: dodged without rolling, one die counted  [B p.36]
ROLLS_DODGE = "rolls_dodge"  # the coach rolls his dodge dice (RULES 9.2)


@dataclass(frozen=True)
class ShotFace:
    """One face of the shot's die and what it makes of a shot needing ``required``."""

    face: int
    margin: int  # face − required + 1, before a critical's bonus (RULES 7.1, 7.4)
    fumble: bool  # a natural miss: a miss whatever the margin, and the fumble table (RULES 7.2)
    critical: bool  # a natural critical: an exploding die is added to the margin (RULES 7.3)


def shot_face(face: int, required: int) -> ShotFace:
    """What ``face`` of the shot's die makes of a shot needing ``required``."""
    return ShotFace(face, face - required + 1, face == tables.NATURAL_MISS, face == tables.NATURAL_CRITICAL)


def shot_faces(required: int) -> tuple[tuple[ShotFace, Fraction], ...]:
    """The shot's chance node: every face of its die, each with its probability."""
    p = Fraction(1, tables.SHOT_DIE)
    return tuple((shot_face(f, required), p) for f in range(1, tables.SHOT_DIE + 1))


def lands(margin: int) -> bool:
    """A margin that hits, the shot's face being no fumble (RULES 7.1)."""
    return margin >= 1


def hits(face: ShotFace, bonus: int = 0) -> bool:
    """Whether ``face`` and a critical's ``bonus`` (0 without one) hit (RULES 7.1–7.4)."""
    return not face.fumble and lands(face.margin + bonus)


def fumble_outcomes() -> tuple[tuple[str, Fraction], ...]:
    """The fumble table's chance node (RULES 7.5): each outcome with its probability, in the order the
    table's faces first give them."""
    counts: dict[str, int] = {}
    for d in range(1, tables.FUMBLE_DIE + 1):
        outcome = tables.fumble_outcome(d)
        counts[outcome] = counts.get(outcome, 0) + 1
    return tuple((name, Fraction(n, tables.FUMBLE_DIE)) for name, n in counts.items())


def exploding_faces() -> tuple[int, int | None]:
    """The exploding die: its number of faces and the face rolled again and added (RULES 7.3, 9.2)."""
    return tables.EXPLODING_DIE, tables.EXPLODING_FACE


def explodes(face: int) -> bool:
    """Whether a face of the exploding die is rolled again and added (a critical's bonus)."""
    return face == tables.EXPLODING_FACE


def rolls_again(face: int, margin_left: int) -> bool:
    """Whether a dodge die's last face is rolled again and added: it explodes while margin is left
    (B p.21–22, p.41)."""
    return explodes(face) and margin_left > 0


def after_hit(margin: int, allowed: int) -> str:
    """What a hit with ``margin`` on a target allowed ``allowed`` dodge dice leads to: ``ELIMINATED``,
    ``DODGED_AT_ONCE`` or ``ROLLS_DODGE`` (RULES 9.1–9.2)."""
    if allowed == 0:
        return ELIMINATED
    if dodged_at_once(margin):
        return DODGED_AT_ONCE
    return ROLLS_DODGE


def dodged_at_once(margin: int) -> bool:
    """A hit by so little that a target allowed a dodge die dodges it without rolling  [B p.36]."""
    return margin <= tables.FREE_DODGE_MARGIN


def dodged(margin_left: int) -> bool:
    """The dodge dice rolled so far took the whole margin (RULES 9.2)."""
    return margin_left <= 0


def dodge_over(margin_left: int, used: int, allowed: int) -> bool:
    """No margin left, or no dodge die left: the dodge is decided (RULES 9.2)."""
    return dodged(margin_left) or used >= allowed
