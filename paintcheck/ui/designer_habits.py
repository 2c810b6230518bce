"""What both designers do alike: the edit shortcuts and the panel's one-line text entry.

The Paintcheck field designer (``designer_scene``) and Un pour un's table designer
(``unpourun.designer_scene``) share these habits, so that a hand used to one finds them in the other:
Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes, Ctrl+S saves; a name is typed in an entry under the
panel's buttons, its length capped by the file format (a longer name cannot be typed).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui import UIManager
from pygame_gui.elements import UITextEntryLine

ENTRY_W, ENTRY_H = 360, 32  # the entry's widest and its height


def edit_key(event: pygame.event.Event, undo: Callable[[], object], redo: Callable[[], object],
             save: Callable[[], object]) -> bool:
    """Undo, redo or save for the key pressed ``event``: True when it was one of their shortcuts."""
    if not event.mod & pygame.KMOD_CTRL:
        return False
    if event.key == pygame.K_z:
        redo() if event.mod & pygame.KMOD_SHIFT else undo()
    elif event.key == pygame.K_y:
        redo()
    elif event.key == pygame.K_s:
        save()
    else:
        return False
    return True


def open_entry(manager: UIManager, x: int, y: int, width: int, text: str, limit: int) -> UITextEntryLine:
    """The text entry at (``x``, ``y``) in a panel ``width`` wide, holding ``text``, at most ``limit``
    characters typed, focused."""
    entry = UITextEntryLine(pygame.Rect(x, y, min(ENTRY_W, width), ENTRY_H), manager, initial_text=text)
    entry.set_text_length_limit(limit)
    entry.focus()  # type: ignore[no-untyped-call]  # pygame_gui leaves focus() unannotated
    return entry
