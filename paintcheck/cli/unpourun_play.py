"""The headless commands for Un pour un (``--game unpourun``): ``simulate``, ``tournament`` and
``bench --rules``, played through the seam like Paintcheck's (``simulate.play_matches``).

Each match plays on one table file (``--table``, default the shipped woodland table) between two
bands drawn from the match's own seed (``bands.random_band``, within the 300-point limit): match i of
seed s plays with seed s * 1,000,003 + i, its dice, its bands and its coaches, so the same seed gives
the same output whatever ``--jobs``.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import math
import os
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from paintcheck.ai.playout import collector_paused
from paintcheck.cli.bench_goals import AT_LEAST, AT_MOST, Figure
from paintcheck.cli.duels import Duels
from paintcheck.cli.errors import CommandError
from paintcheck.cli.runner import backend, run_jobs
from paintcheck.cli.runner import table as runner_table
from paintcheck.cli.simulate import MATCH_SEED_STRIDE, outcomes, play_matches
from paintcheck.seam.game import DRAW, Game, seat_seed
from paintcheck.seam.play import playout
from paintcheck.seam.seen import look
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.game import COACH_KINDS, UnpourunGame, random_start
from paintcheck.unpourun.table_file import TableFileError, default_table_path, load_table
from paintcheck.unpourun.terrain import Table

log = logging.getLogger(__name__)

MATCHES_PER_SECOND_GOAL = 100.0  # issue 30: one process, random matches
APPLY_MEDIAN_MS_GOAL = 0.1  # as Paintcheck's (issue 15)
BENCH_MATCHES = 100


def read_table(path: str | None) -> Table:
    """The table file ``path`` (None: the shipped default), or one line naming the file."""
    try:
        return load_table(path or default_table_path())
    except (TableFileError, OSError) as exc:
        problem = str(exc) if isinstance(exc, TableFileError) else f"{path}: {exc.strerror}"
        raise CommandError(problem) from None


@dataclass(frozen=True)
class UnpourunTable:
    """Un pour un on the table file ``table`` (None: the default); ``check``: every decision's legality
    and the invariants after it are checked."""

    table: str | None = None
    check: bool = False
    seats: tuple[str, ...] = t.PLAYERS
    start: str = "random"

    def start_for(self, match_seed: int) -> str:
        return random_start(match_seed)

    def __call__(self) -> Game:
        return UnpourunGame(read_table(self.table), check=self.check, trusted=True)


def simulate(matches: int, seed: int, table: str | None, jobs: int = 1,
             check: bool = False, scheduler: str | None = None) -> tuple[dict[str, Any], float]:
    name = read_table(table).name  # a bad table is refused here, before any worker starts
    tally, elapsed = play_matches(UnpourunTable(table, check), matches, seed, jobs, scheduler)
    return {
        "game": "unpourun",
        "matches": matches,
        **outcomes(tally),
        "table": name,
        "seed": seed,
        "check": check,
        "error_samples": tally["error_samples"],
    }, elapsed


def _no_paintcheck_options(args: argparse.Namespace) -> None:
    if getattr(args, "layout", None):
        raise CommandError("--layout is Paintcheck's; Un pour un plays on a --table")


def run_simulate(args: argparse.Namespace) -> int:
    _no_paintcheck_options(args)
    summary, elapsed = simulate(args.matches, args.seed, args.table, args.jobs, args.check,
                                getattr(args, "scheduler", None))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        w = summary["winners"]
        print(f"{summary['completed']}/{summary['matches']} Un pour un matches completed on "
              f"{summary['table']}, {summary['errors']} errors")
        print(f"winners: A {w['A']}, B {w['B']}, draws {w[DRAW]}; mean turns {summary['mean_turns']}")
        for line in summary["error_samples"]:
            print(f"  {line}")
    rate = args.matches / elapsed if elapsed > 0 else float("inf")
    where = backend(min(args.jobs, args.matches), getattr(args, "scheduler", None))
    print(f"simulate: {rate:.1f} Un pour un matches/s with {where} "
          f"({elapsed:.2f} s for {args.matches})", file=sys.stderr)
    return 1 if summary["errors"] else 0


def run_tournament(args: argparse.Namespace, first: str, second: str, matches: int, seed: int,
                   jobs: int) -> int:
    """Matches between two of Un pour un's coaches (``UnpourunGame.coach_kinds``): match i plays with
    seed s * 1,000,003 + i (its bands, dice and coaches, as ``simulate``), the first coach as A in even
    matches and as B in odd ones (sides always swapped: the bands drawn for A and B differ). A draw is
    not a win: ``first_win_share`` is its wins over all the matches. The thinking times are each
    coach's decisions' median and 95th percentile. The matches are played by ``runner.run_jobs``
    (``jobs`` processes or a Dask cluster)."""
    _no_paintcheck_options(args)
    for kind, option in ((first, "--blue"), (second, "--white")):
        if kind not in COACH_KINDS:
            raise CommandError(f"{option}: Un pour un's coaches are {', '.join(COACH_KINDS)}, not {kind!r}")
    table = getattr(args, "table", None)
    name = read_table(table).name
    summary = tournament(first, second, matches, seed, table, jobs, getattr(args, "scheduler", None))
    summary["table"] = name
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(f"{matches} Un pour un matches on {name}, seed {seed}: {first} (first) against {second}, "
              f"sides swapped every second match")
        print(f"{first}: {summary['first_wins']} wins, {summary['second_wins']} losses, {summary['draws']} "
              f"draws; {summary['errors']} errors; wins in {100 * summary['first_win_share']:.1f}% of the "
              f"matches")
        for line in summary["error_samples"]:
            print(f"  {line}")
        times = ", ".join(f"{k} median {v['median']} ms, p95 {v['p95']} ms" for k, v in
                          summary["decision_ms"].items() if v)
        print(f"thinking time per decision: {times}", file=sys.stderr)
    return 1 if summary["errors"] else 0


@dataclass(frozen=True)
class Coaches:
    """A tournament's setup: Un pour un on the table file ``table`` (None: the default) between the
    coaches ``first`` and ``second``."""

    table: str | None
    first: str
    second: str

    def __call__(self) -> UnpourunGame:
        return UnpourunGame(read_table(self.table))


def _tour_play(setup: Coaches, job: tuple[int, int]) -> tuple[Any, ...]:
    """Match ``i`` of seed ``match_seed``: (result "first"/"second"/"draw" or None, error, the first
    coach's decision times, the second's)."""
    i, match_seed = job
    game: UnpourunGame = runner_table(setup)
    first_seat = game.seats[i % 2]
    kinds = {seat: setup.first if seat == first_seat else setup.second for seat in game.seats}
    seconds: dict[str, list[float]] = {seat: [] for seat in game.seats}
    try:
        coaches = {seat: game.coach(kinds[seat], seat, seat_seed(match_seed, game.seats, seat))
                   for seat in game.seats}
        played = playout(game, game.begin(random_start(match_seed)), match_seed, coaches, seconds)
        outcome = game.outcome(played.final)
        assert outcome is not None
    except Exception as exc:  # noqa: BLE001 - a tournament counts every failure, then goes on
        log.debug("match %d failed", match_seed, exc_info=True)
        return None, f"{type(exc).__name__}: {exc}", [], []
    second_seat = game.seats[1 - game.seats.index(first_seat)]
    result = "draw" if outcome.winner == DRAW else "first" if outcome.winner == first_seat else "second"
    return result, None, seconds[first_seat], seconds[second_seat]


def tournament(first: str, second: str, matches: int, seed: int, table: str | None = None,
               jobs: int = 1, scheduler: str | None = None) -> dict[str, Any]:
    """The tally of ``matches`` matches (see ``run_tournament``), in match order whatever ``jobs`` or
    ``scheduler`` (``runner.run_jobs``)."""
    read_table(table)  # a bad table is refused before any worker starts
    work = [(i, seed * MATCH_SEED_STRIDE + i) for i in range(matches)]
    results = run_jobs(_tour_play, Coaches(table, first, second), work, jobs=jobs, scheduler=scheduler,
                       what="matches", chunk=1)
    duels = Duels(first, second)
    for i, (result, error, t_first, t_second) in enumerate(results):
        duels.add(i, result, error, t_first, t_second)
    counts = duels.counts
    return {"game": "unpourun", "matches": matches, "first": first, "second": second,
            "first_wins": counts["first"], "second_wins": counts["second"], "draws": counts["draw"],
            "first_win_share": round(counts["first"] / matches, 4), "errors": duels.errors, "seed": seed,
            "swap": True, "error_samples": duels.samples,
            "decision_ms": {k: _ms(v) for k, v in duels.times.items()}}


def _ms(seconds: list[float]) -> dict[str, float] | None:
    """The median and 95th percentile of ``seconds``, in ms (None: no decision)."""
    if not seconds:
        return None
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {"median": round(statistics.median(ordered) * 1000, 3), "p95": round(p95 * 1000, 3)}


def run_bench(args: argparse.Namespace) -> int:
    """``bench --rules --game unpourun``: random matches in one process (no checks), the time one
    ``apply`` takes, and ``simulate``'s matches per second with one worker per core."""
    table = read_table(getattr(args, "table", None))
    game = UnpourunGame(table, trusted=True)
    gc.freeze()
    matches = BENCH_MATCHES if args.seconds is None else max(10, int(args.seconds * 30))
    apply_times: list[float] = []
    decide_times: list[float] = []
    t0 = time.perf_counter()
    with collector_paused():
        for seed in range(matches):
            _bench_one(game, seed, apply_times, decide_times)
    elapsed = time.perf_counter() - t0
    rate = matches / elapsed
    jobs = os.cpu_count() or 1
    _, sim_elapsed = simulate(matches * jobs, 0, getattr(args, "table", None), jobs)
    ms = 1000.0
    figures = {
        "one_process": Figure("one process", rate, "matches/s", MATCHES_PER_SECOND_GOAL, AT_LEAST),
        "apply_median": Figure("engine.apply median", statistics.median(apply_times) * ms, "ms",
                               APPLY_MEDIAN_MS_GOAL, AT_MOST, 3),
        "coach_median": Figure("random coach median", statistics.median(decide_times) * ms, "ms", digits=3),
        "simulate": Figure(f"simulate, {jobs} job(s)", matches * jobs / sim_elapsed, "matches/s"),
    }
    if args.json:
        print(json.dumps({"game": "unpourun", "table": table.name, "matches": matches,
                          "seconds": round(elapsed, 3), "decisions": len(apply_times),
                          "figures": {n: f.as_json() for n, f in figures.items()}, "load": os.getloadavg()},
                         sort_keys=True))
    else:
        print(f"Un pour un rules bench on {table.name}: {matches} random matches, {len(apply_times)} "
              f"decisions, {elapsed:.2f} s")
        for f in figures.values():
            print(f"  {f.text()}")
    return 0


def _bench_one(game: UnpourunGame, seed: int, apply_times: list[float], decide_times: list[float]) -> None:
    dice = game.dice(seed)
    coaches = {seat: game.playout_coach(seat, seed * 2 + i) for i, seat in enumerate(game.seats)}
    state = game.begin(random_start(seed))
    while game.outcome(state) is None:
        seat = game.to_move(state)
        assert seat is not None
        seen = look(game, state, seat)
        a = time.perf_counter()
        decision = coaches[seat].decide(seen)
        b = time.perf_counter()
        state, _ = game.apply(state, decision, dice)
        c = time.perf_counter()
        decide_times.append(b - a)
        apply_times.append(c - b)
