"""Records of any game in files: written whole or not at all, read without trusting them.

A record is saved as its ``to_dict()`` in JSON, to a temporary file renamed over the save (a crash
while saving never loses the old save; the file is private: it holds every seat's secrets). Reading
picks the game by the data's ``format`` among the kinds the caller plays (``GameKind.format``); a
file none of them reads is refused by the first kind's words. Every problem is a ``RecordError``
naming the file, never a traceback.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from paintcheck.field.atomic import write_atomically, write_text
from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.seam.game import GameKind, Record

MAX_RECORD_BYTES = 8 << 20  # a whole Paintcheck match is a few hundred kilobytes; refuse more unread


def save_record(record: Record, path: str | os.PathLike[str]) -> None:
    """Write atomically: a temporary file in the same folder, flushed, then renamed over ``path``."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(record.to_dict(), indent=1) + "\n"
    # private (0600): a save holds every seat's secrets (Paintcheck's face-down tokens and sheets)
    write_atomically(target, lambda fd, _tmp: write_text(fd, text), mode=None)


def kind_of(data: Any, kinds: Sequence[GameKind]) -> GameKind | None:
    """The kind whose records ``data`` has a format of (None: no game of ``kinds``); a kind reads its
    older formats too (``GameKind.formats``)."""
    form = data.get("format") if isinstance(data, dict) else None
    return next((kind for kind in kinds if form in kind.formats), None)


def read_record(path: str | os.PathLike[str], kinds: Sequence[GameKind]) -> tuple[GameKind, Record]:
    """The record saved in ``path`` and its game's kind, among ``kinds`` (the first one words a file
    that is no record of any: ``GameKind.unreadable`` and ``record_from_dict``)."""
    source = str(path)
    try:
        data = read_json(path, MAX_RECORD_BYTES, "saved match")
    except JsonFileError as exc:
        raise kinds[0].unreadable(source, exc.args[0]) from None
    kind = kind_of(data, kinds) or kinds[0]
    return kind, kind.record_from_dict(data, source)
