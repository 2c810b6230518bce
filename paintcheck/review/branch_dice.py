"""The dice of a branch: the same luck as the line it leaves, fresh rolls, or none (odds only).

A roll is keyed by what it is for, not by its place in the match: ``(turn, round, purpose, player,
rank)``, where ``purpose`` is the engine's ``Said`` of it (``rules.reasons.purpose_*``: a shot at W2, a
dodge die, the speed test, ...), ``player`` who rolls it (a player, or a team for who speaks first)
and ``rank`` how many rolls of that same (turn, round, purpose, player) came before it in the line.
The engine tells the dice what a roll is for through ``Step.roll`` (``rules.dice.KeyedRoller``).

- ``KeyRecorder`` plays a line with its own dice and notes each roll's key and value.
- ``SameLuck`` gives a roll whose key the line left had that roll's value (a face the die can show),
  and any other roll from the system's entropy; every roll it gives is kept (``rolls``, in order), so
  the branch replays from its rolls alone (``rules.dice.RecordedDice``).
- ``Fresh`` rolls everything from entropy, kept the same way.
- ``NoRolls`` (odds only) refuses to roll: ``RollNeeded`` names the first roll a decision asks for;
  the branch stops before it and reads the odds instead (``review.branches``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any

from paintcheck.rules.dice import Dice, KeyedRoller, RecordedDice

RollKey = tuple[int, int, str, str | None, int]  # turn, round, purpose, player, rank


class DiceMode(StrEnum):
    """How a branch rolls (issue 28, item 2)."""

    SAME = "same"  # same luck: a roll the line left also made keeps its value
    FRESH = "fresh"  # new rolls
    ODDS = "odds"  # no roll: the exact chances of the next resolution


class RollNeeded(Exception):
    """A decision of an odds-only branch asked for a die: ``key`` says what for, ``state`` is the
    match as the engine held it then (mid-decision, before the die: the resolution about to roll)."""

    def __init__(self, key: RollKey, sides: int, state: Any = None) -> None:
        super().__init__(key, sides)
        self.key, self.sides, self.state = key, sides, state


class Ranks:
    """The rank of each roll: how many rolls of the same (turn, round, purpose, player) came before."""

    def __init__(self, before: Iterable[RollKey] = ()) -> None:
        self.counts: Counter[tuple[int, int, str, str | None]] = Counter(k[:4] for k in before)

    def key(self, state: Any, purpose: str, player: str | None) -> RollKey:
        base = (state.turn, state.round, str(purpose), player)
        rank = self.counts[base]
        self.counts[base] = rank + 1
        return (*base, rank)

    def mark(self) -> Counter[tuple[int, int, str, str | None]]:
        return self.counts.copy()

    def back_to(self, mark: Counter[tuple[int, int, str, str | None]]) -> None:
        self.counts = mark.copy()


class KeyRecorder(KeyedRoller):
    """``inner``'s rolls, each noted with its key in ``keys`` (in order, with its value)."""

    def __init__(self, inner: Dice | RecordedDice, ranks: Ranks | None = None) -> None:
        self.inner = inner
        self.ranks = ranks or Ranks()
        self.keys: list[tuple[RollKey, int]] = []

    def roll(self, sides: int) -> int:  # the engine always says what for; this is the Roller's door
        return self.inner.roll(sides)

    def roll_for(self, sides: int, state: Any, purpose: str, player: str | None) -> int:
        value = self.inner.roll(sides)
        self.keys.append((self.ranks.key(state, purpose, player), value))
        return value

    def mark(self) -> tuple[Any, Counter[Any], int]:
        return (self.inner.mark(), self.ranks.mark(), len(self.keys))

    def back_to(self, mark: tuple[Any, Counter[Any], int]) -> None:
        inner, ranks, noted = mark
        self.inner.back_to(inner)
        self.ranks.back_to(ranks)
        del self.keys[noted:]


class _Kept(KeyedRoller):
    """Rolls drawn by a branch, kept in order (``rolls``) so it replays from them."""

    def __init__(self, ranks: Ranks, entropy: random.Random | None = None) -> None:
        self.ranks = ranks
        self.rolls: list[int] = []
        self.keys: list[RollKey] = []
        self._rng = entropy or random.SystemRandom()

    def _fresh(self, sides: int) -> int:
        return self._rng.randint(1, sides)

    def value(self, key: RollKey, sides: int) -> int:
        return self._fresh(sides)

    def roll(self, sides: int) -> int:
        value = self._fresh(sides)
        self.rolls.append(value)
        return value

    def roll_for(self, sides: int, state: Any, purpose: str, player: str | None) -> int:
        key = self.ranks.key(state, purpose, player)
        value = self.value(key, sides)
        self.rolls.append(value)
        self.keys.append(key)
        return value

    def mark(self) -> tuple[int, Counter[Any]]:
        return (len(self.rolls), self.ranks.mark())

    def back_to(self, mark: tuple[int, Counter[Any]]) -> None:
        kept, ranks = mark
        del self.rolls[kept:]
        del self.keys[kept:]
        self.ranks.back_to(ranks)


class Fresh(_Kept):
    """New rolls from the system's entropy (or ``entropy``, for tests), kept."""


class SameLuck(_Kept):
    """The luck of the line left: ``luck`` (key -> value, that line's rolls) gives a roll the same
    key had; a roll it lacks (or one the die cannot show) is fresh. ``ranks`` counts the rolls of the
    branch's past (the line left, up to where the branch starts)."""

    def __init__(self, luck: Mapping[RollKey, int], ranks: Ranks,
                 entropy: random.Random | None = None) -> None:
        super().__init__(ranks, entropy)
        self.luck = luck
        self.kept_luck = 0  # rolls given the line left's value

    def value(self, key: RollKey, sides: int) -> int:
        face = self.luck.get(key)
        if face is not None and 1 <= face <= sides:
            self.kept_luck += 1
            return face
        return self._fresh(sides)


class NoRolls(KeyedRoller):
    """Odds only: any roll stops the decision (``RollNeeded``); nothing is ever rolled."""

    def __init__(self, ranks: Ranks) -> None:
        self.ranks = ranks
        self.rolls: list[int] = []

    def roll(self, sides: int) -> int:
        raise RollNeeded((0, 0, "", None, 0), sides)

    def roll_for(self, sides: int, state: Any, purpose: str, player: str | None) -> int:
        raise RollNeeded(self.ranks.key(state, purpose, player), sides, state)

    def mark(self) -> Counter[Any]:
        return self.ranks.mark()

    def back_to(self, mark: Counter[Any]) -> None:
        self.ranks.back_to(mark)
