"""Writing a file without ever leaving a half-written one: the content goes to a temporary file in
the same folder, which is then renamed over the target in one step. If anything fails, the file that
was there is untouched and the temporary file is removed. Layouts, saves and exported images all
write this way, and so does the sight cache.

A write killed before its rename (the power cut, ``kill -9``) leaves its temporary file:
``remove_stale`` removes those of a folder, by their name (``.<target>.<random><suffix>``, the
name ``write_atomically`` gives) and their age (older than ``STALE_AFTER``: no write under way
takes that long), and nothing else."""

from __future__ import annotations

import errno
import logging
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

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


def write_text(fd: int, text: str) -> None:
    """Write ``text`` as UTF-8 to the open ``fd``, flushed to the disk, and close it."""
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def write_bytes(fd: int, data: bytes) -> None:
    """Write ``data`` to the open ``fd``, flushed to the disk, and close it."""
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def temporary_pattern(target: str = r".+", suffix: str = ".tmp") -> str:
    """A regular expression matching the names of ``write_atomically``'s temporary files for the
    targets whose names match ``target`` (itself a regular expression)."""
    return rf"\.(?:{target})\.[a-z0-9_]+{re.escape(suffix)}"


def remove_stale(folder: str | os.PathLike[str], pattern: str | None = None, *, suffix: str = ".tmp",
                 now: float | None = None) -> list[Path]:
    """Remove the temporary files interrupted writes left in ``folder``: the regular files whose
    whole name matches ``pattern`` (by default ``temporary_pattern`` with ``suffix``: the names
    ``write_atomically`` gives) last written more than ``STALE_AFTER`` seconds before ``now``.
    Nothing else is touched (no link, no folder, no other name); a folder that cannot be read, or a
    file that cannot be removed, is left. Returns the files removed."""
    wanted = re.compile(pattern if pattern is not None else temporary_pattern(suffix=suffix))
    limit = (time.time() if now is None else now) - STALE_AFTER
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not wanted.fullmatch(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and st.st_mtime < limit:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError as exc:
            log.debug("left %s (%s)", entry.path, exc)
    if removed:
        log.info("removed %d stale temporary file(s) from %s", len(removed), folder)
    return removed


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
