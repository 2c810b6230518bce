"""The table: a layout built into its field, its instruments and its engine, once.

The window, the commands and the tests all set a match up through here, so they share one field
geometry and one (caching) measurer per layout. ``replay`` plays a saved match again through the
engine, event for event, through the seam (``seam.play.replay``, Paintcheck as ``paintcheck.game``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from paintcheck.field.layout import Field
from paintcheck.field.layout_file import layout_from_dict, layout_to_dict, load_layout
from paintcheck.geometry.cache import CachedMeasurer
from paintcheck.rules.codec import START_BREAK, START_DEFAULT_TURN2, MatchRecord
from paintcheck.rules.dice import Dice, RecordedDice
from paintcheck.rules.engine import Engine
from paintcheck.rules.setup import default_match
from paintcheck.rules.state import MatchState, new_break
from paintcheck.seam import play


@dataclass(eq=False)
class Table:
    field: Field
    measurer: CachedMeasurer
    engine: Engine

    @classmethod
    def from_field(cls, field: Field, checks: bool = True, sight: bool | None = None) -> Table:
        """``checks``: the engine refuses illegal decisions and checks the state's invariants after
        each one (the window, the tests, ``simulate --check``); off for callers whose decisions come
        from the legality queries (searches, benches). ``sight``: read lines of fire from the
        field's sight table at once (True), never (False), or when it pays (None, see
        ``geometry.cache``)."""
        measurer = CachedMeasurer(field, sight=sight)
        return cls(field, measurer, Engine(measurer, checks=checks))

    @classmethod
    def from_file(cls, path, checks: bool = True, sight: bool | None = None) -> Table:
        return cls.from_field(load_layout(path).build(), checks=checks, sight=sight)

    @classmethod
    def from_layout_data(cls, data: dict, source: str = "<saved match>") -> Table:
        return cls.from_field(layout_from_dict(data, source).build())

    @property
    def layout_data(self) -> dict:
        return layout_to_dict(self.field.layout)

    def start(self) -> MatchState:
        """The match at the start of turn 2 in the default position (a saved match's ``default-turn2``
        start, and the tests of an ordinary turn)."""
        layout = self.field.layout
        return default_match(layout.name, layout.lattice.points(), self.measurer,
                             layout.flag_homes(), layout.lattice)

    def start_break(self) -> MatchState:
        """The match before the break (turn 1): players wait on their bases for the sheets."""
        layout = self.field.layout
        lattice = layout.lattice
        bases = {team: lattice.base_points(team)[::2] for team in ("blue", "white")}
        return new_break(layout.name, bases, layout.flag_homes(), lattice)

    def start_of(self, record: MatchRecord) -> MatchState:
        return self.start_break() if record.start == START_BREAK else self.start()

    def new_record(self, seed: int | None, start: str = START_DEFAULT_TURN2) -> MatchRecord:
        """A match to play: seeded dice, or (no seed) dice from fresh entropy, their rolls kept."""
        return MatchRecord(seed, self.layout_data, start=start, rolls=None if seed is not None else [])


def replay(record: MatchRecord, upto: int | None = None, table: Table | None = None
           ) -> tuple[Table, MatchState, list, Dice | RecordedDice]:
    """Play ``record``'s decisions (the first ``upto`` of them) again with its dice, on ``table``
    (a table of the record's layout: the window's own) or on a new one: the seam's ``replay``
    (``seam.play``) with Paintcheck on that table.

    Returns the table, the state reached, every event in order, and the dice ready for the next
    decision, so a resumed match goes on exactly as if it had never stopped. Recorded rolls must
    replay exactly: the whole record's decisions use every one of them, and no fresh one
    (``RecordedRollsError`` otherwise: a roll appended to a save would decide the next die)."""
    from paintcheck.game import PaintcheckGame  # Paintcheck behind the seam stands on this module

    table = Table.from_layout_data(record.layout) if table is None else table
    state, events, dice = play.replay(PaintcheckGame.on(table), record, upto)
    return table, state, events, cast("Dice | RecordedDice", dice)  # the MatchRecord's own dice
