"""The break at the window: both break sheets filled by clicks behind a hand-over, the break played
out (templates, prebunk shots, late targets, dodges) up to turn 2, and flags drawn where they are."""

from __future__ import annotations

from dataclasses import replace

import pytest

from paintcheck.rules import events as ev
from paintcheck.rules.actions import AssignOrders, BreakSheet, ChooseTarget, Move, SheetLine
from paintcheck.rules.codec import START_BREAK
from paintcheck.rules.state import ORDERS, SHEETS
from paintcheck.ui.fieldview import CARRIED_OFFSET
from paintcheck.ui.session import MatchSession
from tests.ui.driver import (
    click,
    enabled,
    fill_sheet_by_clicks,
    hand_over_if_asked,
    move,
    new_match,
    new_turn2_match,
    play_break_by_clicks,
    play_orders_by_clicks,
    point_pos,
    press,
    settle,
    step,
    tell_all,
)


def _both_sheets(app):
    new_match(app)
    fill_sheet_by_clicks(app, prebunkers=1)
    assert app.scene.name == "handover"  # Blue's sheet is secret: White must not see it
    hand_over_if_asked(app)
    fill_sheet_by_clicks(app, prebunkers=2)
    return app.scene.session


def test_a_new_match_starts_with_the_break_sheets(app):
    new_match(app)
    scene = app.scene
    assert scene.session.record.start == START_BREAK
    assert scene.session.state.phase == SHEETS and scene.viewer == "blue" and scene.sheet is not None
    # an empty sheet is greyed with the engine's own sentence
    assert not enabled(app, "sheet-confirm")
    reason = scene.controls.choices["sheet-confirm"].reason
    assert reason == scene.session.why_illegal(scene.sheet.sheet())


def test_a_runner_starts_on_his_base_and_a_line_is_checked_by_the_rules(app):
    new_match(app)
    scene = app.scene
    editor = scene.sheet
    lattice = scene.session.state.lattice
    base = lattice.base_points("blue")
    click(app, point_pos(app, (base[0][0], base[0][1] + 3)))  # not on his base
    assert editor.draft.start is None and "base" in app.message[0]
    click(app, point_pos(app, base[0]))
    assert editor.draft.start == base[0]
    # a support needs an action before it: greyed with why_line_illegal's reason
    assert not enabled(app, "sheet-SUP")
    assert "support" in scene.controls.choices["sheet-SUP"].reason
    press(app, "sheet-DEF")
    press(app, "sheet-SUP")
    assert [a.code for a in editor.draft.actions] == ["DEF", "SUP"]
    press(app, "sheet-undo")
    assert [a.code for a in editor.draft.actions] == ["DEF"]
    # the paper sheet's row: his order number and his start in Blue's own coordinates
    assert editor.orders() == {"B1": 1}
    assert lattice.format(base[0], "blue") == "E13"


@pytest.mark.slow
def test_both_sheets_by_clicks_then_the_break_reaches_turn_2(app):
    session = _both_sheets(app)
    sheets = [d for d in session.record.decisions if isinstance(d, BreakSheet)]
    assert [s.team for s in sheets] == ["blue", "white"]
    for sheet, k in zip(sheets, (1, 2), strict=True):
        prebunkers = [ln for ln in sheet.lines if ln.prebunker]
        assert len(prebunkers) == k and sorted(ln.order for ln in prebunkers) == list(range(1, k + 1))
        assert any(isinstance(a, Move) for ln in sheet.lines for a in ln.actions)
    kinds = {type(e) for e in session.events}
    assert {ev.SheetsRevealed, ev.Deployed, ev.PrebunkLaid, ev.BreakRound} <= kinds
    play_break_by_clicks(app)
    assert session.state.turn == 2 and session.state.phase == ORDERS
    prebunk_shots = [e for e in session.events if isinstance(e, ev.ShotResolved) and e.kind == "prebunk"]
    assert prebunk_shots and all(e.shot_parts for e in prebunk_shots)  # the breakdown is shown
    assert any(isinstance(d, ChooseTarget) for d in session.record.decisions)  # chosen by a click
    assert ev.TemplateLifted in {type(e) for e in session.events}
    # every event is in the log, in words, once it has been told
    hand_over_if_asked(app)
    tell_all(app)
    assert app.scene.log.lines == [e.text for e in session.events]
    # turn 2's order tokens, by clicks as in any turn, then the hand-over
    play_orders_by_clicks(app)
    assert isinstance(session.record.decisions[-1], AssignOrders) and app.scene.name == "handover"


