"""The resolution panel: what has been told of the last decision, line by line.

Speed ranks once every speed test is told; dice drawn as dice; each shot with its whole breakdown
(the parts of its value against the parts of the target's, the roll needed, the roll, the margin).
When the lines do not fit, the latest ones: the panel follows the telling, the log keeps everything.
Every line is worded in the window's language from the events' data (``event_words``).
"""

from __future__ import annotations

import pygame

from paintcheck.rules import events as ev
from paintcheck.ui import i18n, theme
from paintcheck.ui.event_words import event_words, parts_words, roll_words, shot_words, words
from paintcheck.ui.i18n import tr
from paintcheck.ui.playback import Telling


def draw_resolution(surface: pygame.Surface, telling: Telling, x: int, y: int, w: int, bottom: int) -> int:
    """The lines revealed so far; when they do not fit, the latest ones (the panel follows the
    telling, the log below keeps everything)."""
    batch, shown = telling.batch, telling.told()
    if not batch:
        return y
    theme.blit_text(surface, tr("rules.view.title_playing") if telling.playing()
                    else tr("rules.view.title"), (x, y), 14, theme.TEXT, True)
    y += 18
    rows: list[tuple[str, object, tuple]] = []  # (kind, content, colour), 16 px a text row
    speed = [e for e in batch if isinstance(e, ev.SpeedTest)]
    if speed and all(e in shown for e in speed):
        ranked = sorted(speed, key=lambda e: (e.last, -e.score))
        ranks = tr("rules.view.speed_ranks", ranks=" · ".join(
            tr("rules.view.rank", rank=i, player=e.player, target=e.target,
               score=tr("rules.view.last") if e.last else e.score)
            for i, e in enumerate(ranked, 1)))
        rows += [("text", line, (200, 220, 255)) for line in theme.wrap(ranks, 13, w)]
    for e in shown:
        if isinstance(e, ev.Rolled):
            rows.append(("die", e, theme.TEXT_DIM))
            continue
        if isinstance(e, ev.ShotResolved):
            lines = [tr("rules.view.shot", shooter=e.shooter, shot=shot_words(e.kind), target=e.target,
                        parts=parts_words(e.shot_parts), value=e.shot_value),
                     "   " + tr("rules.view.against_hit" if e.hit else "rules.view.against_miss",
                                parts=parts_words(e.target_parts), value=e.target_value,
                                required=e.required, roll=roll_words(e), margin=e.margin)]
            colour = (255, 200, 120) if e.hit else theme.TEXT
        elif isinstance(e, ev.Eliminated):
            lines, colour = [event_words(e)], (255, 120, 120)
        elif isinstance(e, ev.SpeedTest):
            continue
        else:
            lines, colour = [event_words(e)], theme.TEXT
        rows += [("text", part, colour) for line in lines for part in theme.wrap(line, 13, w)]
    height = {"text": 16, "die": 21}
    while rows and y + sum(height[k] for k, _, _ in rows) > bottom:
        rows.pop(0)
    for kind, content, colour in rows:
        if isinstance(content, ev.Rolled):  # a "die" row
            e = content
            die = pygame.Rect(x, y, 30, 18)
            pygame.draw.rect(surface, (245, 245, 240), die, border_radius=4)
            theme.blit_text(surface, str(e.value), die.center, 13, (20, 20, 20), True, anchor="center")
            purpose = words(e.purpose)
            who = i18n.team(e.player) if e.player in ("blue", "white") else e.player  # a coach's roll
            line = (tr("rules.view.die", player=who, sides=e.sides, purpose=purpose) if e.player
                    else tr("rules.view.die_anon", sides=e.sides, purpose=purpose))
            theme.blit_text(surface, line, (x + 36, y + 1), 13, colour)
        else:
            theme.blit_text(surface, content, (x, y), 13, colour)
        y += height[kind]
    return y
