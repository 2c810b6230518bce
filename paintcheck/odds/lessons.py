"""Lessons of the practice range: a situation on a shipped field, a question, and the explanation
the range shows once it is answered (issue 14; docs/lessons.md).

A lesson file (``assets/lessons/*.json``, format ``paintcheck-lesson/1``) holds the situation in the
game's notation, the question's kind (``ask``) and words, the explanation and the terms to light.
**It never holds its answer**: ``answer(m, lesson)`` computes it from the engine's reading of the
situation (``situation.read``: RULES 6–10) and the instruments behind the ``Measurer`` (the
protractor's segment, RULES 8.2; the line of fire's graze or cross, RULES 8.4). ``check`` compares a
learner's answer with it; ``explanation`` fills the explanation's ``{placeholders}`` with the
reading's own numbers, so no number of the answer is written in the file either.

This module holds the lessons as data and reads their files; ``lesson_answers`` computes a lesson's
answer and explanation (and ``lesson_answers.playable`` checks, when the lessons are listed, that each
can be answered), ``lesson_progress`` keeps which lessons were answered right. ``read_lessons`` reads
a folder file by file: a bad file is listed with its problem, the others play.
"""

from __future__ import annotations

import logging
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, overload

from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.field.lattice import NOTATION_LATTICE, Point, point_name
from paintcheck.field.layout_file import layouts_dir
from paintcheck.odds.situation import Figure, Situation
from paintcheck.odds.situation import figure_ids as situation_figure_ids
from paintcheck.resources import data
from paintcheck.rules import tables
from paintcheck.rules.measure import CROSS, GRAZE
from paintcheck.said import Said

log = logging.getLogger(__name__)

FORMAT = "paintcheck-lesson/1"
LESSONS_DIR = data("assets") / "lessons"
MAX_LESSON_BYTES = 64 * 1024
NONE = "none"
POSSIBLE, IMPOSSIBLE = "possible", "impossible"
POINT_EXAMPLES = "B:H11, W:D12, I0"  # a point as a lesson file writes it


class LessonError(ValueError):
    """A lesson that cannot be read or answered: one line naming the file and the entry."""


@dataclass(frozen=True)
class Ask:
    """One kind of question: what it asks, whether the answer is a number, its fixed choices, and
    how the answer is computed from the reading (and the instruments)."""

    words: str
    number: bool
    choices: tuple[str, ...] = ()
    needs_shot: bool = True  # the shot must be possible for the question to make sense


ASKS: dict[str, Ask] = {
    "required": Ask("the d20 roll the shot needs (RULES 7.1)", True),
    "shot_value": Ask("the shot's value (RULES 6.5)", True),
    "protection": Ask("the target's protection or movement value (RULES 6.3, 6.4)", True),
    "band": Ask("the distance band's modifier (RULES 8.1)", True),
    "segment": Ask("the protractor segment the shooter stands in, 0 to 10 (RULES 8.2)", True,
                   needs_shot=False),
    "angle": Ask("the static angle bonus (RULES 8.2)", True),
    "run_angle": Ask("the run angle bonus (RULES 8.3)", True),
    "line": Ask("what the line of fire does at an obstacle (RULES 8.4)", False, (GRAZE, CROSS, NONE),
                needs_shot=False),
    "possible": Ask("whether the shot can be made (RULES 3.4, 8.4, 8.5)", False, (POSSIBLE, IMPOSSIBLE),
                    needs_shot=False),
    "vulnerable_points": Ask("the runner's vulnerable points for this shooter (RULES 8.5)", True),
    "modifier": Ask("the sum of the shot's terms named by 'term' (RULES 7.6, 8.5, 9.6, 10.4)", True),
    "dodge_dice": Ask("the dodge dice the target is allowed (RULES 9.2, 9.3, 9.7)", True, needs_shot=False),
    "boulets": Ask("the boulets a dodge with 'dice' dice gives (RULES 9.4)", True),
}
LANGUAGES = ("en", "fr")  # the window's languages (ui.i18n.LOCALES): every lesson speaks each
LESSON_KEYS = {"format", "id", "title", "layout", "situation", "question", "explain", "highlight",
               *LANGUAGES[1:]}
WORDS_KEYS = ("title", "words", "explain")  # a language's block: {"fr": {"title", "words", "explain"}}
QUESTION_KEYS = {"ask", "words", "obstacle", "choices", "shot", "term", "dice"}
SITUATION_KEYS = {"shooter", "target", "second_target", "def_count", "supports", "kind", "advantage", "run",
                  "def_after_move", "weakened_from", "boulets"}
