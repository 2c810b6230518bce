"""Layout files (issue 3, part 3): shipped layouts, round trips, atomic saves, mirrors, the
validate command and the corpus of bad files, each with its one-line message."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import main
from paintcheck.field import catalogue
from paintcheck.field.lattice import DEFAULT_LATTICE, Lattice, chebyshev, parse_point
from paintcheck.field.layout import Field, Layout, LayoutError, ObstacleSpec
from paintcheck.field.layout_file import (
    FORMAT,
    MAX_COLUMNS,
    MAX_ROWS_PER_HALF,
    MIN_COLUMNS,
    MIN_ROWS_PER_HALF,
    LayoutFileError,
    box_count_ok,
    default_layout_path,
    dumps_layout,
    is_single,
    layout_from_dict,
    layout_problems,
    layout_to_dict,
    layouts_dir,
    load_layout,
    mirror_id,
    mirror_spec,
    save_layout,
    shipped_layouts,
    validate_file,
    with_mirrors,
)

BAD = Path(__file__).parent / "bad_layouts"
EXPECTED: dict[str, str] = json.loads((BAD / "expected.json").read_text(encoding="utf-8"))
SHIPPED = shipped_layouts()
SHIPPED_IDS = [p.name for p in SHIPPED]


def spec(oid: str, kind: str, at: str, axis: int = 0) -> ObstacleSpec:
    return ObstacleSpec(oid, kind, parse_point(at), axis)


def small_layout(**changes) -> dict:
    data = {
        "format": FORMAT,
        "name": "Small",
        "flag": "centre",
        "obstacles": [
            {"id": "a-b", "kind": "cylinder", "at": "B:C5"},
            {"id": "a-w", "kind": "cylinder", "at": "W:C5"},
            {"id": "sub", "kind": "submarine", "at": "K0", "axis": 0},
        ],
    }
    data.update(changes)
    return data


# -- the shipped layouts ------------------------------------------------------------------------


def test_at_least_four_layouts_are_shipped():
    names = {p.name for p in SHIPPED}
    assert len(SHIPPED) >= 4
    assert {"box21.json", "snake.json", "open_centre.json", "tight.json"} <= names
    assert default_layout_path() == layouts_dir() / "box21.json"
    assert load_layout(default_layout_path()).lattice == DEFAULT_LATTICE


def test_fields_of_three_other_sizes_are_shipped():
    sizes = {(lat.columns, lat.rows_per_half) for lat in (load_layout(p).lattice for p in SHIPPED)}
    assert {(15, 11), (17, 13), (19, 13), (21, 15)} <= sizes
    assert default_layout_path().is_file()


@pytest.mark.parametrize("path", SHIPPED, ids=SHIPPED_IDS)
def test_shipped_layout_validates_and_builds(path):
    assert validate_file(path) == []
    layout = load_layout(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert layout.lattice == Lattice(data["columns"], data["rows_per_half"])
    assert layout.source == str(path)
    field = layout.build()
    assert isinstance(field, Field)
    assert len(field.obstacles) == len(layout.obstacles)
    assert set(field.by_id) == {s.id for s in layout.obstacles}


@pytest.mark.parametrize("path", SHIPPED, ids=SHIPPED_IDS)
def test_shipped_layout_is_symmetric(path):
    layout = load_layout(path)
    places = {
        (s.kind, frozenset(catalogue.obstacle_points(catalogue.KINDS[s.kind], s.at, s.axis)))
        for s in layout.obstacles
    }
    for s in layout.obstacles:
        m = mirror_spec(s)
        points = catalogue.obstacle_points(catalogue.KINDS[m.kind], m.at, m.axis)
        assert (m.kind, frozenset(points)) in places, s.id


@pytest.mark.parametrize("path", SHIPPED, ids=SHIPPED_IDS)
def test_shipped_layout_is_good_for_play(path):
    layout = load_layout(path)
    field = layout.build()
    lattice = layout.lattice
    occupied = set(field.standing_on)
    # bases are free: no obstacle point on the base row (13 by default, nor anywhere beyond 12)
    assert all(abs(y) <= lattice.base_row - 1 for _, y in occupied)
    rows = [min(abs(y) for _, y in o.points) for o in field.obstacles]
    spread = sum(1 for r in rows if r <= lattice.base_row - 3) / len(rows)
    assert spread >= 0.75, "obstacles mostly on rows 0-10 (in front of the prebunk zone)"
    for team, sign in (("blue", -1), ("white", 1)):
        base = lattice.base_points(team)  # E-M: where players start [H RULES 1.5]
        # covers: free points behind an obstacle of this half (or of the centre line)
        covers = [
            p
            for p in lattice.points()
            if p not in occupied and sign * p[1] >= 0 and field.covers_of(p)
        ]
        near = [c for c in covers if min(chebyshev(c, b) for b in base) <= 4]
        reachable = [c for c in covers if min(chebyshev(c, b) for b in base) <= 12]
        assert near, f"{team}: a cover within a 1-action move of the base"
        assert len(reachable) >= 10, f"{team}: covers within 12 points of the base"
    if layout.flag == "centre":
        assert (lattice.columns // 2, 0) not in occupied


def test_one_shipped_layout_plays_double_flag():
    assert any(load_layout(p).flag == "double" for p in SHIPPED)
    assert any(load_layout(p).flag == "centre" for p in SHIPPED)


def test_box21_uses_exactly_the_box():
    layout = load_layout(default_layout_path())
    assert len(layout.obstacles) == 21
    assert box_count_ok(layout)
    for s in layout.obstacles:
        if s.kind in ("rocket_big", "submarine", "pyramid"):
            points = catalogue.obstacle_points(catalogue.KINDS[s.kind], s.at, s.axis)
            assert all(y == 0 for _, y in points), f"{s.id} is single: it stands on the centre line"


def test_box_count_is_information_only():
    assert not box_count_ok(load_layout(layouts_dir() / "snake.json"))  # more pieces, still valid
    assert validate_file(layouts_dir() / "snake.json") == []
    lying = Layout(
        "lying",
        with_mirrors([spec("c-b", "cylinder_lying", "B:C5", 90), spec("k-b", "cone", "B:F5")]),
    )
    assert not box_count_ok(lying)


def test_lying_pieces_count_as_their_upright_piece():
    box = layout_to_dict(load_layout(default_layout_path()))
    for entry in box["obstacles"]:
        if entry["kind"] == "cylinder":
            entry["kind"] = "cylinder_lying"
            entry["axis"] = 0
    relaid = layout_from_dict(box)
    assert box_count_ok(relaid)


# -- round trips and saving ---------------------------------------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=SHIPPED_IDS)
def test_round_trip_dict_layout_dict(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    layout = layout_from_dict(data, str(path))
    assert layout_to_dict(layout) == data
    assert layout_from_dict(layout_to_dict(layout), str(path)) == layout
    assert json.loads(dumps_layout(layout)) == data
    assert path.read_text(encoding="utf-8") == dumps_layout(layout)  # shipped files are canonical


def test_optional_keys_take_their_defaults():
    layout = layout_from_dict(small_layout(), "small")
    assert layout.lattice == Lattice(17, 13)
    assert layout.source == "small"
    data = layout_to_dict(layout)
    assert data["columns"] == 17 and data["rows_per_half"] == 13
    assert data["obstacles"][2] == {"id": "sub", "kind": "submarine", "at": "K0", "axis": 0}
    assert "axis" not in data["obstacles"][0]


def test_lying_obstacle_without_axis_lies_along_axis_0():
    data = small_layout()
    del data["obstacles"][2]["axis"]
    layout = layout_from_dict(data)
    assert layout.obstacles[2].axis == 0


def test_axis_is_normalised():
    layout = layout_from_dict(
        small_layout(
            obstacles=[
                {"id": "s-b", "kind": "cylinder_lying", "at": "B:C5", "axis": -45},
                {"id": "s-w", "kind": "cylinder_lying", "at": "W:C5", "axis": 405},
            ]
        )
    )
    assert [s.axis for s in layout.obstacles] == [315, 45]


def test_a_smaller_field():
    data = small_layout(columns=9, rows_per_half=9)
    data["obstacles"][2]["at"] = "A0"
    layout = layout_from_dict(data)
    assert layout.lattice == Lattice(9, 9)
    data["obstacles"][0]["at"] = "B:C10"
    assert "row 10 is off the field (rows 0-9)" in layout_problems(data, "f")[0]


@pytest.mark.parametrize(
    ("columns", "rows", "says"),
    [
        (MIN_COLUMNS, MIN_ROWS_PER_HALF, None),
        (MAX_COLUMNS, MAX_ROWS_PER_HALF, None),
        (MIN_COLUMNS - 1, 13, "'columns' must be at least 9, not 8: a base needs 9 start points"),
        (17, MIN_ROWS_PER_HALF - 1, "'rows_per_half' must be at least 9, not 8: a half holds its"),
        (17, MAX_ROWS_PER_HALF + 1, "'rows_per_half' must be at most 20, not 21: a longer field"),
        (MAX_COLUMNS + 1, 13, "'columns' must be at most 26, not 27: a column is named by one letter"),
    ],
)
def test_the_format_accepts_the_sizes_the_game_plays_and_says_why_not_others(columns, rows, says):
    """Issue 10, point 4: the sizes the format accepts all play (tests/rules/test_field_sizes.py
    plays the limits); a field too small for five runners on the base, or for a prebunk zone and
    a template in front of it, or too long for the window, is refused in one line."""
    data = small_layout(columns=columns, rows_per_half=rows)
    data["obstacles"][2]["at"] = "A0"
    problems = layout_problems(data, "f")
    if says is None:
        assert problems == []
    else:
        assert len(problems) == 1 and problems[0].startswith(f"f: {says}")


def test_a_runners_start_point_must_stay_free():
    """RULES 1.5: runners start on the base's middle points (E-M of row 13 on the default field;
    five of them wait there on every second point before the break), so no obstacle stands there;
    the base's other points may hold one."""
    corner = [spec("corner-b", "cylinder", "B:B13"), spec("corner-w", "cylinder", "W:B13")]
    ok = Layout("Corners", (*corner,), DEFAULT_LATTICE)
    assert layout_problems(layout_to_dict(ok), "f") == []
    gate = [spec("gate-b", "rocket_small", "B:M13"), spec("gate-w", "rocket_small", "W:M13")]
    problems = layout_problems(layout_to_dict(Layout("Gates", (*gate,), DEFAULT_LATTICE)), "f")
    assert problems == [
        f"f: obstacle 'gate-{t[0]}' (#{n}): stands on {t[0].upper()}:M13, a runner's start point on "
        f"the {t.capitalize()} base (row 13, columns E-M, RULES 1.5): the start points must stay free"
        for n, t in ((1, "blue"), (2, "white"))
    ]
    gate = (spec("g-b", "cylinder", "B:C11"), spec("g-w", "cylinder", "W:C11"))
    wide = Layout("Eleven", gate, Lattice(11, 11))
    assert "(row 11, columns B-J, RULES 1.5)" in layout_problems(layout_to_dict(wide), "f")[0]


