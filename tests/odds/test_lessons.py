"""``paintcheck.odds.lessons``: every shipped lesson loads and is answered by the engine, ``check``
takes the right answer and refuses others, no lesson file holds its answer, a damaged file is one
``LessonError`` line naming the file and the entry, and the progress round-trips."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from paintcheck.odds import lesson_answers as la
from paintcheck.odds import lesson_progress as lp
from paintcheck.odds import lessons as ls
from paintcheck.odds.situation import read
from paintcheck.table import Table


@functools.cache
def measurer(layout: str):
    return Table.from_file(ls.layouts_dir() / layout).measurer


@functools.cache
def shipped():
    return tuple(ls.load_lessons())


def lesson_file(**changes) -> dict:
    data = json.loads((ls.LESSONS_DIR / "02-required-roll.json").read_text(encoding="utf-8"))
    data.update(changes)
    return data


def test_the_lessons_are_shipped_sorted_and_many():
    lessons = shipped()
    assert len(lessons) >= 12
    assert [x.id for x in lessons] == sorted(x.id for x in lessons)
    assert len({x.id for x in lessons}) == len(lessons)
    for lesson in lessons:
        assert ls.layout_path(lesson).exists(), lesson.layout


@pytest.mark.parametrize("lesson", shipped(), ids=lambda x: x.id)
def test_each_lesson_is_answered_by_the_engine(lesson):
    m = measurer(lesson.layout)
    right = la.answer(m, lesson)
    assert la.check(m, lesson, right)
    assert la.check(m, lesson, str(right))
    if ls.ASKS[lesson.question.ask].number:
        assert isinstance(right, int)
        assert not la.check(m, lesson, right + 1) and not la.check(m, lesson, right - 1)
        assert not la.check(m, lesson, "twelve")
    else:
        assert right in lesson.choices
        assert all(not la.check(m, lesson, other) for other in lesson.choices if other != right)
    if lesson.choices:
        assert str(right) in lesson.choices
    text = la.explanation(m, lesson)
    assert "{" not in text and "}" not in text and text.strip()
    assert len(la.lit_terms(m, lesson)) >= len(set(lesson.highlight)) > 0 or not lesson.highlight


def test_every_highlight_lights_a_term():
    for lesson in shipped():
        m = measurer(lesson.layout)
        r = read(m, lesson.situation)
        shot = r if lesson.question.shot == 1 else r.second
        for words in lesson.highlight:
            assert any(words in t.label for t in shot.terms), (lesson.id, words)


def test_together_the_lessons_cover_the_instruments_and_the_rules():
    lessons = shipped()
    asks = {x.question.ask for x in lessons}
    assert {"band", "segment", "angle", "run_angle", "line", "possible", "vulnerable_points", "protection",
            "modifier", "dodge_dice", "boulets", "required", "shot_value"} <= asks
    s = [x.situation for x in lessons]
    assert any(x.run and x.def_after_move for x in s) and any(x.run and not x.def_after_move for x in s)
    assert any(x.second_target for x in s) and any(x.weakened_from for x in s)
    assert {"simple", "reflex", "suppressive"} <= {x.kind for x in s}
    assert any(x.advantage for x in s) and any(x.boulets for x in s)
    assert {"standing", "kneeling", "prone"} <= {x.shooter.posture for x in s}
    terms = {x.question.term for x in lessons if x.question.ask == "modifier"}
    assert {"sweep", "crosses", "from first target"} <= terms
    answers = {x.id: la.answer(measurer(x.layout), x) for x in lessons}
    assert {ls.POSSIBLE, ls.IMPOSSIBLE} <= set(answers.values())  # a shot that can, one that cannot
    assert {la.answer(measurer(x.layout), x) for x in lessons if x.question.ask == "dodge_dice"} == {0, 1, 2}


def test_no_lesson_file_holds_its_answer():
    def keys(data):
        if isinstance(data, dict):
            for k, v in data.items():
                yield k
                yield from keys(v)
        elif isinstance(data, list):
            for v in data:
                yield from keys(v)

    files = sorted(ls.LESSONS_DIR.glob("*.json"))
    assert len(files) >= 12
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert not {k for k in keys(data) if "answer" in k.lower() or k in ("right", "solution")}, path.name
        assert data["format"] == ls.FORMAT


def test_an_answer_in_the_file_is_refused(tmp_path):
    bad = lesson_file(answer=19)
    with pytest.raises(ls.LessonError, match="never holds its answer"):
        ls.lesson_from_dict(bad, "x.json")
    question = {**lesson_file()["question"], "answer": 19}
    with pytest.raises(ls.LessonError, match=r"x.json: question.answer"):
        ls.lesson_from_dict(lesson_file(question=question), "x.json")


@pytest.mark.parametrize(("text", "words"), [
    ("{not json", "not valid JSON"),
    ("", "empty"),
    (json.dumps(lesson_file(format="paintcheck-lesson/9")), "format"),
    (json.dumps(lesson_file(id="Bad Id")), "id"),
    (json.dumps(lesson_file(layout="../secret.json")), "layout"),
    (json.dumps(lesson_file(question={"ask": "luck", "words": "?"})), "question.ask"),
    (json.dumps(lesson_file(question={"ask": "line", "words": "?"})), "question.obstacle"),
    (json.dumps(lesson_file(question={"ask": "boulets", "words": "?", "dice": 7})), "question.dice"),
    (json.dumps(lesson_file(situation={"shooter": {"point": "W:K5"}})), "situation.target"),
    (json.dumps(lesson_file(situation={"shooter": {"point": "Z99"}, "target": {"point": "B:H7"}})),
     "situation.shooter.point"),
    (json.dumps(lesson_file(situation={"shooter": {"point": "W:K5", "posture": "lying"},
                                       "target": {"point": "B:H7"}})), "situation.shooter.posture"),
    (json.dumps(lesson_file(situation={"shooter": {"point": "W:K5"}, "target": {"point": "B:H7"},
                                       "def_count": "two"})), "situation.def_count"),
    (json.dumps(lesson_file(situation={"shooter": {"point": "W:K5"}, "target": {"point": "B:H7"},
                                       "run": ["B:H5", 7]})), r"situation.run\[1\]"),
    (json.dumps(lesson_file(explain="needs {secret}")), "explain"),
    (json.dumps(lesson_file(hint="psst")), "hint"),
])
def test_a_damaged_lesson_file_is_one_line_naming_file_and_entry(tmp_path, text, words):
    (tmp_path / "01-good.json").write_text(json.dumps(lesson_file(id="01-good")), encoding="utf-8")
    (tmp_path / "02-bad.json").write_text(text, encoding="utf-8")
    with pytest.raises(ls.LessonError, match=words) as info:
        ls.load_lessons(tmp_path)
    message = str(info.value)
    assert message.startswith("02-bad.json: ") and "\n" not in message


def test_two_lessons_with_one_id_are_refused(tmp_path):
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text(json.dumps(lesson_file()), encoding="utf-8")
    with pytest.raises(ls.LessonError, match="b.json: id: '02-required-roll' is also the id of a.json"):
        ls.load_lessons(tmp_path)


def test_a_question_that_does_not_fit_its_situation_says_so():
    lesson = next(x for x in shipped() if x.id == "07-impossible-prone")  # a lost shot
    m = measurer(lesson.layout)
    with pytest.raises(ls.LessonError, match="needs a shot that can be made"):
        la.answer(m, replace(lesson, question=replace(lesson.question, ask="required")))
    runner = next(x for x in shipped() if x.situation.run)
    with pytest.raises(ls.LessonError, match="static target"):
        la.answer(m, replace(runner, question=replace(runner.question, ask="segment")))
    with pytest.raises(ls.LessonError, match="no second target"):
        la.answer(m, replace(lesson, question=replace(lesson.question, shot=2)))
    bad = replace(lesson, situation=replace(lesson.situation, kind="reflex", supports=1))
    with pytest.raises(ls.LessonError, match="situation: a reflex shot"):
        la.answer(m, bad)


def test_the_situation_round_trips_through_the_notation():
    for lesson in shipped():
        assert ls.situation_from_dict(ls.situation_to_dict(lesson.situation)) == lesson.situation


def test_answers_are_read_as_a_player_writes_them():
    by_ask = {x.question.ask: x for x in shipped()}
    band = by_ask["band"]
    m = measurer(band.layout)
    right = la.answer(m, band)
    assert la.check(m, band, f" {right:+d} ") and la.check(m, band, str(right).replace("-", "−"))
    line = by_ask["line"]
    assert la.check(measurer(line.layout), line, f"  {la.answer(measurer(line.layout), line).upper()} ")
    assert not la.check(m, band, True) and not la.check(m, band, None)


def test_progress_round_trips(tmp_path):
    path = tmp_path / "deep" / "lessons.json"
    progress = lp.Progress()
    progress.record("01-distance-band", right=False)
    progress.record("01-distance-band", right=True)
    progress.record("02-required-roll", right=False)
    assert progress.save(path) == path
    again = lp.Progress.load(path)
    assert again == progress
    assert again.done("01-distance-band") and not again.done("02-required-roll")
    assert again.tries == {"01-distance-band": 2, "02-required-roll": 1}
    assert [p.name for p in path.parent.iterdir()] == ["lessons.json"]  # no temporary file left


def test_progress_missing_or_damaged_starts_again(tmp_path):
    assert lp.Progress.load(tmp_path / "none.json") == lp.Progress()
    bad = tmp_path / "lessons.json"
    bad.write_text("{oops", encoding="utf-8")
    progress = lp.Progress.load(bad)
    assert progress.right == set() and progress.problem.startswith("lessons.json: ")
    bad.write_text(json.dumps({"format": lp.PROGRESS_FORMAT, "right": [3]}), encoding="utf-8")
    assert lp.Progress.load(bad).problem


def test_progress_lives_in_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert lp.progress_path().is_relative_to(tmp_path)
    progress = lp.Progress({"03-protractor-segment"}, {"03-protractor-segment": 1})
    progress.save()
    assert lp.Progress.load() == progress


def test_lessons_name_the_figures_as_the_state_does():
    lesson = next(x for x in shipped() if x.situation.second_target is not None)
    r = read(measurer(lesson.layout), lesson.situation)
    assert ls.figure_ids(lesson) == (r.shooter_id, r.target_id, r.second_id)


def test_a_lesson_file_written_back_loads_the_same(tmp_path):
    lesson = shipped()[0]
    data = {"format": ls.FORMAT, "id": lesson.id, "title": lesson.title, "layout": lesson.layout,
            "situation": ls.situation_to_dict(lesson.situation),
            "question": {"ask": lesson.question.ask, "words": lesson.question.words},
            "explain": lesson.explain, "highlight": list(lesson.highlight),
            "fr": vars(lesson.text("fr"))}
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    again = ls.load_lesson(path)
    assert again.situation == lesson.situation and again.question.ask == lesson.question.ask


def test_the_lessons_folder_is_in_the_assets():
    assert ls.LESSONS_DIR == Path(__file__).resolve().parents[2] / "assets" / "lessons"


# -- the lessons in every language the window speaks ------------------------------------------------------
def test_every_lesson_speaks_english_and_french_with_the_same_placeholders():
    assert ls.LANGUAGES == ("en", "fr")
    for lesson in shipped():
        en, fr = lesson.text("en"), lesson.text("fr")
        assert (en.title, en.words, en.explain) == (lesson.title, lesson.question.words, lesson.explain)
        for text in (fr.title, fr.words, fr.explain):
            assert text.strip(), lesson.id
        assert sorted(re.findall(r"\{(\w*)\}", fr.explain)) == sorted(re.findall(r"\{(\w*)\}", en.explain)), \
            lesson.id
        assert re.findall(r"\{", fr.title + fr.words) == [], lesson.id  # only the explanation is filled
        assert fr.explain != en.explain and fr.words != en.words, lesson.id


def test_the_french_lessons_follow_french_typography():
    nnbsp = "\u202f"
    for lesson in shipped():
        fr = lesson.text("fr")
        for text in (fr.title, fr.words, fr.explain):
            plain = re.sub(r"\{\w*\}", "x", text)
            plain = re.sub(r"\b[BW]:[A-Z]\d+", "P", plain)  # coordinates keep the game's notation
            for match in re.finditer(r"[:;!?%]", plain):
                assert plain[match.start() - 1] == nnbsp, (lesson.id, plain[max(0, match.start() - 20):])
            assert "'" not in text and '"' not in text, (lesson.id, text)
            assert "RULES" not in text, (lesson.id, text)


@pytest.mark.parametrize(("fr", "words"), [
    (None, "fr: missing"),
    ({"title": "Le jet", "words": "Combien ?"}, "fr.explain: a text is needed"),
    ({"title": "Le jet", "words": "Combien ?", "explain": "{sum}", "hint": "x"}, "fr.hint: unknown entry"),
    ({"title": "Le jet", "words": "Combien ?", "explain": "Jet : {sum} {secret}"},
     "fr.explain: unknown placeholder"),
    ({"title": "Le jet", "words": "Combien ?", "explain": "Jet : {sum} {answer}"},
     "fr.explain: the placeholders are the English explain's"),
    ({"title": "Le jet", "words": "Combien ?", "explain": "Jet."}, "fr.explain: the placeholders"),
])
def test_a_lesson_without_its_french_or_with_other_placeholders_is_refused(fr, words):
    data = lesson_file()
    if fr is None:
        del data["fr"]
    else:
        data["fr"] = fr
    with pytest.raises(ls.LessonError, match=words) as info:
        ls.lesson_from_dict(data, "x.json")
    assert str(info.value).startswith("x.json: ")


def test_the_explanation_in_french_fills_the_same_values():
    lesson = next(x for x in shipped() if x.id == "01-distance-band")
    m = measurer(lesson.layout)
    seen = []
    text = la.explanation(m, lesson, "fr", lambda name, value: seen.append(name) or f"<{name}>")
    assert "<distance>" in text and "<answer>" in text and "<sum>" in text and "RÈGLES 8.1" in text
    assert sorted(seen) == ["answer", "distance", "sum"]
    values = la.explanation_values(m, lesson)
    assert isinstance(values["distance"](), float) and values["answer"]() == la.answer(m, lesson)
    assert la.asked_shot(m, lesson).required == la.reading(m, lesson).required
