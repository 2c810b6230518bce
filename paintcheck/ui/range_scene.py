"""*Learn the instruments*: the practice range. A shooter and a target (and a second target) the
learner drags anywhere on a field; postures, covers, side, DEF, supports, the shot's kind, a run
drawn by clicks — and every modifier drawn on the field with its value, summed in the panel with
its rule, then the odds. Two heatmaps answer "from where?" and "where to hide?"; lessons ask.

The numbers are the engine's: ``odds.situation.read`` sets the situation up as a match state and
asks ``RoundView`` (the same reading a match makes); the drawings are the match's own overlays on
that state (``ui.overlays``). This scene turns the mouse into situations; ``range_view`` draws;
``range_lessons`` asks the lessons; ``range_maps`` computes the heatmaps.

The scene owns the range's model (``range_model.RangeModel``: the field, the situation, its
reading, the hand), the frame (where things stand) and the panel's controls; it is given the app.
Its parts are built once with what they need: ``RangeLessons(model, app, ...)``,
``RangeMaps(model)``, ``RangeView(model, lessons, maps, ...)``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from paintcheck.field.lattice import other_team, point_name
from paintcheck.field.layout import LayoutError
from paintcheck.field.layout_file import default_layout_path, load_layout
from paintcheck.odds.situation import Figure, Situation, SituationReading, shooter_team
from paintcheck.rules import tables
from paintcheck.rules.words import side_word
from paintcheck.table import Table
from paintcheck.ui import i18n, text_fit
from paintcheck.ui.i18n import say, tr
from paintcheck.ui.range_lessons import RangeLessons
from paintcheck.ui.range_maps import MAPS, RangeMaps
from paintcheck.ui.range_model import RangeFrame, RangeModel, said_of
from paintcheck.ui.range_view import RangeView
from paintcheck.ui.scenes import Scene
from paintcheck.ui.transform import FieldTransform

if TYPE_CHECKING:
    from paintcheck.rules.measure import Measurer
    from paintcheck.ui.app import App

KINDS = ("simple", "reflex", "suppressive")
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


class RangeScene(Scene):
    name = "range"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.model = RangeModel()
        self.frame: RangeFrame | None = None
        self.lessons = RangeLessons(self.model, app, self.rebuild, self.open_field)
        self.maps = RangeMaps(self.model)
        self.view = RangeView(self.model, self.lessons, self.maps, app.draw_message)

    # -- what the tests read ----------------------------------------------------------------------------
    @property
    def situation(self) -> Situation:
        return self.model.situation

    @property
    def reading(self) -> SituationReading | None:
        return self.model.reading

    @property
    def m(self) -> Measurer:
        return self.model.m

    @property
    def table(self) -> Table:
        return self.model.table

    @property
    def layout_file(self) -> Path | None:
        return self.model.layout_file

    @property
    def placed(self) -> RangeFrame:
        """The frame of the window laid out (``layout`` came first)."""
        assert self.frame is not None, "the range is laid out when it is entered"
        return self.frame

    @property
    def t(self) -> FieldTransform:
        return self.placed.t

    @property
    def px(self) -> int:
        return self.placed.px

    @property
    def pw(self) -> int:
        return self.placed.pw

    # -- entering ---------------------------------------------------------------------------------
    def enter(self, persist: dict) -> None:
        mo = self.model
        path = persist.get("path") or mo.layout_file or self.app.layout_path or default_layout_path()
        if not mo.opened or Path(path) != mo.layout_file:
            self.open_field(Path(path), persist.get("situation"))
        super().enter(persist)

    def open_field(self, path: Path, situation: Situation | None = None) -> bool:
        try:
            field = load_layout(path).build()
        except LayoutError as exc:
            self.app.flash(tr("range.cannot_open", error=say(said_of(exc))), error=True)
            return False
        table = Table.from_field(field)
        self.model.open(path, table, situation or first_situation(table.measurer))
        self.lessons.close()  # a lesson belongs to its field
        self.maps.restart()
        self.view.forget_drawings()
        return True

    def exit(self) -> None:
        self.maps.close()
        super().exit()

    # -- the situation ----------------------------------------------------------------------------------
    def set(self, **changes) -> None:
        """Change the situation (every button and drag comes here; not while a lesson is asked)."""
        if self.lessons.asking:
            self.app.flash(tr("range.stays"), error=True)
            return
        mo = self.model
        before, mo.situation = mo.situation, replace(mo.situation, **changes)
        team = shooter_team(mo.situation)
        if team != shooter_team(before):
            self.app.flash(tr("range.flash.colours", shooter=i18n.team(team),
                              target=i18n.team(other_team(team))))
        self.rebuild()

    def set_figure(self, which: str, **changes) -> None:
        figure = getattr(self.model.situation, which)
        self.set(**{which: replace(figure, **changes)})

    # -- layout -----------------------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        fw = min(int(h * 0.72), w - 640)
        area = pygame.Rect(0, 0, fw, h)
        t = FieldTransform.fit(tuple(area), self.model.table.field.lattice)
        self.frame = RangeFrame(area, t, fw + 14, w - fw - 28)
        self.view.forget_drawings()
        self.rebuild()

    def rebuild(self) -> None:
        mo, f, lessons = self.model, self.placed, self.lessons
        s = mo.situation
        c = self.controls
        f.captions = {}
        c.start(f.px, 44, f.pw)
        c.row_height = 28
        c.add("lessons", tr("range.button.lessons"), lessons.open_lessons, chosen=lessons.lesson is not None,
              hint=tr("range.button.lessons_hint"))
        c.add("field", tr("range.button.field"), lambda: self.app.switch("fields", purpose="range"))
        c.add("swap", tr("range.button.swap"), self.swap, hint=tr("range.button.swap_hint"))
        c.add("back", tr("common.back_title"), lambda: self.app.switch("title"))
        c.newline(10)
        for which in ("shooter", "target"):
            figure = getattr(s, which)
            f.captions[which] = (c.x, c.y)
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
                  None if mo.m.covers(figure.point) else tr("range.cover_reason"),
                  hint=tooltip(cover, each, tr("range.cover_hint")), width=each)
            if which == "shooter":
                side = say(side_word(figure.side)) if figure.side else self.played_side()
                side = tr("range.side", side=side)
                c.add("shooter-side", fitted(side, each), self.next_side,
                      None if figure.cover else tr("range.side_reason"),
                      hint=tooltip(side, each, tr("range.side_hint")), width=each)
            c.newline()
        f.captions["def"] = (c.x, c.y)
        c.label_space(62)
        for n in range(tables.MAX_DEF + 1):
            c.add(f"def-{n}", tr("range.def", n=n), lambda n=n: self.set(def_count=n),
                  chosen=s.def_count == n, hint=tr("range.def_hint"))
        c.add("boulets", tr("range.boulets", n=s.boulets), self.next_boulets, hint=tr("range.boulets_hint"))
        c.newline()
        f.captions["shot"] = (c.x, c.y)
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
        f.captions["run"] = (c.x, c.y)
        c.label_space(62)
        c.add("run", tr("range.run.drawn" if mo.drawing_run else "range.run.draw"), self.toggle_run,
              chosen=mo.drawing_run, hint=tr("range.run.hint"))
        no_run = None if s.run else tr("range.run.none")
        c.add("run-clear", tr("range.run.clear"), lambda: self.set(run=(), def_after_move=False), no_run)
        c.add("def-after", tr("range.run.def_after"), self.toggle_def_after, no_run, chosen=s.def_after_move)
        c.add("second", tr("range.second"), self.toggle_second, chosen=s.second_target is not None,
              hint=tr("range.second_hint"))
        c.newline()
        f.captions["map"] = (c.x, c.y)
        c.label_space(62)
        no_map = tr("range.veil.map_reason") if lessons.asking else None  # its chances tell the odds
        for key in MAPS:
            c.add(f"map-{key}", tr(f"range.map.{key}"), lambda k=key: self.set_map(k), no_map,
                  chosen=mo.map == key)
        c.newline(10)
        f.sum_top = c.bottom + 4
        if lessons.lesson is not None or lessons.listing:
            f.sum_top = lessons.lesson_controls(c, f)

    # -- buttons ----------------------------------------------------------------------------------------
    def cover_words(self, cover: str | None) -> str:
        return tr("range.cover_none") if cover is None else say(self.model.m.obstacle(cover).name or cover)

    def next_cover(self, which: str) -> None:
        figure = getattr(self.model.situation, which)
        options = [*self.model.m.covers(figure.point), None]
        now = options.index(figure.cover) if figure.cover in options else -1
        self.set_figure(which, cover=options[(now + 1) % len(options)], side=None)

    def played_side(self) -> str:
        """The side the shooter plays when the learner leaves it to the reading: "auto (left)"."""
        r = self.model.reading
        side = r.state.players[r.shooter_id].side if r is not None else None
        if side is None:
            return tr("range.side_auto")
        return tr("range.side_auto_played", side=say(side_word(side)))

    def next_side(self) -> None:
        figure = self.model.situation.shooter
        over = figure.cover is not None and self.model.m.obstacle(figure.cover).overable
        options = [None, "left", "right"] + (["over"] if over else [])
        now = options.index(figure.side) if figure.side in options else 0
        self.set_figure("shooter", side=options[(now + 1) % len(options)])

    def toggle_def_after(self) -> None:
        """A DEF after the move is at least one DEF (RULES 9.3): DEF 1 when none was set."""
        s = self.model.situation
        on = not s.def_after_move
        self.set(def_after_move=on, def_count=max(1, s.def_count) if on else s.def_count)

    def next_boulets(self) -> None:
        self.set(boulets=(self.model.situation.boulets + 1) % (tables.MAX_BOULETS + 1))

    def toggle_run(self) -> None:
        self.model.drawing_run = not self.model.drawing_run
        self.rebuild()

    def toggle_second(self) -> None:
        mo = self.model
        s = mo.situation
        if s.second_target is not None:
            self.set(second_target=None)
            return
        tx, ty = s.target.point
        for dx in (2, -2, 3, -3, 4, -4, 1, -1):
            p = (tx + dx, ty)
            if mo.free(p):
                self.set(second_target=Figure(p, "standing", _first(mo.m.covers(p))))
                return
        self.app.flash(tr("range.flash.no_second"), error=True)

    def swap(self) -> None:
        s = self.model.situation
        self.set(shooter=replace(s.target, side=None), target=replace(s.shooter, side=None), run=(),
                 def_after_move=False, second_target=None)

    def set_map(self, key: str) -> None:
        self.model.map = None if self.model.map == key else key
        self.rebuild()

    # -- the map's work -----------------------------------------------------------------------------------
    def animating(self) -> bool:
        return self.model.map is not None and self.maps.busy

    def update(self, dt: float) -> None:
        self.maps.want()
        self.maps.poll()

    # -- the mouse --------------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        mo, f = self.model, self.placed
        if self.lessons.lesson_event(event, f):
            return
        if event.type == pygame.MOUSEMOTION:
            mo.mouse = event.pos
            terms = self.view.term_rects
            mo.hover_term = next((i for rect, i in terms if rect.collidepoint(event.pos)), None)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if mo.drawing_run:
                self.toggle_run()
            else:
                self.app.switch("title")
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and f.field_area.collidepoint(event.pos):
            self.press(event.pos)
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and mo.drawing_run:
            self.toggle_run()  # a right click ends the run
            return
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and mo.dragging:
            self.release(event.pos)
            return
        super().handle_event(event)

    def press(self, pos) -> None:
        mo, f = self.model, self.placed
        which = f.figure_near(mo, pos)
        if which is not None:
            mo.dragging = which
            return
        if mo.drawing_run:
            point = f.t.nearest_point(*pos)
            s = mo.situation
            last = s.run[-1] if s.run else s.target.point
            if point is None or point == last:
                return
            if mo.m.blocked(point):
                self.app.flash(tr("range.flash.piece_there", point=point_name(point)), error=True)
                return
            self.set(run=(*s.run, point))

    def release(self, pos) -> None:
        mo = self.model
        which, mo.dragging = mo.dragging, None
        if which is None:
            return
        point = self.placed.t.nearest_point(*pos)
        figure = getattr(mo.situation, which)
        if point is None or point == figure.point:
            return
        if not mo.free(point):
            self.app.flash(tr("range.flash.no_one", point=point_name(point)), error=True)
            return
        changes = {"point": point, "cover": _first(mo.m.covers(point))}
        if which == "shooter":
            changes["side"] = None
        if which == "target":
            self.set(run=(), def_after_move=False)
        self.set_figure(which, **changes)

    # -- the drawing ------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.view.draw(surface, self.placed)
