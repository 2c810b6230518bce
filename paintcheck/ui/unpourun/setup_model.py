"""What a new match of Un pour un is made of (issue 31, item 4, "upu_new"): the bands and tables to
choose from, who plays each side, the options, and the record they make. No pygame here.

A band is listed with the engine's refusal when ``bands.band_problems`` finds one under the options
chosen (it cannot start); a table that does not load is listed with its one-line problem. The record
is ``UnpourunKind.new_record`` on the start ``game.bands_start`` (the two bands and the options).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from paintcheck.said import Said
from paintcheck.unpourun import band_file
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.band_file import BandFileError
from paintcheck.unpourun.bands import BandSpec, Options, band_problems
from paintcheck.unpourun.game import bands_start
from paintcheck.unpourun.record import UNPOURUN, UnpourunRecord
from paintcheck.unpourun.table_file import TableFileError, load_table, shipped_tables
from paintcheck.unpourun.terrain import Table

log = logging.getLogger(__name__)

PERSON = "person"


@dataclass(frozen=True)
class BandChoice:
    name: str
    band: BandSpec | None  # None: the file does not load
    problem: Said | str | None  # why it cannot start (a file's problem, or the band's first refusal)
    origin: str  # "shipped", "user", "example"


@dataclass(frozen=True)
class TableChoice:
    name: str
    path: Path
    table: Table | None
    problem: Said | str | None
    origin: str  # "shipped", "user"


def band_choices(options: Options) -> list[BandChoice]:
    """The shipped bands, then the user's band files (``band_file.list_bands``), each with the first
    reason the rules refuse it under ``options`` (a file that does not load: its one line)."""
    out: list[BandChoice] = []
    shipped = set(band_file.shipped_bands())
    for path, band in band_file.list_bands():
        origin = "shipped" if path in shipped else "user"
        if isinstance(band, BandFileError):
            out.append(BandChoice(path.stem, None, band.args[0] if band.args else str(band), origin))
        else:
            out.append(_choice(band, options, origin))
    return out


def _choice(band: BandSpec, options: Options, origin: str) -> BandChoice:
    problems = band_problems(band, options)
    return BandChoice(band.name, band, problems[0] if problems else None, origin)


def table_choices() -> list[TableChoice]:
    """The shipped tables, then the user's (the table designer's folder), each loaded (a table that
    does not load is its one line)."""
    from paintcheck.ui.unpourun.designer_files import user_tables

    out: list[TableChoice] = []
    for origin, paths in (("shipped", shipped_tables()), ("user", user_tables())):
        for path in paths:
            try:
                table = load_table(path)
            except TableFileError as exc:
                out.append(TableChoice(path.stem, path, None, exc.args[0] if exc.args else str(exc), origin))
                continue
            out.append(TableChoice(table.name, path, table, None, origin))
    return out


def new_record(
    first: BandSpec,
    second: BandSpec,
    table: Table,
    options: Options,
    players: dict[str, str],
    seed: int | None = None,
) -> UnpourunRecord:
    """A new match's record: ``players`` says who plays each side (``PERSON`` or a coach kind)."""
    record = UNPOURUN.new_record(table, bands_start(first, second, options), seed)
    record.coaches = {seat: kind for seat, kind in players.items() if kind != PERSON}
    return record


def default_players() -> dict[str, str]:
    return {t.PLAYERS[0]: PERSON, t.PLAYERS[1]: "random"}
