"""Play whole matches headless between two random coaches and print what happened.

Matches are independent, so they are shared among worker processes (``--jobs``, one per core by
default) or sent to a Dask cluster (``--scheduler``), both by ``runner.run_jobs``; results are
tallied as they stream in, in match order, so the same seed gives the same output, byte for byte,
whatever the number of jobs or the cluster, and memory does not grow with ``--matches``.
The speed figure goes to standard error: it differs from run to run. A worker plays at most
``WORKER_MATCHES`` matches, then a fresh one takes its place (the results, tallied in match order, do
not change): each worker stays under ``WORKER_RSS_MB`` however many matches are asked (docs/speed.md,
"Memory"). Stopped by Ctrl-C or SIGTERM, the command ends its workers (or its local cluster) before
it ends itself. ``--check`` has the engine check each decision's legality and the state's invariants
after it (a failure counts as an error); without it the random coaches' decisions, taken from the
legality queries, are trusted: faster, and no result changes.

The matches are played through the seam (``seam.play.playout``): ``play_matches`` plays any game a
``Setup`` sets up in each worker (built once per worker, ``runner.table``); ``simulate`` is
Paintcheck's, on a layout (``PaintcheckTable``)."""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from paintcheck.cli.errors import CommandError
from paintcheck.cli.layout_arg import load_field
from paintcheck.cli.runner import add_scheduler_argument, backend, run_jobs, table
from paintcheck.field.lattice import TEAMS
from paintcheck.game import PaintcheckGame
from paintcheck.geometry.sight import sight_table
from paintcheck.rules.codec import START_BREAK, STARTS
from paintcheck.seam.game import DRAW, Game
from paintcheck.seam.play import playout
from paintcheck.table import Table

log = logging.getLogger(__name__)

GAME_CHOICES = ("paintcheck", "unpourun")
MATCH_SEED_STRIDE = 1_000_003  # match i of seed s plays with seed s * stride + i
TARGET_MATCHES_PER_SECOND = 20.0  # issue 2
MAX_MATCHES = 1_000_000  # about half a day at the target speed; more is a typing mistake
JOBS_PER_CORE = 4  # more workers than cores only wait for them, each holding its own table
MAX_JOBS = JOBS_PER_CORE * (os.cpu_count() or 1)  # --jobs above: refused (one line, exit 2)
WORKER_MATCHES = 4096  # matches a worker plays before a fresh one takes its place
WORKER_RSS_MB = 200  # what a worker holds at most, box21 (bench --memory; docs/speed.md, "Memory")
ERROR_SAMPLES = 5


class Setup(Protocol):
    """What sets a game's table up in each worker process (picklable: it goes to the workers), and
    where its matches start (one of the game's starts)."""

    @property
    def seats(self) -> tuple[str, ...]: ...

    @property
    def start(self) -> str: ...

    def start_for(self, match_seed: int) -> str:
        """Where match ``match_seed`` starts (Paintcheck: always ``start``; Un pour un: its two bands,
        drawn from the match's seed)."""
        ...

    def __call__(self) -> Game: ...


@dataclass(frozen=True)
class PaintcheckTable:
    """Paintcheck on ``layout`` (None: the default field), from ``start``; ``check``: the engine checks
    each decision and the invariants after it. Lines of fire are read from the field's sight table."""

    layout: str | None = None
    start: str = START_BREAK
    check: bool = False
    seats: tuple[str, ...] = TEAMS

    def start_for(self, match_seed: int) -> str:
        return self.start

    def __call__(self) -> Game:
        return PaintcheckGame.on(Table.from_field(load_field(self.layout), checks=self.check, sight=True))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--matches", default="100",
                        help=f"how many matches, 1 to {MAX_MATCHES} (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match (default 0)")
    parser.add_argument("--layout", help="layout file (default: the 21-obstacle box layout)")
    parser.add_argument("--jobs", default=str(os.cpu_count() or 1),
                        help=f"worker processes, 1 to {MAX_JOBS} ({JOBS_PER_CORE} per core; default: one "
                             "per core)")
    parser.add_argument("--start", choices=STARTS, default=START_BREAK,
                        help="from the break (default) or from turn 2 in the default position")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--check", action="store_true",
                        help="check each decision's legality and the invariants after it (slower)")
    parser.add_argument("--game", choices=GAME_CHOICES, default="paintcheck",
                        help="the game played: paintcheck (default) or unpourun (Règles au un pour un)")
    parser.add_argument("--table", help="Un pour un: table file (default: the shipped woodland table)")
    add_scheduler_argument(parser)


def _play(setup: Setup, match_seed: int) -> tuple[Any, ...]:
    """One match on the worker's table for ``setup`` (``runner.table``): (winner, reason, turns) or
    (None, error text, None)."""
    try:
        game = table(setup)
        played = playout(game, game.begin(setup.start_for(match_seed)), match_seed)
        outcome = game.outcome(played.final)
        if outcome is None:
            raise RuntimeError("the match was played out and has no outcome")
    except Exception as exc:  # noqa: BLE001 - a simulation counts every failure, then goes on
        log.debug("match %d failed", match_seed, exc_info=True)
        return None, f"{type(exc).__name__}: {exc}", None
    return outcome.winner, outcome.reason, outcome.turns


