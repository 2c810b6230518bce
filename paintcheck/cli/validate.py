"""Check layout files, Un pour un table files and band files (picked by the file's ``format``): one
line per problem, or 'ok: FILE (NAME, N obstacles)' ('ok: FILE (NAME, W × D pas, N pieces)', 'ok:
FILE (NAME, N figures, C points)') for a good file. A band is checked under the default options, with
races on when it has a race (docs/unpourun-window.md).

Exit code 0 when every file is valid, 2 otherwise.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable
from typing import TypeVar

from paintcheck.field.json_file import read_json
from paintcheck.field.layout_file import LayoutFileError, load_layout
from paintcheck.printable import printable
from paintcheck.unpourun import band_file, table_file
from paintcheck.unpourun.bands import Options, band_cost
from paintcheck.unpourun.table_schema import file_said

T = TypeVar("T")

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="layout, table or band files (JSON) to check")


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
    kind = _kind(name)
    if kind == "table":
        return check_table(name)
    if kind == "band":
        return check_band(name)
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


def _kind(name: str) -> str:
    """"table" or "band" when the file says it is an Un pour un table or band, else "layout" (any
    file that cannot be read is left to the layout checks, which say why)."""
    try:
        data = read_json(name, table_file.MAX_FILE_BYTES, texts=False)
    except Exception:  # unreadable: the layout reader words it
        log.debug("%s: not read as a table or band", printable(name), exc_info=True)
        return "layout"
    if table_file.is_table_data(data):
        return "table"
    return "band" if band_file.is_band_data(data) else "layout"


def _read(name: str, load: Callable[[str], T], refused: type[Exception]) -> tuple[T | None, list[str]]:
    """The file read by ``load``, or None and its problems: ``refused``'s (its ``problems``), or one
    line for anything else (never a traceback: the log keeps it)."""
    try:
        return load(name), []
    except refused as exc:
        problems = list(getattr(exc, "problems", [str(exc)]))
        log.info("refused %s: %d problem(s)", printable(name), len(problems))
        return None, problems
    except Exception as exc:  # the last guard: one line, never a traceback (the log keeps it)
        log.exception("%s could not be checked", printable(name))
        return None, [printable(f"{name}: cannot be checked ({type(exc).__name__}: {exc})")]


def check_table(name: str) -> tuple[bool, list[str]]:
    """Whether the table file is valid, and the lines ``validate`` prints for it."""
    table, problems = _read(name, table_file.load_table, table_file.TableFileError)
    if table is None:
        return False, problems
    said = file_said("ok", file=printable(name), name=printable(table.name),
                                width=f"{table.width:g}", depth=f"{table.depth:g}", count=len(table.pieces))
    return True, [str(said)]


def check_band(name: str) -> tuple[bool, list[str]]:
    """Whether the band file is valid and its band may play under the default options (races on for
    a band with a race), and the lines ``validate`` prints for it."""
    band, problems = _read(name, band_file.load_band, band_file.BandFileError)
    if band is None:
        return False, problems
    options = Options(races=bool(band.race))
    problems = band_file.band_problems_in(band, printable(name), options)
    if problems:
        log.info("refused %s: %d rule problem(s)", printable(name), len(problems))
        return False, problems
    said = band_file.file_said("ok", file=printable(name), name=printable(band.name),
                               count=len(band.figures), cost=band_cost(band, options))
    return True, [str(said)]
