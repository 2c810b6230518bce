"""The *Study* panel (designer and field chooser): a map over the field, its colour scale, the lines
from the points that can shoot the point under the mouse, and the pieces table, sortable, a click on
a row choosing the piece.

The numbers are ``analysis``'s (docs/analysis.md), computed in a worker thread (``ui.worker``):
after an edit the map being shown stays until the new one is ready ("updating…"), so the window
never waits. While a piece is dragged (``follows_drag``), the one map shown is computed in a
separate process (``ui.live_worker``) and shown over the last whole study; after the drop it stays
(it is the dropped state's) until that state's whole study is ready. When the last map the process
made is not the dropped state's (the hand let go elsewhere, or that point's request was still
waiting), the process is asked for the dropped state's map before it is primed with that state.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import numpy as np
import pygame

from paintcheck.analysis.balance import control, sides
from paintcheck.analysis.maps import POSTURES, FieldMaps, FieldStudy, PieceRow, dominance_key
from paintcheck.field.lattice import Point, point_name
from paintcheck.field.layout import Field, Layout
from paintcheck.geometry.sight_update import RecentTables
from paintcheck.rules.words import posture_word
from paintcheck.ui import balance_view, heatmap, i18n, text_fit, theme
from paintcheck.ui.balance_run import BalanceRun
from paintcheck.ui.i18n import tr
from paintcheck.ui.live_worker import LiveMap, LiveMaps
from paintcheck.ui.transform import FieldTransform
from paintcheck.ui.widgets import Controls
from paintcheck.ui.worker import LatestJob

TEAM = "blue"
RECENT = 16  # studies kept for undo and redo
MAPS = ("exposure", "threat", "control")
LINE = (255, 255, 255, 110)
ROW_H = 19
# the table's columns, each headed by study.column.<key>
COLUMNS = ("piece", "exposure_min", "threat_max", "enemy_cover_points_shot", "steps_from_base")
HEAD_SIZE, CELL_SIZE = 11, 12
SORT_MARK = 16  # room after a heading for its sort's mark
LEGEND_LINES = 4  # what the headings say, wrapped


def column_widths(width: int) -> list[tuple[str, int]]:
    """Each column and its width in a table ``width`` pixels wide, in the window's language: a
    number's column as wide as its heading's longer line (and its sort's mark) or its widest
    number, the piece's the rest, so that French's longer headings and names ("le cylindre couché
    en B2") fit as English's do."""
    numbers = {}
    for key in COLUMNS[1:]:
        head = max(theme.text_width(line, HEAD_SIZE) for line in tr(f"study.column.{key}").split(" ", 1))
        numbers[key] = max(head + SORT_MARK, theme.text_width("000", CELL_SIZE) + 12)
    return [(COLUMNS[0], width - sum(numbers.values())), *numbers.items()]


def scale_words(what: str) -> str:
    """What the colour scale of the map ``what`` counts (over the scale, and the map button's hint)."""
    return tr(f"study.scale.{what}")


@dataclass(frozen=True)
class StudyResult:
    """Everything the panel shows for one layout, computed off the window's thread."""

    key: object
    field: Field
    study: FieldStudy
    maps: dict[str, FieldMaps]
    control: dict[str, dict[Point, float]]
    pieces: dict[str, list[PieceRow]]
    balance: dict[str, float | None]
    live: bool = False  # a dragged piece's passing state: the maps only (no pieces table, no balance)

    def values(self, what: str, posture: str):
        return self.control[posture] if what == "control" else getattr(self.maps[posture], what)


def compute(key, layout: Layout, tables: RecentTables, live: bool = False) -> StudyResult:
    field = layout.build()
    study = FieldStudy(field, tables.table(field))  # an edit's table updated, undo's kept
    maps = {x: study.maps(x, TEAM) for x in POSTURES}
    controls = {x: control(study, x) for x in POSTURES}
    if live:  # the map follows the drag; the table waits for the drop
        return StudyResult(key, field, study, maps, controls, {}, {}, live=True)
    return StudyResult(
        key, field, study, maps, controls,
        {x: study.pieces(x, TEAM) for x in POSTURES},
        {x: sides(study, x, TEAM)[2] for x in POSTURES},
    )


def signed(value: float) -> str:
    """A balance with its sign, one decimal, for the window's language (``+1.5``, ``-0,5``)."""
    return ("+" if value >= 0 else "") + i18n.number(value, 1)


def passing_key(key: object) -> tuple[object, ...]:
    """The key of a passing (dragged) state's map, told apart from its whole study's ``key``."""
    return ("drag", *key) if isinstance(key, tuple) else ("drag", key)


class StudyPanel:
    """The panel's state and drawing; the scene gives it the layout to study, the field's
    transform, its room on the screen and the mouse."""

    def __init__(self, cache: bool = True, on_piece: Callable[[str], None] | None = None,
                 follows_drag: bool = False) -> None:
        self.cache = cache  # False in the designer: its passing states are not worth a file each
        self.live = LiveMaps() if follows_drag else None  # the dragged states' maps, in a process
        self.live_map: LiveMap | None = None  # the newest of them, shown over ``result``
        self._live_taken: LiveMap | None = None  # the process's last answer, seen
        self._dragging = False  # the last state wanted was a passing one
        self._dropped: object = None  # the state the last drag ended on
        self._primed: object = None
        self.on_piece = on_piece
        self.map, self.posture = "exposure", "standing"
        self.sort: tuple[str, bool] = ("rank", False)  # column, descending
        self.scroll = 0
        self.job = LatestJob("study")
        self.tables = RecentTables(cache=cache)  # the worker's alone
        self.recent: OrderedDict[object, StudyResult] = OrderedDict()  # undo and redo shown at once
        self.balance, self.balance_side = BalanceRun(), "blue"  # *Balance…* (balance_run, balance_view)
        self.studying: tuple[object, Layout] | None = None  # the layout last wanted: the one balanced
        self._rebuild: Callable[[], None] | None = None
        self._layer_key = self._layer = None
        self._tiles_key: tuple[object, ...] | None = None
        self._tiles: tuple[pygame.Surface, tuple[int, int]] | None = None
        self._tiles_next: tuple[tuple[object, ...], tuple[pygame.Surface, tuple[int, int]]] | None = None
        self.drawn: StudyResult | LiveMap | None = None  # the map last given to be drawn
        self._lines_key = self._lines = None
        self._panel_key = self._panel = None
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, str]] = []
        self.heads: list[tuple[pygame.Rect, str]] = []

    # -- the work ---------------------------------------------------------------------------------
    def want(self, key, layout: Layout, live: bool = False) -> None:
        """Study ``layout`` (``key`` names its state) in the background; ``live``: a state the
        hand passes through while it drags a piece (its maps only)."""
        if self._dragging and not live:
            self._dropped = key  # the state a drag ended on
        self._dragging = live
        if not live:
            self.studying = (key, layout)  # the layout *Balance…* plays on
            studied = self.job.result is not None and self.job.key == key
            if studied:
                self.live_map = None  # a drag given up: its state's study is the one shown
            if self.live is not None and self.live.alive:
                if key == self._dropped and not studied and self.map != "balance" \
                        and not self._live_answered(passing_key(key)):
                    # the dropped state's map from the process, before its whole study (the last
                    # point's request may still wait behind another, or the drop may be elsewhere)
                    self.live.want(passing_key(key), layout, self.posture, self.map, TEAM)
                elif key != self._primed:
                    self._primed = key
                    self.live.prime(layout)  # the next drag starts from its table
        elif self.live is not None and self.live.alive:
            if self.map != "balance":
                self.live.want(key, layout, self.posture, self.map, TEAM)
            return
        kept = self.recent.get(key)
        if kept is not None:
            self.job.want(key, lambda: kept)
            return

        def work() -> StudyResult:
            result = compute(key, layout, self.tables, live)
            if not live:
                self.recent[key] = result
                while len(self.recent) > RECENT:
                    self.recent.popitem(last=False)
            return result

        self.job.want(key, work)

    def poll(self) -> bool:
        if self.balance.poll() and self._rebuild is not None:
            self._rebuild()
        changed = self.job.poll()
        if changed and not self._dragging and self.studying is not None and self.job.key == self.studying[0]:
            self.live_map = None  # the state's whole study is in: no passing map over it
        if self.live is not None:
            self.live.poll()  # (an answer may also have been read by ``want``)
            fresh = self.live.result
            if fresh is not None and fresh is not self._live_taken:
                self._live_taken = fresh
                # shown while the hand drags, and after the drop until the whole study is in
                if self._dragging or self.studying is None or self.job.key != self.studying[0]:
                    self.live_map, changed = fresh, True
        return changed

    def _live_answered(self, key: object) -> bool:
        """Whether the process's last answer is ``key``'s map of the posture and kind shown."""
        r = self.live.result if self.live is not None else None
        return r is not None and (r.key, r.posture, r.what) == (key, self.posture, self.map)

    def after_frame(self) -> None:
        """Send the live map's process the newest state wanted, once the frame is drawn
        (``LiveMaps.send``)."""
        if self.live is not None:
            self.live.send()

    @property
    def shown(self) -> StudyResult | LiveMap | None:
        """What the map shows: the dragged state's map (when it is the map and posture chosen), or
        the last whole study."""
        m = self.live_map
        if m is not None and m.posture == self.posture and m.what == self.map:
            return m
        return self.result

    @property
    def shown_key(self) -> object:
        """The key of the state whose map is shown."""
        shown = self.shown
        return None if shown is None else shown.key

    @property
    def result(self) -> StudyResult | None:
        return cast("StudyResult | None", self.job.result)

    @property
    def failed(self) -> str | None:
        return None if self.job.failed is None else tr("study.failed", error=self.job.failed)

    @property
    def busy(self) -> bool:
        return self.job.busy or self.balance.running or (self.live is not None and self.live.busy)

    def wait(self, timeout: float = 30.0) -> None:
        self.job.wait(timeout)
        if self.live is not None:
            self.live.wait(timeout)
        self.poll()

    def close(self) -> None:
        self.job.close()
        self.balance.close()
        if self.live is not None:
            self.live.close()
            self._primed = None
        self.live_map = None

    # -- choices ------------------------------------------------------------------------------------
    def add_controls(self, c: Controls, after: Callable[[], None]) -> None:
        """The map's and the posture's buttons (``after`` is called once a choice is made)."""
        def choose(**kw):
            def act():
                for name, value in kw.items():
                    setattr(self, name, value)
                after()
            return act

        for what in MAPS:
            c.add(f"study-{what}", tr(f"study.map.{what}"), choose(map=what), chosen=self.map == what,
                  hint=scale_words(what))
        c.newline()
        for posture in POSTURES:
            c.add(f"study-{posture}", tr(f"study.posture.{posture}"), choose(posture=posture),
                  chosen=self.posture == posture, hint=tr("study.posture_hint"))
        c.newline()
        self._balance_controls(c, choose)

    def _balance_controls(self, c: Controls, choose: Callable[..., Callable[[], None]]) -> None:
        """*Balance…* (*Cancel* while it runs) and, while its report is shown, whose hits the map shows."""
        run = self.balance
        self._rebuild = choose()  # the button's words change when the run ends

        def balance() -> None:
            if run.running:
                run.cancel()
            elif self.studying is not None and (run.report is None or run.key != self.studying[0]):
                run.start(*self.studying)
            choose(map="balance")()

        c.add("study-balance", tr("study.balance_run.cancel" if run.running else "study.balance_run.start"),
              balance, chosen=self.map == "balance", hint=tr("study.balance_run.hint"))
        if self.map == "balance":
            for side in ("blue", "white"):
                c.add(f"study-hits-{side}", tr(f"study.balance_run.hits.{side}"), choose(balance_side=side),
                      chosen=self.balance_side == side, hint=balance_view.scale_words(side))
        c.newline()

    def values(self):
        if self.map == "balance":
            return balance_view.hits(self.balance, self.balance_side)
        shown = self.shown
        if isinstance(shown, LiveMap):
            return shown.values
        return None if shown is None else shown.values(self.map, self.posture)

    # -- the field ----------------------------------------------------------------------------------
    def layer_at(self, size: tuple[int, int], t: FieldTransform
                 ) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """``layer``, or a dragged state's tiles alone (``heatmap.tiles``: no surface of the whole
        field made for them), and where to blit it. A new live map's tiles are made in one frame
        and laid on the board in the next (the frame that makes them does not also lay the board
        again): ``drawn`` is the map the caller draws."""
        shown = self.shown
        if isinstance(shown, LiveMap) and self.map != "balance":
            key = (id(shown), size, t)
            if key != self._tiles_key:
                following = self._tiles_next
                if following is not None and following[0] == key:
                    self._tiles_key, self._tiles, self._tiles_next = key, following[1], None
                    self.drawn = shown
                else:
                    made = heatmap.tiles(t, shown.values)
                    live_drawn = isinstance(self.drawn, LiveMap) and self._tiles is not None \
                        and self._tiles_key is not None and self._tiles_key[0] == id(self.drawn) \
                        and self._tiles_key[1:] == key[1:]
                    if live_drawn and made is not None:
                        self._tiles_next = (key, made)  # the last map's tiles this frame still
                    else:
                        self._tiles_key, self._tiles, self._tiles_next = key, made, None
                        self.drawn = shown
            if self._tiles is not None:
                return self._tiles
        surface = self.layer(size, t)
        return None if surface is None else (surface, (0, 0))

    @property
    def drawn_key(self) -> object:
        """The key of the state whose map the board was last given."""
        return None if self.drawn is None else self.drawn.key

    def layer(self, size, t: FieldTransform) -> pygame.Surface | None:
        """The map's tiles for the field drawn at ``t`` (drawn again only when they change)."""
        values = self.values()
        if values is None:
            return None
        shown = self.shown
        key = (id(shown), id(self.balance.report), self.balance_side, self.map, self.posture, size, t,
               i18n.current())  # numbers: 0.5 / 0,5
        if key != self._layer_key:  # a live map has no numbers: they change too fast to be read
            numbers = False if shown is not None and shown.live else None
            self._layer_key, self._layer = key, heatmap.layer(size, t, values, numbers)
        self.drawn = shown
        return self._layer

    def seen_from(self, point: Point) -> list[Point]:
        """The points whose lines the map counts for ``point``: White's points that can shoot it
        (exposure), that it can shoot (threat), every point it sees (control)."""
        r = self.result
        if r is None or point not in r.study.position:
            return []
        s = r.study
        i = s.position[point]
        possible = s.possible(self.posture)
        if self.map == "control":
            mask = s.free.copy()
            mask[i] = False
            hit = possible[i] & mask
        else:
            hit = (possible[:, i] if self.map == "exposure" else possible[i]) & s.half_mask("white")
        return [s.points[j] for j in np.flatnonzero(hit).tolist()]

    def draw_hover(self, surface: pygame.Surface, t: FieldTransform, area: pygame.Rect, point: Point | None,
                   mouse) -> None:
        """The lines to the point under the mouse and its number beside it."""
        values = self.values()
        if values is None or point is None or point not in values or self.map == "balance" \
                or isinstance(self.shown, LiveMap):  # a passing map: no lines, no number
            return
        key = (id(self.result), self.map, self.posture, point, t, area.size)
        if key != self._lines_key:
            lines = pygame.Surface(area.size, pygame.SRCALPHA)
            end = t.to_screen(*point)
            end = (end[0] - area.x, end[1] - area.y)
            for q in self.seen_from(point):
                a = t.to_screen(*q)
                pygame.draw.line(lines, LINE, (a[0] - area.x, a[1] - area.y), end, 1)
            self._lines_key, self._lines = key, lines
        surface.blit(self._lines, area.topleft)
        value = values[point]
        words = tr("study.hover", point=point_name(point), map=tr(f"study.map_word.{self.map}"),
                   value=i18n.number(value, 2 if isinstance(value, float) else None),
                   posture=i18n.say(posture_word(self.posture)))
        if self.map != "control":
            words += " · " + tr("study.lines", count=len(self.seen_from(point)))
        text = theme.text(words, 13, (255, 255, 255), True)
        r = text.get_rect(midbottom=(mouse[0], mouse[1] - 14)).clamp(area)
        pygame.draw.rect(surface, (20, 24, 40), r.inflate(8, 4), border_radius=3)
        surface.blit(text, r)

    # -- the panel ----------------------------------------------------------------------------------
    def ranked(self) -> list[PieceRow]:
        rows = self.result.pieces[self.posture] if self.result is not None else []
        column, down = self.sort
        if column == "rank":
            return sorted(rows, key=dominance_key)
        if column == "piece":
            return sorted(rows, key=lambda r: self.piece_name(r.id), reverse=down)
        present = [r for r in rows if getattr(r, column) is not None]
        missing = [r for r in rows if getattr(r, column) is None]
        return sorted(present, key=lambda r: (getattr(r, column), r.id), reverse=down) + missing

    def piece_name(self, oid: str) -> str:
        obstacle = self.result.field.by_id.get(oid) if self.result is not None else None
        return i18n.say(obstacle.name_for(TEAM)) if obstacle is not None else oid

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, selected: str | None = None) -> None:
        """The scale, the state of the work and the pieces table inside ``rect`` (drawn again only
        when one of them changes, blitted every frame; while a piece is dragged, the last table
        stays until the drop)."""
        passing = self.live_map is not None or (self.result is not None and self.result.live)
        if passing and self._panel is not None:
            surface.blit(self._panel, rect.topleft)
            return
        run = self.balance
        key = (id(self.result), self.map, self.posture, self.sort, self.scroll, selected, self.busy,
               self.failed, tuple(rect), i18n.current(), id(run.report), run.done, run.failed, run.cancelled,
               self.balance_side)
        if key != self._panel_key:
            panel = pygame.Surface(rect.size)
            if pygame.display.get_surface() is not None:
                panel = panel.convert()
            panel.fill(theme.BACKGROUND)
            self._draw_panel(panel, pygame.Rect((0, 0), rect.size), selected)
            self.rows = [(r.move(rect.topleft), oid) for r, oid in self.rows]
            self.heads = [(r.move(rect.topleft), k) for r, k in self.heads]
            self.table_rect = self.table_rect.move(rect.topleft)
            self._panel_key, self._panel = key, panel
        surface.blit(self._panel, rect.topleft)

    def _draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, selected: str | None) -> None:
        x, y, w = rect.x, rect.y, rect.width
        values = self.values()
        if values is not None:
            bar = pygame.Rect(x, y + 20, w - 8, 14)
            words = balance_view.scale_words(self.balance_side) if self.map == "balance" else \
                scale_words(self.map)
            heatmap.draw_scale(surface, bar, heatmap.span_of(values), words, 13)
        y += 62
        if self.map == "balance":
            balance_view.draw(surface, pygame.Rect(x, y, w, rect.bottom - y), self.balance, self.piece_name)
            return
        r = self.result
        if self.failed:
            state, colour = self.failed, theme.TEXT_WARN
        elif r is None:
            state, colour = tr("study.studying"), theme.TEXT_DIM
        else:
            balance = r.balance[self.posture]
            white = int(r.study.half_mask("white").sum())
            said = [tr("study.points", points=len(r.study.points), white=white)]
            if balance is not None:
                said.append(tr("study.balance", balance=signed(balance)))
            if self.map == "threat":
                said.append(tr("study.threat_note"))
            if self.job.busy:
                said.insert(0, tr("study.updating"))
            state = " · ".join(said)
            colour = theme.TEXT_WARN if self.job.busy else theme.TEXT_DIM
        for line in theme.wrap(state, 12, w)[:2]:
            theme.blit_text(surface, line, (x, y), 12, colour)
            y += 15
        y += 6
        self._draw_table(surface, pygame.Rect(x, y, w, rect.bottom - y), selected)

    def _draw_table(self, surface, rect: pygame.Rect, selected: str | None) -> None:
        self.table_rect = rect
        self.rows, self.heads = [], []
        if self.result is None or rect.height < ROW_H * 2:
            return
        theme.blit_text(surface, tr("study.pieces", posture=i18n.say(posture_word(self.posture))),
                        (rect.x, rect.y), 13, theme.TEXT, True)
        y = rect.y + 18
        for line in theme.wrap(tr("study.heads_say"), 11, rect.width)[:LEGEND_LINES]:
            theme.blit_text(surface, line, (rect.x, y), 11, theme.TEXT_DIM)
            y += 14
        y += 4
        x = rect.x
        columns = column_widths(rect.width)
        for key, width in columns:  # two lines: "exposure" over "min", the sort's mark after the last
            head = pygame.Rect(x, y, width, 2 * ROW_H - 6)
            colour = theme.SELECT if self.sort[0] == key else theme.TEXT_DIM
            for i, line in enumerate(tr(f"study.column.{key}").split(" ", 1)):
                end = theme.blit_text(surface, line, (x + 2, y + 1 + 14 * i), HEAD_SIZE, colour).right
            if self.sort[0] == key:
                theme.blit_text(surface, "▼" if self.sort[1] else "▲", (end + 4, y + 1 + 14 * i), HEAD_SIZE,
                                colour)
            self.heads.append((head, key))
            x += width
        y += 2 * ROW_H - 4
        pygame.draw.line(surface, theme.PANEL_LINE, (rect.x, y - 2), (rect.right, y - 2))
        rows = self.ranked()
        room = max(0, (rect.bottom - y) // ROW_H)
        if len(rows) > room:  # a line kept for "rows 1-8 of 12"
            room = max(0, (rect.bottom - y - 16) // ROW_H)
        self.scroll = max(0, min(self.scroll, len(rows) - room))
        for row in rows[self.scroll:self.scroll + room]:
            line = pygame.Rect(rect.x, y, rect.width, ROW_H)
            if row.id == selected:
                pygame.draw.rect(surface, (70, 64, 30), line)
            x = rect.x
            for key, width in columns:
                size = CELL_SIZE
                if key == "piece":  # smaller before it is cut: its point ends it
                    words, size = text_fit.shrink_then_cut(self.piece_name(row.id), CELL_SIZE, width - 6, 10)
                else:
                    value = getattr(row, key)
                    words = "-" if value is None else i18n.number(value)
                theme.blit_text(surface, words, (x + 2, y + 2 + (CELL_SIZE - size) // 2), size, theme.TEXT)
                x += width
            self.rows.append((line, row.id))
            y += ROW_H
        if len(rows) > room:
            theme.blit_text(surface, tr("study.rows", first=self.scroll + 1, last=self.scroll + room,
                                        count=len(rows)), (rect.right, y + 2), 11, theme.TEXT_DIM,
                            anchor="topright")

    def click(self, pos) -> bool:
        """A heading sorts (again: the other way; a third time: back to the rank); a row chooses its
        piece. True when the click was the table's."""
        for rect, key in self.heads:
            if rect.collidepoint(pos):
                column, down = self.sort
                if column != key:
                    self.sort = (key, key not in ("exposure_min", "steps_from_base", "piece"))
                elif down == (key not in ("exposure_min", "steps_from_base", "piece")):
                    self.sort = (key, not down)
                else:
                    self.sort = ("rank", False)
                return True
        for rect, oid in self.rows:
            if rect.collidepoint(pos):
                if self.on_piece is not None:
                    self.on_piece(oid)
                return True
        return False

    def wheel(self, pos, dy: int) -> bool:
        if self.table_rect.collidepoint(pos):
            self.scroll = max(0, self.scroll - dy * 3)
            return True
        return False
