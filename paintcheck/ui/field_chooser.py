"""New match: the fields to play on, each with its thumbnail, name, size and where it comes from.

The shipped layouts and the user's own (the ``layouts`` folder beside the saves); the field of
``play --layout`` (or the default field) comes first and is chosen by Enter. A layout that does not
load is listed greyed with its one-line problem. Choosing a field starts the match on it
(``App.new_match``). The list itself is ``ui.saves.list_fields`` (no pygame); the look and the
thumbnails are the saved matches' (``ui.load_scene``). Its words come from the catalogue
(``i18n.tr``, keys ``fields.*``).
"""

from __future__ import annotations

import pygame

from paintcheck.printable import printable
from paintcheck.said import Said
from paintcheck.ui import i18n, saves, text_fit, theme
from paintcheck.ui.coach_choice import add_coach_buttons, draw_captions
from paintcheck.ui.i18n import tr
from paintcheck.ui.load_scene import ROW_H, THUMB, thumbnail
from paintcheck.ui.paging import add_page_buttons, pages_of
from paintcheck.ui.scenes import Scene

TOP = 104  # the first row of fields
COACH_TOP = 96  # the coaches' row (New match): the fields start under it
FIELDS_GAP = 10  # between the coaches' rows and the first field
BOTTOM = 112  # room under the fields: the message and the page's buttons
GAP = 16  # between the two columns
PLAY_W = 110
STUDY_W = 80
PRESELECTED_EDGE = (128, 224, 160)
FLAGS = ("centre", "double")  # the flag formats the catalogue names (fields.flag.*)


