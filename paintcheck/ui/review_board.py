"""The review's board and the step told: the board as a coach's eyes saw it at a step, drawn by the
match's own ``match_board.draw_board`` once per change (then blitted), and that step's resolution
told in full by the match's ``resolution_view.draw_resolution``.

Owns the board's surface; given what it shows (the field, its measurer, the state seen, where).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from paintcheck.field.layout import Field
from paintcheck.rules.measure import Measurer
from paintcheck.rules.state import DECLARE, DODGE, REACT, MatchState
from paintcheck.ui import theme
from paintcheck.ui.fieldview import FieldRenderer
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_board import BoardModel, draw_board
from paintcheck.ui.playback import Telling
from paintcheck.ui.resolution_view import draw_resolution
from paintcheck.ui.transform import FieldTransform


def board_model(renderer: FieldRenderer, size: tuple[int, int], area: pygame.Rect, t: FieldTransform,
                field: Field, m: Measurer, state: MatchState) -> BoardModel:
    """The board of ``state`` (a seen state: nothing else is drawn), its activated players ringed."""
    return BoardModel(background=renderer.background(size, t), area=area, t=t, field=field, m=m,
                      state=state, board=state, readings=(None, None, None), fov_team=None,
                      active=set(state.active.values()) if state.phase in (DECLARE, REACT, DODGE) else set())


class BoardSurface:
    """The board drawn once per ``key`` (a step, eyes, line, size and transform), blitted otherwise."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: object = None

    def forget(self) -> None:
        self.key = None

    def blit(self, target: pygame.Surface, key: object, area: pygame.Rect, model) -> None:
        """``model()`` (a ``BoardModel``) drawn when ``key`` changed, then the board blitted at the
        area's top left."""
        if key != self.key or self.surface is None:
            if self.surface is None or self.surface.get_size() != area.size:
                self.surface = pygame.Surface(area.size).convert() \
                    if pygame.display.get_surface() else pygame.Surface(area.size)
            draw_board(self.surface, model())
            self.key = key
        target.blit(self.surface, area.topleft)


def draw_told(surface: pygame.Surface, events: Sequence[object], x: int, y: int, w: int, bottom: int) -> None:
    """A step's resolution told in full with its terms (the match's telling), or that none was."""
    if not events:
        theme.blit_text(surface, tr("review_window.nothing_told"), (x, y), 13, theme.TEXT_DIM)
        return
    telling = Telling(events)
    telling.finish()
    draw_resolution(surface, telling, x, y, w, bottom)
