"""Un pour un table files (issue 30, items 3 and 4): the shipped tables validate and are playable;
each kind of bad file is refused with one line naming the file and what is wrong (also by
``paintcheck validate``, exit 2); a table writes and reads back equal, atomically."""

from __future__ import annotations

import copy
import json
import os

import pytest
import shapely

from paintcheck.cli import main
from paintcheck.said import Said
from paintcheck.ui import i18n
from paintcheck.unpourun.table_file import (
    MIN_ZONE_ROOM,
    TableFileError,
    default_table_path,
    dumps_table,
    load_table,
    save_table,
    shipped_tables,
    table_from_dict,
    table_problems,
    validate_file,
)
from paintcheck.unpourun.terrain import BASE_RADIUS, ZONE_GAP, Kind

SHIPPED = shipped_tables()


def good() -> dict:
    return json.loads(default_table_path().read_text(encoding="utf-8"))


def test_three_tables_are_shipped_and_each_validates():
    assert [p.name for p in SHIPPED] == ["hill_fort.json", "village.json", "woodland.json"]
    for path in SHIPPED:
        assert validate_file(path) == []
        table = load_table(path)
        assert {p.kind for p in table.pieces} >= {Kind.DIFFICULT, Kind.IMPASSABLE}
        assert any(p.height >= 2 for p in table.pieces)  # something hides


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_each_shipped_table_is_playable(path):
    """No impassable piece in a deployment zone, and the zones joined by ground a base can cross."""
    table = load_table(path)
    zones = [shapely.Polygon(z.points) for z in table.zones]
    walls = shapely.union_all([shapely.Polygon(p.points) for p in table.pieces if p.kind is Kind.IMPASSABLE])
    assert not any(zone.intersects(walls) for zone in zones)
    free = shapely.box(0, 0, table.width, table.depth).buffer(-BASE_RADIUS, join_style="mitre").difference(
        walls.buffer(BASE_RADIUS))
    parts = list(getattr(free, "geoms", [free]))
    assert any(part.intersects(zones[0]) and part.intersects(zones[1]) for part in parts)


