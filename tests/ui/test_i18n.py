"""Issue 17, first part: one catalogue (English, French) for the window, read by pygame_gui and by the
text the scenes draw; numbers by Babel; the language from ``--lang``, the settings or the system,
switched on the title at once; the converted screens draw no English in French; the shipped font
draws French."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from paintcheck.ui import i18n, settings, theme
from paintcheck.ui.i18n import NNBSP, tr
from tests.ui.driver import click, step
from tests.ui.french import Drawn, assert_french

LOCALES = i18n.LOCALES
CONVERTED = ("title", "handover", "result", "help", "fields", "load")


# -- the catalogue ----------------------------------------------------------------------------------
def test_both_catalogues_have_the_same_keys_the_same_placeholders_and_no_empty_entry():
    en, fr = i18n.catalogue("en"), i18n.catalogue("fr")
    assert en.keys() == fr.keys()
    for key in en:
        assert isinstance(en[key], str) and isinstance(fr[key], str), key
        assert en[key].strip() and fr[key].strip(), f"{key} is empty"
        assert i18n.placeholders(en[key]) == i18n.placeholders(fr[key]), key
        for value in (en[key], fr[key]):  # python-i18n's delimiter: a % is only a placeholder's
            assert "%" not in i18n.PLACEHOLDER.sub("", value), (key, value)


def test_the_files_are_python_i18n_files_one_per_namespace_and_locale():
    names = i18n.namespaces()
    assert names[0] == "paintcheck"
    for namespace in names:
        for locale in LOCALES:
            data = json.loads(i18n.catalogue_path(locale, namespace).read_text(encoding="utf-8"))
            assert list(data) == [locale]  # the locale is the root (python-i18n's default)
            _walk(data[locale])
            if namespace == "paintcheck":  # its keys go without the namespace: none may look like one
                assert not set(data[locale]) & set(names), namespace
    files = {p.name for p in i18n.CATALOGUE_DIR.iterdir()}
    assert files == {f"{n}.{locale}.json" for n in names for locale in LOCALES}


def _walk(node: dict) -> None:
    assert len({"zero", "one", "few", "many", "other"} & node.keys()) < 2  # never a plural for python-i18n
    for value in node.values():
        if isinstance(value, dict):
            _walk(value)


def test_french_follows_french_typography():
    for key, value in i18n.catalogue("fr").items():
        text = i18n.PLACEHOLDER.sub("x", value)
        for match in re.finditer(r"[:;!?]", text):
            before = text[match.start() - 1] if match.start() else ""
            assert before in (NNBSP, "\u00a0"), f"{key}: no-break space before {match.group()!r}: {value!r}"
        assert "'" not in value, f"{key}: typographic apostrophe (’) in French: {value!r}"
        assert '"' not in value, f"{key}: « guillemets » in French: {value!r}"


def test_pygame_gui_reads_the_same_catalogue(app):
    from pygame_gui.core.utility import translate

    for locale in LOCALES:
        app.manager.set_locale(locale)
        for key, value in i18n.catalogue(locale).items():
            values = {name: f"<{name}>" for name in i18n.placeholders(value)}
            assert translate(i18n.gui_key(key), **values) == tr(key, locale, **values)
    app.manager.set_locale("en")


def test_tr_fills_placeholders_and_refuses_what_is_missing():
    assert tr("common.page", "en", page=2, pages=3) == "page 2 of 3"
    assert tr("common.page", "fr", page=2, pages=3) == "page 2 sur 3"
    with pytest.raises(i18n.CatalogueError):
        tr("common.page", "fr", page=2)
    with pytest.raises(i18n.CatalogueError):
        tr("no.such.key")
    with pytest.raises(ValueError):
        i18n.set_locale("de")


# -- numbers --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("p", "en", "fr"), [
    (0.35, "35%", f"35{NNBSP}%"), (0.0, "0%", f"0{NNBSP}%"), (1.0, "100%", f"100{NNBSP}%"),
    (0.001, "<1%", f"<1{NNBSP}%"), (0.998, ">99%", f">99{NNBSP}%"),
])
def test_percentages_per_language(p, en, fr):
    assert i18n.percent(p, "en") == en and i18n.percent(p, "fr") == fr


def test_theme_percent_keeps_its_english_and_follows_the_language():
    try:
        i18n.set_locale("en")
        assert [theme.percent(p) for p in (0.354, 0.004, 0.996, 1)] == ["35%", "<1%", ">99%", "100%"]
        i18n.set_locale("fr")
        assert theme.percent(0.354) == f"35{NNBSP}%"
        assert theme.number(14.5) == "14,5" and theme.number(1234.5, 1) == f"1{NNBSP}234,5"
    finally:
        i18n.set_locale("en")
    assert theme.number(14.5) == "14.5" and i18n.number(3, 2, "en") == "3.00"


# -- the font -------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", [theme.FONT_REGULAR, theme.FONT_BOLD])
def test_the_shipped_font_draws_french(path):
    """Each character has a glyph of its own: not the font's empty box (what a character it lacks
    gets, like one of the private use area), and the narrow no-break space is narrower than a space."""
    pygame.font.init()
    font = pygame.font.Font(str(path), 18)
    missing = font.metrics("\ue000")[0]
    missing_bitmap = pygame.image.tobytes(font.render("\ue000", False, (255, 255, 255)), "RGBA")
    for ch in "éèàçôêâîûùëïÉÈÀÇ«»’…—×·" + NNBSP + "\u00a0":
        assert font.metrics(ch)[0] != missing or pygame.image.tobytes(
            font.render(ch, False, (255, 255, 255)), "RGBA") != missing_bitmap, repr(ch)
    assert 0 < font.size(NNBSP)[0] < font.size(" ")[0] <= font.size("\u00a0")[0]
    assert font.size("35" + NNBSP + "%")[0] < font.size("35 %")[0]


# -- the language to start in, remembered ----------------------------------------------------------
def test_the_first_start_follows_the_system_when_it_is_french():
    assert i18n.system_locale({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert i18n.system_locale({"LC_ALL": "fr_CA.UTF-8", "LANG": "en_GB.UTF-8"}) == "fr"
    assert i18n.system_locale({"LC_ALL": "", "LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.system_locale({"LANGUAGE": "fr:en"}) == "fr"
    assert i18n.system_locale({}) == "en"


def test_the_language_is_remembered_in_the_settings_file(monkeypatch, user_data):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    assert settings.starting_language() == "fr"  # first start: the system's
    assert not settings.settings_path().exists()
    assert settings.starting_language("en") == "en"  # --lang, remembered
    assert settings.settings_path().is_relative_to(user_data)
    assert json.loads(settings.settings_path().read_text(encoding="utf-8")) == {"language": "en"}
    assert settings.starting_language() == "en"  # the remembered one beats the system's
    settings.write(other=3)
    settings.remember_language("fr")
    assert settings.read() == {"language": "fr", "other": 3}
    assert [p.name for p in settings.settings_path().parent.iterdir()] == ["settings.json"]  # no temp
    settings.settings_path().write_text("{broken", encoding="utf-8")
    assert settings.read() == {} and settings.starting_language() == "fr"


def test_lang_on_the_command_line(monkeypatch):
    import main
    from paintcheck.ui import app as app_module

    parser = main.build_parser()
    assert parser.parse_args(["--lang", "fr"]).lang == "fr"
    assert parser.parse_args(["play", "--lang", "en"]).lang == "en"
    assert parser.parse_args(["--lang", "fr", "play"]).lang == "fr"
    assert getattr(parser.parse_args(["play"]), "lang", None) is None
    with pytest.raises(SystemExit):
        parser.parse_args(["--lang", "de"])
    seen = []
    monkeypatch.setattr(app_module, "run", lambda args, designer=False: seen.append(args.lang) or 0)
    assert main.main(["--lang", "fr"]) == 0 and main.main(["play", "--lang", "en"]) == 0
    assert seen == ["fr", "en"]


def test_the_window_opens_in_the_language_asked_and_remembers_it(monkeypatch):
    from paintcheck.ui import app as app_module

    opened = []

    class Window:
        def __init__(self, size, layout=None, language="en", position=None):
            opened.append(language)

        def run(self):
            return 0

    monkeypatch.setattr(app_module, "App", Window)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    app_module.run(type("Args", (), {"lang": "fr"})())
    app_module.run(type("Args", (), {})())  # no --lang: the remembered one
    assert opened == ["fr", "fr"] and settings.saved_language() == "fr"


# -- the screens in French: no English drawn -------------------------------------------------------
def test_the_french_judge_refuses_english_inside_an_entry_of_placeholders():
    """``%{a0}, %{a1}`` (a list) is judged by its values; a value's parts by their labels."""
    shot = f"W1 → B1{NNBSP}: 10 (simple) − 3 (%s) = 7"
    assert_french(["cylindre, debout", shot % "distance", "B:H6 · 14,5"], set())
    for english in ("cylinder, standing", shot % "distance band", "W1 ready · B:H6"):
        with pytest.raises(AssertionError):
            assert_french([english], set())


