"""The undo history both designers keep their states in (``field.history``)."""

from __future__ import annotations

from paintcheck.field.history import History


def test_undo_redo_saved_and_the_limit():
    h = History("a", limit=2)
    assert not h.changed
    for state in "bcd":
        h.push(state)
    assert h.past == ["b", "c"] and h.now == "d" and h.changed  # only two steps back are kept
    assert h.undo() and h.undo() and not h.undo() and h.now == "b"
    assert h.redo() and h.now == "c"
    h.push("e")  # an edit after an undo: what was undone is gone
    assert not h.redo() and h.future == []
    h.mark_saved()
    assert not h.changed
    h.undo()
    assert h.changed
