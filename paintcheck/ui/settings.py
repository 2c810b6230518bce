"""The user's settings: a small JSON file beside the saves (``settings.json`` in the user data folder),
written atomically. Today it holds the window's language. No pygame here.

It is read as layouts and saves are read (``field.json_file``: a regular file only, at most
``MAX_SETTINGS_BYTES``, nesting and lone surrogates refused): a FIFO, a link to ``/dev/zero`` or a
file nested a million deep is no settings, at once. A missing file is no settings (the defaults); a
damaged one too, with one line in the log, and it is never written over: a change (the language
button) is then for this start only, and the window says why in one line. An unknown entry is kept
when writing; a write that fails (a read-only or full disk) leaves the file as it was and is one
line too.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from paintcheck.field.atomic import write_atomically, write_text
from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.printable import printable
from paintcheck.said import Said
from paintcheck.ui import i18n, saves

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"
MAX_SETTINGS_BYTES = 64 * 1024  # a few entries: anything larger is not ours


class SettingsError(Exception):
    """The settings cannot be written: ``args[0]`` says why (a ``Said`` when the file is damaged,
    the system's words when the disk refuses), without the file's name."""


def settings_path() -> Path:
    return saves.data_dir() / FILE_NAME


def load() -> tuple[dict, str | None]:
    """The settings, and why the file cannot be used (None when it is missing or good)."""
    try:
        data = read_json(settings_path(), MAX_SETTINGS_BYTES, "settings file")
    except JsonFileError as exc:
        if getattr(exc.args[0], "key", None) == "rules.file.missing":
            return {}, None
        return {}, exc.args[0]
    if not isinstance(data, dict):
        return {}, Said("rules.file.settings_object")
    return data, None


def read() -> dict:
    """The settings (empty when the file is missing or damaged: the damage is logged)."""
    data, problem = load()
    if problem is not None:
        log.warning("%s: %s: the settings are the defaults", printable(str(settings_path())), problem)
    return data


def write(**changes) -> None:
    """Set ``changes`` in the settings file (the other entries kept). ``SettingsError`` when the
    file is damaged (it is left as it is) or cannot be written."""
    data, problem = load()
    if problem is not None:
        raise SettingsError(problem)
    data = {**data, **changes}
    path = settings_path()
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if len(text.encode("utf-8")) > MAX_SETTINGS_BYTES:  # indented, deep entries outgrow the limit
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"
    if len(text.encode("utf-8")) > MAX_SETTINGS_BYTES:  # never write what ``load`` would refuse
        raise SettingsError(Said("rules.file.too_large", what="settings file", limit=MAX_SETTINGS_BYTES))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, lambda fd, _tmp: write_text(fd, text))
    except OSError as exc:  # a read-only or full disk, a folder without permission
        raise SettingsError(exc.strerror or str(exc)) from None


def saved_language() -> str | None:
    language = read().get("language")
    return language if language in i18n.LOCALES else None


def remember_language(language: str) -> str | None:
    """Remember ``language`` for the next start; None when done, else why not (logged): the
    language is then only for this start."""
    try:
        write(language=language)
    except SettingsError as exc:
        log.warning("%s: %s: the language is not remembered", printable(str(settings_path())), exc.args[0])
        return exc.args[0]
    return None


GAMES = ("paintcheck", "unpourun")  # the title's game choice (``ui.game_choice``), the first by default


def saved_game() -> str:
    """The game chosen on the title last time (Paintcheck when none was, or the entry is damaged)."""
    game = read().get("game")
    return game if game in GAMES else GAMES[0]


def remember_game(game: str) -> str | None:
    """Remember the title's game for the next start; None when done, else why not (logged)."""
    try:
        write(game=game)
    except SettingsError as exc:
        log.warning("%s: %s: the game is not remembered", printable(str(settings_path())), exc.args[0])
        return exc.args[0]
    return None


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
    except SettingsError as exc:  # a damaged file or a read-only home: the default size next time
        log.warning("%s: %s: the window's size is not remembered", printable(str(settings_path())),
                    exc.args[0])
