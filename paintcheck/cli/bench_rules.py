"""``bench --rules``: the time one decision takes in one process, and whole random matches per second
as ``simulate`` plays them (one worker per core).

Target on this machine (issue 2): ``simulate`` plays at least 20 whole matches per second."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from paintcheck.ai.random_coach import RandomCoach
from paintcheck.cli.layout_arg import load_field
from paintcheck.cli.simulate import TARGET_MATCHES_PER_SECOND, simulate
from paintcheck.rules.dice import Dice
from paintcheck.rules.state import OVER
from paintcheck.rules.views import view
from paintcheck.table import Table

MATCHES = 100


def run(args: argparse.Namespace) -> int:
    table = Table.from_field(load_field(args.layout))
    matches = MATCHES if args.seconds is None else max(10, int(args.seconds * 15))
    apply_times: list[float] = []
    decide_times: list[float] = []
    decisions = 0
    t0 = time.perf_counter()
    for seed in range(matches):
        dice = Dice(seed)
        coaches = {t: RandomCoach(t, table.engine, seed * 2 + i) for i, t in enumerate(("blue", "white"))}
        state = table.start()
        while state.phase != OVER:
            team = table.engine.to_move(state)
            a = time.perf_counter()
            decision = coaches[team].decide(view(state, team))
            b = time.perf_counter()
            state, _ = table.engine.apply(state, decision, dice)
            c = time.perf_counter()
            decide_times.append(b - a)
            apply_times.append(c - b)
            decisions += 1
    elapsed = time.perf_counter() - t0
    rate = matches / elapsed
    jobs = os.cpu_count() or 1
    _, sim_elapsed = simulate(matches * jobs, 0, args.layout, jobs)
    sim_rate = matches * jobs / sim_elapsed
    figures = {
        "layout": table.field.layout.name,
        "matches": matches,
        "seconds": round(elapsed, 3),
        "matches_per_second_one_process": round(rate, 2),
        "simulate_jobs": jobs,
        "simulate_matches_per_second": round(sim_rate, 2),
        "decisions": decisions,
        "apply_median_ms": round(statistics.median(apply_times) * 1000, 3),
        "apply_p95_ms": round(statistics.quantiles(apply_times, n=20)[-1] * 1000, 3),
        "coach_median_ms": round(statistics.median(decide_times) * 1000, 3),
        "target_matches_per_second": TARGET_MATCHES_PER_SECOND,
        "meets_target": sim_rate >= TARGET_MATCHES_PER_SECOND,
    }
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        short = TARGET_MATCHES_PER_SECOND - sim_rate
        verdict = "met" if figures["meets_target"] else f"{short:.1f} matches/s short of it"
        print(f"rules bench on {figures['layout']}: {matches} random matches in one process, {elapsed:.2f} s"
              f" ({rate:.1f} matches/s)")
        print(f"  engine.apply median {figures['apply_median_ms']} ms, p95 {figures['apply_p95_ms']} ms"
              f" over {decisions} decisions; random coach median {figures['coach_median_ms']} ms")
        print(f"  simulate with {jobs} job(s): {sim_rate:.1f} matches/s"
              f" (goal >= {TARGET_MATCHES_PER_SECOND:.0f}: {verdict})")
    return 0
