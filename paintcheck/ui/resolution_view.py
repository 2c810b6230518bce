"""The resolution panel: what has been told of the last decision, line by line.

Speed ranks once every speed test is told; dice drawn as dice; each shot with its whole breakdown
(the parts of its value against the parts of the target's, the roll needed, the roll, the margin).
When the lines do not fit, the latest ones: the panel follows the telling, the log keeps everything.
"""

from __future__ import annotations

import pygame

from paintcheck.rules import events as ev
from paintcheck.ui import overlays, theme
from paintcheck.ui.playback import Telling


def draw_resolution(surface: pygame.Surface, telling: Telling, x: int, y: int, w: int, bottom: int) -> int:
    """The lines revealed so far; when they do not fit, the latest ones (the panel follows the
    telling, the log below keeps everything)."""
    batch, shown = telling.batch, telling.told()
    if not batch:
        return y
    theme.blit_text(surface, "Resolution (click here to show all)" if telling.playing()
                    else "Resolution", (x, y), 14, theme.TEXT, True)
    y += 18
    rows: list[tuple[str, object, tuple]] = []  # (kind, content, colour), 16 px a text row
    speed = [e for e in batch if isinstance(e, ev.SpeedTest)]
    if speed and all(e in shown for e in speed):
        ranked = sorted(speed, key=lambda e: (e.last, -e.score))
        words = "Speed ranks: " + " · ".join(
            f"{i}. {e.player}→{e.target} {'last' if e.last else e.score}"
            for i, e in enumerate(ranked, 1))
        rows += [("text", line, (200, 220, 255)) for line in theme.wrap(words, 13, w)]
    for e in shown:
        if isinstance(e, ev.Rolled):
            rows.append(("die", e, theme.TEXT_DIM))
            continue
        if isinstance(e, ev.ShotResolved):
            lines = [f"{e.shooter} {e.kind} shot at {e.target}: {overlays.parts_text(e.shot_parts)} = "
                     f"{e.shot_value}",
                     f"   against {overlays.parts_text(e.target_parts)} = {e.target_value}"
                     f" → needs {e.required};"
                     f" rolls {e.roll}{''.join(f'+{b}' for b in e.bonus_dice)} → "
                     + (f"HIT, margin {e.margin}" if e.hit else "miss")]
            colour = (255, 200, 120) if e.hit else theme.TEXT
        elif isinstance(e, ev.Eliminated):
            lines, colour = [e.text], (255, 120, 120)
        elif isinstance(e, ev.SpeedTest):
            continue
        else:
            lines, colour = [e.text], theme.TEXT
        rows += [("text", part, colour) for line in lines for part in theme.wrap(line, 13, w)]
    height = {"text": 16, "die": 21}
    while rows and y + sum(height[k] for k, _, _ in rows) > bottom:
        rows.pop(0)
    for kind, content, colour in rows:
        if kind == "die":
            e = content
            die = pygame.Rect(x, y, 30, 18)
            pygame.draw.rect(surface, (245, 245, 240), die, border_radius=4)
            theme.blit_text(surface, str(e.value), die.center, 13, (20, 20, 20), True, anchor="center")
            who = f"{e.player} " if e.player else ""
            theme.blit_text(surface, f"{who}d{e.sides}: {e.purpose}", (x + 36, y + 1), 13, colour)
        else:
            theme.blit_text(surface, content, (x, y), 13, colour)
        y += height[kind]
    return y
