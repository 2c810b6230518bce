"""Work the window must not wait for (a field's study, a range's heatmap), done in one worker thread.

``LatestJob`` computes the newest thing asked for: one asked for while another is being computed
waits for it, and any asked for in between is skipped. The window polls it every frame and keeps
showing the last result until the new one is ready.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

log = logging.getLogger(__name__)


class LatestJob:
    def __init__(self, name: str) -> None:
        self.name = name
        self.key: object = None  # the key of ``result``
        self.result: Any = None  # whatever the work returned (its caller knows what it asked)
        self.failed: str | None = None
        self._wanted: tuple[object, Callable[[], object]] | None = None
        self._running: tuple[object, Future] | None = None
        self._pool: ThreadPoolExecutor | None = None

    def want(self, key, work: Callable[[], object]) -> None:
        """Compute ``work()`` for ``key`` unless ``key``'s result is already shown."""
        if self.failed is None and self.result is not None and self.key == key:
            self._wanted = None
            return
        if self._running is not None and self._running[0] == key:
            self._wanted = None
            return
        self._wanted = (key, work)
        self.poll()

    def poll(self) -> bool:
        """Take a finished result, start the newest wanted work; True when ``result`` changed."""
        changed = False
        if self._running is not None and self._running[1].done():
            key, future = self._running
            self._running = None
            try:
                self.key, self.result, self.failed = key, future.result(), None
            except Exception as exc:  # shown in the window, never a traceback; the log keeps it
                log.exception("%s: the work for %r failed", self.name, key)
                self.key, self.failed = key, f"{type(exc).__name__}: {exc}"
            changed = True
        if self._running is None and self._wanted is not None:
            key, work = self._wanted
            self._wanted = None
            if self._pool is None:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix=self.name)
            self._running = (key, self._pool.submit(work))
        return changed

    @property
    def busy(self) -> bool:
        return self._running is not None or self._wanted is not None

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the newest wanted result is in (tests and pictures only)."""
        while self.busy:
            if self._running is not None:
                self._running[1].exception(timeout)
            self.poll()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._running = self._wanted = None
