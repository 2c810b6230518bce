"""Headless UI tests: SDL's dummy drivers, saves in a temporary data folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def user_cache(tmp_path_factory):
    """The sight tables the window computes go to one temporary cache for the whole run."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    """platformdirs reads XDG_DATA_HOME: every test saves in its own folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def app():
    import pygame

    from paintcheck.ui.app import App

    application = App((1600, 1000), seed=7)
    application.step(1 / 60)
    yield application
    pygame.quit()


@pytest.fixture
def french_app():
    """The window in French (the French walks add their own recorder of what is drawn)."""
    import pygame

    from paintcheck.ui import i18n
    from paintcheck.ui.app import App

    application = App((1600, 1000), seed=7, language="fr")
    application.step(1 / 60)
    yield application
    pygame.quit()
    i18n.set_locale("en")
