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
from typing import Any

from paintcheck.said import Said
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import BandSpec, Options, band_problems, random_band
from paintcheck.unpourun.game import bands_start
from paintcheck.unpourun.record import UNPOURUN, UnpourunRecord
from paintcheck.unpourun.table_file import TableFileError, load_table, shipped_tables
from paintcheck.unpourun.terrain import Table

log = logging.getLogger(__name__)

PERSON = "person"
EXAMPLE_SEEDS = (11, 12, 13)  # the example bands drawn when no band file is shipped


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
    """The shipped bands and the user's band files (``band_file``), each with the first reason the
    rules refuse it under ``options``; without band files, seeded example bands."""
    out: list[BandChoice] = []
    try:
        from paintcheck.unpourun import band_file
    except ImportError:  # the band files come with the band builder (issue 31, item 2)
        band_file = None
    if band_file is not None:
        for origin, paths in (("shipped", band_file.shipped_bands()), ("user", band_file.list_bands())):
            for path in paths:
                try:
                    band = band_file.load_band(path)
                except ValueError as exc:
                    log.warning("band %s refused: %s", path, exc)
                    out.append(
                        BandChoice(Path(path).stem, None, exc.args[0] if exc.args else str(exc), origin)
                    )
                    continue
                out.append(_choice(band, options, origin))
    if not out:
        out = [
            _choice(random_band(seed, f"example-{seed}", options), options, "example")
            for seed in EXAMPLE_SEEDS
        ]
    return out


def _choice(band: BandSpec, options: Options, origin: str) -> BandChoice:
    problems = band_problems(band, options)
    return BandChoice(band.name, band, problems[0] if problems else None, origin)


def user_tables_dir() -> Path:
    """Where the table designer keeps the user's tables (``<data>/unpourun_tables``)."""
    from paintcheck.ui.saves import data_dir

    return data_dir() / "unpourun_tables"


def table_choices() -> list[TableChoice]:
    """The shipped tables, then the user's, each loaded (a table that does not is its one line)."""
    out: list[TableChoice] = []
    user = sorted(user_tables_dir().glob("*.json")) if user_tables_dir().is_dir() else []
    for origin, paths in (("shipped", shipped_tables()), ("user", user)):
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


def players_words(kind: str) -> Any:
    return Said(f"upu_match.player.{kind}")
