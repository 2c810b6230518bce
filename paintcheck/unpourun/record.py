"""Saved matches of Un pour un (``unpourun-match/1``) and the game before any table (``UNPOURUN``), for
the seam's saves, their list and replay (``seam.files``, ``seam.play.replay``).

A record holds the dice (a seed, or the rolls made), the start (the two bands, ``game.bands_start``,
or ``random:<seed>``), the table as its file's data (``table_file.table_to_dict``), the decisions in
their text form, the computer's coaches and the summary the saves list shows. Reading one trusts
nothing: every problem is a ``RecordError`` whose message names the file (``unpourun_rules.record.*``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from paintcheck.rules.dice import Dice, RecordedDice
from paintcheck.said import Said
from paintcheck.seam.game import RecordError
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.game import UnpourunGame, bands_of, options_of
from paintcheck.unpourun.table_file import table_from_dict, table_to_dict

FORMAT = "unpourun-match/1"
SAVED = "<saved match>"


@dataclass
class UnpourunRecord:
    seed: int | None
    start: str
    table: dict[str, Any]
    decisions: list[Any] = field(default_factory=list)
    rolls: list[int] | None = None
    coaches: dict[str, str] = field(default_factory=dict)
    coach_seed: int | None = None
    summary: dict[str, Any] = field(default_factory=dict)

    def dice(self) -> Dice | RecordedDice:
        return Dice(self.seed) if self.rolls is None else RecordedDice(self.rolls)

    def to_dict(self) -> dict[str, Any]:
        dice: dict[str, Any] = {"seed": self.seed} if self.rolls is None else {"rolls": self.rolls}
        return {"format": FORMAT, **dice, "start": self.start, "table": self.table,
                "decisions": [a.text(d) for d in self.decisions], "coaches": self.coaches,
                "coach_seed": self.coach_seed, "summary": self.summary}


def _error(source: str, key: str, **values: Any) -> RecordError:
    return RecordError(Said("unpourun_rules.record.in_file", source=source,
                            problem=Said(f"unpourun_rules.record.{key}", **values)))


class UnpourunKind:
    format = FORMAT
    formats = (FORMAT,)  # every format it reads: only its first so far
    seats = UnpourunGame.seats

    def new_record(self, table: Any, start: str, seed: int | None) -> UnpourunRecord:
        return UnpourunRecord(seed, start, table_to_dict(table), rolls=None if seed is not None else [])

    def record_from_dict(self, data: Any, source: str) -> UnpourunRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise _error(source, "format", expected=FORMAT)
        seed, rolls = data.get("seed"), data.get("rolls")
        if rolls is None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise _error(source, "dice")
        if rolls is not None and not (isinstance(rolls, list) and all(
                isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 6 for r in rolls)):
            raise _error(source, "dice")
        start, table = data.get("start"), data.get("table")
        if not isinstance(start, str):
            raise _error(source, "start")
        try:
            bands_of(start)
            options_of(start)
        except ValueError:
            raise _error(source, "start") from None
        if not isinstance(table, dict):
            raise _error(source, "table")
        decisions = data.get("decisions", [])
        if not isinstance(decisions, list):
            raise _error(source, "decision", number=0)
        parsed = []
        for i, text in enumerate(decisions, start=1):
            try:
                parsed.append(a.parse(text if isinstance(text, str) else ""))
            except ValueError:
                raise _error(source, "decision", number=i) from None
        coaches = data.get("coaches", {})
        coach_seed = data.get("coach_seed")
        summary = data.get("summary")
        return UnpourunRecord(None if rolls is not None else seed, start, table, parsed, rolls,
                              coaches if isinstance(coaches, dict) else {},
                              coach_seed if isinstance(coach_seed, int) else None,
                              summary if isinstance(summary, dict) else {})

    def setup_key(self, record: Any) -> str:
        return json.dumps(record.table, sort_keys=True, separators=(",", ":"))

    def game(self, record: Any) -> UnpourunGame:
        try:
            return UnpourunGame(table_from_dict(record.table, SAVED))
        except ValueError as exc:
            raise RecordError(exc.args[0]) from None

    def setup_name(self, data: Mapping[str, Any]) -> tuple[str | None, Any, Any]:
        table = data.get("table") if isinstance(data.get("table"), dict) else None
        name = table.get("name") if table else None
        problem = None if table is not None else Said("unpourun_rules.record.table")
        return (name if isinstance(name, str) else None), table, problem

    def unreadable(self, source: str, problem: str) -> RecordError:
        return RecordError(Said("unpourun_rules.record.in_file", source=source, problem=problem))

    def does_not_replay(self, source: str, exc: Exception) -> RecordError:
        return _error(source, "replay", reason=str(exc.args[0]) if exc.args else type(exc).__name__)


UNPOURUN = UnpourunKind()
