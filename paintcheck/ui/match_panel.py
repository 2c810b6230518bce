"""The match's panel: the turn track, whose turn and what to do, the dead zone, the phase's captions
and reasons, the instruments' readings and the resolution being told (the log box is the scene's)."""

from __future__ import annotations

import pygame

from paintcheck.rules import tables
from paintcheck.rules.state import DECLARE, DODGE, ORDERS, OVER, REACT, SHEETS, TARGET, MatchState
from paintcheck.ui import i18n, theme
from paintcheck.ui.event_words import words as engine_words
from paintcheck.ui.i18n import tr
from paintcheck.ui.resolution_view import draw_resolution

PHASES = (ORDERS, DECLARE, REACT, DODGE, SHEETS, TARGET, OVER)  # each has its words: match.phase.<phase>


def end_words(reason) -> str:
    """Why the match ended (the engine's ``Said``), in the window's language."""
    return engine_words(reason) if reason else ""


class MatchPanel:
    """The panel's part of ``MatchScene``."""

    def draw_panel(self, surface, state: MatchState, ruler, prot) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.panel)
        pygame.draw.line(surface, theme.PANEL_LINE, self.panel.topleft, self.panel.bottomleft, 2)
        x, w = self.px, self.pw
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
        theme.blit_text(surface, where, (tx + 10, 14), 15, theme.TEXT_DIM)
        # whose turn
        team = self.session.to_move()
        y = 44
        if self.playing():
            for line in theme.wrap(tr("match.telling"), 15, w, bold=True)[:2]:
                theme.blit_text(surface, line, (x, y), 15, theme.TEXT_DIM, True)
                y += 19
        elif team is not None and self.thinking is not None:
            theme.blit_text(surface, self.thinking_words(team), (x, y), 15, theme.TEXT_WARN, True)
        elif team is not None:
            who = tr(f"match.coach.{team}", instruction=self.instruction(state, team))
            colour = (140, 180, 255) if team == "blue" else (250, 250, 250)
            for line in theme.wrap(who, 15, w, bold=True)[:2]:
                theme.blit_text(surface, line, (x, y), 15, colour, True)
                y += 19
        elif state.phase == OVER:
            result = tr("match.over.draw") if state.winner == "draw" else tr(
                f"match.over.wins.{state.winner}")
            line = tr("match.over.line", result=result, reason=end_words(state.end_reason))
            for part in theme.wrap(line, 15, w, bold=True)[:2]:
                theme.blit_text(surface, part, (x, y), 15, theme.TEXT_GOOD, True)
                y += 19
        # dead zone
        self.draw_dead_zone(surface, state, x, 84, w)
        for rect, words in self.captions:
            theme.blit_text(surface, words, (rect.x, rect.centery), 13, theme.TEXT_DIM, anchor="midleft")
        y = self.controls.bottom + 6
        choosing = self.deciding() and not self.playing()  # the choices wait for the telling's end
        if self.draft is not None and choosing:
            y = self.draw_sequence_line(surface, x, y, w)
        if self.sheet is not None and state.phase == SHEETS and choosing:
            y = self.sheet.draw_table(surface, x, y + 4, w, self.log_rect.top - 6)
        if state.phase == TARGET and choosing:  # the other side's sheet, revealed, as on paper
            y = self.draw_revealed_sheet(surface, state, x, y + 4, w)
        if self.hover_reason:
            for line in theme.wrap(self.hover_reason, 13, w)[:2]:
                theme.blit_text(surface, line, (x, y), 13, theme.TEXT_WARN)
                y += 16
        y = max(y + 4, self.readings_top)
        self.instrument_lines = []
        if self.app.message:
            message, colour = self.app.message
            for line in theme.wrap(message, 13, w)[:3]:
                theme.blit_text(surface, line, (x, y), 13, colour)
                y += 17
        if ruler is not None:
            self.instrument_lines.extend(ruler.lines)
        if prot is not None and prot.reading:
            self.instrument_lines.append(prot.reading)
        bottom = self.log_rect.top - 6
        for line in self.instrument_lines:
            for part in theme.wrap(line, 13, w):
                if y + 16 > bottom:
                    break
                theme.blit_text(surface, part, (x, y), 13, (240, 240, 200))
                y += 16
        if state.phase == REACT and choosing:
            y = self.draw_reaction_reasons(surface, x, y + 4, w, bottom)
        y = draw_resolution(surface, self.telling, x, y + 6, w, bottom)

    def draw_revealed_sheet(self, surface, state: MatchState, x: int, y: int, w: int) -> int:
        from paintcheck.ui.phase_declare import action_words
        from paintcheck.ui.sheet_editor import draw_sheet_table, revealed_rows

        enemy = "white" if self.viewer == "blue" else "blue"
        sheet = state.sheets.get(enemy)
        if sheet is None:
            return y
        m = self.session.m
        rows = revealed_rows(sheet, state.lattice, self.viewer,
                             lambda a, fmt: action_words(a, m, point=fmt, cover_name=self.cover_name))
        return draw_sheet_table(surface, enemy, rows, x, y, w, self.log_rect.top - 6)

    def instruction(self, state: MatchState, team: str) -> str:
        if state.phase in (ORDERS, REACT, SHEETS):
            return tr(f"match.instruction.{state.phase}")
        if state.phase == DECLARE:
            return tr("match.instruction.declare", player=state.active.get(team))
        if state.phase == TARGET:
            return tr("match.instruction.target", player=state.awaiting[0])
        if state.phase == DODGE and state.resolution and state.resolution.dodge:
            dg = state.resolution.dodge
            return tr("match.instruction.dodge", player=dg["target"], margin=dg["margin"], used=dg["used"],
                      allowed=dg["allowed"])
        return ""

    def draw_dead_zone(self, surface, state: MatchState, x, y, w) -> None:
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
