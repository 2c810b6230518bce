"""What if: branches that leave a line of the match at a decision and try another (issue 28, item 2).

python-chess's game tree is the model: the main line stays as played; a branch (``BranchRecord``,
saved with the match in ``paintcheck-match/2``) leaves its parent line (the main line or another
branch) after that line's first ``at`` decisions and goes on with its own decisions, rolled as its
dice mode says (``branch_dice.DiceMode``). Its rolls are kept in order, so it replays exactly.

``Branches(review)`` reads the record's branches into the review's lines (``review.line(name)``: the
same moments, states, events and eyes as the main line), and makes, extends, lists and deletes them:

- ``try_decision(decision, at, parent="main", dice="same")`` -> the new branch's name;
- ``extend(name, decision)``: its next decision (an odds-only branch stops at its first roll);
- ``names()``, ``branch(name)``, ``delete(name)`` (and the branches made from it);
- ``odds(name)``: the odds-only branch's next resolution, read exactly, against the line it left.

Everything refused is a ``ReviewError`` (its message a ``Said``, ``review.error.*``); a saved branch
that does not replay is one line naming the file (``load_review``).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Any

from paintcheck.review.branch_dice import DiceMode, Fresh, NoRolls, Ranks, RollKey, RollNeeded, SameLuck
from paintcheck.review.resolution_odds import Change, ResolutionOdds, compare, resolution_odds
from paintcheck.review.timeline import MAIN, Line, Review, ReviewError
from paintcheck.rules.actions import IllegalActionError
from paintcheck.rules.codec import BranchRecord, CodecError, does_not_replay, in_file, load_match
from paintcheck.rules.dice import RecordedDice, RecordedRollsError
from paintcheck.said import Said
from paintcheck.table import Table

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WhatIf:
    """An odds-only branch's next resolution against the line it left at the same point."""

    branch: ResolutionOdds
    main: ResolutionOdds | None  # None: the line left rolls no die after the branch's start
    changes: tuple[Change, ...]


def _refused(name: str, exc: Exception) -> ReviewError:
    error = exc.args[0] if exc.args and isinstance(exc.args[0], str) else repr(exc)
    return ReviewError(Said("review.error.branch_replay", name=name, error=error))


