"""The break sheet at the window (RULES 12.2): the coach at the screen fills his sheet on the board.

Pick a player (his button, or his figure), click his start point (a base point for a runner, a
point of the prebunk zone for a prebunker), for a prebunker the point he prebunks (his template is
drawn), then his actions as in a declaration. Order numbers follow the order the lines were begun,
prebunkers first (RULES 12.2: prebunkers take 1..k). Every line is checked with
``why_line_illegal`` and the whole sheet with the engine; only this coach's own draft is drawn, the
other sheet lies face down in the view. Nothing reaches the engine before the scene's one door.

Owns: the lines being written (``lines``), the player whose line it is (``current``), what the next
click on the field sets (``mode``) and a run's points (``waypoints``). Given: the ``Desk`` (the
session, the board's transform and mouse, the engine's door), the controls its buttons go in, the
``Stances`` it offers and the team whose sheet it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from paintcheck.field.lattice import COLUMN_LETTERS, Point
from paintcheck.rules import tables
from paintcheck.rules.actions import BreakSheet, Declare, Def, DumpAt, Move, SheetLine, ShotAt, Support
from paintcheck.rules.break_turn import line_budget, why_line_illegal
from paintcheck.rules.legality import why_stance_illegal
from paintcheck.rules.plan import make_plan
from paintcheck.rules.state import MatchState
from paintcheck.ui import theme
from paintcheck.ui.fieldview import draw_template
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_desk import Desk, Room
from paintcheck.ui.overlays import draw_run
from paintcheck.ui.phase_declare import action_words
from paintcheck.ui.session import MatchSession
from paintcheck.ui.stances import Stances, said
from paintcheck.ui.widgets import Controls

# what the next field click sets
START, ORIGIN, MOVING, SHOOTING, DUMPING = "start", "origin", "move", "shot", "dump"
AIMED = {SHOOTING: ShotAt, DUMPING: DumpAt}  # the sheet's actions at a point, by the mode that aims them
SHOT_COLOUR = (255, 80, 80)


@dataclass
class LineDraft:
    """One player's line as the coach writes it."""

    player: str
    start: Point | None = None
    prebunker: bool = False
    prebunk: Point | None = None
    posture: str = "standing"
    cover: str | None = None
    side: str | None = None
    actions: list = field(default_factory=list)

    def line(self, order: int = 0, *extra) -> SheetLine | None:
        if self.start is None or (self.prebunker and self.prebunk is None):
            return None
        return SheetLine(self.player, order, self.start, self.posture, (*self.actions, *extra), self.cover,
                         self.side, self.prebunk if self.prebunker else None)


