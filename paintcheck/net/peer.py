"""One machine's side of a networked match: what the window (or a test) drives.

SKELETON (first commit, for net-window to build on); the protocol is in docs/network.md.

The window's side, in full::

    peer = Peer.host(table, team=Team.BLUE, start=START_BREAK, save=path)   # or Peer.join(...)
    peer.connect(transport)           # a Transport (paintcheck.net.transport); again after a drop
    every frame:
        updates = peer.poll(now)      # reads what arrived, advances the match, sends heartbeats;
                                      # never blocks; returns Update values (new events, status)
        peer.status                   # Status.WAITING / PLAYING / OVER / STOPPED
        peer.reason                   # why STOPPED (a Said: a catalogue key, shown in one line),
                                      # or who went silent while WAITING
        peer.view()                   # the state the window shows: its own coach's view only
        peer.my_turn()                # True when the match waits for this machine's coach
    when its coach decides:
        peer.decide(decision)         # an AssignOrders / BreakSheet / Declare / React / Dodge /
                                      # ChooseTarget of this machine's team; refused at once with
                                      # IllegalActionError(reason) when the engine refuses it.
                                      # Orders and sheets may be handed in as soon as the phase
                                      # opens (the two coaches write them at the same time).
    peer.stop()                       # this coach stops: the match is saved, the other told.

The other coach's decisions and the reveals reach the window only as engine events in the updates
(``TokensRevealed`` when token k is revealed, ``SheetsRevealed`` when both sheets are in, each
``Rolled``): the window never receives the other side's secrets before the rules reveal them,
because this machine never has them.

Status values:
- ``WAITING``: no transport, a dropped one, or the other machine silent longer than
  ``timing.SILENT_AFTER`` ("waiting for the other coach…"); the match resumes by itself on the
  next ``connect``; the coach may also ``stop()`` (saved).
- ``PLAYING``: connected, the match goes on.
- ``OVER``: the match has ended (``peer.outcome``); the record is saved.
- ``STOPPED``: the match cannot go on; ``reason`` says why (a commitment that does not match, the
  other machine's state differs after decision n, repeated abuse, the other coach stopped). Both
  records are saved.
"""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"
    STOPPED = "stopped"
