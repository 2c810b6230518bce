"""The *Study* panel, driven by posted mouse and key events: the map over the designer's field is
studied again in the background after an edit (the old map stays until the new one is ready), the
lines under the mouse are the points the map counts, the pieces table sorts and chooses; the
chooser's *Study* shows any field."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from paintcheck.analysis.maps import FieldStudy, dominance_key
from paintcheck.field.layout_file import default_layout_path, load_layout
from paintcheck.geometry.sight import sight_table
from paintcheck.ui import heatmap
from tests.ui.driver import click, drag, move, press, step


def key(app, k, mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    step(app)


@pytest.fixture
def designer(app):
    app.open_designer(default_layout_path())
    step(app, 2)
    scene = app.scene
    assert scene.name == "designer"
    key(app, pygame.K_s)  # Study
    assert scene.studying
    scene.study.wait()
    step(app)
    return scene


def expected(layout, posture="standing"):
    field = layout.build()
    return FieldStudy(field, sight_table(field, cache=False))


def test_the_map_is_the_analysis_and_is_drawn_under_the_pieces(app, designer):
    study = expected(load_layout(default_layout_path()))
    shown = designer.study.result
    assert shown.maps["standing"].exposure == study.maps("standing").exposure
    # a tile is drawn in the scale's colour at a free point, and the pieces stay on top of the map
    board = designer.view.board(designer.frame, designer.design.problems())
    point = (8, -5)
    value = shown.maps["standing"].exposure[point]
    x, y = designer.t.to_screen(*point)
    x, y = x - designer.field_area.x + 3, y - designer.field_area.y - int(designer.t.scale * 0.4)
    tile = board.get_at((x, y))[:3]
    grass_mix = heatmap.colour(value, heatmap.span_of(shown.maps["standing"].exposure))
    assert max(abs(a - b) for a, b in zip(tile, grass_mix, strict=True)) < 60
    sub = designer.view.field_of(designer.design.obstacles).by_id["sub"]
    cx, cy = designer.t.to_screen(*sub.centre)
    assert board.get_at((cx - designer.field_area.x + 6, cy - designer.field_area.y))[:3] != tile


@pytest.mark.slow
def test_after_a_drag_the_old_map_stays_until_the_new_one_is_ready(app, designer):
    before = designer.study.result
    spec = designer.design.at((7, -6))  # the cylinder at H6
    assert spec is not None
    drag(app, designer.t.to_screen(7, -6), designer.t.to_screen(5, -4))
    moved = designer.design.spec(spec.id)
    assert moved.at == (5, -4)
    # the frame after the edit did not wait for the study: the old map is still the one shown
    assert designer.study.busy and designer.study.result is before
    designer.study.wait()
    step(app)
    after = designer.study.result
    assert after is not before
    assert after.maps["standing"].exposure == expected(designer.design.layout()).maps("standing").exposure
    assert after.maps["standing"].exposure != before.maps["standing"].exposure


def test_hovering_a_point_draws_the_lines_of_the_points_the_map_counts(app, designer):
    point = (8, -5)
    move(app, designer.t.to_screen(*point))
    study = expected(load_layout(default_layout_path()))
    i = study.position[point]
    shooters = {study.points[j] for j in np.flatnonzero(study.possible("standing")[:, i]
                                                         & study.half_mask("white"))}
    assert set(designer.study.seen_from(point)) == shooters
    assert len(shooters) == designer.study.result.maps["standing"].exposure[point]
    # prone shooters: fewer lines, the same count as the prone map
    click(app, designer.controls.rect("study-prone").center)
    move(app, designer.t.to_screen(*point))
    assert len(designer.study.seen_from(point)) == designer.study.result.maps["prone"].exposure[point]


def test_the_table_sorts_by_a_heading_and_a_row_selects_its_piece(app, designer):
    panel = designer.study
    ranked = [r.id for r in sorted(panel.result.pieces["standing"], key=dominance_key)]
    assert [oid for _, oid in panel.rows] == ranked[:len(panel.rows)]
    heading = dict((k, r) for r, k in panel.heads)
    click(app, heading["exposure_min"].center)
    values = [r.exposure_min for r in panel.ranked()]
    assert values == sorted(values)  # safest first
    click(app, heading["exposure_min"].center)
    values = [r.exposure_min for r in panel.ranked()]
    assert values == sorted(values, reverse=True)
    rect, oid = panel.rows[1]
    click(app, rect.center)
    assert designer.selected == oid


@pytest.mark.slow
def test_the_choosers_study_shows_any_field(app):
    press(app, "new")
    step(app, 2)
    chooser = app.scene
    entry = next(e for _, e in chooser.rows if e.file == "snake.json")
    click(app, chooser.controls.rect(f"study-{entry.key}").center)
    scene = app.scene
    assert scene.name == "study"
    scene.panel.wait()
    step(app)
    study = expected(load_layout(entry.path))
    assert scene.panel.result.maps["standing"].threat == study.maps("standing").threat
    click(app, scene.controls.rect("study-control").center)
    assert scene.panel.map == "control"
    rect, oid = scene.panel.rows[0]
    click(app, rect.center)
    assert scene.selected == oid
    click(app, scene.controls.rect("back").center)
    assert app.scene.name == "fields"


@pytest.mark.parametrize(("size", "where"), [((1280, 720), "study"), ((1280, 720), "designer"),
                                             ((1560, 1000), "designer")])  # the narrowest Study beside
@pytest.mark.slow
def test_the_tables_columns_fit_in_french(french_app, monkeypatch, size, where):
    """Issue 25: in French, each heading line, its sort's mark and each cell is drawn inside its
    column, and every piece's whole name ("le cylindre couché en B2", its point last) is drawn."""
    from paintcheck.field.layout_file import layouts_dir
    from paintcheck.ui import theme

    app = french_app
    app.resize(size)
    snake = layouts_dir() / "snake.json"
    if where == "study":
        app.study_field(snake)
        step(app)
        panel = app.scene.panel
    else:
        app.open_designer(snake)
        step(app)
        press(app, "study")
        panel = app.scene.study
    panel.wait()
    step(app)
    drawn, blit = [], theme.blit_text

    def recording(surface, words, pos, *args, **kwargs):
        rect = blit(surface, words, pos, *args, **kwargs)
        drawn.append((surface, words, rect))
        return rect

    monkeypatch.setattr(theme, "blit_text", recording)
    panel._panel_key = None  # the table is drawn on its own surface, again now
    step(app)
    at = (app.scene.panel_rect if where == "study" else app.scene.study_rect).topleft
    drawn = [(words, rect.move(at)) for on, words, rect in drawn if on is panel._panel]  # on the window
    columns = [head for head, _ in panel.heads]
    assert len(columns) == 5 and panel.rows
    top, bottom = columns[0].top, panel.rows[-1][0].bottom
    in_table = [(w, r) for w, r in drawn if top <= r.top < bottom and panel.table_rect.left <= r.left]
    assert len(in_table) >= 5 * (len(panel.rows) + 1)
    for words, rect in in_table:
        column = next(c for c in columns if c.left <= rect.left < c.right)
        assert rect.right <= column.right, (words, rect, column)
    names = {panel.piece_name(oid) for _, oid in panel.rows}
    assert names <= {w for w, _ in in_table}, names - {w for w, _ in in_table}
