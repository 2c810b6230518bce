"""The program's log: what happens (saves, loads, refused files, the computer's decisions and their
time, caught errors with their traceback) goes to a rotating file in the user's log folder, so that
when the window goes wrong a user has a file to send; ``--verbose`` writes it to standard error too.

Without ``--verbose``, standard error gets the warnings only, one line each (a refused cache file,
a damaged settings file): the commands' own output is unchanged. ``start_logging`` is called once
by the command line (``paintcheck.cli.main``); modules only ``logging.getLogger(__name__)``.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

APP_NAME = "paintcheck-digital"
FILE_NAME = "paintcheck.log"
MAX_BYTES = 1 << 20  # a log file this large is rotated
BACKUPS = 3  # rotated files kept
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_ours: list[logging.Handler] = []  # the handlers start_logging added (replaced when it is called again)


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]  # its stream is whatever sys.stderr is
    """Standard error as it is when a record comes (a test's capture, or the terminal), not as it was
    when the handler was made."""

    @property  # type: ignore[override]
    def stream(self):  # noqa: ANN201 - logging's own attribute
        return sys.stderr

    @stream.setter
    def stream(self, _value) -> None:  # noqa: ANN001 - set by StreamHandler.__init__, ignored
        pass

    def format(self, record: logging.LogRecord) -> str:
        """The record's words, a character no encoding can write (a lone surrogate) escaped."""
        return super().format(record).encode("utf-8", "backslashreplace").decode("utf-8")


class _OneLine(logging.Formatter):
    """A warning on standard error without --verbose: one line, its traceback left to the file."""

    def format(self, record: logging.LogRecord) -> str:
        return "paintcheck: " + record.getMessage().splitlines()[0]


class _NotFrom(logging.Filter):
    """Drops the records of the logger ``name`` and of its children."""

    def __init__(self, name: str):
        super().__init__()
        self.name_ = name

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.name == self.name_ or record.name.startswith(self.name_ + "."))


def keep_to_the_file(name: str) -> None:
    """From now on (until logging is started again), what the logger ``name`` and its children say
    goes to the log file only, not to standard error: a library's words while the program ends what
    it started (a local Dask cluster stopped by Ctrl-C) are for the file, not news for the user."""
    for handler in _ours:
        if isinstance(handler, _Stderr) and not any(
                isinstance(f, _NotFrom) and f.name_ == name for f in handler.filters):
            handler.addFilter(_NotFrom(name))


def log_dir() -> Path:
    """The user's log folder (platformdirs: ``$XDG_STATE_HOME/paintcheck-digital/log`` on Linux)."""
    import platformdirs

    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def log_path() -> Path:
    return log_dir() / FILE_NAME


def stop_logging() -> None:
    """Take away the handlers ``start_logging`` added (and close the file)."""
    root = logging.getLogger()
    for handler in _ours:
        root.removeHandler(handler)
        handler.close()
    _ours.clear()


def start_logging(verbose: bool = False) -> Path | None:
    """Send the program's log to its file (INFO and above) and to standard error (everything with
    ``verbose``, else warnings only). Returns the file, or None when it cannot be written (then the
    log goes to standard error only, and nothing fails)."""
    stop_logging()
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    stderr = _Stderr()
    stderr.setLevel(logging.DEBUG if verbose else logging.WARNING)
    stderr.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s") if verbose else _OneLine())
    _ours.append(stderr)
    path: Path | None = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        file = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                    encoding="utf-8", delay=True, errors="backslashreplace")
        file.setLevel(logging.DEBUG if verbose else logging.INFO)
        file.setFormatter(logging.Formatter(FORMAT))
        _ours.append(file)
    except OSError as exc:  # a read-only home: standard error only
        path = None
        stderr.setLevel(logging.WARNING if not verbose else logging.DEBUG)
        print(f"paintcheck: no log file ({exc.strerror or exc})", file=sys.stderr)
    for handler in _ours:
        root.addHandler(handler)
    return path
