"""Layer 2: the ruler dragged by hand reads what the engine reads; protractor; runs."""

from __future__ import annotations

import pygame

from paintcheck.rules import tables
from paintcheck.rules.state import ShotEntry
from paintcheck.rules.values import RoundView
from paintcheck.ui import match_scene
from tests.ui.driver import click, drag, figure_pos, move, new_turn2_match, press, step


def _shootable_pair(state, m):
    """A (blue shooter, white target) pair whose shot the engine can read."""
    view = RoundView(state, m)
    for s in sorted(p.id for p in state.team_players("blue")):
        for t in sorted(p.id for p in state.team_players("white")):
            r = view.reading(ShotEntry(s, t, "simple"))
            if r.lost is None:
                return s, t, r
    raise AssertionError("no blue player can shoot a white one in the start position")


def test_dragging_the_ruler_from_target_to_shooter_reads_the_engines_modifiers(app):
    new_turn2_match(app)
    scene = app.scene
    session = scene.session
    shooter, target, expected = _shootable_pair(session.state, session.m)
    press(app, "tool-ruler")
    assert scene.instruments.tool == "ruler"
    drag(app, figure_pos(app, target), figure_pos(app, shooter))
    rv = scene.ruler_view
    assert (rv.target, rv.shooter) == (target, shooter)
    # the head sits on the target, the tail snapped to the shooter
    assert rv.head == session.state.players[target].point and rv.tail == session.state.players[shooter].point
    # what the window prints is the engine's reading, part for part
    assert rv.shot_parts == expected.shot_parts and rv.target_parts == expected.target_parts
    assert rv.required == expected.required
    distance = dict(expected.shot_parts).get("distance", 0)
    assert rv.distance_modifier == distance
    assert any(f"distance {distance:+d}" in line for line in scene.instrument_lines)
    assert any(f"needs {expected.required} on the d20" in line for line in scene.instrument_lines)
    # and the graze/cross highlights are the geometry's own line of fire
    from paintcheck.geometry import ruler

    st, tg = session.state.players[shooter], session.state.players[target]
    lof = ruler.line_of_fire(session.m.index, st.point, tg.point, tuple(c for c in (st.cover, tg.cover) if c))
    assert (rv.grazed, rv.crossed) == (lof.grazed, lof.crossed)


def test_the_ruler_follows_the_mouse_until_it_snaps(app):
    new_turn2_match(app)
    scene = app.scene
    press(app, "tool-ruler")
    target = figure_pos(app, "W1")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target, button=1))
    step(app)
    free = scene.t.to_screen(8, -3)
    move(app, free)
    assert scene.instruments.inst.ruler_tail == scene.t.to_world(*free)
    assert scene.ruler_view.shooter is None
    d = scene.ruler_view.distance
    assert scene.ruler_view.distance_modifier == tables.distance_modifier(d)


def test_the_protractor_sits_on_the_target_with_white_numbers(app):
    new_turn2_match(app)
    scene = app.scene
    session = scene.session
    shooter, target, expected = _shootable_pair(session.state, session.m)
    press(app, "tool-ruler")
    drag(app, figure_pos(app, target), figure_pos(app, shooter))
    pv = scene.protractor_view
    tg = session.state.players[target]
    if tg.cover is None:
        assert pv is None
        return
    assert pv.centre == tg.point and not pv.run
    assert f"angle {dict(expected.shot_parts).get('angle', 0):+d}" in pv.reading
    press(app, "tool-protractor")
    assert scene.instruments.readings(scene.state)[1] is None


