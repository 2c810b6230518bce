"""``python main.py bench --analysis [--json]``: time the field's maps (issue 13, item 5).

On the 21-obstacle box layout (or ``--layout``): all three postures' exposure and threat maps,
computed from nothing (the sight table computed, not read from the cache), median of several
runs; beside it the same with the sight table read from the disk cache. The baseline is the
per-pair loop: one ``ruler.line_of_fire`` call per (shooter, target) pair the maps need, leaving
out both ends' covers, as ``measure`` reads a shot (one reading serves the three postures). It is
timed on a random sample of those pairs and extrapolated to all of them; the sample's answers are
checked against the maps' before anything is printed.

Goal: <= 1.5 s for the three postures and >= 10x faster than the per-pair loop.

The live study (issue 32, item 1; measured by ``ui.bench_live`` in the window's own code): a
one-piece edit → the Study's map ready, median (goal <= 100 ms), against the sight table computed
whole for the same states in the same run, with the ratio; undo → map ready; and a piece dragged
over the live map in the designer: the frames' p95 (goal <= 8 ms), the maps shown per second
(goal >= 10) and the drop → final map (goal <= 100 ms). The machine's load average is printed
beside them (the figures are wall-clock times on a shared machine; the frames' CPU time too).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from paintcheck.analysis.maps import POSTURES, FieldStudy
from paintcheck.cli.bench_geometry import bench_field
from paintcheck.cli.errors import CommandError
from paintcheck.geometry import sight
from paintcheck.geometry.index import ObstacleIndex
from paintcheck.geometry.ruler import line_of_fire
from paintcheck.geometry.touch import CROSS
from paintcheck.rules import tables
from paintcheck.rules.vocab import Posture

MAPS_MAX_S = 1.5  # issue 13: the three postures' maps
MIN_RATIO = 10.0  # issue 13: against the per-pair loop
SAMPLE = 600  # pairs of the per-pair loop actually timed
SEED = 13


def _median_s(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def measure(field, runs: int = 5) -> dict:
    def all_maps(table=None) -> FieldStudy:
        study = FieldStudy(field, table if table is not None else sight.compute_sight_table(field))
        for posture in POSTURES:
            study.maps(posture)
        return study

    study = all_maps()
    fresh_s = _median_s(all_maps, runs)
    with tempfile.TemporaryDirectory() as folder:
        sight.sight_table(field, cache=Path(folder))  # written once
        cached_s = _median_s(lambda: all_maps(sight.sight_table(field, cache=Path(folder))), runs)

    free = field.free_points()
    white = [q for q in free if q[1] > 0]
    pairs = sorted({(q, p) for q in white for p in free} | {(q, p) for q in free for p in white})
    sample = random.Random(SEED).sample(pairs, min(SAMPLE, len(pairs)))
    index = ObstacleIndex(field)
    covers = {p: [o.id for o in field.covers_of(p)] for p in free}

    def per_pair() -> list[dict[Posture, bool]]:
        out = []
        for q, p in sample:
            touches = line_of_fire(index, q, p, sorted(set(covers[q]) | set(covers[p]))).touches
            out.append({
                x: all(tables.line_of_fire_modifier(x, t.height, t.effect == CROSS) is not None
                       for t in touches)
                for x in POSTURES
            })
        return out

    pos = study.position
    for (q, p), answer in zip(sample, per_pair(), strict=True):
        for x in POSTURES:
            if bool(study.possible(x)[pos[q], pos[p]]) != answer[x]:
                raise CommandError(f"bench: the maps and the per-pair ruler disagree at {q} -> {p} ({x})")
    sample_s = _median_s(per_pair, 3)
    loop_s = sample_s / len(sample) * len(pairs)
    ratio = loop_s / fresh_s if fresh_s > 0 else None
    return {
        "points": len(free),
        "pairs": len(pairs),
        "sample_pairs": len(sample),
        "maps_s": round(fresh_s, 3),
        "maps_cached_s": round(cached_s, 3),
        "per_pair_s": round(loop_s, 2),
        "per_pair_extrapolated": True,
        "ratio": round(ratio, 1) if ratio else None,
        "goal": f"<= {MAPS_MAX_S} s and >= {MIN_RATIO:g}x",
        "pass": fresh_s <= MAPS_MAX_S and (ratio or 0) >= MIN_RATIO,
    }


def measure_live(field, source: str) -> dict:
    """The live study's figures (``ui.bench_live``); the drag only for a layout file."""
    from paintcheck.ui import bench_live  # the window's code: imported when measured

    out = {"load_average": [round(x, 2) for x in os.getloadavg()],
           "edit": bench_live.measure_edits(field.layout)}
    if Path(source).is_file():
        out["drag"] = bench_live.measure_drag(Path(source))
    return out


