"""Writing a file without ever leaving a half-written one: the content goes to a temporary file in
the same folder, which is then renamed over the target in one step. If anything fails, the file that
was there is untouched and the temporary file is removed. Layouts, saves and exported images all
write this way.

A write killed before its rename (the power cut, ``kill -9``) leaves its temporary file:
``remove_stale`` removes those of a folder, by their name (``.<target>.<random><suffix>``, the
name ``write_atomically`` gives) and their age (older than ``STALE_AFTER``: no write under way
takes that long), and nothing else."""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

KEEP = -1  # the mode a replaced file had (a new file: the umask's default)
STALE_AFTER = 60.0  # seconds: a temporary file older than this belongs to no write under way
NOT_A_FILE = "not a regular file: a link, a FIFO or a device is never replaced"


def refuse_unless_file(path: str | os.PathLike[str]) -> None:
    """Raise ``OSError`` (``NOT_A_FILE``) when something that is not a regular file stands at
    ``path``: a symbolic link (whatever it points to), a FIFO, a device, a socket, a folder. A
    rename would put the new file in its place: run as root, ``export --png /dev/full`` replaced
    the device. Nothing there, or a regular file, passes."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise OSError(errno.EEXIST, NOT_A_FILE, os.fspath(path))


def write_atomically(path: str | os.PathLike[str], fill: Callable[[int, str], None], *,
                     suffix: str = ".tmp", mode: int | None = KEEP) -> None:
    """``fill(fd, temporary_path)`` writes the content (and closes ``fd``), then it replaces ``path``.
    ``mode``: KEEP, an explicit mode, or None for the temporary file's own (0o600: private)."""
    target = Path(path)
    if mode == KEEP:
        try:
            mode = target.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent)
    try:
        fill(fd, tmp_name)
        if mode is not None:
            os.chmod(tmp_name, mode)
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise


def is_temporary(name: str, suffix: str = ".tmp") -> bool:
    """``name`` is one ``write_atomically`` gives its temporary files (with that ``suffix``)."""
    return re.fullmatch(rf"\..+\.[a-z0-9_]+{re.escape(suffix)}", name) is not None


def remove_stale(folder: str | os.PathLike[str], suffix: str = ".tmp",
                 now: float | None = None) -> list[Path]:
    """Remove the temporary files interrupted writes left in ``folder``: regular files named as
    ``write_atomically`` names them (with ``suffix``), older than ``STALE_AFTER``. A folder that
    cannot be read is left alone. Returns what was removed."""
    now = time.time() if now is None else now
    removed = []
    try:
        names = [name for name in os.listdir(folder) if is_temporary(name, suffix)]
    except OSError:
        return removed
    for name in names:
        path = Path(folder) / name
        try:
            st = os.lstat(path)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > STALE_AFTER:
                path.unlink()
                removed.append(path)
        except OSError:
            pass
    return removed


def write_text(fd: int, text: str) -> None:
    """Write ``text`` as UTF-8 to the open ``fd``, flushed to the disk, and close it."""
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
