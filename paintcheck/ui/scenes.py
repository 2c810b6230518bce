"""The simple scenes: title, hand-over between coaches, result, how to play.

Every word they show comes from the catalogue (``i18n.tr``); the title's language button switches
the window between English and French at once. Every scene has ``enter(persist)`` / ``exit()``,
``handle_event``, ``update(dt)``, ``draw(surface)`` and ``resize(size)``; the ``App`` owns the loop
and switches scenes by name.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextBox

from paintcheck import __version__, memory
from paintcheck.logs import log_path
from paintcheck.rules.state import DECLARE, DODGE, ORDERS, REACT, SHEETS, TARGET
from paintcheck.ui import (
    game_choice,
    i18n,
    match_story,
    net_saves,
    net_turn,
    saves,
    story_view,
    text_fit,
    theme,
)
from paintcheck.ui.event_words import words
from paintcheck.ui.i18n import tr
from paintcheck.ui.markdown_html import markdown_to_html
from paintcheck.ui.unpourun.title_menu import GAME_ROW, game_switch, place_switch_tip, unpourun_menu
from paintcheck.ui.widgets import Controls

if TYPE_CHECKING:
    from paintcheck.ui.app import App


class Scene:
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.controls = Controls(app.manager)

    def enter(self, persist: dict) -> None:
        self.layout(self.app.size)

    def exit(self) -> None:
        self.controls.clear()

    def layout(self, size) -> None:
        """(Re)build the widgets for a window of ``size``."""

    def resize(self, size) -> None:
        self.layout(size)

    def handle_event(self, event) -> None:
        self.controls.handle(event)

    def show_help(self) -> None:
        """How to play (F1 on every screen); its *Back* comes back here (``help_persist``)."""
        self.app.show_help(back=self.name, back_persist=self.help_persist())

    def help_persist(self) -> dict:
        """What ``enter`` needs to show this screen again as it was, back from How to play."""
        return {}

    def animating(self) -> bool:
        """Something on screen moves by itself (the loop keeps drawing)."""
        return False

    def update(self, dt: float) -> None:
        pass

    def after_frame(self) -> None:
        """Work that waits until the frame is drawn (``App.step``, after the flip): nothing here."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)


LANGUAGE_W = 130  # the title's language button


def _centre_column(size, width=520):
    w, h = size
    return (w - width) // 2, width


