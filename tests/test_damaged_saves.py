"""Damaged saves are refused with one line, never a crash, a hang or a memory blow-up (issue 10):
a corpus of damaged files (tests/data/damaged_saves, made by tests/data/make_damaged_saves.py),
files that are no regular files, and hypothesis mutations of a real save."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paintcheck.review.branches import load_review
from paintcheck.rules.codec import MAX_SAVE_BYTES, CodecError, MatchRecord
from paintcheck.ui.session import MatchSession

CORPUS = sorted((Path(__file__).parent / "data" / "damaged_saves").glob("*.json"))
# the corpus as it stood for paintcheck-match/1 (before the review's branches): old saves still load,
# so old damaged ones must still be refused in one line
CORPUS_V1 = sorted((Path(__file__).parent / "data" / "damaged_saves_v1").glob("*.json"))
# saves whose branches are good data but do not replay: the review refuses them (the match resumes)
BRANCHES = sorted((Path(__file__).parent / "data" / "damaged_branches").glob("*.json"))


def refused(path, load=MatchSession.load) -> str:
    with pytest.raises(CodecError) as err:
        load(path)
    words = str(err.value)
    assert words.startswith(str(path)) and "\n" not in words and len(words) < 400, words
    return words


def loads_or_one_line(path) -> None:
    """The window's loader and the review's (its branches replayed) load ``path`` or refuse it in one
    line naming it."""
    for load in (MatchSession.load, load_review):
        try:
            load(path)
        except CodecError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(str(path))


def test_the_corpus_holds_at_least_60_damaged_saves():
    assert len(CORPUS) >= 60


def test_the_old_corpus_is_kept_for_the_old_format():
    assert len(CORPUS_V1) >= 60
    assert all('"paintcheck-match/2"' not in p.read_text(errors="replace") for p in CORPUS_V1)


@pytest.mark.parametrize("path", CORPUS + CORPUS_V1, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_damaged_save_is_refused_with_one_line(path):
    refused(path)
    refused(path, load_review)


def test_the_corpus_damages_branches_both_ways():
    assert sum(p.stem.startswith("branch") for p in CORPUS) >= 12 and len(BRANCHES) >= 5


@pytest.mark.parametrize("path", BRANCHES, ids=lambda p: p.stem)
def test_a_branch_that_does_not_replay_is_refused_by_the_review_with_one_line(path):
    assert MatchSession.load(path).record.branches  # the match itself resumes
    assert "branch b1" in refused(path, load_review)


def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    assert "not a regular file" in refused(fifo)


def test_a_link_to_an_endless_device_is_refused_unread(tmp_path):
    link = tmp_path / "save.json"
    link.symlink_to("/dev/zero")
    assert "not a regular file" in refused(link)


def test_a_folder_and_a_missing_file(tmp_path):
    assert "folder" in refused(tmp_path)
    assert "no such file" in refused(tmp_path / "gone.json")


def test_a_file_larger_than_a_save_is_refused_unread(tmp_path):
    big = tmp_path / "save.json"
    with big.open("wb") as f:
        f.truncate(MAX_SAVE_BYTES + 1)  # sparse: nothing written, nothing read
    assert "too large" in refused(big)


def test_a_save_with_a_byte_order_mark_loads_as_a_layout_does(tmp_path):
    """Issue 10: one behaviour for both (an editor on Windows adds the mark)."""
    path = tmp_path / "save.json"
    record = MatchRecord(3, json.loads(Path("layouts/box21.json").read_text(encoding="utf-8")), [])
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record.to_dict()).encode("utf-8"))
    assert MatchSession.load(path).record.seed == 3


_GOOD = None


def _good_bytes() -> bytes:
    global _GOOD
    if _GOOD is None:
        from tests.data.make_damaged_saves import base

        _GOOD = json.dumps(base()).encode("utf-8")
    return _GOOD


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_saves_load_or_are_refused_with_one_line(tmp_path_factory, data):
    raw = bytearray(_good_bytes())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        how = data.draw(st.sampled_from(["flip", "cut", "insert", "digit"]))
        if how == "flip":
            raw[at] = data.draw(st.integers(0, 255))
        elif how == "cut":
            del raw[at:at + data.draw(st.integers(1, 40))]
        elif how == "insert":
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=12))
        else:
            raw[at:at] = str(data.draw(st.integers(-10**6, 10**6))).encode()
    path = tmp_path_factory.mktemp("fuzz") / "save.json"
    path.write_bytes(bytes(raw))
    loads_or_one_line(path)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["seed", "rolls", "layout", "start", "decisions", "summary", "format", "branches"]),
       json_values)
def test_any_json_in_any_field_loads_or_is_refused_with_one_line(tmp_path_factory, key, value):
    data = json.loads(_good_bytes())
    data[key] = value
    path = tmp_path_factory.mktemp("fuzz") / "save.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loads_or_one_line(path)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["name", "parent", "at", "dice", "rolls", "decisions"]), json_values)
def test_any_json_in_any_field_of_a_branch_loads_or_is_refused_with_one_line(tmp_path_factory, key, value):
    data = json.loads(_good_bytes())
    assert data["branches"], "the good save has a branch to damage"
    data["branches"][0][key] = value
    path = tmp_path_factory.mktemp("fuzz") / "save.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loads_or_one_line(path)
