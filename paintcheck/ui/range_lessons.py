"""The range's lessons: a list to choose from, the question, the answer given by clicks, and the
explanation the range draws once it is answered (``odds.lessons`` computes the right answer)."""

from __future__ import annotations


class RangeLessons:
    """The lessons' part of ``RangeScene``."""

    def init_lessons(self) -> None:
        self.lesson = None

    def open_lessons(self) -> None:
        self.app.flash("Lessons are not ready yet.", error=True)

    def lesson_controls(self, c) -> None:
        pass

    def lesson_event(self, event) -> bool:
        return False

    def draw_lesson(self, surface, y: int) -> int:
        return y
