"""The network's part of the match window: the other machine's news read every frame.

``begin`` makes this machine's side of the match (``net.peer.Peer``, behind a ``NetSession``) once
the lobby agreed (``ui.net_scenes``) and opens the match on this coach's own view. ``tick``, every
frame of the match and of the waiting screen: a new connection (the other machine came back) is
handed to the peer, the peer reads what arrived (``NetSession.pump``), and the status says where
the window goes: ``WAITING`` to the waiting screen, ``PLAYING`` back to the match, ``STOPPED`` to
the title with the reason in one line.
"""

from __future__ import annotations

import logging
from typing import cast

from paintcheck.game import PAINTCHECK, PaintcheckGame
from paintcheck.net import tcp
from paintcheck.net.messages import MessageError
from paintcheck.net.peer import Peer, Status
from paintcheck.printable import printable
from paintcheck.rules.codec import START_BREAK
from paintcheck.seam.game import Event
from paintcheck.ui import i18n, tables
from paintcheck.ui.holder import Holder
from paintcheck.ui.i18n import tr
from paintcheck.ui.net_saves import LinkInfo, new_net_save_path, write_link
from paintcheck.ui.net_session import NetSession

log = logging.getLogger(__name__)


def begin(app, link, hello: bytes | None = None) -> str | None:
    """The networked match, from the break, on the lobby's field: this machine's team, its coach
    (a person, or the computer as chosen on the lobby's screen). The host's side is made here and
    says hello with the match's setup; the joiner's is made from that ``hello`` (checked like any
    message and any layout: its one-line refusal returned, nothing begun)."""
    assert link.layout is not None and link.connection is not None
    if hello is None:
        record = PAINTCHECK.new_record(link.layout, None, START_BREAK)
        table = cast(PaintcheckGame, tables.WINDOW.game(PAINTCHECK, record)).table
        peer = Peer.host_match(table, link.team, START_BREAK)
    else:
        try:
            peer = Peer.join(hello)
        except MessageError as exc:
            log.warning("the host's hello refused: %s", exc.reason)
            return i18n.say(exc.reason)
    path = new_net_save_path(peer.table.field.layout.name)
    session = NetSession.for_peer(peer, dict(app.coaches), path)
    try:  # how to reach the other machine again (*Continue*)
        write_link(path, LinkInfo(link.hosting, link.code, link.transport.port, link.address,
                                  session.coaches.get(link.team)))
    except OSError as exc:
        log.warning("could not write the link of %s: %s", path, exc)
        app.flash(tr("net.match.cannot_keep", file=path, error=exc.strerror or str(exc)), error=True)
    session.connect(link.connection)
    if hello is not None:
        peer.receive_line(hello)
    app.session = session
    app.holder = Holder(frozenset({link.team}))  # only this coach ever looks at this screen
    log.info("networked match begun: %s, this machine plays %s", "hosting" if link.hosting else "joined",
             link.team)
    app.switch("match", viewer=link.team)
    return None


def tick(app) -> list[Event]:
    """Read the link and the peer; the events the match gained (the other coach's decisions, the
    reveals, the rolls)."""
    session = app.session
    link = app.link
    if not isinstance(session, NetSession):
        return []
    if link is not None:
        for arrival in link.read():
            if arrival.kind == tcp.CONNECTED and arrival.connection is not None:
                log.info("the other machine is back: the match resumes")
                session.connect(arrival.connection)
    try:
        return session.pump()
    except Exception as exc:  # noqa: BLE001 - the match stops in one line, saved; never a traceback
        log.exception("the networked match failed")
        stop(app, str(exc))
        return []


def route(app) -> bool:
    """Go where the peer's status says; True when the window left the current scene."""
    session = app.session
    if not isinstance(session, NetSession):
        return False
    status = session.status
    here = app.scene.name
    if status == Status.WAITING and here == "match" and session.reason is not None:  # not the first hello
        app.switch("net-wait")
        return True
    if status == Status.PLAYING and here == "net-wait":
        app.switch("match", viewer=session.team)
        return True
    if status == Status.STOPPED:
        reason = session.reason
        stop(app, i18n.say(reason) if reason is not None else "")
        return True
    return False


def stop(app, why: str) -> None:
    """The match cannot go on: saved (the peer saves it), the connection closed, the title says why."""
    from paintcheck.ui.net_scenes import close_link

    close_link(app)
    app.switch("title")
    app.flash(tr("net.match.stopped", why=why), error=True)


def stop_here(app) -> None:
    """This coach stops the match (*Stop* on the waiting screen): saved, the other told when he can
    be, the title says where it was saved."""
    from paintcheck.ui.net_scenes import close_link

    session = app.session
    if isinstance(session, NetSession):
        session.stop()
    close_link(app)
    app.switch("title")
    if isinstance(session, NetSession) and session.reason is not None:
        app.flash(i18n.say(session.reason))


def resume(app, path, info: LinkInfo) -> bool:
    """*Continue* on a networked match: rebuilt from its save (``net.record.load_peer``), the link
    opened again as it was (the host listens on the same port with the same code; the joiner tries
    the host's address), the waiting screen until the other machine is back. A save that does not
    replay, or a port taken: one line on the title."""
    from paintcheck.net.record import NetRecordError, load_peer
    from paintcheck.ui.net_events import Poster
    from paintcheck.ui.net_scenes import NetLink, close_link

    try:
        peer = load_peer(path)
    except NetRecordError as exc:
        log.warning("cannot resume %s: %s", path, exc)
        app.flash(tr("app.cannot_resume", error=printable(i18n.say(exc.args[0]))), error=True)
        return False
    coaches = {str(peer.team): info.coach} if info.coach else {}
    session = NetSession.for_peer(peer, coaches, path)
    close_link(app)
    poster = Poster()
    try:
        if info.hosting:
            transport = tcp.TcpTransport.host(info.code, info.port, notify=poster.notify)
        else:
            host, port = tcp.parse_address(info.address)
            transport = tcp.TcpTransport.join(info.code, host, port, notify=poster.notify)
    except (OSError, tcp.AddressError) as exc:
        log.warning("cannot reopen the link of %s: %s", path, exc)
        app.flash(tr("net.match.cannot_reopen", error=getattr(exc, "strerror", None) or str(exc)), error=True)
        return False
    app.link = NetLink(transport, poster, info.hosting, info.code, address=info.address,
                       layout=peer.table.field.layout)
    app.session = session
    app.holder = Holder(frozenset({session.team}))
    log.info("networked match resumed from %s", path)
    app.switch("net-wait")
    return True
