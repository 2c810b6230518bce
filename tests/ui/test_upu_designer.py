"""Design an Un pour un table in the window, by posted mouse and key events: a shape dragged from
the palette, moved, undone and redone as one step; a zone's edge and a piece's corner dragged; a
table the file's checks refuse shows the file's own reason and is never written; saved and opened
again equal; a shipped table opened as a copy; the picture exported."""

from __future__ import annotations

import pygame
import pytest

from paintcheck.ui import i18n, saves
from paintcheck.ui.unpourun.designer_files import user_tables_dir
from paintcheck.ui.unpourun.designer_model import problem_of, resize_handle
from paintcheck.ui.unpourun.designer_view import CHECK
from paintcheck.ui.unpourun.table_edits import Shape, box_corner
from paintcheck.unpourun.table_file import (
    load_table,
    save_table,
    shipped_tables,
    table_problems,
    table_to_dict,
)
from paintcheck.unpourun.terrain import Kind, Table
from tests.ui.driver import Drawn, click, drag, move, step
from tests.ui.french import Drawn as FrenchDrawn
from tests.ui.french import assert_french


@pytest.fixture
def designer(app):
    app.switch("upu_designer")
    step(app, 2)
    scene = app.scene
    assert scene.name == "upu_designer" and scene.table.pieces == ()
    return scene


