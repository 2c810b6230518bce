"""*Play over the network*, before the match: the title's button, the host's and the joiner's
screens driven by posted clicks, the other machine a real link over loopback (port 0: chosen by the
OS; every wait bounded): the code checked, the host's field sent as data and checked by the joiner,
a field or a code refused in one line."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from paintcheck.field.layout_file import default_layout_path, load_layout
from paintcheck.net import lobby, tcp
from paintcheck.net.peer import Peer
from paintcheck.rules.codec import START_BREAK
from paintcheck.table import Table
from paintcheck.ui.net_session import NetSession
from tests.ui.driver import Drawn, click, press, step


def pump(app, until, timeout: float = 5.0) -> None:
    """Frames until ``until()`` (the network thread's news arrives as pygame events)."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "timed out"
        step(app)
        time.sleep(0.005)


def next_line(app, connection, timeout: float = 5.0) -> dict:
    """The other machine's next line, the window going on meanwhile."""
    deadline = time.monotonic() + timeout
    while (line := connection.receive()) is None:
        assert time.monotonic() < deadline, "no line"
        step(app)
        time.sleep(0.005)
    return json.loads(line)


def arrival(app, link, kind, timeout: float = 5.0) -> tcp.Arrival:
    """The other machine's link's next arrival of ``kind``, the window going on meanwhile."""
    deadline = time.monotonic() + timeout
    while True:
        for got in link.receive():
            if got.kind == kind:
                return got
        assert time.monotonic() < deadline, f"no {kind}"
        step(app)
        time.sleep(0.005)


@pytest.fixture
def other():
    """The other machine's links, closed at the end."""
    made: list[tcp.TcpTransport] = []
    yield made
    for link in made:
        link.close()


@pytest.fixture
def started(monkeypatch):
    """Where ``App.start_network_match`` was asked to go (the match itself is the core's)."""
    from paintcheck.ui.app import App

    calls: list = []
    monkeypatch.setattr(App, "start_network_match", lambda self, link: calls.append(link))
    return calls


def host_screen(app):
    press(app, "network")
    assert app.scene.name == "net"
    press(app, "host")
    assert app.scene.name == "fields" and app.scene.purpose == "host"
    entry = next(e for e in app.scene.entries if e.path == default_layout_path())
    click(app, app.scene.controls.rect(f"play-{entry.key}").center)
    assert app.scene.name == "net-host"


def test_the_host_shows_the_code_and_sends_his_field_to_a_joiner_with_it(app, other, monkeypatch):
    monkeypatch.setattr(app, "net_port", 0)  # any free port
    host_screen(app)
    link = app.link
    assert link is not None and link.hosting and link.transport.port > 0
    shown = Drawn(monkeypatch).words(app)
    assert link.code in shown
    assert any(f"127.0.0.1:{link.transport.port}" in w for w in shown)
    joiner = tcp.TcpTransport.join(link.code.lower(), "127.0.0.1", link.transport.port)
    other.append(joiner)
    connection = arrival(app, joiner, tcp.CONNECTED).connection
    offer = next_line(app, connection)
    assert offer["t"] == "field"
    assert lobby.read_field(offer).name == "Box 21"
    connection.send_json({"t": "ready"})
    hello = next_line(app, connection)  # the host's side of the match says hello, with its setup
    assert hello["type"] == "hello" and hello["team"] == "blue"
    assert hello["setup"]["layout"] == offer["layout"]
    line = json.dumps(hello).encode()
    joined = Peer.join(line)
    joined.connect(connection)
    joined.receive_line(line)
    assert str(joined.team) == "white" and joined.match == hello["match"]
    pump(app, lambda: app.session.status == "playing")
    assert app.scene.name == "match" and app.scene.viewer == "blue" and app.scene.private
    assert isinstance(app.session, NetSession) and app.session.team == "blue"


def test_the_host_says_the_joiners_refusal_in_one_line(app, other, started, monkeypatch):
    monkeypatch.setattr(app, "net_port", 0)
    host_screen(app)
    link = app.link
    joiner = tcp.TcpTransport.join(link.code, "127.0.0.1", link.transport.port)
    other.append(joiner)
    connection = arrival(app, joiner, tcp.CONNECTED).connection
    next_line(app, connection)
    connection.send_json({"t": "refuse", "why": "the host's field: too\nmany\x1b[31m lines"})
    pump(app, lambda: app.scene.status[1] == (255, 170, 90))
    words = app.scene.status[0]
    assert "\n" not in words and "\x1b" not in words and "refused the field" in words
    assert not started


def test_a_port_in_use_is_one_line_and_try_again(app, other, monkeypatch):
    taken = tcp.TcpTransport.host("ABC234", port=0)
    other.append(taken)
    monkeypatch.setattr(app, "net_port", taken.port)
    host_screen(app)
    assert app.link is None
    assert "again" in app.scene.controls.choices
    assert str(taken.port) in app.scene.problem and "\n" not in app.scene.problem


def join_screen(app, address: str, code: str):
    press(app, "network")
    press(app, "join")
    scene = app.scene
    assert scene.name == "net-join"
    scene.address_entry.set_text(address)
    scene.code_entry.set_text(code)
    press(app, "join")


def host_for(other, layout_message: dict | None = None) -> tcp.TcpTransport:
    host = tcp.TcpTransport.host("QWE789", port=0, bind="127.0.0.1")
    other.append(host)
    return host


def test_the_joiner_checks_the_hosts_field_and_begins_from_the_hosts_hello(app, other):
    host = host_for(other)
    join_screen(app, f"127.0.0.1:{host.port}", "qwe 789")
    connection = arrival(app, host, tcp.CONNECTED).connection
    layout = load_layout(default_layout_path())
    connection.send_json(lobby.field_offer(layout))
    assert next_line(app, connection) == {"t": "ready"}
    assert app.scene.name == "net-join"  # the match begins with the host's hello
    peer = Peer.host_match(Table.from_file(default_layout_path()), "blue", START_BREAK)
    peer.connect(connection)
    pump(app, lambda: app.scene.name == "match")
    session = app.session
    assert isinstance(session, NetSession) and session.team == "white" and app.link.team == "white"
    assert app.scene.viewer == "white" and app.scene.private
    answer = next_line(app, connection)
    assert answer["type"] == "hello" and answer["team"] == "white" and answer["match"] == peer.match


def test_a_hello_that_gives_no_match_is_refused_in_one_line(app, other):
    host = host_for(other)
    join_screen(app, f"127.0.0.1:{host.port}", "QWE789")
    connection = arrival(app, host, tcp.CONNECTED).connection
    connection.send_json(lobby.field_offer(load_layout(default_layout_path())))
    next_line(app, connection)
    connection.send_json({"type": "hello", "v": 99})
    pump(app, lambda: app.link is None)
    assert app.scene.name == "net-join"
    words = app.scene.status[0]
    assert words.startswith("The host’s machine does not offer a match to join: ") and "\n" not in words


def test_the_joiner_refuses_a_bad_field_in_one_line_on_both_machines(app, other, started):
    host = host_for(other)
    join_screen(app, f"127.0.0.1:{host.port}", "QWE789")
    connection = arrival(app, host, tcp.CONNECTED).connection
    data = json.loads(default_layout_path().read_text())
    data["obstacles"][0]["kind"] = "castle"
    connection.send_json({"t": "field", "layout": data})
    answer = next_line(app, connection)
    assert answer["t"] == "refuse" and "castle" in answer["why"] and "the host's field" in answer["why"]
    pump(app, lambda: app.link is None)
    words = app.scene.status[0]
    assert "castle" in words and "\n" not in words
    assert not started


def test_a_wrong_code_is_refused_and_said(app, other, started):
    host = host_for(other)
    join_screen(app, f"127.0.0.1:{host.port}", "QWE788")
    pump(app, lambda: app.link is None)
    assert app.scene.status[0] == "The host refused the match code: check it with the other coach."
    assert not host.connected and not started


@pytest.mark.parametrize("address, code, said", [
    ("nowhere:99999", "QWE789", "the port must be a number"),
    ("127.0.0.1:4000", "QW", "6 letters and digits"),
])
def test_a_bad_address_or_code_is_said_before_any_connection(app, address, code, said):
    join_screen(app, address, code)
    assert app.link is None
    assert said in app.scene.status[0]


def test_back_closes_the_connection(app, monkeypatch):
    monkeypatch.setattr(app, "net_port", 0)
    host_screen(app)
    link = app.link
    press(app, "back")
    assert app.link is None and app.scene.name == "net"
    assert not link.transport._thread.is_alive()


def test_the_screens_speak_french(french_app, other, monkeypatch):
    app = french_app
    monkeypatch.setattr(app, "net_port", 0)
    host_screen(app)
    shown = Drawn(monkeypatch).words(app)
    assert "Vous recevez une partie (vous coachez Bleu)" in shown
    assert pygame.display.get_init()


def test_how_to_play_and_back_keeps_the_hosting(app, monkeypatch):
    monkeypatch.setattr(app, "net_port", 0)
    host_screen(app)
    link = app.link
    step(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    step(app, 2)
    assert app.scene.name == "help"
    press(app, "back")
    assert app.scene.name == "net-host" and app.link is link  # the same code, still listening
    shown = Drawn(monkeypatch).words(app)
    assert "Field: Box 21" in shown and link.code in shown