class SheetEditor(Room):
    """The break sheet phase: ``team``'s sheet being written."""

    def __init__(self, desk: Desk, controls: Controls, stances: Stances, team: str) -> None:
        self.desk = desk
        self.controls = controls
        self.stances = stances
        self.team = team
        self.lines: dict[str, LineDraft] = {}  # in the order the lines were begun
        self._pending_key = self._pending = None
        self.current: str = self.players()[0]
        self.mode: str | None = START
        self.waypoints: list[Point] = []

    # -- reading ------------------------------------------------------------------------------------
    @property
    def session(self) -> MatchSession:
        return self.desk.session

    def players(self) -> list[str]:
        return [p.id for p in sorted(self.session.state.team_players(self.team), key=lambda p: p.jersey)]

    @property
    def draft(self) -> LineDraft:
        return self.lines.setdefault(self.current, LineDraft(self.current))

    def sheet(self) -> BreakSheet:
        begun = [d for d in self.lines.values() if d.line() is not None]
        ordered = [d for d in begun if d.prebunker] + [d for d in begun if not d.prebunker]
        return BreakSheet(self.team, tuple(d.line(i) for i, d in enumerate(ordered, start=1)))

    def orders(self) -> dict[str, int]:
        return {ln.player: ln.order for ln in self.sheet().lines}

    def why_line(self, d: LineDraft, *extra) -> str | None:
        line = d.line(0, *extra)
        if line is None:
            return tr("match.sheet.start_first") if d.start is None else tr("match.sheet.prebunk_first")
        return said(why_line_illegal(self.session.state, self.team, line, self.session.m))

    def why_start(self, point: Point, d: LineDraft) -> str | None:
        lattice, m = self.session.state.lattice, self.session.m
        if m.obstacle_at(point) is not None:
            return tr("match.sheet.start_free")
        if d.prebunker and not lattice.in_prebunk_zone(point, self.team):
            return tr("match.sheet.prebunker_zone", zone=prebunk_words(lattice))
        if not d.prebunker and point not in lattice.base_points(self.team):
            return tr("match.sheet.runner_base", base=base_words(lattice))
        if any(o.start == point for o in self.lines.values() if o.player != d.player):
            return tr("match.sheet.same_start")
        return None

    def position(self, pid: str) -> Point | None:
        """Where the figure is drawn while the sheet is written: his start, once clicked."""
        d = self.lines.get(pid)
        return d.start if d is not None and d.start is not None else None

    def stand_point(self, d: LineDraft) -> Point:
        moves = [a for a in d.actions if isinstance(a, Move)]
        return moves[0].end if moves else d.start

    def fmt(self, point: Point) -> str:
        return self.session.state.lattice.format(point, self.team)

    def action_text(self, a) -> str:
        """An action as the sheet's table writes it, coordinates in the coach's own half."""
        return action_words(a, self.session.m, point=self.fmt, cover_name=self.stances.cover_name)

    # -- buttons ------------------------------------------------------------------------------------
    def build(self) -> None:
        c, d, m = self.controls, self.draft, self.session.m
        orders = self.orders()
        self.desk.caption(tr("match.sheet.player"))
        for pid in self.players():
            words = f"{pid} ({orders[pid]})" if pid in orders else pid
            c.add(f"sheet-pick-{pid}", words, lambda p=pid: self.select(p), chosen=pid == self.current,
                  width=70)
        c.add("sheet-prebunker", tr("match.sheet.prebunker"), self.toggle_prebunker, chosen=d.prebunker,
              hint=tr("match.sheet.prebunker_hint"))
        c.newline()
        stance = c.y  # posture, then cover and side: two rows kept whether covers show or not
        self.desk.caption(tr("match.declare.posture"))
        for posture in tables.POSTURES:
            c.add(f"sheet-posture-{posture}", tr(f"match.posture.{posture}"),
                  lambda v=posture: self.set_stance(posture=v), chosen=d.posture == posture, width=86)
        c.newline()
        covers = m.covers(d.start) if d.start is not None else []
        if covers:
            self.desk.caption(tr("match.declare.cover"))
            for cov in covers:
                c.add(f"sheet-cover-{cov}", self.stances.cover_name(cov),
                      lambda v=cov: self.set_stance(cover=v),
                      chosen=d.cover == cov)
            for side in tables.SIDES:
                c.add(f"sheet-side-{side}", tr(f"match.side.{side}"), lambda v=side: self.set_stance(side=v),
                      chosen=d.side == side, reason=said(why_stance_illegal(m, d.start, d.cover, side)),
                      width=66)
        c.reserve(stance, 2)
        # the line's own buttons and the hand-in come before the rows that come and go (a run's
        # points, its arrival, a shot's point): they never move under the mouse
        c.add("sheet-restart", tr("match.sheet.start_point"), lambda: self.arm(START))
        c.add("sheet-origin", tr("match.sheet.prebunked_point"), lambda: self.arm(ORIGIN),
              tr("match.sheet.prebunkers_only") if not d.prebunker
              else None if d.start else tr("match.sheet.start_first"))
        c.add("sheet-undo", tr("match.declare.undo"), self.undo,
              None if d.actions or self.waypoints else tr("match.declare.nothing_to_undo"))
        c.add("sheet-clear-line", tr("match.sheet.clear_line"), self.clear_line)
        busy = {MOVING: "match.declare.finish_move_first", SHOOTING: "match.sheet.shot_point_first",
                DUMPING: "match.sheet.dump_point_first"}.get(self.mode)
        c.add("sheet-confirm", tr("match.sheet.hand_in"), self.confirm,
              tr(busy) if busy else self.desk.why_not(self.sheet()), primary=True, width=260)
        c.newline(12)
        move = next((a for a in d.actions if isinstance(a, Move)), None)
        if move is not None and self.mode is None:
            self.stances.arrival_buttons("sheet-arrive", move, self.set_arrival)
        if self.mode == START:
            lattice = self.session.state.lattice
            if d.prebunker:
                words = tr("match.sheet.click_start_prebunk", player=d.player, zone=prebunk_words(lattice))
            else:
                words = tr("match.sheet.click_start_base", player=d.player, base=base_words(lattice))
            self.desk.caption(words)
        elif self.mode == ORIGIN:
            self.desk.caption(tr("match.sheet.click_origin", player=d.player))
        elif self.mode == MOVING:
            self.desk.caption(tr("match.sheet.run_caption"))
            c.add("sheet-move-finish", tr("match.declare.finish_move"), self.finish_move,
                  None if self.waypoints else tr("match.declare.arrival_needed"), primary=True)
            c.add("sheet-move-cancel", tr("match.declare.cancel_move"), self.cancel_mode)
        elif self.mode == SHOOTING:
            self.desk.caption(tr("match.sheet.shot_caption"))
            c.add("sheet-shot-cancel", tr("match.sheet.cancel_shot"), self.cancel_mode)
        elif self.mode == DUMPING:
            self.desk.caption(tr("match.sheet.dump_caption"))
            c.add("sheet-dump-cancel", tr("match.sheet.cancel_dump"), self.cancel_mode)
        else:
            self.desk.caption(tr("match.declare.add"))
            c.add("sheet-DEF", tr("match.declare.def"), lambda: self.add(Def()), self.why_line(d, Def()))
            c.add("sheet-SUP", tr("match.declare.support"), lambda: self.add(Support()),
                  self.why_line(d, Support()))
            c.add("sheet-MOV", tr("match.declare.move"), lambda: self.arm(MOVING), self.why_move_possible())
            c.add("sheet-SHOT", tr("match.sheet.shot_point"), lambda: self.arm(SHOOTING),
                  self.why_line(d, ShotAt(self.stand_point(d))) if d.start else tr("match.sheet.start_first"))
            c.add("sheet-LATER", tr("match.sheet.shot_later"), lambda: self.add(ShotAt(None)),
                  self.why_line(d, ShotAt(None)),
                  hint=tr("match.sheet.shot_later_hint", line=self.session.state.lattice.back_line))
            c.add("sheet-DUMP", tr("match.sheet.dump_point"), lambda: self.arm(DUMPING),
                  self.why_dump_possible(), hint=tr("match.sheet.dump_hint"))
        c.newline()

    def why_dump_possible(self) -> str | None:
        """Whether a dump still fits his line (its point is judged when it is clicked)."""
        d = self.draft
        if d.start is None:
            return tr("match.sheet.start_first")
        if self.cost(d) + tables.COST_DUMP > line_budget(d.prebunker):
            return tr("match.sheet.no_point_for_dump")
        return None

    def why_move_possible(self) -> str | None:
        d = self.draft
        if d.start is None:
            return tr("match.sheet.start_first")
        if any(isinstance(a, Move) for a in d.actions):
            return tr("match.declare.one_move")
        if self.cost(d) >= line_budget(d.prebunker):
            return tr("match.sheet.no_point_for_move")
        return None

    def cost(self, d: LineDraft) -> int:
        line = d.line()
        if line is None:
            return 0
        decl = Declare(line.player, line.posture, line.actions, line.cover, line.side)
        return make_plan(decl, line.start, self.session.m).cost

    # -- editing ------------------------------------------------------------------------------------
    def changed(self) -> None:
        self.desk.rebuild()

    def confirm(self) -> None:
        """The sheet handed in, through the scene's one door."""
        self.desk.apply(self.sheet())

    def select(self, pid: str) -> None:
        self.current = pid
        self.waypoints = []
        self.mode = START if self.draft.start is None else None
        self.changed()

    def toggle_prebunker(self) -> None:
        d = self.lines.pop(self.current, LineDraft(self.current))
        self.lines[d.player] = LineDraft(d.player, prebunker=not d.prebunker, posture=d.posture)  # begun now
        self.mode, self.waypoints = START, []
        self.changed()

    def set_stance(self, posture=None, cover=None, side=None) -> None:
        d = self.draft
        if posture is not None:
            d.posture = posture
        if cover is not None:
            d.cover = cover
            d.side = self.stances.default_side(cover, d.side, d.start)
        if side is not None:
            d.side = side
        self.changed()

    def set_arrival(self, cover=None, side=None) -> None:
        """The cover and side he plays where his run ends."""
        d = self.draft
        i = next(i for i, a in enumerate(d.actions) if isinstance(a, Move))
        d.actions[i] = self.stances.arrived(d.actions[i], cover, side)
        self.changed()

    def arm(self, mode: str) -> None:
        self.mode, self.waypoints = mode, []
        self.changed()

    def cancel_mode(self) -> None:
        self.arm(None if self.draft.start is not None else START)

    def add(self, action) -> bool:
        reason = self.why_line(self.draft, action)
        if reason is not None:
            self.desk.flash(reason, error=True)
            return False
        self.draft.actions.append(action)
        self.desk.quiet()
        self.mode, self.waypoints = None, []
        self.changed()
        return True

    def finish_move(self) -> None:
        if not self.waypoints:
            return
        self.add(self.stances.arrival_move(self.waypoints))

    def undo(self) -> None:
        if self.waypoints:
            self.waypoints.pop()
        elif self.draft.actions:
            self.draft.actions.pop()
        self.changed()

    def clear_line(self) -> None:
        d = self.draft
        self.lines[d.player] = LineDraft(d.player, prebunker=d.prebunker, posture=d.posture)
        self.mode, self.waypoints = START, []
        self.changed()

    def click(self, pos: tuple[int, int], pid: str | None = None) -> bool:
        """A click on the field: the point the armed step waits for, or a figure to pick (every
        click on the board is the sheet's)."""
        self.click_at(pos)
        return True

    def click_at(self, pos: tuple[int, int]) -> None:
        desk, d = self.desk, self.draft
        point = desk.t.nearest_point(*pos)
        if self.mode is None or point is None:
            pid = self.figure_at(pos)
            if pid is not None:
                self.select(pid)
            return
        if self.mode == START:
            reason = self.why_start(point, d)
            if reason:
                desk.flash(reason, error=True)
                return
            d.start, d.prebunk, d.actions = point, None, []
            covers = self.session.m.covers(point)
            d.cover = covers[0] if covers else None
            d.side = self.stances.default_side(d.cover, None, point)
            self.mode = ORIGIN if d.prebunker else None
            desk.quiet()
        elif self.mode == ORIGIN:
            before, d.prebunk = d.prebunk, point
            reason = self.why_line(d)
            if reason:
                d.prebunk = before
                desk.flash(reason, error=True)
                return
            self.mode = None
            desk.quiet()
        elif self.mode == MOVING:
            if self.waypoints and self.waypoints[-1] == point:
                self.finish_move()
                return
            self.waypoints.append(point)
        elif self.mode in AIMED:
            self.add(AIMED[self.mode](point))
            return
        self.changed()

    def figure_at(self, pos: tuple[int, int]) -> str | None:
        t = self.desk.t
        for pid in self.players():
            point = self.position(pid) or self.session.state.players[pid].point
            x, y = t.to_screen(*point)
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= (t.scale * 0.5) ** 2:
                return pid
        return None

    # -- drawing ------------------------------------------------------------------------------------
    def pending(self, hover: Point | None):
        """The run or shot being drawn up to the point under the mouse, and why the engine would
        refuse it there: (MOVING, SHOOTING or DUMPING, its points, reason or None), or None. Asked every
        frame (the hover text and the drawing): remembered while nothing it reads changes."""
        d = self.draft
        key = (self.mode, hover, tuple(self.waypoints), d.player, d.start, d.line(), id(self.session.state))
        if key != self._pending_key:
            self._pending_key, self._pending = key, self._pending_at(hover)
        return self._pending

    def _pending_at(self, hover: Point | None):
        d = self.draft
        if d.start is None or self.mode not in (MOVING, *AIMED):
            return None
        if self.mode in AIMED:
            if hover is None:
                return None
            return self.mode, (self.stand_point(d), hover), self.why_line(d, AIMED[self.mode](hover))
        points = list(self.waypoints)
        if hover is not None and hover not in points[-1:]:
            points.append(hover)
        if not points:
            return None
        move = self.stances.arrival_move(points)
        path = self.session.m.path(self.stand_point(d), tuple(points))
        return MOVING, path, self.why_line(d, move)

    # -- the room's part on the board and the panel -------------------------------------------------------
    def hover(self, pid: str | None) -> str | None:
        """The engine's refusal of the run or shot being drawn, as it is drawn."""
        pending = self.pending(self.desk.board_point())
        if pending is not None and pending[2]:
            key = {"move": "run_refused", "dump": "sheet_dump_refused"}.get(pending[0], "shot_refused")
            return tr(f"match.hover.{key}", reason=pending[2])
        return None

    def drawn_live(self) -> bool:
        return True  # the run or the shot being drawn follows the mouse

    def positions(self) -> dict[str, Point]:
        return {pid: d.start for pid, d in self.lines.items() if d.start is not None}

    def draw_panel(self, surface: pygame.Surface, state: MatchState, x: int, y: int, w: int,
                   bottom: int) -> int:
        return self.draw_table(surface, x, y + 4, w, bottom)

    def draw_field(self, surface: pygame.Surface) -> None:
        self.draw_lines(surface, self.desk.board_point())

    def draw_lines(self, surface: pygame.Surface, hover: Point | None) -> None:
        t, m = self.desk.t, self.session.m
        colour = theme.TEAM[self.team]
        if self.mode == START:
            d = self.draft
            for point in self.session.state.lattice.points():
                if self.why_start(point, d) is None:
                    pygame.draw.circle(surface, theme.ACTIVE, t.to_screen(*point),
                                       max(3, int(t.scale * 0.18)), 1)
        for d in self.lines.values():
            if d.start is None:
                continue
            if d.prebunker and d.prebunk is not None:
                draw_template(surface, t, d.prebunk, d.start, self.team)
            here = d.start
            for a in d.actions:
                if isinstance(a, Move):
                    path = m.path(here, a.waypoints)
                    pygame.draw.lines(surface, colour, False, [t.to_screen(*q) for q in path], 3)
                    here = a.end
                elif isinstance(a, (ShotAt, DumpAt)) and a.point is not None:
                    pygame.draw.line(surface, SHOT_COLOUR, t.to_screen(*here), t.to_screen(*a.point), 2)
                    pygame.draw.circle(surface, SHOT_COLOUR, t.to_screen(*a.point), int(t.scale * 0.25), 2)
        d = self.draft
        pending = self.pending(hover)
        if pending is not None:
            kind, points, refused = pending
            if kind == MOVING:
                draw_run(surface, t, points, {}, self.session.state, refused)
            else:
                colour = theme.REFUSED if refused else SHOT_COLOUR
                a, b = t.to_screen(*points[0]), t.to_screen(*points[-1])
                pygame.draw.line(surface, colour, a, b, 2)
                if refused:
                    words = theme.text(refused, 12, (255, 255, 255), True)
                    r = words.get_rect(midtop=(b[0], b[1] + 10)).clamp(surface.get_rect())
                    pygame.draw.rect(surface, (150, 30, 30), r.inflate(8, 4), border_radius=3)
                    surface.blit(words, r)
        where = self.position(d.player) or self.session.state.players[d.player].point
        pygame.draw.circle(surface, theme.SELECT, t.to_screen(*where), int(t.scale * 0.52), 3)

    def draw_table(self, surface, x: int, y: int, w: int, bottom: int) -> int:
        """The sheet as on paper: one row per player, coordinates in the coach's own half."""
        orders, rows = self.orders(), []
        for pid in self.players():
            d = self.lines.get(pid, LineDraft(pid))
            acts = " · ".join(self.action_text(a) for a in d.actions) or "—"  # side by side, each in words
            rows.append((str(orders.get(pid, "—")), pid, self.fmt(d.start) if d.start else "—",
                         self.fmt(d.prebunk) if d.prebunker and d.prebunk else ("?" if d.prebunker else ""),
                         acts))
        y = draw_sheet_table(surface, self.team, rows, x, y, w, bottom, self.current)
        reason = self.why_line(self.draft)
        if reason and y + 16 <= bottom:
            for part in theme.wrap(tr("match.sheet.problem", player=self.current, reason=reason), 13, w)[:2]:
                theme.blit_text(surface, part, (x, y + 2), 13, theme.TEXT_WARN)
                y += 16
        return y


