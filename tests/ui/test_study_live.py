"""The Study follows the drag (issue 32, item 1), driven by posted mouse events: while a piece is
held over a new point the map shown becomes the map of the field the drop would give (the design
itself unchanged), its sight table updated from the last one, not computed whole; after the drop
the whole study (pieces table too) finds that table kept; undo and redo find theirs kept."""

from __future__ import annotations

import importlib

import pygame
import pytest

from paintcheck.analysis.maps import FieldStudy
from paintcheck.field.layout_file import default_layout_path
from paintcheck.geometry import sight
from paintcheck.geometry.sight import compute_sight_table
from paintcheck.ui.live_worker import LiveMap
from paintcheck.ui.study_panel import passing_key
from tests.ui.driver import step


def post(kind, pos, **extra) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


@pytest.fixture
def whole(monkeypatch) -> list[int]:
    """How many sight tables the window computes whole (every module that calls the computation)."""
    calls: list[int] = []

    def counted(field):
        calls.append(1)
        return compute_sight_table(field)

    monkeypatch.setattr(sight, "compute_sight_table", counted)
    try:
        monkeypatch.setattr(importlib.import_module("paintcheck.geometry.sight_update"),
                            "compute_sight_table", counted)
    except ModuleNotFoundError:
        pass
    return calls


@pytest.fixture
def designer(app, whole):
    app.open_designer(default_layout_path())
    step(app, 2)
    scene = app.scene
    assert scene.name == "designer"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="", scancode=0))
    step(app)
    assert scene.studying
    scene.study.wait()
    step(app)
    return scene


def exposure_of(layout):
    field = layout.build()
    return FieldStudy(field, compute_sight_table(field)).maps("standing").exposure


def hold_over(app, scene, start, end) -> None:
    """Press on ``start`` and move the held mouse to ``end`` (not released)."""
    post(pygame.MOUSEMOTION, scene.t.to_screen(*start), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, scene.t.to_screen(*start), button=1)
    step(app)
    post(pygame.MOUSEMOTION, scene.t.to_screen(*end), rel=(0, 0), buttons=(1, 0, 0))
    step(app)


def test_the_map_follows_the_piece_while_it_is_dragged(app, designer, whole):
    before = designer.study.result
    spec = designer.design.at((7, -6))  # the cylinder at H6
    assert spec is not None
    computed = len(whole)
    hold_over(app, designer, (7, -6), (5, -4))
    designer.study.wait()
    step(app)
    shown = designer.study.shown
    assert designer.design.spec(spec.id).at == (7, -6), "the design is not edited before the drop"
    assert designer.study.result is before, "the whole study waits for the drop"
    dragged = designer.design.layout_if_moved(spec.id, (5, -4))
    assert dragged is not None
    assert isinstance(shown, LiveMap) and shown.live, "the map follows the piece dragged"
    assert shown.key == ("drag", dragged.obstacles, dragged.flag)
    assert (shown.posture, shown.what) == ("standing", "exposure"), "the map chosen, only"
    assert shown.values == exposure_of(dragged)
    assert shown.values != before.maps["standing"].exposure
    assert designer.study.values() is shown.values
    assert len(whole) == computed, "no table computed whole by the window for the drag"
    # the drop: the dragged state's map stays shown at once; its whole study (the pieces table
    # too) finds the last table kept and updates it, then replaces it
    post(pygame.MOUSEBUTTONUP, designer.t.to_screen(5, -4), button=1)
    step(app)
    assert designer.design.spec(spec.id).at == (5, -4)
    assert designer.study.shown_key in (shown.key, (dragged.obstacles, dragged.flag))
    assert designer.study.values() == shown.values
    designer.study.wait()
    step(app)
    final = designer.study.result
    assert final.key == (dragged.obstacles, dragged.flag) and not final.live
    assert designer.study.shown is final and designer.study.live_map is None
    assert final.maps["standing"].exposure == shown.values
    assert final.pieces["standing"] and len(whole) == computed
    assert designer.study.tables.updates >= 1


