"""What if: branches with their dice, saved with the match, refused in one line when damaged."""

from __future__ import annotations

import copy
import json
import random

import pytest

from paintcheck.review.branch_dice import NoRolls, Ranks, RollNeeded, SameLuck
from paintcheck.review.branches import Branches, load_review
from paintcheck.review.timeline import Review, ReviewError
from paintcheck.rules import reasons
from paintcheck.rules.actions import Declare, Def, React, Reaction
from paintcheck.rules.codec import BranchRecord, CodecError, MatchRecord, load_match, save_match
from paintcheck.rules.events import Rolled
from paintcheck.rules.state import OVER
from paintcheck.rules.step import Step
from tests.review.matches import box_table, seeded_record


def fresh_review(seed: int = 2) -> tuple[Review, Branches]:
    review = Review(copy.deepcopy(seeded_record(seed)), box_table())
    return review, Branches(review)


def _rolling(review: Review) -> list[int]:
    """The decisions of the main line that roll a die."""
    return [k for k in range(len(review)) if any(isinstance(e, Rolled) for e in review.events(k + 1))]


@pytest.mark.parametrize("seed", [2, 3])
def test_same_luck_and_the_same_decisions_give_the_main_lines_result(seed):
    review, branches = fresh_review(seed)
    record = review.record
    starts = _rolling(review)[::4]
    assert len(starts) >= 3
    for at in starts:
        name = branches.try_decision(record.decisions[at], at)
        for decision in record.decisions[at + 1: at + 12]:
            branches.extend(name, decision)
        end = len(review.line(name))
        for k in range(at, end + 1):
            assert review.state(k, name).to_dict() == review.state(k).to_dict(), (at, k)
            assert [e.to_dict() for e in review.events(k, name)] == [e.to_dict() for e in review.events(k)]
        assert branches.branch(name).rolls  # it rolled, each roll the main line's by its key


def test_fresh_rolls_are_new_and_kept_so_the_branch_replays(tmp_path):
    review, branches = fresh_review(2)
    at = _rolling(review)[2]
    name = branches.try_decision(review.record.decisions[at], at, dice="fresh")
    for decision in review.record.decisions[at + 1: at + 6]:
        try:
            branches.extend(name, decision)
        except ReviewError:  # new luck, another match: the main line's next decision may not fit
            break
    rolled = [e.value for k in range(at + 1, len(review.line(name)) + 1)
              for e in review.events(k, name) if isinstance(e, Rolled)]
    assert rolled == branches.branch(name).rolls and rolled
    save_match(review.record, tmp_path / "m.json")
    again, _ = load_review(tmp_path / "m.json", box_table())
    end = len(again.line(name))
    assert again.state(end, name).to_dict() == review.state(end, name).to_dict()


def test_same_luck_keys_a_roll_by_what_it_is_for_not_by_its_order():
    """Two shots rolled in the other order get the same faces, each by its target."""
    table = box_table()
    state = table.start()
    luck = {(2, 1, str(reasons.purpose_shot_at("W1")), "B1", 0): 17,
            (2, 1, str(reasons.purpose_shot_at("W2")), "B1", 0): 3}
    dice = SameLuck(luck, Ranks(), entropy=random.Random(0))
    step = Step(state.copy(), dice, table.measurer)
    state_round = step.state
    state_round.round = 1
    w2 = step.roll(20, reasons.purpose_shot_at("W2"), "B1")
    w1 = step.roll(20, reasons.purpose_shot_at("W1"), "B1")
    assert (w1, w2) == (17, 3) and dice.rolls == [3, 17] and dice.kept_luck == 2
    again = step.roll(20, reasons.purpose_shot_at("W2"), "B1")  # rank 1 of that key: the main line had none
    assert dice.kept_luck == 2 and dice.rolls == [3, 17, again]
    assert [e.value for e in step.events] == [3, 17, again]


