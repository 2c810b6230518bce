"""Issue 14 item 5: while a coach declares, each shot of his sequence shows what it needs and its
odds, read by the engine on his own view (what he may know); the panel prints them."""

from __future__ import annotations

from paintcheck.odds.forecast import forecasts
from paintcheck.odds.shot import shot_odds
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
    decl = scene.draft.declaration()
    (f,) = forecasts(session.m, view(state, team), decl)
    # the engine's reading of the same shot, on a copy of the true state with the sequence declared
    full = state.copy()
    full.declarations[decl.player] = decl
    full.origins[decl.player] = state.players[decl.player].point
    reading = RoundView(full, session.m).reading(ShotEntry(decl.player, target, "simple", 0, 0, 0))
    assert (f.target, f.required, f.lost) == (target, reading.required, None)
    assert f.odds == shot_odds(reading.required, f.dodge_dice)
    line = f"shot at {target}: needs {f.required} · eliminated {theme.percent(f.odds.eliminated)}"
    assert any(x.startswith(line) for x in scene.forecast_lines(decl))
    # a coach's view hides the other side's face-down tokens: the odds do not depend on them
    hidden = state.copy()
    other = "white" if team == "blue" else "blue"
    hidden.orders[other] = {pid: 1 + (n % 4) for n, pid in enumerate(sorted(hidden.orders.get(other, {})))}
    assert forecasts(session.m, view(hidden, team), decl) == [f]
