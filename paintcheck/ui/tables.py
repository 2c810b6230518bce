"""The tables the window keeps: one for the field being played, per thread that reads it.

A table is a game set up for a match (``seam.game.GameKind.game``). Paintcheck's
(``paintcheck.table.Table`` behind ``paintcheck.game.PaintcheckGame``) is a field's geometry, its
sight table and a measurer whose caches fill as matches are played; the computer's is warmed
besides (``ai.coach.warm_up``, about half a second). Made again for each match and kept, they
cost the window about 52 MB a match (issue 24). Here a new match on the field of the last one
takes its tables again, warm; a match on another field replaces them (``Shelf.size`` fields kept,
the oldest dropped).

Two shelves, because a measurer's caches are not shared between threads: ``WINDOW`` is read on the
window's thread only (the board, the instruments, the engine the scene applies decisions with),
``COMPUTER`` in the computer's worker thread only (``MatchSession.computer``: the computer's coaches,
both teams' when the computer plays both, think there one after the other). No pygame here."""

from __future__ import annotations

import threading
from collections import OrderedDict

from paintcheck.seam.game import Game, GameKind, Record


class Shelf:
    """At most ``size`` tables, one per game and setup (Paintcheck: per layout, its file's content,
    whatever its file is called: ``GameKind.setup_key``)."""

    def __init__(self, size: int = 1) -> None:
        self.size = size
        self._tables: OrderedDict[tuple[str, str], Game] = OrderedDict()
        self._lock = threading.Lock()

    def game(self, kind: GameKind, record: Record) -> Game:
        """The table of ``record``'s game and setup: the one kept if it is there, else a new one, kept
        instead of the least recently asked beyond ``size``."""
        key = (kind.format, kind.setup_key(record))
        with self._lock:
            found = self._tables.pop(key, None)
            if found is None:
                found = kind.game(record)
            self._tables[key] = found
            while len(self._tables) > self.size:
                self._tables.popitem(last=False)
        return found

    def clear(self) -> None:
        with self._lock:
            self._tables.clear()

    def __len__(self) -> int:
        return len(self._tables)


WINDOW = Shelf()  # the window's thread
COMPUTER = Shelf()  # the computer's worker thread
