"""A match being played at the window: the table, the state, the dice, the record and the log.

Every change goes through ``Engine.apply`` (the one door); the record keeps the dice (a seed, or
the rolls made) and the decisions so the match can be saved and replayed exactly (``rules.codec``,
``table.replay``). Each match saves itself to a file of its own in the saves folder (``ui.saves``),
written atomically by the codec. No pygame here.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from pathlib import Path

from paintcheck.ai.coach import COACH_KINDS, Coach, window_coach
from paintcheck.ai.duel import coach_seed
from paintcheck.ai.seen import look
from paintcheck.field.layout_file import default_layout_path, layout_from_dict, load_layout
from paintcheck.printable import printable
from paintcheck.rules.codec import (
    START_BREAK,
    CodecError,
    MatchRecord,
    does_not_replay,
    load_match,
    save_match,
)
from paintcheck.rules.state import OVER, MatchState
from paintcheck.rules.views import public_view, view
from paintcheck.table import Table, replay
from paintcheck.ui import tables
from paintcheck.ui.event_words import words
from paintcheck.ui.saves import new_save_path

log = logging.getLogger(__name__)
SAVED_MATCH = "<saved match>"  # the source of a layout read from a save


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
        self.save_failed = False  # the last save after a decision failed (and was said)
        self._computers: dict[str, Coach] = {}

    @classmethod
    def new(cls, layout_path=None, seed: int | None = None, start: str = START_BREAK,
            coaches: dict[str, str] | None = None) -> MatchSession:
        """A new match from the break (``start``: a ``codec`` start, the turn-2 default for tests).
        Without a ``seed`` every roll comes from fresh entropy when it is rolled and is recorded:
        the save replays from the rolls made and holds none to come. ``coaches``: the teams the
        computer plays, and at which strength (``ai.coach.COACH_KINDS``); they get a fresh seed of
        their own (the dice's ``seed`` gives it when there is one), saved with the match. The table is
        the window's own for that field (``ui.tables``): the last match's when it was played there."""
        table = tables.WINDOW.table(load_layout(layout_path or default_layout_path()))
        record = table.new_record(seed, start)
        record.coaches = {team: kind for team, kind in (coaches or {}).items() if kind in COACH_KINDS}
        if record.coaches:
            record.coach_seed = fresh_coach_seed(seed)
        log.info("new match on %s (%s), the computer coaching %s", table.field.layout.name, start,
                 record.coaches or "nobody")
        return cls(table, table.start_of(record), record.dice(), record)

    @classmethod
    def from_record(cls, record: MatchRecord, path: Path | None = None) -> MatchSession:
        own = tables.WINDOW.table(layout_from_dict(record.layout, SAVED_MATCH))
        table, state, events, dice = replay(record, table=own)
        return cls(table, state, dice, record, events, path)

    @classmethod
    def load(cls, path) -> MatchSession:
        """Load and replay a saved match; a damaged file raises ``CodecError`` (one line)."""
        try:
            record = load_match(path)
        except CodecError as exc:
            log.warning("%s refused: %s", printable(str(path)), exc.args[0] if exc.args else exc)
            raise
        try:
            session = cls.from_record(record, Path(path))
        except Exception as exc:  # a layout, a decision or a roll the replay refuses: the save is damaged
            log.warning("%s does not replay", path, exc_info=True)
            raise does_not_replay(path, exc) from None
        log.info("resumed %s (turn %d, %d decisions)", printable(str(path)), session.state.turn,
                 len(record.decisions))
        return session

    def save(self, path=None) -> None:
        """Save to ``path``, by default the match's own file, with the summary the list shows."""
        s = self.state
        self.record.summary = {
            "turn": s.turn, "phase": s.phase, "winner": s.winner,
            "players": {team: s.count_on_field(team) for team in ("blue", "white")},
        }
        target = path or self.path
        save_match(self.record, target)
        log.info("saved %s (turn %d, %d decisions)", printable(str(target)), s.turn,
                 len(self.record.decisions))

    def autosave(self) -> OSError | None:
        """Save after a decision. A failure is returned the first time only: a read-only or full
        saves folder is said once, not at every decision (a later save that works ends it)."""
        try:
            self.save()
        except OSError as exc:
            first, self.save_failed = not self.save_failed, True
            log.warning("could not save %s: %s", printable(str(self.path)), exc.strerror or exc)
            return exc if first else None
        self.save_failed = False
        return None

    # -- the game ------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    def to_move(self) -> str | None:
        return self.engine.to_move(self.state)

    def why_illegal(self, decision) -> str | None:
        """None if the engine accepts ``decision`` now, else its refusal worded in the window's
        language (the engine's ``Said``, worded from its key and values)."""
        reason = self.engine.why_illegal(self.state, decision)
        return None if reason is None else words(reason)

    def apply(self, decision) -> list:
        """Apply ``decision`` through the engine. All or nothing: when the engine refuses it with an
        exception, the state, the record and the dice stay as they were (no roll is kept)."""
        mark = self.dice.mark()
        try:
            self.state, new = self.engine.apply(self.state, decision, self.dice)
        except BaseException:
            self.dice.back_to(mark)
            raise
        self.record.decisions.append(decision)
        self.events.extend(new)
        return new

    # -- the computer's coaches -------------------------------------------------------------------
    @property
    def coaches(self) -> dict[str, str]:
        """The teams the computer plays (a saved match keeps them)."""
        return {team: kind for team, kind in self.record.coaches.items() if kind in COACH_KINDS}

    @property
    def people(self) -> tuple[str, ...]:
        """The teams a person at the screen plays."""
        return tuple(team for team in ("blue", "white") if team not in self.coaches)

    def computer(self, team: str) -> Coach | None:
        """The computer coach of ``team`` (None: a person plays it), made at its first decision, in the
        computer's worker thread (``computer_decision``): the table it thinks on and its warm-up
        (``coach.warm_up``, about half a second) never hold up the window. Its table is the
        computer's (``ui.tables.COMPUTER``: nothing it caches is shared with the window's thread),
        kept for the next match on the same field. Its seed is the match's coaches' seed
        (``MatchRecord.coach_seed``, saved), and each decision is drawn from that seed and the
        decision's number (``ai.mixed_strategy.decision_rng``): a resumed match goes on with the
        decisions the computer would have made. A save from before the seed was kept gets one now,
        kept from then on."""
        kind = self.coaches.get(team)
        if kind is None:
            return None
        if team not in self._computers:
            if self.record.coach_seed is None:
                self.record.coach_seed = fresh_coach_seed(self.record.seed)
            # the computer's table: the coach thinks in a worker thread while the window reads its own
            own = tables.COMPUTER.table(layout_from_dict(self.record.layout, SAVED_MATCH))
            seed = coach_seed(self.record.coach_seed, team)
            self._computers[team] = window_coach(kind, team, own.engine, seed)
        return self._computers[team]

    def computer_decision(self, team: str, state: MatchState):
        """What the computer decides for ``team`` on ``state`` (it is given its own view only); called
        in the computer's worker thread (``ui.computer_turn``), never on the window's."""
        began = time.perf_counter()
        decision = self.computer(team).decide(look(state, team))
        log.info("the computer (%s, %s) decided %s in %.0f ms", team, self.coaches.get(team),
                 type(decision).__name__, (time.perf_counter() - began) * 1000)
        return decision

    def view(self, team: str | None) -> MatchState:
        """What the coach of ``team`` may see (a spectator's view for None)."""
        return public_view(self.state) if team is None else view(self.state, team)


def fresh_coach_seed(dice_seed: int | None) -> int:
    """The computer coaches' seed of a new match: from the dice's seed when the match has one (``play
    --seed``: the same match again), else fresh."""
    if dice_seed is not None:
        return random.Random(f"coaches of {dice_seed}").randrange(2**31)
    return secrets.randbelow(2**31)
