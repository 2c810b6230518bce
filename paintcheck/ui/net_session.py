"""A networked match as the match window plays it: this machine's side (``net.peer.Peer``) dressed
as a ``MatchSession``, so that the match scene, its rooms and the computer's turn play it as they
play a hot-seat match. No pygame here.

What differs from a match at one screen:

- ``state`` is the peer's state (the other side's face-down tokens sealed: this machine never has
  them), and ``view`` is this coach's view whatever seat is asked: the window shows only its own
  coach's secrets, and never hands over;
- ``apply`` hands the coach's decision to the peer (``Peer.decide``), which commits, sends and
  applies it when its turn comes; the other coach's decisions and the reveals arrive through
  ``pump`` (every frame), as engine events;
- ``to_move`` is this machine's team while the match waits for its coach (orders and break sheets
  are written by both at once), the other team while it waits for the other machine;
- ``why_illegal`` asks what the peer will ask (orders and sheets judged on their own, whoever the
  engine would take first).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any, cast

from paintcheck.game import PAINTCHECK, PaintcheckGame
from paintcheck.net.peer import Peer, Status
from paintcheck.net.record import save_peer
from paintcheck.rules.actions import AssignOrders, BreakSheet
from paintcheck.rules.break_turn import why_sheet_illegal
from paintcheck.rules.codec import MatchRecord
from paintcheck.rules.legality import why_orders_illegal
from paintcheck.rules.state import MatchState
from paintcheck.seam.game import Decision, Event
from paintcheck.ui import tables
from paintcheck.ui.event_words import words
from paintcheck.ui.session import MatchSession, fresh_coach_seed

log = logging.getLogger(__name__)


class NetSession(MatchSession):
    """This machine's side of a networked match, for the match scene."""

    def __init__(self, peer: Peer, record: MatchRecord, path: Path) -> None:
        self.peer = peer
        game = cast(PaintcheckGame, tables.WINDOW.game(PAINTCHECK, record))
        super().__init__(game, PAINTCHECK, peer.state, game.dice(None), record, list(peer.events), path)
        self.save_error: OSError | None = None  # the last save that failed, until said
        peer.on_save = self._saving  # saved after every change: its own secrets, the other's commitments

    @classmethod
    def for_peer(cls, peer: Peer, coaches: dict[str, str], path: Path) -> NetSession:
        """The session of ``peer``; ``coaches``: the computer plays this machine's team when it is
        named there (the other team's coach is the other machine's business)."""
        record = PAINTCHECK.new_record(peer.table.field.layout, None, peer.start)
        team = str(peer.team)
        record.coaches = {team: coaches[team]} if team in coaches else {}
        record.coach_seed = fresh_coach_seed(None) if record.coaches else None
        return cls(peer, record, path)

    # -- the state: the peer's --------------------------------------------------------------------------
    @property
    def state(self) -> MatchState:
        return self.peer.state

    @state.setter
    def state(self, value: MatchState) -> None:
        """The peer owns the state (``Session.__init__`` sets it once: the peer's)."""

    @property
    def team(self) -> str:
        return str(self.peer.team)

    @property
    def other(self) -> str:
        return str(self.peer.other)

    @property
    def status(self) -> Status:
        return self.peer.status

    @property
    def reason(self) -> Any:
        return self.peer.reason

    def view(self, seat: str | None) -> MatchState:
        """This coach's view, whoever is asked about: the other's secrets are not on this machine."""
        return self.peer.view()

    @property
    def over(self) -> bool:
        return self.peer.status == Status.OVER or super().over

    def to_move(self) -> str | None:
        if self.over or self.peer.status == Status.STOPPED:
            return None
        return self.team if self.peer.my_turn() else self.other

    @property
    def people(self) -> tuple[str, ...]:
        """The person at this screen (none when the computer plays this machine's team)."""
        return () if self.team in self.coaches else (self.team,)

    def why_illegal(self, decision: Decision) -> str | None:
        s = self.state
        reason: str | None
        if isinstance(decision, AssignOrders):
            reason = why_orders_illegal(s, decision)
        elif isinstance(decision, BreakSheet):
            reason = why_sheet_illegal(s, decision, self.m)
        else:
            reason = self.game.why_illegal(s, decision)
        return None if reason is None else words(reason)

    # -- the one door, through the peer ------------------------------------------------------------
    def apply(self, decision: Decision) -> list[Event]:
        """This coach's decision, to the peer: refused at once (``IllegalActionError``) when the
        peer refuses it; the events it brings now (the rest come through ``pump``)."""
        before = len(self.peer.events)
        self.peer.decide(decision)
        self.record.decisions.append(decision)
        return self._catch_up(before)

    def pump(self) -> list[Event]:
        """What the other machine sent since the last frame, as engine events."""
        before = len(self.peer.events)
        self.peer.poll(time.monotonic())
        return self._catch_up(before)

    def _catch_up(self, before: int) -> list[Event]:
        new = list(self.peer.events[before:])
        self.events.extend(new)
        return new

    def connect(self, transport: Any) -> None:
        """The connection to talk through from now on (the first, or a new one after a drop)."""
        self.peer.connect(transport, time.monotonic())

    def stop(self) -> None:
        """This coach stops: the other machine told, the match saved."""
        self.peer.stop()

    def save(self, path: Any = None) -> None:
        """The networked save (``net.record``): this machine's secrets, the other's commitments."""
        save_peer(self.peer, path or self.path)

    def _saving(self, peer: Peer) -> None:
        """The peer's ``on_save``: a failure is kept for the window to say (``autosave``), never
        raised inside the peer."""
        try:
            save_peer(peer, self.path)
        except OSError as exc:
            log.warning("could not save the networked match in %s: %s", self.path, exc.strerror or exc)
            self.save_error = exc

    def autosave(self) -> OSError | None:
        """The peer saved itself; a failure since is returned the first time only."""
        failed, self.save_error = self.save_error, None
        if failed is None:
            self.save_failed = False
            return None
        first, self.save_failed = not self.save_failed, True
        return failed if first else None
