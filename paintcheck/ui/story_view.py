"""Drawing a match's story on the result screen (``match_story`` computes it): on the left each
team's players with their shots fired and hit, the players they eliminated and the turn they went
out; on the right the eliminations turn by turn, then the flags. Every word is the catalogue's
(``result.story.*``)."""

from __future__ import annotations

import pygame

from paintcheck.rules import tables
from paintcheck.ui import theme
from paintcheck.ui.event_words import event_words
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_story import TEAMS, Story

COLUMNS = (("player", 0), ("fired", 22), ("hit", 42), ("eliminated", 58), ("out", 82))  # % of the width
TEAM_COLOUR = {"blue": (110, 160, 255), "white": theme.TEAM["white"]}
GAP = 40  # between the two halves


def turn_words(turn: int) -> str:
    """A turn as the story names it: the break, or turn N."""
    return tr("result.story.the_break") if turn == tables.BREAK_TURN else tr("result.story.turn", turn=turn)


def draw_story(surface: pygame.Surface, story: Story, area: pygame.Rect) -> None:
    width = min(560, (area.width - GAP) // 2)
    left = area.centerx - GAP // 2 - width
    draw_players(surface, story, pygame.Rect(left, area.y, width, area.height))
    draw_turns(surface, story, pygame.Rect(area.centerx + GAP // 2, area.y, width, area.height))


def draw_players(surface, story: Story, area: pygame.Rect) -> None:
    """Each team's players: shots fired, hits, the players he eliminated, the turn he went out."""
    x, y = area.x, area.y
    theme.blit_text(surface, tr("result.story.shots_title"), (x, y), 17, theme.TEXT, True)
    y += 30
    stops = [x + area.width * share // 100 for _, share in COLUMNS]
    for stop, (head, _) in zip(stops, COLUMNS, strict=True):
        theme.blit_text(surface, tr(f"result.story.column.{head}"), (stop, y), 13, theme.TEXT_DIM, True)
    y += 22
    for team in TEAMS:
        if y + 20 > area.bottom:
            return
        fired, hit = story.totals(team)
        words = tr(f"result.story.team.{team}", fired=fired, hit=hit)
        theme.blit_text(surface, words, (x, y), 14, TEAM_COLOUR[team], True)
        y += 22
        for p in story.team(team):
            if y + 18 > area.bottom:
                return
            out = "—" if p.out_turn is None else turn_words(p.out_turn)
            colour = theme.TEXT if p.out_turn is None else theme.TEXT_DIM
            cells = (p.player, str(p.fired), str(p.hit), str(p.eliminated), out)
            for stop, cell in zip(stops, cells, strict=True):
                theme.blit_text(surface, cell, (stop, y), 14, colour)
            y += 20
        y += 6


def draw_turns(surface, story: Story, area: pygame.Rect) -> None:
    """The eliminations turn by turn, then the flags (each moment in the engine's words)."""
    lines: list[tuple[str, int, tuple, bool]] = [(tr("result.story.out_title"), 17, theme.TEXT, True)]
    for turn, out in story.by_turn():
        names = ", ".join(tr("result.story.out_by", player=e.player, by=e.by) if e.by else e.player
                          for e in out)
        lines.append((tr("result.story.turn_line", turn=turn_words(turn), what=names), 14, theme.TEXT, False))
    if not story.eliminations:
        lines.append((tr("result.story.nobody_out"), 14, theme.TEXT_DIM, False))
    lines.append(("", 10, theme.TEXT, False))
    lines.append((tr("result.story.flags_title"), 17, theme.TEXT, True))
    for moment in story.flags:
        said = tr("result.story.turn_line", turn=turn_words(moment.turn), what=event_words(moment.event))
        lines.append((said, 14, theme.TEXT, False))
    if not story.flags:
        lines.append((tr("result.story.no_flag"), 14, theme.TEXT_DIM, False))
    x, y = area.x, area.y
    for said, size, colour, bold in lines:
        if not said:
            y += size
            continue
        for line in theme.wrap(said, size, area.width, bold):
            if y + size + 4 > area.bottom:
                return
            theme.blit_text(surface, line, (x, y), size, colour, bold)
            y += size + (13 if bold else 6)
