"""Un pour un band files: read, check, write, and where they lie (RULES-unpourun §2).

A band file is JSON::

    {"format": "unpourun-band/1", "name": "Les Tireurs", "race": "",
     "figures": [{"kind": "chef", "melee": "epee", "ranged": ["fusil"], "equipment": ["visee"]},
                 {"kind": "sous_fifre", "ranged": ["arc"]}, ...]}

``race`` is optional ("" or absent: no race; one of ``tables.RACE_PROFILES`` or ``tables.ALIEN``);
a figure's ``melee`` is optional (the free ``dague``), so are ``ranged``, ``equipment`` (one entry
per item: two médikits are ``["medikit", "medikit"]``) and an alien's ``trade``. Every name is one
of ``tables.py``'s: the schema lists them, so a misspelt weapon is refused by name.

What a file is checked for here is what makes it a band at all: its JSON and its structure
(``SCHEMA``, checked by ``jsonschema``), each problem one line naming the file. Whether the band may
play (one chef, the points limit, hands and shields, races allowed) depends on the match's options
and is the engine's question (``bands.band_problems``): a draft that breaks a rule still loads, so
that the builder can open it and say how to fix it; ``band_problems_in`` says them for ``validate``.

Shipped bands lie in ``layouts/unpourun/bands/`` (``paintcheck.layouts`` in a wheel); the user's own
in the ``bands`` folder of the user's data folder (beside the saves).
"""

from __future__ import annotations

import json
import logging
import os
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from paintcheck.field.atomic import write_atomically, write_text
from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.field.layout_checks import _line, printable_said, unshown
from paintcheck.resources import data as data_folder
from paintcheck.said import Said
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import BandSpec, FigureSpec, Options, band_problems
from paintcheck.unpourun.file_schema import checked, describe, errors, not_this_format

log = logging.getLogger(__name__)

FORMAT = "unpourun-band/1"
MAX_FILE_BYTES = 1 << 18  # a band is a few kilobytes; refuse anything past 256 KiB unread
MAX_NAME = 80  # a band's name: a title on one line
MAX_FIGURES = 60  # [H] 300 points buy at most 30 sous-fifres; room for a larger agreed limit
MAX_ITEMS = 120  # one figure's equipment entries (médikits have no maximum: 3.10)
BANDS_FOLDER = "bands"  # inside layouts/unpourun/ and inside the user's data folder
APP_NAME = "paintcheck-digital"  # the user's data folder is the app's (paintcheck.ui.saves.data_dir)

BAND_KEYS = ("format", "name", "race", "figures")
FIGURE_KEYS = ("kind", "melee", "ranged", "equipment", "trade")

_NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Un pour un band",
    "type": "object",
    "required": ["format", "name", "figures"],
    "additionalProperties": False,
    "properties": {
        "format": {"type": "string"},
        "name": _NAME,
        "race": {"type": "string", "enum": ["", *t.RACE_PROFILES, t.ALIEN]},
        "figures": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_FIGURES,
            "items": {
                "type": "object",
                "required": ["kind"],
                "additionalProperties": False,
                "properties": {
                    "kind": {"type": "string", "enum": list(t.KINDS)},
                    "melee": {"type": "string", "enum": list(t.MELEE)},
                    "ranged": {"type": "array", "maxItems": len(t.RANGED),
                               "items": {"type": "string", "enum": list(t.RANGED)}},
                    "equipment": {"type": "array", "maxItems": MAX_ITEMS,
                                  "items": {"type": "string", "enum": list(t.EQUIPMENT)}},
                    "trade": {"type": "string", "enum": ["", *t.ALIEN_TRADES]},
                },
            },
        },
    },
}

class BandFileError(ValueError):
    """A band file that cannot be used. The message is the first problem; ``problems`` has all."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems[0] if problems else "invalid band")
        self.problems = list(problems)


def file_said(key: str, **values: Any) -> Said:
    """A problem of a band file: ``unpourun_band.file.<key>`` and its values."""
    return Said(f"unpourun_band.file.{key}", **values)


# -- where bands are --


def bands_dir() -> Path:
    """The folder of the bands shipped with the program."""
    return data_folder("layouts") / "unpourun" / BANDS_FOLDER


def shipped_bands() -> list[Path]:
    """Every shipped band file, sorted by name."""
    return sorted(bands_dir().glob("*.json"))


def user_bands_dir() -> Path:
    """The folder of the user's own bands: ``bands`` in the user's data folder (platformdirs)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / BANDS_FOLDER


def user_bands() -> list[Path]:
    """The user's band files, sorted by name (none when the folder is missing or unreadable)."""
    try:
        return sorted(p for p in user_bands_dir().iterdir()
                      if p.suffix.lower() == ".json" and not p.name.startswith(".") and p.is_file())
    except OSError:
        return []


