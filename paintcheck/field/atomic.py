"""Writing a file without ever leaving a half-written one: the content goes to a temporary file in
the same folder, which is then renamed over the target in one step. If anything fails, the file that
was there is untouched and the temporary file is removed. Layouts, saves, exported images and the
sight cache all write this way. A process killed while writing leaves its temporary file behind:
``remove_stale`` tidies those of a folder (``temporary_pattern`` names them) once they are old enough
that no live writer can still own them."""

from __future__ import annotations

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
STALE_AFTER_S = 600.0  # a temporary file this old has no live writer (a write takes well under this)


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
    return rf"\.(?:{target})\.[a-z0-9_]{{8}}{re.escape(suffix)}"


def remove_stale(folder: str | os.PathLike[str], pattern: str,
                 older_than_s: float = STALE_AFTER_S) -> list[Path]:
    """Remove the regular files of ``folder`` whose whole name matches ``pattern`` and which were
    last written more than ``older_than_s`` seconds ago: the temporary files of killed writes.
    Nothing else is touched (no link, no folder, no other name); a file that cannot be removed is
    left. Returns the files removed."""
    wanted = re.compile(pattern)
    removed: list[Path] = []
    limit = time.time() - older_than_s
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
