"""Issue 31, items 1 and 2, in the window by posted clicks: the title's game switch (remembered, its
menu, its saves), and the band builder: every refusal shown in the engine's own words with how to fix
it, the running cost, the free first dague, a saved band that reloads equal, a shipped band opened and
saved as a copy."""

from __future__ import annotations

import json

import pygame
import pytest

from paintcheck.ui import i18n, saves, settings, theme
from paintcheck.unpourun import band_file
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import BandSpec, FigureSpec
from paintcheck.unpourun.record import UNPOURUN
from paintcheck.unpourun.table_file import load_table, shipped_tables
from tests.ui.driver import Drawn, press, step


def _to_builder(app) -> None:
    press(app, "game-unpourun")
    press(app, "upu-builder")
    assert app.scene.name == "upu_builder"


def _shown(drawn, app) -> str:
    """One frame's words run together: a sentence wrapped over lines reads whole again."""
    return " ".join(drawn.words(app))


def _new_band(app) -> None:
    press(app, "new")
    assert app.scene.draft.band.figures == ()


# -- the title ------------------------------------------------------------------------------------------
def test_the_title_switches_to_un_pour_un_and_remembers_it(app, monkeypatch):
    drawn = Drawn(monkeypatch)
    assert app.game == "paintcheck" and "learn" in app.scene.controls.choices
    press(app, "game-unpourun")
    keys = set(app.scene.controls.choices)
    assert {"upu-new", "upu-resume", "upu-load", "upu-builder", "upu-designer", "upu-help", "upu-quit",
            "language"} <= keys
    assert not keys & {"learn", "network", "new", "design"}  # Paintcheck's own items are Paintcheck's
    assert "Un pour un" in drawn.words(app)
    assert settings.saved_game() == "unpourun"  # remembered for the next start
    press(app, "game-paintcheck")
    assert {"new", "learn", "network", "design"} <= set(app.scene.controls.choices)
    assert settings.saved_game() == "paintcheck"


@pytest.mark.parametrize("size", [(1600, 1000), (1024, 720)])
def test_the_game_switchs_tooltip_covers_no_button(size, monkeypatch):
    """The switch's hint ("the game this window is for") stands beside the switch (above it in a window
    too narrow), never over New match under it."""
    from paintcheck.ui.app import App

    application = App(size, seed=7)
    try:
        application.step(1 / 60)
        press(application, "game-unpourun")
        choices = application.scene.controls.choices
        for key in ("game-paintcheck", "game-unpourun"):
            button = choices[key].button
            button.tool_tip_delay = 0.0
            monkeypatch.setattr(pygame.mouse, "get_pos", lambda b=button: b.rect.center)
            step(application, 3)
            tip = button.tool_tip
            assert tip is not None
            covered = [k for k, c in choices.items()
                       if c.button.visible and tip.rect.colliderect(c.button.rect)]
            assert covered == [], (key, tip.rect, covered)
            monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (0, 0))
            step(application, 2)
    finally:
        pygame.quit()


def test_the_window_opens_on_the_game_chosen_last(user_data):
    from paintcheck.ui.app import App

    settings.remember_game("unpourun")
    application = App((1600, 1000), seed=7)
    try:
        application.step(1 / 60)
        assert application.game == "unpourun" and "upu-builder" in application.scene.controls.choices
    finally:
        pygame.quit()


def test_how_to_play_follows_the_game_chosen(app):
    press(app, "game-unpourun")
    press(app, "upu-help")
    assert app.scene.name == "help"
    assert "Un pour un" in app.scene.box.html_text and "sous-fifre" in app.scene.box.html_text


def test_un_pour_uns_how_to_play_pages_are_twins():
    from paintcheck.ui import game_choice

    en, fr = (game_choice.how_to_play_page("unpourun", lang).read_text(encoding="utf-8").splitlines()
              for lang in ("en", "fr"))
    shape = [[line.split(" ")[0] for line in page if line.startswith(("#", "- "))] for page in (en, fr)]
    assert shape[0] == shape[1] and len(shape[0]) > 10
    assert sum(line.count("**") for line in en) == sum(line.count("**") for line in fr)


