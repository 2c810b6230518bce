"""``--scheduler``: the headless commands' matches on a Dask distributed cluster (``cli/runner.py``,
docs/scale.md). A LocalCluster of real worker processes over loopback gives the same bytes as
``--jobs``; each run is bounded, ends by itself, and leaves no process and no file behind (its
home, temporary folder and Dask configuration are the test's own folders). Without Dask, or with an
address where no scheduler answers, the option says so in one line (exit 2)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

import main

ROOT = Path(main.__file__).resolve().parent
RUN_SECONDS = 300  # a loaded 2-core machine starts a cluster slowly; a stuck run fails here


def _env(tmp_path: Path, mark: str) -> dict[str, str]:
    """The command's environment: a home, a temporary folder and a Dask configuration folder of the
    test's own, and a mark every process started from it inherits (to find any left behind)."""
    env = dict(os.environ)
    for name in ("home", "tmp", "dask"):
        (tmp_path / name).mkdir(exist_ok=True)
    env.update(HOME=str(tmp_path / "home"), TMPDIR=str(tmp_path / "tmp"), DASK_CONFIG=str(tmp_path / "dask"),
               PAINTCHECK_TEST_MARK=mark, PYTHONPATH=str(ROOT))
    return env


def _marked(mark: str) -> list[int]:
    """The processes still running with ``mark`` in their environment."""
    found = []
    needle = f"PAINTCHECK_TEST_MARK={mark}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if needle in f.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:
            pass
    return found


def _command(tmp_path: Path, *args: str, mark: str, code: str | None = None) -> subprocess.CompletedProcess:
    argv = [sys.executable, "-c", code, *args] if code else [sys.executable, str(ROOT / "main.py"), *args]
    return subprocess.run(argv, cwd=tmp_path, env=_env(tmp_path, mark), capture_output=True,
                          timeout=RUN_SECONDS)


def _same_bytes_on_a_local_cluster(tmp_path: Path, *args: str) -> None:
    mark = uuid.uuid4().hex
    try:
        pool = _command(tmp_path, *args, "--jobs", "2", mark=mark)
        with socket.socket() as taken:  # Dask's usual HTTP port, taken (a club's own Dask): no warning
            try:
                taken.bind(("127.0.0.1", 8787))
                taken.listen()
            except OSError:
                pass  # taken already
            cluster = _command(tmp_path, *args, "--jobs", "2", "--scheduler", "local", mark=mark)
        assert b"Warning" not in cluster.stderr, cluster.stderr.decode(errors="replace")[-2000:]
        assert pool.returncode == 0, pool.stderr.decode(errors="replace")[-2000:]
        assert cluster.returncode == 0, cluster.stderr.decode(errors="replace")[-2000:]
        assert cluster.stdout == pool.stdout and cluster.stdout.startswith(b"{")
        assert b"Traceback" not in cluster.stderr
        deadline = time.monotonic() + 20  # the cluster's processes were told to end: they go
        while _marked(mark) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _marked(mark), "processes of the cluster still run after the command ended"
        assert not any((tmp_path / "tmp").iterdir()), list((tmp_path / "tmp").iterdir())
        assert not any((tmp_path / "home").iterdir()), list((tmp_path / "home").rglob("*"))
    finally:
        for pid in _marked(mark):  # only what this test started, found by its mark
            try:
                os.kill(pid, 9)
            except OSError:
                pass


