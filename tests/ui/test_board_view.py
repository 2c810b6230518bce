"""The board zooms and pans (issue 25): the wheel zooms about the mouse, a middle-button drag or a
left drag with Space held pans, F fits the whole field again; clicks still reach the point drawn
under the mouse."""

from __future__ import annotations

import pygame

from paintcheck.ui.camera import MAX_ZOOM, Camera
from paintcheck.ui.transform import FieldTransform
from tests.ui.driver import click, drag, move, new_turn2_match, point_pos, step


def wheel(app, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    step(app)


def key(app, k: int, up: bool = False) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP if up else pygame.KEYDOWN, key=k, mod=0, unicode=""))
    step(app)


def test_the_wheel_zooms_about_the_point_under_the_mouse(app):
    new_turn2_match(app)
    scene = app.scene
    fit = scene.t
    point = (12, -6)
    at = point_pos(app, point)
    move(app, at)
    wheel(app, 2)
    assert scene.t.scale > fit.scale * 1.5
    assert scene.t.nearest_point(*at) == point  # the point under the mouse stayed there
    assert point_pos(app, point) == at or abs(point_pos(app, point)[0] - at[0]) <= 1
    key(app, pygame.K_f)
    assert scene.t == fit


def test_a_middle_drag_or_space_and_left_drag_pans_and_clicks_follow(app):
    new_turn2_match(app)
    scene = app.scene
    move(app, scene.field_area.center)
    wheel(app, 3)
    before = scene.t
    start = scene.field_area.center
    drag(app, start, (start[0] + 60, start[1] + 40), button=2)
    assert (scene.t.ox, scene.t.oy) != (before.ox, before.oy) and scene.t.scale == before.scale
    moved = scene.t
    key(app, pygame.K_SPACE)
    drag(app, start, (start[0] - 30, start[1]), button=1)
    key(app, pygame.K_SPACE, up=True)
    assert scene.t.ox != moved.ox
    # a click on a figure drawn on the zoomed board is a click on that figure: the orders phase
    # gives him the next token
    pid = next(p.id for p in scene.session.state.team_players(scene.viewer)
               if scene.field_area.collidepoint(point_pos(app, p.point)))
    click(app, point_pos(app, scene.session.state.players[pid].point))
    assert pid in scene.orders.draft


def test_the_camera_keeps_the_field_in_view():
    from paintcheck.field.lattice import DEFAULT_LATTICE

    area = (0, 0, 800, 1000)
    fit = FieldTransform.fit(area, DEFAULT_LATTICE)
    cam = Camera()
    cam.zoom_at(fit, area, (400, 500), 50)
    assert cam.zoom == MAX_ZOOM
    cam.pan(fit, 10**6, -(10**6))  # dragged far away: the centre stays on the field
    t = cam.view(fit, area)
    cx, cy = t.to_world(400, 500)
    assert 0 <= cx <= DEFAULT_LATTICE.columns - 1 and abs(cy) <= DEFAULT_LATTICE.rows_per_half
    cam.zoom_at(fit, area, (400, 500), -50)
    assert cam.view(fit, area) == fit
