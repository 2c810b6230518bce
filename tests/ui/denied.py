"""A folder the program may not enter or write, for tests run as root (where ``chmod 000`` stops
nothing): the ``os`` calls on what lies inside raise ``PermissionError`` as they would for a user.

``no_search(monkeypatch, folder)``: chmod 000 — nothing inside can be looked at, listed, opened,
made, renamed or removed. ``read_only(monkeypatch, folder)``: chmod 555 — everything can be read,
nothing made, renamed or removed inside it (a read-only disk).
"""

from __future__ import annotations

import builtins
import errno
import io
import os

_LOOK = ("stat", "lstat", "listdir", "scandir")
_CHANGE = ("mkdir", "rmdir", "unlink", "chmod")


def _inside(path, folder: str, itself: bool) -> bool:
    if isinstance(path, int):
        return False
    try:
        name = os.path.abspath(os.fsdecode(path))
    except TypeError:
        return False
    return name.startswith(folder + os.sep) or (itself and name == folder)


def _denied(path) -> PermissionError:
    return PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))


def _guard(monkeypatch, name: str, folder: str, itself: bool, writing_only: bool = False) -> None:
    real = getattr(os, name)

    def guarded(path, *args, **kwargs):
        flags = args[0] if args else kwargs.get("flags", 0)
        writes = not writing_only or name != "open" or flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if writes and _inside(path, folder, itself):
            raise _denied(path)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, name, guarded)


def _guard_rename(monkeypatch, folder: str) -> None:
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if _inside(src, folder, False) or _inside(dst, folder, False):
            raise _denied(dst)
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)


def no_search(monkeypatch, folder) -> None:
    folder = os.path.abspath(folder)
    for name in _LOOK:
        _guard(monkeypatch, name, folder, itself=name in ("listdir", "scandir"))
    for name in (*_CHANGE, "open"):
        _guard(monkeypatch, name, folder, itself=False)
    _guard_rename(monkeypatch, folder)
    real_open = builtins.open

    def opening(file, *args, **kwargs):
        if _inside(file, folder, False):
            raise _denied(file)
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", opening)
    monkeypatch.setattr(io, "open", opening)  # pathlib opens through io


def read_only(monkeypatch, folder) -> None:
    folder = os.path.abspath(folder)
    for name in _CHANGE:
        _guard(monkeypatch, name, folder, itself=False)
    _guard(monkeypatch, "open", folder, itself=False, writing_only=True)
    _guard_rename(monkeypatch, folder)
