"""Review a match: its timeline scrubbed step by step, the board as it stood then through one coach's
eyes, the resolution of that step told with its terms; lines that tried another decision beside the
main line; the coach's blunders; the timeline exported.

The match is read once by ``review.timeline.Review`` (the states, each step's events, what each seat
saw: ``Review.seen``, the view function, never a redraw that un-hides); this scene only draws it, with
the match's own drawing code (``match_board.draw_board``, ``resolution_view.draw_resolution``) and
the strip of ``review_timeline``. A branch is played in the match window itself (``review_branch``).

Entered with ``session`` (the ``MatchSession`` reviewed: its table and record), and optionally
``live_seat`` (a coach reviewing the match being played: his own seat, up to now), ``eyes``, ``k``,
``back`` / ``back_persist`` (the scene to go back to) or ``quit_on_back`` (``paintcheck review``).
"""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider

from paintcheck.review.timeline import Eyes, Line, Review
from paintcheck.rules.state import MatchState
from paintcheck.ui import i18n, review_lines, text_fit, theme
from paintcheck.ui.fieldview import FieldRenderer
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_board import BoardModel
from paintcheck.ui.review_blunders import BlunderList
from paintcheck.ui.review_board import BoardSurface, board_model, draw_told
from paintcheck.ui.review_timeline import Timeline, draw_timeline, marks
from paintcheck.ui.scenes import Scene
from paintcheck.ui.session import MatchSession
from paintcheck.ui.transform import FieldTransform

log = logging.getLogger(__name__)

STRIP_H = 104  # the timeline and its slider, under the board and the panel
TOLD_H = 170  # the panel's room kept under the buttons for the step's resolution
KEYS = {pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_HOME: "home", pygame.K_END: "end"}
EYES = (Eyes.BLUE, Eyes.WHITE, Eyes.ALL)


