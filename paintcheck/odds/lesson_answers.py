"""A lesson's answer and its explanation, computed from the engine's reading of its situation and
the instruments (RULES 6–10, 8.2, 8.4): the lesson file never holds them (docs/lessons.md).

``playable`` checks the lessons when they are listed, by computing what answering them computes
(``verify``): a lesson that parses but cannot be answered (a figure off the field, a cover not beside
its figure, a question its situation cannot ask) is listed with its problem instead of crashing the
range when it is answered."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import replace

from paintcheck.odds.lessons import (  # the lesson as data
    _FIELD,
    ASKS,
    IMPOSSIBLE,
    LANGUAGES,
    NONE,
    POSSIBLE,
    Lesson,
    LessonError,
    LessonFile,
    lesson_line,
    lesson_said,
    problem_of,
)
from paintcheck.odds.situation import SituationReading, Term, read
from paintcheck.rules import tables
from paintcheck.rules.measure import Measurer
from paintcheck.rules.values import RoundView, Stand

log = logging.getLogger(__name__)


# -- the answer ------------------------------------------------------------------------------------------
def reading(m: Measurer, lesson: Lesson) -> SituationReading:
    """The engine's reading of the lesson's situation (its first shot; ``.second`` the other)."""
    try:
        return read(m, lesson.situation)
    except ValueError as exc:
        raise LessonError(lesson_said("situation", source=lesson.source or lesson.id,
                                problem=problem_of(exc))) from None


def _asked(m: Measurer, lesson: Lesson) -> tuple[SituationReading, SituationReading]:
    """The whole reading and the shot the question is about."""
    r = reading(m, lesson)
    shot = r
    if lesson.question.shot == 2:
        if r.second is None:
            raise LessonError(lesson_said("no_second", source=lesson.source or lesson.id))
        shot = r.second
    if ASKS[lesson.question.ask].needs_shot and shot.lost:
        raise LessonError(lesson_said("lost", source=lesson.source or lesson.id,
                                      ask=repr(lesson.question.ask),
                                reason=shot.lost))
    return r, shot


def _aim(m: Measurer, r: SituationReading, shot: SituationReading) -> tuple[RoundView, Stand]:
    view = RoundView(r.state, m)
    return view, view.stand(r.shooter_id, shot.entry.action)


def _segment(m: Measurer, r: SituationReading, shot: SituationReading) -> int:
    """The protractor on the static target, aligned with his cover: the segment floor(θ/18°) the
    shooter stands in (RULES 8.2; ``overlays.read_protractor`` numbers them the same way)."""
    view, shooter = _aim(m, r, shot)
    if view.running(shot.target_id):
        raise LessonError(lesson_said("segment_static"))
    st = view.static_stand(shot.target_id)
    return tables.angle_segment(m.static_angle(st.point, st.cover, shooter.point))


def _line(m: Measurer, lesson: Lesson, r: SituationReading, shot: SituationReading) -> str:
    """What the ruler from the shooter to the target does at the obstacle asked about: graze, cross
    or none, leaving out the shooter's and the target's own covers as the engine does (RULES 8.4)."""
    view, shooter = _aim(m, r, shot)
    if view.running(shot.target_id):
        raise LessonError(lesson_said("line_static"))
    try:
        m.obstacle(lesson.question.obstacle or "")
    except KeyError:
        raise LessonError(lesson_said("no_obstacle", obstacle=repr(lesson.question.obstacle))) from None
    st = view.static_stand(shot.target_id)
    ignore = tuple(c for c in (shooter.cover, st.cover) if c)
    (touches,) = m.lines_of_fire(shooter.point, [st.point], ignore)
    return next((t.effect for t in touches if t.obstacle == lesson.question.obstacle), NONE)


def _modifier(shot: SituationReading, words: str | None) -> int:
    assert words is not None  # a 'modifier' question names its terms (``lessons._question``)
    return sum(t.value for t in shot.shot_terms if words in t.label)


def answer(m: Measurer, lesson: Lesson) -> int | str:
    """The right answer, computed by the engine and the instruments (never read from the file).

    ``m`` measures the lesson's layout (``layout_path``). ``LessonError`` when the question does not
    fit the situation (a required roll for a lost shot, a segment for a runner)."""
    q = lesson.question
    r, shot = _asked(m, lesson)
    try:
        compute: dict[str, Callable[[], int | str]] = {
            "required": lambda: _made(shot.required),
            "shot_value": lambda: _made(shot.shot_value),
            "protection": lambda: shot.protection,
            "band": lambda: shot.term("distance"),
            "segment": lambda: _segment(m, r, shot),
            "angle": lambda: shot.term("angle"),
            "run_angle": lambda: shot.term("run angle"),
            "line": lambda: _line(m, lesson, r, shot),
            "possible": lambda: POSSIBLE if shot.lost is None else IMPOSSIBLE,
            "vulnerable_points": lambda: len(shot.vulnerable),
            "modifier": lambda: _modifier(shot, q.term),
            "dodge_dice": lambda: shot.dodge_dice,
            "boulets": lambda: _boulets(lesson, shot),
        }
        return compute[q.ask]()
    except LessonError as exc:
        raise LessonError(lesson_line(lesson.source or lesson.id, problem_of(exc))) from None


def _made(value: int | None) -> int:
    """A number only a shot that can be made has: the question's (``_asked`` refuses a lost shot)."""
    assert value is not None
    return value


