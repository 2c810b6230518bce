"""*Play over the network*: the screens before a networked match (host, join) and the one shown
while the other machine is away.

The host chooses his field (the field chooser, ``purpose="host"``), then waits on ``NetHostScene``
showing the addresses, the port and the match code to read to the other coach; the joiner types
them on ``NetJoinScene``. Each chooses who coaches his own team (a person, or the computer at a
strength: ``coach_choice``); the host plays Blue, the joiner White (``net.lobby``). Once the code is
checked (``net.tcp``) the host sends his field as data and the joiner checks it like any layout
file; a field he cannot play is refused in one line, on both screens. Then the match begins
(``App.start_network_match``).

The network lives in its own thread (``net.tcp``); its news arrives as a pygame event
(``ui.net_events``), and the scene reads the transport then: the window never waits on the network.
Every word comes from the catalogue (``net.*``).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

import pygame
from pygame_gui.elements import UITextEntryLine

from paintcheck.field.layout import Layout, LayoutError
from paintcheck.field.layout_file import default_layout_path, load_layout
from paintcheck.net import lobby, tcp
from paintcheck.printable import printable
from paintcheck.ui import i18n, text_fit, theme
from paintcheck.ui.coach_choice import add_coach_buttons, draw_captions
from paintcheck.ui.i18n import tr
from paintcheck.ui.net_events import Poster
from paintcheck.ui.scenes import Scene, _centre_column

log = logging.getLogger(__name__)

COLUMN = 620


@dataclass
class NetLink:
    """A connection to the other machine and what the lobby agreed on it."""

    transport: tcp.TcpTransport
    poster: Poster
    hosting: bool
    code: str
    address: str = ""  # the host's HOST:PORT (the joiner's, to come back to)
    layout: Layout | None = None
    connection: tcp.Connection | None = None  # the current connection, while there is one

    @property
    def team(self) -> str:
        return lobby.team_of(self.hosting)

    def read(self) -> list[tcp.Arrival]:
        """What arrived since the last read (the poster armed again first: nothing is missed); the
        current connection follows the arrivals."""
        self.poster.read()
        arrivals = self.transport.receive()
        for arrival in arrivals:
            if arrival.kind == tcp.CONNECTED:
                self.connection = arrival.connection
            elif arrival.kind in (tcp.DROPPED, tcp.CLOSED):
                self.connection = None
        return arrivals

    def send(self, message: dict) -> None:
        if self.connection is not None:
            self.connection.send_json(message)

    def next_line(self) -> bytes | None:
        return None if self.connection is None else self.connection.receive()

    def close(self) -> None:
        self.transport.close()


def close_link(app) -> None:
    """The window's connection closed, if it has one (a line sent just before still goes: the
    connection is closed after it, and closing flushes it)."""
    link = getattr(app, "link", None)
    if link is not None:
        link.close()
        app.link = None


class NetMenuScene(Scene):
    """Host a match, or join one."""

    name = "net"

    def layout(self, size) -> None:
        x, width = _centre_column(size, 420)
        c = self.controls
        c.start(x, size[1] // 2 - 40, width)
        c.row_height = 40
        c.add("host", tr("net.menu.host"), lambda: self.app.switch("fields", purpose="host"), primary=True,
              width=width, hint=tr("net.menu.host_hint"))
        c.newline()
        c.add("join", tr("net.menu.join"), lambda: self.app.switch("net-join"), primary=True, width=width,
              hint=tr("net.menu.join_hint"))
        c.newline(18)
        c.add("title", tr("common.back_title"), lambda: self.app.switch("title"), width=width)

    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        w, h = surface.get_size()
        theme.blit_text(surface, tr("net.menu.title"), (w // 2, h // 2 - 150), 30, theme.TEXT, True,
                        anchor="center")
        y = h // 2 - 108
        for line in theme.wrap(tr("net.menu.explain"), 15, 600):
            theme.blit_text(surface, line, (w // 2, y), 15, theme.TEXT_DIM, anchor="center")
            y += 20
        self.app.draw_message(surface, (w // 2, self.controls.bottom + 30))


class LobbyScene(Scene):
    """What the host's and the joiner's screens share: the link's news read on ``NET_EVENT``, the
    coach of this machine's team, a status line, *Back* (the connection closed)."""

    hosting = False

    def enter(self, persist: dict) -> None:
        self.status: tuple[str, tuple] = ("", theme.TEXT_DIM)
        self.captions: list = []
        super().enter(persist)

    @property
    def team(self) -> str:
        return lobby.team_of(self.hosting)

    def coach_row(self, x: int, y: int, width: int) -> None:
        c = self.controls
        c.at(x, y, width)
        c.row_height = 32
        self.captions = add_coach_buttons(c, self.app, lambda: self.layout(self.app.size), teams=(self.team,))

    def back(self) -> None:
        close_link(self.app)
        self.app.switch("net")

    def handle_event(self, event) -> None:
        link = self.app.link
        if link is not None and link.poster.mine(event):
            self.news(link)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        super().handle_event(event)

    def news(self, link: NetLink) -> None:
        """The link's arrivals, then the lobby's messages, until the match begins (what follows
        on the connection is the match's: left for it)."""
        for arrival in link.read():
            self.arrived(link, arrival)
            if self.app.link is not link or self.app.scene is not self:
                return
        while self.app.link is link and self.app.scene is self:
            line = link.next_line()
            if line is None:
                return
            self.line(link, line)

    def line(self, link: NetLink, line: bytes) -> None:
        """A line of the lobby: a JSON object (``message``); any other is logged and passed by."""
        try:
            message = tcp.decode(line)
        except ValueError as exc:
            log.warning("refused a line from the other machine: %s", exc)
            return
        self.message(link, message)

    def arrived(self, link: NetLink, arrival: tcp.Arrival) -> None:
        """A connection, a drop, a refusal (each screen says its own)."""

    def message(self, link: NetLink, message: dict) -> None:
        """A lobby message from the other machine (each screen reads its own)."""

    def say(self, words: str, error: bool = False) -> None:
        self.status = (words, theme.TEXT_WARN if error else theme.TEXT_GOOD)

    def draw_status(self, surface, y: int) -> None:
        words, colour = self.status
        w = surface.get_width()
        for line in theme.wrap(words, 16, COLUMN)[:3]:
            theme.blit_text(surface, line, (w // 2, y), 16, colour, anchor="center")
            y += 22


class NetHostScene(LobbyScene):
    """The host's screen: his field, where to reach him and the code, until the joiner is in."""

    name = "net-host"
    hosting = True

    def enter(self, persist: dict) -> None:
        self.path = persist.get("path") or self.app.layout_path or default_layout_path()
        self.port = int(persist.get("port", self.app.net_port))
        self.problem: str | None = None
        self.field_name = ""
        link = self.app.link
        if persist.get("keep") and link is not None and link.layout is not None:  # back from How to play
            self.field_name = link.layout.name_in(i18n.current())
            self.say(tr("net.host.waiting"))
        super().enter(persist)
        if not persist.get("keep") or link is None:
            self.start()

    def start(self) -> None:
        close_link(self.app)
        self.problem = None
        try:
            layout = load_layout(self.path)
        except LayoutError as exc:  # the file changed since it was listed
            self.problem = tr("net.host.bad_field", error=i18n.say(exc.args[0]))
            self.layout(self.app.size)
            return
        self.field_name = layout.name_in(i18n.current())
        poster = Poster()
        code = tcp.new_code()
        try:
            transport = tcp.TcpTransport.host(code, self.port, notify=poster.notify)
        except OSError as exc:
            log.warning("cannot host on port %d: %s", self.port, exc)
            self.problem = tr("net.host.cannot_listen", port=self.port, error=exc.strerror or str(exc))
            self.layout(self.app.size)
            return
        self.app.link = NetLink(transport, poster, True, code, layout=layout)
        self.port = transport.port
        self.say(tr("net.host.waiting"))
        self.layout(self.app.size)

    def help_persist(self) -> dict:
        return {"path": self.path, "port": self.port, "keep": True}

    def layout(self, size) -> None:
        x, width = _centre_column(size, COLUMN)
        c = self.controls
        c.clear()
        self.coach_row(x, 330, width)
        c.at(x, size[1] - 90, width)
        c.row_height = 40
        if self.problem is not None:
            c.add("again", tr("net.host.again"), self.start, primary=True, width=200)
        c.add("back", tr("common.back"), self.back, width=200)

    def arrived(self, link: NetLink, arrival: tcp.Arrival) -> None:
        if arrival.kind == tcp.CONNECTED:
            assert link.layout is not None
            link.send(lobby.field_offer(link.layout))
            self.say(tr("net.host.checking"))
        elif arrival.kind == tcp.DROPPED:
            self.say(tr("net.host.waiting"))

    def message(self, link: NetLink, message: dict) -> None:
        kind = message.get("t")
        if kind == "ready":
            self.app.start_network_match(link)
        elif kind == "refuse":
            self.say(tr("net.host.refused", why=lobby.refused_why(message)), error=True)

    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        w, h = surface.get_size()
        theme.blit_text(surface, tr("net.host.title"), (w // 2, 50), 30, theme.TEXT, True, anchor="center")
        link = self.app.link
        if self.problem is not None or link is None:
            y = 130
            for line in theme.wrap(self.problem or "", 16, COLUMN):
                theme.blit_text(surface, line, (w // 2, y), 16, theme.TEXT_WARN, anchor="center")
                y += 22
            return
        name = text_fit.cut(printable(self.field_name), 18, COLUMN)
        theme.blit_text(surface, tr("net.host.field", name=name), (w // 2, 100), 18, theme.TEXT,
                        anchor="center")
        theme.blit_text(surface, tr("net.host.tell"), (w // 2, 140), 16, theme.TEXT_DIM, anchor="center")
        addresses = ", ".join(f"{a}:{self.port}" for a in tcp.local_addresses())
        theme.blit_text(surface, text_fit.cut(addresses, 20, w - 40), (w // 2, 174), 20, theme.TEXT, True,
                        anchor="center")
        theme.blit_text(surface, tr("net.host.code"), (w // 2, 214), 16, theme.TEXT_DIM, anchor="center")
        theme.blit_text(surface, link.code, (w // 2, 256), 40, theme.TEXT_GOOD, True, anchor="center")
        draw_captions(surface, self.captions)
        self.draw_status(surface, 400)
        self.app.draw_message(surface, (w // 2, h - 120))


class NetJoinScene(LobbyScene):
    """The joiner's screen: the host's address and the code typed, then *Join*."""

    name = "net-join"

    def enter(self, persist: dict) -> None:
        self.awaiting_hello = False  # the field accepted: the host's peer says hello next
        self.address_entry: UITextEntryLine | None = None
        self.code_entry: UITextEntryLine | None = None
        self.typed = (persist.get("address", self.app.net_address), persist.get("code", ""))
        super().enter(persist)

    def exit(self) -> None:
        self._kill_entries()
        super().exit()

    def _kill_entries(self) -> None:
        for entry in (self.address_entry, self.code_entry):
            if entry is not None:
                entry.kill()
        self.address_entry = self.code_entry = None

    def help_persist(self) -> dict:
        address, code = self.entries()
        return {"address": address, "code": code}

    def entries(self) -> tuple[str, str]:
        if self.address_entry is None or self.code_entry is None:
            return self.typed
        return self.address_entry.get_text(), self.code_entry.get_text()

    def layout(self, size) -> None:
        self.typed = self.entries()
        self._kill_entries()
        x, width = _centre_column(size, COLUMN)
        self.address_rect = pygame.Rect(x, 130, width, 36)
        self.code_rect = pygame.Rect(x, 210, 220, 36)
        self.address_entry = UITextEntryLine(self.address_rect, self.app.manager, initial_text=self.typed[0])
        self.address_entry.set_text_length_limit(260)
        self.code_entry = UITextEntryLine(self.code_rect, self.app.manager, initial_text=self.typed[1])
        self.code_entry.set_text_length_limit(12)
        c = self.controls
        c.clear()
        self.coach_row(x, 280, width)
        c.at(x, size[1] - 90, width)
        c.row_height = 40
        connecting = self.app.link is not None
        c.add("join", tr("net.join.join"), self.join, tr("net.join.connecting") if connecting else None,
              primary=True, width=200)
        c.add("back", tr("common.back"), self.back, width=200)

    def join(self) -> None:
        address, code = self.entries()
        try:
            host, port = tcp.parse_address(address)
        except tcp.AddressError as exc:
            self.say(tr("net.join.bad_address", error=str(exc)), error=True)
            return
        code = tcp.normal_code(code)
        if len(code) != tcp.CODE_LENGTH or not set(code) <= set(tcp.CODE_ALPHABET):
            self.say(tr("net.join.bad_code", length=tcp.CODE_LENGTH), error=True)
            return
        close_link(self.app)
        self.awaiting_hello = False
        poster = Poster()
        transport = tcp.TcpTransport.join(code, host, port, notify=poster.notify)
        self.app.link = NetLink(transport, poster, False, code, address=f"{host}:{port}")
        self.app.net_address = address.strip()
        self.say(tr("net.join.connecting"))
        self.layout(self.app.size)

    def arrived(self, link: NetLink, arrival: tcp.Arrival) -> None:
        if arrival.kind == tcp.REFUSED:
            if arrival.why == "code":
                close_link(self.app)
                self.say(tr("net.join.wrong_code"), error=True)
                self.layout(self.app.size)
            elif arrival.why == "busy":
                self.say(tr("net.join.busy"), error=True)
            else:
                self.say(tr("net.join.unreachable", why=printable(arrival.why)), error=True)
        elif arrival.kind == tcp.CONNECTED:
            self.say(tr("net.join.connected"))

    def message(self, link: NetLink, message: dict) -> None:
        if message.get("t") != "field":
            log.warning("refused a message before the host's field: %.80r", message)
            return
        try:
            link.layout = lobby.read_field(message)
        except LayoutError as exc:
            log.warning("refused the host's field: %s", exc)
            link.send(lobby.refusal(exc))
            close_link(self.app)
            self.say(tr("net.join.bad_field", error=i18n.say(exc.args[0])), error=True)
            self.layout(self.app.size)
            return
        link.send({"t": "ready"})
        self.awaiting_hello = True

    def line(self, link: NetLink, line: bytes) -> None:
        if not self.awaiting_hello:
            super().line(link, line)
            return
        self.awaiting_hello = False
        problem = self.app.start_network_match(link, hello=line)
        if problem is not None:  # the host's hello does not give a match to join: one line
            close_link(self.app)
            self.say(tr("net.join.bad_hello", error=problem), error=True)
            self.layout(self.app.size)

    def draw(self, surface) -> None:
        surface.fill(theme.BACKGROUND)
        w, h = surface.get_size()
        theme.blit_text(surface, tr("net.join.title"), (w // 2, 50), 30, theme.TEXT, True, anchor="center")
        asked = tr("net.join.address", example=f"192.168.1.20:{tcp.DEFAULT_PORT}")
        theme.blit_text(surface, asked, (self.address_rect.x, self.address_rect.y - 14), 15,
                        theme.TEXT_DIM, anchor="midleft")
        theme.blit_text(surface, tr("net.join.code"), (self.code_rect.x, self.code_rect.y - 14), 15,
                        theme.TEXT_DIM, anchor="midleft")
        draw_captions(surface, self.captions)
        self.draw_status(surface, 360)
        self.app.draw_message(surface, (w // 2, h - 120))


class NetWaitScene(Scene):
    """The connection dropped, or the other machine went silent: "Waiting for the other coach…".
    *Wait* keeps waiting (the match resumes by itself when he comes back, at the same address or a
    new one, with the same code); *Stop* ends it here, saved: *Continue* resumes it later on both
    machines. Nothing secret is drawn."""

    name = "net-wait"

    def enter(self, persist: dict) -> None:
        self.since = time.monotonic()
        super().enter(persist)

    def layout(self, size) -> None:
        x, width = _centre_column(size, 420)
        c = self.controls
        c.start(x, size[1] // 2 + 40, width)
        c.row_height = 44
        c.add("wait", tr("net.wait.wait"), self.wait, primary=True, width=width,
              hint=tr("net.wait.wait_hint"))
        c.newline(12)
        c.add("stop", tr("net.wait.stop"), self.stop, width=width, danger=True,
              hint=tr("net.wait.stop_hint"))

    def wait(self) -> None:
        self.since = time.monotonic()  # the count starts again: the coach chose to wait
        self.app.flash(tr("net.wait.waiting_on"))

    def stop(self) -> None:
        from paintcheck.ui import net_turn

        net_turn.stop_here(self.app)

    def animating(self) -> bool:
        return True  # the seconds go on

    def update(self, dt: float) -> None:
        from paintcheck.ui import net_turn

        net_turn.tick(self.app)
        net_turn.route(self.app)

    def draw(self, surface) -> None:
        surface.fill((16, 18, 20))
        w, h = surface.get_size()
        session = self.app.session
        theme.blit_text(surface, tr("net.wait.title"), (w // 2, h // 2 - 110), 30, theme.TEXT, True,
                        anchor="center")
        reason = getattr(session, "reason", None)
        silent = int(time.monotonic() - self.since)
        words = tr("net.wait.since", seconds=silent)
        if reason:
            words = f"{i18n.say(reason)} · {words}"
        for i, line in enumerate(theme.wrap(words, 16, COLUMN)[:3]):
            theme.blit_text(surface, line, (w // 2, h // 2 - 60 + 22 * i), 16, theme.TEXT_DIM,
                            anchor="center")
        link = self.app.link
        if link is not None:
            where = tr("net.wait.host_code", code=link.code) if link.hosting else \
                tr("net.wait.join_address", address=printable(link.address))
            theme.blit_text(surface, text_fit.cut(where, 16, w - 40), (w // 2, h // 2), 16, theme.TEXT,
                            anchor="center")
        self.app.draw_message(surface, (w // 2, self.controls.bottom + 30))
