"""A new match of Un pour un ("upu_new", issue 31 item 4): each side's band, the table, who plays each
side, the match's options; *Start* makes the record (``setup_model.new_record``) and opens the match.

A band the rules refuse under the options chosen is greyed with the engine's reason (``band_problems``)
and cannot start; so is a table whose file does not load.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from paintcheck.ui import theme
from paintcheck.ui.i18n import current, say, tr
from paintcheck.ui.scenes import Scene
from paintcheck.ui.session import Session
from paintcheck.ui.unpourun import setup_model
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import Options, band_cost
from paintcheck.unpourun.game import UnpourunGame
from paintcheck.unpourun.record import UNPOURUN

if TYPE_CHECKING:
    from paintcheck.ui.app import App

log = logging.getLogger(__name__)

LABEL_W = 150
SUMMARY_ROW = 19  # pixels a line of a band's summary takes


def summary_lines(choice: setup_model.BandChoice, options: Options,
                  locale: str | None = None) -> list[tuple[str, bool]]:
    """What the chosen band is, said under its buttons: its figures by kind (highest rank first), its
    cost against the points limit (``bands.band_cost``, ``Options.points``), then whether it may play
    (the engine's first refusal, ``band_problems``'s); each line with True when it says a refusal."""
    out: list[tuple[str, bool]] = []
    band = choice.band
    if band is not None:
        kinds = [spec.kind for spec in band.figures]
        ranks = ", ".join(
            tr("upu_match.new.rank_count", locale, kind=tr(f"upu_builder.kind.{kind}", locale),
               count=kinds.count(kind))
            for kind in sorted(set(kinds), key=lambda k: (-t.PROFILES[k].rank if k in t.PROFILES else 0, k))
        )
        out.append((tr("upu_match.new.summary", locale, count=len(kinds), ranks=ranks,
                       cost=band_cost(band, options), limit=options.points), False))
    if choice.problem is None:
        out.append((tr("upu_match.new.summary_plays", locale), False))
    else:
        out.append((tr("upu_match.new.summary_refused", locale, reason=say(choice.problem, locale)), True))
    return out


class UpuNewScene(Scene):
    name = "upu_new"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.options = Options()
        self.bands: list[setup_model.BandChoice] = []
        self.tables: list[setup_model.TableChoice] = []
        self.band: dict[str, int] = {}  # side -> index in ``bands``
        self.table = 0
        self.players = setup_model.default_players()
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.summaries: list[tuple[str, tuple[int, int], bool]] = []  # under each band: its figures

    def enter(self, persist: dict[str, Any]) -> None:
        self.tables = setup_model.table_choices()
        super().enter(persist)

    def layout(self, size: tuple[int, int]) -> None:
        self.bands = setup_model.band_choices(self.options)
        if not self.band or max(self.band.values()) >= len(self.bands):  # the first playable bands
            playable = [i for i, b in enumerate(self.bands) if b.problem is None] or [0]
            self.band = {p: playable[min(i, len(playable) - 1)] for i, p in enumerate(t.PLAYERS)}
        c = self.controls
        width = min(size[0] - 80, 1100)
        c.start(40, 70, width)
        c.row_height = 30
        self.labels = []
        self.summaries = []
        for p in t.PLAYERS:
            self.label(tr("upu_match.new.band", side=p))
            for i, choice in enumerate(self.bands):
                reason = None if choice.problem is None else say(choice.problem)
                c.add(
                    f"band-{p}-{i}",
                    choice.name,
                    partial(self.choose_band, p, i),
                    chosen=self.band[p] == i,
                    hint=reason,
                )
            c.newline(2)
            c.row_height = SUMMARY_ROW  # the chosen band's summary, in smaller rows
            for words, bad in summary_lines(self.bands[self.band[p]], self.options):
                rect = c.label_space(width)
                self.summaries.append((words, (rect.x + LABEL_W, rect.y), bad))
                c.newline(0)
            c.row_height = 30
            c.y += 12  # the gap before the next block
        self.label(tr("upu_match.new.table"))
        for i, table_choice in enumerate(self.tables):
            name = (
                table_choice.table.name_fr
                if table_choice.table and current() == "fr" and table_choice.table.name_fr
                else table_choice.name
            )
            c.add(
                f"table-{i}",
                name,
                partial(self.choose_table, i),
                None if table_choice.problem is None else say(table_choice.problem),
                chosen=self.table == i,
            )
        c.newline(10)
        kinds = (setup_model.PERSON, *UnpourunGame.coach_kinds)
        for p in t.PLAYERS:
            self.label(tr("upu_match.new.player", side=p))
            for kind in kinds:
                c.add(
                    f"player-{p}-{kind}",
                    tr(f"upu_match.player.{kind}"),
                    partial(self.choose_player, p, kind),
                    chosen=self.players[p] == kind,
                )
            c.newline(10)
        self.label(tr("upu_match.new.options"))
        for test in t.PASSIVE_TESTS:
            c.add(
                f"passive-{test}",
                tr(f"upu_match.new.passive.{test}"),
                partial(self.toggle_test, test),
                chosen=test in self.options.passive,
            )
        c.add("races", tr("upu_match.new.races"), lambda: self.toggle("races"), chosen=self.options.races)
        c.add("modern", tr("upu_match.new.modern"), lambda: self.toggle("modern"), chosen=self.options.modern)
        c.newline(24)
        c.add("start", tr("upu_match.new.start"), self.start, self.why_not(), primary=True)
        c.add("back", tr("upu_match.back_to_title"), lambda: self.app.switch("title"))
        self.message_top = c.bottom + 30

    def label(self, words: str) -> None:
        rect = self.controls.label_space(LABEL_W)
        self.labels.append((words, (rect.x, rect.y + 6)))

    def why_not(self) -> str | None:
        """Why the match cannot start: a band refused (the engine's reason), a table that does not load."""
        for p in t.PLAYERS:
            if not self.bands:
                return tr("upu_match.new.no_band")
            choice = self.bands[self.band[p]]
            if choice.problem is not None:
                return tr("upu_match.new.band_refused", side=p, reason=say(choice.problem))
        if not self.tables or self.tables[self.table].table is None:
            return tr("upu_match.new.no_table")
        return None

    def choose_band(self, player: str, i: int) -> None:
        self.band[player] = i
        self.layout(self.app.size)

    def choose_table(self, i: int) -> None:
        self.table = i
        self.layout(self.app.size)

    def choose_player(self, player: str, kind: str) -> None:
        self.players[player] = kind
        self.layout(self.app.size)

    def toggle_test(self, test: str) -> None:
        self.options = replace(self.options, passive=self.options.passive ^ {test})
        self.layout(self.app.size)

    def toggle(self, name: str) -> None:
        if name == "races":
            self.options = replace(self.options, races=not self.options.races)
        else:
            self.options = replace(self.options, modern=not self.options.modern)
        self.layout(self.app.size)

    def start(self, seed: int | None = None) -> None:
        """The match: its record, its session (saved at its first decision), its window."""
        if self.why_not() is not None:
            return
        first, second = (self.bands[self.band[p]].band for p in t.PLAYERS)
        table = self.tables[self.table].table
        assert first is not None and second is not None and table is not None
        record = setup_model.new_record(
            first, second, table, self.options, self.players, seed if seed is not None else self.app.seed
        )
        session = Session.begin(UNPOURUN, record)
        self.app.message = None
        self.app.switch("upu_match", session=session)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        theme.blit_text(surface, tr("upu_match.new.title"), (40, 24), 24, theme.TEXT, bold=True)
        for words, pos in self.labels:
            theme.blit_text(surface, words, pos, 15, theme.TEXT)
        for words, pos, bad in self.summaries:
            theme.blit_text(surface, words, pos, 14, theme.TEXT_WARN if bad else theme.TEXT_DIM)
        reason = self.why_not()
        if reason is not None:
            for i, line in enumerate(theme.wrap(reason, 15, self.app.size[0] - 80)):
                theme.blit_text(surface, line, (40, self.message_top + 20 * i), 15, theme.TEXT_WARN)
        hovered = self.controls.hovered_reason(pygame.mouse.get_pos())
        if hovered:
            theme.blit_text(surface, hovered, (40, self.message_top + 50), 14, theme.TEXT_DIM)
        self.app.draw_message(surface, (self.app.size[0] // 2, self.message_top + 90))
