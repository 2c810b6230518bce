"""Buttons that know why they are greyed, laid out left to right (pygame_gui underneath)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from paintcheck.printable import printable
from paintcheck.ui import theme


@dataclass
class Choice:
    button: UIButton
    action: Callable[[], object] | None
    reason: str | None  # why it is greyed (None: allowed)
    hint: str | None = None


class Controls:
    """A set of buttons rebuilt whenever the choices change; a greyed button keeps its reason,
    shown as a tooltip and by ``hovered_reason`` (the panel prints it under the buttons)."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.choices: dict[str, Choice] = {}
        self.x0 = self.y0 = self.width = 0
        self.x = self.y = 0
        self.row_height = 30

    def start(self, x: int, y: int, width: int) -> None:
        self.clear()
        self.at(x, y, width)

    def at(self, x: int, y: int, width: int) -> None:
        """Go on adding buttons from (x, y), keeping those already there."""
        self.x0 = self.x = x
        self.y0 = self.y = y
        self.width = width

    def clear(self) -> None:
        for choice in self.choices.values():
            choice.button.kill()
        self.choices = {}

    def newline(self, gap: int = 6) -> None:
        if self.x != self.x0:
            self.y += self.row_height + gap
            self.x = self.x0

    def reserve(self, top: int, rows: int, gap: int = 6) -> None:
        """Go on below at least ``rows`` rows from ``top``, however few the block since ``top``
        filled: a block whose buttons come and go keeps the same height, so the rows under it never
        move under the mouse."""
        self.newline(gap)
        self.x = self.x0
        self.y = max(self.y, top + rows * (self.row_height + gap))

    def label_space(self, width: int) -> pygame.Rect:
        """Room on the current row for something the panel draws itself (a caption)."""
        rect = pygame.Rect(self.x, self.y, width, self.row_height)
        self.x += width
        return rect

    def add(self, key: str, words: str, action: Callable[[], object] | None, reason: str | None = None,
            chosen: bool = False, primary: bool = False, width: int | None = None,
            hint: str | None = None, danger: bool = False) -> UIButton:
        """A button with ``words`` (a greyed one when ``reason`` says why not), its tooltip the reason
        or the ``hint``; ``primary`` is the green one (the step forward), ``danger`` the red one of a
        choice that cannot be undone (*Delete for good*, *Leave without saving*), never green. The
        words are escaped as every drawn word is (``paintcheck.printable``)."""
        words = printable(words)
        reason = None if reason is None else printable(reason)
        hint = None if hint is None else printable(hint)
        w = width or max(44, theme.text_width(words, 14) + 22)
        if self.x + w > self.x0 + self.width and self.x != self.x0:
            self.newline()
        rect = pygame.Rect(self.x, self.y, w, self.row_height)
        self.x += w + 6
        cls = "@chosen" if chosen else ("@danger" if danger else ("@primary" if primary else None))
        button = UIButton(rect, words, self.manager, tool_tip_text=reason or hint,
                          object_id=ObjectID(object_id=f"#{key.replace(' ', '_')}", class_id=cls))
        if reason is not None:
            button.disable()
        self.choices[key] = Choice(button, action, reason, hint)
        return button

    def set_reason(self, key: str, reason: str | None) -> None:
        """The button ``key`` greyed with ``reason`` (None: allowed) in place: no widget is built
        again (a screen that changes this often, the review's scrubbing, stays quick)."""
        choice = self.choices.get(key)
        reason = None if reason is None else printable(reason)
        if choice is None or reason == choice.reason:
            return
        choice.reason = reason
        if reason is None:
            choice.button.enable()
        else:
            choice.button.disable()
        choice.button.set_tooltip(reason or choice.hint)

    @property
    def bottom(self) -> int:
        return self.y + (self.row_height if self.x != self.x0 else 0)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for choice in list(self.choices.values()):
            if event.ui_element is choice.button:
                if choice.reason is None and choice.action is not None:
                    choice.action()
                return True
        return False

    def hovered(self, pos) -> Choice | None:
        for choice in self.choices.values():
            if choice.button.rect.collidepoint(pos):
                return choice
        return None

    def hovered_reason(self, pos) -> str | None:
        choice = self.hovered(pos)
        return None if choice is None else (choice.reason or choice.hint)

    def rect(self, key: str) -> pygame.Rect:
        return self.choices[key].button.rect