@pytest.mark.slow
def test_the_other_coachs_sheet_is_never_drawn(app):
    new_match(app)
    fill_sheet_by_clicks(app, prebunkers=1)
    blue_sheet = app.session.state.sheets["blue"]
    hand_over_if_asked(app)
    scene = app.scene
    fill_sheet_by_clicks(app, prebunkers=2, hand_in=False)
    seen = scene.state  # what the scene draws from
    assert seen.sheets["blue"] == BreakSheet("blue", ())
    waiting = scene.session.table.start_break()
    for pid in ("B1", "B2", "B3", "B4", "B5"):
        assert seen.players[pid].point == waiting.players[pid].point  # still on their waiting points
        assert scene.sheet.position(pid) is None
    assert set(scene.sheet.lines) <= {"W1", "W2", "W3", "W4", "W5"}
    assert blue_sheet.lines and all(isinstance(ln, SheetLine) for ln in blue_sheet.lines)


@pytest.mark.slow
def test_the_break_pauses_show_the_templates_and_the_late_target_greyed_with_reasons(app):
    session = _both_sheets(app)
    for _ in range(50):
        if session.state.phase == "target" and session.state.templates:
            break
        hand_over_if_asked(app)
        if session.state.phase == "dodge":
            press(app, "dodge")
        elif session.state.phase == "target":
            press(app, "hold-fire")
    scene = app.scene
    assert session.state.phase == "target" and session.state.templates
    pid = session.state.awaiting[0]
    for key, choice in scene.controls.choices.items():
        if key.startswith("target-"):
            target = key.removeprefix("target-")
            assert choice.reason == session.why_illegal(ChooseTarget(scene.viewer, pid, target))
    # a template is drawn translucent in its prebunker's colour over the grass, once told
    tell_all(app)
    prebunker, origin = next(iter(session.state.templates.items()))
    at = session.state.players[prebunker].point
    ux, uy = at[0] - origin[0], at[1] - origin[1]
    norm = (ux * ux + uy * uy) ** 0.5
    probe = (origin[0] + 1.5 * ux / norm + 0.25, origin[1] + 1.5 * uy / norm + 0.25)
    x, y = scene.t.to_screen(*probe)
    drawn = app.screen.get_at((x, y))[:3]
    grass = scene.renderer.background(app.screen.get_size(), scene.t).get_at((x, y))[:3]
    assert drawn != grass


def test_a_flag_is_drawn_beside_its_carrier(app):
    new_turn2_match(app)
    scene = app.scene
    state = scene.session.state.copy()  # a new state, as every decision makes
    fid, flag = next(iter(state.flags.items()))
    home = flag.point
    carrier = state.players["B3"]
    state.flags[fid] = replace(flag, point=None, carrier="B3")
    scene.session.state = state
    step(app, 2)
    x, y = carrier.point
    beside = (x + CARRIED_OFFSET[0], y + CARRIED_OFFSET[1])
    assert scene.flag_view == [(fid, beside, "B3")]
    s = scene.t.scale
    for point, drawn in ((beside, True), (home, False)):
        fx, fy = scene.t.to_screen(*point)
        cloth = (fx + int(s * 0.25), fy - int(s * 0.72))
        assert (app.screen.get_at(cloth)[:3] == (250, 210, 40)) == drawn


def test_double_format_flags_are_drawn_in_their_teams_colours():
    from pathlib import Path

    import pygame

    from paintcheck.ui import theme
    from paintcheck.ui.app import App

    layout = Path(__file__).resolve().parents[2] / "layouts" / "open_centre.json"
    app = App((1600, 1000), layout=str(layout), seed=7)
    try:
        step(app)
        new_turn2_match(app)
        step(app, 2)
        scene = app.scene
        s = scene.t.scale
        for fid, point, carrier in scene.flag_view:
            assert carrier is None
            fx, fy = scene.t.to_screen(*point)
            assert app.screen.get_at((fx + int(s * 0.2), fy - int(s * 0.72)))[:3] == theme.TEAM[fid][:3]
        assert sorted(f for f, _, _ in scene.flag_view) == ["blue", "white"]
    finally:
        pygame.quit()


@pytest.mark.slow
def test_a_match_saved_during_the_break_resumes_there(app):
    new_match(app)
    fill_sheet_by_clicks(app, prebunkers=1)
    loaded = MatchSession.load(app.session.path)
    assert loaded.record.start == START_BREAK
    assert loaded.state.phase == SHEETS and "blue" in loaded.state.sheets
    assert loaded.state.to_dict() == app.session.state.to_dict()


