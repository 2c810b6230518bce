"""Un pour un's match table as a new player finds it, by posted events: the zones named by where they
stand until one is chosen, then by their owner in the owner's colour (1.9: the higher roller takes either
zone), the choice's buttons and the story saying where; a figure's card under the mouse (on the table,
under it, on a button naming it) read from the state."""

from __future__ import annotations

import pygame
import pytest
import shapely

from paintcheck.rules.dice import ScriptedDice
from paintcheck.ui.i18n import tr
from paintcheck.ui.unpourun import board, figure_card
from paintcheck.ui.unpourun.event_words import story as told_story
from paintcheck.ui.unpourun.event_words import weapon_words
from paintcheck.ui.unpourun.match_scene import MARGIN, PANEL_W
from paintcheck.ui.unpourun.story import lines as story_lines
from paintcheck.ui.unpourun.zone_places import places
from paintcheck.unpourun.game import bands_of
from paintcheck.unpourun.state import Phase
from paintcheck.unpourun.terrain import STANDARD_ZONES, Table, Zone
from tests.ui.driver import Drawn, click, press, step
from tests.ui.test_upu_match import px, shooters_facing, start, to_first_activation


def table_frame(drawn, app):
    """One frame's words and colours, the table's picture drawn again (it is kept between frames)."""
    app.scene.view._picture_key = None
    return drawn.frame(app)


def ground_pixel(scene, zone: int) -> tuple[int, int]:
    """A pixel of the zone ``zone`` on bare ground: no piece, away from its label."""
    table = scene.session.game.table
    polygon = shapely.Polygon(table.zones[zone].points)
    pieces = [shapely.Polygon(p.points) for p in table.pieces]
    x0, y0, x1, y1 = polygon.bounds
    for j in range(1, 10):
        for i in range(1, 10):
            p = (x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * j / 10)
            point = shapely.Point(p)
            if polygon.contains(point) and not any(q.buffer(0.5).contains(point) for q in pieces) \
                    and abs(p[1] - (y0 + y1) / 2) > 2 and abs(p[0] - (x0 + x1) / 2) > 8:
                return px(scene, p)
    raise AssertionError("no bare ground in the zone")


def test_zone_places_follow_the_screen():
    assert places(Table()) == ("bottom", "top")  # y = 0 (zone 0) at the bottom of the view
    swapped = Table(zones=(STANDARD_ZONES[1], STANDARD_ZONES[0]))
    assert places(swapped) == ("top", "bottom")
    side = Table(zones=(Zone(((0.0, 0.0), (10.0, 0.0), (10.0, 48.0), (0.0, 48.0))),
                        Zone(((38.0, 0.0), (48.0, 0.0), (48.0, 48.0), (38.0, 48.0)))))
    assert places(side) == ("left", "right")


def test_before_the_choice_the_zones_are_named_by_place_and_nobodys(app, monkeypatch):
    start(app)
    press(app, "roll_off")
    scene = app.scene
    assert scene.state.phase == Phase.CHOOSE_ZONE
    where = places(scene.session.game.table)
    keys = {f"zone_{where[0]}", f"zone_{where[1]}"}
    assert keys <= set(scene.controls.choices)
    assert {scene.controls.choices[k].button.text for k in keys} == {
        tr(f"upu_match.menu.zone_{w}") for w in where}
    drawn = Drawn(monkeypatch)
    frame = table_frame(drawn, app)
    words = [w for w, _ in frame]
    for w in where:
        assert (tr(f"upu_match.zone.place.{w}"), board.ZONE_FREE_EDGE) in frame
    assert words.count(tr("upu_match.zone.legend_free")) == 1  # one legend entry for both zones
    for side in "AB":  # no zone said to be a player's before it is chosen
        assert tr("upu_designer.view.zone_of", zone=side) not in words
        assert tr("upu_match.zone.owned", side=side) not in words
    # the mouse on a zone's button lights that zone
    key = f"zone_{where[1]}"
    pixel = ground_pixel(scene, 1)
    before = app.screen.get_at(pixel)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: scene.controls.choices[key].button.rect.center)
    step(app)
    lit = app.screen.get_at(pixel)
    assert sum(lit[:3]) > sum(before[:3]) + 30


@pytest.mark.parametrize("a_zone", [0, 1])
def test_after_the_choice_each_zone_is_named_by_its_owner_in_its_colour(app, monkeypatch, a_zone):
    """A takes zone ``a_zone`` (or B, winning the roll-off, takes the other): each zone's label, tint
    and legend say whose it is, and the story says where the chooser took it."""
    start(app)
    press(app, "roll_off")
    scene = app.scene
    table = scene.session.game.table
    chooser = scene.state.mover
    taken = a_zone if chooser == "A" else 1 - a_zone
    where = places(table)
    press(app, f"zone_{where[taken]}")
    s = scene.state
    assert s.zones == {"A": a_zone, "B": 1 - a_zone}
    drawn = Drawn(monkeypatch)
    frame = table_frame(drawn, app)
    words = [w for w, _ in frame]
    for side, zone in s.zones.items():
        assert (tr("upu_match.zone.owned", side=side), board.SIDE_EDGE[side]) in frame
        assert tr("upu_match.zone.legend_owned", side=side) in words
        look = scene.view.zone_looks[zone]
        assert look.label == tr("upu_match.zone.owned", side=side) and look.fill == board.ZONE[side]
        r, _, b, _ = app.screen.get_at(ground_pixel(scene, zone))
        assert (b > r) if side == "A" else (r > b)  # A's blue, B's red, where each stands
    assert tr("upu_match.zone.legend_free") not in words
    told = tr(f"upu_match.story.zone_{where[taken]}", player=chooser)
    assert told in words
    assert told in [w for w, _ in story_lines(scene.session.events, where)]
    assert tr(f"upu_match.story.zone_{where[taken]}", "fr", player=chooser) in told_story(
        scene.session.events, "fr", where)