def test_a_lone_surrogate_in_a_shown_text_is_refused():
    """JSON can write half a character (``"\\ud800"``); no font draws it and printing it fails, so
    the texts a layout shows (its name, its obstacles' ids) are refused with one line."""
    data = small_layout(name="Box \udc80")
    data["obstacles"][0]["id"] = "a\ud800-b"
    problems = layout_problems(data, "f")
    assert problems == [
        "f: 'name' holds a lone surrogate (\\udc80 at character 5): half a character, which cannot "
        "be shown; write the whole character",
        "f: obstacle 'a\\ud800-b' (#1): its 'id' holds a lone surrogate (\\ud800 at character 2): "
        "half a character, which cannot be shown; write the whole character",
    ]
    whole = small_layout(name="Box \U0001f3af")  # a whole character outside the BMP is fine
    assert layout_problems(whole, "f") == []


@pytest.mark.slow
def test_measure_and_validate_refuse_a_lone_surrogate_in_one_line(tmp_path):
    """Before: validate said ok, then measure died with a UnicodeEncodeError traceback."""
    data = small_layout()
    data["obstacles"][2]["id"] = "su\ud800b"
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # ensure_ascii: the file holds "\ud800"
    root = Path(main.__file__).resolve().parent
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    for argv in (["validate", str(path)],
                 ["measure", "--layout", str(path), "--shooter", "B:J4", "--target", "W:L1"]):
        done = subprocess.run([sys.executable, str(root / "main.py"), *argv], capture_output=True,
                              text=True, errors="replace", cwd=root, env=env, timeout=60)
        said = (done.stdout + done.stderr).strip()
        assert done.returncode == 2 and "\n" not in said and "Traceback" not in said, said
        assert "obstacle 'su\\ud800b' (#3): its 'id' holds a lone surrogate" in said


