"""A branch played in the match window: the usual rooms, on the state a line stood at, whose decisions
go into a review's branch (``paintcheck.review.branches``) instead of the match.

``BranchSession`` is a ``MatchSession`` whose ``apply`` is the branch's: the first decision makes the
branch (``Branches.try_decision``, with the dice chosen: same luck, fresh rolls, odds only), the next
ones extend it; the state, the record and the events the match window reads are the branch line's.
The branch is kept with the match: each decision saves the match's file with its branches
(``MatchSession.save`` of the match reviewed, atomically). An odds-only branch stops at its first die
(``stopped``): the match window then goes back to the review, which shows the odds.

Given: the match reviewed (its session), the review's ``Branches``, where the branch leaves which line,
its dice, and what the review needs to be shown again (``back``).
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from paintcheck.review.branches import Branches
from paintcheck.review.timeline import MAIN, Line
from paintcheck.seam.game import Event
from paintcheck.ui.session import MatchSession

log = logging.getLogger(__name__)


class BranchSession(MatchSession):
    """The match window's session while a branch is played (see the module's docstring)."""

    def __init__(self, main: MatchSession, branches: Branches, parent: str, at: int, dice: str,
                 back: dict[str, Any]) -> None:
        line = branches.review.line(parent)
        record = dataclasses.replace(main.record, decisions=line.all_decisions()[:at],
                                     branches=[])
        events = [e for k in range(1, at + 1) for e in line.events(k)]
        unused = main.game.dice(None)  # the branch rolls with its own dice (``Branches``)
        super().__init__(main.game, main.kind, line.state(at), unused, record, events, main.path)
        self.main, self.branches = main, branches
        self.parent, self.at, self.mode = parent, at, dice
        self.name: str | None = None  # the branch, once its first decision is taken
        self.back = back

    @property
    def line(self) -> Line:
        return self.branches.review.line(self.name or self.parent)

    @property
    def stopped(self) -> bool:
        """An odds-only branch stopped before its first die: nothing more to play here."""
        return self.name is not None and self.name in self.branches.pending

    def to_move(self) -> str | None:
        return None if self.stopped else super().to_move()

    def apply(self, decision: Any) -> list[Event]:
        """The branch's next decision (its first makes it); the events it made (none when it stopped
        before a die)."""
        if self.name is None:
            self.name = self.branches.try_decision(decision, self.at, self.parent, self.mode)
        else:
            self.branches.extend(self.name, decision)
        line = self.line
        self.record.decisions.append(decision)
        if self.stopped:
            return []
        self.state = line.final
        new = list(line.events(len(line)))
        self.events.extend(new)
        return new

    def save(self, path: Any = None) -> None:
        """The match reviewed, saved with its branches (this one too)."""
        self.main.save(path)

    def autosave(self) -> OSError | None:
        return self.main.autosave()

    def back_persist(self) -> dict[str, Any]:
        """The review shown again on this branch, at its last step."""
        name = self.name if self.name is not None else (None if self.parent == MAIN else self.parent)
        k = len(self.line) if self.name is not None else self.at + 1
        return {**self.back, "line": name, "k": k}
