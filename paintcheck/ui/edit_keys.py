"""The edit shortcuts both designers share (the Paintcheck field designer, ``designer_scene``, and Un
pour un's table designer, ``unpourun.designer_scene``), so that a hand used to one finds them in the
other: Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes, Ctrl+S saves."""

from __future__ import annotations

from collections.abc import Callable

import pygame


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
