"""The fast engine changes no result: without its checks (a search's, a bench's) and reading lines of
fire from the sight table, random matches give the same decisions and events, word for word, as the
checking engine on the exact geometry."""

from __future__ import annotations

from pathlib import Path

import pytest

from paintcheck.ai.playout import play_match
from paintcheck.geometry.cache import CachedMeasurer
from paintcheck.rules.actions import Dodge, IllegalActionError
from paintcheck.rules.engine import Engine
from paintcheck.table import Table

ROOT = Path(__file__).resolve().parents[2]


def _events(table: Table, start, seed: int) -> list[str]:
    record = play_match(table.engine, start, seed)
    return [str(d) for d in record.decisions] + [repr(record.final)]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_fast_and_checking_engines_play_the_same_matches(seed, tmp_path):
    layout = ROOT / "layouts" / "box21_small.json"
    exact = Table.from_file(layout, checks=True, sight=False)
    field = exact.field
    measurer = CachedMeasurer(field, sight=True, cache=tmp_path)  # its table in the test's folder
    fast = Table(field, measurer, Engine(measurer, checks=False))
    for begin in ("start_break", "start"):
        a = _events(exact, getattr(exact, begin)(), seed)
        b = _events(fast, getattr(fast, begin)(), seed)
        assert a == b


def test_only_the_checking_engine_refuses_an_illegal_decision():
    layout = ROOT / "layouts" / "box21_small.json"
    checking, trusting = Table.from_file(layout), Table.from_file(layout, checks=False)
    with pytest.raises(IllegalActionError):
        checking.engine.apply(checking.start(), Dodge("blue"), None)
    assert not trusting.engine.checks


def test_the_random_coach_leaves_out_only_sequences_legality_refuses(monkeypatch):
    """Its cheap look at a sequence's moves and shots (``_refused``) never leaves out a sequence the
    engine would accept, so asking it first changes no decision; and the verdicts it kept, handed to
    ``why_illegal``, give the very sentence a fresh judgement gives."""
    from paintcheck.ai.random_coach import RandomCoach

    table = Table.from_file(ROOT / "layouts" / "box21_small.json", sight=True)
    looked = {"refused": 0, "passed": 0, "legal": 0}
    real = RandomCoach._refused

    def checked(self, state, verdicts, decl):
        refused = real(self, state, verdicts, decl)
        fresh = self.engine.why_illegal(state, decl)
        if refused:
            assert fresh is not None
        assert self.engine.why_illegal(state, decl, verdicts) == fresh
        looked["refused" if refused else "passed"] += 1
        looked["legal"] += fresh is None
        return refused

    monkeypatch.setattr(RandomCoach, "_refused", checked)
    for seed in (3, 4):
        play_match(table.engine, table.start(), seed)
    assert looked["refused"] and looked["passed"] and looked["legal"]


def test_plans_remembered_by_declaration_and_by_value():
    from paintcheck.rules.actions import Declare, Def, Shot
    from paintcheck.rules.plan import make_plan

    table = Table.from_file(ROOT / "layouts" / "box21_small.json", sight=False)
    decl = Declare("B1", "kneeling", (Def(), Shot("W1"), Def()))
    twin = Declare("B1", "kneeling", (Def(), Shot("W1"), Def()))
    first = make_plan(decl, (5, -8), table.measurer)
    assert make_plan(decl, (5, -8), table.measurer) is first
    assert make_plan(twin, (5, -8), table.measurer) == first
    assert make_plan(decl, (6, -8), table.measurer).start == (6, -8)
    assert first.stances[0] is first.stances[1] is first.final  # no move, no turn: one stance
    make_plan.cache_clear()
    assert make_plan(decl, (5, -8), table.measurer) is not first


def test_events_whose_words_are_made_later_are_the_ones_made_at_once():
    """A declared sequence's words and the revealed sheets' lines are made when first read: read,
    compared, copied or pickled, the event is the one made with them."""
    import copy
    import pickle

    from paintcheck.rules import events as ev
    from paintcheck.rules.actions import Declare, Def, Shot
    from paintcheck.rules.words import declaration_words

    table = Table.from_file(ROOT / "layouts" / "box21_small.json", sight=False)
    decl = Declare("B1", "kneeling", (Def(), Shot("W1"), Def()))
    words = declaration_words(decl, table.measurer)
    at_once = ev.SequenceDeclared("B1", words, 3)
    made = []

    def later():
        made.append(1)
        return declaration_words(decl, table.measurer)

    uses = (lambda e: e.text, lambda e: e.to_dict(), repr, hash, copy.deepcopy,
            lambda e: pickle.loads(pickle.dumps(e)))
    for use in uses:
        e = ev.SequenceDeclared.later(later, player="B1", cost=3)
        assert use(e) == use(at_once)
        assert e == at_once and e.sequence.key == words.key and e.sequence.values == words.values
    assert len(made) == len(uses)  # once each
    sheets = ev.SheetsRevealed.later(lambda: ("a", "b"))
    assert sheets == ev.SheetsRevealed(("a", "b")) and sheets.to_dict()["lines"] == ("a", "b")
    with pytest.raises(AttributeError):
        sheets.nothing  # noqa: B018


def test_the_reactions_the_engine_judged_before_waiting_are_the_coachs():
    """When the engine waits for a coach's reactions, it keeps the candidates it judged
    (``legality.can_react``); ``reaction_options`` on that state, or a view of it, reads them and
    judges the rest: the same list as a judgement on a copy, which shares nothing with it."""
    from paintcheck.rules import legality
    from paintcheck.rules.dice import Dice
    from paintcheck.rules.state import REACT
    from paintcheck.rules.views import view

    table = Table.from_file(ROOT / "layouts" / "box21.json", sight=True)
    engine, waited = table.engine, 0
    for seed in range(6):
        record = play_match(engine, table.start_break(), seed)
        state, dice = table.start_break(), Dice(seed)
        for decision in record.decisions:
            state, _ = engine.apply(state, decision, dice)
            if state.phase == REACT:
                team = engine.to_move(state)
                assert legality._waiting(state, team, engine.m) is not None
                fresh = legality.reaction_options(state.copy(), team, engine.m)
                assert legality.reaction_options(view(state, team), team, engine.m) == fresh
                assert legality.reaction_options(state, team, engine.m) == fresh
                waited += 1
    assert waited > 20


def test_the_random_coach_draws_choices_and_ranges_as_random_does():
    """``random_coach._below`` draws the very numbers ``choice`` and ``randrange`` draw, in order."""
    import random

    from paintcheck.ai.random_coach import _below

    ours, theirs = random.Random(7), random.Random(7)
    for n in (1, 2, 3, 5, 7, 8, 13, 100):
        seq = tuple(range(n))
        assert seq[_below(ours.getrandbits, n)] == theirs.choice(seq)
        assert -3 + _below(ours.getrandbits, 7) == theirs.randint(-3, 3)
    assert ours.random() == theirs.random()
