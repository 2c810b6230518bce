"""Issue 24: the fuzzers behind the findings on saves and lessons, in the slow run. Saves mutated
(rolls appended, faces out of range, truncated, junk, wrong types, huge numbers, deep nesting,
non-UTF-8) go through every reader: the saves list, *Load a match…*, *Continue* and the replay.
Lesson files with every entry mutated go through the list and are answered in the range, in English
and in French. Never a traceback; every file byte-identical after.

    python -m pytest -m slow tests/ui/test_fuzz_saves_lessons.py
"""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path

import pytest

from paintcheck.odds import lesson_answers, lessons
from paintcheck.ui import saves
from tests.data.make_damaged_saves import base, rolled
from tests.ui.driver import hand_over_if_asked, press, step

pytestmark = pytest.mark.slow

SHIPPED_LESSONS = lessons.LESSONS_DIR
DEEP = 3000  # deeper than the JSON reader nests


def _paths(data, prefix=()):
    """Every entry of ``data`` (keys and list items, nested), as paths."""
    out = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        out.append(prefix + (key,))
        out.extend(_paths(value, prefix + (key,)))
    return out


def _set(data, path, value):
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value


_DELETE = object()
BAD_VALUES = [_DELETE, None, True, 0, -1, 99, 10 ** 20, 1.5, "", "junk", "W:Z99", "B:H7", "x\x00y",
              "\u2028", "y" * 5000, [], {}, [1, 2, 3], {"a": 1}, [[[[[[[[[[[]]]]]]]]]]]]


def _bytes_mutations(rng: random.Random, raw: bytes, count: int) -> list[bytes]:
    """Truncations, junk, huge numbers, deep nesting and non-UTF-8 bytes in ``raw``."""
    out = [raw[:rng.randrange(1, len(raw))] for _ in range(count)]
    for _ in range(count):
        at = rng.randrange(len(raw))
        out.append(raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 16))) + raw[at:])
        flipped = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        out.append(bytes(flipped))
    digits = [i for i in range(len(raw)) if raw[i:i + 1].isdigit()]
    for _ in range(count):
        at = rng.choice(digits)
        out.append(raw[:at] + b"9" * rng.choice((30, 400, 5000)) + raw[at:])
    colons = [i for i in range(len(raw)) if raw[i:i + 2] == b": "]
    for _ in range(count):
        at = rng.choice(colons) + 2
        depth = rng.choice((50, 500, DEEP))
        out.append(raw[:at] + b"[" * depth + b"1" + b"]" * depth + b", " + raw[at:])
    out += [raw[:at] + b"\xff\xfe\xc3" + raw[at:] for at in rng.sample(range(len(raw)), count)]
    out.append(raw.decode("utf-8").encode("utf-16"))
    out.append(raw.decode("utf-8").encode("latin-1", "replace"))
    return out


# -- saves -------------------------------------------------------------------------------------------
def _save_mutations(rng: random.Random, good: dict) -> list[bytes]:
    rolls = good["rolls"]
    out = []
    for _ in range(12):  # rolls appended: the next dice, were they trusted
        out.append({**good, "rolls": rolls + [rng.randint(1, 20)] * rng.randint(1, 50)})
    for face in (0, -1, 7, 21, 10 ** 30, 2 ** 63, 1.0, "1", True, None, [3]):  # faces out of range
        bad = list(rolls)
        bad[rng.randrange(len(bad))] = face
        out.append({**good, "rolls": bad})
        out.append({**good, "rolls": rolls + [face]})
    out.append({**good, "rolls": rolls[:rng.randrange(len(rolls))]})
    out.append({**good, "rolls": list(reversed(rolls))})
    paths = [p for p in _paths(good) if p[0] != "layout" or len(p) < 4]
    for path in rng.sample(paths, min(len(paths), 60)):  # wrong types in any entry
        data = copy.deepcopy(good)
        _set(data, path, rng.choice(BAD_VALUES))
        out.append(data)
    for key in ("summary", "coaches", "start"):
        data = copy.deepcopy(good)
        _set(data, (key,), rng.choice(BAD_VALUES[1:]))
        out.append(data)
    raws = [json.dumps(d, indent=1).encode("utf-8") for d in out]
    return raws + _bytes_mutations(rng, json.dumps(good, indent=1).encode("utf-8"), 6)


def test_mutated_saves_through_every_reader(app, user_data):
    rng = random.Random(24)
    good = rolled(base())  # a match from the break as the window saves it: the rolls made, no seed
    assert good["rolls"] and "seed" not in good
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    written: dict[Path, bytes] = {}
    for i, raw in enumerate(_save_mutations(rng, good)):
        path = folder / f"m{i:03d}.json"
        path.write_bytes(raw)
        os.utime(path, (1_700_000_000 - i, 1_700_000_000 - i))  # the rolls appended the newest
        written[path] = raw
    assert len(written) >= 120
    app.switch("title")  # *Continue*: the newest match that can be read; each refusal one line
    refusals = 0
    while app.scene.name == "title" and app.scene.controls.choices["resume"].reason is None:
        press(app, "resume")
        if app.scene.name == "title":
            refusals += 1
            words, _ = app.message
            assert "\n" not in words and refusals <= len(written)
    hand_over_if_asked(app)
    assert app.scene.name == "match"
    assert refusals >= 12  # the newest saves are damaged: Continue passed them by, one by one
    app.switch("title")
    step(app)
    press(app, "load")  # *Load a match…*: every entry listed, each opened or refused with one line
    seen = resumed = 0
    while True:
        scene = app.scene
        for _, entry in list(scene.rows):
            seen += 1
            key = f"open-{entry.path.name}"
            if app.scene.controls.choices[key].reason is not None:
                assert "\n" not in app.scene.controls.choices[key].reason
                continue
            press(app, key)
            if app.scene.name == "load":
                words, _ = app.message
                assert str(entry.path) in words and "\n" not in words
                continue
            hand_over_if_asked(app)
            assert app.scene.name == "match"
            resumed += 1
            dice = app.session.dice
            assert dice.used == len(dice.rolls)  # no recorded roll left to decide a die to come
            app.switch("load")  # the match's own "Load a match…" button
            app.scene.page = (seen - 1) // app.scene.per_page(app.size)
            app.scene.layout(app.size)
        if app.scene.controls.choices["next"].reason is not None:
            break
        press(app, "next")
    assert seen == len(written) and 1 <= resumed < len(written) // 4
    for path, raw in written.items():
        assert path.read_bytes() == raw, path.name


