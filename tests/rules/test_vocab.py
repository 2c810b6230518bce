"""The typed vocabulary (rules/vocab.py): its members are the very strings the files hold, and the
pending dodge is a dataclass that a save made while it waits brings back equal."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from paintcheck.game import PaintcheckGame
from paintcheck.rules.actions import (
    SUPPORTABLE,
    AssignOrders,
    BreakSheet,
    ChooseTarget,
    Clean,
    ClearBoulet,
    Declare,
    Def,
    Dodge,
    Dump,
    DumpAt,
    Move,
    React,
    Reaction,
    Reload,
    Shot,
    ShotAt,
    SideChange,
    Support,
)
from paintcheck.rules.break_turn import SHEET_ACTIONS
from paintcheck.rules.codec import START_BREAK, MatchRecord, decision_to_dict, load_match, save_match
from paintcheck.rules.plan import declare_effects, make_plan
from paintcheck.rules.state import DECISION_PHASE, DODGE, PHASE_DECISIONS, PendingDodge
from paintcheck.rules.vocab import GunState, Phase, Posture, ShotKind, Side, Team
from paintcheck.seam.play import playout, replay
from paintcheck.table import Table
from tests.ai.conftest import BOX21
from tests.rules.harness import B1, measurer, standard

WORDS = {"team": Team, "posture": Posture, "side": Side, "kind": ShotKind, "gun": GunState, "phase": Phase}


@pytest.fixture(scope="module")
def game() -> PaintcheckGame:
    return PaintcheckGame.on(Table.from_file(BOX21, sight=True))


@pytest.fixture(scope="module")
def at_dodge(game):
    """A random coaches' match (seed 8) up to the first decision that leaves a dodge waiting: the
    record of the decisions so far and the state they reach."""
    played = playout(game, game.begin(START_BREAK), seed=8)
    record = MatchRecord(8, game.table.layout_data, list(played.decisions), START_BREAK)
    dice = record.dice()
    state = game.begin(START_BREAK)
    for k, decision in enumerate(record.decisions, start=1):
        state, _ = game.apply(state, decision, dice)
        if state.phase == DODGE:
            return MatchRecord(8, record.layout, record.decisions[:k], START_BREAK), state
    pytest.fail("no dodge in the seed-8 match")


def _words_in(data, found):
    """Every value of a vocabulary key (team, posture, ...) anywhere in ``data``."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in WORDS and isinstance(value, str):
                found.setdefault(key, set()).add(value)
            _words_in(value, found)
    elif isinstance(data, list):
        for value in data:
            _words_in(value, found)
    return found


def test_the_members_are_the_strings_the_files_write():
    assert [t.value for t in Team] == ["blue", "white"] and Team.BLUE == "blue" and Team.BLUE.other == "white"
    assert [s.value for s in Side] == ["left", "right", "over"]
    assert [p.value for p in Posture] == ["standing", "kneeling", "prone"]
    assert [g.value for g in GunState] == ["ok", "dead", "broken"]
    assert {"blue": 1}[Team.BLUE] == 1 and hash(Phase.DODGE) == hash("dodge")
    typed = Declare("B1", Posture.KNEELING, (Def(),), "c3", Side.OVER)
    plain = Declare("B1", "kneeling", (Def(),), "c3", "over")
    assert json.dumps(decision_to_dict(typed)) == json.dumps(decision_to_dict(plain))
    react = React(Team.WHITE, (Reaction("W2", ShotKind.SUPPRESSIVE, "B1"),))
    assert json.dumps(decision_to_dict(react)) == (
        '{"type": "react", "team": "white", "reactions": [{"player": "W2", "kind": "suppressive", '
        '"target": "B1"}]}')


def test_a_saved_match_and_its_state_speak_the_vocabulary(game, at_dodge, tmp_path):
    record, state = at_dodge
    save_match(record, tmp_path / "match.json")
    saved = json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
    found = _words_in(saved["decisions"], {})
    assert found["team"] == {"blue", "white"} and found["posture"] <= set(Posture)
    assert found["side"] <= set(Side) and found.get("kind", set()) <= set(ShotKind)
    # the state holds the members themselves, written to JSON as their strings
    assert all(type(p.team) is Team and type(p.posture) is Posture and type(p.gun) is GunState
               for p in state.players.values())
    assert type(state.phase) is Phase and state.phase is Phase.DODGE
    words = _words_in(json.loads(json.dumps(state.to_dict())), {})
    assert words["phase"] == {"dodge"} and words["team"] == {"blue", "white"}
    assert words["gun"] <= {"ok", "dead", "broken"} and words["kind"] <= set(ShotKind)


def test_the_pending_dodge_is_a_dataclass_and_a_save_brings_it_back(game, at_dodge, tmp_path):
    record, state = at_dodge
    dodge = state.resolution.dodge
    assert isinstance(dodge, PendingDodge) and dodge.used == 0 and dodge.allowed >= 1
    assert list(asdict(dodge)) == ["target", "shooter", "margin", "allowed", "used"]  # as saved before
    copy = state.copy()
    copy.resolution.dodge.used += 1  # the engine rolls a die on its copy
    assert copy.resolution.dodge is not dodge and dodge.used == 0
    path = tmp_path / "match.json"
    save_match(record, path)
    resumed, _, _ = replay(game, load_match(path))
    assert resumed.phase == DODGE and resumed.resolution.dodge == dodge
    assert resumed.to_dict() == state.to_dict()


def test_the_rules_read_an_actions_type_not_its_text_code(monkeypatch):
    """The text codes (``CLEAN``, ``SUP``, ...) are the files' and the log's; the rules dispatch on
    the action's type, so renaming a code changes no rule."""
    d = Declare("B1", "standing", (Clean(), Reload(), Def(), Support()), "cb1", "left")
    plan = make_plan(d, B1, measurer())
    for kind in (Def, Support, Clean, Reload, ClearBoulet, Move, Shot, Dump, ShotAt, DumpAt, SideChange):
        monkeypatch.setattr(kind, "code", kind.code.lower() + "?")
    p = standard("B1", messy=True, reload=True)
    declare_effects(p, d, plan)
    assert not p.messy and not p.reload and p.def_count == plan.def_count == 2
    assert all(isinstance(a, SUPPORTABLE) for a in (Def(), Support(), Shot("W1"), DumpAt((0, 0))))
    assert not any(isinstance(a, SUPPORTABLE) for a in (Clean(), Reload(), ClearBoulet(), SideChange("left")))
    assert not isinstance(Shot("W1"), SHEET_ACTIONS) and isinstance(ShotAt(None), SHEET_ACTIONS)


def test_the_phase_table_names_decisions_by_type():
    """Phases as data: each phase lists the decision classes it waits for; the legality reads the
    phase a decision belongs to from the same table."""
    assert set(PHASE_DECISIONS) == set(Phase) and PHASE_DECISIONS[Phase.OVER] == ()
    assert DECISION_PHASE == {BreakSheet: Phase.SHEETS, ChooseTarget: Phase.TARGET,
                              AssignOrders: Phase.ORDERS, Declare: Phase.DECLARE, React: Phase.REACT,
                              Dodge: Phase.DODGE}
