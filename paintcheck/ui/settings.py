"""The user's settings: a small JSON file beside the saves (``settings.json`` in the user data folder),
written atomically. Today it holds the window's language. No pygame here.

A missing or damaged file is no settings (the defaults); an unknown entry is kept when writing.
"""

from __future__ import annotations

import json
from pathlib import Path

from paintcheck.field.atomic import write_atomically, write_text
from paintcheck.ui import i18n, saves

FILE_NAME = "settings.json"


def settings_path() -> Path:
    return saves.data_dir() / FILE_NAME


def read() -> dict:
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write(**changes) -> None:
    """Set ``changes`` in the settings file (the other entries kept)."""
    data = {**read(), **changes}
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    write_atomically(path, lambda fd, _tmp: write_text(fd, text))


def saved_language() -> str | None:
    language = read().get("language")
    return language if language in i18n.LOCALES else None


def remember_language(language: str) -> None:
    try:
        write(language=language)
    except OSError:
        pass  # a read-only home: the language is only for this start


def starting_language(asked: str | None = None) -> str:
    """The language to open the window in: ``--lang`` (remembered), else the one remembered, else
    the system's when it is French, else English."""
    if asked is not None:
        remember_language(asked)
        return asked
    return saved_language() or i18n.system_locale()


def _pair(value) -> tuple[int, int] | None:
    """Two integers from the settings file, or None (a damaged entry is no entry)."""
    if isinstance(value, list) and len(value) == 2 and all(
            type(v) is int and abs(v) < 100_000 for v in value):
        return value[0], value[1]
    return None


def window_geometry() -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The window's (size, position) when it was last closed, each None when not remembered."""
    data = read()
    return _pair(data.get("window_size")), _pair(data.get("window_position"))


def remember_window(size: tuple[int, int], position: tuple[int, int] | None) -> None:
    """Remember the window's size and position for the next start (nothing when it cannot be written)."""
    try:
        write(window_size=list(size), window_position=list(position) if position else None)
    except OSError:
        pass  # a read-only home: the window opens at its default size next time
