"""Write the corpus of damaged saves (tests/data/damaged_saves/): each file is a saved match broken
in one way a disk, an editor, a truncated copy or a hostile hand could break it. Every one must be
refused with one line (tests/test_damaged_saves.py). Run again after a change of the save format:

    python -m tests.data.make_damaged_saves
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from paintcheck.ai.playout import play_match
from paintcheck.field.layout_file import default_layout_path
from paintcheck.rules.codec import START_BREAK, MatchRecord
from paintcheck.rules.dice import Dice
from paintcheck.table import Table

OUT = Path(__file__).resolve().parent / "damaged_saves"
BRANCHES_OUT = Path(__file__).resolve().parent / "damaged_branches"  # refused by the review only


def base() -> dict:
    """A real match from the break: its first 30 decisions, and a branch tried in review (the
    main line's first rolling decision from the 19th again, same luck, then the next two)."""
    table = Table.from_file(default_layout_path())
    record = play_match(table.engine, table.start_break(), 11)
    kept = MatchRecord(11, table.layout_data, list(record.decisions[:30]), START_BREAK)
    from paintcheck.review.branches import Branches
    from paintcheck.review.timeline import Review

    review = Review(kept, table)
    at = next(k for k in range(18, 27) if any(e.type == "Rolled" for e in review.events(k + 1)))
    branches = Branches(review)
    name = branches.try_decision(kept.decisions[at], at)
    for decision in kept.decisions[at + 1:at + 3]:
        branches.extend(name, decision)
    return kept.to_dict()


def branch_cases(good: dict) -> dict[str, bytes]:
    """Saves whose branch is damaged: refused as data by the codec (any loader), or as a line that
    does not replay by the review (``paintcheck.review.branches.load_review``), one line each."""
    out: dict[str, bytes] = {}

    def edit(name, change):
        data = copy.deepcopy(good)
        change(data["branches"])
        out[name] = json.dumps(data).encode("utf-8")

    out["branches_text"] = json.dumps({**good, "branches": "b1"}).encode("utf-8")
    out["branches_object"] = json.dumps({**good, "branches": {"b1": good["branches"][0]}}).encode("utf-8")
    edit("branch_not_an_object", lambda b: b.insert(0, "b1"))
    edit("branch_no_name", lambda b: b[0].pop("name"))
    edit("branch_name_main", lambda b: b[0].update(name="main"))
    edit("branch_name_twice", lambda b: b.append(copy.deepcopy(b[0])))
    edit("branch_unknown_parent", lambda b: b[0].update(parent="b9"))
    edit("branch_at_negative", lambda b: b[0].update(at=-3))
    edit("branch_at_text", lambda b: b[0].update(at="20"))
    edit("branch_dice_unknown", lambda b: b[0].update(dice="loaded"))
    edit("branch_rolls_text", lambda b: b[0].update(rolls="6 6"))
    edit("branch_rolls_21", lambda b: b[0].update(rolls=[21]))
    edit("branch_no_decisions", lambda b: b[0].update(decisions=[]))
    edit("branch_decision_garbled", lambda b: b[0]["decisions"][0].update(type="teleport"))
    return out


def replay_cases(good: dict) -> dict[str, bytes]:
    """Branches that are good data but do not replay: refused by the review, not by the codec."""
    out: dict[str, bytes] = {}

    def edit(name, change):
        data = copy.deepcopy(good)
        change(data["branches"][0])
        out[name] = json.dumps(data).encode("utf-8")

    edit("branch_at_beyond_its_line", lambda b: b.update(at=31))
    edit("branch_decision_out_of_turn", lambda b: b["decisions"].insert(0, b["decisions"][1]))
    edit("branch_rolls_appended", lambda b: b.update(rolls=b["rolls"] + [1, 1]))
    edit("branch_rolls_one_short", lambda b: b.update(rolls=b["rolls"][:-1]))
    edit("branch_odds_with_rolls", lambda b: b.update(dice="odds"))
    return out


class _Kept(Dice):
    """Seeded dice that keep the rolls they make."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.rolls: list[int] = []

    def roll(self, sides: int) -> int:
        self.rolls.append(super().roll(sides))
        return self.rolls[-1]


def rolled(good: dict) -> dict:
    """``good`` as the window saves it: the rolls its decisions made instead of its seed."""
    record = MatchRecord.from_dict(good)
    table = Table.from_layout_data(record.layout)
    dice, state = _Kept(record.seed), table.start_of(record)
    for decision in record.decisions:
        state, _ = table.engine.apply(state, decision, dice)
    data = {k: v for k, v in good.items() if k != "seed"}
    return {"format": data.pop("format"), "rolls": dice.rolls, **data}


def cases(good: dict) -> dict[str, bytes]:
    text = json.dumps(good, indent=1)
    raw = text.encode("utf-8")
    out: dict[str, bytes] = {}

    def edit(name, change):
        data = copy.deepcopy(good)
        change(data)
        out[name] = json.dumps(data).encode("utf-8")

    for frac in (0.0001, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999):  # a copy cut short
        out[f"truncated_{int(frac * 1000):04d}"] = raw[: max(1, int(len(raw) * frac))]
    out["empty"] = b""
    out["blank"] = b"  \n\t\n"
    out["nul_bytes"] = raw[:200] + b"\x00" * 64 + raw[200:]
    out["binary_garbage"] = bytes(range(256)) * 8
    out["latin1_text"] = text.replace('"Box 21"', '"Bo\u00eete"').encode("latin-1", "replace")
    out["invalid_utf8"] = raw[:100] + b"\xff\xfe\xfa" + raw[100:]
    out["utf16"] = text.encode("utf-16")
    head = b'{"format": "paintcheck-match/1", "seed": 1, "layout": '
    out["deep_nesting"] = head + b"[" * 50000 + b"]" * 50000 + b"}"
    deep = b'"decisions": [' + b"[" * 30000 + b"]" * 30000 + b","
    out["deep_nesting_decisions"] = raw.replace(b'"decisions": [', deep, 1)
    out["huge_integer_seed"] = raw.replace(b'"seed": 11', b'"seed": ' + b"9" * 5000, 1)
    line = {"player": "B1", "order": 1, "start": [10 ** 400, 2], "posture": "standing", "actions": []}
    sheet = {"type": "sheet", "team": "blue", "lines": [line]}
    out["huge_integer_waypoint"] = json.dumps({**good, "decisions": [sheet]}).encode()
    out["nan_seed"] = raw.replace(b'"seed": 11', b'"seed": NaN', 1)
    out["infinity_seed"] = raw.replace(b'"seed": 11', b'"seed": Infinity', 1)
    out["duplicate_key"] = raw.replace(b'"seed": 11', b'"seed": 11, "seed": 12', 1)
    out["surrogate_in_layout_name"] = raw.replace(b'"Box 21"', b'"Box \\ud800 21"', 1)
    out["surrogate_in_obstacle_id"] = raw.replace(b'"id": "sub"', b'"id": "s\\udfffub"', 1)
    out["surrogate_in_key"] = raw.replace(b'"seed": 11', b'"seed": 11, "\\udc80": 1', 1)
    out["surrogate_in_decision"] = raw.replace(b'"team": "blue"', b'"team": "bl\\ud83due"', 1)
    out["top_level_list"] = b"[]"
    out["top_level_string"] = b'"paintcheck-match/1"'
    out["top_level_number"] = b"42"
    out["null"] = b"null"
    out["layout_file_instead"] = json.dumps(good["layout"]).encode()
    edit("wrong_format", lambda d: d.update(format="paintcheck-match/9"))
    edit("no_format", lambda d: d.pop("format"))
    edit("no_seed_no_rolls", lambda d: d.pop("seed"))
    edit("seed_text", lambda d: d.update(seed="11"))
    edit("seed_float", lambda d: d.update(seed=11.5))
    edit("seed_true", lambda d: d.update(seed=True))
    edit("rolls_not_a_list", lambda d: (d.pop("seed"), d.update(rolls="6 6 6")))
    edit("rolls_zero", lambda d: (d.pop("seed"), d.update(rolls=[3, 0, 4])))
    edit("rolls_21", lambda d: (d.pop("seed"), d.update(rolls=[21])))
    edit("rolls_d20_face_for_a_d6", lambda d: (d.pop("seed"), d.update(rolls=[20] * 400)))
    edit("rolls_text", lambda d: (d.pop("seed"), d.update(rolls=["4"])))
    # issue 24: a save's rolls replay exactly, or the save is damaged (an appended roll would be the next die)
    window = rolled(good)
    assert window["rolls"], "the base match rolls no die"
    for name, rolls in (("rolls_appended_ones", window["rolls"] + [1] * 40),
                        ("rolls_appended_face_no_d6_shows", window["rolls"] + [7]),
                        ("rolls_one_short", window["rolls"][:-1]),
                        ("rolls_none_for_rolling_decisions", [])):
        out[name] = json.dumps({**window, "rolls": rolls}).encode("utf-8")
    edit("no_layout", lambda d: d.pop("layout"))
    edit("layout_list", lambda d: d.update(layout=[]))
    edit("layout_empty", lambda d: d.update(layout={}))
    edit("layout_off_field", lambda d: d["layout"]["obstacles"][0].update(at="W:Z99"))
    edit("layout_unknown_kind", lambda d: d["layout"]["obstacles"][0].update(kind="castle"))
    edit("layout_unmirrored", lambda d: d["layout"]["obstacles"].pop(1))
    edit("layout_columns_text", lambda d: d["layout"].update(columns="17"))
    edit("layout_too_wide", lambda d: d["layout"].update(columns=10 ** 6))
    edit("unknown_start", lambda d: d.update(start="turn7"))
    edit("decisions_not_a_list", lambda d: d.update(decisions={"0": d["decisions"][0]}))
    edit("decision_not_an_object", lambda d: d["decisions"].insert(0, "sheet"))
    edit("decision_unknown_type", lambda d: d["decisions"][0].update(type="teleport"))
    edit("decision_missing_team", lambda d: d["decisions"][0].pop("team"))
    edit("decision_wrong_team", lambda d: d["decisions"][0].update(team="red"))
    edit("decision_twice", lambda d: d["decisions"].insert(1, d["decisions"][0]))
    edit("decision_out_of_turn", lambda d: d["decisions"].insert(0, d["decisions"][1]))
    edit("sheet_lines_text", lambda d: d["decisions"][0].update(lines="B1 B2"))
    edit("sheet_point_text", lambda d: d["decisions"][0]["lines"][0].update(start="E13"))
    edit("sheet_point_three", lambda d: d["decisions"][0]["lines"][0].update(start=[1, 2, 3]))
    edit("sheet_point_off_field", lambda d: d["decisions"][0]["lines"][0].update(start=[400, -400]))
    edit("sheet_action_unknown", lambda d: d["decisions"][0]["lines"][0]["actions"].append({"code": "FLY"}))
    edit("sheet_action_no_code", lambda d: d["decisions"][0]["lines"][0]["actions"].append({}))
    edit("sheet_order_text", lambda d: d["decisions"][0]["lines"][0].update(order="one"))
    edit("sheet_unknown_player", lambda d: d["decisions"][0]["lines"][0].update(player="B9"))
    edit("sheet_posture_unknown", lambda d: d["decisions"][0]["lines"][0].update(posture="flying"))
    edit("later_decision_garbled", lambda d: d["decisions"][-1].update(type=None))
    edit("summary_garbled", lambda d: d.update(summary=[1, 2]))  # and, below, its start misspelt
    out["summary_garbled"] = out["summary_garbled"].replace(b'"start"', b'"start_"', 1)
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    good = base()
    made = {**cases(good), **branch_cases(good)}
    for name, data in made.items():
        (OUT / f"{name}.json").write_bytes(data)
    print(f"{len(made)} damaged saves in {OUT}")
    BRANCHES_OUT.mkdir(parents=True, exist_ok=True)
    for old in BRANCHES_OUT.glob("*.json"):
        old.unlink()
    replays = replay_cases(good)
    for name, data in replays.items():
        (BRANCHES_OUT / f"{name}.json").write_bytes(data)
    print(f"{len(replays)} saves whose branch does not replay in {BRANCHES_OUT}")


if __name__ == "__main__":
    main()