def test_save_layout_writes_a_file_that_loads_back(tmp_path):
    layout = load_layout(default_layout_path())
    target = tmp_path / "copy.json"
    save_layout(layout, target)
    again = load_layout(target)
    assert layout_to_dict(again) == layout_to_dict(layout)
    assert [p.name for p in tmp_path.iterdir()] == ["copy.json"]


def _old_file(tmp_path: Path) -> tuple[Path, bytes]:
    target = tmp_path / "mine.json"
    save_layout(load_layout(layouts_dir() / "snake.json"), target)
    return target, target.read_bytes()


@pytest.mark.parametrize("failing", ["fsync", "replace", "write"])
def test_save_layout_is_atomic(tmp_path, monkeypatch, failing):
    target, before = _old_file(tmp_path)

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    if failing == "write":
        import paintcheck.field.layout_file as layout_file

        real = layout_file.os.fdopen

        class Half:
            def __init__(self, handle):
                self.handle = handle

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()

            def write(self, text):
                self.handle.write(text[: len(text) // 2])  # half the file reaches the disk
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(layout_file.os, "fdopen", lambda *a, **k: Half(real(*a, **k)))
    else:
        monkeypatch.setattr(os, failing, boom)
    with pytest.raises(OSError, match="No space left"):
        save_layout(load_layout(default_layout_path()), target)
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["mine.json"]  # no temporary file left
    assert load_layout(target).name == "Snake"


def test_save_layout_keeps_permissions(tmp_path):
    target, _ = _old_file(tmp_path)
    target.chmod(0o640)
    save_layout(load_layout(default_layout_path()), target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert load_layout(target).name == "Box 21"


def test_save_layout_refuses_a_layout_that_would_not_load(tmp_path):
    target, before = _old_file(tmp_path)
    lonely = Layout("lonely", (spec("a-b", "cylinder", "B:C5"),))
    with pytest.raises(LayoutError, match="has no mirror"):
        save_layout(lonely, target)
    assert target.read_bytes() == before
    save_layout(lonely, tmp_path / "draft.json", check=False)  # an editor's draft
    assert "has no mirror" in validate_file(tmp_path / "draft.json")[0]


# -- mirrors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "at", "axis", "mirror_at", "mirror_axis"),
    [
        ("cylinder", "B:C5", 0, "W:C5", 0),
        ("cylinder_lying", "B:C5", 0, "W:C5", 0),
        ("cylinder_lying", "B:C5", 45, "W:C5", 315),
        ("cylinder_lying", "W:C5", 90, "B:C5", 270),
        ("cone_lying", "B:C5", 135, "W:C5", 225),
        ("cone_lying", "B:C5", 180, "W:C5", 180),
        ("submarine", "A0", 0, "A0", 0),
    ],
)
def test_mirror_spec(kind, at, axis, mirror_at, mirror_axis):
    s = spec("x-b", kind, at, axis)
    m = mirror_spec(s)
    assert m == ObstacleSpec("x-w", kind, parse_point(mirror_at), mirror_axis)
    assert mirror_spec(m) == s
    k = catalogue.KINDS[kind]
    points = catalogue.obstacle_points(k, s.at, s.axis)
    assert catalogue.obstacle_points(k, m.at, m.axis) == tuple((x, -y) for x, y in points)


def test_mirror_ids():
    assert mirror_id("snake-b") == "snake-w"
    assert mirror_id("snake-w") == "snake-b"
    assert mirror_id("snake") == "snake-m"
    assert mirror_spec(spec("a", "cone", "B:C5"), "a2").id == "a2"


def test_single_obstacles():
    assert is_single(spec("s", "submarine", "B0", 0))
    assert is_single(spec("s", "submarine", "B:C1", 90))  # straddles the line evenly
    assert is_single(spec("c", "cone_lying", "D0", 180))
    assert not is_single(spec("c", "cone", "B:D1"))
    assert not is_single(spec("c", "cylinder_lying", "D0", 90))


def test_with_mirrors_makes_a_valid_layout():
    half = [
        spec("sub", "submarine", "B:C1", 90),
        spec("carrot-b", "cone_lying", "B:F4", 45),
        spec("can-b", "cylinder", "B:K7"),
    ]
    specs = with_mirrors(half)
    assert [s.id for s in specs] == ["sub", "carrot-b", "carrot-w", "can-b", "can-w"]
    layout = Layout("made", specs)
    assert layout_problems(layout_to_dict(layout), "made") == []


def test_a_lying_cylinder_may_mirror_from_its_other_end():
    both_ends = small_layout(
        obstacles=[
            {"id": "log-b", "kind": "cylinder_lying", "at": "B:C5", "axis": 270},
            {"id": "log-w", "kind": "cylinder_lying", "at": "W:C6", "axis": 270},
        ]
    )
    assert layout_problems(both_ends, "f") == []
    carrots = small_layout(
        obstacles=[
            {"id": "carrot-b", "kind": "cone_lying", "at": "B:C5", "axis": 270},
            {"id": "carrot-w", "kind": "cone_lying", "at": "W:C6", "axis": 270},
        ]
    )
    (line,) = layout_problems(carrots, "f")  # a carrot's base and tip differ
    assert "should be at W:C5 with axis 90, not at W:C6 with axis 270" in line


def test_an_evenly_straddling_obstacle_is_single_and_valid():
    data = small_layout()
    data["obstacles"].append({"id": "wall", "kind": "submarine", "at": "B:O1", "axis": 90})
    assert layout_problems(data, "f") == []


# -- problems -----------------------------------------------------------------------------------


def test_load_layout_raises_the_first_problem_and_keeps_all(tmp_path):
    data = small_layout(colour="red")
    data["obstacles"][0]["kind"] = "barrel"
    data["obstacles"][2]["axis"] = 30
    path = tmp_path / "many.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    problems = validate_file(path)
    assert len(problems) == 3
    assert problems[0] == f"{path}: unknown key 'colour' (allowed: format, name, name_fr, columns, " + (
        "rows_per_half, flag, obstacles)"
    )
    assert problems[1].startswith(f"{path}: obstacle 'a-b' (#1): unknown kind 'barrel'")
    assert problems[2] == f"{path}: obstacle 'sub' (#3): axis 30 is not a multiple of 45 degrees"
    with pytest.raises(LayoutError) as info:
        load_layout(path)
    assert isinstance(info.value, LayoutFileError)
    assert str(info.value) == problems[0]
    assert info.value.problems == problems


def test_every_unmatched_obstacle_is_named():
    data = small_layout()
    del data["obstacles"][1]
    data["obstacles"].append({"id": "c-w", "kind": "cone", "at": "W:N9"})
    problems = layout_problems(data, "f")
    assert problems == [
        "f: obstacle 'a-b' (#1): has no mirror: a cylinder at W:C5 should mirror it",
        "f: obstacle 'c-w' (#3): has no mirror: a cone at B:N9 should mirror it",
    ]


def test_layout_from_dict_refuses_a_bad_layout():
    with pytest.raises(LayoutError, match="^mem: missing key 'name'$"):
        layout_from_dict({"format": FORMAT, "flag": "centre", "obstacles": []}, "mem")


def test_double_flag_leaves_the_centre_point_to_obstacles():
    data = small_layout(flag="double")
    data["obstacles"][2]["at"] = "H0"  # the submarine stands on H0, I0, J0
    assert layout_problems(data, "f") == []
    data["flag"] = "centre"
    assert "the centre flag's point" in layout_problems(data, "f")[0]


def test_double_flag_bases_keep_their_flag_points_free():
    """RULES 13.1: each base holds its flag; an obstacle there would make it untakable."""
    data = small_layout(flag="double")
    data["obstacles"] += [{"id": "post-b", "kind": "cylinder", "at": "B:I13"},
                          {"id": "post-w", "kind": "cylinder", "at": "W:I13"}]
    problems = layout_problems(data, "f")
    rest = "flag's point (RULES 13.1): the flag must stay free"
    assert problems == [f"f: obstacle 'post-b' (#4): stands on B:I13, the Blue {rest}",
                        f"f: obstacle 'post-w' (#5): stands on W:I13, the White {rest}"]
    data["flag"] = "centre"  # no flag there now, but still a runner's start point (RULES 1.5)
    assert [line.split(": ", 2)[2][:32] for line in layout_problems(data, "f")] == [
        "stands on B:I13, a runner's star", "stands on W:I13, a runner's star"]
    data["obstacles"][-2]["at"], data["obstacles"][-1]["at"] = "B:B13", "W:B13"  # off the start points
    assert layout_problems(data, "f") == []


def test_control_characters_stay_on_one_line():
    data = small_layout()
    data["obstacles"][0]["id"] = "bad\nid"
    data["obstacles"][0]["kind"] = "bar\rrel"
    lines = layout_problems(data, "f")
    assert lines == [
        "f: obstacle 'bad\\nid' (#1): its 'id' holds a control character (\\n at character 4), which cannot "
        "be shown on one line; remove it",
        lines[1]]
    assert lines[1].startswith("f: obstacle 'bad\\nid' (#1): unknown kind 'bar\\rrel'")
    assert not any("\n" in line or "\r" in line for line in lines)


def test_a_control_character_in_a_name_is_refused_in_one_line(capsys, tmp_path):
    """Issue 24: a NUL in a layout's name passed ``validate`` (then the designer, the study and the
    Load page died drawing it). Every character ``paintcheck.printable`` escapes is refused in the
    texts a layout shows; spaces of any width and characters outside the BMP are not."""
    for char in ("\x00", "\x1b", "\n", "\x85", "\u2028", "\u202e"):
        (line,) = layout_problems(small_layout(name=f"Box{char} 21"), "f")
        assert line.startswith(f"f: 'name' holds a control character ({repr(char)[1:-1]} at character 4)")
    data = small_layout()
    data["obstacles"][0]["name"] = "the\tsnake"
    assert layout_problems(data, "f") == [
        "f: obstacle 'a-b' (#1): its 'name' holds a control character (\\t at character 4), which cannot "
        "be shown on one line; remove it"]
    assert layout_problems(small_layout(name="Défi\u202f! \u00a0\U0001f3af"), "f") == []
    path = tmp_path / "nul.json"
    path.write_text(json.dumps(small_layout(name="Box\x00 21")), encoding="utf-8")
    assert main.main(["validate", str(path)]) == 2
    assert capsys.readouterr().out == (f"{path}: 'name' holds a control character (\\x00 at character 4), "
                                       "which cannot be shown on one line; remove it\n")


def test_a_layouts_name_is_at_most_80_characters_said_shortened():
    """Issue 24: a name of 900,000 characters froze every screen fitting it; the format caps it
    (``layout_schema.MAX_LAYOUT_NAME``), and the refusal quotes only its start."""
    assert layout_problems(small_layout(name="n" * 80), "f") == []
    (line,) = layout_problems(small_layout(name="n" * 900_000), "f")
    assert line == ("f: 'name' has 900000 characters, more than the 80 allowed: "
                    '"' + "n" * 36 + "...")


def test_names_and_ids_may_be_any_language():
    data = small_layout(name="Défi à Évry")
    data["obstacles"][0]["id"] = "fusée-b"
    data["obstacles"][1]["id"] = "fusée-w"
    assert layout_from_dict(data).name == "Défi à Évry"


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
_entry = st.fixed_dictionaries(
    {},
    optional={
        "id": st.text(max_size=4) | st.integers(),
        "kind": st.sampled_from([*catalogue.KINDS, "barrel"]) | _json,
        "at": st.sampled_from(["B:C5", "W:C5", "I0", "A0", "B:Q13", "Z9", "B:C14"]) | _json,
        "axis": st.sampled_from([0, 45, 90, 135, 180, 270, 315, 30, -45]) | _json,
        "x": _json,
    },
)


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {"obstacles": st.lists(_entry, max_size=6) | _json},
        optional={
            "format": st.just(FORMAT) | _json,
            "name": st.text(max_size=6) | _json,
            "flag": st.sampled_from(["centre", "double", "triple"]) | _json,
            "columns": st.integers(-3, 30) | _json,
            "rows_per_half": st.integers(-3, 15) | _json,
        },
    )
    | _json
)
@pytest.mark.slow
def test_any_json_gives_one_line_problems_and_never_raises(data):
    problems = layout_problems(data, "fuzz.json")
    for line in problems:
        assert line.startswith("fuzz.json: ")
        assert "\n" not in line and "\r" not in line
    if not problems:
        layout_from_dict(data).build()


