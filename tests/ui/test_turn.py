"""Layer 3: a coach's turn by clicks — order tokens, a declared sequence, reactions, dodges,
hand-overs whenever secret tokens would show, and a whole turn played through the window."""

from __future__ import annotations

import pytest

from paintcheck.rules.actions import AssignOrders, Declare, Def, React, Shot, Support
from paintcheck.rules.legality import why_move_illegal
from paintcheck.rules.views import HIDDEN
from tests.ui.driver import (
    click,
    enabled,
    figure_pos,
    fill_sheet_by_clicks,
    hand_over_if_asked,
    move,
    new_match,
    new_turn2_match,
    play_orders_by_clicks,
    press,
    settle,
    step,
)


def _to_first_declaration(app):
    new_turn2_match(app)
    play_orders_by_clicks(app)
    assert app.scene.name == "handover"  # Blue's tokens are secret: White must not see them
    hand_over_if_asked(app)
    assert app.scene.viewer == "white"
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    return app.scene


def test_order_tokens_by_clicks_reach_the_engine(app):
    new_turn2_match(app)
    scene = app.scene
    assert not enabled(app, "orders-confirm")
    assert "B1" in scene.controls.choices["orders-confirm"].reason  # the engine's sentence
    play_orders_by_clicks(app)
    decision = scene.session.record.decisions[-1]
    assert decision == AssignOrders("blue", tuple((f"B{j}", j) for j in range(1, 6)))


def test_a_token_number_can_be_chosen_first_and_a_click_takes_it_back(app):
    new_turn2_match(app)
    scene = app.scene
    press(app, "token-5")
    click(app, figure_pos(app, "B2"))
    assert scene.orders.draft == {"B2": 5}
    click(app, figure_pos(app, "B2"))
    assert scene.orders.draft == {}


def test_the_other_coachs_tokens_are_face_down_until_revealed(app):
    scene = _to_first_declaration(app)
    state = scene.state  # what the window draws
    other = "white" if scene.viewer == "blue" else "blue"
    rnd = state.round
    for token in state.orders[other].values():
        assert token == HIDDEN or token <= rnd
    assert all(token != HIDDEN for token in state.orders[scene.viewer].values())


def test_declaring_a_sequence_by_clicks(app):
    scene = _to_first_declaration(app)
    session = scene.session
    team = scene.viewer
    pid = session.state.active[team]
    # an illegal choice is greyed with the engine's reason: a support needs an action before it
    assert not enabled(app, "act-SUP")
    assert scene.controls.choices["act-SUP"].reason == session.why_illegal(
        scene.declare.draft.declaration(Support()))
    press(app, "posture-standing")
    press(app, "act-DEF")
    press(app, "act-SUP")
    # hover an enemy: the window says whether he can be shot, and why not
    enemies = [p for p in session.state.players.values() if p.team != team and p.on_field]
    target = None
    for q in enemies:
        move(app, figure_pos(app, q.id))
        if scene.hover_reason and scene.hover_reason.startswith("click to shoot"):
            target = q.id
            break
    if target is not None:
        click(app, figure_pos(app, target))
    press(app, "act-DEF")
    press(app, "undo")
    d = scene.declare.draft
    actions = (Def(), Support(), *((Shot(target),) if target else ()))
    expected = Declare(pid, "standing", actions, d.cover, d.side)
    assert d.declaration() == expected
    press(app, "confirm")
    assert session.record.decisions[-1] == expected


def _play_one_decision(app, shoot: bool = True) -> bool:
    """What a coach does at the screen, by clicks only (the last resolution told first, to both).
    True when the screen was only handed over."""
    settle(app)
    if hand_over_if_asked(app):
        return True
    scene = app.scene
    if scene.name == "result":
        return False
    phase = scene.session.state.phase
    if phase == "orders":
        play_orders_by_clicks(app)
    elif phase == "declare":
        state = scene.session.state
        if shoot:
            for q in state.players.values():
                if q.on_field and q.team != scene.viewer:
                    move(app, figure_pos(app, q.id))
                    if scene.hover_reason and scene.hover_reason.startswith("click to shoot"):
                        click(app, figure_pos(app, q.id))
                        break
        for _ in range(4):
            if enabled(app, "act-DEF"):
                press(app, "act-DEF")
        press(app, "confirm")
    elif phase == "react":
        keys = [k for k in scene.controls.choices if k.startswith("react-") and k != "react-confirm"]
        for k in keys[:1]:
            if enabled(app, k):
                press(app, k)
        press(app, "react-confirm")
    elif phase == "dodge":
        press(app, "dodge")
    elif phase == "sheets":
        fill_sheet_by_clicks(app, prebunkers=1 if scene.viewer == "blue" else 2)
    elif phase == "target":
        targets = [k for k in scene.controls.choices if k.startswith("target-") and enabled(app, k)]
        press(app, targets[0] if targets else "hold-fire")
    elif phase == "over":
        press(app, "result")


