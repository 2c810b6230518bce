"""Matches between two computer coaches, headless: wins, losses, draws, the win rate with its 95%
interval (Wilson) and each coach's median thinking time per decision.

Match i of seed s plays with seed s * 1,000,003 + i (dice and both coaches), from the break, on the
layout (default box21). With ``--swap`` the first coach (``--blue``) plays White in every odd match.
Matches are shared among worker processes (``--jobs``) or sent to a Dask cluster (``--scheduler``),
both by ``runner.run_jobs``, and tallied in match order, so the same seed gives the same output
whatever the jobs or the cluster, except the thinking times. ``hard`` searches a fixed number
of determinizations per decision here (``hard.TOURNAMENT_ITERATIONS``), not a wall-clock budget, so its
decisions too are the same for the same seed. Each worker warms the engine's caches and freezes them
out of the garbage collector's passes (``coach.warm_up``), and freezes what each match adds after it.

The spread of the coaches' mixed strategy is shown too: how many distinct break sheets each coach
played over the matches (``distinct_sheets``; two sheets are the same when every line is, in the
codec's form; a coach's Blue and White sheets are never the same).

Each match is played through the seam (``seam.play.playout``, Paintcheck as ``paintcheck.game``): the
game's coaches (``Game.coach``), each seeded from the match's seed and its seat."""

from __future__ import annotations

import argparse
import gc
import json
import logging
import os
import statistics
import sys
from collections.abc import Iterable
from dataclasses import dataclass

from paintcheck.ai.coach import COACH_KINDS, warm_up
from paintcheck.analysis.interval import wilson
from paintcheck.cli.duels import Duels
from paintcheck.cli.errors import CommandError
from paintcheck.cli.layout_arg import load_field
from paintcheck.cli.runner import add_scheduler_argument, run_jobs, table
from paintcheck.cli.simulate import (
    GAME_CHOICES,
    MATCH_SEED_STRIDE,
    MAX_JOBS,
    _count,
    count_jobs,
)
from paintcheck.game import PaintcheckGame
from paintcheck.geometry.sight import sight_table
from paintcheck.rules.actions import BreakSheet
from paintcheck.rules.codec import START_BREAK, decision_to_dict
from paintcheck.seam.game import DRAW, seat_seed
from paintcheck.seam.play import playout
from paintcheck.table import Table

log = logging.getLogger(__name__)

MAX_MATCHES = 100_000


@dataclass(frozen=True)
class Coaches:
    """A tournament's table in each worker (``runner.table``): Paintcheck on ``layout``, the engine's
    caches warmed once for a computer coach that thinks; who plays (``first``, ``second``) and
    whether they swap colours."""

    layout: str | None
    first: str
    second: str
    swap: bool

    def __call__(self) -> PaintcheckGame:
        table = Table.from_field(load_field(self.layout), checks=False, sight=True)
        if {self.first, self.second} - {"random"}:
            warm_up(table.engine)  # the worker's first decisions as quick as the others
        return PaintcheckGame.on(table)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    kinds = ", ".join(COACH_KINDS)
    parser.add_argument("--blue", default="normal", help=f"the first coach: {kinds} (default normal)")
    parser.add_argument("--white", default="random", help=f"the second coach: {kinds} (default random)")
    parser.add_argument("--coaches", help="FIRST,SECOND: both coaches at once (instead of --blue, --white)")
    parser.add_argument("--matches", default="100",
                        help=f"how many matches, 1 to {MAX_MATCHES} (default 100)")
    parser.add_argument("--seed", default="0", help="seed of the first match (default 0)")
    parser.add_argument("--layout", help="layout file (default: the 21-obstacle box layout)")
    parser.add_argument("--jobs", default=str(os.cpu_count() or 1),
                        help=f"worker processes, 1 to {MAX_JOBS} (default: one per core)")
    parser.add_argument("--swap", action="store_true",
                        help="the first coach plays White in every second match")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", choices=GAME_CHOICES, default="paintcheck",
                        help="the game played: paintcheck (default) or unpourun (coaches random, odds)")
    parser.add_argument("--table", help="Un pour un: table file (default: the shipped woodland table)")
    add_scheduler_argument(parser)




def sheet_key(decisions: Iterable[object], team: str) -> str | None:
    """The break sheet ``team`` handed in during a duel, as the codec's JSON text (None: none)."""
    sheet = next((d for d in decisions if isinstance(d, BreakSheet) and d.team == team), None)
    return None if sheet is None else json.dumps(decision_to_dict(sheet), sort_keys=True)


def _play(setup: Coaches, job: tuple[int, int]) -> tuple:
    """Match ``i`` with ``seed``: (result, error, first's times, second's times, first's sheet,
    second's sheet); result is "first", "second" or "draw" (None on an error)."""
    i, seed = job
    game: PaintcheckGame = table(setup)
    first_team, second_team = game.seats[::-1] if setup.swap and i % 2 else game.seats
    kinds = {first_team: setup.first, second_team: setup.second}
    seconds: dict[str, list[float]] = {seat: [] for seat in game.seats}
    try:
        coaches = {seat: game.coach(kinds[seat], seat, seat_seed(seed, game.seats, seat))
                   for seat in game.seats}
        played = playout(game, game.begin(START_BREAK), seed, coaches, seconds)
        outcome = game.outcome(played.final)
    except Exception as exc:  # noqa: BLE001 - a tournament counts every failure, then goes on
        log.debug("match %d failed", seed, exc_info=True)
        return None, f"{type(exc).__name__}: {exc}", [], [], None, None
    finally:
        # between matches, untimed: the match's garbage collected, and the caches it grew frozen out
        # of the collector's passes (only what is new since the last match is walked: a few ms), so
        # that no full pass over the grown caches lands in the middle of a decision
        gc.collect()
        gc.freeze()
    winner = outcome.winner if outcome is not None else DRAW
    result = "draw" if winner == DRAW else ("first" if winner == first_team else "second")
    return (result, None, seconds[first_team], seconds[second_team],
            sheet_key(played.decisions, first_team), sheet_key(played.decisions, second_team))


