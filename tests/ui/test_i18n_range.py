"""Issue 17, the practice range: *Learn the instruments* and its lessons in French. Every string the
range draws, puts on a button, a hint or a greyed reason comes from the catalogue (namespace
``range``) or from the lesson file's ``fr`` block; the engine's words are worded by ``i18n.say``;
numbers are Babel's. The walk drives the range by posted mouse events (a shot read, a run, both maps,
a refused situation, lessons answered wrong then right) and finds no English in any frame."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

import pygame
import pytest

from paintcheck.field.lattice import point_name
from paintcheck.field.layout_file import load_layout
from paintcheck.odds import lesson_answers, lesson_progress, lessons
from paintcheck.odds.situation import Figure, Situation, read
from paintcheck.table import Table
from paintcheck.ui import i18n, theme
from paintcheck.ui.i18n import NNBSP, say, tr
from tests.ui.driver import answer_lesson, click, drag, move, press, step
from tests.ui.french import Drawn, assert_french


@cache
def measurer(layout: str):
    return Table.from_field(load_layout(lessons.LESSONS_DIR.parents[1] / "layouts" / layout).build()).measurer


# -- the words the range and the odds say, in both languages ---------------------------------------------
def test_the_lessons_speak_the_languages_the_window_speaks():
    assert lessons.LANGUAGES == i18n.LOCALES


def test_every_refusal_of_a_situation_is_in_the_catalogue_and_says_the_same_english():
    root = lessons.LESSONS_DIR.parents[1]
    source = (root / "paintcheck" / "odds" / "situation.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'_refuse\("(\w+)"', source)) | {"reflex_second", "suppressive_second",
                                                             "shooter_cost", "runner_cost"}
    en, fr = i18n.catalogue("en"), i18n.catalogue("fr")
    for key in keys:
        assert f"range.refuse.{key}" in en and f"range.refuse.{key}" in fr, key
    m = measurer("box21.json")
    base = Situation(Figure((10, 5), "standing", None), Figure((7, -7), "kneeling", "mid-b"))
    refused = 0
    refusals = ({"def_count": 7}, {"kind": "reflex", "supports": 1}, {"kind": "suppressive", "supports": 1},
                {"kind": "reflex", "second_target": Figure((9, -7))}, {"def_after_move": True},
                {"boulets": 5}, {"target": Figure((7, -6))}, {"target": Figure((7, -7), "sitting")},
                {"target": Figure((7, -7), cover="home-w")}, {"shooter": Figure((10, 5), side="left")},
                {"shooter": Figure((7, -7))}, {"weakened_from": (9, -2)}, {"supports": 4},
                {"run": ((7, -5),)}, {"kind": "sideways"})
    for changes in refusals:
        with pytest.raises(ValueError) as info:
            read(m, replace(base, **changes))
        said = info.value.args[0]
        assert getattr(said, "key", "").startswith("range.refuse."), (changes, said)
        assert say(said, "en") == str(said), changes  # the catalogue's English is the engine's
        french = say(said, "fr")
        assert french != str(said) and "RULES" not in french, (changes, french)
        refused += 1
    assert refused == 15


def test_the_window_writes_the_lessons_english_as_the_odds_module_does():
    """The range's own wording (its sum line and values) gives, in English, exactly ``explanation``."""
    from paintcheck.ui.range_lessons import sum_line, value_words

    for lesson in lessons.load_lessons():
        m = measurer(lesson.layout)
        shot = lesson_answers.asked_shot(m, lesson)
        assert sum_line(shot) == lesson_answers.sum_words(shot), lesson.id

        def word(name, value, shot=shot):
            return sum_line(shot) if name == "sum" else value_words(name, value)

        english = lesson_answers.explanation(m, lesson)
        assert lesson_answers.explanation(m, lesson, "en", word) == english, lesson.id


