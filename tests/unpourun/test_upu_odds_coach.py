"""The odds coach of Un pour un (``unpourun.odds_coach``): it plays legal decisions only, the same ones
for the same seed, and beats the random coach in ``tournament --game unpourun`` (sides swapped, draws
not counted as wins): more wins than losses over 10 matches, at least 90% of 200 matches (slow)."""

from __future__ import annotations

import json

import pytest

from paintcheck.cli.main import main
from paintcheck.cli.unpourun_play import tournament
from paintcheck.seam.game import seat_seed
from paintcheck.seam.play import playout
from paintcheck.unpourun.game import UnpourunGame, random_start
from paintcheck.unpourun.odds_coach import p_cd_pass


def test_the_odds_coach_plays_legal_decisions_the_same_for_a_seed():
    game = UnpourunGame(check=True)  # every decision asked of the legality, invariants after each
    runs = []
    for _ in range(2):
        coaches = {seat: game.coach("odds" if seat == "A" else "random", seat, seat_seed(7, game.seats, seat))
                   for seat in game.seats}
        runs.append(playout(game, game.begin(random_start(7)), 7, coaches))
    assert runs[0].decisions == runs[1].decisions
    assert game.outcome(runs[0].final) is not None


def test_charge_test_chance_counts_every_throw_of_two_dice():
    # 0.2: 2d6 <= 6 in 15 throws of 36, <= 11 in 35; 6.2's ally bonus is the Cd handed in
    assert (p_cd_pass(6), p_cd_pass(11), p_cd_pass(2), p_cd_pass(12)) == (15 / 36, 35 / 36, 1 / 36, 1.0)


def test_unknown_coach_is_refused_in_one_line(capsys):
    code = main(["tournament", "--game", "unpourun", "--coaches", "odds,clever", "--matches", "2"])
    err = capsys.readouterr().err
    assert code == 2 and "clever" in err and len(err.strip().splitlines()) == 1


def test_odds_coach_wins_more_than_random_over_ten_matches(capsys):
    code = main(["tournament", "--game", "unpourun", "--coaches", "odds,random", "--matches", "10",
                 "--seed", "3", "--jobs", "1", "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0 and summary["errors"] == 0
    assert summary["first_wins"] > summary["second_wins"] + summary["draws"]
    assert summary["decision_ms"]["odds"]["p95"] > 0


@pytest.mark.slow
def test_odds_coach_beats_random_in_ninety_percent_of_two_hundred_matches():
    summary = tournament("odds", "random", 200, 11, jobs=2)
    assert summary["errors"] == 0, summary["error_samples"]
    assert summary["first_wins"] >= 180, summary


def test_r4_3_asked_for_a_tied_target_the_odds_coach_names_the_figure_that_suffers_least():
    """4.3, 10.1: B1 (1 PV left) and B2 (unhurt), tied for nearest A1's mitraillette: B's odds coach puts
    B2 first (B1 would more likely go down), and the random coach names either, drawn from its seed."""
    from paintcheck.unpourun import actions as a
    from paintcheck.unpourun.bands import Options
    from paintcheck.unpourun.odds_coach import OddsCoach
    from paintcheck.unpourun.random_coach import RandomCoach
    from paintcheck.unpourun.state import Phase
    from tests.unpourun.upu_world import SF, World, band, fig

    at = {"A1": (10.0, 10.0), "B1": (9.5, 20.0), "B2": (10.5, 20.0)}
    w = World(band(fig(SF, ranged=("mitraillette",))), band(fig(SF), fig(SF)), at, "A1",
              options=Options(passive=frozenset()))
    w.set("B1", pv=1)
    w.set("B2", pv=w.f("B2").stats.pv)
    w.do(a.Shoot("mitraillette", "B1"))
    assert w.s.phase == Phase.TARGET and w.s.mover == "B"
    assert OddsCoach("B", w.engine, 1).decide(w.s) == a.ChooseTarget("B2")
    w.set("B1", pv=w.f("B1").stats.pv)
    w.set("B2", pv=1)
    assert OddsCoach("B", w.engine, 1).decide(w.s) == a.ChooseTarget("B1")
    drawn = {RandomCoach("B", w.engine, seed).decide(w.s) for seed in range(20)}
    assert drawn == {a.ChooseTarget("B1"), a.ChooseTarget("B2")}
