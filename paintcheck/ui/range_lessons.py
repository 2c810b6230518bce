"""The range's lessons: a list to choose from, the question on its situation, the answer given by
clicks (a choice's button, or a number set with − / + or typed), and the explanation the range
draws once it is answered (``odds.lessons`` computes the right answer from the engine's reading;
no lesson file holds it). Progress is saved in the user's data folder.

While a lesson is asked its situation stays as set (the figures do not move); once it is answered
the terms it is about are lit on the field and in the sum, and the learner may move everything.

The list is checked when it is read: each lesson's answer is computed then
(``lesson_answers.playable``), so a lesson file that parses but cannot be answered is listed greyed
with its problem, one line, and the others play.

``RangeLessons`` owns the list, the progress, the lesson open, the answer given and its outcome; it
is given the range's model (``range_model``: the field, the situation and its reading), the app (to
flash), and the scene's doors: build the panel again, open another field. Its controls and its
drawing are given the frame (where the panel stands).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from paintcheck.field.layout_file import layouts_dir
from paintcheck.odds import lesson_answers, lesson_progress, lessons
from paintcheck.odds.situation import Situation
from paintcheck.printable import printable
from paintcheck.rules.measure import Measurer
from paintcheck.table import Table
from paintcheck.ui import i18n, lesson_veil, theme
from paintcheck.ui.i18n import say, tr
from paintcheck.ui.range_model import RangeFrame, RangeModel
from paintcheck.ui.widgets import Controls

if TYPE_CHECKING:
    from paintcheck.ui.app import App

log = logging.getLogger(__name__)
MAX_PROBLEM = 240  # characters of a lesson's problem shown in the list

REVEAL_AFTER = 2  # wrong answers before the range gives the answer and its explanation
START = {"required": 10}  # the number a question starts from (0 for any other)


class RangeLessons:
    """The lessons of the range: chosen, asked, answered, explained."""

    def __init__(self, model: RangeModel, app: App, rebuild: Callable[[], None],
                 open_field: Callable[[Path, Situation | None], bool]) -> None:
        self.model = model
        self.app = app
        self.rebuild = rebuild
        self.open_field = open_field
        self.lesson: lessons.Lesson | None = None
        self.listing = False
        self.catalogue: list[lessons.Lesson] | None = None
        self.unplayable: list[lessons.LessonFile] = []  # lesson files listed with their problem
        self.unplayable_top = 0  # where the list draws their problems (set by ``lesson_controls``)
        self.progress: lesson_progress.Progress | None = None
        self.given = "0"
        self.wrong = 0
        self.outcome: str | None = None  # None (asked), "wrong", "right", "shown"
        # (what the explanation was worded for, its lines)
        self._explained: tuple[object, list[str]] = (None, [])
        # where the controls put the question, the number given, the explanation (``lesson_controls``)
        self.question_top = self.explain_top = 0
        self.given_at = (0, 0)

    def close(self) -> None:
        """Another field was opened: a lesson belongs to its field."""
        self.lesson, self.listing, self.outcome = None, False, None

    @property
    def opened(self) -> lessons.Lesson:
        """The lesson open (asked only while one is)."""
        assert self.lesson is not None, "a lesson is open"
        return self.lesson

    @property
    def listed(self) -> tuple[list[lessons.Lesson], lesson_progress.Progress]:
        """The lessons listed and the progress (read when the list was first opened)."""
        assert self.catalogue is not None and self.progress is not None, "the list was opened"
        return self.catalogue, self.progress

    # -- choosing -----------------------------------------------------------------------------------
    def open_lessons(self) -> None:
        """The list of lessons (again: closed)."""
        if self.listing or self.lesson is not None:
            self.close_lesson()
            return
        if self.catalogue is None:
            files = lesson_answers.playable(lessons.read_lessons(), self.lesson_measurer())
            self.catalogue = [f.lesson for f in files if f.problem is None and f.lesson is not None]
            self.unplayable = [f for f in files if f.problem is not None]
            for f in self.unplayable:
                log.warning("lesson %s", f.problem)
            self.progress = lesson_progress.Progress.load()
            if self.progress.problem:
                problem = say(self.progress.problem)
                self.app.flash(tr("range.lessons.progress_unread", problem=problem), error=True)
        self.listing = True
        self.rebuild()

    def lesson_measurer(self) -> Callable[[str], Measurer]:
        """The measurer of a lesson's shipped layout (by its file name): the range's own when it is
        the field shown, else one built for the list's checks (``LayoutError`` when it cannot be)."""
        built: dict[str, Measurer] = {}

        def measurer(layout: str) -> Measurer:
            path = layouts_dir() / layout
            if path == self.model.layout_file:
                return self.model.m
            if layout not in built:
                built[layout] = Table.from_file(path).measurer
            return built[layout]

        return measurer

    def start_lesson(self, lesson: lessons.Lesson) -> None:
        path = lessons.layout_path(lesson)
        if path != self.model.layout_file and not self.open_field(path, lesson.situation):
            return
        self.model.situation = lesson.situation
        self.lesson, self.listing = lesson, False
        self.model.map = None  # a map's chances would tell the odds the question hides
        self.given = str(START.get(lesson.question.ask, 0))
        self.wrong, self.outcome = 0, None
        self.app.message = None
        self.rebuild()

    def close_lesson(self) -> None:
        self.lesson, self.listing, self.outcome = None, False, None
        self.rebuild()

    def next_lesson(self) -> None:
        catalogue, progress = self.listed
        ids = [x.id for x in catalogue]
        i = ids.index(self.opened.id)
        rest = [x for x in catalogue[i + 1:] + catalogue[:i] if not progress.done(x.id)]
        self.start_lesson(rest[0] if rest else catalogue[(i + 1) % len(ids)])

    @property
    def asking(self) -> bool:
        """A lesson waits for its answer: its situation stays as it is."""
        return self.lesson is not None and self.outcome in (None, "wrong")

    @property
    def veil(self) -> lesson_veil.Veil:
        """What the panel and the field do not write while the lesson asks (``lesson_veil``)."""
        r = self.model.reading
        if not self.asking or r is None or self.lesson is None:
            return lesson_veil.NO_VEIL
        return lesson_veil.veil(self.lesson, r)

    # -- answering ------------------------------------------------------------------------------------
    def answer_with(self, given: object) -> None:
        lesson = self.opened
        try:
            right = lesson_answers.check(self.model.m, lesson, given)
        except lessons.LessonError as exc:  # checked when listed: only a field changed since says this
            log.warning("lesson %s", exc, exc_info=True)
            problem = _problem(lessons.problem_of(exc))
            self.app.flash(tr("range.lessons.unplayable", problem=problem), error=True)
            return
        progress = self.progress
        assert progress is not None, "the progress is read with the list, before any lesson"
        progress.record(lesson.id, right)
        try:
            progress.save()
        except OSError as exc:
            self.app.flash(tr("range.lessons.progress_unsaved", error=exc.strerror or exc), error=True)
        if right:
            self.outcome = "right"
        else:
            self.wrong += 1
            self.outcome = "shown" if self.wrong >= REVEAL_AFTER else "wrong"
        self.rebuild()

    def step_given(self, by: int) -> None:
        value = lesson_answers.normalise(self.opened, self.given)
        self.given = str((value if isinstance(value, int) else 0) + by)
        self.rebuild()

    def lesson_controls(self, c: Controls, frame: RangeFrame) -> int:
        """The list's buttons, or the answer's (called at the end of the scene's ``rebuild``);
        returns where the sum begins under them."""
        px, pw, sum_top = frame.px, frame.pw, frame.sum_top
        if self.listing:
            c.at(px, sum_top + 22, pw)
            half = (pw - 8) // 2
            catalogue, progress = self.listed
            for lesson in catalogue:
                title = lesson.text(i18n.current()).title
                if progress.done(lesson.id):
                    title = tr("range.lessons.done", title=title)
                c.add(f"lesson-{lesson.id}", title, lambda x=lesson: self.start_lesson(x),
                      width=half, hint=tr(f"range.ask.{lesson.question.ask}"))
            for f in self.unplayable:  # greyed, with their problem
                title = f.lesson.text(i18n.current()).title if f.lesson is not None else printable(f.source)
                c.add(f"lesson-file-{printable(f.source)}", title, None,
                      tr("range.lessons.unplayable", problem=_problem(f.problem or "")), width=half)
            c.newline()
            self.unplayable_top = c.bottom + 8
            return sum_top
        lesson = self.opened
        self.question_top = sum_top
        c.at(px, sum_top + self.question_height(pw), pw)
        if self.asking:
            if lesson.choices:
                for choice in lesson.choices:
                    c.add(f"answer-{choice}", choice_words(choice), lambda x=choice: self.answer_with(x))
            else:
                c.add("answer-minus", "−", lambda: self.step_given(-1), width=36)
                c.label_space(64)
                self.given_at = (c.x - 64, c.y)
                c.add("answer-plus", "+", lambda: self.step_given(1), width=36)
                c.add("answer-submit", tr("range.lesson.answer"), lambda: self.answer_with(self.given),
                      primary=True)
        else:
            c.add("lesson-next", tr("range.lesson.next"), self.next_lesson, primary=True)
            c.add("lesson-again", tr("range.lesson.again"), lambda: self.start_lesson(lesson))
        c.add("lesson-list", tr("range.lesson.all"), self.show_list)
        c.newline(8)
        self.explain_top = c.bottom + 2
        return self.explain_top + self.explanation_height(pw) + 8

    def show_list(self) -> None:
        self.lesson, self.listing, self.outcome = None, True, None
        self.rebuild()

    def lesson_event(self, event: pygame.event.Event, frame: RangeFrame) -> bool:
        """Keys while a number is asked: digits and minus type it, Backspace erases, Enter answers.
        A press on a figure while a lesson is asked does not take it."""
        if self.asking and not self.opened.choices and event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer_with(self.given)
                return True
            if event.key == pygame.K_BACKSPACE:
                self.given = self.given[:-1] or "0"
                self.rebuild()
                return True
            if event.unicode and event.unicode in "0123456789-":
                self.given = (event.unicode if self.given in ("0", "") else self.given + event.unicode)[:4]
                self.rebuild()
                return True
        if self.asking and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and frame.field_area.collidepoint(event.pos) and frame.figure_near(self.model, event.pos):
            self.app.flash(tr("range.lesson.figures_stay"), error=True)
            return True
        return False

    # -- what is lit ------------------------------------------------------------------------------------
    def lesson_terms(self) -> set[int]:
        """The terms the answered lesson is about (their labels hold one of its highlight words)."""
        r = self.model.reading
        if self.lesson is None or self.asking or r is None:
            return set()
        words = self.lesson.highlight
        return {i for i, t in enumerate(r.terms) if any(w in t.label for w in words)}

    # -- drawing ---------------------------------------------------------------------------------------
    def question_lines(self, width: int) -> list[str]:
        """The question, wrapped to the panel's ``width``."""
        words = self.opened.text(i18n.current())
        return theme.wrap(tr("range.lesson.question", title=words.title, words=words.words), 15, width)

    def question_height(self, width: int) -> int:
        return 20 * len(self.question_lines(width)) + 6

    def explanation_lines(self, width: int) -> list[str]:
        """The outcome and the explanation in the window's language, wrapped (worded once for each
        outcome, language and width: the panel draws them every frame)."""
        if self.lesson is None or self.outcome is None:
            return []
        if self.outcome == "wrong":
            return [tr("range.lesson.wrong")]
        m = self.model.m
        key = (self.lesson, self.outcome, i18n.current(), width, self.model.layout_file)
        if self._explained[0] != key:
            lesson = self.lesson
            shot = lesson_answers.asked_shot(m, lesson)

            def word(name: str, value) -> str:
                return sum_line(shot) if name == "sum" else value_words(name, value)

            explained = lesson_answers.explanation(m, lesson, i18n.current(), word)
            if self.outcome == "right":
                text = tr("range.lesson.right", explanation=explained)
            else:
                text = tr("range.lesson.shown", answer=answer_words(lesson_answers.answer(m, lesson)),
                          explanation=explained)
            self._explained = (key, theme.wrap(text, 14, width))
        return self._explained[1]

    def explanation_height(self, width: int) -> int:
        return 18 * len(self.explanation_lines(width))

    def draw_unplayable(self, surface: pygame.Surface, frame: RangeFrame) -> None:
        """Under the list, each lesson that cannot be played with its problem."""
        y = self.unplayable_top
        for f in self.unplayable:
            for line in theme.wrap(tr("range.lessons.unplayable", problem=_problem(f.problem or "")), 13,
                                   frame.pw)[:3]:
                theme.blit_text(surface, line, (frame.px, y), 13, theme.TEXT_WARN)
                y += 17
            y += 3

    def draw_lesson(self, surface: pygame.Surface, frame: RangeFrame, y: int) -> int:
        """The question above its buttons, the outcome and explanation under them; returns where
        the sum begins."""
        if self.listing:
            return y
        qy = self.question_top
        for line in self.question_lines(frame.pw):
            theme.blit_text(surface, line, (frame.px, qy), 15, theme.SELECT)
            qy += 20
        if self.asking and not self.opened.choices:
            x, by = self.given_at
            theme.blit_text(surface, self.given, (x + 32, by + 14), 18, theme.TEXT, True, anchor="center")
        ey = self.explain_top
        colour = {"wrong": theme.TEXT_WARN, "right": theme.TEXT_GOOD}.get(self.outcome or "", theme.TEXT)
        for line in self.explanation_lines(frame.pw):
            theme.blit_text(surface, line, (frame.px, ey), 14, colour)
            ey += 18
        return y


