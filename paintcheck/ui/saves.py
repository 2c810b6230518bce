"""The saves folder: every match kept in a file of its own, listed newest first; and the fields a
new match may be played on (the shipped layouts and the user's own). No pygame here.

A match is saved after every decision to the file it was given when it began
(``<field>_<date>_<time>.json``); *New match* never touches another match's file. The list reads each
file's ``summary`` (field, turn, players on the field) without replaying it, through the seam: the
file's ``format`` names its game among those the program plays (``paintcheck.game.GAMES``), which
reads its setup's name (``GameKind.setup_name``); a damaged file is listed
with its problem, so that it can be deleted. A save found damaged only by its replay (a decision the
engine refuses, recorded rolls that do not replay exactly) is found when it is opened: from then on
(``refused``) the list shows it damaged too, while the file stays as it was. Saves are written to a
temporary file and renamed (``seam.files``): a temporary file left by an interrupted save holds the
secrets of a match and is removed when the program starts.

The fields to choose from are the shipped layouts (``layouts/``) and the user's own, kept in the
``layouts`` folder beside ``saves``; each is read and checked as ``validate`` checks it, and a layout
that does not load is listed with its one-line problem.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from paintcheck.field.atomic import remove_stale
from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.field.layout import LayoutError
from paintcheck.field.layout_file import (
    MAX_FILE_BYTES,
    default_layout_path,
    layout_from_dict,
    shipped_layouts,
)
from paintcheck.game import GAMES
from paintcheck.printable import first_unshown, printable
from paintcheck.rules.codec import in_file, not_a_match
from paintcheck.said import Said
from paintcheck.seam.files import MAX_RECORD_BYTES, kind_of
from paintcheck.seam.game import DRAW, GameKind

APP_NAME = "paintcheck-digital"
OLD_SLOT = "match.json"  # the single save of earlier versions, moved into the folder at start


def data_dir() -> Path:
    """The user's data folder for Paintcheck."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def new_save_path(field_name: str, now: datetime | None = None) -> Path:
    """A file of its own for a new match on ``field_name``."""
    slug = re.sub(r"[^a-z0-9]+", "-", field_name.lower()).strip("-")[:40] or "field"
    stamp = (now or datetime.now()).strftime("%Y-%m-%d_%H-%M-%S")
    folder = saves_dir()
    path, n = folder / f"{slug}_{stamp}.json", 2
    while taken(path):
        path, n = folder / f"{slug}_{stamp}_{n}.json", n + 1
    return path


def taken(path: Path) -> bool:
    """A file (or a link, even a broken one) is at ``path``. A folder that cannot be searched (no
    permission) hides its files: then nothing is taken, and writing there says why it cannot."""
    return os.path.lexists(path)


@dataclass(frozen=True)
class SavedMatch:
    """One file of the saves folder as the list shows it."""

    path: Path
    modified: float  # seconds since the epoch
    field: str = ""  # the setup's name (Paintcheck: the field's)
    turn: int | None = None
    players: tuple[tuple[str, int], ...] = ()  # (seat, players on the field)
    winner: str | None = None
    layout: Any = None  # the setup's data (Paintcheck: the layout's; its thumbnail is drawn from it)
    problem: str | None = None  # why it cannot be resumed
    coaches: tuple[tuple[str, str], ...] = ()  # (seat, computer coach): a seat not named is a person's
    game: str | None = None  # the format of the game it is a save of (None: no game's: unreadable)

    @property
    def when(self) -> str:
        return datetime.fromtimestamp(self.modified).strftime("%d %b %Y, %H:%M")


# saves whose replay failed when they were opened, by file and its state then: (path, stamp) -> problem
_REFUSED: dict[tuple[str, tuple | None], str] = {}


def refused(path: Path, problem: str) -> None:
    """Remember that opening ``path`` found it damaged (``problem``, a ``Said``, without the file's
    name): the list shows it so, and *Continue* passes it by, until the file changes."""
    _REFUSED[(str(path), _stamp(path))] = problem


