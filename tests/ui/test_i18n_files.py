"""Issue 17, the files' problems: a layout file's format problems (``rules.layout.*``,
``rules.schema.*``, a point's ``rules.coordinate.*``) and a saved match's (``rules.codec.*``) are
``Said``: the same English ``validate`` and the saves list print, worded in French by the window. For
one broken layout of each kind and every damaged save of the corpus, the English catalogue entry
filled with its values is exactly the English, and the French is filled and different; then the load
screen and the field chooser, in French, draw them from the French catalogue.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
from pathlib import Path

import pytest

from paintcheck.field.layout_checks import layout_findings, layout_problems
from paintcheck.field.layout_file import default_layout_path
from paintcheck.field.layout_schema import MAX_NAME
from paintcheck.rules.codec import CodecError, MatchRecord, decision_from_dict
from paintcheck.said import Said
from paintcheck.ui import i18n, saves
from paintcheck.ui.i18n import NNBSP, tr
from paintcheck.ui.session import MatchSession
from tests.ui.driver import click, move, step
from tests.ui.test_i18n_designer import Frame, Seen, assert_all_french, shipped_data

DAMAGED = sorted((Path(__file__).parents[1] / "data" / "damaged_saves").glob("*.json"))
BAD_LAYOUTS = sorted((Path(__file__).parents[1] / "field" / "bad_layouts").glob("*.json"))


def _good() -> dict:
    return json.loads(default_layout_path().read_text(encoding="utf-8"))


def _with(change) -> dict:
    data = copy.deepcopy(_good())
    change(data)
    return data


def _set(*path_value):
    """A change that sets ``data[k1][k2]... = value``."""
    *path, value = path_value

    def change(data):
        node = data
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = value
    return change


def _sizes(data):
    data["columns"], data["rows_per_half"] = 50, 3


def _rows_long(data):
    data["columns"], data["rows_per_half"] = 2, 30


def _two_obstacles(data):
    data["obstacles"] += [[1], None]


def _duplicate(data):
    data["obstacles"][1]["id"] = data["obstacles"][0]["id"]


# One broken layout for each kind of problem (the key that must be said among its lines' keys).
LAYOUTS = {
    "rules.layout.not_an_object": [1, 2],
    "rules.layout.unknown_format": _with(_set("format", "paintcheck-layout/9")),
    "rules.schema.missing": _with(lambda d: d.pop("flag")),
    "rules.schema.unknown_key": _with(_set("colour", "red")),
    "rules.schema.obstacle_object": _with(_two_obstacles),
    "rules.schema.type": _with(_set("columns", "17")),
    "rules.schema.expected.format": _with(_set("format", 5)),
    "rules.schema.expected.at": _with(_set("obstacles", 0, "at", 5)),
    "rules.schema.expected.axis": _with(_set("obstacles", 0, "axis", "up")),
    "rules.schema.expected.kind": _with(_set("obstacles", 0, "kind", True)),
    "rules.schema.expected.obstacles": _with(_set("obstacles", {})),
    "rules.schema.json_type.null": _with(_set("name", None)),
    "rules.schema.enum": _with(_set("flag", "sideways")),
    "rules.schema.maximum_why": _with(_sizes),
    "rules.schema.minimum_why": _with(_rows_long),
    "rules.schema.empty": _with(_set("obstacles", 0, "id", "")),
    "rules.schema.too_long": _with(_set("obstacles", 0, "name", "n" * (MAX_NAME + 1))),
    "rules.layout.unshown_in.name": _with(_set("name", "Box \ud800")),
    "rules.layout.unshown_in.its_id": _with(_set("obstacles", 0, "id", "a\udc80")),
    "rules.layout.unshown_in.its_name": _with(_set("obstacles", 0, "name", "\ud83d")),
    "rules.layout.control": _with(_set("name", "Box\x00 21")),
    "rules.layout.duplicate_id": _with(_duplicate),
    "rules.layout.unknown_kind": _with(_set("obstacles", 0, "kind", "castle")),
    "rules.layout.bad_point": _with(_set("obstacles", 0, "at", "B:Z99")),
    "rules.coordinate.column": _with(_set("obstacles", 0, "at", "W:Z9")),
    "rules.coordinate.row": _with(_set("obstacles", 0, "at", "B:C40")),
    "rules.coordinate.unreadable": _with(_set("obstacles", 0, "at", "C-5")),
    "rules.coordinate.half": _with(_set("obstacles", 0, "at", "Q:C5")),
    "rules.coordinate.whose_half": _with(_set("obstacles", 0, "at", "C5")),
    "rules.layout.axis_upright": _with(_set("obstacles", 1, "axis", 90)),
    "rules.layout.axis_step": _with(_set("obstacles", 0, "axis", 30)),
}


def _keys(words) -> set[str]:
    """The keys of ``words`` and of every Said inside it."""
    out = set()
    if isinstance(words, Said):
        out.add(words.key)
        for value in words.values.values():
            out |= _keys(value)
    return out


def _leaves(words) -> set[str]:
    """The plain texts inside a Said: data (a file, an id, a value as the file wrote it)."""
    if isinstance(words, Said):
        return set().union(*(_leaves(v) for v in words.values.values()))
    return {words} if isinstance(words, str) else set()


def _assert_said(words, where) -> None:
    """``words`` is a Said whose English entry is its English, whose French is filled and differs."""
    assert isinstance(words, Said), f"{where}: not said: {words!r}"
    english, french = i18n.say(words, "en"), i18n.say(words, "fr")
    assert english == str(words), f"{where}: {english!r} != {str(words)!r}"
    assert "%{" not in french and french != english, f"{where}: {french!r}"


@pytest.mark.parametrize("key", LAYOUTS)
def test_a_layout_files_problem_is_said_in_english_and_in_french(key):
    data = LAYOUTS[key]
    lines = layout_problems(data, "broken.json")
    assert lines, key
    for line in lines:
        _assert_said(line, key)
    assert key in set().union(*(_keys(line) for line in lines)), [repr(line) for line in lines]
    for _, problem in layout_findings(data):  # the designer's findings: the same words, without the file
        _assert_said(problem, key)


@pytest.mark.parametrize("path", BAD_LAYOUTS, ids=lambda p: p.stem)
def test_every_problem_of_the_bad_layouts_corpus_is_said(path):
    entry = saves.read_field(path, saves.YOURS)
    if path.name == "expected.json":  # the corpus's own list of what validate prints: a layout gone wrong
        assert entry.problem is not None
    if entry.problem is not None:
        _assert_said(entry.problem, path.name)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return
    for line in layout_problems(data, path.name):
        _assert_said(line, path.name)


@pytest.mark.slow
def test_every_schema_and_codec_entry_is_said_by_a_case(tmp_path):
    """The catalogue holds no entry nobody says (the few the schema cannot reach today are named)."""
    no_field = tmp_path / "no-field.json"
    no_field.write_text(json.dumps({**_MATCH, "seed": 1}), encoding="utf-8")
    said = set().union(*(_keys(line) for data in LAYOUTS.values() for line in layout_problems(data, "x")))
    for data in DECISIONS + RECORDS:
        said |= _keys(_refusal(data))
    for path in DAMAGED:
        said |= _keys(_refusal(path))
    said |= _keys(saves.read_saved(no_field).problem)
    unreachable = {"rules.schema.minimum", "rules.schema.maximum", "rules.schema.other",
                   "rules.schema.layout_object", "rules.codec.not_a_decision", "rules.codec.not_a_save",
                   "rules.coordinate.not_text", "rules.coordinate.team", "rules.coordinate.off_field"}
    entries = {f"rules.{k}" for k in i18n.catalogue("en")
               if k.startswith(("schema.", "codec.", "coordinate."))}
    assert entries - unreachable <= said, sorted(entries - unreachable - said)


# -- saved matches ------------------------------------------------------------------------------------
_DECLARE = {"type": "declare", "player": "a", "posture": "s"}
DECISIONS = [5, [], {"type": "orders"}, {"type": "orders", "team": "blue", "orders": []},
             {"type": "orders", "team": 1, "orders": {}},
             {"type": "orders", "team": "blue", "orders": {"a": True}},
             {**_DECLARE, "actions": {}}, {**_DECLARE, "actions": [5]},
             {**_DECLARE, "actions": [{"code": "ZAP"}]},
             {**_DECLARE, "actions": [{"code": "SHOT"}]},
             {**_DECLARE, "actions": [{"code": "MOV", "waypoints": [[1]]}]},
             {"type": "react", "team": "blue", "reactions": 5}, {"type": "zzz"}, {}]
_MATCH = {"format": "paintcheck-match/1"}
RECORDS = [{"format": "nope"}, _MATCH, {**_MATCH, "rolls": [0]}, {**_MATCH, "seed": 1},
           {**_MATCH, "seed": 1, "layout": {}, "start": "x"}, {**_MATCH, "seed": 1, "layout": {}},
           {**_MATCH, "seed": 1, "layout": {}, "decisions": [{"type": "q"}]},
           {**_MATCH, "seed": 1, "layout": {}, "decisions": [], "coaches": {"red": "x"}}]


def _refusal(data) -> str:
    """What the codec says of ``data``: a decision, a match's data or a save's file."""
    with pytest.raises(CodecError) as err:
        if isinstance(data, Path):
            MatchSession.load(data)
        elif isinstance(data, dict) and "format" in data:
            MatchRecord.from_dict(data, "save.json")
        else:
            decision_from_dict(data)
    words = err.value.args[0]
    assert words == str(err.value)
    return words


@pytest.mark.parametrize("data", DECISIONS + RECORDS, ids=lambda d: json.dumps(d)[:40])
def test_a_saved_matchs_problem_is_said_in_english_and_in_french(data):
    _assert_said(_refusal(data), data)


@pytest.mark.parametrize("path", DAMAGED, ids=lambda p: p.stem)
def test_every_damaged_save_is_refused_in_english_and_in_french(path):
    _assert_said(_refusal(path), path.name)
    problem = saves.read_saved(path).problem  # what the saves list shows
    if problem is not None:
        _assert_said(problem, path.name)


_SENTENCE = re.compile(r"\b[a-z]+ [a-z]+ [a-z]+\b")  # three English words: a sentence, not data


def _sentences_left(words, source: str = "") -> list[tuple]:
    """Plain texts inside ``words`` that read as English sentences: each should be a Said (Python's
    own words on a value it could not use, ``rules.codec.decision_mistypes``' error, are shown as
    they come, like the system's)."""
    if isinstance(words, Said):
        return [found for name, value in words.values.items()
                if (words.key, name) != ("rules.codec.decision_mistypes", "error")
                for found in _sentences_left(value, source)]
    text = words.replace(source, "") if isinstance(words, str) else ""
    return [(text,)] if _SENTENCE.search(text) else []


@pytest.mark.slow
def test_no_english_sentence_is_left_inside_a_problem():
    for key, data in LAYOUTS.items():
        for line in layout_problems(data, "broken.json"):
            assert not _sentences_left(line), (key, line)
    for path in DAMAGED:
        assert not _sentences_left(_refusal(path), str(path)), path.name
        assert not _sentences_left(saves.read_saved(path).problem), path.name


# -- the window, in French ----------------------------------------------------------------------------
@pytest.fixture
def french(monkeypatch, french_app):
    return french_app, Seen(monkeypatch)


def _english_left(words: list[str], problems) -> list[str]:
    """Drawn lines holding a problem's English (beyond the data it carries)."""
    english = [i18n.say(p, "en") for p in problems]
    english = [re.sub(r"^.*?: ", "", e) for e in english]  # without the file's name
    return [w for w in words for e in english if e in w]


def test_the_load_screen_draws_a_damaged_save_in_french(french, user_data):
    app, drawn = french
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("wrong_format.json", "binary_garbage.json", "truncated_0500.json"):  # the list says why
        shutil.copy(next(p for p in DAMAGED if p.name == name), folder / name)
    (folder / "no-field.json").write_text(json.dumps({**_MATCH, "seed": 1}), encoding="utf-8")
    refused = next(p for p in DAMAGED if p.name == "decision_unknown_type.json")
    shutil.copy(refused, folder / refused.name)  # listed, but it does not load
    app.switch("load")
    seen = {"load": drawn.frame(app)}
    entries = app.scene.entries
    problems = [e.problem for e in entries if e.problem is not None]
    assert len(problems) == 4, entries
    for problem in problems:
        shown = tr("load.cannot_open", "fr", problem=i18n.say(problem, "fr"))
        assert shown in seen["load"], (shown, seen["load"])
    click(app, app.scene.controls.rect(f"open-{refused.name}").center)
    seen["load-refused"] = drawn.frame(app)
    assert app.scene.name == "load"
    message = app.message[0]
    assert message.startswith(f"Impossible de reprendre{NNBSP}:"), message
    assert "type de décision inconnu" in message and "unknown decision type" not in message, message
    data = {e.path.name for e in entries} | {i18n.date_time(e.modified, "fr") for e in entries}
    data |= {e.field for e in entries if e.field} | {str(folder / refused.name), message}
    for problem in problems:
        data |= _leaves(problem)
    with pytest.raises(CodecError) as err:
        MatchSession.load(folder / refused.name)
    data |= _leaves(err.value.args[0])
    assert not _english_left(seen["load"] + seen["load-refused"], problems + [err.value.args[0]])
    assert_all_french(seen, data)


def _uncut(frame: Frame, whole: list[str]) -> Frame:
    """The frame's words, a piece of one of ``whole``'s lines (wrapped, or wrapped and cut with an
    ellipsis) replaced by the whole line."""
    out = Frame(next((w for w in whole if len(word) >= 12 and word.removesuffix("…") in w), word)
                for word in frame)
    out.plain = frame.plain
    return out


def test_the_field_chooser_draws_a_broken_user_layout_in_french(french, user_data):
    app, drawn = french
    folder = saves.user_layouts_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "too-wide.json").write_text(json.dumps({**_good(), "name": "Trop large", "columns": 50}),
                                          encoding="utf-8")
    castle = LAYOUTS["rules.layout.unknown_kind"] | {"name": "Chateau"}
    (folder / "castle.json").write_text(json.dumps(castle), encoding="utf-8")
    (folder / "half.json").write_text("{", encoding="utf-8")
    app.switch("fields")
    scene = app.scene
    broken = [e for e in scene.entries if e.problem is not None]
    assert {e.path.name for e in broken} == {"too-wide.json", "castle.json", "half.json"}
    # a long problem is drawn on two lines, the second cut to fit: judged by the words it was cut from
    whole = [tr("fields.cannot_play", "fr",
                problem=i18n.say(e.problem, "fr").removeprefix(f"{e.file}{NNBSP}: ")) for e in broken]
    drawn_words = drawn.frame(app)
    for words in whole:  # its first line drawn as it was wrapped
        assert any(len(w) >= 12 and words.startswith(w) for w in drawn_words), (words, drawn_words)
    seen = {"fields": _uncut(drawn_words, whole)}
    wide = next(e for e in broken if e.path.name == "too-wide.json")
    move(app, next(r for r, e in scene.rows if e is wide).center)  # its whole problem under the list
    step(app)
    seen["fields-hover"] = _uncut(drawn.frame(app), whole)
    words = " ".join(seen["fields-hover"])
    assert "doit valoir au plus 26, pas 50" in words and "une colonne se nomme" in words, words
    data = shipped_data() | {e.name for e in scene.entries} | {e.file for e in scene.entries}
    data |= {str(folder), "?"}
    for entry in broken:
        data |= _leaves(entry.problem)
    assert not _english_left(seen["fields"] + seen["fields-hover"], [e.problem for e in broken])
    assert_all_french(seen, data)
