"""The window: ``App`` owns the loop and the scenes (``python main.py`` / ``python main.py play``).

Loop: events → ``manager.process_events`` first (pygame_gui keeps what is its own) → the active
scene's ``handle_event`` → ``update(dt)`` → ``draw`` → ``flip`` → ``clock.tick``. Nothing here
initialises pygame at import time; ``App()`` does.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from paintcheck.field.layout import LayoutError
from paintcheck.net.tcp import DEFAULT_PORT
from paintcheck.printable import printable
from paintcheck.rules.codec import START_BREAK, CodecError
from paintcheck.ui import i18n, overlays, saves, theme
from paintcheck.ui.holder import Holder
from paintcheck.ui.session import MatchSession
from paintcheck.ui.window_size import DEFAULT_SIZE, opening_position, opening_size, smallest_size

if TYPE_CHECKING:  # the scenes are imported when the window is made (``App.__init__``)
    from paintcheck.ui.net_scenes import NetLink
    from paintcheck.ui.scenes import Scene

FPS = 60
IDLE_FPS = 15  # nothing moves and nobody touches the mouse: poll slowly, draw nothing
AWAKE_AFTER_INPUT = 2.0  # seconds of full-rate drawing after any event (hover effects, tooltips)


class App:
    def __init__(self, size=DEFAULT_SIZE, layout=None, seed: int | None = None, start: str = "title",
                 language: str = i18n.DEFAULT, position: tuple[int, int] | None = None) -> None:
        """``size``: as asked (the tests' windows); ``run`` asks the size that fits the desktop."""
        pygame.init()
        i18n.set_locale(language)
        self.language = language
        theme.reset()
        overlays.reset()
        size = tuple(size or DEFAULT_SIZE)  # as asked: ``open_window`` has fitted it to the desktop
        self.floor = smallest_size(size)  # a resize goes no smaller (a small desktop's whole size)
        pygame.display.set_caption("Paintcheck Digital")
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if position is not None:
            pygame.display.set_window_position(position)
        self.size = self.screen.get_size()
        self.manager = pygame_gui.UIManager(self.size, theme.gui_theme(), enable_live_theme_updates=False,
                                            starting_language=language,
                                            translation_directory_paths=[str(i18n.CATALOGUE_DIR)])
        self.manager.preload_fonts(
            [{"name": "dejavu", "point_size": size, "style": style}
             for size in (13, 14, 18, 24) for style in ("regular", "bold")
             if style == "bold" or size in (18, 24)])
        self.clock = pygame.time.Clock()
        self.layout_path = layout
        self.seed = seed
        self.running = True
        self.awake = AWAKE_AFTER_INPUT  # draw the first frames
        self.message: tuple[str, tuple] | None = None
        self._fresh_message = False  # flashed since the last switch of scene: the next scene shows it
        self.session: MatchSession | None = None
        self.holder = Holder()  # who may be looking at the screen (hot-seat)
        self.coaches: dict[str, str] = {}  # the teams the computer plays in the next new match
        self.link: NetLink | None = None  # the connection of a networked match (``ui.net_scenes``)
        self.net_port = DEFAULT_PORT  # where the host listens (``paintcheck host --port``)
        self.net_address = ""  # the host's address the joiner typed last
        from paintcheck.ui import settings

        self.game = settings.saved_game()  # the title's game choice: Paintcheck or Un pour un
        from paintcheck.ui.designer_scene import DesignerScene
        from paintcheck.ui.field_chooser import FieldChooserScene
        from paintcheck.ui.load_scene import LoadScene
        from paintcheck.ui.match_scene import MatchScene
        from paintcheck.ui.net_scenes import NetHostScene, NetJoinScene, NetMenuScene, NetWaitScene
        from paintcheck.ui.range_scene import RangeScene
        from paintcheck.ui.review_scene import ReviewScene
        from paintcheck.ui.scenes import HandOverScene, HelpScene, ResultScene, TitleScene
        from paintcheck.ui.study_scene import StudyScene
        from paintcheck.ui.unpourun.builder_scene import BuilderScene
        from paintcheck.ui.unpourun.designer_scene import UpuDesignerScene
        from paintcheck.ui.unpourun.match_scene import UpuMatchScene
        from paintcheck.ui.unpourun.new_scene import UpuNewScene
        from paintcheck.ui.unpourun.result_scene import UpuResultScene

        self.scenes = {cls.name: cls(self) for cls in (TitleScene, HandOverScene, ResultScene, HelpScene,
                                                        MatchScene, LoadScene, FieldChooserScene,
                                                        DesignerScene, StudyScene, RangeScene, ReviewScene,
                                                        NetMenuScene, NetHostScene, NetJoinScene,
                                                        NetWaitScene,
                                                        BuilderScene, UpuDesignerScene, UpuNewScene,
                                                        UpuMatchScene, UpuResultScene)}
        saves.tidy()  # stale temporary files of interrupted saves hold secrets: removed
        self._keep_fresh_message()
        self.scene: Scene = self.scenes[start]  # the first scene: none to leave before it
        self.scene.enter({})

    # -- scenes ----------------------------------------------------------------------------------------
    def switch(self, name: str, **persist) -> None:
        """Leave the scene for ``name``. A line flashed just before (``flash``: "Cannot resume…",
        "Resumed the match saved in…") is shown by the scene switched to; any older one goes, so that
        no line follows the coach from screen to screen."""
        self._keep_fresh_message()
        self.scene.exit()
        self.scene = self.scenes[name]
        self.scene.enter(persist)

    def _keep_fresh_message(self) -> None:
        """Before a scene is entered: the line flashed since the last one stays, an older one goes."""
        if not self._fresh_message:
            self.message = None
        self._fresh_message = False

    def set_language(self, language: str, remember: bool = True) -> None:
        """Speak ``language`` from now on (``en``, ``fr``): pygame_gui's own words follow the manager's
        locale, the scene's widgets are built again in the new words, and the choice is remembered."""
        from paintcheck.ui import settings

        i18n.set_locale(language)
        self.language = language
        self.manager.set_locale(language)
        self.message = None
        if remember and (problem := settings.remember_language(language)) is not None:
            self.flash(i18n.tr("app.cannot_remember", file=settings.settings_path(), error=i18n.say(problem)),
                       error=True)
        self.scene.layout(self.size)
        self.awake = AWAKE_AFTER_INPUT

    def set_game(self, game: str) -> None:
        """The title's game choice (``settings.GAMES``), remembered for the next start; the title's menu
        follows it at once."""
        from paintcheck.ui import settings

        self.game = game
        self.message = None
        if (problem := settings.remember_game(game)) is not None:
            self.flash(i18n.tr("app.cannot_remember", file=settings.settings_path(), error=i18n.say(problem)),
                       error=True)
        self.scene.layout(self.size)
        self.awake = AWAKE_AFTER_INPUT

    def open_designer(self, path=None) -> None:
        """*Design a field*: the designer on ``path`` (a layout file), or on a new empty field."""
        self.message = None
        self.switch("designer", path=path, new=path is None)

    def study_field(self, path) -> None:
        """*Study* a field of the chooser: its maps and its pieces ranked (read-only)."""
        self.message = None
        self.switch("study", path=path)

    def choose_field(self) -> None:
        """*New match*: the fields to play on first (``play --layout``'s field first)."""
        self.message = None
        self.switch("fields")

    def new_match(self, layout_path=None, seed: int | None = None, start: str = START_BREAK,
                  coaches: dict[str, str] | None = None) -> None:
        """A new match on the layout file ``layout_path`` (by default ``play --layout``'s field, or
        the default field); the first secret screen is handed over. ``coaches``: the teams the
        computer plays (by default the field chooser's choice). It saves itself at its first
        decision (``MatchScene.apply``): a start left with no decision made leaves no file."""
        layout_path = layout_path if layout_path is not None else self.layout_path
        coaches = self.coaches if coaches is None else coaches
        try:
            self.session = MatchSession.new(layout_path, seed if seed is not None else self.seed, start,
                                            coaches)
        except LayoutError as exc:  # the field's file changed or broke since it was listed
            self.flash(i18n.tr("app.cannot_start", error=i18n.say(exc.args[0])), error=True)
            self.switch("fields")  # listed again: the field now shows its problem
            return
        self.message = None
        self.holder = self.holder_for(self.session)
        self.switch("match", viewer=None)

    def resume_match(self, path=None) -> bool:
        """Open a saved match (by default the latest); a damaged one is a line on the screen."""
        if path is None:
            entry = saves.latest()
            if entry is None:
                self.flash(i18n.tr("app.no_save"), error=True)
                return False
            path = entry.path
        try:
            self.session = MatchSession.load(path)
        except CodecError as exc:
            saves.refused(path, exc.problem)  # listed as damaged from now on; Continue passes it by
            self.flash(i18n.tr("app.cannot_resume", error=printable(i18n.say(exc.args[0]))), error=True)
            if self.scene.name == "title":
                self.scene.layout(self.size)  # Continue offers the next match that can be read
            return False
        self.flash(i18n.tr("app.resumed", path=path))
        self.holder = self.holder_for(self.session)
        self.switch("match", viewer=None)
        return True

    def start_network_match(self, link: NetLink, hello: bytes | None = None) -> str | None:
        """The lobby agreed (``ui.net_scenes``): the networked match begins on this coach's view
        (the joiner's from the host's ``hello``). A hello that gives no match: its one line."""
        from paintcheck.ui import net_turn

        return net_turn.begin(self, link, hello)

    @staticmethod
    def holder_for(session: MatchSession) -> Holder:
        """Who looks at the screen of a new or resumed match: the one person playing the computer
        alone looks (no hand-over ever); two people, or none, are both taken to be looking (the
        first secret screen is handed over)."""
        people = session.people
        return Holder(frozenset(people)) if len(people) == 1 else Holder()

    def show_help(self, **back) -> None:
        self.switch("help", **back)


    def cannot_save(self, exc: OSError) -> None:
        """A save that failed, in one line naming the match's file (the system's reason without the
        name of the temporary file it was writing: a folder without permission, a full disk)."""
        reason = exc.strerror or str(exc) or type(exc).__name__
        path = self.session.path if self.session is not None else ""
        self.flash(i18n.tr("app.cannot_save", file=path, error=reason), error=True)

    def flash(self, words: str, error: bool = False) -> None:
        self.message = (words, theme.TEXT_WARN if error else theme.TEXT_GOOD)
        self._fresh_message = True

    def draw_message(self, surface, centre, width: int | None = None) -> None:
        """The flashed message centred on ``centre``, wrapped to ``width`` pixels (by default the
        window's less a margin), every line kept inside the window (a long refusal is moved in, its
        last line raised above the bottom edge)."""
        if self.message:
            words, colour = self.message
            window = surface.get_rect()
            lines = theme.wrap(words, 15, min(width or window.width - 80, window.width - 16))
            y = min(centre[1], window.bottom - 12 - 20 * (len(lines) - 1))
            for line in lines:
                rect = theme.text(line, 15, colour).get_rect(center=(centre[0], y)).clamp(window)
                theme.blit_text(surface, line, rect.topleft, 15, colour)
                y += 20

    def quit(self) -> None:
        self.running = False

    # -- the loop --------------------------------------------------------------------------------------
    def step(self, dt: float | None = None) -> None:
        """One frame: events, update, draw, flip.

        A board game is still most of the time: the loop draws only after input, during the
        scene's animations and when the window must be shown again; idle, it polls at IDLE_FPS and
        draws nothing. A step driven with an explicit ``dt`` (tests, the render bench) always draws."""
        events = pygame.event.get()
        if events or self.scene.animating():
            self.awake = AWAKE_AFTER_INPUT
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type == pygame.VIDEORESIZE:
                self.resize((event.w, event.h))
                continue
            self.manager.process_events(event)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and self.scene.name != "help":
                self.scene.show_help()  # How to play, from every screen, back to it as it was
                continue
            self.scene.handle_event(event)
        driven = dt is not None
        if dt is None:
            dt = self.clock.tick(FPS if self.awake > 0 else IDLE_FPS) / 1000.0
        self.manager.update(dt)
        self.scene.update(dt)
        if driven or self.awake > 0:
            self.scene.draw(self.screen)
            self.manager.draw_ui(self.screen)
            pygame.display.flip()
        self.scene.after_frame()
        self.awake -= dt

    def resize(self, size) -> None:
        size = (max(self.floor[0], size[0]), max(self.floor[1], size[1]))
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = self.screen.get_size()
        self.manager.set_window_resolution(self.size)
        self.scene.resize(self.size)

    def run(self) -> int:
        while self.running:
            self.step()
        if self.link is not None:  # the other machine sees a drop; both records are saved
            self.link.close()
        self.remember_window()
        pygame.quit()
        return 0

    def remember_window(self) -> None:
        """The window's size and place, for the next start (``settings``)."""
        from paintcheck.ui import settings

        try:
            position = pygame.display.get_window_position()
        except pygame.error:
            position = None
        settings.remember_window(self.screen.get_size(), position)


def run(args: argparse.Namespace | None = None, designer: bool = False,
        start: tuple[str, dict[str, object]] | None = None) -> int:
    """The window (``play``), or with ``designer`` the field designer on ``args.file`` (``design``),
    or on the scene ``start`` names with its persist (``host``, ``join``)."""
    app = open_window(args)
    if designer:
        app.open_designer(getattr(args, "file", None))
    elif start is not None:
        app.switch(start[0], **start[1])
    return app.run()


def open_window(args: argparse.Namespace | None = None) -> App:
    """The window at the size and place remembered (or ``PAINTCHECK_WIDTH`` / ``_HEIGHT``), in the
    language asked or remembered, on its title."""
    layout = getattr(args, "layout", None) if args is not None else None
    from paintcheck.ui import settings

    size, position = settings.window_geometry()
    info_w = int(os.environ.get("PAINTCHECK_WIDTH", "0") or 0)
    info_h = int(os.environ.get("PAINTCHECK_HEIGHT", "0") or 0)
    if info_w and info_h:
        size, position = (info_w, info_h), None
    desktop = _desktop()
    size = opening_size(size, desktop)
    language = settings.starting_language(getattr(args, "lang", None) if args is not None else None)
    return App(size, layout=layout, language=language, position=opening_position(position, size, desktop))


def _desktop() -> tuple[int, int] | None:
    """The first desktop's size, asked of the display before the window opens (None: unknown)."""
    pygame.display.init()
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None
