"""Deployment by dragging (issue 31, item 4): the mover's figures wait in a strip under the table; one
is dragged onto the table and dropped in its zone. While held, the engine says whether it may stand
there (``Deploy`` and ``why_illegal``): a refused place rings the base red with the engine's reason.

Owns: the strip's rectangle and the figure held (where, and the engine's refusal there). Given, at
each call: the engine, the state, the table's view and rectangle.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from paintcheck.ui import theme
from paintcheck.ui.unpourun import board
from paintcheck.ui.unpourun.event_words import say
from paintcheck.ui.unpourun.table_view import TableView
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.state import MatchState, Phase, Point

log = logging.getLogger(__name__)

SLOT_GAP = 8


class DeployTool:
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.held: str | None = None  # the figure being dragged from the strip
        self.at: Point | None = None  # where it is over the table (None: off the table)
        self.reason: Any = None  # the engine's refusal there

    @property
    def holding(self) -> bool:
        return self.held is not None

    def slots(self, s: MatchState) -> dict[str, pygame.Rect]:
        """Where the mover's figures still to deploy wait."""
        waiting = [f for f in s.band(s.mover) if f.pos is None] if s.phase == Phase.DEPLOY else []
        size = self.rect.height - 10
        return {
            f.id: pygame.Rect(self.rect.x + 6 + i * (size + SLOT_GAP), self.rect.y + 5, size, size)
            for i, f in enumerate(waiting)
        }

    def press(self, s: MatchState, pos: tuple[int, int]) -> bool:
        """Take the figure whose slot is under ``pos`` (True when one is taken)."""
        for fid, rect in self.slots(s).items():
            if rect.collidepoint(pos):
                self.held, self.at, self.reason = fid, None, None
                return True
        return False

    def motion(
        self, engine: Engine, s: MatchState, view: TableView, table: pygame.Rect, pos: tuple[int, int]
    ) -> None:
        if self.held is None:
            return
        self.at = view.to_table(pos) if table.collidepoint(pos) else None
        self.reason = None if self.at is None else engine.why_illegal(s, a.Deploy(self.held, self.at))

    def release(
        self, engine: Engine, s: MatchState, view: TableView, table: pygame.Rect, pos: tuple[int, int]
    ) -> tuple[a.Deploy | None, Any]:
        """The drop: (the deployment to play, None), (None, the engine's refusal), or (None, None) when
        dropped off the table (the figure goes back to the strip)."""
        self.motion(engine, s, view, table, pos)
        held, at, reason = self.held, self.at, self.reason
        self.held = self.at = self.reason = None
        if held is None or at is None:
            return None, None
        return (None, reason) if reason is not None else (a.Deploy(held, at), None)

    def cancel(self) -> None:
        self.held = self.at = self.reason = None

    def draw(self, surface: pygame.Surface, s: MatchState, view: TableView, table: pygame.Rect) -> None:
        slots = self.slots(s)
        if not slots:
            return
        pygame.draw.rect(surface, theme.PANEL, self.rect)
        for fid, rect in slots.items():
            if fid == self.held:
                continue
            f = s.figure(fid)
            pygame.draw.circle(surface, board.SIDE[f.player], rect.center, rect.width // 2)
            theme.blit_text(
                surface, fid, (rect.centerx - theme.text_width(fid, 12) // 2, rect.centery - 7), 12
            )
        if self.held is not None and self.at is not None:
            board.draw_figure(surface, view, s.figure(self.held), self.at, refused=self.reason is not None)
            if self.reason is not None:  # the engine's reason, on a dark band over the table
                words = say(self.reason)
                band = pygame.Rect(table.x, table.y, theme.text_width(words, 14) + 16, 24)
                pygame.draw.rect(surface, theme.PANEL, band)
                theme.blit_text(surface, words, (band.x + 8, band.y + 4), 14, theme.REFUSED)
