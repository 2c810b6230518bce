"""Issue 14 item 5: while a coach declares, each shot of his sequence shows what it needs and its
odds, read by the engine on his own view (what he may know); the panel prints them."""

from __future__ import annotations

from paintcheck.odds.forecast import forecasts
from paintcheck.odds.shot import shot_odds
from paintcheck.rules import tables
from paintcheck.rules.state import ShotEntry
from paintcheck.rules.values import RoundView
from paintcheck.rules.views import view
from paintcheck.ui import theme
from tests.ui.driver import click, figure_pos, move, press
from tests.ui.test_turn import _to_first_declaration


def test_a_shot_being_declared_shows_its_odds_from_the_coachs_view(app):
    scene = _to_first_declaration(app)
    session = scene.session
    team = scene.viewer
    state = session.state
    press(app, "posture-standing")
    target = None
    for q in state.players.values():
        if q.on_field and q.team != team:
            move(app, figure_pos(app, q.id))
            if scene.hover_reason and scene.hover_reason.startswith("click to shoot"):
                target = q.id
                break
    assert target is not None
    click(app, figure_pos(app, target))
    decl = scene.declare.draft.declaration()
    (f,) = forecasts(session.m, view(state, team), decl)
    # the engine's reading of the same shot, on a copy of the true state with the sequence declared
    full = state.copy()
    full.declarations[decl.player] = decl
    full.origins[decl.player] = state.players[decl.player].point
    reading = RoundView(full, session.m).reading(ShotEntry(decl.player, target, "simple", 0, 0, 0))
    assert (f.target, f.required, f.lost) == (target, reading.required, None)
    assert f.odds == shot_odds(reading.required, f.dodge_dice)
    line = f"shot at {target}: needs {f.required} · eliminated {theme.percent(f.odds.eliminated)}"
    assert any(x.startswith(line) for x, _ in scene.declare.forecast_lines(decl))
    # a coach's view hides the other side's face-down tokens: the odds do not depend on them
    hidden = state.copy()
    other = "white" if team == "blue" else "blue"
    hidden.orders[other] = {pid: 1 + (n % 4) for n, pid in enumerate(sorted(hidden.orders.get(other, {})))}
    assert forecasts(session.m, view(hidden, team), decl) == [f]


def test_a_sequence_that_leaves_him_undodgeable_is_warned_not_refused(app):
    """Issue 25: before *Confirm*, a sequence with no DEF says that a hit could not be dodged (the
    engine's own reason); the coach may still confirm it. A DEF takes the warning away."""

    scene = _to_first_declaration(app)
    d = scene.declare.draft
    press(app, "act-DUMP")  # nothing that defends; armed and unarmed again
    press(app, "act-DUMP")
    lines = [w for w, _ in scene.declare.forecast_lines(d.declaration())]
    assert any(w.startswith("warning: hit with no DEF: no dodge") for w in lines), lines
    assert scene.controls.choices["confirm"].reason is None  # a warning, not a refusal
    press(app, "act-DEF")
    assert not any(w.startswith("warning") for w, _ in scene.declare.forecast_lines(d.declaration()))


def test_a_run_behind_an_obstacle_is_routed_round_it(app):
    """Issue 25: clicking a point whose straight way passes through an obstacle routes the run round
    it (shown while the mouse is there), and the engine takes the run."""
    from paintcheck.rules.actions import Move
    from paintcheck.rules.legality import why_move_illegal
    from tests.ui.driver import point_pos

    scene = _to_first_declaration(app)
    s, m, pid = scene.session.state, scene.session.m, scene.declare.draft.pid
    me = s.players[pid].point
    behind = None
    for p in s.lattice.points():
        reason = why_move_illegal(s, pid, Move((p,)), m)
        if reason is not None and reason.key == "rules.refusal.move_through_obstacle" and \
                max(abs(p[0] - me[0]), abs(p[1] - me[1])) <= tables.MAX_MOVE:
            routed = scene.declare.routed([], p)
            if routed != (p,):
                behind = p
                break
    assert behind is not None, "no point behind an obstacle near the activated player"
    press(app, "act-MOV")
    move(app, point_pos(app, behind))
    path, _, refused = scene.declare.run_preview(scene.state)
    assert refused is None and path[-1] == behind and not any(m.blocked(q) for q in path)
    click(app, point_pos(app, behind))
    assert scene.declare.draft.waypoints[-1] == behind and len(scene.declare.draft.waypoints) > 1
    press(app, "move-finish")
    move_action = scene.declare.draft.actions[-1]
    assert isinstance(move_action, Move) and why_move_illegal(s, pid, move_action, m) is None
