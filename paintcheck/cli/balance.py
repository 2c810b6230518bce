"""Is a field fair? A computer coach plays itself on it, sides swapped, and the matches say.

    python main.py balance --layout F [--coach normal] [--matches N] [--seed S] [--jobs J] [--json]
                           [--png OUT] [--width PX] [--scheduler ADDRESS|local]

Half the matches each way: the first coach plays Blue in the even matches, White in the odd ones;
each match is seeded from ``--seed`` and its number, so a run replays, and gives the same bytes
whatever ``--jobs`` or ``--scheduler`` (the matches are ``ai.self_play``'s, played by
``cli.runner``: here, in worker processes, or on a Dask cluster). Reported: each side's win rate
(Blue, White; and the first and second coach) with its 95% Wilson interval, and whether the sides
lie within each other's interval; how the matches ended and how often the flag was hung, by which
side; where players were hit, per side (the points most hit); the pieces taken at the break and how
often their takers were then eliminated. ``--json`` prints it all as one object. ``--png`` writes
the two maps of where the players were hit (Blue's, White's) over the field, side by side (a
temporary file, then renamed). The run's speed goes to standard error: it differs from run to run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass

from paintcheck.ai.coach import COACH_KINDS
from paintcheck.ai.self_play import (
    ROLES,
    BalanceReport,
    MatchFacts,
    game_on,
    match_seed,
    play_between,
    tally,
)
from paintcheck.cli.errors import CommandError
from paintcheck.cli.export import DEFAULT_WIDTH, MAX_WIDTH, MIN_WIDTH, _width
from paintcheck.cli.layout_arg import load_field
from paintcheck.cli.runner import add_scheduler_argument, run_jobs, table
from paintcheck.cli.simulate import MAX_JOBS, _count, count_jobs
from paintcheck.field.lattice import TEAMS
from paintcheck.field.layout import Field
from paintcheck.game import PaintcheckGame
from paintcheck.geometry.sight import sight_table
from paintcheck.printable import printable

MAX_MATCHES = 100_000
HOT_POINTS = 5  # the points most hit, per side, in the text report
WORDS = {"blue": "Blue", "white": "White"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--layout", help="layout file (default: the 21-obstacle box layout)")
    parser.add_argument("--coach", default="normal",
                        help=f"the coach: {', '.join(COACH_KINDS)} (default normal)")
    parser.add_argument("--matches", default="400",
                        help=f"how many matches, 1 to {MAX_MATCHES} (default 400)")
    parser.add_argument("--seed", default="0", help="seed of the first match (default 0)")
    parser.add_argument("--jobs", default=str(os.cpu_count() or 1),
                        help=f"worker processes, 1 to {MAX_JOBS} (default: one per core)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--png", metavar="OUT", help="write where players were hit, per side, as a PNG image")
    parser.add_argument("--width", default=str(DEFAULT_WIDTH),
                        help=f"the PNG's width in pixels, {MIN_WIDTH} to {MAX_WIDTH} "
                             f"(default {DEFAULT_WIDTH})")
    add_scheduler_argument(parser)


@dataclass(frozen=True)
class SelfPlay:
    """A balance run's table in each worker (``runner.table``): Paintcheck on ``layout`` (None: the
    default field), played by ``coach`` against itself."""

    layout: str | None
    coach: str

    def __call__(self) -> PaintcheckGame:
        return game_on(load_field(self.layout).layout, self.coach)


def _play(setup: SelfPlay, job: tuple[int, int]) -> MatchFacts:
    i, seed = job
    return play_between(table(setup), setup.coach, i, seed)


def balance(layout: str | None, coach: str, matches: int, seed: int, jobs: int = 1,
            scheduler: str | None = None) -> BalanceReport:
    """``matches`` matches of ``coach`` against itself on the field of ``layout``, sides swapped,
    played by ``runner.run_jobs`` (here, in ``jobs`` processes, or on the Dask cluster at
    ``scheduler``) and added up in match order: the same report whatever the backend."""
    field = load_field(layout)  # a bad layout is refused here, before any worker starts
    sight_table(field)  # into the disk cache before the workers start, so that each only loads it
    work = [(i, match_seed(seed, i)) for i in range(matches)]
    results = run_jobs(_play, SelfPlay(layout, coach), work, jobs=jobs, scheduler=scheduler)
    return tally(results, field.layout.name, coach, seed)


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def text(report: BalanceReport, field: Field) -> str:
    """The report, readable."""
    r = report.to_dict(field.lattice.format)
    lines = [f"{r['matches']} matches on {field.layout.name} from the break, seed {r['seed']}: {r['coach']} "
             f"against itself, each coach Blue in half of them; {r['completed']} played, {r['draws']} draws, "
             f"{r['errors']} errors"]
    lines += [f"  {line}" for line in r["error_samples"]]
    lines.append("win rates (wins over the matches played; 95% interval, Wilson):")
    rates = [(WORDS[t], r["sides"][t]) for t in TEAMS]
    rates += [(f"{role} coach", r["coaches"][role]) for role in ROLES]
    for name, s in rates:
        low, high = s["interval"]
        lines.append(f"  {name:<13} {s['wins']:>5} wins  {_percent(s['rate']):>6}  "
                     f"({100 * low:.1f}%-{100 * high:.1f}%)")
    lines.append("the sides are within each other's interval" if r["even"] else
                 "the sides are not within each other's interval")
    share = r["blue_share"]
    low, high = share["interval"]
    verdict = "no side is shown favoured" if r["favoured"] is None else \
        f"the field favours {WORDS[r['favoured']]}"
    lines.append(f"Blue's share of the decided matches: {_percent(share['rate'])} "
                 f"({100 * low:.1f}%-{100 * high:.1f}%): {verdict}")
    ends = ", ".join(f"{kind} {n}" for kind, n in r["ends"].items()) or "-"
    hung = r["flag_hung"]
    lines.append(f"ends: {ends}; flag hung by Blue {hung['blue']}, by White {hung['white']}")
    for team in TEAMS:
        hot = sorted(r["hits"][team].items(), key=lambda kv: (-kv[1], kv[0]))[:HOT_POINTS]
        total = sum(r["hits"][team].values())
        where = ", ".join(f"{p} {n}" for p, n in hot) or "-"
        lines.append(f"{WORDS[team]} players hit: {total}; most at {where}")
    lines.append("pieces taken at the break (takers eliminated later in the match):")
    lines.append(f"  {'piece':<22} {'side':<6} {'taken':>6} {'lost':>6} {'lost %':>7}")
    for p in r["pieces"]:
        lines.append(f"  {printable(p['piece'])[:22]:<22} {WORDS[p['team']]:<6} {p['taken']:>6} "
                     f"{p['lost']:>6} {_percent(p['lost_rate']):>7}")
    return "\n".join(lines)


def write_png(report: BalanceReport, field: Field, out: str, width: int) -> str:
    """The two maps of where players were hit, side by side, as a PNG at ``out``; the line to print."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from paintcheck.ui.balance_image import export_hits_png
    from paintcheck.ui.export_image import Heat

    heats = [Heat(dict(report.hits[team]),
                  f"where {WORDS[team]} players were hit ({report.completed} matches)",
                  f"{WORDS[team]} players hit here") for team in TEAMS]
    try:
        w, h = export_hits_png(field, out, width, heats)
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise CommandError(f"{printable(out)}: cannot be written ({printable(reason)})") from None
    return printable(f"wrote {out} ({w} x {h} pixels, where players were hit on {field.layout.name})")