@pytest.mark.slow
def test_the_break_is_told_line_by_line_and_the_board_follows(app):
    from paintcheck.ui.playback import REVEAL_EVERY, RUN_SECONDS

    session = _both_sheets(app)  # the second sheet starts the break: deployment, templates, runs
    scene = app.scene
    batch = scene.telling.batch
    assert isinstance(batch[0], ev.SheetHandedIn) and scene.telling.reveal <= 1
    board = scene.shown(scene.state)
    deployed = [e.player for e in batch if isinstance(e, ev.Deployed)]
    assert deployed and all(board.players[pid].point is None for pid in deployed)  # not yet placed
    assert not board.templates and scene.log.lines[-1] != batch[-1].text  # the log waits too
    # line by line until the first run starts
    for _ in range(len(batch) * 20):
        if scene.telling.runs:
            break
        step(app, 5)
    assert scene.telling.runs, "no run was shown during the break"
    told = scene.telling.reveal
    pid, path = next(iter(scene.telling.runs.items()))
    assert isinstance(batch[told - 1], ev.Moved) and batch[told - 1].path == path
    board = scene.shown(scene.state)
    assert board.templates == session.state.templates  # the templates were laid before the runs
    assert scene.telling.run_position(pid) == path[0] or scene.telling.run_clock > 0
    step(app, int(RUN_SECONDS * 30))  # half way: moving between his first and last points
    x, y = scene.telling.run_position(pid)
    assert (x, y) not in (path[0], path[-1]) and min(p[1] for p in path) <= y <= max(p[1] for p in path)
    assert scene.telling.reveal == told, "the next line waited for the run to arrive"
    step(app, int(RUN_SECONDS * 30) + 2)
    assert pid not in scene.telling.runs and scene.shown(scene.state).players[pid].point == path[-1]
    step(app, int(REVEAL_EVERY * 60) + 1)
    assert scene.telling.reveal > told
    for _ in range(len(batch) * 20):
        if not scene.playing():
            break
        step(app, 10)
    assert not scene.playing() and scene.shown(scene.state).players == scene.state.players
    assert scene.log.lines == [e.text for e in session.events]


@pytest.mark.slow
def test_a_click_on_the_board_while_the_break_is_told_ends_the_telling_and_nothing_else(app):
    session = _both_sheets(app)
    scene = app.scene
    assert scene.playing()
    decisions = len(session.record.decisions)
    runner = next(p for p in session.state.players.values() if p.team == scene.viewer and p.point)
    click(app, point_pos(app, runner.point), tell_first=False)
    assert not scene.playing() and scene.telling.reveal == len(scene.telling.batch)
    assert len(session.record.decisions) == decisions and scene.instruments.inst.selected is None


@pytest.mark.slow
def test_the_next_choice_appears_only_once_the_board_shows_what_happened(app):
    session = _both_sheets(app)
    scene = app.scene
    assert scene.playing() and session.state.phase in ("target", "dodge", "orders")
    assert not scene.controls.choices  # no choice on a board that is still behind
    for _ in range(60 * 60):
        if not scene.playing():
            break
        step(app)
    assert not scene.playing() and scene.deciding() and scene.controls.choices


@pytest.mark.slow
def test_a_runs_arrival_cover_and_side_are_chosen_on_the_sheet(app):
    new_match(app)
    fill_sheet_by_clicks(app, prebunkers=1, hand_in=False)
    scene = app.scene
    editor = scene.sheet
    for pid, d in editor.lines.items():
        move = next((a for a in d.actions if isinstance(a, Move) and a.cover), None)
        if move is None:
            continue
        press(app, f"sheet-pick-{pid}")
        sides = [k for k in scene.controls.choices if k.startswith("sheet-arrive-side-")
                 and k != f"sheet-arrive-side-{move.side}" and enabled(app, k)]
        if sides:
            break
    else:
        raise AssertionError("no run ended at a cover with another legal side")
    press(app, sides[0])
    side = sides[0].removeprefix("sheet-arrive-side-")
    assert next(a for a in editor.lines[pid].actions if isinstance(a, Move)).side == side
    press(app, "sheet-confirm")
    sheet = scene.session.record.decisions[-1]
    line = next(ln for ln in sheet.lines if ln.player == pid)
    assert next(a for a in line.actions if isinstance(a, Move)).side == side