def draw_sheet_table(surface, team: str, rows, x: int, y: int, w: int, bottom: int,
                     current: str | None = None) -> int:
    """A break sheet as on paper: its title, then one row per player (order, player, start, prebunk,
    actions, each already in words); ``current`` is lit. Returns the y below it."""
    theme.blit_text(surface, tr(f"match.sheet.title.{team}"), (x, y), 14, theme.TEXT, True)
    y += 20
    cols = (x, x + 40, x + 100, x + 160, x + 230)
    for cx, column in zip(cols, ("order", "player", "start", "prebunk", "actions"), strict=True):
        theme.blit_text(surface, tr(f"match.sheet.column.{column}"), (cx, y), 13, theme.TEXT_DIM, True)
    y += 18
    for row in rows:
        if y + 16 > bottom:
            break
        colour = theme.SELECT if row[1] == current else theme.TEXT
        for cx, words in zip(cols[:4], row[:4], strict=True):
            theme.blit_text(surface, words, (cx, y), 13, colour)
        for part in theme.wrap(row[4], 13, w - (cols[4] - x))[:2]:
            theme.blit_text(surface, part, (cols[4], y), 13, colour)
            y += 16
    return y


def revealed_rows(sheet, lattice, viewer: str, words) -> list[tuple]:
    """The rows of a revealed sheet (``BreakSheet``), coordinates in ``viewer``'s own half as his
    table reads them, ``words`` wording an action (``phase_declare.action_words``)."""
    def fmt(p):
        return lattice.format(p, viewer)

    return [(str(ln.order), ln.player, fmt(ln.start), fmt(ln.prebunk) if ln.prebunker else "",
             " · ".join(words(a, fmt) for a in ln.actions) or "—")
            for ln in sorted(sheet.lines, key=lambda ln: ln.order)]


def base_words(lattice) -> str:
    """Where runners start, in words: "row 13, columns E-M" on the default field."""
    cols = lattice.base_columns
    return tr("match.sheet.base_text", row=lattice.base_row, first=COLUMN_LETTERS[cols[0]],
              last=COLUMN_LETTERS[cols[-1]])


def prebunk_words(lattice) -> str:
    """The prebunk zone's rows in words: "rows 11-13" on the default field."""
    rows = lattice.prebunk_rows
    return tr("match.sheet.prebunk_text", first=rows[0], last=rows[-1])
