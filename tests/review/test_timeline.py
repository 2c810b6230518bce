"""The review's timeline: every moment is the replay's state, seen through one coach's eyes only."""

from __future__ import annotations

import dataclasses
import json

import pytest

from paintcheck.review.speed import long_record, scrub_times
from paintcheck.review.timeline import Eyes, Review, ReviewError
from paintcheck.rules.actions import AssignOrders
from paintcheck.rules.codec import MatchRecord
from paintcheck.rules.state import SHEETS
from paintcheck.rules.views import HIDDEN
from paintcheck.table import replay
from tests.review.matches import box_table, seeded_record


def _every_step_is_the_replay(seeds, jumps: bool = True, most: int | None = None) -> None:
    """Every moment of each seeded match (its first ``most`` decisions) is the replay's."""
    table = box_table()
    for seed in seeds:
        record = seeded_record(seed)
        if most is not None:
            record = dataclasses.replace(record, decisions=record.decisions[:most])
        review = Review(record, table)
        assert len(review) == len(record.decisions) and len(review.moments) == len(review) + 1
        jumped = range(0, len(review) + 1, 3) if jumps else ()
        for k in (*range(len(review), -1, -1), *jumped):  # backwards, then jumps
            _, state, _, _ = replay(record, upto=k, table=table)
            assert review.state(k).to_dict() == state.to_dict(), (seed, k)
        _, _, events, _ = replay(record, table=table)
        told = [e.to_dict() for k in range(len(review) + 1) for e in review.events(k)]
        assert told == [e.to_dict() for e in events]


def test_every_step_of_three_matches_is_the_replay():  # the first 40 decisions: the quick run
    _every_step_is_the_replay((1, 2, 3), jumps=False, most=40)


@pytest.mark.slow
def test_every_step_of_fifty_matches_is_the_replay():  # about 2 minutes
    _every_step_is_the_replay(range(100, 150))


def test_moments_say_who_decided_when():
    review = Review(seeded_record(2), box_table())
    first = review.moments[0]
    assert (first.index, first.seat, first.turn) == (0, None, 2)
    assert str(first.said) == "Turn 2 — the match begins"
    for k, moment in enumerate(review.moments[1:], start=1):
        before = review.state(k - 1)
        assert moment.index == k and (moment.turn, moment.round, moment.phase) == (
            before.turn, before.round, before.phase)
        assert moment.seat == box_table().engine.to_move(before)
    declared = next(m for m, d in zip(review.moments[1:], review.record.decisions, strict=True)
                    if type(d).__name__ == "Declare")
    decision = review.record.decisions[declared.index - 1]
    assert str(declared.said) == (f"Turn {declared.turn}, round {declared.round} — "
                                  f"{declared.seat.capitalize()} declares {decision.player}")
    with pytest.raises(ReviewError, match="moments 0 to"):
        review.state(len(review) + 1)


def test_all_eyes_once_the_match_is_over_only():
    record = seeded_record(2)
    over = Review(record, box_table())
    assert over.over and over.seen(5, Eyes.ALL) is over.state(5)
    cut = MatchRecord(record.seed, record.layout, record.decisions[:20], start=record.start)
    during = Review(cut, box_table())
    assert not during.over
    with pytest.raises(ReviewError, match="once the match is over"):
        during.seen(3, Eyes.ALL)
    assert during.seen(3, "blue").to_dict() == during.seen(3, Eyes.BLUE).to_dict()
    live = Review(cut, box_table(), live_seat="white")
    live.seen(7, Eyes.WHITE)
    for eyes in (Eyes.BLUE, Eyes.ALL):
        with pytest.raises(ReviewError, match="own seat"):
            live.seen(7, eyes)
    with pytest.raises(ReviewError, match="no such eyes"):
        over.seen(1, "green")


def _secrets_seen(review: Review, team: str) -> list[str]:
    """The other side's unrevealed secrets in ``team``'s review: tokens face up, a sheet shown."""
    enemy = "white" if team == "blue" else "blue"
    found = []
    for k in range(len(review) + 1):
        seen = review.seen(k, team)
        found += [f"{k}: {pid}={t}" for pid, t in seen.orders[enemy].items()
                  if t != HIDDEN and t > seen.round]
        if seen.phase == SHEETS and seen.sheets.get(enemy) and seen.sheets[enemy].lines:
            found.append(f"{k}: {enemy}'s sheet")
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_a_seats_review_shows_no_secret_of_the_other(seed):
    review = Review(seeded_record(seed), box_table())
    for team in ("blue", "white"):
        assert not _secrets_seen(review, team)
    assert any(t > review.state(k).round for k in range(len(review) + 1)
               for t in review.state(k).orders["white"].values())  # there were secrets to keep


def _twin(record: MatchRecord, review: Review, enemy: str) -> tuple[int, int, MatchRecord]:
    """The views' leak harness (tests/ai/test_barrier.py) on a record: the same match with two of
    ``enemy``'s face-down tokens (both above 1) swapped at one of its order decisions. Returns that
    decision's index, the first moment at which one of the two is revealed, and the twin record."""
    for i, decision in enumerate(record.decisions):
        if isinstance(decision, AssignOrders) and decision.team == enemy:
            high = [(pid, t) for pid, t in decision.orders if t > 1]
            if len(high) >= 2:
                (a, ta), (b, tb) = high[:2]
                swapped = tuple((pid, {a: tb, b: ta}.get(pid, t)) for pid, t in decision.orders)
                turn, first = review.state(i).turn, min(ta, tb)
                end = next(k for k in range(i + 1, len(review) + 1)
                           if review.state(k).turn != turn or review.state(k).round >= first)
                decisions = [*record.decisions[:i], AssignOrders(enemy, swapped),
                             *record.decisions[i + 1:end]]
                return i, end, dataclasses.replace(record, decisions=decisions)
    raise AssertionError("no order decision with two tokens above 1")


@pytest.mark.parametrize("seed, team", [(2, "blue"), (3, "white")])
def test_the_review_of_a_seat_is_the_same_whatever_the_others_secret(seed, team):
    """Every string and state a seat's review gives, moment by moment, is the same for a twin match
    whose only difference is the other coach's face-down tokens (while they stay face down)."""
    enemy = "white" if team == "blue" else "blue"
    record = seeded_record(seed)
    review = Review(record, box_table())
    i, end, twin_record = _twin(record, review, enemy)
    mine = Review(dataclasses.replace(record, decisions=record.decisions[:end]), box_table())
    twin = Review(twin_record, box_table())
    assert end > i + 1
    for k in range(i + 1, end):
        assert mine.state(k).to_dict() != twin.state(k).to_dict()  # the secret differs ...
        said = [str(m.said) for m in mine.moments[: k + 1]], [e.text for e in mine.events(k)]
        twin_said = [str(m.said) for m in twin.moments[: k + 1]], [e.text for e in twin.events(k)]
        assert said == twin_said  # ... nothing the review says of it does
        assert json.dumps(mine.seen(k, team).to_dict(), sort_keys=True) == json.dumps(
            twin.seen(k, team).to_dict(), sort_keys=True)


def test_the_scrub_figure_asks_for_every_moment_of_a_long_match():
    table = box_table()
    record = long_record(table, decisions=40)
    assert len(record.decisions) >= 40
    review = Review(record, table)
    times = scrub_times(review)
    assert len(times) == len(review) + 1 and all(t >= 0 for t in times)
    assert len(review.main._kept) <= 16  # states beside the checkpoints stay few