# -- lessons -----------------------------------------------------------------------------------------
BASES = ("02-required-roll.json", "05-graze-kneeling.json", "09-vulnerable-points.json", "15-boulets.json")


def _lesson_mutations(rng: random.Random) -> list[bytes]:
    out = []
    for name in BASES:
        good = json.loads((SHIPPED_LESSONS / name).read_text(encoding="utf-8"))
        for path in _paths(good):  # every entry, removed or given wrong values of every kind
            for value in [_DELETE, *rng.sample(BAD_VALUES[1:], 4)]:
                data = copy.deepcopy(good)
                _set(data, path, value)
                out.append(data)
        others = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(SHIPPED_LESSONS.glob("*.json"))]
        for path in _paths(good):  # plausible values: the same entry of another lesson
            for other in rng.sample(others, 2):
                node = other
                try:
                    for key in path:
                        node = node[key]
                except (KeyError, IndexError, TypeError):
                    continue
                data = copy.deepcopy(good)
                _set(data, path, copy.deepcopy(node))
                out.append(data)
    raws = [json.dumps(d, ensure_ascii=False, indent=1).encode("utf-8") for d in out]
    raw = (SHIPPED_LESSONS / BASES[0]).read_bytes()
    return raws + _bytes_mutations(rng, raw, 5)


def _with_id(raw: bytes, n: int) -> bytes:
    """The lesson under an id of its own (when its id is still the shipped one), so that each is
    checked rather than refused as a second lesson of one id."""
    for name in BASES:
        shipped_id = name.removesuffix(".json").encode()
        raw = raw.replace(b'"id": "' + shipped_id + b'"', b'"id": "v' + str(n).encode() + b'"', 1)
    return raw


def _answer_each(app, scene, clicked: set) -> int:
    """Every playable lesson of the list started and answered (a wrong answer first where there is
    one, then the right one) by clicks, for each situation and question met first; a lesson that
    differs from one met only by its words is answered right through the buttons' own call. Returns
    how many were answered."""
    answered = 0
    for lesson in list(scene.lessons.catalogue):
        right = lesson_answers.answer(scene.m, lesson)
        if lesson.choices:
            wrong = next((c for c in lesson.choices if c != str(right)), None)
        else:
            wrong = str(right + 1)
        key = (lesson.layout, lesson.situation, lesson.question)
        if key not in clicked:
            clicked.add(key)
            press(app, f"lesson-{lesson.id}")
            assert scene.lessons.lesson is lesson
            if lesson.choices:
                if wrong is not None:
                    press(app, f"answer-{wrong}")
                if scene.lessons.asking:
                    press(app, f"answer-{right}")
            else:
                scene.lessons.given = wrong
                press(app, "answer-submit")
                scene.lessons.given = str(right)
                press(app, "answer-submit")
        else:
            scene.lessons.start_lesson(lesson)
            step(app)
            scene.lessons.answer_with(right)
        step(app)
        assert not scene.lessons.asking
        answered += 1
        scene.lessons.show_list()
    return answered


def test_mutated_lessons_through_the_list_and_the_answers(app, user_data, tmp_path, monkeypatch):
    rng = random.Random(24)
    mutated = [_with_id(raw, n) for n, raw in enumerate(_lesson_mutations(rng))]
    assert len(mutated) >= 600
    folder = tmp_path / "lessons"
    folder.mkdir()
    monkeypatch.setattr(lessons, "LESSONS_DIR", folder)
    press(app, "learn")
    step(app, 2)
    scene = app.scene
    batch, answered, listed, problems, clicked = 20, 0, [], [], set()
    for start in range(0, len(mutated), batch):  # the range's list, then each playable lesson answered
        app.set_language("fr" if (start // batch) % 2 else "en")
        for path in folder.iterdir():
            path.unlink()
        chunk = enumerate(mutated[start:start + batch], start)
        written = {folder / f"l{n:04d}.json": raw for n, raw in chunk}
        for path, raw in written.items():
            path.write_bytes(raw)
        scene.lessons.catalogue = None
        press(app, "lessons")
        step(app)
        assert scene.lessons.listing
        listed += [f.source for f in scene.lessons.unplayable] + [x.source for x in scene.lessons.catalogue]
        problems += [f.problem for f in scene.lessons.unplayable]
        greyed = [c.reason for k, c in scene.controls.choices.items() if k.startswith("lesson-file-")]
        assert len(greyed) == len(scene.lessons.unplayable) and all(r and "\n" not in r for r in greyed)
        answered += _answer_each(app, scene, clicked)
        press(app, "lessons")  # closed
        for path, raw in written.items():
            assert path.read_bytes() == raw, path.name
    app.set_language("en")
    assert sorted(listed) == [f"l{n:04d}.json" for n in range(len(mutated))]
    assert all("\n" not in p for p in problems) and len(problems) > len(mutated) // 3
    assert answered >= 150 and answered + len(problems) == len(mutated)