@pytest.fixture
def french(monkeypatch, french_app):
    return french_app, Drawn(monkeypatch)


@pytest.mark.slow
def test_the_converted_screens_draw_no_english_in_french(french):
    from paintcheck.ui import saves

    app, drawn = french
    data = {"?"}
    seen = {}
    seen["title"] = drawn.frame(app)
    assert tr("title.tagline", "fr") in seen["title"]
    assert "Nouvelle partie (deux coaches, une souris)" in seen["title"]

    app.switch("fields")
    seen["fields"] = drawn.frame(app)
    data |= {e.shown_name("fr") for e in app.scene.entries} | {e.file for e in app.scene.entries}
    data |= {str(saves.user_layouts_dir())}
    app.switch("fields", purpose="design")
    seen["fields-design"] = drawn.frame(app)

    app.switch("load")  # no saved match yet
    seen["load-empty"] = drawn.frame(app)

    app.new_match()  # a match to hand over, to load and to end
    app.session.save()  # (a match saves itself at its first decision: this one is saved by hand)
    app.switch("handover", team="white", why="Next: the White coach fills his break sheet.",
               secret="break sheets")
    seen["handover"] = drawn.frame(app)
    assert tr("handover.next.sheets", "fr", coach="le coach blanc") in seen["handover"]

    app.switch("title")
    seen["title-with-save"] = drawn.frame(app)
    app.switch("load")
    seen["load"] = drawn.frame(app)
    entry = app.scene.entries[0]
    data |= {entry.field, entry.path.name, i18n.date_time(entry.modified, "fr")}  # Babel's date
    click(app, app.scene.controls.rect(f"delete-{entry.path.name}").center)
    seen["load-confirm"] = drawn.frame(app)
    assert "Supprimer pour de bon" in seen["load-confirm"]

    from paintcheck.rules import reasons

    ends = (("blue", reasons.after_last_turn(10, 3, 2)), ("white", reasons.flag_hung("W2")),
            ("draw", reasons.none_left_either_side()), ("blue", reasons.none_left_other_side()))
    for winner, reason in ends:
        app.switch("result", winner=winner, reason=reason)
        seen[f"result-{reason}"] = drawn.frame(app)
    assert "Victoire des Bleus" in seen["result-no player left on the other side"]
    assert "après le tour 10, 3 Bleus contre 2 Blancs sur le terrain" in seen[
        "result-after turn 10, 3 Blue against 2 White on the field"]

    app.switch("help")
    seen["help"] = drawn.frame(app)
    box = app.scene.box
    assert box.html_text.startswith("<font size=6><b>Comment jouer")
    assert "The break" not in box.html_text and "Le break" in box.html_text

    for name, words in seen.items():
        assert words, name
        assert_french(words, data)