def test_numbers_and_words_in_a_french_explanation():
    from paintcheck.ui.range_lessons import answer_words, choice_words, sum_line, value_words

    try:
        i18n.set_locale("fr")
        assert value_words("distance", 12.44) == "12,4" and value_words("eliminated", 40.0) == "40,0"
        assert value_words("theta", 37.6) == "38" and value_words("answer", -1) == "-1"
        assert answer_words("graze") == "effleure" and answer_words("impossible") == "impossible"
        assert choice_words("cross") == "Traverse" and choice_words("-2") == "-2"
        lesson = next(x for x in lessons.load_lessons() if x.id == "02-required-roll")
        line = sum_line(lesson_answers.asked_shot(measurer(lesson.layout), lesson))
        assert " contre " in line and "→ il faut 19" in line and "against" not in line
    finally:
        i18n.set_locale("en")


def test_a_rule_is_cited_in_the_window_s_language():
    from paintcheck.ui.range_sum import rule_words

    try:
        i18n.set_locale("fr")
        assert rule_words("RULES 8.1 [B p.17]") == "RÈGLES 8.1 [B p.17]"
        assert rule_words(None) == ""
    finally:
        i18n.set_locale("en")
    assert rule_words("RULES 8.1 [B p.17]") == "RULES 8.1 [B p.17]"


# -- the walk in French -------------------------------------------------------------------------------------
@pytest.fixture
def french(monkeypatch):
    from paintcheck.ui.app import App

    application = App((1600, 1000), seed=7, language="fr")
    application.step(1 / 60)
    yield application, Drawn(monkeypatch)
    pygame.quit()
    i18n.set_locale("en")


def frame(app, drawn) -> list[str]:
    """One frame, the field's labels drawn again (the instruments are kept on a surface between
    changes, so a frame after no change draws none of their words)."""
    app.scene.view._overlay_key = None
    return drawn.frame(app)


def _flat(text: str) -> str:
    return " ".join(text.split(" "))


def lesson_lines(scene, lesson) -> set[str]:
    """The lesson's lines the range drew, once checked to be its French words: the question as the
    file's ``fr`` block says it, the explanation from its French template (and none of its English)."""
    fr, en = lesson.text("fr"), lesson.text("en")
    question = scene.lessons.question_lines(scene.pw)
    asked = tr("range.lesson.question", "fr", title=fr.title, words=fr.words)
    assert _flat(" ".join(question)) == _flat(asked)
    lines = scene.lessons.explanation_lines(scene.pw)
    if scene.lessons.outcome in ("right", "shown"):
        text = " ".join(lines)
        head = "Juste. " if scene.lessons.outcome == "right" else "La réponse est "
        assert text.startswith(head), text
        for piece in re.split(r"\{\w*\}", fr.explain):
            for chunk in piece.split(" "):
                assert chunk in text, (lesson.id, chunk)
        for piece in re.split(r"\{\w*\}", en.explain):
            assert len(piece) < 16 or piece not in text, (lesson.id, piece)
        for english in ("against", "needs", "RULES"):
            assert english not in text, (lesson.id, english, text)
    return set(question) | set(lines)


@pytest.mark.slow
def test_the_range_and_its_lessons_draw_no_english_in_french(french):
    seen, data = walk(*french)
    for name, words in seen.items():
        assert words, name
        assert_french(words, data)


