"""The practice range's panel as rows (``ui.range_sum``) and what an open lesson hides
(``ui.lesson_veil``), without a window: an impossible shot says why in its value's place, a hidden
number is a question mark, nothing is hidden once no lesson asks, and the ruler's length is written
in its own band in every language."""

from __future__ import annotations

import random
from functools import cache

import pytest

from paintcheck.field.catalogue import RULER_MARKS
from paintcheck.field.layout_file import load_layout
from paintcheck.odds import lesson_answers, lessons
from paintcheck.rules import tables
from paintcheck.table import Table
from paintcheck.ui import i18n
from paintcheck.ui.i18n import tr
from paintcheck.ui.lesson_veil import HIDES, veil
from paintcheck.ui.range_sum import ASKED, HEADING, LOST, NEEDS, ODDS, TERM, TOTAL, VEILED, sum_rows

LESSONS = {lesson.id: lesson for lesson in lessons.load_lessons()}


@cache
def reading(lesson_id: str):
    lesson = LESSONS[lesson_id]
    m = Table.from_field(load_layout(lessons.layout_path(lesson)).build()).measurer
    return lesson, lesson_answers.reading(m, lesson)


def test_every_kind_of_question_says_what_it_hides():
    assert set(HIDES) == set(lessons.ASKS)


def test_an_impossible_shot_says_why_in_its_value_s_place():
    _, r = reading("07-impossible-prone")
    assert r.lost and r.shot_value is None
    rows = sum_rows(r)
    assert [row.kind for row in rows] == [HEADING, LOST, HEADING, TERM]
    assert rows[1].words == tr("range.panel.no_shot", lost=i18n.say(r.lost))
    assert all("None" not in row.words and row.value != "None" for row in rows)


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_without_a_question_nothing_is_hidden(lesson_id):
    _, r = reading(lesson_id)
    rows = sum_rows(r)
    assert all(row.value != ASKED and row.kind != VEILED for row in rows)
    assert [row.term for row in rows if row.kind == TERM] == list(range(len(r.terms)))


def test_a_runner_s_vulnerable_points_are_a_question_mark_while_asked():
    lesson, r = reading("09-vulnerable-points")
    rows = sum_rows(r, veil=veil(lesson, r))
    count = str(len(r.vulnerable))
    hidden = [row for row in rows if row.kind == TERM and row.value == ASKED]
    assert [r.terms[row.term].label for row in hidden] == ["MOV", f"{count} vulnerable"]
    assert hidden[1].words == tr("range.veil.vulnerable")
    assert not any(count in row.words for row in rows)
    assert [row.value for row in rows if row.kind == TOTAL] == [ASKED, ASKED]  # every total
    assert not any(row.kind in (NEEDS, ODDS) for row in rows)


@pytest.mark.parametrize("lesson_id", ["05-graze-kneeling", "07-impossible-prone", "08-cone-standing"])
def test_whether_the_line_is_touched_or_the_shot_possible_hides_the_whole_sum(lesson_id):
    """A term there or not, a sum that ends or goes on: each would answer."""
    lesson, r = reading(lesson_id)
    assert [row.kind for row in sum_rows(r, veil=veil(lesson, r))] == [HEADING, VEILED]


def test_a_question_on_the_boulets_leaves_the_dodge_dice_and_hides_the_odds():
    lesson, r = reading("15-boulets")
    kinds = [row.kind for row in sum_rows(r, veil=veil(lesson, r))]
    assert NEEDS in kinds and ODDS not in kinds and kinds[-1] == VEILED


def test_a_question_on_a_total_hides_the_terms_the_lesson_teaches():
    lesson, r = reading("21-reflex")
    v = veil(lesson, r)
    assert [r.terms[i].label for i in v.terms] == ["reflex"]
    assert ("shooter",) not in v.drawings  # a figure's drawing says nothing of the answer
    lesson, r = reading("01-distance-band")
    assert ("ruler",) in veil(lesson, r).drawings


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_the_ruler_s_length_is_written_in_its_own_band(locale):
    from paintcheck.ui.overlays import distance_words

    rng = random.Random(25)
    for _ in range(500):
        d = rng.choice(RULER_MARKS) + rng.uniform(-0.1, 0.1)
        try:
            i18n.set_locale(locale)
            shown = distance_words(d)
        finally:
            i18n.set_locale("en")
        number = float(shown.replace(",", "."))  # French writes a decimal comma
        assert tables.distance_band(number) == tables.distance_band(d), (d, shown)
