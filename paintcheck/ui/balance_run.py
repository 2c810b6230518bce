"""The Study's *Balance…*: ``ai.self_play`` run in the background while the window goes on.

One run shown at a time, each in a daemon thread of its own (its ``future``): a window closed during
a run does not wait for it (the cancel is set on the way out, and the workers end with the
interpreter). Its matches are played in worker processes started by a fork server (the window has
threads of its own: a plain fork would copy their locks), ``jobs`` of them. The thread counts the
matches done (``done``; the progress bar reads it), and a cancelled run (``cancel``) stops at its
next match and ends its workers. The window polls ``poll`` each frame: it takes the report (or the
failure, or the cancellation) once the future is done. No pygame here: the Study draws the run
(``balance_view``).
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
from concurrent.futures import Future

from paintcheck.ai.self_play import BalanceReport, Cancelled, balance
from paintcheck.field.layout import Layout

log = logging.getLogger(__name__)

MATCHES = 200  # the window's run: about a minute or two on a 2-core machine (docs/analysis.md)
SEED = 0
COACH = "normal"


class BalanceRun:
    """The latest balance run of the Study, and its report."""

    def __init__(self, matches: int = MATCHES, jobs: int | None = None, seed: int = SEED) -> None:
        self.matches = matches
        self.jobs = jobs if jobs is not None else (os.cpu_count() or 1)
        self.seed = seed
        self.key: object = None  # the key of the layout run (or running)
        self.report: BalanceReport | None = None
        self.failed: str | None = None
        self.cancelled = False
        self.done = 0
        self.future: Future[BalanceReport] | None = None
        self._cancel = threading.Event()

    @property
    def running(self) -> bool:
        return self.future is not None

    def start(self, key: object, layout: Layout) -> None:
        """Run ``layout`` (``key`` names it); a run already going is cancelled first."""
        self.cancel()
        self.key, self.report, self.failed, self.cancelled, self.done = key, None, None, False, 0
        cancel = self._cancel = threading.Event()

        future: Future[BalanceReport] = Future()
        matches, seed, jobs = self.matches, self.seed, self.jobs

        def count(done: int) -> None:
            self.done = done

        def work() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(balance(layout, COACH, matches, seed, jobs, count, cancel, "forkserver"))
            except BaseException as exc:  # noqa: BLE001 - handed to the window through the future
                future.set_exception(exc)

        atexit.register(cancel.set)  # a window closed during the run: its workers stop at once
        self.future = future
        threading.Thread(target=work, name="balance", daemon=True).start()

    def cancel(self) -> None:
        """Stop the run going (its report is not shown)."""
        if self.future is not None:
            self._cancel.set()
            self.cancelled = True
            self.future = None

    def poll(self) -> bool:
        """Take the run's end once it is there; True when something changed."""
        future = self.future
        if future is None or not future.done():
            return False
        self.future = None
        try:
            self.report = future.result()
        except Cancelled:
            self.cancelled = True
        except Exception as exc:  # shown in the window, never a traceback; the log keeps it
            log.exception("the balance run failed")
            self.failed = f"{type(exc).__name__}: {exc}"
        return True

    def close(self) -> None:
        self.cancel()
