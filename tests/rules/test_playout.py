"""Random-playout conformance (STYLE.md "Tests"): thousands of whole matches between random coaches
on the box layout with the real instruments. The engine checks its invariants after every decision
(no two figures on a point, action points never exceeded, dead players never act...), so a match
that ends with a result and no exception has broken none of them."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from paintcheck.ai.playout import play_match
from paintcheck.rules.dice import Dice
from paintcheck.table import Table

BOX21 = Path(__file__).resolve().parents[2] / "layouts" / "box21.json"
MATCHES = 2000


def _play_seeds(seeds: range) -> list[str]:
    """Play ``seeds`` on a table of its own; return one line per match that went wrong."""
    table = Table.from_file(BOX21)
    start = table.start()
    problems = []
    for seed in seeds:
        try:
            record = play_match(table.engine, start, seed)
        except Exception as exc:  # noqa: BLE001 - report every failing seed, then go on
            problems.append(f"seed {seed}: {type(exc).__name__}: {exc}")
            continue
        if record.winner not in ("blue", "white", "draw") or not record.reason:
            problems.append(f"seed {seed}: ended without a result ({record.winner!r}, {record.reason!r})")
        elif record.final.phase != "over" or not 2 <= record.turns <= 10:
            problems.append(f"seed {seed}: phase {record.final.phase!r} at turn {record.turns}")
    return problems


@pytest.mark.slow
def test_random_playout_2000_matches_end_with_a_result():
    workers = max(1, min(2, os.cpu_count() or 1))
    step = -(-MATCHES // workers)
    chunks = [range(i, min(i + step, MATCHES)) for i in range(0, MATCHES, step)]
    if workers == 1:
        problems = _play_seeds(range(MATCHES))
    else:
        with ProcessPoolExecutor(workers) as pool:
            problems = [line for part in pool.map(_play_seeds, chunks) for line in part]
    assert not problems, f"{len(problems)} of {MATCHES} matches failed:\n" + "\n".join(problems[:20])


def test_same_seed_gives_the_same_event_log():
    def log(seed):
        table = Table.from_file(BOX21)
        record = play_match(table.engine, table.start(), seed)
        dice, state, texts = Dice(seed), table.start(), []
        for decision in record.decisions:
            state, events = table.engine.apply(state, decision, dice)
            texts += [e.text for e in events]
        return record, texts

    first, texts1 = log(11)
    second, texts2 = log(11)
    assert first.decisions == second.decisions
    assert texts1 == texts2 and len(texts1) == first.events
    assert (first.winner, first.reason, first.turns) == (second.winner, second.reason, second.turns)


def test_matches_leave_nothing_for_the_collector_which_is_as_it_was_afterwards():
    """Matches in a loop run with the garbage collector's cycle passes paused
    (ai.playout.collector_paused): right only while the engine and the coaches make no reference
    cycles, from the break or from turn 2, checks on."""
    import gc

    from paintcheck.ai.playout import collector_paused

    table = Table.from_file(BOX21)
    play_match(table.engine, table.start(), 0)  # the field's sight table read (numpy makes cycles)
    gc.collect()
    gc.disable()
    try:
        for seed in range(3):
            play_match(table.engine, table.start_break(), seed)
            play_match(table.engine, table.start(), seed)
        assert gc.collect() == 0  # nothing unreachable but by a cycle
    finally:
        gc.enable()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