def test_same_luck_through_the_engine_when_reactions_come_in_another_order():
    """A round whose reactions are declared in the other order: each reaction's shot keeps its face."""
    review, branches = fresh_review(2)
    found = None
    for seed in range(2, 40):
        review, branches = fresh_review(seed)
        found = next((k for k, d in enumerate(review.record.decisions)
                      if isinstance(d, React) and len({r.player for r in d.reactions}) >= 2), None)
        if found is not None:
            break
    assert found is not None, "no React with two reactions in the seeded matches"
    react = review.record.decisions[found]
    swapped = React(react.team, tuple(reversed(react.reactions)))
    name = branches.try_decision(swapped, found)
    main = {(e.purpose, e.player): e.value for e in review.events(found + 1) if isinstance(e, Rolled)}
    mine = {(e.purpose, e.player): e.value for e in review.events(found + 1, name) if isinstance(e, Rolled)}
    shared = main.keys() & mine.keys()
    assert shared and all(main[key] == mine[key] for key in shared)


def test_odds_only_stops_before_the_first_die_and_reads_the_resolution():
    review, branches = fresh_review(2)
    record = review.record
    at = _rolling(review)[1]
    decision = record.decisions[at]
    name = branches.try_decision(decision, at, dice="odds")
    assert branches.branch(name).rolls == [] and name in branches.pending
    assert len(review.line(name)) == at  # stopped before it
    with pytest.raises(ReviewError, match="stops before its first die"):
        branches.extend(name, decision)
    what_if = branches.odds(name)
    assert what_if.main is not None and what_if.branch.roll == what_if.main.roll
    for change in what_if.changes:  # the same decision: the same chances
        assert change.main == change.branch
    assert all(0 <= c.branch <= 1 for c in what_if.changes if c.branch is not None)


def test_odds_only_against_another_declaration_says_the_difference():
    for seed in range(2, 30):
        review, branches = fresh_review(seed)
        for at, decision in enumerate(review.record.decisions):
            if not (isinstance(decision, Declare) and any(a.code == "SHOT" for a in decision.actions)):
                continue
            other = Declare(decision.player, decision.posture, (Def(),) * 4, decision.cover, decision.side)
            if review.table.engine.why_illegal(review.state(at), other) is not None:
                continue
            name = branches.try_decision(other, at, dice="odds")
            for d in review.record.decisions[at + 1:]:
                if name in branches.pending:
                    break
                try:
                    branches.extend(name, d)
                except ReviewError:
                    break
            if name not in branches.pending:
                continue
            changes = branches.odds(name).changes
            gone = [c for c in changes if c.shooter == decision.player and c.branch is None]
            if gone:
                assert all(c.main is not None and "not shot here" in c.said for c in gone)
                return
    pytest.fail("no declared shot to take back in the seeded matches")


def test_a_branch_survives_save_and_load(tmp_path):
    review, branches = fresh_review(3)
    rolling = _rolling(review)
    a = branches.try_decision(review.record.decisions[rolling[1]], rolling[1])
    b = branches.try_decision(review.record.decisions[rolling[2]], rolling[2], dice="odds")
    a_end = len(review.line(a))
    c = branches.try_decision(review.record.decisions[a_end], a_end, parent=a)
    d = branches.try_decision(review.record.decisions[rolling[3]], rolling[3], dice="fresh")
    path = tmp_path / "m.json"
    save_match(review.record, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "paintcheck-match/2" and [x["name"] for x in data["branches"]] == [a, b, c, d]
    again, loaded = load_review(path, box_table())
    assert loaded.names() == [a, b, c, d] and set(loaded.pending) == {b}
    for name in (a, b, c, d):
        line = review.line(name)
        assert again.line(name).all_decisions() == line.all_decisions()
        assert again.state(len(line), name).to_dict() == review.state(len(line), name).to_dict()
    assert loaded.delete(a) == sorted([a, c]) and loaded.names() == [b, d]


def test_an_old_save_still_loads(tmp_path):
    record = seeded_record(2)
    data = record.to_dict()
    data["format"] = "paintcheck-match/1"
    del data["branches"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    review, branches = load_review(path, box_table())
    assert branches.names() == [] and review.final.phase == OVER
    assert review.state(len(review)).to_dict() == Review(record, box_table()).final.to_dict()


def _with_branch(tmp_path, change) -> str:
    review, branches = fresh_review(2)
    at = _rolling(review)[1]
    branches.try_decision(review.record.decisions[at], at)
    data = review.record.to_dict()
    change(data["branches"][0])
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CodecError) as err:
        load_review(path, box_table())
    words = str(err.value)
    assert words.startswith(str(path)) and "\n" not in words
    return words


@pytest.mark.parametrize("change, words", [
    (lambda b: b.update(parent="b7"), "'parent'"),
    (lambda b: b.update(name="main"), "'name'"),
    (lambda b: b.update(at=-1), "'at'"),
    (lambda b: b.update(dice="loaded"), "'dice'"),
    (lambda b: b.update(decisions=[]), "'decisions'"),
    (lambda b: b["decisions"][0].update(type="teleport"), "unknown decision type"),
    (lambda b: b.update(rolls=[0]), "'rolls'"),
    (lambda b: b.update(at=100000), "leaves its line at decision 100000"),
    (lambda b: b.update(rolls=b["rolls"] + [1]), "does not replay"),
    (lambda b: b.update(rolls=[]), "does not replay"),
    (lambda b: b["decisions"].insert(0, b["decisions"][0]), "does not replay"),
    (lambda b: b.update(dice="odds"), "odds only and holds rolls"),
])
def test_a_damaged_branch_is_one_line_naming_the_file(tmp_path, change, words):
    assert words in _with_branch(tmp_path, change)


def test_the_codec_refuses_a_damaged_branch_before_any_replay(tmp_path):
    data = seeded_record(2).to_dict()
    data["branches"] = {"b1": 1}
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CodecError, match="'branches' is a list"):
        load_match(path)
    data["branches"] = [5]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CodecError, match="branch #1: a branch is an object"):
        load_match(path)