def list_bands() -> list[tuple[Path, BandSpec | BandFileError]]:
    """The shipped bands, then the user's: each file with its band, or the error saying why it does
    not load (never raised)."""
    out: list[tuple[Path, BandSpec | BandFileError]] = []
    for path in (*shipped_bands(), *user_bands()):
        try:
            out.append((path, load_band(path)))
        except BandFileError as exc:
            log.info("band %s not listed as playable: %s", path, exc)
            out.append((path, exc))
    return out


# -- reading and checking --


def is_band_data(data: Any) -> bool:
    """A decoded file says it is a band file (its ``format`` is this one or another version of it)."""
    fmt = data.get("format") if isinstance(data, dict) else None
    return isinstance(fmt, str) and fmt.split("/")[0] == FORMAT.split("/")[0]


def load_band(path: str | os.PathLike[str]) -> BandSpec:
    """Read and check a band file; raise ``BandFileError`` (one line naming the file) if it is bad."""
    source = str(path)
    try:
        data = read_json(Path(path), MAX_FILE_BYTES, file_said("what"), texts=False)
    except JsonFileError as exc:
        raise BandFileError([_line(source, exc.args[0])]) from None
    return band_from_file_data(data, source)


def band_from_file_data(data: Any, source: str = "<band>") -> BandSpec:
    """The band a decoded band file describes; raise ``BandFileError`` if it is not one."""
    problems = file_problems(data, source)
    if problems:
        raise BandFileError(problems)
    return BandSpec(data["name"], tuple(
        FigureSpec(f["kind"], f.get("melee", t.FREE_MELEE), tuple(f.get("ranged", ())),
                   tuple(f.get("equipment", ())), f.get("trade", "")) for f in data["figures"]),
        data.get("race", ""))


def file_problems(data: Any, source: str = "<band>") -> list[str]:
    """Every structural problem of a decoded band file, one line each (``file: problem``)."""
    return [_line(source, printable_said(p)) for p in _problems(data)]


def band_problems_in(band: BandSpec, source: str, options: Options | None = None) -> list[str]:
    """Why ``band`` may not play under ``options`` (by default the default options, with races on
    when the band has one), one line each naming the file."""
    if options is None:
        options = Options(races=bool(band.race))
    return [_line(source, printable_said(p)) for p in band_problems(band, options)]


def _problems(data: Any) -> list[Said]:
    wrong = not_this_format(data, FORMAT, file_said)
    if wrong is not None:
        return [wrong]
    found = [file_said("at", where=_where(path), problem=p) for path, err in errors(_validator(), data)
             for p in describe(err, path, "'band'", FIGURE_KEYS if path else BAND_KEYS, file_said)]
    why = unshown(data.get("name"))
    if why is not None:
        found.append(file_said("at", where=file_said("band"),
                               problem=file_said("unshown", name="'name'", why=why)))
    return found


@cache
def _validator() -> jsonschema.protocols.Validator:
    return checked(SCHEMA)


def _where(path: list[Any]) -> Said:
    if len(path) >= 2 and path[0] == "figures" and isinstance(path[1], int):
        return file_said("figure", index=path[1] + 1)
    return file_said("band")


# -- writing --


def band_to_file_data(band: BandSpec) -> dict[str, Any]:
    """The JSON object of a band file: defaults left out (no race, the free dague, nothing carried);
    ``band_from_file_data`` reads it back to an equal band."""
    figures = []
    for spec in band.figures:
        entry: dict[str, Any] = {"kind": spec.kind}
        if spec.melee != t.FREE_MELEE:
            entry["melee"] = spec.melee
        if spec.ranged:
            entry["ranged"] = list(spec.ranged)
        if spec.equipment:
            entry["equipment"] = list(spec.equipment)
        if spec.trade:
            entry["trade"] = spec.trade
        figures.append(entry)
    out: dict[str, Any] = {"format": FORMAT, "name": band.name}
    if band.race:
        out["race"] = band.race
    out["figures"] = figures
    return out


def dumps_band(band: BandSpec) -> str:
    """The text of a band file: one figure per line, ending with a newline."""
    data = band_to_file_data(band)
    lines = ["{"]
    for key in ("format", "name", "race"):
        if key in data:
            lines.append(f"  {json.dumps(key)}: {json.dumps(data[key], ensure_ascii=False)},")
    items = [json.dumps(item, ensure_ascii=False) for item in data["figures"]]
    lines.append('  "figures": [')
    lines.extend(f"    {item}," for item in items[:-1])
    if items:
        lines.append(f"    {items[-1]}")
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_band(band: BandSpec, path: str | os.PathLike[str]) -> None:
    """Write ``band`` to ``path`` atomically (temporary file, fsync, rename), its folder made if
    missing; a band that would not load back (no figure, an unknown name, an empty name) is refused
    (``BandFileError``) before anything is written. A band that breaks a rule of §2 is saved: a draft."""
    target = Path(path)
    text = dumps_band(band)
    problems = file_problems(json.loads(text), str(target))
    if problems:
        raise BandFileError(problems)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, lambda fd, _tmp: write_text(fd, text))
