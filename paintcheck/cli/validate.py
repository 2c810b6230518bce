"""Check layout files and Un pour un table files (picked by the file's ``format``): one line per
problem, or 'ok: FILE (NAME, N obstacles)' ('ok: FILE (NAME, W × D pas, N pieces)') for a good file.

Exit code 0 when every file is valid, 2 otherwise.
"""

from __future__ import annotations

import argparse
import logging

from paintcheck.field.json_file import read_json
from paintcheck.field.layout_file import LayoutFileError, load_layout
from paintcheck.printable import printable
from paintcheck.unpourun import table_file
from paintcheck.unpourun.table_schema import file_said

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="layout or table files (JSON) to check")


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
    if _is_table(name):
        return check_table(name)
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


def _is_table(name: str) -> bool:
    """The file says it is an Un pour un table (any file that cannot be read is left to the layout
    checks, which say why)."""
    try:
        return table_file.is_table_data(read_json(name, table_file.MAX_FILE_BYTES, texts=False))
    except Exception:  # unreadable: the layout reader words it
        log.debug("%s: not read as a table", printable(name), exc_info=True)
        return False


def check_table(name: str) -> tuple[bool, list[str]]:
    """Whether the table file is valid, and the lines ``validate`` prints for it."""
    try:
        table = table_file.load_table(name)
    except table_file.TableFileError as exc:
        log.info("refused %s: %d problem(s)", printable(name), len(exc.problems))
        return False, exc.problems
    except Exception as exc:  # the last guard: one line, never a traceback (the log keeps it)
        log.exception("%s could not be checked", printable(name))
        return False, [printable(f"{name}: cannot be checked ({type(exc).__name__}: {exc})")]
    said = file_said("ok", file=printable(name), name=printable(table.name),
                                width=f"{table.width:g}", depth=f"{table.depth:g}", count=len(table.pieces))
    return True, [str(said)]
