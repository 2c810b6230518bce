"""Play whole matches headless between two random coaches and print what happened.

Same seed, same output, byte for byte. The speed figure goes to standard error, since it differs
from run to run."""

from __future__ import annotations

import argparse
import json
import sys
import time

from paintcheck.ai.playout import play_match
from paintcheck.cli.errors import CommandError
from paintcheck.cli.layout_arg import load_field
from paintcheck.table import Table

MATCH_SEED_STRIDE = 1_000_003  # match i of seed s plays with seed s * stride + i


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--matches", type=int, default=100, help="how many matches (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match (default 0)")
    parser.add_argument("--layout", help="layout file (default: the 21-obstacle box layout)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def simulate(matches: int, seed: int, layout: str | None) -> tuple[dict, float]:
    table = Table.from_field(load_field(layout))
    engine, field = table.engine, table.field
    start = table.start()
    winners = {"blue": 0, "white": 0, "draw": 0}
    reasons: dict[str, int] = {}
    turns = []
    errors = []
    t0 = time.perf_counter()
    for i in range(matches):
        try:
            record = play_match(engine, start, seed * MATCH_SEED_STRIDE + i)
        except Exception as exc:  # noqa: BLE001 - a simulation counts every failure, then goes on
            errors.append(f"match {i}: {type(exc).__name__}: {exc}")
            continue
        winners[record.winner] += 1
        kind = record.reason
        if kind.startswith("after turn"):
            kind = "turn limit"
        elif kind.endswith("hung the flag"):
            kind = "flag hung"
        reasons[kind] = reasons.get(kind, 0) + 1
        turns.append(record.turns)
    elapsed = time.perf_counter() - t0
    summary = {
        "matches": matches,
        "completed": len(turns),
        "errors": len(errors),
        "winners": winners,
        "mean_turns": round(sum(turns) / len(turns), 3) if turns else None,
        "end_reasons": dict(sorted(reasons.items())),
        "layout": field.layout.name,
        "seed": seed,
        "error_samples": errors[:5],
    }
    return summary, elapsed


def run(args: argparse.Namespace) -> int:
    if args.matches < 1:
        raise CommandError("--matches must be at least 1")
    summary, elapsed = simulate(args.matches, args.seed, args.layout)
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
    print(f"simulate: {rate:.1f} matches/s ({elapsed:.2f} s for {args.matches})", file=sys.stderr)
    return 1 if summary["errors"] else 0
