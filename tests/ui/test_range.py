"""The practice range, driven by posted mouse events: the shooter dragged across a distance band's
limit and across a protractor segment's limit changes the panel's numbers exactly as
``odds --layout … --json`` says; a term and its drawing light each other; a run drawn by clicks
shows its vulnerable points; the heatmaps are the odds module's, computed without freezing."""

from __future__ import annotations

import json

import pytest

import main
from paintcheck.field.lattice import point_name
from paintcheck.field.layout_file import default_layout_path
from paintcheck.odds import heatmaps
from paintcheck.odds.situation import Figure, Situation, read
from paintcheck.rules import tables
from tests.ui.driver import Drawn, click, drag, move, press, step


@pytest.fixture
def range_scene(app):
    press(app, "learn")
    step(app, 2)
    assert app.scene.name == "range"
    return app.scene


def cli(capsys, s: Situation) -> dict:
    """``odds --layout … --json`` for the situation's shooter and target."""
    capsys.readouterr()
    args = ["odds", "--layout", str(default_layout_path()), "--shooter", point_name(s.shooter.point),
            "--target", point_name(s.target.point), "--shooter-posture", s.shooter.posture,
            "--target-posture", s.target.posture, "--def", str(s.def_count), "--json"]
    if s.target.cover:
        args += ["--cover", s.target.cover]
    if s.shooter.cover:
        args += ["--shooter-cover", s.shooter.cover]
    assert main.main(args) == 0
    return json.loads(capsys.readouterr().out)


def panel(scene) -> dict:
    """The numbers the panel shows (the reading it draws, term by term)."""
    r = scene.reading
    return {
        "shot_parts": [(t.label, t.value) for t in r.terms if t.part == "shot"],
        "protection_parts": [(t.label, t.value) for t in r.terms if t.part == "protection"],
        "required": r.required, "dodge_dice": r.dodge_dice,
        "eliminated": None if r.odds is None else float(r.odds.eliminated),
    }


def expected(out: dict) -> dict:
    return {
        "shot_parts": [(p["label"], p["value"]) for p in out["shot_parts"]],
        "protection_parts": [(p["label"], p["value"]) for p in out["protection_parts"]],
        "required": out["required"], "dodge_dice": out["dodge_dice"],
        "eliminated": None if out["odds"] is None else out["odds"]["eliminated"],
    }


def crossing(scene, capsys, differs: str):
    """Two king-step neighbours the shooter may stand on, both with a shot, whose ``differs``
    reading (distance band or angle segment, as ``odds`` prints it) differs."""
    s = scene.situation
    m = scene.m
    for y in range(1, 12):
        for x in range(scene.table.field.lattice.columns - 1):
            a, b = (x, y), (x + 1, y)
            if not (scene.model.free(a) and scene.model.free(b)):
                continue
            ra = read(m, Situation(Figure(a, "standing", None), s.target))
            rb = read(m, Situation(Figure(b, "standing", None), s.target))
            if ra.lost or rb.lost:
                continue
            if differs == "distance" and tables.distance_band(m.distance(a, s.target.point)) != \
                    tables.distance_band(m.distance(b, s.target.point)):
                return a, b
            if differs == "angle":
                sa = cli(capsys, Situation(Figure(a, "standing", _first(m.covers(a))), s.target))
                sb = cli(capsys, Situation(Figure(b, "standing", _first(m.covers(b))), s.target))
                if sa["angle_segment"] != sb["angle_segment"] and sa["lost"] is None and sb["lost"] is None:
                    return a, b
    raise AssertionError(f"no two neighbours across a {differs} limit")


def _first(items):
    return items[0] if items else None


@pytest.mark.slow
@pytest.mark.parametrize("limit", ["distance", "angle"])
def test_dragging_the_shooter_across_a_limit_changes_the_panel_as_odds_says(app, range_scene, capsys, limit):
    scene = range_scene
    a, b = crossing(scene, capsys, limit)
    drag(app, scene.t.to_screen(*scene.situation.shooter.point), scene.t.to_screen(*a))
    assert scene.situation.shooter.point == a
    before = panel(scene)
    assert before == expected(cli(capsys, scene.situation))
    drag(app, scene.t.to_screen(*a), scene.t.to_screen(*b))
    assert scene.situation.shooter.point == b
    after = panel(scene)
    assert after == expected(cli(capsys, scene.situation))
    assert after != before
    label = "distance" if limit == "distance" else "angle"
    values = [dict(x["shot_parts"]).get(label, 0) for x in (before, after)]
    assert values[0] != values[1]


