"""``bench --memory``: what the program keeps as it goes on (issue 24), in RSS (``/proc``, Linux).

- **The window**: ``python main.py`` off-screen (SDL's dummy drivers, saves in a temporary folder)
  plays ``WINDOW_MATCHES`` (20) computer-v-computer matches in a row (``normal`` against ``normal``),
  each started and watched as a person does (``ui.computer_matches``). Goal: RSS after the 20th
  within ``WINDOW_GROWTH_MB`` (50 MB) of after the 2nd.
- **simulate's workers**: ``python main.py simulate --jobs 2`` plays ``SIMULATE_MATCHES`` matches
  (a command of its own) while each worker's RSS is read every half second. Goal: no worker above
  ``simulate.WORKER_RSS_MB``, whatever ``--matches`` (a worker plays ``simulate.WORKER_MATCHES``
  matches, then a fresh one takes over).

``--seconds S`` plays about S seconds of simulation instead (100 matches a second on 2 quiet cores;
fewer than ``2 * WORKER_MATCHES`` matches show part of a worker's life only); the window's 20
matches take what they take (about 10 s each on a quiet machine). Each figure is printed beside its
goal; a goal missed is not an error."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from paintcheck.cli.bench_goals import AT_MOST, Figure
from paintcheck.cli.errors import CommandError
from paintcheck.memory import rss_mb

WINDOW_MATCHES = 20
WINDOW_GROWTH_MB = 50.0  # issue 24: after the 20th match within 50 MB of after the 2nd
WINDOW_KIND = "normal"  # the strength of both coaches
SIMULATE_MATCHES = 10_000  # two workers: each plays a whole life (WORKER_MATCHES), then fresh ones
SIMULATE_JOBS = 2
SAMPLE_SECONDS = 0.5


def _children(pid: int | str = "self") -> list[int]:
    """The child processes of process ``pid`` (Linux: /proc/<pid>/task/*/children)."""
    pids: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            pids += [int(p) for p in task.read_text().split()]
        except (OSError, ValueError):
            continue
    return pids


def simulate_rss(matches: int = SIMULATE_MATCHES, jobs: int = SIMULATE_JOBS, layout=None
                 ) -> tuple[dict[int, list[tuple[float, float]]], float]:
    """``python -m paintcheck simulate --matches M --jobs J`` run as a command of its own (so that its
    workers are forked from a process that holds only what ``simulate`` holds), each worker's RSS
    read every ``SAMPLE_SECONDS``: {worker pid: [(seconds since the start, MB), ...]}, and the
    seconds taken."""
    argv = [sys.executable, "-m", "paintcheck", "simulate", "--matches", str(matches), "--jobs", str(jobs)]
    if layout is not None:
        argv += ["--layout", str(layout)]
    samples: dict[int, list[tuple[float, float]]] = {}
    t0 = time.perf_counter()
    with subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) as proc:
        while proc.poll() is None:
            for pid in _children(proc.pid):
                mb = rss_mb(pid)
                if mb is not None:
                    samples.setdefault(pid, []).append((time.perf_counter() - t0, mb))
            time.sleep(SAMPLE_SECONDS)
        said = proc.stderr.read() if proc.stderr else ""
    if proc.returncode != 0:
        raise CommandError(f"simulate ended with exit code {proc.returncode}: {said.strip()[-300:]}")
    return samples, time.perf_counter() - t0


def run(args: argparse.Namespace) -> int:
    from paintcheck.cli.simulate import WORKER_MATCHES, WORKER_RSS_MB
    from paintcheck.ui.computer_matches import window_rss

    sim_matches = SIMULATE_MATCHES if args.seconds is None else max(1000, int(args.seconds * 100))
    say = not args.json
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    if say:
        print(f"memory bench: {WINDOW_MATCHES} {WINDOW_KIND}-v-{WINDOW_KIND} matches in one window, "
              f"then simulate --matches {sim_matches} --jobs {SIMULATE_JOBS} (load average {load})",
              flush=True)
    t0 = time.perf_counter()
    window = window_rss(WINDOW_MATCHES, WINDOW_KIND, layout=args.layout,
                        progress=(lambda i, mb: print(f"  after match {i}: {mb:.1f} MB", flush=True))
                        if say else None)
    window_seconds = time.perf_counter() - t0
    samples, sim_seconds = simulate_rss(sim_matches, SIMULATE_JOBS, args.layout)
    peaks = {pid: max(mb for _, mb in points) for pid, points in samples.items()}
    growth = window[-1] - window[1]
    figures = {
        "window_growth": Figure(f"window, RSS after match {WINDOW_MATCHES} minus after match 2", growth,
                                "MB", WINDOW_GROWTH_MB, AT_MOST),
        "window_per_match": Figure("window, growth per match from the 2nd", growth / (WINDOW_MATCHES - 2),
                                   "MB", digits=2),
        "worker_peak": Figure(f"simulate, largest worker RSS ({len(peaks)} workers, each playing at most "
                              f"{WORKER_MATCHES} matches)", max(peaks.values(), default=0.0), "MB",
                              WORKER_RSS_MB, AT_MOST),
    }
    if args.json:
        print(json.dumps({
            "window_matches": WINDOW_MATCHES, "window_kind": WINDOW_KIND,
            "window_rss_mb": [round(x, 1) for x in window], "window_seconds": round(window_seconds, 1),
            "simulate_matches": sim_matches, "simulate_jobs": SIMULATE_JOBS,
            "simulate_seconds": round(sim_seconds, 1),
            "worker_rss_mb": {str(pid): [[round(t, 1), round(mb, 1)] for t, mb in points]
                              for pid, points in samples.items()},
            "figures": {name: f.as_json() for name, f in figures.items()},
            "load": os.getloadavg(),
        }, sort_keys=True))
        return 0
    print(f"  window: {window[1]:.1f} MB after match 2, {window[-1]:.1f} MB after match {WINDOW_MATCHES} "
          f"({window_seconds:.0f} s)")
    print(f"  simulate: {sim_matches} matches in {sim_seconds:.0f} s; each worker's RSS, first and "
          "largest reading:")
    for pid, points in samples.items():
        print(f"    worker {pid}: {points[0][1]:.1f} MB at {points[0][0]:.0f} s, at most {peaks[pid]:.1f} MB")
    for f in figures.values():
        print(f"  {f.text()}")
    return 0  # a goal missed is a figure to read, not a failure of the command
