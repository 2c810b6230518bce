"""An undo history of immutable states: the state now, the ones before it (undo), the ones undone
(redo), and the one last saved. A designer (``field.design.Design``, Un pour un's table designer)
keeps its states here and says what a state is; the history only keeps them, ``limit`` steps back.
Pure: plain data, standard library only.
"""

from __future__ import annotations

from typing import Generic, TypeVar

State = TypeVar("State")


class History(Generic[State]):
    """States, one step per edit, ``limit`` kept back."""

    def __init__(self, now: State, limit: int) -> None:
        self.now: State = now
        self.saved: State | None = now  # None: never saved (a new file, a copy)
        self.past: list[State] = []
        self.future: list[State] = []
        self.limit = limit

    @property
    def changed(self) -> bool:
        """Edits not yet saved."""
        return self.now != self.saved

    def push(self, state: State) -> None:
        """``state`` is now (one undo step); what was undone is gone."""
        self.past.append(self.now)
        del self.past[:-self.limit]
        self.future.clear()
        self.now = state

    def undo(self) -> bool:
        if not self.past:
            return False
        self.future.append(self.now)
        self.now = self.past.pop()
        return True

    def redo(self) -> bool:
        if not self.future:
            return False
        self.past.append(self.now)
        self.now = self.future.pop()
        return True

    def mark_saved(self) -> None:
        self.saved = self.now
