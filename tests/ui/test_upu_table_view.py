"""Un pour un's table drawing (``ui.unpourun.table_view``): where table points stand on the screen,
and the picture's colours where the pieces and zones are."""

from __future__ import annotations

import pygame
import pytest

from paintcheck.ui import i18n
from paintcheck.ui.unpourun.table_view import GROUND, KIND_FILL, TableView, piece_fill
from paintcheck.unpourun.table_file import load_table, shipped_tables
from paintcheck.unpourun.terrain import Kind, Piece, Table


@pytest.fixture(autouse=True)
def screen():
    pygame.init()
    yield pygame.display.set_mode((800, 700))
    pygame.quit()


def test_corners_and_scale_player_a_at_the_bottom():
    view = TableView(Table(width=60.0, depth=40.0), (0, 0, 620, 500), legend=False)
    assert view.pixels_per_pas == pytest.approx((620 - 12) / 60)
    ax, ay = view.to_screen((0.0, 0.0))
    bx, by = view.to_screen((60.0, 40.0))
    assert bx - ax == pytest.approx(60 * view.pixels_per_pas)
    assert ay - by == pytest.approx(40 * view.pixels_per_pas)  # y grows up: A's edge is the bottom one
    assert by > 0 and ay < 500
    for point in ((0.0, 0.0), (12.5, 30.25), (60.0, 40.0)):
        assert view.to_table(view.to_screen(point)) == pytest.approx(point)
    assert view.on_table((59.9, 0.1)) and not view.on_table((-0.1, 5.0))


def test_legend_takes_its_strip_under_the_table():
    bare = TableView(Table(), (0, 0, 600, 600), legend=False)
    with_legend = TableView(Table(), (0, 0, 600, 600))
    assert with_legend.pixels_per_pas < bare.pixels_per_pas
    assert with_legend.board.bottom < 600 - 40


def test_pieces_drawn_in_their_kind_and_height(screen):
    low = Piece(Kind.OPEN, 0, ((4.0, 20.0), (12.0, 20.0), (12.0, 28.0), (4.0, 28.0)))
    high = Piece(Kind.IMPASSABLE, 10, ((30.0, 20.0), (40.0, 20.0), (40.0, 28.0), (30.0, 28.0)))
    view = TableView(Table(pieces=(low, high)), (0, 0, 700, 700))
    view.draw(screen)
    at = lambda p: tuple(screen.get_at(tuple(round(c) for c in view.to_screen(p))))[:3]  # noqa: E731
    assert at((6.5, 22.5)) == KIND_FILL[Kind.OPEN]
    assert at((32.5, 22.5)) == piece_fill(high) != KIND_FILL[Kind.IMPASSABLE]  # darker: it is high
    assert at((24.5, 24.5)) == GROUND  # between the zones, no piece, off the grid lines


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_shipped_table_draws(screen, locale):
    i18n.set_locale(locale)
    try:
        for path in shipped_tables():
            view = TableView(load_table(path), (0, 0, 800, 700))
            view.draw(screen)
            assert view.picture() is view.picture()  # drawn once, then blitted
    finally:
        i18n.set_locale("en")
