"""A match being played at the window: the game on its table, the state, the dice, the record and the
events. No pygame here.

``Session`` is written against the seam (``paintcheck.seam``): any game (``seam.game.Game``) plays
through it. Every change goes through the game's ``apply`` (the one door); the record keeps the dice
(a seed, or the rolls made) and the decisions so the match can be saved and replayed exactly
(``seam.files``, ``seam.play.replay``). Each match saves itself to a file of its own in the saves
folder (``ui.saves``), written atomically. The computer's coaches are the game's (``Game.coach``),
each deciding from its own view (``seam.seen.look``) in the computer's worker thread.

``MatchSession`` is a Paintcheck match: it starts one on a layout file, and gives Paintcheck's
scenes the table they draw (its field, measurer and engine).
"""

from __future__ import annotations

import logging
import os
import random
import secrets
import time
from pathlib import Path
from typing import Any, ClassVar, cast

from paintcheck.field.layout_file import default_layout_path, load_layout
from paintcheck.game import GAMES, PAINTCHECK, PaintcheckGame
from paintcheck.printable import printable
from paintcheck.rules.codec import START_BREAK, MatchRecord
from paintcheck.rules.engine import Engine
from paintcheck.rules.measure import Measurer
from paintcheck.seam.files import read_record, save_record
from paintcheck.seam.game import (
    Coach,
    Decision,
    Dice,
    Event,
    Game,
    GameKind,
    Record,
    RecordError,
    State,
    seat_seed,
)
from paintcheck.seam.play import replay
from paintcheck.seam.seen import look
from paintcheck.table import Table
from paintcheck.ui import tables
from paintcheck.ui.event_words import words
from paintcheck.ui.saves import new_save_path

log = logging.getLogger(__name__)