def test_the_end_reasons_are_told_in_french():
    from paintcheck.rules import reasons
    from paintcheck.ui.scenes import end_reason_words

    try:
        i18n.set_locale("fr")
        assert end_reason_words(reasons.after_last_turn(10, 3, 2)) == (
            "après le tour 10, 3 Bleus contre 2 Blancs sur le terrain")
        assert end_reason_words(reasons.flag_hung("W2")) == "W2 a raccroché le drapeau"
        assert end_reason_words("something new") == "something new"
    finally:
        i18n.set_locale("en")
    assert end_reason_words(reasons.flag_hung("W2")) == "W2 hung the flag"


def test_the_how_to_play_pages_are_twins():
    """The French page has the same sections, lists and bold words in the same places."""
    en = theme.HOW_TO_PLAY.read_text(encoding="utf-8").splitlines()
    fr = theme.HOW_TO_PLAY_BY_LANGUAGE["fr"].read_text(encoding="utf-8").splitlines()
    assert _shape(en) == _shape(fr)
    assert sum(line.count("**") for line in en) == sum(line.count("**") for line in fr)


def _shape(lines: list[str]) -> list[str]:
    return [line.split(" ")[0] for line in lines if line.startswith(("#", "- "))]


# -- the switch on the title ------------------------------------------------------------------------
def test_a_click_on_the_title_switches_the_language_at_once(app, monkeypatch):
    drawn = Drawn(monkeypatch)
    before = drawn.frame(app)
    assert "New match (two coaches, one mouse)" in before and tr("title.tagline", "en") in before
    button = app.scene.controls.choices["language"].button
    assert button.text == "Français"
    try:
        click(app, app.scene.controls.rect("language").center)
        after = drawn.frame(app)
        assert app.scene.name == "title" and app.language == "fr" and i18n.current() == "fr"
        assert app.manager.get_locale() == "fr"
        assert "Nouvelle partie (deux coaches, une souris)" in after and tr("title.tagline", "fr") in after
        assert "New match (two coaches, one mouse)" not in after
        assert settings.saved_language() == "fr"
        click(app, app.scene.controls.rect("language").center)  # and back
        assert "New match (two coaches, one mouse)" in drawn.frame(app) and app.language == "en"
        assert settings.saved_language() == "en"
    finally:
        i18n.set_locale("en")