def test_the_designer_keeps_the_table_files_zone_names(app, monkeypatch):
    from paintcheck.ui.unpourun.table_view import TableView

    drawn = Drawn(monkeypatch)
    view = TableView(Table(), (0, 0, 600, 600))
    view.draw(app.screen)
    words = [w for w, _ in drawn.items]
    assert tr("upu_designer.view.zone", zone="A") in words
    assert tr("upu_designer.view.zone_of", zone="B") in words


def card_shown(drawn, app, lines) -> bool:
    words = [w for w, _ in drawn.frame(app)]
    return all(line in words for line in lines)


def test_a_figures_card_under_the_mouse_reads_the_state(app, monkeypatch):
    """The card of a figure on the table, then of the enemy named by a Shoot button after a hit: its
    rank, profile, weapons (the builder's names), PV left, status and turn, all the state's."""
    chef, enemy = shooters_facing(app)
    scene = app.scene
    bands = bands_of(scene.session.record.start)
    drawn = Drawn(monkeypatch)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: px(scene, chef.pos))
    lines = scene.card_lines(chef.id)
    assert card_shown(drawn, app, lines)
    s = scene.state
    spec = bands[0].figures[0]
    assert lines[0].startswith(f"A1 · {tr(f'upu_builder.kind.{chef.kind}')}")
    st = chef.stats
    assert lines[2] == tr("upu_match.card.profile", mvt=st.mvt, cd=st.cd, ct=st.ct, ccc=st.ccc, f=st.f,
                          r=st.r, pv=st.pv, pa=st.pa)
    assert f"Mvt {st.mvt} · " in lines[2] and f" R {st.r} · " in lines[2]
    assert tr("upu_match.card.ranged", weapons=", ".join(weapon_words(w) for w in chef.ranged)) in lines
    assert tr("upu_match.card.melee", weapon=tr(f"upu_builder.weapon.melee.{spec.melee}")) in lines
    assert tr("upu_match.card.pv", pv=chef.pv, most=chef.stats.pv) in lines
    assert tr("upu_match.card.active", pa=s.activation.pa, most=chef.stats.pa) in lines
    # a hit that damages (scripted sixes), through the Shoot button's panel and its Confirm
    scene.session.dice = ScriptedDice([6] * 40)
    press(app, f"shoot-fusil-{enemy.id}")
    click(app, scene.shot.panel.confirm_rect.center)
    hit = scene.state.figure(enemy.id)
    assert hit.pv < enemy.pv
    key = next(k for k in scene.button_figure if scene.button_figure[k] == enemy.id)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: scene.controls.choices[key].button.rect.center)
    lines = scene.card_lines(enemy.id)
    assert card_shown(drawn, app, lines)
    assert tr("upu_match.card.pv", pv=hit.pv, most=hit.stats.pv) in lines
    status = figure_card.status_words(scene.state, enemy.id)
    assert tr("upu_match.card.status", status=status) in lines
    assert tr(f"upu_match.card.state.{hit.status.value}") in status
    # over a button, the card stands left of the side panel: it covers no button
    panel = app.size[0] - PANEL_W - MARGIN
    rect = board.card_rect(lines, pygame.mouse.get_pos(), app.screen.get_rect(), panel)
    assert not [k for k, c in scene.controls.choices.items() if rect.colliderect(c.button.rect)]


def test_a_figure_waiting_under_the_table_has_its_card(app, monkeypatch):
    from tests.ui.test_upu_match import to_deployment

    start(app)
    to_deployment(app)
    scene = app.scene
    fid, slot = next(iter(scene.reserve_slots().items()))
    drawn = Drawn(monkeypatch)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: slot.center)
    lines = scene.card_lines(fid)
    assert tr("upu_match.card.status", status=tr("upu_match.card.state.reserve")) in lines
    assert card_shown(drawn, app, lines)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (1, 1))
    assert not card_shown(drawn, app, lines)


def test_the_card_speaks_french(french_app, monkeypatch):
    from tests.ui.french import Drawn as FrenchDrawn
    from tests.ui.french import assert_french
    from tests.ui.test_i18n_upu_match import data_of

    app = french_app
    f = to_first_activation(app)
    scene = app.scene
    drawn = FrenchDrawn(monkeypatch)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: px(scene, f.pos))
    frame = drawn.frame(app)
    lines = scene.card_lines(f.id)
    assert tr("upu_match.card.pv", "fr", pv=f.pv, most=f.stats.pv) in lines
    assert all(line in frame for line in lines)
    assert_french(frame, data_of(scene))
