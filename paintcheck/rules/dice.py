"""Dice, injected into the engine: ``RecordedDice`` for the window, ``Dice(seed)`` for simulations
and tests, ``ScriptedDice([...])`` for the book's examples.

The engine asks for one die at a time and records every roll as an event. A seeded match replays
exactly from its seed and its decisions; a match played at the window draws every roll from fresh
entropy when it is rolled and keeps the rolls, so its save replays from the rolls and reveals no
roll to come. Nothing here is module-level random state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol


class Roller(Protocol):
    """What the engine rolls: ``Dice``, ``RecordedDice``, ``ScriptedDice``."""

    def roll(self, sides: int) -> int: ...


class DiceExhausted(RuntimeError):
    """A scripted test asked for more dice than it scripted."""


class Dice:
    """Fair seeded dice."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class RecordedDice:
    """Rolls drawn from the system's entropy as they are rolled, each kept in ``rolls``; the rolls
    already in ``rolls`` (a saved match's) are given back first, in order, checked against the die
    asked for. A save holds the rolls made, never a seed from which those to come follow."""

    def __init__(self, rolls: list[int] | None = None) -> None:
        self.rolls = rolls if rolls is not None else []
        self.used = 0
        self._rng = random.SystemRandom()

    def roll(self, sides: int) -> int:
        if self.used < len(self.rolls):
            face = self.rolls[self.used]
            if not 1 <= face <= sides:
                raise ValueError(f"recorded roll #{self.used + 1} is {face}, which a d{sides} cannot show")
        else:
            face = self._rng.randint(1, sides)
            self.rolls.append(face)
        self.used += 1
        return face


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

    @property
    def remaining(self) -> int:
        return len(self.faces) - self.used
