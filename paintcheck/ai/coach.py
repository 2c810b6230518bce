"""The computer coaches: one interface, four strengths.

A coach is made for one team of one table (``make_coach(kind, team, engine, seed)``) and answers
``decide(seen)`` with a legal decision, where ``seen`` is ``seen.look(state, team)``: the coach's own
view, never the full state. It draws only from its seed: each decision from a generator of its own,
seeded by the coach's seed and the decision's number in the match (``mixed_strategy.decision_rng``),
so the same seed and the same views give the same decisions, and a resumed match goes on as played.
``random`` is the random coach of ``random_coach`` (unchanged); ``easy``, ``normal`` and ``hard``
are described in docs/ai.md, with their mixed strategy (``mixed_strategy``)."""

from __future__ import annotations

import gc
import random
import weakref
from typing import ClassVar

from paintcheck.ai.mixed_strategy import decision_rng
from paintcheck.ai.seen import Seen
from paintcheck.field.layout import Field
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import MatchState
from paintcheck.rules.views import view

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
        self.reseed(seen.state)
        return self.choose(seen.state)

    def reseed(self, state: MatchState) -> None:
        """Draw the decision awaited in ``state`` (a view) from its own generator: the coach's seed and
        the match's decision number, which every view shows (``decision_rng``)."""
        self.rng = decision_rng(self.seed, state.decisions)

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
        self.inner.rng = self.rng  # the decision's own generator (``simulate``'s coach is left as it is)
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
    so that a slow machine never waits longer; on this machine its fixed search ends first. The
    engine's measurer is warmed first (``warm_up``, once per measurer), so that the first decisions
    are as quick as the others. The window makes its coaches in the computer's worker thread
    (``ui.session.MatchSession.computer``): the warm-up never freezes a frame."""
    if kind != "random":
        warm_up(engine)
    if kind == "hard":
        from paintcheck.ai.hard import WINDOW_SECONDS

        return make_coach(kind, team, engine, seed, seconds=WINDOW_SECONDS)
    return make_coach(kind, team, engine, seed)


_warmed: weakref.WeakSet = weakref.WeakSet()  # the measurers warmed (one gone is forgotten with it)
WARM_TURNS = 1  # ordinary turns played after the break by the warm-up


def warm_up(engine: Engine, seed: int = 0) -> None:
    """Fill the measurer's caches once per measurer: two ``normal`` coaches play the break and the
    first turn from the break, and the first turn from the default start. The first decisions of a
    new coach otherwise pay for the readings of the places every match goes through (a coach's
    slowest decisions, several times its median under load). The positions are the field's own,
    not a match's: nothing of a match is seen. Then the objects made so far (the table, the caches)
    are frozen out of the garbage collector's passes (``refreeze``): its full passes otherwise walk
    them all, in the middle of a decision. Nothing keeps the measurer alive for this: whoever made
    it keeps it (the window keeps one per field, ``ui.tables``)."""
    m = engine.m
    # the geometry's measurer (``FieldMeasurer``) is on a field; a measurer on none (a test's) has
    # nothing to warm
    field: Field | None = getattr(m, "field", None)
    if field is None:
        return
    try:
        if m in _warmed:
            return
        _warmed.add(m)
    except TypeError:  # a measurer that cannot be referred to weakly (a test's): warmed each time
        pass
    from paintcheck.ai.normal import NormalCoach
    from paintcheck.rules.dice import Dice
    from paintcheck.rules.setup import default_match
    from paintcheck.rules.state import OVER, new_break

    layout = field.layout
    lattice = layout.lattice
    quick = Engine(m, checks=False)
    bases = {team: lattice.base_points(team)[::2] for team in ("blue", "white")}
    starts = (new_break(layout.name, bases, layout.flag_homes(), lattice),
              default_match(layout.name, lattice.points(), m, layout.flag_homes(), lattice))
    for start in starts:
        coaches = {t: NormalCoach(t, quick, seed + i) for i, t in enumerate(("blue", "white"))}
        state, dice = start, Dice(seed)
        last = 1 + WARM_TURNS
        while state.phase != OVER and state.turn <= last:
            team = quick.to_move(state)
            state, _ = quick.apply(state, coaches[team].choose(view(state, team)), dice)
    refreeze()


def refreeze() -> None:
    """Leave what lives now out of the garbage collector's passes (``gc.freeze``), having first
    given back to it what an earlier freeze left out (``gc.unfreeze``) and collected the garbage.

    A frozen object is never collected by the collector's passes, only by its references going to
    zero: an engine (its handlers are bound methods) and whatever holds one make reference cycles,
    so a table frozen once, then dropped, would stay in memory for good; freezing again and again
    without thawing kept every table of every match the window played (issue 24)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
