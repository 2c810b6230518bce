"""The coach's mistakes: each declaration against the computer coach's choice on the same view, read
by the normal coach's own judge."""

from __future__ import annotations

import pytest

from paintcheck.ai.coach import make_coach
from paintcheck.ai.judge import Judge
from paintcheck.ai.seen import look
from paintcheck.review.blunders import blunders, read_sequence
from paintcheck.review.timeline import Review
from paintcheck.rules.actions import Declare
from paintcheck.rules.codec import MatchRecord
from paintcheck.rules.dice import Dice
from paintcheck.seam.game import seat_seed
from tests.review.matches import box_table, seeded_record

SEATS = ("blue", "white")


def normal_record(seed: int, decisions: int = 24) -> MatchRecord:
    """The first decisions of a match between two ``normal`` coaches seeded as a saved match seeds
    them (``coach_seed``)."""
    table = box_table()
    coaches = {t: make_coach("normal", t, table.engine, seat_seed(seed, SEATS, t)) for t in SEATS}
    state, dice, made = table.start(), Dice(seed), []
    while len(made) < decisions:
        team = table.engine.to_move(state)
        decision = coaches[team].decide(look(state, team))
        state, _ = table.engine.apply(state, decision, dice)
        made.append(decision)
    return MatchRecord(seed, table.layout_data, made, coaches={t: "normal" for t in SEATS}, coach_seed=seed)


def test_a_match_played_by_normal_gives_nothing_away_to_normal():
    review = Review(normal_record(5, decisions=14), box_table())
    found = blunders(review, "normal")
    assert len(found) == sum(isinstance(d, Declare) for d in review.record.decisions) >= 4
    assert all(b.chosen == b.played and b.given_away == 0 for b in found)


def test_random_play_is_listed_most_given_away_first_and_read_by_normals_judge():
    review = Review(seeded_record(2), box_table())
    found = blunders(review, "normal", seat="white")
    declared = [k for k, d in enumerate(review.record.decisions)
                if isinstance(d, Declare) and review.moments[k + 1].seat == "white"]
    assert sorted(b.index for b in found) == declared and {b.seat for b in found} == {"white"}
    given_away = [b.given_away for b in found]
    assert given_away == sorted(given_away, reverse=True) and given_away[0] > 0.3
    worst = found[0]
    seen = look(review.state(worst.index), "white")
    judge = Judge(seen.state, "white", review.table.engine.m)
    assert worst.played_reading.given == pytest.approx(judge.offence(worst.played))
    assert worst.chosen_reading == read_sequence(judge, seen.state, worst.chosen)
    when = f"Turn {worst.moment.turn}, round {worst.moment.round}"
    assert worst.moment.said.startswith(f"{when} — White declares")
    assert worst.as_json()["given_away"] == round(worst.given_away, 4)


def test_the_coachs_choice_is_its_own_decision_on_the_seats_view():
    record = seeded_record(2)
    review = Review(record, box_table())
    first = blunders(review, "normal", seat="blue")
    k = first[0].index
    state = review.state(k)
    assert {b.index: b.chosen for b in first}[k] == make_coach(
        "normal", "blue", review.table.engine, seat_seed(0, SEATS, "blue")).decide(look(state, "blue"))
