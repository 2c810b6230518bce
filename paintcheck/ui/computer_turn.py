"""The computer's turn in the match scene: the coach of a team the computer plays decides in a
worker thread, from its own view only (``MatchSession.computer_decision``), while the window goes on
drawing; the decision goes through the scene's ``apply`` like a person's, once the last resolution
has been told."""

from __future__ import annotations

import logging
import time
from concurrent.futures import ThreadPoolExecutor

from paintcheck.ai.coach import COACH_KINDS
from paintcheck.ui.i18n import tr

log = logging.getLogger(__name__)


class ComputerTurn:
    """The computer's part of ``MatchScene`` (``thinking`` and ``_pool`` are set by the scene)."""

    def think(self, team: str) -> None:
        """The computer coach of ``team`` decides in a worker thread, from its own view only; the
        decision is applied once it is ready and the last resolution has been told."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="coach")
        state = self.session.state
        self.thinking = (team, state, self._pool.submit(self.session.computer_decision, team, state))
        self.thinking_since = time.monotonic()

    def computer_turn(self) -> None:
        """Apply the computer's decision when it is ready (called every frame)."""
        if self.thinking is None or self.playing():
            return
        team, state, future = self.thinking
        if not future.done():
            return
        self.thinking = None
        if state is not self.session.state:  # the match moved on (loaded, undone): think again
            self.sync()
            return
        try:
            decision = future.result()
        except Exception as exc:  # noqa: BLE001 - said on the screen, the match stays as it was
            log.error("the computer (%s) could not decide", team, exc_info=exc)
            self.app.flash(tr(f"match.computer.cannot_decide.{team}", error=exc), error=True)
            return
        self.apply(decision)

    def thinking_words(self, team: str) -> str:
        """"White (the computer, normal) is thinking…", the dots moving."""
        dots = "." * (1 + int((time.monotonic() - self.thinking_since) * 3) % 3)
        kind = self.session.coaches.get(team, "")
        kind = tr(f"match.computer.kind.{kind}") if kind in COACH_KINDS else kind
        return tr(f"match.computer.thinking.{team}", kind=kind, dots=dots)
