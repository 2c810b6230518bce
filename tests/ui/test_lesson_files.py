"""Issue 24, item 4 (lesson files): a lesson file that parses but cannot be answered crashed the
range when it was answered (a figure off the field, a cover not beside the figure, 99 DEF, an
unknown kind or choice…). Each lesson is now checked when the list is read, by computing its answer
(the answer is still never written in the file): a bad lesson is listed greyed with its problem,
one line, in English and in French, and the others play."""

from __future__ import annotations

import copy
import json

import pytest

from paintcheck.odds import lesson_answers, lessons
from paintcheck.table import Table
from tests.ui.driver import press, step

GOOD = "02-required-roll.json"
SHIPPED = lessons.LESSONS_DIR


def shipped(name: str) -> dict:
    return json.loads((SHIPPED / name).read_text(encoding="utf-8"))


def changed(name: str, change) -> dict:
    data = copy.deepcopy(shipped(name))
    change(data)
    data["id"] = "99-bad"
    return data


def _target(**fields):
    return lambda d: d["situation"]["target"].update(fields)


def _situation(**fields):
    return lambda d: d["situation"].update(fields)


def _question(**fields):
    return lambda d: d["question"].update(fields)


# (the shipped lesson changed, the change, words of its problem)
VARIANTS = {
    "target_off_the_field": (GOOD, lambda d: d["situation"].update(
        target={"point": "B:Z30", "posture": "kneeling"}), "off the field"),
    "cover_not_beside_the_figure": (GOOD, _target(cover="snake1-w"), "is not next to"),
    "cover_unknown": (GOOD, _target(cover="castle"), "is not next to"),
    "def_99": (GOOD, _situation(def_count=99), "DEF count"),
    "supports_99": (GOOD, _situation(supports=99), "supports"),
    "boulets_99": (GOOD, _situation(boulets=99), "boulets"),
    "kind_unknown": (GOOD, _situation(kind="laser"), "simple, reflex, suppressive"),
    "choice_unknown": ("05-graze-kneeling.json", _question(choices=["graze", "maybe"]), "question.choices"),
    "choices_without_the_answer": (GOOD, _question(choices=[1, 2, 3]), "not among"),
    "second_shot_without_second_target": (GOOD, _question(shot=2), "no second target"),
    "required_roll_of_a_lost_shot": ("07-impossible-prone.json", _question(ask="required"), "lost"),
    "segment_of_a_runner": ("09-vulnerable-points.json", _question(ask="segment"), "static target"),
    "boulets_beyond_the_dodge_dice": ("15-boulets.json", _question(dice=4), "dodge dice"),
    "line_at_no_obstacle": ("05-graze-kneeling.json", _question(obstacle="castle-w"), "no obstacle"),
    "run_too_long": ("09-vulnerable-points.json", _situation(run=["B:H7", "W:H7", "W:A12"]), "run"),
    "layout_missing": (GOOD, lambda d: d.update(layout="nowhere.json"), "layout"),
    "title_with_a_nul": (GOOD, lambda d: d.update(title="The\x00roll"), "control characters"),
}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """The lessons' folder: a good lesson, and the file the test writes beside it."""
    monkeypatch.setattr(lessons, "LESSONS_DIR", tmp_path)
    (tmp_path / GOOD).write_text(json.dumps(shipped(GOOD)), encoding="utf-8")
    return tmp_path


def _measurer(layout: str):
    return Table.from_file(lessons.layouts_dir() / layout).measurer


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_lesson_that_cannot_be_answered_is_listed_with_its_problem(folder, variant):
    name, change, words = VARIANTS[variant]
    (folder / "99-bad.json").write_text(json.dumps(changed(name, change)), encoding="utf-8")
    files = lesson_answers.playable(lessons.read_lessons(), _measurer)
    good, bad = files
    assert good.problem is None and good.lesson.id == "02-required-roll"
    assert bad.source == "99-bad.json" and bad.problem is not None
    assert bad.problem.startswith("99-bad.json: ") and words in bad.problem and "\n" not in bad.problem


def _answer_by_clicks(app, scene, lesson) -> None:
    press(app, f"lesson-{lesson.id}")
    assert scene.lessons.lesson == lesson
    right = lesson_answers.answer(scene.m, lesson)
    while lesson_answers.normalise(lesson, scene.lessons.given) < right:
        press(app, "answer-plus")
    while lesson_answers.normalise(lesson, scene.lessons.given) > right:
        press(app, "answer-minus")
    press(app, "answer-submit")
    assert scene.lessons.outcome == "right"


def test_the_range_lists_each_bad_lesson_with_its_problem_and_the_good_one_plays(app, folder):
    written = {}
    for variant, (name, change, _) in VARIANTS.items():
        path = folder / f"{variant}.json"
        data = {**changed(name, change), "id": variant.replace("_", "-")}
        written[path] = json.dumps(data).encode("utf-8")
        path.write_bytes(written[path])
    press(app, "learn")
    step(app, 2)
    scene = app.scene
    press(app, "lessons")
    step(app)
    assert [x.id for x in scene.lessons.catalogue] == ["02-required-roll"]
    for variant, (_, _, words) in VARIANTS.items():
        reason = scene.controls.choices[f"lesson-file-{variant}.json"].reason
        assert reason.startswith(f"This lesson cannot be played: {variant}.json: "), reason
        assert words in reason and "\n" not in reason
    _answer_by_clicks(app, scene, scene.lessons.catalogue[0])
    assert all(path.read_bytes() == raw for path, raw in written.items())


def test_in_french_the_problem_is_said_by_the_catalogue(french_app, folder):
    name, change, _ = VARIANTS["def_99"]
    (folder / "99-bad.json").write_text(json.dumps(changed(name, change)), encoding="utf-8")
    press(french_app, "learn")
    step(french_app, 2)
    scene = french_app.scene
    press(french_app, "lessons")
    (entry,) = [k for k in scene.controls.choices if k.startswith("lesson-file-")]
    reason = scene.controls.choices[entry].reason
    # the file's problem is a Said (range.lesson_file.*): worded in French too, the file's name kept
    assert reason == ("Cette leçon ne peut pas être jouée\u202f: 99-bad.json\u202f: situation\u202f: "
                      "un nombre de DEF va de 0 à 4 (RÈGLES 6.2), pas 99")
    _answer_by_clicks(french_app, scene, scene.lessons.catalogue[0])
