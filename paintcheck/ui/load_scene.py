"""Load a match: the saves folder as a list, newest first, each with its field's thumbnail, turn and
players on the field; open one, or delete it after a confirmation. A damaged file is listed with its
problem (a ``Said``, worded by ``i18n.say``) and can only be deleted. The list itself is ``ui.saves``
(no pygame); the words are the catalogue's (``i18n.tr``, keys ``load.*``)."""

from __future__ import annotations

import json
import logging

import pygame

from paintcheck.ai.coach import COACH_KINDS
from paintcheck.field.layout import Field
from paintcheck.field.layout_file import layout_from_dict
from paintcheck.printable import printable
from paintcheck.ui import game_choice, i18n, saves, text_fit, theme
from paintcheck.ui.fieldview import FieldRenderer
from paintcheck.ui.i18n import tr
from paintcheck.ui.paging import add_page_buttons, pages_of
from paintcheck.ui.scenes import Scene
from paintcheck.ui.transform import FieldTransform

log = logging.getLogger(__name__)

ROW_H = 96
THUMB = (56, 86)
OPEN_W, REVIEW_W, DELETE_W = 120, 100, 110  # a save's buttons: *Open*, *Review*, *Delete…* (or *Keep it*)
DELETE_X = OPEN_W + 6 + REVIEW_W + 6  # where *Delete…* stands in a row's buttons
BUTTONS_W = DELETE_X + DELETE_W + 14


def thumbnail(layout: dict | None, cache: dict) -> pygame.Surface | None:
    """The field drawn small (cached by the layout's data); None when it cannot be built."""
    if layout is None:
        return None
    key = json.dumps(layout, sort_keys=True)
    if key not in cache:
        try:
            field: Field = layout_from_dict(layout, "<saved match>").build()
        except Exception:  # noqa: BLE001 - a damaged layout only loses its picture here
            log.debug("no thumbnail for a saved match's layout", exc_info=True)
            cache[key] = None
        else:
            t = FieldTransform.fit((0, 0, *THUMB), field.lattice, margin=0.6)
            cache[key] = FieldRenderer(field).background(THUMB, t).copy()
    return cache[key]


