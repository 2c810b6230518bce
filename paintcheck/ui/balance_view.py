"""The Study's balance report, drawn: the run's progress bar while it goes, then each side's and each
coach's win rate with its 95% interval, the verdict, how the matches ended, and the pieces taken at
the break with how often their takers were lost; and, over the field, where one side's players were
hit (``hits``). The numbers are ``ai.self_play``'s (``BalanceRun``'s report); the words the
catalogue's (``study.balance_run.*``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from paintcheck.ai.self_play import ROLES, BalanceReport, Rate
from paintcheck.analysis.interval import CONFIDENCE
from paintcheck.field.lattice import TEAMS, Point
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.balance_run import BalanceRun
from paintcheck.ui.i18n import tr

ROW_H = 18
SIZE = 12
BAR_H = 12


def hits(run: BalanceRun, side: str) -> Mapping[Point, int] | None:
    """Where ``side``'s players were hit in the run's matches (None before a report)."""
    return None if run.report is None else dict(run.report.hits[side])


def scale_words(side: str) -> str:
    return tr(f"study.balance_run.scale.{side}")


def _level() -> str:
    """The intervals' confidence, as the window's language writes a percentage (95% / 95 %)."""
    return i18n.percent_number(100 * CONFIDENCE)


def _rate(name: str, rate: Rate) -> str:
    low, high = rate.interval
    return tr("study.balance_run.rate", who=name, wins=rate.wins, level=_level(),
              rate=i18n.percent(rate.rate or 0.0), low=i18n.percent(low), high=i18n.percent(high))


def report_lines(report: BalanceReport) -> list[tuple[str, tuple[int, int, int]]]:
    """The report's lines above its pieces table, each with its colour."""
    dim = theme.TEXT_DIM
    lines = [(tr("study.balance_run.title", matches=report.completed, errors=report.errors), theme.TEXT)]
    lines += [(_rate(i18n.team(team), report.side(team)), theme.TEXT) for team in TEAMS]
    lines += [(_rate(tr(f"study.balance_run.role.{role}"), report.role(role)), dim) for role in ROLES]
    favoured = report.favoured
    lines.append((tr("study.balance_run.even" if report.even else "study.balance_run.uneven"), dim))
    share = report.blue_share
    low, high = share.interval
    verdict = tr("study.balance_run.fair" if favoured is None else f"study.balance_run.favours.{favoured}")
    lines.append((tr("study.balance_run.share", rate=i18n.percent(share.rate or 0.0), low=i18n.percent(low),
                     high=i18n.percent(high), verdict=verdict, level=_level()),
                  theme.TEXT_GOOD if favoured is None else theme.TEXT_WARN))
    lines.append((tr("study.balance_run.ends", blue=report.flags[TEAMS[0]], white=report.flags[TEAMS[1]],
                     eliminations=report.ends["eliminations"], turns=report.ends["turns"],
                     draws=report.draws), dim))
    return lines


def draw(surface: pygame.Surface, rect: pygame.Rect, run: BalanceRun,
         piece_name: Callable[[str], str]) -> None:
    """The run inside ``rect``: its progress, its failure, or its report."""
    x, y, w = rect.x, rect.y, rect.width
    if run.running:
        theme.blit_text(surface, tr("study.balance_run.running", done=run.done, matches=run.matches),
                        (x, y), SIZE, theme.TEXT_WARN)
        bar = pygame.Rect(x, y + ROW_H, w - 8, BAR_H)
        pygame.draw.rect(surface, theme.PANEL_LINE, bar, 1)
        filled = bar.inflate(-4, -4)
        filled.width = round(filled.width * run.done / max(1, run.matches))
        pygame.draw.rect(surface, theme.SELECT, filled)
        return
    if run.report is None:
        words = tr("study.balance_run.failed", error=run.failed) if run.failed else \
            tr("study.balance_run.cancelled") if run.cancelled else tr("study.balance_run.hint")
        for line in theme.wrap(words, SIZE, w)[:3]:
            theme.blit_text(surface, line, (x, y), SIZE, theme.TEXT_WARN if run.failed else theme.TEXT_DIM)
            y += ROW_H
        return
    for words, colour in report_lines(run.report):
        for line in theme.wrap(words, SIZE, w)[:2]:
            theme.blit_text(surface, line, (x, y), SIZE, colour)
            y += ROW_H - 2
    y += 6
    theme.blit_text(surface, tr("study.balance_run.pieces"), (x, y), 13, theme.TEXT, True)
    y += ROW_H + 2
    cells = (*map(i18n.team, TEAMS), "0000", i18n.percent(1.0))
    widest = max(theme.text_width(words, SIZE) for words in cells)
    numbers = [(key, max(theme.text_width(tr(f"study.balance_run.column.{key}"), 11), widest) + 12)
               for key in ("side", "taken", "lost")]
    piece_w = w - sum(width for _, width in numbers)
    cx = x + piece_w
    for key, width in numbers:
        theme.blit_text(surface, tr(f"study.balance_run.column.{key}"), (cx + 2, y), 11, theme.TEXT_DIM)
        cx += width
    theme.blit_text(surface, tr("study.balance_run.column.piece"), (x + 2, y), 11, theme.TEXT_DIM)
    y += ROW_H
    pygame.draw.line(surface, theme.PANEL_LINE, (x, y - 3), (rect.right, y - 3))
    for row in run.report.pieces():
        if y + ROW_H > rect.bottom:
            break
        name, size = text_fit.shrink_then_cut(piece_name(row.piece), SIZE, piece_w - 6, 10)
        theme.blit_text(surface, name, (x + 2, y), size, theme.TEXT)
        cells = (i18n.team(row.team), i18n.number(row.taken), i18n.percent(row.lost_rate))
        cx = x + piece_w
        for (_, width), words in zip(numbers, cells, strict=True):
            theme.blit_text(surface, words, (cx + 2, y), SIZE, theme.TEXT)
            cx += width
        y += ROW_H
