"""Un pour un's match window by posted events (issue 31, item 4): deployment by dragging, a move's trail
and its cost equal to the engine's reading, a refused move with the engine's reason, a saved match
resumed equal, and a whole match against the computer to its result."""

from __future__ import annotations

import math

import pygame
import pytest

from paintcheck.ui import game_choice, theme
from paintcheck.ui.i18n import number, say, tr
from paintcheck.ui.unpourun.event_words import weapon_words
from paintcheck.ui.unpourun.ruler import reading_lines
from paintcheck.ui.unpourun.ruler_reading import read_ruler
from paintcheck.ui.unpourun.zone_places import places
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.allowance import move_allowance
from paintcheck.unpourun.bands import band_problems
from paintcheck.unpourun.state import Phase
from tests.ui.driver import Drawn, click, press, step

FUTURE_WAIT = 30.0  # seconds a computer's decision may take in the worker


def start(app, a_kind: str = "person", b_kind: str = "person") -> None:
    """Title → the new match screen → who plays each side → Start, all by clicks."""
    app.switch("upu_new")
    step(app)
    press(app, f"player-A-{a_kind}")
    press(app, f"player-B-{b_kind}")
    press(app, "start")
    assert app.scene.name == "upu_match"


def computer_moves(app) -> None:
    """Let the computer play until a person is to move (waiting on its worker's future, not frames)."""
    scene = app.scene
    while scene.name == "upu_match" and not scene.session.over and not scene.person_to_move():
        step(app)
        if scene.computer.future is not None:
            scene.computer.future.result(FUTURE_WAIT)
        step(app)


def px(scene, p) -> tuple[int, int]:
    """The pixel of the table point ``p`` (a mouse stands on whole pixels)."""
    x, y = scene.view.to_screen(p)
    return round(x), round(y)


def deploy_point(scene, fid: str, avoid: tuple[float, float] | None = None):
    """A table point the engine accepts for ``fid`` (asked of its legality), as a pixel."""
    s = scene.state
    zone = scene.session.game.table.zones[s.zones[s.mover]]
    xs, ys = [p[0] for p in zone.points], [p[1] for p in zone.points]
    for j in range(40):
        for i in range(40):
            p = (min(xs) + (max(xs) - min(xs)) * (i + 0.5) / 40,
                 min(ys) + (max(ys) - min(ys)) * (j + 0.5) / 40)
            pixel = px(scene, p)
            at = scene.view.to_table(pixel)
            if scene.engine.why_illegal(s, a.Deploy(fid, at)) is None:
                return pixel
    raise AssertionError("no room in the zone")


