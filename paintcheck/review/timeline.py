"""A saved (or live) match reviewed: its moments, the state at any of them, through whose eyes.

``Review(record, table=None, live_seat=None)`` reads a ``rules.codec.MatchRecord`` once:

- ``len(review)``: the number of decisions ``n``; moments are ``k = 0 .. n`` (k decisions applied).
- ``review.moments[k]``: a frozen ``Moment`` — the turn, round and phase the match stood at when
  decision ``k-1`` was taken, the seat that took it and a short ``Said`` of it ("Turn 3, round 2 —
  White declares W2"; catalogue ``review.moment.*``); moment 0 is the start.
- ``review.state(k)``: the full state after ``k`` decisions, equal to ``table.replay(record, upto=k)``'s
  (checkpoints every ``EVERY`` decisions, with the dice as they stood; a state is stepped forward
  from the nearest checkpoint and the last few are kept).
- ``review.events(k)``: the events decision ``k-1`` made (empty at 0): the resolution to tell then.
- ``review.seen(k, eyes)``: what ``eyes`` saw then — ``rules.views.view(state, seat)`` for
  ``Eyes.BLUE`` / ``Eyes.WHITE``; the full state for ``Eyes.ALL``, once the match is over only. A
  review made during a live match (``live_seat``) shows that seat's eyes only. Refusals are
  ``ReviewError`` (a ``ValueError`` whose message is a ``Said``, ``review.error.*``).
- ``review.over``: the record's match has ended; ``review.table``: the table it is played on.
- Lines: ``review.main`` is the main line (a ``Line``: ``moments``, ``state(k)``, ``events(k)``,
  ``len``, ``final``, ``all_decisions()``); ``review.line(name)`` a branch's, once
  ``review.branches.Branches(review)`` has read them; ``state``, ``events`` and ``seen`` take
  ``line=name`` too. A branch's moments up to where it leaves its line are that line's.

Nothing here draws: the window (``ui``) and the commands (``cli.review``) read it.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from paintcheck.review.branch_dice import KeyRecorder, Ranks, RollKey
from paintcheck.rules.actions import (
    AssignOrders,
    BreakSheet,
    ChooseTarget,
    Declare,
    Dodge,
    React,
)
from paintcheck.rules.codec import MatchRecord
from paintcheck.rules.dice import Dice, RecordedDice
from paintcheck.rules.events import Event
from paintcheck.rules.state import OVER, MatchState
from paintcheck.rules.views import view
from paintcheck.said import Said
from paintcheck.table import Table

log = logging.getLogger(__name__)

EVERY = 8  # a checkpoint every 8 decisions: a moment is at most 7 decisions from one
MAIN = "main"  # the main line's name (a branch's parent)
KEPT = 16  # states kept beside the checkpoints (the last ones looked at: scrubbing goes back and forth)


class Eyes(StrEnum):
    """Whose eyes a moment is seen through."""

    BLUE = "blue"
    WHITE = "white"
    ALL = "all"  # both sides' secrets: once the match is over


class ReviewError(ValueError):
    """A moment or eyes a review refuses; ``args[0]`` is a ``Said`` (``review.error.*``)."""


@dataclass(frozen=True)
class Moment:
    """Moment ``index`` of a match: decision ``index - 1`` taken by ``seat`` at ``turn``, ``round``,
    ``phase`` (moment 0: the start, ``seat`` None), said in ``said``."""

    index: int
    turn: int
    round: int
    phase: str
    seat: str | None
    said: Said


def when(state: MatchState) -> Said:
    """"Turn 3, round 2" (or "Turn 3" before the first round) of ``state``."""
    if state.round:
        return Said("review.when.round", turn=state.turn, round=state.round)
    return Said("review.when.turn", turn=state.turn)


def decision_said(before: MatchState, decision: Any, seat: str) -> Said:
    """What ``seat`` decided on ``before``, in a few words that tell no secret: order tokens and
    break sheets are said to have been handed in, never what they hold."""
    at = when(before)
    if isinstance(decision, AssignOrders):
        return Said(f"review.moment.orders.{seat}", when=at)
    if isinstance(decision, Declare):
        return Said(f"review.moment.declare.{seat}", when=at, player=decision.player)
    if isinstance(decision, React):
        return Said(f"review.moment.react.{seat}", when=at)
    if isinstance(decision, Dodge):
        return Said(f"review.moment.dodge.{seat}", when=at)
    if isinstance(decision, BreakSheet):
        return Said(f"review.moment.sheet.{seat}", when=at)
    if isinstance(decision, ChooseTarget):
        if decision.target is None:
            return Said(f"review.moment.holds_fire.{seat}", when=at, player=decision.player)
        return Said(f"review.moment.target.{seat}", when=at, player=decision.player,
                    target=decision.target)
    raise TypeError(f"not a decision: {decision!r}")


def record_dice(record: MatchRecord) -> Dice | RecordedDice:
    """The record's dice, replaying (its rolls copied: stepping back never changes the record)."""
    if record.rolls is None:
        return Dice(record.seed)
    return RecordedDice(list(record.rolls), replaying=True)


