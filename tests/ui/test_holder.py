"""Who looks at the screen (ui.holder), alone and through the window's own flow: no screen ever
shows a coach's secrets (face-down tokens, his sheet, their drafts) while the other may be looking."""

from __future__ import annotations

import pytest

from paintcheck.ai.random_coach import RandomCoach
from paintcheck.rules.actions import AssignOrders, BreakSheet
from paintcheck.rules.state import DECLARE, DODGE, ORDERS, OVER, SHEETS, MatchState
from paintcheck.rules.views import HIDDEN
from paintcheck.ui.holder import TEAMS, Holder, needs_secrets
from tests.ui.driver import choose_field, hand_over_if_asked, press, settle, step


def _state(phase, orders=None, round_=1) -> MatchState:
    s = MatchState(layout="t", players={}, turn=3)
    s.phase, s.round = phase, round_
    s.orders = orders or {"blue": {}, "white": {}}
    return s


def test_a_secret_screen_for_the_coach_who_alone_looks_needs_no_hand_over():
    h = Holder()
    assert h.next(_state(ORDERS), "blue") == (True, True)  # nobody knows who sits there yet
    h.handed_to("blue")
    assert h.next(_state(ORDERS), "blue") == (False, True)
    assert h.next(_state(ORDERS), "white") == (True, True)


def test_a_new_turn_hands_over_though_nothing_lies_face_down_yet():
    """Issue 10: White made the last decision of a turn; Blue gives his tokens next. Nothing is
    secret on the table, but Blue's tokens will be: White must not hold the screen."""
    h = Holder()
    h.handed_to("white")
    new_turn = _state(ORDERS)
    assert not any(new_turn.orders.values())
    assert h.next(new_turn, "blue") == (True, True)


def test_a_public_decision_takes_the_mouse_without_hand_over_and_both_may_look_after():
    h = Holder()
    h.handed_to("white")
    face_down = {"blue": {"B1": 3}, "white": {"W1": 2}}
    assert h.next(_state(DODGE, face_down), "blue") == (False, False)  # drawn all face down
    assert h.lookers == TEAMS
    assert h.next(_state(DECLARE, face_down), "white") == (True, True)


@pytest.mark.parametrize(("phase", "orders", "needs"), [
    (ORDERS, {}, True), (SHEETS, {}, True), (DODGE, {"B1": 4}, False),
    (DECLARE, {"B1": 4}, True), (DECLARE, {"B1": 1}, False),  # round 1: token 1 is revealed
])
def test_needs_secrets(phase, orders, needs):
    assert needs_secrets(_state(phase, {"blue": orders, "white": {}}), "blue") is needs


def _secrets_drawn(scene) -> set[str]:
    """The teams whose secrets the match screen draws now."""
    state, shown = scene.state, set()
    for team in TEAMS:
        if any(t != HIDDEN and t > state.round for t in state.orders.get(team, {}).values()):
            shown.add(team)
        sheet = state.sheets.get(team) if state.phase == SHEETS else None
        if sheet is not None and sheet != BreakSheet(team, ()):
            shown.add(team)
    if scene.sheet is not None:
        shown.add(scene.sheet.team)
    if scene.orders.draft:
        shown.add(scene.viewer)
    return shown


@pytest.mark.slow
def test_whole_matches_through_the_window_never_show_a_secret_to_the_other_coach(app):
    """Random coaches play through the window: the test keeps its own account of who may be
    looking (a hand-over gives the screen to one coach; a coach deciding without one joins whoever
    looked), and every screen's secrets must belong to the one coach looking."""
    hand_overs = 0
    for match in range(2):
        if match == 0:
            press(app, "new")
            choose_field(app)
        else:
            app.new_match()
            step(app)
        lookers = set(TEAMS)
        engine = app.session.engine
        coaches = {t: RandomCoach(t, engine, 10 * match + i) for i, t in enumerate(("blue", "white"))}
        while app.session.state.phase != OVER:
            if app.scene.name == "handover":
                lookers = {app.scene.team}
                hand_over_if_asked(app)
                hand_overs += 1
                continue
            if app.scene.name == "match" and app.scene.handover_waits:
                # a resolution told to both coaches before the hand-over: nobody's secrets shown
                lookers = set(TEAMS)
                assert not _secrets_drawn(app.scene), "a secret drawn while both coaches look"
                settle(app)
                step(app)
                assert app.scene.name != "match" or not app.scene.handover_waits
                continue
            scene, session = app.scene, app.session
            team = session.to_move()
            lookers.add(team)
            step(app)
            if session.state.phase == ORDERS and scene.deciding():  # a token given by hand: a draft
                pid = next(p.id for p in session.state.team_players(team) if p.on_field)
                scene.orders.draft = {pid: 1}
            for owner in _secrets_drawn(scene):
                assert lookers == {owner}, (
                    f"{owner}'s secrets drawn while {sorted(lookers)} may look "
                    f"(turn {session.state.turn}, {session.state.phase})")
            scene.orders.draft = {}
            decision = coaches[team].decide(session.view(team))
            assert not scene.apply(decision) == [] or isinstance(decision, AssignOrders)
    assert hand_overs > 20