# -- the validate command -----------------------------------------------------------------------


def test_validate_command_ok(capsys):
    files = [str(p) for p in SHIPPED]
    assert main.main(["validate", *files]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"ok: {default_layout_path()} (Box 21, 21 obstacles)"
    assert len(out) == len(files) and all(line.startswith("ok: ") for line in out)


def test_validate_command_mixed(capsys):
    bad = BAD / "missing_mirror.json"
    assert main.main(["validate", str(default_layout_path()), str(bad)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("ok: ")
    assert out[1].startswith(f"{bad}: obstacle 'left-b' (#1): has no mirror")
    assert len(out) == 2


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("missing", "no such file"),
        ("folder", "is a folder, not a layout file"),
        ("garbage", "is not a text file"),
        ("latin1", "is not UTF-8 text"),
        ("blank", "the file is empty"),
        ("huge", "is too large for a layout file"),
        ("unreadable", "cannot be read (permission denied)"),
        ("device", "is not a regular file"),
        ("deep", "nested too deeply"),
        ("long_number", "not valid JSON for a layout"),
    ],
)
def test_validate_command_never_tracebacks(tmp_path, capsys, monkeypatch, kind, says):
    path = tmp_path / "layout.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "garbage":
        path.write_bytes(bytes(range(256)) * 4)
    elif kind == "latin1":
        path.write_bytes('{"name": "Défi"}'.encode("latin-1"))
    elif kind == "blank":
        path.write_text("  \n\t\n", encoding="utf-8")
    elif kind == "huge":
        path.write_text(" " * (2 << 20) + "{}", encoding="utf-8")
    elif kind == "unreadable":
        path.write_text("{}", encoding="utf-8")

        def refuse(self, *args, **kwargs):
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "open", refuse)  # chmod 0 does not stop root
    elif kind == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif kind == "long_number":
        path.write_text('{"columns": ' + "7" * 5000 + "}", encoding="utf-8")
    elif kind == "device":
        path = Path(os.devnull)
    assert main.main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines == [f"{path}: {says}"] or (len(lines) == 1 and says in lines[0])
    assert lines[0].startswith(f"{path}: ")
    assert "Traceback" not in captured.out + captured.err


# -- the corpus of bad files --------------------------------------------------------------------


def test_the_corpus_is_complete():
    files = sorted(p.name for p in BAD.iterdir() if p.name != "expected.json")
    assert files == sorted(EXPECTED)
    assert len(files) >= 22
    assert len(set(EXPECTED.values())) == len(EXPECTED), "each file shows a distinct problem"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_layout_gets_its_one_line(name, capsys):
    path = BAD / name
    problems = validate_file(path)
    assert len(problems) == 1, problems
    (line,) = problems
    assert line.startswith(f"{path}: ")
    assert "\n" not in line
    assert EXPECTED[name] in line
    with pytest.raises(LayoutError) as info:
        load_layout(path)
    assert str(info.value) == line
    assert main.main(["validate", str(path)]) == 2
    assert capsys.readouterr().out == line + "\n"


def test_field_modules_use_no_pygame():
    folder = Path(catalogue.__file__).parent
    for source in folder.glob("*.py"):
        assert "pygame" not in source.read_text(encoding="utf-8"), source.name