def test_drawing_a_run_shows_what_each_enemy_sees(app):
    from tests.ui.driver import hand_over_if_asked, play_orders_by_clicks

    new_turn2_match(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    scene = app.scene
    assert scene.session.state.phase == "declare" and scene.declare.draft is not None
    press(app, "act-MOV")
    assert scene.declare.draft.move_mode
    p = scene.session.state.players[scene.declare.draft.pid]
    fwd = 1 if p.team == "blue" else -1
    for dy in (1, 2, 3):
        end = (p.point[0], p.point[1] + dy * fwd)
        if scene.session.m.obstacle_at(end) is None and scene.session.state.occupant(end) is None:
            break
    move(app, scene.t.to_screen(*end))
    path, exposure, refused = scene.declare.run_preview(scene.state)
    assert path[-1] == end and refused is None
    # the counts are the rules' own vulnerable points
    from paintcheck.rules.actions import Move

    decl = scene.declare.draft.declaration(Move((end,)))
    from paintcheck.rules.values import run_exposure

    assert exposure == run_exposure(scene.state, decl, scene.session.m)
    assert set(exposure) == {q.id for q in scene.session.state.players.values()
                             if q.on_field and q.team != p.team}
    click(app, scene.t.to_screen(*end))
    click(app, scene.t.to_screen(*end))  # clicking the last point again finishes the move
    assert not scene.declare.draft.move_mode
    assert scene.declare.draft.actions[-1].end == end


def test_with_the_ruler_on_a_click_on_his_own_figure_still_gives_an_order_token(app):
    """Issue 11: with the ruler on (R), clicking one's figures laid the ruler instead of tokens."""
    new_turn2_match(app)
    scene = app.scene
    press(app, "tool-ruler")
    click(app, figure_pos(app, "B2"))
    assert scene.orders.draft == {"B2": 1}
    assert not scene.instruments.inst.laid


def test_the_right_button_lays_the_ruler_between_two_points_without_taking_the_phases_click(app):
    """From an empty point (where a sheet aims) to a figure: distance and line of fire; the phase
    (order tokens here) is untouched."""
    new_turn2_match(app)
    scene = app.scene
    empty = scene.t.to_screen(8, 0)
    drag(app, empty, figure_pos(app, "B1"), steps=4, button=3)
    rv = scene.ruler_view
    assert rv is not None and rv.head == (8, 0) and rv.tail == scene.session.state.players["B1"].point
    assert rv.distance_modifier == tables.distance_modifier(rv.distance)
    assert scene.orders.draft == {} and scene.instruments.tool is None
    # a right click without a drag shades the figure's field of vision, as before
    click(app, figure_pos(app, "B1"), button=3)
    assert scene.instruments.inst.selected == "B1"


def test_putting_the_instruments_away_ends_every_instrument_mode(app):
    new_turn2_match(app)
    scene = app.scene
    press(app, "tool-ruler")
    drag(app, figure_pos(app, "W1"), figure_pos(app, "B1"))
    click(app, figure_pos(app, "B3"), button=3)
    inst = scene.instruments.inst
    assert scene.instruments.tool == "ruler" and inst.laid and inst.selected == "B3"
    press(app, "tool-clear")
    assert scene.instruments.tool is None and not inst.laid and inst.selected is None
    assert not scene.instruments.inst.protractor and scene.ruler_view is None
    click(app, figure_pos(app, "B2"))
    assert scene.orders.draft == {"B2": 1} and not scene.instruments.inst.laid


def test_protractor_and_field_of_vision_work_on_an_empty_point(app):
    """Issue 11: the instruments between any two points, figure or not (a sheet aims at points):
    the protractor sits on an empty point aligned with the cover a player there would use, and a
    right click on an empty point shades what the coach's player would see from it."""
    from paintcheck.geometry import fov as fov_mod
    from paintcheck.geometry import protractor

    new_turn2_match(app)
    scene = app.scene
    m, state = scene.session.m, scene.session.state
    taken = {p.point for p in state.players.values()}
    spot = next(p for p in state.lattice.points()
                if m.covers(p) and p not in taken and m.obstacle_at(p) is None and p[1] < 0)
    shooter = next(p for p in state.players.values() if p.team == "white" and p.on_field)
    drag(app, scene.t.to_screen(*spot), figure_pos(app, shooter.id), steps=4, button=3)
    pv = scene.protractor_view
    expected = protractor.static_angle(m.index, spot, m.covers(spot)[0], shooter.point)
    assert pv is not None and pv.centre == spot
    assert pv.reading.endswith(f"angle {tables.static_angle_bonus(expected.theta):+d}")
    press(app, "tool-clear")
    click(app, scene.t.to_screen(*spot), button=3)
    _, _, fov = scene.instruments.readings(scene.state)
    cover, side = scene.instruments.viewpoint_stance(spot)
    assert scene.instruments.inst.viewpoint == spot
    assert fov == fov_mod.field_of_vision(m.index, scene.viewer, cover, side)


def test_the_board_is_drawn_again_only_when_something_on_it_changes(app, monkeypatch):
    new_turn2_match(app)
    scene = app.scene
    drawn = []
    real = match_scene.draw_board  # the board's pure drawing, as the scene calls it
    monkeypatch.setattr(match_scene, "draw_board", lambda *a: (drawn.append(1), real(*a))[1])
    step(app, 3)
    assert drawn == []  # nothing changed: the board drawn before is blitted
    move(app, (scene.px + 20, 300))  # over the panel
    step(app, 2)
    assert drawn == []
    w1, b1 = figure_pos(app, "W1"), figure_pos(app, "B1")
    mid = ((w1[0] + b1[0]) // 2, (w1[1] + b1[1]) // 2)
    before = tuple(app.screen.get_at(mid))
    press(app, "tool-ruler")
    drag(app, w1, b1)
    step(app)
    assert drawn  # the ruler laid: drawn again, and seen
    assert scene.ruler_view is not None and tuple(app.screen.get_at(mid)) != before
    drawn.clear()
    step(app, 3)
    assert drawn == []