def _upu_save(folder, name: str) -> None:
    record = UNPOURUN.new_record(load_table(shipped_tables()[0]), "random:3", 5)
    record.summary = {"turn": 2}
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(record.to_dict()), encoding="utf-8")


def test_the_saves_list_shows_only_the_chosen_games_saves(app):
    folder = saves.saves_dir()
    _upu_save(folder, "woods.json")
    press(app, "game-unpourun")
    resume = app.scene.controls.choices["upu-resume"]  # its latest save, for the match window to resume
    assert "turn 2" in resume.hint and resume.reason is None  # the match window is here (upu_match)
    press(app, "upu-load")
    assert app.scene.name == "load"
    assert [e.path.name for e in app.scene.entries] == ["woods.json"]
    assert "review-woods.json" not in app.scene.controls.choices  # Paintcheck's review is Paintcheck's
    press(app, "back")
    press(app, "game-paintcheck")
    assert app.scene.controls.choices["load"].reason is not None  # no Paintcheck save: greyed
    app.switch("load")
    assert app.scene.entries == []


# -- the builder's refusals, each the engine's reason and how to fix it ---------------------------------
def test_a_second_chef_is_refused_with_the_engines_reason_and_the_fix(app, monkeypatch):
    drawn = Drawn(monkeypatch)
    _to_builder(app)
    _new_band(app)
    press(app, "buy-chef")
    press(app, "buy-chef")
    assert [f.kind for f in app.scene.draft.band.figures] == [t.CHEF]  # refused: nothing bought
    words = _shown(drawn, app)
    assert "Refused a band has exactly one chef, not 2 to fix it: a band has exactly one chef" in words


def test_a_band_without_chef_is_told_it_cannot_play_and_how_to_fix_it(app, monkeypatch):
    drawn = Drawn(monkeypatch)
    _to_builder(app)
    _new_band(app)
    press(app, "buy-sous_fifre")
    assert "Not playable yet: a band has exactly one chef, not 0 to fix it" in _shown(drawn, app)
    press(app, "buy-chef")
    assert "This band may play." in drawn.words(app)


def test_a_shield_with_a_two_handed_weapon_is_refused_by_the_hands_rule(app, monkeypatch):
    drawn = Drawn(monkeypatch)
    _to_builder(app)
    _new_band(app)
    press(app, "buy-chef")
    press(app, "melee-hache_deux_mains")
    press(app, "item-bouclier")
    assert app.scene.draft.band.figures[0].equipment == ()
    words = _shown(drawn, app)
    assert "figure 1: a two-handed weapon leaves no arm for a shield or a rondache" in words
    assert "choose a one-handed weapon" in words
    press(app, "melee-epee")  # one hand: the shield now fits
    press(app, "item-bouclier")
    assert app.scene.draft.band.figures[0].equipment == ("bouclier",)
    press(app, "item-bouclier")  # a second shield: the item's most, worded with its name
    assert app.scene.draft.band.figures[0].equipment == ("bouclier",)
    assert "figure 1: at most 1 × shield per figure" in _shown(drawn, app)


def test_a_purchase_over_the_points_limit_is_refused_with_the_cost(app, monkeypatch):
    drawn = Drawn(monkeypatch)
    _to_builder(app)
    _new_band(app)
    press(app, "buy-chef")
    for weapon in ("obusier", "canon", "bazooka"):
        press(app, f"ranged-{weapon}")
    assert app.scene.draft.cost == 280
    assert "280 / 300 points" in drawn.words(app)
    press(app, "item-armure_lourde")
    assert app.scene.draft.cost == 280
    words = _shown(drawn, app)
    assert "the band costs 330 points, more than the 300 allowed" in words
    assert "raise the limit" in words
    press(app, "points-more")  # an agreed limit of 350: it fits
    press(app, "item-armure_lourde")
    assert app.scene.draft.cost == 330


def test_the_first_dague_is_free_and_the_modern_settings_pistolet_too(app):
    _to_builder(app)
    _new_band(app)
    press(app, "buy-sous_fifre")
    label = app.scene.controls.choices
    assert label["melee-dague"].button.text == "dagger (dague) · free"
    assert label["ranged-pistolet"].button.text == "pistol (pistolet) · 10"
    press(app, "modern")
    assert app.scene.controls.choices["ranged-pistolet"].button.text == "pistol (pistolet) · free"
    press(app, "ranged-pistolet")
    assert app.scene.draft.cost == t.PROFILES[t.SOUS_FIFRE].cost


