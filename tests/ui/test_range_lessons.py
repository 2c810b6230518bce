"""Issue 25, item 3: the lessons ask before they tell. For every kind of question, the words that
say its answer — the asked term's line in the sum, the totals, the required roll, the odds, the
instruments' labels on the field — are not among the strings the range draws while the lesson is
asked (nor after a wrong answer), and are drawn once it is answered. The window is driven by posted
events; what it draws is recorded from ``theme.text`` (``driver.Drawn``)."""

from __future__ import annotations

import pygame
import pytest

from paintcheck.odds import lesson_answers, lessons
from paintcheck.rules.words import posture_word
from paintcheck.ui import i18n
from paintcheck.ui.i18n import say, tr
from tests.ui.driver import Drawn, answer_lesson, move, press, step

SEGMENT_NUMBERS = (200, 200, 200)  # the colour the range writes the protractor's segment numbers in
LESSONS = lessons.load_lessons()
ONE_PER_KIND = {lesson.question.ask: lesson.id for lesson in reversed(LESSONS)}  # the first of each
VARIANTS = ("08-cone-standing", "17-second-target")  # a possible shot; a question on the second shot


def test_every_kind_of_question_is_walked():
    assert set(ONE_PER_KIND) == set(lessons.ASKS)


@pytest.fixture(scope="module")
def window(tmp_path_factory):
    """One range for the module's lessons (a window takes seconds to open)."""
    from paintcheck.ui.app import App

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
        app = App((1600, 1000), seed=7)
        step(app)
        press(app, "learn")
        yield app
        pygame.quit()


def frames(app, drawn: Drawn) -> list[tuple[str, tuple]]:
    """What the range draws: a frame with the field's words, then one with each line of the sum
    hovered (lighting its drawing)."""
    drawn.frame(app)
    for rect, _ in list(app.scene.view.term_rects):
        move(app, rect.center)
    move(app, (app.size[0] - 5, app.size[1] - 5))
    return list(drawn.items)


def occurs(run: tuple, drawn: list[tuple[str, tuple]]) -> bool:
    """Whether ``run`` (strings, or (string, colour)) is drawn, one string right after the other."""
    want = [w if isinstance(w, tuple) else (w, None) for w in run]
    for i in range(len(drawn) - len(want) + 1):
        if all(drawn[i + k][0] == words and colour in (None, drawn[i + k][1])
               for k, (words, colour) in enumerate(want)):
            return True
    return False


# -- how the range writes an answer, by kind of question --------------------------------------------------
def term_line(r, i: int) -> tuple[str, str]:
    """A term's line of the sum: its value (signed after the first), then its label."""
    t = r.terms[i]
    return (f"{t.value:+d}" if i else str(t.value), say(t.label))


def terms_holding(r, words: str) -> list[tuple[str, str]]:
    return [term_line(r, i) for i, t in enumerate(r.terms) if words in t.label]


def needs_line(r) -> str:
    dice = {0: "none", 1: "single"}.get(r.dodge_dice, "several")
    return tr(f"range.panel.needs.{dice}", required=r.required, shot=r.shot_value, protection=r.protection,
              dice=r.dodge_dice)


def touch_label(r, lesson, label) -> str:
    """The field's label of an obstacle the line of fire touches: 'graze, low, kneeling: -1'."""
    t = next(t for t in r.terms if t.label == label)
    effect = "cross" if t.label.startswith("crosses") else "graze"
    return tr(f"range.touch.{effect}", height=say(t.label.values["height"]),
              posture=say(posture_word(lesson.situation.shooter.posture)), value=f"{t.value:+d}")


def told(scene, lesson) -> list[tuple]:
    """The runs of strings by which the range tells ``lesson``'s answer once it is answered."""
    r, m, q = scene.reading, scene.m, lesson.question
    answer = lesson_answers.answer(m, lesson)
    odds = r.odds
    runs: list[tuple] = []
    if q.ask == "required":
        runs += [(needs_line(r),), (tr("range.odds.eliminated", chance=i18n.percent(odds.eliminated)),)]
    elif q.ask == "shot_value":
        runs.append((str(r.shot_value), tr("range.panel.total_shot")))
    elif q.ask == "protection":
        runs.append((str(r.protection), tr("range.panel.total_protection")))
    elif q.ask == "band":
        distance = lesson_answers.explanation_values(m, lesson)["distance"]()
        runs += terms_holding(r, "distance")
        runs.append((tr("match.ruler.label", distance=i18n.number(distance, 1), modifier=f"{answer:+d}"),))
    elif q.ask in ("segment", "angle"):
        runs += terms_holding(r, "angle")
        if q.ask == "segment":
            runs.append(((str(answer), SEGMENT_NUMBERS),))
    elif q.ask == "run_angle":
        runs += terms_holding(r, "run angle")
    elif q.ask == "line":
        grazes = next(t.label for t in r.terms if t.label.startswith(("grazes", "crosses")))
        runs += [term_line(r, r.terms.index(next(t for t in r.terms if t.label == grazes))),
                 (touch_label(r, lesson, grazes),)]
    elif q.ask == "possible":
        runs.append((tr("range.panel.no_shot", lost=say(r.lost)) if r.lost else needs_line(r),))
    elif q.ask == "vulnerable_points":
        runs += terms_holding(r, "vulnerable") + [(tr("range.vulnerable", n=len(r.vulnerable)),)]
    elif q.ask == "modifier" and q.shot == 2:
        second = r.second
        runs.append((tr("range.panel.second", required=second.required,
                        chance=i18n.percent(second.odds.eliminated)),))
    elif q.ask == "modifier":
        runs += terms_holding(r, q.term)
        runs += [(touch_label(r, lesson, t.label),) for t in r.terms
                 if t.label.startswith(("grazes", "crosses")) and q.term in t.label]
    elif q.ask == "dodge_dice":
        runs.append((needs_line(r),))
    elif q.ask == "boulets":
        key = "dodged_two_dice" if q.dice == 2 else "dodged_one_die"
        runs.append((tr(f"range.odds.{key}", chance=i18n.percent(getattr(odds, key))),))
    assert runs, lesson.id
    return runs


@pytest.mark.slow
@pytest.mark.parametrize("lesson_id", sorted({*ONE_PER_KIND.values(), *VARIANTS}))
def test_a_lesson_asks_before_it_tells(window, monkeypatch, lesson_id):
    app = window
    scene = app.scene
    press(app, "lesson-list" if scene.lessons.lesson is not None else "lessons")
    press(app, f"lesson-{lesson_id}")
    lesson = scene.lessons.lesson
    assert lesson.id == lesson_id and scene.lessons.asking
    runs = told(scene, lesson)
    drawn = Drawn(monkeypatch)
    asked = frames(app, drawn)
    answer_lesson(app, wrong=True)
    assert scene.lessons.outcome == "wrong"
    asked += frames(app, drawn)
    for run in runs:
        assert not occurs(run, asked), (lesson.question.ask, run)
    answer_lesson(app)
    assert scene.lessons.outcome == "right"
    answered = frames(app, drawn)
    for run in runs:
        assert occurs(run, answered), (lesson.question.ask, run)
