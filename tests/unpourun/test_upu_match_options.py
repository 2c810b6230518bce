"""A match's options travel in its start (issue 31, item 4: the new match's options are saved with it
and a resumed match plays under them), and options that are not options are one-line errors."""

from __future__ import annotations

import pytest

from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import Options, options_from_dict, options_to_dict, random_band
from paintcheck.unpourun.game import UnpourunGame, bands_start, options_of
from paintcheck.unpourun.record import UNPOURUN
from paintcheck.unpourun.terrain import OPEN_TABLE


def test_the_options_named_in_the_start_are_the_matchs_and_survive_a_saved_record():
    chosen = Options(passive=frozenset({t.SEEING}), races=True, modern=True)
    start = bands_start(random_band(1, "one"), random_band(2, "two"), chosen)
    assert options_of(start) == chosen
    assert UnpourunGame().begin(start).options == chosen  # not the game's defaults
    record = UNPOURUN.new_record(OPEN_TABLE, start, 5)
    again = UNPOURUN.record_from_dict(record.to_dict(), "saved.json")
    assert UNPOURUN.game(again).begin(again.start).options == chosen


def test_a_start_without_options_plays_the_games_own():
    start = bands_start(random_band(1, "one"), random_band(2, "two"))
    assert options_of(start) is None
    assert UnpourunGame().begin(start).options == Options()


@pytest.mark.parametrize("bad", [{}, {"passive": ["nap"], "races": False, "modern": False, "points": 300},
                                 {"passive": [], "races": "yes", "modern": False, "points": 300},
                                 {"passive": [], "races": False, "modern": False, "points": 0}])
def test_options_that_are_not_options_are_refused_in_one_line(bad):
    with pytest.raises(ValueError, match="not a match's options"):
        options_from_dict(bad)


def test_options_round_trip():
    o = Options(passive=frozenset({t.CHARGE_TEST, t.BEING_SHOT}), points=250)
    assert options_from_dict(options_to_dict(o)) == o
