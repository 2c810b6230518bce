"""Dice, injected into the engine: ``Dice(seed)`` for play, ``ScriptedDice([...])`` for tests.

The engine asks for one die at a time and records every roll as an event, so a match replays exactly
from its seed and its decisions. Nothing here is module-level random state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable


class DiceExhausted(RuntimeError):
    """A scripted test asked for more dice than it scripted."""


class Dice:
    """Fair seeded dice."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


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
