"""The live map's process never makes a frame wait (issue 32, item 1): the window sends the dragged
state and reads the answer only once it is there; until then the map shown stays. Its tiles are
drawn at once (``heatmap.tiles``) in the colours of the map's layer."""

from __future__ import annotations

import random

import pygame
import pytest

from paintcheck.field.layout_file import default_layout_path
from paintcheck.ui import heatmap
from paintcheck.ui.live_worker import LiveMap, LiveMaps
from paintcheck.ui.transform import FieldTransform
from tests.ui.driver import step


class SlowPipe:
    """The window's end of the pipe to a process still at work: nothing to read until ``answer``."""

    def __init__(self) -> None:
        self.sent: list = []
        self.polls: list = []
        self.ready: list = []

    def poll(self, *timeout) -> bool:
        self.polls.append(timeout)
        return bool(self.ready)

    def recv(self):
        if not self.ready:
            raise AssertionError("recv() with nothing to read: the frame would wait")
        return self.ready.pop(0)

    def send(self, message) -> None:
        self.sent.append(message)

    def close(self) -> None:
        pass


@pytest.fixture
def slow(monkeypatch) -> SlowPipe:
    pipe = SlowPipe()

    def start(self) -> None:
        if self._connection is None:
            self._process, self._connection = None, pipe

    monkeypatch.setattr(LiveMaps, "start", start)
    return pipe


def post(kind, pos, **extra) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def test_a_frame_never_waits_for_the_live_map(app, slow):
    app.open_designer(default_layout_path())
    step(app, 2)
    scene = app.scene
    scene.toggle_study()
    step(app)
    scene.study.job.wait()
    step(app)
    assert slow.sent and slow.sent[0][0] == "prime", "the state a drag starts from is sent once"
    slow.ready.append(("primed", None, None, 0.0))
    step(app)
    before = scene.study.result
    post(pygame.MOUSEMOTION, scene.t.to_screen(7, -6), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, scene.t.to_screen(7, -6), button=1)
    step(app)
    post(pygame.MOUSEMOTION, scene.t.to_screen(5, -4), rel=(0, 0), buttons=(1, 0, 0))
    step(app, 5)  # the process still at work: the frames go on, the last map stays
    asked = [m for m in slow.sent if m[0] == "map"]
    assert len(asked) == 1, "one request in flight, none sent again"
    _, key, layout, posture, what, team = asked[0]
    assert key[0] == "drag" and (posture, what, team) == ("standing", "exposure", "blue")
    assert scene.study.shown is before and scene.study.busy
    assert all(t == () for t in slow.polls), "the pipe is only ever polled without waiting"
    values = {p: 7 for p in before.maps["standing"].exposure}
    slow.ready.append(("map", key, values, 0.01))
    step(app)
    shown = scene.study.shown
    assert isinstance(shown, LiveMap) and shown.key == key and shown.values == values
    assert scene.study.values() == values
    assert scene.study.drawn is shown, "the first live map is laid on the board at once"
    # the next point: its tiles are made in the frame its map comes, laid on the board in the next
    post(pygame.MOUSEMOTION, scene.t.to_screen(6, -4), rel=(0, 0), buttons=(1, 0, 0))
    step(app)
    key2 = [m for m in slow.sent if m[0] == "map"][-1][1]
    assert key2 != key
    slow.ready.append(("map", key2, {p: 3 for p in values}, 0.01))
    step(app)
    assert scene.study.shown.key == key2 and scene.study.drawn is shown
    step(app)
    assert scene.study.drawn is scene.study.shown and scene.study.drawn_key == key2


def test_a_dead_process_leaves_the_live_map_to_the_thread(app, monkeypatch):
    class Gone(SlowPipe):
        def send(self, message) -> None:
            raise BrokenPipeError("gone")

    def start(self) -> None:
        if self._connection is None:
            self._process, self._connection = None, Gone()

    monkeypatch.setattr(LiveMaps, "start", start)
    app.open_designer(default_layout_path())
    step(app, 2)
    scene = app.scene
    scene.toggle_study()
    step(app)
    scene.study.wait()
    step(app)
    assert scene.study.live is not None and not scene.study.live.alive
    post(pygame.MOUSEMOTION, scene.t.to_screen(7, -6), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, scene.t.to_screen(7, -6), button=1)
    step(app)
    post(pygame.MOUSEMOTION, scene.t.to_screen(5, -4), rel=(0, 0), buttons=(1, 0, 0))
    step(app)
    scene.study.wait()
    step(app)
    result = scene.study.result
    assert result.live and result.key[0] == "drag", "the thread's live study, as before"


def test_the_colours_at_once_are_the_scales():
    rng = random.Random(3)
    for trial in range(50):
        values = [rng.choice([rng.randint(0, 300), rng.random() * 3]) for _ in range(40)]
        span = (5, 5) if trial % 9 == 0 else (min(values), max(values))
        assert heatmap.colours(values, span).tolist() == [list(heatmap.colour(v, span)) for v in values]


def test_the_tiles_are_the_layers_colours(app):
    from paintcheck.field.layout_file import load_layout

    lattice = load_layout(default_layout_path()).lattice
    t = FieldTransform.fit((0, 0, 700, 900), lattice)
    rng = random.Random(5)
    values = {p: rng.randint(0, 200) for p in lattice.points() if rng.random() < 0.8}
    size = (700, 900)
    layer = heatmap.layer(size, t, values, numbers=False)
    tiles, (left, top) = heatmap.tiles(t, values)
    for p in lattice.points():
        x, y = t.to_screen(*p)
        got = tiles.get_at((x - left, y - top))
        assert got == layer.get_at((x, y)), p
        assert (got.a == heatmap.ALPHA) == (p in values)
    assert heatmap.tiles(t, {}) is None
    assert heatmap.tiles(t, {(lattice.columns + 3, 0): 1}) is None