def _boulets(lesson: Lesson, shot: SituationReading) -> int:
    """The boulets a dodge with ``dice`` dice gives (RULES 9.4), as the odds name them; a target who
    already carries boulets gets 4 whatever the dice (RULES 9.7), so the question is not asked then."""
    if lesson.situation.boulets:
        raise LessonError(lesson_said("boulets_carried"))
    dice = lesson.question.dice
    assert dice is not None  # a 'boulets' question says its dice (``lessons._question``)
    if dice > shot.dodge_dice:
        raise LessonError(lesson_said("dice_allowed", allowed=shot.dodge_dice, value=dice))
    assert shot.odds is not None  # the shot can be made (``_asked``)
    return shot.odds.boulets[dice]


_MINUS = str.maketrans({"−": "-", "–": "-", "+": ""})


def normalise(lesson: Lesson, given: object) -> int | str | None:
    """A learner's answer as ``answer`` gives it (a number, or a choice's word), or None if it is
    not one (" +2 ", "−1" and 3 are numbers; " Graze" is "graze")."""
    if ASKS[lesson.question.ask].number:
        if isinstance(given, bool):
            return None
        if isinstance(given, int):
            return given
        try:
            return int(str(given).strip().translate(_MINUS))
        except ValueError:
            return None
    return str(given).strip().lower() if given is not None else None


def check(m: Measurer, lesson: Lesson, given: object) -> bool:
    """Whether ``given`` is the right answer."""
    value = normalise(lesson, given)
    return value is not None and value == answer(m, lesson)


# -- the explanation ---------------------------------------------------------------------------------------
DECIMALS = {"distance": 1, "theta": 0, "phi": 0, "eliminated": 1}  # the digits of a measured value


def sum_words(shot: SituationReading) -> str:
    """The sum as the match panel writes it: '10 (simple) − 1 (distance) = 9 against 10 (cylinder
    kneeling) + 7 (2 DEF) = 17 → needs 19' (in English; the window writes it in its language)."""
    def parts(terms: Iterable[Term]) -> str:
        out = ""
        for i, t in enumerate(terms):
            sign = "+" if t.value >= 0 else "−"
            out += f"{t.value} ({t.label})" if i == 0 else f" {sign} {abs(t.value)} ({t.label})"
        return out

    against = f"{parts(shot.protection_terms)} = {shot.protection}"
    if shot.lost:
        return f"the shot is lost: {shot.lost}"
    return f"{parts(shot.shot_terms)} = {shot.shot_value} against {against} → needs {shot.required}"


def english_value(name: str, value: object) -> str:
    """A placeholder's value as the English explanation writes it (``DECIMALS`` digits)."""
    if isinstance(value, float):
        return f"{value:.{DECIMALS[name]}f}"
    return str(value)


def explanation(m: Measurer, lesson: Lesson, language: str = "en",
                word: Callable[[str, object], str] = english_value) -> str:
    """The lesson's explanation in ``language`` with its placeholders filled from the engine's
    reading (``explanation_values``), each written by ``word(name, value)``: by default as English
    writes it; the window writes them for its language (a decimal comma, the sum's words)."""
    values = explanation_values(m, lesson)
    return _FIELD.sub(lambda match: word(match.group(1), values[match.group(1)]()),
                      lesson.text(language).explain)