def test_a_term_and_its_drawing_light_each_other(app, range_scene):
    scene = range_scene
    r = scene.reading
    i = next(i for i, t in enumerate(r.terms) if t.label == "distance")
    rect = next(rect for rect, j in scene.view.term_rects if j == i)
    move(app, rect.center)
    assert scene.view.lit(scene.frame) == ("ruler",)
    move(app, (scene.px + scene.pw - 10, 990))  # nowhere
    assert scene.view.lit(scene.frame) is None
    # the ruler's middle, on the field: the distance line is lit
    head, tail = scene.situation.target.point, scene.situation.shooter.point
    mid = scene.t.to_screen((head[0] + tail[0]) / 2, (head[1] + tail[1]) / 2)
    move(app, mid)
    assert i in scene.view.lit_terms(scene.frame)


def test_a_run_drawn_by_clicks_shows_its_vulnerable_points(app, range_scene):
    scene = range_scene
    start = scene.situation.target.point
    press(app, "run")
    ends = [(start[0] + 3, start[1]), (start[0] + 3, start[1] + 2)]
    for p in ends:
        click(app, scene.t.to_screen(*p))
    assert scene.situation.run == tuple(ends)
    r = scene.reading
    assert r.lost is None and r.vulnerable
    labels = [t.label for t in r.terms]
    assert "MOV" in labels and f"{len(r.vulnerable)} vulnerable" in labels
    # the vulnerable points are drawn on the field, in their colour
    x, y = scene.t.to_screen(*r.vulnerable[0])
    ring = scene.t.length(0.28)
    assert tuple(app.screen.get_at((x, y + ring - 1)))[:3] in {(255, 90, 70), (255, 225, 60)}
    press(app, "run-clear")
    assert scene.situation.run == ()


def test_the_maps_are_the_odds_modules_and_never_freeze_the_window(app, range_scene):
    scene = range_scene
    press(app, "map-where_to_hide")
    assert scene.maps.heat.busy  # computed in the worker: the frame did not wait
    scene.maps.heat.wait()
    step(app)
    want = heatmaps.where_to_hide(scene.m, scene.situation, scene.table.field.lattice)
    assert scene.maps.values() == want
    point = next(p for p, v in want.items() if v > 0)
    move(app, scene.t.to_screen(*point))
    press(app, "map-from_where")
    scene.maps.heat.wait()
    step(app)
    s = scene.situation
    lattice = scene.table.field.lattice
    assert scene.maps.values() == heatmaps.from_where(scene.m, s, s.shooter.posture, lattice)


@pytest.mark.parametrize("lesson_id", ["01-distance-band", "05-graze-kneeling"])  # a number, a choice
def test_a_lesson_answered_wrong_then_right_by_clicks(app, range_scene, user_data, lesson_id):
    from paintcheck.odds import lesson_answers, lesson_progress

    scene = range_scene
    press(app, "lessons")
    lesson = next(x for x in scene.lessons.catalogue if x.id == lesson_id)
    press(app, f"lesson-{lesson_id}")
    assert scene.lessons.lesson == lesson and scene.situation == lesson.situation
    right = lesson_answers.answer(scene.m, lesson)
    if lesson.choices:
        wrong = next(c for c in lesson.choices if c != right)
        press(app, f"answer-{wrong}")
    else:
        press(app, "answer-plus")
        while lesson_answers.normalise(lesson, scene.lessons.given) == right:
            press(app, "answer-plus")
        press(app, "answer-submit")
    assert scene.lessons.outcome == "wrong" and scene.lessons.asking
    # the figures stay while it is asked
    shooter = scene.situation.shooter.point
    drag(app, scene.t.to_screen(*shooter), scene.t.to_screen(shooter[0], shooter[1] - 1))
    assert scene.situation.shooter.point == shooter
    if lesson.choices:
        press(app, f"answer-{right}")
    else:
        while lesson_answers.normalise(lesson, scene.lessons.given) < right:
            press(app, "answer-plus")
        while lesson_answers.normalise(lesson, scene.lessons.given) > right:
            press(app, "answer-minus")
        press(app, "answer-submit")
    assert scene.lessons.outcome == "right" and not scene.lessons.asking
    assert scene.lessons.explanation_lines(scene.pw)[0].startswith("Right.")
    lit = scene.lessons.lesson_terms()
    assert lit and all(any(w in scene.reading.terms[i].label for w in lesson.highlight) for i in lit)
    saved = lesson_progress.Progress.load()
    assert saved.done(lesson.id) and saved.tries[lesson.id] == 2
    press(app, "lesson-list")
    assert f"lesson-{lesson.id}" in scene.controls.choices
    assert scene.controls.choices[f"lesson-{lesson.id}"].button.text.startswith("✓")