class LoadScene(Scene):
    name = "load"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.thumbs: dict = {}

    def enter(self, persist: dict) -> None:
        self.entries = game_choice.saves_of(self.app.game)
        self.page = 0
        self.confirming = None  # the path whose deletion awaits a yes
        super().enter(persist)

    def per_page(self, size) -> int:
        return max(1, (size[1] - 190) // ROW_H)

    def layout(self, size) -> None:
        w, h = size
        c = self.controls
        c.clear()
        width = min(760, w - 40)
        self.x0 = (w - width) // 2
        self.width = width
        n = self.per_page(size)
        pages = pages_of(len(self.entries), n)
        self.page = min(self.page, pages - 1)
        shown = self.entries[self.page * n:(self.page + 1) * n]
        self.rows = []
        self.text_right = {}  # where each row's words must end (its buttons begin)
        for i, entry in enumerate(shown):
            y = 90 + i * ROW_H
            self.rows.append((y, entry))
            left = self.x0 + width - BUTTONS_W
            c.row_height = 32
            key = entry.path.name
            if self.confirming == entry.path:
                # *Keep it* takes the very place of *Delete…* (a second click there keeps the match);
                # *Delete for good* is red, never the green step forward, and comes to its left
                sure = tr("load.delete_yes")
                sure_w = max(OPEN_W, theme.font(14).size(sure)[0] + 24)
                c.at(left + DELETE_X - 6 - sure_w, y + 28, sure_w)
                c.add(f"delete-yes-{key}", sure, lambda e=entry: self.delete(e), danger=True, width=sure_w)
                c.at(left + DELETE_X, y + 28, DELETE_W)
                c.add(f"delete-no-{key}", tr("load.keep"), self.keep, width=DELETE_W)
                left = min(left, left + DELETE_X - 6 - sure_w)
            else:
                c.at(left, y + 28, BUTTONS_W)
                c.add(f"open-{key}", tr("common.open"), lambda e=entry: self.open(e), problem_words(entry),
                      primary=True, width=OPEN_W)
                if self.app.game == game_choice.PAINTCHECK_GAME:  # Paintcheck's review window
                    c.add(f"review-{key}", tr("review_window.open"), lambda e=entry: self.review(e),
                          problem_words(entry), width=REVIEW_W, hint=tr("review_window.open_hint"))
                else:
                    c.x += REVIEW_W + 6
                c.add(f"delete-{key}", tr("load.delete"), lambda e=entry: self.ask_delete(e), width=DELETE_W)
            self.text_right[entry.path] = left - 10
        c.at(self.x0, h - 64, width)
        c.row_height = 38
        add_page_buttons(c, self.page, pages, self.turn_page, width=130, words=("load.newer", "load.older"))
        c.add("back", tr("common.back_title"), lambda: self.app.switch("title"), width=200)

    # -- actions ------------------------------------------------------------------------------------
    def open(self, entry: saves.SavedMatch) -> None:
        if self.app.game == game_choice.UNPOURUN_GAME:  # Un pour un's match window resumes its own
            self.app.switch("upu_match", resume=entry.path)
            return
        if not self.app.resume_match(entry.path):
            self.entries = game_choice.saves_of(self.app.game)
            self.layout(self.app.size)

    def review(self, entry: saves.SavedMatch) -> None:
        """Review the saved match (``review_launch``); its *Back* comes back to this list."""
        from paintcheck.ui.review_launch import review_saved

        if not review_saved(self.app, entry.path, back="load"):
            self.entries = game_choice.saves_of(self.app.game)
            self.layout(self.app.size)

    def ask_delete(self, entry: saves.SavedMatch) -> None:
        self.confirming = entry.path
        self.layout(self.app.size)

    def keep(self) -> None:
        self.confirming = None
        self.layout(self.app.size)

    def delete(self, entry: saves.SavedMatch) -> None:
        try:
            saves.delete_save(entry.path)
            self.app.flash(tr("load.deleted", file=entry.path.name))
        except OSError as exc:
            self.app.flash(tr("load.cannot_delete", file=entry.path.name, error=exc.strerror or exc),
                           error=True)
        self.confirming = None
        self.entries = game_choice.saves_of(self.app.game)
        self.layout(self.app.size)

    def turn_page(self, step: int) -> None:
        self.page += step
        self.layout(self.app.size)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.switch("title")
            return
        super().handle_event(event)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        w, h = surface.get_size()
        theme.blit_text(surface, tr("load.title"), (w // 2, 40), 30, theme.TEXT, True, anchor="center")
        if not self.entries:
            theme.blit_text(surface, tr("load.empty"),
                            (w // 2, 120), 17, theme.TEXT_DIM, anchor="center")
        for y, entry in self.rows:
            pygame.draw.rect(surface, (40, 44, 48), (self.x0, y, self.width, ROW_H - 8), border_radius=6)
            thumb = thumbnail(entry.layout, self.thumbs)
            if thumb is not None:
                surface.blit(thumb, (self.x0 + 8, y + 1))
            x = self.x0 + THUMB[0] + 20
            room = self.text_right.get(entry.path, self.x0 + self.width - BUTTONS_W - 10) - x
            name = tr("load.unknown_field") if entry.field == "unknown field" else entry.field
            theme.blit_text(surface, text_fit.cut(name or entry.path.name, 18, room), (x, y + 8), 18,
                            theme.TEXT, True)
            if entry.problem:
                problem = text_fit.cut(tr("load.cannot_open", problem=problem_words(entry)), 14, room)
                theme.blit_text(surface, problem, (x, y + 34), 14, theme.TEXT_WARN)
            else:
                progress = text_fit.cut(_progress(entry), 15, room)
                theme.blit_text(surface, progress, (x, y + 34), 15, theme.TEXT)
            if not entry.problem and entry.game == game_choice.KINDS[game_choice.PAINTCHECK_GAME].format:
                theme.blit_text(surface, text_fit.cut(coaches_words(entry), 13, room), (x, y + 54), 13,
                                theme.TEXT)
            saved = tr("load.saved", when=i18n.date_time(entry.modified), file=entry.path.name)
            below = y + 71 if not entry.problem else y + 58
            theme.blit_text(surface, text_fit.cut(saved, 13, room), (x, below), 13, theme.TEXT_DIM)
        self.app.draw_message(surface, (w // 2, h - 100))


def problem_words(entry: saves.SavedMatch) -> str | None:
    """Why a save cannot be opened, in the window's language (the reason is a ``Said``: the file's,
    ``rules.file.*``, or the save's, ``rules.codec.*``)."""
    return None if entry.problem is None else printable(i18n.say(entry.problem))


def coaches_words(entry: saves.SavedMatch) -> str:
    """Who coached each side: a person, or the computer at its strength ("Blue: a person · White: the
    computer (normal)"); a strength the window does not know is shown as the file names it."""
    computer = dict(entry.coaches)

    def coach(team: str) -> str:
        kind = computer.get(team)
        if kind is None:
            return tr("load.coach.person")
        strength = tr(f"match.computer.kind.{kind}") if kind in COACH_KINDS else kind
        return tr("load.coach.computer", kind=strength)

    return tr("load.coaches", blue=coach("blue"), white=coach("white"))


def _progress(entry: saves.SavedMatch) -> str:
    """Where the match stands: its turn (or its result) and the players left on each side."""
    players = dict(entry.players)
    score = (tr("load.score", blue=players["blue"], white=players["white"])
             if {"blue", "white"} <= players.keys() else "")
    if entry.winner:
        head = tr("load.draw") if entry.winner == "draw" else tr(f"load.won.{entry.winner}")
        return tr("load.over_score", result=head, score=score) if score else tr("load.over", result=head)
    turn = (tr("load.the_break") if entry.turn == 1
            else (tr("load.turn", turn=entry.turn) if entry.turn else tr("load.turn_unknown")))
    return tr("load.progress", turn=turn, score=score) if score else turn