def run(args: argparse.Namespace) -> int:
    if args.coach not in COACH_KINDS:
        raise CommandError(f"--coach is one of {', '.join(COACH_KINDS)}, not {printable(str(args.coach))!r}")
    matches = _count(str(args.matches), "--matches", MAX_MATCHES)
    jobs = count_jobs(str(args.jobs))
    try:
        seed = int(args.seed)
    except ValueError:
        raise CommandError(f"--seed must be a whole number, not {printable(str(args.seed))!r}") from None
    width = _width(str(args.width))
    if args.png is not None and (not args.png or os.path.isdir(args.png)):
        raise CommandError(f"{printable(args.png) or '--png'}: needs a file name, not a folder")
    field = load_field(args.layout)
    began = time.perf_counter()
    report = balance(args.layout, args.coach, matches, seed, jobs, getattr(args, "scheduler", None))
    elapsed = time.perf_counter() - began
    said = write_png(report, field, args.png, width) if args.png is not None else None
    if args.json:
        print(json.dumps(report.to_dict(field.lattice.format), sort_keys=True))
    else:
        print(text(report, field))
        if said is not None:
            print(said)
    print(f"{matches} matches in {elapsed:.1f} s ({matches / elapsed if elapsed > 0 else 0:.1f} matches/s, "
          f"{jobs} jobs)", file=sys.stderr)
    return 1 if report.errors else 0