class Line:
    """One line of play, moment by moment: the main line (the record's decisions from its start),
    or a branch (``parent``'s first ``at`` decisions, then its own ``decisions``, rolled with the dice
    ``dice()`` makes: a fresh copy each time, replaying the same rolls).

    Moments ``0 .. len(line)`` count from the match's start in both; a branch's moments up to ``at``
    are its parent's. Each roll of the line is noted with its key (``branch_dice``): ``keys(k)`` the
    keys of the first ``k`` decisions, ``luck`` every roll's value by its key."""

    def __init__(self, table: Table, decisions: list[Any], dice: Callable[[], Any],
                 parent: Line | None = None, at: int = 0, start: MatchState | None = None,
                 every: int = EVERY) -> None:
        self.table, self.parent, self.at = table, parent, at
        self.decisions = list(decisions)  # this line's own, after ``at``
        self._dice = dice
        self.every = max(1, every)
        self._checkpoints: dict[int, tuple[MatchState, Any]] = {}
        self._kept: OrderedDict[int, MatchState] = OrderedDict()
        self._events: list[tuple[Event, ...]] = []
        self._keys: list[tuple[tuple[RollKey, int], ...]] = []
        self.moments: list[Moment] = list(parent.moments[: at + 1]) if parent is not None else []
        if parent is not None:
            start = parent.state(at)
        if start is None:
            raise TypeError("a line starts from a state or from its parent")
        self._read(start)

    def _read(self, state: MatchState) -> None:
        """Play the line's decisions once: the moments, each decision's events and roll keys, the
        checkpoints (the state and the dice's mark)."""
        engine = self.table.engine
        ranks = Ranks(key for key, _ in self.keys(self.at)) if self.parent is not None else Ranks()
        dice = KeyRecorder(self._dice(), ranks)
        if self.parent is None:
            self.moments.append(Moment(0, state.turn, state.round, str(state.phase), None,
                                       Said("review.moment.start", when=when(state))))
        self._checkpoints[self.at] = (state, dice.inner.mark())
        for k, decision in enumerate(self.decisions, start=self.at + 1):
            seat = engine.to_move(state) or ""
            said = decision_said(state, decision, seat)
            moment = Moment(k, state.turn, state.round, str(state.phase), seat, said)
            noted = len(dice.keys)
            state, events = engine.apply(state, decision, dice)
            self.moments.append(moment)
            self._events.append(tuple(events))
            self._keys.append(tuple(dice.keys[noted:]))
            if (k - self.at) % self.every == 0:
                self._checkpoints[k] = (state, dice.inner.mark())
        if isinstance(dice.inner, RecordedDice):
            dice.inner.replayed()  # every recorded roll used: none left to decide a die to come
        self.final = state
        self.luck = {key: value for key, value in self.keys(len(self))}
        self._keep(len(self), state)

    def __len__(self) -> int:
        return self.at + len(self.decisions)

    @property
    def over(self) -> bool:
        return self.final.phase == OVER

    def all_decisions(self) -> list[Any]:
        """Every decision of the line from the match's start."""
        before = self.parent.all_decisions()[: self.at] if self.parent is not None else []
        return before + self.decisions

    def keys(self, k: int) -> list[tuple[RollKey, int]]:
        """Every roll (its key, its value) of the line's first ``k`` decisions, in order."""
        if self.parent is not None and k <= self.at:
            return self.parent.keys(k)
        before = self.parent.keys(self.at) if self.parent is not None else []
        return before + [kv for made in self._keys[: k - self.at] for kv in made]

    def check(self, k: int) -> None:
        if not 0 <= k <= len(self):
            raise ReviewError(Said("review.error.moment", index=k, last=len(self)))

    def _keep(self, k: int, state: MatchState) -> None:
        self._kept[k] = state
        self._kept.move_to_end(k)
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)

    def state(self, k: int) -> MatchState:
        """The full state after ``k`` decisions (never changed: copy it before changing it)."""
        self.check(k)
        if self.parent is not None and k < self.at:
            return self.parent.state(k)
        if k in self._kept:
            self._kept.move_to_end(k)
            return self._kept[k]
        start = k - (k - self.at) % self.every
        state, mark = self._checkpoints[start]
        if start < k:
            dice = self._dice()
            dice.back_to(mark)
            engine = self.table.engine
            for decision in self.decisions[start - self.at: k - self.at]:
                state, _ = engine.apply(state, decision, dice)
        self._keep(k, state)
        return state

    def events(self, k: int) -> tuple[Event, ...]:
        """What decision ``k - 1`` made happen (nothing at moment 0)."""
        self.check(k)
        if k == 0:
            return ()
        if k <= self.at:
            assert self.parent is not None
            return self.parent.events(k)
        return self._events[k - self.at - 1]


