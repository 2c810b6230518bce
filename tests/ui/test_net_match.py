"""A networked match in the window, the other machine a peer in the test over the in-memory
transport (``net.transport.memory_pair``): the person at this window plays by clicks and sees only
his own secrets (never a hand-over); the other's decisions arrive and are told; a dropped
connection shows "Waiting for the other coach…" and the match resumes where it stopped; the other
coach's stop is said in one line."""

from __future__ import annotations

import time

import pytest

from paintcheck.field.layout_file import default_layout_path, load_layout
from paintcheck.game import PAINTCHECK, PaintcheckGame
from paintcheck.net import tcp
from paintcheck.net.peer import Peer, Status
from paintcheck.net.transport import memory_pair
from paintcheck.rules.codec import START_BREAK, START_DEFAULT_TURN2
from paintcheck.rules.views import HIDDEN
from paintcheck.seam.seen import look
from paintcheck.ui import tables
from paintcheck.ui.holder import Holder
from paintcheck.ui.i18n import tr
from paintcheck.ui.net_saves import LinkInfo, new_net_save_path, write_link
from paintcheck.ui.net_session import NetSession
from tests.ui.driver import Drawn, click, enabled, figure_pos, press, settle, step
from tests.ui.test_turn import _play_one_decision


class Other:
    """The other machine: White's side of the match (or Blue's, hosting: ``peer`` given), its coach
    the computer."""

    def __init__(self, hello: bytes | None, end, kind: str = "easy", peer: Peer | None = None) -> None:
        if peer is None:
            assert hello is not None
            peer = Peer.join(hello)
        self.peer = peer
        self.peer.connect(end, time.monotonic())
        if hello is not None:
            self.peer.receive_line(hello)
        self.team = str(self.peer.team)
        self.game = PaintcheckGame.on(self.peer.table)
        self.coach = self.game.coach(kind, self.team, 5)

    def play(self) -> None:
        """Read what arrived; decide when the match waits for its coach."""
        self.peer.poll(time.monotonic())
        if self.peer.my_turn():
            self.peer.decide(self.coach.decide(look(self.game, self.peer.state, self.team)))


def open_match(app, coaches: dict[str, str] | None = None, start: str = START_BREAK
               ) -> tuple[NetSession, Other, list]:
    """This window hosts Blue (a person, or the computer as ``coaches`` says) against ``Other``."""
    app.coaches = dict(coaches or {})
    record = PAINTCHECK.new_record(load_layout(default_layout_path()), None, start)
    peer = Peer.host_match(tables.WINDOW.game(PAINTCHECK, record).table, "blue", start)
    session = NetSession.for_peer(peer, app.coaches, new_net_save_path("box21"))
    here, there = memory_pair()
    session.connect(here)
    other = Other(there.receive(), there)
    app.session, app.holder = session, Holder(frozenset({"blue"}))
    app.switch("match", viewer="blue")
    return session, other, [here, there]


def frames(app, other: Other, until, limit: int = 3000, seconds: float = 60) -> None:
    """Frames of this window and turns of the other machine until ``until()``: at least ``limit``
    frames, and for up to ``seconds`` (the computer thinks in a worker thread and a TCP link reads
    in its own: a quick frame loop must give them time, not only frames)."""
    deadline = time.monotonic() + seconds
    n = 0
    while n < limit or time.monotonic() < deadline:
        if until():
            return
        other.play()
        step(app)
        if app.scene.name == "match":
            settle(app)
            thinking = app.scene.computer.thinking
            if thinking is not None:
                thinking[2].result(30)  # the worker: the frame itself never waits for it
        n += 1
        if n >= limit:
            time.sleep(0.002)
    raise AssertionError(f"not reached: {app.scene.name}, {app.session.state.phase}, {app.message}")


def white_secrets_shown(app) -> list[str]:
    """White's secrets in what this window draws from (its scene's state), before the rules reveal
    them: a sheet, or the number of a token that lies face down."""
    seen = app.scene.state
    leaks = []
    if seen.sheets.get("white") is not None and seen.phase == "sheets":
        leaks.append("white's sheet")
    leaks += [f"{pid}: {token}" for pid, token in seen.orders.get("white", {}).items()
              if token != HIDDEN and token > seen.round]
    return leaks


