"""The live map's process (issue 32, item 1): the map of a dragged piece's passing state computed
in a separate process (``analysis.live_map.serve``), so that the window's thread — which draws the
frames — never waits for the interpreter's lock while a sight table is updated.

``LiveMaps`` is polled every frame and never blocks: one request in flight, the newest one wanted
kept (any in between skipped), the answer read only when it is there (``Connection.poll()``), the
request sent once the frame is drawn (``send``, from ``App.step`` after the flip: the process a
pipe's write wakes is put on the writer's core, and woken in the middle of a frame it took that
core from the frame's drawing — the frames' wall-clock p95 some 3 ms above their CPU time). The
process keeps its own recent tables; ``prime`` sends it each state the window studies, so that a
drag starts from a kept table. When the process cannot start or dies, ``alive`` turns False and the
Study computes its live maps in its worker thread as before (logged).
"""

from __future__ import annotations

import logging
import multiprocessing
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from paintcheck.analysis.live_map import serve
from paintcheck.field.lattice import Point
from paintcheck.field.layout import Layout

log = logging.getLogger(__name__)

STOP_WAIT = 1.0  # seconds the process is given to stop before it is ended


@dataclass(frozen=True)
class LiveMap:
    """One map of a dragged state: ``key`` the state's, ``posture`` and ``what`` the map's."""

    key: object
    posture: str
    what: str
    values: dict[Point, float] | dict[Point, int]
    live: bool = True


class LiveMaps:
    def __init__(self) -> None:
        self.result: LiveMap | None = None
        self.failed: str | None = None
        self.alive = True
        self.cpu, self.answered = 0.0, 0  # the process's CPU seconds and the maps it answered
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._running: tuple[Any, ...] | None = None  # the request in flight
        self._wanted: tuple[Any, ...] | None = None  # the newest request not yet sent

    def start(self) -> None:
        """Start the process (when the Study opens: its imports take a moment)."""
        if self._process is not None or not self.alive:
            return
        try:
            context = multiprocessing.get_context("spawn")  # no copy of the window's pygame state
            ours, theirs = context.Pipe()
            process = context.Process(target=serve, args=(theirs,), name="live-map", daemon=True)
            process.start()
            theirs.close()
        except (OSError, RuntimeError) as exc:
            log.warning("live map: no process (%s); the Study's thread computes the live maps", exc,
                        exc_info=True)
            self.alive = False
            return
        self._process, self._connection = process, ours

    def prime(self, layout: Layout) -> None:
        """Keep ``layout``'s table in the process (the state a drag will start from)."""
        self._want(("prime", layout))

    def want(self, key: object, layout: Layout, posture: str, what: str, team: str) -> None:
        """The map ``what`` for ``posture`` of ``layout`` (``key`` names the state)."""
        ask = (key, posture, what)
        r = self.result
        if r is not None and (r.key, r.posture, r.what) == ask:
            self._wanted = None
            return
        if self._running is not None and self._running[0] == "map" \
                and (self._running[1], *self._running[3:5]) == ask:
            self._wanted = None
            return
        self._want(("map", key, layout, posture, what, team))

    def _want(self, message: tuple[Any, ...]) -> None:
        self._wanted = message  # sent by ``send``, once the frame is drawn
        self.poll()

    def poll(self) -> bool:
        """Read a finished answer (never waiting for one); True when ``result`` changed."""
        if not self.alive:
            return False
        self.start()
        changed = False
        try:
            if self._running is not None and self._connection is not None and self._connection.poll():
                kind, key, value, cpu = self._connection.recv()
                sent, self._running = self._running, None
                self.cpu += cpu
                if kind == "map":
                    self.answered += 1
                    self.result, self.failed, changed = LiveMap(key, sent[3], sent[4], value), None, True
                elif kind == "failed":
                    self.failed = value
                    log.warning("live map for %r failed: %s", key, value)
        except (EOFError, OSError):
            self._gone()
        return changed

    def send(self) -> None:
        """Send the newest request wanted when none is in flight (after the frame is drawn)."""
        if not self.alive:
            return
        self.start()
        if self._running is None and self._wanted is not None and self._connection is not None:
            self._running, self._wanted = self._wanted, None
            try:
                self._connection.send(self._running)
            except OSError:
                self._gone()

    def _gone(self) -> None:
        log.exception("live map: the process is gone; the Study's thread computes the live maps")
        self.alive = False
        self._running = self._wanted = None

    @property
    def busy(self) -> bool:
        return self.alive and (self._running is not None or self._wanted is not None)

    def wait(self, timeout: float = 60.0) -> None:
        """Block until every request is answered (tests and the bench only)."""
        while self.busy:
            self.send()
            if self._running is not None and self._connection is not None:
                self._connection.poll(timeout)
            self.poll()

    def close(self) -> None:
        process, connection = self._process, self._connection
        self._process = self._connection = self._running = self._wanted = None
        if connection is not None:
            try:
                connection.send(None)
            except OSError:
                pass
            connection.close()
        if process is not None:
            process.join(STOP_WAIT)
            if process.is_alive():
                process.terminate()
                process.join(STOP_WAIT)
