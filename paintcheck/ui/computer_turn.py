"""The computer's turn in the match window: the coach of a team the computer plays decides in a
worker thread, from its own view only (``MatchSession.computer_decision``), while the window goes on
drawing; the decision goes through the scene's ``apply`` like a person's, once the last resolution
has been told.

Owns: the worker (``pool``) and the decision being thought (``thinking``: team, the state it was
asked on, its future). Given: the ``Desk`` (the session, whether a resolution is being told, the
engine's door, ``sync`` when the match moved on meanwhile).
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import Future, ThreadPoolExecutor

from paintcheck.ai.coach import COACH_KINDS
from paintcheck.rules.state import MatchState
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_desk import Desk

log = logging.getLogger(__name__)


class ComputerTurn:
    """The computer's part of the match window."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.pool: ThreadPoolExecutor | None = None  # the computer coaches think here
        self.thinking: tuple[str, MatchState, Future[object]] | None = None
        self.thinking_since = 0.0

    def think(self, team: str) -> None:
        """The computer coach of ``team`` decides in a worker thread, from its own view only; the
        decision is applied once it is ready and the last resolution has been told."""
        if self.pool is None:
            self.pool = ThreadPoolExecutor(1, thread_name_prefix="coach")
        session = self.desk.session
        state = session.state
        self.thinking = (team, state, self.pool.submit(session.computer_decision, team, state))
        self.thinking_since = time.monotonic()

    def update(self) -> None:
        """Apply the computer's decision when it is ready (called every frame)."""
        if self.thinking is None or self.desk.playing():
            return
        team, state, future = self.thinking
        if not future.done():
            return
        self.thinking = None
        if state is not self.desk.session.state:  # the match moved on (loaded, undone): think again
            self.desk.sync()
            return
        try:
            decision = future.result()
        except Exception as exc:  # noqa: BLE001 - said on the screen, the match stays as it was
            log.error("the computer (%s) could not decide", team, exc_info=exc)
            self.desk.flash(tr(f"match.computer.cannot_decide.{team}", error=exc), error=True)
            return
        self.desk.apply(decision)

    def thinking_words(self, team: str) -> str:
        """"White (the computer, normal) is thinking…", the dots moving."""
        dots = "." * (1 + int((time.monotonic() - self.thinking_since) * 3) % 3)
        kind = self.desk.session.coaches.get(team, "")
        kind = tr(f"match.computer.kind.{kind}") if kind in COACH_KINDS else kind
        return tr(f"match.computer.thinking.{team}", kind=kind, dots=dots)