def key(app, k, mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    step(app)


def cell(scene, shape, kind):
    return scene.placed.palette_rects[(Shape(shape), Kind(kind))].center


def file_reasons(table) -> list[str]:
    """The table file's own reasons, as the window words them (without the file's name)."""
    return [i18n.say(problem_of(line)) for line in table_problems(table_to_dict(table))]


def test_a_shape_dragged_from_the_palette_then_moved_undone_and_redone(app, designer):
    drag(app, cell(designer, "rectangle", "impassable"), designer.to_screen((20, 24)))
    (piece,) = designer.table.pieces
    assert piece.kind == Kind.IMPASSABLE and piece.height == 2
    assert piece.points == ((17, 22), (23, 22), (23, 26), (17, 26))
    assert designer.model.hand.selected == 0
    drag(app, designer.to_screen((20, 24)), designer.to_screen((30, 27)))
    assert designer.table.pieces[0].points == ((27, 25), (33, 25), (33, 29), (27, 29))
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the whole drag is one step
    assert designer.table.pieces[0].points == piece.points
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert designer.table.pieces == ()
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert designer.table.pieces[0].points[0] == (27, 25)


def test_corner_handle_kind_height_turn_and_drag_off_the_table(app, designer):
    click(app, cell(designer, "rectangle", "open"))
    click(app, designer.to_screen((24, 24)))
    drag(app, designer.to_screen((27, 26)), designer.to_screen((29.5, 30)))  # the top-right corner
    assert designer.table.pieces[0].points == ((21, 22), (27, 22), (29.5, 30), (21, 26))
    click(app, designer.controls.rect("kind-difficult").center)
    click(app, designer.controls.rect("height-more").center)
    piece = designer.table.pieces[0]
    assert (piece.kind, piece.height) == (Kind.DIFFICULT, 2)
    handle = resize_handle(piece.points, designer.view.reach(designer.placed))
    drag(app, designer.to_screen(handle), designer.to_screen((33, 34)))  # the round handle stretches it
    points = designer.table.pieces[0].points
    assert (min(x for x, _ in points), min(y for _, y in points)) == (21, 22)
    assert box_corner(points) == (33, 34)
    piece = designer.table.pieces[0]
    key(app, pygame.K_q)  # 15 degrees, counter-clockwise
    assert designer.table.pieces[0].points != piece.points
    drag(app, designer.to_screen((25, 26)), (designer.placed.px + 200, 900))  # off the table: deleted
    assert designer.table.pieces == ()


def test_a_zone_too_near_shows_the_files_reason_and_is_not_saved(app, designer, monkeypatch):
    drag(app, designer.to_screen((30, 14)), designer.to_screen((30, 20)))  # zone A's inner edge
    zone_a = designer.table.zones[0]
    assert max(y for _, y in zone_a.points) == 20
    (reason,) = file_reasons(designer.table)
    assert "14 pas apart" in reason
    drawn = Drawn(monkeypatch)
    assert reason in " ".join(drawn.words(app))  # the panel lists it as the file says it
    for zone in ((0, 7), (0, 41)):  # both zones outlined as named by the check
        assert tuple(app.screen.get_at(designer.to_screen(zone)))[:3] == CHECK
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert reason in app.message[0]
    assert not user_tables_dir().exists() or not list(user_tables_dir().iterdir())
    assert designer.controls.choices["save"].reason is not None  # the button is greyed with it


def test_a_piece_off_the_table_shows_the_files_reason_and_is_not_saved(app, designer):
    click(app, cell(designer, "octagon", "difficult"))
    move(app, designer.to_screen((2, 24)))
    ghost, said = designer.view.ghost(designer.placed)  # the shape held: red with the file's reason
    assert designer.table.pieces == () and i18n.say(said) == file_reasons(ghost)[0]
    click(app, designer.to_screen((2, 24)))
    (reason,) = file_reasons(designer.table)
    assert reason == i18n.say(said)
    assert reason.startswith("piece 1: not wholly on the 48 × 48 table")
    click(app, designer.controls.rect("save").center)  # greyed: nothing happens
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert reason in app.message[0] and designer.model.path is None
    assert not user_tables_dir().exists() or not list(user_tables_dir().iterdir())


def test_saved_then_opened_again_equal(app, designer):
    drag(app, cell(designer, "l_shape", "impassable"), designer.to_screen((12, 24)))
    drag(app, cell(designer, "octagon", "open"), designer.to_screen((36, 24)))
    click(app, designer.controls.rect("width-more").center)
    click(app, designer.controls.rect("depth-more").center)
    table = designer.table
    assert (table.width, table.depth) == (54, 54) and max(y for _, y in table.zones[1].points) == 54
    click(app, designer.controls.rect("save").center)
    path = designer.model.path
    assert path is not None and path.parent == user_tables_dir() and not designer.model.design.changed
    assert table_to_dict(load_table(path)) == table_to_dict(table)
    app.switch("title")
    app.switch("upu_designer", path=path)
    step(app, 2)
    assert app.scene.model.path == path and table_to_dict(app.scene.table) == table_to_dict(table)


def test_a_shipped_table_opens_as_a_copy(app, designer):
    shipped = shipped_tables()[0]
    before = shipped.read_bytes()
    click(app, designer.controls.rect("open").center)
    name = load_table(shipped).name
    key_ = next(k for k, c in designer.controls.choices.items() if name in c.button.text)
    click(app, designer.controls.rect(key_).center)
    assert designer.model.path is None and designer.table.name == f"{name} (copy)"
    assert [p.points for p in designer.table.pieces] == [p.points for p in load_table(shipped).pieces]
    click(app, designer.controls.rect("save").center)
    assert designer.model.path.parent == user_tables_dir() and shipped.read_bytes() == before


def test_export_png(app, designer):
    drag(app, cell(designer, "rectangle", "impassable"), designer.to_screen((20, 24)))
    click(app, designer.controls.rect("export").center)
    (path,) = saves.exports_dir().iterdir()
    assert path.name == "new-table.png"
    picture = pygame.image.load(str(path))
    assert picture.get_width() == 1200 and "1200 ×" in app.message[0]


def test_the_french_walk_draws_no_english(app, designer, monkeypatch):
    app.set_language("fr", remember=False)
    try:
        drawn = FrenchDrawn(monkeypatch)
        words: list[str] = []
        drag(app, cell(designer, "octagon", "difficult"), designer.to_screen((2, 24)))  # a check stands
        words += drawn.frame(app)
        assert "l’élément 1 : pas entièrement sur la table de 48 × 48" in words
        drag(app, designer.to_screen((30, 14)), designer.to_screen((30, 18)))
        key(app, pygame.K_s, pygame.KMOD_CTRL)  # refused, in French: judged whole, not as wrapped
        words.append(app.message[0])
        app.message = None
        words += drawn.frame(app)
        click(app, cell(designer, "l_shape", "impassable"))
        move(app, designer.to_screen((47, 24)))  # the ghost, red with its reason
        words += drawn.frame(app)
        key(app, pygame.K_ESCAPE)
        click(app, designer.controls.rect("open").center)  # unsaved: asked first
        words += drawn.frame(app)
        click(app, designer.controls.rect("leave-yes").center)
        words += drawn.frame(app)  # the list of tables
        click(app, designer.controls.rect("table-0").center)  # a shipped one, as a copy
        click(app, designer.to_screen((24, 24)))
        words += drawn.frame(app)
        names = {shown for _, shown, _ in designer.files.choices()}
        pieces = {p.name for p in designer.table.pieces}  # the file's names: its data
        assert_french(words, names | pieces | {designer.table.name, "Zone A", "Zone B"})
    finally:
        app.set_language("en", remember=False)


def test_the_name_entry_names_the_table_and_its_file(app, designer):
    click(app, designer.controls.rect("name").center)
    assert designer.entry is not None
    designer.entry.set_text("  Ferme du Moulin ")
    key(app, pygame.K_RETURN)
    assert designer.entry is None and designer.table.name == "Ferme du Moulin"
    click(app, designer.controls.rect("save").center)
    assert designer.model.path == user_tables_dir() / "ferme-du-moulin.json"
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the name is one step too
    assert designer.table.name == "New table" and designer.model.design.changed


def test_the_open_list_fits_the_window_and_always_offers_the_shipped_tables(app, designer):
    folder = user_tables_dir()
    folder.mkdir(parents=True)
    for n in range(40):
        save_table(Table(name=f"Mine {n:02}"), folder / f"mine-{n:02}.json")
    click(app, designer.controls.rect("open").center)
    texts = [c.button.text for c in designer.controls.choices.values()]
    for path in shipped_tables():
        assert any(load_table(path).name in t for t in texts)
    assert "Mine 00" in texts and "Mine 39" not in texts
    assert all(c.button.rect.bottom < app.size[1] for c in designer.controls.choices.values())