def read_saved(path: Path, kinds: tuple[GameKind, ...] = GAMES) -> SavedMatch:
    """The list's entry for ``path``, a save of one of ``kinds`` (the games the program plays), never
    an exception: a damaged file carries its problem."""
    entry = _read_saved(path, kinds)
    if entry.problem is None and _REFUSED:
        problem = _REFUSED.get((str(path), _stamp(path)))
        if problem is not None:
            return replace(entry, problem=problem)
    return entry


def _read_saved(path: Path, kinds: tuple[GameKind, ...]) -> SavedMatch:
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        data = read_json(path, MAX_RECORD_BYTES, "saved match")
    except JsonFileError as exc:
        return SavedMatch(path, modified, problem=exc.args[0])  # a Said: the window words it
    kind = kind_of(data, kinds)
    if kind is None:
        return SavedMatch(path, modified, problem=not_a_match())
    name, setup, problem = kind.setup_name(data)
    seats = kind.seats
    summary = data.get("summary") if isinstance(data.get("summary"), dict) else {}
    turn = summary.get("turn")
    players = summary.get("players") if isinstance(summary.get("players"), dict) else {}
    winner = summary.get("winner")
    coaches = data.get("coaches") if isinstance(data.get("coaches"), dict) else {}
    return SavedMatch(
        path, modified,
        field=name if name is not None else "unknown field",
        turn=turn if isinstance(turn, int) and not isinstance(turn, bool) else None,
        players=tuple((t, n) for t, n in sorted(players.items())
                      if t in seats and isinstance(n, int) and not isinstance(n, bool)),
        winner=winner if winner in (*seats, DRAW) else None,
        layout=setup,
        problem=problem,
        coaches=tuple((t, k) for t, k in sorted(coaches.items()) if t in seats and isinstance(k, str)),
        game=kind.format,
    )


def list_saves(kinds: tuple[GameKind, ...] = GAMES) -> list[SavedMatch]:
    """Every saved match (of ``kinds``), the most recently saved first."""
    folder = saves_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
    except OSError:
        return []
    return sorted((read_saved(p, kinds) for p in paths), key=lambda s: (-s.modified, s.path.name))


def latest() -> SavedMatch | None:
    """The match to continue: the most recently saved that can be read."""
    return next((s for s in list_saves() if s.problem is None), None)


def delete_save(path: Path) -> None:
    path.unlink(missing_ok=True)


def exports_dir() -> Path:
    """The folder of the designer's *Export PNG* pictures."""
    return data_dir() / "exports"


def tidy(now: float | None = None) -> list[Path]:
    """At start: remove the temporary files interrupted writes left (``atomic.remove_stale``): the
    saves' (they hold a match's secrets), the settings', the designer's layouts' and its exported
    pictures'; and move the single save of earlier versions into the saves folder. Returns what was
    removed."""
    removed = []
    for folder, suffix in ((data_dir(), ".tmp"), (saves_dir(), ".tmp"), (user_layouts_dir(), ".tmp"),
                           (exports_dir(), ".png")):
        removed += remove_stale(folder, suffix=suffix, now=now)
    old = data_dir() / OLD_SLOT
    try:
        if old.is_file():
            stamp = datetime.fromtimestamp(old.stat().st_mtime)
            target = new_save_path(read_saved(old).field or "field", stamp)
            target.parent.mkdir(parents=True, exist_ok=True)
            old.replace(target)
    except OSError:
        pass
    return removed


# -- the fields a new match may be played on ------------------------------------------------------------
SHIPPED, YOURS, GIVEN = "shipped", "yours", "given"  # where a field comes from


def user_layouts_dir() -> Path:
    """The folder of the user's own layouts (any ``*.json`` layout file put there is offered)."""
    return data_dir() / "layouts"