class TitleScene(Scene):
    name = "title"

    def layout(self, size) -> None:
        x, width = _centre_column(size, 360)
        y = size[1] // 2 - 64  # eight rows: the last one and a flashed line stay in a 720-high window
        c = self.controls
        c.start(x, y - GAME_ROW, width)
        game_switch(self.app, c, width)  # Paintcheck / Un pour un, above the menu
        c.at(x, y, width)
        c.row_height = 40
        if self.app.game == game_choice.UNPOURUN_GAME:
            self.message_top = unpourun_menu(self.app, c, width) + 22
            self.language_button(size)
            return
        c.add("new", tr("title.new_match"), self.app.choose_field, primary=True, width=width)
        c.newline()
        last = saves.latest()
        networked = net_saves.unfinished(after=last.modified if last else 0.0)
        if networked is not None:  # a networked match saved since: Continue resumes it, on both machines
            c.add("resume", tr("title.resume"), lambda: self.resume_networked(networked), width=width,
                  hint=tr("net.match.resume_hint"))
        else:
            c.add("resume", tr("title.resume"), lambda: self.app.resume_match(),
                  None if last else tr("title.no_save"), width=width,
                  hint=tr("title.resume_hint", field=last.field, turn=last.turn if last.turn else "?",
                          when=i18n.date_time(last.modified)) if last else None)
        c.newline()
        c.add("load", tr("title.load"), lambda: self.app.switch("load"),
              None if game_choice.saves_of(self.app.game) else tr("title.no_save"), width=width)
        c.newline()
        c.add("network", tr("title.network"), lambda: self.app.switch("net"), width=width,
              hint=tr("title.network_hint"))
        c.newline()
        c.add("design", tr("title.design"), lambda: self.app.open_designer(), width=width)
        c.newline()
        c.add("learn", tr("title.learn"), lambda: self.app.switch("range"), width=width,
              hint=tr("title.learn_hint"))
        c.newline()
        c.add("help", tr("title.help"), lambda: self.app.show_help(), width=width)
        c.newline()
        c.add("quit", tr("title.quit"), lambda: self.app.quit(), width=width)
        self.message_top = c.bottom + 22  # a line flashed here goes under the buttons, never over them
        self.language_button(size)

    def update(self, dt: float) -> None:
        place_switch_tip(self.controls, self.app.size[0])  # beside the switch, not over New match

    def language_button(self, size) -> None:
        """The other language, named in its own words, in the top right corner."""
        c = self.controls
        c.at(size[0] - LANGUAGE_W - 20, 20, LANGUAGE_W)
        c.add("language", tr("title.language"), self.switch_language, width=LANGUAGE_W,
              hint=tr("title.language_hint"))

    def resume_networked(self, found: tuple[Path, net_saves.LinkInfo]) -> None:
        """*Continue* on the networked match ``found`` (its save and its link)."""
        net_turn.resume(self.app, *found)

    def switch_language(self) -> None:
        """English ⇄ French, at once and remembered."""
        other = next(loc for loc in i18n.LOCALES if loc != self.app.language)
        self.app.set_language(other)

    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        w, h = surface.get_size()
        upu = self.app.game == game_choice.UNPOURUN_GAME
        theme.blit_text(surface, tr("upu_builder.title.name" if upu else "app.name"), (w // 2, h // 2 - 190),
                        44, theme.TEXT, True, anchor="center")
        theme.blit_text(surface, tr("upu_builder.title.tagline" if upu else "title.tagline"),
                        (w // 2, h // 2 - 140), 18, theme.TEXT_DIM, anchor="center")
        self.app.draw_message(surface, (w // 2, self.message_top))
        # the version, and the log: a file to send when something goes wrong
        about = tr("title.about", version=__version__, path=str(log_path()))
        theme.blit_text(surface, text_fit.cut(about, 12, w - 24), (w // 2, h - 16), 12, theme.TEXT_DIM,
                        anchor="center")


class HandOverScene(Scene):
    """Between two coaches while secret order tokens are on the table: nothing secret is drawn.
    Its words are chosen from the match's phase (the match passes its English ones too)."""

    name = "handover"
    NEXT: dict[str | None, str] = {ORDERS: "orders", DECLARE: "declare", REACT: "react", DODGE: "dodge",
                                   SHEETS: "sheets", TARGET: "target"}

    def enter(self, persist: dict) -> None:
        self.team = persist["team"]
        self.told_why = bool(persist.get("why"))
        super().enter(persist)

    def phase(self) -> str | None:
        session = self.app.session
        return None if session is None else session.state.phase

    @property
    def why(self) -> str:
        """Who decides next and what (none when the match said nothing)."""
        if not self.told_why:
            return ""
        coach = tr(f"handover.coach.{self.team}")
        return tr(f"handover.next.{self.NEXT.get(self.phase(), 'other')}", coach=coach)

    @property
    def secret(self) -> str:
        """What secret will show, as a sentence."""
        return tr("handover.secret.sheets" if self.phase() == SHEETS else "handover.secret.orders")

    def layout(self, size) -> None:
        x, width = _centre_column(size, 420)
        c = self.controls
        c.start(x, size[1] // 2 + 30, width)
        c.row_height = 48
        c.add("ready", tr(f"handover.ready.{self.team}"), self.ready, primary=True, width=width)
        c.newline(14)
        c.row_height = 36
        c.add("title", tr("common.back_title"), lambda: self.app.switch("title"), width=width)

    def help_persist(self) -> dict:
        return {"team": self.team, "why": self.told_why}

    def ready(self) -> None:
        self.app.holder.handed_to(self.team)
        self.app.switch("match", viewer=self.team, handed=True)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.ready()
            return
        super().handle_event(event)

    def draw(self, surface) -> None:
        surface.fill((16, 18, 20))
        w, h = surface.get_size()
        colour = theme.TEAM[self.team]
        pygame.draw.rect(surface, colour, (w // 2 - 260, h // 2 - 150, 520, 8))
        theme.blit_text(surface, tr(f"handover.title.{self.team}"), (w // 2, h // 2 - 100), 30, theme.TEXT,
                        True, anchor="center")
        theme.blit_text(surface, self.secret, (w // 2, h // 2 - 55), 17, theme.TEXT_DIM, anchor="center")
        why = self.why
        if why:
            theme.blit_text(surface, why, (w // 2, h // 2 - 20), 17, theme.TEXT, anchor="center")


class ResultScene(Scene):
    """Who won and why, then the match's story (``match_story``, from its events): the players' shots
    fired and hit, who was eliminated in which turn, what became of the flags."""

    name = "result"

    def enter(self, persist: dict) -> None:
        self.winner = persist.get("winner", "draw")
        self.reason = persist.get("reason", "")
        session = self.app.session
        self.story = None
        if session is not None:
            first = session.table.start_of(session.record).turn
            teams = {pid: p.team for pid, p in session.state.players.items()}
            self.story = match_story.story(session.events, teams, first)
        super().enter(persist)
        memory.give_back()  # the match is over, nothing moves: its garbage collected, given back

    def help_persist(self) -> dict:
        return {"winner": self.winner, "reason": self.reason}

    def layout(self, size) -> None:
        w, h = size
        width = 240
        c = self.controls
        c.start((w - 3 * width - 16) // 2, h - 84, 3 * width + 16)
        c.row_height = 40
        c.add("again", tr("result.new_match"), self.app.choose_field, primary=True, width=width)
        none = None if self.app.session else tr("app.no_save")
        c.add("review", tr("review_window.open"), self.review, none, width=width,
              hint=tr("review_window.open_hint"))
        c.add("title", tr("common.back_title"), lambda: self.app.switch("title"), width=width)

    def review(self) -> None:
        """The match just ended, reviewed (``review_scene``); its *Back* comes back here."""
        self.app.switch("review", session=self.app.session, back="result", back_persist=self.help_persist())

    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        w, h = surface.get_size()
        if self.winner == "draw":
            title, colour = tr("result.draw"), theme.TEXT
        else:
            title, colour = tr(f"result.wins.{self.winner}"), theme.TEAM[self.winner]
            if self.winner == "blue":
                colour = (110, 160, 255)
        theme.blit_text(surface, title, (w // 2, 58), 48, colour, True, anchor="center")
        theme.blit_text(surface, end_reason_words(self.reason), (w // 2, 108), 20, theme.TEXT,
                        anchor="center")
        if self.story is not None:
            story_view.draw_story(surface, self.story, pygame.Rect(40, 150, w - 80, h - 250))


def end_reason_words(reason: str) -> str:
    """The engine's end-of-match reason (a ``Said``, ``rules.end.*``) in the window's language, its
    numbers and the player's id kept."""
    return words(reason) if reason else reason


def how_to_play_text(language: str, game: str = game_choice.PAINTCHECK_GAME) -> str:
    """docs/how-to-play.md, or its French twin docs/how-to-play.fr.md (Un pour un's page when that
    game is chosen on the title: ``game_choice.how_to_play_page``)."""
    page: Path = (game_choice.how_to_play_page(game, language)
                  or theme.HOW_TO_PLAY_BY_LANGUAGE.get(language, theme.HOW_TO_PLAY))
    try:
        return page.read_text(encoding="utf-8")
    except OSError:
        return tr("help.missing", page=f"docs/{page.name}")


class HelpScene(Scene):
    name = "help"

    def enter(self, persist: dict) -> None:
        self.back_to = persist.get("back", "title")
        self.back_persist = persist.get("back_persist", {})
        self.box = None
        super().enter(persist)

    def exit(self) -> None:
        if self.box is not None:
            self.box.kill()
            self.box = None
        super().exit()

    def layout(self, size) -> None:
        w, h = size
        if self.box is not None:
            self.box.kill()
        text = how_to_play_text(self.app.language, self.app.game)
        width = min(900, w - 40)
        self.box = UITextBox(markdown_to_html(text), pygame.Rect((w - width) // 2, 20, width, h - 90),
                             self.app.manager)
        c = self.controls
        c.start((w - 200) // 2, h - 58, 200)
        c.row_height = 40
        c.add("back", tr("common.back"), lambda: self.app.switch(self.back_to, **self.back_persist),
              primary=True, width=200)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.switch(self.back_to, **self.back_persist)
            return
        super().handle_event(event)

