"""``balance --png``: where the players of each side were hit, two pictures of the field side by side.

Each half is the picture ``analyse --png`` draws (``export_image.render_layout`` with a ``Heat``):
the field, its title with what the map is, the hits' colour scale and the pieces' legend; Blue's
hits on the left, White's on the right. Written as every picture is (``save_png``: a temporary file
renamed over the path).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import pygame

from paintcheck.field.layout import Field
from paintcheck.ui.export_image import MIN_WIDTH, Heat, render_layout, save_png


def render_hits(field: Field, width: int, heats: Sequence[Heat]) -> pygame.Surface:
    """The pictures of ``heats`` side by side in one image about ``width`` pixels wide (each at least
    ``MIN_WIDTH``)."""
    half = max(MIN_WIDTH, width // max(1, len(heats)))
    pictures = [render_layout(field, half, heat) for heat in heats]
    surf = pygame.Surface((sum(p.get_width() for p in pictures), max(p.get_height() for p in pictures)))
    x = 0
    for picture in pictures:
        surf.blit(picture, (x, 0))
        x += picture.get_width()
    return surf


def export_hits_png(field: Field, path: str | os.PathLike[str], width: int,
                    heats: Sequence[Heat]) -> tuple[int, int]:
    """Write ``render_hits`` to ``path`` as a PNG, atomically; return its size (``OSError`` when it
    cannot be written)."""
    surf = render_hits(field, width, heats)
    save_png(surf, path)
    return surf.get_size()
