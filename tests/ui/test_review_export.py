"""Issue 28, item 4: the review's timeline exported as a PNG strip or an HTML page, the board at each
resolution (``ui.review_export``), from the window's *Export* and ``paintcheck review FILE --export``."""

from __future__ import annotations

import argparse
import re

import pygame
import pytest

from paintcheck.cli.errors import CommandError
from paintcheck.review.timeline import Eyes, Review, ReviewError
from paintcheck.ui import review_export
from tests.ui.driver import press
from tests.ui.test_review_window import played


def test_the_strip_and_the_page_show_each_resolution(tmp_path):
    session = played(upto=30)
    review = Review(session.record, session.table)
    steps = review_export.resolution_steps(review.main)
    assert 3 < len(steps) < len(review)
    assert review_export.export_review(review, tmp_path / "strip.png") == len(steps)
    strip = pygame.image.load(str(tmp_path / "strip.png"))
    cols = min(review_export.COLUMNS, len(steps))
    assert strip.get_width() == cols * (review_export.BOARD_W + 8) + 8
    assert review_export.export_review(review, tmp_path / "page.html", "white") == len(steps)
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert re.findall(r'<section id="step-(\d+)">', page) == [str(k) for k in steps]
    assert page.count("data:image/png;base64,") == len(steps)
    assert "Step 1:" not in page or 1 in steps


def test_both_sides_secrets_are_exported_only_once_the_match_is_over(tmp_path):
    session = played(upto=20)
    review = Review(session.record, session.table)
    with pytest.raises(ReviewError):
        review_export.export_review(review, tmp_path / "x.png", Eyes.ALL)
    assert not (tmp_path / "x.png").exists()
    assert review_export.default_eyes(review) is Eyes.BLUE


def _args(file, out, seat=None):
    return argparse.Namespace(file=str(file), export=str(out), seat=seat, blunders=False, coach="normal",
                              json=False)


@pytest.mark.slow
def test_the_command_exports_and_refuses_in_one_line(tmp_path, capsys):
    from paintcheck.cli import review as command

    session = played()
    session.save(tmp_path / "match.json")
    assert command.run(_args(tmp_path / "match.json", tmp_path / "out.html", "blue")) == 0
    assert "wrote" in capsys.readouterr().out and (tmp_path / "out.html").exists()
    with pytest.raises(CommandError, match=r"out\.txt: the export must be a \.png or an \.html file"):
        command.run(_args(tmp_path / "match.json", tmp_path / "out.txt"))
    with pytest.raises(CommandError, match="cannot write it"):
        command.run(_args(tmp_path / "match.json", tmp_path / "none" / "out.png"))


def test_export_in_the_window_writes_to_the_exports_folder(app):
    from paintcheck.ui import saves

    session = played(upto=20)
    app.switch("review", session=session, seat="blue")
    press(app, "export-png")
    press(app, "export-html")
    written = sorted(p.name for p in saves.exports_dir().iterdir())
    assert written == [f"{session.path.stem}-review.html", f"{session.path.stem}-review.png"]
    assert app.message is not None and "Exported to" in app.message[0]