class Review:
    """``record``'s match, moment by moment (the module's docstring says the whole API); its branches
    (``record.branches``) are lines beside the main one (``review.branches`` reads and makes them)."""

    def __init__(self, record: MatchRecord, table: Table | None = None, live_seat: str | None = None,
                 every: int = EVERY) -> None:
        self.record = record
        self.table = Table.from_layout_data(record.layout) if table is None else table
        self.live_seat = Eyes(live_seat) if live_seat is not None else None
        if self.live_seat is Eyes.ALL:
            raise ReviewError(Said("review.error.live_seat", seat=live_seat))
        self.main = Line(self.table, record.decisions, lambda: record_dice(record),
                         start=self.table.start_of(record), every=every)
        self.moments = self.main.moments
        self.lines: dict[str, Line] = {}  # branch name -> its line (``review.branches``)

    def __len__(self) -> int:
        return len(self.main)

    @property
    def over(self) -> bool:
        return self.main.over

    @property
    def final(self) -> MatchState:
        return self.main.final

    def line(self, name: str | None = None) -> Line:
        """The main line (None, ``MAIN``) or the branch ``name``'s."""
        if name is None or name == MAIN:
            return self.main
        try:
            return self.lines[name]
        except KeyError:
            raise ReviewError(Said("review.error.no_branch", name=name)) from None

    def state(self, k: int, line: str | None = None) -> MatchState:
        return self.line(line).state(k)

    def events(self, k: int, line: str | None = None) -> tuple[Event, ...]:
        return self.line(line).events(k)

    def allowed(self, eyes: Eyes | str) -> None:
        """Raise ``ReviewError`` unless this review may show ``eyes``."""
        try:
            eyes = Eyes(eyes)
        except ValueError:
            raise ReviewError(Said("review.error.eyes", eyes=repr(eyes))) from None
        if self.live_seat is not None and eyes is not self.live_seat:
            raise ReviewError(Said("review.error.live_seat", seat=str(self.live_seat)))
        if eyes is Eyes.ALL and not self.over:  # a branch's secrets too: the main match is over
            raise ReviewError(Said("review.error.all_before_end"))

    def seen(self, k: int, eyes: Eyes | str, line: str | None = None) -> MatchState:
        """Moment ``k`` (of ``line``) as ``eyes`` saw it: a seat's view (``rules.views.view``), or
        all of it."""
        self.allowed(eyes)
        state = self.state(k, line)
        return state if Eyes(eyes) is Eyes.ALL else view(state, str(eyes))
