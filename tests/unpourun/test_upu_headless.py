"""Un pour un behind the seam and headless: no secrets in a view, decisions to JSON and back, a match
replayed from its seed and decisions, ``simulate --game unpourun`` (same bytes whatever ``--jobs``,
``--check`` counts a broken invariant, one-line refusals), ``tournament --game unpourun``, and the
10,000 seeded matches on the three shipped tables (slow)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from paintcheck.cli.main import main
from paintcheck.cli.simulate import play_matches
from paintcheck.cli.unpourun_play import UnpourunTable
from paintcheck.rules.dice import Dice
from paintcheck.seam.play import playout, replay
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import game as game_module
from paintcheck.unpourun.game import UnpourunGame, random_start
from paintcheck.unpourun.state import Phase
from paintcheck.unpourun.table_file import shipped_tables


@dataclass
class _Record:
    seed: int
    start: str
    decisions: list = field(default_factory=list)
    coaches: dict = field(default_factory=dict)
    coach_seed: int | None = None
    summary: dict = field(default_factory=dict)

    def dice(self):
        return Dice(self.seed)

    def to_dict(self):
        return {}


def test_a_match_replays_from_its_seed_and_decisions_and_its_decisions_read_back():
    game = UnpourunGame()
    played = playout(game, game.begin(random_start(4)), 4)
    assert game.outcome(played.final) is not None and played.final.phase == Phase.OVER
    for d in played.decisions:
        assert game.decision_from_dict(json.loads(json.dumps(game.decision_to_dict(d)))) == d
    state, events, _ = replay(game, _Record(4, random_start(4), list(played.decisions)))
    assert state == played.final and len(events) == played.events
    assert all(json.dumps(game.event_to_dict(e)) and e.text for e in events)


def test_no_secrets_every_seat_sees_the_whole_state_and_a_start_names_two_bands():
    game = UnpourunGame()
    first, second = game_module.bands_of(random_start(1))
    s = game.begin(game_module.bands_start(first, second))
    assert s == game.begin(random_start(1))
    assert game.view(s, "A") is s and game.view(s, "B") is s and game.public_view(s) is s


def test_a_refused_decision_says_why_and_changes_nothing():
    game = UnpourunGame()
    s = game.begin(random_start(1))
    with pytest.raises(a.IllegalActionError) as refused:
        game.apply(s, a.Activate("A1"), Dice(0))
    assert refused.value.args[0].key == "unpourun_rules.refusal.not_now" and s.phase == Phase.ROLL_OFF


def _simulate(capsys, *args):
    code = main(["simulate", "--game", "unpourun", "--json", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_same_seed_same_bytes_across_jobs(capsys):
    one = _simulate(capsys, "--matches", "6", "--seed", "5", "--jobs", "1")
    two = _simulate(capsys, "--matches", "6", "--seed", "5", "--jobs", "2")
    assert one[0] == two[0] == 0 and one[1] == two[1]
    summary = json.loads(one[1])
    assert summary["errors"] == 0 and sum(summary["winners"].values()) == 6


def test_simulate_check_counts_a_broken_invariant(monkeypatch):
    monkeypatch.setattr(game_module, "invariant_problems", lambda s, m: ["a planted problem"])
    tally, _ = play_matches(UnpourunTable(check=True), 2, 0, 1)
    assert tally["errors"] == 2 and "a planted problem" in tally["error_samples"][0]
    monkeypatch.undo()
    tally, _ = play_matches(UnpourunTable(check=True), 2, 0, 1)
    assert tally["errors"] == 0


def test_simulate_refuses_a_bad_table_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    code, out, err = _simulate(capsys, "--table", str(bad), "--matches", "1")
    assert code == 2 and out == "" and err.count("\n") == 1 and "bad.json" in err
    code, out, err = _simulate(capsys, "--layout", str(bad), "--matches", "1")
    assert code == 2 and "--table" in err


def test_tournament_unpourun(capsys):
    code = main(
        [
            "tournament",
            "--game",
            "unpourun",
            "--blue",
            "random",
            "--white",
            "random",
            "--matches",
            "3",
            "--jobs",
            "1",
            "--json",
        ]
    )
    summary = json.loads(capsys.readouterr().out)
    assert code == 0 and summary["first_wins"] + summary["second_wins"] + summary["draws"] == 3


@pytest.mark.slow
def test_ten_thousand_seeded_matches_on_the_three_shipped_tables_without_an_error():
    tables = shipped_tables()
    assert len(tables) == 3
    for i, path in enumerate(tables):
        tally, _ = play_matches(UnpourunTable(str(path), check=True), 10_000 // 3 + (i == 0), 100 + i, 2)
        assert tally["errors"] == 0, tally["error_samples"]


def test_a_saved_match_is_read_among_the_games_and_replays(tmp_path):
    from paintcheck.game import PAINTCHECK
    from paintcheck.seam.files import read_record, save_record
    from paintcheck.seam.game import RecordError
    from paintcheck.unpourun.record import UNPOURUN
    from paintcheck.unpourun.table_file import load_table

    table = load_table(shipped_tables()[0])
    game = UnpourunGame(table)
    played = playout(game, game.begin(random_start(2)), 9)
    record = UNPOURUN.new_record(table, random_start(2), 9)
    record.decisions = list(played.decisions)
    path = tmp_path / "match.json"
    save_record(record, path)
    kind, read = read_record(path, (PAINTCHECK, UNPOURUN))
    assert kind is UNPOURUN and read.decisions == record.decisions
    state, _, _ = replay(kind.game(read), read)
    assert state == played.final
    data = json.loads(path.read_text(encoding="utf-8"))
    data["decisions"][3] = "JUMP 1,2"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as bad:
        read_record(path, (PAINTCHECK, UNPOURUN))
    assert (
        str(bad.value).startswith(str(path)) and "decision 4" in str(bad.value) and "\n" not in str(bad.value)
    )


def test_every_event_and_refusal_has_its_words_in_english_and_french():
    import re
    from pathlib import Path

    root = Path(__file__).parents[2]

    def flat(locale):
        data = json.loads((root / "assets" / "i18n" / f"unpourun_rules.{locale}.json").read_text("utf-8"))
        out = {}

        def walk(node, prefix):
            for k, v in node.items():
                if isinstance(v, dict):
                    walk(v, f"{prefix}{k}.")
                else:
                    out[prefix + k] = v

        walk(data[locale], "unpourun_rules.")
        return out

    en, fr = flat("en"), flat("fr")
    game = UnpourunGame()
    played = playout(game, game.begin(random_start(3)), 3)
    _, events, _ = replay(game, _Record(3, random_start(3), list(played.decisions)))
    keys = {e.said.key for e in events}
    source = (root / "paintcheck" / "unpourun" / "legality.py").read_text("utf-8")
    keys |= {f"unpourun_rules.refusal.{k}" for k in re.findall(r'no\("(\w+)"', source)}
    assert keys <= en.keys() and keys <= fr.keys()
    assert all(en[k] != fr[k] for k in keys if not k.endswith(".d3"))


def test_r6_5_a_forced_move_never_ends_inside_an_impassable_piece():
    # match 917 of seed 100 on the hill fort (the 10,000-match run): B3 was pushed straight away to a
    # point just inside a wall, past the end of the bisection's last step
    import paintcheck.cli.simulate as sim

    setup = UnpourunTable(str(shipped_tables()[0]), check=True)
    winner, reason, turns = sim._play(setup, 100 * sim.MATCH_SEED_STRIDE + 917)
    assert winner is not None, reason


def test_r4_3_a_match_with_a_target_asked_of_its_owner_replays_from_its_record(tmp_path):
    """4.3, 10.1: a saved match in which B's player chose A1's first target among B1 and B2 (tied for
    nearest) reads back and replays to the same state; the choice is a decision of its own."""
    from paintcheck.seam.files import read_record, save_record
    from paintcheck.unpourun.bands import Options
    from paintcheck.unpourun.record import UNPOURUN
    from paintcheck.unpourun.terrain import OPEN_TABLE
    from tests.unpourun.upu_world import SF, band, fig

    start = game_module.bands_start(band(fig(SF, ranged=("mitraillette",))), band(fig(SF), fig(SF)),
                                    Options(passive=frozenset()))
    game = UnpourunGame(OPEN_TABLE, check=True)
    record = UNPOURUN.new_record(OPEN_TABLE, start, 8)
    dice = record.dice()
    s = game.begin(start)
    spots = {"A1": 24.0, "A2": 2.0, "B1": 23.5, "B2": 24.5, "B3": 46.0}  # B1, B2 21.006 from A1

    def decide(s):
        if s.phase == Phase.ROLL_OFF:
            return a.RollOff()
        if s.phase == Phase.CHOOSE_ZONE:
            return a.ChooseZone(0)
        if s.phase == Phase.DEPLOY:
            f = next(f for f in s.band(s.mover) if f.pos is None)
            return a.Deploy(f.id, (spots[f.id], 13.5 if s.zones[s.mover] == 0 else 34.5))
        if s.phase == Phase.WAVE:
            ready = [f.id for f in s.band(s.mover) if f.standing and not f.activated]
            if s.wave == 1 and "A1" not in ready:
                return a.StopWave()
            return a.Activate(ready[0])
        if s.phase == Phase.TARGET:
            return a.ChooseTarget(s.aim.tied[-1])
        if s.activation.figure == "A1" and s.activation.pa == s.figure("A1").stats.pa:
            return a.Shoot("mitraillette", "B1")
        return a.EndActivation()

    while s.turn < 2:
        d = decide(s)
        s, _ = game.apply(s, d, dice)
        record.decisions.append(d)
        assert game.invariant_problems(s) == []
    assert a.ChooseTarget("B2") in record.decisions
    path = tmp_path / "match.json"
    save_record(record, path)
    assert "TARGET B2" in json.loads(path.read_text(encoding="utf-8"))["decisions"]
    kind, read = read_record(path, (UNPOURUN,))
    state, events, _ = replay(kind.game(read), read)
    assert state == s and read.decisions == record.decisions
    assert next(e for e in events if e.kind == "shot").get("targets") == ("B2", "B1")