@pytest.mark.slow
def test_how_to_play_in_the_middle_of_a_sheet_keeps_the_sheet(app):
    new_match(app)
    fill_sheet_by_clicks(app, prebunkers=1, hand_in=False)
    before = app.scene.sheet.sheet()
    press(app, "help")
    assert app.scene.name == "help"
    press(app, "back")
    assert app.scene.name == "match" and app.scene.sheet.sheet() == before
    assert enabled(app, "sheet-confirm")


@pytest.mark.slow
def test_space_tells_the_rest_at_once(app):
    import pygame

    _both_sheets(app)
    scene = app.scene
    assert scene.playing()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))
    step(app, 2)
    assert not scene.playing() and scene.controls.choices



@pytest.mark.slow
def test_hovering_an_enemy_during_a_late_target_tells_whether_he_can_be_shot(app):
    session = _both_sheets(app)
    for _ in range(50):
        hand_over_if_asked(app)
        settle(app)
        if session.state.phase == "target":
            break
        press(app, "dodge" if session.state.phase == "dodge" else "hold-fire")
    scene = app.scene
    assert session.state.phase == "target"
    shooter = session.state.awaiting[0]
    for q in session.state.players.values():
        if q.on_field and q.team != scene.viewer:
            move(app, point_pos(app, q.point))
            reason = session.why_illegal(ChooseTarget(scene.viewer, shooter, q.id))
            expected = f"{shooter} shoots {q.id}: {reason}" if reason else f"click: {shooter} shoots {q.id}"
            assert scene.hover_reason == expected


@pytest.mark.slow
def test_the_last_resolution_can_be_told_again_while_nothing_was_decided_since(app):
    session = _both_sheets(app)
    scene = app.scene
    tell_all(app)
    assert not scene.playing()
    press(app, "tell-again")
    assert scene.playing() and not scene.controls.choices
    deployed = [e.player for e in scene.telling.batch if isinstance(e, ev.Deployed)]
    assert all(scene.shown(scene.state).players[pid].point is None for pid in deployed)
    assert scene.log.lines == [e.text for e in session.events]  # the log is not written twice
    tell_all(app)
    assert scene.shown(scene.state).players == scene.state.players


def test_nothing_to_tell_again_once_other_decisions_were_made(app):
    new_turn2_match(app)
    play_orders_by_clicks(app)  # no resolution yet
    hand_over_if_asked(app)
    press(app, "tell-again")
    assert not app.scene.playing() and "Nothing to tell again" in app.message[0]


def test_r12_2_a_runners_sheet_greys_a_first_shot_with_the_engines_words(app):
    """RULES 12.2 [B p.29]: a player whose first action is a shot is a prebunker. On a runner's empty
    line, SHOT and SHOT LATER are greyed with the engine's refusal (not a sentence of the window's
    own); after a DEF he may shoot."""
    from paintcheck.rules.actions import ShotAt
    from paintcheck.rules.break_turn import why_line_illegal
    from paintcheck.ui.stances import said

    new_match(app)
    scene, editor = app.scene, app.scene.sheet
    base = scene.session.state.lattice.base_points("blue")[0]
    click(app, point_pos(app, base))
    d = editor.draft
    assert d.start == base and not d.prebunker
    first = SheetLine(d.player, 0, base, d.posture, (ShotAt(None),), d.cover, d.side)
    words = said(why_line_illegal(scene.session.state, "blue", first, scene.session.m))
    assert "prebunker" in words
    for key in ("sheet-SHOT", "sheet-LATER"):
        assert not enabled(app, key)
        assert scene.controls.choices[key].reason == words
    press(app, "sheet-LATER")  # greyed: nothing written
    assert d.actions == []
    press(app, "sheet-DEF")
    assert enabled(app, "sheet-SHOT") and enabled(app, "sheet-LATER")
    press(app, "sheet-LATER")
    assert [a.code for a in d.actions] == ["DEF", ShotAt(None).code]