def test_a_trade_is_for_aliens_and_a_race_needs_the_option(app, monkeypatch):
    drawn = Drawn(monkeypatch)
    _to_builder(app)
    _new_band(app)
    press(app, "buy-chef")
    assert "race-dwarf" not in app.scene.controls.choices  # races are an option, off by default
    press(app, "races")
    press(app, "race-alien")
    before = app.scene.draft.stats(0)
    press(app, "trade-brawn")
    assert app.scene.draft.band.figures[0].trade == "brawn"
    after = app.scene.draft.stats(0)  # the engine's effective values: brawn is F +1, Mvt -2
    assert (after.f, after.mvt) == (before.f + 1, before.mvt - 2)
    press(app, "race-dwarf")  # a dwarf takes no trade: refused with the engine's reason
    assert app.scene.draft.band.race == t.ALIEN
    assert "figure 1: no such alien trade here: brawn" in _shown(drawn, app)
    press(app, "races")  # races off while the band has one: refused
    assert app.scene.draft.options.races
    assert "race alien is not allowed in this match" in _shown(drawn, app)


def test_the_refusal_is_said_in_french(french_app, monkeypatch):
    app = french_app
    drawn = Drawn(monkeypatch)
    _to_builder(app)
    _new_band(app)
    press(app, "buy-chef")
    press(app, "buy-chef")
    words = _shown(drawn, app)
    assert "Refusé une bande a exactement un chef, pas 2 pour corriger\u202f: une bande a exactement" in words


# -- files ----------------------------------------------------------------------------------------------
def test_a_saved_band_reloads_equal(app, user_data):
    _to_builder(app)
    _new_band(app)
    press(app, "buy-chef")
    press(app, "melee-epee")
    press(app, "ranged-fusil")
    press(app, "item-visee")
    press(app, "buy-sous_fifre")
    press(app, "ranged-arc")
    press(app, "item-medikit")
    press(app, "item-medikit")
    press(app, "save")
    path = app.scene.draft.path
    assert path is not None and path.parent == band_file.user_bands_dir() and path.is_relative_to(user_data)
    expected = BandSpec(i18n.tr("upu_builder.new_name"), (
        FigureSpec(t.CHEF, "epee", ("fusil",), ("visee",)),
        FigureSpec(t.SOUS_FIFRE, ranged=("arc",), equipment=("medikit", "medikit"))))
    assert band_file.load_band(path) == expected == app.scene.draft.band
    assert not app.scene.draft.dirty
    press(app, "new")
    press(app, "open")
    rows = [str(p) for p, _ in app.scene.listed]
    press(app, f"open-{rows.index(str(path))}")
    assert app.scene.draft.band == expected and app.scene.draft.path == path


def test_a_shipped_band_opens_and_is_saved_as_a_copy_in_the_users_folder(app):
    _to_builder(app)
    press(app, "open")
    shipped = band_file.shipped_bands()[0]
    before = shipped.read_bytes()
    rows = [p for p, _ in app.scene.listed]
    press(app, f"open-{rows.index(shipped)}")
    assert app.scene.draft.band == band_file.load_band(shipped)
    press(app, "buy-sous_fifre")
    press(app, "save")
    copy = app.scene.draft.path
    assert copy is not None and copy.parent == band_file.user_bands_dir()
    assert shipped.read_bytes() == before
    assert band_file.load_band(copy) == app.scene.draft.band


def test_unsaved_changes_are_left_only_on_a_second_click(app):
    _to_builder(app)
    _new_band(app)
    press(app, "buy-chef")
    press(app, "back")
    assert app.scene.name == "upu_builder"
    press(app, "back")
    assert app.scene.name == "title"


