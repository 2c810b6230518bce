"""Zoom and pan on Un pour un's table (``ui.unpourun.table_camera``, moved by ``ui.camera_hands`` as
Paintcheck's board is): the wheel zooms about the point under the mouse, a middle drag pans, F shows
the whole table; the table never leaves its area; a zoomed table's figures are found, moved and
drawn where they are shown."""

from __future__ import annotations

import math

import pygame
import pytest

from paintcheck.ui.camera import MAX_ZOOM
from paintcheck.ui.unpourun.table_camera import TableCamera
from paintcheck.ui.unpourun.table_view import TableView
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.table_file import load_table, shipped_tables
from tests.ui.driver import step
from tests.ui.test_upu_match import drag_path, px, release, to_first_activation

RECT = (12, 40, 900, 760)


@pytest.fixture
def table():
    return load_table(shipped_tables()[-1])


def test_unzoomed_the_whole_table_is_fitted_and_centred(table):
    view = TableView(table, RECT)
    assert view.zoom == 1.0 and view.pixels_per_pas == view.fit_pixels_per_pas
    assert view.area.contains(view.board)
    assert view.centre == (table.width / 2, table.depth / 2)
    mid = view.to_screen(view.centre)
    assert mid == pytest.approx(view.board.center, abs=1)


def test_a_zoomed_view_shows_its_centre_in_the_middle_and_the_table_never_leaves(table):
    view = TableView(table, RECT, zoom=2.0, centre=(30.0, 20.0))
    assert view.pixels_per_pas == pytest.approx(2 * view.fit_pixels_per_pas)
    assert view.to_screen((30.0, 20.0)) == pytest.approx(view.area.center, abs=1)
    p = (17.25, 40.5)
    assert view.to_table(view.to_screen(p)) == pytest.approx(p)
    corner = TableView(table, RECT, zoom=3.0, centre=(-40.0, -10.0))  # asked off the table: its corner
    assert corner.centre == (0.0, 0.0)
    assert corner.to_screen((0.0, 0.0)) == pytest.approx(corner.area.center, abs=1)


def test_the_wheel_keeps_the_point_under_the_mouse_and_a_drag_moves_the_table_along(table):
    camera = TableCamera()
    view = TableView(table, RECT)
    pos = (400, 380)
    under = view.to_table(pos)
    for _ in range(3):
        camera.zoom_at(view, tuple(view.area), pos, 1)
        view = TableView(table, RECT, zoom=camera.zoom, centre=camera.centre)
        assert view.to_table(pos) == pytest.approx(under, abs=1e-6)
    assert camera.zoom == pytest.approx(1.25 ** 3)
    before = view.to_table((300, 300))
    camera.pan(view, 40, -25)
    view = TableView(table, RECT, zoom=camera.zoom, centre=camera.centre)
    assert view.to_table((340, 275)) == pytest.approx(before, abs=1e-6)
    for _ in range(20):
        camera.zoom_at(view, tuple(view.area), pos, 1)
    assert camera.zoom == MAX_ZOOM
    camera.zoom_at(view, tuple(view.area), pos, -50)  # all the way out: the whole table again
    assert camera.fitted() and camera.centre is None
    camera.pan(view, 10, 10)
    assert camera.centre is None  # nothing to pan while the whole table shows


def wheel(app, pos, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    step(app)


def test_in_the_window_a_zoomed_figure_is_moved_where_it_is_shown_and_f_fits_again(app):
    f = to_first_activation(app)
    scene = app.scene
    scale_before = scene.view.pixels_per_pas
    at = px(scene, f.pos)
    under = scene.view.to_table(at)
    wheel(app, at, 3)
    assert scene.view.zoom == pytest.approx(1.25 ** 3) and scene.view.pixels_per_pas > 1.9 * scale_before
    assert scene.view.to_table(at) == pytest.approx(under, abs=1e-6)  # it stayed under the mouse
    # a middle drag pans: the figure moves with the mouse
    at = px(scene, f.pos)
    to = (at[0] - 30, at[1] + 20)
    for kind, pos, extra in ((pygame.MOUSEBUTTONDOWN, at, {"button": 2}),
                             (pygame.MOUSEMOTION, to, {"rel": (0, 0), "buttons": (0, 1, 0)}),
                             (pygame.MOUSEBUTTONUP, to, {"button": 2})):
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        step(app)
    assert math.dist(px(scene, f.pos), to) <= 2
    assert scene.state.figure(f.id).pos == f.pos  # panning moved no figure
    # a walk dragged on the zoomed table: what the engine plays is where the mouse let go
    for angle in range(0, 360, 20):
        u = (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
        end = px(scene, (f.pos[0] + 2 * u[0], f.pos[1] + 2 * u[1]))
        if scene.engine.why_illegal(scene.state, a.Walk((scene.view.to_table(end),))) is None:
            break
    else:
        raise AssertionError("no walk around the figure")
    drag_path(app, px(scene, f.pos), [], end)
    release(app, end)
    played = scene.session.record.decisions[-1]
    assert isinstance(played, a.Walk) and played.path[-1] == pytest.approx(scene.view.to_table(end))
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    assert surface.get_clip() == surface.get_rect()  # the panel and the strip are drawn unclipped
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0))
    step(app)
    assert scene.view.zoom == 1.0 and scene.camera.fitted()
