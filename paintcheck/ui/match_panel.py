"""The match's panel: the turn track, whose turn and what to do, the dead zone, the phase's captions
and reasons, the instruments' readings and the resolution being told (the log box is the scene's).

Owns nothing: drawn by pure functions of a small model (``PanelModel``) the scene builds every frame;
the phase's room adds its own lines (``Room.draw_panel``). Given: the model."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from paintcheck.rules import tables
from paintcheck.rules.state import DECLARE, DODGE, ORDERS, OVER, REACT, SHEETS, TARGET, MatchState
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.event_words import words as engine_words
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_desk import Room
from paintcheck.ui.overlays import ProtractorView, RulerView
from paintcheck.ui.playback import Telling
from paintcheck.ui.resolution_view import draw_resolution

PHASES = (ORDERS, DECLARE, REACT, DODGE, SHEETS, TARGET, OVER)  # each has its words: match.phase.<phase>


def end_words(reason: object) -> str:
    """Why the match ended (the engine's ``Said``), in the window's language."""
    return engine_words(reason) if reason else ""


@dataclass
class PanelModel:
    """What the panel shows, computed by the scene: the picture is a function of this alone."""

    rect: pygame.Rect  # the panel
    x: int  # where its lines start
    w: int  # their width
    state: MatchState  # what the coach at the screen may see
    to_move: str | None  # the coach who decides next
    playing: bool  # a resolution is being told
    thinking: str | None  # the computer's "is thinking…" line, while it thinks
    captions: list[tuple[pygame.Rect, str]]  # (rect, words) on the buttons' rows
    controls_bottom: int  # the y under the phase's buttons
    room: Room | None  # the phase's room, while its coach chooses (its lines on the panel)
    hover_reason: str | None  # what a click would do there, or why not
    readings_top: int  # where the instruments' readings begin
    message: tuple[str, tuple[int, int, int]] | None  # the flashed line and its colour
    ruler: RulerView | None  # the ruler's reading
    protractor: ProtractorView | None  # the protractor's reading
    telling: Telling  # the resolution being told
    bottom: int  # the lowest y a line may reach (the log box is under it)


HEADING_SIZES = (15, 13)  # the heading's points: the smaller when the larger needs a third line


def heading_lines(words: str, width: int) -> tuple[int, list[str]]:
    """The panel's heading (whose turn, the telling, the result) on its two lines: at 15 points, or at
    13 in a panel too narrow for it (a window under the minimum size); cut at two lines only past that."""
    for size in HEADING_SIZES:
        lines = theme.wrap(words, size, width, bold=True)
        if len(lines) <= 2:
            return size, lines
    return size, lines[:2]


def draw_panel(surface: pygame.Surface, model: PanelModel) -> list[str]:
    """The panel; returns the instruments' lines as shown."""
    state = model.state
    pygame.draw.rect(surface, theme.PANEL, model.rect)
    pygame.draw.line(surface, theme.PANEL_LINE, model.rect.topleft, model.rect.bottomleft, 2)
    x, w = model.x, model.w
    # turn counter track
    title = tr("match.turn.the_break") if state.turn == tables.BREAK_TURN else tr(
        "match.turn.of", turn=state.turn, turns=tables.MAX_TURNS)
    drawn = theme.blit_text(surface, title, (x, 10), 20, theme.TEXT, True)
    tx = max(x + 170, drawn.right + 12)
    phase = tr(f"match.phase.{state.phase}") if state.phase in PHASES else state.phase
    rnd = tr("match.turn.round", round=state.round) if state.round else tr("match.turn.before_round")
    where = f"{rnd} · {phase}"
    turns = range(tables.BREAK_TURN + 1, tables.MAX_TURNS + 1)
    room = x + w - tx - 10 - theme.text_width(where, 15)  # the track narrows for longer words
    step = max(22, min(30, room // len(turns)))
    for turn in turns:
        box = pygame.Rect(tx, 10, step - 4, 24)
        now = turn == state.turn
        pygame.draw.rect(surface, (250, 210, 60) if now else (60, 68, 74), box, border_radius=4)
        theme.blit_text(surface, str(turn), box.center, 13, (20, 20, 20) if now else theme.TEXT_DIM, True,
                        anchor="center")
        tx += step
    words, size = text_fit.shrink_then_cut(where, 15, x + w - tx - 10, 11)  # a narrow panel: smaller
    theme.blit_text(surface, words, (tx + 10, 14 + (15 - size) // 2), size, theme.TEXT_DIM)
    # whose turn
    team = model.to_move
    y = 44
    if model.playing:
        size, lines = heading_lines(tr("match.telling"), w)
        for line in lines:
            theme.blit_text(surface, line, (x, y), size, theme.TEXT_DIM, True)
            y += 19
    elif team is not None and model.thinking is not None:
        theme.blit_text(surface, model.thinking, (x, y), 15, theme.TEXT_WARN, True)
    elif team is not None:
        who = tr(f"match.coach.{team}", instruction=instruction(state, team))
        colour = (140, 180, 255) if team == "blue" else (250, 250, 250)
        size, lines = heading_lines(who, w)
        for line in lines:
            theme.blit_text(surface, line, (x, y), size, colour, True)
            y += 19
    elif state.phase == OVER:
        result = tr("match.over.draw") if state.winner == "draw" else tr(
            f"match.over.wins.{state.winner}")
        line = tr("match.over.line", result=result, reason=end_words(state.end_reason))
        size, lines = heading_lines(line, w)
        for part in lines:
            theme.blit_text(surface, part, (x, y), size, theme.TEXT_GOOD, True)
            y += 19
    # dead zone
    draw_dead_zone(surface, state, x, 84, w)
    for rect, words in model.captions:
        theme.blit_text(surface, words, (rect.x, rect.centery), 13, theme.TEXT_DIM, anchor="midleft")
    y = model.controls_bottom + 6
    bottom = model.bottom
    if model.room is not None:  # the choices wait for the telling's end
        y = model.room.draw_panel(surface, state, x, y, w, bottom)
    if model.hover_reason:
        for line in theme.wrap(model.hover_reason, 13, w)[:2]:
            theme.blit_text(surface, line, (x, y), 13, theme.TEXT_WARN)
            y += 16
    y = max(y + 4, model.readings_top)
    instrument_lines: list[str] = []
    if model.message:
        message, colour = model.message
        for line in theme.wrap(message, 13, w)[:3]:
            theme.blit_text(surface, line, (x, y), 13, colour)
            y += 17
    ruler, prot = model.ruler, model.protractor
    if ruler is not None:
        instrument_lines.extend(ruler.lines)
    if prot is not None and prot.reading:
        instrument_lines.append(prot.reading)
    for line in instrument_lines:
        for part in theme.wrap(line, 13, w):
            if y + 16 > bottom:
                break
            theme.blit_text(surface, part, (x, y), 13, (240, 240, 200))
            y += 16
    if model.room is not None:
        y = model.room.draw_panel_below(surface, state, x, y, w, bottom)
    draw_resolution(surface, model.telling, x, y + 6, w, bottom)
    return instrument_lines


def instruction(state: MatchState, team: str) -> str:
    if state.phase in (ORDERS, REACT, SHEETS):
        return tr(f"match.instruction.{state.phase}")
    if state.phase == DECLARE:
        return tr("match.instruction.declare", player=state.active.get(team))
    if state.phase == TARGET:
        return tr("match.instruction.target", player=state.awaiting[0])
    if state.phase == DODGE and state.resolution and state.resolution.dodge:
        dg = state.resolution.dodge
        return tr("match.instruction.dodge", player=dg.target, margin=dg.margin, used=dg.used,
                  allowed=dg.allowed)
    return ""


def draw_dead_zone(surface: pygame.Surface, state: MatchState, x: int, y: int, w: int) -> None:
    drawn = theme.blit_text(surface, tr("match.dead_zone"), (x, y + 4), 14, theme.TEXT_DIM, True)
    cx = max(x + 96, drawn.right + 10)
    for team in ("blue", "white"):
        out = [p for p in state.players.values() if p.team == team and p.point is None]
        drawn = theme.blit_text(surface, i18n.team(team), (cx, y + 4), 14, theme.TEXT_DIM)
        cx = max(cx + 48, drawn.right + 8)
        if not out:
            theme.blit_text(surface, "—", (cx, y + 4), 14, theme.TEXT_DIM)
            cx += 30
        for p in out:
            pygame.draw.circle(surface, theme.TEAM[team], (cx + 10, y + 12), 10)
            pygame.draw.circle(surface, theme.TEAM_EDGE[team], (cx + 10, y + 12), 10, 1)
            theme.blit_text(surface, str(p.jersey), (cx + 10, y + 12), 12, theme.TEAM_TEXT[team], True,
                            anchor="center")
            cx += 24
        cx += 24
