"""The tables the window keeps: one for the field being played, per thread that reads it.

A table (``paintcheck.table.Table``) is a field's geometry, its sight table and a measurer whose
caches fill as matches are played; the computer's is warmed besides (``ai.coach.warm_up``, about
half a second). Made again for each match and kept, they cost the window about 52 MB a match
(issue 24). Here a new match on the field of the last one takes its tables again, warm; a match on
another field replaces them (``Shelf.size`` fields kept, the oldest dropped).

Two shelves, because a measurer's caches are not shared between threads: ``WINDOW`` is read on the
window's thread only (the board, the instruments, the engine the scene applies decisions with),
``COMPUTER`` in the computer's worker thread only (``MatchSession.computer``: the computer's coaches,
both teams' when the computer plays both, think there one after the other). No pygame here."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from paintcheck.field.layout import Layout
from paintcheck.field.layout_file import layout_to_dict
from paintcheck.table import Table


class Shelf:
    """At most ``size`` tables, one per layout (its file's content, whatever its file is called)."""

    def __init__(self, size: int = 1) -> None:
        self.size = size
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def table(self, layout: Layout) -> Table:
        """The table of ``layout``: the one kept if it is there, else a new one, kept instead of the
        least recently asked beyond ``size``."""
        key = json.dumps(layout_to_dict(layout), sort_keys=True, separators=(",", ":"))
        with self._lock:
            found = self._tables.pop(key, None)
            if found is None:
                found = Table.from_field(layout.build())
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