@pytest.mark.skipif(not os.path.exists("/proc/self/environ"), reason="finds stray processes in /proc")
def test_simulate_on_a_local_cluster_gives_the_same_bytes_as_jobs(tmp_path):
    pytest.importorskip("distributed")
    _same_bytes_on_a_local_cluster(tmp_path, "simulate", "--matches", "24", "--seed", "7", "--json")


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/environ"), reason="finds stray processes in /proc")
def test_tournament_on_a_local_cluster_gives_the_same_results_as_jobs(tmp_path):
    """The thinking times differ from run to run: the coaches ``random`` and ``easy`` are timed too,
    so the test compares everything else (``--json``, without ``decision_ms``)."""
    pytest.importorskip("distributed")
    mark = uuid.uuid4().hex
    import json

    args = ("tournament", "--blue", "easy", "--white", "random", "--matches", "12", "--seed", "3", "--swap",
            "--json", "--jobs", "2")
    try:
        pool = _command(tmp_path, *args, mark=mark)
        cluster = _command(tmp_path, *args, "--scheduler", "local", mark=mark)
        assert pool.returncode == cluster.returncode == 0, cluster.stderr.decode(errors="replace")[-2000:]
        said = [json.loads(p.stdout) for p in (pool, cluster)]
        for s in said:
            del s["decision_ms"], s["decision_ms_max"]
        assert said[0] == said[1] and said[0]["matches"] == 12
        deadline = time.monotonic() + 20
        while _marked(mark) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _marked(mark)
        assert not any((tmp_path / "tmp").iterdir()) and not any((tmp_path / "home").iterdir())
    finally:
        for pid in _marked(mark):
            try:
                os.kill(pid, 9)
            except OSError:
                pass


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_without_dask_the_option_says_how_to_install_it(capsys, monkeypatch, command):
    for name in ("dask", "distributed"):
        monkeypatch.setitem(sys.modules, name, None)  # `import dask` raises ImportError
    code = main.main([command, "--matches", "2", "--jobs", "2", "--scheduler", "local"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == ("error: --scheduler needs Dask, which is not installed here: "
                   "pip install paintcheck-digital[cluster]\n")


def test_an_address_where_no_scheduler_answers_is_refused_in_one_line_in_bounded_time(tmp_path):
    pytest.importorskip("distributed")
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = ("import sys; import main; from paintcheck.cli import runner; runner.CONNECT_SECONDS = 2; "
            "sys.exit(main.main(sys.argv[1:]))")
    mark = uuid.uuid4().hex
    t0 = time.monotonic()
    done = _command(tmp_path, "simulate", "--matches", "2", "--scheduler", f"tcp://127.0.0.1:{port}",
                    mark=mark, code=code)
    assert time.monotonic() - t0 < 60
    err = done.stderr.decode()
    assert done.returncode == 2 and done.stdout == b""
    assert err.count("\n") == 1 and err.startswith(f"error: --scheduler tcp://127.0.0.1:{port}: ")
    assert "within 2 s" in err
    bad = _command(tmp_path, "simulate", "--matches", "2", "--scheduler", "nowhere://x", mark=mark, code=code)
    said = bad.stderr.decode()
    assert bad.returncode == 2 and said.count("\n") == 1 and said.startswith("error: --scheduler nowhere://x")



@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/environ"), reason="finds stray processes in /proc")
@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C", "SIGKILL"])
def test_a_stopped_run_on_a_local_cluster_leaves_nothing_behind(tmp_path, how):
    """SIGTERM to the command, or Ctrl-C (SIGINT to its whole process group, the cluster's workers
    too): the cluster goes with it, its folder too, and nothing but an exit code is said (a worker
    once printed a KeyboardInterrupt traceback). Killed outright, the command leaves its folder
    (nothing of it runs), but its workers follow it."""
    import signal

    mark = uuid.uuid4().hex
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    argv = [sys.executable, str(ROOT / "main.py"), "simulate", "--matches", "100000", "--jobs", "2",
            "--scheduler", "local"]
    with out.open("wb") as o, err.open("wb") as e:  # files, not pipes: a stray worker cannot block us
        proc = subprocess.Popen(argv, cwd=tmp_path, env=_env(tmp_path, mark), stdout=o, stderr=e,
                                start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        workers = tmp_path / "tmp"
        while (len(list(workers.glob("paintcheck-dask-*/dask-scratch-space/worker-*"))) < 2
               and time.monotonic() < deadline and proc.poll() is None):
            time.sleep(0.2)  # the two workers have their folders
        assert proc.poll() is None and len(_marked(mark)) >= 3, f"no cluster: {err.read_text()}"
        time.sleep(5)  # the cluster has started (a Ctrl-C while it starts is lost: docs/scale.md)
        if how == "SIGTERM":
            proc.send_signal(signal.SIGTERM)
        elif how == "SIGKILL":
            proc.kill()
        else:
            os.killpg(proc.pid, signal.SIGINT)
        code = proc.wait(timeout=90)
        deadline = time.monotonic() + 20
        while _marked(mark) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _marked(mark), f"processes {_marked(mark)} still run after {how}"
        if how == "SIGKILL":
            assert code == -signal.SIGKILL
            return
        assert code == (128 + signal.SIGTERM if how == "SIGTERM" else 130)
        said = err.read_text(errors="replace")
        assert said == "" and out.read_text() == "", said[-3000:]
        assert not any((tmp_path / "tmp").iterdir())
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pid in _marked(mark):  # only what this test started, found by its mark
            try:
                os.kill(pid, 9)
            except OSError:
                pass


def test_a_cluster_that_cannot_play_is_one_line_naming_the_scheduler():
    """A scheduler without the project (seen: Dask's "Error during deserialization of the task
    graph", a traceback of 40 lines) is a setup to mend: one line, exit 2 (``CommandError``)."""
    from paintcheck.cli import runner
    from paintcheck.cli.errors import CommandError

    class Failed:
        def result(self):
            raise RuntimeError("Error during deserialization of the task graph. This frequently\n"
                               "occurs if the Scheduler and Client have different environments.")

    with pytest.raises(CommandError) as caught:
        runner._result(Failed(), "tcp://club-1:8786")
    said = str(caught.value)
    assert "\n" not in said and said.startswith("--scheduler tcp://club-1:8786: the cluster could not play")
    assert "RuntimeError: Error during deserialization" in said and "docs/scale.md" in said


def test_what_dask_says_while_a_local_cluster_ends_goes_to_the_file_only(tmp_path, monkeypatch, capsys):
    """A chunk whose result was on its way when SIGTERM came is "forgotten" as the client closes, and
    the scheduler (in this process) says so at ERROR: the ending asked for, kept to the log file (CI
    once failed on that line on standard error)."""
    import logging

    from paintcheck.cli import runner
    from paintcheck.logs import start_logging, stop_logging

    class Closing:
        def close(self) -> None:
            logging.getLogger("distributed.scheduler").error("Couldn't gather keys: %s", {"c": "forgotten"})

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    path = start_logging()
    try:
        runner._Connection(Closing(), Closing()).close()
        logging.getLogger("paintcheck.test").warning("ours")
    finally:
        stop_logging()
    assert capsys.readouterr().err == "paintcheck: ours\n"
    assert path.read_text(encoding="utf-8").count("Couldn't gather keys") == 2


def test_the_local_clusters_folder_complaints_are_left_out_and_its_workers_ignore_ctrl_c():
    import logging
    import signal

    from paintcheck.cli import runner

    keep = runner._Outside("/tmp/dask-abc")
    said = logging.LogRecord("distributed.diskutils", logging.WARNING, __file__, 1,
                             "Failed to remove %s", ("/tmp/dask-abc/scheduler",), None)
    other = logging.LogRecord("distributed.diskutils", logging.WARNING, __file__, 1,
                              "Failed to remove %s", ("/home/club/work",), None)
    assert not keep.filter(said) and keep.filter(other)
    before = signal.getsignal(signal.SIGINT)
    try:
        runner.dask_setup(None)  # Dask's preload hook, in a worker's main thread
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