def tournament(first: str, second: str, matches: int, seed: int, layout: str | None = None,
               jobs: int = 1, swap: bool = False, scheduler: str | None = None) -> dict:
    """``matches`` matches played by ``runner.run_jobs`` (here, in ``jobs`` processes, or on the Dask
    cluster at ``scheduler``), one at a time per worker, tallied in match order."""
    field = load_field(layout)
    sight_table(field)
    jobs_list = [(i, seed * MATCH_SEED_STRIDE + i) for i in range(matches)]
    results = run_jobs(_play, Coaches(layout, first, second, swap), jobs_list, jobs=jobs,
                       scheduler=scheduler, chunk=1)
    return _tally(results, first, second, matches, field.layout.name, seed, swap)


def _tally(results, first: str, second: str, matches: int, layout: str, seed: int, swap: bool) -> dict:
    duels = Duels(first, second)
    sheets: dict[str, set[str]] = {"first": set(), "second": set()}
    for i, (result, error, t_first, t_second, s_first, s_second) in enumerate(results):
        if duels.add(i, result, error, t_first, t_second):
            sheets["first"].update([s_first] if s_first else [])
            sheets["second"].update([s_second] if s_second else [])
    counts, times = duels.counts, duels.times
    decided = counts["first"] + counts["second"]
    low, high = wilson(counts["first"], decided)
    return {
        "matches": matches,
        "first": first,
        "second": second,
        "first_wins": counts["first"],
        "second_wins": counts["second"],
        "draws": counts["draw"],
        "errors": duels.errors,
        "first_win_rate": round(counts["first"] / decided, 4) if decided else None,
        "interval": [round(low, 4), round(high, 4)],
        "decision_ms": {k: round(statistics.median(v) * 1000, 2) if v else None for k, v in times.items()},
        "decision_ms_max": {k: round(max(v) * 1000, 1) if v else None for k, v in times.items()},
        "distinct_sheets": {role: len(keys) for role, keys in sheets.items()},
        "layout": layout,
        "seed": seed,
        "swap": swap,
        "start": "break",
        "error_samples": duels.samples,
    }


def _coach(text: str, option: str) -> str:
    if text not in COACH_KINDS:
        raise CommandError(f"{option} is one of {', '.join(COACH_KINDS)}, not {text!r}")
    return text


def _both_coaches(args: argparse.Namespace) -> None:
    """``--coaches FIRST,SECOND`` sets ``--blue`` and ``--white``."""
    text = getattr(args, "coaches", None)
    if text is None:
        return
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        raise CommandError(f"--coaches is two coaches, FIRST,SECOND, not {text[:40]!r}")
    args.blue, args.white = names


def run(args: argparse.Namespace) -> int:
    _both_coaches(args)
    if getattr(args, "game", "paintcheck") == "unpourun":
        return _run_unpourun(args)
    if getattr(args, "table", None):
        raise CommandError("--table is for --game unpourun; Paintcheck plays on a --layout")
    first = _coach(args.blue, "--blue")
    second = _coach(args.white, "--white")
    matches = _count(str(args.matches), "--matches", MAX_MATCHES)
    jobs = count_jobs(str(args.jobs))
    try:
        seed = int(args.seed)
    except ValueError:
        raise CommandError(f"--seed must be a whole number, not {args.seed!r}") from None
    summary = tournament(first, second, matches, seed, args.layout, jobs, args.swap,
                         getattr(args, "scheduler", None))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        _print(summary)
    return 1 if summary["errors"] else 0


def _run_unpourun(args: argparse.Namespace) -> int:
    from paintcheck.cli.unpourun_play import run_tournament

    try:
        seed = int(args.seed)
    except ValueError:
        raise CommandError(f"--seed must be a whole number, not {args.seed!r}") from None
    first = "random" if args.blue == "normal" else args.blue  # Paintcheck's default coach is not Un pour un's
    return run_tournament(args, first, args.white, _count(str(args.matches), "--matches", MAX_MATCHES), seed,
                          count_jobs(str(args.jobs)))


def _print(s: dict) -> None:
    colours = "each coach White in half of them" if s["swap"] else f"{s['first']} Blue"
    print(f"{s['matches']} matches on {s['layout']} from the break, seed {s['seed']}: "
          f"{s['first']} (first) against {s['second']} (second), {colours}")
    print(f"{s['first']}: {s['first_wins']} wins, {s['second_wins']} losses, {s['draws']} draws; "
          f"{s['errors']} errors")
    rate = s["first_win_rate"]
    low, high = s["interval"]
    shown = "no decided match" if rate is None else f"{100 * rate:.1f}%"
    print(f"{s['first']}'s win rate among decided matches: {shown} "
          f"(95% interval {100 * low:.1f}%-{100 * high:.1f}%, Wilson)")
    for line in s["error_samples"]:
        print(f"  {line}")
    played = s["matches"] - s["errors"]
    spread = s["distinct_sheets"]
    print(f"distinct break sheets over {played} matches: {s['first']} (first) {spread['first']}, "
          f"{s['second']} (second) {spread['second']}")
    times = ", ".join(f"{k} {v} ms (at most {s['decision_ms_max'][k]} ms)" if v is not None else f"{k} -"
                      for k, v in s["decision_ms"].items())
    print(f"median decision time: {times}", file=sys.stderr)
