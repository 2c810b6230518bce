"""``paintcheck host`` and ``paintcheck join``: a bad address, port or field is one line and exit 2,
before any window opens; a good one opens the window on the host's or the joiner's screen."""

from __future__ import annotations

import socket

import pytest

from paintcheck.cli.main import main


@pytest.fixture
def no_window(monkeypatch):
    """The window the command would open: where it was asked to start."""
    from paintcheck.ui import app

    opened: list = []
    monkeypatch.setattr(app, "run", lambda args, designer=False, start=None: opened.append(start) or 0)
    return opened


@pytest.mark.parametrize("argv, said", [
    (["join", "nowhere:99999"], "the port must be a number from 1 to 65535"),
    (["join", "a:b:c"], "write an IPv6 one as [ADDRESS]:PORT"),
    (["join", ""], "no address"),
    (["host", "--port", "70000"], "--port '70000': give a number from 0 to 65535"),
    (["host", "--port", "http"], "give a number"),
    (["host", "--layout", "/nonexistent/field.json"], "field.json"),
])
def test_bad_input_is_one_line_and_exit_2(argv, said, capsys, no_window):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and said in err
    assert no_window == []


def test_a_taken_port_is_one_line(capsys, no_window):
    with socket.socket() as taken:
        taken.bind(("", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["host", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on port {port}" in err and err.count("\n") == 1
    assert no_window == []


def test_join_opens_the_joiners_screen_with_the_address(no_window):
    assert main(["join", "192.168.1.20:5000", "--code", "abc234"]) == 0
    assert no_window == [("net-join", {"address": "192.168.1.20:5000", "code": "abc234"})]
    assert main(["join", "[::1]:80"]) == 0
    assert no_window[-1] == ("net-join", {"address": "[::1]:80", "code": ""})


def test_host_opens_the_hosts_screen_on_the_port(no_window):
    assert main(["host", "--port", "0"]) == 0
    assert no_window == [("net-host", {"port": 0, "path": None})]
