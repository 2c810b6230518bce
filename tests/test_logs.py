"""The log (issue 26): a rotating file in the user's log folder, warnings on standard error in one
line, everything with --verbose; a name no encoding can write (an undecodable file name) never
breaks it."""

from __future__ import annotations

import logging

import pytest

from paintcheck.logs import log_path, start_logging, stop_logging


def test_the_file_gets_info_stderr_warnings_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    path = start_logging()
    try:
        log = logging.getLogger("paintcheck.test")
        log.info("saved a match")
        try:
            raise ValueError("boom")
        except ValueError:
            log.warning("a file refused", exc_info=True)
    finally:
        stop_logging()
    assert path == log_path() and path.is_relative_to(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert "saved a match" in text and "ValueError: boom" in text
    err = capsys.readouterr().err
    assert err == "paintcheck: a file refused\n"  # no traceback, no info, no logging error


@pytest.mark.slow  # run by one process: a test worker cannot send a report holding a lone surrogate
def test_a_name_no_encoding_can_write_never_breaks_the_log(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    path = start_logging()
    try:
        logging.getLogger("paintcheck.test").warning("an odd name: match-\udcff.json")
    finally:
        stop_logging()
    assert "match-\\udcff.json" in path.read_text(encoding="utf-8")
    assert "Logging error" not in capsys.readouterr().err


def test_verbose_writes_everything_to_stderr(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    start_logging(verbose=True)
    try:
        logging.getLogger("paintcheck.test").debug("a detail")
    finally:
        stop_logging()
    assert "a detail" in capsys.readouterr().err


def test_a_logger_kept_to_the_file_says_nothing_on_stderr_but_its_records_are_kept(tmp_path, monkeypatch,
                                                                                    capsys):
    from paintcheck.logs import keep_to_the_file

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    path = start_logging()
    try:
        keep_to_the_file("distributed")
        keep_to_the_file("distributed")  # said twice, one filter
        logging.getLogger("distributed.scheduler").error("Couldn't gather keys: %s", {"k": "forgotten"})
        logging.getLogger("distributed").warning("a worker ended")
        logging.getLogger("distributedx").warning("a neighbour")
        logging.getLogger("paintcheck.test").warning("ours")
    finally:
        stop_logging()
    assert capsys.readouterr().err == "paintcheck: a neighbour\npaintcheck: ours\n"
    text = path.read_text(encoding="utf-8")
    assert "Couldn't gather keys" in text and "a worker ended" in text
    start_logging()  # started again: the filter went with the old handler
    try:
        logging.getLogger("distributed.scheduler").error("said again")
    finally:
        stop_logging()
    assert capsys.readouterr().err == "paintcheck: said again\n"
