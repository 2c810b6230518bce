"""``bench --rules``: whole random matches from the break in one process (the engine and both random
coaches, as a search would play them: invariant checks off, lines of fire from the field's sight
table, the collector's cycle passes paused as ``simulate`` pauses them), the time one
``engine.apply`` takes, and matches per second as ``simulate`` plays them (one worker per core).

Goals on this machine: one process plays at least 60 matches per second from the break and
``engine.apply`` takes at most 0.1 ms (median) (issue 15); ``simulate`` plays at least 20 matches per
second (issue 2). Each figure is printed as *figure / goal*; a goal missed is not an error."""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import time

from paintcheck.ai.playout import collector_paused
from paintcheck.ai.random_coach import RandomCoach
from paintcheck.cli.bench_goals import AT_LEAST, AT_MOST, Figure
from paintcheck.cli.layout_arg import load_field
from paintcheck.cli.simulate import TARGET_MATCHES_PER_SECOND, simulate
from paintcheck.rules.dice import Dice
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import OVER, MatchState
from paintcheck.rules.views import view
from paintcheck.table import Table

MATCHES = 100
MATCHES_PER_SECOND_GOAL = 60.0  # issue 15: one process, random matches from the break
APPLY_MEDIAN_MS_GOAL = 0.1  # issue 15


def play(table: Table, matches: int) -> tuple[float, list[float], list[float]]:
    """``matches`` random matches from the break: (seconds, apply times, coach times)."""
    engine = table.engine
    apply_times: list[float] = []
    decide_times: list[float] = []
    t0 = time.perf_counter()
    with collector_paused():  # as simulate plays its matches
        for seed in range(matches):
            _play_one(engine, table.start_break(), seed, apply_times, decide_times)
    return time.perf_counter() - t0, apply_times, decide_times


def _play_one(engine: Engine, state: MatchState, seed: int, apply_times: list[float],
              decide_times: list[float]) -> None:
    dice = Dice(seed)
    coaches = {t: RandomCoach(t, engine, seed * 2 + i) for i, t in enumerate(("blue", "white"))}
    while state.phase != OVER:
        team = engine.to_move(state)
        a = time.perf_counter()
        decision = coaches[team].decide(view(state, team))
        b = time.perf_counter()
        state, _ = engine.apply(state, decision, dice)
        c = time.perf_counter()
        decide_times.append(b - a)
        apply_times.append(c - b)


def run(args: argparse.Namespace) -> int:
    if getattr(args, "game", "paintcheck") == "unpourun":
        from paintcheck.cli.unpourun_play import run_bench

        return run_bench(args)
    table = Table.from_field(load_field(args.layout), checks=False, sight=True)
    gc.freeze()  # as simulate's workers: the table, built once, is left out of the collector's passes
    matches = MATCHES if args.seconds is None else max(10, int(args.seconds * 30))
    elapsed, apply_times, decide_times = play(table, matches)
    rate = matches / elapsed
    jobs = os.cpu_count() or 1
    _, sim_elapsed = simulate(matches * jobs, 0, args.layout, jobs)
    sim_rate = matches * jobs / sim_elapsed
    ms = 1000.0
    figures = {
        "one_process": Figure("one process", rate, "matches/s", MATCHES_PER_SECOND_GOAL, AT_LEAST),
        "apply_median": Figure("engine.apply median", statistics.median(apply_times) * ms, "ms",
                               APPLY_MEDIAN_MS_GOAL, AT_MOST, 3),
        "apply_p95": Figure("engine.apply p95", statistics.quantiles(apply_times, n=20)[-1] * ms, "ms",
                            digits=3),
        "coach_median": Figure("random coach median", statistics.median(decide_times) * ms, "ms", digits=3),
        "simulate": Figure(f"simulate, {jobs} job(s)", sim_rate, "matches/s", TARGET_MATCHES_PER_SECOND,
                           AT_LEAST),
    }
    if args.json:
        print(json.dumps({
            "layout": table.field.layout.name,
            "start": "break",
            "matches": matches,
            "seconds": round(elapsed, 3),
            "decisions": len(apply_times),
            "matches_per_second_one_process": round(rate, 2),
            "apply_median_ms": round(figures["apply_median"].value, 4),
            "apply_p95_ms": round(figures["apply_p95"].value, 4),
            "coach_median_ms": round(figures["coach_median"].value, 4),
            "simulate_jobs": jobs,
            "simulate_matches_per_second": round(sim_rate, 2),
            "figures": {name: f.as_json() for name, f in figures.items()},
            "load": os.getloadavg(),
        }, sort_keys=True))
    else:
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"rules bench on {table.field.layout.name}: {matches} random matches from the break, "
              f"{len(apply_times)} decisions, {elapsed:.2f} s (load average {load})")
        for f in figures.values():
            print(f"  {f.text()}")
    return 0  # a goal missed is a figure to read, not a failure of the command
