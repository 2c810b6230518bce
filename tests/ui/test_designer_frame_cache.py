"""The designer's drawing caches (issue 32, item 1: the live study's drag frame) never change a
pixel: after drags, a live map's arrival, a drop, undo and redo, a posture or a map chosen, the
frame the designer's view draws with its kept pictures (the board, the pieces' colour-keyed
layer, the ghost judged once) equals the frame a fresh view draws from nothing with the pieces on
their alpha layer."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from paintcheck.field.layout_file import default_layout_path
from paintcheck.ui import designer_view
from paintcheck.ui.designer_view import KEYS, DesignerView, keyed_layer
from tests.ui.driver import step


def post(kind, pos, **extra) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


@pytest.fixture
def designer(app):
    app.open_designer(default_layout_path())
    step(app, 2)
    scene = app.scene
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="", scancode=0))
    step(app)
    assert scene.studying
    scene.study.wait()
    step(app, 2)
    return scene


def frames(scene, monkeypatch) -> tuple[bytes, bytes]:
    """(the frame the scene's view draws with what it keeps, the frame a fresh view draws)."""
    size = pygame.display.get_surface().get_size()
    kept = pygame.Surface(size).convert()
    scene.view.draw(kept, scene.placed, scene.entry, scene.coach_captions)
    fresh = DesignerView(scene.model, scene.study, scene.view.draw_message)
    drawn = pygame.Surface(size).convert()
    drawn.fill((255, 255, 255))  # anything not drawn again would show
    with monkeypatch.context() as m:
        m.setattr(designer_view, "keyed_layer", lambda layer: layer)  # the pieces' alpha layer
        fresh.draw(drawn, scene.placed, scene.entry, scene.coach_captions)
    return pygame.image.tobytes(kept, "RGB"), pygame.image.tobytes(drawn, "RGB")


def settled(app, scene) -> None:
    """The study's answers in and laid on the board (a live map's tiles wait one frame)."""
    scene.study.wait()
    step(app, 3)


def same(scene, monkeypatch, what: str) -> None:
    kept, fresh = frames(scene, monkeypatch)
    assert kept == fresh, f"the kept pictures draw another frame {what}"


def test_the_kept_pictures_draw_the_frame_a_fresh_view_draws(app, designer, monkeypatch):
    scene = designer
    same(scene, monkeypatch, "on opening")
    start = (7, -6)  # the cylinder at H6
    post(pygame.MOUSEMOTION, scene.t.to_screen(*start), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, scene.t.to_screen(*start), button=1)
    step(app)
    for point in ((5, -4), (6, -4), (6, -5)):  # the hand moves: each point's live map arrives
        post(pygame.MOUSEMOTION, scene.t.to_screen(*point), rel=(0, 0), buttons=(1, 0, 0))
        step(app)
        same(scene, monkeypatch, f"while the hand is over {point}, before its map")
        settled(app, scene)
        assert scene.study.live_map is not None and scene.study.drawn is scene.study.live_map
        same(scene, monkeypatch, f"with the live map of {point}")
    post(pygame.MOUSEBUTTONUP, scene.t.to_screen(6, -5), button=1)
    step(app)
    same(scene, monkeypatch, "just after the drop")
    settled(app, scene)
    assert scene.design.at((6, -5)) is not None
    same(scene, monkeypatch, "after the drop")
    scene.undo()
    settled(app, scene)
    assert scene.design.at((7, -6)) is not None
    same(scene, monkeypatch, "after undo")
    scene.redo()
    settled(app, scene)
    same(scene, monkeypatch, "after redo")
    scene.study.posture = "kneeling"
    settled(app, scene)
    same(scene, monkeypatch, "after a posture chosen")
    scene.study.map = "threat"
    settled(app, scene)
    same(scene, monkeypatch, "after a map chosen")
    scene.model.selected = scene.design.at((6, -5)).id
    step(app)
    same(scene, monkeypatch, "after a piece selected")


def test_a_keyed_layer_blits_the_pixels_of_its_alpha_layer():
    """A layer of opaque and transparent pixels only is keyed (a key its colours do not use: the
    first key drawn on it, the next one is taken); a layer with a half-transparent pixel is kept."""
    ground = pygame.Surface((40, 30))
    ground.fill((30, 120, 40))
    pygame.draw.line(ground, (200, 10, 10), (0, 0), (39, 29), 3)
    layer = pygame.Surface((40, 30), pygame.SRCALPHA)
    pygame.draw.circle(layer, (236, 206, 96), (20, 15), 8)
    pygame.draw.rect(layer, KEYS[0], (2, 2, 5, 5))  # the first key is a colour drawn
    keyed = keyed_layer(layer)
    assert keyed is not layer and keyed.get_colorkey()[:3] == KEYS[1]
    a, b = ground.copy(), ground.copy()
    a.blit(layer, (0, 0))
    b.blit(keyed, (0, 0))
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    assert np.any(pygame.surfarray.array3d(b)[3, 3] != pygame.surfarray.array3d(ground)[3, 3])
    layer.fill((10, 10, 10, 128), (30, 20, 2, 2))  # half transparent: blended, not keyed
    assert keyed_layer(layer) is layer
