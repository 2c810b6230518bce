"""*Learn the instruments*: the practice range. A shooter and a target (and a second target) the
learner drags anywhere on a field; postures, covers, side, DEF, supports, the shot's kind, a run
drawn by clicks — and every modifier drawn on the field with its value, summed in the panel with
its rule, then the odds. Two heatmaps answer "from where?" and "where to hide?"; lessons ask.

The numbers are the engine's: ``odds.situation.read`` sets the situation up as a match state and
asks ``RoundView`` (the same reading a match makes); the drawings are the match's own overlays on
that state (``ui.overlays``). This scene turns the mouse into situations; ``range_view`` draws;
``range_lessons`` asks the lessons.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from paintcheck.field.lattice import other_team, point_name
from paintcheck.field.layout import LayoutError
from paintcheck.field.layout_file import default_layout_path, load_layout
from paintcheck.odds import heatmaps
from paintcheck.odds.situation import Figure, Situation, read, shooter_team
from paintcheck.rules import tables
from paintcheck.rules.words import side_word
from paintcheck.table import Table
from paintcheck.ui import i18n, text_fit
from paintcheck.ui.i18n import say, tr
from paintcheck.ui.range_lessons import RangeLessons
from paintcheck.ui.range_view import RangeView
from paintcheck.ui.scenes import Scene
from paintcheck.ui.transform import FieldTransform
from paintcheck.ui.worker import LatestJob

KINDS = ("simple", "reflex", "suppressive")
MAPS = ("from_where", "where_to_hide")  # the maps' keys (their words: range.map.<key>)
GRAB = 0.45  # points: how near a figure the mouse must press to take it
MAX_SUPPORTS = 3
STANCE_MIN = 120  # the narrowest the cover and side buttons get (a narrow panel wraps them)
BUTTON_PADDING = 22  # a button's words have this much less room than the button


def fitted(words: str, width: int) -> str:
    """``words`` as a button ``width`` pixels wide shows them (cut with an ellipsis)."""
    return text_fit.cut(words, 14, width - BUTTON_PADDING)


def tooltip(words: str, width: int, hint: str) -> str:
    """A button's hint, with its whole words first when the button shows them cut."""
    return hint if fitted(words, width) == words else f"{words} · {hint}"


def first_situation(m) -> Situation:
    """A White shooter at W:K5 and a Blue target behind the nearest piece to B:H7 (or in the open)."""
    target = (7, -7)
    shooter = (10, 5)
    for p in ((7, -7), (7, -5), (4, -7), (8, -8), (2, -4), (12, -6)):
        if m.on_field(p) and not m.blocked(p) and m.covers(p):
            target = p
            break
    covers = m.covers(target)
    return Situation(Figure(shooter, "standing", _first(m.covers(shooter))),
                     Figure(target, "kneeling", covers[0] if covers else None))


def _first(items):
    return items[0] if items else None