@pytest.mark.slow
def test_a_full_turn_played_by_clicks(app):
    new_match(app)
    session = app.scene.session
    handovers = 0
    for _ in range(200):
        if session.state.turn >= 3 or session.state.phase == "over":
            break
        before = len(session.record.decisions)
        handed = bool(_play_one_decision(app))
        handovers += handed
        assert len(session.record.decisions) > before or handed, (
            f"stuck in {session.state.phase}: {app.message}")
    assert session.state.turn == 3 or session.state.phase == "over"
    assert handovers >= 2
    kinds = {type(d).__name__ for d in session.record.decisions}
    assert {"AssignOrders", "Declare", "React"} <= kinds or session.state.phase == "over"
    # every event is in the log box, in words
    if app.scene.name == "match":
        assert app.scene.log.lines == [e.text for e in session.events]


def test_reactions_show_who_is_eligible_and_why_not(app):
    new_turn2_match(app)
    session = app.scene.session
    for _ in range(200):
        if session.state.phase == "react" and app.scene.name == "match":
            break
        _play_one_decision(app)
    else:
        return  # no reaction phase in this match's first rounds
    scene = app.scene
    from paintcheck.rules.legality import reaction_options

    options = reaction_options(session.state, scene.viewer, session.m)
    for r, reason in options:
        choice = scene.controls.choices[f"react-{r.player}-{r.kind}-{r.target}"]
        if reason is not None:
            assert choice.reason == reason
    press(app, "react-confirm")
    assert isinstance(session.record.decisions[-1], React)


def test_a_move_by_clicks_stays_drawn_while_the_sequence_grows_and_reaches_the_engine(app):
    from paintcheck.rules.actions import Move
    from paintcheck.ui import theme

    scene = _to_first_declaration(app)
    session, d = scene.session, scene.declare.draft
    p = session.state.players[d.pid]
    fwd = 1 if p.team == "blue" else -1
    end = next((p.point[0], p.point[1] + dy * fwd) for dy in (3, 2, 1)
               if session.m.obstacle_at((p.point[0], p.point[1] + dy * fwd)) is None
               and session.state.occupant((p.point[0], p.point[1] + dy * fwd)) is None)
    press(app, "act-MOV")
    click(app, scene.t.to_screen(*end))
    click(app, scene.t.to_screen(*end))  # the last point again: the move is finished
    assert not scene.declare.draft.move_mode and isinstance(scene.declare.draft.actions[-1], Move)
    press(app, "act-DEF")
    # the drafted run is still on the field in the team's colour, halfway along it
    mid = scene.t.to_screen(p.point[0], p.point[1] + (end[1] - p.point[1]) / 2)
    colour = app.screen.get_at((int(mid[0]), int(mid[1])))[:3]
    assert colour == theme.TEAM[p.team][:3]
    press(app, "confirm")
    decl = session.record.decisions[-1]
    assert decl.player == p.id and decl.actions[0].end == end and decl.actions[1].code == "DEF"


@pytest.mark.slow
def test_a_whole_match_played_by_clicks_reaches_the_result_screen(app):
    new_match(app)
    session = app.scene.session
    for _ in range(3000):
        if app.scene.name == "result":
            break
        before = len(session.record.decisions)
        was = app.scene.name
        _play_one_decision(app)
        assert len(session.record.decisions) > before or was in ("handover", "match"), (
            f"stuck in {session.state.phase}: {app.message}")
    assert app.scene.name == "result" and session.state.phase == "over"
    assert session.state.winner in ("blue", "white", "draw")


def test_how_to_play_in_the_middle_of_a_sequence_keeps_it(app):
    _to_first_declaration(app)
    press(app, "act-DEF")
    drafted = list(app.scene.declare.draft.actions)
    press(app, "help")
    press(app, "back")
    assert app.scene.name == "match" and app.scene.declare.draft.actions == drafted and drafted


