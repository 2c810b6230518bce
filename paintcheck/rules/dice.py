"""Dice, injected into the engine: ``RecordedDice`` for the window, ``Dice(seed)`` for simulations
and tests, ``ScriptedDice([...])`` for the book's examples.

The engine asks for one die at a time and records every roll as an event. A seeded match replays
exactly from its seed and its decisions; a match played at the window draws every roll from fresh
entropy when it is rolled and keeps the rolls, so its save replays from the rolls and reveals no
roll to come. A save's rolls must replay exactly: each fits the die it is given for, none is
missing, none is left over (``RecordedDice.replaying``, ``replayed``). Every kind of dice can be
marked and put back to the mark (``mark``, ``back_to``): a decision the engine gives up half-way
leaves the dice as they were. Nothing here is module-level random state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Protocol

from paintcheck.said import Said


class Roller(Protocol):
    """What the engine rolls: ``Dice``, ``RecordedDice``, ``ScriptedDice``."""

    def roll(self, sides: int) -> int: ...


class KeyedRoller(Roller, Protocol):
    """Dice that are told what each roll is for (``Step.roll`` asks them through ``roll_for``): the
    state it is rolled in (its turn and round), its purpose (a ``Said``) and who rolls it. A review's
    branch gives a roll the value the main line's roll for the same thing had (``review.branch_dice``)."""

    def roll_for(self, sides: int, state: Any, purpose: str, player: str | None) -> int: ...


class DiceExhausted(RuntimeError):
    """A scripted test asked for more dice than it scripted."""


class RecordedRollsError(ValueError):
    """A save's recorded rolls that do not replay exactly; the message is a ``Said`` (``rules.dice.*``)."""


class Dice:
    """Fair seeded dice."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)

    def mark(self) -> tuple[object, ...]:
        return self._rng.getstate()

    def back_to(self, mark: tuple[object, ...]) -> None:
        self._rng.setstate(mark)


class RecordedDice:
    """Rolls drawn from the system's entropy as they are rolled, each kept in ``rolls``; the rolls
    already in ``rolls`` (a saved match's) are given back first, in order, checked against the die
    asked for. A save holds the rolls made, never a seed from which those to come follow.

    While a save is replayed (``replaying``) only its recorded rolls may be given: a roll it lacks
    raises, and ``replayed()`` raises when some were never used. A roll appended to a save would
    otherwise decide the next die after a resume."""

    def __init__(self, rolls: list[int] | None = None, replaying: bool = False) -> None:
        self.rolls = rolls if rolls is not None else []
        self.used = 0
        self.replaying = replaying
        self._rng = random.SystemRandom()

    def roll(self, sides: int) -> int:
        if self.used < len(self.rolls):
            face = self.rolls[self.used]
            if not 1 <= face <= sides:
                n = self.used + 1
                raise RecordedRollsError(Said(
                    "rules.dice.face",
                    number=n, face=face, sides=sides))
        elif self.replaying:
            n = len(self.rolls)
            raise RecordedRollsError(Said(
                "rules.dice.too_few",
                count=n))
        else:
            face = self._rng.randint(1, sides)
            self.rolls.append(face)
        self.used += 1
        return face

    def replayed(self) -> None:
        """The replay is over: every recorded roll must have been used (``RecordedRollsError``
        otherwise); from now on the rolls are drawn fresh."""
        left = len(self.rolls) - self.used
        if left:
            raise RecordedRollsError(Said(
                "rules.dice.left_over",
                count=left, recorded=len(self.rolls)))
        self.replaying = False

    def mark(self) -> tuple[int, int]:
        return (self.used, len(self.rolls))

    def back_to(self, mark: tuple[int, int]) -> None:
        used, recorded = mark
        del self.rolls[recorded:]
        self.used = used


class ScriptedDice:
    """Dice that show the given faces in order, checking each fits the die asked for."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.used = 0

    def roll(self, sides: int) -> int:
        if self.used >= len(self.faces):
            raise DiceExhausted(f"scripted dice used up after {self.used} rolls (asked for a d{sides})")
        face = self.faces[self.used]
        if not 1 <= face <= sides:
            raise ValueError(f"scripted roll #{self.used + 1} is {face}, which a d{sides} cannot show")
        self.used += 1
        return face

    def mark(self) -> int:
        return self.used

    def back_to(self, mark: int) -> None:
        self.used = mark

    @property
    def remaining(self) -> int:
        return len(self.faces) - self.used