@pytest.mark.slow
def test_a_person_plays_by_clicks_seeing_only_his_secrets(app):
    session, other, _ = open_match(app)
    assert app.scene.name == "match" and app.scene.viewer == "blue" and app.scene.private
    frames(app, other, lambda: session.status == Status.PLAYING and app.scene.sheet is not None)
    decisions = 0
    while session.state.turn < 3 and session.state.phase != "over":
        assert app.scene.name == "match", (app.scene.name, app.message)  # never a hand-over
        assert white_secrets_shown(app) == []
        if session.to_move() == "blue":
            before = len(session.peer.local_log)
            _play_one_decision(app)
            assert len(session.peer.local_log) == before + 1, (session.state.phase, app.message)
            decisions += 1
        else:
            frames(app, other, lambda: session.to_move() == "blue" or session.state.turn >= 3
                   or session.state.phase == "over")
    assert decisions >= 4
    frames(app, other, lambda: other.peer.state.decisions >= session.state.decisions)
    assert other.peer.state.turn == session.state.turn and other.peer.hashes == session.peer.hashes
    assert session.peer.status in (Status.PLAYING, Status.OVER)
    kinds = {type(e).__name__ for e in session.events}
    assert {"SheetsRevealed", "TokensRevealed"} <= kinds


def test_review_is_refused_in_a_networked_match_with_its_reason(app):
    """The other machine's tokens are sealed here: the match's record does not replay through the
    engine alone, so *Review* is greyed with why, and a click on it leaves the match as it was."""
    session, other, _ = open_match(app)
    frames(app, other, lambda: session.status == Status.PLAYING and app.scene.sheet is not None)
    assert app.scene.review_refused() == tr("review_window.eyes.not_networked")
    press(app, "review")  # greyed: the click does nothing
    step(app, 3)
    assert app.scene.name == "match"
    app.scene.review()  # asked all the same (a key, a stale button): refused with the reason
    step(app, 3)
    assert app.scene.name == "match" and app.message[0] == tr("review_window.eyes.not_networked")


@pytest.mark.slow
def test_the_other_coach_deciding_is_said(app, monkeypatch):
    session, other, _ = open_match(app)
    frames(app, other, lambda: app.scene.sheet is not None)
    from tests.ui.driver import fill_sheet_by_clicks

    fill_sheet_by_clicks(app, prebunkers=1)
    assert session.to_move() == "white"  # his sheet is not in yet: this machine waits
    words = Drawn(monkeypatch).words(app)
    assert "White’s coach decides on the other machine…" in words


def test_a_draft_stays_while_the_other_coach_lays_his_tokens(app):
    """Both coaches give their tokens at once: the other's arriving (Blue's, applied first) leaves
    this one's draft (White's, at the joiner's window) alone."""
    record = PAINTCHECK.new_record(load_layout(default_layout_path()), None, START_DEFAULT_TURN2)
    host = Peer.host_match(tables.WINDOW.game(PAINTCHECK, record).table, "blue", START_DEFAULT_TURN2)
    here, there = memory_pair()
    other = Other(None, there, peer=host)
    hello = here.receive()
    session = NetSession.for_peer(Peer.join(hello), {}, new_net_save_path("box21"))
    session.connect(here)
    session.peer.receive_line(hello)
    app.session, app.holder = session, Holder(frozenset({"white"}))
    app.switch("match", viewer="white")
    frames(app, other, lambda: session.status == Status.PLAYING, limit=50)
    assert session.to_move() == "white" and session.state.phase == "orders"
    click(app, figure_pos(app, "W1"))
    assert app.scene.orders.draft == {"W1": 1}
    told = len(session.events)
    frames(app, other, lambda: len(session.events) > told, limit=50)  # Blue's tokens, face down
    assert app.scene.orders.draft == {"W1": 1}
    assert not enabled(app, "token-1")  # given

def test_the_waiting_screen_after_a_drop_and_back(app, monkeypatch):
    session, other, ends = open_match(app)
    frames(app, other, lambda: session.status == Status.PLAYING)
    ends[0].kill()
    frames(app, other, lambda: app.scene.name == "net-wait", limit=20)
    words = Drawn(monkeypatch).words(app)
    assert "Waiting for the other coach…" in words
    assert "waiting for the other coach… (the connection dropped)" in " ".join(words)
    assert {"wait", "stop"} <= set(app.scene.controls.choices)
    here, there = memory_pair()
    session.connect(here)
    other.peer.connect(there, time.monotonic())
    frames(app, other, lambda: app.scene.name == "match", limit=50)
    assert session.status == Status.PLAYING and app.scene.sheet is not None  # his sheet to write


