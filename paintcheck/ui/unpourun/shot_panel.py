"""Un pour un's shot panel (issue 31, item 4): a shot or a strike told term by term with its exact odds
before it is confirmed, and a Confirm and a Cancel button.

Owns: the lines shown (``shot_lines.Line``, worded from the engine's odds: ``paintcheck.unpourun.odds``)
and the two buttons' rectangles. Given: its rectangle and the two callbacks (``on_confirm``,
``on_cancel``), called by a click on the button, Return / Escape. The scene computes the odds
(``odds.shot_odds`` / ``odds.strike_odds``) and asks the engine whether the decision is legal
(``why_illegal``): a refused one is shown with its reason and Confirm greyed. Nothing here reads a rule.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from paintcheck.ui import theme
from paintcheck.ui.i18n import tr
from paintcheck.ui.unpourun.shot_lines import Line, shot_lines
from paintcheck.unpourun.odds import ShotOdds, StrikeOdds

log = logging.getLogger(__name__)

PAD = 8
BUTTON_H = 30
GAP = 8
SIZE = {"title": 15, "head": 14, "term": 13, "chance": 13, "warn": 13, "refusal": 13}
INDENT = {"title": 0, "head": 0, "term": 14, "chance": 14, "warn": 14, "refusal": 0}
COLOUR = {"title": theme.TEXT, "head": (200, 220, 255), "term": theme.TEXT_DIM, "chance": theme.TEXT_GOOD,
          "warn": theme.TEXT_WARN, "refusal": theme.REFUSED}
BACK = (28, 32, 36)
EDGE = theme.PANEL_LINE
BUTTON = (70, 110, 80)
BUTTON_CANCEL = (90, 70, 70)
BUTTON_GREY = (60, 62, 64)
BUTTON_HOVER = (255, 255, 255)


class ShotPanel:
    """The panel; ``show`` it with the odds (and the engine's refusal, if any), ``hide`` it, ``draw`` it
    every frame, hand it the events (``handle_event`` says whether it took one)."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], on_confirm: Callable[[], None],
                 on_cancel: Callable[[], None]) -> None:
        self.rect = pygame.Rect(rect)
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        self.odds: ShotOdds | StrikeOdds | None = None
        self.refusal: object = None
        self.shooter_player = ""
        self.least_height = self.rect.height  # the panel grows down to hold all its lines (``show``)
        self._place_buttons()
        self.hover: str | None = None

    def _place_buttons(self) -> None:
        w = (self.rect.width - 2 * PAD - GAP) // 2
        y = self.rect.bottom - PAD - BUTTON_H
        self.confirm_rect = pygame.Rect(self.rect.x + PAD, y, w, BUTTON_H)
        self.cancel_rect = pygame.Rect(self.confirm_rect.right + GAP, y, w, BUTTON_H)

    def _rows(self, locale: str | None) -> list[tuple[str, str]]:
        """The lines wrapped to the panel's width, each with its style."""
        width = self.rect.width - 2 * PAD
        return [(part, line.style) for line in self.lines(locale)
                for part in theme.wrap(line.text, SIZE[line.style], width - INDENT[line.style],
                                       line.style == "title")]

    @property
    def shown(self) -> bool:
        return self.odds is not None

    @property
    def can_confirm(self) -> bool:
        return self.odds is not None and self.refusal is None

    def show(self, odds: ShotOdds | StrikeOdds, shooter_player: str, refusal: object = None) -> None:
        self.odds, self.shooter_player, self.refusal = odds, shooter_player, refusal
        needed = PAD + sum(SIZE[style] + 4 for _, style in self._rows(None)) + GAP + BUTTON_H + PAD
        self.rect.height = max(self.least_height, needed)  # a long shot's lines are all shown
        self._place_buttons()

    def hide(self) -> None:
        self.odds, self.refusal, self.hover = None, None, None

    def lines(self, locale: str | None = None) -> list[Line]:
        if self.odds is None:
            return []
        return shot_lines(self.odds, self.shooter_player, self.refusal, locale)

    # -- events ---------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on Confirm or Cancel, Return or Escape, a motion over the buttons: taken (True); a
        click elsewhere inside the panel is taken too (it must not reach the table beneath)."""
        if not self.shown:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = ("confirm" if self.confirm_rect.collidepoint(event.pos)
                          else "cancel" if self.cancel_rect.collidepoint(event.pos) else None)
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.confirm_rect.collidepoint(event.pos):
                self._confirm()
                return True
            if self.cancel_rect.collidepoint(event.pos):
                self._cancel()
                return True
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._confirm()
                return True
            if event.key == pygame.K_ESCAPE:
                self._cancel()
                return True
        return False

    def _confirm(self) -> None:
        if self.can_confirm:
            self.on_confirm()

    def _cancel(self) -> None:
        self.on_cancel()

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, locale: str | None = None) -> None:
        if not self.shown:
            return
        pygame.draw.rect(surface, BACK, self.rect, border_radius=6)
        pygame.draw.rect(surface, EDGE, self.rect, 2, border_radius=6)
        x, y = self.rect.x + PAD, self.rect.y + PAD
        bottom = self.confirm_rect.top - GAP
        for text, style in self._rows(locale):
            height = SIZE[style] + 4
            if y + height > bottom:
                theme.blit_text(surface, "…", (x, y - 4), 13, theme.TEXT_DIM)
                break
            theme.blit_text(surface, text, (x + INDENT[style], y), SIZE[style], COLOUR[style],
                            style == "title")
            y += height
        allowed = self.can_confirm
        self._button(surface, self.confirm_rect, tr("upu_shot.panel.confirm", locale),
                     BUTTON if allowed else BUTTON_GREY, self.hover == "confirm" and allowed)
        self._button(surface, self.cancel_rect, tr("upu_shot.panel.cancel", locale), BUTTON_CANCEL,
                     self.hover == "cancel")

    @staticmethod
    def _button(surface: pygame.Surface, rect: pygame.Rect, words: str, fill: tuple[int, int, int],
                hover: bool) -> None:
        pygame.draw.rect(surface, fill, rect, border_radius=5)
        pygame.draw.rect(surface, BUTTON_HOVER if hover else EDGE, rect, 2, border_radius=5)
        theme.blit_text(surface, words, rect.center, 14, theme.TEXT, True, anchor="center")