def walk(app, drawn) -> tuple[dict[str, list[str]], set[str]]:
    """The range in French, driven by clicks: what each frame drew, and the data among it (the
    field's name, the lessons' own French words once checked)."""
    press(app, "learn")
    scene = app.scene
    assert scene.name == "range"
    data = {scene.table.field.layout.name}
    seen = {"range": frame(app, drawn)}
    assert tr("range.title", "fr", field=scene.table.field.layout.name) in seen["range"]
    assert "Debout" in seen["range"] and "Tireur" in seen["range"]

    # a shot read: a line of the sum hovered, its drawing lit; the obstacles the ruler touches labelled
    drag(app, scene.t.to_screen(*scene.situation.shooter.point), scene.t.to_screen(3, 6))
    press(app, "def-2")
    r = scene.reading
    assert r is not None and r.odds is not None
    i = next((i for i, t in enumerate(r.terms) if t.label.startswith(("grazes", "crosses"))), 1)
    move(app, next(rect for rect, j in scene.view.term_rects if j == i).center)
    seen["shot"] = frame(app, drawn)
    assert say(r.terms[i].label, "fr") in seen["shot"]
    assert any(w.startswith(("effleure, ", "traverse, ")) for w in seen["shot"])  # the field's label
    assert tr("range.odds.eliminated", "fr", chance=i18n.percent(r.odds.eliminated, "fr")) in seen["shot"]
    assert any(w.startswith("RÈGLES ") for w in seen["shot"]) and not any("RULES" in w for w in seen["shot"])

    # a second target, then a situation the rules refuse (a reflex shot with a support)
    press(app, "second")
    assert scene.situation.second_target is not None
    seen["second"] = frame(app, drawn)
    assert "2e cible" in seen["second"]
    press(app, "second")
    press(app, "supports-1")
    press(app, "kind-reflex")
    assert scene.reading is None
    seen["refused"] = frame(app, drawn)
    assert any(w.startswith("Impossible à mettre en place") for w in seen["refused"])
    press(app, "kind-simple")
    press(app, "supports-0")

    # a run drawn by clicks, with its vulnerable points and its DEF after the move
    start = scene.situation.target.point
    press(app, "run")
    for p in ((start[0] + 3, start[1]), (start[0] + 5, start[1] + 3)):
        click(app, scene.t.to_screen(*p))
    press(app, "run")
    press(app, "def-after")
    assert scene.situation.run and scene.reading is not None
    move(app, scene.t.to_screen(start[0] + 4, start[1] + 1))
    seen["run"] = frame(app, drawn)
    if scene.reading.vulnerable:
        assert tr("range.vulnerable", "fr", n=len(scene.reading.vulnerable)) in seen["run"]
    press(app, "run-clear")

    # what the range refuses, said in a flash: a run's point on a piece, a figure dropped on another
    press(app, "run")
    blocked = next(p for y in range(-12, 13) for x in range(scene.table.field.lattice.columns)
                   if scene.m.on_field(p := (x, y)) and scene.m.blocked(p)
                   and scene.t.nearest_point(*scene.t.to_screen(*p)) == p)
    click(app, scene.t.to_screen(*blocked))
    seen["run-on-a-piece"] = frame(app, drawn)
    assert tr("range.flash.piece_there", "fr", point=point_name(blocked)) in seen["run-on-a-piece"]
    press(app, "run")
    target = scene.situation.target.point
    drag(app, scene.t.to_screen(*scene.situation.shooter.point), scene.t.to_screen(*target))
    seen["dropped-on-the-target"] = frame(app, drawn)
    assert tr("range.flash.no_one", "fr", point=point_name(target)) in seen["dropped-on-the-target"]
    press(app, "swap")
    assert scene.situation.shooter.point == target
    seen["swapped"] = frame(app, drawn)
    press(app, "swap")

    # both maps: while computing, then drawn with the point under the mouse
    for key in ("map-from_where", "map-where_to_hide"):
        press(app, key)
        seen[f"{key}-computing"] = frame(app, drawn)
        scene.maps.heat.wait()
        step(app, 2)
        values = scene.maps.values()
        point = next(p for p, v in values.items() if v > 0)
        move(app, scene.t.to_screen(*point))
        seen[key] = frame(app, drawn)
        hover = "range.map.hover_from" if key == "map-from_where" else "range.map.hover_hide"
        assert tr(hover, "fr", chance=i18n.percent(values[point], "fr")) in seen[key]
    press(app, "map-where_to_hide")

    # the lessons: the list, a choice answered wrong then right, a number, one shown after two misses
    lesson_progress.progress_path().parent.mkdir(parents=True, exist_ok=True)
    # the progress starts again, said so
    lesson_progress.progress_path().write_text("{damaged", encoding="utf-8")
    press(app, "lessons")
    seen["lessons"] = frame(app, drawn)
    head = "Impossible de lire votre progression (lessons.json\u202f: "
    unread = [w for w in seen["lessons"] if w.startswith(head)]
    assert unread and "JSON" in unread[0] and not re.search(r"\b(not|valid|line|column)\b", unread[0]), unread
    data |= {x.text("fr").title for x in scene.lessons.catalogue}
    for x in scene.lessons.catalogue:  # each French title fits its list's button (as Controls measures words)
        width = scene.controls.rect(f"lesson-{x.id}").width
        words = tr("range.lessons.done", "fr", title=x.text("fr").title)
        assert theme.font(14).size(words)[0] + 8 <= width, x.id
    for lesson_id, misses in (("05-graze-kneeling", 1), ("01-distance-band", 1), ("13-def-dodge-dice", 2)):
        press(app, f"lesson-{lesson_id}")
        lesson = scene.lessons.lesson
        assert lesson.id == lesson_id
        press(app, "def-3")  # the situation stays while the lesson is asked
        assert scene.situation == lesson.situation
        seen[f"{lesson_id}-asked"] = frame(app, drawn)
        assert tr("range.stays", "fr") in seen[f"{lesson_id}-asked"]
        data |= lesson_lines(scene, lesson)
        for _ in range(misses):
            answer_lesson(app, wrong=True)
        assert scene.lessons.outcome == ("wrong" if misses == 1 else "shown")
        if misses == 1:
            shooter = scene.situation.shooter.point
            drag(app, scene.t.to_screen(*shooter), scene.t.to_screen(shooter[0], shooter[1] - 1))
            seen[f"{lesson_id}-wrong"] = frame(app, drawn)
            assert tr("range.lesson.wrong", "fr") in seen[f"{lesson_id}-wrong"]
            assert tr("range.lesson.figures_stay", "fr") in seen[f"{lesson_id}-wrong"]
            answer_lesson(app)
            assert scene.lessons.outcome == "right"
        move(app, (app.size[0] - 5, app.size[1] - 5))
        seen[f"{lesson_id}-answered"] = frame(app, drawn)
        data |= lesson_lines(scene, lesson)
        press(app, "lesson-list")
    seen["lessons-done"] = frame(app, drawn)
    data |= {tr("range.lessons.done", "fr", title=x.text("fr").title) for x in scene.lessons.catalogue}
    done = next(x for x in scene.lessons.catalogue if x.id == "05-graze-kneeling").text("fr").title
    assert tr("range.lessons.done", "fr", title=done) in seen["lessons-done"]

    # the decimal comma in an explanation (the ruler's length)
    press(app, "lesson-01-distance-band")
    answer_lesson(app)
    text = " ".join(scene.lessons.explanation_lines(scene.pw))
    assert re.search(r"lit au tireur\u202f: \d+,\d points", text), text
    assert NNBSP + ":" in text

    return seen, data


