"""The seam is generic (issue 27, item 5): a tiny game written here (``tiny_game``: a few points, two
seats, a secret revealed later, a die), which imports nothing of Paintcheck's rules, plays through
the window's session, its saves and their resumption, ``replay``, the coaches' ``look`` and
``simulate``, all written against the seam."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from paintcheck.cli.simulate import play_matches
from paintcheck.seam.files import read_record, save_record
from paintcheck.seam.game import DRAW, RecordError
from paintcheck.seam.play import playout, replay
from paintcheck.seam.seen import Seen, look
from paintcheck.ui import saves, tables
from paintcheck.ui.session import Session
from tests.seam.tiny_game import (
    HIDE,
    OVER,
    SEATS,
    TINY,
    Hide,
    Revealed,
    Seek,
    TinyCoach,
    TinyGame,
    TinyRecord,
    TinySetup,
)

HERE = Path(__file__).resolve().parent
# what the tiny game may import of the program: the seam, nothing else
SEAM = "paintcheck.seam"


def _program_imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return {name for name in out if name.split(".")[0] == "paintcheck"}


def test_the_tiny_game_imports_nothing_of_paintcheck_but_the_seam():
    imported = _program_imports(HERE / "tiny_game.py")
    assert imported, "the walk finds the tiny game's imports of the seam"
    assert all(name == SEAM or name.startswith(SEAM + ".") for name in imported), imported


def test_the_seam_imports_nothing_of_paintchecks_rules():
    """The seam's own modules name no game: no ``rules``, ``ai``, ``geometry``, ``game``, ``table``."""
    seam = HERE.parents[1] / "paintcheck" / "seam"
    allowed = (SEAM, "paintcheck.field.atomic", "paintcheck.field.json_file")
    bad = {f"{path.name} imports {name}" for path in seam.glob("*.py") for name in _program_imports(path)
           if not any(name == a or name.startswith(a + ".") for a in allowed)}
    assert not bad, bad


@pytest.fixture
def shelves(monkeypatch):
    """The window's and the computer's tables of this test only."""
    monkeypatch.setattr(tables, "WINDOW", tables.Shelf())
    monkeypatch.setattr(tables, "COMPUTER", tables.Shelf())


def _play(session: Session, person: dict[str, TinyCoach], stop: int | None = None) -> None:
    """Play ``session`` on (a person's decisions from ``person``'s coaches, the computer's from the
    session), saving after each, until it is over or ``stop`` decisions are recorded."""
    while not session.over and (stop is None or len(session.record.decisions) < stop):
        seat = session.to_move()
        assert seat is not None
        if seat in session.coaches:
            decision = session.computer_decision(seat, session.state)
        else:
            decision = person[seat].decide(look(session.game, session.state, seat))
        assert session.why_illegal(decision) is None
        session.apply(decision)
        assert session.autosave() is None


@pytest.mark.parametrize("dice", ["seed", "rolls"])
def test_a_tiny_match_is_played_saved_resumed_and_listed_through_the_session(tmp_path, shelves, dice):
    """Seeded dice: the resumed match goes on as the first. Rolls kept as they are made (the window's
    dice): the save gives them back exactly, and the rolls after it are fresh."""
    path = tmp_path / "tiny.json"
    record = TinyRecord(5, seed=9, coaches={"south": "random"}) if dice == "seed" else \
        TinyRecord(5, seed=None, rolls=[], coaches={"south": "random"})
    session = Session.begin(TINY, record, path)
    assert session.people == ("north",) and session.coaches == {"south": "random"}
    assert session.record.coach_seed is not None
    north = {"north": TinyCoach("north", 7)}
    _play(session, north, stop=4)  # both hidden, a seek each
    assert session.state.phase != HIDE
    computer = session.computer("south")  # it decided in the session from its own view only
    assert isinstance(computer, TinyCoach) and computer.seen  # north hid first: never shown to south
    assert all(seen.token("north") is None for seen in computer.seen)

    again = Session.load(path, kinds=(TINY,))
    assert again.state == session.state and again.events == session.events
    assert again.record.to_dict() == session.record.to_dict()
    _play(again, {"north": TinyCoach("north", 7)})
    assert again.over and isinstance(again.events[-1], Revealed)
    if dice == "seed":
        _play(session, north)
        assert again.state == session.state and again.events == session.events  # decided as played
    last = Session.load(path, kinds=(TINY,))  # the whole match, its rolls the ones made
    assert last.state == again.state and last.events == again.events

    entry = saves.read_saved(path, kinds=(TINY,))
    assert entry.problem is None and entry.field == "a line of 5"
    assert entry.winner == again.state.winner and entry.turn == again.state.turn
    assert entry.coaches == (("south", "random"),)