def test_a_drop_elsewhere_than_the_last_map_asks_the_process_for_the_dropped_map(app, designer):
    """Dropped at a point whose map was never asked (the hand moved and let go in one frame, or the
    last point's request waited behind another): the process is asked the dropped state's map, so
    the final map does not wait for the whole study (issue 32: <= 100 ms after the drop)."""
    spec = designer.design.at((7, -6))
    hold_over(app, designer, (7, -6), (5, -4))
    post(pygame.MOUSEMOTION, designer.t.to_screen(9, -4), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, designer.t.to_screen(9, -4), button=1)
    step(app)
    assert designer.design.spec(spec.id).at == (9, -4)
    live = designer.study.live
    assert live is not None and live.alive
    key = (designer.design.obstacles, designer.design.flag)
    step(app)  # the request goes once the frame is drawn
    live.wait()
    answer = live.result
    assert answer is not None and answer.key == passing_key(key), "the dropped state's map was asked"
    assert (answer.posture, answer.what) == ("standing", "exposure")
    assert answer.values == exposure_of(designer.design.layout())
    designer.study.wait()
    step(app)
    assert designer.study.result.key == key and designer.study.shown is designer.study.result


def test_a_drag_given_up_shows_the_whole_study_again(app, designer):
    before = designer.study.result
    hold_over(app, designer, (7, -6), (5, -4))
    designer.study.wait()
    step(app)
    assert isinstance(designer.study.shown, LiveMap)
    # back to its own point and dropped there: no edit, the study shown before comes back
    post(pygame.MOUSEMOTION, designer.t.to_screen(7, -6), rel=(0, 0), buttons=(1, 0, 0))
    step(app)
    post(pygame.MOUSEBUTTONUP, designer.t.to_screen(7, -6), button=1)
    step(app)
    designer.study.wait()
    step(app)
    assert designer.design.spec(designer.design.at((7, -6)).id).at == (7, -6)
    assert designer.study.result is before
    assert designer.study.shown is before and designer.study.live_map is None


def test_undo_and_redo_find_their_map_kept(app, designer, whole):
    first = designer.study.result
    spec = designer.design.at((7, -6))
    hold_over(app, designer, (7, -6), (5, -4))
    post(pygame.MOUSEBUTTONUP, designer.t.to_screen(5, -4), button=1)
    step(app)
    designer.study.wait()
    step(app)
    moved = designer.study.result
    assert designer.design.spec(spec.id).at == (5, -4)
    computed = len(whole)
    designer.undo()
    step(app)
    designer.study.wait()
    step(app)
    assert designer.study.result.maps["standing"].exposure == first.maps["standing"].exposure
    assert designer.study.result is first, "undo shows the study kept"
    designer.redo()
    step(app)
    designer.study.wait()
    step(app)
    assert designer.study.result.maps["standing"].exposure == moved.maps["standing"].exposure
    assert designer.study.result is moved
    assert len(whole) == computed, "undo and redo computed no table"


def test_what_the_hand_drags_is_the_layout_studied():
    """``dragged_layout``: a kind dragged from the palette is placed (its twin too, mirror on), a
    held piece is moved; a refused point, or a hand that drags nothing, asks for no study."""
    from paintcheck.field.design import Design
    from paintcheck.field.layout_file import load_layout
    from paintcheck.ui.designer_model import DesignerModel, dragged_layout

    model = DesignerModel(Design(load_layout(default_layout_path()), box=False))
    assert dragged_layout(model, (3, -5)) is None
    model.armed, model.palette_drag = "cone", True
    placed = dragged_layout(model, (3, -5))
    assert placed is not None
    cones = {o.at for o in placed.obstacles if o.kind == "cone"} - {o.at for o in model.design.obstacles}
    assert cones == {(3, -5), (3, 5)}
    assert dragged_layout(model, (7, -6)) is None  # the cylinder at H6 stands there
    model.armed, model.palette_drag = None, False
    model.dragging, model.button_held = "mid-b", True
    moved = dragged_layout(model, (5, -4))
    assert moved is not None
    assert {o.id: o.at for o in moved.obstacles}["mid-b"] == (5, -4)
    assert model.design.spec("mid-b").at == (7, -6), "asked, not done"
    model.button_held = False
    assert dragged_layout(model, (5, -4)) is None
