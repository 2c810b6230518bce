"""Un pour un's window readings a new player finds wrong or hidden, by posted events: a trail's cost is
the one the legality compares to the allowance (a rope's climb included, 3.11); the ruler's labels stay
on the table; a long flashed message stays in its area; the new-match screen sums up each chosen band."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame

from paintcheck.ui import theme
from paintcheck.ui.i18n import number, say, tr
from paintcheck.ui.unpourun.ruler import ring_words
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.allowance import move_allowance
from paintcheck.unpourun.bands import band_cost, band_problems
from paintcheck.unpourun.climb import move_cost
from paintcheck.unpourun.state import Phase
from tests.ui.driver import Drawn, click, press, step
from tests.ui.test_upu_match import (
    deploy_all_by_drags,
    drag_path,
    px,
    release,
    to_deployment,
    to_first_activation,
)

WOODLAND = "Woodland skirmish"  # a shipped table with a climbable boulder (h 2: a climb of 4)
BOULDER = "boulder"


def activation_on(app, table_name: str):
    """Both sides a person on the table ``table_name``, deployed by drags, the first figure activated."""
    app.switch("upu_new")
    step(app)
    scene = app.scene
    press(app, f"table-{next(i for i, c in enumerate(scene.tables) if c.name == table_name)}")
    press(app, "player-A-person")
    press(app, "player-B-person")
    press(app, "start")
    to_deployment(app)
    deploy_all_by_drags(app)
    scene = app.scene
    mine = next(f for f in scene.state.band(scene.state.mover) if f.standing)
    click(app, px(scene, mine.pos))
    assert scene.state.phase == Phase.ACTIVATION and scene.state.activation.figure == mine.id
    return scene


def roped_at(scene, fid: str, pos) -> None:
    """The figure ``fid`` given a rope (3.11) and stood at ``pos`` (the state the window reads)."""
    s = scene.session.state
    figures = tuple(replace(f, pos=pos, rope=True) if f.id == fid else f for f in s.figures)
    scene.session.state = replace(s, figures=figures)


def test_a_trail_up_a_wall_costs_what_the_legality_compares_climb_included(app, monkeypatch):
    scene = activation_on(app, WOODLAND)
    fid = scene.state.activation.figure
    table = scene.session.game.table
    piece = next(p for p in table.pieces if p.name == BOULDER)
    xs, ys = [p[0] for p in piece.points], [p[1] for p in piece.points]
    top = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    board = scene.engine.board
    m = scene.engine.m
    # from below the boulder, straight up onto it: a Walk the legality takes, its climb counted
    taken = refused = None
    for tenths in range(20, 120):
        roped_at(scene, fid, (top[0], top[1] - tenths / 10))
        s = scene.state
        f = s.figure(fid)
        end = scene.view.to_table(px(scene, top))
        beyond = scene.view.to_table(px(scene, (top[0] + 0.6, top[1] + 0.4)))
        if taken is None and scene.engine.why_illegal(s, a.Walk((end,))) is None \
                and m.path_cost([f.pos, end], f.stats.difficult_as_open) + 4 <= f.stats.mvt:
            taken = f.pos
        path = (end, beyond)
        ground = m.path_cost([f.pos, *path], f.stats.difficult_as_open)
        run = move_allowance(board, s, f, a.Run(path))
        if refused is None and ground < run and scene.engine.why_illegal(s, a.Run(path)) is not None \
                and scene.engine.why_illegal(s, a.Walk(path)) is not None:
            refused = f.pos
    assert taken is not None and refused is not None

    roped_at(scene, fid, taken)
    s = scene.state
    f = s.figure(fid)
    end = px(scene, top)
    drawn = Drawn(monkeypatch)
    drag_path(app, px(scene, f.pos), [], end)
    r = scene.reading
    expected = move_cost(board, f, r.path, f.stats.difficult_as_open)
    assert r.decision == a.Walk(r.path) and r.cost == expected
    assert r.cost >= m.path_cost([f.pos, *r.path], f.stats.difficult_as_open) + 4 - 1e-9  # the climb, 2 x h 2
    words = tr("upu_match.trail", kind=tr("upu_match.move.walk"), length=number(round(r.length, 2)),
               cost=number(round(r.cost, 2)), allowance=number(f.stats.mvt), pa=1)
    frame = drawn.frame(app)
    assert (words, theme.TEXT_GOOD) in frame
    # what the climb takes of it, said: the engine's climbs along the trail (2 x h 2)
    assert r.climb == board.climbs(f, [f.pos, *r.path], True) == 4
    assert (tr("upu_match.trail_climb", climb=number(4)), theme.TEXT_GOOD) in frame
    release(app, end)
    assert scene.session.record.decisions[-1] == a.Walk(r.path)

    # a trail up and on over the top, beyond a Run's allowance once the climb is counted: refused, and its
    # cost read beyond the allowance said (its ground alone is within it)
    activation = scene.state.activation
    roped_at(scene, fid, refused)
    scene.session.state = replace(scene.session.state, activation=replace(activation, pa=f.stats.pa,
                                                                          last_move=False))
    s = scene.state
    f = s.figure(fid)
    drag_path(app, px(scene, f.pos), [px(scene, top)], px(scene, (top[0] + 0.6, top[1] + 0.4)))
    r = scene.reading
    assert r.decision is None and r.kind == "run"
    assert r.cost == move_cost(board, f, r.path, f.stats.difficult_as_open) > r.allowance
    assert m.path_cost([f.pos, *r.path], f.stats.difficult_as_open) < r.allowance
    release(app, px(scene, (top[0] + 0.6, top[1] + 0.4)))
    assert scene.state is s


def test_the_rulers_labels_stay_on_the_table_near_its_top_edge_and_apart(app):
    to_first_activation(app)
    scene = app.scene
    s = scene.state
    shooter = next(f for f in s.figures if f.on_table and f.ranged)
    click(app, px(scene, shooter.pos))
    assert scene.selected == shooter.id
    area = scene.ruler.table_rect(scene.view)
    # the shooter stood one pas below the table's top edge on the screen, the mouse a little below it
    near_top = scene.view.to_table((area.centerx, area.top + scene.view.pixels_per_pas * 1.5))
    scene.session.state = replace(s, figures=tuple(replace(f, pos=near_top) if f.id == shooter.id else f
                                                   for f in s.figures))
    others = [f for f in scene.state.figures if f.on_table and f.id != shooter.id]
    assert all(math.dist(f.pos, near_top) > 2 for f in others)
    aim = px(scene, scene.view.to_table((area.centerx + 40, area.top + scene.view.pixels_per_pas * 8)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=aim, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    assert scene.ruler.reading is not None and scene.ruler.reading.figure == shooter.id
    labels = scene.ruler.labels
    rings = [ring_words(r.band, r.limit) for r in scene.ruler.reading.rings]
    assert [words for words, _box in labels[1:]] == rings  # the reading's box, then each ring's label
    for words, box in labels:
        assert area.contains(box), (words, box, area)
    boxes = [box for _words, box in labels]
    assert not any(box.colliderect(other) for i, box in enumerate(boxes) for other in boxes[i + 1:])


def test_a_long_flashed_path_stays_on_one_line_in_its_strip_file_name_first(app, monkeypatch, tmp_path):
    to_first_activation(app)
    press(app, "end")  # a decision: the match is saved
    saved = app.scene.session
    deep = tmp_path.joinpath(*(f"a-rather-long-folder-name-{i}" for i in range(8)))
    deep.mkdir(parents=True)
    path = deep / "un-pour-un-match-with-a-long-name.json"
    saved.save(path)
    drawn = Drawn(monkeypatch)
    app.switch("upu_match", resume=str(path))
    scene = app.scene
    assert scene.session.state == saved.state
    full = tr("app.resumed", path=str(path))
    assert app.message[0] == full
    shown = [words for words, colour in drawn.frame(app) if colour == app.message[1]]
    assert len(shown) == 1 and path.name in shown[0]  # one line (not wrapped over the table), naming the file
    area = scene.message_rect()
    assert theme.text_width(full, 15) > area.width  # too long for the strip as it is
    title = theme.text_width(tr("upu_match.title"), 18, True)
    assert area.bottom <= scene.table_rect.top and area.left > title
    line = scene.message_line()
    assert shown == [line] and theme.text_width(line, 15) <= area.width
    assert line.startswith(tr("app.resumed", path=path.name + " ("))  # the file's name first, then its folder
    assert "a-rather-long-folder-name-7)" in line


def test_the_new_match_screen_sums_up_each_chosen_band_from_the_bands_rules(app, monkeypatch):
    app.switch("upu_new")
    step(app)
    scene = app.scene
    refused = next(i for i, c in enumerate(scene.bands) if c.problem is not None)
    press(app, f"band-B-{refused}")
    drawn = Drawn(monkeypatch)
    frame = drawn.frame(app)
    for p in ("A", "B"):
        choice = scene.bands[scene.band[p]]
        band = choice.band
        kinds = [spec.kind for spec in band.figures]
        by_rank = sorted(set(kinds), key=lambda k: -t.PROFILES[k].rank)
        ranks = ", ".join(tr("upu_match.new.rank_count", kind=tr(f"upu_builder.kind.{k}"),
                             count=kinds.count(k)) for k in by_rank)
        figures = tr("upu_match.new.summary", count=len(band.figures), ranks=ranks,
                     cost=band_cost(band, scene.options), limit=scene.options.points)
        assert (figures, theme.TEXT_DIM) in frame
        assert str(band_cost(band, scene.options)) in figures and str(t.POINTS_LIMIT) in figures
    problem = scene.bands[refused].problem
    assert problem == band_problems(scene.bands[refused].band, scene.options)[0]
    assert (tr("upu_match.new.summary_refused", reason=say(problem)), theme.TEXT_WARN) in frame
    assert (tr("upu_match.new.summary_plays"), theme.TEXT_DIM) in frame  # side A's band plays


def test_a_trails_pa_is_the_engines_price_a_rout_all_left_a_failed_charge_one_more():
    """The panel's PA for a trail is what the engine will spend (``pa.decision_pa``): a rout move every
    PA left (8.4), a charge move that falls short its extra PA (3.6 (d)), one that reaches none."""
    from paintcheck.ui.unpourun.move_tool import read
    from tests.unpourun.upu_world import World, band

    w = World(band(), band(), {"A2": (10, 20)})
    w.set("A2", routing=True)
    w.do(a.Activate("A2"))
    rout = read(w.engine, w.s, w.f("A2"), ())
    assert (rout.kind, rout.pa, rout.reason) == ("rout", 2, None)
    w = World(band(), band(), {"A1": (10, 10), "B2": (10, 20)}, "A1")
    w.do(a.Charge("B2", ((10.0, 19.0),)), 6, 6, 5, 6)  # B2 steps back to y = 23: still within reach
    reached = read(w.engine, w.s, w.f("A1"), ((10.0, 22.0),))
    assert (reached.kind, reached.pa, reached.reason) == ("charge_move", 0, None)
    short = read(w.engine, w.s, w.f("A1"), ((10.0, 20.0),))  # 3.6 (c): it may not fall short on purpose
    refused = "unpourun_rules.refusal.charge_reachable"
    assert (short.kind, short.pa, short.reason.key) == ("charge_move", 0, refused)
    w = World(band(), band(), {"A1": (10, 10), "B2": (10, 22)}, "A1")
    w.do(a.Charge("B2", ((10.0, 21.0),)), 6, 6, 5, 6)  # B2 steps back to y = 25: out of reach (13.5)
    short = read(w.engine, w.s, w.f("A1"), ((10.0, 20.0),))
    assert (short.kind, short.pa, short.reason) == ("charge_move", t.CHARGE_FAIL_EXTRA_PA, None)