def drag_path(app, start_pos, waypoints, end) -> None:
    """Press on ``start_pos``, move through each waypoint (a right click drops it), release at ``end``."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start_pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    step(app)
    for p in waypoints:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=3))
        step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    step(app)


def release(app, end) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app, 2)


def deploy_all_by_drags(app) -> None:
    scene = app.scene
    while scene.state.phase == Phase.DEPLOY:
        if not scene.person_to_move():
            computer_moves(app)
            continue
        fid, slot = next(iter(scene.reserve_slots().items()))
        target = deploy_point(scene, fid)
        drag_path(app, slot.center, [], target)
        release(app, target)
        assert scene.state.figure(fid).pos is not None


def zone_key(app, zone: int) -> str:
    """The button that takes ``zone`` (named by where it stands on the screen)."""
    return f"zone_{places(app.scene.session.game.table)[zone]}"


def to_deployment(app) -> None:
    press(app, "roll_off")
    press(app, zone_key(app, 0))


def to_first_activation(app):
    """Both sides a person: roll-off, zone, deployment by drags, then the first figure activated by a
    click on it. Returns the active figure."""
    start(app)
    to_deployment(app)
    deploy_all_by_drags(app)
    scene = app.scene
    assert scene.state.phase == Phase.WAVE
    mine = next(f for f in scene.state.band(scene.state.mover) if f.standing)
    click(app, px(scene, mine.pos))
    assert scene.state.phase == Phase.ACTIVATION and scene.state.activation.figure == mine.id
    return scene.state.figure(mine.id)


def test_deployment_is_dragged_into_the_zone_a_refused_place_red_with_the_engines_reason(app, monkeypatch):
    start(app)
    to_deployment(app)
    scene = app.scene
    s = scene.state
    fid, slot = next(iter(scene.reserve_slots().items()))
    other_zone = scene.session.game.table.zones[1 - s.zones[s.mover]]
    corners = other_zone.points
    outside = px(scene, (sum(p[0] for p in corners) / len(corners),
                                    sum(p[1] for p in corners) / len(corners)))
    drawn = Drawn(monkeypatch)
    drag_path(app, slot.center, [], outside)
    expected = say(scene.engine.why_illegal(s, a.Deploy(fid, scene.view.to_table(outside))))
    assert (expected, theme.REFUSED) in drawn.frame(app)  # red, while it is held there
    release(app, outside)
    assert scene.state is s and s.figure(fid).pos is None  # nothing deployed
    assert app.message[0] == expected
    inside = deploy_point(scene, fid)
    drag_path(app, slot.center, [], inside)
    release(app, inside)
    assert scene.session.record.decisions[-1] == a.Deploy(fid, scene.view.to_table(inside))
    assert scene.state.figure(fid).pos == scene.view.to_table(inside)


def test_a_dragged_trail_shows_the_distance_and_cost_the_engine_reads_and_is_played(app, monkeypatch):
    f = to_first_activation(app)
    scene = app.scene
    s = scene.state
    m = scene.engine.m
    # a trail with a waypoint the engine takes as a Walk
    for angle in range(0, 360, 15):
        u = (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
        wp = px(scene, (f.pos[0] + u[0] * 1.5, f.pos[1] + u[1] * 1.5))
        end = px(scene, (f.pos[0] + u[0] * 1.5 + u[1] * 1.2, f.pos[1] + u[1] * 1.5 - u[0] * 1.2))
        path = (scene.view.to_table(wp), scene.view.to_table(end))
        if scene.engine.why_illegal(s, a.Walk(path)) is None:
            break
    else:
        raise AssertionError("no walk around the figure")
    drawn = Drawn(monkeypatch)
    drag_path(app, px(scene, f.pos), [wp], end)
    reading = scene.reading
    full = [f.pos, *path]
    assert reading.path == path
    assert reading.cost == m.path_cost(full, f.stats.difficult_as_open)
    assert reading.length == pytest.approx(math.dist(full[0], full[1]) + math.dist(full[1], full[2]))
    assert reading.decision == a.Walk(path) and reading.pa == 1
    # the allowance is the legality's own (a Walk: Mvt, 3.4), said beside what the trail costs of it
    assert reading.allowance == move_allowance(scene.engine.board, s, f, a.Walk(path)) == f.stats.mvt
    words = tr("upu_match.trail", length=number(round(reading.length, 2)),
               cost=number(round(reading.cost, 2)), allowance=number(f.stats.mvt), pa=1,
               kind=tr("upu_match.move.walk"))
    assert (words, theme.TEXT_GOOD) in drawn.frame(app)
    assert f"of {f.stats.mvt} pas" in words
    release(app, end)
    assert scene.session.record.decisions[-1] == a.Walk(path)
    assert scene.state.figure(f.id).pos == path[-1]
    assert scene.state.activation.pa == f.stats.pa - 1
    # the activation's menu asks the engine again: a Run right after a Walk is greyed with its reason
    chained = scene.engine.why_illegal(scene.state, a.Run(()))
    assert chained is not None and scene.controls.choices["run"].reason == say(chained)


def test_a_refused_move_is_red_with_the_engines_reason_and_changes_nothing(app, monkeypatch):
    f = to_first_activation(app)
    scene = app.scene
    s = scene.state
    depth = scene.session.game.table.depth
    far = px(scene, (f.pos[0], 3.0 if f.pos[1] > depth / 2 else depth - 3.0))  # beyond any run
    path = (scene.view.to_table(far),)
    assert scene.engine.why_illegal(s, a.Run(path)) is not None  # too far for any move
    drawn = Drawn(monkeypatch)
    drag_path(app, px(scene, f.pos), [], far)
    reason = say(scene.engine.why_illegal(s, a.Run(path)))
    frame = drawn.frame(app)
    assert any(words.endswith(reason) and colour == theme.REFUSED for words, colour in frame)
    # refused as a Run (beyond a Walk's allowance): the Run's allowance, 1.5 x Mvt, is the one said
    r = scene.reading
    assert r.kind == "run"
    assert r.allowance == move_allowance(scene.engine.board, s, f, a.Run(path)) == f.stats.mvt * 1.5
    said_allowance = tr("upu_match.trail_refused", kind=tr("upu_match.move.run"),
                        length=number(round(r.length, 2)), cost=number(round(r.cost, 2)),
                        allowance=number(f.stats.mvt * 1.5))
    assert (said_allowance, theme.REFUSED) in frame
    release(app, far)
    assert scene.state is s and len(scene.session.record.decisions) and scene.state.figure(f.id).pos == f.pos
    assert app.message[0] == reason


def test_a_saved_match_opened_from_the_title_resumes_in_the_same_state(app):
    f = to_first_activation(app)
    scene = app.scene
    press(app, "end")
    saved = scene.session
    assert saved.path.is_file()
    app.set_game(game_choice.UNPOURUN_GAME)  # the title's Un pour un menu
    app.switch("title")
    step(app)
    press(app, "upu-resume")  # Continue: the latest match of Un pour un
    assert app.scene.name == "upu_match"
    resumed = app.scene.session
    assert resumed is not saved and resumed.state == saved.state
    assert resumed.record.decisions == saved.record.decisions
    assert resumed.state.figure(f.id).activated


@pytest.mark.slow  # about 15 s alone, more on a busy machine
def test_a_whole_match_against_the_computer_to_its_result_by_posted_events(app):
    start(app, "person", "random")
    scene = app.scene
    computer_moves(app)
    if scene.state.phase == Phase.ROLL_OFF:
        press(app, "roll_off")
        computer_moves(app)
    if scene.state.phase == Phase.CHOOSE_ZONE:
        press(app, zone_key(app, 0))
        computer_moves(app)
    deploy_all_by_drags(app)
    for _ in range(3000):
        computer_moves(app)
        if app.scene.name != "upu_match":
            break
        s = scene.state
        if s.phase == Phase.WAVE:
            ready = next(f for f in s.band(s.mover) if f.standing and not f.activated)
            click(app, px(scene, ready.pos))
        elif s.phase == Phase.ACTIVATION and "end" in scene.controls.choices \
                and scene.controls.choices["end"].reason is None:
            press(app, "end")
        else:  # a passive test's order, a free shot, a withdrawal, a rout move: the first open choice
            key = next(k for k, c in scene.controls.choices.items()
                       if c.reason is None and c.action is not None and k != "title")
            press(app, key)
            if scene.shot.shown:  # a free shot waits in the panel: confirmed
                click(app, scene.shot.panel.confirm_rect.center)
        assert scene.state is not s  # every click was a decision
    assert app.scene.name == "upu_result"
    words = app.scene.words()
    vp = scene.session.state.vp
    assert tr("upu_match.result.vp", a=vp["A"], b=vp["B"]) in words


def test_a_band_the_rules_refuse_is_shown_with_the_engines_reason_and_cannot_start(app):
    app.switch("upu_new")
    step(app)
    scene = app.scene
    refused = next(i for i, b in enumerate(scene.bands) if b.problem is not None)  # a race, races off
    press(app, f"band-B-{refused}")
    reason = say(band_problems(scene.bands[refused].band, scene.options)[0])
    assert scene.controls.choices["start"].reason == tr("upu_match.new.band_refused", side="B", reason=reason)
    press(app, "start")
    assert app.scene.name == "upu_new"
    press(app, "races")  # races allowed: the same band plays
    assert scene.controls.choices["start"].reason is None
    press(app, "start")
    assert app.scene.name == "upu_match"
    assert app.scene.state.bands[1] == scene.bands[refused].name and app.scene.state.options.races


def test_the_ruler_comes_from_the_figure_clicked_and_reads_what_the_engine_reads(app, monkeypatch):
    to_first_activation(app)
    scene = app.scene
    s = scene.state
    shooter = next(f for f in s.figures if f.on_table and f.ranged)
    enemy = next(e for e in s.figures if e.on_table and e.player != shooter.player)
    click(app, px(scene, shooter.pos))
    assert scene.selected == shooter.id
    drawn = Drawn(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=px(scene, enemy.pos), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    expected = read_ruler(scene.engine.board, s, shooter.id, shooter.ranged[0],
                          scene.view.to_table(px(scene, enemy.pos)), enemy.id)
    assert scene.ruler.reading == expected and expected.target == enemy.id
    shown = drawn.words(app)
    assert all(line in shown for line in reading_lines(expected))
    name = weapon_words(shooter.ranged[0])  # the weapon by its name, not the table's identifier
    assert name != shooter.ranged[0] and tr("upu_match.ruler_hint", weapon=name) in shown


def test_a_damaged_save_opened_is_one_line_and_back_on_the_title(app, user_data):
    start(app)
    press(app, "roll_off")
    path = app.scene.session.path
    data = path.read_text().replace('"ROLLOFF"', '"STRIKE nobody"')
    path.write_text(data)
    app.switch("upu_match", resume=path)  # what the title's Continue and Load do
    assert app.scene.name == "title"
    assert app.message is not None and str(path) in app.message[0]


def shooters_facing(app):
    """A match set up through the session (the part under test is the shot): the shooters' band (A)
    against the melee band (B), both a person, the fronts of the zones face to face, until A's chef
    (a fusil) is activated. Returns (the chef, an enemy it may shoot)."""
    from paintcheck.ui.session import Session
    from paintcheck.ui.unpourun import setup_model
    from paintcheck.unpourun import band_file
    from paintcheck.unpourun.bands import Options
    from paintcheck.unpourun.table_file import load_table, shipped_tables

    bands = {b.name: b for _, b in band_file.list_bands() if not isinstance(b, Exception)}
    first, second = bands["Les Tireurs de la Butte"], bands["La Mêlée des Ferrailleurs"]
    table = load_table(next(p for p in shipped_tables() if p.stem == "woodland"))
    record = setup_model.new_record(first, second, table, Options(), {"A": "person", "B": "person"}, 7)
    session = Session.begin(setup_model.UNPOURUN, record)
    session.apply(a.RollOff())
    session.apply(a.ChooseZone(0 if session.state.mover == "A" else 1))  # A at y = 0
    while session.state.phase == Phase.DEPLOY:
        s = session.state
        f = next(g for g in s.band(s.mover) if g.pos is None)
        i = int(f.id[1:])
        y = 13.4 if f.player == "A" else 34.6
        xs = [20.0 + 1.3 * i + dx for dx in (0.0, 0.5, -0.5, 5.0, -5.0, 10.0)]
        at = next((x, y) for x in xs if session.why_illegal(a.Deploy(f.id, (x, y))) is None)
        session.apply(a.Deploy(f.id, at))
    while not (session.state.phase == Phase.ACTIVATION and session.state.activation.figure == "A1"):
        s = session.state
        if s.phase == Phase.WAVE:
            ready = [f.id for f in s.band(s.mover) if f.standing and not f.activated]
            session.apply(a.Activate("A1" if "A1" in ready else ready[0]))
        elif s.phase == Phase.ORDER:
            session.apply(a.TakeTest(*s.choices[0]))
        elif s.phase == Phase.FREE_SHOT:
            session.apply(a.FreeShot(""))
        elif s.phase == Phase.WITHDRAW:
            session.apply(a.Withdraw(()))
        else:
            session.apply(a.EndActivation())
    app.switch("upu_match", session=session)
    step(app)
    s = session.state
    chef = s.figure("A1")
    board = app.scene.engine.board
    enemy = next(e for e in s.band("B") if e.standing and board.eligible(s, chef, e, "fusil"))
    return chef, enemy


def test_a_shot_aimed_with_the_ruler_is_told_with_its_exact_odds_and_played_when_confirmed(app, monkeypatch):
    from paintcheck.ui.unpourun.shot_lines import shot_lines
    from paintcheck.unpourun.odds import shot_odds

    chef, enemy = shooters_facing(app)
    scene = app.scene
    s = scene.state
    click(app, px(scene, chef.pos))  # the ruler from the chef
    click(app, px(scene, enemy.pos))  # the enemy under it: the shot to the panel
    panel = scene.shot.panel
    assert panel.shown and scene.shot.decision == a.Shoot("fusil", enemy.id)
    expected = shot_lines(shot_odds(scene.engine.board, s, chef, "fusil", enemy), "A", None)
    assert panel.lines() == expected
    drawn = Drawn(monkeypatch)
    assert any(words == expected[-1].text for words, _ in drawn.frame(app))
    assert scene.state is s, scene.session.record.decisions[-3:]  # nothing played before the confirmation
    click(app, panel.confirm_rect.center)
    assert scene.session.record.decisions[-1] == a.Shoot("fusil", enemy.id)
    assert not panel.shown and scene.state is not s
    told = [e.kind for e in scene.session.events[-8:]]
    assert "shot" in told and ("hit" in told or "missed" in told)


def test_a_strike_or_shot_button_opens_the_panel_and_cancel_plays_nothing(app):
    chef, enemy = shooters_facing(app)
    scene = app.scene
    s = scene.state
    press(app, f"shoot-fusil-{enemy.id}")
    assert scene.shot.panel.shown and scene.shot.decision == a.Shoot("fusil", enemy.id)
    click(app, scene.shot.panel.cancel_rect.center)
    assert not scene.shot.panel.shown and scene.state is s


def test_a_trail_dropped_on_an_enemy_is_a_charge_asked_of_the_engine(app):
    from paintcheck.ui.unpourun.move_tool import contact

    chef, enemy = shooters_facing(app)
    scene = app.scene
    s = scene.state
    drag_path(app, px(scene, chef.pos), [], px(scene, enemy.pos))
    reading = scene.reading
    assert reading.kind == "charge"
    expected = a.Charge(enemy.id, (contact(enemy, chef.pos),))
    assert math.dist(expected.path[-1], enemy.pos) == pytest.approx(1.0)  # base to base
    reason = scene.engine.why_illegal(s, expected)
    assert reading.reason == reason and reason is not None  # 20 pas away: beyond a charge
    release(app, px(scene, enemy.pos))
    assert scene.state is s and app.message[0] == say(reason)


def test_how_to_play_from_the_match_comes_back_to_the_same_match(app):
    f = to_first_activation(app)
    scene = app.scene
    session, state = scene.session, scene.state
    for key_pressed in (pygame.K_F1, pygame.K_ESCAPE):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_pressed, mod=0, unicode="", scancode=0))
        step(app, 2)
        if key_pressed == pygame.K_F1:
            assert app.scene.name == "help"
    assert app.scene is scene and scene.session is session and scene.state is state
    assert scene.state.activation.figure == f.id and "end" in scene.controls.choices


def test_the_computers_decision_for_a_state_the_match_has_left_is_dropped():
    from paintcheck.ui.session import Session
    from paintcheck.ui.unpourun import setup_model
    from paintcheck.ui.unpourun.computer import Computer
    from paintcheck.unpourun import band_file
    from paintcheck.unpourun.bands import Options
    from paintcheck.unpourun.table_file import load_table, shipped_tables

    bands = [b for _, b in band_file.list_bands()]
    record = setup_model.new_record(bands[0], bands[2], load_table(shipped_tables()[0]), Options(),
                                    {"A": "random", "B": "random"}, 3)
    session = Session.begin(setup_model.UNPOURUN, record)
    computer = Computer()
    try:
        computer.think(session, "A")
        computer.future.result(FUTURE_WAIT)
        session.apply(a.RollOff())  # the match moved on meanwhile (a person, a load)
        assert computer.ready(session) == (False, None)
        computer.think(session, session.to_move())
        decision = computer.future.result(FUTURE_WAIT)
        assert computer.ready(session) == (True, decision) and isinstance(decision, a.ChooseZone)
    finally:
        computer.close()


def test_a_greyed_action_says_the_engines_reason_under_the_mouse(app, monkeypatch):
    to_first_activation(app)
    scene = app.scene
    key, choice = next((k, c) for k, c in scene.controls.choices.items() if c.reason is not None)
    drawn = Drawn(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.controls.rect(key).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: scene.controls.rect(key).center)
    shown = drawn.frame(app)
    assert (theme.wrap(choice.reason, 13, 380)[0], theme.TEXT_WARN) in shown


def test_r4_3_a_tie_for_a_target_is_offered_to_the_targets_owner_in_the_menu(app):
    """4.3, 10.1: A1's mitraillette at B1 and B2, tied for nearest: B's player (a person) is asked in
    the window which is target 1, one button per tied figure; a click plays the choice."""
    from paintcheck.ui.session import Session
    from paintcheck.ui.unpourun import setup_model
    from paintcheck.unpourun.bands import Options
    from paintcheck.unpourun.terrain import OPEN_TABLE
    from tests.unpourun.upu_world import SF, band, fig

    first, second = band(fig(SF, ranged=("mitraillette",))), band(fig(SF), fig(SF))
    record = setup_model.new_record(first, second, OPEN_TABLE, Options(passive=frozenset()),
                                    {"A": "person", "B": "person"}, 8)
    session = Session.begin(setup_model.UNPOURUN, record)
    spots = {"A1": 24.0, "A2": 2.0, "B1": 23.5, "B2": 24.5, "B3": 46.0}  # B1, B2 21.006 from A1
    session.apply(a.RollOff())
    session.apply(a.ChooseZone(0))
    while session.state.phase != Phase.TARGET:
        s = session.state
        if s.phase == Phase.DEPLOY:
            f = next(f for f in s.band(s.mover) if f.pos is None)
            session.apply(a.Deploy(f.id, (spots[f.id], 13.5 if s.zones[s.mover] == 0 else 34.5)))
        elif s.phase == Phase.WAVE:
            ready = [f.id for f in s.band(s.mover) if f.standing and not f.activated]
            session.apply(a.StopWave() if s.wave == 1 and "A1" not in ready else a.Activate(ready[0]))
        elif s.activation.figure == "A1":
            session.apply(a.Shoot("mitraillette", "B1"))
        else:
            session.apply(a.EndActivation())
    app.switch("upu_match", session=session)
    step(app)
    scene = app.scene
    assert scene.state.mover == "B" and scene.state.aim.tied == ("B1", "B2")
    assert tr("upu_match.phase.target") in scene.header()[0]
    assert {"choose_target-B1-A1", "choose_target-B2-A1"} <= set(scene.controls.choices)
    press(app, "choose_target-B2-A1")
    assert session.record.decisions[-1] == a.ChooseTarget("B2")
    shot = next(e for e in reversed(session.events) if e.kind == "shot")
    assert shot.get("targets") == ("B2", "B1")