class FieldChooserScene(Scene):
    name = "fields"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.thumbs: dict = {}
        self.checked: dict = {}  # files already read, by path and modification
        self.entries: list[saves.FieldChoice] = []
        self.page = 0
        self.rows: list[tuple[pygame.Rect, saves.FieldChoice]] = []
        self.pointer = (-1, -1)  # where the mouse last moved: a greyed field's whole problem shows
        self.coach_captions: list = []
        self.coaches_bottom = TOP + 42 - FIELDS_GAP  # under the coaches' rows, as last laid out

    def enter(self, persist: dict) -> None:
        try:  # the folder the window names exists, so that a coach can put his layouts there
            saves.user_layouts_dir().mkdir(parents=True, exist_ok=True)
        except OSError:
            pass
        self.purpose = persist.get("purpose", "play")  # or "design" (the designer), "range" (the range),
        #                                                "host" (a networked match's field)
        self.entries = saves.list_fields(self.app.layout_path, self.checked)
        self.page = 0
        self.pointer = (-1, -1)
        super().enter(persist)

    @property
    def top(self) -> int:
        """Where the first row of fields is: under the coaches' rows when a match is to be played (a
        row each in a narrow window)."""
        return max(TOP + 42, self.coaches_bottom + FIELDS_GAP) if self.purpose == "play" else TOP

    def grid(self, size) -> tuple[int, int, int]:
        """Columns, rows of a page and the width of a column for a window of ``size``."""
        w, h = size
        columns = 2 if w >= 1100 else 1
        width = min(680, (w - 48 - GAP * (columns - 1)) // columns)
        return columns, max(1, (h - self.top - BOTTOM) // ROW_H), width

    def per_page(self, size) -> int:
        columns, rows, _ = self.grid(size)
        return columns * rows

    def layout(self, size) -> None:
        w, h = size
        c = self.controls
        c.clear()
        columns, _, width = self.grid(size)
        self.x0 = (w - columns * width - (columns - 1) * GAP) // 2
        self.width = columns * width + (columns - 1) * GAP
        if self.purpose == "play":
            self.coach_buttons(c)  # first: the fields start under them
        n = self.per_page(size)
        self.pages = pages_of(len(self.entries), n)
        self.page = min(self.page, self.pages - 1)
        self.rows = []
        for i, entry in enumerate(self.entries[self.page * n:(self.page + 1) * n]):
            rect = pygame.Rect(self.x0 + (i % columns) * (width + GAP), self.top + (i // columns) * ROW_H,
                               width, ROW_H - 8)
            self.rows.append((rect, entry))
            c.row_height = 34
            design = self.purpose not in ("play", "host")
            problem = None if entry.problem is None else i18n.say(entry.problem)
            c.at(rect.right - PLAY_W - STUDY_W - 20, rect.y + 27, STUDY_W + PLAY_W + 6)
            c.add(f"study-{entry.key}", tr("fields.study"), lambda e=entry: self.app.study_field(e.path),
                  None if problem is None else tr("fields.cannot_study", problem=problem),
                  width=STUDY_W, hint=tr("fields.study_hint"))
            c.add(f"{'design' if design else 'play'}-{entry.key}",
                  tr("common.open") if design else tr("fields.play"), lambda e=entry: self.choose(e),
                  None if problem is None else
                  tr("fields.cannot_open" if design else "fields.cannot_play", problem=problem),
                  primary=True, width=PLAY_W)
        c.at(self.x0, h - 64, self.width)
        c.row_height = 38
        add_page_buttons(c, self.page, self.pages, self.turn_page, width=110)
        c.add("back", tr("common.back_title"), self.back, width=200)

    def coach_buttons(self, c) -> None:
        """Who coaches each team: a person, or the computer at a strength (``App.coaches``)."""
        c.at(self.x0, COACH_TOP, self.width)
        c.row_height = 32
        self.coach_captions = add_coach_buttons(c, self.app, lambda: self.layout(self.app.size))
        self.coaches_bottom = c.bottom

    def help_persist(self) -> dict:
        return {"purpose": self.purpose}

    # -- actions ------------------------------------------------------------------------------------
    def choose(self, entry: saves.FieldChoice) -> None:
        if self.purpose == "design":
            self.app.open_designer(entry.path)
        elif self.purpose == "range":
            self.app.switch("range", path=entry.path)
        elif self.purpose == "host":  # a networked match: the host waits for the other coach on it
            self.app.switch("net-host", path=entry.path)
        else:
            self.app.new_match(entry.path)

    def back(self) -> None:
        self.app.switch({"design": "designer", "range": "range", "host": "net"}.get(self.purpose, "title"))

    def turn_page(self, step: int) -> None:
        self.page += step
        self.layout(self.app.size)

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            first = next((e for e in self.entries if e.preselected and e.problem is None), None)
            if first is not None:
                self.choose(first)
                return
        super().handle_event(event)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        w, h = surface.get_size()
        theme.blit_text(surface, tr("fields.title"), (w // 2, 40), 30, theme.TEXT, True, anchor="center")
        folder = printable(str(saves.user_layouts_dir()))
        own = text_fit.cut(tr("fields.own", folder=folder), 14, w - 80)
        theme.blit_text(surface, own, (w // 2, 74), 14, theme.TEXT_DIM, anchor="center")
        if self.purpose == "play":
            draw_captions(surface, self.coach_captions)
        for rect, entry in self.rows:
            self.draw_entry(surface, rect, entry)
        if self.pages > 1:
            theme.blit_text(surface, tr("common.page", page=self.page + 1, pages=self.pages),
                            (self.x0 + self.width, h - 45), 14, theme.TEXT_DIM, anchor="midright")
        refused = next((e for r, e in self.rows if e.problem is not None and r.collidepoint(self.pointer)),
                       None)
        if refused is not None:  # a greyed button shows no tooltip: its whole reason is printed here
            y = h - 104
            words = tr("fields.named_cannot_play", name=refused.name, problem=i18n.say(refused.problem))
            for line in theme.wrap(words, 14, self.width)[:2]:
                theme.blit_text(surface, line, (w // 2, y), 14, theme.TEXT_WARN, anchor="center")
                y += 18
        else:
            self.app.draw_message(surface, (w // 2, h - 100))

    def draw_entry(self, surface, rect: pygame.Rect, entry: saves.FieldChoice) -> None:
        pygame.draw.rect(surface, (40, 44, 48), rect, border_radius=6)
        if entry.preselected:
            pygame.draw.rect(surface, PRESELECTED_EDGE, rect, width=2, border_radius=6)
        thumb = thumbnail(entry.layout, self.thumbs)
        if thumb is not None:
            surface.blit(thumb, (rect.x + 8, rect.y + 1))
        else:  # no field to draw
            box = pygame.Rect(rect.x + 8, rect.y + 1, *THUMB)
            pygame.draw.rect(surface, (30, 33, 36), box)
            pygame.draw.rect(surface, theme.PANEL_LINE, box, width=1)
            theme.blit_text(surface, "?", box.center, 30, theme.TEXT_WARN, True, anchor="center")
        x = rect.x + THUMB[0] + 20
        room = rect.right - PLAY_W - STUDY_W - 34 - x
        origin = tr(f"fields.origin.{entry.origin}")
        if entry.preselected and self.app.layout_path is not None and entry.origin != saves.GIVEN:
            origin += " · " + tr(f"fields.origin.{saves.GIVEN}")
        origin = text_fit.cut(f"{origin} · {entry.file}", 13, room)
        if entry.problem is not None:
            theme.blit_text(surface, text_fit.cut(entry.name, 18, room), (x, rect.y + 6), 18, theme.TEXT_DIM,
                            True)
            said: object = entry.problem  # the file is named below
            if isinstance(said, Said) and said.values.get("source") == entry.file:
                said = said.values["problem"]
            problem = i18n.say(said).removeprefix(f"{entry.file}: ")
            lines = theme.wrap(tr("fields.cannot_play", problem=problem), 13, room)
            if len(lines) > 2:
                lines = [lines[0], text_fit.cut(" ".join(lines[1:]), 13, room)]
            for i, line in enumerate(lines):
                theme.blit_text(surface, line, (x, rect.y + 31 + 16 * i), 13, theme.TEXT_WARN)
            theme.blit_text(surface, origin, (x, rect.y + 66), 13, theme.TEXT_DIM)
            return
        name = entry.shown_name(i18n.current())
        theme.blit_text(surface, text_fit.cut(name, 18, room), (x, rect.y + 8), 18, theme.TEXT, True)
        flag = tr(f"fields.flag.{entry.flag}") if entry.flag in FLAGS else entry.flag
        size = tr("fields.size", columns=entry.columns, rows=entry.rows_per_half)
        theme.blit_text(surface, text_fit.cut(f"{size} · {flag}", 14, room), (x, rect.y + 35), 14, theme.TEXT)
        theme.blit_text(surface, origin, (x, rect.y + 60), 13, theme.TEXT_DIM)