def _said(exc: Exception):
    """What an error said: its ``Said`` when it carries one (worded later in the window's language),
    else its text."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, str) else str(exc)


class RangeScene(RangeLessons, RangeView, Scene):
    name = "range"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.layout_file: Path | None = None
        self.table: Table | None = None
        self.heat = LatestJob("range-map")
        self.init_lessons()

    # -- entering ---------------------------------------------------------------------------------
    def enter(self, persist: dict) -> None:
        path = persist.get("path") or self.layout_file or self.app.layout_path or default_layout_path()
        if self.table is None or Path(path) != self.layout_file:
            self.open_field(Path(path), persist.get("situation"))
        super().enter(persist)

    def open_field(self, path: Path, situation: Situation | None = None) -> bool:
        try:
            field = load_layout(path).build()
        except LayoutError as exc:
            self.app.flash(tr("range.cannot_open", error=say(_said(exc))), error=True)
            return False
        self.layout_file, self.table = path, Table.from_field(field)
        self.m = self.table.measurer
        self.situation = situation or first_situation(self.m)
        self.lesson, self.listing, self.outcome = None, False, None  # a lesson belongs to its field
        self.dragging: str | None = None  # "shooter", "target" or "second" while held
        self.drawing_run = False
        self.mouse = (0, 0)
        self.hover_term: int | None = None
        self.map: str | None = None
        self.heat.close()
        self.heat = LatestJob("range-map")
        self._reading_key = self._reading = None
        self.forget_drawings()
        return True

    def exit(self) -> None:
        self.heat.close()
        super().exit()

    # -- the reading ----------------------------------------------------------------------------------
    @property
    def reading(self):
        """The engine's reading of the situation (or the reason it cannot be set up), remembered."""
        if self._reading_key != self.situation:
            try:
                self._reading, self.problem = read(self.m, self.situation, self.table.field.lattice), None
            except ValueError as exc:
                self._reading, self.problem = None, _said(exc)  # said in the window's language
            self._reading_key = self.situation
        return self._reading

    def set(self, **changes) -> None:
        """Change the situation (every button and drag comes here; not while a lesson is asked)."""
        if self.asking:
            self.app.flash(tr("range.stays"), error=True)
            return
        before, self.situation = self.situation, replace(self.situation, **changes)
        team = shooter_team(self.situation)
        if team != shooter_team(before):
            self.app.flash(tr("range.flash.colours", shooter=i18n.team(team),
                              target=i18n.team(other_team(team))))
        self.rebuild()

    def set_figure(self, which: str, **changes) -> None:
        figure = getattr(self.situation, which)
        self.set(**{which: replace(figure, **changes)})

    # -- layout -----------------------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        fw = min(int(h * 0.72), w - 640)
        self.field_area = pygame.Rect(0, 0, fw, h)
        self.t = FieldTransform.fit(tuple(self.field_area), self.table.field.lattice)
        self.px, self.pw = fw + 14, w - fw - 28
        self.forget_drawings()
        self.rebuild()

    def rebuild(self) -> None:
        s = self.situation
        c = self.controls
        self.captions = {}
        c.start(self.px, 44, self.pw)
        c.row_height = 28
        c.add("lessons", tr("range.button.lessons"), self.open_lessons, chosen=self.lesson is not None,
              hint=tr("range.button.lessons_hint"))
        c.add("field", tr("range.button.field"), lambda: self.app.switch("fields", purpose="range"))
        c.add("swap", tr("range.button.swap"), self.swap, hint=tr("range.button.swap_hint"))
        c.add("back", tr("common.back_title"), lambda: self.app.switch("title"))
        c.newline(10)
        for which in ("shooter", "target"):
            figure = getattr(s, which)
            self.captions[which] = (c.x, c.y)
            c.label_space(62)
            for posture in tables.POSTURES:
                c.add(f"{which}-{posture}", tr(f"range.posture.{posture}"),
                      lambda w=which, p=posture: self.set_figure(w, posture=p),
                      chosen=figure.posture == posture)
            # the cover and the side have widths of their own, whatever the piece's name: the rows
            # under them never move when a name is longer (the whole name in the tooltip)
            each = max(STANCE_MIN, (c.x0 + c.width - c.x - 12) // 2)
            cover = tr("range.cover", name=self.cover_words(figure.cover))
            c.add(f"{which}-cover", fitted(cover, each), lambda w=which: self.next_cover(w),
                  None if self.m.covers(figure.point) else tr("range.cover_reason"),
                  hint=tooltip(cover, each, tr("range.cover_hint")), width=each)
            if which == "shooter":
                side = say(side_word(figure.side)) if figure.side else self.played_side()
                side = tr("range.side", side=side)
                c.add("shooter-side", fitted(side, each), self.next_side,
                      None if figure.cover else tr("range.side_reason"),
                      hint=tooltip(side, each, tr("range.side_hint")), width=each)
            c.newline()
        self.captions["def"] = (c.x, c.y)
        c.label_space(62)
        for n in range(tables.MAX_DEF + 1):
            c.add(f"def-{n}", tr("range.def", n=n), lambda n=n: self.set(def_count=n),
                  chosen=s.def_count == n, hint=tr("range.def_hint"))
        c.add("boulets", tr("range.boulets", n=s.boulets), self.next_boulets, hint=tr("range.boulets_hint"))
        c.newline()
        self.captions["shot"] = (c.x, c.y)
        c.label_space(62)
        for kind in KINDS:
            c.add(f"kind-{kind}", tr(f"range.kind.{kind}"), lambda k=kind: self.set(kind=k),
                  chosen=s.kind == kind)
        c.add("advantage", tr("range.advantage"), lambda: self.set(advantage=not s.advantage),
              chosen=s.advantage, hint=tr("range.advantage_hint"))
        for n in range(MAX_SUPPORTS + 1):
            c.add(f"supports-{n}", tr("range.supports", n=n), lambda n=n: self.set(supports=n),
                  chosen=s.supports == n, hint=tr("range.supports_hint"))
        c.newline()
        self.captions["run"] = (c.x, c.y)
        c.label_space(62)
        c.add("run", tr("range.run.drawn" if self.drawing_run else "range.run.draw"), self.toggle_run,
              chosen=self.drawing_run, hint=tr("range.run.hint"))
        no_run = None if s.run else tr("range.run.none")
        c.add("run-clear", tr("range.run.clear"), lambda: self.set(run=(), def_after_move=False), no_run)
        c.add("def-after", tr("range.run.def_after"), self.toggle_def_after, no_run, chosen=s.def_after_move)
        c.add("second", tr("range.second"), self.toggle_second, chosen=s.second_target is not None,
              hint=tr("range.second_hint"))
        c.newline()
        self.captions["map"] = (c.x, c.y)
        c.label_space(62)
        no_map = tr("range.veil.map_reason") if self.asking else None  # its chances tell the odds
        for key in MAPS:
            c.add(f"map-{key}", tr(f"range.map.{key}"), lambda k=key: self.set_map(k), no_map,
                  chosen=self.map == key)
        c.newline(10)
        self.sum_top = c.bottom + 4
        if self.lesson is not None or self.listing:
            self.lesson_controls(c)

    # -- buttons ----------------------------------------------------------------------------------------
    def cover_words(self, cover: str | None) -> str:
        return tr("range.cover_none") if cover is None else say(self.m.obstacle(cover).name or cover)

    def next_cover(self, which: str) -> None:
        figure = getattr(self.situation, which)
        options = [*self.m.covers(figure.point), None]
        now = options.index(figure.cover) if figure.cover in options else -1
        self.set_figure(which, cover=options[(now + 1) % len(options)], side=None)

    def played_side(self) -> str:
        """The side the shooter plays when the learner leaves it to the reading: "auto (left)"."""
        r = self.reading
        side = r.state.players[r.shooter_id].side if r is not None else None
        if side is None:
            return tr("range.side_auto")
        return tr("range.side_auto_played", side=say(side_word(side)))

    def next_side(self) -> None:
        figure = self.situation.shooter
        over = figure.cover is not None and self.m.obstacle(figure.cover).overable
        options = [None, "left", "right"] + (["over"] if over else [])
        now = options.index(figure.side) if figure.side in options else 0
        self.set_figure("shooter", side=options[(now + 1) % len(options)])

    def toggle_def_after(self) -> None:
        """A DEF after the move is at least one DEF (RULES 9.3): DEF 1 when none was set."""
        s = self.situation
        on = not s.def_after_move
        self.set(def_after_move=on, def_count=max(1, s.def_count) if on else s.def_count)

    def next_boulets(self) -> None:
        self.set(boulets=(self.situation.boulets + 1) % (tables.MAX_BOULETS + 1))

    def toggle_run(self) -> None:
        self.drawing_run = not self.drawing_run
        self.rebuild()

    def toggle_second(self) -> None:
        s = self.situation
        if s.second_target is not None:
            self.set(second_target=None)
            return
        tx, ty = s.target.point
        for dx in (2, -2, 3, -3, 4, -4, 1, -1):
            p = (tx + dx, ty)
            if self.free(p):
                self.set(second_target=Figure(p, "standing", _first(self.m.covers(p))))
                return
        self.app.flash(tr("range.flash.no_second"), error=True)

    def swap(self) -> None:
        s = self.situation
        self.set(shooter=replace(s.target, side=None), target=replace(s.shooter, side=None), run=(),
                 def_after_move=False, second_target=None)

    def set_map(self, key: str) -> None:
        self.map = None if self.map == key else key
        self.rebuild()

    def free(self, point) -> bool:
        s = self.situation
        taken = {s.shooter.point, s.target.point} | ({s.second_target.point} if s.second_target else set())
        return self.m.on_field(point) and not self.m.blocked(point) and point not in taken

    # -- the map's work ---------------------------------------------------------------------------
    def want_map(self) -> None:
        if self.map is None:
            return
        s, m, lattice = self.situation, self.m, self.table.field.lattice
        if self.map == "from_where":
            work = lambda: heatmaps.from_where(m, s, s.shooter.posture, lattice)  # noqa: E731
            key = ("from_where", replace(s, shooter=replace(s.shooter, point=(0, 0), cover=None, side=None)))
        else:
            work = lambda: heatmaps.where_to_hide(m, s, lattice)  # noqa: E731
            key = ("where_to_hide", replace(s, target=replace(s.target, point=(0, 0), cover=None), run=()))
        self.heat.want(key, work)

    def animating(self) -> bool:
        return self.map is not None and self.heat.busy

    def update(self, dt: float) -> None:
        self.want_map()
        self.heat.poll()

    # -- the mouse --------------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if self.lesson_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_term = next((i for rect, i in self.term_rects if rect.collidepoint(event.pos)), None)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.drawing_run:
                self.toggle_run()
            else:
                self.app.switch("title")
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.field_area.collidepoint(event.pos):
            self.press(event.pos)
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.drawing_run:
            self.toggle_run()  # a right click ends the run
            return
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.release(event.pos)
            return
        super().handle_event(event)

    def figure_near(self, pos) -> str | None:
        wx, wy = self.t.to_world(*pos)
        s = self.situation
        figures = [("shooter", s.shooter), ("target", s.target)]
        if s.second_target is not None:
            figures.append(("second_target", s.second_target))
        for which, figure in figures:
            if (wx - figure.point[0]) ** 2 + (wy - figure.point[1]) ** 2 <= GRAB ** 2:
                return which
        return None

    def press(self, pos) -> None:
        which = self.figure_near(pos)
        if which is not None:
            self.dragging = which
            return
        if self.drawing_run:
            point = self.t.nearest_point(*pos)
            s = self.situation
            last = s.run[-1] if s.run else s.target.point
            if point is None or point == last:
                return
            if self.m.blocked(point):
                self.app.flash(tr("range.flash.piece_there", point=point_name(point)), error=True)
                return
            self.set(run=(*s.run, point))

    def release(self, pos) -> None:
        which, self.dragging = self.dragging, None
        point = self.t.nearest_point(*pos)
        figure = getattr(self.situation, which)
        if point is None or point == figure.point:
            return
        if not self.free(point):
            self.app.flash(tr("range.flash.no_one", point=point_name(point)), error=True)
            return
        changes = {"point": point, "cover": _first(self.m.covers(point))}
        if which == "shooter":
            changes["side"] = None
        if which == "target":
            self.set(run=(), def_after_move=False)
        self.set_figure(which, **changes)
