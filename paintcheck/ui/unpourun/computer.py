"""The computer's turns in Un pour un's match window: the coach of a side the computer plays decides in
one worker thread, from its own view (``Session.computer_decision``), while the window goes on
drawing; its decision is handed back once ready, if the match is still where it was asked.

``future`` is the decision being thought (tests wait on it, not on frames).
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from paintcheck.seam.game import State
from paintcheck.ui.session import Session

log = logging.getLogger(__name__)


class Computer:
    def __init__(self) -> None:
        self.pool: ThreadPoolExecutor | None = None
        self.asked: tuple[str, State] | None = None
        self.future: Future[Any] | None = None

    def think(self, session: Session, seat: str) -> None:
        """``seat``'s coach decides on the session's state, in the worker (once per state)."""
        if self.asked is not None and self.asked[1] is session.state:
            return
        if self.pool is None:
            self.pool = ThreadPoolExecutor(1, thread_name_prefix="upu-coach")
        self.asked = (seat, session.state)
        self.future = self.pool.submit(session.computer_decision, seat, session.state)

    def ready(self, session: Session) -> tuple[bool, Any]:
        """(True, the decision) once it is thought and the match has not moved on; (True, None) when it
        failed (logged); (False, None) while thinking or when nothing was asked."""
        if self.future is None or not self.future.done() or self.asked is None:
            return False, None
        future, (_, state) = self.future, self.asked
        self.future = None
        if state is not session.state:
            self.asked = None
            return False, None
        try:
            return True, future.result()
        except Exception:  # the window says so; the match stays as it was
            log.exception("the computer could not decide")
            return True, None

    @property
    def thinking(self) -> bool:
        return self.future is not None

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
        self.future = self.asked = None
