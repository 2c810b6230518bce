"""A match being played at the window: the table, the state, the dice, the record and the log.

Every change goes through ``Engine.apply`` (the one door); the record keeps the seed and the
decisions so the match can be saved and replayed exactly (``rules.codec``, ``table.replay``).
Saves live in the user's data folder (platformdirs) and are written atomically by the codec.
No pygame here.
"""

from __future__ import annotations

from pathlib import Path

from paintcheck.field.layout_file import default_layout_path
from paintcheck.rules.codec import START_BREAK, CodecError, MatchRecord, load_match, save_match
from paintcheck.rules.dice import Dice
from paintcheck.rules.state import OVER, MatchState
from paintcheck.rules.views import public_view, view
from paintcheck.table import Table, replay

APP_NAME = "paintcheck-digital"
SAVE_NAME = "match.json"


def data_dir() -> Path:
    """The user's data folder for Paintcheck (saves)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_save_path() -> Path:
    return data_dir() / SAVE_NAME


class MatchSession:
    """One match: apply decisions, keep every event, save and load."""

    def __init__(self, table: Table, state: MatchState, dice: Dice, record: MatchRecord,
                 events: list | None = None) -> None:
        self.table = table
        self.engine = table.engine
        self.m = table.measurer
        self.state = state
        self.dice = dice
        self.record = record
        self.events: list = list(events or [])

    @classmethod
    def new(cls, layout_path=None, seed: int | None = None, start: str = START_BREAK) -> MatchSession:
        """A new match from the break (``start``: a ``codec`` start, the turn-2 default for tests).
        Without a ``seed`` every roll comes from fresh entropy when it is rolled and is recorded:
        the save replays from the rolls made and holds none to come."""
        table = Table.from_file(layout_path or default_layout_path())
        record = table.new_record(seed, start)
        return cls(table, table.start_of(record), record.dice(), record)

    @classmethod
    def from_record(cls, record: MatchRecord) -> MatchSession:
        table, state, events, dice = replay(record)
        return cls(table, state, dice, record, events)

    @classmethod
    def load(cls, path) -> MatchSession:
        """Load and replay a saved match; a damaged file raises ``CodecError`` (one line)."""
        record = load_match(path)
        try:
            return cls.from_record(record)
        except CodecError:
            raise
        except Exception as exc:  # a layout or decision the engine refuses: the save is damaged
            raise CodecError(f"{path}: the saved match does not replay ({exc})") from None

    def save(self, path) -> None:
        save_match(self.record, path)

    # -- the game ------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    def to_move(self) -> str | None:
        return self.engine.to_move(self.state)

    def why_illegal(self, decision) -> str | None:
        return self.engine.why_illegal(self.state, decision)

    def apply(self, decision) -> list:
        self.state, new = self.engine.apply(self.state, decision, self.dice)
        self.record.decisions.append(decision)
        self.events.extend(new)
        return new

    def view(self, team: str | None) -> MatchState:
        """What the coach of ``team`` may see (a spectator's view for None)."""
        return public_view(self.state) if team is None else view(self.state, team)
