"""Computer-v-computer matches in the window, one after the other, as a person would watch them:
what ``bench --memory`` plays, and its slow test (issue 24: after 20 matches in one window, memory is
within 50 MB of what it was after the second).

Each match is started as *New match* starts it when the computer coaches both teams: the field
chooser with both coach buttons chosen (``App.coaches``), then ``App.new_match`` on the field. It is
played by the window's own loop (``App.step``): the computer thinks in its worker thread
(``computer_turn``) while frames are drawn, each resolution is told and drawn, and at the end the
result is shown. Frames are stepped ``FRAME_SECONDS`` at a time so that a telling takes a few frames
rather than a few hundred (every frame still draws the scene and the widgets); while the computer
thinks, the loop waits for it as the window idles. ``window_rss`` does it all off-screen (SDL's
dummy drivers unless a display driver is set), its saves in a temporary folder, and reads the RSS
after each match."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator

from paintcheck.memory import rss_mb
from paintcheck.ui.session import MatchSession

FRAME_SECONDS = 0.5
THINK_SECONDS = 120.0  # one decision of the computer, at most (a machine very busy)
MAX_FRAMES = 20_000  # per match: one that does not end by then is an error


class MatchDidNotEnd(RuntimeError):
    pass


def matches_in_a_row(app, matches: int, kind: str = "normal", layout=None,
                     seed: int = 1) -> Iterator[MatchSession]:
    """Play ``matches`` matches of the computer (``kind``) against itself in ``app``, one after the
    other, on ``layout`` (a layout file; None: the default field); match ``i`` is seeded ``seed + i``.
    Yields each match's session once it is over and its result is on the screen."""
    for i in range(matches):
        app.choose_field()
        app.step(FRAME_SECONDS)
        app.coaches = {"blue": kind, "white": kind}
        app.new_match(layout, seed=seed + i)
        session = app.session
        _play_out(app, session)
        yield session


def _play_out(app, session: MatchSession) -> None:
    for _ in range(MAX_FRAMES):
        scene = app.scene
        if scene.name != "match":
            return
        if session.over and not scene.playing():
            scene.show_result()  # the button the match ends with
            app.step(FRAME_SECONDS)
            return
        if scene.computer.thinking is not None:
            scene.computer.thinking[2].exception(THINK_SECONDS)  # the window idles while the computer thinks
        app.step(FRAME_SECONDS)
    raise MatchDidNotEnd(f"the match did not end in {MAX_FRAMES} frames (turn {session.state.turn})")


def window_rss(matches: int, kind: str = "normal", layout=None,
               progress: Callable[[int, float], None] | None = None) -> list[float]:
    """RSS in MB after each of ``matches`` matches of the computer (``kind``) against itself in one
    window (off-screen, saves in a temporary folder, the user's left alone); ``progress(i, mb)`` is
    told after each."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from paintcheck.ui.app import App

    figures: list[float] = []
    before = os.environ.get("XDG_DATA_HOME")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_DATA_HOME"] = tmp
        try:
            app = App((1600, 1000), layout=layout)
            app.step(1 / 60)
            for i, _ in enumerate(matches_in_a_row(app, matches, kind, layout)):
                figures.append(rss_mb() or 0.0)
                if progress is not None:
                    progress(i + 1, figures[-1])
        finally:
            pygame.quit()
            if before is None:
                os.environ.pop("XDG_DATA_HOME", None)
            else:
                os.environ["XDG_DATA_HOME"] = before
    return figures
