"""Issue 24: the window's memory does not grow with the matches it plays. A new match on the same
field takes the same tables (the window's and the computer's), another field replaces them; the
rendered lines kept are bounded by their pixels; 20 computer-v-computer matches in a row end within
50 MB of where the second left the window (slow: about 10 s a match)."""

from __future__ import annotations

from pathlib import Path

import pytest

from paintcheck.ui.session import MatchSession

LAYOUTS = Path(__file__).resolve().parents[2] / "layouts"
BOX21 = LAYOUTS / "box21.json"


@pytest.mark.slow
def test_a_new_match_on_the_same_field_takes_the_same_tables_another_field_replaces_them():
    first = MatchSession.new(BOX21, seed=1, coaches={"white": "easy"})
    again = MatchSession.new(BOX21, seed=2, coaches={"white": "easy"})
    assert again.table is first.table  # the window's: its caches filled, its sight table read
    assert again.computer("white").engine.m is first.computer("white").engine.m  # the computer's, warm
    assert first.computer("white").engine.m is not first.m  # never shared between the two threads
    resumed = MatchSession.from_record(first.record)
    assert resumed.table is first.table
    other = next(p for p in sorted(LAYOUTS.glob("*.json")) if p.name != BOX21.name)
    elsewhere = MatchSession.new(other, seed=3, coaches={"white": "easy"})
    assert elsewhere.table is not first.table
    assert elsewhere.computer("white").engine.m is not first.computer("white").engine.m
    back = MatchSession.new(BOX21, seed=4)
    assert back.table is not first.table  # one field kept: the other one replaced it


def test_the_rendered_lines_kept_are_bounded_by_their_pixels(app):
    """Every match writes new lines (the log's, the panel's numbers); 4,000 of them were kept, about
    85 MB of pixels."""
    from paintcheck.ui import theme

    for i in range(3000):
        theme.text(f"line {i} of the log of a long evening of matches against the computer", 14)
    kept = sum(s.get_pitch() * s.get_height() for s in theme._TEXT_CACHE.values())
    assert 0 < kept <= 16 << 20
    assert theme.text("line 2999 of the log of a long evening of matches against the computer", 14) \
        is theme.text("line 2999 of the log of a long evening of matches against the computer", 14)


@pytest.mark.slow
def test_twenty_computer_matches_in_one_window_hold_their_memory():
    """``python main.py``, off-screen, plays 20 normal-v-normal matches in a row, each started and
    watched as a person does (``bench --memory`` prints the same figures): its RSS after the 20th
    is within 50 MB of after the 2nd (it grew about 52 MB a match)."""
    from paintcheck.cli.bench_memory import WINDOW_GROWTH_MB
    from paintcheck.memory import rss_mb
    from paintcheck.ui.computer_matches import window_rss

    if rss_mb() is None:
        pytest.skip("no /proc/self/status here: RSS cannot be read")
    figures = window_rss(20)
    assert len(figures) == 20
    assert figures[-1] - figures[1] <= WINDOW_GROWTH_MB, [round(x) for x in figures]