def test_branches_refuse_what_the_review_may_not_do():
    review, branches = fresh_review(2)
    with pytest.raises(ReviewError, match="refuses that decision"):
        branches.try_decision(review.record.decisions[5], 4)
    with pytest.raises(ReviewError, match="no branch"):
        branches.extend("b9", review.record.decisions[0])
    with pytest.raises(ReviewError, match="match is over"):
        branches.try_decision(review.record.decisions[-1], len(review))
    cut = MatchRecord(2, review.record.layout, review.record.decisions[:30], start=review.record.start)
    live = Review(cut, box_table(), live_seat="blue")
    k = next(k for k in range(30) if live.moments[k + 1].seat == "white")
    with pytest.raises(ReviewError, match="own seat"):
        Branches(live).try_decision(cut.decisions[k], k)


def test_no_rolls_names_the_die_it_stops_before():
    table = box_table()
    state = table.start()
    state.round = 2
    step = Step(state, NoRolls(Ranks()), table.measurer)
    with pytest.raises(RollNeeded) as stop:
        step.roll(20, reasons.purpose_shot_at("W3"), "B2")
    assert stop.value.key == (2, 2, str(reasons.purpose_shot_at("W3")), "B2", 0) and stop.value.state is state


def test_a_branch_record_round_trips():
    b = BranchRecord("b1", "main", 3, "same", [React("blue", (Reaction("B1", "reflex", "W2"),))], [4, 5])
    assert BranchRecord.from_dict(json.loads(json.dumps(b.to_dict())), 1, set()) == b


def test_odds_only_says_how_a_shots_chances_moved():
    """The same shot with its supports turned to DEF: its chance of an elimination falls, said as
    "B1's shot at W2: eliminated 40% → 25%"."""
    for seed in range(2, 40):
        review, branches = fresh_review(seed)
        for at, decision in enumerate(review.record.decisions):
            actions = decision.actions if isinstance(decision, Declare) else ()
            if not (len(actions) >= 2 and actions[0].code == "SHOT" and actions[1].code == "SUP"):
                continue
            fewer = tuple(Def() if a.code == "SUP" else a for a in actions)
            other = Declare(decision.player, decision.posture, fewer, decision.cover, decision.side)
            if review.table.engine.why_illegal(review.state(at), other) is not None:
                continue
            name = branches.try_decision(other, at, dice="odds")
            while name not in branches.pending and len(review.line(name)) < len(review):
                try:
                    branches.extend(name, review.record.decisions[len(review.line(name))])
                except ReviewError:
                    break
            if name not in branches.pending:
                continue
            moved = [c for c in branches.odds(name).changes
                     if c.shooter == decision.player and c.target == actions[0].target
                     and c.main is not None and c.branch is not None and c.branch < c.main]
            if moved:
                c = moved[0]
                assert c.said == (f"{c.shooter}'s shot at {c.target}: eliminated "
                                  f"{round(100 * c.main)}% → {round(100 * c.branch)}%")
                return
    pytest.fail("no supported shot found to weaken in the seeded matches")
