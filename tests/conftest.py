"""The whole test run keeps out of the user's folders: data (saves, settings, layouts), cache (sight
tables), logs and configuration all go to one temporary folder (a test that needs its own folder
sets it again, as ``tests/ui/conftest.py`` does for the data)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="session")
def _user_folders(tmp_path_factory):
    base = tmp_path_factory.mktemp("user")
    with pytest.MonkeyPatch.context() as mp:
        for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            mp.setenv(name, str(base / name.lower()))
        yield base


@pytest.fixture(autouse=True)
def _no_log_handlers_left():
    """A test that starts the program's logging (``main``) leaves no handler behind for the next."""
    yield
    from paintcheck.logs import stop_logging

    stop_logging()