# -- issue 25, item 5: the range says what it reads -----------------------------------------------------
def test_an_impossible_shot_says_why_where_its_value_would_be(app, range_scene, monkeypatch):
    """No "None = shot value": the panel says why the shot cannot be made, in its place."""
    from paintcheck.odds import lessons
    from paintcheck.ui.i18n import say, tr

    scene = range_scene
    prone = next(x for x in lessons.load_lessons() if x.id == "07-impossible-prone").situation
    drag(app, scene.t.to_screen(*scene.situation.target.point), scene.t.to_screen(*prone.target.point))
    drag(app, scene.t.to_screen(*scene.situation.shooter.point), scene.t.to_screen(*prone.shooter.point))
    press(app, "shooter-prone")
    r = scene.reading
    assert r.lost and r.shot_value is None
    drawn = Drawn(monkeypatch).words(app)
    assert "None" not in drawn
    reason = tr("range.panel.no_shot", lost=say(r.lost))
    assert reason in drawn
    # in the shot value's place: after the shot's heading, before the target's protection
    heading, against = drawn.index(tr("range.panel.shot_value")), drawn.index(tr("range.panel.against"))
    assert heading < drawn.index(reason) < against
    assert tr("range.panel.total_shot") not in drawn


@pytest.mark.parametrize("shooter", [(6, 3), (1, 10)])  # 10.05 and 18.03 points from the target at B:H7
def test_the_ruler_s_label_never_reads_in_another_band(app, range_scene, monkeypatch, shooter):
    """Just beyond a band's mark the ruler's length gets the digits that keep it beyond (18.03, not
    "18.0" beside "dist −3")."""
    from paintcheck.geometry.ruler import distance
    from paintcheck.ui.i18n import tr

    scene = range_scene
    target = scene.situation.target.point
    assert target == (7, -7) and 0 < distance(shooter, target) % 1 < 0.05
    drag(app, scene.t.to_screen(*scene.situation.shooter.point), scene.t.to_screen(*shooter))
    assert scene.situation.shooter.point == shooter
    head, tail = tr("match.ruler.label", distance="\0", modifier="\1").split("\0")
    between, tail = tail.split("\1")
    labels = [w for w in Drawn(monkeypatch).words(app) if w.startswith(head) and between in w]
    assert labels
    written, modifier = labels[0][len(head):].split(between)
    modifier = modifier[:len(modifier) - len(tail)] if tail else modifier
    exact = distance(shooter, target)
    assert int(modifier) == tables.distance_modifier(exact)
    assert tables.distance_modifier(float(written)) == int(modifier), labels[0]  # the window speaks English


def test_crossing_the_centre_line_says_the_colours_swap(app, range_scene, monkeypatch):
    from paintcheck.field.lattice import half_of
    from paintcheck.ui.i18n import team, tr

    scene = range_scene
    start = scene.situation.shooter.point
    assert half_of(start) == "white" and scene.reading.state.players[scene.reading.shooter_id].team == "white"
    over = next((x, y) for y in (-2, -3, -4) for x in range(4, 14) if scene.model.free((x, y)))
    drag(app, scene.t.to_screen(*start), scene.t.to_screen(*over))
    assert scene.situation.shooter.point == over
    assert scene.reading.state.players[scene.reading.shooter_id].team == "blue"
    said = tr("range.flash.colours", shooter=team("blue"), target=team("white"))
    assert said in Drawn(monkeypatch).words(app)
    # back in his half: said again; a move within a half says nothing new
    drag(app, scene.t.to_screen(*over), scene.t.to_screen(*start))
    assert app.message[0] == tr("range.flash.colours", shooter=team("white"), target=team("blue"))
    app.message = None
    drag(app, scene.t.to_screen(*start), scene.t.to_screen(start[0] - 1, start[1]))
    assert scene.situation.shooter.point == (start[0] - 1, start[1]) and app.message is None


def test_in_a_window_smaller_than_the_minimum_the_required_roll_wraps_in_the_panel(monkeypatch):
    """A small desktop's window (``window_size``): the line with the required roll and the dodge dice
    is wrapped to the panel, never past the window's edge."""
    import pygame

    from paintcheck.ui import theme
    from paintcheck.ui.app import App

    application = App((1024, 700), seed=7)
    try:
        application.step(1 / 60)
        drawn = Drawn(monkeypatch)
        application.switch("range")
        step(application, 2)
        frame = application.scene.frame
        words = [w for w, _ in drawn.frame(application)]
        first = next(i for i, w in enumerate(words) if "d20" in w)
        needs = words[first:first + 2]  # one sentence, two lines
        assert needs[1].endswith("(RULES 9.2)") or needs[1] == "9.2)", needs
        assert all(frame.px + theme.text_width(w, 15, True) <= application.size[0] for w in needs)
    finally:
        pygame.quit()