class Session:
    """One match of a game: apply decisions, keep every event, save and load."""

    kinds: ClassVar[tuple[GameKind, ...]] = GAMES  # the games whose saves it resumes

    def __init__(self, game: Game, kind: GameKind, state: State, dice: Dice, record: Record,
                 events: list[Event] | None = None, path: Path | None = None) -> None:
        self.game = game
        self.kind = kind
        self.state = state
        self.dice = dice
        self.record = record
        self.events: list[Event] = list(events or [])
        self.path = path or new_save_path(self.setup_name)  # where it saves itself
        self.save_failed = False  # the last save after a decision failed (and was said)
        self._computers: dict[str, Coach] = {}

    @property
    def setup_name(self) -> str:
        """The name of what the match is played on (Paintcheck: the field)."""
        return self.kind.setup_name(self.record.to_dict())[0] or "match"

    @classmethod
    def begin(cls, kind: GameKind, record: Record, path: Path | None = None) -> Session:
        """A new match of ``record`` (no decision yet) on the window's table for it (``ui.tables``: the
        last match's when it was played on the same setup). The coaches ``record`` names get a fresh
        seed of their own (the dice's seed gives it when there is one), saved with the match."""
        game = tables.WINDOW.game(kind, record)
        record.coaches = {seat: coach for seat, coach in record.coaches.items() if coach in game.coach_kinds}
        if record.coaches:
            record.coach_seed = fresh_coach_seed(record.seed)
        session = cls(game, kind, game.begin(record.start), record.dice(), record, path=path)
        log.info("new match on %s (%s), the computer coaching %s", printable(session.setup_name),
                 record.start, record.coaches or "nobody")
        return session

    @classmethod
    def from_record(cls, record: Record, path: Path | None = None, kind: GameKind | None = None) -> Session:
        """``record`` replayed on the window's table for it (``kind``: its game, by default the first
        this session resumes)."""
        kind = kind or cls.kinds[0]
        game = tables.WINDOW.game(kind, record)
        state, events, dice = replay(game, record)
        return cls(game, kind, state, dice, record, events, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str], kinds: tuple[GameKind, ...] | None = None) -> Session:
        """Load and replay a saved match of one of ``kinds`` (by default ``cls.kinds``); a damaged file
        raises ``RecordError`` (one line; Paintcheck's is a ``CodecError``)."""
        try:
            kind, record = read_record(path, kinds or cls.kinds)
        except RecordError as exc:
            log.warning("%s refused: %s", printable(str(path)), exc.args[0] if exc.args else exc)
            raise
        try:
            session = cls.from_record(record, Path(path), kind)
        except Exception as exc:  # a setup, a decision or a roll the replay refuses: the save is damaged
            log.warning("%s does not replay", path, exc_info=True)
            raise kind.does_not_replay(str(path), exc) from None
        log.info("resumed %s (turn %s, %d decisions)", printable(str(path)), session.summary.get("turn"),
                 len(record.decisions))
        return session

    @property
    def summary(self) -> dict[str, Any]:
        return self.game.summary(self.state)

    def save(self, path: str | os.PathLike[str] | None = None) -> None:
        """Save to ``path``, by default the match's own file, with the summary the list shows."""
        self.record.summary = self.summary
        target = path or self.path
        save_record(self.record, target)
        log.info("saved %s (turn %s, %d decisions)", printable(str(target)), self.record.summary.get("turn"),
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
        return self.game.outcome(self.state) is not None

    def to_move(self) -> str | None:
        return self.game.to_move(self.state)

    def why_illegal(self, decision: Decision) -> str | None:
        """None if the game accepts ``decision`` now, else its refusal worded in the window's
        language (the game's ``Said``, worded from its key and values)."""
        reason = self.game.why_illegal(self.state, decision)
        return None if reason is None else words(reason)

    def apply(self, decision: Decision) -> list[Event]:
        """Apply ``decision`` through the game. All or nothing: when the game refuses it with an
        exception, the state, the record and the dice stay as they were (no roll is kept)."""
        mark = self.dice.mark()
        try:
            self.state, new = self.game.apply(self.state, decision, self.dice)
        except BaseException:
            self.dice.back_to(mark)
            raise
        self.record.decisions.append(decision)
        self.events.extend(new)
        return new

    # -- the computer's coaches -------------------------------------------------------------------
    @property
    def coaches(self) -> dict[str, str]:
        """The seats the computer plays (a saved match keeps them)."""
        return {seat: kind for seat, kind in self.record.coaches.items() if kind in self.game.coach_kinds}

    @property
    def people(self) -> tuple[str, ...]:
        """The seats a person at the screen plays."""
        return tuple(seat for seat in self.game.seats if seat not in self.coaches)

    def computer(self, seat: str) -> Coach | None:
        """The computer coach of ``seat`` (None: a person plays it), made at its first decision, in the
        computer's worker thread (``computer_decision``): the table it thinks on and its warm-up
        (Paintcheck's ``coach.warm_up``, about half a second) never hold up the window. Its table is
        the computer's (``ui.tables.COMPUTER``: nothing it caches is shared with the window's
        thread), kept for the next match on the same setup. Its seed is the match's coaches' seed
        (``Record.coach_seed``, saved) and its seat (``seat_seed``), and each decision is drawn from
        that seed and the decision's number (Paintcheck: ``ai.mixed_strategy.decision_rng``): a
        resumed match goes on with the decisions the computer would have made. A save from before
        the seed was kept gets one now, kept from then on."""
        kind = self.coaches.get(seat)
        if kind is None:
            return None
        if seat not in self._computers:
            if self.record.coach_seed is None:
                self.record.coach_seed = fresh_coach_seed(self.record.seed)
            # the computer's table: the coach thinks in a worker thread while the window reads its own
            own = tables.COMPUTER.game(self.kind, self.record)
            seed = seat_seed(self.record.coach_seed, own.seats, seat)
            self._computers[seat] = own.coach(kind, seat, seed, window=True)
        return self._computers[seat]

    def computer_decision(self, seat: str, state: State) -> Decision:
        """What the computer decides for ``seat`` on ``state`` (it is given its own view only); called
        in the computer's worker thread (``ui.computer_turn``), never on the window's."""
        began = time.perf_counter()
        coach = self.computer(seat)
        if coach is None:
            raise ValueError(f"a person plays {seat}, not the computer")
        decision = coach.decide(look(self.game, state, seat))
        log.info("the computer (%s, %s) decided %s in %.0f ms", seat, self.coaches.get(seat),
                 type(decision).__name__, (time.perf_counter() - began) * 1000)
        return decision

    def view(self, seat: str | None) -> State:
        """What the coach of ``seat`` may see (a spectator's view for None)."""
        return self.game.public_view(self.state) if seat is None else self.game.view(self.state, seat)


class MatchSession(Session):
    """A Paintcheck match: ``table`` (the field, its measurer ``m``, its ``engine``) is what
    Paintcheck's scenes draw and measure with."""

    kinds: ClassVar[tuple[GameKind, ...]] = (PAINTCHECK,)
    game: PaintcheckGame
    record: MatchRecord

    @classmethod
    def new(cls, layout_path: str | os.PathLike[str] | None = None, seed: int | None = None,
            start: str = START_BREAK, coaches: dict[str, str] | None = None) -> MatchSession:
        """A new match from the break (``start``: a ``codec`` start, the turn-2 default for tests).
        Without a ``seed`` every roll comes from fresh entropy when it is rolled and is recorded:
        the save replays from the rolls made and holds none to come. ``coaches``: the teams the
        computer plays, and at which strength (``ai.coach.COACH_KINDS``)."""
        record = PAINTCHECK.new_record(load_layout(layout_path or default_layout_path()), seed, start)
        record.coaches = dict(coaches or {})
        return cast(MatchSession, cls.begin(PAINTCHECK, record))

    @classmethod
    def load(cls, path: str | os.PathLike[str], kinds: tuple[GameKind, ...] | None = None) -> MatchSession:
        return cast(MatchSession, super().load(path, kinds))

    @property
    def table(self) -> Table:
        return self.game.table

    @property
    def engine(self) -> Engine:
        return self.game.engine

    @property
    def m(self) -> Measurer:
        return self.game.engine.m


def fresh_coach_seed(dice_seed: int | None) -> int:
    """The computer coaches' seed of a new match: from the dice's seed when the match has one (``play
    --seed``: the same match again), else fresh."""
    if dice_seed is not None:
        return random.Random(f"coaches of {dice_seed}").randrange(2**31)
    return secrets.randbelow(2**31)
