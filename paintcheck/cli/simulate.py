"""Play whole matches headless between two random coaches and print what happened.

Matches are independent, so they are shared among worker processes (``--jobs``, one per core by
default); results are gathered in match order, so the same seed gives the same output, byte for
byte, whatever the number of jobs. The speed figure goes to standard error: it differs from run to
run."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time

from paintcheck.ai.playout import play_match
from paintcheck.cli.errors import CommandError
from paintcheck.cli.layout_arg import load_field
from paintcheck.rules.codec import START_BREAK, STARTS
from paintcheck.table import Table

MATCH_SEED_STRIDE = 1_000_003  # match i of seed s plays with seed s * stride + i
TARGET_MATCHES_PER_SECOND = 20.0  # issue 2

_worker_table: Table | None = None  # each worker process builds its table once
_worker_start = START_BREAK


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--matches", type=int, default=100, help="how many matches (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match (default 0)")
    parser.add_argument("--layout", help="layout file (default: the 21-obstacle box layout)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: one per core)")
    parser.add_argument("--start", choices=STARTS, default=START_BREAK,
                        help="from the break (default) or from turn 2 in the default position")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _init_worker(layout: str | None, start: str) -> None:
    global _worker_table, _worker_start
    _worker_table, _worker_start = Table.from_field(load_field(layout)), start


def _play(match_seed: int) -> tuple:
    """One match: (winner, reason, turns) or (None, error text, None)."""
    table = _worker_table
    try:
        begin = table.start_break() if _worker_start == START_BREAK else table.start()
        record = play_match(table.engine, begin, match_seed)
    except Exception as exc:  # noqa: BLE001 - a simulation counts every failure, then goes on
        return None, f"{type(exc).__name__}: {exc}", None
    return record.winner, record.reason, record.turns


def simulate(matches: int, seed: int, layout: str | None, jobs: int = 1,
             start: str = START_BREAK) -> tuple[dict, float]:
    name = load_field(layout).layout.name  # a bad layout is refused here, before any worker starts
    seeds = [seed * MATCH_SEED_STRIDE + i for i in range(matches)]
    t0 = time.perf_counter()
    if jobs <= 1 or matches < 2:
        _init_worker(layout, start)
        results = [_play(s) for s in seeds]
    else:
        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                          else "spawn")
        with ctx.Pool(min(jobs, matches), _init_worker, (layout, start)) as pool:
            results = pool.map(_play, seeds, chunksize=max(1, matches // (4 * jobs)))
    elapsed = time.perf_counter() - t0
    winners = {"blue": 0, "white": 0, "draw": 0}
    reasons: dict[str, int] = {}
    turns, errors = [], []
    for i, (winner, reason, n_turns) in enumerate(results):
        if winner is None:
            errors.append(f"match {i}: {reason}")
            continue
        winners[winner] += 1
        if reason.startswith("after turn"):
            reason = "turn limit"
        elif reason.endswith("hung the flag"):
            reason = "flag hung"
        reasons[reason] = reasons.get(reason, 0) + 1
        turns.append(n_turns)
    summary = {
        "matches": matches,
        "completed": len(turns),
        "errors": len(errors),
        "winners": winners,
        "mean_turns": round(sum(turns) / len(turns), 3) if turns else None,
        "end_reasons": dict(sorted(reasons.items())),
        "layout": name,
        "start": start,
        "seed": seed,
        "error_samples": errors[:5],
    }
    return summary, elapsed


def run(args: argparse.Namespace) -> int:
    if args.matches < 1:
        raise CommandError("--matches must be at least 1")
    if args.jobs < 1:
        raise CommandError("--jobs must be at least 1")
    summary, elapsed = simulate(args.matches, args.seed, args.layout, args.jobs, args.start)
    rate = args.matches / elapsed if elapsed > 0 else float("inf")
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        w = summary["winners"]
        print(f"{summary['completed']}/{summary['matches']} matches completed on {summary['layout']}, "
              f"{summary['errors']} errors")
        print(f"winners: Blue {w['blue']}, White {w['white']}, draws {w['draw']}; "
              f"mean turns {summary['mean_turns']}")
        for line in summary["error_samples"]:
            print(f"  {line}")
    verdict = "ok" if rate >= TARGET_MATCHES_PER_SECOND else "BELOW TARGET"
    print(f"simulate: {rate:.1f} matches/s with {min(args.jobs, args.matches)} job(s) "
          f"({elapsed:.2f} s for {args.matches}; target >= {TARGET_MATCHES_PER_SECOND:.0f}: {verdict})",
          file=sys.stderr)
    return 1 if summary["errors"] else 0