@pytest.mark.parametrize("size", [(1280, 720)])
def test_a_long_band_is_listed_a_page_at_a_time_in_the_smallest_window(size):
    from paintcheck.ui.app import App

    application = App(size, seed=7)
    try:
        application.step(1 / 60)
        application.set_game("unpourun")
        application.switch("upu_builder")
        press(application, "buy-chef")
        for _ in range(20):
            press(application, "buy-sous_fifre")
        scene = application.scene
        assert len(scene.draft.band.figures) == 21
        assert "figure-20" in scene.controls.choices  # the one just bought is shown, chosen
        assert scene.controls.choices["figure-20"].button.text.startswith("21. sous-fifre")
        assert max(c.button.rect.bottom for c in scene.controls.choices.values()) <= size[1]
        press(application, "figures-up")
        assert "figure-20" not in scene.controls.choices and scene.draft.selected in (
            int(k.split("-")[1]) for k in scene.controls.choices if k.startswith("figure-"))
        assert scene.draft.cost == 50 + 20 * 10
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720)])
def test_the_builder_fits_the_smallest_window(size):
    from paintcheck.ui.app import App

    application = App(size, seed=7)
    try:
        application.step(1 / 60)
        application.set_game("unpourun")
        application.switch("upu_builder", path=band_file.shipped_bands()[2])
        step(application)
        bottom = max(c.button.rect.bottom for c in application.scene.controls.choices.values())
        assert bottom <= size[1]
    finally:
        pygame.quit()


# -- the French walk --------------------------------------------------------------------------------------
def test_the_un_pour_un_title_and_the_builder_draw_no_english_in_french(monkeypatch, french_app):
    from tests.ui.test_i18n_designer import Frame, Seen, assert_all_french

    app, seen = french_app, Seen(monkeypatch)
    frames: dict[str, Frame] = {}
    press(app, "game-unpourun")
    frames["title"] = seen.frame(app)
    press(app, "upu-builder")
    press(app, "new")
    frames["new band"] = seen.frame(app)
    for key in ("buy-chef", "buy-chef"):
        press(app, key)
    frames["second chef refused"] = seen.frame(app)
    for key in ("melee-hache_deux_mains", "item-bouclier"):
        press(app, key)
    frames["shield refused"] = seen.frame(app)
    for key in ("races", "race-alien", "trade-brawn", "item-medikit", "buy-sous_fifre", "modern"):
        press(app, key)
    frames["alien band"] = seen.frame(app)
    press(app, "save")
    frames["saved"] = seen.frame(app)
    press(app, "open")
    frames["open list"] = seen.frame(app)
    data = {app.scene.draft.band.name, str(app.scene.draft.path), app.scene.draft.path.name}
    data |= {band.name for _, band in band_file.list_bands() if isinstance(band, BandSpec)}
    data |= {p.name for p in band_file.shipped_bands()}
    assert_all_french(frames, data)


def test_how_to_play_from_the_builder_comes_back_to_the_band_as_it_was(app):
    _to_builder(app)
    _new_band(app)
    press(app, "buy-chef")
    press(app, "melee-epee")
    band = app.scene.draft.band
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    step(app)
    assert app.scene.name == "help" and "sous-fifre" in app.scene.box.html_text
    press(app, "back")
    assert app.scene.name == "upu_builder" and app.scene.draft.band == band


def test_in_a_window_smaller_than_the_minimum_the_header_stands_above_the_columns():
    """A small desktop's window (``window_size``), in French: the file buttons take two rows, and the
    middle and right columns start under them; the hint to buy a figure stays in its column."""
    from paintcheck.ui.app import App

    application = App((1024, 700), seed=7, language="fr")
    try:
        application.step(1 / 60)
        application.set_game("unpourun")
        application.switch("upu_builder")
        step(application)
        scene = application.scene
        header = [scene.controls.rect(k) for k in ("new", "open", "save", "save_as", "back")]
        assert len({r.top for r in header}) == 2  # two rows at this width, in French
        assert max(r.bottom for r in header) <= scene.middle.top and scene.middle.top == scene.right.top
        hint = [(words, at) for words, at in scene.headers if at[0] == scene.middle.x]
        assert len(hint) >= 2  # wrapped
        assert all(at[0] + theme.text_width(words, 15, True) <= scene.middle.right for words, at in hint)
    finally:
        pygame.quit()
        i18n.set_locale("en")