class ReviewScene(Scene):
    name = "review"
    field_area: pygame.Rect
    t: FieldTransform

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.slider: UIHorizontalSlider | None = None
        self.renderer: FieldRenderer | None = None
        self._session: MatchSession | None = None
        self.review: Review | None = None
        self.board = BoardSurface()  # the board, drawn once per step shown
        self.dragging = False

    # -- entering, leaving ------------------------------------------------------------------------
    def enter(self, persist: dict[str, Any]) -> None:
        session: MatchSession = persist["session"]
        self.live_seat: str | None = persist.get("live_seat")
        if persist.get("lines") is not None:
            self.lines = persist["lines"]
        elif session is not self._session or self.review is None or self.live_seat is not None:
            self.lines = review_lines.lines_for(session, self.live_seat)
        if session is not self._session:
            self.renderer = FieldRenderer(session.table.field)
            self.blunders = BlunderList(session.record)
        self.review = self.lines.review
        self._session = session
        self.lines.show(persist.get("line"))
        self.marks = marks(self.line)
        self.back = persist.get("back", "title")
        self.back_persist = persist.get("back_persist", {})
        self.quit_on_back = bool(persist.get("quit_on_back"))
        self.eyes = Eyes(persist.get("eyes") or self.default_eyes(persist.get("seat")))
        self.k = min(persist.get("k", len(self.line)), len(self.line))
        self.showing_blunders = bool(persist.get("blunders"))
        self.hover_step: int | None = None
        self.board.forget()
        super().enter(persist)

    def default_eyes(self, seat: str | None) -> Eyes:
        if self.live_seat is not None:
            return Eyes(self.live_seat)
        if seat is not None:
            return Eyes(seat)
        assert self.review is not None
        return Eyes.ALL if self.review.over else Eyes.BLUE

    def help_persist(self) -> dict[str, Any]:
        return {"session": self.session, "live_seat": self.live_seat, "eyes": self.eyes.value, "k": self.k,
                "back": self.back, "back_persist": self.back_persist, "quit_on_back": self.quit_on_back,
                "lines": self.lines, "line": self.lines.name, "blunders": self.showing_blunders}

    def exit(self) -> None:
        self.dragging = False
        if self.slider is not None:
            self.slider.kill()
            self.slider = None
        super().exit()

    @property
    def session(self) -> MatchSession:
        assert self._session is not None, "the review is entered with a session"
        return self._session

    @property
    def line(self) -> Line:
        """The line shown: the main line, or the branch chosen (``review_lines``)."""
        shown: Line = self.lines.shown
        return shown

    # -- layout -----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        board_h = h - STRIP_H
        fw = min(int(board_h * 0.8), w - 560)
        self.field_area = pygame.Rect(0, 0, fw, board_h)
        self.t = FieldTransform.fit((0, 0, fw, board_h), self.session.table.field.lattice)
        self.panel = pygame.Rect(fw, 0, w - fw, board_h)
        self.px, self.pw = fw + 12, w - fw - 24
        self.strip = Timeline((24, board_h + 16, w - 48, 34), len(self.line))
        if self.slider is not None:
            self.slider.kill()
        self.slider = UIHorizontalSlider(pygame.Rect(20, board_h + 60, w - 40, 28), self.k,
                                         (0, max(1, len(self.line))), self.app.manager,
                                         object_id="#review-slider")
        self.board.forget()
        self.rebuild()

    def rebuild(self) -> None:
        """The panel's buttons: whose eyes, the dice, the decision to try, the lines, the rest."""
        c = self.controls
        c.start(self.px, 74, self.pw)
        c.row_height = 28
        self.captions: list[tuple[pygame.Rect, str]] = []
        self.caption(tr("review_window.eyes.label"))
        for eyes in EYES:
            c.add(f"eyes-{eyes.value}", tr(f"review_window.eyes.{eyes.value}"),
                  lambda e=eyes: self.set_eyes(e), self.eyes_refused(eyes), chosen=eyes is self.eyes,
                  hint=tr("review_window.eyes.all_hint") if eyes is Eyes.ALL else None)
        c.newline()
        self.caption(tr("review_window.dice.label"))
        for mode in review_lines.DICE_MODES:
            c.add(f"dice-{mode}", tr(f"review_window.dice.{mode}"), lambda m=mode: self.set_dice(m),
                  chosen=self.lines.dice == mode, hint=tr(f"review_window.dice.{mode}_hint"))
        c.newline()
        c.add("try", tr("review_window.try"), self.try_decision, self.try_refused(), primary=True)
        c.add("blunders", tr("review_window.blunders"), self.toggle_blunders,
              None if self.live_seat is None else tr("review_window.try_live"), chosen=self.showing_blunders)
        c.newline()
        c.add("export-png", tr("review_window.export_png"), lambda: self.export("png"))
        c.add("export-html", tr("review_window.export_html"), lambda: self.export("html"))
        c.add("back", tr("review_window.back_match") if self.live_seat else tr("review_window.back"),
              self.go_back)
        c.newline(14)
        self.lines_top = c.y
        self.lines.build(c, self.pw, self.line_changed)
        if self.showing_blunders:  # as many rows as leave room for the step's resolution under them
            rows = (self.panel.bottom - TOLD_H - c.bottom) // (c.row_height + 4) - 1
            self.blunders.build(c, self.pw, self.open_what_if, rows)
        self.text_top = c.bottom + 12
        self.board.forget()

    def caption(self, words: str) -> None:
        """Words at the start of a row of buttons (what they choose)."""
        width = max(theme.text_width(tr("review_window.eyes.label"), 13),
                    theme.text_width(tr("review_window.dice.label"), 13)) + 12
        self.captions.append((self.controls.label_space(width), words))

    # -- what may be shown ----------------------------------------------------------------------
    def eyes_refused(self, eyes: Eyes) -> str | None:
        if self.live_seat is not None and eyes.value != self.live_seat:
            return tr("review_window.eyes.live_only")
        assert self.review is not None
        if eyes is Eyes.ALL and not self.review.over:
            return tr("review_window.eyes.all_not_over")
        return None

    def try_refused(self) -> str | None:
        """Why no other decision can be tried at this step (None: it can)."""
        if self.live_seat is not None:
            return tr("review_window.try_live")
        return self.lines.why_not_try(self.k, self.eyes)

    # -- scrubbing --------------------------------------------------------------------------------
    def set_step(self, k: int) -> None:
        k = max(0, min(len(self.line), k))
        if k == self.k:
            return
        self.k = k
        if self.slider is not None and int(self.slider.get_current_value()) != k:
            self.slider.set_current_value(k)
        self.refresh_try()

    def refresh_try(self) -> None:
        """*Try another decision* greyed or not at the step now shown (the button kept: a jump
        builds no widget)."""
        self.controls.set_reason("try", self.try_refused())

    def set_eyes(self, eyes: Eyes) -> None:
        self.eyes = eyes
        if self.showing_blunders:
            self.blunders.want(None if eyes is Eyes.ALL else eyes.value)
        self.rebuild()

    def set_dice(self, mode: str) -> None:
        self.lines.dice = mode
        self.rebuild()

    def line_changed(self) -> None:
        """Another line shown, or one deleted (and the match saved): the strip and the slider follow
        it; a save that failed is said in one line."""
        failed = self.lines.save_failed
        if failed is not None:
            reason = failed.strerror or str(failed) or type(failed).__name__
            self.app.flash(tr("app.cannot_save", file=self.session.path, error=reason), error=True)
            self.lines.save_failed = None
        self.marks = marks(self.line)
        self.k = min(self.k, len(self.line))
        if self.eyes_refused(self.eyes) is not None:
            self.eyes = Eyes(self.live_seat) if self.live_seat else Eyes.BLUE
        self.layout(self.app.size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.controls.handle(event):
            return
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.set_step(int(round(event.value)))
        elif event.type == pygame.KEYDOWN and event.key in KEYS:
            self.set_step(self.strip.key_step(self.k, KEYS[event.key]))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.on_strip(event.pos):
            self.dragging = True
            self.set_step(self.strip.step_at(event.pos[0]))
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.set_step(self.strip.step_at(event.pos[0]))
        elif event.type == pygame.MOUSEMOTION:  # the step under the mouse is named over the strip
            self.hover_step = self.strip.step_at(event.pos[0]) if self.on_strip(event.pos) else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False

    def on_strip(self, pos: tuple[int, int]) -> bool:
        x, y, w, h = self.strip.rect
        return pygame.Rect(x - 8, y - 6, w + 16, h + 12).collidepoint(pos)

    # -- actions ----------------------------------------------------------------------------------
    def go_back(self) -> None:
        if self.quit_on_back:
            self.app.quit()
            return
        self.app.switch(self.back, **self.back_persist)

    def try_decision(self) -> None:
        self.lines.try_decision(self.app, self.k, self.eyes, self.help_persist())

    def toggle_blunders(self) -> None:
        """The coach's blunders (the seat shown; both seats with *All*), read in the worker."""
        self.showing_blunders = not self.showing_blunders
        if self.showing_blunders:
            self.blunders.want(None if self.eyes is Eyes.ALL else self.eyes.value)
        self.rebuild()

    def open_what_if(self, k: int, seat: str) -> None:
        """A blunder's "what if": the main line at its step, from its coach's seat, tried otherwise."""
        self.eyes = Eyes(seat)
        if self.lines.name is not None:
            self.lines.name = None
            self.line_changed()
        self.set_step(k)
        if self.try_refused() is None:
            self.try_decision()

    def update(self, dt: float) -> None:
        if self.showing_blunders and self.blunders.poll():
            self.rebuild()

    def export(self, kind: str) -> None:
        from paintcheck.ui import review_export

        path = review_export.default_path(self.session.path.stem, kind)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            assert self.review is not None
            review_export.export_review(self.review, path, self.eyes, self.lines.name)
        except (OSError, ValueError) as exc:
            log.warning("could not export %s", path, exc_info=True)
            self.app.flash(tr("review_window.cannot_export", path=path, error=getattr(exc, "strerror", None)
                              or i18n.say(exc.args[0] if exc.args else exc)), error=True)
            return
        self.app.flash(tr("review_window.exported", path=path))

    # -- drawing ----------------------------------------------------------------------------------
    def seen(self) -> MatchState:
        """The board at the step shown, through the eyes chosen (``Review.seen``: the view function)."""
        assert self.review is not None
        return self.review.seen(self.k, self.eyes, self.lines.name)

    def seen_board(self) -> BoardModel:
        assert self.renderer is not None
        return board_model(self.renderer, self.app.size, self.field_area, self.t, self.session.table.field,
                           self.session.m, self.seen())

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        key = (id(self.line), self.k, self.eyes, self.field_area.size, self.t)
        self.board.blit(surface, key, self.field_area, self.seen_board)
        pygame.draw.rect(surface, theme.PANEL, self.panel)
        pygame.draw.line(surface, theme.PANEL_LINE, self.panel.topleft, self.panel.bottomleft, 2)
        x, w = self.px, self.pw
        field = self.session.table.field.layout.name_in(i18n.current()) or self.session.setup_name
        title = tr("review_window.live_title" if self.live_seat else "review_window.title", field=field)
        theme.blit_text(surface, text_fit.cut(title, 20, w, True), (x, 10), 20, theme.TEXT, True)
        line = self.line
        step = tr("review_window.step", k=self.k, n=len(line))
        said = i18n.say(line.moments[self.k].said)
        theme.blit_text(surface, text_fit.cut(f"{step} · {said}", 15, w), (x, 42), 15, theme.TEXT)
        for rect, words in self.captions:
            theme.blit_text(surface, words, (rect.x, rect.centery), 13, theme.TEXT_DIM, anchor="midleft")
        y = self.lines.draw(surface, x, self.lines_top, w)
        y = max(y, self.text_top)
        bottom = self.panel.bottom - 8
        if self.app.message:
            words, colour = self.app.message
            for part in theme.wrap(words, 13, w)[:3]:
                theme.blit_text(surface, part, (x, y), 13, colour)
                y += 17
        if self.showing_blunders:
            self.blunders.draw(surface, x, w)
        y = self.lines.draw_odds(surface, self.k, x, y, w, bottom)
        draw_told(surface, self.line.events(self.k), x, y + 4, w, bottom)
        hover = self.hover_step if self.hover_step is not None and self.hover_step <= len(line) else None
        named = None if hover is None else (tr("review_window.step", k=hover, n=len(line)) + " · "
                                            + i18n.say(line.moments[hover].said))
        draw_timeline(surface, self.strip, self.marks, self.k, hover, named)
