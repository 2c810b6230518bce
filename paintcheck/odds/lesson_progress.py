"""Which lessons of the practice range were answered right, kept as JSON in the user's data folder
(written atomically; a damaged file starts again empty, said so)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paintcheck.field.atomic import write_atomically, write_text
from paintcheck.field.json_file import read_json
from paintcheck.said import Said

PROGRESS_FORMAT = "paintcheck-lesson-progress/1"
MAX_PROGRESS_BYTES = 1024 * 1024
APP_NAME = "paintcheck-digital"  # the user's folders, as ui.saves and geometry.sight name them


def data_dir() -> Path:
    """The user's data folder for Paintcheck (as ``ui.saves.data_dir``)."""
    import platformdirs  # the user's folders only; the odds themselves are stdlib

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def progress_path() -> Path:
    return data_dir() / "lessons.json"


@dataclass
class Progress:
    """Which lessons were answered right (at least once), and how many answers each took."""

    right: set[str] = field(default_factory=set)
    tries: dict[str, int] = field(default_factory=dict)
    problem: str | None = None  # why the saved progress could not be read (it starts again empty)

    def record(self, lesson_id: str, right: bool) -> None:
        self.tries[lesson_id] = self.tries.get(lesson_id, 0) + 1
        if right:
            self.right.add(lesson_id)

    def done(self, lesson_id: str) -> bool:
        return lesson_id in self.right

    def as_json(self) -> dict[str, Any]:
        return {"format": PROGRESS_FORMAT, "right": sorted(self.right),
                "tries": dict(sorted(self.tries.items()))}

    @classmethod
    def from_json(cls, data: Any) -> Progress:
        """The progress from its JSON object; ``ValueError`` (a ``Said``: range.progress.*) if it is none."""
        if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
            raise ValueError(Said("range.progress.format",
                                  format=PROGRESS_FORMAT))
        right, tries = data.get("right", []), data.get("tries", {})
        if not isinstance(right, list) or not all(isinstance(x, str) for x in right):
            raise ValueError(Said("range.progress.right"))
        if not isinstance(tries, dict) or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                                                  for v in tries.values()):
            raise ValueError(Said("range.progress.tries"))
        return cls(set(right), dict(tries))

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None) -> Progress:
        """The saved progress; empty when there is none, and empty with ``problem`` set when the file
        is damaged (the lessons go on; the next save replaces it)."""
        path = Path(path) if path is not None else progress_path()
        if not path.exists():
            return cls()
        try:
            return cls.from_json(read_json(path, MAX_PROGRESS_BYTES, "lesson progress"))
        except ValueError as exc:  # JsonFileError included: its reason is a Said too
            reason = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
            return cls(problem=Said("range.progress.problem", file=path.name,
                                    reason=reason))

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the progress atomically (a temporary file renamed over the old one)."""
        path = Path(path) if path is not None else progress_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.as_json(), indent=1) + "\n"
        write_atomically(path, lambda fd, _tmp: write_text(fd, text))
        return path
