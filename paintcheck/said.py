"""Words said to a player, kept as data: what the engine refuses, why a match ended, a modifier's name.

A ``Said`` is a catalogue key and the values it is said with, nothing more. Its English is the
catalogue's English (``assets/i18n/<namespace>.en.json``), filled here from the values: that is the
string logs, files and commands print, and what ``==`` compares (a ``Said`` is a ``str``), so the
words are written once, in the catalogue, and no sentence of the program is typed beside its key.
The window words the same key and values in its own language (``paintcheck.ui.i18n.say``). A value
may itself be a ``Said`` (a piece's name inside a refusal); in English every value is written as
``str`` writes it (numbers as Python prints them: the command line's form).

Only the standard library and ``paintcheck.resources`` (where the catalogue lies) are imported:
every layer may say something.
"""

from __future__ import annotations

import json
import re
from functools import cache

from paintcheck.resources import data

ENGLISH = "en"
NAMESPACE = "paintcheck"  # the first file: its keys are written without their namespace
PLACEHOLDER = re.compile(r"%\{(\w+)\}")


class Said(str):
    """The catalogue's ``key`` said with ``values``; as a ``str``, its English."""

    key: str
    values: dict[str, object]

    def __new__(cls, key: str, /, **values: object) -> Said:
        out = super().__new__(cls, english(key, values))
        out.key = key
        out.values = values
        return out

    def __reduce__(self) -> tuple[object, tuple[str, dict[str, object]]]:
        # pickled whole (simulate's workers send events back)
        return _rebuild, (self.key, self.values)

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {str(self)!r})"


def _rebuild(key: str, values: dict[str, object]) -> Said:
    return Said(key, **values)


class Percent(int):
    """A whole percentage said as a value (``Said(..., chance=Percent(35))``): ``35%`` in English, as
    every command prints it; the window writes it for its language (``35 %`` in French,
    ``ui.i18n.tr``). The catalogue's entries hold no ``%`` of their own (python-i18n's delimiter)."""

    def __str__(self) -> str:
        return f"{int(self)}%"


class UnsaidError(KeyError):
    """A key the English catalogue does not hold, or a placeholder said without its value."""


def english(key: str, values: dict[str, object]) -> str:
    """The English entry ``key``, its ``%{name}`` placeholders filled with ``str(value)``; a counted
    entry (``<key>_one`` / ``<key>_other``) in the form of ``values["count"]``."""
    pieces = _pieces(_entry(key, values))
    out = []
    for i, piece in enumerate(pieces):
        if i % 2 == 0:
            out.append(piece)
        else:
            try:
                out.append(str(values[piece]))
            except KeyError:
                raise UnsaidError(f"{key!r} needs a value for %{{{piece}}}") from None
    return "".join(out)


def _entry(key: str, values: dict[str, object]) -> str:
    found = catalogue()
    if key in found:
        return found[key]
    if f"{key}_other" not in found:
        raise UnsaidError(f"{key!r} is not in the English catalogue")
    if "count" not in values:
        raise UnsaidError(f"{key!r} is counted: it needs a value for %{{count}}")
    return found[f"{key}_one"] if values["count"] == 1 else found[f"{key}_other"]  # English: 1 is one


@cache
def _pieces(template: str) -> tuple[str, ...]:
    """``"a %{x} b"`` as ``("a ", "x", " b")``: text, name, text, …"""
    return tuple(PLACEHOLDER.split(template))


@cache
def catalogue() -> dict[str, str]:
    """Every English entry, flat: ``{"title.new_match": …, "rules.refusal.two_tokens": …}`` (the first
    file's keys without their namespace), as ``paintcheck.ui.i18n.catalogue("en")`` reads it."""
    flat: dict[str, str] = {}

    def walk(node: dict[str, object], prefix: str) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{key}.")
            else:
                flat[prefix + key] = str(value)

    for path in sorted((data("assets") / "i18n").glob(f"*.{ENGLISH}.json")):
        namespace = path.name.split(".")[0]
        prefix = "" if namespace == NAMESPACE else f"{namespace}."
        walk(json.loads(path.read_text(encoding="utf-8"))[ENGLISH], prefix)
    return flat
