"""``field.json_file``: how deep a file may nest is the reader's own limit, whatever the stack."""

from __future__ import annotations

import sys

import pytest

from paintcheck.field.json_file import MAX_NESTING, JsonFileError, nesting, read_json


def test_nesting_counts_lists_and_objects_but_not_brackets_in_strings():
    assert nesting('{"a": [1, [2]], "b": "[[[[", "c": "\\"]{"}') == 3
    assert nesting("1") == 0 and nesting("[]") == 1


@pytest.mark.parametrize("limit", [1000, 20_000])
def test_a_file_nested_past_the_limit_is_refused_whatever_the_recursion_limit(tmp_path, limit):
    """The slow run's fuzzer wrote a settings file 5,000 lists deep: refused at the default
    recursion limit, read once a test library had raised it (hypothesis does), then written back
    indented into a 25 MB file the next start refused. Now the reader's limit is its own."""
    deep, fine = tmp_path / "deep.json", tmp_path / "fine.json"
    deep.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    fine.write_text("[" * MAX_NESTING + "]" * MAX_NESTING, encoding="utf-8")
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        with pytest.raises(JsonFileError, match="nested too deeply"):
            read_json(deep, 1 << 20, "settings file")
        assert read_json(fine, 1 << 20, "settings file") is not None
    finally:
        sys.setrecursionlimit(before)