FIGURE_KEYS = {"point", "posture", "cover", "side"}
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
# the longest texts a lesson holds (the shipped ones are far shorter): the range lays them out
MAX_TEXT = {"title": 80, "words": 400, "explain": 1500}
MAX_NAME = 80  # an obstacle id, a term's words, a highlight
MAX_CHOICES, MAX_HIGHLIGHTS = 12, 20
MAX_NUMBER_CHOICE = 999  # a number offered to click: answers are small


@dataclass(frozen=True)
class Question:
    ask: str
    words: str
    obstacle: str | None = None  # "line": the obstacle asked about
    choices: tuple[str, ...] = ()  # the choices the range offers (a choice question's default: the ask's)
    shot: int = 1  # 2: the question is on the shot at the second target (RULES 7.6)
    term: str | None = None  # "modifier": the words the terms' labels contain ("sweep", "advantage")
    dice: int | None = None  # "boulets": the dice the dodge uses


@dataclass(frozen=True)
class LessonWords:
    """What a lesson says in one language: its title, its question, its explanation (with the same
    ``{placeholders}`` in every language)."""

    title: str
    words: str
    explain: str


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    layout: str  # a shipped layout's file name (layouts/)
    situation: Situation
    question: Question
    explain: str  # may hold {placeholders}: see ``explanation``
    highlight: tuple[str, ...] = ()  # words of the term labels the range lights (``lit_terms``)
    source: str = field(default="", compare=False)  # the file it was read from
    translations: tuple[tuple[str, LessonWords], ...] = ()  # (language, its words) beside English

    @property
    def choices(self) -> tuple[str, ...]:
        """What the range offers to click (empty: a number to type)."""
        return self.question.choices or ASKS[self.question.ask].choices

    def text(self, language: str = "en") -> LessonWords:
        """The lesson's title, question and explanation in ``language`` (English: the file's own)."""
        if language == LANGUAGES[0]:
            return LessonWords(self.title, self.question.words, self.explain)
        try:
            return dict(self.translations)[language]
        except KeyError:
            raise LessonError(lesson_said("unspoken", source=self.source or self.id,
                                          language=language)) from None


# -- reading a lesson file -----------------------------------------------------------------------------
class _Bad(ValueError):
    """A problem at one entry of the file (the message, a ``Said``, names the entry)."""


def lesson_said(key: str, **values: Any) -> Said:
    """A lesson file's problem as data: ``range.lesson_file.<key>`` and its values."""
    return Said(f"range.lesson_file.{key}", **values)


