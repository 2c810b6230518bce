"""Issue 17, the field designer and the field study in French: every word they draw, their buttons'
words, greyed reasons and hints, their messages and the picture the designer exports come from the
French catalogue (``designer``, ``study``; the engine's words through ``i18n.say``); numbers are
Babel's. ``python -m tests.ui.test_i18n_designer docs/screenshots`` takes the French screenshots."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from paintcheck.field import catalogue
from paintcheck.field.layout_file import default_layout_path, load_layout, shipped_layouts
from paintcheck.ui import i18n, study_panel, theme
from paintcheck.ui.i18n import NNBSP, tr
from tests.ui.driver import click, drag, move, press, step
from tests.ui.french import Drawn, assert_french

MAPS = study_panel.MAPS
POSTURES = ("standing", "kneeling", "prone")


class Seen(Drawn):
    """``Drawn``, and the designer's and the study's own cutting of lines: a wrapped line (a check,
    a message, the table's legend) and a piece's name cut to its column are judged by the words they
    were cut from. A frame is everything drawn since the last one: the palette, the panel and the
    maps are drawn once per change (on the click that changed them), then blitted. And what the
    engine and the field said (``i18n.say``) is judged on its own too, not only as a placeholder's
    value inside a sentence of the catalogue (which any words would fill)."""

    def __init__(self, monkeypatch) -> None:
        super().__init__(monkeypatch)
        wrap, say = theme.wrap, i18n.say
        self.said: list[str] = []
        self.plain: list[str] = []  # what reached i18n.say as a plain string, not a Said

        def saying(words, locale=None):
            out = say(words, locale)
            self.said.append(out)
            if getattr(words, "key", None) is None:
                self.plain.append(out)
            return out

        def wrapping(words, *args, **kwargs):
            lines = wrap(words, *args, **kwargs)
            for line in lines:
                self.cut[line] = words
            return lines

        monkeypatch.setattr(theme, "wrap", wrapping)
        monkeypatch.setattr(i18n, "say", saying)

    def frame(self, app) -> Frame:
        from pygame_gui.core.utility import translate

        step(app)
        words = Frame([self.cut.get(s, s) for s in self.strings] + self.said)
        words.plain = list(self.plain)
        self.strings.clear()
        self.said.clear()
        self.plain.clear()
        for choice in app.scene.controls.choices.values():
            words.append(translate(choice.button.text, **choice.button.text_kwargs))
            words += [w for w in (choice.reason, choice.hint) if w]
        return words


class Frame(list):
    """The words of a frame, and among them what the program said without a key (``plain``)."""

    plain: list[str] = []


def assert_all_french(seen: dict[str, Frame], data: set[str]) -> None:
    """Every frame's words French (``assert_french``), and nothing the engine or the field said
    reached the window as plain English: a plain string through ``i18n.say`` is only data (a name
    the user gave, an id, a point)."""
    for name, words in seen.items():
        assert words, name
        assert_french(words, data)
        unkeyed = [w for w in words.plain if w not in data and re.search(r"[A-Za-zÀ-ÿ]{2}", w)]
        assert not unkeyed, f"{name}: said without a key, in English: {unkeyed}"


@pytest.fixture
def french(monkeypatch, french_app):
    return french_app, Seen(monkeypatch)


def shipped_data() -> set[str]:
    """What the shipped layouts say themselves: their names, their files, their pieces' ids and
    given names (the user's words, never translated)."""
    data = set()
    for path in shipped_layouts():
        layout = load_layout(path)
        data |= {layout.name, path.name} | ({layout.name_fr} if layout.name_fr else set())
        data |= {o.id for o in layout.obstacles} | {o.name for o in layout.obstacles if o.name}
    return data


def key(app, k, mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    step(app)


def at(scene, point):
    return scene.t.to_screen(*point)


# -- the catalogue -----------------------------------------------------------------------------------
def test_the_designer_and_the_study_have_their_own_files():
    assert {"designer", "study"} <= set(i18n.namespaces())
    for locale in i18n.LOCALES:
        for namespace in ("designer", "study"):
            data = json.loads(i18n.catalogue_path(locale, namespace).read_text(encoding="utf-8"))
            assert list(data) == [locale] and namespace not in data[locale]  # keys without the namespace
    assert tr("designer.save", "fr") == "Enregistrer" and tr("study.map.threat", "fr") == "Menace"
    assert tr("study.hover", "fr", point="B:H6", map="exposition", value=12, posture="debout") == (
        f"B:H6{NNBSP}: exposition 12 (debout)")


def test_the_french_words_fit_the_palette_and_the_status_bar(french):
    app, _ = french
    app.open_designer(None)
    step(app, 2)
    scene = app.scene
    for kind, rect in scene.palette_rects.items():  # drawn smaller when long, down to 10 pixels
        assert theme.font(10).size(i18n.say(catalogue.kind_word(kind)))[0] <= rect.width - 8, kind
        assert theme.font(11).size(tr("designer.in_box", used=8, limit=8))[0] <= rect.width - 8
    assert theme.font(13).size("B:J7   ·   " + tr("designer.status"))[0] <= scene.field_area.width - 16


# -- the walk ----------------------------------------------------------------------------------------
@pytest.mark.slow
def test_the_designer_draws_no_english_in_french(french):
    """A new field: pieces placed (upright and lying, selected), a refused ghost, a check said on
    the panel and on hover, save refused then done, leaving asked, the export, a shipped field
    read-only; each frame in French."""
    app, drawn = french
    data = shipped_data() | {"Deux cônes"}
    seen = {}
    app.open_designer(None)
    step(app, 2)
    scene = app.scene
    seen["new"] = drawn.frame(app)
    assert tr("designer.title", "fr", name=scene.design.name) in seen["new"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    seen["nothing-to-undo"] = drawn.frame(app)
    assert app.message[0] == "rien à annuler"

    drag(app, scene.palette_rects["cylinder"].center, at(scene, (4, -6)))
    seen["upright-selected"] = drawn.frame(app)
    drag(app, scene.palette_rects["cylinder_lying"].center, at(scene, (1, -9)))
    key(app, pygame.K_e)
    seen["lying-selected"] = drawn.frame(app)
    data |= {o.id for o in scene.design.obstacles}
    held = i18n.say(scene.design.spec(scene.selected).name_for(), "fr")  # as players call it
    assert any(line.startswith(held + ", sur ") and "axe 45°" in line for line in seen["lying-selected"])
    press(app, "duplicate")
    seen["duplicate"] = drawn.frame(app)  # the kind held: the status bar says where it goes
    key(app, pygame.K_ESCAPE)

    click(app, scene.palette_rects["cylinder"].center)  # a refused ghost: on a runner's start point
    move(app, at(scene, scene.design.lattice.base_points("blue")[2]))
    seen["ghost-refused"] = drawn.frame(app)
    key(app, pygame.K_ESCAPE)

    press(app, "mirror")
    drag(app, scene.palette_rects["cone"].center, at(scene, (5, -3)))  # no twin: a check
    data |= {o.id for o in scene.design.obstacles}
    seen["check"] = drawn.frame(app)
    assert tr("designer.checks", "fr", count=1) in seen["check"]
    move(app, at(scene, (5, -3)))
    seen["check-hover"] = drawn.frame(app)
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # refused (the button is greyed), said
    seen["save-refused"] = drawn.frame(app)
    assert app.message and app.message[0].startswith(f"1 problème à régler{NNBSP}:")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    press(app, "mirror")

    press(app, "rename-field")
    scene.entry.set_text("Deux cônes")
    key(app, pygame.K_RETURN)
    press(app, "save")
    seen["saved"] = drawn.frame(app)
    assert app.message[0].startswith("Enregistré dans ")
    press(app, "export")
    seen["exported"] = drawn.frame(app)
    assert app.message[0].startswith("Image de 1200 × ")
    drag(app, scene.palette_rects["cone"].center, at(scene, (10, -5)))
    assert scene.design.changed
    press(app, "back")  # unsaved changes: asked first
    seen["leave-asked"] = drawn.frame(app)
    assert "leave-yes" in scene.controls.choices
    press(app, "leave-no")

    app.open_designer(default_layout_path())  # shipped: read-only
    step(app, 2)
    seen["shipped"] = drawn.frame(app)
    assert scene.controls.choices["save"].reason == tr("designer.read_only", "fr")


    assert_all_french(seen, data)


@pytest.mark.slow
def test_the_designers_questions_and_box_checks_are_french(french):
    """Issue 25: a shipped field over the box (its French name in the title, its box checks), the
    copy's name asked and a name taken refused, who coaches asked before playing: each in French."""
    from paintcheck.field.layout_file import layouts_dir

    app, drawn = french
    data = shipped_data()
    app.open_designer(layouts_dir() / "snake.json")
    step(app, 2)
    scene = app.scene
    seen = {"over-the-box": drawn.frame(app)}
    assert tr("designer.title", "fr", name="Serpent") in seen["over-the-box"]
    assert tr("designer.checks", "fr", count=4) in seen["over-the-box"]
    press(app, "box")
    press(app, "save-as")
    seen["copy-asked"] = drawn.frame(app)
    assert scene.entry.get_text() == "Serpent (copie)"
    assert tr("designer.entry.copy", "fr") in seen["copy-asked"]
    scene.entry.set_text("Boîte 21")
    key(app, pygame.K_RETURN)
    seen["name-taken"] = drawn.frame(app)
    assert app.message[0] == (f"un autre terrain s’appelle déjà «{NNBSP}Boîte 21{NNBSP}»{NNBSP}: "
                              "choisissez un autre nom")
    key(app, pygame.K_ESCAPE)
    press(app, "play")
    seen["who-coaches"] = drawn.frame(app)
    assert tr("fields.coach_caption.white", "fr") in seen["who-coaches"]
    assert_all_french(seen, data | {"Serpent (copie)", "Boîte 21"})


@pytest.mark.slow
def test_the_designers_study_draws_no_english_in_french(french):
    """box21 in the designer with its Study: each map and each posture, a point hovered, the table
    sorted and a row chosen, the map studied again after a drag."""
    app, drawn = french
    data = shipped_data()
    app.open_designer(default_layout_path())
    step(app, 2)
    scene = app.scene
    press(app, "study")
    seen = {"studying": drawn.frame(app)}
    scene.study.wait()
    step(app)
    for what in MAPS:
        press(app, f"study-{what}")
        move(app, at(scene, (9, -7)))
        seen[f"map-{what}"] = drawn.frame(app)
        assert tr(f"study.scale.{what}", "fr") in seen[f"map-{what}"]
    for posture in POSTURES:
        press(app, f"study-{posture}")
        move(app, at(scene, (9, -7)))
        seen[f"posture-{posture}"] = drawn.frame(app)
    heading = {k: r for r, k in scene.study.heads}
    click(app, heading["exposure_min"].center)
    seen["sorted"] = drawn.frame(app)
    click(app, scene.study.rows[1][0].center)
    seen["row-chosen"] = drawn.frame(app)
    drag(app, at(scene, (7, -6)), at(scene, (5, -4)))
    seen["dropped"] = drawn.frame(app)  # the drag's last live map, the table until the study's
    scene.study.wait()
    step(app)
    assert scene.study.result is not None and not scene.study.result.live  # the whole study is back
    seen["studied again"] = drawn.frame(app)
    assert_all_french(seen, data)


@pytest.mark.slow
def test_the_study_draws_no_english_in_french(french):
    """The chooser's Study of each shipped field: each map, a point hovered, the table; in the
    smallest window, the table scrolled."""
    app, drawn = french
    data = shipped_data()
    seen = {}
    for path in shipped_layouts():
        app.study_field(path)
        step(app)
        scene = app.scene
        if scene.name != "study":  # a shipped field that cannot be studied is the chooser's to say
            continue
        scene.panel.wait()
        for what in MAPS:
            press(app, f"study-{what}")
            move(app, at(scene, (3, -10)))
            seen[f"{path.name}-{what}"] = drawn.frame(app)
        click(app, scene.panel.rows[0][0].center)
        press(app, "study-prone")
        seen[f"{path.name}-chosen"] = drawn.frame(app)
        prone = tr("rules.posture.prone", "fr")
        assert tr("study.pieces", "fr", posture=prone) in seen[f"{path.name}-chosen"]
    app.resize((1280, 800))  # the smallest window: the designer's Study goes under the palette,
    app.open_designer(default_layout_path())  # its table has no room for every row
    press(app, "study")
    app.scene.study.wait()
    step(app)
    move(app, app.scene.study.table_rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    seen["small-window"] = drawn.frame(app)
    assert any(line.startswith("lignes 4 à ") for line in seen["small-window"]), seen["small-window"]
    assert_all_french(seen, data)


def test_a_file_that_cannot_be_read_is_refused_in_french(french, user_data):
    """The designer and the study refuse a file they cannot read, in French, the file's own reason
    too (not valid JSON, no such file)."""
    app, drawn = french
    bad = user_data / "bad.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text("{", encoding="utf-8")
    app.open_designer(bad)
    step(app, 2)
    seen = {"designer": drawn.frame(app)}
    assert app.message[0].startswith(f"Impossible d’ouvrir le terrain{NNBSP}:")
    missing = default_layout_path().with_name("no-such-field.json")
    app.study_field(missing)
    seen["study"] = drawn.frame(app)
    assert app.scene.name == "fields"
    assert app.message[0].startswith(f"Impossible d’étudier le terrain{NNBSP}:")
    assert_all_french(seen, shipped_data() | {str(bad), str(missing)})  # the chooser lists the fields


def test_the_exported_picture_speaks_the_windows_language(monkeypatch):
    """The designer's *Export PNG* writes the window's language; the commands, English."""
    from paintcheck.ui.export_image import render_layout

    pygame.init()
    drawn = Seen(monkeypatch)
    field = load_layout(default_layout_path()).build()
    try:
        i18n.set_locale("fr")
        render_layout(field, 1200)
        said = list(drawn.strings)
        assert_french(said, shipped_data())
        assert f"Obstacles utilisés{NNBSP}: 21" in said and f"hauteur{NNBSP}:" in said
        drawn.strings.clear()
        i18n.set_locale("en")
        render_layout(field, 1200)
        assert "Pieces used: 21 pieces" in drawn.strings and "height:" in drawn.strings
    finally:
        i18n.set_locale("en")
        pygame.quit()


# -- the screenshots (Xvfb) -------------------------------------------------------------------------
def french_screenshots(out) -> list:
    """The designer and the study in French, on the current DISPLAY: docs/screenshots/fr-06-designer.png
    (a half-built field, a check, a lying piece turned and selected) and fr-07-study.png (the
    chooser's Study of the snake field, kneeling, a piece chosen, a point hovered)."""
    import os
    import tempfile
    from pathlib import Path

    from paintcheck.ui.app import App

    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    app = App((1600, 1000), seed=21, language="fr")
    step(app, 3)
    press(app, "design")
    scene = app.scene
    for kind, point in (("cylinder", (4, -6)), ("cylinder_lying", (1, -9)), ("cone", (12, -4)),
                        ("rocket_big", (12, 0))):
        drag(app, scene.palette_rects[kind].center, scene.t.to_screen(*point))
    press(app, "mirror")
    drag(app, scene.palette_rects["rocket_small"].center, scene.t.to_screen(6, -2))
    press(app, "mirror")
    drag(app, scene.palette_rects["cylinder_lying"].center, scene.t.to_screen(3, -3))
    key(app, pygame.K_e)  # selected: its words on the panel, turned by 45°
    move(app, scene.t.to_screen(9, -8))
    step(app, 3)
    saved = [out / "fr-06-designer.png", out / "fr-07-study.png"]
    pygame.image.save(app.screen, str(saved[0]))
    app.choose_field()
    step(app, 2)
    chooser = app.scene
    entry = next(e for _, e in chooser.rows if e.file == "snake.json")
    click(app, chooser.controls.rect(f"study-{entry.key}").center)
    study = app.scene
    study.panel.wait()
    press(app, "study-kneeling")
    click(app, study.panel.rows[1][0].center)
    move(app, study.t.to_screen(3, -10))
    step(app, 3)
    pygame.image.save(app.screen, str(saved[1]))
    pygame.quit()
    i18n.set_locale("en")
    return saved


if __name__ == "__main__":  # python -m tests.ui.test_i18n_designer docs/screenshots
    import sys

    from tests.ui.xvfb import shoot_in_xvfb

    shoot_in_xvfb(french_screenshots, sys.argv[1:])
