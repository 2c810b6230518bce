"""Writing a file without ever leaving a half-written one: the content goes to a temporary file in
the same folder, which is then renamed over the target in one step. If anything fails, the file that
was there is untouched and the temporary file is removed. Layouts, saves and exported images all
write this way."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

KEEP = -1  # the mode a replaced file had (a new file: the umask's default)


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


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
