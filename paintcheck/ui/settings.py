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
