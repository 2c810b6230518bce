"""``hard``'s searches beyond its declarations: the break sheet against sampled sheets of the other
side, the order tokens against sampled tokens, the speed tests in its expectation; and the warm-up
that makes a new coach's first decisions as quick as the others."""

from __future__ import annotations

import time

import pytest

from paintcheck.ai.coach import make_coach, warm_up
from paintcheck.ai.hard_break import BreakSearch
from paintcheck.ai.hard_orders import OrderSearch
from paintcheck.ai.normal import NormalCoach
from paintcheck.ai.seen import look
from paintcheck.rules.actions import Move
from paintcheck.rules.break_turn import why_sheet_illegal
from paintcheck.rules.plan import make_plan
from tests.ai.conftest import BOX21


def test_the_break_sheet_prebunks_where_the_sampled_runs_go(table):
    state = table.start_break()
    coach = make_coach("hard", "blue", table.engine, 4)
    sheet = coach.decide(look(state, "blue"))
    assert table.engine.why_illegal(state, sheet) is None
    search = BreakSearch(coach, look(state, "blue").state)
    runs = [table.measurer.path(ln.start, move.waypoints) for other in search.samples(coach.rng)
            for ln in other.lines for move in ln.actions if isinstance(move, Move)]
    prebunkers = [ln for ln in sheet.lines if ln.prebunker]
    if prebunkers:  # a template is only worth a runner where the other side's runs cross it
        (ln,) = prebunkers
        assert any(table.measurer.template_crossings(ln.prebunk, ln.start, path) for path in runs)


def test_the_break_search_ignores_the_face_down_sheet(table):
    state = table.start_break()
    white = make_coach("hard", "white", table.engine, 1)
    blue = make_coach("hard", "blue", table.engine, 2)
    blue_sheet = blue.decide(look(state, "blue"))
    after, _ = table.engine.apply(state, blue_sheet, None)
    search = BreakSearch(white, look(after, "white").state)
    assert search.state.sheets == {}
    for sheet in search.samples(white.rng):
        assert why_sheet_illegal(search.state, sheet, table.measurer) is None


def test_order_tokens_are_searched_and_legal(table):
    state = table.start()
    coach = make_coach("hard", "blue", table.engine, 3)
    orders = coach.decide(look(state, "blue"))
    assert table.engine.why_illegal(state, orders) is None
    search = OrderSearch(coach, look(state, "blue").state)
    assert len(search.candidates()) == 120  # five players on tokens 1-5
    normal = make_coach("normal", "blue", table.engine, 3).decide(look(state, "blue"))
    twin = make_coach("hard", "blue", table.engine, 3)
    twin.reseed(look(state, "blue").state)  # the decision's generator
    assert NormalCoach._orders(twin, look(state, "blue").state) == normal  # its base draws first
    others = search.samples(twin.rng)  # then the samples it drew
    mean = [sum(search.worth(dict(o.orders), x) for x in others) for o in (orders, normal)]
    assert mean[0] >= mean[1]  # never a worse turn in its own model than the normal order


def test_warm_up_is_done_once_per_measurer(table):
    warm_up(table.engine)
    t0 = time.perf_counter()
    warm_up(table.engine)
    assert time.perf_counter() - t0 < 0.01


@pytest.mark.slow
def test_the_warm_up_keeps_no_table_alive():
    """Issue 24: the warm-up kept every measurer it warmed (``_kept``), and froze the table out of
    the collector (``gc.freeze``) at every warm-up: an engine and its handlers make a reference
    cycle, so every table of every match stayed in memory (52 MB a match in the window). A table
    warmed, then dropped, is collected now, even one frozen by an earlier warm-up."""
    import gc
    import weakref

    from paintcheck.table import Table

    first = Table.from_file(BOX21, sight=True)
    warm_up(first.engine)
    frozen = weakref.ref(first.engine)  # frozen out of the collector with the first warm-up
    gone = weakref.ref(first.measurer)
    del first
    second = Table.from_file(BOX21, sight=True)
    warm_up(second.engine)  # another measurer: warmed, and what lives frozen again
    make_plan.cache_clear()  # the rules' plans name their measurer: forgotten as newer plans come
    gc.collect()
    assert frozen() is None and gone() is None
    del second