@dataclass(frozen=True)
class FieldChoice:
    """One layout file as the field chooser shows it."""

    path: Path
    origin: str  # SHIPPED, YOURS or GIVEN (the --layout file, from neither folder)
    name: str  # the layout's name, or the file's when it does not load
    columns: int = 0
    rows_per_half: int = 0
    flag: str = ""
    layout: dict | None = None  # the file's data once it loads (the thumbnail is drawn from it)
    problem: str | None = None  # why it cannot be played: validate's first line
    preselected: bool = False  # the field of --layout, or the default field
    name_fr: str | None = None  # the layout's French name, when it gives one

    def shown_name(self, locale: str) -> str:
        """The name the chooser shows in ``locale`` (the French name in French, when there is one)."""
        return self.name_fr if locale == "fr" and self.name_fr else self.name

    def names(self) -> set[str]:
        """Every name it goes by, in every language."""
        return {self.name} | ({self.name_fr} if self.name_fr else set())

    @property
    def key(self) -> str:
        """A name for the field's button, unique in the list."""
        return f"{self.origin}-{self.path.name}"

    @property
    def file(self) -> str:
        """The file's name as it can be shown."""
        return printable(self.path.name)

    @property
    def size(self) -> str:
        return f"{self.columns} columns × {self.rows_per_half} rows a half"


def read_field(path: Path, origin: str) -> FieldChoice:
    """The chooser's entry for the layout file ``path``, never an exception."""
    source = printable(path.name)
    try:
        data = read_json(path, MAX_FILE_BYTES, "layout file", texts=False)
    except JsonFileError as exc:
        return FieldChoice(path, origin, printable(path.stem), problem=in_file(source, exc.args[0]))
    try:
        layout = layout_from_dict(data, source)
    except (LayoutError, ValueError) as exc:  # validate's first line
        name = data.get("name") if isinstance(data, dict) else None
        shown = name if isinstance(name, str) and name.strip() and first_unshown(name) is None else path.stem
        said = exc.args[0] if exc.args and isinstance(exc.args[0], Said) else None
        problem = said if said is not None and printable(said) == said else printable(str(exc))
        return FieldChoice(path, origin, printable(shown)[:60], problem=problem)
    return FieldChoice(path, origin, printable(layout.name), layout.lattice.columns,
                       layout.lattice.rows_per_half, layout.flag, data,
                       name_fr=printable(layout.name_fr) if layout.name_fr else None)


def _stamp(path: Path) -> tuple | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def list_fields(preferred=None, cache: dict | None = None) -> list[FieldChoice]:
    """The fields to choose from: the preferred one first (``preferred``, the --layout file; the
    default field without it), then the shipped layouts by file name, then the user's own by name.
    ``cache`` (a dict the caller keeps) spares reading again a file that has not changed."""
    cache = {} if cache is None else cache
    used = set()

    def entry(path: Path, origin: str) -> FieldChoice:
        key = (str(path), origin, _stamp(path))
        if key not in cache:
            cache[key] = read_field(path, origin)
        used.add(key)
        return cache[key]

    shipped = [entry(p, SHIPPED) for p in shipped_layouts()]
    try:
        folder = user_layouts_dir()
        own = [p for p in folder.iterdir()
               if p.suffix.lower() == ".json" and not p.name.startswith(".") and not p.is_dir()]
    except OSError:
        own = []
    mine = sorted((entry(p, YOURS) for p in own), key=lambda f: (_natural(f.name), _natural(f.path.name)))
    fields = shipped + mine
    preferred = Path(preferred) if preferred else None
    wanted = _same_file_key(preferred or default_layout_path())
    first = next((f for f in fields if _same_file_key(f.path) == wanted), None)
    if first is None and preferred is not None:
        first = entry(Path(preferred), GIVEN)
    for key in cache.keys() - used:  # files gone or changed
        del cache[key]
    if first is None:
        return fields
    return [replace(first, preselected=True)] + [f for f in fields if f is not first]


def _natural(words: str) -> tuple:
    """A sort key that puts "field 2" before "field 10"."""
    return tuple(int(part) if i % 2 else part for i, part in enumerate(re.split(r"(\d+)", words.casefold())))


def _same_file_key(path: Path) -> str:
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):
        return str(path.absolute())
