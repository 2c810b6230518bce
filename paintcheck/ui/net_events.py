"""The network thread's news as pygame events: the glue between ``net.tcp`` (no pygame) and the loop.

A transport calls ``notify`` from its own thread whenever something arrives; ``Poster.notify``
posts one ``NET_EVENT`` (``pygame.event.post`` is safe from any thread), and no second one until the
scene has read the transport (``Poster.read``): a burst of messages is one event, never a flood
of the window's queue. The scene then takes everything queued with ``transport.receive()``.
"""

from __future__ import annotations

import logging
import threading

import pygame

log = logging.getLogger(__name__)


MARK = "paintcheck_net"  # and the event's own attribute, besides its type


def net_event_type() -> int:
    """The event type the network posts: the last of the user events, never one of
    ``pygame.event.custom_type``'s (after ``pygame.quit`` it hands its types out again from the
    start: a type asked of it then would be one pygame_gui took at its import, a button's press)."""
    return pygame.NUMEVENTS - 1


class Poster:
    """Posts ``NET_EVENT`` when the transport has news; once until ``read``."""

    def __init__(self) -> None:
        self._pending = threading.Event()
        self.kind = net_event_type()

    def notify(self) -> None:
        """Called in the network thread."""
        if self._pending.is_set():
            return
        self._pending.set()
        try:
            pygame.event.post(pygame.event.Event(self.kind, {MARK: True}))
        except pygame.error:  # the window closed under the network thread: nothing to tell
            log.debug("no window to post to", exc_info=True)

    def read(self) -> None:
        """The scene reads the transport now: the next news posts again."""
        self._pending.clear()

    def mine(self, event: pygame.event.Event) -> bool:
        return event.type == self.kind and getattr(event, MARK, False)
