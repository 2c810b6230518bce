"""The information barrier: a coach decides from its view only.

For mid-match states reached by random play, two full states that differ only in what the coach may
not see (the other side's face-down order tokens, its break sheet before both are in) must give the
same decision with the same seed, for every coach."""

from __future__ import annotations

import random

import pytest

from paintcheck.ai.coach import COACH_KINDS, make_coach
from paintcheck.ai.random_coach import RandomCoach
from paintcheck.ai.seen import Seen, look
from paintcheck.field.lattice import other_team
from paintcheck.rules.dice import Dice
from paintcheck.rules.state import ORDERS, OVER, SHEETS

OPTIONS = {"hard": {"iterations": 4}}  # a small search keeps the test quick; the barrier is the same


def _states_with_secrets(table, seed: int, wanted: int = 4) -> list:
    """(state, team) pairs from a random match where ``team`` decides while the other side holds
    secrets it may not see."""
    engine, dice = table.engine, Dice(seed)
    coaches = {t: RandomCoach(t, engine, seed * 2 + i) for i, t in enumerate(("blue", "white"))}
    state = table.start_break() if seed % 2 else table.start()
    found = []
    while state.phase != OVER and len(found) < wanted:
        team = engine.to_move(state)
        enemy = other_team(team)
        if state.phase == SHEETS and enemy in state.sheets:
            found.append((state, team))
        elif state.phase != SHEETS and any(t > state.round for t in state.orders[enemy].values()) \
                and len([t for t in state.orders[enemy].values() if t > state.round]) >= 2:
            found.append((state, team))
        state, _ = engine.apply(state, coaches[team].decide(look(state, team).state), dice)
    return found


def _other_secrets(table, state, team: str, rng: random.Random):
    """The same state with the other side's secrets changed: its unrevealed tokens shuffled among
    its players, or another legal break sheet."""
    enemy = other_team(team)
    twin = state.copy()
    if state.phase == SHEETS:
        for s in range(50):
            sheet = RandomCoach(enemy, table.engine, 1000 + s)._sheet(state_before_sheet(state, enemy))
            if sheet != state.sheets[enemy]:
                twin.sheets = {**twin.sheets, enemy: sheet}
                return twin
        raise AssertionError("no other sheet found")
    hidden = [pid for pid, t in state.orders[enemy].items() if t > state.round]
    tokens = [state.orders[enemy][pid] for pid in hidden]
    while True:
        rng.shuffle(tokens)
        if tokens != [state.orders[enemy][pid] for pid in hidden]:
            break
    twin.orders[enemy] = {**twin.orders[enemy], **dict(zip(hidden, tokens, strict=True))}
    return twin


def state_before_sheet(state, team: str):
    before = state.copy()
    before.sheets = {t: s for t, s in before.sheets.items() if t != team}
    return before


@pytest.mark.slow
@pytest.mark.parametrize("kind", COACH_KINDS)
def test_secrets_it_may_not_see_never_change_a_decision(table, kind):
    rng = random.Random(kind)
    checked = 0
    for seed in (3, 4, 7):
        for state, team in _states_with_secrets(table, seed):
            twin = _other_secrets(table, state, team, rng)
            assert look(state, team).state.to_dict() == look(twin, team).state.to_dict()
            assert state.to_dict() != twin.to_dict()
            a = make_coach(kind, team, table.engine, 11, **OPTIONS.get(kind, {})).decide(look(state, team))
            b = make_coach(kind, team, table.engine, 11, **OPTIONS.get(kind, {})).decide(look(twin, team))
            assert a == b
            checked += 1
    assert checked >= 6


def test_a_coach_takes_its_view_only(table):
    state = table.start()
    coach = make_coach("normal", "blue", table.engine, 0)
    with pytest.raises(TypeError):
        coach.decide(state)  # the full state itself is refused
    with pytest.raises(TypeError):
        Seen(object(), state, "blue")  # and a view cannot be made by hand
    with pytest.raises(ValueError):
        coach.decide(look(state, "white"))  # nor the other coach's view
    assert state.phase == ORDERS and coach.decide(look(state, "blue")).team == "blue"