# -- the French screenshots (Xvfb) ---------------------------------------------------------------------------
def french_range_screenshots(out) -> list:
    """docs/screenshots/fr-08-range.png (a shot read, a line of the sum hovered, the odds) and
    fr-09-lesson.png (a lesson answered, its explanation and its terms lit), on the current DISPLAY."""
    import os
    import tempfile
    from pathlib import Path

    from paintcheck.ui.app import App

    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    app = App((1600, 1000), seed=21, language="fr")
    step(app, 3)
    press(app, "learn")
    scene = app.scene
    drag(app, scene.t.to_screen(*scene.situation.shooter.point), scene.t.to_screen(3, 6))
    press(app, "def-2")
    r = scene.reading
    i = next((i for i, t in enumerate(r.terms) if t.label.startswith(("grazes", "crosses"))), 1)
    move(app, next(rect for rect, j in scene.view.term_rects if j == i).center)
    step(app, 3)
    saved = [out / "fr-08-range.png", out / "fr-09-lesson.png"]
    pygame.image.save(app.screen, str(saved[0]))
    press(app, "lessons")
    press(app, "lesson-05-graze-kneeling")
    answer_lesson(app, wrong=True)
    answer_lesson(app)
    move(app, (app.size[0] - 5, app.size[1] - 5))
    step(app, 3)
    pygame.image.save(app.screen, str(saved[1]))
    pygame.quit()
    i18n.set_locale("en")
    return saved


if __name__ == "__main__":  # python -m tests.ui.test_i18n_range docs/screenshots
    import sys

    from tests.ui.xvfb import shoot_in_xvfb

    shoot_in_xvfb(french_range_screenshots, sys.argv[1:])
