"""The window on fields of other sizes (issue 10, point 4): both break sheets filled by clicks and
handed in on 19 x 13 and 21 x 15 fields (the window died when the second sheet was handed in: the
sheet's texts assumed 17 columns), the break played to turn 2, every event in the log, the match's
record replayed; the sheet's hints name the field's own zones."""

from __future__ import annotations

from pathlib import Path

import pytest

from paintcheck.rules import events as ev
from paintcheck.rules.actions import BreakSheet, Def, ShotAt
from paintcheck.rules.state import ORDERS
from paintcheck.table import replay
from tests.ui.driver import (
    choose_field,
    click,
    fill_sheet_by_clicks,
    hand_over_if_asked,
    play_break_by_clicks,
    point_pos,
    press,
    step,
    tell_all,
)

LAYOUTS = Path(__file__).resolve().parents[2] / "layouts"


@pytest.fixture(params=["box21_wide.json", "box21_large.json"])
def sized_app(request):
    import pygame

    from paintcheck.ui.app import App

    application = App((1600, 1000), layout=str(LAYOUTS / request.param), seed=7)
    step(application)
    yield application
    pygame.quit()


def _new_match(app) -> None:
    press(app, "new")
    assert app.scene.entries[0].path == Path(app.layout_path)  # play --layout's field comes first
    choose_field(app, Path(app.layout_path).name)
    hand_over_if_asked(app)  # the first sheet is secret: the screen goes to its coach first
    assert app.scene.name == "match" and app.scene.sheet is not None


@pytest.mark.slow
def test_both_break_sheets_by_clicks_on_another_size_then_the_break_reaches_turn_2(sized_app):
    app = sized_app
    _new_match(app)
    session = app.scene.session
    lattice = session.state.lattice
    assert (lattice.columns, lattice.rows_per_half) != (17, 13)
    # the hints name this field's base, and a click off it says why in the field's own rows
    captions = " ".join(words for _, words in app.scene.captions)
    assert f"a base point ({lattice.base_text()})" in captions
    off_base = lattice.world("blue", lattice.columns // 2, lattice.base_row - 3)
    click(app, point_pos(app, off_base))
    assert app.message and app.message[0] == f"a runner starts on his base ({lattice.base_text()})"
    fill_sheet_by_clicks(app, prebunkers=1, hand_in=False)
    later = app.scene.controls.choices["sheet-LATER"].hint
    assert later.startswith(f"only behind line {lattice.back_line}:")
    press(app, "sheet-confirm")
    hand_over_if_asked(app)
    fill_sheet_by_clicks(app, prebunkers=2, hand_in=False)
    # a runner's last DEF becomes a shot at a point of the far column, which the 17-column field
    # does not have: nobody stands there, so the break drops it, naming the point
    editor = app.scene.sheet
    pid = next(p for p, d in reversed(editor.lines.items())
               if not d.prebunker and d.actions and isinstance(d.actions[-1], Def))
    press(app, f"sheet-pick-{pid}")
    press(app, "sheet-undo")
    # a point of the far column his line of fire reaches (a shot it cannot reach is refused)
    far = next(pt for pt in (lattice.world("blue", lattice.columns - 1, row) for row in range(1, 10))
               if editor.why_line(editor.lines[pid], ShotAt(pt)) is None)
    press(app, "sheet-SHOT")
    click(app, point_pos(app, far))
    assert editor.lines[pid].actions[-1] == ShotAt(far), app.message
    press(app, "sheet-confirm")  # the second sheet starts the break
    sheets = [d for d in session.record.decisions if isinstance(d, BreakSheet)]
    assert [s.team for s in sheets] == ["blue", "white"]
    assert any(isinstance(e, ev.SequenceDeclared) for e in session.events)
    play_break_by_clicks(app)
    assert session.state.turn == 2 and session.state.phase == ORDERS
    dropped = [e for e in session.events if isinstance(e, ev.ActionDropped) and e.player == pid]
    assert f"SHOT @{lattice.format(far)}" in [e.action for e in dropped], dropped
    hand_over_if_asked(app)
    tell_all(app)
    assert app.scene.log.lines == [e.text for e in session.events]
    step(app, 3)  # and the board is drawn at turn 2
    _, again, _, _ = replay(session.record)  # what a save holds replays on its own field
    assert again.lattice == lattice and again.to_dict() == session.state.to_dict()
