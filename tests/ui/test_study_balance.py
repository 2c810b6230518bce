"""The Study's *Balance…*, driven by posted mouse events: the run goes in the background (the window
keeps stepping, a progress bar), its report is the analysis's and is shown over the field and in the
panel; a second click cancels a run. The test waits on the run's future, never on a count of frames."""

from __future__ import annotations

import pygame
import pytest

from paintcheck.ai.self_play import Cancelled, balance
from paintcheck.field.layout_file import default_layout_path, load_layout
from paintcheck.ui.i18n import tr
from tests.ui.driver import click, step


@pytest.fixture
def designer(app):
    app.open_designer(default_layout_path())
    step(app, 2)
    scene = app.scene
    assert scene.name == "designer"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="", scancode=0))
    step(app)  # Study
    assert scene.studying
    scene.study.wait()
    step(app)
    return scene


def test_balance_runs_in_the_background_and_shows_its_report(app, designer):
    run = designer.study.balance
    run.matches, run.jobs = 2, 2
    click(app, designer.controls.rect("study-balance").center)
    assert run.running and designer.study.map == "balance"
    assert designer.controls.choices["study-balance"].button.text == tr("study.balance_run.cancel")
    future = run.future
    step(app)  # the window goes on while the matches are played
    report = future.result(timeout=600)
    step(app)
    assert not run.running and run.report is report and designer.study.map == "balance"
    assert designer.controls.choices["study-balance"].button.text == tr("study.balance_run.start")
    again = balance(load_layout(default_layout_path()), "normal", 2, run.seed)
    assert report.to_dict(str) == again.to_dict(str)
    # the map over the field is where Blue's players were hit; White's a click away
    assert designer.study.values() == dict(report.hits["blue"])
    click(app, designer.controls.rect("study-hits-white").center)
    assert designer.study.balance_side == "white" and designer.study.values() == dict(report.hits["white"])
    assert designer.study.layer(designer.field_area.size, designer.t) is not None
    # back to the maps: the study's own
    click(app, designer.controls.rect("study-exposure").center)
    assert designer.study.map == "exposure" and designer.study.values() == \
        designer.study.result.maps["standing"].exposure


def test_a_second_click_cancels_the_run(app, designer):
    run = designer.study.balance
    run.matches, run.jobs = 400, 1
    click(app, designer.controls.rect("study-balance").center)
    future = run.future
    assert run.running
    click(app, designer.controls.rect("study-balance").center)  # now *Cancel balance*
    assert not run.running and run.cancelled
    with pytest.raises(Cancelled):
        future.result(timeout=600)
    step(app)
    assert run.report is None and not designer.study.busy
