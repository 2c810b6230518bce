"""What the network core speaks through: one message is one line of JSON bytes.

``Transport`` is the whole contract: ``send(line)`` queues one message (bytes, no newline inside;
the transport frames it), ``receive()`` gives the next whole message or None at once (never blocks),
``close()`` ends it, ``closed`` says whether it has ended (closed here, killed, or dropped by the
other side). The core never waits on a transport: the window's network thread (TCP, asyncio) or a
test (``memory_pair``) moves the bytes, and the peer polls.

``memory_pair()`` gives two connected in-memory ends for tests; ``kill()`` drops the connection
mid-match as a pulled cable would: both ends are closed, and what was in flight is lost.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Protocol, runtime_checkable

log = logging.getLogger(__name__)


@runtime_checkable
class Transport(Protocol):
    """One connection to the other machine, as the core uses it."""

    @property
    def closed(self) -> bool:
        """True once the connection has ended (either side closed it, or it dropped)."""
        ...

    def send(self, line: bytes) -> None:
        """Queue one message (a JSON line without its newline). Sending on a closed transport does
        nothing (the message is lost, as on a dropped connection; the peer re-sends on resume)."""
        ...

    def receive(self) -> bytes | None:
        """The next whole message received, or None when none is waiting (never blocks)."""
        ...

    def close(self) -> None:
        """End the connection (both directions); idempotent."""
        ...


class _Link:
    """The shared wire of a memory pair: two queues, one per direction, and whether it is cut."""

    def __init__(self) -> None:
        self.queues: tuple[deque[bytes], deque[bytes]] = (deque(), deque())
        self.cut = False
        self.sent = [0, 0]  # messages sent from each end


class MemoryTransport:
    """One end of an in-memory connection (``memory_pair``)."""

    def __init__(self, link: _Link, end: int) -> None:
        self._link = link
        self._end = end

    @property
    def closed(self) -> bool:
        return self._link.cut

    def send(self, line: bytes) -> None:
        if not isinstance(line, bytes):
            raise TypeError(f"a transport sends bytes, not {type(line).__name__}")
        if self._link.cut:
            return
        self._link.queues[1 - self._end].append(line)
        self._link.sent[self._end] += 1

    def receive(self) -> bytes | None:
        queue = self._link.queues[self._end]
        if self._link.cut or not queue:
            return None
        return queue.popleft()

    def close(self) -> None:
        self.kill()

    def kill(self) -> None:
        """Drop the connection: both ends closed, every message in flight lost."""
        if not self._link.cut:
            log.info("memory transport dropped (%d and %d messages sent)", *self._link.sent)
        self._link.cut = True
        for queue in self._link.queues:
            queue.clear()

    @property
    def waiting(self) -> int:
        """Messages in flight towards this end."""
        return len(self._link.queues[self._end])


def memory_pair() -> tuple[MemoryTransport, MemoryTransport]:
    """Two connected ends: what one sends, the other receives, in order."""
    link = _Link()
    return MemoryTransport(link, 0), MemoryTransport(link, 1)
