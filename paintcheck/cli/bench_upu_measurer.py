"""``python main.py bench --measurer [--json] [--seconds S]``: time Un pour un's measurer
(``paintcheck.unpourun.measurer``) on each shipped table.

Twenty figures stand in the two deployment zones; then, as in a random match, one figure after
another walks to a random point up to 9 *pas* away. Each step asks what a move asks: the path's cost
(3.4), the impassable pieces it crosses, whether it stays on the table, its clearance from the other
bases, the end point's legality (1.3), then the mover's sight of, and contact with, one enemy (1.8,
1.5); every twentieth step a blast of radius 3 (4.5). Printed: the microseconds of one sight line
never asked before, of one path cost, of one whole step, and what that makes in matches per second
of measuring alone, a random match asking about ``STEPS_PER_MATCH`` steps' worth: the engine's
random matches (``bench --rules --game unpourun``, profiled on the shipped tables) ask about 140
sight lines, 135 path costs and 175 clearances each.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time

from paintcheck.cli.bench_goals import AT_LEAST, Figure
from paintcheck.unpourun.measurer import Measurer
from paintcheck.unpourun.table_file import load_table, shipped_tables

FIGURES = 20
STEPS_PER_MATCH = 140  # what a random match of the engine asks, profiled (see above)
MATCHES_PER_SECOND_GOAL = 100.0  # issue 30: the engine plays >= 100 random matches/s


def deploy(m: Measurer, rng: random.Random) -> list[tuple[float, float]]:
    placed: list[tuple[float, float]] = []
    while len(placed) < FIGURES:
        zone = len(placed) % 2
        y0 = 0.5 if zone == 0 else m.table.depth - 13.5
        p = (rng.uniform(0.5, m.table.width - 0.5), rng.uniform(y0, y0 + 13.0))
        if m.deployable(p, zone, placed):
            placed.append(p)
    return placed


def steps(m: Measurer, rng: random.Random, count: int) -> tuple[list[float], list[float], list[float]]:
    """Walk ``count`` steps; the seconds of each step, of each fresh sight line, of each path cost."""
    where = deploy(m, rng)
    step_times, sight_times, cost_times = [], [], []
    for n in range(count):
        i = n % FIGURES
        angle, reach = rng.uniform(0, 2 * math.pi), rng.uniform(1, 9)
        end = (where[i][0] + reach * math.cos(angle), where[i][1] + reach * math.sin(angle))
        path = [where[i], end]
        others = where[:i] + where[i + 1:]
        start = time.perf_counter()
        cost = m.path_cost(path)
        cost_times.append(time.perf_counter() - start)
        legal = (cost <= 9 and not m.impassable_crossed(path) and m.path_on_table(path)
                 and bool((m.path_clearance(path, others) >= 1).all()) and m.position_legal(end, others))
        if legal:
            where[i] = end
        enemy = where[rng.randrange(1 - i % 2, FIGURES, 2)]
        before = time.perf_counter()
        m.sees(where[i], enemy)
        sight_times.append(time.perf_counter() - before)
        m.in_contact(where[i], enemy)
        if n % 20 == 19:
            m.blast(i, 3, where)
        step_times.append(time.perf_counter() - start)
    return step_times, sight_times, cost_times


def run(args: argparse.Namespace) -> int:
    count = 3000 if args.seconds is None else max(300, int(args.seconds * 1000))
    us = 1e6
    report = {}
    for path in shipped_tables():
        table = load_table(path)
        m = Measurer(table)
        step_times, sight_times, cost_times = steps(m, random.Random(1), count)
        rate = len(step_times) / sum(step_times)
        figures = {
            "sight": Figure("one sight line", statistics.median(sight_times) * us, "µs"),
            "cost": Figure("one path cost", statistics.median(cost_times) * us, "µs"),
            "step": Figure("one step", statistics.median(step_times) * us, "µs"),
            "matches": Figure(f"measuring alone, matches of {STEPS_PER_MATCH} steps", rate / STEPS_PER_MATCH,
                              "matches/s", MATCHES_PER_SECOND_GOAL, AT_LEAST),
        }
        report[path.stem] = (table, figures)
    if args.json:
        print(json.dumps({stem: {"name": table.name, "steps": count,
                                 "figures": {k: {**f.as_json(), "value": round(f.value, 2)}
                                             for k, f in figures.items()}}
                          for stem, (table, figures) in report.items()} | {"load": os.getloadavg()},
                         sort_keys=True))
        return 0
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Un pour un measurer: {count} steps of {FIGURES} figures per shipped table (load average {load})")
    for table, figures in report.values():
        print(f"{table.name} ({len(table.pieces)} pieces):")
        for f in figures.values():
            print(f"  {f.text()}")
    return 0  # a goal missed is a figure to read, not a failure of the command