def test_a_widget_made_with_a_key_is_rewritten_by_the_managers_locale(app):
    """pygame_gui's own localisation on the catalogue: a key as a widget's text, live on set_locale."""
    from pygame_gui.core.utility import translate
    from pygame_gui.elements import UIButton

    button = UIButton(pygame.Rect(10, 10, 200, 30), i18n.gui_key("title.quit"), app.manager)
    try:
        assert translate(button.text) == "Quit"
        app.manager.set_locale("fr")
        assert translate(button.text) == "Quitter"
    finally:
        app.manager.set_locale("en")
        button.kill()


# -- the real window in French (Xvfb) ---------------------------------------------------------------
@pytest.mark.slow
def test_the_real_window_opens_in_french_with_lang(tmp_path):
    """``python main.py --lang fr`` under Xvfb: a real window, not blank, and French remembered."""
    import os
    import shutil
    import subprocess
    import sys
    import time
    from pathlib import Path

    from tests.ui.xvfb import not_blank, xvfb_display

    if shutil.which("Xvfb") is None or shutil.which("import") is None:
        pytest.skip("Xvfb or imagemagick's import is not installed")
    root = Path(__file__).resolve().parents[2]
    with xvfb_display() as display:
        env = {**os.environ, "DISPLAY": display, "XDG_DATA_HOME": str(tmp_path / "data")}
        env.pop("SDL_VIDEODRIVER", None)
        window = subprocess.Popen([sys.executable, "main.py", "--lang", "fr"], cwd=root, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shot, colours = tmp_path / "window.png", 0
        try:
            deadline = time.time() + 30
            while time.time() < deadline and colours <= 8:
                time.sleep(1.0)
                assert window.poll() is None, "the window closed by itself"
                if subprocess.call(["import", "-window", "root", str(shot)], env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
                    colours = not_blank(shot)
        finally:
            window.terminate()
            try:
                window.wait(5)
            except subprocess.TimeoutExpired:
                window.kill()
    assert colours > 8, "the screenshot of the window is blank"
    remembered = tmp_path / "data" / "paintcheck-digital" / "settings.json"
    kept = json.loads(remembered.read_text(encoding="utf-8"))
    assert kept["language"] == "fr"  # beside it, the window's size and place (issue 25)
    assert set(kept) <= {"language", "window_size", "window_position"}, kept


def french_screenshots(out) -> list:
    """The French screenshots of docs/screenshots, on the current DISPLAY: the title switched to
    French by a click on its button (with a saved match), then the field chooser."""
    import os
    import tempfile
    from pathlib import Path

    from paintcheck.ui.app import App
    from tests.ui.driver import move

    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    app = App((1600, 1000), seed=21, language="en")
    step(app, 3)
    click(app, app.scene.controls.rect("language").center)
    app.new_match()
    app.switch("title")
    move(app, (5, 5))
    step(app, 3)
    saved = [out / "fr-01-title.png", out / "fr-02-field-chooser.png"]
    pygame.image.save(app.screen, str(saved[0]))
    click(app, app.scene.controls.rect("new").center)
    click(app, app.scene.controls.rect("coach-white-normal").center)
    move(app, (5, 5))
    step(app, 3)
    pygame.image.save(app.screen, str(saved[1]))
    pygame.quit()
    i18n.set_locale("en")
    return saved


if __name__ == "__main__":  # python -m tests.ui.test_i18n docs/screenshots
    import sys

    from tests.ui.xvfb import shoot_in_xvfb

    shoot_in_xvfb(french_screenshots, sys.argv[1:])
