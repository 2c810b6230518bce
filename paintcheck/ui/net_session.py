"""A networked match as the match window plays it: this machine's side (``net.peer.Peer``) dressed
as a ``MatchSession``, so that the match scene, its rooms and the computer's turn play it as they
play a hot-seat match. No pygame here.

What differs from a match at one screen:

- ``state`` is this machine's state (the other side's face-down tokens sealed: it never has them),
  and ``view`` is this coach's view whatever seat is asked: the window shows only its own coach's
  secrets, never a hand-over;
- ``apply`` hands the coach's decision to the peer (``Peer.decide``), which commits, sends and
  applies it; the other coach's decisions and the reveals arrive through ``pump`` (called every
  frame), as engine events;
- ``to_move`` is this machine's team while the match waits for its coach (orders and break sheets
  are written by both at once), the other team while it waits for the other machine;
- the peer saves the match itself (its own secrets and the other's commitments only,
  ``net.record``): ``save`` and ``autosave`` ask it to.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any, cast

from paintcheck.field.layout import Layout
from paintcheck.game import PAINTCHECK, PaintcheckGame
from paintcheck.rules.codec import START_BREAK
from paintcheck.rules.state import MatchState
from paintcheck.seam.game import Decision, Event
from paintcheck.table import Table
from paintcheck.ui.session import MatchSession, fresh_coach_seed

log = logging.getLogger(__name__)


class NetSession(MatchSession):
    """This machine's side of a networked match, for the match scene."""

    def __init__(self, peer: Any, team: str, layout: Layout, coaches: dict[str, str],
                 path: Path | None = None) -> None:
        self.peer = peer
        self.team = team  # this machine's team
        record = PAINTCHECK.new_record(layout, None, START_BREAK)  # the local computer coach's seed
        record.coaches = {team: coaches[team]} if team in coaches else {}
        record.coach_seed = fresh_coach_seed(None) if record.coaches else None
        game = cast(PaintcheckGame, PAINTCHECK.game(record))
        super().__init__(game, PAINTCHECK, peer.state, game.dice(None), record, list(peer.events),
                         path or peer.path)

    # -- the state: the peer's --------------------------------------------------------------------------
    @property  # type: ignore[override]
    def state(self) -> MatchState:
        return cast(MatchState, self.peer.state)

    @state.setter
    def state(self, value: MatchState) -> None:  # the base class sets it once; the peer owns it
        pass

    @property
    def table(self) -> Table:
        return self.game.table

    @property
    def status(self) -> str:
        return str(self.peer.status)

    @property
    def reason(self) -> Any:
        return self.peer.reason

    def view(self, seat: str | None) -> MatchState:
        """This coach's view, whoever is asked about: the other's secrets are not on this machine."""
        return self.game.view(self.state, self.team)

    def to_move(self) -> str | None:
        if self.over:
            return None
        if self.peer.my_turn():
            return self.team
        return self.game.to_move(self.state) and self.other

    @property
    def other(self) -> str:
        return next(seat for seat in self.game.seats if seat != self.team)

    @property
    def people(self) -> tuple[str, ...]:
        """The person at this screen (none when the computer plays this machine's team)."""
        return () if self.team in self.coaches else (self.team,)

    # -- the one door, through the peer ------------------------------------------------------------
    def apply(self, decision: Decision) -> list[Event]:
        """This coach's decision, to the peer: refused at once when the engine refuses it; the
        events it brings now (the rest, when the other machine answers, come through ``pump``)."""
        before = len(self.peer.events)
        self.peer.decide(decision)
        self.record.decisions.append(decision)
        return self._catch_up(before)

    def pump(self) -> list[Event]:
        """What arrived from the other machine since the last frame, as engine events."""
        before = len(self.peer.events)
        self.peer.poll(time.monotonic())
        return self._catch_up(before)

    def _catch_up(self, before: int) -> list[Event]:
        new = list(self.peer.events[before:])
        self.events.extend(new)
        return new

    def connect(self, transport: Any) -> None:
        self.peer.connect(transport)

    def stop(self) -> None:
        """This coach stops: the match saved, the other machine told."""
        self.peer.stop()

    def save(self, path: Any = None) -> None:
        self.peer.save()

    def autosave(self) -> OSError | None:
        try:
            self.peer.save()
        except OSError as exc:
            first, self.save_failed = not self.save_failed, True
            log.warning("could not save the networked match: %s", exc.strerror or exc)
            return exc if first else None
        self.save_failed = False
        return None
