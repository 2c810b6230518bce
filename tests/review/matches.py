"""Seeded matches to review: random coaches play them out on the box layout (odd seeds from the
break, even ones from turn 2), and the record holds their decisions and seed."""

from __future__ import annotations

from functools import cache

from paintcheck.game import PaintcheckGame
from paintcheck.resources import data
from paintcheck.rules.codec import START_BREAK, START_DEFAULT_TURN2, MatchRecord
from paintcheck.seam.play import playout
from paintcheck.table import Table


@cache
def box_table() -> Table:
    return Table.from_file(data("layouts") / "box21.json")


@cache
def seeded_record(seed: int) -> MatchRecord:
    table = box_table()
    start = START_BREAK if seed % 2 else START_DEFAULT_TURN2
    game = PaintcheckGame.on(table)
    played = playout(game, game.begin(start), seed)
    return MatchRecord(seed, table.layout_data, list(played.decisions), start=start)
