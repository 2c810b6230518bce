"""What an open lesson hides: its answer, and whatever on the panel or the field would give it away.

A question of the practice range is a question only while its answer is not written beside it. Each
kind of question (``odds.lessons.ASKS``) hides, until it is answered, the parts of the sum, the terms
and the instruments' words that say or compute its answer (``HIDES``: the table of docs/lessons.md);
the range shows them again, lit, with the answer. ``veil(lesson, reading)`` is that decision for one
lesson on one reading: the panel's rows (``range_sum``) and the field's drawing (``range_view``) ask
it what to write. Nothing here draws (no pygame).
"""

from __future__ import annotations

from dataclasses import dataclass

from paintcheck.odds.lessons import Lesson
from paintcheck.odds.situation import SituationReading
from paintcheck.ui.range_sum import (
    LOST_PART,
    NEEDS_PART,
    ODDS_PART,
    PROTECTION_TOTAL,
    SECOND_PART,
    SHOT_TOTAL,
    SUM,
    drawing_of,
)

# what a term of the sum is computed back from
NUMBERS = (SHOT_TOTAL, PROTECTION_TOTAL, NEEDS_PART, ODDS_PART, SECOND_PART)

# the drawings whose words a question may hide (the keys ``range_sum.drawing_of`` gives)
RULER = ("ruler",)  # the band's modifier in the ruler's label, the rings' modifiers, the lit band
PROTRACTOR = ("protractor",)  # the segments' numbers, the lit segment
RUN = ("run",)  # the vulnerable points' marks and count, the sweep's area over them
TOUCHES = ("touches",)  # every obstacle the line of fire touches: its outline and its label
WORDED = ("ruler", "protractor", "obstacle", "run", "second_target")  # drawings that carry words


@dataclass(frozen=True)
class Hides:
    """What one kind of question hides while it is open: parts of the sum, the terms whose labels
    hold one of ``terms``, drawings; ``about``: the terms the lesson is about (its ``highlight``)
    too — a question about a total (a required roll, a value) is otherwise read by adding up the
    terms it teaches."""

    parts: tuple[str, ...]
    terms: tuple[str, ...] = ()
    drawings: tuple[tuple, ...] = ()
    about: bool = False


HIDES: dict[str, Hides] = {
    "required": Hides(NUMBERS, about=True),
    "shot_value": Hides((SHOT_TOTAL, NEEDS_PART, ODDS_PART, SECOND_PART), about=True),
    "protection": Hides((PROTECTION_TOTAL, NEEDS_PART, ODDS_PART, SECOND_PART), about=True),
    "band": Hides(NUMBERS, ("distance",), (RULER,)),
    "segment": Hides(NUMBERS, ("angle",), (PROTRACTOR,)),
    "angle": Hides(NUMBERS, ("angle",), (PROTRACTOR,)),
    "run_angle": Hides(NUMBERS, ("run angle",), (PROTRACTOR,)),
    "line": Hides((SUM, LOST_PART), (), (TOUCHES,)),  # a term there, or none, is the answer
    "possible": Hides((SUM, LOST_PART), (), (TOUCHES,)),  # a sum that ends, or not, is the answer
    "vulnerable_points": Hides(NUMBERS, ("vulnerable", "MOV"), (RUN,)),
    "modifier": Hides(NUMBERS, about=True),  # and the terms its ``term`` names
    "dodge_dice": Hides((NEEDS_PART, ODDS_PART, SECOND_PART)),  # counted in the needs line, seen in the odds
    "boulets": Hides((ODDS_PART,)),  # the odds' legend names the boulets of each dodge
}


@dataclass(frozen=True)
class Veil:
    """What the range does not write while a lesson is asked: the terms (indices in the reading's
    ``terms``) whose values it hides, the parts of the sum, the drawings whose words it hides."""

    terms: frozenset[int] = frozenset()
    parts: frozenset[str] = frozenset()
    drawings: frozenset[tuple] = frozenset()

    def hides(self, part: str) -> bool:
        return part in self.parts or SUM in self.parts

    def hides_term(self, index: int) -> bool:
        return index in self.terms or SUM in self.parts

    def hides_drawing(self, key: tuple | None) -> bool:
        if key is None:
            return False
        return key in self.drawings or (key[0] == "obstacle" and TOUCHES in self.drawings)


NO_VEIL = Veil()


def veil(lesson: Lesson, reading: SituationReading) -> Veil:
    """What ``lesson``'s open question hides on ``reading`` (the range's reading of its situation:
    the first shot's terms, as the panel lists them)."""
    hides = HIDES[lesson.question.ask]
    words = hides.terms + (lesson.highlight if hides.about else ())
    if lesson.question.term:  # a 'modifier' question: the terms it adds up
        words += (lesson.question.term,)
    terms = frozenset(i for i, t in enumerate(reading.terms) if any(w in t.label for w in words))
    drawings = set(hides.drawings)
    drawings |= {key for i in terms if (key := drawing_of(reading.terms[i].label))[0] in WORDED}
    parts = set(hides.parts) | ({SECOND_PART} if lesson.question.shot == 2 else set())
    return Veil(terms, frozenset(parts), frozenset(drawings))