def _set(path, value):
    def change(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def _drop(key):
    return lambda data: data.pop(key)


def _bowtie(data):
    data["pieces"][0]["points"] = [[10, 20], [14, 24], [14, 20], [10, 24]]


def _shallow(data):
    """A table 40 deep with the default strips: 12 apart."""
    del data["zones"]
    data["depth"], data["pieces"] = 40, []


def _walled_zone(data):
    data["pieces"].append({"kind": "impassable", "height": 0, "points": [[0, 0], [48, 0], [48, 13], [0, 13]]})


BAD = [  # (change, the words the line must hold)
    (_bowtie, "piece 1 (oak wood): not a simple polygon: its edges cross near (12, 22)"),
    (_set(["pieces", 2, "points"], [[1, 1], [2, 2], [3, 3]]), "piece 3 (thicket): no area"),
    (_set(["pieces", 1, "points"], [[40, 10], [50, 10], [50, 14]]),
     "piece 2 (beech wood): not wholly on the 48 × 48"),
    (_set(["pieces", 1, "points"], [[-1, 10], [5, 10], [5, 14]]), "piece 2 (beech wood): not wholly on"),
    (_set(["zones"], [[[0, 0], [48, 0], [48, 14], [0, 14]], [[0, 30], [48, 30], [48, 48], [0, 48]]]),
     f"the deployment zones are 16 pas apart, less than the {ZONE_GAP:g}"),
    (_shallow, "the deployment zones are 12 pas apart"),
    (_set(["pieces", 2, "kind"], "swamp"), "piece 3 (thicket): 'kind' must be one of 'open', 'difficult', "
                                          "'impassable', not \"swamp\""),
    (_set(["pieces", 2, "height"], 21), "piece 3 (thicket): 'height' must be at most 20, not 21"),
    (_set(["pieces", 2, "height"], -1), "'height' must be at least 0, not -1"),
    (_set(["pieces", 2, "height"], 2.5), "'height' must be a whole number, not a number (2.5)"),
    (_set(["pieces", 2, "points", 1], [3]),
     "piece 3 (thicket): a point is a list of two numbers [x, y], not [3]"),
    (_set(["pieces", 2, "points", 1], ["a", 2]), "a point is a list of two numbers"),
    (_set(["pieces", 2, "points"], [[1, 1], [2, 2]]), "'points' must have at least 3 items, not 2"),
    (_set(["pieces", 2, "colour"], "red"), "piece 3 (thicket): unknown key 'colour'"),
    (_set(["colour"], "red"), "the table: unknown key 'colour'"),
    (_drop("name"), "the table: missing key 'name'"),
    (_set(["width"], 10), "'width' must be at least 24, not 10"),
    (_set(["zones"], [[[0, 0], [48, 0], [48, 14], [0, 14]]]), "'zones' must have at least 2 items, not 1"),
    (_walled_zone, f"zone A: too little room to deploy: 23.5 square pas where a base can stand, less than "
                   f"{MIN_ZONE_ROOM:g}"),
    (_set(["format"], "unpourun-table/9"), "unknown format 'unpourun-table/9' (this program reads "
                                           "'unpourun-table/1')"),
    (_set(["name"], "bad\x1bname"), "the table: the text 'name' holds a control character"),
]


@pytest.mark.parametrize("change, words", BAD, ids=[w[:40] for _, w in BAD])
def test_a_bad_table_is_refused_in_one_line_naming_the_file_and_the_fault(tmp_path, change, words):
    data = copy.deepcopy(good())
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    lines = validate_file(path)
    assert len(lines) == 1 and "\n" not in lines[0], lines
    assert lines[0].startswith(f"{path}: ") and words in lines[0], lines
    with pytest.raises(TableFileError) as refused:
        load_table(path)
    assert refused.value.problems == lines


def test_the_refusals_are_said_in_french_too():
    data = good()
    _bowtie(data)
    (line,) = table_problems(data, "t.json")
    assert isinstance(line, Said)
    french = i18n.say(line, "fr")
    assert french.startswith("t.json\u202f: l’élément 1 (oak wood)\u202f: pas un polygone simple")


@pytest.mark.parametrize("text, words", [
    ('{"format": "unpourun-table/1",', "not valid JSON"),
    ("[1, 2]", "a table file holds one JSON object {...}, not a list"),
    ('{"format": "unpourun-table/1", "name": "x", "pieces": [], "pieces": []}', "appears twice"),
    ("", "the file is empty"),
])
def test_an_unreadable_table_file_is_one_line(tmp_path, text, words):
    path = tmp_path / "t.json"
    path.write_text(text, encoding="utf-8")
    (line,) = validate_file(path)
    assert line.startswith(f"{path}: ") and words in line


def test_validate_reads_tables_and_layouts_by_their_format(tmp_path, capsys):
    layout = default_table_path().parents[1] / "box21.json"
    assert main.main(["validate", *map(str, SHIPPED), str(layout)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"ok: {SHIPPED[0]} (Ruined hill fort, 48 × 48 pas, 15 pieces)"
    assert out[-1] == f"ok: {layout} (Box 21, 21 obstacles)"
    data = good()
    _bowtie(data)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main.main(["validate", str(SHIPPED[0]), str(bad)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith(f"{bad}: piece 1 (oak wood): not a simple polygon") and len(out) == 2
    data["format"] = "unpourun-table/2"  # a later version: the table checks say what they read
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main.main(["validate", str(bad)]) == 2
    assert capsys.readouterr().out == (f"{bad}: unknown format 'unpourun-table/2' (this program reads "
                                       f"'unpourun-table/1')\n")


def test_a_table_writes_and_reads_back_equal(tmp_path):
    for path in SHIPPED:
        table = load_table(path)
        target = tmp_path / path.name
        save_table(table, target)
        assert target.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
        again = load_table(target)
        assert (again.pieces, again.zones, again.name, again.name_fr) == (
            table.pieces, table.zones, table.name, table.name_fr)


def test_a_table_that_would_not_load_back_is_never_written(tmp_path):
    target = tmp_path / "mine.json"
    target.write_text("precious", encoding="utf-8")
    data = good()
    table = table_from_dict(data)
    zones = (table.zones[0], table.zones[0])
    broken = type(table)(table.width, table.depth, zones, table.pieces, table.name)
    with pytest.raises(TableFileError):
        save_table(broken, target)
    assert target.read_text(encoding="utf-8") == "precious" and os.listdir(tmp_path) == ["mine.json"]
    assert dumps_table(table).endswith("\n")
