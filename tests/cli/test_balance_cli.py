"""``python main.py balance``: the same bytes for the same seed, whatever ``--jobs`` (and on a Dask
LocalCluster, ``--scheduler local``); the report's keys; the PNG of the hits; one-line errors with
exit code 2."""

from __future__ import annotations

import json
import os
import sys

import pytest

import main
from paintcheck.ai.self_play import balance
from paintcheck.field.layout_file import default_layout_path, load_layout
from tests.cli.test_scale import _same_bytes_on_a_local_cluster


def run(capsys, *args):
    code = main.main(["balance", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_same_seed_gives_the_same_bytes_whatever_the_jobs(capsys):
    args = ("--coach", "random", "--matches", "6", "--seed", "4", "--json")
    code1, out1, _ = run(capsys, *args, "--jobs", "1")
    code2, out2, _ = run(capsys, *args, "--jobs", "1")
    code3, out3, _ = run(capsys, *args, "--jobs", "2")
    assert code1 == code2 == code3 == 0
    assert out1 == out2 == out3
    r = json.loads(out1)
    assert r["matches"] == r["completed"] == 6 and r["errors"] == 0 and r["coach"] == "random"
    assert r["sides"]["blue"]["wins"] + r["sides"]["white"]["wins"] + r["draws"] == 6
    assert r["coaches"]["first"]["wins"] + r["coaches"]["second"]["wins"] == 6 - r["draws"]
    assert set(r["hits"]) == {"blue", "white"} and all(":" in p or p[1:].isdigit() for p in r["hits"]["blue"])
    assert sum(r["ends"].values()) == 6
    low, high = r["sides"]["blue"]["interval"]
    assert 0 <= low <= r["sides"]["blue"]["rate"] <= high <= 1
    other = json.loads(run(capsys, *args[:-2], "5", "--json", "--jobs", "1")[1])
    assert other != r  # another seed, other matches
    # the runner's matches are the window's (ai.self_play's own pool), added up the same way
    layout = load_layout(default_layout_path())
    window = balance(layout, "random", 6, 4, jobs=2).to_dict(layout.build().lattice.format)
    assert r == json.loads(json.dumps(window))


def test_the_text_report_and_the_png(capsys, tmp_path):
    out_png = tmp_path / "hits.png"
    code, out, _ = run(capsys, "--coach", "random", "--matches", "2", "--seed", "1", "--jobs", "1",
                       "--png", str(out_png), "--width", "600")
    assert code == 0
    assert "Blue" in out and "White" in out and "pieces taken at the break" in out
    assert f"wrote {out_png}" in out
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["hits.png"]  # no temporary file left


@pytest.mark.parametrize(("args", "words"), [
    (("--matches", "0"), "--matches must be at least 1"),
    (("--matches", "lots"), "--matches must be a whole number"),
    (("--coach", "genius"), "--coach is one of"),
    (("--seed", "x"), "--seed must be a whole number"),
    (("--jobs", "0"), "--jobs must be at least 1"),
    (("--layout", "/nonexistent/field.json"), "/nonexistent/field.json"),
    (("--width", "5"), "--width"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, args, words):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and words in err and err.count("\n") == 1


def test_png_into_a_folder_is_refused(capsys, tmp_path):
    code, _, err = run(capsys, "--png", str(tmp_path), "--matches", "1")
    assert code == 2 and "needs a file name" in err and err.count("\n") == 1


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/environ"), reason="finds stray processes in /proc")
def test_balance_on_a_local_cluster_gives_the_same_bytes_as_jobs(tmp_path):
    pytest.importorskip("distributed")
    _same_bytes_on_a_local_cluster(tmp_path, "balance", "--coach", "random", "--matches", "8", "--seed", "2",
                                   "--json")


def test_without_dask_the_scheduler_says_how_to_install_it(capsys, monkeypatch):
    for name in ("dask", "distributed"):
        monkeypatch.setitem(sys.modules, name, None)  # `import dask` raises ImportError
    code, out, err = run(capsys, "--matches", "2", "--jobs", "2", "--scheduler", "local")
    assert code == 2 and out == ""
    assert err == ("error: --scheduler needs Dask, which is not installed here: "
                   "pip install paintcheck-digital[cluster]\n")
