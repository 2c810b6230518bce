"""The Study's *Balance…*: ``analysis.self_play`` run in the background while the window goes on.

One run at a time, in one thread of its own (``future``); its matches are played in worker
processes started by a fork server (the window has threads of its own: a plain fork would copy
their locks), ``jobs`` of them. The thread counts the matches done (``done``; the progress bar reads
it), and a cancelled run (``cancel``) stops at its next match and ends its workers. The window polls
``poll`` each frame: it takes the report (or the failure, or the cancellation) once the future is
done. No pygame here: the Study draws the run (``balance_view``).
"""

from __future__ import annotations

import logging
import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from paintcheck.analysis.self_play import BalanceReport, Cancelled, balance
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
        self._pool: ThreadPoolExecutor | None = None

    @property
    def running(self) -> bool:
        return self.future is not None

    def start(self, key: object, layout: Layout) -> None:
        """Run ``layout`` (``key`` names it); a run already going is cancelled first."""
        self.cancel()
        self.key, self.report, self.failed, self.cancelled, self.done = key, None, None, False, 0
        cancel = self._cancel = threading.Event()

        def count(done: int) -> None:
            self.done = done

        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="balance")
        self.future = self._pool.submit(balance, layout, COACH, self.matches, self.seed, self.jobs,
                                        count, cancel, "forkserver")

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
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