def _met(ok: bool) -> str:
    return "(met)" if ok else "(not met)"


def print_live(live: dict) -> None:
    e = live["edit"]
    print(f"  live study (load average {' '.join(str(x) for x in live['load_average'])}):")
    print(f"  one-piece edit -> map ready    {e['edit_median_ms']:7.1f} ms (median of {e['edits']} edits,"
          f" worst {e['edit_max_ms']:.1f}, CPU {e['edit_cpu_median_ms']:.1f}) / goal <= {e['goal_ms']:g} ms"
          f" {_met(e['met'])}")
    print(f"  same states, table computed whole {e['whole_median_ms']:7.1f} ms (median of {e['whole_runs']})"
          f"   ratio {e['ratio']}x")
    print(f"  undo -> map ready              {e['undo_median_ms']:7.2f} ms (median; tables: "
          f"{e['tables']['updated']} updated, {e['tables']['kept']} kept, {e['tables']['whole']} whole)")
    d = live.get("drag")
    if d is None:
        print("  the drag: not measured (no layout file)")
        return
    print(f"  drag over the live map, frame  p95 {d['p95_ms']:.2f} ms (median {d['median_ms']:.2f},"
          f" CPU p95 {d['cpu_p95_ms']:.2f}, {d['frames']} frames at 60/s) / goal <= {d['goal_p95_ms']:g} ms"
          f" {_met(d['met'])}")
    per_map = d["worker_cpu_per_map_ms"]
    print(f"  maps shown while dragged       {d['maps_per_s']:7.1f} /s / goal >= {d['goal_maps_per_s']:g}"
          f" {_met(d['maps_met'])} (the live process's CPU time per map: "
          f"{'-' if per_map is None else f'{per_map:.1f} ms'})")
    drop = "none" if d["drop_ms"] is None else f"{d['drop_ms']:.1f} ms"
    whole = "none" if d["drop_study_ms"] is None else f"{d['drop_study_ms']:.1f} ms"
    print(f"  drop -> final map shown        {drop} / goal <= {d['goal_drop_ms']:g} ms {_met(d['drop_met'])}"
          f" (its pieces table too: {whole})")


def run(args: argparse.Namespace) -> int:
    field, source = bench_field(getattr(args, "layout", None))
    r = measure(field)
    live = measure_live(field, source)
    if getattr(args, "json", False):
        print(json.dumps({"layout": source, "obstacles": len(field.obstacles), **r, "live": live}))
    else:
        verdict = "(met)" if r["pass"] else "(not met)"
        print(f"analysis bench on {source} ({len(field.obstacles)} obstacles, {r['points']} points)")
        print(f"  three postures' maps, sight table computed   {r['maps_s']:7.3f} s (median)")
        print(f"  three postures' maps, sight table from cache {r['maps_cached_s']:7.3f} s (median)")
        print(
            f"  per-pair ruler loop, {r['pairs']} pairs         {r['per_pair_s']:7.2f} s"
            f" (timed on {r['sample_pairs']} sampled pairs, extrapolated)"
        )
        print(f"  ratio {r['ratio']}x   goal {r['goal']} {verdict}")
        print_live(live)
    return 0  # a goal missed is a figure to read, not a failure of the command