def test_a_sheet_shot_or_run_is_shown_refused_while_it_is_drawn_and_the_buttons_stay(app):
    """Issue 11: on the sheet, a shot the line of fire cannot make is refused as it is aimed, a run
    through an obstacle as it is drawn; Hand in and its neighbours keep their place."""
    from paintcheck.rules.actions import ShotAt

    new_match(app)
    scene, editor = app.scene, app.scene.sheet
    lattice = scene.session.state.lattice
    click(app, point_pos(app, lattice.base_points("blue")[0]))
    d = editor.draft
    assert d.start is not None
    press(app, "sheet-DEF")  # a shot first would make him a prebunker (RULES 12.2)
    where = {k: scene.controls.rect(k).copy() for k in ("sheet-undo", "sheet-confirm")}
    press(app, "sheet-SHOT")
    impossible = next(p for p in lattice.points() if "impossible" in (editor.why_line(d, ShotAt(p)) or ""))
    move(app, point_pos(app, impossible))
    assert scene.hover_reason == f"this shot is refused: {editor.why_line(d, ShotAt(impossible))}"
    click(app, point_pos(app, impossible))
    assert ShotAt(impossible) not in d.actions and app.message[0] == editor.why_line(d, ShotAt(impossible))
    press(app, "sheet-shot-cancel")
    press(app, "sheet-MOV")
    run_end = (d.start[0], d.start[1] + 2)
    click(app, point_pos(app, run_end))
    press(app, "sheet-move-finish")
    assert isinstance(d.actions[-1], Move)
    assert {k: scene.controls.rect(k) for k in where} == where  # with or without an Arrival row


@pytest.mark.slow
def test_the_break_dodges_and_late_targets_need_no_hand_over(app):
    """Issue 11: a decision that needs nothing secret is made on the public board, both sides'
    tokens face down, with no hand-over screen."""
    from paintcheck.rules.state import DODGE, TARGET

    _both_sheets(app)
    public = 0
    while app.session.state.phase not in (ORDERS, "over"):
        assert app.scene.name == "match", f"a hand-over during the break ({app.session.state.phase})"
        settle(app)
        s = app.session.state
        assert s.phase in (DODGE, TARGET)
        assert not app.scene.private and app.scene.sheet is None
        public += 1
        if s.phase == DODGE:
            press(app, "dodge")
        else:
            targets = [k for k in app.scene.controls.choices if k.startswith("target-") and enabled(app, k)]
            press(app, targets[0] if targets else "hold-fire")
    assert public > 0 and app.scene.name == "match"  # the end of the break is told to both coaches
    settle(app)
    assert app.scene.name == "handover"  # then turn 2's order tokens are secret again


def test_a_sheet_may_write_a_dump_at_a_point_within_reach(app):
    """Issue 23: bunkering at the break. A dump too far from where he will stand is refused as it
    is aimed, with the engine's sentence; one within 2 points is written on the line."""
    from paintcheck.rules.actions import DumpAt

    new_match(app)
    scene, editor = app.scene, app.scene.sheet
    lattice = scene.session.state.lattice
    start = lattice.base_points("blue")[0]
    click(app, point_pos(app, start))
    d = editor.draft
    press(app, "sheet-MOV")
    run_end = (start[0], start[1] + 4)
    click(app, point_pos(app, run_end))
    press(app, "sheet-move-finish")
    press(app, "sheet-DUMP")
    far = (run_end[0], run_end[1] + 3)
    move(app, point_pos(app, far))
    assert scene.hover_reason == f"this dump is refused: {editor.why_line(d, DumpAt(far))}"
    click(app, point_pos(app, far))
    assert DumpAt(far) not in d.actions and "within 2 points" in app.message[0]
    near = (run_end[0], run_end[1] + 2)
    click(app, point_pos(app, near))
    assert d.actions[-1] == DumpAt(near) and editor.mode is None
    assert "DUMP @" in editor.action_text(d.actions[-1])


@pytest.mark.slow
def test_a_late_target_is_chosen_with_the_other_sides_sheet_shown_and_the_odds(app, monkeypatch):
    """Issue 25: while a coach chooses a late target at the break, the other side's sheet, revealed,
    is drawn as the paper table, and each target button carries the shot's odds."""
    from paintcheck.rules.state import TARGET
    from tests.ui.driver import Drawn

    drawn = Drawn(monkeypatch)
    _both_sheets(app)
    for _ in range(60):
        settle(app)
        hand_over_if_asked(app)
        s = app.session.state
        if s.phase == TARGET and app.scene.name == "match" and app.scene.deciding():
            break
        if s.phase == ORDERS:
            raise AssertionError("the break asked no late target")
        if s.phase == "dodge":
            press(app, "dodge")
    scene = app.scene
    enemy = "white" if scene.viewer == "blue" else "blue"
    words = drawn.words(app)
    assert f"{enemy.capitalize()} break sheet" in words
    assert any(ln.player in words for ln in s.sheets[enemy].lines)
    targets = [k for k in scene.controls.choices if k.startswith("target-") and enabled(app, k)]
    assert targets and all(scene.controls.choices[k].hint.startswith("shot at ") for k in targets)