def play_matches(setup: Setup, matches: int, seed: int, jobs: int = 1,
                 scheduler: str | None = None) -> tuple[dict[str, Any], float]:
    """``matches`` matches of the game ``setup`` sets up, from its start, between its playout coaches
    (match i of seed s with seed s * ``MATCH_SEED_STRIDE`` + i), played by ``runner.run_jobs`` (here,
    in ``jobs`` processes or on the Dask cluster at ``scheduler``) and tallied in match order
    (``tally_results``); and the seconds they took."""
    seeds = range(seed * MATCH_SEED_STRIDE, seed * MATCH_SEED_STRIDE + matches)
    t0 = time.perf_counter()
    results = run_jobs(_play, setup, seeds, jobs=jobs, scheduler=scheduler,
                       worker_jobs=WORKER_MATCHES)
    tally = tally_results(results, setup.seats)
    return tally, time.perf_counter() - t0


def simulate(matches: int, seed: int, layout: str | None, jobs: int = 1,
             start: str = START_BREAK, check: bool = False,
             scheduler: str | None = None) -> tuple[dict[str, Any], float]:
    field = load_field(layout)  # a bad layout is refused here, before any worker starts
    name = field.layout.name
    sight_table(field)  # into the disk cache before the workers start, so that each only loads it
    tally, elapsed = play_matches(PaintcheckTable(layout, start, check), matches, seed, jobs, scheduler)
    summary = {
        "matches": matches,
        **outcomes(tally),
        "layout": name,
        "start": start,
        "seed": seed,
        "error_samples": tally["error_samples"],
    }
    return summary, elapsed


def outcomes(tally: dict[str, Any]) -> dict[str, Any]:
    """What a summary says of its matches' ends (any game's): completed, errors, winners, the mean
    number of turns, the end reasons."""
    return {
        "completed": tally["completed"],
        "errors": tally["errors"],
        "winners": tally["winners"],
        "mean_turns": round(tally["turns"] / tally["completed"], 3) if tally["completed"] else None,
        "end_reasons": dict(sorted(tally["reasons"].items())),
    }


def tally_results(results: Iterable[tuple[Any, ...]], seats: tuple[str, ...] = TEAMS) -> dict[str, Any]:
    """Count match results ``(winner, reason, turns)`` (``(None, error, None)`` for a failure) one by
    one, in match order, keeping only counts and the first few errors. A winner is one of ``seats``
    or a draw; Paintcheck's reasons "after turn N" and "... hung the flag" are counted together."""
    winners = {**{seat: 0 for seat in seats}, DRAW: 0}
    reasons: dict[str, int] = {}
    completed = turns = errors = 0
    samples: list[str] = []
    for i, (winner, reason, n_turns) in enumerate(results):
        if winner is None:
            errors += 1
            if len(samples) < ERROR_SAMPLES:
                samples.append(f"match {i}: {reason}")
            continue
        winners[winner] += 1
        if reason.startswith("after turn"):
            reason = "turn limit"
        elif reason.endswith("hung the flag"):
            reason = "flag hung"
        reasons[reason] = reasons.get(reason, 0) + 1
        completed += 1
        turns += n_turns
    return {"winners": winners, "reasons": reasons, "completed": completed, "turns": turns,
            "errors": errors, "error_samples": samples}


def _count(text: str, option: str, most: int) -> int:
    """A whole number from 1 to ``most`` given to ``option`` (``1e6`` is read too), or one line."""
    try:
        value = int(text)
    except ValueError:
        try:
            number = float(text)
        except ValueError:
            raise CommandError(f"{option} must be a whole number, not {text!r}") from None
        if math.isnan(number) or not (math.isinf(number) or number.is_integer()):
            raise CommandError(f"{option} must be a whole number, not {text!r}") from None
        if math.isinf(number):
            raise CommandError(f"{option} must be {'at most' if number > 0 else 'at least'} "
                               f"{most if number > 0 else 1}, not {text[:20]!r}") from None
        value = int(number)
    if value < 1:
        raise CommandError(f"{option} must be at least 1, not {value}")
    if value > most:
        raise CommandError(f"{option} must be at most {most}, not {value}")
    return value


def count_jobs(text: str) -> int:
    """``--jobs``: 1 to ``MAX_JOBS`` (``JOBS_PER_CORE`` per core); more is refused in one line: each
    worker holds a table and its caches, and more workers than cores play no faster."""
    try:
        return _count(text, "--jobs", MAX_JOBS)
    except CommandError as exc:
        if "at most" in str(exc):
            raise CommandError(f"--jobs must be at most {MAX_JOBS} ({JOBS_PER_CORE} per core on this "
                               f"machine), not {text.strip()[:20]}") from None
        raise


def run(args: argparse.Namespace) -> int:
    args.matches = _count(str(args.matches), "--matches", MAX_MATCHES)
    args.jobs = count_jobs(str(args.jobs))
    if getattr(args, "game", "paintcheck") == "unpourun":
        from paintcheck.cli.unpourun_play import run_simulate

        return run_simulate(args)
    if getattr(args, "table", None):
        raise CommandError("--table is for --game unpourun; Paintcheck plays on a --layout")
    summary, elapsed = simulate(args.matches, args.seed, args.layout, args.jobs, args.start, args.check,
                                getattr(args, "scheduler", None))
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
    short = TARGET_MATCHES_PER_SECOND - rate
    verdict = "met" if short <= 0 else f"{short:.1f} matches/s short of it"
    where = backend(min(args.jobs, args.matches), getattr(args, "scheduler", None))
    print(f"simulate: {rate:.1f} matches/s with {where} "
          f"({elapsed:.2f} s for {args.matches}; goal >= {TARGET_MATCHES_PER_SECOND:.0f}: {verdict})",
          file=sys.stderr)
    return 1 if summary["errors"] else 0
