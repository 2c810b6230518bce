"""How fast a review scrubs: any moment of a long match, asked for in a random order (issue 28's
"scrubbing to any step of a 120-decision match"; the window's ``bench --render`` adds the drawing).

``long_record(table)`` plays seeded matches between the random coaches until one lasts at least
``decisions`` decisions; ``scrub_times(review)`` asks the review for every moment in a seeded random
order, from a fresh review (no state kept yet), and returns the milliseconds of each."""

from __future__ import annotations

import random
import time

from paintcheck.review.timeline import Review
from paintcheck.rules.codec import START_BREAK, MatchRecord
from paintcheck.seam.play import playout
from paintcheck.table import Table

LONG_MATCH = 120  # decisions
TRIED_SEEDS = 400  # seeded matches tried before the longest is taken


def long_record(table: Table, decisions: int = LONG_MATCH) -> MatchRecord:
    """The first seeded match (from the break) of at least ``decisions`` decisions, or the longest."""
    from paintcheck.game import PaintcheckGame  # the seam's game on this table

    game = PaintcheckGame.on(table)
    best: MatchRecord | None = None
    for seed in range(TRIED_SEEDS):
        played = playout(game, game.begin(START_BREAK), seed)
        record = MatchRecord(seed, table.layout_data, list(played.decisions), start=START_BREAK)
        if best is None or len(record.decisions) > len(best.decisions):
            best = record
        if len(record.decisions) >= decisions:
            break
    assert best is not None
    return best


def scrub_times(review: Review, seed: int = 0) -> list[float]:
    """Milliseconds to get each moment's state and both seats' views, in a seeded random order."""
    moments = list(range(len(review) + 1))
    random.Random(seed).shuffle(moments)
    times = []
    for k in moments:
        began = time.perf_counter()
        review.seen(k, "blue")
        review.seen(k, "white")
        times.append(1000 * (time.perf_counter() - began))
    return times
