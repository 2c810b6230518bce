"""Every number of ``rules/tables.py`` is the one the engine uses (STYLE.md: "a number the engine
doesn't read from here is a defect").

For each table value the test sets another value (monkeypatch) and replays a fixed corpus of
decisions through the engine alone: whole random matches recorded once with the true tables (from
the break and from turn 2), and the rule tests' scripted situations that random play seldom meets
(dumps, a prebunker under a template). The engine's answer (every event's text, or the refusal or error that
stopped the replay) must change. The decisions are replayed as recorded, so a change can only come
from the engine, never from a coach that reads the tables. A table value that is copied at import,
hard-coded beside it or read by nobody leaves the answer unchanged, and its test fails."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from paintcheck.ai.playout import play_match
from paintcheck.rules import tables
from paintcheck.rules.actions import Def, Dodge, SheetLine
from paintcheck.rules.dice import Dice
from paintcheck.rules.plan import make_plan
from paintcheck.table import Table

ROOT = Path(__file__).resolve().parents[2]

# name -> another value; each chosen so the corpus meets it (a common case of the rule)
CHANGED = {
    "POSTURES": ("kneeling", "standing", "prone"),  # the protection columns read by posture
    "SIDES": ("left", "right"),  # "over" no longer a side
    "MAX_TURNS": 6,
    "BREAK_TURN": 0,
    "PLAYERS_PER_TEAM": 4,
    "ORDER_TOKENS": (1, 2, 3, 4),
    "ACTION_POINTS": 3,
    "SPEAKS_FIRST_DIE": 12,
    "BASE_SHOT": 11,
    "BASE_MOV": 11,
    "BASE_REFLEX": 8,
    "BASE_SUPPRESSIVE": 11,
    "SUPPORT_BONUS": 3,
    "NATURAL_PROTECTION": 5,
    "ROLL_BASE": 12,
    "MAX_DEF": 3,
    "BASE_DEF": 6,
    "DODGE_DICE": (0, 1, 1, 2, 2),
    "BOULETS_FOR_DICE": {1: 2, 2: 4},
    "MAX_BOULETS": 3,
    "DEF_AFTER_CLEARING_FOUR": 2,
    "REDODGE_DICE": 2,
    "MAX_MOVE": 8,
    "MOVE_COST_LIMITS": (3, 8, 12),
    "VULNERABILITY": {n: v + 1 for n, v in tables.VULNERABILITY.items()},
    "COST_DEF": 2,
    "COST_SHOT": 2,
    "COST_SUPPORT": 2,
    "COST_SIDE_CHANGE": 2,
    "COST_DUMP": 2,
    "COST_CLEAR_BOULET": 2,
    "COST_CLEAN": 4,
    "COST_RELOAD": 3,
    "COST_PREBUNK": 3,
    "DUMP_REACH": 1,
    "DISTANCE_MODIFIERS": (3, 2, 1, -1, -2, -3),
    "SEGMENT_DEG": 20.0,
    "STATIC_ANGLE_BONUS": (1, 1, 2, 3, 4),
    "RUN_ANGLE_BONUS": (4, 3, 2, 2, 1),
    "LINE_OF_FIRE": {**tables.LINE_OF_FIRE,
                     "standing": {"low": (0, -1), "medium": (0, -2), "high": (-1, None)}},
    "BLOCKING": tables.BLOCKING | {("standing", "medium", True)},  # the legality's impossible lines
    "SWEEP_IMPOSSIBLE_AS": -3,
    "ADVANTAGE_BONUS": 3,
    "WEAKENED_BONUS": 2,
    "MESSY_PAINT_MALUS": -4,
    "MULTI_TARGET_MALUS": -2,
    "MULTI_TARGET_SEGMENT_MALUS": -3,
    "SHOT_DIE": 12,
    "NATURAL_MISS": 2,
    "NATURAL_CRITICAL": 19,
    "EXPLODING_DIE": 8,
    "EXPLODING_FACE": 5,
    "FUMBLE_DIE": 12,
    "FREE_DODGE_MARGIN": 3,
    "FUMBLE_TABLE": ((8, "technical"), (12, "messy_paint"), (20, "reload")),
    "DEAD_GUN_DIE": 6,
    "DEAD_GUN_REPAIR_ABOVE": 15,
    "TECHNICAL_PROBLEM_BOULETS": 4,
    "SPEED_DIE": 8,
    "SPEED_PRESSER_BONUS": 3,
    "SPEED_REFLEX_MALUS": -2,
    "SPEED_EXTRA_SHOT_MALUS": -3,
    "SPEED_AFTER_SIDE_CHANGE_MALUS": -3,
    "SPEED_PER_VULNERABLE_POINT": -2,
    "SPEED_SHOOTS_LAST_ABOVE": 2,
    "SHORT_MOVE_MAX": 2,
    "DUMPER_EDGE": 3,
    "REFLEX_MAX_DEF": 1,
    "REFLEX_DEF_DIE": 2,
    "REFLEX_DEF_LOSS_ROLL": (1, 2, 3),
    "REFLEXES_PER_ROUND": 0,
    "REACTIONS_PER_ROUND": 0,
    "DUMP_DIE": 8,
    "DUMP_SUPPORT_BONUS": 2,
    "DUMP_OUTSIDE_FOV_BONUS": 2,
    "DUMP_TABLE": ((3, "disaster"), (4, "confusion")),
    "PROTECTION": {**tables.PROTECTION, "cylinder": (11, 11, 9), "cone": (10, 10, 8)},
    "PREBUNKER_PROTECTION": 11,
    "PREBUNKER_FREE_DODGE_DICE": 0,
}
# Names of tables.py that are no numbers of the rules: the sentinel for "impossible".
NOT_A_NUMBER = {"IMPOSSIBLE"}

CORPUS_SEEDS = {"break": range(0, 8), "turn2": range(100, 104)}


def table_values() -> set[str]:
    return {name for name, value in vars(tables).items()
            if name.isupper() and not isinstance(value, type(tables))} - NOT_A_NUMBER


@functools.cache
def corpus() -> tuple:
    """(start, seed, decisions) of whole random matches on box21, recorded with the true tables."""
    table = Table.from_file(ROOT / "layouts" / "box21.json")
    out = []
    for start, seeds in CORPUS_SEEDS.items():
        for seed in seeds:
            begin = table.start_break() if start == "break" else table.start()
            out.append((start, seed, play_match(table.engine, begin, seed).decisions))
    return table, tuple(out)


def engine_answer(table: Table, start: str, seed: int, decisions) -> list[str]:
    """Every event text of the replay, or where and why it stopped."""
    make_plan.cache_clear()  # plans are remembered by declaration; their costs and counts read tables
    texts: list[str] = []
    i = -1
    try:
        state = table.start_break() if start == "break" else table.start()
        dice = Dice(seed)
        for i, decision in enumerate(decisions):  # noqa: B007 - i names where a replay stopped
            state, events = table.engine.apply(state, decision, dice)
            texts += [e.text for e in events]
    except Exception as exc:  # noqa: BLE001 - a refusal or an error is an answer too
        texts.append(f"stopped at decision {i}: {type(exc).__name__}: {exc}")
    return texts


def _prebunker_under_a_template():
    from tests.rules.test_break import B1_ZONE, Break, blue_prebunker, runners, table
    w1_zone = (8, 12)
    g = Break(table().cover_with_template(w1_zone, B1_ZONE, w1_zone), [20, 3, 6, 5])
    w1 = SheetLine("W1", 1, w1_zone, "standing", (Def(), Def()), None, None, (8, -2))
    g.sheets(blue_prebunker(origin=w1_zone), [w1, *runners("white", 2, ["W2", "W3", "W4", "W5"])])
    g.play(Dodge("white"))
    return g


def _dumps():
    from tests.rules.test_rules_s10_s13 import dump_duel
    return dump_duel([3, 4, 6, 15])  # Blue1's dump, supported, scores 3 against White1's 4


def _dump_on_equal_scores():
    from tests.rules.test_rules_s10_s13 import dump_duel
    return dump_duel([3, 3, 2])  # the dump first; 2 + 1 support = 3: confusion


SCENARIOS = (_prebunker_under_a_template, _dumps, _dump_on_equal_scores)


def scenario_answer(scenario) -> list[str]:
    make_plan.cache_clear()
    try:
        return [e.text for e in scenario().events]
    except Exception as exc:  # noqa: BLE001 - a refusal or an error is an answer too
        return [f"stopped: {type(exc).__name__}: {exc}"]


def answers():
    """The engine's answer to each piece of the corpus, with the tables as they are now."""
    table, matches = corpus()
    for match in matches:
        yield engine_answer(table, *match)
    for scenario in SCENARIOS:
        yield scenario_answer(scenario)


@functools.cache
def true_answers() -> tuple:
    return tuple(map(tuple, answers()))


@pytest.mark.slow
def test_the_corpus_gives_the_same_answers_again_with_the_true_tables():
    """Otherwise a change below could come from chance rather than from the table."""
    assert [tuple(a) for a in answers()] == list(true_answers())


def test_every_table_value_has_a_change_to_try():
    assert table_values() == set(CHANGED), "list each new table value in CHANGED, or remove it"


@pytest.mark.parametrize("name", sorted(CHANGED))
def test_changing_a_table_value_changes_the_engine(name, monkeypatch):
    assert CHANGED[name] != getattr(tables, name)
    truth = true_answers()
    monkeypatch.setattr(tables, name, CHANGED[name])
    try:
        changed = any(tuple(now) != was for now, was in zip(answers(), truth, strict=True))
    finally:
        make_plan.cache_clear()
    assert changed, (
        f"tables.{name} = {CHANGED[name]!r} changes nothing the engine does on the corpus")