# -- words ---------------------------------------------------------------------------------------------
def _problem(problem: str) -> str:
    """A lesson's problem as the list shows it (a ``Said`` naming the file and the entry, worded in
    the window's language): printable, and cut short."""
    text = printable(say(problem))
    return text if len(text) <= MAX_PROBLEM else text[:MAX_PROBLEM - 1] + "…"


def choice_words(choice: str) -> str:
    """A choice's button: a number as it is, a word (graze, possible…) in the window's language."""
    return choice if choice.lstrip("-").isdigit() else tr(f"range.choice.{choice}")


def answer_words(value) -> str:
    """An answer inside a sentence: a number for the language, a word (graze, possible…) translated."""
    return i18n.number(value) if isinstance(value, int) else tr(f"range.answer.{value}")


def value_words(name: str, value) -> str:
    """One placeholder of an explanation in the window's language
    (``odds.lesson_answers.explanation_values``): the measures with a decimal comma in French, the
    engine's reasons worded."""
    if name == "answer":
        return answer_words(value)
    if isinstance(value, float):
        return i18n.number(value, lesson_answers.DECIMALS[name])
    if isinstance(value, int):
        return i18n.number(value)
    return say(value)


def sum_line(shot) -> str:
    """The sum as ``odds.lessons.sum_words`` writes it, in the window's language: '10 (simple) − 1
    (distance) = 9 contre 10 (cylindre à genoux) = 10 → il faut 12'."""
    if shot.lost:
        return tr("range.sum.lost", lost=say(shot.lost))

    def parts(terms) -> str:
        out = ""
        for i, t in enumerate(terms):
            sign = "+" if t.value >= 0 else "−"
            label = say(t.label)
            out += f"{t.value} ({label})" if i == 0 else f" {sign} {abs(t.value)} ({label})"
        return out

    return tr("range.sum.line", shot=parts(shot.shot_terms), shot_value=shot.shot_value,
              against=parts(shot.protection_terms), protection=shot.protection, required=shot.required)
