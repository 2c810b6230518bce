"""Paintcheck behind the seam (``paintcheck.game``): the engine, the views, the codec and the
invariants as the seam's ``Game`` gives them, and a save of today's format resumed by the generic
session."""

from __future__ import annotations

import copy
import json

import pytest

from paintcheck.ai.playout import play_match
from paintcheck.game import GAMES, PAINTCHECK, PaintcheckGame
from paintcheck.rules.codec import START_BREAK, MatchRecord, save_match
from paintcheck.rules.state import OVER
from paintcheck.seam.play import playout, replay
from paintcheck.seam.seen import look
from paintcheck.table import Table
from paintcheck.ui import tables
from paintcheck.ui.session import MatchSession, Session
from tests.ai.conftest import BOX21


@pytest.fixture(scope="module")
def game() -> PaintcheckGame:
    return PaintcheckGame.on(Table.from_file(BOX21, sight=True))


@pytest.fixture(scope="module")
def played(game):
    return playout(game, game.begin(START_BREAK), seed=8)


def test_a_playout_through_the_seam_is_the_random_coaches_match(game, played):
    alone = play_match(game.engine, game.begin(START_BREAK), 8)
    assert played.decisions == alone.decisions and played.events == alone.events
    outcome = game.outcome(played.final)
    assert outcome is not None and played.final.phase == OVER
    assert (outcome.winner, outcome.reason, outcome.turns) == (alone.winner, alone.reason, alone.turns)
    assert game.outcome(game.begin(START_BREAK)) is None and game.to_move(played.final) is None


def test_decisions_and_events_go_to_json_and_back_through_the_game(game, played):
    for decision in played.decisions:
        assert game.decision_from_dict(json.loads(json.dumps(game.decision_to_dict(decision)))) == decision
    record = MatchRecord(8, Table.from_file(BOX21).layout_data, list(played.decisions), START_BREAK)
    state, events, _ = replay(game, record)
    assert state.winner == played.final.winner and len(events) == played.events
    dumped = [json.loads(json.dumps(game.event_to_dict(e))) for e in events]
    assert {d["type"] for d in dumped} >= {"SheetHandedIn", "Rolled", "MatchEnded"}


def test_the_invariants_hold_and_a_broken_state_is_named(game, played):
    assert game.invariant_problems(played.final) == []
    broken = copy.deepcopy(played.final)
    broken.turn = 99
    player = next(iter(broken.players.values()))
    player.boulets = 3
    problems = game.invariant_problems(broken)
    assert any("turn 99" in p for p in problems) and any("3 boulets" in p for p in problems)


def test_a_coach_looks_through_the_games_view(game):
    state = game.begin(START_BREAK)
    decision = game.coach("normal", "blue", 3).decide(look(game, state, "blue"))
    state, _ = game.apply(state, decision, game.dice(3))
    seen = look(game, state, "white")
    assert seen.state.sheets["blue"].lines == () and state.sheets["blue"].lines  # blue's sheet face down
    assert game.public_view(state).sheets["blue"].lines == ()
    assert game.view(state, "blue").sheets["blue"] == state.sheets["blue"]


def test_a_save_of_todays_format_resumes_through_the_generic_session(game, played, tmp_path, monkeypatch):
    monkeypatch.setattr(tables, "WINDOW", tables.Shelf())
    path = tmp_path / "match.json"
    record = MatchRecord(8, game.table.layout_data, list(played.decisions[:40]), START_BREAK)
    save_match(record, path)
    generic = Session.load(path, kinds=GAMES)
    paintcheck = MatchSession.load(path)
    assert generic.kind is PAINTCHECK and isinstance(generic.game, PaintcheckGame)
    assert len(generic.events) == len(paintcheck.events) and generic.to_move() == paintcheck.to_move()
    assert generic.summary == paintcheck.summary and generic.summary["turn"] == paintcheck.state.turn
    assert paintcheck.table is paintcheck.game.table and paintcheck.m is paintcheck.table.measurer
