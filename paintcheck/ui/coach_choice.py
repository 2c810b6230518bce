"""Who coaches each team in the next match: a person, or the computer at a strength. The field
chooser's *New match* and the designer's *Play on this field* ask it with the same buttons; the
choice is the window's (``App.coaches``, the teams the computer plays), kept from one match to the
next."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from paintcheck.ui import theme
from paintcheck.ui.i18n import tr
from paintcheck.ui.widgets import Controls

COACH_KINDS = (None, "easy", "normal", "hard")  # a person, or the computer at a strength
TEAMS = ("blue", "white")
CAPTION_W = 118  # "Blue coach:" before a team's buttons
GAP_AFTER = 24  # between the two teams on one row


def add_coach_buttons(c: Controls, app, changed: Callable[[], None],
                      teams: tuple[str, ...] = TEAMS) -> list[tuple[str, pygame.Rect]]:
    """Each team's caption and its buttons (``coach-<team>-<kind>``), both teams on one row when it
    holds them, else a row each; ``changed`` is called after a choice (the screen lays itself out
    again). ``teams``: whose coach is chosen here (a networked match: this machine's team only).
    Returns where each caption goes (``draw_captions``)."""
    captions = []
    for team in teams:
        words = [tr(f"fields.coach.{kind or 'person'}") for kind in COACH_KINDS]
        width = CAPTION_W + sum(max(44, theme.text_width(w, 14) + 22) + 6 for w in words)
        if c.x != c.x0 and c.x + width > c.x0 + c.width:  # a team's caption stays with its buttons
            c.newline()
        captions.append((team, c.label_space(CAPTION_W)))
        for kind, word in zip(COACH_KINDS, words, strict=True):
            c.add(f"coach-{team}-{kind or 'person'}", word,
                  lambda t=team, k=kind: choose(app, t, k, changed), chosen=app.coaches.get(team) == kind,
                  hint=tr("fields.coach_hint") if kind else None)
        c.label_space(GAP_AFTER)
    return captions


def choose(app, team: str, kind: str | None, changed: Callable[[], None]) -> None:
    """``team`` coached by a person (``kind`` None) or by the computer at ``kind``."""
    if kind is None:
        app.coaches.pop(team, None)
    else:
        app.coaches[team] = kind
    changed()


def draw_captions(surface: pygame.Surface, captions: list[tuple[str, pygame.Rect]]) -> None:
    for team, rect in captions:
        theme.blit_text(surface, tr(f"fields.coach_caption.{team}"), (rect.x, rect.centery), 15, theme.TEXT,
                        True, anchor="midleft")
