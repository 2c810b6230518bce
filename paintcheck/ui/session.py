"""A match being played at the window: the table, the state, the dice, the record and the log.

Every change goes through ``Engine.apply`` (the one door); the record keeps the dice (a seed, or
the rolls made) and the decisions so the match can be saved and replayed exactly (``rules.codec``,
``table.replay``). Each match saves itself to a file of its own in the saves folder (``ui.saves``),
written atomically by the codec. No pygame here.
"""

from __future__ import annotations

from pathlib import Path

from paintcheck.field.layout_file import default_layout_path
from paintcheck.rules.codec import START_BREAK, CodecError, MatchRecord, load_match, save_match
from paintcheck.rules.state import OVER, MatchState
from paintcheck.rules.views import public_view, view
from paintcheck.table import Table, replay
from paintcheck.ui.saves import new_save_path


class MatchSession:
    """One match: apply decisions, keep every event, save and load."""

    def __init__(self, table: Table, state: MatchState, dice, record: MatchRecord,
                 events: list | None = None, path: Path | None = None) -> None:
        self.table = table
        self.engine = table.engine
        self.m = table.measurer
        self.state = state
        self.dice = dice
        self.record = record
        self.events: list = list(events or [])
        self.path = path or new_save_path(table.field.layout.name)  # where it saves itself

    @classmethod
    def new(cls, layout_path=None, seed: int | None = None, start: str = START_BREAK) -> MatchSession:
        """A new match from the break (``start``: a ``codec`` start, the turn-2 default for tests).
        Without a ``seed`` every roll comes from fresh entropy when it is rolled and is recorded:
        the save replays from the rolls made and holds none to come."""
        table = Table.from_file(layout_path or default_layout_path())
        record = table.new_record(seed, start)
        return cls(table, table.start_of(record), record.dice(), record)

    @classmethod
    def from_record(cls, record: MatchRecord, path: Path | None = None) -> MatchSession:
        table, state, events, dice = replay(record)
        return cls(table, state, dice, record, events, path)

    @classmethod
    def load(cls, path) -> MatchSession:
        """Load and replay a saved match; a damaged file raises ``CodecError`` (one line)."""
        record = load_match(path)
        try:
            return cls.from_record(record, Path(path))
        except CodecError:
            raise
        except Exception as exc:  # a layout or decision the engine refuses: the save is damaged
            raise CodecError(f"{path}: the saved match does not replay ({exc})") from None

    def save(self, path=None) -> None:
        """Save to ``path``, by default the match's own file, with the summary the list shows."""
        s = self.state
        self.record.summary = {
            "turn": s.turn, "phase": s.phase, "winner": s.winner,
            "players": {team: s.count_on_field(team) for team in ("blue", "white")},
        }
        save_match(self.record, path or self.path)

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
