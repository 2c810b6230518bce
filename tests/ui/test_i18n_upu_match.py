"""Un pour un's match screens in French (issue 31: the French walk finds no English string): the new
match screen, the match (deployment, the activation's menu, a trail, the story, the ruler) and the
result, every line drawn a French catalogue entry or data (ids, names, weapons, numbers)."""

from __future__ import annotations

from paintcheck.seam.seen import look
from paintcheck.unpourun import tables as t
from tests.ui.driver import click, press, step
from tests.ui.french import Drawn, assert_french
from tests.ui.test_upu_match import drag_path, px, shooters_facing, to_first_activation


def data_of(scene) -> set[str]:
    """What the French walk takes as data: the figures, the bands, the tables, the weapons."""
    words = {*t.RANGED, *t.MELEE, "A", "B"}
    if hasattr(scene, "bands"):
        words |= {b.name for b in scene.bands} | {c.name for c in scene.tables}
        words |= {c.table.name_fr for c in scene.tables if c.table is not None and c.table.name_fr}
    session = getattr(scene, "session", None)
    if session is not None:
        words |= {f.id for f in session.state.figures} | set(session.state.bands)
    return words


def test_the_new_match_screen_speaks_french(french_app, monkeypatch):
    app = french_app
    drawn = Drawn(monkeypatch)
    app.switch("upu_new")
    step(app)
    refused = next(i for i, b in enumerate(app.scene.bands) if b.problem is not None)
    press(app, f"band-B-{refused}")  # a refusal shown in French
    assert_french(drawn.frame(app), data_of(app.scene))


def test_the_match_and_its_result_speak_french(french_app, monkeypatch):
    app = french_app
    f = to_first_activation(app)
    scene = app.scene
    drawn = Drawn(monkeypatch)
    assert_french(drawn.frame(app), data_of(scene))  # the activation's menu, greyed reasons included
    far = px(scene, (f.pos[0], 3.0 if f.pos[1] > 24 else 45.0))
    drag_path(app, px(scene, f.pos), [], far)  # a refused trail, its words and the engine's reason
    assert_french(drawn.frame(app), data_of(scene))
    shooter = next((g for g in scene.state.figures if g.on_table and g.ranged), None)
    if shooter is not None:
        click(app, px(scene, shooter.pos))
        enemy = next(e for e in scene.state.figures if e.on_table and e.player != shooter.player)
        drag_path(app, px(scene, enemy.pos), [], px(scene, enemy.pos))
        assert_french(drawn.frame(app), data_of(scene))
    # the rest of the match played by the random coach on both sides (no window: quick), then its result
    session = scene.session
    coaches = {seat: session.game.playout_coach(seat, 5) for seat in session.game.seats}
    while not session.over:
        seat = session.to_move()
        session.apply(coaches[seat].decide(look(session.game, session.state, seat)))
    app.switch("upu_result", session=session)
    assert_french(drawn.frame(app), data_of(app.scene))


def test_a_shot_waiting_in_its_panel_speaks_french(french_app, monkeypatch):
    app = french_app
    chef, enemy = shooters_facing(app)
    scene = app.scene
    click(app, px(scene, chef.pos))
    click(app, px(scene, enemy.pos))
    assert scene.shot.shown
    drawn = Drawn(monkeypatch)
    assert_french(drawn.frame(app), data_of(scene))


def test_the_walks_deployment_drag_and_a_trail_with_its_cost_speak_french(french_app, monkeypatch):
    """The screens tests/ui/xdotool_upu.py walks through that the others do not stop on: a figure held
    over its zone in the middle of its drag, and a Walk dragged with a waypoint, its cost shown before
    the release."""
    import math

    from paintcheck.ui.i18n import number, tr
    from paintcheck.unpourun import actions as a
    from paintcheck.unpourun.state import Phase
    from tests.ui.test_upu_match import computer_moves, deploy_point, release, start, to_deployment

    app = french_app
    drawn = Drawn(monkeypatch)
    start(app)
    to_deployment(app)
    scene = app.scene
    fid, slot = next(iter(scene.reserve_slots().items()))
    target = deploy_point(scene, fid)
    drag_path(app, slot.center, [], target)  # held over the zone, not yet dropped
    assert scene.deploy.holding
    assert_french(drawn.frame(app), data_of(scene))
    release(app, target)
    assert scene.state.figure(fid).pos is not None
    while scene.state.phase == Phase.DEPLOY:
        fid, slot = next(iter(scene.reserve_slots().items()))
        target = deploy_point(scene, fid)
        drag_path(app, slot.center, [], target)
        release(app, target)
    computer_moves(app)
    s = scene.state
    f = next(g for g in s.band(s.mover) if g.standing)
    click(app, px(scene, f.pos))
    s = scene.state
    assert s.phase == Phase.ACTIVATION
    for angle in range(0, 360, 15):  # a Walk the engine takes, with a waypoint
        u = (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
        wp = px(scene, (f.pos[0] + u[0] * 1.5, f.pos[1] + u[1] * 1.5))
        end = px(scene, (f.pos[0] + u[0] * 1.5 + u[1] * 1.2, f.pos[1] + u[1] * 1.5 - u[0] * 1.2))
        if scene.engine.why_illegal(s, a.Walk((scene.view.to_table(wp), scene.view.to_table(end)))) is None:
            break
    else:
        raise AssertionError("no walk around the figure")
    drag_path(app, px(scene, f.pos), [wp], end)
    assert scene.reading is not None and scene.reading.decision is not None and scene.reading.pa == 1
    r = scene.reading
    frame = drawn.frame(app)
    assert_french(frame, data_of(scene))  # the trail's length, allowance and PA in French
    shown = tr("upu_match.trail", "fr", length=number(round(r.length, 2), None, "fr"),
               cost=number(round(r.cost, 2), None, "fr"), allowance=number(f.stats.mvt, None, "fr"), pa=1,
               kind=tr("upu_match.move.walk", "fr"))
    assert shown in frame
    assert f"sur {f.stats.mvt} pas" in shown and ("," in shown or r.length == round(r.length))  # 6,97