def problem_of(exc: Exception) -> str:
    """What an error says: its one ``Said`` (or text) as it came, else the error as text."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)


def lesson_line(source: str, problem: object) -> Said:
    """``quiz.json: question.shot: …``: a problem after the file (or the lesson's id) it is in."""
    return lesson_said("line", source=source or lesson_said("unnamed"), problem=problem)


@overload
def _text(data: dict[str, Any], key: str, where: str, optional: Literal[False] = False) -> str: ...
@overload
def _text(data: dict[str, Any], key: str, where: str, optional: bool) -> str | None: ...
def _text(data: dict[str, Any], key: str, where: str, optional: bool = False) -> str | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        raise _Bad(lesson_said("text_needed", where=f"{where}{key}", value=_shown(value)))
    _printable(value, f"{where}{key}", MAX_TEXT.get(key, MAX_NAME))
    return value


def _printable(text: str, where: str, longest: int) -> None:
    """A text the window can draw on one line: at most ``longest`` characters, no control character
    (a NUL cannot be drawn at all) and no line or paragraph separator."""
    if len(text) > longest:
        raise _Bad(lesson_said("too_long", where=where, most=longest, count=len(text)))
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")), None)
    if bad is not None:
        raise _Bad(lesson_said("control", where=where, char=f"U+{ord(bad):04X}"))


def _shown(value: object) -> str:
    """A value of the file as a problem names it: its ``repr``, cut short."""
    try:
        text = repr(value)
    except RecursionError:
        return type(value).__name__
    return text if len(text) <= 60 else text[:57] + "..."


def _point(value: Any, where: str) -> Point:
    if not isinstance(value, str) or len(value) > 16:
        raise _Bad(lesson_said("point", where=where, examples=POINT_EXAMPLES, value=_shown(value)))
    try:
        return NOTATION_LATTICE.parse(value)
    except ValueError as exc:
        raise _Bad(lesson_said("line", source=where, problem=problem_of(exc))) from None


def _whole(data: dict[str, Any], key: str, where: str, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(lesson_said("whole", where=f"{where}{key}", value=_shown(value)))
    return value


def _flag(data: dict[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise _Bad(lesson_said("flag", where=f"{where}{key}", value=_shown(value)))
    return value


def _keys(data: Any, allowed: set[str], where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _Bad(lesson_said("object", where=where, type=type(data).__name__) if where
                   else lesson_said("object_lesson", type=type(data).__name__))
    if "answer" in data:
        raise _Bad(lesson_said("holds_answer", where=f"{where}answer"))
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise _Bad(lesson_said("unknown_entry", where=f"{where}{unknown[0]}",
                               known=", ".join(sorted(allowed))))
    return data


def _figure(data: Any, where: str) -> Figure:
    data = _keys(data, FIGURE_KEYS, where + ".")
    posture = data.get("posture", "standing")
    if posture not in tables.POSTURES:
        raise _Bad(lesson_said("posture", where=f"{where}.posture", choices=", ".join(tables.POSTURES),
                         value=_shown(posture)))
    side = data.get("side")
    if side is not None and side not in tables.SIDES:
        raise _Bad(lesson_said("side", where=f"{where}.side", choices=", ".join(tables.SIDES),
                               value=_shown(side)))
    return Figure(_point(data.get("point"), where + ".point"), posture,
                  _text(data, "cover", where + ".", optional=True), side)


def situation_from_dict(data: Any) -> Situation:
    """A situation in the game's notation (points as ``B:H11``); ``ValueError`` naming the entry."""
    w = "situation."
    data = _keys(data, SITUATION_KEYS, w)
    for key in ("shooter", "target"):
        if key not in data:
            raise _Bad(lesson_said("missing", where=f"{w}{key}"))
    second = data.get("second_target")
    run = data.get("run", [])
    if not isinstance(run, list):
        raise _Bad(lesson_said("run_list", where=f"{w}run", value=_shown(run)))
    weak = data.get("weakened_from")
    kind = data.get("kind", "simple")
    if not isinstance(kind, str):
        raise _Bad(lesson_said("kind", where=f"{w}kind", value=_shown(kind)))
    return Situation(
        shooter=_figure(data["shooter"], w + "shooter"),
        target=_figure(data["target"], w + "target"),
        second_target=None if second is None else _figure(second, w + "second_target"),
        def_count=_whole(data, "def_count", w, 0),
        supports=_whole(data, "supports", w, 0),
        kind=kind,
        advantage=_flag(data, "advantage", w),
        run=tuple(_point(p, f"{w}run[{i}]") for i, p in enumerate(run)),
        def_after_move=_flag(data, "def_after_move", w),
        weakened_from=None if weak is None else _point(weak, w + "weakened_from"),
        boulets=_whole(data, "boulets", w, 0),
    )


def situation_to_dict(s: Situation) -> dict[str, Any]:
    """The situation in the game's notation, as a lesson file holds it."""

    def fig(f: Figure) -> dict[str, str]:
        out = {"point": point_name(f.point), "posture": f.posture}
        if f.cover is not None:
            out["cover"] = f.cover
        if f.side is not None:
            out["side"] = f.side
        return out

    out: dict[str, Any] = {"shooter": fig(s.shooter), "target": fig(s.target)}
    if s.second_target is not None:
        out["second_target"] = fig(s.second_target)
    for key, default in (("def_count", 0), ("supports", 0), ("kind", "simple"), ("advantage", False),
                         ("def_after_move", False), ("boulets", 0)):
        if getattr(s, key) != default:
            out[key] = getattr(s, key)
    if s.run:
        out["run"] = [point_name(p) for p in s.run]
    if s.weakened_from is not None:
        out["weakened_from"] = point_name(s.weakened_from)
    return out


def _question(data: Any) -> Question:
    w = "question."
    data = _keys(data, QUESTION_KEYS, w)
    ask = data.get("ask")
    if not isinstance(ask, str) or ask not in ASKS:
        raise _Bad(lesson_said("ask", where=f"{w}ask", choices=", ".join(ASKS), value=_shown(ask)))
    choices = data.get("choices", [])
    if not isinstance(choices, list) or not all(isinstance(c, str | int) and not isinstance(c, bool)
                                                for c in choices):
        raise _Bad(lesson_said("choices_list", where=f"{w}choices", value=_shown(choices)))
    choices = _choices(ASKS[ask], [str(c) for c in choices], w)
    shot = _whole(data, "shot", w, 1)
    if shot not in (1, 2):
        raise _Bad(lesson_said("shot", where=f"{w}shot", value=shot))
    dice = data.get("dice")
    if dice is not None and (isinstance(dice, bool) or dice not in range(1, tables.MAX_DEF + 1)):
        raise _Bad(lesson_said("dice", where=f"{w}dice", most=tables.MAX_DEF, value=_shown(dice)))
    q = Question(ask, _text(data, "words", w), _text(data, "obstacle", w, optional=True),
                 choices, shot, _text(data, "term", w, optional=True), dice)
    if ask == "line" and q.obstacle is None:
        raise _Bad(lesson_said("line_obstacle", where=f"{w}obstacle"))
    if ask == "modifier" and q.term is None:
        raise _Bad(lesson_said("modifier_term", where=f"{w}term"))
    if ask == "boulets" and q.dice is None:
        raise _Bad(lesson_said("boulets_dice", where=f"{w}dice", value=_shown(q.dice)))
    return q


def _choices(ask: Ask, choices: list[str], w: str) -> tuple[str, ...]:
    """What the range offers to click: whole numbers for a number question, the question's own words
    (graze, cross, none; possible, impossible) for the others; each once."""
    if len(choices) > MAX_CHOICES:
        raise _Bad(lesson_said("choices_most", where=f"{w}choices", most=MAX_CHOICES, count=len(choices)))
    for choice in choices:
        if ask.number:
            try:
                fits = abs(int(choice)) <= MAX_NUMBER_CHOICE and choice.strip() == choice
            except ValueError:
                fits = False
            if not fits:
                raise _Bad(lesson_said("choices_numbers", where=f"{w}choices", most=MAX_NUMBER_CHOICE,
                                 value=_shown(choice)))
        elif choice not in ask.choices:
            raise _Bad(lesson_said("choices_words", where=f"{w}choices", choices=", ".join(ask.choices),
                             value=_shown(choice)))
    if len(set(choices)) != len(choices):
        raise _Bad(lesson_said("choices_once", where=f"{w}choices"))
    return tuple(choices)


def lesson_from_dict(data: Any, source: str = "") -> Lesson:
    """A lesson from its JSON object; ``LessonError`` (one line naming ``source`` and the entry)."""
    try:
        data = _keys(data, LESSON_KEYS, "")
        if data.get("format") != FORMAT:
            raise _Bad(lesson_said("format", format=repr(FORMAT), value=_shown(data.get("format"))))
        lesson_id = _text(data, "id", "")
        if not _ID.match(lesson_id):
            raise _Bad(lesson_said("id", value=_shown(lesson_id)))
        layout = _text(data, "layout", "")
        if Path(layout).name != layout or not layout.endswith(".json"):
            raise _Bad(lesson_said("layout", value=_shown(layout)))
        highlight = data.get("highlight", [])
        if not isinstance(highlight, list) or not all(isinstance(h, str) and h for h in highlight) \
                or len(highlight) > MAX_HIGHLIGHTS:
            raise _Bad(lesson_said("highlight", most=MAX_HIGHLIGHTS, value=_shown(highlight)))
        for i, words in enumerate(highlight):
            _printable(words, f"highlight[{i}]", MAX_NAME)
        explain = _text(data, "explain", "")
        _placeholders(explain, "explain")
        if "situation" not in data or "question" not in data:
            raise _Bad(lesson_said("missing", where="situation" if "situation" not in data else "question"))
        title = _text(data, "title", "")
        translations = tuple((language, _translation(data, language, explain)) for language in LANGUAGES[1:])
        return Lesson(lesson_id, title, layout, situation_from_dict(data["situation"]),
                      _question(data["question"]), explain, tuple(highlight), source, translations)
    except _Bad as exc:
        raise LessonError(lesson_line(source, problem_of(exc))) from None
    except (TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:  # unforeseen shapes
        log.warning("%s: not a lesson", source, exc_info=True)
        raise LessonError(lesson_said("not_a_lesson", source=source or lesson_said("unnamed"),
                                error=type(exc).__name__)) from None


def _translation(data: dict[str, Any], language: str, explain: str) -> LessonWords:
    """The lesson's words in ``language`` (``{"fr": {"title", "words", "explain"}}``): every entry
    there, and the explanation with the English one's placeholders, no more, no fewer."""
    where = f"{language}."
    if language not in data:
        raise _Bad(lesson_said("language_missing", language=language, keys=", ".join(WORDS_KEYS)))
    block = _keys(data[language], set(WORDS_KEYS), where)
    title, words, text = (_text(block, key, where) for key in WORDS_KEYS)
    _placeholders(text, where + "explain")
    mine, english = set(_FIELD.findall(text)), set(_FIELD.findall(explain))
    if mine != english:
        extra, lacking = sorted(mine - english), sorted(english - mine)
        if extra:
            raise _Bad(lesson_said("explain_without", where=f"{where}explain", names=", ".join(extra)))
        raise _Bad(lesson_said("explain_with", where=f"{where}explain", names=", ".join(lacking)))
    return LessonWords(title, words, text)


def load_lesson(path: str | os.PathLike[str]) -> Lesson:
    path = Path(path)
    try:
        data = read_json(path, MAX_LESSON_BYTES, "lesson")
    except JsonFileError as exc:
        raise LessonError(lesson_line(path.name, problem_of(exc))) from None
    return lesson_from_dict(data, path.name)


@dataclass(frozen=True)
class LessonFile:
    """One file of the lessons' folder as the range lists it: its lesson, and why it cannot be played
    (``problem``: one line naming the file and the entry; None: it plays). A file that cannot be read
    has no lesson."""

    source: str  # the file's name
    lesson: Lesson | None = None
    problem: str | None = None


def read_lessons(folder: str | os.PathLike[str] | None = None) -> list[LessonFile]:
    """Every ``*.json`` file of ``folder`` (the shipped lessons by default), never an exception: each
    with its lesson, or its problem (a file that cannot be read, the second lesson of an id); the
    lessons sorted by id, then the files with a problem by name."""
    folder = Path(LESSONS_DIR if folder is None else folder)
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError:
        paths = []
    files: list[LessonFile] = []
    seen: dict[str, str] = {}
    for path in paths:
        source = path.name
        try:
            lesson = load_lesson(path)
        except LessonError as exc:
            files.append(LessonFile(source, problem=problem_of(exc)))
            continue
        if lesson.id in seen:
            problem = lesson_said("same_id", source=source, id=repr(lesson.id), other=seen[lesson.id])
            files.append(LessonFile(source, problem=problem))
            continue
        seen[lesson.id] = source
        files.append(LessonFile(source, lesson))
    return sorted(files, key=lambda f: (f.problem is not None, f.lesson.id if f.lesson else f.source))


def load_lessons(folder: str | os.PathLike[str] | None = None) -> list[Lesson]:
    """Every lesson of ``folder`` (``*.json``; the shipped lessons by default), sorted by id;
    ``LessonError`` for the first bad file (one line naming the file and the entry), or for two
    lessons with one id."""
    files = read_lessons(folder)
    bad = sorted((f for f in files if f.problem is not None), key=lambda f: f.source)
    if bad:
        raise LessonError(bad[0].problem)
    return [f.lesson for f in files if f.lesson is not None]



def layout_path(lesson: Lesson) -> Path:
    """The shipped layout file the lesson is played on."""
    return layouts_dir() / lesson.layout


# -- the explanation's placeholders ------------------------------------------------------------
_FIELD = re.compile(r"\{([a-z_0-9]*)\}")
PLACEHOLDERS = ("answer", "sum", "required", "shot_value", "protection", "distance", "theta", "phi",
                "segment", "vulnerable", "dodge_dice", "lost", "eliminated")



def _placeholders(text: str, where: str) -> None:
    for name in _FIELD.findall(text):
        if name not in PLACEHOLDERS:
            raise _Bad(lesson_said("placeholder", where=where, name=f"{{{name}}}",
                                   known=", ".join(PLACEHOLDERS)))



def figure_ids(lesson: Lesson) -> tuple[str, str, str | None]:
    """The ids the situation's figures get in its match state: shooter, target, second target
    (the question's words call them so: 'What does W1 need to hit B1?')."""
    return situation_figure_ids(lesson.situation)
