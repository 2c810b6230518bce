"""The match's log: a text box under the panel that follows the telling of the events.

Its box holds the latest ``LOG_BOX_KEEP`` to ``LOG_BOX_MAX`` lines (a text box re-lays all its text:
a whole match's would slow every screen); ``lines`` keeps every line told, in order; every event
stays in the session and its save.

Given: the window's pygame_gui manager.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import pygame
from pygame_gui.elements import UITextBox

from paintcheck.rules import events as ev
from paintcheck.ui.event_words import event_words

LOG_BOX_KEEP, LOG_BOX_MAX = 80, 160


def log_html(e: ev.Event) -> str:
    """One event's line in the box: turns and reveals bold, eliminations red, rolls dim."""
    words = html.escape(event_words(e))
    if isinstance(e, (ev.TurnStarted, ev.TokensRevealed, ev.MatchEnded)):
        return f"<b>{words}</b>"
    if isinstance(e, ev.Eliminated):
        return f"<font color='#ff8080'>{words}</font>"
    if isinstance(e, ev.Rolled):
        return f"<font color='#a0a8b0'>{words}</font>"
    return words


class MatchLog:
    def __init__(self, manager) -> None:
        self.manager = manager
        self.box: UITextBox | None = None
        self.lines: list[str] = []  # every line told, in order
        self.logged = 0  # events written so far
        self._box_lines = 0

    def place(self, rect: pygame.Rect) -> None:
        """A new box at ``rect``, empty: the next ``follow`` writes the latest lines in it."""
        self.close()
        self.box = UITextBox("", rect, self.manager)
        self.logged = self._box_lines = 0
        self.lines = []

    def close(self) -> None:
        if self.box is not None:
            self.box.kill()
            self.box = None

    def follow(self, events: Sequence[ev.Event], told: int) -> None:
        """Write the events told so far (the first ``told`` of ``events``) that are not written yet."""
        if self.box is None or self.logged >= told:
            return
        new = events[self.logged:told]
        self.lines.extend(event_words(e) for e in new)
        self.logged = told
        if self._box_lines and self._box_lines + len(new) <= LOG_BOX_MAX:
            self.box.append_html_text("<br>" + "<br>".join(map(log_html, new)))
            self._box_lines += len(new)
        else:
            latest = events[max(0, told - LOG_BOX_KEEP):told]
            self.box.set_text("<br>".join(map(log_html, latest)))
            self._box_lines = len(latest)
        if self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(1.0)
