"""A panel's one-line text entry (pygame_gui's ``UITextEntryLine``): a name typed under the panel's
buttons (the designers', ``designer_scene`` and ``unpourun.designer_scene``), its length capped by the
file format (a longer name cannot be typed), and the entry closed. pygame_gui leaves ``focus`` and
``kill`` unannotated: they are called here, typed, once."""

from __future__ import annotations

import pygame
from pygame_gui import UIManager
from pygame_gui.elements import UITextEntryLine

ENTRY_W, ENTRY_H = 360, 32  # the entry's widest and its height


def open_entry(manager: UIManager, x: int, y: int, width: int, text: str, limit: int) -> UITextEntryLine:
    """The text entry at (``x``, ``y``) in a panel ``width`` wide, holding ``text``, at most ``limit``
    characters typed, focused."""
    entry = UITextEntryLine(pygame.Rect(x, y, min(ENTRY_W, width), ENTRY_H), manager, initial_text=text)
    entry.set_text_length_limit(limit)
    entry.focus()  # type: ignore[no-untyped-call]
    return entry


def close_entry(entry: UITextEntryLine | None) -> None:
    """The entry taken off the window (none: nothing to do)."""
    if entry is not None:
        entry.kill()  # type: ignore[no-untyped-call]
