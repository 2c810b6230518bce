"""Check layout files: one line per problem, or 'ok: FILE (NAME, N obstacles)' for a good file.

Exit code 0 when every file is valid, 2 otherwise.
"""

from __future__ import annotations

import argparse
import logging

from paintcheck.field.layout_file import LayoutFileError, load_layout
from paintcheck.printable import printable

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="layout files (JSON) to check")


def run(args: argparse.Namespace) -> int:
    all_ok = True
    for name in args.files:
        ok, lines = check(name)
        for line in lines:
            print(line, flush=True)
        all_ok = all_ok and ok
    return 0 if all_ok else 2


def check(name: str) -> tuple[bool, list[str]]:
    """Whether the file is valid, and the lines ``validate`` prints for it."""
    try:
        layout = load_layout(name)
    except LayoutFileError as exc:
        log.info("refused %s: %d problem(s)", printable(name), len(exc.problems))
        return False, exc.problems
    except Exception as exc:  # the last guard: one line, never a traceback (the log keeps it)
        log.exception("%s could not be checked", printable(name))
        return False, [printable(f"{name}: cannot be checked ({type(exc).__name__}: {exc})")]
    count = len(layout.obstacles)
    plural = "obstacle" if count == 1 else "obstacles"
    return True, [printable(f"ok: {name} ({layout.name}, {count} {plural})")]
