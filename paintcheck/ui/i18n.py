"""The window's words in English and French: one catalogue, read by pygame_gui and by drawn text.

The catalogue is ``assets/i18n/<namespace>.<locale>.json`` in python-i18n's JSON form, the files
pygame_gui's own localisation reads (``UIManager(translation_directory_paths=[CATALOGUE_DIR])``,
``manager.set_locale``). The window's first file is the namespace ``paintcheck``:
``{"fr": {"title": {"new_match": "…"}}}`` there is the key ``paintcheck.title.new_match``, and
``tr("title.new_match", **values)`` gives the same string for text the scenes draw themselves, its
``%{name}`` placeholders filled. A screen with many words has a file of its own, named after it
(``match.fr.json``): its keys keep the namespace (``tr("match.orders.title")``), as pygame_gui
knows them. Numbers and chances are written by
Babel for the locale (``14,5``; ``35 %`` with a narrow no-break space in French).

A sentence that changes with a number is a *counted* entry: two leaves ``<key>_one`` and
``<key>_other`` (``"dice_one": "%{count} die"``, ``"dice_other": "%{count} dice"``), and
``tr("<key>", count=n)`` takes the form Babel's plural rules give ``n`` in the locale (CLDR: English
says *1 die*, *0 dice*; French *0 dé*, *1 dé*, *2 dés*); a form the catalogue does not write (French
*many*, for a million) is ``_other``. Not python-i18n's plural dictionaries: their rule is English's
(0 is *zero*, 1 *one*), and pygame_gui would take such a node for one entry.

The current locale is the window's one setting (``set_locale``); nothing here imports pygame.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from datetime import datetime
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_datetime
from babel.numbers import format_decimal

from paintcheck.resources import data
from paintcheck.said import Percent

CATALOGUE_DIR = data("assets") / "i18n"
NAMESPACE = "paintcheck"  # the window's first file: its keys are written without the namespace
LOCALES = ("en", "fr")
DEFAULT = "en"
NNBSP = "\u202f"  # the narrow no-break space of French typography (before ; ! ? : and %)
PLACEHOLDER = re.compile(r"%\{(\w+)\}")

_current = DEFAULT


class CatalogueError(KeyError):
    """A key missing from the catalogue, or a placeholder left without its value."""


def current() -> str:
    """The locale the window speaks now."""
    return _current


def set_locale(locale: str) -> None:
    global _current
    if locale not in LOCALES:
        raise ValueError(f"unknown language {locale!r} (one of {', '.join(LOCALES)})")
    _current = locale


def catalogue_path(locale: str, namespace: str = NAMESPACE) -> Path:
    return CATALOGUE_DIR / f"{namespace}.{locale}.json"


@cache
def namespaces() -> tuple[str, ...]:
    """The catalogue's files by namespace, ``paintcheck`` first (``match`` for ``match.en.json``)."""
    found = {path.name.split(".")[0] for path in CATALOGUE_DIR.glob("*.json")}
    return (NAMESPACE, *sorted(found - {NAMESPACE}))


@cache
def catalogue(locale: str) -> dict[str, str]:
    """Every entry of ``locale``'s files, flat: ``{"title.new_match": "New match…",
    "match.orders.title": "…", …}`` (the first file's keys without their namespace)."""
    flat: dict[str, str] = {}

    def walk(node: dict[str, Any], prefix: str) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{key}.")
            else:
                flat[prefix + key] = value

    for namespace in namespaces():
        data = json.loads(catalogue_path(locale, namespace).read_text(encoding="utf-8"))
        walk(data[locale], "" if namespace == NAMESPACE else f"{namespace}.")
    return flat


def tr(key: str, locale: str | None = None, **values: Any) -> str:
    """The entry ``key`` (without the namespace) in ``locale`` (by default the current one), its
    ``%{name}`` placeholders filled from ``values`` (numbers written for the locale); a counted
    entry in the form of ``values["count"]``."""
    locale = locale or _current
    template = entry(key, locale, values)

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise CatalogueError(f"{key!r} needs a value for %{{{name}}}")
        value = values[name]
        if isinstance(value, Percent):
            return percent_number(value, locale)
        if isinstance(value, float):
            return number(value, locale=locale)
        return str(value)

    return PLACEHOLDER.sub(fill, template)


def entry(key: str, locale: str, values: dict[str, Any] | None = None) -> str:
    """The template of ``key`` in ``locale``; for a counted entry, its form for ``values["count"]``
    (``count_form``)."""
    found = catalogue(locale)
    if key in found:
        return found[key]
    if f"{key}_other" not in found:
        raise CatalogueError(f"{key!r} is not in the {locale} catalogue")
    if values is None or "count" not in values:
        raise CatalogueError(f"{key!r} is counted: it needs a value for %{{count}}")
    return found.get(f"{key}_{count_form(values['count'], locale)}", found[f"{key}_other"])