def explanation_values(m: Measurer, lesson: Lesson) -> dict[str, Callable[[], object]]:
    """Each placeholder's value, computed when asked: {answer} (a number, or a choice's word),
    {sum} (the whole sum line, ``sum_words``), {required}, {shot_value}, {protection}, {distance} (the
    ruler, in points, a float), {theta} / {phi} (the protractor, degrees, floats; ``-`` when it does
    not apply), {segment}, {vulnerable}, {dodge_dice}, {lost} (the engine's reason), {eliminated}
    (the chance of an elimination, in %, a float)."""
    r, shot = _asked(m, lesson)
    view, shooter = _aim(m, r, shot)
    aim = view.aim_point(shot.target_id)
    running = view.running(shot.target_id)
    def phi() -> float | str:
        if not running:
            return "-"
        path = view.plans[shot.target_id].path
        assert path is not None  # he runs
        return float(m.run_angle(path, shooter.point))

    return {
        "answer": lambda: answer(m, lesson),
        "sum": lambda: sum_words(shot),
        "required": lambda: shot.required,
        "shot_value": lambda: shot.shot_value,
        "protection": lambda: shot.protection,
        "distance": lambda: float(m.distance(shooter.point, aim)),
        "theta": lambda: float(m.static_angle(aim, view.static_stand(shot.target_id).cover, shooter.point)),
        "phi": phi,
        "segment": lambda: _segment(m, r, shot) if not running else "-",
        "vulnerable": lambda: len(shot.vulnerable),
        "dodge_dice": lambda: shot.dodge_dice,
        "lost": lambda: shot.lost or "",
        "eliminated": lambda: 100 * float(shot.odds.eliminated) if shot.odds else 0,
    }


def asked_shot(m: Measurer, lesson: Lesson) -> SituationReading:
    """The reading of the shot the question is about (the first target's, or the second's)."""
    return _asked(m, lesson)[1]


def lit_terms(m: Measurer, lesson: Lesson) -> tuple[int, ...]:
    """Indices in the asked shot's ``terms`` of the terms the lesson lights: those whose label holds
    a ``highlight`` entry ("vulnerable" lights "2 vulnerable", "sweep" every obstacle swept)."""
    _, shot = _asked(m, lesson)
    return tuple(i for i, t in enumerate(shot.terms) if any(h in t.label for h in lesson.highlight))


# -- checked when listed -------------------------------------------------------------------------------
def verify(m: Measurer, lesson: Lesson) -> None:
    """``LessonError`` (one line naming the file) unless the lesson can be answered and explained:
    its answer computes, ``check`` takes it, its choices hold it, its explanation fills in every
    language and its highlight reads the asked shot. Nothing is stored: the answer is computed again
    when asked."""
    where = lesson.source or lesson.id
    try:
        right = answer(m, lesson)
        if not check(m, lesson, right):
            raise LessonError(lesson_said("cannot_give", source=where, answer=repr(right)))
        if lesson.choices and str(right) not in lesson.choices:
            raise LessonError(lesson_said("not_among", source=where, answer=right,
                                          choices=", ".join(lesson.choices)))
        for language in LANGUAGES:
            explanation(m, lesson, language)
        lit_terms(m, lesson)
    except LessonError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever a file makes the reading do, the lesson is listed bad
        log.warning("%s cannot be answered", where, exc_info=True)
        words = " ".join(str(exc).splitlines())[:200]
        raise LessonError(lesson_said("cannot_answer", source=where, error=type(exc).__name__,
                                      words=words)) from None


def playable(files: list[LessonFile], measurer: Callable[[str], Measurer]) -> list[LessonFile]:
    """``files`` (``lessons.read_lessons``) with a problem for each lesson that cannot be answered
    (``verify``; the lesson kept for its title), the playable ones first. ``measurer(layout)``
    measures the shipped layout file ``layout``; a field it cannot build (``ValueError``,
    ``OSError``) is the lesson's problem."""
    out = []
    for f in files:
        if f.lesson is not None and f.problem is None:
            lesson = f.lesson
            try:
                m = measurer(lesson.layout)
            except (ValueError, OSError) as exc:
                f = replace(f, problem=lesson_said("layout_problem", source=f.source,
                                                     problem=problem_of(exc)))
            else:
                try:
                    verify(m, lesson)
                except LessonError as exc:
                    f = replace(f, problem=problem_of(exc))
        out.append(f)
    return sorted(out, key=lambda f: (f.problem is not None, f.lesson.id if f.lesson else f.source))
