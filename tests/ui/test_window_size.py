"""The window fits the screen (issue 25): the size it opens at, on a small desktop and a large one,
and the size and place remembered for the next start."""

from __future__ import annotations

from paintcheck.ui import settings
from paintcheck.ui.window_size import DEFAULT_SIZE, MIN_SIZE, opening_position, opening_size, smallest_size


def test_a_1280_by_800_desktop_opens_a_window_that_fits_it():
    w, h = opening_size(None, (1280, 800))
    assert (w, h) == (1280, 720) and w <= 1280 and h <= 800


def test_a_large_desktop_opens_the_default_size_or_the_size_remembered():
    assert opening_size(None, (1920, 1080)) == DEFAULT_SIZE
    assert opening_size((1700, 900), (1920, 1080)) == (1700, 900)
    assert opening_size((3000, 3000), (1920, 1080)) == (1880, 1000)  # shrunk to the desktop
    assert opening_size((100, 100), (1920, 1080)) == MIN_SIZE


def test_a_desktop_smaller_than_the_minimum_gets_the_whole_desktop():
    assert opening_size(None, (1024, 600)) == (1024, 600)


def test_the_position_is_kept_only_while_the_window_stays_on_the_desktop():
    assert opening_position((100, 50), (1280, 720), (1920, 1080)) == (100, 50)
    assert opening_position((900, 50), (1280, 720), (1920, 1080)) is None
    assert opening_position((-5, 0), (1280, 720), (1920, 1080)) is None
    assert opening_position(None, (1280, 720), (1920, 1080)) is None


def test_the_size_and_position_are_remembered(user_data):
    assert settings.window_geometry() == (None, None)
    settings.remember_window((1400, 850), (20, 30))
    assert settings.window_geometry() == ((1400, 850), (20, 30))
    settings.write(window_size=["x", 3], window_position=[1, 2, 3])  # damaged entries are no entries
    assert settings.window_geometry() == (None, None)


def test_the_window_remembers_its_size_when_it_closes(app, user_data):
    app.resize((1300, 760))
    app.running = False
    app.run()
    size, _ = settings.window_geometry()
    assert size == (1300, 760)


def test_a_damaged_settings_file_is_left_and_the_window_size_not_remembered(user_data):
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"[" * 5000)
    settings.remember_window((1400, 850), (20, 30))  # no crash, the file untouched
    assert path.read_bytes() == b"[" * 5000 and settings.window_geometry() == (None, None)


def test_a_window_made_smaller_stops_at_the_minimum_or_at_a_small_desktops_size():
    assert smallest_size(DEFAULT_SIZE) == MIN_SIZE
    assert smallest_size((1024, 600)) == (1024, 600)  # opened at a small desktop's whole size
    assert smallest_size((1024, 900)) == (1024, MIN_SIZE[1])


def test_the_window_opens_at_the_size_fitted_to_a_small_desktop_not_the_minimum():
    """``open_window`` fits the size to the desktop; the window takes it as it is (it once took the
    minimum again, and stood past a small screen's edges)."""
    import pygame

    from paintcheck.ui.app import App

    app = App(opening_size(None, (1024, 600)), seed=1)
    try:
        assert app.size == (1024, 600)
        app.resize((800, 500))  # a window made smaller than the desktop it opened on: no smaller
        assert app.size == (1024, 600)
    finally:
        pygame.quit()