@pytest.mark.slow
def test_a_drop_mid_turn_resumes_where_it_stopped(app, monkeypatch):
    session, other, ends = open_match(app, {"blue": "easy"})
    frames(app, other, lambda: session.state.turn >= 2 and session.state.phase == "declare")
    ends[0].kill()  # the cable pulled mid-turn
    frames(app, other, lambda: app.scene.name == "net-wait", limit=20)
    words = Drawn(monkeypatch).words(app)
    assert "Waiting for the other coach…" in words
    assert "waiting for the other coach… (the connection dropped)" in " ".join(words)
    assert {"wait", "stop"} <= set(app.scene.controls.choices)
    press(app, "wait")
    assert app.scene.name == "net-wait"
    here, there = memory_pair()  # he comes back
    session.connect(here)
    other.peer.connect(there, time.monotonic())
    frames(app, other, lambda: app.scene.name == "match", limit=50)
    assert session.status == Status.PLAYING
    frames(app, other, lambda: session.state.turn >= 3 or session.state.phase == "over")
    n = session.state.decisions
    frames(app, other, lambda: other.peer.state.decisions >= n)
    assert other.peer.hashes[n] == session.peer.hashes[n]


def test_stop_on_the_waiting_screen_goes_to_the_title(app):
    session, other, ends = open_match(app)
    frames(app, other, lambda: session.status == Status.PLAYING)
    ends[1].kill()
    frames(app, other, lambda: app.scene.name == "net-wait", limit=20)
    press(app, "stop")
    assert app.scene.name == "title" and session.status == Status.STOPPED
    assert app.message[0] == "you stopped the match; it is saved"


def test_the_other_coach_stopping_is_one_line_on_the_title(app):
    session, other, _ = open_match(app)
    frames(app, other, lambda: session.status == Status.PLAYING)
    other.peer.stop()
    step(app, 2)
    assert app.scene.name == "title"
    assert app.message[0] == "The networked match stopped: the other coach stopped the match"


@pytest.mark.slow
def test_a_closed_window_resumes_from_continue(app):
    """The match saved after every change; the window gone, *Continue* rebuilds it from its save,
    reaches the other machine again (here over loopback TCP) and the match goes on from there."""
    session, other, ends = open_match(app, {"blue": "easy"})
    frames(app, other, lambda: session.peer.secrets.sheet is not None
           and other.peer.secrets.sheet is not None)
    frames(app, other, lambda: session.state.phase != "sheets")
    decided = session.state.decisions
    assert session.path.exists() and decided > 0
    host = tcp.TcpTransport.host("RESUM3", port=0, bind="127.0.0.1")  # the other machine, listening
    try:
        write_link(session.path, LinkInfo(False, "RESUM3", address=f"127.0.0.1:{host.port}", coach="easy"))
        ends[0].kill()
        app.switch("title")  # the window closed: only the files are left
        app.session = None
        app.scene.layout(app.size)
        assert app.scene.controls.choices["resume"].hint == "the networked match: the other coach " \
            "continues it on his machine too"
        press(app, "resume")
        assert app.scene.name == "net-wait", app.message
        resumed = app.session
        assert isinstance(resumed, NetSession) and resumed is not session
        assert resumed.state.decisions >= decided and resumed.coaches == {"blue": "easy"}
        deadline = time.monotonic() + 10
        connection = None
        while connection is None:
            assert time.monotonic() < deadline, "the window never came back"
            connection = next((a.connection for a in host.receive() if a.kind == tcp.CONNECTED), None)
            step(app)
        other.peer.connect(connection, time.monotonic())
        frames(app, other, lambda: app.scene.name == "match" and resumed.status == Status.PLAYING)
        frames(app, other, lambda: resumed.state.decisions > decided + 2)
        n = resumed.state.decisions
        frames(app, other, lambda: other.peer.state.decisions >= n)
        assert other.peer.hashes[n] == resumed.peer.hashes[n]
    finally:
        host.close()
        if app.link is not None:
            app.link.close()


@pytest.mark.slow
def test_a_whole_match_computer_at_each_machine(app):
    session, other, _ = open_match(app, {"blue": "easy"})
    frames(app, other, lambda: session.status == other.peer.status == Status.OVER, limit=100000)
    assert session.state.winner == other.peer.state.winner
    assert session.peer.hashes == other.peer.hashes
    press(app, "result")
    assert app.scene.name == "result"


def test_a_damaged_networked_save_is_one_line_on_the_title(app, tmp_path):
    from paintcheck.ui import net_turn

    path = new_net_save_path("box21")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "paintcheck-net/1", "team": "blue"}\n')
    write_link(path, LinkInfo(True, "ABC234", port=0))
    app.switch("title")
    assert not net_turn.resume(app, path, LinkInfo(True, "ABC234", port=0))
    words, _ = app.message
    assert words.startswith("Cannot resume: ") and str(path) in words and "\n" not in words
    assert app.link is None and app.scene.name == "title"
