"""The engine's phases stand alone (issue 27, item 1): the break and the resolution are objects built
with their collaborators, not mixins of ``Engine`` calling its private methods. Each is driven here
with collaborators of the test's own, which record what the phase asks of them."""

from __future__ import annotations

from paintcheck.rules import events as ev
from paintcheck.rules.actions import BreakSheet
from paintcheck.rules.break_turn import BreakTurn
from paintcheck.rules.dice import ScriptedDice
from paintcheck.rules.engine import Engine
from paintcheck.rules.resolution import ResolutionPhases
from paintcheck.rules.state import MatchState, Resolution, ShotEntry, new_break
from paintcheck.rules.step import Step
from tests.rules.harness import B1, W1, measurer, standard
from tests.rules.test_break import BASES, runners, table


class Turns:
    """The engine's part a phase hands back to: the end of a round, of the break, of the match."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def finish_round(self, step: Step) -> None:
        self.calls.append("finish_round")

    def check_end(self, step: Step) -> bool:
        self.calls.append("check_end")
        return False

    def end_turn(self, step: Step) -> None:
        self.calls.append("end_turn")


class Resolver:
    """What the break asks of the resolution."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def resume(self, step: Step) -> None:
        self.calls.append("resume")

    def rank(self, step: Step, view, entries: list[ShotEntry]) -> tuple[list[ShotEntry], list[int]]:
        self.calls.append("rank")
        return entries, [0] * len(entries)

    def sequence_entries(self, view) -> list[ShotEntry]:
        self.calls.append("sequence_entries")
        return []


def test_the_resolution_resolves_a_round_alone_and_hands_it_back():
    m = measurer().see(B1, W1)
    state = MatchState(layout="scripted", players={"B1": standard("B1"), "W1": standard("W1")}, turn=2)
    state.resolution = Resolution([ShotEntry("B1", "W1", "simple")], [0])
    turns = Turns()
    step = Step(state, ScriptedDice([15]), m)  # needs 11 against no DEF: eliminated, no dodge
    ResolutionPhases(m, turns).resume(step)
    assert [e.player for e in step.events if isinstance(e, ev.Eliminated)] == ["W1"]
    assert turns.calls == ["finish_round"]


def test_the_break_builds_its_rounds_alone_with_the_resolution_and_turns_it_is_given():
    m = table()
    turns, resolver = Turns(), Resolver()
    brk = BreakTurn(m, resolver, turns)
    step = Step(new_break("test", {t: BASES[t][::2] for t in BASES}), ScriptedDice([]), m)
    brk.sheet(step, BreakSheet("blue", tuple(runners("blue", 1, ["B1", "B2", "B3", "B4", "B5"]))))
    assert not resolver.calls and not turns.calls  # one sheet in: nothing happens yet
    brk.sheet(step, BreakSheet("white", tuple(runners("white", 1, ["W1", "W2", "W3", "W4", "W5"]))))
    assert turns.calls == ["check_end"]  # the first break round: the match goes on
    assert resolver.calls == ["sequence_entries", "rank", "resume"]  # its shots go to the resolution
    assert step.state.round == 1 and len(step.state.declarations) == 2


def test_the_engine_is_no_mixin_of_its_phases():
    engine = Engine(table())
    assert Engine.__mro__ == (Engine, object)
    assert isinstance(engine.break_turn, BreakTurn) and isinstance(engine.resolution, ResolutionPhases)
    assert engine.break_turn.resolution is engine.resolution and engine.resolution.rounds is engine
