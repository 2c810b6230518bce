"""The band builder (scene ``upu_builder``, issue 31 item 2): buy figures (chef, sous-chef,
sous-fifre), arm and equip each from the tables, races as an option, against the points limit.

Left: the band's figures (click one to equip it), what to buy, the race and the match options the
band is checked against. Middle: the chosen figure's melee weapon, ranged weapons and equipment, each
button with what it costs this figure (the free first dague shows as free), or the band files to open.
Right: the running cost against the limit, the figure's effective values (``bands.stats``), what
keeps the band from playing and the last refusal, each in the engine's own words
(``unpourun_rules.band.*``) with how to fix it (``upu_builder.fix.*``). The rules are the model's
(``builder_model``: the engine's); this file only lays out and draws.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from paintcheck.printable import printable
from paintcheck.said import Said
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.i18n import tr
from paintcheck.ui.scenes import Scene
from paintcheck.ui.text_entry import close_entry
from paintcheck.ui.unpourun.builder_model import POINTS_STEP, RACES, BandDraft, inner
from paintcheck.unpourun import band_file
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import BandSpec, FigureSpec

if TYPE_CHECKING:
    from paintcheck.ui.app import App

log = logging.getLogger(__name__)

P = ParamSpec("P")
Colour = tuple[int, int, int]

NS = "upu_builder"
ROW = 28
GAP = 4
TOP = 64  # under the header's row
FIGURE_VALUES_BOTTOM = 210  # the right panel's cost, file and figure's values, from its top
LEFT_BELOW_FIGURES = 330  # the left column under the figures: buy, remove, options
MESSAGE_ROOM = 90  # the right panel's foot: a line flashed (saved, cannot save, unsaved changes)
STATS = ("mvt", "cd", "ct", "ccc", "f", "r", "pv", "pa")


_GROUPS = {"melee": "weapon.melee", "ranged": "weapon.ranged"}


def name_of(group: str, name: str) -> str:
    """A name of the tables as the window shows it (``upu_builder.<group>.<name>``; weapons under
    ``weapon.melee`` / ``weapon.ranged``); no name: no race."""
    return tr(f"{NS}.{_GROUPS.get(group, group)}.{name}") if name else tr(f"{NS}.race.none")


_NAMED = {"item": "item", "race": "race", "trade": "trade", "weapon": None, "kind": "kind"}


def words(problem: Said) -> str:
    """The engine's reason in the window's language (its catalogue key filled), the tables' names in
    it worded too and a reason inside it (a figure's) worded the same way."""
    values: dict[str, object] = {}
    for key, value in problem.values.items():
        group = _NAMED.get(key, "")
        if isinstance(value, Said):
            value = words(value)
        elif isinstance(value, str) and value and group != "":
            group = group or ("melee" if value in t.MELEE else "ranged")
            try:
                value = name_of(group, value)
            except i18n.CatalogueError:
                pass  # a name no table has (a file's misspelling): shown as written
        values[key] = value
    return tr(problem.key, None, **values)


def fix_words(problem: Said) -> str:
    """How to fix ``problem`` (``upu_builder.fix.<key>``)."""
    key = inner(problem).key.rsplit(".", 1)[-1]
    return tr(f"{NS}.fix.{key}")


class BuilderScene(Scene):
    name = "upu_builder"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.draft = BandDraft(BandSpec("", ()))
        self.entry: UITextEntryLine | None = None
        self.browsing = False  # the middle column lists the band files to open
        self.listed: list[tuple[Path, BandSpec | band_file.BandFileError]] = []
        self.leaving: str | None = None  # the action asked again before unsaved changes are left
        self.first = 0  # the first figure the list shows

    # -- the scene's life -------------------------------------------------------------------------------
    def enter(self, persist: dict[str, object]) -> None:
        path = persist.get("path")
        if isinstance(path, Path):
            self.open_file(path, relayout=False)
        elif persist.get("new", True) or not self.draft.band.name:
            self.draft = BandDraft(BandSpec(tr(f"{NS}.new_name"), ()))
        self.browsing = False
        self.leaving = None
        super().enter(persist)

    def exit(self) -> None:
        self._close_entry()
        super().exit()

    def _close_entry(self) -> None:
        close_entry(self.entry)
        self.entry = None

    def help_persist(self) -> dict[str, object]:
        return {"new": False}

    # -- layout -------------------------------------------------------------------------------------
    def columns(self, size: tuple[int, int], top: int = TOP) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The left column from ``TOP``; the middle and right ones from ``top`` (under the header's
        buttons, two rows of them in a narrow window)."""
        w, h = size
        left = pygame.Rect(20, TOP, 340, h - TOP - 20)
        right_w = max(330, (w - 400) // 3)
        right = pygame.Rect(w - 20 - right_w, top, right_w, h - top - 20)
        middle = pygame.Rect(left.right + 20, top, right.left - left.right - 40, h - top - 20)
        return left, middle, right

    def layout(self, size: tuple[int, int]) -> None:
        w, _h = size
        c = self.controls
        c.clear()
        d = self.draft
        # the header: the band's name, and its file's buttons
        self._close_entry()
        self.entry = UITextEntryLine(pygame.Rect(20, 16, 340, 32), self.app.manager,
                                     initial_text=d.band.name)
        self.entry.set_text_length_limit(band_file.MAX_NAME)
        c.row_height = 32
        left = self.columns(size)[0]
        c.at(left.right + 20, 16, w - left.right - 40)
        for key, action in (("new", self.new), ("open", self.browse), ("save", self.save),
                            ("save_as", self.save_as), ("back", self.back)):
            c.add(key, tr(f"{NS}.{key}"), action, primary=key == "save",
                  danger=self.leaving is not None and key == self.leaving)
        self.left, self.middle, self.right = self.columns(size, max(TOP, c.bottom + 16))
        c.row_height = ROW
        self.headers: list[tuple[str, tuple[int, int]]] = []
        self._left_column()
        if self.browsing:
            self._files_column()
        else:
            self._figure_column()
        self._figure_panel()

    def _header(self, key: str, x: int, y: int, into: list[tuple[str, tuple[int, int]]] | None = None) -> int:
        (self.headers if into is None else into).append((tr(f"{NS}.{key}"), (x, y)))
        return y + 22

    def _left_column(self) -> None:
        c, d, box = self.controls, self.draft, self.left
        y = self._header("figures", box.x, box.y)
        c.at(box.x, y, box.w)
        shown = max(3, (box.bottom - y - LEFT_BELOW_FIGURES) // (ROW + 2))
        count = len(d.band.figures)
        if d.selected is not None and not self.first <= d.selected < self.first + shown:
            self.first = d.selected if d.selected < self.first else d.selected - shown + 1
        self.first = max(0, min(self.first, count - shown))
        for i in range(self.first, min(count, self.first + shown)):
            spec = d.band.figures[i]
            label = text_fit.cut(tr(f"{NS}.figure_row", number=i + 1, kind=name_of("kind", spec.kind),
                                    gear=self._gear(spec), cost=d.figure_cost(i)), 14, box.w - 20)
            c.add(f"figure-{i}", label, partial(self.select, i), chosen=i == d.selected, width=box.w)
            c.newline(2)
        if count > shown:  # a long band: its list a page at a time
            half = (box.w - 6) // 2
            c.add("figures-up", tr("common.previous"), lambda: self.scroll(-shown),
                  None if self.first else tr("common.first_page"), width=half)
            c.add("figures-down", tr("common.next"), lambda: self.scroll(shown),
                  None if self.first + shown < count else tr("common.last_page"), width=half)
            c.newline(2)
        y = c.bottom + 10
        y = self._header("buy", box.x, y)
        c.at(box.x, y, box.w)
        for kind in t.KINDS:
            price = t.PROFILES[kind].cost
            c.add(f"buy-{kind}", tr(f"{NS}.price", name=name_of("kind", kind), cost=price),
                  partial(self.act, d.add_figure, kind), width=(box.w - 12) // 3)
        c.newline()
        c.add("remove", tr(f"{NS}.remove"), lambda: self.act(d.remove_figure),
              None if d.figure is not None else tr(f"{NS}.no_figure_chosen"), width=box.w, danger=True)
        c.newline()
        y = self._header("options", box.x, c.bottom + 10)
        c.at(box.x, y, box.w)
        c.add("races", tr(f"{NS}.races_on" if d.options.races else f"{NS}.races_off"),
              lambda: self.act(d.set_races, not d.options.races), chosen=d.options.races, width=box.w,
              hint=tr(f"{NS}.races_hint"))
        c.newline()
        if d.options.races or d.band.race:
            for race in RACES:
                c.add(f"race-{race or 'none'}", name_of("race", race), partial(self.act, d.set_race, race),
                      chosen=d.band.race == race)
            c.newline()
        c.add("modern", tr(f"{NS}.modern_on" if d.options.modern else f"{NS}.modern_off"),
              lambda: self.act(d.set_modern, not d.options.modern), chosen=d.options.modern, width=box.w,
              hint=tr(f"{NS}.modern_hint"))
        c.newline()
        c.add("points-less", tr(f"{NS}.points_less"), lambda: self.act(d.change_points, -POINTS_STEP),
              width=60)
        c.label_space(box.w - 2 * 60 - 12)
        self.points_label = (box.x + box.w // 2, c.y + ROW // 2)
        c.add("points-more", tr(f"{NS}.points_more"), lambda: self.act(d.change_points, POINTS_STEP),
              width=60)
        c.newline()

    def _gear(self, spec: FigureSpec) -> str:
        names = ([name_of("melee", spec.melee)] + [name_of("ranged", r) for r in spec.ranged]
                 + [name_of("item", e) for e in spec.equipment])
        return ", ".join(names)

    def _price_label(self, name: str, cost: int) -> str:
        return tr(f"{NS}.free", name=name) if cost == 0 else tr(f"{NS}.price", name=name, cost=cost)

    def _figure_column(self) -> None:
        c, d, box = self.controls, self.draft, self.middle
        spec = d.figure
        if spec is None:  # on as many lines as the column needs (a narrow window)
            for i, line in enumerate(theme.wrap(tr(f"{NS}.choose_figure"), 15, box.w, bold=True)):
                self.headers.append((line, (box.x, box.y + 20 * i)))
            return
        y = self._header("melee", box.x, box.y)
        c.at(box.x, y, box.w)
        for name in t.MELEE:
            cost = d.melee_price(name)
            hands = t.MELEE[name][0]
            c.add(f"melee-{name}", self._price_label(name_of("melee", name), cost),
                  partial(self.act, d.set_melee, name), chosen=name == spec.melee,
                  hint=tr(f"{NS}.hands_{hands}"))
        c.newline()
        y = self._header("ranged", box.x, c.bottom + 8)
        c.at(box.x, y, box.w)
        for name in t.RANGED:
            carried = name in spec.ranged
            if carried:
                c.add(f"ranged-{name}", tr(f"{NS}.carried", name=name_of("ranged", name)),
                      partial(self.act, d.remove_ranged, name), chosen=True, hint=tr(f"{NS}.take_off"))
            else:
                price = d.price(d.with_ranged(name))
                c.add(f"ranged-{name}", self._price_label(name_of("ranged", name), price),
                      partial(self.act, d.add_ranged, name))
        c.newline()
        y = self._header("equipment", box.x, c.bottom + 8)
        c.at(box.x, y, box.w)
        for name in t.EQUIPMENT:
            c.add(f"item-{name}", self._price_label(name_of("item", name), d.price(d.with_item(name))),
                  partial(self.act, d.add_item, name))
        c.newline()

    def _figure_panel(self) -> None:
        """The right panel's buttons: an alien's trade, and the equipment carried (click: one off).
        The words above them (cost, file, the figure's values) are drawn in the room left for them."""
        c, d, box = self.controls, self.draft, self.right
        self.right_text_top = box.y + FIGURE_VALUES_BOTTOM
        self.right_headers: list[tuple[str, tuple[int, int]]] = []
        spec = d.figure
        if spec is None:
            return
        x, width = box.x + 12, box.w - 24
        y = box.y + FIGURE_VALUES_BOTTOM
        if d.band.race == t.ALIEN:
            y = self._header("trade_head", x, y, self.right_headers)
            c.at(x, y, width)
            for trade in ("", *t.ALIEN_TRADES):
                label = name_of("trade", trade) if trade else tr(f"{NS}.trade_none")
                c.add(f"trade-{trade or 'none'}", label, partial(self.act, d.set_trade, trade),
                      chosen=spec.trade == trade)
            c.newline()
            y = c.bottom + 8
        if spec.equipment:
            y = self._header("carried_items", x, y, self.right_headers)
            c.at(x, y, width)
            for name in dict.fromkeys(spec.equipment):
                count = spec.equipment.count(name)
                c.add(f"drop-{name}", tr(f"{NS}.item_count", name=name_of("item", name), count=count),
                      partial(self.act, d.remove_item, name), chosen=True, hint=tr(f"{NS}.take_off"))
            c.newline()
            y = c.bottom + 8
        self.right_text_top = y

    def _files_column(self) -> None:
        c, box = self.controls, self.middle
        y = self._header("open_title", box.x, box.y)
        self.listed = band_file.list_bands()
        self.file_rows: list[tuple[int, str, str]] = []
        shipped = band_file.bands_dir().resolve()
        for i, (path, band) in enumerate(self.listed):
            where = tr(f"{NS}.shipped" if path.parent.resolve() == shipped else f"{NS}.yours")
            if isinstance(band, BandSpec):
                line = tr(f"{NS}.file_row", name=band.name, where=where, count=len(band.figures))
                reason = None
            else:
                line = tr(f"{NS}.file_row_bad", file=printable(path.name), where=where)
                reason = i18n.error_words(band)
            c.at(box.x, y, box.w)
            c.add(f"open-{i}", tr("common.open"), partial(self.open_file, path), reason, width=90)
            self.file_rows.append((y, line, reason or ""))
            y += ROW + (20 if reason else GAP) + 4
        c.at(box.x, y + 8, box.w)
        c.add("cancel", tr(f"{NS}.cancel"), self.stop_browsing, width=160)

    # -- actions ------------------------------------------------------------------------------------
    def act(self, change: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> None:
        """A change asked of the band (the model's): refused or made, the screen shows it."""
        self._take_name()
        change(*args, **kwargs)
        self.leaving = None
        self.layout(self.app.size)

    def scroll(self, step: int) -> None:
        """Show the previous or next page of figures, its first one chosen."""
        self.first = max(0, min(self.first + step, len(self.draft.band.figures) - 1))
        self.draft.selected = self.first if self.draft.band.figures else None
        self.draft.refusal = []
        self.layout(self.app.size)

    def select(self, index: int) -> None:
        self.draft.selected = index
        self.draft.refusal = []
        self.layout(self.app.size)

    def _take_name(self) -> None:
        if self.entry is not None:
            self.draft.set_name(self.entry.get_text())

    def _unsaved_asked(self, action: str) -> bool:
        """Unsaved changes: the first click says so, the second one leaves them."""
        self._take_name()
        if self.draft.dirty and self.leaving != action:
            self.leaving = action
            self.app.flash(tr(f"{NS}.unsaved"), error=True)
            self.layout(self.app.size)
            return True
        self.leaving = None
        return False

    def new(self) -> None:
        if self._unsaved_asked("new"):
            return
        self.app.message = None
        self.draft = BandDraft(BandSpec(tr(f"{NS}.new_name"), ()))
        self.browsing = False
        self.layout(self.app.size)

    def browse(self) -> None:
        if self._unsaved_asked("open"):
            return
        self.browsing = True
        self.layout(self.app.size)

    def stop_browsing(self) -> None:
        self.browsing = False
        self.layout(self.app.size)

    def open_file(self, path: Path, relayout: bool = True) -> None:
        try:
            self.draft = BandDraft.opened(path)
        except band_file.BandFileError as exc:
            self.app.flash(tr(f"{NS}.cannot_open", error=i18n.error_words(exc)), error=True)
        else:
            self.app.message = None
            self.browsing = False
        if relayout:
            self.layout(self.app.size)

    def save(self) -> None:
        self._write(self.draft.save)

    def save_as(self) -> None:
        self._write(self.draft.save_as)

    def _write(self, how: Callable[[], Path]) -> None:
        self._take_name()
        try:
            path = how()
        except band_file.BandFileError as exc:
            self.app.flash(tr(f"{NS}.cannot_save", error=words(exc.args[0]) if isinstance(exc.args[0], Said)
                              else printable(exc.args[0])), error=True)
        except OSError as exc:
            log.warning("the band could not be saved: %s", exc)
            self.app.flash(tr(f"{NS}.cannot_save", error=exc.strerror or str(exc)), error=True)
        else:
            self.app.flash(tr(f"{NS}.saved", file=str(path)))
        self.leaving = None
        self.layout(self.app.size)

    def back(self) -> None:
        if self._unsaved_asked("back"):
            return
        self.app.switch("title")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self._take_name()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not (
                self.entry is not None and self.entry.is_focused):
            self.back()
            return
        super().handle_event(event)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        d = self.draft
        for words_, pos in self.headers:
            theme.blit_text(surface, words_, pos, 15, theme.TEXT_DIM, True)
        theme.blit_text(surface, tr(f"{NS}.limit", points=d.options.points), self.points_label, 14,
                        theme.TEXT, anchor="center")
        if self.browsing:
            for y, line, reason in self.file_rows:
                theme.blit_text(surface, line, (self.middle.x + 100, y + 5), 14, theme.TEXT)
                if reason:
                    for i, part in enumerate(theme.wrap(reason, 12, self.middle.w - 100)[:2]):
                        theme.blit_text(surface, part, (self.middle.x + 100, y + ROW + i * 14), 12,
                                        theme.TEXT_WARN)
        self._draw_right(surface)
        w, h = surface.get_size()
        self.app.draw_message(surface, (self.right.centerx, self.right.bottom - 40), self.right.w - 24)

    def _draw_right(self, surface: pygame.Surface) -> None:
        d, box = self.draft, self.right
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        x, y, width = box.x + 12, box.y + 10, box.w - 24
        over = d.cost > d.options.points
        theme.blit_text(surface, tr(f"{NS}.cost", cost=d.cost, limit=d.options.points), (x, y), 20,
                        theme.TEXT_WARN if over else theme.TEXT, True)
        y += 30
        bar = pygame.Rect(x, y, width, 10)
        pygame.draw.rect(surface, theme.PANEL_LINE, bar, border_radius=3)
        filled = bar.copy()
        filled.w = min(width, round(width * d.cost / max(1, d.options.points)))
        pygame.draw.rect(surface, theme.REFUSED if over else theme.TEXT_GOOD, filled, border_radius=3)
        y += 22
        where = (tr(f"{NS}.shipped_copy", file=d.copied_from.name) if d.copied_from is not None else
                 tr(f"{NS}.file", file=str(d.path)) if d.path is not None else tr(f"{NS}.not_saved"))
        where = tr(f"{NS}.changed", where=where) if d.dirty else where
        for line in theme.wrap(where, 12, width)[:3]:
            theme.blit_text(surface, text_fit.cut(line, 12, width), (x, y), 12, theme.TEXT_DIM)
            y += 17
        y = box.y + 120
        spec = d.figure
        if spec is not None and d.selected is not None:
            head = tr(f"{NS}.figure_head", number=d.selected + 1, kind=name_of("kind", spec.kind))
            theme.blit_text(surface, head, (x, y), 16, theme.TEXT, True)
            y += 24
            st = d.stats(d.selected)
            values = (st.mvt, st.cd, tr(f"{NS}.target", n=st.ct), tr(f"{NS}.target", n=st.ccc), st.f, st.r,
                      st.pv, st.pa)
            cell = width // len(STATS)
            for i, (key, value) in enumerate(zip(STATS, values, strict=True)):
                theme.blit_text(surface, tr(f"{NS}.stat.{key}"), (x + i * cell, y), 12, theme.TEXT_DIM)
                theme.blit_text(surface, str(value), (x + i * cell, y + 16), 16, theme.TEXT, True)
            y += 40
            if st.difficult_as_open:
                theme.blit_text(surface, text_fit.cut(tr(f"{NS}.legs_pair"), 12, width), (x, y), 12,
                                theme.TEXT_DIM)
        for words_, pos in self.right_headers:
            theme.blit_text(surface, words_, pos, 14, theme.TEXT_DIM, True)
        y = self.right_text_top
        if d.refusal:
            theme.blit_text(surface, tr(f"{NS}.refused"), (x, y), 15, theme.REFUSED, True)
            y += 22
            for problem in d.refusal:
                y = self._lines(surface, words(problem), x, y, width, 14, theme.TEXT_WARN)
                fix = tr(f"{NS}.to_fix", fix=fix_words(problem))
                y = self._lines(surface, fix, x + 10, y, width - 10, 13, theme.TEXT) + 6
            y += 6
        problems = d.problems()
        if not problems:
            theme.blit_text(surface, tr(f"{NS}.playable"), (x, y), 15, theme.TEXT_GOOD, True)
            return
        theme.blit_text(surface, tr(f"{NS}.not_playable"), (x, y), 15, theme.TEXT_WARN, True)
        y += 22
        for problem in problems:
            if y > box.bottom - MESSAGE_ROOM:
                break
            y = self._lines(surface, words(problem), x, y, width, 13, theme.TEXT_WARN)
            y = self._lines(surface, tr(f"{NS}.to_fix", fix=fix_words(problem)), x + 10, y, width - 10, 12,
                            theme.TEXT_DIM) + 4

    @staticmethod
    def _lines(surface: pygame.Surface, text: str, x: int, y: int, width: int, size: int,
               colour: Colour) -> int:
        for line in theme.wrap(text, size, width):
            theme.blit_text(surface, line, (x, y), size, colour)
            y += size + 5
        return y
