"""Names a player reads (issue 11): an obstacle is "cylinder at H6" in his coach's own half, "lying
cylinder at B:B6" for both coaches, or the name its layout gives it; never a file's id."""

from __future__ import annotations

import json
from pathlib import Path

from paintcheck.field.layout_file import layout_from_dict, layout_problems, layout_to_dict
from paintcheck.geometry.measurer import FieldMeasurer
from paintcheck.rules.legality import why_stance_illegal
from paintcheck.rules.values import line_of_fire_total

BOX21_FILE = Path(__file__).resolve().parents[2] / "layouts" / "box21.json"
BOX21 = json.loads(BOX21_FILE.read_text(encoding="utf-8"))


def _field(data=BOX21):
    return layout_from_dict(data).build()


def test_an_obstacle_is_named_by_its_kind_and_place_in_each_coachs_words():
    field = _field()
    lying = next(o for o in field.obstacles if o.kind.id == "cylinder_lying" and o.at[1] < 0)
    spot = field.layout.lattice.format(lying.at, "blue")
    assert lying.name_for("blue") == f"lying cylinder at {spot}"
    assert lying.name_for("white") == lying.name == f"lying cylinder at B:{spot}"
    carrot = next(o for o in field.obstacles if o.kind.id == "cone_lying")
    assert carrot.name.startswith("carrot at ")
    assert all(o.id not in o.name for o in field.obstacles if "-" in o.id)


def test_a_layout_may_give_a_piece_a_name_the_id_stays_for_files():
    data = json.loads(json.dumps(BOX21))
    data["obstacles"][0]["name"] = "the snake's head"
    layout = layout_from_dict(data)
    assert layout.obstacles[0].name == "the snake's head"
    assert layout_to_dict(layout)["obstacles"][0]["name"] == "the snake's head"
    assert layout.build().obstacles[0].name_for("white") == "the snake's head"
    data["obstacles"][0]["name"] = "x" * 41
    assert any("name" in p for p in layout_problems(data))
    data["obstacles"][0]["name"] = "bad \ud800"
    assert any("'name' holds a lone surrogate" in p for p in layout_problems(data))


def test_the_rules_name_obstacles_by_name_in_shots_and_refusals():
    field = _field()
    m = FieldMeasurer(field)
    pyr = next(o for o in field.obstacles if o.kind.id == "pyramid")
    x, y = pyr.points[0]
    (touches,) = m.lines_of_fire((x, y - 3), [(x, y + 3)])
    _, parts = line_of_fire_total("standing", touches)
    assert parts[0][0] == f"crosses {pyr.name} (high)"
    cyl = next(o for o in field.obstacles if o.kind.id == "cylinder")
    beside = (cyl.points[0][0] + 1, cyl.points[0][1])
    assert why_stance_illegal(m, beside, cyl.id, "over") == f"the {cyl.name} is too high to play over"


# -- a layout's French name (issue 25, item 9) ----------------------------------------------------------
def test_a_layout_may_carry_a_french_name_checked_like_its_name():
    data = dict(BOX21, name_fr="Boîte 21")
    layout = layout_from_dict(data)
    assert (layout.name_in("en"), layout.name_in("fr")) == ("Box 21", "Boîte 21")
    assert layout_to_dict(layout)["name_fr"] == "Boîte 21"
    assert layout_from_dict(layout_to_dict(layout)) == layout
    plain = {k: v for k, v in BOX21.items() if k != "name_fr"}
    assert layout_from_dict(plain).name_in("fr") == "Box 21" and "name_fr" not in layout_to_dict(
        layout_from_dict(plain))
    for bad, said in ((3, "'name_fr' must be a text, not a number (3)"), ("", "'name_fr' must not be empty"),
                      ("x" * 81, "'name_fr' has 81 characters, more than the 80 allowed"),
                      ("Bo\x1bîte", "'name_fr' holds a control character (\\x1b at character 3)")):
        problems = layout_problems(dict(BOX21, name_fr=bad), "f.json")
        assert len(problems) == 1 and problems[0].startswith(f"f.json: {said}"), problems


def test_every_shipped_layout_has_a_french_name():
    for path in sorted(BOX21_FILE.parent.glob("*.json")):
        layout = layout_from_dict(json.loads(path.read_text(encoding="utf-8")))
        assert layout.name_fr and layout.name_fr != layout.name, path.name
