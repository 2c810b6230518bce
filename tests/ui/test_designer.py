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


def test_a_dragged_piece_is_held_by_the_scenes_own_events_and_its_ghost_edits_nothing(app, designer,
                                                                                      monkeypatch):
    """Issue 27, item 4: the held button comes from the events the scene was sent (pygame's own
    state is never asked), and the ghost asks the design whether the move would be legal, never
    making it and undoing it."""
    from paintcheck.field.design import Design

    drag(app, designer.palette_rects["cone"].center, at(designer, (5, -3)))
    piece = designer.design.at((5, -3)).id
    real_push = Design._push
    monkeypatch.setattr(pygame.mouse, "get_pressed", lambda *a, **k: pytest.fail("pygame asked"))
    monkeypatch.setattr(Design, "_push", lambda self, snapshot: pytest.fail("the ghost edited the design"))
    start, end = at(designer, (5, -3)), at(designer, (7, -3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    step(app, 2)
    specs, reason = designer.ghost()  # the piece follows the hand, its twin mirrored
    assert reason is None and [s.at for s in specs] == [(7, -3), (7, 3)]
    blocked = at(designer, designer.design.lattice.base_points("blue")[3])
    move(app, blocked)
    assert "a runner's start point" in designer.ghost()[1]  # refused, and said, without an edit
    move(app, end)
    monkeypatch.setattr(Design, "_push", real_push)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app)
    assert designer.design.spec(piece).at == (7, -3)
    assert designer.ghost() is None  # the button is up: nothing is held


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


@pytest.mark.slow
def test_the_shipped_box21_field_built_from_an_empty_field_by_clicks(app, designer):
    """Mirror on: Blue's half and the centre line by clicks (a lying piece turned with E), the
    saved file is the shipped field (same pieces, points and axes), under a name of its own (the
    shipped field's is taken)."""
    shipped = load_layout(default_layout_path())
    press(app, "rename-field")
    designer.entry.set_text(shipped.name + " by clicks")
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


def test_a_pieces_check_is_drawn_on_it_and_said_on_hover(app, designer, monkeypatch):
    from paintcheck.ui import designer_view

    press(app, "mirror")
    drag(app, designer.palette_rects["cone"].center, at(designer, (5, -3)))
    oid = designer.design.at((5, -3)).id
    move(app, at(designer, (5, -3)))
    shown = []
    real_tip = designer_view.tip

    def tip(surface, area, mouse, words, colour):
        shown.append(words)
        real_tip(surface, area, mouse, words, colour)

    monkeypatch.setattr(designer_view, "tip", tip)
    step(app)
    assert oid not in shown[-1] and shown[-1].startswith("cone at B:F3: has no mirror")  # as players say it


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
    press(app, "save-as")  # its name asked: "Box 21 (copy)"
    key(app, pygame.K_RETURN)
    assert designer.path.parent.name == "layouts" and not designer.read_only
    press(app, "play")
    press(app, "play-start")  # who coaches asked first: the choice as it was
    assert app.session is not None and app.session.table.field.layout.name == "Box 21 (copy)"


def test_export_writes_the_field_as_a_png(app, designer, user_data):
    drag(app, designer.palette_rects["cylinder"].center, at(designer, (4, -6)))
    press(app, "export")
    words = app.message[0]
    assert words.startswith("Exported 1200 × ")
    path = words.split(" to ", 1)[1]
    assert path.endswith(".png") and pygame.image.load(path).get_width() == 1200


# -- issue 25, item 6 ---------------------------------------------------------------------------------
class Lines:
    """Every line ``theme.blit_text`` draws, with where it went and its colour."""

    def __init__(self, monkeypatch) -> None:
        from paintcheck.ui import theme

        self.drawn: list[tuple[str, pygame.Rect, tuple]] = []
        blit = theme.blit_text

        def recording(surface, words, pos, size=14, colour=theme.TEXT, bold=False, anchor="topleft"):
            rect = blit(surface, words, pos, size, colour, bold, anchor)
            self.drawn.append((words, rect, tuple(colour)[:3]))
            return rect

        monkeypatch.setattr(theme, "blit_text", recording)

    def frame(self, app) -> list[tuple[str, pygame.Rect, tuple]]:
        self.drawn.clear()
        step(app)
        return list(self.drawn)


def test_a_refused_pieces_sentence_stays_inside_the_field_and_the_window(french_app, monkeypatch):
    """In French, at the smallest window, a lying cylinder held over a start point: its refusal (184
    characters, wider than the field) is wrapped under the mouse inside the field; dropped there, the
    refusal flashed is wrapped inside the window."""
    from paintcheck.field.lattice import point_name
    from paintcheck.ui import i18n, theme

    app = french_app
    app.resize((1280, 720))
    app.open_designer(None)
    step(app, 2)
    scene = app.scene
    lines = Lines(monkeypatch)
    click(app, scene.palette_rects["cylinder_lying"].center)
    point = scene.design.lattice.base_points("blue")[-1]
    move(app, at(scene, point))
    reason = i18n.say(scene.ghost()[1])
    assert theme.text_width(reason, 12, True) > scene.field_area.width  # longer than the field is wide
    boxes, box = [], pygame.draw.rect
    monkeypatch.setattr(pygame.draw, "rect", lambda surface, colour, rect, *args, **kwargs: (
        boxes.append(pygame.Rect(rect)) if tuple(colour)[:3] == (150, 30, 30) else None,
        box(surface, colour, rect, *args, **kwargs))[1])
    tip = [(words, rect) for words, rect, _ in lines.frame(app) if words in reason]
    assert boxes and all(scene.field_area.contains(rect) for rect in boxes), boxes  # its background
    assert " ".join(words for words, _ in tip) == reason
    assert all(scene.field_area.contains(rect) for _, rect in tip), [r for _, r in tip]
    monkeypatch.setattr(pygame.draw, "rect", box)
    click(app, at(scene, point))  # refused: said under the panel
    assert scene.design.obstacles == () and app.message[0] == reason
    said = [(words, rect) for words, rect, colour in lines.frame(app) if colour == theme.TEXT_WARN[:3]
            and words in reason]
    assert " ".join(words for words, _ in said) == reason
    assert all(app.screen.get_rect().contains(rect) for _, rect in said), [r for _, r in said]
    key(app, pygame.K_ESCAPE)  # nothing held: the status bar's hint, the longest, stays in its bar
    hint = f"{point_name(point)}   ·   {i18n.tr('designer.status')}"
    status = [(words, rect) for words, rect, _ in lines.frame(app) if words in hint]
    assert " ".join(words for words, _ in status) == hint
    bar = pygame.Rect(0, app.size[1] - 28, scene.field_area.width, 28)
    assert all(bar.contains(rect) for _, rect in status), status


@pytest.mark.slow
def test_save_as_a_copy_asks_a_name_no_other_field_has(app, designer, user_data):
    """A shipped field's copy is named in an entry ("Box 21 (copy)"); a name another field of the
    chooser has (its own, in either language) is refused and asked again; the file is named after
    the name, and the chooser lists one field of each name."""
    from paintcheck.ui import saves

    press(app, "open-field")
    press(app, "design-shipped-box21.json")
    press(app, "save-as")
    assert designer.entry is not None and designer.entry.get_text() == "Box 21 (copy)"
    assert not saves.user_layouts_dir().exists() or not list(saves.user_layouts_dir().iterdir())
    for taken in ("Box 21", "box 21", "Serpent"):  # any case; a French name too
        designer.entry.set_text(taken)
        key(app, pygame.K_RETURN)
        assert designer.entry is not None and designer.entry.get_text() == taken  # asked again
        assert app.message[0] == f"another field is already called “{taken}”: choose another name"
        assert designer.read_only  # nothing saved
    designer.entry.set_text("My own box")
    key(app, pygame.K_RETURN)
    assert designer.entry is None and designer.path.name == "my-own-box.json" and not designer.read_only
    assert load_layout(designer.path).name == "My own box"
    press(app, "save-as")  # a copy of the copy: offered "My own box (copy)"
    key(app, pygame.K_RETURN)
    assert designer.path.name == "my-own-box-copy.json"
    names = [e.name for e in saves.list_fields()]
    assert len(names) == len(set(names)) and {"Box 21", "My own box", "My own box (copy)"} <= set(names)
    press(app, "new-field")  # a new field may not take another field's name either
    press(app, "rename-field")
    designer.entry.set_text("My own box")
    key(app, pygame.K_RETURN)
    assert designer.entry is not None and designer.design.name != "My own box"
    key(app, pygame.K_ESCAPE)
    for n in (1, 2):  # two new fields, both "New field": the second is asked its name when saved
        drag(app, designer.palette_rects["cylinder"].center, at(designer, (4, -6)))
        press(app, "save")
        if n == 2:
            assert designer.path is None and designer.editing == "save"
            assert designer.entry.get_text() == "New field"
            designer.entry.set_text("Second field")
            key(app, pygame.K_RETURN)
        press(app, "new-field")
    assert {"New field", "Second field"} <= {e.name for e in saves.list_fields()}
    assert (saves.user_layouts_dir() / "second-field.json").exists()


def test_a_shipped_field_over_the_box_says_so_as_checks_while_box_is_on(app, designer, monkeypatch):
    """Snake uses 12 cylinders, 11 cones, 6 small rockets and 2 pyramids: with Box on, four checks,
    listed like validate's (and saving waits for them); with Box off, none."""
    from paintcheck.field.layout_file import layouts_dir

    app.open_designer(layouts_dir() / "snake.json")
    step(app, 2)
    drawn = Lines(monkeypatch)
    words = [w for w, _, _ in drawn.frame(app)]
    checks = designer.design.problems()
    assert [oid for oid, _ in checks] == [None] * 4
    said = [str(w) for _, w in checks]
    for holds, uses in (("8 cylinders", 12), ("6 cones", 11), ("1 pyramid", 2), ("4 small rockets", 6)):
        assert f"the box holds {holds} (RULES 2.1) and the field uses {uses}: turn the Box switch off " \
               "for a free field" in said
    assert "Checks (4):" in words
    assert designer.controls.choices["save-as"].reason.startswith("4 checks stand: the box holds 8 cylinders")
    press(app, "box")
    assert designer.design.problems() == []
    assert "Checks: none — the field passes validate" in [w for w, _, _ in drawn.frame(app)]


def test_play_on_this_field_asks_who_coaches(app, designer):
    """The same choice as *New match*: a person, or the computer at a strength; the match starts
    with it."""
    press(app, "open-field")
    press(app, "design-shipped-box21.json")
    press(app, "play")
    assert app.session is None and app.scene is designer  # not yet: asked first
    asked = {"coach-blue-person", "coach-white-hard", "play-start", "play-cancel"}
    assert asked <= set(designer.controls.choices)
    press(app, "coach-white-normal")
    assert app.coaches == {"white": "normal"}  # the window's choice, as New match keeps it
    press(app, "play-cancel")
    assert "play-start" not in designer.controls.choices and app.scene is designer
    press(app, "play")
    press(app, "play-start")
    assert app.scene.name in ("match", "handover") and app.session.coaches == {"white": "normal"}
    assert app.session.table.field.layout.name == "Box 21"


@pytest.mark.parametrize(("file", "flags"), [("box21.json", {"centre": (8, 0)}),
                                             ("box21_small.json", None)])
def test_the_flags_are_drawn_as_the_match_draws_them(app, designer, file, flags):
    from paintcheck.field.layout_file import layouts_dir
    from paintcheck.ui import theme

    app.open_designer(layouts_dir() / file)
    step(app, 2)
    homes = designer.design.layout().flag_homes()
    assert flags is None or homes == flags
    for fid, (x, y) in homes.items():
        cx, cy = at(designer, (x, y))
        s = designer.t.scale
        cloth = (cx + int(s * 0.1) + int(s * 0.15), cy - int(s * 0.9) + int(s * 0.18))  # inside its cloth
        assert tuple(app.screen.get_at(cloth))[:3] == tuple(theme.TEAM.get(fid, theme.FLAG))[:3], fid


def test_checks_and_the_selection_name_the_pieces_as_players_do(app, designer, monkeypatch):
    """"cone at B:F3", "small rocket at W:E2": never the file's ids, in the panel, the hover and the
    save's refusal."""
    press(app, "mirror")
    drag(app, designer.palette_rects["cone"].center, at(designer, (5, -3)))
    drag(app, designer.palette_rects["rocket_small"].center, at(designer, (4, 2)))
    ids = {o.id for o in designer.design.obstacles}
    drawn = Lines(monkeypatch)
    words = [w for w, _, _ in drawn.frame(app)]
    assert "small rocket at W:E2" in words  # the selection
    assert "cone at B:F3: has no mirror: a cone at W:F3 should mirror it" in words
    assert not [w for w in words if any(oid in w for oid in ids)], words
    assert not any(oid in designer.controls.choices["save"].reason for oid in ids)
