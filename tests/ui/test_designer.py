"""Design a field in the window, by posted mouse and key events: pieces dragged from the palette,
moved, turned, mirrored, undone and redone as one step, refused with their reason, renamed, saved;
and the shipped box21 field built from an empty field by clicks."""

from __future__ import annotations

import json

import pygame
import pytest

from paintcheck.field.layout_file import default_layout_path, layout_problems, layout_to_dict, load_layout
from tests.ui.driver import click, drag, hand_over_if_asked, move, press, step


@pytest.fixture
def designer(app):
    press(app, "design")  # the title's *Design a field*
    step(app, 2)
    assert app.scene.name == "designer" and app.scene.design.obstacles == ()
    return app.scene


def at(scene, point):
    return scene.t.to_screen(*point)


def key(app, k, mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    step(app)


def test_a_piece_dragged_from_the_palette_lands_with_its_mirrored_twin(app, designer):
    drag(app, designer.palette_rects["cylinder"].center, at(designer, (4, -6)))
    d = designer.design
    assert sorted(o.at for o in d.obstacles) == [(4, -6), (4, 6)]
    assert designer.selected == d.at((4, -6)).id
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # one undo takes both
    assert d.obstacles == ()
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert len(d.obstacles) == 2


def test_drag_to_move_turn_with_the_wheel_and_delete(app, designer):
    d = designer.design
    drag(app, designer.palette_rects["cylinder_lying"].center, at(designer, (3, -5)))
    piece = d.at((3, -5)).id
    drag(app, at(designer, (3, -5)), at(designer, (6, -5)))
    assert d.spec(piece).at == (6, -5) and d.twin(d.spec(piece)).at == (6, 5)
    move(app, at(designer, (6, -5)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    step(app)
    assert d.spec(piece).axis == 45 and d.twin(d.spec(piece)).axis == 315
    key(app, pygame.K_q)
    assert d.spec(piece).axis == 0
    key(app, pygame.K_DELETE)
    assert d.obstacles == ()


def test_a_red_ghost_says_why_and_the_box_limit_is_refused_with_its_reason(app, designer):
    click(app, designer.palette_rects["cylinder"].center)
    move(app, at(designer, designer.design.lattice.base_points("blue")[2]))
    specs, reason = designer.ghost()
    assert "a runner's start point" in reason and len(specs) == 2  # the piece and its twin
    press(app, "mirror")  # one pyramid only: placed off the line, its twin would be a second
    assert not designer.design.mirror
    for x in (2, 12):
        click(app, designer.palette_rects["pyramid"].center)
        click(app, at(designer, (x, -4)))
    assert len(designer.design.obstacles) == 1
    assert app.message[0].startswith("the box holds 1 pyramid (RULES 2.1)")
    press(app, "box")  # off: free
    click(app, at(designer, (12, -4)))
    assert len(designer.design.obstacles) == 2
    assert any(words.startswith("has no mirror") for _, words in designer.design.problems())  # a check


def test_rename_save_and_the_file_loads_back_equal_and_valid(app, designer, user_data):
    drag(app, designer.palette_rects["cone"].center, at(designer, (5, -3)))
    press(app, "rename")
    designer.entry.set_text("left-cone-b")
    key(app, pygame.K_RETURN)
    d = designer.design
    assert d.at((5, -3)).id == "left-cone-b" and d.at((5, 3)).id == "left-cone-w"
    press(app, "rename-field")
    designer.entry.set_text("Two cones")
    key(app, pygame.K_RETURN)
    press(app, "save")
    path = designer.path
    assert path is not None and path.is_relative_to(user_data) and not d.changed
    loaded = load_layout(path)
    assert loaded == d.layout().__class__(**{**d.layout().__dict__, "source": loaded.source})
    assert layout_problems(json.loads(path.read_text(encoding="utf-8"))) == []


def test_save_is_refused_while_a_check_stands(app, designer):
    press(app, "mirror")
    drag(app, designer.palette_rects["cone"].center, at(designer, (5, -3)))
    assert designer.controls.choices["save"].reason.startswith("1 check stands")
    press(app, "save")
    assert designer.path is None


def test_leaving_with_unsaved_changes_asks_first(app, designer):
    drag(app, designer.palette_rects["cone"].center, at(designer, (5, -3)))
    press(app, "back")
    assert app.scene is designer and "leave-yes" in designer.controls.choices
    press(app, "leave-no")
    assert app.scene is designer
    press(app, "back")
    press(app, "leave-yes")
    assert app.scene.name == "title"


def test_the_shipped_box21_field_built_from_an_empty_field_by_clicks(app, designer):
    """Mirror on: Blue's half and the centre line by clicks (a lying piece turned with E), the
    saved file is the shipped field (same pieces, points and axes)."""
    shipped = load_layout(default_layout_path())
    press(app, "rename-field")
    designer.entry.set_text(shipped.name)
    key(app, pygame.K_RETURN)
    for o in (o for o in shipped.obstacles if o.at[1] <= 0):
        click(app, designer.palette_rects[o.kind].center)
        for _ in range(o.axis // 45):  # the piece held is turned before it is laid
            key(app, pygame.K_e)
        click(app, at(designer, o.at))
        assert designer.design.spec(designer.selected).at == o.at, (o, app.message)
    press(app, "save")
    built = load_layout(designer.path)
    key_of = lambda o: (o.kind, o.at, o.axis)  # noqa: E731
    assert sorted(map(key_of, built.obstacles)) == sorted(map(key_of, shipped.obstacles))
    assert layout_problems(layout_to_dict(built)) == []
    # then a match on it, from the field chooser, by clicks: the break sheets
    press(app, "back")
    press(app, "new")
    new_match_on = f"play-yours-{designer.path.name}"
    assert new_match_on in app.scene.controls.choices
    press(app, new_match_on)
    hand_over_if_asked(app)
    assert app.scene.name == "match" and app.scene.sheet is not None
    assert app.session.table.field.layout.obstacles == built.obstacles


def test_a_pieces_check_is_drawn_on_it_and_said_on_hover(app, designer):
    press(app, "mirror")
    drag(app, designer.palette_rects["cone"].center, at(designer, (5, -3)))
    oid = designer.design.at((5, -3)).id
    move(app, at(designer, (5, -3)))
    shown = []
    real_tip = designer.tip
    designer.tip = lambda surface, words, colour: shown.append(words) or real_tip(surface, words, colour)
    step(app)
    assert shown and shown[-1].startswith(f"{oid}: has no mirror")


def test_design_command_refuses_a_bad_file_before_any_window(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    done = subprocess.run([sys.executable, "main.py", "design", str(bad)], cwd=root, capture_output=True,
                          text=True, timeout=60, env={"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 2 and done.stderr.startswith(f"error: {bad}") and done.stderr.count("\n") == 1


def test_open_lists_the_fields_and_a_shipped_one_opens_read_only(app, designer):
    press(app, "open-field")
    assert app.scene.name == "fields"
    press(app, "design-shipped-box21.json")
    assert app.scene is designer and designer.read_only and len(designer.design.obstacles) == 21
    assert designer.controls.choices["save"].reason == "a shipped layout is read-only: save it as a copy"
    press(app, "save-as")
    assert designer.path.parent.name == "layouts" and not designer.read_only
    press(app, "play")
    assert app.session is not None and app.session.table.field.layout.name == "Box 21"


def test_export_writes_the_field_as_a_png(app, designer, user_data):
    drag(app, designer.palette_rects["cylinder"].center, at(designer, (4, -6)))
    press(app, "export")
    words = app.message[0]
    assert words.startswith("Exported 1200 × ")
    path = words.split(" to ", 1)[1]
    assert path.endswith(".png") and pygame.image.load(path).get_width() == 1200
