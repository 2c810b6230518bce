"""The computer coaches: one interface, four strengths.

A coach is made for one team of one table (``make_coach(kind, team, engine, seed)``) and answers
``decide(seen)`` with a legal decision, where ``seen`` is ``seen.look(state, team)``: the coach's own
view, never the full state. It draws only from its own ``random.Random(seed)``, so the same seed and
the same views give the same decisions. ``random`` is the random coach of ``random_coach``
(unchanged); ``easy``, ``normal`` and ``hard`` are described in docs/ai.md."""

from __future__ import annotations

import random
from typing import ClassVar

from paintcheck.ai.seen import Seen
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import MatchState

COACH_KINDS = ("random", "easy", "normal", "hard")


class Coach:
    """A coach of ``team``: ``decide(seen)`` returns the decision the engine waits for from it."""

    kind: ClassVar[str] = ""

    def __init__(self, team: str, engine: Engine, seed: int) -> None:
        self.team = team
        self.engine = engine
        self.m = engine.m
        self.seed = seed
        self.rng = random.Random(seed)

    def decide(self, seen: Seen):
        """A legal decision for the view ``seen`` (made by ``seen.look``); refuses anything else."""
        if not isinstance(seen, Seen):
            raise TypeError("a coach decides from its view (paintcheck.ai.seen.look), "
                            f"not {type(seen).__name__}")
        if seen.team != self.team:
            raise ValueError(f"this is {self.team}'s coach, not {seen.team}'s")
        return self.choose(seen.state)

    def choose(self, state: MatchState):  # a view, never the full state: only ``decide`` calls it
        raise NotImplementedError


class RandomPlayer(Coach):
    """The random coach (``random_coach.RandomCoach``) behind the coach interface."""

    kind = "random"

    def __init__(self, team: str, engine: Engine, seed: int) -> None:
        super().__init__(team, engine, seed)
        from paintcheck.ai.random_coach import RandomCoach

        self.inner = RandomCoach(team, engine, seed)

    def choose(self, state: MatchState):
        return self.inner.decide(state)


def make_coach(kind: str, team: str, engine: Engine, seed: int, **options) -> Coach:
    """A coach of strength ``kind`` (one of ``COACH_KINDS``). ``options`` go to ``hard`` (its budget)."""
    if kind == "random":
        return RandomPlayer(team, engine, seed)
    if kind == "easy":
        from paintcheck.ai.easy import EasyCoach

        return EasyCoach(team, engine, seed)
    if kind == "normal":
        from paintcheck.ai.normal import NormalCoach

        return NormalCoach(team, engine, seed)
    if kind == "hard":
        from paintcheck.ai.hard import HardCoach

        return HardCoach(team, engine, seed, **options)
    raise ValueError(f"a coach is one of {', '.join(COACH_KINDS)}, not {kind!r}")


def window_coach(kind: str, team: str, engine: Engine, seed: int) -> Coach:
    """A coach for the window: ``hard`` also stops at its wall-clock budget (``hard.WINDOW_SECONDS``),
    so that a slow machine never waits longer; on this machine its fixed search ends first."""
    if kind == "hard":
        from paintcheck.ai.hard import WINDOW_SECONDS

        return make_coach(kind, team, engine, seed, seconds=WINDOW_SECONDS)
    return make_coach(kind, team, engine, seed)