def count_form(count: float, locale: str | None = None) -> str:
    """The plural form (CLDR's category: ``one``, ``other``, ``many``…) of ``count`` in ``locale``:
    ``count_form(0, "en") == "other"``, ``count_form(0, "fr") == "one"``."""
    return str(_plural_rule(locale or _current)(abs(count)))


@cache
def _plural_rule(locale: str) -> Callable[[float], str]:
    return Locale.parse(locale).plural_form


def counted_keys(locale: str = DEFAULT) -> set[str]:
    """The counted entries' keys (without their ``_one`` / ``_other``)."""
    return {key.removesuffix("_other") for key in catalogue(locale) if key.endswith("_other")}


def say(words: object, locale: str | None = None) -> str:
    """What the program said (``paintcheck.said.Said``: a refusal, an end reason, a modifier's
    name) in the window's language, worded from its key and values (a value that is itself a
    ``Said`` worded too); plain text as it is (data: a number, a coordinate, a name given by a user)."""
    key = getattr(words, "key", None)
    if key is None:
        return words if isinstance(words, str) else str(words)
    said: dict[str, object] = getattr(words, "values", {})
    values = {name: say(value, locale) if isinstance(value, str) else value for name, value in said.items()}
    return tr(key, locale, **values)


def error_words(exc: Exception) -> str:
    """Why something could not be done (a file read or written, a field studied), in the window's
    language: the program's own words when the error carries them (a ``Said``, as a layout's
    problem does), else as the system says it (``OSError``)."""
    if exc.args and getattr(exc.args[0], "key", None) is not None:
        return say(exc.args[0])
    return str(exc)


def gui_key(key: str) -> str:
    """The key as pygame_gui's localisation knows it (with the namespace)."""
    return key if key.split(".", 1)[0] in namespaces()[1:] else f"{NAMESPACE}.{key}"


def placeholders(template: str) -> set[str]:
    return set(PLACEHOLDER.findall(template))


def team(team_id: str, locale: str | None = None) -> str:
    """A team's name: Blue / White, Bleu / Blanc."""
    return tr(f"team.{team_id}", locale)


# -- numbers ----------------------------------------------------------------------------------------
def number(value: float, decimals: int | None = None, locale: str | None = None) -> str:
    """``value`` written for the locale (``14.5`` / ``14,5``); ``decimals`` fixes the digits."""
    return _number(value, decimals, locale or _current)


@lru_cache(maxsize=4096)  # Babel takes tens of microseconds; panels write the same numbers every frame
def _number(value: float, decimals: int | None, locale: str) -> str:
    fmt = None if decimals is None else ("#,##0" + ("." + "0" * decimals if decimals else ""))
    return _french_spaces(format_decimal(value, format=fmt, locale=locale), locale)


def percent_number(value: float, locale: str | None = None) -> str:
    """A percentage already computed (``35`` → ``35%`` / ``35 %``), whole."""
    locale = locale or _current
    return _number(round(value), 0, locale) + (f"{NNBSP}%" if locale == "fr" else "%")


def percent(p: float, locale: str | None = None) -> str:
    """A chance as a player reads it: whole percents, ``<1%`` and ``>99%`` at the ends (never a 0%
    or a 100% that is not one); in French ``35 %``, ``<1 %``."""
    locale = locale or _current
    value = float(p) * 100
    sign = f"{NNBSP}%" if locale == "fr" else "%"
    if 0 < value < 0.5:
        return f"<1{sign}"
    if 99.5 <= value < 100:
        return f">99{sign}"
    return percent_number(value, locale)


def date_time(timestamp: float, locale: str | None = None) -> str:
    """When a file was saved, in local time: ``23 Nov 2026, 21:31`` / ``23 nov. 2026, 21:31``."""
    locale = locale or _current
    when = datetime.fromtimestamp(timestamp)
    return _french_spaces(format_datetime(when, "dd MMM y, HH:mm", locale=locale), locale)


def _french_spaces(text: str, locale: str) -> str:
    return text.replace("\xa0", NNBSP) if locale == "fr" else text


# -- the language to start in ------------------------------------------------------------------------
def system_locale(environ: Mapping[str, str] | None = None) -> str:
    """French when the system speaks French (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), else English."""
    found: Mapping[str, str] = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = found.get(name, "")
        if value:
            return "fr" if value.split(":")[0].lower().startswith("fr") else DEFAULT
    return DEFAULT
