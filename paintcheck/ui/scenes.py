"""The simple scenes: title, hand-over between coaches, result, how to play.

Every scene has ``enter(persist)`` / ``exit()``, ``handle_event``, ``update(dt)``, ``draw(surface)``
and ``resize(size)``; the ``App`` owns the loop and switches scenes by name.
"""

from __future__ import annotations

import html
import re

import pygame
from pygame_gui.elements import UITextBox

from paintcheck.ui import saves, theme
from paintcheck.ui.widgets import Controls


class Scene:
    name = "scene"

    def __init__(self, app) -> None:
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

    def animating(self) -> bool:
        """Something on screen moves by itself (the loop keeps drawing)."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)


def _centre_column(size, width=520):
    w, h = size
    return (w - width) // 2, width


class TitleScene(Scene):
    name = "title"

    def layout(self, size) -> None:
        x, width = _centre_column(size, 360)
        y = size[1] // 2 - 40
        c = self.controls
        c.start(x, y, width)
        c.row_height = 40
        c.add("new", "New match (two coaches, one mouse)", self.app.choose_field, primary=True,
              width=width)
        c.newline()
        last = saves.latest()
        c.add("resume", "Continue the last match", lambda: self.app.resume_match(),
              None if last else "no saved match yet", width=width,
              hint=f"{last.field}, turn {last.turn}, saved {last.when}" if last else None)
        c.newline()
        c.add("load", "Load a match…", lambda: self.app.switch("load"),
              None if saves.list_saves() else "no saved match yet", width=width)
        c.newline()
        c.add("design", "Design a field", lambda: self.app.open_designer(), width=width)
        c.newline()
        c.add("learn", "Learn the instruments", lambda: self.app.switch("range"), width=width,
              hint="the practice range: every modifier drawn with its rule, the odds, lessons")
        c.newline()
        c.add("help", "How to play", lambda: self.app.show_help(), width=width)
        c.newline()
        c.add("quit", "Quit", lambda: self.app.quit(), width=width)

    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        w, h = surface.get_size()
        theme.blit_text(surface, "Paintcheck Digital", (w // 2, h // 2 - 170), 44, theme.TEXT, True,
                        anchor="center")
        theme.blit_text(surface, "tournament paintball on a field of points — from the break, hot-seat",
                        (w // 2, h // 2 - 120), 18, theme.TEXT_DIM, anchor="center")
        self.app.draw_message(surface, (w // 2, h // 2 + 190))


class HandOverScene(Scene):
    """Between two coaches while secret order tokens are on the table: nothing secret is drawn."""

    name = "handover"

    def enter(self, persist: dict) -> None:
        self.team = persist["team"]
        self.why = persist.get("why", "")
        self.secret = persist.get("secret", "order tokens")
        super().enter(persist)

    def layout(self, size) -> None:
        x, width = _centre_column(size, 420)
        c = self.controls
        c.start(x, size[1] // 2 + 30, width)
        c.row_height = 48
        name = theme.TEAM_NAME[self.team]
        c.add("ready", f"I am the {name} coach: show my table", self.ready, primary=True, width=width)

    def ready(self) -> None:
        self.app.holder.handed_to(self.team)
        self.app.switch("match", viewer=self.team)

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
        theme.blit_text(surface, f"Hand the mouse to the {theme.TEAM_NAME[self.team]} coach",
                        (w // 2, h // 2 - 100), 30, theme.TEXT, True, anchor="center")
        theme.blit_text(surface, f"Secret {self.secret} will show: the other coach looks away.",
                        (w // 2, h // 2 - 55), 17, theme.TEXT_DIM, anchor="center")
        if self.why:
            theme.blit_text(surface, self.why, (w // 2, h // 2 - 20), 17, theme.TEXT, anchor="center")


class ResultScene(Scene):
    name = "result"

    def enter(self, persist: dict) -> None:
        self.winner = persist.get("winner", "draw")
        self.reason = persist.get("reason", "")
        super().enter(persist)

    def layout(self, size) -> None:
        x, width = _centre_column(size, 300)
        c = self.controls
        c.start(x, size[1] // 2 + 60, width)
        c.row_height = 40
        c.add("again", "New match", self.app.choose_field, primary=True, width=width)
        c.newline()
        c.add("title", "Back to the title", lambda: self.app.switch("title"), width=width)

    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        w, h = surface.get_size()
        if self.winner == "draw":
            title, colour = "Draw", theme.TEXT
        else:
            title, colour = f"{theme.TEAM_NAME[self.winner]} wins", theme.TEAM[self.winner]
            if self.winner == "blue":
                colour = (110, 160, 255)
        theme.blit_text(surface, title, (w // 2, h // 2 - 80), 52, colour, True, anchor="center")
        theme.blit_text(surface, self.reason, (w // 2, h // 2 - 20), 20, theme.TEXT, anchor="center")


def markdown_to_html(text: str) -> str:
    """The small Markdown of docs/how-to-play.md as pygame_gui's HTML subset."""
    out = []
    for line in text.splitlines():
        s = html.escape(line.rstrip())
        s = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", s)
        s = re.sub(r"`(.+?)`", r"<i>\1</i>", s)
        if s.startswith("# "):
            out.append(f"<font size=6><b>{s[2:]}</b></font>")
        elif s.startswith("## "):
            out.append(f"<br><font size=5><b>{s[3:]}</b></font>")
        elif s.startswith("- "):
            out.append("• " + s[2:])
        else:
            out.append(s)
    return "<br>".join(out)


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
        try:
            text = theme.HOW_TO_PLAY.read_text(encoding="utf-8")
        except OSError:
            text = "# How to play\n\nThe page docs/how-to-play.md is missing."
        width = min(900, w - 40)
        self.box = UITextBox(markdown_to_html(text), pygame.Rect((w - width) // 2, 20, width, h - 90),
                             self.app.manager)
        c = self.controls
        c.start((w - 200) // 2, h - 58, 200)
        c.row_height = 40
        c.add("back", "Back", lambda: self.app.switch(self.back_to, **self.back_persist), primary=True,
              width=200)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.switch(self.back_to, **self.back_persist)
            return
        super().handle_event(event)

