"""`python main.py simulate`: whole matches, same seed same output (whatever the jobs), clear errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import main
from paintcheck.cli import simulate as simulate_module
from paintcheck.cli.simulate import MAX_MATCHES, tally_results

ROOT = Path(main.__file__).resolve().parent


def run(capsys, *args):
    code = main.main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_same_seed_same_output_byte_for_byte_with_one_or_two_jobs(capsys):
    code1, out1, err1 = run(capsys, "--matches", "12", "--seed", "4", "--json", "--jobs", "1")
    code2, out2, _ = run(capsys, "--matches", "12", "--seed", "4", "--json", "--jobs", "2")
    assert code1 == code2 == 0 and out1 == out2
    summary = json.loads(out1)
    assert summary["matches"] == summary["completed"] == 12 and summary["errors"] == 0
    assert sum(summary["winners"].values()) == 12 and 2 <= summary["mean_turns"] <= 10
    assert "matches/s" in err1  # the speed figure goes to standard error


def test_bad_arguments_and_layouts_give_one_line_and_exit_2(capsys, tmp_path):
    code, _, err = run(capsys, "--matches", "0")
    assert code == 2 and err.strip().count("\n") == 0 and "--matches" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    code, _, err = run(capsys, "--matches", "2", "--layout", str(bad))
    assert code == 2 and err.strip().count("\n") == 0 and "bad.json" in err


def test_matches_is_bounded_with_one_line_and_exit_2(capsys):
    """Issue 10, point 5: --matches 1e9 ended in a MemoryError traceback (a list of a billion seeds)."""
    for given in ("1e9", "1000000000", str(MAX_MATCHES + 1)):
        code, out, err = run(capsys, "--matches", given)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert err.startswith(f"error: --matches must be at most {MAX_MATCHES}, not ")
    for given, says in (("abc", "a whole number, not 'abc'"), ("2.5", "a whole number, not '2.5'"),
                        ("-3", "at least 1, not -3")):
        code, _, err = run(capsys, "--matches", given)
        assert code == 2 and err == f"error: --matches must be {says}\n"
    code, _, err = run(capsys, "--jobs", "0")
    assert code == 2 and err == "error: --jobs must be at least 1, not 0\n"
    code, out, _ = run(capsys, "--matches", "2e0", "--seed", "4", "--json", "--jobs", "1")
    assert code == 0 and json.loads(out)["matches"] == 2


@pytest.mark.slow
def test_results_are_tallied_as_they_stream_in():
    """Memory does not grow with --matches: results are counted one by one as they come, keeping
    only the counts and the first few error lines."""
    import tracemalloc

    def stream(n):
        for i in range(n):
            yield (None, "Boom: nothing", None) if i % 97 == 0 else ("blue", "after turn 10", 10)

    tracemalloc.start()
    try:
        tally = tally_results(stream(200_000))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 200_000, f"{peak} bytes held for 200000 results"
    assert tally["errors"] == -(-200_000 // 97) and len(tally["error_samples"]) == 5
    assert tally["completed"] == 200_000 - tally["errors"]
    assert tally["reasons"] == {"turn limit": tally["completed"]}
    assert tally["error_samples"][1] == "match 97: Boom: nothing"


def _children(pid: int) -> list[int]:
    kids = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as f:
                kids += [int(k) for k in f.read().split()]
        except OSError:
            pass
    return kids


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads the process tree in /proc")
@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C"])
def test_a_stopped_simulate_leaves_no_worker_behind(tmp_path, how):
    """SIGTERM to the command, or Ctrl-C (SIGINT to its whole process group): the workers go with it,
    and nothing but an exit code is said (no traceback from any process)."""
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    with out.open("wb") as o, err.open("wb") as e:  # files, not pipes: a stray worker cannot block us
        argv = [sys.executable, str(ROOT / "main.py"), "simulate", "--matches", "100000", "--jobs", "2"]
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=o, stderr=e, start_new_session=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
            workers = _children(proc.pid)
        assert len(workers) == 2, f"the workers did not start: {err.read_text()}"
        time.sleep(0.5)  # they are playing
        if how == "SIGTERM":
            proc.send_signal(signal.SIGTERM)
        else:
            os.killpg(proc.pid, signal.SIGINT)
        code = proc.wait(timeout=90)  # a loaded machine (two test workers beside it) is slow to wind down
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        survivors = [w for w in workers if _alive(w)]
        assert not survivors, f"workers {survivors} still run after {how}"
        assert code == (128 + signal.SIGTERM if how == "SIGTERM" else 130)
        assert "Traceback" not in err.read_text(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for w in workers:  # only the workers this test started, by their ids
            if _alive(w):
                os.kill(w, signal.SIGKILL)


def test_check_gives_the_same_output_with_the_invariants_checked(capsys):
    """``--check`` checks the state's invariants after every decision; leaving them out (the
    default, for speed) changes no result."""
    code1, out1, _ = run(capsys, "--matches", "3", "--seed", "9", "--json", "--jobs", "1", "--check")
    code2, out2, _ = run(capsys, "--matches", "3", "--seed", "9", "--json", "--jobs", "1")
    assert code1 == code2 == 0 and out1 == out2


def test_jobs_above_four_per_core_are_refused_in_one_line(capsys):
    """Issue 24: 64 jobs were allowed on 2 cores (each worker holding a table of its own)."""
    cores = os.cpu_count() or 1
    too_many = 4 * cores + 1
    for command in ("simulate", "tournament"):
        code = main.main([command, "--matches", "1", "--jobs", str(too_many)])
        out, err = capsys.readouterr()
        assert code == 2 and out == ""
        assert err == (f"error: --jobs must be at most {4 * cores} (4 per core on this machine), "
                       f"not {too_many}\n")
    code, out, _ = run(capsys, "--matches", "2", "--seed", "1", "--json", "--jobs", str(4 * cores))
    assert code == 0 and json.loads(out)["completed"] == 2


def _play_and_say_who(setup, match_seed: int) -> tuple:
    """``simulate._play`` in a worker, which also writes the worker's id down (the pids' file)."""
    with open(os.environ["PAINTCHECK_TEST_PIDS"], "a", encoding="ascii") as f:
        f.write(f"{os.getpid()}\n")
    return _real_play(setup, match_seed)


_real_play = simulate_module._play


@pytest.mark.slow
def test_a_worker_plays_a_bounded_number_of_matches_then_another_takes_over(capsys, monkeypatch, tmp_path):
    """Issue 24: a worker's memory grew with the matches it played (173 -> 716 MB in 10 minutes);
    it plays ``WORKER_MATCHES`` matches at most (here 4), then a fresh one takes its place, and the
    output is the same, byte for byte."""
    code1, out1, _ = run(capsys, "--matches", "40", "--seed", "3", "--json", "--jobs", "1")
    pids = tmp_path / "pids.txt"
    monkeypatch.setenv("PAINTCHECK_TEST_PIDS", str(pids))
    monkeypatch.setattr(simulate_module, "WORKER_MATCHES", 4, raising=False)
    monkeypatch.setattr(simulate_module, "_play", _play_and_say_who)
    code2, out2, _ = run(capsys, "--matches", "40", "--seed", "3", "--json", "--jobs", "2")
    assert code1 == code2 == 0 and out1 == out2
    played = pids.read_text().split()
    assert len(played) == 40
    assert len(set(played)) >= 40 // 5  # 5 matches a task here: a worker takes one task, then goes