def test_a_complete_sequence_greys_the_add_buttons_with_the_points_used_not_an_error(app):
    """Issue 11: "the sequence costs 5 action points" read like an error under a legal sequence."""
    scene = _to_first_declaration(app)
    for _ in range(4):
        press(app, "act-DEF")
    for key in ("act-DEF", "act-SUP", "act-MOV", "act-DUMP"):
        assert scene.controls.choices[key].reason == "4 of 4 action points used"
    assert enabled(app, "confirm")


def test_the_side_he_arrives_on_is_the_side_of_the_obstacle_he_stands_on(app):
    """Issue 11: the default side came from the half of the field, not from where he stands."""
    new_turn2_match(app)
    scene = app.scene
    m = scene.session.m
    cyl = next(o for o in map(m.obstacle, m.index.ids) if o.kind == "cylinder" and o.points[0][1] < 0)
    (x, y) = cyl.points[0]
    for viewer, west, east in (("blue", "left", "right"), ("white", "right", "left")):
        scene.viewer = viewer
        assert scene.stances.default_side(cyl.id, None, (x - 1, y)) == west
        assert scene.stances.default_side(cyl.id, None, (x + 1, y)) == east
        assert scene.stances.default_side(cyl.id, None, (x + 1, y + 1)) == east
    low = next(o for o in map(m.obstacle, m.index.ids) if o.overable and len(o.points) == 1)
    (x, y) = low.points[0]
    assert scene.stances.default_side(low.id, None, (x, y - 1)) == "over"


def test_r5_1_his_own_side_is_chosen_and_another_greyed_with_the_engines_sentence(app):
    """RULES 5.1: behind the cover he already has, the side he plays is the draft's; another side
    is a SIDE action (where allowed), so its stance button is greyed with the engine's refusal,
    and a click on it changes nothing; back behind his own cover, his own side comes back."""
    scene = _to_first_declaration(app)
    session, d = scene.session, scene.declare.draft
    p = session.state.players[d.pid]
    assert p.cover is not None and p.side is not None and d.cover == p.cover
    assert d.side == p.side and enabled(app, f"side-{p.side}")
    for side in ("left", "right"):
        if side == p.side:
            continue
        expected = session.why_illegal(Declare(d.pid, d.posture, tuple(d.actions), d.cover, side))
        assert expected.startswith(f"he plays {p.side}: changing side costs a SIDE action")
        assert scene.controls.choices[f"side-{side}"].reason == expected and not enabled(app, f"side-{side}")
        press(app, f"side-{side}")
        assert scene.declare.draft.side == p.side
        assert scene.stances.start_side(d.pid, p.cover, side) == p.side  # back behind his cover
    assert scene.stances.start_side(d.pid, p.cover, None) == p.side


def test_the_sequence_buttons_keep_their_place_while_a_move_is_drawn_and_arrives(app):
    """Issue 11: Confirm the sequence jumped when the Arrival row appeared."""
    scene = _to_first_declaration(app)
    where = {k: scene.controls.rect(k).copy() for k in ("undo", "clear-seq", "confirm")}
    press(app, "act-MOV")
    assert {k: scene.controls.rect(k) for k in where} == where
    p = scene.session.state.players[scene.declare.draft.pid]
    m = scene.session.m
    taken = {o.point for o in scene.session.state.players.values()}
    ahead = next(q for q in ((p.point[0] + dx, p.point[1] + dy) for dy in (2, -2, 1, -1) for dx in (0, 1, -1))
                 if m.on_field(q) and m.obstacle_at(q) is None and q not in taken)
    click(app, scene.t.to_screen(*ahead))
    press(app, "move-finish")
    assert not scene.declare.draft.move_mode
    assert {k: scene.controls.rect(k) for k in where} == where


def test_a_run_through_an_obstacle_is_shown_refused_while_it_is_drawn(app):
    """Issue 11: the refusal came only at *Finish the move*."""
    scene = _to_first_declaration(app)
    m, p = scene.session.m, scene.session.state.players[scene.declare.draft.pid]
    press(app, "act-MOV")
    target = min((q for o in map(m.obstacle, m.index.ids) for q in o.points),
                 key=lambda q: max(abs(q[0] - p.point[0]), abs(q[1] - p.point[1])))
    move(app, scene.t.to_screen(*target))
    step(app)
    path, _, refused = scene.declare.run_preview(scene.state)
    expected = why_move_illegal(scene.session.state, p.id, scene.stances.arrival_move([target]), m)
    assert refused == expected and refused
    assert scene.hover_reason == f"this run is refused: {expected}"


