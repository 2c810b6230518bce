"""Issue 24: the settings file (``settings.json``, the window's language) is read as layouts and saves
are read, and never written over when it is damaged: nesting a hundred thousand deep (a
``RecursionError`` at every start), a lone surrogate (the language button died), a FIFO (the start
hung), a link to ``/dev/zero`` (the memory ran out), a disk that refuses the write — each is one line,
the window goes on, the file is as it was."""

from __future__ import annotations

import errno
import io
import json
import os
import threading

import pytest

from paintcheck.field import atomic
from paintcheck.ui import i18n, settings
from tests.ui.denied import read_only
from tests.ui.driver import press

ONLY_NOW = "La langue ne vaut que pour cette fois\u202f: "  # the message, in the new language


def _settings_file(text: str | None = None):
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if text is not None:
        path.write_text(text, encoding="utf-8")
    return path


def _switch_language(app) -> str:
    """Click the title's language button: the message it leaves, one line."""
    assert app.scene.name == "title"
    press(app, "language")
    assert app.language == "fr"  # the window switches whatever the file says
    words, _ = app.message
    assert "\n" not in words
    return words


def test_settings_nested_too_deeply_are_the_defaults_at_start(user_data):
    path = _settings_file('{"language": ' + "[" * 100_000 + "]" * 100_000 + "}")
    before = path.read_bytes()
    assert settings.starting_language() in i18n.LOCALES
    assert settings.read() == {}
    assert path.read_bytes() == before


def test_a_lone_surrogate_in_the_settings_and_the_language_button(app):
    path = _settings_file('{"language": "en", "note": "half \\ud800 a character"}\n')
    before = path.read_bytes()
    words = _switch_language(app)
    assert words == (f"{ONLY_NOW}{path}\u202f: JSON invalide pour ce type de fichier (fichier de réglages)"
                     "\u202f: le texte 'half \\ud800 a character' contient un demi-caractère isolé (\\ud800)")
    assert path.read_bytes() == before  # never written over


def test_a_fifo_is_no_settings_at_once(user_data):
    path = _settings_file()
    os.mkfifo(path)
    read: list = []
    reader = threading.Thread(target=lambda: read.append(settings.starting_language()), daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():  # the reader waits for a writer: be one, so that the test ends
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(10)
        pytest.fail("reading the settings waited on a FIFO")
    assert read and read[0] in i18n.LOCALES


def test_a_link_to_an_endless_device_is_refused_unread(app, monkeypatch):
    path = _settings_file()
    path.symlink_to("/dev/zero")
    real_open = io.open

    def opening(file, *args, **kwargs):
        if not isinstance(file, int) and os.path.realpath(file) == "/dev/zero":
            raise AssertionError(f"{file} was opened: it never ends")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", opening)
    assert settings.read() == {}
    assert _switch_language(app) == f"{ONLY_NOW}{path}\u202f: n’est pas un fichier ordinaire"
    assert path.is_symlink() and os.readlink(path) == "/dev/zero"


@pytest.mark.parametrize("disk", ["read-only", "full"])
def test_a_write_that_fails_is_one_line_and_leaves_the_file(app, monkeypatch, disk):
    path = _settings_file('{"language": "en", "kept": [1, 2]}\n')
    before = path.read_bytes()
    if disk == "read-only":
        read_only(monkeypatch, settings.saves.data_dir())
        reason = "Permission denied"
    else:
        def full(fd, text):
            os.close(fd)
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(atomic, "write_text", full)
        monkeypatch.setattr(settings, "write_text", full)
        reason = "No space left on device"
    assert _switch_language(app) == f"{ONLY_NOW}{path}\u202f: {reason}"
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temporary file left


def test_a_good_settings_file_keeps_its_other_entries(app):
    path = _settings_file('{"language": "en", "kept": [1, 2]}\n')
    press(app, "language")
    assert app.message is None
    assert settings.read() == {"language": "fr", "kept": [1, 2]}
    assert path.read_text(encoding="utf-8").endswith("\n")


@pytest.mark.parametrize("other", ["[" + ",".join(["[" * 60 + "1" + "]" * 60] * 12) + "]",
                                   '"' + "x" * 65_510 + '"'],
                         ids=["deep", "long"])
def test_a_setting_written_back_is_always_read_again(user_data, other):
    """A compact file of deep lists (1.5 kB) is within the limit, but the same entries written back
    indented outgrew it: the language was remembered into a file the next start refused (the slow
    fuzzer's variant 26). Written back compact, or, when even that is too large, not at all (one
    line)."""
    text = '{"other": ' + other + "}"
    path = _settings_file(text)
    kept = json.loads(text)["other"]
    assert settings.load() == ({"other": kept}, None)
    problem = settings.remember_language("fr")
    remembered = {"other": kept, "language": "fr"} if problem is None else {"other": kept}
    assert settings.load() == (remembered, None)
    if problem is not None:
        assert "too large" in problem and path.read_text(encoding="utf-8") == text
    assert (problem is None) is other.startswith("[")

