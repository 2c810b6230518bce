"""The fourth round of Un pour un's speed (issue 30: 100 random matches/s), the engine's fixed cost per
decision: each shortcut gives the answer of the plain computation it replaces, on seeded random states
of the shipped tables, and the state handed to ``apply`` is never changed."""

from __future__ import annotations

import copy
import random

import pytest

from paintcheck.rules.dice import Dice
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.engine import Engine, _shell, _Work
from paintcheck.unpourun.events import Event
from paintcheck.unpourun.game import UnpourunGame, random_start
from paintcheck.unpourun.state import Figure, MatchState, Status, changed
from paintcheck.unpourun.table_file import load_table, shipped_tables
from tests.unpourun.upu_playouts import played

TABLES = shipped_tables()


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_apply_leaves_the_state_it_was_handed_as_it_was(path):
    """``apply`` works on a shell of the state that shares its containers (``_shell``): the state handed
    in, its activation, zones and VP included, is what it was after every decision of random matches,
    and a decision that spends PA leaves the activation handed in untouched."""
    game = UnpourunGame(load_table(path))
    engine = Engine(game.m)
    spent = 0
    for s, d, mark in played(game, 71, 2):
        before = copy.deepcopy(s)
        act = s.activation
        pa = act.pa if act is not None else None
        dice = Dice(0)
        dice.back_to(mark)
        out, _ = engine.apply(s, d, dice)
        assert s == before
        assert (s.activation.pa if s.activation is not None else None) == pa
        if act is not None and out.activation is not None and out.activation.pa != pa:
            assert out.activation is not act
            spent += 1
    assert spent > 20


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_the_engines_shell_is_the_states_copy(path):
    """``_shell`` is ``MatchState.copy``'s state, equal field by field, sharing what ``copy`` copies."""
    game = UnpourunGame(load_table(path))
    for s, _, _ in played(game, 72, 1)[::5]:
        out = _shell(s)
        assert out == s.copy() and out is not s and isinstance(out, MatchState)
        assert out.zones is s.zones and out.vp is s.vp and out.activation is s.activation


def test_figure_places_kept_from_decision_to_decision_are_checked():
    """The engine keeps the figures' places from one decision to the next; a place is checked before it
    is used: states of other matches (other bands), and figures in another order, are found right."""
    tables = [load_table(p) for p in TABLES]
    game = UnpourunGame(tables[0])
    engine = game.engine
    rng = random.Random(73)
    states = [s for s, _, _ in played(game, 74, 3)]
    rng.shuffle(states)
    reordered = 0
    for s in states[:120]:
        if rng.random() < 0.3:  # the same figures, in another order
            s = s.copy()
            s.figures = tuple(reversed(s.figures))
            reordered += 1
        work = _Work(engine.board, _shell(s), Dice(1), engine)
        for f in rng.sample(s.figures, len(s.figures)):
            assert work.fig(f.id) is s.figure(f.id)
            assert work.s.figures[work.place(f.id)] is f
        f = rng.choice(s.figures)
        g = changed(f, pv=f.pv + 7)
        work.put(g)
        assert work.s.figure(f.id) is g
        assert [x.id for x in work.s.figures] == [x.id for x in s.figures]
        assert [x for x in work.s.figures if x.id != f.id] == [x for x in s.figures if x.id != f.id]
    assert reordered > 10
    with pytest.raises(KeyError):
        _Work(engine.board, _shell(states[0]), Dice(1), engine).fig("Z9")


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_any_activatable_is_activatable_not_empty(path):
    game = UnpourunGame(load_table(path))
    seen = set()
    for s, _, _ in played(game, 75, 2):
        work = _Work(game.engine.board, _shell(s), Dice(1), game.engine)
        for player in "AB":
            plain = [f for f in s.figures if f.player == player and f.standing and not f.activated]
            assert work.activatable(player) == plain
            assert work.any_activatable(player) is bool(plain)
            seen.add(bool(plain))
    assert seen == {True, False}


def test_standing_and_on_table_read_every_status_as_the_enum_says():
    """``Figure.standing`` and ``on_table`` compare with the statuses read once: the same answers for
    every status, as the enum's member or as the plain string a file gives."""
    f = Figure("A1", "A", "sous_fifre", None, (), 0, 0)  # type: ignore[arg-type]
    for pos in (None, (1.0, 2.0)):
        for status in [*Status, *(str(s.value) for s in Status), "other"]:
            g = changed(f, pos=pos, status=status)
            assert g.standing is (pos is not None and status == Status.FIGHTING)
            assert g.on_table is (pos is not None and status in (Status.FIGHTING, Status.HORS))


def test_an_event_made_by_the_work_is_the_event_class_s():
    work = _Work(UnpourunGame().engine.board, _shell(UnpourunGame().begin(random_start(1))), Dice(1))
    work.ev("roll", "4.4", figure="A1", purpose="to_hit", value=3, need=4)
    work.ev("turn", "3.1")
    made = Event("roll", "4.4", (("figure", "A1"), ("purpose", "to_hit"), ("value", 3), ("need", 4)))
    assert work.events == [made, Event("turn", "3.1")]
    assert hash(work.events[0]) == hash(made) and work.events[0].to_dict() == made.to_dict()
    assert all(type(e) is Event for e in work.events)


def test_end_activation_needs_no_copy_of_the_activation():
    """An EndActivation ends the activation without reading the figure or copying the activation; the
    state handed in keeps its activation and PA."""
    game = UnpourunGame()
    for s, d, mark in played(game, 76, 1):
        if isinstance(d, a.EndActivation):
            act = s.activation
            pa = act.pa
            dice = Dice(0)
            dice.back_to(mark)
            out, events = game.engine.apply(s, d, dice)
            assert s.activation is act and act.pa == pa and out.activation is not act
            assert events[0] == Event("activation_ended", "3.3", (("figure", act.figure),))
            return
    raise AssertionError("no EndActivation played")


class _NoNextTurn(_Work):
    __slots__ = ()

    def start_turn(self) -> None:  # the end of turn alone
        pass


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.stem)
def test_the_end_of_turn_clears_every_malus_and_rondache_keeping_the_figures_without(path):
    """8.3's end: every figure without −1 R and rondache used is kept as it is (the same values); the
    others are replaced without them — as replacing every figure does."""
    game = UnpourunGame(load_table(path))
    rng = random.Random(77)
    marked = 0
    for s, _, _ in played(game, 78, 1)[::9]:
        s = s.copy()
        s.figures = tuple(changed(f, charged_malus=rng.random() < 0.3, rondaches_used=rng.choice((0, 0, 1)))
                          for f in s.figures)
        work = _NoNextTurn(game.engine.board, _shell(s), Dice(1), game.engine)
        work.finish_turn()
        plain = tuple(changed(f, charged_malus=False, rondaches_used=0) for f in s.figures)
        assert work.s.figures == plain
        for f, g in zip(s.figures, work.s.figures, strict=True):
            assert (g is f) is (not f.charged_malus and not f.rondaches_used)
            marked += f.charged_malus or bool(f.rondaches_used)
    assert marked > 10
