"""How large the window opens, and where (issue 25: the window fits the screen). Pure: no pygame.

The window opens at the size it had when it was last closed (``settings``), or at DEFAULT_SIZE the
first time, shrunk to the desktop (less DECORATION for the title bar and a task bar) and never
under MIN_SIZE unless the desktop itself is smaller; its last position is used again while the
whole window stays on the desktop.
"""

from __future__ import annotations

MIN_SIZE = (1280, 720)
DEFAULT_SIZE = (1600, 1000)
DECORATION = (40, 80)  # pixels of a desktop the window's frame and a task bar may take


def opening_size(wanted: tuple[int, int] | None, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The size to open at: ``wanted`` (or DEFAULT_SIZE) fitted to ``desktop`` (None: unknown)."""
    w, h = wanted or DEFAULT_SIZE
    if desktop is None:
        return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)
    dw, dh = desktop
    return (min(dw, max(MIN_SIZE[0], min(w, dw - DECORATION[0]))),
            min(dh, max(MIN_SIZE[1], min(h, dh - DECORATION[1]))))


def smallest_size(opened: tuple[int, int]) -> tuple[int, int]:
    """How small the window may be made: MIN_SIZE, or less where it ``opened`` smaller (a desktop
    smaller than the minimum)."""
    return min(MIN_SIZE[0], opened[0]), min(MIN_SIZE[1], opened[1])


def opening_position(position: tuple[int, int] | None, size: tuple[int, int],
                     desktop: tuple[int, int] | None) -> tuple[int, int] | None:
    """``position`` again when the whole window of ``size`` stays on ``desktop``, else None (the
    window system places it)."""
    if position is None or desktop is None:
        return None
    x, y = position
    if x < 0 or y < 0 or x + size[0] > desktop[0] or y + size[1] > desktop[1]:
        return None
    return x, y