def test_a_tiny_refusal_leaves_the_match_as_it_was(tmp_path, shelves):
    session = Session.begin(TINY, TinyRecord(5, seed=3), tmp_path / "m.json")
    assert session.why_illegal(Hide("north", 9)) == "there is no point 9"
    assert session.why_illegal(Seek("south", 1)) is not None
    with pytest.raises(ValueError):
        session.apply(Hide("north", 9))
    assert session.record.decisions == [] and session.events == []


def test_a_damaged_tiny_save_is_one_record_error_naming_the_file(tmp_path, shelves):
    path = tmp_path / "bad.json"
    session = Session.begin(TINY, TinyRecord(5, seed=3), path)
    session.apply(Hide("north", 2))
    session.save()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["decisions"].append({"type": "seek", "seat": "north", "point": 1})  # not north's turn
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="bad.json: the match does not replay"):
        Session.load(path, kinds=(TINY,))
    path.write_text("{", encoding="utf-8")
    with pytest.raises(RecordError, match="bad.json"):
        Session.load(path, kinds=(TINY,))
    assert saves.read_saved(path, kinds=(TINY,)).problem is not None


def test_replay_gives_a_tiny_match_back_event_for_event_and_part_of_it(tmp_path):
    game = TinyGame(4)
    played = playout(game, game.begin("hide"), seed=21)
    record = TinyRecord(4, seed=21, decisions=list(played.decisions))
    save_record(record, tmp_path / "r.json")
    kind, loaded = read_record(tmp_path / "r.json", (TINY,))
    assert kind is TINY
    state, events, _ = replay(game, loaded)
    assert state == played.final and len(events) == played.events
    part, _, dice = replay(game, loaded, upto=3)
    assert part.decisions == 3
    rest = loaded.decisions[3:]
    for decision in rest:
        part, _ = game.apply(part, decision, dice)
    assert part == played.final  # the dice go on as if the match had never stopped


def test_look_hands_a_coach_its_own_view_only():
    game = TinyGame(5)
    state, _ = game.apply(game.begin("hide"), Hide("north", 4), game.dice(0))
    state, _ = game.apply(state, Hide("south", 1), game.dice(0))
    seen = look(game, state, "north")
    assert isinstance(seen, Seen) and seen.team == "north"
    assert seen.state.token("north") == 4 and seen.state.token("south") is None  # south's secret
    assert game.public_view(state).hidden == (("north", None), ("south", None))
    with pytest.raises(TypeError):
        Seen(object(), state, "north")
    coaches = {seat: TinyCoach(seat, i) for i, seat in enumerate(SEATS)}
    played = playout(game, game.begin("hide"), seed=4, coaches=coaches)
    for seat, coach in coaches.items():
        assert coach.seen and all(s.token(SEATS[1 - SEATS.index(seat)]) is None for s in coach.seen)
    assert played.final.phase == OVER  # and then both are revealed
    assert None not in dict(played.final.hidden).values()


def test_simulate_plays_tiny_matches_the_same_whatever_the_jobs():
    one, _ = play_matches(TinySetup(), 30, seed=5, jobs=1)
    two, _ = play_matches(TinySetup(), 30, seed=5, jobs=2)
    assert one == two
    assert one["completed"] == 30 and one["errors"] == 0
    assert set(one["winners"]) == {*SEATS, DRAW} and sum(one["winners"].values()) == 30
    assert set(one["reasons"]) <= {"found", "nobody found"}
