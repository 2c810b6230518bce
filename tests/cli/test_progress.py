"""Progress bars (issue 26): on a terminal, the long commands draw a bar on standard error; in a
pipe or a file, nothing; standard output is the same bytes either way."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str], out: Path, terminal: bool) -> bytes:
    """Run ``paintcheck ARGS`` with standard output to ``out`` and standard error on a terminal (a
    pseudo-terminal) or a pipe; returns what standard error received."""
    env = {**os.environ, "COLUMNS": "100"}
    with out.open("wb") as stdout:
        if not terminal:
            done = subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, stdout=stdout,
                                  stderr=subprocess.PIPE, timeout=600)
            assert done.returncode == 0, done.stderr[-1000:]
            return done.stderr
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a terminal's size
        proc = subprocess.Popen([sys.executable, "main.py", *args], cwd=ROOT, env=env, stdout=stdout,
                                stderr=slave, stdin=subprocess.DEVNULL)
        os.close(slave)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the command closed the terminal's other end
                break
            if not chunk:
                break
            seen += chunk
        os.close(master)
        assert proc.wait(600) == 0, seen[-1000:]
        return seen


@pytest.mark.parametrize("args", [
    ["simulate", "--matches", "40", "--seed", "1", "--json"],
    ["analyse", "--layout", "layouts/snake.json", "--json"],
], ids=["simulate", "analyse"])
@pytest.mark.slow
def test_a_bar_on_a_terminal_nothing_in_a_pipe_and_the_same_output(tmp_path, args):
    quiet = _run(args, tmp_path / "piped.json", terminal=False)
    loud = _run(args, tmp_path / "terminal.json", terminal=True)
    assert (tmp_path / "piped.json").read_bytes() == (tmp_path / "terminal.json").read_bytes()
    assert b"%|" not in quiet and b"it/s" not in quiet  # no bar in a pipe
    assert b"%|" in loud  # tqdm's bar: "45%|████▌     | 90/200"