class Branches:
    """The branches of ``review`` (its record's ``branches``), read into ``review.lines``."""

    def __init__(self, review: Review) -> None:
        self.review = review
        self.pending: dict[str, Any] = {}  # odds-only branch -> the decision it stopped before
        for branch in review.record.branches:
            review.lines[branch.name] = self._line(branch)

    # -- reading ------------------------------------------------------------------------------------
    def names(self) -> list[str]:
        return [b.name for b in self.review.record.branches]

    def branch(self, name: str) -> BranchRecord:
        for b in self.review.record.branches:
            if b.name == name:
                return b
        raise ReviewError(Said("review.error.no_branch", name=name))

    def _line(self, branch: BranchRecord) -> Line:
        """``branch`` played from its parent's state with its recorded rolls (or none: odds only)."""
        review = self.review
        parent = review.line(branch.parent)
        if not 0 <= branch.at <= len(parent):
            raise ReviewError(Said("review.error.branch_at", name=branch.name, at=branch.at,
                                   last=len(parent)))
        decisions = list(branch.decisions)
        try:
            if branch.dice == DiceMode.ODDS:
                if branch.rolls:
                    raise ReviewError(Said("review.error.odds_rolls", name=branch.name))
                line = self._odds_line(branch, parent, decisions)
            else:
                rolls = list(branch.rolls)
                line = Line(review.table, decisions, lambda: RecordedDice(list(rolls), replaying=True),
                            parent=parent, at=branch.at, every=parent.every)
        except (IllegalActionError, RecordedRollsError, RollNeeded) as exc:
            raise _refused(branch.name, exc) from None
        return line

    def _odds_line(self, branch: BranchRecord, parent: Line, decisions: list[Any]) -> Line:
        """An odds-only branch: every decision but the last applies without a die; the last may be
        the one it stopped before (kept in ``pending``)."""
        self.pending.pop(branch.name, None)
        state, engine = parent.state(branch.at), self.review.table.engine
        dice = NoRolls(Ranks())
        for i, decision in enumerate(decisions):
            try:
                state, _ = engine.apply(state, decision, dice)
            except RollNeeded:
                if i != len(decisions) - 1:
                    raise
                self.pending[branch.name] = decisions.pop()
        return Line(self.review.table, decisions, lambda: NoRolls(Ranks()), parent=parent, at=branch.at,
                    every=parent.every)

    # -- making -------------------------------------------------------------------------------------
    def _new_name(self) -> str:
        taken = set(self.names())
        n = len(taken) + 1
        while f"b{n}" in taken:
            n += 1
        return f"b{n}"

    def _dice(self, branch: BranchRecord, line: Line, k: int) -> SameLuck | Fresh | NoRolls:
        """The dice of ``branch``'s next decision, played after moment ``k`` of ``line``."""
        ranks = Ranks(key for key, _ in line.keys(k))
        if branch.dice == DiceMode.SAME:
            return SameLuck(self.review.line(branch.parent).luck, ranks)
        if branch.dice == DiceMode.FRESH:
            return Fresh(ranks)
        return NoRolls(ranks)

    def try_decision(self, decision: Any, at: int, parent: str = MAIN, dice: DiceMode | str = DiceMode.SAME,
                     name: str | None = None) -> str:
        """A new branch leaving ``parent`` after its first ``at`` decisions with ``decision``; its name."""
        review = self.review
        line = review.line(parent)
        line.check(at)
        if at == len(line) and line.over:
            raise ReviewError(Said("review.error.over"))
        mode = DiceMode(dice)
        self._seat_may(line.state(at))
        name = name or self._new_name()
        if name in self.names() or name == MAIN or not name.isidentifier():
            raise ReviewError(Said("review.error.branch_name", name=name))
        branch = BranchRecord(name, parent, at, str(mode))
        self._play(branch, line, at, decision)
        review.record.branches.append(branch)
        review.lines[name] = self._line(branch)
        return name

    def extend(self, name: str, decision: Any) -> None:
        """``decision`` after the last of branch ``name``."""
        branch, line = self.branch(name), self.review.line(name)
        if name in self.pending:
            raise ReviewError(Said("review.error.odds_stopped", name=name))
        if line.over:
            raise ReviewError(Said("review.error.over"))
        self._seat_may(line.final)
        self._play(branch, line, len(line), decision)
        self.review.lines[name] = self._line(branch)

    def _seat_may(self, state: Any) -> None:
        """During a live match a coach tries his own decisions only."""
        seat = self.review.live_seat
        if seat is not None and self.review.table.engine.to_move(state) != seat:
            raise ReviewError(Said("review.error.live_seat", seat=str(seat)))

    def _play(self, branch: BranchRecord, line: Line, k: int, decision: Any) -> None:
        """Apply ``decision`` after moment ``k`` of ``line`` (the engine refuses what is illegal);
        the branch keeps it and the rolls it made (an odds-only branch stops before its first)."""
        dice = self._dice(branch, line, k)
        try:
            self.review.table.engine.apply(line.state(k), decision, dice)
        except RollNeeded:
            pass
        except IllegalActionError as exc:
            raise ReviewError(Said("review.error.illegal", reason=exc.args[0])) from None
        branch.decisions.append(decision)
        branch.rolls.extend(dice.rolls)

    def delete(self, name: str) -> list[str]:
        """Branch ``name`` and every branch made from it (returned, in order) are gone."""
        self.branch(name)
        gone = {name}
        for b in self.review.record.branches:  # a branch comes after its parent
            if b.parent in gone:
                gone.add(b.name)
        self.review.record.branches[:] = [b for b in self.review.record.branches if b.name not in gone]
        for n in gone:
            self.review.lines.pop(n, None)
            self.pending.pop(n, None)
        return sorted(gone)

    # -- odds only -----------------------------------------------------------------------------------
    def odds(self, name: str) -> WhatIf:
        """The odds-only branch ``name``'s next resolution, exactly, against the line it left."""
        branch = self.branch(name)
        if name not in self.pending:
            raise ReviewError(Said("review.error.no_odds", name=name))
        line = self.review.line(name)
        engine = self.review.table.engine
        mine = _stopped(engine, line.final, self.pending[name], Ranks(key for key, _ in line.keys(len(line))))
        assert mine is not None
        parent = self.review.line(branch.parent)
        theirs = None
        for k in range(branch.at, len(parent)):
            theirs = _stopped(engine, parent.state(k), parent.all_decisions()[k],
                              Ranks(key for key, _ in parent.keys(k)))
            if theirs is not None:
                break
        return WhatIf(mine, theirs, compare(mine, theirs))


def _stopped(engine: Any, state: Any, decision: Any, ranks: Ranks) -> ResolutionOdds | None:
    """The shots waiting when ``decision`` on ``state`` asks for its first die (None: it rolls none)."""
    try:
        engine.apply(state, decision, NoRolls(ranks))
    except RollNeeded as stop:
        key: RollKey = stop.key
        return resolution_odds(engine, stop.state, key)
    return None


def load_review(path: str | os.PathLike[str], table: Table | None = None,
                live_seat: str | None = None) -> tuple[Review, Branches]:
    """A saved match reviewed with its branches; anything damaged is a ``CodecError`` of one line
    naming the file (the match or a branch that does not replay)."""
    source = str(path)
    record = load_match(path)
    try:
        review = Review(record, table, live_seat)
    except ValueError as exc:  # a layout, a decision or rolls the engine refuses
        raise does_not_replay(source, exc) from None
    try:
        return review, Branches(review)
    except ReviewError as exc:
        raise CodecError(in_file(source, exc.args[0])) from None
