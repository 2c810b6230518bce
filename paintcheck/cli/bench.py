"""Measure speed and print figures: --geometry (instruments), --rules (simulate), --render (window),
--analysis (a field's study), --odds (one odds query, the range's heatmaps), --memory (the window's
and simulate's workers' memory as they go on), --measurer (Un pour un's measurer on its tables)."""

from __future__ import annotations

import argparse
import importlib

from paintcheck.cli.errors import CommandError
from paintcheck.cli.progress import progress

PARTS = {  # flag -> module with run(args) -> int
    "geometry": "paintcheck.cli.bench_geometry",
    "rules": "paintcheck.cli.bench_rules",
    "render": "paintcheck.ui.bench_render",
    "analysis": "paintcheck.cli.bench_analysis",
    "odds": "paintcheck.cli.bench_odds",
    "memory": "paintcheck.cli.bench_memory",
    "measurer": "paintcheck.cli.bench_upu_measurer",
}
HELP = {"memory": "memory kept over many matches", "measurer": "time Un pour un's measurer on its tables"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    for part in PARTS:
        parser.add_argument(f"--{part}", action="store_true", help=HELP.get(part, f"time the {part}"))
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--layout", help="layout file (default: the 21-obstacle box layout)")
    parser.add_argument("--seconds", type=float, default=None, help="rough time budget per figure")
    parser.add_argument("--game", choices=("paintcheck", "unpourun"), default="paintcheck",
                        help="--rules: the game benched (default paintcheck)")
    parser.add_argument("--table", help="--rules --game unpourun: table file (default: woodland)")


def run(args: argparse.Namespace) -> int:
    chosen = [part for part in PARTS if getattr(args, part)]
    if not chosen:
        raise CommandError("say what to bench: " + ", ".join(f"--{p}" for p in PARTS))
    rc = 0
    for part in progress(chosen, len(chosen), "bench"):
        try:
            module = importlib.import_module(PARTS[part])
        except ModuleNotFoundError as exc:
            raise CommandError(f"bench --{part} is not available yet ({exc.name})") from None
        rc = max(rc, int(module.run(args) or 0))
    return rc