def test_cover_buttons_name_the_obstacle_and_its_place_in_the_coachs_words(app):
    scene = _to_first_declaration(app)
    field = scene.session.table.field
    covers = [k[len("cover-"):] for k in scene.controls.choices if k.startswith("cover-")]
    assert covers
    for cov in covers:
        words = scene.controls.choices[f"cover-{cov}"].button.text
        assert words == field.by_id[cov].name_for(scene.viewer) and " at " in words and cov not in words


@pytest.mark.slow
def test_a_dodge_in_a_turn_is_rolled_on_the_public_board_without_a_hand_over(app):
    """Issue 11: rolling a dodge die needs nothing secret: no hand-over screen comes before it, and
    unless the dodging coach alone was looking, both sides' unrevealed tokens are drawn face down."""
    from paintcheck.rules.views import HIDDEN

    new_turn2_match(app)
    dodges = 0
    for _ in range(400):
        if app.session.state.phase == "over" or dodges >= 2:
            break
        if app.scene.name == "handover":
            assert app.session.state.phase != "dodge", "a hand-over before a dodge die"
        elif app.session.state.phase == "dodge":
            scene, s = app.scene, app.scene.state
            if not scene.private:
                assert all(t == HIDDEN or t <= s.round for team in s.orders.values() for t in team.values())
            dodges += 1
        _play_one_decision(app)
    assert dodges >= 1


def test_the_next_choices_wait_until_the_resolution_is_told(app, monkeypatch):
    """While a resolution is told, the panel shows no draft for the next declarer (nor the buttons):
    they appear once the board has caught up."""
    from paintcheck.ai.random_coach import RandomCoach
    from paintcheck.rules.views import view

    scene = _to_first_declaration(app)
    session = scene.session
    coaches = {team: RandomCoach(team, session.engine, 5 + i) for i, team in enumerate(("blue", "white"))}
    drawn: list[bool] = []
    for _ in range(60):
        hand_over_if_asked(app)
        scene = app.scene
        if scene.playing() and session.state.phase == "declare" and scene.deciding() and scene.declare.draft:
            def drawing(*args, real=scene.declare.draw_sequence_line):
                drawn.append(True)
                return real(*args)

            monkeypatch.setattr(scene.declare, "draw_sequence_line", drawing)
            step(app)
            assert not drawn and not scene.controls.choices
            settle(app)
            step(app)
            assert drawn and scene.controls.choices
            return
        settle(app)
        team = session.to_move()
        scene.apply(coaches[team].decide(view(session.state, team)))
    pytest.fail("no resolution told before a declaration in 60 decisions")


@pytest.mark.slow
def test_tell_again_after_a_hand_over_tells_what_was_told_while_he_looked_away(app):
    """Issue 25: a resolution told on one coach's own screen (the other looking away) is told again
    to the other coach after the hand-over, with *Tell again*."""
    import pytest

    from paintcheck.ui.playback import RESOLUTION_EVENTS

    new_turn2_match(app)
    for _ in range(400):
        settle(app)
        if app.scene.name == "handover":
            team, scene = app.scene.team, app.scenes["match"]
            seen = scene.told.looked[team]
            missed = [e for e in app.session.events[seen:] if isinstance(e, RESOLUTION_EVENTS)]
            if missed:
                hand_over_if_asked(app)
                press(app, "tell-again")
                batch = app.scene.telling.batch
                assert app.scene.playing() and all(any(e is b for b in batch) for e in missed)
                return
        if app.session.state.phase == "over":
            break
        _play_one_decision(app)
    pytest.fail("no resolution was told while a coach looked away")


def test_a_resolution_is_told_to_both_coaches_before_the_hand_over(app):
    """Issue 25: when the next screen is secret, the resolution is first told on the public board
    (both sides' tokens face down), and the hand-over comes once it is told."""
    new_turn2_match(app)
    for _ in range(400):
        scene = app.scene
        if scene.name == "match" and scene.playing() and scene.handover_waits:
            assert scene.viewer is None and not scene.private
            assert app.holder.lookers == {"blue", "white"}
            settle(app)
            assert app.scene.name == "handover"
            return
        if app.session.state.phase == "over":
            break
        _play_one_decision(app)
    raise AssertionError("no resolution came before a hand-over")
